"""The board notation: print and parse, round trips, titles, and errors with line and column."""

import random
import re
from pathlib import Path

import pytest

from sweeper import parse_board
from sweeper.game import Game


def random_game(seed):
    """A seeded game left in some state: fresh, mid-game, won or lost, with flags."""
    rng = random.Random(seed)
    h, w = rng.randint(1, 9), rng.randint(1, 9)
    rule = rng.choice(["safe", "opening", "none"])
    limit = {"safe": h * w - 1, "opening": h * w - min(h, 3) * min(w, 3), "none": h * w}[rule]
    game = Game(h, w, rng.randint(0, max(0, limit)), seed=seed, first_click=rule)
    cells = list(game.cells())
    for _ in range(rng.randint(0, 12)):
        cell = rng.choice(cells)
        move = rng.choice(["reveal", "reveal", "toggle_flag", "chord"])
        getattr(game, move)(cell)
    return game


@pytest.mark.parametrize("seed", range(200))
def test_round_trip_over_seeded_games(seed):
    game = random_game(seed)
    text = game.to_text()
    back = Game.from_text(text)
    assert back.to_text() == text
    assert (back.height, back.width) == (game.height, game.width)
    assert back.mines == game.mines
    assert back.flags == game.flags
    assert back.exploded == game.exploded
    assert back.revealed == {c: game.revealed[c] for c in sorted(game.revealed)}
    assert back.status() == game.status() or not game.mines


def test_symbols_by_hand():
    # Mines at (0,0) and (1,2) on a 2x3 board; (0,1) revealed shows 2;
    # a flag on the mine (1,2) and a wrong flag on (1,0).
    game = Game.from_text("*..\n..*\n")
    game.reveal((0, 1))
    game.toggle_flag((1, 2))
    game.toggle_flag((1, 0))
    assert game.to_text() == "*2.\nf.F\n"


def test_exploded_mine_is_an_x():
    game = Game.from_text("*.\n..\n")
    game.reveal((1, 1))
    game.reveal((0, 0))
    assert game.to_text() == "X.\n.1\n"


def test_parse_reads_every_symbol():
    # (0,1) sees the mines (0,0), (1,0) and (1,2): it shows 3.
    board = parse_board("# A small board\n*3.\nFfX\n")
    assert (board.height, board.width) == (2, 3)
    assert board.mines == {(0, 0), (1, 0), (1, 2)}
    assert board.flags == {(1, 0), (1, 1)}
    assert board.revealed == [(0, 1)]
    assert board.exploded == (1, 2)
    assert board.title == "A small board"


def test_the_first_comment_is_the_title_and_comments_may_come_anywhere():
    text = "#   Corner 1-2   \n# a second comment\n..\n# between rows\n..\n"
    board = parse_board(text)
    assert board.title == "Corner 1-2"
    assert (board.height, board.width) == (2, 2)


def test_no_comment_means_no_title():
    assert parse_board("..\n").title == ""


def test_from_text_game_plays_on():
    game = Game.from_text("# two mines\n*...\n...*\n")
    assert len(game.mines) == 2 and game.mines_left() == 2
    assert game.reveal((0, 2)).revealed == (((0, 2), 1),)
    assert game.status() == "playing"


def test_from_text_knows_a_won_board():
    game = Game.from_text("*1\n11\n")
    assert game.won()


def test_trailing_spaces_and_blank_lines_are_ignored():
    assert parse_board("\n..  \n\n*.\n\n").mines == {(1, 0)}


# -- errors --------------------------------------------------------------------------------


def error_of(text):
    with pytest.raises(ValueError) as info:
        parse_board(text)
    return str(info.value)


@pytest.mark.parametrize(
    "text, line, column",
    [
        ("..a.\n", 1, 3),
        ("....\n...?\n", 2, 4),
        ("# title\n..\n9.\n", 3, 1),  # comments count as lines
        (". .\n...\n", 1, 2),  # a space inside a row
    ],
)
def test_a_bad_character_names_line_and_column(text, line, column):
    message = error_of(text)
    assert f"line {line}" in message
    assert f"column {column}" in message


def test_a_bad_character_is_quoted():
    assert "'a'" in error_of("..a.\n")


@pytest.mark.parametrize("text, line", [("...\n..\n", 2), ("..\n..\n...\n", 3)])
def test_a_row_of_the_wrong_length_names_its_line(text, line):
    message = error_of(text)
    assert f"line {line}" in message


@pytest.mark.parametrize(
    "text, line, column",
    [
        ("1.\n..\n", 1, 1),  # no mine at all, yet it shows 1
        ("*2\n..\n", 1, 2),  # one mine around, it shows 2
        ("# t\n*.\n.0\n", 3, 2),  # a 0 next to a mine
    ],
)
def test_a_number_that_does_not_match_the_mines_names_line_and_column(text, line, column):
    message = error_of(text)
    assert f"line {line}" in message
    assert f"column {column}" in message


@pytest.mark.parametrize("text", ["", "\n\n", "# only a title\n"])
def test_empty_text_is_refused(text):
    assert error_of(text)


def test_two_exploded_mines_are_refused():
    message = error_of("X.\n.X\n")
    assert "line 2" in message and "column 2" in message


def test_from_text_raises_the_same_errors():
    with pytest.raises(ValueError, match="line 1"):
        Game.from_text("..z\n")


def test_every_position_example_in_the_documents_parses():
    # The documents mark their notation examples as ```position blocks: each must
    # be a board the program reads, so the documentation cannot drift.
    root = Path(__file__).resolve().parent.parent
    texts = [p.read_text(encoding="utf-8") for p in [root / "README.md", *root.glob("docs/*.md")]]
    blocks = [b for text in texts for b in re.findall(r"```position\n(.*?)```", text, flags=re.S)]
    assert len(blocks) >= 2
    for block in blocks:
        board = parse_board(block)
        assert board.height >= 1 and board.width >= 1
        game = Game.from_text(block)
        assert game.mines, block  # every example holds mines, stated or hidden
