"""The game: constructor, seeds, first-click rules, flood fill, flags, chords, end, bad input."""

import random

import pytest
from helpers import around

from sweeper import max_mines
from sweeper.game import Game


def count_around(game, cell):
    return len(around(cell, game.height, game.width) & game.mines)


def state(game):
    return (dict(game.revealed), set(game.flags), game.exploded, set(game.mines))


# -- constructor and CS50's names -----------------------------------------------------


def test_defaults_are_cs50s_board():
    game = Game()
    assert (game.height, game.width) == (8, 8)
    assert game.mines_left() == 8
    game.reveal((0, 0))
    assert len(game.mines) == 8
    assert game.status() == "playing" or game.won()


def test_board_is_rows_of_booleans_matching_the_mines():
    game = Game(5, 7, 9, seed=3, first_click="none")
    assert len(game.board) == 5 and all(len(row) == 7 for row in game.board)
    for i in range(5):
        for j in range(7):
            assert game.board[i][j] is ((i, j) in game.mines)
            assert game.is_mine((i, j)) == ((i, j) in game.mines)


def test_nearby_mines_counts_the_mines_around_a_cell():
    game = Game(6, 6, 12, seed=8, first_click="none")
    for i in range(6):
        for j in range(6):
            assert game.nearby_mines((i, j)) == count_around(game, (i, j))


def test_neighbors_are_the_cells_around():
    game = Game(3, 4, 1, seed=0)
    for cell in game.cells():
        assert set(game.neighbors(cell)) == around(cell, 3, 4)
    assert len(list(game.cells())) == 12


def test_mines_found_are_the_flags_on_mines():
    game = Game.from_text("*.*\n...\n")
    game.toggle_flag((0, 0))
    game.toggle_flag((0, 1))
    assert game.mines_found == {(0, 0)}
    assert game.mines_left() == 0  # 2 mines, 2 flags: the counter trusts the flags


def test_print_draws_the_mines(capsys):
    game = Game.from_text("*..\n..*\n")
    game.print()
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 * 2 + 1
    rows = [line for line in lines if line.startswith("|")]
    assert [row.count("X") for row in rows] == [1, 1]
    assert rows[0].index("X") < rows[1].index("X")


# -- seeds ------------------------------------------------------------------------------


def play(game, clicks):
    return [game.reveal(c) for c in clicks]


def test_same_seed_and_clicks_give_the_same_game():
    clicks = [(4, 4), (0, 0), (7, 7), (2, 5)]
    a, b = Game(8, 8, 10, seed=42), Game(8, 8, 10, seed=42)
    assert play(a, clicks) == play(b, clicks)
    assert a.mines == b.mines
    assert a.to_text() == b.to_text()


def test_different_seeds_give_different_games():
    layouts = {frozenset(Game(8, 8, 10, seed=s, first_click="none").mines) for s in range(10)}
    assert len(layouts) > 1


def test_a_game_without_a_seed_picks_one_that_replays():
    game = Game(9, 9, 10)
    assert isinstance(game.seed, int)
    clicks = [(4, 4), (0, 8), (8, 0)]
    results = play(game, clicks)
    again = Game(9, 9, 10, seed=game.seed)
    assert play(again, clicks) == results
    assert again.mines == game.mines


def test_the_seed_does_not_use_the_global_random():
    random.seed(1)
    a = Game(8, 8, 10, seed=5, first_click="none").mines
    random.seed(2)
    b = Game(8, 8, 10, seed=5, first_click="none").mines
    assert a == b


# -- first-click rules ----------------------------------------------------------------------


def test_safe_rule_places_mines_at_the_first_click():
    game = Game(6, 6, 10, seed=1, first_click="safe")
    assert game.mines == set()
    game.reveal((2, 3))
    assert len(game.mines) == 10
    assert (2, 3) not in game.mines


@pytest.mark.parametrize("seed", range(30))
def test_safe_rule_first_click_is_never_a_mine(seed):
    rng = random.Random(seed)
    h, w = rng.randint(1, 6), rng.randint(2, 6)
    click = (rng.randrange(h), rng.randrange(w))
    game = Game(h, w, h * w - 1, seed=seed, first_click="safe")
    result = game.reveal(click)
    assert result.exploded is None
    assert game.mines == {(i, j) for i in range(h) for j in range(w)} - {click}


def test_safe_rule_places_mines_uniformly_among_other_cells():
    # One mine on a 2x2 board, first click (0, 0): each of the other three
    # cells should get it about 1/3 of the time. 600 seeds: expected 200
    # each, standard deviation about 11.5; the bounds are 5 deviations out.
    seen = {(0, 1): 0, (1, 0): 0, (1, 1): 0}
    for seed in range(600):
        game = Game(2, 2, 1, seed=seed)
        game.reveal((0, 0))
        (mine,) = game.mines
        seen[mine] += 1
    assert all(140 < n < 260 for n in seen.values()), seen


@pytest.mark.parametrize("seed", range(30))
def test_opening_rule_keeps_the_3x3_block_clear(seed):
    rng = random.Random(seed)
    h, w = rng.randint(3, 7), rng.randint(3, 7)
    click = (rng.randrange(h), rng.randrange(w))
    most = h * w - 9
    game = Game(h, w, most, seed=seed, first_click="opening")
    result = game.reveal(click)
    block = around(click, h, w) | {click}
    assert not block & game.mines
    assert len(game.mines) == most
    assert result.revealed[0] == (click, 0)
    assert block <= set(game.revealed)


def test_none_rule_places_mines_at_construction():
    game = Game(5, 5, 7, seed=9, first_click="none")
    assert len(game.mines) == 7
    before = set(game.mines)
    game.reveal((0, 0))
    assert game.mines == before


def test_none_rule_first_click_can_hit_a_mine():
    # As in CS50's game, nothing protects the first click under "none".
    game = Game(3, 3, 8, seed=0, first_click="none")
    mine = min(game.mines)
    result = game.reveal(mine)
    assert result.exploded == mine
    assert game.lost()


# -- reveal and flood fill ---------------------------------------------------------------------


def expected_flood(game, start):
    """The cells a reveal of start must show: grow from start through zeros."""
    region = {start}
    changed = True
    while changed:
        changed = False
        for cell in list(region):
            if count_around(game, cell) == 0:
                for n in around(cell, game.height, game.width):
                    if n not in region and n not in game.flags and n not in game.revealed:
                        region.add(n)
                        changed = True
    return region


def test_reveal_a_number_shows_only_that_cell():
    game = Game.from_text("*..\n...\n")
    result = game.reveal((1, 1))
    assert result.revealed == (((1, 1), 1),)
    assert result.exploded is None and result.changed


def test_flood_in_a_row_comes_out_in_order():
    # 1x4 ". . . *": (0,0)=0 and (0,1)=0 spread; (0,2) touches the mine.
    game = Game.from_text("...*\n")
    result = game.reveal((0, 0))
    assert result.revealed == (((0, 0), 0), ((0, 1), 0), ((0, 2), 1))


@pytest.mark.parametrize("seed", range(25))
def test_flood_contents_and_order(seed):
    rng = random.Random(seed)
    h, w = rng.randint(3, 10), rng.randint(3, 10)
    game = Game(h, w, rng.randint(1, h * w // 6 + 1), seed=seed, first_click="none")
    for _ in range(rng.randint(0, 3)):
        game.toggle_flag((rng.randrange(h), rng.randrange(w)))
    safe = [c for c in game.cells() if c not in game.mines and c not in game.flags]
    start = rng.choice(safe)
    expected = expected_flood(game, start)
    result = game.reveal(start)
    cells = [c for c, _ in result.revealed]
    assert set(cells) == expected
    assert len(cells) == len(expected), "a cell revealed twice"
    assert cells[0] == start
    for k, (cell, count) in enumerate(result.revealed):
        assert count == count_around(game, cell)
        if k:
            # Each later cell was reached from a zero shown before it.
            assert any(c in around(cell, h, w) and n == 0 for c, n in result.revealed[:k])
    assert not set(cells) & game.flags


def test_revealed_keeps_the_reveal_order():
    game = Game.from_text("....\n....\n...*\n")
    order = []
    for click in [(2, 2), (0, 0)]:
        order += [c for c, _ in game.reveal(click).revealed]
    assert list(game.revealed) == order
    assert all(game.revealed[c] == count_around(game, c) for c in order)


def test_flood_stops_at_flags():
    # All zeros on a 1x5 row without mines, but a flag on (0,2).
    game = Game.from_text("..f..\n")
    result = game.reveal((0, 0))
    assert [c for c, _ in result.revealed] == [(0, 0), (0, 1)]
    assert (0, 2) in game.flags


# -- flags ---------------------------------------------------------------------------------


def test_toggle_flag_puts_and_takes_a_flag():
    game = Game(4, 4, 3, seed=2)
    first = game.toggle_flag((1, 1))
    assert first.flagged is True and first.changed
    assert (1, 1) in game.flags
    assert game.mines_left() == 2
    second = game.toggle_flag((1, 1))
    assert second.flagged is False
    assert (1, 1) not in game.flags
    assert game.mines_left() == 3


def test_reveal_on_a_flag_does_nothing_and_says_so():
    game = Game.from_text("*..\n...\n")
    game.toggle_flag((1, 2))
    before = state(game)
    result = game.reveal((1, 2))
    assert not result.changed
    assert "flag" in result.ignored
    assert state(game) == before


def test_cannot_flag_a_revealed_cell():
    game = Game.from_text("*..\n...\n")
    game.reveal((1, 1))
    result = game.toggle_flag((1, 1))
    assert not result.changed and result.ignored
    assert (1, 1) not in game.flags


# -- chord ------------------------------------------------------------------------------------


def test_chord_reveals_the_unflagged_neighbours():
    # Mine at (0,0); (1,1) shows 1. With the flag right, chording (1,1)
    # reveals its other seven neighbours, which is every safe cell: a win.
    game = Game.from_text("*..\n...\n...\n")
    game.reveal((1, 1))
    game.toggle_flag((0, 0))
    result = game.chord((1, 1))
    assert result.exploded is None
    assert {c for c, _ in result.revealed} == around((1, 1), 3, 3) - {(0, 0)}
    assert all(n == count_around(game, c) for c, n in result.revealed)
    assert game.won()


def test_chord_with_a_wrong_flag_hits_the_mine_and_loses():
    game = Game.from_text("*..\n...\n...\n")
    game.reveal((1, 1))
    game.toggle_flag((0, 1))
    result = game.chord((1, 1))
    assert result.exploded == (0, 0)
    assert game.lost()
    assert game.exploded == (0, 0)


@pytest.mark.parametrize("flags", [[], [(0, 0), (0, 1)]])
def test_chord_with_the_wrong_flag_count_does_nothing(flags):
    game = Game.from_text("*..\n...\n...\n")
    game.reveal((1, 1))
    for f in flags:
        game.toggle_flag(f)
    before = state(game)
    result = game.chord((1, 1))
    assert not result.changed and result.ignored
    assert state(game) == before


def test_chord_on_a_hidden_cell_does_nothing():
    game = Game.from_text("*..\n...\n...\n")
    game.reveal((2, 2))
    before = state(game)
    result = game.chord((0, 1))
    assert not result.changed and result.ignored
    assert state(game) == before


def test_chord_floods_through_zeros():
    # Mine at (0,0); (0,1) shows 1. Flag (0,0) and chord (0,1): (0,2) and
    # (1,2) are zeros on a 3x5 board, so the flood opens the rest.
    game = Game.from_text("*....\n.....\n.....\n")
    game.reveal((0, 1))
    game.toggle_flag((0, 0))
    game.chord((0, 1))
    assert game.won()


# -- won, lost, the end -------------------------------------------------------------------------


def test_won_when_every_safe_cell_is_revealed_flags_or_not():
    game = Game.from_text("*.\n..\n")
    assert not game.won()
    for cell in [(0, 1), (1, 0)]:
        game.reveal(cell)
        assert not game.won()
    game.reveal((1, 1))
    assert game.won() and not game.lost()
    assert game.is_over() and game.status() == "won"


def test_lost_when_a_mine_is_revealed():
    game = Game.from_text("*.\n..\n")
    result = game.reveal((0, 0))
    assert result.exploded == (0, 0) and result.revealed == ()
    assert game.lost() and not game.won()
    assert game.is_over() and game.status() == "lost"


def test_take_back_hides_the_mine_again_and_the_game_goes_on():
    game = Game.from_text("*.\n..\n")
    game.reveal((0, 1))
    game.reveal((0, 0))
    clicks = game.clicks
    assert game.take_back() == (0, 0)
    assert not game.lost() and game.status() == "playing"
    assert (0, 0) not in game.revealed and game.mines == {(0, 0)}
    assert game.clicks == clicks  # the click was made, and stays counted
    assert game.take_back() is None  # one loss, taken back once
    game.reveal((1, 0))
    game.reveal((1, 1))
    assert game.won()


def test_take_back_keeps_what_a_chord_opened_before_its_mine():
    # (1,1) shows 1; with a wrong flag on A1 the chord floods the board before it hits C3.
    game = Game.from_text("...\n...\n..*\n")
    game.reveal((1, 1))
    game.toggle_flag((0, 0))
    result = game.chord((1, 1))
    assert result.exploded == (2, 2) and len(result.revealed) == 6
    assert game.take_back() == (2, 2)
    assert {c for c, _ in result.revealed} <= game.revealed.keys()
    assert (2, 2) not in game.revealed and not game.is_over()


def test_take_back_without_a_loss_changes_nothing():
    game = Game.from_text("*.\n..\n")
    game.reveal((0, 1))
    before = state(game)
    assert game.take_back() is None
    assert state(game) == before


def test_a_new_game_is_playing():
    game = Game(5, 5, 5, seed=1)
    assert game.status() == "playing" and not game.is_over()


def ended_games():
    won = Game.from_text("*.\n..\n")
    for cell in [(0, 1), (1, 0), (1, 1)]:
        won.reveal(cell)
    lost = Game.from_text("*.\n..\n")
    lost.reveal((0, 1))
    lost.reveal((0, 0))
    return [won, lost]


@pytest.mark.parametrize("which", [0, 1])
@pytest.mark.parametrize(
    "move, cell",
    [("reveal", (1, 0)), ("reveal", (0, 0)), ("toggle_flag", (0, 0)), ("chord", (0, 1))],
)
def test_moves_after_the_end_do_nothing_and_say_so(which, move, cell):
    game = ended_games()[which]
    before = state(game)
    result = getattr(game, move)(cell)
    assert not result.changed
    assert "over" in result.ignored
    assert state(game) == before


def test_reveal_on_a_revealed_cell_does_nothing_and_says_so():
    game = Game.from_text("*..\n...\n")
    game.reveal((1, 2))
    before = state(game)
    result = game.reveal((1, 2))
    assert not result.changed
    assert "revealed" in result.ignored
    assert state(game) == before


# -- bad input -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["height", "width"])
@pytest.mark.parametrize("value", [0, -3, 2.5, "8", True, None])
def test_sizes_must_be_positive_whole_numbers(name, value):
    sizes = {"height": 4, "width": 4, name: value}
    with pytest.raises(ValueError, match=name):
        Game(sizes["height"], sizes["width"], 1)


@pytest.mark.parametrize("value", [-1, 2.0, "3", True])
def test_mines_must_be_a_whole_number(value):
    with pytest.raises(ValueError, match="mines"):
        Game(4, 4, value)


def test_first_click_rule_must_be_known():
    with pytest.raises(ValueError, match="first_click"):
        Game(4, 4, 2, first_click="corner")


@pytest.mark.parametrize(
    "h, w, rule, limit",
    [
        (4, 5, "safe", 19),  # every cell but the first click
        (4, 5, "opening", 11),  # 20 cells minus a full 3x3 block
        (2, 5, "opening", 4),  # 10 cells minus a 2x3 block at most
        (4, 5, "none", 20),  # every cell
    ],
)
def test_too_many_mines_for_the_rule(h, w, rule, limit):
    assert max_mines(h, w, rule) == limit
    Game(h, w, limit, first_click=rule, seed=0)  # the limit itself is fine
    with pytest.raises(ValueError, match="mines") as info:
        Game(h, w, limit + 1, first_click=rule, seed=0)
    assert str(limit) in str(info.value)


@pytest.mark.parametrize("cell", [(4, 0), (0, 5), (-1, 0), (0, -1), (10, 10)])
@pytest.mark.parametrize("move", ["reveal", "toggle_flag", "chord", "is_mine", "nearby_mines"])
def test_off_board_cells_are_refused(cell, move):
    game = Game(4, 5, 3, seed=0, first_click="none")
    with pytest.raises(ValueError) as info:
        getattr(game, move)(cell)
    assert str(cell) in str(info.value)
    assert "board" in str(info.value)


@pytest.mark.parametrize(
    "cell", [[0, 0], (0,), (0, 0, 0), ("a", 0), (True, 0), (0.0, 1), "A1", None, 3]
)
@pytest.mark.parametrize("move", ["reveal", "toggle_flag", "chord"])
def test_cells_that_are_not_pairs_of_whole_numbers_are_refused(cell, move):
    game = Game(4, 5, 3, seed=0)
    with pytest.raises(ValueError) as info:
        getattr(game, move)(cell)
    assert repr(cell) in str(info.value)
    assert game.revealed == {} and game.flags == set()


# -- a runner that asks and never reveals (as CS50's asks of CS50's game) -----------------


def test_the_first_cell_asked_about_is_kept_clear_under_the_safe_rule():
    for seed in range(200):
        game = Game(5, 5, 24, seed=seed)  # every other cell a mine
        assert not game.is_mine((2, 3))
        assert game.mines == {(i, j) for i in range(5) for j in range(5)} - {(2, 3)}


def test_asked_first_or_revealed_first_the_same_seed_deals_the_same_board():
    for seed in range(50):
        asked = Game(9, 9, 10, seed=seed)
        asked.nearby_mines((4, 4))
        revealed = Game(9, 9, 10, seed=seed)
        revealed.reveal((4, 4))
        assert asked.mines == revealed.mines


@pytest.mark.parametrize("rule", ["safe", "opening", "none"])
def test_is_mine_and_nearby_mines_agree_with_the_set_of_mines(rule):
    game = Game(8, 8, 10, seed=7, first_click=rule)
    game.is_mine((0, 0))
    for cell in game.cells():
        assert game.is_mine(cell) == (cell in game.mines)
