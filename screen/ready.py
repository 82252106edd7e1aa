"""Whether a picture or a window can be made here, asked before pygame is imported.

Nothing here imports pygame: runner.py asks these first, so that a missing
pygame or a missing display is one line that says what to do, not a traceback.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shlex
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
SET_UP = (
    "runner.py: pygame is not installed for this Python; set up first (README, 'Set-up'): "
    f"cd {shlex.quote(str(PROJECT))} && python3 -m venv .venv && "
    ".venv/bin/python -m pip install -q -r requirements.txt && .venv/bin/python runner.py"
)


def pygame_missing() -> str:
    """Return the one-line pointer to the set-up command when pygame cannot be imported, or ""."""
    try:
        found = importlib.util.find_spec("pygame") is not None
    except ValueError:  # a module set to None in sys.modules: as good as absent
        found = False
    return "" if found else SET_UP


def no_display() -> str:
    """Return why no window can open here (Linux with no screen), or "" when one can."""
    if not sys.platform.startswith("linux"):
        return ""
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return ""
    if os.environ.get("SDL_VIDEODRIVER"):
        return ""  # the caller chose a driver (the tests choose "dummy")
    return (
        "runner.py: no display to open a window on (DISPLAY and WAYLAND_DISPLAY are unset); "
        "run it in a desktop session, or over ssh with -X"
    )


EXPORT_SIZE = "1920x1080"
EXPORT_MIN = (640, 400)
EXPORT_MAX = (7680, 4320)


def export_size(text: str) -> tuple[int, int]:
    """Return a WxH size for --size; ValueError with the limits when it is not one."""
    match = re.fullmatch(r"(\d+)[xX](\d+)", text.strip())
    if match is None:
        raise ValueError(f"{text!r} is not a size: write WxH, e.g. 1920x1080")
    width, height = int(match[1]), int(match[2])
    (low_w, low_h), (high_w, high_h) = EXPORT_MIN, EXPORT_MAX
    if not (low_w <= width <= high_w and low_h <= height <= high_h):
        shown = f"{width}x{height}" if len(text.strip()) <= 12 else "that size"
        raise ValueError(f"{shown} is outside {low_w}x{low_h} to {high_w}x{high_h} pixels")
    return width, height
