"""Best play to the end of the game, over an explicit list of arrangements.

An arrangement is a bit mask of mines over the board's cells, and the set of
arrangements still possible (a sorted tuple) is the whole state of the game:
any cell safe in all of them would be revealed for free. wins(S) is how many
arrangements of S best play wins; it depends on S alone, so results can be
kept and reused. Each game keeps its own memo (a game's moves never depend
on the games before it), and a search reads that memo but writes what it
finds to a memo of its own, which the game adopts only when it moves: so
asking the same question twice gives the same answer, budget and all (in
play the first click's search also stops at a CPU time: see best_opening).
"""

from __future__ import annotations

import functools
import itertools
import math
import time
from collections.abc import Iterable, Iterator, Sequence
from fractions import Fraction
from typing import Optional

from .board import Cell, kept_clear, neighbours
from .engine import Pair, TooWide, elimination_order

SEARCH_CONFIGS = 400  # the search runs when at most this many arrangements remain
SEARCH_BUDGET = 300_000  # arrangement visits per search
FIRST_SEARCH_BOARDS = 3_100
FIRST_SEARCH_BUDGET = 4_500_000  # visits: 2 to 3.5 s of CPU (5x5, 3 mines passes; 4x4, 5: 4.0 M)
FIRST_SEARCH_SECONDS = 2.0  # CPU seconds: in play, the search also stops here (a slower machine)
CLOCK_EVERY = 50_000  # visits between two looks at the clock
FIRST_SEARCH_CELLS = 64  # best play's first click is searched on boards this small only
MEMO_LIMIT = 300_000  # a game's memo is emptied past this many entries (answers do not change)

# Arrangements -> (wins under best play, the bit of best play's click or -1 when
# free numbers split them first): a later move in the same state clicks at once.
Memo = dict[tuple[int, ...], tuple[int, int]]


class Geometry:
    """A board size's cells as bit positions, and each cell's neighbours as a mask."""

    def __init__(self, height: int, width: int) -> None:
        self.height, self.width = height, width
        self.size = height * width
        # Each cell's neighbours as a mask, by bit position: the search's hot loops index it.
        self.rings = [
            self.mask(neighbours(self.cell(i), height, width)) for i in range(self.size)
        ]

    def cell(self, i: int) -> Cell:
        """Return the cell at bit position i."""
        return divmod(i, self.width)

    def bit(self, cell: Cell) -> int:
        """Return the bit position of a cell."""
        return cell[0] * self.width + cell[1]

    def mask(self, cells: Iterable[Cell]) -> int:
        """Return the bit mask of a set of cells."""
        width = self.width
        return sum(1 << (i * width + j) for i, j in cells)

    def around(self, i: int) -> int:
        """Return the mask of the neighbours of the cell at bit position i."""
        return self.rings[i]


@functools.lru_cache(maxsize=8)
def geometry(height: int, width: int) -> Geometry:
    """Return the (shared, unchanging) geometry of a board size."""
    return Geometry(height, width)


class EndgameSearch:
    """One search of the game tree, reading a game's memo and keeping what it finds apart.

    memo: results a game already holds (read only here). found: what this
    search worked out; the game may adopt it (see MinesweeperAI.make_move).
    The budget counts arrangement visits; past it the search raises TooWide.
    """

    def __init__(self, height: int, width: int, memo: Optional[Memo] = None) -> None:
        self.geo = geometry(height, width)
        self.memo: Memo = {} if memo is None else memo
        self.found: Memo = {}
        self.nodes = 0
        self.budget = SEARCH_BUDGET
        self.deadline: Optional[float] = None  # process_time past which it raises TooWide
        self._clock_at = CLOCK_EVERY

    def best_guess(
        self, configs: Iterable[int], seen: int = 0, budget: Optional[int] = None
    ) -> tuple[Cell, int]:
        """Return the click that best play makes now and the arrangements it wins.

        seen marks cells already revealed. Raises TooWide past the budget.
        """
        self._start(SEARCH_BUDGET if budget is None else budget)
        key = tuple(sorted(configs))
        known = self.found.get(key) or self.memo.get(key)
        if known is not None and known[1] >= 0:
            return self.geo.cell(known[1]), known[0]
        best = self._best_guess(key, seen)
        assert best is not None
        self.found[key] = (best[1], best[0])
        return self.geo.cell(best[0]), best[1]

    def wins_after(
        self, cell: Cell, configs: Iterable[int], budget: int, beats: Optional[Fraction] = None
    ) -> Optional[int]:
        """Return how many arrangements best play wins after clicking cell first.

        beats: the best share of arrangements won so far by another first
        click; None is returned as soon as this click cannot win a larger share.
        """
        self._start(budget)
        i = self.geo.bit(cell)
        boards = sorted(configs)
        survivors = tuple(c for c in boards if not c >> i & 1)
        unexamined, total, count = len(survivors), 0, max(len(boards), 1)
        for part in self._split(survivors, [i]):
            unexamined -= len(part)
            total += self.wins(part, 1 << i)
            if beats is not None and Fraction(total + unexamined, count) <= beats:
                return None
        return None if beats is not None and Fraction(total, count) <= beats else total

    def _count(self, visits: int) -> None:
        """Count work done; raise TooWide once it passes the budget."""
        self.nodes += visits
        if self.nodes > self.budget:
            raise TooWide(self.budget, "the endgame search")
        if self.deadline is not None and self.nodes >= self._clock_at:
            self._clock_at = self.nodes + CLOCK_EVERY
            if time.process_time() > self.deadline:
                raise TooWide(self.budget, "the endgame search's time")

    def _start(self, budget: int) -> None:
        """Reset the visit count for one search."""
        self.nodes = 0
        self.budget = budget
        self._clock_at = CLOCK_EVERY

    def wins(self, configs: tuple[int, ...], seen: int = 0) -> int:
        """Return how many of these arrangements best play wins.

        seen marks cells whose numbers are already the same in every one of
        them; it only saves work, the result depends on configs alone.
        """
        if len(configs) == 1:
            return 1
        known = self.found.get(configs)
        if known is None and self.memo:  # a long tuple's hash is not kept: skip an empty memo
            known = self.memo.get(configs)
        if known is not None:
            return known[0]
        self._count(len(configs))
        anywhere = 0
        always = -1
        for config in configs:
            anywhere |= config
            always &= config
        uncertain = anywhere & ~always
        # Safe in every arrangement, so revealed for free; only a cell next to
        # an uncertain one can show different numbers.
        near = 0
        rings = self.geo.rings
        m = uncertain
        while m:
            low = m & -m
            near |= rings[low.bit_length() - 1]
            m ^= low
        free = []
        m = near & ~(anywhere | seen)
        while m:
            low = m & -m
            free.append(low.bit_length() - 1)
            m ^= low
        seen |= near & ~anywhere
        parts = self._split(configs, free)
        click = -1
        if len(parts) > 1:
            result = sum(self.wins(part, seen) for part in parts)
        else:
            best = self._best_guess(configs, seen, uncertain)
            result = best[1] if best else len(configs)
            click = best[0] if best else -1
        self.found[configs] = (result, click)
        return result

    def _split(self, configs: tuple[int, ...], cells: list[int]) -> list[tuple[int, ...]]:
        """Group arrangements by the numbers these (safe) cells would show."""
        rings = self.geo.rings
        masks = [rings[c] for c in cells]
        if len(masks) == 1:
            mask = masks[0]
            single: dict[int, list[int]] = {}
            for config in configs:
                single.setdefault((config & mask).bit_count(), []).append(config)
            return [tuple(g) for g in single.values()]
        # Arrangements alike on every cell these numbers count show the same
        # numbers: group by that first, then count once per distinct pattern.
        seen = 0
        for m in masks:
            seen |= m
        keys: dict[int, tuple[int, ...]] = {}
        groups: dict[tuple[int, ...], list[int]] = {}
        for config in configs:
            pattern = config & seen
            key = keys.get(pattern)
            if key is None:
                key = keys[pattern] = tuple([(pattern & m).bit_count() for m in masks])
            groups.setdefault(key, []).append(config)
        return [tuple(g) for g in groups.values()]

    def _after(self, configs: tuple[int, ...], i: int) -> list[tuple[int, ...]]:
        """Return the arrangements where cell i is safe, grouped by the number it would show."""
        bit, mask = 1 << i, self.geo.rings[i]
        parts: dict[int, list[int]] = {}
        for config in configs:
            if not config & bit:
                shown = (config & mask).bit_count()
                part = parts.get(shown)
                if part is None:
                    parts[shown] = [config]
                else:
                    part.append(config)
        return [tuple(part) for part in parts.values()]

    def _best_guess(
        self, configs: tuple[int, ...], seen: int = 0, uncertain: Optional[int] = None
    ) -> Optional[tuple[int, int]]:
        """Return (bit position, wins) for the risky click that wins most, or None.

        uncertain: the cells that are mines in some arrangements only, when known already.
        """
        if uncertain is None:
            always = -1
            anywhere = 0
            for config in configs:
                always &= config
                anywhere |= config
            uncertain = anywhere & ~always
        risky = list(_bits(uncertain))
        # How many arrangements leave each risky cell safe: count each one's
        # uncertain mines once (few per arrangement), not every cell per arrangement.
        mined = dict.fromkeys(risky, 0)
        for config in configs:
            m = config & uncertain
            while m:
                low = m & -m
                mined[low.bit_length() - 1] += 1
                m ^= low
        count = len(configs)
        safe_in = {i: count - mined[i] for i in risky}
        risky.sort(key=lambda i: -safe_in[i])
        best: Optional[tuple[int, int]] = None
        # A dead cell (one number in every arrangement it survives) never wins
        # more than the best living one: best play after it, played first and
        # the dead cell last, wins as often. So dead cells are searched only
        # when no cell is living.
        dead: list[tuple[int, tuple[int, ...]]] = []
        for i in risky:
            if best is not None and safe_in[i] <= best[1]:
                break
            self._count(len(configs))
            parts = self._after(configs, i)
            if len(parts) == 1:
                dead.append((i, parts[0]))
            else:
                best = self._better(i, parts, seen, safe_in[i], best)
        if best is None:
            for i, part in dead:
                best = self._better(i, [part], seen, safe_in[i], best)
        return best

    def _better(
        self,
        i: int,
        parts: list[tuple[int, ...]],
        seen: int,
        unexamined: int,
        best: Optional[tuple[int, int]],
    ) -> Optional[tuple[int, int]]:
        """Return (i, its wins) when clicking cell i wins more than best, else best.

        unexamined: the arrangements cell i survives. Adding up its parts
        stops once even winning every arrangement still unexamined could not
        beat the best so far.
        """
        floor = -1 if best is None else best[1]
        total = 0
        for part in parts:
            unexamined -= len(part)
            total += self.wins(part, seen | 1 << i)
            if total + unexamined <= floor:
                return best
        return (i, total) if total > floor else best


def _bits(mask: int) -> Iterator[int]:
    """Yield the positions of the set bits of a non-negative mask."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def adopt(memo: Memo, found: Memo) -> None:
    """Add a search's findings to a game's memo, emptying it first when it has grown too big."""
    if len(memo) + len(found) > MEMO_LIMIT:
        memo.clear()
    memo.update(found)


# -- listing the arrangements ----------------------------------------------------------


def frontier_placements(rules: Sequence[Pair]) -> Iterator[set[Cell]]:
    """Yield every set of frontier mines that satisfies all rules (backtracking)."""
    order = elimination_order(rules) if rules else []
    rules_of: dict[Cell, list[int]] = {c: [] for c in order}
    for index, (cells, _) in enumerate(rules):
        for c in cells:
            rules_of[c].append(index)
    need = [count for _, count in rules]
    room = [len(cells) for cells, _ in rules]
    placed: set[Cell] = set()

    def extend(t: int) -> Iterator[set[Cell]]:
        if t == len(order):
            yield set(placed)
            return
        cell = order[t]
        for mine in (True, False):
            rs = rules_of[cell]
            for r in rs:
                room[r] -= 1
                need[r] -= mine
            if all(0 <= need[r] <= room[r] for r in rs):
                if mine:
                    placed.add(cell)
                yield from extend(t + 1)
                placed.discard(cell)
            for r in rs:
                room[r] += 1
                need[r] += mine

    yield from extend(0)


def arrangements(
    rules: Sequence[Pair], outside: Sequence[Cell], mines_left: int
) -> list[frozenset[Cell]]:
    """Return every placement of mines_left mines that fits the rules, outside cells included.

    Lists them one by one, so call it only when their number is small.
    """
    found: list[frozenset[Cell]] = []
    for placed in frontier_placements(rules):
        rest = mines_left - len(placed)
        if 0 <= rest <= len(outside):
            for extra in itertools.combinations(outside, rest):
                found.append(frozenset(placed) | frozenset(extra))
    return found


# -- the first click on a small board ------------------------------------------------------


def opening_searched(
    height: int, width: int, mines: int, rule: str, limit: Optional[int] = None
) -> bool:
    """True when best_opening searches this board: small enough (it may still pass its budget).

    limit: at most this many placements (FIRST_SEARCH_BOARDS), and then any number of cells.
    """
    if height * width > FIRST_SEARCH_CELLS and limit is None:
        return False
    clear = len(kept_clear((0, 0), height, width, rule))
    return math.comb(height * width - clear, mines) <= (limit or FIRST_SEARCH_BOARDS)


def best_opening(
    height: int,
    width: int,
    mines: int,
    rule: str,
    limit: Optional[int] = None,
    budget: Optional[int] = None,
    seconds: Optional[float] = FIRST_SEARCH_SECONDS,
) -> Optional[tuple[Cell, int, int]]:
    """Return (first click, boards won, boards) under best play, on boards small enough.

    Every placement of the mines that the first-click rule allows is listed
    and the game searched to the end for each candidate first click (one
    per symmetry class: the top-left quarter, and on a square board the part
    of it on or above the diagonal). None when the board has more
    than limit placements (FIRST_SEARCH_BOARDS), more than FIRST_SEARCH_CELLS
    cells (a sparse giant board has few placements, but each is long to list
    and to search), or when the search passes its budget (FIRST_SEARCH_BUDGET),
    which also pays for listing the boards, or past `seconds` of CPU (in play
    FIRST_SEARCH_SECONDS: a slower machine than the budget was set on may
    then search fewer boards; None, as the benchmark asks, is visits only,
    the same on every machine). A pure function: the search has
    its own memo (see opening_tree).
    """
    return _opening(height, width, mines, rule, limit, budget, seconds)[0]


def opening_tree(
    height: int, width: int, mines: int, rule: str, seconds: Optional[float] = FIRST_SEARCH_SECONDS
) -> Memo:
    """Return what best_opening's search found: best play from every position it reached.

    A game that plays best play's first click can adopt it, and then every
    later move of best play is a look-up (read only: adopt copies it).
    """
    return _opening(height, width, mines, rule, None, None, seconds)[1]


@functools.lru_cache(maxsize=32)
def _opening(
    height: int,
    width: int,
    mines: int,
    rule: str,
    limit: Optional[int],
    budget: Optional[int],
    seconds: Optional[float],
) -> tuple[Optional[tuple[Cell, int, int]], Memo]:
    """Search best play's first click (see best_opening); return it and the search's memo."""
    if not opening_searched(height, width, mines, rule, limit):
        return None, {}
    cells = [(i, j) for i in range(height) for j in range(width)]
    search = EndgameSearch(height, width)
    if seconds is not None:  # in play: a slower machine stops at the time, not the visits
        search.deadline = time.process_time() + seconds
    best: Optional[tuple[Cell, int, int]] = None
    budget = budget or FIRST_SEARCH_BUDGET
    for first in cells:
        if 2 * first[0] > height - 1 or 2 * first[1] > width - 1:
            continue
        if height == width and first[0] > first[1]:
            continue  # a square board's mirror in its diagonal: (1, 0) plays as (0, 1) did
        keep = kept_clear(first, height, width, rule)
        allowed = [c for c in cells if c not in keep]
        boards = [search.geo.mask(m) for m in itertools.combinations(allowed, mines)]
        budget -= len(boards)
        beats = None if best is None else Fraction(best[1], best[2])
        try:
            wins = search.wins_after(first, boards, budget, beats)
        except TooWide:
            return None, {}
        budget -= search.nodes
        if wins is not None:  # None: it could not win a larger share than the best so far
            best = (first, wins, len(boards))
    return best, search.found
