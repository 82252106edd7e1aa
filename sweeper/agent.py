"""What the window, the classroom and the benchmark read of an AI, whichever knowledge base it runs.

``Agent`` writes that interface down as a typing Protocol: CS50's calls and
sets, then the project's learning calls (``add_reveal``,
``learn_by_counting``, ``make_move``) and looking calls (``position``,
``choose``, ``mine_probabilities``, ``counting_step``, ``why_safe``,
``proved_by``, ``knowledge_after``), and what they leave behind (``steps``,
``revealed``, ``last_decision``). sweeper/solver.py's ``Solver`` (the fast
knowledge base) is one; code that reads an AI through ``Agent`` does not
care which knowledge base learned what it reads.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Optional, Protocol

from .board import Cell
from .position import Odds, Position
from .records import Decision, Knowledge, Step


class SentenceView(Protocol):
    """A sentence as CS50's list holds it: count of these cells are mines."""

    @property
    def cells(self) -> set[Cell]: ...

    @property
    def count(self) -> int: ...


class Agent(Protocol):
    """An AI as the window reads it: CS50's calls, what it learned (steps), and looking."""

    # -- the board it plays, and CS50's sets ------------------------------------------

    @property
    def height(self) -> int: ...

    @property
    def width(self) -> int: ...

    @property
    def total_mines(self) -> Optional[int]:
        """The board's mine total, when the AI was told it (CS50's AI is not)."""
        ...

    @property
    def first_click(self) -> str:
        """The board's first-click rule (sweeper.board.FIRST_CLICK_RULES)."""
        ...

    @property
    def mines(self) -> set[Cell]: ...

    @property
    def safes(self) -> set[Cell]: ...

    @property
    def moves_made(self) -> set[Cell]: ...

    @property
    def knowledge(self) -> Sequence[SentenceView]: ...

    # -- CS50's calls -------------------------------------------------------------------

    def mark_mine(self, cell: Cell) -> None:
        """Mark a cell as a mine, and update all knowledge to mark it too."""
        ...

    def mark_safe(self, cell: Cell) -> None:
        """Mark a cell as safe, and update all knowledge to mark it too."""
        ...

    def add_knowledge(self, cell: Cell, count: int) -> None:
        """Record that a safe cell shows count, and infer all that follows."""
        ...

    def make_safe_move(self) -> Optional[Cell]:
        """Return a known safe cell not yet played, or None; changes nothing."""
        ...

    def make_random_move(self) -> Optional[Cell]:
        """Return a cell that is neither played nor a known mine, or None."""
        ...

    # -- learning, and what it leaves behind -----------------------------------------------

    @property
    def steps(self) -> Sequence[Step]:
        """Every step learned, in order (sweeper/records.py)."""
        ...

    @property
    def revealed(self) -> dict[Cell, int]:
        """The numbers told, cell -> number, in the order told."""
        ...

    @property
    def last_decision(self) -> Optional[Decision]:
        """The decision make_move made last, or None."""
        ...

    def add_reveal(self, revealed: Iterable[tuple[Cell, int]]) -> None:
        """Record one click's reveal, as one learning call."""
        ...

    def learn_by_counting(self) -> Optional[Step]:
        """Mark every cell all arrangements agree on, as one step; None when none is new."""
        ...

    def make_move(self) -> Optional[Cell]:
        """Learn what counting proves, choose, and record the move; return its cell."""
        ...

    # -- looking: nothing below changes the AI ---------------------------------------------

    def counting_step(self) -> Optional[Step]:
        """Return the step learn_by_counting would record now, without recording it."""
        ...

    def position(self) -> Position:
        """Return what the AI knows now, frozen."""
        ...

    def mine_probabilities(self) -> Odds:
        """Return every unrevealed cell -> its exact chance of a mine."""
        ...

    def choose(self) -> Optional[Decision]:
        """Return the cell the AI would click now and why; None when only known mines are left."""
        ...

    def why_safe(self, cell: Cell) -> Optional[Step]:
        """Return the step that proved cell safe, if any."""
        ...

    def proved_by(self, cell: Cell) -> Optional[str]:
        """Return the rule that proved cell safe (zero, given, enumeration), if any."""
        ...

    def knowledge_after(self, k: int) -> Knowledge:
        """Return the knowledge as it was after step k (k = -1: the start)."""
        ...
