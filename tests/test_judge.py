"""The judge (sweeper/judge.py) against brute force: every placement of the mines, listed here."""

import itertools
import random
from fractions import Fraction

import pytest

from sweeper.board import neighbours
from sweeper.game import Game
from sweeper.judge import judge, seen, survey


def placements(height, width, revealed, total):
    """Return every set of hidden cells that keeps every open number (and the total, when known).

    Without a total only the cells next to a number are placed: the others are free.
    """
    hidden = [(i, j) for i in range(height) for j in range(width) if (i, j) not in revealed]
    if total is None:
        hidden = [c for c in hidden if any(n in revealed for n in neighbours(c, height, width))]
    sizes = range(len(hidden) + 1) if total is None else [total]
    found = []
    for k in sizes:
        for mines in itertools.combinations(hidden, k):
            chosen = set(mines)
            if all(
                sum(n in chosen for n in neighbours(c, height, width)) == shown
                for c, shown in revealed.items()
            ):
                found.append(frozenset(chosen))
    return found


def free(height, width, revealed, total, cell):
    """True when no number touches cell and the total is not known: it may be either."""
    return total is None and not any(n in revealed for n in neighbours(cell, height, width))


def keeps(height, width, revealed, total, mines):
    """True when mines keeps every open number, the total, and lies on hidden cells only."""
    return (
        not mines & revealed.keys()
        and (total is None or len(mines) == total)
        and all(
            sum(n in mines for n in neighbours(c, height, width)) == shown
            for c, shown in revealed.items()
        )
    )


def moments(count, seed=0):
    """Yield small positions from real games: (height, width, revealed, total)."""
    rng = random.Random(seed)
    while count:
        height, width = rng.choice([(3, 4), (4, 4), (3, 5), (4, 5)])
        mines = rng.randint(2, 5)
        game = Game(height, width, mines, seed=rng.randrange(10**6))
        cells = list(game.cells())
        rng.shuffle(cells)
        for cell in cells[: rng.randint(1, 6)]:
            if cell in game.revealed or game.is_over():
                continue
            if game.placed and cell in game.mines:
                continue
            game.reveal(cell)
        if game.is_over() or not game.revealed:
            continue
        count -= 1
        yield height, width, dict(game.revealed), mines


@pytest.mark.parametrize("total_known", [True, False])
def test_every_verdict_agrees_with_brute_force(total_known):
    for height, width, revealed, total in moments(60, seed=total_known):
        told = total if total_known else None
        position = seen(height, width, revealed, told)
        every = placements(height, width, revealed, told)
        assert every
        for cell in position.unknown:
            loose = free(height, width, revealed, told, cell)
            in_all = all(cell in m for m in every) and not loose
            in_none = not any(cell in m for m in every) and not loose
            for claim in ("safe", "mine"):
                verdict = judge(position, cell, claim)
                holds_always = in_none if claim == "safe" else in_all
                fails_always = in_all if claim == "safe" else in_none
                expected = "right" if holds_always else "wrong" if fails_always else "uncertain"
                assert verdict.word == expected, (revealed, cell, claim)
                if told is not None:
                    share = Fraction(sum(cell in m for m in every), len(every))
                    assert verdict.chance == share
                if verdict.word == "right":
                    assert verdict.counter is None and verdict.proof
                else:
                    counter = verdict.counter
                    assert counter is not None
                    assert keeps(height, width, revealed, told, counter)
                    assert (cell in counter) == (claim == "safe")  # the claim fails in it
                if verdict.word != "uncertain":
                    assert verdict.proof and verdict.rule


def test_the_weakest_reasoning_is_named():
    # Counting without the total decides a cell only when every arrangement of the numbers
    # alone does; "mine count" only when the numbers alone do not.
    for height, width, revealed, total in moments(60, seed=7):
        position = seen(height, width, revealed, total)
        numbers_only = placements(height, width, revealed, None)
        for cell in position.unknown:
            verdict = judge(position, cell, "safe")
            decided_alone = not free(height, width, revealed, None, cell) and (
                all(cell in m for m in numbers_only) or not any(cell in m for m in numbers_only)
            )
            if verdict.rule == "mine count":
                assert not decided_alone
            if verdict.rule in ("zero", "full", "subset", "counting"):
                assert decided_alone


def test_a_cs50_proof_rests_only_on_open_numbers_and_its_own_steps():
    for height, width, revealed, total in moments(80, seed=3):
        position = seen(height, width, revealed, total)
        for cell in position.unknown:
            verdict = judge(position, cell, "mine")
            if verdict.rule not in ("zero", "full", "subset"):
                continue
            stated = set()
            for step in verdict.proof:
                if step.rule == "clue":
                    assert step.cell in revealed
                for rule in step.premises:
                    assert step.rule in ("clue", "known") or rule in stated
                stated.update(step.added)
                if step.sentence is not None:
                    stated.add(step.sentence)
            last = verdict.proof[-1]
            assert last.rule in ("zero", "full") and cell in last.safes | last.mines
            assert verdict.premises <= revealed.keys()


def test_the_1_2_2_1_pattern_decides_by_the_subset_rule():
    # Row B shows 1 2 2 1 under a hidden row A: {A1, A2} = 1 inside {A1, A2, A3} = 2 leaves A3.
    revealed = {(1, 0): 1, (1, 1): 2, (1, 2): 2, (1, 3): 1}
    position = seen(2, 4, revealed, 2)
    verdict = judge(position, (0, 2), "mine")
    assert (verdict.word, verdict.rule) == ("right", "subset")
    assert any(s.rule == "subset" for s in verdict.proof)
    assert judge(position, (0, 0), "mine").word == "wrong"


def test_a_zero_decides_by_the_zero_rule():
    position = seen(3, 3, {(0, 0): 0}, 1)
    verdict = judge(position, (1, 1), "safe")
    assert (verdict.word, verdict.rule) == ("right", "zero")
    assert verdict.premises == {(0, 0)}


def test_a_full_count_decides_by_the_full_rule_and_the_opposite_claim_is_wrong():
    position = seen(2, 2, {(0, 0): 3}, 3)
    verdict = judge(position, (1, 1), "safe")
    assert (verdict.word, verdict.rule) == ("wrong", "full")
    assert verdict.counter == {(0, 1), (1, 0), (1, 1)}


def test_the_mine_counter_decides_what_the_numbers_leave_open():
    # A1 shows 1 over A2, B1, B2; the corner far away is touched by no number. With one mine
    # in all, that mine is next to A1, so the far corner is safe: only the counter says so.
    position = seen(3, 3, {(0, 0): 1}, 1)
    verdict = judge(position, (2, 2), "safe")
    assert (verdict.word, verdict.rule) == ("right", "mine count")
    assert verdict.premises == {(0, 0)}  # the open number whose sentence the count rests on
    without = judge(seen(3, 3, {(0, 0): 1}, None), (2, 2), "safe")
    assert without.word == "uncertain" and without.counter is not None


def test_an_uncertain_claim_comes_with_its_chance_and_a_counter_arrangement():
    position = seen(3, 3, {(0, 0): 1}, 1)
    verdict = judge(position, (0, 1), "safe")
    assert verdict.word == "uncertain" and verdict.chance == Fraction(1, 3)
    assert verdict.counter is not None and (0, 1) in verdict.counter
    assert verdict.rule == "" and verdict.proof == ()


@pytest.mark.parametrize(
    "cell, claim, message",
    [((0, 0), "safe", "open"), ((5, 0), "safe", "off the"), ((1, 1), "maybe", "claim")],
)
def test_a_claim_about_an_open_or_missing_cell_is_one_clear_error(cell, claim, message):
    position = seen(3, 3, {(0, 0): 1}, 1)
    with pytest.raises(ValueError, match=message):
        judge(position, cell, claim)


def test_a_survey_sees_the_certain_cells_and_the_lowest_chance_as_brute_force_does():
    for height, width, revealed, total in moments(40, seed=11):
        position = seen(height, width, revealed, total)
        every = placements(height, width, revealed, total)
        chance = {c: Fraction(sum(c in m for m in every), len(every)) for c in position.unknown}
        found = survey(position)
        assert found.safes == {c for c, p in chance.items() if p == 0}
        assert found.mines == {c for c, p in chance.items() if p == 1}
        assert dict(found.odds) == chance
        rest = [p for p in chance.values() if 0 < p < 1]
        assert found.lowest == (min(rest) if rest else None)
        if rest or found.safes:
            assert found.decision is not None
            assert found.decision.cell in position.unknown


def test_a_counter_arrangement_on_an_expert_board_keeps_every_number():
    game = Game(16, 30, 99, seed=4)
    game.reveal((0, 0))
    position = seen(16, 30, dict(game.revealed), 99)
    hidden = [c for c in position.unknown if c in position.frontier][:6]
    for cell in hidden:
        verdict = judge(position, cell, "safe")
        if verdict.word != "right":
            assert keeps(16, 30, dict(game.revealed), 99, verdict.counter)


def test_a_proof_through_a_known_cell_names_the_number_behind_it():
    # A number whose closed neighbours include a cell known already gives its clue, then a
    # 'known' step that takes the known cell out: the clue (so its number) is in the proof.
    for height, width, revealed, total in moments(80, seed=5):
        position = seen(height, width, revealed, total)
        for cell in position.unknown:
            verdict = judge(position, cell, "safe")
            clues = {s.sentence for s in verdict.proof if s.rule == "clue"}
            for step in verdict.proof:
                if step.rule == "known" and step.premises and step.cell is None:
                    premise = step.premises[0]
                    made = {r for s in verdict.proof for r in s.added}
                    assert premise in clues or premise in made, (revealed, cell)
