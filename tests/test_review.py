"""A finished game judged click by click (sweeper/review.py), held against brute force."""

import itertools
import random
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from sweeper.board import flood, neighbours
from sweeper.review import Action, Record, read_record, review, write_record


def placements(height, width, revealed, total):
    """Return every set of hidden cells that keeps every open number and the total."""
    hidden = [(i, j) for i in range(height) for j in range(width) if (i, j) not in revealed]
    return [
        set(mines)
        for mines in itertools.combinations(hidden, total)
        if all(
            sum(n in mines for n in neighbours(c, height, width)) == shown
            for c, shown in revealed.items()
        )
    ]


def test_a_safe_click_through_a_subset_inference():
    # C1 opens ground; B1 = 1 over {A1, A2} inside B2 = 1 over {A1, A2, A3}: A3 is safe.
    record = read_record("#= rule none\n.*.*\n...*\n...*\n#= click C1\n#= click A3\n")
    first, second = review(record).clicks
    assert first.word == "guess"  # no number yet, and the rule 'none' keeps nothing clear
    assert second.word == "safe" and second.chance == 0
    assert second.verdicts[0].rule == "subset"


def test_the_mine_counter_decides_a_safe_click():
    record = read_record("#= rule none\n..**.\n.....\n.....\n#= click B4\n#= click A1\n")
    clicks = review(record).clicks
    assert clicks[1].word == "safe" and clicks[1].verdicts[0].rule == "mine count"


def test_a_risk_taken_with_a_certain_cell_on_the_board():
    # B3 shows 2 and both mines are around it, so A1, B1 and C1 are safe by the count; B4 is not.
    record = read_record("#= rule none\n..*.\n....\n..*.\n#= click B3\n#= click B4\n")
    risk = review(record).clicks[1]
    assert risk.word == "risk" and risk.chance == Fraction(2, 8)
    assert risk.certain in {(0, 0), (1, 0), (2, 0)}
    assert not risk.lost


def test_a_forced_guess_names_the_lowest_chance_and_the_ais_choice():
    record = read_record("#= rule none\n*....\n.....\n...*.\n#= click B3\n#= click B1\n")
    guess = review(record).clicks[1]
    assert guess.word == "guess"
    assert guess.lowest is not None and guess.lowest <= guess.chance
    assert guess.best is not None


def test_the_losing_click_is_marked_and_the_luck_multiplies_the_chances_taken():
    record = read_record("#= rule none\n..*.\n....\n..*.\n#= click B3\n#= click C3\n")
    done = review(record)
    assert done.lost_on is done.clicks[1] and done.clicks[1].lost
    assert done.counts == {"safe": 0, "risk": 1, "guess": 1}
    expected = (1 - done.clicks[0].chance) * (1 - done.clicks[1].chance)
    assert done.luck == expected


def test_the_first_click_is_safe_by_a_rule_that_keeps_it_clear():
    record = read_record("#= rule safe\n*....\n.....\n...*.\n#= click B3 0\n")
    assert review(record).clicks[0].word == "safe"


def test_a_chord_is_judged_by_the_cells_it_opens():
    # B1 shows 1 (A1 is its mine). Flag A1, chord B1: it opens A2 and B2, safe by the full rule
    # only if the flag is right, and flags are not trusted: A2 and B2 are judged as they stand.
    text = "#= rule none\n*...\n....\n...*\n#= click C1\n#= flag A1\n#= chord B1\n"
    record = read_record(text)
    clicks = review(record).clicks
    chord = clicks[-1]
    assert chord.action.kind == "chord"
    assert set(chord.opened) <= {(0, 1), (1, 1), (0, 0)}
    assert len(chord.verdicts) == len(chord.opened)


def test_each_click_keeps_the_flags_before_it_and_the_review_the_board_at_the_end():
    text = "#= rule none\n*...\n....\n...*\n#= click C1\n#= flag A1\n#= chord B1\n"
    done = review(read_record(text))
    first, chord = done.clicks
    assert first.flags == frozenset() and chord.flags == {(0, 0)}
    assert dict(done.revealed).keys() == dict(chord.revealed).keys() | set(chord.opened)
    assert done.flags == {(0, 0)}


def test_a_long_game_is_read_whole_its_actions_not_counted_as_board_lines():
    # 1,200 flag actions (on and off) after a 2x2 board: more lines than a board text may have.
    flags = "".join(f"#= flag A1 {ms}\n" for ms in range(1_200))
    record = read_record("#= rule none\n*.\n..\n" + flags + "#= click B2 1300\n")
    assert len(record.actions) == 1_201
    assert review(record).clicks[0].flags == frozenset()  # an even number of toggles
    with pytest.raises(ValueError, match="at most 20,000 actions"):
        read_record("*.\n..\n" + "#= flag A1\n" * 20_001)


def test_a_record_reads_back_what_it_wrote():
    record = Record(
        3,
        4,
        frozenset({(0, 2), (2, 2)}),
        (Action("click", (1, 2), 0), Action("flag", (0, 2), 900), Action("click", (1, 3), 2400)),
        "safe",
        "Beginner, lost",
        {"result": "lost"},
    )
    assert read_record(write_record(record)) == record


@pytest.mark.parametrize(
    "text, message",
    [
        ("..\n..\n#= click Z9\n", "off the 2x2 board"),
        ("..\n..\n#= click A1 soon\n", "line 3: the time"),
        ("..\n0.\n", "every cell closed"),
        ("#= rule maybe\n..\n..\n", "not a first-click rule"),
        ("..\n..\n#= click B\n", "line 3"),
    ],
)
def test_a_bad_record_is_one_line_that_names_what_is_wrong(text, message):
    with pytest.raises(ValueError, match=message):
        read_record(text)


def test_an_action_that_could_not_have_been_played_is_named():
    record = read_record("#= rule none\n*...\n....\n#= click B3\n#= click B3\n")
    with pytest.raises(ValueError, match="action 2 \\(click B3\\)"):
        review(record)


def random_records(count, seed):
    """Yield records of small random games: random clicks on safe cells, then one that may lose."""
    rng = random.Random(seed)
    for _ in range(count):
        height, width = rng.choice([(3, 4), (4, 4), (3, 5)])
        total = rng.randint(2, 4)
        cells = [(i, j) for i in range(height) for j in range(width)]
        mines = frozenset(rng.sample(cells, total))
        opened, actions = set(), []
        for cell in rng.sample(cells, len(cells)):
            if cell in opened:
                continue
            actions.append(Action("click", cell))
            if cell in mines:
                break
            shown = flood(cell, height, width, mines, lambda c, seen=opened: c not in seen)
            opened.update(c for c, _ in shown)
            if len(opened) == height * width - total:
                break
        yield Record(height, width, mines, tuple(actions), "none")


def test_every_verdict_of_random_games_agrees_with_brute_force():
    for record in random_records(60, seed=1):
        total = len(record.mines)
        for click in review(record).clicks:
            revealed = dict(click.revealed)
            every = placements(record.height, record.width, revealed, total)
            cell = click.action.cell
            hidden = [
                (i, j)
                for i in range(record.height)
                for j in range(record.width)
                if (i, j) not in revealed
            ]
            chance = Fraction(sum(cell in m for m in every), len(every))
            certain = [c for c in hidden if not any(c in m for m in every)]
            if chance == 0:
                assert click.word == "safe"
            elif certain:
                assert click.word == "risk" and click.certain in certain
                assert click.safes == set(certain)  # every certain cell, for the window to show
            else:
                assert click.word == "guess"
                lowest = min(Fraction(sum(c in m for m in every), len(every)) for c in hidden)
                assert click.lowest == lowest
            assert click.chance == chance
            assert click.lost == (cell in record.mines)


def test_the_report_prints_a_line_per_click_beginning_with_its_cell_and_verdict(tmp_path):
    import runner

    path = tmp_path / "game.txt"
    path.write_text("#= rule none\n..*.\n....\n..*.\n#= click B3\n#= click B4\n#= click A1\n")
    done = subprocess.run(
        [sys.executable, "runner.py", "--review", str(path), "--report"],
        capture_output=True,
        text=True,
        cwd=Path(runner.__file__).parent,
    )
    lines = done.stdout.splitlines()
    assert done.returncode == 0
    assert [line.split()[:2] for line in lines[:3]] == [
        ["B3", "guess"],
        ["B4", "risk"],
        ["A1", "safe"],
    ]
    # the records' clicks count flags too (efficiency); the review judges the others
    assert lines[3].startswith("3 clicks judged (flags aside): 1 safe, 1 risk, 1 guess")
    bad = tmp_path / "bad.txt"
    bad.write_text("..\n..\n#= click Q99\n")
    refused = subprocess.run(
        [sys.executable, "runner.py", "--review", str(bad), "--report"],
        capture_output=True,
        text=True,
        cwd=Path(runner.__file__).parent,
    )
    assert refused.returncode == 2 and refused.stdout == ""
    assert len(refused.stderr.strip().splitlines()) == 1 and "Q99" in refused.stderr


def test_a_report_piped_to_a_reader_that_stopped_early_ends_without_a_traceback(tmp_path):
    # `runner.py --review last --report | head` once ended in a BrokenPipeError traceback.
    import runner

    path = tmp_path / "game.txt"
    path.write_text("#= rule none\n..*.\n....\n..*.\n#= click B3\n#= click B4\n#= click A1\n")
    reader_gone = subprocess.Popen(
        [sys.executable, "runner.py", "--review", str(path), "--report"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=Path(runner.__file__).parent,
    )
    assert reader_gone.stdout is not None and reader_gone.stderr is not None
    reader_gone.stdout.close()  # the reader stops before the report is written
    status = reader_gone.wait(timeout=60)
    err = reader_gone.stderr.read()
    assert status == 1 and err == ""
