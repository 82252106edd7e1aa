"""The AI as the window keeps it: its decision worked out once per moment, then reused.

No pygame here. In the window three things ask the AI what it would play at
the same moment: Think (and the lesson step ahead of the log, in class), the
odds overlay's outline, and the AI's move, whose make_move() asks choose()
itself. choose() is a looking call (asked again, it answers the same), so
this AI keeps its answer for the moment it was asked at: the position the AI
knows, one object per version of its knowledge. A new fact (a number told,
a cell marked, counting's conclusions) makes a new position, and the next
choose() works the decision out afresh.

choose() may run the endgame search, and make_move() adopts what that search
found into the game's memo (sweeper.position.Workspace.found). A kept answer
hands make_move() the findings of the search that made it, so the game's
memo, and with it every later move, is what it would have been.
"""

from __future__ import annotations

from typing import Any, Optional

from minesweeper import MinesweeperAI
from sweeper import Decision, Position
from sweeper.search import Memo


class WindowAI(MinesweeperAI):
    """CS50's AI with choose() answered once per moment (see the module's docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._chosen: Optional[tuple[Position, Optional[Decision], Memo]] = None

    def choose(self) -> Optional[Decision]:
        """Return the cell the AI would click now and why, worked out once per moment."""
        position = self.position()
        kept = self._chosen
        if kept is not None and kept[0] is position:
            position.workspace.found = kept[2]  # for make_move to adopt, as if searched now
            return kept[1]
        position.workspace.found = {}  # only this decision's findings are kept with it
        decision = super().choose()
        self._chosen = (position, decision, position.workspace.found)
        return decision
