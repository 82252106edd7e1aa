"""Issue 24 in the window: no-guess boards, honest records, saves that keep the secret, and
the rough edges (each asserted on the session's state and words, not on pixels)."""

import json
import random
import subprocess
import sys
import time

import pytest

import runner
import sweeper.game
from screen import ready
from screen.paint import paint as real_paint
from store.records import Statistics
from store.settings import Settings
from sweeper import BOARDS
from sweeper.noguess import solved_without_guessing
from sweeper.scores import three_bv, three_bv_cleared
from tests.test_runner import FakeClock, click_cell, start
from window.app import App
from words.window import DEALING, SEARCHING


def test_the_no_guess_rule_is_in_the_title_and_deals_a_board_logic_clears():
    app = App.new(BOARDS["beginner"], seed=3, first_click="no-guess")
    assert "no guess needed" in app.frame().title
    app.do("reveal", (4, 4))
    game = app.game
    assert game.placed and game.revealed
    assert solved_without_guessing(9, 9, game.mines, (4, 4))


def test_k_cycles_through_every_first_click_rule_including_no_guess():
    app = App.new(BOARDS["beginner"], seed=3)
    seen = []
    for _ in range(4):
        app.do("first-click")
        seen.append(app.session.first_click)
    assert seen == ["opening", "none", "no-guess", "safe"]
    app.do("first-click")
    app.do("first-click")
    app.do("first-click")
    assert "no guess needed" in app.message and Settings().first_click == "no-guess"
    app.do("new")
    assert app.game.first_click == "no-guess"


def test_a_board_too_dense_for_no_guess_is_said_not_dealt():
    app = App.new(BOARDS["beginner"], seed=3, first_click="no-guess")
    app.game.no_guess_seconds = 0  # as if the board were too dense to find one in time
    app.do("reveal", (4, 4))
    assert "No no-guess 9x9 board with 10 mines" in app.message
    assert "Nothing was revealed" in app.message
    assert not app.game.placed and not app.game.revealed


def test_the_window_says_it_is_dealing_before_a_no_guess_deal_starts(pygame_display, monkeypatch):
    # The deal may take seconds: the window draws "Dealing ..." first, then deals.
    app = App.new(BOARDS["beginner"], seed=3, first_click="no-guess")
    window = start(app)
    drawn = []

    def paint(surface, frame, layout, painter):
        drawn.append((frame.message, app.game.placed))
        real_paint(surface, frame, layout, painter)

    monkeypatch.setattr("screen.loop.paint", paint)
    assert app.busy("reveal") == DEALING and app.busy("flag") == ""
    click_cell(app, (4, 4))
    window.run(max_iterations=1)
    assert (DEALING, False) in drawn  # drawn before the board was dealt
    assert app.game.placed and app.busy("reveal") == ""
    assert drawn[-1][0] != DEALING  # after the deal the click's own words


def test_the_ai_s_first_move_on_a_small_board_says_it_searches_every_board():
    # 4x4 with 5 mines: best play's first click is searched (about 1.6 s), so the
    # window says so first; on beginner there is no such search, nothing to say.
    app = App.new(runner.board_argument("4x4x5"), seed=2)
    assert app.busy("ai") == SEARCHING and app.busy("reveal") == ""
    app.do("ai")
    assert app.game.revealed and app.busy("ai") == ""
    assert App.new(BOARDS["beginner"], seed=2).busy("ai") == ""


# -- honest records -----------------------------------------------------------------------

SMALL = "6x6x4"


def small_app(seed=2, **options):
    return App.new(runner.board_argument(SMALL), seed=seed, **options)


def win(app, first=(0, 0)):
    """Play the game to a win by clicking every safe cell (the first click places the mines)."""
    app.do("reveal", first)
    for cell in list(app.game.cells()):
        if not app.game.is_over() and cell not in app.game.mines:
            app.do("reveal", cell)
    assert app.game.won()


def lose(app, first=(0, 0)):
    app.do("reveal", first)
    app.do("reveal", min(app.game.mines))
    assert app.game.lost()


def record(app):
    return Statistics().boards[app.session.ledger.stats_key()]


def test_a_second_restart_keeps_a_seen_board_assisted():
    # The trial's finding: R after a loss said "a board already seen: this game counts as
    # assisted", but R again, before a move, dealt the same board as the player's own.
    app = small_app()
    lose(app)
    app.do("restart")
    assert "assisted" in app.message and app.session.ledger.helped_at_all
    app.do("restart")
    assert app.session.ledger.helped_at_all
    win(app)
    stats = record(app)
    assert (stats.games, stats.wins, stats.assisted_games) == (1, 0, 1)


def test_a_game_of_ones_own_counts_with_its_3bv_clicks_and_efficiency():
    app = small_app()
    win(app)
    said = app.message
    assert "3BV" in said and "clicks" in said and "3BV/s" in said and "efficiency" in said
    game = app.game
    stats = record(app)
    assert (stats.games, stats.wins, stats.assisted_games) == (1, 1, 0)
    (kept,) = stats.recent
    assert kept.bbbv == three_bv(6, 6, game.mines) and kept.clicks == game.clicks
    assert kept.efficiency == kept.bbbv / game.clicks


def test_a_loss_says_the_3bv_it_cleared_of_the_boards_and_its_clicks():
    app = small_app()
    lose(app)
    game = app.game
    whole = three_bv(6, 6, game.mines)
    cleared = three_bv_cleared(6, 6, game.mines, game.revealed)
    assert 0 < cleared < whole  # the first click cleared something, not everything
    assert "was a mine: the game is lost." in app.message
    assert f"3BV {cleared} of {whole} cleared, 2 clicks." in app.message


def test_undo_takes_back_the_losing_click_and_the_loss_stays_the_games_record():
    clock = FakeClock()
    app = small_app(clock=clock)
    app.do("reveal", (0, 0))
    clock.now += 5
    mine = min(app.game.mines)
    app.do("reveal", mine)
    assert app.game.lost() and "U takes the click back" in app.message
    assert "U undoes" in app.do("reveal", (5, 5)).said  # the game over says so too
    clock.now += 100  # time spent looking at the loss is nobody's
    app.do("undo")
    game = app.game
    assert not game.is_over() and game.exploded is None and mine not in game.revealed
    assert "Undone: " in app.message and "marked as undone" in app.message
    assert "loss stays in the records" in app.message
    assert app.frame().tiles.count("mine") == 0  # the mines are hidden again
    assert mine in app.ai.mines  # the AI knows the mine everyone has seen
    assert app.session.elapsed() == pytest.approx(5)
    stats = record(app)
    assert (stats.games, stats.wins) == (1, 0)  # the loss, counted when it happened
    assert not app.session.ledger.leaving_costs()  # already counted: leaving asks nothing
    for cell in list(game.cells()):
        if cell not in game.mines and not game.is_over():
            app.do("reveal", cell)
    assert game.won() and app.frame().status == "Won after undo"
    assert "after an undo: not counted" in app.message
    stats = record(app)
    assert (stats.games, stats.wins, stats.assisted_games) == (1, 0, 0)  # no second record
    assert stats.best_times == []
    assert "no click did" in app.do("undo").said  # nothing to take back in a won game


def test_replays_odds_think_ai_moves_and_left_games_stay_out_of_the_unassisted_figures(
    monkeypatch,
):
    # N deals from the system's randomness; seeded here, so that no first click at A1 wins
    # a game meant to be lost or left (about 1 in 400 on this board): the test cannot flake.
    dealer = random.Random(24)
    monkeypatch.setattr(sweeper.game.random, "SystemRandom", lambda: dealer)
    app = small_app()
    win(app)
    best = record(app).best_times
    app.do("new")
    lose(app)
    app.do("restart")  # the board just lost, every mine seen
    assert "assisted" in app.message
    win(app)  # a win on a seen board
    app.do("new")
    app.do("overlay")  # the odds
    win(app)
    app.do("new")
    app.do("reveal", (0, 0))
    app.do("think")  # the AI's conclusion
    win(app)
    app.do("new")
    app.do("ai")  # an AI move
    win(app, first=app.session.cursor)
    app.do("new")
    app.do("reveal", (0, 0))
    if not app.game.is_over():
        app.do("new")  # asks
        assert "counts as a loss" in app.message and app.game.revealed
        app.do("new")  # leaves: a loss
    stats = record(app)
    assert stats.wins == 1 and stats.best_times == best  # only the first, honest win
    assert stats.assisted_games == 4 and stats.assisted_wins == 4
    assert stats.games == 3  # the honest win, the loss, and the game left


@pytest.mark.parametrize("command", ["step", "back", "home", "end", "expand"])
def test_a_lesson_key_outside_class_opens_it_and_the_game_counts_as_assisted(command):
    app = small_app()
    app.do("reveal", (0, 0))
    assert not app.session.ledger.helped_at_all
    app.do(command)  # the Step and Back buttons sit in the play panel
    assert app.room.on and app.session.ledger.helped_at_all
    if app.room.asking:  # a question beat takes only the lesson's keys: its answer first
        app.do("step")
    app.do("classroom")  # in class a click on a question is an answer: play outside it
    win(app)
    assert record(app).assisted_games == 1 and record(app).games == 0


def test_the_hint_is_off_by_default_and_h_shows_it_as_help():
    app = small_app()
    assert "safe cell" not in app.frame().summary.replace("safe cells the AI knows", "")
    app.do("hint")
    assert "safe cell" in app.frame().summary and "The AI knows" in app.frame().summary
    assert Settings().known_safe_hint is True
    win(app)
    assert record(app).assisted_games == 1
    app.do("hint")
    assert Settings().known_safe_hint is False


# -- the rough edges ---------------------------------------------------------------------


def test_the_status_box_says_paused_while_the_game_is_paused():
    app = App.new(BOARDS["expert"], seed=2)
    app.do("reveal", (8, 15))
    assert app.frame().status == "Playing"
    app.do("pause")
    assert app.frame().status == "Paused"
    app.do("pause")
    assert app.frame().status == "Playing"


def test_a_chord_names_the_cell_it_opened():
    # B1 shows 1 (the mine in A1); with A1 flagged, a chord on B1 opens B2 alone, which shows 2.
    app = App.from_position("# chord\n*1.\n1..\n01*\n")
    app.do("classroom")
    app.do("flag", (0, 0))
    app.do("reveal", (1, 0))  # on a number: a chord
    assert app.game.revealed[(1, 1)] == 2
    assert "chord on B1: B2 shows 2." in app.message
    assert "B1 shows" not in app.message


def test_auto_play_says_g_stops_it():
    app = small_app()
    app.do("auto")
    assert "press G to stop" in app.message


def test_the_last_board_and_rule_are_remembered_for_the_next_start():
    app = small_app()
    app.do("new", "expert")
    app.do("first-click")
    assert Settings().board == "expert" and Settings().first_click == "opening"
    again = runner.app_from_args([])
    assert again.session.board == BOARDS["expert"]
    assert again.game.first_click == "opening"
    app.do("type", "x")  # nothing: no custom line open
    app.session.board = runner.board_argument("10x12x20")
    app.session.new_game()
    assert runner.app_from_args([]).session.board.spec == "10x12x20"


def test_a_data_folder_that_is_a_file_is_blamed_on_the_variable(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("MINESWEEPER_DATA_DIR", str(blocker))
    with pytest.raises(SystemExit):
        runner.app_from_args(["--board", "beginner"])
    (error,) = capsys.readouterr().err.strip().splitlines()  # one line, no usage block
    assert error.startswith("runner.py: error: MINESWEEPER_DATA_DIR:")
    assert "--save-dir" not in error
    with pytest.raises(SystemExit):
        runner.app_from_args(["--board", "beginner", "--save-dir", str(blocker)])
    assert "argument --save-dir" in capsys.readouterr().err


def test_without_pygame_the_window_points_at_the_set_up_command(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "pygame", None)
    assert runner.main(["--board", "beginner"]) == 2
    error = capsys.readouterr().err.strip()
    assert len(error.splitlines()) == 1
    assert "pygame is not installed" in error and "pip install -q -r requirements.txt" in error
    # The command works from any folder: it starts in the project's own.
    assert error.split("'Set-up'): ")[1].startswith(f"cd {ready.PROJECT} && python3 -m venv")


@pytest.mark.parametrize("board", ["beginner", "expert"])
def test_a_handout_touches_neither_records_nor_settings(board, private_data_folder, tmp_path):
    Statistics().record("Expert 16x30, 99 mines, first click safe", True, 90.0, assisted=True)
    before = (private_data_folder / "statistics.json").read_text()
    out = tmp_path / "x.png"
    argv = ["--board", board, "--seed", "3", "--ai-moves", "400", "--step", "last"]
    assert runner.main([*argv, "--size", "1280x720", "--export", str(out)]) == 0
    assert out.exists()
    assert (private_data_folder / "statistics.json").read_text() == before
    assert not (private_data_folder / "settings.json").exists()


def test_a_handout_on_a_fresh_machine_makes_no_data_folder(private_data_folder, tmp_path, capsys):
    out = tmp_path / "x.png"
    subset = str(ready.PROJECT / "assets" / "positions" / "03-subset.txt")
    argv = ["--position", subset, "--step", "1", "--size", "1280x720"]
    assert runner.main([*argv, "--export", str(out)]) == 0 and out.exists()
    assert not private_data_folder.exists() or not any(private_data_folder.iterdir())
    # A picture goes to a .png name only; the refusal reads as the parser's own do.
    assert runner.main([*argv, "--export", str(tmp_path / "x.txt")]) == 2
    assert capsys.readouterr().err == (
        "runner.py: error: --export: x.txt is not a .png file name (see --help)\n"
    )
    assert not (tmp_path / "x.txt").exists()


# -- saves that keep the secret and play on -------------------------------------------------


def test_s_saves_the_hidden_form_and_the_save_plays_on_where_it_stopped(tmp_path):
    clock = FakeClock()
    app = App.new(BOARDS["beginner"], seed=6, save_dir=tmp_path, clock=clock)
    app.do("reveal", (4, 4))
    wrong = next(c for c in app.game.cells() if c not in app.game.mines | app.game.revealed.keys())
    app.do("flag", wrong)
    clock.now += 42.35
    path = app.do("save").path
    assert path is not None and str(path) in app.message
    board = [line for line in path.read_text().splitlines() if not line.startswith("#")]
    assert not any("*" in line or "f" in line for line in board)  # no mine, no wrong flag
    again = runner.app_from_args(["--position", str(path)])
    session = again.session
    assert not again.room.on and session.ledger.counts()  # play mode, counted
    assert session.board == BOARDS["beginner"] and "Beginner" in session.ledger.stats_key()
    assert session.elapsed() == pytest.approx(42.35) and "42.3" in again.message
    assert again.game.flags == {wrong} and again.game.revealed == app.game.revealed
    assert again.game.clicks == app.game.clicks and again.game.first_click == "safe"
    again.do("flag", wrong)
    for cell in list(again.game.cells()):
        if cell not in again.game.mines and not again.game.is_over():
            again.do("reveal", cell)
    assert again.game.won()
    stats = Statistics().boards[session.ledger.stats_key()]
    assert (stats.games, stats.wins, stats.assisted_games) == (1, 1, 0)
    assert stats.best_times[0][0] >= 42.3  # the clock went on from where it stopped


def finish(app, won=True):
    """Play a (resumed) game to its end: every safe cell to win, else a mine."""
    game = app.game
    for cell in list(game.flags):
        app.do("flag", cell)
    if not won:
        app.do("reveal", min(game.mines))
    for cell in list(game.cells()):
        if cell not in game.mines and not game.is_over():
            app.do("reveal", cell)
    assert game.won() == won and game.is_over()


def saved_midgame(tmp_path):
    app = App.new(BOARDS["beginner"], seed=6, save_dir=tmp_path)
    app.do("reveal", (4, 4))
    return app, app.do("save").path


def test_a_saved_game_finished_and_then_replayed_from_its_save_counts_once(tmp_path):
    app, path = saved_midgame(tmp_path)
    finish(app)  # the game itself, in the window that saved it: counted
    again = runner.app_from_args(["--position", str(path)])
    assert again.session.ledger.assisted and "in the records already" in again.message
    finish(again)  # the same board again, its mines seen: assisted
    stats = record(app)
    assert (stats.games, stats.wins, stats.assisted_games) == (1, 1, 1)
    assert len(stats.best_times) == 1


def test_a_saved_game_left_as_a_loss_and_then_replayed_counts_once(tmp_path):
    app, path = saved_midgame(tmp_path)
    hidden = next(c for c in app.game.cells() if c not in app.game.revealed)
    app.do("flag", hidden)  # a move after the save: the save no longer holds the game
    app.do("quit")
    assert app.do("quit").close  # left: a loss
    again = runner.app_from_args(["--position", str(path)])
    finish(again, won=False)
    stats = record(app)
    assert (stats.games, stats.wins, stats.assisted_games) == (1, 0, 1)


@pytest.mark.parametrize("leave", ["quit", "close", "new"])
def test_leaving_a_game_just_saved_keeps_it_for_its_save_not_a_loss(tmp_path, leave):
    app, path = saved_midgame(tmp_path)
    if leave == "quit":
        assert "waits in its save" in app.do("quit").said
        assert app.do("quit").close
    elif leave == "close":
        assert app.do("close").close
    else:
        assert "waits in its save" in app.do("new").said  # no question: nothing is lost
    assert not (Statistics().boards or {})  # not a loss: the save holds the game
    again = runner.app_from_args(["--position", str(path)])
    assert not again.session.ledger.assisted and "records already" not in again.message
    assert "waits in its save" in again.do("new").said  # reopened, unmoved: still its save's
    again = runner.app_from_args(["--position", str(path)])
    finish(again)  # finished from the save, without help: the game of one's own
    stats = record(again)
    assert (stats.games, stats.wins, stats.assisted_games) == (1, 1, 0)


def test_an_uncounted_save_counts_once_when_finished_and_no_more_after(tmp_path):
    app, path = saved_midgame(tmp_path)  # and the window is gone without counting it
    assert "#= counted no" in path.read_text()
    first = runner.app_from_args(["--position", str(path)])
    assert not first.session.ledger.assisted
    finish(first)
    second = runner.app_from_args(["--position", str(path)])
    finish(second)
    stats = record(app)
    assert (stats.games, stats.wins, stats.assisted_games) == (1, 1, 1)
    assert "The game is over" in first.do("save").said  # a finished game is not saved
    third = runner.app_from_args(["--position", str(path)])  # the same save, once more
    resaved = third.do("save").path  # saved again: it says the game was counted
    assert "#= counted yes" in resaved.read_text()


def test_a_save_of_a_helped_game_stays_assisted(tmp_path):
    app = App.new(BOARDS["beginner"], seed=6, save_dir=tmp_path)
    app.do("reveal", (4, 4))
    app.do("overlay")
    path = app.do("save").path
    again = runner.app_from_args(["--position", str(path)])
    assert again.session.ledger.assisted and "assisted" in again.message


def test_a_teachers_position_saved_stays_a_position_in_class_mode(tmp_path):
    app = App.from_position("# corner\n01*.\n02..\n01**\n", save_dir=tmp_path)
    path = app.do("save").path
    assert "*" not in "".join(line for line in path.read_text().splitlines() if line[:1] != "#")
    again = runner.app_from_args(["--position", str(path)])
    assert again.room.on and not again.session.ledger.counts()
    assert again.game.mines == app.game.mines


# -- damage on screen at start-up, the records overview and its reset ----------------------


def test_damage_is_on_screen_at_start_up_with_the_full_file_names(private_data_folder):
    (private_data_folder / "statistics.json").write_text("{ broken")
    (private_data_folder / "settings.json").write_text('{"first_click": 7}')
    app = App.new(BOARDS["beginner"], seed=3)
    (aside,) = private_data_folder.glob("statistics.json.unreadable-*")
    sheet = " ".join(app.frame().sheet)
    assert str(aside) in sheet  # the whole name, not cut
    assert str(private_data_folder / "settings.json") in sheet and "first_click" in sheet
    assert "damaged" in app.message
    app.do("reveal", (4, 4))  # a click on the sheet closes it, and plays nothing
    assert app.frame().sheet == () and not app.game.revealed
    app.do("reveal", (4, 4))
    assert app.game.revealed


def test_i_over_the_damage_sheet_shows_the_records_in_its_place(private_data_folder):
    (private_data_folder / "statistics.json").write_text("{ broken")
    app = App.new(BOARDS["beginner"], seed=3)
    assert app.frame().records is None and app.frame().sheet
    app.do("stats")
    frame = app.frame()
    assert frame.records is not None and frame.sheet == () and "Records" in app.message
    (aside,) = private_data_folder.glob("statistics.json.unreadable-*")
    assert any(str(aside) in note for note in frame.records.notes)  # the damage, said again
    app.do("stats")
    assert app.frame().records is None


BEGINNER = "Beginner 9x9, 10 mines"


def test_the_records_view_has_a_row_per_board_and_delete_resets_after_asking():
    app = small_app()
    win(app)
    app.do("new", "beginner")
    app.do("overlay")
    lose(app)
    app.do("stats")
    view = app.frame().records
    assert view.columns[:4] == ("Board", "Games", "Won", "%")
    rows = dict(zip(view.boards, view.rows, strict=True))
    custom, beginner = (rows[f"{b}, first click safe"] for b in ("Custom 6x6, 4 mines", BEGINNER))
    assert len(rows) == 2 and custom[1:4] == ("1", "1", "100%")
    assert beginner[1:4] == ("0", "0", "-") and beginner[-1] == "1 (0)"  # assisted, apart
    assert view.board == f"{BEGINNER}, first click safe"  # the board played, in view
    assert [g.result for g in view.recent] == ["lost, assisted"]
    app.do("records-board", 1)  # the other board, in full: its best time and its win
    view = app.frame().records
    assert view.board.startswith("Custom 6x6") and len(view.best_times) == 1
    assert [g.result for g in view.recent] == ["won"] and view.plot[0].won
    app.do("reset-records")
    assert "Delete again" in app.message and Statistics().boards  # asked, nothing lost yet
    app.do("reset-records")
    assert Statistics().boards == {} and "reset" in app.message
    assert app.frame().records.rows == ()
    app.do("stats")
    assert app.frame().records is None


@pytest.mark.parametrize("board", ["gigantic", "9x9x900", 12])
def test_a_bad_board_in_the_settings_is_reported_at_start_up(board, private_data_folder):
    (private_data_folder / "settings.json").write_text(json.dumps({"board": board}))
    app = runner.app_from_args([])
    assert app.session.board == BOARDS["cs50"]  # the default, and said so
    sheet = " ".join(app.frame().sheet)
    assert "board" in sheet and repr(board) in sheet and "settings.json" in sheet


@pytest.mark.parametrize(
    "args", [[], ["--board", "beginner"], ["--position", "assets/positions/03-subset.txt"]]
)
def test_an_unreadable_settings_file_is_on_the_start_up_sheet(args, private_data_folder):
    (private_data_folder / "settings.json").write_text("not JSON")
    (private_data_folder / "statistics.json").write_text("{ broken")
    app = runner.app_from_args(args)
    (settings,) = private_data_folder.glob("settings.json.unreadable-*")
    (records,) = private_data_folder.glob("statistics.json.unreadable-*")
    sheet = " ".join(app.frame().sheet)
    assert str(settings) in sheet and str(records) in sheet  # both, with their full names


def test_a_saved_game_reopened_reports_an_unreadable_settings_file(tmp_path, private_data_folder):
    app = App.new(BOARDS["beginner"], seed=6, save_dir=tmp_path)
    app.do("reveal", (4, 4))
    path = app.do("save").path
    (private_data_folder / "settings.json").write_text("not JSON")
    again = runner.app_from_args(["--position", str(path)])
    (settings,) = private_data_folder.glob("settings.json.unreadable-*")
    assert str(settings) in " ".join(again.frame().sheet)


def test_a_board_given_on_the_command_line_is_remembered_once_played():
    app = runner.app_from_args(["--board", "intermediate", "--seed", "4"])
    assert Settings().board is None  # nothing played yet
    app.do("reveal", (8, 8))
    app.do("reveal", min(app.game.mines))  # a loss, counted
    assert Settings().board == "intermediate"
    assert runner.app_from_args([]).session.board == BOARDS["intermediate"]


WINDOW = """
import sys, time
from pathlib import Path
sys.path.insert(0, {root!r})
import runner
from window.app import App
go = Path(sys.argv[1]) / "go"
while not go.exists():
    time.sleep(0.001)
for seed in range(int(sys.argv[2])):
    app = App.new(runner.board_argument("5x5x3"), seed=seed)
    app.do("reveal", (0, 0))
    for cell in list(app.game.cells()):
        if cell not in app.game.mines and not app.game.is_over():
            app.do("reveal", cell)
"""


def test_two_windows_finishing_games_on_one_folder_keep_every_game(private_data_folder, tmp_path):
    script = tmp_path / "window.py"
    script.write_text(WINDOW.format(root=str(runner.__file__.rsplit("/", 1)[0])))
    games = 15
    windows = [
        subprocess.Popen([sys.executable, str(script), str(tmp_path), str(games)]) for _ in range(2)
    ]
    time.sleep(0.3)
    (tmp_path / "go").touch()
    assert [w.wait(timeout=300) for w in windows] == [0, 0]
    (stats,) = Statistics().boards.values()
    assert stats.games + stats.assisted_games == 2 * games and stats.wins == 2 * games


def test_a_teachers_position_won_says_no_3bv_or_efficiency():
    # Its open cells were nobody's clicks: 3BV over clicks would read "efficiency 200%".
    path = ready.PROJECT / "assets" / "positions" / "01-single-neighbour.txt"
    app = App.from_position(path.read_text(encoding="utf-8"), name=path.name)
    while not app.game.is_over():
        app.do("ai")
    assert app.game.won() and "3BV" not in app.message and "efficiency" not in app.message
    played = small_app()
    win(played)  # a game of one's own says them
    assert "3BV" in played.message and "efficiency" in played.message
