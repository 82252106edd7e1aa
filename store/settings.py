"""The window's settings, remembered in the data folder's settings.json.

One bad setting costs only that setting (the default is used, and said);
a file of a newer version is read but never written (the settings hold
until the window closes); keys this version does not know are kept.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

from store.files import locked, newer_version, read_json, unknown, write_atomically
from store.notes import SETTINGS_FILE, BadSettings, ForThisRun, Newer, Note
from store.places import data_dir
from store.records import is_count
from sweeper.board import FIRST_CLICK_RULES, parse_board_size


@dataclass
class Setting:
    """One remembered choice: its default and the test a stored value must pass."""

    default: Any
    valid: Any  # Callable[[Any], bool]


SETTINGS = {
    "first_click": Setting("safe", lambda v: v in FIRST_CLICK_RULES),
    "question_marks": Setting(True, lambda v: isinstance(v, bool)),
    "ai_flags": Setting(False, lambda v: isinstance(v, bool)),  # the AI flags each mine it knows
    "board": Setting(None, lambda v: v is None or is_board(v)),  # None: CS50's at first
    "known_safe_hint": Setting(False, lambda v: isinstance(v, bool)),  # say how many safe cells
    # The finished games kept whole in the history (store/history.py): the last N; 0 keeps none.
    "history_games": Setting(500, lambda v: is_count(v) and v <= 100_000),
}


def is_board(value: Any) -> bool:
    """True when value names a board (beginner, ..., or HxWxM that fits some first-click rule)."""
    if not isinstance(value, str) or len(value) > 40:
        return False
    try:
        parse_board_size(value)
    except ValueError:
        return False
    return True


SETTINGS_VERSION = 1


class Settings:
    """The window's remembered choices: first-click rule, last board, question marks, hints."""

    RULES = FIRST_CLICK_RULES  # the rules the window's key cycles through

    first_click: str
    question_marks: bool
    ai_flags: bool
    board: Optional[str]
    known_safe_hint: bool
    history_games: int

    def __init__(self, path: Optional[Path] = None) -> None:
        self.path = path if path is not None else data_dir() / "settings.json"
        for name, setting in SETTINGS.items():
            setattr(self, name, setting.default)
        self.newer: Optional[Newer] = None  # the file is a newer version's: left as it is
        data, _, self.note = read_json(self.path)  # what went wrong, for the window to say
        if data is None:
            return
        self.note = self.newer = newer_version(self.path, data, SETTINGS_VERSION, SETTINGS_FILE)
        bad = []
        for name, setting in SETTINGS.items():
            if name not in data:
                continue
            if setting.valid(data[name]):
                setattr(self, name, data[name])
            else:
                bad.append((name, data[name]))
        if bad and self.note is None:
            self.note = BadSettings(self.path, tuple(bad))

    def save(self) -> Optional[Note]:
        """Write the settings, keeping keys this version does not know; return None or a problem.

        A file of a newer version is not written: the settings hold until the window closes.
        """
        with locked(self.path):
            found, _, _ = read_json(self.path)
            found = found or {}
            if newer_version(self.path, found, SETTINGS_VERSION, SETTINGS_FILE):
                return ForThisRun(self.path)
            data = unknown(found, (*SETTINGS, "version")) | {"version": SETTINGS_VERSION}
            data |= {name: getattr(self, name) for name in SETTINGS}
            return write_atomically(self.path, json.dumps(data, indent=1, sort_keys=True))
