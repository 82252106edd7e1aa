"""Board sets: reading and writing them, turning boards, the same-board comparison's figures."""

from __future__ import annotations

from pathlib import Path

import pytest

import benchmark
from bench import paired, replay, sets, stats
from sweeper import cell_name
from sweeper.boardsets import read_board_set, seen_from, symmetries, turned
from sweeper.game import Game, derive_seed
from sweeper.notation import parse_board

# The table, counted on the shared sets by an independent script:
# (both won, only ours, only theirs, neither) -> difference, interval, McNemar p.
SHARED = [
    ((6420, 1733, 1860, 9987), -0.64, (-1.22, -0.05), 0.036),
    ((2327, 361, 385, 1927), -0.48, (-1.55, 0.59), 0.40),
    ((14222, 1497, 1462, 2819), 0.18, (-0.36, 0.71), 0.53),
]


@pytest.mark.parametrize(("counts", "difference", "interval", "p"), SHARED)
def test_paired_figures_match_the_published_table(counts, difference, interval, p) -> None:
    delta, low, high = stats.paired_interval(*counts)
    # The table prints two decimals (-0.635 shows as -0.64).
    assert 100 * delta == pytest.approx(difference, abs=0.006)
    assert 100 * low == pytest.approx(interval[0], abs=0.006)
    assert 100 * high == pytest.approx(interval[1], abs=0.006)
    both, only_ours, only_theirs, _ = counts
    assert stats.mcnemar_p(only_ours, only_theirs) == pytest.approx(p, abs=0.005)


def test_mcnemar_exact_on_tiny_counts() -> None:
    # 6 discordant boards all one way: 2 x (1/2)^6. Equal counts: no evidence at all.
    assert stats.mcnemar_p(0, 6) == 2 / 64
    assert stats.mcnemar_p(3, 3) == 1.0
    assert stats.mcnemar_p(0, 0) == 1.0
    # 1 against 4: 2 x (C(5,0) + C(5,1)) / 32 = 12/32.
    assert stats.mcnemar_p(1, 4) == 12 / 32


def test_a_hand_made_set_is_compared_board_by_board(tmp_path: Path) -> None:
    # Four boards of a 3x3 with one mine; the file says the other solver won
    # boards 0 and 1. The mine sits in the far corner or in the middle.
    lines = [
        "# test width=3 height=3 mines=1 rule=safe seed=0 games_requested=4",
        "# columns: idx result first_row first_col cpu_ns game_seed mines_hex",
        "0 W 0 0 1000000 11 100",  # bit 8: (2,2)
        "1 W 0 0 3000000 12 10",  # bit 4: (1,1)
        "2 L 0 0 2000000 13 100",
        "3 L 0 0 2000000 14 10",
        "# end games=4 wins=2",
    ]
    path = tmp_path / "set.txt"
    path.write_text("\n".join(lines) + "\n")
    header, boards = read_board_set(path)
    results = sets.play_board_set(header, boards, jobs=1)
    report = paired.paired_report(results)
    ours = [r.won for r in results]
    assert report["boards"] == 4 and report["ours"] == sum(ours)
    assert report["both"] == sum(ours[:2]) and report["only_ours"] == sum(ours[2:])
    assert report["only_theirs"] == 2 - sum(ours[:2])
    assert report["their_cpu_ms"]["mean"] == pytest.approx(2.0)
    assert report["their_cpu_ms"]["slowest"] == pytest.approx(3.0)


def test_a_written_set_holds_the_seeded_games_and_plays_those_boards(tmp_path: Path) -> None:
    path = tmp_path / "ours.txt"
    sets.write_board_set(path, (9, 9, 10), "safe", 5, 12)
    header, boards = read_board_set(path)
    listed = list(boards)
    assert (header.height, header.width, header.mines, header.rule) == (9, 9, 10, "safe")
    assert [b.index for b in listed] == list(range(12))
    for board in listed:
        seed = derive_seed(5, board.index)
        game = Game(9, 9, 10, seed=seed, first_click="safe")
        game.reveal(board.first)
        assert board.mines == frozenset(game.mines) and board.game_seed == seed
        assert board.won is None
    # Played from the file, each board is exactly the seeded game's board.
    header, boards = read_board_set(path)
    results = sets.play_board_set(header, boards, jobs=1)
    assert not any(r.turned or r.skipped or r.crash for r in results)
    report = paired.paired_report(results)
    assert "theirs" not in report  # nothing recorded to compare with


def test_jobs_do_not_change_a_set_s_results(tmp_path: Path) -> None:
    path = tmp_path / "ours.txt"
    sets.write_board_set(path, (9, 9, 10), "safe", 2, 30)
    outcomes = []
    for jobs in (1, 2):
        header, boards = read_board_set(path)
        results = sets.play_board_set(header, boards, jobs=jobs)
        outcomes.append([(r.index, r.won, r.guesses) for r in results])
    assert outcomes[0] == outcomes[1]


@pytest.mark.parametrize(("height", "width"), [(4, 6), (5, 5)])
def test_turning_a_board_keeps_it_the_same_board(height: int, width: int) -> None:
    mines = frozenset({(0, 1), (1, 3), (height - 1, 0), (2, width - 1)})
    for symmetry in symmetries(height, width):
        board = turned(mines, symmetry, height, width)
        assert len(board) == len(mines)
        original = Game.from_mines(height, width, mines)
        seen = Game.from_mines(height, width, board)
        for r in range(height):
            for c in range(width):
                theirs = symmetry((r, c))
                assert ((r, c) in board) == (theirs in mines)
                assert seen.nearby_mines((r, c)) == original.nearby_mines(theirs)


def test_a_first_click_no_symmetry_reaches_is_reported_not_played(tmp_path: Path) -> None:
    assert seen_from((0, 0), (0, 5), 4, 6) is not None  # a flip
    assert seen_from((0, 0), (1, 1), 4, 6) is None
    path = tmp_path / "set.txt"
    path.write_text(
        "# t width=6 height=4 mines=1 rule=safe seed=0\n0 W 1 1 5 0 800000\n# end games=1\n"
    )
    header, boards = read_board_set(path)
    (result,) = sets.play_board_set(header, boards, jobs=1)
    assert result.skipped and "B2" in result.skipped
    assert paired.paired_report([result])["boards"] == 0


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "empty"),
        ("# t width=3 height=3 rule=safe\n", "mines="),
        ("# t width=3 height=3 mines=1 rule=safe\n0 W 0 0 1 2\n", "line 2: expected 7 fields"),
        ("# t width=3 height=3 mines=1 rule=safe\n0 W 0 0 1 2 zz\n", "line 2"),
        ("# t width=3 height=3 mines=1 rule=safe\n0 W 0 0 1 2 3\n", "2 mines"),
        ("# t width=3 height=3 mines=1 rule=safe\n0 W 9 0 1 2 100\n", "off the board"),
        ("# t width=3 height=3 mines=1 rule=safe\n0 W 0 0 1 2 1000\n", "beyond"),
        ("# t width=300 height=3 mines=1 rule=safe\n", "limits"),
        ("# t width=3 height=3 mines=1 rule=wild\n", "rule"),
    ],
)
def test_a_bad_set_file_names_the_line_and_the_problem(
    tmp_path: Path, text: str, words: str
) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(text)
    with pytest.raises(ValueError, match=words):
        header, boards = read_board_set(path)
        list(boards)


def test_the_command_line_plays_a_set_and_writes_per_board_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    boards = tmp_path / "set.txt"
    assert (
        benchmark.main(["--board", "beginner", "--games", "6", "--write-boards", str(boards)]) == 0
    )
    per_board = tmp_path / "per.txt"
    code = benchmark.main(
        ["--boards", str(boards), "--jobs", "1", "--limit", "4", "--per-board", str(per_board)]
    )
    assert code == 0
    lines = per_board.read_text().splitlines()
    assert lines[0].startswith("#") and len(lines) == 5
    assert [int(line.split()[0]) for line in lines[1:]] == [0, 1, 2, 3]
    assert "4 boards played" in capsys.readouterr().out
    # A start past the set's last board is a mistake to say, not an empty table.
    assert benchmark.main(["--boards", str(boards), "--jobs", "1", "--start", "6"]) == 2
    said = capsys.readouterr()
    assert "no board at index 6" in said.err and "of 6" in said.err and not said.out


def test_two_per_board_files_are_compared_board_by_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Boards 0-5 in both runs: both won 0, 1; only before 2; only after 3, 4; both lost 5.
    # Board 6 is in one file only; board 7 was skipped in one run.
    before = tmp_path / "before.txt"
    after = tmp_path / "after.txt"
    before.write_text(
        "# index won guesses cpu_s\n0 1 2 0.010\n1 1 0 0.020\n2 1 1 0.030\n"
        "3 0 1 0.040\n4 0 2 0.050\n5 0 3 0.060\n6 1 0 0.070\n7 1 0 0.080\n"
    )
    after.write_text(
        "0 1 2 0.001\n1 1 0 0.002\n2 0 1 0.003\n3 1 1 0.004\n4 1 2 0.005\n5 0 3 0.006\n"
        "7 0 0 0 skipped: no symmetry\n"
    )
    report = paired.compare_report(before, after)
    assert (report["boards"], report["unpaired"]) == (6, 2)
    assert (report["before"], report["after"]) == (3, 4)
    assert (report["both"], report["only_before"], report["only_after"]) == (2, 1, 2)
    assert report["neither"] == 1 and report["mcnemar_p"] == 1.0  # 2 against 1 of 3: p = 1
    assert report["difference"] == pytest.approx(1 / 6)
    assert report["before_cpu_ms"]["mean"] == pytest.approx(35.0)
    assert benchmark.main(["--compare", str(before), str(after)]) == 0
    out = capsys.readouterr().out
    assert "only before 1, only after 2" in out and "2 in one file only" in out
    after.write_text("0 1 2 0.001\n1 yes 0 0.002\n")
    assert benchmark.main(["--compare", str(before), str(after)]) == 2
    assert "after.txt, line 2" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--boards", "/no/such/set.txt"], "/no/such/set.txt: no such file"),
        (["--boards", "/tmp"], "/tmp is not a file"),
        (["--compare", "/no/such/a.per", "/no/such/b.per"], "/no/such/a.per: no such file"),
        (["--games", "2000000"], "at most"),
        (["--board", "9x99999999x3"], "not a board"),
        (["--board", "60x9x3"], "1 to 50 rows"),
        (["--per-board", "x.txt"], "go with --boards"),
        (["--boards", "x", "--per-board", "/no/such/folder/x.txt"], "cannot write"),
    ],
)
def test_bad_set_arguments_exit_2_with_a_message(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        code = benchmark.main(argv)
    except SystemExit as exit_info:
        code = exit_info.code
    assert code == 2
    assert words in capsys.readouterr().err


def test_too_many_jobs_are_capped_with_a_message(capsys: pytest.CaptureFixture[str]) -> None:
    args = benchmark.parse_args(["--jobs", "1000", "--games", "1"])
    assert 1 <= args.jobs <= 1000
    assert "using" in capsys.readouterr().err


# -- the boards that remain: only theirs, and our game on one to a guess ------------


def test_the_boards_only_the_other_side_won_are_listed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ours = tmp_path / "ours.txt"
    ours.write_text("# index won guesses cpu\n0 1 0 0.1\n1 0 2 0.1\n2 0 1 0.1\n3 1 1 0.1\n")
    other_run = tmp_path / "theirs.txt"
    other_run.write_text("0 0 0 0.1\n1 1 2 0.1\n2 0 1 0.1\n3 1 1 0.1\n4 1 0 0.1\n")
    assert replay.only_theirs(ours, other_run) == ([1], 4)
    # A board set's recorded results serve as the other side: W on 0, 1, 2; L on 3.
    board_set = tmp_path / "set.txt"
    board_set.write_text(
        "# t width=3 height=3 mines=1 rule=safe seed=0\n"
        "0 W 0 0 1 0 100\n1 W 0 0 1 0 100\n2 W 0 0 1 0 10\n3 L 0 0 1 0 10\n# end games=4\n"
    )
    assert replay.only_theirs(ours, board_set) == ([1, 2], 4)
    assert benchmark.main(["--only-theirs", str(ours), str(board_set)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 of 4 boards won by set.txt and lost by ours.txt:")
    assert "\n  1 2\n" in out and "--replay 1" in out


def test_a_replay_stops_before_our_guess_and_gives_its_odds_and_the_position(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "ours.txt"
    sets.write_board_set(path, (9, 9, 10), "safe", 5, 12)
    header, boards = read_board_set(path)
    played = {r.index: r for r in sets.play_board_set(header, boards, jobs=1)}
    index = next(k for k, r in played.items() if r.guesses >= 2)
    found = replay.replay(path, index)
    # The same game as --boards plays: the same result and the same guesses.
    assert found.won == played[index].won and len(found.guesses()) == played[index].guesses
    second = found.guesses()[1]
    assert second.decision is not None and second.decision.cell == second.cell
    report, position = replay.format_replay(found, 2, path.name)
    assert f"guess 2 (move {found.moments.index(second) + 1}): {cell_name(second.cell)}" in report
    assert f"chance of a mine {second.decision.probability}" in report
    # The position opens in the window: the board before the guess, its mines hidden.
    text = parse_board(position)
    assert text.title == f"Board {index} of ours.txt: before guess 2"
    # What the guess was is the teacher's to know: on a line the window never shows.
    assert f"# Teacher: our guess was {cell_name(second.cell)}" in position
    assert cell_name(second.cell) not in text.title
    assert second.cell not in text.revealed and "*" not in position
    game = Game.from_text(position)
    assert game.mines == text.mines and len(game.mines) == 10
    before = found.moments.index(second)
    assert sorted(text.revealed) == sorted(Game.from_text(found.moments[before].before).revealed)
    out = tmp_path / "position.txt"
    argv = ["--boards", str(path), "--replay", str(index), "--guess", "2"]
    assert benchmark.main([*argv, "--position-out", str(out)]) == 0
    assert out.read_text() == position and "runner.py --position" in capsys.readouterr().out
    assert benchmark.main([*argv[:4], "--guess", "99"]) == 2
    assert "there is no guess 99" in capsys.readouterr().err


def test_the_heading_says_which_boards_and_which_ai(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "ours.txt"
    assert benchmark.main(["--board", "4x4x2", "--games", "30", "--write-boards", str(out)]) == 0
    capsys.readouterr()
    argv = ["--boards", str(out), "--start", "10", "--limit", "5", "--jobs", "1"]
    assert benchmark.main([*argv, "--without", "search"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert "boards 10 to 14" in first and "without search" in first
    assert (
        benchmark.main(
            ["--board", "4x4x2", "--games", "4", "--jobs", "1", "--without", "lookahead"]
        )
        == 0
    )
    assert capsys.readouterr().out.splitlines()[0].endswith("; the AI without lookahead")
