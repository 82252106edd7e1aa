"""50/50s in waiting: cells that, if a mine, would make a coin flip no number can settle.

Two side-by-side unknown cells holding one mine, whose cells beyond both
ends are all mines (or the board's edge), form a 50/50 no number shown now
or later will settle: every other neighbour sees both or neither. So does a
2x2 block with its two mines on one diagonal or the other when its four
corner cells are mines. Such a flip must be taken some time; a cell that is
a mine only in such formations costs less than its raw risk, since playing
it now only takes that flip early (and may settle it for free).

A formation *in waiting* still misses some of its end (or corner) mines:
its weight is that of the arrangements completing it, with a given cell of
the pair (the top-left one of a block's diagonal) the mine. The cells that
would complete it, its *enablers*, get credit too: playing one removes the
flip's threat. `Influence` gathers these weights the way the look-ahead's
score uses them: for a cell, the likeliest horizontal pair through it, the
likeliest vertical pair, the likeliest block, and its credit as an enabler
of formations found by scanning the board (only those missing at most one
mine and likelier than FORMATION_SHARE), capped by the cell's own mine and
safe weights. These are weights for weighing a guess, never proofs.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Optional

from .bits import indexes
from .board import Cell
from .engine import Contradiction, Pair, solve
from .engine import forced_weight as weight_forced
from .position import Position

MISSING = 3  # end (corner) mines a formation may still miss when a cell's influence is asked
SCAN_MISSING = 1  # ... when the board is scanned for formations to credit their enablers
FORMATION_SHARE = Fraction(1, 40)  # a scanned formation counts when likelier than this


def forced_weight(position: Position, mines: Sequence[Cell], safes: Sequence[Cell]) -> int:
    """Return the weight of the arrangements with these cells mines and those safe (0: none)."""
    board = position.grid
    return _forced_bits(position, board.mask(mines), board.mask(safes))


def _forced_bits(position: Position, mines: int, safes: int) -> int:
    """Return forced_weight for cells given as masks."""
    solution = position.solution
    if position.mines_left is not None and solution.exact:
        return weight_forced(solution, mines, safes, position.workspace.component_cache())
    members = position.grid.members
    forced = [(frozenset([c]), 1) for c in members(mines)]
    forced += [(frozenset([c]), 0) for c in members(safes)]
    named = ((mines | safes) & ~position.frontier_bits).bit_count()
    try:
        narrowed = solve(
            [*position.rules, *forced],
            position.mines_left,
            position.outside_count - named,
            position.workspace.component_cache(),
        )
    except Contradiction:
        return 0
    return narrowed.weight if narrowed.exact else 0


Formation = tuple[int, tuple[Cell, ...], tuple[Cell, ...]]  # weight, its cells, missing enablers

# Where a formation's end (corner) cells are, from its first cell: a pair across
# ("h"), a pair down ("v"), a 2x2 block ("b").
_ENDS = {
    "h": ((-1, -1), (0, -1), (1, -1), (-1, 2), (0, 2), (1, 2)),
    "v": ((-1, -1), (-1, 0), (-1, 1), (2, -1), (2, 0), (2, 1)),
    "b": ((-1, -1), (-1, 2), (2, -1), (2, 2)),
}
Shape = tuple[tuple[Cell, ...], tuple[Cell, ...], tuple[Cell, ...]]  # cells, mines, missing


class Influence:
    """The 50/50-in-waiting weights of one position, worked out once and asked per cell."""

    def __init__(self, position: Position) -> None:
        self.position = position
        self._grid = position.grid
        self._unknown = position.unknown_bits
        self._shapes: dict[tuple[str, Cell], tuple[Optional[Shape], int]] = {}
        self._weights: dict[tuple[str, Cell], int] = {}
        self.enablers: dict[Cell, int] = {}
        self.members: dict[Cell, int] = {}
        self._scanned = False
        self._opens: dict[tuple[str, int], int] = {}

    def _missing(self, ends: Sequence[Cell], limit: int) -> Optional[tuple[Cell, ...]]:
        """Return the unknown end cells (None: one is revealed, or over limit are unknown)."""
        height, width = self.position.height, self.position.width
        mines, unknown = self.position.mine_bits, self._unknown
        missing = []
        for end in ends:
            r, c = end
            if not (0 <= r < height and 0 <= c < width):
                continue
            bit = 1 << (r * width + c)
            if bit & mines:
                continue
            if not bit & unknown:
                return None  # a number at one end tells the formation apart
            missing.append(end)
            if len(missing) > limit:
                return None
        return tuple(missing)

    def _shape(self, kind: str, first: Cell, limit: int) -> Optional[Shape]:
        """Return a formation's cells, the cells its mines would be on, and its missing mines."""
        r, c = first
        if kind == "b":
            cells: tuple[Cell, ...] = ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))
            mines: tuple[Cell, ...] = (cells[0], cells[3])
            ends = [(r - 1, c - 1), (r - 1, c + 2), (r + 2, c - 1), (r + 2, c + 2)]
        else:
            dr, dc = (1, 0) if kind == "v" else (0, 1)
            cells = (first, (r + dr, c + dc))
            mines = (first,)
            ends = [(r - dr + k * dc, c - dc + k * dr) for k in (-1, 0, 1)]
            ends += [(r + 2 * dr + k * dc, c + 2 * dc + k * dr) for k in (-1, 0, 1)]
        height, width = self.position.height, self.position.width
        for x, y in cells:
            if not (0 <= x < height and 0 <= y < width and self._unknown >> (x * width + y) & 1):
                return None
        missing = self._missing(ends, limit)
        left = self.position.mines_left
        if missing is None or left is None or len(missing) + len(mines) > left:
            return None
        return cells, mines, missing

    def formation(self, kind: str, first: Cell, limit: int = MISSING) -> Optional[Formation]:
        """Return a pair ("h": first and the cell to its right, "v": below) or a block ("b",
        from its top-left cell) with its weight: the arrangements completing it with the mine
        on first (a block's mines on its main diagonal). None: it cannot form, or misses more
        than limit mines."""
        key = (kind, first)
        r, c = first
        height, width = self.position.height, self.position.width
        if not (0 <= r < height and 0 <= c < width):
            return None
        if limit in (1, 3) and not self._open(kind, limit) >> (r * width + c) & 1:
            return None
        known = self._shapes.get(key)
        if known is None or (known[0] is None and known[1] < limit):
            known = (self._shape(kind, first, limit), limit)
            self._shapes[key] = known
        shape = known[0]
        if shape is None or len(shape[2]) > limit:
            return None
        cells, mines, missing = shape
        if key not in self._weights:
            mask = self._grid.mask
            mined = mask(mines) | mask(missing)
            self._weights[key] = _forced_bits(self.position, mined, mask(cells) & ~mined)
        return self._weights[key], cells, missing

    def scan(self) -> None:
        """Find the likely formations missing at most one mine: credit their enablers and cells."""
        if self._scanned:
            return
        self._scanned = True
        solution = self.position.solution
        found = [self.formation(kind, cell, SCAN_MISSING) for kind, cell in self._may_form()]
        for formation in found:
            if formation is None:
                continue
            weight, cells, missing = formation
            if weight <= FORMATION_SHARE * solution.weight:
                continue
            for e in missing:
                self.enablers[e] = self.enablers.get(e, 0) + weight
            for x in cells:
                self.members[x] = self.members.get(x, 0) + weight

    def _may_form(self) -> list[tuple[str, Cell]]:
        """Return the formations whose end cells leave at most SCAN_MISSING mines missing."""
        found = []
        cells = self._grid.cells
        across, down, block = (self._open(kind, SCAN_MISSING) for kind in "hvb")
        for k in indexes(across | down | block):
            bit = 1 << k
            if across & bit:
                found.append(("h", cells[k]))
            if down & bit:
                found.append(("v", cells[k]))
            if block & bit:
                found.append(("b", cells[k]))
        return found

    def _open(self, kind: str, limit: int) -> int:
        """Return the mask of the cells from which a formation of kind may form, missing at most
        limit of its end (corner) mines: a quick count over the whole board at once.

        An end cell off the board or a known mine counts 0, an unknown one 1,
        a revealed one rules the formation out. For each end, the mask of the
        cells whose end (at that offset) is unknown, or revealed, is added up
        bit by bit; a pair's second cell must be unknown too (a block's cells
        are checked when it is asked for).
        """
        key = (kind, limit)
        found = self._opens.get(key)
        if found is not None:
            return found
        assert limit in (1, 3)  # what the counts below go up to
        board = self._grid
        unknown = self._unknown
        shown = board.full & ~unknown & ~self.position.mine_bits
        once = twice = four = seen = 0  # at least one, two (of one or three) and four unknown ends
        for dr, dc in _ENDS[kind]:
            x = board.moved(unknown, dr, dc)
            carry = once & x
            once ^= x
            four |= twice & carry
            twice ^= carry
            seen |= board.moved(shown, dr, dc)
        over = (twice | four) if limit == 1 else four
        found = unknown & ~(over | seen)
        if kind != "b":
            found &= board.moved(unknown, *((0, 1) if kind == "h" else (1, 0)))
        self._opens[key] = found
        return found

    def of(self, cell: Cell) -> int:
        """Return the weight of the arrangements in which cell's mine is a 50/50 in waiting.

        Capped by the cell's own mine weight and safe weight (the solution's scale).
        """
        solution = self.position.solution
        if self.position.mines_left is None or not solution.exact:
            return 0
        self.scan()
        r, c = cell

        def most(found: Sequence[Optional[Formation]]) -> int:
            return max((f[0] for f in found if f is not None), default=0)

        total = most([self.formation("h", cell), self.formation("h", (r, c - 1))])
        total += most([self.formation("v", cell), self.formation("v", (r - 1, c))])
        total += most([self.formation("b", (r - dr, c - dc)) for dr in (0, 1) for dc in (0, 1)])
        total += self.enablers.get(cell, 0)
        mined = solution.weights.get(cell, solution.outside_weight)
        return min(total, mined, solution.weight - mined)

    def influenced(self) -> dict[Cell, int]:
        """Return the cells the board scan found in or completing a likely formation, by weight."""
        self.scan()
        found = dict(self.members)
        for cell, weight in self.enablers.items():
            found[cell] = found.get(cell, 0) + weight
        return found


def unsettleable_chain(position: Position) -> Optional[tuple[list[Cell], list[Pair]]]:
    """Return a chain of one-mine links that no number will ever settle, and its links.

    A link is a sentence "exactly one of these two cells is a mine". Cells
    joined by links alternate: in every arrangement either every other cell
    of the chain is a mine or the rest are. When both halves are the same
    size and every cell around the chain that is not a known mine touches as
    many cells of one half as of the other, swapping the halves changes no
    number shown now or later (and keeps the mine total), so the chain is a
    coin flip that must be taken some time: clicking one of its cells
    settles all of it. The first such chain of two links or more (a single
    link is a pair, FiftyFifty's to take), its cells in reading order.
    """
    solution = position.solution
    if not solution.exact:
        return None
    links: dict[Cell, list[Cell]] = {}
    rules: dict[Cell, list[Pair]] = {}
    for cells, count in position.rules:
        if count != 1 or len(cells) != 2:
            continue
        if any(2 * solution.weights.get(c, -1) != solution.weight for c in cells):
            continue
        a, b = sorted(cells)
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)
        rules.setdefault(a, []).append((cells, count))
    done: set[Cell] = set()
    for start in sorted(links):
        if start in done:
            continue
        half = {start: 0}
        todo = [start]
        alternate = True
        while todo:
            cell = todo.pop()
            for other in links[cell]:
                if other not in half:
                    half[other] = 1 - half[cell]
                    todo.append(other)
                elif half[other] == half[cell]:
                    alternate = False
        done.update(half)
        if not alternate or 2 * sum(half.values()) != len(half) or len(half) < 4:
            continue  # a single link is a pair: FiftyFifty's
        if _blind(position, half):
            chain = sorted(half)
            return chain, [r for c in chain for r in rules.get(c, [])]
    return None


def _blind(position: Position, half: dict[Cell, int]) -> bool:
    """True when every cell around the chain that may show a number sees both halves alike."""
    seen: dict[Cell, list[int]] = {}
    for cell, side in half.items():
        for n in position.neighbours(cell):
            if n in half or n in position.mines:
                continue
            seen.setdefault(n, [0, 0])[side] += 1
    return all(a == b for a, b in seen.values())
