"""A student's minesweeper.py in a process of its own: one JSON line in, one JSON line out.

student/process.py starts this file as a script (``python -B
child.py``) and writes requests to its standard input; each answer
is one line on its standard output. Before the student's file is loaded,
those two pipes are kept on private descriptors and the ordinary ones point
at nothing: their ``print`` goes nowhere and their ``input()`` reads
nothing, so whatever their code writes cannot break the conversation.

Requests:
    {"do": "load", "path": P}
        load P afresh (a new module, as a fresh ``python runner.py`` would)
    {"do": "start", "seed": S, "height": H, "width": W}
        seed the global random with S (CS50's make_random_move uses it) and
        build MinesweeperAI(height=H, width=W)
    {"do": "call", "name": N, "args": [...], "late": T}
        call the AI's method N: make_safe_move, make_random_move, or
        add_knowledge with [[row, col], count]; if it runs past T seconds,
        a {"late": state} line goes back first, what the AI holds by then

Every answer carries the AI's state after the call (its mines, safes,
moves_made and knowledge, read through CS50's names) or what went wrong:
an exception with the traceback lines of the student's own files only,
sys.exit, a value or a state that is not what CS50's interface promises.
The child imports nothing of this project: it is the student's process.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import os
import random
import signal
import sys
import threading
import time
import traceback
import weakref
from collections.abc import Iterable, Sized
from types import ModuleType
from typing import Any, Optional, TextIO

KNOWLEDGE_SENT = 5_000  # the most sentences sent back after one call
LATE_SENT = 500  # ... and while a call runs late (a runaway loop makes thousands)
MEMORY_BYTES = 2 << 30  # the process's address space, where the system lets it be limited
CALLS = ("make_safe_move", "make_random_move", "add_knowledge")
HERE = os.path.realpath(__file__)


class Unfit(Exception):
    """Their file, value or state is not what CS50's interface promises: one line says how."""


class Sink(io.TextIOBase):
    """A text stream that keeps nothing: where their prints go."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        return len(text)


def private_pipes() -> tuple[TextIO, TextIO]:
    """Return the conversation's pipes on private descriptors; point 0, 1 and 2 at nothing."""
    inbox = os.fdopen(os.dup(0), "r", encoding="utf-8")
    outbox = os.fdopen(os.dup(1), "w", encoding="utf-8")
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115  # for the process's life
    sys.stdout = sys.stderr = Sink()
    return inbox, outbox


def watch_parent() -> None:
    """End this process when the checker that started it is gone (even mid-call in a loop)."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


def limit_memory() -> None:
    """Cap the process's memory where the system allows, so a runaway list stops here."""
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    except (ImportError, ValueError, OSError):
        pass


# -- their file -------------------------------------------------------------------------


def load(path: str) -> ModuleType:
    """Return their file run afresh as a module named after it; Unfit without CS50's classes."""
    name = os.path.splitext(os.path.basename(path))[0]
    if name in sys.stdlib_module_names or name in ("__main__", "child"):
        name = f"student_{name}"  # a file named random.py must not stand in for random
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise Unfit(f"{path} cannot be loaded as Python (a .py file is needed)")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # their own helper modules may import it by name
    spec.loader.exec_module(module)
    wanted = ("Sentence", "MinesweeperAI")
    missing = [c for c in wanted if not isinstance(getattr(module, c, None), type)]
    if missing:
        raise Unfit(
            f"{path} has no class {' or '.join(missing)}: CS50's minesweeper.py defines "
            "Sentence and MinesweeperAI"
        )
    return module


class Sharing:
    """Watches their Sentence being made: one made with another live sentence's very set of cells.

    With `self.cells = cells`, Sentence(other.cells, n) shares other's set:
    a change to one is then a change to both, and the damage shows only
    later, as a wrong mark. Their class is wrapped, its behaviour unchanged.
    """

    def __init__(self) -> None:
        self.made: list[Any] = []  # weak references to the sentences made so far
        self.found: list[list[Any]] = []  # [cells, count, other's cells, other's count]

    def watch(self, sentence_class: Any) -> None:
        """Wrap the class's __init__ to look, after it, for a twin holding the same set."""
        made = sentence_class.__init__
        sharing = self

        def init(self: Any, *args: Any, **kwargs: Any) -> None:
            made(self, *args, **kwargs)
            sharing.look(self)

        sentence_class.__init__ = init

    def look(self, sentence: Any) -> None:
        """Note a sentence just made if its cells are another live sentence's very set."""
        cells = getattr(sentence, "cells", None)
        alive = [ref for ref in self.made if ref() is not None]
        for ref in alive:
            other = ref()
            if other is not sentence and getattr(other, "cells", None) is cells:
                try:
                    now = [cells_of(cells, "cells"), sentence.count]
                    self.found.append([*now, cells_of(other.cells, "cells"), other.count])
                except Exception:  # noqa: BLE001  # their values are theirs to get wrong
                    pass
                break
        with contextlib.suppress(TypeError):  # no weak references (__slots__): not followed
            alive.append(weakref.ref(sentence))
        self.made = alive

    def drain(self) -> list[list[Any]]:
        """Return what was found since the last answer, and forget it."""
        found, self.found = self.found, []
        return found


def theirs(filename: str, folder: str) -> bool:
    """True when a traceback's file is one of theirs: in their folder, not this file."""
    real = os.path.realpath(filename)
    return real != HERE and os.path.dirname(real) == folder


def failure(error: BaseException, folder: str, during: str) -> dict[str, Any]:
    """Return an exception as data: its type, message and their own traceback lines only."""
    frames = [
        [os.path.basename(f.filename), f.lineno or 0, f.name, (f.line or "").strip()]
        for f in traceback.extract_tb(error.__traceback__)
        if theirs(f.filename, folder)
    ]
    if isinstance(error, SyntaxError) and error.filename and theirs(error.filename, folder):
        code = (error.text or "").strip()
        frames.append([os.path.basename(error.filename), error.lineno or 0, "", code])
    if isinstance(error, SystemExit):
        return {"exit": repr(error.code), "frames": frames[-8:], "during": during}
    try:
        message = error.msg if isinstance(error, SyntaxError) else str(error)
    except Exception:  # their exception's __str__ is their code too
        message = ""
    return {
        "type": type(error).__name__,
        "message": cut(message, 200) if isinstance(message, str) else "",
        "frames": frames[-8:],  # a recursion that never ends is thousands of the same line
        "during": during,
    }


def shown(value: object, most: int = 80) -> str:
    """Return repr(value) cut to most characters; what repr raised, if it did."""
    try:
        text = repr(value)
    except Exception as error:  # their __repr__ is their code too
        text = f"<a {type(value).__name__} whose repr raised {type(error).__name__}>"
    return cut(text, most)


def cut(text: str, most: int) -> str:
    """Return text, cut to most characters with "..." when longer."""
    return text if len(text) <= most else text[: most - 3] + "..."


# -- what crosses the pipe --------------------------------------------------------------


def whole(value: object) -> bool:
    """True for a whole number (an int, not a bool)."""
    return isinstance(value, int) and not isinstance(value, bool)


def value_of(value: object) -> Any:
    """Return a returned value as data: None, [row, col] for a pair of ints, else what it was."""
    if value is None:
        return None
    if isinstance(value, tuple) and len(value) == 2 and all(whole(v) for v in value):
        return [int(v) for v in value]
    return {"other": shown(value), "type": type(value).__name__}


def cells_of(group: object, name: str) -> list[list[int]]:
    """Return a group of cells as [row, col] pairs; Unfit when it is not a group of (row, col)."""
    if not isinstance(group, Iterable) or isinstance(group, (str, bytes, dict)):
        raise Unfit(f"{name} is {shown(group)}, not a set of cells")
    found = []
    for cell in group:
        if not (isinstance(cell, tuple) and len(cell) == 2 and all(whole(v) for v in cell)):
            raise Unfit(f"{name} holds {shown(cell)}, not a cell (row, column)")
        found.append([int(cell[0]), int(cell[1])])
    return found


def state_of(ai: Any, most: int = KNOWLEDGE_SENT) -> dict[str, Any]:
    """Return what the AI holds under CS50's names: mines, safes, moves_made, knowledge."""
    state: dict[str, Any] = {}
    for name in ("mines", "safes", "moves_made"):
        state[name] = cells_of(getattr(ai, name), f"self.{name}")
    knowledge = ai.knowledge
    if not isinstance(knowledge, Iterable) or isinstance(knowledge, (str, bytes, dict)):
        raise Unfit(f"self.knowledge is {shown(knowledge)}, not a list of sentences")
    sentences = []
    for k, sentence in enumerate(knowledge):
        if k == most:
            break
        if not (hasattr(sentence, "cells") and hasattr(sentence, "count")):
            raise Unfit(f"self.knowledge holds {shown(sentence)}, not a Sentence")
        count = sentence.count
        if not whole(count):
            raise Unfit(f"a sentence's count is {shown(count)}, not a whole number")
        sentences.append([cells_of(sentence.cells, "a sentence's cells"), int(count)])
    state["knowledge"] = sentences
    state["sentences"] = len(knowledge) if isinstance(knowledge, Sized) else len(sentences)
    sets: dict[int, int] = {}  # id of a set of cells -> the first sentence holding it
    state["shared"] = []  # [k, j]: sentence k holds the very set of cells sentence j holds
    for k, sentence in enumerate(knowledge):
        if k == most:
            break
        first = sets.setdefault(id(sentence.cells), k)
        if first != k:
            state["shared"].append([k, first])
    return state


class Kept:
    """Their sentences as the last answer left them, by identity: to see one change in place.

    A weak reference tells a sentence that lived on from a new one that
    happens to get a dead one's id.
    """

    def __init__(self) -> None:
        self.said: dict[int, tuple[Any, list[Any]]] = {}  # id -> (weak reference, [cells, count])

    def changed(self, knowledge: Iterable[Any], sent: list[list[Any]]) -> list[list[Any]]:
        """Return [k, cells before, count before] for each sentence sent that changed in place."""
        found, said = [], {}
        for k, (sentence, now) in enumerate(zip(knowledge, sent, strict=False)):
            before = self.said.get(id(sentence))
            if before is not None and before[0]() is sentence and before[1] != now:
                found.append([k, *before[1]])
            try:
                said[id(sentence)] = (weakref.ref(sentence), now)
            except TypeError:  # a class with __slots__ and no weak references: not followed
                continue
        self.said = said
        return found


# -- the conversation -------------------------------------------------------------------


class Child:
    """The student's AI, the requests that reach it, and the pipe its answers go back on."""

    def __init__(self, outbox: TextIO) -> None:
        self.ai: Any = None
        self.module: Optional[ModuleType] = None
        self.folder = ""
        self.outbox = outbox
        self.sending = threading.Lock()
        self.kept = Kept()
        self.sharing = Sharing()
        self.main = threading.get_ident()  # the thread their calls run on

    def send(self, answer: dict[str, Any]) -> None:
        """Write one answer as a line (from either thread: one line at a time)."""
        try:
            text = json.dumps(answer)
        except (TypeError, ValueError, RecursionError) as error:
            text = json.dumps({"unfit": f"an answer could not be sent: {error}"})
        with self.sending:
            self.outbox.write(text + "\n")
            self.outbox.flush()

    def answer(self, request: dict[str, Any]) -> dict[str, Any]:
        """Return the answer to one request; their failures are answers, never our crash."""
        do = request.get("do")
        during = str(do) if do in ("load", "start") else str(request.get("name"))
        watch = None
        try:
            if do == "load":
                self.load(request)
                return {"loaded": True}
            if do == "start":
                self.start(request)
                value = None
            else:
                watch = self.watch(request.get("late"))
                value = self.call(str(request.get("name")), request.get("args", []))
        except Unfit as unfit:
            return {"unfit": str(unfit), "during": during}
        except BaseException as error:  # noqa: B036  # sys.exit and KeyboardInterrupt are theirs too
            return {"error": failure(error, self.folder, during)}
        finally:
            if watch is not None:
                watch.cancel()
        try:
            state = state_of(self.ai)
            state["changed"] = self.kept.changed(self.ai.knowledge, state["knowledge"])
            state["made_shared"] = self.sharing.drain()
            return {"value": value_of(value), "state": state}
        except Unfit as unfit:
            return {"unfit": str(unfit), "during": "state"}
        except BaseException as error:  # noqa: B036
            return {"error": failure(error, self.folder, "state")}

    def watch(self, seconds: object) -> Optional[threading.Timer]:
        """Start a timer that sends the AI's state if the call runs past seconds (None: no timer).

        A call that never ends is stopped by the parent; what the AI held by
        then (the sentences a runaway loop was making) is still worth seeing.
        """
        if not isinstance(seconds, (int, float)) or seconds <= 0:
            return None
        timer = threading.Timer(seconds, self.late)
        timer.daemon = True
        timer.start()
        return timer

    def late(self) -> None:
        """Send the AI's state while their call still runs, and the line their code is on.

        The state is read again if it changes under the reading; the lines are
        their own frames of the running call (the stack of the thread it runs on).
        """
        state = None
        for _ in range(5):
            try:
                state = state_of(self.ai, LATE_SENT)
            except RuntimeError:  # a set or list changed size under the reading: again
                continue
            except BaseException:  # noqa: B036  # no state to send; the lines still go
                pass
            break
        self.send({"late": state, "frames": self.running()})

    def running(self) -> list[list[Any]]:
        """Return the frames of their file that the running call is in, outermost first."""
        frame = sys._current_frames().get(self.main)
        if frame is None:
            return []
        return [
            [os.path.basename(f.filename), f.lineno or 0, f.name, (f.line or "").strip()]
            for f in traceback.extract_stack(frame)
            if theirs(f.filename, self.folder)
        ][-8:]

    def load(self, request: dict[str, Any]) -> None:
        """Load their file afresh (a new module each game, as a fresh runner.py would)."""
        path = os.path.realpath(str(request["path"]))
        self.folder = os.path.dirname(path)
        if self.folder not in sys.path:
            sys.path.insert(0, self.folder)  # as for CS50's runner.py beside their file
        self.ai = self.module = None
        self.module = load(path)
        self.sharing = Sharing()
        self.sharing.watch(self.module.Sentence)

    def start(self, request: dict[str, Any]) -> None:
        """Seed the global random (CS50's make_random_move uses it) and build their AI."""
        if self.module is None:
            raise Unfit("their file is not loaded")
        random.seed(request["seed"])
        self.kept = Kept()
        self.ai = self.module.MinesweeperAI(height=request["height"], width=request["width"])

    def call(self, name: str, args: list[Any]) -> object:
        """Call one of CS50's methods on their AI; cells arrive as lists and go in as tuples."""
        if self.ai is None or name not in CALLS:
            raise Unfit(f"no game to call {name} in")
        if name == "add_knowledge":
            (row, col), count = args
            return self.ai.add_knowledge((row, col), count)
        return getattr(self.ai, name)()


def main() -> None:
    """Answer requests until the pipe closes."""
    inbox, outbox = private_pipes()
    limit_memory()
    watch_parent()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C stops the checker, which stops this
    sys.dont_write_bytecode = True  # their folder gets no __pycache__ (python -B says it too)
    child = Child(outbox)
    child.send({"ready": True})
    for line in inbox:
        try:
            answer = child.answer(json.loads(line))
        except BaseException as error:  # noqa: B036  # our side: say so rather than hang
            answer = {"unfit": f"the checker's process failed: {type(error).__name__}: {error}"}
        child.send(answer)


if __name__ == "__main__":
    del sys.path[0]  # student/: its modules must not shadow the student's imports
    main()
