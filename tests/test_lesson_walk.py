"""Each bundled position walked with → as a class would: questions first, then the point.

Issue 23: when the knowledge base is stuck, → goes on to the AI's next
conclusion (exact counting's, or the guess) as a lesson step with its two
beats, and Think shows that same step.
"""

from pathlib import Path

import pytest

import runner
from window.app import App
from window.frame import current_step
from window.words import cells_text, rule_text

ROOT = Path(__file__).resolve().parent.parent
POSITIONS = ROOT / "assets" / "positions"
# What each position's "# Teacher:" line says the class should reach, as the answer says it.
POINTS = {
    "01": "C3 is a mine",
    "02": "{B2, B3, B4, C2, C4, D2, D3, D4} are safe: the count is 0",
    "03": "gives {C3} = 1",
    "04": "B2 safe and B5 a mine",
    "05": "{B1, B5} safe and B3 a mine",
    "06": "an unavoidable 50/50",
    "07": "the numbers alone allow 4 arrangements, but only 2 use the 2 mines left",
    "08": "{A4, B4, C4} safe: with 1 mine left, the mine counter decides",
    "09": "Guess C1: 24% mine, the lowest. The others: C2, D2: 38%",
}


def presses_in_the_readme() -> dict[str, int]:
    """Return the positions README's last column: presses of → from the start to the point."""
    found = {}
    for line in (POSITIONS / "README.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("| `0"):
            found[line[3:5]] = int(line.rstrip(" |").rsplit("|", 1)[1])
    return found


PRESSES = presses_in_the_readme()


def opened(path):
    """Return the window's state on a shipped position (in class)."""
    return App.from_position(path.read_text(encoding="utf-8"), name=path.name)


def walk(ctrl, presses=30):
    """Yield the frame after each → until the last beat."""
    for _ in range(presses):
        said = ctrl.do("step").said
        if said:
            return
        yield ctrl.frame()


@pytest.mark.parametrize("path", sorted(POSITIONS.glob("0*.txt")), ids=lambda p: p.name[:2])
def test_walking_a_position_asks_before_it_answers_and_reaches_its_point(path):
    ctrl = opened(path)
    reached = None
    for press, frame in enumerate(walk(ctrl), start=1):
        step = current_step(ctrl)
        concluded = step.safes | step.mines
        if frame.asking:
            roles = dict(frame.highlights.roles)
            assert not {roles.get(c) for c in concluded} & {"safe", "mine", "new sentence"}
            assert not {c for c, _ in frame.highlights.marks} & concluded
            assert frame.highlights.choice is None
            if concluded:
                assert cells_text(concluded) not in frame.step.words
            for rule in step.added:
                assert rule_text(rule) not in frame.knowledge.rows
        elif POINTS[path.name[:2]] in frame.step.words and reached is None:
            reached = press
    assert reached == PRESSES[path.name[:2]], (path.name, reached)


@pytest.mark.parametrize("name", ["04-one-two", "07-counter-settles", "09-best-guess"])
def test_think_in_class_is_the_step_the_arrows_reach(name):
    walked = opened(POSITIONS / f"{name}.txt")
    answers = [f.step.words for f in walk(walked) if not f.asking]
    thought = opened(POSITIONS / f"{name}.txt")
    thought.do("think")
    frame = thought.frame()
    assert not frame.asking and frame.step.words == answers[-1]
    assert thought.room.step_index == walked.room.step_index


@pytest.mark.parametrize("path", sorted(POSITIONS.glob("0*.txt")), ids=lambda p: p.name[:2])
def test_the_first_lesson_step_of_every_position_exports_without_ai_moves(path, tmp_path):
    out = tmp_path / "q.png"
    argv = ["--position", str(path), "--step", "1", "--question", "--size", "1280x720"]
    assert runner.main([*argv, "--export", str(out)]) == 0 and out.exists()
