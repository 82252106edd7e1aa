"""CS50's own runner.py, unchanged, plays real games with this minesweeper.py.

CS50's runner builds Minesweeper(height=8, width=8, mines=8) and
MinesweeperAI(height=8, width=8), never calls reveal(), asks game.is_mine for
every cell each time it draws, and plays the AI's moves through is_mine and
nearby_mines. play_like_cs50s_runner makes its calls in its order, without
the drawing's pixels.
"""

import ast
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import minesweeper
from minesweeper import Minesweeper, MinesweeperAI
from sweeper.game import Game

HEIGHT, WIDTH, MINES = 8, 8, 8


def draw(game, lost):
    """Ask what CS50's runner asks while drawing: is_mine for every cell, then whether lost."""
    return {(i, j) for i in range(HEIGHT) for j in range(WIDTH) if game.is_mine((i, j)) and lost}


def play_like_cs50s_runner():
    """Play one game by the AI button of CS50's runner; return (game, revealed, flags, lost)."""
    game = Minesweeper(height=HEIGHT, width=WIDTH, mines=MINES)
    ai = MinesweeperAI(height=HEIGHT, width=WIDTH)
    revealed, flags, lost = set(), set(), False
    for _ in range(HEIGHT * WIDTH + 1):
        draw(game, lost)
        if lost or game.mines == flags:
            break
        move = ai.make_safe_move()
        if move is None:
            move = ai.make_random_move()
            if move is None:
                flags = ai.mines.copy()  # "No moves left to make."
        if move:
            if game.is_mine(move):
                lost = True
            else:
                nearby = game.nearby_mines(move)
                revealed.add(move)
                ai.add_knowledge(move, nearby)
    draw(game, lost)
    return game, revealed, flags, lost


def test_cs50s_runner_plays_real_games(monkeypatch):
    # An unseeded game seeds itself from the system; the test makes that repeatable.
    dealer = random.Random(50)
    monkeypatch.setattr(minesweeper.random, "SystemRandom", lambda: dealer)
    random.seed(50)  # CS50's AI takes its random moves from the global random in CS50's file
    games = [play_like_cs50s_runner() for _ in range(300)]
    won = lost = 0
    for game, revealed, flags, was_lost in games:
        mines = {(i, j) for i in range(HEIGHT) for j in range(WIDTH) if game.is_mine((i, j))}
        assert len(mines) == MINES and mines == game.mines
        for i in range(HEIGHT):
            for j in range(WIDTH):
                around = {(a, b) for a in range(i - 1, i + 2) for b in range(j - 1, j + 2)}
                assert game.nearby_mines((i, j)) == len(mines & (around - {(i, j)}))
        assert not revealed & mines  # CS50's runner reveals only what is_mine called safe
        if was_lost:
            lost += 1
        elif game.mines == flags:  # CS50's runner shows "Won"
            assert len(revealed) == HEIGHT * WIDTH - MINES
            won += 1
    assert lost > 0
    assert won >= 150, f"won {won} of 300"
    assert won + lost == 300


def test_the_first_cell_asked_about_is_kept_clear_under_the_safe_rule():
    for seed in range(200):
        game = Game(5, 5, 24, seed=seed)  # every other cell a mine
        assert not game.is_mine((2, 3))
        assert game.mines == {(i, j) for i in range(5) for j in range(5)} - {(2, 3)}


def test_asked_first_or_revealed_first_the_same_seed_deals_the_same_board():
    for seed in range(50):
        asked = Game(9, 9, 10, seed=seed)
        asked.nearby_mines((4, 4))
        revealed = Game(9, 9, 10, seed=seed)
        revealed.reveal((4, 4))
        assert asked.mines == revealed.mines


def test_the_none_rule_places_the_mines_at_construction():
    game = Game(8, 8, 8, seed=3, first_click="none")
    assert len(game.mines) == 8 and game.placed


@pytest.mark.parametrize("rule", ["safe", "opening", "none"])
def test_is_mine_and_nearby_mines_agree_with_the_set_of_mines(rule):
    game = Game(8, 8, 10, seed=7, first_click=rule)
    game.is_mine((0, 0))
    for cell in game.cells():
        assert game.is_mine(cell) == (cell in game.mines)


def test_minesweeper_py_with_the_sweeper_folder_plays_in_a_folder_of_cs50_s_own(tmp_path):
    # docs/ai.md: copied beside CS50's runner.py, the two need nothing else of the project.
    root = Path(minesweeper.__file__).resolve().parent
    shutil.copy(root / "minesweeper.py", tmp_path)
    shutil.copytree(
        root / "sweeper", tmp_path / "sweeper", ignore=shutil.ignore_patterns("__pycache__")
    )
    play = (
        "import sys\n"
        "sys.path[:] = [p for p in sys.path if 'site-packages' not in p]\n"
        "from minesweeper import Minesweeper, MinesweeperAI\n"
        "game, ai = Minesweeper(8, 8, 8), MinesweeperAI(8, 8)\n"
        "move = (0, 0)\n"
        "while move is not None and not game.is_mine(move):\n"
        "    ai.add_knowledge(move, game.nearby_mines(move))\n"
        "    move = ai.make_safe_move() or ai.make_random_move()\n"
        "print(len(ai.moves_made), sorted(m.split('.')[0] for m in sys.modules if m in ('window', "
        "'screen', 'bench', 'pygame')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-E", "-s", "-c", play],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    played, others = done.stdout.split(maxsplit=1)
    assert int(played) >= 1 and others.strip() == "[]"


def test_minesweeper_py_reads_as_cs50s_file():
    # CS50's three classes in CS50's order, CS50's calls first in each, at most 700 lines:
    # the rest of the AI lives one import away in sweeper/.
    source = Path(minesweeper.__file__).read_text(encoding="utf-8")
    assert len(source.splitlines()) <= 700
    tree = ast.parse(source)
    classes = [n for n in tree.body if isinstance(n, ast.ClassDef)]
    names = [c.name for c in classes]
    assert [n for n in names if n in ("Minesweeper", "Sentence", "MinesweeperAI")] == [
        "Minesweeper",
        "Sentence",
        "MinesweeperAI",
    ]

    def methods(name):
        cls = next(c for c in classes if c.name == name)
        return [f.name for f in cls.body if isinstance(f, ast.FunctionDef)]

    cs50s_game = ["__init__", "print", "is_mine", "nearby_mines", "mines_found", "won"]
    assert methods("Minesweeper")[:6] == cs50s_game
    assert methods("MinesweeperAI")[:6] == [
        "__init__",
        "mark_mine",
        "mark_safe",
        "add_knowledge",
        "make_safe_move",
        "make_random_move",
    ]


def test_an_unseeded_ai_s_random_moves_follow_random_seed_as_cs50_s_do():
    def moves() -> list:
        random.seed(2024)
        ai = MinesweeperAI(height=8, width=8)
        ai.add_knowledge((0, 0), 1)
        return [ai.make_random_move() for _ in range(20)]

    first, second = moves(), moves()
    assert first == second and len(set(first)) > 1 and (0, 0) not in first
    seeded = MinesweeperAI(height=8, width=8, seed=5)
    assert seeded.rng is not random  # a seeded AI keeps its own generator
