"""The command lines' parser: a bad argument is one line, not a usage block.

runner.py and benchmark.py both use it, and both write their options as a
table of option(...) rows that add_options() reads. argparse's own error() prints the
whole usage (five lines and more) before the message; a player or a script
wants the one line that says what was wrong and where to look. Both also
start through run(), so output piped to a reader that stops early (`| head`)
ends quietly instead of in a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterable
from typing import Any, NoReturn

Option = tuple[tuple[str, ...], dict[str, Any]]  # a row of an option table: flags, and how


class OneLineParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line, "prog: error: what (see --help)", exit 2."""

    def error(self, message: str) -> NoReturn:
        """Print the one-line message and exit with status 2."""
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")

    def add_options(self, table: Iterable[Option], one_of: bool = False) -> None:
        """Add every option of a table (one_of: at most one of them may be given)."""
        group = self.add_mutually_exclusive_group() if one_of else self
        for flags, how in table:
            group.add_argument(*flags, **how)


def option(*flags: str, **how: Any) -> Option:
    """Return one row of an option table: its flags, and how argparse reads it (help=...)."""
    return flags, how


def run(main: Callable[[], int]) -> int:
    """Return main()'s exit status; 1, quietly, when the reader of its output stopped early."""
    try:
        status = main()
        sys.stdout.flush()  # what is still buffered goes now, while a closed pipe can be caught
    except BrokenPipeError:
        # Python flushes stdout again at exit; pointing it at nothing keeps that flush quiet.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return status
