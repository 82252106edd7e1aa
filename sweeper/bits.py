"""Cells as bits: a set of cells is one integer, so set algebra is a few machine operations.

A cell (row, col) of a board `width` columns wide is bit ``row * width + col``
of a *mask*, an int; bit order is reading order. With masks a set's union is
``a | b``, its intersection ``a & b``, its difference ``a & ~b``, "a is inside
b" is ``a & ~b == 0`` and its size ``a.bit_count()``. A Grid holds one board
size's cells and each cell's neighbours as a mask, worked out once.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, KeysView

from .board import Cell, neighbours


class Grid:
    """One board size: each cell's bit, each bit's cell, each cell's neighbours as a mask."""

    def __init__(self, height: int, width: int) -> None:
        self.height, self.width = height, width
        self.size = height * width
        self.full = (1 << self.size) - 1
        self.cells: tuple[Cell, ...] = tuple((i, j) for i in range(height) for j in range(width))
        self.at: dict[Cell, int] = {c: k for k, c in enumerate(self.cells)}
        self.bit: dict[Cell, int] = {c: 1 << k for k, c in enumerate(self.cells)}
        self.around: tuple[int, ...] = tuple(
            self.mask(neighbours(c, height, width)) for c in self.cells
        )
        self._columns: dict[int, int] = {}

    def columns(self, dc: int) -> int:
        """Return the mask of the cells whose column plus dc is still on the board."""
        found = self._columns.get(dc)
        if found is None:
            row = sum(1 << j for j in range(self.width) if 0 <= j + dc < self.width)
            found = sum(row << (i * self.width) for i in range(self.height))
            self._columns[dc] = found
        return found

    def moved(self, mask: int, dr: int, dc: int) -> int:
        """Return the cells whose cell dr rows down and dc columns right is in mask."""
        offset = dr * self.width + dc
        shifted = mask >> offset if offset >= 0 else mask << -offset
        return shifted & self.columns(dc)

    def neighbour_counts(self, mask: int) -> tuple[int, int, int, int]:
        """Return, for every cell at once, how many of its neighbours are in mask.

        As four masks, the bits of the counts (0 to 8): a cell's count is
        the sum of 2^i over the masks i that hold it. The eight shifted
        copies of mask are added bit by bit, as a carry-save adder does.
        """
        ones = twos = fours = eights = 0
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if dr or dc:
                    x = self.moved(mask, dr, dc)
                    carry = ones & x
                    ones ^= x
                    carry, twos = twos & carry, twos ^ carry
                    carry, fours = fours & carry, fours ^ carry
                    eights |= carry
        return ones, twos, fours, eights

    def index(self, cell: Cell) -> int:
        """Return the bit position of cell."""
        return cell[0] * self.width + cell[1]

    def mask(self, cells: Iterable[Cell]) -> int:
        """Return the mask of a set of cells (every one on the board)."""
        if self.size > LONG_MASK:  # set bytes, then make the number once
            data = bytearray((self.size + 7) // 8)
            for k in map(self.at.__getitem__, cells):
                data[k >> 3] |= 1 << (k & 7)
            return int.from_bytes(data, "little")
        if isinstance(cells, (set, frozenset, dict, KeysView)):  # no cell twice: add the bits
            return sum(map(self.bit.__getitem__, cells))
        bit = self.bit
        mask = 0
        for c in cells:
            mask |= bit[c]
        return mask

    def members(self, mask: int) -> list[Cell]:
        """Return the cells of a mask, in reading order."""
        cells = self.cells
        return [cells[k] for k in indexes(mask)]

    def first(self, mask: int) -> Cell:
        """Return the first cell of a non-empty mask in reading order."""
        return self.cells[(mask & -mask).bit_length() - 1]


@functools.lru_cache(maxsize=16)
def grid(height: int, width: int) -> Grid:
    """Return the (shared, unchanging) grid of a board size."""
    return Grid(height, width)


def indexes(mask: int) -> Iterator[int]:
    """Yield the positions of the set bits of a non-negative mask, lowest first.

    A long mask with many bits is read byte by byte, one with few moved
    down first (taking its lowest bit off again and again would copy the
    whole number each time).
    """
    if mask.bit_length() <= LONG_MASK or mask.bit_count() <= MANY_BITS:
        base = 0
        if mask.bit_length() > LONG_MASK:  # few bits, far up: move them down first
            base = (mask & -mask).bit_length() - 1
            mask >>= base
        while mask:
            low = mask & -mask
            yield base + low.bit_length() - 1
            mask ^= low
        return
    for i, byte in enumerate(mask.to_bytes((mask.bit_length() + 7) // 8, "little")):
        if byte:
            at = i << 3
            for k in _BYTE_BITS[byte]:
                yield at + k


LONG_MASK = 512  # bits past which a mask is long: see mask and indexes
MANY_BITS = 64  # set bits past which indexes reads a long mask byte by byte
_BYTE_BITS = tuple(tuple(k for k in range(8) if byte >> k & 1) for byte in range(256))


def lowest_bit(mask: int) -> int:
    """Return the position of the lowest set bit of a non-empty mask."""
    return (mask & -mask).bit_length() - 1
