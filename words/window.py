"""The window's own words: its keys and help, and what a refused or slow command says."""

from __future__ import annotations

from sweeper.noguess import NO_GUESS_SECONDS

# The first-click rule in a title or a statistics heading, in words.
RULE_WORDS = {
    "safe": "first click safe",
    "opening": "first click opens",
    "none": "first click may hit a mine",
    "no-guess": "no guess needed",
}


def keys_help(*entries: str) -> str:
    """Return the keys' help: entries joined by " · ", none broken across two lines.

    Inside an entry the spaces are no-break spaces, so that a wrapped line never
    ends in "12" with "Enter: step 12" on the next.
    """
    return " · ".join(entry.replace(" ", "\u00a0") for entry in entries)


# ? outside class: every key, on a sheet over the board.
KEYS_TITLE = "Keys"


KEY_LINES = (
    "Left click or Space: reveal (a 0 opens its neighbours). Arrows move the cursor.",
    "Right click or F: flag, question mark, nothing. Q: question marks on or off.",
    "Middle click, or left click on a number, or D: chord (its flags match it).",
    "A: the AI's move. G: auto-play, again to stop. T: the AI's next conclusion.",
    "O: every cell's chance of a mine. H: how many safe cells the AI knows.",
    "M: the AI flags the mines it knows. P: pause (the board hidden, the clock stopped).",
    "N, F2 or the face: a new game. R: the same board again. U: undo a losing click.",
    "W: a custom board. K: the first-click rule (safe, opening, none, no-guess).",
    "S: save the game. I: the records (Delete, twice, resets them).",
    "C: the classroom (→ and ←: step, Home, End, E: every step, V: arrangements).",
    "In class, a click on a question answers it: left safe, right a mine; nothing is played.",
    "X: a picture of the window. F11: full screen. + and -: the panel's text, Ctrl+0.",
    "Esc: close what is open; else quit (in a game or a lesson it asks first).",
    "?: this sheet; any key closes it.",
)


HELP = keys_help(
    "Left: reveal",
    "Right: flag, ?, nothing",
    "Middle, or left on a number: chord",
    "Arrows + Space/F/D: reveal, flag, chord",
    "A: AI move",
    "G: auto-play",
    "P: pause",
    "N, F2, face: new game",
    "R: restart",
    "U: undo a loss",
    "W: custom",
    "K: first click",
    "Q: ? marks",
    "M: AI flags",
    "H: hint",
    "I: records",
    "T: think",
    "O: odds",
    "C: classroom",
    "S: save",
    "?: every key",
    "Esc: quit",
)


CLASS_HELP = keys_help(
    "→/←: next/previous beat",
    "on a question, click: left safe, right mine",
    "Home/End",
    "12 Enter: step 12",
    "E: every step",
    "V: arrangements",
    "T: think",
    "A: AI move",
    "X: picture",
    "L: edit the lesson",
    "C: leave class",
    "?: hide keys",
    "Esc: close, or leave",
)


KEYS_HINT = "?: the keys"


ODDS_SCALE = "Chance of a mine"  # the odds overlay's key


ODDS_PICK = "the AI's pick"


NO_LESSON = (
    "No lesson step yet: the numbers alone prove nothing here. T thinks, A moves; "
    "E shows every step."
)


PAUSED = "Paused: P carries on."


# A command refused while an earlier moment is on screen: it tells nothing of what came after.
EARLIER = "An earlier moment is on screen: End goes to now, where the game is played."


# Said (and drawn) before a first click deals a no-guess board: the search may take a while.
SEARCHING = "The AI looks through every board for best play's first click: a second or two."


DEALING = f"Dealing a board that needs no guess: this can take up to {NO_GUESS_SECONDS:.0f} s."
