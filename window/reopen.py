"""The game a start reopens: the newest one waiting in its save, as Windows 7 does.

No pygame here. A game saved and left stays on the record, waiting in its
save (store/records.py); a start that names no other game reopens it, and
its Ledger takes its started line over (a lock held), so leaving it then
without saving it again counts it as a loss.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

from store.records import waiting_saves
from store.settings import Settings
from sweeper import parse_board_size, read_board_file
from window.app import App


def reopened(
    board: Optional[str], first_click: str, save_dir: Path, settings: Settings
) -> Optional[App]:
    """Return an App on the newest game waiting in a save that opens (None: none does).

    board: the --board the start names, if any: a waiting game on another
    board is not reopened (that start plays another game, and settles it).
    """
    for path in waiting_saves():
        try:
            app = App.from_position(
                read_board_file(path), first_click, save_dir, path.name, settings
            )
        except ValueError:
            continue  # not a save that opens: the start counts it as a loss
        if board is not None and named_board(board) != app.session.board.spec:
            app.session.ledger.let_go()
            return None
        if app.session.ledger.adopted:
            return app
    return None


def named_board(text: str) -> str:
    """Return the HxWxM of a --board value ("" when it names none: the parser says why)."""
    try:
        return parse_board_size(text).spec
    except ValueError:
        return ""
