"""The benchmark's parts; benchmark.py is their command line.

    play      the one play loop: a player's move, the reveal, the AI told, until the end
    runs      seeded games for the tank and cs50 players, on processes or a cluster
    figures   each player's tally and the table of figures
    stats     Wilson intervals, quantiles, paired differences, McNemar's exact test
    exact     small boards over every placement of the mines, beside best play
    sets      board sets: our AI on another solver's boards, and writing sets
    paired    same-board comparisons: against a set's results, or two runs before/after
    replay    the boards only the other side wins, and our game on one stopped at a guess
    cluster   a Dask scheduler and its workers, fed the same chunks as local processes
    forget    copied into the code sent to workers: drops an earlier version's modules
    stress    the worst positions at full size, one fresh process each (python -m bench.stress)
    worst     the builders of those worst positions
    student   a student's CS50 AI checked call by call against the board and the judge
    student_process, student_child   their file in a process of its own, with a time limit
    student_report   the student check's figures and table
    trial     candidate techniques paired with today's AI, played only where they could act
    book      builds the opening book (sweeper/book.txt) by playing each candidate guess

Imports point one way: bench uses minesweeper.py and sweeper/; nothing there uses bench.
The window uses the student check (window/student_words.py and the window's student mode).
"""
