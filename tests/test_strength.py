"""The candidate techniques of issue 44 (the opening book, the deeper look) and their trial."""

import json
from fractions import Fraction

import pytest

from bench.sets import write_board_set
from bench.trial import play_trial_board, report, triggered, variant
from sweeper import default_strategies
from sweeper.boardsets import read_board_set
from sweeper.book import Book, format_key, key_of, parse_line, read_book
from sweeper.deeper import DeeperLook
from sweeper.solver import Solver
from sweeper.strategies import LookAhead

A1_IS_1 = (16, 30, 99, "safe", (((0, 0), 1),))


def after_a1(number, strategies=None):
    """An expert AI after its first click, A1, showed number."""
    ai = Solver(16, 30, 99, strategies=strategies)
    assert ai.make_move() == (0, 0)
    ai.add_reveal([((0, 0), number)])
    return ai


def test_a_book_line_reads_back_as_written():
    line = format_key(A1_IS_1, (15, 29))
    assert line == "16 30 99 safe A1=1 -> P30"
    assert parse_line(line + "  # a comment") == (A1_IS_1, (15, 29))
    with pytest.raises(ValueError):
        parse_line("16 30 99 safe A1=1 -> Q31")  # off the board
    with pytest.raises(ValueError):
        parse_line("16 30 99 safe A1=1")


def test_the_book_answers_in_its_position_only():
    book = Book(entries=((A1_IS_1, (15, 29)),))
    ai = after_a1(1, (book, *default_strategies()))
    decision = ai.choose()
    assert (decision.cell, decision.strategy) == ((15, 29), "book")
    assert decision.probability == Fraction(98, 476)
    other = after_a1(2, (book, *default_strategies()))
    assert other.choose().strategy == "look-ahead"
    assert key_of(other.position()) == (16, 30, 99, "safe", (((0, 0), 2),))


def test_the_repository_book_parses_and_names_a_cell_of_its_position():
    for key, cell in read_book():
        assert key[4] and cell not in dict(key[4])


def test_the_deeper_look_picks_among_the_tied_cells_only():
    ai = after_a1(1)
    position = ai.position().with_certainties()
    look = LookAhead(bound=False)
    plain = look(position, position.solution)
    deeper = DeeperLook(look=look, tie=Fraction(1, 10), most=2)
    tied = deeper.tied(plain)
    assert len(tied) == 2
    chosen = deeper(position, position.solution)
    assert chosen.cell in {c.cell for c in tied}
    # a value is a chance of surviving: below the cell's own safety
    for c in tied:
        assert 0 < deeper.value(position, c.cell) <= 1 - c.probability
    # no tie: the look-ahead's own decision
    assert DeeperLook(look=look, tie=Fraction(0))(position, position.solution) in (plain, chosen)


@pytest.fixture(scope="module")
def small_set(tmp_path_factory):
    path = tmp_path_factory.mktemp("trial") / "set.txt"
    write_board_set(path, (9, 9, 10), "safe", 7, 12)
    return path


def test_the_probes_change_no_move_and_a_variant_plays_the_same_where_they_did_not_fire(small_set):
    header, boards = read_board_set(small_set)
    for board in boards:
        probed = play_trial_board(board, header, "base")
        plain = play_trial_board(board, header, "endgame:400")  # today's strategies, no probes
        assert (probed.moves, probed.won) == (plain.moves, plain.won)
        if not triggered("endgame:3000", probed.found.as_json()):
            bigger = play_trial_board(board, header, "endgame:3000")
            assert bigger.moves == probed.moves


def test_a_report_pairs_a_candidate_with_today_on_every_board(tmp_path, small_set):
    header, boards = read_board_set(small_set)
    base, cand = tmp_path / "base.jsonl", tmp_path / "cand.jsonl"
    results = [play_trial_board(b, header, "base") for b in boards]
    base.write_text("".join(r.line() + "\n" for r in results))
    changed = json.loads(results[0].line())
    changed["won"] = not changed["won"]
    changed["moves"] = "other"
    cand.write_text(json.dumps(changed) + "\n")
    text = report(base, cand, tmp_path / "out")
    assert "played 1 (its probe fired), 0 of them with today's moves" in text
    assert "12 boards in both files" in text
    assert len((tmp_path / "out.per").read_text().splitlines()) == 12


def test_variants_are_named_parts_and_a_bad_name_is_refused():
    assert variant("base") == default_strategies()
    assert any(isinstance(s, DeeperLook) for s in variant("deeper:1/50"))
    assert isinstance(variant("book")[1], Book)
    with pytest.raises(ValueError):
        variant("bigger")
