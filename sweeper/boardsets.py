"""Board sets: every board of a seeded run, with one solver's result on each, as a text file.

The format (shared with other solvers' dumps, see benchmark.py --boards):

    # <producer> width=30 height=16 mines=99 rule=safe seed=... (key=value words)
    # columns: idx result first_row first_col cpu_ns game_seed mines_hex
    0 W 0 0 56987682 1627061700677356 20c401c8...
    ...
    # end games=20000 wins=8280

One line a board: its index, the solver's result (W won, L lost, - none
recorded), its first click (row, column), the CPU nanoseconds it spent, its
own seed (informative) and the mines as one hexadecimal number whose bit
row * width + col is set for a mine. Playing a set, our AI chooses its own
first click; when it differs from the file's, the board is turned by a
symmetry of the rectangle that takes our click to theirs, so the game is the
same board seen from another side (never another board).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Optional, TextIO

from .board import MAX_COLUMNS, MAX_ROWS, Cell, max_mines

# Other solvers' names for our first-click rules: "zero" (the first click
# shows a 0: no mine in its 3x3 block) is our "opening".
RULE_NAMES = {"zero": "opening"}
MAX_LINE = 2_000  # characters: a 50x80 board's mines take 1,000 hex digits
Symmetry = Callable[[Cell], Cell]


@dataclass(frozen=True)
class BoardSet:
    """A board set's header: the board, the first-click rule and the words of its first line."""

    height: int
    width: int
    mines: int
    rule: str
    header: dict[str, str]


@dataclass(frozen=True)
class SetBoard:
    """One board of a set, with the other solver's result on it (None when not recorded)."""

    index: int
    won: Optional[bool]
    first: Cell
    cpu_ns: int
    game_seed: int
    mines: frozenset[Cell]


def read_header(lines: Iterator[tuple[int, str]], path: str) -> BoardSet:
    """Return a set's header from its first line; ValueError naming the problem."""
    try:
        number, first = next(lines)
    except StopIteration:
        raise ValueError(f"{path} is empty: a board set starts with a '#' header line") from None
    words = dict(w.split("=", 1) for w in first.lstrip("#").split() if "=" in w)
    missing = [k for k in ("width", "height", "mines", "rule") if k not in words]
    if not first.startswith("#") or missing:
        raise ValueError(
            f"{path}, line {number}: the header needs width=, height=, mines= and rule= "
            f"(missing {', '.join(missing) or 'the leading #'})"
        )
    try:
        height, width, mines = int(words["height"]), int(words["width"]), int(words["mines"])
    except ValueError:
        raise ValueError(
            f"{path}, line {number}: width, height and mines must be numbers"
        ) from None
    if not (1 <= height <= MAX_ROWS and 1 <= width <= MAX_COLUMNS):
        raise ValueError(
            f"{path}, line {number}: a {height}x{width} board is outside the limits "
            f"(1-{MAX_ROWS} rows, 1-{MAX_COLUMNS} columns)"
        )
    rule = RULE_NAMES.get(words["rule"], words["rule"])
    if rule not in ("safe", "opening", "none"):
        raise ValueError(f"{path}, line {number}: unknown first-click rule {rule!r}")
    if not 0 <= mines <= max_mines(height, width, rule):
        raise ValueError(f"{path}, line {number}: {mines} mines do not fit {height}x{width}")
    return BoardSet(height, width, mines, rule, words)


def parse_board_line(text: str, number: int, path: str, board: BoardSet) -> SetBoard:
    """Return one board of a set from its line; ValueError naming the line and the problem."""
    parts = text.split()
    if len(parts) != 7:
        raise ValueError(f"{path}, line {number}: expected 7 fields, found {len(parts)}")
    try:
        index, row, col, cpu_ns, seed = (int(parts[k]) for k in (0, 2, 3, 4, 5))
        bits = int(parts[6], 16)
    except ValueError:
        raise ValueError(f"{path}, line {number}: fields must be numbers (mines in hex)") from None
    if not (0 <= row < board.height and 0 <= col < board.width):
        raise ValueError(f"{path}, line {number}: first click ({row},{col}) is off the board")
    if bits >> (board.height * board.width):
        raise ValueError(f"{path}, line {number}: mines lie beyond the board's cells")
    mines = frozenset(divmod(i, board.width) for i in range(bits.bit_length()) if bits >> i & 1)
    if len(mines) != board.mines:
        raise ValueError(
            f"{path}, line {number}: {len(mines)} mines, but the header says {board.mines}"
        )
    won = {"W": True, "L": False}.get(parts[1])
    return SetBoard(index, won, (row, col), cpu_ns, seed, mines)


def read_board_set(path: Path) -> tuple[BoardSet, Iterator[SetBoard]]:
    """Open a board set: its header now, its boards streamed one at a time (ValueError)."""
    name = str(path)
    if not path.exists():
        raise ValueError(f"{name}: no such file")
    if not path.is_file():
        raise ValueError(f"{name} is not a file (a board set is a text file)")
    handle = path.open(encoding="ascii", errors="replace")
    lines = _numbered(handle, name)
    try:
        board = read_header(lines, name)
    except ValueError:
        handle.close()
        raise

    def boards() -> Iterator[SetBoard]:
        with handle:
            for number, text in lines:
                if text.startswith("#") or not text.strip():
                    continue
                yield parse_board_line(text, number, name, board)

    return board, boards()


def _numbered(handle: TextIO, name: str) -> Iterator[tuple[int, str]]:
    """Yield (line number, line) with a cap on each line's length."""
    for number, text in enumerate(handle, 1):
        if len(text) > MAX_LINE:
            raise ValueError(f"{name}, line {number}: longer than {MAX_LINE} characters")
        yield number, text.rstrip("\n")


def mines_hex(mines: frozenset[Cell], width: int) -> str:
    """Return the mines as the set format's hexadecimal number."""
    return format(sum(1 << (r * width + c) for r, c in mines), "x")


def symmetries(height: int, width: int) -> list[Symmetry]:
    """Return the symmetries of a height x width rectangle (8 on a square, else 4)."""
    h, w = height - 1, width - 1
    found: list[Symmetry] = [
        lambda c: c,
        lambda c: (h - c[0], c[1]),
        lambda c: (c[0], w - c[1]),
        lambda c: (h - c[0], w - c[1]),
    ]
    if height == width:
        found += [
            lambda c: (c[1], c[0]),
            lambda c: (w - c[1], h - c[0]),
            lambda c: (c[1], h - c[0]),
            lambda c: (w - c[1], c[0]),
        ]
    return found


def seen_from(ours: Cell, theirs: Cell, height: int, width: int) -> Optional[Symmetry]:
    """Return a symmetry taking our first click to theirs, or None when none does."""
    for symmetry in symmetries(height, width):
        if symmetry(ours) == theirs:
            return symmetry
    return None


def turned(mines: frozenset[Cell], symmetry: Symmetry, height: int, width: int) -> frozenset[Cell]:
    """Return the board whose cell c holds a mine when the set's board has one at symmetry(c).

    Clicking our cell on the turned board is then clicking theirs on the set's.
    """
    inverse = {symmetry((r, c)): (r, c) for r in range(height) for c in range(width)}
    return frozenset(inverse[m] for m in mines)


def write_board_line(out: TextIO, board: SetBoard, width: int) -> None:
    """Write one board in the set format."""
    result = {True: "W", False: "L", None: "-"}[board.won]
    row, col = board.first
    out.write(
        f"{board.index} {result} {row} {col} {board.cpu_ns} {board.game_seed} "
        f"{mines_hex(board.mines, width)}\n"
    )
