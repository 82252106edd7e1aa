"""The loop: take events, run their commands through the App's door, paint a frame.

One iteration takes every waiting event (or waits up to IDLE_MS for one),
turns each into commands (screen/input.py) and hands them to App.do. The
few commands that are the screen's own (zoom, full screen, a picture of the
view) pass the same door first. A Frame and its Layout are derived once per
change (a command run, the window resized or uncovered) and kept: an idle
iteration only moves the clock's figure on, when the clock runs.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any, Optional

import pygame

from screen.input import AUTOPLAY_EVENT, commands
from screen.layout import (
    Layout,
    Zoom,
    default_window_size,
    layout,
    minimum_window_size,
    scale_for,
)
from screen.paint import IMAGES, Painter, paint
from store.files import free_path
from store.places import data_dir
from window.app import App
from window.frame import Frame

AUTOPLAY_MS = 250
MOODS = ("playing", "won", "lost")  # the face's moods other than "pressed"
IDLE_MS = 250  # look at the clock at least this often, so that the timer runs
# Events that change what the window holds without a command: its size, or its being seen.
WINDOW_EVENTS = frozenset(
    {
        pygame.VIDEORESIZE,
        pygame.VIDEOEXPOSE,
        pygame.WINDOWEXPOSED,
        pygame.WINDOWSIZECHANGED,
        pygame.WINDOWSHOWN,
        pygame.WINDOWRESTORED,
        pygame.WINDOWMAXIMIZED,
    }
)


class Window:
    """The open window: the App it shows, the painter, the text zoom and the auto-play timer."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.painter = Painter()
        self.zoom = Zoom()
        self.timer = False
        self.judged: object = None  # what the judge had done when the view was last derived
        self.checked: object = None  # what the window's minimum size was last checked for
        self.shown: Optional[tuple[Frame, Layout]] = None  # the frame on screen and its layout

    def open(self) -> pygame.Surface:
        """Open (or resize) the window to suit the board."""
        game = self.app.game
        size = default_window_size(game.height, game.width)
        surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption("Minesweeper")
        return surface

    def layout(self, frame: Optional[Frame] = None) -> Layout:
        """Return where everything is in the open window (for the frame on screen, by default).

        A text zoom (+) is held to the largest that leaves every part of the panel its
        room: text grows where it fits, and is never drawn smaller for it.
        """
        if frame is None:
            return self.current()[1]
        size = pygame.display.get_surface().get_size()
        return self.zoomed(size, frame, self.zoom.factor)[1]

    def zoomed(self, size: tuple[int, int], frame: Frame, factor: float) -> tuple[float, Layout]:
        """Return the zoom held for the one asked, and the layout at it."""
        view = layout(size, frame, scale_for(size, factor), self.painter.font)
        while factor > 1 and view.crowded:
            factor = max(1.0, factor / 1.04)
            view = layout(size, frame, scale_for(size, factor), self.painter.font)
        return factor, view

    def current(self) -> tuple[Frame, Layout]:
        """Return the frame on screen and its layout, derived again only after a change."""
        if self.shown is None:
            frame = self.app.frame()
            self.keep_minimum_size(frame)
            self.shown = (frame, self.layout(frame))
        return self.shown

    def stale(self) -> None:
        """Note that what the window shows may have changed: derive it again before use."""
        self.shown = None

    def run(self, max_iterations: Optional[int] = None) -> None:
        """Wait for events, run their commands and redraw, until the window closes.

        Tests pass max_iterations to bound the loop.
        """
        iterations = 0
        while max_iterations is None or iterations < max_iterations:
            iterations += 1
            drawn = self.shown
            for event in [pygame.event.wait(IDLE_MS), *pygame.event.get()]:
                if not self.handle(event):
                    return
            self.set_timer(self.app.session.autoplay)
            judged = self.app.judged()  # the judge works on a thread: its news is a change
            if judged != self.judged:
                self.judged = judged
                self.stale()
            if self.shown is None or self.shown is not drawn or self.tick_clock():
                self.paint()

    def handle(self, event: pygame.event.Event) -> bool:
        """Run the commands one event stands for; return False when the window should close."""
        if event.type in WINDOW_EVENTS:
            self.stale()
            return True
        idle = event.type == pygame.MOUSEMOTION and not self.app.pressed
        if event.type == pygame.NOEVENT or idle:
            return True  # nothing happened, or the mouse moved with no button held
        frame, view = self.current()  # what a click hits: the layout on screen
        for name, arg, typed in commands(event, frame, view):
            # A held button changes only the cells drawn pressed (in the editor, a stroke draws).
            if name == "press" and not frame.editing:
                self.app.do(name, arg, typed)
                self.press_shown()
                continue
            self.stale()  # a command may change anything on screen, if only the message
            busy = self.app.busy(name, arg)
            if busy:  # a deal or a search may take seconds: say so on screen before it starts
                self.app.message = busy
                self.draw()
            outcome = self.app.do(name, arg, typed)
            if outcome.close:
                return False
            if outcome.screen:
                self.app.message = self.screen_command(name, arg) or self.app.message
        return True

    def press_shown(self) -> None:
        """Draw the cells held down on the frame on screen, and the face: nothing is derived."""
        if self.shown is None:
            return
        frame, view = self.shown
        pressed = self.app.pressed
        if pressed == frame.highlights.pressed:
            return
        mood = "pressed" if pressed else frame.state if frame.state in MOODS else "playing"
        marks = replace(frame.highlights, pressed=pressed)
        self.shown = (replace(frame, highlights=marks, mood=mood), view)

    def tick_clock(self) -> bool:
        """Move the clock's figure on when the clock runs; return True when it changed."""
        if self.shown is None:
            return False
        frame, view = self.shown
        figure = self.app.clock()
        if figure is None or figure == frame.time:
            return False
        self.shown = (replace(frame, time=figure), view)
        return True

    def screen_command(self, name: str, arg: Any) -> str:
        """Carry out a command of the screen's own; return what to say."""
        size = pygame.display.get_surface().get_size()
        if name == "zoom":
            frame = self.app.frame()
            factor = arg if arg is not None else 1 / self.zoom.factor
            return self.zoom.change(factor, size, lambda f: self.zoomed(size, frame, f)[0])
        if name == "fullscreen":
            pygame.display.toggle_fullscreen()
            return ""
        if name == "export":
            return self.export_view()
        return ""

    def export_view(self) -> str:
        """Write what the window shows to a PNG in the user's exports folder; say where."""
        surface = pygame.display.get_surface()
        folder = data_dir() / "exports"
        path = free_path(folder, f"view-{datetime.now():%Y%m%d-%H%M%S}", ".png")
        try:
            folder.mkdir(parents=True, exist_ok=True)
            pygame.image.save(surface, str(path))
        except (OSError, pygame.error) as error:
            return f"Could not export: {error}."
        return f"Exported this view to {path}."

    def draw(self) -> None:
        """Derive the frame for now afresh, paint it and show it."""
        self.stale()
        self.paint()
        self.stale()  # what happens next changes it

    def paint(self) -> None:
        """Paint the frame on screen (derived again when stale) and show it."""
        frame, view = self.current()
        paint(pygame.display.get_surface(), frame, view, self.painter)
        pygame.display.flip()

    def keep_minimum_size(self, frame: Frame) -> None:
        """Grow a window resized (or a panel grown) past the minimum back to it."""
        have = pygame.display.get_surface().get_size()
        shape = (have, frame.rows, frame.columns, frame.classroom, frame.custom)
        if shape == self.checked:  # only a resize, a new board or the panel can change it
            return
        self.checked = shape
        need = minimum_window_size(frame, self.painter.font)
        if have[0] < need[0] or have[1] < need[1]:
            size = (max(have[0], need[0]), max(have[1], need[1]))
            pygame.display.set_mode(size, pygame.RESIZABLE)

    def set_timer(self, on: bool) -> None:
        """Turn the auto-play timer on or off, to match the session."""
        if on != self.timer:
            pygame.time.set_timer(AUTOPLAY_EVENT, AUTOPLAY_MS if on else 0)
            self.timer = on


def show(app: App, max_iterations: Optional[int] = None) -> None:
    """Open the window on app and run it until it closes."""
    app.session.judge.start()  # reviews are judged on a thread of their own, beside the window
    pygame.display.init()
    pygame.font.init()
    try:
        window = Window(app)
        window.open()
        pygame.display.set_icon(pygame.image.load(str(IMAGES / "icon.png")))
        window.run(max_iterations)
    finally:
        pygame.time.set_timer(AUTOPLAY_EVENT, 0)
        pygame.quit()
