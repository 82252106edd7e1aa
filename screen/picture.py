"""The headless picture (--export): the view at a lesson step, drawn to a PNG with no window.

The lesson numbers are the Timeline's, the same the window's keys count.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Optional

import pygame

from screen.layout import layout, scale_for
from screen.paint import Painter, paint
from window.app import App
from window.deck import Page, beats, deck_html


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


def deck(app: App, folder: Path, size: tuple[int, int]) -> str:
    """Write every beat of the lesson as a numbered PNG, and index.html to print them.

    Returns "" or what was wrong. The folder is made when its parent exists.
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
        for number, (header, question, answer) in enumerate(beats(app), start=1):
            frame = app.frame()
            paint(screen, frame, layout(size, frame, scale_for(size), painter.font), painter)
            name = f"{number:02d}.png"
            pygame.image.save(screen, str(folder / name))
            pages.append(Page(number, name, header, question, answer))
        (folder / "index.html").write_text(deck_html(app, pages), encoding="utf-8")
    except (pygame.error, OSError) as error:
        return f"--deck: could not write {folder}: {error}"
    finally:
        pygame.quit()
    return ""
