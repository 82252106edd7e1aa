"""One judge for every claim about a cell: is it safe, is it a mine, and why.

The class's answer on a question beat, a reviewed click and a student's
AI's claim are one question put to one moment: what the player sees (the
open numbers and the mine counter; flags are not trusted) and a claim about
one hidden cell. The judge answers with data, never words:

right      the cell is that way in every arrangement of the mines that keeps
           every open number and the mine total;
wrong      it is the other way in every one;
uncertain  some arrangements each way.

With the verdict come the cell's exact chance of a mine, the proof (the
steps that decide the cell, by the weakest reasoning that does: CS50's rules
first, then counting the numbers' arrangements, then the mine total too),
and, where the claim can fail, a counter-arrangement: every hidden cell
decided, every number and the total kept, the claim false. A decided cell's
verdict also carries its reason (sweeper/reasons.py): the fewest numbers
that settle it, graded by the weakest rule, worked out once when first read.

``survey`` sees a moment whole: the certain cells, every cell's chance, the
lowest chance and the AI's own choice. The window, the review and the
checker turn these into words and pictures; none of them counts.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Optional

from . import reasons
from .board import Cell, cell_name, check_cell, neighbours
from .engine import Contradiction, Pair, Rule, Solution, solve
from .knowledge import KnowledgeBase
from .position import Odds, Position, Workspace
from .records import Counting, Decision, Step
from .strategies import Strategy, decide, default_strategies

CLAIMS = ("safe", "mine")
COUNTER_NODES = 200_000  # the most cells tried when building a counter-arrangement


def seen(
    height: int,
    width: int,
    revealed: Mapping[Cell, int],
    total: Optional[int],
    first_click: str = "safe",
    workspace: Optional[Workspace] = None,
) -> Position:
    """Return what a player sees as a position: the open numbers and the mine total, nothing else.

    Flags are not trusted and nothing a solver worked out is in it; total is
    None when the mine counter is not known. Raises Contradiction when a
    number cannot hold. workspace: caches to share with another position
    of the same game (they never change an answer).
    """
    rules: list[Pair] = []
    for cell, shown in revealed.items():
        hidden = frozenset(n for n in neighbours(cell, height, width) if n not in revealed)
        if shown > len(hidden):
            raise Contradiction(f"{cell_name(cell)} shows {shown} with {len(hidden)} hidden cells")
        if hidden:
            rules.append((hidden, shown))
    return Position.make(height, width, total, revealed, (), (), rules, first_click, workspace)


@dataclass(frozen=True)
class Verdict:
    """The judge's answer to "cell is safe" or "cell is a mine", as data."""

    cell: Cell
    claim: str  # "safe" or "mine"
    word: str  # "right", "wrong" or "uncertain"
    chance: Fraction  # the cell's chance of a mine, from what the player sees
    exact: bool  # False: counting went past its budget, chance is an estimate
    rule: str  # what decides it: "zero", "full", "subset", "counting", "mine count"; "" if nothing
    proof: tuple[Step, ...]  # the steps that decide it, premises first; () when uncertain
    counter: Optional[frozenset[Cell]]  # the mines of an arrangement in which the claim fails
    premises: frozenset[Cell] = frozenset()  # the open cells whose numbers the proof uses
    seen_as: Optional[Position] = field(default=None, compare=False, repr=False)  # judged on

    @functools.cached_property
    def reason(self) -> Optional[reasons.Reason]:
        """Return why the cell is as it is, by the fewest numbers (None when it is uncertain).

        See sweeper.reasons. Worked out once, the first time it is asked:
        every place that shows this verdict reads this same reason.
        """
        if self.word == "uncertain" or self.seen_as is None:
            return None
        mine = (self.claim == "mine") == (self.word == "right")
        return reasons.reason(self.seen_as, self.cell, mine)

    @property
    def numbers(self) -> frozenset[Cell]:
        """Return the open numbers the verdict's reason names (the proof's, without a reason)."""
        found = self.reason
        if found is None:
            return self.premises
        return frozenset(n.cell for n in found.numbers)


@dataclass(frozen=True)
class Survey:
    """A moment seen whole: the certain cells, every cell's chance, the AI's choice."""

    safes: frozenset[Cell]  # safe in every arrangement
    mines: frozenset[Cell]  # a mine in every arrangement
    odds: Odds  # every hidden cell -> its chance of a mine
    lowest: Optional[Fraction]  # the lowest chance of a hidden cell not certain (None: none left)
    decision: Optional[Decision]  # the AI's choice here, with what it weighed


def judge(position: Position, cell: Cell, claim: str) -> Verdict:
    """Return the verdict on the claim that cell is safe ("safe") or a mine ("mine").

    ValueError, one line, when cell is off the board or open, or the claim
    is neither. Judged from the position's open numbers and mine total.
    """
    cell = check_cell(cell, position.height, position.width)
    if cell in position.revealed:
        raise ValueError(f"{cell_name(cell)} is open: a claim is about a hidden cell")
    if claim not in CLAIMS:
        raise ValueError(f"a claim is 'safe' or 'mine', not {claim!r}")
    numbers = {c: n for c, n in position.revealed.items() if n >= 0}
    view = seen(
        position.height, position.width, numbers, position.total, position.first_click,
        position.workspace,
    )  # fmt: skip
    chance = view.solution.probability(cell)
    rule, proof, mine = _by_rules(view, cell)
    if mine is None:
        rule, proof, mine = _by_counting(view, cell)
    word = "uncertain" if mine is None else "right" if mine == (claim == "mine") else "wrong"
    counter = None if word == "right" else counter_arrangement(view, cell, claim == "safe")
    exact = view.solution.exact or mine is not None
    if mine is not None:
        chance = Fraction(int(mine))
    premises = _numbers(view, proof)
    return Verdict(cell, claim, word, chance, exact, rule, proof, counter, premises, view)


def _numbers(view: Position, proof: tuple[Step, ...]) -> frozenset[Cell]:
    """Return the open cells whose numbers a proof uses: its clues', or its sentences' numbers."""
    found = {s.cell for s in proof if s.rule == "clue" and s.cell is not None}
    sentences = {rule.cells for s in proof if s.rule == "enumeration" for rule in s.premises}
    if sentences:
        for number in view.revealed:
            hidden = frozenset(view.unknown_neighbours(number))
            if hidden in sentences:
                found.add(number)
    return frozenset(found)


def survey(
    position: Position, strategies: Optional[Sequence[Strategy]] = None, choose: bool = True
) -> Survey:
    """Return the moment seen whole: certain cells, odds, the lowest chance, the AI's choice.

    choose=False leaves the AI's choice out (decision None), which can take time.
    """
    solution = position.solution
    safes, mines = solution.certain()
    outside = solution.outside_certain()
    if outside is not None:
        (mines if outside else safes).update(position.outside())
    odds = position.probabilities()
    known = safes | mines | position.mines | position.safes
    open_chances = [p for c, p in odds.items() if c not in known]
    chosen = strategies if strategies is not None else default_strategies()
    decision = decide(position, chosen) if position.unknown and choose else None
    return Survey(
        frozenset(safes | position.safes),
        frozenset(mines | position.mines),
        odds,
        min(open_chances, default=None),
        decision,
    )


# -- the weakest reasoning that decides a cell -------------------------------------------


def _by_rules(view: Position, cell: Cell) -> tuple[str, tuple[Step, ...], Optional[bool]]:
    """Return CS50's rules' verdict on cell: (rule, proof, mine), mine None when they do not decide.

    The numbers are told to a knowledge base, which applies the zero, full
    and subset rules until nothing changes; the proof is the chain of its
    steps that leads to cell.
    """
    kb = KnowledgeBase(view.height, view.width)
    told = dict(view.revealed)
    with kb.learning():
        kb.add_reveal(told)
    if cell not in kb.mines and cell not in kb.safes:
        return "", (), None
    steps = list(kb.steps)
    chain = _chain(steps, cell)
    rule = "subset" if any(s.rule == "subset" for s in chain) else chain[-1].rule
    return rule, tuple(chain), cell in kb.mines


def _chain(steps: list[Step], cell: Cell) -> list[Step]:
    """Return the steps that conclude cell and every step they rest on, in the order taken."""
    made: dict[Rule, int] = {}  # a sentence -> the step that first added it
    concluded: dict[Cell, int] = {}  # a cell -> the step that concluded it (zero or full)
    for k, step in enumerate(steps):
        for rule in step.added:
            made.setdefault(rule, k)
        if step.rule == "clue" and step.sentence is not None:  # a number's own sentence, before
            made.setdefault(step.sentence, k)  # known cells are taken out (a 'known' step)
        if step.rule in ("zero", "full"):
            for c in step.safes | step.mines:
                concluded.setdefault(c, k)
    needed: set[int] = set()
    todo = [concluded[cell]]
    while todo:
        k = todo.pop()
        if k in needed:
            continue
        needed.add(k)
        step = steps[k]
        for rule in step.premises:
            if rule in made and made[rule] != k:
                todo.append(made[rule])
        for c in step.known_mines | step.known_safes:
            if c in concluded:
                todo.append(concluded[c])
    return [steps[k] for k in sorted(needed)]


def _by_counting(view: Position, cell: Cell) -> tuple[str, tuple[Step, ...], Optional[bool]]:
    """Return counting's verdict on cell: the numbers' arrangements alone, then with the total."""
    tries = [None] if view.total is None else [None, view.mines_left]
    for mines_left in tries:
        if mines_left == view.mines_left:
            solution = view.solution
        else:  # the components are counted once: the cache keeps them for both
            solution = solve(view.rules, mines_left, view.outside_count, view.workspace.counts)
        if not solution.exact:
            continue
        safes, mines = solution.certain()
        outside = solution.outside_certain()
        if cell not in view.frontier and outside is not None:
            (mines if outside else safes).add(cell)
        if cell in safes or cell in mines:
            rule = "counting" if mines_left is None else "mine count"
            premises = _premises(view, cell, solution)
            step = Step(
                "enumeration",
                premises=premises,
                safes=frozenset([cell]) if cell in safes else frozenset(),
                mines=frozenset([cell]) if cell in mines else frozenset(),
                told=len(view.revealed),
                counting=Counting(
                    mines_left, view.outside_count, solution.arrangements, solution.exact
                ),
            )
            return rule, (step,), cell in mines
    return "", (), None


def _premises(view: Position, cell: Cell, solution: Solution) -> tuple[Rule, ...]:
    """Return the sentences a counting proof rests on: cell's component's, or all with the total."""
    component = solution.component_of.get(cell)
    if component is not None and solution.mines_left is None:
        return tuple(Rule(frozenset(c), k) for c, k in solution.components[component].rules)
    return tuple(Rule(frozenset(c), k) for c, k in view.rules if c)


# -- a counter-arrangement -----------------------------------------------------------------


def counter_arrangement(view: Position, cell: Cell, mine: bool) -> Optional[frozenset[Cell]]:
    """Return every mine of one arrangement with cell a mine (mine) or safe (not mine); else None.

    The arrangement keeps every open number and, when it is known, the mine
    total; every hidden cell is decided. Exact counting with the claim's
    cell fixed says which numbers of mines each part can hold; one
    arrangement of each part is then found by a search that keeps every
    sentence satisfiable. None when there is none, or when the position is
    too wide to count or the search passes COUNTER_NODES cells tried.
    """
    if not view.solution.exact:
        return None  # a part too wide to count: which numbers of mines it holds is not known
    rules = [(cells, count) for cells, count in view.rules if cells]
    rules.append((frozenset([cell]), int(mine)))
    solution = solve(rules, None, 0, view.workspace.counts)
    if not solution.exact:
        return None
    parts = solution.components
    frontier = frozenset(c for part in parts for c in part.cells)
    outside = [c for c in view.unknown if c not in frontier]
    sizes = [[k for k, n in enumerate(part.counts) if n] for part in parts]
    picked = _choose_sizes(sizes, len(outside), view.mines_left)
    if picked is None:
        return None
    mines: set[Cell] = set(view.mines)
    budget = [COUNTER_NODES]
    for part, k in zip(parts, picked, strict=True):
        order = [c for group in part.groups for c in group]
        found = _one(list(part.rules), order, k, budget)
        if found is None:
            return None
        mines |= found
    spare = 0 if view.mines_left is None else view.mines_left - sum(picked)
    mines.update(outside[:spare])
    return frozenset(mines)


def _choose_sizes(
    sizes: list[list[int]], outside: int, left: Optional[int]
) -> Optional[list[int]]:
    """Return a feasible number of mines per part whose sum leaves 0..outside mines of left.

    Without a total (left None) any feasible numbers do, and no mine goes outside.
    """
    reach: dict[int, list[int]] = {0: []}
    for options in sizes:
        reach = {t + k: picks + [k] for t, picks in reach.items() for k in options}
    for total, picks in sorted(reach.items()):
        if left is None or 0 <= left - total <= outside:
            return picks
    return None


def _one(
    rules: list[Pair], cells: list[Cell], k: int, budget: list[int]
) -> Optional[frozenset[Cell]]:
    """Return the mines of one arrangement of cells with exactly k mines keeping rules, or None."""
    naming: dict[Cell, list[int]] = {c: [] for c in cells}
    for r, (rule_cells, _) in enumerate(rules):
        for c in rule_cells:
            naming[c].append(r)
    need = [n for _, n in rules]  # mines each rule still needs
    room = [len(c) for c, _ in rules]  # cells each rule still has undecided
    chosen: list[Cell] = []

    def fits(c: Cell, mine: int) -> bool:
        return all(0 <= need[r] - mine <= room[r] - 1 for r in naming[c])

    def place(i: int, left: int) -> bool:
        budget[0] -= 1
        if budget[0] < 0 or left < 0 or left > len(cells) - i:
            return False
        if i == len(cells):
            return True
        c = cells[i]
        for mine in (1, 0):
            if not fits(c, mine):
                continue
            for r in naming[c]:
                need[r] -= mine
                room[r] -= 1
            if mine:
                chosen.append(c)
            if place(i + 1, left - mine):
                return True
            if mine:
                chosen.pop()
            for r in naming[c]:
                need[r] += mine
                room[r] += 1
        return False

    return frozenset(chosen) if place(0, k) else None
