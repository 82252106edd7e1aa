"""The lesson in a step log: which steps teach, which are bookkeeping, and what the board was.

No pygame here: these are pure functions of the AI's steps, so the tests
check them directly and the window only draws what they return.

A step teaches when it concludes something the class could not see: a
hidden cell safe or a mine (zero, full), a new sentence by subset, an
enumeration's result, or a move. A conclusion about a cell that the same
reveal showed anyway (a 0's neighbours, told one after another) teaches
nothing, so it is bookkeeping too. Each lesson step gathers the
bookkeeping steps before it: they are the premises it stands on.
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping, Sequence
from typing import NamedTuple, Optional

from sweeper.board import Cell
from sweeper.engine import Rule
from sweeper.notation import Lesson
from sweeper.records import Step

TEACHING = ("subset", "enumeration")
CONCLUDING = ("zero", "full")


class Group(NamedTuple):
    """Steps first..last (inclusive); the last is the lesson step unless lesson is False."""

    first: int
    last: int
    lesson: bool


def batch_end(batches: Sequence[int], told: int) -> int:
    """Return how many cells had been revealed when the reveal that told `told` cells ended.

    batches: the number of cells told at the end of each reveal, increasing.
    """
    k = bisect.bisect_left(batches, told)
    return batches[k] if k < len(batches) else told


def board_at(revealed: Mapping[Cell, int], batches: Sequence[int], step: Step) -> dict[Cell, int]:
    """Return the numbers on the board when the step was taken (its whole reveal shown)."""
    shown = batch_end(batches, step.told)
    return dict(list(revealed.items())[:shown])


def teaches(step: Step, order: Mapping[Cell, int], batches: Sequence[int]) -> bool:
    """True when the step concludes something about a cell hidden on the board of its moment.

    order: each revealed cell's place in the order the AI was told them.
    """
    if step.rule in TEACHING:
        return True
    if step.rule == "move":  # a guess teaches; playing a cell already proved safe does not
        return step.decision is not None and step.decision.is_guess
    if step.rule not in CONCLUDING:
        return False
    seen = batch_end(batches, step.told)
    return any(order.get(c, len(order)) >= seen for c in step.safes | step.mines)


class LessonLog:
    """The step log in lesson groups, extended as the log grows: a step is read once.

    A lesson group is the bookkeeping steps before a lesson step and that step;
    the steps after the last lesson step are an open tail, which the next
    lesson step closes. Each closed group, and where its question starts,
    never changes: the numbers told only ever grow, and a step's moment with them.
    """

    def __init__(self) -> None:
        self.restart()

    def restart(self) -> None:
        """Forget every step read: the log is read again from its first step."""
        self.closed: list[Group] = []  # the lesson groups of the steps read so far
        self.leads: dict[int, int] = {}  # a lesson step -> where its question starts
        self.read = 0  # the steps read
        self.first = 0  # where the open tail starts

    def extend(
        self, steps: Sequence[Step], revealed: Mapping[Cell, int], batches: Sequence[int]
    ) -> list[Group]:
        """Read the steps added since the last call; return every group, the tail last."""
        if len(steps) < self.read:  # the log was taken back (a call undone): read it again
            self.restart()
        if self.read < len(steps):
            order = {cell: k for k, cell in enumerate(revealed)}
            for k in range(self.read, len(steps)):
                if teaches(steps[k], order, batches):
                    self.closed.append(Group(self.first, k, True))
                    self.leads[k] = lead_of(steps, k)
                    self.first = k + 1
            self.read = len(steps)
        tail = [Group(self.first, len(steps) - 1, False)] if self.first < len(steps) else []
        return self.closed + tail


def groups(
    steps: Sequence[Step], revealed: Mapping[Cell, int], batches: Sequence[int]
) -> list[Group]:
    """Return the steps in lesson groups: bookkeeping folded into the lesson step after it."""
    return LessonLog().extend(steps, revealed, batches)


def group_of(found: Sequence[Group], step: int) -> int:
    """Return the index of the group holding step (the last group past the end)."""
    for k, group in enumerate(found):
        if group.first <= step <= group.last:
            return k
    return len(found) - 1


QUESTIONS = {
    "zero": "What does this number tell us about the cells around it?",
    "full": "What does this number tell us about the cells around it?",
    "subset": "One sentence's cells lie inside the other's. What do the two tell us together?",
    "enumeration": (
        "No single sentence decides it. Try every way the mines can lie under these "
        "numbers: what is true in all of them?"
    ),
    "move": "Nothing is certain here. Which cell would you click, and why?",
}
# Where the mine counter decides (07, 08): the question names what it adds.
COUNTER_QUESTION = (
    "The numbers alone leave it open. The board holds {total} in all: which ways of "
    "placing them fit, and what is true in all of those?"
)


def question(step: Step, numbers: int = 1, counter: Optional[int] = None) -> str:
    """Return the question a lesson step puts to the class before its conclusion is shown.

    numbers: how many revealed numbers the question points at (framed on the board);
    counter: the board's mine total, when it is what decides the step (else None).
    """
    if step.rule in ("zero", "full") and numbers > 1:
        return "What do these numbers tell us, together, about the highlighted cells?"
    if step.rule == "enumeration" and counter is not None:
        return COUNTER_QUESTION.format(total=f"{counter} mine" + "s" * (counter != 1))
    return QUESTIONS.get(step.rule, "What follows from the highlighted cells?")


def numbers_behind(steps: Sequence[Step], k: int, limit: int = 200) -> frozenset[Cell]:
    """Return the revealed numbers that step k's premises come from.

    A premise is a sentence some earlier step added: a clue (a number's
    sentence), a 'known' step (that sentence less known cells) or a subset
    step (from two sentences). Walking back to the clues names the numbers
    a question beat points at: "What does this number tell us?" The walk
    passes over the log before step k once, and follows at most limit of
    the steps that made a premise.
    """
    return numbers_for(steps, steps[k].premises, k, limit)


def numbers_for(
    steps: Sequence[Step], premises: Sequence[Rule], k: int, limit: int = 200
) -> frozenset[Cell]:
    """Return the revealed numbers that premises come from, walking back from step k."""
    found: set[Cell] = set()
    wanted = list(premises)
    seen: set[object] = set()
    visited = 0
    j = k - 1
    while wanted and j >= 0 and visited < limit:
        step = steps[j]
        hits = [
            rule
            for rule in wanted
            if rule in step.added or (step.rule == "clue" and rule == step.sentence)
        ]
        if hits:
            visited += 1
            wanted = [rule for rule in wanted if rule not in hits]
            if step.rule == "clue" and step.cell is not None:
                found.add(step.cell)
            else:
                fresh = [rule for rule in step.premises if rule not in seen]
                seen.update(fresh)
                wanted += fresh
        j -= 1
    return frozenset(found)


def lead_of(steps: Sequence[Step], k: int, limit: int = 200) -> int:
    """Return the step where lesson step k's question starts: k, or the step that made its premise.

    A 0 or a full count on a sentence that a number, a subtraction of known
    cells or a subset step has just cut down to one cell (or that known cells
    cut down at all) is one lesson with the step that made it: "{C3} = 1" and
    "C3 is a mine" are one thing to the class, and a count brought to 0 by a
    known mine shows that subtraction. So is a number's own sentence read off just
    before its 0 or full count ("{B2, ..., D4} = 0" says "all safe" already).
    The question then starts before that step.
    """
    step = steps[k]
    j = maker_of(steps, k, limit) if step.rule in CONCLUDING else None
    if j is None:
        return k
    maker, premise = steps[j], step.premises[0]
    if maker.rule == "known" or (maker.rule in ("clue", "subset") and len(premise.cells) == 1):
        return j
    if maker.rule == "clue" and j == k - 1:  # "{8 cells} = 0" just read off a number
        return j
    return k


def maker_of(steps: Sequence[Step], k: int, limit: int = 200) -> Optional[int]:
    """Return the step that made step k's one premise (added it, or read it off a number).

    None when step k stands on more than one sentence, or no step among the
    limit before it made its premise.
    """
    if len(steps[k].premises) != 1:
        return None
    premise = steps[k].premises[0]
    for j in range(k - 1, max(-1, k - 1 - limit), -1):
        maker = steps[j]
        if premise in maker.added or (maker.rule == "clue" and maker.sentence == premise):
            return j
    return None


# -- the teacher's own words ------------------------------------------------------------
#
# A lesson file's '# Question:' and '# Answer:' belong to its first lesson step: the step
# the editor names as what the position teaches. The teacher's answer comes first, and
# under it the AI's reason for the step's first conclusion, its numbers named.


def own_words(lesson: Lesson, number: Optional[int]) -> Optional[Lesson]:
    """Return the lesson's words when the lesson step numbered number is the one they are for."""
    return lesson if number == 1 and (lesson.question or lesson.answer) else None


def concluded(step: Step) -> Optional[tuple[Cell, bool]]:
    """Return the first cell a step decides, in reading order, and True for a mine; else None."""
    cells = sorted(step.safes | step.mines)
    return (cells[0], cells[0] in step.mines) if cells else None


def teachers_answer(answer: str, why: str) -> str:
    """Return the answer beat's words: the teacher's answer, then the AI's reason under it."""
    return f"Answer: {answer}\nThe AI: {why}" if why else f"Answer: {answer}"
