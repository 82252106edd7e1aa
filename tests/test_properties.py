"""Properties over many games: what the AI calls safe never is a mine, and the odds add up."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bench.play import move_kind
from sweeper import max_mines
from sweeper.game import Game
from sweeper.solver import Solver
from words.model import step_text


def check_knowledge(ai, game, where):
    wrong_safes = ai.safes & game.mines
    assert not wrong_safes, f"{where}: called safe but mines: {sorted(wrong_safes)}"
    wrong_mines = ai.mines - game.mines
    assert not wrong_mines, f"{where}: called mines but safe: {sorted(wrong_mines)}"


def check_probabilities(ai, game, where):
    p = ai.mine_probabilities()
    hidden = {c for c in game.cells() if c not in game.revealed}
    assert set(p) == hidden, f"{where}: probabilities not over the unrevealed cells"
    assert all(0 <= v <= 1 for v in p.values()), f"{where}: a probability outside [0, 1]"
    # Known mines count 1 each, so the sum is every mine on the board.
    assert sum(p.values()) == game.mine_count, f"{where}: probabilities do not sum to the mines"
    assert all(p[c] == 1 for c in ai.mines) and all(p[c] == 0 for c in ai.safes if c in p)
    # A cell that holds a mine can never have probability 0 (it is possible).
    assert all(p[c] > 0 for c in game.mines), f"{where}: a real mine was given probability 0"


def tell(ai, result):
    for cell, count in result.revealed:
        ai.add_knowledge(cell, count)


def play_knowledge_base(height, width, mines, seed, rule):
    """CS50's way: a known safe move, else a random one; checked after every move."""
    game = Game(height, width, mines, seed=seed, first_click=rule)
    ai = Solver(height, width, seed=seed)
    moves = 0
    while not game.is_over():
        move = ai.make_safe_move()
        guessed = move is None
        if guessed:
            move = ai.make_random_move()
        if move is None:
            break
        assert move not in ai.moves_made and move not in ai.mines
        result = game.reveal(move)
        moves += 1
        where = f"seed {seed} {height}x{width}/{mines} {rule}, move {moves} {move}"
        if not guessed:
            assert result.exploded is None, f"{where}: a known safe move hit a mine"
        tell(ai, result)
        check_knowledge(ai, game, where)
    return game


def play_make_move(height, width, mines, seed, rule, *, odds_every=1):
    """The whole AI: make_move each turn; non-guesses must be safe; odds add up."""
    game = Game(height, width, mines, seed=seed, first_click=rule)
    ai = Solver(height, width, mines, first_click=rule, seed=seed)
    moves = 0
    while not game.is_over():
        move = ai.make_move()
        assert move is not None, "make_move gave up while safe cells were hidden"
        kind = move_kind(ai, ai.last_decision)
        result = game.reveal(move)
        moves += 1
        where = f"seed {seed} {height}x{width}/{mines} {rule}, move {moves} {move} ({kind})"
        if kind in ("safe", "proven") or (kind == "first" and rule != "none"):
            assert result.exploded is None, f"{where}: a move that was not a guess hit a mine"
        tell(ai, result)
        check_knowledge(ai, game, where)
        if not game.is_over() and moves % odds_every == 0:
            check_probabilities(ai, game, where)
    # The window reads every step back as text; none may fail to render.
    assert all(step_text(step) for step in ai.steps)
    return game


def board_for(seed):
    rng = random.Random(seed)
    height, width = rng.randint(2, 14), rng.randint(2, 14)
    rule = rng.choice(["safe", "opening", "none"])
    density = rng.uniform(0.05, 0.25)
    mines = min(max(1, round(height * width * density)), max_mines(height, width, rule))
    return height, width, mines, rule


def test_knowledge_base_with_random_guesses_over_1000_games():
    outcomes = {"won": 0, "lost": 0}
    for seed in range(1000):
        height, width, mines, rule = board_for(seed)
        game = play_knowledge_base(height, width, mines, seed, rule)
        outcomes[game.status()] += 1
    # Both endings happen, so the checks ran through whole games.
    assert outcomes["won"] > 0 and outcomes["lost"] > 0


def test_make_move_over_300_games():
    outcomes = {"won": 0, "lost": 0}
    for seed in range(300):
        height, width, mines, rule = board_for(seed + 10_000)
        game = play_make_move(height, width, mines, seed, rule)
        outcomes[game.status()] += 1
    assert outcomes["won"] > 0 and outcomes["lost"] > 0


def test_make_move_on_beginner_boards():
    # 9x9 with 10 mines under the safe rule: the odds are checked every third move.
    for seed in range(20):
        play_make_move(9, 9, 10, seed, "safe", odds_every=3)


def test_make_move_wins_more_than_random_guessing():
    # Not a benchmark: a sanity check that the exact odds are used at all. On
    # 40 seeded 8x8/10 games the enumeration AI wins at least as many as the
    # knowledge base with random guesses, on the same seeds.
    smart = sum(play_make_move(8, 8, 10, s, "safe", odds_every=50).won() for s in range(40))
    plain = sum(play_knowledge_base(8, 8, 10, s, "safe").won() for s in range(40))
    assert smart >= plain


boards = st.tuples(
    st.integers(1, 8),
    st.integers(2, 8),
    st.floats(0.0, 0.35),
    st.sampled_from(["safe", "opening", "none"]),
    st.integers(0, 2**32 - 1),
)


def sized(height, width, density, rule):
    return min(round(height * width * density), max_mines(height, width, rule))


@settings(max_examples=60, deadline=None)
@given(boards)
def test_hypothesis_knowledge_base_never_wrong(board):
    height, width, density, rule, seed = board
    play_knowledge_base(height, width, sized(height, width, density, rule), seed, rule)


@settings(max_examples=60, deadline=None)
@given(boards)
def test_hypothesis_make_move_never_wrong_and_odds_add_up(board):
    height, width, density, rule, seed = board
    play_make_move(height, width, sized(height, width, density, rule), seed, rule)
