"""Benchmark: seeded headless games, win rate with a 95% interval, ms per move.

    python benchmark.py --board expert --first-click safe --games 1000 --seed 1 [--jobs N] [--json]

Two players meet the same game seeds in one run, side by side:
  tank   Solver.make_move (sweeper/solver.py): the knowledge base, then exact odds;
  cs50   the plain knowledge base: make_safe_move, else make_random_move.

Game i's seed comes from (--seed, i) alone, so the figures other than
timings are identical whatever --jobs is. A move's time is the whole AI
cost of that move: the decision plus the add_knowledge calls that follow.
A "safe-call error" is a move called safe that hits a mine, or, at the end
of a game, a cell in ai.safes that is a mine or in ai.mines that is not:
any of them, a player crash or a stuck player makes the exit status 1.

    python benchmark.py --student PATH/minesweeper.py --games 100 --seed 1 [--json]

checks a student's CS50 AI instead (student/check.py): their MinesweeperAI
plays seeded games, every call held against the real board and what the
numbers prove; exit 1 when anything is wrong, 2 when the file cannot be
checked.

This file is the command line only; the parts live in the bench package.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Optional

from bench.cluster import CLUSTER_INSTALL, Cluster, ClusterError
from bench.exact import exact_report, format_exact
from bench.figures import format_table
from bench.paired import compare_report, format_compare, format_paired, paired_report
from bench.play import PLAYERS
from bench.replay import format_only_theirs, only_theirs, replay_report
from bench.runs import Board, Progress, tally_games
from bench.sets import play_board_set, write_board_set
from bench.stress import run_stress
from student.check import CS50_FIRST_CLICK, StudentFileError, check_student
from student.process import LIMIT
from student.report import format_student, student_report
from sweeper import default_strategies
from sweeper.board import BOARDS, FIRST_CLICK_RULES, kept_clear, parse_board_size
from sweeper.boardsets import read_board_set
from sweeper.cli import OneLineParser, Option, option, run
from sweeper.strategies import TECHNIQUES
from words.student import problem_line, problem_lines

MAX_GAMES = 1_000_000  # a run's records are kept in memory for the figures
EXACT_LIMIT = 20_000  # mine placements --exact will search exhaustively
STUDENT_GAMES = 100  # --student's games when --games is not given


# ---------------------------------------------------------------------------
# The arguments
# ---------------------------------------------------------------------------


def board_named(text: str, rule: str) -> tuple[str, Board]:
    """Return the board's name for reports and its (rows, columns, mines); ValueError if wrong."""
    size = parse_board_size(text, rule=rule)
    key = text.strip().lower()
    return (key if key in BOARDS else size.spec), (size.height, size.width, size.mines)


def positive_float(text: str) -> float:
    """Parse a number above 0 (seconds)."""
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a number of seconds above 0, not {text!r}")
    return value


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
    parser = build_parser()
    args = parser.parse_args(argv)
    check_args(parser, args)
    return args


# Every option: its flags, and how argparse reads it.
OPTIONS: tuple[Option, ...] = (
    option(
        "--board",
        help=f"{', '.join(BOARDS)} or HxWxM, rows x columns x mines (default expert; "
        "with --student cs50)",
    ),
    option(
        "--first-click",
        "--rule",
        dest="rule",
        choices=FIRST_CLICK_RULES,
        help="the first-click rule (default safe; with --student none, CS50's rules); "
        "--rule is the same option",
    ),
    option(
        "--games",
        type=positive_int,
        help=f"games to play (default 1,000; with --student {STUDENT_GAMES}; "
        f"at most {MAX_GAMES:,})",
    ),
    option(
        "--seed",
        type=int,
        default=1,
        help="the run's seed: game i's board comes from (--seed, i) alone, so a run's "
        "figures, timings apart, repeat whatever --jobs is (default 1)",
    ),
    option(
        "--jobs",
        type=positive_int,
        default=os.cpu_count() or 1,
        help="worker processes (default: every core)",
    ),
    option(
        "--players",
        type=players_arg,
        default=tuple(PLAYERS),
        help="comma-separated, from tank,cs50 (default both)",
    ),
    option(
        "--without",
        type=techniques_arg,
        default=(),
        help="leave guess techniques out, comma-separated, from " + ",".join(TECHNIQUES),
    ),
    option(
        "--exact",
        action="store_true",
        help="small boards only: best play and the AI over every board, no sampling",
    ),
    option(
        "--boards",
        type=Path,
        metavar="FILE",
        help="play every board of a board set (its format: docs/benchmarking.md) and compare "
        "board by board with the results it records",
    ),
    option(
        "--start", type=int, default=0, metavar="K", help="with --boards: skip the first K boards"
    ),
    option("--limit", type=positive_int, metavar="N", help="with --boards: play at most N boards"),
    option(
        "--per-board",
        type=Path,
        metavar="FILE",
        help="with --boards: write one line per board: index, won, guesses, CPU seconds",
    ),
    option(
        "--compare",
        nargs=2,
        type=Path,
        metavar=("BEFORE", "AFTER"),
        help="compare two --per-board files of the same boards, board by board, and stop",
    ),
    option(
        "--only-theirs",
        nargs=2,
        type=Path,
        metavar=("OURS", "THEIRS"),
        help="list the boards THEIRS won and OURS lost: OURS a --per-board file, THEIRS another "
        "or a board set with its recorded results; and stop",
    ),
    option(
        "--replay",
        type=int,
        metavar="K",
        help="with --boards: play board K as --boards does and stop before our --guess N "
        "(default the first): our cell, its odds and reasons, and the position",
    ),
    option("--guess", type=positive_int, default=1, metavar="N", help="with --replay: which guess"),
    option(
        "--position-out",
        type=Path,
        metavar="FILE",
        help="with --replay: write the position before that guess for runner.py --position",
    ),
    option(
        "--write-boards",
        type=Path,
        metavar="FILE",
        help="write --games boards of --board and --rule from --seed as a board set, and stop",
    ),
    option(
        "--stress",
        action="store_true",
        help="play the worst positions we can build at full size (200 moves at most each): "
        "the slowest call of each kind and the peak memory",
    ),
    option(
        "--scheduler",
        metavar="ADDRESS",
        help="play on a Dask distributed cluster (for example tcp://10.0.0.5:8786) instead of "
        f"local processes; needs {CLUSTER_INSTALL}",
    ),
    option(
        "--patience",
        type=positive_int,
        default=30,
        metavar="SECONDS",
        help="with --scheduler: how long to wait for a worker, at the start or when every "
        "worker is gone (default 30)",
    ),
    option(
        "--student",
        type=Path,
        metavar="FILE",
        help="check a student's CS50 minesweeper.py: their MinesweeperAI plays --games seeded "
        "games (game i has seed --seed + i), every call held against the real board and what "
        "the numbers prove; exit 1 when anything is wrong",
    ),
    option(
        "--time-limit",
        type=positive_float,
        default=LIMIT,
        metavar="SECONDS",
        help=f"with --student: the longest a call to their AI may take (default {LIMIT:g})",
    ),
    option("--json", action="store_true", help="print one JSON object"),
)


def build_parser() -> OneLineParser:
    """Return the command-line parser, from the option table above."""
    parser = OneLineParser(
        prog="benchmark.py",
        description="Play seeded headless games and compare two players on the same seeds: "
        "tank, this project's AI (Solver.make_move: the knowledge base, then exact "
        "odds, the endgame search and its guessing strategies), and cs50, CS50's plain "
        "knowledge base (make_safe_move, else make_random_move).",
    )
    parser.add_options(OPTIONS)
    return parser


def check_args(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Check what no single option can: the board under its rule, options that go together."""
    if args.scheduler is not None:
        alone = [flag for flag in ("exact", "stress", "write_boards") if getattr(args, flag)]
        if alone:
            flag = "--" + alone[0].replace("_", "-")
            parser.error(f"argument --scheduler: {flag} runs on this machine only")
        if not args.scheduler.strip():
            parser.error("argument --scheduler: expected an address such as tcp://HOST:8786")
    student = args.student is not None
    args.board = args.board or ("cs50" if student else "expert")
    args.rule = args.rule or (CS50_FIRST_CLICK if student else "safe")
    args.games = args.games or (STUDENT_GAMES if student else 1000)
    if student:
        others = ("exact", "stress", "boards", "compare", "scheduler", "write_boards")
        alone = [flag for flag in (*others, "only_theirs") if getattr(args, flag)]
        if alone or args.replay is not None:
            flag = "--" + (alone[0] if alone else "replay").replace("_", "-")
            parser.error(f"argument --student: {flag} does not go with it")
    elif args.time_limit != LIMIT:
        parser.error("argument --time-limit: it goes with --student FILE")
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
    if args.replay is not None and not args.boards:
        parser.error("--replay K goes with --boards FILE, the set that holds board K")
    if (args.position_out or args.guess != 1) and args.replay is None:
        parser.error("--guess and --position-out go with --replay K")
    for name in ("per_board", "write_boards", "position_out"):
        target = getattr(args, name)
        if target is not None and (target.is_dir() or not target.parent.is_dir()):
            flag = "--" + name.replace("_", "-")
            parser.error(f"argument {flag}: cannot write {target} (a folder, or no such folder)")
    try:
        args.board = board_named(args.board, args.rule)
    except ValueError as error:
        parser.error(f"argument --board: {error}")
    if args.exact:
        check_exact(parser, args.board[1], args.rule)


def check_exact(parser: argparse.ArgumentParser, board: Board, rule: str) -> None:
    """Refuse --exact on a board with too many placements of its mines to search them all."""
    height, width, mines = board
    try:
        free = len(kept_clear((0, 0), height, width, rule))
    except ValueError:
        parser.error(f"argument --exact: the first-click rule {rule!r} has no exact search")
    placements = math.comb(height * width - free, mines)
    if placements > EXACT_LIMIT:
        many = f"{placements:,}" if placements < 10**12 else f"about {placements:.1e}"
        parser.error(
            f"argument --exact: {many} mine placements are too many to search "
            f"exhaustively (at most {EXACT_LIMIT:,}); try 4x4x5 or 4x5x4"
        )


# ---------------------------------------------------------------------------
# What to run
# ---------------------------------------------------------------------------


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run the benchmark; 0 when every call was right, 1 otherwise, 2 for bad arguments."""
    args = parse_args(argv)
    name, board = args.board
    if args.student is not None:
        return check_a_student(args)
    if args.compare:
        try:
            compared = compare_report(*args.compare)
        except (ValueError, OSError) as error:
            print(f"benchmark.py: {error}", file=sys.stderr)
            return 2
        print(json.dumps(compared) if args.json else format_compare(compared, *args.compare))
        return 0
    if args.only_theirs or args.replay is not None:
        return see_the_boards(args)
    if args.write_boards:
        write_board_set(args.write_boards, board, args.rule, args.seed, args.games)
        print(f"wrote {args.games:,} boards of {name} ({args.rule}) to {args.write_boards}")
        return 0
    if args.stress:
        return run_stress(args.json)
    if args.exact:
        try:
            exact = exact_report(board, args.rule, args.jobs)
        except ValueError as error:
            print(f"benchmark.py: --exact: {error}", file=sys.stderr)
            return 2
        print(json.dumps(exact) if args.json else format_exact(exact))
        return 1 if exact["ai"]["crashes"] else 0
    cluster = None
    if args.scheduler is not None:
        try:
            cluster = Cluster(args.scheduler, patience=args.patience)
        except ClusterError as error:
            print(f"benchmark.py: {error}", file=sys.stderr)
            return 2
        dashboard = cluster.dashboard
        print(
            f"cluster {args.scheduler}: {cluster.workers} workers"
            + (f"; dashboard {dashboard}" if dashboard else ""),
            file=sys.stderr,
        )
    try:
        return run_board_set(args, cluster) if args.boards else run_games(args, cluster)
    except ClusterError as error:
        print(f"benchmark.py: {error}", file=sys.stderr)
        return 2
    finally:
        if cluster is not None:
            cluster.close()


def check_a_student(args: argparse.Namespace) -> int:
    """Check a student's AI over seeded games; 0 when nothing is wrong, 1 when something is."""
    _, board = args.board
    progress = Progress(args.games)
    try:
        tally = check_student(
            args.student, args.games, args.seed, args.time_limit, board, args.rule,
            progress.advance,
        )  # fmt: skip
    except StudentFileError as error:
        print(f"benchmark.py: --student: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    finally:
        progress.close()
    report = student_report(
        tally, path=args.student, seed=args.seed, board=board, rule=args.rule,
        limit=args.time_limit, asked=args.games, describe=problem_line,
    )  # fmt: skip
    first = tally.first_problem
    if args.json:
        print(json.dumps(report))
    else:
        why = [] if first is None else problem_lines(first, tally.first_state, tally.first_mines)
        print(format_student(report, why))
    if tally.faults:
        print(f"FAILED: {tally.faults:,} problems in their AI's calls", file=sys.stderr)
        return 1
    if not args.json:
        print("\nOK: every call held against the board and the numbers; nothing wrong.")
    return 0


def see_the_boards(args: argparse.Namespace) -> int:
    """List the boards only the other side won, or replay one to a guess; 2 for a bad file."""
    try:
        if args.only_theirs:
            ours, theirs = args.only_theirs
            boards, common = only_theirs(ours, theirs)
            print(format_only_theirs(boards, common, ours, theirs))
            return 0
        report, position = replay_report(args.boards, args.replay, args.guess, args.without)
    except (ValueError, OSError) as error:
        print(f"benchmark.py: {error}", file=sys.stderr)
        return 2
    print(report)
    if args.position_out:
        args.position_out.write_text(position, encoding="utf-8")
        print(f"the position before it: {args.position_out} (runner.py --position FILE)")
    else:
        print("\n" + position, end="")
    return 0


def run_board_set(args: argparse.Namespace, cluster: Optional[Cluster] = None) -> int:
    """Play a board set and print the same-board comparison; 2 for a bad file."""
    try:
        header, boards = read_board_set(args.boards)
        stop = None if args.limit is None else args.start + args.limit
        out = args.per_board.open("w", encoding="ascii") if args.per_board else None
        finished = False
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
            finished = True
        finally:
            if out is not None:
                if not finished:  # what was played is kept, and said to be only part
                    out.write("# partial: the run stopped before its last board\n")
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
    if args.start or args.limit is not None:  # a part of the set: say which
        indices = [r.index for r in results]
        name += f", boards {min(indices):,} to {max(indices):,}"
    if args.without:
        name += f", without {','.join(args.without)}"
    print(json.dumps(report) if args.json else format_paired(report, name))
    if report["safe_errors"] or report["crashes"]:
        print(f"FAILED: safe-call errors or crashes: {report['crashes']}", file=sys.stderr)
        return 1
    return 0


def run_games(args: argparse.Namespace, cluster: Optional[Cluster]) -> int:
    """Play the seeded games on local processes or on the cluster; print the figures."""
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
    sys.exit(run(main))
