"""Why a forced cell is what it is: the fewest numbers, by the weakest rule that settles it.

A cell that every arrangement of the mines decides has many proofs, and a
class needs the shortest. A *reason* is data, never words: the open numbers
it uses (each by its cell, with its count and its closed cells), its grade,
and what the words need to tell it. The grades, weakest first:

one       one number: its count is 0, or equals its closed cells;
two       two numbers: one inside the other (the subset rule), or two that
          share closed cells which can hold only so many mines (the 1-2);
several   three numbers or more, where no two do;
total     numbers with the mine total, where no numbers alone settle it;
counting  every arrangement counted, where no set of numbers within the
          search's budget settles it (the reason says how far it looked).

Sets of numbers are searched by size, 1, 2, 3, ... up to MOST_NUMBERS, and
the first size that settles the cell is the reason's: never the knowledge
base's order. The mine total is tried only where the numbers alone cannot
settle the cell, and then from size 0 (the total alone). Each set is tried
exactly, by a small search over its cells' groups: can its numbers (and
the total) hold with the cell the other way? A set that can has a
counter-example, and the counter-example says which numbers a larger set
must take in (see _Hunt), so few sets are ever tried. A reason never names
a set that cannot settle the cell.

The search counts its work (REASON_WORK). Past it, or past MOST_NUMBERS,
the reason is "counting": the nearest numbers whose arrangements, counted,
settle the cell (with the total, every number), and the largest size of set
it searched in full. A reason past its budget is never wrong, only larger.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import NamedTuple, Optional

from .bits import indexes
from .board import Cell, cell_name, neighbours
from .engine import SOLVE_WORK, Solution, solve
from .position import Position

GRADES = ("one", "two", "several", "total", "counting")
MOST_NUMBERS = 8  # the largest set of numbers searched
REASON_WORK = 60_000  # the search's work for one reason (see _Hunt), about half a second
SCANNED = 8  # "one of these" sets a search node reads for one unit of work


@dataclass(frozen=True)
class Number:
    """An open number as a reason uses it: its cell, its count and its closed neighbours."""

    cell: Cell
    count: int
    cells: frozenset[Cell]


@dataclass(frozen=True)
class Link:
    """One small step of an argument over a few numbers, from what the steps before it settled.

    numbers: the numbers used, in reading order. center: with two numbers
    or more, the number whose count its shared cells must meet; parts: for
    each other number, the cells it shares with the center and the fewest
    and the most mines they can hold (as the numbers allow); most: whether
    the parts hold their most (else their fewest). known_mines, known_safes:
    the cells of these numbers that earlier steps settled. mines, safes:
    what this step settles.
    """

    numbers: tuple[Number, ...]
    mines: frozenset[Cell]
    safes: frozenset[Cell]
    known_mines: frozenset[Cell] = frozenset()
    known_safes: frozenset[Cell] = frozenset()
    center: Optional[Number] = None
    parts: tuple[tuple[Number, frozenset[Cell], int, int], ...] = ()
    most: bool = True

    def left(self, number: Number) -> tuple[frozenset[Cell], int]:
        """Return a number's closed cells no earlier step settled, and the mines they hold."""
        cells = number.cells - self.known_mines - self.known_safes
        return cells, number.count - len(number.cells & self.known_mines)


@dataclass(frozen=True)
class Reason:
    """Why cell is a mine (mine) or safe: the numbers used, the grade, and the figures to tell it.

    mines, safes: everything the named numbers (with the total, when used)
    settle, the cell among them: closed cells of the numbers, and with the
    total the closed cells no named number touches, when it settles them
    (counting by the numbers alone: the cells of the cell's own part).
    held: how many mines can lie, by the named numbers alone, in the shared
    cells (grade "two") or in all their closed cells (grade "total", and
    "counting" with the total).
    ways: how many arrangements the reason counted (None: too many to
    count); with the total, the ones that fit the mines left.
    links: three numbers or more, the argument in small steps, each from one
    number or a few (see argument); () when no such steps settle it.
    """

    cell: Cell
    mine: bool
    grade: str  # one of GRADES
    numbers: tuple[Number, ...]  # in reading order
    mines: frozenset[Cell]
    safes: frozenset[Cell]
    shared: frozenset[Cell] = frozenset()  # two numbers: the closed cells both name
    held: tuple[int, ...] = ()
    mines_left: Optional[int] = None  # the mine total's mines left, when the reason uses it
    others: int = 0  # with the total: the closed cells no named number touches
    ways: Optional[int] = None
    searched: int = 0  # counting: no set of up to this many numbers settles the cell
    links: tuple[Link, ...] = ()
    whole: bool = False  # counting with the total: every number on the board, nothing less

    @property
    def uses_total(self) -> bool:
        """True when the reason uses the mine total."""
        return self.mines_left is not None

    @property
    def argument(self) -> Reason:
        """Return the reason without its cell: two cells with the same argument share its words."""
        return replace(self, cell=(-1, -1), mine=False)

    @property
    def named(self) -> frozenset[Cell]:
        """Return the closed cells the named numbers name."""
        return frozenset().union(*(n.cells for n in self.numbers))

    def needs(self, number: Number) -> frozenset[Cell]:
        """Return the mines the reason settles that number names and no other named number."""
        return self._own(number) & self.mines

    def frees(self, number: Number) -> frozenset[Cell]:
        """Return the safe cells the reason settles that number names and no other named number."""
        return self._own(number) & self.safes

    def _own(self, number: Number) -> frozenset[Cell]:
        """Return the closed cells of number that no other named number names."""
        others = [n.cells for n in self.numbers if n != number]
        return number.cells.difference(*others)


def reason(view: Position, cell: Cell, mine: bool, work: int = REASON_WORK) -> Reason:
    """Return why cell is a mine (mine True) or safe in view, by the fewest numbers that say so.

    view: what the player sees (sweeper.judge.seen), where every arrangement
    of the mines has cell that way. ValueError when cell is not closed, or
    the numbers and the total do not settle it (where every arrangement
    is too many to count, the cell is taken to be settled, as the judge
    found by the knowledge base's rules). work: the search's budget. A
    reason is worked out once per view's numbers: asked again, the same
    comes back.
    """
    if not view.is_unknown(cell):
        raise ValueError(f"{cell_name(cell)} is not a closed cell")
    found = _index(view).found
    key = (cell, mine)
    if key not in found or work != REASON_WORK:
        made = _reason(_Search(view, cell, mine, work))
        if work != REASON_WORK:
            return made
        found[key] = made
    return found[key]


def reasons_for(
    view: Position, settled: Mapping[Cell, bool]
) -> tuple[tuple[Reason, frozenset[Cell]], ...]:
    """Return the reasons for several cells of a view (cell -> mine), each with its cells.

    Each cell has its own reason (the one a verdict on it gives); cells
    whose reasons use the same numbers the same way (one argument) share
    it: a zero's eight cells are one reason. In reading order of the cells.
    """
    told: dict[Reason, tuple[Reason, set[Cell]]] = {}
    for cell in sorted(settled):
        found = reason(view, cell, settled[cell])
        told.setdefault(found.argument, (found, set()))[1].add(cell)
    return tuple((found, frozenset(cells)) for found, cells in told.values())


def _reason(search: _Search) -> Reason:
    """Return the reason a search finds: the numbers alone, else with the total, else counting."""
    view, cell, mine = search.view, search.cell, search.mine
    alone = _Hunt(search, None)
    found = alone.smallest()
    if found is not None:
        return search.told(found, with_total=False)
    if not alone.unsettled:
        loose = solve(view.rules, None, view.outside_count, view.workspace.counts)
        safes, mines = loose.certain()
        if not loose.exact or cell in (mines if mine else safes):
            return search.counted_alone(alone.searched, loose)
    if view.mines_left is None:
        raise ValueError("the numbers alone do not settle the cell, and the total is not known")
    total = _Hunt(search, view.mines_left)
    found = total.smallest()
    if found is not None:
        return search.told(found, with_total=True)
    return search.counted_with_total(total.searched)


# -- the search ------------------------------------------------------------------------------


class _Spent(Exception):
    """The search passed its budget."""


class _Unsettled(Exception):
    """Nothing settles the cell this way: a whole board has it the other way."""


class _Index:
    """A view's numbers as masks, built once per view's numbers and shared by its reasons.

    A number is an index into numbers, masks (its closed cells) and counts;
    a set of numbers is a mask over those indexes (bit i: numbers[i]).
    found keeps the reasons worked out on the view: (cell, mine) -> Reason.
    """

    def __init__(self, view: Position) -> None:
        board = view.grid
        at, unknown, known = board.at, view.unknown_bits, view.mine_bits
        height, width = view.height, view.width
        self.numbers: list[Cell] = []
        self.masks: list[int] = []
        self.counts: list[int] = []
        self.naming: dict[int, int] = {}  # a closed cell's bit -> the numbers that name it
        around: list[list[int]] = []  # each number's closed cells, by bit
        said: set[tuple[int, int]] = set()
        touching = 0  # the cells next to some closed cell: the open ones are the numbers used
        for plane in board.neighbour_counts(unknown):
            touching |= plane
        for index in indexes(view.shown_bits & touching):
            number = board.cells[index]
            shown = view.revealed[number]
            bits = [at[n] for n in neighbours(number, height, width)]
            closed = [k for k in bits if unknown >> k & 1]
            if not closed or shown < 0:
                continue
            mask = sum(1 << k for k in closed)
            count = shown - sum(known >> k & 1 for k in bits)
            if (mask, count) in said:  # the same cells and count twice: the first says it
                continue
            said.add((mask, count))
            mark = 1 << len(self.numbers)
            for k in closed:
                self.naming[k] = self.naming.get(k, 0) | mark
            self.numbers.append(number)
            self.masks.append(mask)
            self.counts.append(count)
            around.append(closed)
        self.near = [0] * len(self.masks)  # each number -> the numbers it shares a cell with
        for i, closed in enumerate(around):
            for k in closed:
                self.near[i] |= self.naming[k]
            self.near[i] &= ~(1 << i)
        self.closed = view.unknown_bits.bit_count()
        self.found: dict[tuple[Cell, bool], Reason] = {}


_INDEXES: dict[tuple[object, ...], _Index] = {}  # the views asked most recently, newest last
KEPT_INDEXES = 4


def _index(view: Position) -> _Index:
    """Return the view's index of numbers: built when first asked, kept for the next reasons.

    Kept by what the view holds, not by the object: the class's verdict, the
    answer beat and --answer each make their own view of the same numbers,
    and read the same reasons, worked out once.
    """
    key = (
        view.height, view.width, view.total, view.mine_bits, view.safe_bits, view.shown_bits,
        frozenset(view.revealed.items()), view.bits,
    )  # fmt: skip
    index = _INDEXES.pop(key, None)
    if index is None:
        index = _Index(view)
    _INDEXES[key] = index
    for old in list(_INDEXES)[:-KEPT_INDEXES]:
        del _INDEXES[old]
    return index


class _Search:
    """One reason's search: the view's index, the cell, and the budget left."""

    def __init__(self, view: Position, cell: Cell, mine: bool, work: int) -> None:
        self.view, self.cell, self.mine = view, cell, mine
        self.target = view.grid.bit[cell]
        self.left = work
        index = _index(view)
        self.numbers, self.masks, self.counts = index.numbers, index.masks, index.counts
        self.naming, self.near, self.closed = index.naming, index.near, index.closed
        self.seeds = self.naming.get(self.target.bit_length() - 1, 0)  # the numbers naming it

    def spend(self, amount: int = 1) -> None:
        """Take amount from the budget; _Spent when it runs out."""
        self.left -= amount
        if self.left < 0:
            raise _Spent

    def union(self, chosen: int) -> int:
        """Return the mask of the closed cells the chosen numbers name."""
        every = 0
        for i in indexes(chosen):
            every |= self.masks[i]
        return every

    @functools.cached_property
    def linked(self) -> int:
        """Return the numbers linked to the cell through shared closed cells."""
        chosen = ring = self.seeds
        while ring:
            ring = self.ring(ring) & ~chosen
            chosen |= ring
        return chosen

    def ring(self, numbers: int) -> int:
        """Return the numbers that share a closed cell with some of these."""
        reached = 0
        for i in indexes(numbers):
            reached |= self.near[i]
        return reached

    # -- counting, where no small set settles the cell ---------------------------------------

    def counted_alone(self, searched: int, loose: Solution) -> Reason:
        """Return a counting reason by the numbers alone: the nearest numbers whose count does.

        The numbers linked to the cell are taken ring by ring (those naming
        it, then those sharing a cell with them, ...), and the first ring
        whose arrangements all have the cell that way is named, with their
        number; the rings share one counting budget (SOLVE_WORK). Past it,
        every linked number is named, with loose's count (every number's
        arrangements, the total apart), or none when that was too wide to
        count: then the knowledge base's rules settled the cell.
        """
        budget = SOLVE_WORK
        chosen = ring = self.seeds
        while ring and budget > 0:
            rules = [
                (frozenset(self.view.grid.members(self.masks[i])), self.counts[i])
                for i in indexes(chosen)
            ]
            counted = solve(rules, None, 0, self.view.workspace.counts, budget)
            budget -= sum(part.work for part in counted.components)
            if not counted.exact:
                break
            safes, mines = counted.certain()
            if self.cell in (mines if self.mine else safes):
                return self.counted_part(chosen, counted, searched)
            ring = self.ring(ring) & ~chosen
            chosen |= ring
        if loose.exact:
            return self.counted_part(self.linked, loose, searched)
        return self.counted(self.linked, None, searched, frozenset(), frozenset())

    def counted_part(self, chosen: int, counted: Solution, searched: int) -> Reason:
        """Return a counting reason from the chosen numbers' count: the cell's part, its ways."""
        part = counted.components[counted.component_of[self.cell]]
        safes, mines = part.certain()
        return self.counted(chosen, sum(part.counts), searched, frozenset(mines), frozenset(safes))

    def counted_with_total(self, searched: int) -> Reason:
        """Return a counting reason with the total: every arrangement of every number."""
        view = self.view
        every = view.solution
        safes, mines = every.certain()
        outside = every.outside_certain()
        if outside is not None:
            (mines if outside else safes).update(view.outside())
        if not every.exact or self.cell not in (mines if self.mine else safes):
            raise ValueError("the numbers and the mine total do not settle the cell that way")
        everyone = (1 << len(self.numbers)) - 1
        found = self.counted(
            everyone, every.arrangements, searched, frozenset(mines), frozenset(safes),
            view.mines_left,
        )  # fmt: skip
        ways = [1]
        for part in every.components:
            ways = _product(ways, part.counts)
        return replace(found, held=tuple(k for k, n in enumerate(ways) if n))

    # -- one set as a small problem: groups of cells, counts, a span of mines ---------------

    def problem(
        self, chosen: int, cells: int, fixed: Optional[int], left: Optional[int]
    ) -> tuple[list[_Group], list[int], tuple[int, int]]:
        """Return the chosen numbers as groups of cells, their counts, and the span of mines.

        cells: the closed cells they name. fixed: the cell's value (0 or 1),
        or None to leave it free. left: the mines left, when the total is
        used: the groups then hold between left less the closed cells
        outside them, and left.
        """
        target = self.target
        if fixed is not None:
            cells |= target
        picked = list(indexes(chosen))
        place = {i: r for r, i in enumerate(picked)}
        parts: dict[int, int] = {}  # the chosen numbers naming a cell -> those cells
        for k in indexes(cells):
            bit = 1 << k
            naming = -1 if fixed is not None and bit == target else self.naming.get(k, 0) & chosen
            parts[naming] = parts.get(naming, 0) | bit
        groups = []
        for naming, part in parts.items():
            size = part.bit_count()
            if naming == -1:  # the cell, fixed: its numbers are those naming it
                naming = self.naming.get(target.bit_length() - 1, 0) & chosen
                low = high = int(fixed or 0)
            else:
                low, high = 0, size
            places = tuple(place[i] for i in indexes(naming))
            groups.append(_Group(part, size, places, low, high))
        groups.sort(key=lambda g: (g.naming[:1] or (len(picked),), -len(g.naming)))
        span = (0, cells.bit_count())
        if left is not None:
            span = (left - (self.closed - cells.bit_count()), left)
        return groups, [self.counts[i] for i in picked], span

    # -- the reason, told ------------------------------------------------------------------

    def told(self, chosen: int, with_total: bool) -> Reason:
        """Return the reason a found set gives: its grade, what it settles, its figures.

        The set's own arrangements are counted by the engine (with the
        total, the closed cells outside the set take the rest): how many
        there are, which cells they agree on, how many mines they can hold.
        """
        cells = self.union(chosen)
        members = self.view.grid.members
        left = self.view.mines_left if with_total else None
        others = self.closed - cells.bit_count() if with_total else 0
        rules = [(frozenset(members(self.masks[i])), self.counts[i]) for i in indexes(chosen)]
        counted = solve(rules, left, others, self.view.workspace.counts)
        safes, mines = counted.certain()
        outside = counted.outside_certain() if with_total else None
        if outside is not None:  # the total settles the cells no named number touches
            rest = self.view.unknown_bits & ~cells
            (mines if outside else safes).update(members(rest))
        (mines if self.mine else safes).add(self.cell)
        size = chosen.bit_count()
        shared = 0
        held: tuple[int, ...] = ()
        if with_total:
            every = [1]
            for part in counted.components:
                every = _product(every, part.counts)
            held = tuple(k for k, ways in enumerate(every) if ways)
        elif size == 2:
            (first, a), (second, b) = ((self.masks[i], self.counts[i]) for i in indexes(chosen))
            shared = first & second
            low = max(0, a - (first & ~second).bit_count(), b - (second & ~first).bit_count())
            held = tuple(range(low, min(shared.bit_count(), a, b) + 1))
        grade = "total" if with_total else "one" if size == 1 else "two" if size == 2 else "several"
        numbers = self._named(chosen)
        links: tuple[Link, ...] = ()
        if grade == "several":
            links = argument(numbers, self.cell, frozenset(mines), frozenset(safes))
        return Reason(
            self.cell, self.mine, grade, numbers, frozenset(mines),
            frozenset(safes), frozenset(members(shared)), held, left, others,
            counted.arrangements if counted.exact else None, links=links,
        )  # fmt: skip

    def counted(
        self,
        chosen: int,
        ways: Optional[int],
        searched: int,
        mines: frozenset[Cell],
        safes: frozenset[Cell],
        left: Optional[int] = None,
    ) -> Reason:
        """Return a counting reason: every arrangement of the chosen numbers (and the total)."""
        (mines, safes) = (mines | {self.cell}, safes) if self.mine else (mines, safes | {self.cell})
        others = self.closed - self.union(chosen).bit_count() if left is not None else 0
        whole = left is not None and chosen == (1 << len(self.numbers)) - 1
        return Reason(
            self.cell, self.mine, "counting", self._named(chosen), mines, safes,
            mines_left=left, others=others, ways=ways, searched=searched, whole=whole,
        )  # fmt: skip

    def _named(self, chosen: int) -> tuple[Number, ...]:
        """Return the chosen numbers as Numbers, in reading order."""
        members = self.view.grid.members
        return tuple(
            Number(self.numbers[i], self.counts[i], frozenset(members(self.masks[i])))
            for i in indexes(chosen)
        )


class _Hunt:
    """The search for the smallest set of numbers that settles the cell, with the total or not.

    A set that does not settle the cell has a counter-example: mines in its
    closed cells that keep its numbers (and fit the mines left) with the
    cell the other way. Laid over an arrangement of the whole board that
    keeps every number (and the total), the example, it breaks some numbers
    outside the set; a set that settles the cell must hold one of those. So
    the hunt keeps such "one of these" sets, and grows a set only by a
    number of one it does not meet yet (without the total, the first is the
    numbers naming the cell: a set that does not name it leaves it free).
    Sizes go 1, 2, 3, ... (from 0 with the total): the first set found is
    one of the fewest.
    """

    def __init__(self, search: _Search, left: Optional[int]) -> None:
        self.search, self.left = search, left
        self.wanted = [search.seeds] if left is None else []
        self.tried: dict[int, Optional[int]] = {}  # a set -> its counter-example (None: settles)
        self._example: Optional[int] = None
        self.searched = -1  # the largest size searched in full
        self.unsettled = False  # a whole board has the cell the other way

    def smallest(self) -> Optional[int]:
        """Return one of the smallest sets that settle the cell, or None within the budget."""
        first = 1 if self.left is None else 0
        try:
            for size in range(first, MOST_NUMBERS + 1):
                found = self._hitting(0, 0, size)
                if found is not None:
                    return found
                self.searched = size
        except _Spent:
            pass
        except _Unsettled:
            self.unsettled = True
        return None

    def _hitting(self, chosen: int, barred: int, size: int) -> Optional[int]:
        """Return a set of at most size numbers, chosen and more but none barred, that settles it.

        None when there is none: every such set misses some "one of these".
        """
        self.search.spend(1 + len(self.wanted) // SCANNED)
        missed = [w & ~barred for w in self.wanted if not w & chosen]
        if not missed:
            board = self._tried(chosen)
            if board is None:
                return chosen
            missed = [self._broken(board) & ~barred]
        if chosen.bit_count() == size:
            return None
        for i in indexes(min(missed, key=int.bit_count)):
            found = self._hitting(chosen | 1 << i, barred, size)
            if found is not None:
                return found
            barred |= 1 << i  # every set with i is tried: the next branches go without it
        return None

    def _tried(self, chosen: int) -> Optional[int]:
        """Return a whole board's mines that keep the chosen numbers with the cell the other way.

        None when there are none: the chosen numbers settle the cell. The
        board is the example's, changed in the chosen numbers' cells (and,
        with the total, outside them as little as the mines left allow).
        """
        if chosen not in self.tried:
            search = self.search
            cells = search.union(chosen) | search.target
            groups, rules, span = search.problem(chosen, cells, int(not search.mine), self.left)
            placed = _arrangement(groups, rules, span, search.spend)
            board = None
            if placed is not None:
                example = self.example()
                pairs = zip(groups, placed, strict=True)
                board = sum((_taken(g.mask, j, example) for g, j in pairs), 0)
                if self.left is None:
                    board |= example & ~cells
                else:
                    board |= self._rest(cells, self.left - board.bit_count())
            self.tried[chosen] = board
        return self.tried[chosen]

    def _rest(self, cells: int, mines: int) -> int:
        """Return mines outside cells, as near the example's as can be: a whole board's worth.

        The example's own mines there, less or more: a cell no number names
        is taken or left first, so that the fewest numbers break.
        """
        search = self.search
        rest = search.view.unknown_bits & ~cells
        kept = self.example() & rest
        unnamed = rest & ~search.view.frontier_bits
        change = mines - kept.bit_count()
        if change > 0:
            return kept | _taken(rest & ~kept, change, unnamed)
        return kept & ~_taken(kept, -change, unnamed)

    def _broken(self, board: int) -> int:
        """Return the numbers a counter-example board breaks; keep them as a "one of these"."""
        search = self.search
        suspects = 0
        for k in indexes(board ^ self.example()):
            suspects |= search.naming.get(k, 0)
        broken = 0
        for i in indexes(suspects):
            if (search.masks[i] & board).bit_count() != search.counts[i]:
                broken |= 1 << i
        if not broken:
            raise _Unsettled
        self.wanted.append(broken)
        return broken

    def example(self) -> int:
        """Return the mines of one arrangement that keeps every number concerned (and the total).

        Without the total, the numbers linked to the cell; with it, every
        number, and the mines left on the closed cells no number names.
        """
        if self._example is None:
            search = self.search
            chosen = search.linked if self.left is None else (1 << len(search.masks)) - 1
            cells = search.union(chosen)
            groups, rules, span = search.problem(chosen, cells, None, self.left)
            placed = _arrangement(groups, rules, span, search.spend)
            if placed is None:
                raise ValueError("the numbers admit no arrangement")
            pairs = zip(groups, placed, strict=True)
            self._example = sum((_taken(g.mask, j, 0) for g, j in pairs), 0)
            if self.left is not None:
                rest = self.left - self._example.bit_count()
                self._example |= _taken(search.view.unknown_bits & ~cells, rest, 0)
        return self._example


def _product(a: Sequence[int], b: Sequence[int]) -> list[int]:
    """Return the ways two parts hold k mines together, from the ways each holds its own."""
    found = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            found[i + j] += x * y
    return found


def _taken(group: int, count: int, example: int) -> int:
    """Return count cells of a group as mines: the example's mines among them first."""
    taken = 0
    for mask in (group & example, group & ~example):
        while count and mask:
            low = mask & -mask
            taken |= low
            mask ^= low
            count -= 1
    return taken


# -- arrangements of a few groups ------------------------------------------------------------


class _Group(NamedTuple):
    """Closed cells that the same chosen numbers name: they hold between low and high mines."""

    mask: int
    size: int
    naming: tuple[int, ...]  # the chosen numbers (by place in the set) that name these cells
    low: int
    high: int


def _arrangement(
    groups: Sequence[_Group],
    counts: Sequence[int],
    span: tuple[int, int],
    spend: Callable[[int], None],
) -> Optional[tuple[int, ...]]:
    """Return one way to put mines in the groups (how many in each) keeping every count, or None."""
    return next(iter(_arrangements(groups, counts, span, spend)), None)


def _arrangements(
    groups: Sequence[_Group],
    counts: Sequence[int],
    span: tuple[int, int],
    spend: Callable[[int], None],
) -> Iterator[tuple[int, ...]]:
    """Yield every way to put mines in the groups (how many in each) that keeps every count.

    span: the fewest and the most mines the groups may hold in all. Each
    group's choice is bounded by what its numbers still need and the room
    the later groups leave them, so a dead end is seen one group early.
    """
    need = list(counts)
    room = [0] * len(counts)
    for g in groups:
        for r in g.naming:
            room[r] += g.size
    after = [0] * (len(groups) + 1)  # the most mines the groups after each can hold
    for k in range(len(groups) - 1, -1, -1):
        after[k] = after[k + 1] + groups[k].high
    placed: list[int] = []

    def place(k: int, held: int) -> Iterator[tuple[int, ...]]:
        spend(1)
        if k == len(groups):
            yield tuple(placed)
            return
        g = groups[k]
        low = max(g.low, span[0] - held - after[k + 1])
        high = min(g.high, span[1] - held)
        for r in g.naming:
            low = max(low, need[r] - (room[r] - g.size))
            high = min(high, need[r])
        for j in range(low, high + 1):
            for r in g.naming:
                need[r] -= j
                room[r] -= g.size
            placed.append(j)
            yield from place(k + 1, held + j)
            placed.pop()
            for r in g.naming:
                need[r] += j
                room[r] += g.size

    yield from place(0, 0)


# -- the argument in small steps ------------------------------------------------------------


def argument(
    numbers: Sequence[Number], target: Cell, mines: frozenset[Cell], safes: frozenset[Cell]
) -> tuple[Link, ...]:
    """Return how a few numbers settle the target cell, in steps a class can follow; or ().

    Each step takes, from what the steps before it settled, one number
    (its count 0, or as many as its cells left), else two (what the cells
    they share can hold), else a center: one number whose closed cells the
    others share in parts apart, each part holding at most (or at least)
    what its number allows, the most (or the fewest) being just its count
    (05: the 3 needs B3 and a mine on each side, for each 1 allows only
    one). Steps are taken until the target is settled, and only those it
    rests on are kept; () when no such step is left before (mines, safes:
    what the numbers settle, to check each step against).
    """
    known: dict[Cell, bool] = {}
    links: list[Link] = []
    while target not in known:
        link = _step(numbers, known)
        if link is None or not (link.mines <= mines and link.safes <= safes):
            return ()
        links.append(link)
        known.update({c: True for c in link.mines} | {c: False for c in link.safes})
    needed = {target}
    kept: list[Link] = []
    for link in reversed(links):
        if (link.mines | link.safes) & needed:
            kept.append(link)
            needed |= link.known_mines | link.known_safes
    return tuple(reversed(kept))


def _step(numbers: Sequence[Number], known: Mapping[Cell, bool]) -> Optional[Link]:
    """Return the next small step from what is known: one number, then two, then a center."""
    for number in numbers:
        cells, needs = _left(number, known)
        found = _settle([number], known, [(cells, needs, needs)])
        if found is not None:
            return found
    for a, b in itertools.combinations(numbers, 2):
        found = _center(a, [b], known) or _center(b, [a], known)
        if found is not None:
            return found
    for center in numbers:
        sides = [n for n in numbers if n != center and n.cells & _left(center, known)[0]]
        if len(sides) >= 2:
            found = _center(center, sides, known)
            if found is not None:
                return found
    return None


def _left(number: Number, known: Mapping[Cell, bool]) -> tuple[frozenset[Cell], int]:
    """Return a number's closed cells not yet settled, and the mines it still needs there."""
    cells = frozenset(c for c in number.cells if c not in known)
    return cells, number.count - sum(1 for c in number.cells if known.get(c))


def _center(center: Number, sides: Sequence[Number], known: Mapping[Cell, bool]) -> Optional[Link]:
    """Return the step where the sides bound the mines in center's cells, or None.

    Each side shares a part of center's cells (the parts apart); the part
    holds at most the fewer of its cells and the side's count, at least the
    side's count less its other cells. When the most of every part (and
    every cell of center's own) is just center's count, each holds its most;
    when the fewest is, each its fewest and center's own cells none.
    """
    cells, count = _left(center, known)
    parts, bounds = [], []
    taken: frozenset[Cell] = frozenset()
    for side in sides:
        theirs, needs = _left(side, known)
        part = theirs & cells
        if not part or part & taken:
            return None
        taken |= part
        low, high = max(0, needs - len(theirs - part)), min(len(part), needs)
        parts.append((side, part, theirs - part, needs))
        bounds.append((low, high))
    own = cells - taken
    if sum(high for _, high in bounds) + len(own) == count:
        most, held = True, [high for _, high in bounds]
        groups = [(own, len(own))]
    elif sum(low for low, _ in bounds) == count:
        most, held = False, [low for low, _ in bounds]
        groups = [(own, 0)]
    else:
        return None
    for (_, part, rest, needs), k in zip(parts, held, strict=True):
        groups += [(part, k), (rest, needs - k)]
    found = _settle([center, *sides], known, [(group, k, k) for group, k in groups])
    if found is None:
        return None
    if len(sides) == 1:  # two numbers: what the shared cells can hold by both counts
        (side, part, rest, needs), (low, high) = parts[0], bounds[0]
        low, high = max(low, count - len(cells - part)), min(high, count)
        bounds = [(low, high)]
    shares = tuple(
        (side, part, low, high)
        for (side, part, _, _), (low, high) in zip(parts, bounds, strict=True)
    )
    return replace(found, center=center, parts=shares, most=most)


def _settle(
    used: Sequence[Number],
    known: Mapping[Cell, bool],
    groups: Sequence[tuple[frozenset[Cell], int, int]],
) -> Optional[Link]:
    """Return the step that settles groups of cells holding between low and high mines, or None.

    A group is all mines when its fewest is its size, all safe when its most is 0.
    """
    mines: set[Cell] = set()
    safes: set[Cell] = set()
    for group, low, high in groups:
        if not group:
            continue
        if high == 0:
            safes |= group
        elif low == len(group):
            mines |= group
    if not mines and not safes:
        return None
    named = frozenset().union(*(n.cells for n in used))
    return Link(
        tuple(sorted(used, key=lambda n: n.cell)),
        frozenset(mines),
        frozenset(safes),
        frozenset(c for c in named if known.get(c) is True),
        frozenset(c for c in named if known.get(c) is False),
    )
