"""Each player's figures, gathered game by game in flat memory, and the table that shows them."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Optional

from bench.play import LOSSES
from bench.stats import wilson

if TYPE_CHECKING:
    from bench.runs import Record

PROBLEMS_KEPT = 100  # games with a problem listed in full; the rest are counted


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
        self.deal_ms = Spread()
        self.no_guess = 0  # games played to their end without a single guess
        self.no_guess_wins = 0
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
        if not r.guesses:
            self.no_guess += 1
            self.no_guess_wins += r.won
        for ms in r.move_ms:
            self.moves.add(ms)
        self.game_ms.add(r.game_ms)
        self.deal_ms.add(r.deal_ms)
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
            "ms_per_deal": {
                "p50": self.deal_ms.quantile(0.50),
                "p99": self.deal_ms.quantile(0.99),
                "max": self.deal_ms.largest,
            },
            "games_per_second": 1000 * games / self.game_ms.total if self.game_ms.total else 0.0,
            "moves": moves,
            "moves_per_game": moves / games if games else 0.0,
            "kinds": dict(self.kinds),
            "guesses": self.kinds["guess"],
            "guess_share": self.kinds["guess"] / moves if moves else 0.0,
            "guesses_per_game": self.kinds["guess"] / games if games else 0.0,
            "games_without_guess": self.no_guess,
            "wins_without_guess": self.no_guess_wins,
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
    ("deal ms p50 (first reveal)", lambda f: f"{f['ms_per_deal']['p50']:.1f}"),
    ("deal ms p99", lambda f: f"{f['ms_per_deal']['p99']:.1f}"),
    ("deal ms max", lambda f: f"{f['ms_per_deal']['max']:.1f}"),
    ("moves per game", lambda f: f"{f['moves_per_game']:.1f}"),
    ("guesses, share of moves", lambda f: f"{100 * f['guess_share']:.2f}%"),
    ("guesses, all games", lambda f: f"{f['guesses']}"),
    ("guesses per game", lambda f: f"{f['guesses_per_game']:.2f}"),
    ("games with no guess", lambda f: f"{f['games_without_guess']}"),
    ("  of them won", lambda f: f"{f['wins_without_guess']}"),
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


def counted(number: int, word: str) -> str:
    """Return "1 job", "2 jobs": a number with its word, in the plural when it is not 1."""
    return f"{number} {word}{'s' * (number != 1)}"


def format_table(report: dict[str, Any]) -> str:
    """Return the report as a heading and one column per player."""
    b = report["board"]
    size = f"{b['height']}x{b['width']}"
    named = "" if b["name"] == f"{size}x{b['mines']}" else f"{b['name']} "
    lines = [
        f"{named}{size} with {counted(b['mines'], 'mine')}, "
        f"first click {report['rule']!r}: {counted(report['games'], 'game')}, "
        f"seed {report['seed']}, {counted(report['jobs'], 'job')}, "
        f"{report['wall_seconds']:.1f} s"
        + (f"; the AI without {','.join(report['without'])}" if report.get("without") else ""),
        "",
        f"{'':26}" + "".join(f"{p:>16}" for p in report["players"]),
    ]
    for label, show in ROWS:
        cells = "".join(f"{show(f):>16}" for f in report["players"].values())
        lines.append(f"{label:26}{cells}")
    return "\n".join(lines)
