"""Saved games that keep the secret and play on where they stopped.

A saved game is the board notation in its hidden form (every hidden cell
'.', every flag 'F', the mines only as a hexadecimal number on the
'#= mines' line) with facts on '#= name value' lines: that it is a saved
game, the board's name, the first-click rule, the seed, the clock where it
stopped, the clicks made, whether the player had help, the game's identity
and whether the game was already counted in the records. A file without
the '#= saved' line is a teacher's position, which opens in class mode; a
saved game opens in play mode.

One game, one record: a game counts once, when it is first finished or
left (counted as a loss), whether in the window that saved it or from a
save. The records keep the identity of every saved game they counted, so
a save played again after its game was counted (its board already seen)
counts as assisted, never as a new game of one's own or a best time.
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass
from typing import Optional

from minesweeper import Minesweeper
from sweeper import FIRST_CLICK_RULES
from sweeper.notation import FACT, parse_board

SAVED = "saved"
FORMAT = "1"


@dataclass(frozen=True)
class Saved:
    """What a saved game keeps besides its board: name, rule, seed, clock, clicks, help,
    the game's identity and whether the game was already counted in the records."""

    board: str  # the name the records keep it under: Beginner, Expert, Custom, ...
    first_click: str
    seed: int
    seconds: float
    clicks: int = 0
    assisted: bool = False
    game: str = ""  # the game's identity, the same in every save of one game
    counted: bool = False  # the game was already in the records when it was saved


def new_identity() -> str:
    """Return a fresh identity for a game being saved for the first time."""
    return uuid.uuid4().hex


def save_text(game: Minesweeper, saved: Saved, title: str) -> str:
    """Return a saved game's text: title, facts, then the board in its hidden form."""
    facts = {
        SAVED: FORMAT,
        "board": saved.board,
        "rule": saved.first_click,
        "seed": str(saved.seed),
        "clock": f"{saved.seconds:.3f}",
        "clicks": str(saved.clicks),
        "assisted": "yes" if saved.assisted else "no",
        "game": saved.game,
        "counted": "yes" if saved.counted else "no",
    }
    lines = [f"# {title}"] + [f"{FACT} {name} {value}" for name, value in facts.items()]
    return "\n".join(lines) + "\n" + game.to_text(hide_mines=True)


def read_save(text: str) -> tuple[Minesweeper, Optional[Saved]]:
    """Return the game a text holds and, for a saved game, its facts (None for a position).

    ValueError with a one-line reason when the text or a fact is bad.
    """
    board = parse_board(text)
    game = Minesweeper.from_text(text)
    facts = board.facts
    if SAVED not in facts:
        return game, None
    if "mines" in facts or not text_hides_mines(text):
        raise ValueError("a saved game keeps its mines on the '#= mines' line")
    try:
        saved = Saved(
            facts.get("board", "Custom")[:40] or "Custom",
            facts.get("rule", "safe"),
            int(facts.get("seed", "0")),
            float(facts.get("clock", "0")),
            int(facts.get("clicks", "0")),
            facts.get("assisted", "no") == "yes",
            facts.get("game", ""),
            facts.get("counted", "no") == "yes",
        )
    except ValueError:
        raise ValueError(
            "a saved game's '#=' lines are bad: a whole seed and clicks, a clock in seconds"
        ) from None
    if saved.first_click not in FIRST_CLICK_RULES:
        raise ValueError(
            f"a saved game's rule must be one of {', '.join(FIRST_CLICK_RULES)}, "
            f"not {saved.first_click!r}"
        )
    if not re.fullmatch(r"[0-9a-f]{0,32}", saved.game):
        raise ValueError("a saved game's '#= game' line must be up to 32 hexadecimal digits")
    if not 0 <= saved.seconds < 1e7 or saved.clicks < 0:
        raise ValueError("a saved game's clock and clicks must be 0 or more")
    game.first_click, game.seed, game.clicks = saved.first_click, saved.seed, saved.clicks
    return game, saved


def text_hides_mines(text: str) -> bool:
    """True when the text carries its mines on the '#= mines' line (the hidden form)."""
    return any(line.startswith("#= mines ") for line in text.splitlines())
