"""The statistics: Wilson intervals, quantiles, paired differences, McNemar's exact test."""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from fractions import Fraction

Z95 = 1.959963984540054  # the standard normal quantile for a two-sided 95% interval


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
