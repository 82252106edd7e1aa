"""Minesweeper: CS50's game, CS50's knowledge-base AI, and how that AI guesses.

This is the file of CS50's Minesweeper problem set, and it stands alone:
copy it into CS50's folder, beside their runner.py, and it plays with the
standard library only.

Glossary
--------
Cell      a pair ``(row, col)``, both counted from 0 at the top left.
Sentence  "``count`` of these ``cells`` are mines" (CS50's name for a rule).
Frontier  the unknown cells that some sentence names.
Step      one thing the AI learned: its rule, its premises, its conclusion.

CS50's three classes come first, in CS50's order:

``Minesweeper``    the game, as CS50's: the mines placed at random when it is made.
``Sentence``       CS50's contract exactly.
``MinesweeperAI``  CS50's calls. ``add_knowledge`` is CS50's five steps over
                   ``Sentence`` objects in plain sets, and records every
                   inference as a step in ``ai.steps``. When no cell is known
                   to be safe, ``make_random_move`` guesses the cell least
                   likely to hold a mine, and ``ai.engine`` says who worked
                   the odds out:

    "sweeper"   the project's ``sweeper`` package, when it stands beside this
                file: exact odds with the mine total, the best guess by
                look-ahead, the endgame search;
    "fallback"  this file's own, at the end: Tank enumeration of the frontier
                in groups that share no cell, and the mine total (when the AI
                is told it) counted over the cells off the frontier.

Tank enumeration: list every way the mines can lie on the frontier that
fits every sentence, and count, for each cell, in how many a mine lies
there; its share of them is the cell's chance of a mine. The look-ahead
weighs a guess by what the number it may show would let the AI do next;
the endgame search plays every remaining way to the end, near the end.

Without ``sweeper`` the AI plays CS50's game in full (its calls, and the
odds for make_random_move); the calls only the project's window makes of
it (position, choose, make_move, counting, knowledge_after) say they need
``sweeper`` beside this file.

With ``sweeper`` there, the AI also answers what the project's window reads
of an AI (sweeper/agent.py's ``Agent``): ``position``, ``choose``,
``make_move``, the odds and the steps, as the project's own solver does.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Iterator, Sequence
from fractions import Fraction
from types import SimpleNamespace
from typing import Any, NamedTuple, Optional

Cell = tuple[int, int]


class Minesweeper:
    """Minesweeper game representation."""

    def __init__(self, height: int = 8, width: int = 8, mines: int = 8) -> None:
        """Make a board with its mines placed at random, every cell as likely as any other."""
        self.height = height
        self.width = width
        every = [(i, j) for i in range(height) for j in range(width)]
        self.mines: set[Cell] = set(random.sample(every, mines))
        self.board = [[(i, j) in self.mines for j in range(width)] for i in range(height)]
        self.mines_found: set[Cell] = set()  # the mines the player has flagged

    def print(self) -> None:
        """Print a text representation of where mines are located."""
        for row in self.board:
            print("--" * self.width + "-")
            print("|" + "".join("X|" if mine else " |" for mine in row))
        print("--" * self.width + "-")

    def is_mine(self, cell: Cell) -> bool:
        """Return True when a mine lies on cell."""
        i, j = cell
        return self.board[i][j]

    def nearby_mines(self, cell: Cell) -> int:
        """Return the number of mines within one row and column of cell, not counting cell."""
        return sum(self.is_mine(near) for near in neighbours(cell, self.height, self.width))

    def won(self) -> bool:
        """Return True when every mine has been flagged."""
        return self.mines_found == self.mines


class Sentence:
    """Logical statement about a Minesweeper game: count of these cells are mines."""

    def __init__(self, cells: Iterable[Cell], count: int) -> None:
        self.cells: set[Cell] = set(cells)
        self.count = count

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sentence):
            return NotImplemented
        return self.cells == other.cells and self.count == other.count

    def __str__(self) -> str:
        return f"{self.cells} = {self.count}"

    def __repr__(self) -> str:
        return f"Sentence({sorted(self.cells)}, {self.count})"

    def known_mines(self) -> set[Cell]:
        """Return the set of all cells in self.cells known to be mines."""
        return set(self.cells) if self.cells and self.count == len(self.cells) else set()

    def known_safes(self) -> set[Cell]:
        """Return the set of all cells in self.cells known to be safe."""
        return set(self.cells) if self.count == 0 else set()

    def mark_mine(self, cell: Cell) -> None:
        """Take a cell known to be a mine out of the sentence, lowering its count."""
        if cell in self.cells:
            self.cells.remove(cell)
            self.count -= 1

    def mark_safe(self, cell: Cell) -> None:
        """Take a cell known to be safe out of the sentence."""
        if cell in self.cells:
            self.cells.remove(cell)


class MinesweeperAI:
    """Minesweeper game player: CS50's knowledge base, then the odds when it must guess.

    CS50's: moves_made, mines and safes (sets of cells) and knowledge (a list
    of Sentences, none empty, no two over the same cells). The project's:
    steps (every inference, in order), revealed (the numbers told, in order),
    total_mines (the board's mine total, or None: CS50's runner does not
    tell it) and engine ("sweeper" or "fallback", see the module).
    """

    def __init__(
        self,
        height: int = 8,
        width: int = 8,
        mines: Optional[int] = None,
        *,
        engine: Optional[str] = None,
        first_click: str = "none",
        seed: Optional[int] = None,
        strategies: Optional[Sequence[Any]] = None,
    ) -> None:
        """Start knowing nothing; engine None means "sweeper" when that package is there."""
        self.height = height
        self.width = width
        self.moves_made: set[Cell] = set()
        self.mines: set[Cell] = set()
        self.safes: set[Cell] = set()
        self.knowledge: list[Sentence] = []
        # What the project adds: the numbers told, the steps learned, and how to guess.
        self.total_mines = mines
        self.first_click = first_click  # CS50's game has no first-click rule: "none"
        self.revealed: dict[Cell, int] = {}
        self.steps: list[Any] = []
        self.last_decision: Any = None
        self.rng: Any = random if seed is None else random.Random(seed)
        if engine not in (None, "sweeper", "fallback"):
            raise ValueError(f"engine is 'sweeper', 'fallback' or None, not {engine!r}")
        self.project: Any = load_sweeper() if engine in (None, "sweeper") else None
        if engine == "sweeper" and self.project is None:
            raise ModuleNotFoundError("engine='sweeper' needs the sweeper package beside this file")
        self.engine = "fallback" if self.project is None else "sweeper"
        records = (Step, Rule) if self.project is None else self.project.records
        self.Step: Any = records[0]  # what steps are made of: sweeper's, or this file's own
        self.Rule: Any = records[1]
        if self.project is not None:
            self.strategies = tuple(strategies or self.project.default_strategies())
            self.workspace = self.project.Workspace()
        self.pending: list[Sentence] = []  # sentences new or changed, to look at again
        self.proof_step: dict[Cell, int] = {}  # a safe cell -> the step that proved it
        self.proof_rule: dict[Cell, str] = {}  # a safe cell -> that step's rule

    def mark_mine(self, cell: Cell) -> None:
        """Mark a cell as a mine, and update all knowledge to mark it too."""
        self.mines.add(cell)
        self.take_out(cell, mine=True)

    def mark_safe(self, cell: Cell) -> None:
        """Mark a cell as safe, and update all knowledge to mark it too."""
        self.safes.add(cell)
        self.take_out(cell, mine=False)

    def add_knowledge(self, cell: Cell, count: int) -> None:
        """Learn that a safe cell shows count mines around it, and everything that follows.

        CS50's five steps: 1) the cell is a move made; 2) it is safe; 3) a
        new sentence over its neighbours not yet known; 4) cells that the
        knowledge now proves safe or mines are marked; 5) sentences that
        follow from two others are added. 4 and 5 repeat until nothing new
        comes: each sentence new or changed is looked at once more.
        """
        if cell in self.revealed:
            return  # a number told again teaches nothing
        self.tell(cell, count)
        self.infer()

    def make_safe_move(self) -> Optional[Cell]:
        """Return a cell known to be safe and not yet played (the first in reading order)."""
        left = self.safes - self.moves_made
        return min(left) if left else None

    def make_random_move(self) -> Optional[Cell]:
        """Return a cell neither played nor a known mine, the least likely to hold a mine.

        CS50 asks for a random one; any such cell keeps CS50's contract, and
        the safest is the better guess. Ties are broken at random (random.seed
        rules them). None when no such cell is left.
        """
        if self.project is not None:
            decision = self.choose()
            guess: Optional[Cell] = None if decision is None else decision.cell
            return guess
        odds = self.mine_probabilities()
        choices = [c for c in odds if c not in self.mines and c not in self.moves_made]
        if not choices:
            return None
        lowest = min(odds[c] for c in choices)
        pick: Cell = self.rng.choice([c for c in choices if odds[c] == lowest])
        return pick

    # -- add_knowledge, step by step ----------------------------------------------------

    def tell(self, cell: Cell, count: int, opened: Iterable[Cell] = ()) -> None:
        """Steps 1 to 3: cell is played and safe, and its number becomes a sentence.

        opened: cells the same click opened, safe already, whose numbers are told next.
        """
        self.moves_made.add(cell)  # 1
        self.revealed[cell] = count
        if cell not in self.safes:
            self.mark_safe(cell)  # 2
        around = neighbours(cell, self.height, self.width)  # 3
        hidden = {c for c in around if c not in self.moves_made and c not in opened}
        known_mines, known_safes = hidden & self.mines, hidden & self.safes
        unknown = hidden - known_mines - known_safes
        sentence = Sentence(unknown, count - len(known_mines))
        added = False
        if unknown:
            added = self.add(sentence)
        clue, new = self.Rule(frozenset(hidden), count), self.rule(sentence)
        known = {"known_mines": frozenset(known_mines), "known_safes": frozenset(known_safes)}
        gained = (new,) if added else ()
        if not unknown:  # every neighbour known: the number only confirms it
            self.note("clue", sentence=clue, cell=cell, shown=count, **known)
        elif known_mines or known_safes:
            self.note("clue", sentence=clue, cell=cell, shown=count)
            self.note("known", premises=(clue,), sentence=new, added=gained, **known)
        else:
            self.note("clue", sentence=clue, cell=cell, shown=count, added=gained)

    def infer(self) -> None:
        """Steps 4 and 5: look at each sentence new or changed until none is left.

        A count of 0 makes every cell safe, a count equal to the number of
        cells makes every cell a mine; otherwise the sentence is held against
        every other sharing a cell with it: when one lies inside the other,
        set2 - set1 = count2 - count1 is a new sentence.
        """
        while self.pending:
            sentence = self.pending.pop(0)
            if not any(s is sentence for s in self.knowledge):
                continue  # it left the knowledge since
            if sentence.known_mines() or sentence.known_safes():
                self.conclude(sentence)
            else:
                self.subsets(sentence)

    def conclude(self, sentence: Sentence) -> None:
        """Step 4: every cell of the sentence is a mine (full) or safe (zero)."""
        mines, safes = sentence.known_mines(), sentence.known_safes()
        premise = self.rule(sentence)
        self.forget(sentence)
        self.note(
            "full" if mines else "zero", premises=(premise,), removed=(premise,),
            mines=frozenset(mines), safes=frozenset(safes),
        )  # fmt: skip
        for cell in sorted(mines | safes):
            if safes:
                self.proof_rule.setdefault(cell, "zero")
            if cell in self.mines or cell in self.safes:
                continue
            if mines:
                self.mark_mine(cell)
            else:
                self.mark_safe(cell)

    def subsets(self, sentence: Sentence) -> None:
        """Step 5: the difference of sentence and each sentence inside it, or it inside."""
        others = [s for s in self.knowledge if s is not sentence and s.cells & sentence.cells]
        others.sort(key=lambda s: min(s.cells & sentence.cells))  # cell by cell, reading order
        for other in others:
            if other.cells < sentence.cells:
                small, big = other, sentence
            elif sentence.cells < other.cells:
                small, big = sentence, other
            else:
                continue
            derived = Sentence(big.cells - small.cells, big.count - small.count)
            if self.said(derived.cells):
                continue
            self.add(derived)
            new = self.rule(derived)
            premises = (self.rule(small), self.rule(big))
            self.note("subset", premises=premises, sentence=new, added=(new,))

    def take_out(self, cell: Cell, mine: bool) -> None:
        """Take a known cell out of every sentence naming it, a "known" step each.

        A sentence left empty, or saying what another already says, leaves
        the knowledge; one that stays is looked at again.
        """
        for sentence in [s for s in self.knowledge if cell in s.cells]:
            before = self.rule(sentence)
            if mine:
                sentence.mark_mine(cell)
            else:
                sentence.mark_safe(cell)
            stays = bool(sentence.cells) and not self.said(sentence.cells, besides=sentence)
            if stays:
                self.pending.append(sentence)
            else:
                self.forget(sentence)
            after = self.rule(sentence)
            self.note(
                "known", premises=(before,), removed=(before,),
                sentence=after if stays else None, added=(after,) if stays else (),
                known_mines=frozenset([cell] if mine else []),
                known_safes=frozenset([] if mine else [cell]),
            )  # fmt: skip

    def add(self, sentence: Sentence) -> bool:
        """Add a sentence to the knowledge, to be looked at; False when its cells are known."""
        if self.said(sentence.cells):
            return False
        self.knowledge.append(sentence)
        self.pending.append(sentence)
        return True

    def said(self, cells: set[Cell], besides: Optional[Sentence] = None) -> bool:
        """True when a sentence in the knowledge (other than besides) is over these cells."""
        return any(s.cells == cells and s is not besides for s in self.knowledge)

    def forget(self, sentence: Sentence) -> None:
        """Take the sentence out of the knowledge (by identity: its twin may be equal)."""
        self.knowledge[:] = [s for s in self.knowledge if s is not sentence]

    def note(self, rule: str, **facts: Any) -> None:
        """Record a step of rule with its facts, and the safe cells it proves."""
        self.steps.append(self.Step(rule, told=len(self.revealed), **facts))
        for cell in facts.get("safes", ()):
            self.proof_step.setdefault(cell, len(self.steps) - 1)

    def rule(self, sentence: Sentence) -> Any:
        """Return the sentence as steps keep it, frozen: its cells and its count."""
        return self.Rule(frozenset(sentence.cells), sentence.count)

    # -- one click's cells, and the odds ------------------------------------------------

    def add_reveal(self, revealed: Iterable[tuple[Cell, int]]) -> None:
        """Learn one click's cells: all safe at once (a "given" step), then each number."""
        told = {cell: count for cell, count in revealed if cell not in self.revealed}
        if len(told) > 1:
            new = frozenset(c for c in told if c not in self.safes)
            if new:
                self.note("given", safes=new)
            for cell in sorted(new):
                self.proof_rule.setdefault(cell, "given")
                self.mark_safe(cell)
        for cell, count in told.items():
            self.infer()
            self.tell(cell, count, told if len(told) > 1 else ())
        self.infer()

    def unknown(self) -> list[Cell]:
        """Return the cells neither played nor known, in reading order."""
        known = self.moves_made | self.mines | self.safes
        return [c for c in all_cells(self.height, self.width) if c not in known]

    def mine_probabilities(self) -> dict[Cell, Fraction]:
        """Return every cell not played -> its chance of a mine (known cells 1 and 0).

        Every arrangement of the mines that fits the sentences counts once;
        with the total known, each is weighted by the ways to put the other
        mines on the cells no sentence names. Without it, such a cell is 1/2.
        """
        if self.project is not None:
            return self.position().probabilities()  # type: ignore[no-any-return]
        left = None if self.total_mines is None else self.total_mines - len(self.mines)
        sentences = [(frozenset(s.cells), s.count) for s in self.knowledge]
        odds = {c: Fraction(1) for c in self.mines} | {c: Fraction(0) for c in self.safes}
        odds.update(tank_odds(self.unknown(), sentences, left))
        cells = all_cells(self.height, self.width)
        return {c: odds[c] for c in cells if c in odds and c not in self.moves_made}

    # -- with the sweeper package: what the project's window reads of an AI -------------

    def sweeper(self, call: str) -> Any:
        """Return the sweeper package, or raise what to do when it is not beside this file."""
        if self.project is None:
            raise ModuleNotFoundError(
                f"{call}() needs the sweeper package: copy the sweeper folder beside minesweeper.py"
            )
        return self.project

    def position(self) -> Any:
        """Return what the AI knows now, frozen, as a sweeper Position."""
        sentences = [(frozenset(s.cells), s.count) for s in self.knowledge]
        return self.sweeper("position").Position.make(
            self.height, self.width, self.total_mines, self.revealed, self.mines,
            self.safes, sentences, self.first_click, self.workspace,
        )  # fmt: skip

    def choose(self) -> Any:
        """Return the Decision the AI would click now; None when only known mines are left."""
        project = self.sweeper("choose")
        safe = self.make_safe_move()
        if safe is not None:
            return project.Decision(
                safe, "known safe", Fraction(0), proof=self.proof_step.get(safe)
            )
        self.workspace.found = {}
        return project.decide(self.position(), self.strategies)

    def make_move(self) -> Optional[Cell]:
        """Learn what counting proves, choose, and record the move; return its cell (or None).

        Without sweeper: CS50's move, a known safe cell, else make_random_move's.
        """
        if self.project is None:
            return self.make_safe_move() or self.make_random_move()
        if self.make_safe_move() is None:
            self.learn_by_counting()
        decision = self.choose()
        self.project.adopt(self.workspace.search_memo, self.workspace.found)
        self.workspace.found = {}
        self.last_decision = decision
        if decision is None:
            return None
        self.note("move", cell=decision.cell, decision=decision)
        return decision.cell  # type: ignore[no-any-return]

    def counting_step(self) -> Any:
        """Return the step counting every arrangement proves now, or None (looking)."""
        position = self.position()
        sentences = [(position.grid.mask(s.cells), s.count) for s in self.knowledge]
        return self.sweeper("counting_step").counting_step(position, len(self.revealed), sentences)

    def learn_by_counting(self) -> Any:
        """Mark every cell all arrangements agree on, as one step; None when none is new."""
        self.sweeper("learn_by_counting")  # counting is the engine's
        step = self.counting_step()
        if step is None:
            return None
        gone = {rule.cells for rule in step.removed}
        self.knowledge[:] = [s for s in self.knowledge if frozenset(s.cells) not in gone]
        self.steps.append(step)
        for cell in sorted(step.safes):
            self.proof_step.setdefault(cell, len(self.steps) - 1)
            self.proof_rule.setdefault(cell, "enumeration")
        for cell in sorted(step.mines):
            self.mark_mine(cell)
        for cell in sorted(step.safes):
            self.mark_safe(cell)
        self.infer()
        return step

    def why_safe(self, cell: Cell) -> Any:
        """Return the step that proved cell safe, if any."""
        return self.steps[self.proof_step[cell]] if cell in self.proof_step else None

    def proved_by(self, cell: Cell) -> Optional[str]:
        """Return the rule that proved cell safe (zero, given, enumeration), if any."""
        return self.proof_rule.get(cell)

    def knowledge_after(self, k: int) -> Any:
        """Return the knowledge as it was after step k (k = -1: the start)."""
        return self.sweeper("knowledge_after").knowledge_after(self.steps, self.revealed, k)


# ---------------------------------------------------------------------------
# The board's geometry, and the steps when sweeper is not there
# ---------------------------------------------------------------------------


def all_cells(height: int, width: int) -> list[Cell]:
    """Return every cell of the board in reading order."""
    return [(i, j) for i in range(height) for j in range(width)]


def neighbours(cell: Cell, height: int, width: int) -> list[Cell]:
    """Return the cells around cell on the board (not cell itself), in reading order."""
    i, j = cell
    rows, cols = range(max(i - 1, 0), min(i + 2, height)), range(max(j - 1, 0), min(j + 2, width))
    return [(r, c) for r in rows for c in cols if (r, c) != cell]


class Rule(NamedTuple):
    """A sentence frozen, as steps keep it (sweeper's Rule, when that is there)."""

    cells: frozenset[Cell]
    count: int  # type: ignore[assignment]  # CS50's name, over tuple.count


class Step(NamedTuple):
    """One thing learned: the rule, its premises, its conclusion (sweeper's Step, when there).

    rule: clue, known, zero, full, subset, given, enumeration or move.
    """

    rule: str
    premises: tuple[Rule, ...] = ()
    sentence: Optional[Rule] = None  # the new sentence, for clue, known and subset
    safes: frozenset[Cell] = frozenset()  # cells concluded safe
    mines: frozenset[Cell] = frozenset()  # cells concluded to be mines
    known_safes: frozenset[Cell] = frozenset()  # known cells a premise relied on
    known_mines: frozenset[Cell] = frozenset()
    cell: Optional[Cell] = None  # the revealed cell (clue) or the cell chosen (move)
    shown: Optional[int] = None  # the number the revealed cell shows (clue)
    added: tuple[Rule, ...] = ()  # sentences this step put into the knowledge
    removed: tuple[Rule, ...] = ()  # sentences it took out
    told: int = 0  # how many numbers the AI had been told by then
    counting: Any = None  # enumeration only
    decision: Any = None  # move only


def load_sweeper() -> Any:
    """Return what the AI uses of the sweeper package, or None when it is not there."""
    try:
        from sweeper import records, search
        from sweeper.engine import Rule
        from sweeper.position import Position, Workspace
        from sweeper.strategies import decide, default_strategies
    except ModuleNotFoundError as missing:
        if missing.name != "sweeper":
            raise  # sweeper is there and broken: say so
        return None

    return SimpleNamespace(
        records=(records.Step, Rule), Decision=records.Decision,
        counting_step=records.counting_step, knowledge_after=records.knowledge_after,
        adopt=search.adopt, Position=Position, Workspace=Workspace,
        decide=decide, default_strategies=default_strategies,
    )  # fmt: skip


# ---------------------------------------------------------------------------
# The fallback: Tank enumeration of the frontier, in groups that share no cell
# ---------------------------------------------------------------------------

Pair = tuple[frozenset[Cell], int]


def tank_odds(
    unknown: list[Cell], sentences: list[Pair], left: Optional[int]
) -> dict[Cell, Fraction]:
    """Return each unknown cell's chance of a mine: every arrangement that fits counts once.

    left: the mines not yet known, or None. Each group of sentences that
    shares no cell with the others is counted alone, by its number of mines;
    the groups are then combined. With left known, a combination with m
    mines on the frontier is weighted by the ways to put left - m mines on
    the cells off it; without, those cells get 1/2 ("no information").
    """
    groups = [tally(cells, rules) for cells, rules in split(sentences)]
    frontier = set().union(*(cells for cells, _ in sentences))
    outside = [c for c in unknown if c not in frontier]

    def weight(m: int) -> int:
        return 1 if left is None else math.comb(len(outside), left - m) if m <= left else 0

    everything = combine([counts for counts, _ in groups])
    total = sum(ways * weight(m) for m, ways in everything.items())
    if total == 0:
        raise ValueError("no arrangement of the mines fits these numbers")
    odds: dict[Cell, Fraction] = {}
    for g, (_, by_cell) in enumerate(groups):
        rest = combine([counts for h, (counts, _) in enumerate(groups) if h != g])
        for cell, mines_at in by_cell.items():
            ways = sum(n * rest[r] * weight(m + r) for m, n in mines_at.items() for r in rest)
            odds[cell] = Fraction(ways, total)
    for cell in outside:
        if left is None:
            odds[cell] = Fraction(1, 2)
        else:
            mines = sum(ways * weight(m) * (left - m) for m, ways in everything.items())
            odds[cell] = Fraction(mines, total * len(outside))
    return odds


def split(sentences: list[Pair]) -> list[tuple[set[Cell], list[Pair]]]:
    """Return the sentences in groups that share no cell, each with its cells."""
    groups: list[tuple[set[Cell], list[Pair]]] = []
    for cells, count in sentences:
        joined = [g for g in groups if g[0] & cells]
        merged: tuple[set[Cell], list[Pair]] = (set(cells), [(cells, count)])
        for g in joined:
            merged[0].update(g[0])
            merged[1].extend(g[1])
        groups = [g for g in groups if all(g is not j for j in joined)] + [merged]
    return groups


def tally(cells: set[Cell], rules: list[Pair]) -> tuple[dict[int, int], dict[Cell, dict[int, int]]]:
    """Count a group's arrangements by number of mines, and how often each cell holds one."""
    counts: dict[int, int] = {}
    by_cell: dict[Cell, dict[int, int]] = {c: {} for c in cells}
    for mines in arrangements(sorted(cells), rules):
        counts[len(mines)] = counts.get(len(mines), 0) + 1
        for c in mines:
            by_cell[c][len(mines)] = by_cell[c].get(len(mines), 0) + 1
    return counts, by_cell


def arrangements(cells: list[Cell], rules: list[Pair]) -> Iterator[set[Cell]]:
    """Yield every set of mines among cells that makes each sentence true (Tank's search).

    Cells are decided one by one, mine first; a branch is dropped as soon as
    some sentence has too many mines, or too few cells left to reach its count.
    """
    naming = {c: [r for r in rules if c in r[0]] for c in cells}
    mines: set[Cell] = set()
    decided: set[Cell] = set()

    def holds(rule: Pair) -> bool:
        placed = len(rule[0] & mines)
        return placed <= rule[1] <= placed + len(rule[0] - decided)

    def place(k: int) -> Iterator[set[Cell]]:
        if k == len(cells):
            yield set(mines)
            return
        cell = cells[k]
        decided.add(cell)
        for mine in (True, False):
            if mine:
                mines.add(cell)
            if all(holds(r) for r in naming[cell]):
                yield from place(k + 1)
            mines.discard(cell)
        decided.discard(cell)

    yield from place(0)


def combine(groups: list[dict[int, int]]) -> dict[int, int]:
    """Return the ways to have m mines in all the groups together, for every m."""
    together = {0: 1}
    for counts in groups:
        joined: dict[int, int] = {}
        for m, ways in together.items():
            for n, more in counts.items():
                joined[m + n] = joined.get(m + n, 0) + ways * more
        together = joined
    return together
