"""A finished game's review in the window: click by click, with the classroom's look.

No pygame here. The review shows the board as it was before each click
(its numbers and flags then), the click, its verdict in the step box, and
the certain cells (ticked) or the best guess (outlined) of that moment;
the panel lists every click with its verdict, the one on screen in bold,
under the game's summary. ← → step, Home and End go to the first click and
the end; Esc (or I) closes it. The review reads its record and nothing
else: it changes nothing in the records or the history, and the live
game's clock is held while it is open.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from store.history import History, Judge, history_dir
from sweeper import read_board_file
from sweeper.board import Cell, cell_name
from sweeper.review import ClickReview, Record, Review, read_record
from window.frame import Frame, Highlights, KnowledgeList, StepBox, Tile
from words.model import cells_text, clock_text, percent, plural
from words.records import game_fault_words
from words.review import click_line, safe_words, summary_line

REVIEW_HELP = "← → a click; Home, End: the first click, the end; Esc closes the review."


@dataclass
class Reviewing:
    """The review open in the window: its file, its record, and the click on screen."""

    path: Path
    record: Record
    index: int = 0  # the click on screen; len(clicks) is the game's end
    from_records: bool = False  # Esc goes back to the records view
    review: Optional[Review] = None  # kept once judged (the judge keeps only its last few)

    def done(self, judge: Judge) -> Optional[Review]:
        """Return the game's review, once the judge has it (asking again if it let it go)."""
        if self.review is None:
            self.review = judge.review_of(self.path)
            if self.review is None:
                judge.ask(self.path, first=True)  # nothing when it waits already
        return self.review

    def step(self, judge: Judge, where: str) -> str:
        """Move to the next or previous click, the first or the end; return what to say."""
        done = self.done(judge)
        if done is None:
            return "The game is being judged: its clicks show when it is done."
        last = len(done.clicks)
        moves = {"next": self.index + 1, "back": self.index - 1, "home": 0, "end": last}
        moves["stay"] = self.index
        self.index = min(max(moves[where], 0), last)
        if where == "next" and self.index == last and moves["next"] > last:
            return "The end of the game: ← goes back, Esc closes the review."
        return ""


def review_target(which: str) -> tuple[Optional[Path], str]:
    """Return the record runner.py --review names (a file, or 'last'), or why it cannot be read.

    The file is read here, so that a bad one is one line before any window opens.
    """
    if which == "last":
        kept = History().last()
        if kept is None:
            return None, (
                f"no finished game in the history yet ({history_dir()}): each game is kept "
                "there when it ends"
            )
        path = kept.path
    else:
        path = Path(which)
    try:
        read_record(read_board_file(path))
    except ValueError as error:
        return None, f"{path}: {error}"
    return path, ""


def title_of(record: Record) -> str:
    """Return the review's title: the record's, or its size."""
    mines = plural(len(record.mines), "mine")
    return record.title or f"A game on {record.height}x{record.width}, {mines}"


def review_frame(reviewing: Reviewing, judge: Judge, message: str) -> Frame:
    """Return the frame of the review on screen: the board before the click, and its verdict."""
    record = reviewing.record
    done = reviewing.done(judge)
    if done is None:
        return waiting_frame(reviewing, judge, message)
    clicks = done.clicks
    at_end = reviewing.index >= len(clicks)
    click = None if at_end else clicks[reviewing.index]
    if click is None:
        shown, flags = dict(done.revealed), done.flags
    else:
        shown, flags = dict(click.revealed), click.flags
    lost = done.lost_on
    mines_shown = at_end and lost is not None
    state = ("lost" if lost is not None else "won" if won(done) else "left") if at_end else "replay"
    return Frame(
        rows=record.height,
        columns=record.width,
        tiles=tiles(record, shown, flags, lost if mines_shown else None),
        odds=(),
        highlights=highlights(click, shown),
        title=f"Review: {title_of(record)}",
        mines=f"Mines {len(record.mines) - len(flags)}",
        time=f"Time {clock_text(time_of(done, reviewing.index) / 1000)}",
        status="Review",
        state=state if state != "left" else "playing",
        mood=state if state in ("lost", "won") else "playing",
        message=message,
        toggles=frozenset(),
        custom=False,
        classroom=True,
        step=step_box(done, reviewing.index),
        knowledge=click_list(done, reviewing.index),
        summary="",
        help=REVIEW_HELP,
        zeros=False,  # a 0 drawn blank, as in play
        replaying=not at_end,
        numbers=shown,
        reviewing=True,
    )


def waiting_frame(reviewing: Reviewing, judge: Judge, message: str) -> Frame:
    """Return the frame shown while the judge works: the closed board and its progress."""
    record = reviewing.record
    failed = judge.failed.get(reviewing.path)
    done, total = judge.progress.get(reviewing.path, (0, len(record.actions)))
    words = (
        f"This game cannot be reviewed: {game_fault_words(failed)}. Esc closes the review."
        if failed is not None
        else f"Judging every click against what could be seen then: {done} of {total} actions."
    )
    return Frame(
        rows=record.height,
        columns=record.width,
        tiles=("hidden",) * (record.height * record.width),
        odds=(),
        highlights=Highlights(),
        title=f"Review: {title_of(record)}",
        mines=f"Mines {len(record.mines)}",
        time="Time 0",
        status="Review",
        state="replay",
        mood="playing",
        message=message,
        toggles=frozenset(),
        custom=False,
        classroom=True,
        step=StepBox("Review", words, False),
        knowledge=KnowledgeList("Clicks: judging...", withheld=True),
        summary="",
        help=REVIEW_HELP,
        zeros=False,  # a 0 drawn blank, as in play
        replaying=True,
        numbers={},
        reviewing=True,
    )


def won(done: Review) -> bool:
    """True when the game ended with every safe cell open."""
    record = done.record
    return len(done.revealed) == record.height * record.width - len(record.mines)


def time_of(done: Review, index: int) -> int:
    """Return the game's clock at the click on screen (its last action's at the end), in ms."""
    if index < len(done.clicks):
        ms = done.clicks[index].action.ms
    else:
        ms = next((a.ms for a in reversed(done.record.actions) if a.ms is not None), None)
    return ms or 0


def tiles(
    record: Record, shown: dict[Cell, int], flags: frozenset[Cell], lost: Optional[ClickReview]
) -> tuple[Tile, ...]:
    """Return every cell as the player saw it then; at a lost end, the mines and the one hit."""
    hit = lost.opened[-1] if lost is not None and lost.opened else None
    found: list[Tile] = []
    for i in range(record.height):
        for j in range(record.width):
            cell = (i, j)
            if cell in shown:
                found.append(shown[cell])
            elif lost is not None and cell in flags and cell not in record.mines:
                found.append("wrong flag")
            elif cell in flags:
                found.append("flag")
            elif lost is not None and cell in record.mines:
                found.append("exploded" if cell == hit else "mine")
            else:
                found.append("hidden")
    return tuple(found)


def highlights(click: Optional[ClickReview], shown: dict[Cell, int]) -> Highlights:
    """Return the click's highlights: the numbers a safe click stands on, the certain cells
    ticked beside a risk, the AI's choice outlined beside a guess, the click itself framed."""
    if click is None:
        return Highlights()
    roles: dict[Cell, str] = {}
    marks: dict[Cell, bool] = {}
    for verdict in click.verdicts:
        roles.update((c, "premise") for c in verdict.numbers if c in shown)
    for cell in click.safes:
        roles[cell] = "safe"
        marks[cell] = False
    if click.action.kind == "chord":  # the cells it opens (the click frames the number)
        roles.update((cell, "selected") for cell in click.opened)
    if click.lost and click.opened:
        roles[click.opened[-1]] = "mine"
    return Highlights(
        roles=tuple(roles.items()),
        framed=frozenset(c for c in roles if c in shown),
        marks=tuple(marks.items()),
        step_cell=click.action.cell,
        choice=click.best if click.word == "guess" else None,
    )


def step_box(done: Review, index: int) -> StepBox:
    """Return the step box: the click's verdict in a sentence or two, or the game's end."""
    clicks = done.clicks
    if index >= len(clicks):
        return StepBox("The end", end_words(done), False)
    click = clicks[index]
    head = f"Click {index + 1} of {len(clicks)}: {cell_name(click.action.cell)}, {click.word}"
    return StepBox(head, verdict_words(click), False)


def verdict_words(click: ClickReview) -> str:
    """Return what a click was, from what the player could see then, in words."""
    name = cell_name(click.action.cell)
    what = name
    if click.action.kind == "chord":
        opened = cells_text(click.opened) if click.opened else "nothing"
        what = f"The chord on {name} (it opens {opened})"
    if click.word == "safe" and not click.verdicts and not click.revealed:
        words = f"{what}: the first click, kept clear by the first-click rule."
    elif click.word == "safe":
        why = safe_words(click)  # the reasons a class's answer on these cells gets
        words = f"{what} was safe. Why: {why} The numbers it stands on are framed."
    elif click.word == "risk":
        certain = cells_text(click.safes) if click.safes else "a cell"
        were = "was" if len(click.safes) == 1 else "were"
        risk = f"a risk: a {percent(click.chance)} chance of a mine"
        words = (
            f"{what} was {'certainly a mine' if click.chance == 1 else risk}, while "
            f"{certain} {were} certainly safe (ticked)."
        )
    else:
        lowest = click.lowest if click.lowest is not None else click.chance
        than = (
            "as low as any on the board"
            if click.chance <= lowest
            else f"the lowest on the board was {percent(lowest)}"
        )
        best = ""
        if click.best is not None:
            best = f"; the AI would have played {cell_name(click.best)} (outlined)"
        words = (
            f"{what} was a guess: no cell was certain. Its chance of a mine was "
            f"{percent(click.chance)}, {than}{best}."
        )
    if click.lost:
        words += " It was a mine: the game was lost here."
    return words


def end_words(done: Review) -> str:
    """Return the game's end and its summary."""
    if done.lost_on is not None:
        return f"{summary_line(done)}."  # it says where it was lost
    how = "Won: every safe cell is open." if won(done) else "Left unfinished."
    return f"{how} {summary_line(done)}."


def click_list(done: Review, index: int) -> KnowledgeList:
    """Return the panel's list: every click with its verdict, the one on screen in bold."""
    counts = done.counts
    header = (
        f"{len(done.clicks)} clicks judged (flags aside): {counts['safe']} safe, "
        f"{counts['risk']} risk, "
        f"{counts['guess']} guess; luck {percent(done.luck)}"
    )
    rows = tuple(f"{k + 1}. {click_line(c)}" for k, c in enumerate(done.clicks))
    bold = index if index < len(rows) else None
    return KnowledgeList(header, rows, bold=bold, first=max(0, index - 3))
