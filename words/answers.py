"""The class's answers in words: the judge's verdicts, their reasons and a guess's odds."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Optional

from sweeper.board import Cell, cell_name
from sweeper.reasons import Reason
from sweeper.records import Candidate, Decision
from words.model import cells_summary, decision_text, percent
from words.reasons import reason_text, why_line

CLAIMED = {"safe": "safe", "mine": "a mine"}


VERDICT_WORDS = {"right": "right", "wrong": "wrong", "uncertain": "not certain"}
FIFTY_FIFTIES = ("fifty-fifty", "fifty-fifty chain")  # the AI's strategies that take a 50/50 first


def chance_text(chance: Fraction, exact: bool = True) -> str:
    """Return a chance of a mine as a fraction and a percentage: "5/21 (24%)"."""
    if chance in (0, 1):
        return percent(chance)
    sign = "" if exact else "about "
    return f"{sign}{chance.numerator}/{chance.denominator} ({percent(chance)})"


def verdict_reason(
    cell: Cell,
    claim: str,
    word: str,
    chance: Fraction,
    exact: bool,
    reason: Optional[Reason],
    counter: bool,
    total: bool = True,
) -> str:
    """Return why the class's answer is right, wrong or not certain, in words.

    reason: why the cell is as it is (sweeper/reasons.py), the same words the
    answer beat and --answer give; counter: a counter-arrangement is drawn
    (on the board, or printed): the claim can fail; total: the class is told
    the mine total (a lesson's '# Total: hidden' keeps it from them).
    """
    name = cell_name(cell)
    why = why_line(reason) if reason is not None else ""
    if word == "right":
        return why
    other = "safe" if claim == "mine" else "a mine"
    drawn = (
        f" One arrangement that keeps every number{' and the mine total' if total else ''} "
        f"has {name} {other}: "
        "its mines are drawn."
        if counter
        else ""
    )
    if word == "wrong":
        return f"It is {other} in every arrangement. {why}{drawn}"
    return (
        f"Some arrangements put a mine there, some do not: its chance of a mine is "
        f"{chance_text(chance, exact)}.{drawn}"
    )


def step_reasons_text(reasons: Sequence[tuple[Reason, frozenset[Cell]]], room: int) -> str:
    """Return why a step's cells are as they are: each reason once, naming the cells it answers.

    room: the most characters the reasons may take, in reading order of their
    cells; the ones past it are left to the verdicts on their cells ("" when
    not even the first fits: the step's own words are then its argument).
    """
    said: list[str] = []
    for found, cells in reasons:
        words = _after_said(reason_text(found, cells), said)
        if sum(len(w) + 1 for w in said) + len(words) > room:
            break
        said.append(words)
    return f"Why: {' '.join(said)}" if said else ""


def _after_said(words: str, said: Sequence[str]) -> str:
    """Return an argument's words without its first steps when a reason said before is them:
    "X; then Y." after "X." is "Then Y." (the 1-2-1's third reason repeated its first)."""
    for before in said:
        start = before.rstrip(".") + "; then "
        if words.startswith(start):
            rest = words[len(start) :]
            return "Then " + rest
    return words


def answer_heading(cell: Cell, claim: str, word: str) -> str:
    """Return an answer and its verdict: "B2 safe: right"."""
    return f"{cell_name(cell)} {CLAIMED[claim]}: {VERDICT_WORDS[word]}"


def guess_answer_text(
    cell: Cell,
    chance: Fraction,
    lowest: Optional[Fraction],
    safest: Sequence[Cell],
    decision: Optional[Decision],
) -> str:
    """Return a guess question's answer: the cell chosen beside the safest, and the AI's choice.

    safest: the cells with the lowest chance; decision: the AI's choice there
    (the step's), with the cells it weighed: the words say why it picks its
    cell (decision_text, as the answer beat says it) and, where it weighed
    the class's cell too, what each is likely to open next.
    """
    name = cell_name(cell)
    said = f"{name}, the cell you would click: {chance_text(chance)} chance of a mine."
    if lowest is not None and chance == lowest:
        said += " That is the lowest of any cell."
    elif lowest is not None and safest:
        said += f" The lowest is {cells_summary(safest, most=4)}: {chance_text(lowest)}."
    if decision is None:
        return said
    said += f" The AI would {decision_text(decision)}."
    if decision.cell != cell and decision.strategy in FIFTY_FIFTIES:
        said += f" It must be guessed sooner or later, whatever is opened first; {name} can wait."
    weighed = {c.cell: c for c in decision.alternatives}
    pick, yours = weighed.get(decision.cell), weighed.get(cell)
    if decision.cell != cell and pick is not None and pick.safety_next is not None:
        after = f" After {cell_name(decision.cell)}, {_next(pick)}"
        if yours is not None and yours.safety_next is not None:
            after += f"; after {name}, {_next(yours)}"
        said += after + "."
    elif decision.cell != cell and decision.alternatives:
        shown = ", ".join(f"{cell_name(c.cell)} {percent(c.probability)}"
                          for c in decision.alternatives[:5])  # fmt: skip
        said += f" It weighed {shown}."
    return said


def _next(candidate: Candidate) -> str:
    """Return what a guess is likely to open: how safe the next click is, how often it is free."""
    assert candidate.safety_next is not None
    said = f"the next click is safe {percent(candidate.safety_next)} of the time"
    if candidate.progress:
        said += f", and its number proves a cell safe {percent(candidate.progress)} of the time"
    return said
