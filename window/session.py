"""A Session: one game, its AI, its clock and the player's options; actions in, outcomes out.

No pygame here. Every action plays on the live game, tells the AI what a
move revealed, and returns an Outcome: what happened, as data and in words.
What the window shows of it is build_frame's business (window/frame.py),
and whether an action is allowed now is the command table's (window/commands.py).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Optional

from store.history import History, Judge
from store.places import saves_dir
from store.records import Statistics
from store.saves import Saved
from store.settings import Settings
from sweeper import (
    BOARDS,
    BoardSize,
    Cell,
    Decision,
    NoGuessTimeout,
    Step,
    cell_name,
    max_mines,
    parse_board,
)
from sweeper.game import Game as Minesweeper
from sweeper.game import MoveResult
from sweeper.notation import Lesson, read_lesson
from sweeper.review import Action
from sweeper.solver import Solver as MinesweeperAI
from window.ledger import Ledger, scores
from window.lesson import LessonLog
from window.timeline import Timeline
from words.model import clock_text, percent, plural
from words.window import RULE_WORDS


@dataclass(frozen=True)
class GameThen:
    """The game at the end of one reveal: its flags, its clock and its words then."""

    flags: frozenset[Cell]
    elapsed: float
    said: str


@dataclass(frozen=True)
class Outcome:
    """What an action did: its words for the message line (None: leave it) and what changed."""

    said: Optional[str] = None
    played: bool = False  # the game or the AI moved on: a new latest moment
    path: Optional[Path] = None  # a file the action wrote
    screen: bool = False  # an action for the screen to carry out (zoom, a picture, ...)
    close: bool = False  # the window should close


class Stopwatch:
    """A game's clock: it runs from the first reveal to the end, and stops while held.

    Two things hold it: the player's pause (the board hidden), and the class looking
    at an earlier moment of the game (a player does not lose the time the class spends
    in the past). It runs again when neither holds it.
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic, carried: float = 0.0) -> None:
        self.clock = clock
        self.carried = carried  # seconds a saved game had run before it was reopened
        self.started: Optional[float] = None
        self.finished: Optional[float] = None
        self.holds: set[str] = set()  # "pause", "past": what stops the clock now
        self.held_at: Optional[float] = None  # when the first of them began
        self.held_for = 0.0

    @property
    def paused(self) -> bool:
        """True while the game is paused."""
        return "pause" in self.holds

    def run(self) -> None:
        """Start at the first reveal (later reveals change nothing)."""
        if self.started is None:
            self.started = self.clock()
            if self.holds:  # held before it ran: the hold counts from now
                self.held_at = self.started

    def stop(self) -> None:
        """Stop at the end of the game."""
        if self.finished is None:
            self.finished = self.clock()

    def hold(self, why: str, on: bool) -> None:
        """Hold the clock for a reason, or let that reason go."""
        before = bool(self.holds)
        if on:
            self.holds.add(why)
        else:
            self.holds.discard(why)
        now = self.clock()
        if self.holds and not before:
            self.held_at = now
        elif before and not self.holds and self.held_at is not None:
            if self.started is not None:  # time after the end or before the start is no one's
                end = now if self.finished is None else min(now, self.finished)
                self.held_for += max(0.0, end - max(self.held_at, self.started))
            self.held_at = None

    def resume(self) -> None:
        """Run again after the end was taken back (an undone loss): the time between is no one's."""
        if self.finished is not None:
            self.held_for += max(0.0, self.clock() - self.finished)
            self.finished = None

    def pause(self) -> bool:
        """Stop the clock, or carry on; return True when it is now paused."""
        self.hold("pause", not self.paused)
        return self.paused

    def elapsed(self) -> float:
        """Return the seconds since the first reveal, stopped at the end of the game."""
        if self.started is None:
            return self.carried
        end = self.finished if self.finished is not None else self.clock()
        if self.held_at is not None:
            end = min(end, self.held_at)
        return self.carried + max(0.0, end - self.started - self.held_for)


class Session:
    """One game and its AI, the clock, and the options that outlive a game."""

    def __init__(
        self,
        board: BoardSize,
        *,
        seed: Optional[int] = None,
        first_click: str = "safe",
        save_dir: Optional[Path] = None,
        clock: Callable[[], float] = time.monotonic,
        game: Optional[Minesweeper] = None,
        settings: Optional[Settings] = None,
        chosen_seed: bool = False,
        lesson: Optional[Lesson] = None,
    ) -> None:
        self.board = board
        self.lesson = lesson if lesson is not None else Lesson()  # a position's own words
        # The player chose the seed (--seed): the board can be dealt again by anyone, so
        # the game counts as assisted, and its seed is shown. Otherwise it stays unsaid.
        self.chosen_seed = chosen_seed
        self.custom = board if board not in BOARDS.values() else None
        self.first_click = first_click
        self.save_dir = save_dir if save_dir is not None else saves_dir()
        self.clock = clock
        self.position_text: Optional[str] = None
        self.title = ""
        self.overlay = False
        self.autoplay = False
        self.version = 0
        self._odds: tuple[int, dict[Cell, tuple[Fraction, str]]] = (-1, {})
        self._timeline: tuple[object, Optional[Timeline]] = (None, None)
        self.cursor: Cell = (0, 0)  # the keyboard's cell: arrows move it, Space reveals it
        self.stats = Statistics()
        self.history = History()  # every finished game kept whole, to be reviewed
        self.judge = Judge(self.history)
        # The settings the command line read, if it did: a damaged file is set aside when
        # read, so only the first reading knows what was wrong, for the window to say.
        self.settings = settings if settings is not None else Settings()
        self.keeps_files = True  # False for a handout (runner.py --export): no records, no settings
        if game is None:
            game = Minesweeper(
                board.height, board.width, board.mines, seed=seed, first_click=first_click
            )
        self.start(game)

    # -- games ------------------------------------------------------------------

    def start(self, game: Minesweeper) -> None:
        """Make game the current one, with a fresh AI told every revealed cell in order."""
        self.game = game
        self.ai = new_ai(game, self.lesson)
        self.ai.add_reveal(list(game.revealed.items()))
        self.lessons = LessonLog()  # the AI's steps in lesson groups, read once each
        # Cells told at the end of each reveal, and the game then: any step's moment.
        self.batches: list[int] = [len(self.ai.revealed)] if self.ai.revealed else []
        self.moments = [GameThen(frozenset(game.flags), 0.0, "")] if self.batches else []
        self.pending: Optional[Decision] = None  # what the AI would play next, once asked
        self.watch = Stopwatch(self.clock)
        self.marks: set[Cell] = set()  # the player's question marks (the game knows only flags)
        self.ledger = Ledger(self, assisted=self.chosen_seed)  # a seed chosen: help from the start
        self.ending = ""  # the last move's words: once the game is over, the ones that ended it
        self.flag_warned: Optional[Cell] = None  # a flagged cell the AI said it would play
        self.autoplay = False
        # Every click, flag and chord that changed the game, with its time on the game's
        # clock: the game's record in the history once it is over (store/history.py).
        self.actions: list[Action] = []
        self.actions_known = not game.revealed and not game.flags  # every one since the start
        self.changed()

    def new_game(self, board: Optional[str] = None) -> Outcome:
        """Start a game with a new seed, on the named board or the current size; remember it."""
        if board == "custom" and self.custom is not None:
            self.board = self.custom
        elif board in BOARDS:
            self.board = BOARDS[board]
        self.ledger.remember_board()
        self.position_text = None
        self.title, self.lesson = "", Lesson()
        b, rule = self.board, self.first_click
        if b.mines > max_mines(b.height, b.width, rule):
            rule = "none"  # a crowded position's size: no first click can be kept clear
        self.chosen_seed = False  # a new game's seed is a fresh one nobody knows
        self.start(Minesweeper(b.height, b.width, b.mines, first_click=rule))
        return Outcome(f"New game: {self.describe()}.", played=True)

    def restart(self) -> Outcome:
        """Start the same board again: the same seed and first-click rule, or the same position.

        A board played before is no longer unknown to the player: the replay counts as assisted,
        and so does every R after it, moved in or not. A reopened save's title goes with it.
        """
        seen = self.ledger.counts() and (self.ledger.started() or self.ledger.replay)
        if self.position_text is not None:
            self.start(Minesweeper.from_text(self.position_text))
        else:
            g = self.game
            self.title = ""  # only a reopened save has a title here: "... (saved <date>)"
            self.start(
                Minesweeper(g.height, g.width, g.mine_count, seed=g.seed, first_click=g.first_click)
            )
        if seen:
            self.ledger.assisted = self.ledger.replay = True
            return Outcome(
                f"Restarted: {self.describe()}. A board already seen: this game counts as "
                "assisted.",
                played=True,
            )
        chosen = CHOSEN_SEED if self.chosen_seed else ""
        said = f"Restarted: {self.describe()}. {self.lesson.note} {chosen}"
        return Outcome(said.strip(), played=True)

    def describe(self) -> str:
        """Return a one-line description of the game: size, mines, the seed the player chose
        (no other: a seed deals its board again), or the position's title."""
        g = self.game
        if self.position_text is not None:
            return self.title or "a position"
        seed = f"seed {g.seed}, " if self.chosen_seed else ""
        size = f"{self.ledger.board_name()} {g.height}x{g.width}, {plural(g.mine_count, 'mine')}"
        return f"{size}, {seed}{RULE_WORDS[g.first_click]}"

    # -- the player's moves -------------------------------------------------------

    def reveal(self, cell: Cell) -> Outcome:
        """Reveal a hidden cell; on a revealed number, chord instead."""
        if cell in self.game.revealed:
            return self.chord(cell)
        self.marks.discard(cell)
        self.cursor = cell
        result = self.deal_and_reveal(cell)
        if isinstance(result, str):
            return Outcome(result)
        return self.play(result, cell, "You")

    def deal_and_reveal(self, cell: Cell) -> MoveResult | str:
        """Reveal cell; the words of the error when no no-guess board was found in time."""
        try:
            return self.game.reveal(cell)
        except NoGuessTimeout as error:
            return f"{error} Nothing was revealed."

    def chord(self, cell: Cell) -> Outcome:
        """Reveal the unflagged neighbours of a number whose flags match it."""
        self.cursor = cell  # the keyboard's cell follows the last cell clicked
        return self.play(self.game.chord(cell), cell, "You", "chord")

    def log(self, kind: str, cell: Cell) -> None:
        """Write down an action that changed the game, at the game's clock in milliseconds."""
        self.actions.append(Action(kind, cell, int(self.elapsed() * 1000)))

    def toggle_flag(self, cell: Cell) -> MoveResult:
        """Put a flag on a hidden cell or take it off (the player's or the AI's), logged."""
        result = self.game.toggle_flag(cell)
        if not result.ignored:
            self.log("flag", cell)
        return result

    def flag(self, cell: Cell) -> Outcome:
        """Cycle a hidden cell: flag, question mark (when on), nothing. The AI uses neither."""
        self.cursor = cell
        if cell in self.marks:
            self.marks.discard(cell)
            return Outcome(f"Question mark taken off {cell_name(cell)}.")
        was_flagged = cell in self.game.flags
        result = self.toggle_flag(cell)
        if was_flagged and not result.ignored and self.settings.question_marks:
            self.marks.add(cell)
            return Outcome(f"{cell_name(cell)}: a question mark (right click again clears it).")
        if result.ignored:
            return Outcome(f"No flag: {result.ignored}.")
        if result.flagged:
            left = self.game.mines_left()
            return Outcome(f"Flag on {cell_name(cell)}; {plural(left, 'mine')} left.")
        return Outcome(f"Flag taken off {cell_name(cell)}.")

    def play(self, result: MoveResult, cell: Cell, who: str, kind: str = "click") -> Outcome:
        """Tell the AI what a click or chord revealed, run the clock, log it; say what happened."""
        if result.ignored:
            return Outcome(f"Nothing happened: {result.ignored}.")
        self.watch.run()
        self.log(kind, cell)
        self.ai.add_reveal(result.revealed)
        if result.revealed:
            self.batches.append(len(self.ai.revealed))
        if self.game.is_over() and self.watch.finished is None:
            self.watch.stop()
            self.autoplay = False
            self.overlay = False  # the odds are of no use once the game is over
            self.ledger.count_game()
        self.changed()
        self.ending = f"{who}: {self._outcome(cell, result)}"
        if result.revealed:
            self.moments.append(GameThen(frozenset(self.game.flags), self.elapsed(), self.ending))
        return Outcome(self.ending, played=True)

    def _outcome(self, cell: Cell, result: MoveResult) -> str:
        """Return what a move did, in one sentence."""
        if result.exploded is not None:
            text = f"{cell_name(result.exploded)} was a mine: the game is lost."
        elif len(result.revealed) == 1:
            opened, shown = result.revealed[0]
            text = f"{cell_name(opened)} shows {shown}."
            if opened != cell:  # a chord: the number clicked is not the cell that opened
                text = f"chord on {cell_name(cell)}: {text}"
        else:
            text = f"{len(result.revealed)} cells opened from {cell_name(cell)}."
        if self.game.won():
            text += f" Every safe cell is open: {self.status_text().lower()}."
        if self.game.is_over() and self.ledger.counts():
            # A teacher's position starts with cells open that nobody clicked: its 3BV
            # against its clicks would mean nothing (position 01 won in 1 click: "200%").
            text += f" {scores(self)}{self.ledger.apart()}.{self.ledger.not_written()}"
        if self.game.lost():
            text += " U takes the click back."
        return text

    def after_the_end(self) -> str:
        """Return what ended the game and what to do next (the game is over)."""
        said = self.ending or f"The game is {self.game.status()}."
        undo = ""
        if self.game.lost():  # said once: the loss's own words already offered U
            said = said.removesuffix(" U takes the click back.")
            undo = ", U undoes the losing click"
        return f"{said} The game is over: N starts a new game, R restarts{undo}."

    # -- the AI -------------------------------------------------------------------

    def think(self) -> Optional[Decision]:
        """Return what the AI would play next (a looking call, kept until the game moves)."""
        if self.pending is None:
            self.pending = self.ai.choose()
        return self.pending

    # -- the clock ------------------------------------------------------------------

    def toggle_pause(self) -> Outcome:
        """Hide the board and stop the clock, or carry on."""
        if self.watch.started is None:
            return Outcome("Nothing to pause: the clock runs from the first reveal to the end.")
        if self.watch.pause():
            self.autoplay = False
            return Outcome("Paused: the board is hidden and the clock stopped. P carries on.")
        return Outcome("Carry on.")

    def elapsed(self) -> float:
        """Return the seconds the game has run."""
        return self.watch.elapsed()

    def time_text(self) -> str:
        """Return the Time box's figure: the status line's own, once the game is won."""
        if self.game.won() and self.watch.started is not None:
            return clock_text(max(self.elapsed(), 0.01))
        return clock_text(self.elapsed())

    def status_text(self) -> str:
        """Return the live game's status: Playing, Paused, Won in N s, or Lost."""
        status = self.game.status()
        if status == "won" and self.ledger.undone:
            return "Won after undo"  # marked: not a clean win
        if status == "won":
            return f"Won in {clock_text(max(self.elapsed(), 0.01))} s"
        if status == "playing" and self.watch.paused:
            return "Paused"
        return status.capitalize()

    # -- looking --------------------------------------------------------------------

    def timeline(self) -> Timeline:
        """Return the lesson timeline of the AI's log, built once per version of it."""
        ai, built = self.ai, self._timeline[1]
        if self._timeline[0] != (ai, self.version, len(ai.steps)) or built is None:
            built = Timeline(ai.steps, ai.revealed, self.batches, ahead(self), self.lessons)
            self._timeline = ((ai, self.version, len(ai.steps)), built)
        return built

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

    def changed(self) -> None:
        """Note that the game or the AI changed: the pending move and the caches are stale.

        The next decision is worked out when something asks for it (the overlay's
        outline, Think, the lesson ahead, the move), once: the AI keeps it.
        """
        self.version += 1
        self.pending = None


def new_ai(game: Minesweeper, lesson: Lesson) -> MinesweeperAI:
    """Return a fresh AI for game, told the mine total unless the lesson hides it from the class
    ('# Total: hidden': the AI, the counter and the judge then reason without it)."""
    total = game.mine_count if lesson.total_told else None
    return MinesweeperAI(
        game.height, game.width, total, first_click=game.first_click, seed=game.seed
    )


def position_session(
    text: str,
    first_click: str = "safe",
    save_dir: Optional[Path] = None,
    name: str = "",
    settings: Optional[Settings] = None,
) -> Session:
    """Return a session on a position in the board notation, with its lesson's own words.

    ValueError, one line naming the line, for a fault in the board or its '#' lines.
    """
    game = Minesweeper.from_text(text)
    lesson = read_lesson(text)
    board = BoardSize("Position", game.height, game.width, game.mine_count)
    session = Session(
        board,
        first_click=first_click,
        save_dir=save_dir,
        game=game,
        settings=settings,
        lesson=lesson,
    )
    session.custom = None
    session.position_text = text
    session.title = lesson.title or parse_board(text).title or name
    return session


def resumed_session(
    game: Minesweeper,
    saved: Saved,
    title: str,
    save_dir: Optional[Path] = None,
    settings: Optional[Settings] = None,
) -> Session:
    """Return a session playing on a saved game: its board, clock, clicks and help."""
    key = next(
        (k for k, b in BOARDS.items() if b.name == saved.board and b.spec == spec(game)),
        None,
    )
    board = BOARDS[key] if key else BoardSize("Custom", game.height, game.width, game.mine_count)
    session = Session(
        board, first_click=saved.first_click, save_dir=save_dir, game=game, settings=settings
    )
    session.custom = None if key else board
    session.title = title
    session.watch.carried = saved.seconds
    # The cells open when it was saved were open at its clock then, not at 0: a picture of a
    # step among them (--export --step) shows the time the window showed.
    session.moments = [GameThen(m.flags, saved.seconds, m.said) for m in session.moments]
    session.marks = set(saved.marks)
    session.actions = list(saved.actions or ())  # the game's actions before it was saved
    session.actions_known = saved.actions is not None
    session.ledger.resume(saved)
    return session


def spec(game: Minesweeper) -> str:
    """Return a game's size as HxWxM."""
    return f"{game.height}x{game.width}x{game.mine_count}"


def thought_step(session: Session) -> Optional[Step]:
    """Return the step behind the pending move: its proof, the count, or the move itself."""
    decision = session.pending
    if decision is None:
        return None
    if decision.proof is not None:
        return session.ai.steps[decision.proof]
    if decision.strategy == "counting":
        return session.ai.counting_step()
    return Step("move", cell=decision.cell, decision=decision)


def ahead(session: Session) -> Optional[Step]:
    """Return the AI's next conclusion when the knowledge base is stuck, else None.

    That is exact counting's step, or the guess when nothing is certain: the
    lesson after the log. A move the log already proves is no new lesson.
    """
    if session.game.is_over() or not session.ai.steps:
        return None
    decision = session.think()
    if decision is None or decision.proof is not None:
        return None
    return thought_step(session)


def opening(session: Session, paper: bool = False) -> str:
    """Return the words a new game or a position opens with (on paper: none about keys)."""
    if session.position_text is not None:
        keys = "" if paper else " Press → to step through what the AI knows."
        return f"{session.lesson.note}{keys}".strip()
    if paper:
        return ""
    start = "Click a cell to start, or press A to let the AI move."
    if session.chosen_seed:
        return f"{start} {CHOSEN_SEED}"
    return start


CHOSEN_SEED = "A board from a seed you chose counts as assisted (the seed deals it again)."
