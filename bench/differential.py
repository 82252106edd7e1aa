"""CS50's knowledge base (minesweeper.py, plain sets) held against the fast one (sweeper, masks).

Both are told the same numbers of the same seeded game, call by call; after
every call they must hold the same mines, safe cells, moves made, sentences
(in order) and new steps (in order). The moves are the knowledge base's
own safe moves, and a seeded random guess when it has none, so the engine
plays no part: this checks learning only.

    python -m bench.differential --games 100000 [--seed 0]

prints the games, calls and steps compared and the time taken, or the first
disagreement (and exits 1).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Iterable
from typing import Any, Optional, cast

from bench.play import play
from minesweeper import MinesweeperAI
from sweeper.board import Cell
from sweeper.game import Game
from sweeper.solver import Solver

BOARDS = ((8, 8, 8), (8, 8, 12), (9, 9, 10), (6, 11, 9), (16, 16, 40))
RULES = ("none", "safe", "opening")


class Disagreement(AssertionError):
    """The two knowledge bases said different things after the same call."""


class Twins:
    """The two knowledge bases as one AI of the play loop: told the same, compared every call.

    An even seed tells each click's cells as one reveal (add_reveal), an odd
    one tells them one add_knowledge call each, as CS50's runner does.
    """

    last_decision = None  # the play loop asks; the moves here are no AI's decisions

    def __init__(self, seed: int, height: int, width: int, mines: int) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.plain, self.fast = MinesweeperAI(height, width, mines), Solver(height, width, mines)
        self.calls = 0

    @property
    def mines(self) -> set[Cell]:
        return self.plain.mines

    @property
    def safes(self) -> set[Cell]:
        return self.plain.safes

    def add_reveal(self, revealed: Iterable[tuple[Cell, int]]) -> None:
        """Tell both what a click opened, and compare them after every call."""
        shown = list(revealed)
        for batch in [shown] if self.seed % 2 == 0 else [[pair] for pair in shown]:
            before = len(self.plain.steps)
            self.plain.add_reveal(batch)
            self.fast.add_reveal(batch)
            self.calls += 1
            compare(self.plain, self.fast, before, self.seed)

    def move(self) -> tuple[Optional[Cell], str]:
        """The player: their shared safe move, else a seeded random guess."""
        safe = agreed(self.plain.make_safe_move(), self.fast.make_safe_move(), self.seed, "move")
        if safe is not None:
            return safe, "safe"
        return self.rng.choice([c for c in self.plain.unknown()]), "guess"


def play_both(seed: int) -> tuple[int, int]:
    """Play seed's game in the one play loop with both knowledge bases; (calls, steps) compared."""
    rng = random.Random(seed)
    height, width, mines = rng.choice(BOARDS)
    game = Game(height, width, mines, seed=seed, first_click=rng.choice(RULES))
    twins = Twins(seed, height, width, mines)
    played = play(game, cast(Solver, twins), lambda ai: cast(Twins, ai).move())
    if played.crash:
        raise Disagreement(played.crash)
    return twins.calls, len(twins.plain.steps)


def compare(plain: MinesweeperAI, fast: Solver, before: int, seed: int) -> None:
    """Raise Disagreement unless the two know the same and took the same steps since before."""
    agreed(plain.mines, fast.mines, seed, "mines")
    agreed(plain.safes, fast.safes, seed, "safes")
    agreed(plain.moves_made, fast.moves_made, seed, "moves made")
    agreed(
        [(s.cells, s.count) for s in plain.knowledge],
        [(s.cells, s.count) for s in fast.knowledge],
        seed,
        "sentences",
    )
    agreed(plain.steps[before:], fast.steps[before:], seed, "steps")


def agreed(plain: Any, fast: Any, seed: int, what: str) -> Any:
    """Return plain when it equals fast, else raise Disagreement naming the seed."""
    if plain != fast:
        raise Disagreement(f"seed {seed}: {what} differ:\n plain {plain!r}\n fast  {fast!r}")
    return plain


def main(argv: Optional[list[str]] = None) -> int:
    """Compare the two knowledge bases over many seeded games; print the figures."""
    parser = argparse.ArgumentParser(prog="python -m bench.differential", description=__doc__)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    calls = steps = 0
    try:
        for seed in range(args.seed, args.seed + args.games):
            told, learned = play_both(seed)
            calls, steps = calls + told, steps + learned
    except Disagreement as found:
        print(found)
        return 1
    seconds = time.perf_counter() - start
    print(f"{args.games} games, {calls} calls, {steps} steps: the same ({seconds:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
