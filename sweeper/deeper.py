"""A deeper look where the look-ahead's best cells are nearly tied.

The look-ahead scores a guess by the chance it is safe times the expected
safety of the next click (secondary safety). When two or more cells score
within `tie` of the best (relative), that score cannot tell them apart, and
one more click of look-ahead may: for each tied cell, every number it could
show is tried, and the position after it is weighed by the look-ahead itself
(its best score there: the chance of surviving the next guess times the
safety of the click after). The tied cell with the best expected value is
played:

    value(c) = sum over numbers v of P(c safe and shows v) x best score after (c, v)

A number that proves cells safe is followed by the free clicks the AI would
make (up to one, every number they could show tried), then weighed with
any further safe cells known but unrevealed (a lower bound); a number that
leaves only mines wins (1).

This is a strategy (a callable: position, solution -> Decision or None),
passed to the AI like any other; it replaces the plain look-ahead in the
strategies' tuple. Its work has a budget, counted in positions weighed
(never in seconds, so that a game's moves depend on the game alone): past
it, the plain look-ahead's choice stands.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Optional

from .board import Cell
from .engine import LOOKAHEAD_WORK, Contradiction, TooWide, _rest, click_part
from .position import Position
from .records import Candidate, Decision
from .strategies import FIFTY_WEIGHT, LookAhead, is_dead

DEEPER_POSITIONS = 30  # positions weighed one click deeper, past which the plain choice stands
CHILD_CANDIDATES = 6  # the look-ahead's candidates in a position one click deeper


@dataclass(frozen=True)
class DeeperLook:
    """The look-ahead, then one click deeper among its nearly tied best cells."""

    look: LookAhead = field(default_factory=lambda: LookAhead(fifty_weight=FIFTY_WEIGHT))
    child: LookAhead = field(  # weighs the positions one click deeper
        default_factory=lambda: LookAhead(fifty_weight=FIFTY_WEIGHT, candidates=CHILD_CANDIDATES)
    )
    tie: Fraction = Fraction(1, 100)  # scores within this share of the best are tied
    most: int = 2  # at most this many tied cells are looked at deeper
    positions: int = DEEPER_POSITIONS
    free: int = 1  # free clicks followed after a number that proves cells safe
    name: str = "deeper look"

    def __call__(self, position: Position, solution: object) -> Optional[Decision]:
        decision = self.look(position, position.solution)
        if decision is None:
            return None
        tied = self.tied(decision)
        if len(tied) < 2:
            return decision
        left = [self.positions]
        values: list[tuple[Fraction, int, Candidate]] = []
        try:
            for order, candidate in enumerate(tied):
                values.append((self.value(position, candidate.cell, left), -order, candidate))
        except (TooWide, _OutOfWork):
            return decision
        best = max(values, key=lambda v: (v[0], v[1]))[2]
        if best.cell == decision.cell:
            return decision
        rest = tuple(c for c in decision.alternatives if c.cell != best.cell)
        return Decision(
            best.cell,
            self.name,
            best.probability,
            approximate=decision.approximate,
            alternatives=(best, *rest),
            lowest=decision.lowest,
            passed_over=decision.passed_over,
        )

    def tied(self, decision: Decision) -> list[Candidate]:
        """Return the living weighed cells within `tie` of the best score, best first."""
        scored = [c for c in decision.alternatives if c.score is not None and not c.dead]
        if len(scored) < 2:
            return []
        top = scored[0].score
        assert top is not None
        floor = top * (1 - self.tie)
        return [c for c in scored if c.score is not None and c.score >= floor][: self.most]

    def value(
        self, position: Position, cell: Cell, left: Optional[list[int]] = None, free: int = 0
    ) -> Fraction:
        """Return the sum over cell's numbers of P(safe, shows it) x the best score after.

        left: a one-item list of positions still to weigh; _OutOfWork past it.
        free: the free clicks already followed on this line (see _best_score).
        """
        solution = position.solution
        index = position.grid.index(cell)
        known = (position.grid.around[index] & position.mine_bits).bit_count()
        total = solution.weight
        value = Fraction(0)
        for shown, weight in _numbers(position, cell):
            if left is not None:
                left[0] -= 1
                if left[0] < 0:
                    raise _OutOfWork
            after = position.after(cell, shown + known)
            value += Fraction(weight, total) * self._best_score(after, left, free)
        return value

    def _best_score(self, after: Position, left: Optional[list[int]], free: int) -> Fraction:
        """Return the look-ahead's best score in a position (1 when the game is won).

        When the numbers prove cells safe, the AI clicks the first of them
        (reading order) for free: up to `self.free` such clicks are followed,
        every number they could show tried; past that, the position is
        weighed with the safe cells known but unrevealed (a lower bound).
        """
        try:
            learned = after.with_certainties()
        except Contradiction:
            return Fraction(0)
        if not learned.unknown_bits:
            return Fraction(1)
        if learned.safe_bits and free < self.free:
            safe = learned.grid.first(learned.safe_bits)
            if after.is_unknown(safe):
                return self.value(after, safe, left, free + 1)
        solution = learned.solution
        if not solution.exact:
            raise TooWide(0, "the deeper look")
        decision = self.child(learned, solution)
        if decision is not None and decision.alternatives:
            score = decision.alternatives[0].score
            if score is not None:
                return score
        # One cell near the safest (or none living): its own score.
        cell = learned.ranked[0]
        for c in learned.ranked:
            if not is_dead(learned, c):
                cell = c
                break
        budget: list[int] = [LOOKAHEAD_WORK]
        weighed = self.child._weigh(
            learned,
            cell,
            solution.probability(cell),
            budget,
            {},
            lambda c: not is_dead(learned, c),
        )
        return weighed.score if weighed.score is not None else Fraction(0)


class _OutOfWork(Exception):
    """The deeper look's budget is spent: the plain look-ahead's choice stands."""


def _numbers(position: Position, cell: Cell) -> list[tuple[int, int]]:
    """Return (mines among cell's unknown neighbours, weight) for each number a safe cell shows.

    Weights are on the solution's scale (the arrangements where cell is safe and shows it).
    """
    solution = position.solution
    index = position.grid.index(cell)
    around = position.around_bits(index)
    clicked = click_part(solution, index, around, position.workspace.component_cache(), None)
    if clicked is None:
        return []  # a mine in every arrangement
    touched, outside, part = clicked
    ways = _rest(solution, touched, outside, len(part.counts) - 1).ways
    found = []
    for j, counts in enumerate(part.tracked_counts):
        weight = sum(map(operator.mul, counts, ways))
        if weight:
            found.append((j, weight))
    return found
