"""Small boards solved exactly: best play against the AI, over every placement of the mines."""

from __future__ import annotations

import itertools
import time
from dataclasses import replace
from multiprocessing import Pool
from typing import Any

from bench.play import play, tank
from bench.runs import Board, ignore_interrupts
from sweeper import Cell, default_strategies
from sweeper.board import cell_name, kept_clear
from sweeper.game import Game
from sweeper.search import best_opening
from sweeper.solver import Solver
from sweeper.strategies import Opening, Strategy

ExactTask = tuple[Board, str, tuple[tuple[Cell, ...], ...]]


def untimed() -> tuple[Strategy, ...]:
    """Return the AI's strategies with best play's first-click search held to its visits
    only: in play it also stops at a CPU time, which would make these figures the machine's."""
    return tuple(
        replace(s, seconds=None) if isinstance(s, Opening) else s for s in default_strategies()
    )


def exact_chunk(task: ExactTask) -> tuple[int, int]:
    """Return (boards won, games that crashed) over these mine placements (a Pool task)."""
    (height, width, mines), rule, placements = task
    wins = crashes = 0
    for placed in placements:
        game = Game.from_mines(height, width, placed)
        ai = Solver(height, width, mines, first_click=rule, strategies=untimed())
        played = play(game, ai, tank)
        wins += played.won
        crashes += bool(played.crash)
    return wins, crashes


def exact_report(board: Board, rule: str, jobs: int) -> dict[str, Any]:
    """Return best play's and the AI's win rates over every board the rule allows.

    Best play is the exhaustive game-tree search over every first click (no
    budget); the AI plays every placement of the mines that its own first
    click allows, so both figures are exact, with no sampling error. A
    ValueError says why a board cannot be searched: one of nothing but mines
    has no click to make (the game counts it won before any click, best play
    loses it on the only click there is).
    """
    height, width, mines = board
    if mines >= height * width:
        raise ValueError(
            f"every cell of a {height}x{width} board with {mines} mines is a mine: there is "
            "no click to search; leave at least one cell free"
        )
    started = time.perf_counter()
    best = best_opening(height, width, mines, rule, limit=10**9, budget=10**15)
    first = Solver(height, width, mines, first_click=rule, strategies=untimed()).make_move()
    if best is None or first is None:
        raise ValueError(f"{height}x{width}x{mines} cannot be searched exhaustively")
    free = kept_clear(first, height, width, rule)
    cells = [(i, j) for i in range(height) for j in range(width) if (i, j) not in free]
    placements = list(itertools.combinations(cells, mines))
    wins, crashes = played_placements(board, rule, placements, jobs)
    return {
        "board": {"height": height, "width": width, "mines": mines},
        "rule": rule,
        "best": {
            "first_click": list(best[0]),
            "wins": best[1],
            "boards": best[2],
            "win_rate": best[1] / best[2],
        },
        "ai": {
            "first_click": list(first),
            "wins": wins,
            "boards": len(placements),
            "win_rate": wins / len(placements),
            "crashes": crashes,
        },
        "ratio": (wins / len(placements)) / (best[1] / best[2]) if best[1] else None,
        "wall_seconds": time.perf_counter() - started,
    }


def played_placements(
    board: Board, rule: str, placements: list[tuple[Cell, ...]], jobs: int
) -> tuple[int, int]:
    """Return (wins, crashes) of the AI over every placement, on jobs processes."""
    size = max(1, len(placements) // (jobs * 8))
    tasks = [
        (board, rule, tuple(placements[k : k + size])) for k in range(0, len(placements), size)
    ]
    if jobs == 1:
        results = list(map(exact_chunk, tasks))
    else:
        with Pool(jobs, initializer=ignore_interrupts) as pool:
            results = list(pool.imap(exact_chunk, tasks))
    return sum(w for w, _ in results), sum(c for _, c in results)


def format_exact(report: dict[str, Any]) -> str:
    """Return the exact comparison as a few lines of text."""
    b, best, ai = report["board"], report["best"], report["ai"]
    ratio = report["ratio"]
    return "\n".join(
        [
            f"{b['height']}x{b['width']} with {b['mines']} mines, first click {report['rule']!r}: "
            f"every board, no sampling ({report['wall_seconds']:.1f} s)",
            f"best play  first click {cell_name(tuple(best['first_click']))}: "
            f"{best['wins']} of {best['boards']} = {100 * best['win_rate']:.3f}%",
            f"the AI     first click {cell_name(tuple(ai['first_click']))}: "
            f"{ai['wins']} of {ai['boards']} = {100 * ai['win_rate']:.3f}%",
            f"the AI reaches {100 * ratio:.2f}% of best play"
            if ratio is not None
            else "best play wins no board, so there is no share of it to reach",
        ]
    )
