"""The records and the data folder in words: a board's record, the overview, what befell a file.

The store (store/) returns data: records, settings, and notes of what
happened to a file (store/notes.py). This module turns them into the
sentences the window shows, with every path named in full, so the player
knows which file and what to do.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Optional, Protocol

from store.notes import (
    DATA_DIR_VARIABLE,
    FILE_ABOVE,
    GONE,
    IS_FILE,
    NO_BOARDS,
    NOT_JSON,
    NOT_OBJECT,
    NOT_UTF8,
    RECORDS_FILE,
    SAVE_DIR_OPTION,
    SETTINGS_FILE,
    BadSettings,
    Fault,
    FileError,
    ForThisRun,
    GameSetAside,
    LeftOut,
    Newer,
    Note,
    NotWritten,
    Reset,
    SetAside,
    Unreachable,
    Unusable,
)
from store.records import BoardStats, OverviewRow, Statistics

# -- a board's record ------------------------------------------------------------------


def record_lines(stats: Statistics, board: str) -> list[str]:
    """Return a board's record in a few lines of words."""
    found = stats.boards.get(board)
    if found is None or not (found.games or found.assisted_games):
        return [f"{board}: no games finished yet."]
    out = [
        f"{board}: {found.games} game{'s' * (found.games != 1)}, {found.wins} won "
        f"({100 * found.rate():.0f}%), streak {found.streak}, best streak {found.best_streak}."
    ]
    if found.best_times:
        times = ", ".join(f"{s:.1f} s ({d})" for s, d in found.best_times)
        out.append(f"Best times: {times}.")
    best = measures_words(found.best("bbbv_per_second"), found.best("efficiency"))
    if best:
        out.append(f"Best {best}.")
    if found.assisted_games:
        out.append(assisted_words(found))
    return out


def overview_line(row: OverviewRow) -> str:
    """Return one board of the records overview as one line."""
    rate = f" ({100 * row.wins / row.games:.0f}%)" if row.games else ""
    best = f", best {row.best_time:.1f} s" if row.best_time is not None else ""
    measures = measures_words(row.best_bbbv_per_second, row.best_efficiency)
    measures = f", best {measures}" if measures else ""
    helped = f"; {row.assisted} assisted apart" if row.assisted else ""
    return f"{row.board}: {row.wins}/{row.games} won{rate}{best}{measures}{helped}"


def measures_words(rate: Optional[float], eff: Optional[float]) -> str:
    """Return "3BV/s 1.23, efficiency 87%" for what is known, or ""."""
    parts = []
    if rate is not None:
        parts.append(f"3BV/s {rate:.2f}")
    if eff is not None:
        parts.append(f"efficiency {100 * eff:.0f}%")
    return ", ".join(parts)


def assisted_words(stats: BoardStats) -> str:
    """Return the line about a board's assisted games, which count apart."""
    n = stats.assisted_games
    return (
        f"Assisted (counted apart, not in the figures above): {n} game{'s' * (n != 1)}, "
        f"{stats.assisted_wins} won."
    )


# -- what befell a file ----------------------------------------------------------------

# What was wrong with a records or settings file, and with a kept game, by fault code.
FILE_FAULTS = {
    NOT_UTF8: "not text: not UTF-8",
    NOT_JSON: "not JSON",
    NOT_OBJECT: "not a JSON object",
    NO_BOARDS: "no boards in it",
}
GAME_FAULTS = {NOT_UTF8: "not text", GONE: "the file is gone (another window keeps fewer games)"}
NEWER_THEN = {
    RECORDS_FILE: "no game is counted in it",
    SETTINGS_FILE: "changes made in the window hold until it closes",
}


def fault_words(fault: Fault, words: dict[str, str] = FILE_FAULTS) -> str:
    """Return what was wrong with a file: the fault's words, else the detail its source gave."""
    return words.get(fault.code) or fault.detail or "it could not be opened"


def game_fault_words(fault: Fault) -> str:
    """Return why a kept game could not be read or reviewed."""
    return fault_words(fault, GAME_FAULTS)


def folder_words(problem: Unusable) -> str:
    """Return a one-line error that blames what chose the folder (to change it)."""
    folder, culprit = problem.folder, problem.culprit
    if problem.why == IS_FILE:
        what = f"{folder} is a file, not a folder"
    elif problem.why == FILE_ABOVE:
        what = f"{culprit} is a file, so {folder} cannot be a folder"
    else:
        what = f"{culprit} cannot be written to"
    if problem.source == DATA_DIR_VARIABLE:
        return f"{DATA_DIR_VARIABLE}: {what}; point it at a folder (or unset it)"
    if problem.source == SAVE_DIR_OPTION:
        return f"argument {SAVE_DIR_OPTION}: {what}"
    return f"the data folder: {what}; set {DATA_DIR_VARIABLE} to a folder to use instead"


def set_aside_words(note: SetAside) -> str:
    """Return that a records or settings file was set aside and a fresh one started."""
    why = fault_words(note.fault)
    head = f"{note.path} could not be read ({why})"
    if note.aside is None:
        return f"{head} nor set aside ({note.stuck}); starting afresh."
    return f"{head}; it is kept as {note.aside}, and a fresh one is started."


def game_set_aside_words(note: GameSetAside) -> str:
    """Return that a kept game was set aside, the other games kept."""
    why = game_fault_words(note.fault)
    if note.aside is None:
        return f"{note.path} could not be read ({why}) nor set aside ({note.stuck})."
    return (
        f"A game of the history could not be read ({why}): it is kept as {note.aside}, "
        "and the other games are kept as they were."
    )


def unreachable_words(note: Unreachable) -> str:
    """Return that a file cannot be read because a folder on its path is a file."""
    why = folder_words(note.blame) if note.blame else "a folder on its path is a file"
    return f"{note.path} cannot be read: {why}."


def not_written_words(note: NotWritten) -> str:
    """Return that a file could not be written, blaming the data folder when it is at fault."""
    why = folder_words(note.blame) if note.blame else note.error
    return f"Could not save {note.path}: {why}."


def newer_words(note: Newer) -> str:
    """Return that a file is a newer version's, left as it is, and what the window does then."""
    return (
        f"{note.path} is from a newer version of this game (version {note.found[:20]}; this "
        f"one writes {note.version}): it is left as it is, and {NEWER_THEN[note.kind]}."
    )


def left_out_words(note: LeftOut) -> str:
    """Return which board entries and games a records file was read without, and the copy."""
    lost = [f"the record of {', '.join(repr(k) for k in note.entries)}"] * bool(note.entries)
    lost += [f"{note.games} bad game{'s' * (note.games != 1)}"] * bool(note.games)
    kept = f"; the file as it was is kept as {note.copy}" if note.copy else ""
    return f"{note.path}: left out {' and '.join(lost)}{kept}."


def bad_settings_words(note: BadSettings) -> str:
    """Return which settings could not be held, with their values; the defaults are used."""
    bad = ", ".join(f"{name} ({value!r})" for name, value in note.bad)
    return (
        f"{note.path}: {bad} {'is' if len(note.bad) == 1 else 'are'} not a value it can hold; "
        "the default is used instead (the file is put right the next time a setting changes)."
    )


def for_this_run_words(note: ForThisRun) -> str:
    """Return that a setting changed holds for this run only (the file is a newer version's)."""
    return f"(For this run only: {note.path} is a newer version's.)"


def reset_words(note: Reset) -> str:
    """Return which records were reset, and where the file before is kept."""
    what = "Every record" if note.board is None else f"The record of {note.board}"
    kept = f" (the old file is kept as {note.kept})" if note.kept else ""
    return f"{what} is reset{kept}."


SAYS: dict[type, Callable[[Any], str]] = {
    SetAside: set_aside_words,
    GameSetAside: game_set_aside_words,
    Unreachable: unreachable_words,
    NotWritten: not_written_words,
    Newer: newer_words,
    LeftOut: left_out_words,
    BadSettings: bad_settings_words,
    ForThisRun: for_this_run_words,
    Reset: reset_words,
}


def note_words(note: Optional[Note]) -> str:
    """Return what happened to a file in words, with full names ("" when nothing did)."""
    return "" if note is None else SAYS[type(note)](note)


def error_words(error: ValueError) -> str:
    """Return a store's error as one clause: a file's note in words, or the error's own reason."""
    return note_words(error.note).rstrip(".") if isinstance(error, FileError) else str(error)


# -- what the window says of the files at start, and in the records view ----------------


class HasNote(Protocol):
    """What the start-up messages read: a store object's note and its newer-version note."""

    note: Optional[Note]
    newer: Optional[Newer]


def start_up_messages(*stores: HasNote) -> list[str]:
    """Return what went wrong reading the records and settings, for the window to show at start."""
    return [note_words(store.note) for store in stores if store.note is not None]


def newer_messages(*stores: HasNote) -> set[str]:
    """Return the start-up messages that only say a file is a newer version's (left as it is)."""
    return {note_words(store.newer) for store in stores if store.newer is not None}


def history_message(notes: list[Note]) -> str:
    """Return everything found wrong with the history's files, in words ("" when nothing)."""
    return " ".join(note_words(note) for note in notes)
