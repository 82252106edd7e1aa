"""The check of a student's AI (student/, benchmark.py --student) on files written for it.

tests/students/ holds a correct CS50 minesweeper.py and one file per fault;
each fault must be found as its kind, at a seed and move that open it
again. Every claim is checked against a board dealt afresh from the seed or
against the project's own AI told the same numbers, not against the
checker's own say-so. Safety files (exit, crash, print, input, a loop at
import) are written to a temporary folder from the correct one.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
import time
from pathlib import Path

import pytest

import benchmark
from student.check import (
    BEYOND,
    CS50_BOARD,
    CS50_FIRST_CLICK,
    KINDS,
    TIMEOUT_GAMES,
    Call,
    Problem,
    StudentFileError,
    check_student,
    play_game,
)
from student.process import State, StudentProcess
from sweeper.board import cell_name
from sweeper.engine import Rule
from sweeper.game import Game
from sweeper.records import Step
from sweeper.solver import Solver
from words.student import knowledge_lines, problem_line, problem_lines, proof_lines

STUDENTS = Path(__file__).resolve().parent / "students"
CORRECT = STUDENTS / "correct.py"
LIMIT = 0.6  # seconds a call may take here (the endless loop costs this much a game; a
# loaded machine needs the room: a backwards subset rule must show its false sentence first)
GAMES = 8

# Each file's fault: the kind it must be found as, and which case of it.
FAULTS = {
    "marks_mine_safe.py": ("wrong mark", "safes"),
    "no_subset.py": ("missed inference", ""),
    "subset_backwards.py": ("wrong sentence", ""),
    "swapped.py": ("wrong mark", "mines"),
    "remove_keyerror.py": ("error", "raised"),
    "endless_loop.py": ("timeout", "timeout"),
    "raises.py": ("error", "raised"),
    "garbage.py": ("error", "not a cell"),
    "shared_set.py": ("wrong sentence", "shared"),
    "own_mine.py": ("unsafe move", "own mine"),
}


def mines_of(problem: Problem) -> set[tuple[int, int]]:
    """Return the mines of the problem's game, dealt afresh from its seed."""
    game = Game(*problem.board, seed=problem.seed, first_click=problem.first_click)
    return game.mines


def variant(folder: Path, name: str, old: str, new: str) -> Path:
    """Write the correct file with one piece of it replaced: a student's file with one change."""
    text = CORRECT.read_text(encoding="utf-8")
    assert old in text
    path = folder / name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Run benchmark.py with argv; return its exit status, its output and its errors."""
    try:
        status = benchmark.main(argv)
    except SystemExit as stop:
        status = int(stop.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


# -- a correct file ------------------------------------------------------------------------


def test_their_knowledge_counts_every_sentence_they_hold_not_only_those_sent_back():
    # A runaway AI held 824 sentences and sent back 500; the report said "824
    # sentences", listed 12 and then "... and 488 more".
    sent = tuple((frozenset({(0, k % 8), (1, k // 8 % 8)}), 1) for k in range(500))
    state = State(frozenset(), frozenset(), frozenset(), sent, sentences=824)
    lines = knowledge_lines(state, frozenset(), (8, 8))
    assert lines[0] == "Their knowledge then: 824 sentences:"
    listed = [line for line in lines if line.startswith(("  right", "  wrong"))]
    assert lines[len(listed) + 1] == f"  ... and {824 - len(listed)} more"


def test_a_correct_file_has_no_problem_and_exits_0(capsys):
    argv = ["--student", str(CORRECT), "--games", "8", "--seed", "1", "--time-limit", "2"]
    status, out, _ = run([*argv, "--json"], capsys)
    report = json.loads(out)
    assert status == 0
    assert report["games"] == 8 and 0 < report["wins"] <= 8
    for key in ("unsafe_moves", "wrong_marks", "wrong_sentences", "missed_inferences",
                "errors", "timeouts"):  # fmt: skip
        assert report[key] == 0, key
    assert report["first_problem"] is None and report["ok"]
    status, out, _ = run(argv, capsys)
    assert status == 0 and "OK: every call held" in out and "unsafe move" in out


def test_the_project_s_own_minesweeper_py_passes_as_a_student_s():
    tally = check_student(Path(benchmark.__file__).with_name("minesweeper.py"), 6, 1, 5.0)
    assert tally.games == 6 and tally.faults == 0 and tally.wins > 0


def test_a_cell_beyond_cs50_s_rules_is_noted_apart_and_is_no_fault():
    tally = check_student(CORRECT, 20, 1, 2.0)
    assert tally.faults == 0
    beyond = [p for p in tally.problems if p.kind == BEYOND]
    assert not beyond  # kept apart from the problems
    assert tally.counts[BEYOND] > 0  # 20 games hold some; the count says how many
    first = tally.first[BEYOND]
    assert first.verdict is not None and first.verdict.word == "right"
    assert first.verdict.rule in ("counting", "mine count")
    assert "beyond CS50's rules" in problem_line(first)


# -- each fault ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def found() -> dict[str, object]:
    """Check every faulty file once: name -> its tally."""
    return {name: check_student(STUDENTS / name, GAMES, 1, LIMIT) for name in FAULTS}


@pytest.mark.parametrize("name", sorted(FAULTS))
def test_each_fault_is_found_first_as_its_kind(name, found):
    kind, detail = FAULTS[name]
    tally = found[name]
    first = tally.first_problem
    assert first is not None, name
    assert (first.kind, first.detail) == (kind, detail)
    assert tally.first[kind] is first
    assert 1 <= first.seed <= GAMES and first.move >= 1
    assert tally.faults >= 1
    for problem in tally.problems[:5]:  # each in one line, and why under it
        line = problem_line(problem)
        assert line and "\n" not in line
        assert problem_lines(problem, None, mines_of(problem))[0].startswith("Their AI")


@pytest.mark.parametrize("name", sorted(FAULTS))
def test_the_seed_and_move_open_the_same_problem_again(name, found):
    first = found[name].first_problem
    with StudentProcess(STUDENTS / name, LIMIT) as process:
        again, _ = play_game(process, first.seed, CS50_BOARD, CS50_FIRST_CLICK)
    assert unstopped(again.problems[0]) == unstopped(first)


def unstopped(problem: Problem) -> Problem:
    """Return the problem without where a timeout stopped their loop: that varies run to run."""
    failure = problem.failure
    if failure is None or failure.kind != "timeout":
        return problem
    return dataclasses.replace(problem, failure=dataclasses.replace(failure, frames=()))


def test_a_mine_marked_safe_is_a_mine_on_the_board(found):
    tally = found["marks_mine_safe.py"]
    mark = tally.first["wrong mark"]
    assert mark.detail == "safes" and mark.cell in mines_of(mark)
    assert mark.call.name == "add_knowledge"
    # The same AI then plays a cell it marked safe that no number proves safe.
    unsafe = tally.first["unsafe move"]
    assert unsafe.verdict is not None and unsafe.verdict.word != "right"
    assert unsafe.detail == ("mine" if unsafe.cell in mines_of(unsafe) else "luck")


def test_swapped_known_mines_and_safes_mark_a_safe_cell_a_mine(found):
    mark = found["swapped.py"].first["wrong mark"]
    assert mark.detail == "mines" and mark.cell not in mines_of(mark)
    assert "but it is safe" in problem_line(mark)


def test_a_wrong_sentence_does_not_hold_on_the_board(found):
    problem = found["subset_backwards.py"].first["wrong sentence"]
    cells, count = problem.sentence
    assert len(cells & mines_of(problem)) == problem.held != count


def test_a_missed_inference_is_one_the_project_s_ai_makes_from_the_same_numbers(found):
    problem = found["no_subset.py"].first["missed inference"]
    reference = Solver(8, 8)
    for cell, count in problem.numbers:  # told as their AI was: one cell at a time
        reference.add_knowledge(cell, count)
    assert problem.cell in reference.safes and problem.cell not in dict(problem.numbers)
    assert problem.cell not in mines_of(problem)
    assert problem.verdict.rule == "subset" and problem.verdict.proof
    line = problem_line(problem)
    assert "returned None" in line and "the subset rule" in line and "lies inside" in line
    # Their AI had not found it: its state then had the cell nowhere among its safes.
    tally = found["no_subset.py"]
    assert all(p.kind == "missed inference" for p in tally.problems)


def test_an_error_shows_their_traceback_lines_only(found):
    problem = found["remove_keyerror.py"].first_problem
    failure = problem.failure
    assert failure.what.startswith("KeyError")
    assert failure.frames and all(f.file == "remove_keyerror.py" for f in failure.frames)
    assert "self.cells.remove(cell)" in failure.frames[-1].code
    line = problem_line(problem)
    assert "remove_keyerror.py line" in line and "self.cells.remove(cell)" in line
    why = "\n".join(problem_lines(problem, None, mines_of(problem)))
    assert "child.py" not in why and "student/" not in why


def test_an_endless_loop_is_stopped_at_the_limit_and_the_run_goes_on(found):
    problem = found["endless_loop.py"].first_problem
    assert problem.failure.kind == "timeout" and problem.call.name == "add_knowledge"
    # Each stopped game costs the limit, so a run stops after TIMEOUT_GAMES of them.
    tally = check_student(STUDENTS / "endless_loop.py", 40, 1, LIMIT)
    assert tally.games_with["timeout"] == TIMEOUT_GAMES and tally.games < 40
    assert f"{40 - tally.games} games not played" in tally.stopped


def test_garbage_returned_is_an_error_that_names_it(found):
    problem = found["garbage.py"].first_problem
    assert problem.value.startswith("[") and "not a cell" in problem_line(problem)


# -- safety: whatever their code does ----------------------------------------------------------

SAFE_MOVE = "    def make_safe_move(self):\n"


@pytest.mark.parametrize(
    "change,words",
    [
        ("import sys\n        sys.exit(4)\n", "called sys.exit(4)"),
        ("import os\n        os._exit(3)\n", "their process ended (exit status 3)"),
        ("input('your move? ')\n", "raised EOFError"),
        ("x = [0] * 10**11\n", "raised MemoryError"),
        ("return self\n", "not a cell"),
        ("return (8, 0)\n", "off the 8x8 board"),
        ("self.mines = 'mines'\n", "self.mines is 'mines', not a set of cells"),
    ],
)
def test_whatever_their_code_does_the_check_goes_on_and_says_it_in_a_line(tmp_path, change,
                                                                           words):  # fmt: skip
    path = variant(tmp_path, "minesweeper.py", SAFE_MOVE, SAFE_MOVE + "        " + change)
    tally = check_student(path, 3, 1, LIMIT)
    assert tally.games == 3  # each game in a process that works
    problem = tally.first_problem
    assert problem.kind == "error" and problem.move == 1
    line = problem_line(problem)
    assert words in line and "\n" not in line


def test_prints_go_nowhere_and_hurt_nothing(tmp_path):
    loud = SAFE_MOVE + "        print('thinking ' * 1000)\n        import sys\n" \
        "        print('and more', file=sys.stderr)\n"  # fmt: skip
    path = variant(tmp_path, "minesweeper.py", SAFE_MOVE, loud)
    assert check_student(path, 4, 1, LIMIT).faults == 0


def test_their_file_is_never_changed_and_no_bytecode_is_written_beside_it():
    before = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in STUDENTS.iterdir()}
    check_student(STUDENTS / "remove_keyerror.py", 2, 1, LIMIT)
    check_student(CORRECT, 2, 1, LIMIT)
    after = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in STUDENTS.iterdir()}
    assert after == before and "__pycache__" not in after


def test_the_same_run_finds_the_same_problems():
    first = check_student(STUDENTS / "swapped.py", 4, 3, LIMIT)
    second = check_student(STUDENTS / "swapped.py", 4, 3, LIMIT)
    assert first.problems == second.problems and first.counts == second.counts


# -- a file that cannot be checked: one line, exit 2 --------------------------------------------


@pytest.mark.parametrize(
    "text,words",
    [
        ("def f(:\n", "SyntaxError"),
        ("import no_such_module_here\n", "ModuleNotFoundError"),
        ("class Sentence:\n    pass\n", "no class MinesweeperAI"),
        ("while True:\n    pass\n", "took longer than the limit"),
        ("Hello, this is not Python.\n", "SyntaxError"),
    ],
)
def test_a_file_that_is_not_cs50_s_python_is_one_line_and_exit_2(tmp_path, capsys, text, words):
    path = tmp_path / "minesweeper.py"
    path.write_text(text, encoding="utf-8")
    status, out, err = run(["--student", str(path), "--games", "2", "--time-limit", "1"], capsys)
    assert status == 2 and out == ""
    assert words in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


@pytest.mark.parametrize(
    "argv,words",
    [
        (["--student", "no/such/file.py"], "no such file"),
        (["--student", "tests"], "is a folder"),
        (["--student", "README.md"], "not a Python file"),
        (["--student", "minesweeper.py", "--exact"], "--exact does not go with it"),
        (["--time-limit", "2"], "--time-limit: it goes with --student"),
        (["--student", "minesweeper.py", "--time-limit", "0"], "above 0"),
    ],
)
def test_a_bad_argument_is_one_line_and_exit_2(capsys, argv, words):
    status, out, err = run(argv, capsys)
    assert status == 2 and words in err and len(err.strip().splitlines()) == 1


def test_a_student_file_error_says_what_to_give():
    with pytest.raises(StudentFileError, match="their minesweeper.py"):
        check_student(STUDENTS, 1, 1, LIMIT)


def test_the_table_names_every_kind_and_the_first_problem_with_how_to_open_it(capsys):
    path = STUDENTS / "no_subset.py"
    status, out, err = run(["--student", str(path), "--games", "6", "--time-limit", "2"], capsys)
    assert status == 1 and "FAILED" in err
    for kind in (*KINDS, BEYOND):
        assert kind in out
    assert "The first problem: seed " in out and "missed inference" in out
    assert f"runner.py --student {path} --seed " in out
    report = json.loads(run(["--student", str(path), "--games", "6", "--json"], capsys)[1])
    first = report["first_problem"]
    assert set(first) == {"seed", "move", "kind", "what"} and first["kind"] == "missed inference"
    assert report["missed_inferences"] >= 1 and not report["ok"]


def test_a_slow_run_takes_about_the_limit_per_stopped_game():
    started = time.perf_counter()
    tally = check_student(STUDENTS / "endless_loop.py", 3, 2, 0.3)
    took = time.perf_counter() - started
    assert tally.counts["timeout"] >= 1 and took < 3 * 0.3 + 5


def test_another_board_and_first_click_rule_can_be_asked_for(capsys):
    argv = ["--student", str(CORRECT), "--board", "6x6x4", "--first-click", "safe", "--games", "3"]
    status, out, _ = run([*argv, "--json"], capsys)
    report = json.loads(out)
    assert status == 0 and report["board"] == {"height": 6, "width": 6, "mines": 4}
    assert report["first_click"] == "safe" and report["seeds"] == [1, 3]



# -- each check names the cause (issue 46) ---------------------------------------------------


def test_two_sentences_sharing_one_set_is_named_as_the_cause_before_the_wrong_mark_it_makes(found):
    # shared_set.py keeps the caller's set (self.cells = cells) and its subset rule makes
    # Sentence(second.cells, ...) and takes cells out of it: second changes too, and a wrong
    # mark follows within the same call. The check names the sharing first, at that call.
    tally = found["shared_set.py"]
    first = tally.first_problem
    assert (first.kind, first.detail) == ("wrong sentence", "shared")
    assert first.shares is not None and first.shares[0] == first.sentence[0]
    marks = [p for p in tally.problems if p.kind == "wrong mark" and p.seed == first.seed]
    assert marks and marks[0].at >= first.at  # the mark it causes comes at that call or later
    line = problem_line(first)
    assert "two Sentences share one set" in line and "self.cells = cells" in line


def test_a_sentence_changed_in_place_is_not_called_added():
    # A sentence that was there and changed, not by a mark, into a false one: "changed ... into".
    changed = Problem(
        "wrong sentence", 3, Call("add_knowledge", 4, (2, 3), 1), "changed",
        sentence=(frozenset({(5, 3), (6, 3), (7, 3)}), -1), held=1,
        was=(frozenset({(4, 3), (5, 3), (6, 3), (7, 3)}), 0),
    )  # fmt: skip
    line = problem_line(changed)
    assert line.startswith("add_knowledge((2, 3), 1) (C4 shows 1) changed {E4, F4, G4, H4} = 0")
    assert "into {F4, G4, H4} = -1 without adding it" in line
    assert "Do two Sentences share one set?" in line and " added " not in line


def test_a_timeout_says_the_line_their_code_was_on_when_stopped(found):
    problem = found["endless_loop.py"].first_problem
    frames = problem.failure.frames
    assert frames and all(f.file == "endless_loop.py" for f in frames)
    source = (STUDENTS / "endless_loop.py").read_text(encoding="utf-8").splitlines()
    loop = next(k for k, text in enumerate(source, 1) if "while changed:" in text)
    called = next(f for f in frames if f.function == "add_knowledge")
    assert loop <= called.line <= loop + 20  # in the loop that never ends (its head included)
    assert all(f.code == source[f.line - 1].strip() for f in frames)
    line = problem_line(problem)
    assert f"at endless_loop.py line {frames[-1].line}: {frames[-1].code}" in line
    why = problem_lines(problem, None, mines_of(problem))
    assert any(w.startswith("Where their code was when stopped") for w in why)


def test_a_long_proof_is_numbered_as_the_whole_proof(found):
    steps = [
        Step("clue", sentence=Rule(frozenset({(0, k + 1)}), 0), cell=(0, k), shown=0)
        for k in range(20)
    ]
    problem = found["no_subset.py"].first_problem
    lines = proof_lines(problem, steps)
    assert lines[0].startswith("  1. A1 shows 0") and lines[5].startswith("  6. ")
    assert lines[6] == "  (8 steps more)"
    assert lines[7].startswith("  15. A15 shows 0") and lines[-1].startswith("  20. A20 shows 0")


def test_a_cell_in_their_error_is_named_as_the_board_names_it(found):
    line = problem_line(found["remove_keyerror.py"].first_problem)
    assert re.search(r"raised KeyError: [A-H][1-8] \(\d, \d\) at remove_keyerror.py line", line)


def test_a_random_move_onto_their_own_mine_is_found(found):
    first = found["own_mine.py"].first_problem
    assert first.call.name == "make_random_move" and first.cell in found_state_mines(first)
    assert problem_line(first).endswith("a cell in their own self.mines")


def found_state_mines(problem: Problem) -> frozenset:
    """Return their mines when the problem was found (the state it was checked against)."""
    with StudentProcess(STUDENTS / "own_mine.py", LIMIT) as process:
        student, _ = play_game(process, problem.seed, problem.board, problem.first_click)
    return student.state_at(problem).mines


def test_a_call_names_the_cell_it_told_and_an_own_mine_says_what_cs50_asks(found):
    problem = found["remove_keyerror.py"].first_problem
    cell, count = problem.call.cell, problem.call.count
    assert problem_line(problem).startswith(
        f"add_knowledge({cell}, {count}) ({cell_name(cell)} shows {count})"
    )
    own = found["own_mine.py"].first_problem
    why = problem_lines(own, None, mines_of(own))
    assert any("neither played nor known to be mines" in line for line in why)


def test_a_backwards_subset_rule_is_named_with_the_two_sentences_it_used(found):
    # "added {C8} = -1" said what was wrong, not where it came from: the two sentences of
    # theirs whose difference it is, counted the smaller less the larger.
    first = found["subset_backwards.py"].first_problem
    assert first.backwards is not None
    (small, n_small), (big, n_big) = first.backwards
    cells, count = first.sentence
    assert small < big and big - small == cells and count == n_small - n_big != n_big - n_small
    line = problem_line(first)
    assert f"counted {n_small} - {n_big}; the subset rule counts" in line
    for name in ("marks_mine_safe.py", "no_subset.py"):
        assert all(p.backwards is None for p in found[name].problems)
