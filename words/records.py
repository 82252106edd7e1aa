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
    DEFAULT_FOLDER,
    FILE_ABOVE,
    GONE,
    IS_FILE,
    NO_BOARDS,
    NOT_JSON,
    NOT_OBJECT,
    NOT_UTF8,
    READ_ONLY_FOLDER,
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
    ReadOnly,
    Reset,
    SetAside,
    Unreachable,
    Unsaved,
    Unusable,
)
from store.records import (
    KEPT,
    LEFT,
    NOT_REOPENED,
    SAVE_GONE,
    WAITS,
    BoardStats,
    OverviewRow,
    Settled,
    Statistics,
)

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


# Why a write failed, by the system's code for it, in a player's words; the others are
# said in the system's own words.
ERROR_WORDS = {
    "ENOSPC": "the disk is full",
    "EDQUOT": "your disk quota is used up",
    "EROFS": "the disk is read-only",
    "EACCES": "you may not write there",
    "EPERM": "you may not write there",
}
# When a result not written will be: the disk needs room, the rest something else.
WRITTEN_WHEN = {"ENOSPC": "when there is room", "EDQUOT": "when there is room"}


def error_code_words(note: NotWritten) -> str:
    """Return why a write failed: the data folder's fault, the code's words, or the system's."""
    if note.blame is not None:
        return folder_words(note.blame)
    return ERROR_WORDS.get(note.code) or note.error or "it could not be written"


def not_written_words(note: NotWritten) -> str:
    """Return that a file could not be written, blaming the data folder when it is at fault."""
    return f"Could not save {note.path}: {error_code_words(note)}."


def unsaved_words(note: Unsaved) -> str:
    """Return what the end of a game says when its result could not be written yet."""
    why = error_code_words(note.failed)
    when = WRITTEN_WHEN.get(note.failed.code, "when it can be")
    until = "at the latest at the next start" if note.kept else "while this window stays open"
    return f"Not saved: {why}; it will be written {when} ({until})."


def review_unkept_words(note: NotWritten) -> str:
    """Return what the end of a game says when its history file (its review) is not written."""
    when = WRITTEN_WHEN.get(note.code, "when it can be")
    return (
        f"Its review is not kept yet: {error_code_words(note)}; it will be written {when} "
        "(while this window stays open)."
    )


def uncounted_words(problem: Optional[Note]) -> str:
    """Return why a finished game was not counted: a read-only folder, a newer file, or
    another start that counted it as left."""
    if isinstance(problem, ReadOnly):
        return f"{problem.blame.culprit} cannot be written to."
    if problem is not None:
        return note_words(problem)
    return "it was counted as a loss already, when another window started and found it left."


def read_only_words(note: ReadOnly) -> str:
    """Return the one line that says nothing is recorded, and why: the folder is read-only."""
    blame = note.blame
    if blame.source == DATA_DIR_VARIABLE:
        fix = f"point {DATA_DIR_VARIABLE} at a folder you can write to, to keep them"
    else:
        fix = f"set {DATA_DIR_VARIABLE} to a folder you can write to, to keep them"
    whose = "the data folder" if blame.source == DEFAULT_FOLDER else f"{blame.source}'s folder"
    above = f" ({blame.culprit} is read-only)" if blame.culprit != blame.folder else ""
    return (
        f"Nothing is recorded this time (no game, setting or save): {whose} {blame.folder} "
        f"cannot be written to{above}. Your records are shown as they are; {fix}."
    )


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
    """Return that a setting changed holds for this run only (a newer file, a read-only folder)."""
    if note.why == READ_ONLY_FOLDER:
        return f"(For this run only: {note.path.parent} cannot be written to.)"
    return f"(For this run only: {note.path} is a newer version's.)"


SAVED_FOR_NEXT_TIME = "(Saved for next time.)"
HINT_REMEMBERED = (
    "The hint (H) is on, as you left it: a game in which it is on after the first click "
    "counts as assisted; H turns it off."
)


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
    ReadOnly: read_only_words,
    Unsaved: unsaved_words,
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


# -- the games a start found nobody playing, and a saved game reopened -------------------

REOPENED = (
    "The game you saved and left is open again: finish it, or S then Esc to keep it for the "
    "next start; leaving it any other way counts it as a loss (as in Windows)."
)
RESULT_WRITTEN = "The result kept waiting is written now."
UNSAVED_QUIT = (
    "A finished game's result is not saved yet and lives only in this window (the disk was "
    "full). Esc again quits: it is written if there is room by then, else lost; any other "
    "key stays."
)


def settled_words(found: list[Settled]) -> str:
    """Return what a start says of the games it found nobody playing ("" when none)."""
    said = []
    left = [s for s in found if s.how == LEFT]
    if len(left) == 1:
        said.append(
            "The game left unfinished when its window went without a word (killed, or the "
            f"power cut) counts as a loss: {board_of(left[0])}."
        )
    elif left:
        boards = "; ".join(sorted({board_of(s) for s in left}))
        said.append(
            f"{len(left)} games left unfinished when their windows went without a word "
            f"(killed, or the power cut) count as losses: {boards}."
        )
    for settled in found:
        if settled.how != LEFT:
            said.append(SETTLED[settled.how](settled))
    return " ".join(said)


def board_of(settled: Settled) -> str:
    """Return the board a started line names."""
    return str(settled.line.get("board", "Custom"))


def save_of(settled: Settled) -> str:
    """Return the save a started line waits in."""
    return str(settled.line.get("save", ""))


def kept_words(settled: Settled) -> str:
    """Return that a result kept while the disk was full is counted now."""
    won = settled.record is not None and settled.record.won
    return (
        f"The game finished while its result could not be written is counted now: "
        f"{'won' if won else 'lost'}, {board_of(settled)}."
    )


SETTLED: dict[str, Callable[[Settled], str]] = {
    KEPT: kept_words,
    SAVE_GONE: lambda s: (
        f"The game you saved and left counts as a loss: its save {save_of(s)} is gone or "
        f"not whole ({board_of(s)})."
    ),
    NOT_REOPENED: lambda s: (
        f"The game you saved and left counts as a loss: this start plays another game "
        f"({board_of(s)}; its save {save_of(s)} plays on as assisted)."
    ),
    WAITS: lambda s: (
        f"A game you saved and left waits in {save_of(s)}: runner.py with no game named "
        "reopens it (a start that plays another game counts it as a loss)."
    ),
}
