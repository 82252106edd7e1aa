"""The probability engine: sentences and a number of mines in, exact odds out; no geometry.

A component is a group of rules linked by shared cells. For each one we
count, for every number k of mines it holds, how many arrangements of its
cells satisfy all its rules (f[k]), and for each cell how many of those put
a mine on that cell (tally[cell][k]). Counting goes cell by cell in an order
that keeps few rules "open" (partly assigned); partial arrangements that
leave the same open rules needing the same numbers of mines are merged, so
the cost grows with the frontier's width rather than with the 2^n
arrangements. Components combine through the number of mines left: the
cells outside every rule take the remaining mines in C(outside, rest) ways,
which weights every frontier arrangement.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import NamedTuple, Optional, TypeVar, Union

from .board import Cell


class Rule(NamedTuple):
    """A sentence frozen, "count of these cells are mines", as the engine and steps keep it."""

    cells: frozenset[Cell]
    count: int  # type: ignore[assignment]  # the name CS50's Sentence uses, over tuple.count


Poly = list[int]
Pair = tuple[frozenset[Cell], int]  # a Rule, or any (cells, count) pair
STATE_BUDGET = 200_000


class Contradiction(ValueError):
    """The revealed numbers (and the mine total) admit no arrangement."""


class TooWide(Exception):
    """A component needs more partial arrangements than the budget allows."""


@dataclass
class Component:
    """Counts for one linked group of rules: f[k] and each cell's tally[k]."""

    cells: list[Cell]
    counts: Poly
    tallies: dict[Cell, Poly]
    rules: list[Pair] = field(default_factory=list)

    def certain(self) -> tuple[set[Cell], set[Cell]]:
        """Return the cells safe and the cells mined in every arrangement, whatever the total."""
        feasible = [k for k, n in enumerate(self.counts) if n]
        safes = {
            c for c, t in self.tallies.items() if not any(t[k] for k in feasible if k < len(t))
        }
        mines = {
            c
            for c, t in self.tallies.items()
            if all(k < len(t) and t[k] == self.counts[k] for k in feasible)
        }
        return safes, mines


@dataclass
class Solution:
    """Mine probabilities for the frontier and for the cells outside it.

    Kept as integer weights over one denominator (the weighted number of
    arrangements), so comparing cells needs no fractions at all. When a
    component was too wide to count, its cells get estimates in
    `approximate` and `exact` is False: the weights of the other cells are
    then conditioned on an estimated number of mines, so only what holds
    whatever the total (see `certain`) may be taken as proven.
    """

    weights: dict[Cell, int]
    outside_weight: int
    outside_cells: int
    weight: int
    arrangements: int
    exact: bool = True
    approximate: dict[Cell, Fraction] = field(default_factory=dict)
    components: list[Component] = field(default_factory=list)

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
        if cell in self.weights:
            return Fraction(self.weights[cell], self.weight)
        return self.outside

    @property
    def outside(self) -> Fraction:
        """Return the chance of a mine on a cell that no rule names."""
        return Fraction(self.outside_weight, self.weight)

    def safest(self) -> Fraction:
        """Return the highest chance of safety that any unknown cell offers."""
        lowest = min(self.weights.values(), default=self.weight)
        if self.outside_cells:
            lowest = min(lowest, self.outside_weight)
        best = 1 - Fraction(lowest, self.weight)
        return max([best] + [1 - p for p in self.approximate.values()])

    def certain(self) -> tuple[set[Cell], set[Cell]]:
        """Return the frontier cells proven safe and proven mines (never from an estimate).

        Exact: a weight of 0 or of the whole. Otherwise only what a counted
        component shows in every arrangement of every size.
        """
        if self.exact:
            safes = {c for c, w in self.weights.items() if w == 0}
            mines = {c for c, w in self.weights.items() if w == self.weight}
            return safes, mines
        safes, mines = set(), set()
        for comp in self.components:
            s, m = comp.certain()
            safes |= s
            mines |= m
        return safes, mines

    def outside_certain(self) -> Optional[bool]:
        """Return False when every cell no rule names is proven safe, True when all are mines."""
        if not self.exact or not self.outside_cells:
            return None
        if self.outside_weight == 0:
            return False
        if self.outside_weight == self.weight:
            return True
        return None


def components(rules: list[Pair]) -> list[list[Pair]]:
    """Split rules into groups that share no cell (union-find over cells)."""
    parent: dict[Cell, Cell] = {}

    def find(c: Cell) -> Cell:
        while parent[c] != c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c

    for cells, _ in rules:
        first = next(iter(cells))
        parent.setdefault(first, first)
        for c in cells:
            parent.setdefault(c, c)
            a, b = find(first), find(c)
            if a != b:
                parent[b] = a
    groups: dict[Cell, list[Pair]] = {}
    for rule in rules:
        groups.setdefault(find(next(iter(rule[0]))), []).append(rule)
    return sorted(groups.values(), key=lambda g: min(min(r[0]) for r in g))


Var = TypeVar("Var", bound=Union[int, Cell])


def elimination_order(rules: Sequence[tuple[frozenset[Var], int]]) -> list[Var]:
    """Order cells so that few rules are partly assigned at any time."""
    cell_rules: dict[Var, list[int]] = {}
    for index, (cells, _) in enumerate(rules):
        for c in cells:
            cell_rules.setdefault(c, []).append(index)
    left = [len(cells) for cells, _ in rules]
    opened: set[int] = set()
    unassigned = set(cell_rules)
    order: list[Var] = []
    while unassigned:

        def cost(c: Var) -> tuple[int, int, Var]:
            rs = cell_rules[c]
            new = sum(1 for r in rs if r not in opened and left[r] > 1)
            closing = sum(1 for r in rs if left[r] == 1)
            return (new - closing, -len([r for r in rs if r in opened]), c)

        best = min(unassigned, key=cost)
        unassigned.discard(best)
        order.append(best)
        for r in cell_rules[best]:
            left[r] -= 1
            if left[r]:
                opened.add(r)
            else:
                opened.discard(r)
    return order


def count_component(rules: list[Pair], budget: Optional[int] = None) -> Component:
    """Count the arrangements of one component by number of mines, per cell.

    Cells named by exactly the same rules form a group: a group of m cells
    holding j mines does so in C(m, j) ways, so it is one variable, not m.
    A count polynomial (arrangements by number of mines) is packed into one
    integer, BITS bits per coefficient, so that adding polynomials is one
    integer addition and "one more mine" is a shift.
    """
    membership: dict[Cell, list[int]] = {}
    for index, (cells, _) in enumerate(rules):
        for c in cells:
            membership.setdefault(c, []).append(index)
    grouped: dict[tuple[int, ...], list[Cell]] = {}
    for c in sorted(membership):
        grouped.setdefault(tuple(membership[c]), []).append(c)
    groups = list(grouped.items())
    group_rules: list[tuple[frozenset[int], int]] = [
        (frozenset(g for g, (names, _) in enumerate(groups) if r in names), count)
        for r, (_, count) in enumerate(rules)
    ]
    order = elimination_order(group_rules)
    position = {g: t for t, g in enumerate(order)}
    last = [max(position[g] for g in gs) for gs, _ in group_rules]
    left = [len(cells) for cells, _ in rules]
    bits = len(membership) + 2
    open_rules: list[int] = []
    # state: the needs of the open rules -> (packed counts, packed tally per group so far)
    states: dict[tuple[int, ...], tuple[int, list[int]]] = {(): (1, [])}
    for t, g in enumerate(order):
        names, members = groups[g]
        size = len(members)
        for r in names:
            if r not in open_rules:
                open_rules.append(r)
            left[r] -= size
        slots = [open_rules.index(r) for r in names]
        start_needs = [rules[r][1] for r in open_rules]
        keep = [i for i, r in enumerate(open_rules) if last[r] != t]
        remaining = [left[r] for r in open_rules]
        ways = [
            (j, math.comb(size, j), math.comb(size - 1, j - 1) if j else 0) for j in range(size + 1)
        ]
        nxt: dict[tuple[int, ...], tuple[int, list[int]]] = {}
        for needs, (poly, tallies) in states.items():
            full = list(needs) + start_needs[len(needs) :]
            for j, w, w_cell in ways:
                new = full[:]
                ok = True
                for slot in slots:
                    new[slot] -= j
                    if not 0 <= new[slot] <= remaining[slot]:
                        ok = False
                        break
                if not ok:
                    continue
                key = tuple(new[i] for i in keep)
                shift = j * bits
                marks = [(x << shift) * w for x in tallies]
                marks.append((poly << shift) * w_cell)
                shifted = (poly << shift) * w
                if key in nxt:
                    acc_poly, acc_marks = nxt[key]
                    summed = [a + b for a, b in zip(acc_marks, marks, strict=True)]
                    nxt[key] = (acc_poly + shifted, summed)
                else:
                    nxt[key] = (shifted, marks)
        open_rules = [open_rules[i] for i in keep]
        states = nxt
        if not states:
            raise Contradiction("no arrangement of mines agrees with these numbers")
        if len(states) > (budget or STATE_BUDGET):
            raise TooWide(f"{len(states)} partial arrangements exceed the budget")
    packed, tallies = states[()]
    counts = _unpack(packed, bits, len(membership) + 1)
    per_cell: dict[Cell, Poly] = {}
    for g, tally in zip(order, tallies, strict=True):
        unpacked = _unpack(tally, bits, len(counts))
        for c in groups[g][1]:
            per_cell[c] = unpacked
    return Component(sorted(membership), counts, per_cell, list(rules))


def _unpack(packed: int, bits: int, length: int) -> Poly:
    """Return the coefficients of a packed polynomial, trailing zeros dropped."""
    mask = (1 << bits) - 1
    coefficients = [(packed >> (k * bits)) & mask for k in range(length)]
    while len(coefficients) > 1 and coefficients[-1] == 0:
        coefficients.pop()
    return coefficients


def _convolve(a: Poly, b: Poly) -> Poly:
    """Return the product of two count polynomials."""
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def solve(
    rules: Sequence[Pair],
    mines_left: Optional[int],
    outside: int,
    cache: Optional[dict[frozenset[Pair], Component]] = None,
) -> Solution:
    """Return exact mine probabilities given rules, mines left and outside cells.

    With mines_left, every arrangement of all remaining mines that satisfies
    the rules counts once, cells outside every rule included. Without it,
    every arrangement of the frontier counts once, and an outside cell,
    about which nothing is known, is given 1/2. A cache shared between calls
    saves recounting components that did not change.
    """
    for cells, count in rules:
        if not cells and count:
            raise Contradiction(f"a rule names no cell but counts {count} mines")
    rules = [(cells, count) for cells, count in rules if cells]
    comps: list[Component] = []
    wide: list[list[Pair]] = []
    for group in components(rules):
        key = frozenset(group)
        if cache is not None and key in cache:
            comps.append(cache[key])
            continue
        try:
            comp = count_component(group)
        except TooWide:
            wide.append(group)
            continue
        comps.append(comp)
        if cache is not None:
            cache[key] = comp
    if wide:
        return _solve_approximately(comps, wide, mines_left, outside)
    if mines_left is None:
        solution = _solve_without_total(comps)
        solution.components = comps
        return solution
    solution = _combine(comps, mines_left, outside)
    solution.components = comps
    return solution


@functools.lru_cache(maxsize=64)
def _binomials(n: int) -> tuple[int, ...]:
    """Return C(n, r) for r = 0..n (the outside cells' ways to hold r mines)."""
    row = [1]
    for r in range(n):
        row.append(row[-1] * (n - r) // (r + 1))
    return tuple(row)


def _combine(comps: list[Component], mines_left: int, outside: int) -> Solution:
    """Weight every component's arrangements by the ways to place the rest."""
    binom = _binomials(outside)
    polys = [c.counts for c in comps]
    prefix = [[1]]
    for p in polys:
        prefix.append(_convolve(prefix[-1], p))
    suffix = [[1]]
    for p in reversed(polys):
        suffix.append(_convolve(suffix[-1], p))
    suffix.reverse()
    every = prefix[-1]

    def rest_weight(k: int, others: Poly) -> int:
        return sum(
            n * binom[mines_left - k - j]
            for j, n in enumerate(others)
            if n and 0 <= mines_left - k - j <= outside
        )

    weight = rest_weight(0, every)
    if weight == 0:
        raise Contradiction(
            f"no arrangement of the {mines_left} remaining mines agrees with the numbers"
        )
    cell_weights: dict[Cell, int] = {}
    for i, comp in enumerate(comps):
        others = _convolve(prefix[i], suffix[i + 1])
        weights = [rest_weight(k, others) for k in range(len(comp.counts))]
        for cell, tally in comp.tallies.items():
            cell_weights[cell] = sum(n * weights[k] for k, n in enumerate(tally))
    outside_weight = 0
    if outside:
        # An outside cell holds a mine in C(outside - 1, rest - 1) of the ways.
        outside_weight = sum(
            n * math.comb(outside - 1, mines_left - k - 1)
            for k, n in enumerate(every)
            if 1 <= mines_left - k <= outside
        )
    arrangements = sum(n for k, n in enumerate(every) if 0 <= mines_left - k <= outside)
    return Solution(cell_weights, outside_weight, outside, weight, arrangements)


def _solve_approximately(
    comps: list[Component], wide: list[list[Pair]], mines_left: Optional[int], outside: int
) -> Solution:
    """Fallback past the budget: a too-wide component gets each cell's mean sentence density.

    The other components and the outside cells are then solved exactly with
    the too-wide component's expected mines taken off the total. The result
    says exact=False, and the AI's steps say the numbers are approximate.
    """
    guessed: dict[Cell, Fraction] = {}
    for group in wide:
        shares: dict[Cell, list[Fraction]] = {}
        for cells, count in group:
            for c in cells:
                shares.setdefault(c, []).append(Fraction(count, len(cells)))
        for c, values in shares.items():
            guessed[c] = sum(values, Fraction(0)) / len(values)
    if mines_left is None:
        rest = _solve_without_total(comps)
    else:
        expected = round(sum(guessed.values(), Fraction(0)))
        left = min(max(mines_left - expected, 0), outside + sum(len(c.tallies) for c in comps))
        rest = _combine(comps, left, outside)
    rest.approximate = guessed
    rest.exact = False
    rest.components = comps
    return rest


def _solve_without_total(comps: list[Component]) -> Solution:
    """Probabilities when the mine total is unknown: components independent."""
    arrangements = 1
    for comp in comps:
        arrangements *= sum(comp.counts)
    weights: dict[Cell, int] = {}
    for comp in comps:
        # Over the common denominator 2 x (product of every component's total).
        scale = 2 * arrangements // sum(comp.counts)
        for cell, tally in comp.tallies.items():
            weights[cell] = sum(tally) * scale
    return Solution(weights, arrangements, 0, 2 * arrangements, arrangements)
