"""Each bundled position walked with → as a class would: questions first, then the point.

Issue 23: when the knowledge base is stuck, → goes on to the AI's next
conclusion (exact counting's, or the guess) as a lesson step with its two
beats, and Think shows that same step.
"""

import re
import sys
from pathlib import Path

import pygame
import pytest

import runner
from sweeper import BOARDS, Rule, Step
from sweeper.board import cell_name
from window.app import App
from words.model import cells_text, other_odds, plural, rule_text, step_text

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
POSITIONS = ROOT / "assets" / "positions"
# What each position's "# Teacher:" line says the class should reach, as the answer says it
# (its words, or the reasons of its cells: 08's is the teacher's own).
POINTS = {
    "01": "C3 is a mine",
    "02": "{B2, B3, B4, C2, C4, D2, D3, D4} are safe: the count is 0",
    "03": "gives {C3} = 1",
    "04": "B2 safe and B5 a mine",
    "05": "{B1, B5} safe and B3 a mine",
    "06": "an unavoidable 50/50",
    "07": "C2 a mine. The AI counted 4 arrangements of the mines under A3, B1, B3: 2 fit the "
    "board's 3 mines",
    "08": "B2 = 4 puts 4 mines in its closed cells, all the mines left (4): none is left for A4, "
    "B4 and C4, which are safe",
    "09": "Guess C1: 24% mine, the lowest. The others: C2, D2: 38%; the 12 cells no number touches",
}


def presses_in_the_readme() -> dict[str, int]:
    """Return the positions README's last column: presses of → from the start to the point."""
    found = {}
    for line in (POSITIONS / "README.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("| `0"):
            found[line[3:5]] = int(line.rstrip(" |").rsplit("|", 1)[1])
    return found


PRESSES = presses_in_the_readme()


def deciding(steps, concluded):
    """Return the log's sentences over concluded cells only that settle them (0, or all)."""
    found = set()
    for step in steps:
        for rule in (*step.added, *([step.sentence] if step.sentence else [])):
            if rule.cells <= concluded and rule.count in (0, len(rule.cells)):
                found.add(rule)
    return found


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
        step = ctrl.moment().step
        concluded = step.safes | step.mines
        if frame.asking:
            roles = dict(frame.highlights.roles)
            assert not {roles.get(c) for c in concluded} & {"safe", "mine", "new sentence"}
            assert not {c for c, _ in frame.highlights.marks} & concluded
            assert frame.highlights.choice is None
            if concluded:
                assert cells_text(concluded) not in frame.step.words
            lead = (
                ctrl.ai.steps[ctrl.timeline().lead(ctrl.room.step_index)]
                if step in ctrl.ai.steps
                else step
            )
            for rule in (*step.added, *lead.added):  # the sentence the answer stands on, too
                assert rule_text(rule) not in frame.knowledge.rows
            # Nor a sentence that says the answer by itself: its cells all safe or all mines.
            for said in deciding(ctrl.ai.steps, concluded):
                assert rule_text(said) not in frame.knowledge.rows, (press, rule_text(said))
        elif POINTS[path.name[:2]] in f"{frame.step.words} {frame.step.why}" and reached is None:
            reached = press
    assert reached == PRESSES[path.name[:2]], (path.name, reached)


def seen(frame):
    """Return what a frame shows the class of the lesson: its beat, words, board and marks."""
    return (frame.asking, frame.step, frame.tiles, frame.highlights.roles, frame.highlights.marks)


@pytest.mark.parametrize("path", sorted(POSITIONS.glob("0*.txt")), ids=lambda p: p.name[:2])
def test_think_keeps_the_lesson_s_order_question_then_answer(path):
    # Issue 31: T on 09's opening screen showed the guess at once, its question skipped.
    walked = [seen(f) for f in walk(opened(path))]
    thought = opened(path)
    thought.do("think")  # the opening screen: the first question
    assert seen(thought.frame()) == walked[0]
    for press, beat in enumerate(walked[1:], start=1):
        if walked[press - 1][0]:  # on a question, T gives its answer, as → does
            thought.do("think")
        else:
            thought.do("step")
        assert seen(thought.frame()) == beat, (path.name, press)


@pytest.mark.parametrize("name", [p.stem for p in sorted(POSITIONS.glob("0[4-9]*.txt"))])
def test_think_after_an_answer_goes_to_the_question_of_the_ai_s_next(name):
    walked = opened(POSITIONS / f"{name}.txt")
    frames = list(walk(walked))
    thought = opened(POSITIONS / f"{name}.txt")
    thought.do("step")
    thought.do("step")  # an answer beat
    thought.do("think")
    assert thought.frame().asking and thought.room.step_index == walked.room.step_index
    assert "is the AI's next conclusion: its question first" in thought.message
    played = thought.session.think().cell  # the cell A plays is the question's answer
    assert cell_name(played) not in thought.message  # not named while the class answers
    thought.do("think")
    assert thought.frame().step.words == frames[-1].step.words


@pytest.mark.parametrize("path", sorted(POSITIONS.glob("0*.txt")), ids=lambda p: p.name[:2])
def test_the_first_lesson_step_of_every_position_exports_without_ai_moves(path, tmp_path):
    out = tmp_path / "q.png"
    argv = ["--position", str(path), "--step", "1", "--question", "--size", "1280x720"]
    assert runner.main([*argv, "--export", str(out)]) == 0 and out.exists()


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def test_a_lost_expert_game_shows_no_end_and_no_running_clock_before_its_last_answer():
    clock = FakeClock()
    ctrl = App.new(BOARDS["expert"], seed=3, classroom=True, clock=clock)
    while not ctrl.game.is_over():
        ctrl.do("ai")
        clock.now += 1.5
    assert ctrl.game.lost()
    lessons = ctrl.timeline().lessons
    assert len(lessons) > 100
    for k in lessons:
        ctrl.show(k, 0)
        first = ctrl.frame()
        clock.now += 60  # the class looks at the past: its clock stands still
        frame = ctrl.frame()
        known = ctrl.ai.knowledge_after(k - 1).mines
        tiles = zip(ctrl.game.cells(), frame.tiles, strict=True)
        drawn = {c for c, t in tiles if t in ("mine", "exploded")}
        assert not drawn - known, k
        assert frame.status == "Playing" and frame.state == "playing" and frame.mood == "playing"
        assert frame.time == first.time and "lost" not in frame.message
    # At an earlier moment every refused command says so, and nothing of the end.
    ctrl.do("home")
    ctrl.do("step")  # an answer beat, at an earlier moment
    for name, arg in [("reveal", (5, 5)), ("ai", None), ("think", None)]:
        ctrl.do(name, arg)
        assert "earlier moment" in ctrl.message and "mine" not in ctrl.message, name
        assert "lost" not in ctrl.frame().message.lower(), name
    # Auto-play and the keyboard's moves wait for the class to end, at any moment.
    for name in ("auto", "reveal-cursor", "flag-cursor", "chord-cursor"):
        ctrl.do(name)
        assert "class" in ctrl.message and "mine" not in ctrl.message, name
        assert "lost" not in ctrl.frame().message.lower(), name
    ctrl.do("end")  # the last lesson step's question: the fatal guess, asked
    frame = ctrl.frame()
    assert frame.asking and frame.status == "Playing" and "exploded" not in frame.tiles
    ctrl.do("step")  # its answer: the end of the game, where it happened
    frame = ctrl.frame()
    assert frame.status == "Lost" and "exploded" in frame.tiles
    assert "was a mine" in frame.message or frame.message == ""
    # The fatal guess is a lesson like the positions' guesses: its question frames the
    # numbers it weighs, its answer puts the other cells' odds of that moment beside it.
    guess = ctrl.ai.steps[lessons[-1]]
    assert guess.rule == "move" and guess.decision.is_guess
    assert "The others: " in frame.step.words and "..." not in frame.step.words
    ctrl.do("back")
    framed = {c for c, role in ctrl.frame().highlights.roles if role == "premise"}
    assert framed and all(c in ctrl.game.revealed for c in framed)


def test_the_moment_shown_has_the_flags_and_words_of_its_time():
    ctrl = App.new(BOARDS["beginner"], seed=5, classroom=True)
    ctrl.do("ai")
    first_words = ctrl.message
    hidden = next(c for c in ctrl.game.cells() if c not in ctrl.game.revealed)
    ctrl.do("flag", hidden)  # a flag placed after that moment
    for _ in range(3):
        ctrl.do("ai")
    ctrl.show(0, 1)
    frame = ctrl.frame()
    tile = dict(zip(ctrl.game.cells(), frame.tiles, strict=True))[hidden]
    assert tile != "flag" and frame.message == first_words


def played(seed):
    """Return an expert game in class, played by the AI to its end."""
    ctrl = App.new(BOARDS["expert"], seed=seed, classroom=True)
    while not ctrl.game.is_over():
        ctrl.do("ai")
    return ctrl


@pytest.mark.parametrize("seed", [3, 4, 10])  # seeds with enumeration steps
def test_an_expert_game_s_arrangement_counts_agree_and_long_lists_are_summarised(seed):
    ctrl = played(seed)
    counted = 0
    for k, step in enumerate(ctrl.ai.steps):
        if step.rule != "enumeration":
            continue
        ctrl.show(k, 1)
        enum = ctrl.moment().enumeration
        assert enum is not None
        words = ctrl.frame().step.words
        many = f"{enum.count:,} arrangement" if enum.count > 1 else "the only arrangement"
        assert many in words, (k, words)
        assert "..." not in words and "…" not in words
        said = ctrl.do("arrangements").said
        if enum.arrangements:
            assert said.startswith(f"Arrangement 1 of {enum.count}:"), said
        counted += 1
    assert counted >= 1


def test_long_cell_lists_are_summarised_not_cut_off():
    edge = frozenset((row, 29) for row in range(12))
    zero = Step("zero", premises=(Rule(edge, 0),), safes=edge)
    assert step_text(zero) == "all 12 cells in A30-L30 are safe: the count is 0"
    assert cells_text(sorted(edge)[:8]).startswith("{A30, B30")  # eight are still named
    odds = {(row, column): "19%" for row in range(3) for column in range(4)}
    assert other_odds((0, 0), odds) == "11 cells in A1-C4: 19%"
    assert other_odds((0, 0), odds, untouched=set(odds) - {(0, 0)}) == (
        "the 11 cells no number touches: 19%"
    )


@pytest.mark.usefixtures("pygame_display")
def test_a_zero_is_drawn_as_a_zero_in_class_only():
    from test_runner import start, view

    from screen import palette

    ctrl = opened(POSITIONS / "02-lone-zero.txt")
    window = start(ctrl)
    zero = (2, 2)  # C3
    for on in (True, False):
        ctrl.room.on = on
        assert ctrl.frame().zeros is on
        window.draw()
        rect = view(ctrl).cell_rect(zero)
        screen = pygame.display.get_surface()
        inked = any(
            tuple(screen.get_at((x, y)))[:3] == palette.FAINT_INK
            for x in range(rect.left, rect.right)
            for y in range(rect.top, rect.bottom)
        )
        assert inked is on


@pytest.mark.parametrize("path", sorted(POSITIONS.glob("0*.txt")), ids=lambda p: p.name[:2])
def test_a_position_played_to_its_end_keeps_the_end_out_of_every_question_beat(path):
    ctrl = opened(path)
    for _ in range(40):
        if ctrl.game.is_over():
            break
        ctrl.do("ai")
    assert ctrl.game.is_over()
    ctrl.do("home")
    asked = 0
    for frame in walk(ctrl, presses=60):
        if frame.asking:
            asked += 1
            assert frame.state == "playing" and frame.status == "Playing", path.name
            words = frame.message.lower()
            assert "won" not in words and "lost" not in words, (path.name, frame.message)
    assert asked and ctrl.frame().state == ctrl.game.status()  # the end, at the last answer


@pytest.mark.parametrize("path", sorted(POSITIONS.glob("0*.txt")), ids=lambda p: p.name[:2])
def test_a_question_frames_its_premises_and_nothing_else(path):
    # 03's first question outlined C3, the larger sentence's own cell, which no legend
    # explained and which pointed at where the answer lands.
    ctrl = opened(path)
    for frame in walk(ctrl):
        if not frame.asking:
            continue
        step = ctrl.moment().step
        lead = ctrl.ai.steps[ctrl.timeline().lead(ctrl.room.step_index)] if (
            step in ctrl.ai.steps
        ) else step
        premises = {c for s in (step, lead) for rule in s.premises for c in rule.cells}
        roles = dict(frame.highlights.roles)
        assert set(roles.values()) <= {"premise"}, path.name
        closed = {c for c in roles if c not in ctrl.game.revealed}
        assert closed <= premises, (path.name, closed - premises)
        assert {c for c in roles if c in ctrl.game.revealed} <= set(frame.numbers)


@pytest.mark.parametrize("path", sorted(POSITIONS.glob("0*.txt")), ids=lambda p: p.name[:2])
def test_the_knowledge_header_counts_the_crosses_and_ticks_on_the_board(path):
    # Also at the answer of the step ahead of the log (04: B2 safe, B5 a mine).
    ctrl = opened(path)
    for press, frame in enumerate(walk(ctrl), start=1):
        marks = [mine for _, mine in frame.highlights.marks]
        header = frame.knowledge.header
        mines, safes = marks.count(True), marks.count(False)
        assert f"{plural(mines, 'mine')}, {plural(safes, 'safe cell')}" in header, (press, header)


def test_the_ai_s_words_for_a_counted_move_name_no_other_count_than_v_s():
    # 07: the numbers allow 4 arrangements, 2 with the mines left. The AI's move once said
    # "in every one of the 2 arrangements" (the expert game: 60, where V shows 5).
    ctrl = opened(POSITIONS / "07-counter-settles.txt")
    said = ctrl.do("ai").said
    proof = next(k for k, s in enumerate(ctrl.ai.steps) if s.rule == "enumeration")
    ctrl.show(proof, 1)
    count = ctrl.moment().enumeration.count
    counts = re.findall(r"(\d+) arrangements?\b", said)
    assert "C2 a mine" in said and all(int(n) == count for n in counts), said


@pytest.mark.parametrize("path", sorted(POSITIONS.glob("0*.txt")), ids=lambda p: p.name[:2])
def test_an_answer_keeps_the_numbers_its_question_framed(path):
    # 01: the question frames B2 ("What does this number tell us?"); its answer, about
    # {B3, C1, C2, C3}, keeps B2 framed, so the class sees which number it came from.
    ctrl = opened(path)
    asked = None
    for frame in walk(ctrl):
        framed = {c for c, role in frame.highlights.roles if c in ctrl.game.revealed}
        if frame.asking:
            asked = framed
        elif asked is not None:
            assert asked <= framed, (path.name, asked - framed)
            asked = None
