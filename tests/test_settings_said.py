"""Remembered settings say so, and the help they give counts only once it is seen (issue 43).

- K, M, Q and H say "saved for next time" the first time in a window.
- The board and first-click rule last played open the next window, whether
  chosen with --board/--first-click or in the window.
- The hint is help once it shows something: on after the first click, the
  game counts as assisted; switched off before it, it does not. A hint
  remembered on is said once at the start.
"""

import runner
from store.records import Statistics
from store.settings import Settings
from window.app import App
from words.records import HINT_REMEMBERED, SAVED_FOR_NEXT_TIME

SMALL = "5x5x3"
BOARD = "Custom 5x5, 3 mines, first click safe"


def finish(app):
    """Clear every safe cell (the game is won)."""
    for cell in list(app.game.cells()):
        if cell not in app.game.mines and not app.game.is_over():
            app.do("reveal", cell)
    assert app.game.won()


def remembered_hint(on=True):
    """Keep the hint on (or off) in the settings, as a window that set it did."""
    settings = Settings()
    settings.known_safe_hint = on
    settings.save()


def test_each_remembered_setting_says_so_the_first_time_only():
    app = App.new(runner.board_argument(SMALL), seed=2)
    for command in ("first-click", "marks", "ai-flags", "hint"):
        assert SAVED_FOR_NEXT_TIME in app.do(command).said, command
        assert SAVED_FOR_NEXT_TIME not in app.do(command).said, command
    assert Settings().first_click == "none"  # K twice: safe, opening, none


def test_the_first_click_rule_last_played_opens_the_next_window():
    app = runner.app_from_args(["--board", SMALL, "--first-click", "opening", "--seed", "2"])
    assert Settings().first_click == "safe"  # nothing played yet
    app.do("reveal", (0, 0))
    assert Settings().first_click == "opening"
    again = runner.app_from_args([])
    assert again.game.first_click == "opening" and again.session.board.spec == "5x5x3"
    again.do("first-click")  # K: none for new games, at once
    assert runner.app_from_args([]).game.first_click == "none"


def test_k_before_the_first_click_deals_this_game_by_the_new_rule_too():
    # The player's tryout: K on an unclicked board left its title (and its first click) on
    # the old rule. Untouched, it is the same seed dealt by the new one; after a click, not.
    app = runner.app_from_args(["--board", SMALL, "--first-click", "safe", "--seed", "2"])
    seed = app.game.seed
    said = app.do("first-click").said
    assert app.game.first_click == "opening" and app.game.seed == seed
    assert "this game's and new games'" in said and "first click opens" in app.session.describe()
    app.do("reveal", (2, 2))
    app.do("first-click")  # played: the rule is for new games only
    assert app.game.first_click == "opening" and app.session.first_click == "none"


def test_a_hint_switched_off_before_the_first_click_leaves_the_game_unassisted():
    remembered_hint()
    start = runner.app_from_args(["--board", SMALL])
    assert start.message.count(HINT_REMEMBERED) == 1  # said once, at the start
    start.do("new")
    assert HINT_REMEMBERED not in start.message
    app = App.new(runner.board_argument(SMALL), seed=2)  # the hint remembered on
    assert app.session.settings.known_safe_hint
    assert "Hint off" in app.do("hint").said  # before the first click
    app.do("reveal", (0, 0))
    finish(app)
    record = Statistics().boards[BOARD]
    assert (record.games, record.wins, record.assisted_games) == (1, 1, 0)


def test_a_hint_on_after_the_first_click_makes_the_game_assisted():
    remembered_hint()
    app = App.new(runner.board_argument(SMALL), seed=2)
    app.do("reveal", (0, 0))  # the hint shows what the AI knows now
    assert app.session.ledger.helped_at_all
    app.do("hint")  # off again: seen is seen
    finish(app)
    assert Statistics().boards[BOARD].assisted_games == 1


def test_a_hint_on_then_off_before_the_first_click_is_no_help():
    app = App.new(runner.board_argument(SMALL), seed=2)
    said = app.do("hint").said
    assert "a game in which it is on after the first click counts as assisted" in said
    assert not app.session.ledger.helped_at_all
    app.do("hint")
    app.do("reveal", (0, 0))
    assert not app.session.ledger.helped_at_all
    assert "this game now counts as assisted" in app.do("hint").said
    assert app.session.ledger.helped_at_all
