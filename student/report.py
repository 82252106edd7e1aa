"""The student check's figures: one object for --json, and the table with the first problem.

The words for a problem are made by words/student.py and handed in
(`describe`), so that the benchmark's part and the window say it alike.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from .check import BEYOND, CS50_FIRST_CLICK, KINDS, Problem, Tally

# The figures' names in --json, kind by kind.
KEYS = {
    "unsafe move": "unsafe_moves",
    "wrong mark": "wrong_marks",
    "wrong sentence": "wrong_sentences",
    "missed inference": "missed_inferences",
    "error": "errors",
    "timeout": "timeouts",
    BEYOND: "beyond_cs50_rules",
}
RULE_WORDS = {
    "none": "the mines placed before the first move, which may hit one (CS50's rules)",
    "safe": "the first move kept clear of mines",
    "opening": "the first move on a 0",
    "no-guess": "boards that need no guess",
}


def problem_entry(problem: Problem, describe: Callable[[Problem], str]) -> dict[str, Any]:
    """Return a problem as --json gives it: seed, move, kind, what (one line)."""
    return {"seed": problem.seed, "move": problem.move, "kind": problem.kind,
            "what": describe(problem)}  # fmt: skip


def student_report(
    tally: Tally,
    *,
    path: Path,
    seed: int,
    board: tuple[int, int, int],
    rule: str,
    limit: float,
    asked: int,
    describe: Callable[[Problem], str],
) -> dict[str, Any]:
    """Return the run's figures as one object (the --json output)."""
    first = tally.first_problem
    report: dict[str, Any] = {
        "student": str(path),
        "games": tally.games,
        "wins": tally.wins,
        **{KEYS[kind]: tally.counts[kind] for kind in (*KINDS, BEYOND)},
        "first_problem": None if first is None else problem_entry(first, describe),
        "ok": tally.faults == 0,
        "games_asked": asked,
        "stopped_early": tally.stopped,
        "seed": seed,
        "seeds": [seed, seed + tally.games - 1],
        "board": {"height": board[0], "width": board[1], "mines": board[2]},
        "first_click": rule,
        "time_limit": limit,
        "games_with": {KEYS[kind]: tally.games_with[kind] for kind in (*KINDS, BEYOND)},
        "first_of": {
            KEYS[kind]: {"seed": p.seed, "move": p.move} for kind, p in tally.first.items()
        },
        "problems": [problem_entry(p, describe) for p in tally.problems],
    }
    return report


def format_student(report: dict[str, Any], why: Sequence[str]) -> str:
    """Return the table of every kind of problem, then the first problem, why, and how to see it."""
    board = report["board"]
    low, high = report["seeds"]
    lines = [
        f"Their AI: {report['student']}",
        f"{report['games']} games of {board['height']}x{board['width']} with {board['mines']} "
        f"mines, {RULE_WORDS.get(report['first_click'], report['first_click'])}; "
        f"seeds {low} to {high}; {report['time_limit']:g} s a call at most",
    ]
    if report["stopped_early"]:
        lines.append(f"Stopped early: {report['stopped_early']}")
    lines += [f"Won {report['wins']} of {report['games']}.", ""]
    lines.append(f"{'problem':<20} {'found':>6} {'in games':>9}  first")
    for kind in (*KINDS, BEYOND):
        key = KEYS[kind]
        at = report["first_of"].get(key)
        where = "" if at is None else f"seed {at['seed']}, move {at['move']}"
        row = f"{kind:<20} {report[key]:>6,} {report['games_with'][key]:>9,}  {where}"
        lines.append(row.rstrip())
    lines.append(f"({BEYOND}: a cell only counting or the mine count proves safe; not a fault)")
    first = report["first_problem"]
    if first is not None:
        lines += ["", f"The first problem: seed {first['seed']}, move {first['move']}, "
                  f"{first['kind']}", first["what"]]  # fmt: skip
        lines += [f"  {line}" for line in why]
        size = f"{board['height']}x{board['width']}x{board['mines']}"
        other = "" if size == "8x8x8" else f" --board {size}"
        if report["first_click"] != CS50_FIRST_CLICK:
            other += f" --first-click {report['first_click']}"
        lines.append(f"See it move by move: runner.py --student {report['student']} "
                     f"--seed {first['seed']}{other}")  # fmt: skip
    return "\n".join(lines)
