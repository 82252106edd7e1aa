"""The headless pictures: --export (the window's view at a lesson step) and the deck's pages.

The lesson numbers are the Timeline's, the same the window's keys count. A
deck's page is a print layout, not the window: the board (its highlights,
marks and the class's answers) and under it the beat's words and the colour
legend, on white, with no buttons, clock or face.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import Optional

import pygame

from screen.layout import CLASS_LINE, CLASS_TEXT, LABEL, Layout, fit_cell, layout, scale_for, wrap
from screen.paint import (
    Painter,
    board_layer,
    legend_height,
    paint,
    paint_answers,
    paint_arrangement,
    paint_highlights,
    paint_legend,
    paint_wrapped,
)
from screen.palette import INK, WHITE
from window.app import App
from window.deck import Page, beats, deck_html
from window.frame import Frame

PRINT_MARGIN = 20  # the page's margin at scale 1
PRINT_WORDS = 0.4  # the words under the board take at most this part of the page's height


def choose(app: App, which: Optional[str], ask: bool, arrangement: Optional[int]) -> str:
    """Put the view at lesson step which (a number or 'last'); return "" or what was wrong."""
    if which is not None:
        problem = app.at_lesson(which, ask)
        if problem:
            return problem
    if arrangement is not None:
        enum = app.moment().enumeration if which is not None else None
        if enum is None:
            return "--arrangement: --step must name an enumeration step (every arrangement agrees)"
        views = len(enum.arrangements) or 1
        if not 1 <= arrangement <= views:
            return f"--arrangement {arrangement}: this step has {views}; choose 1 to {views}"
        said = app.message  # a handout keeps its message line, not the V key's chatter
        for _ in range(arrangement):
            app.do("arrangements")
        app.message = said
    return ""


def export(
    app: App,
    out: Path,
    size: tuple[int, int],
    which: Optional[str],
    ask: bool,
    arrangement: Optional[int] = None,
) -> str:
    """Draw the view at a lesson step into a PNG; return "" or what was wrong."""
    app.on_paper = True  # a handout: its words name no key and ask for no click
    problem = choose(app, which, ask, arrangement)
    if problem:
        return problem
    if out.is_dir() or not out.parent.is_dir():
        return f"--export: cannot write {out} (a folder, or no such folder)"
    os.environ["SDL_VIDEODRIVER"] = "dummy"  # a picture needs no screen, and opens no window
    pygame.display.init()
    pygame.font.init()
    try:
        screen = pygame.display.set_mode(size)
        frame, painter = app.frame(), Painter()
        paint(screen, frame, layout(size, frame, scale_for(size), painter.font), painter)
        pygame.image.save(screen, str(out))
    except (pygame.error, OSError) as error:
        return f"--export: could not write {out}: {error}"
    finally:
        pygame.quit()
    return ""


def deck(app: App, folder: Path, size: tuple[int, int], questions_only: bool = False) -> str:
    """Write every beat of the lesson as a numbered PNG, and index.html to print them.

    questions_only: the question beats only, a sheet for the class (no answer, no
    teacher's page). Returns "" or what was wrong. The folder is made when its
    parent exists.
    """
    if folder.exists() and not folder.is_dir():
        return f"--deck: {folder} is a file, not a folder"
    if not folder.parent.is_dir():
        return f"--deck: cannot write into {folder} (no such folder: {folder.parent})"
    app.on_paper = True  # printed pages: no key to press, no cell to click
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    pygame.display.init()
    pygame.font.init()
    pages: list[Page] = []
    try:
        folder.mkdir(exist_ok=True)
        screen, painter = pygame.display.set_mode(size), Painter()
        for number, beat in enumerate(beats(app, questions_only), start=1):
            paint_page(screen, app.frame(), beat.words, painter)
            name = f"{number:02d}.png"
            pygame.image.save(screen, str(folder / name))
            pages.append(Page(number, name, beat))
        html = deck_html(app.session, pages, questions_only)
        (folder / "index.html").write_text(html, encoding="utf-8")
    except (pygame.error, OSError) as error:
        return f"--deck: could not write {folder}: {error}"
    finally:
        pygame.quit()
    return ""


# -- the print layout ------------------------------------------------------------------


def page_layout(size: tuple[int, int], frame: Frame, words: str, painter: Painter) -> Layout:
    """Return where a printed page puts the board: the whole board, centred over its words.

    The words take the lines they need under the board (at most PRINT_WORDS of the
    page) and the legend a line or two under them; the board the rest. The layout's
    step box is where the words go.
    """
    width, height = size
    scale = scale_for(size)
    px = scale.px
    view = layout(size, frame, scale, painter.font)
    font, line = px(CLASS_TEXT), px(CLASS_LINE)
    view = replace(view, font=font, line=line)
    margin = px(PRINT_MARGIN)
    inner = width - 2 * margin
    lines = len(wrap(words, painter.font(font), inner)) if words else 0
    legend = legend_height(inner, painter, view) if frame.highlights.roles else 0
    below = min(lines * line + (legend + px(8) if legend else 0), round(height * PRINT_WORDS))
    band = px(LABEL)
    room = (width - 2 * margin, height - 2 * margin - below - px(10))
    cell = fit_cell(room, frame.rows, frame.columns, scale)
    board = (cell * frame.columns, cell * frame.rows)
    x = margin + band + max(0, (room[0] - band - board[0]) // 2)
    y = margin + band + max(0, (room[1] - band - board[1]) // 2)
    words_box = pygame.Rect(margin, y + board[1] + px(10), inner, below)
    return replace(
        view,
        rows=frame.rows,
        columns=frame.columns,
        cell=cell,
        origin=(x, y),
        first=(0, 0),
        overview=pygame.Rect(0, 0, 0, 0),
        whole=(frame.rows, frame.columns),
        panel=pygame.Rect(width, 0, 0, height),
        buttons=[],
        step=words_box,
    )


def paint_page(screen: pygame.Surface, frame: Frame, words: str, painter: Painter) -> None:
    """Draw a printed page: the board with its highlights and answers, and the words under it."""
    view = page_layout(screen.get_size(), frame, words, painter)
    screen.fill(WHITE)
    band = view.px(LABEL)
    layer = board_layer(frame, view, painter)
    layer.set_colorkey(layer.get_at((0, 0)))  # the layer's background: the page's white shows
    screen.blit(layer, (view.origin[0] - band, view.origin[1] - band))
    paint_highlights(screen, frame, view, painter)
    paint_arrangement(screen, frame, view, painter)
    paint_answers(screen, frame, view, painter)
    box = view.step
    legend = legend_height(box.width, painter, view) if frame.highlights.roles else 0
    said = pygame.Rect(box.x, box.y, box.width, box.height - (legend + view.px(8) if legend else 0))
    paint_wrapped(screen, words, said, painter, view.font, INK, line=view.line)
    if legend:
        paint_legend(
            screen, pygame.Rect(box.x, box.bottom - legend, box.width, legend), painter, view
        )
