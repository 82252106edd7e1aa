"""Reasons (sweeper/reasons.py) against brute force: the fewest numbers, the weakest rule.

For a position, every placement of mines over its closed cells is listed
here with itertools, and for each the open numbers it keeps. A set of
numbers settles a cell when no placement that keeps them has the cell the
other way (with the total: no placement of exactly the total). Against that:
the numbers a reason names settle its cell, and so does every cell it says
they settle; no smaller set does; the total is used only where all the
numbers alone do not settle the cell; the grade is the size's. Nothing of
the reason's search is used to check it.
"""

from __future__ import annotations

import itertools
import random
import re
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import runner
from sweeper import cell_name, parse_cell, solve
from sweeper.game import Game as Minesweeper
from sweeper.judge import judge, seen
from sweeper.reasons import GRADES, MOST_NUMBERS, reason
from words import reason_text

ROOT = Path(__file__).resolve().parent.parent
POSITIONS = sorted((ROOT / "assets" / "positions").glob("*.txt"))
FRONTIER_AT_MOST = 14  # closed cells next to numbers, past which brute force is too slow here


# -- brute force -----------------------------------------------------------------------------


def around(cell, height, width):
    """Return the cells around cell."""
    r, c = cell
    return [
        (r + dr, c + dc)
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr, dc) != (0, 0) and 0 <= r + dr < height and 0 <= c + dc < width
    ]


class Brute:
    """Every placement of mines next to a position's numbers, and which numbers each keeps.

    The closed cells next to no number take the rest of the total, when it
    is used, in any way: such a cell can be a mine when some mines are left
    for them, and safe when fewer are left than there are of them.
    """

    def __init__(self, height, width, revealed, total):
        self.height, self.width, self.total = height, width, total
        self.closed = [
            (r, c) for r in range(height) for c in range(width) if (r, c) not in revealed
        ]
        self.numbers = {}  # an open number's cell -> (its closed neighbours, its count)
        for cell, shown in revealed.items():
            cells = frozenset(n for n in around(cell, height, width) if n not in revealed)
            if cells:
                self.numbers[cell] = (cells, shown)
        self.order = sorted(self.numbers)
        self.frontier = sorted(set().union(*(c for c, _ in self.numbers.values())))
        self.rest = len(self.closed) - len(self.frontier)
        self.placements = []  # (mines next to numbers, the numbers kept as a mask)
        for k in range(len(self.frontier) + 1):
            for mines in itertools.combinations(self.frontier, k):
                placed = frozenset(mines)
                kept = 0
                for i, cell in enumerate(self.order):
                    cells, count = self.numbers[cell]
                    if len(cells & placed) == count:
                        kept |= 1 << i
                self.placements.append((placed, kept))

    def mask(self, named):
        """Return the mask of a set of numbers, by their cells."""
        return sum(1 << self.order.index(c) for c in named)

    def other_way(self, mines, cell, mine, use_total):
        """True when a placement next to the numbers lets cell be the other way than mine."""
        if use_total:
            left = self.total - len(mines)
            if not 0 <= left <= self.rest:
                return False  # the total does not fit
            if cell not in self.frontier:
                return left < self.rest if mine else left > 0
        elif cell not in self.frontier:
            return True  # next to no number: free without the total
        return (cell in mines) != mine

    def against(self, cell, mine, use_total):
        """Return the masks of numbers kept by the placements with cell the other way."""
        return {
            kept for mines, kept in self.placements if self.other_way(mines, cell, mine, use_total)
        }

    def settles(self, named, cell, mine, use_total):
        """True when the named numbers (and the total) leave cell only one way: mine or safe."""
        want = self.mask(named)
        return not any(kept & want == want for kept in self.against(cell, mine, use_total))

    def forced(self):
        """Return every closed cell the numbers and the total settle: cell -> mine."""
        everyone = list(self.numbers)
        return {
            c: mine
            for c in self.closed
            for mine in (False, True)
            if self.settles(everyone, c, mine, True)
        }

    def fewest(self, cell, mine, use_total):
        """Return the size of the smallest set of numbers that settles cell, or None."""
        against = self.against(cell, mine, use_total)
        for size in range(0 if use_total else 1, len(self.order) + 1):
            for picked in itertools.combinations(range(len(self.order)), size):
                want = sum(1 << i for i in picked)
                if not any(kept & want == want for kept in against):
                    return size
        return None


def board_of(path):
    """Return a position file as (height, width, open numbers, mine total)."""
    rows = [line for line in path.read_text(encoding="utf-8").splitlines()
            if line and not line.startswith("#")]  # fmt: skip
    revealed = {
        (r, c): int(ch) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch.isdigit()
    }
    return len(rows), len(rows[0]), revealed, sum(row.count("*") for row in rows)


def moments(count, seed):
    """Yield small positions from random games: (height, width, revealed, total)."""
    rng = random.Random(seed)
    while count:
        height, width = rng.choice([(3, 4), (4, 4), (3, 5), (4, 5), (5, 5)])
        mines = rng.randint(2, 6)
        game = Minesweeper(height, width, mines, seed=rng.randrange(10**6))
        cells = list(game.cells())
        rng.shuffle(cells)
        for cell in cells[: rng.randint(2, 9)]:
            if cell in game.revealed or game.is_over() or (game.placed and cell in game.mines):
                continue
            game.reveal(cell)
        if game.is_over() or not game.revealed:
            continue
        count -= 1
        yield height, width, dict(game.revealed), mines


# -- a reason held against brute force -------------------------------------------------------


def check_position(height, width, revealed, total):
    """Hold the reason of every cell the position settles against brute force; return grades."""
    brute = Brute(height, width, revealed, total)
    if len(brute.frontier) > FRONTIER_AT_MOST:
        return []
    position = seen(height, width, revealed, total)
    grades = []
    for cell, mine in brute.forced().items():
        verdict = judge(position, cell, "mine" if mine else "safe")
        assert verdict.word == "right"
        check_reason(brute, verdict.reason, cell, mine)
        grades.append(verdict.reason.grade)
    return grades


def check_reason(brute, found, cell, mine):
    """Assert what a reason must be: sound, the fewest numbers, the weakest grade."""
    where = (brute.height, brute.width, sorted(brute.numbers), cell_name(cell))
    assert found is not None and found.cell == cell and found.mine == mine, where
    assert found.grade in GRADES
    named = [n.cell for n in found.numbers]
    assert named == sorted(set(named)), where  # reading order, each once
    for number in found.numbers:  # each as the board shows it
        assert (number.cells, number.count) == brute.numbers[number.cell], where
    total = found.uses_total
    if found.grade != "counting":
        assert total == (found.grade == "total"), where
    assert brute.settles(named, cell, mine, total), where
    for other in found.mines | found.safes:  # all it says follows from what it names
        assert brute.settles(named, other, other in found.mines, total), (where, other)
    alone = brute.fewest(cell, mine, use_total=False)
    if total:
        assert alone is None, where  # the total only where the numbers alone cannot
        assert found.mines_left == brute.total
    smallest = brute.fewest(cell, mine, use_total=total)
    if found.grade == "counting":
        assert smallest is not None and smallest > max(found.searched, 0), where
        return
    assert len(named) == smallest, (where, found)
    if not total:
        assert found.grade == ("one" if smallest == 1 else "two" if smallest == 2 else "several")
    if found.grade == "two":
        check_shared(brute, found)


def check_shared(brute, found):
    """Two numbers: the shared cells and how many mines they can hold, counted here."""
    first, second = (n.cells for n in found.numbers)
    assert found.shared == first & second
    want = brute.mask([n.cell for n in found.numbers])
    held = {len(mines & found.shared) for mines, kept in brute.placements if kept & want == want}
    assert found.held == tuple(sorted(held))


# -- the bundled positions and the lessons' examples -----------------------------------------


@pytest.mark.parametrize("path", POSITIONS, ids=lambda p: p.name[:2])
def test_every_cell_a_lesson_settles_has_the_fewest_numbers_by_the_weakest_rule(path):
    check_position(*board_of(path))


def reason_on(name, cell):
    """Return the reason for a cell of a bundled position, its truth from the judge."""
    height, width, revealed, total = board_of(ROOT / "assets" / "positions" / name)
    position = seen(height, width, revealed, total)
    found = judge(position, parse(cell), "safe").reason
    assert found is not None
    return found


def parse(name):
    """Return the cell a short name such as "B3" means."""
    return (ord(name[0]) - ord("A"), int(name[1:]) - 1)


def named(found):
    """Return the cells of a reason's numbers, by name."""
    return [cell_name(n.cell) for n in found.numbers]


def test_the_issue_examples_come_out_as_a_teacher_says_them():
    one_two = reason_on("04-one-two.txt", "B2")
    assert (one_two.grade, named(one_two), one_two.uses_total) == ("two", ["C3", "C4"], False)
    assert reason_text(one_two) == (
        "C3 = 1 and C4 = 2 share B3 and B4, which hold at most one mine: "
        "so C4's 2 needs B5, and C3's 1 frees B2."
    )
    by_count = reason_on("08-safe-by-count.txt", "A4")  # B2's 4 mines are all the board's
    assert (by_count.grade, named(by_count), by_count.mines_left) == ("total", ["B2"], 4)
    subset = reason_on("03-subset.txt", "A3")  # B2 minus C2 in one step
    assert (subset.grade, named(subset), subset.mine) == ("two", ["B2", "C2"], True)
    counter = reason_on("07-counter-settles.txt", "C1")  # B3's 3 mines are all the board's
    assert (counter.grade, named(counter), counter.mines_left) == ("total", ["B3"], 3)
    assert "B3 = 3" in reason_text(counter) and "mines left" in reason_text(counter)


# -- positions nobody chose ------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_reasons_on_random_small_positions_agree_with_brute_force(seed):
    grades = []
    for height, width, revealed, total in moments(40, seed=100 + seed):
        grades += check_position(height, width, revealed, total)
    assert {"one", "two"} <= set(grades), grades  # the check ran on reasons of several kinds


@st.composite
def boards(draw):
    """Draw a small board, its mines and the cells opened: (height, width, revealed, total)."""
    height = draw(st.integers(3, 5))
    width = draw(st.integers(3, 5))
    cells = [(r, c) for r in range(height) for c in range(width)]
    mines = set(draw(st.lists(st.sampled_from(cells), min_size=1, max_size=6, unique=True)))
    safe = [c for c in cells if c not in mines]
    opened = draw(st.lists(st.sampled_from(safe), min_size=1, max_size=len(safe), unique=True))
    revealed = {c: sum(n in mines for n in around(c, height, width)) for c in opened}
    return height, width, revealed, len(mines)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards())
def test_reasons_on_drawn_positions_agree_with_brute_force(board):
    check_position(*board)


# -- the Why: line -----------------------------------------------------------------------------


NAME = re.compile(r"\b([A-Z]{1,2}[0-9]{1,2})\b")


def answered(path, cell, claim, capsys):
    """Return what --answer prints for cell:claim on the lesson's first question."""
    argv = ["--position", str(path), "--step", "1", "--question"]
    assert runner.main([*argv, "--answer", f"{cell_name(cell)}:{claim}"]) == 0
    return capsys.readouterr().out.splitlines()


@pytest.mark.parametrize("path", POSITIONS, ids=lambda p: p.name[:2])
def test_the_why_line_names_the_numbers_it_uses_and_no_other(path, capsys):
    check_why_lines(path, *board_of(path), capsys)


def check_why_lines(path, height, width, revealed, total, capsys):
    """Hold --answer's lines for every forced cell, right and wrong, against brute force."""
    brute = Brute(height, width, revealed, total)
    opened = {cell_name(c) for c in revealed}
    position = seen(height, width, revealed, total)
    forced = brute.forced()
    for cell, mine in forced.items():
        for claim in ("safe", "mine"):
            out = answered(path, cell, claim, capsys)
            right = (claim == "mine") == mine
            assert out[0].startswith(f"{'right' if right else 'wrong'}: {cell_name(cell)} ")
            assert out[1].startswith("Why: "), out
            why = out[1]
            found = judge(position, cell, claim).reason
            assert set(NAME.findall(why)) & opened == set(named(found)), (path.name, why)
            assert ("mines left" in why) == found.uses_total, (path.name, why)
            assert cell_name(cell) in why
            check_reason(brute, found, cell, mine)
    return len(forced)


def position_file(game, folder, name):
    """Write a game's board as a position file (numbers, '.' closed, '*' its mines)."""
    rows = [
        "".join(
            str(game.revealed[(r, c)]) if (r, c) in game.revealed
            else "*" if (r, c) in game.mines else "."
            for c in range(game.width)
        )
        for r in range(game.height)
    ]  # fmt: skip
    path = folder / f"{name}.txt"
    path.write_text("# A position nobody chose\n" + "\n".join(rows) + "\n", encoding="utf-8")
    return path


def test_the_why_lines_hold_on_positions_nobody_chose(tmp_path, capsys):
    rng = random.Random(45)
    checked = grades = 0
    while checked < 16:
        height, width = rng.choice([(4, 5), (5, 5), (5, 6)])
        game = Minesweeper(height, width, rng.randint(3, 7), seed=rng.randrange(10**6))
        cells = list(game.cells())
        rng.shuffle(cells)
        for cell in cells[: rng.randint(3, 12)]:
            if cell in game.revealed or game.is_over() or (game.placed and cell in game.mines):
                continue
            game.reveal(cell)
        if game.is_over() or not game.revealed:
            continue
        brute = Brute(height, width, dict(game.revealed), len(game.mines))
        if len(brute.frontier) > 12 or not brute.forced():
            continue
        path = position_file(game, tmp_path, f"p{checked}")
        grades += check_why_lines(path, height, width, dict(game.revealed), len(game.mines), capsys)
        checked += 1
    assert grades >= 20  # forced cells checked, each right and wrong


# -- the budget --------------------------------------------------------------------------------


def scattered(seed, share, height=16, width=30, mines=99):
    """Return an expert board with a share of its safe cells opened at random: a wide frontier."""
    rng = random.Random(seed)
    game = Minesweeper(height, width, mines, seed=seed)
    game.reveal((height // 2, width // 2))
    safe = [c for c in game.cells() if c not in game.mines and c not in game.revealed]
    for cell in rng.sample(safe, int(len(safe) * share)):
        if cell not in game.revealed:
            game.reveal(cell)
    return seen(height, width, dict(game.revealed), mines)


def holes(seed, count, size, height=16, width=30, mines=99):
    """Return an expert board opened but for a few square holes: the total has much to say."""
    rng = random.Random(seed)
    game = Minesweeper(height, width, mines, seed=seed)
    game.reveal((0, 0))
    kept = set()
    for _ in range(count):
        r, c = rng.randrange(height - size), rng.randrange(width - size)
        kept |= {(r + i, c + j) for i in range(size) for j in range(size)}
    revealed = {
        cell: game.nearby_mines(cell)
        for cell in game.cells()
        if cell not in game.mines and cell not in kept
    }
    return seen(height, width, revealed, mines)


def settled(position):
    """Return every closed cell the position settles: cell -> mine."""
    safes, mines = position.solution.certain()
    found = {c: False for c in safes} | {c: True for c in mines}
    outside = position.solution.outside_certain()
    if outside is not None:
        found |= {c: outside for c in position.outside()}
    return found


def settles_by_counting(position, found):
    """True when counting the named numbers' arrangements (and the total) settles the cell."""
    rules = [(n.cells, n.count) for n in found.numbers]
    if found.uses_total:
        named = set().union(*(n.cells for n in found.numbers))
        outside = len(position.unknown) - len(named)
        solution = solve(rules, found.mines_left, outside)
    else:
        solution = solve(rules, None, 0)
    assert solution.exact
    safes, mines = solution.certain()
    if found.cell not in set().union(*(n.cells for n in found.numbers)):
        return solution.outside_certain() == found.mine
    return found.cell in (mines if found.mine else safes)


WORST_SECONDS = 3.0  # the worst measured: 0.3 s, on 2 busy cores (boards here and below)


@pytest.mark.parametrize(
    "position",
    [scattered(0, 0.6), scattered(1, 0.6), holes(1, 1, 4), holes(2, 2, 4)],
    ids=["scattered-0", "scattered-1", "holes-1", "holes-2"],
)
def test_a_reason_keeps_its_budget_on_wide_expert_boards_and_stays_true(position):
    slowest, grades = 0.0, set()
    for cell, mine in settled(position).items():
        start = time.perf_counter()
        found = reason(position, cell, mine)
        slowest = max(slowest, time.perf_counter() - start)
        grades.add(found.grade)
        assert settles_by_counting(position, found), (cell_name(cell), found)
    assert slowest < WORST_SECONDS
    assert grades  # the board settles cells: the budget was tried on something


def test_the_slowest_reasons_measured_keep_the_budget():
    # The largest board a position may have, 50 x 80 with 600 mines and 70% of its safe cells
    # opened at random: 1,460 numbers, one linked frontier. The total settles AX22 and AW23,
    # and no set of up to MOST_NUMBERS numbers does: the slowest reasons measured.
    position = scattered(0, 0.7, 50, 80, 600)
    truth = settled(position)
    for name in ("AX22", "AW23"):
        cell = parse_cell(name)
        start = time.perf_counter()
        found = reason(position, cell, truth[cell])
        assert time.perf_counter() - start < WORST_SECONDS
        assert (found.grade, found.uses_total, found.searched) == ("counting", True, MOST_NUMBERS)
        assert len(found.numbers) > 1000  # named in a summary, by where they lie
        said = reason_text(found)
        assert f"the {len(found.numbers)} numbers in a" in said.lower()
        assert "every number on the board and the mine total" in said  # truly global: said
        assert settles_by_counting(position, found)


def test_past_its_budget_a_reason_is_counting_honestly_labelled():
    position = scattered(0, 0.6)
    tried = 0
    for cell, mine in list(settled(position).items())[:40]:
        found = reason(position, cell, mine, work=3)
        full = reason(position, cell, mine)
        if full.grade in ("one", "two"):
            continue
        tried += 1
        assert found.grade == "counting" and found.searched < len(full.numbers)
        assert settles_by_counting(position, found)
        assert "No set of up to" in reason_text(found) or "No small set" in reason_text(found)
    assert tried
