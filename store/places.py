"""Where the program keeps the user's files: saved games, settings and records.

Never the working directory: the platform's folder for an application's
data, or the folder named by MINESWEEPER_DATA_DIR (the tests use it). When
a folder cannot be used, the error names what chose it (the --save-dir
option, MINESWEEPER_DATA_DIR, or the platform's default), so the player
knows what to change.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Optional

APP = "minesweeper-kb"
DATA_DIR_VARIABLE = "MINESWEEPER_DATA_DIR"


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


def usable_folder(path: Path) -> str:
    """Return why path cannot be a folder to save in, or "" when it can (made when needed)."""
    if path.exists() and not path.is_dir():
        return f"{path} is a file, not a folder"
    parent = path
    while not parent.exists():
        parent = parent.parent
    if not parent.is_dir():
        return f"{parent} is a file, so {path} cannot be a folder"
    if not os.access(parent, os.W_OK):
        return f"{parent} cannot be written to"
    return ""


def data_dir_source() -> str:
    """Return what chose the data folder: MINESWEEPER_DATA_DIR, or the platform's default."""
    if os.environ.get(DATA_DIR_VARIABLE):
        return DATA_DIR_VARIABLE
    return "the default data folder"


def saves_dir_source(given: Optional[Path]) -> str:
    """Return what chose the saves folder: --save-dir when given, else the data folder's source."""
    return "--save-dir" if given is not None else data_dir_source()


def folder_problem(folder: Path, source: str) -> str:
    """Return a one-line error blaming source when folder cannot be used, else ""."""
    problem = usable_folder(folder)
    if not problem:
        return ""
    if source == DATA_DIR_VARIABLE:
        return f"{DATA_DIR_VARIABLE}: {problem}; point it at a folder (or unset it)"
    if source == "--save-dir":
        return f"argument --save-dir: {problem}"
    return f"the data folder: {problem}; set {DATA_DIR_VARIABLE} to a folder to use instead"


def saves_problem(given: Optional[Path]) -> str:
    """Return a one-line error when the saves folder (--save-dir or the default) is unusable."""
    folder = given if given is not None else saves_dir()
    return folder_problem(folder, saves_dir_source(given))


def data_problem() -> str:
    """Return a one-line error when the data folder (settings, records) is unusable, else ""."""
    return folder_problem(data_dir(), data_dir_source())
