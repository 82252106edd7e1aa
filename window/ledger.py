"""A game's place in the records: whether it counts, the help seen in it, and writing it down.

No pygame here. A Session starts a Ledger with every game (the help seen,
who moved, the save's identity and whether the game is in the records are
that game's); the statistics and the settings outlive games and stay the
Session's. Everything a record needs of the game, it reads off the Session.

A game's way onto the record, in one place (Ledger.sync after every
command, Ledger.record at its end; the file's side is Statistics'):
started at its first click (written at once, with the board remembered),
off the list while its save holds it, and counted once when it is finished
or left; a game still started when its window is gone is counted as a
loss at the next start (count_left).
"""

from __future__ import annotations

import os
import time
import uuid
from typing import TYPE_CHECKING, Any, Optional

from store.files import Alive
from store.saves import Saved
from sweeper import BOARDS
from sweeper.review import Record
from sweeper.scores import efficiency, per_second, tenths, three_bv, three_bv_cleared
from words.model import plural
from words.records import measures_words, note_words
from words.window import RULE_WORDS

if TYPE_CHECKING:
    from window.session import Session

REFRESH_SECONDS = 15.0  # how stale a started game's clicks and time may be on the record


class Ledger:
    """One game's bookkeeping: counted or not, assisted or not, recorded or not."""

    def __init__(self, session: Session, assisted: bool = False) -> None:
        self.session = session
        # Help seen in this game (odds, Think, the AI's moves or conclusions, a board
        # already seen): it counts apart, as assisted. The hint, when on, is help from the start.
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
        self.left = False  # the game was left (counted as a loss): it costs nothing more
        # The game's line among the records' started games while it is there, what it said
        # when written, and this window's hold on it (the lock that says the game lives).
        self.token: Optional[str] = None
        self.written: Optional[tuple[Any, ...]] = None
        self.written_at = 0.0  # the game's clock then: the line's clicks and time are as of it
        self.alive: Optional[Alive] = None
        self.uncounted = ""  # why the game's end was not counted (a newer records file, ...)

    def resume(self, saved: Saved) -> None:
        """Carry on a saved game's bookkeeping: its identity, and the help it had seen."""
        self.identity = saved.game
        # One game, one record: a game already counted is played again with its board seen.
        self.recorded = saved.counted or self.session.stats.was_counted(saved.game)
        self.assisted = self.assisted or saved.assisted or bool(saved.doubt) or self.recorded
        self.kept()

    # -- on the record from the first click ------------------------------------------------

    def sync(self) -> None:
        """Keep this game's started line true: on the record while leaving would cost a loss.

        Called after every command. The first click writes the game as
        started (and remembers the board); a save takes it off uncounted;
        help seen since rewrites it, and so does a move REFRESH_SECONDS of
        play after the last writing (a loss counted at the next start has
        its clicks and time as of then). Its end takes it off in record().
        """
        s = self.session
        if not s.keeps_files or s.stats.newer:
            return
        if not self.leaving_costs():
            if self.token is not None:
                s.stats.end(self.token)
                self.let_go()
            return
        said = (self.stats_key(), self.helped_at_all, self.identity)
        if said == self.written and s.elapsed() - self.written_at < REFRESH_SECONDS:
            return
        if self.token is None:
            self.token = uuid.uuid4().hex
            self.alive = Alive(s.stats.alive_path(self.token))
            self.remember_board()
        if s.stats.begin(self.token, self.started_line()) is None:
            self.written, self.written_at = said, s.elapsed()
        elif self.written is None:
            self.let_go()  # not on the record (the file cannot be written): its end says so

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
        }

    def let_go(self) -> None:
        """Forget the started line (it is off the record) and let go of its lock."""
        if self.alive is not None:
            self.alive.close()
        self.token, self.written, self.alive = None, None, None

    def kept(self) -> None:
        """Note that the game, as it is now, is in a save (just saved, or just reopened)."""
        self.kept_at = self.session.game.clicks

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
        return (
            self.counts()
            and not self.undone
            and not self.left
            and self.started()
            and not self.session.game.is_over()
            and not self.in_its_save()
        )

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

        A game its save holds as it is is not lost: it counts when finished from the save.
        """
        if self.counts() and not self.session.game.is_over() and self.in_its_save():
            if self.recorded:
                return "The game waits in its save (it is in the records already)."
            return "The game waits in its save: it counts when it is finished from there."
        if not self.leaving_costs():
            return ""
        self.session.watch.stop()
        self.record(won=False)
        self.left = True
        if self.uncounted:
            return f"The game left is not counted: {self.uncounted}"
        if self.helped_at_all:
            return "The game left counts as a loss, an assisted one (apart)."
        return "The game left counts as a loss."

    def scores(self) -> str:
        """Return the game's 3BV, clicks and, for a win, 3BV/s and efficiency, in words.

        A lost game did not clear its board: it says how much of the 3BV it cleared.
        """
        g = self.session.game
        bbbv = three_bv(g.height, g.width, g.mines)
        if g.lost():
            cleared = three_bv_cleared(g.height, g.width, g.mines, g.revealed)
            return f"3BV {cleared} of {bbbv} cleared, {plural(g.clicks, 'click')}"
        said = f"3BV {bbbv}, {plural(g.clicks, 'click')}"
        if g.won():
            rate = per_second(bbbv, tenths(self.session.elapsed()))
            eff = efficiency(bbbv, g.clicks)
            said += ", " + measures_words(rate, eff)
        return said

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
        )
        self.let_go()
        self.recorded = True
        if counted is None:
            self.uncounted = note_words(s.stats.newer) or (
                "it was counted as a loss already, when another window started and found it "
                "left."
            )
        else:
            self.assisted = self.assisted or counted.assisted  # another window counted it first
        self.keep(won)

    def keep(self, won: bool) -> None:
        """Keep the game whole in the history (its mines, every action and its time)."""
        s = self.session
        record = self.history_record("won" if won else "lost" if s.game.is_over() else "left")
        if record is None:
            return
        path, problem = s.history.keep(record, s.settings.history_games)
        if path is not None:
            s.judge.ask(path)  # its verdict counts, for the records view
        if problem is not None:
            s.history.keep_note(problem)

    def history_record(self, result: str) -> Optional[Record]:
        """Return the game as the history keeps it, or None when its actions are not all known.

        result: won, lost or left. A game reopened from a save that kept no
        actions (an older save) cannot be replayed from its first click.
        """
        s, g = self.session, self.session.game
        if not g.placed or not s.actions_known:
            return None
        when = time.strftime("%Y-%m-%d %H:%M:%S")
        facts = {
            "board": self.stats_key(),
            "result": result,
            "assisted": "yes" if self.helped_at_all else "no",
            "date": when,
            "seconds": f"{tenths(s.elapsed()):.1f}",
            "clicks": str(g.clicks),
            "bbbv": str(three_bv(g.height, g.width, g.mines)),
        }
        helped = ", assisted" if self.helped_at_all else ""
        title = f"{self.stats_key()}: {result}{helped} ({when[:16]})"
        mines = frozenset(g.mines)
        return Record(g.height, g.width, mines, tuple(s.actions), g.first_click, title, facts)

    def remember_board(self) -> None:
        """Keep the board in the settings, for the next start of the window."""
        s = self.session
        if not s.keeps_files:
            return
        key = next((k for k, b in BOARDS.items() if b == s.board), None)
        b = s.board
        s.settings.board = key or f"{b.height}x{b.width}x{b.mines}"
        s.settings.save()


def count_left(session: Session) -> str:
    """At a start: count as lost every started game whose window is gone; say so (or "")."""
    if not session.keeps_files:
        return ""
    games = session.stats.count_left()
    if not games:
        return ""
    boards = "; ".join(sorted({str(g.get("board", "Custom")) for g in games}))
    if len(games) == 1:
        return (
            "The game left unfinished when its window went without a word (killed, or the "
            f"power cut) counts as a loss: {boards}."
        )
    return (
        f"{len(games)} games left unfinished when their windows went without a word (killed, "
        f"or the power cut) count as losses: {boards}."
    )
