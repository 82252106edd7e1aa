"""A reviewed game in words: a line per click, then the summary (runner.py --review --report).

A safe click says what it stood on by its cells' reasons (sweeper/reasons.py): the
weakest rule and the fewest numbers, the words a class's answer gets for the same cell.
"""

from __future__ import annotations

from sweeper.board import Cell, cell_name
from sweeper.reasons import GRADES, Reason
from sweeper.review import ClickReview, Review
from words.model import cells_summary, cells_text, percent, plural
from words.reasons import reason_text


def click_line(click: ClickReview) -> str:
    """Return one click's line: its cell, its verdict word, then its chances and why."""
    action = click.action
    head = f"{cell_name(action.cell)} {click.word} {percent(click.chance)}"
    parts = []
    if action.kind == "chord":
        parts.append(f"chord, opens {cells_text(click.opened) if click.opened else 'nothing'}")
    if click.word == "safe":
        reasons = click_reasons(click)
        if reasons:
            parts.append(by_words(reasons))
        elif not click.revealed:
            parts.append("the first click, kept clear by the rule")
    elif click.word == "risk" and click.certain is not None:
        parts.append(f"{cell_name(click.certain)} was certain")
    elif click.word == "guess":
        if click.lowest is not None:
            parts.append(f"lowest {percent(click.lowest)}")
        if click.best is not None:
            parts.append(f"the AI: {cell_name(click.best)}")
    if click.lost:
        parts.append("hit a mine")
    return head + (f" ({'; '.join(parts)})" if parts else "")


def click_reasons(click: ClickReview) -> list[tuple[Reason, frozenset[Cell]]]:
    """Return why a safe click's cells were safe: each reason once, with the cells it answers.

    The verdicts' own reasons (sweeper/reasons.py), the same a class's answer would give.
    """
    grouped: dict[Reason, tuple[Reason, set[Cell]]] = {}
    for verdict in click.verdicts:
        found = verdict.reason
        if found is not None:
            grouped.setdefault(found.argument, (found, set()))[1].add(verdict.cell)
    return [(found, frozenset(cells)) for found, cells in grouped.values()]


def by_words(reasons: list[tuple[Reason, frozenset[Cell]]]) -> str:
    """Return what a safe click stood on, in a few words: "by two numbers: B2, C2".

    The weakest rule that settles every cell it opened, and the numbers named.
    """
    grade = max((found.grade for found, _ in reasons), key=GRADES.index)
    numbers = sorted({n.cell for found, _ in reasons for n in found.numbers})
    count = "one number" if len(numbers) == 1 else f"{_count(len(numbers))} numbers"
    if len(numbers) <= 4:
        named = f"{count}: {', '.join(cell_name(c) for c in numbers)}"
    else:
        named = f"{count} in {cells_summary(numbers, most=0).split(' in ', 1)[1]}"
    if grade == "counting":
        return f"by counting every arrangement under {named}"
    if grade == "total":
        return f"by the mine total and {named}" if numbers else "by the mine total alone"
    return f"by {named}"


def _count(count: int) -> str:
    """Return a small count in words: "two", "three"; past ten, the figure."""
    words = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
    return words[count - 2] if 2 <= count <= 10 else str(count)


def safe_words(click: ClickReview) -> str:
    """Return why a safe click was safe, in the lesson's words: each of its reasons."""
    return " ".join(reason_text(found, cells) for found, cells in click_reasons(click))


def summary_line(done: Review) -> str:
    """Return the game's summary: the counts of each verdict, where it was lost, the luck."""
    counts = done.counts
    words = ", ".join(f"{counts[w]} {w}" for w in ("safe", "risk", "guess"))
    line = f"{plural(len(done.clicks), 'click')} judged (flags aside): {words}"
    lost = done.lost_on
    if lost is not None:
        line += f"; lost on {cell_name(lost.action.cell)}"
    luck = "the chance of surviving every risk and guess taken"
    return f"{line}; luck {percent(done.luck)} ({luck})"


def report(done: Review) -> list[str]:
    """Return the whole report: one line per click, then the summary."""
    return [click_line(c) for c in done.clicks] + [summary_line(done)]
