"""The command lines' parser: a bad argument is one line, not a usage block.

runner.py and benchmark.py both use it. argparse's own error() prints the
whole usage (five lines and more) before the message; a player or a script
wants the one line that says what was wrong and where to look.
"""

from __future__ import annotations

import argparse
from typing import NoReturn


class OneLineParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line, "prog: error: what (see --help)", exit 2."""

    def error(self, message: str) -> NoReturn:
        """Print the one-line message and exit with status 2."""
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")
