"""Make a worker forget any other version of this project's modules (see bench/cluster.py).

The cluster client copies this file into the zip of code it sends to the
workers, under a name unique to that code (minesweeper_code_<digest>.py).
A worker imports every module of the zip when it receives it, so it runs
this once per version of the code: it drops our modules from sys.modules,
and the next task imports them afresh from the new zip, first on the path.
Without it a worker that played an earlier checkout would keep that
checkout's submodules (only top-level modules are reloaded). Imported under
its own name (bench.forget), it does nothing.
"""

from __future__ import annotations

import sys

OURS = ("minesweeper", "sweeper", "bench")


def forget() -> list[str]:
    """Drop every module of ours from sys.modules; return their names."""
    names = [name for name in sys.modules if name.split(".")[0] in OURS]
    for name in names:
        del sys.modules[name]
    return names


if __name__.startswith("minesweeper_code_"):
    forget()
