"""The one play loop: a player's move, the reveal, the AI told, until the game ends.

Every game the benchmark plays goes through `play`: the seeded games, every
board of `--exact`, the boards of a set and the stress probe. A *player* is
a function from the AI to its next cell and that move's kind:

    first   the first click          safe    proven by the knowledge base
    proven  proven by exact counting guess   anything else

A "safe-call error" is a move of kind safe or proven that hits a mine, or,
at the end of a game, a cell in ai.safes that is a mine or in ai.mines that
is not.
"""

from __future__ import annotations

import time
from array import array
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Optional

from sweeper import Cell, Decision
from sweeper.game import Game
from sweeper.solver import Solver

Player = Callable[[Solver], tuple[Optional[Cell], str]]

# The click that ends a lost game. For a strong player the first guess is
# mostly the board's density (a corner that shows a number leaves nothing
# better) and a 50/50 a coin flip; later guesses are where play can improve.
LOSSES = ("first click", "first guess", "a 50/50", "later guess", "a safe call")


# -- players ----------------------------------------------------------------------


def move_kind(ai: Solver, decision: Optional[Decision]) -> str:
    """Return a decision's kind: first, safe (knowledge base), proven (counting) or guess."""
    if decision is None:
        return ""
    if decision.strategy == "opening":
        return "first"
    if decision.strategy == "counting":
        return "proven"
    if decision.strategy == "known safe":
        return "proven" if ai.proved_by(decision.cell) == "enumeration" else "safe"
    return "guess"


def tank(ai: Solver) -> tuple[Optional[Cell], str]:
    """Solver.make_move: the knowledge base, then exact odds."""
    cell = ai.make_move()
    return cell, move_kind(ai, ai.last_decision)


def cs50(ai: Solver) -> tuple[Optional[Cell], str]:
    """The plain knowledge base: make_safe_move, else make_random_move."""
    cell = ai.make_safe_move()
    if cell is not None:
        return cell, "safe"
    return ai.make_random_move(), "guess" if ai.moves_made else "first"


PLAYERS: dict[str, Player] = {"tank": tank, "cs50": cs50}


def opening_with(first: Cell, then: Player) -> Player:
    """Return a player whose first click, already chosen, is first; then plays as then."""
    chosen: list[Cell] = [first]

    def player(ai: Solver) -> tuple[Optional[Cell], str]:
        if chosen:
            return chosen.pop(), "first"
        return then(ai)

    return player


# -- the loop ---------------------------------------------------------------------


@dataclass
class Played:
    """What happened in one game: the result, the moves by kind, each move's AI time."""

    won: bool = False
    kinds: dict[str, int] = field(default_factory=dict)
    move_ms: array[float] = field(default_factory=lambda: array("d"))
    safe_errors: int = 0
    stuck: bool = False
    crash: str = ""
    lost_on: str = ""  # the fatal click: one of LOSSES, "" for a game not lost on a click
    deal_ms: float = 0.0  # the first reveal: the mines placed (a no-guess board searched), opened

    @property
    def guesses(self) -> int:
        """Return how many moves were guesses (the first click is not one)."""
        return self.kinds.get("guess", 0)


def play(
    game: Game,
    ai: Solver,
    player: Player,
    played: Optional[Played] = None,
    moves: Optional[int] = None,
) -> Played:
    """Alternate the player's move and the reveal until the game ends; fill and return played.

    It also stops when the player has no move (stuck) or after `moves`
    moves. A move's time is the whole AI cost of that move: the decision and
    telling the AI what the reveal showed, not the game's own reveal. A
    crash is a result to report, so it is recorded, not raised.
    """
    played = Played() if played is None else played
    try:
        while not game.is_over() and (moves is None or len(played.move_ms) < moves):
            t0 = time.perf_counter()
            cell, kind = player(ai)
            t1 = time.perf_counter()
            if cell is None:
                played.stuck = True
                break
            result = game.reveal(cell)
            if result.ignored:
                raise RuntimeError(f"the game ignored {cell}: {result.ignored}")
            t2 = time.perf_counter()
            if not played.move_ms:
                played.deal_ms = (t2 - t1) * 1000
            ai.add_reveal(result.revealed)
            t3 = time.perf_counter()
            played.move_ms.append((t1 - t0 + t3 - t2) * 1000)
            if result.exploded is not None:
                played.lost_on = fatal_click(ai, kind, played.guesses)
                if kind in ("safe", "proven"):
                    played.safe_errors += 1
            played.kinds[kind] = played.kinds.get(kind, 0) + 1
    except Exception as error:  # a crash is a result to report, not a reason to stop the run
        played.crash = f"{type(error).__name__}: {error}"
    played.won = game.won()
    played.safe_errors += len(ai.safes & game.mines) + len(ai.mines - game.mines)
    return played


def fatal_click(ai: Solver, kind: str, guesses_before: int) -> str:
    """Return which of LOSSES the click that hit a mine was."""
    if kind == "first":
        return "first click"
    if kind != "guess":
        return "a safe call"
    decision = ai.last_decision
    if decision is not None and decision.probability == Fraction(1, 2):
        return "a 50/50"
    return "first guess" if guesses_before == 0 else "later guess"
