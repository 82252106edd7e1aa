"""Cells as bits: the grid's masks against plain cell sets, and a position made from masks."""

import random

import pytest

from sweeper.bits import grid, indexes
from sweeper.board import neighbours
from sweeper.engine import count_component, solve, solve_bits
from sweeper.game import Game
from sweeper.position import Position
from sweeper.solver import Solver

SIZES = [(1, 1), (1, 7), (5, 1), (3, 4), (9, 9), (16, 30), (30, 40)]  # 30x40: long masks


def random_cells(height, width, rng, share=0.4):
    return {(i, j) for i in range(height) for j in range(width) if rng.random() < share}


@pytest.mark.parametrize("height,width", SIZES)
def test_a_mask_holds_the_cells_it_was_made_from_in_reading_order(height, width):
    board = grid(height, width)
    rng = random.Random(height * 100 + width)
    for _ in range(20):
        cells = random_cells(height, width, rng)
        mask = board.mask(cells)
        assert board.members(mask) == sorted(cells)
        assert board.mask(sorted(cells)) == mask  # a list gives the same mask as a set
        assert mask.bit_count() == len(cells)
    for k, cell in enumerate(board.cells):
        assert board.members(board.around[k]) == list(neighbours(cell, height, width))


@pytest.mark.parametrize("height,width", SIZES)
def test_neighbour_counts_and_moved_masks_agree_with_the_cells(height, width):
    board = grid(height, width)
    rng = random.Random(height * 31 + width)
    for _ in range(20):
        cells = random_cells(height, width, rng)
        mask = board.mask(cells)
        planes = board.neighbour_counts(mask)
        for k, cell in enumerate(board.cells):
            count = sum((plane >> k & 1) << i for i, plane in enumerate(planes))
            assert count == len(set(neighbours(cell, height, width)) & cells), cell
        dr, dc = rng.choice([(-1, -1), (0, 2), (2, -1), (1, 0), (-1, 2)])
        moved = {
            (i, j)
            for i, j in board.cells
            if 0 <= i + dr < height and 0 <= j + dc < width and (i + dr, j + dc) in cells
        }
        assert board.members(board.moved(mask, dr, dc)) == sorted(moved)


@pytest.mark.parametrize("seed", range(8))
def test_a_position_from_masks_is_the_position_from_cells(seed):
    game = Game(16, 30, 99, seed=seed)
    ai = Solver(16, 30, 99)
    for _ in range(12):
        if game.is_over():
            break
        ai.add_reveal(game.reveal(ai.make_move()).revealed)
    made = ai.position()
    board = grid(16, 30)
    masks = [(board.mask(cells), count) for cells, count in made.rules]
    for shown in (None, board.mask(made.revealed)):
        again = Position.from_bits(
            16, 30, 99, made.revealed, made.mine_bits, made.safe_bits, masks, shown_bits=shown
        )
        assert again == made
        assert (again.mines, again.safes, again.rules) == (made.mines, made.safes, made.rules)
        assert again.probabilities() == made.probabilities()


def test_one_shape_is_counted_once_wherever_it_is_and_placed_where_it_is():
    # "1 of A1, A2" and "1 of A2, A3" moved two rows down is the same shape.
    board = grid(4, 5)
    top = [(board.mask([(0, 0), (0, 1)]), 1), (board.mask([(0, 1), (0, 2)]), 1)]
    low = [(mask << 2 * board.width, count) for mask, count in top]
    cache = {}
    first = solve_bits(top, 3, 17, board.cells, cache)
    second = solve_bits(low, 3, 17, board.cells, cache)
    assert len(cache) == 1
    assert [w for _, w in first.group_weights] == [w for _, w in second.group_weights]
    assert set(second.weights) == {(2, 0), (2, 1), (2, 2)}
    # the same odds as the engine's own numbering of the cells
    cells = solve([(frozenset(board.members(m)), c) for m, c in low], 3, 17)
    assert cells.probabilities == second.probabilities


def test_a_tracked_count_splits_the_counts_by_the_tracked_cells_mines():
    # A1..A3 hold one mine; B1, B2 are tracked and free: 2 x 2 x 3 arrangements.
    rules = [(0b111, 1)]
    part = count_component(rules, track=0b11000)
    assert [sum(row) for row in part.tracked_counts] == [3, 6, 3]
    assert [list(indexes(g)) for g in part.group_masks] == [[0, 1, 2], [3, 4]]
