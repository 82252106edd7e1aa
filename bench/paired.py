"""Same-board comparisons: our results beside a set's, or two of our runs before and after."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench.sets import BoardResult
from bench.stats import cpu_figures, mcnemar_p, paired_counts, paired_interval


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
        "guesses": sum(r.guesses for r in played),
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
    lines.append(f"  our guesses {report['guesses']:,} ({report['guesses'] / n:.2f} a board)")
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
    if not path.exists():
        raise ValueError(f"{path}: no such file")
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
