"""A lesson as a handout deck: every beat a numbered page, and an index.html that prints them.

No pygame here: the beats are walked as → walks them, and the page that holds
each picture is written as text; screen/picture.py draws the pictures (the
board and the beat's words under it, in a print layout: no buttons, clock or
face). A page is worded for a reader ("Question 1 of 3", "Answer 1 of 3"),
not with the window's counters. The "# Teacher:" line, never on screen, has a
page of its own at the end, for the teacher's copy; a sheet for the class
(questions only) has the question beats and nothing else: no answer, no
teacher's page.
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from window.session import Session

if TYPE_CHECKING:
    from window.app import App

OPENING, QUESTION, ANSWER, NOW = "opening", "question", "answer", "now"


@dataclass(frozen=True)
class Beat:
    """One beat of the lesson as a reader sees it: its kind, its lesson step, its words."""

    kind: str  # OPENING, QUESTION, ANSWER, or NOW (a live game's numbers since a lesson step)
    number: int  # the lesson step's number (1 = the first); the last one before it, for NOW
    count: int  # how many lesson steps the lesson has
    words: str  # the question, or the answer, as the page prints it

    @property
    def header(self) -> str:
        """Return the page's header for a reader: "Question 1 of 3", not the window's counter."""
        if self.kind == QUESTION:
            return f"Question {self.number} of {self.count}"
        if self.kind == ANSWER:
            return f"Answer {self.number} of {self.count}"
        if self.kind == NOW:
            return f"The board later, after answer {self.number}" if self.number else "The board"
        if not self.count:
            return "The board"
        return f"The board: {questions(self.count)} follow" + "s" * (self.count == 1)


def questions(count: int) -> str:
    """Return "3 questions", "1 question"."""
    return f"{count} question" + "s" * (count != 1)


@dataclass(frozen=True)
class Page:
    """One printed page: its picture's file, and its beat."""

    number: int
    image: str
    beat: Beat


def beats(app: App, questions_only: bool = False, most: int = 500) -> Iterator[Beat]:
    """Walk the lesson as → does, from the opening screen; yield each beat (the App is left on
    the beat yielded, for its picture to be drawn). questions_only: the question beats only.
    """
    app.room.on = True
    app.room.reset()
    count = len(app.timeline().lessons)
    if not questions_only:
        frame = app.frame()
        yield Beat(OPENING, 0, count, frame.step.words if frame.step else "")
    for _ in range(most):
        if app.do("step").said:  # "That is the last step so far"
            return
        app.message = ""  # a page shows the moment, not the key's words
        box = app.frame().step
        if box is None:
            return
        timeline, at = app.timeline(), app.room.step_index
        number = timeline.number(at)
        if app.room.asking:  # on paper: no "(Click ...)" after the question
            yield Beat(QUESTION, number or 0, count, box.words.removeprefix("Question: "))
        elif not questions_only:
            kind, number = (ANSWER, number) if number else (NOW, timeline.lessons_up_to(at))
            answer = f"{box.words} {box.why}" if box.why else box.words  # paper has the room
            yield Beat(kind, number, count, answer)


def deck_html(session: Session, pages: list[Page], questions_only: bool = False) -> str:
    """Return index.html: one printed page per beat, then (not on a class's sheet) the
    teacher's page."""
    title = html.escape(session.title or session.describe())
    parts = []
    for page in pages:
        beat = page.beat
        alt = html.escape(f"{beat.header}. {beat.words}".strip())
        parts.append(
            f'<section class="page {beat.kind}">\n<h1>{title}</h1>\n'
            f'<p class="beat">{html.escape(beat.header)}</p>\n'
            f'<img src="{html.escape(page.image)}" alt="{alt}">\n</section>'
        )
    if not questions_only:
        parts.append(teacher_page(session, title))
    return PAGE.format(title=title, pages="\n".join(parts))


def teacher_page(session: Session, title: str) -> str:
    """Return the teacher's page: the '# Teacher:' words, and the lesson's own question and
    answer; never on the class's pages."""
    lesson = session.lesson
    said = [f"<p>{html.escape(lesson.teacher)}</p>"] if lesson.teacher else []
    if not said:
        said.append("<p>This position has no teacher's note.</p>")
    for label, words in (("Question", lesson.question), ("Answer", lesson.answer)):
        if words:
            said.append(f"<p><b>{label}:</b> {html.escape(words)}</p>")
    return (
        f'<section class="page teacher">\n<h1>{title}: for the teacher</h1>\n'
        + "\n".join(said)
        + "\n<p>Not for the class: every other page shows only what the class may see.</p>\n"
        "</section>"
    )


PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title}</title>
<style>
@page {{ size: A4 landscape; margin: 12mm; }}
body {{ font-family: "DejaVu Sans", sans-serif; margin: 0; }}
.page {{ break-after: page; page-break-after: always; }}
.page:last-child {{ break-after: auto; page-break-after: auto; }}
h1 {{ font-size: 20pt; margin: 0 0 2mm; }}
.beat {{ font-size: 14pt; font-weight: bold; margin: 0 0 3mm; }}
img {{ display: block; width: 100%; max-height: 160mm; object-fit: contain; }}
.teacher p {{ font-size: 16pt; }}
</style>
</head>
<body>
{pages}
</body>
</html>
"""
