"""Each way of choosing a cell, on a position where it decides, with the Decision it returns."""

import dataclasses
import random
from fractions import Fraction

import pytest
from helpers import around, placements
from test_probability import play_some
from test_search import reference_best

from sweeper import Rule, default_strategies, parse_board
from sweeper.fifties import FORMATION_SHARE, Influence, forced_weight, unsettleable_chain
from sweeper.game import Game
from sweeper.secondary import living_outcomes
from sweeper.solver import Solver
from sweeper.strategies import (
    FIFTY_WEIGHT,
    Endgame,
    FiftyFifty,
    FiftyFiftyChain,
    LookAhead,
    Lowest,
    Opening,
    decide,
    fifty_influence,
    is_dead,
)
from words.model import decision_text


def told(text, **options):
    """The game a board text describes and an AI told its numbers in reading order."""
    game = Game.from_text(text)
    ai = Solver(game.height, game.width, game.mine_count, **options)
    for cell in parse_board(text).revealed:
        ai.add_knowledge(cell, game.revealed[cell])
    return game, ai


def test_a_known_safe_cell_comes_first_with_the_step_that_proved_it():
    _, ai = told("0000\n0111\n01*.\n")  # teaching position 01: C4 is safe
    decision = ai.choose()
    assert (decision.cell, decision.strategy, decision.probability) == ((2, 3), "known safe", 0)
    proof = ai.steps[decision.proof]
    assert proof.rule == "zero" and (2, 3) in proof.safes


def test_counting_proves_a_cell_safe_and_names_its_sentences():
    _, ai = told("..*...\n*..**.\n.1122.\n")  # teaching position 04: the 1-2 pattern
    decision = ai.choose()
    assert (decision.cell, decision.strategy, decision.probability) == ((1, 1), "counting", 0)
    premises = {(r.cells, r.count) for r in decision.premises}
    assert premises == {(frozenset(s.cells), s.count) for s in ai.knowledge}
    assert not ai.safes - ai.moves_made  # nothing learned by looking


@pytest.mark.parametrize(
    "rule, expected",
    [("safe", (0, 0)), ("opening", (3, 3)), ("none", (0, 0))],
)
def test_the_opening_book_on_expert(rule, expected):
    ai = Solver(16, 30, 99, first_click=rule)
    decision = ai.choose()
    assert (decision.cell, decision.strategy) == (expected, "opening")
    assert decision.probability == (Fraction(99, 480) if rule == "none" else 0)
    assert decision.wins is None  # expert is far too big for the opening search


def test_the_opening_on_a_small_board_is_best_plays_first_click():
    ai = Solver(3, 3, 2)
    decision = ai.choose()
    assert decision.strategy == "opening" and decision.games == 28  # C(8, 2) boards
    cells = [(i, j) for i in range(3) for j in range(3)]
    worlds = [m for m in placements(3, 3, 2, {}) if decision.cell not in m]
    assert len(worlds) == decision.games
    assert reference_best(3, 3, worlds, decision.cell) == decision.wins
    best = max(
        reference_best(3, 3, [m for m in placements(3, 3, 2, {}) if c not in m], c) for c in cells
    )
    assert decision.wins == best


def test_the_endgame_search_takes_a_riskier_cell_that_wins_more():
    # 4x5, 5 mines: 14 arrangements left. E1 is a mine in 5 of 14, while
    # some cell is one in only 2 of 7; yet best play from E1 wins 7 of the
    # 14 and from no cell more, which the slow reference confirms.
    game, ai = told("01**.\n023..\n01*.*\n012*.\n")
    decision = ai.choose()
    assert (decision.cell, decision.strategy) == ((0, 4), "search")
    worlds = placements(4, 5, 5, game.revealed)
    assert decision.games == len(worlds) == 14
    assert decision.probability == Fraction(sum((0, 4) in w for w in worlds), 14) == Fraction(5, 14)
    assert min(ai.mine_probabilities().values()) == Fraction(2, 7)
    seen = tuple(game.revealed.items())
    assert decision.wins == reference_best(4, 5, worlds, (0, 4), seen) == 7
    others = [c for c in ai.position().unknown if c != (0, 4)]
    assert all(reference_best(4, 5, worlds, c, seen) <= 7 for c in others)


def test_an_unsettleable_fifty_fifty_is_taken_with_its_pair():
    text = "*.*21*...*\n13*22....*\n01112*..*.\n00002***..\n00001..*..\n"
    _, ai = told(text, strategies=(FiftyFifty(), LookAhead(), Lowest()))
    decision = ai.choose()
    assert (decision.cell, decision.strategy) == ((0, 0), "fifty-fifty")
    assert decision.probability == Fraction(1, 2)
    assert decision.premises == (Rule(frozenset({(0, 0), (0, 1)}), 1),)


def test_a_two_by_two_block_with_a_mine_on_either_diagonal_is_taken_first():
    # A1, B2 or A2, B1: every cell beside the block sees one of each
    # diagonal, and the only corner cell (C3) is a known mine.
    text = "*.1\n.*2\n12*\n"
    _, ai = told(text, strategies=(FiftyFifty(), LookAhead(), Lowest()))
    decision = ai.choose()
    assert (decision.cell, decision.strategy, decision.probability) == (
        (0, 0),
        "fifty-fifty",
        Fraction(1, 2),
    )
    worlds = placements(3, 3, 3, dict(Game.from_text(text).revealed))
    assert {frozenset(w) - {(2, 2)} for w in worlds} == {
        frozenset({(0, 0), (1, 1)}),
        frozenset({(0, 1), (1, 0)}),
    }
    assert all(all(r.count == len(r.cells & w) for r in decision.premises) for w in worlds)


def test_a_block_whose_corner_cell_may_show_a_number_is_not_taken_as_a_fifty_fifty():
    # The same block on a wider board: C3 is unknown and, if safe, would tell the diagonals apart.
    text = "*.1.\n.*2.\n12*.\n....\n"
    _, ai = told(text)
    position = ai.position().with_certainties()
    assert (2, 2) not in position.mines
    assert FiftyFifty()(position, position.solution) is None


DEAD = "1.1000\n1*2100\n24*311\n*.*4*2\n*...*.\n"  # 5x6, 7 mines: a seeded game's position


def test_the_look_ahead_passes_over_safer_cells_whose_number_teaches_nothing():
    # A2 (1/9 a mine) and E4 are the safest cells, but if safe each can show
    # one number only: clicking one teaches nothing that playing elsewhere
    # first and it last would not, so the guess is a living cell.
    game, ai = told(DEAD, strategies=(LookAhead(), Lowest()))
    decision = ai.choose()
    assert decision.strategy == "look-ahead"
    assert decision.passed_over == ((0, 1), (4, 3))
    assert decision.cell not in decision.passed_over
    assert ai.mine_probabilities()[(0, 1)] == Fraction(1, 9) < decision.probability
    assert not any(c.dead for c in decision.alternatives)
    words = decision_text(decision)
    assert "A2 and E4 are safer (11%)" in words and "teaches nothing" in words
    # Brute force: in every placement that leaves a passed-over cell safe, it shows the same number.
    worlds = placements(5, 6, 7, dict(game.revealed))
    for cell in decision.passed_over:
        shown = {len(around(cell, 5, 6) & w) for w in worlds if cell not in w}
        assert len(shown) == 1 and shown != {0}, cell
    # And a cell it chose among does show different numbers.
    chosen = {len(around(decision.cell, 5, 6) & w) for w in worlds if decision.cell not in w}
    assert len(chosen) > 1


def test_the_look_ahead_weighs_the_near_safest_cells_and_picks_a_far_corner():
    # Intermediate, A1 shows 1: A2, B1, B2 hold its mine (1/3 each) and every
    # other cell is 39/252. The look-ahead scores the candidates and a far
    # corner, likely to open new ground, wins over A3 next to the number.
    ai = Solver(16, 16, 40)
    ai.add_knowledge((0, 0), 1)
    decision = ai.choose()
    assert decision.strategy == "look-ahead"
    assert decision.cell in {(0, 15), (15, 0), (15, 15)}
    assert decision.probability == decision.lowest == Fraction(39, 252)
    scores = [c.score for c in decision.alternatives if c.score is not None]
    assert scores == sorted(scores, reverse=True) and decision.alternatives[0].cell == decision.cell
    assert (0, 2) in {c.cell for c in decision.alternatives}
    influence = Influence(ai.position().with_certainties())
    solution = influence.position.solution
    for candidate in decision.alternatives:
        if candidate.score is None:  # stopped early: even a perfect next click loses
            assert candidate.safety_next is None and candidate.progress is None
            continue
        look = LookAhead(fifty_weight=FIFTY_WEIGHT)
        safe = solution.weight - solution.weights.get(candidate.cell, solution.outside_weight)
        expected = (
            (1 - candidate.probability)
            * candidate.safety_next
            * (1 + look.tie_break * candidate.progress)
            * (safe + look.fifty_weight * influence.of(candidate.cell))
            / safe
        )
        assert candidate.score == expected


def unbounded(strategies):
    """Return strategies with every look-ahead weighing all its candidates in full."""
    return tuple(
        dataclasses.replace(s, bound=False) if isinstance(s, LookAhead) else s for s in strategies
    )


def test_the_bounded_look_ahead_chooses_as_weighing_every_candidate_does():
    # Stopping early only leaves out candidates that cannot win: the same
    # cell with the same score, on every move of seeded intermediate games,
    # and the candidates it stops are those whose full score is lower.
    stopped = weighed = 0
    for seed in range(8):
        game = Game(16, 16, 40, seed=seed)
        ai = Solver(16, 16, 40, seed=seed)
        full = unbounded(ai.strategies)
        while not game.is_over():
            position = ai.position()
            bounded = decide(position, ai.strategies)
            reference = decide(position, full)
            assert bounded is not None and reference is not None
            assert (bounded.cell, bounded.strategy) == (reference.cell, reference.strategy)
            if bounded.strategy == "look-ahead":
                best = bounded.alternatives[0].score
                assert best == reference.alternatives[0].score
                scored = {c.cell: c.score for c in reference.alternatives}
                assert {c.cell for c in bounded.alternatives} == set(scored)
                for candidate in bounded.alternatives:
                    weighed += 1
                    if candidate.score is None:
                        stopped += 1
                        assert scored[candidate.cell] < best
            cell = ai.make_move()
            ai.add_reveal(game.reveal(cell).revealed)
    assert weighed and stopped  # the bound bites somewhere in these games


def test_the_lowest_probability_when_nothing_else_decides():
    # Teaching position 09: C1 is a mine in 5 of 21 weighted arrangements,
    # the lowest on the board.
    _, ai = told(".*...\n*.**.\n..*..\n1*2.*\n", strategies=(Lowest(),))
    decision = ai.choose()
    assert (decision.cell, decision.strategy) == ((2, 0), "lowest")
    assert decision.probability == decision.lowest == Fraction(5, 21)
    assert [c.cell for c in decision.alternatives][0] == (2, 0)
    odds = [c.probability for c in decision.alternatives]
    assert odds == sorted(odds)


def test_decide_always_answers_while_a_cell_is_left():
    # No strategies at all: the lowest probability still answers.
    ai = Solver(3, 3, 1, strategies=())
    assert ai.choose().strategy == "lowest"
    only_mines = Solver(1, 2, 1)
    only_mines.add_knowledge((0, 0), 1)
    assert only_mines.choose() is None
    assert decide(only_mines.position(), default_strategies()) is None


def test_strategies_without_names_the_parts_it_leaves_out():
    names = [type(s).__name__ for s in default_strategies(["search", "fifty-fifty", "chains"])]
    assert names == ["Opening", "LookAhead", "Lowest"]
    assert default_strategies(["progress"])[4] == LookAhead(
        tie_break=Fraction(0), fifty_weight=FIFTY_WEIGHT
    )
    assert default_strategies(["secondary", "influence"])[4] == LookAhead(
        progress_bonus=Fraction(3, 10), blend=(1, 0), tie_break=Fraction(0), living=False
    )
    assert default_strategies(["search"])[0] == Opening(search=False)
    assert Endgame() in default_strategies()
    with pytest.raises(ValueError, match="unknown technique 'lookahed'"):
        default_strategies(["lookahed"])


@pytest.mark.parametrize("seed", range(60))
def test_forced_weight_equals_brute_force(seed):
    # The 50/50-in-waiting figure counts arrangements with some cells forced
    # to be mines and others safe: the same share as listing every placement.
    game, ai = play_some(seed)
    if game.is_over():
        return
    position = ai.position()
    unknown = list(position.unknown)
    every = placements(game.height, game.width, game.mine_count, game.revealed)
    rng = random.Random(seed)
    for _ in range(6):
        picked = rng.sample(unknown, min(len(unknown), rng.randint(1, 3)))
        cut = rng.randint(0, len(picked))
        mines, safes = picked[:cut], picked[cut:]
        expected = sum(1 for p in every if set(mines) <= p and not set(safes) & p)
        found = forced_weight(position, mines, safes)
        assert Fraction(found, position.solution.weight) == Fraction(expected, len(every))


def test_a_pair_against_the_edge_with_a_mine_beyond_is_a_fifty_fifty_in_waiting():
    # 1x4: A1 shows 1 (its mine is A2), A2 known. A3/A4 hold one mine: beyond
    # A3 is the mine A2, beyond A4 the edge, so they are a 50/50 in waiting.
    ai = Solver(1, 4, 2)
    ai.add_knowledge((0, 0), 1)
    position = ai.position()
    assert position.mines == {(0, 1)}
    influence = fifty_influence(position, (0, 2))
    # Every arrangement (A3 or A4) forms it; A3 the mine in half of them.
    assert Fraction(influence, position.solution.weight) == Fraction(1, 2)


# -- the guess score: secondary safety over living cells ------------------------------


def living_brute_force(game, position, cell, dead):
    """Each number cell could show, with the two safest living cells' safety then, by listing.

    Living: not in dead, and left with an unknown neighbour besides cell (a
    cell no sentence names and not beside cell is always living). When no
    unknown cell could be safe the game is won (1, 1); when only dead ones
    could, the safest of those counts twice.
    """
    h, w = game.height, game.width
    unknown = set(position.unknown)
    frontier = position.frontier
    worlds = placements(h, w, game.mine_count, game.revealed)
    worlds = [m for m in worlds if position.mines <= m and cell not in m]
    by_number = {}
    for m in worlds:
        by_number.setdefault(len(around(cell, h, w) & m), []).append(m)

    def living(u):
        if u not in frontier and u not in around(cell, h, w):
            return True
        return u not in dead and bool((around(u, h, w) & unknown) - {cell})

    found = {}
    for number, group in by_number.items():
        safety = {u: Fraction(sum(u not in m for m in group), len(group)) for u in unknown - {cell}}
        if not any(safety.values()):
            found[number] = (len(group), Fraction(1), Fraction(1))
            continue
        alive = sorted((s for u, s in safety.items() if living(u) and s), reverse=True)
        if not alive:
            alive = [max(safety.values())]
        found[number] = (len(group), alive[0], alive[1] if len(alive) > 1 else alive[0])
    return found


@pytest.mark.parametrize("seed", range(60))
def test_living_outcomes_equal_brute_force(seed):
    # Any set of cells taken as dead: the two safest of the others, number by number.
    game, ai = play_some(seed)
    if game.is_over():
        return
    position = ai.position().with_certainties()
    rng = random.Random(seed)
    frontier = sorted(position.frontier)
    dead = set(rng.sample(frontier, len(frontier) // 2))
    scale = position.solution.weight
    for cell in position.unknown:
        outcomes = living_outcomes(position, cell, lambda c: c not in dead)
        expected = living_brute_force(game, position, cell, dead)
        assert {o.shown + _mines_beside(position, cell) for o in outcomes} == set(expected)
        total = sum(o.weight for o in outcomes)
        every = sum(n for n, _, _ in expected.values())
        for o in outcomes:
            n, best, second = expected[o.shown + _mines_beside(position, cell)]
            assert Fraction(o.weight, total) == Fraction(n, every), cell
            assert (o.best, o.second) == (best, second), (cell, o.shown)
        assert (
            total * len(placements(game.height, game.width, game.mine_count, game.revealed))
            == every * scale
            or not every
        )


def _mines_beside(position, cell):
    return sum(1 for n in position.neighbours(cell) if n in position.mines)


# -- chains of one-mine links ------------------------------------------------------------


def test_a_closed_chain_of_one_mine_links_is_taken_as_a_fifty_fifty():
    # A2, A4, A6 each see two cells of the chain (and two known mines below),
    # B2, B4, B6 likewise; so the mines are A1 and A5 or A3 and A7, and no
    # number, shown now or later, tells the two apart.
    text = ".3*3.3*\n*3*3*3*\n1212121\n"  # 3x7: A1, A3, A5, A7 hold two mines, alternating
    game, ai = told(text, strategies=(FiftyFifty(), FiftyFiftyChain(), Lowest()))
    position = ai.position().with_certainties()
    assert FiftyFifty()(position, position.solution) is None  # not a pair, not a block
    decision = ai.choose()
    assert (decision.cell, decision.strategy, decision.probability) == (
        (0, 0),
        "fifty-fifty chain",
        Fraction(1, 2),
    )
    worlds = placements(3, 7, game.mine_count, dict(game.revealed))
    chain = {(0, 0), (0, 2), (0, 4), (0, 6)}
    assert {w & chain for w in worlds} == {frozenset({(0, 0), (0, 4)}), frozenset({(0, 2), (0, 6)})}
    a, b = worlds
    for cell in {(i, j) for i in range(3) for j in range(7)} - chain - a:
        assert len(around(cell, 3, 7) & a) == len(around(cell, 3, 7) & b), cell
    assert all(all(r.count == len(r.cells & w) for r in decision.premises) for w in worlds)


def test_a_chain_along_a_column_of_numbers_is_found_and_truly_sealed():
    # Column E shows numbers; F1/F2, F2/F4 and F4/F5 each hold one mine (F3
    # is a known mine): the mines are F1, F4 or F2, F5, and every cell of
    # column G sees one of each, so no number will ever tell them apart.
    text = "*.*21*...*\n13*22....*\n01112*..*.\n00002***..\n00001..*..\n"
    game, ai = told(text)
    position = ai.position().with_certainties()
    chain, links = unsettleable_chain(position)
    assert chain == [(0, 5), (1, 5), (3, 5), (4, 5)] and len(links) == 3
    odds = ai.mine_probabilities()
    assert all(odds[c] == Fraction(1, 2) for c in chain)
    halves = ({(0, 5), (3, 5)}, {(1, 5), (4, 5)})
    for link, _ in links:  # each link holds one cell of each half
        assert len(link & halves[0]) == len(link & halves[1]) == 1
    beside = {n for c in chain for n in around(c, 5, 10)} - set(chain) - position.mines
    assert beside  # the revealed cells of column E and the closed cells of column G
    for cell in beside:
        near = around(cell, 5, 10)
        assert len(near & halves[0]) == len(near & halves[1]), cell


def test_a_single_link_is_left_to_the_pair_rule_and_a_settleable_one_to_no_rule():
    # 1x3, A2 shows 1: A1 or A3, a coin flip no number settles, but a pair:
    # FiftyFifty's. 1x4 with one mine: A4 is safe by the count, and once
    # clicked it will see A3, not A1: no 50/50 of any kind.
    _, ai = told("*1.\n")
    position = ai.position()
    assert unsettleable_chain(position) is None
    assert FiftyFifty()(position, position.solution).cell == (0, 0)
    _, ai = told("*1..\n")
    position = ai.position().with_certainties()
    assert position.safes == {(0, 3)}
    assert unsettleable_chain(position) is None
    assert FiftyFifty()(position, position.solution) is None


# -- 50/50 influence -----------------------------------------------------------------------

CORNER = "1.**..\n*.....\n*.....\n....*.\n"  # 4x6, 5 mines; A1 shows 1, nothing else is known


def test_the_fifty_fifty_influence_turns_the_guess_to_a_far_corner():
    # A3 and A6 are equally likely mines (4/21). Without influence A3, whose
    # number tends to tell more about A1's neighbours, wins; but if A6 is a
    # mine it is often the mine of a 50/50 no number would settle (with B5,
    # the block's corner C4 a mine; or with A5 or B6, the cells beyond a
    # mine), a flip to be taken some time anyway, so clicking it costs less.
    strategies = (LookAhead(fifty_weight=Fraction(0)), Lowest())
    _, plain = told(CORNER, strategies=strategies)
    assert plain.choose().cell == (0, 2)
    _, ai = told(CORNER, strategies=(LookAhead(fifty_weight=FIFTY_WEIGHT), Lowest()))
    decision = ai.choose()
    assert decision.cell == (0, 5)
    assert decision.probability == plain.mine_probabilities()[(0, 2)]


def test_influence_equals_brute_force_on_a_corner():
    # A6's influence: the likeliest horizontal pair through it (A5-A6, A5 the
    # mine, its far end A4 and B4 mines), the likeliest vertical one (A6-B6, A6
    # the mine, C5 and C6 mines), and the likeliest block (A5-B6, mines A5 and
    # B6, its one corner on the board, C4, a mine): each a share of every
    # placement, their sum capped by A6's own chances of mine and of safety.
    game, ai = told(CORNER)
    position = ai.position().with_certainties()
    worlds = placements(4, 6, 5, dict(game.revealed))

    def share(mines, safes):
        hits = sum(1 for w in worlds if set(mines) <= w and not set(safes) & w)
        return Fraction(hits, len(worlds))

    pair_across = share([(0, 3), (1, 3), (0, 4)], [(0, 5)])
    pair_down = share([(2, 4), (2, 5), (0, 5)], [(1, 5)])
    block = share([(2, 3), (0, 4), (1, 5)], [(0, 5), (1, 4)])
    mine = share([(0, 5)], [])
    expected = min(pair_across + pair_down + block, mine, 1 - mine)
    assert expected > 0
    influence = Influence(position)
    assert Fraction(influence.of((0, 5)), position.solution.weight) == expected
    # The block in the bottom-left corner misses one mine (B3), but it forms
    # in too few placements (0.3%) for B3 to be credited as its enabler.
    weight, _, missing = influence.formation("b", (2, 0))
    assert missing == ((1, 2),)
    assert Fraction(weight, position.solution.weight) == share(
        [(1, 2), (2, 0), (3, 1)], [(2, 1), (3, 0)]
    )
    assert Fraction(weight, position.solution.weight) < FORMATION_SHARE
    assert influence.enablers == {}


@pytest.mark.parametrize("seed", range(0, 120, 2))
def test_a_dead_cell_stays_dead_whatever_another_cell_shows(seed):
    # Why the secondary safety may take today's dead cells as dead after any
    # reveal: a reveal only removes placements, so a number that was the
    # same in every placement stays the same (brute force).
    game, ai = play_some(seed)
    if game.is_over():
        return
    position = ai.position().with_certainties()
    h, w = game.height, game.width
    worlds = [
        m
        for m in placements(h, w, game.mine_count, game.revealed)
        if position.mines <= m and not position.safes & m
    ]
    for cell in position.unknown:
        if not is_dead(position, cell):
            continue
        for other in set(position.unknown) - {cell}:
            shown = {}
            for m in worlds:
                if cell in m or other in m:
                    continue
                key = len(around(other, h, w) & m)
                shown.setdefault(key, set()).add(len(around(cell, h, w) & m))
            assert all(len(numbers) == 1 for numbers in shown.values()), (cell, other)


@pytest.mark.parametrize("seed", range(6))
def test_ranked_counts_unknown_neighbours_as_the_cells_do(seed):
    # ranked's tie-break counts unknown neighbours from row sums of a grid;
    # each count equals the cell's own list, on positions of an expert game.
    game = Game(16, 30, 99, seed=seed)
    ai = Solver(16, 30, 99, seed=seed)
    for _ in range(30):
        if game.is_over():
            break
        ai.add_reveal(game.reveal(ai.make_move()).revealed)
        position = ai.position()
        counts = position._unknown_counts()
        assert set(counts) == set(position.unknown)
        assert all(counts[c] == len(position.unknown_neighbours(c)) for c in position.unknown)
