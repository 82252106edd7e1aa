"""What happened to a data folder's file, as data: the store says what, words/records.py says it.

Each note carries the facts a sentence needs (the paths, what was wrong,
the system's own words for an error) and nothing worded: the store draws
and words nothing. What may go wrong returns a note, or None when nothing
did.

Glossary
--------
Fault     what was wrong with a file's content, or why it could not be
          opened: a code (below) and the detail its source gave.
Unusable  a folder that cannot hold the user's files, and what chose it.
Note      one of the notes below: a file set aside, unreachable, not
          written, of a newer version, partly left out; settings that are
          bad or held for this run; a reset done; a kept game set aside.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional, Union

# Faults: what was wrong with a file.
NOT_UTF8 = "not-utf8"  # its bytes are not UTF-8 text
NOT_JSON = "not-json"
NOT_OBJECT = "not-object"  # JSON, but not an object
NO_BOARDS = "no-boards"  # a records file with no boards in it
NOT_OPENED = "not-opened"  # the system refused it (detail: the system's words, or "")
NOT_RECORD = "not-record"  # a kept game that is no game record (detail: the reader's reason)
GONE = "gone"  # a kept game gone before it was judged (another window keeps fewer games)

# Why a folder cannot be used.
IS_FILE = "is-file"  # the folder is a file
FILE_ABOVE = "file-above"  # a folder above it is a file
READ_ONLY = "read-only"  # the nearest folder that exists cannot be written to

# What chose a folder.
DATA_DIR_VARIABLE = "MINESWEEPER_DATA_DIR"
SAVE_DIR_OPTION = "--save-dir"
DEFAULT_FOLDER = "the default data folder"

# Which file a newer version's note is about: what the window does then.
RECORDS_FILE = "records"  # no game is counted in it
SETTINGS_FILE = "settings"  # changes hold until the window closes


@dataclass(frozen=True)
class Fault:
    """What was wrong with a file: one of the fault codes, and the detail its source gave."""

    code: str
    detail: str = ""


@dataclass(frozen=True)
class Unusable:
    """A folder that cannot hold the user's files: the path at fault, why, and what chose it."""

    folder: Path
    culprit: Path  # the folder itself, or the path above it that is at fault
    why: str  # IS_FILE, FILE_ABOVE or READ_ONLY
    source: str  # DATA_DIR_VARIABLE, SAVE_DIR_OPTION or DEFAULT_FOLDER


@dataclass(frozen=True)
class SetAside:
    """A file that could not be read, renamed aside; a fresh one is started in its place."""

    path: Path
    fault: Fault
    aside: Optional[Path]  # where it is kept now; None when the rename failed too
    stuck: str = ""  # the system's words for the failed rename


@dataclass(frozen=True)
class Unreachable:
    """A file that cannot be read because a folder on its path is a file."""

    path: Path
    blame: Optional[Unusable]  # the data folder's problem, when it is the data folder's


@dataclass(frozen=True)
class NotWritten:
    """A file that could not be written: the data folder's problem, or the system's words."""

    path: Path
    blame: Optional[Unusable]
    error: str


@dataclass(frozen=True)
class Newer:
    """A file of a newer version (or of none this one knows): read, and left as it is."""

    path: Path
    found: str  # the version the file says it is, as written
    version: int  # the version this one writes
    kind: str  # RECORDS_FILE or SETTINGS_FILE


@dataclass(frozen=True)
class LeftOut:
    """A records file read without its bad board entries and bad games (a copy kept aside)."""

    path: Path
    entries: tuple[str, ...]  # the boards whose record was bad
    games: int  # the bad games among the good boards' recent games
    copy: Optional[Path]  # the file as it was; None when no copy could be written


@dataclass(frozen=True)
class BadSettings:
    """Settings whose stored values it cannot hold: each name and value; the defaults are used."""

    path: Path
    bad: tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class ForThisRun:
    """Settings not written, the file being a newer version's: they hold until the window closes."""

    path: Path


@dataclass(frozen=True)
class Reset:
    """One board's record forgotten (every board's, when board is None), the file kept aside."""

    board: Optional[str]
    kept: Optional[Path]  # the file before the reset; None when there was none


@dataclass(frozen=True)
class GameSetAside:
    """A kept game that could not be read or judged, renamed aside; the other games stay."""

    path: Path
    fault: Fault
    aside: Optional[Path]  # None when the rename failed too
    stuck: str = ""


Note = Union[
    SetAside, Unreachable, NotWritten, Newer, LeftOut, BadSettings, ForThisRun, Reset, GameSetAside
]


class FileError(ValueError):
    """A file could not be read or written where the caller can only raise: its note says why."""

    def __init__(self, note: Note) -> None:
        super().__init__(note)
        self.note = note
