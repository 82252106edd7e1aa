"""Benchmark: seeded headless games, win rate with a 95% interval, ms per move.

    python benchmark.py --board expert --rule safe --games 1000 --seed 1 [--jobs N] [--json]

Two players meet the same game seeds in one run, side by side:
  tank   MinesweeperAI.make_move: the knowledge base, then exact odds;
  cs50   the plain knowledge base: make_safe_move, else make_random_move.

Game i's seed comes from (--seed, i) alone, so the figures other than
timings are identical whatever --jobs is. A move's time is the whole AI
cost of that move: the decision plus the add_knowledge calls that follow.
A "safe-call error" is a move called safe that hits a mine, or, at the end
of a game, a cell in ai.safes that is a mine or in ai.mines that is not:
any of them, a player crash or a stuck player makes the exit status 1.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import itertools
import json
import math
import os
import signal
import statistics
import sys
import tempfile
import time
import zipfile
from array import array
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from multiprocessing import Pool
from pathlib import Path
from typing import Any, Optional, TypeVar

from minesweeper import (
    FIRST_CLICK_RULES,
    Cell,
    Decision,
    Minesweeper,
    MinesweeperAI,
    cell_name,
    default_strategies,
)
from sweeper.board import MAX_COLUMNS, MAX_ROWS, kept_clear
from sweeper.boardsets import (
    BoardSet,
    SetBoard,
    read_board_set,
    seen_from,
    turned,
    write_board_line,
)
from sweeper.search import best_opening
from sweeper.strategies import TECHNIQUES

BOARDS = {
    "beginner": (9, 9, 10),
    "intermediate": (16, 16, 40),
    "expert": (16, 30, 99),
    "cs50": (8, 8, 8),
}
PLAYERS = ("tank", "cs50")
Z95 = 1.959963984540054  # the standard normal quantile for a two-sided 95% interval
CHUNK_MAX = 25  # games per task: small enough for a lively progress bar
MAX_GAMES = 1_000_000  # a run's records are kept in memory for the figures
EXACT_LIMIT = 20_000  # mine placements --exact will search exhaustively

Board = tuple[int, int, int]


# ---------------------------------------------------------------------------
# Seeds and statistics
# ---------------------------------------------------------------------------


def derive_seed(*parts: object) -> int:
    """Return a 64-bit seed determined only by parts (stable across processes)."""
    text = "/".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """Return the Wilson score interval for wins out of games (0..1 when no games)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    scale = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / scale
    half = z / scale * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(ordered: Sequence[float], q: float) -> float:
    """Return the nearest-rank q-quantile (0 < q <= 1) of an ascending sequence."""
    if not ordered:
        return 0.0
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


# ---------------------------------------------------------------------------
# One game
# ---------------------------------------------------------------------------


@dataclass
class Record:
    """What one player did in one game."""

    index: int
    game_seed: int
    player: str
    won: bool = False
    kinds: dict[str, int] = field(default_factory=dict)
    move_ms: array[float] = field(default_factory=lambda: array("d"))
    game_ms: float = 0.0
    safe_errors: int = 0
    stuck: bool = False
    crash: str = ""
    lost_on: str = ""  # the fatal click: one of LOSSES, "" for a game not lost on a click

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


def choose(ai: MinesweeperAI, player: str) -> tuple[Optional[Cell], str]:
    """Return the player's next cell and its kind: first, safe, proven or guess."""
    if player == "tank":
        cell = ai.make_move()
        return cell, move_kind(ai, ai.last_decision)
    cell = ai.make_safe_move()
    if cell is not None:
        return cell, "safe"
    return ai.make_random_move(), "guess" if ai.moves_made else "first"


def move_kind(ai: MinesweeperAI, decision: Optional[Decision]) -> str:
    """Return a decision's kind: first, safe (knowledge base), proven (counting) or guess."""
    if decision is None:
        return ""
    if decision.strategy == "opening":
        return "first"
    if decision.strategy == "counting":
        return "proven"
    if decision.strategy == "known safe":
        proof = ai.why_safe(decision.cell)
        return "proven" if proof is not None and proof.rule == "enumeration" else "safe"
    return "guess"


def play_one(
    index: int, game_seed: int, board: Board, rule: str, player: str, without: Sequence[str] = ()
) -> Record:
    """Play one seeded game to its end and return the record."""
    height, width, mines = board
    game = Minesweeper(height, width, mines, seed=game_seed, first_click=rule)
    ai = MinesweeperAI(
        height,
        width,
        mines,
        first_click=rule,
        seed=derive_seed(game_seed, "ai"),
        strategies=default_strategies(without),
    )
    record = Record(index, game_seed, player)
    start = time.perf_counter()
    try:
        play_moves(game, ai, player, record)
    except Exception as error:  # a crash is a result to report, not a reason to stop the run
        record.crash = f"{type(error).__name__}: {error}"
    record.game_ms = (time.perf_counter() - start) * 1000
    record.won = game.won()
    record.safe_errors += len(ai.safes & game.mines) + len(ai.mines - game.mines)
    return record


def play_moves(game: Minesweeper, ai: MinesweeperAI, player: str, record: Record) -> None:
    """Alternate AI move and reveal until the game ends or the AI has no move."""
    while not game.is_over():
        t0 = time.perf_counter()
        cell, kind = choose(ai, player)
        t1 = time.perf_counter()
        if cell is None:
            record.stuck = True
            return
        result = game.reveal(cell)
        if result.ignored:
            raise RuntimeError(f"the game ignored {cell}: {result.ignored}")
        t2 = time.perf_counter()
        ai.add_reveal(result.revealed)
        t3 = time.perf_counter()
        # The game's own reveal (t1..t2) is not the AI's cost.
        record.move_ms.append((t1 - t0 + t3 - t2) * 1000)
        if result.exploded is not None:
            record.lost_on = fatal_click(ai, kind, record.kinds.get("guess", 0))
            if kind in ("safe", "proven"):
                record.safe_errors += 1
        record.kinds[kind] = record.kinds.get(kind, 0) + 1


# The click that ends a lost game. For a strong player the first guess is
# mostly the board's density (a corner that shows a number leaves nothing
# better) and a 50/50 a coin flip; later guesses are where play can improve.
LOSSES = ("first click", "first guess", "a 50/50", "later guess", "a safe call")


def fatal_click(ai: MinesweeperAI, kind: str, guesses_before: int) -> str:
    """Return which of LOSSES the click that hit a mine was."""
    if kind == "first":
        return "first click"
    if kind != "guess":
        return "a safe call"
    decision = ai.last_decision
    if decision is not None and decision.probability == Fraction(1, 2):
        return "a 50/50"
    return "first guess" if guesses_before == 0 else "later guess"


Task = tuple[int, int, int, Board, str, tuple[str, ...], tuple[str, ...]]


def play_chunk(task: Task) -> list[Record]:
    """Play games start..stop-1 for every player (a Pool task)."""
    start, stop, seed, board, rule, players, without = task
    return [
        play_one(i, derive_seed(seed, i), board, rule, player, without)
        for i in range(start, stop)
        for player in players
    ]


# ---------------------------------------------------------------------------
# Many games, in parallel, with a progress bar
# ---------------------------------------------------------------------------


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


def chunks(games: int, jobs: int) -> Iterator[tuple[int, int]]:
    """Split 0..games-1 into ranges: several per job, none larger than CHUNK_MAX."""
    size = max(1, min(CHUNK_MAX, games // (jobs * 4)))
    for start in range(0, games, size):
        yield start, min(start + size, games)


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
    tasks = ((a, b, seed, board, rule, players, without) for a, b in chunks(games, jobs))
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
    progress: Optional[Progress] = None,
    without: tuple[str, ...] = (),
    cluster: Optional[Cluster] = None,
) -> list[Record]:
    """Play every game for every player; records in game order whatever jobs is.

    With a cluster, the chunks go to its workers instead of local processes;
    each game's seed comes from its index alone, so the records are the same.
    """
    if cluster is not None:
        jobs = cluster.workers
    tasks = ((a, b, seed, board, rule, players, without) for a, b in chunks(games, jobs))
    return collect(streamed(play_chunk, tasks, jobs, cluster), progress)


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


class ClusterError(Exception):
    """The cluster cannot be used: no Dask installed, no scheduler there, or no workers."""


CLUSTER_INSTALL = "pip install -r requirements-cluster.txt"
CODE_FILES = ("minesweeper.py", "benchmark.py")
CODE_PACKAGES = ("sweeper",)


class Cluster:
    """A Dask distributed scheduler and its workers, fed the same chunks as local processes.

    Our code is zipped and sent to every worker (a worker needs only Python and
    requirements-cluster.txt), so every machine plays exactly this checkout's AI.
    """

    def __init__(self, address: str, timeout: float = 10.0, wait_for_workers: float = 30.0):
        try:
            from distributed import Client as untyped_client
        except ImportError:
            raise ClusterError(
                "--scheduler needs dask and distributed, which are not installed: "
                + CLUSTER_INSTALL
            ) from None
        make_client: Any = untyped_client  # distributed's Client has no annotations
        try:
            self.client: Any = make_client(address, timeout=timeout)
        except (OSError, TimeoutError, ValueError, TypeError) as error:
            reason = str(error).splitlines()[0] if str(error) else type(error).__name__
            raise ClusterError(
                f"cannot reach a Dask scheduler at {address!r} ({reason}); start one with "
                "'dask scheduler' and give the address it prints"
            ) from None
        try:
            self.client.wait_for_workers(1, timeout=wait_for_workers)
        except (OSError, TimeoutError) as error:
            self.client.close()
            raise ClusterError(
                f"the scheduler at {address} has no workers after {wait_for_workers:.0f} s; "
                f"start some with 'dask worker {address} --nworkers auto --nthreads 1'"
            ) from error
        self.address = address
        self._send_code()

    def _send_code(self) -> None:
        """Zip minesweeper.py, benchmark.py and the sweeper package; load it on every worker."""
        root = Path(__file__).resolve().parent
        with tempfile.TemporaryDirectory() as folder:
            archive = Path(folder) / "minesweeper_benchmark_code.zip"
            with zipfile.ZipFile(archive, "w") as zipped:
                for name in CODE_FILES:
                    zipped.write(root / name, name)
                for package in CODE_PACKAGES:
                    for path in sorted((root / package).glob("*.py")):
                        zipped.write(path, f"{package}/{path.name}")
            # To the workers only: the scheduler never runs our code, and loading it
            # there would reload these modules in a process that may be ours
            # (a LocalCluster's scheduler runs inside the process that made it).
            from distributed.diagnostics.plugin import UploadFile

            self.client.register_plugin(UploadFile(str(archive)), name="minesweeper-code")

    @property
    def workers(self) -> int:
        """How many tasks the cluster runs at once (its workers' threads)."""
        threads: dict[str, int] = self.client.nthreads()
        return max(1, sum(threads.values()))

    def streamed(self, func: Callable[[T], R], tasks: Iterable[T]) -> Iterator[R]:
        """Yield func(task) for each task, in order, keeping a few tasks per worker in flight."""
        # When benchmark.py runs as a script, func belongs to __main__; send the
        # importable module's function, which the workers load from the code sent.
        func = getattr(importlib.import_module("benchmark"), func.__name__)
        ahead = 4 * self.workers
        pending: deque[Any] = deque()
        for task in tasks:
            pending.append(self.client.submit(func, task, pure=False))
            if len(pending) >= ahead:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()

    def close(self) -> None:
        """Let go of the scheduler (the cluster itself keeps running)."""
        self.client.close()

    def __enter__(self) -> Cluster:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def ignore_interrupts() -> None:
    """Leave Ctrl-C to the main process, so a worker prints no traceback.

    SIGTERM goes back to its default, so that closing the pool always ends
    its workers: a process that started SDL (pygame's display) hands its
    forked children SDL's SIGTERM handler, which only queues a quit event.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def collect(done: Iterator[list[Record]], progress: Optional[Progress]) -> list[Record]:
    """Gather chunk results in order, updating the progress bar as they arrive."""
    records: list[Record] = []
    for chunk in done:
        records.extend(chunk)
        if progress:
            progress.advance(len({r.index for r in chunk}))
    if progress:
        progress.close()
    return records


# ---------------------------------------------------------------------------
# Figures
# ---------------------------------------------------------------------------


class Spread:
    """Times kept in a histogram of bins 1% wide: memory that does not grow with the games.

    The count, the total, the mean and the largest are exact; a quantile is
    the nearest-rank one to within 1% (its bin's middle, never above the
    largest time seen). Ten million games need no more room than ten.
    """

    RATIO = 1.01

    def __init__(self) -> None:
        self.bins: dict[int, int] = {}
        self.count = 0
        self.total = 0.0
        self.largest = 0.0
        self.zeros = 0  # times too short for the clock to see

    def add(self, value: float) -> None:
        """Count one time."""
        self.count += 1
        self.total += value
        self.largest = max(self.largest, value)
        if value <= 0:
            self.zeros += 1
            return
        k = math.floor(math.log(value, self.RATIO))
        self.bins[k] = self.bins.get(k, 0) + 1

    def quantile(self, q: float) -> float:
        """Return the nearest-rank q-quantile (0 < q <= 1), to within 1%."""
        if not self.count:
            return 0.0
        rank = max(1, math.ceil(q * self.count))
        if rank <= self.zeros:
            return 0.0
        seen = self.zeros
        for k in sorted(self.bins):
            seen += self.bins[k]
            if seen >= rank:
                return min(self.largest, float(self.RATIO ** (k + 0.5)))
        return self.largest

    @property
    def mean(self) -> float:
        """Return the exact mean."""
        return self.total / self.count if self.count else 0.0


PROBLEMS_KEPT = 100  # games with a problem listed in full; the rest are counted


class Tally:
    """One player's figures, gathered game by game without keeping the games."""

    def __init__(self, player: str) -> None:
        self.player = player
        self.games = 0
        self.wins = 0
        self.kinds = dict.fromkeys(("first", "safe", "proven", "guess"), 0)
        self.losses = dict.fromkeys(LOSSES, 0)
        self.moves = Spread()
        self.game_ms = Spread()
        self.safe_errors = 0
        self.stuck = 0
        self.crashes = 0
        self.problems: list[dict[str, Any]] = []
        self.problem_count = 0

    def add(self, r: Record) -> None:
        """Count one game."""
        self.games += 1
        self.wins += r.won
        for k in self.kinds:
            self.kinds[k] += r.kinds.get(k, 0)
        if r.lost_on in self.losses:
            self.losses[r.lost_on] += 1
        for ms in r.move_ms:
            self.moves.add(ms)
        self.game_ms.add(r.game_ms)
        self.safe_errors += r.safe_errors
        self.stuck += r.stuck
        self.crashes += bool(r.crash)
        if r.safe_errors or r.stuck or r.crash:
            self.problem_count += 1
            if len(self.problems) < PROBLEMS_KEPT:
                self.problems.extend(problems([r]))

    def figures(self) -> dict[str, Any]:
        """Return the player's figures over its games."""
        games, wins, moves = self.games, self.wins, self.moves.count
        low, high = wilson(wins, games)
        return {
            "games": games,
            "wins": wins,
            "win_rate": wins / games if games else 0.0,
            "ci95": [low, high],
            "ms_per_move": {
                "p50": self.moves.quantile(0.50),
                "p99": self.moves.quantile(0.99),
                "max": self.moves.largest,
            },
            "ms_per_game": {"mean": self.game_ms.mean, "median": self.game_ms.quantile(0.5)},
            "games_per_second": 1000 * games / self.game_ms.total if self.game_ms.total else 0.0,
            "moves": moves,
            "moves_per_game": moves / games if games else 0.0,
            "kinds": dict(self.kinds),
            "guess_share": self.kinds["guess"] / moves if moves else 0.0,
            "guesses_per_game": self.kinds["guess"] / games if games else 0.0,
            # The cs50 player knows no probabilities, so it cannot tell a 50/50.
            "losses": {
                k: n for k, n in self.losses.items() if k != "a 50/50" or self.player == "tank"
            },
            "safe_call_errors": self.safe_errors,
            "stuck": self.stuck,
            "crashes": self.crashes,
        }


def tally(
    records: Iterable[Record], tallies: Optional[dict[str, Tally]] = None
) -> dict[str, Tally]:
    """Add games to each player's tally (new tallies when none are given), in order first seen."""
    tallies = {} if tallies is None else tallies
    for record in records:
        if record.player not in tallies:
            tallies[record.player] = Tally(record.player)
        tallies[record.player].add(record)
    return tallies


def summarise(records: Iterable[Record]) -> dict[str, dict[str, Any]]:
    """Return each player's figures, keyed by player, in the order first seen."""
    return {player: t.figures() for player, t in tally(records).items()}


def problems(records: Sequence[Record]) -> list[dict[str, Any]]:
    """Return every game with a safe-call error, a stuck player or a crash."""
    return [
        {
            "game": r.index,
            "game_seed": r.game_seed,
            "player": r.player,
            "safe_call_errors": r.safe_errors,
            "stuck": r.stuck,
            "crash": r.crash,
        }
        for r in records
        if r.safe_errors or r.stuck or r.crash
    ]


ROWS: list[tuple[str, Any]] = [
    ("games", lambda f: f"{f['games']}"),
    ("wins", lambda f: f"{f['wins']}"),
    ("win rate", lambda f: f"{100 * f['win_rate']:.2f}%"),
    ("95% interval", lambda f: f"{100 * f['ci95'][0]:.2f}-{100 * f['ci95'][1]:.2f}%"),
    ("ms per move p50", lambda f: f"{f['ms_per_move']['p50']:.3f}"),
    ("ms per move p99", lambda f: f"{f['ms_per_move']['p99']:.3f}"),
    ("ms per move max", lambda f: f"{f['ms_per_move']['max']:.1f}"),
    ("ms per game mean", lambda f: f"{f['ms_per_game']['mean']:.1f}"),
    ("ms per game median", lambda f: f"{f['ms_per_game']['median']:.1f}"),
    ("games per second, 1 core", lambda f: f"{f['games_per_second']:.1f}"),
    ("moves per game", lambda f: f"{f['moves_per_game']:.1f}"),
    ("guesses, share of moves", lambda f: f"{100 * f['guess_share']:.2f}%"),
    ("guesses per game", lambda f: f"{f['guesses_per_game']:.2f}"),
    ("lost on the first click", lambda f: lost(f, "first click")),
    ("lost on the first guess", lambda f: lost(f, "first guess")),
    ("lost on a 50/50", lambda f: lost(f, "a 50/50")),
    ("lost on a later guess", lambda f: lost(f, "later guess")),
    ("safe-call errors", lambda f: f"{f['safe_call_errors']}"),
    ("stuck (no move)", lambda f: f"{f['stuck']}"),
    ("crashes", lambda f: f"{f['crashes']}"),
]


def lost(figures: dict[str, Any], where: str) -> str:
    """Return how many games ended on that kind of click, and their share of all games."""
    if where not in figures["losses"]:
        return "-"
    n = figures["losses"][where]
    games = figures["games"]
    return f"{n} ({100 * n / games:.2f}%)" if games else "0"


def format_table(report: dict[str, Any]) -> str:
    """Return the report as a heading and one column per player."""
    b = report["board"]
    size = f"{b['height']}x{b['width']}"
    named = "" if b["name"] == f"{size}x{b['mines']}" else f"{b['name']} "
    lines = [
        f"{named}{size} with {b['mines']} mines, "
        f"first click {report['rule']!r}: {report['games']} games, seed {report['seed']}, "
        f"{report['jobs']} jobs, {report['wall_seconds']:.1f} s",
        "",
        f"{'':26}" + "".join(f"{p:>16}" for p in report["players"]),
    ]
    for label, show in ROWS:
        cells = "".join(f"{show(f):>16}" for f in report["players"].values())
        lines.append(f"{label:26}{cells}")
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# Small boards solved exactly: best play against the AI, over every board
# ---------------------------------------------------------------------------


def exact_chunk(task: tuple[Board, str, tuple[tuple[Cell, ...], ...]]) -> int:
    """Return how many of these mine placements the AI wins (a Pool task)."""
    (height, width, mines), rule, placements = task
    wins = 0
    for placed in placements:
        game = Minesweeper(height, width, mines, seed=0, first_click="none")
        game._set_mines(placed)
        ai = MinesweeperAI(height, width, mines, first_click=rule)
        while not game.is_over():
            cell = ai.make_move()
            if cell is None:
                break
            ai.add_reveal(game.reveal(cell).revealed)
        wins += game.won()
    return wins


def exact_report(board: Board, rule: str, jobs: int) -> dict[str, Any]:
    """Return best play's and the AI's win rates over every board the rule allows.

    Best play is the exhaustive game-tree search over every first click (no
    budget); the AI plays every placement of the mines that its own first
    click allows, so both figures are exact, with no sampling error.
    """
    height, width, mines = board
    started = time.perf_counter()
    best = best_opening(height, width, mines, rule, limit=10**9, budget=10**15)
    assert best is not None
    first = MinesweeperAI(height, width, mines, first_click=rule).make_move()
    assert first is not None
    free = kept_clear(first, height, width, rule)
    cells = [(i, j) for i in range(height) for j in range(width) if (i, j) not in free]
    placements = list(itertools.combinations(cells, mines))
    size = max(1, len(placements) // (jobs * 8))
    tasks = [
        (board, rule, tuple(placements[k : k + size])) for k in range(0, len(placements), size)
    ]
    if jobs == 1:
        wins = sum(map(exact_chunk, tasks))
    else:
        with Pool(jobs, initializer=ignore_interrupts) as pool:
            wins = sum(pool.imap(exact_chunk, tasks))
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
        },
        "ratio": (wins / len(placements)) / (best[1] / best[2]),
        "wall_seconds": time.perf_counter() - started,
    }


def format_exact(report: dict[str, Any]) -> str:
    """Return the exact comparison as a few lines of text."""
    b, best, ai = report["board"], report["best"], report["ai"]
    return "\n".join(
        [
            f"{b['height']}x{b['width']} with {b['mines']} mines, first click {report['rule']!r}: "
            f"every board, no sampling ({report['wall_seconds']:.1f} s)",
            f"best play  first click {cell_name(tuple(best['first_click']))}: "
            f"{best['wins']} of {best['boards']} = {100 * best['win_rate']:.3f}%",
            f"the AI     first click {cell_name(tuple(ai['first_click']))}: "
            f"{ai['wins']} of {ai['boards']} = {100 * ai['win_rate']:.3f}%",
            f"the AI reaches {100 * report['ratio']:.2f}% of best play",
        ]
    )


# ---------------------------------------------------------------------------
# Board sets: the same boards as another solver, compared game by game
# ---------------------------------------------------------------------------

SET_CHUNK = 20  # boards per task


@dataclass
class BoardResult:
    """Our game on one board of a set, beside the other solver's result there."""

    index: int
    won: bool = False
    guesses: int = 0
    cpu: float = 0.0  # seconds of the worker's CPU for the whole game
    theirs: Optional[bool] = None
    their_cpu: float = 0.0
    turned: bool = False  # played on the board turned so that our first click is theirs
    skipped: str = ""  # why it was not played (no symmetry maps our first click to theirs)
    safe_errors: int = 0
    crash: str = ""


def play_set_board(board: SetBoard, header: BoardSet, without: tuple[str, ...]) -> BoardResult:
    """Play one board of a set with our AI choosing its own first click."""
    h, w = header.height, header.width
    result = BoardResult(board.index, theirs=board.won, their_cpu=board.cpu_ns / 1e9)
    ai = MinesweeperAI(
        h,
        w,
        header.mines,
        first_click=header.rule,
        seed=derive_seed(board.game_seed, "ai"),
        strategies=default_strategies(without),
    )
    started = time.process_time()
    try:
        first = ai.make_move()
        assert first is not None
        symmetry = seen_from(first, board.first, h, w)
        if symmetry is None:
            result.skipped = (
                f"our first click {cell_name(first)} is not theirs, "
                f"{cell_name(board.first)}, seen from any side of the board"
            )
            return result
        result.turned = first != board.first
        game = Minesweeper.from_mines(h, w, turned(board.mines, symmetry, h, w))
        cell: Optional[Cell] = first
        kind = "first"
        while cell is not None and not game.is_over():
            outcome = game.reveal(cell)
            if outcome.exploded is not None and kind in ("safe", "proven"):
                result.safe_errors += 1
            ai.add_reveal(outcome.revealed)
            if game.is_over():
                break
            cell = ai.make_move()
            kind = move_kind(ai, ai.last_decision)
            result.guesses += kind == "guess"
        result.won = game.won()
        result.safe_errors += len(ai.safes & game.mines) + len(ai.mines - game.mines)
    except Exception as error:  # a crash is a result to report, not a reason to stop
        result.crash = f"{type(error).__name__}: {error}"
    finally:
        result.cpu = time.process_time() - started
    return result


def play_set_chunk(task: tuple[list[SetBoard], BoardSet, tuple[str, ...]]) -> list[BoardResult]:
    """Play a chunk of a set's boards (a Pool task)."""
    boards, header, without = task
    return [play_set_board(b, header, without) for b in boards]


def set_chunks(
    boards: Iterator[SetBoard], start: int, stop: Optional[int]
) -> Iterator[list[SetBoard]]:
    """Yield the boards with index start..stop-1 (file order) in chunks, reading as it goes."""
    chunk: list[SetBoard] = []
    for k, board in enumerate(boards):
        if k < start:
            continue
        if stop is not None and k >= stop:
            break
        chunk.append(board)
        if len(chunk) == SET_CHUNK:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def play_board_set(
    header: BoardSet,
    boards: Iterator[SetBoard],
    jobs: int,
    without: tuple[str, ...] = (),
    start: int = 0,
    stop: Optional[int] = None,
    per_board: Optional[Any] = None,
    progress: Optional[Progress] = None,
    cluster: Optional[Cluster] = None,
) -> list[BoardResult]:
    """Play a set's boards (streamed), writing each result to per_board as it comes."""
    tasks = ((chunk, header, without) for chunk in set_chunks(boards, start, stop))
    results: list[BoardResult] = []
    for chunk in streamed(play_set_chunk, tasks, jobs, cluster):
        for r in chunk:
            results.append(r)
            if per_board is not None:
                per_board.write(
                    f"{r.index} {int(r.won)} {r.guesses} {r.cpu:.6f}"
                    + (f" skipped: {r.skipped}" if r.skipped else "")
                    + "\n"
                )
        if progress:
            progress.advance(len(chunk))
    if progress:
        progress.close()
    return results


def mcnemar_p(only_ours: int, only_theirs: int) -> float:
    """Return McNemar's exact two-sided p: a fair coin's binomial test on the discordant boards."""
    n = only_ours + only_theirs
    if not n:
        return 1.0
    k = min(only_ours, only_theirs)
    tail = Fraction(sum(math.comb(n, i) for i in range(k + 1)), 2**n)
    return float(min(Fraction(1), 2 * tail))


def paired_interval(
    both: int, only_ours: int, only_theirs: int, neither: int, z: float = Z95
) -> tuple[float, float, float]:
    """Return our win rate minus theirs with Newcombe's 95% interval for paired proportions.

    Newcombe (1998), method 10: Wilson intervals for each rate, joined with
    the correlation of the two results over the same boards.
    """
    n = both + only_ours + only_theirs + neither
    p1, p2 = (both + only_ours) / n, (both + only_theirs) / n
    l1, u1 = wilson(both + only_ours, n, z)
    l2, u2 = wilson(both + only_theirs, n, z)
    product = (both + only_ours) * (neither + only_theirs) * (both + only_theirs)
    product *= neither + only_ours
    phi = (both * neither - only_ours * only_theirs) / math.sqrt(product) if product else 0.0
    delta = p1 - p2
    low = delta - math.sqrt(
        max(0.0, (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2)
    )
    high = delta + math.sqrt(
        max(0.0, (u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2)
    )
    return delta, low, high


def cpu_figures(seconds: Sequence[float]) -> dict[str, float]:
    """Return mean, median, p99 and slowest of per-game CPU times, in milliseconds."""
    ordered = sorted(seconds)
    if not ordered:
        return {"mean": 0.0, "median": 0.0, "p99": 0.0, "slowest": 0.0}
    return {
        "mean": 1000 * statistics.fmean(ordered),
        "median": 1000 * statistics.median(ordered),
        "p99": 1000 * percentile(ordered, 0.99),
        "slowest": 1000 * ordered[-1],
    }


def paired_counts(pairs: Iterable[tuple[bool, bool]]) -> tuple[int, int, int, int]:
    """Return (both won, only the first won, only the second won, both lost) over pairs."""
    both = only_first = only_second = neither = 0
    for first, second in pairs:
        if first and second:
            both += 1
        elif first:
            only_first += 1
        elif second:
            only_second += 1
        else:
            neither += 1
    return both, only_first, only_second, neither


def cpu_line(who: str, figures: dict[str, float]) -> str:
    """Return one line of CPU per game figures, in milliseconds."""
    return (
        f"  CPU per game, {who}: mean {figures['mean']:.1f} ms, median {figures['median']:.1f}, "
        f"p99 {figures['p99']:.0f}, slowest {figures['slowest']:.0f}"
    )


def paired_report(results: Sequence[BoardResult]) -> dict[str, Any]:
    """Return the same-board comparison: counts, difference, interval, McNemar p, CPU."""
    played = [r for r in results if not r.skipped]
    report: dict[str, Any] = {
        "boards": len(played),
        "skipped": len(results) - len(played),
        "ours": sum(r.won for r in played),
        "turned": sum(r.turned for r in played),
        "safe_errors": sum(r.safe_errors for r in played),
        "crashes": [f"board {r.index}: {r.crash}" for r in played if r.crash][:10],
        "our_cpu_ms": cpu_figures([r.cpu for r in played]),
    }
    compared = [r for r in played if r.theirs is not None]
    if compared and len(compared) == len(played):
        both, only_ours, only_theirs, neither = paired_counts(
            (r.won, bool(r.theirs)) for r in compared
        )
        delta, low, high = paired_interval(both, only_ours, only_theirs, neither)
        report.update(
            theirs=both + only_theirs,
            both=both,
            only_ours=only_ours,
            only_theirs=only_theirs,
            neither=neither,
            difference=delta,
            interval=[low, high],
            mcnemar_p=mcnemar_p(only_ours, only_theirs),
            their_cpu_ms=cpu_figures([r.their_cpu for r in compared]),
        )
    return report


def format_paired(report: dict[str, Any], name: str) -> str:
    """Return the same-board comparison as a short table."""
    n = report["boards"]
    lines = [
        f"{name}: {n:,} boards played"
        + (f", {report['skipped']} skipped" if report["skipped"] else "")
    ]
    if not n:
        return lines[0]
    ours = report["ours"]
    if "theirs" in report:
        theirs = report["theirs"]
        low, high = report["interval"]
        lines += [
            f"  their wins {theirs:,} ({100 * theirs / n:.2f}%), "
            f"ours {ours:,} ({100 * ours / n:.2f}%)",
            f"  both won {report['both']:,}, only theirs {report['only_theirs']:,}, "
            f"only ours {report['only_ours']:,}, both lost {report['neither']:,}",
            f"  difference (ours - theirs) {100 * report['difference']:+.2f} points, "
            f"95% [{100 * low:+.2f}, {100 * high:+.2f}], "
            f"McNemar exact p = {report['mcnemar_p']:.3g}",
        ]
    else:
        lines.append(
            f"  our wins {ours:,} ({100 * ours / n:.2f}%); the file records no other results"
        )
    for who, key in (("ours", "our_cpu_ms"), ("theirs", "their_cpu_ms")):
        if key in report:
            lines.append(cpu_line(who, report[key]))
    if report["turned"]:
        lines.append(f"  {report['turned']:,} boards turned so that our first click is theirs")
    return "\n".join(lines)


def read_per_board(path: Path) -> dict[int, tuple[bool, float]]:
    """Read a --per-board file: board index -> (won, CPU seconds); skipped boards left out.

    A ValueError names the file and line of anything malformed.
    """
    if not path.is_file():
        raise ValueError(f"{path} is not a file (a --per-board file is a text file)")
    results: dict[int, tuple[bool, float]] = {}
    with path.open(encoding="ascii", errors="replace") as handle:
        for number, line in enumerate(handle, 1):
            fields = line.split()
            if not fields or line.startswith("#") or "skipped:" in fields:
                continue
            try:
                index, won, cpu = int(fields[0]), int(fields[1]), float(fields[3])
                if won not in (0, 1) or index < 0 or not cpu >= 0:
                    raise ValueError
            except (ValueError, IndexError):
                raise ValueError(
                    f"{path}, line {number}: expected 'index won(0/1) guesses CPU-seconds', "
                    f"not {line.strip()[:60]!r}"
                ) from None
            if index in results:
                raise ValueError(f"{path}, line {number}: board {index} is listed twice")
            results[index] = (bool(won), cpu)
    return results


def compare_report(before: Path, after: Path) -> dict[str, Any]:
    """Return two runs of the same boards compared board by board: after - before."""
    a, b = read_per_board(before), read_per_board(after)
    common = sorted(a.keys() & b.keys())
    if not common:
        raise ValueError(f"{before} and {after} have no board index in common")
    both, only_before, only_after, neither = paired_counts((a[k][0], b[k][0]) for k in common)
    delta, low, high = paired_interval(both, only_after, only_before, neither)
    return {
        "boards": len(common),
        "unpaired": len(a.keys() ^ b.keys()),
        "before": both + only_before,
        "after": both + only_after,
        "both": both,
        "only_before": only_before,
        "only_after": only_after,
        "neither": neither,
        "difference": delta,
        "interval": [low, high],
        "mcnemar_p": mcnemar_p(only_after, only_before),
        "before_cpu_ms": cpu_figures([a[k][1] for k in common]),
        "after_cpu_ms": cpu_figures([b[k][1] for k in common]),
    }


def format_compare(report: dict[str, Any], before: Path, after: Path) -> str:
    """Return a before/after comparison as a short table."""
    n = report["boards"]
    low, high = report["interval"]
    lines = [
        f"{n:,} boards in both files"
        + (f" ({report['unpaired']:,} in one file only, left out)" if report["unpaired"] else ""),
        f"  before ({before.name}) won {report['before']:,} ({100 * report['before'] / n:.2f}%), "
        f"after ({after.name}) {report['after']:,} ({100 * report['after'] / n:.2f}%)",
        f"  both won {report['both']:,}, only before {report['only_before']:,}, "
        f"only after {report['only_after']:,}, both lost {report['neither']:,}",
        f"  difference (after - before) {100 * report['difference']:+.2f} points, "
        f"95% [{100 * low:+.2f}, {100 * high:+.2f}], McNemar exact p = {report['mcnemar_p']:.3g}",
    ]
    lines += [cpu_line(who, report[f"{who}_cpu_ms"]) for who in ("before", "after")]
    return "\n".join(lines)


def write_board_set(
    path: Path, board: Board, rule: str, seed: int, games: int, out: Any = None
) -> None:
    """Write a board set from our own seeded games (first click: our AI's), for others to play."""
    height, width, mines = board
    first = MinesweeperAI(height, width, mines, first_click=rule).make_move()
    assert first is not None
    with path.open("w", encoding="ascii") as handle:
        handle.write(
            f"# minesweeper-kb width={width} height={height} mines={mines} rule={rule} "
            f"seed={seed} games_requested={games}\n"
        )
        handle.write("# columns: idx result first_row first_col cpu_ns game_seed mines_hex\n")
        for i in range(games):
            game_seed = derive_seed(seed, i)
            game = Minesweeper(height, width, mines, seed=game_seed, first_click=rule)
            game.reveal(first)  # places the mines by the rule
            write_board_line(
                handle, SetBoard(i, None, first, 0, game_seed, frozenset(game.mines)), width
            )
        handle.write(f"# end games={games}\n")


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------


def board_arg(text: str) -> tuple[str, Board]:
    """Parse a board name or HxWxM (rows x columns x mines)."""
    if text in BOARDS:
        return text, BOARDS[text]
    parts = text.lower().split("x")
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        names = ", ".join(BOARDS)
        raise argparse.ArgumentTypeError(
            f"{text!r} is neither a board ({names}) nor HxWxM, e.g. 16x30x99"
        )
    if any(len(p) > 6 for p in parts):
        raise argparse.ArgumentTypeError(f"{text!r}: numbers that large are no board")
    height, width, mines = (int(p) for p in parts)
    if not (1 <= height <= MAX_ROWS and 1 <= width <= MAX_COLUMNS):
        raise argparse.ArgumentTypeError(
            f"{text!r}: boards run from 1x1 to {MAX_ROWS} rows by {MAX_COLUMNS} columns"
        )
    return text, (height, width, mines)


def positive_int(text: str) -> int:
    """Parse a whole number of 1 or more."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of 1 or more, not {text!r}")
    return value


def players_arg(text: str) -> tuple[str, ...]:
    """Parse a comma-separated list of players, e.g. tank,cs50."""
    chosen = tuple(p.strip() for p in text.split(","))
    unknown = [p for p in chosen if p not in PLAYERS]
    if unknown or len(set(chosen)) != len(chosen):
        raise argparse.ArgumentTypeError(
            f"{text!r}: name each of {', '.join(PLAYERS)} at most once, separated by commas"
        )
    return chosen


def techniques_arg(text: str) -> tuple[str, ...]:
    """Parse a comma-separated list of guess techniques to leave out of the AI's strategies."""
    names = tuple(n.strip() for n in text.split(",") if n.strip())
    try:
        default_strategies(names)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return names


def parse_args(argv: Optional[Sequence[str]]) -> argparse.Namespace:
    """Parse and check the command line; exit 2 with a message when it is wrong."""
    parser = argparse.ArgumentParser(
        description="Play seeded headless games and compare the tank and cs50 players."
    )
    parser.add_argument(
        "--board",
        type=board_arg,
        default=board_arg("expert"),
        help="beginner, intermediate, expert, cs50 or HxWxM (default expert)",
    )
    parser.add_argument(
        "--rule",
        choices=FIRST_CLICK_RULES,
        default="safe",
        help="the first-click rule (default safe)",
    )
    parser.add_argument(
        "--games", type=positive_int, default=1000, help=f"games to play (at most {MAX_GAMES:,})"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--jobs",
        type=positive_int,
        default=os.cpu_count() or 1,
        help="worker processes (default: every core)",
    )
    parser.add_argument(
        "--players",
        type=players_arg,
        default=PLAYERS,
        help="comma-separated, from tank,cs50 (default both)",
    )
    parser.add_argument(
        "--without",
        type=techniques_arg,
        default=(),
        help="leave guess techniques out, comma-separated, from " + ",".join(TECHNIQUES),
    )
    parser.add_argument(
        "--exact",
        action="store_true",
        help="small boards only: best play and the AI over every board, no sampling",
    )
    parser.add_argument(
        "--boards",
        type=Path,
        metavar="FILE",
        help="play every board of a board set (see ../shared/boards/README.md) and compare "
        "board by board with the results it records",
    )
    parser.add_argument(
        "--start", type=int, default=0, metavar="K", help="with --boards: skip the first K boards"
    )
    parser.add_argument(
        "--limit", type=positive_int, metavar="N", help="with --boards: play at most N boards"
    )
    parser.add_argument(
        "--per-board",
        type=Path,
        metavar="FILE",
        help="with --boards: write one line per board: index, won, guesses, CPU seconds",
    )
    parser.add_argument(
        "--compare",
        nargs=2,
        type=Path,
        metavar=("BEFORE", "AFTER"),
        help="compare two --per-board files of the same boards, board by board, and stop",
    )
    parser.add_argument(
        "--write-boards",
        type=Path,
        metavar="FILE",
        help="write --games boards of --board and --rule from --seed as a board set, and stop",
    )
    parser.add_argument(
        "--stress",
        action="store_true",
        help="play the worst positions we can build at full size (200 moves at most each): "
        "the slowest call of each kind and the peak memory",
    )
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="play on a Dask distributed cluster (for example tcp://10.0.0.5:8786) instead of "
        f"local processes; needs {CLUSTER_INSTALL}",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.scheduler is not None:
        alone = [flag for flag in ("exact", "stress", "write_boards") if getattr(args, flag)]
        if alone:
            flag = "--" + alone[0].replace("_", "-")
            parser.error(f"argument --scheduler: {flag} runs on this machine only")
        if not args.scheduler.strip():
            parser.error("argument --scheduler: expected an address such as tcp://HOST:8786")
    if args.games > MAX_GAMES:
        parser.error(f"argument --games: at most {MAX_GAMES:,} games a run, not {args.games:,}")
    cpus = os.cpu_count() or 1
    if args.jobs > cpus:
        print(f"--jobs {args.jobs}: this machine has {cpus} CPUs; using {cpus}", file=sys.stderr)
        args.jobs = cpus
    if args.start < 0:
        parser.error(f"argument --start: expected 0 or more, not {args.start}")
    if (args.per_board or args.limit or args.start) and not args.boards:
        parser.error("--start, --limit and --per-board go with --boards FILE")
    for option in ("per_board", "write_boards"):
        target = getattr(args, option)
        if target is not None and (target.is_dir() or not target.parent.is_dir()):
            flag = "--" + option.replace("_", "-")
            parser.error(f"argument {flag}: cannot write {target} (a folder, or no such folder)")
    height, width, mines = args.board[1]
    try:
        Minesweeper(height, width, mines, seed=0, first_click=args.rule)
    except ValueError as error:
        parser.error(f"argument --board: {error}")
    free = len(kept_clear((0, 0), height, width, args.rule))
    placements = math.comb(height * width - free, mines)
    if args.exact and placements > EXACT_LIMIT:
        many = f"{placements:,}" if placements < 10**12 else f"about {placements:.1e}"
        parser.error(
            f"argument --exact: {many} mine placements are too many to search "
            f"exhaustively (at most {EXACT_LIMIT:,}); try 4x4x5 or 4x5x4"
        )
    return args


STRESS_PROBE = """
import json, resource, sys, time
sys.path.insert(0, {root!r})
from sweeper.worst import cases
name, build = cases("full")[{index}]
start = time.process_time()
game, ai = build()
told = time.process_time() - start
timings = {{"tell": told, "mine_probabilities": 0.0, "choose": 0.0, "make_move": 0.0}}
wrong = 0
for _ in range(200):  # play on: the worst call is often a later one, with no safe cell known
    if game.is_over():
        break
    for call in ("mine_probabilities", "choose", "make_move"):
        start = time.process_time()
        cell = getattr(ai, call)()
        timings[call] = max(timings[call], time.process_time() - start)
    if cell is None:
        break
    result = game.reveal(cell)
    if result.exploded is not None and not ai.last_decision.is_guess:
        wrong += 1
    ai.add_reveal(result.revealed)
wrong += len(ai.safes & game.mines) + len(ai.mines - game.mines)
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({{"case": name, "seconds": timings, "peak_mb": peak, "wrong": wrong}}))
"""


def run_stress(as_json: bool) -> int:
    """Run each full-size worst case in a fresh process; print time and peak memory per call."""
    import subprocess

    from sweeper.worst import cases

    root = os.path.dirname(os.path.abspath(__file__))
    results: list[dict[str, Any]] = []
    for index, (name, _) in enumerate(cases("full")):
        code = STRESS_PROBE.format(root=root, index=index)
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=600
        )
        if done.returncode != 0:
            results.append({"case": name, "error": done.stderr.strip().splitlines()[-1:]})
        else:
            results.append(json.loads(done.stdout.strip().splitlines()[-1]))
        if not as_json:
            r = results[-1]
            if "error" in r:
                print(f"{name}: FAILED {r['error']}")
            else:
                seconds: dict[str, float] = r["seconds"]
                calls = ", ".join(f"{k} {v:.2f} s" for k, v in seconds.items())
                print(f"{name}: {calls}; peak {r['peak_mb']:.0f} MB; wrong calls {r['wrong']}")
    if as_json:
        print(json.dumps(results))
    bad = [r for r in results if "error" in r or r.get("wrong")]
    return 1 if bad else 0


def run_board_set(args: argparse.Namespace, cluster: Optional[Cluster] = None) -> int:
    """Play a board set and print the same-board comparison; 2 for a bad file."""
    try:
        header, boards = read_board_set(args.boards)
        stop = None if args.limit is None else args.start + args.limit
        out = args.per_board.open("w", encoding="ascii") if args.per_board else None
        try:
            if out is not None:
                out.write("# index won guesses cpu_seconds\n")
            total = header.header.get("games_requested", "")
            expected = int(total) - args.start if total.isdigit() else 0
            if args.limit is not None:
                expected = min(expected, args.limit) if expected else args.limit
            results = play_board_set(
                header,
                boards,
                args.jobs,
                args.without,
                args.start,
                stop,
                out,
                Progress(expected) if expected > 0 else None,
                cluster,
            )
        finally:
            if out is not None:
                out.close()
    except ValueError as error:
        print(f"benchmark.py: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    if not results:
        size = f" of {int(total):,}" if total.isdigit() else ""
        print(
            f"benchmark.py: {args.boards} has no board at index {args.start:,} or after "
            f"(the boards{size} are numbered from 0); choose a smaller --start",
            file=sys.stderr,
        )
        return 2
    report = paired_report(results)
    name = (
        f"{args.boards.name} ({header.height}x{header.width}, {header.mines} mines, {header.rule})"
    )
    print(json.dumps(report) if args.json else format_paired(report, name))
    if report["safe_errors"] or report["crashes"]:
        print(f"FAILED: safe-call errors or crashes: {report['crashes']}", file=sys.stderr)
        return 1
    return 0


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run the benchmark; 0 when every call was right, 1 otherwise, 2 for bad arguments."""
    args = parse_args(argv)
    name, board = args.board
    if args.compare:
        try:
            compared = compare_report(*args.compare)
        except (ValueError, OSError) as error:
            print(f"benchmark.py: {error}", file=sys.stderr)
            return 2
        print(json.dumps(compared) if args.json else format_compare(compared, *args.compare))
        return 0
    if args.write_boards:
        write_board_set(args.write_boards, board, args.rule, args.seed, args.games)
        print(f"wrote {args.games:,} boards of {name} ({args.rule}) to {args.write_boards}")
        return 0
    if args.stress:
        return run_stress(args.json)
    if args.exact:
        exact = exact_report(board, args.rule, args.jobs)
        print(json.dumps(exact) if args.json else format_exact(exact))
        return 0
    cluster = None
    if args.scheduler is not None:
        try:
            cluster = Cluster(args.scheduler)
        except ClusterError as error:
            print(f"benchmark.py: {error}", file=sys.stderr)
            return 2
        print(f"cluster {args.scheduler}: {cluster.workers} workers", file=sys.stderr)
    try:
        return run_on(args, cluster)
    finally:
        if cluster is not None:
            cluster.close()


def run_on(args: argparse.Namespace, cluster: Optional[Cluster]) -> int:
    """Play the games (or the board set) on local processes or on the cluster."""
    if args.boards:
        return run_board_set(args, cluster)
    name, board = args.board
    started = time.perf_counter()
    try:
        tallies = tally_games(
            board,
            args.rule,
            args.seed,
            args.games,
            args.players,
            args.jobs,
            Progress(args.games),
            args.without,
            cluster,
        )
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    # Each player's first PROBLEMS_KEPT problem games are listed; all are counted.
    found = sorted((p for t in tallies.values() for p in t.problems), key=lambda p: p["game"])
    count = sum(t.problem_count for t in tallies.values())
    report = {
        "board": {"name": name, "height": board[0], "width": board[1], "mines": board[2]},
        "rule": args.rule,
        "games": args.games,
        "seed": args.seed,
        "jobs": cluster.workers if cluster is not None else args.jobs,
        "scheduler": args.scheduler,
        "without": list(args.without),
        "wall_seconds": time.perf_counter() - started,
        "players": {player: t.figures() for player, t in tallies.items()},
        "ok": not count,
        "problems": found,
        "problem_games": count,
    }
    print(json.dumps(report) if args.json else format_table(report))
    if count:
        print(
            f"FAILED: {count} games with safe-call errors, stuck players or crashes:",
            file=sys.stderr,
        )
        for problem in found[:10]:
            print(f"  {problem}", file=sys.stderr)
        return 1
    if not args.json:
        print("\nOK: no safe-call errors, no stuck player, no crash.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
