"""Secondary safety: what revealing a cell leads to, counting only cells worth clicking next.

The look-ahead's old figure, the best chance of safety any unknown cell
offers after the reveal, also credits *dead* cells: cells whose number, if
safe, can be one value only, which the guess then passes over (they teach
nothing). Here the next click is the safest *living* cell, and the second
safest counts too: a position with two good cells is worth more than one
with a single good cell and nothing behind it.

Which cells are dead after the reveal is not worked out exactly (that would
mean solving every outcome's position again): a cell is taken as dead after
the reveal when it is dead now (a cell whose number is fixed in every
arrangement stays so when a reveal removes arrangements), or when the
clicked cell is its last unknown neighbour. A cell that the reveal itself
makes dead is still counted as living: an approximation, labelled here,
that only weighs guesses and never proves anything.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Optional

from .board import Cell
from .engine import _rest, click_part
from .position import Position


@dataclass(frozen=True)
class Outcome:
    """One number a safe click could show, with the next click's prospects."""

    shown: int  # mines among the clicked cell's unknown neighbours
    weight: int  # arrangements (the solution's scale) where the cell is safe and shows it
    best: Fraction  # the safest living cell's chance of safety then (1: a free click or a win)
    second: Fraction  # another living cell's (the best again when two share it or one is left)

    @property
    def progress(self) -> bool:
        """True when the number proves a living cell safe (or leaves only mines: a win)."""
        return self.best == 1


def living_outcomes(
    position: Position,
    cell: Cell,
    alive: Callable[[Cell], bool],
    budget: Optional[list[int]] = None,
    floor: Optional[Fraction] = None,
    blend: tuple[int, int] = (4, 1),
) -> Optional[list[Outcome]]:
    """Return, for each number a safe cell could show, the two safest living cells' safety then.

    alive(c) says whether c is worth clicking after the reveal (see the
    module's docstring). When no unknown cell could be safe the game is won
    (1); when some could but none of them is living, the safest of them
    counts, dead or not (the guess would have to take one).

    floor: the secondary safety (best and second blended blend[0]:blend[1])
    the caller needs. The likeliest numbers are then taken first, and as soon
    as even a perfect next click after every number left could not reach
    floor, None is returned instead.
    """
    solution = position.solution
    around = frozenset(position.unknown_neighbours(cell))
    cache = position.workspace.component_cache()
    touched_part = click_part(solution, cell, around, cache, budget)
    if touched_part is None:
        return []  # cell is a mine in every arrangement
    touched, outside, part = touched_part
    span = len(part.counts) - 1
    rest = _rest(solution, touched, outside, span)
    rest_groups = [
        group
        for i, comp in enumerate(solution.components)
        if i not in touched
        for group in comp.groups
    ]

    def living(c: Cell) -> bool:
        if all(n == cell for n in position.unknown_neighbours(c)):
            return False  # the click leaves it no unknown neighbour: its number is fixed
        return alive(c)

    weights = [sum(n * rest.ways[k] for k, n in enumerate(c)) for c in part.tracked_counts]
    todo = [j for j, weight in enumerate(weights) if weight]
    if floor is not None:
        todo.sort(key=lambda j: -weights[j])
        a, b = blend
        # the blended safety's numerator if every number left were perfect
        reach = Fraction(sum(weights))
        need = floor * reach
    found = []
    for j in todo:
        if floor is not None and reach < need:
            return None
        counts = part.tracked_counts[j]
        weight = weights[j]
        entries: list[tuple[int, Optional[tuple[Cell, ...]]]] = [
            (sum(n * rest.ways[k] for k, n in enumerate(t[j])) if j < len(t) else 0, g)
            for g, t in zip(part.groups, part.tracked_tallies, strict=True)
        ]
        entries += [
            (sum(n * g[k] for k, n in enumerate(counts)), cells)
            for g, cells in zip(rest.groups, rest_groups, strict=True)
        ]
        if rest.outside:  # the cells no rule names: always living (see is_dead)
            entries.append((sum(n * rest.outside[k] for k, n in enumerate(counts)), None))
        best, second = _two_safest(entries, weight, outside, living)
        found.append(Outcome(j, weight, best, second))
        if floor is not None:
            reach -= weight * (1 - (a * best + b * second) / (a + b))
    if floor is not None:
        found.sort(key=lambda o: o.shown)
    return found


def _two_safest(
    entries: list[tuple[int, Optional[tuple[Cell, ...]]]],
    weight: int,
    outside: int,
    alive: Callable[[Cell], bool],
) -> tuple[Fraction, Fraction]:
    """Return the safety of the two safest living cells among (mine weight, cells) entries.

    None for cells stands for the outside cells, `outside` of them.
    """
    entries = sorted((e for e in entries if e[1] is None or e[1]), key=lambda e: e[0])
    if not entries or entries[0][0] == weight:
        return Fraction(1), Fraction(1)  # no cell could be safe: the game is won
    picked: list[int] = []
    for mined, cells in entries:
        if mined == weight:
            break
        if cells is None:
            living = outside
        else:
            living = 0
            for c in cells:
                if alive(c):
                    living += 1
                    if len(picked) + living >= 2:
                        break
        picked.extend([mined] * min(living, 2 - len(picked)))
        if len(picked) == 2:
            break
    if not picked:  # only dead cells could be safe: the safest of them
        picked = [entries[0][0]]
    best = 1 - Fraction(picked[0], weight)
    second = best if len(picked) == 1 else 1 - Fraction(picked[1], weight)
    return best, second
