"""The player's statistics per board, and the window's settings, kept in the user's data folder.

Both are small JSON files. A file that cannot be read or makes no sense is
never a crash and never silently lost: it is renamed aside (with the time in
its name), a message says so, and play goes on with a fresh record.
"""

from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Optional

from .places import data_dir

TOP_TIMES = 5


@dataclass
class BoardStats:
    """One board's record: games, wins, streaks, and the best times with their dates."""

    games: int = 0
    wins: int = 0
    streak: int = 0  # the current run of wins
    best_streak: int = 0
    best_times: list[tuple[float, str]] = field(default_factory=list)  # (seconds, date)

    def rate(self) -> float:
        """Return the share of games won (0 before any game)."""
        return self.wins / self.games if self.games else 0.0


def set_aside(path: Path, why: str) -> str:
    """Rename a bad file out of the way; return the message that says what happened."""
    aside = path.with_name(f"{path.name}.unreadable-{time.strftime('%Y%m%d-%H%M%S')}")
    try:
        path.rename(aside)
    except OSError as error:
        return f"{path.name} could not be read ({why}) nor set aside ({error}); starting afresh."
    return f"{path.name} could not be read ({why}); kept as {aside.name}, starting afresh."


def load_json(path: Path) -> tuple[Optional[dict[str, Any]], str]:
    """Return a JSON object from path (None when absent or bad) and a message for a bad one."""
    if not path.exists():
        return None, ""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as error:
        return None, set_aside(path, type(error).__name__)
    if not isinstance(data, dict):
        return None, set_aside(path, "not a JSON object")
    return data, ""


def save_json(path: Path, data: dict[str, Any]) -> str:
    """Write data to path atomically (a temporary file renamed); return "" or the problem."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(path.name + ".tmp")
        temporary.write_text(json.dumps(data, indent=1, sort_keys=True), encoding="utf-8")
        temporary.replace(path)
    except OSError as error:
        return f"Could not save {path.name}: {error}."
    return ""


class Statistics:
    """Every board's record, read at start and written after each finished game."""

    def __init__(self, path: Optional[Path] = None) -> None:
        self.path = path if path is not None else data_dir() / "statistics.json"
        self.boards: dict[str, BoardStats] = {}
        data, self.message = load_json(self.path)
        if data is not None:
            try:
                for key, entry in data.get("boards", {}).items():
                    times = [(float(s), str(d)) for s, d in entry.get("best_times", [])]
                    self.boards[str(key)] = BoardStats(
                        int(entry["games"]),
                        int(entry["wins"]),
                        int(entry["streak"]),
                        int(entry["best_streak"]),
                        sorted(times)[:TOP_TIMES],
                    )
            except (KeyError, TypeError, ValueError, AttributeError) as error:
                self.boards = {}
                self.message = set_aside(self.path, type(error).__name__)

    def record(self, board: str, won: bool, seconds: float) -> BoardStats:
        """Count a finished game on a board and save; return the board's record."""
        stats = self.boards.setdefault(board, BoardStats())
        stats.games += 1
        if won:
            stats.wins += 1
            stats.streak += 1
            stats.best_streak = max(stats.best_streak, stats.streak)
            stats.best_times.append((tenths(seconds), time.strftime("%Y-%m-%d")))
            stats.best_times = sorted(stats.best_times)[:TOP_TIMES]
        else:
            stats.streak = 0
        problem = save_json(
            self.path, {"boards": {k: asdict(v) for k, v in sorted(self.boards.items())}}
        )
        if problem:
            self.message = problem
        return stats

    def lines(self, board: str) -> list[str]:
        """Return a board's record in a few lines of words."""
        stats = self.boards.get(board)
        if stats is None or not stats.games:
            return [f"{board}: no games finished yet."]
        out = [
            f"{board}: {stats.games} game{'s' * (stats.games != 1)}, {stats.wins} won "
            f"({100 * stats.rate():.0f}%), streak {stats.streak}, best streak {stats.best_streak}."
        ]
        if stats.best_times:
            times = ", ".join(f"{s:.1f} s ({d})" for s, d in stats.best_times)
            out.append(f"Best times: {times}.")
        return out


def tenths(seconds: float) -> float:
    """Return a game's time as the window shows it: tenths of a second, floored, at least 0.1."""
    return max(int(seconds * 10) / 10, 0.1)


class Settings:
    """The window's remembered choices: first-click rule, question marks, the AI's flags."""

    RULES = ("safe", "opening", "none")

    def __init__(self, path: Optional[Path] = None) -> None:
        self.path = path if path is not None else data_dir() / "settings.json"
        self.first_click = "safe"
        self.question_marks = True
        self.ai_flags = False  # when True the AI flags every mine it knows as it plays
        data, self.message = load_json(self.path)
        if data is not None:
            rule = data.get("first_click", "safe")
            marks = data.get("question_marks", True)
            flags = data.get("ai_flags", False)
            if rule in self.RULES and isinstance(marks, bool) and isinstance(flags, bool):
                self.first_click, self.question_marks, self.ai_flags = rule, marks, flags
            else:
                self.message = set_aside(self.path, "unknown values")

    def save(self) -> str:
        """Write the settings; return "" or the problem."""
        return save_json(
            self.path,
            {
                "first_click": self.first_click,
                "question_marks": self.question_marks,
                "ai_flags": self.ai_flags,
            },
        )
