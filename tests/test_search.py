"""The endgame search: best play to the end of the game, checked independently.

The reference here plays the game the slow, obvious way: a position is what
the player has seen (revealed cells and their numbers, with floods), every
placement of the mines is simulated separately, and the value of a position
is the most placements any next click can go on to win. It shares no code
with EndgameSearch, which reasons over sets of placements and free cells.
"""

import itertools
import json
import random
from fractions import Fraction
from functools import cache

import pytest
from helpers import around, placements

import benchmark
import sweeper.engine
from sweeper import default_strategies
from sweeper.engine import TooWide
from sweeper.game import Game
from sweeper.search import EndgameSearch, adopt, best_opening
from sweeper.solver import Solver
from sweeper.strategies import Endgame, FiftyFifty, LookAhead, Lowest, Opening
from words.model import decision_text


def observe(height, width, mines, seen, click):
    """What the player sees after clicking in one world: None on a mine."""
    if click in mines:
        return None
    shown = dict(seen)
    todo = [click]
    while todo:
        cell = todo.pop()
        if cell in shown:
            continue
        shown[cell] = sum(1 for n in around(cell, height, width) if n in mines)
        if shown[cell] == 0:
            todo.extend(around(cell, height, width))
    return frozenset(shown.items())


def reference_best(height, width, worlds, first, seen=()):
    """Most worlds that any strategy wins after clicking first, having seen seen."""
    cells = [(i, j) for i in range(height) for j in range(width)]
    safe_count = height * width - len(worlds[0])

    @cache
    def value(group, seen):
        if len(seen) == safe_count:
            return len(group)
        shown = dict(seen)
        return max(after(group, shown, click) for click in cells if click not in shown)

    def after(group, shown, click):
        outcomes = {}
        for w in group:
            seen_after = observe(height, width, worlds[w], shown, click)
            if seen_after is not None:
                outcomes.setdefault(seen_after, []).append(w)
        return sum(value(tuple(g), s) for s, g in outcomes.items())

    return after(tuple(range(len(worlds))), dict(seen), first)


@pytest.mark.parametrize("height, width, mines", [(2, 3, 2), (3, 3, 2), (2, 4, 3), (3, 3, 3)])
def test_best_opening_equals_the_reference_under_the_safe_rule(height, width, mines):
    cells = [(i, j) for i in range(height) for j in range(width)]
    expected = 0
    for first in cells:
        worlds = [frozenset(m) for m in itertools.combinations(set(cells) - {first}, mines)]
        expected = max(expected, reference_best(height, width, worlds, first))
    first, wins, boards = best_opening(height, width, mines, "safe")
    assert boards == len(list(itertools.combinations(range(height * width - 1), mines)))
    assert wins == expected
    worlds = [frozenset(m) for m in itertools.combinations(set(cells) - {first}, mines)]
    assert reference_best(height, width, worlds, first) == wins


def test_best_opening_under_the_none_rule_counts_first_click_losses():
    # Under "none" the first click can hit one of the mines: 2x3 with 1 mine.
    cells = [(i, j) for i in range(2) for j in range(3)]
    worlds = [frozenset({m}) for m in cells]
    expected = max(reference_best(2, 3, worlds, first) for first in cells)
    first, wins, boards = best_opening(2, 3, 1, "none")
    assert (wins, boards) == (expected, 6)
    assert wins < boards  # some first click must risk the one mine


def test_in_play_the_first_click_search_stops_at_its_cpu_time():
    # 4x4 with 4 mines needs about 840,000 visits (0.4 s here): with no CPU time the search
    # gives up (None: the first click is chosen as on a large board); the benchmark's
    # search (seconds=None) is held to its visits only, the same on every machine.
    from sweeper import search

    search._opening.cache_clear()
    try:
        assert best_opening(4, 4, 4, "safe", seconds=0.0) is None
        assert best_opening(4, 4, 4, "safe", seconds=None) == ((0, 1), 961, 1365)
    finally:
        search._opening.cache_clear()


def test_the_benchmark_s_exact_play_searches_the_first_click_without_a_clock():
    from bench.exact import untimed
    from sweeper.strategies import Opening

    (opening,) = [s for s in untimed() if isinstance(s, Opening)]
    assert opening.seconds is None and opening.search
    assert Opening().seconds is not None  # in play the clock holds


def play_every_board(height, width, mines):
    """Return (wins, boards) for the AI over every placement its first click allows."""
    first = Solver(height, width, mines).make_move()
    cells = [(i, j) for i in range(height) for j in range(width)]
    wins = boards = 0
    for placed in itertools.combinations([c for c in cells if c != first], mines):
        game = Game(height, width, mines, seed=0, first_click="none")
        game._set_mines(placed)
        ai = Solver(height, width, mines)
        while not game.is_over():
            move = ai.make_move()
            for cell, count in game.reveal(move).revealed:
                ai.add_knowledge(cell, count)
        wins += game.won()
        boards += 1
    return wins, boards


@pytest.mark.parametrize("height, width, mines", [(3, 3, 2), (4, 4, 3)])
def test_the_ai_wins_as_often_as_best_play_on_small_boards(height, width, mines):
    _, best_wins, boards = best_opening(height, width, mines, "safe")
    assert play_every_board(height, width, mines) == (best_wins, boards)


def test_the_search_is_used_and_may_prefer_a_riskier_cell():
    # Over seeded 4x5 games with 5 mines, the search decides guesses (its step
    # says so), and at least once it picks a cell that is not the safest now,
    # because that cell wins more games in the end.
    riskier = searched = 0
    for seed in range(60):
        game = Game(4, 5, 5, seed=seed)
        ai = Solver(4, 5, 5)
        while not game.is_over():
            odds = ai.mine_probabilities() if ai.moves_made else None
            move = ai.make_move()
            if ai.last_decision.strategy == "search":
                searched += 1
                lowest = min(p for c, p in odds.items() if c not in ai.mines)
                riskier += odds[move] > lowest
            for cell, count in game.reveal(move).revealed:
                ai.add_knowledge(cell, count)
    assert searched > 20
    assert riskier > 0


def test_a_search_the_game_memo_already_holds_answers_at_once_with_the_same_click():
    # What one search finds (adopted by the game when it moves) answers the
    # same question again with no work: a budget of one visit is enough.
    asked = 0
    for seed in range(40):
        game = Game(4, 5, 5, seed=seed)
        ai = Solver(4, 5, 5)
        while not game.is_over():
            position = ai.position().with_certainties()
            if position.revealed and not position.safes and 3 <= position.solution.weight <= 400:
                first = EndgameSearch(4, 5)
                configs = [first.geo.mask(m | position.mines) for m in position.arrangements()]
                seen = first.geo.mask(position.revealed)
                answer = first.best_guess(configs, seen)
                memo = {}
                adopt(memo, first.found)
                assert EndgameSearch(4, 5, memo).best_guess(configs, seen, budget=1) == answer
                with pytest.raises(TooWide):
                    EndgameSearch(4, 5).best_guess(configs, seen, budget=1)
                asked += 1
                break
            for cell, count in game.reveal(ai.make_move()).revealed:
                ai.add_knowledge(cell, count)
    assert asked >= 10


def test_arrangements_are_exactly_the_placements_that_fit():
    rng = random.Random(7)
    for seed in range(40):
        height, width = rng.randint(3, 4), rng.randint(3, 5)
        mines = rng.randint(2, 5)
        game = Game(height, width, mines, seed=seed)
        ai = Solver(height, width, mines)
        for cell, count in game.reveal((0, 0)).revealed:
            ai.add_knowledge(cell, count)
        if game.is_over():
            continue
        fits = {
            frozenset(m)
            for m in itertools.combinations(list(game.cells()), mines)
            if not set(m) & set(game.revealed)
            and all(
                sum(1 for n in game.neighbors(c) if n in m) == k for c, k in game.revealed.items()
            )
        }
        position = ai.position()
        listed = {a | position.mines for a in position.arrangements()}
        assert listed == fits
        assert len(position.arrangements()) == ai.position().solution.weight


def test_a_search_past_its_budget_falls_back_to_the_one_step_rule():
    game = Game(4, 4, 4, seed=3)
    # No first-click search: its solved tree would answer every later move without searching.
    strategies = (Opening(search=False), Endgame(budget=1), FiftyFifty(), LookAhead(), Lowest())
    ai = Solver(4, 4, 4, strategies=strategies)
    guesses = 0
    while not game.is_over():
        move = ai.make_move()
        if ai.last_decision.is_guess:
            guesses += 1
            assert ai.last_decision.strategy != "search"
            assert "best play" not in decision_text(ai.last_decision)
        for cell, count in game.reveal(move).revealed:
            ai.add_knowledge(cell, count)
    assert guesses >= 1


def test_an_unavoidable_fifty_fifty_is_taken_before_other_risks():
    # A1/B1... here A1 and A2 share one mine ({A1, A2} = 1 from B1 = 1 after
    # B2's other mine is known) and every neighbour of theirs is revealed or a
    # known mine: no later number can tell them apart. The closed cells on the
    # right are each 30% likely to be mines, safer than 50%, but that coin
    # flip must come anyway, so the AI takes it first and says why.
    game = Game.from_text("*.*21*...*\n13*22....*\n01112*..*.\n00002***..\n00001..*..\n")
    ai = Solver(game.height, game.width, mines=len(game.mines))
    for cell, count in game.revealed.items():
        ai.add_knowledge(cell, count)
    odds = ai.mine_probabilities()
    move = ai.make_move()
    assert move in {(0, 0), (0, 1)}
    assert ai.last_decision.strategy == "fifty-fifty"
    assert odds[move] == Fraction(1, 2)
    assert "50/50" in decision_text(ai.last_decision)
    assert min(odds.values()) < Fraction(1, 2)
    # Without the rule, the chain rule (F1, F2, F4, F5 form a sealed chain
    # too) and the look-ahead's 50/50 influence (which sees the sealed pair
    # and would take it too), a safer cell is played.
    ai.strategies = default_strategies(["fifty-fifty", "chains", "influence"])
    assert odds[ai.make_move()] < Fraction(1, 2)


def test_a_fifty_fifty_tied_to_another_by_a_number_is_still_taken_first():
    # A4/A5 share one mine, and so do B5/C5; B4 = 4 ties the two pairs into
    # one sentence {A4, A5, B5, C5} = 2. Every neighbour of A4 that A5 lacks
    # (A3, B3) is a known mine, so no number can ever tell A4 from A5. B5 and
    # C5 are not sealed: A4 or A5, once open, counts B5 but not C5. So the
    # coin flip to take first is A4/A5, whose number then settles B5/C5
    # (best play wins 2 of the 4 arrangements; B5 first would win 1).
    game = Game.from_text("13**.\n1**4*\n1222.\n")
    ai = Solver(
        game.height, game.width, mines=len(game.mines), strategies=default_strategies(["search"])
    )
    for cell, count in game.revealed.items():
        ai.add_knowledge(cell, count)
    assert ai.mine_probabilities()[(1, 4)] == Fraction(1, 2)
    move = ai.make_move()
    assert move in {(0, 3), (0, 4)}
    assert ai.last_decision.strategy == "fifty-fifty"


def unavoidable(a, b, found, height, width):
    """True when a and b hold one mine in every placement and nothing tells them apart.

    Every cell next to one of them but not the other must be a mine in every
    placement, so that no number shown now or later counts one without the other.
    """
    always = frozenset.intersection(*found)
    one_sided = (around(a, height, width) ^ around(b, height, width)) - {a, b}
    return one_sided <= always and all((a in p) != (b in p) for p in found)


def unavoidable_block(cell, found, height, width):
    """True when cell is in a 2x2 block whose mines lie on one diagonal or the other, untellably.

    Every placement holds exactly one diagonal of the block, both occur, and
    the cells touching the block only at a corner are mines in every placement.
    """
    always = frozenset.intersection(*found)
    for top in (cell[0] - 1, cell[0]):
        for left in (cell[1] - 1, cell[1]):
            if not (0 <= top < height - 1 and 0 <= left < width - 1):
                continue
            a, b, c, d = (top, left), (top, left + 1), (top + 1, left), (top + 1, left + 1)
            diagonals = {frozenset((a, d)), frozenset((b, c))}
            held = {frozenset(p) & {a, b, c, d} for p in found}
            corners = {
                (r, k)
                for r in (top - 1, top + 2)
                for k in (left - 1, left + 2)
                if 0 <= r < height and 0 <= k < width
            }
            if held == diagonals and corners <= always:
                return True
    return False


def test_every_fifty_fifty_taken_early_is_truly_unavoidable():
    # Checked against every placement of the mines, independently of the
    # AI's reasoning: the cell taken, a, has a partner b such that every
    # placement holds exactly one of them and every cell next to one but
    # not the other is a mine in every placement. Then no number, now or
    # later, can tell a from b, and the coin flip is truly forced.
    taken = blocks = 0
    for seed in range(500):
        rng = random.Random(seed)
        height, width = rng.randint(3, 5), rng.randint(3, 6)
        mines = rng.randint(2, min(7, height * width // 3))
        game = Game(height, width, mines, seed=seed)
        ai = Solver(height, width, mines, strategies=default_strategies(["search"]))
        while not game.is_over():
            move = ai.make_move()
            assert move is not None
            if ai.last_decision.strategy == "fifty-fifty":
                taken += 1
                found = placements(height, width, mines, game.revealed)
                partners = {c for p in found for c in p} - {move}
                paired = any(unavoidable(move, b, found, height, width) for b in partners)
                assert paired or unavoidable_block(move, found, height, width), (
                    f"seed {seed}: {move}"
                )
                blocks += not paired
            for cell, count in game.reveal(move).revealed:
                ai.add_knowledge(cell, count)
    assert taken >= 20 and blocks >= 1


def test_a_frontier_past_the_counting_budget_is_approximated_and_says_so(monkeypatch):
    # With a budget of 2 words of work, no real component can be
    # counted exactly: the engine must fall back, mark the result inexact,
    # keep every figure a probability, and the guess must say it is
    # approximate rather than pass the numbers off as exact.
    monkeypatch.setattr(sweeper.engine, "COMPONENT_WORK", 2)
    game = Game(9, 9, 20, seed=11)
    ai = Solver(9, 9, 20)
    for cell, count in game.reveal((4, 4)).revealed:
        ai.add_knowledge(cell, count)
    solution = ai.position().solution
    assert not solution.exact
    odds = ai.mine_probabilities()
    assert all(0 <= p <= 1 for p in odds.values())
    assert odds.exact is False  # the caller is told the figures are estimates
    while ai.make_safe_move() is not None:
        for cell, count in game.reveal(ai.make_safe_move()).revealed:
            ai.add_knowledge(cell, count)
    move = ai.make_move()
    if ai.last_decision.is_guess:
        assert ai.last_decision.approximate
        assert "approximate" in decision_text(ai.last_decision)
    assert move not in ai.mines


@pytest.mark.parametrize(
    "height, width, expected", [(16, 30, (3, 3)), (9, 9, (3, 3)), (4, 4, (1, 1)), (1, 5, (0, 2))]
)
def test_the_opening_rule_starts_a_few_cells_in_and_never_off_the_board(height, width, expected):
    # Under "opening" the first click is sure to be a 0; D4 measured best on
    # expert. Small boards get their middle instead (their own search may
    # override that when the board is small enough to solve).
    ai = Solver(height, width, 1, first_click="opening", strategies=default_strategies(["search"]))
    assert ai.make_move() == expected
    assert ai.last_decision.strategy == "opening"


def test_on_a_board_whose_first_click_is_searched_the_whole_game_is_best_play(capsys):
    # 4x4 with 4 mines: best play's first click is searched, and the game adopts
    # that solved tree, so every later guess is best play's, also where more
    # arrangements remain than the endgame search itself would take on (400).
    assert benchmark.main(["--exact", "--board", "4x4x4", "--jobs", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ai"]["wins"] == report["best"]["wins"] == 961
    weights = []
    for seed in range(40):
        game = Game(4, 4, 4, seed=seed)
        ai = Solver(4, 4, 4)
        while not game.is_over():
            cell = ai.make_move()
            decision = ai.last_decision
            if decision.is_guess and decision.strategy != "opening":
                assert decision.strategy == "search", decision
                weights.append(decision.games)
            for revealed, count in game.reveal(cell).revealed:
                ai.add_knowledge(revealed, count)
    assert weights and max(weights) > 400  # past the search's own threshold: the tree answered
