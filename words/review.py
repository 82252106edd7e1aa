"""A reviewed game in words: a line per click, then the summary (runner.py --review --report)."""

from __future__ import annotations

from sweeper.board import cell_name
from sweeper.review import ClickReview, Review
from words.model import PROOF_WORDS, cells_text, percent, plural


def click_line(click: ClickReview) -> str:
    """Return one click's line: its cell, its verdict word, then its chances and why."""
    action = click.action
    head = f"{cell_name(action.cell)} {click.word} {percent(click.chance)}"
    parts = []
    if action.kind == "chord":
        parts.append(f"chord, opens {cells_text(click.opened) if click.opened else 'nothing'}")
    if click.word == "safe":
        rules = {v.rule for v in click.verdicts if v.rule}
        if chord_known(click):
            parts.append(f"{chord_known(click)}: a count of 0 for the rest")
        elif rules:
            parts.append("by " + " and ".join(PROOF_WORDS.get(r, r) for r in sorted(rules)))
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


def chord_known(click: ClickReview) -> str:
    """Return what a safe chord stood on: its number met by the known mines beside it
    ("B2's 1 met by the known mine A1"); "" for any other click."""
    cell = click.action.cell
    number = dict(click.revealed).get(cell)
    if click.action.kind != "chord" or click.word != "safe" or number is None:
        return ""
    beside = sorted(f for f in click.flags if max(abs(f[0] - cell[0]), abs(f[1] - cell[1])) == 1)
    if len(beside) != number:
        return ""
    mines = "the known mine" if number == 1 else "the known mines"
    return f"{cell_name(cell)}'s {number} met by {mines} {cells_text(tuple(beside))}"


def summary_line(done: Review) -> str:
    """Return the game's summary: the counts of each verdict, where it was lost, the luck."""
    counts = done.counts
    words = ", ".join(f"{counts[w]} {w}" for w in ("safe", "risk", "guess"))
    line = f"{plural(len(done.clicks), 'click')}: {words}"
    lost = done.lost_on
    if lost is not None:
        line += f"; lost on {cell_name(lost.action.cell)}"
    luck = "the chance of surviving every risk and guess taken"
    return f"{line}; luck {percent(done.luck)} ({luck})"


def report(done: Review) -> list[str]:
    """Return the whole report: one line per click, then the summary."""
    return [click_line(c) for c in done.clicks] + [summary_line(done)]
