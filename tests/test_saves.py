"""Saved games keep their secret (sealed mines, no seed) and their word (a check), and play on."""

import random
import re
from collections import Counter
from pathlib import Path

import pytest

import runner
import store.saves
from store.notes import NotWritten
from store.records import Statistics
from store.saves import (
    Saved,
    SaveKey,
    draw_mines,
    key_path,
    own_key,
    read_key,
    read_save,
    save_text,
    unseal,
)
from sweeper import BOARDS, cell_name
from sweeper.game import Game
from sweeper.notation import parse_layout
from tests.helpers import placements
from window.app import App

POSITIONS = Path(__file__).resolve().parent.parent / "assets" / "positions"


def started_game():
    game = Game(16, 30, 99, seed=5, first_click="safe")
    game.reveal((8, 15))
    wrong = next(c for c in game.cells() if c not in game.mines and c not in game.revealed)
    right = next(iter(game.mines))
    game.toggle_flag(wrong)
    game.toggle_flag(right)
    return game, wrong


def saved_text(**facts):
    game, _ = started_game()
    return game, save_text(game, Saved("Expert", "safe", 5, 42.3, clicks=3, **facts), "t")


def bitmap(mines, width):
    return sum(1 << (i * width + j) for i, j in mines)


def edited(text, old, new):
    assert text.count(old) == 1, old
    return text.replace(old, new)


# -- the secret ------------------------------------------------------------------------


def test_a_saved_game_shows_no_mine_no_wrong_flag_and_no_seed():
    game, text = saved_text()
    board_lines = [line for line in text.splitlines() if not line.startswith("#")]
    assert not any("*" in line or "f" in line for line in board_lines)
    assert "#= mines" not in text and "#= seed" not in text and "seed" not in text
    assert re.search(r"^#= sealed [0-9a-f]{32} [0-9a-f]+$", text, flags=re.M)
    assert text.splitlines()[-1].startswith("#= check ")


def test_without_the_data_folders_key_the_save_gives_no_mine_map():
    game, text = saved_text()
    bits = bitmap(game.mines, game.width)
    # No number written in the save is the mine map, read as hexadecimal or as decimal.
    for token in re.findall(r"[0-9a-f]{4,}", text):
        assert int(token, 16) != bits and int(token, 16) != bits >> 1
    assert format(bits, "x") not in text and str(bits) not in text
    sealed = re.search(r"^#= sealed (.*)$", text, flags=re.M)[1]
    plain = unseal(own_key(), sealed)
    assert plain is not None and format(bits, "x") in plain.decode()  # the key reads it
    other = unseal(SaveKey(b"\x01" * 32), sealed)
    assert other is not None and format(bits, "x") not in other.decode(errors="replace")
    # Sealed again, the same game reads differently: a fresh nonce each time.
    assert re.search(r"^#= sealed (.*)$", saved_text()[1], flags=re.M)[1] != sealed


def test_the_key_lives_in_the_data_folder_is_made_once_and_never_replaced(private_data_folder):
    assert read_key() is None  # none until the first save
    _, text = saved_text()
    path = key_path()
    assert path.parent == private_data_folder and path.exists()
    before = path.read_bytes()
    assert key_path().read_bytes() == before and own_key() == read_key()
    saved_text()
    assert path.read_bytes() == before  # one key for every save of this folder
    assert read_save(text)[1].doubt == ""


def test_a_bad_key_file_stops_a_save_in_one_line_and_is_left_alone(tmp_path, private_data_folder):
    key_path().write_text("not a key\n")
    app = App.new(BOARDS["beginner"], seed=6, save_dir=tmp_path)
    app.do("reveal", (4, 4))
    said = app.do("save").said
    assert said.startswith("Could not save: the key file") and str(key_path()) in said
    assert key_path().read_text() == "not a key\n" and not list(tmp_path.iterdir())


def test_a_key_that_cannot_be_written_stops_a_save_naming_the_file_and_why(
    tmp_path, private_data_folder, monkeypatch
):
    def full_disk(path, text):
        return NotWritten(path, None, "No space left on device")

    monkeypatch.setattr(store.saves, "write_atomically", full_disk)
    app = App.new(BOARDS["beginner"], seed=6, save_dir=tmp_path)
    app.do("reveal", (4, 4))
    said = app.do("save").said
    assert said == f"Could not save: Could not save {key_path()}: No space left on device."
    assert not key_path().exists() and not list(tmp_path.iterdir())


# -- the word ----------------------------------------------------------------------------


def test_a_saved_game_reads_back_as_it_was():
    game, wrong = started_game()
    marks = frozenset({(0, 0), (15, 29)})
    saved = Saved("Expert", "safe", 5, 42.3, 3, True, "0123abcd" * 4, True, marks, "Expert, saved")
    again, facts = read_save(save_text(game, saved, "Expert, saved"))
    assert facts == saved  # the check holds: no doubt
    assert again.mines == game.mines and again.revealed == game.revealed
    assert again.flags == game.flags and wrong in again.flags
    assert (again.first_click, again.seed, again.status()) == ("safe", 5, "playing")


@pytest.mark.parametrize(
    "old, new",
    [
        ("#= assisted yes", "#= assisted no"),  # the route of the issue: help edited away
        ("#= clock 42.300", "#= clock 12.300"),  # one byte of the clock
        ("# t\n", "# T\n"),  # one byte of the title
    ],
)
def test_an_edited_save_opens_as_an_assisted_game_and_says_why(old, new):
    game, text = saved_text(assisted="yes" in old)
    again, facts = read_save(edited(text, old, new))
    assert facts.assisted and "changed after it was saved" in facts.doubt
    assert again.mines == game.mines  # the mines themselves were not touched: still read


def test_a_flag_added_to_a_save_opens_it_as_assisted():
    game, text = saved_text()
    lines = text.splitlines()
    row = next(n for n, line in enumerate(lines) if line[:1] == "." and "F" not in line)
    lines[row] = "F" + lines[row][1:]
    again, facts = read_save("\n".join(lines))
    assert facts.assisted and "changed after it was saved" in facts.doubt
    assert len(again.flags) == len(game.flags) + 1 and again.mines == game.mines


def test_a_byte_of_the_sealed_mines_changed_opens_with_mines_that_agree_with_the_numbers():
    game, text = saved_text()
    sealed = re.search(r"^#= sealed (.*)$", text, flags=re.M)[1]
    flipped = sealed[:-1] + ("0" if sealed[-1] != "0" else "1")
    again, facts = read_save(edited(text, sealed, flipped))
    assert facts.assisted and "changed after it was saved" in facts.doubt
    assert "drawn afresh" in facts.doubt
    assert again.mine_count == 99 and not again.mines & again.revealed.keys()
    assert again.revealed == game.revealed  # every number shown is still true
    assert again.mines != game.mines  # a fresh draw (the chance of the same 99 is nil)


def test_a_save_opened_with_another_data_folder_opens_assisted(monkeypatch, tmp_path):
    game, text = saved_text()
    monkeypatch.setenv("MINESWEEPER_DATA_DIR", str(tmp_path / "elsewhere"))
    again, facts = read_save(text)
    assert facts.assisted and "another data folder's key" in facts.doubt
    assert "drawn afresh" in facts.doubt and again.revealed == game.revealed
    again, facts = read_save(text, SaveKey(b"\x02" * 32))  # a key of its own, not this one
    assert "another data folder's key" in facts.doubt and again.revealed == game.revealed


def test_a_save_reopened_in_the_window_says_why_it_is_assisted(tmp_path):
    app = App.new(BOARDS["beginner"], seed=6, save_dir=tmp_path)
    app.do("reveal", (4, 4))
    path = app.do("save").path
    path.write_text(path.read_text().replace("#= clicks 1", "#= clicks 0"))
    again = runner.app_from_args(["--position", str(path)])
    assert "It opens as an assisted game: it was changed after it was saved" in again.message
    assert again.session.ledger.helped_at_all and again.game.mines == app.game.mines


def test_an_older_save_with_its_mines_in_the_open_opens_assisted():
    game, _ = started_game()
    old = "# old\n#= saved 1\n#= board Expert\n#= seed 5\n#= clock 3.0\n" + game.to_text(True)
    again, facts = read_save(old)
    assert again.mines == game.mines and facts.assisted and "older version" in facts.doubt


def test_drawn_mines_are_uniform_among_the_arrangements_that_agree():
    # B2 shows 2 and B3 shows 1 on a 3x4 board with 2 mines: 12 arrangements, some with a
    # mine on a cell no number touches (A4, B4, C4): a sampler that weighed cells
    # instead of arrangements would draw those too rarely or too often.
    layout = parse_layout("#= saved 2\n....\n.21.\n....\n")
    every = placements(3, 4, 2, {(1, 1): 2, (1, 2): 1})
    rng = random.Random(33)
    draws = Counter(frozenset(draw_mines(layout, 2, rng)) for _ in range(1200))
    assert set(draws) == set(every) and len(every) == 12  # all agree, and all are drawn
    assert all(abs(n - 100) < 45 for n in draws.values()), draws  # 100 each, 4.5 sigma


def test_numbers_no_arrangement_fits_are_a_clear_error():
    layout = parse_layout("#= saved 2\n...\n.8.\n...\n")
    with pytest.raises(ValueError, match="no arrangement of 3 mines agrees"):
        draw_mines(layout, 3)


# -- the question marks ------------------------------------------------------------------


def test_question_marks_survive_a_save_and_its_reopening(tmp_path):
    app = App.new(BOARDS["beginner"], seed=6, save_dir=tmp_path)
    app.do("reveal", (4, 4))
    hidden = [c for c in app.game.cells() if c not in app.game.revealed][:2]
    for cell in hidden:
        app.do("flag", cell)
        app.do("flag", cell)  # flag, then question mark
    assert app.session.marks == set(hidden)
    path = app.do("save").path
    assert f"#= marks {' '.join(cell_name(c) for c in sorted(hidden))}" in path.read_text()
    again = runner.app_from_args(["--position", str(path)])
    assert again.session.marks == set(hidden) and again.game.flags == set()
    assert again.frame().tiles.count("?") == 2


# -- file messages in the window's language ------------------------------------------


@pytest.mark.parametrize(
    "fact, why",
    [
        ("#= clock soon", "'#= clock soon' should be the clock in seconds"),
        ("#= rule maybe", "'#= rule maybe' should be a first-click rule"),
        ("#= clicks -4", "'#= clicks -4' should be the clicks made"),
        ("#= game ../x", "hexadecimal"),
        ("#= board Huge", "'#= board Huge' should be a board's name"),
        ("#= marks Q99", "'#= marks Q99' should be cells on the board"),
    ],
)
def test_a_bad_fact_is_a_clear_error_naming_its_line(fact, why):
    _, text = saved_text(marks=frozenset({(0, 0)}))
    name = fact.split()[1]
    lines = text.splitlines()
    number = next(n for n, line in enumerate(lines, 1) if line.startswith(f"#= {name} "))
    lines[number - 1] = fact
    with pytest.raises(ValueError, match=f"^line {number}: .*{re.escape(why)}"):
        read_save("\n".join(lines))


def test_a_board_name_that_disagrees_with_the_size_is_a_clear_message():
    app = App.new(BOARDS["beginner"], seed=6)
    app.do("reveal", (4, 4))
    text = save_text(app.game, Saved("Beginner", "safe", 6, 1.0, 1), "Beginner 9x9")
    text = edited(text, "#= board Beginner", "#= board Expert")
    with pytest.raises(ValueError) as error:
        read_save(text)
    assert str(error.value) == (
        "line 3: '#= board Expert' is 16x30 with 99 mines, but the board below is 9x9 "
        "with 10: name it Custom, or put the size right"
    )


@pytest.mark.parametrize("missing", ["total", "rule", "clock"])
def test_a_missing_fact_line_is_named(missing):
    _, text = saved_text()
    text = "\n".join(line for line in text.splitlines() if not line.startswith(f"#= {missing} "))
    with pytest.raises(ValueError, match=f"the '#= {missing}' line is missing"):
        read_save(text)


@pytest.mark.parametrize("line", ["sealed", "check", "key"])
def test_a_missing_seal_check_or_key_line_is_named_and_the_game_opens_assisted(line):
    game, text = saved_text()
    text = "\n".join(x for x in text.splitlines() if not x.startswith(f"#= {line} "))
    again, facts = read_save(text)
    assert f"'#= {line}' line" in facts.doubt and facts.assisted
    assert again.revealed == game.revealed


def test_a_format_1_save_without_its_mines_line_names_the_missing_line():
    game, _ = started_game()
    old = "# old\n#= saved 1\n" + game.to_text(True)
    old = "\n".join(line for line in old.splitlines() if not line.startswith("#= mines"))
    with pytest.raises(ValueError, match="^the '#= mines' line is missing"):
        read_save(old)


def test_a_save_of_another_format_is_named():
    _, text = saved_text()
    with pytest.raises(ValueError, match=r"^line 2: '#= saved 7' is not a save this version"):
        read_save(edited(text, "#= saved 2", "#= saved 7"))


def test_mines_on_a_revealed_cell_name_the_cell_as_a1_and_the_line(tmp_path, capsys):
    position = tmp_path / "p.txt"
    position.write_text("# p\n#= mines 1\n0..\n...\n")  # the mine on A1, which shows 0
    with pytest.raises(SystemExit) as code:
        runner.app_from_args(["--position", str(position)])
    assert code.value.code == 2
    (error,) = capsys.readouterr().err.strip().splitlines()
    assert error == (
        f"runner.py: error: {position}: line 2: the '#= mines' line puts a mine on A1, "
        "which is revealed (see --help)"
    )


def test_a_wrong_number_names_its_line_column_and_cell():
    with pytest.raises(ValueError) as error:
        Game.from_text("# p\n*..\n..2\n")
    assert str(error.value) == "line 3, column 3 (B3): the cell shows 2 but 0 mines lie around it"


# -- as before ---------------------------------------------------------------------------


def test_a_resumed_game_plays_on_to_its_end():
    game, wrong = started_game()
    again, _ = read_save(save_text(game, Saved("Expert", "safe", 5, 1.0), "t"))
    again.toggle_flag(wrong)
    for cell in list(again.cells()):
        if cell not in again.mines and cell not in again.revealed:
            again.reveal(cell)
    assert again.won()


def test_restart_on_a_reopened_save_drops_the_saves_title(tmp_path):
    # The trial's finding: R on a reopened save dealt the board again, but the title
    # still said "(saved <date>)", as though the fresh game were the save.
    app = App.new(BOARDS["beginner"], seed=6, save_dir=tmp_path)
    app.do("reveal", (4, 4))
    path = app.do("save").path
    again = runner.app_from_args(["--position", str(path)])
    assert "(saved " in again.frame().title
    again.do("restart")
    assert again.frame().title == "Beginner 9x9, 10 mines, first click safe"
    assert again.session.ledger.helped_at_all  # the board was seen: the replay is assisted
    again.do("restart")
    assert "(saved " not in again.frame().title and again.session.ledger.helped_at_all


def test_a_teachers_position_is_not_a_saved_game():
    text = (POSITIONS / "03-subset.txt").read_text()
    game, facts = read_save(text)
    assert facts is None and game.revealed


def test_a_saved_game_must_hide_its_mines():
    game, _ = started_game()
    text = "# t\n#= saved 2\n" + game.to_text()  # the open form, marked as a save
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
    assert Statistics().boards  # the loss, counted


def test_every_edit_of_a_save_opens_assisted_or_is_a_one_line_error():
    game = Game(9, 9, 10, seed=4)
    game.reveal((4, 4))
    game.toggle_flag(next(c for c in game.cells() if c not in game.revealed))
    text = save_text(game, Saved("Beginner", "safe", 4, 4.0, 2, marks=frozenset({(8, 8)})), "t")
    rng = random.Random(7)
    seen = Counter()
    for _ in range(400):
        edit = list(text)
        for _ in range(rng.choice([1, 1, 2, 3])):
            i = rng.randrange(len(edit))
            edit[i : i + rng.choice([0, 1])] = rng.choice("0123456789abcdef.F*X#= \nxyz-")
        edit = "".join(edit)
        try:
            _, facts = read_save(edit)
        except ValueError as error:
            assert "\n" not in str(error) and str(error)
            seen["refused"] += 1
            continue
        if facts is None or not facts.doubt:
            assert edit.splitlines() == text.splitlines()  # only an edit that changed nothing
        else:
            assert facts.assisted
            seen["assisted"] += 1
    assert seen["refused"] > 50 and seen["assisted"] > 50
