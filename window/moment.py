"""The Moment: what the screen shows at one change, and all that is derived from it, once.

No pygame here. A Moment is built from explicit inputs (the session and the
classroom; the timeline of the AI's log, in class) after every change, and every part of a frame,
the class's answers and the pictures read it; nothing else keeps a copy of
what it derives. Its cheap facts are worked out when it is built; the
costly ones (the arrangements behind an enumeration, the numbers a step
stands on, why a guess, the odds at an earlier step) when first read, and
kept for as long as the Moment lives: until the next change.

In class the moment is a step of the AI's log at a beat (or the step ahead
of the log), with that moment's board, flags, clock and words; outside
class, now.
"""

from __future__ import annotations

import bisect
from functools import cached_property
from typing import Optional

from sweeper.board import Cell
from sweeper.game import Game
from sweeper.judge import seen
from sweeper.position import Position
from sweeper.records import Knowledge, Step
from window.arrangements import Enumeration, enumerate_step, guess_reason, position_before
from window.classroom import Classroom
from window.lesson import board_at, numbers_behind, numbers_for
from window.session import GameThen, Session
from window.timeline import Timeline
from words.model import percent


def moment_key(session: Session, room: Classroom) -> tuple[object, ...]:
    """Return what a Moment is built from: when it is the same, so is the Moment."""
    ai = session.ai
    return (
        id(ai),
        session.version,
        len(ai.steps),
        len(ai.revealed),
        len(session.moments),
        session.game.is_over(),
        room.on,
        room.step_index,
        room.beat,
        id(room.preview),
        room.ahead,
        room.expanded,
    )


class Moment:
    """The moment on screen and what follows from it; built once per change."""

    def __init__(self, session: Session, room: Classroom) -> None:
        self.session, self.room = session, room
        self.game: Game = session.game
        steps = session.ai.steps
        step = room.preview
        if step is None and 0 <= room.step_index < len(steps):
            step = steps[room.step_index]
        self.step: Optional[Step] = step  # what Think foresaw, else a step of the log
        self.logged = step if room.on and room.preview is None else None  # of the log, in class
        if self.logged is not None:
            self.board = board_at(session.ai.revealed, session.batches, self.logged)
        else:
            self.board = dict(self.game.revealed)  # the numbers of the moment on screen
        self.lead: Optional[Step] = None  # the step that made the lesson step's premise
        if self.logged is not None and not room.expanded:
            k = self.timeline.lead(room.step_index)
            self.lead = steps[k] if k != room.step_index else None
        self.then: Optional[GameThen] = self._game_then()
        self.knowledge: Optional[Knowledge] = self._knowledge_then()
        self.ended = self._ended()
        self.replaying = room.on and len(self.board) < len(session.ai.revealed)

    @cached_property
    def timeline(self) -> Timeline:
        """Return the lesson timeline of the AI's log (asked for in class only: outside it,
        the step ahead of the log would be worked out for nothing)."""
        return self.session.timeline()

    def _game_then(self) -> Optional[GameThen]:
        """Return the game at the step of the log on screen (its flags, clock, words), or None."""
        session = self.session
        if self.logged is None or not session.moments:
            return None
        k = bisect.bisect_left(session.batches, self.logged.told)
        return session.moments[min(k, len(session.moments) - 1)]

    def _knowledge_then(self) -> Optional[Knowledge]:
        """Return the knowledge as it was at the step on screen (before it, when asking)."""
        room = self.room
        if not room.on or room.preview is not None and not room.ahead or room.step_index < 0:
            return None
        at = min(room.step_index, len(self.session.ai.steps))
        if room.asking:  # before the question's first step
            at = (self.timeline.lead(room.step_index) if self.lead is not None else at) - 1
        return self.session.ai.knowledge_after(at)

    def _ended(self) -> bool:
        """True when the game's end is on screen: over, and shown at the step where it happened.

        In class that is the last lesson step (or now), after its question; before it,
        the mines, the exploded cell and "Lost" or "Won" would answer the question.
        """
        room = self.room
        if not self.game.is_over():
            return False
        if not (room.on and room.preview is None and room.step_index >= 0):
            return True
        stops = self.timeline.stops
        # Folded, the last stop holds the steps after it (numbers told in the same reveal).
        last = stops[-1] if stops and not room.expanded else len(self.session.ai.steps) - 1
        return room.step_index >= last and not room.asking

    # -- what it shows, worked out when first asked ----------------------------------------

    @property
    def words(self) -> str:
        """Return what the message line said at the moment on screen, its end not yet shown.

        The last reveal of a won game said how it ended ("won in 12.3 s"): before that
        end is on screen (a question beat over that reveal), its words wait too.
        """
        session, then = self.session, self.then
        if then is None or self.game.is_over() and then.said == session.ending:
            return ""
        return then.said

    def seen(self) -> Position:
        """Return what the class sees at the moment on screen: the numbers then, the mine total."""
        game = self.game
        total = self.session.ai.total_mines
        return seen(game.height, game.width, self.board, total, game.first_click)

    def position_then(self) -> Position:
        """Return what the AI knew at the step on screen: now when it is ahead of the log."""
        room, ai = self.room, self.session.ai
        if room.preview is not None or room.ahead or not 0 <= room.step_index < len(ai.steps):
            return ai.position()
        return position_before(ai, room.step_index)

    @cached_property
    def enumeration(self) -> Optional[Enumeration]:
        """Return the arrangements behind the enumeration step on screen, or None."""
        step = self.step
        if not self.room.on or step is None or step.rule != "enumeration":
            return None
        return enumerate_step(self.position_then(), step.premises)

    @cached_property
    def guess_reason(self) -> str:
        """Return why the guess on screen takes its cell (arrangements.guess_reason), or ""."""
        step = self.step
        if step is None or step.decision is None:
            return ""
        board, game = self.board, self.game

        def near(cell: Cell) -> list[Cell]:
            return [n for n in game.neighbors(cell) if board.get(n)]

        return guess_reason(self.position_then(), step.decision.cell, near)

    @cached_property
    def numbers(self) -> frozenset[Cell]:
        """Return the revealed numbers the step on screen stands on (none for Think's preview)."""
        room, steps = self.room, self.session.ai.steps
        if room.ahead and room.preview is not None:
            return self._numbers_ahead(room.preview)
        if room.preview is not None or not 0 <= room.step_index < len(steps):
            return frozenset()
        if steps[room.step_index].rule == "move":  # a guess of the log: as the one ahead of it
            return self.bordering()
        lead = self.lead
        if lead is not None and room.asking:
            if lead.rule == "clue" and lead.cell is not None:
                return frozenset({lead.cell})
            return numbers_behind(steps, self.timeline.lead(room.step_index))
        return numbers_behind(steps, room.step_index)

    def _numbers_ahead(self, step: Step) -> frozenset[Cell]:
        """Return the numbers the step ahead of the log stands on (all that border a guess)."""
        if step.premises:
            steps = self.session.ai.steps
            return numbers_for(steps, step.premises, len(steps))
        return self.bordering(self.game.revealed)

    def bordering(self, shown: Optional[dict[Cell, int]] = None) -> frozenset[Cell]:
        """Return the numbers shown that border a closed cell: what a guess weighs."""
        shown = self.board if shown is None else shown
        game = self.game
        return frozenset(
            cell
            for cell, count in shown.items()
            if count and any(n not in shown for n in game.neighbors(cell))
        )

    @cached_property
    def odds_then(self) -> dict[Cell, str]:
        """Return each closed cell's chance of a mine at the step on screen, as the overlay writes.

        The step ahead of the log is now; a step of the log (a live game's guess,
        replayed) is counted again on the position just before it.
        """
        room, ai = self.room, self.session.ai
        if room.ahead or not 0 <= room.step_index < len(ai.steps):
            return {cell: text for cell, (_, text) in self.session.probabilities().items()}
        odds = position_before(ai, room.step_index).probabilities()
        mark = "" if odds.exact else "≈"
        return {c: (mark if p not in (0, 1) else "") + percent(p) for c, p in odds.items()}
