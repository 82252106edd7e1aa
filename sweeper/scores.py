"""How well a board was played: 3BV, clicks, 3BV per second and efficiency.

Glossary
--------
Opening     a connected patch of safe cells showing 0, with the numbers
            around its edge: one click on any 0 of it opens all of it.
3BV         Bechtel's Board Benchmark Value: the fewest left clicks that
            clear a board without flags = its openings + its numbered
            cells that no opening reaches (no 0 among their neighbours).
Clicks      the clicks a player made that did something: a reveal, a
            chord, a flag put on or taken off.
Efficiency  3BV / clicks: 1 (100%) plays as few clicks as the board needs;
            chording can lift it above 1.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Optional

from .board import Cell, neighbours


def numbers(height: int, width: int, mines: Iterable[Cell]) -> dict[Cell, int]:
    """Return every safe cell's number (its neighbouring mines)."""
    mined = frozenset(mines)
    return {
        (i, j): sum(1 for n in neighbours((i, j), height, width) if n in mined)
        for i in range(height)
        for j in range(width)
        if (i, j) not in mined
    }


def openings(height: int, width: int, mines: Iterable[Cell]) -> list[frozenset[Cell]]:
    """Return each opening's zeros, in the reading order of their first cell."""
    shown = numbers(height, width, mines)
    seen: set[Cell] = set()
    found = []
    for cell in sorted(shown):
        if shown[cell] or cell in seen:
            continue
        patch, stack = {cell}, [cell]
        while stack:
            for n in neighbours(stack.pop(), height, width):
                if shown.get(n) == 0 and n not in patch:
                    patch.add(n)
                    stack.append(n)
        seen |= patch
        found.append(frozenset(patch))
    return found


def three_bv(height: int, width: int, mines: Iterable[Cell]) -> int:
    """Return the board's 3BV: its openings plus the numbers no opening reaches."""
    mined = frozenset(mines)
    return len(openings(height, width, mined)) + len(lone_numbers(height, width, mined))


def three_bv_cleared(
    height: int, width: int, mines: Iterable[Cell], revealed: Collection[Cell]
) -> int:
    """Return the part of the board's 3BV the revealed cells cleared (a lost game's progress).

    An opening counts once any of its 0s is revealed (that reveal opened it);
    a number no opening reaches counts once it is revealed.
    """
    mined = frozenset(mines)
    opened = sum(1 for patch in openings(height, width, mined) if any(c in revealed for c in patch))
    return opened + sum(1 for c in lone_numbers(height, width, mined) if c in revealed)


def lone_numbers(height: int, width: int, mines: Iterable[Cell]) -> list[Cell]:
    """Return the numbered cells that touch no 0: each takes a click of its own."""
    shown = numbers(height, width, mines)
    return [
        cell
        for cell, number in shown.items()
        if number and all(shown.get(n) != 0 for n in neighbours(cell, height, width))
    ]


def efficiency(bbbv: int, clicks: int) -> Optional[float]:
    """Return 3BV / clicks (None before any click)."""
    return bbbv / clicks if clicks else None


def per_second(bbbv: int, seconds: float) -> Optional[float]:
    """Return 3BV per second (None for a game that took no time)."""
    return bbbv / seconds if seconds > 0 else None


def tenths(seconds: float) -> float:
    """Return a game's time as the window shows it: tenths of a second, floored, at least 0.1."""
    return max(int(seconds * 10) / 10, 0.1)
