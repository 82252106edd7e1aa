"""Words for what the AI hands out: its steps, rules and decisions, written with cell names.

The AI returns data (sweeper.records); this module turns it into sentences a
class can read: every other module of words/ builds on these.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Optional

from sweeper.board import Cell, cell_name
from sweeper.engine import Pair
from sweeper.records import Decision, Step
from sweeper.scores import tenths

RULES = {
    "clue": "a revealed number gives a sentence",
    "known": "known cells leave a sentence",
    "zero": "a count of 0 makes every cell safe",
    "full": "a count equal to the number of cells makes every cell a mine",
    "subset": "a sentence inside another leaves the difference",
    "enumeration": "every arrangement of the mines agrees",
    "given": "facts told to the AI directly (the cells a click opened are safe)",
    "move": "the AI's move",
}


# The rule behind a judge's proof, as a verdict names it ("A1 safe, by a count of 0"): the
# review, the class's answers and a student's check say it the same way.
PROOF_WORDS = {
    "zero": "a count of 0",
    "full": "a count equal to its cells",
    "subset": "the subset rule",
    "counting": "counting every arrangement of the numbers",
    "mine count": "the mine count",
}


def _braced(cells: Iterable[Cell]) -> str:
    """Return "{A1, B2}": cell names in reading order, in braces."""
    return "{" + ", ".join(cell_name(c) for c in sorted(cells)) + "}"


LONGEST = 8  # cells named one by one; more are summarised, never cut off


def cells_text(cells: Iterable[Cell]) -> str:
    """Return "{A1, B2}" for a group of cells, in reading order; "A1" for one cell.

    More than LONGEST cells are summarised by where they lie: "12 cells in D20-J24".
    """
    cells = sorted(cells)
    if len(cells) > LONGEST:
        return _region(cells)
    return cell_name(cells[0]) if len(cells) == 1 else _braced(cells)


def rule_text(rule: Pair) -> str:
    """Return a sentence with cell names, such as "{A1, A2} = 1" (braces even for one cell)."""
    cells, count = rule
    return f"{_braced(cells)} = {count}"


def percent(p: Fraction) -> str:
    """Return a probability as a percentage that says 0% or 100% only when certain."""
    if p == 0 or p == 1:
        return f"{int(p * 100)}%"
    value = round(float(p) * 100)
    return f"{min(max(value, 1), 99)}%"


def plural(count: int, word: str) -> str:
    """Return "1 sentence" or "3 sentences"."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _all(cells: frozenset[Cell]) -> str:
    """Return "both of" for two cells, "all 3 of" for more ("all" before a summary)."""
    if len(cells) > LONGEST:
        return "all"
    return "both of" if len(cells) == 2 else f"all {len(cells)} of"


def step_text(step: Step) -> str:
    """Return a step in words, with cell names as on the board."""
    rule = step.rule
    if rule == "clue":
        assert step.cell is not None and step.sentence is not None
        shows = f"{cell_name(step.cell)} shows {step.shown}"
        if not step.sentence.cells:
            return f"{shows}: it has no hidden neighbour"
        if not step.added and (step.known_mines or step.known_safes):
            return f"{shows}, and every neighbour it counts is known already"
        return f"{shows}: {rule_text(step.sentence)}"
    if rule == "known":
        return _known_text(step)
    if rule == "zero":
        if len(step.safes) == 1:
            return f"{cells_text(step.safes)} is safe: the count is 0"
        return f"{_all(step.safes)} {cells_text(step.safes)} are safe: the count is 0"
    if rule == "full":
        which = cells_text(step.mines)
        if len(step.mines) == 1:
            return f"{which} is a mine: the count equals the number of cells"
        return f"{_all(step.mines)} {which} are mines: the count equals the number of cells"
    if rule == "subset":
        assert step.sentence is not None
        small, big = step.premises
        return f"{rule_text(big)} minus {rule_text(small)} gives {rule_text(step.sentence)}"
    if rule == "enumeration":
        return _enumeration_text(step)
    if rule == "given":
        return _given_text(step)
    if rule == "move":
        assert step.decision is not None
        return decision_text(step.decision)
    raise ValueError(f"no words for a step of rule {rule!r}")


def zero_reason(zero: Step, made: Optional[Step]) -> str:
    """Return why a count of 0 proves its cells safe: the step that made the sentence, in words.

    "C27 is safe: the count is 0" names the cell it proves, which reads as a circle;
    the step that brought the sentence to 0 names its numbers ("{A27, B27, C27} = 1
    minus {A27, B27} = 1 gives {C27} = 0"). Without one, "" for one cell (known to
    be safe, no more to say), and the count itself for several.
    """
    if made is not None and made.rule in ("clue", "known", "subset"):
        return step_text(made)
    return step_text(zero) if len(zero.safes) > 1 else ""


def _known_text(step: Step) -> str:
    """Return a 'known' step: a sentence less the cells already known."""
    parts = []
    if step.known_mines:
        mines = "mine" if len(step.known_mines) == 1 else "mines"
        parts.append(f"the known {mines} {cells_text(step.known_mines)}")
    if step.known_safes:
        safes = "cell" if len(step.known_safes) == 1 else "cells"
        parts.append(f"the known safe {safes} {cells_text(step.known_safes)}")
    start = f"{rule_text(step.premises[0])} without {' and '.join(parts)}"
    if step.sentence is None:
        return f"{start} says nothing new"
    return f"{start} gives {rule_text(step.sentence)}"


def _enumeration_text(step: Step) -> str:
    """Return an enumeration step: what every arrangement agrees on."""
    found = found_text(step)
    counting = step.counting
    arrangements = counting.arrangements if counting is not None else 0
    unknown = counting is not None and counting.mines_left is None
    way = ", the mine total not known" if unknown else ""
    every = (
        "in the only arrangement"
        if arrangements == 1
        else f"in every one of the {arrangements} arrangements"
    )
    return f"{found} {every}{way}"


def found_text(step: Step) -> str:
    """Return what an enumeration step found: "{C1, C4} safe and {C2} a mine"."""
    found = []
    if step.safes:
        found.append(f"{cells_text(step.safes)} safe")
    if step.mines:
        found.append(
            f"{cells_text(step.mines)} a mine"
            if len(step.mines) == 1
            else f"{cells_text(step.mines)} mines"
        )
    return " and ".join(found)


def _given_text(step: Step) -> str:
    """Return a 'given' step: facts put in from outside."""
    parts = [rule_text(r) for r in step.added]
    if step.mines:
        verb = "is a mine" if len(step.mines) == 1 else "are mines"
        parts.append(f"{cells_text(step.mines)} {verb}")
    if step.safes:
        verb = "is safe" if len(step.safes) == 1 else "are safe"
        parts.append(f"{cells_text(step.safes)} {verb}")
    return "given: " + "; ".join(parts)


def decision_text(decision: Decision) -> str:
    """Return why the AI plays a cell, in one line with its figures."""
    where = cell_name(decision.cell)
    strategy = decision.strategy
    if strategy == "known safe":
        return f"play {where}: known to be safe"
    if strategy == "counting":
        return f"play {where}: every arrangement of the mines leaves it safe"
    if strategy == "opening":
        if decision.wins is not None:
            return (
                f"first click {where}: best play from here wins {decision.wins} of the "
                f"{decision.games} boards, the most of any cell"
            )
        return f"first click {where}: {_opening_reason(decision)}"
    odds = f"{'≈ ' if decision.approximate else ''}{percent(decision.probability)} mine"
    if strategy == "search":
        if decision.wins is not None and 2 * decision.wins == decision.games:
            return (
                f"guess {where}: {odds}, an unavoidable 50/50: no number left can settle it, "
                f"and best play from here wins {decision.wins} of the {decision.games} "
                "arrangements, whichever cell is clicked"
            )
        return (
            f"guess {where}: {odds}; best play from here wins {decision.wins} of the "
            f"{decision.games} arrangements"
        )
    if strategy in ("fifty-fifty", "fifty-fifty chain"):
        return (
            f"guess {where}: {odds}, a 50/50 that no later number can settle, "
            "so take it before other risks"
        )
    lowest = decision.lowest if decision.lowest is not None else decision.probability
    if decision.passed_over and decision.probability != lowest:
        names = [cell_name(c) for c in decision.passed_over]
        safer = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        many = len(names) > 1
        text = (
            f"guess {where}: {odds}; {safer} {'are' if many else 'is'} safer "
            f"({percent(lowest)}) but {'each' if many else 'it'} could show only one number, "
            f"which teaches nothing, so {'they are' if many else 'it is'} best left for last"
        )
    elif decision.probability == lowest:
        text = f"guess {where}: {odds}, the lowest"
    else:
        text = (
            f"guess {where}: {odds}, not the lowest ({percent(lowest)}) but its number is "
            "likelier to make the next click safe"
        )
    if decision.approximate:
        text += " (approximate: the frontier was too wide to count)"
    return text


def _opening_reason(decision: Decision) -> str:
    """Return why the first click goes where it does."""
    if decision.cell == (0, 0):
        return "a corner, where a 0 and an opening are likeliest"
    return "sure to be a 0; a few cells in from the corner, it opens the most"


def clock_text(seconds: float) -> str:
    """Return a game's time in tenths of a second, floored, and never 0.0 once it runs."""
    return f"{tenths(seconds):.1f}" if seconds > 0 else "0"


def cells_summary(cells: Iterable[Cell], most: int = 6, untouched: Iterable[Cell] = ()) -> str:
    """Return cell names in reading order, or, past most of them, a summary never cut off.

    untouched: the closed cells no number touches; a group of just those is named so
    ("the 12 cells no number touches"), another long group by where it lies.
    """
    cells = sorted(cells)
    if len(cells) <= most:
        return ", ".join(cell_name(c) for c in cells)
    outside = set(untouched)
    if outside and outside <= set(cells):
        rest = [c for c in cells if c not in outside]
        named = f"the {len(outside)} cells no number touches"
        if not rest:
            return named
        if len(rest) <= most:
            return f"{named} and {', '.join(cell_name(c) for c in rest)}"
        return f"{named} and {_region(rest)}"
    return _region(cells)


def _region(cells: list[Cell]) -> str:
    """Return "12 cells in D20-J24": how many, and the rectangle they lie in."""
    rows = [r for r, _ in cells]
    columns = [c for _, c in cells]
    corner = cell_name((min(rows), min(columns)))
    return f"{len(cells)} cells in {corner}-{cell_name((max(rows), max(columns)))}"


def other_odds(
    chosen: Cell, odds: dict[Cell, str], most: int = 3, untouched: Iterable[Cell] = ()
) -> str:
    """Return the other cells' chances beside a guess, cells with the same chance together.

    odds: each closed cell's chance as the overlay writes it ("38%"); untouched: the
    closed cells no number touches (see cells_summary).
    """
    untouched = [c for c in untouched if c != chosen]  # the guess is not among the others
    together: dict[str, list[Cell]] = {}
    for cell, text in odds.items():
        if cell != chosen and text not in ("0%", "100%"):  # known cells are no choice
            together.setdefault(text, []).append(cell)
    order = sorted(together, key=lambda t: float(t.lstrip("≈").rstrip("%")))
    parts = [f"{cells_summary(together[t], untouched=untouched)}: {t}" for t in order[:most]]
    if len(order) > most:
        parts.append("others more")
    return "; ".join(parts)
