"""One door for commands: every key, button and click is a named command in this table.

No pygame here. Each command names the modes it runs in (window/modes.py:
play, the game over, paused, class, a question beat, the views over the
board), the modes that re-read its key as another command, and the modes
in which it asks first. route() is the one guard: App.do asks it, and it
refuses everything else in one line that says why and what to press. The
handlers below run an allowed command and return an Outcome.
screen/input.py turns events into these names, one command per key;
nothing else decides whether a command may run.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

from store.files import free_path, write_atomically
from store.history import history_dir
from store.notes import NOT_RECORD, Fault
from sweeper import Cell, cell_name, parse_board_size, read_board_file
from sweeper.board import MAX_COLUMNS, MAX_ROWS, BoardSize
from sweeper.review import read_record
from window.ai_turn import ai_move as play_ai_move
from window.ai_turn import reason
from window.answers import ON_A_NUMBER, give, tally
from window.editor import Editor, field_at
from window.frame import listed
from window.ledger import unsaved_here
from window.modes import (
    ANSWER,
    AUTO,
    BOARD,
    CLASS,
    EDITING,
    EDITOR,
    EVERY,
    GAME_KIND,
    MODES,
    ODDS,
    OVER,
    PAUSED,
    PAUSING,
    PLAY,
    QUESTION,
    RECORDS,
    RECORDS_KIND,
    REFUSALS,
    REVIEW,
    REVIEW_KIND,
    SETTING,
    SHEET,
    SPOILER,
    STUDENT,
    TYPING,
    WORDING,
)
from window.options import (
    cycle_first_click,
    reset_records,
    save_position,
    show_stats,
    toggle_ai_flags,
    toggle_hint,
    toggle_question_marks,
)
from window.records_view import RESET_ASK, RecordsState, board_beside, records_table
from window.review_view import Reviewing
from window.session import Outcome, Session, position_session, thought_step
from words.editor import UNSAVED_LEAVE, saved_words, typing_words
from words.records import UNSAVED_QUIT, note_words
from words.window import EARLIER, KEY_LINES, KEYS_TITLE

if TYPE_CHECKING:
    from window.app import App

Handler = Callable[["App", Any], Outcome]
Reread = Callable[[Any], tuple[str, Any]]
Asks = Callable[["App"], Optional[str]]

LIVE = "live"  # a condition: the game is not over (the AI's moves, auto-play, a pause)
NOW = "now"  # a condition: the moment on screen is now, not an earlier one (a move in class)


@dataclass(frozen=True)
class Command:
    """A command: its handler, the modes it runs in, the modes that re-read it or ask first.

    runs: the modes it runs in; in any other, the mode refuses it (window/modes.py).
    kind: what it is, where a mode refuses a kind in words of its own (a setting in class).
    rereads: the modes that read its key as another command (→ in the records view).
    asks: the modes in which it asks first; the function gives the question, or None.
    needs: the conditions it runs under: LIVE (the game goes on), NOW (no earlier moment shown).
    silent: a timer tick or a wheel turn refused says nothing.
    """

    run: Handler
    runs: frozenset[str]
    kind: str = ""
    rereads: Mapping[str, Reread] = field(default_factory=dict)
    asks: Mapping[str, Asks] = field(default_factory=dict)
    needs: tuple[str, ...] = ()
    silent: bool = False


@dataclass(frozen=True)
class Route:
    """What the one guard decides for a command now: run it (as named), refuse it, or ask."""

    name: str
    arg: Any
    refused: Optional[str] = None  # the one line that says why, and what to press
    closes: tuple[str, ...] = ()  # the views it closes on its way (a sheet, the records view)
    swallowed: bool = False  # it only closes them: a click meant for the view plays nothing
    asks: Optional[str] = None  # the question it asks first

    @property
    def runs(self) -> bool:
        """True when the command runs now as it is, closing nothing and asking nothing."""
        return self.refused is None and not self.closes and not self.swallowed and not self.asks


def route(app: App, name: str, arg: Any = None, typed: Optional[str] = None) -> Route:
    """Return what the command may do now: the one guard. It changes nothing.

    The modes are asked top first (a view over the board, then the game's
    mode): a mode may re-read the key as another command; a command that
    runs in the mode runs (or asks first); else the mode refuses it, types
    the key, or closes its view (and the command does nothing more).
    typed: what the key types, for the custom-board line (None: not a key).
    """
    closes: list[str] = []
    for mode in app.modes():
        command = TABLE[name]
        if mode in command.rereads:
            name, arg = command.rereads[mode](arg)
            command = TABLE[name]
        if mode in command.runs:
            if LIVE in command.needs and app.session.game.is_over():
                return Route(name, arg, refused=over_words(app), closes=tuple(closes))
            if NOW in command.needs and app.moment().replaying:
                return Route(name, arg, refused=EARLIER, closes=tuple(closes))
            ask = command.asks.get(mode)
            question = ask(app) if ask is not None and app.armed != name else None
            return Route(name, arg, closes=tuple(closes), asks=question)
        policy = MODES[mode]
        if policy.types and typed is not None:
            return Route(policy.types, typed)
        if policy.closes and command.silent:  # a timer's tick or a wheel turn: nothing
            return Route(name, arg, refused="")
        if policy.closes:  # a key meant for the view only closes it
            return Route(name, arg, closes=(mode,), swallowed=True)
        return Route(name, arg, refused=refusal_words(app, mode, command), closes=tuple(closes))
    raise AssertionError(f"no mode below {closes}")  # the game's modes never close


def refusal_words(app: App, mode: str, command: Command) -> str:
    """Return the one line a mode refuses a command with: its kind's, else the mode's own."""
    found = REFUSALS.get((mode, command.kind)) or MODES[mode].refusal
    if found:
        return found
    if mode == TYPING:
        return custom_prompt(app)
    if mode == WORDING and app.editor is not None and app.editor.field is not None:
        return typing_words(app.editor.field, app.editor.typed)
    return over_words(app)


def over_words(app: App) -> str:
    """Return why a move waits for nothing: the game is over (at an earlier moment, not yet)."""
    # At an earlier moment the end is not on screen yet, so the refusal tells none of it.
    return EARLIER if app.moment().replaying else app.session.after_the_end()


def may_run(app: App, name: str, arg: Any = None) -> bool:
    """True when the command would run now, as it is (nothing closed, nothing asked)."""
    return route(app, name, arg).runs


# -- the player's moves ----------------------------------------------------------------


def reveal(app: App, cell: Cell) -> Outcome:
    """Reveal a cell (chord on a number)."""
    return app.session.reveal(cell)


def chord(app: App, cell: Cell) -> Outcome:
    """Chord on a number."""
    return app.session.chord(cell)


def flag(app: App, cell: Cell) -> Outcome:
    """Cycle a cell's flag and question mark."""
    return app.session.flag(cell)


AUTO_STOPPED = "Auto-play stopped: your move was not played (G starts auto-play again)."


def players(action: Handler) -> Handler:
    """Return a handler for a move of the player's: during auto-play it stops it, unplayed.

    The board moves under a click during auto-play, so the cell clicked may
    not be the one the player looked at: the click stops the AI and plays
    nothing, and the player takes over on a board that stands still.
    """

    def run(app: App, arg: Any) -> Outcome:
        if app.session.autoplay:
            app.session.autoplay = False
            return Outcome(AUTO_STOPPED)
        return action(app, arg)

    return run


def at_cursor(action: Handler) -> Handler:
    """Return a handler that runs action on the keyboard's cell."""
    return lambda app, _: action(app, app.session.cursor)


def move_cursor(app: App, step: tuple[int, ...]) -> Outcome:
    """Move the keyboard's cell (step: rows, columns, and the list's rows in view, unread)."""
    session, (rows, columns) = app.session, step[:2]
    r, c = session.cursor
    height, width = session.game.height, session.game.width
    session.cursor = (min(max(r + rows, 0), height - 1), min(max(c + columns, 0), width - 1))
    return Outcome()


def press(app: App, held: tuple[Optional[Cell], bool]) -> Outcome:
    """Draw cells pressed while a button is held: the cell, or a number's hidden neighbours."""
    cell, chording = held
    game = app.session.game
    app.pressed = frozenset()
    refused = not may_run(app, "reveal") or app.session.autoplay
    if cell is None or refused:
        return Outcome()  # nothing pressed where a click is refused, not played, or an answer
    around = [cell, *game.neighbors(cell)] if chording or cell in game.revealed else [cell]
    hidden = game.revealed.keys() | game.flags
    app.pressed = frozenset(c for c in around if c not in hidden)
    return Outcome()


# -- the AI -----------------------------------------------------------------------------


def ai_move(app: App, _: object) -> Outcome:
    """Play one AI move (a student's AI's, when runner.py --student gave one)."""
    return play_ai_move(app.session) if app.student is None else app.student.move(app.session)


def toggle_autoplay(app: App, _: object) -> Outcome:
    """Start or stop the AI playing one move per timer tick."""
    session = app.session
    session.autoplay = not session.autoplay
    return Outcome("Auto-play on: press G to stop." if session.autoplay else "Auto-play off.")


def tick(app: App, _: object) -> Outcome:
    """One auto-play beat: an AI move while auto-play is on."""
    return ai_move(app, None) if app.session.autoplay else Outcome()


def think(app: App, _: object) -> Outcome:
    """Let the AI draw its next conclusion without playing it; AI Move then plays it.

    In class Think keeps the lesson's order: on a question beat it gives that
    beat's answer (as →), on the opening screen it goes to the first question,
    and otherwise to the question of the lesson step that holds the AI's next
    conclusion. Outside class the conclusion is drawn on the live board, which
    stays the board that clicks play on.
    """
    session, room = app.session, app.room
    timeline = app.timeline()
    if room.on and room.asking:
        return Outcome(room.forward(timeline))  # this question's answer, never a later one
    if room.on and room.step_index < 0 and room.preview is None and timeline.lessons:
        return Outcome(room.home(timeline))
    if session.game.is_over():  # the AI's next move: not in a finished game
        return Outcome(over_words(app))
    session.ledger.helped()
    decision = session.think()
    if decision is None:
        return Outcome("The AI finds no cell left to play.")
    shown: Optional[int] = None
    if room.on and decision.proof is not None:
        shown = timeline.stop_of(decision.proof)
    elif room.on and timeline.ahead is not None:
        shown = timeline.steps  # the same lesson step the arrows reach
    if shown is not None:
        room.show(shown, 0, timeline)
        room.thought = True
        number = timeline.number(shown)
        where = f"lesson step {number}" if number is not None else "the step on screen"
        # The lesson's own words give the reason; a second wording here would teach two lessons.
        if room.asking:  # its question on screen: the cell A plays is its answer
            return Outcome(f"Think: {where} is the AI's next conclusion: its question first.")
        cell = cell_name(decision.cell)
        return Outcome(f"Think: {where} is the AI's next conclusion. A plays {cell}.")
    room.viewing = None
    room.preview = timeline.ahead or thought_step(session)
    room.thought = True
    return Outcome(f"Think: {reason(session, decision)}. A plays it.")


def toggle_overlay(app: App, _: object) -> Outcome:
    """Show or hide every hidden cell's mine probability."""
    session = app.session
    session.overlay = not session.overlay
    if not session.overlay:
        return Outcome("Odds overlay off.")
    session.ledger.helped()
    said = "Odds overlay on: each hidden cell shows its chance of a mine; the outline is "
    said += "the AI's pick."
    game = session.game
    if not game.revealed and game.first_click != "none":
        said += (
            f" Under the {game.first_click} rule the first click itself is never "
            "a mine; the odds are for the cells it leaves."
        )
    if not game.is_over():
        session.think()
    return Outcome(said)


# -- the classroom ------------------------------------------------------------------


def answer(app: App, given: tuple[Cell, str]) -> Outcome:
    """A click on a question beat: the class's answer on a closed cell, judged; nothing plays."""
    cell, claim = given
    if cell in app.moment().board:
        return Outcome(ON_A_NUMBER)
    try:
        app.room.answer(give(app.moment(), cell, claim))
    except ValueError as error:
        return Outcome(f"{error}.")
    return Outcome(tally(app.room.answers))


def stepper(move: Callable[..., Optional[str]]) -> Handler:
    """Return a handler that moves the classroom's moment along the timeline."""
    return lambda app, _: Outcome(move(app.room, app.timeline()))


def toggle_classroom(app: App, _: object) -> Outcome:
    """Show or hide the knowledge panel and the steps."""
    app.room.on = not app.room.on
    if app.room.on:
        app.session.ledger.helped()  # the knowledge panel shows the AI's conclusions
    return Outcome("Classroom mode on." if app.room.on else "Classroom mode off.")


def toggle_keys(app: App, _: object) -> Outcome:
    """?: the keys' help; in class behind ?, in play every key on a sheet over the board."""
    if not app.room.on:  # every key on a sheet over the board, or the sheet closed
        if app.sheet is not None and app.sheet[0] == KEYS_TITLE:
            app.sheet = None
            return Outcome("")
        app.sheet = (KEYS_TITLE, KEY_LINES)
        return Outcome("Every key is over the board: any key closes the sheet.")
    app.room.keys = not app.room.keys
    return Outcome()


def digit(app: App, typed: str) -> Outcome:
    """Collect a typed lesson-step number."""
    return Outcome(app.room.type_digit(typed))


def arrangements(app: App, _: object) -> Outcome:
    """V: draw the enumeration step's arrangements one after another, then hide them."""
    enum = app.moment().enumeration
    count = None if enum is None else len(enum.arrangements) or 1  # too many: one table
    shown = app.room.next_arrangement(count)
    if enum is None:
        return Outcome(
            "V shows the arrangements behind an enumeration step (an 'every arrangement "
            "agrees' step); the step on screen is not one."
        )
    if shown < 0:
        return Outcome("Arrangements hidden: V shows them again.")
    if enum.arrangements:
        return Outcome(f"Arrangement {shown + 1} of {count}: V shows the next.")
    return Outcome(f"{enum.count:,} arrangements, too many to draw: counted by mines.")


def select(app: App, index: int) -> Outcome:
    """Highlight the cells of the listed sentence at index; again to clear it."""
    m = app.moment()
    app.room.select(listed(m) if app.student is None else app.student.rules(m), index)
    return Outcome()


def scroll(app: App, move: tuple[int, int]) -> Outcome:
    """Scroll the knowledge list by lines, with rows of it in view."""
    lines, rows = move
    knowledge = app.knowledge()
    app.room.scroll_to(knowledge.top(rows), lines, max(0, len(knowledge.rows) - rows))
    return Outcome()


# -- the records view and a review: views over the board ----------------------------------


def toggle_records(app: App) -> Outcome:
    """Show the records view (I): every board in a table, this board in full; or close it."""
    if app.records is not None:
        app.records = None
        return Outcome("Records closed.")
    app.sheet = None  # the view takes the sheet's place (the damage it said is in it too)
    app.session.stats.refresh()  # another window may have finished games since
    app.records = RecordsState(app.session.ledger.stats_key())
    return Outcome("Records: ↑ ↓ choose a game, Enter opens its review, ← → another board.")


def move_in_records(app: App, rows: int) -> Outcome:
    """Choose the recent game rows down (up when negative) in the records view."""
    if app.records is not None:
        app.records.chosen += rows
        app.records.reset_armed = False
    return Outcome()


def other_board(app: App, step: int) -> Outcome:
    """Show the board step rows away from the one in view, in the records view."""
    if app.records is None:
        return Outcome()
    return view_board(app, board_beside(app.session, app.records, step))


def board_row(app: App, row: int) -> Outcome:
    """Show the board of the table's row (a click on it), in the records view."""
    if app.records is None:
        return Outcome()
    boards = records_table(app.session, app.records).boards
    return view_board(app, boards[row]) if 0 <= row < len(boards) else Outcome()


def view_board(app: App, board: str) -> Outcome:
    """Show one board in full in the records view."""
    if app.records is not None:
        app.records.board, app.records.chosen, app.records.reset_armed = board, 0, False
    return Outcome(f"Records of {board}.")


def reset_in_view(app: App) -> Outcome:
    """Delete in the records view: ask once, then forget every board's records."""
    if app.records is None:
        return Outcome("Delete resets the records from their view: press I first.")
    if not app.records.reset_armed:
        app.records.reset_armed = True
        return Outcome(RESET_ASK)
    app.records.reset_armed = False
    said = reset_records(app.session)
    app.records.built = None  # the records are read again
    return Outcome(said.said)


def review_at(app: App, path: Path, which: Optional[str]) -> str:
    """Open path's review at click which (1 = the first, 'last' = the end): "" or the problem."""
    said = open_review(app, path)
    done = app.reviewing.done(app.session.judge) if app.reviewing is not None else None
    if app.reviewing is None or done is None:
        return f"--review: {said.said}"
    app.message = said.said or ""
    clicks = len(done.clicks)
    which = which or "1"
    if which != "last" and not (which.isdigit() and 1 <= int(which) <= clicks + 1):
        return f"--step {which}: this game has {clicks} clicks; choose 1 to {clicks + 1} (the end)"
    app.reviewing.index = clicks if which == "last" else int(which) - 1
    return ""


def open_chosen(app: App, index: Optional[int]) -> Outcome:
    """Open the review of the recent game chosen in the records view (or the one at index)."""
    view = None if app.records is None else records_table(app.session, app.records)
    if view is None or not view.recent:
        return Outcome("No game of this board is in the history yet: each one ends there.")
    at = view.chosen if index is None else index
    if not 0 <= at < len(view.recent):
        return Outcome()
    return open_review(app, view.recent[at].path, from_records=True)


def open_review(app: App, path: Path, from_records: bool = False) -> Outcome:
    """Open a game record's review (judged now, or on the judge's thread); say how to step."""
    try:
        record = read_record(read_board_file(path))
    except ValueError as error:
        if path.parent == history_dir():
            note = app.session.history.damaged(path, Fault(NOT_RECORD, str(error)))
            return Outcome(note_words(note))
        return Outcome(f"{path} cannot be reviewed: {error}")
    judge = app.session.judge
    judge.ask(path, first=True)
    if judge.thread is None:  # no thread of its own (a test, a picture): judge it now
        while judge.review_of(path) is None and path not in judge.failed and judge.work():
            pass
    app.reviewing = Reviewing(path, record, from_records=from_records)
    app.records = None
    app.session.watch.hold("review", True)  # the live game's time is not the review's
    return Outcome(f"Review of {path.name}: ← → step through its clicks, Esc closes it.")


def step_review(app: App, where: str) -> Outcome:
    """Step the review: next, back, home or end."""
    reviewing = app.reviewing
    return Outcome() if reviewing is None else Outcome(reviewing.step(app.session.judge, where))


def close_review(app: App) -> Outcome:
    """Close the review: back to the records view when it was opened from there."""
    reviewing, app.reviewing = app.reviewing, None
    app.session.watch.hold("review", False)
    if reviewing is not None and reviewing.from_records:
        board = reviewing.record.facts.get("board", app.session.ledger.stats_key())
        app.records = RecordsState(board)
        return Outcome("Review closed: the records again (I closes them).")
    return Outcome("Review closed.")


# -- games and options -------------------------------------------------------------------


LEAVE = (
    "Leave this game? It counts as a loss (as in Windows). {again} again leaves it; "
    "any other key plays on."
)
LEAVE_LESSON = "Leave the lesson for {what}? {again} again leaves it{costs}; any other key stays."


def leaving_game(again: str) -> Asks:
    """Return the question a started game asks before it is left, when leaving costs a loss."""

    def ask(app: App) -> Optional[str]:
        return LEAVE.format(again=again) if app.session.ledger.leaving_costs() else None

    return ask


def leaving_lesson(what: str, again: str) -> Asks:
    """Return the question a lesson asks before it is left for another game."""

    def ask(app: App) -> Optional[str]:
        costs = " (the game counts as a loss)" if app.session.ledger.leaving_costs() else ""
        return LEAVE_LESSON.format(what=what, again=again, costs=costs)

    return ask


def with_leaving(outcome: Outcome, app: App) -> Outcome:
    """Return outcome with the words about the game just left before them, if one was."""
    left, app.left = app.left, ""
    if not left or outcome.said is None:
        return outcome
    return replace(outcome, said=f"{left} {outcome.said}")


def new_game(app: App, board: Optional[str]) -> Outcome:
    """Start a game with a new seed (on the named board); the game left counts (see asks)."""
    app.left = app.session.ledger.leave()
    return with_leaving(app.session.new_game(board), app)


def undo(app: App, _: object) -> Outcome:
    """U: take back the click that hit a mine; the game goes on, marked as undone.

    The loss was counted when it happened and stays counted; the game goes
    on for practice and counts no more (a clean win it is not). The AI is
    told the mine, which everyone has now seen.
    """
    session = app.session
    game = session.game
    if not game.lost() or game.exploded is None:
        fresh = not game.revealed and not game.flags  # no click yet: nothing to speak of
        return Outcome("" if fresh else "U takes back a click that hit a mine; no click did.")
    cell = game.exploded
    game.take_back()
    session.watch.resume()
    session.ledger.undo()
    session.ai.mark_mine(cell)
    session.changed()
    counted = (
        "the loss stays in the records and this game counts no more"
        if session.ledger.recorded
        else "this game is not counted"
    )
    session.ending = (
        f"Undone: {cell_name(cell)} (a mine) is hidden again and the game goes on, "
        f"marked as undone: {counted}."
    )
    return Outcome(session.ending, played=True)


def restart(app: App, _: object) -> Outcome:
    """Start the same board again; the game left counts (see asks)."""
    app.left = app.session.ledger.leave()
    return with_leaving(app.session.restart(), app)


def pause(app: App, _: object) -> Outcome:
    """Hide the board and stop the clock, or carry on."""
    return app.session.toggle_pause()


def start_custom(app: App, _: object) -> Outcome:
    """Open the custom-board line."""
    app.entering = ""
    return Outcome(custom_prompt(app))


def custom_prompt(app: App) -> str:
    """Return the custom-board line as typed so far, with the limits."""
    return (
        f"Custom board > {app.entering}_  (rows x columns x mines, e.g. 20x30x120; "
        f"rows 1-{MAX_ROWS}, columns 1-{MAX_COLUMNS}; Enter plays, Esc cancels)"
    )


def type_custom(app: App, key: str) -> Outcome:
    """Take one key of the custom-board line: digits, x, Backspace, Enter, Esc."""
    if app.entering is None:
        return Outcome()
    if key == "escape":
        app.entering = None
        return Outcome("No new board.")
    if key == "backspace":
        app.entering = app.entering[:-1]
    elif key == "enter":
        text, app.entering = app.entering, None
        try:
            size = parse_board_size(text, rule=app.session.first_click)
        except ValueError as error:
            app.entering = ""  # the refused text is gone: the next key starts a new board
            return Outcome(f"{custom_prompt(app)} Refused: {error}.")
        if app.session.ledger.leaving_costs() and app.armed != "type":
            app.armed, app.entering = "type", text
            return Outcome(LEAVE.format(again="Enter"))
        app.armed = None
        app.left = app.session.ledger.leave()
        session = app.session
        session.custom = session.board = BoardSize("Custom", size.height, size.width, size.mines)
        return with_leaving(session.new_game(), app)
    elif len(app.entering) < 20 and (key.isdigit() or key in "xX"):
        app.entering += key.lower()
    return Outcome(custom_prompt(app))


CLASS_LEAVE = "Close the window and leave the lesson? Esc again closes it; any other key stays."


def quit_window(app: App, _: object) -> Outcome:
    """Esc: close what is open; else quit at once between games, or ask first.

    During a game, or in class (a lesson is not left by a stray key), the first
    Esc asks and a second quits. What is open over the lesson closes first: the
    arrangement on show (V), the keys' help (?).
    """
    room = app.room
    if room.on and room.viewing is not None:
        room.viewing = None
        return Outcome("Arrangements hidden: V shows them again.")
    if room.on and room.keys:
        room.keys = False
        return Outcome("")
    game = app.session.game
    started = app.session.watch.started is not None or app.session.ledger.on_the_record()
    playing = started and not game.is_over()  # a reopened save's game too: its clock not yet on
    if room.on and app.armed != "quit" and not playing:
        app.armed = "quit"
        return Outcome(CLASS_LEAVE)
    if app.armed != "quit" and unsaved_here(app.session):
        app.armed = "quit"  # a result kept in this window only (the disk full) would be lost
        return Outcome(UNSAVED_QUIT)
    if not playing or app.armed == "quit":
        app.session.ledger.leave()
        return Outcome(close=True)
    app.armed = "quit"
    ledger = app.session.ledger
    leaving = " (it counts as a loss)" if ledger.leaving_costs() else ""
    if ledger.counts() and ledger.in_its_save():
        leaving = " (it waits in its save)"
    return Outcome(
        f"Quit in the middle of a game{leaving}? Esc again quits; any other key plays on."
    )


def close_window(app: App, _: object) -> Outcome:
    """The window's close button: a started game counts as a loss, as Esc's does."""
    app.session.ledger.leave()
    return Outcome(close=True)


def on_screen(app: App, _: object) -> Outcome:
    """A command the screen carries out (zoom, full screen, a picture of the view)."""
    return Outcome(screen=True)


def options(action: Callable[[Session], Outcome]) -> Handler:
    """Return a handler for an option or a chore of the session's that takes no argument."""
    return lambda app, _: action(app.session)


# -- the position editor ------------------------------------------------------------------


EDIT_A_LESSON = (
    "L opens the editor on a lesson's position (--position FILE); runner.py --edit draws a new one."
)


def open_editor(app: App, _: object) -> Outcome:
    """L in class: the position editor on the lesson on screen (the one last taught from the
    editor comes back as it was left, unsaved edits and all)."""
    text = app.session.position_text
    if text is None:
        return Outcome(EDIT_A_LESSON)
    kept = app.last_editor
    if kept is not None and kept.text() == text:
        editor = kept
    else:
        try:
            editor = Editor.from_text(text, app.lesson_path)
        except ValueError as error:
            return Outcome(f"The editor cannot open this lesson: {error}.")
    return Outcome(start_editing(app, editor))


def edit_file(app: App, name: str) -> str:
    """Open the editor on a lesson file (runner.py --edit FILE; a new lesson when there is no
    such file, or no name: it saves to a new file in the saves folder); "" or what was wrong."""
    path = Path(name) if name else None
    try:
        if path is not None and path.exists():
            editor = Editor.from_text(read_board_file(path), path)
        else:
            editor = Editor(path=path)
    except ValueError as error:
        return f"{path}: {error}"
    editor.alone = True
    app.message = start_editing(app, editor)
    return ""


def start_editing(app: App, editor: Editor) -> str:
    """Open the editor over the window; the game below waits, its clock held. Say so."""
    app.editor = editor
    app.room.keys = False
    app.session.autoplay = False
    app.session.watch.hold("editor", True)
    where = f" (it saves to {editor.path})" if editor.path is not None else ""
    leaves = "Esc closes the window" if editor.alone else "Esc leaves"
    return f"The position editor{where}: click cells, type the words; C teaches it, {leaves}."


def editing(action: Callable[[Editor, Any], str]) -> Handler:
    """Return a handler that runs action on the editor open, and says what it returns."""

    def run(app: App, arg: Any) -> Outcome:
        return Outcome() if app.editor is None else Outcome(action(app.editor, arg))

    return run


def edit_press(app: App, held: tuple[Optional[Cell], bool]) -> Outcome:
    """A mouse button down, moved or let go over the editor's board: a stroke (see Editor.press).

    While it is held the window passes the mouse's moves on (App.pressed).
    """
    editor = app.editor
    if editor is None:
        return Outcome()
    cell, backwards = held
    said = editor.press(cell, backwards)
    app.pressed = frozenset({editor.drag.first}) if editor.drag is not None else frozenset()
    return Outcome(said or None)


def edit_field(app: App, which: Any) -> Outcome:
    """Type one of the lesson's fields (a name, or its row in the list); the total's row
    toggles the total. A field being typed keeps its words first."""
    editor = app.editor
    if editor is None:
        return Outcome()
    name = field_at(which) if isinstance(which, int) else which
    if name is None:
        return Outcome()
    if editor.field is not None:
        editor.type("enter")
    if name == "total":
        return Outcome(editor.toggle_total())
    return Outcome(editor.start(name))


def save_lesson(app: App, _: object) -> Outcome:
    """S in the editor: write the lesson file (never a board no arrangement of mines fits)."""
    editor = app.editor
    if editor is None:
        return Outcome()
    problem = editor.problem()
    if problem:
        return Outcome(f"Not saved: {problem}")
    path = editor.path or free_path(app.session.save_dir, f"lesson-{datetime.now():%Y%m%d-%H%M%S}")
    text = editor.text()
    failed = write_atomically(path, text)
    if failed is not None:
        return Outcome(f"Not saved: {note_words(failed)}")
    editor.path, editor.saved, editor.kept = path, text, True
    return Outcome(saved_words(str(path), True), path=path)


def teach_lesson(app: App, _: object) -> Outcome:
    """C in the editor: the lesson drawn opens in class now (L comes back to the editor)."""
    editor = app.editor
    if editor is None:
        return Outcome()
    problem = editor.problem()
    if problem:
        return Outcome(f"Nothing to teach yet: {problem}")
    editor.alone = False  # the window teaches now: L comes back here, and Esc back to class
    old = app.session
    name = editor.path.name if editor.path is not None else ""
    session = position_session(editor.text(), old.first_click, old.save_dir, name, old.settings)
    app.left = old.ledger.leave()
    old.watch.hold("editor", False)
    app.session = session
    app.room.reset()
    app.room.on = True
    session.ledger.helped()
    app.last_editor, app.lesson_path, app.editor = editor, editor.path, None
    return with_leaving(
        Outcome(f"Teaching {session.describe()}: → steps through it; L edits it."), app
    )


def close_editor(app: App, _: object) -> Outcome:
    """Esc in the editor: leave it (an unsaved lesson asks first: see the table's asks); a
    window started for it (--edit) closes, as the teacher came for the editor alone."""
    if app.editor is not None and app.editor.alone:
        return Outcome("Editor closed.", close=True)
    app.editor = None
    app.pressed = frozenset()
    app.session.watch.hold("editor", False)
    return Outcome("Editor closed.")


def unsaved(again: str, leaves: str) -> Asks:
    """Return the question an unsaved lesson asks before the editor is left."""

    def ask(app: App) -> Optional[str]:
        editor = app.editor
        if editor is None or not editor.unsaved:
            return None
        return UNSAVED_LEAVE.format(again=again, leaves=leaves)

    return ask


def toggle_editor_keys(editor: Editor, _: object) -> str:
    """?: every key of the editor's under the panel, or the short line again."""
    editor.keys = not editor.keys
    return ""


def resizer(rows: int, columns: int) -> Handler:
    """Return a handler that adds rows and columns to the editor's board (or takes them away)."""
    return editing(lambda editor, _: editor.resize(rows, columns))


def as_arrows(mode: str) -> Reread:
    """Outside the editor, Shift and an arrow is the arrow, as that mode reads it."""

    def reread(arg: tuple[int, ...]) -> tuple[str, Any]:
        arrows = TABLE["cursor"].rereads.get(mode)
        return arrows(arg) if arrows is not None else ("cursor", arg)

    return reread


# The arrows: a cursor move on the board, re-read by the modes that use them otherwise.


def arrows_in_class(arg: tuple[int, ...]) -> tuple[str, Any]:
    """In class, ← and → step back and on, ↑ and ↓ scroll the knowledge list."""
    rows, columns, *view = arg
    if columns:
        return ("step" if columns > 0 else "back"), None
    return "scroll", (rows, *view)


def arrows_in_records(arg: tuple[int, ...]) -> tuple[str, Any]:
    """In the records view, ↑ and ↓ choose a game, ← and → another board."""
    rows, columns, *_ = arg
    return ("records-move", rows) if rows else ("records-board", columns)


def arrows_in_review(arg: tuple[int, ...]) -> tuple[str, Any]:
    """In a review, ← and → step back and on through its clicks."""
    return "review-step", "next" if arg[1] > 0 else "back" if arg[1] < 0 else "stay"


def as_answer(claim: str) -> Reread:
    """On a question beat a click on the board is the class's answer, never a move."""
    return lambda cell: ("answer", (cell, claim))


def to(name: str, arg: Any = None) -> Reread:
    """Return a re-reading of a key as the command name, with arg."""
    return lambda _: (name, arg)


LET_GO = to("edit-press", (None, False))  # in the editor, a click's release ends the stroke


def in_editor(name: str, arg: Any = None) -> dict[str, Reread]:
    """Return a re-reading of a key in the position editor as its command name."""
    return {EDITOR: to(name, arg)}


PLAYING = frozenset({PLAY, STUDENT})  # a game being played, outside class
GAME = PLAYING | {OVER, PAUSED}  # outside class, with no view open
LESSON = frozenset({CLASS, QUESTION})
LOOKING = PLAYING | {OVER} | LESSON  # looking at the board: not while paused (it is hidden)
MOVES = PLAYING | {CLASS}  # a click on the board
AT_NOW = (LIVE, NOW)
SCREEN = EVERY - {TYPING, WORDING}  # the screen's own commands: the window, not what is in it
ONLY_EDITOR = frozenset({EDITOR})
CLASS_ARROWS = {CLASS: arrows_in_class, QUESTION: arrows_in_class}
IN_RECORDS = {RECORDS: to("records-board", 1)}
BACK_IN_RECORDS = {RECORDS: to("records-board", -1)}

TABLE: dict[str, Command] = {
    # Moves on the board. A click plays in class too, at now; on a question beat it answers.
    # The keyboard's cell is not shown in class: its keys play outside class only.
    # In the editor a button's press draws (the release ends the stroke): see edit_press.
    "reveal": Command(
        players(reveal), MOVES, BOARD, {QUESTION: as_answer("safe"), EDITOR: LET_GO}, needs=AT_NOW
    ),
    "chord": Command(
        players(chord), MOVES, BOARD, {QUESTION: as_answer("safe"), EDITOR: LET_GO}, needs=AT_NOW
    ),
    "flag": Command(
        players(flag),
        MOVES,
        BOARD,
        {QUESTION: as_answer("mine"), EDITOR: lambda cell: ("edit-press", (cell, True))},
        needs=AT_NOW,
    ),
    "reveal-cursor": Command(
        players(at_cursor(reveal)), PLAYING, BOARD, in_editor("edit-cycle", False)
    ),
    "flag-cursor": Command(players(at_cursor(flag)), PLAYING, BOARD, in_editor("edit-cycle", True)),
    "chord-cursor": Command(players(at_cursor(chord)), PLAYING, BOARD),
    "undo": Command(undo, PLAYING | {OVER}, BOARD),
    "cursor": Command(
        move_cursor,
        PLAYING | {OVER},
        BOARD,
        {
            **CLASS_ARROWS,
            RECORDS: arrows_in_records,
            REVIEW: arrows_in_review,
            EDITOR: lambda arg: ("edit-cursor", arg),
        },
    ),
    "press": Command(
        press, EVERY, rereads={EDITOR: lambda held: ("edit-press", (held[0], False))}, silent=True
    ),
    # The AI.
    "ai": Command(
        ai_move, PLAYING | {CLASS}, rereads=in_editor("edit-field", "answer"), needs=(LIVE,)
    ),
    "auto": Command(toggle_autoplay, PLAYING, AUTO, needs=(LIVE,)),
    "tick": Command(tick, PLAYING, needs=(LIVE,), silent=True),
    # In class, on a question beat, it is →: see think().
    "think": Command(think, LOOKING, rereads=in_editor("edit-field", "title")),
    "overlay": Command(toggle_overlay, PLAYING | {OVER}, ODDS),
    # The classroom.
    "classroom": Command(
        toggle_classroom, GAME - {PAUSED} | {CLASS}, rereads=in_editor("edit-teach")
    ),
    "answer": Command(answer, frozenset({QUESTION}), ANSWER),
    "step": Command(
        stepper(lambda room, t: room.forward(t)),
        LOOKING,
        rereads={**IN_RECORDS, REVIEW: to("review-step", "next")},
    ),
    "back": Command(
        stepper(lambda room, t: room.back(t)),
        LOOKING,
        rereads={**BACK_IN_RECORDS, REVIEW: to("review-step", "back")},
    ),
    "home": Command(
        stepper(lambda room, t: room.home(t)), LOOKING, rereads={REVIEW: to("review-step", "home")}
    ),
    "end": Command(
        stepper(lambda room, t: room.end(t)), LOOKING, rereads={REVIEW: to("review-step", "end")}
    ),
    "expand": Command(
        stepper(lambda room, t: room.toggle_expanded(t)), LOOKING - {QUESTION}, SPOILER
    ),
    "jump": Command(
        stepper(lambda room, t: room.jump(t)), LOOKING, rereads={RECORDS: to("records-open")}
    ),
    "digit": Command(digit, LOOKING),
    "arrangements": Command(arrangements, LOOKING),
    "select": Command(
        select,
        LESSON,
        rereads={
            EDITOR: lambda row: ("edit-field", row),
            WORDING: lambda row: ("edit-field", row),
        },
    ),
    "scroll": Command(
        scroll,
        LOOKING,
        rereads={RECORDS: lambda move: ("records-move", 1 if move[0] > 0 else -1)},
        silent=True,
    ),
    "keys": Command(toggle_keys, GAME | LESSON | {SHEET}, rereads=in_editor("edit-keys")),
    # Games: leaving one asks first when it costs a loss, and in class always.
    "new": Command(
        new_game,
        GAME | {CLASS},
        GAME_KIND,
        rereads=in_editor("edit-field", "teacher"),
        asks={
            **dict.fromkeys(GAME, leaving_game("The same button or N")),
            CLASS: leaving_lesson("a new game", "The same button or N"),
        },
    ),
    "face": Command(  # the face's click: N everywhere but the editor, where N types a note
        new_game,
        frozenset(),
        EDITING,
        rereads={mode: to("new") for mode in EVERY - {EDITOR, WORDING}},
        silent=True,
    ),
    "restart": Command(
        restart,
        GAME | {CLASS},
        GAME_KIND,
        asks={
            **dict.fromkeys(GAME, leaving_game("R")),
            CLASS: leaving_lesson("the same board again", "R"),
        },
    ),
    # Not in class: a pause there would leave the lesson's guard (and the clock already
    # stands still while the class looks back).
    "pause": Command(pause, PLAYING | {PAUSED}, PAUSING, needs=(LIVE,)),
    # Settings: remembered for the next start, so never changed in class.
    "first-click": Command(options(cycle_first_click), GAME, SETTING),
    "marks": Command(
        options(toggle_question_marks), GAME, SETTING, in_editor("edit-field", "question")
    ),
    "ai-flags": Command(options(toggle_ai_flags), GAME, SETTING),
    "hint": Command(options(toggle_hint), GAME, SETTING, in_editor("edit-total")),
    "custom": Command(start_custom, GAME, SETTING),
    "type": Command(type_custom, frozenset({TYPING})),
    "key": Command(type_custom, frozenset(), silent=True),  # a key that only types: Backspace
    "save": Command(options(save_position), GAME | {CLASS}, rereads=in_editor("edit-save")),
    # The records and a review: views over the board.
    "stats": Command(
        lambda app, _: toggle_records(app),
        GAME | {CLASS, SHEET, RECORDS},
        rereads={REVIEW: to("review-close")},
    ),
    "stats-line": Command(options(show_stats), GAME | {CLASS}),
    "records-move": Command(move_in_records, frozenset({RECORDS}), RECORDS_KIND),
    "records-board": Command(other_board, frozenset({RECORDS}), RECORDS_KIND),
    "records-row": Command(board_row, frozenset({RECORDS}), RECORDS_KIND),
    "records-open": Command(open_chosen, frozenset({RECORDS}), RECORDS_KIND),
    "reset-records": Command(
        lambda app, _: reset_in_view(app), frozenset({RECORDS, SHEET}), RECORDS_KIND
    ),
    "review-step": Command(step_review, frozenset({REVIEW}), REVIEW_KIND),
    "review-close": Command(lambda app, _: close_review(app), frozenset({REVIEW}), REVIEW_KIND),
    # The window: Esc asks before a game or a lesson is left; the screen's own commands.
    "quit": Command(
        quit_window,
        GAME | LESSON,
        rereads={RECORDS: to("stats"), REVIEW: to("review-close"), EDITOR: to("edit-close")},
    ),
    "close": Command(
        close_window,
        EVERY,
        asks=dict.fromkeys((EDITOR, WORDING), unsaved("The close button", "closes the window")),
    ),
    "export": Command(on_screen, SCREEN),
    "zoom": Command(on_screen, SCREEN),
    "fullscreen": Command(on_screen, SCREEN),
    # The position editor (window/editor.py): L opens it in class on the lesson on screen.
    "edit": Command(open_editor, frozenset({CLASS})),
    "edit-press": Command(edit_press, ONLY_EDITOR, EDITING, silent=True),
    "edit-cursor": Command(
        editing(lambda editor, step: editor.move(*step[:2])), ONLY_EDITOR, EDITING
    ),
    "edit-cycle": Command(
        editing(lambda editor, back: editor.cycle(editor.cursor, back)), ONLY_EDITOR, EDITING
    ),
    "resize": Command(
        editing(lambda editor, step: editor.resize(*step[:2])),
        ONLY_EDITOR,
        EDITING,
        rereads={mode: as_arrows(mode) for mode in EVERY - {EDITOR, WORDING}},
    ),
    "edit-taller": Command(resizer(1, 0), ONLY_EDITOR, EDITING),
    "edit-shorter": Command(resizer(-1, 0), ONLY_EDITOR, EDITING),
    "edit-wider": Command(resizer(0, 1), ONLY_EDITOR, EDITING),
    "edit-narrower": Command(resizer(0, -1), ONLY_EDITOR, EDITING),
    "edit-keys": Command(editing(toggle_editor_keys), ONLY_EDITOR, EDITING),
    "edit-total": Command(editing(lambda editor, _: editor.toggle_total()), ONLY_EDITOR, EDITING),
    "edit-field": Command(edit_field, frozenset({EDITOR, WORDING}), EDITING),
    "edit-type": Command(editing(lambda editor, key: editor.type(key)), frozenset({WORDING})),
    "edit-save": Command(save_lesson, ONLY_EDITOR, EDITING),
    "edit-teach": Command(
        teach_lesson,
        ONLY_EDITOR,
        EDITING,
        asks={EDITOR: unsaved("C", "teaches it as it is (L comes back to it)")},
    ),
    "edit-close": Command(
        close_editor,
        ONLY_EDITOR,
        EDITING,
        asks={EDITOR: unsaved("Esc", "leaves it, and its edits are lost")},
    ),
}
