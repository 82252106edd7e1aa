"""Which steps of the AI's log are lessons, and their numbers: one answer for every reader.

No pygame here. A Timeline is built once per version of the AI's log (its
lesson groups read once per step: window/lesson.py's LessonLog) and
read by the window's stepping keys, the step box's header and --export
alike, so that "lesson step 3 of 5" means the same step everywhere.
The groups themselves (a lesson step and the bookkeeping it stands on)
come from window.lesson.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Optional

from sweeper.board import Cell
from sweeper.records import Step
from window.lesson import Group, LessonLog, batch_end, group_of


class Timeline:
    """The step log in lesson groups, with lesson numbers (1 = the first lesson step)."""

    def __init__(
        self,
        steps: Sequence[Step],
        revealed: Mapping[Cell, int],
        batches: Sequence[int],
        ahead: Optional[Step] = None,
        log: Optional[LessonLog] = None,
    ) -> None:
        """log: the lesson groups read so far (a session keeps one per game and extends it)."""
        log = LessonLog() if log is None else log
        self.steps = len(steps)
        self.groups: list[Group] = log.extend(steps, revealed, batches)
        self.leads: dict[int, int] = dict(log.leads)  # a lesson step -> where its question starts
        self._merge()
        # When the knowledge base is stuck, the AI's next conclusion (exact counting's,
        # or its guess) is the last lesson step, numbered after the log: "ahead". The
        # numbers told since the last lesson step are what it stands on: they fold into it.
        self.ahead = ahead
        if ahead is not None:
            tail = self.groups[-1] if self.groups and not self.groups[-1].lesson else None
            if tail is not None:
                self.groups.pop()
            first = tail.first if tail is not None else self.steps
            self.groups.append(Group(first, self.steps, True))
        self.lessons: list[int] = [g.last for g in self.groups if g.lesson]
        # The beats → stops at: every lesson step, and the numbers told after the last one
        # when they are a later moment of the game (now, in a live game). Told in the same
        # reveal as that lesson step (a position's numbers), they add nothing: folded away.
        self.now: Optional[int] = None
        tail = self.groups[-1] if self.groups and not self.groups[-1].lesson else None
        if tail is not None:
            last = self.lessons[-1] if self.lessons else None
            shown = batch_end(batches, steps[tail.last].told)
            if last is None or shown > batch_end(batches, steps[last].told):
                self.now = tail.last
        self.stops: list[int] = self.lessons + ([self.now] if self.now is not None else [])

    def _merge(self) -> None:
        """Fold a lesson step into the next one when that one's question starts at it."""
        merged: list[Group] = []
        for group in self.groups:
            lead = self.leads.get(group.last, group.last)
            before = merged[-1] if merged else None
            if before is not None and before.lesson and before.first <= lead <= before.last:
                self.leads.pop(before.last, None)
                merged[-1] = Group(before.first, group.last, True)
            else:
                merged.append(group)
        self.groups = merged

    def lead(self, step: int) -> int:
        """Return where a lesson step's question starts (the step itself, or the one before)."""
        return self.leads.get(step, step)

    def is_ahead(self, step: int) -> bool:
        """True when step is the lesson step ahead of the log (not taken yet)."""
        return self.ahead is not None and step == self.steps

    def group(self, step: int) -> Group:
        """Return the group that holds step (the last group past the end)."""
        return self.groups[group_of(self.groups, step)]

    def is_lesson(self, step: int) -> bool:
        """True when step is a lesson step (the last of a lesson group)."""
        return bool(self.groups) and step in self.lessons

    def number(self, step: int) -> Optional[int]:
        """Return the lesson number of a lesson step, else None."""
        return self.lessons.index(step) + 1 if self.is_lesson(step) else None

    def lessons_up_to(self, step: int) -> int:
        """Return how many lesson steps come at or before step."""
        return sum(1 for last in self.lessons if last <= step)

    def lesson(self, number: int) -> Optional[int]:
        """Return the step of lesson number (1 = the first), or None when there is none."""
        return self.lessons[number - 1] if 1 <= number <= len(self.lessons) else None

    def next_stop(self, step: int) -> Optional[int]:
        """Return the first stop after step (from the start when step < 0), or None."""
        return next((stop for stop in self.stops if stop > step), None)

    def previous_stop(self, step: int) -> Optional[int]:
        """Return the last stop before step's, or None at the first."""
        here = self.stop_of(step)
        return next((stop for stop in reversed(self.stops) if stop < here), None)

    def stop_of(self, step: int) -> int:
        """Return the stop that shows step in the folded view: its group's, or the one before."""
        last = self.group(step).last if self.groups else step
        if last in self.stops or not self.stops:
            return last
        return next((stop for stop in reversed(self.stops) if stop <= last), self.stops[0])

    def is_now(self, step: int) -> bool:
        """True when step is the stop of the numbers told since the last lesson step (now)."""
        return self.now is not None and step == self.now

    @property
    def total(self) -> int:
        """Return how many steps E goes through: the log's, and the AI's next when it is ahead."""
        return self.steps + (1 if self.ahead is not None else 0)

    def header(self, step: int, rule: str, expanded: bool) -> str:
        """Return the step box's header for a step (rule: the step's rule, for E's view)."""
        if expanded:
            return f"Step {min(step, self.total - 1) + 1} of {self.total}: {rule}"
        count = len(self.lessons)
        number = self.number(step)
        if number is not None and self.is_ahead(step):
            return f"Lesson step {number} of {count} (the AI's next)"
        if number is not None:
            return f"Lesson step {number} of {count}"
        before = self.lessons_up_to(step)
        return f"Now, after lesson step {before} of {count}" if before else "Now"
