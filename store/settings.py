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
from store.places import data_dir
from store.records import Statistics, is_count
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
SETTINGS_KEPT = "changes made in the window hold until it closes"


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
        self.newer = ""  # why the file is left as it is (a newer version's), or ""
        data, _, self.message = read_json(self.path)
        if data is None:
            return
        self.message = self.newer = newer_version(self.path, data, SETTINGS_VERSION, SETTINGS_KEPT)
        bad = []
        for name, setting in SETTINGS.items():
            if name not in data:
                continue
            if setting.valid(data[name]):
                setattr(self, name, data[name])
            else:
                bad.append(f"{name} ({data[name]!r})")
        if bad and not self.message:
            self.message = (
                f"{self.path}: {', '.join(bad)} {'is' if len(bad) == 1 else 'are'} not a value "
                "it can hold; the default is used instead (the file is put right the next "
                "time a setting changes)."
            )

    def save(self) -> str:
        """Write the settings, keeping keys this version does not know; return "" or the problem.

        A file of a newer version is not written: the settings hold until the window closes.
        """
        with locked(self.path):
            found, _, _ = read_json(self.path)
            found = found or {}
            if newer_version(self.path, found, SETTINGS_VERSION, SETTINGS_KEPT):
                return f"(For this run only: {self.path} is a newer version's.)"
            data = unknown(found, (*SETTINGS, "version")) | {"version": SETTINGS_VERSION}
            data |= {name: getattr(self, name) for name in SETTINGS}
            return write_atomically(self.path, json.dumps(data, indent=1, sort_keys=True))



def start_up_messages(*stores: Statistics | Settings) -> list[str]:
    """Return what went wrong reading the records and settings, for the window to show at start."""
    return [store.message for store in stores if store.message]
