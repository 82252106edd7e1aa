"""The board's geometry and rules, each written once: names, neighbours, sizes, first clicks.

A cell is a pair ``(row, col)`` counted from 0 at the top left. The board's
edges name rows with letters (A, B, ..., Z, AA, ...) and columns with numbers
from 1, so ``(1, 2)`` is "B3"; ``cell_name`` and ``parse_cell`` convert.
"""

from __future__ import annotations

import functools
import re
from collections import deque
from collections.abc import Callable, Container
from typing import NamedTuple, Optional

Cell = tuple[int, int]

FIRST_CLICK_RULES = ("safe", "opening", "none", "no-guess")
OPENING_RULES = ("opening", "no-guess")  # the rules under which the first click shows 0
MAX_ROWS, MAX_COLUMNS = 50, 80  # the largest board the window (and a position file) may have


# -- names ------------------------------------------------------------------------


def row_name(row: int) -> str:
    """Return the letters that name a row: A..Z, then AA, AB, ..."""
    letters = ""
    row += 1
    while row:
        row, rest = divmod(row - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def cell_name(cell: Cell) -> str:
    """Return a cell's name as the board's edges show it: (1, 2) is "B3"."""
    return f"{row_name(cell[0])}{cell[1] + 1}"


CELL_NAME = re.compile(r"([A-Z]{1,3})([1-9][0-9]{0,3})")


def parse_cell(name: str) -> Cell:
    """Return the cell a name such as "B3" or "aa10" means; ValueError for anything else."""
    match = CELL_NAME.fullmatch(name.strip().upper())
    if not match:
        raise ValueError(f"{name!r} is not a cell name: expected row letters and a column, like B3")
    row = 0
    for letter in match.group(1):
        row = row * 26 + ord(letter) - ord("A") + 1
    return (row - 1, int(match.group(2)) - 1)


# -- neighbours -------------------------------------------------------------------


@functools.lru_cache(maxsize=1 << 16)
@functools.lru_cache(maxsize=16_384)
def neighbours(cell: Cell, height: int, width: int) -> tuple[Cell, ...]:
    """Return the cells around cell on a height x width board, in reading order."""
    # Cached: the AI asks for the same few hundred cells' neighbours many times a move.
    i, j = cell
    return tuple(
        (r, c)
        for r in range(max(0, i - 1), min(height, i + 2))
        for c in range(max(0, j - 1), min(width, j + 2))
        if (r, c) != cell
    )


def positive_int(name: str, value: object) -> int:
    """Return value when it is a positive int, else raise a clear ValueError."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{name} must be a positive whole number, not {value!r}")
    return value


def check_rule(first_click: str) -> None:
    """Raise a clear ValueError unless first_click names a first-click rule."""
    if first_click not in FIRST_CLICK_RULES:
        raise ValueError(
            f"first_click must be one of {', '.join(FIRST_CLICK_RULES)}, not {first_click!r}"
        )


def check_cell(cell: object, height: int, width: int) -> Cell:
    """Return cell when it is on a height x width board, else raise a ValueError naming it."""
    if not (isinstance(cell, tuple) and len(cell) == 2 and _whole(cell[0]) and _whole(cell[1])):
        raise ValueError(f"a cell is a pair (row, column) of whole numbers, not {cell!r}")
    i, j = cell
    if not (0 <= i < height and 0 <= j < width):
        raise ValueError(
            f"cell {cell} is off the {height}x{width} board: rows run 0..{height - 1}, "
            f"columns 0..{width - 1}"
        )
    return (i, j)


def _whole(x: object) -> bool:
    """True when x is a whole number (an int, not a bool)."""
    return isinstance(x, int) and not isinstance(x, bool)


def flood(
    start: Cell, height: int, width: int, mines: Container[Cell], closed: Callable[[Cell], bool]
) -> list[tuple[Cell, int]]:
    """Return start and, through zeros, every cell it opens, each with its number, in order.

    closed(c) says whether c may still be opened (not open already, not flagged).
    """
    shown: list[tuple[Cell, int]] = []
    queue = deque([start])
    seen = {start}
    while queue:
        cell = queue.popleft()
        around = neighbours(cell, height, width)
        count = sum(1 for n in around if n in mines)
        shown.append((cell, count))
        if count == 0:
            for n in around:
                if n not in seen and closed(n):
                    seen.add(n)
                    queue.append(n)
    return shown


# -- the first-click rule ------------------------------------------------------------


def kept_clear(first: Cell, height: int, width: int, rule: str) -> frozenset[Cell]:
    """Return the cells a first-click rule keeps free of mines when the first click is first.

    "safe": the click itself; "opening": the click and its neighbours (so it
    shows 0); "no-guess": the same as "opening" (and logic alone clears the
    board, see sweeper/noguess.py); "none": nothing (the mines were placed
    before the click).
    """
    if rule == "safe":
        return frozenset([first])
    if rule in OPENING_RULES:
        return frozenset([first, *neighbours(first, height, width)])
    if rule == "none":
        return frozenset()
    raise ValueError(
        f"the first-click rule must be one of {', '.join(FIRST_CLICK_RULES)}, not {rule!r}"
    )


def max_mines(height: int, width: int, rule: str) -> int:
    """Return the most mines a board may hold so that any first click keeps the rule."""
    widest = kept_clear((height // 2, width // 2), height, width, rule)
    return height * width - len(widest)


# -- board sizes ----------------------------------------------------------------------


class BoardSize(NamedTuple):
    """A board size: its name for buttons and reports, rows, columns and mines."""

    name: str
    height: int
    width: int
    mines: int

    @property
    def spec(self) -> str:
        """Return the size as HxWxM, such as "16x30x99"."""
        return f"{self.height}x{self.width}x{self.mines}"


BOARDS = {
    "beginner": BoardSize("Beginner", 9, 9, 10),
    "intermediate": BoardSize("Intermediate", 16, 16, 40),
    "expert": BoardSize("Expert", 16, 30, 99),
    "cs50": BoardSize("CS50", 8, 8, 8),
}
SIZE_PATTERN = re.compile(r"(-?\d{1,6})x(-?\d{1,6})x(-?\d{1,9})")  # signed: limits said


def parse_board_size(
    text: str,
    max_rows: int = MAX_ROWS,
    max_columns: int = MAX_COLUMNS,
    rule: Optional[str] = None,
) -> BoardSize:
    """Return the board a name (beginner, ..., cs50) or HxWxM names; ValueError says what is wrong.

    HxWxM is rows x columns x mines. Rows and columns run from 1 to the
    limits given; the mines must fit the board, and when a first-click rule
    is given, leave room for it.
    """
    key = text.strip().lower()
    if key in BOARDS:
        return BOARDS[key]
    match = SIZE_PATTERN.fullmatch(key.replace(" ", ""))
    if not match:
        raise ValueError(
            f"{text!r} is not a board: expected {', '.join(BOARDS)} or rows x columns x mines "
            "such as 16x30x99"
        )
    height, width, mines = (int(x) for x in match.groups())
    if not (1 <= height <= max_rows and 1 <= width <= max_columns):
        raise ValueError(f"{text}: a board has 1 to {max_rows} rows and 1 to {max_columns} columns")
    limit = max_mines(height, width, rule or "none")
    if mines < 0:
        raise ValueError(f"{text}: the mines are a whole number, 0 or more")
    if mines > limit:
        under = f" under the {rule!r} first-click rule" if rule else ""
        raise ValueError(
            f"{text}: {mines} mines do not fit a {height}x{width} board{under}: at most {limit}"
        )
    return BoardSize(f"{height}x{width}x{mines}", height, width, mines)
