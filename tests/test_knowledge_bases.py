"""CS50's knowledge base in plain sets (minesweeper.py) and the fast one in bit masks say the same.

The two are told the same numbers of the same seeded games, call by call,
and after every call they hold the same known mines and safe cells, the
same sentences in the same order, and the same new steps (rule, premises,
conclusion and the rest of each step's record) in the same order: the
plain one looks at a sentence's neighbours cell by cell in reading order,
as the fast one's index files them, so even the order agrees and nothing
needs comparing as sets. Longer runs: python -m bench.differential.
"""


from bench.differential import play_both
from minesweeper import MinesweeperAI
from sweeper.game import Game
from sweeper.solver import Solver


def test_the_two_knowledge_bases_agree_call_by_call_on_a_thousand_games():
    # About 5 s of CPU; bench.differential runs more (docs/ai.md has its figure).
    calls = steps = 0
    for seed in range(1000):
        told, learned = play_both(seed)
        calls, steps = calls + told, steps + learned
    assert calls > 20_000 and steps > 80_000, (calls, steps)


def test_the_two_ais_make_the_same_moves_and_steps_with_counting_and_guesses():
    # make_move: learning by counting, the engine's choice and the move's step, as the window
    # plays them; on expert boards (every fourth seed) as well as CS50's.
    rules = set()
    for seed in range(12):
        h, w, m = (16, 30, 99) if seed % 4 == 0 else (8, 8, 10)
        game = Game(h, w, m, seed=seed, first_click="safe")
        plain = MinesweeperAI(h, w, m, first_click="safe")
        fast = Solver(h, w, m, first_click="safe")
        while not game.is_over():
            move = plain.make_move()
            assert move == fast.make_move() and plain.last_decision == fast.last_decision
            if move is None:
                break
            shown = game.reveal(move).revealed
            plain.add_reveal(shown)
            fast.add_reveal(shown)
            assert plain.mine_probabilities() == fast.mine_probabilities()
        assert list(plain.steps) == list(fast.steps)
        rules |= {s.rule for s in plain.steps} | {
            s.decision.strategy for s in plain.steps if s.decision
        }
        for cell in plain.safes:
            assert plain.why_safe(cell) == fast.why_safe(cell)
            assert plain.proved_by(cell) == fast.proved_by(cell)
        for k in range(-1, len(fast.steps), 7):
            assert plain.knowledge_after(k) == fast.knowledge_after(k)
    # every rule of both, and guesses as well as safe moves, were compared
    assert {"clue", "known", "zero", "full", "subset", "given", "enumeration", "move"} <= rules
    assert "known safe" in rules and rules & {"look-ahead", "lowest", "search", "fifty-fifty"}


def test_a_lesson_plays_the_same_in_the_window_whichever_knowledge_base_runs(monkeypatch):
    # The window reads an AI through sweeper/agent.py's Agent; put CS50's in the Solver's place.
    from pathlib import Path

    import window.session
    from window.app import App
    from window.lesson import groups

    root = Path(window.session.__file__).resolve().parent.parent
    for path in sorted((root / "assets" / "positions").glob("0*.txt")):
        text = path.read_text(encoding="utf-8")
        seen = []
        for ai in (Solver, MinesweeperAI):
            monkeypatch.setattr(window.session, "MinesweeperAI", ai)
            app = App.from_position(text, name=path.name)
            assert type(app.ai) is ai
            said = [app.do("ai").said for _ in range(6)]
            session = app.session
            lesson = groups(app.ai.steps, app.ai.revealed, session.batches)
            seen.append((list(app.ai.steps), lesson, said, app.game.to_text()))
        assert seen[0] == seen[1], path.name


def test_cs50_s_steps_are_the_same_records_as_the_model_s_when_sweeper_is_there():
    # Alone, minesweeper.py makes steps of its own Step and Rule: the same fields, in order.
    import dataclasses

    import minesweeper
    import sweeper.records

    model = [(f.name, f.default) for f in dataclasses.fields(sweeper.records.Step)]
    assert list(minesweeper.Step._fields) == [name for name, _ in model]
    assert minesweeper.Step._field_defaults == {
        n: d for n, d in model if d is not dataclasses.MISSING
    }
    ai = MinesweeperAI(3, 3, engine="fallback")
    ai.add_knowledge((0, 0), 0)
    assert {type(s) for s in ai.steps} == {minesweeper.Step}
    with_model = MinesweeperAI(3, 3)
    with_model.add_knowledge((0, 0), 0)
    assert [tuple(getattr(s, n) for n, _ in model) for s in ai.steps] == [
        tuple(getattr(s, n) for n, _ in model) for s in with_model.steps
    ]
