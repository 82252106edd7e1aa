"""The classroom as a lesson: steps grouped, questions before answers, knowledge as it was then."""

import itertools
import math
import sys
from pathlib import Path

import pygame
import pytest

import runner
from screen import paint, palette
from screen.layout import Zoom, layout, scale_for, status_boxes
from sweeper import BOARDS, Contradiction, Rule, Step
from sweeper.solver import Solver
from window.app import App
from window.frame import step_roles
from window.lesson import question
from words.model import step_text
from words.window import NO_LESSON

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_runner import pick, press, pump, start, view  # noqa: E402

from words.model import cells_summary, other_odds

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted((ROOT / "assets" / "positions").glob("0*.txt"))

pytestmark = pytest.mark.usefixtures("pygame_display")


def opened(path):
    """Return a controller on a shipped position."""
    return App.from_position(path.read_text(encoding="utf-8"), name=path.name)


def as_sets(knowledge):
    """Return knowledge as comparable sets: sentences, mines, unrevealed safes."""
    return ({(r.cells, r.count) for r in knowledge.sentences}, knowledge.mines, knowledge.safes)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name[:2])
def test_the_knowledge_at_each_step_is_the_knowledge_replayed_to_it(path):
    # After the last step of each told cell, the folded log equals a fresh AI
    # given the reveal's cells as safe and told the same numbers: the panel never
    # shows the final state for an old step.
    ctrl = opened(path)
    ai, steps = ctrl.ai, ctrl.ai.steps
    cells = list(ai.revealed.items())
    for told in range(1, len(cells) + 1):
        last = max(k for k, s in enumerate(steps) if s.told <= told)
        fresh = Solver(ai.height, ai.width, ctrl.game.mine_count)
        for cell, _ in cells:  # one reveal: every cell it opened is known safe first
            fresh.mark_safe(cell)
        for cell, count in cells[:told]:
            fresh.add_knowledge(cell, count)
        replayed = fresh.knowledge_after(len(fresh.steps) - 1)
        assert as_sets(ai.knowledge_after(last)) == as_sets(replayed), (path.name, told)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name[:2])
def test_the_panel_shows_the_knowledge_before_the_step_then_after_it(path):
    ctrl = opened(path)
    for group in ctrl.timeline().groups:
        if not group.lesson:
            continue
        ctrl.show(group.last, 0)
        assert ctrl.room.asking
        start = ctrl.timeline().lead(group.last)  # the question starts where its premise was made
        assert as_sets(ctrl.moment().knowledge) == as_sets(ctrl.ai.knowledge_after(start - 1))
        ctrl.do("step")
        assert not ctrl.room.asking and ctrl.room.step_index == group.last
        assert as_sets(ctrl.moment().knowledge) == as_sets(ctrl.ai.knowledge_after(group.last))


def cell_pixels(rect):
    """Return every colour inside a cell on screen."""
    screen = pygame.display.get_surface()
    return {
        tuple(screen.get_at((x, y)))[:3]
        for x in range(rect.x + 1, rect.right - 1, 2)
        for y in range(rect.y + 1, rect.bottom - 1, 2)
    }


def blend(base, tint):
    """Return the colour of tint (r, g, b, alpha) drawn over base."""
    a = tint[3] / 255
    return tuple(round(b * (1 - a) + t * a) for b, t in zip(base, tint[:3], strict=False))


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name[:2])
def test_nothing_drawn_before_the_answer_gives_the_answer_away(path):
    # At a lesson step's question beat, a cell it concludes shows no conclusion
    # colour, no tick and no cross; at the answer beat it does.
    ctrl = opened(path)
    painter = start(ctrl)
    answers = {
        blend(palette.HIDDEN, colour) for colour in (palette.SAFE, palette.MINE, palette.DERIVED)
    }
    checked = 0
    for group in ctrl.timeline().groups:
        ahead = ctrl.timeline().is_ahead(group.last)  # the lesson the AI works out next
        step = ctrl.timeline().ahead if ahead else ctrl.ai.steps[group.last]
        hidden = (step.safes | step.mines) - set(ctrl.moment().board)
        if not group.lesson or not hidden:
            continue
        ctrl.show(group.last, 0)
        painter.draw()
        cells = view(ctrl).cell_rect
        for cell in hidden:
            seen = cell_pixels(cells(cell))
            assert not any(close_to(c, answers) for c in seen), (path.name, cell)
            assert palette.INK not in seen and (255, 255, 255) not in seen  # no mark
        ctrl.show(group.last, 1)
        painter.draw()
        for cell in hidden:
            seen = cell_pixels(cells(cell))
            assert any(close_to(c, answers) for c in seen)
            checked += 1
    if path.name.startswith(("01", "02", "03")):
        assert checked  # these positions conclude hidden cells: the check bites


def close_to(colour, targets, tolerance=3):
    """True when colour is within tolerance of one of targets in every channel."""
    return any(
        all(abs(a - b) <= tolerance for a, b in zip(colour, t, strict=False)) for t in targets
    )


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name[:2])
def test_folding_keeps_every_step_reachable(path):
    ctrl = opened(path)
    steps = ctrl.ai.steps
    # The timeline's groups: a subset step that makes a one-cell sentence folds too.
    timeline = ctrl.timeline()
    groups = timeline.groups  # the AI's next, when ahead, holds the numbers told before it
    covered = [k for g in groups for k in range(g.first, min(g.last, len(steps) - 1) + 1)]
    assert covered == list(range(len(steps)))  # a partition, in order
    seen_lessons = set()
    for _ in range(3 * len(steps) + 2):
        ctrl.do("step")
        seen_lessons.add(ctrl.room.step_index)
    assert seen_lessons == set(timeline.stops) and set(timeline.lessons) <= seen_lessons
    ctrl.do("expand")
    ctrl.do("home")
    seen_steps = {ctrl.room.step_index}
    for _ in range(len(steps) + 2):
        ctrl.do("step")
        seen_steps.add(ctrl.room.step_index)
        assert ctrl.frame().step.header.startswith(f"Step {ctrl.room.step_index + 1} of ")
    assert seen_steps == set(range(timeline.total))  # E: every step, the AI's next too


def test_position_01_reaches_its_point_within_four_lesson_steps():
    ctrl = opened(ROOT / "assets" / "positions" / "01-single-neighbour.txt")
    lessons = [g for g in ctrl.timeline().groups if g.lesson]
    point = next(
        k for k, g in enumerate(lessons) if (2, 2) in ctrl.ai.steps[g.last].mines
    )  # C3 is the mine
    assert point < 4


def test_keys_home_end_and_a_typed_number_move_between_lesson_steps():
    ctrl = opened(ROOT / "assets" / "positions" / "03-subset.txt")
    painter = start(ctrl)
    lessons = [g.last for g in ctrl.timeline().groups if g.lesson]
    assert len(lessons) >= 3
    press(pygame.K_END)  # the last lesson step's question
    pump(ctrl, painter)
    assert ctrl.room.step_index == lessons[-1] and ctrl.room.asking
    press(pygame.K_HOME)
    pump(ctrl, painter)
    assert ctrl.room.step_index == lessons[0] and ctrl.room.asking
    press(pygame.K_3)
    press(pygame.K_RETURN)
    pump(ctrl, painter)
    assert ctrl.room.step_index == lessons[2] and ctrl.room.asking
    press(pygame.K_9)
    press(pygame.K_RETURN)
    pump(ctrl, painter)
    assert ctrl.room.step_index == lessons[2] and "no step 9" in ctrl.message


@pytest.mark.parametrize(
    ("name", "numbers"),
    [("01-single-neighbour.txt", {(1, 1)}), ("03-subset.txt", {(0, 1), (1, 1)})],
)
def test_a_question_points_at_the_numbers_its_sentences_come_from(name, numbers):
    ctrl = opened(ROOT / "assets" / "positions" / name)
    first = next(g.last for g in ctrl.timeline().groups if g.lesson)
    ctrl.show(first, 0)
    assert ctrl.room.asking
    assert ctrl.moment().numbers == numbers  # B2; A2 and B2
    assert numbers <= set(ctrl.moment().board)  # numbers on the board, not hidden cells
    ctrl.room.preview = ctrl.ai.steps[first]  # Think's step points at nothing of the log
    assert ctrl.moment().numbers == frozenset()


def test_moving_between_steps_clears_words_that_no_longer_hold():
    ctrl = opened(ROOT / "assets" / "positions" / "03-subset.txt")
    painter = start(ctrl)
    press(pygame.K_HOME)
    press(pygame.K_LEFT)  # from the first question: there is nothing before it
    pump(ctrl, painter)
    assert "first step" in ctrl.message
    press(pygame.K_END)
    pump(ctrl, painter)
    assert ctrl.message == ""  # not "That is the first step." at the last one
    press(pygame.K_2)
    pump(ctrl, painter)
    assert "press Enter" in ctrl.message
    press(pygame.K_HOME)
    pump(ctrl, painter)
    assert ctrl.message == "" and ctrl.room.typed == ""  # the half-typed number is dropped


def test_left_arrow_goes_back_one_beat_answer_to_question_to_the_answer_before():
    ctrl = opened(ROOT / "assets" / "positions" / "03-subset.txt")
    lessons = [g.last for g in ctrl.timeline().groups if g.lesson]
    ctrl.show(lessons[1], 1)  # the second lesson step's answer
    ctrl.do("back")
    assert (ctrl.room.step_index, ctrl.room.asking) == (lessons[1], True)
    ctrl.do("back")
    assert (ctrl.room.step_index, ctrl.room.asking) == (lessons[0], False)
    ctrl.do("step")
    assert (ctrl.room.step_index, ctrl.room.asking) == (lessons[1], True)


def test_think_s_outline_goes_when_the_class_steps_to_another_step():
    ctrl = opened(ROOT / "assets" / "positions" / "04-one-two.txt")
    ctrl.do("step")
    ctrl.do("step")  # an answer: Think goes on to the AI's next conclusion
    ctrl.do("think")
    assert ctrl.room.thought and pick(ctrl) is not None
    ctrl.do("home")
    assert not ctrl.room.thought


def test_an_ai_move_in_class_shows_what_it_taught_first_at_now():
    # The class saw the AI's next lesson (04's counting) before A played it: the move
    # shows the first lesson step after that one, at its question, on the board of now.
    ctrl = opened(ROOT / "assets" / "positions" / "04-one-two.txt")
    ctrl.do("step")
    ctrl.do("think")
    before = len(ctrl.ai.steps)
    ctrl.do("ai")
    timeline = ctrl.timeline()
    new = [k for k in timeline.lessons if k >= before]
    assert len(new) >= 2 and ctrl.room.step_index == new[1] and ctrl.room.asking
    assert not ctrl.moment().replaying
    assert ctrl.message.startswith("AI: ")


def test_an_ai_move_that_teaches_two_lessons_asks_the_first_before_the_second():
    # The trial's 05: A added a subset step and a zero after it; the class was taken to the
    # second, the subset's question skipped.
    ctrl = opened(ROOT / "assets" / "positions" / "05-three-numbers.txt")
    ctrl.do("end")
    if ctrl.room.asking:
        ctrl.do("step")
    for _ in range(6):
        before = len(ctrl.ai.steps)
        ctrl.do("ai")
        if ctrl.game.is_over():
            break
        new = [k for k in ctrl.timeline().lessons if k >= before]
        if new:
            assert ctrl.room.step_index in new[:2] and ctrl.room.asking
        while ctrl.room.asking or ctrl.room.step_index < ctrl.timeline().steps - 1:
            if ctrl.do("step").said:
                break


def test_typed_numbers_and_home_count_lesson_steps_only():
    ctrl = opened(ROOT / "assets" / "positions" / "01-single-neighbour.txt")
    lessons = [g.last for g in ctrl.timeline().groups if g.lesson]
    assert len(lessons) < len(ctrl.timeline().groups)  # numbers told after the last lesson, folded
    ctrl.room.typed = str(len(lessons) + 1)
    ctrl.do("jump")
    assert f"lesson steps run 1 to {len(lessons)}" in ctrl.message
    ctrl.room.typed = str(len(lessons))
    ctrl.do("jump")
    assert ctrl.room.step_index == lessons[-1] and ctrl.room.asking
    # The numbers alone prove nothing: the one lesson step is the AI's next conclusion.
    stuck = opened(ROOT / "assets" / "positions" / "04-one-two.txt")
    assert stuck.timeline().lessons == [len(stuck.ai.steps)]
    stuck.do("home")
    assert stuck.room.asking and stuck.room.step_index == len(stuck.ai.steps)
    plain = App.new(BOARDS["beginner"], seed=1, classroom=True)  # no step at all yet
    plain.do("home")
    assert plain.message == NO_LESSON and plain.room.step_index < 0


def test_words_of_a_number_whose_neighbours_are_all_known_and_of_a_two_number_question():
    ctrl = opened(ROOT / "assets" / "positions" / "01-single-neighbour.txt")
    told = [s for s in ctrl.ai.steps if s.rule == "clue" and (s.known_safes or s.known_mines)]
    assert told  # the reveal's cells were known safe before their numbers were read
    for step in told:
        words = step_text(step)
        assert "hidden" not in words and "known already" in words
        assert step_roles(step) == {step.cell: "premise"}  # no new sentence
    zero = Step("zero", premises=(Rule(frozenset({(0, 0)}), 0),), safes=frozenset({(0, 0)}))
    assert "this number" in question(zero, 1) and "these numbers" in question(zero, 2)


def test_left_arrow_with_no_step_on_screen_goes_to_the_last_step():
    ctrl = App.new(BOARDS["beginner"], seed=5)
    for _ in range(6):
        if ctrl.game.is_over():
            break
        ctrl.do("ai")
    assert ctrl.ai.steps and ctrl.room.step_index < 0
    ctrl.do("back")
    assert ctrl.room.step_index == len(ctrl.ai.steps) - 1 and "first step" not in ctrl.message


def test_no_step_of_a_live_game_names_a_cell_its_board_shows_open():
    checked = 0
    for seed in range(4):
        ctrl = App.new(BOARDS["intermediate"], seed=seed, classroom=True)
        for _ in range(40):
            if ctrl.game.is_over():
                break
            ctrl.do("ai")
        for k, step in enumerate(ctrl.ai.steps):
            ctrl.show(k, 1)
            board = ctrl.moment().board
            # What the knowledge base holds, and what a lesson step reasons from.
            # (A clue's own sentence and the 'known' step that trims it name
            # every neighbour as the number counts them: bookkeeping, folded.)
            premises = step.premises if step.rule in ("zero", "full", "subset") else ()
            named = {c for rule in (*premises, *step.added) for c in rule.cells}
            assert not named & board.keys(), (seed, k, step.rule)
            checked += bool(named)
    assert checked > 100


def test_a_reveal_is_told_as_one_and_a_contradiction_changes_nothing():
    ai = Solver(3, 3, 1)
    ai.add_reveal([((0, 0), 0), ((0, 1), 0), ((1, 0), 0), ((1, 1), 1)])
    assert ai.steps[0].rule == "given" and ai.steps[0].safes == {(0, 0), (0, 1), (1, 0), (1, 1)}
    assert all(
        rule.cells <= {(0, 2), (1, 2), (2, 0), (2, 1), (2, 2)}
        for rule in ai.knowledge_after(len(ai.steps) - 1).sentences
    )
    ai.mark_mine((2, 2))
    before = (list(ai.steps), set(ai.safes), set(ai.mines), dict(ai.revealed))
    with pytest.raises(Contradiction):
        ai.add_reveal([((2, 1), 1), ((2, 2), 1)])  # a known mine cannot be opened
    assert (ai.steps, ai.safes, ai.mines, ai.revealed) == before


def test_a_live_game_replays_its_steps_over_the_board_of_that_moment():
    ctrl = App.new(BOARDS["beginner"], seed=5, classroom=True)
    for _ in range(12):
        if ctrl.game.is_over():
            break
        ctrl.do("ai")
    assert len(ctrl.session.batches) >= 2
    ctrl.do("home")
    early = ctrl.moment().board
    ctrl.do("end")
    late = ctrl.moment().board
    assert len(early) < len(late)
    assert list(early) == list(ctrl.ai.revealed)[: len(early)]  # a moment of the same game


@pytest.mark.parametrize("size", [(1920, 1080), (3840, 2160)])
def test_panel_text_grows_with_the_window(size):
    smallest = scale_for(size).px(14)  # the smallest panel font at scale 1
    assert smallest >= 24 * size[1] // 1080
    ctrl = opened(ROOT / "assets" / "positions" / "03-subset.txt")  # in class, a presentation
    here = layout(size, ctrl.frame(), scale_for(size))
    assert here.font >= 28 * size[1] // 1080 and here.line > here.font
    assert [b.command for b in here.buttons] == ["back", "step", "think", "ai", "classroom"]


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_under_a_wide_board_the_lesson_takes_the_room_the_board_leaves(size):
    ctrl = App.new(BOARDS["expert"], seed=3, classroom=True)
    for _ in range(40):
        ctrl.do("ai")
    ctrl.do("back")
    frame = ctrl.frame()
    here = layout(size, frame, scale_for(size))
    board = here.board_box().union(here.overview) if here.zoomed else here.board_box()
    board_bottom, board_right = board.bottom, board.right
    # The step box sits under the board, as wide as the board's side, clear of the panel.
    assert here.step.top > board_bottom and here.step.bottom <= size[1]
    assert here.step.right <= here.panel.left and here.step.width >= board_right * 9 // 10
    # The panel gives the board width it can use: two thirds of the screen (it had 61%).
    assert board_right >= size[0] * 0.65
    # The panel's list gets the room: it starts under the message, not under a step box.
    assert here.knowledge.top == here.message.bottom + here.px(6) and here.list_rows() >= 5
    assert here.font >= 28 * size[1] // 1080


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_a_lost_game_s_last_words_fit_the_panel_whole(size):
    # "AI: guess O10: 50% mine, ... O10 was a mine: the game is lost. 3BV 101 of 134
    # cleared, 133 clicks (...)": six lines in the panel, once cut at "3BV ...".
    ctrl = App.new(BOARDS["expert"], seed=3, classroom=True)
    while not ctrl.game.is_over():
        ctrl.do("ai")
    ctrl.do("end")
    frame = ctrl.frame()
    here = layout(size, frame, scale_for(size))
    lines = paint.wrap(frame.message, paint.Painter().font(here.font), here.message.width)
    assert len(lines) > 4 and len(lines) * here.line <= here.message.height + 2
    assert here.list_rows() >= 5  # the knowledge list keeps room under it


def test_with_the_lesson_under_the_board_the_counter_and_clock_keep_their_size():
    # "Mines 99" and "Time 198.0" shrank to 22 and 18 px at 1080p beside the face.
    size = (1920, 1080)
    now = [1000.0]
    ctrl = App.new(BOARDS["expert"], seed=3, classroom=True, clock=lambda: now[0])
    while not ctrl.game.is_over():
        ctrl.do("ai")
        now[0] += 1.5  # a long game's clock: 198.0 s
    frame = ctrl.frame()
    here = layout(size, frame, scale_for(size))
    boxes = status_boxes(here.status, here.scale)
    texts = (frame.mines, None, frame.time, frame.status)
    font = paint.Painter().font(here.px(17), bold=True)
    assert here.px(17) >= 28 and "198" in frame.time
    for box, text in zip(boxes, texts, strict=True):
        if text is not None:
            assert font.size(text)[0] <= box.width - here.px(8), text


def test_in_the_panel_the_step_box_takes_the_room_a_short_list_leaves():
    size = (1920, 1080)
    ctrl = App.new(BOARDS["intermediate"], seed=3, classroom=True)  # square: no room below
    ctrl.do("reveal", (8, 8))
    ctrl.show(ctrl.timeline().lessons[0], 0)
    frame = ctrl.frame()
    here = layout(size, frame, scale_for(size))
    assert here.step.left > here.panel.left  # the lesson stays in the panel
    assert not frame.message and here.message.height == 0  # no words said: no room kept
    assert frame.knowledge is not None and len(frame.knowledge.rows) < 6
    assert here.list_rows() >= max(3, len(frame.knowledge.rows))  # every sentence in view
    assert here.step.height > 9 * here.line  # and the step box has the rest


def test_a_small_board_gives_the_lesson_room_under_it():
    size = (1920, 1080)
    ctrl = opened(ROOT / "assets" / "positions" / "07-counter-settles.txt")
    for _ in range(5):  # to the question of its point, the longest question of the nine
        ctrl.do("step")
    here = layout(size, ctrl.frame(), scale_for(size))
    board = here.cell_rect((2, 3))
    assert here.step.top > board.bottom and here.step.right <= here.panel.left
    assert here.cell >= 110  # the board is still large: 110 px cells
    left = here.cell_rect((0, 0)).left - here.px(24)  # its row letters' band, too
    assert abs((left + board.right) // 2 - here.step.centerx) <= 2  # in the middle, over it
    grown = paint.larger_step_text(ctrl.frame().step, here, paint.Painter())
    assert grown.font >= 40 > 33 == here.font  # the question in 40 px or more, not 33


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name[:2])
def test_export_writes_a_picture_of_the_requested_size(path, tmp_path, capsys):
    out = tmp_path / "view.png"
    code = runner.main(["--position", str(path), "--size", "1280x720", "--export", str(out)])
    assert code == 0 and pygame.image.load(str(out)).get_size() == (1280, 720)


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--step", "99"], "lesson step"),
        (["--size", "10x10"], "outside"),
        (["--size", "big"], "not a size"),
    ],
)
def test_a_bad_export_request_is_a_clear_error(argv, words, tmp_path, capsys):
    out = tmp_path / "view.png"
    path = ROOT / "assets" / "positions" / "03-subset.txt"
    code = runner.main(["--position", str(path), *argv, "--export", str(out)])
    assert code == 2 and words in capsys.readouterr().err
    assert not out.exists()


# Machado, Oliveira and Fernandes (2009), severity 1: linear-RGB matrices that
# show what a viewer with each colour-vision deficiency sees.
DEFICIENCIES = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


def simulate(colour, matrix):
    """Return an sRGB colour as a viewer with the deficiency sees it."""

    def linear(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    def gamma(v):
        v = min(max(v, 0.0), 1.0)
        return 255 * (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055)

    rgb = [linear(c) for c in colour]
    return tuple(gamma(sum(m * c for m, c in zip(row, rgb, strict=True))) for row in matrix)


def test_highlight_colours_stay_apart_for_every_colour_vision():
    # Render a lesson step, read each highlight role's swatch off the screen,
    # and check that no two roles come closer than 40 (of 441) in RGB, as seen
    # with normal vision and with each deficiency.
    ctrl = opened(ROOT / "assets" / "positions" / "03-subset.txt")
    painter = start(ctrl)
    ctrl.do("end")
    screen = pygame.display.get_surface()
    painter.draw()
    box = ctrl.frame().step
    seen = {}
    for kind, _, swatch in paint.step_legend(box, view(ctrl), painter.painter):
        if isinstance(kind, tuple):
            seen[kind] = tuple(screen.get_at(swatch.center))[:3]
    assert len(seen) == len(palette.LEGEND)
    for name, matrix in [("normal", None), *DEFICIENCIES.items()]:
        looks = {k: (c if matrix is None else simulate(c, matrix)) for k, c in seen.items()}
        for a, b in itertools.combinations(looks, 2):
            assert math.dist(looks[a], looks[b]) > 40, (name, a, b)
        # Selected, in CIELAB: apart from every role by more than a glance's difference.
        chosen = lab(looks[palette.SELECTED])
        for other in looks.keys() - {palette.SELECTED}:
            assert math.dist(chosen, lab(looks[other])) > 30, (name, other)


def lab(rgb):
    """Return an sRGB colour in CIELAB (D65): lightness first, distances as the eye sees them."""

    def linear(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb)
    xyz = (
        (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
        0.2126 * r + 0.7152 * g + 0.0722 * b,
        (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883,
    )
    fx, fy, fz = (t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in xyz)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def test_the_odds_scale_keeps_its_order_for_every_colour_vision():
    # Each percentage's tint over a hidden cell: lighter as the chance grows, under
    # normal vision and each deficiency, and 0% far from 100%.
    tints = [blend(palette.HIDDEN, palette.overlay_colour(f"{k}%")) for k in range(101)]
    for name, matrix in [("normal", None), *DEFICIENCIES.items()]:
        seen = [lab(c if matrix is None else simulate(c, matrix)) for c in tints]
        lightness = [round(c[0], 6) for c in seen]
        assert lightness == sorted(lightness), name
        assert all(b > a for a, b in zip(lightness[::10], lightness[10::10], strict=False)), name
        assert math.dist(seen[0], seen[100]) > 50, name


@pytest.mark.parametrize("board", ["position", "expert"])
def test_plus_enlarges_the_text_at_1080p_as_far_as_the_panel_holds_it(board):
    # The trial: + at 1920x1080 did nothing ("this window holds only 100%").
    if board == "position":
        ctrl = opened(ROOT / "assets" / "positions" / "03-subset.txt")
    else:
        ctrl = App.new(BOARDS["expert"], seed=3, classroom=True)
        for _ in range(60):
            ctrl.do("ai")
        ctrl.do("end")
    painter = start(ctrl)
    pygame.display.set_mode((1920, 1080))
    painter.stale()
    before = painter.layout().font
    press(pygame.K_PLUS)
    pump(ctrl, painter)
    grown = painter.layout()
    assert grown.font > before and not grown.crowded, ctrl.message
    assert ctrl.message.startswith("Text zoom 115%")
    for _ in range(8):  # far past what fits: held, and said so
        press(pygame.K_PLUS)
    pump(ctrl, painter)
    most = painter.layout()
    assert most.font >= grown.font and not most.crowded
    assert "holds only" in ctrl.message
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_0, mod=pygame.KMOD_CTRL))
    pump(ctrl, painter)
    assert painter.zoom.factor == 1 and painter.layout().font == before


def test_zoom_says_when_the_window_holds_less_than_asked():
    full = (1920, 1080)
    zoom = Zoom()
    words = zoom.change(1.75, full, lambda asked: 1.0)  # the panel's parts hold no more
    assert "175% asked" in words and "holds only 100%" in words
    assert zoom.change(1 / 1.75, full).startswith("Text zoom 100% (")
    assert zoom.change(1.15, (3000, 2000)).startswith("Text zoom 115% (")  # room to grow


def test_a_long_group_of_cells_is_summarised_by_what_it_is_never_cut_off():
    outside = [(r, c) for r in range(10, 16) for c in range(0, 30)]  # 180 cells no number touches
    assert cells_summary(outside, untouched=outside) == "the 180 cells no number touches"
    # Mostly untouched cells, with a few on the frontier: both said, neither cut.
    mixed = [*outside, (3, 4), (3, 5)]
    assert cells_summary(mixed, untouched=outside) == "the 180 cells no number touches and D5, D6"
    many = [*outside, *[(2, c) for c in range(10)]]
    assert cells_summary(many, untouched=outside) == (
        "the 180 cells no number touches and 10 cells in C1-C10"
    )
    assert cells_summary([(0, c) for c in range(8)]) == "8 cells in A1-A8"
    # Beside a guess of one of them, the others are still the cells no number touches.
    odds = {c: "13%" for c in outside}
    assert other_odds(outside[0], odds, untouched=outside) == (
        "the 179 cells no number touches: 13%"
    )
    assert cells_summary([(0, 0), (0, 1)]) == "A1, A2"


def test_a_subset_question_frames_both_sentences_cells():
    # 03: {A3, B3} = 1 inside {A3, B3, C3} = 2. The question is about both sentences, so C3,
    # which only the larger one names, is framed too (it was left plain); the answer then
    # marks {C3} = 1 as the new sentence.
    small = Rule(frozenset({(0, 2), (1, 2)}), 1)
    big = Rule(frozenset({(0, 2), (1, 2), (2, 2)}), 2)
    step = Step("subset", premises=(small, big), sentence=Rule(frozenset({(2, 2)}), 1))
    framed = {(0, 2): "premise", (1, 2): "premise", (2, 2): "premise"}
    assert step_roles(step, asking=True) == framed
    assert step_roles(step)[(2, 2)] == "new sentence"
