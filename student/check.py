"""Check a student's AI: their CS50 MinesweeperAI held against the real board and the judge.

Their file plays seeded games in a process of its own (student/process.py),
through CS50's interface only: MinesweeperAI(height, width), make_safe_move,
make_random_move, add_knowledge, and their mines, safes, moves_made and
knowledge read after every call. Every call is held against two things: the
real board (where the mines are) and the judge (sweeper/judge.py: what the
numbers told so far prove). The problems, one kind each:

    unsafe move       make_safe_move returned a cell that nothing proves safe (a mine,
                      or safe only by luck), or make_random_move one of their own mines
    wrong mark        a cell in their mines that is safe, or in their safes that is a mine
    wrong sentence    a sentence in their knowledge whose cells do not hold its count
    missed inference  make_safe_move returned None while CS50's rules (a count of 0 or a
                      full count, the subset rule) proved a cell safe
    error             an exception in their code, sys.exit, a value that is not a cell, a
                      move already played, or attributes that are not CS50's
    timeout           a call that did not return within the limit: their process is stopped

A cell proved safe only by counting arrangements or by the mine count is
noted apart, as beyond CS50's rules: not a fault.

A game is the window's: a move is revealed as the window reveals it (a 0
opens its neighbours) and their AI is told every opened cell, one
add_knowledge call each, in the order opened; so the first problem of a
seed opens in `runner.py --student FILE --seed S` move for move. CS50's
rules are 8x8 with 8 mines placed before the first move (first click
"none": the first move may hit one). Game i of a run has seed S + i.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from sweeper.board import Cell
from sweeper.game import Game, derive_seed
from sweeper.judge import Verdict, judge, seen, survey
from sweeper.position import Position

from .process import LIMIT, Answer, Failure, State, StudentProcess

KINDS = ("unsafe move", "wrong mark", "wrong sentence", "missed inference", "error", "timeout")
BEYOND = "beyond CS50's rules"  # noted, not a fault
CS50_RULES = ("zero", "full", "subset")
CS50_BOARD = (8, 8, 8)
CS50_FIRST_CLICK = "none"  # CS50's Minesweeper places its mines when it is made
KEPT = 50  # problems kept in order (all are counted)
TIMEOUT_GAMES = 5  # games ended by a timeout after which a run stops: each costs the limit

Sentence = tuple[frozenset[Cell], int]


class StudentFileError(ValueError):
    """Their file cannot be checked: not there, not Python, or without CS50's classes."""


@dataclass(frozen=True)
class Call:
    """One call made to their AI: which, with what, and the move it belongs to."""

    name: str  # "MinesweeperAI", "make_safe_move", "make_random_move" or "add_knowledge"
    move: int  # the move it belongs to: 0 before the first, k for the calls of move k
    cell: Optional[Cell] = None  # add_knowledge's cell
    count: Optional[int] = None  # add_knowledge's count


@dataclass(frozen=True)
class Problem:
    """One thing their AI got wrong (or a cell beyond CS50's rules), as data; words elsewhere.

    detail says which case of its kind: for an unsafe move "mine" (the cell
    held a mine), "luck" (safe, but nothing proved it) or "own mine" (a random
    move onto one of their own mines); for a wrong mark "mines" or "safes"; for
    a wrong sentence "shared" when their code made a Sentence with another's
    very set of cells (a change to one changes both), "changed" when a
    sentence they held already changed in place into it during the call
    (nothing added it), else ""; for an error
    "raised", "exit", "ended", "unfit", "not a cell", "off the board" or
    "played" (a move already played).
    """

    kind: str
    seed: int
    call: Call
    detail: str = ""
    cell: Optional[Cell] = None  # the cell at issue
    sentence: Optional[Sentence] = None  # a wrong sentence: its cells and count
    held: int = 0  # a wrong sentence: the mines its cells really hold
    was: Optional[Sentence] = None  # a sentence changed in place: what it said before the call
    shares: Optional[Sentence] = None  # another sentence holding the very same set of cells
    verdict: Optional[Verdict] = None  # unsafe move, missed inference, beyond: the judge's
    value: str = ""  # what was returned, when it was not a cell
    failure: Optional[Failure] = None  # error and timeout: what their process said
    numbers: tuple[tuple[Cell, int], ...] = ()  # the numbers their AI had been told, in order
    at: int = 0  # their states recorded by then: the state at the problem is history[at - 1]
    board: tuple[int, int, int] = CS50_BOARD  # the game's rows, columns and mines
    first_click: str = CS50_FIRST_CLICK
    backwards: Optional[tuple[Sentence, Sentence]] = None  # (smaller, larger) it came from

    @property
    def move(self) -> int:
        """Return the move the problem belongs to (0: before the first move)."""
        return self.call.move

    def position(self) -> Position:
        """Return what the numbers told by then show, with the mine total (the judge's input)."""
        height, width, mines = self.board
        return seen(height, width, dict(self.numbers), mines, self.first_click)


class StudentGame:
    """One game of their AI: ask it for moves, tell it what opened, hold every call to account.

    The game (a Game) belongs to whoever reveals: the play loop or
    the window. choose() asks their AI for its move; add_reveal() passes on
    what a reveal opened, as Solver.add_reveal is told it. Problems
    gather in self.problems, cells beyond CS50's rules in self.beyond;
    self.stopped is the problem that ended their part (an error or a
    timeout), after which they are asked nothing more.
    """

    def __init__(self, process: StudentProcess, game: Game, seed: int) -> None:
        self.process = process
        self.game = game
        self.seed = seed
        self.told: dict[Cell, int] = {}  # the numbers their AI was told, in order
        self.moves = 0
        self.problems: list[Problem] = []
        self.beyond: list[Problem] = []
        self.history: list[tuple[Call, State]] = []  # their state after each call that answered
        self.stopped: Optional[Problem] = None
        self._marked: set[tuple[str, Cell]] = set()
        self._sentences: set[Sentence] = set()

    last_decision = None  # the play loop asks; their AI's reasons are not known

    @property
    def mines(self) -> frozenset[Cell]:
        """Return the cells their AI holds as mines, by its last state."""
        return self.state.mines if self.state is not None else frozenset()

    @property
    def safes(self) -> frozenset[Cell]:
        """Return the cells their AI holds as safe, by its last state."""
        return self.state.safes if self.state is not None else frozenset()

    @property
    def state(self) -> Optional[State]:
        """Return their AI's state after the last call that answered (None before any)."""
        return self.history[-1][1] if self.history else None

    def state_at(self, problem: Problem) -> Optional[State]:
        """Return their AI's state when the problem was found (None before any)."""
        return self.history[problem.at - 1][1] if problem.at else None

    # -- the calls ------------------------------------------------------------------

    def begin(self) -> Optional[Failure]:
        """Build their AI afresh; the failure when their file did not load (the AI is not built)."""
        game = self.game
        answer = self.process.start(random_seed(self.seed), game.height, game.width)
        failed = answer.failure
        if failed is not None and failed.during == "load":
            self.stopped = self._problem("error", Call("MinesweeperAI", 0), "load", failure=failed)
            return failed
        self._answered(Call("MinesweeperAI", 0), answer)
        return None

    def choose(self) -> Optional[Cell]:
        """Return their move: make_safe_move's cell, else make_random_move's; None for none.

        None also when their part has stopped (an error or a timeout).
        """
        if self.stopped is not None:
            return None
        move = self.moves + 1
        call = Call("make_safe_move", move)
        answer = self._ask(call)
        if answer is None:
            return None
        if answer.value is None:
            self._missed(call)
            return self._random(move)
        cell = self._move(call, answer.value)
        if cell is not None:
            self._unsafe(call, cell)
        return cell

    def add_reveal(self, revealed: Iterable[tuple[Cell, int]], opening: bool = False) -> None:
        """Tell their AI what a move opened: add_knowledge(cell, count) for each cell, in order.

        opening: the cells a position starts with open, told before the first move (move 0).
        """
        self.moves += not opening
        for cell, count in revealed:
            if self.stopped is not None:
                return
            self.told[cell] = count
            self._ask(Call("add_knowledge", self.moves, cell, count), cell, count)

    # -- asking ---------------------------------------------------------------------

    def _ask(self, call: Call, *args: object) -> Optional[Answer]:
        """Make one call; the answer, or None when it failed (the failure is a problem)."""
        answer = self.process.call(call.name, *args)
        return answer if self._answered(call, answer) else None

    def _answered(self, call: Call, answer: Answer) -> bool:
        """Keep the state an answer brings and check it; False when the call failed."""
        if answer.state is not None:  # after a timeout too: what the runaway call had made
            self.history.append((call, answer.state))
            self._check_state(call, answer.state)
        failed = answer.failure
        if failed is not None:
            kind = "timeout" if failed.kind == "timeout" else "error"
            detail = "raised" if failed.kind == "error" else failed.kind
            self.stopped = self._problem(kind, call, detail, failure=failed)
            return False
        return True

    def _random(self, move: int) -> Optional[Cell]:
        """Ask make_random_move; its cell, or None when it has none (or failed)."""
        call = Call("make_random_move", move)
        answer = self._ask(call)
        if answer is None:
            return None
        cell = self._move(call, answer.value)
        state = self.state
        if cell is not None and state is not None and cell in state.mines:
            self._problem("unsafe move", call, "own mine", cell=cell)
        return cell

    def _move(self, call: Call, value: object) -> Optional[Cell]:
        """Return a returned value as a move; None for None, and for garbage (then an error)."""
        if value is None:
            return None
        game = self.game
        if not isinstance(value, tuple):
            shown = value.get("other", "") if isinstance(value, dict) else repr(value)
            self.stopped = self._problem("error", call, "not a cell", value=str(shown))
            return None
        cell: Cell = value
        if not (0 <= cell[0] < game.height and 0 <= cell[1] < game.width):
            self.stopped = self._problem("error", call, "off the board", value=repr(cell))
            return None
        if cell in self.told or cell in game.revealed:
            self.stopped = self._problem("error", call, "played", cell=cell)
            return None
        return cell

    # -- holding each call to account --------------------------------------------------

    def position_seen(self) -> Position:
        """Return what the numbers told so far show, with the mine total (the judge's input)."""
        game = self.game
        return seen(game.height, game.width, self.told, game.mine_count, game.first_click)

    def _unsafe(self, call: Call, cell: Cell) -> None:
        """A problem when nothing the AI was told proves cell safe."""
        position = self.position_seen()
        if cell in survey(position, strategies=()).safes:
            return  # the judge would say "right"; asked only for its verdict on the rest
        verdict = judge(position, cell, "safe")
        if verdict.word != "right":
            detail = "mine" if self._is_mine(cell) else "luck"
            self._problem("unsafe move", call, detail, cell=cell, verdict=verdict)

    def _missed(self, call: Call) -> None:
        """make_safe_move said None: a missed inference when CS50's rules prove a cell safe."""
        position = self.position_seen()
        safes = sorted(survey(position, strategies=()).safes - self.told.keys())
        if not safes:
            return
        verdicts = [judge(position, cell, "safe") for cell in safes]
        by_rules = [v for v in verdicts if v.word == "right" and v.rule in CS50_RULES]
        if by_rules:
            best = min(by_rules, key=lambda v: (len(v.proof), v.cell))
            self._problem("missed inference", call, cell=best.cell, verdict=best)
        else:
            best = min(verdicts, key=lambda v: (len(v.proof), v.cell))
            self.beyond.append(self._make(BEYOND, call, cell=best.cell, verdict=best))

    def _check_state(self, call: Call, state: State) -> None:
        """Problems for each new wrong mark and each new false sentence in their state.

        A false sentence that was there before the call and changed in place in
        a way no mark explains comes first: it is the likely cause of the rest
        (two Sentences sharing one set: a change to one is a change to both).
        """
        if not self.game.placed:
            return
        shares = dict(state.shared) | {j: k for k, j in state.shared}
        for made, twin in state.made_shared[:1]:  # the first is the cause; the rest repeat it
            self._problem(
                "wrong sentence", call, "shared", sentence=made, held=self._held(made),
                shares=twin,
            )  # fmt: skip
        for k, cells, count in state.changed:
            sentence = state.knowledge[k]
            if not unexplained((cells, count), sentence, state) or self._holds(sentence):
                continue
            self._sentences.add(sentence)
            self._problem(
                "wrong sentence", call, "changed", sentence=sentence, was=(cells, count),
                held=self._held(sentence), shares=partner(state, shares, k),
            )  # fmt: skip
        for name, marked in (("mines", state.mines), ("safes", state.safes)):
            for cell in sorted(marked - {c for n, c in self._marked if n == name}):
                self._marked.add((name, cell))
                if not self._on_board(cell) or self._is_mine(cell) != (name == "mines"):
                    self._problem("wrong mark", call, name, cell=cell)
        for k, sentence in enumerate(state.knowledge):
            if sentence in self._sentences:
                continue
            self._sentences.add(sentence)
            if not self._holds(sentence):
                self._problem(
                    "wrong sentence", call, sentence=sentence, held=self._held(sentence),
                    shares=partner(state, shares, k), backwards=backwards(sentence, state),
                )  # fmt: skip

    def _held(self, sentence: Sentence) -> int:
        """Return how many of the sentence's cells hold a mine on the real board."""
        return sum(1 for c in sentence[0] if self._is_mine(c))

    def _holds(self, sentence: Sentence) -> bool:
        """True when the sentence is true on the real board (every cell on it, the count right)."""
        cells, count = sentence
        return all(self._on_board(c) for c in cells) and self._held(sentence) == count

    def _on_board(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.game.height and 0 <= cell[1] < self.game.width

    def _is_mine(self, cell: Cell) -> bool:
        return cell in self.game.mines

    def _make(self, kind: str, call: Call, detail: str = "", **facts: Any) -> Problem:
        """Return a problem of this game, at this call."""
        game = self.game
        return Problem(
            kind, self.seed, call, detail, numbers=tuple(self.told.items()), at=len(self.history),
            board=(game.height, game.width, game.mine_count), first_click=game.first_click,
            **facts,
        )  # fmt: skip

    def _problem(self, kind: str, call: Call, detail: str = "", **facts: Any) -> Problem:
        """Record a problem of this game and return it."""
        problem = self._make(kind, call, detail, **facts)
        self.problems.append(problem)
        return problem


def backwards(sentence: Sentence, state: State) -> Optional[tuple[Sentence, Sentence]]:
    """Return (smaller, larger) of their sentences that a subset rule counted the wrong way
    round to make this one: its cells the larger's less the smaller's, its count the smaller's
    count less the larger's (not the larger's less the smaller's). None when none did."""
    cells, count = sentence
    counts: dict[frozenset[Cell], set[int]] = {}
    for c, n in state.knowledge:
        counts.setdefault(c, set()).add(n)
    for big, big_count in state.knowledge:
        if not cells < big:
            continue
        for small_count in sorted(counts.get(big - cells, ())):
            if count == small_count - big_count != big_count - small_count:
                return (big - cells, small_count), (big, big_count)
    return None


def partner(state: State, shares: dict[int, int], k: int) -> Optional[Sentence]:
    """Return the sentence that holds sentence k's very set of cells, if one does."""
    return state.knowledge[shares[k]] if k in shares else None


def unexplained(before: Sentence, after: Sentence, state: State) -> bool:
    """True when a sentence's change in place is not marking: cells gained, or lost unknown.

    Marking takes out cells known to be mines (lowering the count by one each)
    or safe, and nothing else.
    """
    (was, count), (now, left) = before, after
    gone = was - now
    known = gone <= state.mines | state.safes
    return bool(now - was) or not known or count - left != len(gone & state.mines)


def random_seed(seed: int) -> int:
    """Return the seed of their process's global random in game seed: not the board's own."""
    return derive_seed(seed, "student")  # the same numbers would put their first guess on a mine


# -- a run of games --------------------------------------------------------------------------


def play_game(process: StudentProcess, seed: int, board: tuple[int, int, int],
              rule: str) -> tuple[StudentGame, Optional[Failure]]:  # fmt: skip
    """Play one seeded game with their AI to its end; the game, and a failure to load their file.

    Their move, the reveal, their AI told what it opened, until the game
    ends or they have no move (as the benchmark's play loop, with no clock).
    """
    height, width, mines = board
    game = Game(height, width, mines, seed=seed, first_click=rule)
    student = StudentGame(process, game, seed)
    failed = student.begin()
    while failed is None and not game.is_over():
        cell = student.choose()
        if cell is None:
            break
        student.add_reveal(game.reveal(cell).revealed)
    return student, failed


@dataclass
class Tally:
    """A run's figures: games, wins, problems of each kind and in how many games, the first ones."""

    games: int = 0
    wins: int = 0
    counts: Counter[str] = field(default_factory=Counter)
    games_with: Counter[str] = field(default_factory=Counter)
    first: dict[str, Problem] = field(default_factory=dict)  # each kind's first problem
    problems: list[Problem] = field(default_factory=list)  # the first KEPT, in order
    stopped: str = ""  # why the run stopped before its last game, if it did
    first_state: Optional[State] = None  # their state at the first problem
    first_mines: frozenset[Cell] = frozenset()  # the mines of the first problem's game

    def add(self, student: StudentGame) -> None:
        """Count one game; keep its state and mines if it holds the run's first problem."""
        if not self.problems and student.problems:
            self.first_state = student.state_at(student.problems[0])
            self.first_mines = frozenset(student.game.mines)
        self.games += 1
        self.wins += student.game.won()
        found = student.problems + student.beyond
        for problem in found:
            self.counts[problem.kind] += 1
            self.first.setdefault(problem.kind, problem)
        for kind in {p.kind for p in found}:
            self.games_with[kind] += 1
        self.problems.extend(student.problems[: KEPT - len(self.problems)])

    @property
    def faults(self) -> int:
        """Return how many problems were found (cells beyond CS50's rules are not faults)."""
        return sum(self.counts[kind] for kind in KINDS)

    @property
    def first_problem(self) -> Optional[Problem]:
        """Return the run's first problem: the lowest seed, then the earliest call."""
        return self.problems[0] if self.problems else None


def check_student(
    path: Path,
    games: int,
    seed: int,
    limit: float = LIMIT,
    board: tuple[int, int, int] = CS50_BOARD,
    rule: str = CS50_FIRST_CLICK,
    progress: Optional[Callable[[int], None]] = None,
) -> Tally:
    """Play games seeded seed, seed + 1, ... with their AI and tally every problem.

    StudentFileError (one line) when the file is missing, is not Python, or
    has no Sentence and MinesweeperAI, or when loading it fails at the first game.
    """
    check_file(path)
    tally = Tally()
    with StudentProcess(path, limit) as process:
        for i in range(games):
            student, failed = play_game(process, seed + i, board, rule)
            if failed is not None and i == 0:
                raise StudentFileError(load_failure_text(path, failed))
            tally.add(student)
            if progress is not None:
                progress(1)
            if tally.games_with["timeout"] == TIMEOUT_GAMES and i + 1 < games:
                tally.stopped = (
                    f"{TIMEOUT_GAMES} games ended in a timeout (each waits {limit:g} s); "
                    f"{games - i - 1} games not played"
                )
                break
    return tally


def check_file(path: Path) -> None:
    """Raise StudentFileError when path is not a file that could be a Python module."""
    if not path.exists():
        raise StudentFileError(f"{path}: no such file")
    if not path.is_file():
        raise StudentFileError(f"{path} is a folder: give the path of their minesweeper.py")
    if path.suffix != ".py":
        raise StudentFileError(f"{path} is not a Python file (.py): give their minesweeper.py")


def load_failure_text(path: Path, failed: Failure) -> str:
    """Return one line: why their file could not be loaded, with their line when there is one."""
    if failed.kind == "unfit":
        return failed.what
    where = ""
    if failed.frames:
        frame = failed.frames[-1]
        where = f" at line {frame.line}" + (f" ({frame.code})" if frame.code else "")
    if failed.kind == "timeout":
        return f"loading {path} took longer than the limit: {failed.what}"
    return f"{path} could not be loaded: {failed.what}{where}"
