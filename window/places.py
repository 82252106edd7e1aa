"""Where the program keeps the user's files: saved games (and, later, settings and statistics).

Never the working directory: the platform's folder for an application's
data, or the folder named by MINESWEEPER_DATA_DIR (the tests use it).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP = "minesweeper-kb"


def data_dir() -> Path:
    """Return the folder for the user's files (not created here)."""
    chosen = os.environ.get("MINESWEEPER_DATA_DIR")
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
