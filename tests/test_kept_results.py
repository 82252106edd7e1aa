"""No result lost or dodged (issue 43): a full disk, save and quit, a read-only data folder.

- A result the disk cannot take is said at the game's end, kept (and its
  game's lock held, so no start counts it as left) and written once there
  is room: counted once. A result kept in its lock file counts at the next
  start when the window closes first.
- A game saved and left waits in its save on the record: the next start
  reopens it; a save gone, or a start that plays another game, counts it
  as a loss.
- A read-only data folder plays: records read and shown, nothing written,
  and one line says so.
The real filesystems (a 1 MiB one, filled; one remounted read-only) need
mount(8) and the right to use it: those tests are skipped elsewhere.
"""

import errno
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import runner
import store.files as files_module
import store.places as places_module
from store.files import held
from store.notes import ForThisRun, NotWritten, ReadOnly, Unsaved
from store.records import WAITS, Statistics
from store.settings import Settings
from sweeper import BOARDS
from window.app import App
from window.ledger import count_left, retry
from window.records_view import recent_game, records_table
from words.records import (
    RESULT_WRITTEN,
    UNSAVED_QUIT,
    note_words,
    unsaved_words,
)

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_trust import finish  # noqa: E402  (a game played to its end: won, or lost)

SMALL = "5x5x3"


def disk_full(monkeypatch):
    """Make every atomic write fail as a full disk does (the lock files' room is kept)."""

    def full(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(files_module.tempfile, "mkstemp", full)


def games_of(board="Custom 5x5, 3 mines, first click safe"):
    """Return a board's (games, wins, assisted games) as the file has them now."""
    found = Statistics().boards.get(board)
    return (0, 0, 0) if found is None else (found.games, found.wins, found.assisted_games)


# -- point 1: a result never lost without a word -----------------------------------------


def test_a_result_the_disk_cannot_take_is_said_kept_and_written_once_there_is_room(
    monkeypatch, tmp_path
):
    app = App.new(runner.board_argument(SMALL), seed=2, save_dir=tmp_path)
    app.do("reveal", (0, 0))  # on the record as started, its lock held
    (token,) = Statistics().started
    lock = app.session.stats.alive_path(token)
    with monkeypatch.context() as full:
        disk_full(full)
        finish(app)
        said = app.message
        assert "Not saved: the disk is full; it will be written when there is room" in said
        assert "at the latest at the next start" in said  # its lock file keeps it meanwhile
        assert "Could not save" not in said
        # Not in the file yet, and another start does not count it as left: it is held.
        assert games_of() == (0, 0, 0) and held(lock)
        other = App.new(runner.board_argument("cs50"))
        assert count_left(other.session) == "" and games_of() == (0, 0, 0)
        app.session.stats.tried_at = 0.0
        app.do("new")  # tried again: still full, still kept
        assert RESULT_WRITTEN not in app.message and app.session.stats.pending
    app.session.stats.tried_at = 0.0
    app.do("new")  # room again: the next command writes it, and says so
    assert RESULT_WRITTEN in app.message
    assert games_of() == (1, 1, 0) and Statistics().started == {} and not lock.exists()
    retry(app.session, now=True)  # nothing waits: nothing counts twice
    assert games_of() == (1, 1, 0)
    assert len(list(app.session.history.files())) == 1  # its review is kept too, once


def test_a_result_kept_in_its_lock_file_counts_at_the_next_start(monkeypatch, tmp_path):
    app = App.new(runner.board_argument(SMALL), seed=2, save_dir=tmp_path)
    app.do("reveal", (0, 0))
    with monkeypatch.context() as full:
        disk_full(full)
        finish(app)  # won, not written
    (waiting,) = app.session.stats.pending
    assert waiting.kept and json.loads(waiting.alive.path.read_text())["won"] is True
    waiting.alive.handle.close()  # the window is killed before there is room
    said = count_left(App.new(runner.board_argument("cs50")).session)
    assert "counted now: won, Custom 5x5, 3 mines" in said
    assert games_of() == (1, 1, 0) and Statistics().started == {}
    app.session.stats.write_pending()  # the old window, had it lived: counted once still
    assert games_of() == (1, 1, 0) and not app.session.stats.pending


def test_a_disk_full_from_the_start_keeps_the_result_in_the_window_and_asks_before_quit(
    monkeypatch, tmp_path
):
    with monkeypatch.context() as full:
        disk_full(full)
        app = App.new(runner.board_argument(SMALL), seed=2, save_dir=tmp_path)
        app.do("reveal", (0, 0))  # not on the record: the file cannot be written
        finish(app, won=False)
        assert "Not saved: the disk is full" in app.message
        assert "while this window stays open" in app.message  # nowhere else to keep it
        assert app.do("quit").said == UNSAVED_QUIT  # Esc asks before it is lost
    assert app.do("quit").close  # room again: Esc again writes it, then quits
    assert games_of() == (1, 0, 0)


def test_a_failed_write_names_its_error_by_its_code(tmp_path):
    failed = NotWritten(tmp_path / "statistics.json", None, "No space left on device", "ENOSPC")
    assert note_words(failed).endswith(": the disk is full.")
    words = unsaved_words(Unsaved(failed, kept=False))
    assert words.startswith("Not saved: the disk is full; it will be written when there is room")
    other = NotWritten(tmp_path / "x", None, "Input/output error", "EIO")
    assert "Input/output error" in note_words(other)  # the system's words when none are ours


# -- point 2: no dodge by save and quit ----------------------------------------------------


def saved_and_left(tmp_path):
    """Return the path of a clean beginner game saved after its first click and left."""
    app = App.new(BOARDS["beginner"], seed=6, save_dir=tmp_path)
    app.do("reveal", (4, 4))
    path = app.do("save").path
    assert "next start reopens it" in app.message
    app.do("quit")
    assert app.do("quit").close
    return path


BEGINNER = "Beginner 9x9, 10 mines, first click safe"


def test_a_save_deleted_counts_its_game_as_one_loss_at_the_next_start(tmp_path):
    path = saved_and_left(tmp_path)
    path.unlink()
    again = runner.app_from_args([])
    assert f"its save {path} is gone" in again.message
    assert games_of(BEGINNER) == (1, 0, 0) and Statistics().started == {}
    again.do("quit")
    once_more = runner.app_from_args([])
    assert "counts as a loss" not in once_more.message and games_of(BEGINNER) == (1, 0, 0)


def test_a_start_on_another_game_counts_the_waiting_one_as_a_loss(tmp_path):
    path = saved_and_left(tmp_path)
    same = runner.app_from_args(["--board", "beginner"])  # the same board named: reopened
    assert same.session.ledger.adopted
    asked = same.do("quit")  # the first Esc asks, as on any game in play
    assert not asked.close and "(it counts as a loss)? Esc again quits" in same.message
    assert same.do("quit").close  # left unsaved after the reopening: a loss, counted now
    assert games_of(BEGINNER) == (1, 0, 0)
    path = saved_and_left(tmp_path)
    other = runner.app_from_args(["--board", "expert"])
    assert "this start plays another game" in other.message and not other.session.ledger.adopted
    assert games_of(BEGINNER) == (2, 0, 0) and Statistics().started == {}
    reopened = runner.app_from_args(["--position", str(path)])  # counted: its board seen
    assert reopened.session.ledger.assisted


def test_a_class_start_leaves_a_waiting_game_for_the_next_start(tmp_path):
    saved_and_left(tmp_path)
    teaching = runner.app_from_args(["--classroom"])
    assert "waits in" in teaching.message and games_of(BEGINNER) == (0, 0, 0)
    (line,) = Statistics().started.values()
    assert line["save"]
    again = runner.app_from_args([])
    assert again.session.ledger.adopted and "is open again" in again.message


def test_a_window_killed_after_its_save_has_its_game_reopened(tmp_path):
    app = App.new(BOARDS["beginner"], seed=6, save_dir=tmp_path)
    app.do("reveal", (4, 4))
    app.do("save")
    app.session.ledger.alive.handle.close()  # killed: the kernel lets go of its lock
    again = runner.app_from_args([])
    assert again.session.ledger.adopted and again.game.revealed == app.game.revealed
    assert games_of(BEGINNER) == (0, 0, 0)


def test_a_waiting_line_is_settled_only_by_a_start_that_plays_another_game(tmp_path):
    path = saved_and_left(tmp_path)
    stats = Statistics()
    (found,) = stats.count_left(settle=False)
    assert found.how == WAITS and found.line["save"] == str(path)
    assert len(Statistics().started) == 1 and games_of(BEGINNER) == (0, 0, 0)


# -- point 6: a read-only data folder plays ---------------------------------------------


def read_only_folder(monkeypatch, folder):
    """Make folder (and what is in it) read as one that cannot be written to."""
    real = os.access

    def access(path, mode, *args, **kwargs):
        inside = Path(path) == folder or folder in Path(path).parents
        return False if inside and mode & os.W_OK else real(path, mode, *args, **kwargs)

    monkeypatch.setattr(places_module.os, "access", access)


def test_the_store_of_a_read_only_folder_reads_and_never_writes(monkeypatch, private_data_folder):
    Statistics().record("Beginner", True, 12.0)
    before = (private_data_folder / "statistics.json").read_bytes()
    read_only_folder(monkeypatch, private_data_folder)
    stats = Statistics()
    assert isinstance(stats.read_only, ReadOnly) and not stats.writable
    assert stats.boards["Beginner"].wins == 1  # read and shown
    counted = stats.record("Beginner", True, 5.0)
    assert counted.game is None and counted.problem == stats.read_only
    assert stats.begin("token", {"board": "Beginner"}) == stats.read_only
    assert stats.count_left() == [] and stats.reset() == stats.read_only
    settings = Settings()
    settings.question_marks = False
    assert settings.save() == ForThisRun(settings.path, "read-only")
    assert (private_data_folder / "statistics.json").read_bytes() == before


def test_a_read_only_data_folder_plays_and_says_once_that_nothing_is_recorded(
    monkeypatch, private_data_folder
):
    Statistics().record("Custom 5x5, 3 mines, first click safe", True, 12.0)
    read_only_folder(monkeypatch, private_data_folder)
    app = runner.app_from_args(["--board", SMALL, "--seed", "2"])  # no error: it plays
    assert app.message.count("Nothing is recorded this time") == 1
    assert str(private_data_folder) in app.message
    assert "Question marks off. (For this run only:" in app.do("marks").said
    app.do("reveal", (0, 0))
    finish(app)
    assert "not counted: " in app.message and "cannot be written to" in app.message
    app.do("stats")
    notes = " ".join(app.frame().records.notes)
    assert "Nothing is recorded this time" in notes
    assert games_of() == (1, 1, 0)  # the file as it was


# -- the real filesystems: a small disk filled, a folder remounted read-only -------------


def mount(*args: str) -> bool:
    """Run mount(8) with args; True when it worked."""
    done = subprocess.run(["mount", *args], capture_output=True, timeout=30)
    return done.returncode == 0


@pytest.fixture
def small_disk(tmp_path):
    """Yield a folder on a 1 MiB filesystem of its own (skipped where none can be mounted)."""
    folder = tmp_path / "disk"
    folder.mkdir()
    if not sys.platform.startswith("linux") or not mount(
        "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)
    ):
        pytest.skip("no filesystem can be mounted here")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True, timeout=30)


def fill(folder: Path) -> Path:
    """Fill the filesystem folder is on; return the filler file (delete it to make room)."""
    filler = folder / "filler"
    with open(filler, "wb", buffering=0) as out:  # unbuffered: no write left for close()
        try:
            while True:
                out.write(b"\0" * 1024)
        except OSError as error:
            assert error.errno == errno.ENOSPC
    return filler


def test_a_full_disk_loses_no_result_as_the_issue_tried_it(small_disk, monkeypatch, tmp_path):
    data = small_disk / "data"
    monkeypatch.setenv("MINESWEEPER_DATA_DIR", str(data))
    first = App.new(runner.board_argument(SMALL), seed=2, save_dir=tmp_path)
    first.do("reveal", (0, 0))
    finish(first, won=False)  # a game written while there was room
    app = App.new(runner.board_argument(SMALL), seed=2, save_dir=tmp_path)
    app.do("reveal", (0, 0))
    filler = fill(small_disk)
    before = (data / "statistics.json").read_bytes()
    finish(app)
    assert "Not saved: the disk is full; it will be written when there is room" in app.message
    assert (data / "statistics.json").read_bytes() == before
    filler.unlink()
    app.session.stats.tried_at = 0.0
    app.do("new")
    assert RESULT_WRITTEN in app.message
    assert games_of() == (2, 1, 0) and Statistics().started == {}


def test_a_disk_full_before_the_first_click_plays_and_says_so_at_the_end(
    small_disk, monkeypatch, tmp_path
):
    # The lock file's room could not be written: its bytes once waited in Python's
    # buffer, and letting the lock go raised "No space left on device" at the first click.
    data = small_disk / "data"
    monkeypatch.setenv("MINESWEEPER_DATA_DIR", str(data))
    Statistics()  # the folder made while there is room
    filler = fill(small_disk)
    app = App.new(runner.board_argument(SMALL), seed=2, save_dir=tmp_path)
    app.do("reveal", (0, 0))
    finish(app)
    assert "Not saved: the disk is full" in app.message
    filler.unlink()
    app.session.stats.tried_at = 0.0
    app.do("press", (None, False))  # the face's press: silent, and it writes the result
    assert games_of() == (1, 1, 0)
    app.do("new")  # the release: its own words, and the news the press could not say
    assert app.message.endswith(RESULT_WRITTEN)


def test_a_folder_remounted_read_only_plays_and_shows_its_records(small_disk, monkeypatch):
    data = small_disk / "data"
    monkeypatch.setenv("MINESWEEPER_DATA_DIR", str(data))
    Statistics().record("Custom 5x5, 3 mines, first click safe", True, 9.0)
    Settings().save()
    played = App.new(runner.board_argument(SMALL), seed=2)
    played.do("reveal", (0, 0))
    finish(played, won=False)  # a game in history/, its verdicts not yet in its file
    played.do("quit")
    if not mount("-o", "remount,ro", str(small_disk)):
        pytest.skip("the filesystem cannot be remounted read-only here")
    before = sorted(p.name for p in data.iterdir())
    app = runner.app_from_args(["--board", SMALL, "--seed", "2"])
    assert "Nothing is recorded this time" in app.message and str(data) in app.message
    assert app.session.stats.boards["Custom 5x5, 3 mines, first click safe"].wins == 1
    app.do("reveal", (0, 0))
    finish(app)
    assert "cannot be written to" in app.message
    assert "For this run only" in app.do("first-click").said
    assert sorted(p.name for p in data.iterdir()) == before  # nothing written, nothing made
    (kept,) = app.session.history.games()
    assert recent_game(kept, app.session).verdicts == "judging..."
    while app.session.judge.work():  # counts not in the file: shown all the same
        pass
    assert recent_game(kept, app.session).verdicts.endswith(" guess")
    app.do("stats")
    assert not any("Delete" in note for note in records_table(app.session, app.records).notes)
