"""Small helpers the tests share, written here rather than borrowed from the model."""


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
