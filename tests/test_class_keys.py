"""Nothing in class plays, skips or ends by accident: the trial's key sequences (issue 31).

A teacher's trial found Think showing a lost game's end under "Playing", T
skipping 09's question, End landing on a "numbers told" beat in 06 and on an
answer (its question skipped) in a live game, E reading "Step 15 of 14", and
Esc closing the program from the arrangement viewer and from the ? sheet.
Each test replays one of those sequences and reads the frames.
"""

import sys
from pathlib import Path

import pygame
import pytest

from sweeper import BOARDS
from window.app import App

ROOT = Path(__file__).resolve().parent.parent
POSITIONS = ROOT / "assets" / "positions"
sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_runner import press, start  # noqa: E402


def opened(name):
    """Return the window's state on a shipped position (in class)."""
    path = POSITIONS / f"{name}.txt"
    return App.from_position(path.read_text(encoding="utf-8"), name=path.name)


def lost_game():
    """Return expert seed 3 in class, played by the AI to its loss."""
    app = App.new(BOARDS["expert"], seed=3, classroom=True)
    while not app.game.is_over():
        app.do("ai")
    assert app.game.lost()
    return app


def seen(frame):
    """Return what the class sees of a frame: beat, words, board, status, message."""
    return (frame.asking, frame.step, frame.tiles, frame.status, frame.state, frame.message)


def test_t_on_09_s_opening_screen_asks_the_question_first():
    app = opened("09-best-guess")
    app.do("think")
    frame = app.frame()
    assert frame.asking and frame.step.words.startswith("Question: ")
    assert "C1" not in frame.step.words and "24%" not in frame.step.words
    assert frame.highlights.choice is None and not frame.highlights.marks


def test_t_on_the_last_question_of_a_lost_game_gives_that_answer_as_the_arrow_does():
    # The trial: "AI: guess O10: 50% mine ... the game is lost" under a status of "Playing".
    app = lost_game()
    app.do("end")
    asked = app.frame()
    assert asked.asking and asked.status == "Playing" and "lost" not in asked.message.lower()
    arrow = lost_game()
    arrow.do("end")
    arrow.do("step")
    app.do("think")
    assert seen(app.frame()) == seen(arrow.frame())
    assert app.frame().status == "Lost" and "exploded" in app.frame().tiles


def test_t_on_a_question_never_plays_and_never_leaves_the_question_s_lesson():
    app = opened("06-fifty-fifty")
    app.do("home")
    here, revealed = app.room.step_index, dict(app.game.revealed)
    app.do("think")
    assert app.room.step_index == here and not app.frame().asking
    assert app.game.revealed == revealed and not app.game.is_over()


def test_end_in_06_is_the_last_lesson_step_s_question_not_numbers_told():
    app = opened("06-fifty-fifty")
    app.do("end")
    frame = app.frame()
    count = len(app.timeline().lessons)
    assert frame.asking and frame.step.header == f"Lesson step {count} of {count} (the AI's next)"
    assert "Which cell would you click" in frame.step.words


def test_end_in_a_lost_live_game_is_the_fatal_guess_s_question():
    app = lost_game()
    app.do("home")
    app.do("end")
    frame = app.frame()
    last = app.timeline().lessons[-1]
    assert app.room.step_index == last and frame.asking
    assert app.ai.steps[last].rule == "move" and frame.state == "playing"


def test_e_in_06_never_counts_a_step_past_its_total():
    app = opened("06-fifty-fifty")
    app.do("end")  # the AI's next, ahead of the log: where "Step 15 of 14" was read
    if app.room.asking:  # E would show the answer of a question: its answer first
        app.do("step")
    app.do("expand")
    headers = [app.frame().step.header]
    app.do("home")
    for _ in range(40):
        headers.append(app.frame().step.header)
        if app.do("step").said:
            break
    for header in headers:
        number, total = header.removeprefix("Step ").split(":")[0].split(" of ")
        assert 1 <= int(number) <= int(total), header
    assert headers[-1].startswith(f"Step {app.timeline().total} of {app.timeline().total}")


def test_no_header_names_a_step_of_the_log():
    for path in sorted(POSITIONS.glob("0*.txt")):
        app = opened(path.stem)
        for _ in range(30):
            if app.do("step").said:
                break
            header = app.frame().step.header
            assert "(step" not in header and "numbers told" not in header, (path.name, header)


@pytest.mark.usefixtures("pygame_display")
def test_esc_in_07_s_arrangement_viewer_closes_the_viewer_not_the_window():
    app = opened("07-counter-settles")
    window = start(app)
    app.do("end")
    app.do("step")  # the counting step's answer
    press(pygame.K_v)
    window.run(max_iterations=1)
    assert app.room.viewing == 0 and app.frame().highlights.arrangement
    press(pygame.K_ESCAPE)
    window.run(max_iterations=1)  # returns only when the window closes: it must not
    assert pygame.display.get_init() and app.room.viewing is None
    assert not app.frame().highlights.arrangement and "Arrangements hidden" in app.message


@pytest.mark.usefixtures("pygame_display")
def test_esc_on_the_keys_sheet_closes_the_sheet_in_play_and_in_class():
    app = App.new(BOARDS["beginner"], seed=2)
    window = start(app)
    press(pygame.K_SLASH)
    window.run(max_iterations=1)
    assert app.frame().sheet
    press(pygame.K_ESCAPE)
    window.run(max_iterations=1)
    assert not app.frame().sheet and pygame.display.get_init()
    app.do("classroom")
    app.do("keys")
    assert app.frame().keys
    assert not app.do("quit").close and not app.frame().keys


def test_esc_in_class_asks_before_it_leaves():
    app = opened("04-one-two")
    first = app.do("quit")
    assert not first.close and "Esc again" in first.said
    assert app.do("quit").close
    app = opened("04-one-two")
    app.do("quit")
    app.do("step")  # any other key stays
    assert not app.do("quit").close


def test_class_on_a_question_says_the_way_out_in_the_buttons_names_too():
    # A mouse player pressed Class twice on a question and was told only "→ shows the answer".
    app = opened("04-one-two")
    app.do("step")
    assert app.room.asking
    said = app.do("classroom").said
    assert "→ (Step) shows the answer, then C (Class) closes the classroom" in said
    app.do("step")  # the answer: now Class closes the classroom
    app.do("classroom")
    assert not app.room.on
