"""Minesweeper: CS50's game, CS50's knowledge-base AI, and the AI's exact odds.

Glossary
--------
Cell      a pair ``(row, col)``, both counted from 0 at the top left.
Sentence  "``count`` of these ``cells`` are mines" (CS50's name for a rule).
Frontier  the unknown cells that some sentence names.
Step      one thing the AI learned: the rule, the premises, the conclusion.
Position  what the AI knows at one moment, frozen, to ask "what if".
Decision  the cell the AI would click, which strategy chose it, its odds, why.

The file holds CS50's three classes, in CS50's order: ``Minesweeper`` (the
game: CS50's names, plus the window's first-click rules, flags and chords),
``Sentence`` (CS50's contract exactly) and ``MinesweeperAI`` (CS50's calls,
then exact counting and the guess). The AI does two kinds of things, kept
apart. *Learning* changes its knowledge and records steps: ``add_knowledge``,
``mark_mine``, ``mark_safe``, ``add_reveal`` and ``learn_by_counting``.
*Looking* changes nothing: ``make_safe_move``, ``make_random_move``,
``position``, ``mine_probabilities`` and ``choose``. ``make_move`` learns,
chooses and records the move.

Everything else lives one import away in the ``sweeper`` package (standard
library only): the knowledge base's machinery (``sweeper/knowledge.py``),
the board's rules and names, the notation, the probability engine,
positions, the endgame search and the guess strategies.

The window, the benchmark, saves and records do not import this file:
they play sweeper/game.py's ``Game`` with sweeper/solver.py's ``Solver``,
which hold the same code as this file's classes for now. This file is for
students and CS50's own runner.py, and is to become CS50's file standing
alone (issue 46).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Optional

from sweeper.board import (
    Cell,
    cell_name,
    check_cell,
    check_rule,
    flood,
    kept_clear,
    max_mines,
    neighbours,
    positive_int,
)
from sweeper.knowledge import KnowledgeBase, Listed
from sweeper.noguess import NO_GUESS_SECONDS, no_guess_mines, solved_without_guessing
from sweeper.notation import MINES_LINE, mines_hex, parse_board
from sweeper.position import Odds, Position, Workspace
from sweeper.records import Decision, Knowledge, Step, StepLog
from sweeper.search import Memo, adopt
from sweeper.strategies import Strategy, decide, default_strategies

__all__ = ["Minesweeper", "MoveResult", "Sentence", "MinesweeperAI"]


# ---------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class MoveResult:
    """What one move did: the cells it revealed, or why it did nothing."""

    revealed: tuple[tuple[Cell, int], ...] = ()
    exploded: Optional[Cell] = None
    flagged: Optional[bool] = None
    ignored: str = ""

    @property
    def changed(self) -> bool:
        """True when the move changed the game."""
        return not self.ignored


class Minesweeper:
    """Minesweeper game representation: the hidden mines and what a player sees.

    With first_click="none" the mines are placed at construction, as CS50's
    game places them. Under the other rules ("safe", the default, "opening"
    and "no-guess") they are placed when the first click is known, so that
    it can be kept clear: at the first reveal(), or at the first cell asked
    about with is_mine or nearby_mines (CS50's runner asks and never reveals).
    """

    def __init__(
        self,
        height: int = 8,
        width: int = 8,
        mines: int = 8,
        *,
        seed: Optional[int] = None,
        first_click: str = "safe",
        no_guess_seconds: float = NO_GUESS_SECONDS,
    ) -> None:
        self.height = positive_int("height", height)
        self.width = positive_int("width", width)
        if isinstance(mines, bool) or not isinstance(mines, int) or mines < 0:
            raise ValueError(f"mines must be a whole number of 0 or more, not {mines!r}")
        check_rule(first_click)
        limit = max_mines(height, width, first_click)
        if mines > limit:
            raise ValueError(
                f"{mines} mines do not fit a {height}x{width} board under the "
                f"{first_click!r} first-click rule: at most {limit}"
            )
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        self.seed = seed
        self.first_click = first_click
        self.no_guess_seconds = no_guess_seconds  # the most a no-guess deal may take
        self.mine_count = mines
        self.rng = random.Random(seed)
        self.mines: set[Cell] = set()
        self.board: list[list[bool]] = [[False] * width for _ in range(height)]
        self.revealed: dict[Cell, int] = {}
        self.flags: set[Cell] = set()
        self.exploded: Optional[Cell] = None
        self.placed = False
        self.clicks = 0  # moves that changed the game: reveals, chords, flags (for efficiency)
        if first_click == "none":
            self._place_mines(set())

    # -- CS50's calls -----------------------------------------------------------------------

    def print(self) -> None:
        """Print a text representation of where mines are located."""
        for i in range(self.height):
            print("--" * self.width + "-")
            print("|" + "".join("X|" if self.board[i][j] else " |" for j in range(self.width)))
        print("--" * self.width + "-")

    def is_mine(self, cell: Cell) -> bool:
        """Return True when a mine lies on cell."""
        i, j = self._touch(cell)
        return self.board[i][j]

    def nearby_mines(self, cell: Cell) -> int:
        """Return the number of mines within one row and column of cell."""
        cell = self._touch(cell)
        return sum(1 for n in self.neighbors(cell) if n in self.mines)

    @property
    def mines_found(self) -> set[Cell]:
        """Return the flagged cells that really are mines (CS50's name)."""
        return self.flags & self.mines

    def won(self) -> bool:
        """Return True when every safe cell is revealed."""
        return (
            self.placed
            and self.exploded is None
            and len(self.revealed) == self.height * self.width - self.mine_count
        )

    # -- the mines: placed at the first click, or the first cell asked about ----------------

    def _touch(self, cell: Cell) -> Cell:
        """Return cell checked; the first cell asked about before any reveal is the first click.

        CS50's runner never calls reveal(): it asks is_mine and nearby_mines.
        So the mines are placed at the first of these calls as at a first
        click on that cell (under the default rule it is kept clear).
        """
        cell = self.check_cell(cell)
        if not self.placed:
            self._first_click(cell)
        return cell

    def _place_mines(self, keep_clear: set[Cell]) -> None:
        """Place the mines uniformly among the cells outside keep_clear."""
        candidates = [c for c in self.cells() if c not in keep_clear]
        self._set_mines(self.rng.sample(candidates, self.mine_count))

    def _set_mines(self, mines: Iterable[Cell]) -> None:
        """Put mines on exactly these cells."""
        self.mines = set(mines)
        self.mine_count = len(self.mines)
        for i, j in self.cells():
            self.board[i][j] = (i, j) in self.mines
        self.placed = True

    def _first_click(self, cell: Cell) -> None:
        """Place the mines once the first click is known, by the rule.

        Under "no-guess" the board is one that the AI's knowledge base and
        exact counting clear from this click without a guess (checked by a
        whole game of the AI without its guessing strategies); NoGuessTimeout
        when none is found in time, and then nothing is placed.
        """
        if self.first_click == "no-guess":
            h, w = self.height, self.width
            self._set_mines(
                no_guess_mines(
                    h, w, self.mine_count, cell, self.rng, self.no_guess_seconds,
                    confirm=lambda mines: solved_without_guessing(h, w, mines, cell),
                )
            )  # fmt: skip
            return
        self._place_mines(set(kept_clear(cell, self.height, self.width, self.first_click)))

    # -- geometry ---------------------------------------------------------------------------

    def cells(self) -> Iterator[Cell]:
        """Yield every cell in reading order."""
        for i in range(self.height):
            for j in range(self.width):
                yield (i, j)

    def check_cell(self, cell: object) -> Cell:
        """Return cell when it is on the board, else raise a clear ValueError."""
        return check_cell(cell, self.height, self.width)

    def neighbors(self, cell: Cell) -> list[Cell]:
        """Return the cells around cell (not cell itself), in reading order."""
        return list(neighbours(cell, self.height, self.width))

    # -- the game as it stands --------------------------------------------------------------

    def lost(self) -> bool:
        """Return True when a mine has been revealed."""
        return self.exploded is not None

    def is_over(self) -> bool:
        """Return True when the game is won or lost."""
        return self.won() or self.lost()

    def status(self) -> str:
        """Return "playing", "won" or "lost"."""
        return "lost" if self.lost() else "won" if self.won() else "playing"

    def mines_left(self) -> int:
        """Return the mine counter a player sees: mines minus flags."""
        return self.mine_count - len(self.flags)

    # -- moves ------------------------------------------------------------------------------

    def _refusal(self, cell: Cell) -> str:
        """Return why a reveal of cell would do nothing, or "" if it would act."""
        if self.is_over():
            return "the game is over"
        if cell in self.flags:
            return f"{cell_name(cell)} is flagged"
        if cell in self.revealed:
            return f"{cell_name(cell)} is already revealed"
        return ""

    def reveal(self, cell: Cell) -> MoveResult:
        """Reveal cell; a zero floods its neighbours. Returns what was revealed."""
        cell = self.check_cell(cell)
        refusal = self._refusal(cell)
        if refusal:
            return MoveResult(ignored=refusal)
        if not self.placed:
            self._first_click(cell)
        self.clicks += 1
        if cell in self.mines:
            self.exploded = cell
            return MoveResult(exploded=cell)
        return MoveResult(revealed=tuple(self._flood(cell)))

    def _flood(self, start: Cell) -> list[tuple[Cell, int]]:
        """Reveal start and, through zeros, every safe cell it connects to."""

        def closed(c: Cell) -> bool:
            return c not in self.revealed and c not in self.flags

        shown = flood(start, self.height, self.width, self.mines, closed)
        self.revealed.update(shown)
        return shown

    def toggle_flag(self, cell: Cell) -> MoveResult:
        """Put a flag on a hidden cell, or take it off again."""
        cell = self.check_cell(cell)
        if self.is_over():
            return MoveResult(ignored="the game is over")
        if cell in self.revealed:
            return MoveResult(ignored=f"{cell_name(cell)} is already revealed")
        self.clicks += 1
        if cell in self.flags:
            self.flags.discard(cell)
            return MoveResult(flagged=False)
        self.flags.add(cell)
        return MoveResult(flagged=True)

    def chord(self, cell: Cell) -> MoveResult:
        """Reveal the unflagged neighbours of a number whose flags match it."""
        cell = self.check_cell(cell)
        if self.is_over():
            return MoveResult(ignored="the game is over")
        if cell not in self.revealed:
            return MoveResult(ignored=f"{cell_name(cell)} is not revealed")
        around = self.neighbors(cell)
        flags = sum(1 for n in around if n in self.flags)
        if flags != self.revealed[cell]:
            around_it = "no flags" if flags == 0 else f"{flags} flag" + "s" * (flags != 1)
            return MoveResult(
                ignored=f"{cell_name(cell)} shows {self.revealed[cell]} "
                f"but has {around_it} around it"
            )
        hidden = [n for n in around if n not in self.revealed and n not in self.flags]
        if not hidden:
            return MoveResult(ignored=f"{cell_name(cell)} has no hidden unflagged neighbours")
        self.clicks += 1
        revealed: list[tuple[Cell, int]] = []
        for n in hidden:
            if n in self.revealed:
                continue
            if n in self.mines:
                self.exploded = n
                return MoveResult(revealed=tuple(revealed), exploded=n)
            revealed.extend(self._flood(n))
        return MoveResult(revealed=tuple(revealed))

    # -- notation ---------------------------------------------------------------------------

    def to_text(self, hide_mines: bool = False) -> str:
        """Return the board in the project's notation (see parse_board).

        hide_mines writes a saved game: hidden cells all as '.', flags all as
        'F', and the mines on a '#= mines' line, so the file shows no answer.
        """
        rows = "\n".join(
            "".join(self._symbol((i, j), hide_mines) for j in range(self.width))
            for i in range(self.height)
        )
        if hide_mines:
            rows = f"{MINES_LINE}{mines_hex(self.mines, self.width)}\n{rows}"
        return rows + "\n"

    def _symbol(self, cell: Cell, hide_mines: bool = False) -> str:
        """Return the notation's character for one cell."""
        mine = cell in self.mines and not hide_mines
        if cell == self.exploded:
            return "X"
        if cell in self.flags:
            return "F" if mine or hide_mines else "f"
        if cell in self.revealed:
            return str(self.revealed[cell])
        return "*" if mine else "."

    @classmethod
    def from_mines(cls, height: int, width: int, mines: Iterable[Cell]) -> Minesweeper:
        """Return a game with its mines on exactly these cells (first click rule: none)."""
        game = cls(height, width, 0, seed=0, first_click="none")
        placed = {game.check_cell(cell) for cell in mines}
        game._set_mines(placed)
        return game

    @classmethod
    def from_text(cls, text: str) -> Minesweeper:
        """Return the game a board text describes (see parse_board)."""
        board = parse_board(text)
        game = cls(board.height, board.width, 0, seed=0, first_click="none")
        game._set_mines(board.mines)
        game.flags = set(board.flags)
        game.exploded = board.exploded
        for cell in board.revealed:
            game.revealed[cell] = game.nearby_mines(cell)
        return game


# ---------------------------------------------------------------------------
# The sentence: CS50's contract
# ---------------------------------------------------------------------------


class Sentence:
    """Logical statement about a Minesweeper game: count of cells are mines."""

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


# ---------------------------------------------------------------------------
# The AI: CS50's knowledge base, then exact counting, then the strategies
# ---------------------------------------------------------------------------


class MinesweeperAI:
    """Minesweeper game player: CS50's knowledge base of sentences, then exact odds.

    Learning calls change the knowledge and record steps in self.steps:
    add_knowledge, mark_mine, mark_safe (CS50's), add_reveal and
    learn_by_counting. Looking calls change nothing: make_safe_move,
    make_random_move (CS50's), position, mine_probabilities and choose.
    make_move learns what counting proves, chooses, and records the move.
    The knowledge lives in a KnowledgeBase (sweeper/knowledge.py): CS50's
    knowledge, mines, safes and moves_made read it, and other code may
    edit them as CS50's code does.
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
