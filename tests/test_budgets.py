"""Budgets: the worst positions we can build, each in a fresh process under a memory limit."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bench.worst import cases

ROOT = Path(__file__).resolve().parent.parent
MEMORY = 1_500_000_000  # bytes of address space for the whole process
SECONDS = 3.0  # per call: the engine's budget is about 1 s here; room for a loaded 2-core machine


@pytest.mark.parametrize("index", range(len(cases("small"))), ids=[n for n, _ in cases("small")])
def test_every_call_keeps_its_budget_on_the_worst_positions(index):
    probe = ["-m", "bench.stress", "--scale", "small", "--case", str(index), "--moves", "40"]
    done = subprocess.run(
        [sys.executable, *probe, "--memory", str(MEMORY)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert done.returncode == 0, (found, done.stderr[-2000:])
    for call, seconds in found["seconds"].items():
        assert seconds < SECONDS, (call, seconds)
    assert found["wrong"] == 0  # nothing called safe is a mine, nothing called a mine is safe
    assert found["crash"] == ""
    assert found["peak_mb"] * 2**20 < MEMORY


def test_a_too_wide_position_answers_approximately_and_says_so():
    _, build = cases("small")[1]  # the 16x16 lattice: one frontier past the counting budget
    game, ai = build()
    odds = ai.mine_probabilities()
    assert odds.exact is False and all(0 <= p <= 1 for p in odds.values())
    # What the knowledge base proves stays proven: the move is a proven safe cell.
    decision = ai.choose()
    assert decision is not None and not decision.is_guess
    assert decision.cell not in game.mines


def test_looking_at_a_too_wide_position_then_playing_it_finds_no_false_contradiction():
    # Past the budget the wide part is estimated and the rest counted around
    # its expected mines; a rounded estimate once asked the rest for a total
    # it cannot hold and raised a false Contradiction. Played to the end with
    # looking calls between the moves, the game must stay sound.
    from bench.worst import lattice

    game, ai = lattice(16, 30, 116)
    for _ in range(300):
        if game.is_over():
            break
        ai.mine_probabilities()
        ai.choose()
        cell = ai.make_move()
        assert cell is not None
        result = game.reveal(cell)
        assert result.exploded is None or ai.last_decision.is_guess
        for shown, count in result.revealed:
            ai.add_knowledge(shown, count)
        assert not (ai.safes & game.mines) and ai.mines <= game.mines
    assert game.is_over()
