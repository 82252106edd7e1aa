"""paint(surface, frame, layout): draw a Frame as it is, deciding nothing about what to show.

The board is drawn on a layer kept while its frame's cells and odds stay the
same; highlights, marks and the panel are drawn on top each frame.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Optional

import pygame

from screen.layout import (
    CLASS_LABEL,
    CLASS_TEXT,
    LABEL,
    MARGIN,
    Button,
    Layout,
    status_boxes,
    wrap,
)
from screen.palette import (
    BACKGROUND,
    BUTTON,
    BUTTON_ON,
    CHOICE_OUTLINE,
    CURSOR,
    EXPLODED,
    FACE,
    FAINT_INK,
    GRID,
    HIDDEN,
    HIDDEN_DARK,
    HIDDEN_LIGHT,
    INK,
    KNOWN_LEGEND,
    LEGEND,
    MINE_EDGE,
    NUMBER_COLOURS,
    PANEL,
    REVEALED,
    ROLE_COLOURS,
    SAFE_EDGE,
    SELECTED_ROW,
    STATUS_COLOURS,
    STEP_OUTLINE,
    WHITE,
    Colour,
    overlay_colour,
    overlay_ink,
)
from screen.records_paint import paint_records
from sweeper.board import row_name
from window.frame import Frame, KnowledgeList, OddsKey, StepBox

HERE = Path(__file__).resolve().parent.parent
FONTS = HERE / "assets" / "fonts"
IMAGES = HERE / "assets" / "images"
MIN_LABEL = 9  # the smallest row letter or column number, in pixels
MIN_TEXT = 9  # text is made no smaller than this to fit its box
FONT_FILE = FONTS / "DejaVuSans.ttf"
BOLD_FONT_FILE = FONTS / "DejaVuSans-Bold.ttf"

Marks = tuple[tuple[bool, str], ...]  # a mark (True: a cross) and the word for it


class Painter:
    """Fonts, images and rendered texts, made once and reused every frame."""

    def __init__(self) -> None:
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._texts: dict[tuple[str, int, Colour, bool], pygame.Surface] = {}
        self._images = {
            name: pygame.image.load(str(IMAGES / f"{name}.png"))
            for name in ("mine", "flag", "wrong_flag")
        }
        self._scaled: dict[tuple[str, int], pygame.Surface] = {}
        self._tints: dict[tuple[Colour, int], pygame.Surface] = {}
        self._tiles: dict[int, pygame.Surface] = {}
        self.layer = pygame.Surface((1, 1))
        self.layer_key: tuple[object, ...] = ()

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """Return DejaVu Sans at a pixel size."""
        key = (size, bold)
        if key not in self._fonts:
            self._fonts[key] = pygame.font.Font(str(BOLD_FONT_FILE if bold else FONT_FILE), size)
        return self._fonts[key]

    def text(
        self, text: str, size: int, colour: Colour = INK, bold: bool = False
    ) -> pygame.Surface:
        """Return text rendered once and kept for the next frames."""
        key = (text, size, colour, bold)
        if key not in self._texts:
            if len(self._texts) > 5000:
                self._texts.clear()
            self._texts[key] = self.font(size, bold).render(text, True, colour)
        return self._texts[key]

    def image(self, name: str, size: int) -> pygame.Surface:
        """Return one of the images scaled to size x size pixels."""
        key = (name, size)
        if key not in self._scaled:
            scaled = pygame.transform.smoothscale(self._images[name], (size, size))
            self._scaled[key] = scaled.convert_alpha() if pygame.display.get_surface() else scaled
        return self._scaled[key]

    def tint(self, colour: Colour, size: int) -> pygame.Surface:
        """Return a translucent square of colour (r, g, b, alpha)."""
        key = (colour, size)
        if key not in self._tints:
            surface = pygame.Surface((size, size), pygame.SRCALPHA)
            surface.fill(colour)
            self._tints[key] = surface
        return self._tints[key]

    def tile(self, size: int) -> pygame.Surface:
        """Return a raised hidden cell of size x size pixels."""
        if size not in self._tiles:
            surface = pygame.Surface((size, size))
            edge = bevel(size)
            surface.fill(HIDDEN_DARK)
            pygame.draw.polygon(surface, HIDDEN_LIGHT, [(0, 0), (size - 1, 0), (0, size - 1)])
            surface.fill(HIDDEN, (edge, edge, size - 2 * edge, size - 2 * edge))
            self._tiles[size] = surface
        return self._tiles[size]


def bevel(size: int) -> int:
    """Return the width of a hidden cell's raised edge."""
    return max(2, size // 10)


def paint(screen: pygame.Surface, frame: Frame, view: Layout, painter: Painter) -> None:
    """Draw the whole window from a frame."""
    screen.fill(BACKGROUND)
    if frame.paused:  # the frame holds no board: a pause is no time to study it
        label = painter.text("Paused: P carries on", view.px(28), FAINT_INK, bold=True)
        screen.blit(label, label.get_rect(center=(view.panel.x // 2, screen.get_height() // 2)))
        paint_panel(screen, frame, view, painter)
        return
    band = view.px(LABEL)  # the layer holds the labels' band above and left of the cells
    screen.blit(board_layer(frame, view, painter), (view.origin[0] - band, view.origin[1] - band))
    marks = frame.highlights
    clip = screen.get_clip()
    screen.set_clip(view.board_box())  # a zoomed board: what lies outside its part is not drawn
    if marks.cursor is not None:
        pygame.draw.rect(screen, CURSOR, view.cell_rect(marks.cursor), max(2, view.cell // 10))
    paint_highlights(screen, frame, view, painter)
    paint_arrangement(screen, frame, view, painter)
    paint_answers(screen, frame, view, painter)
    for cell in marks.pressed:  # held down: drawn as open, with nothing in it yet
        if frame.tiles[cell[0] * frame.columns + cell[1]] not in ("hidden", "?"):
            continue  # a cell with a picture (the editor's stroke) keeps it
        rect = view.cell_rect(cell)
        screen.fill(REVEALED, rect)
        pygame.draw.rect(screen, GRID, rect, 1)
    if marks.choice is not None:
        pygame.draw.rect(
            screen, CHOICE_OUTLINE, view.cell_rect(marks.choice), max(2, view.cell // 9)
        )
    screen.set_clip(clip)
    if view.zoomed:
        paint_overview(screen, frame, view)
    if frame.sheet:
        paint_sheet(screen, frame, view, painter)
    if frame.records is not None:
        paint_records(screen, frame.records, view, painter)
    paint_panel(screen, frame, view, painter)


def paint_sheet(screen: pygame.Surface, frame: Frame, view: Layout, painter: Painter) -> None:
    """Draw a sheet over the board: a title and lines, each wrapped to the board's side."""
    px = view.px
    area = pygame.Rect(0, 0, view.panel.x, screen.get_height()).inflate(-2 * MARGIN, -2 * MARGIN)
    screen.fill(PANEL, area)
    pygame.draw.rect(screen, GRID, area, 1)
    inner = area.inflate(-2 * px(16), -2 * px(12))
    title = painter.text(frame.sheet_title, px(20), INK, bold=True)
    screen.blit(title, inner.topleft)
    y = inner.y + title.get_height() + px(10)
    font, line = painter.font(px(15)), px(21)
    for paragraph in frame.sheet:
        for part in wrap(paragraph, font, inner.width) if paragraph else [""]:
            if y + line > inner.bottom:
                return
            screen.blit(painter.text(part, px(15), INK), (inner.x, y))
            y += line
        y += px(4)


def board_layer(frame: Frame, view: Layout, painter: Painter) -> pygame.Surface:
    """Return the labelled board (with the overlay), redrawn only when its frame's cells change."""
    key = (
        frame.rows,
        frame.columns,
        frame.tiles,
        frame.odds,
        frame.zeros,
        view.cell,
        view.scale,
        view.first,
        view.rows,
        view.columns,
    )
    if painter.layer_key != key:
        band = view.px(LABEL)
        here = view.at_origin(band)
        size = (band + view.cell * view.columns, band + view.cell * view.rows)
        layer = pygame.Surface(size)
        layer.fill(BACKGROUND)
        paint_labels(layer, here, painter)
        paint_tiles(layer, frame, here, painter)
        if frame.odds:
            paint_odds(layer, frame, here, painter)
        painter.layer, painter.layer_key = layer, key
    return painter.layer


def cells(frame: Frame, view: Layout) -> list[tuple[tuple[int, int], int]]:
    """Return the cells drawn, row by row, each with its index in the frame's tiles."""
    return [(cell, cell[0] * frame.columns + cell[1]) for cell in view.shown_cells()]


def paint_labels(screen: pygame.Surface, view: Layout, painter: Painter) -> None:
    """Draw row letters down the left edge and column numbers along the top."""
    size, _ = label_size(view, painter)
    x0, y0 = view.origin
    for row in range(view.rows):
        label = painter.text(row_name(view.first[0] + row), size, FAINT_INK, bold=True)
        y = y0 + row * view.cell + view.cell // 2
        screen.blit(label, label.get_rect(midright=(x0 - 5, y)))
    for text, rect in column_labels(view, painter):
        screen.blit(painter.text(text, size, FAINT_INK, bold=True), rect)


def label_size(view: Layout, painter: Painter) -> tuple[int, int]:
    """Return the labels' text size, and every how many columns a number is written.

    The widest column number keeps a gap to the next (a quarter of a cell, 5 px at
    least): "10111213" ran together on an expert board at 1280 px. When even the
    smallest size leaves no gap, every other column is numbered.
    """
    most = view.px(CLASS_LABEL if view.font >= view.px(CLASS_TEXT) else 16)
    size = max(MIN_LABEL, min(most, view.cell * 2 // 3))  # as large as a column leaves room for
    widest = str(view.first[1] + view.columns)
    gap = max(5, view.cell // 4)
    while size > MIN_LABEL and painter.font(size, True).size(widest)[0] > view.cell - gap:
        size -= 1
    every = 1
    while painter.font(size, True).size(widest)[0] > every * view.cell - gap:
        every += 1
    return size, every


def column_labels(view: Layout, painter: Painter) -> list[tuple[str, pygame.Rect]]:
    """Return the column numbers written over the board and where (1 always, then every k)."""
    size, every = label_size(view, painter)
    font = painter.font(size, True)
    x0, y0 = view.origin
    found = []
    for col in range(0, view.columns, every):
        text = str(view.first[1] + col + 1)
        rect = pygame.Rect((0, 0), font.size(text))
        rect.midbottom = (x0 + col * view.cell + view.cell // 2, y0 - 3)
        found.append((text, rect))
    return found


def paint_tiles(screen: pygame.Surface, frame: Frame, view: Layout, painter: Painter) -> None:
    """Draw every cell as the frame shows it: a number, a picture, or a raised tile."""
    for cell, index in cells(frame, view):
        tile = frame.tiles[index]
        rect = view.cell_rect(cell)
        if isinstance(tile, int):
            paint_number(screen, rect, tile, painter, frame.zeros)
        elif tile in ("mine", "exploded"):
            paint_image(screen, rect, "mine", painter, EXPLODED if tile == "exploded" else REVEALED)
        elif tile == "closed mine":  # the editor's mine: closed to the class, drawn for the teacher
            paint_image(screen, rect, "mine", painter)
        elif tile in ("flag", "wrong flag"):
            paint_image(screen, rect, "wrong_flag" if tile == "wrong flag" else "flag", painter)
        else:
            screen.blit(painter.tile(rect.width), rect)
            if tile == "?":
                mark = painter.text("?", int(rect.width * 0.6), INK, bold=True)
                screen.blit(mark, mark.get_rect(center=rect.center))


def paint_number(
    screen: pygame.Surface, rect: pygame.Rect, count: int, painter: Painter, zero: bool = False
) -> None:
    """Draw a revealed cell and its number (a 0 only when zero is asked: in class)."""
    screen.fill(REVEALED, rect)
    pygame.draw.rect(screen, GRID, rect, 1)
    if count or zero:
        colour = NUMBER_COLOURS.get(count, FAINT_INK)
        digit = painter.text(str(count), int(rect.width * 0.62), colour, bold=True)
        screen.blit(digit, digit.get_rect(center=rect.center))


def paint_image(
    screen: pygame.Surface,
    rect: pygame.Rect,
    name: str,
    painter: Painter,
    background: Optional[tuple[int, int, int]] = None,
) -> None:
    """Draw an image on a flat background, or on a hidden tile when there is none."""
    if background is None:
        screen.blit(painter.tile(rect.width), rect)
    else:
        screen.fill(background, rect)
        pygame.draw.rect(screen, GRID, rect, 1)
    screen.blit(painter.image(name, rect.width), rect)


def paint_odds(screen: pygame.Surface, frame: Frame, view: Layout, painter: Painter) -> None:
    """Tint every unrevealed cell by its mine probability and write it as a percentage."""
    size = max(8, min(view.px(16), int(view.cell * 0.34)))  # grows with the cell, fits "100%"
    for cell, index in cells(frame, view):
        text = frame.odds[index]
        if not text:
            continue
        rect = view.cell_rect(cell)
        screen.blit(painter.tint(overlay_colour(text), view.cell), rect)
        label = painter.text(text, size, overlay_ink(text), bold=True)
        screen.blit(label, label.get_rect(center=rect.center))


def paint_odds_key(screen: pygame.Surface, key: OddsKey, view: Layout, painter: Painter) -> None:
    """Draw the odds overlay's key: its colours from 0% to 100% as on the board, and the pick.

    The bar is the overlay's own tint over a hidden cell's colour, so that each
    colour on the board is found on it; the marks under it are the key's.
    """
    px, rect, size = view.px, view.odds_key, view.px(13)
    title = painter.text(key.title, view.px(14), INK, bold=True)
    screen.blit(title, rect.topleft)
    pick = painter.text(key.pick, size, FAINT_INK)
    box = pygame.Rect(0, 0, px(16), px(16))
    box.midright = (rect.right - pick.get_width() - px(5), rect.y + title.get_height() // 2)
    screen.fill(HIDDEN, box)
    pygame.draw.rect(screen, CHOICE_OUTLINE, box, max(2, px(3)))
    screen.blit(pick, pick.get_rect(midleft=(box.right + px(5), box.centery)))
    bar = pygame.Rect(rect.x, rect.y + px(22), rect.width, px(18))
    tints = pygame.Surface(bar.size, pygame.SRCALPHA)
    for x in range(bar.width):
        percent = round(100 * x / max(1, bar.width - 1))
        pygame.draw.line(tints, overlay_colour(f"{percent}%"), (x, 0), (x, bar.height))
    screen.fill(HIDDEN, bar)
    screen.blit(tints, bar)
    pygame.draw.rect(screen, GRID, bar, 1)
    for percent in key.marks:
        x = bar.x + round(percent / 100 * (bar.width - 1))
        pygame.draw.line(screen, INK, (x, bar.bottom), (x, bar.bottom + px(3)), max(1, px(1)))
        label = painter.text(f"{percent}%", size, INK)
        where = label.get_rect(midtop=(x, bar.bottom + px(4)))
        where.clamp_ip(pygame.Rect(rect.x, where.y, rect.width, where.height))
        screen.blit(label, where)


def paint_highlights(screen: pygame.Surface, frame: Frame, view: Layout, painter: Painter) -> None:
    """Tint or frame each highlighted cell in its role's colour; mark what is known or found."""
    marks = frame.highlights
    width = max(3, view.cell // 8)
    for cell, role in marks.roles:
        colour = ROLE_COLOURS[role]
        rect = view.cell_rect(cell)
        if cell in marks.framed:
            pygame.draw.rect(screen, colour[:3], rect.inflate(-2, -2), width)
        else:
            screen.blit(painter.tint(colour, view.cell), rect)
    if marks.step_cell is not None:
        rect = view.cell_rect(marks.step_cell)
        pygame.draw.rect(screen, STEP_OUTLINE, rect, max(2, width // 2))
    for cell, mine in marks.marks:
        paint_mark(screen, view.cell_rect(cell), mine)


def paint_mark(screen: pygame.Surface, rect: pygame.Rect, mine: bool) -> None:
    """Draw a known mine or safe cell's mark in a cell's top right corner."""
    paint_mark_at(screen, dot_centre(rect), max(5, rect.width // 6), mine)


def paint_mark_at(screen: pygame.Surface, centre: tuple[int, int], radius: int, mine: bool) -> None:
    """Draw a known mine as a cross in a dark disc, a known safe cell as a tick in a light one."""
    cx, cy = centre
    pygame.draw.circle(screen, INK if mine else WHITE, (cx, cy), radius)
    pygame.draw.circle(screen, INK, (cx, cy), radius, max(1, radius // 5))
    r = radius * 0.55
    width = max(2, radius // 3)
    if mine:
        pygame.draw.line(screen, WHITE, (cx - r, cy - r), (cx + r, cy + r), width)
        pygame.draw.line(screen, WHITE, (cx - r, cy + r), (cx + r, cy - r), width)
    else:
        points = [(cx - r, cy), (cx - r * 0.3, cy + r * 0.7), (cx + r, cy - r * 0.7)]
        pygame.draw.lines(screen, INK, False, points, width)


def dot_centre(rect: pygame.Rect) -> tuple[int, int]:
    """Return where a cell's knowledge dot goes: top right, inside any highlight frame."""
    inset = max(3, rect.width // 8) + max(2, rect.width // 9) + 1
    return (rect.right - inset, rect.top + inset)


ANSWER_LABELS = {"right": "right", "wrong": "wrong", "uncertain": "?"}
ANSWER_EDGES = {"right": SAFE_EDGE, "wrong": MINE_EDGE, "uncertain": INK}


def answer_tag(
    rect: pygame.Rect, word: str, painter: Painter, least: int = 0
) -> tuple[pygame.Surface, pygame.Rect]:
    """Return an answered cell's tag, its word drawn and its box at the foot of the cell.

    The word is as large as the lesson's text (least), so the back row reads it on a
    projector, or a share of a large cell; its box may then reach past the cell's sides
    by up to half a cell each (its neighbours' numbers stand above it), and only past
    that is the word drawn smaller, down to 6 px on the smallest cells.
    """
    share = rect.width * (34 if word == "uncertain" else 28) // 100  # "?" about as tall
    size = max(9, share, min(least, rect.height * 3 // 5))
    widest = rect.width * 2
    while True:
        label = painter.text(ANSWER_LABELS.get(word, word), size, INK, bold=True)
        box = label.get_rect(midbottom=(rect.centerx, rect.bottom - max(2, rect.width // 12)))
        box = box.inflate(max(4, rect.width // 10), max(2, rect.width // 24))
        if box.width <= widest - 2 or size <= 6:
            break
        size -= 1
    box.bottom = min(box.bottom, rect.bottom)
    box.top = max(box.top, rect.top)
    return label, box


def paint_answers(screen: pygame.Surface, frame: Frame, view: Layout, painter: Painter) -> None:
    """Draw the class's answers: a word on each answered cell (right, wrong, ? for uncertain,
    or a guess's chance of a mine), as large as the lesson's text."""
    for cell, word in frame.highlights.answers:
        rect = view.cell_rect(cell)
        label, box = answer_tag(rect, word, painter, view.font)
        rounded = max(2, box.height // 4)
        pygame.draw.rect(screen, WHITE, box, border_radius=rounded)
        edge = max(2, rect.width // 24)
        pygame.draw.rect(screen, ANSWER_EDGES.get(word, INK), box, edge, border_radius=rounded)
        screen.blit(label, label.get_rect(center=box.center))


def paint_overview(screen: pygame.Surface, frame: Frame, view: Layout) -> None:
    """Draw the whole board small, the part shown large framed on it: where the step lies."""
    box = view.overview
    rows, columns = view.whole
    tiny = box.width // max(1, columns)
    focus = frame.focus
    for row in range(rows):
        for col in range(columns):
            tile = frame.tiles[row * columns + col]
            colour = REVEALED if isinstance(tile, int) else HIDDEN_DARK
            if (row, col) in focus:
                colour = ROLE_COLOURS["premise"][:3]
            screen.fill(colour, (box.x + col * tiny, box.y + row * tiny, tiny, tiny))
    pygame.draw.rect(screen, GRID, box, 1)
    (r0, c0), shown = view.first, (view.rows, view.columns)
    part = pygame.Rect(box.x + c0 * tiny, box.y + r0 * tiny, shown[1] * tiny, shown[0] * tiny)
    pygame.draw.rect(screen, INK, part.inflate(2, 2), max(2, tiny // 2))


def paint_arrangement(screen: pygame.Surface, frame: Frame, view: Layout, painter: Painter) -> None:
    """Draw the arrangement on screen (V): a mine on each of its mined cells, a ring on the rest.

    On a cell the class answered, the mine stands above the answer's tag, not under it.
    """
    answered = dict(frame.highlights.answers)
    for cell, kind in frame.highlights.arrangement:
        rect = view.cell_rect(cell)
        room = rect
        if cell in answered:
            top = answer_tag(rect, answered[cell], painter, view.font)[1].top
            room = pygame.Rect(rect.x, rect.y, rect.width, max(1, top - rect.y))
        if kind == "ring":
            radius = max(3, min(rect.width // 6, room.height * 2 // 5))
            pygame.draw.circle(screen, INK, room.center, radius, max(1, rect.width // 24))
            continue
        picture = painter.image("mine", max(4, min(rect.width * 7 // 10, room.height * 9 // 10)))
        if kind == "faint mine":  # ruled out by the mine total: drawn faint
            picture = picture.copy()
            picture.set_alpha(90)
        screen.blit(picture, picture.get_rect(center=room.center))


# -- the panel ---------------------------------------------------------------------------


def paint_panel(screen: pygame.Surface, frame: Frame, view: Layout, painter: Painter) -> None:
    """Draw the side panel: title, counters, buttons, message, step, knowledge, help."""
    px = view.px
    screen.fill(PANEL, view.panel)
    pygame.draw.line(screen, GRID, view.panel.topleft, view.panel.bottomleft)
    paint_wrapped(screen, frame.title, view.title, painter, px(16), bold=True)
    paint_status(screen, frame, view, painter)
    for button in view.buttons:
        paint_button(screen, button, button.command in frame.toggles, painter, px(14))
    line = view.line if frame.classroom else None
    paint_wrapped(screen, frame.message, view.message, painter, view.font, line=line)
    if frame.step is not None:
        paint_step(screen, frame.step, view, painter)
    if frame.knowledge is not None:
        paint_knowledge(screen, frame.knowledge, view, painter)
    else:
        paint_wrapped(screen, frame.summary, view.knowledge, painter, px(14), FAINT_INK)
    if frame.odds_key is not None and view.odds_key.height:
        paint_odds_key(screen, frame.odds_key, view, painter)
    help_line = view.line if frame.classroom else px(18)
    paint_wrapped(screen, frame.help, view.help, painter, view.font, FAINT_INK, line=help_line)


def paint_status(screen: pygame.Surface, frame: Frame, view: Layout, painter: Painter) -> None:
    """Draw the mine counter, the timer and the game's status in three boxes, and the face."""
    mines, face, clock, words = status_boxes(view.status, view.scale)
    colour = STATUS_COLOURS.get(frame.state, INK)
    for box, text, ink in ((mines, frame.mines, INK), (clock, frame.time, INK)) + (
        (words, frame.status, colour),
    ):
        pygame.draw.rect(screen, WHITE, box, border_radius=6)
        pygame.draw.rect(screen, GRID, box, 1, border_radius=6)
        size = view.px(17)
        label = painter.text(text, size, ink, bold=True)
        while label.get_width() > box.width - view.px(8) and size > 8:  # "Time 1234.5" fits
            size -= 1
            label = painter.text(text, size, ink, bold=True)
        screen.blit(label, label.get_rect(center=box.center))
    paint_face(screen, face, frame.mood)


def paint_face(screen: pygame.Surface, box: pygame.Rect, mood: str) -> None:
    """Draw the classic face button: a smile, an 'o' while a cell is held, shades, crosses."""
    pygame.draw.rect(screen, BUTTON, box, border_radius=6)
    pygame.draw.rect(screen, HIDDEN_DARK, box, 1, border_radius=6)
    r = box.height * 36 // 100
    cx, cy = box.center
    line = max(1, r // 8)
    pygame.draw.circle(screen, FACE, (cx, cy), r)
    pygame.draw.circle(screen, INK, (cx, cy), r, line)
    eye_x, eye_y, dot = r * 4 // 10, cy - r * 3 // 10, max(1, r // 7)
    mouth = pygame.Rect(cx - r // 2, cy - r // 6, r, r * 2 // 3)
    if mood == "lost":  # crossed eyes, a frown
        for ex in (cx - eye_x, cx + eye_x):
            pygame.draw.line(screen, INK, (ex - dot, eye_y - dot), (ex + dot, eye_y + dot), line)
            pygame.draw.line(screen, INK, (ex - dot, eye_y + dot), (ex + dot, eye_y - dot), line)
        pygame.draw.arc(screen, INK, mouth.move(0, r // 2), 0.3, 2.84, line)
        return
    if mood == "won":  # sunglasses
        for ex in (cx - eye_x, cx + eye_x):
            pygame.draw.ellipse(screen, INK, (ex - 2 * dot, eye_y - dot, 4 * dot, 2 * dot + 1))
        pygame.draw.line(screen, INK, (cx - eye_x, eye_y), (cx + eye_x, eye_y), line)
    else:
        for ex in (cx - eye_x, cx + eye_x):
            pygame.draw.circle(screen, INK, (ex, eye_y), dot)
    if mood == "pressed":  # an open mouth while a cell is held down
        pygame.draw.circle(screen, INK, (cx, cy + r * 4 // 10), max(2, r // 5), line)
    else:
        pygame.draw.arc(screen, INK, mouth, 3.44, 5.98, line)


def paint_button(
    screen: pygame.Surface, button: Button, on: bool, painter: Painter, size: int
) -> None:
    """Draw a rounded button, filled when its toggle is on."""
    pygame.draw.rect(screen, BUTTON_ON if on else BUTTON, button.rect, border_radius=6)
    pygame.draw.rect(screen, HIDDEN_DARK, button.rect, 1, border_radius=6)
    label = painter.text(button.label, size, WHITE if on else INK, bold=True)
    screen.blit(label, label.get_rect(center=button.rect.center))


def paint_step(screen: pygame.Surface, box: StepBox, view: Layout, painter: Painter) -> None:
    """Draw the step box: its header, its words, and the colour legend.

    Under a wide board the box has more room than the panel: its text grows
    (up to STEP_GROWTH times the panel's) as far as the words and legend still fit.
    """
    if view.step.x < view.panel.x:
        view = larger_step_text(box, view, painter)
    px, rect = view.px, view.step
    pygame.draw.rect(screen, WHITE, rect, border_radius=6)
    pygame.draw.rect(screen, GRID, rect, 1, border_radius=6)
    inner = rect.inflate(-px(12), -px(8))
    screen.blit(fitted(box.header, inner.width, view.font, painter), inner.topleft)
    marks = box.marks if box.marks is not None else KNOWN_LEGEND
    legend = legend_height(inner.width, painter, view, marks) if box.legend else 0
    top = inner.y + view.line + 2
    body = pygame.Rect(inner.x, top, inner.width, inner.bottom - legend - px(4) - top)
    words = box.words
    if box.why:  # the reasons, where the box holds them whole at its size
        whole = f"{words} {box.why}"
        if len(wrap(whole, painter.font(view.font), body.width)) * view.line <= body.height + 2:
            words = whole
    paint_wrapped(screen, words, body, painter, view.font, line=view.line)
    if legend:
        where = pygame.Rect(inner.x, inner.bottom - legend, inner.width, legend)
        paint_legend(screen, where, painter, view, marks)


STEP_GROWTH = (1.5, 1.4, 1.3, 1.2, 1.1)


def larger_step_text(box: StepBox, view: Layout, painter: Painter) -> Layout:
    """Return the layout with the largest step text whose words and legend fit the box:
    with the answer's reasons (why) where some size holds them too, else without."""
    inner = view.step.inflate(-view.px(12), -view.px(8))
    texts = [f"{box.words} {box.why}", box.words] if box.why else [box.words]
    marks = box.marks if box.marks is not None else KNOWN_LEGEND
    for text in texts:
        for growth in (*STEP_GROWTH, 1.0):
            tried = replace(view, font=round(view.font * growth), line=round(view.line * growth))
            words = len(wrap(text, painter.font(tried.font), inner.width))
            legend = legend_height(inner.width, painter, tried, marks) if box.legend else 0
            if (1 + words) * tried.line + 2 + legend + view.px(4) <= inner.height:
                return tried
    return view


def legend_items(
    painter: Painter, view: Layout, marks: Marks = KNOWN_LEGEND
) -> list[tuple[object, pygame.Surface]]:
    """Return the legend's entries: a highlight colour or a mark kind, and its word."""
    size = view.font
    items: list[tuple[object, pygame.Surface]] = [
        (colour, painter.text(word, size, FAINT_INK)) for colour, word in LEGEND
    ]
    items += [(mine, painter.text(word, size, FAINT_INK)) for mine, word in marks]
    return items


def legend_rows(
    width: int, painter: Painter, view: Layout, marks: Marks = KNOWN_LEGEND
) -> list[list[tuple[object, pygame.Surface]]]:
    """Return the legend's entries in rows that fit width."""
    rows: list[list[tuple[object, pygame.Surface]]] = [[]]
    used = 0
    for item in legend_items(painter, view, marks):
        need = view.font + view.px(4) + item[1].get_width() + view.px(10)
        if rows[-1] and used + need > width:
            rows.append([])
            used = 0
        rows[-1].append(item)
        used += need
    return rows


def legend_height(width: int, painter: Painter, view: Layout, marks: Marks = KNOWN_LEGEND) -> int:
    """Return the height the legend needs at a width."""
    return len(legend_rows(width, painter, view, marks)) * view.line


def paint_legend(
    screen: pygame.Surface, rect: pygame.Rect, painter: Painter, view: Layout,
    marks: Marks = KNOWN_LEGEND,
) -> None:  # fmt: skip
    """Draw a swatch and a word for each highlight colour, and for each mark what it means."""
    for kind, label, box in legend_places(rect, painter, view, marks):
        if isinstance(kind, tuple):
            screen.fill(REVEALED, box)
            screen.blit(painter.tint(kind, box.width), box)
        else:
            paint_mark_at(screen, box.center, box.width // 2 + 1, bool(kind))
        screen.blit(label, (box.right + view.px(4), box.y - 2))


def legend_places(
    rect: pygame.Rect, painter: Painter, view: Layout, marks: Marks = KNOWN_LEGEND
) -> list[tuple[object, pygame.Surface, pygame.Rect]]:
    """Return the legend's entries in rect: a colour or a mark kind, its word, its swatch's box."""
    swatch, places = view.font, []
    for k, row in enumerate(legend_rows(rect.width, painter, view, marks)):
        x, y = rect.x, rect.y + k * view.line
        for kind, label in row:
            places.append((kind, label, pygame.Rect(x, y + 2, swatch, swatch)))
            x += swatch + view.px(4) + label.get_width() + view.px(10)
    return places


def step_legend(
    box: StepBox, view: Layout, painter: Painter
) -> list[tuple[object, pygame.Surface, pygame.Rect]]:
    """Return where the step box's legend entries are drawn (with its text grown or not)."""
    if view.step.x < view.panel.x:
        view = larger_step_text(box, view, painter)
    inner = view.step.inflate(-view.px(12), -view.px(8))
    marks = box.marks if box.marks is not None else KNOWN_LEGEND
    legend = legend_height(inner.width, painter, view, marks)
    return legend_places(
        pygame.Rect(inner.x, inner.bottom - legend, inner.width, legend), painter, view, marks
    )


def paint_knowledge(
    screen: pygame.Surface, known: KnowledgeList, view: Layout, painter: Painter
) -> None:
    """Draw the knowledge list, one sentence a row, scrolled; the selected row is tinted."""
    rect, px = view.knowledge, view.px
    if known.withheld:
        screen.blit(fitted(known.header, rect.width, view.font, painter), rect.topleft)
        return
    rows = view.list_rows()
    first = known.top(rows)
    shown = known.rows[first : first + rows]
    header = known.header
    total = len(known.rows)  # "4-9 of 11": the rows shown of the list, which ↕ scrolls
    scrolled = f" · {first + 1}-{first + len(shown)} of {total} ↕" if total > rows else ""
    if view.head_lines > 1 and ": " in header:  # in class: what it is, then the counts
        title, counts = header.split(": ", 1)
        screen.blit(fitted(title + scrolled, rect.width, view.font, painter), rect.topleft)
        below = (rect.x, rect.y + view.line)
        screen.blit(fitted(counts, rect.width, view.font, painter), below)
    else:
        screen.blit(fitted(header + scrolled, rect.width, view.font, painter), rect.topleft)
    clip = screen.get_clip()
    screen.set_clip(rect)
    y = rect.y + view.head
    # The step's own sentence in bold, so the class finds it in a long list; every row at
    # one size, the largest at which the rows shown fit (a long one cut past SHRINK_MOST).
    rows_shown = [(text, k == known.bold) for k, text in enumerate(shown, start=first)]
    size = list_size(rows_shown, rect.width - px(4), view.font, painter)
    for k, (text, bold) in enumerate(rows_shown, start=first):
        row = pygame.Rect(rect.x, y, rect.width, view.list_line - 1)
        if k == known.selected:
            screen.fill(SELECTED_ROW, row)
        label = painter.text(cut_to(text, rect.width - px(4), size, painter, bold), size, INK, bold)
        screen.blit(label, (rect.x + px(4), y + 1))
        y += view.list_line
    screen.set_clip(clip)


def list_size(rows: list[tuple[str, bool]], width: int, size: int, painter: Painter) -> int:
    """Return the one size a list's rows are drawn at: the largest, down to SHRINK_MOST of
    size, at which every row (text, bold) fits width."""
    floor = max(MIN_TEXT, round(size * SHRINK_MOST))
    for text, bold in rows:
        while size > floor and painter.font(size, bold).size(text)[0] > width:
            size -= 1
    return size


def cut_to(text: str, width: int, size: int, painter: Painter, bold: bool) -> str:
    """Return text as it fits width at size: whole, or cut at a word with " …"."""
    font = painter.font(size, bold)
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + " …")[0] > width:
        text = text.rsplit(" ", 1)[0] if " " in text else text[:-1]
    return f"{text} …"


def fitted(text: str, width: int, size: int, painter: Painter, bold: bool = True) -> pygame.Surface:
    """Return one line of text (a header: bold), made smaller until it fits width (never cut)."""
    label = painter.text(text, size, INK, bold=bold)
    while label.get_width() > width and size > 8:
        size -= 1
        label = painter.text(text, size, INK, bold=bold)
    return label


def paint_wrapped(
    screen: pygame.Surface,
    text: str,
    rect: pygame.Rect,
    painter: Painter,
    size: int,
    colour: Colour = INK,
    bold: bool = False,
    line: Optional[int] = None,
) -> None:
    """Draw text word-wrapped into rect, smaller (to SHRINK_MOST) when it would not fit.

    Only text that does not fit even then is cut, its last line ending in "…".
    """
    line = line or round(size * 1.36)
    size, line, parts = wrapped_to_fit(text, rect, painter, size, bold, line)
    font = painter.font(size, bold)
    room = max(0, (rect.height + 2) // line)
    if len(parts) > room > 0:
        parts = parts[:room]
        cut = parts[-1]
        while cut and font.size(cut + " …")[0] > rect.width:
            cut = cut.rsplit(" ", 1)[0] if " " in cut else cut[:-1]
        parts[-1] = f"{cut} …"
    for k, part in enumerate(parts[:room]):
        screen.blit(painter.text(part, size, colour, bold), (rect.x, rect.y + k * line))


SHRINK_MOST = 0.75  # text made smaller to fit its box keeps three quarters of its size


def wrapped_to_fit(
    text: str, rect: pygame.Rect, painter: Painter, size: int, bold: bool, line: int
) -> tuple[int, int, list[str]]:
    """Return the largest size (and its line) down to SHRINK_MOST whose wrapped text fits rect.

    When none fits, the size asked for and its lines: the caller cuts them.
    """
    floor = max(MIN_TEXT, round(size * SHRINK_MOST))
    for tried in range(size, floor - 1, -1):
        step = line if tried == size else max(1, round(line * tried / size))
        parts = wrap(text, painter.font(tried, bold), rect.width)
        if len(parts) <= max(1, (rect.height + 2) // step):
            return tried, step, parts
    return size, line, wrap(text, painter.font(size, bold), rect.width)
