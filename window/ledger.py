"""A game's place in the records: whether it counts, the help seen in it, and writing it down.

No pygame here. A Session starts a Ledger with every game (the help seen,
who moved, the save's identity and whether the game is in the records are
that game's); the statistics and the settings outlive games and stay the
Session's. Everything a record needs of the game, it reads off the Session.

A game's way onto the record, in one place (Ledger.sync after every
command, Ledger.record at its end; the file's side is Statistics'):
started at its first click (written at once, with the board and rule
remembered), waiting in its save while the save holds it as it is, and
counted once when it is finished or left; a game still started when its
window is gone is counted as a loss at the next start (count_left), unless
it waits in a whole save: the next start reopens it, and leaving it then
without saving it again counts it as a loss (as Windows 7 does).

A result that cannot be written (the disk full) is said at the game's end,
kept (the store holds it, and this window holds the game's lock meanwhile,
so no other window counts it as left) and written when it can be.
"""

from __future__ import annotations

import os
import time
import uuid
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

from store.files import Alive
from store.notes import Note, NotWritten, Unsaved
from store.saves import Saved
from sweeper import BOARDS
from sweeper.review import Record
from sweeper.scores import efficiency, per_second, tenths, three_bv, three_bv_cleared
from words.model import plural
from words.records import (
    HINT_REMEMBERED,
    REOPENED,
    RESULT_WRITTEN,
    measures_words,
    read_only_words,
    review_unkept_words,
    settled_words,
    uncounted_words,
    unsaved_words,
)
from words.window import RULE_WORDS

if TYPE_CHECKING:
    from window.session import Session

REFRESH_SECONDS = 15.0  # how stale a started game's clicks and time may be on the record
RETRY_SECONDS = 2.0  # how often a result not written yet is tried again, at most


class Ledger:
    """One game's bookkeeping: counted or not, assisted or not, recorded or not."""

    def __init__(self, session: Session, assisted: bool = False) -> None:
        self.session = session
        # Help seen in this game (odds, Think, the AI's moves or conclusions, a board
        # already seen, a seed chosen): it counts apart, as assisted. The hint is help once
        # it shows something: on after the first click (see sync), not before it.
        self.assisted = assisted
        self.ai_played = False  # a game the AI moved in counts as assisted
        self.replay = False  # dealt again by R after it was seen: so is every R after it
        self.identity = ""  # given at the first save, kept by every save of this game
        self.recorded = False  # the game is in the records (finished, left, or resumed so)
        # The game's clicks when it was last saved or reopened from a save: while it has not
        # moved since, its save holds it as it is, and leaving it costs nothing (it counts
        # when it is finished from the save).
        self.kept_at: Optional[int] = None
        self.undone = False  # a losing click was taken back: the loss is counted, nothing more
        # The game was left (counted as a loss, or waiting in its save): this window is done
        # with it, and it costs nothing more.
        self.left = False
        # The game's line among the records' started games while it is there, what it said
        # when written, and this window's hold on it (the lock that says the game lives).
        self.token: Optional[str] = None
        self.written: Optional[tuple[Any, ...]] = None
        self.written_at = 0.0  # the game's clock then: the line's clicks and time are as of it
        self.alive: Optional[Alive] = None
        self.uncounted = ""  # why the game's end was not counted (a newer records file, ...)
        self.save_path: Optional[Path] = None  # the save that holds the game as kept_at
        # Reopened from the save it waited in (its started line taken over): leaving it
        # without saving it again counts it as a loss.
        self.adopted = False
        self.unsaved: Optional[Note] = None  # the result not written yet (Unsaved), or None
        self.unkept: Optional[Note] = None  # the game's history file not written yet, or None

    def resume(self, saved: Saved, path: Optional[Path] = None) -> None:
        """Carry on a saved game's bookkeeping: its identity, the help it had seen, and its
        started line when it waits in its save (path: the file it was reopened from)."""
        s = self.session
        self.identity = saved.game
        # One game, one record: a game already counted is played again with its board seen.
        self.recorded = saved.counted or s.stats.was_counted(saved.game)
        self.assisted = self.assisted or saved.assisted or bool(saved.doubt) or self.recorded
        if not self.recorded and s.keeps_files:
            self.token, self.alive = s.stats.adopt(saved.game)
        self.adopted = self.token is not None
        if not self.adopted:  # no line waits for it: its save holds it, as before
            self.kept(path)

    # -- on the record from the first click ------------------------------------------------

    def sync(self) -> str:
        """Keep this game's started line true: on the record from its first click to its end.

        Called after every command. The first click writes the game as
        started (and remembers the board); a save marks it as waiting in
        that save while the save holds it as it is; help seen since
        rewrites it, and so does a move REFRESH_SECONDS of play after the
        last writing (a loss counted at the next start has its clicks and
        time as of then). Its end takes it off in record(). A result not
        written yet is tried again; return what to say when it is written.
        """
        s = self.session
        if s.settings.known_safe_hint and self.started():
            self.helped()  # the hint shows what the AI knows once the game has begun
        if not s.keeps_files or not s.stats.writable:
            return ""
        said = retry(s)
        if not self.on_the_record() or self.in_its_save() and self.save_path is None:
            return said  # (a save reopened by hand, no line waiting for it: the save holds it)
        waits = self.waits_in()
        line = (self.stats_key(), self.helped_at_all, self.identity, waits)
        fresh = waits is not None or s.elapsed() - self.written_at < REFRESH_SECONDS
        if line == self.written and fresh:
            return said
        if self.token is None:
            self.token = uuid.uuid4().hex
            self.alive = Alive(s.stats.alive_path(self.token))
            self.remember_board()
        if s.stats.begin(self.token, self.started_line()) is None:
            self.written, self.written_at = line, s.elapsed()
        elif self.written is None:
            self.let_go()  # not on the record (the file cannot be written): its end says so
        return said

    def on_the_record(self) -> bool:
        """True while the game belongs on the started list: counted, started, not yet ended."""
        return (
            self.counts()
            and not self.undone
            and not self.left
            and self.started()
            and not self.session.game.is_over()
        )

    def waits_in(self) -> Optional[str]:
        """Return the save the game waits in (it holds the game as it is), else None."""
        return str(self.save_path) if self.in_its_save() and self.save_path else None

    def started_line(self) -> dict[str, Any]:
        """Return what the records keep of the started game: what its loss would count."""
        s, g = self.session, self.session.game
        return {
            "board": self.stats_key(),
            "assisted": self.helped_at_all,
            "identity": self.identity,
            "bbbv": three_bv(g.height, g.width, g.mines) if g.placed else None,
            "clicks": g.clicks,
            "seconds": tenths(s.elapsed()),
            "date": time.strftime("%Y-%m-%d"),
            "pid": os.getpid(),
        } | ({"save": self.waits_in()} if self.waits_in() else {})

    def let_go(self) -> None:
        """Forget the started line (it is off the record) and let go of its lock."""
        if self.alive is not None:
            self.alive.close()
        self.token, self.written, self.alive = None, None, None

    def kept(self, path: Optional[Path] = None) -> None:
        """Note that the game, as it is now, is in a save (just saved to path, or reopened)."""
        self.kept_at = self.session.game.clicks
        self.save_path = path

    def in_its_save(self) -> bool:
        """True when the game has not moved since it was saved or reopened from a save."""
        return self.kept_at is not None and self.kept_at == self.session.game.clicks

    @property
    def helped_at_all(self) -> bool:
        """True when the game counts apart: help seen, or the AI moved."""
        return self.assisted or self.ai_played

    def started(self) -> bool:
        """True once the game has had a move (or was resumed part way), finished or not."""
        s = self.session
        return s.watch.started is not None or s.watch.carried > 0 or s.game.is_over()

    def counts(self) -> bool:
        """True when this game goes into the records: any game but a teacher's position."""
        return self.session.position_text is None

    def leaving_costs(self) -> bool:
        """True when leaving now would count a loss: a counted game started and not over,
        unless its save holds it as it is (it counts when it is finished from there)."""
        return self.on_the_record() and not self.in_its_save()

    def undo(self) -> None:
        """Note that the losing click was taken back: the game goes on, and counts no more."""
        self.undone = True
        self.assisted = True

    def helped(self) -> None:
        """Note that the player saw help (odds, Think, the AI's conclusions) in this game."""
        if not self.session.game.is_over():
            self.assisted = True

    def leave(self) -> str:
        """Count the started game being left as a loss, as Windows 7 does; say so (or "").

        A game its save holds as it is is not lost: it waits in the save, and
        counts when it is finished from there (the next start reopens it).
        """
        written = retry(self.session, now=True)
        return " ".join(said for said in (self._leave(), written) if said)

    def _leave(self) -> str:
        """Leave the game: it waits in its save, or counts as a loss; say which (or "")."""
        if self.counts() and not self.session.game.is_over() and self.in_its_save():
            self.let_go()  # its line stays, waiting in its save: the next start reopens it
            self.left = True
            if self.recorded:
                return "The game waits in its save (it is in the records already)."
            then = " (the next start reopens it)" if self.save_path is not None else ""
            return f"The game waits in its save: it counts when it is finished from there{then}."
        if not self.leaving_costs():
            return ""
        self.session.watch.stop()
        self.record(won=False)
        self.left = True
        if self.uncounted:
            return f"The game left is not counted: {self.uncounted}"
        apart = ", an assisted one (apart)" if self.helped_at_all else ""
        return f"The game left counts as a loss{apart}.{self.not_written()}"

    def not_written(self) -> str:
        """Return what the game's end says of a result not written yet (with a space), or ""."""
        if self.unsaved is not None:
            return f" {unsaved_words(self.unsaved)}" if isinstance(self.unsaved, Unsaved) else ""
        if isinstance(self.unkept, NotWritten):
            return f" {review_unkept_words(self.unkept)}"
        return ""

    def apart(self) -> str:
        """Return the words that mark a finished game counted apart (or not again), or ""."""
        if self.undone:
            return " (after an undo: not counted, the loss was)"
        if self.uncounted:
            return f" (not counted: {self.uncounted.rstrip('.')})"
        return " (assisted: counted apart)" if self.helped_at_all else ""

    def board_name(self) -> str:
        """Return the board's name: beginner's, intermediate's, ... or Custom."""
        board = self.session.board
        return board.name if board in BOARDS.values() else "Custom"

    def stats_key(self) -> str:
        """Return the name the statistics keep this game under: board and first-click rule."""
        g = self.session.game
        return (
            f"{self.board_name()} {g.height}x{g.width}, {g.mine_count} mines, "
            f"{RULE_WORDS[g.first_click]}"
        )

    def count_game(self) -> None:
        """Record a finished game (not a teacher's position): assisted apart."""
        if self.counts() and not self.undone:  # an undone game's loss is its record
            self.record(self.session.game.won())

    def record(self, won: bool) -> None:
        """Put the game in the records with its 3BV, clicks and whether it was assisted."""
        s = self.session
        if not s.keeps_files:
            return  # a handout's game is the teacher's picture, not a game the player played
        g = s.game
        self.remember_board()  # the board last played opens the next window
        counted = s.stats.record(
            self.stats_key(),
            won,
            s.elapsed(),
            bbbv=three_bv(g.height, g.width, g.mines) if g.placed else None,
            clicks=g.clicks,
            assisted=self.helped_at_all,
            identity=self.identity,
            token=self.token,
            alive=self.alive,  # the records hold it now: let go once the result is written
        )
        self.alive = None
        self.let_go()
        self.recorded = True
        if isinstance(counted.problem, Unsaved):
            self.unsaved = counted.problem
        if counted.game is None:
            self.uncounted = uncounted_words(counted.problem)
        else:
            self.assisted = self.assisted or counted.game.assisted  # another window counted it
        if s.stats.writable:
            self.keep(won)

    def keep(self, won: bool) -> None:
        """Keep the game whole in the history (its mines, every action and its time)."""
        s = self.session
        record = history_record(s, "won" if won else "lost" if s.game.is_over() else "left")
        if record is None:
            return
        path, problem = s.history.keep(record, s.settings.history_games)
        if path is not None:
            s.judge.ask(path)  # its verdict counts, for the records view
        if problem is not None:
            self.unkept = problem
            s.history.keep_note(problem)

    def remember_board(self) -> None:
        """Keep the board and the first-click rule in the settings, for the next start: the
        ones last played (chosen with --board, --first-click, a board key or K)."""
        s = self.session
        if not s.keeps_files:
            return
        key = next((k for k, b in BOARDS.items() if b == s.board), None)
        b = s.board
        s.settings.board = key or f"{b.height}x{b.width}x{b.mines}"
        s.settings.first_click = s.first_click
        s.settings.save()


# -- what outlives a game: results waiting to be written, and a game's words ----------------


def retry(session: Session, now: bool = False) -> str:
    """Write the results not written yet (the disk was full), when RETRY_SECONDS have passed
    since the last try (now: at once); return what to say when every one is written."""
    stats, history = session.stats, session.history
    if not stats.pending and not history.pending:
        return ""
    if not now and time.monotonic() - stats.tried_at < RETRY_SECONDS:
        return ""
    stats.write_pending()
    stats.tried_at = time.monotonic()
    for path in history.write_pending():
        session.judge.ask(path)
    return "" if stats.pending or history.pending else RESULT_WRITTEN


def unsaved_here(session: Session) -> bool:
    """True when closing the window now would lose a result not written yet: one kept in
    this window only (tried once more first)."""
    retry(session, now=True)
    return any(not waiting.kept for waiting in session.stats.pending)


def scores(session: Session) -> str:
    """Return the game's 3BV, clicks and, for a win, 3BV/s and efficiency, in words.

    A lost game did not clear its board: it says how much of the 3BV it cleared.
    """
    g = session.game
    bbbv = three_bv(g.height, g.width, g.mines)
    if g.lost():
        cleared = three_bv_cleared(g.height, g.width, g.mines, g.revealed)
        return f"3BV {cleared} of {bbbv} cleared, {plural(g.clicks, 'click')}"
    said = f"3BV {bbbv}, {plural(g.clicks, 'click')}"
    if g.won():
        rate = per_second(bbbv, tenths(session.elapsed()))
        eff = efficiency(bbbv, g.clicks)
        said += ", " + measures_words(rate, eff)
    return said


def history_record(session: Session, result: str) -> Optional[Record]:
    """Return the game as the history keeps it, or None when its actions are not all known.

    result: won, lost or left. A game reopened from a save that kept no
    actions (an older save) cannot be replayed from its first click.
    """
    s, g, ledger = session, session.game, session.ledger
    if not g.placed or not s.actions_known:
        return None
    when = time.strftime("%Y-%m-%d %H:%M:%S")
    facts = {
        "board": ledger.stats_key(),
        "result": result,
        "assisted": "yes" if ledger.helped_at_all else "no",
        "date": when,
        "seconds": f"{tenths(s.elapsed()):.1f}",
        "clicks": str(g.clicks),
        "bbbv": str(three_bv(g.height, g.width, g.mines)),
    }
    helped = ", assisted" if ledger.helped_at_all else ""
    title = f"{ledger.stats_key()}: {result}{helped} ({when[:16]})"
    mines = frozenset(g.mines)
    return Record(g.height, g.width, mines, tuple(s.actions), g.first_click, title, facts)


def start_words(session: Session, settle: bool) -> str:
    """Return what a window says at its start of the records: the games a start found
    nobody playing (see count_left), a read-only data folder, the hint on as it was left,
    and a game reopened from the save it waited in ("" when none of these)."""
    said = [count_left(session, settle)]
    if session.stats.read_only is not None:
        said.append(read_only_words(session.stats.read_only))
    if session.settings.known_safe_hint:
        said.append(HINT_REMEMBERED)
    if session.ledger.adopted:
        said.append(REOPENED)
    return " ".join(part for part in said if part)


def count_left(session: Session, settle: bool = True) -> str:
    """At a start: count every started game whose window is gone; say so (or "").

    settle: this start plays another game of the player's, so a game waiting in its save
    (not reopened by this start) counts as a loss now.
    """
    if not session.keeps_files:
        return ""
    return settled_words(session.stats.count_left(settle))
