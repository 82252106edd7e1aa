"""A Session: one game, its AI, its clock and the player's options; actions in, outcomes out.

No pygame here. Every action plays on the live game, tells the AI what a
move revealed, and returns an Outcome: what happened, as data and in words.
What the window shows of it is build_frame's business (window/frame.py),
and whether an action is allowed now is the command table's (window/commands.py).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import Optional

from minesweeper import (
    BOARDS,
    BoardSize,
    Cell,
    Decision,
    Minesweeper,
    MinesweeperAI,
    MoveResult,
    NoGuessTimeout,
    Step,
    cell_name,
    max_mines,
    parse_board,
)
from sweeper.scores import efficiency, per_second, three_bv, three_bv_cleared
from window.places import saves_dir
from window.saves import Saved
from window.stats import Settings, Statistics, measures_words, tenths
from window.timeline import Timeline
from window.words import RULE_WORDS, clock_text, decision_text, percent, plural, position_note
from window.words import step_text as words_for_step


@dataclass(frozen=True)
class Moment:
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
    """A game's clock: it runs from the first reveal to the end, and stops while paused."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, carried: float = 0.0) -> None:
        self.clock = clock
        self.carried = carried  # seconds a saved game had run before it was reopened
        self.started: Optional[float] = None
        self.finished: Optional[float] = None
        self.paused_at: Optional[float] = None  # the board hidden, the clock stopped
        self.paused_for = 0.0

    @property
    def paused(self) -> bool:
        """True while the game is paused."""
        return self.paused_at is not None

    def run(self) -> None:
        """Start at the first reveal (later reveals change nothing)."""
        if self.started is None:
            self.started = self.clock()

    def stop(self) -> None:
        """Stop at the end of the game."""
        if self.finished is None:
            self.finished = self.clock()

    def pause(self) -> bool:
        """Stop the clock, or carry on; return True when it is now paused."""
        now = self.clock()
        if self.paused_at is None:
            self.paused_at = now
            return True
        self.paused_for += now - self.paused_at
        self.paused_at = None
        return False

    def elapsed(self) -> float:
        """Return the seconds since the first reveal, stopped at the end of the game."""
        if self.started is None:
            return self.carried
        end = self.finished if self.finished is not None else self.clock()
        if self.paused_at is not None:
            end = self.paused_at
        return self.carried + max(0.0, end - self.started - self.paused_for)


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
    ) -> None:
        self.board = board
        self.custom = board if board not in BOARDS.values() else None
        self.first_click = first_click
        self.save_dir = save_dir if save_dir is not None else saves_dir()
        self.clock = clock
        self.position_text: Optional[str] = None
        self.title = ""
        self.note = ""  # a position's comment lines after its title: what to look for
        self.overlay = False
        self.autoplay = False
        self.version = 0
        self._odds: tuple[int, dict[Cell, tuple[Fraction, str]]] = (-1, {})
        self._timeline: tuple[object, Optional[Timeline]] = (None, None)
        self.cursor: Cell = (0, 0)  # the keyboard's cell: arrows move it, Space reveals it
        self.stats = Statistics()
        self.settings = Settings()
        self.keeps_files = True  # False for a handout (runner.py --export): no records, no settings
        if game is None:
            game = Minesweeper(
                board.height, board.width, board.mines, seed=seed, first_click=first_click
            )
        self.start(game)

    @classmethod
    def from_position(
        cls, text: str, first_click: str = "safe", save_dir: Optional[Path] = None, name: str = ""
    ) -> Session:
        """Return a session on a position in the board notation."""
        title = parse_board(text).title or name
        game = Minesweeper.from_text(text)
        board = BoardSize("Position", game.height, game.width, game.mine_count)
        session = cls(board, first_click=first_click, save_dir=save_dir, game=game)
        session.custom = None
        session.position_text = text
        session.title = title
        session.note = position_note(text)
        session.moments = [replace(m, said=opening(session)) for m in session.moments]
        return session

    @classmethod
    def resume(
        cls, game: Minesweeper, saved: Saved, title: str, save_dir: Optional[Path] = None
    ) -> Session:
        """Return a session playing on a saved game: its board, clock, clicks and help."""
        key = next(
            (k for k, b in BOARDS.items() if b.name == saved.board and b.spec == spec(game)),
            None,
        )
        board = (
            BOARDS[key] if key else BoardSize("Custom", game.height, game.width, game.mine_count)
        )
        session = cls(board, first_click=saved.first_click, save_dir=save_dir, game=game)
        session.custom = None if key else board
        session.title = title
        session.watch.carried = saved.seconds
        session.identity = saved.game
        # One game, one record: a game already counted is played again with its board seen.
        session.recorded = saved.counted or session.stats.was_counted(saved.game)
        session.assisted = session.assisted or saved.assisted or session.recorded
        return session

    # -- games ------------------------------------------------------------------

    def start(self, game: Minesweeper) -> None:
        """Make game the current one, with a fresh AI told every revealed cell in order."""
        self.game = game
        self.ai = MinesweeperAI(
            game.height, game.width, game.mine_count, first_click=game.first_click, seed=game.seed
        )
        self.ai.add_reveal(list(game.revealed.items()))
        # Cells told at the end of each reveal, and the game then: any step's moment.
        self.batches: list[int] = [len(self.ai.revealed)] if self.ai.revealed else []
        self.moments = [Moment(frozenset(game.flags), 0.0, opening(self))] if self.batches else []
        self.pending: Optional[Decision] = None  # what the AI would play next, once asked
        self.watch = Stopwatch(self.clock)
        self.marks: set[Cell] = set()  # the player's question marks (the game knows only flags)
        self.ai_played = False  # a game the AI moved in counts as assisted
        # Help seen in this game (odds, Think, the AI's moves or conclusions, a board
        # already seen): it counts apart, as assisted. The hint, when on, is help from the start.
        self.assisted = self.settings.known_safe_hint
        self.ending = ""  # the last move's words: once the game is over, the ones that ended it
        self.flag_warned: Optional[Cell] = None  # a flagged cell the AI said it would play
        self.autoplay = False
        self.identity = ""  # given at the first save, kept by every save of this game
        self.recorded = False  # the game is in the records (finished, left, or resumed so)
        self.changed()

    def new_game(self, board: Optional[str] = None) -> Outcome:
        """Start a game with a new seed, on the named board or the current size; remember it."""
        if board == "custom" and self.custom is not None:
            self.board = self.custom
        elif board in BOARDS:
            self.board = BOARDS[board]
        self.remember_board()
        self.position_text = None
        self.title = self.note = ""
        b, rule = self.board, self.first_click
        if b.mines > max_mines(b.height, b.width, rule):
            rule = "none"  # a crowded position's size: no first click can be kept clear
        self.start(Minesweeper(b.height, b.width, b.mines, first_click=rule))
        return Outcome(f"New game: {self.describe()}.", played=True)

    def remember_board(self) -> None:
        """Keep the board in the settings, for the next start of the window."""
        if not self.keeps_files:
            return
        key = next((k for k, b in BOARDS.items() if b == self.board), None)
        b = self.board
        self.settings.board = key or f"{b.height}x{b.width}x{b.mines}"
        self.settings.save()

    def restart(self) -> Outcome:
        """Start the same board again: the same seed and first-click rule, or the same position.

        A board played before is no longer unknown to the player: the replay counts as assisted.
        """
        seen = self.started() and self.counts()
        if self.position_text is not None:
            self.start(Minesweeper.from_text(self.position_text))
        else:
            g = self.game
            self.start(
                Minesweeper(g.height, g.width, g.mine_count, seed=g.seed, first_click=g.first_click)
            )
        if seen:
            self.assisted = True
            return Outcome(
                f"Restarted: {self.describe()}. A board already seen: this game counts as "
                "assisted.",
                played=True,
            )
        return Outcome(f"Restarted: {self.describe()}. {self.note}".strip(), played=True)

    # -- the records ----------------------------------------------------------------

    def started(self) -> bool:
        """True once the game has had a move (or was resumed part way), finished or not."""
        return self.watch.started is not None or self.watch.carried > 0 or self.game.is_over()

    def counts(self) -> bool:
        """True when this game goes into the records: any game but a teacher's position."""
        return self.position_text is None

    def leaving_costs(self) -> bool:
        """True when leaving now would count a loss: a counted game started and not over."""
        return self.counts() and self.started() and not self.game.is_over()

    def helped(self) -> None:
        """Note that the player saw help (odds, Think, the AI's conclusions) in this game."""
        if not self.game.is_over():
            self.assisted = True

    def leave(self) -> str:
        """Count the started game being left as a loss, as Windows 7 does; say so (or "")."""
        if not self.leaving_costs():
            return ""
        self.watch.stop()
        self._record(won=False)
        return "The game left counts as a loss."

    def scores(self) -> str:
        """Return the game's 3BV, clicks and, for a win, 3BV/s and efficiency, in words.

        A lost game did not clear its board: it says how much of the 3BV it cleared.
        """
        g = self.game
        bbbv = three_bv(g.height, g.width, g.mines)
        if g.lost():
            cleared = three_bv_cleared(g.height, g.width, g.mines, g.revealed)
            return f"3BV {cleared} of {bbbv} cleared, {plural(g.clicks, 'click')}"
        said = f"3BV {bbbv}, {plural(g.clicks, 'click')}"
        if g.won():
            rate = per_second(bbbv, tenths(self.elapsed()))
            eff = efficiency(bbbv, g.clicks)
            said += ", " + measures_words(rate, eff)
        return said

    def describe(self) -> str:
        """Return a one-line description of the game: size, mines, seed or title."""
        g = self.game
        if self.position_text is not None:
            return self.title or "a position"
        return (
            f"{self.board_name()} {g.height}x{g.width}, {g.mine_count} mines, seed {g.seed}, "
            f"{RULE_WORDS[g.first_click]}"
        )

    def board_name(self) -> str:
        """Return the board's name: beginner's, intermediate's, ... or Custom."""
        return self.board.name if self.board in BOARDS.values() else "Custom"

    def stats_key(self) -> str:
        """Return the name the statistics keep this game under: board and first-click rule."""
        g = self.game
        return (
            f"{self.board_name()} {g.height}x{g.width}, {g.mine_count} mines, "
            f"{RULE_WORDS[g.first_click]}"
        )

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
        return self.play(self.game.chord(cell), cell, "You")

    def flag(self, cell: Cell) -> Outcome:
        """Cycle a hidden cell: flag, question mark (when on), nothing. The AI uses neither."""
        if cell in self.marks:
            self.marks.discard(cell)
            return Outcome(f"Question mark taken off {cell_name(cell)}.")
        was_flagged = cell in self.game.flags
        result = self.game.toggle_flag(cell)
        if was_flagged and not result.ignored and self.settings.question_marks:
            self.marks.add(cell)
            return Outcome(f"{cell_name(cell)}: a question mark (right click again clears it).")
        if result.ignored:
            return Outcome(f"No flag: {result.ignored}.")
        if result.flagged:
            left = self.game.mines_left()
            return Outcome(f"Flag on {cell_name(cell)}; {plural(left, 'mine')} left.")
        return Outcome(f"Flag taken off {cell_name(cell)}.")

    def play(self, result: MoveResult, cell: Cell, who: str) -> Outcome:
        """Tell the AI what a move revealed and run the clock; say what happened."""
        if result.ignored:
            return Outcome(f"Nothing happened: {result.ignored}.")
        self.watch.run()
        self.ai.add_reveal(result.revealed)
        if result.revealed:
            self.batches.append(len(self.ai.revealed))
        if self.game.is_over() and self.watch.finished is None:
            self.watch.stop()
            self.autoplay = False
            self.overlay = False  # the odds are of no use once the game is over
            self._count_game()
        self.changed()
        self.ending = f"{who}: {self._outcome(cell, result)}"
        if result.revealed:
            self.moments.append(Moment(frozenset(self.game.flags), self.elapsed(), self.ending))
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
        if self.game.is_over():
            helped = " (assisted: counted apart)" if self.assisted or self.ai_played else ""
            text += f" {self.scores()}{helped}."
        return text

    def _count_game(self) -> None:
        """Record a finished game (not a teacher's position): assisted apart."""
        if self.counts():
            self._record(self.game.won())

    def _record(self, won: bool) -> None:
        """Put the game in the records with its 3BV, clicks and whether it was assisted."""
        if not self.keeps_files:
            return  # a handout's game is the teacher's picture, not a game the player played
        g = self.game
        self.remember_board()  # the board last played opens the next window
        counted = self.stats.record(
            self.stats_key(),
            won,
            self.elapsed(),
            bbbv=three_bv(g.height, g.width, g.mines) if g.placed else None,
            clicks=g.clicks,
            assisted=self.assisted or self.ai_played,
            identity=self.identity,
        )
        self.assisted = self.assisted or counted.assisted  # another window counted it first
        self.recorded = True

    def after_the_end(self) -> str:
        """Return what ended the game and what to do next (the game is over)."""
        said = self.ending or f"The game is {self.game.status()}."
        return f"{said} The game is over: N starts a new game, R restarts."

    # -- the AI's moves -----------------------------------------------------------

    def ai_move(self) -> Outcome:
        """Play one AI move (the pending one after Think) and say why."""
        warning = flag_warning(self)
        if warning:
            return Outcome(warning)
        cell = self.ai.make_move()
        decision = self.ai.last_decision
        self.ai_played = True
        self.helped()
        if cell is not None:
            self.cursor = cell
            self.marks.discard(cell)
        self.changed()
        if cell is None or decision is None:
            self.autoplay = False
            return Outcome("The AI finds no cell left to play.", played=True)
        why = reason(self, decision)
        lifted = ""
        if cell in self.game.flags:
            self.game.toggle_flag(cell)
            lifted = " (it lifted your flag there: your flags are not its knowledge)"
        self.flag_warned = None
        told = len(self.moments)
        result = self.deal_and_reveal(cell)
        if isinstance(result, str):
            self.autoplay = False
            return Outcome(result)
        self.play(result, cell, "AI")
        outcome = self.ending.removeprefix("AI: ")
        flagged = flag_known_mines(self)
        self.ending = f"AI: {why}{lifted}. {outcome}{flagged}"
        if len(self.moments) > told:  # the move's whole words, and its flags, are that moment's
            flags = frozenset(self.game.flags)
            self.moments[-1] = replace(self.moments[-1], flags=flags, said=self.ending)
        return Outcome(self.ending, played=True)

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
        if status == "won":
            return f"Won in {clock_text(max(self.elapsed(), 0.01))} s"
        if status == "playing" and self.watch.paused:
            return "Paused"
        return status.capitalize()

    # -- looking --------------------------------------------------------------------

    def timeline(self) -> Timeline:
        """Return the lesson timeline of the AI's log, built once per version of it."""
        key = (id(self.ai), self.version, len(self.ai.steps))
        built = self._timeline[1]
        if self._timeline[0] != key or built is None:
            built = Timeline(self.ai.steps, self.ai.revealed, self.batches, ahead(self))
            self._timeline = (key, built)
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
        """Note that the game or the AI changed: the pending move and the caches are stale."""
        self.version += 1
        self.pending = None
        if self.overlay and not self.game.is_over():
            self.think()  # the overlay outlines the AI's pick


def spec(game: Minesweeper) -> str:
    """Return a game's size as HxWxM."""
    return f"{game.height}x{game.width}x{game.mine_count}"


def thought_step(session: Session) -> Optional[Step]:
    """Return the step behind the pending move: its proof, the count, or the move itsession."""
    decision = session.pending
    if decision is None:
        return None
    if decision.proof is not None:
        return session.ai.steps[decision.proof]
    if decision.strategy == "counting":
        return session.ai.counting_step()
    return Step("move", cell=decision.cell, decision=decision)


def reason(session: Session, decision: Decision) -> str:
    """Return why the AI plays a decision's cell, with the numbers involved."""
    if decision.proof is not None:
        proof = session.ai.steps[decision.proof]
        if proof.rule in ("zero", "enumeration"):
            return f"{decision_text(decision)}, because {words_for_step(proof)}"
    return decision_text(decision)


def flag_warning(session: Session) -> str:
    """Return a warning, the first time the AI's next cell carries the player's flag."""
    decision = session.ai.choose()  # a looking call: the AI is left as it was
    if decision is None or decision.cell not in session.game.flags:
        return ""
    if session.flag_warned == decision.cell:
        return ""  # said once already: this time the AI lifts the flag and plays
    session.flag_warned = decision.cell
    session.autoplay = False
    name = cell_name(decision.cell)
    return (
        f"The AI would play {name}, which you flagged ({reason(session, decision)}). "
        f"A again lifts your flag and plays {name}; or take the flag off yoursession."
    )


def flag_known_mines(session: Session) -> str:
    """With the AI-flags setting on, flag every mine the AI knows; return what it did."""
    if not session.settings.ai_flags or session.game.is_over():
        return ""
    new = sorted(session.ai.mines - session.game.flags)
    for cell in new:
        session.game.toggle_flag(cell)
        session.marks.discard(cell)
    if not new:
        return ""
    names = ", ".join(cell_name(c) for c in new[:6]) + (", ..." if len(new) > 6 else "")
    return f" It flagged {plural(len(new), 'mine')} it knows: {names}."


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


def opening(session: Session) -> str:
    """Return the words a new game or a position opens with."""
    if session.position_text is not None:
        return f"{session.note} Press → to step through what the AI knows."
    return "Click a cell to start, or press A to let the AI move."
