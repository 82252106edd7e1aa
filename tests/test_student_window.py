"""A student's AI in the window (runner.py --student): it plays behind AI Move, stops at its
first problem and the class shows why, beside what the reference's steps say.

Headless: the App is driven through its one door (App.do) and read through its frames; one
test draws the picture (--export) of a first problem.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import runner
from student.check import check_student
from sweeper.board import cell_name
from sweeper.engine import Rule
from window.app import App
from window.student import state_when

STUDENTS = Path(__file__).resolve().parent / "students"
LIMIT = 0.3


def opened(name: str, seed: int = 2, limit: float = 3.0) -> App:
    """Return the App on seed with a student's file behind AI Move, as runner.py opens it."""
    app = runner.app_from_args(["--seed", str(seed), "--student", str(STUDENTS / name)])
    if limit != 3.0:
        assert app.student is not None
        app.student.close()
        assert app.attach_student(STUDENTS / name, limit) == ""
    return app


def play_to_a_problem(app: App, most: int = 80) -> None:
    """Press G and let the ticks play until auto-play stops (a problem, or the game's end)."""
    app.do("auto")
    for _ in range(most):
        if not app.session.autoplay:
            return
        app.do("tick")
    raise AssertionError("auto-play did not stop")


@pytest.fixture
def closing():
    """Close every App's student process after the test."""
    apps: list[App] = []
    yield apps.append
    for app in apps:
        if app.student is not None:
            app.student.close()


def test_the_window_plays_their_game_and_stops_where_the_check_found_the_first_problem(closing):
    app = opened("no_subset.py")
    closing(app)
    assert app.game.mine_count == 8 and app.game.first_click == "none"  # CS50's rules
    play_to_a_problem(app)
    shown = app.student.showing
    checked = check_student(STUDENTS / "no_subset.py", 1, 2, 3.0).first_problem
    assert shown == checked  # the same seed opens the same problem, move for move
    assert not app.session.autoplay and app.room.on
    frame = app.frame()
    assert frame.step.header == f"Their AI, seed 2, move {checked.move}: missed inference"
    assert "the subset rule" in frame.step.words and "returned None" in frame.step.words
    roles = dict(frame.highlights.roles)
    assert roles[checked.cell] == "selected" and (checked.cell, False) in frame.highlights.marks
    assert frame.knowledge.header.startswith("Their AI then: ")
    assert frame.message == ""  # the box says it: the list gets the message's room


def test_their_sentences_are_marked_right_or_wrong_on_the_real_board(closing):
    app = opened("subset_backwards.py")
    closing(app)
    play_to_a_problem(app)
    problem = app.student.showing
    assert problem.kind == "wrong sentence"
    frame = app.frame()
    rows = frame.knowledge.rows
    cells, count = problem.sentence
    bad = [r for r in rows if r.startswith("✗ {")]
    good = [r for r in rows if r.startswith("✓ {")]
    assert bad and rows[frame.knowledge.bold].startswith("✗")  # the wrong one in view
    mines = app.game.mines
    state = app.student.game.state_at(problem)
    assert len(bad) == sum(1 for c, n in state.knowledge if len(c & mines) != n)
    assert len(good) == sum(1 for c, n in state.knowledge if len(c & mines) == n)
    assert rows[-1].startswith("The reference then: ")
    # The sentence's cells on the board, its real mines crossed.
    roles = dict(frame.highlights.roles)
    assert all(roles[c] == "new sentence" for c in cells)
    assert {c for c, mine in frame.highlights.marks if mine} == cells & mines


def test_a_wrong_mark_is_the_list_s_row_in_view_and_its_truth_is_on_the_board(closing):
    app = opened("marks_mine_safe.py")
    closing(app)
    play_to_a_problem(app)
    problem = app.student.showing
    assert problem.kind == "wrong mark" and problem.detail == "safes"
    frame = app.frame()
    row = frame.knowledge.rows[frame.knowledge.bold]
    assert row.startswith(f"✗ {cell_name(problem.cell)} in self.safes: it is a mine")
    assert (problem.cell, True) in frame.highlights.marks  # crossed: a mine on the real board
    assert "wrong mark" in frame.knowledge.header  # counted apart from the sentences


def test_a_move_held_at_its_problem_is_played_by_the_next_ai_move(closing):
    app = opened("no_subset.py")
    closing(app)
    play_to_a_problem(app)
    held, moves = app.student.held, app.student.game.moves
    assert held is not None and held not in app.game.revealed  # the board before their move
    # the box says why the board has not moved: the move is chosen and waits for A
    words = app.frame().step.words
    assert f"Their AI's move, {cell_name(held)}, waits for A." in words
    app.do("ai")
    assert held in app.game.revealed or app.game.exploded == held
    assert app.student.game.moves == moves + 1 and app.student.held is None


def test_stepping_back_shows_the_reference_s_step_and_what_their_ai_knew_then(closing):
    app = opened("no_subset.py")
    closing(app)
    play_to_a_problem(app)
    for _ in range(6):
        app.do("back")
    frame = app.frame()
    assert frame.replaying and not frame.step.header.startswith("Their AI")
    told = len(frame.numbers)
    assert told < len(app.student.game.told)
    then = state_when(app.student.game, told)  # after the numbers on that board, not later
    sentences = [r for r in frame.knowledge.rows if r[:3] in ("✓ {", "✗ {")]
    assert len(sentences) == len(then.knowledge) and then is not app.student.game.state
    app.do("end")  # the last lesson step's question, then → its answer: the problem again
    app.do("step")
    assert app.frame().step.header.startswith("Their AI, seed 2")


def test_a_click_of_the_player_is_told_to_their_ai_too(closing):
    app = opened("correct.py", seed=5)
    closing(app)
    safe = next(c for c in app.game.cells() if c not in app.game.mines)  # mines placed: rule none
    app.do("reveal", safe)
    assert safe in app.game.revealed
    assert list(app.student.game.told.items()) == list(app.game.revealed.items())


def test_a_new_game_starts_their_ai_afresh(closing):
    app = opened("correct.py")
    closing(app)
    app.do("ai")
    first = app.student.game
    app.do("new")
    if app.armed == "new":  # leaving a started game asks first
        app.do("new")
    app.frame()
    assert app.student.game is not first and app.student.game.game is app.game
    assert app.student.game.told == dict(app.game.revealed)


def test_an_error_stops_their_ai_and_the_game_goes_on_by_hand(closing):
    app = opened("remove_keyerror.py")
    closing(app)
    play_to_a_problem(app)
    problem = app.student.showing
    assert problem.kind == "error" and "KeyError" in app.frame().step.words
    assert "remove_keyerror.py line 77" in app.frame().step.words
    said = app.do("ai").said
    assert said.startswith("Their AI stopped at seed 2") and "N starts a new game" in said
    hidden = next(c for c in app.game.cells() if c not in app.game.revealed)
    app.do("reveal", hidden)
    assert hidden in app.game.revealed or app.game.lost()


def test_an_endless_loop_is_stopped_and_the_window_goes_on(closing):
    app = opened("endless_loop.py", limit=LIMIT)
    closing(app)
    play_to_a_problem(app)
    assert app.student.showing.kind == "timeout"
    assert "no answer within 0.3 s: stopped" in app.frame().step.words
    assert app.do("ai").said.startswith("Their AI stopped")


def test_a_row_of_their_sentences_selects_its_cells(closing):
    app = opened("no_subset.py")
    closing(app)
    play_to_a_problem(app)
    app.do("back")  # off the problem's own picture, onto a step of the reference
    rows = app.frame().knowledge.rows
    index = next(k for k, row in enumerate(rows) if row.startswith("✓ {"))
    app.do("select", index)
    frame = app.frame()
    assert frame.knowledge.selected == index
    rule = app.room.selected
    assert isinstance(rule, Rule) and rule.cells and rows[index].endswith(f"= {rule.count}")
    roles = dict(frame.highlights.roles)
    assert all(roles[c] == "selected" for c in rule.cells)


def test_outside_class_the_panel_says_what_their_ai_holds(closing):
    app = opened("correct.py")
    closing(app)
    app.do("ai")
    frame = app.frame()
    assert not frame.classroom and frame.title.startswith("Their AI: correct.py · ")
    assert frame.summary.startswith("Their AI holds ")


@pytest.mark.parametrize(
    "name,words",
    [("no/such/file.py", "no such file"), ("README.md", "not a Python file")],
)
def test_a_file_that_will_not_do_is_one_line_and_exit_2(capsys, name, words):
    with pytest.raises(SystemExit) as stop:
        runner.main(["--student", name])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert words in err and len(err.strip().splitlines()) == 1


def test_a_file_without_cs50_s_classes_is_one_line_and_exit_2(capsys, tmp_path):
    path = tmp_path / "minesweeper.py"
    path.write_text("class Sentence:\n    pass\n", encoding="utf-8")
    with pytest.raises(SystemExit) as stop:
        runner.main(["--student", str(path)])
    assert stop.value.code == 2
    assert "no class MinesweeperAI" in capsys.readouterr().err


def test_a_picture_of_their_first_problem(tmp_path, capsys):
    out = tmp_path / "first.png"
    argv = ["--student", str(STUDENTS / "marks_mine_safe.py"), "--seed", "2", "--ai-moves", "60"]
    assert runner.main([*argv, "--export", str(out), "--size", "1280x720"]) == 0
    assert out.stat().st_size > 10_000 and "wrote" in capsys.readouterr().out


def test_their_games_are_not_counted_in_the_records(closing, private_data_folder):
    app = opened("correct.py")
    closing(app)
    play_to_a_problem(app, most=200)  # no problem: it plays to the game's end
    assert app.game.is_over() and app.student.game.problems == []
    assert not list(private_data_folder.rglob("*.json"))  # no records, no settings written



def test_a_lesson_position_catches_the_missing_subset_rule_at_its_first_move(closing):
    root = Path(runner.__file__).resolve().parent
    position = root / "assets" / "positions" / "03-subset.txt"
    app = runner.app_from_args(["--student", str(STUDENTS / "no_subset.py"), "--position",
                                str(position)])  # fmt: skip
    closing(app)
    app.do("ai")
    problem = app.student.showing
    assert problem.kind == "missed inference" and problem.move == 1  # the open cells: move 0
    assert problem.verdict.rule == "subset"
    assert app.frame().step.header.endswith("move 1: missed inference")


def test_an_unsafe_move_is_held_and_shown_with_mines_that_keep_every_number(closing):
    app = opened("marks_mine_safe.py")
    closing(app)
    for _ in range(30):  # A plays on past each problem until an unsafe move is shown
        app.do("ai")
        if app.student.showing is not None and app.student.showing.kind == "unsafe move":
            break
    problem = app.student.showing
    assert problem.kind == "unsafe move" and app.student.held == problem.cell
    assert problem.cell not in app.game.revealed  # shown before it is played
    frame = app.frame()
    drawn = dict(frame.highlights.arrangement)
    assert drawn and set(drawn.values()) == {"mine"}
    counter = problem.verdict.counter
    assert problem.cell in counter and drawn.keys() == counter - app.game.revealed.keys()
    for cell, shown in app.game.revealed.items():  # the arrangement keeps every number
        assert sum(n in counter for n in app.game.neighbors(cell)) == shown


def test_the_command_the_check_prints_opens_its_first_problem_in_the_window(capsys, closing):
    import benchmark

    path = STUDENTS / "no_subset.py"
    argv = ["--student", str(path), "--games", "10", "--board", "9x9x10", "--first-click", "safe"]
    assert benchmark.main(argv) == 1
    out = capsys.readouterr().out
    hint = next(line for line in out.splitlines() if line.startswith("See it move by move: "))
    words = hint.removeprefix("See it move by move: ").split()
    assert words[0] == "runner.py"
    app = runner.app_from_args(words[1:])
    closing(app)
    play_to_a_problem(app)
    shown = app.student.showing
    seed = int(words[words.index("--seed") + 1])
    first = check_student(path, 1, seed, 3.0, (9, 9, 10), "safe").first_problem
    assert shown == first and f"seed {seed}, move {first.move}" in out


def test_their_init_raising_opens_the_window_at_that_error(tmp_path, closing):
    text = (STUDENTS / "correct.py").read_text(encoding="utf-8")
    init = "        self.moves_made = set()\n"  # in MinesweeperAI.__init__ only
    path = tmp_path / "minesweeper.py"
    path.write_text(text.replace(init, init + "        1 / 0\n", 1), encoding="utf-8")
    app = runner.app_from_args(["--student", str(path)])
    closing(app)
    problem = app.student.showing
    assert problem.kind == "error" and problem.move == 0 and app.room.on
    assert "ZeroDivisionError" in app.frame().step.words
    assert app.do("ai").said.startswith("Their AI stopped at seed ")


# -- the window names the cause (issue 46) ----------------------------------------------------


def test_a_random_move_onto_their_own_mine_is_shown_and_explained(closing):
    # Held back unplayed, it leaves the reference's next move ahead as a preview: the problem's
    # box is shown all the same, at that very moment.
    app = opened("own_mine.py", seed=6)
    closing(app)
    play_to_a_problem(app)
    problem = app.student.showing
    assert (problem.kind, problem.detail) == ("unsafe move", "own mine")
    assert app.student.problem_shown(app.moment()) is problem
    frame = app.frame()
    assert frame.step.header == f"Their AI, seed 6, move {problem.move}: unsafe move"
    assert "a cell in their own self.mines" in frame.step.words
    assert dict(frame.highlights.roles)[problem.cell] == "selected"
    app.do("back")  # another moment: the reference's steps again, not the problem
    assert app.student.problem_shown(app.moment()) is None


def test_the_list_is_what_their_ai_held_after_the_call_that_went_wrong(closing):
    # swapped.py goes wrong on the first of the 42 add_knowledge calls of seed 2's first move:
    # the list is their state after that call, not after the 42nd.
    app = opened("swapped.py", seed=2)
    closing(app)
    play_to_a_problem(app)
    student, problem = app.student.game, app.student.showing
    at_call = student.state_at(problem)
    end_of_move = state_when(student, len(app.session.game.revealed))
    assert at_call != end_of_move
    assert app.student.state_shown(app.moment()) is at_call
    header = app.frame().knowledge.header
    assert header.startswith(f"Their AI then: {at_call.sentences} sentence")


def test_a_missed_cell_s_tick_reads_missed_in_the_legend(closing):
    app = opened("no_subset.py")
    closing(app)
    play_to_a_problem(app)
    frame = app.frame()
    assert frame.step.legend and frame.step.marks == ((False, "missed: provably safe"),)
    assert (app.student.showing.cell, False) in frame.highlights.marks


def test_a_fresh_game_has_no_undo_line():
    app = runner.app_from_args(["--seed", "4"])
    assert app.do("undo").said == ""
    app.do("reveal", (0, 0))
    assert "no click did" in app.do("undo").said or app.game.lost()
