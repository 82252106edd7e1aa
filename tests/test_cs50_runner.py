"""minesweeper.py is CS50's file: CS50's game, CS50's runner loop, and the file standing alone.

CS50's runner builds Minesweeper(height=8, width=8, mines=8) and
MinesweeperAI(height=8, width=8), never tells the AI the mine total, asks
game.is_mine for every cell each time it draws, and plays the AI's moves
through make_safe_move, make_random_move, is_mine, nearby_mines and
add_knowledge. It shows "Won" when the flags are the mines. RUNNER_LOOP
makes those calls in that order, without the drawing's pixels; it runs
here and, with minesweeper.py copied alone into an empty folder, in a
process of its own.
"""

import ast
import json
import random
import shutil
import subprocess
import sys
import textwrap
from fractions import Fraction
from pathlib import Path

import pytest

import minesweeper
from minesweeper import Minesweeper, MinesweeperAI

ROOT = Path(minesweeper.__file__).resolve().parent
SOURCE = (ROOT / "minesweeper.py").read_text(encoding="utf-8")
HEIGHT, WIDTH, MINES = 8, 8, 8

# The runner's loop as code a test can run anywhere: here, and in a folder with the file alone.
RUNNER_LOOP = textwrap.dedent(
    """
    def draw(game, lost):
        # CS50's runner asks is_mine of every cell each frame, to draw the mines once lost.
        return [game.is_mine((i, j)) and lost for i in range(8) for j in range(8)]

    def play_like_cs50s_runner(engine=None):
        game = Minesweeper(height=8, width=8, mines=8)
        ai = MinesweeperAI(height=8, width=8) if engine is None else MinesweeperAI(
            height=8, width=8, engine=engine)
        revealed, flags, lost = set(), set(), False
        for _ in range(8 * 8 + 1):
            draw(game, lost)
            if lost or game.mines == flags:
                break
            move = ai.make_safe_move()
            if move is None:
                move = ai.make_random_move()
                if move is None:
                    flags = ai.mines.copy()  # "No moves left to make."
            if move:
                assert move not in revealed and move not in ai.mines
                if game.is_mine(move):
                    lost = True
                else:
                    revealed.add(move)
                    ai.add_knowledge(move, game.nearby_mines(move))
        draw(game, lost)
        won = not lost and game.mines == flags  # CS50's runner shows "Won"
        assert not revealed & game.mines and (not won or len(revealed) == 64 - 8)
        return won, lost, ai.engine
    """
)


def runner_loop() -> dict:
    """Return the runner loop's functions, made with this file's classes."""
    space = {"Minesweeper": Minesweeper, "MinesweeperAI": MinesweeperAI}
    exec(RUNNER_LOOP, space)
    return space


@pytest.mark.parametrize("engine", ["sweeper", "fallback"])
def test_cs50s_runner_plays_real_games_with_either_engine(engine):
    play = runner_loop()["play_like_cs50s_runner"]
    random.seed(50)  # CS50's game and AI take their chances from the global random
    games = [play(engine) for _ in range(300)]
    won = sum(w for w, _, _ in games)
    lost = sum(lost for _, lost, _ in games)
    assert {e for _, _, e in games} == {engine}
    assert lost > 0 and won + lost == 300
    assert won >= 150, f"{engine}: won {won} of 300"  # measured: 209 (sweeper), 175 (fallback)


def test_the_mines_are_placed_when_the_game_is_made():
    random.seed(3)
    game = Minesweeper(8, 8, 8)
    assert len(game.mines) == 8 and game.mines_found == set() and not game.won()
    for i in range(8):
        for j in range(8):
            around = {(a, b) for a in range(i - 1, i + 2) for b in range(j - 1, j + 2)}
            assert game.is_mine((i, j)) == ((i, j) in game.mines) == game.board[i][j]
            assert game.nearby_mines((i, j)) == len(game.mines & (around - {(i, j)}))
    game.mines_found = set(game.mines)
    assert game.won()


def test_the_mines_are_uniform_over_the_board():
    # 4,000 boards of 8 mines on 64 cells: 500 mines a cell expected. With 63
    # degrees of freedom, chi-square stays below 103.4 but one time in a thousand.
    random.seed(2024)
    seen = [0] * 64
    for _ in range(4000):
        for i, j in Minesweeper(8, 8, 8).mines:
            seen[i * 8 + j] += 1
    chi_square = sum((n - 500) ** 2 / 500 for n in seen)
    assert chi_square < 103.4, chi_square
    assert (
        seen[0] > 0
    )  # A1 can hold a mine: CS50's runner asks it first, and nothing keeps it clear


def test_the_file_alone_in_an_empty_folder_plays_and_passes_cs50s_checks(tmp_path):
    shutil.copy(ROOT / "minesweeper.py", tmp_path)
    checks = textwrap.dedent(
        """
        import json, random, sys
        sys.path[:] = [p for p in sys.path if 'site-packages' not in p]
        from minesweeper import Minesweeper, MinesweeperAI, Sentence
        found = {}
        # Sentence: CS50's contract
        s = Sentence({(0, 0), (0, 1), (1, 0)}, 3)
        found['known_mines'] = s.known_mines() == {(0, 0), (0, 1), (1, 0)}
        found['known_safes'] = Sentence({(0, 0), (0, 1)}, 0).known_safes() == {(0, 0), (0, 1)}
        s.mark_mine((0, 0))
        t = Sentence({(0, 0), (0, 1)}, 1)
        t.mark_safe((0, 0))
        found['mark'] = (s.cells, s.count, t.cells, t.count) == ({(0, 1), (1, 0)}, 2, {(0, 1)}, 1)
        # add_knowledge: a 0 marks its neighbours safe
        ai = MinesweeperAI(height=4, width=4)
        ai.add_knowledge((0, 0), 0)
        found['zero'] = {(0, 1), (1, 0), (1, 1)} <= ai.safes and (0, 0) in ai.moves_made
        # a count equal to the cells left marks them mines
        ai = MinesweeperAI(height=4, width=4)
        ai.add_knowledge((0, 0), 3)
        found['full'] = ai.mines == {(0, 1), (1, 0), (1, 1)}
        # subset inference: {A, B, C} = 1 and {A, B} = 1 leave {C} = 0
        ai = MinesweeperAI(height=3, width=4)
        for cell in [(1, 0), (1, 1), (1, 2), (1, 3), (2, 0), (2, 1), (2, 2), (2, 3)]:
            ai.mark_safe(cell)
        ai.knowledge.append(Sentence({(0, 0), (0, 1), (0, 2)}, 1))
        ai.add_knowledge((1, 0), 1)
        found['subset'] = (0, 2) in ai.safes and Sentence({(0, 0), (0, 1)}, 1) in ai.knowledge
        # known mines lower a new sentence's count
        ai = MinesweeperAI(height=3, width=3)
        ai.mark_mine((0, 0))
        ai.add_knowledge((1, 1), 2)
        found['known_mine'] = Sentence(
            {(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)}, 1) in ai.knowledge
        # the moves avoid what is played and the known mines
        moves = {ai.make_random_move() for _ in range(50)}
        found['random_move'] = not moves & ({(0, 0), (1, 1)} | ai.moves_made)
        found['safe_move'] = MinesweeperAI(height=3, width=3).make_safe_move() is None
        # the project's own calls say what they need, and make_move plays CS50's move
        lone = MinesweeperAI(height=3, width=3)
        try:
            lone.choose()
            found['says_it_needs_sweeper'] = False
        except ModuleNotFoundError as error:
            found['says_it_needs_sweeper'] = 'copy the sweeper folder' in str(error)
        found['make_move'] = lone.make_move() is not None
        # CS50's runner loop plays real games
        random.seed(7)
        games = [play_like_cs50s_runner() for _ in range(100)]
        found['engine'] = sorted({e for _, _, e in games})
        found['won'] = sum(w for w, _, _ in games)
        found['lost'] = sum(lost for _, lost, _ in games)
        found['modules'] = sorted(m for m in sys.modules if m.split('.')[0] in (
            'sweeper', 'window', 'screen', 'bench', 'pygame'))
        print(json.dumps(found))
        """
    )
    (tmp_path / "checks.py").write_text(RUNNER_LOOP + checks, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-E", "-s", "checks.py"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert found.pop("engine") == ["fallback"] and found.pop("modules") == []
    won, lost = found.pop("won"), found.pop("lost")
    assert won >= 50 and lost > 0 and won + lost == 100, (won, lost)
    assert all(found.values()), found


# -- the file read as a student reads it -------------------------------------------------


TREE = ast.parse(SOURCE)
CLASSES = {n.name: n for n in TREE.body if isinstance(n, ast.ClassDef)}
FUNCTIONS = {n.name: n for n in TREE.body if isinstance(n, ast.FunctionDef)}


def methods(name):
    """Return a class's methods by name."""
    return {f.name: f for f in CLASSES[name].body if isinstance(f, ast.FunctionDef)}


def add_knowledge_path():
    """Return the functions add_knowledge reaches in this file: the AI's, Sentence's, helpers'."""
    ai, sentence = methods("MinesweeperAI"), methods("Sentence")
    reached, todo = {}, [("MinesweeperAI", ai["add_knowledge"])]
    while todo:
        owner, node = todo.pop()
        if (owner, node.name) in reached:
            continue
        reached[owner, node.name] = node
        for call in (n for n in ast.walk(node) if isinstance(n, ast.Call)):
            f = call.func
            if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name):
                if f.value.id == "self" and f.attr in ai:
                    todo.append(("MinesweeperAI", ai[f.attr]))
                elif f.attr in sentence:
                    todo.append(("Sentence", sentence[f.attr]))
            elif isinstance(f, ast.Name) and f.id == "Sentence":
                todo.append(("Sentence", sentence["__init__"]))
            elif isinstance(f, ast.Name) and f.id in FUNCTIONS:
                todo.append(("", FUNCTIONS[f.id]))
    return reached


def test_the_module_imports_the_standard_library_only():
    for node in TREE.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module]
            assert all(n.split(".")[0] in sys.stdlib_module_names for n in names), names


def test_add_knowledge_builds_sentences_imports_nothing_and_reads_in_one_sitting():
    path = add_knowledge_path()
    lines = sum(node.end_lineno - node.lineno + 1 for node in path.values())
    assert lines <= 250, f"add_knowledge's path is {lines} lines"
    assert ("Sentence", "__init__") in path  # it builds CS50's Sentences
    assert ("MinesweeperAI", "subsets") in path and ("MinesweeperAI", "conclude") in path
    for node in path.values():
        assert not [n for n in ast.walk(node) if isinstance(n, (ast.Import, ast.ImportFrom))]
        names = {n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)}
        assert "project" not in names, node.name  # sweeper's engine plays no part in learning


def test_the_file_opens_with_cs50s_classes_in_cs50s_order():
    assert len(SOURCE.splitlines()) <= 750
    classes = [n.name for n in TREE.body if isinstance(n, ast.ClassDef)]
    assert classes[:3] == ["Minesweeper", "Sentence", "MinesweeperAI"]
    first = next(n for n in TREE.body if isinstance(n, (ast.ClassDef, ast.FunctionDef)))
    assert first.name == "Minesweeper"
    assert list(methods("Minesweeper")) == ["__init__", "print", "is_mine", "nearby_mines", "won"]
    assert list(methods("MinesweeperAI"))[:6] == [
        "__init__", "mark_mine", "mark_safe", "add_knowledge", "make_safe_move",
        "make_random_move",
    ]  # fmt: skip


def test_no_code_of_the_fast_knowledge_base_runs_inside_add_knowledge(monkeypatch):
    fast = str(ROOT / "sweeper" / "knowledge.py")
    entered = []

    def watch(frame, event, arg):
        if event == "call" and frame.f_code.co_filename == fast:
            entered.append(frame.f_code.co_name)

    told = MinesweeperAI.add_knowledge

    def watched(self, cell, count):
        sys.setprofile(watch)
        try:
            told(self, cell, count)
        finally:
            sys.setprofile(None)

    monkeypatch.setattr(MinesweeperAI, "add_knowledge", watched)
    play = runner_loop()["play_like_cs50s_runner"]
    random.seed(11)
    engines = {play()[2] for _ in range(40)}
    assert engines == {"sweeper"} and entered == []
    # the watch would see it: the fast knowledge base, watched the same way, is seen
    from sweeper.solver import Solver

    sys.setprofile(watch)
    try:
        Solver(8, 8).add_knowledge((0, 0), 0)
    finally:
        sys.setprofile(None)
    assert entered


def test_random_moves_follow_random_seed_as_cs50s_do():
    def moves(engine):
        random.seed(2024)
        ai = MinesweeperAI(height=8, width=8, engine=engine)
        ai.add_knowledge((0, 0), 1)
        return [ai.make_random_move() for _ in range(20)]

    fallback = moves("fallback")
    assert fallback == moves("fallback") and len(set(fallback)) > 1 and (0, 0) not in fallback
    seeded = MinesweeperAI(height=8, width=8, seed=5)
    assert seeded.rng is not random  # a seeded AI keeps its own generator


def test_the_ai_says_which_engine_works_out_its_odds():
    assert MinesweeperAI().engine == "sweeper"  # inside the project, sweeper/ is there
    assert MinesweeperAI(engine="fallback").engine == "fallback"
    with pytest.raises(ValueError, match="engine"):
        MinesweeperAI(engine="fast")


def test_a_guess_is_the_safest_cell_by_either_engine():
    # 4 rows of 3, 2 mines; B2 shows 1: one mine among its 8 neighbours (1/8
    # each), so the other lies on row 4, off the frontier (1/3 each).
    for engine in ("sweeper", "fallback"):
        ai = MinesweeperAI(4, 3, 2, engine=engine)
        ai.add_knowledge((1, 1), 1)
        odds = ai.mine_probabilities()
        assert odds[(3, 0)] == odds[(3, 1)] == odds[(3, 2)] == Fraction(1, 3)
        assert {odds[c] for c in ai.knowledge[0].cells} == {Fraction(1, 8)}
        assert ai.make_random_move() in ai.knowledge[0].cells


def test_a_pygame_window_shaped_like_cs50s_plays_the_file_alone(tmp_path):
    # tests/cs50_window.py draws every frame (is_mine for each cell) and presses AI Move.
    shutil.copy(ROOT / "minesweeper.py", tmp_path)
    shutil.copy(ROOT / "tests" / "cs50_window.py", tmp_path)
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [sys.executable, "cs50_window.py", "--auto", "20"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.splitlines()[-1])
    assert found["engine"] == "fallback" and len(found["games"]) == 20
    assert "won" in found["games"] and found["is_mine"] >= 64 * 20 * 3
