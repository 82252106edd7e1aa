"""The App: a Session, a Classroom and the message line, behind one door for commands.

No pygame here. do(name, arg) is the only way a key, a button or a click
changes anything: the command table (window/commands.py) says whether the
command may run now, and what it does; the App keeps what the window says
and moves the classroom to the latest moment after a move. frame() derives
what the screen shows (window/frame.py).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any, Optional

from store.saves import read_save
from store.settings import Settings
from student.process import LIMIT
from sweeper import BoardSize, Cell
from sweeper.agent import Agent as MinesweeperAI
from sweeper.game import Game as Minesweeper
from sweeper.search import opening_searched
from window.classroom import Classroom
from window.commands import TABLE, may_run, route
from window.editor import Editor, editor_frame
from window.frame import Frame, KnowledgeList, View, build_frame, clock_field, knowledge_list
from window.modes import EDITOR, RECORDS, REVIEW, SHEET, TYPING, WORDING, game_mode
from window.moment import Moment, moment_key
from window.records_view import RecordsState, records_table
from window.review_view import Reviewing, review_frame
from window.session import Outcome, Session, opening, position_session, resumed_session
from window.student import StudentPlay, open_student
from window.timeline import Timeline
from words.model import clock_text, plural
from words.records import newer_messages, start_up_messages
from words.window import DEALING, SEARCHING

DAMAGED = "A file of yours was damaged: what happened is on the board's side. Any key goes on."
NEWER = (
    "A file of yours is from a newer version of this game: it is left as it is (over the "
    "board, why). Any key goes on."
)
DEALS = ("reveal", "reveal-cursor", "ai", "tick")  # the commands whose first reveal deals
QUIET = ("tick", "press", "scroll")  # commands that leave a question asked (Esc, N) standing


class App:
    """What one window knows: the session, the classroom, the message, the custom-board line."""

    def __init__(self, session: Session, classroom: bool = False) -> None:
        self.session = session
        self.room = Classroom(on=classroom)
        self.message = opening(session)
        self.entering: Optional[str] = None  # the custom-board line being typed, or None
        self.armed: Optional[str] = None  # the command that asked first: once more runs it
        self.left = ""  # words about a game just left (counted as a loss)
        self.news = ""  # a waiting result written during a silent command, said by the next
        self.pressed: frozenset[Cell] = frozenset()  # cells drawn pressed while a button is held
        self.student: Optional[StudentPlay] = None  # a student's AI behind AI Move (--student)
        # A handout (--export, --deck): a picture on paper, where no key or click does
        # anything, so its words name none ("Click a closed cell to answer", "V shows them").
        self.on_paper = False
        self._moment: tuple[object, Optional[Moment]] = (None, None)  # the one kept: see moment()
        # A sheet over the board: the damage found at start-up, or every key.
        self.sheet: Optional[tuple[str, tuple[str, ...]]] = None
        self.records: Optional[RecordsState] = None  # the records view (I), while open
        self.reviewing: Optional[Reviewing] = None  # a finished game's review, while open
        self.editor: Optional[Editor] = None  # the position editor, while open
        self.last_editor: Optional[Editor] = None  # the editor a lesson was last taught from
        self.lesson_path: Optional[Path] = None  # the file the lesson on screen came from
        damage = start_up_messages(session.stats, session.settings)
        if damage:
            self.sheet = ("Your files", (*damage, "", "Any key or click goes on."))
            newer = newer_messages(session.stats, session.settings)
            self.message = NEWER if set(damage) <= newer else DAMAGED

    @classmethod
    def new(cls, board: BoardSize, classroom: bool = False, **options: Any) -> App:
        """Return an App on a new game of board (options: seed, first_click, save_dir, clock)."""
        app = cls(Session(board, **options), classroom)
        if classroom:
            app.session.ledger.helped()  # the knowledge panel shows the AI's conclusions
        return app

    @classmethod
    def from_position(
        cls,
        text: str,
        first_click: str = "safe",
        save_dir: Optional[Path] = None,
        name: str = "",
        settings: Optional[Settings] = None,
    ) -> App:
        """Return an App on a file in the board notation: a saved game plays on, in play mode;
        a teacher's position opens in class mode."""
        game, saved = read_save(text)
        if saved is not None:
            title = saved.title or name
            app = cls(resumed_session(game, saved, title, save_dir, settings))
            if saved.doubt:
                helped = f" It opens as an assisted game: {saved.doubt}."
            elif app.session.ledger.recorded:
                helped = " This game is in the records already: played again, it is assisted."
            elif saved.assisted:
                helped = " It was played with help: it counts as assisted."
            else:
                helped = ""
            app.message = (
                f"Resumed {title}: the clock goes on from {clock_text(saved.seconds)} s.{helped}"
            )
            return app
        position = position_session(text, first_click, save_dir, name, settings)
        return cls(position, classroom=True)

    @property
    def game(self) -> Minesweeper:
        """The game being played."""
        return self.session.game

    @property
    def ai(self) -> MinesweeperAI:
        """The AI that plays it."""
        return self.session.ai

    def busy(self, name: str, arg: Any = None) -> str:
        """Return what to say before command name runs when it may take seconds, else "".

        The first reveal of a no-guess game deals its board (a search of up to
        NO_GUESS_SECONDS); the AI's first move on a small board searches every
        board for best play's first click (about two seconds at most).
        """
        game = self.session.game
        if not may_run(self, name, arg) or game.revealed:
            return ""
        if name in DEALS and game.first_click == "no-guess" and not game.placed:
            return DEALING
        total = self.session.ai.total_mines
        if name not in ("ai", "tick", "think") or game.first_click == "no-guess" or total is None:
            return ""
        searched = opening_searched(game.height, game.width, total, game.first_click)
        return SEARCHING if searched else ""

    def modes(self) -> tuple[str, ...]:
        """Return the modes the window is in, top first: a view over the board, then the game's."""
        room, session = self.room, self.session
        over, student = session.game.is_over(), self.student is not None
        below = game_mode(session.watch.paused, room.asking, room.on, over, student)
        if self.editor is not None:  # over everything: the teacher's own board
            return (WORDING if self.editor.field is not None else EDITOR, below)
        views: dict[str, object] = {TYPING: self.entering, SHEET: self.sheet}
        views |= {REVIEW: self.reviewing, RECORDS: self.records}
        return (*[mode for mode, view in views.items() if view is not None][:1], below)

    # -- the door --------------------------------------------------------------------

    def do(self, name: str, arg: Any = None, typed: Optional[str] = None) -> Outcome:
        """Run a command if its mode allows it; else refuse it, saying why. Return the outcome.

        typed: what the key typed, for the custom-board line (None: a click or a button).
        """
        found = route(self, name, arg, typed)
        name, arg = found.name, found.arg
        for view in found.closes:  # a key not of a sheet or the records view closes it
            self.close_view(view)
        if name not in QUIET and name != self.armed:
            self.armed = None  # any other command answers "no" to a question asked
        if found.swallowed:  # a key meant for the view: it only closed it
            self.message = ""
            self._hold_clock()
            return Outcome("")
        if found.refused is not None:
            if not TABLE[name].silent:
                self.message = found.refused
            return Outcome(found.refused)
        if found.asks is not None:
            self.armed = name
            self.message = found.asks
            return Outcome(found.asks)
        armed, steps = self.armed, len(self.session.ai.steps)
        seen = self.room.ahead  # the AI's next lesson, seen before A plays it
        version = self.session.version
        outcome = TABLE[name].run(self, arg)
        if name == armed == self.armed and name != "quit":
            self.armed = None  # asked and answered: it ran (a handler that asks keeps its own)
        if self.room.on:  # the class shows the AI's conclusions, however it was opened
            self.session.ledger.helped()
        news = self.session.ledger.sync()  # a started game is on the record at once
        if self.session.version != version:
            self._moved(name, steps, seen)
        if self.student is not None:  # their AI is told what opened; a problem stops there
            outcome = self.student.after(self.session, self.room, outcome)
        if outcome.said is not None:
            self.message = outcome.said
        # A result kept waiting (the disk was full) is written now: said by this command,
        # or by the next one that says anything (a click's press is silent, its release not).
        self.news = f"{self.news} {news}".strip()
        if self.news and not TABLE[name].silent:
            self.message = f"{self.message} {self.news}".strip()
            self.news = ""
        self._hold_clock()
        return outcome

    def close_view(self, view: str) -> None:
        """Close a view over the board that a command passes through (a sheet, the records)."""
        if view == SHEET:
            self.sheet = None
        elif view == RECORDS:
            self.records = None

    def _hold_clock(self) -> None:
        """Hold the game's clock while the class looks at an earlier moment, and while the
        records view covers the board (as a pause does); run it at now."""
        watch = self.session.watch
        past = self.room.on and self.moment().replaying
        if past != ("past" in watch.holds):
            watch.hold("past", past)
        covered = self.records is not None
        if covered != ("records" in watch.holds):
            watch.hold("records", covered)

    def _moved(self, name: str, steps: int, seen: bool) -> None:
        """After the game or the AI changed: a new game starts afresh; a move shows what it
        taught (steps: the AI's steps before it; seen: its first lesson was on screen as the
        AI's next), else now."""
        room = self.room
        if name in ("new", "restart", "type"):
            on = room.on
            room.reset()
            room.expanded = False
            room.on = on
            return
        room.changed()
        if room.on and room.step_index >= 0:  # the class sees now, not the step it was on
            room.latest(self.timeline(), self.game.is_over(), steps, seen)

    # -- what the moment holds ---------------------------------------------------------

    def attach_student(self, path: Path, limit: float = LIMIT) -> str:
        """Put a student's AI behind AI Move (runner.py --student); return why it will not do."""
        student, said = open_student(path, self.session, self.room, limit)
        if student is None:
            return said
        self.student, self.message = student, said
        return ""

    def view(self) -> View:
        """Return what the window itself holds beside the moment: its words, a button held."""
        return View(self.message, self.pressed, self.sheet, self.on_paper)

    def moment(self) -> Moment:
        """Return the moment on screen, built once per change of what it is built from."""
        key = moment_key(self.session, self.room)
        kept = self._moment[1]
        if self._moment[0] != key or kept is None:
            kept = Moment(self.session, self.room)
            self._moment = (key, kept)
        return kept

    def frame(self) -> Frame:
        """Return everything the screen shows now: the game (with a student's AI in it, when
        there is one), the records view over it, or a review."""
        if self.editor is not None:
            return editor_frame(self.editor, self.message)
        if self.reviewing is not None:
            return review_frame(self.reviewing, self.session.judge, self.message)
        frame = build_frame(self.moment(), self.view())
        if self.student is not None:
            frame = self.student.frame(self.moment(), frame)
        if self.records is not None:
            frame = replace(frame, records=records_table(self.session, self.records))
        return frame

    def clock(self) -> Optional[str]:
        """Return the Time box's words when they follow the game's clock, else None."""
        if self.reviewing is not None or self.editor is not None:
            return None
        return clock_field(self.moment())

    def judged(self) -> object:
        """Return how far the judge's thread has got with what is on screen (None: nothing of
        its work is): when it changes, the records view or the review is drawn again."""
        if self.reviewing is None and self.records is None:
            return None
        judge = self.session.judge
        path = self.reviewing.path if self.reviewing is not None else None
        return judge.finished, judge.progress.get(path) if path is not None else None

    def timeline(self) -> Timeline:
        """Return the lesson timeline of the AI's log."""
        return self.session.timeline()

    def show(self, step: int, beat: int) -> None:
        """Show a step of the log at a beat (0: its question, 1: its answer), as the keys do.

        The words said before belong to another moment: the message line is cleared.
        """
        self.room.show(step, beat, self.timeline())
        self.message = ""
        self._hold_clock()

    def at_lesson(self, which: str, ask: bool) -> str:
        """Show lesson step which (a number, or 'last') at its question or answer, as --step does.

        Returns "" or what was wrong, in one line.
        """
        lessons = self.timeline().lessons
        if which == "last":
            which = str(len(lessons))
        if not which.isdigit() or len(which) > 6:
            return f"--step {which}: a lesson step number (1 = the first) or 'last'"
        number = int(which)
        if not 1 <= number <= len(lessons):
            what = "position" if self.session.position_text is not None else "game"
            return f"--step {number}: this {what} has {plural(len(lessons), 'lesson step')}" + (
                f"; choose 1 to {len(lessons)}" if lessons else ""
            )
        self.show(lessons[number - 1], 0 if ask else 1)
        return ""

    def knowledge(self) -> KnowledgeList:
        """Return the knowledge list as the frame shows it."""
        known = knowledge_list(self.moment(), self.on_paper)
        return known if self.student is None else self.student.knowledge(self.moment(), known)
