"""Every finished game kept whole in the history: its mines, its actions and their times."""

import json
import os
import subprocess
import sys

import pytest

import runner
from screen import ready
from store.history import History, Judge, read_head
from store.settings import Settings
from sweeper import BOARDS
from sweeper.review import Action, read_record, review
from tests import test_started as started
from window.app import App
from words.records import game_fault_words, history_message, note_words


class Clock:
    """A clock the test moves by hand."""

    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def safe_cells(game):
    return [c for c in game.cells() if c not in game.mines and c not in game.revealed]


def play_to_the_end(app, clock, win):
    """Click safe cells a second apart, then (to lose) a mine; return the game's actions."""
    while not app.game.is_over():
        clock.now += 1.0
        cells = safe_cells(app.game)
        if not win and app.game.revealed:
            cells = sorted(app.game.mines)
        app.do("reveal", cells[0])


def kept(folder):
    return sorted((folder / "history").glob("*.txt"))


def chordable(game):
    """Return a 1 with one hidden safe neighbour or more beside its mine, and the mine, or None."""
    for cell, shown in sorted(game.revealed.items()):
        around = game.neighbors(cell)
        if shown == 1 and any(c not in game.revealed and c not in game.mines for c in around):
            return cell, next(c for c in around if c in game.mines)
    return None


def test_each_click_flag_and_chord_is_logged_with_its_time_on_the_games_clock():
    clock = Clock()
    for seed in range(100):
        app = App.new(BOARDS["beginner"], seed=seed, clock=clock)
        app.do("reveal", (4, 4))
        if chordable(app.game) is not None:
            break
    number, mine = chordable(app.game)
    clock.now += 1.5
    app.do("flag", mine)
    clock.now += 0.25
    app.do("flag", (4, 4))  # an open cell: nothing happened, nothing logged
    app.do("chord", number)
    assert [(a.kind, a.cell, a.ms) for a in app.session.actions] == [
        ("click", (4, 4), 0),
        ("flag", mine, 1500),
        ("chord", number, 1750),
    ]


def test_a_lost_game_is_kept_with_its_mines_and_actions_and_reviewed_from_its_file(
    private_data_folder,
):
    clock = Clock()
    app = App.new(BOARDS["beginner"], seed=5, clock=clock)
    play_to_the_end(app, clock, win=False)
    (path,) = kept(private_data_folder)
    record = read_record(path.read_text())
    assert record.mines == frozenset(app.game.mines)
    assert record.actions == tuple(app.session.actions)
    assert record.facts["result"] == "lost" and record.facts["assisted"] == "no"
    assert record.facts["board"] == "Beginner 9x9, 10 mines, first click safe"
    done = review(record)
    assert done.lost_on is done.clicks[-1] and done.lost_on.action.cell == app.game.exploded
    assert [a.ms for a in record.actions] == [1000 * k for k in range(len(record.actions))]


def test_a_won_game_a_left_one_and_an_assisted_one_are_kept_and_marked(private_data_folder):
    clock = Clock()
    app = App.new(BOARDS["beginner"], seed=8, clock=clock)
    play_to_the_end(app, clock, win=True)
    app.do("new")
    app.do("reveal", (0, 0))
    app.do("new")
    app.do("new")  # asked once: left, a loss
    app.do("overlay")  # help seen: assisted
    play_to_the_end(app, clock, win=True)
    heads = [read_head(p, p.read_text()) for p in kept(private_data_folder)]
    assert [(h.result, h.assisted) for h in heads] == [
        ("won", False),
        ("left", False),
        ("won", True),
    ]
    assert all(h.board.startswith("Beginner 9x9") for h in heads)


def test_a_teachers_position_is_not_kept(private_data_folder):
    text = (ready.PROJECT / "assets" / "positions" / "03-subset.txt").read_text()
    app = App.from_position(text)
    while not app.game.is_over():
        app.do("ai")
    assert not kept(private_data_folder)


def test_the_history_keeps_the_last_n_games_n_in_the_settings(private_data_folder):
    settings = Settings()
    settings.history_games = 3
    settings.save()
    clock = Clock()
    app = App.new(BOARDS["beginner"], seed=1, clock=clock, settings=Settings())
    losses = []
    for _ in range(5):
        play_to_the_end(app, clock, win=False)
        losses.append(app.game.exploded)
        app.do("new")
    files = kept(private_data_folder)
    assert len(files) == 3
    # The newest three: the last three games' losing clicks, in order.
    assert [read_record(p.read_text()).actions[-1].cell for p in files] == losses[2:]


def test_a_damaged_file_is_set_aside_and_named_and_the_others_stay(private_data_folder):
    clock = Clock()
    app = App.new(BOARDS["beginner"], seed=2, clock=clock)
    play_to_the_end(app, clock, win=False)
    folder = private_data_folder / "history"
    (folder / "20000101-000000-000-bad.txt").write_bytes(b"\xff\xfe not text")
    (folder / "20000101-000000-001-bad.txt").write_text("#= rule safe\n..\n..\n")  # no facts
    history = History()
    games = history.games()
    assert len(games) == 1 and games[0].result == "lost"
    aside = sorted(folder.glob("*.unreadable-*"))
    assert len(aside) == 2
    words = history_message(history.notes)
    assert str(aside[-1]) in words and "could not be read" in words


def test_a_record_whose_actions_cannot_be_played_is_set_aside_when_judged(private_data_folder):
    folder = private_data_folder / "history"
    folder.mkdir()
    path = folder / "20000101-000000-000-abcd.txt"
    path.write_text(
        "#= board Custom\n#= result lost\n#= rule none\n*.\n..\n#= click B2\n#= click B2\n"
    )
    history = History()
    judge = Judge(history)
    judge.ask(history.games()[0].path)
    assert judge.work() and not judge.work()
    assert "action 2 (click B2)" in game_fault_words(judge.failed[path]) and not path.exists()
    assert "action 2 (click B2)" in history_message(history.notes) and history.games() == []


def test_the_judge_notes_the_verdict_counts_in_the_file_which_still_reads_the_same(
    private_data_folder,
):
    clock = Clock()
    app = App.new(BOARDS["beginner"], seed=5, clock=clock)
    play_to_the_end(app, clock, win=False)
    (path,) = kept(private_data_folder)
    before = read_record(path.read_text())
    judge = app.session.judge
    assert judge.work()  # the game's end asked for its review
    after = path.read_text()
    head = read_head(path, after)
    done = judge.review_of(path)
    counts = done.counts
    assert head.verdicts == (counts["safe"], counts["risk"], counts["guess"])
    again = read_record(after)
    assert again.actions == before.actions and again.mines == before.mines
    assert review(again).counts == counts


def test_a_saved_game_keeps_its_actions_and_its_review_starts_at_the_first_click(
    tmp_path, private_data_folder
):
    clock = Clock()
    app = App.new(BOARDS["beginner"], seed=5, clock=clock, save_dir=tmp_path)
    app.do("reveal", (4, 4))
    clock.now += 2.0
    flag = sorted(app.game.mines)[0]
    app.do("flag", flag)
    path = app.do("save").path
    assert "#= click E5 0" in path.read_text() and "#= flag" in path.read_text()
    again = runner.app_from_args(["--position", str(path)])
    assert not again.session.ledger.helped_at_all
    assert again.session.actions == app.session.actions
    again.do("flag", flag)  # the flag off, then play on to a win
    while not again.game.is_over():
        again.do("reveal", safe_cells(again.game)[0])
    (kept_path,) = kept(private_data_folder)
    record = read_record(kept_path.read_text())
    assert record.actions[:2] == (Action("click", (4, 4), 0), Action("flag", flag, 2000))
    assert record.facts["result"] == "won" and record.facts["assisted"] == "no"
    assert review(record).clicks[0].action.cell == (4, 4)


def test_an_edited_action_in_a_save_opens_it_assisted(tmp_path):
    app = App.new(BOARDS["beginner"], seed=5, save_dir=tmp_path)
    app.do("reveal", (4, 4))
    path = app.do("save").path
    path.write_text(path.read_text().replace("#= click E5 0", "#= click E5 9"))
    again = runner.app_from_args(["--position", str(path)])
    assert "changed after it was saved" in again.message and again.session.ledger.helped_at_all


def test_a_save_without_its_actions_plays_on_but_is_not_kept_whole(tmp_path, private_data_folder):
    app = App.new(BOARDS["beginner"], seed=5, save_dir=tmp_path)
    app.do("reveal", (4, 4))
    path = app.do("save").path
    text = "".join(
        line for line in path.read_text().splitlines(True) if not line.startswith("#= click ")
    )
    path.write_text(text)  # its check fails too: assisted, and no actions to replay
    again = runner.app_from_args(["--position", str(path)])
    assert not again.session.actions_known
    while not again.game.is_over():
        again.do("reveal", safe_cells(again.game)[0])
    assert not kept(private_data_folder)


def test_a_long_saved_game_reads_back_with_every_action(tmp_path):
    app = App.new(BOARDS["expert"], seed=5, save_dir=tmp_path)
    app.do("reveal", (8, 15))
    cell = safe_cells(app.game)[0]
    for _ in range(1_200):  # a flag put on and taken off: more lines than a board text holds
        app.session.toggle_flag(cell)
    path = app.do("save").path
    again = runner.app_from_args(["--position", str(path)])
    assert len(again.session.actions) == 1_201 and not again.session.ledger.helped_at_all


@pytest.mark.parametrize("value", [-1, 1.5, "many", True])
def test_a_bad_history_size_in_the_settings_is_said_and_the_default_used(
    value, private_data_folder
):
    (private_data_folder / "settings.json").write_text(f'{{"history_games": {json.dumps(value)}}}')
    settings = Settings()
    assert settings.history_games == 500 and "history_games" in note_words(settings.note)


def test_no_history_for_a_handout(tmp_path, private_data_folder):
    out = tmp_path / "x.png"
    assert (
        runner.main(
            ["--board", "beginner", "--seed", "1", "--ai-moves", "200", "--export", str(out)]
        )
        == 0
    )
    assert not kept(private_data_folder)
    assert os.path.exists(out)


KEYS = """
    elif word == "key":  # a key pressed in the window, by its pygame name: i, RETURN, RIGHT
        post(pygame.KEYDOWN, key=getattr(pygame, "K_" + rest[0]), mod=0, unicode="")
        window.run(max_iterations=1)
        view = app.frame().records
        if view is not None:
            say(notes=list(view.notes), recent=[g.verdicts for g in view.recent])
            continue
"""


class KeyWindow(started.Window):
    """A real window process, as the records test drives one, that also takes keys."""

    def __init__(self, tmp_path, *argv):
        script = tmp_path / "keys-driver.py"
        script.write_text(
            started.DRIVER.replace('    elif word == "close":', KEYS + '    elif word == "close":')
        )
        self.process = subprocess.Popen(
            [sys.executable, str(script), started.ROOT, *argv],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.opened = self.read()


def test_two_real_windows_on_one_folder_both_keep_their_games_past_a_damaged_file(
    tmp_path, private_data_folder
):
    folder = private_data_folder / "history"
    folder.mkdir()
    (folder / "20000101-000000-000-bad.txt").write_bytes(b"#= board \xff broken\n")
    first = KeyWindow(tmp_path, "--board", "5x5x3")
    first.do("click 0 0")
    second = KeyWindow(tmp_path, "--board", "5x5x3")
    second.do("click 0 0")
    assert first.do("finish")["status"] == "won"
    assert second.do("close")["status"] == "playing"  # left: a loss
    assert first.close() == 0 and second.close() == 0
    third = KeyWindow(tmp_path, "--board", "5x5x3")
    shown = third.do("key i")  # the records view lists the history: the bad file goes aside
    third.close()
    (aside,) = folder.glob("*.unreadable-*")
    assert any(str(aside) in note for note in shown["notes"])
    assert len(kept(private_data_folder)) == 2
    records = [read_record(p.read_text()) for p in kept(private_data_folder)]
    assert sorted(r.facts["result"] for r in records) == ["left", "won"]
    for record in records:
        assert record.actions[0] == Action("click", (0, 0), 0)
        assert review(record).clicks  # each reads and replays whole
