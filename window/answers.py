"""The class answers: on a question beat, a click on a closed cell is the class's answer, judged.

No pygame here. A left click says "safe", a right click "a mine" (on a guess
question either is the cell the class would click). Nothing is played: the
claim goes to the one judge (sweeper/judge.py) with what the class sees at
that moment, the numbers then and the mine total, and comes back right,
wrong or uncertain with its proof, its chance and, where it can fail, a
counter-arrangement. This module only turns that verdict into the lesson's
words (words/answers.py) and the open numbers to frame; it counts nothing.
The answers stay on the beat, each cell marked, until the class moves on.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Optional

from sweeper import Cell, Step, cell_name, parse_cell
from sweeper.judge import judge, survey
from sweeper.position import Position
from sweeper.reasons import Reason, reasons_for
from window.classroom import Answer
from words import why_line
from words.answers import CLAIMED, VERDICT_WORDS, answer_heading, guess_answer_text, verdict_reason
from words.model import percent

if TYPE_CHECKING:
    from window.moment import Moment

ON_A_NUMBER = "An answer goes on a closed cell: left click says safe, right click a mine."
MOST_REASONED = 24  # a step's cells given a reason on its answer beat, in reading order


def is_guess(step: Optional[Step]) -> bool:
    """True when a step is a guess: its question asks which cell the class would click."""
    decision = step.decision if step is not None and step.rule == "move" else None
    return decision is not None and decision.is_guess


def give(m: Moment, cell: Cell, claim: str) -> Answer:
    """Return the class's answer on cell, judged; ValueError (one line) for an open or off cell."""
    guess = is_guess(m.step)
    claim = "safe" if guess else claim  # the cell the class would click: a bet that it is safe
    position = m.seen()
    verdict = judge(position, cell, claim)
    if guess and verdict.word == "uncertain":
        view = survey(position, choose=False)
        decision = m.step.decision if m.step is not None else None
        safest = [c for c, p in view.odds.items() if p == view.lowest and c not in view.mines]
        reason = guess_answer_text(cell, verdict.chance, view.lowest, safest, decision)
    else:
        reason = verdict_reason(
            cell,
            claim,
            verdict.word,
            verdict.chance,
            verdict.exact,
            verdict.reason,
            verdict.counter is not None,
            total=position.total is not None,
        )
    return Answer(cell, claim, verdict, reason, verdict.numbers, guess)


def step_reasons(m: Moment) -> tuple[tuple[Reason, frozenset[Cell]], ...]:
    """Return why the step on screen concludes what it does: the reasons a verdict on each of
    its cells gives (sweeper/reasons.py), on what the class sees, each reason once.

    At most MOST_REASONED cells are asked, in reading order: the rest are
    left out (a wide count's answer names them all in its own words).
    """
    step = m.step
    if step is None or step.rule == "move":
        return ()
    board = m.board
    settled = {c: c in step.mines for c in sorted(step.mines | step.safes) if c not in board}
    if not settled:
        return ()
    view = m.seen()
    decided = _decided(view)
    if decided is not None:  # counted: only what the class's numbers settle (all, as the AI's)
        settled = {c: mine for c, mine in settled.items() if decided.get(c) is mine}
    try:
        return reasons_for(view, dict(list(settled.items())[:MOST_REASONED]))
    except ValueError:  # not settled by what the class sees: the step's own words stand
        return ()


def _decided(view: Position) -> Optional[dict[Cell, bool]]:
    """Return every closed cell the view's numbers and total settle (cell -> mine), or None
    when the view is too wide to count."""
    solution = view.solution
    if not solution.exact:
        return None
    safes, mines = solution.certain()
    found = {c: False for c in safes} | {c: True for c in mines}
    outside = solution.outside_certain()
    if outside is not None:
        found |= {c: outside for c in view.outside()}
    return found


def mark(answer: Answer) -> str:
    """Return what marks an answered cell: its verdict, or on a guess its chance of a mine."""
    verdict = answer.verdict
    if answer.guess and verdict.word == "uncertain":
        return ("≈" if not verdict.exact else "") + percent(verdict.chance)
    return verdict.word


def tally(answers: Mapping[Cell, Answer]) -> str:
    """Return the class's answers on this beat in one line: each cell and its verdict (odds)."""
    said = ", ".join(
        f"{cell_name(a.cell)} {VERDICT_WORDS.get(mark(a), mark(a))}" for a in answers.values()
    )
    return f"Answers: {said}. More clicks answer again; → shows the AI's answer."


def counter_board(answer: Answer, board: Mapping[Cell, int], height: int, width: int) -> str:
    """Return a counter-arrangement as a board in the position notation (* its mines)."""
    mines = answer.verdict.counter or frozenset()
    rows = []
    for r in range(height):
        row = ""
        for c in range(width):
            shown = board.get((r, c))
            row += str(shown) if shown is not None else "*" if (r, c) in mines else "."
        rows.append(row)
    other = "safe" if answer.claim == "mine" else "a mine"
    title = f"# A counter-arrangement: {cell_name(answer.cell)} {other}; * marks its mines"
    return "\n".join([title, *rows])


def parse_answer(spec: str) -> tuple[Optional[tuple[Cell, str]], str]:
    """Return --answer's CELL:CLAIM as a cell and a claim, or None and what was wrong."""
    name, _, claim = spec.partition(":")
    if claim not in ("safe", "mine"):
        return None, f"--answer {spec}: write CELL:safe or CELL:mine, such as B2:safe"
    try:
        return (parse_cell(name), claim), ""
    except ValueError as error:
        return None, f"--answer: {error}"


def answer_at(m: Moment, cell: Cell, claim: str) -> tuple[str, list[str], Optional[Answer]]:
    """Judge the class's claim about cell at the moment on screen (runner.py --answer).

    Returns what was wrong in one line, or "", the lines to print and the answer:
    the verdict first (its word, then the claim), then, for a cell the numbers
    decide, "Why: " and its reason (sweeper/reasons.py, in words/), then the
    counter-arrangement where the claim can fail.
    """
    game, board = m.game, m.board
    if not (0 <= cell[0] < game.height and 0 <= cell[1] < game.width):
        rows = cell_name((game.height - 1, 0))[:-1]
        return (
            f"--answer: {cell_name(cell)} is off the {game.height}x{game.width} board "
            f"(rows A to {rows}, columns 1 to {game.width})"
        ), [], None
    if cell in board:
        return (
            f"--answer: {cell_name(cell)} is open (it shows {board[cell]}): "
            "an answer is about a closed cell"
        ), [], None
    given = give(m, cell, claim)
    verdict = given.verdict
    heading = f"{verdict.word}: {cell_name(cell)} {CLAIMED[given.claim]}."
    if verdict.reason is None:  # not certain: its chance, and what can happen
        said = given.words.removeprefix(answer_heading(cell, given.claim, verdict.word) + ". ")
        lines = [f"{heading} {said}"]
    elif verdict.word == "wrong":
        other = CLAIMED["safe" if given.claim == "mine" else "mine"]
        lines = [f"{heading} It is {other} in every arrangement.", why_line(verdict.reason)]
    else:
        lines = [heading, why_line(verdict.reason)]
    if given.verdict.counter is not None:
        lines.append(counter_board(given, board, game.height, game.width))
    return "", lines, given
