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
  its window holds while it lives. A game finished or left leaves the
  list. A game saved and left stays on it, its line naming the save it
  waits in: it counts when it is finished from there, and a start whose
  window does not reopen it counts it as a loss (as one whose save is
  gone). A line still there at a start whose lock nobody holds (its window
  was killed, or the power went) counts as a loss then.
- No result is lost without a word: a finished game whose write fails (the
  disk full) is handed back with the failure, kept (in this window, and in
  its lock file's room when it has one) and written with the next write
  that succeeds; the next start counts a result its lock file kept. Its
  started line comes off in the same write that counts it: nothing counts
  twice.
- A data folder that cannot be written to (read-only) is read and shown,
  never written: `read_only` says so, beside `newer`.

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
Started    a game between its first click and its end (finished or left),
           kept in the file under a token of its own; a line with "save"
           waits in that save.
Pending    a finished game not written yet (the disk full): kept in memory,
           written with the next write that succeeds.
Settled    what a start did with a started game nobody plays: counted as a
           loss, counted as the result its lock file kept, or left waiting
           in its save.
"""

from __future__ import annotations

import contextlib
import json
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Optional

from store.files import (
    Alive,
    held,
    keep_copy,
    kept_in,
    locked,
    newer_version,
    read_json,
    set_aside,
    unknown,
    write_atomically,
)
from store.notes import (
    NO_BOARDS,
    RECORDS_FILE,
    Fault,
    LeftOut,
    Newer,
    Note,
    NotWritten,
    ReadOnly,
    Reset,
    Unsaved,
)
from store.places import data_dir, read_only
from store.saves import holds_game
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


# What a start did with a started game nobody plays (Settled.how).
LEFT = "left"  # its window went without a word: a loss
KEPT = "kept"  # its result, kept in its lock file when it could not be written: counted so
SAVE_GONE = "save-gone"  # it waited in a save that is gone or not whole: a loss
NOT_REOPENED = "not-reopened"  # it waited in a save this start did not reopen: a loss
WAITS = "waits"  # it waits in its save still (this start plays no game of its own)


@dataclass(frozen=True)
class Settled:
    """A started game nobody plays, as a start found it: its line, how it counted, its record."""

    line: dict[str, Any]
    how: str  # LEFT, KEPT, SAVE_GONE, NOT_REOPENED or WAITS
    record: Optional[GameRecord] = None  # as counted (None: WAITS)


@dataclass(frozen=True)
class Counted:
    """A finished game handed to the records: as counted (None: not counted), and what went
    wrong (a newer file, a read-only folder, or Unsaved: kept to be written later)."""

    game: Optional[GameRecord]
    problem: Optional[Note] = None


@dataclass
class Pending:
    """A finished game not written yet: its board, record, identity, started line and hold."""

    board: str
    game: GameRecord
    identity: str
    token: Optional[str]
    alive: Optional[Alive]  # its lock, held while it waits: no start counts it as left
    kept: bool = False  # in its lock file's room too: the next start counts it

    def let_go(self) -> None:
        """Let go of the game's lock (it is written, or counted elsewhere)."""
        if self.alive is not None:
            self.alive.close()


def _close(alive: Optional[Alive]) -> None:
    """Let go of a game's lock, when there is one."""
    if alive is not None:
        alive.close()


class Statistics:
    """Every board's record: read at start, merged into the file after each finished game.

    The one place where a game goes on the record: begin() when it starts
    (its first click; again when it changes, or waits in its save), record()
    when it is finished or left, count_left() at a start for the games whose
    window is gone.
    """

    def __init__(self, path: Optional[Path] = None) -> None:
        self.path = path if path is not None else data_dir() / "statistics.json"
        self.boards: dict[str, BoardStats] = {}
        self.counted: set[str] = set()  # the saved games already counted, by identity
        self.started: dict[str, dict[str, Any]] = {}  # token -> a started game (see begin)
        self.extra: dict[str, Any] = {}  # keys of newer versions, written back as read
        self.newer: Optional[Newer] = None  # the file is a newer version's: left as it is
        self.read_only: Optional[ReadOnly] = read_only(self.path.parent)  # read, never written
        self.note: Optional[Note] = None  # what went wrong with the file, for the window to say
        self.pending: list[Pending] = []  # finished games not written yet, oldest first
        self._folded: list[Pending] = []  # the pending games in self.boards as last read
        self.tried_at = 0.0  # when the pending games were last tried (time.monotonic)
        self.refresh()

    @property
    def writable(self) -> bool:
        """True when games may be written: the file is no newer version's, the folder not
        read-only."""
        return self.newer is None and self.read_only is None

    def refresh(self) -> None:
        """Read the records afresh (another window may have added games)."""
        if not self.path.exists():  # nothing to read: make no folder and no lock file
            self._load()
            return
        with locked(self.path):
            self._load()

    def _load(self) -> None:
        """Read the file, then add the games waiting to be written (see _fold)."""
        self._read()
        self._fold()

    def _read(self) -> None:
        """Read the file into self.boards; a bad entry costs only itself (a copy kept aside).

        A file of a newer version, or in a read-only folder, is read for the
        eye only: nothing is set aside, copied or written.
        """
        data, text, problem = read_json(self.path)
        self.boards, self.counted, self.started, self.extra = {}, set(), {}, {}
        self._folded = []
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
            if self.writable:
                self.note = set_aside(self.path, Fault(NO_BOARDS))
            return
        bad_entries, bad_games = [], 0
        for key, entry in boards.items():
            try:
                self.boards[str(key)], bad = BoardStats.from_json(entry)
                bad_games += bad
            except (KeyError, TypeError, ValueError):
                bad_entries.append(str(key))
        if (bad_entries or bad_games) and self.writable:
            # Said once: the copy keeps the file as it was, and the file is written without them.
            copy = keep_copy(self.path, text)
            self.note = LeftOut(self.path, tuple(bad_entries), bad_games, copy)
            if copy is not None:
                self._save()

    def _fold(self) -> None:
        """Add the finished games waiting to be written to the records as read.

        Each takes its started line off as it goes in, so the write that
        counts it is the one that ends it; one whose line another start
        took (no lock could tell it was played) is counted there, and dropped.
        """
        if not self.writable:
            return
        for waiting in list(self.pending):
            if waiting.token is not None and self.started.pop(waiting.token, None) is None:
                self.pending.remove(waiting)
                waiting.let_go()
                continue
            self._add(waiting.board, waiting.game, waiting.identity)
            self._folded.append(waiting)

    def _save(self) -> Optional[Note]:
        """Write the records (the caller holds the lock); return None or what went wrong.

        The pending games read in with them are written then, and let go.
        """
        if self.read_only is not None:
            return self.read_only
        if self.newer is not None:
            return self.newer
        data = self.extra | {
            "version": VERSION,
            "boards": {k: v.to_json() for k, v in sorted(self.boards.items())},
            "counted": sorted(self.counted),
            "started": self.started,
        }
        problem = write_atomically(self.path, json.dumps(data, indent=1, sort_keys=True))
        if problem is None:
            for written in self._folded:
                self.pending.remove(written)
                written.let_go()
            self._folded = []
        return problem

    def _add(self, board: str, game: GameRecord, identity: str) -> GameRecord:
        """Count one game in the records as read; return it as counted.

        A saved game's identity counted before makes it assisted: one game, one record.
        """
        game = replace(game, assisted=game.assisted or identity in self.counted)
        if identity:
            self.counted.add(identity)
        self.boards.setdefault(board, BoardStats()).add(game)
        return game

    # -- a game's way onto the record --------------------------------------------------

    def alive_path(self, token: str) -> Path:
        """Return the lock file a window holds while its started game token lives."""
        return playing_lock(self.path, token)

    def begin(self, token: str, game: dict[str, Any]) -> Optional[Note]:
        """Put a started game on the record under token (again, to change it); None or a problem.

        game: board (the records' name), assisted, identity, bbbv, clicks,
        seconds and date: what its loss is counted with if its window is lost;
        and save, the path of the save it waits in while it does.
        """
        if not self.writable:
            return self.read_only or self.newer
        with locked(self.path):
            self._load()
            self.started[token] = game
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
        alive: Optional[Alive] = None,
    ) -> Counted:
        """Count a finished game, merged into the file under its lock; return it as counted and
        what went wrong.

        Not counted (game None): the file is a newer version's or the folder
        read-only (the problem says which), or the started game token was
        counted already (as left, by another start). A saved game's identity
        (store/saves.py) is kept: a game already counted under it was seen,
        and counts again only as assisted; lines waiting in its saves end.
        A write that fails keeps the game pending (Unsaved): it is written
        with the next write that succeeds. alive: the game's lock, let go
        once its result is written (held meanwhile, so no start counts it).
        """
        if self.read_only is not None:
            _close(alive)
            return Counted(None, self.read_only)
        day = time.strftime("%Y-%m-%d")
        played = GameRecord(won, tenths(seconds), day, bbbv, clicks, assisted)
        with locked(self.path):
            self._load()
            if self.newer is not None or token is not None and token not in self.started:
                _close(alive)
                return Counted(None, self.newer)
            self.started.pop(token or "", None)
            self._end_saved(identity)
            game = self._add(board, played, identity)
            problem = self._save()
        if problem is None:
            _close(alive)
            return Counted(game)
        self.note = problem
        result = played.to_json() | {"board": board, "identity": identity}
        kept = token is not None and alive is not None and alive.keep(json.dumps(result))
        self.pending.append(Pending(board, played, identity, token, alive, kept))
        failed = problem if isinstance(problem, NotWritten) else NotWritten(self.path, None, "")
        return Counted(game, Unsaved(failed, kept))

    def _end_saved(self, identity: str) -> None:
        """Take off the lines of this game waiting in a save that no window plays."""
        if not identity:
            return
        for token, line in list(self.started.items()):
            waits = line.get("identity") == identity and line.get("save")
            if waits and not held(self.alive_path(token)):
                del self.started[token]

    def write_pending(self) -> Optional[Note]:
        """Try again to write the finished games waiting; return None once every one is."""
        if not self.pending:
            return None
        self.tried_at = time.monotonic()
        with locked(self.path):
            self._load()
            return self._save() if self._folded else None

    def adopt(self, identity: str) -> tuple[Optional[str], Optional[Alive]]:
        """Take over the line of a game waiting in its save (this window reopened it): its
        token and the lock now held; (None, None) when no line waits, or a window plays it."""
        if not identity or not self.writable:
            return None, None
        self.refresh()
        for token, line in self.started.items():
            if line.get("identity") == identity and line.get("save"):
                alive = Alive(self.alive_path(token), wait=False)
                if alive.holds:
                    return token, alive
        return None, None

    def count_left(self, settle: bool = True) -> list[Settled]:
        """Count every started game whose window is gone (at a start); return what was found.

        A game whose lock a living window holds is left alone: it is being
        played. One that waits in a whole save counts when finished from
        there: settle (this start plays another game of the player's) counts
        it as a loss now, else it waits on. A result its lock file kept
        (the disk was full) counts as that result.
        """
        if not self.writable or not self.started and not self.path.exists():
            return []
        with locked(self.path):
            self._load()
            if not self.writable:
                return []
            found, ended = [], False
            for token, line in list(self.started.items()):
                if held(self.alive_path(token)):
                    continue
                how = self._how_left(token, line, settle)
                if how == WAITS:
                    found.append(Settled(line, WAITS))
                    continue
                del self.started[token]
                ended = True
                if how:  # "" : a save's game counted already (finished from a copy)
                    kept = kept_in(self.alive_path(token)) if how == KEPT else None
                    found.append(Settled(line, how, self._count_left(line, kept)))
            problem = self._save() if ended else None
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
        return found

    def _how_left(self, token: str, line: dict[str, Any], settle: bool) -> str:
        """Return how a started game nobody plays counts now (see Settled; "" : not at all)."""
        kept = kept_in(self.alive_path(token))
        if kept is not None and isinstance(kept.get("won"), bool):
            return KEPT
        save, identity = line.get("save"), line.get("identity")
        if not isinstance(save, str) or not save:
            return LEFT
        if isinstance(identity, str) and identity in self.counted:
            return ""
        if not isinstance(identity, str) or not holds_game(Path(save), identity):
            return SAVE_GONE
        return NOT_REOPENED if settle else WAITS

    def _count_left(
        self, game: dict[str, Any], kept: Optional[dict[str, Any]] = None
    ) -> GameRecord:
        """Add one left game to the records: a loss as its line last said, or the result kept."""
        facts = kept if kept is not None else game | {"won": False}
        try:
            record = GameRecord.from_json(
                {"won": facts["won"], "seconds": facts.get("seconds", 0.0)}
                | {"date": facts.get("date", "")}
                | {k: facts[k] for k in ("bbbv", "clicks", "assisted") if k in facts}
            )
        except (KeyError, TypeError, ValueError):
            record = GameRecord(False, 0.0, str(game.get("date", "")), assisted=True)
        identity = game.get("identity")
        identity = identity if isinstance(identity, str) else ""
        return self._add(str(game.get("board", "Custom")), record, identity)

    def was_counted(self, identity: str) -> bool:
        """True when the saved game of this identity is already in the records (read afresh)."""
        self.refresh()
        return bool(identity) and identity in self.counted

    def reset(self, board: Optional[str] = None) -> Note:
        """Forget one board's record, or every one (the file before is kept aside); return what
        was done (Reset), or why nothing was."""
        if self.read_only is not None:
            return self.read_only
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


def playing_lock(path: Path, token: str) -> Path:
    """Return the lock file of the started game token, beside the records file at path."""
    return path.parent / "playing" / f"{token}.lock"


def waiting_saves(path: Optional[Path] = None) -> list[Path]:
    """Return the saves that games wait in, no window playing them, the newest first.

    A look at the records file that changes nothing: a bad or newer file
    waits for the window to read it (and say so), and gives none.
    """
    path = path if path is not None else data_dir() / "statistics.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    if not isinstance(data, dict) or newer_version(path, data, VERSION, RECORDS_FILE):
        return []
    started, counted = data.get("started"), data.get("counted", [])
    if not isinstance(started, dict) or not isinstance(counted, list):
        return []
    found = []
    for token, line in started.items():
        save = line.get("save") if isinstance(line, dict) else None
        identity = line.get("identity") if isinstance(line, dict) else None
        if not isinstance(save, str) or not isinstance(identity, str) or identity in counted:
            continue
        if held(playing_lock(path, token)):
            continue
        with contextlib.suppress(OSError):
            if holds_game(Path(save), identity):
                found.append((Path(save).stat().st_mtime, Path(save)))
    return [save for _, save in sorted(found, reverse=True)]
