"""build_frame(moment, view): everything the screen shows at one moment, as plain data.

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

from dataclasses import dataclass
from typing import Optional, Union

from sweeper import BOARDS
from sweeper.board import Cell, cell_name
from sweeper.engine import Rule
from sweeper.game import Game
from sweeper.records import Step
from window.answers import is_guess, mark, step_reasons
from window.arrangements import Enumeration, counted_words, viewing_words
from window.lesson import own_words, question, teachers_answer
from window.moment import Moment
from window.records_view import RecordsTable
from window.session import opening
from words.answers import step_reasons_text
from words.model import (
    RULES,
    cells_summary,
    clock_text,
    decision_text,
    found_text,
    other_odds,
    plural,
    rule_text,
    step_text,
)
from words.window import CLASS_HELP, HELP, KEYS_HINT, ODDS_PICK, ODDS_SCALE

# A cell as drawn: its number, or one of these pictures.
Tile = Union[int, str]  # 0-8, "hidden", "?", "flag", "wrong flag", "mine", "exploded",
# or "closed mine" (the editor: a mine the class does not see)
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
    """The step box: a header, the words of the step (question or answer), and the legend.

    why: on an answer beat, the reasons of the step's cells (the ones the class's
    verdicts give), drawn after the words when the box has room for them whole.
    """

    header: str
    words: str
    legend: bool
    marks: Optional[tuple[tuple[bool, str], ...]] = None  # the ticks' and crosses' words, if
    # they are not what the AI knew (a student's problem: "missed: provably safe")
    why: str = ""


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
    editing: bool = False  # the position editor is on screen (window/editor.py): its buttons
    # What the tests and the command guard read: the moment's facts.
    paused: bool = False
    asking: bool = False
    replaying: bool = False
    shown_step: Optional[Step] = None
    numbers: Optional[dict[Cell, int]] = None
    # In class, the cells the moment on screen is about: a large board shows them large.
    focus: frozenset[Cell] = frozenset()


@dataclass(frozen=True)
class View:
    """What the window itself holds beside the moment: its words, a held button, a sheet."""

    message: str = ""
    pressed: frozenset[Cell] = frozenset()
    sheet: Optional[tuple[str, tuple[str, ...]]] = None  # a title and its lines, over the board
    # A handout (--export, --deck): a picture on paper, where no key or click does
    # anything, so its words name none ("Click a closed cell to answer", "V shows them").
    on_paper: bool = False


def listed(m: Moment) -> list[Rule]:
    """Return the sentences the knowledge list shows: as at the step on screen, or today's."""
    if m.knowledge is not None:
        return list(m.knowledge.sentences)
    return [Rule(frozenset(s.cells), s.count) for s in m.session.ai.knowledge]


def first_row(count: int, rows: int, scroll: int, focus: Optional[int], follow: bool) -> int:
    """Return the top row of a list of count rows that shows rows of them.

    The list keeps its scroll, unless it follows the step and its sentence is out of view.
    """
    last_top = max(0, count - rows)
    first = min(scroll, last_top)
    if follow and focus is not None and not first <= focus < first + rows:
        first = min(max(0, focus - rows // 2), last_top)
    return first


def build_frame(m: Moment, v: View) -> Frame:
    """Return everything the screen shows at a moment, with the house rules applied."""
    session, room, game = m.session, m.room, m.game
    paused = session.watch.paused
    shown, step, then, end = m.board, m.step, m.then, m.ended  # the moment shown is the moment
    flags = game.flags if end or then is None else then.flags
    kind = game.status() if end else "playing"
    status = session.status_text() if end or paused else "Playing"  # "Paused" while paused
    time = session.time_text() if end or then is None else clock_text(then.elapsed)
    odds = session.overlay and not room.on  # the classroom shows no odds: they give answers
    said = session.ending if end else m.words
    if room.on and step is None and room.step_index < 0:  # the opening screen's own line
        said = said or opening(session)
    message = v.message or said
    if v.on_paper and message == opening(session):  # a handout names no key
        message = opening(session, paper=True)
    marks = Highlights() if paused else highlights(m, v, end)
    drawn = () if paused else tiles(m, end, flags)
    return Frame(
        rows=game.height,
        columns=game.width,
        tiles=drawn,
        odds=odds_row(m, drawn) if odds and not paused else (),
        highlights=marks,
        title=session.title or session.describe(),
        mines=f"Mines {mine_counter(m, end, flags)}",
        time=f"Time {time}",
        status=status,
        state=kind,
        mood="pressed" if v.pressed else kind,
        message=message,
        toggles=toggles(m),
        custom=session.custom is not None,
        classroom=room.on,
        step=step_box(m, v.on_paper) if room.on else None,
        knowledge=knowledge_list(m, v.on_paper) if room.on else None,
        summary="" if room.on else summary(m),
        help="" if v.on_paper else (CLASS_HELP if room.keys else KEYS_HINT) if room.on else HELP,
        zeros=room.on,
        keys=room.on and room.keys,
        sheet_title=v.sheet[0] if v.sheet else "",
        sheet=v.sheet[1] if v.sheet else (),
        odds_key=ODDS_KEY if odds and not paused else None,
        paused=paused,
        asking=room.asking,
        replaying=m.replaying,
        shown_step=step,
        numbers=shown,
        focus=class_focus(asked_marks(m, v, end, marks), step, shown, game)
        if room.on
        else frozenset(),
    )


def asked_marks(m: Moment, v: View, end: bool, marks: Highlights) -> Highlights:
    """Return the question's own marks while the class answers: its answers left out.

    The view of a large board holds still while the class votes: each answer's
    mark, the numbers its verdict names and its counter-arrangement would move
    the part shown, and the next click would land on another cell.
    """
    if not (m.room.asking and m.room.answers):
        return marks
    return highlights(m, v, end, answers=False)


def class_focus(
    marks: Highlights, step: Optional[Step], shown: dict[Cell, int], game: Game
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


# The most an answer's "Why:" says (characters): the reasons of its cells in reading order,
# as many as fit (on screen, drawn when the box holds them whole; on paper, always).
WHY_MOST = 480

# How the class answers a question (a click there plays nothing), and how to see the AI's.
ASK_CELLS = "(Click a closed cell to answer: left safe, right a mine. → shows the answer.)"
ASK_GUESS = "(Click the cell you would click. → shows the answer.)"
ODDS_KEY = OddsKey(ODDS_SCALE, (0, 25, 50, 75, 100), ODDS_PICK)


def clock_field(m: Moment) -> Optional[str]:
    """Return the Time box's words when they follow the game's clock, else None.

    The one part of a frame that changes with nothing done: the window asks it
    between changes, and moves the figure on without deriving the frame again.
    An earlier moment in class shows that moment's time, which stands still.
    """
    if m.ended or m.then is None:
        return f"Time {m.session.time_text()}"
    return None


def mine_counter(m: Moment, end: bool, flags: frozenset[Cell] | set[Cell]) -> str:
    """Return the mine counter's figure: the mines less the flags, or "?" for a lesson that
    keeps its total from the class ('# Total: hidden'), until its end shows every mine."""
    game = m.game
    if end and game.won():
        return "0"
    if m.session.ai.total_mines is None and not end:
        return "?"
    return str(game.mine_count - len(flags))


def tiles(m: Moment, end: bool, flags: frozenset[Cell] | set[Cell]) -> tuple[Tile, ...]:
    """Return every cell as the player saw it at the moment shown (flags: that moment's).

    The game's mines, and a wrong flag's cross, show only with its end.
    """
    game, shown, marks = m.game, m.board, m.session.marks
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
            found.append("?" if cell in marks else "hidden")
    return tuple(found)


def odds_row(m: Moment, drawn: tuple[Tile, ...]) -> tuple[str, ...]:
    """Return each cell's chance of a mine as the overlay writes it, row by row.

    Only a closed cell shows one: a flag keeps the player's own mark in sight, and
    the mines a lost game shows (the exploded one too) are no chance but a fact.
    """
    odds, game = m.session.probabilities(), m.game
    return tuple(
        odds[c][1] if c in odds and tile in ("hidden", "?") else ""
        for c, tile in zip(game.cells(), drawn, strict=True)
    )


def step_roles(step: Step, asking: bool = False) -> dict[Cell, str]:
    """Return the highlight role of each cell a step talks about (conclusions win).

    asking: the question beat, premises only (the conclusion is not given away).
    """
    roles: dict[Cell, str] = {}
    for premise in step.premises:  # a subset's larger sentence too: its extra cells are asked about
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


def highlights(m: Moment, v: View, end: bool, answers: bool = True) -> Highlights:
    """Return what the board shows over its cells at the moment on screen (answers: with the
    class's answers on a question beat, their marks, numbers and counter-arrangement)."""
    session, room, game = m.session, m.room, m.game
    shown, step, known = m.board, m.step, m.knowledge
    over = game.is_over()
    # A thought shown outside class is drawn on the live board, conclusion and all.
    if not room.on:
        step = room.preview if room.thought else None
    # While an arrangement is drawn, only the premises are coloured: it shows one
    # possibility, and the conclusion's colours would read as part of it.
    asking = room.on and (room.asking or room.viewing is not None)
    roles: dict[Cell, str] = {}
    lead = m.lead
    if step is not None:
        if room.on:  # the numbers the question is about, framed (its answer too: 01's B2)
            roles.update((cell, "premise") for cell in m.numbers if cell in shown)
        if lead is not None:  # the step that made the premise: its question, its answer first
            roles.update(step_roles(lead, asking))
        if lead is None or not asking:
            roles.update(step_roles(step, asking))
    if room.on and room.selected is not None:
        roles.update((cell, "selected") for cell in room.selected.cells)
    spoken = room.spoken if room.on and room.asking and answers else None
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
    drawn = arrangement(m)
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
        pressed=v.pressed,
        arrangement=drawn,
        answers=tuple((c, mark(a)) for c, a in room.answers.items())
        if room.asking and answers
        else (),
    )


def arrangement(m: Moment) -> tuple[tuple[Cell, str], ...]:
    """Return the arrangement on screen (V): a mine on each mined cell, a ring on the rest."""
    viewing = m.room.viewing
    enum = m.enumeration if viewing is not None else None
    if enum is None or not enum.arrangements or viewing is None:
        return ()
    shown = enum.arrangements[viewing]
    faint = "mine" if shown.weight else "faint mine"  # ruled out by the mine total: faint
    return tuple((c, faint if c in shown.mines else "ring") for c in enum.cells)


def toggles(m: Moment) -> frozenset[str]:
    """Return the buttons drawn on: toggles that are on, and the current board's button."""
    session = m.session
    on = {"auto": session.autoplay, "overlay": session.overlay, "classroom": m.room.on}
    found = {name for name, value in on.items() if value}
    if session.position_text is None:
        found |= {f"board:{key}" for key, board in BOARDS.items() if board == session.board}
        if session.custom is not None and session.custom == session.board:
            found.add("board:custom")
    return frozenset(found)


def step_box(m: Moment, paper: bool = False) -> StepBox:
    """Return the step box: the step on show, its question or its answer (paper: a handout's)."""
    room, step, timeline = m.room, m.step, m.timeline
    if step is None:
        header = steps_so_far(m)
        words = "Step ▶ (→) shows the AI's inferences one at a time; Think (T) draws the next."
        return StepBox(header, m.session.lesson.note if paper else words, True)
    if room.preview is not None and not room.ahead:
        rule = RULES.get(step.rule, "")
        words = f"{step_text(step)}." + (f" Rule: {rule}." if rule else "")
        return StepBox(f"Thinking ahead: {step.rule}", capital(words), True)
    header = timeline.header(room.step_index, step.rule, room.expanded)
    enum = m.enumeration
    if room.viewing is not None and enum is not None:
        # An arrangement's words need the room; its marks are explained in those words.
        return StepBox(header, capital(viewing_words(enum, room.viewing, room.asking)), False)
    lead = m.lead
    # A lesson file's own question and answer, on the lesson step they are for.
    own = None if room.expanded else own_words(m.session.lesson, timeline.number(room.step_index))
    if room.asking:
        asked = lead if lead is not None and lead.rule == "subset" else step
        counter = m.session.ai.total_mines if enum is not None and counted(enum) else None
        ask = question(asked, len(m.numbers), counter)
        ask = own.question if own is not None and own.question else ask
        spoken = room.spoken
        if spoken is not None:  # the class answered: its verdict under the question
            return StepBox(header, f"Question: {ask}\nYour answer, {spoken.words}", True)
        if paper:  # a handout's question: nothing on paper takes a click
            return StepBox(header, f"Question: {ask}", True)
        how = ASK_GUESS if is_guess(step) else ASK_CELLS
        return StepBox(header, f"Question: {ask} {how}", True)
    if not room.expanded and timeline.is_now(room.step_index):
        lessons = timeline.lessons_up_to(room.step_index)
        return StepBox(header, now_words(lessons, paper, m.game.is_over()), True)
    why = answer_why(m, step)
    words = answer_words(m, step, paper, rule=not why)
    if lead is not None:
        words = f"{step_text(lead)}, so {words}"
    if own is not None and own.answer:  # the teacher's answer, the AI's reason under it
        return StepBox(header, teachers_answer(own.answer, why.removeprefix("Why: ")), True)
    return StepBox(header, capital(words), True, why=why)


def counted(enum: Enumeration) -> bool:
    """True when the mine counter decides an enumeration step (07, 08): the lesson is the count."""
    return bool(enum.decided_by_the_count()) or enum.outside_decided()


def now_words(lessons: int, paper: bool = False, over: bool = False) -> str:
    """Return the words of now, when the numbers told since the last lesson step decide nothing
    (over: the game is over, so no key plays on)."""
    since = f" since lesson step {lessons}" if lessons else ""
    keys = "" if paper else " T: the AI's next conclusion; A: its move."
    keys = " The game is over: N starts a new one." if over and not paper else keys
    return f"Nothing new about a closed cell is certain from the numbers shown{since}.{keys}"


def steps_so_far(m: Moment) -> str:
    """Return how many steps the arrows go through: lesson steps, or every step after E.

    Counted as the step box's header counts them ("Lesson step 1 of 2"), not the
    bookkeeping the lesson steps fold in (a position said "15 so far" of its 2).
    """
    timeline = m.timeline
    if m.room.expanded:
        what, count = "Steps", timeline.total
    else:
        what, count = "Lesson steps", len(timeline.lessons)
    return f"{what}: {count} so far" if count else f"{what}: none yet"


def answer_words(m: Moment, step: Step, paper: bool = False, rule: bool = True) -> str:
    """Return a step's answer: what it found and what the AI did: its rule, or what it counted
    (the count V steps through), or on a guess its cell and why.

    rule: a step by CS50's rules ends with its rule in words ("Rule: ..."); beside the
    reasons of its cells (answer_why), which name the numbers at work, it is left out:
    the step's own words name the rule already ("the count is 0").
    """
    if step.rule == "move" and step.decision is not None and step.decision.is_guess:
        return guess_words(m, step)
    enum = m.enumeration
    if enum is not None:
        numbers = cells_summary(m.numbers, most=8)
        return f"{capital(found_text(step))}. {counted_words(enum, numbers, paper)}"
    said = RULES.get(step.rule, "") if rule else ""
    return f"{step_text(step)}." + (f" Rule: {said}." if said else "")


def answer_why(m: Moment, step: Step) -> str:
    """Return why a step's cells are as they are: the reasons the class's verdicts on them give
    (the fewest numbers, the weakest rule), as many as WHY_MOST characters hold."""
    if step.rule == "move":
        return ""
    return step_reasons_text(step_reasons(m), WHY_MOST)


def guess_words(m: Moment, step: Step) -> str:
    """Return a guess's answer: the AI's cell and why, the odds of the others."""
    assert step.decision is not None
    shown, game = m.board, m.game
    untouched = [
        c for c in game.cells() if c not in shown and not any(n in shown for n in game.neighbors(c))
    ]
    others = other_odds(step.decision.cell, m.odds_then, untouched=untouched)
    why = m.guess_reason
    return (
        decision_text(step.decision)
        + "."
        + (f" The others: {others}." if others else "")
        + (f" Why {cell_name(step.decision.cell)}: {capital(why)}." if why else "")
    )


def capital(words: str) -> str:
    """Return words with a capital first letter ("all 4 of ..." starts a sentence)."""
    return words[:1].upper() + words[1:]


def knowledge_list(m: Moment, paper: bool = False) -> KnowledgeList:
    """Return the knowledge list as at the step on screen (today's before any step)."""
    session, room, step, then = m.session, m.room, m.step, m.knowledge
    if room.preview is None and room.step_index < 0 and session.ai.steps:
        later = "." if paper else " (→)."
        return KnowledgeList(f"Known: shown step by step{later}", withheld=True)
    mines, when = (then.mines, " at this step") if then is not None else (session.ai.mines, "")
    rules = listed(m)
    known = then.safes if then is not None else session.ai.safes
    if room.ahead and not room.asking and step is not None:
        # The answer of the step ahead of the log: its conclusions are known now, as
        # after a step of the log (its tick and cross are on the board already).
        mines, known = mines | step.mines, known | step.safes
    safes = known - m.board.keys()  # safe cells still closed on the board shown
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


def summary(m: Moment) -> str:
    """Return what the AI knows in one line, outside classroom mode, when asked for with H."""
    session = m.session
    ai = session.ai
    if not session.settings.known_safe_hint and session.ledger.counts():  # a teacher's: shown
        return (
            "H shows how many safe cells the AI knows (a hint: on after the first click, the "
            "game counts as assisted)."
        )
    return (
        f"The AI knows {plural(len(ai.knowledge), 'sentence')}, {plural(len(ai.mines), 'mine')} "
        f"and {plural(len(ai.safes - ai.moves_made), 'safe cell')} to play. Press C to see them."
    )
