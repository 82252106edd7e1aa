"""The worst positions we can build, each played in a fresh process: slowest call, peak memory.

    python -m bench.stress --scale small --case 2 --moves 40 [--memory BYTES]

plays one case of bench.worst on from its built position (at most --moves
moves, through the one play loop) and prints one JSON object: the slowest
time of each call (telling the AI the position, mine_probabilities, choose,
make_move), the process's peak memory and how many calls were wrong (a cell
called safe that is a mine, or called a mine that is not). `benchmark.py
--stress` runs every full-size case this way; tests/test_budgets.py every
small one, under a memory limit.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from collections.abc import Sequence
from typing import Any, Optional

from bench.play import Player, move_kind, play
from bench.worst import cases
from sweeper import Cell
from sweeper.judge import judge, seen
from sweeper.solver import Solver

CALLS = ("mine_probabilities", "choose", "make_move")
JUDGED = 5  # moves whose cell the judge also weighs (the built position is the hardest)
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def timed_player(timings: dict[str, float]) -> Player:
    """Return the tank player that first calls each looking call, keeping each one's slowest.

    On its first JUDGED moves it also asks the judge about a hidden cell.
    """
    judged = [0]

    def player(ai: Solver) -> tuple[Optional[Cell], str]:
        if judged[0] < JUDGED:
            judged[0] += 1
            view = seen(ai.height, ai.width, ai.revealed, ai.total_mines)
            target = min(view.unknown, default=None)
            if target is not None:
                start = time.process_time()
                judge(view, target, "safe")
                timings["judge"] = max(timings["judge"], time.process_time() - start)
        for call in CALLS[:-1]:
            start = time.process_time()
            getattr(ai, call)()
            timings[call] = max(timings[call], time.process_time() - start)
        start = time.process_time()
        cell = ai.make_move()
        timings["make_move"] = max(timings["make_move"], time.process_time() - start)
        return cell, move_kind(ai, ai.last_decision)

    return player


def probe(scale: str, index: int, moves: int) -> dict[str, Any]:
    """Build one worst case, play on from it, and return its figures."""
    name, build = cases(scale)[index]
    start = time.process_time()
    game, ai = build()
    timings = {"tell": time.process_time() - start, **dict.fromkeys(CALLS, 0.0), "judge": 0.0}
    # Play on: the worst call is often a later one, with no safe cell known.
    played = play(game, ai, timed_player(timings), moves=moves)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {
        "case": name,
        "seconds": timings,
        "peak_mb": peak,
        "wrong": played.safe_errors,
        "crash": played.crash,
    }


def run_stress(as_json: bool) -> int:
    """Run each full-size worst case in a fresh process; print time and peak memory per call."""
    results: list[dict[str, Any]] = []
    for index, (name, _) in enumerate(cases("full")):
        command = [sys.executable, "-m", "bench.stress", "--case", str(index)]
        done = subprocess.run(command, capture_output=True, text=True, timeout=600, cwd=ROOT)
        if done.returncode != 0:
            results.append({"case": name, "error": done.stderr.strip().splitlines()[-1:]})
        else:
            results.append(json.loads(done.stdout.strip().splitlines()[-1]))
        if not as_json:
            print(stress_line(results[-1]))
    if as_json:
        print(json.dumps(results))
    bad = [r for r in results if "error" in r or r.get("wrong") or r.get("crash")]
    return 1 if bad else 0


def stress_line(r: dict[str, Any]) -> str:
    """Return one case's figures as a line of text."""
    if "error" in r:
        return f"{r['case']}: FAILED {r['error']}"
    seconds: dict[str, float] = r["seconds"]
    calls = ", ".join(f"{k} {v:.2f} s" for k, v in seconds.items())
    crash = f"; CRASHED {r['crash']}" if r["crash"] else ""
    return f"{r['case']}: {calls}; peak {r['peak_mb']:.0f} MB; wrong calls {r['wrong']}{crash}"


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Probe one case and print its figures as JSON; 0 when every call was right."""
    parser = argparse.ArgumentParser(prog="python -m bench.stress", description=__doc__)
    parser.add_argument("--scale", choices=("small", "full"), default="full")
    parser.add_argument("--case", type=int, required=True, help="the case's index in the list")
    parser.add_argument("--moves", type=int, default=200, help="moves at most (default 200)")
    parser.add_argument("--memory", type=int, help="a limit on the address space, in bytes")
    args = parser.parse_args(argv)
    count = len(cases(args.scale))
    if not 0 <= args.case < count:
        parser.error(f"argument --case: the {args.scale} cases are numbered 0 to {count - 1}")
    if args.memory is not None:
        resource.setrlimit(resource.RLIMIT_AS, (args.memory, args.memory))
    found = probe(args.scale, args.case, args.moves)
    print(json.dumps(found))
    return 1 if found["wrong"] or found["crash"] else 0


if __name__ == "__main__":
    sys.exit(main())
