"""What the AI hands out: steps it learned and decisions it made, as data, never as prose.

Words are made at the edge (the window, the benchmark) from these records.

A Step is one thing the knowledge base learned, with the rule, its premises
and its conclusion, and the change it made: the sentences it added and
removed. Folding the changes of steps 0..k gives the knowledge as it was
after step k, so a window can show any moment of a game. The rules:

    clue         a revealed cell's number gives a sentence over its hidden neighbours
    known        a sentence loses cells already known (bookkeeping)
    zero         a count of 0 makes every cell safe
    full         a count equal to the number of cells makes every cell a mine
    subset       a sentence inside another leaves the difference
    enumeration  every arrangement of the mines agrees (exact counting)
    given        sentences or known cells put in from outside (CS50's mark_mine, or
                 code that adds to the knowledge directly)
    move         the AI chose a cell to click; see its Decision (a guess is not a conclusion)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple, Optional, Union, overload

from .board import Cell
from .engine import Bits, Rule

if TYPE_CHECKING:
    from .position import Position

LESSON_RULES = ("zero", "full", "subset", "enumeration", "move")


@dataclass(frozen=True)
class Counting:
    """The facts behind an enumeration step, enough to list its arrangements again."""

    mines_left: Optional[int]  # mines not yet known; None when the total was not given
    outside: int  # unknown cells no sentence names
    arrangements: int  # arrangements of the frontier that fit (weighted by the total when known)
    exact: bool = True


@dataclass(frozen=True)
class Step:
    """One thing the knowledge base learned: rule, premises, conclusion, and what changed."""

    rule: str
    premises: tuple[Rule, ...] = ()
    sentence: Optional[Rule] = None  # the new sentence, for clue, known and subset
    safes: frozenset[Cell] = frozenset()  # cells concluded safe
    mines: frozenset[Cell] = frozenset()  # cells concluded to be mines
    known_safes: frozenset[Cell] = frozenset()  # known cells a premise relied on ("known" steps)
    known_mines: frozenset[Cell] = frozenset()
    cell: Optional[Cell] = None  # the revealed cell (clue) or the cell chosen (move)
    shown: Optional[int] = None  # the number the revealed cell shows (clue)
    added: tuple[Rule, ...] = ()  # sentences this step put into the knowledge base
    removed: tuple[Rule, ...] = ()  # sentences it took out
    told: int = 0  # how many revealed cells the AI had been told when it took this step
    counting: Optional[Counting] = None  # enumeration only
    decision: Optional[Decision] = None  # move only

    @property
    def concludes(self) -> bool:
        """True when the step is a lesson: a safe cell, a mine, a new sentence or a move."""
        return self.rule in LESSON_RULES or bool(self.safes or self.mines)


class StepLog(Sequence[Step]):
    """The steps an AI learned, in order; each is kept as its facts until someone reads it.

    A game records hundreds of steps and most are never looked at (the
    benchmark reads none), so a step is written down as (rule, told, facts)
    and made a Step the first time it is read; the same Step object is
    returned every time after. Compares equal to a list of the same steps.
    """

    def __init__(self) -> None:
        self._entries: list[Union[Step, tuple[str, int, dict[str, Any]]]] = []

    def note(self, rule: str, told: int, facts: dict[str, Any]) -> int:
        """Write down a step of rule with its facts; return its index."""
        self._entries.append((rule, told, facts))
        return len(self._entries) - 1

    def add(self, step: Step) -> int:
        """Append a step already made; return its index."""
        self._entries.append(step)
        return len(self._entries) - 1

    def truncate(self, length: int) -> None:
        """Forget every step from index length on (a learning call that was undone)."""
        del self._entries[length:]

    def _step(self, k: int) -> Step:
        """Return step k, making it from its facts on first reading."""
        entry = self._entries[k]
        if isinstance(entry, Step):
            return entry
        rule, told, facts = entry
        step = Step(rule, told=told, **facts)
        self._entries[k] = step
        return step

    def __len__(self) -> int:
        return len(self._entries)

    @overload
    def __getitem__(self, k: int) -> Step: ...

    @overload
    def __getitem__(self, k: slice) -> list[Step]: ...

    def __getitem__(self, k: Union[int, slice]) -> Union[Step, list[Step]]:
        if isinstance(k, slice):
            return [self._step(i) for i in range(*k.indices(len(self._entries)))]
        if k < 0:
            k += len(self._entries)
        if not 0 <= k < len(self._entries):
            raise IndexError("step index out of range")
        return self._step(k)

    def __iter__(self) -> Iterator[Step]:
        return (self._step(i) for i in range(len(self._entries)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (StepLog, list)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # it grows

    def __repr__(self) -> str:
        return f"StepLog({list(self)!r})"


@dataclass(frozen=True)
class Candidate:
    """A cell a strategy weighed, with its figures."""

    cell: Cell
    probability: Fraction  # chance of a mine now
    safety_next: Optional[Fraction] = None  # look-ahead: expected safety of the best next click
    progress: Optional[Fraction] = None  # look-ahead: chance its number proves some cell safe
    score: Optional[Fraction] = None  # look-ahead: P(safe) x (safety_next + bonus x progress)
    unknown_neighbours: Optional[int] = None
    dead: bool = False  # look-ahead: its number can be only one value, so it teaches nothing


@dataclass(frozen=True)
class Decision:
    """The cell the AI would click now, which strategy chose it, its exact odds and why."""

    cell: Cell
    strategy: str  # known safe, counting, opening, search, fifty-fifty, look-ahead, lowest
    probability: Fraction  # the chance that cell holds a mine
    approximate: bool = False  # the odds were estimated: the frontier was too wide to count
    proof: Optional[int] = None  # known safe: the index in ai.steps of the step that proved it
    premises: tuple[Rule, ...] = ()  # counting: the sentences whose arrangements prove it;
    # fifty-fifty: the pair and its one mine
    alternatives: tuple[Candidate, ...] = ()  # the cells weighed, best first (the choice first)
    lowest: Optional[Fraction] = None  # the lowest chance of a mine of any unknown cell
    wins: Optional[int] = None  # search and opening: what best play wins from here ...
    games: Optional[int] = None  # ... out of this many arrangements (or boards)
    passed_over: tuple[Cell, ...] = ()  # look-ahead: safer cells whose number teaches nothing

    @property
    def is_guess(self) -> bool:
        """True when the cell is not known to be safe."""
        return self.probability != 0


class Knowledge(NamedTuple):
    """The knowledge at one moment: sentences, known mines, unrevealed safe cells, numbers told."""

    sentences: list[Rule]
    mines: set[Cell]
    safes: set[Cell]
    revealed: dict[Cell, int]


def counting_step(position: Position, told: int, sentences: Iterable[Bits]) -> Optional[Step]:
    """Return the step exact counting proves from position, or None when it proves nothing new.

    told: how many numbers the AI had been told; sentences: the knowledge's
    sentences as (mask, count), in order: those inside the proven cells are
    the step's removed ones. Either knowledge base records it (looking only).
    """
    solution = position.solution
    safes, mines = solution.certain()
    outside = solution.outside_certain()
    if outside is not None:
        (mines if outside else safes).update(position.outside())
    if not (safes or mines):
        return None
    proven = frozenset(safes | mines)
    premises = [
        Rule(frozenset(cells), count)
        for comp in solution.components
        if proven & comp.tallies.keys()
        for cells, count in comp.rules
    ]
    if proven - position.frontier:  # by the count: every sentence plays its part
        premises = [Rule(frozenset(c), k) for c, k in position.rules if c]
    board = position.grid
    proven_mask = board.mask(proven)
    return Step(
        "enumeration",
        premises=tuple(premises),
        safes=frozenset(safes),
        mines=frozenset(mines),
        removed=tuple(
            Rule(frozenset(board.members(mask)), count)
            for mask, count in sentences
            if mask & ~proven_mask == 0
        ),
        told=told,
        counting=Counting(
            position.mines_left, position.outside_count, solution.arrangements, solution.exact
        ),
    )


def knowledge_after(steps: Sequence[Step], revealed: Mapping[Cell, int], k: int) -> Knowledge:
    """Return the knowledge as it was after step k, by folding the changes of steps 0..k.

    k = len(steps) - 1 gives today's; k = -1 the start. revealed: the numbers
    told, in the order told.
    """
    sentences: dict[frozenset[Cell], Rule] = {}
    mines: set[Cell] = set()
    safes: set[Cell] = set()
    for step in steps[: k + 1]:
        for rule in step.removed:
            sentences.pop(rule.cells, None)
        for rule in step.added:
            sentences[rule.cells] = rule
        mines |= step.mines
        safes |= step.safes
    told = steps[k].told if 0 <= k < len(steps) else 0
    shown = dict(itertools.islice(revealed.items(), told))
    return Knowledge(list(sentences.values()), mines, safes - shown.keys(), shown)
