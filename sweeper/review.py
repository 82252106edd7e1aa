"""A finished game, kept as text and judged click by click.

Glossary
--------
Record    a game as the history keeps it: the board with its mines as ``*``
          (every cell closed), a few ``#= name value`` facts (the first-click
          rule, the result), then one line per action, in order:
          ``#= click B3 1520``, ``#= flag C4 2100``, ``#= chord B3 2600``
          (the cell, and milliseconds since the game's start, which a record
          written by hand may leave out). The board's lines are bounded as any
          board text's; the actions after them, by MAX_ACTIONS.
Verdict   what a click was, judged from what the player could see at that
          moment (the open numbers and the mine counter; flags are not
          trusted), by sweeper.judge:
            safe   the cell was safe in every arrangement;
            risk   some cell was certainly safe, and this one was not;
            guess  no cell was certain.
          A chord is judged by the cells it opens: safe when every one was,
          else by the riskiest of them.
Luck      the chance of surviving every risk and guess taken, multiplied.

The first click under a rule that keeps it clear ("safe", "opening",
"no-guess") is safe by the rule; under "none" it is a guess like any other.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Optional

from .board import FIRST_CLICK_RULES, Cell, cell_name, flood, neighbours, parse_cell
from .judge import Verdict, judge, seen, survey
from .notation import parse_board
from .strategies import Strategy

ACTIONS = ("click", "flag", "chord")
WORDS = ("safe", "risk", "guess")
MAX_ACTIONS = 20_000  # a long game on the largest board flags and opens a few thousand cells


@dataclass(frozen=True)
class Action:
    """One thing the player did: a click, a flag (or unflag), a chord; when, if known."""

    kind: str  # click, flag or chord
    cell: Cell
    ms: Optional[int] = None  # milliseconds since the game's start


@dataclass(frozen=True)
class Record:
    """A finished game: its board and mines, its rule and facts, and every action in order."""

    height: int
    width: int
    mines: frozenset[Cell]
    actions: tuple[Action, ...]
    rule: str = "safe"
    title: str = ""
    facts: dict[str, str] = field(default_factory=dict)  # result, assisted, started, ...


def read_record(text: str) -> Record:
    """Read a game record; ValueError naming the line of a fault, cells as the window names them."""
    board_lines, actions = split_actions(text)
    board = parse_board("\n".join(board_lines))
    if board.revealed or board.flags or board.exploded is not None:
        raise ValueError(
            "a game record's board has every cell closed: '.' or '*' only (its actions open it)"
        )
    facts = dict(board.facts)
    rule = facts.pop("rule", "safe")
    if rule not in FIRST_CLICK_RULES:
        rules = ", ".join(FIRST_CLICK_RULES)
        raise ValueError(f"'#= rule {rule}' is not a first-click rule: {rules}")
    for action in actions:
        if not (0 <= action.cell[0] < board.height and 0 <= action.cell[1] < board.width):
            size = f"{board.height}x{board.width}"
            raise ValueError(f"{action.kind} {cell_name(action.cell)} is off the {size} board")
    return Record(
        board.height,
        board.width,
        frozenset(board.mines),
        actions,
        rule,
        board.title,
        facts,
    )


def split_actions(text: str) -> tuple[list[str], tuple[Action, ...]]:
    """Return a text's other lines and its '#= click|flag|chord' actions; ValueError naming a line.

    The other lines keep their line numbers (an action's line is left
    blank), but for the actions after the board: they are not its lines.
    """
    lines: list[str] = []
    actions: list[Action] = []
    for number, line in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        words = line.split()
        if len(words) >= 2 and words[0] == "#=" and words[1] in ACTIONS:
            if len(actions) == MAX_ACTIONS:
                most = f"a game record holds at most {MAX_ACTIONS:,} actions"
                raise ValueError(f"line {number}: {most}")
            actions.append(_action(words[1:], number))
            lines.append("")
        else:
            lines.append(line)
    while lines and not lines[-1]:
        lines.pop()
    return lines, tuple(actions)


def action_lines(actions: Sequence[Action]) -> list[str]:
    """Return actions as a record (or a save) writes them: '#= click B3 1520', one a line."""
    return [
        f"#= {a.kind} {cell_name(a.cell)}" + ("" if a.ms is None else f" {a.ms}") for a in actions
    ]


def _action(words: list[str], line: int) -> Action:
    """Return the action of a '#= click B3 [MS]' line from its words after '#='; else ValueError."""
    if len(words) not in (2, 3):
        like = "like '#= click B3 1520'"
        raise ValueError(f"line {line}: expected '#= {words[0]} CELL [MS]', {like}")
    try:
        cell = parse_cell(words[1])
    except ValueError as error:
        raise ValueError(f"line {line}: {error}") from None
    ms = None
    if len(words) == 3:
        if not words[2].isdigit():
            raise ValueError(
                f"line {line}: the time is whole milliseconds since the start, not {words[2]!r}"
            )
        ms = int(words[2])
    return Action(words[0], cell, ms)


def write_record(record: Record) -> str:
    """Return a record as text, as read_record reads it."""
    lines = [f"# {record.title}"] if record.title else []
    lines.append(f"#= rule {record.rule}")
    lines += [f"#= {name} {value}" for name, value in record.facts.items()]
    for i in range(record.height):
        lines.append(
            "".join("*" if (i, j) in record.mines else "." for j in range(record.width))
        )
    return "\n".join(lines + action_lines(record.actions)) + "\n"


# -- the review ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ClickReview:
    """One click (or chord) judged: its verdict and the figures behind it."""

    index: int  # the action's place in the record
    action: Action
    word: str  # safe, risk or guess
    chance: Fraction  # the chance the click hit a mine (a chord's riskiest cell)
    opened: tuple[Cell, ...]  # the hidden cells it opened (or tried: the first mine ends it)
    lost: bool = False  # the click hit a mine
    certain: Optional[Cell] = None  # risk: a cell that was certainly safe then
    lowest: Optional[Fraction] = None  # guess: the lowest chance of a mine on the board then
    best: Optional[Cell] = None  # guess: the AI's choice then
    verdicts: tuple[Verdict, ...] = ()  # the judge's, one per cell opened (none: the first click)
    revealed: tuple[tuple[Cell, int], ...] = ()  # what the player saw before it
    flags: frozenset[Cell] = frozenset()  # the flags on the board before it
    safes: frozenset[Cell] = frozenset()  # risk: every cell that was certainly safe then


@dataclass(frozen=True)
class Review:
    """A whole game judged: every click, the counts of each verdict, the luck."""

    record: Record
    clicks: tuple[ClickReview, ...]
    revealed: tuple[tuple[Cell, int], ...] = ()  # what was open at the end
    flags: frozenset[Cell] = frozenset()  # the flags at the end

    @property
    def counts(self) -> dict[str, int]:
        """Return how many clicks got each verdict."""
        return {word: sum(1 for c in self.clicks if c.word == word) for word in WORDS}

    @property
    def luck(self) -> Fraction:
        """Return the chance of surviving every risk and guess taken, multiplied."""
        luck = Fraction(1)
        for click in self.clicks:
            luck *= 1 - click.chance
        return luck

    @property
    def lost_on(self) -> Optional[ClickReview]:
        """Return the click that hit a mine, if one did."""
        return next((c for c in self.clicks if c.lost), None)


def review(
    record: Record,
    strategies: Optional[Sequence[Strategy]] = None,
    progress: Optional[Callable[[int, int], None]] = None,
) -> Review:
    """Judge every click and chord of a record against what the player could see then.

    progress(done, total), when given, is called after each action.
    ValueError when an action cannot have been played (a click on an open
    cell, a chord whose flags do not match its number, anything after the
    end).
    """
    h, w, mines = record.height, record.width, record.mines
    revealed: dict[Cell, int] = {}
    flags: set[Cell] = set()
    clicks: list[ClickReview] = []
    over = False
    for index, action in enumerate(record.actions):
        where = f"action {index + 1} ({action.kind} {cell_name(action.cell)})"
        if over:
            raise ValueError(f"{where} comes after the game ended")
        if action.kind == "flag":
            if action.cell in revealed:
                raise ValueError(f"{where}: the cell is open")
            flags.symmetric_difference_update({action.cell})
        else:
            targets = _targets(action, revealed, flags, h, w, where)
            judged = _judge(record, index, action, revealed, targets, strategies)
            opened: list[Cell] = []
            lost = False
            for cell in targets:
                opened.append(cell)
                if cell in mines:
                    lost = True
                    break
                if cell not in revealed:
                    shown = flood(cell, h, w, mines, lambda c: c not in revealed and c not in flags)
                    revealed.update(shown)
            clicks.append(replace(judged, opened=tuple(opened), lost=lost, flags=frozenset(flags)))
            over = lost or len(revealed) == h * w - len(mines)
        if progress is not None:
            progress(index + 1, len(record.actions))
    return Review(record, tuple(clicks), tuple(revealed.items()), frozenset(flags))


def _targets(
    action: Action, revealed: dict[Cell, int], flags: set[Cell], h: int, w: int, where: str
) -> list[Cell]:
    """Return the hidden cells a click or chord opens; ValueError when it could not be played."""
    cell = action.cell
    if action.kind == "click":
        if cell in revealed:
            raise ValueError(f"{where}: the cell is open already")
        if cell in flags:
            raise ValueError(f"{where}: the cell is flagged")
        return [cell]
    if cell not in revealed:
        raise ValueError(f"{where}: a chord is played on an open number")
    around = neighbours(cell, h, w)
    flagged = sum(1 for n in around if n in flags)
    if flagged != revealed[cell]:
        raise ValueError(f"{where}: {flagged} flags around a {revealed[cell]}")
    return [n for n in around if n not in revealed and n not in flags]


def _judge(
    record: Record,
    index: int,
    action: Action,
    revealed: dict[Cell, int],
    cells: list[Cell],
    strategies: Optional[Sequence[Strategy]],
) -> ClickReview:
    """Return a click judged before it is played (what it opened is filled in after)."""
    saw = tuple(revealed.items())
    safe = ClickReview(index, action, "safe", Fraction(0), (), revealed=saw)
    if not cells or (not revealed and record.rule != "none"):  # the rule keeps a first click clear
        return safe
    position = seen(record.height, record.width, revealed, len(record.mines), record.rule)
    verdicts = tuple(judge(position, cell, "safe") for cell in cells)
    if all(v.word == "right" for v in verdicts):
        return replace(safe, verdicts=verdicts)
    chance = max(v.chance for v in verdicts)
    moment = survey(position, strategies, choose=False)
    if moment.safes:
        return replace(
            safe, word="risk", chance=chance, certain=min(moment.safes), lowest=moment.lowest,
            verdicts=verdicts, safes=frozenset(moment.safes),
        )  # fmt: skip
    decision = survey(position, strategies).decision
    return replace(
        safe, word="guess", chance=chance, lowest=moment.lowest, verdicts=verdicts,
        best=decision.cell if decision is not None else None,
    )  # fmt: skip
