"""Where things are: the board, the panel's boxes and buttons, at an explicit scale.

The panel scales with the window, so that text a class reads from the back
row grows with the projector: the sizes below are at scale 1 (a 1100x620
window), and every panel size goes through Scale.px. A Zoom is the +/-/0
keys' own factor on top. Nothing here is global: a Layout carries its scale.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import NamedTuple, Optional

import pygame

from screen.palette import KNOWN_LEGEND
from sweeper import BOARDS, Cell
from window.frame import ROLES, Frame

SCREEN = (1280, 680)  # the default window fits a 1280x720 screen with room for a title bar
PANEL_WIDTH = 420
MARGIN = 12
LABEL = 24  # the band for row letters and column numbers
MIN_CELL, MAX_CELL = 10, 1000  # cells grow to fill the window: no cap that a projector would feel
LINE = 19  # height of a line of panel text
LIST_LINE = 20  # height of a row in the knowledge list
TEXT = 14  # the panel's text size at scale 1
# In class the panel is a presentation: text the back row reads (19 at scale 1 is
# 33 px at 1920x1080, 11 px when the picture is scaled to 640x360), the lesson's
# buttons only, the keys behind "?".
CLASS_TEXT, CLASS_LINE, CLASS_LIST_LINE = 19, 26, 27
CLASS_LABEL = 19  # the board's row letters and column numbers in class, at most
STEP_BELOW = 7  # lines of room under a wide board that take the step box there
BIG_CELL = 64  # a cell this large at scale 1 (111 px at 1080p) can give height to the lesson
SMALL_BOARD_ROOM = 1.6  # how much more than STEP_BELOW lines it gives, for larger text
NARROW_PANEL = 0.85  # the panel's width then, when the board can use what it gives
# With the lesson under the board, the panel's message takes the lines it needs, up to
# these (a live game's move and its end run to 6 at 1080p), the list the rest.
MESSAGE_MOST = 7
FONT_FILE = Path(__file__).resolve().parent.parent / "assets" / "fonts" / "DejaVuSans.ttf"
BOLD_FONT_FILE = FONT_FILE.with_name("DejaVuSans-Bold.ttf")
TITLE_MOST = 3  # a resumed game's title ("... (saved 2024-05-01 12:00:00)") takes a third line
ODDS_KEY_HEIGHT = 62  # the odds overlay's key at scale 1: its name, the colour bar, its marks
SUMMARY_LINES = 3  # outside class, the room kept under the message for the AI's one-line summary
PANEL_TALL, PANEL_WIDE = 620, 1100
PANEL_SHORTEST = 420  # a zoomed panel never takes text past this window height at scale 1
# Where a layout gets its fonts: a size and bold in, a font out. The window's Painter
# keeps one per size (Painter.font); without one, each measure makes its own.
Fonts = Callable[[int, bool], pygame.font.Font]


def fresh_font(size: int, bold: bool = False) -> pygame.font.Font:
    """Return DejaVu Sans at a pixel size, made now (read from its file)."""
    return pygame.font.Font(str(BOLD_FONT_FILE if bold else FONT_FILE), size)


BUTTON_ROWS = (
    (("ai", "AI Move"), ("auto", "Auto-play"), ("new", "New game"), ("restart", "Restart")),
    tuple((f"board:{key}", board.name) for key, board in BOARDS.items()),
    (
        ("think", "Think"),
        ("back", "◀ Back"),
        ("step", "Step ▶"),
        ("overlay", "Odds"),
        ("classroom", "Class"),
        ("save", "Save"),
    ),
)
CLASS_BUTTONS = (
    (
        ("back", "◀ Back"),
        ("step", "Step ▶"),
        ("think", "Think"),
        ("ai", "AI Move"),
        ("classroom", "Class"),
    ),
)
# A review's own: its steps, and the way back (the class's Think and AI Move play nothing there).
REVIEW_BUTTONS = (
    (
        ("home", "First"),
        ("back", "◀ Back"),
        ("step", "Step ▶"),
        ("end", "End"),
        ("quit", "Close"),
    ),
)

# The position editor's own: the board's size, the total, save, teach, and the way out.
EDITOR_BUTTONS = (
    (
        ("edit-shorter", "Rows −"),
        ("edit-taller", "Rows +"),
        ("edit-narrower", "Columns −"),
        ("edit-wider", "Columns +"),
    ),
    (
        ("edit-total", "Total told"),
        ("edit-save", "Save"),
        ("edit-teach", "Teach"),
        ("quit", "Close"),
    ),
)


@dataclass(frozen=True)
class Scale:
    """The panel's scale: sizes at scale 1 become pixels at this one."""

    factor: float = 1.0

    def px(self, n: float) -> int:
        """Return a panel size in pixels at this scale."""
        return max(1, round(n * self.factor))


def scale_for(size: tuple[int, int], zoom: float = 1.0) -> Scale:
    """Return the panel's scale for a window of this size at this text zoom (at least 1).

    Without zoom the panel's height sets it; a zoom past that (+) is held to what the
    panel's parts leave room for by the window (Window.layout, Layout.crowded).
    """
    width, height = size
    fitted = max(1.0, min(height / PANEL_TALL, width / PANEL_WIDE))
    scale = fitted * zoom
    if scale > 1:
        tallest = fitted if zoom <= 1 else height / PANEL_SHORTEST
        scale = min(scale, tallest, (width * 0.55) / PANEL_WIDTH)
    return Scale(max(scale, 1.0))


class Zoom:
    """The +/- keys' text zoom, kept between frames."""

    def __init__(self) -> None:
        self.factor = 1.0

    def change(
        self,
        factor: float,
        size: tuple[int, int],
        held_for: Optional[Callable[[float], float]] = None,
    ) -> str:
        """Make the panel's text larger or smaller (within what the window holds); say so.

        held_for: the zoom the window holds when asked for one (what the panel's parts
        leave room for); without it, what the window's size allows.
        """
        self.factor = min(max(self.factor * factor, 0.6), 2.5)
        asked = round(self.factor * 100)
        zoom = held_for(self.factor) if held_for is not None else self.factor
        held = round(100 * scale_for(size, zoom).factor / scale_for(size).factor)
        if held < asked:
            return (
                f"Text zoom {asked}% asked, but this window holds only {held}%: the panel's "
                "parts need the room (a larger window holds more)."
            )
        return f"Text zoom {asked}% (+ and - change it, Ctrl+0 resets it)."

    def scale(self, size: tuple[int, int]) -> Scale:
        """Return the scale for a window of this size at this zoom."""
        return scale_for(size, self.factor)


class Button(NamedTuple):
    """A panel button: the command it runs, its label, and its rectangle."""

    command: str
    label: str
    rect: pygame.Rect


@dataclass
class Layout:
    """Where everything is for one window size, one frame and one scale."""

    rows: int
    columns: int
    cell: int
    origin: tuple[int, int]
    panel: pygame.Rect
    title: pygame.Rect
    status: pygame.Rect
    buttons: list[Button]
    message: pygame.Rect
    step: pygame.Rect
    knowledge: pygame.Rect
    help: pygame.Rect
    scale: Scale
    font: int = TEXT  # the panel's text size in pixels
    line: int = LINE  # a line of panel text, in pixels
    list_line: int = LIST_LINE  # a row of the knowledge list, in pixels
    head_lines: int = 1  # the knowledge list's header: two lines in class, read from afar
    odds_key: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    # A board too large to read in class shows part of itself large (zoomed): the rows
    # and columns above from this top-left cell, and the whole board small in overview.
    first: Cell = (0, 0)
    overview: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    whole: tuple[int, int] = (0, 0)  # the whole board's rows and columns
    crowded: bool = False  # a part of the panel lacks room at this scale (its text would shrink)

    @property
    def zoomed(self) -> bool:
        """True when the board shows only part of itself (large, with an overview)."""
        return self.overview.width > 0

    @property
    def head(self) -> int:
        """The height of the knowledge list's header, in pixels."""
        return self.head_lines * self.line

    def px(self, n: float) -> int:
        """Return a panel size in pixels at the layout's scale."""
        return self.scale.px(n)

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        """Return the rectangle of a cell on the screen (off the board's box when not shown)."""
        x0, y0 = self.origin
        row, col = cell[0] - self.first[0], cell[1] - self.first[1]
        return pygame.Rect(x0 + col * self.cell, y0 + row * self.cell, self.cell, self.cell)

    def cell_at(self, pos: tuple[int, int]) -> Optional[Cell]:
        """Return the cell under a screen position, or None."""
        row = (pos[1] - self.origin[1]) // self.cell
        col = (pos[0] - self.origin[0]) // self.cell
        inside = pos[0] >= self.origin[0] and pos[1] >= self.origin[1]
        if not (inside and row < self.rows and col < self.columns):
            return None
        return (row + self.first[0], col + self.first[1])

    def board_box(self) -> pygame.Rect:
        """Return the box the board's cells are drawn in."""
        return pygame.Rect(self.origin, (self.cell * self.columns, self.cell * self.rows))

    def shown_cells(self) -> list[Cell]:
        """Return the cells drawn, row by row (all of them, unless zoomed)."""
        r0, c0 = self.first
        return [(r0 + r, c0 + c) for r in range(self.rows) for c in range(self.columns)]

    def button_at(self, pos: tuple[int, int]) -> Optional[str]:
        """Return the command of the button under a screen position, or None."""
        return next((b.command for b in self.buttons if b.rect.collidepoint(pos)), None)

    def list_rows(self) -> int:
        """Return how many knowledge sentences fit in the list."""
        return max(0, (self.knowledge.height - self.head) // self.list_line)

    def sentence_at(self, pos: tuple[int, int], first: int) -> Optional[int]:
        """Return the index of the knowledge sentence under a position, or None."""
        top = self.knowledge.y + self.head
        if not self.knowledge.collidepoint(pos) or pos[1] < top:
            return None
        return first + (pos[1] - top) // self.list_line

    def face(self) -> pygame.Rect:
        """Return the face button's box in the status row."""
        return status_boxes(self.status, self.scale)[1]

    def at_origin(self, band: int) -> Layout:
        """Return this layout with the board's top-left cell at (band, band): a board layer."""
        return replace(self, origin=(band, band))


def fit_cell(area: tuple[int, int], rows: int, columns: int, scale: Scale) -> int:
    """Return the cell size that fits rows x columns and the labels into area."""
    across = (area[0] - 2 * MARGIN - scale.px(LABEL)) // columns
    down = (area[1] - 2 * MARGIN - scale.px(LABEL)) // rows
    return max(MIN_CELL, min(MAX_CELL, across, down))


class BoardPlace(NamedTuple):
    """Where the board goes: its cell size, its top left, the part shown, and the lesson's room."""

    wide: int  # the panel's width beside it
    cell: int
    origin: tuple[int, int]
    first: Cell  # the top-left cell shown (a zoomed board shows part of itself)
    shape: tuple[int, int]  # the rows and columns shown
    overview: pygame.Rect  # the whole board small, beside a zoomed part
    below: Optional[pygame.Rect]  # in class, the lesson under a wide board


class PanelPlace(NamedTuple):
    """Where the panel's parts go, top to bottom, and whether any lacks its room."""

    panel: pygame.Rect
    title: pygame.Rect
    status: pygame.Rect
    buttons: list[Button]
    message: pygame.Rect
    step: pygame.Rect
    knowledge: pygame.Rect
    help: pygame.Rect
    odds_key: pygame.Rect
    font: int
    line: int
    list_line: int
    crowded: bool


def layout(
    size: tuple[int, int], frame: Frame, scale: Scale, fonts: Optional[Fonts] = None
) -> Layout:
    """Return where everything goes in a window of this size, for this frame, at this scale.

    fonts: where the text is measured from (the Painter's, kept once per size).
    """
    fonts = fonts or fresh_font
    board = place_board(size, frame, scale)
    part = place_panel(size, frame, scale, fonts, board.wide, board.below)
    return Layout(
        board.shape[0],
        board.shape[1],
        board.cell,
        board.origin,
        part.panel,
        part.title,
        part.status,
        part.buttons,
        part.message,
        part.step,
        part.knowledge,
        part.help,
        scale,
        part.font,
        part.line,
        part.list_line,
        2 if frame.classroom else 1,
        part.odds_key,
        board.first,
        board.overview,
        (frame.rows, frame.columns),
        part.crowded,
    )


def place_board(size: tuple[int, int], frame: Frame, scale: Scale) -> BoardPlace:
    """Return where the board goes: as large as the room left of the panel allows, centred;
    in class a wide board may take the lesson under it, and a large one shows its part large."""
    width, height = size
    px = scale.px
    lesson = frame.classroom
    wide = px(PANEL_WIDTH)
    cell = fit_cell((width - wide, height), frame.rows, frame.columns, scale)
    below = None
    if lesson:  # the lesson under the board when the board leaves the room
        wide, cell, below = class_board(size, frame, scale, wide)
    origin = (MARGIN + px(LABEL), MARGIN + px(LABEL))
    if lesson and frame.focus and cell < legible_cell(height):
        bottom = below.y - px(8) if below is not None else height - MARGIN
        area = pygame.Rect(origin, (width - wide - MARGIN - origin[0], bottom - origin[1]))
        zoom = zoom_in(frame, area, cell, scale, height)
        if zoom is not None:
            first, shape, cell, origin, overview = zoom
            return BoardPlace(wide, cell, origin, first, shape, overview, below)
    if below is not None:  # over the lesson, the board stands in the middle of its width
        spare = below.width - px(LABEL) - cell * frame.columns
        origin = (origin[0] + max(0, spare) // 2, origin[1])
    else:  # the board stands in the middle of the room left of the panel, not in its corner
        spare_x = width - wide - origin[0] - cell * frame.columns - MARGIN
        spare_y = height - origin[1] - cell * frame.rows - MARGIN
        origin = (origin[0] + max(0, spare_x) // 2, origin[1] + max(0, spare_y) // 2)
    whole = (frame.rows, frame.columns)
    return BoardPlace(wide, cell, origin, (0, 0), whole, pygame.Rect(0, 0, 0, 0), below)


def place_panel(
    size: tuple[int, int],
    frame: Frame,
    scale: Scale,
    fonts: Fonts,
    wide: int,
    below: Optional[pygame.Rect],
) -> PanelPlace:
    """Return where the panel's parts go, top to bottom: title, status, buttons, message,
    the step box and the knowledge list (or the lesson under the board), the help."""
    width, height = size
    px = scale.px
    lesson = frame.classroom
    margin = px(MARGIN)
    font = px(CLASS_TEXT if lesson else TEXT)
    line = px(CLASS_LINE if lesson else LINE)
    panel = pygame.Rect(width - wide, 0, wide, height)
    x, inner = panel.x + margin, wide - 2 * margin
    titled = min(max(2, text_lines(frame.title, inner, px(16), True, fonts) or 2), TITLE_MOST)
    title = pygame.Rect(x, margin, inner, titled * round(px(16) * 1.36))
    # With the lesson under the board, the panel has the room to give the status words a
    # row of their own: "Mines 99" and "Time 198.0" beside the face keep 30 px at 1080p
    # (in one row they shrank to 22 and 18).
    two = below is not None
    status = pygame.Rect(x, title.bottom + px(4), inner, 2 * px(40) + px(6) if two else px(40))
    rows: Sequence[Sequence[tuple[str, str]]] = button_rows(frame.custom)
    rows = CLASS_BUTTONS if lesson else rows
    rows = REVIEW_BUTTONS if frame.reviewing else rows
    rows = EDITOR_BUTTONS if frame.editing else rows
    buttons, y = _buttons(rows, x, status.bottom + px(10), inner, scale)
    # In class the keys are behind "?"; the help takes the lines its words need.
    help_lines = text_lines(frame.help, inner, font, False, fonts) or (
        (4 if frame.keys else 1) if lesson else 6
    )
    help_line = line if lesson else px(18)
    help_rect = pygame.Rect(
        x, height - help_lines * help_line - margin, inner, help_lines * help_line
    )
    # Outside class, with the odds overlay on, its key stands over the help.
    keyed = px(ODDS_KEY_HEIGHT) if frame.odds_key is not None and not lesson else 0
    odds_key = pygame.Rect(x, help_rect.y - px(6) - keyed, inner, keyed)
    above_help = odds_key.y if keyed else help_rect.y
    said = 0  # in class: no message, no room kept for one
    if frame.message and lesson:
        said = message_lines(frame.message, inner, font, 4 if below is not None else 3, fonts)
    elif not lesson:  # the message takes the lines it needs, the AI's summary keeps its room
        room = (above_help - px(6) - SUMMARY_LINES * px(LINE) - px(6) - y - px(4)) // line
        said = max(4, min(text_lines(frame.message, inner, font, False, fonts) or 4, room))
    message = pygame.Rect(x, y + px(4), inner, said * line)
    step = pygame.Rect(x, message.bottom + px(6), inner, step_lines(frame) * line if lesson else 0)
    if below is not None:  # a wide board leaves room under it: the lesson goes there, large
        step = below
    list_line = px(CLASS_LIST_LINE if lesson else LIST_LINE)
    if lesson and below is None and frame.knowledge is not None:
        # The step box takes the room its words need, whole at the panel's size, and the
        # room a short knowledge list leaves; the list keeps its header and a row, or
        # for an answer that needs more, its header only. Only past that are the step's
        # words drawn smaller (paint_wrapped).
        sentences = len(frame.knowledge.rows)
        wanted = 2 * line + max(3, sentences) * list_line
        room = help_rect.y - px(6) - step.y - px(6)  # for the step box and the list
        spare = room - step.height - wanted
        need = step_needs(frame, inner, font, line, scale, fonts)
        least = 2 * line + min(1, sentences) * list_line
        keep = least if need <= room - least else 2 * line
        step.height = max(0, min(max(step.height + max(0, spare), need), room - keep))
    top = (message.bottom if below is not None else step.bottom) + px(6)
    knowledge = pygame.Rect(x, top, inner, max(0, above_help - px(6) - top))
    head = (2 if lesson else 1) * line
    words = step_needs(frame, step.width, font, line, scale, fonts) if lesson else 0
    crowded = (
        knowledge.height < head + (list_line if lesson else 0)
        or message.bottom > above_help
        or step.height < words
    )
    return PanelPlace(
        panel, title, status, buttons, message, step, knowledge, help_rect, odds_key,
        font, line, list_line, crowded,
    )  # fmt: skip


# A cell is legible from the back row when, with the picture scaled to 640x360 (a
# 1080p projector seen from the back), it is this many pixels: digits of about 12.
LEGIBLE_AT_360 = 20
ZOOM_MOST = 2.0  # a zoomed cell at most twice legible: the part shown keeps its context
ZOOM_MARGIN = 1  # cells shown around what the step is about, at least
OVERVIEW_CELL = 4  # the overview's cell at scale 1


def legible_cell(height: int) -> int:
    """Return the smallest cell the back row reads in a window this tall."""
    return -(-LEGIBLE_AT_360 * height // 360)


def zoom_in(
    frame: Frame, area: pygame.Rect, cell: int, scale: Scale, height: int
) -> Optional[tuple[Cell, tuple[int, int], int, tuple[int, int], pygame.Rect]]:
    """Return the part of the board to show large in area, when that makes its cells larger.

    The part holds the frame's focus (with ZOOM_MARGIN cells around it) and as much
    around it as fits. Returns its first cell, its rows and columns, the cell size,
    where its first cell is drawn and the overview's box; None when zooming would not
    make the cells larger (a focus as wide as the board).
    """
    rows, columns = frame.rows, frame.columns
    tiny = max(2, scale.px(OVERVIEW_CELL))
    overview = pygame.Rect(0, 0, tiny * columns, tiny * rows)
    gap = scale.px(12)
    room = pygame.Rect(area.x, area.y, area.width - overview.width - gap, area.height)
    top = max(0, min(r for r, _ in frame.focus) - ZOOM_MARGIN)
    left = max(0, min(c for _, c in frame.focus) - ZOOM_MARGIN)
    down = min(rows - 1, max(r for r, _ in frame.focus) + ZOOM_MARGIN) - top + 1
    across = min(columns - 1, max(c for _, c in frame.focus) + ZOOM_MARGIN) - left + 1
    most = round(ZOOM_MOST * legible_cell(height))
    size = min(room.width // across, room.height // down, most)
    if size <= cell:
        return None
    shown = (min(rows, room.height // size), min(columns, room.width // size))
    first = (
        min(max(0, top - (shown[0] - down) // 2), rows - shown[0]),
        min(max(0, left - (shown[1] - across) // 2), columns - shown[1]),
    )
    spare = room.width - size * shown[1]
    origin = (room.x + spare // 2, room.y)
    overview.topright = (area.right, area.y)
    return first, shown, size, origin, overview


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Return text broken into lines no wider than width.

    A word wider than a line (a file's path) is broken too: after a "/" where it
    can be, else where the line ends, so that nothing of it is cut off.
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if font.size(candidate)[0] <= width or not line and font.size(word)[0] <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            pieces = broken(word, font, width)
            lines += pieces[:-1]
            line = pieces[-1]
        lines.append(line)
    return lines


def broken(word: str, font: pygame.font.Font, width: int) -> list[str]:
    """Return a word in pieces no wider than width (one piece when it fits)."""
    pieces = []
    while font.size(word)[0] > width and len(word) > 1:
        end = 1
        while end < len(word) and font.size(word[: end + 1])[0] <= width:
            end += 1
        slash = word.rfind("/", 0, end)
        cut = slash + 1 if slash > 0 else end
        pieces.append(word[:cut])
        word = word[cut:]
    return [*pieces, word]


def text_lines(
    text: str, width: int, size: int, bold: bool = False, fonts: Optional[Fonts] = None
) -> Optional[int]:
    """Return the lines text takes wrapped to width at a size, or None before fonts start."""
    if not pygame.font.get_init():
        return None
    return len(wrap(text, (fonts or fresh_font)(size, bold), width))


def message_lines(
    text: str, width: int, size: int, least: int = 4, fonts: Optional[Fonts] = None
) -> int:
    """Return the lines a message takes in the panel's font (least to MESSAGE_MOST)."""
    return min(max(least, text_lines(text, width, size, False, fonts) or least), MESSAGE_MOST)


def step_needs(frame: Frame, width: int, font: int, line: int, scale: Scale, fonts: Fonts) -> int:
    """Return the height the step box needs for its header, its words whole, and the legend."""
    if frame.step is None or not pygame.font.get_init():
        return 0
    inner = width - scale.px(12)
    words = len(wrap(frame.step.words, fonts(font, False), inner))
    marks = frame.step.marks if frame.step.marks is not None else KNOWN_LEGEND
    legend = legend_lines(inner, font, scale, fonts, marks) if frame.step.legend else 0
    return (1 + words + legend) * line + scale.px(8) + 2 + scale.px(4)


def legend_lines(
    width: int, font: int, scale: Scale, fonts: Fonts,
    marks: tuple[tuple[bool, str], ...] = KNOWN_LEGEND,
) -> int:  # fmt: skip
    """Return the lines the colour legend takes at a width (as screen/paint.py lays it out)."""
    rows, used = 1, 0
    for word in [*ROLES, *(word for _, word in marks)]:
        need = font + scale.px(4) + fonts(font, False).size(word)[0] + scale.px(10)
        if used and used + need > width:
            rows, used = rows + 1, 0
        used += need
    return rows


def step_lines(frame: Frame) -> int:
    """Return the lines of the step box in the panel, before it takes a short list's room."""
    if frame.reviewing:  # a verdict takes a few lines; the list of clicks takes the rest
        return 4
    # An arrangement's words (V) need the legend's room and more: the list gives it up.
    wordy = frame.step is not None and not frame.step.legend
    return 12 if wordy else 9


def class_board(
    size: tuple[int, int], frame: Frame, scale: Scale, wide: int
) -> tuple[int, int, Optional[pygame.Rect]]:
    """Return the panel's width, the cell size and the step box under the board, in class.

    A wide board leaves the lower screen empty, and a small board's cells are
    huge (some of their height is given): the lesson goes under the board, and
    the panel narrows when that lets the board grow. Else the lesson stays in
    the panel (the step box is None).
    """
    width, height = size
    px, rows, columns = scale.px, frame.rows, frame.columns
    room = round(STEP_BELOW * px(CLASS_LINE) * SMALL_BOARD_ROOM)
    for panel in (round(wide * NARROW_PANEL), wide):
        cell = fit_cell((width - panel, height), rows, columns, scale)
        if cell >= px(BIG_CELL):
            smaller = fit_cell((width - panel, height - room), rows, columns, scale)
            cell = max(px(BIG_CELL), smaller)
        below = step_below(size, frame, scale, cell, panel)
        if below is not None:
            return panel, cell, below
    return wide, fit_cell((width - wide, height), rows, columns, scale), None


def step_below(
    size: tuple[int, int], frame: Frame, scale: Scale, cell: int, panel: int
) -> Optional[pygame.Rect]:
    """Return the step box under the board when a wide board leaves the room, else None.

    An expert board at 16:9 fills the width beside the panel and leaves the screen's
    lower part empty: the question and its answer are read best there, on the
    board's full width, and the panel's list gets the room they leave.
    """
    width, height = size
    px = scale.px
    top = MARGIN + px(LABEL) + cell * frame.rows + px(8)
    room = pygame.Rect(MARGIN, top, width - panel - 2 * MARGIN, height - MARGIN - top)
    landscape = width >= height  # a screen or a projector, not a window stretched down
    roomy = room.height >= STEP_BELOW * px(CLASS_LINE) and room.width >= px(PANEL_WIDTH)
    return room if landscape and roomy else None


def button_rows(custom: bool) -> list[list[tuple[str, str]]]:
    """Return the play buttons, row by row (a Custom board's button when there is one)."""
    rows = [list(row) for row in BUTTON_ROWS]
    if custom:
        rows[1].append(("board:custom", "Custom"))
    return rows


def _buttons(
    rows: Sequence[Sequence[tuple[str, str]]], x: int, y: int, width: int, scale: Scale
) -> tuple[list[Button], int]:
    """Return buttons laid out in rows from (x, y), and the y below them."""
    buttons = []
    gap = scale.px(6)
    for row in rows:
        room = width - gap * (len(row) - 1)
        # Widths go by label length, so that one font size fits every label.
        weights = [len(label) + 4 for _, label in row]
        left = x
        for k, (command, label) in enumerate(row):
            each = room * weights[k] // sum(weights)
            buttons.append(Button(command, label, pygame.Rect(left, y, each, scale.px(30))))
            left += each + gap
        y += scale.px(36)
    return buttons, y


def status_boxes(
    rect: pygame.Rect, scale: Scale
) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]:
    """Return the status row's boxes: mine counter, face (a new-game button), time, status.

    A status box two rows high (in class) puts the status words on the second row.
    """
    gap = scale.px(6)
    if rect.height > scale.px(60):
        row = (rect.height - gap) // 2
        half = (rect.width - row - 2 * gap) // 2
        mines = pygame.Rect(rect.x, rect.y, half, row)
        button = pygame.Rect(mines.right + gap, rect.y, row, row)
        clock = pygame.Rect(button.right + gap, rect.y, rect.right - button.right - gap, row)
        return mines, button, clock, pygame.Rect(rect.x, rect.y + row + gap, rect.width, row)
    face = rect.height
    rest = rect.width - face - 3 * gap
    mines = pygame.Rect(rect.x, rect.y, rest * 27 // 100, rect.height)
    button = pygame.Rect(mines.right + gap, rect.y, face, rect.height)
    clock = pygame.Rect(button.right + gap, rect.y, rest * 27 // 100, rect.height)
    words = pygame.Rect(clock.right + gap, rect.y, rect.right - clock.right - gap, rect.height)
    return mines, button, clock, words


def minimum_window_size(frame: Frame, fonts: Optional[Fonts] = None) -> tuple[int, int]:
    """Return the smallest window that shows every cell at MIN_CELL and the whole panel.

    The panel needs its buttons, message and step box, three lines for the
    knowledge list and the help lines; the board needs MIN_CELL per cell.
    """
    edges = 2 * MARGIN + LABEL
    width = PANEL_WIDTH + edges + MIN_CELL * frame.columns
    tall = layout((width, 10_000), frame, Scale(), fonts)  # a larger window only scales up
    lesson = frame.classroom
    said = (3 if lesson else 4) * tall.line  # a message may come: its room is kept
    step = 6 + (step_lines(frame) * tall.line if lesson else 0)  # the step box before it grows
    listed = tall.head + 3 * tall.line
    key = tall.odds_key.height + 6 if tall.odds_key.height else 0  # the odds overlay's key
    panel = tall.message.y + said + step + 6 + listed + 6 + key + (tall.panel.bottom - tall.help.y)
    return (width, max(panel, edges + MIN_CELL * frame.rows))


def default_window_size(rows: int, columns: int) -> tuple[int, int]:
    """Return the window size that shows a board at its best and fits SCREEN."""
    cell = fit_cell((SCREEN[0] - PANEL_WIDTH, SCREEN[1]), rows, columns, Scale())
    width = 2 * MARGIN + LABEL + cell * columns + PANEL_WIDTH
    height = max(SCREEN[1], 2 * MARGIN + LABEL + cell * rows)
    return (width, height)
