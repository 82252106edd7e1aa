"""The player's records per board, kept in the data folder's statistics.json.

A small JSON file, trusted with what a player keeps (the file's side is
store/files.py: atomic writes, locks, a damaged file set aside):
- Records are merged under a lock: each finished game locks the folder's
  lock file, reads the file afresh, adds the game and writes it back, so
  two windows on one folder never lose a game.
- Damage costs as little as possible: a file that cannot be read at all is
  renamed aside; one bad board entry, or one bad game in an entry, costs
  only that entry (a copy of the file is kept aside). What went wrong
  waits in `note` for the window to say at start-up (words/records.py).
- A file from a newer version (a higher "version") is never written to,
  renamed or copied: its records are shown, no game goes into it, and the
  window says why. Keys this version does not know (at the top, in a
  board's entry, in a game) are kept through every rewrite.
- Every started game is on the record at once (the "started" games): a
  game goes there at its first click, with a lock file in `playing/` that
  its window holds while it lives. A game finished, left or saved leaves
  the list; one still there at a start whose lock nobody holds (its window
  was killed, or the power went) counts as a loss then.

Glossary
--------
Assisted   a game in which the player saw help: the mines, the odds or the
           AI's conclusions, or a board whose mines were already shown. It
           counts apart and never in the wins, streaks or best times.
3BV        the fewest clicks that clear the board (sweeper/scores.py).
Efficiency 3BV / clicks.
Counted    the identities of the saved games the records have counted
           (store/saves.py): one game, one record, however often its
           save is played again.
Started    a game between its first click and its end (finished, left or
           saved), kept in the file under a token of its own.
"""

from __future__ import annotations

import contextlib
import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from store.files import (
    held,
    keep_copy,
    locked,
    newer_version,
    read_json,
    set_aside,
    unknown,
    write_atomically,
)
from store.notes import NO_BOARDS, RECORDS_FILE, Fault, LeftOut, Newer, Note, Reset
from store.places import data_dir
from sweeper.scores import tenths

TOP_TIMES = 5
RECENT_GAMES = 100  # the games kept in full (3BV, clicks, ...) per board, newest last
VERSION = 2


# -- one game, one board ----------------------------------------------------------------


@dataclass
class GameRecord:
    """One finished game: won or lost, its time, date, 3BV, clicks, and whether it was assisted."""

    won: bool
    seconds: float
    date: str
    bbbv: Optional[int] = None
    clicks: int = 0
    assisted: bool = False
    extra: dict[str, Any] = field(default_factory=dict, compare=False)  # keys of newer versions

    @property
    def bbbv_per_second(self) -> Optional[float]:
        """Return 3BV per second of a won game (None otherwise)."""
        if not self.won or self.bbbv is None or self.seconds <= 0:
            return None
        return self.bbbv / self.seconds

    @property
    def efficiency(self) -> Optional[float]:
        """Return 3BV / clicks of a won game (None otherwise)."""
        if not self.won or self.bbbv is None or not self.clicks:
            return None
        return self.bbbv / self.clicks

    def to_json(self) -> dict[str, Any]:
        """Return the game as stored: the measures and the figures made from them."""
        rate, eff = self.bbbv_per_second, self.efficiency
        return self.extra | {
            "won": self.won,
            "seconds": self.seconds,
            "date": self.date,
            "bbbv": self.bbbv,
            "clicks": self.clicks,
            "bbbv_per_second": None if rate is None else round(rate, 3),
            "efficiency": None if eff is None else round(eff, 3),
            "assisted": self.assisted,
        }

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        """Return a stored game; TypeError or ValueError when it is not one."""
        if not isinstance(data, dict) or not isinstance(data.get("won"), bool):
            raise ValueError("not a game")
        bbbv = data.get("bbbv")
        clicks = data.get("clicks", 0)
        assisted = data.get("assisted", False)
        if bbbv is not None and not is_count(bbbv):
            raise ValueError("bad 3BV")
        if not is_count(clicks) or not isinstance(assisted, bool):
            raise ValueError("bad clicks or assisted")
        game = cls(
            data["won"], _seconds(data["seconds"]), str(data["date"]), bbbv, clicks, assisted
        )
        game.extra = unknown(data, GAME_KEYS)
        return game


GAME_KEYS = (
    *("won", "seconds", "date", "bbbv", "clicks", "bbbv_per_second", "efficiency", "assisted"),
)
BOARD_KEYS = ("games", "wins", "streak", "best_streak", "best_times", "assisted", "recent")
FILE_KEYS = ("version", "boards", "counted", "started")


def is_count(value: Any) -> bool:
    """True when value is a whole number of 0 or more (not a bool)."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _seconds(value: Any) -> float:
    """Return a stored time in seconds; ValueError unless it is a number of 0 or more."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value < 1e9:
        raise ValueError(f"bad time {value!r}")
    return float(value)


@dataclass
class BoardStats:
    """One board's record: unassisted games, wins, streaks, best times; assisted games apart."""

    games: int = 0
    wins: int = 0
    streak: int = 0  # the current run of wins
    best_streak: int = 0
    best_times: list[tuple[float, str]] = field(default_factory=list)  # (seconds, date)
    assisted_games: int = 0
    assisted_wins: int = 0
    recent: list[GameRecord] = field(default_factory=list)  # the last RECENT_GAMES, both kinds
    extra: dict[str, Any] = field(default_factory=dict)  # keys of newer versions, kept

    def rate(self) -> float:
        """Return the share of unassisted games won (0 before any game)."""
        return self.wins / self.games if self.games else 0.0

    def add(self, game: GameRecord) -> None:
        """Count one finished game."""
        self.recent = (self.recent + [game])[-RECENT_GAMES:]
        if game.assisted:
            self.assisted_games += 1
            self.assisted_wins += game.won
            return
        self.games += 1
        if not game.won:
            self.streak = 0
            return
        self.wins += 1
        self.streak += 1
        self.best_streak = max(self.best_streak, self.streak)
        self.best_times = sorted(self.best_times + [(game.seconds, game.date)])[:TOP_TIMES]

    def best(self, measure: str) -> Optional[float]:
        """Return the best bbbv_per_second or efficiency of the recent unassisted wins."""
        values = [getattr(g, measure) for g in self.recent if not g.assisted]
        return max((v for v in values if v is not None), default=None)

    def to_json(self) -> dict[str, Any]:
        """Return the record as stored."""
        return self.extra | {
            "games": self.games,
            "wins": self.wins,
            "streak": self.streak,
            "best_streak": self.best_streak,
            "best_times": [list(t) for t in self.best_times],
            "assisted": {"games": self.assisted_games, "wins": self.assisted_wins},
            "recent": [g.to_json() for g in self.recent],
        }

    @classmethod
    def from_json(cls, data: Any) -> tuple[BoardStats, int]:
        """Return a stored record and how many bad games in it were left out; ValueError if bad.

        The counts must make sense (no more wins than games); a bad game
        among the recent ones costs only that game.
        """
        if not isinstance(data, dict):
            raise ValueError("not an object")
        counts = [data[k] for k in ("games", "wins", "streak", "best_streak")]
        assisted = data.get("assisted", {"games": 0, "wins": 0})
        if not isinstance(assisted, dict):
            raise ValueError("bad assisted counts")
        counts += [assisted.get("games", 0), assisted.get("wins", 0)]
        if not all(is_count(c) for c in counts):
            raise ValueError("a count is not a whole number")
        games, wins, streak, best_streak, a_games, a_wins = counts
        if wins > games or streak > wins or best_streak > wins or a_wins > a_games:
            raise ValueError("the counts do not add up")
        times = [(_seconds(s), str(d)) for s, d in data.get("best_times", [])]
        recent, bad = [], 0
        for game in data.get("recent", []):
            try:
                recent.append(GameRecord.from_json(game))
            except (KeyError, TypeError, ValueError):
                bad += 1
        stats = cls(games, wins, streak, best_streak, sorted(times)[:TOP_TIMES], a_games, a_wins)
        stats.recent = recent[-RECENT_GAMES:]
        stats.extra = unknown(data, BOARD_KEYS)
        return stats, bad


# -- the records ---------------------------------------------------------------------


class Statistics:
    """Every board's record: read at start, merged into the file after each finished game.

    The one place where a game goes on the record: begin() when it starts
    (its first click), end() when it is saved, record() when it is finished
    or left, count_left() at a start for the games whose window is gone.
    """

    def __init__(self, path: Optional[Path] = None) -> None:
        self.path = path if path is not None else data_dir() / "statistics.json"
        self.boards: dict[str, BoardStats] = {}
        self.counted: set[str] = set()  # the saved games already counted, by identity
        self.started: dict[str, dict[str, Any]] = {}  # token -> a started game (see begin)
        self.extra: dict[str, Any] = {}  # keys of newer versions, written back as read
        self.newer: Optional[Newer] = None  # the file is a newer version's: left as it is
        self.note: Optional[Note] = None  # what went wrong with the file, for the window to say
        self.refresh()

    def refresh(self) -> None:
        """Read the records afresh (another window may have added games)."""
        if not self.path.exists():  # nothing to read: make no folder and no lock file
            self._load()
            return
        with locked(self.path):
            self._load()

    def _load(self) -> None:
        """Read the file into self.boards; a bad entry costs only itself (a copy kept aside).

        A file of a newer version is read for the eye only: nothing is set
        aside, copied or written.
        """
        data, text, problem = read_json(self.path)
        self.boards, self.counted, self.started, self.extra = {}, set(), {}, {}
        self.newer = None
        if problem is not None:
            self.note = problem
        if data is None:
            return
        self.newer = newer_version(self.path, data, VERSION, RECORDS_FILE)
        if self.newer is not None:
            self.note = self.newer
        self.extra = unknown(data, FILE_KEYS)
        counted = data.get("counted", [])
        if isinstance(counted, list):
            self.counted = {g for g in counted if isinstance(g, str)}
        started = data.get("started", {})
        if isinstance(started, dict):
            self.started = {str(k): v for k, v in started.items() if isinstance(v, dict)}
        boards = data.get("boards", {})
        if not isinstance(boards, dict):
            if not self.newer:
                self.note = set_aside(self.path, Fault(NO_BOARDS))
            return
        bad_entries, bad_games = [], 0
        for key, entry in boards.items():
            try:
                self.boards[str(key)], bad = BoardStats.from_json(entry)
                bad_games += bad
            except (KeyError, TypeError, ValueError):
                bad_entries.append(str(key))
        if (bad_entries or bad_games) and not self.newer:
            # Said once: the copy keeps the file as it was, and the file is written without them.
            copy = keep_copy(self.path, text)
            self.note = LeftOut(self.path, tuple(bad_entries), bad_games, copy)
            if copy is not None:
                self._save()

    def _save(self) -> Optional[Note]:
        """Write the records (the caller holds the lock); return None or what went wrong."""
        if self.newer is not None:
            return self.newer
        data = self.extra | {
            "version": VERSION,
            "boards": {k: v.to_json() for k, v in sorted(self.boards.items())},
            "counted": sorted(self.counted),
            "started": self.started,
        }
        return write_atomically(self.path, json.dumps(data, indent=1, sort_keys=True))

    # -- a game's way onto the record --------------------------------------------------

    def alive_path(self, token: str) -> Path:
        """Return the lock file a window holds while its started game token lives."""
        return self.path.parent / "playing" / f"{token}.lock"

    def begin(self, token: str, game: dict[str, Any]) -> Optional[Note]:
        """Put a started game on the record under token (again, to change it); None or a problem.

        game: board (the records' name), assisted, identity, bbbv, clicks,
        seconds and date: what its loss is counted with if its window is lost.
        """
        with locked(self.path):
            self._load()
            self.started[token] = game
            return self._save()

    def end(self, token: str) -> Optional[Note]:
        """Take a started game off the record uncounted (its save holds it); None or a problem."""
        with locked(self.path):
            self._load()
            if self.started.pop(token, None) is None:
                return None
            return self._save()

    def record(
        self,
        board: str,
        won: bool,
        seconds: float,
        *,
        bbbv: Optional[int] = None,
        clicks: int = 0,
        assisted: bool = False,
        identity: str = "",
        token: Optional[str] = None,
    ) -> Optional[GameRecord]:
        """Count a finished game, merged into the file under its lock; return it as counted.

        None when it is not counted: the file is a newer version's, or the
        started game token was counted already (as left, by another start).
        A saved game's identity (store/saves.py) is kept: a game already
        counted under it was seen, and counts again only as assisted.
        """
        with locked(self.path):
            self._load()
            if self.newer is not None:
                return None
            if token is not None and self.started.pop(token, None) is None:
                return None
            assisted = assisted or identity in self.counted
            if identity:
                self.counted.add(identity)
            day = time.strftime("%Y-%m-%d")
            game = GameRecord(won, tenths(seconds), day, bbbv, clicks, assisted)
            self.boards.setdefault(board, BoardStats()).add(game)
            problem = self._save()
        if problem is not None:
            self.note = problem
        return game

    def count_left(self) -> list[dict[str, Any]]:
        """Count as a loss every started game whose window is gone; return them (at a start).

        A game whose lock a living window holds is left alone: it is being played.
        """
        if self.newer is not None or not self.started and not self.path.exists():
            return []
        with locked(self.path):
            self._load()
            if self.newer is not None:
                return []
            left = {t: g for t, g in self.started.items() if not held(self.alive_path(t))}
            for token, game in left.items():
                del self.started[token]
                self._count_left(game)
            problem = self._save() if left else None
            if problem is not None:
                self.note = problem
                return []
            # Lock files of games on no record (left by a window that died before writing
            # its line, or counted just now), unless a window holds one, go.
            folder = self.path.parent / "playing"
            for path in folder.glob("*.lock") if folder.is_dir() else []:
                if path.stem not in self.started and not held(path):
                    with contextlib.suppress(OSError):
                        path.unlink()
        return list(left.values())

    def _count_left(self, game: dict[str, Any]) -> None:
        """Add one left game's loss to the records (what it held when last written)."""
        try:
            record = GameRecord.from_json(
                {"won": False, "seconds": game.get("seconds", 0.0), "date": game.get("date", "")}
                | {k: game[k] for k in ("bbbv", "clicks", "assisted") if k in game}
            )
        except (KeyError, TypeError, ValueError):
            record = GameRecord(False, 0.0, str(game.get("date", "")), assisted=True)
        identity = game.get("identity")
        if isinstance(identity, str) and identity:
            record.assisted = record.assisted or identity in self.counted
            self.counted.add(identity)
        self.boards.setdefault(str(game.get("board", "Custom")), BoardStats()).add(record)

    def was_counted(self, identity: str) -> bool:
        """True when the saved game of this identity is already in the records (read afresh)."""
        self.refresh()
        return bool(identity) and identity in self.counted

    def reset(self, board: Optional[str] = None) -> Note:
        """Forget one board's record, or every one (the file before is kept aside); return what
        was done (Reset), or why nothing was."""
        with locked(self.path):
            self._load()
            if self.newer is not None:
                return self.newer
            keep: Optional[Path] = None
            problem: Optional[Note]
            if self.path.exists():
                keep = self.path.with_name(self.path.name + ".before-reset")
                problem = write_atomically(keep, self.path.read_text(encoding="utf-8"))
                if problem is not None:
                    return problem
            if board is None:
                self.boards = {}
            else:
                self.boards.pop(board, None)
            problem = self._save()
        return problem if problem is not None else Reset(board, keep)

    def overview(self) -> list[OverviewRow]:
        """Return one row per board with games, read afresh from the file."""
        self.refresh()
        return [
            OverviewRow(
                board,
                s.games,
                s.wins,
                s.best_times[0][0] if s.best_times else None,
                s.best_streak,
                s.best("bbbv_per_second"),
                s.best("efficiency"),
                s.assisted_games,
            )
            for board, s in sorted(self.boards.items())
            if s.games or s.assisted_games
        ]


@dataclass(frozen=True)
class OverviewRow:
    """One board in the records overview (only unassisted games, except `assisted`)."""

    board: str
    games: int
    wins: int
    best_time: Optional[float]
    best_streak: int
    best_bbbv_per_second: Optional[float]
    best_efficiency: Optional[float]
    assisted: int

