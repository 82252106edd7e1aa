"""Classroom mode, driven by posted events: steps, Think, the odds overlay, positions."""

import sys
from fractions import Fraction
from pathlib import Path

import pygame
import pytest

import runner
from screen import paint, palette
from screen.layout import layout, minimum_window_size, scale_for
from sweeper import BOARDS, parse_board
from sweeper.game import Game
from window.app import App
from window.frame import listed, step_roles
from words.model import percent

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_runner import click_cell, pick, post_click, press, pump, start, view  # noqa: E402

# Teaching positions of our own, so that these tests do not depend on the shipped ones.
SUBSET = "# subset\n# A2 says one of A3, B3; B2 says two of A3, B3, C3.\n01*.\n02..\n01**\n"
ONE_TWO = "# one-two\n..*...\n*..**.\n.1122.\n"
FIFTY_FIFTY = "# fifty-fifty\n001.\n013*\n01**\n"
SHIPPED = sorted((ROOT / "assets" / "positions").glob("*.txt"))


pytestmark = pytest.mark.usefixtures("pygame_display")


def position(text, **kwargs):
    """Return a controller on a position given as text."""
    return App.from_position(text, **kwargs)


def write(tmp_path, text, name="position.txt"):
    """Write a position file and return its path."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def blend(base, tint):
    """Return the colour of tint (r, g, b, alpha) drawn over base."""
    a = tint[3] / 255
    return tuple(round(b * (1 - a) + t * a) for b, t in zip(base, tint[:3], strict=False))


def inner_pixel(rect):
    """Return a cell's background colour on screen, away from images and digits."""
    screen = pygame.display.get_surface()
    point = (rect.x + int(rect.width * 0.3), rect.y + paint.bevel(rect.width) + 1)
    return tuple(screen.get_at(point))[:3]


def close(a, b, tolerance=3):
    """True when two colours differ by at most tolerance in every channel."""
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=False))


# -- stepping ------------------------------------------------------------------


def test_arrows_step_forward_and_back_without_clicking():
    ctrl = position(SUBSET)
    painter = start(ctrl)
    shown, steps = dict(ctrl.game.revealed), list(ctrl.ai.steps)
    assert ctrl.room.on and ctrl.moment().step is None and len(steps) >= 3
    press(pygame.K_e)  # every step, one at a time
    for _ in range(3):
        press(pygame.K_RIGHT)
    press(pygame.K_LEFT)
    pump(ctrl, painter)
    assert ctrl.room.step_index == 1
    assert ctrl.moment().step is steps[1]
    assert ctrl.game.revealed == shown and ctrl.ai.steps == steps


def test_the_step_buttons_stop_at_both_ends():
    ctrl = position(SUBSET)
    painter = start(ctrl)
    for _ in range(len(ctrl.ai.steps) + 3):
        post_click(next(b.rect.center for b in view(ctrl).buttons if b.command == "step"))
    pump(ctrl, painter)
    assert ctrl.room.step_index == len(ctrl.ai.steps) - 1
    assert "last step" in ctrl.message
    for _ in range(len(ctrl.ai.steps) + 3):
        press(pygame.K_LEFT)
    pump(ctrl, painter)
    assert ctrl.room.step_index == ctrl.timeline().groups[0].last  # the first lesson step
    assert "first step" in ctrl.message


def test_a_subset_step_tints_its_premise_and_its_conclusion():
    ctrl = position(SUBSET)
    painter = start(ctrl)
    index = next(i for i, s in enumerate(ctrl.ai.steps) if s.rule == "subset")
    subset = ctrl.ai.steps[index]
    ctrl.room.step_index = index
    painter.draw()
    cells = view(ctrl).cell_rect
    for cell in subset.premises[0].cells:
        assert close(inner_pixel(cells(cell)), blend(palette.HIDDEN, palette.PREMISE))
    for cell in subset.sentence.cells:
        assert close(inner_pixel(cells(cell)), blend(palette.HIDDEN, palette.DERIVED))
    assert inner_pixel(cells((0, 3))) == palette.HIDDEN  # D1 is in no sentence of this step


def test_the_mine_that_went_off_stays_red_under_the_last_step():
    # A 50/50 the AI loses: the guess is the last step, and the mine it hit
    # is drawn on red, framed rather than tinted, so the class sees it.
    ctrl = position("# lost\n01*\n01.\n")
    painter = start(ctrl)
    ctrl.do("ai")
    assert ctrl.game.lost() and ctrl.game.exploded == (0, 2)
    ctrl.room.step_index = len(ctrl.ai.steps) - 1
    assert ctrl.moment().step.cell == (0, 2)
    painter.draw()
    assert inner_pixel(view(ctrl).cell_rect((0, 2))) == palette.EXPLODED


def test_step_colours_give_conclusions_precedence():
    ctrl = position(ONE_TWO)
    ctrl.do("think")
    enumeration = ctrl.moment().step
    colours = step_roles(enumeration)
    assert enumeration.rule == "enumeration"
    assert all(colours[c] == "safe" for c in enumeration.safes)
    assert all(colours[c] == "mine" for c in enumeration.mines)
    named = set().union(*(p.cells for p in enumeration.premises))
    others = named - enumeration.safes - enumeration.mines
    assert others and all(colours[c] == "premise" for c in others)


def mark_pixel(rect):
    """Return the colour just below a knowledge mark's centre: dark for a mine, white for safe."""
    cx, cy = paint.dot_centre(rect)
    radius = max(5, rect.width // 6)
    return tuple(pygame.display.get_surface().get_at((cx, cy + int(radius * 0.55))))[:3]


def test_classroom_marks_show_what_the_ai_knew_at_the_step_on_screen():
    ctrl = position(SUBSET)
    painter = start(ctrl)
    cells = view(ctrl).cell_rect
    hidden_mines = ctrl.ai.mines - set(ctrl.game.revealed)
    hidden_safes = ctrl.ai.safes - set(ctrl.game.revealed)
    assert hidden_mines and hidden_safes
    painter.draw()  # no step on screen yet: no marks, they would be answers
    for cell in hidden_mines | hidden_safes:
        assert mark_pixel(cells(cell)) == palette.HIDDEN
    press(pygame.K_END)  # the last lesson step's question, then its answer
    press(pygame.K_RIGHT)
    pump(ctrl, painter)
    for cell in hidden_mines:
        assert mark_pixel(cells(cell)) == palette.INK  # a cross on a dark disc
    for cell in hidden_safes:
        assert mark_pixel(cells(cell)) == (255, 255, 255)  # a tick on a light disc
    ctrl.do("classroom")
    painter.draw()
    cells = view(ctrl).cell_rect  # out of class the board has the room the lesson had
    cell = next(iter(hidden_mines))
    assert mark_pixel(cells(cell)) == palette.HIDDEN


# -- Think ---------------------------------------------------------------------


def test_think_shows_the_proof_and_ai_move_then_plays_it():
    ctrl = position(ONE_TWO)
    painter = start(ctrl)
    ctrl.do("classroom")
    shown = dict(ctrl.game.revealed)
    press(pygame.K_t)
    pump(ctrl, painter)
    # Outside class Think stays outside: its conclusion is drawn on the live board.
    frame = ctrl.frame()
    assert not ctrl.room.on and not frame.replaying and frame.numbers == ctrl.game.revealed
    assert pick(ctrl) is not None and ctrl.game.revealed == shown
    step = ctrl.moment().step
    assert step.rule == "enumeration" and pick(ctrl) in step.safes
    assert (pick(ctrl), "safe") in frame.highlights.roles
    assert frame.highlights.choice == pick(ctrl)
    pending = pick(ctrl)
    press(pygame.K_a)
    pump(ctrl, painter)
    assert pending in ctrl.game.revealed and pick(ctrl) is None


def test_thinking_twice_keeps_the_same_pending_move():
    ctrl = position(ONE_TWO)
    ctrl.do("think")
    first, steps = pick(ctrl), len(ctrl.ai.steps)
    ctrl.do("think")
    assert pick(ctrl) == first and len(ctrl.ai.steps) == steps


def test_think_on_a_fifty_fifty_shows_the_guess():
    ctrl = position(FIFTY_FIFTY)
    ctrl.do("step")
    ctrl.do("step")  # the first lesson step's answer: Think goes on to the AI's next
    ctrl.do("think")
    assert ctrl.frame().asking  # its question first
    assert "lesson step" in ctrl.message and "50%" not in ctrl.message
    ctrl.do("think")  # on a question, Think gives its answer
    step = ctrl.moment().step
    assert step.rule == "move" and step.cell == pick(ctrl)
    assert step.decision.probability == Fraction(1, 2)
    # The lesson's answer gives the reason; the message line only points at it.
    box = ctrl.frame().step
    assert box is not None and "50%" in box.words and "unavoidable" in box.words


def test_a_player_move_drops_the_pending_move():
    ctrl = position(ONE_TWO)
    painter = start(ctrl)
    ctrl.do("think")
    ctrl.do("think")  # the question, then its answer: on an answer a click plays
    assert not ctrl.room.asking
    old = ctrl.session.pending
    click_cell(ctrl, (0, 0))
    pump(ctrl, painter)
    # Think's pick is dropped: no outline, and what the AI would play is asked afresh.
    assert not ctrl.room.thought and ctrl.frame().highlights.choice is None
    assert old is not None and ctrl.session.pending is not old


# -- the overlay -----------------------------------------------------------------


def test_key_o_shows_probabilities_and_outlines_the_ai_pick():
    ctrl = position(ONE_TWO)
    painter = start(ctrl)
    press(pygame.K_c)  # the odds are for play, not for the classroom (they give answers)
    press(pygame.K_o)
    pump(ctrl, painter)
    assert ctrl.session.overlay
    exact = ctrl.ai.mine_probabilities()
    assert ctrl.session.probabilities() == {c: (p, percent(p)) for c, p in exact.items()}
    chosen = pick(ctrl)
    assert chosen is not None and exact[chosen] == min(exact.values())
    rect = view(ctrl).cell_rect(chosen)
    screen = pygame.display.get_surface()
    assert tuple(screen.get_at(rect.topleft))[:3] == palette.CHOICE_OUTLINE
    hidden = (0, 0)
    tint = palette.overlay_colour(percent(exact[hidden]))
    assert close(inner_pixel(view(ctrl).cell_rect(hidden)), blend(palette.HIDDEN, tint))
    press(pygame.K_a)
    press(pygame.K_o)
    pump(ctrl, painter)
    assert chosen in ctrl.game.revealed and not ctrl.session.overlay
    assert inner_pixel(view(ctrl).cell_rect(hidden)) == palette.HIDDEN


@pytest.mark.parametrize("rule", ["safe", "opening", "none"])
def test_the_overlay_before_the_first_click_says_the_first_click_is_safe(rule):
    ctrl = App.new(BOARDS["beginner"], seed=2, first_click=rule)
    ctrl.do("overlay")
    said = f"Under the {rule} rule the first click itself is never a mine"
    assert (said in ctrl.message) == (rule != "none")
    ctrl.do("overlay")
    ctrl.do("reveal", (0, 0))
    ctrl.do("overlay")
    assert "first click itself" not in ctrl.message


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_odds_overlay_has_a_key_in_the_board_s_own_colours(size):
    ctrl = App.new(BOARDS["expert"], seed=3)
    for _ in range(10):
        ctrl.do("ai")
    assert ctrl.frame().odds_key is None  # no overlay, no key
    ctrl.do("overlay")
    frame = ctrl.frame()
    assert frame.odds_key is not None and frame.odds_key.marks[::4] == (0, 100)
    pygame.display.set_mode(size)
    screen = pygame.display.get_surface()
    here = layout(size, frame, scale_for(size))
    paint.paint(screen, frame, here, paint.Painter())
    key = here.odds_key
    # In the panel, under the AI's summary and over the help, clear of both.
    assert key.left >= here.panel.left and key.right <= here.panel.right
    assert here.knowledge.bottom <= key.top and key.bottom <= here.help.top
    bar_y = key.y + here.px(22) + here.px(9)  # the middle of the colour bar
    ends = [tuple(screen.get_at((x, bar_y)))[:3] for x in (key.left + 2, key.right - 3)]
    for seen, percentage in zip(ends, ("0%", "100%"), strict=True):
        expected = blend(palette.HIDDEN, palette.overlay_colour(percentage))
        assert close(seen, expected, tolerance=12), (seen, expected, percentage)
    # Darkest at 0%, lightest at 100%, never darker on the way: the board's order.
    light = [sum(tuple(screen.get_at((x, bar_y)))[:3]) for x in range(key.left + 2, key.right - 2)]
    assert all(b >= a - 3 for a, b in zip(light, light[1:], strict=False))
    ctrl.do("classroom")  # the class sees no odds, and no key to them
    assert ctrl.frame().odds_key is None and not ctrl.frame().odds


def test_overlay_colours_run_from_blue_to_yellow():
    blue, yellow = palette.overlay_colour("0%"), palette.overlay_colour("100%")
    assert blue[2] > blue[0] and yellow[0] > yellow[2]
    assert palette.overlay_colour("1%") != palette.overlay_colour("99%")
    assert palette.overlay_ink("0%") == palette.WHITE and palette.overlay_ink("100%") == palette.INK


# -- the knowledge list ------------------------------------------------------------


def test_clicking_a_sentence_highlights_its_cells():
    ctrl = position(ONE_TWO)
    painter = start(ctrl)
    press(pygame.K_RIGHT)  # the list shows from the first step on
    pump(ctrl, painter)
    layout = view(ctrl)
    top = layout.knowledge.y + layout.head + layout.list_line // 2
    first_row = (layout.knowledge.x + 20, top)
    post_click(first_row)
    pump(ctrl, painter)
    sentence = listed(ctrl.moment())[0]
    assert ctrl.room.selected == sentence
    for cell in sentence.cells:
        assert close(inner_pixel(layout.cell_rect(cell)), blend(palette.HIDDEN, palette.SELECTED))
    post_click(first_row)
    pump(ctrl, painter)
    assert ctrl.room.selected is None


def long_knowledge(moves, more):
    """Return an expert game in class, at the smallest window, played until the list is long.

    more(rows): how many sentences count as long, for a list that shows rows of them.
    """
    ctrl = App.new(BOARDS["expert"], seed=8, classroom=True)
    painter = start(ctrl)
    pygame.display.set_mode(minimum_window_size(ctrl.frame()), pygame.RESIZABLE)  # few rows
    rows = view(ctrl).list_rows()
    for _ in range(moves):
        if len(ctrl.ai.knowledge) > more(rows) or ctrl.game.is_over():
            break
        ctrl.do("ai")
    ctrl.do("end")  # the list shows the knowledge after the last step: today's
    return ctrl, painter, view(ctrl).list_rows()  # (a long message takes some of its rows)


def test_the_wheel_scrolls_a_long_knowledge_list_and_stops_at_its_end():
    ctrl, painter, rows = long_knowledge(40, lambda rows: rows + 3)
    assert len(ctrl.ai.knowledge) > rows + 3
    first = ctrl.knowledge().top(rows)  # where the list stands: at the step's sentence
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    pump(ctrl, painter)
    assert ctrl.room.scroll == min(first + 3, len(ctrl.ai.knowledge) - rows)
    for _ in range(30):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    pump(ctrl, painter)
    assert ctrl.room.scroll == len(ctrl.ai.knowledge) - rows
    press(pygame.K_PAGEUP)
    press(pygame.K_PAGEUP)
    pump(ctrl, painter)
    assert ctrl.room.scroll == max(0, len(ctrl.ai.knowledge) - rows - 20)


def test_the_list_scrolls_to_the_step_s_new_sentence_until_scrolled_by_hand():
    ctrl, painter, rows = long_knowledge(60, lambda rows: 2 * rows)
    listed_late = [
        k
        for k, step in enumerate(ctrl.ai.steps)
        if step.added and ctrl.ai.knowledge_after(k).sentences.index(step.added[0]) >= rows
    ]
    assert listed_late, "no step adds a sentence below the first page: the check is too thin"
    k = listed_late[-1]
    ctrl.show(k, 1)
    pump(ctrl, painter)
    new = ctrl.ai.steps[k].added[0]
    assert listed(ctrl.moment())[ctrl.knowledge().bold] == new
    first = ctrl.knowledge().top(view(ctrl).list_rows())
    assert first <= listed(ctrl.moment()).index(new) < first + rows  # on screen, not below it
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3))  # up, by hand
    pump(ctrl, painter)
    assert ctrl.knowledge().top(view(ctrl).list_rows()) == max(0, first - 9)


def test_in_class_the_knowledge_waits_for_the_first_step():
    ctrl = App.from_position(
        (ROOT / "assets" / "positions" / "01-single-neighbour.txt").read_text(encoding="utf-8")
    )
    assert ctrl.room.on and ctrl.room.step_index < 0 and ctrl.ai.mines  # the AI knows C3 is a mine
    assert ctrl.frame().knowledge.withheld  # ... but the panel does not say so yet
    ctrl.do("step")
    assert not ctrl.frame().knowledge.withheld
    ctrl.room.on = False  # outside class: the one-line summary, nothing withheld
    assert ctrl.frame().knowledge is None and "The AI knows" in ctrl.frame().summary


def test_before_the_first_step_the_class_is_told_how_many_lesson_steps_there_are():
    # "Steps: 15 so far" over a position whose arrows go through 2 lesson steps.
    ctrl = App.from_position(
        (ROOT / "assets" / "positions" / "01-single-neighbour.txt").read_text(encoding="utf-8")
    )
    timeline = ctrl.timeline()
    lessons = len(timeline.lessons)
    assert 0 < lessons < timeline.steps  # bookkeeping steps fold into the lesson steps
    assert ctrl.frame().step.header == f"Lesson steps: {lessons} so far"
    ctrl.do("step")
    assert ctrl.frame().step.header == f"Lesson step 1 of {lessons}"  # no step number of the log
    ctrl.do("step")  # its answer (on a question E, which shows every answer, waits)
    ctrl.do("expand")  # E: every step, and the count says so
    ctrl.room.step_index = -1
    assert ctrl.frame().step.header == f"Steps: {timeline.steps} so far"


# -- positions: load, save, reload -------------------------------------------------


def test_a_position_file_tells_the_ai_its_numbers_in_reading_order(tmp_path):
    ctrl = runner.app_from_args(["--position", str(write(tmp_path, SUBSET))])
    board = parse_board(SUBSET)
    assert ctrl.session.title == "subset" and ctrl.room.on
    assert list(ctrl.game.revealed) == board.revealed
    assert ctrl.ai.moves_made == set(board.revealed)
    assert ctrl.ai.total_mines == len(board.mines)
    clues = [s.cell for s in ctrl.ai.steps if s.rule == "clue"]
    assert clues == sorted(clues) and len(clues) >= 2


def test_key_s_saves_a_position_that_reloads_equal(tmp_path):
    ctrl = App.new(BOARDS["beginner"], seed=6, save_dir=tmp_path)
    painter = start(ctrl)
    click_cell(ctrl, (4, 4))
    click_cell(ctrl, (0, 0), button=3)
    press(pygame.K_s)
    pump(ctrl, painter)
    saved = list(tmp_path.glob("*.txt"))
    assert len(saved) == 1 and str(saved[0]) in ctrl.message
    again = runner.app_from_args(["--position", str(saved[0])])
    assert again.game.to_text() == ctrl.game.to_text()
    assert again.game.flags == ctrl.game.flags == {(0, 0)}
    assert again.game.mine_count == ctrl.game.mine_count
    assert again.ai.moves_made == ctrl.ai.moves_made
    title = saved[0].read_text().splitlines()[0].removeprefix("# ")
    assert again.session.title == title and title.startswith("Beginner 9x9, 10 mines")
    assert "seed" not in again.session.title  # the seed deals the mines: a save seals it


def test_saving_a_position_twice_keeps_both_and_keeps_its_note(tmp_path):
    ctrl = position(SUBSET, save_dir=tmp_path)
    first, second = ctrl.do("save").path, ctrl.do("save").path
    assert first != second and first.exists() and second.exists()
    again = runner.app_from_args(["--position", str(second)])
    assert again.session.lesson.note == ctrl.session.lesson.note != ""
    assert again.session.title.startswith("subset (saved ")
    assert Game.from_text(second.read_text()).to_text() == ctrl.game.to_text()


def test_nothing_is_saved_before_the_mines_are_placed(tmp_path):
    ctrl = App.new(BOARDS["cs50"], seed=6, save_dir=tmp_path)
    assert ctrl.do("save").path is None
    assert list(tmp_path.iterdir()) == []
    assert "first click" in ctrl.message


@pytest.mark.parametrize(
    "text, words",
    [
        ("# bad\n01*.\n0x..\n", "line 3, column 2"),
        ("# short\n01*.\n02.\n", "line 3"),
        ("# wrong count\n03*.\n02..\n01**\n", "line 2, column 2"),
    ],
)
def test_a_malformed_position_exits_2_naming_where(tmp_path, text, words, capsys):
    path = write(tmp_path, text)
    with pytest.raises(SystemExit) as exit_info:
        runner.main(["--position", str(path)])
    assert exit_info.value.code == 2
    error = capsys.readouterr().err
    assert words in error and str(path) in error


@pytest.mark.parametrize("path", SHIPPED, ids=[p.name for p in SHIPPED])
def test_each_shipped_position_opens_with_its_title(path):
    ctrl = runner.app_from_args(["--position", str(path)])
    painter = start(ctrl)
    assert ctrl.session.title == parse_board(path.read_text()).title != ""
    assert ctrl.ai.moves_made == set(ctrl.game.revealed)
    ctrl.do("overlay")
    painter.draw()
    exact = ctrl.ai.mine_probabilities()
    assert {c: p for c, (p, _) in ctrl.session.probabilities().items()} == exact


class Ticking:
    """A clock the test moves by hand."""

    def __init__(self):
        self.now = 50.0

    def __call__(self):
        return self.now


def test_the_game_clock_waits_while_the_class_looks_at_the_past():
    clock = Ticking()
    ctrl = App.new(BOARDS["expert"], seed=2, classroom=True, clock=clock)
    ctrl.do("reveal", (8, 15))
    ctrl.do("ai")
    ctrl.do("ai")
    assert not ctrl.game.is_over() and ctrl.session.watch.started is not None
    clock.now += 10
    assert ctrl.session.elapsed() == 10
    ctrl.do("home")  # the first step: an earlier moment
    assert ctrl.frame().time == "Time 0"  # the clock shown is the moment's
    clock.now += 60  # a minute of teaching in the past
    assert ctrl.session.elapsed() == 10
    ctrl.do("step")
    clock.now += 30
    assert ctrl.session.elapsed() == 10
    ctrl.do("end")  # back at now: the clock runs on from where it stopped
    clock.now += 5
    assert ctrl.session.elapsed() == 15
    ctrl.do("home")
    ctrl.do("pause")  # the player's pause and the past do not count twice
    clock.now += 20
    ctrl.do("pause")
    clock.now += 20
    assert ctrl.session.elapsed() == 15
    ctrl.do("end")
    clock.now += 1
    assert ctrl.session.elapsed() == 16
