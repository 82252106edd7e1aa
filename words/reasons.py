"""A reason in a teacher's words: the numbers by their cells, what they allow, what follows.

sweeper.reasons hands out a reason as data; reason_text words it, one
sentence or a few, the same wherever it is shown (the class's verdict, the
answer beat, --answer, the deck, the review, the student check):

one       "B2 = 1 has one closed cell: C3 is a mine."
two       "C3 = 1 and C4 = 2 share B3 and B4, which hold at most one mine: so
          C4's 2 needs B5, and C3's 1 frees B2."
several   "C3 = 3 shares B2 and C2 with C1 = 1, and B4 and C4 with C5 = 1, which
          hold at most one mine each: so C3's 3 needs B3 and one mine in each,
          C1's 1 frees B1, and C5's 1 frees B5." (a chain of such steps, joined
          by "then"; where no small steps do it, how few ways the mines can lie)
total     "B2 = 4 puts 4 mines in its closed cells, all the mines left (4): none is
          left for A4, B4 and C4, which are safe."
counting  "No set of up to 8 numbers settles it. Counting every arrangement of
          the mines under the numbers ...: in all 12, C7 is safe."
A reason says what its numbers settle, every cell of it: two cells with the
same argument read the same. Where a list of cells is long it is said by
where it lies, and the cells asked about are named in it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from sweeper.board import Cell, cell_name
from sweeper.reasons import Link, Number, Reason

LONGEST = 8  # closed cells named one by one; more are summarised by where they lie
MOST_NAMED = 12  # numbers named one by one in a count; more are summarised the same way


def why_line(reason: Reason) -> str:
    """Return the line that says why: "Why: " and the reason in words."""
    return f"Why: {reason_text(reason)}"


def reason_text(reason: Reason, asked: Iterable[Cell] = ()) -> str:
    """Return a reason in a teacher's words: why its cells are safe, or mines.

    asked: the cells the words are about (the reason's own cell when none),
    named even where the cells settled are too many to list.
    """
    said = _Said(reason, frozenset(asked) or frozenset([reason.cell]))
    grade = reason.grade
    if grade == "one":
        return said.one()
    if grade == "two" and reason.shared:
        return said.two()
    if grade == "total":
        return said.total()
    if grade == "counting":
        return said.counting()
    return said.several()


class _Said:
    """One reason being worded: the reason and the cells asked about."""

    def __init__(self, reason: Reason, asked: frozenset[Cell]) -> None:
        self.reason, self.asked = reason, asked

    # -- the grades --------------------------------------------------------------------------

    def one(self) -> str:
        """One number: its count is 0, or as many as its closed cells."""
        (number,) = self.reason.numbers
        return _link_one(Link((number,), self.reason.mines, self.reason.safes), self.asked)

    def two(self) -> str:
        """Two numbers that share closed cells: what the shared cells can hold, what follows."""
        reason = self.reason
        first, second = reason.numbers
        low, high = min(reason.held), max(reason.held)
        link = Link(reason.numbers, reason.mines, reason.safes)
        return _pair(link, first, second, reason.shared, low, high, self.asked) + "."

    def several(self) -> str:
        """Three numbers or more: their argument step by step, or how few ways their mines lie."""
        reason = self.reason
        if reason.links:
            return _chain(reason.links, self.asked)
        ways = reason.ways or 0
        many = "only one way, and in it" if ways == 1 else f"only {ways} ways, and in each"
        names = _listed([_number(n) for n in reason.numbers])
        return f"{names}: their mines can lie in {many} {_then(self.follows())}."

    def total(self) -> str:
        """Numbers and the mine total: how many mines their cells hold, against the mines left."""
        reason = self.reason
        left = reason.mines_left
        assert left is not None
        numbers, held = reason.numbers, reason.held
        outside_safe = reason.safes - reason.named
        outside_mines = reason.mines - reason.named
        if not numbers:
            if reason.mines:
                return (
                    f"The mines left ({left}) are as many as the closed cells: every one is a "
                    f"mine, {self.cells(reason.mines)} among them."
                )
            return (
                f"There are 0 mines left: every closed cell is safe, "
                f"{self.cells(reason.safes)} among them."
            )
        names = self.names()
        one = len(numbers) == 1
        hold = "holds" if one else "hold"
        their = "its" if one else "their"
        follows = self.follows(outside=False) if len(numbers) <= MOST_NAMED else []
        if outside_safe and min(held) >= left:
            put = "puts" if one else "put"
            least = "" if held == (left,) else "at least "
            also = f"; and {_then(follows)}" if follows else ""
            which = "which is" if len(outside_safe) == 1 else "which are"
            return (
                f"{names} {put} {least}{_mines(left)} in {their} closed cells, all the mines "
                f"left ({left}): none is left for {self.cells(outside_safe)}, {which} safe{also}."
            )
        fewest = left - reason.others
        if outside_mines and max(held) <= fewest:
            also = f"; and {_then(follows)}" if follows else ""
            return (
                f"{names} {hold} at most {_mines(fewest)} among {their} closed cells, so the "
                f"mines left ({left}) fill all {reason.others} other closed cells: "
                f"{self.are(outside_mines, True)}{also}."
            )
        fit = [k for k in held if fewest <= k <= left]
        if reason.others == 0:
            where = "in all the closed cells,"
        else:
            where = f"in {their} closed cells, with {_closed(reason.others, 'other ')},"
        return (
            f"{names} {hold} {_alternatives(held)} {where} but the mines left ({left}) allow "
            f"only {_alternatives(fit)}: so {_then(self.follows())}."
        )

    def counting(self) -> str:
        """Every arrangement counted: no small set of numbers was found that settles the cell."""
        reason = self.reason
        numbers = reason.numbers
        if len(numbers) <= MOST_NAMED:
            names = "the numbers " + _listed([cell_name(n.cell) for n in numbers])
        else:
            names = f"the {len(numbers)} numbers in {_rectangle([n.cell for n in numbers])}"
        if reason.searched >= 1:
            start = f"No set of up to {reason.searched} numbers settles it"
        else:
            start = "No small set of numbers was found that settles it in the time there was"
        settled = self.settled()
        left = reason.mines_left or 0
        outside_safe, outside_mines = reason.safes - reason.named, reason.mines - reason.named
        bound = (
            reason.uses_total
            and reason.held
            and (
                self.asked <= outside_safe
                and min(reason.held) >= left
                or self.asked <= outside_mines
                and max(reason.held) <= left - reason.others
            )
        )
        if bound:  # every number and the total, in a teacher's words: the mines they need
            every = "every number on the board" if reason.whole else "these numbers"
            return f"{start}: it takes {every} and the mine total. {_capital(self.total())}"
        if reason.uses_total:
            every = (
                "in the only arrangement that fits"
                if reason.ways == 1
                else (f"in all {reason.ways:,} arrangements that fit")
            )
            whole = (
                ": it takes every number on the board and the mine total together"
                if reason.whole
                else ""
            )
            return (
                f"{start}, with the mine total or without{whole}. Counting every arrangement "
                f"of the mines left ({reason.mines_left}) under {names}: {every}, {settled}."
            )
        if reason.ways is None:
            return f"{start}; {names} settle it together, with too many arrangements to count here."
        every = "in the only one" if reason.ways == 1 else f"in all {reason.ways:,}"
        counted = f"Counting every arrangement of the mines under {names}"
        return f"{start}. {counted}: {every}, {settled}."

    # -- the parts of a sentence -------------------------------------------------------------

    def names(self) -> str:
        """Return the numbers as "B1 = 1 and B3 = 3", or past MOST_NAMED where they lie."""
        numbers = self.reason.numbers
        if len(numbers) <= MOST_NAMED:
            return _listed([_number(n) for n in numbers])
        return f"the {len(numbers)} numbers in {_rectangle([n.cell for n in numbers])}"

    def follows(self, outside: bool = True) -> list[str]:
        """Return what the reason settles: each number's own needs and frees, then the rest.

        outside: the cells no named number touches too (settled with the total).
        """
        reason = self.reason
        said: list[str] = []
        told: set[Cell] = set()
        for number in reason.numbers:
            for cells, verb in ((reason.frees(number), "frees"), (reason.needs(number), "needs")):
                if cells:
                    said.append(f"{_its(number)} {verb} {self.cells(cells)}")
                    told |= cells
        named = reason.named
        for cells, mine in ((reason.mines, True), (reason.safes, False)):
            rest = (cells & named) - told
            if rest:
                said.append(self.are(rest, mine))
                told |= rest
        if outside:
            for cells, mine in ((reason.mines, True), (reason.safes, False)):
                if cells - named:
                    said.append(self.are(cells - named, mine))
        return said

    def settled(self) -> str:
        """Return every cell the reason settles: "C1 and C4 are safe, and C2 is a mine"."""
        reason = self.reason
        pairs = ((reason.safes, False), (reason.mines, True))
        return _then([self.are(cells, mine) for cells, mine in pairs if cells])

    def are(self, cells: Iterable[Cell], mine: bool) -> str:
        """Return "B3 is a mine", "B3 and B4 are mines", "12 cells in A1-C9 are safe, ..."."""
        return _are(cells, mine, self.asked)

    def cells(self, cells: Iterable[Cell]) -> str:
        """Return cells by name, or where they lie with the asked ones among them named."""
        return _cells(cells, self.asked)


# -- a step of an argument -------------------------------------------------------------------


def _chain(links: Sequence[Link], asked: frozenset[Cell]) -> str:
    """Return an argument's steps in order: the first, then each next one after "then"."""
    said = [_link(link, asked) for link in links]
    return "; then ".join(said) + "."


def _link(link: Link, asked: frozenset[Cell]) -> str:
    """Return one step: a number, two that share cells, or a center and the parts it shares."""
    if len(link.numbers) == 1:
        return _link_one(link, asked).removesuffix(".")
    center = link.center
    assert center is not None
    if len(link.parts) == 1:
        ((side, part, low, high),) = link.parts
        return _pair(link, center, side, part, low, high, asked)
    return _bound(link, center, asked)


def _link_one(link: Link, asked: frozenset[Cell]) -> str:
    """Return a number that settles its cells left: none or all of them are mines."""
    (number,) = link.numbers
    cells, needs = link.left(number)
    known = link.known_mines | link.known_safes
    if needs == 0:
        if link.known_mines & number.cells:
            mines = link.known_mines & number.cells
            had = "its mine" if number.count == 1 else "its mines"
            return (
                f"{_number(number)} has {had} in {_cells(mines)} already: "
                f"{_are(cells, False, asked)}."
            )
        if known & number.cells:
            return f"{_number(number)}{_with(number, link)} frees {_are(cells, False, asked)}."
        return f"{_number(number)} frees every closed cell around it: {_are(cells, False, asked)}."
    if known & number.cells:
        left = "one closed cell left" if len(cells) == 1 else f"{len(cells)} closed cells left"
        return f"{_number(number)}{_with(number, link)} has {left}: {_are(cells, True, asked)}."
    if len(cells) == 1:
        return f"{_number(number)} has one closed cell: {_are(cells, True, asked)}."
    every = "both" if len(cells) == 2 else "all"
    return (
        f"{_number(number)} has just {len(cells)} closed cells, {_cells(cells, asked)}: "
        f"{every} are mines."
    )


def _pair(
    link: Link,
    first: Number,
    second: Number,
    shared: frozenset[Cell],
    low: int,
    high: int,
    asked: frozenset[Cell],
) -> str:
    """Return two numbers that share closed cells: what those can hold, and what follows."""
    follows, uses_most, uses_least = [], False, False
    pair = sorted([first, second], key=lambda n: n.cell)
    own = {n: link.left(n)[0] - shared for n in pair}
    for number in pair:
        if own[number] & link.mines:
            follows.append(f"{_its(number)} needs {_cells(own[number] & link.mines, asked)}")
            uses_most = True
    for number in pair:
        if own[number] & link.safes:
            follows.append(f"{_its(number)} frees {_cells(own[number] & link.safes, asked)}")
            uses_least = True
    filled = low == high == len(shared)
    if not filled and shared & link.mines:
        follows.append(_are(shared & link.mines, True, asked))
        uses_least = True
    if shared & link.safes:
        follows.append(_are(shared & link.safes, False, asked))
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
    a, b = (f"{_number(n)}{_with(n, link)}" for n in pair)
    start = f"{a} and {b} share {_cells(shared, asked)}, {held}"
    return f"{start}: so {_then(follows)}" if follows else start


def _bound(link: Link, center: Number, asked: frozenset[Cell]) -> str:
    """Return a center and the parts it shares: each holds its most (or fewest), and so on."""
    shares = [f"{_cells(part)} with {_number(side)}{_with(side, link)}"
              for side, part, _, _ in link.parts]  # fmt: skip
    bounds = [high if link.most else low for _, _, low, high in link.parts]
    word = "at most" if link.most else "at least"
    if len(set(bounds)) == 1:
        held = f"which hold {word} {_mines(bounds[0])} each"
    else:
        held = f"which hold {word} {_listed([str(k) for k in bounds])} mines"
    cells, needs = link.left(center)
    own = cells - frozenset().union(*(part for _, part, _, _ in link.parts))
    start = f"{_number(center)}{_with(center, link)} shares {_then(shares)}, {held}"
    each = _mines(bounds[0]) if len(set(bounds)) == 1 else "the most"
    if link.most:
        needs_words = f"{_cells(own, asked)} and {each} in each" if own else f"{each} in each"
        first = f"{_its(center)} needs {needs_words}"
    else:
        each = _mines(bounds[0]) if len(set(bounds)) == 1 else "the fewest"
        first = f"{each} in each is all {_its(center)}" + (
            f", which frees {_cells(own, asked)}" if own else ""
        )
    follows = [first]
    for side, part, _, _ in link.parts:
        rest = link.left(side)[0] - part
        if rest & link.safes:
            follows.append(f"{_its(side)} frees {_cells(rest & link.safes, asked)}")
        if rest & link.mines:
            follows.append(f"{_its(side)} needs {_cells(rest & link.mines, asked)}")
        if part & link.mines:
            follows.append(_are(part & link.mines, True, asked))
        if part & link.safes:
            follows.append(_are(part & link.safes, False, asked))
    return f"{start}: so {_then(follows)}"


def _with(number: Number, link: Link) -> str:
    """Return what earlier steps settled among a number's cells: ", with the mine C3,"."""
    mines = sorted(link.known_mines & number.cells)
    safes = sorted(link.known_safes & number.cells)
    said = []
    if mines:
        said.append(f"the mine{'s' * (len(mines) > 1)} {_cells(mines)}")
    if safes:
        said.append(f"{_cells(safes)} safe")
    return f" (with {' and '.join(said)})" if said else ""


# -- the parts of a sentence -----------------------------------------------------------------


def _capital(words: str) -> str:
    """Return words with a capital first letter."""
    return words[:1].upper() + words[1:]


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


def _are(cells: Iterable[Cell], mine: bool, asked: frozenset[Cell] = frozenset()) -> str:
    """Return "B3 is a mine", "B3 and B4 are mines", "B3 and B4 are safe"."""
    cells = sorted(cells)
    what = "a mine" if mine else "safe"
    if len(cells) == 1:
        return f"{cell_name(cells[0])} is {what}"
    return f"{_cells(cells, asked)} are {'mines' if mine else 'safe'}"


def _cells(cells: Iterable[Cell], asked: frozenset[Cell] = frozenset()) -> str:
    """Return closed cells by name in reading order ("B3 and B4"); past LONGEST, where they lie,
    and the asked cells among them by name."""
    cells = sorted(cells)
    if len(cells) > LONGEST:
        among = sorted(asked & set(cells))
        named = f" ({_listed([cell_name(c) for c in among])} among them)" if among else ""
        return _region(cells) + named
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
