"""The house rules of the frame and the one door for commands, with issue 22's five bugs.

Each regression test drives the window as a player or a teacher would (posted
events, keys, command-line exports) and checks what is drawn or what the game
did. Only the few helpers at the top name the window's classes.
"""

import sys
from pathlib import Path

import pygame
import pytest

import runner
from screen import palette
from screen.picture import choose
from sweeper import BOARDS
from window.app import App
from words.model import plural

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_runner import click_cell, press, pump, start, view  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
POSITIONS = ROOT / "assets" / "positions"
SHIPPED = sorted(POSITIONS.glob("0*.txt"))

pytestmark = pytest.mark.usefixtures("pygame_display")


def new_game(board, **options):
    """Return the window's state on a new game of a named board."""
    return App.new(BOARDS[board], **options)


def opened(path):
    """Return the window's state on a shipped position (in class)."""
    return App.from_position(path.read_text(encoding="utf-8"), name=path.name)


def capture_texts(window, monkeypatch):
    """Return a list that collects every text the window renders from now on."""
    painter = window.painter
    drawn = []
    real = painter.text

    def text(words, *rest, **named):
        drawn.append(words)
        return real(words, *rest, **named)

    monkeypatch.setattr(painter, "text", text)
    return drawn


def inner_pixel(rect):
    """Return a cell's background colour on screen, away from images, digits and frames."""
    screen = pygame.display.get_surface()
    return tuple(screen.get_at((rect.x + rect.width // 2, rect.y + rect.height * 4 // 5)))[:3]


def has_colour(rect, colour):
    """True when some pixel of rect has exactly this colour."""
    screen = pygame.display.get_surface()
    return any(
        tuple(screen.get_at((x, y)))[:3] == colour
        for x in range(rect.left, rect.right)
        for y in range(rect.top, rect.bottom)
    )


# -- bug 1: --export counts lesson steps, as the window does ------------------------------


@pytest.mark.parametrize(("name", "beyond"), [("01-single-neighbour", 3), ("02-lone-zero", 2)])
def test_export_refuses_a_step_past_the_last_lesson_step(name, beyond, tmp_path, capsys):
    out = tmp_path / "x.png"
    path = POSITIONS / f"{name}.txt"
    lessons = len(opened(path).timeline().lessons)
    assert lessons == beyond - 1  # the window's count: the step asked for is one past it
    argv = ["--position", str(path), "--step", str(beyond), "--size", "1280x720"]
    code = runner.main([*argv, "--export", str(out)])
    assert code == 2 and f"has {plural(lessons, 'lesson step')}" in capsys.readouterr().err
    assert not out.exists()


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name[:2])
def test_each_lesson_step_is_numbered_alike_by_the_keys_the_header_and_export(path):
    ctrl = opened(path)
    lessons = ctrl.timeline().lessons
    for number, step in enumerate(lessons, start=1):
        ctrl.room.typed = str(number)
        ctrl.do("jump")
        assert ctrl.room.step_index == step and ctrl.room.asking
        header = ctrl.frame().step.header
        assert header.startswith(f"Lesson step {number} of {len(lessons)}")
        assert "(step" not in header  # the log's own numbering is not the class's
        exported = opened(path)  # --export --step N reaches the same step
        assert choose(exported, str(number), True, None) == ""
        assert exported.frame().step.header == header


# -- bug 2: a paused game refuses every move on the board ---------------------------------


def test_a_paused_game_refuses_flags_chords_and_their_keys():
    ctrl = new_game("beginner", seed=3)
    window = start(ctrl)
    click_cell(ctrl, (4, 4))
    pump(ctrl, window)
    game = ctrl.game
    # A number whose mines are flagged: a chord on it would open its other neighbours.
    number = next(
        cell
        for cell, count in game.revealed.items()
        if count and set(game.neighbors(cell)) - game.revealed.keys() - game.mines
    )
    for mine in set(game.neighbors(number)) & game.mines:
        game.toggle_flag(mine)
    hidden = next(c for c in game.cells() if c not in game.revealed and c not in game.flags)
    press(pygame.K_p)
    pump(ctrl, window)
    before = (dict(game.revealed), set(game.flags))
    click_cell(ctrl, hidden, button=3)  # a flag
    pump(ctrl, window)
    assert (dict(game.revealed), set(game.flags)) == before
    assert ctrl.message == "Paused: P carries on."
    click_cell(ctrl, number, button=2)  # a chord
    pump(ctrl, window)
    assert (dict(game.revealed), set(game.flags)) == before
    for key in (pygame.K_f, pygame.K_d, pygame.K_SPACE):  # flag, chord, reveal at the cursor
        press(key)
        pump(ctrl, window)
        assert (dict(game.revealed), set(game.flags)) == before
        assert ctrl.message == "Paused: P carries on."


# -- bug 3: in class, the odds overlay outlines no pick -----------------------------------


def test_in_class_a_question_beat_outlines_no_pick_with_odds_on():
    ctrl = opened(POSITIONS / "03-subset.txt")
    window = start(ctrl)
    ctrl.do("classroom")  # in class the odds are refused: turned on outside it, kept on
    ctrl.do("overlay")
    ctrl.do("classroom")
    press(pygame.K_RIGHT)  # the first lesson step's question
    pump(ctrl, window)
    assert ctrl.room.asking and ctrl.session.overlay
    cells = view(ctrl).cell_rect
    outlined = [c for c in ctrl.game.cells() if has_colour(cells(c), palette.CHOICE_OUTLINE)]
    assert outlined == []
    assert ctrl.frame().highlights.choice is None


# -- bug 4: Think outside class shows its conclusion on the live board --------------------


def test_think_outside_class_keeps_the_live_board_and_a_loss_shows_as_lost():
    ctrl = new_game("beginner", first_click="opening", seed=5)
    window = start(ctrl)
    click_cell(ctrl, (4, 4))  # E5
    click_cell(ctrl, (8, 5))  # I6
    press(pygame.K_t)
    pump(ctrl, window)
    assert "Think" in ctrl.message
    cells = view(ctrl).cell_rect
    for cell in ctrl.game.revealed:  # every open cell is drawn open: this is now, not a replay
        assert inner_pixel(cells(cell)) in (palette.REVEALED, palette.GRID), cell
    click_cell(ctrl, (2, 2))  # C3: a mine
    pump(ctrl, window)
    assert ctrl.game.lost()
    status = view(ctrl).status
    words = pygame.Rect(status.centerx, status.y, status.right - status.centerx, status.height)
    assert has_colour(words, palette.LOST_COLOUR)  # "Lost" in red, not "Replay"
    assert ctrl.frame().status == "Lost" and ctrl.frame().mood == "lost"


# -- bug 5: a message shows while an earlier moment is on screen --------------------------


def test_save_and_picture_messages_show_over_an_earlier_moment(tmp_path, monkeypatch):
    ctrl = new_game("beginner", seed=5, classroom=True, save_dir=tmp_path)
    window = start(ctrl)
    for _ in range(6):
        ctrl.do("ai")
    press(pygame.K_HOME)  # the first lesson step: an earlier moment
    press(pygame.K_RIGHT)  # its answer (a question beat takes only the lesson's keys)
    pump(ctrl, window)
    assert ctrl.frame().replaying and not ctrl.frame().asking
    drawn = capture_texts(window, monkeypatch)
    press(pygame.K_s)
    pump(ctrl, window)
    assert any(text.startswith("Saved to") for text in drawn), drawn
    drawn.clear()
    press(pygame.K_x)
    pump(ctrl, window)
    assert any(text.startswith("Exported this view") for text in drawn), drawn


# -- the one door ---------------------------------------------------------------------------


def test_every_command_state_pair_is_refused_in_one_place_with_one_message():
    ctrl = new_game("cs50", seed=1)
    ctrl.do("reveal", (0, 0))
    ctrl.do("pause")
    for name in ("reveal", "flag", "chord", "ai", "think", "auto", "step"):
        assert ctrl.do(name, (7, 7)).said == "Paused: P carries on."
    ctrl.do("pause")
    ctrl.do("custom")
    for name in ("reveal", "new", "classroom"):
        assert ctrl.do(name, (7, 7)).said.startswith("Custom board >")
    ctrl.do("type", "escape")
    while not ctrl.game.is_over():
        ctrl.do("ai")
    for name in ("reveal", "flag", "ai", "think", "pause"):
        assert ctrl.do(name, (7, 7)).said.endswith("N starts a new game, R restarts.")


def test_a_click_on_an_earlier_moment_is_refused_and_a_move_in_class_shows_now():
    ctrl = new_game("beginner", seed=5, classroom=True)
    for _ in range(6):
        ctrl.do("ai")
    ctrl.do("home")
    ctrl.do("step")  # the first answer (on a question, a click is the class's answer)
    assert ctrl.frame().replaying
    hidden = next(c for c in ctrl.game.cells() if c not in ctrl.game.revealed)
    before = dict(ctrl.game.revealed)
    assert "earlier moment" in ctrl.do("reveal", hidden).said
    assert ctrl.game.revealed == before
    ctrl.do("end")
    ctrl.do("ai")
    timeline = ctrl.timeline()
    assert not ctrl.frame().replaying
    assert ctrl.room.step_index in (timeline.now, timeline.lessons[-1], timeline.steps)


def test_a_paused_frame_holds_no_board():
    ctrl = new_game("beginner", seed=3)
    ctrl.do("reveal", (4, 4))
    ctrl.do("pause")
    frame = ctrl.frame()
    assert frame.paused and frame.tiles == () and frame.highlights.roles == ()
