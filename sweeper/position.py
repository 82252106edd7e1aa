"""A position: what a player knows at one moment, frozen, so that it can be asked "what if".

A Position holds the revealed numbers, the cells known to be mines or
safe, the sentences (as the engine's rules, over unknown cells only) and
the board's mine total. ``after(cell, shown)`` is the position after a
click on cell shows that number: the look-ahead and the endgame search
think on positions, never on the live AI, so thinking changes nothing.

A position carries its game's Workspace: caches of results that depend
only on what is cached (a component's counts, a search's wins), kept
between moves to save time. A cache never changes an answer.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Optional

from .bits import Grid, grid, indexes
from .board import Cell, neighbours
from .engine import Bits, Cache, Pair, Solution, solve_bits
from .search import Memo, arrangements

COMPONENT_CACHE_LIMIT = 20_000


class Workspace:
    """One game's caches: component counts by content, and the endgame search's memo."""

    def __init__(self) -> None:
        self.counts: Cache = {}
        self.search_memo: Memo = {}  # what the game has adopted (see MinesweeperAI.make_move)
        self.found: Memo = {}  # what the last endgame search found

    def component_cache(self) -> Cache:
        """Return the component cache, emptied first when it has grown past its limit."""
        if len(self.counts) > COMPONENT_CACHE_LIMIT:
            self.counts.clear()
        return self.counts


class Odds(dict[Cell, Fraction]):
    """Cells -> chance of a mine, as a dict, saying whether every figure is exact."""

    def __init__(self, *args: Any, exact: bool = True) -> None:
        super().__init__(*args)
        self.exact = exact

    def __repr__(self) -> str:
        return f"Odds({dict.__repr__(self)}, exact={self.exact})"


@dataclass(frozen=True)
class Position:
    """What a player knows: numbers shown, known mines and safe cells, sentences, the mine total.

    Inside, sets of cells are masks (see sweeper.bits): the known mines, the
    known safe cells, the revealed cells, and the sentences as (mask, count)
    pairs. Callers see cells: `mines`, `safes`, `rules`, `frontier`,
    `unknown` are worked out from the masks when asked.
    """

    height: int
    width: int
    total: Optional[int]
    revealed: Mapping[Cell, int]  # -1 for a cell played whose number was not told
    mine_bits: int
    safe_bits: int  # known safe and not yet revealed
    bits: tuple[Bits, ...]  # the sentences as masks, over unknown cells only
    shown_bits: int  # the revealed cells
    first_click: str = "safe"
    workspace: Workspace = field(default_factory=Workspace, compare=False, repr=False)

    @classmethod
    def make(
        cls,
        height: int,
        width: int,
        total: Optional[int],
        revealed: Mapping[Cell, int],
        mines: Iterable[Cell],
        safes: Iterable[Cell],
        sentences: Iterable[Pair],
        first_click: str = "safe",
        workspace: Optional[Workspace] = None,
    ) -> Position:
        """Return a position from overlapping facts: sentences lose the cells already known."""
        board = grid(height, width)
        bit = board.bit
        rules = []
        for cells, count in sentences:
            mask = 0
            for c in cells:
                mask |= bit[c]
            rules.append((mask, count))
        return cls.from_bits(
            height,
            width,
            total,
            revealed,
            board.mask(mines),
            board.mask(safes),
            rules,
            first_click,
            workspace,
        )

    @classmethod
    def from_bits(
        cls,
        height: int,
        width: int,
        total: Optional[int],
        revealed: Mapping[Cell, int],
        mines: int,
        safes: int,
        sentences: Iterable[Bits],
        first_click: str = "safe",
        workspace: Optional[Workspace] = None,
        shown_bits: Optional[int] = None,
    ) -> Position:
        """Return make's position from masks: mines, safes and each sentence's cells (see bits).

        shown_bits: the mask of revealed's cells, when the caller keeps one.
        """
        shown = MappingProxyType(dict(revealed))
        if shown_bits is None:
            shown_bits = grid(height, width).mask(shown.keys())
        safes &= ~shown_bits
        known = mines | safes | shown_bits
        rules = []
        for mask, count in sentences:
            if mask & known:
                count -= (mask & mines).bit_count()
                mask &= ~known
            rules.append((mask, count))
        return cls(
            height,
            width,
            total,
            shown,
            mines,
            safes,
            tuple(rules),
            shown_bits,
            first_click,
            workspace if workspace is not None else Workspace(),
        )

    def __copy__(self) -> Position:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Position:
        """A position never changes, so a deep copy of it (say, of an AI) may share it."""
        return self

    # -- the facts, in cells ------------------------------------------------------

    @functools.cached_property
    def grid(self) -> Grid:
        """Return the board's cells as bits."""
        return grid(self.height, self.width)

    @functools.cached_property
    def mines(self) -> frozenset[Cell]:
        """Return the cells known to be mines."""
        return frozenset(self.grid.members(self.mine_bits))

    @functools.cached_property
    def safes(self) -> frozenset[Cell]:
        """Return the cells known to be safe and not yet revealed."""
        return frozenset(self.grid.members(self.safe_bits))

    @functools.cached_property
    def rules(self) -> tuple[Pair, ...]:
        """Return the sentences as (cells, count) pairs, over unknown cells only."""
        members = self.grid.members
        return tuple((frozenset(members(mask)), count) for mask, count in self.bits)

    # -- what follows from the facts ---------------------------------------------

    @functools.cached_property
    def frontier_bits(self) -> int:
        """Return the mask of the unknown cells that some sentence names."""
        every = 0
        for mask, _ in self.bits:
            every |= mask
        return every

    @functools.cached_property
    def frontier(self) -> frozenset[Cell]:
        """Return the unknown cells that some sentence names."""
        return frozenset(self.grid.members(self.frontier_bits))

    @property
    def mines_left(self) -> Optional[int]:
        """Return the mines not yet known, or None when the total is not known."""
        return None if self.total is None else self.total - self.mine_bits.bit_count()

    @property
    def outside_count(self) -> int:
        """Return how many unknown cells no sentence names."""
        known = len(self.revealed) + self.mine_bits.bit_count() + self.safe_bits.bit_count()
        return self.height * self.width - known - self.frontier_bits.bit_count()

    @functools.cached_property
    def unknown_bits(self) -> int:
        """Return the mask of the cells neither revealed nor known."""
        return self.grid.full & ~(self.shown_bits | self.mine_bits | self.safe_bits)

    @functools.cached_property
    def unknown(self) -> tuple[Cell, ...]:
        """Return the cells neither revealed nor known, in reading order."""
        return tuple(self.grid.members(self.unknown_bits))

    def unknown_around(self, cell: Cell) -> int:
        """Return how many neighbours of cell are neither revealed nor known."""
        return (self.grid.around[self.grid.index(cell)] & self.unknown_bits).bit_count()

    def around_bits(self, index: int) -> int:
        """Return the mask of the unknown neighbours of the cell at bit index."""
        return self.grid.around[index] & self.unknown_bits

    @functools.cached_property
    def ranked(self) -> list[Cell]:
        """Return the unknown cells safest first (ties: fewer unknown neighbours, reading order)."""
        solution = self.solution
        cells = self.grid.cells
        counts = self._count_masks()
        if not solution.exact:
            chance = solution.probability
            by_cell = self._around_counts(counts)
            odds = sorted((chance(cells[k]), n, k) for k, n in by_cell.items())
            return [cells[k] for _, _, k in odds]
        # One denominator: compare the integer weights. The cells no rule names
        # share one weight: taken by their number of unknown neighbours, in
        # reading order, with no sort.
        weights = solution.weight_of
        outside = solution.outside_weight
        unknown = self.unknown_bits
        around = self.grid.around
        frontier = sorted((w, (around[k] & unknown).bit_count(), k) for k, w in weights.items())
        rest = unknown & ~solution.frontier
        by_count = [(n, k) for n, mask in enumerate(counts) for k in indexes(rest & mask)]
        lower = [k for w, _, k in frontier if w < outside]
        higher = [k for w, _, k in frontier if w > outside]
        tied = [(n, k) for w, n, k in frontier if w == outside]
        middle = sorted(tied + by_count) if tied else by_count
        return [cells[k] for k in lower + [k for _, k in middle] + higher]

    def _count_masks(self) -> list[int]:
        """Return, for n = 0..8, the mask of the cells with n unknown neighbours."""
        ones, twos, fours, eights = self.grid.neighbour_counts(self.unknown_bits)
        found = []
        for n in range(9):
            mask = self.grid.full
            for bit, plane in ((1, ones), (2, twos), (4, fours), (8, eights)):
                mask &= plane if n & bit else ~plane
            found.append(mask)
        return found

    def _around_counts(self, counts: Optional[list[int]] = None) -> dict[int, int]:
        """Return every unknown cell's number of unknown neighbours, by its bit."""
        if counts is None:
            counts = self._count_masks()
        unknown = self.unknown_bits
        return {k: n for n, mask in enumerate(counts) for k in indexes(unknown & mask)}

    def _unknown_counts(self) -> dict[Cell, int]:
        """Return every unknown cell's number of unknown neighbours (ranked's tie-break)."""
        cells = self.grid.cells
        return {cells[k]: n for k, n in self._around_counts().items()}

    def is_unknown(self, cell: Cell) -> bool:
        """True when cell is neither revealed nor known to be a mine or safe."""
        return bool(self.grid.bit[cell] & self.unknown_bits)

    def outside(self) -> list[Cell]:
        """Return the unknown cells that no sentence names, in reading order."""
        return self.grid.members(self.unknown_bits & ~self.frontier_bits)

    def arrangements(self) -> list[frozenset[Cell]]:
        """Return every placement of the mines left that fits the sentences (known mines apart).

        Lists them one by one: only for positions with few (see solution.weight).
        """
        if self.mines_left is None:
            raise ValueError("arrangements need the board's mine total")
        return arrangements(self.rules, self.outside(), self.mines_left)

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        """Return the cells around cell."""
        return neighbours(cell, self.height, self.width)

    def unknown_neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        """Return the neighbours of cell that are neither revealed nor known."""
        found = self._unknown_around.get(cell)
        if found is None:
            board = self.grid
            found = tuple(board.members(board.around[board.index(cell)] & self.unknown_bits))
            self._unknown_around[cell] = found
        return found

    @functools.cached_property
    def _unknown_around(self) -> dict[Cell, tuple[Cell, ...]]:
        """Each cell's unknown neighbours as asked so far: a guess asks for the same cells often."""
        return {}

    @functools.cached_property
    def solution(self) -> Solution:
        """Return the engine's odds for this position (raises Contradiction when none fit)."""
        return solve_bits(
            self.bits,
            self.mines_left,
            self.outside_count,
            self.grid.cells,
            self.workspace.component_cache(),
        )

    def probabilities(self) -> Odds:
        """Return every unrevealed cell -> its chance of a mine (known cells 0 or 1).

        odds.exact is False when counting went past its budget: then the
        figures of the unknown cells are estimates (known cells stay 0 and 1).
        """
        solution = self.solution
        frontier, outside = solution.probabilities, solution.outside
        mines, safes = self.mine_bits, self.safe_bits
        odds = Odds(exact=solution.exact)
        for k, c in enumerate(self.grid.cells):
            if c in self.revealed:
                continue
            if mines >> k & 1:
                odds[c] = Fraction(1)
            elif safes >> k & 1:
                odds[c] = Fraction(0)
            else:
                odds[c] = frontier.get(c, outside)
        return odds

    # -- what if ------------------------------------------------------------------

    def after(self, cell: Cell, shown: int) -> Position:
        """Return the position after cell is revealed and shows the number shown."""
        if cell in self.mines:
            raise ValueError(f"{cell} is a known mine: it cannot show a number")
        if cell in self.revealed:
            raise ValueError(f"{cell} is already revealed")
        index = self.grid.index(cell)
        here = 1 << index
        around = self.grid.around[index]
        count = shown - (around & self.mine_bits).bit_count()
        rules = [((mask & ~here, k) if mask & here else (mask, k)) for mask, k in self.bits]
        rules.append((around & self.unknown_bits, count))
        revealed = dict(self.revealed)
        revealed[cell] = shown
        return Position(
            self.height,
            self.width,
            self.total,
            MappingProxyType(revealed),
            self.mine_bits,
            self.safe_bits & ~here,
            tuple(rules),
            self.shown_bits | here,
            self.first_click,
            self.workspace,
        )

    def with_certainties(self) -> Position:
        """Return this position with every cell the solution proves moved to the known cells."""
        safes, mines = self.solution.certain_bits()
        outside = self.solution.outside_certain()
        if outside is not None:
            rest = self.unknown_bits & ~self.frontier_bits
            if outside:
                mines |= rest
            else:
                safes |= rest
        if not safes and not mines:
            return self
        known = safes | mines
        rules = (
            (mask & ~known, count - (mask & mines).bit_count()) if mask & known else (mask, count)
            for mask, count in self.bits
        )
        return Position(
            self.height,
            self.width,
            self.total,
            self.revealed,
            self.mine_bits | mines,
            self.safe_bits | safes,
            tuple(r for r in rules if r[0]),
            self.shown_bits,
            self.first_click,
            self.workspace,
        )
