"""The student check: their own CS50 minesweeper.py, held call by call to the board and the judge.

    check    their MinesweeperAI plays seeded games; every call held against the real board
             and the judge (sweeper/judge.py); problems as data
    process  their file in a process of its own, with a time limit
    child    that process: standard library only, one JSON line in, one out
    report   a run's figures (--json) and its table

benchmark.py --student and the window's student mode (window/student.py) both use it; it
imports sweeper/ only, and its words are words/student.py's.
"""
