"""CS50's Sentence contract, case by case: a sentence says `count` of `cells` are mines.

Two classes keep it: minesweeper.py's, the one a CS50 student reads, and
sweeper/solver.py's, which ai.knowledge is made of for the window (the
model does not import minesweeper.py). Every case runs on both, so neither
drifts from CS50's contract, nor from the other.
"""

import ast

import pytest

import minesweeper
import sweeper.solver

pytestmark = pytest.mark.parametrize(
    "Sentence", [minesweeper.Sentence, sweeper.solver.Sentence], ids=["cs50", "solver"]
)

A, B, C, D = (0, 0), (0, 1), (1, 0), (1, 1)


def parse_str(text: str) -> tuple[set[tuple[int, int]], int]:
    """Read back CS50's `{cells} = count` form, so the test does not fix set order."""
    left, right = text.rsplit(" = ", 1)
    return set(ast.literal_eval(left)), int(right)


# -- construction -----------------------------------------------------------


def test_cells_from_a_set_are_kept_as_a_set(Sentence):
    s = Sentence({A, B}, 1)
    assert s.cells == {A, B}
    assert isinstance(s.cells, set)
    assert s.count == 1


def test_cells_from_a_list_become_a_set(Sentence):
    s = Sentence([A, B, C], 2)
    assert isinstance(s.cells, set)
    assert s.cells == {A, B, C}
    assert s.count == 2


def test_a_repeated_cell_in_a_list_counts_once(Sentence):
    assert Sentence([A, A, B], 1).cells == {A, B}


def test_the_sentence_does_not_share_the_callers_set(Sentence):
    # Marking a cell must not reach back into the caller's collection.
    cells = {A, B}
    s = Sentence(cells, 1)
    s.mark_safe(A)
    assert cells == {A, B}


# -- equality -----------------------------------------------------------------


def test_equal_when_cells_and_count_match(Sentence):
    assert Sentence({A, B}, 1) == Sentence({B, A}, 1)


def test_a_list_and_a_set_of_the_same_cells_are_equal(Sentence):
    assert Sentence([A, B], 1) == Sentence({A, B}, 1)


def test_not_equal_when_counts_differ(Sentence):
    assert Sentence({A, B}, 1) != Sentence({A, B}, 2)


def test_not_equal_when_cells_differ(Sentence):
    assert Sentence({A, B}, 1) != Sentence({A, C}, 1)


def test_equality_finds_a_sentence_in_a_list(Sentence):
    # CS50's checks use `sentence in ai.knowledge`, which relies on __eq__.
    knowledge = [Sentence({A}, 0), Sentence({B, C}, 1)]
    assert Sentence([C, B], 1) in knowledge
    assert Sentence([C, B], 0) not in knowledge


# -- __str__ ------------------------------------------------------------------


def test_str_of_one_cell(Sentence):
    assert str(Sentence({(1, 2)}, 1)) == "{(1, 2)} = 1"


def test_str_reads_cells_then_count(Sentence):
    cells, count = parse_str(str(Sentence({A, B, D}, 2)))
    assert cells == {A, B, D}
    assert count == 2


def test_str_of_an_empty_sentence(Sentence):
    assert parse_str(str(Sentence(set(), 0))) == (set(), 0)


# -- known_mines / known_safes -------------------------------------------------


def test_known_mines_when_count_equals_number_of_cells(Sentence):
    assert Sentence({A, B}, 2).known_mines() == {A, B}


@pytest.mark.parametrize("count", [0, 1])
def test_known_mines_is_an_empty_set_otherwise(Sentence, count):
    result = Sentence({A, B}, count).known_mines()
    assert isinstance(result, set)
    assert result == set()


def test_known_safes_when_count_is_zero(Sentence):
    assert Sentence({A, B, C}, 0).known_safes() == {A, B, C}


@pytest.mark.parametrize("count", [1, 3])
def test_known_safes_is_an_empty_set_otherwise(Sentence, count):
    result = Sentence({A, B, C}, count).known_safes()
    assert isinstance(result, set)
    assert result == set()


def test_empty_sentence_knows_nothing_and_returns_sets(Sentence):
    s = Sentence(set(), 0)
    assert s.known_mines() == set() and isinstance(s.known_mines(), set)
    assert s.known_safes() == set() and isinstance(s.known_safes(), set)


def test_one_cell_sentences(Sentence):
    assert Sentence({A}, 1).known_mines() == {A}
    assert Sentence({A}, 1).known_safes() == set()
    assert Sentence({A}, 0).known_safes() == {A}
    assert Sentence({A}, 0).known_mines() == set()


def test_marking_while_looping_over_known_cells_is_safe(Sentence):
    # A usual AI loop: for each known mine, mark it. That must not break
    # the iteration, and it empties the sentence.
    s = Sentence({A, B, C}, 3)
    for cell in s.known_mines():
        s.mark_mine(cell)
    assert s == Sentence(set(), 0)
    t = Sentence({A, B}, 0)
    for cell in t.known_safes():
        t.mark_safe(cell)
    assert t == Sentence(set(), 0)


# -- mark_mine / mark_safe ---------------------------------------------------


def test_mark_mine_removes_the_cell_and_lowers_the_count(Sentence):
    s = Sentence({A, B, C}, 2)
    s.mark_mine(B)
    assert s.cells == {A, C}
    assert s.count == 1


def test_mark_mine_on_a_cell_not_in_the_sentence_does_nothing(Sentence):
    s = Sentence({A, B}, 1)
    s.mark_mine(D)
    assert s.cells == {A, B}
    assert s.count == 1


def test_mark_safe_removes_the_cell_and_keeps_the_count(Sentence):
    s = Sentence({A, B, C}, 2)
    s.mark_safe(A)
    assert s.cells == {B, C}
    assert s.count == 2


def test_mark_safe_on_a_cell_not_in_the_sentence_does_nothing(Sentence):
    s = Sentence({A, B}, 1)
    s.mark_safe(D)
    assert s.cells == {A, B}
    assert s.count == 1


def test_marking_twice_changes_once(Sentence):
    s = Sentence({A, B, C}, 2)
    s.mark_mine(A)
    s.mark_mine(A)
    assert (s.cells, s.count) == ({B, C}, 1)
    s.mark_safe(B)
    s.mark_safe(B)
    assert (s.cells, s.count) == ({C}, 1)


def test_marking_can_reveal_new_knowledge(Sentence):
    # {A, B, C} = 1: once B is a mine the rest are safe; once A is safe
    # in {A, B} = 1, B is a mine.
    s = Sentence({A, B, C}, 1)
    s.mark_mine(B)
    assert s.known_safes() == {A, C}
    t = Sentence({A, B}, 1)
    t.mark_safe(A)
    assert t.known_mines() == {B}
