"""The game the window, the benchmark, saves and records play: CS50's game and more.

``Game`` keeps the hidden mines and what a player sees. Beyond CS50's game
(minesweeper.py, which places its mines at construction) it has the
first-click rules (safe, opening, no-guess, none) and places the mines when
the first click is known; it has flags, chords, the count of clicks, the
game's status, and the project's notation (``to_text``, ``from_text``,
``from_mines``). A move returns a ``MoveResult``: the cells it opened, or
why it did nothing. Standard library only.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Optional

from .board import (
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
from .noguess import NO_GUESS_SECONDS, no_guess_mines, solved_without_guessing
from .notation import MINES_LINE, mines_hex, parse_board

__all__ = ["Game", "MoveResult", "derive_seed"]


def derive_seed(*parts: object) -> int:
    """Return a 64-bit seed determined only by parts (stable across processes)."""
    text = "/".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


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


class Game:
    """A game of Minesweeper: the hidden mines and what a player sees, under a first-click rule.

    CS50's calls come first (is_mine, nearby_mines, mines_found, won,
    print), then what the window and the benchmark play with: clicks,
    flags, chords, the game's status and its notation. With
    first_click="none" the mines are placed at construction, as CS50's
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

    def take_back(self) -> Optional[Cell]:
        """Take back the click that hit a mine: hidden again, the game goes on; return its cell.

        None when no click hit a mine (nothing changes then). Only the mine
        is hidden again: what a chord opened before it hit the mine stays
        open, as the player and the AI have seen it, and the click stays
        counted in clicks, as the click was made.
        """
        cell, self.exploded = self.exploded, None
        return cell

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
    def from_mines(cls, height: int, width: int, mines: Iterable[Cell]) -> Game:
        """Return a game with its mines on exactly these cells (first click rule: none)."""
        game = cls(height, width, 0, seed=0, first_click="none")
        placed = {game.check_cell(cell) for cell in mines}
        game._set_mines(placed)
        return game

    @classmethod
    def from_text(cls, text: str) -> Game:
        """Return the game a board text describes (see parse_board)."""
        board = parse_board(text)
        game = cls(board.height, board.width, 0, seed=0, first_click="none")
        game._set_mines(board.mines)
        game.flags = set(board.flags)
        game.exploded = board.exploded
        for cell in board.revealed:
            game.revealed[cell] = game.nearby_mines(cell)
        return game
