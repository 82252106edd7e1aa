"""Where things are: the board, the panel's boxes and buttons, at an explicit scale.

The panel scales with the window, so that text a class reads from the back
row grows with the projector: the sizes below are at scale 1 (a 1100x620
window), and every panel size goes through Scale.px. A Zoom is the +/-/0
keys' own factor on top. Nothing here is global: a Layout carries its scale.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import NamedTuple, Optional

import pygame

from minesweeper import BOARDS, Cell
from window.frame import Frame

SCREEN = (1280, 680)  # the default window fits a 1280x720 screen with room for a title bar
PANEL_WIDTH = 420
MARGIN = 12
LABEL = 24  # the band for row letters and column numbers
MIN_CELL, MAX_CELL = 10, 1000  # cells grow to fill the window: no cap that a projector would feel
LINE = 19  # height of a line of panel text
LIST_LINE = 20  # height of a row in the knowledge list
TEXT = 14  # the panel's text size at scale 1
# In class the panel is a presentation: text the back row reads (16 at scale 1 is
# 28 px at 1920x1080), the lesson's buttons only, the keys behind "?".
CLASS_TEXT, CLASS_LINE, CLASS_LIST_LINE = 16, 22, 23
PANEL_TALL, PANEL_WIDE = 620, 1100

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


@dataclass(frozen=True)
class Scale:
    """The panel's scale: sizes at scale 1 become pixels at this one."""

    factor: float = 1.0

    def px(self, n: float) -> int:
        """Return a panel size in pixels at this scale."""
        return max(1, round(n * self.factor))


def scale_for(size: tuple[int, int], zoom: float = 1.0) -> Scale:
    """Return the panel's scale for a window of this size at this text zoom (at least 1)."""
    width, height = size
    scale = max(1.0, min(height / PANEL_TALL, width / PANEL_WIDE)) * zoom
    scale = min(scale, height / PANEL_TALL, (width * 0.55) / PANEL_WIDTH) if scale > 1 else scale
    return Scale(max(scale, 1.0))


class Zoom:
    """The +/- keys' text zoom, kept between frames."""

    def __init__(self) -> None:
        self.factor = 1.0

    def change(self, factor: float, size: tuple[int, int]) -> str:
        """Make the panel's text larger or smaller (within what the window holds); say so."""
        self.factor = min(max(self.factor * factor, 0.6), 2.5)
        asked = round(self.factor * 100)
        held = round(100 * scale_for(size, self.factor).factor / scale_for(size).factor)
        if held < asked:
            return (
                f"Text zoom {asked}% asked, but this window holds only {held}%: the panel's "
                "height sets its text (a taller window holds more)."
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

    def px(self, n: float) -> int:
        """Return a panel size in pixels at the layout's scale."""
        return self.scale.px(n)

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        """Return the rectangle of a cell on the screen."""
        x0, y0 = self.origin
        return pygame.Rect(x0 + cell[1] * self.cell, y0 + cell[0] * self.cell, self.cell, self.cell)

    def cell_at(self, pos: tuple[int, int]) -> Optional[Cell]:
        """Return the cell under a screen position, or None."""
        row = (pos[1] - self.origin[1]) // self.cell
        col = (pos[0] - self.origin[0]) // self.cell
        inside = pos[0] >= self.origin[0] and pos[1] >= self.origin[1]
        return (row, col) if inside and row < self.rows and col < self.columns else None

    def button_at(self, pos: tuple[int, int]) -> Optional[str]:
        """Return the command of the button under a screen position, or None."""
        return next((b.command for b in self.buttons if b.rect.collidepoint(pos)), None)

    def list_rows(self) -> int:
        """Return how many knowledge sentences fit in the list."""
        return max(0, (self.knowledge.height - self.line) // self.list_line)

    def sentence_at(self, pos: tuple[int, int], first: int) -> Optional[int]:
        """Return the index of the knowledge sentence under a position, or None."""
        top = self.knowledge.y + self.line
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


def layout(size: tuple[int, int], frame: Frame, scale: Scale) -> Layout:
    """Return where everything goes in a window of this size, for this frame, at this scale."""
    width, height = size
    px = scale.px
    lesson = frame.classroom
    wide, margin = px(PANEL_WIDTH), px(MARGIN)
    font = px(CLASS_TEXT if lesson else TEXT)
    line = px(CLASS_LINE if lesson else LINE)
    cell = fit_cell((width - wide, height), frame.rows, frame.columns, scale)
    origin = (MARGIN + px(LABEL), MARGIN + px(LABEL))
    panel = pygame.Rect(width - wide, 0, wide, height)
    x, inner = panel.x + margin, wide - 2 * margin
    title = pygame.Rect(x, margin, inner, 2 * round(px(16) * 1.36))
    status = pygame.Rect(x, title.bottom + px(4), inner, px(40))
    rows = CLASS_BUTTONS if lesson else button_rows(frame.custom)
    buttons, y = _buttons(rows, x, status.bottom + px(10), inner, scale)
    message = pygame.Rect(x, y + px(4), inner, (3 if lesson else 4) * line)
    # An arrangement's words (V) need the legend's room and more: the list gives it up.
    wordy = frame.step is not None and not frame.step.legend
    step = pygame.Rect(
        x, message.bottom + px(6), inner, (12 if wordy else 9) * line if lesson else 0
    )
    help_lines = (4 if frame.keys else 1) if lesson else 6  # in class the keys are behind "?"
    help_line = line if lesson else px(18)
    help_rect = pygame.Rect(
        x, height - help_lines * help_line - margin, inner, help_lines * help_line
    )
    top = step.bottom + px(6)
    knowledge = pygame.Rect(x, top, inner, max(0, help_rect.y - px(6) - top))
    return Layout(
        frame.rows,
        frame.columns,
        cell,
        origin,
        panel,
        title,
        status,
        buttons,
        message,
        step,
        knowledge,
        help_rect,
        scale,
        font,
        line,
        px(CLASS_LIST_LINE if lesson else LIST_LINE),
    )


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
    """Return the status row's boxes: mine counter, face (a new-game button), time, status."""
    gap = scale.px(6)
    face = rect.height
    rest = rect.width - face - 3 * gap
    mines = pygame.Rect(rect.x, rect.y, rest * 27 // 100, rect.height)
    button = pygame.Rect(mines.right + gap, rect.y, face, rect.height)
    clock = pygame.Rect(button.right + gap, rect.y, rest * 27 // 100, rect.height)
    words = pygame.Rect(clock.right + gap, rect.y, rect.right - clock.right - gap, rect.height)
    return mines, button, clock, words


def minimum_window_size(frame: Frame) -> tuple[int, int]:
    """Return the smallest window that shows every cell at MIN_CELL and the whole panel.

    The panel needs its buttons, message and step box, three lines for the
    knowledge list and the help lines; the board needs MIN_CELL per cell.
    """
    edges = 2 * MARGIN + LABEL
    width = PANEL_WIDTH + edges + MIN_CELL * frame.columns
    tall = layout((width, 10_000), frame, Scale())  # a larger window only scales up
    panel = tall.step.bottom + 6 + 3 * tall.line + 6 + (tall.panel.bottom - tall.help.y)
    return (width, max(panel, edges + MIN_CELL * frame.rows))


def default_window_size(rows: int, columns: int) -> tuple[int, int]:
    """Return the window size that shows a board at its best and fits SCREEN."""
    cell = fit_cell((SCREEN[0] - PANEL_WIDTH, SCREEN[1]), rows, columns, Scale())
    width = 2 * MARGIN + LABEL + cell * columns + PANEL_WIDTH
    height = max(SCREEN[1], 2 * MARGIN + LABEL + cell * rows)
    return (width, height)
