"""The AI's inside: board rules, notation, engine, positions, search and strategies.

Standard library only. minesweeper.py holds what CS50 students know (the
game, Sentence, MinesweeperAI) and imports from here; nothing here imports
minesweeper.py.
"""
