"""Shared test set-up: headless SDL and the project folder on the import path."""

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Never the user's own data folder, not even for a fixture that runs before the per-test
# folder below (a module's fixture does): the whole run starts in a folder of its own.
os.environ["MINESWEEPER_DATA_DIR"] = tempfile.mkdtemp(prefix="minesweeper-tests-")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def private_data_folder(tmp_path_factory, monkeypatch):
    """Point the user's data folder at a temporary one: tests never touch the real one."""
    folder = tmp_path_factory.mktemp("user-data")
    monkeypatch.setenv("MINESWEEPER_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def pygame_display():
    """Start pygame's display and fonts for a window test; stop auto-play and events after."""
    import pygame

    from screen.input import AUTOPLAY_EVENT

    pygame.display.init()
    pygame.font.init()
    yield
    if pygame.display.get_init():
        pygame.time.set_timer(AUTOPLAY_EVENT, 0)
        pygame.event.clear()
    # Stop SDL, so that its signal handlers (SIGTERM only queues a quit event)
    # are not left to later tests, whose forked pool workers would inherit them.
    pygame.display.quit()
