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
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NoReturn, Optional

Option = tuple[tuple[str, ...], dict[str, Any]]  # a row of an option table: flags, and how


class OneLineParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line, "prog: error: what (see --help)", exit 2.

    A value that starts with '-' and a digit ('--board -3x9x1') is read as the option's value,
    so that the option's own check says what is wrong with it; argparse would take it for
    an option and say only "expected one argument".
    """

    def error(self, message: str) -> NoReturn:
        """Print the one-line message and exit with status 2."""
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")

    def parse_known_args(  # type: ignore[override]
        self, args: Optional[Sequence[str]] = None, namespace: Optional[argparse.Namespace] = None
    ) -> tuple[argparse.Namespace, list[str]]:
        """Parse args (sys.argv's by default), a '-digit' value kept with its option."""
        given = list(sys.argv[1:] if args is None else args)
        return super().parse_known_args(self.dash_values(given), namespace)

    def dash_values(self, args: list[str]) -> list[str]:
        """Return args with '--option -3x9' written '--option=-3x9' where the option takes a
        value: a value that begins with a dash and a digit, not an option."""
        out: list[str] = []
        for arg in args:
            previous = out[-1] if out else ""
            action = self._option_string_actions.get(previous)
            if action is not None and action.nargs != 0 and arg[:1] == "-" and arg[1:2].isdigit():
                out[-1] = f"{previous}={arg}"
            else:
                out.append(arg)
        return out

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
