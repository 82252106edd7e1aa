"""The worst positions we can build for the engine: wide frontiers, giant sparse boards.

Each builder returns a game and an AI told the revealed numbers, ready for a
looking or a moving call. The tests run them at small sizes; `benchmark.py
--stress` at full sizes, with time and peak memory per case.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from sweeper.game import Game
from sweeper.solver import Solver

Case = Callable[[], tuple[Game, Solver]]


def lattice(height: int, width: int, mines: int, seed: int = 1) -> tuple[Game, Solver]:
    """Numbers on every second row and column, dense mines around them: one wide frontier."""
    rng = random.Random(seed)
    shown = [(i, j) for i in range(height) for j in range(width) if i % 2 and j % 2]
    hidden = [(i, j) for i in range(height) for j in range(width) if not (i % 2 and j % 2)]
    game = Game.from_mines(height, width, rng.sample(hidden, min(mines, len(hidden))))
    ai = Solver(height, width, game.mine_count)
    for cell in shown:
        game.revealed[cell] = game.nearby_mines(cell)
        ai.add_knowledge(cell, game.revealed[cell])
    return game, ai


def stripes(height: int, width: int, mines: int, seed: int = 2) -> tuple[Game, Solver]:
    """Numbers on every third row: many long components side by side."""
    rng = random.Random(seed)
    shown = [(i, j) for i in range(height) for j in range(width) if i % 3 == 1]
    hidden = [(i, j) for i in range(height) for j in range(width) if i % 3 != 1]
    game = Game.from_mines(height, width, rng.sample(hidden, min(mines, len(hidden))))
    ai = Solver(height, width, game.mine_count)
    for cell in shown:
        game.revealed[cell] = game.nearby_mines(cell)
        ai.add_knowledge(cell, game.revealed[cell])
    return game, ai


def fresh(height: int, width: int, mines: int, rule: str = "safe") -> tuple[Game, Solver]:
    """A board before its first click (the opening's own search, on a sparse giant board)."""
    game = Game(height, width, mines, seed=3, first_click=rule)
    return game, Solver(height, width, mines, first_click=rule)


def cases(scale: str = "small") -> list[tuple[str, Case]]:
    """Return (name, builder) for each worst case, at "small" (tests) or "full" sizes."""
    if scale == "small":
        return [
            ("lattice 9x9, 30 mines", lambda: lattice(9, 9, 30)),
            ("lattice 16x16, 95 mines", lambda: lattice(16, 16, 95)),
            ("stripes 16x30, 120 mines", lambda: stripes(16, 30, 120)),
            ("fresh 20x20, 1 mine", lambda: fresh(20, 20, 1)),
            ("fresh 5x5, 3 mines", lambda: fresh(5, 5, 3)),
        ]
    return [
        ("lattice 16x16, 95 mines", lambda: lattice(16, 16, 95)),
        ("lattice 16x30, 116 mines", lambda: lattice(16, 30, 116)),
        ("lattice 50x80, 1200 mines", lambda: lattice(50, 80, 1200)),
        ("stripes 50x80, 1500 mines", lambda: stripes(50, 80, 1500)),
        ("fresh 50x62, 1 mine", lambda: fresh(50, 62, 1)),
        ("fresh 40x77, 1 mine", lambda: fresh(40, 77, 1)),
        ("fresh 50x80, 3999 mines", lambda: fresh(50, 80, 3999)),
        ("fresh 5x5, 3 mines", lambda: fresh(5, 5, 3)),
    ]
