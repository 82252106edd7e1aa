"""Seeded games for the tank and cs50 players, on local processes or on a cluster.

Game i's seed comes from (seed, i) alone, so the figures other than timings
are identical whatever the number of processes, on one machine or many.
"""

from __future__ import annotations

import signal
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from multiprocessing import Pool
from typing import TYPE_CHECKING, Any, Optional, TypeVar

from bench.figures import Tally, tally
from bench.play import PLAYERS, Played, play
from sweeper import default_strategies
from sweeper.game import Game, derive_seed
from sweeper.solver import Solver

if TYPE_CHECKING:
    from bench.cluster import Cluster

Board = tuple[int, int, int]
CHUNK_MAX = 25  # games per task: small enough for a lively progress bar


@dataclass
class Record(Played):
    """What one player did in one seeded game."""

    index: int = 0
    game_seed: int = 0
    player: str = ""
    game_ms: float = 0.0

    def outcome(self) -> tuple[object, ...]:
        """Return everything but the timings: equal for equal seeds."""
        return (
            self.index,
            self.player,
            self.won,
            sorted(self.kinds.items()),
            len(self.move_ms),
            self.safe_errors,
            self.stuck,
            self.crash,
            self.lost_on,
        )


def play_one(
    index: int, game_seed: int, board: Board, rule: str, player: str, without: Sequence[str] = ()
) -> Record:
    """Play one seeded game to its end and return the record."""
    height, width, mines = board
    game = Game(height, width, mines, seed=game_seed, first_click=rule)
    ai = Solver(
        height,
        width,
        mines,
        first_click=rule,
        seed=derive_seed(game_seed, "ai"),
        strategies=default_strategies(without),
        record=False,  # nobody reads a benchmark game's steps
    )
    record = Record(index=index, game_seed=game_seed, player=player)
    start = time.perf_counter()
    play(game, ai, PLAYERS[player], record)
    record.game_ms = (time.perf_counter() - start) * 1000
    return record


Task = tuple[int, int, int, Board, str, tuple[str, ...], tuple[str, ...]]


def play_chunk(task: Task) -> list[Record]:
    """Play games start..stop-1 for every player (a task for a process or a worker)."""
    start, stop, seed, board, rule, players, without = task
    return [
        play_one(i, derive_seed(seed, i), board, rule, player, without)
        for i in range(start, stop)
        for player in players
    ]


def chunks(games: int, jobs: int) -> Iterator[tuple[int, int]]:
    """Split 0..games-1 into ranges: several per job, none larger than CHUNK_MAX."""
    size = max(1, min(CHUNK_MAX, games // (jobs * 4)))
    for start in range(0, games, size):
        yield start, min(start + size, games)


class Progress:
    """A one-line progress bar on a stream; silent unless the stream is a terminal."""

    def __init__(self, total: int, stream: Any = None) -> None:
        self.total = total
        self.stream = sys.stderr if stream is None else stream
        self.quiet = not self.stream.isatty()
        self.start = time.perf_counter()
        self.done = 0

    def advance(self, games: int) -> None:
        """Count games as done and redraw the bar: done of total, rate, time left."""
        self.done += games
        if self.quiet:
            return
        done = self.done
        elapsed = time.perf_counter() - self.start
        rate = done / elapsed if elapsed > 0 else 0.0
        eta = (self.total - done) / rate if rate else 0.0
        filled = 30 * done // self.total
        bar = "#" * filled + "." * (30 - filled)
        self.stream.write(f"\r[{bar}] {done}/{self.total} games  {rate:.1f}/s  ETA {eta:.0f} s  ")
        self.stream.flush()

    def close(self) -> None:
        """End the bar's line."""
        if not self.quiet:
            self.stream.write("\n")
            self.stream.flush()


def tasks_for(
    board: Board,
    rule: str,
    seed: int,
    games: int,
    players: tuple[str, ...],
    jobs: int,
    without: tuple[str, ...],
) -> Iterator[Task]:
    """Yield the chunks of a run as tasks, lazily."""
    return ((a, b, seed, board, rule, players, without) for a, b in chunks(games, jobs))


def tally_games(
    board: Board,
    rule: str,
    seed: int,
    games: int,
    players: tuple[str, ...],
    jobs: int,
    progress: Optional[Progress] = None,
    without: tuple[str, ...] = (),
    cluster: Optional[Cluster] = None,
) -> dict[str, Tally]:
    """Play every game like run_games, but keep only each player's tally: flat memory."""
    if cluster is not None:
        jobs = cluster.workers
    tasks = tasks_for(board, rule, seed, games, players, jobs, without)
    tallies: dict[str, Tally] = {}
    for chunk in streamed(play_chunk, tasks, jobs, cluster):
        tally(chunk, tallies)
        if progress:
            progress.advance(len({r.index for r in chunk}))
    if progress:
        progress.close()
    return tallies


def run_games(
    board: Board,
    rule: str,
    seed: int,
    games: int,
    players: tuple[str, ...],
    jobs: int,
    without: tuple[str, ...] = (),
    cluster: Optional[Cluster] = None,
) -> list[Record]:
    """Play every game for every player; records in game order whatever jobs is.

    With a cluster, the chunks go to its workers instead of local processes;
    each game's seed comes from its index alone, so the records are the same.
    """
    if cluster is not None:
        jobs = cluster.workers
    tasks = tasks_for(board, rule, seed, games, players, jobs, without)
    return [record for chunk in streamed(play_chunk, tasks, jobs, cluster) for record in chunk]


T = TypeVar("T")
R = TypeVar("R")


def streamed(
    func: Callable[[T], R], tasks: Iterable[T], jobs: int, cluster: Optional[Cluster] = None
) -> Iterator[R]:
    """Yield func(task) for each task, in order, on jobs processes (or on a cluster).

    Tasks are drawn from the iterable as workers free up, at most a few per
    job ahead, so a run of any length never lists its tasks up front.
    """
    if cluster is not None:
        yield from cluster.streamed(func, tasks)
        return
    if jobs == 1:
        yield from map(func, tasks)
        return
    ahead = 4 * jobs
    with Pool(jobs, initializer=ignore_interrupts) as pool:
        pending: deque[Any] = deque()
        for task in tasks:
            pending.append(pool.apply_async(func, (task,)))
            if len(pending) >= ahead:
                yield pending.popleft().get()
        while pending:
            yield pending.popleft().get()


def ignore_interrupts() -> None:
    """Leave Ctrl-C to the main process, so a worker prints no traceback.

    SIGTERM goes back to its default, so that closing the pool always ends
    its workers: a process that started SDL (pygame's display) hands its
    forked children SDL's SIGTERM handler, which only queues a quit event.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
