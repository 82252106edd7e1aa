"""The class's answers in words: the judge's verdicts, their proofs and a guess's odds."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Optional

from sweeper.board import Cell, cell_name
from sweeper.records import Step
from words.model import cells_summary, found_text, percent, plural, step_text

CLAIMED = {"safe": "safe", "mine": "a mine"}


VERDICT_WORDS = {"right": "right", "wrong": "wrong", "uncertain": "not certain"}


def chance_text(chance: Fraction, exact: bool = True) -> str:
    """Return a chance of a mine as a fraction and a percentage: "5/21 (24%)"."""
    if chance in (0, 1):
        return percent(chance)
    sign = "" if exact else "about "
    return f"{sign}{chance.numerator}/{chance.denominator} ({percent(chance)})"


def proof_text(proof: Sequence[Step], rule: str, numbers: Iterable[Cell] = ()) -> str:
    """Return a judge's proof in the lesson's words: its steps in order, premises first.

    rule: the judge's name for what decides it ("counting": the numbers'
    arrangements; "mine count": those that also use the mines left); numbers:
    the open numbers a counting step stands on, to name them.
    """
    said = []
    for step in proof:
        if step.rule == "known" and step.sentence is None:
            continue  # says nothing new
        if step.rule == "enumeration":
            said.append(_counted_text(step, rule, numbers))
        else:
            said.append(step_text(step))
    return "; ".join(said)


def _counted_text(step: Step, rule: str, numbers: Iterable[Cell]) -> str:
    """Return a judge's counting step: what every arrangement agrees on, and which ones count."""
    found = found_text(step)
    counting = step.counting
    ways = counting.arrangements if counting is not None else 0
    named = cells_summary(numbers, most=8)
    under = f"the numbers {named}" if named else "the numbers"
    if rule == "mine count" and counting is not None and counting.mines_left is not None:
        left = plural(counting.mines_left, "mine")
        return (
            f"{under} alone leave it open, but every arrangement that uses the {left} "
            f"left has {found}"
        )
    many = "the only way" if ways == 1 else f"every one of the {ways:,} ways"
    return f"{found} in {many} the mines can lie under {under}"


def verdict_reason(
    cell: Cell,
    claim: str,
    word: str,
    chance: Fraction,
    exact: bool,
    proof: Sequence[Step],
    rule: str,
    counter: bool,
    numbers: Iterable[Cell] = (),
    total: bool = True,
) -> str:
    """Return why the class's answer is right, wrong or not certain, in words.

    counter: a counter-arrangement is drawn (on the board, or printed): the claim can
    fail; numbers: the open numbers the proof stands on; total: the class is told the
    mine total (a lesson's '# Total: hidden' keeps it from them).
    """
    name = cell_name(cell)
    why = proof_text(proof, rule, numbers)
    if word == "right":
        return f"Why: {why}."
    other = "safe" if claim == "mine" else "a mine"
    drawn = (
        f" One arrangement that keeps every number{' and the mine total' if total else ''} "
        f"has {name} {other}: "
        "its mines are drawn."
        if counter
        else ""
    )
    if word == "wrong":
        return f"It is {other} in every arrangement. Why: {why}.{drawn}"
    return (
        f"Some arrangements put a mine there, some do not: its chance of a mine is "
        f"{chance_text(chance, exact)}.{drawn}"
    )


def answer_heading(cell: Cell, claim: str, word: str) -> str:
    """Return an answer and its verdict: "B2 safe: right"."""
    return f"{cell_name(cell)} {CLAIMED[claim]}: {VERDICT_WORDS[word]}"


def guess_answer_text(
    cell: Cell,
    chance: Fraction,
    lowest: Optional[Fraction],
    safest: Sequence[Cell],
    weighed: Sequence[tuple[Cell, Fraction]],
) -> str:
    """Return a guess question's answer: the cell chosen beside the safest, and the AI's weighing.

    safest: the cells with the lowest chance; weighed: the AI's candidates, its choice
    first, with their chances of a mine.
    """
    name = cell_name(cell)
    said = f"{name}, the cell you would click: {chance_text(chance)} chance of a mine."
    if lowest is not None and chance == lowest:
        said += " That is the lowest of any cell."
    elif lowest is not None and safest:
        said += f" The lowest is {cells_summary(safest, most=4)}: {chance_text(lowest)}."
    if weighed:
        pick = cell_name(weighed[0][0])
        same = " too" if weighed[0][0] == cell else ""
        shown = ", ".join(f"{cell_name(c)} {percent(p)}" for c, p in weighed[:5])
        said += f" The AI picks {pick}{same}; it weighed {shown}."
    return said
