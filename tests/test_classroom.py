"""Classroom mode, driven by posted events: steps, Think, the odds overlay, positions."""

import sys
from fractions import Fraction
from pathlib import Path

import pygame
import pytest

import runner
from minesweeper import Minesweeper, parse_board
from window.words import percent

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_runner import click_cell, post_click, press, pump, start, view  # noqa: E402

# Teaching positions of our own, so that these tests do not depend on the shipped ones.
SUBSET = "# subset\n# A2 says one of A3, B3; B2 says two of A3, B3, C3.\n01*.\n02..\n01**\n"
ONE_TWO = "# one-two\n..*...\n*..**.\n.1122.\n"
FIFTY_FIFTY = "# fifty-fifty\n001.\n013*\n01**\n"
SHIPPED = sorted((ROOT / "assets" / "positions").glob("*.txt"))


pytestmark = pytest.mark.usefixtures("pygame_display")


def position(text, **kwargs):
    """Return a controller on a position given as text."""
    return runner.Controller.from_position(text, **kwargs)


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
    point = (rect.x + int(rect.width * 0.3), rect.y + runner.bevel(rect.width) + 1)
    return tuple(screen.get_at(point))[:3]


def close(a, b, tolerance=3):
    """True when two colours differ by at most tolerance in every channel."""
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=False))


# -- stepping ------------------------------------------------------------------


def test_arrows_step_forward_and_back_without_clicking():
    ctrl = position(SUBSET)
    painter = start(ctrl)
    shown, steps = dict(ctrl.game.revealed), list(ctrl.ai.steps)
    assert ctrl.classroom and ctrl.current_step() is None and len(steps) >= 3
    press(pygame.K_e)  # every step, one at a time
    for _ in range(3):
        press(pygame.K_RIGHT)
    press(pygame.K_LEFT)
    pump(ctrl, painter)
    assert ctrl.step_index == 1
    assert ctrl.current_step() is steps[1]
    assert ctrl.game.revealed == shown and ctrl.ai.steps == steps


def test_the_step_buttons_stop_at_both_ends():
    ctrl = position(SUBSET)
    painter = start(ctrl)
    for _ in range(len(ctrl.ai.steps) + 3):
        post_click(next(b.rect.center for b in view(ctrl).buttons if b.command == "step"))
    pump(ctrl, painter)
    assert ctrl.step_index == len(ctrl.ai.steps) - 1
    assert "last step" in ctrl.message
    for _ in range(len(ctrl.ai.steps) + 3):
        press(pygame.K_LEFT)
    pump(ctrl, painter)
    assert ctrl.step_index == ctrl.lessons()[0].last  # the first lesson step
    assert "first step" in ctrl.message


def test_a_subset_step_tints_its_premise_and_its_conclusion():
    ctrl = position(SUBSET)
    painter = start(ctrl)
    index = next(i for i, s in enumerate(ctrl.ai.steps) if s.rule == "subset")
    subset = ctrl.ai.steps[index]
    ctrl.step_index = index
    runner.draw(pygame.display.get_surface(), ctrl, painter)
    cells = view(ctrl).cell_rect
    for cell in subset.premises[0].cells:
        assert close(inner_pixel(cells(cell)), blend(runner.HIDDEN, runner.PREMISE))
    for cell in subset.sentence.cells:
        assert close(inner_pixel(cells(cell)), blend(runner.HIDDEN, runner.DERIVED))
    assert inner_pixel(cells((0, 3))) == runner.HIDDEN  # D1 is in no sentence of this step


def test_the_mine_that_went_off_stays_red_under_the_last_step():
    # A 50/50 the AI loses: the guess is the last step, and the mine it hit
    # is drawn on red, framed rather than tinted, so the class sees it.
    ctrl = position("# lost\n01*\n01.\n")
    painter = start(ctrl)
    ctrl.ai_move()
    assert ctrl.game.lost() and ctrl.game.exploded == (0, 2)
    ctrl.step_index = len(ctrl.ai.steps) - 1
    assert ctrl.current_step().cell == (0, 2)
    runner.draw(pygame.display.get_surface(), ctrl, painter)
    assert inner_pixel(view(ctrl).cell_rect((0, 2))) == runner.EXPLODED


def test_step_colours_give_conclusions_precedence():
    ctrl = position(ONE_TWO)
    ctrl.think()
    enumeration = ctrl.current_step()
    colours = runner.step_colours(enumeration)
    assert enumeration.rule == "enumeration"
    assert all(colours[c] == runner.SAFE for c in enumeration.safes)
    assert all(colours[c] == runner.MINE for c in enumeration.mines)
    named = set().union(*(p.cells for p in enumeration.premises))
    others = named - enumeration.safes - enumeration.mines
    assert others and all(colours[c] == runner.PREMISE for c in others)


def mark_pixel(rect):
    """Return the colour just below a knowledge mark's centre: dark for a mine, white for safe."""
    cx, cy = runner.dot_centre(rect)
    radius = max(5, rect.width // 6)
    return tuple(pygame.display.get_surface().get_at((cx, cy + int(radius * 0.55))))[:3]


def test_classroom_marks_show_what_the_ai_knew_at_the_step_on_screen():
    ctrl = position(SUBSET)
    painter = start(ctrl)
    screen, cells = pygame.display.get_surface(), view(ctrl).cell_rect
    hidden_mines = ctrl.ai.mines - set(ctrl.game.revealed)
    hidden_safes = ctrl.ai.safes - set(ctrl.game.revealed)
    assert hidden_mines and hidden_safes
    runner.draw(screen, ctrl, painter)  # no step on screen yet: no marks, they would be answers
    for cell in hidden_mines | hidden_safes:
        assert mark_pixel(cells(cell)) == runner.HIDDEN
    press(pygame.K_END)
    pump(ctrl, painter)
    for cell in hidden_mines:
        assert mark_pixel(cells(cell)) == runner.INK  # a cross on a dark disc
    for cell in hidden_safes:
        assert mark_pixel(cells(cell)) == (255, 255, 255)  # a tick on a light disc
    ctrl.toggle_classroom()
    runner.draw(screen, ctrl, painter)
    cell = next(iter(hidden_mines))
    assert mark_pixel(cells(cell)) == runner.HIDDEN


# -- Think ---------------------------------------------------------------------


def test_think_shows_the_proof_and_ai_move_then_plays_it():
    ctrl = position(ONE_TWO)
    painter = start(ctrl)
    ctrl.toggle_classroom()
    shown = dict(ctrl.game.revealed)
    press(pygame.K_t)
    pump(ctrl, painter)
    assert ctrl.classroom  # Think opens the panel
    assert ctrl.pending is not None and ctrl.game.revealed == shown
    step = ctrl.current_step()
    assert step.rule == "enumeration" and ctrl.pending in step.safes
    pending = ctrl.pending
    press(pygame.K_a)
    pump(ctrl, painter)
    assert pending in ctrl.game.revealed and ctrl.pending is None


def test_thinking_twice_keeps_the_same_pending_move():
    ctrl = position(ONE_TWO)
    ctrl.think()
    first, steps = ctrl.pending, len(ctrl.ai.steps)
    ctrl.think()
    assert ctrl.pending == first and len(ctrl.ai.steps) == steps


def test_think_on_a_fifty_fifty_shows_the_guess():
    ctrl = position(FIFTY_FIFTY)
    ctrl.think()
    step = ctrl.current_step()
    assert step.rule == "move" and step.cell == ctrl.pending
    assert step.decision.probability == Fraction(1, 2)
    assert "50%" in ctrl.message


def test_a_player_move_drops_the_pending_move():
    ctrl = position(ONE_TWO)
    painter = start(ctrl)
    ctrl.think()
    click_cell(ctrl, (0, 0))
    pump(ctrl, painter)
    assert ctrl.pending is None


# -- the overlay -----------------------------------------------------------------


def test_key_o_shows_probabilities_and_outlines_the_ai_pick():
    ctrl = position(ONE_TWO)
    painter = start(ctrl)
    press(pygame.K_c)  # the odds are for play, not for the classroom (they give answers)
    press(pygame.K_o)
    pump(ctrl, painter)
    assert ctrl.overlay
    exact = ctrl.ai.mine_probabilities()
    assert ctrl.probabilities() == {c: (p, percent(p)) for c, p in exact.items()}
    pick = ctrl.pending
    assert pick is not None and exact[pick] == min(exact.values())
    rect = view(ctrl).cell_rect(pick)
    screen = pygame.display.get_surface()
    assert tuple(screen.get_at(rect.topleft))[:3] == runner.CHOICE_OUTLINE
    hidden = (0, 0)
    tint = runner.overlay_colour(percent(exact[hidden]))
    assert close(inner_pixel(view(ctrl).cell_rect(hidden)), blend(runner.HIDDEN, tint))
    press(pygame.K_a)
    press(pygame.K_o)
    pump(ctrl, painter)
    assert pick in ctrl.game.revealed and not ctrl.overlay
    assert inner_pixel(view(ctrl).cell_rect(hidden)) == runner.HIDDEN


@pytest.mark.parametrize("rule", ["safe", "opening", "none"])
def test_the_overlay_before_the_first_click_says_the_first_click_is_safe(rule):
    ctrl = runner.Controller(runner.BOARDS["beginner"], seed=2, first_click=rule)
    ctrl.toggle_overlay()
    said = f"Under the {rule} rule the first click itself is never a mine"
    assert (said in ctrl.message) == (rule != "none")
    ctrl.toggle_overlay()
    ctrl.reveal((0, 0))
    ctrl.toggle_overlay()
    assert "first click itself" not in ctrl.message


def test_overlay_colours_run_from_green_to_red():
    green, red = runner.overlay_colour("0%"), runner.overlay_colour("100%")
    assert green[1] > green[0] and red[0] > red[1]
    assert runner.overlay_colour("1%") != runner.overlay_colour("99%")


# -- the knowledge list ------------------------------------------------------------


def test_clicking_a_sentence_highlights_its_cells():
    ctrl = position(ONE_TWO)
    painter = start(ctrl)
    layout = view(ctrl)
    first_row = (layout.knowledge.x + 20, layout.knowledge.y + runner.LINE + runner.LIST_LINE // 2)
    post_click(first_row)
    pump(ctrl, painter)
    sentence = ctrl.ai.knowledge[0]
    assert ctrl.selected == (sentence.cells, sentence.count)
    for cell in sentence.cells:
        assert close(inner_pixel(layout.cell_rect(cell)), blend(runner.HIDDEN, runner.SELECTED))
    post_click(first_row)
    pump(ctrl, painter)
    assert ctrl.selected is None


def long_knowledge(moves, more):
    """Return an expert game in class, at the smallest window, played until the list is long.

    more(rows): how many sentences count as long, for a list that shows rows of them.
    """
    ctrl = runner.Controller(runner.BOARDS["expert"], seed=8, classroom=True)
    painter = start(ctrl)
    pygame.display.set_mode(runner.minimum_window_size(ctrl), pygame.RESIZABLE)  # few rows
    rows = view(ctrl).list_rows()
    for _ in range(moves):
        if len(ctrl.ai.knowledge) > more(rows) or ctrl.game.is_over():
            break
        ctrl.ai_move()
    return ctrl, painter, rows


def test_the_wheel_scrolls_a_long_knowledge_list_and_stops_at_its_end():
    ctrl, painter, rows = long_knowledge(40, lambda rows: rows + 3)
    assert len(ctrl.ai.knowledge) > rows + 3
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    pump(ctrl, painter)
    assert ctrl.scroll == 3
    for _ in range(30):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    pump(ctrl, painter)
    assert ctrl.scroll == len(ctrl.ai.knowledge) - rows
    press(pygame.K_PAGEUP)
    press(pygame.K_PAGEUP)
    pump(ctrl, painter)
    assert ctrl.scroll == max(0, len(ctrl.ai.knowledge) - rows - 20)


def test_the_list_scrolls_to_the_step_s_new_sentence_until_scrolled_by_hand():
    ctrl, painter, rows = long_knowledge(60, lambda rows: 2 * rows)
    listed_late = [
        k
        for k, step in enumerate(ctrl.ai.steps)
        if step.added and ctrl.ai.knowledge_after(k).sentences.index(step.added[0]) >= rows
    ]
    assert listed_late, "no step adds a sentence below the first page: the check is too thin"
    k = listed_late[-1]
    ctrl._show(k, 1)
    pump(ctrl, painter)
    new = ctrl.ai.steps[k].added[0]
    assert ctrl.focus() == new
    first = runner.first_sentence(ctrl, view(ctrl))
    assert first <= ctrl.listed().index(new) < first + rows  # on screen, not below it
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3))  # up, by hand
    pump(ctrl, painter)
    assert runner.first_sentence(ctrl, view(ctrl)) == max(0, first - 9)


def test_in_class_the_knowledge_waits_for_the_first_step():
    ctrl = runner.Controller.from_position(
        (ROOT / "assets" / "positions" / "01-single-neighbour.txt").read_text(encoding="utf-8")
    )
    assert ctrl.classroom and ctrl.step_index < 0 and ctrl.ai.mines  # the AI knows C3 is a mine
    assert ctrl.knowledge_withheld()  # ... but the panel does not say so yet
    ctrl.step_forward()
    assert not ctrl.knowledge_withheld()
    ctrl.classroom = False
    assert not ctrl.knowledge_withheld()


# -- positions: load, save, reload -------------------------------------------------


def test_a_position_file_tells_the_ai_its_numbers_in_reading_order(tmp_path):
    ctrl = runner.controller_from_args(["--position", str(write(tmp_path, SUBSET))])
    board = parse_board(SUBSET)
    assert ctrl.title == "subset" and ctrl.classroom
    assert list(ctrl.game.revealed) == board.revealed
    assert ctrl.ai.moves_made == set(board.revealed)
    assert ctrl.ai.total_mines == len(board.mines)
    clues = [s.cell for s in ctrl.ai.steps if s.rule == "clue"]
    assert clues == sorted(clues) and len(clues) >= 2


def test_key_s_saves_a_position_that_reloads_equal(tmp_path):
    ctrl = runner.Controller(runner.BOARDS["beginner"], seed=6, save_dir=tmp_path)
    painter = start(ctrl)
    click_cell(ctrl, (4, 4))
    click_cell(ctrl, (0, 0), button=3)
    press(pygame.K_s)
    pump(ctrl, painter)
    saved = list(tmp_path.glob("*.txt"))
    assert len(saved) == 1 and str(saved[0]) in ctrl.message
    again = runner.controller_from_args(["--position", str(saved[0])])
    assert again.game.to_text() == ctrl.game.to_text()
    assert again.game.flags == ctrl.game.flags == {(0, 0)}
    assert again.game.mine_count == ctrl.game.mine_count
    assert again.ai.moves_made == ctrl.ai.moves_made
    assert again.title == parse_board(saved[0].read_text()).title
    assert "seed 6" in again.title


def test_saving_a_position_twice_keeps_both_and_keeps_its_note(tmp_path):
    ctrl = position(SUBSET, save_dir=tmp_path)
    first, second = ctrl.save_position(), ctrl.save_position()
    assert first != second and first.exists() and second.exists()
    again = runner.controller_from_args(["--position", str(second)])
    assert again.note == ctrl.note != ""
    assert again.title.startswith("subset (saved ")
    assert Minesweeper.from_text(second.read_text()).to_text() == ctrl.game.to_text()


def test_nothing_is_saved_before_the_mines_are_placed(tmp_path):
    ctrl = runner.Controller(runner.BOARDS["cs50"], seed=6, save_dir=tmp_path)
    assert ctrl.save_position() is None
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
    ctrl = runner.controller_from_args(["--position", str(path)])
    painter = start(ctrl)
    assert ctrl.title == parse_board(path.read_text()).title != ""
    assert ctrl.ai.moves_made == set(ctrl.game.revealed)
    ctrl.toggle_overlay()
    runner.draw(pygame.display.get_surface(), ctrl, painter)
    exact = ctrl.ai.mine_probabilities()
    assert {c: p for c, (p, _) in ctrl.probabilities().items()} == exact
