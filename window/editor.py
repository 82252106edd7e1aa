"""The position editor: a teacher draws a lesson, words it, sees what it teaches, saves it.

No pygame here, and no files: the command table saves the text this editor
writes (through store/), and runner.py reads the file it opens.

Glossary:
- a cell is closed, a mine, or open (the class sees it open; its number is
  worked out from the mines around it, never typed);
- a click cycles a cell closed -> mine -> open -> closed, a right click the
  other way; a drag gives every cell it passes what the first cell became,
  so a row of mines or a row of open cells is one stroke;
- the lesson's words (sweeper.notation.Lesson): the title, what to look at,
  the question, the answer, the teacher's page, and whether the class is
  told the mine total.
As the teacher draws, the editor works out what the position teaches (the
AI's first lesson step, its rule, the fewest numbers that settle it and
whether the total does: a Teaching), once per board drawn. It never lets a
board be saved that no arrangement of mines fits.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Optional

from sweeper.board import Cell, cell_name, neighbours
from sweeper.engine import Contradiction
from sweeper.judge import judge, seen, survey
from sweeper.notation import Lesson, board_rows, lesson_text, parse_board, read_lesson
from sweeper.reasons import Reason
from sweeper.records import Decision, Step
from sweeper.solver import Solver
from window.frame import Frame, Highlights, KnowledgeList, StepBox, Tile
from window.lesson import concluded
from window.timeline import Timeline
from words.editor import (
    ALL_OPEN,
    DRAWING,
    EDITOR_HELP,
    EDITOR_HINT,
    FIELD_NAMES,
    NO_ARRANGEMENT,
    NOTHING_OPEN,
    field_row,
    teaching_words,
    total_row,
    typing_words,
)

CLOSED, MINE, OPEN = "closed", "mine", "open"
CYCLE = (CLOSED, MINE, OPEN)
FIELDS = ("title", "note", "question", "answer", "teacher")
SIZE = (5, 6)  # a new lesson's board
LARGEST = (16, 30)  # an expert board: what the editor works out stays quick
LONGEST_WORDS = 600  # characters typed into one field


@dataclass
class Drag:
    """A stroke of the mouse: what every cell it passes becomes, and where it began."""

    state: str
    first: Cell
    cells: set[Cell] = field(default_factory=set)


@dataclass(frozen=True)
class Teaching:
    """What a drawn position teaches: the AI's first lesson step, as data (words/editor.py)."""

    problem: str = ""  # why it teaches nothing (nothing open, nothing left to find), in words
    fits: bool = True  # some arrangement of the mines fits the numbers
    lessons: int = 0
    rule: str = ""  # the first lesson step's rule: zero, full, subset, enumeration, move
    cell: Optional[Cell] = None  # the first cell it decides, in reading order
    mine: bool = False
    reason: Optional[Reason] = None  # the fewest numbers that settle that cell, by grade
    guess: Optional[Decision] = None  # a guess: the AI's choice
    by_total: frozenset[Cell] = frozenset()  # total hidden: the cells telling it would settle


class Editor:
    """A lesson being drawn: its board, its words, the cursor, a stroke and a field typed."""

    def __init__(self, height: int = SIZE[0], width: int = SIZE[1], path: Optional[Path] = None):
        self.height, self.width = height, width
        self.mines: set[Cell] = set()
        self.opened: set[Cell] = set()
        self.lesson = Lesson()
        self.path = path  # where S saves (None: a new file in the saves folder)
        self.cursor: Cell = (0, 0)
        self.drag: Optional[Drag] = None
        self.field: Optional[str] = None  # the field being typed, or None
        self.keys = False  # every key of the editor's under the panel (?)
        self.typed = ""
        self.saved = self.text()  # the text last saved or opened: unsaved when it differs
        self.kept = False  # it is in a file: opened from one, or saved
        self.alone = False  # the window was started for it (--edit): Esc closes the window

    @classmethod
    def from_text(cls, text: str, path: Optional[Path] = None) -> Editor:
        """Return an editor on a lesson file's text; ValueError (one line) for a bad one."""
        board = parse_board(text)
        if board.height > LARGEST[0] or board.width > LARGEST[1]:
            raise ValueError(
                f"the editor draws boards up to {LARGEST[0]}x{LARGEST[1]}; this one is "
                f"{board.height}x{board.width}"
            )
        editor = cls(board.height, board.width, path)
        editor.mines = set(board.mines)
        editor.opened = set(board.revealed)
        editor.lesson = read_lesson(text)
        editor.saved, editor.kept = editor.text(), True
        return editor

    # -- the cells ----------------------------------------------------------------------

    def state(self, cell: Cell) -> str:
        """Return a cell's state: closed, mine or open."""
        return MINE if cell in self.mines else OPEN if cell in self.opened else CLOSED

    def put(self, cell: Cell, state: str) -> None:
        """Make a cell closed, a mine or open."""
        self.mines.discard(cell)
        self.opened.discard(cell)
        if state == MINE:
            self.mines.add(cell)
        elif state == OPEN:
            self.opened.add(cell)

    def cycle(self, cell: Cell, backwards: bool = False) -> str:
        """Move a cell on to its next state (closed -> mine -> open), or back; return words."""
        step = -1 if backwards else 1
        state = CYCLE[(CYCLE.index(self.state(cell)) + step) % len(CYCLE)]
        self.put(cell, state)
        self.cursor = cell
        return self.said(cell)

    def press(self, cell: Optional[Cell], backwards: bool = False) -> str:
        """A mouse button held: the first cell cycles, every cell passed after becomes the same.

        None: the button is let go (the stroke ends). Returns words for the message line.
        """
        if cell is None or not self.on_board(cell):
            self.drag = None
            return ""
        if self.drag is None:
            said = self.cycle(cell, backwards)
            self.drag = Drag(self.state(cell), cell, {cell})
            return said
        if cell in self.drag.cells:
            return ""
        self.drag.cells.add(cell)
        self.put(cell, self.drag.state)
        self.cursor = cell
        count = len(self.drag.cells)
        return f"{count} cells made {self.drag.state}."

    def said(self, cell: Cell) -> str:
        """Return a cell's state in words: "B2: open, it shows 1"."""
        state = self.state(cell)
        if state == OPEN:
            return f"{cell_name(cell)}: open, it shows {self.number(cell)}."
        return f"{cell_name(cell)}: {'a mine' if state == MINE else 'closed'}."

    def number(self, cell: Cell) -> int:
        """Return the number an open cell shows: the mines around it."""
        return sum(1 for n in neighbours(cell, self.height, self.width) if n in self.mines)

    def numbers(self) -> dict[Cell, int]:
        """Return every open cell and its number, in reading order."""
        return {cell: self.number(cell) for cell in sorted(self.opened)}

    def on_board(self, cell: Cell) -> bool:
        """True when cell is on the board."""
        return 0 <= cell[0] < self.height and 0 <= cell[1] < self.width

    def move(self, rows: int, columns: int) -> str:
        """Move the keyboard's cell, kept on the board; nothing to say."""
        r, c = self.cursor
        self.cursor = (
            min(max(r + rows, 0), self.height - 1),
            min(max(c + columns, 0), self.width - 1),
        )
        return ""

    def resize(self, rows: int, columns: int) -> str:
        """Add (or take away) rows at the bottom and columns at the right; return words."""
        height = min(max(self.height + rows, 1), LARGEST[0])
        width = min(max(self.width + columns, 2 if height == 1 else 1), LARGEST[1])
        if (height, width) == (self.height, self.width):
            return (
                f"The board stays {self.height}x{self.width}: 1 to {LARGEST[0]} rows, "
                f"1 to {LARGEST[1]} columns."
            )
        self.height, self.width = height, width
        self.mines = {c for c in self.mines if self.on_board(c)}
        self.opened = {c for c in self.opened if self.on_board(c)}
        self.move(0, 0)
        return f"The board is {height}x{width}."

    # -- the words ----------------------------------------------------------------------

    def words(self, name: str) -> str:
        """Return a field's words."""
        return str(getattr(self.lesson, name))

    def start(self, name: str) -> str:
        """Start typing a field (its words so far kept); return the message line."""
        self.field, self.typed = name, self.words(name)
        self.drag = None
        return typing_words(name, self.typed)

    def type(self, key: str) -> str:
        """Take one key of the field typed: a character, Backspace, Enter (keep) or Esc (undo)."""
        name = self.field
        if name is None:
            return ""
        if key == "escape":
            self.field = None
            return f"{FIELD_NAMES[name]} left as it was."
        if key == "enter":
            self.field = None
            kept: dict[str, Any] = {name: " ".join(self.typed.split())}
            self.lesson = replace(self.lesson, **kept)
            return f"{FIELD_NAMES[name]} kept."
        if key == "backspace":
            self.typed = self.typed[:-1]
        elif len(key) == 1 and key.isprintable() and len(self.typed) < LONGEST_WORDS:
            self.typed += key
        return typing_words(name, self.typed)

    def toggle_total(self) -> str:
        """Tell the class the mine total, or keep it from them; return words."""
        self.lesson = replace(self.lesson, total_told=not self.lesson.total_told)
        if self.lesson.total_told:
            return "The class is told the mine total: the counter shows it."
        return "The mine total is hidden: the counter, the answers and the AI reason without it."

    # -- the file -----------------------------------------------------------------------

    def text(self) -> str:
        """Return the lesson file as it would be saved."""
        rows = board_rows(self.height, self.width, self.mines, self.opened)
        return lesson_text(self.lesson, rows)

    @property
    def unsaved(self) -> bool:
        """True when the lesson differs from the file it was opened from or last saved to."""
        return self.text() != self.saved

    def problem(self) -> str:
        """Return why the lesson cannot be saved (no arrangement fits, nothing open, nothing left
        to find), or ""."""
        found = self.teaching()
        return found.problem if found.problem or not found.fits else ""

    def teaching(self) -> Teaching:
        """Return what the position teaches (worked out once per board drawn)."""
        told = self.lesson.total_told
        shown = frozenset(self.numbers().items())
        return what_it_teaches((self.height, self.width), shown, len(self.mines), told)


# -- what a position teaches -------------------------------------------------------------


@functools.lru_cache(maxsize=32)
def what_it_teaches(
    size: tuple[int, int], shown: frozenset[tuple[Cell, int]], mines: int, told: bool
) -> Teaching:
    """Return what the AI does first on a position, as the class will step through it.

    The AI is told the numbers in reading order, as --position tells them; its
    first lesson step (window/timeline.py), or when its knowledge base is stuck
    its next conclusion (counting, or a guess), is what the position teaches.
    The judge gives that step's first cell its reason (sweeper/reasons.py).
    """
    height, width = size
    numbers = dict(sorted(shown))
    total = mines if told else None
    if not numbers:
        return Teaching(problem=NOTHING_OPEN)
    try:
        view = seen(height, width, numbers, total)
        fits = view.solution.weight > 0
    except Contradiction as error:
        return Teaching(problem=NO_ARRANGEMENT.format(why=error), fits=False)
    if not fits:
        return Teaching(problem=NO_ARRANGEMENT.format(why="every way breaks a number"), fits=False)
    if len(numbers) + mines == height * width:
        return Teaching(problem=ALL_OPEN)
    ai = Solver(height, width, total, first_click="none", seed=0)
    ai.add_reveal(list(numbers.items()))
    ahead = next_conclusion(ai)
    timeline = Timeline(ai.steps, ai.revealed, [len(ai.revealed)], ahead)
    if not timeline.lessons:
        return Teaching(problem=ALL_OPEN)
    first = timeline.lessons[0]
    step = ai.steps[first] if first < len(ai.steps) else ahead
    assert step is not None
    found = Teaching(
        lessons=len(timeline.lessons), rule=step.rule, by_total=by_total(size, numbers, mines, told)
    )
    decided = concluded(step)
    if decided is None:
        return replace(found, guess=step.decision)
    cell, mine = decided
    reason = judge(view, cell, "mine" if mine else "safe").reason
    return replace(found, cell=cell, mine=mine, reason=reason)


def next_conclusion(ai: Solver) -> Optional[Step]:
    """Return the AI's next conclusion when its knowledge base is stuck (as in class), or None."""
    decision = ai.choose()
    if decision is None or decision.proof is not None:
        return None
    if decision.strategy == "counting":
        return ai.counting_step()
    return Step("move", cell=decision.cell, decision=decision)


def by_total(
    size: tuple[int, int], numbers: dict[Cell, int], mines: int, told: bool
) -> frozenset[Cell]:
    """Return the closed cells the mine total would settle beyond the numbers (total hidden)."""
    if told:
        return frozenset()
    alone = survey(seen(size[0], size[1], numbers, None), choose=False)
    counted = survey(seen(size[0], size[1], numbers, mines), choose=False)
    return (counted.safes | counted.mines) - (alone.safes | alone.mines)


# -- its frame ---------------------------------------------------------------------------


def editor_frame(editor: Editor, message: str) -> Frame:
    """Return the editor on screen: the board drawn, what it teaches, the lesson's words."""
    tiles: list[Tile] = []
    for i in range(editor.height):
        for j in range(editor.width):
            state = editor.state((i, j))
            tiles.append(
                editor.number((i, j))
                if state == OPEN
                else "closed mine"
                if state == MINE
                else "hidden"
            )
    drag = editor.drag
    lesson = editor.lesson
    title = lesson.title or (editor.path.name if editor.path is not None else "a new lesson")
    return Frame(
        rows=editor.height,
        columns=editor.width,
        tiles=tuple(tiles),
        odds=(),
        highlights=Highlights(
            cursor=editor.cursor,
            pressed=frozenset({drag.first}) if drag is not None else frozenset(),
        ),
        title=f"Editor: {title}",
        mines=f"Mines {len(editor.mines)}",
        time=f"Size {editor.height}x{editor.width}",
        status="Not saved" if editor.unsaved else "Saved" if editor.kept else "New lesson",
        state="playing",
        mood="playing",
        message=typing_words(editor.field, editor.typed) if editor.field else message,
        toggles=frozenset({"edit-total"}) if lesson.total_told else frozenset(),
        custom=False,
        classroom=True,
        step=StepBox("What it teaches", teaching_line(editor), False),
        knowledge=fields_list(editor),
        summary="",
        help=EDITOR_HELP if editor.keys else EDITOR_HINT,
        zeros=True,
        numbers=editor.numbers(),
        editing=True,
    )


def teaching_line(editor: Editor) -> str:
    """Return what the position teaches, in words (nothing worked out while a stroke goes on)."""
    if editor.drag is not None and len(editor.drag.cells) > 1:
        return DRAWING
    found = editor.teaching()
    if found.problem:
        return found.problem
    return teaching_words(
        found.lessons,
        found.rule,
        found.cell,
        found.mine,
        found.reason,
        found.guess,
        found.by_total,
        editor.lesson.total_told,
    )


def fields_list(editor: Editor) -> KnowledgeList:
    """Return the lesson's words as the panel's list: one row a field, the one typed selected."""
    rows = [
        field_row(
            name, editor.typed if editor.field == name else editor.words(name), editor.field == name
        )
        for name in FIELDS
    ]
    rows.append(total_row(editor.lesson.total_told, len(editor.mines)))
    typed = FIELDS.index(editor.field) if editor.field is not None else None
    return KnowledgeList("The lesson's words (click one to type it)", tuple(rows), selected=typed)


def field_at(index: int) -> Optional[str]:
    """Return the field of the list's row index ("total" for the total's row), or None."""
    if 0 <= index < len(FIELDS):
        return FIELDS[index]
    return "total" if index == len(FIELDS) else None
