"""The AI's inside: board rules, notation, engine, positions, search and strategies.

Standard library only. minesweeper.py holds what CS50 students know (the
game, Sentence, MinesweeperAI) and imports from here; nothing here imports
minesweeper.py. The names other parts of the program use are exported here,
so that they import them from the model, not from CS50's file.
"""

from .board import (
    BOARDS,
    FIRST_CLICK_RULES,
    MAX_COLUMNS,
    MAX_ROWS,
    BoardSize,
    Cell,
    cell_name,
    kept_clear,
    max_mines,
    neighbours,
    parse_board_size,
    parse_cell,
    row_name,
)
from .engine import Contradiction, Rule, Solution, solve
from .noguess import NO_GUESS_SECONDS, NoGuessTimeout
from .notation import NOTATION, BoardText, parse_board, read_board_file
from .position import Odds, Position
from .records import Candidate, Counting, Decision, Knowledge, Step, StepLog
from .strategies import Strategy, default_strategies

__all__ = [
    "BOARDS",
    "FIRST_CLICK_RULES",
    "MAX_COLUMNS",
    "MAX_ROWS",
    "NOTATION",
    "NO_GUESS_SECONDS",
    "BoardSize",
    "BoardText",
    "Candidate",
    "Cell",
    "Contradiction",
    "Counting",
    "Decision",
    "Knowledge",
    "NoGuessTimeout",
    "Odds",
    "Position",
    "Rule",
    "Solution",
    "Step",
    "StepLog",
    "Strategy",
    "cell_name",
    "default_strategies",
    "kept_clear",
    "max_mines",
    "neighbours",
    "parse_board",
    "parse_board_size",
    "parse_cell",
    "read_board_file",
    "row_name",
    "solve",
]
