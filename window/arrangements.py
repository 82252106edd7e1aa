"""An enumeration step made visible: the arrangements of mines its sentences allow, and weights.

No pygame here. Given the knowledge before an enumeration step, this lists
the arrangements of the mines over the cells of the step's sentences (all of
them, when there are at most SHOW_AT_MOST; otherwise a count by number of
mines), and gives each its weight: the number of ways the other mines fit
into the rest of the board (the other sentences' cells and the cells no
sentence names, C(outside, mines left - k) for the latter). Each cell's
chance of a mine is then the weighted share of the arrangements with a mine
there, an exact fraction. The chance with every arrangement counted once
(the mine total ignored) is kept beside it, so the step can say when the
mine counter is what decided the answer.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Optional

from sweeper.board import Cell, cell_name
from sweeper.engine import Component, Rule, binomials, convolve, rest_weight
from sweeper.position import Position
from words.model import percent

if TYPE_CHECKING:
    from sweeper.agent import Agent as MinesweeperAI

SHOW_AT_MOST = 64  # arrangements drawn one by one; beyond this, a table by number of mines


@dataclass(frozen=True)
class Arrangement:
    """Where the mines are among the step's cells in one arrangement, and its weight."""

    mines: frozenset[Cell]
    weight: int  # the ways to place every other mine with this arrangement


@dataclass(frozen=True)
class Enumeration:
    """What an enumeration step counted, ready to be drawn and read."""

    cells: tuple[Cell, ...]  # the unknown cells of the step's sentences, in reading order
    arrangements: tuple[Arrangement, ...]  # every one, or () when there are too many to draw
    by_mines: tuple[tuple[int, int, int], ...]  # (mines k, arrangements with k, weight of each)
    mines_left: Optional[int]  # mines not yet known (None: the total was not given)
    outside: int  # unknown cells that no sentence names
    odds: dict[Cell, Fraction]  # each cell's chance of a mine, weighted (what the AI uses)
    plain: dict[Cell, Fraction]  # each arrangement counted once: the mine total ignored
    other_parts: int = 0  # groups of sentences apart from the step's, whose mines vary too
    outside_odds: Optional[Fraction] = None  # the chance for a cell no sentence names
    total: Optional[int] = None  # the board's mines (None: not given)
    known: tuple[Cell, ...] = ()  # the mines the AI knows already, outside these cells

    @property
    def count(self) -> int:
        """Return how many arrangements the step's sentences allow."""
        return sum(n for _, n, _ in self.by_mines)

    @property
    def total_weight(self) -> int:
        """Return the weighted number of arrangements: the denominator of every chance."""
        return sum(n * w for _, n, w in self.by_mines)

    def outside_decided(self) -> bool:
        """True when the mine total settles every cell that no sentence names (safe or mines)."""
        return self.outside_odds in (0, 1)

    def decided_by_the_count(self) -> list[Cell]:
        """Return the step's cells the mine total settles: certain with it, not without it."""
        return [c for c in self.cells if self.odds[c] in (0, 1) and self.plain[c] not in (0, 1)]


def position_before(ai: MinesweeperAI, k: int) -> Position:
    """Return what the AI knew just before its step k: the position that step counted."""
    before = ai.knowledge_after(k - 1)
    revealed = dict(itertools.islice(ai.revealed.items(), ai.steps[k].told))
    return Position.make(
        ai.height,
        ai.width,
        ai.total_mines,
        revealed,
        before.mines,
        before.safes,
        ((frozenset(rule.cells), rule.count) for rule in before.sentences),
        ai.first_click,
    )


def enumerate_step(
    position: Position, premises: Iterable[Rule], limit: int = SHOW_AT_MOST
) -> Optional[Enumeration]:
    """Return the arrangements behind an enumeration step taken in this position.

    None when the position could only be estimated (too wide to count exactly).
    """
    solution = position.solution
    if not solution.exact:
        return None
    named = {c for rule in premises for c in rule.cells if position.is_unknown(c)}
    shown = [comp for comp in solution.components if named & set(comp.cells)]
    if not shown:  # decided by the count alone: every sentence plays its part
        shown = list(solution.components)
    ids = {id(comp) for comp in shown}
    others = [comp for comp in solution.components if id(comp) not in ids]
    cells = tuple(sorted(c for comp in shown for c in comp.cells))
    joint = [1]
    for comp in shown:
        joint = convolve(joint, comp.counts)
    rest = [1]
    for comp in others:
        rest = convolve(rest, comp.counts)
    mines_left, outside = position.mines_left, position.outside_count

    def weight(k: int) -> int:
        if mines_left is None:
            return 1
        return rest_weight(rest, binomials(outside), mines_left - k)

    # Arrangements the mine total rules out stay, with weight 0: they show what the count does.
    by_mines = tuple((k, n, weight(k)) for k, n in enumerate(joint) if n)
    listed: tuple[Arrangement, ...] = ()
    if sum(n for _, n, _ in by_mines) <= limit:
        found = _arrangements([rule for comp in shown for rule in comp.rules], cells)
        listed = tuple(Arrangement(mines, weight(len(mines))) for mines in found)
    plain = _plain_odds(shown)
    odds = {c: solution.probability(c) for c in cells}
    beyond = solution.outside if outside else None
    known = tuple(sorted(position.mines))
    return Enumeration(
        cells, listed, by_mines, mines_left, outside, odds, plain, len(others), beyond,
        position.total, known,
    )  # fmt: skip


def _plain_odds(components: Iterable[Component]) -> dict[Cell, Fraction]:
    """Return each cell's share of its component's arrangements, each counted once."""
    odds = {}
    for comp in components:
        total = sum(comp.counts)
        for cell, tally in comp.tallies.items():
            odds[cell] = Fraction(sum(tally), total)
    return odds


def _arrangements(
    rules: list[tuple[frozenset[Cell], int]], cells: tuple[Cell, ...]
) -> list[frozenset[Cell]]:
    """Return every set of mines over cells that gives each rule its count, in a fixed order."""
    by_cell: dict[Cell, list[int]] = {c: [] for c in cells}
    for k, (rule_cells, _) in enumerate(rules):
        for c in rule_cells:
            by_cell[c].append(k)
    need = [count for _, count in rules]
    room = [len(rule_cells) for rule_cells, _ in rules]
    found: list[frozenset[Cell]] = []
    chosen: list[Cell] = []

    def place(i: int) -> None:
        if i == len(cells):
            if not any(need):
                found.append(frozenset(chosen))
            return
        cell = cells[i]
        touched = by_cell[cell]
        for k in touched:
            room[k] -= 1
        # no mine here: every rule must still be able to reach its count
        if all(need[k] <= room[k] for k in touched):
            place(i + 1)
        # a mine here
        if all(need[k] > 0 for k in touched):
            for k in touched:
                need[k] -= 1
            chosen.append(cell)
            if all(need[k] <= room[k] for k in touched):
                place(i + 1)
            chosen.pop()
            for k in touched:
                need[k] += 1
        for k in touched:
            room[k] += 1

    place(0)
    return found


def weight_words(enum: Enumeration, mines: int, weight: int) -> str:
    """Return an arrangement's weight in words: where the other mines go, in how many ways.

    mines: the mines the arrangement puts in the step's cells; weight: its weight.
    The figures are the board's (its mine total, the mines known), never a
    "mines left" of the AI's own, which the class's verdicts do not use.
    """
    if enum.mines_left is None:
        return "the mine total is not known, so every arrangement counts once: weight 1"
    rest = enum.mines_left - mines
    if rest < 0:
        return f"but {_board_mines(enum)}: {mines} here are too many, so weight 0"
    if not enum.other_parts and rest > enum.outside:
        return (
            f"but {_board_mines(enum)}: the {enum.outside} cells no sentence names cannot take "
            f"the other {rest}, so weight 0"
        )
    mines_word = f"{rest} mine{'s' * (rest != 1)}"
    if enum.other_parts:
        return (
            f"{_board_mines(enum)}, and the other {mines_word} fit the rest of the board in "
            f"{weight:,} way{'s' * (weight != 1)}: weight {weight:,}"
        )
    if not enum.outside:
        return "no other cell is unknown: weight 1"
    ways = binomials(enum.outside)[rest] if 0 <= rest <= enum.outside else 0
    return (
        f"the other {mines_word} {'goes' if rest == 1 else 'go'} among the {enum.outside} "
        f"cells no sentence names: C({enum.outside}, {rest}) = {ways:,} "
        f"way{'s' * (ways != 1)}: weight {ways:,}"
    )


def _board_mines(enum: Enumeration) -> str:
    """Return the board's mines as they bear on the step's cells: "the board holds 3 mines, and
    C3 is one of them (known): 2 are left for these cells and the rest"."""
    total = enum.total if enum.total is not None else enum.mines_left
    said = f"the board holds {total} mine{'s' * (total != 1)}"
    known = enum.known
    if not known:
        return said
    if len(known) <= 3:
        named = _names(known)
        which = f"{named} {'is one' if len(known) == 1 else 'are'} of them (known)"
    else:
        which = f"{len(known)} of them are known"
    left = enum.mines_left or 0
    return f"{said}, and {which}: {left} are left for these cells and the rest"


def odds_words(
    enum: Enumeration,
    odds: dict[Cell, Fraction],
    name: Callable[[Cell], str],
    cells: Iterable[Cell] = (),
) -> str:
    """Return cells' chances of a mine, cells with the same chance together.

    Such as "safe in every one: C1, C4; a mine in every one: C2; 1/2 (50%): A4, B4".
    """
    together: dict[Fraction, list[str]] = {}
    for cell in cells or enum.cells:
        together.setdefault(odds[cell], []).append(name(cell))
    parts = []
    for p in sorted(together, key=lambda p: (p not in (0, 1), p)):
        if p == 0:
            label = "safe in every one"
        elif p == 1:
            label = "a mine in every one"
        else:
            label = f"{p.numerator}/{p.denominator} ({percent(p)})"
        parts.append(f"{label}: {', '.join(together[p])}")
    return "; ".join(parts)


def viewing_words(enum: Enumeration, viewing: int, asking: bool) -> str:
    """Return the step box's words while arrangement number viewing (or the table) is shown.

    asking: the question beat, where the chances (the answer) are not given.
    """
    cells = len(enum.cells)
    if enum.arrangements:
        shown = enum.arrangements[viewing]
        k = len(shown.mines)
        where = ", ".join(cell_name(c) for c in sorted(shown.mines)) or "none"
        words = (
            f"Arrangement {viewing + 1} of {len(enum.arrangements)}: {k} of these "
            f"{cells} cells hold mines ({where}); {weight_words(enum, k, shown.weight)}."
        )
    else:
        counts = "; ".join(
            f"{k} mines: {n:,} arrangements x {w:,}" for k, n, w in enum.by_mines[:6]
        )
        more = "; ..." if len(enum.by_mines) > 6 else ""
        words = f"{enum.count:,} arrangements of {cells} cells, by mines: {counts}{more}."
    if asking:
        return words + " (→ shows what they all agree on.)"
    odds = odds_words(enum, enum.odds, cell_name)
    words += f" Weighing each by its ways, out of {enum.total_weight:,}: {odds}."
    if enum.outside_odds is not None:
        words += f" A cell no sentence names: {percent(enum.outside_odds)}."
    decided = enum.decided_by_the_count()
    if decided:
        plain = odds_words(enum, enum.plain, cell_name, decided)
        words += f" The mine counter decides it: with every arrangement counted once, {plain}."
    elif enum.outside_decided():
        words += " The mine counter decides it: without it those cells could be anything."
    return words


def counted_words(enum: Enumeration, numbers: str, paper: bool = False) -> str:
    """Return what the AI counted for an enumeration step: the arrangements V steps through.

    numbers: the open numbers its sentences come from, by name. Where the mine
    total decided it (07, 08) the words say how many arrangements fit it; no
    key is named on paper (a handout).
    """
    count = enum.count
    many = "the only arrangement" if count == 1 else f"{count:,} arrangements"
    under = f"{many} of the mines under {numbers}" if numbers else many
    key = "" if paper else " (V shows them)"
    if enum.decided_by_the_count():
        fit = sum(n for _, n, w in enum.by_mines if w)
        return f"The AI counted {under}: {fit} fit the board's {enum.total} mines{key}."
    if enum.outside_decided():
        what = "no mine" if enum.outside_odds == 0 else "only mines"
        return f"The AI counted {under}: each leaves {what} for the cells no number touches{key}."
    every = "it agrees" if count == 1 else "every one agrees"
    way = ", the mine total not known" if enum.mines_left is None else ""
    return f"The AI counted {under}{way}, and {every}{key}."


def guess_reason(
    position: Position, chosen: Cell, near: Callable[[Cell], Sequence[Cell]]
) -> str:
    """Return why a guess's cell is the least likely mine, from the ways the numbers allow.

    near: the open numbers around a cell. Given only where the arrangements can
    be listed (SHOW_AT_MOST) and the chosen cell is one the numbers name. When
    the chosen cell holds a mine in fewer of them, that is the reason; when in as
    many, the mines the numbers then need are (09: a mine in C2 or D2 counts for
    both numbers, so those ways leave more mines for the cells no number touches).
    """
    enum = enumerate_step(position, [Rule(cells, count) for cells, count in position.rules])
    if enum is None or not enum.arrangements or chosen not in enum.cells:
        return ""
    rivals = sorted(
        (c for c in enum.cells if c != chosen and 0 < enum.odds[c] < 1),
        key=lambda c: (enum.odds[c], c),
    )
    if not rivals or enum.odds[rivals[0]] <= enum.odds[chosen]:
        return ""
    rival = rivals[0]
    tied = [c for c in rivals if enum.odds[c] == enum.odds[rival]]
    live = [a for a in enum.arrangements if a.weight]
    with_chosen = [a for a in live if chosen in a.mines]
    with_rival = [a for a in live if rival in a.mines]
    name, names = cell_name(chosen), _names(tied)
    if len(with_chosen) < len(with_rival):
        each = " each" if len(tied) > 1 else ""
        return (
            f"{name} holds a mine in {len(with_chosen)} of the {len(live)} ways the mines can "
            f"lie under the numbers, {names} in {len(with_rival)}{each}"
        )
    mine_counts = {len(a.mines) for a in with_chosen}, {len(a.mines) for a in with_rival}
    if len(with_chosen) > len(with_rival) or any(len(k) != 1 for k in mine_counts):
        return ""
    (k_chosen,), (k_rival,) = mine_counts
    if k_chosen <= k_rival or not enum.outside or enum.mines_left is None or enum.other_parts:
        return ""
    ways = binomials(enum.outside)
    w_chosen, w_rival = ways[enum.mines_left - k_chosen], ways[enum.mines_left - k_rival]
    every = [*tied, chosen]
    numbers = [n for n in near(rival) if all(n in near(c) for c in tied)]
    counts = ""
    if len(numbers) > len(near(chosen)):
        counts = f"a mine in {_names(tied, 'or')} counts for {_names(numbers)} at once, so "
    return (
        f"{_names(every)} each hold a mine in {len(with_chosen)} of the {len(live)} ways the "
        f"mines can lie under the numbers, but {counts}those with {cell_name(rival)} use "
        f"{k_rival} mines by the numbers where those with {name} use {k_chosen}. That leaves "
        f"more mines for the {enum.outside} cells no number touches: "
        f"{w_rival:,} ways to place them, against {w_chosen:,}"
    )


def _names(cells: Sequence[Cell], last: str = "and") -> str:
    """Return "C2 and D2", "C1, C2 and D2": cell names in reading order."""
    named = [cell_name(c) for c in sorted(cells)]
    return named[0] if len(named) == 1 else f"{', '.join(named[:-1])} {last} {named[-1]}"
