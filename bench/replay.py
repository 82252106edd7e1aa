"""See the boards that remain: the boards only the other side wins, and our game on one of them.

`only_theirs` pairs our --per-board file with another (a run of another
version) or with a board set's recorded results (the other solver's), and
lists the boards the other side won and we lost. `replay` plays our AI on
one board of the set exactly as `--boards` does and stops before its Nth
guess: up to the first guess every move is certain, so that is the first
moment where two players can part. It gives our cell, its odds and the
decision's reasons, and the position in the board notation, mines hidden,
for `runner.py --position FILE`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Optional

from bench.paired import read_per_board
from bench.play import Player, opening_with, play, tank
from bench.sets import set_game
from sweeper import Cell, Decision
from sweeper.board import cell_name
from sweeper.boardsets import BoardSet, SetBoard, read_board_set
from sweeper.game import Game
from sweeper.solver import Solver


def read_results(path: Path) -> dict[int, bool]:
    """Return board index -> won from a --per-board file or a board set's recorded results."""
    try:
        header, boards = read_board_set(path)
    except ValueError:  # not a board set: a --per-board file, or a ValueError saying why
        return {index: won for index, (won, _) in read_per_board(path).items()}
    return {b.index: b.won for b in boards if b.won is not None}


def only_theirs(ours: Path, theirs: Path) -> tuple[list[int], int]:
    """Return the boards theirs won and ours lost, in order, and how many boards both list."""
    a, b = read_results(ours), read_results(theirs)
    common = a.keys() & b.keys()
    if not common:
        raise ValueError(f"{ours} and {theirs} have no board index in common")
    return sorted(k for k in common if b[k] and not a[k]), len(common)


def format_only_theirs(boards: list[int], common: int, ours: Path, theirs: Path) -> str:
    """Return the list of boards only theirs won, ten to a line."""
    lines = [
        f"{len(boards):,} of {common:,} boards won by {theirs.name} and lost by {ours.name}"
        + (":" if boards else ".")
    ]
    for k in range(0, len(boards), 10):
        lines.append("  " + " ".join(str(i) for i in boards[k : k + 10]))
    if boards:
        lines.append(f"replay one: benchmark.py --boards SET --replay {boards[0]}")
    return "\n".join(lines)


@dataclass(frozen=True)
class Moment:
    """One move of our game: its kind, the AI's decision and the board before it (notation)."""

    cell: Optional[Cell]
    kind: str
    decision: Optional[Decision]
    before: str
    hit: bool = False  # filled in after the reveal: the cell was a mine


def recording(then: Player, game: Game, moments: list[Moment]) -> Player:
    """Return a player that plays as then and records each move with the board before it."""

    def player(ai: Solver) -> tuple[Optional[Cell], str]:
        before = game.to_text(hide_mines=True)
        cell, kind = then(ai)
        moments.append(Moment(cell, kind, ai.last_decision, before, cell in game.mines))
        return cell, kind

    return player


@dataclass(frozen=True)
class Replay:
    """Our game on one board of a set: every move, and whether it was won."""

    board: SetBoard
    header: BoardSet
    moments: list[Moment]
    won: bool

    def guesses(self) -> list[Moment]:
        """Return the moves that were guesses, in order."""
        return [m for m in self.moments if m.kind == "guess"]


def replay(path: Path, index: int, without: tuple[str, ...] = ()) -> Replay:
    """Play board `index` of a set as --boards plays it, recording every move."""
    header, boards = read_board_set(path)
    board = next((b for b in boards if b.index == index), None)
    if board is None:
        raise ValueError(f"{path} has no board {index}")
    found = set_game(board, header, without)
    if isinstance(found, str):
        raise ValueError(f"board {index} is not played: {found}")
    game, ai, first = found
    moments: list[Moment] = []
    played = play(game, ai, recording(opening_with(first, tank), game, moments))
    return Replay(board, header, moments, played.won)


def percent(p: Fraction) -> str:
    """Return a probability as a fraction and a percentage."""
    return f"{p} ({100 * float(p):.1f}%)"


def reasons(decision: Decision) -> list[str]:
    """Return the decision's reasons, from its data, one line each."""
    lines = [f"strategy {decision.strategy}; chance of a mine {percent(decision.probability)}"]
    if decision.approximate:
        lines.append("the odds are estimated: the frontier was too wide to count")
    if decision.lowest is not None and decision.lowest != decision.probability:
        lines.append(
            f"the lowest chance of a mine of any unknown cell is {percent(decision.lowest)}"
        )
    if decision.wins is not None and decision.games:
        lines.append(f"best play wins {decision.wins} of {decision.games} arrangements from here")
    for c in decision.alternatives[:5]:
        figures = [f"mine {percent(c.probability)}"]
        if c.safety_next is not None:
            figures.append(f"next safety {float(c.safety_next):.3f}")
        if c.progress is not None:
            figures.append(f"progress {float(c.progress):.3f}")
        if c.score is not None:
            figures.append(f"score {float(c.score):.4f}")
        if c.dead:
            figures.append("dead (its number can be only one value)")
        lines.append(f"weighed {cell_name(c.cell)}: " + ", ".join(figures))
    if decision.passed_over:
        lines.append("passed over: " + " ".join(cell_name(c) for c in decision.passed_over))
    return lines


def position_text(found: Replay, moment: Moment, number: int, name: str) -> str:
    """Return the board before that guess in the notation, mines hidden, with a title."""
    cell = cell_name(moment.cell) if moment.cell is not None else "?"
    # The title and the line under it are on screen in class: the guess and the result
    # go on a "# Teacher:" line, which the window never shows.
    return (
        f"# Board {found.board.index} of {name}: before guess {number}\n"
        f"# first-click rule {found.header.rule}\n"
        f"# Teacher: our guess was {cell}; our game was {'won' if found.won else 'lost'}\n"
        + moment.before
    )


def format_replay(found: Replay, number: int, name: str) -> tuple[str, str]:
    """Return the report of guess `number` of our game, and the position before it."""
    guesses = found.guesses()
    fatal = [k for k, m in enumerate(guesses, 1) if m.hit]
    ours = f"lost on guess {fatal[0]}" if fatal else ("won" if found.won else "lost")
    head = (
        f"board {found.board.index} of {name}: our game {ours}, "
        f"{len(found.moments)} moves and {len(guesses)} guess{'es' * (len(guesses) != 1)}"
        + ("" if found.board.won is None else f"; theirs {'won' if found.board.won else 'lost'}")
    )
    if not 1 <= number <= len(guesses):
        raise ValueError(f"{head}: there is no guess {number}")
    moment = guesses[number - 1]
    assert moment.cell is not None and moment.decision is not None
    lines = [
        head,
        f"guess {number} (move {found.moments.index(moment) + 1}): {cell_name(moment.cell)}, "
        + ("a mine: the game was lost there" if moment.hit else "safe"),
        *("  " + line for line in reasons(moment.decision)),
    ]
    return "\n".join(lines), position_text(found, moment, number, name)


def replay_report(
    path: Path, index: int, number: int = 1, without: Sequence[str] = ()
) -> tuple[str, str]:
    """Replay board index of the set at path; return the report of a guess and the position."""
    return format_replay(replay(path, index, tuple(without)), number, path.name)
