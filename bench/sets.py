"""Board sets: our AI on another solver's boards, board by board, and sets of our own written.

The format is sweeper/boardsets.py's (shared with other solvers' dumps). A
set's boards are played with our AI choosing its own first click; when that
is not the set's, the board is turned so that it is (a corner is a corner
seen from any side), and skipped when no symmetry maps one to the other.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Optional, TextIO

from bench.play import opening_with, play, tank
from bench.runs import Board, Progress, streamed
from sweeper import Cell, default_strategies
from sweeper.board import cell_name
from sweeper.boardsets import BoardSet, SetBoard, seen_from, turned, write_board_line
from sweeper.game import Game, derive_seed
from sweeper.solver import Solver

if TYPE_CHECKING:
    from bench.cluster import Cluster

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

    def line(self) -> str:
        """Return the board's --per-board line: index, won, guesses, CPU seconds[, skipped]."""
        skipped = f" skipped: {self.skipped}" if self.skipped else ""
        return f"{self.index} {int(self.won)} {self.guesses} {self.cpu:.6f}{skipped}"


def set_game(
    board: SetBoard, header: BoardSet, without: tuple[str, ...]
) -> tuple[Game, Solver, Cell] | str:
    """Return the game on one board of a set, our AI and its first click; or why it is skipped.

    The AI chooses its first click before it sees the board; the board is
    then turned so that the set's first click is ours.
    """
    h, w = header.height, header.width
    ai = Solver(
        h,
        w,
        header.mines,
        first_click=header.rule,
        seed=derive_seed(board.game_seed, "ai"),
        strategies=default_strategies(without),
        record=False,  # nobody reads a benchmark game's steps
    )
    first = ai.make_move()
    if first is None:
        raise RuntimeError("the AI made no first click")
    symmetry = seen_from(first, board.first, h, w)
    if symmetry is None:
        return (
            f"our first click {cell_name(first)} is not theirs, "
            f"{cell_name(board.first)}, seen from any side of the board"
        )
    return Game.from_mines(h, w, turned(board.mines, symmetry, h, w)), ai, first


def play_set_board(board: SetBoard, header: BoardSet, without: tuple[str, ...]) -> BoardResult:
    """Play one board of a set with our AI choosing its own first click."""
    result = BoardResult(board.index, theirs=board.won, their_cpu=board.cpu_ns / 1e9)
    started = time.process_time()
    try:
        found = set_game(board, header, without)
        if isinstance(found, str):
            result.skipped = found
            return result
        game, ai, first = found
        result.turned = first != board.first
        played = play(game, ai, opening_with(first, tank))
        result.won, result.guesses = played.won, played.guesses
        result.safe_errors, result.crash = played.safe_errors, played.crash
    except Exception as error:  # a crash is a result to report, not a reason to stop
        result.crash = f"{type(error).__name__}: {error}"
    finally:
        result.cpu = time.process_time() - started
    return result


SetTask = tuple[list[SetBoard], BoardSet, tuple[str, ...]]


def play_set_chunk(task: SetTask) -> list[BoardResult]:
    """Play a chunk of a set's boards (a task for a process or a worker)."""
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
    per_board: Optional[TextIO] = None,
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
                per_board.write(r.line() + "\n")
        if per_board is not None:
            per_board.flush()  # a run that stops keeps every board it finished
        if progress:
            progress.advance(len(chunk))
    if progress:
        progress.close()
    return results


def write_board_set(path: Path, board: Board, rule: str, seed: int, games: int) -> None:
    """Write a board set from our own seeded games (first click: our AI's), for others to play."""
    height, width, mines = board
    first = Solver(height, width, mines, first_click=rule).make_move()
    if first is None:
        raise ValueError(f"no cell of a {height}x{width} board with {mines} mines can be safe")
    with path.open("w", encoding="ascii") as handle:
        handle.write(
            f"# minesweeper-kb width={width} height={height} mines={mines} rule={rule} "
            f"seed={seed} games_requested={games}\n"
        )
        handle.write("# columns: idx result first_row first_col cpu_ns game_seed mines_hex\n")
        for i in range(games):
            game_seed = derive_seed(seed, i)
            game = Game(height, width, mines, seed=game_seed, first_click=rule)
            game.reveal(first)  # places the mines by the rule
            write_board_line(
                handle, SetBoard(i, None, first, 0, game_seed, frozenset(game.mines)), width
            )
        handle.write(f"# end games={games}\n")
