"""No-guess boards: mines placed so that logic alone clears the board from the first click.

Glossary
--------
Solve by logic   from the first click, open every cell that the numbers and
                 the mine total prove safe (exact counting: a cell safe in
                 every arrangement of the remaining mines), again and again,
                 to the very last cell; never a guess.
Stuck            what logic knows when it can go no further: the cells open,
                 the mines proven, and the hidden cells next to a number.
Repair           a change of a stuck board's mines near where it is stuck
                 (moving mines between that spot and cells no number
                 touches), after which the board is solved again from the
                 first click. A repair only proposes the next candidate: a
                 board is dealt only when a whole solve from the first click
                 has cleared it.

The first click opens (it and its neighbours hold no mine), as under the
"opening" rule. Everything random comes from the rng passed in, so the same
seed deals the same board; the time budget only decides when to give up,
and giving up is an error (NoGuessTimeout), never a board that needs a guess.
"""

from __future__ import annotations

import random
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Optional

from .board import Cell, flood, kept_clear, neighbours
from .engine import Cache, Contradiction, solve
from .knowledge import KnowledgeBase

NO_GUESS_SECONDS = 10.0  # the most a deal may take before it gives up (see README's figures)
REPAIRS_PER_BOARD = 200  # repairs of one random board before a fresh one is drawn
CACHE_LIMIT = 5_000  # component counts kept between solves of one deal


class NoGuessTimeout(Exception):
    """No board that logic alone clears was found within the time budget."""

    def __init__(self, height: int, width: int, mines: int, seconds: float) -> None:
        super().__init__(
            f"No no-guess {height}x{width} board with {mines} mines was found in "
            f"{seconds:g} s: the board is too dense for it. Use fewer mines, or another "
            "first-click rule (safe, opening, none)."
        )
        self.height, self.width, self.mines, self.seconds = height, width, mines, seconds


@dataclass(frozen=True)
class Stuck:
    """Where logic stopped: the cells open, the mines proven, the hidden cells beside a number."""

    opened: frozenset[Cell]
    proven: frozenset[Cell]
    frontier: tuple[Cell, ...]  # reading order; all the unknown cells when none is beside a number


# -- solving by logic ---------------------------------------------------------------


class _Solver:
    """One solve by logic of a board whose mines are known to us (never to the logic)."""

    def __init__(
        self, height: int, width: int, mines: frozenset[Cell], cache: Optional[Cache]
    ) -> None:
        self.height, self.width, self.mines, self.cache = height, width, mines, cache
        self.opened: dict[Cell, int] = {}
        self.proven: set[Cell] = set()
        self.dirty: deque[Cell] = deque()  # opened numbers to look at again
        self.safe_cells = height * width - len(mines)

    def around(self, cell: Cell) -> tuple[Cell, ...]:
        """Return the cells around cell."""
        return neighbours(cell, self.height, self.width)

    def open(self, start: Cell) -> None:
        """Open a safe cell and, through zeros, everything it connects to (as the game does)."""
        queue = [start]
        while queue:
            cell = queue.pop()
            if cell in self.opened:
                continue
            around = self.around(cell)
            number = sum(1 for n in around if n in self.mines)
            self.opened[cell] = number
            self.dirty.append(cell)
            self.dirty.extend(n for n in around if n in self.opened)
            if number == 0:
                queue.extend(n for n in around if n not in self.opened)

    def prove_mine(self, cell: Cell) -> None:
        """Record a proven mine and look again at the numbers around it."""
        self.proven.add(cell)
        self.dirty.extend(n for n in self.around(cell) if n in self.opened)

    def hidden_around(self, cell: Cell) -> tuple[list[Cell], int]:
        """Return a number's unknown neighbours and how many mines they hold."""
        unknown = [n for n in self.around(cell) if n not in self.opened and n not in self.proven]
        mines = self.opened[cell] - sum(1 for n in self.around(cell) if n in self.proven)
        return unknown, mines

    def by_each_number(self) -> None:
        """Open and prove what single numbers show (all their hidden cells safe, or all mines)."""
        while self.dirty:
            cell = self.dirty.popleft()
            unknown, mines = self.hidden_around(cell)
            if not unknown:
                continue
            if mines == 0:
                for n in unknown:
                    self.open(n)
            elif mines == len(unknown):
                for n in unknown:
                    self.prove_mine(n)

    def by_counting(self) -> bool:
        """Open and prove what exact counting over every number and the total shows; True if any."""
        rules: dict[frozenset[Cell], int] = {}
        for cell in self.opened:
            unknown, count = self.hidden_around(cell)
            if unknown:
                rules[frozenset(unknown)] = count
        frontier: set[Cell] = set().union(*rules)
        unknown_cells = self.height * self.width - len(self.opened) - len(self.proven)
        outside = unknown_cells - len(frontier)
        try:
            solution = solve(
                list(rules.items()), len(self.mines) - len(self.proven), outside, self.cache
            )
        except Contradiction as error:  # the numbers come from real mines: this cannot happen
            raise AssertionError(f"a real board contradicted itself: {error}") from error
        safes, mines = solution.certain()
        everywhere = solution.outside_certain()
        if everywhere is not None:
            rest = [
                (i, j)
                for i in range(self.height)
                for j in range(self.width)
                if (i, j) not in frontier
                and (i, j) not in self.opened
                and (i, j) not in self.proven
            ]
            (mines if everywhere else safes).update(rest)
        for cell in sorted(mines):
            self.prove_mine(cell)
        for cell in sorted(safes):
            self.open(cell)
        return bool(safes or mines)

    def run(self, first: Cell) -> Optional[Stuck]:
        """Solve from the first click: None when every safe cell opens, else where it stopped."""
        self.open(first)
        while len(self.opened) < self.safe_cells:
            self.by_each_number()
            if len(self.opened) == self.safe_cells:
                break
            if not self.by_counting():
                return self.stuck()
        return None

    def stuck(self) -> Stuck:
        """Return what logic knows now (walled in by mines: every unknown cell is frontier)."""
        frontier = {
            n
            for cell in self.opened
            for n in self.around(cell)
            if n not in self.opened and n not in self.proven
        }
        if not frontier:
            frontier = {
                (i, j)
                for i in range(self.height)
                for j in range(self.width)
                if (i, j) not in self.opened and (i, j) not in self.proven
            }
        return Stuck(frozenset(self.opened), frozenset(self.proven), tuple(sorted(frontier)))


def solve_by_logic(
    height: int, width: int, mines: Iterable[Cell], first: Cell, cache: Optional[Cache] = None
) -> Optional[Stuck]:
    """Return None when logic alone clears the board from the first click, else where it stops."""
    mines = frozenset(mines)
    if first in mines:
        raise ValueError(f"the first click {first} is on a mine")
    return _Solver(height, width, mines, cache).run(first)


# -- repairing a stuck board ----------------------------------------------------------


def repair(
    height: int,
    width: int,
    mines: frozenset[Cell],
    stuck: Stuck,
    keep: frozenset[Cell],
    rng: random.Random,
) -> Optional[frozenset[Cell]]:
    """Return the mines changed where logic is stuck, or None when no change can be made.

    A hidden cell beside a number is chosen at random; it and its hidden
    neighbours become all safe or all mines, whichever moves fewer mines,
    trading places with cells that no open number touches (so the numbers
    logic already used elsewhere stay as they were) where there are any.
    """
    cell = rng.choice(stuck.frontier)
    area = [cell] + [
        n
        for n in neighbours(cell, height, width)
        if n not in stuck.opened and n not in stuck.proven and n not in keep
    ]
    inside = [c for c in area if c in mines]
    make_clear = len(inside) * 2 <= len(area)
    moving = inside if make_clear else [c for c in area if c not in mines]
    touched = {n for c in stuck.opened for n in neighbours(c, height, width)} | stuck.opened
    free = set(area) | keep | stuck.opened | stuck.proven
    pool = [
        (i, j)
        for i in range(height)
        for j in range(width)
        if (i, j) not in free and ((i, j) in mines) != make_clear
    ]
    far = [c for c in pool if c not in touched]
    swap = far if len(far) >= len(moving) else pool
    if len(swap) < len(moving) or not moving:
        return None
    partners = rng.sample(swap, len(moving))
    return mines.symmetric_difference(moving).symmetric_difference(partners)



def solved_without_guessing(height: int, width: int, mines: Iterable[Cell], first: Cell) -> bool:
    """Return True when the AI's knowledge, never guessing, clears this board from the first click.

    It learns only by CS50's rules and exact counting (the mine total
    included) and plays only the cells they prove safe, to the last one.
    The check a no-guess deal passes before it is dealt (see no_guess_mines).
    """
    mines = frozenset(mines)
    kb = KnowledgeBase(height, width)
    opened: set[Cell] = set()
    cell: Optional[Cell] = first
    while cell is not None and len(opened) < height * width - len(mines):
        if cell in mines:  # a proof was wrong: never, but never deal it
            return False
        shown = flood(cell, height, width, mines, lambda c: c not in opened)
        opened.update(c for c, _ in shown)
        told = {c: n for c, n in shown if kb.is_new(c, n, {})}
        with kb.learning():
            kb.add_reveal(told)
        cell = kb.unplayed_safe()
        if cell is None:
            step = kb.counting_step(kb.position(len(mines), "no-guess"))
            if step is not None:
                with kb.learning():
                    kb.learn_counted(step)
            cell = kb.unplayed_safe()
    return len(opened) == height * width - len(mines)

# -- dealing --------------------------------------------------------------------------


def no_guess_mines(
    height: int,
    width: int,
    mines: int,
    first: Cell,
    rng: random.Random,
    seconds: float = NO_GUESS_SECONDS,
    confirm: Optional[Callable[[frozenset[Cell]], bool]] = None,
) -> frozenset[Cell]:
    """Return mines that logic alone clears from the first click; NoGuessTimeout past seconds.

    The same rng state gives the same board (the clock only decides when to
    give up). confirm, when given, must also accept a board before it is
    dealt (the game passes its own AI's solve).
    """
    keep = kept_clear(first, height, width, "no-guess")
    cells = [(i, j) for i in range(height) for j in range(width) if (i, j) not in keep]
    if mines > len(cells):
        raise ValueError(
            f"{mines} mines do not fit a {height}x{width} board whose first click opens"
        )
    deadline = time.monotonic() + seconds
    cache: Cache = {}
    while True:
        board = frozenset(rng.sample(cells, mines))
        for _ in range(REPAIRS_PER_BOARD):
            if time.monotonic() > deadline:
                raise NoGuessTimeout(height, width, mines, seconds)
            if len(cache) > CACHE_LIMIT:
                cache.clear()
            stuck = solve_by_logic(height, width, board, first, cache)
            if stuck is None:
                if confirm is None or confirm(board):
                    return board
                break
            changed = repair(height, width, board, stuck, keep, rng)
            if changed is None:
                break
            board = changed
