"""The solver: the AI the window, the benchmark and the student check's reference play with.

``Solver`` has CS50's calls (``add_knowledge``, ``mark_mine``,
``mark_safe``, ``make_safe_move``, ``make_random_move`` and CS50's sets)
over the fast knowledge base of sweeper/knowledge.py (sentences as bit
masks, steps recorded or kept on a tape until read), and then exact
counting, the endgame search and the guessing strategies. It does two
kinds of things, kept apart. *Learning* changes its knowledge and records
steps: ``add_knowledge``, ``mark_mine``, ``mark_safe``, ``add_reveal`` and
``learn_by_counting``. *Looking* changes nothing: ``make_safe_move``,
``make_random_move``, ``position``, ``mine_probabilities``, ``choose``,
``why_safe``, ``proved_by`` and ``knowledge_after``. ``make_move`` learns,
chooses and records the move. What the window reads of it is written
down as sweeper/agent.py's ``Agent``.

``ai.knowledge`` is CS50's list of ``Sentence`` objects, made from the
knowledge base when someone reads it; other code may edit it as CS50's
code does. Standard library only.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from fractions import Fraction
from typing import Any, Optional

from .board import Cell, check_cell, check_rule, positive_int
from .knowledge import KnowledgeBase, Listed
from .position import Odds, Position, Workspace
from .records import Decision, Knowledge, Step, StepLog
from .search import Memo, adopt
from .strategies import Strategy, decide, default_strategies

__all__ = ["Sentence", "Solver"]


class Sentence:
    """Logical statement about a Minesweeper game: count of cells are mines (CS50's contract)."""

    def __init__(self, cells: Iterable[Cell], count: int) -> None:
        self.cells: set[Cell] = set(cells)
        self.count = count

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sentence):
            return NotImplemented
        return self.cells == other.cells and self.count == other.count

    __hash__ = None  # type: ignore[assignment]  # mutable, as in CS50

    def __str__(self) -> str:
        return f"{self.cells} = {self.count}"

    def __repr__(self) -> str:
        return f"Sentence({sorted(self.cells)}, {self.count})"

    def copy(self) -> Sentence:
        """Return an independent copy (steps keep copies: sentences change)."""
        return Sentence(self.cells, self.count)

    def known_mines(self) -> set[Cell]:
        """Return the set of all cells in self.cells known to be mines."""
        return set(self.cells) if self.cells and self.count == len(self.cells) else set()

    def known_safes(self) -> set[Cell]:
        """Return the set of all cells in self.cells known to be safe."""
        return set(self.cells) if self.count == 0 else set()

    def mark_mine(self, cell: Cell) -> None:
        """Remove a known mine from the sentence and lower its count."""
        if cell in self.cells:
            self.cells.remove(cell)
            self.count -= 1

    def mark_safe(self, cell: Cell) -> None:
        """Remove a known safe cell from the sentence."""
        if cell in self.cells:
            self.cells.remove(cell)


class Solver:
    """The project's Minesweeper player: CS50's calls on a fast knowledge base, then exact odds.

    Learning calls change the knowledge and record steps in self.steps:
    add_knowledge, mark_mine, mark_safe (CS50's), add_reveal and
    learn_by_counting. Looking calls change nothing: make_safe_move,
    make_random_move (CS50's), position, mine_probabilities and choose.
    make_move learns what counting proves, chooses, and records the move.
    The knowledge lives in a KnowledgeBase (sweeper/knowledge.py): CS50's
    knowledge, mines, safes and moves_made read it, and other code may
    edit them as CS50's code does. What the window reads of it is
    sweeper/agent.py's Agent.
    """

    def __init__(
        self,
        height: int = 8,
        width: int = 8,
        mines: Optional[int] = None,
        *,
        first_click: str = "safe",
        seed: Optional[int] = None,
        strategies: Optional[Sequence[Strategy]] = None,
        record: bool = True,
    ) -> None:
        self.height = positive_int("height", height)
        self.width = positive_int("width", width)
        check_rule(first_click)
        cells = height * width
        if mines is not None and (
            isinstance(mines, bool) or not isinstance(mines, int) or not 0 <= mines <= cells
        ):
            raise ValueError(
                f"mines must be None or a whole number from 0 to {cells} (the cells of "
                f"a {height}x{width} board), not {mines!r}"
            )
        strategies = default_strategies() if strategies is None else tuple(strategies)
        if not all(callable(s) for s in strategies):
            raise TypeError("strategies must be callables: position, solution -> Decision or None")
        # CS50's ai.mines is the set of known mines, so the total lives here.
        self.total_mines = mines
        self.first_click = first_click
        self.strategies = strategies
        # No seed: the global random, as CS50's make_random_move uses (random.seed rules it).
        self.rng: Any = random if seed is None else random.Random(seed)
        self.kb = KnowledgeBase(height, width, record)  # record=False: steps made when read
        self.last_decision: Optional[Decision] = None
        self._listed = Listed(Sentence)
        self._workspace = Workspace()
        self._cached: Optional[tuple[int, Position]] = None
        # The last decision, for its position and strategies, with its search's findings.
        self._chosen: Optional[tuple[Position, Any, Optional[Decision], Memo]] = None

    # -- CS50's calls (learning: mark_mine, mark_safe, add_knowledge; looking: the moves) ----

    def mark_mine(self, cell: Cell) -> None:
        """Mark a cell as a mine, and update all knowledge to mark it too."""
        cell = check_cell(cell, self.height, self.width)
        with self._learning():
            self.kb.give([cell], [])

    def mark_safe(self, cell: Cell) -> None:
        """Mark a cell as safe, and update all knowledge to mark it too."""
        cell = check_cell(cell, self.height, self.width)
        with self._learning():
            self.kb.give([], [cell])

    def add_knowledge(self, cell: Cell, count: int) -> None:
        """Record that a safe cell shows count, and infer all that follows.

        A bad argument raises ValueError and changes nothing; numbers that
        contradict what is known raise Contradiction and change nothing (the
        call is whole: see KnowledgeBase.learning).
        """
        cell = check_cell(cell, self.height, self.width)
        if self.kb.is_new(cell, count, {}):  # a number told again teaches nothing
            with self._learning():
                # 1) the cell is a move made, 2) it is safe, 3) a sentence over its
                # neighbours not yet known is added (known mines lower its count)
                self.kb.tell(cell, count)
                # 4) and 5) the zero, full and subset rules mark cells and add
                # sentences until nothing changes
                self.kb.infer()

    def make_safe_move(self) -> Optional[Cell]:
        """Return a known safe cell not yet played, or None; changes nothing."""
        return self.kb.unplayed_safe()

    def make_random_move(self) -> Optional[Cell]:
        """Return a random cell that is neither played nor a known mine, or None."""
        played, mines = self.kb.moves_made, self.kb.mines
        choices = [c for c in self.all_cells() if c not in played and c not in mines]
        return self.rng.choice(choices) if choices else None

    # -- CS50's names for what the knowledge base holds -------------------------------------

    @property
    def knowledge(self) -> list[Sentence]:
        """Return the sentences: CS50's list, which other code may edit."""
        return self._listed.get(self.kb)

    @knowledge.setter
    def knowledge(self, sentences: list[Sentence]) -> None:
        self._listed.put(sentences)

    @property
    def mines(self) -> set[Cell]:
        """Return the cells known to be mines (other code may edit the set)."""
        self.kb.watch()
        return self.kb.mines

    @mines.setter
    def mines(self, cells: set[Cell]) -> None:
        self.kb.watch()
        self.kb.mines = cells

    @property
    def safes(self) -> set[Cell]:
        """Return the cells known to be safe (other code may edit the set)."""
        self.kb.watch()
        return self.kb.safes

    @safes.setter
    def safes(self, cells: set[Cell]) -> None:
        self.kb.watch()
        self.kb.safes = cells

    @property
    def moves_made(self) -> set[Cell]:
        """Return the cells played, their numbers told (other code may edit the set)."""
        self.kb.watch()
        return self.kb.moves_made

    @moves_made.setter
    def moves_made(self, cells: set[Cell]) -> None:
        self.kb.watch()
        self.kb.moves_made = cells

    @property
    def steps(self) -> StepLog:
        """Return every step learned, in order (see sweeper/records.py)."""
        return self.kb.steps

    @property
    def revealed(self) -> dict[Cell, int]:
        """Return the numbers told, cell -> number, in the order told."""
        return self.kb.revealed

    def all_cells(self) -> list[Cell]:
        """Return every cell of the board in reading order."""
        return [(i, j) for i in range(self.height) for j in range(self.width)]

    # -- more learning ----------------------------------------------------------------------

    @contextmanager
    def _learning(self) -> Iterator[None]:
        """Run one learning call whole (KnowledgeBase.learning), with CS50's list kept in step."""
        try:
            with self.kb.learning(self._listed.edits()):
                yield
        finally:
            self._listed.refresh(self.kb)

    def add_reveal(self, revealed: Iterable[tuple[Cell, int]]) -> None:
        """Record one click's reveal, as one learning call (see KnowledgeBase.add_reveal)."""
        told: dict[Cell, int] = {}
        for cell, count in revealed:
            cell = check_cell(cell, self.height, self.width)
            if self.kb.is_new(cell, count, told):
                told[cell] = count
        if told:
            with self._learning():
                self.kb.add_reveal(told)

    def learn_by_counting(self) -> Optional[Step]:
        """Count the arrangements and mark every cell they all agree on, as one step.

        Returns the enumeration step, or None when counting proves nothing
        new. Only exact counts prove anything: an estimate never does.
        """
        step = self.counting_step()
        if step is not None:
            with self._learning():
                self.kb.learn_counted(step)
        return step

    # -- more looking: nothing below changes the AI -----------------------------------------

    def counting_step(self) -> Optional[Step]:
        """Return the step learn_by_counting would record now, without recording it."""
        return self.kb.counting_step(self.position())

    def position(self) -> Position:
        """Return what the AI knows now, frozen: numbers, known cells, sentences, total."""
        edits = self._listed.edits()
        in_step = edits is None and not self.kb.edited()
        if in_step and self._cached is not None and self._cached[0] == self.kb.version:
            return self._cached[1]
        position = self.kb.position(self.total_mines, self.first_click, self._workspace, edits)
        if in_step:
            self._cached = (self.kb.version, position)
        return position

    def mine_probabilities(self) -> Odds:
        """Return every unrevealed cell -> the exact chance that it holds a mine.

        Every arrangement of the remaining mines that agrees with the revealed
        numbers and the total counts once. Known mines give 1, known safe
        cells 0. Without a total (mines=None), each arrangement of the cells
        next to numbers counts once and a cell no number touches gets 1/2,
        meaning "no information". The result is a dict; its `exact` attribute
        is False when a position was too wide to count within the budget and
        the unknown cells' figures are estimates (which never prove a cell).
        """
        return self.position().probabilities()

    def choose(self) -> Optional[Decision]:
        """Return the cell the AI would click now and why; None when only known mines are left.

        A looking call: it changes nothing, and asked again it answers the same,
        so the answer is kept for the position it was worked out on (with what
        its endgame search found, which make_move adopts).
        """
        safe = self.make_safe_move()
        if safe is not None:
            return Decision(safe, "known safe", Fraction(0), proof=self.kb.proof(safe))
        position, kept = self.position(), self._chosen
        if kept is not None and kept[0] is position and kept[1] is self.strategies:
            self._workspace.found = kept[3]
            return kept[2]
        self._workspace.found = {}
        decision = decide(position, self.strategies)
        self._chosen = (position, self.strategies, decision, self._workspace.found)
        return decision

    def why_safe(self, cell: Cell) -> Optional[Step]:
        """Return the step that proved cell safe, if any (its steps made now, if they were not)."""
        steps = self.steps
        index = self.kb.proof(cell)
        return None if index is None else steps[index]

    def proved_by(self, cell: Cell) -> Optional[str]:
        """Return the rule that proved cell safe (zero, given, enumeration), with no steps made."""
        return self.kb.proved_by(cell)

    def knowledge_after(self, k: int) -> Knowledge:
        """Return the knowledge as it was after step k (k = -1: the start; see KnowledgeBase)."""
        return self.kb.knowledge_after(k)

    # -- the whole turn ---------------------------------------------------------------------

    def make_move(self) -> Optional[Cell]:
        """Learn what counting proves, choose, and record the move; return its cell (or None).

        The decision is kept in self.last_decision and logged as a "move"
        step. The cell becomes a move made when add_knowledge is told its
        number: a guess may be a mine, and a move may not be played at all.
        """
        if self.make_safe_move() is None:
            self.learn_by_counting()
        decision = self.choose()
        adopt(self._workspace.search_memo, self._workspace.found)
        self._workspace.found = {}
        self.last_decision = decision
        if decision is None:
            return None
        self.kb.move(decision.cell, decision)
        return decision.cell
