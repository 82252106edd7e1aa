"""Issue 24 in the window: no-guess boards, honest records, saves that keep the secret, and
the rough edges (each asserted on the session's state and words, not on pixels)."""

from minesweeper import BOARDS, Minesweeper
from window.app import App
from window.stats import Settings


def test_the_no_guess_rule_is_in_the_title_and_deals_a_board_logic_clears():
    app = App.new(BOARDS["beginner"], seed=3, first_click="no-guess")
    assert "no guess needed" in app.frame().title
    app.do("reveal", (4, 4))
    game = app.game
    assert game.placed and game.revealed
    assert Minesweeper.solved_without_guessing(9, 9, game.mines, (4, 4))


def test_k_cycles_through_every_first_click_rule_including_no_guess():
    app = App.new(BOARDS["beginner"], seed=3)
    seen = []
    for _ in range(4):
        app.do("first-click")
        seen.append(app.session.first_click)
    assert seen == ["opening", "none", "no-guess", "safe"]
    app.do("first-click")
    app.do("first-click")
    app.do("first-click")
    assert "no guess needed" in app.message and Settings().first_click == "no-guess"
    app.do("new")
    assert app.game.first_click == "no-guess"


def test_a_board_too_dense_for_no_guess_is_said_not_dealt():
    app = App.new(BOARDS["beginner"], seed=3, first_click="no-guess")
    app.game.no_guess_seconds = 0  # as if the board were too dense to find one in time
    app.do("reveal", (4, 4))
    assert "No no-guess 9x9 board with 10 mines" in app.message
    assert "Nothing was revealed" in app.message
    assert not app.game.placed and not app.game.revealed
