"""Small helpers the tests share, written here rather than borrowed from the model."""

import itertools


def around(cell, height=8, width=8):
    """The cells around cell on a height x width board, worked out independently."""
    i, j = cell
    return {
        (i + di, j + dj)
        for di in (-1, 0, 1)
        for dj in (-1, 0, 1)
        if (di, dj) != (0, 0) and 0 <= i + di < height and 0 <= j + dj < width
    }


def snapshot(ai):
    """Everything CS50's AI keeps, as plain values that compare by content."""
    return (
        set(ai.moves_made),
        set(ai.mines),
        set(ai.safes),
        sorted((sorted(s.cells), s.count) for s in ai.knowledge),
    )


def placements(height, width, total, shown):
    """Every set of `total` mine cells that agrees with the shown numbers (brute force).

    shown maps revealed cells to their numbers; revealed cells hold no mine.
    """
    hidden = [(i, j) for i in range(height) for j in range(width) if (i, j) not in shown]
    index = {c: k for k, c in enumerate(hidden)}
    checks = [
        (sum(1 << index[n] for n in around(c, height, width) if n in index), k)
        for c, k in shown.items()
    ]
    found = []
    for combo in itertools.combinations(range(len(hidden)), total):
        placed = sum(1 << k for k in combo)
        if all((placed & mask).bit_count() == k for mask, k in checks):
            found.append(frozenset(hidden[k] for k in combo))
    return found
