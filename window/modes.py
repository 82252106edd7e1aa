"""The window's modes: what the window is in, which decides what each command may do.

No pygame here. The window is in one mode of the game below, and at most
one view over it:
- the game's modes: play (the student's AI behind AI Move: student), the
  game over, paused, class, and class on a question beat;
- the views over the board: the custom-board line being typed, a sheet,
  the records view, a review, the position editor (and a field of its
  lesson being typed: wording).
The command table (window/commands.py) names, for every command, the modes
it runs in, the modes that re-read its key as another command, and the
modes in which it asks first. Each mode here says what happens to a
command that does not run in it: refused in one line that says why and
what to press, or (a sheet, the records view) the view closes, and the
command does nothing more: "any key closes it" means only that.
"""

from __future__ import annotations

from dataclasses import dataclass

from words.editor import EDITOR_REFUSAL
from words.window import PAUSED as PAUSED_WORDS

PLAY, STUDENT, OVER, PAUSED = "play", "student", "over", "paused"
CLASS, QUESTION = "class", "question"
TYPING, SHEET, RECORDS, REVIEW = "typing", "sheet", "records", "review"
EDITOR, WORDING = "editor", "wording"

GAME_MODES = (PLAY, STUDENT, OVER, PAUSED, CLASS, QUESTION)
VIEWS = (TYPING, SHEET, RECORDS, REVIEW, EDITOR, WORDING)
EVERY = frozenset(GAME_MODES + VIEWS)


@dataclass(frozen=True)
class Mode:
    """A mode, and what it does with a command that does not run in it."""

    name: str
    refusal: str  # the one line a refused command says ("" : worked out where it is said)
    closes: bool = False  # such a command closes this view, and does nothing more
    types: str = ""  # every key is typed instead, by this command (the custom-board line)


QUESTION_REFUSAL = (
    "The class is answering this question: click a closed cell to answer; → (Step) shows "
    "the answer, then C (Class) closes the classroom."
)
SETTINGS_WAIT = "Settings wait until the class ends: C closes the classroom."
ODDS_WAIT = "In class the odds would give answers away: C closes the classroom."
# On a question C is refused too: the way out starts with the answer.
AFTER_THE_ANSWER = "the class is answering: → (Step) shows the answer, then C closes the classroom."
SPOILS = (
    "E shows every step with its conclusion, this question's answer too: → shows the answer first."
)

MODES: dict[str, Mode] = {
    PLAY: Mode(PLAY, "That works in class: C opens the classroom."),
    STUDENT: Mode(STUDENT, "That works in class: C opens the classroom."),
    OVER: Mode(OVER, ""),  # the game's end, in words: Session.after_the_end
    PAUSED: Mode(PAUSED, PAUSED_WORDS),
    CLASS: Mode(
        CLASS,
        "In class the board is the lesson's: A plays the AI's move; C closes the classroom "
        "to play yourself.",
    ),
    QUESTION: Mode(QUESTION, QUESTION_REFUSAL),
    TYPING: Mode(TYPING, "", types="type"),  # the line as typed so far: commands.custom_prompt
    SHEET: Mode(SHEET, "", closes=True),
    RECORDS: Mode(RECORDS, "", closes=True),
    REVIEW: Mode(REVIEW, "The review is open: Esc closes it (it changes nothing in the records)."),
    EDITOR: Mode(EDITOR, EDITOR_REFUSAL),
    WORDING: Mode(WORDING, "", types="edit-type"),  # the field as typed: words.editor
}


def game_mode(paused: bool, asking: bool, on: bool, over: bool, student: bool) -> str:
    """Return the game's mode: paused, a question beat, class, over, the student's AI, or play."""
    if paused:
        return PAUSED
    if asking:
        return QUESTION
    if on:
        return CLASS
    if over:
        return OVER
    return STUDENT if student else PLAY


# A command's kind, where a mode refuses one kind in words of its own.
BOARD, SETTING, GAME_KIND, AUTO, ODDS = "board", "setting", "game", "auto", "odds"
RECORDS_KIND, REVIEW_KIND, ANSWER = "records", "review", "answer"
EDITING = "editing"  # the position editor's own commands
SPOILER = "spoiler"  # a lesson key that would show a question's answer before its beat
PAUSING = "pausing"  # P: a game's pause

REFUSALS: dict[tuple[str, str], str] = {
    (CLASS, SETTING): SETTINGS_WAIT,
    (CLASS, BOARD): (
        "In class the keyboard's cell is not shown: click a cell to play it, or A for the "
        "AI's move."
    ),
    (QUESTION, SETTING): f"Settings wait until the class ends; {AFTER_THE_ANSWER}",
    (CLASS, AUTO): "Auto-play waits until the class ends: A plays one move; C closes the class.",
    (CLASS, ODDS): ODDS_WAIT,
    (QUESTION, ODDS): f"The odds would give the answer away; {AFTER_THE_ANSWER}",
    (QUESTION, SPOILER): SPOILS,
    (CLASS, PAUSING): "A lesson needs no pause: the clock stands still while the class looks "
    "back, and C closes the classroom.",
    (QUESTION, PAUSING): f"A lesson needs no pause; {AFTER_THE_ANSWER}",
    (CLASS, ANSWER): "A click answers only on a question beat: → goes to the next question.",
}
# Outside the view they belong to, its commands say where they work.
for _mode in GAME_MODES:
    if _mode != QUESTION:  # on a question every way out starts with its answer
        REFUSALS[(_mode, RECORDS_KIND)] = "That works in the records view: I opens it."
        REFUSALS[(_mode, REVIEW_KIND)] = "That works in a game's review: I, then Enter, opens one."
        REFUSALS[(_mode, EDITING)] = "That works in the position editor: L opens it in class."
for _mode in (PLAY, STUDENT, OVER):
    REFUSALS[(_mode, ANSWER)] = "Answers are given in class, on a question beat: C opens it."
del _mode
