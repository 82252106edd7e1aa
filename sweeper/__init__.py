"""The model: the game, the solver, board rules, notation, engine, positions, search, strategies.

Standard library only. The window, the benchmark, saves and records play
the game of game.py (Game) with the solver of solver.py (Solver), and read
the solver through agent.py's Agent. minesweeper.py is CS50's file, what
CS50 students know; nothing here imports it. The names other parts of the
program use are exported here, so that they import them from the model.
"""

from .agent import Agent
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
from .game import Game, MoveResult
from .noguess import NO_GUESS_SECONDS, NoGuessTimeout
from .notation import NOTATION, BoardText, parse_board, read_board_file
from .position import Odds, Position
from .records import Candidate, Counting, Decision, Knowledge, Step, StepLog
from .solver import Solver
from .strategies import Strategy, default_strategies

__all__ = [
    "BOARDS",
    "FIRST_CLICK_RULES",
    "MAX_COLUMNS",
    "MAX_ROWS",
    "NOTATION",
    "NO_GUESS_SECONDS",
    "Agent",
    "BoardSize",
    "BoardText",
    "Candidate",
    "Cell",
    "Contradiction",
    "Counting",
    "Decision",
    "Game",
    "Knowledge",
    "MoveResult",
    "NoGuessTimeout",
    "Odds",
    "Position",
    "Rule",
    "Solution",
    "Solver",
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
