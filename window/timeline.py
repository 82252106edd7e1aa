"""Which steps of the AI's log are lessons, and their numbers: one answer for every reader.

No pygame here. A Timeline is built once per version of the AI's log and
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
from window.lesson import Group, group_of, groups, lead_of


class Timeline:
    """The step log in lesson groups, with lesson numbers (1 = the first lesson step)."""

    def __init__(
        self,
        steps: Sequence[Step],
        revealed: Mapping[Cell, int],
        batches: Sequence[int],
        ahead: Optional[Step] = None,
    ) -> None:
        self.steps = len(steps)
        self.groups: list[Group] = groups(steps, revealed, batches)
        self.leads: dict[int, int] = {}  # a lesson step -> where its question starts
        for group in self.groups:
            if group.lesson:
                self.leads[group.last] = lead_of(steps, group.last)
        self._merge()
        # When the knowledge base is stuck, the AI's next conclusion (exact counting's,
        # or its guess) is the last lesson step, numbered after the log: "ahead".
        self.ahead = ahead
        if ahead is not None:
            self.groups.append(Group(self.steps, self.steps, True))
        self.lessons: list[int] = [g.last for g in self.groups if g.lesson]

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
        """Return the last step of the group after step's (from the start when step < 0)."""
        here = group_of(self.groups, step) if step >= 0 else -1
        return self.groups[here + 1].last if here + 1 < len(self.groups) else None

    def previous_stop(self, step: int) -> Optional[int]:
        """Return the last step of the group before step's, or None at the first group."""
        here = group_of(self.groups, step) - 1
        return self.groups[here].last if here >= 0 else None

    def stop_of(self, step: int) -> int:
        """Return the last step of step's group: where the folded view shows it."""
        return self.group(step).last

    def header(self, step: int, rule: str, expanded: bool) -> str:
        """Return the step box's header for a step of the log (rule: the step's rule)."""
        if expanded:
            return f"Step {step + 1} of {self.steps}: {rule}"
        count = len(self.lessons)
        number = self.number(step)
        if number is not None and self.is_ahead(step):
            return f"Lesson step {number} of {count} (the AI's next)"
        if number is not None:
            return f"Lesson step {number} of {count} (step {step + 1})"
        before = self.lessons_up_to(step)
        if before:
            return f"After lesson step {before} of {count}: numbers told"
        return "Before lesson step 1: numbers told"
