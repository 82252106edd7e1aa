"""Saved games that keep their secret and their word, and play on where they stopped.

A saved game is the board notation in its hidden form (every hidden cell
'.', every flag 'F') with facts on '#= name value' lines: that it is a
saved game, the board's name and mine total, the first-click rule, the
clock where it stopped, the clicks made, whether the player had help, the
question marks, the game's identity and whether the game was already
counted in the records. A file without the '#= saved' line is a teacher's
position, which opens in class mode; a saved game opens in play mode.

Its secret: the mines, and the seed that deals them, are on the '#= sealed'
line, encrypted with a key kept in the data folder (the file save-key),
never in the save. The cipher is HMAC-SHA256 in counter mode over a fresh
random nonce: standard library only (hmac, hashlib, secrets).
Its word: the last line, '#= check', is an HMAC-SHA256 of every other line
under the same key. A save whose check fails (edited, or opened with
another data folder's key) still opens, as an assisted game, and says why;
when its mines cannot be read, they are drawn afresh, uniformly among the
arrangements that agree with every number shown.

What this protects: the mines from sight (a save shows none to whoever
reads it), and the records from edited saves. What no local game can
protect: a player who reads the key file and this code can unseal and
sign any save.

One game, one record: a game counts once, when it is first finished or
left (counted as a loss), whether in the window that saved it or from a
save. The records keep the identity of every saved game they counted, so
a save played again after its game was counted (its board already seen)
counts as assisted, never as a new game of one's own or a best time.

Unlike the rest of the store, this module still words its reasons (the
line of a save that is wrong, why a save is not taken at its word), as
sweeper/notation.py's parser words its own: the window shows them as they
are (App.from_position), and they are the next to move to words/.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import re
import secrets
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Optional

from store.files import free_path, locked, write_atomically
from store.notes import FileError
from store.places import data_dir
from sweeper import BOARDS, FIRST_CLICK_RULES, Cell, cell_name
from sweeper.board import neighbours, parse_cell
from sweeper.engine import Contradiction
from sweeper.game import Game as Minesweeper
from sweeper.notation import FACT, BoardText, check_numbers, parse_board, parse_layout
from sweeper.position import Position, Workspace
from sweeper.review import Action, action_lines, split_actions

SAVED = "saved"
FORMAT = "2"  # 1: the mines on a '#= mines' line in the open, no check (read, as assisted)
KEY_FILE = "save-key"
KEY_HEADER = "minesweeper-kb save key 1"
NONCE_BYTES = 16


@dataclass(frozen=True)
class Saved:
    """What a saved game keeps besides its board: name, rule, seed, clock, clicks, help,
    the game's identity, whether it was already counted, its question marks, its title,
    and why it is not taken at its word ("" when its check holds)."""

    board: str  # the name the records keep it under: Beginner, Expert, Custom, ...
    first_click: str
    seed: int
    seconds: float
    clicks: int = 0
    assisted: bool = False
    game: str = ""  # the game's identity, the same in every save of one game
    counted: bool = False  # the game was already in the records when it was saved
    marks: frozenset[Cell] = field(default_factory=frozenset)  # the player's question marks
    title: str = ""
    doubt: str = ""  # why the save is not taken at its word: it opens as assisted
    # Every click, flag and chord since the first click, when the save holds them and they
    # play the game to the board saved (None: not known, as in an older save).
    actions: Optional[tuple[Action, ...]] = None


def new_identity() -> str:
    """Return a fresh identity for a game."""
    return uuid.uuid4().hex


# -- the key -------------------------------------------------------------------------


@dataclass(frozen=True)
class SaveKey:
    """The data folder's secret: it seals a save's mines and signs the save."""

    secret: bytes

    def part(self, use: str) -> bytes:
        """Return the key for one use (sealing, checking, naming), derived from the secret."""
        return hmac.new(self.secret, f"minesweeper-kb {use}".encode(), hashlib.sha256).digest()

    @property
    def name(self) -> str:
        """Return a short name for the key: it tells a save sealed elsewhere from one edited."""
        return self.part("name").hex()[:8]


def key_path() -> Path:
    """Return where the data folder keeps its key for saves."""
    return data_dir() / KEY_FILE


def read_key(path: Optional[Path] = None) -> Optional[SaveKey]:
    """Return the data folder's key (None when it has none); ValueError when the file is bad."""
    path = key_path() if path is None else path
    try:
        lines = path.read_text(encoding="ascii").split()
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as error:
        raise ValueError(f"the key file {path} cannot be read ({error})") from None
    body = " ".join(lines[:-1])
    if body != KEY_HEADER or not re.fullmatch(r"[0-9a-f]{64}", lines[-1] if lines else ""):
        raise ValueError(f"the key file {path} is not one this game wrote")
    return SaveKey(bytes.fromhex(lines[-1]))


def own_key(path: Optional[Path] = None) -> SaveKey:
    """Return the data folder's key, made (once, under a lock) when there is none yet.

    ValueError with a one-line reason when it cannot be read; FileError (a ValueError with
    the note) when it cannot be written.
    A key file is never replaced: every save sealed with it would be lost.
    """
    path = key_path() if path is None else path
    with locked(path):
        key = read_key(path)
        if key is not None:
            return key
        key = SaveKey(secrets.token_bytes(32))
        problem = write_atomically(path, f"{KEY_HEADER}\n{key.secret.hex()}\n")
    if problem is not None:
        raise FileError(problem)
    return key


# -- sealing and signing --------------------------------------------------------------


def _stream(key: bytes, nonce: bytes, length: int) -> bytes:
    """Return length bytes of key stream: HMAC-SHA256 of the nonce and a counter, block by block."""
    blocks = (length + 31) // 32
    return b"".join(
        hmac.new(key, nonce + n.to_bytes(8, "big"), hashlib.sha256).digest() for n in range(blocks)
    )[:length]


def seal(key: SaveKey, plain: bytes, nonce: Optional[bytes] = None) -> str:
    """Return plain encrypted under a fresh nonce, as 'NONCE CIPHERTEXT' in hexadecimal."""
    nonce = secrets.token_bytes(NONCE_BYTES) if nonce is None else nonce
    stream = _stream(key.part("mines"), nonce, len(plain))
    return f"{nonce.hex()} {bytes(a ^ b for a, b in zip(plain, stream, strict=True)).hex()}"


def unseal(key: SaveKey, sealed: str) -> Optional[bytes]:
    """Return what seal() sealed, or None when the text is not a sealed value."""
    match = re.fullmatch(r"([0-9a-f]{32}) ((?:[0-9a-f]{2})+)", sealed)
    if match is None:
        return None
    nonce, cipher = bytes.fromhex(match[1]), bytes.fromhex(match[2])
    stream = _stream(key.part("mines"), nonce, len(cipher))
    return bytes(a ^ b for a, b in zip(cipher, stream, strict=True))


def signed_lines(text: str) -> str:
    """Return the lines a save's check covers: all but the check itself, line ends made one."""
    lines = text.removeprefix("\ufeff").splitlines()
    return "\n".join(line for line in lines if not line.startswith(f"{FACT} check"))


def signature(key: SaveKey, text: str) -> str:
    """Return the check of a save's text under key."""
    return hmac.new(key.part("check"), signed_lines(text).encode(), hashlib.sha256).hexdigest()


def _secret(game: Minesweeper) -> bytes:
    """Return what a save seals: the seed and every cell's mine bit, of one length per board."""
    bits = sum(1 << (i * game.width + j) for i, j in game.mines)
    digits = (game.height * game.width + 3) // 4
    return f"{game.seed} {bits:0{digits}x}".encode()


def _mines_of(plain: bytes, height: int, width: int) -> Optional[tuple[int, set[Cell]]]:
    """Return the seed and mines a sealed secret holds, or None when it is not one."""
    match = re.fullmatch(rb"(-?\d{1,40}) ([0-9a-f]+)", plain)
    if match is None or len(match[2]) != (height * width + 3) // 4:
        return None
    bits = int(match[2], 16)
    if bits >> (height * width):
        return None
    cells = {(k // width, k % width) for k in range(height * width) if bits >> k & 1}
    return int(match[1]), cells


# -- writing -------------------------------------------------------------------------


def hidden_rows(game: Minesweeper) -> str:
    """Return the board as a player sees it: numbers, 'F' for every flag, '.' for the rest."""

    def symbol(cell: Cell) -> str:
        if cell in game.revealed:
            return str(game.revealed[cell])
        return "F" if cell in game.flags else "."

    rows = ("".join(symbol((i, j)) for j in range(game.width)) for i in range(game.height))
    return "\n".join(rows) + "\n"


def save_text(game: Minesweeper, saved: Saved, title: str, key: Optional[SaveKey] = None) -> str:
    """Return a saved game's text: title, facts, the sealed mines, the board, its check, actions.

    key: the data folder's own (made when there is none) unless given.
    ValueError with a one-line reason when the key cannot be had.
    """
    key = own_key() if key is None else key
    facts = {
        SAVED: FORMAT,
        "board": saved.board,
        "total": str(game.mine_count),
        "rule": saved.first_click,
        "clock": f"{saved.seconds:.3f}",
        "clicks": str(saved.clicks),
        "assisted": "yes" if saved.assisted else "no",
        "game": saved.game,
        "counted": "yes" if saved.counted else "no",
    }
    if saved.marks:
        facts["marks"] = " ".join(cell_name(c) for c in sorted(saved.marks))
    facts["key"] = key.name
    facts["sealed"] = seal(key, _secret(game))
    lines = [f"# {title}"] + [f"{FACT} {name} {value}" for name, value in facts.items()]
    text = "\n".join(lines) + "\n" + hidden_rows(game)
    # The actions come last, after the check that signs them with the rest (an edited
    # action opens the game as assisted): a long game's many lines are not the board's.
    actions = "".join(f"{line}\n" for line in action_lines(saved.actions or ()))
    return text + f"{FACT} check {signature(key, text + actions)}\n" + actions


def write_save(folder: Path, stem: str, text: str) -> Path:
    """Write a save (or a position) to a new file folder/stem.txt; return its path.

    stem-2.txt, ... when the name is taken; OSError when it cannot be written.
    """
    path = free_path(folder, stem)
    folder.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# -- reading -------------------------------------------------------------------------


def read_save(text: str, key: Optional[SaveKey] = None) -> tuple[Minesweeper, Optional[Saved]]:
    """Return the game a text holds and, for a saved game, its facts (None for a position).

    key: the data folder's own unless given. ValueError with a one-line
    reason (the line that is wrong or missing named) when the text is bad.
    A save that is well made but not taken at its word (edited, sealed
    with another key, or of the older format) opens; saved.doubt says why.
    """
    if not _is_save(text):
        return Minesweeper.from_text(text), None
    board_lines, actions = split_actions(text)
    layout = parse_layout("\n".join(board_lines))
    version = layout.facts[SAVED]
    if version == "1":
        return _read_old(text)
    if version != FORMAT:
        where = layout.fact_lines[SAVED]
        raise ValueError(
            f"line {where}: '#= saved {version[:20]}' is not a save this version reads "
            f"(it reads 1 and {FORMAT})"
        )
    facts = _facts(layout)
    doubts: list[str] = []
    try:
        key = read_key() if key is None else key
    except ValueError as error:
        key = None
        doubts.append(str(error))
    doubts.append(_check_doubt(layout, text, key))
    total = int(facts["total"])
    found = _unsealed(layout, key, total) if key is not None else None
    if found is None:
        seed, mines = secrets.randbelow(2**32), draw_mines(layout, total)
        if "sealed" not in layout.facts:
            doubts.append("its '#= sealed' line (its mines) is missing")
        doubts.append(
            "its mines could not be read, so they are drawn afresh to agree with every number shown"
        )
    else:
        seed, mines = found
    game = Minesweeper.from_mines(layout.height, layout.width, mines)
    game.flags = set(layout.flags)
    for cell in layout.revealed:
        game.revealed[cell] = game.nearby_mines(cell)
    saved = _saved(layout, facts, seed, "; ".join(d for d in doubts if d))
    game.first_click, game.seed, game.clicks = saved.first_click, saved.seed, saved.clicks
    if actions and replays(game, actions):
        saved = replace(saved, actions=actions)
    return game, saved


def replays(game: Minesweeper, actions: tuple[Action, ...]) -> bool:
    """True when the actions, played from the first click on game's mines, leave its board."""
    again = Minesweeper.from_mines(game.height, game.width, game.mines)
    moves = {"click": again.reveal, "flag": again.toggle_flag, "chord": again.chord}
    for action in actions:
        try:
            if moves[action.kind](action.cell).ignored or again.is_over():
                return False
        except ValueError:  # a cell off the board
            return False
    return again.revealed == game.revealed and again.flags == game.flags


def _is_save(text: str) -> bool:
    """True when the text says it is a saved game (a '#= saved' line)."""
    return any(
        line.startswith(FACT) and line[len(FACT) :].strip().partition(" ")[0] == SAVED
        for line in text.splitlines()
    )


def _check_doubt(layout: BoardText, text: str, key: Optional[SaveKey]) -> str:
    """Return why the save's check does not hold under key, or "" when it does."""
    check = layout.facts.get("check")
    if check is None:
        return "its '#= check' line is missing"
    if "key" not in layout.facts:
        return "its '#= key' line is missing"
    if key is None:
        return "it was sealed with another data folder's key (this one has none)"
    if layout.facts["key"] != key.name:
        return "it was sealed with another data folder's key"
    if not hmac.compare_digest(check.encode(), signature(key, text).encode()):
        return "it was changed after it was saved (its check fails)"
    return ""


def _unsealed(layout: BoardText, key: SaveKey, total: int) -> Optional[tuple[int, set[Cell]]]:
    """Return the seed and mines the '#= sealed' line holds, when they agree with the board."""
    plain = unseal(key, layout.facts.get("sealed", ""))
    found = None if plain is None else _mines_of(plain, layout.height, layout.width)
    if found is None or len(found[1]) != total or found[1] & set(layout.revealed):
        return None
    try:
        check_numbers(layout, found[1])
    except ValueError:
        return None
    return found


FACT_WORDS = {
    "board": "a board's name: Beginner, Intermediate, Expert, CS50 or Custom",
    "total": "the number of mines, a whole number",
    "rule": f"a first-click rule: {', '.join(FIRST_CLICK_RULES)}",
    "clock": "the clock in seconds, such as 42.300",
    "clicks": "the clicks made, a whole number of 0 or more",
    "assisted": "yes or no",
    "game": "the game's identity: up to 32 hexadecimal digits",
    "counted": "yes or no",
    "marks": "the question-marked cells, such as B3 C4",
}
NEEDED = ("board", "total", "rule", "clock", "clicks")


def _facts(layout: BoardText) -> dict[str, str]:
    """Return a save's facts, each checked; ValueError naming the line wrong or missing."""
    facts = layout.facts
    for name in NEEDED:
        if name not in facts:
            raise ValueError(
                f"the '#= {name}' line is missing: a saved game says {FACT_WORDS[name]}"
            )
    checks: dict[str, Callable[[str], bool]] = {
        "board": lambda v: v == "Custom" or any(b.name == v for b in BOARDS.values()),
        "total": lambda v: re.fullmatch(r"\d{1,4}", v) is not None,
        "rule": lambda v: v in FIRST_CLICK_RULES,
        "clock": lambda v: re.fullmatch(r"\d{1,7}(\.\d{1,6})?", v) is not None,
        "clicks": lambda v: re.fullmatch(r"\d{1,9}", v) is not None,
        "assisted": lambda v: v in ("yes", "no"),
        "game": lambda v: re.fullmatch(r"[0-9a-f]{0,32}", v) is not None,
        "counted": lambda v: v in ("yes", "no"),
    }
    for name, holds in checks.items():
        if name in facts and not holds(facts[name]):
            raise ValueError(_wrong(layout, name, FACT_WORDS[name]))
    _check_board(layout)
    return facts


def _wrong(layout: BoardText, name: str, wanted: str) -> str:
    """Return the message for a fact line that is wrong: its line, its text, what it should say."""
    value = layout.facts[name]
    shown = value if len(value) <= 30 else value[:27] + "..."
    return f"line {layout.fact_lines[name]}: '#= {name} {shown}' should be {wanted}"


def _check_board(layout: BoardText) -> None:
    """Check that the board's name and mine total fit the board below them."""
    name, total = layout.facts["board"], int(layout.facts["total"])
    cells = layout.height * layout.width
    if total > cells - len(layout.revealed):
        raise ValueError(
            f"line {layout.fact_lines['total']}: {total} mines do not fit the "
            f"{cells - len(layout.revealed)} hidden cells of this {layout.height}x{layout.width} "
            "board"
        )
    size = next((b for b in BOARDS.values() if b.name == name), None)
    if size is not None and (size.height, size.width, size.mines) != (
        layout.height,
        layout.width,
        total,
    ):
        raise ValueError(
            f"line {layout.fact_lines['board']}: '#= board {name}' is {size.height}x{size.width} "
            f"with {size.mines} mines, but the board below is {layout.height}x{layout.width} "
            f"with {total}: name it Custom, or put the size right"
        )


def _saved(layout: BoardText, facts: dict[str, str], seed: int, doubt: str) -> Saved:
    """Return the facts of a save whose lines were checked."""
    return Saved(
        facts["board"],
        facts["rule"],
        seed,
        float(facts["clock"]),
        int(facts["clicks"]),
        facts.get("assisted", "no") == "yes" or bool(doubt),
        facts.get("game", ""),
        facts.get("counted", "no") == "yes",
        _marks(layout),
        layout.title,
        doubt,
    )


def _marks(layout: BoardText) -> frozenset[Cell]:
    """Return the question-marked cells of the '#= marks' line (hidden, unflagged cells)."""
    found = set()
    for name in layout.facts.get("marks", "").split():
        try:
            cell = parse_cell(name)
        except ValueError:
            raise ValueError(_wrong(layout, "marks", FACT_WORDS["marks"])) from None
        if not (0 <= cell[0] < layout.height and 0 <= cell[1] < layout.width):
            raise ValueError(_wrong(layout, "marks", "cells on the board"))
        if cell in layout.numbers or cell in layout.flags:
            raise ValueError(
                f"line {layout.fact_lines['marks']}: {name} has a question mark, but it is "
                f"{'revealed' if cell in layout.numbers else 'flagged'}"
            )
        found.add(cell)
    return frozenset(found)


def _read_old(text: str) -> tuple[Minesweeper, Saved]:
    """Read a save of format 1 (its mines in the open, no check): it opens as assisted."""
    if not any(line.startswith("#= mines ") for line in text.splitlines()):
        raise ValueError(
            "the '#= mines' line is missing: a saved game of format 1 keeps its mines there"
        )
    board = parse_board(text)
    facts = board.facts
    game = Minesweeper.from_text(text)
    try:
        seed, seconds, clicks = (
            int(facts.get("seed", "0")),
            float(facts.get("clock", "0")),
            int(facts.get("clicks", "0")),
        )
    except ValueError:
        raise ValueError(
            "a saved game's '#=' lines are bad: a whole seed and clicks, a clock in seconds"
        ) from None
    rule = facts.get("rule", "safe")
    if rule not in FIRST_CLICK_RULES or not 0 <= seconds < 1e7 or clicks < 0:
        raise ValueError(
            f"a saved game's rule must be one of {', '.join(FIRST_CLICK_RULES)}, "
            "its clock and clicks 0 or more"
        )
    identity = facts.get("game", "")
    if not re.fullmatch(r"[0-9a-f]{0,32}", identity):
        raise ValueError("a saved game's '#= game' line must be up to 32 hexadecimal digits")
    name = facts.get("board", "Custom")
    if not any(b.name == name for b in BOARDS.values()):
        name = "Custom"
    saved = Saved(
        name,
        rule,
        seed,
        seconds,
        clicks,
        True,
        identity,
        facts.get("counted") == "yes",
        title=board.title,
        doubt="it was saved by an older version, with its mines in the open and no check",
    )
    game.first_click, game.seed, game.clicks = rule, seed, clicks
    return game, saved


# -- mines drawn afresh ------------------------------------------------------------------


def draw_mines(layout: BoardText, total: int, rng: Optional[random.Random] = None) -> set[Cell]:
    """Return total mines drawn uniformly among the arrangements that agree with every number.

    One frontier cell at a time, a mine with its exact chance given the
    cells drawn before it; then the rest among the cells no number touches.
    ValueError when no arrangement agrees.
    """
    rng = random.SystemRandom() if rng is None else rng
    numbers = layout.numbers
    sentences = [
        (frozenset(n for n in neighbours(c, layout.height, layout.width) if n not in numbers), k)
        for c, k in numbers.items()
    ]
    workspace = Workspace()
    mines: set[Cell] = set()
    safes: set[Cell] = set()
    last: Optional[tuple[Cell, bool]] = None
    while True:
        position = Position.make(
            layout.height, layout.width, total, numbers, mines, safes, sentences, "none", workspace
        )
        try:
            solution = position.solution
        except Contradiction:
            if last is None:
                raise ValueError(
                    f"no arrangement of {total} mines agrees with the numbers on the board"
                ) from None
            # Past the counting budget a chance is an estimate: the other choice fits.
            cell, mine = last
            (mines if mine else safes).discard(cell)
            (safes if mine else mines).add(cell)
            last = None
            continue
        undecided = sorted(position.frontier)
        if not undecided:
            break
        cell = undecided[0]
        chance = solution.probability(cell)
        mine = rng.randrange(chance.denominator) < chance.numerator
        (mines if mine else safes).add(cell)
        last = (cell, mine)
    return mines | set(rng.sample(position.outside(), position.mines_left or 0))
