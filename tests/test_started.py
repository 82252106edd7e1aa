"""Every started game is on the record at once: real window processes killed, and two at once.

The windows here are real processes running the real loop (screen/loop.py) on SDL's
dummy drivers, started the way runner.py starts them, with clicks posted as mouse
events; the test kills one with SIGKILL, as a crash or a power cut would end it.
"""

import json
import os
import signal
import subprocess
import sys

import runner
from store.records import Statistics

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

DRIVER = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
import pygame
import runner
from screen.loop import Window

app = runner.app_from_args(sys.argv[2:])
pygame.display.init()
pygame.font.init()
window = Window(app)
window.open()
window.run(max_iterations=1)


def post(kind, **what):
    pygame.event.post(pygame.event.Event(kind, **what))


def click(cell):
    pos = window.layout().cell_rect(cell).center
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    return window.run(max_iterations=1)


def say(**what):
    print(json.dumps(what), flush=True)


say(message=app.message, board=app.session.board.spec)
for line in sys.stdin:
    word, *rest = line.split()
    game = app.game
    if word == "click":
        click((int(rest[0]), int(rest[1])))
    elif word == "finish":  # every safe cell, by clicks: a win
        for cell in list(game.cells()):
            if cell not in game.mines and cell not in game.revealed and not game.is_over():
                click(cell)
    elif word == "close":  # the window's close button
        post(pygame.QUIT)
        window.run(max_iterations=1)
    say(revealed=len(game.revealed), status=game.status(), message=app.message)
"""


class Window:
    """A real window process on the test's data folder, driven line by line."""

    def __init__(self, tmp_path, *argv):
        script = tmp_path / "driver.py"
        script.write_text(DRIVER)
        self.process = subprocess.Popen(
            [sys.executable, str(script), ROOT, *argv],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.opened = self.read()

    def read(self):
        line = self.process.stdout.readline()
        assert line, "the window process ended"
        return json.loads(line)

    def do(self, command):
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        return self.read()

    def close(self):
        self.process.stdin.close()
        return self.process.wait(timeout=60)


def started():
    return Statistics().started


def test_a_window_killed_after_its_first_click_counts_a_loss_at_the_next_start(
    tmp_path, private_data_folder
):
    window = Window(tmp_path, "--board", "beginner")
    assert window.do("click 4 4")["revealed"] > 0
    (line,) = started().values()  # on the record at the first click
    assert line["board"].startswith("Beginner 9x9") and line["clicks"] == 1
    # Another start while the window lives leaves its game alone: it is being played.
    meanwhile = runner.app_from_args([])
    assert "counts as a loss" not in meanwhile.message and not Statistics().boards
    os.kill(window.process.pid, signal.SIGKILL)
    assert window.process.wait(timeout=60) == -signal.SIGKILL
    again = runner.app_from_args([])
    assert "counts as a loss: Beginner 9x9, 10 mines" in again.message
    assert again.session.board.spec == "9x9x10"  # the board last played opens
    (record,) = Statistics().boards.values()
    assert (record.games, record.wins, record.assisted_games) == (1, 0, 0)
    assert started() == {} and not list((private_data_folder / "playing").iterdir())
    # Its actions went with the window: counted, but not kept in the history.
    assert not list(private_data_folder.glob("history/*.txt"))
    once_more = runner.app_from_args([])
    assert "counts as a loss" not in once_more.message  # counted once
    assert Statistics().boards[line["board"]].games == 1


def test_two_real_windows_on_one_folder_both_count_their_games(tmp_path, private_data_folder):
    first = Window(tmp_path, "--board", "5x5x3")
    first.do("click 0 0")
    second = Window(tmp_path, "--board", "5x5x3")
    assert "counts as a loss" not in second.opened["message"]  # the first one lives
    second.do("click 0 0")
    assert len(started()) == 2  # both on the record, each under its own line
    assert first.do("finish")["status"] == "won"
    assert second.do("close")["status"] == "playing"  # left: a loss
    assert first.close() == 0 and second.close() == 0
    stats = Statistics()
    (record,) = stats.boards.values()
    assert (record.games, record.wins) == (2, 1) and stats.started == {}
