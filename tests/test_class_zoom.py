"""A large board in class shows its step large; text wraps instead of shrinking; the deck.

Issue 31 item 4: an expert step at 640x360 had digits of about 6 px and the
knowledge marks vanished; a long answer was drawn smaller than the panel's
text. Item 5: a lesson as a handout deck that prints one page per beat.
"""

import re
from pathlib import Path

import pygame
import pytest

import runner
from screen.layout import LEGIBLE_AT_360, ZOOM_MARGIN, layout, legible_cell, scale_for, wrap
from screen.paint import Painter
from sweeper import BOARDS
from sweeper.judge import judge
from window.answers import is_guess, step_reasons
from window.app import App
from window.deck import beats

ROOT = Path(__file__).resolve().parent.parent
POSITIONS = ROOT / "assets" / "positions"

pytestmark = pytest.mark.usefixtures("pygame_display")


@pytest.fixture(scope="module")
def expert_lessons():
    """Return expert seed 3 in class, played to its end, and its lesson steps."""
    app = App.new(BOARDS["expert"], seed=3, classroom=True)
    while not app.game.is_over():
        app.do("ai")
    return app, app.timeline().lessons


def test_every_step_of_an_expert_game_is_legible_at_640x360(expert_lessons):
    app, lessons = expert_lessons
    size = (1920, 1080)
    zoomed = 0
    for k in lessons:
        for beat in (0, 1):
            app.show(k, beat)
            frame = app.frame()
            view = layout(size, frame, scale_for(size))
            assert view.crowded is False
            for cell in frame.focus:  # every cell the step is about is on screen
                assert view.cell_at(view.cell_rect(cell).center) == cell, (k, beat, cell)
            rows = {r for r, _ in frame.focus}
            columns = {c for _, c in frame.focus}
            span = (max(rows) - min(rows) + 1 + 2 * ZOOM_MARGIN) * legible_cell(size[1])
            wide = (max(columns) - min(columns) + 1 + 2 * ZOOM_MARGIN) * legible_cell(size[1])
            if view.zoomed:
                zoomed += 1
                assert view.overview.width and not view.overview.colliderect(view.board_box())
                assert view.overview.right <= view.panel.left
            if span <= 600 and wide <= 1000:  # a step about one part of the board
                # Scaled to 640x360 (the back row), a cell of LEGIBLE_AT_360 px at least:
                # digits of 0.62 of it, the marks a sixth.
                assert view.cell * 360 // size[1] >= LEGIBLE_AT_360, (k, beat, view.cell)
    assert zoomed > len(lessons)  # most steps are zoomed at 1080p


def test_a_zoomed_board_names_its_rows_and_columns_and_clicks_its_own_cells(expert_lessons):
    app, lessons = expert_lessons
    app.show(lessons[40], 0)
    frame = app.frame()
    view = layout((1920, 1080), frame, scale_for((1920, 1080)))
    assert view.zoomed and view.cell >= legible_cell(1080)
    r0, c0 = view.first
    assert view.cell_at(view.origin) == (r0, c0)  # the top-left cell drawn is the region's
    corner = view.cell_rect((r0 + view.rows - 1, c0 + view.columns - 1))
    assert view.cell_at((corner.right - 1, corner.bottom - 1)) == (
        r0 + view.rows - 1,
        c0 + view.columns - 1,
    )
    assert view.cell_at((corner.right + 1, corner.bottom + 1)) is None


def test_a_guess_shows_every_closed_cell_at_its_question_as_at_its_answer(expert_lessons):
    # "Which cell would you click?" was asked over a part of the board around
    # its numbers (A1 to E8), and its answer, a far corner, then showed it whole.
    app, lessons = expert_lessons
    size = (1920, 1080)
    guesses = 0
    for k in lessons:
        app.show(k, 0)
        if not is_guess(app.moment().step):
            continue
        guesses += 1
        views = []
        for beat in (0, 1):
            app.show(k, beat)
            frame = app.frame()
            closed = {c for c in app.game.cells() if c not in app.moment().board}
            assert closed <= frame.focus, (k, beat)
            view = layout(size, frame, scale_for(size))
            assert all(view.cell_at(view.cell_rect(c).center) == c for c in closed), (k, beat)
            views.append((view.zoomed, view.first, view.rows, view.columns))
        assert views[0] == views[1], k  # the question and its answer show the same part
    assert guesses


def test_a_small_board_is_never_zoomed():
    app = App.from_position((POSITIONS / "04-one-two.txt").read_text(encoding="utf-8"))
    app.do("step")
    view = layout((1280, 720), app.frame(), scale_for((1280, 720)))
    assert not view.zoomed and view.first == (0, 0) and view.rows == app.game.height


@pytest.mark.parametrize("size", [(900, 1000), (1280, 720), (1920, 1080)])
def test_a_long_answer_is_drawn_whole_at_the_panel_s_size(expert_lessons, size):
    # A long answer in the panel was drawn up to a quarter smaller than the panel's text.
    app, lessons = expert_lessons
    longest = max(lessons, key=lambda k: (app.show(k, 1), len(app.frame().step.words))[1])
    app.show(longest, 1)
    frame = app.frame()
    painter = Painter()
    view = layout(size, frame, scale_for(size), painter.font)
    inner = view.step.inflate(-view.px(12), -view.px(8))
    lines = wrap(frame.step.words, painter.font(view.font), inner.width)
    assert len(frame.step.words) > 200 and not view.crowded
    assert (1 + len(lines)) * view.line <= inner.height  # whole, at the panel's size


def test_the_deck_of_07_has_a_page_per_beat_and_the_teacher_s_page_last(tmp_path, capsys):
    folder = tmp_path / "deck"
    path = POSITIONS / "07-counter-settles.txt"
    assert runner.main(["--position", str(path), "--deck", str(folder), "--size", "1280x720"]) == 0
    pages = sorted(folder.glob("*.png"))
    walked = App.from_position(path.read_text(encoding="utf-8"))
    beats = 1  # the opening screen
    while not walked.do("step").said:
        beats += 1
    assert [p.name for p in pages] == [f"{n:02d}.png" for n in range(1, beats + 1)]
    assert all(pygame.image.load(str(p)).get_size() == (1280, 720) for p in pages)
    index = (folder / "index.html").read_text(encoding="utf-8")
    sections = re.findall(r'<section class="page[^"]*">(.*?)</section>', index, re.S)
    assert len(sections) == beats + 1
    title = "When the numbers allow two answers"
    assert all(title in s for s in sections)
    teacher = "With 3 mines in all"  # the # Teacher: line: on its own page, last, only there
    assert teacher in sections[-1] and not any(teacher in s for s in sections[:-1])
    kinds = re.findall(r'<section class="page (\w+)">', index)  # a reader's pages, in order
    assert kinds[0] == "opening" and kinds[-1] == "teacher" and "break-after: page" in index
    assert kinds.count("question") == kinds.count("answer") == beats // 2
    assert all(f'src="{p.name}"' in index for p in pages)


# What only a window can do: a key to press, a cell to click. Paper can do neither.
WINDOW_ONLY = re.compile(r"\(Click|→|Press|\(V |\bV shows|\?: the keys|\bT: |\(T\)")


@pytest.mark.parametrize("name", ["04-one-two.txt", "07-counter-settles.txt", "09-best-guess.txt"])
def test_a_deck_names_no_key_and_asks_for_no_click(name, tmp_path):
    """The trial's finding: the printed pages said "(Click a closed cell to answer ...)",
    "(V shows them)" and "?: the keys", which a sheet of paper cannot do."""
    folder = tmp_path / "deck"
    path = POSITIONS / name
    assert runner.main(["--position", str(path), "--deck", str(folder), "--size", "640x400"]) == 0
    index = (folder / "index.html").read_text(encoding="utf-8")
    assert not WINDOW_ONLY.search(index), WINDOW_ONLY.search(index)
    app = App.from_position(path.read_text(encoding="utf-8"))
    app.on_paper = True
    for _ in beats(app):
        frame = app.frame()
        assert frame.step is not None and frame.knowledge is not None
        shown = [frame.message, frame.help, frame.step.header, frame.step.words]
        shown.append(frame.knowledge.header)
        assert not any(WINDOW_ONLY.search(words) for words in shown), shown


def test_a_deck_refuses_what_it_cannot_do_in_one_line(tmp_path, capsys):
    path = str(POSITIONS / "07-counter-settles.txt")
    file = tmp_path / "a-file"
    file.write_text("x", encoding="utf-8")
    assert runner.main(["--position", path, "--deck", str(file)]) == 2
    assert runner.main(["--position", path, "--deck", str(tmp_path / "d"), "--step", "1"]) == 2
    errors = capsys.readouterr().err.strip().splitlines()
    assert len(errors) == 2 and all(e.startswith("runner.py: error: --") for e in errors)
    assert "--deck" in errors[0] and "--step" in errors[1]


def test_votes_on_a_large_board_leave_the_view_where_it_was(expert_lessons):
    # Issue 45 item 5: each vote on an expert lesson step switched the view between the zoomed
    # step and the whole board (a verdict's numbers and its counter-arrangement joined the
    # focus), so the next click landed on another cell.
    app, lessons = expert_lessons
    size = (1920, 1080)
    voted = 0
    for k in lessons[:40]:
        app.show(k, 0)
        frame = app.frame()
        before = layout(size, frame, scale_for(size))
        if not before.zoomed or is_guess(app.moment().step):
            continue
        shown = [c for c in frame.focus if c not in app.moment().board]
        for n, cell in enumerate(shown[:3]):
            app.do("reveal" if n % 2 == 0 else "flag", cell)  # safe, then a mine: one is wrong
            after = layout(size, app.frame(), scale_for(size))
            assert (after.first, after.cell, after.rows, after.columns) == (
                before.first,
                before.cell,
                before.rows,
                before.columns,
            ), (k, cell)
            voted += 1
    assert voted >= 10


def test_on_a_large_board_the_verdict_and_the_answer_give_one_reason_and_v_s_count(
    expert_lessons,
):
    # Issue 45 item 3: an expert verdict read "60 ways ... numbers 169 cells in A1-P23" where
    # the answer beat said 5. The answer's count is the one V steps through; its reasons, the
    # verdicts' own.
    app, lessons = expert_lessons
    counted = 0
    for k in lessons:
        step = app.ai.steps[k]
        if step.rule != "enumeration":
            continue
        app.show(k, 1)
        m = app.moment()
        words = app.frame().step.words
        counts = {int(n.replace(",", "")) for n in re.findall(r"([\d,]+) arrangements?\b", words)}
        assert counts <= {m.enumeration.count}, (k, words)
        given = {found.argument for found, _ in step_reasons(m)}
        for cell in sorted(step.safes | step.mines)[:3]:
            claim = "mine" if cell in step.mines else "safe"
            assert judge(m.seen(), cell, claim).reason.argument in given, (k, cell)
        counted += 1
    assert counted
