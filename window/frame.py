"""build_frame: everything the screen shows at one moment, derived once, as plain data.

No pygame here. The house rules of what may be seen are decided in this
module and nowhere else:
- the moment shown is the moment: in class, the board is the board of the
  step on screen, and the game's end shows only at the latest moment;
- no answers in class: no odds, no AI pick, and on a question beat none of
  the step's conclusions (no tint, mark or sentence of them);
- a pause hides the board.
screen/paint.py draws a Frame and decides nothing; the tests read Frames.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional, Union

from sweeper import BOARDS
from sweeper.board import Cell, cell_name
from sweeper.engine import Rule
from sweeper.records import Knowledge, Step
from window.answers import is_guess, mark
from window.arrangements import (
    Enumeration,
    agreed_words,
    counter_words,
    position_before,
    viewing_words,
)
from window.lesson import board_at, question
from window.records_view import RecordsTable
from window.session import Moment, opening
from window.words import (
    CLASS_HELP,
    HELP,
    KEYS_HINT,
    ODDS_PICK,
    ODDS_SCALE,
    RULES,
    clock_text,
    decision_text,
    found_text,
    other_odds,
    percent,
    plural,
    rule_text,
    step_text,
)

if TYPE_CHECKING:
    from sweeper.game import Game as Minesweeper
    from window.app import App

# A cell as drawn: its number, or one of these pictures.
Tile = Union[int, str]  # 0-8, "hidden", "?", "flag", "wrong flag", "mine", "exploded"
ROLES = ("premise", "new sentence", "safe", "mine", "selected")  # highlight roles, legend order


@dataclass(frozen=True)
class Highlights:
    """What the board shows over its cells: roles, marks, outlines (paint picks colours)."""

    roles: tuple[tuple[Cell, str], ...] = ()  # (cell, role) in drawing order
    framed: frozenset[Cell] = frozenset()  # cells with a picture: a frame, not a tint
    marks: tuple[tuple[Cell, bool], ...] = ()  # a cross (True: a mine) or a tick (safe)
    step_cell: Optional[Cell] = None  # the cell the step is about
    choice: Optional[Cell] = None  # the AI's pick (Think, or the odds overlay outside class)
    cursor: Optional[Cell] = None  # the keyboard's cell
    pressed: frozenset[Cell] = frozenset()  # cells held down by a mouse button
    arrangement: tuple[tuple[Cell, str], ...] = ()  # V: (cell, "mine" / "faint mine" / "ring")
    answers: tuple[tuple[Cell, str], ...] = ()  # the class's answers: (cell, "right", "wrong",
    # "uncertain", or on a guess question the cell's chance of a mine, "38%")


@dataclass(frozen=True)
class OddsKey:
    """The odds overlay's key: the colour scale's name, its marks, and the pick's outline."""

    title: str
    marks: tuple[int, ...]  # percentages written under the scale
    pick: str  # the words beside the AI's pick's outline


@dataclass(frozen=True)
class StepBox:
    """The step box: a header, the words of the step (question or answer), and the legend."""

    header: str
    words: str
    legend: bool
    marks: Optional[tuple[tuple[bool, str], ...]] = None  # the ticks' and crosses' words, if
    # they are not what the AI knew (a student's problem: "missed: provably safe")


@dataclass(frozen=True)
class KnowledgeList:
    """The knowledge list: a header and one row per sentence, or why it is withheld."""

    header: str
    rows: tuple[str, ...] = ()
    bold: Optional[int] = None  # the row of the step's own sentence
    selected: Optional[int] = None
    first: int = 0  # the top row when the list is not scrolled by hand
    follow: bool = True
    withheld: bool = False

    def top(self, rows: int) -> int:
        """Return the top row when rows of the list are in view."""
        return first_row(len(self.rows), rows, self.first, self.bold, self.follow)


@dataclass(frozen=True)
class Frame:
    """Everything one frame shows; screen/ draws it as it is."""

    rows: int
    columns: int
    tiles: tuple[Tile, ...]  # row by row; () while paused (the board hidden)
    odds: tuple[str, ...]  # the overlay's percentage per cell row by row ("" on open cells)
    highlights: Highlights
    title: str
    mines: str
    time: str
    status: str
    state: str  # "playing", "won", "lost", or "replay" (an earlier moment on screen)
    mood: str  # the face: the state, or "pressed" while a cell is held down
    message: str
    toggles: frozenset[str]  # the buttons drawn on
    custom: bool  # a Custom board button
    classroom: bool
    step: Optional[StepBox]
    knowledge: Optional[KnowledgeList]
    summary: str  # outside class: what the AI knows, in one line
    help: str
    zeros: bool = False  # a 0 drawn as a 0 (in class, where a lesson may be about one)
    keys: bool = False  # in class, the keys' help is open (?)
    sheet_title: str = ""  # a sheet over the board: the records overview, or damage found
    sheet: tuple[str, ...] = ()
    odds_key: Optional[OddsKey] = None  # with the overlay on: its colour scale, explained
    records: Optional[RecordsTable] = None  # the records view (I), over the board
    reviewing: bool = False  # a finished game's review is on screen (window/review_view.py)
    # What the tests and the command guard read: the moment's facts.
    paused: bool = False
    asking: bool = False
    replaying: bool = False
    shown_step: Optional[Step] = None
    numbers: Optional[dict[Cell, int]] = None
    # In class, the cells the moment on screen is about: a large board shows them large.
    focus: frozenset[Cell] = frozenset()


@dataclass(frozen=True)
class Scene:
    """The moment on screen, worked out once per change: what every part of a frame reads.

    In class it is a step of the AI's log at a beat (or the step ahead of it),
    with that moment's board, flags, clock and words; outside class, now.
    """

    step: Optional[Step]  # the step on show: what Think foresaw, else a step of the log
    board: dict[Cell, int]  # the numbers of the moment on screen
    moment: Optional[Moment]  # the game at that step (its flags, clock, words), else None
    knowledge: Optional[Knowledge]  # the knowledge then (before the question, when asking)
    lead: Optional[Step]  # the step that made the premise of the lesson step, when it leads it
    ended: bool  # the game's end is on screen
    replaying: bool  # an earlier moment than now is on screen


def scene_key(app: App) -> tuple[object, ...]:
    """Return what the scene depends on: when it is the same, the scene is too."""
    session, room = app.session, app.room
    return (
        id(session.ai),
        session.version,
        len(session.ai.steps),
        len(session.ai.revealed),
        len(session.moments),
        session.game.is_over(),
        room.on,
        room.step_index,
        room.beat,
        room.preview,
        room.ahead,
        room.expanded,
    )


def scene_of(app: App) -> Scene:
    """Return the moment on screen, worked out from the session and the classroom."""
    session, room = app.session, app.room
    steps = session.ai.steps
    step = room.preview
    if step is None and 0 <= room.step_index < len(steps):
        step = steps[room.step_index]
    logged = step if room.on and room.preview is None else None  # a step of the log, in class
    if logged is not None:
        board = board_at(session.ai.revealed, session.batches, logged)
    else:
        board = dict(session.game.revealed)
    lead = None
    if logged is not None and not room.expanded:
        k = app.timeline().lead(room.step_index)
        lead = steps[k] if k != room.step_index else None
    return Scene(
        step=step,
        board=board,
        moment=moment_of(app, logged),
        knowledge=knowledge_then(app, lead),
        lead=lead,
        ended=ended(app),
        replaying=room.on and len(board) < len(session.ai.revealed),
    )


def current_step(app: App) -> Optional[Step]:
    """Return the step on show: what Think foresaw, else a step of the log, or None."""
    return app.scene().step


def shown_board(app: App) -> dict[Cell, int]:
    """Return the numbers of the moment on screen: in class, the board at the step shown."""
    return app.scene().board


def replaying(app: App) -> bool:
    """True when the class looks at an earlier moment of the game than now."""
    return app.scene().replaying


def shown_knowledge(app: App) -> Optional[Knowledge]:
    """Return the knowledge as it was at the step on screen (before it, when asking)."""
    return app.scene().knowledge


def knowledge_then(app: App, lead: Optional[Step]) -> Optional[Knowledge]:
    """Return the knowledge as it was at the step on screen (before it, when asking)."""
    room = app.room
    if not room.on or room.preview is not None and not room.ahead or room.step_index < 0:
        return None
    steps = len(app.session.ai.steps)
    at = min(room.step_index, steps)
    if room.asking:  # before the question's first step
        at = (lead_index(app) if lead is not None else at) - 1
    return app.session.ai.knowledge_after(at)


def lead_index(app: App) -> int:
    """Return where the question of the lesson step on screen starts (see lesson.lead_of)."""
    return app.timeline().lead(app.room.step_index)


def lead_of_shown(app: App) -> Optional[Step]:
    """Return the step that made the premise of the lesson step on screen, when it leads it.

    Such a pair is one lesson: the question starts before the leading step and
    the answer gives both ("{C3, C4} = 1 without the known mine C3 gives
    {C4} = 0, so C4 is safe").
    """
    return app.scene().lead


def listed(app: App, then: Optional[Knowledge] = None) -> list[Rule]:
    """Return the sentences the knowledge list shows: as at the step on screen, or today's.

    then: shown_knowledge(app), when the caller has it already (it folds the step log).
    """
    then = shown_knowledge(app) if then is None else then
    if then is not None:
        return list(then.sentences)
    return [Rule(frozenset(s.cells), s.count) for s in app.session.ai.knowledge]


def first_row(count: int, rows: int, scroll: int, focus: Optional[int], follow: bool) -> int:
    """Return the top row of a list of count rows that shows rows of them.

    The list keeps its scroll, unless it follows the step and its sentence is out of view.
    """
    last_top = max(0, count - rows)
    first = min(scroll, last_top)
    if follow and focus is not None and not first <= focus < first + rows:
        first = min(max(0, focus - rows // 2), last_top)
    return first


def moment_of(app: App, step: Optional[Step]) -> Optional[Moment]:
    """Return the game at a step of the log in class (its flags, clock, words), else None."""
    session = app.session
    if step is None or not session.moments:
        return None
    told = step.told
    return session.moments[min(bisect.bisect_left(session.batches, told), len(session.moments) - 1)]


def moment_words(app: App, moment: Optional[Moment]) -> str:
    """Return what the message line said at the moment on screen, the game's end not yet shown.

    The last reveal of a won game said how it ended ("won in 12.3 s"): before that
    end is on screen (a question beat over that reveal), its words wait too. (A
    lost game's last reveal is the mine, after every step: its words come with the end.)
    """
    session = app.session
    if moment is None or session.game.is_over() and moment.said == session.ending:
        return ""
    return moment.said


def ended(app: App) -> bool:
    """True when the game's end is on screen: over, and shown at the step where it happened.

    In class that is the last lesson step (or now), after its question; before it,
    the mines, the exploded cell and "Lost" or "Won" would answer the question.
    """
    session, room = app.session, app.room
    if not session.game.is_over():
        return False
    logged = room.on and room.preview is None and room.step_index >= 0
    if not logged:
        return True
    stops = app.timeline().stops
    # Folded, the last stop holds the steps after it (numbers told in the same reveal).
    last = stops[-1] if stops and not room.expanded else len(session.ai.steps) - 1
    return room.step_index >= last and not room.asking


def build_frame(app: App) -> Frame:
    """Return everything the screen shows now, with the house rules applied."""
    session, room, game = app.session, app.room, app.session.game
    paused = session.watch.paused
    scene = app.scene()  # the moment shown is the moment: its board, flags, clock and words
    shown, step, moment, end = scene.board, scene.step, scene.moment, scene.ended
    flags = game.flags if end or moment is None else moment.flags
    kind = game.status() if end else "playing"
    status = session.status_text() if end or paused else "Playing"  # "Paused" while paused
    time = session.time_text() if end or moment is None else clock_text(moment.elapsed)
    odds = session.overlay and not room.on  # the classroom shows no odds: they give answers
    then = scene.knowledge
    said = session.ending if end else moment_words(app, moment)
    message = app.message or said
    if app.on_paper and message == opening(session):  # a handout names no key
        message = opening(session, paper=True)
    marks = Highlights() if paused else highlights(app, shown, end, step, then)
    return Frame(
        rows=game.height,
        columns=game.width,
        tiles=() if paused else tiles(app, shown, end, flags),
        odds=odds_row(app) if odds and not paused else (),
        highlights=marks,
        title=session.title or session.describe(),
        mines=f"Mines {0 if end and game.won() else game.mine_count - len(flags)}",
        time=f"Time {time}",
        status=status,
        state=kind,
        mood="pressed" if app.pressed else kind,
        message=message,
        toggles=toggles(app),
        custom=session.custom is not None,
        classroom=room.on,
        step=step_box(app, step) if room.on else None,
        knowledge=knowledge_list(app, step, then) if room.on else None,
        summary="" if room.on else summary(app),
        help="" if app.on_paper else (CLASS_HELP if room.keys else KEYS_HINT) if room.on else HELP,
        zeros=room.on,
        keys=room.on and room.keys,
        sheet_title=app.sheet[0] if app.sheet else "",
        sheet=app.sheet[1] if app.sheet else (),
        odds_key=ODDS_KEY if odds and not paused else None,
        paused=paused,
        asking=room.asking,
        replaying=scene.replaying,
        shown_step=step,
        numbers=shown,
        focus=class_focus(marks, step, shown, game) if room.on else frozenset(),
    )


def class_focus(
    marks: Highlights, step: Optional[Step], shown: dict[Cell, int], game: Minesweeper
) -> frozenset[Cell]:
    """Return the cells a class's eyes belong on; on a guess, every closed cell too.

    A guess asks which cell the class would click, and any closed cell may be
    it: its question and its answer both show them all, not only the part
    around the numbers it weighs.
    """
    if not is_guess(step):
        return focus_of(marks)
    return focus_of(marks) | {cell for cell in game.cells() if cell not in shown}


def focus_of(marks: Highlights) -> frozenset[Cell]:
    """Return the cells a class's eyes belong on: the step's roles, its cell, an arrangement."""
    found = {cell for cell, _ in marks.roles} | {cell for cell, _ in marks.answers}
    if not marks.answers:  # a counter-arrangement may reach far: the answers are the focus
        found |= {cell for cell, _ in marks.arrangement}
    found |= {c for c in (marks.step_cell, marks.choice) if c is not None}
    return frozenset(found)


# How the class answers a question (a click there plays nothing), and how to see the AI's.
ASK_CELLS = "(Click a closed cell to answer: left safe, right a mine. → shows the answer.)"
ASK_GUESS = "(Click the cell you would click. → shows the answer.)"
ODDS_KEY = OddsKey(ODDS_SCALE, (0, 25, 50, 75, 100), ODDS_PICK)


def clock_field(app: App) -> Optional[str]:
    """Return the Time box's words when they follow the game's clock, else None.

    The one part of a frame that changes with nothing done: the window asks it
    between changes, and moves the figure on without deriving the frame again.
    An earlier moment in class shows that moment's time, which stands still.
    """
    if app.reviewing is not None:  # a review shows its click's time, which stands still
        return None
    scene = app.scene()
    if scene.ended or scene.moment is None:
        return f"Time {app.session.time_text()}"
    return None


def tiles(
    app: App, shown: dict[Cell, int], end: bool, flags: frozenset[Cell] | set[Cell]
) -> tuple[Tile, ...]:
    """Return every cell as the player saw it at the moment shown (flags: that moment's).

    The game's mines, and a wrong flag's cross, show only with its end.
    """
    session = app.session
    game = session.game
    lost = game.lost() and end
    mines = game.mines if end else set()
    found: list[Tile] = []
    for cell in game.cells():
        if cell in shown:
            found.append(shown[cell])
        elif cell in mines and cell not in flags and lost:
            found.append("exploded" if cell == game.exploded else "mine")
        elif cell in flags and lost and cell not in game.mines:
            found.append("wrong flag")
        elif cell in flags or cell in mines:
            found.append("flag")
        else:
            found.append("?" if cell in session.marks else "hidden")
    return tuple(found)


def odds_row(app: App) -> tuple[str, ...]:
    """Return each cell's chance of a mine as the overlay writes it, row by row.

    A flagged cell keeps its flag in sight: the player's own mark is not covered.
    """
    odds, game = app.session.probabilities(), app.session.game
    return tuple(odds[c][1] if c in odds and c not in game.flags else "" for c in game.cells())


def step_roles(step: Step, asking: bool = False) -> dict[Cell, str]:
    """Return the highlight role of each cell a step talks about (conclusions win).

    asking: the question beat, premises only (the conclusion is not given away).
    """
    roles: dict[Cell, str] = {}
    premises = step.premises[:1] if step.rule == "subset" else step.premises
    for premise in premises:
        roles.update((c, "premise") for c in premise.cells)
    if step.rule == "clue" and step.cell is not None:
        roles[step.cell] = "premise"
    if asking:
        return roles
    if step.sentence is not None and (step.rule != "clue" or step.added):
        # (A number whose neighbours are all known adds no sentence: nothing new to tint.)
        roles.update((c, "new sentence") for c in step.sentence.cells)
    roles.update((c, "safe") for c in step.safes)
    roles.update((c, "mine") for c in step.mines)
    return roles


def highlights(
    app: App,
    shown: dict[Cell, int],
    end: bool,
    step: Optional[Step],
    known: Optional[Knowledge],
) -> Highlights:
    """Return what the board shows over its cells at the moment on screen.

    known: the knowledge at the step on screen (shown_knowledge), None outside a step.
    """
    session, room, game = app.session, app.room, app.session.game
    over = game.is_over()
    # A thought shown outside class is drawn on the live board, conclusion and all.
    if not room.on:
        step = room.preview if room.thought else None
    # While an arrangement is drawn, only the premises are coloured: it shows one
    # possibility, and the conclusion's colours would read as part of it.
    asking = room.on and (room.asking or room.viewing is not None)
    roles: dict[Cell, str] = {}
    lead = lead_of_shown(app)
    if step is not None:
        if room.on:  # the numbers the question is about, framed (its answer too: 01's B2)
            roles.update((cell, "premise") for cell in numbers_of(app) if cell in shown)
        if lead is not None:  # the step that made the premise: its question, its answer first
            roles.update(step_roles(lead, asking))
        if lead is None or not asking:
            roles.update(step_roles(step, asking))
    if room.on and room.selected is not None:
        roles.update((cell, "selected") for cell in room.selected.cells)
    spoken = room.spoken if room.on and room.asking else None
    if spoken is not None:  # the numbers the class's latest answer is judged by, framed
        roles.update((cell, "premise") for cell in spoken.numbers if cell in shown)
    # Cells with a picture of their own (a number, or the mines of a finished
    # game) are framed, not tinted, so the picture stays clear; all are framed
    # when the odds overlay fills the cells.
    pictured = set(shown) | (game.mines if end else set())
    framed = set(roles) if session.overlay and not room.on else pictured & set(roles)
    marks: dict[Cell, bool] = {}
    if step is not None and not asking:
        marks.update((c, c in step.mines) for c in step.mines | step.safes if c not in shown)
    drawn = arrangement(app)
    counter = spoken.verdict.counter if spoken is not None and not spoken.guess else None
    if not drawn and counter is not None:
        # Where the class's claim can fail: one whole arrangement in which it does.
        drawn = tuple((c, "mine") for c in sorted(counter) if c not in shown)
    if known is not None:
        cells = {c for c, _ in drawn}  # an arrangement on screen draws its own
        marks.update((c, c in known.mines) for c in known.mines | known.safes)
        marks = {c: m for c, m in marks.items() if c not in shown and c not in cells}
    # The AI's pick: after Think (not over a question), or the overlay's, outside class only.
    picked = room.thought and not asking or session.overlay and not room.on
    if picked and not over:
        session.think()  # the moment's decision: worked out once, kept for A and Think
    choice = session.pending.cell if picked and session.pending and not over else None
    return Highlights(
        roles=tuple(roles.items()),
        framed=frozenset(framed),
        marks=tuple(marks.items()),
        step_cell=step.cell if step is not None and not asking else None,
        choice=choice,
        cursor=session.cursor if not room.on and not over else None,
        pressed=app.pressed,
        arrangement=drawn,
        answers=tuple((c, mark(a)) for c, a in room.answers.items()) if room.asking else (),
    )


def numbers_of(app: App) -> frozenset[Cell]:
    """Return the revealed numbers the step on screen stands on (none for Think's preview)."""
    room, steps = app.room, app.session.ai.steps
    if room.ahead and room.preview is not None:
        return app.numbers_ahead(room.preview)
    if room.preview is not None or not 0 <= room.step_index < len(steps):
        return frozenset()
    if steps[room.step_index].rule == "move":  # a guess of the log: as the one ahead of it
        return bordering(app, shown_board(app))
    lead = lead_of_shown(app)
    if lead is not None and room.asking:
        if lead.rule == "clue" and lead.cell is not None:
            return frozenset({lead.cell})
        return app.numbers_behind(lead_index(app))
    return app.numbers_behind(room.step_index)


def bordering(app: App, shown: dict[Cell, int]) -> frozenset[Cell]:
    """Return the numbers on the board shown that border a closed cell: what a guess weighs."""
    game = app.session.game
    return frozenset(
        cell
        for cell, count in shown.items()
        if count and any(n not in shown for n in game.neighbors(cell))
    )


def arrangement(app: App) -> tuple[tuple[Cell, str], ...]:
    """Return the arrangement on screen (V): a mine on each mined cell, a ring on the rest."""
    enum = app.enumeration() if app.room.viewing is not None else None
    if enum is None or not enum.arrangements or app.room.viewing is None:
        return ()
    shown = enum.arrangements[app.room.viewing]
    faint = "mine" if shown.weight else "faint mine"  # ruled out by the mine total: faint
    return tuple((c, faint if c in shown.mines else "ring") for c in enum.cells)


def toggles(app: App) -> frozenset[str]:
    """Return the buttons drawn on: toggles that are on, and the current board's button."""
    session = app.session
    on = {"auto": session.autoplay, "overlay": session.overlay, "classroom": app.room.on}
    found = {name for name, value in on.items() if value}
    if session.position_text is None:
        found |= {f"board:{key}" for key, board in BOARDS.items() if board == session.board}
        if session.custom is not None and session.custom == session.board:
            found.add("board:custom")
    return frozenset(found)


def step_box(app: App, step: Optional[Step]) -> StepBox:
    """Return the step box: the step on show, its question or its answer."""
    room = app.room
    if step is None:
        header = steps_so_far(app)
        words = "Step ▶ (→) shows the AI's inferences one at a time; Think (T) draws the next."
        return StepBox(header, app.session.note if app.on_paper else words, True)
    if room.preview is not None and not room.ahead:
        rule = RULES.get(step.rule, "")
        words = f"{step_text(step)}." + (f" Rule: {rule}." if rule else "")
        return StepBox(f"Thinking ahead: {step.rule}", capital(words), True)
    header = app.timeline().header(room.step_index, step.rule, room.expanded)
    enum = app.enumeration()
    if room.viewing is not None and enum is not None:
        # An arrangement's words need the room; its marks are explained in those words.
        return StepBox(header, capital(viewing_words(enum, room.viewing, room.asking)), False)
    lead = lead_of_shown(app)
    if room.asking:
        asked = lead if lead is not None and lead.rule == "subset" else step
        counter = app.session.ai.total_mines if enum is not None and counted(enum) else None
        ask = question(asked, len(numbers_of(app)), counter)
        spoken = room.spoken
        if spoken is not None:  # the class answered: its verdict under the question
            return StepBox(header, f"Question: {ask}\nYour answer, {spoken.words}", True)
        if app.on_paper:  # a handout's question: nothing on paper takes a click
            return StepBox(header, f"Question: {ask}", True)
        how = ASK_GUESS if is_guess(step) else ASK_CELLS
        return StepBox(header, f"Question: {ask} {how}", True)
    timeline = app.timeline()
    if not room.expanded and timeline.is_now(room.step_index):
        lessons = timeline.lessons_up_to(room.step_index)
        return StepBox(header, now_words(lessons, app.on_paper), True)
    words = answer_words(app, step, enum)
    if lead is not None:
        words = f"{step_text(lead)}, so {words}"
    return StepBox(header, capital(words), True)


def counted(enum: Enumeration) -> bool:
    """True when the mine counter decides an enumeration step (07, 08): the lesson is the count."""
    return bool(enum.decided_by_the_count()) or enum.outside_decided()


def now_words(lessons: int, paper: bool = False) -> str:
    """Return the words of now, when the numbers told since the last lesson step decide nothing."""
    since = f" since lesson step {lessons}" if lessons else ""
    keys = "" if paper else " T: the AI's next conclusion; A: its move."
    return f"Nothing new about a closed cell is certain from the numbers shown{since}.{keys}"


def steps_so_far(app: App) -> str:
    """Return how many steps the arrows go through: lesson steps, or every step after E.

    Counted as the step box's header counts them ("Lesson step 1 of 2"), not the
    bookkeeping the lesson steps fold in (a position said "15 so far" of its 2).
    """
    timeline = app.timeline()
    if app.room.expanded:
        what, count = "Steps", timeline.total
    else:
        what, count = "Lesson steps", len(timeline.lessons)
    return f"{what}: {count} so far" if count else f"{what}: none yet"


def answer_words(app: App, step: Step, enum: Optional[Enumeration]) -> str:
    """Return a step's answer, naming what decided it: the counter, a 50/50, the odds."""
    counted = counter_words(enum, found_text(step), app.on_paper) if enum is not None else ""
    if counted:
        return counted
    if enum is not None:  # the count is the one V steps through
        rule = RULES["enumeration"]
        return f"{agreed_words(enum, found_text(step))}. Rule: {rule}."
    if step.rule == "move" and step.decision is not None and step.decision.is_guess:
        shown = shown_board(app)
        untouched = [
            c
            for c in app.session.game.cells()
            if c not in shown and not any(n in shown for n in app.session.game.neighbors(c))
        ]
        others = other_odds(step.decision.cell, odds_then(app), untouched=untouched)
        why = app.guess_reason(step)
        return (
            decision_text(step.decision)
            + "."
            + (f" The others: {others}." if others else "")
            + (f" Why {cell_name(step.decision.cell)}: {capital(why)}." if why else "")
        )
    rule = RULES.get(step.rule, "")
    return f"{step_text(step)}." + (f" Rule: {rule}." if rule else "")


_ODDS_THEN: dict[tuple[int, int, int], dict[Cell, str]] = {}  # the last one asked for


def odds_then(app: App) -> dict[Cell, str]:
    """Return each closed cell's chance of a mine at the step on screen, as the overlay writes it.

    The step ahead of the log is now; a step of the log (a live game's guess,
    replayed) is counted again on the position just before it, once.
    """
    room, ai = app.room, app.session.ai
    if room.ahead or not 0 <= room.step_index < len(ai.steps):
        return {cell: text for cell, (_, text) in app.session.probabilities().items()}
    key = (id(ai), len(ai.steps), room.step_index)
    if key not in _ODDS_THEN:
        odds = position_before(ai, room.step_index).probabilities()
        mark = "" if odds.exact else "≈"
        _ODDS_THEN.clear()
        _ODDS_THEN[key] = {
            c: (mark if p not in (0, 1) else "") + percent(p) for c, p in odds.items()
        }
    return _ODDS_THEN[key]


def capital(words: str) -> str:
    """Return words with a capital first letter ("all 4 of ..." starts a sentence)."""
    return words[:1].upper() + words[1:]


def knowledge_list(app: App, step: Optional[Step], then: Optional[Knowledge]) -> KnowledgeList:
    """Return the knowledge list as at the step on screen (today's before any step).

    then: the knowledge at the step on screen (shown_knowledge), None outside a step.
    """
    session, room = app.session, app.room
    if room.preview is None and room.step_index < 0 and session.ai.steps:
        later = "." if app.on_paper else " (→)."
        return KnowledgeList(f"Known: shown step by step{later}", withheld=True)
    mines, when = (then.mines, " at this step") if then is not None else (session.ai.mines, "")
    rules = listed(app, then)
    known = then.safes if then is not None else session.ai.safes
    if room.ahead and not room.asking and step is not None:
        # The answer of the step ahead of the log: its conclusions are known now, as
        # after a step of the log (its tick and cross are on the board already).
        mines, known = mines | step.mines, known | step.safes
    safes = known - shown_board(app).keys()  # safe cells still closed on the board shown
    header = f"Known{when}: {plural(len(rules), 'sentence')}, {plural(len(mines), 'mine')}"
    header += f", {plural(len(safes), 'safe cell')}"
    focus = None
    if step is not None and (room.preview is None or room.ahead):
        wanted = [*step.premises] if room.asking else [*step.added, *step.premises]
        focus = next((rules.index(r) for r in wanted if r in rules), None)
    selected = rules.index(room.selected) if room.selected in rules else None
    return KnowledgeList(
        header,
        tuple(rule_text(rule) for rule in rules),
        bold=focus,
        selected=selected,
        first=room.scroll,
        follow=room.follow,
    )


def summary(app: App) -> str:
    """Return what the AI knows in one line, outside classroom mode, when asked for with H."""
    ai = app.session.ai
    if (
        not app.session.settings.known_safe_hint and app.session.ledger.counts()
    ):  # a teacher's: shown
        return (
            "H shows how many safe cells the AI knows (a hint: the game then counts as assisted)."
        )
    return (
        f"The AI knows {plural(len(ai.knowledge), 'sentence')}, {plural(len(ai.mines), 'mine')} "
        f"and {plural(len(ai.safes - ai.moves_made), 'safe cell')} to play. Press C to see them."
    )
