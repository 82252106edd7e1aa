"""Trials of candidate techniques on a board set, paired with today's AI on the same boards.

A candidate changes the AI's play only at certain positions: the opening
book at one position, a larger endgame search where 400 to N arrangements
remain, the deeper look where the look-ahead's best cells nearly tie. So a
trial plays today's AI on every board once, with *probes* that record, per
board, whether the game passed a position where a candidate could act (a
probe returns nothing, so the moves are today's AI's, the same as
`benchmark.py --boards`); then each candidate is played only on the boards
where its probe fired. On every other board the candidate's game is today's
game, move for move, so its result is copied (the probes are conservative:
a board where the candidate would act but chose the same cell is played
too, and its moves compared). Checked by playing a candidate on boards its
probe did not fire on: the same moves (see tests/test_trial.py and --check).

    python -m bench.trial base --boards SET --out runs/base.jsonl
    python -m bench.trial deeper --boards SET --triggered runs/base.jsonl --out runs/deeper.jsonl
    python -m bench.trial --report runs/base.jsonl runs/deeper.jsonl --per-board runs/deeper

One JSON line per board: index, won, guesses, CPU seconds, the slowest
move (ms), a digest of the moves, and the probes' findings. --report
writes two --per-board files (today's AI and the candidate, every board)
for `benchmark.py --compare`, and prints the pairing.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from typing import Any, Optional

from bench.paired import compare_report, format_compare, read_per_board
from bench.play import opening_with, play, tank
from bench.runs import streamed
from bench.stats import cpu_figures, mcnemar_p, paired_counts, paired_interval
from sweeper import Decision, Position, Solution, Strategy, default_strategies
from sweeper.board import Cell, parse_cell
from sweeper.boardsets import BoardSet, SetBoard, read_board_set, seen_from, turned
from sweeper.book import Book, Key, format_key, key_of
from sweeper.deeper import DeeperLook
from sweeper.game import Game, derive_seed
from sweeper.search import SEARCH_CONFIGS
from sweeper.solver import Solver
from sweeper.strategies import Endgame, LookAhead

A1_IS_1: Key = (16, 30, 99, "safe", (((0, 0), 1),))  # expert, after A1 showed 1
PROBE_LIMIT = 100_000  # arrangements: the largest endgame a probe records


# -- the candidates ---------------------------------------------------------------------


def variant(spec: str) -> tuple[Strategy, ...]:
    """Return the strategies of a named variant of today's AI.

    base: today's; book[:CELL]: the opening book first (CELL: a book of one
    line, that cell at A1 = 1 on expert); deeper[:TIE]: the deeper
    look at near ties (TIE a fraction, default 1/100); endgame:N[:BUDGET]:
    the endgame search from N arrangements (BUDGET visits).
    """
    name, _, arg = spec.partition(":")
    base = default_strategies()
    if name == "base":
        return base
    if name == "book":  # book: the repository's book; book:CELL: that cell at A1 = 1 on expert
        book = Book(entries=((A1_IS_1, parse_cell(arg)),)) if arg else Book()
        return (base[0], book, *base[1:])
    if name == "deeper":
        tie = Fraction(arg) if arg else Fraction(1, 100)
        return tuple(DeeperLook(look=s, tie=tie) if isinstance(s, LookAhead) else s for s in base)
    if name == "endgame":
        configs, _, budget = arg.partition(":")
        return tuple(
            replace(s, configs=int(configs), budget=int(budget) if budget else s.budget)
            if isinstance(s, Endgame)
            else s
            for s in base
        )
    raise ValueError(f"unknown variant {spec!r}: base, book, deeper[:TIE], endgame:N[:BUDGET]")


def triggered(spec: str, probes: dict[str, Any]) -> bool:
    """True when a baseline game's probes say the variant could have played otherwise."""
    name, _, arg = spec.partition(":")
    if name == "book":
        entries = ((A1_IS_1, (0, 0)),) if arg else Book().entries
        return any(format_key(k, (0, 0)) == probes.get("book") for k, _ in entries)
    if name == "deeper":
        tie = Fraction(arg) if arg else Fraction(1, 100)
        gap = probes.get("gap")
        return gap is not None and Fraction(gap) <= tie
    if name == "endgame":
        configs = int(arg.partition(":")[0])
        least = probes.get("configs")
        return least is not None and least <= configs
    return True


# -- probes: watch today's AI, change nothing ---------------------------------------------


@dataclass
class Findings:
    """What the probes saw in one game."""

    book: Optional[str] = None  # the first guess's position, when only numbers are known
    configs: Optional[int] = None  # the fewest arrangements above SEARCH_CONFIGS at a guess
    gap: Optional[Fraction] = None  # the smallest relative gap between the two best scores

    def as_json(self) -> dict[str, Any]:
        """Return the findings for a JSON line."""
        return {
            "book": self.book,
            "configs": self.configs,
            "gap": None if self.gap is None else str(self.gap),
        }


@dataclass(frozen=True)
class Probe:
    """A strategy that never answers: it records where the candidates could act."""

    found: Findings
    name: str = "probe"

    def __call__(self, position: Position, solution: Solution) -> Optional[Decision]:
        key = key_of(position)
        if key is not None and key[4] and self.found.book is None:
            self.found.book = format_key(key, (0, 0))
        left = position.mines_left
        weight = solution.weight
        if left is not None and solution.exact and SEARCH_CONFIGS < weight <= PROBE_LIMIT:
            least = self.found.configs
            self.found.configs = min(weight, least or weight)
        return None


@dataclass(frozen=True)
class Watched:
    """The look-ahead, unchanged, recording how close its two best living scores were."""

    look: LookAhead
    found: Findings
    name: str = "look-ahead"

    def __call__(self, position: Position, solution: Solution) -> Optional[Decision]:
        decision = self.look(position, solution)
        if decision is not None:
            scored = [c.score for c in decision.alternatives if c.score is not None and not c.dead]
            if len(scored) >= 2 and scored[0]:
                gap = (scored[0] - scored[1]) / scored[0]
                if self.found.gap is None or gap < self.found.gap:
                    self.found.gap = gap
        return decision


def probed(found: Findings) -> tuple[Strategy, ...]:
    """Return today's strategies with the probes in: the same moves, and findings recorded."""
    base = default_strategies()
    watched = tuple(Watched(s, found) if isinstance(s, LookAhead) else s for s in base)
    return (Probe(found), *watched)


# -- one board ----------------------------------------------------------------------------


@dataclass
class TrialResult:
    """One game of a trial."""

    index: int
    won: bool = False
    guesses: int = 0
    cpu: float = 0.0
    slowest_ms: float = 0.0
    moves: str = ""  # a digest of the cells played, in order
    found: Findings = field(default_factory=Findings)
    crash: str = ""
    safe_errors: int = 0

    def line(self) -> str:
        """Return the board's JSON line."""
        return json.dumps(
            {
                "index": self.index,
                "won": self.won,
                "guesses": self.guesses,
                "cpu": round(self.cpu, 6),
                "slowest_ms": round(self.slowest_ms, 3),
                "moves": self.moves,
                "probes": self.found.as_json(),
                "crash": self.crash,
                "safe_errors": self.safe_errors,
            }
        )


def play_trial_board(board: SetBoard, header: BoardSet, spec: str) -> TrialResult:
    """Play one board of a set with a variant (probes in when it is base), as --boards does."""
    result = TrialResult(board.index)
    started = time.process_time()
    try:
        strategies = probed(result.found) if spec == "base" else variant(spec)
        h, w = header.height, header.width
        ai = Solver(
            h,
            w,
            header.mines,
            first_click=header.rule,
            seed=derive_seed(board.game_seed, "ai"),
            strategies=strategies,
            record=False,
        )
        t0 = time.perf_counter()
        first = ai.make_move()
        first_ms = (time.perf_counter() - t0) * 1000
        if first is None:
            raise RuntimeError("the AI made no first click")
        symmetry = seen_from(first, board.first, h, w)
        if symmetry is None:
            raise RuntimeError(f"board {board.index}: no symmetry maps our first click")
        game = Game.from_mines(h, w, turned(board.mines, symmetry, h, w))
        cells: list[Cell] = []

        def player(ai: Solver) -> tuple[Optional[Cell], str]:
            cell, kind = opening(ai)
            if cell is not None:
                cells.append(cell)
            return cell, kind

        opening = opening_with(first, tank)
        played = play(game, ai, player)
        result.won, result.guesses = played.won, played.guesses
        result.safe_errors, result.crash = played.safe_errors, played.crash
        result.slowest_ms = max([first_ms, *played.move_ms])
        digest = hashlib.blake2b(repr(cells).encode(), digest_size=8)
        result.moves = digest.hexdigest()
    except Exception as error:  # a crash is a result to report
        result.crash = f"{type(error).__name__}: {error}"
    finally:
        result.cpu = time.process_time() - started
    return result


TrialTask = tuple[list[SetBoard], BoardSet, str]


def play_trial_chunk(task: TrialTask) -> list[TrialResult]:
    """Play a chunk of boards (a task for a process)."""
    boards, header, spec = task
    return [play_trial_board(b, header, spec) for b in boards]


def chunks_of(
    boards: Iterator[SetBoard], keep: Callable[[SetBoard], bool], size: int = 20
) -> Iterator[list[SetBoard]]:
    """Yield the boards to keep, in chunks."""
    chunk: list[SetBoard] = []
    for board in boards:
        if keep(board):
            chunk.append(board)
            if len(chunk) == size:
                yield chunk
                chunk = []
    if chunk:
        yield chunk


def read_lines(path: Path) -> dict[int, dict[str, Any]]:
    """Read a trial's JSON lines: board index -> its record."""
    found: dict[int, dict[str, Any]] = {}
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                record = json.loads(line)
                found[record["index"]] = record
    return found


def run_trial(
    spec: str,
    boards_path: Path,
    out: Path,
    jobs: int,
    start: int,
    limit: Optional[int],
    base: Optional[Path],
    check: bool = False,
) -> None:
    """Play a variant on a set's boards (those its probe fired on, when base is given)."""
    header, boards = read_board_set(boards_path)
    stop = None if limit is None else start + limit
    fired: Optional[set[int]] = None
    if base is not None:
        records = read_lines(base)
        fired = {k for k, r in records.items() if triggered(spec, r["probes"]) != check}

    def keep(board: SetBoard) -> bool:
        if board.index < start or (stop is not None and board.index >= stop):
            return False
        return fired is None or board.index in fired

    done = 0
    begun = time.perf_counter()
    with out.open("w", encoding="utf-8") as handle:
        tasks = ((chunk, header, spec) for chunk in chunks_of(boards, keep))
        for chunk in streamed(play_trial_chunk, tasks, jobs):
            for r in chunk:
                handle.write(r.line() + "\n")
            handle.flush()
            done += len(chunk)
            rate = done / max(time.perf_counter() - begun, 1e-9)
            print(f"{done} boards, {rate:.1f}/s", file=sys.stderr, flush=True)


def report(
    base_path: Path, cand_path: Path, per_board: Optional[Path], limit: Optional[int] = None
) -> str:
    """Pair a candidate's trial with today's: every board, copied where its probe did not fire.

    limit: the candidate was played on the first `limit` boards only; the rest are left out.
    """
    base = {k: r for k, r in read_lines(base_path).items() if limit is None or k < limit}
    cand = {k: r for k, r in read_lines(cand_path).items() if k in base}
    merged = {k: cand.get(k, r) for k, r in base.items()}
    played = [k for k in cand if k in base]
    same = sum(cand[k]["moves"] == base[k]["moves"] for k in played)
    lines = [
        f"{len(base):,} boards; the candidate played {len(played):,} (its probe fired), "
        f"{same:,} of them with today's moves, {len(played) - same:,} with other moves"
    ]
    stem = per_board or Path(cand_path).with_suffix("")
    before, after = Path(f"{stem}.base.per"), Path(f"{stem}.per")
    for path, records in ((before, base), (after, merged)):
        with path.open("w", encoding="ascii") as handle:
            for k in sorted(records):
                r = records[k]
                handle.write(f"{k} {int(r['won'])} {r['guesses']} {r['cpu']:.6f}\n")
    compared = compare_report(before, after)
    lines.append(format_compare(compared, before, after))
    slow = max(cand.values(), key=lambda r: r["slowest_ms"], default=None)
    if slow is not None:
        lines.append(
            f"  slowest move of the candidate: {slow['slowest_ms']:.0f} ms "
            f"(board {slow['index']}); today's: "
            f"{max(r['slowest_ms'] for r in base.values()):.0f} ms"
        )
    extra = [cand[k]["cpu"] - base[k]["cpu"] for k in played]
    if extra:
        lines.append(
            f"  extra CPU on the boards it played: "
            f"{1000 * sum(extra) / len(extra):+.1f} ms a board, "
            f"{1000 * sum(extra) / len(base):+.2f} ms a board over every board"
        )
    crashes = [r for r in cand.values() if r["crash"] or r["safe_errors"]]
    lines.append(f"  crashes or safe-call errors: {len(crashes)}")
    return "\n".join(lines)


def against_set(per_board: Path, set_path: Path) -> str:
    """Pair a --per-board file (ours) with a board set's recorded results (the other solver's)."""
    ours = read_per_board(per_board)
    _, boards = read_board_set(set_path)
    theirs = {b.index: (bool(b.won), b.cpu_ns / 1e9) for b in boards if b.won is not None}
    common = sorted(ours.keys() & theirs.keys())
    both, only_ours, only_theirs, neither = paired_counts(
        (ours[k][0], theirs[k][0]) for k in common
    )
    delta, low, high = paired_interval(both, only_ours, only_theirs, neither)
    n = len(common)
    our_cpu = cpu_figures([ours[k][1] for k in common])
    their_cpu = cpu_figures([theirs[k][1] for k in common])
    return "\n".join(
        [
            f"{n:,} boards: ours {both + only_ours:,} ({100 * (both + only_ours) / n:.2f}%), "
            f"theirs {both + only_theirs:,} ({100 * (both + only_theirs) / n:.2f}%)",
            f"  both {both:,}, only theirs {only_theirs:,}, only ours {only_ours:,}, "
            f"neither {neither:,}",
            f"  difference (ours - theirs) {100 * delta:+.2f} points, 95% "
            f"[{100 * low:+.2f}, {100 * high:+.2f}], McNemar exact p = "
            f"{mcnemar_p(only_ours, only_theirs):.3g}",
            f"  CPU per game (recorded; not back to back): ours {our_cpu['mean']:.1f} ms, "
            f"theirs {their_cpu['mean']:.1f} ms",
        ]
    )


def main(argv: Optional[Sequence[str]] = None) -> int:
    """The command line (see the module's docstring)."""
    parser = argparse.ArgumentParser(prog="python -m bench.trial")
    parser.add_argument("variant", nargs="?", help="base, book, deeper[:TIE], endgame:N[:BUDGET]")
    parser.add_argument("--boards", type=Path)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--limit", type=int)
    parser.add_argument("--triggered", type=Path, help="base's trial: play only where it fired")
    parser.add_argument(
        "--check", action="store_true", help="with --triggered: play where it did NOT fire"
    )
    parser.add_argument("--report", nargs=2, type=Path, metavar=("BASE", "CANDIDATE"))
    parser.add_argument("--per-board", type=Path, help="with --report: the files' stem")
    parser.add_argument(
        "--against", nargs=2, type=Path, metavar=("PER_BOARD", "SET"), help="pair with a set"
    )
    args = parser.parse_args(argv)
    if args.against:
        print(against_set(args.against[0], args.against[1]))
        return 0
    if args.report:
        print(report(args.report[0], args.report[1], args.per_board, args.limit))
        return 0
    if not args.variant or not args.boards or not args.out:
        parser.error("a variant, --boards and --out are needed")
    variant(args.variant)  # a bad name fails before any game
    run_trial(
        args.variant,
        args.boards,
        args.out,
        args.jobs,
        args.start,
        args.limit,
        args.triggered,
        args.check,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
