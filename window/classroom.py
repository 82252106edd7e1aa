"""The Classroom: which moment of the game the class is looking at, and how the keys move it.

No pygame here. The moment is a step of the AI's log and a beat (0: the
question, 1: the answer), or what Think foresaw (a preview), with the
arrangement on show (V), the selected sentence and the knowledge list's
scroll. The Timeline says which steps are lessons; every move between
steps asks it. What the class may see of the moment is decided in
window/frame.py, not here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from sweeper.board import Cell
from sweeper.engine import Rule
from sweeper.judge import Verdict
from sweeper.records import Step
from window.timeline import Timeline
from words.answers import answer_heading
from words.window import NO_LESSON


@dataclass(frozen=True)
class Answer:
    """One answer of the class on the beat on screen: the claim, its verdict, and its words."""

    cell: Cell
    claim: str  # "safe" or "mine"
    verdict: Verdict
    reason: str  # why the verdict, in the lesson's words
    numbers: frozenset[Cell]  # the open numbers its reason names: framed on the board
    guess: bool = False  # on a guess question: the cell the class would click

    @property
    def words(self) -> str:
        """Return the answer, its verdict and why: "B2 safe: right. Why: ..."."""
        if self.guess and self.verdict.word == "uncertain":
            return self.reason  # "C2, the cell you would click: 8/21 (38%) chance of a mine. ..."
        return f"{answer_heading(self.cell, self.claim, self.verdict.word)}. {self.reason}"


LAST = "That is the last step so far: T thinks, A moves."
FIRST = "That is the first step."


class Classroom:
    """The moment on screen: the step and beat, a preview, the selection, the scroll."""

    def __init__(self, on: bool = False) -> None:
        self.on = on
        self.expanded = False  # every step one by one, bookkeeping included
        self.keys = False  # the keys' help shown (?): a class needs the room for the lesson
        self.reset()

    def reset(self) -> None:
        """Forget the moment: a new game starts with no step on screen."""
        self.step_index = -1
        self.beat = 1  # 0: a lesson step's question (premises only), 1: its conclusion
        self.typed = ""  # digits typed to jump to a lesson step
        self.preview: Optional[Step] = None  # the step ahead of the log, or Think's outside class
        self.ahead = False  # the lesson step ahead of the log is on screen (its preview)
        self.thought = False  # after Think: the pending move is outlined
        self.viewing: Optional[int] = None  # V: the arrangement on screen
        self.selected: Optional[Rule] = None
        self.scroll = 0
        self.follow = True  # the list scrolls to the step's sentence till scrolled by hand
        self.answers: dict[Cell, Answer] = {}  # the class's answers on the question on screen

    def changed(self) -> None:
        """The game or the AI moved on: Think's preview and the selection no longer hold."""
        self.preview = None
        self.ahead = False
        self.thought = False
        self.selected = None
        self.answers = {}

    def answer(self, given: Answer) -> None:
        """Keep the class's answer on the question on screen (the latest one is spoken)."""
        self.answers.pop(given.cell, None)
        self.answers[given.cell] = given

    @property
    def spoken(self) -> Optional[Answer]:
        """Return the class's latest answer on the question on screen, or None."""
        return next(reversed(self.answers.values()), None) if self.answers else None

    @property
    def asking(self) -> bool:
        """True when a lesson step's question is on screen: its conclusion is not shown yet."""
        logged = self.preview is None or self.ahead
        return self.on and logged and self.step_index >= 0 and self.beat == 0

    def show(self, step: int, beat: int, timeline: Timeline) -> None:
        """Show a step at a beat; a step that is not a lesson has only its conclusion."""
        self.on = True
        self.ahead = timeline.is_ahead(step)
        self.preview = timeline.ahead if self.ahead else None
        self.viewing = None
        self.step_index = step
        self.follow = True
        self.thought = False  # Think's outline is about now, not the step on screen
        self.answers = {}  # a class's vote belongs to its question
        self.beat = beat if timeline.is_lesson(step) and not self.expanded else 1

    def forward(self, timeline: Timeline) -> str:
        """Show the next beat: a lesson step's conclusion, then the next lesson step's question."""
        self.typed = ""
        self.answers = {}  # the arrows clear the class's answers, even where they stop
        self.on = True
        if not timeline.steps:
            return "No steps yet: reveal a cell, or press T to think."
        if self.asking:
            self.show(self.step_index, 1, timeline)
            return ""
        if self.expanded:
            if self.step_index + 1 >= timeline.total:
                return LAST
            self.show(self.step_index + 1, 1, timeline)
            return ""
        stop = timeline.next_stop(self.step_index)
        if stop is None:
            return LAST
        self.show(stop, 0, timeline)
        return ""

    def back(self, timeline: Timeline) -> str:
        """Show the previous beat: a lesson step's question, or the one before's conclusion."""
        self.on = True
        self.answers = {}
        if not self.ahead:
            self.preview = None
        self.typed = ""
        if self.step_index < 0 and timeline.steps:  # no step on screen yet: start from the last
            return self.end(timeline)
        if self.step_index <= 0:
            return FIRST
        if self.expanded:
            self.show(self.step_index - 1, 1, timeline)
            return ""
        if self.beat == 1 and timeline.is_lesson(self.step_index):
            self.show(self.step_index, 0, timeline)  # the previous beat: this step's question
            return ""
        stop = timeline.previous_stop(self.step_index)
        if stop is None:
            return FIRST
        self.show(stop, 1, timeline)
        return ""

    def home(self, timeline: Timeline) -> str:
        """Show the first lesson step's question (the first step, when expanded)."""
        self.typed = ""
        self.on = True
        if self.expanded and timeline.steps:
            self.show(0, 1, timeline)
            return ""
        first = timeline.lesson(1)
        if first is None:
            return NO_LESSON
        self.show(first, 0, timeline)
        return ""

    def end(self, timeline: Timeline) -> str:
        """Show the last lesson step's question; or now, when numbers came after it.

        When expanded, the last step (the AI's next, when it is ahead of the log).
        """
        self.typed = ""
        self.on = True
        if self.expanded and timeline.total:
            self.show(timeline.total - 1, 1, timeline)
        elif timeline.now is not None:
            self.show(timeline.now, 1, timeline)
        elif timeline.lessons:
            self.show(timeline.lessons[-1], 0, timeline)
        return ""

    def latest(self, timeline: Timeline, over: bool, since: int = -1, seen: bool = False) -> None:
        """After a move, show what it taught: the question of the first lesson step it added
        (since: the steps the log held before it; seen: the first was on screen already, as
        the AI's next), else now as End does; a game's end at once.
        """
        if over and timeline.stops and not self.expanded:
            self.show(timeline.stops[-1], 1, timeline)
            return
        new = [k for k in timeline.lessons if k >= since] if since >= 0 else []
        first = new[1 if seen else 0] if len(new) > (1 if seen else 0) else None
        if first is not None and not self.expanded:
            self.show(first, 0, timeline)
        else:
            self.end(timeline)

    def toggle_expanded(self, timeline: Timeline) -> str:
        """Show every step one by one (bookkeeping too), or the lesson steps only."""
        self.expanded = not self.expanded
        self.on = True
        if self.step_index >= 0 and not self.expanded:
            self.show(timeline.stop_of(self.step_index), 1, timeline)
        if self.expanded:
            return "Every step: → and ← move one step, bookkeeping included. E folds them again."
        return "Lesson steps only: the bookkeeping folds into the step it serves."

    def type_digit(self, digit: str) -> str:
        """Collect a typed lesson-step number (Enter jumps there)."""
        self.typed = (self.typed + digit)[-4:]
        return f"Go to lesson step {self.typed}: press Enter."

    def jump(self, timeline: Timeline) -> Optional[str]:
        """Jump to the typed lesson step number (a step number when expanded)."""
        if not self.typed:
            return None
        number, self.typed = int(self.typed), ""
        count = timeline.total if self.expanded else len(timeline.lessons)
        if not count:
            return NO_LESSON
        if not 1 <= number <= count:
            what = "steps" if self.expanded else "lesson steps"
            return f"There is no step {number}: {what} run 1 to {count}."
        step = number - 1 if self.expanded else timeline.lessons[number - 1]
        self.show(step, 0, timeline)
        return ""

    def next_arrangement(self, count: Optional[int]) -> int:
        """V: the next arrangement of count (None: no enumeration on screen); return the view.

        Returns -1 once past the last, when the arrangements are hidden again.
        """
        if count is None:
            self.viewing = None
            return -1
        self.viewing = 0 if self.viewing is None else self.viewing + 1
        if self.viewing >= count:
            self.viewing = None
            return -1
        return self.viewing

    def select(self, listed: list[Rule], index: int) -> None:
        """Highlight the cells of the listed sentence at index; again to clear it."""
        if 0 <= index < len(listed):
            rule = listed[index]
            self.selected = None if self.selected == rule else rule

    def scroll_to(self, first: int, lines: int, top: int) -> None:
        """Scroll the knowledge list from its top row first by lines, within 0..top."""
        self.scroll = min(max(first + lines, 0), top)
        self.follow = False
