"""Minesweeper: the game, CS50's knowledge base, and an exact-probability AI.

Glossary
--------
Cell      a pair ``(row, col)``, both counted from 0 at the top left.
Sentence  "``count`` of these ``cells`` are mines" (CS50's name for a rule).
Frontier  the cells that some sentence names.
Step      one conclusion the AI drew, with the rule, the premises and the
          conclusion, so that a window or a test can read it back.

The module reads top to bottom: names and the game, the board notation,
the sentence, the probability engine (which knows no geometry: only
sentences and a number of mines), and the AI that ties them together.
It imports the standard library only, so it works without pygame.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Optional, TypeVar, Union

Cell = tuple[int, int]

FIRST_CLICK_RULES = ("safe", "opening", "none")


# ---------------------------------------------------------------------------
# Names of cells: row letters and column numbers, as drawn on the board.
# ---------------------------------------------------------------------------


def row_name(row: int) -> str:
    """Return the letters that name a row: A..Z, then AA, AB, ..."""
    letters = ""
    row += 1
    while row:
        row, rest = divmod(row - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def cell_name(cell: Cell) -> str:
    """Return a cell's name as the board's edges show it: (1, 2) is "B3"."""
    return f"{row_name(cell[0])}{cell[1] + 1}"


def neighbors_on(cell: Cell, height: int, width: int) -> list[Cell]:
    """Return the cells around cell on a height x width board, in reading order."""
    i, j = cell
    return [
        (r, c)
        for r in range(max(0, i - 1), min(height, i + 2))
        for c in range(max(0, j - 1), min(width, j + 2))
        if (r, c) != cell
    ]


def cells_text(cells: Iterable[Cell]) -> str:
    """Return "{A1, B2}" for a group of cells, in reading order."""
    return "{" + ", ".join(cell_name(c) for c in sorted(cells)) + "}"


# ---------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class MoveResult:
    """What one move did: the cells it revealed, or why it did nothing."""

    revealed: tuple[tuple[Cell, int], ...] = ()
    exploded: Optional[Cell] = None
    flagged: Optional[bool] = None
    ignored: str = ""

    @property
    def changed(self) -> bool:
        """True when the move changed the game."""
        return not self.ignored


def _positive_int(name: str, value: object) -> int:
    """Return value when it is a positive int, else raise a clear ValueError."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{name} must be a positive whole number, not {value!r}")
    return value


def max_mines(height: int, width: int, first_click: str) -> int:
    """Return the most mines a board may hold under a first-click rule."""
    cells = height * width
    if first_click == "safe":
        return cells - 1
    if first_click == "opening":
        return cells - min(height, 3) * min(width, 3)
    return cells


class Minesweeper:
    """Minesweeper game representation: the hidden mines and what a player sees."""

    def __init__(
        self,
        height: int = 8,
        width: int = 8,
        mines: int = 8,
        *,
        seed: Optional[int] = None,
        first_click: str = "safe",
    ) -> None:
        self.height = _positive_int("height", height)
        self.width = _positive_int("width", width)
        if isinstance(mines, bool) or not isinstance(mines, int) or mines < 0:
            raise ValueError(f"mines must be a whole number of 0 or more, not {mines!r}")
        if first_click not in FIRST_CLICK_RULES:
            raise ValueError(
                f"first_click must be one of {', '.join(FIRST_CLICK_RULES)}, not {first_click!r}"
            )
        limit = max_mines(height, width, first_click)
        if mines > limit:
            raise ValueError(
                f"{mines} mines do not fit a {height}x{width} board under the "
                f"{first_click!r} first-click rule: at most {limit}"
            )
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        self.seed = seed
        self.first_click = first_click
        self.mine_count = mines
        self.rng = random.Random(seed)
        self.mines: set[Cell] = set()
        self.board: list[list[bool]] = [[False] * width for _ in range(height)]
        self.revealed: dict[Cell, int] = {}
        self.flags: set[Cell] = set()
        self.exploded: Optional[Cell] = None
        self.placed = False
        if first_click == "none":
            self._place_mines(set())

    # -- mines ---------------------------------------------------------------

    def _place_mines(self, keep_clear: set[Cell]) -> None:
        """Place the mines uniformly among the cells outside keep_clear."""
        candidates = [c for c in self.cells() if c not in keep_clear]
        self._set_mines(self.rng.sample(candidates, self.mine_count))

    def _set_mines(self, mines: Iterable[Cell]) -> None:
        """Put mines on exactly these cells."""
        self.mines = set(mines)
        self.mine_count = len(self.mines)
        for i, j in self.cells():
            self.board[i][j] = (i, j) in self.mines
        self.placed = True

    def _first_click(self, cell: Cell) -> None:
        """Place the mines once the first click is known, by the rule."""
        if self.first_click == "safe":
            self._place_mines({cell})
        else:
            self._place_mines({cell} | set(self.neighbors(cell)))

    # -- geometry ------------------------------------------------------------

    def cells(self) -> Iterator[Cell]:
        """Yield every cell in reading order."""
        for i in range(self.height):
            for j in range(self.width):
                yield (i, j)

    def check_cell(self, cell: object) -> Cell:
        """Return cell when it is on the board, else raise a clear ValueError."""
        if (
            not isinstance(cell, tuple)
            or len(cell) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in cell)
        ):
            raise ValueError(f"a cell is a pair (row, column) of whole numbers, not {cell!r}")
        i, j = cell
        if not (0 <= i < self.height and 0 <= j < self.width):
            raise ValueError(
                f"cell {cell} is off the board: rows run 0..{self.height - 1}, "
                f"columns 0..{self.width - 1}"
            )
        return (i, j)

    def neighbors(self, cell: Cell) -> list[Cell]:
        """Return the cells around cell (not cell itself), in reading order."""
        return neighbors_on(cell, self.height, self.width)

    # -- CS50's queries ------------------------------------------------------

    def print(self) -> None:
        """Print a text representation of where mines are located."""
        for i in range(self.height):
            print("--" * self.width + "-")
            print("|" + "".join("X|" if self.board[i][j] else " |" for j in range(self.width)))
        print("--" * self.width + "-")

    def is_mine(self, cell: Cell) -> bool:
        """Return True when a mine lies on cell."""
        i, j = self.check_cell(cell)
        return self.board[i][j]

    def nearby_mines(self, cell: Cell) -> int:
        """Return the number of mines within one row and column of cell."""
        self.check_cell(cell)
        return sum(1 for n in self.neighbors(cell) if n in self.mines)

    @property
    def mines_found(self) -> set[Cell]:
        """Return the flagged cells that really are mines (CS50's name)."""
        return self.flags & self.mines

    def won(self) -> bool:
        """Return True when every safe cell is revealed."""
        return (
            self.placed
            and self.exploded is None
            and len(self.revealed) == self.height * self.width - self.mine_count
        )

    def lost(self) -> bool:
        """Return True when a mine has been revealed."""
        return self.exploded is not None

    def is_over(self) -> bool:
        """Return True when the game is won or lost."""
        return self.won() or self.lost()

    def status(self) -> str:
        """Return "playing", "won" or "lost"."""
        return "lost" if self.lost() else "won" if self.won() else "playing"

    def mines_left(self) -> int:
        """Return the mine counter a player sees: mines minus flags."""
        return self.mine_count - len(self.flags)

    # -- moves ---------------------------------------------------------------

    def _refusal(self, cell: Cell) -> str:
        """Return why a reveal of cell would do nothing, or "" if it would act."""
        if self.is_over():
            return "the game is over"
        if cell in self.flags:
            return f"{cell_name(cell)} is flagged"
        if cell in self.revealed:
            return f"{cell_name(cell)} is already revealed"
        return ""

    def reveal(self, cell: Cell) -> MoveResult:
        """Reveal cell; a zero floods its neighbours. Returns what was revealed."""
        cell = self.check_cell(cell)
        refusal = self._refusal(cell)
        if refusal:
            return MoveResult(ignored=refusal)
        if not self.placed:
            self._first_click(cell)
        if cell in self.mines:
            self.exploded = cell
            return MoveResult(exploded=cell)
        return MoveResult(revealed=tuple(self._flood(cell)))

    def _flood(self, start: Cell) -> list[tuple[Cell, int]]:
        """Reveal start and, through zeros, every safe cell it connects to."""
        shown: list[tuple[Cell, int]] = []
        queue = deque([start])
        seen = {start}
        while queue:
            cell = queue.popleft()
            count = self.nearby_mines(cell)
            self.revealed[cell] = count
            shown.append((cell, count))
            if count == 0:
                for n in self.neighbors(cell):
                    if n not in seen and n not in self.revealed and n not in self.flags:
                        seen.add(n)
                        queue.append(n)
        return shown

    def toggle_flag(self, cell: Cell) -> MoveResult:
        """Put a flag on a hidden cell, or take it off again."""
        cell = self.check_cell(cell)
        if self.is_over():
            return MoveResult(ignored="the game is over")
        if cell in self.revealed:
            return MoveResult(ignored=f"{cell_name(cell)} is already revealed")
        if cell in self.flags:
            self.flags.discard(cell)
            return MoveResult(flagged=False)
        self.flags.add(cell)
        return MoveResult(flagged=True)

    def chord(self, cell: Cell) -> MoveResult:
        """Reveal the unflagged neighbours of a number whose flags match it."""
        cell = self.check_cell(cell)
        if self.is_over():
            return MoveResult(ignored="the game is over")
        if cell not in self.revealed:
            return MoveResult(ignored=f"{cell_name(cell)} is not revealed")
        around = self.neighbors(cell)
        flags = sum(1 for n in around if n in self.flags)
        if flags != self.revealed[cell]:
            return MoveResult(
                ignored=f"{cell_name(cell)} shows {self.revealed[cell]} "
                f"but has {flags} flags around it"
            )
        hidden = [n for n in around if n not in self.revealed and n not in self.flags]
        if not hidden:
            return MoveResult(ignored=f"{cell_name(cell)} has no hidden unflagged neighbours")
        revealed: list[tuple[Cell, int]] = []
        for n in hidden:
            if n in self.revealed:
                continue
            if n in self.mines:
                self.exploded = n
                return MoveResult(revealed=tuple(revealed), exploded=n)
            revealed.extend(self._flood(n))
        return MoveResult(revealed=tuple(revealed))

    # -- notation ------------------------------------------------------------

    def to_text(self) -> str:
        """Return the board in the project's notation (see parse_board)."""
        return (
            "\n".join(
                "".join(self._symbol((i, j)) for j in range(self.width)) for i in range(self.height)
            )
            + "\n"
        )

    def _symbol(self, cell: Cell) -> str:
        """Return the notation's character for one cell."""
        mine = cell in self.mines
        if cell == self.exploded:
            return "X"
        if cell in self.flags:
            return "F" if mine else "f"
        if cell in self.revealed:
            return str(self.revealed[cell])
        return "*" if mine else "."

    @classmethod
    def from_text(cls, text: str) -> Minesweeper:
        """Return the game a board text describes (see parse_board)."""
        board = parse_board(text)
        game = cls(board.height, board.width, 0, seed=0, first_click="none")
        game._set_mines(board.mines)
        game.flags = set(board.flags)
        game.exploded = board.exploded
        for cell in board.revealed:
            game.revealed[cell] = game.nearby_mines(cell)
        return game


# ---------------------------------------------------------------------------
# The board notation
# ---------------------------------------------------------------------------

NOTATION = """\
One line per row, one character per cell:
  .   hidden cell, no mine          *   hidden cell with a mine
  0-8 revealed cell and its number  X   revealed mine (the game is lost)
  F   flag on a mine                f   flag on a cell with no mine
Lines that start with # are comments; the first one is the title."""


@dataclass
class BoardText:
    """A board read from the notation: size, mines, revealed cells, flags."""

    height: int
    width: int
    mines: set[Cell] = field(default_factory=set)
    revealed: list[Cell] = field(default_factory=list)
    flags: set[Cell] = field(default_factory=set)
    exploded: Optional[Cell] = None
    title: str = ""


def parse_board(text: str) -> BoardText:
    """Read a board in the notation; raise ValueError naming line and column."""
    rows: list[tuple[int, str]] = []
    title = ""
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.rstrip()
        if stripped.startswith("#"):
            if not title:
                title = stripped.lstrip("#").strip()
            continue
        if stripped:
            rows.append((number, stripped))
    if not rows:
        raise ValueError("the board text has no rows: expected lines such as '..1*'")
    width = len(rows[0][1])
    board = BoardText(height=len(rows), width=width, title=title)
    digits: list[tuple[int, int, Cell, int]] = []
    for i, (number, line) in enumerate(rows):
        if len(line) != width:
            raise ValueError(
                f"line {number}, column {min(len(line), width) + 1}: expected {width} cells "
                f"like the first row, found {len(line)}"
            )
        for j, char in enumerate(line):
            _read_symbol(board, (i, j), char, number, j + 1)
            if char.isdigit():
                digits.append((number, j + 1, (i, j), int(char)))
    game_neighbors = Minesweeper(board.height, board.width, 0, seed=0, first_click="none")
    for number, column, cell, shown in digits:
        actual = sum(1 for n in game_neighbors.neighbors(cell) if n in board.mines)
        if actual != shown:
            raise ValueError(
                f"line {number}, column {column}: the cell shows {shown} "
                f"but {actual} mines lie around it"
            )
    return board


def _read_symbol(board: BoardText, cell: Cell, char: str, line: int, column: int) -> None:
    """Record one character of the notation in board, or raise ValueError."""
    if char in "*FX":
        board.mines.add(cell)
    if char in "Ff":
        board.flags.add(cell)
    if char.isdigit() and char in "012345678":
        board.revealed.append(cell)
    elif char == "X":
        if board.exploded is not None:
            raise ValueError(
                f"line {line}, column {column}: a second exploded mine 'X'; "
                "a game ends at the first"
            )
        board.exploded = cell
    elif char not in ".*Ff":
        raise ValueError(
            f"line {line}, column {column}: unexpected {char!r}; expected one of "
            "'.' hidden, '*' mine, '0'-'8' revealed, 'F' or 'f' flag, 'X' exploded mine"
        )


# ---------------------------------------------------------------------------
# The sentence: CS50's contract
# ---------------------------------------------------------------------------


class Sentence:
    """Logical statement about a Minesweeper game: count of cells are mines."""

    def __init__(self, cells: Iterable[Cell], count: int) -> None:
        self.cells: set[Cell] = set(cells)
        self.count = count

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sentence):
            return NotImplemented
        return self.cells == other.cells and self.count == other.count

    __hash__ = None  # type: ignore[assignment]  # mutable, as in CS50

    def __str__(self) -> str:
        return f"{self.cells} = {self.count}"

    def __repr__(self) -> str:
        return f"Sentence({sorted(self.cells)}, {self.count})"

    def text(self) -> str:
        """Return the sentence with cell names, such as "{A1, A2} = 1"."""
        return f"{cells_text(self.cells)} = {self.count}"

    def copy(self) -> Sentence:
        """Return an independent copy (steps keep copies: sentences change)."""
        return Sentence(self.cells, self.count)

    def known_mines(self) -> set[Cell]:
        """Return the set of all cells in self.cells known to be mines."""
        return set(self.cells) if self.cells and self.count == len(self.cells) else set()

    def known_safes(self) -> set[Cell]:
        """Return the set of all cells in self.cells known to be safe."""
        return set(self.cells) if self.count == 0 else set()

    def mark_mine(self, cell: Cell) -> None:
        """Remove a known mine from the sentence and lower its count."""
        if cell in self.cells:
            self.cells.remove(cell)
            self.count -= 1

    def mark_safe(self, cell: Cell) -> None:
        """Remove a known safe cell from the sentence."""
        if cell in self.cells:
            self.cells.remove(cell)


# ---------------------------------------------------------------------------
# Steps: every conclusion, readable back
# ---------------------------------------------------------------------------

RULES = {
    "clue": "a revealed number gives a sentence",
    "known": "known cells leave a sentence",
    "zero": "a count of 0 makes every cell safe",
    "full": "a count equal to the number of cells makes every cell a mine",
    "subset": "a sentence inside another leaves the difference",
    "enumeration": "every arrangement of the mines agrees",
    "guess": "nothing is certain: the safest cell",
    "first": "the first click",
}


def percent(p: Fraction) -> str:
    """Return a probability as a percentage that says 0% or 100% only when certain."""
    if p == 0 or p == 1:
        return f"{int(p * 100)}%"
    value = round(float(p) * 100)
    return f"{min(max(value, 1), 99)}%"


@dataclass(frozen=True)
class Step:
    """One conclusion: the rule, its premises, and what it concluded."""

    rule: str
    premises: tuple[Sentence, ...] = ()
    sentence: Optional[Sentence] = None
    safes: frozenset[Cell] = frozenset()
    mines: frozenset[Cell] = frozenset()
    cell: Optional[Cell] = None
    probability: Optional[Fraction] = None
    arrangements: int = 0
    note: str = ""

    def text(self) -> str:
        """Return the step in words, with cell names as on the board."""
        text: str = getattr(self, f"_text_{self.rule}")()
        return text

    def _text_clue(self) -> str:
        assert self.cell is not None and self.sentence is not None
        return f"{cell_name(self.cell)} shows {self.sentence.count}: {self.sentence.text()}"

    def _text_known(self) -> str:
        assert self.sentence is not None
        parts = []
        if self.mines:
            parts.append(f"the known mines {cells_text(self.mines)}")
        if self.safes:
            parts.append(f"the known safe cells {cells_text(self.safes)}")
        return (
            f"{self.premises[0].text()} without {' and '.join(parts)} gives {self.sentence.text()}"
        )

    def _text_zero(self) -> str:
        if len(self.safes) == 1:
            return f"{cells_text(self.safes)} is safe: the count is 0"
        return f"all {len(self.safes)} of {cells_text(self.safes)} are safe: the count is 0"

    def _text_full(self) -> str:
        which = cells_text(self.mines)
        if len(self.mines) == 1:
            return f"{which} is a mine: the count equals the number of cells"
        return f"all {len(self.mines)} of {which} are mines: the count equals the number of cells"

    def _text_subset(self) -> str:
        assert self.sentence is not None
        small, big = self.premises
        return f"{big.text()} minus {small.text()} gives {self.sentence.text()}"

    def _text_enumeration(self) -> str:
        found = []
        if self.safes:
            found.append(f"{cells_text(self.safes)} safe")
        if self.mines:
            found.append(
                f"{cells_text(self.mines)} a mine"
                if len(self.mines) == 1
                else f"{cells_text(self.mines)} mines"
            )
        way = "weighted by the mine count" if self.note != "no total" else "without a mine total"
        every = (
            "in the only arrangement"
            if self.arrangements == 1
            else f"in every one of the {self.arrangements} arrangements"
        )
        return f"{' and '.join(found)} {every}, {way}"

    def _text_guess(self) -> str:
        assert self.cell is not None and self.probability is not None
        return f"guess {cell_name(self.cell)}: {percent(self.probability)} mine{self.note}"

    def _text_safe(self) -> str:
        assert self.cell is not None
        return f"play {cell_name(self.cell)}: known to be safe"

    def _text_proven(self) -> str:
        assert self.cell is not None
        return f"play {cell_name(self.cell)}: proven safe by enumeration"

    def _text_first(self) -> str:
        assert self.cell is not None
        return f"first click {cell_name(self.cell)}: {self.note}"


# ---------------------------------------------------------------------------
# The probability engine: sentences and a number of mines, no geometry
# ---------------------------------------------------------------------------
#
# A component is a group of sentences linked by shared cells. For each one
# we count, for every number k of mines it holds, how many arrangements of
# its cells satisfy all its sentences (f[k]), and for each cell how many of
# those put a mine on that cell (tally[cell][k]). Counting goes cell by cell
# in an order that keeps few sentences "open" (partly assigned); partial
# arrangements that leave the same open sentences needing the same numbers
# of mines are merged, so the cost grows with the frontier's width rather
# than with the 2^n arrangements. Components combine through the number of
# mines left: the cells outside every sentence take the remaining mines in
# C(outside, rest) ways, which weights every frontier arrangement.

Rule = tuple[frozenset[Cell], int]
Poly = list[int]

STATE_BUDGET = 200_000
SEARCH_CONFIGS = 3_000
SEARCH_BUDGET = 300_000
FIRST_SEARCH_BOARDS = 3_100
FIRST_SEARCH_BUDGET = 8_000_000
# The guess techniques beyond the lowest probability, each measured in the
# README's ladder; benchmark.py --without switches them off to measure them.
TECHNIQUES = {"lookahead": True, "progress": True, "search": True, "fifty-fifty": True}
GUESS_MARGIN = Fraction(5, 100)
GUESS_CANDIDATES = 12
PROGRESS_BONUS = Fraction(3, 10)


class Contradiction(ValueError):
    """The revealed numbers (and the mine total) admit no arrangement."""


class TooWide(Exception):
    """A component needs more partial arrangements than the budget allows."""


@dataclass
class Component:
    """Counts for one linked group of sentences: f[k] and each cell's tally[k]."""

    cells: list[Cell]
    counts: Poly
    tallies: dict[Cell, Poly]


@dataclass
class Solution:
    """Exact mine probabilities for the frontier and for the cells outside it.

    Kept as integer weights over one denominator (the weighted number of
    arrangements), so comparing cells needs no fractions at all.
    """

    weights: dict[Cell, int]
    outside_weight: int
    outside_cells: int
    weight: int
    arrangements: int
    exact: bool = True
    approximate: dict[Cell, Fraction] = field(default_factory=dict)

    @property
    def probabilities(self) -> dict[Cell, Fraction]:
        """Return each frontier cell's exact chance of a mine."""
        exact = {c: Fraction(w, self.weight) for c, w in self.weights.items()}
        exact.update(self.approximate)
        return exact

    @property
    def outside(self) -> Fraction:
        """Return the chance of a mine on a cell that no rule names."""
        return Fraction(self.outside_weight, self.weight)

    def safest(self) -> Fraction:
        """Return the highest chance of safety that any unknown cell offers."""
        lowest = min(self.weights.values(), default=self.weight)
        if self.outside_cells:
            lowest = min(lowest, self.outside_weight)
        best = 1 - Fraction(lowest, self.weight)
        return max([best] + [1 - p for p in self.approximate.values()])


def components(rules: list[Rule]) -> list[list[Rule]]:
    """Split rules into groups that share no cell (union-find over cells)."""
    parent: dict[Cell, Cell] = {}

    def find(c: Cell) -> Cell:
        while parent[c] != c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c

    for cells, _ in rules:
        first = next(iter(cells))
        parent.setdefault(first, first)
        for c in cells:
            parent.setdefault(c, c)
            a, b = find(first), find(c)
            if a != b:
                parent[b] = a
    groups: dict[Cell, list[Rule]] = {}
    for rule in rules:
        groups.setdefault(find(next(iter(rule[0]))), []).append(rule)
    return sorted(groups.values(), key=lambda g: min(min(r[0]) for r in g))


Var = TypeVar("Var", bound=Union[int, Cell])


def elimination_order(rules: Sequence[tuple[frozenset[Var], int]]) -> list[Var]:
    """Order cells so that few rules are partly assigned at any time."""
    cell_rules: dict[Var, list[int]] = {}
    for index, (cells, _) in enumerate(rules):
        for c in cells:
            cell_rules.setdefault(c, []).append(index)
    left = [len(cells) for cells, _ in rules]
    opened: set[int] = set()
    unassigned = set(cell_rules)
    order: list[Var] = []
    while unassigned:

        def cost(c: Var) -> tuple[int, int, Var]:
            rs = cell_rules[c]
            new = sum(1 for r in rs if r not in opened and left[r] > 1)
            closing = sum(1 for r in rs if left[r] == 1)
            return (new - closing, -len([r for r in rs if r in opened]), c)

        best = min(unassigned, key=cost)
        unassigned.discard(best)
        order.append(best)
        for r in cell_rules[best]:
            left[r] -= 1
            if left[r]:
                opened.add(r)
            else:
                opened.discard(r)
    return order


def count_component(rules: list[Rule], budget: Optional[int] = None) -> Component:
    """Count the arrangements of one component by number of mines, per cell.

    Cells named by exactly the same rules form a group: a group of m cells
    holding j mines does so in C(m, j) ways, so it is one variable, not m.
    A count polynomial (arrangements by number of mines) is packed into one
    integer, BITS bits per coefficient, so that adding polynomials is one
    integer addition and "one more mine" is a shift.
    """
    membership: dict[Cell, list[int]] = {}
    for index, (cells, _) in enumerate(rules):
        for c in cells:
            membership.setdefault(c, []).append(index)
    grouped: dict[tuple[int, ...], list[Cell]] = {}
    for c in sorted(membership):
        grouped.setdefault(tuple(membership[c]), []).append(c)
    groups = list(grouped.items())
    group_rules: list[tuple[frozenset[int], int]] = [
        (frozenset(g for g, (names, _) in enumerate(groups) if r in names), count)
        for r, (_, count) in enumerate(rules)
    ]
    order = elimination_order(group_rules)
    position = {g: t for t, g in enumerate(order)}
    last = [max(position[g] for g in gs) for gs, _ in group_rules]
    left = [len(cells) for cells, _ in rules]
    bits = len(membership) + 2
    open_rules: list[int] = []
    # state: the needs of the open rules -> (packed counts, packed tally per group so far)
    states: dict[tuple[int, ...], tuple[int, list[int]]] = {(): (1, [])}
    for t, g in enumerate(order):
        names, members = groups[g]
        size = len(members)
        for r in names:
            if r not in open_rules:
                open_rules.append(r)
            left[r] -= size
        slots = [open_rules.index(r) for r in names]
        start_needs = [rules[r][1] for r in open_rules]
        keep = [i for i, r in enumerate(open_rules) if last[r] != t]
        remaining = [left[r] for r in open_rules]
        ways = [
            (j, math.comb(size, j), math.comb(size - 1, j - 1) if j else 0) for j in range(size + 1)
        ]
        nxt: dict[tuple[int, ...], tuple[int, list[int]]] = {}
        for needs, (poly, tallies) in states.items():
            full = list(needs) + start_needs[len(needs) :]
            for j, w, w_cell in ways:
                new = full[:]
                ok = True
                for slot in slots:
                    new[slot] -= j
                    if not 0 <= new[slot] <= remaining[slot]:
                        ok = False
                        break
                if not ok:
                    continue
                key = tuple(new[i] for i in keep)
                shift = j * bits
                marks = [(x << shift) * w for x in tallies]
                marks.append((poly << shift) * w_cell)
                shifted = (poly << shift) * w
                if key in nxt:
                    acc_poly, acc_marks = nxt[key]
                    summed = [a + b for a, b in zip(acc_marks, marks, strict=True)]
                    nxt[key] = (acc_poly + shifted, summed)
                else:
                    nxt[key] = (shifted, marks)
        open_rules = [open_rules[i] for i in keep]
        states = nxt
        if not states:
            raise Contradiction("no arrangement of mines agrees with these numbers")
        if len(states) > (budget or STATE_BUDGET):
            raise TooWide(f"{len(states)} partial arrangements exceed the budget")
    packed, tallies = states[()]
    counts = _unpack(packed, bits, len(membership) + 1)
    per_cell: dict[Cell, Poly] = {}
    for g, tally in zip(order, tallies, strict=True):
        unpacked = _unpack(tally, bits, len(counts))
        for c in groups[g][1]:
            per_cell[c] = unpacked
    return Component(sorted(membership), counts, per_cell)


def _unpack(packed: int, bits: int, length: int) -> Poly:
    """Return the coefficients of a packed polynomial, trailing zeros dropped."""
    mask = (1 << bits) - 1
    coefficients = [(packed >> (k * bits)) & mask for k in range(length)]
    while len(coefficients) > 1 and coefficients[-1] == 0:
        coefficients.pop()
    return coefficients


def _convolve(a: Poly, b: Poly) -> Poly:
    """Return the product of two count polynomials."""
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def solve(
    rules: list[Rule],
    mines_left: Optional[int],
    outside: int,
    cache: Optional[dict[frozenset[Rule], Component]] = None,
) -> Solution:
    """Return exact mine probabilities given rules, mines left and outside cells.

    With mines_left, every arrangement of all remaining mines that satisfies
    the rules counts once, cells outside every rule included. Without it,
    every arrangement of the frontier counts once, and an outside cell,
    about which nothing is known, is given 1/2. A cache shared between calls
    saves recounting components that did not change.
    """
    rules = [(cells, count) for cells, count in rules if cells]
    comps: list[Component] = []
    wide: list[list[Rule]] = []
    for group in components(rules):
        key = frozenset(group)
        if cache is not None and key in cache:
            comps.append(cache[key])
            continue
        try:
            comp = count_component(group)
        except TooWide:
            wide.append(group)
            continue
        comps.append(comp)
        if cache is not None:
            cache[key] = comp
    if wide:
        return _solve_approximately(comps, wide, mines_left, outside)
    if mines_left is None:
        return _solve_without_total(comps)
    return _combine(comps, mines_left, outside)


@functools.lru_cache(maxsize=64)
def _binomials(n: int) -> tuple[int, ...]:
    """Return C(n, r) for r = 0..n (the outside cells' ways to hold r mines)."""
    row = [1]
    for r in range(n):
        row.append(row[-1] * (n - r) // (r + 1))
    return tuple(row)


def _combine(comps: list[Component], mines_left: int, outside: int) -> Solution:
    """Weight every component's arrangements by the ways to place the rest."""
    binom = _binomials(outside)
    polys = [c.counts for c in comps]
    prefix = [[1]]
    for p in polys:
        prefix.append(_convolve(prefix[-1], p))
    suffix = [[1]]
    for p in reversed(polys):
        suffix.append(_convolve(suffix[-1], p))
    suffix.reverse()
    every = prefix[-1]

    def rest_weight(k: int, others: Poly) -> int:
        return sum(
            n * binom[mines_left - k - j]
            for j, n in enumerate(others)
            if n and 0 <= mines_left - k - j <= outside
        )

    weight = rest_weight(0, every)
    if weight == 0:
        raise Contradiction(
            f"no arrangement of the {mines_left} remaining mines agrees with the numbers"
        )
    cell_weights: dict[Cell, int] = {}
    for i, comp in enumerate(comps):
        others = _convolve(prefix[i], suffix[i + 1])
        weights = [rest_weight(k, others) for k in range(len(comp.counts))]
        for cell, tally in comp.tallies.items():
            cell_weights[cell] = sum(n * weights[k] for k, n in enumerate(tally))
    outside_weight = 0
    if outside:
        # An outside cell holds a mine in C(outside - 1, rest - 1) of the ways.
        outside_weight = sum(
            n * math.comb(outside - 1, mines_left - k - 1)
            for k, n in enumerate(every)
            if 1 <= mines_left - k <= outside
        )
    arrangements = sum(n for k, n in enumerate(every) if 0 <= mines_left - k <= outside)
    return Solution(cell_weights, outside_weight, outside, weight, arrangements)


def _solve_approximately(
    comps: list[Component], wide: list[list[Rule]], mines_left: Optional[int], outside: int
) -> Solution:
    """Fallback past the budget: a too-wide component gets each cell's mean sentence density.

    The other components and the outside cells are then solved exactly with
    the too-wide component's expected mines taken off the total. The result
    says exact=False, and the AI's steps say the numbers are approximate.
    """
    guessed: dict[Cell, Fraction] = {}
    for group in wide:
        shares: dict[Cell, list[Fraction]] = {}
        for cells, count in group:
            for c in cells:
                shares.setdefault(c, []).append(Fraction(count, len(cells)))
        for c, values in shares.items():
            guessed[c] = sum(values, Fraction(0)) / len(values)
    if mines_left is None:
        rest = _solve_without_total(comps)
    else:
        expected = round(sum(guessed.values(), Fraction(0)))
        left = min(max(mines_left - expected, 0), outside + sum(len(c.tallies) for c in comps))
        rest = _combine(comps, left, outside)
    rest.approximate = guessed
    rest.exact = False
    return rest


def _solve_without_total(comps: list[Component]) -> Solution:
    """Probabilities when the mine total is unknown: components independent."""
    arrangements = 1
    for comp in comps:
        arrangements *= sum(comp.counts)
    weights: dict[Cell, int] = {}
    for comp in comps:
        # Over the common denominator 2 x (product of every component's total).
        scale = 2 * arrangements // sum(comp.counts)
        for cell, tally in comp.tallies.items():
            weights[cell] = sum(tally) * scale
    return Solution(weights, arrangements, 0, 2 * arrangements, arrangements)


# ---------------------------------------------------------------------------
# The AI: CS50's knowledge base, then enumeration, then the best guess
# ---------------------------------------------------------------------------


class MinesweeperAI:
    """Minesweeper game player: a knowledge base of sentences, then exact odds."""

    def __init__(
        self,
        height: int = 8,
        width: int = 8,
        mines: Optional[int] = None,
        *,
        first_click: str = "safe",
        seed: Optional[int] = None,
    ) -> None:
        self.height = height
        self.width = width
        # CS50's ai.mines is the set of known mines, so the total lives here.
        self.total_mines = mines
        self.first_click = first_click
        self.rng = random.Random(seed)
        self.moves_made: set[Cell] = set()
        self.mines: set[Cell] = set()
        self.safes: set[Cell] = set()
        self.knowledge: list[Sentence] = []
        self.steps: list[Step] = []
        self.last_move: Optional[Step] = None
        self._by_cells: dict[frozenset[Cell], Sentence] = {}
        self._containing: dict[Cell, dict[int, Sentence]] = {}
        self._queue: deque[Sentence] = deque()
        self._applied = (0, 0)
        self._indexed: Optional[list[Sentence]] = None

    # -- geometry the AI may use: the board's size, never its mines --------

    def neighbors(self, cell: Cell) -> list[Cell]:
        """Return the cells around cell on this AI's board."""
        return neighbors_on(cell, self.height, self.width)

    def all_cells(self) -> list[Cell]:
        """Return every cell of the board in reading order."""
        return [(i, j) for i in range(self.height) for j in range(self.width)]

    # -- keeping the index in step with the public lists and sets -----------

    def _sync(self) -> None:
        """Take in sentences, mines and safes that code added directly."""
        if self._indexed is not self.knowledge or len(self.knowledge) != len(self._by_cells):
            self._reindex()
        if self._applied != (len(self.mines), len(self.safes)):
            for cell in list(self.mines):
                self._mark(cell, True)
            for cell in list(self.safes):
                self._mark(cell, False)
            self._applied = (len(self.mines), len(self.safes))

    def _reindex(self) -> None:
        """Rebuild the index from self.knowledge, merging duplicates."""
        sentences = [s for s in self.knowledge]
        self._by_cells = {}
        self._containing = {}
        self.knowledge = []
        self._indexed = self.knowledge
        for s in sentences:
            self._admit(s)

    def _admit(self, sentence: Sentence) -> bool:
        """Add a sentence to the knowledge base unless empty or a duplicate."""
        for cell in list(sentence.cells):
            if cell in self.mines:
                sentence.mark_mine(cell)
            elif cell in self.safes:
                sentence.mark_safe(cell)
        if not self._index(sentence):
            return False
        self.knowledge.append(sentence)
        return True

    def _alive(self, sentence: Sentence) -> bool:
        """True when the sentence is still in the knowledge base."""
        return self._by_cells.get(frozenset(sentence.cells)) is sentence

    def _compact(self) -> None:
        """Drop dead sentences from self.knowledge (once per public call)."""
        self.knowledge[:] = [s for s in self.knowledge if self._alive(s)]

    # -- CS50's marking -----------------------------------------------------

    def mark_mine(self, cell: Cell) -> None:
        """Mark a cell as a mine, and update all knowledge to mark it too."""
        self._sync()
        self._mark(cell, True)
        self._applied = (len(self.mines), len(self.safes))
        self._compact()

    def mark_safe(self, cell: Cell) -> None:
        """Mark a cell as safe, and update all knowledge to mark it too."""
        self._sync()
        self._mark(cell, False)
        self._applied = (len(self.mines), len(self.safes))
        self._compact()

    def _mark(self, cell: Cell, mine: bool) -> None:
        """Record a known cell and take it out of every sentence naming it."""
        if cell in (self.safes if mine else self.mines):
            raise Contradiction(
                f"{cell_name(cell)} cannot be both a mine and safe: the numbers contradict"
            )
        (self.mines if mine else self.safes).add(cell)
        for sentence in list(self._containing.pop(cell, {}).values()):
            old = frozenset(sentence.cells)
            before = Sentence(old, sentence.count)
            del self._by_cells[old]
            for other in old:
                if other != cell:
                    self._containing[other].pop(id(sentence), None)
            if mine:
                sentence.mark_mine(cell)
            else:
                sentence.mark_safe(cell)
            if self._index(sentence):
                known = frozenset([cell])
                self.steps.append(
                    Step(
                        "known",
                        premises=(before,),
                        sentence=sentence.copy(),
                        mines=known if mine else frozenset(),
                        safes=frozenset() if mine else known,
                    )
                )

    def _index(self, sentence: Sentence) -> bool:
        """File a new or changed sentence under its cells and queue it; False if empty or known."""
        key = frozenset(sentence.cells)
        if not 0 <= sentence.count <= len(key):
            raise Contradiction(f"{sentence.text()} cannot hold: the numbers contradict each other")
        if not key:
            return False
        if key in self._by_cells:
            if self._by_cells[key].count != sentence.count:
                raise Contradiction(f"{sentence.text()} contradicts {self._by_cells[key].text()}")
            return False
        self._by_cells[key] = sentence
        for c in key:
            self._containing.setdefault(c, {})[id(sentence)] = sentence
        self._queue.append(sentence)
        return True

    # -- CS50's add_knowledge ------------------------------------------------

    def add_knowledge(self, cell: Cell, count: int) -> None:
        """Record that a safe cell shows count, and infer all that follows.

        Marks the cell as a move made and safe, adds a sentence over its
        neighbours whose state is unknown (known mines lower the count), and
        then applies the zero, full and subset rules until nothing changes.
        """
        self._sync()
        self.moves_made.add(cell)
        if cell not in self.safes:
            self._mark(cell, False)
        hidden = [n for n in self.neighbors(cell) if n not in self.moves_made]
        unknown = [n for n in hidden if n not in self.mines and n not in self.safes]
        known_mines = frozenset(n for n in hidden if n in self.mines)
        known_safes = frozenset(n for n in hidden if n in self.safes)
        sentence = Sentence(unknown, count - len(known_mines))
        if hidden and unknown:
            clue = Sentence(hidden, count)
            self.steps.append(Step("clue", sentence=clue.copy(), cell=cell))
            if known_mines or known_safes:
                self.steps.append(
                    Step(
                        "known",
                        premises=(clue,),
                        sentence=sentence.copy(),
                        mines=known_mines,
                        safes=known_safes,
                    )
                )
        elif sentence.count != 0:
            raise Contradiction(
                f"{cell_name(cell)} shows {count}, but its known mines number {len(known_mines)}"
            )
        self._admit(sentence)
        self._infer()
        self._applied = (len(self.mines), len(self.safes))
        self._compact()

    def _infer(self) -> None:
        """Apply the zero, full and subset rules until the queue is empty."""
        while self._queue:
            sentence = self._queue.popleft()
            if not self._alive(sentence):
                continue
            cells, count = frozenset(sentence.cells), sentence.count
            if count == 0 or count == len(cells):
                mine = count != 0
                self.steps.append(
                    Step(
                        "full" if mine else "zero",
                        premises=(sentence.copy(),),
                        mines=cells if mine else frozenset(),
                        safes=frozenset() if mine else cells,
                    )
                )
                self._retire(sentence)
                for c in sorted(cells):
                    if c not in self.mines and c not in self.safes:
                        self._mark(c, mine)
                continue
            self._subset_inference(sentence, cells)

    def _retire(self, sentence: Sentence) -> None:
        """Take a fully used sentence out of the index, so marking its cells is silent."""
        key = frozenset(sentence.cells)
        del self._by_cells[key]
        for c in key:
            self._containing[c].pop(id(sentence), None)

    def _subset_inference(self, sentence: Sentence, cells: frozenset[Cell]) -> None:
        """Derive set2 - set1 = count2 - count1 for every strict subset pair."""
        related: dict[int, Sentence] = {}
        for c in cells:
            related.update(self._containing.get(c, {}))
        related.pop(id(sentence), None)
        for other in list(related.values()):
            if not self._alive(sentence):
                return
            if not self._alive(other):
                continue
            theirs = frozenset(other.cells)
            if theirs < cells:
                small, big = other, sentence
            elif cells < theirs:
                small, big = sentence, other
            else:
                continue
            derived = Sentence(big.cells - small.cells, big.count - small.count)
            if frozenset(derived.cells) in self._by_cells:
                continue
            self.steps.append(
                Step("subset", premises=(small.copy(), big.copy()), sentence=derived.copy())
            )
            self._admit(derived)

    # -- CS50's moves ---------------------------------------------------------

    def make_safe_move(self) -> Optional[Cell]:
        """Return a known safe cell not yet played, or None; changes nothing."""
        choices = self.safes - self.moves_made
        return min(choices) if choices else None

    def make_random_move(self) -> Optional[Cell]:
        """Return a random cell that is neither played nor a known mine, or None."""
        choices = [c for c in self.all_cells() if c not in self.moves_made and c not in self.mines]
        return self.rng.choice(choices) if choices else None

    # -- exact probabilities ---------------------------------------------------

    def unknown_cells(self) -> list[Cell]:
        """Return the cells whose state the AI does not know, in reading order."""
        return [c for c in self.all_cells() if self._is_unknown(c)]

    def solution(self) -> Solution:
        """Return the enumeration's result over the current knowledge base."""
        self._sync()
        self._compact()
        rules = self._rules()
        frontier = self._frontier()
        outside = sum(1 for c in self.unknown_cells() if c not in frontier)
        left = None if self.total_mines is None else self.total_mines - len(self.mines)
        return solve(rules, left, outside)

    def _rules(self) -> list[Rule]:
        """Return the knowledge base as the engine's rules: (cells, count) pairs."""
        return [(frozenset(s.cells), s.count) for s in self.knowledge]

    def _frontier(self) -> set[Cell]:
        """Return the cells that some sentence names."""
        return set().union(*(s.cells for s in self.knowledge))

    def mine_probabilities(self) -> dict[Cell, Fraction]:
        """Return every unrevealed cell -> the exact chance that it holds a mine.

        Every arrangement of the remaining mines that agrees with the revealed
        numbers and the total counts once. Known mines give 1, known safe
        cells 0. Without a total (mines=None), each arrangement of the cells
        next to numbers counts once and a cell no number touches gets 1/2,
        meaning "no information".
        """
        return self._probabilities(self.solution())

    def _probabilities(self, solution: Solution) -> dict[Cell, Fraction]:
        """Spread a solution over every unrevealed cell."""
        probabilities: dict[Cell, Fraction] = {}
        frontier = solution.probabilities
        outside = solution.outside
        for c in self.all_cells():
            if c in self.moves_made:
                continue
            if c in self.mines:
                probabilities[c] = Fraction(1)
            elif c in self.safes:
                probabilities[c] = Fraction(0)
            else:
                probabilities[c] = frontier.get(c, outside)
        return probabilities

    # -- the whole turn ---------------------------------------------------------

    def make_move(self) -> Optional[Cell]:
        """Return the AI's move: a known safe cell, a proven one, or the best guess.

        None when no unrevealed cell is left that is not a known mine. A
        guess changes no knowledge; self.last_move says which kind of move.
        """
        self._sync()
        move = self.make_safe_move()
        if move is not None:
            self.last_move = Step("safe", cell=move)
            return move
        if not self.moves_made and self._opening_cell() not in self.mines:
            return self._first_move()
        solution = self.solution()
        probabilities = self._probabilities(solution)
        self._apply_enumeration(solution, probabilities)
        move = self.make_safe_move()
        if move is not None:
            self.last_move = Step("proven", cell=move)
            return move
        choices = {c: p for c, p in probabilities.items() if c not in self.mines}
        if not choices:
            self.last_move = None
            return None
        searched = self._search_endgame(solution)
        coin = None
        if searched is None and TECHNIQUES["fifty-fifty"]:
            coin = self._forced_coin_flip(choices)
        if searched is not None:
            move, wins, total = searched
            note = f"; best play from here wins {wins} of the {total} arrangements"
        elif coin is not None:
            move = coin
            note = "; a 50/50 that no later number can settle, so take it before other risks"
        else:
            move = self._best_guess(choices)
            lowest = min(choices.values())
            note = (
                ", the lowest"
                if choices[move] == lowest
                else f", not the lowest ({percent(lowest)}) but its number is likelier "
                "to make the next click safe"
            )
            note += "" if solution.exact else " (approximate: the frontier was too wide to count)"
        self.last_move = Step("guess", cell=move, probability=choices[move], note=note)
        if not self.steps or self.steps[-1] != self.last_move:
            self.steps.append(self.last_move)  # asking twice logs the guess once
        return move

    # -- looking ahead to the end of the game -----------------------------------

    def arrangements(self) -> list[frozenset[Cell]]:
        """Return every placement of the remaining mines that fits the knowledge.

        Lists them one by one, so call it only when solution().weight is small.
        """
        assert self.total_mines is not None
        left = self.total_mines - len(self.mines)
        rules = self._rules()
        frontier = elimination_order(rules) if rules else []
        named = self._frontier()
        outside = [c for c in self.unknown_cells() if c not in named]
        found: list[frozenset[Cell]] = []
        for placed in _frontier_placements(rules, frontier):
            rest = left - len(placed)
            if 0 <= rest <= len(outside):
                for extra in itertools.combinations(outside, rest):
                    found.append(frozenset(placed) | frozenset(extra))
        return found

    def _search_endgame(self, solution: Solution) -> Optional[tuple[Cell, int, int]]:
        """Return the guess that wins most often with best play, when few arrangements remain.

        Every arrangement is listed and the game tree searched to the end: a
        cell's value is the number of arrangements that best play from there
        wins. Returns (cell, wins, arrangements), or None past the budget.
        """
        if (
            self.total_mines is None
            or not TECHNIQUES["search"]
            or not solution.exact
            or solution.weight > SEARCH_CONFIGS
        ):
            return None
        search = endgame_search(self.height, self.width)
        known = search.mask(self.mines)
        configs = [search.mask(mines) | known for mines in self.arrangements()]
        try:
            cell, wins = search.best_guess(configs, search.mask(self.moves_made))
        except TooWide:
            return None
        return cell, wins, len(configs)

    def _opening_cell(self) -> Cell:
        """Return where a first click wins most often under the first-click rule."""
        if self.first_click == "opening":
            # Measured on expert: D4 54.2% (10,000 games), C3 52.9%, B2 and A1
            # lower; on a small board, no further in than its middle.
            return (min(3, (self.height - 1) // 2), min(3, (self.width - 1) // 2))
        return (0, 0)

    def _first_move(self) -> Cell:
        """Return the opening click, recorded as a step with its reason."""
        move = self._opening_cell()
        if self.first_click == "opening":
            why = "sure to be a 0; a few cells in from the corner, it opens the most"
        else:
            why = "a corner, where a 0 and an opening are likeliest"
        if self.total_mines is not None and TECHNIQUES["search"]:
            solved = best_opening(self.height, self.width, self.total_mines, self.first_click)
            if solved is not None:
                move, wins, total = solved
                why = f"best play from here wins {wins} of the {total} boards, the most of any cell"
        self.last_move = Step("first", cell=move, note=why)
        if not self.steps or self.steps[-1] != self.last_move:
            self.steps.append(self.last_move)
        return move

    def _apply_enumeration(self, solution: Solution, probabilities: dict[Cell, Fraction]) -> None:
        """Mark every cell the enumeration proves safe or a mine, as one step."""
        safes = frozenset(c for c, p in probabilities.items() if p == 0 and c not in self.safes)
        mines = frozenset(c for c, p in probabilities.items() if p == 1 and c not in self.mines)
        if not (safes or mines):
            return
        premises = tuple(s.copy() for s in self.knowledge)
        self.steps.append(
            Step(
                "enumeration",
                premises=premises,
                safes=safes,
                mines=mines,
                arrangements=solution.arrangements,
                note="" if self.total_mines is not None else "no total",
            )
        )
        proven = safes | mines
        for sentence in list(self.knowledge):
            if self._alive(sentence) and sentence.cells <= proven:
                self._retire(sentence)
        for c in sorted(mines):
            self._mark(c, True)
        for c in sorted(safes):
            self._mark(c, False)
        self._infer()
        self._applied = (len(self.mines), len(self.safes))
        self._compact()

    def _best_guess(self, choices: dict[Cell, Fraction]) -> Cell:
        """Return the guess most likely to survive this click and to move the game on.

        The candidates are the cells within GUESS_MARGIN of the lowest mine
        probability. For each, every number it could show is tried: the
        position after that number is solved again, and the safest cell
        there is its "next safety" (1 when the number proves a cell safe,
        which is "progress"). The score is
        P(safe now) x (E[next safety] + PROGRESS_BONUS x P(progress)),
        so among equally risky cells the one whose number is likeliest to
        help wins, and a cell likely to open new ground (a far corner, say)
        beats one that only tends to make the next guess a little safer.
        """
        lowest = min(choices.values())
        ranked = sorted(choices, key=lambda c: (choices[c], self._unknown_neighbors(c), c))
        near = [c for c in ranked if choices[c] <= lowest + GUESS_MARGIN]
        if len(near) == 1 or self.total_mines is None or not TECHNIQUES["lookahead"]:
            return near[0]
        # Cells off the frontier whose unknown neighbours are off it too differ
        # only in how many unknown neighbours they have: one of each will do.
        frontier = self._frontier()
        candidates: dict[object, Cell] = {}
        for c in near:
            around = [n for n in self.neighbors(c) if self._is_unknown(n)]
            alike = c not in frontier and not frontier.intersection(around)
            candidates.setdefault(("outside", len(around)) if alike else c, c)
            if len(candidates) == GUESS_CANDIDATES:
                break
        cache: dict[frozenset[Rule], Component] = {}
        order = list(candidates.values())
        bonus = PROGRESS_BONUS if TECHNIQUES["progress"] else 0
        scores = {}
        for c in order:
            safety, progress = self._next_safety(c, cache)
            scores[c] = (1 - choices[c]) * (safety + bonus * progress)
        return max(order, key=lambda c: (scores[c], -order.index(c)))

    def _forced_coin_flip(self, choices: dict[Cell, Fraction]) -> Optional[Cell]:
        """Return a cell of a 50/50 that nothing can ever settle, if there is one.

        That is a sentence {a, b} = 1 where every cell next to one of a and b
        but not the other is a known mine. Every number shown now or later
        then counts a and b together or not at all, so moving the mine from
        one to the other never changes what the board shows: the coin flip
        has to be taken some time, and taken first it costs nothing more,
        while the number it reveals may save a guess elsewhere.
        """
        half = Fraction(1, 2)
        for sentence in self.knowledge:
            if len(sentence.cells) != 2 or sentence.count != 1:
                continue
            a, b = sorted(sentence.cells)
            if choices.get(a) != half or choices.get(b) != half:
                continue
            one_sided = set(self.neighbors(a)).symmetric_difference(self.neighbors(b)) - {a, b}
            if one_sided <= self.mines:
                return a
        return None

    def _is_unknown(self, cell: Cell) -> bool:
        """True when the AI knows neither that cell is safe nor that it is a mine."""
        return cell not in self.moves_made and cell not in self.mines and cell not in self.safes

    def _unknown_neighbors(self, cell: Cell) -> int:
        """Return how many neighbours of cell are neither revealed nor known."""
        return sum(1 for n in self.neighbors(cell) if self._is_unknown(n))

    def _next_safety(
        self, cell: Cell, cache: dict[frozenset[Rule], Component]
    ) -> tuple[Fraction, Fraction]:
        """Return E[safety of the best next click] and P(progress) if cell turns out safe.

        Progress means the number shown proves some cell safe (or the count
        does), so the next click is free.
        """
        rules = [(frozenset(s.cells - {cell}), s.count) for s in self.knowledge]
        around = [n for n in self.neighbors(cell) if self._is_unknown(n)]
        assert self.total_mines is not None
        left = self.total_mines - len(self.mines)
        unknown = [c for c in self.unknown_cells() if c != cell]
        total = 0
        progress = 0
        expected = Fraction(0)
        for shown in range(len(around) + 1):
            these = rules + [(frozenset(around), shown)]
            named = set().union(*(r[0] for r in these))
            outside = sum(1 for c in unknown if c not in named)
            try:
                after = solve(these, left, outside, cache)
            except Contradiction:
                continue
            # When no unknown cell could be safe, every one left is a mine:
            # this click wins the game, and nothing further is risked.
            best = after.safest() or Fraction(1)
            total += after.weight
            expected += after.weight * best
            if best == 1:
                progress += after.weight
        if not total:
            return Fraction(0), Fraction(0)
        return expected / total, Fraction(progress, total)

    def why_safe(self, cell: Cell) -> Optional[Step]:
        """Return the step that proved cell safe (a zero count or an enumeration), if any."""
        for step in reversed(self.steps):
            if cell in step.safes and step.rule in ("zero", "enumeration"):
                return step
        return None


def _frontier_placements(rules: list[Rule], order: list[Cell]) -> Iterator[set[Cell]]:
    """Yield every set of frontier mines that satisfies all rules (backtracking)."""
    rules_of: dict[Cell, list[int]] = {c: [] for c in order}
    for index, (cells, _) in enumerate(rules):
        for c in cells:
            rules_of[c].append(index)
    need = [count for _, count in rules]
    room = [len(cells) for cells, _ in rules]
    placed: set[Cell] = set()

    def extend(t: int) -> Iterator[set[Cell]]:
        if t == len(order):
            yield set(placed)
            return
        cell = order[t]
        for mine in (True, False):
            rs = rules_of[cell]
            for r in rs:
                room[r] -= 1
                need[r] -= mine
            if all(0 <= need[r] <= room[r] for r in rs):
                if mine:
                    placed.add(cell)
                yield from extend(t + 1)
                placed.discard(cell)
            for r in rs:
                room[r] += 1
                need[r] += mine

    yield from extend(0)


class EndgameSearch:
    """Best play to the end of the game over an explicit list of arrangements.

    An arrangement is a bit mask of mines over the board's cells, and the set
    of arrangements still possible (a sorted tuple) is the whole state: any
    cell safe in all of them would be revealed for free. wins(S) is how many
    arrangements of S best play wins; it depends on S alone, so one memo
    serves every game on a board of this size (it is shared per size).
    """

    MEMO_LIMIT = 300_000

    def __init__(self, height: int, width: int) -> None:
        board = Minesweeper(height, width, 0, seed=0, first_click="none")
        self.cells = list(board.cells())
        self.index = {c: i for i, c in enumerate(self.cells)}
        self.bit = [1 << i for i in range(len(self.cells))]
        self.around = [sum(1 << self.index[n] for n in board.neighbors(c)) for c in self.cells]
        self.memo: dict[tuple[int, ...], int] = {}
        self.nodes = 0
        self.budget = SEARCH_BUDGET

    def mask(self, mines: Iterable[Cell]) -> int:
        """Return the bit mask of a set of cells."""
        return sum(self.bit[self.index[c]] for c in mines)

    def best_guess(
        self, configs: Iterable[int], seen: int = 0, budget: Optional[int] = None
    ) -> tuple[Cell, int]:
        """Return the click that best play makes now and the arrangements it wins.

        seen marks cells already revealed. Raises TooWide past the budget
        (SEARCH_BUDGET unless given).
        """
        self._start(SEARCH_BUDGET if budget is None else budget)
        best = self._best_guess(tuple(sorted(configs)), seen)
        assert best is not None
        return self.cells[best[0]], best[1]

    def wins_after(self, cell: Cell, configs: Iterable[int], budget: int) -> int:
        """Return how many arrangements best play wins after clicking cell first."""
        self._start(budget)
        i = self.index[cell]
        survivors = tuple(c for c in sorted(configs) if not c & self.bit[i])
        return sum(self.wins(part, self.bit[i]) for part in self._split(survivors, [i]))

    def _count(self, visits: int) -> None:
        """Count work done; raise TooWide once it passes the budget."""
        self.nodes += visits
        if self.nodes > self.budget:
            raise TooWide(f"the endgame search passed its budget of {self.budget} visits")

    def _start(self, budget: int) -> None:
        """Reset the node count for one search; forget old work past the limit."""
        self.nodes = 0
        self.budget = budget
        if len(self.memo) > self.MEMO_LIMIT:
            self.memo.clear()

    def wins(self, configs: tuple[int, ...], seen: int = 0) -> int:
        """Return how many of these arrangements best play wins.

        seen marks cells whose numbers are already the same in every one of
        them; it only saves work, the result depends on configs alone.
        """
        if len(configs) == 1:
            return 1
        if configs in self.memo:
            return self.memo[configs]
        self._count(len(configs))
        anywhere = 0
        always = -1
        for config in configs:
            anywhere |= config
            always &= config
        uncertain = anywhere & ~always
        # Safe in every arrangement, so revealed for free; only a cell next to
        # an uncertain one can show different numbers.
        near = 0
        for u in _bits(uncertain):
            near |= self.around[u]
        free = list(_bits(near & ~(anywhere | seen)))
        seen |= near & ~anywhere
        parts = self._split(configs, free)
        if len(parts) > 1:
            result = sum(self.wins(part, seen) for part in parts)
        else:
            best = self._best_guess(configs, seen)
            result = best[1] if best else len(configs)
        self.memo[configs] = result
        return result

    def _split(self, configs: tuple[int, ...], cells: list[int]) -> list[tuple[int, ...]]:
        """Group arrangements by the numbers these (safe) cells would show."""
        masks = [self.around[c] for c in cells]
        groups: dict[tuple[int, ...], list[int]] = {}
        for config in configs:
            key = tuple([(config & m).bit_count() for m in masks])
            groups.setdefault(key, []).append(config)
        return [tuple(g) for g in groups.values()]

    def _best_guess(self, configs: tuple[int, ...], seen: int = 0) -> Optional[tuple[int, int]]:
        """Return (cell, wins) for the risky click that wins most, or None."""
        every = (1 << len(self.cells)) - 1
        always = every
        anywhere = 0
        for config in configs:
            always &= config
            anywhere |= config
        risky = list(_bits(anywhere & ~always))
        safe_in = {i: sum(1 for c in configs if not c & self.bit[i]) for i in risky}
        risky.sort(key=lambda i: -safe_in[i])
        best: Optional[tuple[int, int]] = None
        for i in risky:
            if best is not None and safe_in[i] <= best[1]:
                break
            self._count(len(configs))
            survivors = tuple(c for c in configs if not c & self.bit[i])
            parts = self._split(survivors, [i])
            total = sum(self.wins(part, seen | self.bit[i]) for part in parts)
            if best is None or total > best[1]:
                best = (i, total)
        return best


def _bits(mask: int) -> Iterator[int]:
    """Yield the positions of the set bits of a non-negative mask."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


_SEARCHES: dict[tuple[int, int], EndgameSearch] = {}


def endgame_search(height: int, width: int) -> EndgameSearch:
    """Return the shared search (and its memo) for boards of this size."""
    if (height, width) not in _SEARCHES:
        _SEARCHES[(height, width)] = EndgameSearch(height, width)
    return _SEARCHES[(height, width)]


def mine_free_cells(height: int, width: int, first: Cell, rule: str) -> set[Cell]:
    """Return the cells the first-click rule keeps free of mines for this first click."""
    if rule == "none":
        return set()
    if rule == "safe":
        return {first}
    board = Minesweeper(height, width, 0, seed=0, first_click="none")
    return {first} | set(board.neighbors(first))


@functools.lru_cache(maxsize=32)
def best_opening(
    height: int,
    width: int,
    mines: int,
    rule: str,
    limit: Optional[int] = None,
    budget: Optional[int] = None,
) -> Optional[tuple[Cell, int, int]]:
    """Return (first click, boards won, boards) under best play, on boards small enough.

    Every placement of the mines that the first-click rule allows is listed
    and the game searched to the end for each candidate first click (one
    per symmetry class: the top-left quarter). None when the board has more
    than limit placements (FIRST_SEARCH_BOARDS) or the search passes its
    budget (FIRST_SEARCH_BUDGET).
    """
    search = endgame_search(height, width)
    cells = search.cells
    clear = len(mine_free_cells(height, width, (0, 0), rule))
    if math.comb(len(cells) - clear, mines) > (limit or FIRST_SEARCH_BOARDS):
        return None
    best: Optional[tuple[Cell, int, int]] = None
    budget = budget or FIRST_SEARCH_BUDGET
    for first in cells:
        if 2 * first[0] > height - 1 or 2 * first[1] > width - 1:
            continue
        keep_clear = mine_free_cells(height, width, first, rule)
        allowed = [c for c in cells if c not in keep_clear]
        boards = [search.mask(m) for m in itertools.combinations(allowed, mines)]
        try:
            wins = search.wins_after(first, boards, budget)
        except TooWide:
            return None
        budget -= search.nodes
        if best is None or wins * best[2] > best[1] * len(boards):
            best = (first, wins, len(boards))
    return best
