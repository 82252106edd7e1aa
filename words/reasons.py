"""A reason in a teacher's words: each number by its cell, the rule it uses, and what follows.

sweeper.reasons hands out a reason as data; reason_text words it, one
sentence or two, by its grade:

one       "C3 = 0 frees every closed cell around it: B2 is safe."
two       "C3 = 1 and C4 = 2 share B3 and B4, which hold at most one mine:
          so C4's 2 needs B5, and C3's 1 frees B2."
several   "C1 = 1, C3 = 3 and C5 = 1: their mines can lie in only 4 ways,
          and in each C1's 1 frees B1, C5's 1 frees B5, and C3's 3 needs B3."
total     "B3 = 3 puts 3 mines among its closed cells: all of the mines left
          (3). None is left for any other closed cell, so C1 is safe."
counting  "No set of up to 6 numbers settles it. Counting every arrangement of
          the mines under the numbers ...: D4 is safe in all 12."

A number is named by its cell and its count ("C3 = 1"), and "C3's 1" is
the count at work. The words name the reason's numbers and no other open
cell, and say "mines left" exactly when the reason uses the mine total.
"""

from __future__ import annotations

from collections.abc import Iterable

from sweeper.board import Cell, cell_name
from sweeper.reasons import Number, Reason

LONGEST = 8  # closed cells named one by one; more are summarised by where they lie
MOST_NAMED = 12  # numbers named one by one in a count; more are summarised the same way


def why_line(reason: Reason) -> str:
    """Return the line that says why: "Why: " and the reason in words."""
    return f"Why: {reason_text(reason)}"


def reason_text(reason: Reason) -> str:
    """Return a reason in a teacher's words: why its cell is safe, or a mine."""
    grade = reason.grade
    if grade == "one":
        return _one(reason)
    if grade == "two" and reason.shared:
        return _two(reason)
    if grade == "total":
        return _total(reason)
    if grade == "counting":
        return _counting(reason)
    return _several(reason)


# -- the grades ------------------------------------------------------------------------------


def _one(reason: Reason) -> str:
    """One number: its count is 0, or as many as its closed cells."""
    (number,) = reason.numbers
    if not reason.mine:
        return f"{_number(number)} frees every closed cell around it: {_is(reason.cell, False)}."
    if len(number.cells) == 1:
        return f"{_number(number)} has one closed cell: {_is(reason.cell, True)}."
    every = "both" if len(number.cells) == 2 else "all"
    return (
        f"{_number(number)} has just {len(number.cells)} closed cells, {_cells(number.cells)}: "
        f"{every} are mines."
    )


def _two(reason: Reason) -> str:
    """Two numbers that share closed cells: what the shared cells can hold, and what follows."""
    first, second = reason.numbers
    shared = reason.shared
    low, high = min(reason.held), max(reason.held)
    follows, uses_most, uses_least = [], False, False
    for number in reason.numbers:
        if reason.needs(number):
            follows.append(f"{_its(number)} needs {_cells(reason.needs(number))}")
            uses_most = True
    for number in reason.numbers:
        if reason.frees(number):
            follows.append(f"{_its(number)} frees {_cells(reason.frees(number))}")
            uses_least = True
    filled = low == high == len(shared)
    if not filled and shared & reason.mines:
        follows.append(_are(shared & reason.mines, True))
        uses_least = True
    if shared & reason.safes:
        follows.append(_are(shared & reason.safes, False))
        uses_most = True
    which = "which holds" if len(shared) == 1 else "which hold"
    if filled:
        bound = "a mine" if len(shared) == 1 else "both mines" if len(shared) == 2 else "all mines"
        held = f"{'which is' if len(shared) == 1 else 'which are'} {bound}"
    elif uses_most and (uses_least and low < high):
        held = f"{which} at least {_mines(low)} and at most {_mines(high)}"
    elif uses_most:
        held = f"{which} at most {_mines(high)}"
    else:
        held = f"{which} at least {_mines(low)}"
    start = f"{_number(first)} and {_number(second)} share {_cells(shared)}, {held}"
    return f"{start}: so {_then(follows)}." if follows else f"{start}."


def _several(reason: Reason) -> str:
    """Three numbers or more: how few ways their mines can lie, and what every way has."""
    ways = reason.ways or 0
    many = "only one way, and in it" if ways == 1 else f"only {ways} ways, and in each"
    names = _listed([_number(n) for n in reason.numbers])
    return f"{names}: their mines can lie in {many} {_then(_follows(reason))}."


def _total(reason: Reason) -> str:
    """Numbers and the mine total: how many mines their cells hold, against the mines left."""
    left = reason.mines_left
    assert left is not None
    cell, numbers, held = reason.cell, reason.numbers, reason.held
    named = any(cell in n.cells for n in numbers)
    if not numbers:
        if reason.mine:
            return (
                f"The mines left ({left}) are as many as the closed cells: every one is a mine, "
                f"{cell_name(cell)} among them."
            )
        return f"There are 0 mines left: every closed cell is safe, {cell_name(cell)} among them."
    names = _listed([_number(n) for n in numbers])
    one = len(numbers) == 1
    hold = "holds" if one else "hold"
    their = "its" if one else "their"
    if not named and not reason.mine and min(held) >= left:
        put = "puts" if one else "put"
        least = "" if held == (left,) else "at least "
        return (
            f"{names} {put} {least}{_mines(left)} among {their} closed cells: all of the "
            f"mines left ({left}). None is left for any other closed cell, so "
            f"{_is(cell, False)}."
        )
    fewest = left - reason.others
    if not named and reason.mine and max(held) <= fewest:
        return (
            f"{names} {hold} at most {_mines(fewest)} among {their} closed cells, so the mines "
            f"left ({left}) fill all {reason.others} other closed cells: {_is(cell, True)}."
        )
    fit = [k for k in held if fewest <= k <= left]
    beside = "no other closed cell" if reason.others == 0 else _closed(reason.others, "other ")
    return (
        f"{names} {hold} {_alternatives(held)} among {their} closed cells, and with {beside} "
        f"the mines left ({left}) allow only {_alternatives(fit)}: in every way that fits, "
        f"{_then(_follows(reason))}."
    )


def _counting(reason: Reason) -> str:
    """Every arrangement counted: no small set of numbers was found that settles the cell."""
    numbers = reason.numbers
    if len(numbers) <= MOST_NAMED:
        names = "the numbers " + _listed([cell_name(n.cell) for n in numbers])
    else:
        names = f"the {len(numbers)} numbers in {_rectangle([n.cell for n in numbers])}"
    if reason.searched >= 1:
        start = f"No set of up to {reason.searched} numbers settles it"
    else:
        start = "No small set of numbers was found that settles it in the time there was"
    cell = cell_name(reason.cell)
    way = "a mine" if reason.mine else "safe"
    if reason.uses_total:
        every = (
            "in the only arrangement that fits"
            if reason.ways == 1
            else (f"in all {reason.ways} arrangements that fit")
        )
        return (
            f"{start}, with the mine total or without. Counting every arrangement of the "
            f"mines left ({reason.mines_left}) under {names}: {cell} is {way} {every}."
        )
    if reason.ways is None:
        return f"{start}; {names} settle it together, with too many arrangements to count here."
    every = "in the only one" if reason.ways == 1 else f"in all {reason.ways}"
    counted = f"Counting every arrangement of the mines under {names}"
    return f"{start}. {counted}: {cell} is {way} {every}."


# -- the parts of a sentence -----------------------------------------------------------------


def _follows(reason: Reason) -> list[str]:
    """Return what the reason settles: each number's own needs and frees, then shared cells."""
    said: list[str] = []
    told: set[Cell] = set()
    for number in reason.numbers:
        for cells, verb in ((reason.frees(number), "frees"), (reason.needs(number), "needs")):
            if cells:
                said.append(f"{_its(number)} {verb} {_cells(cells)}")
                told |= cells
    named = set().union(*(n.cells for n in reason.numbers))
    for cells, mine in ((reason.mines, True), (reason.safes, False)):
        rest = (cells & named) - told
        if rest:
            said.append(_are(rest, mine))
            told |= rest
    if reason.cell not in told:  # a cell no named number touches: the total settles it
        said.append(_is(reason.cell, reason.mine))
    return said


def _number(number: Number) -> str:
    """Return a number as its cell and its count: "C3 = 1"."""
    return f"{cell_name(number.cell)} = {number.count}"


def _its(number: Number) -> str:
    """Return a number's count at work: "C3's 1"."""
    return f"{cell_name(number.cell)}'s {number.count}"


def _mines(count: int) -> str:
    """Return "no mine", "one mine" or "3 mines"."""
    return "no mine" if count == 0 else "one mine" if count == 1 else f"{count} mines"


def _alternatives(counts: list[int] | tuple[int, ...]) -> str:
    """Return how many mines may lie: "one mine", "3 or 4 mines", "2, 3 or 5 mines"."""
    if len(counts) == 1:
        return _mines(counts[0])
    return _listed([str(k) for k in counts[:-1]]) + f" or {counts[-1]} mines"


def _closed(count: int, which: str = "") -> str:
    """Return "one other closed cell" or "3 other closed cells"."""
    return f"one {which}closed cell" if count == 1 else f"{count} {which}closed cells"


def _is(cell: Cell, mine: bool) -> str:
    """Return "B2 is safe" or "B2 is a mine"."""
    return f"{cell_name(cell)} is {'a mine' if mine else 'safe'}"


def _are(cells: Iterable[Cell], mine: bool) -> str:
    """Return "B3 is a mine", "B3 and B4 are mines", "B3 and B4 are safe"."""
    cells = sorted(cells)
    if len(cells) == 1:
        return _is(cells[0], mine)
    return f"{_cells(cells)} are {'mines' if mine else 'safe'}"


def _cells(cells: Iterable[Cell]) -> str:
    """Return closed cells by name in reading order ("B3 and B4"); past LONGEST, where they lie."""
    cells = sorted(cells)
    if len(cells) > LONGEST:
        return _region(cells)
    return _listed([cell_name(c) for c in cells])


def _region(cells: list[Cell]) -> str:
    """Return "12 cells in D20-J24": how many, and the rectangle they lie in."""
    return f"{len(cells)} cells in {_rectangle(cells)}"


def _rectangle(cells: list[Cell]) -> str:
    """Return the rectangle cells lie in: "D20-J24"."""
    rows = [r for r, _ in cells]
    columns = [c for _, c in cells]
    return f"{cell_name((min(rows), min(columns)))}-{cell_name((max(rows), max(columns)))}"


def _listed(items: list[str]) -> str:
    """Return names in a list: "A", "A and B", "A, B and C"."""
    if len(items) <= 2:
        return " and ".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _then(items: list[str]) -> str:
    """Return what follows, clause by clause: "X", "X, and Y", "X, Y, and Z"."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + ", and " + items[-1]
