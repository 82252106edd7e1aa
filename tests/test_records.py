"""Records and settings the player can trust: merged under a lock, damage costs only itself."""

import json
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

import store.files as files_module
from store.places import data_dir_source, saves_problem
from store.records import RECENT_GAMES, Statistics
from store.settings import Settings
from words.records import (
    folder_words,
    note_words,
    overview_line,
    record_lines,
    start_up_messages,
)

ROOT = Path(__file__).resolve().parent.parent
BOARD = "Beginner 9x9, 10 mines, first click safe"

WRITER = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    sys.path.insert(0, {root!r})
    from store.records import Statistics
    folder, name, games = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    go = folder / "go"
    while not go.exists():
        time.sleep(0.001)
    stats = Statistics(folder / "statistics.json")
    for k in range(games):
        stats.record(name if k % 2 else "Both", k % 3 == 0, 10.0 + k, bbbv=20, clicks=25)
    """
)


def test_two_processes_recording_into_one_folder_lose_no_game(tmp_path):
    script = tmp_path / "writer.py"
    script.write_text(WRITER.format(root=str(ROOT)))
    games = 80
    writers = [
        subprocess.Popen([sys.executable, str(script), str(tmp_path), name, str(games)])
        for name in ("First", "Second")
    ]
    time.sleep(0.3)  # both are waiting: start them together
    (tmp_path / "go").touch()
    assert [w.wait(timeout=120) for w in writers] == [0, 0]
    stats = Statistics(tmp_path / "statistics.json")
    assert stats.note is None
    assert stats.boards["First"].games == games // 2
    assert stats.boards["Second"].games == games // 2
    assert stats.boards["Both"].games == games  # the board both windows played: every game
    assert stats.boards["Both"].wins == 2 * len([k for k in range(0, games, 2) if k % 3 == 0])
    assert not list(tmp_path.glob(".statistics.json.*.tmp"))  # no temporary file left


def test_a_game_is_merged_into_what_another_window_wrote_since(private_data_folder):
    first, second = Statistics(), Statistics()
    first.record(BOARD, True, 12.0)
    second.record(BOARD, True, 11.0)  # second read the file before first's game
    assert Statistics().boards[BOARD].games == 2
    assert [t for t, _ in Statistics().boards[BOARD].best_times] == [11.0, 12.0]


def test_records_work_without_fcntl(private_data_folder, monkeypatch):
    monkeypatch.setattr(files_module, "fcntl", None)
    Statistics().record(BOARD, True, 5.0)
    Statistics().record(BOARD, False, 5.0)
    assert Statistics().boards[BOARD].games == 2


def test_each_game_keeps_its_3bv_clicks_speed_and_efficiency(private_data_folder):
    Statistics().record(BOARD, True, 10.04, bbbv=30, clicks=40)
    Statistics().record(BOARD, False, 3.0, bbbv=25, clicks=7)
    stored = json.loads((private_data_folder / "statistics.json").read_text())
    won, lost = stored["boards"][BOARD]["recent"]
    assert (won["bbbv"], won["clicks"], won["seconds"]) == (30, 40, 10.0)
    assert won["bbbv_per_second"] == 3.0 and won["efficiency"] == 0.75
    assert lost["bbbv"] == 25 and lost["efficiency"] is None  # a lost game has no efficiency
    lines = " ".join(record_lines(Statistics(), BOARD))
    assert "3BV/s 3.00" in lines and "efficiency 75%" in lines


def test_only_the_recent_games_are_kept_in_full(private_data_folder):
    stats = Statistics()
    for _ in range(RECENT_GAMES + 5):
        stats.record(BOARD, False, 1.0)
    assert Statistics().boards[BOARD].games == RECENT_GAMES + 5
    assert len(Statistics().boards[BOARD].recent) == RECENT_GAMES


def test_assisted_games_count_apart_and_never_in_the_best_times(private_data_folder):
    stats = Statistics()
    stats.record(BOARD, True, 30.0, bbbv=10, clicks=10)
    stats.record(BOARD, True, 2.0, bbbv=10, clicks=5, assisted=True)  # faster, but helped
    stats.record(BOARD, False, 1.0, assisted=True)
    record = Statistics().boards[BOARD]
    assert (record.games, record.wins, record.streak) == (1, 1, 1)
    assert (record.assisted_games, record.assisted_wins) == (1 + 1, 1)
    assert [t for t, _ in record.best_times] == [30.0]
    assert record.best("bbbv_per_second") == pytest.approx(10 / 30)
    assert record.best("efficiency") == 1.0
    lines = " ".join(record_lines(Statistics(), BOARD))
    assert "Assisted" in lines and "2 games, 1 won" in lines


def test_a_damaged_file_is_renamed_aside_and_named_in_full(private_data_folder):
    path = private_data_folder / "statistics.json"
    path.write_text("{ not json")
    stats = Statistics()
    (aside,) = private_data_folder.glob("statistics.json.unreadable-*")
    assert aside.read_text() == "{ not json"
    assert str(aside) in note_words(stats.note) and str(path) in note_words(stats.note)
    assert start_up_messages(stats, Settings()) == [note_words(stats.note)]
    stats.record(BOARD, True, 1.0)
    assert Statistics().boards[BOARD].wins == 1


def test_a_file_that_is_not_text_is_said_so_in_words(private_data_folder):
    path = private_data_folder / "statistics.json"
    path.write_bytes(b"\xff\xfe{ }")
    stats = Statistics()
    assert "could not be read (not text: not UTF-8)" in note_words(stats.note)
    assert "Error" not in note_words(stats.note)  # no Python exception's name


def test_one_bad_entry_costs_only_that_entry(private_data_folder):
    path = private_data_folder / "statistics.json"
    good = {"games": 3, "wins": 2, "streak": 1, "best_streak": 2, "best_times": [[9.5, "d"]]}
    bad = {"games": 1, "wins": 5, "streak": 0, "best_streak": 0}  # more wins than games
    text = json.dumps({"boards": {"Good": good, "Broken": bad, "Odd": "x"}})
    path.write_text(text)
    stats = Statistics()
    assert stats.boards["Good"].wins == 2 and stats.boards["Good"].best_times == [(9.5, "d")]
    assert "Broken" not in stats.boards and "Odd" not in stats.boards
    assert "'Broken'" in note_words(stats.note) and "'Odd'" in note_words(stats.note)
    (copy,) = private_data_folder.glob("statistics.json.damaged-*")
    assert copy.read_text() == text and str(copy) in note_words(stats.note)
    again = Statistics()  # the file was rewritten without them: said once
    assert again.note is None and sorted(again.boards) == ["Good"]


def test_one_bad_game_costs_only_that_game(private_data_folder):
    Statistics().record(BOARD, True, 4.0, bbbv=8, clicks=9)
    Statistics().record(BOARD, True, 5.0, bbbv=8, clicks=9)
    path = private_data_folder / "statistics.json"
    data = json.loads(path.read_text())
    data["boards"][BOARD]["recent"][0]["clicks"] = "many"
    path.write_text(json.dumps(data))
    stats = Statistics()
    assert stats.boards[BOARD].wins == 2 and len(stats.boards[BOARD].recent) == 1
    assert "1 bad game" in note_words(stats.note)


def test_the_previous_file_format_still_reads(private_data_folder):
    old = {"games": 2, "wins": 1, "streak": 0, "best_streak": 1, "best_times": [[7.0, "d"]]}
    (private_data_folder / "statistics.json").write_text(json.dumps({"boards": {BOARD: old}}))
    stats = Statistics()
    assert stats.note is None and stats.boards[BOARD].games == 2
    stats.record(BOARD, True, 6.0)
    assert [t for t, _ in Statistics().boards[BOARD].best_times] == [6.0, 7.0]


def test_the_overview_lists_every_board_and_a_reset_forgets(private_data_folder):
    stats = Statistics()
    stats.record("Expert", True, 99.0, bbbv=150, clicks=200)
    stats.record("Beginner", False, 3.0)
    stats.record("Beginner", True, 1.0, assisted=True)
    other = Statistics()
    other.record("Intermediate", True, 40.0)  # another window's game shows too
    rows = {row.board: row for row in stats.overview()}
    assert sorted(rows) == ["Beginner", "Expert", "Intermediate"]
    assert (rows["Expert"].wins, rows["Expert"].best_time) == (1, 99.0)
    assert rows["Expert"].best_efficiency == 0.75
    beginner = overview_line(rows["Beginner"])
    assert "assisted" in beginner and "0/1 won" in beginner
    done = note_words(stats.reset("Expert"))
    assert "Expert" in done and "before-reset" in done
    assert sorted(r.board for r in stats.overview()) == ["Beginner", "Intermediate"]
    stats.reset()
    assert stats.overview() == [] and Statistics().boards == {}
    kept = json.loads((private_data_folder / "statistics.json.before-reset").read_text())
    assert sorted(kept["boards"]) == ["Beginner", "Intermediate"]


def test_settings_remember_the_board_the_rule_and_the_hint(private_data_folder):
    settings = Settings()
    assert settings.known_safe_hint is False and settings.board is None  # off by default
    settings.first_click, settings.board, settings.known_safe_hint = "no-guess", "expert", True
    assert settings.save() is None
    again = Settings()
    assert (again.first_click, again.board, again.known_safe_hint) == ("no-guess", "expert", True)
    assert again.note is None


def test_a_damaged_settings_file_is_reported_not_silently_reset(private_data_folder):
    path = private_data_folder / "settings.json"
    path.write_text('{"first_click": "sometimes", "question_marks": false, "board": "expert"}')
    settings = Settings()
    assert (settings.question_marks, settings.board) == (False, "expert")  # the rest is kept
    assert settings.first_click == "safe"
    assert str(path) in note_words(settings.note) and "first_click" in note_words(settings.note)
    assert "sometimes" in note_words(settings.note)
    settings.question_marks = True  # a setting changes: the file is put right
    settings.save()
    again = Settings()
    assert again.note is None and (again.first_click, again.board) == ("safe", "expert")
    path.write_text("[1, 2")
    settings = Settings()
    (aside,) = private_data_folder.glob("settings.json.unreadable-*")
    assert str(aside) in note_words(settings.note) and aside.read_text() == "[1, 2"
    assert start_up_messages(Statistics(), settings) == [note_words(settings.note)]


def test_a_data_folder_that_is_a_file_blames_the_variable(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setenv("MINESWEEPER_DATA_DIR", str(blocker))
    assert data_dir_source() == "MINESWEEPER_DATA_DIR"
    problem = saves_problem(None)
    assert problem is not None
    words = folder_words(problem)
    assert words.startswith("MINESWEEPER_DATA_DIR:") and "--save-dir" not in words
    assert str(blocker) in words
    problem = saves_problem(blocker)
    assert problem is not None and folder_words(problem).startswith("argument --save-dir:")
    assert saves_problem(tmp_path) is None
    stats = Statistics()
    stats.record(BOARD, True, 1.0)  # not a crash: a message
    assert "MINESWEEPER_DATA_DIR" in note_words(stats.note)
    monkeypatch.delenv("MINESWEEPER_DATA_DIR")
    assert data_dir_source() == "the default data folder"


# -- every started game on the record at once (issue 33) ---------------------------------


def test_the_first_click_puts_the_game_on_the_record_and_remembers_the_board(tmp_path):
    import runner
    from window.app import App

    app = App.new(runner.board_argument("6x6x4"), seed=2, save_dir=tmp_path)
    assert Statistics().started == {} and Settings().board is None
    app.do("flag", (5, 5))  # a flag before the first reveal starts nothing
    assert Statistics().started == {}
    app.do("reveal", (0, 0))
    (line,) = Statistics().started.values()
    assert line["board"] == "Custom 6x6, 4 mines, first click safe"
    assert (line["assisted"], line["clicks"]) == (False, 2) and line["bbbv"] > 0
    assert Settings().board == "6x6x4"  # the board last played, at its first click
    app.do("overlay")  # help seen: the line says so at once
    (line,) = Statistics().started.values()
    assert line["assisted"] is True
    app.do("save")  # the save holds the game: off the record, uncounted
    assert Statistics().started == {} and Statistics().boards == {}
    hidden = next(c for c in app.game.cells() if c not in app.game.revealed)
    app.do("flag", hidden)  # moved on from its save: on the record again
    assert len(Statistics().started) == 1
    app.do("reveal", min(app.game.mines))  # finished: off the list, counted once
    stats = Statistics()
    assert stats.started == {} and stats.boards[line["board"]].assisted_games == 1


def test_a_start_counts_a_game_whose_window_is_gone_and_leaves_a_living_ones(tmp_path):
    import runner
    from window.app import App
    from window.ledger import count_left

    living = App.new(runner.board_argument("6x6x4"), seed=2, save_dir=tmp_path)
    living.do("reveal", (0, 0))
    gone = App.new(runner.board_argument("5x5x3"), seed=2, save_dir=tmp_path)
    gone.do("reveal", (0, 0))
    gone.do("hint")  # help: the loss counts apart
    assert len(Statistics().started) == 2
    gone.session.ledger.alive.handle.close()  # as the kernel does when its process dies
    said = count_left(App.new(runner.board_argument("5x5x3")).session)
    assert said.startswith("The game left unfinished") and "Custom 5x5, 3 mines" in said
    stats = Statistics()
    assert len(stats.started) == 1  # the living window's game is still its own
    (record,) = stats.boards.values()
    assert (record.games, record.assisted_games) == (0, 1)
    living.do("new")
    living.do("new")  # left: a loss, counted by its own window
    stats = Statistics()
    assert stats.started == {} and stats.boards["Custom 6x6, 4 mines, first click safe"].games == 1


def test_without_fcntl_a_start_counts_every_started_game_and_none_twice(tmp_path, monkeypatch):
    import runner
    from window.app import App
    from window.ledger import count_left

    monkeypatch.setattr(files_module, "fcntl", None)  # Windows: no window can tell another lives
    app = App.new(runner.board_argument("6x6x4"), seed=2, save_dir=tmp_path)
    app.do("reveal", (0, 0))
    assert "counts as a loss" in count_left(App.new(runner.board_argument("6x6x4")).session)
    for cell in list(app.game.cells()):
        if cell not in app.game.mines and not app.game.is_over():
            app.do("reveal", cell)
    assert app.game.won() and "not counted: it was counted as a loss already" in app.message
    (record,) = Statistics().boards.values()
    assert (record.games, record.wins) == (1, 0)  # the one game, once


def test_a_handout_counts_no_left_game(tmp_path, private_data_folder):
    import runner
    from window.app import App

    app = App.new(runner.board_argument("6x6x4"), seed=2, save_dir=tmp_path)
    app.do("reveal", (0, 0))
    app.session.ledger.alive.handle.close()
    before = (private_data_folder / "statistics.json").read_bytes()
    out = tmp_path / "x.png"
    assert runner.main(["--board", "beginner", "--export", str(out), "--size", "800x600"]) == 0
    assert (private_data_folder / "statistics.json").read_bytes() == before


# -- a file from a newer version is never rewritten (issue 33) ------------------------------


NEWER = {
    "version": 99,
    "boards": {BOARD: {"games": 3, "wins": 1, "streak": 0, "best_streak": 1, "shape": "new"}},
    "history": [1, 2, 3],
}


def test_a_records_file_of_a_newer_version_is_left_as_it_is(private_data_folder):
    import runner

    path = private_data_folder / "statistics.json"
    path.write_text(json.dumps(NEWER))
    before = path.read_bytes()
    app = runner.app_from_args(["--board", "beginner", "--seed", "4"])
    assert "newer version" in app.message and "version 99" in " ".join(app.frame().sheet)
    assert "no game is counted in it" in " ".join(app.frame().sheet)
    app.do("stats-line")  # any key only closes the sheet
    assert not app.frame().sheet
    app.do("stats-line")  # the records still show
    assert "3 games, 1 won" in app.message
    app.do("reveal", (4, 4))
    app.do("reveal", min(app.game.mines))
    assert "not counted: " in app.message and "newer version" in app.message
    app.do("new")  # the game is over: nothing to leave
    app.do("reveal", (4, 4))
    app.do("new")  # asks
    app.do("new")
    assert "The game left is not counted" in app.message
    app.do("stats")
    assert "Delete again" in app.do("reset-records").said
    assert "newer version" in app.do("reset-records").said  # nothing reset
    assert path.read_bytes() == before  # not one byte changed, and nothing set aside
    assert sorted(p.name for p in private_data_folder.iterdir() if "statistics" in p.name) == [
        "statistics.json", "statistics.json.lock"]


def test_keys_this_version_does_not_know_survive_a_rewrite(private_data_folder):
    path = private_data_folder / "statistics.json"
    data = json.loads(json.dumps(NEWER))
    data["version"] = 2
    data["boards"][BOARD]["recent"] = [{"won": True, "seconds": 9.0, "date": "d", "review": "x"}]
    path.write_text(json.dumps(data))
    Statistics().record(BOARD, False, 3.0)
    after = json.loads(path.read_text())
    assert after["history"] == [1, 2, 3] and after["boards"][BOARD]["shape"] == "new"
    assert after["boards"][BOARD]["recent"][0]["review"] == "x"
    assert after["boards"][BOARD]["games"] == 4


def test_settings_keep_unknown_keys_and_a_newer_settings_file_is_not_written(
    private_data_folder,
):
    path = private_data_folder / "settings.json"
    path.write_text(json.dumps({"board": "expert", "theme": "dark"}))
    settings = Settings()
    settings.question_marks = False
    assert settings.save() is None
    kept = json.loads(path.read_text())
    assert kept["theme"] == "dark" and kept["question_marks"] is False and kept["version"] == 1
    path.write_text(json.dumps({"version": 5, "board": "expert", "theme": "dark"}))
    before = path.read_bytes()
    settings = Settings()
    assert settings.board == "expert" and "newer version" in note_words(settings.note)
    settings.first_click = "opening"
    assert "For this run only" in note_words(settings.save()) and path.read_bytes() == before


def test_a_left_game_from_a_save_counts_its_identity_and_its_clicks_stay_fresh(tmp_path):
    import runner
    from tests.test_runner import FakeClock
    from window.app import App
    from window.ledger import REFRESH_SECONDS, count_left

    app = App.new(runner.board_argument("beginner"), seed=6, save_dir=tmp_path)
    app.do("reveal", (4, 4))
    path = app.do("save").path
    clock = FakeClock()
    again = App.from_position(path.read_text(), save_dir=tmp_path)
    again.session.watch.clock = clock
    game = again.game
    hidden = [c for c in game.cells() if c not in game.revealed and c not in game.mines]
    again.do("flag", hidden[0])  # moved on from its save: on the record
    (line,) = Statistics().started.values()
    assert line["identity"] == app.session.ledger.identity and line["clicks"] == 2
    again.do("reveal", next(c for c in hidden[1:] if c not in game.revealed))  # the clock runs
    clock.now += REFRESH_SECONDS - 1
    again.do("flag", hidden[0])  # within REFRESH_SECONDS: the line is left as it was
    assert [g["clicks"] for g in Statistics().started.values()] == [2]
    clock.now += 2
    again.do("flag", hidden[0])
    (line,) = Statistics().started.values()
    assert line["clicks"] == game.clicks > 2 and line["seconds"] >= REFRESH_SECONDS
    again.session.ledger.alive.handle.close()  # its process dies
    assert "counts as a loss" in count_left(App.new(runner.board_argument("cs50")).session)
    assert Statistics().was_counted(app.session.ledger.identity)
    (record,) = Statistics().boards.values()
    assert (record.games, record.recent[0].clicks) == (1, game.clicks)
    reopened = runner.app_from_args(["--position", str(path)])  # seen: assisted now
    assert reopened.session.ledger.helped_at_all and "records already" in reopened.message

