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

import operator
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Optional

from .bits import indexes
from .board import Cell
from .engine import _rest, click_part
from .position import Position


@dataclass(frozen=True)
class Outcome:
    """One number a safe click could show, with the next click's prospects.

    Kept as integer weights on the solution's scale: `lowest` is the weight
    of the arrangements (among `weight`) with a mine on the safest living
    cell, `runner_up` the same for another living cell; 0 for both when the
    number leaves a free click or wins the game.
    """

    shown: int  # mines among the clicked cell's unknown neighbours
    weight: int  # arrangements (the solution's scale) where the cell is safe and shows it
    lowest: int
    runner_up: int

    @property
    def best(self) -> Fraction:
        """Return the safest living cell's chance of safety then (1: a free click or a win)."""
        return 1 - Fraction(self.lowest, self.weight)

    @property
    def second(self) -> Fraction:
        """Return another living cell's (the best again when two share it or one is left)."""
        return 1 - Fraction(self.runner_up, self.weight)

    @property
    def progress(self) -> bool:
        """True when the number proves a living cell safe (or leaves only mines: a win)."""
        return self.lowest == 0


def secondary_safety(outcomes: list[Outcome], blend: tuple[int, int]) -> Fraction:
    """Return the expected blended safety of the next click: (a x best + b x second) / (a + b)."""
    a, b = blend
    total = sum(o.weight for o in outcomes)
    if not total:
        return Fraction(0)
    lost = sum(a * o.lowest + b * o.runner_up for o in outcomes)
    return Fraction((a + b) * total - lost, (a + b) * total)


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
    index = position.grid.index(cell)
    around = position.around_bits(index)
    cache = position.workspace.component_cache()
    touched_part = click_part(solution, index, around, cache, budget)
    if touched_part is None:
        return []  # cell is a mine in every arrangement
    touched, outside, part = touched_part
    span = len(part.counts) - 1
    rest = _rest(solution, touched, outside, span)
    cells = position.grid.cells
    here = 1 << index

    def living(k: int) -> bool:
        if not position.around_bits(k) & ~here:
            return False  # the click leaves it no unknown neighbour: its number is fixed
        return alive(cells[k])

    mul = operator.mul
    ways = rest.ways
    weights = [sum(map(mul, c, ways)) for c in part.tracked_counts]
    todo = [j for j, weight in enumerate(weights) if weight]
    if floor is not None:
        todo.sort(key=lambda j: -weights[j])
        a, b = blend
        # (a + b) x the blended safety's numerator if every number left were perfect,
        # against (a + b) x floor x every weight, floor = p / q: compared times q
        reach = (a + b) * sum(weights)
        p, q = floor.numerator, floor.denominator
        need = p * reach
    found = []
    for j in todo:
        if floor is not None and reach * q < need:
            return None
        counts = part.tracked_counts[j]
        weight = weights[j]
        entries: list[tuple[int, int]] = [
            (sum(map(mul, t[j], ways)) if j < len(t) else 0, g)
            for g, t in zip(part.group_masks, part.tracked_tallies, strict=True)
        ]
        entries += [
            (sum(map(mul, counts, g)), m) for g, m in zip(rest.groups, rest.masks, strict=True)
        ]
        if rest.outside:  # the cells no rule names: always living (see is_dead); mask 0
            entries.append((sum(map(mul, counts, rest.outside)), 0))
        lowest, runner_up = _two_safest(entries, weight, outside, living)
        found.append(Outcome(j, weight, lowest, runner_up))
        if floor is not None:
            reach -= a * lowest + b * runner_up
    if floor is not None:
        found.sort(key=lambda o: o.shown)
    return found


def _two_safest(
    entries: list[tuple[int, int]],
    weight: int,
    outside: int,
    alive: Callable[[int], bool],
) -> tuple[int, int]:
    """Return the mine weights of the two safest living cells among (mine weight, mask) entries.

    Mask 0 stands for the outside cells, `outside` of them. (0, 0) when no
    cell could be safe: the game is won.
    """
    entries = sorted(entries, key=operator.itemgetter(0))
    if not entries or entries[0][0] == weight:
        return 0, 0  # no cell could be safe: the game is won
    picked: list[int] = []
    for mined, cells in entries:
        if mined == weight:
            break
        if not cells:
            living = outside
        else:
            living = 0
            for k in indexes(cells):
                if alive(k):
                    living += 1
                    if len(picked) + living >= 2:
                        break
        picked.extend([mined] * min(living, 2 - len(picked)))
        if len(picked) == 2:
            break
    if not picked:  # only dead cells could be safe: the safest of them
        picked = [entries[0][0]]
    return picked[0], picked[-1]
