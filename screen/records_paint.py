"""The records view drawn over the board's side: a table, the board in view, a plot.

Where each part goes (records_places) is worked out from the view's counts
and the scale alone, so that a click finds the row it fell on (screen/input.py)
without drawing. paint_records draws a RecordsTable as it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from screen.layout import MARGIN, Layout, wrap
from screen.palette import (
    BUTTON_ON,
    FAINT_INK,
    GRID,
    INK,
    LOST_COLOUR,
    PANEL,
    SELECTED_ROW,
    WHITE,
)
from window.records_view import RecordsTable

if TYPE_CHECKING:
    from screen.paint import Painter  # paint.py draws the view with this module

ROW = 22  # a row of the tables, at scale 1
TEXT = 14  # their text, at scale 1 (smaller when a table is too wide)
SMALLEST = 9
BEST_LINES = 5  # the best times' block holds five
PLOT_HEIGHT = 130
RECENT_COLUMNS = ("When", "Result", "Time", "Verdicts")


@dataclass(frozen=True)
class RecordsPlaces:
    """Where the records view's parts are on the screen."""

    area: pygame.Rect  # the whole view
    table: pygame.Rect  # the boards' table, its header row first
    rows: tuple[pygame.Rect, ...]  # each board's row
    heading: pygame.Rect  # the board in view's name
    best: pygame.Rect  # its best times
    plot: pygame.Rect  # its times over its last games
    recent: tuple[pygame.Rect, ...]  # the rows of the recent games in view, under a header row
    first: int  # the recent game in the first of them (the chosen one is always in view)
    recent_header: pygame.Rect
    notes: pygame.Rect  # how games count, the keys, damage

    def board_at(self, pos: tuple[int, int]) -> int:
        """Return the board row under a position, or -1."""
        return next((k for k, r in enumerate(self.rows) if r.collidepoint(pos)), -1)

    def game_at(self, pos: tuple[int, int]) -> int:
        """Return the recent game under a position, or -1."""
        return next((self.first + k for k, r in enumerate(self.recent) if r.collidepoint(pos)), -1)


def records_places(table: RecordsTable, view: Layout) -> RecordsPlaces:
    """Return where each part of the records view goes: on the board's side of the window."""
    px = view.px
    area = pygame.Rect(0, 0, view.panel.x, view.panel.height).inflate(-2 * MARGIN, -2 * MARGIN)
    inner = area.inflate(-2 * px(14), -2 * px(10))
    row = px(ROW)
    y = inner.y + px(30)  # under the title
    shown = max(1, len(table.rows))
    head = row * header_lines(table.columns)
    table_rect = pygame.Rect(inner.x, y, inner.width, head + row * shown)
    rows = tuple(
        pygame.Rect(inner.x, y + head + row * k, inner.width, row) for k in range(len(table.rows))
    )
    y = table_rect.bottom + px(12)
    heading = pygame.Rect(inner.x, y, inner.width, px(26))
    y = heading.bottom + px(4)
    half = inner.width * 2 // 5
    block = max(row * (BEST_LINES + 1), px(PLOT_HEIGHT))
    best = pygame.Rect(inner.x, y, half - px(10), block)
    plot = pygame.Rect(inner.x + half, y, inner.width - half, block)
    notes_height = px(18) * 4
    y = best.bottom + px(10)
    fit = max(0, (inner.bottom - notes_height - y) // row - 1)
    recent_header = pygame.Rect(inner.x, y, inner.width, row)
    recent = tuple(
        pygame.Rect(inner.x, y + row * (1 + k), inner.width, row)
        for k in range(min(len(table.recent), fit))
    )
    first = min(max(0, table.chosen - len(recent) + 1), max(0, len(table.recent) - len(recent)))
    notes = pygame.Rect(inner.x, inner.bottom - notes_height, inner.width, notes_height)
    return RecordsPlaces(
        area, table_rect, rows, heading, best, plot, recent, first, recent_header, notes
    )


def paint_records(
    screen: pygame.Surface, table: RecordsTable, view: Layout, painter: Painter
) -> None:
    """Draw the records view over the board's side of the window."""
    px = view.px
    places = records_places(table, view)
    screen.fill(PANEL, places.area)
    pygame.draw.rect(screen, GRID, places.area, 1)
    inner = places.area.inflate(-2 * px(14), -2 * px(10))
    screen.blit(painter.text("Records", px(20), INK, bold=True), inner.topleft)
    head = px(ROW) * header_lines(table.columns)
    header_rect = pygame.Rect(places.table.x, places.table.y, places.table.width, head)
    if table.rows:
        chosen = [k == table.in_view for k in range(len(table.rows))]
        paint_table(
            screen, painter, view, table.columns, table.rows, header_rect, places.rows, chosen
        )
    else:
        words = painter.text("No games finished yet.", px(TEXT), FAINT_INK)
        screen.blit(words, (header_rect.x, header_rect.y + px(3)))
    name = f"{table.board}" if table.board else "This board"
    fitted = fit_text(painter, name, places.heading.width, px(17), bold=True)
    screen.blit(fitted, places.heading.topleft)
    paint_best(screen, painter, view, table, places.best)
    paint_plot(screen, painter, view, table, places.plot)
    first = places.first
    recent = [g.cells() for g in table.recent[first : first + len(places.recent)]]
    if recent:
        chosen = [first + k == table.chosen for k in range(len(recent))]
        paint_table(
            screen, painter, view, RECENT_COLUMNS, recent, places.recent_header, places.recent,
            chosen, fill=1,
        )  # fmt: skip
    else:
        empty = "No game of this board in the history yet: each game is kept when it ends."
        screen.blit(painter.text(empty, px(TEXT), FAINT_INK), places.recent_header.topleft)
    paint_notes(screen, painter, view, table, places.notes)


def header_lines(columns: Sequence[str]) -> int:
    """Return the lines a table's header takes (a title may hold a line break)."""
    return max(1 + title.count("\n") for title in columns)


def paint_table(
    screen: pygame.Surface,
    painter: Painter,
    view: Layout,
    columns: tuple[str, ...],
    rows: Sequence[tuple[str, ...]],
    header: pygame.Rect,
    places: tuple[pygame.Rect, ...],
    chosen: list[bool],
    fill: int = 0,
) -> None:
    """Draw a table: a bold header, then rows (the chosen one shaded), columns fitted to width.

    fill: the column that takes the room left over (the first, by default).
    """
    size = view.px(TEXT)
    gap = view.px(10)
    widths: list[int] = []
    while True:
        font, bold = painter.font(size), painter.font(size, bold=True)
        widths = [
            max([bold.size(part)[0] for part in c.split("\n")] + [font.size(r[k])[0] for r in rows])
            for k, c in enumerate(columns)
        ]
        if sum(widths) + gap * (len(columns) - 1) <= header.width or size <= SMALLEST:
            break
        size -= 1
    spare = header.width - sum(widths) - gap * (len(columns) - 1)
    widths[fill] += max(0, spare)
    xs = [header.x + sum(widths[:k]) + gap * k for k in range(len(columns))]
    tall = places[0].height if places else header.height
    lift = (tall - font.get_linesize()) // 2
    lines = header_lines(columns)
    for k, title in enumerate(columns):
        parts = title.split("\n")
        for n, part in enumerate(parts):  # a one-line title stands on the header's last line
            y = header.y + tall * (lines - len(parts) + n) + lift
            screen.blit(painter.text(part, size, INK, bold=True), (xs[k], y))
    pygame.draw.line(screen, GRID, (header.x, header.bottom - 1), (header.right, header.bottom - 1))
    for row, rect, shaded in zip(rows, places, chosen, strict=False):
        if shaded:
            screen.fill(SELECTED_ROW, rect)
        for k, text in enumerate(row):
            screen.blit(painter.text(text, size, INK), (xs[k], rect.y + lift))


def fit_text(
    painter: Painter, text: str, width: int, size: int, bold: bool = False
) -> pygame.Surface:
    """Return text at size, or smaller until it fits width."""
    while size > SMALLEST and painter.font(size, bold).size(text)[0] > width:
        size -= 1
    return painter.text(text, size, INK, bold)


def paint_best(
    screen: pygame.Surface, painter: Painter, view: Layout, table: RecordsTable, box: pygame.Rect
) -> None:
    """Draw the board in view's best times with their dates."""
    px = view.px
    screen.blit(painter.text("Best times", px(TEXT), INK, bold=True), box.topleft)
    lines = table.best_times or ("No win without help yet.",)
    for k, line in enumerate(lines[:BEST_LINES]):
        words = f"{k + 1}. {line}" if table.best_times else line
        colour = INK if table.best_times else FAINT_INK
        screen.blit(painter.text(words, px(TEXT), colour), (box.x, box.y + px(ROW) * (k + 1)))


def plot_labels(top: float) -> tuple[str, str, str]:
    """Return the time axis's labels at top, half of it and 0: tenths where whole seconds
    would repeat (a plot topped at 1 s once read "1 s, 0 s, 0 s")."""
    digits = 0 if top >= 10 else 1
    return f"{top:.{digits}f} s", f"{top / 2:.{digits}f} s", f"{0:.{digits}f} s"


def paint_plot(
    screen: pygame.Surface, painter: Painter, view: Layout, table: RecordsTable, box: pygame.Rect
) -> None:
    """Draw the board's times over its last games: wins as dots, losses as ticks below."""
    px = view.px
    points = table.plot
    title = f"Times of the last {len(points)} games" if len(points) > 1 else "Times"
    screen.blit(painter.text(title, px(TEXT), INK, bold=True), box.topleft)
    frame = pygame.Rect(
        box.x + px(44), box.y + px(ROW), box.width - px(48), box.height - px(ROW) - px(16)
    )
    if not points or frame.width < 20 or frame.height < 20:
        return
    screen.fill(WHITE, frame)
    pygame.draw.rect(screen, GRID, frame, 1)
    wins = [p.seconds for p in points if p.won]
    top = max(wins) if wins else max(p.seconds for p in points)
    top = max(top, 1.0)
    for value, words in zip((top, top / 2, 0.0), plot_labels(top), strict=True):
        y = frame.bottom - round(value / top * (frame.height - px(6))) - px(3)
        label = painter.text(words, px(11), FAINT_INK)
        screen.blit(label, (frame.x - label.get_width() - px(4), y - label.get_height() // 2))
        pygame.draw.line(screen, GRID, (frame.x, y), (frame.x + px(4), y))
    step = (frame.width - px(10)) / max(1, len(points) - 1)
    dots: list[tuple[int, int]] = []
    for k, point in enumerate(points):
        x = frame.x + px(5) + round(k * step)
        if not point.won:
            pygame.draw.line(
                screen, LOST_COLOUR, (x, frame.bottom - px(7)), (x, frame.bottom - 2), 2
            )
            continue
        y = frame.bottom - round(min(point.seconds, top) / top * (frame.height - px(6))) - px(3)
        dots.append((x, y))
        if point.assisted:
            pygame.draw.circle(screen, BUTTON_ON, (x, y), px(3), 1)
        else:
            pygame.draw.circle(screen, BUTTON_ON, (x, y), px(3))
    unassisted = [
        d for d, p in zip(dots, [p for p in points if p.won], strict=True) if not p.assisted
    ]
    if len(unassisted) > 1:
        pygame.draw.lines(screen, BUTTON_ON, False, unassisted, 1)
    key = "● a win  ○ a win with help  | a loss"
    legend = painter.text(key, px(11), FAINT_INK)
    screen.blit(legend, (frame.x, frame.bottom + px(2)))


def paint_notes(
    screen: pygame.Surface, painter: Painter, view: Layout, table: RecordsTable, box: pygame.Rect
) -> None:
    """Draw the question Delete asks, the damage found, the keys and how games count."""
    px = view.px
    size, line = px(12), px(16)
    font = painter.font(size)
    lines: list[tuple[str, tuple[int, ...]]] = []
    if table.asking:
        lines += [(part, LOST_COLOUR) for part in wrap(table.asking, font, box.width)]
    for note in reversed(table.notes):  # the last said (damage) first: it matters most
        lines += [(part, FAINT_INK) for part in wrap(note, font, box.width)]
    y = box.y
    for text, colour in lines:
        if y + line > box.bottom:
            break
        screen.blit(painter.text(text, size, colour), (box.x, y))
        y += line
