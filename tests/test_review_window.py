"""A finished game's review in the window: opened from the records view, stepped click by click."""

import pytest

import runner
from sweeper import BOARDS
from sweeper.review import read_record, review
from window.app import App
from window.commands import open_review


class Clock:
    def __init__(self):
        self.now = 50.0

    def __call__(self):
        return self.now


def lose(app, clock, safe_clicks=3):
    """Click a few safe cells a second apart, then a mine."""
    game = app.game
    app.do("reveal", (4, 4))
    for _ in range(safe_clicks):
        clock.now += 1.0
        closed = [c for c in game.cells() if c not in game.mines and c not in game.revealed]
        if closed:
            app.do("reveal", closed[0])
    clock.now += 1.0
    app.do("reveal", min(game.mines))
    assert game.lost()


def files(folder):
    return {p: p.read_bytes() for p in folder.rglob("*") if p.is_file() and p.suffix != ".lock"}


def test_a_lost_game_opens_from_the_records_view_and_steps_click_by_click(private_data_folder):
    clock = Clock()
    app = App.new(BOARDS["beginner"], seed=7, clock=clock)
    lose(app, clock)
    (path,) = (private_data_folder / "history").glob("*.txt")
    done = review(read_record(path.read_text()))
    app.do("stats")
    (listed,) = app.frame().records.recent
    assert listed.result == "lost" and listed.verdicts == "judging..."
    assert app.session.judge.work()  # the judge's thread, here on the test's
    (listed,) = app.frame().records.recent
    counts = done.counts
    assert (
        listed.verdicts == f"{counts['safe']} safe, {counts['risk']} risk, {counts['guess']} guess"
    )
    before = files(private_data_folder)
    app.do("jump")  # Enter: the chosen game's review
    frame = app.frame()
    assert frame.reviewing and frame.records is None and frame.classroom
    assert frame.step.header.startswith(f"Click 1 of {len(done.clicks)}: E5")
    assert set(frame.tiles) == {"hidden"}  # before the first click: every cell closed
    assert frame.highlights.step_cell == (4, 4)
    app.do("step")
    frame = app.frame()
    second = done.clicks[1]
    assert frame.step.header.startswith(f"Click 2 of {len(done.clicks)}")
    assert frame.numbers == dict(second.revealed)  # the board as it was before the click
    assert frame.knowledge.bold == 1 and len(frame.knowledge.rows) == len(done.clicks)
    assert second.word in frame.step.header
    app.do("end")
    frame = app.frame()
    assert frame.step.header == "The end" and "lost on" in frame.step.words
    assert "exploded" in frame.tiles and frame.state == "lost"
    app.do("step")  # past the end: it stays there
    assert app.frame().step.header == "The end"
    app.do("home")
    assert app.frame().step.header.startswith("Click 1 of")
    # The review changes nothing: no move plays, and no file is written.
    app.do("reveal", (0, 0))
    assert "The review is open" in app.message and app.frame().reviewing
    app.do("new")
    assert app.frame().reviewing and app.game.lost()
    assert files(private_data_folder) == before
    app.do("quit")  # Esc: back to the records view
    assert app.frame().records is not None and not app.frame().reviewing
    app.do("quit")
    assert app.frame().records is None


def test_every_verdict_reads_in_the_step_box_with_its_cells_on_the_board(tmp_path):
    # B3 opens; B4 is a risk (A1, B1, C1 are certain); A1 is safe; then C3 hits a mine.
    path = tmp_path / "game.txt"
    path.write_text(
        "# by hand\n#= rule none\n..*.\n....\n..*.\n#= click B3\n#= click B4\n#= click A1\n"
        "#= click C3\n"
    )
    app = App.new(BOARDS["beginner"], seed=1)
    open_review(app, path)
    first = app.frame()
    assert "was a guess" in first.step.words and first.highlights.choice is not None
    app.do("step")
    risk = app.frame()
    assert "was a risk: a 25% chance" in risk.step.words and "certainly safe" in risk.step.words
    ticked = {cell for cell, mine in risk.highlights.marks if not mine}
    assert {(0, 0), (1, 0), (2, 0)} <= ticked
    app.do("step")
    assert "A1 was safe. Why: B3 = 2 puts 2 mines" in app.frame().step.words
    app.do("step")
    assert "It was a mine" in app.frame().step.words
    app.do("quit")  # opened from a file: Esc closes it, back to the game
    assert not app.frame().reviewing and app.frame().records is None


def test_the_live_games_clock_is_held_while_a_review_is_open(tmp_path):
    clock = Clock()
    path = tmp_path / "game.txt"
    path.write_text("#= rule none\n..*.\n....\n..*.\n#= click B3\n")
    app = App.new(BOARDS["beginner"], seed=7, clock=clock)
    app.do("reveal", (4, 4))
    clock.now += 2.0
    open_review(app, path)
    clock.now += 100.0
    app.do("quit")
    clock.now += 1.0
    assert app.session.elapsed() == pytest.approx(3.0)


def test_runner_reviews_the_last_game_as_a_report_or_a_picture(tmp_path, capsys):
    assert runner.main(["--review", "last", "--report"]) == 2
    assert "no finished game in the history yet" in capsys.readouterr().err
    clock = Clock()
    app = App.new(BOARDS["beginner"], seed=7, clock=clock)
    lose(app, clock)
    assert runner.main(["--review", "last", "--report"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("E5 safe") and "lost on" in lines[-1]
    out = tmp_path / "review.png"
    assert runner.main(["--review", "last", "--export", str(out), "--step", "2"]) == 0
    assert out.stat().st_size > 10_000
    assert runner.main(["--review", "last", "--export", str(out), "--step", "99"]) == 2
    assert "this game has" in capsys.readouterr().err


def test_a_bad_record_for_the_window_is_one_line_before_any_window(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("..\n..\n#= click Q99\n")
    assert runner.main(["--review", str(bad)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "Q99" in err[0]


def test_the_records_view_reads_the_arrows_enter_and_esc(private_data_folder):
    clock = Clock()
    app = App.new(BOARDS["beginner"], seed=7, clock=clock)
    for _ in range(3):
        lose(app, clock)
        app.do("new")
    app.do("new", "cs50")
    lose(app, clock)
    app.do("stats")
    view = app.frame().records
    assert view.board.startswith("CS50") and len(view.recent) == 1
    app.do("cursor", (0, 1))  # → (outside class: the cursor's arrow) shows the next board
    view = app.frame().records
    assert view.board.startswith("Beginner") and len(view.recent) == 3 and view.chosen == 0
    app.do("cursor", (1, 0))  # ↓ chooses the next game
    app.do("cursor", (1, 0))
    app.do("cursor", (1, 0))  # past the last: it stays there
    assert app.frame().records.chosen == 2
    app.do("jump")  # Enter opens the third game's review
    assert app.reviewing.path == view.recent[2].path
    app.do("quit")
    assert app.frame().records.board.startswith("Beginner")  # back where it was opened
    app.do("quit")
    assert app.frame().records is None and app.armed is None


def test_a_click_on_a_row_of_the_records_view_shows_its_board_or_opens_its_game(
    private_data_folder, pygame_display
):
    import pygame

    from screen.input import click
    from screen.layout import layout, scale_for
    from screen.paint import Painter, paint
    from screen.palette import SELECTED_ROW
    from screen.records_paint import records_places

    clock = Clock()
    app = App.new(BOARDS["beginner"], seed=7, clock=clock)
    lose(app, clock)
    app.do("new", "cs50")
    lose(app, clock)
    app.do("stats")
    for size in ((1280, 720), (1920, 1080)):
        frame = app.frame()
        view = layout(size, frame, scale_for(size))
        places = records_places(frame.records, view)
        assert len(places.rows) == 2 and len(places.recent) == 1
        screen = pygame.display.set_mode(size)
        paint(screen, frame, view, Painter())
        shaded = places.rows[frame.records.in_view]
        assert screen.get_at((shaded.right - 3, shaded.centery))[:3] == SELECTED_ROW
        assert click(frame, view, places.rows[0].center, 1) == ("records-row", 0)
        assert click(frame, view, places.recent[0].center, 1) == ("records-open", 0)
        assert click(frame, view, places.notes.center, 1) is None  # on the view: no move
    app.do("records-row", 0)
    assert app.frame().records.board.startswith("Beginner")
    app.do("records-open", 0)
    assert app.frame().reviewing


def test_an_action_that_could_not_have_been_played_is_one_line_in_the_report(tmp_path, capsys):
    path = tmp_path / "twice.txt"
    path.write_text("#= rule none\n*...\n....\n#= click B3\n#= click B3\n")
    assert runner.main(["--review", str(path), "--report"]) == 2
    captured = capsys.readouterr()
    assert captured.out.strip() == "" and len(captured.err.strip().splitlines()) == 1
    assert "action 2 (click B3)" in captured.err


def test_the_chosen_game_stays_in_view_when_the_list_is_longer_than_the_room(
    private_data_folder, pygame_display
):
    from screen.input import click
    from screen.layout import layout, scale_for
    from screen.records_paint import records_places

    clock = Clock()
    app = App.new(BOARDS["beginner"], seed=7, clock=clock)
    for _ in range(10):
        lose(app, clock, safe_clicks=0)
        app.do("new")
    app.do("stats")
    for _ in range(9):
        app.do("records-move", 1)
    frame = app.frame()
    view = layout((1280, 720), frame, scale_for((1280, 720)))
    places = records_places(frame.records, view)
    assert frame.records.chosen == 9 and len(places.recent) < 10  # not all ten fit
    assert click(frame, view, places.recent[-1].center, 1) == ("records-open", 9)


def test_the_window_shows_the_judges_news_without_a_key_and_a_reviews_time_stands(
    private_data_folder, pygame_display
):
    import time

    import pygame

    from screen.loop import Window

    clock = Clock()
    app = App.new(BOARDS["beginner"], seed=7, clock=clock)
    lose(app, clock)  # its verdicts wait for the judge: no thread yet, and no work() called
    app.do("stats")
    window = Window(app)
    pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
    window.run(max_iterations=1)
    assert window.current()[0].records.recent[0].verdicts == "judging..."
    app.session.judge.start()
    deadline = time.monotonic() + 60
    while app.session.judge.finished == 0 and time.monotonic() < deadline:
        time.sleep(0.05)
    window.run(max_iterations=1)  # no event: the judge's news alone redraws the view
    assert "safe," in window.current()[0].records.recent[0].verdicts
    app.do("jump")
    window.stale()
    clock.now += 30  # the live game is over; the review shows its first click's time
    window.run(max_iterations=2)
    assert window.current()[0].time == "Time 0"


def test_the_plots_time_labels_never_repeat():
    # The trial's finding: one game of 0.1 s topped the plot at 1 s, labelled "1 s, 0 s, 0 s".
    from screen.records_paint import plot_labels

    for top in (1.0, 1.7, 4.0, 9.96, 10.0, 22.0, 150.0):
        labels = plot_labels(top)
        assert len(set(labels)) == 3 and labels[-1].startswith("0"), (top, labels)
