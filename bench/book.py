"""Build the opening book (sweeper/book.txt): play each candidate first guess on the same boards.

    python -m bench.book --seed 61206201 --games 6000 --out sweeper/book.txt

Seeded expert boards (first click A1, safe) are dealt until `--games` of
them show the book's position (A1 = 1 by default); on each of those boards
every candidate cell is played as the first guess, and today's AI plays the
rest of the game. The same boards for every candidate, so the candidates'
counts are paired. The book keeps the cell with the most wins (ties: the
earlier candidate, today's choice first) and records the command, the
seed, the boards and every candidate's wins in its comments.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Optional

from bench.play import opening_with, play, tank
from bench.runs import streamed
from sweeper import default_strategies
from sweeper.board import Cell, cell_name, parse_cell
from sweeper.book import Key, format_key
from sweeper.game import Game, derive_seed
from sweeper.solver import Solver

CANDIDATES = "A30,P30,P1,A3,C1,C3,A4"  # today's choice first, the other corners, cells near A1
BOARD = (16, 30, 99)


def position_boards(seed: int, games: int, shown: int) -> Iterator[tuple[int, int]]:
    """Yield (deal index, game seed) of the first `games` deals whose A1 shows `shown`."""
    found = 0
    i = 0
    height, width, mines = BOARD
    while found < games:
        game_seed = derive_seed(seed, i)
        game = Game(height, width, mines, seed=game_seed, first_click="safe")
        first = (0, 0)
        game.reveal(first)  # places the mines
        if game.revealed.get(first) == shown:  # no AI is told: the deal is only looked at
            found += 1
            yield i, game_seed
        i += 1


def play_guess(game_seed: int, guess: Cell) -> bool:
    """Return whether today's AI wins the deal after A1 and then `guess` as its first guess."""
    height, width, mines = BOARD
    game = Game(height, width, mines, seed=game_seed, first_click="safe")
    ai = Solver(
        height,
        width,
        mines,
        first_click="safe",
        seed=derive_seed(game_seed, "ai"),
        strategies=default_strategies(),
        record=False,
    )
    first = ai.make_move()
    assert first == (0, 0)
    return play(game, ai, opening_with(first, opening_with(guess, tank))).won


Task = tuple[list[int], tuple[Cell, ...]]


def play_task(task: Task) -> list[list[bool]]:
    """Play every candidate on a chunk of deals: one row of results a deal."""
    seeds, candidates = task
    return [[play_guess(s, c) for c in candidates] for s in seeds]


def build(
    seed: int, games: int, candidates: Sequence[Cell], shown: int, jobs: int
) -> tuple[list[int], int]:
    """Return each candidate's wins over the position's deals, and the deals dealt."""
    deals = list(position_boards(seed, games, shown))
    seeds = [s for _, s in deals]
    tasks = ((seeds[k : k + 20], tuple(candidates)) for k in range(0, len(seeds), 20))
    wins = [0] * len(candidates)
    done = 0
    for rows in streamed(play_task, tasks, jobs):
        for row in rows:
            for k, won in enumerate(row):
                wins[k] += won
        done += len(rows)
        print(f"{done} of {len(seeds)} boards", file=sys.stderr, flush=True)
    dealt = deals[-1][0] + 1 if deals else 0
    return wins, dealt


def book_text(
    key: Key, candidates: Sequence[Cell], wins: Sequence[int], games: int, command: str
) -> str:
    """Return the book file: the chosen line, with the build and every candidate's count."""
    best = max(range(len(candidates)), key=lambda k: (wins[k], -k))
    lines = [
        "# The opening book (sweeper/book.py reads it). Built by:",
        f"#   {command}",
        f"# at commit {_commit()}: {games:,} expert boards in this position, every candidate",
        "# played on the same boards as the first guess, today's AI after it.",
        "# candidate: wins of boards",
    ]
    pairs = zip(candidates, wins, strict=True)
    lines += [f"#   {cell_name(c)}: {w:,} of {games:,}" for c, w in pairs]
    lines.append(format_key(key, candidates[best]))
    return "\n".join(lines) + "\n"


def _commit() -> str:
    """Return the repository's commit, or 'unknown'."""
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        )
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return out.stdout.strip()


def main(argv: Optional[Sequence[str]] = None) -> int:
    """The command line (see the module's docstring)."""
    parser = argparse.ArgumentParser(prog="python -m bench.book")
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--games", type=int, required=True, help="boards in the position")
    parser.add_argument("--shown", type=int, default=1, help="A1's number (default 1)")
    parser.add_argument("--candidates", default=CANDIDATES)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    candidates = [parse_cell(name) for name in args.candidates.split(",")]
    wins, _ = build(args.seed, args.games, candidates, args.shown, args.jobs)
    height, width, mines = BOARD
    key: Key = (height, width, mines, "safe", (((0, 0), args.shown),))
    command = (
        f"python -m bench.book --seed {args.seed} --games {args.games} --shown {args.shown} "
        f"--candidates {args.candidates} --out {args.out}"
    )
    args.out.write_text(book_text(key, candidates, wins, args.games, command), encoding="utf-8")
    print(args.out.read_text(encoding="utf-8"), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
