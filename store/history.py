"""The history: every finished game kept whole, to be reviewed click by click.

No pygame here. A game that ends (won, lost, or left and counted as a loss)
is kept as a game record (sweeper/review.py's text: the board with its
mines, a few facts, then every click, flag and chord with its time) in the
data folder's history/ folder, one file per game:
- a file per game is written once, whole, through a temporary file and a
  rename, so two windows never write the same file and a reader never sees
  half of one; the bound (the last N games, N the settings' history_games)
  is kept by deleting the oldest files under the folder's lock;
- a damaged file costs only its game: it is renamed aside
  (NAME.unreadable-TIME) and the window names it;
- each file is a record `runner.py --review FILE` reads as it is;
- a game that cannot be written (the disk full) waits in memory, handed
  back with the failure, and is written with the next try that succeeds.

A history file shows the mines. It is written only once its game is over,
so it tells nothing of a game in play (a save seals its mines instead:
store/saves.py).

The review's verdict counts are worked out once, away from the window's
thread (Judge), and added to the file as a '#= verdicts' line, so the
records view can list them without judging every game again.

Glossary
--------
Kept      one game of the history as the records view lists it: its file,
          board, result, help, date, time and verdict counts (read from the
          file's head, not its board).
Verdicts  '#= verdicts 40 safe, 2 risk, 1 guess; luck 35%': a game's review
          in one line, written by the Judge.
"""

from __future__ import annotations

import contextlib
import re
import threading
import time
import uuid
from collections import OrderedDict
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Optional

from store.files import locked, stamp, write_atomically
from store.notes import GONE, NOT_OPENED, NOT_RECORD, NOT_UTF8, Fault, GameSetAside, Note
from store.places import data_dir
from sweeper.review import Record, Review, read_record, review, write_record

RESULTS = ("won", "lost", "left")
VERDICTS = re.compile(r"(\d+) safe, (\d+) risk, (\d+) guess(?:; luck (.*))?")
HEAD_LINES = 40  # a history file's facts come before its board: its head is enough to list it
REVIEWS_KEPT = 4  # reviews held in memory for the window to step through


def history_dir() -> Path:
    """Return the folder the finished games are kept in."""
    return data_dir() / "history"


@dataclass(frozen=True)
class Kept:
    """One kept game as listed: its file and the facts of its head."""

    path: Path
    board: str  # the records' name of its board and rule
    result: str  # won, lost or left
    assisted: bool
    date: str  # YYYY-MM-DD HH:MM:SS
    seconds: Optional[float]
    verdicts: Optional[tuple[int, int, int]]  # safe, risk, guess, once judged
    luck: str = ""

    @property
    def day(self) -> str:
        """Return the game's date without its time."""
        return self.date.split()[0] if self.date else ""


def verdicts_line(done: Review) -> str:
    """Return a review as the '#= verdicts' fact keeps it: '40 safe, 2 risk, 1 guess; luck 35%'."""
    counts = done.counts
    return (
        f"{counts['safe']} safe, {counts['risk']} risk, {counts['guess']} guess; "
        f"luck {whole_percent(done.luck)}"
    )


def whole_percent(p: Fraction) -> str:
    """Return a chance as the file keeps it: a whole percent, 0% or 100% only when certain."""
    if p in (0, 1):
        return f"{int(p * 100)}%"
    return f"{min(max(round(float(p) * 100), 1), 99)}%"


def read_head(path: Path, text: str) -> Kept:
    """Return what the records view lists of a history file; ValueError when it is no record."""
    facts: dict[str, str] = {}
    for line in text.removeprefix("\ufeff").splitlines()[:HEAD_LINES]:
        if line.startswith("#="):
            name, _, value = line[2:].strip().partition(" ")
            facts.setdefault(name, value.strip())
        elif line.strip() and not line.startswith("#"):
            break  # the board's first row: the facts are above it
    for name in ("board", "result"):
        if name not in facts:
            raise ValueError(f"its '#= {name}' line is missing")
    if facts["result"] not in RESULTS:
        raise ValueError(f"'#= result {facts['result'][:20]}' is not won, lost or left")
    seconds: Optional[float] = None
    with contextlib.suppress(ValueError):
        seconds = float(facts.get("seconds", ""))
    found = VERDICTS.fullmatch(facts.get("verdicts", ""))
    counts = None if found is None else (int(found[1]), int(found[2]), int(found[3]))
    return Kept(
        path,
        facts["board"],
        facts["result"],
        facts.get("assisted") == "yes",
        facts.get("date", ""),
        seconds,
        counts,
        (found[4] or "") if found else "",
    )


def fault_of(error: Exception) -> Fault:
    """Return what an error reading a kept game says about it: not text, not opened, no record."""
    if isinstance(error, UnicodeDecodeError):
        return Fault(NOT_UTF8)
    return Fault(NOT_OPENED if isinstance(error, OSError) else NOT_RECORD, str(error))


class History:
    """The folder of kept games: add one, list them newest first, set a damaged one aside."""

    def __init__(self, folder: Optional[Path] = None) -> None:
        self.folder = folder if folder is not None else history_dir()
        self.notes: list[Note] = []  # what went wrong with the files, for the window to say
        self.pending: list[tuple[Record, int]] = []  # games not written yet, and their bound
        self._heads: dict[str, tuple[tuple[int, int], Kept]] = {}  # name -> (mtime, size), head

    def keep(self, record: Record, most: int) -> tuple[Optional[Path], Optional[Note]]:
        """Write a finished game's record as a new file, then keep only the newest most files.

        Return its path (None when not written) and None or the problem. A
        game not written waits in self.pending for write_pending().
        """
        if most <= 0:
            return None, None
        path, problem = self._write(record)
        if problem is not None:
            self.pending.append((record, most))
            return None, problem
        self.prune(most)
        return path, None

    def _write(self, record: Record) -> tuple[Optional[Path], Optional[Note]]:
        """Write one game's record as a new file; return its path, or None and why not."""
        now = time.time()
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
        name = f"{stamp}-{int(now * 1000) % 1000:03d}-{uuid.uuid4().hex[:8]}.txt"
        path = self.folder / name
        problem = write_atomically(path, write_record(record))
        return (None, problem) if problem is not None else (path, None)

    def write_pending(self) -> list[Path]:
        """Write the games waiting, oldest first, until one fails; return the paths written."""
        written = []
        while self.pending:
            record, most = self.pending[0]
            path, _ = self._write(record)
            if path is None:
                break
            self.pending.pop(0)
            self.prune(most)
            written.append(path)
        return written

    def prune(self, most: int) -> None:
        """Delete the oldest games beyond the newest most (under the folder's lock)."""
        with locked(self.folder / "history"):
            for old in self.files()[most:]:
                with contextlib.suppress(OSError):
                    old.unlink()

    def files(self) -> list[Path]:
        """Return the kept games' files, newest first (their names begin with their time)."""
        if not self.folder.is_dir():
            return []
        return sorted(self.folder.glob("*.txt"), key=lambda p: p.name, reverse=True)

    def games(self, board: Optional[str] = None) -> list[Kept]:
        """Return the kept games (of one board, when named), newest first.

        A file that is not a record is set aside, and self.notes names it.
        """
        found = []
        for path in self.files():
            kept = self.head(path)
            if kept is not None and (board is None or kept.board == board):
                found.append(kept)
        return found

    def head(self, path: Path) -> Optional[Kept]:
        """Return a file's listing (read once per change of it); None when gone or set aside."""
        try:
            info = path.stat()
            key = (info.st_mtime_ns, info.st_size)
            cached = self._heads.get(path.name)
            if cached is not None and cached[0] == key:
                return cached[1]
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None  # another window pruned it meanwhile
        except (OSError, UnicodeDecodeError) as error:
            self.damaged(path, fault_of(error))
            return None
        try:
            kept = read_head(path, text)
        except ValueError as error:
            self.damaged(path, fault_of(error))
            return None
        self._heads[path.name] = (key, kept)
        return kept

    def last(self) -> Optional[Kept]:
        """Return the last finished game kept, or None."""
        return next(iter(self.games()), None)

    def damaged(self, path: Path, fault: Fault) -> Optional[Note]:
        """Set a history file that cannot be read or reviewed aside; note it (in self.notes).

        None when another window set it aside, or pruned it, meanwhile.
        """
        self._heads.pop(path.name, None)
        aside = path.with_name(f"{path.name}.unreadable-{stamp()}")
        with locked(self.folder / "history"):
            try:
                path.replace(aside)
            except FileNotFoundError:
                return None
            except OSError as error:
                return self.keep_note(GameSetAside(path, fault, None, str(error)))
        return self.keep_note(GameSetAside(path, fault, aside))

    def keep_note(self, note: Note) -> Note:
        """Keep a note for the window to say; return it."""
        self.notes.append(note)
        return note

    def note_verdicts(self, path: Path, text: str, done: Review) -> None:
        """Add a review's verdict counts to the file it was read from, if it is unchanged."""
        with locked(self.folder / "history"):
            try:
                if path.read_text(encoding="utf-8") != text:
                    return  # changed or gone meanwhile: it is judged again when listed
            except (OSError, UnicodeDecodeError):
                return
            lines = text.splitlines()
            board = (k for k, line in enumerate(lines) if line.strip() and line[0] != "#")
            lines.insert(next(board, 0), f"#= verdicts {verdicts_line(done)}")  # after the facts
            write_atomically(path, "\n".join(lines) + "\n")


# -- judging, away from the window's thread ------------------------------------------------


class Stopped(Exception):
    """The judge was stopped in the middle of a review (the window closes)."""


class Judge:
    """Reviews worked out one at a time, on a thread of their own once started.

    The window asks for a game's review (to step through it) or its counts
    (for the records view); a review takes up to a few seconds on an expert
    board. Without start() (the tests, a picture) work() judges on the
    caller's thread.
    """

    def __init__(self, history: History) -> None:
        self.history = history
        self.waiting: list[Path] = []  # the next first
        self.reviews: OrderedDict[Path, Review] = OrderedDict()  # the last few, for stepping
        self.failed: dict[Path, Fault] = {}  # why a file could not be reviewed
        self.progress: dict[Path, tuple[int, int]] = {}  # actions judged of all, while judging
        self.finished = 0  # how many games it has judged (or failed to): the views redraw
        self.lock = threading.Lock()
        self.wake = threading.Event()
        self.thread: Optional[threading.Thread] = None
        self.stopped = False  # the window is closing: no game is judged from now on

    def stop(self) -> None:
        """Judge nothing more, and leave the review under way at its next click (the window
        closes: its process ends without waiting for a review nobody will read)."""
        with self.lock:
            self.stopped = True
            self.waiting.clear()

    def start(self) -> None:
        """Judge on a thread of its own from now on (the window's loop never waits)."""
        if self.thread is None:
            self.thread = threading.Thread(target=self._run, name="judge", daemon=True)
            self.thread.start()

    def ask(self, path: Path, first: bool = False) -> None:
        """Ask for a file's review: first, ahead of the others (the one on screen)."""
        with self.lock:
            if path in self.reviews or path in self.failed:
                return
            if path in self.waiting:
                self.waiting.remove(path)
            self.waiting.insert(0 if first else len(self.waiting), path)
        self.wake.set()

    def review_of(self, path: Path) -> Optional[Review]:
        """Return a file's review once judged (None before)."""
        with self.lock:
            return self.reviews.get(path)

    def work(self) -> bool:
        """Judge the next game waiting; return False when none was."""
        with self.lock:
            if not self.waiting:
                return False
            path = self.waiting[0]
        self._judge(path)
        with self.lock:
            if path in self.waiting:
                self.waiting.remove(path)
        return True

    def _run(self) -> None:
        """The thread: judge while games wait, then sleep until asked again."""
        while True:
            if not self.work():
                self.wake.wait()
                self.wake.clear()

    def _judge(self, path: Path) -> None:
        """Review one file; keep the review, note its counts in the file, or set it aside."""
        try:
            text = path.read_text(encoding="utf-8")
            record = read_record(text)

            def step(done: int, total: int) -> None:
                with self.lock:
                    if self.stopped:
                        raise Stopped
                    self.progress[path] = (done, total)

            done = review(record, progress=step)
        except Stopped:
            return
        except FileNotFoundError:
            self._failed(path, Fault(GONE))
            return
        except (OSError, ValueError) as error:
            self._failed(path, fault_of(error))
            self.history.damaged(path, fault_of(error))
            return
        with self.lock:
            self.progress.pop(path, None)
            self.reviews[path] = done
            while len(self.reviews) > REVIEWS_KEPT:
                self.reviews.popitem(last=False)
        if "#= verdicts " not in text:
            with contextlib.suppress(OSError):  # a read-only folder: the counts stay in memory
                self.history.note_verdicts(path, text, done)
        with self.lock:
            self.finished += 1  # after its counts are in the file: a view built now lists them

    def _failed(self, path: Path, why: Fault) -> None:
        """Note why a file could not be reviewed."""
        with self.lock:
            self.progress.pop(path, None)
            self.failed[path] = why
            self.finished += 1
