"""On a question beat no game key plays, skips, deals or changes a setting (issue 42).

A teacher's trial found Space playing A1 (a mine) on lesson 02's question,
G and N throwing the lesson away, F2 dealing a new game, F flagging on 04,
and K, M, Q, H changing the saved settings mid-class: of 36 game keys, 6
left the lesson as it was. Each key is pressed here in the real window
loop (posted events, dummy SDL drivers) on the question beat of lessons 02,
04 and 07: the board and the lesson's box are the same pixel for pixel,
the game and the lesson's moment are unchanged, and settings.json is
byte for byte what it was. A refused key may say why on the message line.
"""

import sys
from pathlib import Path

import pygame
import pytest

from sweeper import BOARDS
from window.app import App
from window.commands import TABLE
from window.modes import CLASS, EVERY, QUESTION

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_runner import press, pump, start  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
POSITIONS = ROOT / "assets" / "positions"
LESSONS = ("02-lone-zero", "04-one-two", "07-counter-settles")
GAME_KEYS = {
    "Space": pygame.K_SPACE,
    "F": pygame.K_f,
    "D": pygame.K_d,
    "G": pygame.K_g,
    "N": pygame.K_n,
    "F2": pygame.K_F2,
    "W": pygame.K_w,
    "K": pygame.K_k,
    "H": pygame.K_h,
    "M": pygame.K_m,
    "Q": pygame.K_q,
    "U": pygame.K_u,
    "A": pygame.K_a,
    "O": pygame.K_o,
    "P": pygame.K_p,
    "R": pygame.K_r,
    "S": pygame.K_s,
    "C": pygame.K_c,
    "I": pygame.K_i,
    "Delete": pygame.K_DELETE,
}


def on_the_question(name: str) -> tuple[App, object]:
    """Open a bundled lesson in the window and press → to its first question beat."""
    path = POSITIONS / f"{name}.txt"
    app = App.from_position(path.read_text(encoding="utf-8"), name=path.name)
    window = start(app)
    app.do("classroom")  # settings are remembered: make the file exist before the keys
    app.do("marks")
    app.do("marks")
    app.do("classroom")
    for _ in range(4):
        press(pygame.K_RIGHT)
        pump(app, window)
        if app.room.asking:
            break
    assert app.room.asking, name
    return app, window


def picture(window, view) -> tuple[bytes, bytes]:
    """Return the pixels of the board and of the lesson's box on screen."""
    surface = pygame.display.get_surface()
    board = pygame.Rect(view.origin, (view.columns * view.cell, view.rows * view.cell))
    return (
        pygame.image.tobytes(surface.subsurface(board), "RGB"),
        pygame.image.tobytes(surface.subsurface(view.step), "RGB"),
    )


def state(app: App) -> tuple:
    """Return what a key must not change: the game, the lesson's moment, the class's answers."""
    game, room = app.game, app.room
    return (
        game.to_text(),
        sorted(game.flags),
        app.session.autoplay,
        app.session.overlay,
        app.session.watch.paused,
        room.on,
        room.step_index,
        room.beat,
        room.expanded,
        len(app.ai.steps),
        app.entering,
        app.records,
        app.reviewing,
    )


@pytest.mark.parametrize("lesson", LESSONS)
def test_no_game_key_changes_a_question_beat_its_board_or_the_settings(
    lesson, pygame_display, private_data_folder
):
    app, window = on_the_question(lesson)
    settings = private_data_folder / "settings.json"
    saved = settings.read_bytes()
    before, pixels = state(app), picture(window, window.layout())
    for key, code in GAME_KEYS.items():
        press(code)
        pump(app, window)
        view = window.layout()
        assert state(app) == before, key
        assert picture(window, view) == pixels, key
        assert settings.read_bytes() == saved, key
        assert app.message, key  # each refusal says why, in one line
        assert "\n" not in app.message, key


def test_every_command_names_the_modes_it_runs_in_and_the_question_beat_takes_few():
    for name, command in TABLE.items():
        assert command.runs <= EVERY, name
    acting = {name for name, command in TABLE.items() if QUESTION in command.runs}
    lesson_keys = {"think", "step", "back", "home", "end", "jump", "digit"}
    assert acting == lesson_keys | {
        "answer", "arrangements", "select", "scroll", "keys", "quit", "press", "close",
        "export", "zoom", "fullscreen",
    }  # fmt: skip
    settings = ("first-click", "marks", "ai-flags", "hint", "custom")
    assert not any(CLASS in TABLE[name].runs or QUESTION in TABLE[name].runs for name in settings)


def test_in_class_each_setting_is_refused_with_how_to_leave(pygame_display):
    app, _ = on_the_question("04-one-two")
    app.do("step")  # the answer beat: class, not a question
    for name in ("first-click", "marks", "ai-flags", "hint", "custom"):
        assert app.do(name).said == "Settings wait until the class ends: C closes the classroom."


def test_a_new_game_in_class_asks_first_and_any_other_key_keeps_the_lesson(pygame_display):
    app, _ = on_the_question("04-one-two")
    app.do("step")
    lesson = app.game.to_text()
    assert "Leave the lesson" in app.do("new").said
    app.do("keys")  # any other key (here ?): the question is dropped
    assert "Leave the lesson" in app.do("new").said and app.game.to_text() == lesson
    app.do("new")
    assert app.game.to_text() != lesson


def test_enter_twice_leaves_a_started_game_for_a_custom_board():
    # The trial: the custom-board line asked "Enter again leaves it" for ever.
    app = App.new(BOARDS["beginner"], seed=4)
    app.do("reveal", (4, 4))
    app.do("custom")
    for key in "10x12x20":
        app.do("type", key)
    assert "Enter again leaves it" in app.do("type", "enter").said
    app.do("type", "enter")
    assert (app.game.height, app.game.width, app.game.mine_count) == (10, 12, 20)
    assert app.entering is None


def test_any_key_on_the_keys_sheet_only_closes_it():
    app = App.new(BOARDS["beginner"], seed=4)
    app.do("keys")
    assert app.sheet is not None
    app.do("ai")  # the sheet closes, and no move is played (it would make the game assisted)
    assert app.sheet is None and not app.game.revealed


def test_in_class_a_pause_is_refused_so_no_setting_slips_past_the_lesson():
    app, _ = on_the_question_headless("02-lone-zero")
    app.do("step")  # the answer beat
    assert "no pause" in app.do("pause").said
    assert not app.session.watch.paused
    for name in ("first-click", "marks", "ai-flags", "hint", "custom"):
        assert "Settings wait" in app.do(name).said


def on_the_question_headless(name: str) -> tuple[App, None]:
    """Open a bundled lesson without a window and step to its first question beat."""
    path = POSITIONS / f"{name}.txt"
    app = App.from_position(path.read_text(encoding="utf-8"), name=path.name)
    while not app.room.asking:
        app.do("step")
    return app, None
