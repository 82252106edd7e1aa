"""The student's AI behind a process boundary: CS50's calls in, answers or what went wrong out.

Their file runs in a child process (student/child.py, standard
library only) that is sent one request at a time and given `limit` seconds
to answer; past it the process is stopped, and the next game starts a new
one. Whatever their code does (raise, loop, print, exit, return garbage),
the answer is data: an Answer with the returned value and the AI's state
after the call, or a Failure that says what happened.

    process = StudentProcess(Path("minesweeper.py"), limit=3.0)
    process.start(seed=1, height=8, width=8)      # a new AI, their file loaded afresh
    process.call("make_safe_move")                # Answer(value=None or a cell, state=...)
    process.call("add_knowledge", (2, 3), 1)
    process.close()
"""

from __future__ import annotations

import contextlib
import json
import queue
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Optional

from sweeper.board import Cell

CHILD = Path(__file__).with_name("child.py")
LIMIT = 3.0  # seconds a call may take
GRACE = 2.0  # seconds past the limit to wait for a late call's report, if it has not come
LATE = 0.8  # the share of the limit after which a call still running sends its state
STARTUP = 20.0  # seconds a new process may take to say it is ready (a busy machine)


@dataclass(frozen=True)
class Frame:
    """One line of their traceback: their file, the line's number, the function, the code."""

    file: str
    line: int
    function: str
    code: str


@dataclass(frozen=True)
class Failure:
    """What went wrong in one call, in their process.

    kind: "error" (an exception), "exit" (their code called sys.exit),
    "unfit" (a value or state that is not CS50's interface, or a file
    without its classes), "timeout" (no answer within the limit: stopped),
    "ended" (the process died: os._exit, a crash, memory).
    """

    kind: str
    during: str  # "start", "state" (reading their attributes) or the method called
    what: str  # one line: "KeyError: (2, 3)", "self.mines holds 'A1', not a cell ..."
    frames: tuple[Frame, ...] = ()


@dataclass(frozen=True)
class State:
    """What their AI holds after a call, read through CS50's names."""

    mines: frozenset[Cell]
    safes: frozenset[Cell]
    moves_made: frozenset[Cell]
    knowledge: tuple[tuple[frozenset[Cell], int], ...]  # their sentences, in their order
    sentences: int  # how many sentences they hold (more than are sent, past KNOWLEDGE_SENT)
    # (k, cells, count): sentence k is the same object as after the last call, which said this
    changed: tuple[tuple[int, frozenset[Cell], int], ...] = ()
    shared: tuple[tuple[int, int], ...] = ()  # (k, j): sentence k holds sentence j's very set
    # sentences made during the call with another's very set of cells: (made, the other)
    made_shared: tuple[tuple[tuple[frozenset[Cell], int], tuple[frozenset[Cell], int]], ...] = ()


@dataclass(frozen=True)
class Answer:
    """One call's answer: the value returned and the state after, or the failure."""

    value: Any = None  # None, a Cell, or {"other": repr, "type": name} for anything else
    state: Optional[State] = None  # after a timeout: what the AI held when stopped, if it said
    failure: Optional[Failure] = None


def _cells(pairs: list[list[int]]) -> frozenset[Cell]:
    """Return [row, col] pairs as a set of cells."""
    return frozenset((int(r), int(c)) for r, c in pairs)


def _state(data: dict[str, Any]) -> State:
    """Return the state the child sent."""
    return State(
        _cells(data["mines"]),
        _cells(data["safes"]),
        _cells(data["moves_made"]),
        tuple((_cells(cells), int(count)) for cells, count in data["knowledge"]),
        int(data["sentences"]),
        tuple((int(k), _cells(cells), int(count)) for k, cells, count in data.get("changed", ())),
        tuple((int(k), int(j)) for k, j in data.get("shared", ())),
        tuple(
            ((_cells(cells), int(count)), (_cells(other), int(was)))
            for cells, count, other, was in data.get("made_shared", ())
        ),
    )


def _failure(data: dict[str, Any]) -> Failure:
    """Return the failure the child sent: an exception, sys.exit, or something unfit."""
    if "unfit" in data:
        return Failure("unfit", str(data.get("during", "")), str(data["unfit"]))
    error = data["error"]
    frames = _frames(error["frames"])
    if "exit" in error:
        return Failure("exit", error["during"], f"sys.exit({error['exit']})", frames)
    message = f"{error['type']}: {error['message']}" if error["message"] else error["type"]
    return Failure("error", error["during"], message, frames)


def _frames(frames: list[list[Any]]) -> tuple[Frame, ...]:
    """Return the frames the child sent: file, line, function, code."""
    return tuple(Frame(str(f), int(n), str(fn), str(code)) for f, n, fn, code in frames)


def answer_of(data: dict[str, Any]) -> Answer:
    """Return the Answer one line of the child's output holds."""
    if "value" in data:
        value = data["value"]
        if isinstance(value, list):
            value = (int(value[0]), int(value[1]))
        return Answer(value, _state(data["state"]))
    return Answer(failure=_failure(data))


class StudentProcess:
    """Their file in a process of its own, started when needed and stopped when it overruns."""

    def __init__(self, path: Path, limit: float = LIMIT) -> None:
        self.path = path.resolve()
        self.limit = limit
        self._process: Optional[subprocess.Popen[str]] = None
        self._lines: queue.Queue[Optional[str]] = queue.Queue()

    def start(self, seed: int, height: int, width: int) -> Answer:
        """Load their file afresh, seed the global random, build MinesweeperAI(height, width)."""
        loaded = self._ask({"do": "load", "path": str(self.path)}, "load")
        if loaded.failure is not None:
            return loaded
        return self._ask({"do": "start", "seed": seed, "height": height, "width": width}, "start")

    def call(self, name: str, *args: Any) -> Answer:
        """Call one of CS50's methods on their AI (add_knowledge takes a cell and a count)."""
        cells = [list(a) if isinstance(a, tuple) else a for a in args]
        request = {"do": "call", "name": name, "args": cells, "late": self.limit * LATE}
        return self._ask(request, name)

    def close(self) -> None:
        """Stop their process, if it runs."""
        process, self._process = self._process, None
        if process is None:
            return
        if process.stdin is not None:
            with contextlib.suppress(OSError):
                process.stdin.close()
        try:
            process.wait(timeout=1)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()

    def __enter__(self) -> StudentProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the process --------------------------------------------------------------

    def _spawn(self) -> Optional[Failure]:
        """Start a new process and wait until it is ready; a Failure if it never is."""
        self._lines = queue.Queue()
        self._process = subprocess.Popen(
            [sys.executable, "-B", str(CHILD)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            encoding="utf-8",
        )
        assert self._process.stdout is not None
        reader = threading.Thread(target=_read, args=(self._process.stdout, self._lines))
        reader.daemon = True
        reader.start()
        line = self._next(STARTUP)
        if line is None or "ready" not in line:
            self._kill()
            return Failure("ended", "start", "the checker could not start a Python process")
        return None

    def _ask(self, request: dict[str, Any], during: str) -> Answer:
        """Send one request and wait for its answer, at most self.limit seconds."""
        if self._process is None or self._process.poll() is not None:
            failed = self._spawn()
            if failed is not None:
                return Answer(failure=failed)
        process = self._process
        assert process is not None and process.stdin is not None
        try:
            process.stdin.write(json.dumps(request) + "\n")
            process.stdin.flush()
        except OSError:
            return Answer(failure=self._ended(during))
        deadline = time.monotonic() + self.limit
        late: Optional[State] = None  # what a call running late held by then
        running: tuple[Frame, ...] = ()  # ... and the lines of theirs it was on
        while True:
            try:
                line = self._next(max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                if late is None and not running:  # a loaded machine: the report may be on its way
                    late, running = self._report_of_late(request, late, running)
                self._kill()
                stopped = f"no answer within {self.limit:g} s: stopped"
                return Answer(state=late, failure=Failure("timeout", during, stopped, running))
            if line is None:
                return Answer(failure=self._ended(during))
            data = json.loads(line)
            if "loaded" in data:
                return Answer()
            if "late" not in data:
                return answer_of(data)
            late = _state(data["late"]) if data["late"] is not None else late
            running = _frames(data.get("frames", ()))

    def _report_of_late(
        self, request: dict[str, Any], late: Optional[State], running: tuple[Frame, ...]
    ) -> tuple[Optional[State], tuple[Frame, ...]]:
        """Wait a little past the limit for what a late call held and the line it was on.

        The child sends them from a timer thread at LATE of the limit; on a busy
        machine that thread can be scheduled after the limit has passed. The call
        is a timeout either way; this only keeps its evidence. An answer that
        comes in this time is the state the call ended with.
        """
        if "late" not in request:
            return late, running
        deadline = time.monotonic() + GRACE
        while True:
            try:
                line = self._next(max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                return late, running
            if line is None:
                return late, running
            data = json.loads(line)
            if "late" in data:
                state = _state(data["late"]) if data["late"] is not None else late
                return state, _frames(data.get("frames", ()))
            if "state" in data:
                return answer_of(data).state, running

    def _next(self, seconds: float) -> Optional[str]:
        """Return the child's next line (None at its end); queue.Empty after seconds."""
        return self._lines.get(timeout=seconds)

    def _ended(self, during: str) -> Failure:
        """Return the failure of a process that died, with its exit status."""
        process = self._process
        status = None
        if process is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                status = process.wait(timeout=2)
        self._kill()
        said = "" if status is None else f" (exit status {status})"
        return Failure("ended", during, f"their process ended{said}")

    def _kill(self) -> None:
        """Stop the process at once."""
        process, self._process = self._process, None
        if process is not None:
            process.kill()
            process.wait()
            for pipe in (process.stdin, process.stdout):
                if pipe is not None:
                    with contextlib.suppress(OSError):
                        pipe.close()


def _read(stream: IO[str], lines: queue.Queue[Optional[str]]) -> None:
    """Put every line the child writes on the queue, then None at its end."""
    try:
        for line in stream:
            lines.put(line)
    except (OSError, ValueError):
        pass
    lines.put(None)
