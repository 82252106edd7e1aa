"""The position editor: a teacher draws a lesson, words it, sees what it teaches, saves it.

Issue 47, item 1. The editor is a mode of the window's one command table: its
own commands run there and every other is refused in one line; a stroke of
the mouse draws a row; the numbers follow the mines; what the position
teaches is the AI's first lesson step, its rule and its reason; an unsaved
lesson asks before it is left; nothing is saved that no arrangement fits.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

import runner
from screen.layout import layout, scale_for
from screen.loop import Window
from store.places import data_dir
from sweeper import BOARDS
from sweeper.notation import read_lesson
from window.app import App
from window.commands import TABLE, route, start_editing
from window.editor import CLOSED, MINE, OPEN, Editor, what_it_teaches
from window.modes import EDITOR, MODES, REFUSALS, WORDING
from words.editor import ALL_OPEN, NOTHING_OPEN

ROOT = Path(__file__).resolve().parent.parent
ONE_TWO_ONE = "# The 1-2-1\n.*.*.\n.121.\n"


def editing(editor: Editor | None = None) -> App:
    """Return an App on a fresh game with the editor open over it."""
    app = App.new(BOARDS["cs50"])
    start_editing(app, editor if editor is not None else Editor())
    return app


def one_two_one(app: App) -> None:
    """Draw the 1-2-1 with the editor's commands, as a teacher's clicks do."""
    for _ in range(3):
        app.do("resize", (-1, 0, 5))
    app.do("resize", (0, -1, 5))
    for cell in ((0, 1), (0, 3)):  # a click: press, release
        app.do("press", (cell, False))
        app.do("press", (None, False))
        app.do("reveal", cell)
    app.do("flag", (1, 1))  # a right-button stroke from B2 to B4 opens the three
    app.do("press", ((1, 2), False))
    app.do("press", ((1, 3), False))
    app.do("press", (None, False))


# -- the board -------------------------------------------------------------------------------


def test_a_click_cycles_a_cell_and_a_right_click_goes_back():
    editor = Editor(2, 2)
    seen = [editor.state((0, 0))]
    for _ in range(3):
        editor.cycle((0, 0))
        seen.append(editor.state((0, 0)))
    assert seen == [CLOSED, MINE, OPEN, CLOSED]
    editor.cycle((0, 0), backwards=True)
    assert editor.state((0, 0)) == OPEN


def test_the_numbers_follow_the_mines():
    editor = Editor(2, 3)
    editor.put((1, 1), OPEN)
    assert editor.number((1, 1)) == 0
    editor.put((0, 0), MINE)
    editor.put((0, 2), MINE)
    assert editor.numbers() == {(1, 1): 2}
    editor.put((0, 2), CLOSED)
    assert editor.numbers() == {(1, 1): 1}
    assert editor.text().splitlines()[-2:] == ["*..", ".1."]


def test_a_stroke_gives_every_cell_it_passes_what_the_first_became():
    editor = Editor(3, 6)
    editor.press((1, 0))  # closed -> mine
    for column in range(1, 6):
        editor.press((1, column))
    editor.press((1, 2))  # passed again: nothing changes
    editor.press(None)
    assert {editor.state((1, c)) for c in range(6)} == {MINE} and editor.drag is None
    editor.press((2, 5), backwards=True)  # the right button: closed -> open
    for column in range(4, -1, -1):
        editor.press((2, column))
    editor.press(None)
    assert editor.numbers() == {(2, c): 3 if 0 < c < 5 else 2 for c in range(6)}


def test_the_size_changes_at_the_bottom_and_right_and_keeps_what_is_left():
    editor = Editor(3, 3)
    editor.put((2, 2), MINE)
    editor.put((0, 0), OPEN)
    editor.cursor = (2, 2)
    editor.resize(-1, 0)
    assert (editor.height, editor.width) == (2, 3) and editor.mines == set()
    assert editor.opened == {(0, 0)} and editor.cursor == (1, 2)
    editor.resize(0, 40)
    assert editor.width == 30  # an expert board's width at most


def test_typing_a_field_keeps_it_on_enter_and_puts_it_back_on_escape():
    editor = Editor()
    editor.start("question")
    for key in "Where?x":
        editor.type(key)
    editor.type("backspace")
    editor.type("enter")
    assert editor.lesson.question == "Where?" and editor.field is None
    editor.start("question")
    editor.type("!")
    editor.type("escape")
    assert editor.lesson.question == "Where?"


def test_the_text_written_is_read_back_as_the_same_lesson():
    editor = Editor.from_text(ONE_TWO_ONE)
    editor.lesson = read_lesson("# T\n# Question: Q?\n# Answer: A.\n# Total: hidden\n*1\n")
    again = Editor.from_text(editor.text())
    assert (again.mines, again.opened, again.lesson) == (editor.mines, editor.opened, editor.lesson)
    assert not again.unsaved and editor.unsaved


# -- what it teaches -------------------------------------------------------------------------


def test_the_1_2_1_teaches_counting_by_two_numbers_without_the_total():
    found = Editor.from_text(ONE_TWO_ONE).teaching()
    assert (found.lessons, found.rule, found.cell, found.mine) == (1, "enumeration", (0, 0), False)
    assert found.reason is not None and found.reason.grade == "two"
    assert {n.cell for n in found.reason.numbers} == {(1, 1), (1, 2)}
    assert not found.reason.uses_total


def test_a_lone_0_teaches_one_number_and_a_far_corner_teaches_the_total():
    zero = Editor.from_text("# z\n*...*\n.....\n..0..\n.....\n*...*\n").teaching()
    assert zero.rule == "zero" and zero.reason is not None and zero.reason.grade == "one"
    corner = Editor.from_text("# one mine\n*..\n1..\n...\n")
    counted = corner.teaching()
    assert counted.rule == "enumeration" and counted.cell == (0, 2) and not counted.mine
    assert counted.reason is not None and counted.reason.uses_total
    corner.toggle_total()
    hidden = corner.teaching()
    assert hidden.rule == "move" and hidden.guess is not None and hidden.reason is None
    assert hidden.by_total == {(0, 2), (1, 2), (2, 2)}  # what telling the total would settle


def test_a_board_with_nothing_open_or_nothing_left_teaches_nothing_and_is_not_saved(tmp_path):
    app = editing(Editor(2, 2, path=tmp_path / "x.txt"))
    assert app.editor is not None and app.editor.teaching().problem == NOTHING_OPEN
    assert app.do("save").said.startswith("Not saved: Nothing is open")
    for cell, state in (((0, 0), MINE), ((0, 1), OPEN), ((1, 0), OPEN), ((1, 1), OPEN)):
        app.editor.put(cell, state)
    assert app.editor.teaching().problem == ALL_OPEN
    assert app.do("save").said.startswith("Not saved") and not (tmp_path / "x.txt").exists()


def test_no_board_is_saved_that_no_arrangement_of_mines_fits(tmp_path, monkeypatch):
    found = what_it_teaches((1, 3), frozenset({((0, 1), 2), ((0, 0), 0)}), 1, True)
    assert not found.fits and "No arrangement of mines fits" in found.problem
    app = editing(Editor.from_text(ONE_TWO_ONE, tmp_path / "bad.txt"))
    assert app.editor is not None
    monkeypatch.setattr(Editor, "numbers", lambda self: {(1, 1): 3, (1, 2): 2})
    assert app.do("save").said.startswith("Not saved: No arrangement of mines fits")
    assert not (tmp_path / "bad.txt").exists()


# -- a mode of the one command table ---------------------------------------------------------


def test_every_other_command_is_refused_in_one_line_in_the_editor():
    app = editing()
    assert app.modes()[0] == EDITOR
    before = app.session.game.to_text(), app.room.on
    refused = 0
    for name, command in TABLE.items():
        if EDITOR in command.runs or EDITOR in command.rereads:
            continue
        found = route(app, name, None)
        assert found.refused, name
        assert "\n" not in found.refused
        assert found.refused in (MODES[EDITOR].refusal, REFUSALS.get((EDITOR, command.kind)))
        refused += 1
    assert refused >= 20
    assert (app.session.game.to_text(), app.room.on) == before


def test_the_editor_s_keys_do_what_they_say():
    app = editing()
    one_two_one(app)
    editor = app.editor
    assert editor is not None and editor.text().endswith(".*.*.\n.121.\n")
    app.do("hint")  # H: the total hidden
    assert not editor.lesson.total_told
    app.do("marks")  # Q: the question
    assert app.modes()[0] == WORDING
    for key in "Which cells?":
        app.do("think", typed=key)  # every key types, T included
    app.do("jump", typed="enter")
    assert editor.lesson.question == "Which cells?" and app.modes()[0] == EDITOR
    app.do("select", 4)  # a click on the teacher's row
    app.do("quit", typed="escape")  # Esc while typing puts it back, and stays in the editor
    assert app.modes()[0] == EDITOR and editor.lesson.teacher == ""


def test_the_face_is_n_outside_the_editor_and_nothing_in_it():
    # The face's click was the N key, which the editor reads as "type the teacher's note".
    app = editing()
    said = app.message
    app.do("face")
    assert app.modes()[0] == EDITOR and app.message == said  # not typing, nothing said
    playing = App.new(BOARDS["cs50"], seed=3)
    playing.do("reveal", (0, 0))
    asked = route(playing, "face", None)
    assert asked.name == "new" and asked.asks is not None  # leaving a game asks, as N does


def test_an_unsaved_lesson_asks_before_it_is_left_and_a_saved_one_does_not(tmp_path):
    app = editing(Editor(path=tmp_path / "l.txt"))
    one_two_one(app)
    asked = app.do("quit").said
    assert "not saved" in asked and app.editor is not None
    app.do("hint")  # any other key: no
    app.do("hint")
    assert app.editor is not None and "not saved" in (app.do("classroom").said or "")
    app.do("save")
    assert (tmp_path / "l.txt").exists()
    assert app.do("quit").said == "Editor closed." and app.editor is None


def test_no_setting_or_record_changes_while_editing(tmp_path):
    app = editing(Editor(path=tmp_path / "l.txt"))
    one_two_one(app)
    for name in ("first-click", "marks", "ai-flags", "custom", "stats", "new", "restart", "ai"):
        app.do(name)
    app.do("save")
    app.do("quit")
    assert not (data_dir() / "settings.json").exists()
    assert not (data_dir() / "statistics.json").exists()
    assert app.session.watch.started is None  # the game under it never started


def test_c_teaches_the_lesson_drawn_and_l_comes_back_to_the_same_editor(tmp_path):
    app = editing(Editor(path=tmp_path / "l.txt"))
    one_two_one(app)
    app.do("classroom")  # unsaved: asks
    said = app.do("classroom").said or ""
    assert said.startswith("Teaching") and app.editor is None and app.room.on
    assert app.session.position_text is not None and app.timeline().lessons
    editor = app.last_editor
    app.do("edit")
    assert app.editor is editor and editor is not None and editor.unsaved


def test_esc_closes_a_window_started_for_the_editor_until_it_teaches(tmp_path):
    # A teacher who ran --edit came for the editor: Esc closed it into a CS50 game.
    app = runner.app_from_args(["--edit", str(tmp_path / "new.txt")])
    assert "Esc closes the window" in app.message
    assert app.do("quit").close  # nothing drawn: nothing to ask about
    app = runner.app_from_args(["--edit", str(tmp_path / "new.txt")])
    one_two_one(app)
    app.do("save")
    app.do("classroom")  # C teaches it; L comes back, and Esc then goes back to class
    app.do("edit")
    outcome = app.do("quit")
    assert not outcome.close and app.editor is None and app.room.on


def test_l_in_class_edits_the_lesson_on_screen_and_saves_it_where_it_came_from(tmp_path):
    path = tmp_path / "04.txt"
    path.write_text((ROOT / "assets/positions/04-one-two.txt").read_text(), encoding="utf-8")
    app = runner.app_from_args(["--position", str(path)])
    app.do("edit")
    assert app.editor is not None and app.editor.path == path and not app.editor.unsaved
    assert app.editor.lesson.teacher.startswith("C3 = 1 and C4 = 2")
    app.do("think")  # T: the title, typed
    app.do("key", typed="backspace")
    app.do("key", typed="enter")
    app.do("save")
    assert read_lesson(path.read_text()).title == "A 1 next to a"


def test_runner_edit_opens_the_editor_on_a_new_file_or_refuses_a_bad_one(tmp_path, capsys):
    app = runner.app_from_args(["--edit", str(tmp_path / "new.txt")])
    assert app.editor is not None and app.editor.path == tmp_path / "new.txt"
    bad = tmp_path / "bad.txt"
    bad.write_text("# t\n# Hint: x\n*1\n", encoding="utf-8")
    with pytest.raises(SystemExit) as stop:
        runner.app_from_args(["--edit", str(bad)])
    assert stop.value.code == 2
    assert "line 2: '# Hint:'" in capsys.readouterr().err
    assert runner.main(["--edit", "--export", str(tmp_path / "x.png")]) == 2


# -- in the window ---------------------------------------------------------------------------


@pytest.mark.usefixtures("pygame_display")
def test_in_the_window_a_drag_draws_a_row_and_shift_arrows_size_the_board():
    app = editing(Editor(3, 5))
    window = Window(app)
    window.open()
    pygame.event.clear()
    size = pygame.display.get_surface().get_size()
    view = layout(size, app.frame(), scale_for(size))
    row = [view.cell_rect((1, c)).center for c in range(5)]
    post = pygame.event.post
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=row[0], button=1))
    for pos in row[1:]:
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(1, 0, 0)))
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=row[-1], button=1))
    window.run(max_iterations=2)
    assert app.editor is not None and app.editor.mines == {(1, c) for c in range(5)}
    row = [view.cell_rect((2, c)).center for c in range(5)]
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=row[0], button=3))
    for pos in row[1:]:
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 1)))
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=row[-1], button=3))
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=pygame.KMOD_SHIFT, unicode=""))
    window.run(max_iterations=2)
    assert app.editor.numbers() == {}  # row C opened, then cut off by Shift+↑
    assert (app.editor.height, app.editor.width) == (2, 5)
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=pygame.KMOD_SHIFT, unicode="Q"))
    for key, char in ((pygame.K_x, "X"), (pygame.K_RETURN, "\r")):
        post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=char))
    window.run(max_iterations=2)
    assert app.editor.lesson.question == "X"  # X typed, not a picture taken


def test_the_1_2_1_answer_gives_each_reason_once():
    # Its third reason is a chain that starts with the first: said once, then "Then ...".
    text = "# The 1-2-1\n# Answer: A2 and A4.\n# Total: hidden\n.*.*.\n.121.\n"
    app = App.from_position(text, name="121.txt")
    while not app.frame().asking:  # the opening screen, then the question
        app.do("step")
    app.do("step")  # its answer
    words = app.frame().step.words
    first = "B2 = 1 and B3 = 2 share A2 and A3"
    assert words.count(first) == 1 and "Then B4 = 1 has its mine in A4 already" in words
