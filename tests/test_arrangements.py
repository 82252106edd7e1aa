"""The arrangement viewer: an enumeration step's arrangements and weights, against brute force."""

from __future__ import annotations

import itertools
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pygame
import pytest

from sweeper import cell_name
from sweeper.engine import Rule
from sweeper.game import Game
from sweeper.solver import Solver
from window.app import App
from window.arrangements import counted_words, enumerate_step, odds_words, position_before

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_runner import press, pump, start  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
POSITIONS = ROOT / "assets" / "positions"


def around(cell, height, width):
    r, c = cell
    return [
        (i, j)
        for i in range(r - 1, r + 2)
        for j in range(c - 1, c + 2)
        if (i, j) != cell and 0 <= i < height and 0 <= j < width
    ]


def completions(height, width, total, shown):
    """Every placement of all the mines that agrees with the shown numbers (brute force)."""
    hidden = [(i, j) for i in range(height) for j in range(width) if (i, j) not in shown]
    found = []
    for mines in itertools.combinations(hidden, total):
        chosen = set(mines)
        if all(sum(n in chosen for n in around(c, height, width)) == k for c, k in shown.items()):
            found.append(chosen)
    return found


def enumeration_steps(seeds, board=(4, 5, 5)):
    """Yield (game, ai, step index) for every enumeration step of AI games on small boards."""
    height, width, mines = board
    for seed in seeds:
        game = Game(height, width, mines, seed=seed)
        ai = Solver(height, width, mines, seed=seed)
        while not game.is_over():
            cell = ai.make_move()
            if cell is None:
                break
            result = game.reveal(cell)
            if result.exploded is not None:
                break
            for shown, number in result.revealed:
                ai.add_knowledge(shown, number)
        for k, step in enumerate(ai.steps):
            if step.rule == "enumeration":
                yield game, ai, k


def counter_note(ctrl):
    """Return what the AI counted for the enumeration step on screen, else ""."""
    enum = ctrl.moment().enumeration
    return "" if enum is None else counted_words(enum, "A3, B1, B3")


def test_arrangements_and_weights_equal_brute_force():
    checked = 0
    for game, ai, k in enumeration_steps(range(60)):
        step = ai.steps[k]
        enum = enumerate_step(position_before(ai, k), step.premises)
        assert enum is not None
        shown = dict(itertools.islice(ai.revealed.items(), step.told))
        placements = completions(game.height, game.width, game.mine_count, shown)
        # Each arrangement's weight is the number of whole boards that extend it.
        extended = Counter(frozenset(p & set(enum.cells)) for p in placements)
        listed = {a.mines: a.weight for a in enum.arrangements if a.weight}
        if enum.arrangements:
            assert listed == dict(extended)
        assert enum.total_weight == len(placements)
        for cell in enum.cells:
            brute = Fraction(sum(cell in p for p in placements), len(placements))
            assert enum.odds[cell] == brute
        assert all(enum.odds[c] == 0 for c in step.safes & set(enum.cells))
        assert all(enum.odds[c] == 1 for c in step.mines & set(enum.cells))
        checked += 1
    assert checked >= 10, f"only {checked} enumeration steps in 60 games: the check is too thin"


def test_the_mine_counter_is_named_when_it_decides_position_07():
    ctrl = App.from_position((POSITIONS / "07-counter-settles.txt").read_text())
    ctrl.do("ai")
    step = next(k for k, s in enumerate(ctrl.ai.steps) if s.rule == "enumeration")
    ctrl.show(step, 1)
    enum = ctrl.moment().enumeration
    assert enum is not None
    assert len(enum.arrangements) == 4 and [a.weight for a in enum.arrangements].count(0) == 2
    assert {cell_name(c) for c in enum.decided_by_the_count()} == {"C1", "C2", "C4"}
    assert enum.plain[(2, 1)] == Fraction(1, 2) and enum.odds[(2, 1)] == 1


def test_the_answer_of_a_step_the_counter_decided_says_so_and_others_do_not():
    ctrl = App.from_position((POSITIONS / "07-counter-settles.txt").read_text())
    ctrl.do("ai")
    step = next(k for k, s in enumerate(ctrl.ai.steps) if s.rule == "enumeration")
    ctrl.show(step, 1)
    note = counter_note(ctrl)
    assert note == (
        "The AI counted 4 arrangements of the mines under A3, B1, B3: 2 fit the board's 3 mines "
        "(V shows them)."
    )
    assert "every one agrees" not in note
    ctrl.show(0, 1)  # a clue, not an enumeration step
    assert counter_note(ctrl) == ""
    ctrl = App.from_position((POSITIONS / "04-one-two.txt").read_text())
    ctrl.do("step")  # 04: counting alone decides, the mine total plays no part
    assert counter_note(ctrl).endswith("and every one agrees (V shows them).")
    ai = Solver(3, 3)  # no total: the count cannot decide anything
    ai.add_knowledge((0, 0), 1)
    position = ai.position()
    enum = enumerate_step(position, [Rule(frozenset(position.unknown_neighbours((0, 0))), 1)])
    assert enum is not None and not enum.decided_by_the_count()


def test_too_many_arrangements_are_counted_by_mines_not_drawn():
    ai = Solver(3, 3, 4)
    ai.add_knowledge((1, 1), 4)  # eight hidden cells, four mines: C(8, 4) = 70 arrangements
    position = ai.position()
    enum = enumerate_step(position, [Rule(frozenset(position.unknown), 4)])
    assert enum is not None and enum.arrangements == ()
    assert enum.count == 70 and enum.by_mines == ((4, 70, 1),)
    assert all(p == Fraction(1, 2) for p in enum.odds.values())


def test_odds_words_group_cells_with_the_same_chance():
    ctrl = App.from_position((POSITIONS / "07-counter-settles.txt").read_text())
    ctrl.do("ai")
    ctrl.show(next(k for k, s in enumerate(ctrl.ai.steps) if s.rule == "enumeration"), 1)
    enum = ctrl.moment().enumeration
    words = odds_words(enum, enum.odds, cell_name)
    assert words == "safe in every one: C1, C4; a mine in every one: C2; 1/2 (50%): A4, B4"


@pytest.mark.usefixtures("pygame_display")
def test_v_steps_through_the_arrangements_and_the_question_beat_keeps_the_answer():
    ctrl = App.from_position((POSITIONS / "07-counter-settles.txt").read_text())
    painter = start(ctrl)
    ctrl.do("ai")
    step = next(k for k, s in enumerate(ctrl.ai.steps) if s.rule == "enumeration")
    ctrl.show(step, 0)  # the question
    seen = []
    for _ in range(5):
        press(pygame.K_v)
        pump(ctrl, painter)
        seen.append(ctrl.room.viewing)
        if ctrl.room.viewing is not None:
            words = ctrl.frame().step.words
            assert words.startswith(f"Arrangement {ctrl.room.viewing + 1} of 4")
            assert "every one" not in words  # the question beat: no conclusion yet
    assert seen == [0, 1, 2, 3, None]
    press(pygame.K_RIGHT)  # the answer: the words now give the chances
    pump(ctrl, painter)
    press(pygame.K_v)
    pump(ctrl, painter)
    assert "The mine counter decides it" in ctrl.frame().step.words
    ctrl.show(0, 1)  # not an enumeration step
    press(pygame.K_v)
    pump(ctrl, painter)
    assert ctrl.room.viewing is None and "not one" in ctrl.message


def test_export_draws_an_arrangement_and_refuses_a_wrong_one(tmp_path):
    out = tmp_path / "arrangement.png"
    base = [sys.executable, str(ROOT / "runner.py"), "--position"]
    base += [str(POSITIONS / "07-counter-settles.txt"), "--ai-moves", "1", "--export", str(out)]
    done = subprocess.run(base + ["--step", "3", "--arrangement", "2"], capture_output=True)
    assert done.returncode == 0 and out.exists()
    for wrong in (["--step", "3", "--arrangement", "9"], ["--step", "1", "--arrangement", "1"]):
        done = subprocess.run(base + wrong, capture_output=True, text=True)
        assert done.returncode == 2 and "--arrangement" in done.stderr
        assert "Traceback" not in done.stderr
