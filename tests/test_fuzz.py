"""The API at its door: random sequences of good and bad calls, driven by a real game.

Every bad call raises ValueError or TypeError at once and leaves the AI as it
was (compared with a deep copy from before the call, steps included); every
good call keeps the game sound: nothing called safe is a mine.
"""

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sweeper import Contradiction
from sweeper.game import Game
from sweeper.solver import Solver

BAD_CELLS = [(-1, 0), (0, -1), (99, 0), (0, 99), (1.5, 2), ("a", 1), (True, 1), (1,), None, 3]
BAD_COUNTS = [-1, 9, 1.5, "2", None, True, 10**9]


def state(ai):
    """Everything the AI holds, as values that compare by content (the step log too)."""
    return (
        set(ai.moves_made),
        set(ai.mines),
        set(ai.safes),
        sorted((sorted(s.cells), s.count) for s in ai.knowledge),
        dict(ai.revealed),
        list(ai.steps),
    )


def refused(ai, call, *args):
    """Make a call that must be refused; check it raised and changed nothing."""
    before = copy.deepcopy(ai)
    expected = state(before)
    with pytest.raises((ValueError, TypeError)) as error:
        call(*args)
    assert str(error.value)  # a message, naming what was wrong
    assert state(ai) == expected


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    size=st.tuples(st.integers(2, 7), st.integers(2, 7)),
    density=st.floats(0.05, 0.3),
    script=st.lists(st.integers(0, 7), min_size=5, max_size=40),
)
def test_random_calls_bad_ones_refused_good_ones_sound(seed, size, density, script):
    height, width = size
    mines = max(1, int(height * width * density))
    game = Game(height, width, mines, seed=seed)
    ai = Solver(height, width, mines, seed=seed)
    for k, action in enumerate(script):
        if game.is_over():
            break
        if action == 0:
            refused(ai, ai.add_knowledge, BAD_CELLS[k % len(BAD_CELLS)], 1)
        elif action == 1:
            cell = (k % height, (k * 7) % width)
            refused(ai, ai.add_knowledge, cell, BAD_COUNTS[k % len(BAD_COUNTS)])
        elif action == 2:
            refused(ai, ai.mark_mine, BAD_CELLS[k % len(BAD_CELLS)])
        elif action == 3 and game.revealed:
            cell, count = next(iter(game.revealed.items()))
            if cell in ai.revealed:  # told already: a different number is refused
                refused(ai, ai.add_knowledge, cell, (count + 1) % 9)
        elif action in (4, 5, 6):
            cell = ai.make_move()
            if cell is None:
                break
            result = game.reveal(cell)
            if result.exploded is not None:
                assert ai.last_decision.is_guess  # only a guess may hit a mine
                break
            for shown, number in result.revealed:
                ai.add_knowledge(shown, number)
        else:
            ai.mine_probabilities()
            ai.choose()
        assert not (ai.safes & game.mines) and ai.mines <= game.mines


@pytest.mark.parametrize(
    ("args", "options"),
    [
        ((3, 3), {"mines": 20}),
        ((3, 3), {"mines": -1}),
        ((0, 3), {}),
        ((3, 3), {"first_click": "bogus"}),
        ((3.5, 3), {}),
    ],
)
def test_impossible_ais_are_refused_at_the_constructor(args, options):
    with pytest.raises((ValueError, TypeError)) as error:
        Solver(*args, **options)
    assert str(error.value)


def test_information_that_contradicts_itself_is_a_contradiction_not_a_safe_cell():
    ai = Solver(1, 3, 1)
    ai.add_knowledge((0, 0), 1)  # the mine is B... A2
    before = state(ai)
    with pytest.raises(Contradiction):
        ai.add_knowledge((0, 2), 0)  # A3 shows 0: A2 cannot be a mine after all
    assert state(ai) == before  # nothing half-learned
