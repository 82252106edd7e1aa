"""A student's AI in the window: their MinesweeperAI behind "AI Move", held to account as it plays.

No pygame here. runner.py --student FILE gives the App a StudentPlay. Their
AI lives in its own process (student/process.py) and plays the
window's game: A asks it for a move (make_safe_move, else
make_random_move), the window reveals the cell as it reveals any click, and
their AI is told every cell a reveal opened, one add_knowledge call each,
whoever clicked. The project's AI (the session's) is told the same
numbers, so the classroom's steps are the reference's, worked out on the
very board their AI saw.

Every call is held to account as benchmark.py --student holds it
(student/check.py). At a new problem auto-play stops and the classroom
opens at that moment: the step box explains the problem, the board shows
the cell or sentence it is about, and the knowledge list shows, under the
reference's sentences, what their AI held then, each sentence marked right
(✓) or wrong (✗) on the real board. Stepping back shows what their AI held
at each earlier moment beside the reference's steps.
"""

from __future__ import annotations

import atexit
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Optional

from student.check import (
    BEYOND,
    CS50_FIRST_CLICK,
    Problem,
    StudentFileError,
    StudentGame,
    check_file,
    load_failure_text,
)
from student.process import LIMIT, State, StudentProcess
from sweeper.board import Cell, cell_name
from sweeper.engine import Rule
from sweeper.judge import judge
from window.classroom import Classroom
from window.frame import Frame, Highlights, KnowledgeList, StepBox, focus_of
from window.session import Outcome, Session
from words.model import plural
from words.student import (
    brief_lines,
    cells_summary_text,
    problem_line,
    sentence_text,
    where_text,
)

if TYPE_CHECKING:
    from window.moment import Moment

RIGHT, WRONG = "✓", "✗"
STOPPED = "Their AI plays no more in this game (A and G wait): N starts a new one."
HELD = "Their AI's move, {cell}, waits for A."  # a problem found as it chose, shown first
SHORT_WORDS = 240  # characters of a problem's words that leave the box room for the legend


__all__ = ["CS50_FIRST_CLICK", "STUDENT_HELP", "StudentPlay", "open_student"]

STUDENT_HELP = (
    "a student's CS50 minesweeper.py plays behind AI Move, in a process of its own; the class "
    "shows what it knew beside the reference's steps and stops at its first problem (default "
    "board cs50, first click none: CS50's rules)"
)

OPENING = (
    "Their AI ({name}) moves with A, or G to play on: it stops at its first problem and the "
    "class shows why."
)


def open_student(
    path: Path, session: Session, room: Classroom, limit: float = LIMIT
) -> tuple[Optional[StudentPlay], str]:
    """Return a student's AI, started on the session's game, or None and why their file will
    not do. A problem before their first move (in their __init__) is shown at once."""
    try:
        check_file(path)
    except StudentFileError as error:
        return None, str(error)
    student = StudentPlay(path, limit)
    failed = student.follow(session).stopped
    if failed is not None and failed.detail == "load" and failed.failure is not None:
        student.close()
        return None, load_failure_text(path, failed.failure)
    atexit.register(student.close)  # the window's end ends their process (it also watches us)
    session.keeps_files = False  # their games are not the player's records
    student.after(session, room, Outcome())
    return student, OPENING.format(name=path.name)


class StudentPlay:
    """Their AI for the window's games: a process, their game in step with the window's."""

    def __init__(self, path: Path, limit: float = LIMIT) -> None:
        self.path = path
        self.process = StudentProcess(path, limit)
        self.game: Optional[StudentGame] = None
        self.held: Optional[Cell] = None  # their move, held back while its problem is shown
        self.seen = 0  # problems of this game already stopped at
        self.showing: Optional[Problem] = None  # the problem play stopped at
        self.at: tuple[int, int, object] = (-1, 1, None)  # the class's step, beat and preview
        # then: where the problem is shown (a random move onto their own mine is held back
        # unplayed, and the class then shows the reference's next move as a preview)

    def close(self) -> None:
        """Stop their process."""
        self.process.close()

    # -- keeping their game in step with the window's ------------------------------------------

    def follow(self, session: Session) -> StudentGame:
        """Return their game, started afresh for a new window game, told every cell opened since."""
        game = session.game
        opening = self.game is None or self.game.game is not game
        if opening:
            self.game = StudentGame(self.process, game, game.seed)
            self.held, self.seen, self.showing = None, 0, None
            self.game.begin()
        student = self.game
        assert student is not None
        new = [(cell, count) for cell, count in game.revealed.items() if cell not in student.told]
        if new and student.stopped is None:
            student.add_reveal(new, opening)  # a position's open cells come before move 1
        return student

    def after(self, session: Session, room: Classroom, outcome: Outcome) -> Outcome:
        """After any command: tell their AI what opened; at a new problem, stop and show it."""
        student = self.follow(session)
        if len(student.problems) <= self.seen:
            return outcome
        problem = student.problems[self.seen]
        self.seen = len(student.problems)
        self.showing = problem
        session.autoplay = False
        session.ledger.helped()  # the class shows the AI's conclusions
        room.on = True
        room.latest(session.timeline(), True)  # the moment of the problem: now, an answer beat
        self.at = (room.step_index, room.beat, room.preview)
        return Outcome("")  # the box says it all; the message line's room goes to the list

    # -- their move -------------------------------------------------------------------------

    def move(self, session: Session) -> Outcome:
        """AI Move: their AI's move, revealed as the window reveals a click, and its words."""
        student = self.follow(session)
        if student.stopped is not None:
            session.autoplay = False
            return Outcome(f"Their AI stopped at {where_text(student.stopped)}: "
                           f"{problem_line(student.stopped)} N starts a new game.")  # fmt: skip
        self.showing = None
        cell, self.held = self.held, None
        if cell is None or cell in session.game.revealed:
            before = len(student.problems)
            cell = student.choose()
            if len(student.problems) > before:  # shown before it is played (App.do: after)
                self.held = cell if student.stopped is None else None
                return Outcome()
        if cell is None:
            session.autoplay = False
            return Outcome("Their AI has no move: make_random_move() returned None.")
        session.ledger.ai_played = True
        session.ledger.helped()
        session.cursor = cell
        if cell in session.game.flags:  # your flags are not their AI's knowledge
            session.game.toggle_flag(cell)
        result = session.deal_and_reveal(cell)
        if isinstance(result, str):
            return Outcome(result)
        return session.play(result, cell, "Their AI")

    # -- what the screen shows ------------------------------------------------------------------

    def frame(self, m: Moment, frame: Frame) -> Frame:
        """Return the frame with their AI in it: the title, and in class what it knew, marked."""
        student = self.follow(m.session)
        title = f"Their AI: {self.path.name} · {frame.title}"
        if not frame.classroom:
            return replace(frame, title=title, summary=summary(student, m.game.mines))
        knowledge = frame.knowledge
        if knowledge is not None:
            knowledge = self.knowledge(m, knowledge)
        problem = self.problem_shown(m)
        if problem is None:
            return replace(frame, title=title, knowledge=knowledge)
        shown = frame.numbers if frame.numbers is not None else {}
        mines = frozenset(m.game.mines)
        marks = problem_highlights(problem, shown, mines, (frame.rows, frame.columns))
        return replace(
            frame,
            title=title,
            message="",  # the box says it all: the message line's room goes to the list
            knowledge=knowledge,
            step=problem_box(
                problem, mines, marks, student.stopped is not None, self.held_now(problem)
            ),
            highlights=marks,
            focus=focus_of(marks),  # a board too large for class shows these cells large
        )

    def held_now(self, problem: Problem) -> Optional[Cell]:
        """Return the move held back while problem, found as their AI chose it, is on show."""
        return self.held if problem is self.showing else None

    def problem_shown(self, m: Moment) -> Optional[Problem]:
        """Return the problem the class is shown: the one play stopped at, at its step only."""
        room = m.room
        if self.showing is None or not room.on:
            return None
        step, beat, preview = self.at
        here = (room.step_index, room.beat) == (step, beat) and room.preview is preview
        return self.showing if here else None

    def knowledge(self, m: Moment, reference: KnowledgeList) -> KnowledgeList:
        """Return the class's list with their AI in it: what it held at the moment on screen.

        Their sentences, each marked right (✓) or wrong (✗) on the real board,
        their wrong marks, their mines, and last the reference's counts. Before
        the class has a step on screen the list stays withheld, as the reference's.
        """
        if not m.room.on or reference.withheld:
            return reference
        rows = self.rows(m, reference.header)
        room = m.room
        texts = [text for text, _ in rows]
        wrong = next((k for k, text in enumerate(texts) if text.startswith(WRONG)), None)
        own = self.own_row(m, texts)
        focus = own if own is not None else wrong  # the problem's own row, else the first wrong
        rules = [rule for _, rule in rows]
        selected = rules.index(room.selected) if room.selected in rules else None
        state = self.state_shown(m)
        counts = "nothing yet"
        if state is not None:
            bad = sum(1 for text in texts if text.startswith(f"{WRONG} {{"))
            marks = sum(1 for text in texts if text.startswith(WRONG)) - bad
            sent = len(state.knowledge)
            of = "" if sent == state.sentences else f" of the first {sent:,}"
            counts = f"{plural(state.sentences, 'sentence')} ({bad} wrong{of})"
            counts += f", {plural(marks, 'wrong mark')}" if marks else ""
        return KnowledgeList(
            f"Their AI then: {counts}",
            tuple(texts),
            bold=focus,
            selected=selected,
            first=room.scroll,
            follow=room.follow,
        )

    def own_row(self, m: Moment, texts: list[str]) -> Optional[int]:
        """Return the row of the problem on screen (its sentence or its mark), if it has one."""
        problem = self.problem_shown(m)
        if problem is None:
            return None
        size = (m.game.height, m.game.width)
        if problem.sentence is not None:
            wanted = f"{WRONG} {sentence_text(problem.sentence, size)}"
            return texts.index(wanted) if wanted in texts else None
        if problem.kind != "wrong mark" or problem.cell is None:
            return None
        where = cell_name(problem.cell) if _on(problem.cell, size) else str(problem.cell)
        mark = f"{WRONG} {where} in self.{problem.detail}:"
        return next((k for k, text in enumerate(texts) if text.startswith(mark)), None)

    def rules(self, m: Moment) -> list[Rule]:
        """Return the sentence behind each row of the class's list (a click selects it)."""
        return [rule for _, rule in self.rows(m, "")]

    def state_shown(self, m: Moment) -> Optional[State]:
        """Return what their AI held at the moment on screen: at a problem, after its very call.

        A move that opens ground is many add_knowledge calls; the problem's
        list is what their AI held after the call that went wrong, not at the
        end of the move.
        """
        student = self.follow(m.session)
        problem = self.problem_shown(m)
        if problem is not None:
            return student.state_at(problem)
        return state_when(student, len(m.board))

    def rows(self, m: Moment, reference: str) -> list[tuple[str, Rule]]:
        """Return the list's rows with the cells each stands for: theirs, then the reference's."""
        state = self.state_shown(m)
        size = (m.game.height, m.game.width)
        mines = frozenset(m.game.mines)
        rows: list[tuple[str, Rule]] = []
        if state is not None:
            for cells, count in state.knowledge:
                mark = RIGHT if all(_on(c, size) for c in cells) and len(cells & mines) == count \
                    else WRONG  # fmt: skip
                rows.append((f"{mark} {sentence_text((cells, count), size)}", Rule(cells, count)))
            marks = [(c, "mines") for c in state.mines if c not in mines]
            marks += [(c, "safes") for c in state.safes if c in mines]
            for cell, name in sorted(marks):
                truth = "safe" if name == "mines" else "a mine"
                where = cell_name(cell) if _on(cell, size) else str(cell)
                rows.append((f"{WRONG} {where} in self.{name}: it is {truth}",
                             Rule(frozenset({cell}), int(name == "safes"))))  # fmt: skip
            if state.mines:
                known = frozenset(state.mines)
                text = f"self.mines: {cells_summary_text(known, size)}"
                rows.append((text, Rule(known, len(known))))
        counts = reference.split(": ", 1)[-1]
        rows.append((f"The reference then: {counts}", Rule(frozenset(), 0)))
        return rows


def _on(cell: Cell, size: tuple[int, int]) -> bool:
    return 0 <= cell[0] < size[0] and 0 <= cell[1] < size[1]


def state_when(student: StudentGame, told: int) -> Optional[State]:
    """Return their AI's state once told `told` numbers, before the next one was told."""
    found, seen = None, 0
    for call, state in student.history:
        if call.name == "add_knowledge":
            seen += 1
            if seen > told:
                break
        found = state
    return found


def summary(student: StudentGame, mines: set[Cell]) -> str:
    """Return what their AI holds now in one line (outside class), its wrong sentences counted."""
    state = student.state
    if student.stopped is not None:
        return f"Their AI stopped at {where_text(student.stopped)}: {student.stopped.kind}."
    if state is None:
        return "Their AI has not answered yet."
    wrong = sum(1 for cells, count in state.knowledge if len(cells & mines) != count)
    problems = f"; {plural(len(student.problems), 'problem')} so far" if student.problems else ""
    return (
        f"Their AI holds {plural(state.sentences, 'sentence')} ({wrong} wrong), "
        f"{plural(len(state.mines), 'mine')}{problems}. C shows them beside the reference's steps."
    )


# What a tick (False) or a cross (True) on the board means beside each kind of problem.
MARK_WORDS = {
    "missed inference": {False: "missed: provably safe"},
    BEYOND: {False: "safe, by counting only"},
    "wrong mark": {True: "in fact a mine", False: "in fact safe"},
    "wrong sentence": {True: "a mine on the board"},
}


def problem_box(
    problem: Problem,
    mines: frozenset[Cell],
    marks: Optional[Highlights] = None,
    stopped: bool = False,
    held: Optional[Cell] = None,
) -> StepBox:
    """Return the step box that explains a problem: what went wrong, then the gist of why.

    Its legend says what the board's ticks and crosses mean here (not what an AI knew);
    stopped: their AI plays no more (A and G do nothing), so the box says what does.
    held: the move their AI chose as the problem was found, played at the next A.
    """
    lines = [problem_line(problem), *brief_lines(problem, mines)]
    if stopped:
        lines.append(STOPPED)
    short = len("\n".join(lines)) <= SHORT_WORDS  # the held move's line leaves the legend
    if held is not None and not stopped:
        lines.append(HELD.format(cell=cell_name(held)))
    words = "\n".join(lines)
    header = f"Their AI, {where_text(problem)}: {problem.kind}"
    meaning = MARK_WORDS.get(problem.kind, {})
    shown = sorted({mine for _, mine in marks.marks}) if marks is not None else []
    legend = tuple((mine, meaning[mine]) for mine in shown if mine in meaning)
    # A short explanation keeps the colours' legend under it; a long one needs the room.
    return StepBox(header, words, legend=short, marks=legend)


def problem_highlights(
    problem: Problem, shown: dict[Cell, int], mines: frozenset[Cell], size: tuple[int, int]
) -> Highlights:
    """Return the board's highlights for a problem: the cell or sentence it is about, and why.

    The cell at issue is the selected colour and the numbers behind the
    judge's verdict are framed; a missed cell carries a tick; an unsafe move
    shows an arrangement that keeps every number with the cell a mine; a
    wrong mark or sentence shows the truth of the real board (mines crossed).
    """
    roles: dict[Cell, str] = {}
    marks: dict[Cell, bool] = {}
    drawn: tuple[tuple[Cell, str], ...] = ()
    verdict, cell = problem.verdict, problem.cell
    if problem.kind == "wrong mark" and cell is not None and _on(cell, size):  # its truth
        claim = "mine" if problem.detail == "mines" else "safe"
        verdict = judge(problem.position(), cell, claim)
        marks[cell] = cell in mines
    if verdict is not None:
        roles.update((c, "premise") for c in verdict.premises)
    if problem.kind in ("missed inference", BEYOND) and cell is not None:
        marks[cell] = False
    if problem.kind == "unsafe move" and verdict is not None and verdict.counter is not None:
        hidden = [c for c in verdict.counter if c not in shown]
        drawn = tuple((c, "mine") for c in sorted(hidden))
    if problem.sentence is not None:
        cells = problem.sentence[0]
        roles.update((c, "new sentence") for c in cells)
        marks.update((c, True) for c in cells if c in mines)
    if problem.call.cell is not None:
        roles.setdefault(problem.call.cell, "premise")  # the number that was told
    if cell is not None:
        roles[cell] = "selected"
    roles = {c: r for c, r in roles.items() if _on(c, size)}
    return Highlights(
        roles=tuple(sorted(roles.items())),
        framed=frozenset(c for c in roles if c in shown),
        marks=tuple((c, m) for c, m in sorted(marks.items()) if _on(c, size) and c not in shown),
        step_cell=cell if cell is not None and _on(cell, size) else None,
        arrangement=drawn,
    )
