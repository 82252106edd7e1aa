"""The window, driven by posted pygame events under the dummy SDL driver.

The tests assert on the game and the AI, and check rendered PNGs by colours
that do not depend on how text is drawn.
"""

import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

import runner
import screen.layout as layout_module
from screen import paint, palette
from screen.input import AUTOPLAY_EVENT
from screen.layout import default_window_size, layout, minimum_window_size, scale_for
from screen.loop import Window
from store.records import Statistics
from sweeper import BOARDS, cell_name
from sweeper.game import Game
from window.app import App

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "assets"))
import make_images  # noqa: E402  (the images' colours)

# A 3x3 board: one mine in the corner and a revealed 1 in the middle.
CORNER = "# corner\n*..\n.1.\n...\n"
# A 4x4 board with two mines, nothing revealed.
TWO_MINES = "# two mines\n*...\n....\n...*\n....\n"


pytestmark = pytest.mark.usefixtures("pygame_display")


def start(ctrl: App) -> Window:
    """Open the window for ctrl and return it (it draws and runs the loop)."""
    window = Window(ctrl)
    window.open()
    pygame.event.clear()
    return window


def view(ctrl: App) -> layout_module.Layout:
    """Return the layout of the open window (at no text zoom)."""
    return sized(pygame.display.get_surface().get_size(), ctrl)


def sized(size, ctrl: App) -> layout_module.Layout:
    """Return the layout of a window of this size."""
    return layout(size, ctrl.frame(), scale_for(size))


def pick(ctrl: App):
    """Return the cell the AI would play, once asked (Think, the overlay), else None."""
    pending = ctrl.session.pending
    return None if pending is None else pending.cell


def post_click(pos, button=1):
    """Post a press and a release of a mouse button at pos."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def click_cell(ctrl, cell, button=1):
    """Post a click on a cell of the board."""
    post_click(view(ctrl).cell_rect(cell).center, button)


def click_button(ctrl, command):
    """Post a left click on the panel button that runs command."""
    rect = next(b.rect for b in view(ctrl).buttons if b.command == command)
    post_click(rect.center)


def press(key):
    """Post a key press."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def pump(ctrl, painter, iterations=1):
    """Let the window handle the posted events and draw."""
    painter.run(max_iterations=iterations)


def position(text, **kwargs):
    """Return a controller on a position given as text."""
    return App.from_position(text, **kwargs)


# -- clicks ------------------------------------------------------------------


def test_a_click_reveals_the_cell_and_tells_the_ai():
    ctrl = App.new(BOARDS["beginner"], seed=11)
    painter = start(ctrl)
    click_cell(ctrl, (4, 4))
    pump(ctrl, painter)
    assert (4, 4) in ctrl.game.revealed
    assert not ctrl.game.is_mine((4, 4))  # the first click is safe by default
    assert ctrl.ai.moves_made == set(ctrl.game.revealed)


def test_a_zero_floods_and_every_flooded_cell_reaches_the_ai():
    ctrl = position(TWO_MINES)
    painter = start(ctrl)
    click_cell(ctrl, (3, 0))
    pump(ctrl, painter)
    assert len(ctrl.game.revealed) > 1
    assert ctrl.ai.moves_made == set(ctrl.game.revealed)


def test_right_click_toggles_a_flag_that_the_ai_does_not_learn():
    ctrl = position(CORNER)
    painter = start(ctrl)
    click_cell(ctrl, (0, 0), button=3)
    pump(ctrl, painter)
    assert ctrl.game.flags == {(0, 0)}
    assert ctrl.game.mines_left() == 0
    assert ctrl.ai.mines == set()
    click_cell(ctrl, (0, 0), button=3)
    pump(ctrl, painter)
    assert ctrl.game.flags == set()


@pytest.mark.parametrize("button", [1, 2])
def test_clicking_a_number_whose_flags_match_reveals_its_neighbours(button):
    ctrl = position(CORNER)
    painter = start(ctrl)
    click_cell(ctrl, (0, 0), button=3)
    click_cell(ctrl, (1, 1), button=button)
    pump(ctrl, painter)
    assert set(ctrl.game.revealed) == set(ctrl.game.cells()) - {(0, 0)}
    assert ctrl.game.won()
    assert ctrl.ai.moves_made == set(ctrl.game.revealed)


def test_a_chord_without_matching_flags_does_nothing_and_says_why():
    ctrl = position(CORNER)
    painter = start(ctrl)
    click_cell(ctrl, (1, 1), button=2)
    pump(ctrl, painter)
    assert list(ctrl.game.revealed) == [(1, 1)]
    assert "B2 shows 1 but has no flags around it" in ctrl.message


# -- the AI --------------------------------------------------------------------


def test_ai_move_button_reveals_the_cell_the_ai_chose():
    ctrl = App.new(BOARDS["cs50"], seed=5)
    painter = start(ctrl)
    for _ in range(4):
        before = set(ctrl.game.revealed)
        click_button(ctrl, "ai")
        pump(ctrl, painter)
        if ctrl.game.is_over():
            break
        chosen = ctrl.ai.last_decision.cell
        assert chosen not in before and chosen in ctrl.game.revealed
        assert cell_name(chosen) in ctrl.message
        assert ctrl.ai.moves_made == set(ctrl.game.revealed)


def test_key_a_plays_a_known_safe_cell_and_says_why():
    ctrl = position("# safe\n*1.\n11.\n...\n")  # {A1} is the only cell next to A2's 1
    painter = start(ctrl)
    press(pygame.K_a)
    pump(ctrl, painter)
    assert ctrl.ai.last_decision.strategy == "known safe"
    played = ctrl.ai.last_decision.cell
    assert played in ctrl.game.revealed
    assert "because" in ctrl.message and cell_name(played) in ctrl.message


def test_a_known_safe_move_s_reason_is_the_step_that_made_its_count_0():
    # It said "play B3: known to be safe, because B3 is safe: the count is 0": a circle.
    path = ROOT / "assets" / "positions" / "03-subset.txt"
    ctrl = App.from_position(path.read_text(encoding="utf-8"))
    ctrl.do("ai")
    assert ctrl.message.startswith(
        "AI: play B3: known to be safe, because {B3, C3} = 1 without the known mine C3 "
        "gives {B3} = 0. "
    )


def test_no_known_safe_move_of_an_expert_game_is_its_own_reason():
    ctrl = App.new(BOARDS["expert"], seed=0)
    said = []
    while not ctrl.game.is_over():
        ctrl.do("ai")
        if ctrl.ai.last_decision.strategy == "known safe":
            said.append((cell_name(ctrl.ai.last_decision.cell), ctrl.message))
    assert len(said) > 100
    for name, words in said:
        why = words.split(", because ", 1)[1].split(". ", 1)[0]
        assert f"{name} is safe" not in why and "are safe" not in why, words
        assert " gives " in why or "exact counting" in why, words


def test_ai_move_after_the_game_ended_changes_nothing():
    ctrl = position(CORNER)
    painter = start(ctrl)
    click_cell(ctrl, (0, 0))
    pump(ctrl, painter)
    assert ctrl.game.lost()
    shown = dict(ctrl.game.revealed)
    steps = len(ctrl.ai.steps)
    press(pygame.K_a)
    pump(ctrl, painter)
    assert ctrl.game.revealed == shown and len(ctrl.ai.steps) == steps
    # The message that ended the game stays, with what to do next.
    assert ctrl.message.startswith("You: A1 was a mine: the game is lost.")
    assert ctrl.message.endswith("N starts a new game, R restarts, U undoes the losing click.")
    assert ctrl.message.count("U ") == 1, ctrl.message  # not "U takes the click back" too


def test_a_click_after_the_game_ended_keeps_the_message_that_ended_it():
    ctrl = position(CORNER)
    painter = start(ctrl)
    click_cell(ctrl, (0, 0))
    pump(ctrl, painter)
    ending = ctrl.message.removesuffix(" U takes the click back.")  # U is offered once, after
    assert "the game is lost" in ending
    for act in (lambda: click_cell(ctrl, (2, 2)), lambda: ctrl.do("flag", (2, 2))):
        act()
        pump(ctrl, painter)
        assert ctrl.message.startswith(ending) and "N starts a new game" in ctrl.message
    press(pygame.K_n)  # a position opens in class: leaving the lesson asks first
    pump(ctrl, painter)
    assert ctrl.game.is_over() and ctrl.message.startswith("Leave the lesson for a new game?")
    press(pygame.K_n)
    pump(ctrl, painter)
    assert not ctrl.game.is_over() and ctrl.message.startswith("New game")


def test_ai_says_so_before_it_lifts_a_player_flag_then_plays_there():
    ctrl = position("# safe\n*1.\n11.\n...\n")
    painter = start(ctrl)
    ctrl.do("classroom")  # a player's flag: in play (in class a right click answers)
    ctrl.do("think")
    target = pick(ctrl)
    click_cell(ctrl, target, button=3)
    press(pygame.K_a)
    pump(ctrl, painter)
    name = cell_name(target)
    assert target in ctrl.game.flags and target not in ctrl.game.revealed  # asked first
    assert f"would play {name}, which you flagged" in ctrl.message
    assert not ctrl.ai.moves_made - set(ctrl.game.revealed)  # the AI only looked
    press(pygame.K_a)
    pump(ctrl, painter)
    assert target in ctrl.game.revealed and target not in ctrl.game.flags
    assert "lifted your flag" in ctrl.message


def test_auto_play_moves_on_timer_events_until_the_game_ends():
    ctrl = App.new(BOARDS["cs50"], seed=3)
    painter = start(ctrl)
    press(pygame.K_g)
    pump(ctrl, painter)
    assert ctrl.session.autoplay
    for _ in range(64):
        pygame.event.post(pygame.event.Event(AUTOPLAY_EVENT))
        pump(ctrl, painter)
        if ctrl.game.is_over():
            break
    assert ctrl.game.is_over()
    assert not ctrl.session.autoplay
    press(pygame.K_g)
    pump(ctrl, painter)
    assert not ctrl.session.autoplay


def test_auto_play_runs_on_a_real_timer():
    ctrl = App.new(BOARDS["expert"], seed=2)
    painter = start(ctrl)
    press(pygame.K_g)
    pump(ctrl, painter, iterations=4)  # each iteration waits for the next event
    assert len(ctrl.ai.moves_made) >= 2
    assert ctrl.ai.moves_made == set(ctrl.game.revealed)


def test_p_again_stops_auto_play():
    ctrl = App.new(BOARDS["expert"], seed=3)
    painter = start(ctrl)
    press(pygame.K_g)
    press(pygame.K_g)
    pump(ctrl, painter)
    assert not ctrl.session.autoplay
    pygame.event.post(pygame.event.Event(AUTOPLAY_EVENT))
    pump(ctrl, painter)
    assert ctrl.game.revealed == {}


# -- new game, restart, board sizes ------------------------------------------


def test_restart_replays_the_same_board_and_new_game_changes_the_seed():
    ctrl = App.new(BOARDS["beginner"], seed=21, first_click="opening")
    painter = start(ctrl)
    click_cell(ctrl, (4, 4))
    pump(ctrl, painter)
    first = ctrl.game.to_text()
    press(pygame.K_r)
    press(pygame.K_r)  # the game had started: R asks once, and the game left counts as lost
    pump(ctrl, painter)
    assert ctrl.game.revealed == {} and ctrl.game.seed == 21
    assert ctrl.ai.moves_made == set()
    click_cell(ctrl, (4, 4))
    pump(ctrl, painter)
    assert ctrl.game.to_text() == first
    press(pygame.K_n)
    press(pygame.K_n)
    pump(ctrl, painter)
    assert ctrl.game.seed != 21 and ctrl.game.revealed == {}
    assert ctrl.game.first_click == "opening"


def test_f2_and_the_button_start_new_games():
    ctrl = App.new(BOARDS["cs50"], seed=1)
    painter = start(ctrl)
    seeds = {ctrl.game.seed}
    press(pygame.K_F2)
    pump(ctrl, painter)
    seeds.add(ctrl.game.seed)
    click_button(ctrl, "new")
    pump(ctrl, painter)
    seeds.add(ctrl.game.seed)
    assert len(seeds) == 3


def test_restart_of_a_position_reloads_it():
    ctrl = position(TWO_MINES)
    painter = start(ctrl)
    click_cell(ctrl, (0, 0))
    pump(ctrl, painter)
    assert ctrl.game.lost()
    press(pygame.K_r)  # a position opens in class, whose panel has no Restart button
    pump(ctrl, painter)
    assert ctrl.game.lost() and "R again" in ctrl.message  # leaving the lesson asks first
    press(pygame.K_r)
    pump(ctrl, painter)
    assert ctrl.game.status() == "playing"
    assert ctrl.game.to_text() == Game.from_text(TWO_MINES).to_text()


def test_the_title_names_a_board_once_and_no_seed_the_player_did_not_choose():
    named = App.new(BOARDS["beginner"], seed=4)
    assert named.session.describe() == "Beginner 9x9, 10 mines, first click safe"
    custom = App.new(runner.board_argument("3x3x8"), seed=4)
    assert custom.session.describe().startswith("Custom 3x3, 8 mines, first click")
    assert "seed" not in named.do("new").said and "seed" not in named.frame().title


def test_a_seed_the_player_chose_is_shown_and_its_game_counts_as_assisted():
    app = runner.app_from_args(["--board", "beginner", "--seed", "4"])
    assert app.session.describe() == "Beginner 9x9, 10 mines, seed 4, first click safe"
    assert "seed you chose counts as assisted" in app.message
    assert app.session.ledger.helped_at_all
    app.do("restart")  # before a move: nothing to leave, and it says so again
    assert "seed you chose counts as assisted" in app.message
    app.do("reveal", (4, 4))
    mines = set(app.game.mines)
    app.do("restart")
    app.do("restart")  # asked once, then left (a loss): Restart deals the same board again
    assert "counts as assisted" in app.message
    app.do("reveal", (4, 4))
    assert app.game.mines == mines and app.session.ledger.helped_at_all
    app.do("reveal", min(app.game.mines))
    record = Statistics().boards["Beginner 9x9, 10 mines, first click safe"]
    assert (record.games, record.assisted_games) == (0, 2)  # the restart left one, lost one
    said = app.do("new").said
    assert "seed" not in said and not app.session.ledger.helped_at_all  # a fresh, unknown seed


def test_board_buttons_switch_size_and_the_window_follows():
    ctrl = App.new(BOARDS["cs50"], seed=1)
    painter = start(ctrl)
    before = pygame.display.get_surface().get_size()
    click_button(ctrl, "board:expert")
    pump(ctrl, painter)
    game = ctrl.game
    assert (game.height, game.width, game.mine_count) == (16, 30, 99)
    size = pygame.display.get_surface().get_size()
    assert size == before  # the window keeps its size; the cells refit
    here = view(ctrl)
    assert here.cell_rect((15, 29)).right <= size[0] - here.px(layout_module.PANEL_WIDTH)


def test_expert_fits_1280_by_720_beside_the_panel():
    game = Game(16, 30, 99, seed=1)
    width, height = default_window_size(game.height, game.width)
    assert width <= 1280 and height <= 720
    ctrl = App.new(BOARDS["expert"], seed=1)
    corner = sized((width, height), ctrl).cell_rect((15, 29))
    assert corner.right <= width - layout_module.PANEL_WIDTH and corner.bottom <= height
    assert corner.width >= 20  # cells large enough to click


def test_a_resized_window_scales_the_cells():
    ctrl = App.new(BOARDS["expert"], seed=1)
    small = sized((900, 500), ctrl)
    large = sized((1900, 1000), ctrl)
    assert small.cell < large.cell
    assert small.cell_rect((15, 29)).right <= 900 - layout_module.PANEL_WIDTH


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1260, 700), None])
@pytest.mark.parametrize("classroom", [False, True])
def test_an_expert_board_s_column_numbers_stand_apart(size, classroom):
    # "1011121314...": at 1280 px (and 1080p) the two-digit numbers touched.
    ctrl = App.new(BOARDS["expert"], seed=1, classroom=classroom)
    size = size or minimum_window_size(ctrl.frame())  # the smallest cells: every other column
    here = sized(size, ctrl)
    painter = paint.Painter()
    labels = paint.column_labels(here, painter)
    numbers = [int(text) for text, _ in labels]
    assert numbers[0] == 1 and numbers[-1] >= 29 and len(set(numbers)) == len(numbers)
    for (_, left), (_, right) in zip(labels, labels[1:], strict=False):
        assert right.left - left.right >= 5, (left, right)
    for _, rect in labels:  # each over its own column, clear of the cells
        assert here.origin[0] <= rect.centerx <= here.cell_rect((0, 29)).right
        assert rect.bottom < here.origin[1]
    assert paint.label_size(here, painter)[0] >= paint.MIN_LABEL


@pytest.mark.parametrize("classroom", [False, True])
def test_a_window_made_too_small_grows_back_to_show_everything(classroom):
    ctrl = App.new(BOARDS["expert"], seed=1, classroom=classroom)
    painter = start(ctrl)
    pygame.display.set_mode((500, 300), pygame.RESIZABLE)
    pump(ctrl, painter)
    width, height = pygame.display.get_surface().get_size()
    assert (width, height) == minimum_window_size(ctrl.frame())
    here = view(ctrl)
    corner = here.cell_rect((15, 29))
    assert corner.right <= width - layout_module.PANEL_WIDTH and corner.bottom <= height
    # Three rows of the knowledge list, and the help lines below them, not on them.
    assert here.knowledge.height >= 3 * layout_module.LINE
    assert here.step.bottom <= here.knowledge.top and here.knowledge.bottom <= here.help.top
    # A window just as large is left alone.
    pump(ctrl, painter)
    assert pygame.display.get_surface().get_size() == (width, height)


# -- win, loss, timer -------------------------------------------------------------


class FakeClock:
    """A clock that moves only when told."""

    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def test_timer_starts_at_the_first_reveal_and_stops_at_the_end():
    clock = FakeClock()
    ctrl = App.from_position(CORNER)
    ctrl.session.watch.clock = clock
    painter = start(ctrl)
    clock.now += 5
    assert ctrl.session.elapsed() == 0
    click_cell(ctrl, (2, 2))  # a 0 that opens every safe cell: the game is won
    pump(ctrl, painter)
    assert ctrl.game.won()
    clock.now += 7
    assert ctrl.session.elapsed() == 0
    assert ctrl.frame().status == "Won in 0.1 s"  # tenths, and never 0.0


def test_timer_counts_while_playing():
    clock = FakeClock()
    ctrl = App.new(BOARDS["expert"], seed=2, clock=clock)
    painter = start(ctrl)
    click_cell(ctrl, (8, 15))
    pump(ctrl, painter)
    clock.now += 12.5
    assert ctrl.session.elapsed() == 12.5
    assert ctrl.frame().status == "Playing"


# -- the command line -----------------------------------------------------------


@pytest.mark.parametrize(
    "argv, words",
    [
        (["--board", "huge"], "expected beginner"),
        (["--board", "3x3x20"], "under the 'safe' first-click rule: at most 8"),
        (["--board", "0x5x1"], "1 to 50 rows"),
        (["--board", "200x5x1"], "1 to 50 rows"),
        (["--first-click", "maybe"], "invalid choice"),
        (["--seed", "ten"], "invalid int"),
        (["--position", "/no/such/file.txt"], "cannot read"),
    ],
)
def test_bad_arguments_exit_2_with_a_message(argv, words, capsys):
    with pytest.raises(SystemExit) as exit_info:
        runner.main(argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert words in err
    (line,) = err.splitlines()  # one line, no usage block before it
    assert line.startswith("runner.py: error: ") and line.endswith(" (see --help)")


def test_a_bad_board_from_the_shell_gets_a_message_not_a_traceback():
    done = subprocess.run(
        [sys.executable, str(ROOT / "runner.py"), "--board", "4x4x99"],
        capture_output=True,
        text=True,
        timeout=60,
        env={"SDL_VIDEODRIVER": "dummy", "PATH": "/usr/bin:/bin"},
        cwd="/",
    )
    assert done.returncode == 2
    assert "4x4x99" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the display check is Linux's")
def test_with_no_display_it_says_so_in_one_line_and_exits_2_at_once():
    env = {"PATH": "/usr/bin:/bin", "HOME": "/nonexistent"}  # no DISPLAY, no SDL driver
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, str(ROOT / "runner.py")],
        capture_output=True,
        text=True,
        timeout=30,
        env=env,
        cwd="/",
    )
    # Python's own start-up and the imports count too; the check itself is instant.
    assert time.monotonic() - started < 5
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "no display" in lines[0] and "Traceback" not in done.stderr


def test_main_runs_the_loop_and_escape_closes_it():
    press(pygame.K_ESCAPE)
    assert runner.main(["--board", "beginner", "--seed", "4"], max_iterations=5) == 0
    assert not pygame.display.get_init()


def test_board_sizes_by_name_and_by_numbers():
    assert runner.board_argument("Expert") == BOARDS["expert"]
    assert runner.board_argument("10x12x20")[1:] == (10, 12, 20)


# -- rendered states, checked by colour ----------------------------------------


def inner_pixel(screen, rect):
    """Return a cell's background colour where no image or digit is drawn."""
    return tuple(
        screen.get_at((rect.x + int(rect.width * 0.3), rect.y + paint.bevel(rect.width) + 1))
    )[:3]


def has_colour(screen, rect, colour, tolerance=16):
    """Return True when some pixel of rect is within tolerance of colour."""
    for x in range(rect.left, rect.right):
        for y in range(rect.top, rect.bottom):
            pixel = screen.get_at((x, y))
            if all(abs(pixel[k] - colour[k]) <= tolerance for k in range(3)):
                return True
    return False


def colour_share(screen, rect, colour, tolerance=16):
    """Return the share of rect's pixels within tolerance of colour (a picture, not its edge)."""
    near = 0
    for x in range(rect.left, rect.right):
        for y in range(rect.top, rect.bottom):
            pixel = screen.get_at((x, y))
            near += all(abs(pixel[k] - colour[k]) <= tolerance for k in range(3))
    return near / (rect.width * rect.height)


def render(ctrl, painter, path):
    """Draw one frame, save it as a PNG, and return the PNG read back."""
    painter.draw()
    pygame.image.save(pygame.display.get_surface(), str(path))
    return pygame.image.load(str(path))


def test_each_state_renders_with_the_right_cell_colours(tmp_path):
    ctrl = position(TWO_MINES)
    painter = start(ctrl)
    size = default_window_size(ctrl.game.height, ctrl.game.width)
    click_cell(ctrl, (3, 0))  # a 0: opens the lower left
    click_cell(ctrl, (0, 2), button=3)  # a wrong flag (no mine there)
    pump(ctrl, painter)
    cells = view(ctrl).cell_rect

    playing = render(ctrl, painter, tmp_path / "playing.png")
    assert playing.get_size() == size
    assert inner_pixel(playing, cells((3, 0))) == palette.REVEALED
    assert inner_pixel(playing, cells((0, 0))) == palette.HIDDEN
    assert inner_pixel(playing, cells((0, 2))) == palette.HIDDEN
    assert has_colour(playing, cells((0, 2)), make_images.FLAG_RED)
    assert not has_colour(playing, cells((0, 0)), make_images.MINE_BODY)  # mines stay hidden

    click_cell(ctrl, (2, 3))  # a mine
    pump(ctrl, painter)
    lost = render(ctrl, painter, tmp_path / "lost.png")
    assert ctrl.game.lost()
    assert inner_pixel(lost, cells((2, 3))) == palette.EXPLODED
    assert inner_pixel(lost, cells((0, 0))) == palette.REVEALED
    assert has_colour(lost, cells((0, 0)), make_images.MINE_BODY)
    assert inner_pixel(lost, cells((0, 2))) == palette.HIDDEN
    assert has_colour(lost, cells((0, 2)), make_images.CROSS_RED)
    # No flag cloth left (a scaled cross's edge may blend to a pixel of the flag's red).
    assert colour_share(playing, cells((0, 2)), make_images.FLAG_RED) > 0.02
    assert colour_share(lost, cells((0, 2)), make_images.FLAG_RED) < 0.01

    ctrl.do("restart")
    ctrl.do("restart")  # a position opens in class: leaving the lesson asks first, R again
    for cell in ctrl.game.cells():
        if cell not in ctrl.game.mines and cell not in ctrl.game.revealed:
            ctrl.do("reveal", cell)
    won = render(ctrl, painter, tmp_path / "won.png")
    assert ctrl.game.won() and ctrl.frame().status.startswith("Won in")
    for mine in ctrl.game.mines:  # every mine is shown flagged, flags or not
        assert inner_pixel(won, cells(mine)) == palette.HIDDEN
        assert has_colour(won, cells(mine), make_images.FLAG_RED)


def test_a_message_too_long_for_its_box_ends_in_an_ellipsis(monkeypatch):
    # The status box holds four lines; a longer text must show that it was cut.
    painter = paint.Painter()
    drawn = []
    real_text = painter.text
    monkeypatch.setattr(
        painter, "text", lambda part, *rest: drawn.append(part) or real_text(part, *rest)
    )
    screen = pygame.Surface((400, 200))
    box = pygame.Rect(0, 0, 200, 4 * layout_module.LINE)
    paint.paint_wrapped(screen, "word " * 200, box, painter, 14)
    assert len(drawn) == 4
    assert drawn[-1].endswith(" …")
    assert painter.font(14, False).size(drawn[-1])[0] <= box.width
    drawn.clear()
    paint.paint_wrapped(screen, "short and whole", box, painter, 14)
    assert drawn == ["short and whole"]


def test_odds_past_the_counting_budget_are_marked_as_estimates(monkeypatch):
    # With a budget no component fits, the overlay's figures are estimates:
    # each uncertain one reads "≈ n%", known cells keep their plain 0% or 100%.
    import sweeper.engine

    monkeypatch.setattr(sweeper.engine, "COMPONENT_WORK", 2)
    ctrl = App.new(runner.board_argument("9x9x20"), seed=11)
    painter = start(ctrl)
    click_cell(ctrl, (4, 4))
    pump(ctrl, painter)
    odds = ctrl.session.probabilities()
    uncertain = [text for p, text in odds.values() if 0 < p < 1]
    assert uncertain and all(text.startswith("≈") for text in uncertain)
    assert all(not text.startswith("≈") for p, text in odds.values() if p in (0, 1))
    ctrl.do("overlay")
    pump(ctrl, painter)  # the overlay draws them (the tint reads past the mark)


def test_saves_go_to_the_user_data_folder_by_default(private_data_folder):
    ctrl = position(CORNER)
    path = ctrl.do("save").path
    assert path is not None and path.parent == private_data_folder / "saved"
    assert Game.from_text(path.read_text()).mines == ctrl.game.mines


def test_a_save_dir_that_is_a_file_is_refused_at_start(tmp_path, capsys):
    a_file = tmp_path / "notes.txt"
    a_file.write_text("hello")
    with pytest.raises(SystemExit) as exit_info:
        runner.main(["--save-dir", str(a_file)])
    assert exit_info.value.code == 2
    assert "is a file" in capsys.readouterr().err
    assert a_file.read_text() == "hello"


@pytest.mark.parametrize("size", [(1920, 1080), (1600, 900), (1280, 720)])
def test_out_of_class_the_board_stands_in_the_middle_of_its_room(size):
    # Not in the top left corner with the room's lower half empty beside the panel.
    ctrl = App.new(BOARDS["expert"], seed=3)
    here = sized(size, ctrl)
    first, last = here.cell_rect((0, 0)), here.cell_rect((15, 29))
    room_right, room_bottom = here.panel.left, size[1]
    left, right = first.left, room_right - last.right
    top, bottom = first.top, room_bottom - last.bottom
    # The row letters' band on the left and the column numbers' band on top are the same
    # width: past them, the room left over is shared equally on both sides, both ways.
    assert abs((top - bottom) - (left - right)) <= 2 and top > bottom > 0
