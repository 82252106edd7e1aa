"""The records view (I): every board played in a table, and the board in view in full.

No pygame here. The table has a row per board played (games, won, %,
streak, best streak, best time, best 3BV/s, best efficiency; assisted games
apart, in a column of their own). Under it, for the board in view: its best
times with their dates, its recent games from the history with their result
and verdict counts (each opens its review), and its times over its last
games, for a small plot. Up and down choose a recent game, left and right
the board in view; Enter (or a click) opens the game's review.

The view is worked out when it opens and after each key, and again when the
judge has finished a game it lists (the verdict counts come from the
judge's thread).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Optional

from store.history import Kept
from store.records import BoardStats
from words.model import clock_text
from words.records import history_message, note_words
from words.window import RULE_WORDS

if TYPE_CHECKING:
    from window.session import Session

COLUMNS = (  # a header's second line under its first ("\n"), so that the columns stay narrow
    "Board",
    "Games",
    "Won",
    "%",
    "Streak",
    "Best\nstreak",
    "Best\ntime",
    "Best\n3BV/s",
    "Best\nefficiency",
    "Assisted\n(won)",
)
RECENT_SHOWN = 12  # the recent games listed for the board in view
PLOT_GAMES = 50  # the last games whose times the plot shows
RULES = (
    "Only games played without help count in games, wins, streaks and best times; games with "
    "help (odds, Think, the AI's moves, class mode, the hint, a board already seen, a seed "
    "you chose) are counted apart as assisted. 3BV/s and efficiency: the best of the recent wins."
)
KEYS = "↑ ↓ a game, Enter (or a click) its review; ← → the board; Delete twice resets; I closes."
KEYS_READ = "↑ ↓ a game, Enter (or a click) its review; ← → the board; I closes."  # none written
RESET_ASK = (
    "Delete again resets every board's records (the file before is kept as "
    "statistics.json.before-reset); any other key keeps them."
)


@dataclass(frozen=True)
class RecentGame:
    """One recent game of the board in view, as listed: it opens its review."""

    path: Path
    when: str  # YYYY-MM-DD HH:MM
    result: str  # won, lost or left, and "assisted"
    time: str  # "12.3 s"
    verdicts: str  # "40 safe, 2 risk, 1 guess", or why there are none yet

    def cells(self) -> tuple[str, str, str, str]:
        """Return the game's line as the view's columns show it."""
        return (self.when, self.result, self.time, self.verdicts)


@dataclass(frozen=True)
class TimePoint:
    """One game on the plot: its time, whether it was won, whether it was assisted."""

    seconds: float
    won: bool
    assisted: bool


@dataclass(frozen=True)
class RecordsTable:
    """The records view as the screen draws it."""

    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]  # one per board played, in the columns' order
    boards: tuple[str, ...]  # each row's board (the records' name)
    in_view: int  # the row of the board in view, or -1
    board: str  # the board in view
    best_times: tuple[str, ...]  # "8.9 s  2026-11-26", best first
    recent: tuple[RecentGame, ...]
    chosen: int  # the recent game chosen, or -1
    plot: tuple[TimePoint, ...]  # the board's last games, oldest first
    notes: tuple[str, ...]  # how games count, the keys, and any damage found
    asking: str = ""  # Delete's question, while armed


@dataclass
class RecordsState:
    """What the records view keeps while it is open: the board in view and the game chosen."""

    board: str
    chosen: int = 0
    reset_armed: bool = False
    built: Optional[RecordsTable] = field(default=None, repr=False)
    built_at: tuple[object, ...] = ()  # what it was built from (see key())


SHORT_RULES = {words: rule for rule, words in RULE_WORDS.items()}


def short_board(board: str) -> str:
    """Return a board's records name as its row shows it: "Expert 16x30, 99, safe"."""
    head, _, rule = board.rpartition(", ")
    size, _, mines = head.partition(", ")
    if not size or not mines.endswith(" mines") or rule not in SHORT_RULES:
        return board
    return f"{size}, {mines.removesuffix(' mines')}, {SHORT_RULES[rule]}"


def row_of(board: str, stats: BoardStats) -> tuple[str, ...]:
    """Return one board's row of the table."""
    rate = f"{100 * stats.rate():.0f}%" if stats.games else "-"
    best = f"{stats.best_times[0][0]:.1f} s" if stats.best_times else "-"
    per_second, eff = stats.best("bbbv_per_second"), stats.best("efficiency")
    helped = f"{stats.assisted_games} ({stats.assisted_wins})" if stats.assisted_games else "-"
    return (
        short_board(board),
        str(stats.games),
        str(stats.wins),
        rate,
        str(stats.streak),
        str(stats.best_streak),
        best,
        "-" if per_second is None else f"{per_second:.2f}",
        "-" if eff is None else f"{100 * eff:.0f}%",
        helped,
    )


def recent_game(kept: Kept, session: Session) -> RecentGame:
    """Return a kept game as listed, asking the judge for its counts when they are not known."""
    result = kept.result + (", assisted" if kept.assisted else "")
    time = "-" if kept.seconds is None else f"{clock_text(kept.seconds)} s"
    judge = session.judge
    judged = judge.review_of(kept.path)  # judged, its counts not in the file (read-only)
    if kept.verdicts is not None:
        safe, risk, guess = kept.verdicts
        verdicts = f"{safe} safe, {risk} risk, {guess} guess"
    elif judged is not None:
        counts = judged.counts
        verdicts = f"{counts['safe']} safe, {counts['risk']} risk, {counts['guess']} guess"
    elif kept.path in judge.failed:
        verdicts = "cannot be reviewed"
    else:
        judge.ask(kept.path)
        verdicts = "judging..."
    return RecentGame(kept.path, kept.date[:16], result, time, verdicts)


def key(session: Session, state: RecordsState) -> tuple[object, ...]:
    """Return what the view is built from: while it is the same, the view is too."""
    return (state.board, state.chosen, state.reset_armed, session.judge.finished)


def records_table(session: Session, state: RecordsState) -> RecordsTable:
    """Return the records view for the state (built again only when what it shows changed)."""
    if state.built is not None and state.built_at == key(session, state):
        return state.built
    state.built_at = key(session, state)
    state.built = build_table(session, state)
    return state.built


def build_table(session: Session, state: RecordsState) -> RecordsTable:
    """Return the records view: every board's row, and the board in view in full."""
    stats = session.stats
    boards = [b for b, s in sorted(stats.boards.items()) if s.games or s.assisted_games]
    found = stats.boards.get(state.board, BoardStats())
    kept = session.history.games(state.board)[:RECENT_SHOWN]
    recent = tuple(recent_game(k, session) for k in kept)
    state.chosen = min(max(state.chosen, 0), len(recent) - 1) if recent else -1
    plot = tuple(TimePoint(g.seconds, g.won, g.assisted) for g in found.recent[-PLOT_GAMES:])
    notes = [RULES, KEYS if stats.writable else KEYS_READ]
    said = (note_words(stats.read_only), note_words(stats.note))  # read-only: shown as it is
    notes += [m for m in (*said, history_message(session.history.notes)) if m]
    asking = RESET_ASK if state.reset_armed else ""
    return RecordsTable(
        columns=COLUMNS,
        rows=tuple(row_of(b, stats.boards[b]) for b in boards),
        boards=tuple(boards),
        in_view=boards.index(state.board) if state.board in boards else -1,
        board=state.board,
        best_times=tuple(f"{s:.1f} s  {d}" for s, d in found.best_times),
        recent=recent,
        chosen=state.chosen,
        plot=plot,
        notes=tuple(notes),
        asking=asking,
    )


def board_beside(session: Session, state: RecordsState, step: int) -> str:
    """Return the board step rows away from the one in view (the table's order, wrapping)."""
    boards = [b for b, s in sorted(session.stats.boards.items()) if s.games or s.assisted_games]
    if not boards:
        return state.board
    at = boards.index(state.board) if state.board in boards else -1
    return boards[(at + step) % len(boards)]
