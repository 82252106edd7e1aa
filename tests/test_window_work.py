"""The window does each piece of work once: one decision per moment, one frame per change.

Issue 32: a press of A asked the AI for its decision two to four times, every
loop iteration built two frames and two layouts (idle too), each layout read
the font file three times, and one → press in class worked out the moment on
screen up to 13 times. The moves must stay the moves of the game played
directly.
"""

from pathlib import Path

import pygame
import pytest

import screen.loop
import sweeper.solver
import window.app
import window.lesson
from screen.loop import Window
from sweeper import BOARDS, BoardSize
from sweeper.game import Game
from sweeper.solver import Solver
from window.app import App
from window.timeline import Timeline


def direct_moves(board: BoardSize, seed: int, most: int = 1000) -> list:
    """Return the cells CS50's AI plays on a seeded game, told each reveal, with no window."""
    game = Game(board.height, board.width, board.mines, seed=seed)
    ai = Solver(
        game.height, game.width, game.mine_count, first_click=game.first_click, seed=game.seed
    )
    played = []
    while not game.is_over() and len(played) < most:
        cell = ai.make_move()
        if cell is None:
            break
        played.append(cell)
        ai.add_reveal(game.reveal(cell).revealed)
    return played


def window_moves(board: BoardSize, seed: int, most: int = 1000, **looks) -> list:
    """Return the cells the window's A plays on the same game, with Think and the odds asked."""
    app = App.new(board, seed=seed, classroom=looks.get("classroom", False))
    if looks.get("overlay"):
        app.do("overlay")
    played = []
    while not app.game.is_over() and len(played) < most:
        if looks.get("think"):
            app.do("think")
            app.frame()
        if app.room.asking:  # a question beat plays nothing: its answer first, as a class would
            app.do("step")
        app.do("ai")
        app.frame()
        move = app.ai.last_decision
        if move is None:
            break
        played.append(move.cell)
    return played


@pytest.mark.parametrize(
    ("board", "seed", "looks"),
    [
        (BOARDS["expert"], 3, {"classroom": True}),
        (BOARDS["expert"], 3, {"overlay": True, "think": True}),
        (BOARDS["intermediate"], 8, {"think": True, "classroom": True}),
        # Best play's first click and the endgame search: the game's memo must be as direct.
        (BoardSize("Custom", 4, 4, 5), 1, {"overlay": True, "think": True}),
        (BoardSize("Custom", 5, 5, 8), 2, {"think": True}),
    ],
)
def test_the_window_plays_the_moves_of_the_game_played_directly(board, seed, looks):
    assert window_moves(board, seed, **looks) == direct_moves(board, seed)


class Counter:
    """Counts the calls of a function it stands in for."""

    def __init__(self, monkeypatch, owner, name):
        self.calls = 0
        real = getattr(owner, name)

        def counted(*args, **kwargs):
            self.calls += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(owner, name, counted)


def test_a_moment_s_decision_is_worked_out_once_for_think_the_odds_and_the_move(monkeypatch):
    # The work is the strategies' decide(); a known safe cell needs none.
    worked = Counter(monkeypatch, sweeper.solver, "decide")
    app = App.new(BOARDS["expert"], seed=3)
    app.do("overlay")  # the overlay outlines the pick: the first moment's decision
    assert worked.calls == 1
    for press in range(40):
        before = worked.calls
        app.do("think")
        app.frame()
        app.do("ai")  # the flag check and make_move ask again: the same answer
        app.frame()  # the next moment: the overlay outlines its pick
        assert worked.calls - before <= 1, press


@pytest.mark.usefixtures("pygame_display")
def test_a_press_builds_one_frame_and_an_idle_window_builds_none(monkeypatch):
    app = App.new(BOARDS["expert"], seed=3, classroom=True)
    win = Window(app)
    win.open()
    pygame.event.clear()
    win.run(max_iterations=1)  # the first frame
    frames = Counter(monkeypatch, win.app, "frame")
    layouts = Counter(monkeypatch, screen.loop, "layout")
    scenes = Counter(monkeypatch, window.app, "Moment")
    fonts = Counter(monkeypatch, pygame.font, "Font")
    for key in [pygame.K_a] * 10 + [pygame.K_HOME] + [pygame.K_RIGHT] * 10:
        before = (frames.calls, layouts.calls, scenes.calls)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
        win.run(max_iterations=1)
        assert (frames.calls, layouts.calls) == (before[0] + 1, before[1] + 1), key
        assert scenes.calls - before[2] <= 1, key  # the moment on screen, once per press
    made = fonts.calls
    before = (frames.calls, layouts.calls)
    for _ in range(3):  # no event: the loop waits, then only looks at the clock
        win.run(max_iterations=1)
    assert (frames.calls, layouts.calls) == before
    for key in [pygame.K_LEFT, pygame.K_RIGHT] * 3:  # sizes seen before: no font is made again
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
        win.run(max_iterations=1)
    assert fonts.calls == made


@pytest.mark.usefixtures("pygame_display")
def test_a_class_answer_click_and_an_arrow_build_one_frame_and_one_layout_each(monkeypatch):
    # A click is a press (drawn on the frame on screen, nothing derived) and a release
    # hit-tested on the layout on screen: the answer is one change, one frame, one layout.
    path = Path(__file__).resolve().parent.parent / "assets" / "positions" / "04-one-two.txt"
    app = App.from_position(path.read_text(encoding="utf-8"), name=path.name)
    win = Window(app)
    win.open()
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    win.run(max_iterations=1)
    assert app.room.asking  # lesson 04's question beat
    frames = Counter(monkeypatch, win.app, "frame")
    layouts = Counter(monkeypatch, screen.loop, "layout")
    moments = Counter(monkeypatch, window.app, "Moment")
    closed = [c for c in app.game.cells() if c not in app.game.revealed][:3]
    for cell in closed:
        before = (frames.calls, layouts.calls, moments.calls)
        at = win.layout().cell_rect(cell).center
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=at, button=1))
        win.run(max_iterations=1)
        assert cell in app.room.answers and not app.game.is_over(), cell
        after = (frames.calls, layouts.calls, moments.calls)
        assert after[:2] == (before[0] + 1, before[1] + 1), cell
        assert after[2] - before[2] <= 1, cell
    before = (frames.calls, layouts.calls)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    win.run(max_iterations=1)
    assert not app.room.asking and (frames.calls, layouts.calls) == (before[0] + 1, before[1] + 1)


@pytest.mark.usefixtures("pygame_display")
def test_an_idle_window_moves_its_clock_on_without_a_new_frame(monkeypatch):
    now = [1000.0]
    app = App.new(BOARDS["beginner"], seed=5, clock=lambda: now[0])
    win = Window(app)
    win.open()
    pygame.event.clear()
    app.do("reveal", (4, 4))
    win.run(max_iterations=1)
    frames = Counter(monkeypatch, win.app, "frame")
    now[0] += 7.25
    win.run(max_iterations=1)
    assert frames.calls == 0 and win.current()[0].time == "Time 7.2"
    assert win.current()[0].time == app.frame().time  # what a fresh frame would say


def test_the_window_ai_is_the_solver_with_cs50_s_calls():
    ai = App.new(BOARDS["cs50"]).ai
    assert isinstance(ai, sweeper.solver.Solver)
    for name in ("add_knowledge", "mark_mine", "mark_safe", "make_safe_move", "make_random_move"):
        assert callable(getattr(ai, name)), name


def test_the_timeline_reads_each_new_step_once_and_equals_one_built_afresh(monkeypatch):
    # The trial counted 172 teaches() calls per A in class: the whole log read again.
    read = Counter(monkeypatch, window.lesson, "teaches")
    app = App.new(BOARDS["expert"], seed=3, classroom=True)
    while not app.game.is_over():
        steps, before = len(app.ai.steps), read.calls
        app.do("ai")
        app.frame()
        timeline = app.timeline()
        assert read.calls - before <= len(app.ai.steps) - steps + 1
        fresh = Timeline(app.ai.steps, app.ai.revealed, app.session.batches, timeline.ahead)
        assert (timeline.groups, timeline.leads, timeline.stops) == (
            fresh.groups,
            fresh.leads,
            fresh.stops,
        )
