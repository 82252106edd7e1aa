"""The board notation: a board as a few lines of characters, read and written back.

Teaching positions are written by hand in it. Its hidden form keeps the
mines off the rows, on a line of their own as a hexadecimal number (the
board sets' form); saved games write their rows the same way and seal their
mines (store/saves.py), so that opening a saved game in an editor does not
show where the mines are.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from .board import MAX_COLUMNS, MAX_ROWS, Cell, cell_name, neighbours

NOTATION = """\
One line per row, one character per cell:
  .   hidden cell, no mine          *   hidden cell with a mine
  0-8 revealed cell and its number  X   revealed mine (the game is lost)
  F   flag on a mine                f   flag on a cell with no mine
Lines that start with # are comments; the first one is the title.
The hidden form writes every hidden cell as '.', every flag as 'F', and the
mines on a line '#= mines HEX' (bit row * width + column set for a mine);
other '#= name value' lines are facts about the game (its clock, say)."""

MAX_FILE_BYTES = 1_000_000
MAX_LINES = 1_000
MAX_LINE = 500  # characters: a row holds at most MAX_COLUMNS; a comment is a sentence or two
MINES_LINE = "#= mines "
FACT = "#="
SEALED = "sealed"  # the fact that holds a saved game's sealed mines (store/saves.py)


@dataclass
class BoardText:
    """A board read from the notation: size, mines, revealed cells, flags, title, notes."""

    height: int
    width: int
    mines: set[Cell] = field(default_factory=set)
    revealed: list[Cell] = field(default_factory=list)
    flags: set[Cell] = field(default_factory=set)
    exploded: Optional[Cell] = None
    title: str = ""
    notes: list[str] = field(default_factory=list)
    facts: dict[str, str] = field(default_factory=dict)  # '#= name value' lines (not the mines)
    fact_lines: dict[str, int] = field(default_factory=dict)  # the line each fact is on
    numbers: dict[Cell, int] = field(default_factory=dict)  # each revealed cell's number shown
    row_lines: list[int] = field(default_factory=list)  # the line each row of cells is on


def read_board_file(path: Path) -> str:
    """Return the text of a board file; ValueError saying why for anything but a small text file.

    Only regular files are read (a folder, a pipe or a device is refused
    before it is opened for reading), at most MAX_FILE_BYTES of them, as
    UTF-8 with or without a byte-order mark.
    """
    try:
        info = os.stat(path)
    except OSError as error:
        raise ValueError(f"cannot read {path}: {error.strerror or error}") from None
    if not stat.S_ISREG(info.st_mode):
        kind = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file"
        raise ValueError(f"{path} is {kind}: expected a board text file")
    if info.st_size > MAX_FILE_BYTES:
        raise ValueError(
            f"{path} holds {info.st_size:,} bytes: a board file is at most {MAX_FILE_BYTES:,}"
        )
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise ValueError(f"cannot read {path}: {error.strerror or error}") from None
    if len(data) > MAX_FILE_BYTES:
        raise ValueError(f"{path} is longer than {MAX_FILE_BYTES:,} bytes")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ValueError(
            f"{path} is not UTF-8 text (byte {error.start + 1} cannot be read)"
        ) from None


def parse_board(text: str) -> BoardText:
    """Read a board in the notation; raise ValueError naming the line and column of a fault."""
    board, hidden_mines = _read(text, saved=False)
    if hidden_mines is not None:
        _read_hidden_mines(board, *hidden_mines)
    elif SEALED in board.facts:
        raise ValueError(
            f"line {board.fact_lines[SEALED]}: a saved game's mines are sealed: it is read as "
            "a saved game (store/saves.py), with its data folder's key"
        )
    check_numbers(board)
    return board


def parse_layout(text: str) -> BoardText:
    """Read a saved game's board without its mines: what the player sees, numbers unchecked.

    Every hidden cell is '.', every flag 'F' (a saved game says nothing of
    its mines on its rows); check_numbers checks the numbers once the mines
    are known. ValueError naming the line and column of a fault.
    """
    board, _ = _read(text, saved=True)
    return board


def _read(text: str, saved: bool) -> tuple[BoardText, Optional[tuple[int, str]]]:
    """Read the rows, comments and facts of a board text, and its '#= mines' line if any."""
    text = text.removeprefix("\ufeff")
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise ValueError(f"line {MAX_LINES + 1}: a board text has at most {MAX_LINES} lines")
    rows: list[tuple[int, str]] = []
    comments: list[str] = []
    hidden_mines: Optional[tuple[int, str]] = None
    facts: dict[str, str] = {}
    fact_lines: dict[str, int] = {}
    for number, line in enumerate(lines, start=1):
        stripped = line.rstrip()
        if len(stripped) > MAX_LINE:
            raise ValueError(
                f"line {number}, column {MAX_LINE + 1}: a line holds at most {MAX_LINE} characters"
            )
        if stripped.startswith(MINES_LINE.rstrip()):
            hidden_mines = (number, stripped[len(MINES_LINE) :].strip())
        elif stripped.startswith(FACT):
            name, _, value = stripped[len(FACT) :].strip().partition(" ")
            facts[name] = value.strip()
            fact_lines[name] = number
        elif stripped.startswith("#"):
            comments.append(stripped.lstrip("#").strip())
        elif stripped:
            rows.append((number, stripped))
    if not rows:
        raise ValueError("the board text has no rows: expected lines such as '..1*'")
    width = len(rows[0][1])
    if len(rows) > MAX_ROWS or width > MAX_COLUMNS:
        where = rows[MAX_ROWS][0] if len(rows) > MAX_ROWS else rows[0][0]
        raise ValueError(
            f"line {where}: a board has at most {MAX_ROWS} rows and {MAX_COLUMNS} columns"
        )
    titles = [c for c in comments if c]
    board = BoardText(
        height=len(rows),
        width=width,
        title=titles[0] if titles else "",
        notes=titles[1:],
        facts=facts,
        fact_lines=fact_lines,
        row_lines=[number for number, _ in rows],
    )
    hidden = saved or hidden_mines is not None or SEALED in facts
    for i, (number, line) in enumerate(rows):
        if len(line) != width:
            raise ValueError(
                f"line {number}, column {min(len(line), width) + 1}: expected {width} cells "
                f"like the first row, found {len(line)}"
            )
        for j, char in enumerate(line):
            _read_symbol(board, (i, j), char, number, j + 1, hidden)
    return board, hidden_mines


def _read_symbol(
    board: BoardText, cell: Cell, char: str, line: int, column: int, saved: bool
) -> None:
    """Record one character of the notation in board, or raise ValueError."""
    if char in "*FX" and not saved:
        board.mines.add(cell)
    if char in "Ff":
        board.flags.add(cell)
    where = f"line {line}, column {column} ({cell_name(cell)})"
    if char in "012345678":
        board.revealed.append(cell)
        board.numbers[cell] = int(char)
    elif char == "X":
        if board.exploded is not None:
            raise ValueError(f"{where}: a second exploded mine 'X'; a game ends at the first")
        board.exploded = cell
    elif char == "*" and saved:
        raise ValueError(
            f"{where}: a saved game keeps its mines off its rows, so its board has no '*'"
        )
    elif char not in ".*Ff":
        raise ValueError(
            f"{where}: unexpected {char!r}; expected one of "
            "'.' hidden, '*' mine, '0'-'8' revealed, 'F' or 'f' flag, 'X' exploded mine"
        )


def _read_hidden_mines(board: BoardText, line: int, digits: str) -> None:
    """Take a saved game's mines from its '#= mines HEX' line."""
    try:
        bits = int(digits, 16)
    except ValueError:
        raise ValueError(
            f"line {line}, column {len(MINES_LINE) + 1}: expected the mines as a "
            f"hexadecimal number, found {digits[:20]!r}"
        ) from None
    if bits >> (board.height * board.width):
        raise ValueError(
            f"line {line}: the mines name cells beyond the board's {board.height * board.width}"
        )
    board.mines = {
        (k // board.width, k % board.width)
        for k in range(board.height * board.width)
        if bits >> k & 1
    }
    for cell in board.revealed:
        if cell in board.mines:
            raise ValueError(
                f"line {line}: the '#= mines' line puts a mine on {cell_name(cell)}, "
                "which is revealed"
            )
    if board.exploded is not None and board.exploded not in board.mines:
        raise ValueError(
            f"line {line}: the exploded cell 'X' ({cell_name(board.exploded)}) is not "
            "among the mines"
        )


def check_numbers(board: BoardText, mines: Optional[set[Cell]] = None) -> None:
    """Check every revealed number against the mines (the board's own by default) around it.

    ValueError naming the first number that disagrees: its line, column and cell.
    """
    mines = board.mines if mines is None else mines
    for (i, j), shown in board.numbers.items():
        actual = sum(1 for n in neighbours((i, j), board.height, board.width) if n in mines)
        if actual != shown:
            raise ValueError(
                f"line {board.row_lines[i]}, column {j + 1} ({cell_name((i, j))}): the cell "
                f"shows {shown} but {actual} mines lie around it"
            )


def mines_hex(mines: set[Cell], width: int) -> str:
    """Return the mines as the hexadecimal number of the '#= mines' line and the board sets."""
    return format(sum(1 << (i * width + j) for i, j in mines), "x")


# -- a lesson's own words ------------------------------------------------------------------
#
# A teacher's position is a board and a few '#' lines. The first is its title; a line
# that starts with a label says what the class is asked, what it is told, what only the
# teacher reads, and whether the class knows the mine total; any other '#' line is a
# note of what to look at, shown as the lesson opens.

LABELS = ("Title", "Question", "Answer", "Teacher", "Total")
TOTAL_WORDS = {"told": True, "hidden": False}
LESSON_LINE = 100  # the longest labelled line the writer makes: longer words take more lines


@dataclass(frozen=True)
class Lesson:
    """A lesson file's own words: its title, its note, the question and answer, the teacher's."""

    title: str = ""
    note: str = ""  # the '#' lines with no label after the title: what to look at
    question: str = ""  # shown on the first lesson step's question beat
    answer: str = ""  # shown on its answer beat, above the AI's own reason
    teacher: str = ""  # the teacher's page: never on screen, never on a class's sheet
    total_told: bool = True  # False ('# Total: hidden'): the class is not told the mine total


def label_of(words: str) -> str:
    """Return the label a '#' line's words start with ("Question" for "Question: ..."), or ""."""
    head, colon, _ = words.partition(":")
    return head.strip() if colon and head.strip().isalpha() and " " not in head.strip() else ""


def read_lesson(text: str) -> Lesson:
    """Return a lesson file's words from its '#' lines; ValueError naming the line of a fault.

    A label (a single word and a colon) must be one of LABELS, with words after it;
    '# Total:' says 'told' or 'hidden', once. Repeated Question, Answer and Teacher
    lines go on from the one before. '#=' lines are facts, not words (a saved game's).
    """
    found: dict[str, list[str]] = {name: [] for name in LABELS}
    where: dict[str, int] = {}
    notes: list[str] = []
    titled = False
    for number, line in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        if not line.startswith("#") or line.startswith(FACT):
            continue
        words = line[1:].strip()
        if not words:
            continue
        label = label_of(words)
        known = next((name for name in LABELS if name.lower() == label.lower()), "")
        if not titled and not known:  # the first line is the title, whatever it says
            titled = True
            found["Title"].append(words)
            continue
        titled = True
        if label and not known:
            raise ValueError(
                f"line {number}: '# {label}:' is not a lesson's line; the labels are "
                f"{', '.join(LABELS)} (a note of your own has no label)"
            )
        if not known:
            notes.append(words)
            continue
        _take(found, where, known, words.partition(":")[2].strip(), number)
    told = TOTAL_WORDS[found["Total"][0].lower()] if found["Total"] else True
    return Lesson(
        title=" ".join(found["Title"]),
        note=" ".join(notes),
        question=" ".join(found["Question"]),
        answer=" ".join(found["Answer"]),
        teacher=" ".join(found["Teacher"]),
        total_told=told,
    )


def _take(
    found: dict[str, list[str]], where: dict[str, int], label: str, value: str, line: int
) -> None:
    """Keep one labelled line's words, or raise ValueError saying what is wrong with it."""
    if not value:
        raise ValueError(f"line {line}: '# {label}:' says nothing: write it after the colon")
    once = label in ("Title", "Total")
    if once and label in where:
        raise ValueError(
            f"line {line}: a second '# {label}:' line (the first is line {where[label]})"
        )
    if label == "Total" and value.lower() not in TOTAL_WORDS:
        raise ValueError(f"line {line}: '# Total: {value[:20]}': the total is 'told' or 'hidden'")
    where.setdefault(label, line)
    found[label].append(value)


def lesson_text(lesson: Lesson, rows: list[str]) -> str:
    """Return a lesson file: its '#' lines (long words over several lines), then its rows."""
    title = lesson.title or "A lesson"
    # A title that starts like a label says it is the title, or it would read as that label.
    lines = [f"# Title: {title}" if label_of(title) else f"# {title}"]
    if lesson.note:
        lines += [f"# {part}" for part in _lines(lesson.note)]
    for label, words in (
        ("Question", lesson.question),
        ("Answer", lesson.answer),
        ("Teacher", lesson.teacher),
    ):
        lines += [f"# {label}: {part}" for part in _lines(words)]
    if not lesson.total_told:
        lines.append("# Total: hidden")
    return "\n".join([*lines, *rows]) + "\n"


def _lines(words: str) -> list[str]:
    """Return words in pieces of at most LESSON_LINE characters, broken between words."""
    pieces: list[str] = []
    for word in words.split():
        if pieces and len(pieces[-1]) + 1 + len(word) <= LESSON_LINE:
            pieces[-1] += " " + word
        else:
            pieces.append(word[: MAX_LINE - 20])
    return pieces


def board_rows(height: int, width: int, mines: set[Cell], opened: set[Cell]) -> list[str]:
    """Return a board's rows in the notation: '*' a mine, its number on an open cell, else '.'."""
    rows = []
    for i in range(height):
        row = ""
        for j in range(width):
            cell = (i, j)
            if cell in mines:
                row += "*"
            elif cell in opened:
                row += str(sum(1 for n in neighbours(cell, height, width) if n in mines))
            else:
                row += "."
        rows.append(row)
    return rows
