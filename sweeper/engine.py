"""The probability engine: sentences and a number of mines in, exact odds out; no geometry.

A component is a group of rules linked by shared cells. Cells that the same
rules name behave alike, so they form one *group*: a group of m cells holds
j mines in C(m, j) ways. For each component we count, for every number k of
mines it holds, the arrangements that satisfy all its rules (counts[k]),
and for each group the arrangements that put a mine on one given cell of it
(tallies[g][k]). Counting goes group by group in an order that keeps few
rules "open" (partly assigned): partial arrangements leaving the same open
rules needing the same numbers of mines are merged, so the cost follows the
frontier's width, not the 2^n arrangements. A forward pass counts the ways
to reach each state, a backward pass the ways to finish from it; a group's
tally is the sum, over states, of the ways in times the ways out with a
mine on the cell. A count by number of mines (a polynomial) is packed into
one integer, `bits` bits a coefficient, so adding two is one addition,
"one more mine" is a shift, and multiplying two is one multiplication. A
state, the mines each open rule still needs, is packed into one integer too
(see `_plans`), so a group's j mines move every open rule at once.

Components combine through the number of mines left: the cells outside
every rule take the remaining mines in C(outside, rest) ways, which weights
every frontier arrangement.

Every count has a work budget, in machine words of the packed numbers it
adds and multiplies (which follows both time and memory). A component past
its budget is estimated instead (see `estimate`), the result says so, and
an estimate never proves a cell safe or a mine. A component's work is a
fact about the component, so a cached count is charged the same work as a
fresh one: what fits in a budget never depends on what was cached before.

Inside, a cell is a bit and a set of cells a mask (see sweeper.bits): a rule
is (mask, count), a group a mask, and components are found by masks. The
engine still knows no geometry: `solve` takes rules over any cells and
numbers them itself; a caller that has masks already (a Position) calls
`solve_bits` with the cells its bits stand for. A count depends only on the
shape of its rules, so the cache keys a component by its masks moved down to
bit 0: the same shape anywhere on the board is counted once.
"""

from __future__ import annotations

import functools
import math
import operator
import struct
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal, NamedTuple, Optional, Union

from .bits import indexes, lowest_bit
from .board import Cell


class Rule(NamedTuple):
    """A sentence frozen, "count of these cells are mines", as the engine and steps keep it."""

    cells: frozenset[Cell]
    count: int  # type: ignore[assignment]  # the name CS50's Sentence uses, over tuple.count


Poly = list[int]
Counts = tuple[int, ...]  # a count kept: immutable, so the garbage collector can pass over it
Pair = tuple[frozenset[Cell], int]  # a Rule, or any (cells, count) pair
Bits = tuple[int, int]  # a rule over bits: (mask of its cells, count)

# Work budgets, in words (see the module's docstring). Measured on this
# project's machine (tests/test_budgets.py and benchmark.py --stress):
# counting runs at roughly 300 million words a second and holds about a
# quarter of a byte per word at its peak, so a component stops at about
# 0.15 s and 15 MB, and a whole position's counting at about a quarter of a
# second. The look-ahead and the endgame search have budgets of their own.
COMPONENT_WORK = 50_000_000
SOLVE_WORK = 75_000_000
STEP_COST = 200  # words a move from one state to the next costs beyond its numbers: Python's own


class Contradiction(ValueError):
    """The revealed numbers (and the mine total) admit no arrangement."""


class TooWide(Exception):
    """Counting (or a search) would pass its work budget."""

    def __init__(self, work: int, what: str = "counting") -> None:
        super().__init__(f"{what} passed its budget of {work:,}")
        self.work = work


@dataclass
class Component:
    """Counts for one linked group of rules: counts[k] and each group's tallies[g][k].

    Its rules and groups are masks over the solve's bits; `names` gives the
    cell each bit stands for, for the views in cells (rules, groups, cells,
    tallies). A tracked component counts one more set of cells, `track`,
    whose number of mines is left free: then counts[j][k] and
    tallies[g][j][k] are also split by j, the mines among the tracked cells
    (tracked_counts, tracked_tallies; its tallies are kept that way only).
    """

    bits: tuple[Bits, ...]
    group_masks: tuple[int, ...]
    counts: Counts
    group_tallies: tuple[Counts, ...]
    work: int
    tracked_counts: tuple[Counts, ...] = ()
    tracked_tallies: tuple[tuple[Counts, ...], ...] = ()
    names: Sequence[Cell] = ()

    def placed(self, bits: Sequence[Bits], shift: int, names: Sequence[Cell]) -> Component:
        """Return this count for the same shape moved up by shift bits, with these rules."""
        return Component(
            tuple(bits),
            tuple(g << shift for g in self.group_masks),
            self.counts,
            self.group_tallies,
            self.work,
            self.tracked_counts,
            self.tracked_tallies,
            names,
        )

    @functools.cached_property
    def mask(self) -> int:
        """Return the mask of every cell of the component."""
        every = 0
        for g in self.group_masks:
            every |= g
        return every

    @functools.cached_property
    def rules(self) -> tuple[Pair, ...]:
        """Return the rules as (cells, count) pairs, in the order they were given."""
        names = self.names
        return tuple(
            (frozenset([names[k] for k in indexes(mask)]), count) for mask, count in self.bits
        )

    @functools.cached_property
    def groups(self) -> tuple[tuple[Cell, ...], ...]:
        """Return each group's cells, in the order of the bits."""
        names = self.names
        return tuple(tuple(names[k] for k in indexes(g)) for g in self.group_masks)

    @functools.cached_property
    def cells(self) -> list[Cell]:
        """Return every cell of the component, in reading order."""
        return sorted(c for group in self.groups for c in group)

    @functools.cached_property
    def tallies(self) -> dict[Cell, Counts]:
        """Return each cell's tally (cells of a group share one)."""
        pairs = zip(self.groups, self.group_tallies, strict=True)
        return {c: tally for group, tally in pairs for c in group}

    def certain_bits(self) -> tuple[int, int]:
        """Return the masks of the cells safe and mined in every arrangement, whatever the total."""
        feasible = [k for k, n in enumerate(self.counts) if n]
        safes = mines = 0
        for group, tally in zip(self.group_masks, self.group_tallies, strict=True):
            if not any(k < len(tally) and tally[k] for k in feasible):
                safes |= group
            elif all(k < len(tally) and tally[k] == self.counts[k] for k in feasible):
                mines |= group
        return safes, mines

    def certain(self) -> tuple[set[Cell], set[Cell]]:
        """Return the cells safe and the cells mined in every arrangement, whatever the total."""
        safes, mines = self.certain_bits()
        names = self.names
        return {names[k] for k in indexes(safes)}, {names[k] for k in indexes(mines)}


@dataclass
class Solution:
    """Mine probabilities for the frontier and for the cells outside it.

    Kept as integer weights over one denominator (the weighted number of
    arrangements), so comparing cells needs no fractions at all: one weight
    for each group of frontier cells (`group_weights`, masks over the bits
    `names` stands for), given by cell in `weights`. When a component was
    too wide to count, its cells get estimates in `approximate` and `exact`
    is False: the weights of the other cells are then conditioned on an
    estimated number of mines, so only what holds whatever the total (see
    `certain`) may be taken as proven.
    """

    group_weights: list[tuple[int, int]]
    outside_weight: int
    outside_cells: int
    weight: int
    arrangements: int
    exact: bool = True
    approximate: dict[Cell, Fraction] = field(default_factory=dict)
    components: list[Component] = field(default_factory=list)
    mines_left: Optional[int] = None
    names: Sequence[Cell] = ()
    # forced_weight's sums of what a forcing leaves alone, by touched components and outside
    # cells; and _rest's, by touched components, outside cells and span
    ways_memo: dict[tuple[frozenset[int], int], list[int]] = field(
        default_factory=dict, compare=False, repr=False
    )
    rest_memo: dict[tuple[frozenset[int], int, int], _Rest] = field(
        default_factory=dict, compare=False, repr=False
    )

    @functools.cached_property
    def weights(self) -> dict[Cell, int]:
        """Return each counted frontier cell's weight (its arrangements with a mine there)."""
        names = self.names
        return {names[k]: w for mask, w in self.group_weights for k in indexes(mask)}

    @functools.cached_property
    def weight_of(self) -> dict[int, int]:
        """Return each counted frontier bit's weight."""
        return {k: w for mask, w in self.group_weights for k in indexes(mask)}

    @functools.cached_property
    def frontier(self) -> int:
        """Return the mask of the counted frontier cells."""
        every = 0
        for mask, _ in self.group_weights:
            every |= mask
        return every

    @property
    def probabilities(self) -> dict[Cell, Fraction]:
        """Return each frontier cell's chance of a mine (estimates included, see exact)."""
        exact = {c: Fraction(w, self.weight) for c, w in self.weights.items()}
        exact.update(self.approximate)
        return exact

    def probability(self, cell: Cell) -> Fraction:
        """Return one unknown cell's chance of a mine (a cell no rule names gets outside)."""
        if cell in self.approximate:
            return self.approximate[cell]
        weights = self.weights
        if cell in weights:
            return Fraction(weights[cell], self.weight)
        return self.outside

    @property
    def outside(self) -> Fraction:
        """Return the chance of a mine on a cell that no rule names."""
        return Fraction(self.outside_weight, self.weight)

    def safest(self) -> Fraction:
        """Return the highest chance of safety that any unknown cell offers."""
        lowest = min((w for _, w in self.group_weights), default=self.weight)
        if self.outside_cells:
            lowest = min(lowest, self.outside_weight)
        best = 1 - Fraction(lowest, self.weight)
        return max([best] + [1 - p for p in self.approximate.values()])

    def certain_bits(self) -> tuple[int, int]:
        """Return the masks of the frontier cells proven safe and proven mines (see certain)."""
        safes = mines = 0
        if self.exact:
            for mask, w in self.group_weights:
                if w == 0:
                    safes |= mask
                elif w == self.weight:
                    mines |= mask
            return safes, mines
        for comp in self.components:
            s, m = comp.certain_bits()
            safes |= s
            mines |= m
        return safes, mines

    def certain(self) -> tuple[set[Cell], set[Cell]]:
        """Return the frontier cells proven safe and proven mines (never from an estimate).

        Exact: a weight of 0 or of the whole. Otherwise only what a counted
        component shows in every arrangement of every size.
        """
        safes, mines = self.certain_bits()
        names = self.names
        return {names[k] for k in indexes(safes)}, {names[k] for k in indexes(mines)}

    def outside_certain(self) -> Optional[bool]:
        """Return False when every cell no rule names is proven safe, True when all are mines."""
        if not self.exact or not self.outside_cells:
            return None
        if self.outside_weight == 0:
            return False
        if self.outside_weight == self.weight:
            return True
        return None

    @functools.cached_property
    def component_of(self) -> dict[Cell, int]:
        """Return, for each counted cell, the index of its component."""
        return {c: i for i, comp in enumerate(self.components) for c in comp.cells}


# -- components and the order of counting -------------------------------------------


def components(rules: Sequence[Bits]) -> list[list[Bits]]:
    """Split rules into groups that share no cell, in a fixed order (by their first cell).

    Within a group the rules keep the order they were given in. Cells are
    joined rule by rule (union-find on their bits), so the time follows the
    cells named, however many groups there are. Rules name at least one cell.
    """
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for mask, _ in rules:
        cells = indexes(mask)
        first = next(cells)
        root = find(parent.setdefault(first, first))
        for c in cells:
            other = find(parent.setdefault(c, c))
            if other != root:
                parent[other] = root
    groups: dict[int, list[Bits]] = {}
    for rule in rules:
        groups.setdefault(find(lowest_bit(rule[0])), []).append(rule)
    return sorted(groups.values(), key=lambda group: min(lowest_bit(m) for m, _ in group))


def elimination_order(rules: Sequence[Pair]) -> list[Cell]:
    """Order cells so that few rules are partly assigned at any time."""
    cells = sorted({c for r, _ in rules for c in r})
    member_of = [tuple(r for r, (cs, _) in enumerate(rules) if c in cs) for c in cells]
    return [cells[i] for i in _order(member_of, len(rules))]


def _order(group_rules: Sequence[tuple[int, ...]], n_rules: int) -> list[int]:
    """Order groups so that few rules are open at once: greedily, among the groups next in line."""
    return list(_ordered(tuple(group_rules), n_rules))


@functools.lru_cache(maxsize=4096)
def _ordered(group_rules: tuple[tuple[int, ...], ...], n_rules: int) -> tuple[int, ...]:
    """Return _order's answer (kept: the same few shapes of rules come back all game long)."""
    members: list[list[int]] = [[] for _ in range(n_rules)]
    for g, rs in enumerate(group_rules):
        for r in rs:
            members[r].append(g)
    left = [len(m) for m in members]
    opened: set[int] = set()
    todo = set(range(len(group_rules)))
    candidates: set[int] = set()
    order: list[int] = []

    def cost(g: int) -> tuple[int, int, int]:
        new = closing = already = 0
        for r in group_rules[g]:
            if left[r] == 1:
                closing += 1
            elif r in opened:
                already += 1
            else:
                new += 1
        return (new - closing, -already, g)

    while todo:
        best = min(candidates or todo, key=cost)
        todo.discard(best)
        candidates.discard(best)
        order.append(best)
        for r in group_rules[best]:
            left[r] -= 1
            if left[r]:
                opened.add(r)
                candidates.update(g for g in members[r] if g in todo)
            else:
                opened.discard(r)
    return tuple(order)


# -- counting one component ---------------------------------------------------------


def count_component(
    rules: Sequence[Bits], cap: int = COMPONENT_WORK, track: Optional[int] = None
) -> Component:
    """Count the arrangements of one component by number of mines, and each group's tally.

    rules: (mask, count) pairs. track: a mask of cells whose number of mines
    is also counted (left free, not constrained), for the look-ahead. Raises
    TooWide past cap words of work, Contradiction when no arrangement fits.

    The count depends only on the component's structure (which rules name
    each group, the groups' sizes, the counts), never on where its cells
    are: see _count.
    """
    tracking = track is not None
    track = track or 0
    # The groups: the cells named by the same rules (and tracked or not), by
    # their first cell; each with the indexes of its rules.
    tracked = set(indexes(track))
    membership: dict[int, list[int]] = {k: [] for k in tracked}
    for r, (mask, _) in enumerate(rules):
        for k in indexes(mask):
            membership.setdefault(k, []).append(r)
    keyed: dict[tuple[tuple[int, ...], bool], int] = {}
    for k in sorted(membership):
        key = (tuple(membership[k]), k in tracked)
        keyed[key] = keyed.get(key, 0) | 1 << k
    groups = tuple(keyed.values())
    known = _count(
        [named for named, _ in keyed],
        [cells.bit_count() for cells in groups],
        [flag for _, flag in keyed],
        [count for _, count in rules],
        tracking,
        cap,
    )
    return Component(
        tuple(rules),
        groups,
        known.counts,
        known.group_tallies,
        known.work,
        known.tracked_counts,
        known.tracked_tallies,
    )


class _Count(NamedTuple):
    """What counting a structure gives (see Component)."""

    counts: Counts
    group_tallies: tuple[Counts, ...]
    work: int
    tracked_counts: tuple[Counts, ...] = ()
    tracked_tallies: tuple[tuple[Counts, ...], ...] = ()


def _count(
    group_rules: list[tuple[int, ...]],
    sizes: list[int],
    in_track: list[bool],
    counts_of: list[int],
    tracking: bool,
    cap: int,
) -> _Count:
    """Count a component given by its structure: each group's rules and size, the rules' counts.

    in_track: whether each group's cells are tracked (tracking: whether any
    tracking was asked, even of no cell). Raises TooWide past cap words of
    work, Contradiction when no arrangement fits.
    """
    ncells = sum(sizes)
    slots_x = ncells + 1
    slots_y = sum(size for size, tracked in zip(sizes, in_track, strict=True) if tracked) + 1
    width = ncells // 8 + 1  # bytes a coefficient: every count stays below 2^ncells
    bits = 8 * width
    words = slots_x * slots_y * bits // 64 + 1
    rule_sizes = [0] * len(counts_of)
    for named, size in zip(group_rules, sizes, strict=True):
        for r in named:
            rule_sizes[r] += size

    order = _order(group_rules, len(counts_of))
    plans = _plans(counts_of, rule_sizes, order, group_rules, sizes, in_track, slots_x + 1, bits)
    start = plans[0][0] if plans else 0

    # The forward pass: tables[t] maps the needs of the rules open before
    # step t (packed, see _plans) to the ways (a packed count by mines) of
    # reaching them.
    work = 0
    tables: list[dict[int, int]] = [{start: 1}]
    for _, opening, delta, touched, above, ways in plans:
        following: dict[int, int] = {}
        get = following.get
        moves = 0
        for needs, packed in tables[-1].items():
            moves += 1
            key = needs + opening
            for w, _, shift in ways:
                if (key & touched) != touched:
                    break  # a rule would need fewer than no mines: so with more mines too
                if not (key - above) & touched:
                    moves += 1
                    following[key] = get(key, 0) + ((packed * w) << shift)
                key -= delta
        work += moves * (words + STEP_COST)
        if work > cap:
            raise TooWide(work)
        if not following:
            raise Contradiction("no arrangement of mines agrees with these numbers")
        tables.append(following)

    # The backward pass: the ways to finish from each state, and on the way
    # each group's tally (ways in x ways out, with a mine on one given cell).
    after: dict[int, int] = {start: 1}
    tallies = [0] * len(sizes)
    for t in reversed(range(len(order))):
        _, opening, delta, touched, above, ways = plans[t]
        before: dict[int, int] = {}
        get = after.get
        tally = 0
        moves = 0
        for needs, packed in tables[t].items():
            moves += 1
            total = marked = 0
            key = needs + opening
            for w, w_cell, shift in ways:
                if (key & touched) != touched:
                    break
                if not (key - above) & touched:
                    moves += 1
                    out = get(key)
                    if out is not None:
                        out <<= shift
                        total += w * out
                        if w_cell:
                            marked += w_cell * out
                key -= delta
            if total:
                before[needs] = total
            if marked:
                tally += packed * marked
        work += moves * (words + STEP_COST) + len(tables[t]) * 4 * words
        if work > cap:
            raise TooWide(work)
        tallies[order[t]] = tally
        after = before
    if start not in after:
        raise Contradiction("no arrangement of mines agrees with these numbers")
    total = after[start]

    row_bytes = slots_x * width
    row_bits = 8 * row_bytes
    row_mask = (1 << row_bits) - 1

    def folded(packed: int) -> Counts:
        # Summed over the tracked cells' mines: the rows added while packed (no
        # coefficient overflows, every count stays below 2^ncells), then decoded.
        fold = 0
        while packed:
            fold += packed & row_mask
            packed >>= row_bits
        return tuple(_coefficients(fold.to_bytes(row_bytes, "little"), width))

    counts = folded(total)
    span = len(counts)

    if not tracking:
        # One row each: decoded together, each cut after its last non-zero number.
        flat = _decode(_joined(tallies, row_bytes), width)
        kept = tuple(_trimmed(flat, g * slots_x, slots_x) for g in range(len(tallies)))
        return _Count(counts, kept, work)
    # Rows past the last one total holds are zeros in every tally too. Row j
    # of a tally: the count by mines with j tracked mines, cut to the counts'
    # length (the rest of a row holds only zeros). Every tally decoded at once.
    rows = -(-total.bit_length() // row_bits)
    block = rows * slots_x
    flat = _decode(_joined([total, *tallies], rows * row_bytes), width)
    split = [
        tuple(tuple(flat[at + j * slots_x : at + j * slots_x + span]) for j in range(rows))
        for at in range(0, len(flat), block)
    ]
    return _Count(counts, (), work, split[0], tuple(split[1:]))


def _joined(values: Sequence[int], size: int) -> bytes:
    """Return the numbers' bytes side by side, size bytes each, little-endian."""
    return b"".join([value.to_bytes(size, "little") for value in values])


def _trimmed(flat: Sequence[int], at: int, size: int) -> Counts:
    """Return flat[at : at + size] without its trailing zeros (a lone 0 if nothing is left)."""
    end = at + size
    while end > at and not flat[end - 1]:
        end -= 1
    return tuple(flat[at:end]) if end > at else (0,)


# Native unsigned integer formats by size, to decode a row of coefficients at C
# speed when they are 2, 4 or 8 bytes (little-endian machines only).
_FORMATS: dict[int, Literal["H", "I", "Q"]] = (
    {struct.calcsize("H"): "H", struct.calcsize("I"): "I", struct.calcsize("Q"): "Q"}
    if sys.byteorder == "little"
    else {}
)


def _coefficients(row: bytes, width: int) -> Poly:
    """Return the polynomial packed in row, width bytes a coefficient, little-endian, trimmed."""
    # Trailing zero bytes are trailing zero coefficients (and the top bytes of
    # the last one): strip them at C speed, decode the rest.
    row = row.rstrip(b"\0")
    row += bytes(-len(row) % width)
    return _decode(row, width) or [0]


def _decode(data: bytes, width: int) -> Poly:
    """Return the numbers packed in data, width bytes each, little-endian (whole numbers only)."""
    if width == 1:
        return list(data)
    form = _FORMATS.get(width)
    if form is not None:
        return memoryview(data).cast(form).tolist()
    wider = next((w for w in _FORMATS if w > width), None)
    if wider is None:
        return [int.from_bytes(data[i : i + width], "little") for i in range(0, len(data), width)]
    # Spread the bytes to a native width (zeros above), then decode at C speed.
    spread = bytearray(len(data) // width * wider)
    for i in range(width):
        spread[i::wider] = data[i::width]
    return memoryview(spread).cast(_FORMATS[wider]).tolist()


# One step of counting: (the state every count starts from, what opening the
# step's new rules adds, what one mine of the group takes, the guard bits of
# the group's rules, the floor below which a need passes its room, and for j
# mines (ways, ways with a given cell a mine, the shift of j mines)).
Plan = tuple[int, int, int, int, int, tuple[tuple[int, int, int], ...]]


def _plans(
    counts_of: Sequence[int],
    rule_sizes: Sequence[int],
    order: list[int],
    group_rules: Sequence[tuple[int, ...]],
    sizes: Sequence[int],
    in_track: Sequence[bool],
    tracked_unit: int,
    bits: int,
) -> list[Plan]:
    """Return how each step of counting moves the needs of the open rules, packed in one int.

    A state is the mines each open rule still needs. Each rule has a field
    of `room` bits in one integer from the step that opens it to the step
    that closes it (a closed rule needs 0, so its field is free again); a
    field's top bit is a guard, always set, below which the need is held. A
    group's j mines take j from each of its rules' fields at once; a need
    below 0 clears its guard bit (and more mines only lower it), and a need
    above the cells its rule has left sets the guard bit of the need plus
    (guard - 1 - room), once the guards are taken off. Counts outside the
    rule's size are held as -1 or size + 1, which no arrangement meets
    either.
    """
    first = [-1] * len(counts_of)
    last = [0] * len(counts_of)
    for t, g in enumerate(order):
        for r in group_rules[g]:
            if first[r] < 0:
                first[r] = t
            last[r] = t
    largest = max(rule_sizes, default=0)
    room = (largest + 2).bit_length() + 1  # bits a field
    guard = 1 << (room - 1)
    field: dict[int, int] = {}
    free: list[int] = []
    used = 0
    for t, g in enumerate(order):
        for r in group_rules[g]:
            if r not in field:
                if free:
                    field[r] = free.pop()
                else:
                    field[r] = used * room
                    used += 1
        free += [field[r] for r in group_rules[g] if last[r] == t]
    guards = sum(guard << (f * room) for f in range(used))
    remaining = list(rule_sizes)
    plans = []
    for t, g in enumerate(order):
        m = sizes[g]
        opening = delta = touched = slack = 0
        for r in group_rules[g]:
            at = field[r]
            if first[r] == t:
                opening += min(max(counts_of[r], -1), remaining[r] + 1) << at
            remaining[r] -= m
            delta += 1 << at
            touched += guard << at
            slack += (guard - 1 - remaining[r]) << at
        ways = _ways(m, (tracked_unit if in_track[g] else 1) * bits)
        plans.append((guards, opening, delta, touched, guards - slack, ways))
    return plans


@functools.lru_cache(maxsize=1024)
def _ways(m: int, step: int) -> tuple[tuple[int, int, int], ...]:
    """Return, for j = 0..m mines in a group of m cells: the ways, the ways with a given cell a
    mine, and the shift of j mines (step bits a mine)."""
    return tuple(
        (math.comb(m, j), math.comb(m - 1, j - 1) if j else 0, j * step) for j in range(m + 1)
    )


def convolve(a: Sequence[int], b: Sequence[int]) -> Poly:
    """Return the product of two count polynomials."""
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


# -- estimates past the budget ------------------------------------------------------


ESTIMATE_ROUNDS = 12


def estimate(rules: Sequence[Pair], rounds: int = ESTIMATE_ROUNDS) -> dict[Cell, Fraction]:
    """Estimate each cell's chance of a mine when counting is too costly.

    The method, iterative proportional fitting: every cell starts at the
    mean density of the rules that name it; then, rule by rule, the chances
    of its cells are scaled by one factor so that they add up to its count,
    and the rounds repeat. Cells of a rule with count 0 or full are certain.
    It costs a few passes over the rules, whatever their shape. A stated
    approximation, never a proof.
    """
    shares: dict[Cell, list[float]] = {}
    fixed: dict[Cell, float] = {}
    for cells, count in rules:
        for c in cells:
            shares.setdefault(c, []).append(count / len(cells))
        if count == 0 or count == len(cells):
            fixed.update(dict.fromkeys(cells, 0.0 if count == 0 else 1.0))
    p = {c: fixed.get(c, sum(v) / len(v)) for c, v in shares.items()}
    low, high = 1e-6, 1 - 1e-6
    for _ in range(rounds):
        for cells, count in rules:
            free = [c for c in cells if c not in fixed]
            have = sum(p[c] for c in free)
            need = count - sum(fixed[c] for c in cells if c in fixed)
            if free and have > 0:
                scale = need / have
                for c in free:
                    p[c] = min(max(p[c] * scale, low), high)
    return {c: Fraction(v).limit_denominator(1000) for c, v in sorted(p.items())}


# -- solving a position ---------------------------------------------------------------

# A component's count, by its rules' masks moved down to bit 0 (see `counted`),
# or the work at which counting it failed.
Cache = dict[frozenset[Bits], Union[Component, int]]


def shape(rules: Sequence[Bits], extra: int = 0) -> tuple[int, frozenset[Bits]]:
    """Return where rules (and the cells of extra) start, and their masks moved down from there.

    Counting depends only on this shape (the bits' order, never their
    places), so it is the cache's key: the same shape anywhere counts once.
    """
    every = extra
    for mask, _ in rules:
        every |= mask
    shift = lowest_bit(every) if every else 0
    return shift, frozenset([(mask >> shift, count) for mask, count in rules])


def counted(
    group: Sequence[Bits], cap: int, cache: Optional[Cache], names: Sequence[Cell] = ()
) -> Component:
    """Return a component's counts, from the cache or by counting, within cap words (or TooWide).

    The cache remembers failures too, by the cap that was passed: a count
    that failed at a larger cap fails again, so it is not tried twice.
    """
    shift, comp = _counted(group, cap, cache)
    return comp.placed(group, shift, names)


def _counted(group: Sequence[Bits], cap: int, cache: Optional[Cache]) -> tuple[int, Component]:
    """Return counted's answer as its shape's count (masks moved down shift bits), and shift."""
    shift, key = shape(group)
    known = cache.get(key) if cache is not None else None
    if isinstance(known, Component):
        if known.work > cap:
            raise TooWide(cap)
        return shift, known
    if known is not None and cap <= known:
        raise TooWide(cap)
    moved = [(mask >> shift, count) for mask, count in group]
    try:
        comp = count_component(moved, cap)
    except TooWide:
        if cache is not None:
            cache[key] = cap
        raise
    if cache is not None:
        cache[key] = comp
    return shift, comp


def solve(
    rules: Sequence[Pair],
    mines_left: Optional[int],
    outside: int,
    cache: Optional[Cache] = None,
    budget: int = SOLVE_WORK,
) -> Solution:
    """Return mine probabilities given rules, mines left and outside cells.

    With mines_left, every arrangement of all remaining mines that satisfies
    the rules counts once, cells outside every rule included. Without it,
    every arrangement of the frontier counts once, and an outside cell,
    about which nothing is known, is given 1/2. Components are counted in a
    fixed order, each within what is left of the budget (at most
    COMPONENT_WORK); one past it is estimated, and the result says so.
    """
    names = sorted({c for cells, _ in rules for c in cells})
    bit = {c: 1 << k for k, c in enumerate(names)}
    bits = []
    for cells, count in rules:
        mask = 0
        for c in cells:
            mask |= bit[c]
        bits.append((mask, count))
    return solve_bits(bits, mines_left, outside, names, cache, budget)


def solve_bits(
    rules: Sequence[Bits],
    mines_left: Optional[int],
    outside: int,
    names: Sequence[Cell],
    cache: Optional[Cache] = None,
    budget: int = SOLVE_WORK,
) -> Solution:
    """Return solve's answer for rules given as masks; names[k] is the cell bit k stands for."""
    for mask, count in rules:
        if not mask and count:
            raise Contradiction(f"a rule names no cell but counts {count} mines")
    rules = [(mask, count) for mask, count in rules if mask]
    comps: list[Component] = []
    wide: list[list[Bits]] = []
    for group in components(rules):
        cap = min(COMPONENT_WORK, budget)
        try:
            comp = counted(group, cap, cache, names)
        except TooWide:
            budget -= cap
            wide.append(group)
            continue
        budget -= comp.work
        comps.append(comp)
    if wide:
        solution = _solve_approximately(comps, wide, mines_left, outside, names)
    elif mines_left is None:
        solution = _solve_without_total(comps)
    else:
        solution = _combine(comps, mines_left, outside)
    solution.components = comps
    solution.mines_left = mines_left
    solution.names = names
    return solution


@functools.lru_cache(maxsize=512)
def binomials(n: int) -> tuple[int, ...]:
    """Return C(n, r) for r = 0..n (the outside cells' ways to hold r mines)."""
    row = [1]
    for r in range(n):
        row.append(row[-1] * (n - r) // (r + 1))
    return tuple(row)


def rest_weight(others: Sequence[int], binom: tuple[int, ...], mines: int) -> int:
    """Return the ways for the other components and the outside cells to hold mines mines.

    The sum of others[j] x binom[mines - j] over the j where both exist.
    """
    low, high = max(0, mines - len(binom) + 1), min(len(others) - 1, mines)
    if low > high:
        return 0
    ways = reversed(binom[mines - high : mines - low + 1])
    return sum(map(operator.mul, others[low : high + 1], ways))


def _rest_weights(
    others: Sequence[int], binom: tuple[int, ...], mines: int, count: int
) -> list[int]:
    """Return rest_weight(others, binom, mines - k) for k = 0..count - 1, in one pass.

    Weight k is the sum of others[j] x binom[mines - k - j] over the j where
    both exist. The binomials are read once, reversed, into a window padded
    with zeros, and others is cut to the j that meet some binomial, so each
    weight is one sum of products over nearly only the terms that count.
    """
    last = len(binom) - 1
    # the totals t = k + j that meet a binomial: mines - last <= t <= mines
    low, high = max(0, mines - last), mines
    first_j, end_j = max(0, low - count + 1), min(len(others), high + 1)
    if first_j >= end_j:
        return [0] * count
    part = others[first_j:end_j]
    top = end_j + count - 1  # the window covers t = first_j .. top - 1
    inside_low, inside_high = max(low, first_j), min(high, top - 1)
    window = [0] * (inside_low - first_j)
    window += reversed(binom[mines - inside_high : mines - inside_low + 1])
    window += [0] * (top - 1 - inside_high)
    size = len(part)
    mul = operator.mul
    return [sum(map(mul, part, window[k : k + size])) for k in range(count)]


def _combine(comps: list[Component], mines_left: int, outside: int) -> Solution:
    """Weight every component's arrangements by the ways to place the rest."""
    binom = binomials(outside)
    polys = [c.counts for c in comps]
    prefix = [[1]]
    for p in polys:
        prefix.append(convolve(prefix[-1], p))
    suffix = [[1]]
    for p in reversed(polys):
        suffix.append(convolve(suffix[-1], p))
    suffix.reverse()
    every = prefix[-1]
    weight = rest_weight(every, binom, mines_left)
    if weight == 0:
        raise Contradiction(
            f"no arrangement of the {mines_left} remaining mines agrees with the numbers"
        )
    group_weights: list[tuple[int, int]] = []
    for i, comp in enumerate(comps):
        others = convolve(prefix[i], suffix[i + 1])
        weights = _rest_weights(others, binom, mines_left, len(comp.counts))
        for group, tally in zip(comp.group_masks, comp.group_tallies, strict=True):
            group_weights.append((group, sum(map(operator.mul, tally, weights))))
    outside_weight = 0
    if outside:
        # An outside cell holds a mine in C(outside - 1, rest - 1) of the ways.
        outside_weight = rest_weight(every, binomials(outside - 1), mines_left - 1)
    arrangements = sum(n for k, n in enumerate(every) if 0 <= mines_left - k <= outside)
    return Solution(group_weights, outside_weight, outside, weight, arrangements)


def _solve_approximately(
    comps: list[Component],
    wide: list[list[Bits]],
    mines_left: Optional[int],
    outside: int,
    names: Sequence[Cell],
) -> Solution:
    """Past the budget: estimate the wide components, count the rest exactly around them.

    The other components and the outside cells are solved exactly with the
    wide components' expected mines (rounded) taken off the total. The
    result says exact=False; the AI's words say the odds are approximate.
    """
    guessed: dict[Cell, Fraction] = {}
    for group in wide:
        cells = [(frozenset([names[k] for k in indexes(mask)]), count) for mask, count in group]
        guessed.update(estimate(cells))
    if mines_left is None:
        rest = _solve_without_total(comps)
    else:
        expected = round(sum(guessed.values(), Fraction(0)))
        rest = _combine(comps, _feasible_rest(comps, outside, mines_left - expected), outside)
    rest.approximate = guessed
    rest.exact = False
    return rest


def _feasible_rest(comps: list[Component], outside: int, target: int) -> int:
    """Return the number of mines nearest target that the counted part can hold.

    The estimate's rounding may ask the exactly counted components and the
    outside cells for a total no arrangement of theirs allows; that would be
    a false contradiction, so the nearest total they can hold is used.
    """
    every = [1]
    for comp in comps:
        every = convolve(every, comp.counts)
    held = [k for k, n in enumerate(every) if n]

    def holds(total: int) -> bool:
        return any(0 <= total - k <= outside for k in held)

    for distance in range(len(every) + outside + abs(target) + 1):
        for total in (target - distance, target + distance):
            if total >= 0 and holds(total):
                return total
    raise Contradiction("no arrangement of the mines agrees with the numbers")


def _solve_without_total(comps: list[Component]) -> Solution:
    """Probabilities when the mine total is unknown: components independent."""
    arrangements = 1
    for comp in comps:
        arrangements *= sum(comp.counts)
    weights: list[tuple[int, int]] = []
    for comp in comps:
        # Over the common denominator 2 x (product of every component's total).
        scale = 2 * arrangements // sum(comp.counts)
        for group, tally in zip(comp.group_masks, comp.group_tallies, strict=True):
            weights.append((group, sum(tally) * scale))
    return Solution(weights, arrangements, 0, 2 * arrangements, arrangements)


# -- what if some cells were known ------------------------------------------------------

def forced_weight(
    solution: Solution, mines: int, safes: int, cache: Optional[Cache] = None
) -> int:
    """Return the weight of the arrangements with these cells mines and those safe (0: none).

    mines, safes: masks over the solution's bits. On the solution's scale,
    which must be exact with the mine total known. Only the components the
    cells touch are counted again, with the cells put in; the other
    components and the outside cells are summed once per touched set and
    number of outside cells (kept with the solution). 0 also when counting
    passes its budget: a weight for weighing a guess, never a proof.
    """
    mines_left = solution.mines_left
    assert mines_left is not None and solution.exact
    if mines & safes:
        return 0
    forced = mines | safes
    touched = frozenset(i for i, comp in enumerate(solution.components) if comp.mask & forced)
    rules: list[Bits] = []
    for i in sorted(touched):
        for mask, count in solution.components[i].bits:
            if mask & forced:
                count -= (mask & mines).bit_count()
                mask &= ~forced
                if not 0 <= count <= mask.bit_count():
                    return 0
                if not mask:
                    continue
            rules.append((mask, count))
    counts: Poly = [0] * mines.bit_count() + [1]  # the forced mines, wherever they are
    try:
        for group in components(rules):
            counts = convolve(counts, _counted(group, COMPONENT_WORK, cache)[1].counts)
    except (Contradiction, TooWide):
        return 0
    outside = solution.outside_cells - (forced & ~solution.frontier).bit_count()
    key = (touched, outside)
    ways = solution.ways_memo.get(key)
    if ways is None or len(ways) < len(counts):
        others: Poly = [1]
        for i, comp in enumerate(solution.components):
            if i not in touched:
                others = convolve(others, comp.counts)
        binom = binomials(outside)
        ways = _rest_weights(others, binom, mines_left, len(counts))
        solution.ways_memo[key] = ways
    return sum(map(operator.mul, counts, ways))


# -- looking one click ahead -----------------------------------------------------------

LOOKAHEAD_WORK = 50_000_000  # for every candidate of one look-ahead together


@dataclass
class _Rest:
    """The components a click does not touch, and the outside cells, summed by their mines."""

    ways: list[int]  # ways[k]: ways to hold mines_left - k mines
    groups: list[list[int]]  # for each of their groups: the same, with one given cell a mine
    masks: list[int]  # the cells of each of those groups
    outside: list[int]  # the same with one given outside cell a mine (empty: none left)


def _rest(solution: Solution, touched: frozenset[int], outside: int, span: int) -> _Rest:
    """Sum up what a click leaves alone, for k = 0..span mines in the part it touches.

    Kept with the solution: candidates touching the same components share it.
    """
    key = (touched, outside, span)
    found = solution.rest_memo.get(key)
    if found is not None:
        return found
    mines_left = solution.mines_left
    assert mines_left is not None
    binom = binomials(outside)
    rest = [c for i, c in enumerate(solution.components) if i not in touched]
    prefix = [[1]]
    for comp in rest:
        prefix.append(convolve(prefix[-1], comp.counts))
    suffix = [[1]]
    for comp in reversed(rest):
        suffix.append(convolve(suffix[-1], comp.counts))
    suffix.reverse()
    every = prefix[-1]
    ways = _rest_weights(every, binom, mines_left, span + 1)
    groups = []
    masks = []
    for i, comp in enumerate(rest):
        others = convolve(prefix[i], suffix[i + 1])
        inner = _rest_weights(others, binom, mines_left, span + len(comp.counts) + 1)
        for group, tally in zip(comp.group_masks, comp.group_tallies, strict=True):
            size = len(tally)
            groups.append(
                [sum(map(operator.mul, tally, inner[k : k + size])) for k in range(span + 1)]
            )
            masks.append(group)
    outside_ways: list[int] = []
    if outside:
        # An outside cell holds a mine in C(outside - 1, rest - 1) of the ways.
        binom_one = binomials(outside - 1)
        outside_ways = _rest_weights(every, binom_one, mines_left - 1, span + 1)
    found = _Rest(ways, groups, masks, outside_ways)
    solution.rest_memo[key] = found
    return found


def click_part(
    solution: Solution,
    cell: int,
    around: int,
    cache: Optional[Cache] = None,
    budget: Optional[list[int]] = None,
) -> Optional[tuple[frozenset[int], int, Component]]:
    """Return what a safe click on cell touches, counted again with around tracked.

    cell: its bit; around: the mask of its unknown neighbours. The answer is
    (the touched components' indexes, the unknown cells left outside them,
    the touched part counted); None when cell is a mine in every
    arrangement. The count comes from cache when it is there, keyed by the
    touched part's shape and around. budget: a one-item list of words left,
    shared by the calls of one look-ahead and lowered by the count's work;
    TooWide past it.
    """
    assert solution.mines_left is not None and solution.exact
    here = 1 << cell
    near = around | here
    touched = frozenset(i for i, comp in enumerate(solution.components) if comp.mask & near)
    rules: list[Bits] = []
    for i in sorted(touched):
        for mask, count in solution.components[i].bits:
            if mask & here:
                mask ^= here
                if not mask:
                    if count:
                        return None
                    continue
            rules.append((mask, count))
    frontier = solution.frontier
    outside = solution.outside_cells - (near & ~frontier).bit_count()
    shift, key = shape(rules, around)
    key = key | {(around >> shift, -1)}
    left = budget[0] if budget is not None else COMPONENT_WORK
    known = cache.get(key) if cache is not None else None
    if isinstance(known, Component):
        part = known
        if part.work > left:
            raise TooWide(left)
    else:
        if known is not None and left <= known:
            raise TooWide(left)
        try:
            part = count_component([(m >> shift, k) for m, k in rules], left, around >> shift)
        except TooWide:
            if cache is not None:
                cache[key] = left
            raise
        if cache is not None:
            cache[key] = part
    if budget is not None:
        budget[0] -= part.work
    return touched, outside, part.placed(rules, shift, solution.names)


Clicked = Optional[tuple[frozenset[int], int, Component]]  # click_part's answer


def reveal_outcomes(
    solution: Solution,
    cell: int,
    around: int,
    cache: Optional[Cache] = None,
    budget: Optional[list[int]] = None,
) -> list[tuple[int, int, Fraction, Fraction]]:
    """Return, for each number of mines j among around, what revealing a safe cell leads to.

    cell: its bit; around: the mask of its unknown neighbours. Each outcome
    is (j, weight, safest, second): the weight of the arrangements (on the
    solution's scale) where cell is safe and j of around are mines, the best
    chance of safety any unknown cell then offers (1 when none could be
    safe: the game is won), and the second best (another cell's; equal to
    the best when two cells share it, or when only one cell is left).
    Only the part of the position the click touches is counted again, once,
    with around tracked (see click_part). budget: a one-item list of words
    left, shared by the calls of one look-ahead; TooWide past it.
    """
    return outcomes_of(solution, click_part(solution, cell, around, cache, budget))


def shown_of(solution: Solution, clicked: Clicked) -> list[int]:
    """Return the numbers j (mines among around) a safe click can show, from click_part's answer."""
    if clicked is None:
        return []  # the cell is a mine in every arrangement
    touched, outside, part = clicked
    ways = _rest(solution, touched, outside, len(part.counts) - 1).ways
    tracked = part.tracked_counts
    return [j for j, counts in enumerate(tracked) if sum(map(operator.mul, counts, ways))]


def outcomes_of(solution: Solution, clicked: Clicked) -> list[tuple[int, int, Fraction, Fraction]]:
    """Return reveal_outcomes' answer from click_part's."""
    if clicked is None:
        return []  # the cell is a mine in every arrangement
    touched, outside, part = clicked
    span = len(part.counts) - 1
    rest = _rest(solution, touched, outside, span)
    found = []
    mul = operator.mul
    for j, counts in enumerate(part.tracked_counts):
        weight = sum(map(mul, counts, rest.ways))
        if not weight:
            continue
        mine_weights = [
            (sum(map(mul, t[j], rest.ways)) if j < len(t) else 0, g.bit_count())
            for g, t in zip(part.group_masks, part.tracked_tallies, strict=True)
        ]
        mine_weights += [
            (sum(map(mul, counts, g)), m.bit_count())
            for g, m in zip(rest.groups, rest.masks, strict=True)
        ]
        if rest.outside:
            mine_weights.append((sum(map(mul, counts, rest.outside)), outside))
        lowest, second = _two_lowest(mine_weights)
        if lowest is None or lowest == weight:  # no cell could be safe: the game is won
            best = runner_up = Fraction(1)
        else:
            best = 1 - Fraction(lowest, weight)
            runner_up = best if second is None else 1 - Fraction(second, weight)
        found.append((j, weight, best, runner_up))
    return found


def _two_lowest(weights: list[tuple[int, int]]) -> tuple[Optional[int], Optional[int]]:
    """Return the lowest value and the second lowest (another cell's) of (value, cells) pairs."""
    first: Optional[int] = None
    second: Optional[int] = None
    for value, many in weights:
        if not many:
            continue
        if first is None or value < first:
            if first is not None:
                second = first
            if many > 1:
                second = value
            first = value
        elif second is None or value < second:
            second = value
    return first, second
