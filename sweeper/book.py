"""An opening book: the guess to make in positions that recur in many games.

Under the safe rule the first click is A1; when it shows a number the next
click is a forced guess from the same position in every such game (on
expert, A1 = 1 in about 38% of games). Every unknown cell but A1's three
neighbours is then a mine with the same chance, so the odds cannot choose;
the book holds the cell that won most often when games were played from
that position with each candidate cell first (built by `python -m
bench.book`, whose command, seeds and counts the book file records).

A position is in the book when it is exactly the entry's: the board's size
and mines, the first-click rule, the cells revealed with their numbers, and
nothing else known.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Optional

from .board import Cell, cell_name, parse_cell
from .position import Position
from .records import Decision

BOOK_FILE = Path(__file__).with_name("book.txt")

# (rows, columns, mines, rule, ((cell, number), ...) in reading order)
Key = tuple[int, int, int, str, tuple[tuple[Cell, int], ...]]


def key_of(position: Position) -> Optional[Key]:
    """Return a position's book key, or None when it knows anything but revealed numbers."""
    if position.total is None or position.mine_bits or position.safe_bits:
        return None
    shown = tuple(sorted(position.revealed.items()))
    return (position.height, position.width, position.total, position.first_click, shown)


def parse_line(line: str) -> tuple[Key, Cell]:
    """Return one book line's key and cell: `16 30 99 safe A1=1 -> A30` (numbers after '#')."""
    text = line.split("#", 1)[0].strip()
    left, arrow, right = text.partition("->")
    words = left.split()
    if not arrow or len(words) < 5:
        raise ValueError(f"a book line is 'ROWS COLUMNS MINES RULE CELL=N ... -> CELL': {line!r}")
    rows, columns, mines, rule = int(words[0]), int(words[1]), int(words[2]), words[3]
    shown = []
    for word in words[4:]:
        name, _, number = word.partition("=")
        shown.append((_on_board(name, rows, columns), int(number)))
    cell = _on_board(right.strip(), rows, columns)
    return (rows, columns, mines, rule, tuple(sorted(shown))), cell


def _on_board(name: str, rows: int, columns: int) -> Cell:
    """Return the cell a name means, checked to lie on a board of this size."""
    cell = parse_cell(name)
    if not (0 <= cell[0] < rows and 0 <= cell[1] < columns):
        raise ValueError(f"{name} is not on a {rows}x{columns} board")
    return cell


def format_key(key: Key, cell: Cell) -> str:
    """Return a book line (see parse_line)."""
    rows, columns, mines, rule, shown = key
    cells = " ".join(f"{cell_name(c)}={n}" for c, n in shown)
    return f"{rows} {columns} {mines} {rule} {cells} -> {cell_name(cell)}"


@functools.lru_cache(maxsize=4)
def read_book(path: Path = BOOK_FILE) -> tuple[tuple[Key, Cell], ...]:
    """Return a book file's entries (none when there is no file)."""
    if not path.exists():
        return ()
    entries = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.split("#", 1)[0].strip():
            entries.append(parse_line(line))
    return tuple(entries)


@dataclass(frozen=True)
class Book:
    """The book's cell when the position is one of its entries (see the module's docstring)."""

    entries: tuple[tuple[Key, Cell], ...] = field(default_factory=read_book)
    name: str = "book"

    def entry(self, position: Position) -> Optional[Cell]:
        """Return the book's cell for this position, or None."""
        if not self.entries:
            return None
        key = key_of(position)
        if key is None:
            return None
        for known, cell in self.entries:
            if known == key:
                return cell
        return None

    def __call__(self, position: Position, solution: object) -> Optional[Decision]:
        cell = self.entry(position)
        if cell is None or not position.is_unknown(cell):
            return None
        odds = position.solution.probability(cell)
        if odds == 1:
            return None
        return Decision(cell, self.name, Fraction(odds), lowest=1 - position.solution.safest())
