"""One door for commands: every key, button and click is a named command in this table.

No pygame here. Each command names the states that refuse it (paused,
typing a custom board, the game over, an earlier moment on screen), and
App.do checks them in one place and says why in one message per state
(refusal()). The handlers below run an allowed command and return an
Outcome. screen/input.py turns events into these names; nothing else
decides whether a command may run.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Optional

from sweeper import Cell, cell_name, parse_board_size
from sweeper.board import MAX_COLUMNS, MAX_ROWS, BoardSize
from window.ai_turn import ai_move as play_ai_move
from window.ai_turn import reason
from window.answers import ON_A_NUMBER, give, tally
from window.frame import listed, replaying
from window.options import (
    cycle_first_click,
    save_position,
    show_stats,
    toggle_ai_flags,
    toggle_hint,
    toggle_question_marks,
)
from window.records_view import (
    board_row,
    move_in_records,
    other_board,
    reset_in_view,
    toggle_records,
)
from window.review_view import close_review, open_chosen, step_review
from window.session import Outcome, Session, thought_step
from window.words import EARLIER, PAUSED

if TYPE_CHECKING:
    from window.app import App

PAUSE, TYPING, OVER, PAST = "paused", "typing", "over", "replaying"
STATES = (TYPING, PAUSE, OVER, PAST)  # the order their refusals are checked in

Handler = Callable[["App", Any], Outcome]


@dataclass(frozen=True)
class Command:
    """A command's handler, the states that refuse it, and whether a refusal is silent."""

    run: Handler
    refused: frozenset[str]
    silent: bool = False  # a timer tick or a wheel turn refused says nothing


def refusal(app: App, name: str) -> Optional[str]:
    """Return why the command may not run now, or None when it may: the one guard."""
    return refused_in(app, TABLE[name].refused)


def refused_in(app: App, refused: frozenset[str]) -> Optional[str]:
    """Return why a command that these states refuse may not run now, or None."""
    if TYPING in refused and app.entering is not None:
        return custom_prompt(app)
    if PAUSE in refused and app.session.watch.paused:
        return PAUSED
    if OVER in refused and app.session.game.is_over():
        # At an earlier moment the end is not on screen yet, so the refusal tells none of it.
        return EARLIER if replaying(app) else app.session.after_the_end()
    if PAST in refused and replaying(app):
        return EARLIER
    return None


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


def move_cursor(app: App, step: tuple[int, int]) -> Outcome:
    """Move the keyboard's cell."""
    session, (rows, columns) = app.session, step
    r, c = session.cursor
    height, width = session.game.height, session.game.width
    session.cursor = (min(max(r + rows, 0), height - 1), min(max(c + columns, 0), width - 1))
    return Outcome()


def press(app: App, held: tuple[Optional[Cell], bool]) -> Outcome:
    """Draw cells pressed while a button is held: the cell, or a number's hidden neighbours."""
    cell, chording = held
    game = app.session.game
    app.pressed = frozenset()
    refused = refusal(app, "reveal") is not None or app.session.autoplay
    if cell is None or app.room.asking or refused:
        return Outcome()  # nothing pressed where a click is refused, not played, or an answer
    around = [cell, *game.neighbors(cell)] if chording or cell in game.revealed else [cell]
    hidden = game.revealed.keys() | game.flags
    app.pressed = frozenset(c for c in around if c not in hidden)
    return Outcome()


# -- the AI -----------------------------------------------------------------------------


def ai_move(app: App, _: object) -> Outcome:
    """Play one AI move (a student's AI's, when runner.py --student gave one)."""
    return play_ai_move(app.session) if app.student is None else app.student.move(app)


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
    refused = refused_in(app, PLAY)  # the AI's next move: not in a finished game
    if refused is not None:
        return Outcome(refused)
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
    if cell in app.scene().board:
        return Outcome(ON_A_NUMBER)
    try:
        app.room.answer(give(app, cell, claim))
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
    if not app.room.on:
        return app.toggle_keys()
    app.room.keys = not app.room.keys
    return Outcome()


def digit(app: App, typed: str) -> Outcome:
    """Collect a typed lesson-step number."""
    return Outcome(app.room.type_digit(typed))


def arrangements(app: App, _: object) -> Outcome:
    """V: draw the enumeration step's arrangements one after another, then hide them."""
    enum = app.enumeration()
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
    app.room.select(listed(app) if app.student is None else app.student.rules(app), index)
    return Outcome()


def scroll(app: App, move: tuple[int, int]) -> Outcome:
    """Scroll the knowledge list by lines, with rows of it in view."""
    lines, rows = move
    knowledge = app.knowledge()
    app.room.scroll_to(knowledge.top(rows), lines, max(0, len(knowledge.rows) - rows))
    return Outcome()


# -- games and options -------------------------------------------------------------------


LEAVE = (
    "Leave this game? It counts as a loss (as in Windows). {again} again leaves it; "
    "any other key plays on."
)


def ask_to_leave(app: App, name: str, again: str) -> Optional[Outcome]:
    """Ask once before a started game is left (the question), or count it lost (None: go on)."""
    if not app.session.ledger.leaving_costs():
        app.left = app.session.ledger.leave()  # a game in its save: say that it waits there
        return None
    if app.leave_armed != name:
        app.leave_armed = name
        return Outcome(LEAVE.format(again=again))
    app.leave_armed = None
    app.left = app.session.ledger.leave()
    return None


def with_leaving(outcome: Outcome, app: App) -> Outcome:
    """Return outcome with the words about the game just left before them, if one was."""
    left, app.left = app.left, ""
    if not left or outcome.said is None:
        return outcome
    return replace(outcome, said=f"{left} {outcome.said}")


def new_game(app: App, board: Optional[str]) -> Outcome:
    """Start a game with a new seed (on the named board); a started game asks first."""
    asked = ask_to_leave(app, "new", "The same button or N")
    return asked or with_leaving(app.session.new_game(board), app)


def undo(app: App, _: object) -> Outcome:
    """U: take back the click that hit a mine; the game goes on, marked as undone.

    The loss was counted when it happened and stays counted; the game goes
    on for practice and counts no more (a clean win it is not). The AI is
    told the mine, which everyone has now seen.
    """
    session = app.session
    game = session.game
    if not game.lost() or game.exploded is None:
        return Outcome("U takes back a click that hit a mine; no click did.")
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
    """Start the same board again; a started game asks first."""
    asked = ask_to_leave(app, "restart", "R")
    return asked or with_leaving(app.session.restart(), app)


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
        asked = ask_to_leave(app, "type", "Enter")
        if asked is not None:
            app.entering = text
            return asked
        session = app.session
        session.custom = session.board = BoardSize("Custom", size.height, size.width, size.mines)
        return with_leaving(session.new_game(), app)
    elif len(app.entering) < 20 and (key.isdigit() or key == "x"):
        app.entering += key
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
    playing = app.session.watch.started is not None and not game.is_over()
    if room.on and not app.quit_armed and not playing:
        app.quit_armed = True
        return Outcome(CLASS_LEAVE)
    if not playing or app.quit_armed:
        app.session.ledger.leave()
        return Outcome(close=True)
    app.quit_armed = True
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


BOARD = frozenset({TYPING, PAUSE, OVER, PAST})  # moves on the board
PLAY = frozenset({TYPING, PAUSE, OVER})  # the AI's moves
LOOK = frozenset({TYPING, PAUSE})  # looking at the board: hidden while paused
ANY = frozenset({TYPING})  # anything but typing

TABLE: dict[str, Command] = {
    "reveal": Command(players(reveal), BOARD),
    "chord": Command(players(chord), BOARD),
    "flag": Command(players(flag), BOARD),
    "reveal-cursor": Command(players(at_cursor(reveal)), BOARD),
    "flag-cursor": Command(players(at_cursor(flag)), BOARD),
    "chord-cursor": Command(players(at_cursor(chord)), BOARD),
    "cursor": Command(move_cursor, LOOK),
    "press": Command(press, frozenset()),
    "ai": Command(ai_move, PLAY),
    "auto": Command(toggle_autoplay, PLAY),
    "tick": Command(tick, PLAY, silent=True),
    "think": Command(think, LOOK),  # in class, on a question beat, it is →: see think()
    "overlay": Command(toggle_overlay, LOOK),
    "classroom": Command(toggle_classroom, ANY),
    "keys": Command(toggle_keys, ANY),
    "answer": Command(answer, LOOK),  # a click on a question beat (App.do): never a move
    "step": Command(stepper(lambda room, t: room.forward(t)), LOOK),
    "back": Command(stepper(lambda room, t: room.back(t)), LOOK),
    "home": Command(stepper(lambda room, t: room.home(t)), LOOK),
    "end": Command(stepper(lambda room, t: room.end(t)), LOOK),
    "expand": Command(stepper(lambda room, t: room.toggle_expanded(t)), LOOK),
    "jump": Command(stepper(lambda room, t: room.jump(t)), LOOK),
    "digit": Command(digit, LOOK),
    "arrangements": Command(arrangements, LOOK),
    "select": Command(select, LOOK),
    "scroll": Command(scroll, LOOK, silent=True),
    "new": Command(new_game, ANY),
    "restart": Command(restart, ANY),
    "undo": Command(undo, frozenset({TYPING, PAUSE, PAST})),
    "pause": Command(pause, frozenset({TYPING, OVER})),
    "stats": Command(lambda app, _: toggle_records(app), ANY),
    "records-move": Command(move_in_records, ANY),
    "records-board": Command(other_board, ANY),
    "records-row": Command(board_row, ANY),
    "records-open": Command(open_chosen, ANY),
    "review-step": Command(step_review, ANY),
    "review-close": Command(lambda app, _: close_review(app), ANY),
    "stats-line": Command(options(show_stats), ANY),
    "reset-records": Command(lambda app, _: reset_in_view(app), ANY),
    "first-click": Command(options(cycle_first_click), ANY),
    "marks": Command(options(toggle_question_marks), ANY),
    "ai-flags": Command(options(toggle_ai_flags), ANY),
    "hint": Command(options(toggle_hint), ANY),
    "save": Command(options(save_position), ANY),
    "custom": Command(start_custom, ANY),
    "type": Command(type_custom, frozenset()),
    "quit": Command(quit_window, frozenset()),
    "close": Command(close_window, frozenset()),
    "export": Command(on_screen, ANY),
    "zoom": Command(on_screen, ANY),
    "fullscreen": Command(on_screen, ANY),
}
