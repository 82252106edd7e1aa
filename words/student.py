"""Words for what the check of a student's AI finds (student/check.py): one line, then why.

The checker hands out problems as data; this module, at the edge, writes
them for the student and the teacher: the call that went wrong as their
code saw it (``add_knowledge((2, 2), 1)``), the cells as the board names
them (C3), and the judge's proof in CS50's words, with the steps written
by words/model.py. It imports no pygame.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Optional

from student.check import BEYOND, Call, Problem
from student.process import Failure, State
from sweeper.board import Cell, cell_name
from sweeper.judge import Verdict, judge
from sweeper.records import Step
from words.model import PROOF_WORDS, cells_text, percent, plural, rule_text, step_text
from words.reasons import why_line

OWN_MINE = "CS50's make_random_move chooses among cells neither played nor known to be mines."
MOST_STEPS = 12  # proof steps written out; a longer chain says how many are left out
MOST_SENTENCES = 12  # of their sentences, beside a problem


def cell_words(cell: Cell, size: tuple[int, int]) -> str:
    """Return a cell as the board and their code name it: "C3 (2, 2)"; off the board, says so."""
    height, width = size
    if 0 <= cell[0] < height and 0 <= cell[1] < width:
        return f"{cell_name(cell)} {cell}"
    return f"{cell}, off the {height}x{width} board"


def call_text(call: Call) -> str:
    """Return a call as their code received it: "add_knowledge((2, 2), 1) (C3 shows 1)"."""
    if call.name == "add_knowledge":
        assert call.cell is not None
        shows = f"{cell_name(call.cell)} shows {call.count}"
        return f"add_knowledge({call.cell}, {call.count}) ({shows})"
    if call.name == "MinesweeperAI":
        return "MinesweeperAI(height, width)"
    return f"{call.name}()"


def where_text(problem: Problem) -> str:
    """Return where a problem is: "seed 4, move 6" (move 0: before the first move)."""
    move = "before the first move" if problem.move == 0 else f"move {problem.move}"
    return f"seed {problem.seed}, {move}"


# -- one line --------------------------------------------------------------------------


def problem_line(problem: Problem) -> str:
    """Return what went wrong in one line: the call, the cell or sentence, and what is true."""
    size = problem.board[:2]
    call = call_text(problem.call)
    cell = cell_words(problem.cell, size) if problem.cell is not None else ""
    kind, detail = problem.kind, problem.detail
    if kind == "unsafe move":
        if detail == "own mine":
            return f"{call} returned {cell}, a cell in their own self.mines"
        verdict = problem.verdict
        chance = f" ({percent(verdict.chance)} chance of a mine)" if verdict is not None else ""
        if detail == "mine":
            return f"{call} returned {cell}, a mine: nothing they were told proves it safe{chance}"
        return f"{call} returned {cell}: safe by luck, as nothing they were told proves it{chance}"
    if kind == "wrong mark":
        if problem.cell is not None and not _on(problem.cell, size):
            return f"{call} put {problem.cell} in self.{detail}: a cell off the board"
        return f"{call} put {cell} in self.{detail}, but it is " + (
            "a mine" if detail == "safes" else "safe"
        )
    if kind == "wrong sentence":
        return sentence_line(problem, call, size)
    if kind in ("missed inference", BEYOND):
        assert problem.verdict is not None
        proves = "CS50's rules prove" if kind == "missed inference" else "only"
        if kind == BEYOND:
            return (
                f"{call} returned None; {cell} is safe, but {proves} "
                f"{PROOF_WORDS[problem.verdict.rule]} proves it: beyond CS50's rules"
            )
        return f"{call} returned None, but {proves} {cell} safe: {rule_words(problem)}"
    if kind == "timeout":
        assert problem.failure is not None
        return f"{call} gave {problem.failure.what}{_at(problem.failure)} (a loop that never ends?)"
    return error_line(problem, call)


def sentence_line(problem: Problem, call: str, size: tuple[int, int]) -> str:
    """Return a wrong sentence in one line: added, or changed in place (and then why, likely)."""
    assert problem.sentence is not None
    said = sentence_text(problem.sentence, size)
    wrong = (
        f"but its cells hold {plural(problem.held, 'mine')}"
        if all(_on(c, size) for c in problem.sentence[0])
        else "naming a cell off the board"
    )
    if problem.detail == "shared":
        assert problem.shares is not None
        other = sentence_text(problem.shares, size)
        return (
            f"{call} made {said} with the very set of cells that {other} holds: two Sentences "
            "share one set (self.cells = cells keeps the caller's set), so a change to one "
            "changes the other"
        )
    if problem.was is None:
        line = f"{call} added {said} to self.knowledge, {wrong}"
        if problem.backwards is not None:
            (_, n_small), (_, n_big) = problem.backwards
            smaller = sentence_text(problem.backwards[0], size)
            larger = sentence_text(problem.backwards[1], size)
            line += (
                f": it is {larger} without {smaller}, counted {n_small} - {n_big}; the subset "
                f"rule counts the larger's mines less the smaller's ({n_big} - {n_small})"
            )
    else:
        was = sentence_text(problem.was, size)
        line = (
            f"{call} changed {was} in self.knowledge into {said} without adding it, {wrong}: "
            "a sentence changed by a change to another. Do two Sentences share one set?"
        )
    if problem.shares is not None:
        other = sentence_text(problem.shares, size)
        line += f" {said} holds the very set of cells {other} holds (self.cells = cells?)"
    return line


def error_line(problem: Problem, call: str) -> str:
    """Return an error in one line: what was raised and their line, or what came back."""
    detail, failure = problem.detail, problem.failure
    if detail == "not a cell":
        return f"{call} returned {problem.value}, not a cell: a tuple (row, column) or None"
    if detail == "off the board":
        height, width = problem.board[:2]
        return f"{call} returned {problem.value}, off the {height}x{width} board"
    if detail == "played":
        assert problem.cell is not None
        return (
            f"{call} returned {cell_words(problem.cell, problem.board[:2])}, a move already "
            "made: the game cannot go on"
        )
    assert failure is not None
    what = named(failure.what, problem.board[:2])
    if detail == "unfit":
        after = call if failure.during != "state" else f"after {call}, their state"
        return f"{after}: {what}"
    if detail == "ended":
        return f"{call}: {what} (os._exit, a crash, or out of memory)"
    if detail == "load":
        return f"their file could not be loaded: {what}{_at(failure)}"
    raised = "called" if detail == "exit" else "raised"
    return f"{call} {raised} {what}{_at(failure)}"


def _at(failure: Failure) -> str:
    """Return " at minesweeper.py line 77: self.cells.remove(cell)": their last line, if any.

    A timeout's is the line their code was on when it was stopped.
    """
    if not failure.frames:
        return ""
    frame = failure.frames[-1]
    code = f": {frame.code}" if frame.code else ""
    return f" at {frame.file} line {frame.line}{code}"


CELL_PAIR = re.compile(r"\((\d+), (\d+)\)")


def named(text: str, size: tuple[int, int]) -> str:
    """Return text with each (row, col) on the board named as well: "KeyError: A7 (0, 6)"."""

    def name(found: re.Match[str]) -> str:
        cell = (int(found[1]), int(found[2]))
        return f"{cell_name(cell)} {found[0]}" if _on(cell, size) else found[0]

    return CELL_PAIR.sub(name, text)


def rule_words(problem: Problem) -> str:
    """Return the CS50 rule that proves a missed cell safe, with its sentences.

    "the subset rule: {E8, F8} = 1 lies inside {D8, E8, F8} = 1, which leaves {D8} = 0";
    "a count of 0: {B8, D8} = 0 makes every cell in it safe".
    """
    verdict = problem.verdict
    assert verdict is not None
    zeros = [s for s in verdict.proof if s.rule == "zero" and s.premises]
    zero = zeros[-1].premises[0] if zeros else None
    subsets = [s for s in verdict.proof if s.rule == "subset"]
    if subsets:
        step = subsets[-1]
        small, big = step.premises
        assert step.sentence is not None
        text = (
            f"the subset rule: {rule_text(small)} lies inside {rule_text(big)}, "
            f"which leaves {rule_text(step.sentence)}"
        )
        if zero is not None and zero != step.sentence:
            text += f", and in the end {rule_text(zero)}"
        return text
    if zero is not None:
        return f"a count of 0: {rule_text(zero)} makes every cell in it safe"
    return PROOF_WORDS.get(verdict.rule, verdict.rule)


def sentence_text(sentence: tuple[frozenset[Cell], int], size: tuple[int, int]) -> str:
    """Return a sentence as the board names it, "{A1, B2} = 1"; cells off the board as pairs."""
    cells, count = sentence
    if all(_on(c, size) for c in cells):
        return rule_text((cells, count))
    names = [cell_name(c) if _on(c, size) else str(c) for c in sorted(cells)]
    return "{" + ", ".join(names) + f"}} = {count}"


def _on(cell: Cell, size: tuple[int, int]) -> bool:
    return 0 <= cell[0] < size[0] and 0 <= cell[1] < size[1]


# -- why: the lines under it --------------------------------------------------------------


def problem_lines(problem: Problem, state: Optional[State], mines: Iterable[Cell]) -> list[str]:
    """Return the lines that explain a problem: the proof, the traceback, their knowledge.

    state: their AI's state at that call (None if not known); mines: the
    board's mines, to mark their sentences right or wrong.
    """
    mines = frozenset(mines)
    told = len(problem.numbers)
    lines = [f"Their AI had been told {plural(told, 'number')} (one add_knowledge call each)."]
    kind = problem.kind
    if kind in ("missed inference", BEYOND, "unsafe move") and problem.verdict is not None:
        lines += verdict_lines(problem, problem.verdict)
    elif kind == "wrong mark" and problem.cell is not None and _on(problem.cell, problem.board[:2]):
        claim = "mine" if problem.detail == "mines" else "safe"
        lines += verdict_lines(problem, judge(problem.position(), problem.cell, claim))
    if problem.detail == "own mine":
        lines.append(OWN_MINE)
    if problem.failure is not None and problem.failure.frames:
        stopped = "Where their code was when stopped" if kind == "timeout" else "Their traceback"
        lines.append(f"{stopped} ({named(problem.failure.what, problem.board[:2])}):")
        lines += [
            f"  {f.file}, line {f.line}, in {f.function}: {f.code}" for f in problem.failure.frames
        ]
    if state is not None:
        lines += knowledge_lines(state, mines, problem.board[:2])
    return lines


def verdict_lines(problem: Problem, verdict: Verdict) -> list[str]:
    """Return the judge's verdict on a cell in lines: the proof step by step, or an arrangement."""
    name = cell_name(verdict.cell)
    claim = "safe" if verdict.claim == "safe" else "a mine"
    if verdict.word == "right":
        rule = PROOF_WORDS.get(verdict.rule, verdict.rule)
        lines = [f"Why {name} is {claim} ({rule}), from the numbers told:"]
        lines += proof_lines(problem, verdict.proof)
        return lines + fewest_lines(verdict)
    other = "a mine" if verdict.claim == "safe" else "safe"
    if verdict.word == "wrong":
        lines = [f"The numbers told prove {name} {other}:"]
        return lines + proof_lines(problem, verdict.proof) + fewest_lines(verdict)
    lines = [f"Nothing in the numbers told proves {name} {claim}: its chance of a mine "
             f"was {percent(verdict.chance)}."]  # fmt: skip
    if verdict.counter is not None:
        lines.append(
            f"These mines keep every number told, with {name} {other}: "
            f"{cells_text(verdict.counter) if verdict.counter else 'none'}"
        )
    return lines


def fewest_lines(verdict: Verdict) -> list[str]:
    """Return the verdict's reason on a line (the fewest numbers, words/reasons.py), or none."""
    return [f"  {why_line(verdict.reason)}"] if verdict.reason is not None else []


def proof_lines(problem: Problem, proof: Sequence[Step]) -> list[str]:
    """Return a proof's steps in words, numbered as in the whole proof, even when shortened."""
    lines = [f"  {k}. {step_text(step)}" for k, step in enumerate(proof, 1)]
    if len(lines) > MOST_STEPS:
        left = len(lines) - MOST_STEPS
        lines = lines[: MOST_STEPS // 2] + [f"  ({left} steps more)"] + lines[-MOST_STEPS // 2 :]
    return lines


def brief_lines(problem: Problem, mines: frozenset[Cell], most: int = 3) -> list[str]:
    """Return the few lines under a problem's one line where room is short (the window's box)."""
    failure, verdict = problem.failure, problem.verdict
    held = "What it held when stopped is in the list (what a runaway loop had made)."
    if failure is not None and failure.frames:
        timeout = problem.kind == "timeout"
        frames = failure.frames[-(most - timeout) :]
        lines = [f"{f.file} line {f.line}, in {f.function}: {f.code}" for f in frames]
        return [*lines, held] if timeout else lines
    if problem.kind == "timeout":
        return [held]
    if problem.detail == "own mine":
        return [OWN_MINE]
    cell = problem.cell
    if problem.kind == "wrong mark" and cell is not None and _on(cell, problem.board[:2]):
        claim = "mine" if problem.detail == "mines" else "safe"
        verdict = judge(problem.position(), cell, claim)
    if verdict is None or problem.kind in ("missed inference", BEYOND):
        return []  # its one line names the rule and its sentences; the class's steps show all
    lines = verdict_lines(problem, verdict)
    head, steps = lines[0], [line.strip() for line in lines[1:]]
    if len(steps) > most - 1:
        steps = ["...", *steps[-(most - 1) :]]
    return [head, *steps]


def knowledge_lines(state: State, mines: frozenset[Cell], size: tuple[int, int]) -> list[str]:
    """Return what their AI held: its sentences marked right or wrong on the real board."""
    marked = sentence_marks(state, mines, size)
    lines = [f"Their knowledge then: {plural(state.sentences, 'sentence')}"
             + (":" if marked else ".")]  # fmt: skip
    shown = marked[:MOST_SENTENCES]
    for text, right in shown:
        lines.append(f"  {'right' if right else 'wrong'}  {text}")
    if state.sentences > len(shown):  # counted from all they hold, not only those sent back
        lines.append(f"  ... and {state.sentences - len(shown)} more")
    for name, cells in (("mines", state.mines), ("safes", state.safes - state.moves_made)):
        if cells:
            lines.append(f"self.{name}{' (not played)' if name == 'safes' else ''}: "
                         f"{cells_summary_text(cells, size)}")  # fmt: skip
    return lines


def sentence_marks(
    state: State, mines: frozenset[Cell], size: tuple[int, int]
) -> list[tuple[str, bool]]:
    """Return their sentences in words, each with True when its cells hold its count."""
    found = []
    for cells, count in state.knowledge:
        right = all(_on(c, size) for c in cells) and len(cells & mines) == count
        found.append((sentence_text((cells, count), size), right))
    return found


def cells_summary_text(cells: Iterable[Cell], size: tuple[int, int]) -> str:
    """Return a group of cells by name, those off the board as pairs."""
    cells = sorted(cells)
    on = [c for c in cells if _on(c, size)]
    off = [str(c) for c in cells if not _on(c, size)]
    return ", ".join(([cells_text(on)] if on else []) + off)
