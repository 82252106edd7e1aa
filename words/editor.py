"""The position editor's words: what a drawn position teaches, the editor's keys and lines.

The editor (window/editor.py) works out what the AI does first on the board
drawn, as data (a Teaching); these functions word it for the teacher, the
reason in the lesson's own words (words/reasons.py), its numbers named.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Optional

from sweeper.board import Cell, cell_name
from sweeper.reasons import Reason
from sweeper.records import Decision
from words.model import cells_summary, percent
from words.reasons import reason_text
from words.window import keys_help

FIELD_NAMES = {
    "title": "Title",
    "note": "What to look at",
    "question": "Question",
    "answer": "Answer",
    "teacher": "Teacher's page",
}
FIELD_KEYS = {"title": "T", "note": "", "question": "Q", "answer": "A", "teacher": "N"}
# What the AI's first lesson step does, by its rule: the class's way into the position.
RULE_WORDS = {
    "zero": "one number, a 0 (every closed cell around it is safe)",
    "full": "one number, full (as many closed cells as its count: all mines)",
    "subset": "two numbers, one inside the other (the subset rule)",
    "enumeration": "the AI counts every arrangement (no one sentence or subset decides it)",
    "move": "a guess (nothing is certain)",
}
# The fewest numbers that settle the step's cell, by the weakest rule (sweeper/reasons.py).
GRADE_WORDS = {
    "one": "one number",
    "two": "two numbers",
    "several": "several numbers at once",
    "total": "the numbers with the mine total",
    "counting": "counting every arrangement",
}

EDITOR_HELP = keys_help(
    "Click: closed → mine → open",
    "Right click: back",
    "Drag: all passed alike",
    "Arrows, Space, F: by keys",
    "Shift+arrows: size",
    "H: total told/hidden",
    "T Q A N: title, question, answer, teacher",
    "S: save",
    "C: teach it",
    "?: hide keys",
    "Esc: leave",
)
EDITOR_HINT = "?: the keys · S: save · C: teach it · Esc: leave"
EDITOR_REFUSAL = (
    "The position editor is open: its own keys only (listed under it). C teaches the "
    "lesson, Esc leaves the editor."
)
NOTHING_OPEN = (
    "Nothing is open yet, so the class would see no number: right-click the cells the "
    "class sees open (or click twice)."
)
ALL_OPEN = "Every safe cell is open: the class has nothing left to find. Close a few cells."
NO_ARRANGEMENT = "No arrangement of mines fits these numbers: {why}."
DRAWING = "Drawing…"
UNSAVED_LEAVE = (
    "This lesson is not saved: {again} again {leaves}; S saves it first; any other key stays."
)


def typing_words(field: str, typed: str) -> str:
    """Return the message line while a field is typed: the words so far, whole, and the keys."""
    return f"{FIELD_NAMES[field]}: {typed}_  (Enter keeps it, Esc puts it back as it was)"


ROW_MOST = 34  # characters of a field's row: the message line shows the words whole


def field_row(field: str, words: str, typing: bool) -> str:
    """Return a field's row in the editor's list: its key, its name, its words (or "-")."""
    key = FIELD_KEYS[field]
    head = f"{key + ': ' if key else ''}{FIELD_NAMES[field]}: "
    shown = f"{words}_" if typing else words or "-"
    room = max(8, ROW_MOST - len(head))
    if len(shown) > room:
        shown = "…" + shown[1 - room :] if typing else shown[: room - 1].rstrip() + "…"
    return head + shown


def total_row(told: bool, mines: int) -> str:
    """Return the list's row for the mine total: told (and how many), or hidden."""
    if told:
        return f"H: Total: told ({mines} mines)" if mines != 1 else "H: Total: told (1 mine)"
    return "H: Total: hidden from the class"


def teaching_words(
    lessons: int,
    rule: str,
    cell: Optional[Cell],
    mine: bool,
    reason: Optional[Reason],
    guess: Optional[Decision],
    by_total: Iterable[Cell],
    told: bool,
) -> str:
    """Return what a position teaches: the AI's first lesson step, its rule, why, and the total."""
    said = [f"Lesson step 1 of {lessons}: {RULE_WORDS.get(rule, rule)}."]
    if cell is not None:
        said.append(f"It proves {cell_name(cell)} {'a mine' if mine else 'safe'}.")
    if reason is not None:
        said.append(f"A class can see it by {GRADE_WORDS[reason.grade]}: {reason_text(reason)}")
        if told:
            said.append(
                "Only the mine total decides it."
                if reason.uses_total
                else "The numbers decide it without the mine total."
            )
    if guess is not None:
        said.append(guess_words(guess))
    others = sorted(by_total)
    if not told and others:
        said.append(
            f"The class is not told the total; told it, they could also settle "
            f"{cells_summary(others)}."
        )
    elif not told:
        said.append("The class is not told the total, and it would settle nothing more.")
    return " ".join(said)


def guess_words(guess: Decision) -> str:
    """Return the AI's guess: its cell and its chance, beside the lowest chance."""
    said = f"The AI would click {cell_name(guess.cell)}: {chance(guess.probability)} of a mine."
    if guess.lowest is not None and guess.lowest != guess.probability:
        said += f" The lowest chance is {chance(guess.lowest)}."
    return said


def chance(p: Fraction) -> str:
    """Return a chance as a fraction and a percentage: "1/2 (50%)"."""
    return f"{p.numerator}/{p.denominator} ({percent(p)})" if p not in (0, 1) else percent(p)


def saved_words(path: str, teach: bool) -> str:
    """Return what a save says: where, and how to teach it."""
    then = " C teaches it now." if teach else ""
    return f"Saved to {path}: runner.py --position {path} teaches it.{then}"
