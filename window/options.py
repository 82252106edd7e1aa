"""The player's options and chores: first-click rule, question marks, AI flags, statistics, saves.

No pygame here. Each takes the Session and returns an Outcome; the options
are remembered in the user's settings (store/settings.py), and the first
change of each in a window says so ("saved for next time").
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime

from store.saves import Saved, new_identity, save_text, write_save
from store.settings import Settings
from sweeper.board import max_mines
from sweeper.game import Game
from sweeper.notation import lesson_text
from window.session import Outcome, Session
from words.records import (
    SAVED_FOR_NEXT_TIME,
    error_words,
    note_words,
    record_lines,
)

FIRST_CLICK_WORDS = {
    "safe": "the first click is never a mine (CS50's rule)",
    "opening": "the first click opens an area (no mine in its 3x3 block)",
    "none": "the first click may hit a mine",
    "no-guess": "the first click opens, and logic alone clears the board (no guess needed)",
}


def remembered(session: Session, name: str) -> str:
    """Save the settings after a change of name; return what to say of it: "saved for next
    time" the first time in this window, why it was not saved, or nothing."""
    problem = session.settings.save()
    if problem is not None:
        return note_words(problem)
    if name in session.settings.changed:
        return ""
    session.settings.changed.add(name)
    return SAVED_FOR_NEXT_TIME


def cycle_first_click(session: Session) -> Outcome:
    """Choose the next first-click rule (safe, opening, none, no-guess) for new games; keep it.

    A game nothing has happened in yet (no click, not a position or a save) takes the
    rule too: the same seed, dealt under it (its title kept the old rule, and its first
    click played by a rule the player had just left).
    """
    rules = Settings.RULES
    session.first_click = rules[(rules.index(session.first_click) + 1) % len(rules)]
    session.settings.first_click = session.first_click
    said = remembered(session, "first_click")
    words = FIRST_CLICK_WORDS[session.first_click]
    g, rule = session.game, session.first_click
    untouched = not session.ledger.started() and not g.revealed and not g.flags
    fits = g.mine_count <= max_mines(g.height, g.width, rule)
    if untouched and fits and session.position_text is None and not session.title:
        session.start(Game(g.height, g.width, g.mine_count, seed=g.seed, first_click=rule))
        return Outcome(f"First click, this game's and new games': {words}. {said}".strip())
    return Outcome(f"First click for new games: {words}. {said}".strip())


def toggle_question_marks(session: Session) -> Outcome:
    """Let a right click cycle flag, question mark, nothing; or flag and nothing only."""
    settings = session.settings
    settings.question_marks = not settings.question_marks
    if not settings.question_marks:
        session.marks.clear()
    said = remembered(session, "question_marks")
    state = "on" if settings.question_marks else "off"
    return Outcome(f"Question marks {state}. {said}".strip())


def toggle_ai_flags(session: Session) -> Outcome:
    """Let the AI flag the mines it knows as it plays (so the mine counter moves), or not."""
    settings = session.settings
    settings.ai_flags = not settings.ai_flags
    said = remembered(session, "ai_flags")
    if settings.ai_flags:
        words = "on: the AI flags every mine it knows after each of its moves"
    else:
        words = "off: the AI leaves the flags to you"
    return Outcome(f"AI flags {words}. {said}".strip())


def toggle_hint(session: Session) -> Outcome:
    """Show or hide the line that says how many safe cells the AI knows (off by default).

    It is help once it shows something: turned on after the first click, the game
    counts as assisted; on before it and off again before it, the game does not.
    """
    settings = session.settings
    settings.known_safe_hint = not settings.known_safe_hint
    said = remembered(session, "known_safe_hint")
    if not settings.known_safe_hint:
        return Outcome(f"Hint off: the panel keeps what the AI knows to itself. {said}".strip())
    if session.ledger.started():
        session.ledger.helped()
        counts = "this game now counts as assisted"
    else:
        counts = "a game in which it is on after the first click counts as assisted"
    return Outcome(
        f"Hint on: the panel says how many safe cells the AI knows; {counts}. {said}".strip()
    )


def show_stats(session: Session) -> Outcome:
    """Say this board's records in the message line (the overview shows every board's)."""
    stats = session.stats
    stats.refresh()  # another window may have finished games since
    note = "" if stats.note is None else f" ({note_words(stats.note)})"
    said = " ".join(record_lines(stats, session.ledger.stats_key())) + note
    if not session.ledger.counts():
        said += " A teacher's position is not counted."
    elif session.ledger.assisted or session.ledger.ai_played:
        said += " This game had help: it will count as assisted, apart."
    return Outcome(said)


def reset_records(session: Session) -> Outcome:
    """Forget every board's records (the file before is kept aside)."""
    return Outcome(note_words(session.stats.reset()))


def save_position(session: Session) -> Outcome:
    """Write the game in the hidden notation to a new file in the save folder; say where.

    A game keeps its board's name, rule, clock, clicks, help and question
    marks with it, its mines and seed sealed, so that --position plays it
    on, and its identity, so that it counts once in the records
    (store/saves.py); a teacher's position stays a position.
    """
    game = session.game
    if not game.placed:
        return Outcome("Nothing to save yet: the mines are placed at the first click.")
    if game.is_over():
        return Outcome("The game is over: there is nothing to play on. X takes a picture of it.")
    stamp = datetime.now()
    if session.ledger.counts():
        # The title names no seed: the seed deals the mines, and a save keeps them sealed.
        title = f"{session.ledger.stats_key()} (saved {stamp:%Y-%m-%d %H:%M:%S})"
        session.ledger.identity = session.ledger.identity or new_identity()
        facts = Saved(
            session.ledger.board_name(),
            game.first_click,
            game.seed,
            session.elapsed(),
            game.clicks,
            session.ledger.helped_at_all,
            session.ledger.identity,
            session.ledger.recorded,
            frozenset(session.marks),
            actions=tuple(session.actions) if session.actions_known else None,
        )
        try:
            text = save_text(game, facts, title)
        except ValueError as error:
            return Outcome(f"Could not save: {error_words(error)}.")
        stem = f"game-{stamp:%Y%m%d-%H%M%S}"
        then = (
            "to play on where it stopped. Left now, it waits there: the next start reopens "
            "it, and it counts when it is finished (as a loss if it is not)"
        )
    else:
        title = re.sub(r" \(saved [^)]*\)$", "", session.title or session.describe())
        title = f"{title} (saved {stamp:%Y-%m-%d %H:%M:%S})"
        rows = game.to_text(hide_mines=True).splitlines()  # its words go with it
        text = lesson_text(replace(session.lesson, title=title), rows)
        stem = f"position-{stamp:%Y%m%d-%H%M%S}"
        then = "in class mode"
    try:
        path = write_save(session.save_dir, stem, text)
    except ValueError as error:  # FileError: its note says why
        return Outcome(f"Could not save: {error_words(error)}.")
    session.ledger.kept(path)  # leaving it now loses nothing: the save holds the game as it is
    return Outcome(f"Saved to {path}; open it with --position {then}.", path=path)
