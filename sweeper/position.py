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

from .board import Cell, neighbours
from .engine import Cache, Pair, Solution, solve
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
    """What a player knows: numbers shown, known mines and safe cells, sentences, the mine total."""

    height: int
    width: int
    total: Optional[int]
    revealed: Mapping[Cell, int]  # -1 for a cell played whose number was not told
    mines: frozenset[Cell]
    safes: frozenset[Cell]  # known safe and not yet revealed
    rules: tuple[Pair, ...]  # over unknown cells only
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
        shown = MappingProxyType(dict(revealed))
        mines = frozenset(mines)
        safes = frozenset(c for c in safes if c not in shown)
        known = mines | safes | shown.keys()
        rules = []
        for cells, count in sentences:
            cells = frozenset(cells)
            if not known.isdisjoint(cells):
                count -= len(cells & mines)
                cells = cells - known
            rules.append((cells, count))
        return cls(
            height,
            width,
            total,
            shown,
            mines,
            safes,
            tuple(rules),
            first_click,
            workspace if workspace is not None else Workspace(),
        )

    def __copy__(self) -> Position:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Position:
        """A position never changes, so a deep copy of it (say, of an AI) may share it."""
        return self

    # -- what follows from the facts ---------------------------------------------

    @functools.cached_property
    def frontier(self) -> frozenset[Cell]:
        """Return the unknown cells that some sentence names."""
        return frozenset().union(*(cells for cells, _ in self.rules))

    @property
    def mines_left(self) -> Optional[int]:
        """Return the mines not yet known, or None when the total is not known."""
        return None if self.total is None else self.total - len(self.mines)

    @property
    def outside_count(self) -> int:
        """Return how many unknown cells no sentence names."""
        known = len(self.revealed) + len(self.mines) + len(self.safes)
        return self.height * self.width - known - len(self.frontier)

    @functools.cached_property
    def unknown(self) -> tuple[Cell, ...]:
        """Return the cells neither revealed nor known, in reading order."""
        known = self.revealed.keys() | self.mines | self.safes
        return tuple(
            (i, j) for i in range(self.height) for j in range(self.width) if (i, j) not in known
        )

    @functools.cached_property
    def unknown_set(self) -> frozenset[Cell]:
        """Return the cells neither revealed nor known, as a set."""
        return frozenset(self.unknown)

    def unknown_around(self, cell: Cell) -> int:
        """Return how many neighbours of cell are neither revealed nor known."""
        return len(self.unknown_neighbours(cell))

    @functools.cached_property
    def ranked(self) -> list[Cell]:
        """Return the unknown cells safest first (ties: fewer unknown neighbours, reading order)."""
        solution = self.solution
        around = self._unknown_counts().__getitem__
        if solution.exact:  # one denominator: compare the integer weights
            weights, outside = solution.weights, solution.outside_weight
            keyed = sorted((weights.get(c, outside), around(c), c) for c in self.unknown)
            return [c for _, _, c in keyed]
        chance = solution.probability
        odds = sorted((chance(c), around(c), c) for c in self.unknown)
        return [c for _, _, c in odds]

    def _unknown_counts(self) -> dict[Cell, int]:
        """Return every unknown cell's number of unknown neighbours, from row sums of a 0/1 grid."""
        height, width = self.height, self.width
        unknown = self.unknown_set
        rows = [[1 if (i, j) in unknown else 0 for j in range(width)] for i in range(height)]
        # across[i][j]: unknown cells among (i, j - 1), (i, j), (i, j + 1)
        across = []
        for row in rows:
            padded = [0, *row, 0]
            across.append([padded[j] + padded[j + 1] + padded[j + 2] for j in range(width)])
        zero = [0] * width
        counts = {}
        for i, j in self.unknown:
            above = across[i - 1] if i else zero
            below = across[i + 1] if i + 1 < height else zero
            counts[(i, j)] = above[j] + across[i][j] + below[j] - 1
        return counts

    def is_unknown(self, cell: Cell) -> bool:
        """True when cell is neither revealed nor known to be a mine or safe."""
        return cell not in self.revealed and cell not in self.mines and cell not in self.safes

    def outside(self) -> list[Cell]:
        """Return the unknown cells that no sentence names, in reading order."""
        frontier = self.frontier
        return [c for c in self.unknown if c not in frontier]

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
            unknown = self.unknown_set
            found = tuple(n for n in neighbours(cell, self.height, self.width) if n in unknown)
            self._unknown_around[cell] = found
        return found

    @functools.cached_property
    def _unknown_around(self) -> dict[Cell, tuple[Cell, ...]]:
        """Each cell's unknown neighbours as asked so far: a guess asks for the same cells often."""
        return {}

    @functools.cached_property
    def solution(self) -> Solution:
        """Return the engine's odds for this position (raises Contradiction when none fit)."""
        return solve(
            self.rules, self.mines_left, self.outside_count, self.workspace.component_cache()
        )

    def probabilities(self) -> Odds:
        """Return every unrevealed cell -> its chance of a mine (known cells 0 or 1).

        odds.exact is False when counting went past its budget: then the
        figures of the unknown cells are estimates (known cells stay 0 and 1).
        """
        solution = self.solution
        frontier, outside = solution.probabilities, solution.outside
        odds = Odds(exact=solution.exact)
        for i in range(self.height):
            for j in range(self.width):
                c = (i, j)
                if c in self.revealed:
                    continue
                if c in self.mines:
                    odds[c] = Fraction(1)
                elif c in self.safes:
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
        around = neighbours(cell, self.height, self.width)
        count = shown - sum(1 for n in around if n in self.mines)
        new = frozenset(n for n in around if self.is_unknown(n))
        rules = [((cells - {cell}, k) if cell in cells else (cells, k)) for cells, k in self.rules]
        rules.append((new, count))
        revealed = dict(self.revealed)
        revealed[cell] = shown
        return Position(
            self.height,
            self.width,
            self.total,
            MappingProxyType(revealed),
            self.mines,
            self.safes - {cell} if cell in self.safes else self.safes,
            tuple(rules),
            self.first_click,
            self.workspace,
        )

    def with_certainties(self) -> Position:
        """Return this position with every cell the solution proves moved to the known cells."""
        safes, mines = self.solution.certain()
        outside = self.solution.outside_certain()
        if outside is not None:
            (mines if outside else safes).update(self.outside())
        if not safes and not mines:
            return self
        known = safes | mines
        rules = tuple(
            (cells - known, count - len(cells & mines))
            if not known.isdisjoint(cells)
            else (cells, count)
            for cells, count in self.rules
        )
        return Position(
            self.height,
            self.width,
            self.total,
            self.revealed,
            self.mines | mines,
            self.safes | safes,
            tuple(r for r in rules if r[0]),
            self.first_click,
            self.workspace,
        )
