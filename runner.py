"""The window: play Minesweeper, hand any move to the AI, and step through its inferences.

    python runner.py [--board beginner|intermediate|expert|cs50|HxWxM] [--seed N]
                     [--first-click safe|opening|none] [--position FILE] [--classroom]

The file reads top to bottom: constants, the command line, the controller
(the game, the AI and what the class is looking at; every command is a
method), the layout (where things are on the screen), drawing, and the
event loop that turns pygame events into commands. The window keeps no
copy of the board: it draws from the game and the AI every frame.
Only this module imports pygame.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from fractions import Fraction
from pathlib import Path
from typing import NamedTuple, Optional

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402  (the variable above must be set first)

from minesweeper import (  # noqa: E402
    BOARDS,
    FIRST_CLICK_RULES,
    BoardSize,
    Cell,
    Decision,
    Minesweeper,
    MinesweeperAI,
    MoveResult,
    Rule,
    Step,
    cell_name,
    max_mines,
    parse_board,
    parse_board_size,
    read_board_file,
    row_name,
)
from sweeper.board import MAX_COLUMNS, MAX_ROWS  # noqa: E402
from sweeper.records import Knowledge  # noqa: E402
from window.arrangements import (  # noqa: E402
    Enumeration,
    enumerate_step,
    odds_words,
    position_before,
    weight_words,
)
from window.lesson import Group, board_at, group_of, numbers_behind, question  # noqa: E402
from window.lesson import groups as lesson_groups  # noqa: E402
from window.places import data_dir, saves_dir, usable_folder  # noqa: E402
from window.stats import Settings, Statistics, tenths  # noqa: E402
from window.words import (  # noqa: E402
    RULES,
    decision_text,
    found_text,
    percent,
    plural,
    rule_text,
    step_text,
)

# ---------------------------------------------------------------------------
# Constants
# ---------------------------------------------------------------------------

HERE = Path(__file__).resolve().parent
FONTS = HERE / "assets" / "fonts"
IMAGES = HERE / "assets" / "images"
FONT_FILE = FONTS / "DejaVuSans.ttf"
BOLD_FONT_FILE = FONTS / "DejaVuSans-Bold.ttf"


Board = BoardSize

SCREEN = (1280, 680)  # the default window fits a 1280x720 screen with room for a title bar
PANEL_WIDTH = 420
MARGIN = 12
LABEL = 24  # the band for row letters and column numbers
MIN_CELL, MAX_CELL = 10, 1000  # cells grow to fill the window: no cap that a projector would feel
LINE = 19  # height of a line of panel text
LIST_LINE = 20  # height of a row in the knowledge list

# The panel scales with the window, so that text a class reads from the back
# row grows with the projector: sizes above are at scale 1 (a 1100x620
# window); every panel size goes through px(). ZOOM is the +/-/0 keys' own factor.
PANEL_TALL, PANEL_WIDE = 620, 1100
UI = 1.0
ZOOM = 1.0


def zoom(factor: float, size: tuple[int, int]) -> str:
    """Make the panel's text larger or smaller (within what the window can hold); say so.

    Says what the window of this size actually shows, when it holds less than asked.
    """
    global ZOOM
    ZOOM = min(max(ZOOM * factor, 0.6), 2.5)
    asked = round(ZOOM * 100)
    held = round(100 * scale_for(size, ZOOM) / scale_for(size, 1.0))
    if held < asked:
        return (
            f"Text zoom {asked}% asked, but this window holds only {held}%: the panel's "
            "height sets its text (a taller window holds more)."
        )
    return f"Text zoom {asked}% (+ and - change it, Ctrl+0 resets it)."


def px(n: float) -> int:
    """Return a panel size in pixels at the window's scale."""
    return max(1, round(n * UI))


def set_scale(size: tuple[int, int]) -> float:
    """Set the panel's scale for a window of this size (at least 1); return it."""
    global UI
    UI = scale_for(size, ZOOM)
    return UI


def scale_for(size: tuple[int, int], zoom: float) -> float:
    """Return the panel's scale for a window of this size at this text zoom (at least 1)."""
    width, height = size
    scale = max(1.0, min(height / PANEL_TALL, width / PANEL_WIDE)) * zoom
    scale = min(scale, height / PANEL_TALL, (width * 0.55) / PANEL_WIDTH) if scale > 1 else scale
    return max(scale, 1.0)


NO_LESSON = (
    "No lesson step yet: the numbers alone prove nothing here. T thinks, A moves; "
    "E shows every step."
)
AUTOPLAY_EVENT = pygame.USEREVENT + 1
AUTOPLAY_MS = 250
IDLE_MS = 250  # redraw at least this often, so that the timer runs

BACKGROUND = (232, 234, 238)
PANEL = (248, 248, 250)
INK = (25, 25, 30)
FAINT_INK = (95, 100, 110)
HIDDEN = (178, 186, 200)
HIDDEN_LIGHT = (238, 242, 248)
HIDDEN_DARK = (112, 120, 136)
REVEALED = (224, 224, 224)
GRID = (168, 168, 168)
EXPLODED = (235, 40, 40)
BUTTON = (222, 226, 234)
BUTTON_ON = (60, 110, 220)
FACE = (240, 228, 66)  # the face button: the yellow of the classroom palette
WON_COLOUR = (20, 140, 60)
LOST_COLOUR = (200, 30, 30)
NUMBER_COLOURS = {
    1: (20, 60, 235),
    2: (10, 130, 30),
    3: (215, 20, 20),
    4: (20, 20, 130),
    5: (135, 20, 20),
    6: (0, 128, 128),
    7: (20, 20, 20),
    8: (110, 110, 110),
}

# Classroom highlights, one colour per role from the Okabe-Ito palette (told
# apart with every common colour-vision deficiency), and a shape for each:
# hidden cells get a translucent fill, revealed ones a frame (digits keep
# their classic colours, never tinted); a cell concluded safe gets a tick,
# a mine a cross.
PREMISE = (86, 180, 233, 220)  # sky blue
DERIVED = (240, 228, 66, 220)  # yellow
SAFE = (0, 158, 115, 220)  # bluish green
MINE = (213, 94, 0, 220)  # vermillion
SELECTED = (204, 121, 167, 220)  # reddish purple
SELECTED_ROW = (235, 215, 228)
STEP_OUTLINE = (20, 20, 20)
CURSOR = (0, 0, 0)  # the keyboard's cell
CHOICE_OUTLINE = (0, 114, 178)  # blue: the pick, an outline (no role is drawn as one)
LEGEND = (
    (PREMISE, "premise"),
    (DERIVED, "new sentence"),
    (SAFE, "safe"),
    (MINE, "mine"),
    (SELECTED, "selected"),
)
# Drawn in the legend as marks: what the AI knew at the step on screen.
KNOWN_LEGEND = ((True, "knew: mine"), (False, "knew: safe"))

HELP = (
    "Left: reveal · Right: flag, ?, nothing · Middle, or left on a number: chord · "
    "Arrows + Space/F/D: reveal, flag, chord · A: AI move · G: auto-play · P: pause · "
    "N, F2, face: new game · R: restart · W: custom · K: first click · Q: ? marks · "
    "M: AI flags · I: statistics · T: think · O: odds · C: classroom · S: save · Esc: quit"
)
# The first-click rule in a title or a statistics heading, in words.
RULE_WORDS = {
    "safe": "first click safe",
    "opening": "first click opens",
    "none": "first click may hit a mine",
}
CLASS_HELP = (
    "→/←: next/previous beat · Home/End · 12 Enter: step 12 · E: every step · "
    "V: arrangements · T: think · A: AI move · X: picture · C: leave class"
)

# ---------------------------------------------------------------------------
# The command line
# ---------------------------------------------------------------------------


def board_argument(text: str) -> Board:
    """Return the Board that a --board value names; argparse reports a bad one."""
    try:
        return parse_board_size(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def build_parser() -> argparse.ArgumentParser:
    """Return the command-line parser."""
    parser = argparse.ArgumentParser(
        prog="runner.py",
        description="Play Minesweeper, let the AI move, and step through its inferences.",
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--board",
        default="cs50",
        help="beginner (9x9, 10), intermediate (16x16, 40), expert (16x30, 99), "
        "cs50 (8x8, 8, the default) or HxWxM such as 10x12x20",
    )
    where.add_argument("--position", type=Path, help="start from a board in the text notation")
    parser.add_argument("--seed", type=int, help="seed of the first game (Restart replays it)")
    parser.add_argument(
        "--first-click",
        choices=FIRST_CLICK_RULES,
        default=None,
        help="safe (CS50's rule: never a mine), opening (no mine around it either) or none; "
        "default: the rule last chosen in the window with K, else safe",
    )
    parser.add_argument(
        "--classroom", action="store_true", help="start with the knowledge panel open"
    )
    parser.add_argument(
        "--export",
        type=Path,
        metavar="OUT.png",
        help="draw the view to a PNG and exit, with no window (a handout); see --step, --size",
    )
    parser.add_argument(
        "--step",
        metavar="N",
        help="with --export: lesson step N (1 = the first, or 'last'), its conclusion shown",
    )
    parser.add_argument(
        "--ai-moves",
        type=int,
        default=0,
        metavar="N",
        help="with --export: let the AI play N moves first (a live game's handout)",
    )
    parser.add_argument(
        "--arrangement",
        type=int,
        metavar="K",
        help="with --export and --step on an enumeration step: draw its K-th arrangement "
        "(or, when there are too many to draw, the table by number of mines: K = 1)",
    )
    parser.add_argument(
        "--question",
        action="store_true",
        help="with --export and --step: the step's question, before its conclusion",
    )
    parser.add_argument(
        "--size",
        default="1920x1080",
        metavar="WxH",
        help="with --export: the picture's size in pixels (default 1920x1080)",
    )
    parser.add_argument(
        "--save-dir",
        type=Path,
        default=None,
        help="folder for key S (default: a 'saved' folder in the user's data folder)",
    )
    return parser


def controller_from_args(argv: Optional[list[str]]) -> Controller:
    """Return a Controller for the command line; exits 2 with a message when it is bad."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.first_click is None:
        args.first_click = Settings().first_click
    save_dir = args.save_dir if args.save_dir is not None else saves_dir()
    problem = usable_folder(save_dir)
    if problem:
        parser.error(f"argument --save-dir: {problem}")
    if args.position is not None:
        try:
            text = read_board_file(args.position)
        except ValueError as error:
            parser.error(f"--position: {error}")
        try:
            return Controller.from_position(text, args.first_click, save_dir, args.position.name)
        except ValueError as error:
            parser.error(f"{args.position}: {error}")
    try:
        board = parse_board_size(args.board, rule=args.first_click)
    except ValueError as error:
        parser.error(f"argument --board: {error}")
    return Controller(
        board,
        seed=args.seed,
        first_click=args.first_click,
        classroom=args.classroom,
        save_dir=save_dir,
    )


# ---------------------------------------------------------------------------
# The controller: the game, the AI, and what the window is showing
# ---------------------------------------------------------------------------


def clock_text(seconds: float) -> str:
    """Return a game's time in tenths of a second, floored, and never 0.0 once it runs."""
    return f"{tenths(seconds):.1f}" if seconds > 0 else "0"


def position_note(text: str) -> str:
    """Return the comment lines after a position's title, joined: what the class should see.

    Lines that start with "Teacher:" are the teacher's notes (often the
    answer) and are not shown; nor is a saved game's "#= mines" line.
    """
    comments = [
        line.lstrip("#").strip()
        for line in text.splitlines()
        if line.startswith("#") and not line.startswith("#=")
    ]
    return " ".join(c for c in comments[1:] if c and not c.startswith("Teacher:"))


class Controller:
    """One window's state; each public method is a command that a click or a key runs."""

    def __init__(
        self,
        board: Board,
        *,
        seed: Optional[int] = None,
        first_click: str = "safe",
        classroom: bool = False,
        save_dir: Optional[Path] = None,
        clock: Callable[[], float] = time.monotonic,
        game: Optional[Minesweeper] = None,
    ) -> None:
        self.board = board
        self.custom = board if board not in BOARDS.values() else None
        self.first_click = first_click
        self.classroom = classroom
        self.overlay = False
        self.autoplay = False
        self.save_dir = save_dir if save_dir is not None else saves_dir()
        self.clock = clock
        self.position_text: Optional[str] = None
        self.title = ""
        self.note = ""  # a position's comment lines after its title: what to look for
        self.version = 0
        self._odds: tuple[int, dict[Cell, tuple[Fraction, str]]] = (-1, {})
        self.stats = Statistics()
        self.settings = Settings()
        self.cursor: Cell = (0, 0)  # the keyboard's cell: arrows move it, Space reveals it
        self.entering: Optional[str] = None  # the custom-board line being typed, or None
        self.quit_armed = False  # Esc during a game asks first: a second Esc quits
        if game is None:
            game = Minesweeper(
                board.height, board.width, board.mines, seed=seed, first_click=first_click
            )
        self._start(game)
        self.message = "Click a cell to start, or press A to let the AI move."

    @classmethod
    def from_position(
        cls, text: str, first_click: str = "safe", save_dir: Optional[Path] = None, name: str = ""
    ) -> Controller:
        """Return a controller in classroom mode on a position in the board notation."""
        title = parse_board(text).title or name
        game = Minesweeper.from_text(text)
        board = Board("Position", game.height, game.width, game.mine_count)
        controller = cls(
            board, first_click=first_click, classroom=True, save_dir=save_dir, game=game
        )
        controller.custom = None
        controller.position_text = text
        controller.title = title
        controller.note = position_note(text)
        controller.message = f"{controller.note} Press → to step through what the AI knows."
        return controller

    # -- starting games -------------------------------------------------------

    def _start(self, game: Minesweeper) -> None:
        """Make game the current one, with a fresh AI told every revealed cell in order."""
        self.game = game
        self.ai = MinesweeperAI(
            game.height, game.width, game.mine_count, first_click=game.first_click, seed=game.seed
        )
        self.ai.add_reveal(list(game.revealed.items()))
        # Cells told at the end of each reveal: the board as it was at any step.
        self.batches: list[int] = [len(self.ai.revealed)] if self.ai.revealed else []
        self.beat = 1  # 0: a lesson step's question (premises only), 1: its conclusion
        self.expanded = False  # every step one by one, bookkeeping included
        self.typed = ""  # digits typed to jump to a lesson step
        self.pending: Optional[Cell] = None
        self.pending_decision: Optional[Decision] = None
        self.thought_aloud = False  # True after Think: the pending move stays outlined
        self.preview: Optional[Step] = None  # after Think: what the AI would learn or play next
        self.step_index = -1
        self.selected: Optional[Rule] = None
        self.scroll = 0
        self._behind: tuple[object, frozenset[Cell]] = (None, frozenset())
        self.follow = True  # the list scrolls to the step's sentence till scrolled by hand
        self.started: Optional[float] = None
        self.finished: Optional[float] = None
        self.paused_at: Optional[float] = None  # P: the board hidden, the clock stopped
        self.paused_for = 0.0
        self.marks: set[Cell] = set()  # the player's question marks (the game knows only flags)
        self.ai_played = False  # a game the AI moved in does not count in the statistics
        self.ending = ""  # the last move's message: once the game is over, the one that ended it
        self.viewing: Optional[int] = None  # V: the arrangement on screen of an enumeration step
        self._enumeration: tuple[object, Optional[Enumeration]] = (None, None)
        self.pressed: set[Cell] = set()  # cells drawn pressed while a mouse button is held
        self.flag_warned: Optional[Cell] = None  # a flagged cell the AI said it would play
        self._set_autoplay(False)
        self._changed()

    def new_game(self, board: Optional[str] = None) -> None:
        """Start a game with a new seed, on the named board or the current size."""
        if board == "custom" and self.custom is not None:
            self.board = self.custom
        elif board in BOARDS:
            self.board = BOARDS[board]
        self.position_text = None
        self.title = self.note = ""
        b = self.board
        rule = self.first_click
        if b.mines > max_mines(b.height, b.width, rule):
            rule = "none"  # a crowded position's size: no first click can be kept clear
        self._start(Minesweeper(b.height, b.width, b.mines, first_click=rule))
        self.message = f"New game: {self.describe()}."

    def restart(self) -> None:
        """Start the same board again: the same seed and first-click rule, or the same position."""
        if self.position_text is not None:
            self._start(Minesweeper.from_text(self.position_text))
        else:
            g = self.game
            self._start(
                Minesweeper(g.height, g.width, g.mine_count, seed=g.seed, first_click=g.first_click)
            )
        self.message = f"Restarted: {self.describe()}. {self.note}".strip()

    def describe(self) -> str:
        """Return a one-line description of the game: size, mines, seed or title."""
        g = self.game
        if self.position_text is not None:
            return self.title or "a position"
        name = self.board.name if self.board in BOARDS.values() else "Custom"
        return (
            f"{name} {g.height}x{g.width}, {g.mine_count} mines, seed {g.seed}, "
            f"{RULE_WORDS[g.first_click]}"
        )

    # -- the player's moves ---------------------------------------------------

    def reveal(self, cell: Cell) -> None:
        """Reveal a hidden cell; on a revealed number, chord instead."""
        if self.paused_at is not None:
            self.message = "Paused: P carries on."
            return
        if cell in self.game.revealed:
            self.chord(cell)
            return
        self.marks.discard(cell)
        self.cursor = cell
        self._play(self.game.reveal(cell), cell, "You")

    def chord(self, cell: Cell) -> None:
        """Reveal the unflagged neighbours of a number whose flags match it."""
        self._play(self.game.chord(cell), cell, "You")

    def flag(self, cell: Cell) -> None:
        """Cycle a hidden cell: flag, question mark (when on), nothing. The AI uses neither."""
        if cell in self.marks:
            self.marks.discard(cell)
            self.message = f"Question mark taken off {cell_name(cell)}."
            return
        was_flagged = cell in self.game.flags
        result = self.game.toggle_flag(cell)
        if was_flagged and not result.ignored and self.settings.question_marks:
            self.marks.add(cell)
            self.message = f"{cell_name(cell)}: a question mark (right click again clears it)."
            return
        if result.ignored:
            self.message = self._after_the_end() or f"No flag: {result.ignored}."
        elif result.flagged:
            left = self.game.mines_left()
            self.message = f"Flag on {cell_name(cell)}; {plural(left, 'mine')} left."
        else:
            self.message = f"Flag taken off {cell_name(cell)}."

    def _play(self, result: MoveResult, cell: Cell, who: str) -> str:
        """Tell the AI what a move revealed and update the timer; return the outcome in words."""
        if result.ignored:
            self.message = self._after_the_end() or f"Nothing happened: {result.ignored}."
            return ""
        now = self.clock()
        if self.started is None:
            self.started = now
        self.ai.add_reveal(result.revealed)
        if result.revealed:
            self.batches.append(len(self.ai.revealed))
        if self.game.is_over() and self.finished is None:
            self.finished = now
            self._set_autoplay(False)
            self.overlay = False  # the odds are of no use once the game is over
            self._count_game()
        self._changed()
        outcome = self._outcome(cell, result)
        self.message = self.ending = f"{who}: {outcome}"
        return outcome

    def stats_key(self) -> str:
        """Return the name the statistics keep this game under: board and first-click rule."""
        g = self.game
        name = self.board.name if self.board in BOARDS.values() else "Custom"
        return f"{name} {g.height}x{g.width}, {g.mine_count} mines, {RULE_WORDS[g.first_click]}"

    def _count_game(self) -> None:
        """Record a finished game of the player's own (not a position, no AI move) and save."""
        if self.position_text is not None or self.ai_played:
            return
        self.stats.record(self.stats_key(), self.game.won(), self.elapsed())

    def show_stats(self) -> None:
        """Say this board's statistics in the message line."""
        note = "" if not self.stats.message else f" ({self.stats.message})"
        self.message = " ".join(self.stats.lines(self.stats_key())) + note
        if not self.ai_played and self.position_text is None:
            return
        self.message += " Games with AI moves and positions are not counted."

    def may_quit(self) -> bool:
        """Esc: quit at once between games; during a game, ask first (a second Esc quits)."""
        playing = self.started is not None and not self.game.is_over()
        if not playing or self.quit_armed:
            return False
        self.quit_armed = True
        self.message = "Quit in the middle of a game? Esc again quits; any other key plays on."
        return True

    def toggle_pause(self) -> None:
        """Hide the board and stop the clock, or carry on."""
        if self.game.is_over() or self.started is None:
            self.message = "Nothing to pause: the clock runs from the first reveal to the end."
            return
        now = self.clock()
        if self.paused_at is None:
            self.paused_at = now
            self._set_autoplay(False)
            self.message = "Paused: the board is hidden and the clock stopped. P carries on."
        else:
            self.paused_for += now - self.paused_at
            self.paused_at = None
            self.message = "Carry on."

    def cycle_first_click(self) -> None:
        """Choose the next first-click rule (safe, opening, none) for new games; remember it."""
        rules = Settings.RULES
        self.first_click = rules[(rules.index(self.first_click) + 1) % len(rules)]
        self.settings.first_click = self.first_click
        problem = self.settings.save()
        words = {
            "safe": "the first click is never a mine (CS50's rule)",
            "opening": "the first click opens an area (no mine in its 3x3 block)",
            "none": "the first click may be a mine",
        }[self.first_click]
        self.message = f"First click for new games: {words}. {problem}".strip()

    def toggle_question_marks(self) -> None:
        """Let a right click cycle flag, question mark, nothing; or flag and nothing only."""
        self.settings.question_marks = not self.settings.question_marks
        if not self.settings.question_marks:
            self.marks.clear()
        problem = self.settings.save()
        state = "on" if self.settings.question_marks else "off"
        self.message = f"Question marks {state}. {problem}".strip()

    def move_cursor(self, rows: int, columns: int) -> None:
        """Move the keyboard's cell, staying on the board."""
        r, c = self.cursor
        self.cursor = (
            min(max(r + rows, 0), self.game.height - 1),
            min(max(c + columns, 0), self.game.width - 1),
        )

    def start_custom(self) -> None:
        """Open the custom-board line: rows x columns x mines, with the limits shown."""
        self.entering = ""
        self.message = self.custom_prompt()

    def custom_prompt(self) -> str:
        """Return the custom-board line as typed so far, with the limits."""
        return (
            f"Custom board > {self.entering}_  (rows x columns x mines, e.g. 20x30x120; "
            f"rows 1-{MAX_ROWS}, columns 1-{MAX_COLUMNS}; Enter plays, Esc cancels)"
        )

    def type_custom(self, key: str) -> None:
        """Take one key of the custom-board line: digits, x, Backspace, Enter, Esc."""
        assert self.entering is not None
        if key == "escape":
            self.entering = None
            self.message = "No new board."
        elif key == "backspace":
            self.entering = self.entering[:-1]
            self.message = self.custom_prompt()
        elif key == "enter":
            text, self.entering = self.entering, None
            try:
                size = parse_board_size(text, rule=self.first_click)
            except ValueError as error:
                self.entering = text
                self.message = f"{self.custom_prompt()} {error}."
                return
            self.custom = self.board = Board("Custom", size.height, size.width, size.mines)
            self.new_game()
        elif len(self.entering) < 20 and (key.isdigit() or key == "x"):
            self.entering += key
            self.message = self.custom_prompt()

    def _after_the_end(self) -> str:
        """Return the message that ended the game and what to do next, once it is over."""
        if not (self.game.is_over() and self.ending):
            return ""
        return f"{self.ending} The game is over: N starts a new game, R restarts."

    def _outcome(self, cell: Cell, result: MoveResult) -> str:
        """Return what a move did, in one sentence."""
        if result.exploded is not None:
            return f"{cell_name(result.exploded)} was a mine: the game is lost."
        if len(result.revealed) == 1:
            text = f"{cell_name(cell)} shows {result.revealed[0][1]}."
        else:
            text = f"{len(result.revealed)} cells opened from {cell_name(cell)}."
        if self.game.won():
            text += f" Every safe cell is open: {self.status_text().lower()}."
        return text

    # -- the AI's moves ---------------------------------------------------------

    def ai_move(self) -> None:
        """Play one AI move (the pending one after Think) and say why in the message."""
        if self.game.is_over():
            self._set_autoplay(False)
            self.message = self._after_the_end() or (
                f"The game is {self.game.status()}: the AI has nothing to play. "
                "N starts a new game, R restarts."
            )
            return
        if self.paused_at is not None:
            self.message = "Paused: P carries on."
            return
        if self._warn_about_flag():
            return
        cell = self.ai.make_move()
        decision = self.ai.last_decision
        self.ai_played = True
        if cell is not None:
            self.cursor = cell
            self.marks.discard(cell)
        self._changed(keep_choice=True)
        self.pending, self.pending_decision = None, None
        if cell is None or decision is None:
            self._set_autoplay(False)
            self.message = "The AI finds no cell left to play."
            return
        reason = self.reason(decision)
        lifted = ""
        if cell in self.game.flags:
            self.game.toggle_flag(cell)
            lifted = " (it lifted your flag there: your flags are not its knowledge)"
        self.flag_warned = None
        outcome = self._play(self.game.reveal(cell), cell, "AI")
        flagged = self._flag_known_mines()
        if self.classroom and self.step_index >= 0:
            self.step_end()  # the class sees now, not the step it was on before the move
        self.message = self.ending = f"AI: {reason}{lifted}. {outcome}{flagged}"

    def _warn_about_flag(self) -> bool:
        """Say so, and stop, the first time the AI's next cell carries the player's flag."""
        decision = self.ai.choose()  # a looking call: the AI is left as it was
        if decision is None or decision.cell not in self.game.flags:
            return False
        if self.flag_warned == decision.cell:
            return False  # said once already: this time the AI lifts the flag and plays
        self.flag_warned = decision.cell
        self._set_autoplay(False)
        name = cell_name(decision.cell)
        self.message = (
            f"The AI would play {name}, which you flagged ({self.reason(decision)}). "
            f"A again lifts your flag and plays {name}; or take the flag off yourself."
        )
        return True

    def _flag_known_mines(self) -> str:
        """With the AI-flags setting on, flag every mine the AI knows; return what it did."""
        if not self.settings.ai_flags or self.game.is_over():
            return ""
        new = sorted(self.ai.mines - self.game.flags)
        for cell in new:
            self.game.toggle_flag(cell)
            self.marks.discard(cell)
        if not new:
            return ""
        names = ", ".join(cell_name(c) for c in new[:6]) + (", ..." if len(new) > 6 else "")
        return f" It flagged {plural(len(new), 'mine')} it knows: {names}."

    def toggle_ai_flags(self) -> None:
        """Let the AI flag the mines it knows as it plays (so the mine counter moves), or not."""
        self.settings.ai_flags = not self.settings.ai_flags
        problem = self.settings.save()
        if self.settings.ai_flags:
            words = "on: the AI flags every mine it knows after each of its moves"
        else:
            words = "off: the AI leaves the flags to you"
        self.message = f"AI flags {words}. {problem}".strip()

    def press_at(self, cell: Optional[Cell], chord: bool) -> None:
        """Draw cells pressed while a button is held: the cell, or a number's hidden neighbours."""
        self.pressed = set()
        if cell is None or self.game.is_over() or self.paused_at is not None or self.replaying():
            return
        if chord or cell in self.game.revealed:
            around = [cell, *self.game.neighbors(cell)]
        else:
            around = [cell]
        hidden = self.game.revealed.keys() | self.game.flags
        self.pressed = {c for c in around if c not in hidden}

    def reason(self, decision: Decision) -> str:
        """Return why the AI plays a decision's cell, with the numbers involved."""
        if decision.proof is not None:
            proof = self.ai.steps[decision.proof]
            if proof.rule in ("zero", "enumeration"):
                return f"{decision_text(decision)}, because {step_text(proof)}"
        return decision_text(decision)

    def proof(self, cell: Cell) -> Optional[Step]:
        """Return the step that proved cell safe, if any."""
        return self.ai.why_safe(cell)

    def toggle_autoplay(self) -> None:
        """Start or stop the AI playing one move per timer tick until the game ends."""
        if self.game.is_over() and not self.autoplay:
            self.message = f"The game is {self.game.status()}: nothing to auto-play."
            return
        self._set_autoplay(not self.autoplay)
        self.message = "Auto-play on: press P to stop." if self.autoplay else "Auto-play off."

    def _set_autoplay(self, on: bool) -> None:
        """Turn the auto-play timer on or off."""
        self.autoplay = on
        if pygame.display.get_init():
            pygame.time.set_timer(AUTOPLAY_EVENT, AUTOPLAY_MS if on else 0)

    def tick(self) -> None:
        """One auto-play beat: an AI move while auto-play is on."""
        if self.autoplay:
            self.ai_move()

    # -- classroom: thinking and stepping -------------------------------------

    def think(self) -> None:
        """Let the AI draw its next conclusion without playing it; AI Move then plays it."""
        self.classroom = True
        if self.game.is_over():
            self.message = f"The game is {self.game.status()}: nothing to think about."
            return
        if self.pending is None and not self._think_quietly():
            self.message = "The AI finds no cell left to play."
            return
        decision = self.pending_decision
        assert self.pending is not None and decision is not None
        self.thought_aloud = True
        self.preview = None
        if decision.proof is not None:
            self.step_index = decision.proof
        elif decision.strategy == "counting":
            self.preview = self.ai.counting_step()
        else:
            self.preview = Step("move", cell=decision.cell, decision=decision)
        self.message = f"Think: {self.reason(decision)}. A plays it."

    def _think_quietly(self) -> bool:
        """Ask the AI what it would play (a looking call) and keep it; False when it has none."""
        decision = self.ai.choose()
        if decision is None:
            return False
        self.pending, self.pending_decision = decision.cell, decision
        return True

    def lessons(self) -> list[Group]:
        """Return the step log in lesson groups (bookkeeping folded into the step it serves)."""
        return lesson_groups(self.ai.steps, self.ai.revealed, self.batches)

    def _show(self, step: int, beat: int) -> None:
        """Show a step at a beat; a step that is not a lesson has only its conclusion."""
        self.classroom = True
        self.preview = None
        self.viewing = None
        self.step_index = step
        self.follow = True
        self.thought_aloud = False  # Think's outline is about now, not the step on screen
        found = self.lessons()
        group = found[group_of(found, step)] if found else None
        is_lesson = group is not None and group.lesson and group.last == step
        self.beat = beat if is_lesson and not self.expanded else 1

    def step_forward(self) -> None:
        """Show the next beat: a lesson step's conclusion, then the next lesson step's question."""
        self.message = self.typed = ""  # an earlier key's words no longer hold
        steps = self.ai.steps
        if not steps:
            self.classroom = True
            self.message = "No steps yet: reveal a cell, or press T to think."
            return
        if self.preview is None and self.step_index >= 0 and self.beat == 0:
            self._show(self.step_index, 1)
            return
        if self.expanded:
            if self.step_index + 1 < len(steps):
                self._show(self.step_index + 1, 1)
            else:
                self.message = "That is the last step so far: T thinks, A moves."
            return
        found = self.lessons()
        here = group_of(found, self.step_index) if self.step_index >= 0 else -1
        if here + 1 < len(found):
            self._show(found[here + 1].last, 0)
        else:
            self.classroom = True
            self.message = "That is the last step so far: T thinks, A moves."

    def step_back(self) -> None:
        """Show the previous beat: a lesson step's question, or the one before's conclusion.

        When expanded, the previous step.
        """
        self.classroom = True
        self.preview = None
        self.message = self.typed = ""
        if self.step_index < 0 and self.ai.steps:  # no step on screen yet: start from the last
            self.step_end()
            return
        if self.step_index <= 0:
            self.message = "That is the first step."
            return
        if self.expanded:
            self._show(self.step_index - 1, 1)
            return
        found = self.lessons()
        group = found[group_of(found, self.step_index)]
        if self.beat == 1 and group.lesson and group.last == self.step_index:
            self._show(self.step_index, 0)  # the previous beat: this step's question
            return
        here = group_of(found, self.step_index) - 1
        if here >= 0:
            self._show(found[here].last, 1)
        else:
            self.message = "That is the first step."

    def step_home(self) -> None:
        """Show the first lesson step's question (the first step, when expanded)."""
        self.message = self.typed = ""
        if self.expanded and self.ai.steps:
            self._show(0, 1)
            return
        first = next((g for g in self.lessons() if g.lesson), None)
        if first is None:
            self.classroom = True
            self.message = NO_LESSON
            return
        self._show(first.last, 0)

    def step_end(self) -> None:
        """Show the last step's conclusion."""
        self.message = self.typed = ""
        if self.ai.steps:
            self._show(len(self.ai.steps) - 1, 1)

    def toggle_expanded(self) -> None:
        """Show every step one by one (bookkeeping too), or the lesson steps only."""
        self.expanded = not self.expanded
        self.classroom = True
        self.message = (
            "Every step: → and ← move one step, bookkeeping included. E folds them again."
            if self.expanded
            else "Lesson steps only: the bookkeeping folds into the step it serves."
        )
        if self.step_index >= 0 and not self.expanded:
            found = self.lessons()
            self._show(found[group_of(found, self.step_index)].last, 1)

    def type_digit(self, digit: str) -> None:
        """Collect a typed lesson-step number (Enter jumps there)."""
        self.typed = (self.typed + digit)[-4:]
        self.message = f"Go to lesson step {self.typed}: press Enter."

    def jump_to_typed(self) -> None:
        """Jump to the typed lesson step number (a step number when expanded)."""
        if not self.typed:
            return
        number, self.typed = int(self.typed), ""
        lessons = [g for g in self.lessons() if g.lesson]
        count = len(self.ai.steps) if self.expanded else len(lessons)
        if not count:
            self.message = NO_LESSON
            return
        if not 1 <= number <= count:
            what = "steps" if self.expanded else "lesson steps"
            self.message = f"There is no step {number}: {what} run 1 to {count}."
            return
        self.message = ""
        self._show(number - 1 if self.expanded else lessons[number - 1].last, 0)

    def enumeration(self) -> Optional[Enumeration]:
        """Return the arrangements behind the enumeration step on screen, or None."""
        step = self.current_step()
        if not self.classroom or step is None or step.rule != "enumeration":
            return None
        key = (id(self.ai), self.step_index, id(self.preview), len(self.ai.steps))
        if self._enumeration[0] != key:
            if self.preview is not None:
                position = self.ai.position()
            else:
                position = position_before(self.ai, self.step_index)
            self._enumeration = (key, enumerate_step(position, step.premises))
        return self._enumeration[1]

    def next_arrangement(self) -> None:
        """V: draw the enumeration step's arrangements one after another, then hide them."""
        enum = self.enumeration()
        if enum is None:
            self.viewing = None
            self.message = (
                "V shows the arrangements behind an enumeration step (an 'every arrangement "
                "agrees' step); the step on screen is not one."
            )
            return
        views = len(enum.arrangements) or 1  # too many to draw: one table
        self.viewing = 0 if self.viewing is None else self.viewing + 1
        if self.viewing >= views:
            self.viewing = None
            self.message = "Arrangements hidden: V shows them again."
        elif enum.arrangements:
            self.message = f"Arrangement {self.viewing + 1} of {views}: V shows the next."
        else:
            self.message = f"{enum.count:,} arrangements, too many to draw: counted by mines."

    def arrangement_words(self) -> str:
        """Return the step panel's words while an arrangement (or the table) is on screen."""
        enum = self.enumeration()
        if enum is None or self.viewing is None:
            return ""
        cells = len(enum.cells)
        if enum.arrangements:
            shown = enum.arrangements[self.viewing]
            k = len(shown.mines)
            where = ", ".join(cell_name(c) for c in sorted(shown.mines)) or "none"
            words = (
                f"Arrangement {self.viewing + 1} of {len(enum.arrangements)}: {k} of these "
                f"{cells} cells hold mines ({where}); {weight_words(enum, k)}."
            )
        else:
            counts = "; ".join(
                f"{k} mines: {n:,} arrangements x {w:,}" for k, n, w in enum.by_mines[:6]
            )
            more = "; ..." if len(enum.by_mines) > 6 else ""
            words = f"{enum.count:,} arrangements of {cells} cells, by mines: {counts}{more}."
        if self.asking():
            return words + " (→ shows what they all agree on.)"
        odds = odds_words(enum, enum.odds, cell_name)
        words += f" Weighing each by its ways, out of {enum.total_weight:,}: {odds}."
        if enum.outside_odds is not None:
            words += f" A cell no sentence names: {percent(enum.outside_odds)}."
        decided = enum.decided_by_the_count()
        if decided:
            plain = odds_words(enum, enum.plain, cell_name, decided)
            words += f" The mine counter decides it: with every arrangement counted once, {plain}."
        elif enum.outside_decided():
            words += " The mine counter decides it: without it those cells could be anything."
        return words

    def asking(self) -> bool:
        """True when a lesson step's question is on screen: its conclusion is not drawn yet."""
        return self.classroom and self.preview is None and self.step_index >= 0 and self.beat == 0

    def shown_knowledge(self) -> Optional[Knowledge]:
        """Return the knowledge as it was at the step on screen (before it, when asking)."""
        if not self.classroom or self.preview is not None or self.step_index < 0:
            return None
        return self.ai.knowledge_after(self.step_index - (1 if self.asking() else 0))

    def numbers_behind(self) -> frozenset[Cell]:
        """Return the revealed numbers the step on screen stands on (none for Think's step)."""
        if self.preview is not None or not 0 <= self.step_index < len(self.ai.steps):
            return frozenset()
        key = (id(self.ai), self.step_index)
        if self._behind[0] != key:
            self._behind = (key, numbers_behind(self.ai.steps, self.step_index))
        return self._behind[1]

    def knowledge_withheld(self) -> bool:
        """True in class before a step is on screen: today's knowledge would give answers away."""
        return (
            self.classroom and self.preview is None and self.step_index < 0 and bool(self.ai.steps)
        )

    def shown_board(self) -> dict[Cell, int]:
        """Return the numbers to draw: the board as it was at the step on screen."""
        step = self.current_step()
        if self.classroom and self.preview is None and step is not None:
            return board_at(self.ai.revealed, self.batches, step)
        return dict(self.game.revealed)

    def current_step(self) -> Optional[Step]:
        """Return the step being shown (what Think foresaw, else a step of the log), or None."""
        if self.preview is not None:
            return self.preview
        if 0 <= self.step_index < len(self.ai.steps):
            return self.ai.steps[self.step_index]
        return None

    def toggle_overlay(self) -> None:
        """Show or hide every hidden cell's mine probability."""
        self.overlay = not self.overlay
        self.message = (
            "Odds overlay on: each hidden cell shows its chance of a mine; the outline is "
            "the AI's pick."
            if self.overlay
            else "Odds overlay off."
        )
        if self.overlay and not self.game.revealed and self.game.first_click != "none":
            self.message += (
                f" Under the {self.game.first_click} rule the first click itself is never "
                "a mine; the odds are for the cells it leaves."
            )
        self._refresh_choice()

    def toggle_classroom(self) -> None:
        """Show or hide the knowledge panel and the steps."""
        self.classroom = not self.classroom
        self.message = "Classroom mode on." if self.classroom else "Classroom mode off."

    def select_sentence(self, index: int) -> None:
        """Highlight the cells of the listed sentence at index; again to clear it."""
        listed = self.listed()
        if not 0 <= index < len(listed):
            return
        rule = listed[index]
        self.selected = None if self.selected == rule else rule

    def listed(self) -> list[Rule]:
        """Return the sentences the knowledge list shows: as at the step on screen, or today's."""
        return self.listed_from(self.shown_knowledge())

    def listed_from(self, then: Optional[Knowledge]) -> list[Rule]:
        """Return the listed sentences, given shown_knowledge()'s answer."""
        if then is not None:
            return list(then.sentences)
        return [Rule(frozenset(s.cells), s.count) for s in self.ai.knowledge]

    def focus(self, listed: Optional[list[Rule]] = None) -> Optional[Rule]:
        """Return the listed sentence the step on screen is about: its new one, or its premise.

        listed: self.listed(), when the caller has it already (it folds the step log).
        """
        step = self.current_step()
        if step is None or self.preview is not None:
            return None
        listed = self.listed() if listed is None else listed
        wanted = [*step.premises] if self.asking() else [*step.added, *step.premises]
        return next((rule for rule in wanted if rule in listed), None)

    def first_listed(self, rows: int, listed: Optional[list[Rule]] = None) -> int:
        """Return the index of the top sentence of a list that shows rows of them."""
        listed = self.listed() if listed is None else listed
        last_top = max(0, len(listed) - rows)
        first = min(self.scroll, last_top)
        focus = self.focus(listed) if self.follow else None
        if focus is not None:
            k = listed.index(focus)
            if not first <= k < first + rows:
                first = min(max(0, k - rows // 2), last_top)
        return first

    def scroll_knowledge(self, lines: int, visible: int) -> None:
        """Scroll the knowledge list by lines, keeping a full page in view."""
        top = max(0, len(self.listed()) - visible)
        self.scroll = min(max(self.first_listed(visible) + lines, 0), top)
        self.follow = False

    def probabilities(self) -> dict[Cell, tuple[Fraction, str]]:
        """Return every unrevealed cell's mine probability and its percentage text.

        Recomputed only after the game or the AI changed, so a frame only draws.
        """
        version, odds = self._odds
        if version != self.version:
            found = self.ai.mine_probabilities()
            # Past the counting budget the figures are estimates: say so on each.
            mark = "" if found.exact else "≈"
            odds = {
                c: (p, percent(p) if p in (0, 1) else mark + percent(p)) for c, p in found.items()
            }
            self._odds = (self.version, odds)
        return odds

    def _changed(self, keep_choice: bool = False) -> None:
        """Note that the game or the AI changed: caches and selections are stale."""
        self.version += 1
        self.selected = None
        if not keep_choice:
            self.pending, self.pending_decision = None, None
            self.preview = None
            self.thought_aloud = False
            self._refresh_choice()

    def _refresh_choice(self) -> None:
        """With the overlay on, work out the AI's pick so that it can be outlined."""
        if self.overlay and self.pending is None and not self.game.is_over():
            self._think_quietly()

    # -- positions ---------------------------------------------------------------

    def save_position(self) -> Optional[Path]:
        """Write the board in the notation to a new file in save_dir; return its path."""
        if not self.game.placed:
            self.message = "Nothing to save yet: the mines are placed at the first click."
            return None
        stamp = datetime.now()
        title = re.sub(r" \(saved [^)]*\)$", "", self.title or self.describe())
        title = f"{title} (saved {stamp:%Y-%m-%d %H:%M:%S})"
        note = f"# {self.note}\n" if self.note else ""
        path = self._free_path(f"position-{stamp:%Y%m%d-%H%M%S}")
        try:
            self.save_dir.mkdir(parents=True, exist_ok=True)
            path.write_text(f"# {title}\n{note}{self.game.to_text()}", encoding="utf-8")
        except OSError as error:
            self.message = f"Could not save: {error}."
            return None
        self.message = f"Saved to {path}; open it with --position."
        return path

    def export_view(self) -> Optional[Path]:
        """Write what the window shows to a PNG in the user's exports folder; say where."""
        surface = pygame.display.get_surface() if pygame.display.get_init() else None
        if surface is None:
            self.message = "Nothing to export: no window is open."
            return None
        folder = data_dir() / "exports"
        path = folder / f"view-{datetime.now():%Y%m%d-%H%M%S}.png"
        number = 2
        while path.exists():
            path = folder / f"view-{datetime.now():%Y%m%d-%H%M%S}-{number}.png"
            number += 1
        try:
            folder.mkdir(parents=True, exist_ok=True)
            pygame.image.save(surface, str(path))
        except (OSError, pygame.error) as error:
            self.message = f"Could not export: {error}."
            return None
        self.message = f"Exported this view to {path}."
        return path

    def _free_path(self, stem: str) -> Path:
        """Return save_dir/stem.txt, or stem-2.txt, ... when the name is taken."""
        path = self.save_dir / f"{stem}.txt"
        number = 2
        while path.exists():
            path = self.save_dir / f"{stem}-{number}.txt"
            number += 1
        return path

    # -- what the panel shows -----------------------------------------------------

    def elapsed(self) -> float:
        """Return the seconds since the first reveal, stopped at the end of the game."""
        if self.started is None:
            return 0.0
        end = self.finished if self.finished is not None else self.clock()
        if self.paused_at is not None:
            end = self.paused_at
        return max(0.0, end - self.started - self.paused_for)

    def replaying(self) -> bool:
        """True when the classroom shows an earlier moment of the game than now."""
        return self.classroom and len(self.shown_board()) < len(self.ai.revealed)

    def status_text(self) -> str:
        """Return the status: Playing, Won in N s, or Lost (Replay at an earlier moment)."""
        if self.replaying():
            return "Replay"  # the game's end would be a spoiler at an earlier step
        status = self.game.status()
        if status == "won":
            return f"Won in {clock_text(max(self.elapsed(), 0.01))} s"
        return status.capitalize()


# ---------------------------------------------------------------------------
# The layout: where the board, the buttons and the panel are
# ---------------------------------------------------------------------------


class Button(NamedTuple):
    """A panel button: the command it runs, its label, and its rectangle."""

    command: str
    label: str
    rect: pygame.Rect


@dataclass
class Layout:
    """Where everything is for one window size and one game."""

    rows: int
    columns: int
    cell: int
    origin: tuple[int, int]
    panel: pygame.Rect
    title: pygame.Rect
    status: pygame.Rect
    buttons: list[Button]
    message: pygame.Rect
    step: pygame.Rect
    knowledge: pygame.Rect
    help: pygame.Rect

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        """Return the rectangle of a cell on the screen."""
        x0, y0 = self.origin
        return pygame.Rect(x0 + cell[1] * self.cell, y0 + cell[0] * self.cell, self.cell, self.cell)

    def cell_at(self, pos: tuple[int, int]) -> Optional[Cell]:
        """Return the cell under a screen position, or None."""
        row = (pos[1] - self.origin[1]) // self.cell
        col = (pos[0] - self.origin[0]) // self.cell
        inside = pos[0] >= self.origin[0] and pos[1] >= self.origin[1]
        return (row, col) if inside and row < self.rows and col < self.columns else None

    def button_at(self, pos: tuple[int, int]) -> Optional[str]:
        """Return the command of the button under a screen position, or None."""
        return next((b.command for b in self.buttons if b.rect.collidepoint(pos)), None)

    def list_rows(self) -> int:
        """Return how many knowledge sentences fit in the list."""
        return max(0, (self.knowledge.height - px(LINE)) // px(LIST_LINE))

    def sentence_at(self, pos: tuple[int, int], first: int) -> Optional[int]:
        """Return the index of the knowledge sentence under a position, or None."""
        top = self.knowledge.y + px(LINE)
        if not self.knowledge.collidepoint(pos) or pos[1] < top:
            return None
        return first + (pos[1] - top) // px(LIST_LINE)


def fit_cell(area: tuple[int, int], rows: int, columns: int) -> int:
    """Return the cell size that fits rows x columns and the labels into area."""
    across = (area[0] - 2 * MARGIN - px(LABEL)) // columns
    down = (area[1] - 2 * MARGIN - px(LABEL)) // rows
    return max(MIN_CELL, min(MAX_CELL, across, down))


def minimum_window_size(ctrl: Controller) -> tuple[int, int]:
    """Return the smallest window that shows every cell at MIN_CELL and the whole panel.

    The panel needs its buttons, message and step box, three lines for the
    knowledge list and the help lines; the board needs MIN_CELL per cell.
    """
    global UI
    game = ctrl.game
    edges = 2 * MARGIN + LABEL
    width = PANEL_WIDTH + edges + MIN_CELL * game.width
    scale = UI
    try:
        tall = layout((width, 10_000), ctrl, scale=1.0)  # a larger window only scales up
    finally:
        UI = scale
    panel = tall.step.bottom + 6 + 3 * LINE + 6 + (tall.panel.bottom - tall.help.y)
    return (width, max(panel, edges + MIN_CELL * game.height))


def keep_minimum_size(ctrl: Controller) -> None:
    """Grow a window resized (or a panel grown) past the minimum back to it."""
    have = pygame.display.get_surface().get_size()
    need = minimum_window_size(ctrl)
    if have[0] < need[0] or have[1] < need[1]:
        pygame.display.set_mode((max(have[0], need[0]), max(have[1], need[1])), pygame.RESIZABLE)


def default_window_size(game: Minesweeper) -> tuple[int, int]:
    """Return the window size that shows game at its best and fits SCREEN."""
    cell = fit_cell((SCREEN[0] - PANEL_WIDTH, SCREEN[1]), game.height, game.width)
    width = 2 * MARGIN + LABEL + cell * game.width + PANEL_WIDTH
    height = max(SCREEN[1], 2 * MARGIN + LABEL + cell * game.height)
    return (width, height)


BUTTON_ROWS = (
    (("ai", "AI Move"), ("auto", "Auto-play"), ("new", "New game"), ("restart", "Restart")),
    tuple((f"board:{key}", board.name) for key, board in BOARDS.items()),
    (
        ("think", "Think"),
        ("back", "◀ Back"),
        ("step", "Step ▶"),
        ("overlay", "Odds"),
        ("classroom", "Class"),
        ("save", "Save"),
    ),
)


def layout(size: tuple[int, int], ctrl: Controller, scale: Optional[float] = None) -> Layout:
    """Return where everything goes in a window of this size (at its scale, or the one given)."""
    global UI
    if scale is None:
        set_scale(size)
    else:
        UI = scale
    width, height = size
    game = ctrl.game
    wide, margin, line = px(PANEL_WIDTH), px(MARGIN), px(LINE)
    cell = fit_cell((width - wide, height), game.height, game.width)
    origin = (MARGIN + px(LABEL), MARGIN + px(LABEL))
    panel = pygame.Rect(width - wide, 0, wide, height)
    x, inner = panel.x + margin, wide - 2 * margin
    title = pygame.Rect(x, margin, inner, 2 * round(px(16) * 1.36))
    status = pygame.Rect(x, title.bottom + px(4), inner, px(40))
    buttons, y = _buttons(ctrl, x, status.bottom + px(10), inner)
    message = pygame.Rect(x, y + px(4), inner, (3 if ctrl.classroom else 4) * line)
    step_height = 8 * line if ctrl.classroom else 0
    step = pygame.Rect(x, message.bottom + px(6), inner, step_height)
    help_lines = 3 if ctrl.classroom else 6  # in class the knowledge list needs the room
    help_rect = pygame.Rect(x, height - help_lines * px(18) - margin, inner, help_lines * px(18))
    top = step.bottom + px(6)
    knowledge = pygame.Rect(x, top, inner, max(0, help_rect.y - px(6) - top))
    return Layout(
        game.height,
        game.width,
        cell,
        origin,
        panel,
        title,
        status,
        buttons,
        message,
        step,
        knowledge,
        help_rect,
    )


def _buttons(ctrl: Controller, x: int, y: int, width: int) -> tuple[list[Button], int]:
    """Return the panel's buttons laid out in rows from (x, y), and the y below them."""
    rows = [list(row) for row in BUTTON_ROWS]
    if ctrl.custom is not None:
        rows[1].append(("board:custom", "Custom"))
    buttons = []
    gap = px(6)
    for row in rows:
        room = width - gap * (len(row) - 1)
        # Widths go by label length, so that one font size fits every label.
        weights = [len(label) + 4 for _, label in row]
        left = x
        for k, (command, label) in enumerate(row):
            each = room * weights[k] // sum(weights)
            buttons.append(Button(command, label, pygame.Rect(left, y, each, px(30))))
            left += each + gap
        y += px(36)
    return buttons, y


# ---------------------------------------------------------------------------
# Drawing
# ---------------------------------------------------------------------------


class Painter:
    """Fonts, images and rendered texts, made once and reused every frame."""

    def __init__(self) -> None:
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._texts: dict[tuple[str, int, tuple[int, ...], bool], pygame.Surface] = {}
        self._images = {
            name: pygame.image.load(str(IMAGES / f"{name}.png"))
            for name in ("mine", "flag", "wrong_flag")
        }
        self._scaled: dict[tuple[str, int], pygame.Surface] = {}
        self._tints: dict[tuple[tuple[int, ...], int], pygame.Surface] = {}
        self._tiles: dict[int, pygame.Surface] = {}
        self.layer = pygame.Surface((1, 1))
        self.layer_key: tuple[object, ...] = ()

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """Return DejaVu Sans at a pixel size."""
        key = (size, bold)
        if key not in self._fonts:
            self._fonts[key] = pygame.font.Font(str(BOLD_FONT_FILE if bold else FONT_FILE), size)
        return self._fonts[key]

    def text(
        self, text: str, size: int, colour: tuple[int, ...] = INK, bold: bool = False
    ) -> pygame.Surface:
        """Return text rendered once and kept for the next frames."""
        key = (text, size, colour, bold)
        if key not in self._texts:
            if len(self._texts) > 5000:
                self._texts.clear()
            self._texts[key] = self.font(size, bold).render(text, True, colour)
        return self._texts[key]

    def image(self, name: str, size: int) -> pygame.Surface:
        """Return one of the images scaled to size x size pixels."""
        key = (name, size)
        if key not in self._scaled:
            scaled = pygame.transform.smoothscale(self._images[name], (size, size))
            self._scaled[key] = scaled.convert_alpha() if pygame.display.get_surface() else scaled
        return self._scaled[key]

    def tint(self, colour: tuple[int, ...], size: int) -> pygame.Surface:
        """Return a translucent square of colour (r, g, b, alpha)."""
        key = (colour, size)
        if key not in self._tints:
            surface = pygame.Surface((size, size), pygame.SRCALPHA)
            surface.fill(colour)
            self._tints[key] = surface
        return self._tints[key]

    def tile(self, size: int) -> pygame.Surface:
        """Return a raised hidden cell of size x size pixels."""
        if size not in self._tiles:
            surface = pygame.Surface((size, size))
            edge = bevel(size)
            surface.fill(HIDDEN_DARK)
            pygame.draw.polygon(surface, HIDDEN_LIGHT, [(0, 0), (size - 1, 0), (0, size - 1)])
            surface.fill(HIDDEN, (edge, edge, size - 2 * edge, size - 2 * edge))
            self._tiles[size] = surface
        return self._tiles[size]


def bevel(size: int) -> int:
    """Return the width of a hidden cell's raised edge."""
    return max(2, size // 10)


def draw(screen: pygame.Surface, ctrl: Controller, painter: Painter) -> None:
    """Draw the whole window from the controller's game and AI."""
    set_scale(screen.get_size())
    view = layout(screen.get_size(), ctrl)
    screen.fill(BACKGROUND)
    if ctrl.paused_at is not None:  # the board hidden: a pause is no time to study it
        label = painter.text("Paused: P carries on", px(28), FAINT_INK, bold=True)
        screen.blit(label, label.get_rect(center=(view.panel.x // 2, screen.get_height() // 2)))
        draw_panel(screen, view, ctrl, painter)
        return
    screen.blit(board_layer(view, ctrl, painter), (MARGIN, MARGIN))
    if not ctrl.classroom and not ctrl.game.is_over():
        width = max(2, view.cell // 10)
        pygame.draw.rect(screen, CURSOR, view.cell_rect(ctrl.cursor), width)
    if ctrl.classroom:
        draw_highlights(screen, view, ctrl, painter)
        draw_known(screen, view, ctrl)
        draw_arrangement(screen, view, ctrl, painter)
    for cell in ctrl.pressed:  # held down: drawn as open, with nothing in it yet
        rect = view.cell_rect(cell)
        screen.fill(REVEALED, rect)
        pygame.draw.rect(screen, GRID, rect, 1)
    draw_choice(screen, view, ctrl)
    draw_panel(screen, view, ctrl, painter)


def board_layer(view: Layout, ctrl: Controller, painter: Painter) -> pygame.Surface:
    """Return the labelled board (with the overlay), redrawn only when it changed."""
    game = ctrl.game
    shown = ctrl.shown_board()
    odds = ctrl.overlay and not ctrl.classroom  # the classroom shows no odds: they give answers
    marks = frozenset(ctrl.marks)
    key = (id(game), ctrl.version, frozenset(game.flags), view.cell, odds, len(shown), marks)
    if painter.layer_key != key:
        band = px(LABEL)
        here = replace(view, origin=(band, band))
        size = (band + view.cell * view.columns, band + view.cell * view.rows)
        layer = pygame.Surface(size)
        layer.fill(BACKGROUND)
        draw_labels(layer, here, painter)
        draw_board(layer, here, ctrl, painter, shown)
        if odds:
            draw_overlay(layer, here, ctrl, painter)
        painter.layer, painter.layer_key = layer, key
    return painter.layer


def draw_arrangement(
    screen: pygame.Surface, view: Layout, ctrl: Controller, painter: Painter
) -> None:
    """Draw the arrangement on screen (V): a mine on each of its mined cells, a ring on the rest."""
    enum = ctrl.enumeration() if ctrl.viewing is not None else None
    if enum is None or not enum.arrangements or ctrl.viewing is None:
        return
    shown = enum.arrangements[ctrl.viewing]
    for cell in enum.cells:
        rect = view.cell_rect(cell)
        if cell in shown.mines:
            size = rect.width * 7 // 10
            picture = painter.image("mine", size)
            if not shown.weight:  # ruled out by the mine total: drawn faint
                picture = picture.copy()
                picture.set_alpha(90)
            screen.blit(picture, picture.get_rect(center=rect.center))
        else:
            radius = max(3, rect.width // 6)
            pygame.draw.circle(screen, INK, rect.center, radius, max(1, rect.width // 24))


def draw_known(screen: pygame.Surface, view: Layout, ctrl: Controller) -> None:
    """Mark what the AI knew about hidden cells at the step on screen: a cross, a tick.

    Outside a step (classroom mode off) nothing is marked: the marks would be answers.
    """
    known = ctrl.shown_knowledge()
    if known is None:
        return
    shown = ctrl.shown_board()
    enum = ctrl.enumeration() if ctrl.viewing is not None else None
    drawn = set(enum.cells) if enum is not None and enum.arrangements else set()
    for cell in known.mines | known.safes:
        if cell not in shown and cell not in drawn:  # an arrangement on screen draws its own
            draw_mark(screen, view.cell_rect(cell), cell in known.mines)


def draw_mark(screen: pygame.Surface, rect: pygame.Rect, mine: bool) -> None:
    """Draw a known mine or safe cell's mark in a cell's top right corner."""
    draw_mark_at(screen, dot_centre(rect), max(5, rect.width // 6), mine)


def draw_mark_at(screen: pygame.Surface, centre: tuple[int, int], radius: int, mine: bool) -> None:
    """Draw a known mine as a cross in a dark disc, a known safe cell as a tick in a light one."""
    cx, cy = centre
    pygame.draw.circle(screen, INK if mine else (255, 255, 255), (cx, cy), radius)
    pygame.draw.circle(screen, INK, (cx, cy), radius, max(1, radius // 5))
    r = radius * 0.55
    width = max(2, radius // 3)
    if mine:
        colour = (255, 255, 255)
        pygame.draw.line(screen, colour, (cx - r, cy - r), (cx + r, cy + r), width)
        pygame.draw.line(screen, colour, (cx - r, cy + r), (cx + r, cy - r), width)
    else:
        points = [(cx - r, cy), (cx - r * 0.3, cy + r * 0.7), (cx + r, cy - r * 0.7)]
        pygame.draw.lines(screen, INK, False, points, width)


def dot_centre(rect: pygame.Rect) -> tuple[int, int]:
    """Return where a cell's knowledge dot goes: top right, inside any highlight frame."""
    inset = max(3, rect.width // 8) + max(2, rect.width // 9) + 1
    return (rect.right - inset, rect.top + inset)


def draw_labels(screen: pygame.Surface, view: Layout, painter: Painter) -> None:
    """Draw row letters down the left edge and column numbers along the top."""
    size = max(9, min(px(16), view.cell * 2 // 3))  # as large as a column leaves room for
    x0, y0 = view.origin
    for row in range(view.rows):
        label = painter.text(row_name(row), size, FAINT_INK, bold=True)
        y = y0 + row * view.cell + view.cell // 2
        screen.blit(label, label.get_rect(midright=(x0 - 5, y)))
    for col in range(view.columns):
        label = painter.text(str(col + 1), size, FAINT_INK, bold=True)
        x = x0 + col * view.cell + view.cell // 2
        screen.blit(label, label.get_rect(midbottom=(x, y0 - 3)))


def draw_board(
    screen: pygame.Surface,
    view: Layout,
    ctrl: Controller,
    painter: Painter,
    shown: Optional[dict[Cell, int]] = None,
) -> None:
    """Draw every cell as the player saw it (shown: the numbers of that moment).

    A finished game shows its mines, unless an earlier moment is on screen.
    """
    game = ctrl.game
    if shown is None:
        shown = dict(game.revealed)
    now = len(shown) >= len(ctrl.ai.revealed)  # the latest moment (a mine hit is never told)
    shown_mines = game.mines if game.is_over() and now else set()
    for cell in game.cells():
        rect = view.cell_rect(cell)
        if cell in shown:
            draw_number(screen, rect, shown[cell], painter)
        elif cell in shown_mines and cell not in game.flags and game.lost():
            background = EXPLODED if cell == game.exploded else REVEALED
            draw_image(screen, rect, "mine", painter, background)
        elif cell in game.flags and game.lost() and now and cell not in game.mines:
            draw_image(screen, rect, "wrong_flag", painter)
        elif cell in game.flags or cell in shown_mines:
            draw_image(screen, rect, "flag", painter)
        else:
            screen.blit(painter.tile(rect.width), rect)
            if cell in ctrl.marks:
                mark = painter.text("?", int(rect.width * 0.6), INK, bold=True)
                screen.blit(mark, mark.get_rect(center=rect.center))


def draw_number(screen: pygame.Surface, rect: pygame.Rect, count: int, painter: Painter) -> None:
    """Draw a revealed cell and its number (nothing for a 0)."""
    screen.fill(REVEALED, rect)
    pygame.draw.rect(screen, GRID, rect, 1)
    if count:
        digit = painter.text(str(count), int(rect.width * 0.62), NUMBER_COLOURS[count], bold=True)
        screen.blit(digit, digit.get_rect(center=rect.center))


def draw_image(
    screen: pygame.Surface,
    rect: pygame.Rect,
    name: str,
    painter: Painter,
    background: Optional[tuple[int, int, int]] = None,
) -> None:
    """Draw an image on a flat background, or on a hidden tile when there is none."""
    if background is None:
        screen.blit(painter.tile(rect.width), rect)
    else:
        screen.fill(background, rect)
        pygame.draw.rect(screen, GRID, rect, 1)
    screen.blit(painter.image(name, rect.width), rect)


def overlay_colour(percentage: str) -> tuple[int, int, int, int]:
    """Return the overlay's tint for a percentage such as "18%": green, yellow, red."""
    return OVERLAY_SCALE[int(percentage.lstrip("≈").rstrip("%"))]


# The overlay's colour scale: (probability, colour) stops, closer together at low odds,
# where most cells are, so that 20% and 40% look different.
OVERLAY_STOPS = (
    (0.0, (40, 185, 75)),
    (0.2, (195, 220, 60)),
    (0.35, (250, 190, 40)),
    (0.5, (240, 110, 40)),
    (1.0, (205, 25, 25)),
)
OVERLAY_ALPHA = 200


def _scale_colour(t: float) -> tuple[int, int, int, int]:
    """Return the tint at probability t, mixed between the two stops around it."""
    for (t0, a), (t1, b) in zip(OVERLAY_STOPS, OVERLAY_STOPS[1:], strict=False):
        if t <= t1:
            s = (t - t0) / (t1 - t0)
            r, g, bl = (round(x + (y - x) * s) for x, y in zip(a, b, strict=True))
            return (r, g, bl, OVERLAY_ALPHA)
    return (*OVERLAY_STOPS[-1][1], OVERLAY_ALPHA)


OVERLAY_SCALE = [_scale_colour(k / 100) for k in range(101)]


def draw_overlay(screen: pygame.Surface, view: Layout, ctrl: Controller, painter: Painter) -> None:
    """Tint every unrevealed cell by its mine probability and write it as a percentage."""
    size = max(8, min(px(16), int(view.cell * 0.34)))  # grows with the cell, fits "100%"
    for cell, (_, text) in ctrl.probabilities().items():
        rect = view.cell_rect(cell)
        screen.blit(painter.tint(overlay_colour(text), view.cell), rect)
        label = painter.text(text, size, INK, bold=True)
        screen.blit(label, label.get_rect(center=rect.center))


def step_colours(step: Step, asking: bool = False) -> dict[Cell, tuple[int, int, int, int]]:
    """Return the highlight colour of each cell a step talks about (conclusions win).

    asking: the question beat, premises only (the conclusion is not given away).
    """
    colours: dict[Cell, tuple[int, int, int, int]] = {}
    if step.rule == "subset":
        colours.update((c, PREMISE) for c in step.premises[0].cells)
    else:
        for premise in step.premises:
            colours.update((c, PREMISE) for c in premise.cells)
    if step.rule == "clue" and step.cell is not None:
        colours[step.cell] = PREMISE
    if asking:
        return colours
    if step.sentence is not None and (step.rule != "clue" or step.added):
        # (A number whose neighbours are all known adds no sentence: nothing new to tint.)
        colours.update((c, DERIVED) for c in step.sentence.cells)
    colours.update((c, SAFE) for c in step.safes)
    colours.update((c, MINE) for c in step.mines)
    return colours


def draw_highlights(
    screen: pygame.Surface, view: Layout, ctrl: Controller, painter: Painter
) -> None:
    """Mark the shown step's premises and conclusions, and the selected sentence's cells.

    The marks are translucent fills, or thick frames when the odds overlay fills the cells.
    """
    marks: dict[Cell, tuple[int, int, int, int]] = {}
    step = ctrl.current_step()
    # While an arrangement is drawn, only the premises are coloured: it shows one
    # possibility, and the conclusion's colours would read as part of it.
    asking = ctrl.asking() or ctrl.viewing is not None
    if step is not None:
        if asking:  # the numbers the question is about, framed
            marks.update((cell, PREMISE) for cell in ctrl.numbers_behind())
        marks.update(step_colours(step, asking))
    if ctrl.selected is not None:
        marks.update((cell, SELECTED) for cell in ctrl.selected.cells)
    frame = max(3, view.cell // 8)
    shown = ctrl.shown_board()
    # Cells with a picture of their own (a number, or the mines of a finished
    # game) are framed, not tinted, so the picture stays clear.
    pictured = set(shown)
    if ctrl.game.is_over() and len(shown) >= len(ctrl.ai.revealed):
        pictured |= ctrl.game.mines
    for cell, colour in marks.items():
        rect = view.cell_rect(cell)
        if ctrl.overlay and not ctrl.classroom or cell in pictured:
            pygame.draw.rect(screen, colour[:3], rect.inflate(-2, -2), frame)
        else:
            screen.blit(painter.tint(colour, view.cell), rect)
        concluded = step is not None and (cell in step.mines or cell in step.safes)
        if concluded and step is not None and not asking and cell not in shown:
            draw_mark(screen, rect, cell in step.mines)
    if step is not None and asking and step.rule == "subset" and len(step.premises) > 1:
        # The larger sentence's other cells, framed: tinted, the two would read as one.
        for cell in step.premises[1].cells - step.premises[0].cells:
            pygame.draw.rect(screen, PREMISE[:3], view.cell_rect(cell).inflate(-2, -2), frame)
    if step is not None and step.cell is not None and not asking:
        # The cell the step is about (a move's cell has only this frame).
        pygame.draw.rect(screen, STEP_OUTLINE, view.cell_rect(step.cell), max(2, frame // 2))


def draw_choice(screen: pygame.Surface, view: Layout, ctrl: Controller) -> None:
    """Outline the AI's pending move (after Think, or the overlay's pick)."""
    shown = ctrl.thought_aloud or ctrl.overlay
    if shown and ctrl.pending is not None and not ctrl.game.is_over():
        width = max(2, view.cell // 9)
        pygame.draw.rect(screen, CHOICE_OUTLINE, view.cell_rect(ctrl.pending), width)


# -- the panel ---------------------------------------------------------------


def draw_panel(screen: pygame.Surface, view: Layout, ctrl: Controller, painter: Painter) -> None:
    """Draw the side panel: title, counters, buttons, message, step, knowledge, help."""
    screen.fill(PANEL, view.panel)
    pygame.draw.line(screen, GRID, view.panel.topleft, view.panel.bottomleft)
    draw_wrapped(screen, ctrl.title or ctrl.describe(), view.title, painter, px(16), bold=True)
    draw_status(screen, view.status, ctrl, painter)
    for button in view.buttons:
        draw_button(screen, button, is_on(ctrl, button.command), painter)
    message = ctrl.message
    if ctrl.replaying():
        message = "An earlier moment of this game: the board as it was then. End goes to now."
    draw_wrapped(screen, message, view.message, painter, px(14))
    if ctrl.classroom:
        draw_step(screen, view.step, ctrl, painter)
        draw_knowledge(screen, view, ctrl, painter)
    else:
        draw_summary(screen, view.knowledge, ctrl, painter)
    words = CLASS_HELP if ctrl.classroom else HELP
    draw_wrapped(screen, words, view.help, painter, px(14), FAINT_INK, line=px(18))


def draw_status(
    screen: pygame.Surface, rect: pygame.Rect, ctrl: Controller, painter: Painter
) -> None:
    """Draw the mine counter, the timer and the game's status in three boxes."""
    status = "replay" if ctrl.replaying() else ctrl.game.status()
    colour = {"won": WON_COLOUR, "lost": LOST_COLOUR}.get(status, INK)
    mines, face, clock, words = status_boxes(rect)
    texts = (
        (mines, f"Mines {0 if ctrl.game.won() else ctrl.game.mines_left()}", INK),
        (clock, f"Time {time_box(ctrl)}", INK),
        (words, ctrl.status_text(), colour),
    )
    for box, text, ink in texts:
        pygame.draw.rect(screen, (255, 255, 255), box, border_radius=6)
        pygame.draw.rect(screen, GRID, box, 1, border_radius=6)
        size = px(17)
        label = painter.text(text, size, ink, bold=True)
        while label.get_width() > box.width - px(8) and size > 8:  # "Time 1234.5" fits
            size -= 1
            label = painter.text(text, size, ink, bold=True)
        screen.blit(label, label.get_rect(center=box.center))
    mood = "pressed" if ctrl.pressed else status
    draw_face(screen, face, mood)


def status_boxes(
    rect: pygame.Rect,
) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]:
    """Return the status row's boxes: mine counter, face (a new-game button), time, status."""
    gap = px(6)
    face = rect.height
    rest = rect.width - face - 3 * gap
    mines = pygame.Rect(rect.x, rect.y, rest * 27 // 100, rect.height)
    button = pygame.Rect(mines.right + gap, rect.y, face, rect.height)
    clock = pygame.Rect(button.right + gap, rect.y, rest * 27 // 100, rect.height)
    words = pygame.Rect(clock.right + gap, rect.y, rect.right - clock.right - gap, rect.height)
    return mines, button, clock, words


def draw_face(screen: pygame.Surface, box: pygame.Rect, mood: str) -> None:
    """Draw the classic face button: a smile, an 'o' while a cell is held, shades, crosses."""
    pygame.draw.rect(screen, BUTTON, box, border_radius=6)
    pygame.draw.rect(screen, HIDDEN_DARK, box, 1, border_radius=6)
    r = box.height * 36 // 100
    cx, cy = box.center
    line = max(1, r // 8)
    pygame.draw.circle(screen, FACE, (cx, cy), r)
    pygame.draw.circle(screen, INK, (cx, cy), r, line)
    eye_x, eye_y, dot = r * 4 // 10, cy - r * 3 // 10, max(1, r // 7)
    mouth = pygame.Rect(cx - r // 2, cy - r // 6, r, r * 2 // 3)
    if mood == "lost":  # crossed eyes, a frown
        for ex in (cx - eye_x, cx + eye_x):
            pygame.draw.line(screen, INK, (ex - dot, eye_y - dot), (ex + dot, eye_y + dot), line)
            pygame.draw.line(screen, INK, (ex - dot, eye_y + dot), (ex + dot, eye_y - dot), line)
        pygame.draw.arc(screen, INK, mouth.move(0, r // 2), 0.3, 2.84, line)
        return
    if mood == "won":  # sunglasses
        for ex in (cx - eye_x, cx + eye_x):
            pygame.draw.ellipse(screen, INK, (ex - 2 * dot, eye_y - dot, 4 * dot, 2 * dot + 1))
        pygame.draw.line(screen, INK, (cx - eye_x, eye_y), (cx + eye_x, eye_y), line)
    else:
        for ex in (cx - eye_x, cx + eye_x):
            pygame.draw.circle(screen, INK, (ex, eye_y), dot)
    if mood == "pressed":  # an open mouth while a cell is held down
        pygame.draw.circle(screen, INK, (cx, cy + r * 4 // 10), max(2, r // 5), line)
    else:
        pygame.draw.arc(screen, INK, mouth, 3.44, 5.98, line)


def time_box(ctrl: Controller) -> str:
    """Return the Time box's figure: the status line's own, once the game is won."""
    if ctrl.game.won() and ctrl.started is not None:
        return clock_text(max(ctrl.elapsed(), 0.01))
    return clock_text(ctrl.elapsed())


def is_on(ctrl: Controller, command: str) -> bool:
    """Return True when a toggle button is on, or a board button names the current board."""
    toggles = {"auto": ctrl.autoplay, "overlay": ctrl.overlay, "classroom": ctrl.classroom}
    if command in toggles:
        return toggles[command]
    if command.startswith("board:") and ctrl.position_text is None:
        key = command.split(":", 1)[1]
        return (ctrl.custom if key == "custom" else BOARDS.get(key)) == ctrl.board
    return False


def draw_button(screen: pygame.Surface, button: Button, on: bool, painter: Painter) -> None:
    """Draw a rounded button, filled when its toggle is on."""
    pygame.draw.rect(screen, BUTTON_ON if on else BUTTON, button.rect, border_radius=6)
    pygame.draw.rect(screen, HIDDEN_DARK, button.rect, 1, border_radius=6)
    ink = (255, 255, 255) if on else INK
    label = painter.text(button.label, px(14), ink, bold=True)
    screen.blit(label, label.get_rect(center=button.rect.center))


def draw_step(
    screen: pygame.Surface, rect: pygame.Rect, ctrl: Controller, painter: Painter
) -> None:
    """Draw the shown step: its number, rule, words, and the colour legend."""
    pygame.draw.rect(screen, (255, 255, 255), rect, border_radius=6)
    pygame.draw.rect(screen, GRID, rect, 1, border_radius=6)
    inner = rect.inflate(-px(12), -px(8))
    step, total = ctrl.current_step(), len(ctrl.ai.steps)
    if step is None:
        header = f"Steps: {total} so far" if total else "Steps: none yet"
        words = "Step ▶ (→) shows the AI's inferences one at a time; Think (T) draws the next."
    elif ctrl.preview is not None:
        header = f"Thinking ahead: {step.rule}"
        rule = RULES.get(step.rule, "")
        words = f"{step_text(step)}." + (f" Rule: {rule}." if rule else "")
    else:
        found = ctrl.lessons()
        where = group_of(found, ctrl.step_index)
        lessons = sum(g.lesson for g in found)
        if ctrl.expanded:
            header = f"Step {ctrl.step_index + 1} of {total}: {step.rule}"
        elif not found[where].lesson:  # numbers told, known cells taken out: no lesson
            before = sum(g.lesson for g in found[:where])
            header = (
                f"After lesson step {before} of {lessons}: numbers told"
                if before
                else "Before lesson step 1: numbers told"
            )
        else:
            header = f"Lesson step {where + 1} of {lessons} (step {ctrl.step_index + 1})"
        if ctrl.viewing is not None:
            words = ctrl.arrangement_words()
        elif ctrl.asking():
            words = f"Question: {question(step, len(ctrl.numbers_behind()))} (→ shows the answer.)"
        else:
            rule = RULES.get(step.rule, "")
            words = counter_note(ctrl) or f"{step_text(step)}." + (
                f" Rule: {rule}." if rule else ""
            )
    screen.blit(painter.text(header, px(14), INK, bold=True), inner.topleft)
    # An arrangement's words need the room; its marks are explained in those words.
    legend = 0 if ctrl.viewing is not None else legend_height(inner.width, painter)
    top = inner.y + px(LINE) + 2
    body = pygame.Rect(inner.x, top, inner.width, inner.bottom - legend - px(4) - top)
    words = words[:1].upper() + words[1:]  # "all 4 of ..." starts a sentence
    draw_wrapped(screen, words, body, painter, px(14), line=px(LINE))
    if legend:
        draw_legend(
            screen, pygame.Rect(inner.x, inner.bottom - legend, inner.width, legend), painter
        )


def counter_note(ctrl: Controller) -> str:
    """Return the answer of an enumeration step that the mine counter decided, else "".

    Such a step is the lesson that the counter matters, so its words say so
    (the plain "in every one of the 2 arrangements" would hide it).
    """
    enum, step = ctrl.enumeration(), ctrl.current_step()
    if enum is None or step is None:
        return ""
    left = plural(enum.mines_left or 0, "mine")
    if enum.decided_by_the_count():
        fit = sum(n for _, n, w in enum.by_mines if w)
        return (
            f"{found_text(step)}: the numbers alone allow "
            f"{plural(enum.count, 'arrangement')}, but only {fit} use the {left} left, "
            "so the mine counter decides it (V shows them)."
        )
    if enum.outside_decided():
        return (
            f"{found_text(step)}: with {left} left, the mine counter decides the cells "
            "no number touches (V shows how)."
        )
    return ""


def legend_items(painter: Painter) -> list[tuple[object, pygame.Surface]]:
    """Return the legend's entries: a highlight colour or a mark kind, and its word."""
    items: list[tuple[object, pygame.Surface]] = [
        (colour, painter.text(word, px(14), FAINT_INK)) for colour, word in LEGEND
    ]
    items += [(mine, painter.text(word, px(14), FAINT_INK)) for mine, word in KNOWN_LEGEND]
    return items


def legend_rows(width: int, painter: Painter) -> list[list[tuple[object, pygame.Surface]]]:
    """Return the legend's entries in rows that fit width."""
    rows: list[list[tuple[object, pygame.Surface]]] = [[]]
    used = 0
    for item in legend_items(painter):
        need = px(18) + item[1].get_width() + px(10)
        if rows[-1] and used + need > width:
            rows.append([])
            used = 0
        rows[-1].append(item)
        used += need
    return rows


def legend_height(width: int, painter: Painter) -> int:
    """Return the height the legend needs at a width."""
    return len(legend_rows(width, painter)) * px(19)


def draw_legend(screen: pygame.Surface, rect: pygame.Rect, painter: Painter) -> None:
    """Draw a swatch and a word for each highlight colour, and a mark for what the AI knew."""
    swatch = px(14)
    for k, row in enumerate(legend_rows(rect.width, painter)):
        x, y = rect.x, rect.y + k * px(19)
        for kind, label in row:
            box = pygame.Rect(x, y + 2, swatch, swatch)
            if isinstance(kind, tuple):
                screen.fill(REVEALED, box)
                screen.blit(painter.tint(kind, swatch), box)
            else:
                draw_mark_at(screen, box.center, swatch // 2 + 1, bool(kind))
            screen.blit(label, (x + swatch + px(4), y))
            x += px(18) + label.get_width() + px(10)


def first_sentence(ctrl: Controller, view: Layout) -> int:
    """Return the index of the top sentence shown in the knowledge list."""
    return ctrl.first_listed(view.list_rows())


def draw_knowledge(
    screen: pygame.Surface, view: Layout, ctrl: Controller, painter: Painter
) -> None:
    """Draw the knowledge base, one sentence a row, scrolled; the selected row is tinted."""
    rect = view.knowledge
    if ctrl.knowledge_withheld():
        words = "Known: shown step by step (→)."
        screen.blit(painter.text(words, px(14), INK, bold=True), rect.topleft)
        return
    then = ctrl.shown_knowledge()
    mines, when = (then.mines, " at this step") if then is not None else (ctrl.ai.mines, "")
    knowledge = ctrl.listed_from(then)  # as at the step on screen, or today's
    rows = view.list_rows()
    first = ctrl.first_listed(rows, knowledge)
    shown = knowledge[first : first + rows]
    header = f"Known{when}: {plural(len(knowledge), 'sentence')}, "
    header += f"{plural(len(mines), 'mine')}"
    if len(knowledge) > rows:
        header += f" · {first + 1}-{first + len(shown)} ↕"
    screen.blit(painter.text(header, px(14), INK, bold=True), rect.topleft)
    focus = ctrl.focus(knowledge)
    clip = screen.get_clip()
    screen.set_clip(rect)
    y = rect.y + px(LINE)
    for rule in shown:
        row = pygame.Rect(rect.x, y, rect.width, px(LIST_LINE) - 1)
        if rule == ctrl.selected:
            screen.fill(SELECTED_ROW, row)
        # The step's own sentence in bold, so the class finds it in a long list.
        text = painter.text(rule_text(rule), px(14), INK, bold=rule == focus)
        screen.blit(text, (rect.x + px(4), y + 1))
        y += px(LIST_LINE)
    screen.set_clip(clip)


def draw_summary(
    screen: pygame.Surface, rect: pygame.Rect, ctrl: Controller, painter: Painter
) -> None:
    """Say in one line what the AI knows, outside classroom mode."""
    ai = ctrl.ai
    text = (
        f"The AI knows {plural(len(ai.knowledge), 'sentence')}, {plural(len(ai.mines), 'mine')} "
        f"and {plural(len(ai.safes - ai.moves_made), 'safe cell')} to play. Press C to see them."
    )
    draw_wrapped(screen, text, rect, painter, px(14), FAINT_INK)


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Return text broken into lines no wider than width (a long word stays whole)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if line and font.size(candidate)[0] > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines


def draw_wrapped(
    screen: pygame.Surface,
    text: str,
    rect: pygame.Rect,
    painter: Painter,
    size: int,
    colour: tuple[int, ...] = INK,
    bold: bool = False,
    line: Optional[int] = None,
) -> None:
    """Draw text word-wrapped into rect; when it does not all fit, the last line ends in "…"."""
    font = painter.font(size, bold)
    line = line or round(size * 1.36)
    parts = wrap(text, font, rect.width)
    room = max(0, (rect.height + 2) // line)
    if len(parts) > room > 0:
        parts = parts[:room]
        cut = parts[-1]
        while cut and font.size(cut + " …")[0] > rect.width:
            cut = cut.rsplit(" ", 1)[0] if " " in cut else cut[:-1]
        parts[-1] = f"{cut} …"
    for k, part in enumerate(parts[:room]):
        screen.blit(painter.text(part, size, colour, bold), (rect.x, rect.y + k * line))


# ---------------------------------------------------------------------------
# Events become commands
# ---------------------------------------------------------------------------

KEYS = {
    pygame.K_a: "ai",
    pygame.K_g: "auto",
    pygame.K_p: "pause",
    pygame.K_i: "stats",
    pygame.K_k: "first-click",
    pygame.K_q: "marks",
    pygame.K_m: "ai-flags",
    pygame.K_v: "arrangements",
    pygame.K_w: "custom",
    pygame.K_SPACE: "reveal-cursor",
    pygame.K_f: "flag-cursor",
    pygame.K_d: "chord-cursor",
    pygame.K_n: "new",
    pygame.K_F2: "new",
    pygame.K_r: "restart",
    pygame.K_t: "think",
    pygame.K_RIGHT: "step",
    pygame.K_LEFT: "back",
    pygame.K_o: "overlay",
    pygame.K_c: "classroom",
    pygame.K_s: "save",
    pygame.K_HOME: "home",
    pygame.K_END: "end",
    pygame.K_e: "expand",
    pygame.K_RETURN: "jump",
    pygame.K_KP_ENTER: "jump",
    pygame.K_x: "export",
}
ZOOM_KEYS = {
    pygame.K_PLUS: 1.15,
    pygame.K_EQUALS: 1.15,
    pygame.K_KP_PLUS: 1.15,
    pygame.K_MINUS: 1 / 1.15,
    pygame.K_KP_MINUS: 1 / 1.15,
}
ARROWS = {
    pygame.K_UP: (-1, 0),
    pygame.K_DOWN: (1, 0),
    pygame.K_LEFT: (0, -1),
    pygame.K_RIGHT: (0, 1),
}
DIGIT_KEYS = {getattr(pygame, f"K_{d}"): str(d) for d in range(10)}
SCROLL_KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -10, pygame.K_PAGEDOWN: 10}


def run_command(ctrl: Controller, command: str) -> None:
    """Run a button's or a key's command on the controller."""
    if command.startswith("board:"):
        ctrl.new_game(command.split(":", 1)[1])
        return
    commands: dict[str, Callable[[], object]] = {
        "ai": ctrl.ai_move,
        "auto": ctrl.toggle_autoplay,
        "new": ctrl.new_game,
        "restart": ctrl.restart,
        "think": ctrl.think,
        "step": ctrl.step_forward,
        "back": ctrl.step_back,
        "overlay": ctrl.toggle_overlay,
        "classroom": ctrl.toggle_classroom,
        "save": ctrl.save_position,
        "home": ctrl.step_home,
        "end": ctrl.step_end,
        "expand": ctrl.toggle_expanded,
        "jump": ctrl.jump_to_typed,
        "export": ctrl.export_view,
        "pause": ctrl.toggle_pause,
        "stats": ctrl.show_stats,
        "first-click": ctrl.cycle_first_click,
        "marks": ctrl.toggle_question_marks,
        "arrangements": ctrl.next_arrangement,
        "ai-flags": ctrl.toggle_ai_flags,
        "custom": ctrl.start_custom,
        "reveal-cursor": lambda: ctrl.reveal(ctrl.cursor),
        "flag-cursor": lambda: ctrl.flag(ctrl.cursor),
        "chord-cursor": lambda: ctrl.chord(ctrl.cursor),
    }
    commands[command]()


def handle_event(ctrl: Controller, event: pygame.event.Event, view: Layout) -> bool:
    """Turn one pygame event into a command; return False when the window should close."""
    if event.type == pygame.QUIT:
        return False
    if event.type == pygame.KEYDOWN:
        if ctrl.entering is not None:
            named = {pygame.K_ESCAPE: "escape", pygame.K_BACKSPACE: "backspace"}
            named.update({pygame.K_RETURN: "enter", pygame.K_KP_ENTER: "enter", pygame.K_x: "x"})
            ctrl.type_custom(named.get(event.key, DIGIT_KEYS.get(event.key, "")))
            return True
        if event.key == pygame.K_ESCAPE:
            return ctrl.may_quit()
        ctrl.quit_armed = False
        if event.key in ARROWS and not ctrl.classroom:
            ctrl.move_cursor(*ARROWS[event.key])
        elif event.key in KEYS:
            run_command(ctrl, KEYS[event.key])
        elif event.key == pygame.K_0 and event.mod & pygame.KMOD_CTRL:
            ctrl.message = zoom(1 / ZOOM, pygame.display.get_surface().get_size())
        elif event.key in DIGIT_KEYS:
            ctrl.type_digit(DIGIT_KEYS[event.key])
        elif event.key in ZOOM_KEYS:
            ctrl.message = zoom(ZOOM_KEYS[event.key], pygame.display.get_surface().get_size())
        elif event.key == pygame.K_F11:
            pygame.display.toggle_fullscreen()
        elif event.key in SCROLL_KEYS:
            ctrl.scroll_knowledge(SCROLL_KEYS[event.key], view.list_rows())
    elif event.type == pygame.MOUSEWHEEL:
        ctrl.scroll_knowledge(-3 * event.y, view.list_rows())
    elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
        cell = view.cell_at(event.pos)
        if cell is not None:
            ctrl.flag(cell)
    elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2):
        ctrl.press_at(view.cell_at(event.pos), chord=event.button == 2)
    elif event.type == pygame.MOUSEMOTION and ctrl.pressed:
        held = event.buttons[0] or event.buttons[1]
        ctrl.press_at(view.cell_at(event.pos) if held else None, chord=bool(event.buttons[1]))
    elif event.type == pygame.MOUSEBUTTONUP and event.button in (1, 2):
        ctrl.pressed = set()
        click(ctrl, view, event.pos, event.button)
    elif event.type == AUTOPLAY_EVENT:
        ctrl.tick()
    return True


def click(ctrl: Controller, view: Layout, pos: tuple[int, int], button: int) -> None:
    """Act on a released left or middle button: a cell, a panel button or a sentence."""
    cell = view.cell_at(pos)
    if cell is not None:
        if button == 2:
            ctrl.chord(cell)
        else:
            ctrl.reveal(cell)
        return
    if button != 1:
        return
    command = view.button_at(pos)
    if status_boxes(view.status)[1].collidepoint(pos):
        command = "new"
    if command is not None:
        run_command(ctrl, command)
    elif ctrl.classroom:
        index = view.sentence_at(pos, first_sentence(ctrl, view))
        if index is not None:
            ctrl.select_sentence(index)


# ---------------------------------------------------------------------------
# The loop
# ---------------------------------------------------------------------------


def open_window(ctrl: Controller) -> pygame.Surface:
    """Open (or resize) the window to suit the controller's board."""
    screen = pygame.display.set_mode(default_window_size(ctrl.game), pygame.RESIZABLE)
    pygame.display.set_caption("Minesweeper")
    return screen


def run(ctrl: Controller, painter: Painter, max_iterations: Optional[int] = None) -> None:
    """Wait for events, run their commands and redraw, until the window closes.

    Each iteration takes every waiting event (or waits up to IDLE_MS for one)
    and then draws one frame; tests pass max_iterations to bound the loop.
    """
    iterations = 0
    checked: object = None  # what the window's minimum size was last checked for
    while max_iterations is None or iterations < max_iterations:
        iterations += 1
        events = [pygame.event.wait(IDLE_MS), *pygame.event.get()]
        for event in events:
            view = layout(pygame.display.get_surface().get_size(), ctrl)
            if not handle_event(ctrl, event, view):
                return
            # A new board keeps the window's size (cells refit); keep_minimum_size
            # below grows it only when the new board cannot fit.
        size = pygame.display.get_surface().get_size()
        shape = (size, ctrl.game.height, ctrl.game.width, ctrl.classroom, ctrl.custom is not None)
        if shape != checked:  # only a resize, a new board or the panel can change it
            keep_minimum_size(ctrl)
            checked = shape
        draw(pygame.display.get_surface(), ctrl, painter)
        pygame.display.flip()


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


EXPORT_MIN = (640, 400)
EXPORT_MAX = (7680, 4320)


def export_size(text: str) -> tuple[int, int]:
    """Return a WxH size for --size; ValueError with the limits when it is not one."""
    match = re.fullmatch(r"(\d{1,5})[xX](\d{1,5})", text.strip())
    if match is None:
        raise ValueError(f"{text!r} is not a size: write WxH, e.g. 1920x1080")
    width, height = int(match[1]), int(match[2])
    (low_w, low_h), (high_w, high_h) = EXPORT_MIN, EXPORT_MAX
    if not (low_w <= width <= high_w and low_h <= height <= high_h):
        raise ValueError(f"{width}x{height} is outside {low_w}x{low_h} to {high_w}x{high_h} pixels")
    return width, height


def export(
    ctrl: Controller,
    out: Path,
    size: tuple[int, int],
    which: Optional[str],
    ask: bool,
    arrangement: Optional[int] = None,
) -> str:
    """Draw the view at a lesson step into a PNG; return "" or what was wrong."""
    if which is not None:
        found = ctrl.lessons()
        if which == "last":
            which = str(len(found))
        if not which.isdigit() or len(which) > 6:
            return f"--step {which}: a lesson step number (1 = the first) or 'last'"
        step = int(which)
        if not 1 <= step <= len(found):
            return f"--step {step}: this position has {plural(len(found), 'lesson step')}" + (
                f"; choose 1 to {len(found)}" if found else ""
            )
        ctrl._show(found[step - 1].last, 0 if ask else 1)
    if arrangement is not None:
        enum = ctrl.enumeration() if which is not None else None
        if enum is None:
            return "--arrangement: --step must name an enumeration step (every arrangement agrees)"
        views = len(enum.arrangements) or 1
        if not 1 <= arrangement <= views:
            return f"--arrangement {arrangement}: this step has {views}; choose 1 to {views}"
        for _ in range(arrangement):
            ctrl.next_arrangement()
    if out.is_dir() or not out.parent.is_dir():
        return f"--export: cannot write {out} (a folder, or no such folder)"
    os.environ["SDL_VIDEODRIVER"] = "dummy"  # a picture needs no screen, and opens no window
    pygame.display.init()
    pygame.font.init()
    try:
        screen = pygame.display.set_mode(size)
        draw(screen, ctrl, Painter())
        pygame.image.save(screen, str(out))
    except (pygame.error, OSError) as error:
        return f"--export: could not write {out}: {error}"
    finally:
        pygame.quit()
    return ""


def main(argv: Optional[list[str]] = None, max_iterations: Optional[int] = None) -> int:
    """Run the window with command-line arguments; bad ones exit 2 with a message."""
    ctrl = controller_from_args(argv)
    args = build_parser().parse_args(argv)
    if args.export is not None:
        try:
            size = export_size(args.size)
        except ValueError as error:
            print(f"runner.py: --size: {error}", file=sys.stderr)
            return 2
        if not 0 <= args.ai_moves <= 100_000:
            print("runner.py: --ai-moves: 0 to 100,000 moves", file=sys.stderr)
            return 2
        for _ in range(args.ai_moves):
            if ctrl.game.is_over():
                break
            ctrl.ai_move()
        ctrl.classroom = True
        problem = export(ctrl, args.export, size, args.step, args.question, args.arrangement)
        if problem:
            print(f"runner.py: {problem}", file=sys.stderr)
            return 2
        print(f"wrote {args.export} ({size[0]}x{size[1]})")
        return 0
    if args.step is not None or args.question or args.arrangement is not None:
        print("runner.py: --step, --question and --arrangement go with --export", file=sys.stderr)
        return 2
    missing = no_display()
    if missing:
        print(missing, file=sys.stderr)
        return 2
    pygame.display.init()
    pygame.font.init()
    try:
        open_window(ctrl)
        pygame.display.set_icon(pygame.image.load(str(IMAGES / "icon.png")))
        run(ctrl, Painter(), max_iterations)
    finally:
        ctrl._set_autoplay(False)
        pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
