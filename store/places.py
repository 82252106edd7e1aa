"""Where the program keeps the user's files: saved games, settings and records.

Never the working directory: the platform's folder for an application's
data, or the folder named by MINESWEEPER_DATA_DIR (the tests use it). When
a folder cannot be used, the problem names what chose it (the --save-dir
option, MINESWEEPER_DATA_DIR, or the platform's default), so the player
knows what to change (words/records.py says it).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Optional

from store.notes import (
    DATA_DIR_VARIABLE,
    DEFAULT_FOLDER,
    FILE_ABOVE,
    IS_FILE,
    READ_ONLY,
    SAVE_DIR_OPTION,
    Unusable,
)

APP = "minesweeper-kb"


def data_dir() -> Path:
    """Return the folder for the user's files (not created here)."""
    chosen = os.environ.get(DATA_DIR_VARIABLE)
    if chosen:
        return Path(chosen).expanduser()
    home = Path.home()
    if sys.platform.startswith("win"):
        base = os.environ.get("APPDATA")
        return (Path(base) if base else home / "AppData" / "Roaming") / APP
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / APP
    base = os.environ.get("XDG_DATA_HOME")
    return (Path(base) if base else home / ".local" / "share") / APP


def saves_dir() -> Path:
    """Return the default folder for saved games."""
    return data_dir() / "saved"


def data_dir_source() -> str:
    """Return what chose the data folder: MINESWEEPER_DATA_DIR, or the platform's default."""
    if os.environ.get(DATA_DIR_VARIABLE):
        return DATA_DIR_VARIABLE
    return DEFAULT_FOLDER


def saves_dir_source(given: Optional[Path]) -> str:
    """Return what chose the saves folder: --save-dir when given, else the data folder's source."""
    return SAVE_DIR_OPTION if given is not None else data_dir_source()


def folder_problem(folder: Path, source: str) -> Optional[Unusable]:
    """Return why folder cannot be a folder to save in (source chose it), or None when it can.

    A folder that does not exist yet can, when it can be made.
    """
    if folder.exists() and not folder.is_dir():
        return Unusable(folder, folder, IS_FILE, source)
    parent = folder
    while not parent.exists():
        parent = parent.parent
    if not parent.is_dir():
        return Unusable(folder, parent, FILE_ABOVE, source)
    if not os.access(parent, os.W_OK):
        return Unusable(folder, parent, READ_ONLY, source)
    return None


def saves_problem(given: Optional[Path]) -> Optional[Unusable]:
    """Return why the saves folder (--save-dir or the default) is unusable, or None."""
    folder = given if given is not None else saves_dir()
    return folder_problem(folder, saves_dir_source(given))


def data_problem() -> Optional[Unusable]:
    """Return why the data folder (settings, records) is unusable, or None."""
    return folder_problem(data_dir(), data_dir_source())
