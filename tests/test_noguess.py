"""No-guess boards: logic alone clears every one from the first click; seeded; a clear error."""

import itertools
import random

import pytest

from sweeper import FIRST_CLICK_RULES, NoGuessTimeout
from sweeper.board import kept_clear, max_mines
from sweeper.game import Game
from sweeper.noguess import no_guess_mines, solve_by_logic, solved_without_guessing
from sweeper.solver import Solver
from sweeper.strategies import default_strategies
from tests.helpers import around

PROVEN = ("opening", "known safe", "counting")  # the decisions that are not guesses


def play(game, first_click="no-guess"):
    """Let the full AI (guessing strategies and all) play a game; return its decisions."""
    ai = Solver(
        game.height,
        game.width,
        game.mine_count,
        first_click=first_click,
        seed=1,
        strategies=default_strategies(),
    )
    decisions = []
    while not game.is_over():
        cell = ai.make_move()
        if cell is None:
            break
        decisions.append(ai.last_decision)
        ai.add_reveal(game.reveal(cell).revealed)
    return decisions


def test_no_guess_is_one_of_the_first_click_rules_and_opens():
    assert "no-guess" in FIRST_CLICK_RULES
    assert kept_clear((3, 3), 9, 9, "no-guess") == kept_clear((3, 3), 9, 9, "opening")
    assert max_mines(9, 9, "no-guess") == max_mines(9, 9, "opening")


@pytest.mark.parametrize(
    "height, width, mines, games",
    [(8, 8, 10, 120), (9, 9, 14, 100), (6, 10, 12, 80)],
)
def test_the_ai_wins_every_small_no_guess_board_without_a_guess(height, width, mines, games):
    for seed in range(games):
        game = Game(height, width, mines, seed=seed, first_click="no-guess")
        decisions = play(game)
        assert game.won(), f"seed {seed}: lost or stuck"
        guesses = [d for d in decisions if d.strategy not in PROVEN or d.probability != 0]
        assert guesses == [], f"seed {seed}: guessed {guesses}"
        assert len(game.mines) == mines


def brute_force_clears(height, width, mines, first):
    """Solve by logic with every placement listed (independent of the engine): True if it clears."""
    truth = frozenset(mines)
    cells = [(i, j) for i in range(height) for j in range(width)]
    bit = {c: 1 << k for k, c in enumerate(cells)}
    mask = {c: sum(bit[n] for n in around(c, height, width)) for c in cells}
    number = {c: len(around(c, height, width) & truth) for c in cells if c not in truth}
    left = [sum(bit[c] for c in p) for p in itertools.combinations(cells, len(truth))]
    opened, queue = set(), [first]
    while True:
        new = set()
        while queue:
            cell = queue.pop()
            if cell in opened:
                continue
            opened.add(cell)
            new.add(cell)
            if number[cell] == 0:
                queue.extend(around(cell, height, width) - opened)
        left = [
            p
            for p in left
            if all(not p & bit[c] and (p & mask[c]).bit_count() == number[c] for c in new)
        ]
        if len(opened) == len(number):
            return True
        safe = [c for c in cells if c not in opened and not any(p & bit[c] for p in left)]
        if not safe:
            return False
        queue.extend(safe)


def test_every_small_no_guess_board_clears_by_brute_force_logic():
    for seed in range(60):
        height, width, mines = (4, 5, 5) if seed % 2 else (4, 4, 4)
        first = (seed % height, (seed * 7) % width)
        board = no_guess_mines(height, width, mines, first, random.Random(seed))
        assert len(board) == mines
        assert board.isdisjoint(kept_clear(first, height, width, "no-guess"))
        assert brute_force_clears(height, width, board, first), f"seed {seed}: {sorted(board)}"


def test_logic_stops_where_a_guess_is_needed():
    # 2x4, first click A1 keeps A1, A2, B1, B2 clear; A3, B3 hold one mine, A4, B4 both:
    # the numbers and the count leave A3 or B3, a 50/50.
    mines = [(0, 2), (0, 3), (1, 3)]
    assert not brute_force_clears(2, 4, mines, (0, 0))
    stuck = solve_by_logic(2, 4, mines, (0, 0))
    assert stuck is not None
    assert (0, 2) in stuck.frontier and (1, 2) in stuck.frontier
    assert not solved_without_guessing(2, 4, mines, (0, 0))
    assert solve_by_logic(4, 4, [], (1, 1)) is None
    assert solved_without_guessing(4, 4, [(3, 3)], (0, 0))


def test_the_same_seed_deals_the_same_board():
    def board(seed):
        game = Game(9, 9, 12, seed=seed, first_click="no-guess")
        game.reveal((4, 4))
        return frozenset(game.mines)

    assert board(7) == board(7)
    assert len({board(s) for s in range(5)}) == 5


def test_a_board_with_no_no_guess_deal_is_an_error_with_a_message_not_a_guess():
    # Every placement of 3 mines on 2x4 after a click on A1 needs a guess (see above).
    with pytest.raises(NoGuessTimeout) as caught:
        no_guess_mines(2, 4, 3, (0, 0), random.Random(1), seconds=0.2)
    message = str(caught.value)
    assert "2x4" in message and "3 mines" in message and "0.2 s" in message
    assert "fewer mines" in message
    # In a game the error comes from the first click, and leaves the game as it was.
    game = Game(9, 9, 10, seed=1, first_click="no-guess", no_guess_seconds=0)
    with pytest.raises(NoGuessTimeout):
        game.reveal((4, 4))
    assert not game.placed and not game.revealed and not game.is_over()
    game.no_guess_seconds = 10
    assert game.reveal((4, 4)).revealed and game.placed
