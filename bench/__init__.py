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
    trial     candidate techniques paired with today's AI, played only where they could act
    book      builds the opening book (sweeper/book.txt) by playing each candidate guess
    differential  CS50's knowledge base and the fast one held to the same steps (python -m
              bench.differential)

Imports point one way: bench uses sweeper/ (its Game and Solver) and minesweeper.py;
nothing there uses bench. The student check is a package of its own (student/), which
benchmark.py and the window both use; bench/ and window/ never import each other.
"""
