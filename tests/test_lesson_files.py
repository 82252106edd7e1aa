"""A lesson file's own words, a hidden mine total, bad files refused, and a sheet for the class.

Issue 47, items 2 to 4: `# Question:` on the question beat and `# Answer:` on
the answer beat (with the AI's reason under it), never together; `# Total:
hidden` keeps the total from the counter, the judge, the answers and the AI;
an unknown or malformed `#` line is one line naming it, exit 2; a deck's
pages are for a reader, and `--questions-only` holds the questions and
nothing else.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pygame
import pytest

import runner
from screen import palette
from sweeper.notation import Lesson, board_rows, lesson_text, parse_board, read_lesson
from window.app import App

ROOT = Path(__file__).resolve().parent.parent
POSITIONS = ROOT / "assets" / "positions"

OWN = """# The 1-2-1
# Look at row B.
# Question: Which closed cells hold the two mines?
# Answer: A2 and A4, the cells under the two 1s.
# Teacher: The pattern: a 1-2-1 puts its mines under the 1s.
# Total: hidden
.*.*.
.121.
"""
ASKED = "Which closed cells hold the two mines?"
ANSWERED = "A2 and A4, the cells under the two 1s."
TEACHER = "a 1-2-1 puts its mines under the 1s"


def status(argv: list[str]) -> int:
    """Return runner.py's exit status for argv (a refused argument exits with 2)."""
    try:
        return runner.main(argv)
    except SystemExit as stop:
        return int(stop.code or 0)


def beats(app: App) -> list[tuple[bool, str]]:
    """Walk a lesson with → and return each beat: (a question beat, the step box's words)."""
    found = []
    while not app.do("step").said:
        box = app.frame().step
        assert box is not None
        found.append((app.room.asking, box.words))
    return found


# -- the words ------------------------------------------------------------------------------


def test_a_lesson_s_labelled_lines_are_read_and_written_back():
    lesson = read_lesson(OWN)
    assert lesson == Lesson(
        title="The 1-2-1",
        note="Look at row B.",
        question=ASKED,
        answer=ANSWERED,
        teacher="The pattern: a 1-2-1 puts its mines under the 1s.",
        total_told=False,
    )
    again = lesson_text(lesson, board_rows(2, 5, {(0, 1), (0, 3)}, {(1, 1), (1, 2), (1, 3)}))
    assert read_lesson(again) == lesson
    assert parse_board(again).numbers == parse_board(OWN).numbers


def test_long_words_go_over_several_lines_and_are_joined_again():
    words = " ".join(["because"] * 120)  # 959 characters: past a line's 500
    text = lesson_text(Lesson(title="Long", answer=words), ["*1"])
    assert max(len(line) for line in text.splitlines()) <= 110
    assert read_lesson(text).answer == words
    assert parse_board(text).height == 1


def test_a_title_that_looks_like_a_label_is_written_as_the_title():
    lesson = Lesson(title="Question: what now?")
    assert read_lesson(lesson_text(lesson, ["*1"])).title == "Question: what now?"


def test_the_nine_bundled_lessons_read_as_before():
    for path in sorted(POSITIONS.glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        lesson = read_lesson(text)
        assert lesson.title and lesson.note and lesson.teacher, path.name
        assert lesson.total_told and not lesson.question and not lesson.answer
        app = App.from_position(text)
        assert app.frame().mines.startswith("Mines ") and "?" not in app.frame().mines


@pytest.mark.parametrize(
    "line, said",
    [
        ("# Hint: look left", "line 2: '# Hint:' is not a lesson's line"),
        ("# Question:", "line 2: '# Question:' says nothing"),
        ("# Total: maybe", "line 2: '# Total: maybe': the total is 'told' or 'hidden'"),
    ],
)
def test_an_unknown_or_malformed_label_is_refused_naming_its_line(line, said):
    with pytest.raises(ValueError, match=re.escape(said)):
        read_lesson(f"# A title\n{line}\n*1\n")


def test_a_second_total_line_is_refused_naming_both():
    said = r"line 3: a second '# Total:' line \(the first is line 2\)"
    with pytest.raises(ValueError, match=said):
        read_lesson("# A title\n# Total: hidden\n# Total: told\n*1\n")


BAD_FILES = {
    "empty": b"",
    "ragged": b"# t\n..1\n.1\n",
    "a wrong number": b"# t\n.*.\n121\n",
    "binary": bytes(range(200, 256)) * 4,
    "a bad total line": b"# t\n# Total: sometimes\n.*.\n111\n",
    "numbers with no mines": b"# t\n...\n111\n",
    "an unknown label": b"# t\n# Answr: B2\n.*.\n111\n",
}


@pytest.mark.parametrize("kind", BAD_FILES)
def test_a_bad_lesson_file_is_one_line_and_exit_2_with_nothing_drawn(kind, tmp_path, capsys):
    path = tmp_path / "lesson.txt"
    path.write_bytes(BAD_FILES[kind])
    out = tmp_path / "out.png"
    assert status(["--position", str(path), "--export", str(out)]) == 2
    assert status(["--position", str(path), "--answer", "A1:safe"]) == 2
    errors = capsys.readouterr().err.strip().splitlines()
    assert len(errors) == 2 and all(e.startswith("runner.py: error: ") for e in errors), errors
    assert not any("Traceback" in e for e in errors) and not out.exists()


# -- the question and the answer on their beats ------------------------------------------------


def test_the_lesson_s_question_and_answer_show_on_their_own_beats_never_together():
    walked = beats(App.from_position(OWN))
    asked = [words for question, words in walked if question]
    answered = [words for question, words in walked if not question]
    assert asked[0].startswith(f"Question: {ASKED}") and ANSWERED not in asked[0]
    assert answered[0].startswith(f"Answer: {ANSWERED}") and ASKED not in answered[0]
    # Under the teacher's answer, the AI's reason, its numbers named.
    why = answered[0].split("\n")[1]
    assert why.startswith("The AI: ") and "B2 = 1" in why and "B3 = 2" in why
    assert not any(TEACHER in words for _, words in walked)


def test_later_lesson_steps_keep_the_ai_s_own_words():
    text = (POSITIONS / "01-single-neighbour.txt").read_text(encoding="utf-8")
    own = text.replace("# Teacher:", "# Question: Where is the mine?\n# Answer: C3.\n# Teacher:")
    walked = beats(App.from_position(own))
    assert len(walked) == 4  # two lesson steps, two beats each
    assert walked[0][1].startswith("Question: Where is the mine?")
    assert walked[1][1].startswith("Answer: C3.")
    assert "Where is the mine?" not in walked[2][1] and "C3." not in walked[3][1][:3]


def test_the_opening_line_is_the_opening_screen_s_and_each_beat_has_its_own():
    app = App.from_position((POSITIONS / "03-subset.txt").read_text(encoding="utf-8"))
    assert "Press →" in app.frame().message
    app.do("step")
    assert "Press →" not in app.frame().message  # the question beat: no opening words
    app.do("step")
    assert "Press →" not in app.frame().message
    app.show(0, 0)
    app.room.reset()
    app.room.on = True
    assert "Press →" in app.frame().message  # back at the opening screen, its line again


# -- the mine total, hidden ------------------------------------------------------------------


def hidden(name: str) -> str:
    """Return a bundled lesson with '# Total: hidden' after its title."""
    title, rest = (POSITIONS / name).read_text(encoding="utf-8").split("\n", 1)
    return f"{title}\n# Total: hidden\n{rest}"


def test_a_hidden_total_makes_lesson_08_s_column_4_uncertain(tmp_path, capsys):
    path = tmp_path / "08-hidden.txt"
    path.write_text(hidden("08-safe-by-count.txt"), encoding="utf-8")
    told = str(POSITIONS / "08-safe-by-count.txt")
    assert runner.main(["--position", told, "--answer", "A4:safe"]) == 0
    assert capsys.readouterr().out.startswith("right: A4 safe.")
    assert runner.main(["--position", str(path), "--answer", "A4:safe"]) == 0
    said = capsys.readouterr().out
    assert said.startswith("uncertain: A4 safe.") and "mine total" not in said


def test_a_hidden_total_is_kept_from_the_counter_the_ai_and_the_class_s_answers():
    app = App.from_position(hidden("08-safe-by-count.txt"))
    assert app.ai.total_mines is None and app.moment().seen().total is None
    assert app.frame().mines == "Mines ?"
    app.do("end")
    assert app.room.asking
    app.do("answer", ((0, 3), "safe"))
    assert app.room.spoken is not None and app.room.spoken.verdict.word == "uncertain"
    app.do("restart")  # the same lesson again: still hidden
    assert app.ai.total_mines is None


def test_a_saved_lesson_keeps_its_words_and_its_hidden_total(tmp_path):
    app = App.from_position(OWN, save_dir=tmp_path)
    saved = app.do("save").path
    assert saved is not None
    again = read_lesson(saved.read_text(encoding="utf-8"))
    assert (again.question, again.answer, again.total_told) == (ASKED, ANSWERED, False)


# -- a deck for a reader, and a sheet for the class ------------------------------------------


def deck(tmp_path: Path, *more: str) -> tuple[str, list[str]]:
    """Write OWN's deck (more: options) and return its index.html and its pages' kinds."""
    path, folder = tmp_path / "own.txt", tmp_path / "deck"
    path.write_text(OWN, encoding="utf-8")
    argv = ["--position", str(path), "--deck", str(folder), "--size", "800x450", *more]
    assert runner.main(argv) == 0
    index = (folder / "index.html").read_text(encoding="utf-8")
    return index, re.findall(r'<section class="page (\w+)">', index)


def sections(index: str) -> list[str]:
    """Return the printed pages of an index.html."""
    return re.findall(r'<section class="page[^"]*">(.*?)</section>', index, re.S)


def test_the_deck_words_its_pages_for_a_reader_and_keeps_question_and_answer_apart(tmp_path):
    index, kinds = deck(tmp_path)
    assert kinds == ["opening", "question", "answer", "teacher"]
    pages = sections(index)
    assert "Question 1 of 1" in pages[1] and ASKED in pages[1] and ANSWERED not in pages[1]
    assert "Answer 1 of 1" in pages[2] and ANSWERED in pages[2] and ASKED not in pages[2]
    assert TEACHER in pages[3] and not any(TEACHER in page for page in pages[:3])
    assert "so far" not in index and "Lesson step" not in index


def test_a_sheet_for_the_class_holds_the_questions_and_nothing_else(tmp_path):
    index, kinds = deck(tmp_path, "--questions-only")
    assert kinds == ["question"]
    assert ASKED in index and "Question 1 of 1" in index
    assert ANSWERED not in index and TEACHER not in index and 'class="page teacher"' not in index
    assert sorted(p.name for p in (tmp_path / "deck").glob("*.png")) == ["01.png"]


def test_questions_only_without_a_deck_is_one_line(capsys):
    path = str(POSITIONS / "03-subset.txt")
    assert runner.main(["--position", path, "--questions-only"]) == 2
    assert "--questions-only goes with --deck" in capsys.readouterr().err


def test_a_deck_page_is_the_board_and_its_words_without_buttons_clock_or_face(tmp_path):
    deck(tmp_path)
    page = pygame.image.load(str(tmp_path / "deck" / "02.png"))
    width, height = page.get_size()
    # A print layout: white paper, none of the window's panel, buttons or face.
    seen = {page.get_at((x, y))[:3] for x in range(0, width, 3) for y in range(0, height, 3)}
    assert (255, 255, 255) in seen
    assert not seen & {palette.PANEL, palette.BUTTON, palette.FACE, palette.BACKGROUND}


# -- README's pictures ----------------------------------------------------------------------


def test_every_picture_the_documents_show_is_one_make_images_draws(tmp_path):
    sys.path.insert(0, str(ROOT / "assets"))
    import make_images

    shown = set()
    for doc in [ROOT / "README.md", *(ROOT / "docs").glob("*.md")]:
        shown |= set(re.findall(r"assets/screens/([\w-]+\.png)", doc.read_text(encoding="utf-8")))
    drawn = {*make_images.SCREENS, "play-expert.png", "editor.png"}
    assert shown and shown <= drawn
    assert {p.name for p in (ROOT / "assets" / "screens").glob("*.png")} == drawn
    written = make_images.draw_screens(tmp_path)
    assert sorted(p.name for p in written) == sorted(drawn)
    assert all(pygame.image.load(str(p)).get_size() == (1280, 720) for p in written)
