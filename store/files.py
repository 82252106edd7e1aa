"""The data folder's files, read and written so that nothing a player keeps is lost or torn.

- Written atomically: a temporary file in the same folder, then a rename,
  so a reader never sees half a file.
- Locked while a read-change-write runs: the file's lock file
  (fcntl.flock where it exists), so two windows on one folder never lose
  a change. Where fcntl is missing (Windows) the read-change-write still
  runs, unlocked.
- A file that cannot be read is renamed out of the way, never overwritten;
  a partly bad one is copied aside before it is written again.
- A file from a newer version is left as it is; keys this version does not
  know are kept through every rewrite.
- A window holds a lock file while its started game lives (Alive): the
  kernel lets go when the process ends, however it ends. The lock file
  keeps a little room (RESERVE bytes) that is written over in place when
  the game's result cannot be written for want of space: a file written
  over needs no new room, so a full disk still keeps the result for the
  next start.
- A failed write says why in the system's own code (NotWritten.code:
  ENOSPC, EROFS, ...), which the window words ("the disk is full").
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any, Optional

from store.notes import (
    NOT_JSON,
    NOT_OBJECT,
    NOT_OPENED,
    NOT_UTF8,
    Fault,
    Newer,
    Note,
    NotWritten,
    SetAside,
    Unreachable,
)
from store.places import data_dir, data_problem

try:
    import fcntl
except ImportError:  # Windows: records are still read afresh and written atomically, unlocked
    fcntl = None  # type: ignore[assignment]


# -- read, set aside, write atomically, lock ----------------------------------------------


def stamp() -> str:
    """Return the time as it goes into the name of a file set aside."""
    return time.strftime("%Y%m%d-%H%M%S")


def set_aside(path: Path, fault: Fault) -> SetAside:
    """Rename a bad file out of the way; return the note that says where it is (full names)."""
    aside = path.with_name(f"{path.name}.unreadable-{stamp()}")
    try:
        path.replace(aside)
    except OSError as error:
        return SetAside(path, fault, None, str(error))
    return SetAside(path, fault, aside)


def keep_copy(path: Path, text: str) -> Optional[Path]:
    """Write a copy of a partly bad file beside it; return its path (None when not written)."""
    copy = path.with_name(f"{path.name}.damaged-{stamp()}")
    return copy if write_atomically(copy, text) is None else None


def read_json(path: Path) -> tuple[Optional[dict[str, Any]], str, Optional[Note]]:
    """Return a JSON object from path (None when absent or bad), its text, and what went wrong.

    A file that is not a JSON object is set aside, and the note says where.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None, "", None
    except NotADirectoryError:
        return None, "", Unreachable(path, data_problem())
    except UnicodeDecodeError:
        return None, "", set_aside(path, Fault(NOT_UTF8))
    except OSError as error:
        return None, "", set_aside(path, Fault(NOT_OPENED, error.strerror or ""))
    try:
        data = json.loads(text)
    except ValueError:
        return None, text, set_aside(path, Fault(NOT_JSON))
    if not isinstance(data, dict):
        return None, text, set_aside(path, Fault(NOT_OBJECT))
    return data, text, None


def write_atomically(path: Path, text: str) -> Optional[NotWritten]:
    """Write text to path through a temporary file and a rename; return None or what failed."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(
            dir=path.parent, prefix=f".{path.name}.", suffix=".tmp"
        )
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
                out.flush()
                os.fsync(out.fileno())
            os.replace(temporary, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise
    except OSError as error:
        return not_written(path, error)
    return None


def not_written(path: Path, error: OSError) -> NotWritten:
    """Return the note for a write to path that failed: the data folder's fault, and the code."""
    blame = data_problem() if data_dir() in path.parents else None
    code = errno.errorcode.get(error.errno, "") if error.errno is not None else ""
    return NotWritten(path, blame, error.strerror or str(error), code)


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on path's lock file (path + ".lock") while the block runs.

    Without fcntl, or when the lock file cannot be made, the block runs unlocked.
    """
    handle = None
    if fcntl is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            handle = open(path.with_name(path.name + ".lock"), "a+b")  # noqa: SIM115
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        except OSError:
            if handle is not None:
                handle.close()
            handle = None
    try:
        yield
    finally:
        if handle is not None:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
            handle.close()


RESERVE = 1024  # bytes a lock file keeps for its game's result (a result takes about 300)


class Alive:
    """A window's hold on one started game: a lock file it keeps locked while it lives.

    The kernel lets go of the lock when the process ends, however it ends
    (SIGKILL included), so a lock nobody holds is a game nobody plays.
    Without fcntl no lock is held, and no window can tell: see held().
    wait=False: take over a game only when no window holds it (None held otherwise).
    """

    def __init__(self, path: Path, wait: bool = True) -> None:
        self.path = path
        self.handle: Optional[IO[bytes]] = None
        self.room = 0  # the bytes kept for the result (0: none could be kept)
        if fcntl is None:
            return
        how = fcntl.LOCK_EX if wait else fcntl.LOCK_EX | fcntl.LOCK_NB
        for _ in range(3):
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                handle = open(path, "a+b")  # noqa: SIM115  (held open: the lock lives with it)
            except OSError:
                return
            try:
                fcntl.flock(handle.fileno(), how)  # a start's probe lets go at once
            except OSError:  # another window holds it (wait=False), or no lock can be had
                handle.close()
                return
            if os.fstat(handle.fileno()).st_ino == _inode(path):
                self.handle = handle
                self.room = self._reserve(handle)
                return
            handle.close()  # a start cleared the file away meanwhile: lock a fresh one

    @property
    def holds(self) -> bool:
        """True when this window holds the game's lock."""
        return self.handle is not None

    @staticmethod
    def _reserve(handle: IO[bytes]) -> int:
        """Keep RESERVE bytes of room in the lock file; return the room kept (0 when none)."""
        try:
            size = os.fstat(handle.fileno()).st_size
            if size == 0:  # written past Python's buffer: a full disk leaves nothing to flush
                os.pwrite(handle.fileno(), b" " * RESERVE, 0)
                os.fsync(handle.fileno())
                size = RESERVE
        except OSError:
            with contextlib.suppress(OSError):
                os.ftruncate(handle.fileno(), 0)
            return 0
        return size

    def keep(self, text: str) -> bool:
        """Write text over the room kept in the lock file, in place; True when it is on disk."""
        data = text.encode("utf-8")
        if self.handle is None or len(data) > self.room:
            return False
        try:
            out = os.open(self.path, os.O_WRONLY)
            try:
                os.pwrite(out, data.ljust(self.room), 0)  # over the room kept: no new block
                os.fsync(out)
            finally:
                os.close(out)
        except OSError:
            return False
        return True

    def close(self) -> None:
        """Let the game go: unlock and remove the lock file."""
        if self.handle is not None:
            with contextlib.suppress(OSError):
                self.path.unlink()
            with contextlib.suppress(OSError):  # nothing of ours is buffered; the lock goes anyway
                self.handle.close()
            self.handle = None


def _inode(path: Path) -> Optional[int]:
    """Return the file's inode number, or None when there is no such file."""
    try:
        return os.stat(path).st_ino
    except OSError:
        return None


def kept_in(path: Path) -> Optional[dict[str, Any]]:
    """Return what a lock file keeps for its game (a result, as JSON), or None when nothing."""
    try:
        text = path.read_bytes().decode("utf-8").strip()
        data = json.loads(text) if text else None
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def held(path: Path) -> bool:
    """True when a living window holds the lock file path (False without fcntl: none can tell)."""
    if fcntl is None or not path.exists():
        return False
    try:
        with open(path, "a+b") as handle:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False
    return False


def free_path(folder: Path, stem: str, suffix: str = ".txt") -> Path:
    """Return folder/stem.txt, or stem-2.txt, ... when the name is taken."""
    path = folder / f"{stem}{suffix}"
    number = 2
    while path.exists():
        path = folder / f"{stem}-{number}{suffix}"
        number += 1
    return path


# -- versions: a newer file is left alone, and unknown keys are kept ----------------------


def unknown(data: dict[str, Any], known: tuple[str, ...]) -> dict[str, Any]:
    """Return the keys of data that this version does not know: they are written back as read."""
    return {k: v for k, v in data.items() if k not in known}


def newer_version(path: Path, data: dict[str, Any], version: int, kind: str) -> Optional[Newer]:
    """Return a note when the file is of a newer version (or of none this one knows), else None.

    kind: RECORDS_FILE or SETTINGS_FILE, which says what the window does with it.
    """
    found = data.get("version", 1)
    if isinstance(found, int) and not isinstance(found, bool) and found <= version:
        return None
    return Newer(path, str(found), version, kind)
