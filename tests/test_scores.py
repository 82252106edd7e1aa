"""3BV, efficiency and 3BV/s: the bundled positions worked out by hand, and 3BV clicks clear."""

import random
from pathlib import Path

import pytest

from sweeper.game import Game
from sweeper.notation import parse_board, read_board_file
from sweeper.scores import (
    efficiency,
    numbers,
    openings,
    per_second,
    three_bv,
    three_bv_cleared,
)

POSITIONS = Path(__file__).resolve().parent.parent / "assets" / "positions"

# Worked out by hand from each file's mines (openings + numbers that touch no 0):
HAND = {
    # zeros A1-A4, B1, C1 are one opening; C4 (beside B3, B4, C3) touches no 0
    "01-single-neighbour.txt": 2,
    # the nine 0s form a plus through C3; all twelve 1s touch it
    "02-lone-zero.txt": 1,
    # opening A1, B1, C1; A4, B3 and B4 touch no 0
    "03-subset.txt": 4,
    # no 0 at all: each of the 14 safe cells is a click
    "04-one-two.txt": 14,
    # the lone 0 in A1 opens A2, B1, B2; the other 7 numbers alone
    "05-three-numbers.txt": 8,
    # opening A1, A2, B1, C1; A4 (beside A3, B3, B4) touches no 0
    "06-fifty-fifty.txt": 2,
    # opening A1, A2; B4, C1 and C4 alone
    "07-counter-settles.txt": 4,
    # opening A1 (reaches A2, B1, B2); A3, A4, B4, C4 alone
    "08-safe-by-count.txt": 5,
    # no 0: each of the 13 safe cells is a click
    "09-best-guess.txt": 13,
}


def test_every_bundled_position_is_worked_out_by_hand():
    assert sorted(HAND) == sorted(p.name for p in POSITIONS.glob("*.txt"))


@pytest.mark.parametrize("name", sorted(HAND))
def test_bundled_positions_three_bv_matches_the_hand_count(name):
    board = parse_board(read_board_file(POSITIONS / name))
    assert three_bv(board.height, board.width, board.mines) == HAND[name]


def test_a_board_without_mines_is_one_click_and_a_full_one_a_click_per_safe_cell():
    assert three_bv(5, 7, []) == 1
    assert three_bv(1, 3, [(0, 1)]) == 2  # two 1s, no 0
    everything_but_one = [(i, j) for i in range(3) for j in range(3) if (i, j) != (1, 1)]
    assert three_bv(3, 3, everything_but_one) == 1


def test_two_separate_openings_count_twice():
    # a wall of mines down column 2 splits a 4x5 board into two openings
    wall = [(i, 2) for i in range(4)]
    assert len(openings(4, 5, wall)) == 2
    assert three_bv(4, 5, wall) == 2


def test_three_bv_clicks_clear_random_boards():
    """One click on a 0 of each opening and on each number no opening reaches wins the game."""
    rng = random.Random(24)
    for _ in range(60):
        height, width = rng.randint(3, 9), rng.randint(3, 9)
        cells = [(i, j) for i in range(height) for j in range(width)]
        mines = rng.sample(cells, rng.randint(0, 12))
        game = Game.from_mines(height, width, mines)
        shown = numbers(height, width, mines)
        clicks = [min(patch) for patch in openings(height, width, mines)]
        for patch in openings(height, width, mines):
            assert all(shown[c] == 0 for c in patch)
        clicks += [c for c in sorted(shown) if shown[c] and c not in game.revealed]
        used = 0
        for cell in clicks:
            if cell not in game.revealed:
                assert three_bv_cleared(height, width, mines, game.revealed) == used
                game.reveal(cell)
                used += 1
        assert game.won()
        assert three_bv_cleared(height, width, mines, game.revealed) == used
        assert used == three_bv(height, width, mines)


def test_the_3bv_cleared_counts_openings_opened_and_lone_numbers_revealed():
    # 1x5, a mine in the middle: A1 is a 0 opening A1-A2; A4 (1) and A5 (0) the other opening
    mines = [(0, 2)]
    assert three_bv(1, 5, mines) == 2
    assert three_bv_cleared(1, 5, mines, {}) == 0
    assert three_bv_cleared(1, 5, mines, {(0, 1): 1}) == 0  # a number on an opening's edge
    assert three_bv_cleared(1, 5, mines, {(0, 0): 0, (0, 1): 1}) == 1
    # 3x3, mines in A1 and C3: the 0s A3 and C1 are two openings that reach every number
    corners = [(0, 0), (2, 2)]
    assert three_bv(3, 3, corners) == 2
    assert three_bv_cleared(3, 3, corners, {(1, 1): 2, (0, 2): 0}) == 1  # B2 is on an edge
    # 1x3, a mine in the middle: A1 and A3 are 1s that touch no 0, a click each
    assert three_bv_cleared(1, 3, [(0, 1)], {(0, 2): 1}) == 1


def test_efficiency_and_speed():
    assert efficiency(30, 40) == 0.75
    assert efficiency(30, 0) is None
    assert per_second(30, 12.0) == 2.5
    assert per_second(30, 0.0) is None


def test_the_game_counts_the_clicks_that_changed_it():
    game = Game.from_mines(2, 5, [(0, 2)])
    game.reveal((1, 0))  # a 0: opens A1, A2, B1, B2, and counts once
    assert game.clicks == 1 and len(game.revealed) == 4
    game.reveal((1, 0))  # already revealed: ignored, not counted
    for _ in range(3):
        game.toggle_flag((0, 2))  # on, off, on
    assert game.clicks == 4
    game.chord((1, 1))  # B2 shows 1 with its flag beside it: opens B3
    assert game.clicks == 5 and (1, 2) in game.revealed
    game.chord((1, 1))  # nothing left to open: ignored
    game.reveal((0, 4))
    assert game.clicks == 6 and game.won()
    game.reveal((0, 3))  # the game is over: ignored
    assert game.clicks == 6
