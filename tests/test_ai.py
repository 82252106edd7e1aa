"""CS50's MinesweeperAI contract, case by case, on the solver, plus the steps it records."""

import random

import pytest
from helpers import around as neighbours
from helpers import snapshot

from sweeper import Contradiction, Rule
from sweeper.game import Game
from sweeper.solver import Sentence, Solver
from words.model import step_text


def rule(cells, count):
    """A frozen sentence, as the steps keep them."""
    return Rule(frozenset(cells), count)


def has_empty_or_duplicate(knowledge):
    seen = set()
    for s in knowledge:
        key = frozenset(s.cells)
        if not key or (key, s.count) in seen:
            return True
        seen.add((key, s.count))
    return False


# -- the constructor -----------------------------------------------------------


def test_constructor_defaults_and_cs50_names():
    ai = Solver()
    assert (ai.height, ai.width) == (8, 8)
    assert ai.moves_made == set() and ai.mines == set() and ai.safes == set()
    assert ai.knowledge == []
    assert ai.total_mines is None


def test_the_total_is_kept_apart_from_the_set_of_known_mines():
    ai = Solver(4, 5, 6)
    assert ai.total_mines == 6
    assert ai.mines == set()
    ai = Solver(height=4, width=5, mines=3)
    assert ai.total_mines == 3


# -- add_knowledge: the move, the cell and the new sentence ---------------------


def test_add_knowledge_marks_the_move_and_the_safe_cell():
    ai = Solver()
    ai.add_knowledge((3, 4), 2)
    assert (3, 4) in ai.moves_made
    assert (3, 4) in ai.safes


def test_add_knowledge_adds_the_sentence_in_the_middle():
    ai = Solver()
    ai.add_knowledge((3, 3), 1)
    expected = {(2, 2), (2, 3), (2, 4), (3, 2), (3, 4), (4, 2), (4, 3), (4, 4)}
    assert Sentence(expected, 1) in ai.knowledge


@pytest.mark.parametrize(
    "corner, around",
    [
        ((0, 0), {(0, 1), (1, 0), (1, 1)}),
        ((7, 7), {(6, 6), (6, 7), (7, 6)}),
        ((0, 7), {(0, 6), (1, 6), (1, 7)}),
    ],
)
def test_add_knowledge_adds_the_sentence_in_a_corner(corner, around):
    ai = Solver()
    ai.add_knowledge(corner, 1)
    assert Sentence(around, 1) in ai.knowledge


def test_add_knowledge_on_an_edge_and_on_a_non_square_board():
    ai = Solver(height=3, width=6)
    ai.add_knowledge((2, 3), 2)
    assert Sentence({(1, 2), (1, 3), (1, 4), (2, 2), (2, 4)}, 2) in ai.knowledge


def test_known_mine_marked_with_mark_mine_lowers_the_count():
    ai = Solver()
    ai.mark_mine((2, 2))
    ai.add_knowledge((3, 3), 2)
    rest = neighbours((3, 3)) - {(2, 2)}
    assert Sentence(rest, 1) in ai.knowledge
    assert all((2, 2) not in s.cells for s in ai.knowledge)


def test_known_mine_added_directly_to_the_set_lowers_the_count():
    ai = Solver()
    ai.mines.add((2, 2))
    ai.add_knowledge((3, 3), 2)
    rest = neighbours((3, 3)) - {(2, 2)}
    assert Sentence(rest, 1) in ai.knowledge
    assert all((2, 2) not in s.cells for s in ai.knowledge)


def test_known_safe_marked_with_mark_safe_is_left_out():
    ai = Solver()
    ai.mark_safe((4, 4))
    ai.add_knowledge((3, 3), 1)
    rest = neighbours((3, 3)) - {(4, 4)}
    assert Sentence(rest, 1) in ai.knowledge
    assert all((4, 4) not in s.cells for s in ai.knowledge)


def test_known_safe_added_directly_to_the_set_is_left_out():
    ai = Solver()
    ai.safes.add((4, 4))
    ai.add_knowledge((3, 3), 1)
    rest = neighbours((3, 3)) - {(4, 4)}
    assert Sentence(rest, 1) in ai.knowledge
    assert all((4, 4) not in s.cells for s in ai.knowledge)


def test_known_mines_and_safes_together():
    # 3 around D4 (row 3, col 3); one known mine and two known safes:
    # 5 unknown cells hold the other 2 mines.
    ai = Solver()
    ai.mines.add((2, 3))
    ai.mark_safe((4, 4))
    ai.safes.add((3, 2))
    ai.add_knowledge((3, 3), 3)
    rest = neighbours((3, 3)) - {(2, 3), (4, 4), (3, 2)}
    assert Sentence(rest, 2) in ai.knowledge


def test_a_direct_mine_reaches_sentences_already_known():
    # (0, 0) shows 1 over {(0,1), (1,0), (1,1)}. Told directly that (0,1) is
    # the mine, the next add_knowledge must clear the other two.
    ai = Solver()
    ai.add_knowledge((0, 0), 1)
    ai.mines.add((0, 1))
    ai.add_knowledge((7, 7), 1)
    assert {(1, 0), (1, 1)} <= ai.safes


def test_cells_already_played_are_left_out():
    ai = Solver()
    ai.add_knowledge((0, 0), 0)
    ai.add_knowledge((0, 1), 1)
    for s in ai.knowledge:
        assert not s.cells & ai.moves_made


# -- add_knowledge: inference -------------------------------------------------------


def test_a_zero_makes_every_neighbour_safe():
    ai = Solver()
    ai.add_knowledge((3, 3), 0)
    assert neighbours((3, 3)) <= ai.safes
    assert ai.mines == set()


def test_a_zero_in_a_corner():
    ai = Solver()
    ai.add_knowledge((0, 0), 0)
    assert {(0, 1), (1, 0), (1, 1)} <= ai.safes


def test_a_full_count_makes_every_neighbour_a_mine():
    ai = Solver()
    ai.add_knowledge((0, 0), 3)
    assert ai.mines == {(0, 1), (1, 0), (1, 1)}


def test_a_full_count_after_known_safes():
    # (3, 3) shows 2; six of its neighbours are known safe: the two left are mines.
    ai = Solver()
    left = {(2, 2), (4, 4)}
    for cell in neighbours((3, 3)) - left:
        ai.mark_safe(cell)
    ai.add_knowledge((3, 3), 2)
    assert ai.mines == left


def test_a_mine_inferred_across_several_sentences():
    # Board (3x3) with one mine at the top right:
    #   . . *
    #   . 1 1
    #   . . .
    # (1,2)=1 names five cells; (2,2)=0 clears three of them, (1,0)=0 clears
    # (0,1): only (0,2) is left and it must be the mine.
    ai = Solver(3, 3)
    ai.add_knowledge((1, 2), 1)
    assert ai.mines == set()
    ai.add_knowledge((2, 2), 0)
    assert ai.mines == set()
    ai.add_knowledge((1, 0), 0)
    assert ai.mines == {(0, 2)}
    assert {(0, 0), (0, 1), (1, 1), (2, 0), (2, 1)} <= ai.safes


def test_safes_inferred_across_several_sentences():
    # 1x5 row with a mine at (0,4), read as "0 0 . 1 *". (0,3)=1 names
    # {(0,2), (0,4)}; (0,0)=0 clears (0,1); (0,1)=0 clears (0,2); so the
    # first sentence leaves (0,4) a mine.
    ai = Solver(1, 5)
    ai.add_knowledge((0, 3), 1)
    ai.add_knowledge((0, 0), 0)
    assert (0, 1) in ai.safes
    ai.add_knowledge((0, 1), 0)
    assert (0, 2) in ai.safes
    assert ai.mines == {(0, 4)}


def test_subset_with_different_counts_finds_a_mine():
    # The 1-2 pattern on a wall. Row 1 holds the numbers, row 0 is hidden:
    #   A B C .
    #   1 2 s s      (s: known safe)
    # 1 says {A,B} = 1; 2 says {A,B,C} = 2; so {C} = 1: C is a mine.
    ai = Solver(2, 4)
    ai.mark_safe((1, 2))
    ai.mark_safe((1, 3))
    ai.add_knowledge((1, 0), 1)
    ai.add_knowledge((1, 1), 2)
    assert ai.mines == {(0, 2)}
    assert (0, 0) not in ai.safes and (0, 1) not in ai.safes
    assert Sentence({(0, 0), (0, 1)}, 1) in ai.knowledge


def test_subset_when_the_larger_sentence_comes_first():
    ai = Solver(2, 4)
    ai.mark_safe((1, 2))
    ai.mark_safe((1, 0))
    ai.add_knowledge((1, 1), 2)  # {A, B, C} = 2
    ai.mark_safe((1, 1))
    ai.add_knowledge((1, 0), 1)  # {A, B} = 1
    assert ai.mines == {(0, 2)}


def test_subset_leaves_a_new_sentence():
    # (1,1) shows 2 over its 8 neighbours; then (0,0) is played and shows 1,
    # over {(0,1), (1,0)} (its third neighbour (1,1) is played). That is a
    # strict subset of the first sentence (now without (0,0)), so the
    # difference {(0,2), (1,2), (2,0), (2,1), (2,2)} holds 2 - 1 = 1 mine.
    ai = Solver()
    ai.add_knowledge((1, 1), 2)
    ai.add_knowledge((0, 0), 1)
    assert Sentence({(0, 1), (1, 0)}, 1) in ai.knowledge
    assert Sentence({(0, 2), (1, 2), (2, 0), (2, 1), (2, 2)}, 1) in ai.knowledge


def test_subset_with_equal_counts_clears_the_difference():
    # {(0,1),(1,0),(1,1)} = 1 from (0,0); (0,1) shows 1 over
    # {(0,2),(1,0),(1,1),(1,2)}; without (0,1), the first is {(1,0),(1,1)} = 1,
    # a subset with the same count: (0,2) and (1,2) are safe.
    ai = Solver(3, 3)
    ai.add_knowledge((0, 0), 1)
    ai.add_knowledge((0, 1), 1)
    assert {(0, 2), (1, 2)} <= ai.safes


def test_no_empty_sentence_and_no_duplicate():
    ai = Solver(3, 3)
    ai.add_knowledge((0, 0), 0)
    ai.add_knowledge((2, 2), 1)
    ai.add_knowledge((2, 2), 1)
    ai.add_knowledge((1, 1), 1)
    assert Sentence(set(), 0) not in ai.knowledge
    assert not has_empty_or_duplicate(ai.knowledge)


def test_no_empty_sentence_when_every_neighbour_is_known():
    ai = Solver(2, 2)
    ai.add_knowledge((0, 0), 0)
    ai.add_knowledge((0, 1), 0)
    assert all(s.cells for s in ai.knowledge)


def test_a_sentence_added_directly_takes_part_in_inference():
    ai = Solver(4, 4)
    ai.knowledge.append(Sentence({(0, 0), (0, 1), (0, 2)}, 2))
    ai.knowledge.append(Sentence({(0, 0), (0, 1)}, 1))
    ai.add_knowledge((3, 3), 1)
    assert (0, 2) in ai.mines


# -- mark_mine / mark_safe ----------------------------------------------------------


def test_mark_mine_updates_every_sentence():
    ai = Solver()
    ai.add_knowledge((1, 1), 2)
    ai.mark_mine((0, 0))
    assert (0, 0) in ai.mines
    assert Sentence(neighbours((1, 1)) - {(0, 0)}, 1) in ai.knowledge


def test_mark_safe_updates_every_sentence():
    ai = Solver()
    ai.add_knowledge((1, 1), 2)
    ai.mark_safe((0, 0))
    assert (0, 0) in ai.safes
    assert Sentence(neighbours((1, 1)) - {(0, 0)}, 2) in ai.knowledge


# -- make_safe_move / make_random_move -------------------------------------------------


def test_make_safe_move_returns_a_known_safe_cell_not_yet_played():
    ai = Solver()
    ai.add_knowledge((0, 0), 0)
    move = ai.make_safe_move()
    assert move in {(0, 1), (1, 0), (1, 1)}


def test_make_safe_move_skips_cells_already_played():
    ai = Solver()
    ai.safes.update({(2, 2), (5, 5)})
    ai.moves_made.add((2, 2))
    assert ai.make_safe_move() == (5, 5)


def test_make_safe_move_sees_every_direct_edit_between_calls():
    # The AI remembers its answer until the sets change; edits by other code count too,
    # even one that leaves the sizes as they were, and a set put in place of the AI's own.
    ai = Solver()
    ai.add_knowledge((0, 0), 0)
    assert ai.make_safe_move() == (0, 1)
    ai.moves_made.add((0, 1))
    ai.safes.discard((1, 1))
    ai.safes.add((7, 7))
    assert ai.make_safe_move() == (1, 0)
    ai.moves_made |= {(1, 0)}
    assert ai.make_safe_move() == (7, 7)
    ai.safes = {(6, 6)}
    assert ai.make_safe_move() == (6, 6)
    ai.moves_made = set()
    ai.safes -= {(6, 6)}
    assert ai.make_safe_move() is None


def test_a_direct_edit_that_keeps_the_sizes_still_reaches_the_sentences():
    ai = Solver()
    ai.add_knowledge((0, 0), 1)
    ai.mark_safe((5, 5))
    ai.safes.discard((5, 5))
    ai.safes.add((0, 1))  # as many safe cells as before: only the stamp shows the change
    ai.add_knowledge((7, 7), 1)
    assert Sentence({(1, 0), (1, 1)}, 1) in ai.knowledge


def test_make_safe_move_returns_none_when_no_safe_move():
    ai = Solver()
    assert ai.make_safe_move() is None
    ai.add_knowledge((3, 3), 1)
    assert ai.make_safe_move() is None


def test_make_safe_move_changes_nothing():
    ai = Solver()
    ai.add_knowledge((0, 0), 0)
    ai.add_knowledge((5, 5), 2)
    before = snapshot(ai)
    ai.make_safe_move()
    ai.make_safe_move()
    assert snapshot(ai) == before


def test_make_random_move_avoids_moves_made_and_known_mines():
    ai = Solver(3, 3, seed=4)
    played = {(0, 0), (0, 1), (1, 1), (2, 2)}
    ai.moves_made.update(played)
    ai.mines.update({(0, 2), (2, 0)})
    allowed = {(1, 0), (1, 2), (2, 1)}
    seen = {ai.make_random_move() for _ in range(200)}
    assert seen <= allowed
    # Random, not fixed: every allowed cell shows up in 200 tries
    # (a miss has probability below 3 * (2/3)**200).
    assert seen == allowed


def test_make_random_move_returns_none_when_nothing_is_left():
    ai = Solver(2, 2)
    ai.moves_made.update({(0, 0), (0, 1), (1, 0)})
    ai.mines.add((1, 1))
    assert ai.make_random_move() is None


def test_make_random_move_changes_nothing():
    ai = Solver(seed=1)
    ai.add_knowledge((3, 3), 2)
    before = snapshot(ai)
    ai.make_random_move()
    assert snapshot(ai) == before


# -- CS50 code without a total -------------------------------------------------------


def test_cs50_style_game_runs_without_a_total():
    # CS50's runner builds MinesweeperAI(height=..., width=...) and alternates
    # make_safe_move and make_random_move; both must work with mines=None.
    game = Game(8, 8, 8, seed=11, first_click="none")
    ai = Solver(height=game.height, width=game.width)
    while not game.is_over():
        move = ai.make_safe_move() or ai.make_random_move()
        if move is None:
            break
        result = game.reveal(move)
        for cell, count in result.revealed:
            ai.add_knowledge(cell, count)
        assert not ai.safes & game.mines
        assert ai.mines <= game.mines
    assert game.is_over()


def test_make_move_and_probabilities_work_without_a_total():
    ai = Solver(height=4, width=4)
    ai.add_knowledge((0, 0), 1)
    probabilities = ai.mine_probabilities()
    assert set(probabilities) == {(i, j) for i in range(4) for j in range(4)} - {(0, 0)}
    assert ai.make_move() is not None


# -- the steps ------------------------------------------------------------------------


def test_steps_for_a_hand_built_sequence():
    # 3x3 board. (0,0) shows 1: {(0,1), (1,0), (1,1)} = 1. Then (0,1) shows 1
    # over {(0,2), (1,0), (1,1), (1,2)}. The first, without the now-played
    # (0,1), is {(1,0), (1,1)} = 1, a subset: {(0,2), (1,2)} = 0, then both safe.
    ai = Solver(3, 3)
    ai.add_knowledge((0, 0), 1)
    ai.add_knowledge((0, 1), 1)
    rules = [s.rule for s in ai.steps]
    clues = [s for s in ai.steps if s.rule == "clue"]
    assert [s.cell for s in clues] == [(0, 0), (0, 1)]
    assert clues[0].sentence == rule({(0, 1), (1, 0), (1, 1)}, 1)
    assert clues[1].sentence == rule({(0, 2), (1, 0), (1, 1), (1, 2)}, 1)
    subset = next(s for s in ai.steps if s.rule == "subset")
    assert list(subset.premises) == [
        rule({(1, 0), (1, 1)}, 1),
        rule({(0, 2), (1, 0), (1, 1), (1, 2)}, 1),
    ]
    assert subset.sentence == rule({(0, 2), (1, 2)}, 0)
    zero = next(s for s in ai.steps if s.rule == "zero")
    assert zero.premises == (rule({(0, 2), (1, 2)}, 0),)
    assert zero.safes == {(0, 2), (1, 2)}
    assert zero.mines == frozenset()
    assert rules.index("subset") < rules.index("zero")
    assert all(step_text(s) for s in ai.steps)


def test_steps_record_a_full_count_and_known_cells():
    # (0,2) is a known mine and (1,1) a known safe; (0,1) shows 2 over
    # {(0,0), (0,2), (1,0), (1,1), (1,2)}: without them, {(0,0), (1,0), (1,2)} = 1.
    ai = Solver(2, 3)
    ai.mark_mine((0, 2))
    ai.mark_safe((1, 1))
    ai.add_knowledge((0, 1), 2)
    assert [s.rule for s in ai.steps[:2]] == ["given", "given"]
    assert ai.steps[0].mines == {(0, 2)} and ai.steps[1].safes == {(1, 1)}
    known = next(s for s in ai.steps if s.rule == "known")
    assert known.premises == (rule({(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)}, 2),)
    assert known.known_mines == {(0, 2)}
    assert known.known_safes == {(1, 1)}
    assert not known.mines and not known.safes  # the known cells are premises, not conclusions
    assert known.sentence == rule({(0, 0), (1, 0), (1, 2)}, 1)
    ai.add_knowledge((0, 0), 1)  # {(1,0)} = 1 after (0,1), (1,1) played/safe
    full = [s for s in ai.steps if s.rule == "full"]
    assert full and full[-1].mines == {(1, 0)}
    assert full[-1].premises == (rule({(1, 0)}, 1),)
    assert ai.mines == {(0, 2), (1, 0)}


def test_every_premise_was_stated_by_an_earlier_step():
    # The classroom mode reads steps one at a time: a sentence a step starts
    # from must have been shown before, as a clue or as a conclusion (issue 2
    # lists "a known cell removed" among the rules to record). Same sequence
    # as the hand-built one above: the subset step starts from
    # {(1,0), (1,1)} = 1, which is the first clue without the played (0,1).
    ai = Solver(3, 3)
    ai.add_knowledge((0, 0), 1)
    ai.add_knowledge((0, 1), 1)
    stated = []
    for step in ai.steps:
        for premise in step.premises:
            assert premise in stated, f"{step_text(step)!r} starts from an unstated {premise}"
        if step.sentence is not None:
            stated.append(step.sentence)


# -- the knowledge base on real games --------------------------------------------------


def test_the_1_2_pattern_on_a_real_board():
    # 3x4, mines at (0,1) and (0,2); row 2 is zeros, row 1 shows 1 2 2 1.
    game = Game.from_text(".**.\n1221\n0000\n")
    ai = Solver(3, 4)
    for j in range(4):
        ai.add_knowledge((2, j), 0)
    ai.add_knowledge((1, 0), 1)
    ai.add_knowledge((1, 1), 2)
    # 1 over {A1, A2}, 2 over {A1, A2, A3}: A3 is a mine, A1/A2 undecided.
    assert ai.mines == {(0, 2)}
    assert (0, 0) not in ai.safes and (0, 1) not in ai.safes
    assert ai.mines <= game.mines


@pytest.mark.parametrize("seed", range(40))
def test_the_knowledge_base_never_calls_a_mine_safe(seed):
    rng = random.Random(seed)
    height, width = rng.randint(3, 9), rng.randint(3, 9)
    mines = rng.randint(1, height * width // 4 + 1)
    game = Game(height, width, mines, seed=seed, first_click="none")
    ai = Solver(height, width, seed=seed)
    while not game.is_over():
        move = ai.make_safe_move()
        if move is None:
            move = ai.make_random_move()
        else:
            assert move not in game.mines, "a known safe move hit a mine"
        if move is None:
            break
        for cell, count in game.reveal(move).revealed:
            ai.add_knowledge(cell, count)
        assert not ai.safes & game.mines
        assert ai.mines <= game.mines
        assert not has_empty_or_duplicate(ai.knowledge)


def test_step_words_for_one_cell_and_for_several():
    # The classroom reads these aloud: one cell "is", several "are".
    ai = Solver(3, 3)
    ai.add_knowledge((0, 0), 1)  # {A2, B1, B2} = 1
    ai.add_knowledge((0, 1), 1)  # {A3, B1, B2, B3} = 1 -> {A3, B3} = 0
    ai.add_knowledge((0, 2), 1)  # all of A's numbers are 1: {B2, B3} = 1 ...
    words = [step_text(s) for s in ai.steps if s.rule in ("zero", "full")]
    assert "both of {A3, B3} are safe: the count is 0" in words
    single = Solver(2, 2)
    single.add_knowledge((0, 0), 3)
    assert [step_text(s) for s in single.steps if s.rule == "full"] == [
        "all 3 of {A2, B1, B2} are mines: the count equals the number of cells"
    ]
    one = Solver(1, 2)
    one.add_knowledge((0, 0), 1)
    assert [step_text(s) for s in one.steps if s.rule == "full"] == [
        "A2 is a mine: the count equals the number of cells"
    ]


# -- steps only when someone reads them ------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_a_game_played_without_recording_gives_the_same_steps_when_they_are_read(seed):
    # Looking changes nothing, so playing the game's calls again with recording on gives
    # exactly the steps a recording AI took: the same rules, premises, conclusions, order.
    boards = [(9, 9, 10), (16, 16, 40), (16, 30, 99)]
    height, width, mines = boards[seed % 3]
    game = Game(height, width, mines, seed=seed)
    twin = Game(height, width, mines, seed=seed)
    recording = Solver(height, width, mines)
    silent = Solver(height, width, mines, record=False)
    while not game.is_over():
        cell = recording.make_move()
        assert silent.make_move() == cell
        if cell is None:
            break
        recording.add_reveal(game.reveal(cell).revealed)
        silent.add_reveal(twin.reveal(cell).revealed)
    assert silent.kb.record is False
    assert list(silent.steps) == list(recording.steps)  # made now, by playing the calls again
    assert silent.kb.record is True
    last = len(recording.steps) - 1
    assert silent.knowledge_after(last) == recording.knowledge_after(last)
    assert silent.knowledge == recording.knowledge
    assert (silent.mines, silent.safes) == (recording.mines, recording.safes)


def test_a_refused_call_leaves_a_silent_ai_as_it_was_and_its_steps_still_replay():
    ai = Solver(4, 4, record=False)
    ai.add_knowledge((0, 0), 1)
    ai.mines.add((3, 3))  # a direct edit, taken in for good by the next call
    before = (set(ai.mines), set(ai.safes), [str(s) for s in ai.knowledge])
    with pytest.raises(Contradiction):
        ai.add_knowledge((1, 1), 0)  # 0 around B2 contradicts the 1 at A1
    assert (set(ai.mines), set(ai.safes), [str(s) for s in ai.knowledge]) == before
    recording = Solver(4, 4)
    recording.add_knowledge((0, 0), 1)
    recording.mines.add((3, 3))
    with pytest.raises(Contradiction):
        recording.add_knowledge((1, 1), 0)
    assert list(ai.steps) == list(recording.steps)
