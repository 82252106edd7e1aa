"""What players expect: keyboard play, pause, question marks, statistics, the custom board."""

import json
import sys
from pathlib import Path

import pygame
import pytest

import runner
from screen import palette
from store.records import Statistics
from store.settings import Settings
from sweeper import BOARDS
from window.app import App
from words.model import clock_text
from words.records import note_words

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_runner import FakeClock, click_cell, post_click, press, pump, start, view  # noqa: E402

pytestmark = pytest.mark.usefixtures("pygame_display")


def walk_to(ctrl, painter, cell):
    """Move the keyboard cursor to cell with arrow keys."""
    r, c = ctrl.session.cursor
    keys = [pygame.K_DOWN if cell[0] > r else pygame.K_UP] * abs(cell[0] - r)
    keys += [pygame.K_RIGHT if cell[1] > c else pygame.K_LEFT] * abs(cell[1] - c)
    for key in keys:
        press(key)
    pump(ctrl, painter)
    assert ctrl.session.cursor == cell


def test_keyboard_play_wins_a_small_seeded_game():
    ctrl = App.new(runner.board_argument("5x5x3"), seed=4)
    painter = start(ctrl)
    walk_to(ctrl, painter, (2, 2))
    press(pygame.K_SPACE)  # the first reveal places the mines
    pump(ctrl, painter)
    game = ctrl.game
    for cell in game.cells():
        if game.is_over():
            break
        if cell not in game.mines and cell not in game.revealed:
            walk_to(ctrl, painter, cell)
            press(pygame.K_SPACE)
            pump(ctrl, painter)
    assert game.won()
    assert (
        ctrl.session.stats.boards[ctrl.session.ledger.stats_key()].wins == 1
    )  # a game of the player's own counts


def test_f_flags_and_d_chords_at_the_cursor():
    ctrl = App.from_position("# chord\n*1.\n11.\n...\n")
    painter = start(ctrl)
    press(pygame.K_c)  # out of the classroom: the arrows move the cursor
    pump(ctrl, painter)
    walk_to(ctrl, painter, (0, 0))
    press(pygame.K_f)
    pump(ctrl, painter)
    assert (0, 0) in ctrl.game.flags
    walk_to(ctrl, painter, (1, 1))
    press(pygame.K_d)  # B2 shows 1 and has its flag: its other neighbours open
    pump(ctrl, painter)
    assert {(0, 2), (1, 2), (2, 0), (2, 1), (2, 2)} <= set(ctrl.game.revealed)
    assert ctrl.game.won()


def test_pause_hides_the_board_and_stops_the_clock():
    clock = FakeClock()
    ctrl = App.new(BOARDS["expert"], seed=2, clock=clock)
    painter = start(ctrl)
    click_cell(ctrl, (8, 15))
    pump(ctrl, painter)
    clock.now += 5
    press(pygame.K_p)
    pump(ctrl, painter)
    assert ctrl.session.watch.paused
    clock.now += 100
    assert ctrl.session.elapsed() == 5
    click_cell(ctrl, (0, 0))  # clicks do nothing while paused
    pump(ctrl, painter)
    assert (0, 0) not in ctrl.game.revealed or ctrl.game.revealed.get((0, 0)) is not None
    press(pygame.K_p)
    pump(ctrl, painter)
    clock.now += 2
    assert ctrl.session.elapsed() == 7


def test_right_click_cycles_flag_question_mark_nothing_and_marks_can_be_turned_off():
    ctrl = App.new(BOARDS["beginner"], seed=3)
    painter = start(ctrl)
    click_cell(ctrl, (4, 4))
    pump(ctrl, painter)
    cell = next(c for c in ctrl.game.cells() if c not in ctrl.game.revealed)
    states = []
    for _ in range(3):
        click_cell(ctrl, cell, button=3)
        pump(ctrl, painter)
        states.append((cell in ctrl.game.flags, cell in ctrl.session.marks))
    assert states == [(True, False), (False, True), (False, False)]
    press(pygame.K_q)  # question marks off: flag, nothing
    pump(ctrl, painter)
    states = []
    for _ in range(2):
        click_cell(ctrl, cell, button=3)
        pump(ctrl, painter)
        states.append((cell in ctrl.game.flags, cell in ctrl.session.marks))
    assert states == [(True, False), (False, False)]
    assert Settings().question_marks is False  # remembered


def test_statistics_survive_a_restart_of_the_program(private_data_folder):
    stats = Statistics()
    stats.record("Beginner 9x9, 10 mines, first click safe", True, 12.34)
    stats.record("Beginner 9x9, 10 mines, first click safe", False, 3.0)
    stats.record("Beginner 9x9, 10 mines, first click safe", True, 9.87)
    again = Statistics()
    record = again.boards["Beginner 9x9, 10 mines, first click safe"]
    assert (record.games, record.wins, record.streak, record.best_streak) == (3, 2, 1, 1)
    # Kept as the window shows them (floored to tenths), so the two never disagree.
    assert [s for s, _ in record.best_times] == [9.8, 12.3]
    assert clock_text(9.87) == "9.8" and clock_text(12.34) == "12.3"
    assert (private_data_folder / "statistics.json").exists()


def test_a_corrupt_statistics_file_is_set_aside_with_a_message(private_data_folder):
    path = private_data_folder / "statistics.json"
    path.write_text("{ not json")
    ctrl = App.new(BOARDS["beginner"], seed=3)
    assert "could not be read" in note_words(ctrl.session.stats.note)
    aside = list(private_data_folder.glob("statistics.json.unreadable-*"))
    assert len(aside) == 1 and aside[0].read_text() == "{ not json"  # never lost
    assert any(str(aside[0]) in line for line in ctrl.frame().sheet)  # on screen, full name
    ctrl.do("cursor", (0, 1, 5))  # any key only closes the start-up sheet
    ctrl.do("stats-line")
    assert "could not be read" in ctrl.message
    ctrl.session.stats.record("x", True, 1.0)
    assert json.loads(path.read_text())["boards"]["x"]["wins"] == 1


def test_the_custom_board_line_refuses_impossible_boards():
    ctrl = App.new(BOARDS["beginner"], seed=3)
    painter = start(ctrl)
    press(pygame.K_w)
    for key in (pygame.K_3, pygame.K_x, pygame.K_3, pygame.K_x, pygame.K_2, pygame.K_0):
        press(key)
    press(pygame.K_RETURN)
    pump(ctrl, painter)
    assert (ctrl.game.height, ctrl.game.width) == (9, 9)  # refused: nothing changed
    assert "Refused: 3x3x20: 20 mines do not fit" in ctrl.message
    assert ctrl.entering == ""  # the line is ready for a new board: typing does not append
    for key in (pygame.K_5, pygame.K_x, pygame.K_6, pygame.K_x, pygame.K_4):
        press(key)
    press(pygame.K_RETURN)
    pump(ctrl, painter)
    assert (ctrl.game.height, ctrl.game.width, ctrl.game.mine_count) == (5, 6, 4)
    assert ctrl.entering is None


def test_escape_during_a_game_asks_before_quitting():
    ctrl = App.new(BOARDS["beginner"], seed=3)
    painter = start(ctrl)
    click_cell(ctrl, (4, 4))
    pump(ctrl, painter)
    escape = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    assert painter.handle(escape) is True
    assert "Quit" in ctrl.message
    assert painter.handle(escape) is False


def test_the_first_click_rule_is_chosen_in_the_window_and_remembered():
    ctrl = App.new(BOARDS["beginner"], seed=3)
    painter = start(ctrl)
    press(pygame.K_k)
    pump(ctrl, painter)
    assert ctrl.session.first_click == "opening" and "opens an area" in ctrl.message
    assert Settings().first_click == "opening"
    press(pygame.K_n)
    pump(ctrl, painter)
    assert ctrl.game.first_click == "opening"


def test_a_held_button_draws_the_cell_pressed_until_it_is_released():
    ctrl = App.new(runner.board_argument("6x6x4"), seed=2)
    painter = start(ctrl)
    rect = view(ctrl).cell_rect((3, 3))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    pump(ctrl, painter)
    assert ctrl.pressed == {(3, 3)}
    screen = pygame.display.get_surface()
    assert screen.get_at(rect.move(3, 3).topleft)[:3] == palette.REVEALED  # drawn open
    other = view(ctrl).cell_rect((3, 4)).center  # dragged: the press follows the mouse
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=other, buttons=(1, 0, 0)))
    pump(ctrl, painter)
    assert ctrl.pressed == {(3, 4)}
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=other, button=1))
    pump(ctrl, painter)
    assert not ctrl.pressed and (3, 4) in ctrl.game.revealed


def test_the_face_button_starts_a_new_game_after_asking_once_and_counts_a_loss():
    ctrl = App.new(BOARDS["beginner"], seed=3)
    painter = start(ctrl)
    click_cell(ctrl, (4, 4))
    pump(ctrl, painter)
    assert ctrl.game.revealed and not ctrl.game.is_over()
    first = ctrl.game
    face = view(ctrl).face()
    post_click(face.center)
    pump(ctrl, painter)
    assert ctrl.game is first and "counts as a loss" in ctrl.message  # asked
    post_click(face.center)
    pump(ctrl, painter)
    assert ctrl.game is not first and not ctrl.game.revealed
    record = Statistics().boards[ctrl.session.ledger.stats_key()]
    assert (record.games, record.wins) == (1, 0)


def test_the_ai_can_flag_the_mines_it_knows_and_the_choice_is_remembered():
    ctrl = App.new(BOARDS["beginner"], seed=5)
    painter = start(ctrl)
    press(pygame.K_m)
    pump(ctrl, painter)
    assert Settings().ai_flags is True and "AI flags on" in ctrl.message
    for _ in range(60):  # until the AI knows a mine
        if ctrl.game.is_over() or ctrl.ai.mines:
            break
        press(pygame.K_a)
        pump(ctrl, painter)
    assert ctrl.ai.mines, "seed 5 should teach the AI a mine within 60 moves"
    assert not ctrl.game.is_over()  # seed 5: the game goes on after the first known mine
    assert ctrl.ai.mines <= ctrl.game.flags  # flagged, so the counter moved
    assert ctrl.game.mines_left() == ctrl.game.mine_count - len(ctrl.game.flags)
    assert "It flagged" in ctrl.message
    press(pygame.K_m)
    pump(ctrl, painter)
    assert Settings().ai_flags is False


def test_titles_say_the_first_click_rule_in_words():
    for rule, words in (("none", "may hit a mine"), ("opening", "opens"), ("safe", "safe")):
        ctrl = App.new(BOARDS["beginner"], seed=1, first_click=rule)
        assert f"first click {words}" in ctrl.session.describe()
        assert "first click none" not in ctrl.session.describe() + ctrl.session.ledger.stats_key()


def test_question_mark_shows_every_key_in_play_and_the_class_keys_in_class():
    app = App.new(BOARDS["beginner"], seed=1)
    app.do("keys")
    frame = app.frame()
    assert frame.sheet_title == "Keys" and not app.room.keys  # class mode's help untouched
    listed = " ".join(frame.sheet)
    for key in ("X:", "F11", "Ctrl+0", "Delete", "U:", "K:", "Esc"):
        assert key in listed, key
    app.do("keys")
    assert app.frame().sheet == ()  # ? again closes it
    app.do("keys")
    app.do("pause")  # any other key closes it too
    assert app.frame().sheet == ()
    app.do("pause")
    app.do("classroom")
    app.do("keys")
    assert app.room.keys and app.frame().sheet == ()


def test_the_odds_overlay_leaves_a_flag_in_sight():
    app = App.new(BOARDS["beginner"], seed=1)
    app.do("reveal", (4, 4))
    hidden = [c for c in app.game.cells() if c not in app.game.revealed]
    app.do("flag", hidden[0])
    app.do("overlay")
    row = dict(zip(app.game.cells(), app.frame().odds, strict=True))
    assert row[hidden[0]] == "" and row[hidden[1]].endswith("%")


# -- the small things of issue 33 ------------------------------------------------------


def test_a_click_during_auto_play_stops_it_and_is_not_played():
    ctrl = App.new(BOARDS["beginner"], seed=3)
    painter = start(ctrl)
    ctrl.do("ai")
    press(pygame.K_g)
    pump(ctrl, painter)
    assert ctrl.session.autoplay
    revealed = dict(ctrl.game.revealed)
    hidden = next(c for c in ctrl.game.cells() if c not in revealed and c not in ctrl.game.mines)
    click_cell(ctrl, hidden)
    pump(ctrl, painter)
    assert not ctrl.session.autoplay and hidden not in ctrl.game.revealed
    assert "Auto-play stopped: your move was not played" in ctrl.message
    assert ctrl.game.revealed == revealed  # the click came first: no move at all
    click_cell(ctrl, hidden)  # auto-play off: the click plays, as the player's
    pump(ctrl, painter)
    assert hidden in ctrl.game.revealed and ctrl.message.startswith("You: ")


@pytest.mark.parametrize(
    "argv, named",
    [
        (["--size", "10x10"], "--size goes"),
        (["--ai-moves", "0"], "--ai-moves goes"),
        (["--step", "1", "--question"], "--step and --question go"),
        (["--arrangement", "2"], "--arrangement goes"),
    ],
)
def test_an_option_only_a_handout_uses_without_export_is_one_line_and_exit_2(
    argv, named, capsys, private_data_folder
):
    assert runner.main(["--board", "beginner", *argv]) == 2
    (error,) = capsys.readouterr().err.splitlines()
    assert error.startswith(f"runner.py: error: {named} with --export (a picture, no window)")
    assert not private_data_folder.exists() or not any(private_data_folder.iterdir())


def test_answer_takes_step_and_question_without_export_but_not_the_picture_options():
    # --answer (a verdict printed, no picture) reads --step and --question; once the option
    # exists its value is the only thing the rule looks at.
    args = runner.build_parser().parse_args(["--step", "3", "--question", "--size", "800x600"])
    assert "--step" in runner.handout_misuse(args)
    args.answer = "B2:safe"
    assert runner.handout_misuse(args).startswith("--size goes with --export")
    args.size = None
    assert runner.handout_misuse(args) == ""
