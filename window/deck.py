"""A lesson as a handout deck: every beat a numbered page, and an index.html that prints them.

No pygame here: the beats are walked as → walks them, and the page that holds
each picture is written as text; screen/picture.py draws the pictures. Each
printed page has the position's title and the lesson step's question over
the picture (its answer too, on an answer beat); the "# Teacher:" line, never
on screen, has a page of its own at the end, for the teacher's copy.
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from words.model import teacher_note

if TYPE_CHECKING:
    from window.app import App



@dataclass(frozen=True)
class Page:
    """One beat of the lesson as a page: its picture's file and the words printed over it."""

    number: int
    image: str
    header: str
    question: str
    answer: str


def beats(app: App, most: int = 500) -> Iterator[tuple[str, str, str]]:
    """Walk the lesson as → does, from the opening screen; yield each beat's header, question
    and answer (the App is left on the beat yielded, for its picture to be drawn).
    """
    app.room.on = True
    app.room.reset()
    asked = ""
    frame = app.frame()
    yield (frame.step.header if frame.step else "", "", "")
    for _ in range(most):
        if app.do("step").said:  # "That is the last step so far"
            return
        app.message = ""  # a page shows the moment, not the key's words
        box = app.frame().step
        if box is None:
            return
        if app.room.asking:
            asked = box.words.removeprefix("Question: ")  # on paper: no "(Click ...)" after it
            yield (box.header, asked, "")
        else:
            lesson = app.timeline().number(app.room.step_index) is not None
            answer = f"{box.words} {box.why}" if box.why else box.words  # paper has the room
            yield (box.header, asked if lesson else "", answer)


def deck_html(app: App, pages: list[Page]) -> str:
    """Return index.html: one printed page per beat, then the teacher's page."""
    session = app.session
    title = html.escape(session.title or session.describe())
    note = html.escape(session.note)
    teacher = teacher_note(session.position_text or "")
    parts = []
    for page in pages:
        lines = [f"<h1>{title}</h1>", f'<p class="beat">Page {page.number}: '
                 f"{html.escape(page.header)}</p>"]
        if page.question:
            lines.append(f'<p class="question">{html.escape(page.question)}</p>')
        elif page.number == 1 and note:
            lines.append(f'<p class="question">{note}</p>')
        if page.answer:
            lines.append(f'<p class="answer">{html.escape(page.answer)}</p>')
        lines.append(f'<img src="{html.escape(page.image)}" alt="{html.escape(page.header)}">')
        parts.append('<section class="page">\n' + "\n".join(lines) + "\n</section>")
    said = html.escape(teacher) if teacher else "This position has no teacher's note."
    parts.append(
        '<section class="page teacher">\n'
        f"<h1>{title}: for the teacher</h1>\n<p>{said}</p>\n"
        "<p>Not for the class: every other page shows only what the class may see.</p>\n"
        "</section>"
    )
    return PAGE.format(title=title, pages="\n".join(parts))


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
.beat {{ font-size: 12pt; color: #555; margin: 0 0 2mm; }}
.question, .answer {{ font-size: 14pt; margin: 0 0 3mm; }}
.answer {{ font-weight: bold; }}
img {{ display: block; width: 100%; max-height: 130mm; object-fit: contain; }}
.teacher p {{ font-size: 16pt; }}
</style>
</head>
<body>
{pages}
</body>
</html>
"""
