"""Nothing the window says is cut off ("…") or runs past the panel, in play and in class."""

from pathlib import Path

import pygame
import pytest

from screen import paint
from screen.layout import MARGIN, layout, scale_for
from sweeper import BOARDS
from window.app import App

ROOT = Path(__file__).resolve().parent.parent
POSITIONS = ROOT / "assets" / "positions"
SIZES = [(1280, 720), (1920, 1080)]
# A saved game's title: its board, seed, rule and the moment it was saved.
LONG_TITLE = (
    "Custom 12x20, 40 mines, seed 4294967295, first click may hit a mine "
    "(saved 2024-05-01 12:00:00)"
)

pytestmark = pytest.mark.usefixtures("pygame_display")


class Recorder(pygame.Surface):
    """A screen that notes where each text of the painter was drawn."""

    def __init__(self, size, names):
        super().__init__(size)
        self.names = names
        self.drawn = []

    def blit(self, source, dest, *rest, **named):
        text = self.names.get(id(source))
        if text is not None:
            self.drawn.append((text, pygame.Rect(dest[:2], source.get_size())))
        return super().blit(source, dest, *rest, **named)


class NamingPainter(paint.Painter):
    """A painter that remembers which text each surface it made holds."""

    def __init__(self):
        super().__init__()
        self.names = {}

    def text(self, text, size, colour=paint.INK, bold=False):
        surface = super().text(text, size, colour, bold)
        self.names[id(surface)] = text
        return surface


def drawn(ctrl, size):
    """Paint ctrl's frame at size; return the texts drawn, where, and the layout."""
    frame = ctrl.frame()
    here = layout(size, frame, scale_for(size))
    painter = NamingPainter()
    screen = Recorder(size, painter.names)
    paint.paint(screen, frame, here, painter)
    return screen.drawn, here


def played(board, seed, classroom, moves=10_000):
    """Return a game the AI played for a number of moves (to its end by default)."""
    ctrl = App.new(BOARDS[board], seed=seed, classroom=classroom)
    for _ in range(moves):
        if ctrl.game.is_over():
            break
        ctrl.do("ai")
    return ctrl


def with_keys(ctrl):
    """Open the class's key help (?)."""
    ctrl.do("keys")
    return ctrl


def position(name, *commands):
    """Return a shipped position in class after some commands."""
    ctrl = App.from_position((POSITIONS / name).read_text(encoding="utf-8"))
    for command in commands:
        ctrl.do(command)
    return ctrl


def long_title(classroom):
    """Return a game with a saved game's long title."""
    text = f"# {LONG_TITLE}\n" + "\n".join(["*" + "." * 19] + ["." * 20] * 11) + "\n"
    ctrl = App.from_position(text)
    ctrl.room.on = classroom
    return ctrl


def stepped_back(ctrl):
    """Step the class back one beat."""
    ctrl.do("back")
    return ctrl


def thought_after_the_end():
    """Return a finished beginner game where T was pressed: the end's words and T's."""
    ctrl = played("beginner", 7, False)
    ctrl.do("think")
    return ctrl


CASES = {
    "class keys, expert": lambda: with_keys(played("expert", 3, True, 30)),
    "class keys, beginner": lambda: with_keys(played("beginner", 3, True, 5)),
    "class, won cs50": lambda: played("cs50", 1, True),
    "class, lost beginner": lambda: played("beginner", 7, True),
    "class, won intermediate, a step back": lambda: stepped_back(played("intermediate", 1, True)),
    "class, expert before any step": lambda: played("expert", 3, True, 20),
    "play, won beginner": lambda: played("beginner", 3, False),
    "play, T after the end": thought_after_the_end,
    "play, long title": lambda: long_title(False),
    "class, long title": lambda: long_title(True),
    "class, every step of 02": lambda: position("02-lone-zero.txt", "expand", "step"),
    "class, 01's first answer": lambda: position("01-single-neighbour.txt", "step", "step"),
}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("case", list(CASES))
def test_no_text_is_cut_or_runs_past_the_panel(case, size):
    # Seen cut: "X: picture · …" (the class's keys), "3BV/s 2.99, …" (a won game),
    # a resumed game's title; "Known: shown step by step (→)." ran to the panel's edge.
    texts, here = drawn(CASES[case](), size)
    assert texts
    inner = here.panel.inflate(-2 * here.px(MARGIN), 0)
    for text, rect in texts:
        assert not text.endswith("…"), text
        assert rect.bottom <= size[1] and rect.right <= size[0], text
        if rect.x >= here.panel.x:
            assert rect.right <= inner.right + 1, text
