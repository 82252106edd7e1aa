"""Learning and looking apart: looking changes nothing, steps replay, games stand alone."""

import json
import random
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from sweeper import parse_board
from sweeper.game import Game
from sweeper.solver import Solver
from sweeper.strategies import Endgame, FiftyFifty, LookAhead, Lowest, Opening

ROOT = Path(__file__).resolve().parent.parent
POSITIONS = sorted((ROOT / "assets" / "positions").glob("*.txt"))


def state(ai):
    """Everything a looking call must leave alone, copied (steps and decisions are frozen)."""
    return (
        [(frozenset(s.cells), s.count) for s in ai.knowledge],
        set(ai.mines),
        set(ai.safes),
        set(ai.moves_made),
        list(ai.revealed.items()),
        list(ai.steps),
        ai.last_decision,
    )


def look(ai, rng):
    """Make the looking calls in a random order, twice each; return what choose said."""
    calls = ["choose", "mine_probabilities", "position", "counting_step", "choose"]
    rng.shuffle(calls)
    seen = []
    for name in calls * 2:
        result = getattr(ai, name)()
        if name == "choose":
            seen.append(result)
    return seen


def loaded(path):
    """The AI told a position file's numbers in reading order, as the window does."""
    text = path.read_text(encoding="utf-8")
    board = parse_board(text)
    game = Game.from_text(text)
    ai = Solver(game.height, game.width, game.mine_count)
    for cell in board.revealed:
        ai.add_knowledge(cell, game.revealed[cell])
    return ai


@pytest.mark.parametrize("path", POSITIONS, ids=lambda p: p.stem)
def test_looking_at_a_bundled_position_changes_nothing(path):
    ai = loaded(path)
    before = state(ai)
    decisions = look(ai, random.Random(path.stem))
    assert state(ai) == before
    assert len(set(decisions)) == 1 and decisions[0] is not None


def test_looking_changes_nothing_through_whole_seeded_games():
    # 75 games on four board sizes; at every move the looking calls are made
    # in a random order before make_move, and must leave the AI as it was
    # and agree with each other; make_move then plays the cell choose named.
    rng = random.Random(12)
    positions = 0
    for seed in range(75):
        height, width, mines = rng.choice([(5, 5, 5), (8, 8, 10), (9, 9, 10), (6, 10, 14)])
        game = Game(height, width, mines, seed=seed)
        ai = Solver(height, width, mines)
        while not game.is_over():
            before = state(ai)
            decisions = look(ai, rng)
            assert state(ai) == before, f"seed {seed}: a looking call changed the AI"
            assert len(set(decisions)) == 1, f"seed {seed}: choose answered differently"
            move = ai.make_move()
            assert move == decisions[0].cell, f"seed {seed}: make_move played another cell"
            positions += 1
            for cell, count in game.reveal(move).revealed:
                ai.add_knowledge(cell, count)
    assert positions > 1000


def test_folding_the_steps_gives_the_knowledge_after_each_call():
    # After every learning call, folding every step so far gives back the
    # knowledge the AI holds: its sentences, known mines, unrevealed safe
    # cells and the numbers told, in order.
    for seed in range(25):
        game = Game(9, 9, 12, seed=seed)
        ai = Solver(9, 9, 12)
        checkpoints = []
        while not game.is_over():
            move = ai.make_move()
            for cell, count in game.reveal(move).revealed:
                ai.add_knowledge(cell, count)
                checkpoints.append((len(ai.steps) - 1, state(ai)))
        for k, (sentences, mines, safes, moves, revealed, _, _) in checkpoints:
            folded = ai.knowledge_after(k)
            assert {(r.cells, r.count) for r in folded.sentences} == set(sentences)
            assert folded.mines == mines
            assert folded.safes == safes - moves
            assert list(folded.revealed.items()) == revealed


def test_a_refused_call_changes_nothing():
    # Bad arguments are refused at the door; numbers that contradict what is
    # known are refused part way through, and undone.
    ai = Solver(3, 3, 2)
    ai.add_knowledge((0, 0), 1)
    ai.add_knowledge((0, 1), 1)
    before = state(ai)
    for bad in [((5, 5), 1), ((0, 2), 1.5), ((0, 2), 9), ("A1", 1), ((0, 0), 2), ((2, 2), True)]:
        with pytest.raises(ValueError):
            ai.add_knowledge(*bad)
        assert state(ai) == before, bad
    with pytest.raises(ValueError, match="contradict|known mine|cannot"):
        ai.add_knowledge((1, 0), 0)  # (1,0) = 0 frees (1,1), but (0,0) = 1 then has no mine
    assert state(ai) == before


def test_make_move_records_the_move_but_not_a_move_made():
    # The cell becomes a move made only when its number is told: a guess may
    # be a mine, and the window may not play it at all.
    ai = Solver(9, 9, 10)
    cell = ai.make_move()
    assert ai.steps[-1].rule == "move" and ai.steps[-1].cell == cell
    assert ai.steps[-1].decision == ai.last_decision
    assert not ai.moves_made


def moves(seed, memo=None):
    """Play a seeded 4x5 game with 4 mines; return each move and the strategy that chose it.

    The search starts early (3,000 arrangements left, not the default 400)
    and its budget is small, so that what a memo already holds could decide
    whether a search finishes. memo: a search memo to share (the
    control: games made dependent on each other on purpose).
    """
    strategies = (
        Opening(),
        Endgame(configs=3_000, budget=20_000),
        FiftyFifty(),
        LookAhead(),
        Lowest(),
    )
    game = Game(4, 5, 4, seed=seed)
    ai = Solver(4, 5, 4, strategies=strategies)
    if memo is not None:
        ai._workspace.search_memo = memo
    played = []
    while not game.is_over():
        cell = ai.make_move()
        played.append([list(cell), ai.last_decision.strategy])
        for c, k in game.reveal(cell).revealed:
            ai.add_knowledge(c, k)
    return played


TARGETS = [3, 5, 8, 9, 12, 15]
FRESH = f"""
import json, sys
sys.path.insert(0, {str(ROOT)!r})
sys.path.insert(0, {str(ROOT / "tests")!r})
from test_looking import TARGETS, moves
print(json.dumps([moves(seed) for seed in TARGETS]))
"""


def test_a_games_moves_do_not_depend_on_the_games_before_it():
    # The same boards, played in a fresh process and here after 200 other
    # games, get the same moves, decision by decision: each game keeps its
    # own search memo. The control shares one memo between games, as the
    # project once did, and then the moves do change.
    done = subprocess.run([sys.executable, "-c", FRESH], capture_output=True, text=True, check=True)
    fresh = json.loads(done.stdout)
    for seed in range(100, 300):
        moves(seed)
    assert [moves(seed) for seed in TARGETS] == fresh
    assert any(strategy == "search" for game in fresh for _, strategy in game)
    shared = {}
    alone = [moves(seed, {}) for seed in TARGETS]
    for seed in range(100, 300):
        moves(seed, shared)
    assert [moves(seed, shared) for seed in TARGETS] != alone


def test_a_position_after_a_click_is_a_new_position():
    ai = Solver(3, 3, 1)
    ai.add_knowledge((0, 0), 1)
    position = ai.position()
    later = position.after((2, 2), 0)
    assert (2, 2) in later.revealed and (2, 2) not in position.revealed
    assert later.solution.probability((1, 1)) == 0
    assert position.solution.probability((1, 1)) == Fraction(1, 3)
    assert ai.position() == position  # the AI was not touched
