"""Minesweeper: the game, CS50's knowledge base, and an exact-probability AI.

Glossary
--------
Cell      a pair ``(row, col)``, both counted from 0 at the top left.
Sentence  "``count`` of these ``cells`` are mines" (CS50's name for a rule).
Frontier  the unknown cells that some sentence names.
Step      one thing the AI learned: the rule, the premises, the conclusion.
Position  what the AI knows at one moment, frozen, to ask "what if".
Decision  the cell the AI would click, which strategy chose it, its odds, why.

This file holds what CS50's course teaches: the game (``Minesweeper``),
``Sentence`` and ``MinesweeperAI`` with its knowledge base. The AI does two
kinds of things, kept apart. *Learning* changes its knowledge and records
steps: ``add_knowledge``, ``mark_mine``, ``mark_safe`` and
``learn_by_counting``. *Looking* changes nothing: ``position``,
``mine_probabilities`` and ``choose``. ``make_move`` learns, chooses and
records the move. The rest lives beside this file in the ``sweeper``
package (standard library only, no pygame): the board's rules and names,
the notation, the probability engine, positions, the endgame search and
the guess strategies.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Optional

from sweeper.board import (
    FIRST_CLICK_RULES,
    Cell,
    cell_name,
    kept_clear,
    max_mines,
    neighbours,
)
from sweeper.engine import Contradiction, Rule, Solution
from sweeper.noguess import NO_GUESS_SECONDS, no_guess_mines
from sweeper.notation import (
    MINES_LINE,
    mines_hex,
    parse_board,
)
from sweeper.position import Odds, Position, Workspace
from sweeper.records import Counting, Decision, Knowledge, Step, StepLog
from sweeper.search import adopt
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


def _positive_int(name: str, value: object) -> int:
    """Return value when it is a positive int, else raise a clear ValueError."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{name} must be a positive whole number, not {value!r}")
    return value


class Minesweeper:
    """Minesweeper game representation: the hidden mines and what a player sees."""

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
        self.height = _positive_int("height", height)
        self.width = _positive_int("width", width)
        if isinstance(mines, bool) or not isinstance(mines, int) or mines < 0:
            raise ValueError(f"mines must be a whole number of 0 or more, not {mines!r}")
        if first_click not in FIRST_CLICK_RULES:
            raise ValueError(
                f"first_click must be one of {', '.join(FIRST_CLICK_RULES)}, not {first_click!r}"
            )
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

    # -- mines ---------------------------------------------------------------

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
            self._set_mines(
                no_guess_mines(
                    self.height,
                    self.width,
                    self.mine_count,
                    cell,
                    self.rng,
                    self.no_guess_seconds,
                    confirm=lambda mines: self.solved_without_guessing(
                        self.height, self.width, mines, cell
                    ),
                )
            )
            return
        self._place_mines(set(kept_clear(cell, self.height, self.width, self.first_click)))

    @classmethod
    def solved_without_guessing(
        cls, height: int, width: int, mines: Iterable[Cell], first: Cell
    ) -> bool:
        """Return True when the AI, never guessing, clears this board from the first click.

        The AI learns only by its knowledge base and exact counting (the mine
        total included) and plays only cells they prove safe, to the last one.
        """
        game = cls.from_mines(height, width, mines)
        ai = MinesweeperAI(height, width, game.mine_count, first_click="no-guess", strategies=())
        cell: Optional[Cell] = first
        while cell is not None and not game.is_over():
            result = game.reveal(cell)
            if result.exploded is not None:  # a proof was wrong: never, but never deal it
                return False
            ai.add_reveal(result.revealed)
            cell = ai.make_safe_move()
            if cell is None:
                ai.learn_by_counting()
                cell = ai.make_safe_move()
        return game.won()

    # -- geometry ------------------------------------------------------------

    def cells(self) -> Iterator[Cell]:
        """Yield every cell in reading order."""
        for i in range(self.height):
            for j in range(self.width):
                yield (i, j)

    def check_cell(self, cell: object) -> Cell:
        """Return cell when it is on the board, else raise a clear ValueError."""
        if (
            not isinstance(cell, tuple)
            or len(cell) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in cell)
        ):
            raise ValueError(f"a cell is a pair (row, column) of whole numbers, not {cell!r}")
        i, j = cell
        if not (0 <= i < self.height and 0 <= j < self.width):
            raise ValueError(
                f"cell {cell} is off the board: rows run 0..{self.height - 1}, "
                f"columns 0..{self.width - 1}"
            )
        return (i, j)

    def neighbors(self, cell: Cell) -> list[Cell]:
        """Return the cells around cell (not cell itself), in reading order."""
        return list(neighbours(cell, self.height, self.width))

    # -- CS50's queries ------------------------------------------------------

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

    # -- moves ---------------------------------------------------------------

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
        shown: list[tuple[Cell, int]] = []
        queue = deque([start])
        seen = {start}
        while queue:
            cell = queue.popleft()
            count = self.nearby_mines(cell)
            self.revealed[cell] = count
            shown.append((cell, count))
            if count == 0:
                for n in self.neighbors(cell):
                    if n not in seen and n not in self.revealed and n not in self.flags:
                        seen.add(n)
                        queue.append(n)
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

    # -- notation ------------------------------------------------------------

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
# The knowledge base's index: bookkeeping a reader can hold in their head
# ---------------------------------------------------------------------------


class SentenceIndex:
    """Where each sentence of the knowledge base is filed: by its set of cells, and under each cell.

    Invariant between the AI's public calls: the filed sentences are exactly
    those of ai.knowledge, in the same order; none is empty, none names a
    cell known to be a mine or safe, and no two name the same set of cells.
    A sentence is taken out (unfile) before its cells change and filed again
    after, so the keys always match the contents.
    """

    def __init__(self) -> None:
        self.by_cells: dict[frozenset[Cell], Sentence] = {}
        self.under: dict[Cell, dict[int, Sentence]] = {}
        self.order: dict[int, Sentence] = {}  # id -> sentence, in the order first filed

    def file(self, sentence: Sentence, key: Optional[frozenset[Cell]] = None) -> bool:
        """File a sentence; False (and not filed) when it is empty or its cells are filed already.

        key: its cells as a frozenset, when the caller has made one. Raises
        Contradiction when its count cannot hold, or another sentence over
        the same cells has another count.
        """
        if key is None:
            key = frozenset(sentence.cells)
        if not 0 <= sentence.count <= len(key):
            raise Contradiction(
                f"{_words(sentence)} cannot hold: the numbers contradict each other"
            )
        twin = self.by_cells.get(key)
        if twin is not None and twin is not sentence:
            if twin.count != sentence.count:
                raise Contradiction(f"{_words(sentence)} contradicts {_words(twin)}")
            self.order.pop(id(sentence), None)
            return False
        if not key:
            self.order.pop(id(sentence), None)
            return False
        self.by_cells[key] = sentence
        for c in key:
            self.under.setdefault(c, {})[id(sentence)] = sentence
        self.order.setdefault(id(sentence), sentence)
        return True

    def unfile(
        self, sentence: Sentence, keep_place: bool = False, key: Optional[frozenset[Cell]] = None
    ) -> None:
        """Take a filed sentence out; keep_place when it will be filed again after a change.

        key: its cells as a frozenset, when the caller has made one.
        """
        if key is None:
            key = frozenset(sentence.cells)
        if self.by_cells.get(key) is sentence:
            del self.by_cells[key]
        for c in key:
            self.under.get(c, {}).pop(id(sentence), None)
        if not keep_place:
            self.order.pop(id(sentence), None)

    def holds(self, sentence: Sentence, key: Optional[frozenset[Cell]] = None) -> bool:
        """True when the sentence is filed (still in the knowledge base), as it is now.

        key: its cells as a frozenset, when the caller has made one.
        """
        return self.by_cells.get(frozenset(sentence.cells) if key is None else key) is sentence

    def naming(self, cell: Cell) -> list[Sentence]:
        """Return the filed sentences that name cell."""
        return list(self.under.get(cell, {}).values())

    def has(self, cells: frozenset[Cell]) -> bool:
        """True when a sentence over exactly these cells is filed."""
        return cells in self.by_cells

    def sentences(self) -> list[Sentence]:
        """Return the filed sentences in the order they were first filed."""
        return list(self.order.values())


_stamps = itertools.count()


class Tracked(set[Cell]):
    """A set of cells that takes a new stamp at every change, so a change shows without comparing.

    The AI's mines, safes and moves made are Tracked: other code may edit
    them directly (CS50's code does), and the AI notices by the stamp. No
    two changes of any Tracked set share a stamp.
    """

    def __init__(self, cells: Iterable[Cell] = ()) -> None:
        super().__init__(cells)
        self.stamp = next(_stamps)


def _stamped(name: str) -> Callable[..., Any]:
    """Return set's method name wrapped to stamp the set before it runs."""
    change = getattr(set, name)

    def stamped(self: Tracked, *args: Any) -> Any:
        self.stamp = next(_stamps)
        return change(self, *args)

    stamped.__name__ = name
    return stamped


for _name in (
    "add", "discard", "remove", "pop", "clear", "update", "difference_update",
    "intersection_update", "symmetric_difference_update", "__ior__", "__iand__", "__isub__",
    "__ixor__",
):  # fmt: skip
    setattr(Tracked, _name, _stamped(_name))


def _words(sentence: Sentence) -> str:
    """Return a sentence with cell names, for error messages."""
    return f"{{{', '.join(cell_name(c) for c in sorted(sentence.cells))}}} = {sentence.count}"


def _rule(sentence: Sentence) -> Rule:
    """Return a frozen copy of a sentence, as steps keep them."""
    return Rule(frozenset(sentence.cells), sentence.count)


# ---------------------------------------------------------------------------
# The AI: CS50's knowledge base, then exact counting, then the strategies
# ---------------------------------------------------------------------------


class MinesweeperAI:
    """Minesweeper game player: a knowledge base of sentences, then exact odds.

    Learning calls change the knowledge and record steps in self.steps:
    add_knowledge, mark_mine, mark_safe (CS50's), and learn_by_counting.
    Looking calls change nothing: position, mine_probabilities, choose (and
    CS50's make_safe_move and make_random_move). make_move learns what it
    can, chooses, and records the move.
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
    ) -> None:
        self.height = _positive_int("height", height)
        self.width = _positive_int("width", width)
        if first_click not in FIRST_CLICK_RULES:
            raise ValueError(
                f"first_click must be one of {', '.join(FIRST_CLICK_RULES)}, not {first_click!r}"
            )
        if mines is not None:
            if isinstance(mines, bool) or not isinstance(mines, int) or mines < 0:
                raise ValueError(
                    f"mines must be None or a whole number of 0 or more, not {mines!r}"
                )
            if mines > height * width:
                raise ValueError(
                    f"{mines} mines do not fit a {height}x{width} board of {height * width} cells"
                )
        if strategies is None:
            strategies = default_strategies()
        if not all(callable(s) for s in strategies):
            raise TypeError("strategies must be callables: position, solution -> Decision or None")
        # CS50's ai.mines is the set of known mines, so the total lives here.
        self.total_mines = mines
        self.first_click = first_click
        self.strategies = tuple(strategies)
        self.rng = random.Random(seed)
        self.moves_made: set[Cell] = Tracked()
        self.mines: set[Cell] = Tracked()
        self.safes: set[Cell] = Tracked()
        self.knowledge: list[Sentence] = []
        self.revealed: dict[Cell, int] = {}  # the numbers told, in the order told
        self.steps = StepLog()
        self.last_decision: Optional[Decision] = None
        self._index = SentenceIndex()
        self._listed: Optional[list[Sentence]] = []  # knowledge as last filed (None: refile all)
        self._applied: tuple[set[Cell], set[Cell]] = (set(), set())  # mines, safes as last applied
        self._seen = self._stamps()  # mines, safes as last applied, by their stamps
        self._unplayed: tuple[tuple[int, int], set[Cell]] = ((-1, -1), set())  # safes, moves made
        self._queue: deque[Sentence] = deque()
        # How to undo each change of the learning call under way (None between calls).
        self._journal: Optional[list[Callable[[], object]]] = None
        self._proofs: dict[Cell, int] = {}  # a known safe cell -> the step that proved it
        self._workspace = Workspace()
        self._version = 0
        self._cached: Optional[tuple[int, Position]] = None

    # -- geometry the AI may use: the board's size, never its mines --------

    def neighbors(self, cell: Cell) -> list[Cell]:
        """Return the cells around cell on this AI's board."""
        return list(neighbours(cell, self.height, self.width))

    def all_cells(self) -> list[Cell]:
        """Return every cell of the board in reading order."""
        return [(i, j) for i in range(self.height) for j in range(self.width)]

    def _check_cell(self, cell: object) -> Cell:
        """Return cell when it is a cell of this board, else raise ValueError naming it."""
        if (
            not isinstance(cell, tuple)
            or len(cell) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in cell)
        ):
            raise ValueError(f"a cell is a pair (row, column) of whole numbers, not {cell!r}")
        i, j = cell
        if not (0 <= i < self.height and 0 <= j < self.width):
            raise ValueError(
                f"cell {cell} is off the {self.height}x{self.width} board: rows run "
                f"0..{self.height - 1}, columns 0..{self.width - 1}"
            )
        return (i, j)

    # -- learning: every change goes through here --------------------------------

    @contextmanager
    def _learning(self) -> Iterator[None]:
        """Run one learning call as a whole: take in direct edits first, infer after, undo on error.

        A Contradiction part way leaves the AI exactly as it was before the call.
        """
        self._reconcile()
        steps = len(self.steps)
        self._journal = []
        try:
            yield
            self._infer()
        except Contradiction:
            for undo in reversed(self._journal):
                undo()
            self.steps.truncate(steps)
            self._queue.clear()
            self._index = SentenceIndex()
            # self.knowledge is only rewritten once a call succeeds, so it is still as filed before.
            for sentence in self.knowledge:
                self._index.file(sentence)
            self._listed = list(self.knowledge)
            raise
        finally:
            self._journal = None
            self._version += 1
            self._seen = self._stamps()
        self.knowledge[:] = self._index.sentences()
        self._listed = list(self.knowledge)

    def _stamps(self) -> tuple[int, int]:
        """Return the stamps of mines and safes (other code may have put a plain set there)."""
        mines, safes = self.mines, self.safes
        if not isinstance(mines, Tracked):
            mines = self.mines = Tracked(mines)
        if not isinstance(safes, Tracked):
            safes = self.safes = Tracked(safes)
        return mines.stamp, safes.stamp

    def _note(self, undo: Callable[[], object]) -> None:
        """Remember how to undo one change of the current learning call."""
        if self._journal is not None:
            self._journal.append(undo)

    def _step(self, rule: str, **facts: Any) -> int:
        """Record a step of rule with its facts (and how many cells were told); return its index."""
        index = self.steps.note(rule, len(self.revealed), facts)
        self._prove(facts.get("safes", ()), index)
        return index

    def _record(self, step: Step) -> int:
        """Append a step already made to the log; return its index."""
        index = self.steps.add(step)
        self._prove(step.safes, index)
        return index

    def _prove(self, safes: Iterable[Cell], index: int) -> None:
        """Note step index as the proof of the cells it finds safe that had none."""
        for cell in safes:
            if cell not in self._proofs:
                self._proofs[cell] = index
                self._note(functools.partial(self._proofs.pop, cell, None))

    def _listed_as_filed(self) -> bool:
        """True when self.knowledge holds just the sentences filed at the end of the last call."""
        listed = self._listed
        return (
            listed is not None
            and len(listed) == len(self.knowledge)
            and all(a is b for a, b in zip(listed, self.knowledge, strict=True))
        )

    def _reconcile(self) -> None:
        """Take in direct changes by other code: sentences in knowledge, cells in mines or safes."""
        if not self._listed_as_filed():
            self._refile_all()
        if self._stamps() == self._seen:
            return
        mines, safes = self._applied
        if self.mines != mines or self.safes != safes:
            given_mines, given_safes = self.mines - mines, self.safes - safes
            self._applied = (set(self.mines), set(self.safes))
            for cell in given_mines | given_safes:
                (self.mines if cell in given_mines else self.safes).discard(cell)
            self._give(given_mines, given_safes)

    def _refile_all(self) -> None:
        """Rebuild the index from self.knowledge: known cells out, duplicates merged, new given."""
        before = {id(s) for s in self._index.sentences()}
        self._index = SentenceIndex()
        added: list[Rule] = []
        for sentence in self.knowledge:
            for cell in list(sentence.cells):
                if cell in self.mines:
                    sentence.mark_mine(cell)
                elif cell in self.safes:
                    sentence.mark_safe(cell)
            if self._index.file(sentence):
                self._queue.append(sentence)
                if id(sentence) not in before:
                    added.append(_rule(sentence))
        self.knowledge[:] = self._index.sentences()
        self._listed = list(self.knowledge)
        if added:
            self._step("given", added=tuple(added))

    def _give(self, mines: Iterable[Cell], safes: Iterable[Cell]) -> None:
        """Record cells given from outside as known (one 'given' step), and apply them."""
        mines, safes = frozenset(mines), frozenset(safes)
        if mines & safes:
            raise Contradiction(f"{cell_name(min(mines & safes))} cannot be both a mine and safe")
        mines = frozenset(c for c in mines if c not in self.mines)
        safes = frozenset(c for c in safes if c not in self.safes)
        if not (mines or safes):
            return
        self._step("given", mines=mines, safes=safes)
        for cell in sorted(mines):
            self._mark(cell, True)
        for cell in sorted(safes):
            self._mark(cell, False)

    def _add_known(self, cell: Cell, mine: bool) -> None:
        """Put cell in mines or safes (and in what has been applied), undoably."""
        current = not mine and self._unplayed[0] == self._unplayed_stamps()
        for known in (self.mines if mine else self.safes, self._applied[0 if mine else 1]):
            if cell not in known:
                known.add(cell)
                self._note(functools.partial(known.discard, cell))
        if current:  # keep the unplayed safe cells up to date rather than work them out again
            if cell not in self.moves_made:
                self._unplayed[1].add(cell)
            self._unplayed = (self._unplayed_stamps(), self._unplayed[1])

    def _mark(self, cell: Cell, mine: bool) -> None:
        """Record a known cell and take it out of every sentence naming it: a 'known' step each."""
        if cell in (self.safes if mine else self.mines):
            raise Contradiction(
                f"{cell_name(cell)} cannot be both a mine and safe: the numbers contradict"
            )
        self._add_known(cell, mine)
        known = frozenset([cell])
        for sentence in self._index.naming(cell):
            before = _rule(sentence)
            self._edit(sentence, before, cell, mine)
            after = _rule(sentence)
            kept = self._index.file(sentence, after.cells)
            if kept:
                self._queue.append(sentence)
            self._step(
                "known",
                premises=(before,),
                sentence=after if kept else None,
                known_mines=known if mine else frozenset(),
                known_safes=frozenset() if mine else known,
                added=(after,) if kept else (),
                removed=(before,),
            )

    def _edit(self, sentence: Sentence, before: Rule, cell: Cell, mine: bool) -> None:
        """Take a known cell out of a filed sentence (as it was: before), undoably.

        The caller files it again.
        """
        cells, count = set(before.cells), before.count

        def undo() -> None:
            sentence.cells, sentence.count = cells, count

        self._note(undo)
        self._index.unfile(sentence, keep_place=True, key=before.cells)
        if mine:
            sentence.mark_mine(cell)
        else:
            sentence.mark_safe(cell)

    def _admit(self, sentence: Sentence) -> bool:
        """Add a new sentence, less the known cells; False when it is empty or already known."""
        for cell in list(sentence.cells):
            if cell in self.mines:
                sentence.mark_mine(cell)
            elif cell in self.safes:
                sentence.mark_safe(cell)
        if not self._index.file(sentence):
            return False
        self._queue.append(sentence)
        return True

    def _retire(self, sentence: Sentence) -> None:
        """Take a sentence whose cells are all concluded out, so marking them is silent."""
        self._index.unfile(sentence)

    # -- CS50's marking -----------------------------------------------------

    def mark_mine(self, cell: Cell) -> None:
        """Mark a cell as a mine, and update all knowledge to mark it too."""
        cell = self._check_cell(cell)
        with self._learning():
            self._give([cell], [])

    def mark_safe(self, cell: Cell) -> None:
        """Mark a cell as safe, and update all knowledge to mark it too."""
        cell = self._check_cell(cell)
        with self._learning():
            self._give([], [cell])

    # -- CS50's add_knowledge ------------------------------------------------

    def add_knowledge(self, cell: Cell, count: int) -> None:
        """Record that a safe cell shows count, and infer all that follows.

        Marks the cell as a move made and safe, adds a sentence over its
        neighbours whose state is unknown (known mines lower the count), and
        then applies the zero, full and subset rules until nothing changes.
        A bad argument raises ValueError and changes nothing; numbers that
        contradict what is known raise Contradiction and change nothing.
        """
        cell = self._check_cell(cell)
        if self._is_new(cell, count, {}):
            with self._learning():
                self._tell(cell, count)

    def add_reveal(self, revealed: Iterable[tuple[Cell, int]]) -> None:
        """Record one click's reveal: the cells it opened are safe, then each one's number.

        A click that opens ground shows many cells at once. They are all
        safe the moment they are seen, so they are marked safe first (one
        'given' step) and each number is told after, with all that follows
        from it inferred before the next: no sentence, not even a number's
        first, names a cell the board already shows open. One cell is simply
        told. The whole reveal is one learning call: a bad argument or a
        contradiction anywhere in it changes nothing.
        """
        told: dict[Cell, int] = {}
        for cell, count in revealed:
            cell = self._check_cell(cell)
            if self._is_new(cell, count, told):
                told[cell] = count
        if not told:
            return
        opened = frozenset(told) if len(told) > 1 else frozenset()
        with self._learning():
            if opened:
                self._give([], [c for c in told if c not in self.safes])
            for cell, count in told.items():
                self._infer()
                self._tell(cell, count, opened)

    def _is_new(self, cell: Cell, count: object, told: dict[Cell, int]) -> bool:
        """True when cell's number is yet to be told; raise ValueError when count cannot be it."""
        around = neighbours(cell, self.height, self.width)
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= len(around):
            raise ValueError(
                f"{cell_name(cell)} has {len(around)} neighbour{'s' * (len(around) != 1)}, so "
                f"its count is a whole number from 0 to {len(around)}, not {count!r}"
            )
        before = self.revealed.get(cell, told.get(cell))
        if before is not None and before != count:
            raise ValueError(f"{cell_name(cell)} was told as {before} already, not {count}")
        return before is None

    def _tell(self, cell: Cell, count: int, opened: frozenset[Cell] = frozenset()) -> None:
        """Learn that cell is safe and shows count: a clue step over its hidden neighbours.

        opened: the cells the same click opened, on the board already (not hidden),
        whose numbers are told after.
        """
        if cell in self.mines:
            raise Contradiction(f"{cell_name(cell)} is a known mine, so it cannot show {count}")
        self._reveal(cell, count)
        if cell not in self.safes:
            self._mark(cell, False)
        around = neighbours(cell, self.height, self.width)
        hidden = [n for n in around if n not in self.moves_made and n not in opened]
        unknown = [n for n in hidden if n not in self.mines and n not in self.safes]
        known_mines = frozenset(n for n in hidden if n in self.mines)
        known_safes = frozenset(n for n in hidden if n in self.safes)
        sentence = Sentence(unknown, count - len(known_mines))
        clue = Rule(frozenset(hidden), count)
        if not unknown:  # every neighbour known: the number only confirms it
            if sentence.count != 0:
                raise Contradiction(
                    f"{cell_name(cell)} shows {count}, but its known mines number "
                    f"{len(known_mines)}"
                )
            self._step(
                "clue",
                sentence=clue,
                cell=cell,
                shown=count,
                known_mines=known_mines,
                known_safes=known_safes,
            )
            return
        admitted = self._admit(sentence)
        new = (_rule(sentence),) if admitted else ()
        if known_mines or known_safes:
            self._step("clue", sentence=clue, cell=cell, shown=count)
            self._step(
                "known",
                premises=(clue,),
                sentence=_rule(sentence),
                known_mines=known_mines,
                known_safes=known_safes,
                added=new,
            )
        else:
            self._step("clue", sentence=clue, cell=cell, shown=count, added=new)

    def _reveal(self, cell: Cell, count: int) -> None:
        """Record cell as played and its number as told, undoably."""
        current = self._unplayed[0] == self._unplayed_stamps()
        self.moves_made.add(cell)
        if current:
            self._unplayed[1].discard(cell)
            self._unplayed = (self._unplayed_stamps(), self._unplayed[1])
        self.revealed[cell] = count
        self._note(functools.partial(self.moves_made.discard, cell))
        self._note(functools.partial(self.revealed.pop, cell, None))

    def _infer(self) -> None:
        """Apply the zero, full and subset rules until the queue is empty."""
        while self._queue:
            sentence = self._queue.popleft()
            cells, count = frozenset(sentence.cells), sentence.count
            if not self._index.holds(sentence, cells):
                continue
            if count == 0 or count == len(cells):
                mine = count != 0
                self._retire(sentence)
                self._step(
                    "full" if mine else "zero",
                    premises=(_rule(sentence),),
                    mines=cells if mine else frozenset(),
                    safes=frozenset() if mine else cells,
                    removed=(_rule(sentence),),
                )
                for c in sorted(cells):
                    if c not in self.mines and c not in self.safes:
                        self._mark(c, mine)
                continue
            self._subset_inference(sentence, cells)

    def _subset_inference(self, sentence: Sentence, cells: frozenset[Cell]) -> None:
        """Derive set2 - set1 = count2 - count1 for every strict subset pair."""
        related: dict[int, Sentence] = {}
        for c in cells:
            related.update((id(s), s) for s in self._index.naming(c))
        related.pop(id(sentence), None)
        for other in related.values():
            if not self._index.holds(sentence):
                return
            if not self._index.holds(other):
                continue
            theirs = frozenset(other.cells)
            if theirs < cells:
                small, big = other, sentence
            elif cells < theirs:
                small, big = sentence, other
            else:
                continue
            derived = Sentence(big.cells - small.cells, big.count - small.count)
            if self._index.has(frozenset(derived.cells)):
                continue
            premises = (_rule(small), _rule(big))
            admitted = self._admit(derived)
            self._step(
                "subset",
                premises=premises,
                sentence=_rule(derived),
                added=(_rule(derived),) if admitted else (),
            )

    # -- learning from exact counting ------------------------------------------

    def learn_by_counting(self) -> Optional[Step]:
        """Count the arrangements and mark every cell they all agree on, as one step.

        Returns the enumeration step, or None when counting proves nothing
        new. Only exact counts prove anything: an estimate never does.
        """
        step = self.counting_step()
        if step is None:
            return None
        with self._learning():
            for rule in step.removed:
                retired = self._index.by_cells.get(rule.cells)
                if retired is not None:
                    self._retire(retired)
            self._record(step)
            for c in sorted(step.mines):
                self._mark(c, True)
            for c in sorted(step.safes):
                self._mark(c, False)
        return step

    def counting_step(self) -> Optional[Step]:
        """Return the step learn_by_counting would record now, without recording it (looking)."""
        position = self.position()
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
        return Step(
            "enumeration",
            premises=tuple(premises),
            safes=frozenset(safes),
            mines=frozenset(mines),
            removed=tuple(_rule(s) for s in self.knowledge if s.cells <= proven),
            told=len(self.revealed),
            counting=Counting(
                position.mines_left, position.outside_count, solution.arrangements, solution.exact
            ),
        )

    # -- looking: nothing below changes the AI ---------------------------------

    def make_safe_move(self) -> Optional[Cell]:
        """Return a known safe cell not yet played, or None; changes nothing."""
        choices = self._unplayed_safes()
        return min(choices) if choices else None

    def _unplayed_safes(self) -> set[Cell]:
        """Return the known safe cells not yet played, worked out afresh only after outside edits.

        The AI's own learning keeps the set up to date as it goes (_add_known, _reveal).
        """
        stamps = self._unplayed_stamps()
        if self._unplayed[0] != stamps:
            self._unplayed = (stamps, self.safes - self.moves_made)
        return self._unplayed[1]

    def _unplayed_stamps(self) -> tuple[int, int]:
        """Return the stamps of safes and moves made."""
        played = self.moves_made
        if not isinstance(played, Tracked):
            played = self.moves_made = Tracked(played)
        return self._stamps()[1], played.stamp

    def make_random_move(self) -> Optional[Cell]:
        """Return a random cell that is neither played nor a known mine, or None."""
        choices = [c for c in self.all_cells() if c not in self.moves_made and c not in self.mines]
        return self.rng.choice(choices) if choices else None

    def _in_step(self) -> bool:
        """True when nothing was changed directly since the last learning call."""
        return self._listed_as_filed() and (
            self._stamps() == self._seen or (self.mines, self.safes) == self._applied
        )

    def position(self) -> Position:
        """Return what the AI knows now, frozen: numbers, known cells, sentences, total."""
        if self._cached is not None and self._cached[0] == self._version and self._in_step():
            return self._cached[1]
        revealed = dict(self.revealed)
        for cell in self.moves_made - revealed.keys():  # played without a number told (CS50 code)
            revealed[cell] = -1
        position = Position.make(
            self.height,
            self.width,
            self.total_mines,
            revealed,
            self.mines,
            self.safes,
            ((frozenset(s.cells), s.count) for s in self.knowledge),
            self.first_click,
            self._workspace,
        )
        if self._in_step():
            self._cached = (self._version, position)
        return position

    def unknown_cells(self) -> list[Cell]:
        """Return the cells whose state the AI does not know, in reading order."""
        return list(self.position().unknown)

    def solution(self) -> Solution:
        """Return the engine's result over the current knowledge base."""
        return self.position().solution

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

        A looking call: it changes nothing, and asked again it answers the same.
        """
        safe = self.make_safe_move()
        if safe is not None:
            return Decision(safe, "known safe", Fraction(0), proof=self._proofs.get(safe))
        return decide(self.position(), self.strategies)

    # -- the whole turn ---------------------------------------------------------

    def make_move(self) -> Optional[Cell]:
        """Learn what counting proves, choose, and record the move; return its cell (or None).

        The decision is kept in self.last_decision and logged as a "move"
        step. The cell becomes a move made when add_knowledge is told its
        number: a guess may be a mine, and a move may not be played at all.
        """
        if self.make_safe_move() is None:
            self.learn_by_counting()
        self._workspace.found = {}
        decision = self.choose()
        adopt(self._workspace.search_memo, self._workspace.found)
        self._workspace.found = {}
        self.last_decision = decision
        if decision is None:
            return None
        self._step("move", cell=decision.cell, decision=decision)
        return decision.cell

    def why_safe(self, cell: Cell) -> Optional[Step]:
        """Return the step that proved cell safe, if any."""
        index = self._proofs.get(cell)
        return None if index is None else self.steps[index]

    def knowledge_after(self, k: int) -> Knowledge:
        """Return the knowledge as it was after step k, by folding the changes of steps 0..k.

        k = len(steps) - 1 gives today's; k = -1 the start.
        """
        sentences: dict[frozenset[Cell], Rule] = {}
        mines: set[Cell] = set()
        safes: set[Cell] = set()
        for step in self.steps[: k + 1]:
            for rule in step.removed:
                sentences.pop(rule.cells, None)
            for rule in step.added:
                sentences[rule.cells] = rule
            mines |= step.mines
            safes |= step.safes
        told = self.steps[k].told if 0 <= k < len(self.steps) else 0
        revealed = dict(itertools.islice(self.revealed.items(), told))
        return Knowledge(list(sentences.values()), mines, safes - revealed.keys(), revealed)
