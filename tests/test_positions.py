"""The teaching positions in assets/positions, each checked inference by inference.

Every position is loaded the way the window loads it: the revealed cells are
told to the AI in reading order. The expected steps below were worked out by
hand from each board (the reasoning sits above each list) and only then run.
Probabilities are checked against a brute force over every placement of the
mines, written here without the AI's engine.
"""

from __future__ import annotations

import functools
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest

from sweeper import Step, cell_name, parse_board
from sweeper.game import Game
from sweeper.solver import Sentence, Solver
from words.model import rule_text

Cell = tuple[int, int]

POSITIONS = Path(__file__).resolve().parent.parent / "assets" / "positions"

NAMES = [
    "01-single-neighbour",
    "02-lone-zero",
    "03-subset",
    "04-one-two",
    "05-three-numbers",
    "06-fifty-fifty",
    "07-counter-settles",
    "08-safe-by-count",
    "09-best-guess",
]


# -- reading positions and steps --------------------------------------------------


def text_of(name: str) -> str:
    return (POSITIONS / f"{name}.txt").read_text(encoding="utf-8")


def load(name: str) -> tuple[Game, Solver]:
    """Load a position as the window does: every revealed cell told in reading order."""
    text = text_of(name)
    board = parse_board(text)
    game = Game.from_text(text)
    ai = Solver(game.height, game.width, mines=game.mine_count)
    for cell in board.revealed:
        ai.add_knowledge(cell, game.revealed[cell])
    return game, ai


def at(name: str) -> Cell:
    """Return the cell a name such as "B3" means (one row letter is enough here)."""
    return (ord(name[0]) - ord("A"), int(name[1:]) - 1)


def cells(names: str) -> set[Cell]:
    return {at(n) for n in names.split()}


def describe(step: Step) -> str:
    """Write a step as rule, premises and conclusion, in a form of this file's own."""
    if step.rule == "clue":
        known = " (all known)" if step.known_mines or step.known_safes else ""
        return f"clue {cell_name(step.cell)}: {rule_text(step.sentence)}{known}"
    if step.rule == "known":
        removed = []
        if step.known_mines:
            removed.append(f"mines {cells_text(step.known_mines)}")
        if step.known_safes:
            removed.append(f"safes {cells_text(step.known_safes)}")
        after = rule_text(step.sentence) if step.sentence is not None else "nothing new"
        return f"known {rule_text(step.premises[0])} less {' '.join(removed)}: {after}"
    if step.rule == "zero":
        return f"zero {rule_text(step.premises[0])}: safe {cells_text(step.safes)}"
    if step.rule == "full":
        return f"full {rule_text(step.premises[0])}: mine {cells_text(step.mines)}"
    if step.rule == "subset":
        small, big = step.premises
        return f"subset {rule_text(big)} minus {rule_text(small)}: {rule_text(step.sentence)}"
    if step.rule == "enumeration":
        premises = "; ".join(sorted(rule_text(s) for s in step.premises))
        return (
            f"enumeration [{premises}] in {step.counting.arrangements} arrangements: "
            f"safe {cells_text(step.safes)} mine {cells_text(step.mines)}"
        )
    if step.rule == "move":
        decision = step.decision
        return f"move {cell_name(step.cell)} by {decision.strategy} at {decision.probability}"
    raise AssertionError(f"a step with an unexpected rule: {step.rule!r}")


def cells_text(cells) -> str:
    """Return "{A1, B2}" for cells in reading order, braces even for one (this file's notation)."""
    return "{" + ", ".join(cell_name(c) for c in sorted(cells)) + "}"


def described(steps: list[Step]) -> list[str]:
    return [describe(s) for s in steps]


# -- the brute force: every placement of every mine ------------------------------


def fits(game: Game, mines: set[Cell]) -> bool:
    return all(
        sum(1 for n in game.neighbors(c) if n in mines) == shown
        for c, shown in game.revealed.items()
    )


@functools.cache
def placements(name: str) -> tuple[frozenset[Cell], ...]:
    """Every set of the position's mine count of closed cells that agrees with the numbers."""
    game = Game.from_text(text_of(name))
    closed = [c for c in game.cells() if c not in game.revealed]
    return tuple(frozenset(m) for m in combinations(closed, game.mine_count) if fits(game, set(m)))


def brute_probabilities(name: str) -> dict[Cell, Fraction]:
    game = Game.from_text(text_of(name))
    every = placements(name)
    closed = [c for c in game.cells() if c not in game.revealed]
    return {c: Fraction(sum(1 for m in every if c in m), len(every)) for c in closed}


def proves(sentences: list[Sentence], cell: Cell, mine: bool) -> bool:
    """True when these sentences alone (no total) leave cell only one way: mine or safe."""
    named = sorted(set().union(*(s.cells for s in sentences)))
    if cell not in named:
        return False
    seen = set()
    for size in range(len(named) + 1):
        for chosen in combinations(named, size):
            if all(len(s.cells & set(chosen)) == s.count for s in sentences):
                seen.add(cell in chosen)
    return seen == {mine}


# -- every file ---------------------------------------------------------------


def test_the_shipped_files_are_exactly_the_nine_lessons_in_order():
    assert sorted(p.stem for p in POSITIONS.glob("*.txt")) == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_each_position_parses_with_a_title_and_is_small_and_still_playing(name):
    text = text_of(name)
    assert text.splitlines()[0].startswith("# ")
    board = parse_board(text)
    assert board.title and len(board.title) <= 70
    assert board.height <= 6 and board.width <= 8
    game = Game.from_text(text)
    assert game.status() == "playing"
    assert not board.flags and board.exploded is None


@pytest.mark.parametrize("name", NAMES)
def test_mine_probabilities_match_the_brute_force(name):
    _, ai = load(name)
    assert ai.mine_probabilities() == brute_probabilities(name)


# -- 01: a 1 with a single hidden neighbour -----------------------------------------
#
# 0000     The zeros are told first. A1 = 0 frees A2, B1, B2. A2 = 0 names
# 0111     A3, B1, B2, B3; B1 and B2 are known safe, so {A3, B3} = 0. A3 = 0
# 01*.     likewise frees A4, B4; A4 = 0 then names only known cells: its step
#          adds nothing. B1 = 0 frees C1, C2. B2 = 1: of B3, C1, C2, C3 only C3
# is not known safe, so {C3} = 1 and C3 is a mine. B3 = 1 names B4, C2, C3,
# C4: the known mine C3 uses the 1, so C4 is safe. B4, C1 and C2 name only
# known cells. The AI then plays C4, the one known safe cell still closed.

SINGLE_NEIGHBOUR = [
    "clue A1: {A2, B1, B2} = 0",
    "zero {A2, B1, B2} = 0: safe {A2, B1, B2}",
    "clue A2: {A3, B1, B2, B3} = 0",
    "known {A3, B1, B2, B3} = 0 less safes {B1, B2}: {A3, B3} = 0",
    "zero {A3, B3} = 0: safe {A3, B3}",
    "clue A3: {A4, B2, B3, B4} = 0",
    "known {A4, B2, B3, B4} = 0 less safes {B2, B3}: {A4, B4} = 0",
    "zero {A4, B4} = 0: safe {A4, B4}",
    "clue A4: {B3, B4} = 0 (all known)",
    "clue B1: {B2, C1, C2} = 0",
    "known {B2, C1, C2} = 0 less safes {B2}: {C1, C2} = 0",
    "zero {C1, C2} = 0: safe {C1, C2}",
    "clue B2: {B3, C1, C2, C3} = 1",
    "known {B3, C1, C2, C3} = 1 less safes {B3, C1, C2}: {C3} = 1",
    "full {C3} = 1: mine {C3}",
    "clue B3: {B4, C2, C3, C4} = 1",
    "known {B4, C2, C3, C4} = 1 less mines {C3} safes {B4, C2}: {C4} = 0",
    "zero {C4} = 0: safe {C4}",
    "clue B4: {C3, C4} = 1 (all known)",
    "clue C1: {C2} = 0 (all known)",
    "clue C2: {C3} = 1 (all known)",
]


def test_01_the_1_names_one_cell_and_that_cell_is_a_mine():
    game, ai = load("01-single-neighbour")
    assert described(ai.steps) == SINGLE_NEIGHBOUR
    closed_around_b2 = {n for n in game.neighbors(at("B2")) if n not in game.revealed}
    assert closed_around_b2 == cells("C3")
    assert ai.mines == cells("C3")
    assert ai.make_move() == at("C4")
    assert ai.last_decision.strategy == "known safe"
    assert ai.steps[ai.last_decision.proof].rule == "zero"


# -- 02: a lone 0 --------------------------------------------------------------------
#
# A 0 in the middle of closed cells: all eight around it are safe in one step.
# The AI plays the first of them in reading order, B2.

LONE_ZERO = [
    "clue C3: {B2, B3, B4, C2, C4, D2, D3, D4} = 0",
    "zero {B2, B3, B4, C2, C4, D2, D3, D4} = 0: safe {B2, B3, B4, C2, C4, D2, D3, D4}",
]


def test_02_a_zero_frees_all_eight_neighbours():
    _, ai = load("02-lone-zero")
    assert described(ai.steps) == LONE_ZERO
    assert ai.safes == cells("B2 B3 B4 C2 C4 D2 D3 D4 C3")
    assert ai.make_move() == at("B2")
    assert ai.last_decision.strategy == "known safe"


def test_a_zero_does_not_echo_itself():
    # Marking the cells of a zero sentence must not log 'known' steps that
    # only restate that same sentence as it empties.
    _, ai = load("02-lone-zero")
    assert [describe(s) for s in ai.steps] == LONE_ZERO


# -- 03: subset inference with different counts ---------------------------------------
#
# 01*.     A1 = 0 frees A2, B1, B2. A2 = 1 over A3, B1, B2, B3 less the known
# 02..     safe B1, B2: {A3, B3} = 1. B1 = 0 frees C1, C2. B2 = 2 over A3, B3,
# 01**     C1, C2, C3 less the known safe C1, C2: {A3, B3, C3} = 2. {A3, B3} = 1
#          sits inside it, so the rest {C3} = 2 - 1 = 1: C3 is a mine (and
# {A3, B3, C3} = 2 less C3 is {A3, B3} = 1 again: a step that says nothing new).
# C1 = 0 adds nothing. C2 = 1 over B3, C3 less the mine C3: {B3} = 0, so B3 is
# safe, which leaves {A3, B3} = 1 as {A3} = 1: A3 is a mine. The AI plays B3.

SUBSET = [
    "clue A1: {A2, B1, B2} = 0",
    "zero {A2, B1, B2} = 0: safe {A2, B1, B2}",
    "clue A2: {A3, B1, B2, B3} = 1",
    "known {A3, B1, B2, B3} = 1 less safes {B1, B2}: {A3, B3} = 1",
    "clue B1: {B2, C1, C2} = 0",
    "known {B2, C1, C2} = 0 less safes {B2}: {C1, C2} = 0",
    "zero {C1, C2} = 0: safe {C1, C2}",
    "clue B2: {A3, B3, C1, C2, C3} = 2",
    "known {A3, B3, C1, C2, C3} = 2 less safes {C1, C2}: {A3, B3, C3} = 2",
    "subset {A3, B3, C3} = 2 minus {A3, B3} = 1: {C3} = 1",
    "full {C3} = 1: mine {C3}",
    "known {A3, B3, C3} = 2 less mines {C3}: nothing new",
    "clue C1: {C2} = 0 (all known)",
    "clue C2: {B3, C3} = 1",
    "known {B3, C3} = 1 less mines {C3}: {B3} = 0",
    "zero {B3} = 0: safe {B3}",
    "known {A3, B3} = 1 less safes {B3}: {A3} = 1",
    "full {A3} = 1: mine {A3}",
]


def test_03_a_smaller_sentence_inside_a_bigger_one_leaves_the_difference():
    _, ai = load("03-subset")
    assert described(ai.steps) == SUBSET
    assert ai.mines == cells("A3 C3")
    assert ai.make_move() == at("B3")
    assert ai.last_decision.strategy == "known safe"


# -- 04: the 1-2 pattern ----------------------------------------------------------------
#
# ..*...   Only the bottom row is open, so the board's edge plays the wall.
# *..**.   C2 = 1 names B1, B2, B3, C1 and C3 (not told yet). Telling C3 takes
# .1122.   it out: {B1, B2, B3, C1} = 1; C3 = 1 names B2, B3, B4, C4. C4 then
#          leaves {B2, B3, B4} = 1 and names {B3, B4, B5, C5} = 2; C5 leaves
# {B3, B4, B5} = 2 and names {B4, B5, B6, C6} = 2. No sentence lies inside
# another and none is 0 or full, so the knowledge base is stuck.
# The pair decides: B3 and B4 hold at most one mine (the 1), so the 2 needs B5,
# and then the 1's mine is in B3 or B4, never B2. Counting: with B3 the mine,
# C2's sentence has no room for B1 or C1 and C5's needs B6 or C6 (2 ways); with
# B4 the mine, B1 or C1 (2 ways) and neither B6 nor C6. So 4 arrangements, each
# of 3 mines; the 4th mine goes to row A, which no number touches: all 4 fit.
# Marking B5 shrinks C4's and C5's sentences, marking B2 shrinks C2's (C3's
# becomes {B3, B4} = 1, already known: a step that says nothing new). The AI plays B2.

ONE_TWO = [
    "clue C2: {B1, B2, B3, C1, C3} = 1",
    "known {B1, B2, B3, C1, C3} = 1 less safes {C3}: {B1, B2, B3, C1} = 1",
    "clue C3: {B2, B3, B4, C4} = 1",
    "known {B2, B3, B4, C4} = 1 less safes {C4}: {B2, B3, B4} = 1",
    "clue C4: {B3, B4, B5, C5} = 2",
    "known {B3, B4, B5, C5} = 2 less safes {C5}: {B3, B4, B5} = 2",
    "clue C5: {B4, B5, B6, C6} = 2",
]
ONE_TWO_MOVE = [
    "enumeration [{B1, B2, B3, C1} = 1; {B2, B3, B4} = 1; {B3, B4, B5} = 2; "
    "{B4, B5, B6, C6} = 2] in 4 arrangements: safe {B2} mine {B5}",
    "known {B3, B4, B5} = 2 less mines {B5}: {B3, B4} = 1",
    "known {B4, B5, B6, C6} = 2 less mines {B5}: {B4, B6, C6} = 1",
    "known {B1, B2, B3, C1} = 1 less safes {B2}: {B1, B3, C1} = 1",
    "known {B2, B3, B4} = 1 less safes {B2}: nothing new",
    "move B2 by known safe at 0",
]


def test_04_the_1_2_pair_proves_what_neither_number_does():
    _, ai = load("04-one-two")
    assert described(ai.steps) == ONE_TWO
    one, two = Sentence(cells("B2 B3 B4"), 1), Sentence(cells("B3 B4 B5"), 2)
    assert proves([one, two], at("B2"), mine=False) and proves([one, two], at("B5"), mine=True)
    assert not proves([one], at("B2"), mine=False) and not proves([two], at("B5"), mine=True)
    before = len(ai.steps)
    assert ai.make_move() == at("B2")
    assert ai.last_decision.strategy == "known safe"
    assert ai.steps[ai.last_decision.proof].rule == "enumeration"
    assert described(ai.steps[before:]) == ONE_TWO_MOVE


# -- 05: three numbers at once ------------------------------------------------------------
#
# ....*    C1, C3, C5 are not neighbours, so each is told on its own:
# ..*..    {B1, B2, C2} = 1, {B2, B3, B4, C2, C4} = 3, {B4, B5, C4} = 1.
# 1*3*1    No sentence lies inside another: the knowledge base is stuck.
# The 3 needs three mines among {B2, C2}, B3 and {B4, C4}; each 1 allows at
# most one mine in its pair, so B3 is a mine and each pair holds exactly one,
# which leaves no mine for B1 or B5. No two sentences are enough: C1 and C3
# allow B1 (with B3, B4, C4 as the 3's mines), C3 and C5 allow B5 likewise,
# and B3 safe fits C1 and C3 with B4 and C4 as mines. Arrangements: B2 or C2
# times B4 or C4, 4 in all, each of 3 mines; the 4th mine goes to row A.
# Marking B3 leaves {B2, B4, C2, C4} = 2, marking B1 and B5 leaves {B2, C2} = 1
# and {B4, C4} = 1; the subset rule then finds only those same two sentences.

THREE_NUMBERS = [
    "clue C1: {B1, B2, C2} = 1",
    "clue C3: {B2, B3, B4, C2, C4} = 3",
    "clue C5: {B4, B5, C4} = 1",
]
THREE_NUMBERS_MOVE = [
    "enumeration [{B1, B2, C2} = 1; {B2, B3, B4, C2, C4} = 3; {B4, B5, C4} = 1] "
    "in 4 arrangements: safe {B1, B5} mine {B3}",
    "known {B2, B3, B4, C2, C4} = 3 less mines {B3}: {B2, B4, C2, C4} = 2",
    "known {B1, B2, C2} = 1 less safes {B1}: {B2, C2} = 1",
    "known {B4, B5, C4} = 1 less safes {B5}: {B4, C4} = 1",
    "move B1 by known safe at 0",
]


def test_05_enumeration_finds_what_no_pair_of_sentences_finds():
    _, ai = load("05-three-numbers")
    assert described(ai.steps) == THREE_NUMBERS
    sentences = [s.copy() for s in ai.knowledge]
    assert len(sentences) == 3
    for cell, mine in ((at("B1"), False), (at("B3"), True), (at("B5"), False)):
        assert proves(sentences, cell, mine)
        assert not any(proves(list(pair), cell, mine) for pair in combinations(sentences, 2))
    before = len(ai.steps)
    assert ai.make_move() == at("B1")
    assert ai.last_decision.strategy == "known safe"
    assert ai.steps[ai.last_decision.proof].rule == "enumeration"
    assert described(ai.steps[before:]) == THREE_NUMBERS_MOVE


# -- 06: an unavoidable 50/50 ---------------------------------------------------------------
#
# 001.     A1, A2 = 0 free A2, B1, B2 and A3, B3. A3 = 1 leaves {A4, B4} = 1.
# 013*     B1 = 0 frees C1, C2. B2 = 1 over B3, C1, C2, C3 leaves {C3} = 1: a
# 01**     mine. B3 = 3 over A4, B4, C2, C3, C4, less the mine C3 and the safe
#          C2: {A4, B4, C4} = 2, which holds {A4, B4} = 1, so {C4} = 1 (and
# {A4, B4, C4} less C4 is {A4, B4} = 1 again: nothing new). C1, C2 add nothing.
# Left: A4 and B4, one mine, both seen by the same two numbers and by nothing
# else, and no other closed cell could tell them apart: 1/2 each. Which one the
# AI opens is a tie, so only the pair is asserted.

FIFTY_FIFTY = [
    "clue A1: {A2, B1, B2} = 0",
    "zero {A2, B1, B2} = 0: safe {A2, B1, B2}",
    "clue A2: {A3, B1, B2, B3} = 0",
    "known {A3, B1, B2, B3} = 0 less safes {B1, B2}: {A3, B3} = 0",
    "zero {A3, B3} = 0: safe {A3, B3}",
    "clue A3: {A4, B2, B3, B4} = 1",
    "known {A4, B2, B3, B4} = 1 less safes {B2, B3}: {A4, B4} = 1",
    "clue B1: {B2, C1, C2} = 0",
    "known {B2, C1, C2} = 0 less safes {B2}: {C1, C2} = 0",
    "zero {C1, C2} = 0: safe {C1, C2}",
    "clue B2: {B3, C1, C2, C3} = 1",
    "known {B3, C1, C2, C3} = 1 less safes {B3, C1, C2}: {C3} = 1",
    "full {C3} = 1: mine {C3}",
    "clue B3: {A4, B4, C2, C3, C4} = 3",
    "known {A4, B4, C2, C3, C4} = 3 less mines {C3} safes {C2}: {A4, B4, C4} = 2",
    "subset {A4, B4, C4} = 2 minus {A4, B4} = 1: {C4} = 1",
    "full {C4} = 1: mine {C4}",
    "known {A4, B4, C4} = 2 less mines {C4}: nothing new",
    "clue C1: {C2} = 0 (all known)",
    "clue C2: {C3} = 1 (all known)",
]


def test_06_two_cells_one_mine_and_nothing_left_to_learn():
    _, ai = load("06-fifty-fifty")
    assert described(ai.steps) == FIFTY_FIFTY
    assert list(ai.position().unknown) == sorted(cells("A4 B4"))
    assert not ai.safes - ai.moves_made
    before = len(ai.steps)
    move = ai.make_move()
    assert move in cells("A4 B4")
    assert ai.last_decision.is_guess and ai.last_decision.probability == Fraction(1, 2)
    assert [s.rule for s in ai.steps[before:]] == ["move"]


# -- 07: the mine counter breaks a tie -----------------------------------------------------
#
# 001*     A1, A2 = 0 free A2, B1, B2, A3, B3. A3 = 1 leaves {A4, B4} = 1.
# 123.     B1 = 1 over B2, C1, C2 leaves {C1, C2} = 1. B2 = 2 over B3, C1, C2,
# .**.     C3 leaves {C1, C2, C3} = 2, which holds {C1, C2} = 1: {C3} = 1, a
#          mine (and {C1, C2, C3} less C3 is {C1, C2} = 1 again: nothing new).
# B3 = 3 over A4, B4, C2, C3, C4 less the mine C3: {A4, B4, C2, C4} = 2, which
# holds {A4, B4} = 1: {C2, C4} = 1. Stuck: the numbers allow C2 alone or C1 with
# C4, plus A4 or B4, i.e. 2 or 3 mines besides C3. The board has 3 in all, so 2
# besides C3: only C2 fits (with A4 or B4: 2 arrangements). C1 and C4 are safe.
# Marking C2 shrinks the three sentences that name it; C1 and C4 then empty
# theirs. The AI plays C1.

COUNTER = [
    "clue A1: {A2, B1, B2} = 0",
    "zero {A2, B1, B2} = 0: safe {A2, B1, B2}",
    "clue A2: {A3, B1, B2, B3} = 0",
    "known {A3, B1, B2, B3} = 0 less safes {B1, B2}: {A3, B3} = 0",
    "zero {A3, B3} = 0: safe {A3, B3}",
    "clue A3: {A4, B2, B3, B4} = 1",
    "known {A4, B2, B3, B4} = 1 less safes {B2, B3}: {A4, B4} = 1",
    "clue B1: {B2, C1, C2} = 1",
    "known {B2, C1, C2} = 1 less safes {B2}: {C1, C2} = 1",
    "clue B2: {B3, C1, C2, C3} = 2",
    "known {B3, C1, C2, C3} = 2 less safes {B3}: {C1, C2, C3} = 2",
    "subset {C1, C2, C3} = 2 minus {C1, C2} = 1: {C3} = 1",
    "full {C3} = 1: mine {C3}",
    "known {C1, C2, C3} = 2 less mines {C3}: nothing new",
    "clue B3: {A4, B4, C2, C3, C4} = 3",
    "known {A4, B4, C2, C3, C4} = 3 less mines {C3}: {A4, B4, C2, C4} = 2",
    "subset {A4, B4, C2, C4} = 2 minus {A4, B4} = 1: {C2, C4} = 1",
]
COUNTER_MOVE = [
    "enumeration [{A4, B4, C2, C4} = 2; {A4, B4} = 1; {C1, C2} = 1; {C2, C4} = 1] "
    "in 2 arrangements: safe {C1, C4} mine {C2}",
    # {C1, C2} = 1 and {C2, C4} = 1 lie wholly inside what the enumeration
    # proved, so they leave silently; only the sentence that goes on shrinks.
    "known {A4, B4, C2, C4} = 2 less mines {C2}: {A4, B4, C4} = 1",
    "known {A4, B4, C4} = 1 less safes {C4}: nothing new",
    "move C1 by known safe at 0",
]


def test_07_only_the_total_decides_between_c2_and_c1_with_c4():
    game, ai = load("07-counter-settles")
    assert described(ai.steps) == COUNTER
    closed = [c for c in game.cells() if c not in game.revealed]
    any_total = [
        set(m)
        for k in range(len(closed) + 1)
        for m in combinations(closed, k)
        if fits(game, set(m))
    ]
    assert {at("C2") in m for m in any_total} == {True, False}
    assert {len(m) for m in any_total} == {3, 4}
    before = len(ai.steps)
    assert ai.make_move() == at("C1")
    assert ai.last_decision.strategy == "known safe"
    assert ai.steps[ai.last_decision.proof].rule == "enumeration"
    assert described(ai.steps[before:]) == COUNTER_MOVE


# -- 08: safe by count ------------------------------------------------------------------------
#
# 01..     A1 = 0 frees A2, B1, B2. A2 = 1 leaves {A3, B3} = 1. B1 = 2 over B2,
# 24*.     C1, C2 leaves {C1, C2} = 2: both mines. B2 = 4 over A3, B3, C1, C2,
# ***.     C3 less the mines C1, C2: {A3, B3, C3} = 2, which holds {A3, B3} = 1:
#          {C3} = 1, a mine (and {A3, B3, C3} less C3 is {A3, B3} = 1: no
# step). Stuck. A4, B4 and C4 touch no number, but C1, C2, C3 and the mine in
# A3 or B3 are already the board's 4 mines, so they are safe: 2 arrangements
# (A3 or B3). The AI plays A4.

SAFE_BY_COUNT = [
    "clue A1: {A2, B1, B2} = 0",
    "zero {A2, B1, B2} = 0: safe {A2, B1, B2}",
    "clue A2: {A3, B1, B2, B3} = 1",
    "known {A3, B1, B2, B3} = 1 less safes {B1, B2}: {A3, B3} = 1",
    "clue B1: {B2, C1, C2} = 2",
    "known {B2, C1, C2} = 2 less safes {B2}: {C1, C2} = 2",
    "full {C1, C2} = 2: mine {C1, C2}",
    "clue B2: {A3, B3, C1, C2, C3} = 4",
    "known {A3, B3, C1, C2, C3} = 4 less mines {C1, C2}: {A3, B3, C3} = 2",
    "subset {A3, B3, C3} = 2 minus {A3, B3} = 1: {C3} = 1",
    "full {C3} = 1: mine {C3}",
    "known {A3, B3, C3} = 2 less mines {C3}: nothing new",
]
SAFE_BY_COUNT_MOVE = [
    "enumeration [{A3, B3} = 1] in 2 arrangements: safe {A4, B4, C4} mine {}",
    "move A4 by known safe at 0",
]


def test_08_cells_no_number_touches_are_safe_once_the_count_is_used_up():
    game, ai = load("08-safe-by-count")
    assert described(ai.steps) == SAFE_BY_COUNT
    untouched = cells("A4 B4 C4")
    assert not any(n in game.revealed for c in untouched for n in game.neighbors(c))
    assert not untouched & set().union(*(s.cells for s in ai.knowledge))
    before = len(ai.steps)
    assert ai.make_move() == at("A4")
    assert ai.last_decision.strategy == "known safe"
    assert ai.steps[ai.last_decision.proof].rule == "enumeration"
    assert described(ai.steps[before:]) == SAFE_BY_COUNT_MOVE


# -- 09: a guess where the odds differ -----------------------------------------------------------
#
# .*...    D1 = 1: {C1, C2, D2} = 1. D3 = 2: {C2, C3, C4, D2, D4} = 2. Stuck,
# *.**.    and nothing is certain. 7 mines; the 12 cells of rows A and B, C5 and
# ..*..    D5 touch no number.
# 1*2.*    If the 1's mine is C1: 2 of C3, C4, D4 (3 ways), 4 mines for the 12
# others: 3 x C(12, 4) = 3 x 495 = 1485 placements. If it is C2 or D2, it also
# counts for the 2: 1 of C3, C4, D4 (3 ways) and 5 for the 12: 2 x 3 x C(12, 5)
# = 6 x 792 = 4752. In all 6237. P(C1) = 1485/6237 = 5/21; P(C2) = P(D2) =
# 2376/6237 = 8/21; P(C3) = (2 x 495 + 2 x 792)/6237 = 26/63; a cell no number
# touches: (1485 x 4/12 + 4752 x 5/12)/6237 = 25/63. C1 is lowest by far.

BEST_GUESS = [
    "clue D1: {C1, C2, D2} = 1",
    "clue D3: {C2, C3, C4, D2, D4} = 2",
]


def test_09_the_guess_is_the_cell_least_likely_to_hold_a_mine():
    _, ai = load("09-best-guess")
    assert described(ai.steps) == BEST_GUESS
    odds = brute_probabilities("09-best-guess")
    assert len(placements("09-best-guess")) == 6237
    assert odds[at("C1")] == Fraction(5, 21)
    assert odds[at("C2")] == odds[at("D2")] == Fraction(8, 21)
    assert odds[at("C3")] == odds[at("C4")] == odds[at("D4")] == Fraction(26, 63)
    assert odds[at("A1")] == odds[at("D5")] == Fraction(25, 63)
    assert sorted(odds.values())[1] > Fraction(5, 21)
    before = len(ai.steps)
    assert ai.make_move() == at("C1")
    assert ai.last_decision.is_guess
    assert described(ai.steps[before:]) == ["move C1 by lowest at 5/21"]


# -- the enumeration steps against the brute force ---------------------------------------------


@pytest.mark.parametrize(
    "name", ["04-one-two", "05-three-numbers", "07-counter-settles", "08-safe-by-count"]
)
def test_enumeration_marks_exactly_the_cells_every_placement_agrees_on(name):
    _, ai = load(name)
    known = ai.mines | ai.safes
    frontier = set().union(*(s.cells for s in ai.knowledge))
    odds = brute_probabilities(name)
    ai.make_move()
    step = next(s for s in ai.steps if s.rule == "enumeration")
    assert step.safes == {c for c, p in odds.items() if p == 0} - known
    assert step.mines == {c for c, p in odds.items() if p == 1} - known
    assert step.counting.arrangements == len({m & frontier for m in placements(name)})
