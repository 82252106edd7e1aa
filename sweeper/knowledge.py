"""CS50's knowledge base as the AI keeps it: sentences filed by cells, each learning call whole.

Glossary
--------
Sentence   "``count`` of these ``cells`` are mines", over cells not yet known.
           Filed here as a ``Clause``: its cells are a mask, one bit a cell
           (sweeper/bits.py), so "inside" is ``a & ~b == 0`` and taking a
           cell out is one AND. CS50's ``Sentence`` objects in
           ``ai.knowledge`` are made from the clauses when someone reads them.
Known      a cell proved a mine or safe; it is taken out of every sentence.
Learning   a call that changes the knowledge: telling a number (``tell``),
           giving known cells (``give``), drawing counting's certainties in
           (``learn_counted``). Each records its steps, and each is whole:
           a contradiction part way leaves everything as it was.
Step       one thing learned: the rule, its premises, its conclusion
           (sweeper.records), with its sentences as cells.

The rules, applied until nothing changes (``infer``):
    zero     a count of 0 makes every cell safe;
    full     a count equal to the number of cells makes every cell a mine;
    subset   a sentence inside another leaves the difference:
             set2 - set1 = count2 - count1.

Other code may edit the sets ``mines``, ``safes`` and ``moves_made``
directly (CS50's code does); the next learning call takes the edits in.
"""

from __future__ import annotations

import dataclasses
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, Generic, Optional, Protocol, TypeVar

from .bits import Grid, grid
from .board import Cell, cell_name
from .engine import Contradiction, Pair, Rule
from .position import Position, Workspace
from .records import Decision, Knowledge, Step, StepLog, counting_step, knowledge_after


def bits_of(mask: int) -> list[int]:
    """Return the positions of a sentence's bits, lowest first (a few: no generator needed)."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


class Clause:
    """A sentence as the knowledge base files it: count of the cells in mask are mines."""

    __slots__ = ("mask", "count")

    def __init__(self, mask: int, count: int) -> None:
        self.mask = mask
        self.count = count


class SentenceIndex:
    """Where each sentence is filed: by its cells, and under each cell (by its bit's index).

    Invariant between learning calls: no filed sentence is empty, none names
    a known cell, and no two name the same cells. A sentence is taken out
    (unfile) before its cells change and filed again after.
    """

    def __init__(self, grid: Grid) -> None:
        self.grid = grid
        self.by_mask: dict[int, Clause] = {}
        self.under: list[dict[int, Clause]] = [{} for _ in range(grid.size)]
        self.order: dict[int, Clause] = {}  # id -> clause, in the order first filed

    def file(self, clause: Clause) -> bool:
        """File a sentence; False (and not filed) when it is empty or its cells are filed already.

        Raises Contradiction when its count cannot hold, or another sentence
        over the same cells has another count.
        """
        mask = clause.mask
        if not 0 <= clause.count <= mask.bit_count():
            words = self.words(mask, clause.count)
            raise Contradiction(f"{words} cannot hold: the numbers contradict each other")
        twin = self.by_mask.get(mask)
        if twin is not None and twin is not clause:
            if twin.count != clause.count:
                words, other = self.words(mask, clause.count), self.words(mask, twin.count)
                raise Contradiction(f"{words} contradicts {other}")
            self.order.pop(id(clause), None)
            return False
        if not mask:
            self.order.pop(id(clause), None)
            return False
        self.by_mask[mask] = clause
        under, key = self.under, id(clause)
        for k in bits_of(mask):
            under[k][key] = clause
        self.order.setdefault(key, clause)
        return True

    def unfile(self, clause: Clause, keep_place: bool = False) -> None:
        """Take a filed sentence out; keep_place when it will be filed again after a change."""
        mask = clause.mask
        if self.by_mask.get(mask) is clause:
            del self.by_mask[mask]
        under, key = self.under, id(clause)
        for k in bits_of(mask):
            under[k].pop(key, None)
        if not keep_place:
            self.order.pop(key, None)

    def take_out(self, clause: Clause, k: int, mine: bool) -> bool:
        """Take the cell of bit k (a known mine, or safe) out of a filed sentence; True if it stays.

        It leaves when it becomes empty or the same as another sentence (as
        file would refuse it). Only the cell's own entry and the sentence's
        key change: its other cells keep it filed under them.
        """
        del self.by_mask[clause.mask]
        self.under[k].pop(id(clause), None)
        clause.mask ^= 1 << k
        clause.count -= mine
        mask = clause.mask
        if not 0 <= clause.count <= mask.bit_count():
            words = self.words(mask, clause.count)
            raise Contradiction(f"{words} cannot hold: the numbers contradict each other")
        twin = self.by_mask.get(mask)
        if twin is None and mask:
            self.by_mask[mask] = clause
            return True
        if twin is not None and twin.count != clause.count:
            words, other = self.words(mask, clause.count), self.words(mask, twin.count)
            raise Contradiction(f"{words} contradicts {other}")
        self.unfile(clause)
        return False

    def holds(self, clause: Clause) -> bool:
        """True when the sentence is filed (still in the knowledge base), as it is now."""
        return self.by_mask.get(clause.mask) is clause

    def naming(self, k: int) -> list[Clause]:
        """Return the filed sentences that name the cell of bit k."""
        return list(self.under[k].values())

    def sentences(self) -> list[Clause]:
        """Return the filed sentences in the order they were first filed."""
        return list(self.order.values())

    def words(self, mask: int, count: int) -> str:
        """Return a sentence with cell names, for error messages."""
        return f"{{{', '.join(cell_name(c) for c in self.grid.members(mask))}}} = {count}"


class KnowledgeBase:
    """What the AI has learned: numbers told, known mines and safe cells, sentences, and the steps.

    mines, safes and moves_made are CS50's sets, kept in step with the
    masks the knowledge base learns with. Other code may edit or replace
    them between calls once it has been handed them (watch): the next
    learning call takes the edits in. Every learning call runs inside
    learning() and is whole.

    Steps cost time and most games are never looked at, so a knowledge base
    made with record=False writes none: it keeps a tape of what it was told
    (a few words a call) and, the first time someone reads its steps, plays
    the tape again with recording on. Learning never looks at steps, so the
    replay gives the steps the game would have recorded. The tape also makes
    a call whole: a call that fails is undone by playing the tape again
    without it, which costs nothing in a game where no call fails.
    """

    def __init__(self, height: int, width: int, record: bool = True) -> None:
        self.height = height
        self.width = width
        self.grid = grid(height, width)
        self.record = record
        self.mines: set[Cell] = set()
        self.safes: set[Cell] = set()
        self.moves_made: set[Cell] = set()
        self.revealed: dict[Cell, int] = {}  # the numbers told, in the order told
        self.version = 0  # one more after every learning call
        self.watched = False  # CS50's sets were handed out: other code may edit them
        self._mines = self._safes = self._played = 0  # the three sets as masks
        self._steps = StepLog()
        self._proofs: dict[Cell, int] = {}  # a known safe cell -> the step that proved it
        self._proved: dict[Cell, str] = {}  # a known safe cell -> the rule that proved it
        self._index = SentenceIndex(self.grid)
        self._queue: deque[Clause] = deque()
        self._applied: tuple[set[Cell], set[Cell]] = (set(), set())  # as the last call left them
        self._tape: list[tuple[Any, ...]] = []  # every call, to play again (see replay)
        self._call: list[tuple[Any, ...]] = []  # the call under way, as it goes on the tape

    # -- the sentences and the steps ----------------------------------------------------

    def pairs(self) -> list[Pair]:
        """Return every sentence as a (cells, count) pair, in the order first filed."""
        members = self.grid.members
        return [(frozenset(members(c.mask)), c.count) for c in self._index.order.values()]

    def rule(self, mask: int, count: int) -> Rule:
        """Return a sentence as steps keep it: its cells, frozen, and its count."""
        return Rule(frozenset(self.grid.members(mask)), count)

    @property
    def steps(self) -> StepLog:
        """Return every step learned, in order (recorded now, if they were not)."""
        if not self.record:
            played = self.replay(record=True)
            self._steps, self._proofs, self.record = played._steps, played._proofs, True
        return self._steps

    def step(self, rule: str, **facts: Any) -> None:
        """Record a step of rule with its facts (and how many cells were told), when recording."""
        if not self.record:
            return
        index = self._steps.note(rule, len(self.revealed), facts)
        for cell in facts.get("safes", ()):
            self._proofs.setdefault(cell, index)

    def move(self, cell: Cell, decision: Decision) -> None:
        """Record the AI's move (a step, not a learning call).

        A known safe cell's decision names the step that proved it, which a
        knowledge base that records no steps leaves out: played again with
        recording on, the move gets it.
        """
        self._tape.append(("move", cell, decision))
        if self.record and decision.strategy == "known safe" and decision.proof is None:
            decision = dataclasses.replace(decision, proof=self._proofs.get(cell))
        self.step("move", cell=cell, decision=decision)

    # -- a learning call, whole --------------------------------------------------------

    @contextmanager
    def learning(self, edited: Optional[list[Pair]] = None) -> Iterator[None]:
        """Run one learning call as a whole: take in direct edits first, infer after, undo on error.

        edited: the sentences as other code left them, when it changed them.
        A Contradiction part way leaves the knowledge exactly as it was
        before the call (after the direct edits, which are taken in for good).
        """
        self._call = []
        self._reconcile(edited)
        taken_in = len(self._call)
        try:
            yield
            self.infer()
        except Contradiction:
            del self._call[taken_in:]
            self._tape.append(("call", tuple(self._call)))
            self._restore(self.replay(self.record))
            raise
        else:
            self._tape.append(("call", tuple(self._call)))
        finally:
            self.version += 1
            if self.watched:
                self._applied = (set(self.mines), set(self.safes))

    def watch(self) -> None:
        """Note that other code holds CS50's sets from now on, and may edit them."""
        if not self.watched:
            self.watched = True
            self._applied = (set(self.mines), set(self.safes))

    def edited(self) -> bool:
        """True when other code changed mines or safes since the last learning call."""
        return self.watched and (self.mines, self.safes) != self._applied

    def _reconcile(self, edited: Optional[list[Pair]]) -> None:
        """Take in direct changes by other code: sentences, cells in mines, safes, moves made."""
        if edited is not None:
            self._call.append(("edited", edited))
            self._refile_all(edited)
        if not self.watched:
            return
        self._played = self.grid.mask(self.moves_made)
        if self.edited():
            mines, safes = self._applied
            given = (frozenset(self.mines - mines), frozenset(self.safes - safes))
            self.mines.difference_update(given[0])
            self.safes.difference_update(given[1])
            self._mines, self._safes = self.grid.mask(self.mines), self.grid.mask(self.safes)
            self.give(*given)

    def _refile_all(self, edited: list[Pair]) -> None:
        """Rebuild the index from the sentences as other code left them; new ones are given."""
        before = set(self.pairs())
        self._index = SentenceIndex(self.grid)
        added: list[Rule] = []
        mask = self.grid.mask
        for cells, count in edited:
            clause = self._less_known(mask(cells), count)
            if self._index.file(clause):
                self._queue.append(clause)
                if (cells, count) not in before:
                    added.append(self.rule(clause.mask, clause.count))
        if added:
            self.step("given", added=tuple(added))

    def replay(self, record: bool) -> KnowledgeBase:
        """Return a knowledge base told everything this one was told, call by call."""
        played = KnowledgeBase(self.height, self.width, record)
        for entry in self._tape:
            if entry[0] == "move":
                played.move(entry[1], entry[2])
                continue
            with played.learning():
                for name, *args in entry[1]:
                    getattr(played, _REPLAYED[name])(*args)
        return played

    def _restore(self, played: KnowledgeBase) -> None:
        """Become played, keeping CS50's sets as the same objects (other code may hold them)."""
        for mine, theirs in (
            (self.mines, played.mines), (self.safes, played.safes),
            (self.moves_made, played.moves_made),
        ):  # fmt: skip
            mine.clear()
            mine.update(theirs)
        self.revealed.clear()
        self.revealed.update(played.revealed)
        self._mines, self._safes, self._played = played._mines, played._safes, played._played
        self._steps, self._proofs, self._proved = played._steps, played._proofs, played._proved
        self._index, self._queue = played._index, played._queue

    # -- what is known ---------------------------------------------------------------

    def give(self, mines: Iterable[Cell], safes: Iterable[Cell]) -> None:
        """Record cells given from outside as known (one 'given' step), and apply them."""
        mines, safes = frozenset(mines), frozenset(safes)
        if mines & safes:
            raise Contradiction(f"{cell_name(min(mines & safes))} cannot be both a mine and safe")
        mines = frozenset(c for c in mines if c not in self.mines)
        safes = frozenset(c for c in safes if c not in self.safes)
        if not (mines or safes):
            return
        self._call.append(("give", mines, safes))
        self.step("given", mines=mines, safes=safes)
        for cell in safes:
            self._proved.setdefault(cell, "given")
        for cell in sorted(mines):
            self.mark(cell, True)
        for cell in sorted(safes):
            self.mark(cell, False)

    def mark(self, cell: Cell, mine: bool) -> None:
        """Record a known cell and take it out of every sentence naming it: a 'known' step each."""
        k = self.grid.at[cell]
        bit = 1 << k
        if (self._safes if mine else self._mines) & bit:
            raise Contradiction(
                f"{cell_name(cell)} cannot be both a mine and safe: the numbers contradict"
            )
        if mine:
            self.mines.add(cell)
            self._mines |= bit
        else:
            self.safes.add(cell)
            self._safes |= bit
        index = self._index
        for clause in index.naming(k):
            before = (clause.mask, clause.count)
            kept = index.take_out(clause, k, mine)
            if kept:
                self._queue.append(clause)
            if self.record:
                after = self.rule(clause.mask, clause.count)
                self.step(
                    "known",
                    premises=(self.rule(*before),),
                    sentence=after if kept else None,
                    known_mines=frozenset([cell]) if mine else frozenset(),
                    known_safes=frozenset() if mine else frozenset([cell]),
                    added=(after,) if kept else (),
                    removed=(self.rule(*before),),
                )

    def _less_known(self, mask: int, count: int) -> Clause:
        """Return a sentence over mask's cells not yet known (known mines lower its count)."""
        return Clause(mask & ~self._mines & ~self._safes, count - (mask & self._mines).bit_count())

    def _admit(self, mask: int, count: int) -> bool:
        """File a new sentence, less the known cells; False when it is empty or already known."""
        clause = self._less_known(mask, count)
        if not self._index.file(clause):
            return False
        self._queue.append(clause)
        return True

    # -- telling a number: CS50's add_knowledge -------------------------------------------

    def is_new(self, cell: Cell, count: object, told: dict[Cell, int]) -> bool:
        """True when cell's number is yet to be told; raise ValueError when count cannot be it."""
        around = self.grid.around[self.grid.at[cell]].bit_count()
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= around:
            raise ValueError(
                f"{cell_name(cell)} has {around} neighbour{'s' * (around != 1)}, so "
                f"its count is a whole number from 0 to {around}, not {count!r}"
            )
        before = self.revealed.get(cell, told.get(cell))
        if before is not None and before != count:
            raise ValueError(f"{cell_name(cell)} was told as {before} already, not {count}")
        return before is None

    def tell(self, cell: Cell, count: int, opened: int = 0) -> None:
        """Learn that cell is safe and shows count: a clue step over its hidden neighbours.

        opened: the mask of the cells the same click opened, on the board
        already (not hidden), whose numbers are told after.
        """
        if not opened:
            self._call.append(("tell", cell, count))
        k = self.grid.at[cell]
        if self._mines >> k & 1:
            raise Contradiction(f"{cell_name(cell)} is a known mine, so it cannot show {count}")
        self.moves_made.add(cell)  # 1) the cell is a move made
        self._played |= 1 << k
        self.revealed[cell] = count
        if not self._safes >> k & 1:
            self.mark(cell, False)  # 2) and safe
        # 3) a sentence over its neighbours not yet known; known mines lower the count
        hidden = self.grid.around[k] & ~self._played & ~opened
        known_mines = hidden & self._mines
        unknown = hidden & ~known_mines & ~self._safes
        left = count - known_mines.bit_count()
        if not unknown and left != 0:
            raise Contradiction(
                f"{cell_name(cell)} shows {count}, but its known mines number "
                f"{known_mines.bit_count()}"
            )
        admitted = bool(unknown) and self._admit(unknown, left)
        # 4) and 5), what follows, are infer's: at the end of the call, or before the next number
        if self.record:
            self._clue_steps(cell, count, hidden, unknown, left, admitted)

    def _clue_steps(
        self, cell: Cell, count: int, hidden: int, unknown: int, left: int, admitted: bool
    ) -> None:
        """Record a number's steps: its clue, and the known cells its sentence left out."""
        clue, sentence = self.rule(hidden, count), self.rule(unknown, left)
        added = (sentence,) if admitted else ()
        members = self.grid.members
        known_mines = frozenset(members(hidden & self._mines))
        known_safes = frozenset(members(hidden & self._safes))
        if not unknown:  # every neighbour known: the number only confirms it
            self.step(
                "clue", sentence=clue, cell=cell, shown=count,
                known_mines=known_mines, known_safes=known_safes,
            )  # fmt: skip
        elif known_mines or known_safes:
            self.step("clue", sentence=clue, cell=cell, shown=count)
            self.step(
                "known", premises=(clue,), sentence=sentence,
                known_mines=known_mines, known_safes=known_safes, added=added,
            )  # fmt: skip
        else:
            self.step("clue", sentence=clue, cell=cell, shown=count, added=added)

    def add_reveal(self, told: dict[Cell, int]) -> None:
        """Tell one click's reveal (checked by is_new): its cells are safe, then each number.

        Runs inside learning(). A click that opens ground shows many cells at
        once; they are all safe the moment they are seen, so they are marked
        safe first (one 'given' step) and each number is told after, with all
        that follows from it inferred before the next: no sentence names a
        cell the board already shows open.
        """
        if len(told) == 1:
            self.tell(*next(iter(told.items())))
            return
        self._call.append(("add_reveal", told))
        call = self._call
        self._call = []  # the parts of a reveal replay from the reveal itself
        opened = self.grid.mask(told)
        self.give([], [c for c in told if c not in self.safes])
        for cell, count in told.items():
            self.infer()
            self.tell(cell, count, opened)
        self._call = call

    # -- the rules ------------------------------------------------------------------

    def infer(self) -> None:
        """Apply the zero, full and subset rules until nothing changes."""
        index, queue = self._index, self._queue
        while queue:
            clause = queue.popleft()
            if not index.holds(clause):
                continue
            mask, count = clause.mask, clause.count
            if count == 0 or count == mask.bit_count():
                mine = count != 0
                index.unfile(clause)  # its cells are concluded: marking them is silent
                cells = self.grid.members(mask)
                if self.record:
                    rule = self.rule(mask, count)
                    self.step(
                        "full" if mine else "zero",
                        premises=(rule,),
                        mines=rule.cells if mine else frozenset(),
                        safes=frozenset() if mine else rule.cells,
                        removed=(rule,),
                    )
                known = self._mines | self._safes
                for c in cells:  # reading order
                    if not mine:
                        self._proved.setdefault(c, "zero")
                    if not known >> self.grid.at[c] & 1:
                        self.mark(c, mine)
                continue
            self._subsets(clause)

    def _subsets(self, clause: Clause) -> None:
        """Derive set2 - set1 = count2 - count1 for every strict subset pair the sentence is in."""
        index, mask = self._index, clause.mask
        related: dict[int, Clause] = {}
        for k in bits_of(mask):
            related.update(index.under[k])
        related.pop(id(clause), None)
        for other in related.values():
            if not index.holds(clause):
                return
            if not index.holds(other):
                continue
            theirs = other.mask
            if theirs == mask:
                continue
            if theirs & ~mask == 0:
                small, big = other, clause
            elif mask & ~theirs == 0:
                small, big = clause, other
            else:
                continue
            derived = big.mask & ~small.mask
            if derived in index.by_mask:
                continue
            count = big.count - small.count
            premises = (
                (self.rule(small.mask, small.count), self.rule(big.mask, big.count))
                if self.record
                else ()
            )
            admitted = self._admit(derived, count)
            if self.record:
                sentence = self.rule(derived, count)
                self.step(
                    "subset",
                    premises=premises,
                    sentence=sentence,
                    added=(sentence,) if admitted else (),
                )

    # -- exact counting ------------------------------------------------------------------

    def position(
        self,
        total: Optional[int],
        first_click: str,
        workspace: Optional[Workspace] = None,
        sentences: Optional[Iterable[Pair]] = None,
    ) -> Position:
        """Return what is known now, frozen, with the board's mine total and first-click rule.

        sentences: in place of the filed ones (other code's edits not yet taken in).
        """
        revealed = dict(self.revealed)
        shown = self._played
        mines, safes = self._mines, self._safes
        if self.watched:  # other code may have changed the sets since the last call
            mask = self.grid.mask
            shown, mines, safes = mask(self.moves_made), mask(self.mines), mask(self.safes)
        if len(revealed) < shown.bit_count():  # played without a number told (CS50 code)
            for cell in self.moves_made - revealed.keys():
                revealed[cell] = -1
        if sentences is None:
            rules = [(c.mask, c.count) for c in self._index.order.values()]
        else:
            rules = [(self.grid.mask(cells), count) for cells, count in sentences]
        return Position.from_bits(
            self.height, self.width, total, revealed, mines, safes, rules,
            first_click, workspace, shown,
        )  # fmt: skip

    def counting_step(self, position: Position) -> Optional[Step]:
        """Return the step exact counting proves from position now, or None (looking)."""
        sentences = ((c.mask, c.count) for c in self._index.sentences())
        return counting_step(position, len(self.revealed), sentences)

    def learn_counted(self, step: Step) -> None:
        """Draw a counting step's certainties into the knowledge (inside learning())."""
        self._call.append(("learn_counted", step))
        for rule in step.removed:
            retired = self._index.by_mask.get(self.grid.mask(rule.cells))
            if retired is not None:
                self._index.unfile(retired)
        if self.record:
            index = self._steps.add(step)
            for cell in step.safes:
                self._proofs.setdefault(cell, index)
        for cell in step.safes:
            self._proved.setdefault(cell, "enumeration")
        for c in sorted(step.mines):
            self.mark(c, True)
        for c in sorted(step.safes):
            self.mark(c, False)

    # -- looking ------------------------------------------------------------------------

    def unplayed_safe(self) -> Optional[Cell]:
        """Return the first known safe cell not yet played, in reading order, or None."""
        if self.watched:
            cells = self.safes - self.moves_made
            return min(cells) if cells else None
        left = self._safes & ~self._played
        return self.grid.first(left) if left else None

    def proof(self, cell: Cell) -> Optional[int]:
        """Return the index of the step that proved cell safe, if any (when recording)."""
        return self._proofs.get(cell) if self.record else None

    def proved_by(self, cell: Cell) -> Optional[str]:
        """Return the rule that proved cell safe: zero, given or enumeration; None if unproved."""
        return self._proved.get(cell)

    def knowledge_after(self, k: int) -> Knowledge:
        """Return the knowledge as it was after step k (k = -1: the start; see records)."""
        return knowledge_after(self.steps, self.revealed, k)


# What each part of a call on the tape calls when it is played again.
_REPLAYED = {
    "edited": "_refile_all",
    "give": "give",
    "tell": "tell",
    "add_reveal": "add_reveal",
    "learn_counted": "learn_counted",
}


class SentenceLike(Protocol):
    """What CS50's Sentence has that the list view needs."""

    cells: set[Cell]
    count: int


S = TypeVar("S", bound=SentenceLike)


class Listed(Generic[S]):
    """CS50's list of sentences (ai.knowledge): objects made from the clauses, edits noticed.

    Nothing is made until someone reads the list. From then on the same
    list object is kept in step after every learning call, so a reference
    held by other code stays live; what that code changes in it (a sentence
    appended, removed, or edited in place, or a new list put in its place)
    is handed to the next learning call as the sentences to take in.
    """

    def __init__(self, make: Callable[[frozenset[Cell], int], S]) -> None:
        self.make = make
        self.items: Optional[list[S]] = None  # None: never read
        self.made: list[tuple[S, Pair]] = []  # each sentence made and what it said then

    def get(self, kb: KnowledgeBase) -> list[S]:
        """Return the list, made now if it never was."""
        if self.items is None:
            self.items = []
            self.refresh(kb)
        assert self.items is not None
        return self.items

    def put(self, items: list[S]) -> None:
        """Take a list other code puts in the list's place."""
        self.items = items

    def edits(self) -> Optional[list[Pair]]:
        """Return the sentences as other code left them, or None when it changed nothing."""
        items = self.items
        if items is None:
            return None
        made = self.made
        if len(items) == len(made) and all(
            s is m and len(s.cells) == len(p[0]) and s.count == p[1] and s.cells == p[0]
            for s, (m, p) in zip(items, made, strict=True)
        ):
            return None
        return [(frozenset(s.cells), s.count) for s in items]

    def refresh(self, kb: KnowledgeBase) -> None:
        """Make the list again from the clauses, in place, when someone has read it."""
        if self.items is None:
            return
        self.made = [(self.make(cells, count), (cells, count)) for cells, count in kb.pairs()]
        self.items[:] = [s for s, _ in self.made]
