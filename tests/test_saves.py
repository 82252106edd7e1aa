"""Saved games keep the secret (no '*', no 'f') and play on where they stopped."""

from pathlib import Path

import pytest

from minesweeper import Minesweeper
from sweeper import BOARDS
from window.app import App
from window.saves import Saved, read_save, save_text

POSITIONS = Path(__file__).resolve().parent.parent / "assets" / "positions"


def started_game():
    game = Minesweeper(16, 30, 99, seed=5, first_click="safe")
    game.reveal((8, 15))
    wrong = next(c for c in game.cells() if c not in game.mines and c not in game.revealed)
    right = next(iter(game.mines))
    game.toggle_flag(wrong)
    game.toggle_flag(right)
    return game, wrong


def test_a_saved_game_shows_no_mine_and_no_wrong_flag():
    game, _ = started_game()
    text = save_text(game, Saved("Expert", "safe", 5, 42.3, clicks=3), "Expert, saved")
    board_lines = [line for line in text.splitlines() if not line.startswith("#")]
    assert not any("*" in line or "f" in line for line in board_lines)
    assert "#= mines " in text


def test_a_saved_game_reads_back_as_it_was():
    game, wrong = started_game()
    saved = Saved("Expert", "safe", 5, 42.3, 3, True, "0123abcd" * 4, counted=True)
    again, facts = read_save(save_text(game, saved, "Expert, saved"))
    assert facts == saved
    assert again.mines == game.mines and again.revealed == game.revealed
    assert again.flags == game.flags and wrong in again.flags
    assert (again.first_click, again.seed, again.status()) == ("safe", 5, "playing")


def test_a_resumed_game_plays_on_to_its_end():
    game, wrong = started_game()
    again, _ = read_save(save_text(game, Saved("Expert", "safe", 5, 1.0), "t"))
    again.toggle_flag(wrong)
    for cell in list(again.cells()):
        if cell not in again.mines and cell not in again.revealed:
            again.reveal(cell)
    assert again.won()


def test_a_teachers_position_is_not_a_saved_game():
    text = (POSITIONS / "03-subset.txt").read_text()
    game, facts = read_save(text)
    assert facts is None and game.revealed


@pytest.mark.parametrize(
    "fact, why",
    [
        ("#= clock soon", "clock"),
        ("#= rule maybe", "rule"),
        ("#= clicks -4", "clicks"),
        ("#= game ../x", "hexadecimal"),
    ],
)
def test_a_bad_fact_is_a_clear_error(fact, why):
    game, _ = started_game()
    text = save_text(game, Saved("Expert", "safe", 5, 1.0), "t")
    name = fact.split()[1]
    text = "\n".join(fact if line.startswith(f"#= {name} ") else line for line in text.splitlines())
    with pytest.raises(ValueError, match=why):
        read_save(text)


def test_a_saved_game_must_hide_its_mines():
    game, _ = started_game()
    text = "# t\n#= saved 1\n" + game.to_text()  # the open form, marked as a save
    with pytest.raises(ValueError, match="mines"):
        read_save(text)


def test_a_finished_game_is_not_saved_to_play_on(tmp_path):
    # A lost game has nothing to play on: S says so and writes no file that would
    # reopen "with the clock going on" at a board already lost.
    app = App.new(BOARDS["beginner"], seed=4, save_dir=tmp_path)
    app.do("reveal", (0, 0))
    mine = min(app.game.mines)
    app.do("reveal", mine)
    assert app.game.lost()
    app.do("save")
    assert "The game is over" in app.message and not list(tmp_path.iterdir())
