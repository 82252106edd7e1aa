"""benchmark.py: smoke runs on a few small games, the statistics, the command line."""

from __future__ import annotations

import ast
import io
import json
import random
import statistics
import time
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

import benchmark
from bench import play, runs, stats
from bench.figures import Spread, problems, summarise
from sweeper import Decision, cell_name
from sweeper.board import FIRST_CLICK_RULES
from sweeper.game import Game, derive_seed
from sweeper.solver import Solver

ROOT = Path(__file__).resolve().parent.parent

Z2 = stats.Z95**2  # 3.841459...


# -- statistics ----------------------------------------------------------------


def test_wilson_none_won() -> None:
    # 0 of 10: the lower end is 0 and the upper end is z^2 / (n + z^2)
    # = 3.841459 / 13.841459 = 0.277533.
    low, high = stats.wilson(0, 10)
    assert low == 0
    assert high == pytest.approx(0.277533, abs=1e-6)


def test_wilson_all_won() -> None:
    # 10 of 10 mirrors 0 of 10: the lower end is n / (n + z^2) = 10 / 13.841459 = 0.722467.
    low, high = stats.wilson(10, 10)
    assert low == pytest.approx(0.722467, abs=1e-6)
    assert high == pytest.approx(1.0)


def test_wilson_half_won() -> None:
    # 50 of 100: centre (0.5 + z^2/200) / (1 + z^2/100) = 0.5;
    # half-width z / 1.0384146 * sqrt(0.25/100 + z^2/40000) = 1.887452 * 0.050951 = 0.096168.
    low, high = stats.wilson(50, 100)
    assert low == pytest.approx(0.403832, abs=1e-5)
    assert high == pytest.approx(0.596168, abs=1e-5)


def test_wilson_no_games_knows_nothing() -> None:
    assert stats.wilson(0, 0) == (0.0, 1.0)


def test_percentile_nearest_rank() -> None:
    ordered = [float(x) for x in range(1, 101)]
    assert stats.percentile(ordered, 0.5) == 50
    assert stats.percentile(ordered, 0.99) == 99
    assert stats.percentile(ordered, 1.0) == 100
    assert stats.percentile([7.0], 0.99) == 7


def test_chunks_cover_every_game_once() -> None:
    for games, jobs in [(1, 4), (7, 2), (100, 3), (1000, 2)]:
        spans = list(runs.chunks(games, jobs))
        covered = [i for a, b in spans for i in range(a, b)]
        assert covered == list(range(games))
        assert max(b - a for a, b in spans) <= runs.CHUNK_MAX


def test_game_seeds_depend_on_seed_and_index() -> None:
    seeds = {derive_seed(s, i) for s in (1, 2) for i in range(50)}
    assert len(seeds) == 100
    assert derive_seed(1, 0) == derive_seed(1, 0)


# -- games -----------------------------------------------------------------------


def test_same_seed_same_results_whatever_the_jobs() -> None:
    args = ((8, 8, 8), "safe", 5, 6, ("tank", "cs50"))
    one = runs.run_games(*args, jobs=1)
    two = runs.run_games(*args, jobs=2)
    assert [r.outcome() for r in one] == [r.outcome() for r in two]
    assert [(r.index, r.player) for r in one] == [
        (i, p) for i in range(6) for p in ("tank", "cs50")
    ]


def test_a_different_seed_gives_different_games() -> None:
    first = runs.run_games((5, 5, 6), "safe", 1, 8, ("cs50",), jobs=1)
    other = runs.run_games((5, 5, 6), "safe", 2, 8, ("cs50",), jobs=1)
    assert [r.outcome()[2:] for r in first] != [r.outcome()[2:] for r in other]


@pytest.mark.parametrize("rule", ["safe", "opening", "none"])
def test_games_end_cleanly_with_no_safe_call_error(rule: str) -> None:
    records = runs.run_games((6, 6, 6), rule, 3, 5, ("tank", "cs50"), jobs=1)
    for r in records:
        assert r.safe_errors == 0 and not r.stuck and not r.crash
        assert len(r.move_ms) == sum(r.kinds.values()) >= 1
    assert problems(records) == []


def test_first_click_rule_reaches_the_ai(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []

    class Spy(Solver):
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, **kwargs)  # type: ignore[arg-type]
            seen.append(self.first_click)
            assert self.total_mines == 6

    monkeypatch.setattr(runs, "Solver", Spy)
    runs.play_one(0, 1, (6, 6, 6), "opening", "tank")
    assert seen == ["opening"]


def test_a_guess_passed_off_as_safe_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    class Liar(Solver):
        def make_move(self):  # type: ignore[no-untyped-def]
            cell = super().make_move()
            if self.last_decision is not None and self.last_decision.is_guess:
                self.last_decision = replace(
                    self.last_decision, strategy="known safe", probability=Fraction(0)
                )
            return cell

    monkeypatch.setattr(runs, "Solver", Liar)
    # On 5x5 with 10 mines the tank loses most games, every loss to a guess.
    records = runs.run_games((5, 5, 10), "safe", 1, 8, ("tank",), jobs=1)
    lost = [r for r in records if not r.won]
    assert lost and all(r.safe_errors >= 1 for r in lost)
    assert len(problems(records)) == len(lost)


def test_a_wrong_cell_in_the_ai_sets_is_caught() -> None:
    game = Game(6, 6, 4, seed=1, first_click="none")
    ai = Solver(6, 6, 4)
    safe = next(c for c in game.cells() if c not in game.mines)

    def misbelieving(ai: Solver) -> tuple[None, str]:
        ai.mines.add(safe)
        return None, ""

    played = play.play(game, ai, misbelieving)
    assert played.stuck and played.safe_errors == 1


def test_a_crash_is_recorded_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: Solver) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(Solver, "make_move", broken)
    record = runs.play_one(0, 1, (6, 6, 4), "safe", "tank")
    assert record.crash == "RuntimeError: boom" and not record.won


def test_the_fatal_click_is_named_by_its_kind_and_odds() -> None:
    ai = Solver(4, 4, 3)
    ai.last_decision = Decision((0, 1), "lowest", Fraction(1, 2))
    assert play.fatal_click(ai, "guess", 0) == "a 50/50"
    assert play.fatal_click(ai, "guess", 3) == "a 50/50"
    ai.last_decision = Decision((0, 1), "look-ahead", Fraction(1, 3))
    assert play.fatal_click(ai, "guess", 0) == "first guess"
    assert play.fatal_click(ai, "guess", 1) == "later guess"
    assert play.fatal_click(ai, "first", 0) == "first click"
    assert play.fatal_click(ai, "proven", 2) == "a safe call"
    ai.last_decision = None  # the cs50 player: a random guess, odds unknown
    assert play.fatal_click(ai, "guess", 0) == "first guess"


@pytest.mark.parametrize("rule", ["safe", "none"])
def test_every_lost_game_is_counted_once_by_its_fatal_click(rule: str) -> None:
    records = runs.run_games((5, 5, 7), rule, 4, 40, ("tank", "cs50"), jobs=1)
    for r in records:
        assert (r.lost_on == "") == r.won, (r.index, r.player, r.lost_on)
        assert r.lost_on in ("",) + play.LOSSES
    found = summarise(records)
    for player, f in found.items():
        assert sum(f["losses"].values()) == f["games"] - f["wins"] > 0, player
        assert f["losses"]["a safe call"] == 0
    assert "a 50/50" not in found["cs50"]["losses"]
    if rule == "safe":
        assert found["tank"]["losses"]["first click"] == 0


# -- the command line --------------------------------------------------------------


def test_json_output_has_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    code = benchmark.main(
        ["--board", "6x6x5", "--games", "4", "--seed", "2", "--jobs", "1", "--json"]
    )
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["board"] == {"name": "6x6x5", "height": 6, "width": 6, "mines": 5}
    assert (report["rule"], report["games"], report["seed"]) == ("safe", 4, 2)
    assert report["ok"] is True and report["problems"] == []
    assert list(report["players"]) == ["tank", "cs50"]
    for figures in report["players"].values():
        assert figures["games"] == 4 and 0 <= figures["wins"] <= 4
        low, high = figures["ci95"]
        assert low <= figures["win_rate"] <= high
        assert set(figures["ms_per_move"]) == {"p50", "p99", "max"}
        assert set(figures["ms_per_game"]) == {"mean", "median"}
        assert figures["ms_per_move"]["p50"] <= figures["ms_per_move"]["max"]
        assert figures["kinds"]["first"] == 4
        assert figures["safe_call_errors"] == 0 and figures["crashes"] == 0
        assert figures["guesses_per_game"] == figures["kinds"]["guess"] / 4


def test_players_option_chooses(capsys: pytest.CaptureFixture[str]) -> None:
    assert benchmark.main(["--board", "cs50", "--games", "2", "--players", "cs50", "--json"]) == 0
    assert list(json.loads(capsys.readouterr().out)["players"]) == ["cs50"]


def test_table_shows_both_columns(capsys: pytest.CaptureFixture[str]) -> None:
    assert benchmark.main(["--board", "beginner", "--games", "3", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "beginner 9x9 with 10 mines" in out and "seed 1" in out
    assert benchmark.main(["--board", "5x5x3", "--games", "2", "--jobs", "1"]) == 0
    assert capsys.readouterr().out.startswith("5x5 with 3 mines, first click 'safe'")
    header = next(line for line in out.splitlines() if "tank" in line)
    assert header.split() == ["tank", "cs50"]
    assert "95% interval" in out and "safe-call errors" in out and "OK:" in out


def test_the_tables_heading_counts_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    # It once said "1 jobs".
    assert benchmark.main(["--board", "3x3x1", "--games", "1", "--jobs", "1"]) == 0
    heading = capsys.readouterr().out.splitlines()[0]
    assert heading.startswith("3x3 with 1 mine, first click 'safe': 1 game, seed 1, 1 job, ")
    assert benchmark.main(["--board", "3x3x2", "--games", "2", "--jobs", "2"]) == 0
    assert ": 2 games, seed 1, 2 jobs, " in capsys.readouterr().out.splitlines()[0]


def test_failures_exit_1_loudly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(Solver, "make_safe_move", lambda self: None)
    monkeypatch.setattr(Solver, "make_random_move", lambda self: None)
    argv = ["--board", "cs50", "--games", "2", "--players", "cs50", "--json"]
    assert benchmark.main(argv) == 1
    captured = capsys.readouterr()
    report = json.loads(captured.out)
    assert report["ok"] is False and report["players"]["cs50"]["stuck"] == 2
    assert [p["game"] for p in report["problems"]] == [0, 1]
    assert "FAILED: 2 games" in captured.err


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--board", "huge"], "is not a board"),
        (["--board", "3x3x10"], "do not fit"),
        (["--board", "3x3x9", "--rule", "safe"], "do not fit"),
        (["--board", "3x3x1", "--first-click", "opening"], "do not fit"),
        (["--board", "0x4x1"], "1 to 50 rows"),
        (["--rule", "maybe"], "invalid choice"),
        (["--games", "0"], "1 or more"),
        (["--jobs", "two"], "1 or more"),
        (["--seed", "one"], "invalid int"),
        (["--players", "tank,human"], "at most once"),
    ],
)
def test_bad_arguments_exit_2_with_a_message(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        benchmark.main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    (line,) = err.splitlines()  # one line, no usage block before it
    assert line.startswith("benchmark.py: error: ") and line.endswith(" (see --help)")


def test_the_help_explains_every_option_the_players_and_the_defaults(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as stop:
        benchmark.main(["--help"])
    assert stop.value.code == 0
    text = " ".join(capsys.readouterr().out.split())
    options = text.split(" options: ", 1)[1]
    bare = [a.option_strings for a in benchmark.build_parser()._actions if not a.help]
    assert bare == []
    assert "--seed SEED the run's seed" in options and "(default 1)" in options
    assert "--games GAMES games to play (default 1,000;" in options
    assert "tank, this project's AI (Solver.make_move" in text
    assert "cs50, CS50's plain knowledge base" in text


def test_every_file_the_help_names_is_in_the_project(capsys: pytest.CaptureFixture[str]) -> None:
    # It once sent a reader to ../shared/boards/README.md, which a clone does not have.
    import re
    from pathlib import Path

    with pytest.raises(SystemExit):
        benchmark.main(["--help"])
    named = re.findall(r"[\w./-]+\.(?:md|txt)\b", capsys.readouterr().out)
    root = Path(benchmark.__file__).resolve().parent
    inside = [(root / name).resolve() for name in named]
    assert named and [p for p in inside if root not in p.parents or not p.is_file()] == []


def test_named_and_custom_boards() -> None:
    assert benchmark.board_named("expert", "safe") == ("expert", (16, 30, 99))
    assert benchmark.board_named("Expert", "safe") == ("expert", (16, 30, 99))
    assert benchmark.board_named("16x30x99", "safe") == ("16x30x99", (16, 30, 99))


# -- the progress bar ---------------------------------------------------------------


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_is_quiet_off_a_terminal() -> None:
    stream = io.StringIO()
    bar = runs.Progress(10, stream)
    bar.advance(3)
    bar.close()
    assert stream.getvalue() == ""


def test_progress_counts_games_on_a_terminal() -> None:
    stream = FakeTerminal()
    bar = runs.Progress(10, stream)
    bar.advance(3)
    bar.advance(7)
    bar.close()
    assert "3/10 games" in stream.getvalue() and "10/10 games" in stream.getvalue()


def test_without_builds_the_ai_without_those_strategies(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[str, ...]] = []

    class Spy(Solver):
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, **kwargs)  # type: ignore[arg-type]
            seen.append(tuple(type(s).__name__ for s in self.strategies))

    monkeypatch.setattr(runs, "Solver", Spy)
    runs.run_games((4, 4, 4), "safe", 1, 3, ("tank",), jobs=1, without=("search",))
    assert seen and all("Endgame" not in names and "Lowest" in names for names in seen)
    runs.run_games((4, 4, 4), "safe", 1, 3, ("tank",), jobs=1)
    assert "Endgame" in seen[-1]  # nothing lingers from the run before


def test_exact_mode_compares_the_ai_with_best_play(capsys: pytest.CaptureFixture[str]) -> None:
    # 3x3 with 2 mines under the safe rule: 28 placements after a first click.
    assert benchmark.main(["--exact", "--board", "3x3x2", "--jobs", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["best"]["boards"] == 28 == report["ai"]["boards"]
    assert report["ai"]["wins"] <= report["best"]["wins"]
    assert report["ratio"] == pytest.approx(report["ai"]["wins"] / report["best"]["wins"])
    assert benchmark.main(["--exact", "--board", "3x3x2", "--jobs", "1"]) == 0
    text = capsys.readouterr().out
    # Cells by their names on the board, as in README's table.
    assert text.startswith("3x3 with 2 mines, first click 'safe'")
    assert f"best play  first click {cell_name(tuple(report['best']['first_click']))}:" in text


def test_exact_mode_refuses_a_board_too_big_to_search(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        benchmark.main(["--exact", "--board", "beginner"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "too many to search" in err
    assert "about 1.6e+12 mine placements" in err


def test_a_spread_gives_quantiles_within_one_percent_in_fixed_room() -> None:
    rng = random.Random(5)
    values = [rng.lognormvariate(0, 2) for _ in range(50_000)] + [0.0] * 10
    spread = Spread()
    for v in values:
        spread.add(v)
    ordered = sorted(values)
    for q in (0.01, 0.5, 0.9, 0.99, 1.0):
        exact = stats.percentile(ordered, q)
        assert spread.quantile(q) == pytest.approx(exact, rel=0.01)
    assert spread.largest == max(values) and spread.count == len(values)
    assert spread.mean == pytest.approx(statistics.fmean(values))
    bins = len(spread.bins)
    for v in values:  # as many games again: no new room
        spread.add(v)
    assert len(spread.bins) == bins < 3000


def test_the_streamed_tally_matches_the_kept_records() -> None:
    args = ((6, 6, 6), "safe", 2, 12, ("tank", "cs50"))
    kept = summarise(runs.run_games(*args, jobs=1))
    streamed = {p: t.figures() for p, t in runs.tally_games(*args, jobs=1).items()}
    assert kept.keys() == streamed.keys()
    for player, figures in kept.items():
        other = streamed[player]
        for key in ("games", "wins", "moves", "kinds", "losses", "safe_call_errors", "crashes"):
            assert figures[key] == other[key]


def test_pool_workers_reset_sigterm_so_closing_the_pool_ends_them() -> None:
    # A process that started SDL hands its forked workers a SIGTERM handler that
    # only queues a quit event; closing a pool sends SIGTERM, and a worker that
    # survives it hangs the run (seen once in CI). Workers put the default back.
    import subprocess
    import sys
    from pathlib import Path

    code = (
        "import signal\nfrom bench import runs\n"
        "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
        "runs.ignore_interrupts()\n"
        "print(signal.getsignal(signal.SIGTERM) == signal.SIG_DFL,"
        " signal.getsignal(signal.SIGINT) == signal.SIG_IGN)\n"
    )
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=60
    )
    assert done.stdout.split() == ["True", "True"], done.stderr


def test_a_table_piped_to_a_reader_that_stopped_early_ends_without_a_traceback() -> None:
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    command = [sys.executable, "benchmark.py", "--board", "4x4x2", "--games", "4", "--jobs", "1"]
    reader_gone = subprocess.Popen(
        command, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert reader_gone.stdout is not None and reader_gone.stderr is not None
    reader_gone.stdout.close()  # the reader (such as head) stops before the table is written
    status = reader_gone.wait(timeout=120)
    assert status == 1 and reader_gone.stderr.read() == ""


# -- one board of nothing but mines, the first-click rules, guesses ----------------


def test_exact_on_a_board_of_nothing_but_mines_is_a_message(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # It once ended in an AssertionError traceback: the AI has no first click to make.
    code = benchmark.main(["--exact", "--rule", "none", "--board", "1x1x1", "--games", "1"])
    assert code == 2
    err = capsys.readouterr().err
    assert "every cell of a 1x1 board with 1 mines is a mine" in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("rule", FIRST_CLICK_RULES)
def test_every_first_click_rule_of_the_model_is_an_option(rule: str) -> None:
    assert benchmark.parse_args(["--first-click", rule]).rule == rule
    assert benchmark.parse_args(["--rule", rule]).rule == rule  # the older name still works


def test_the_summary_counts_every_guess_and_the_games_without_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    records = runs.run_games((6, 6, 5), "opening", 3, 20, ("tank",), jobs=1)
    assert (
        benchmark.main(
            ["--board", "6x6x5", "--first-click", "opening", "--seed", "3"]
            + ["--games", "20", "--players", "tank", "--json", "--jobs", "1"]
        )
        == 0
    )
    figures = json.loads(capsys.readouterr().out)["players"]["tank"]
    guesses = [r.guesses for r in records]
    assert figures["guesses"] == sum(guesses) > 0
    assert figures["games_without_guess"] == guesses.count(0) > 0
    assert figures["wins_without_guess"] == sum(r.won for r in records if not r.guesses)


# -- the shape of the code ------------------------------------------------------------

BENCH = sorted((ROOT / "bench").glob("*.py")) + [ROOT / "benchmark.py"]


def tells_an_ai(path: Path) -> bool:
    """True when a module calls some AI's add_reveal outside an add_reveal of its own.

    An AI made for play() (bench/differential.py's two knowledge bases as
    one) may pass a reveal on in its own add_reveal: play() still tells it.
    """
    tree = ast.parse(path.read_text())
    passed_on = {
        id(node)
        for f in ast.walk(tree)
        if isinstance(f, ast.FunctionDef) and f.name == "add_reveal"
        for node in ast.walk(f)
    }
    return any(
        isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and n.func.attr == "add_reveal"
        and id(n) not in passed_on
        for n in ast.walk(tree)
    )


def test_the_ai_is_told_what_a_reveal_shows_in_one_play_loop_only() -> None:
    telling = [
        p.name
        for p in BENCH
        if tells_an_ai(p)
        or ".reveal(" in p.read_text().replace("game.reveal(first)  # places the mines", "")
    ]
    assert telling == ["play.py"]


def test_the_model_imports_nothing_of_the_benchmark() -> None:
    for path in [*(ROOT / "sweeper").glob("*.py"), ROOT / "minesweeper.py"]:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = (
                    [a.name for a in node.names]
                    if isinstance(node, ast.Import)
                    else [node.module or ""]
                )
                assert not any(n.split(".")[0] in ("bench", "benchmark") for n in names), path


def test_a_no_guess_run_says_how_long_a_board_takes_to_deal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A no-guess board is searched for at the first click: that time is the
    # first reveal's, kept apart from the moves, and shown per board.
    args = ["--board", "beginner", "--first-click", "no-guess", "--games", "6", "--jobs", "1"]
    assert benchmark.main([*args, "--players", "tank", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)["players"]["tank"]
    deal = figures["ms_per_deal"]
    assert 0 < deal["p50"] <= deal["max"] and figures["wins"] == 6 and figures["guesses"] == 0
    # The time is the first reveal's: a slower deal shows in it, not in the moves.
    dealt = Game.reveal

    def slow_first_reveal(game: Game, cell: tuple[int, int]) -> object:
        if not game.revealed:
            time.sleep(0.05)
        return dealt(game, cell)

    monkeypatch.setattr(Game, "reveal", slow_first_reveal)
    assert benchmark.main([*args, "--players", "tank"]) == 0
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if line.startswith("deal ms p50"))
    assert float(row.split()[-1]) >= 50
