"""How the AI chooses a cell: sure moves first, then guess strategies tried in order.

``decide(position, strategies)`` looks only: it never changes the position
(positions are frozen). A known safe cell comes first, then a cell that
exact counting proves safe; only when there is none are the strategies
asked in order, each a small callable that takes the position (with every
certainty already drawn) and its solution and returns a Decision or None:

    Opening     the first click: a corner, or D4 under the opening rule; on a
                small board, best play's first click found by searching every board
    Endgame     when few arrangements remain, search the game tree to the end
    FiftyFifty  a 50/50 that no number can ever settle: take it before other risks
    FiftyFiftyChain  the same for a chain of one-mine links closed at both ends
    LookAhead   among the nearly safest cells, the one whose number helps most
    Lowest      the cell least likely to be a mine (always answers)

``default_strategies(without=...)`` builds the strongest tuple, or one with
named techniques left out (the benchmark's ladder).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Optional

from .board import OPENING_RULES, Cell
from .engine import (
    LOOKAHEAD_WORK,
    Clicked,
    Contradiction,
    Rule,
    Solution,
    TooWide,
    click_part,
    outcomes_of,
    shown_of,
    solve,
)
from .fifties import Influence, unsettleable_chain
from .position import Position
from .records import Candidate, Decision
from .search import (
    FIRST_SEARCH_BOARDS,
    FIRST_SEARCH_CELLS,
    FIRST_SEARCH_SECONDS,
    SEARCH_BUDGET,
    SEARCH_CONFIGS,
    EndgameSearch,
    best_opening,
    opening_tree,
)
from .secondary import living_outcomes, secondary_safety

Strategy = Callable[[Position, Solution], Optional[Decision]]

HALF = Fraction(1, 2)
FIFTY_WEIGHT = Fraction(9, 10)  # the 50/50 influence's weight in the look-ahead's score
INFLUENCED = Fraction(9, 10)  # an influenced cell is weighed when this close to the safest


def decide(position: Position, strategies: Sequence[Strategy]) -> Optional[Decision]:
    """Return the cell to click in position and why; None when only known mines are left.

    Known safe cells first (the lowest in reading order), then cells exact
    counting proves safe, then the strategies in order, then the lowest
    probability, so that a decision always comes when a cell is left.
    """
    if position.safe_bits:
        return Decision(position.grid.first(position.safe_bits), "known safe", Fraction(0))
    learned = position.with_certainties()
    if learned.safe_bits:
        return _counted(position, learned)
    if not learned.unknown_bits:
        return None
    solution = learned.solution
    for strategy in strategies:
        decision = strategy(learned, solution)
        if decision is not None:
            return decision
    return Lowest()(learned, solution)


def _counted(before: Position, learned: Position) -> Decision:
    """Return the decision to play the first cell counting proves safe, with its premises."""
    bit = learned.safe_bits & -learned.safe_bits
    cell = learned.grid.first(bit)
    premises: tuple[Rule, ...] = ()
    for comp in before.solution.components:
        if comp.mask & bit:
            premises = tuple(Rule(cells, count) for cells, count in comp.rules)
    if not premises:  # a cell no sentence names: safe by the mine count, which uses them all
        premises = tuple(Rule(cells, count) for cells, count in before.rules if cells)
    return Decision(cell, "counting", Fraction(0), premises=premises)


def _near(position: Position, solution: Solution, margin: Fraction, start: int = 0) -> list[Cell]:
    """Return the unknown cells within margin of the chance of a mine of the start-th safest.

    Safest first, from the start-th cell of position.ranked on.
    """
    order = position.ranked[start:]
    if not solution.exact:
        limit = solution.probability(order[0]) + margin
        return list(itertools.takewhile(lambda c: solution.probability(c) <= limit, order))
    # One denominator: w / weight > w0 / weight + p / q exactly when q (w - w0) > p weight.
    weights, outside = solution.weights, solution.outside_weight
    first = weights.get(order[0], outside)
    over = margin.numerator * solution.weight
    q = margin.denominator
    near = []
    for cell in order:
        if q * (weights.get(cell, outside) - first) > over:
            break
        near.append(cell)
    return near


def _clicked(
    position: Position,
    cell: Cell,
    around: int,
    budget: Optional[list[int]],
    seen: Optional[dict[Cell, Clicked]],
) -> Clicked:
    """Return engine.click_part for cell, from seen when this look-ahead has it already.

    So each cell's count is charged to the look-ahead's budget once.
    """
    if seen is not None and cell in seen:
        return seen[cell]
    found = click_part(
        position.solution,
        position.grid.index(cell),
        around,
        position.workspace.component_cache(),
        budget,
    )
    if seen is not None:
        seen[cell] = found
    return found


def is_dead(
    position: Position,
    cell: Cell,
    budget: Optional[list[int]] = None,
    seen: Optional[dict[Cell, Clicked]] = None,
) -> bool:
    """True when cell, if safe, can show only one number and opens nothing.

    Clicking it then teaches nothing that surviving the click does not. A
    cell next to a cell no sentence names is never dead (that neighbour may
    or may not be a mine); a cell with no unknown neighbour always is.
    """
    around = position.around_bits(position.grid.index(cell))
    if not around:
        return True
    if around & ~position.frontier_bits:
        return False
    clicked = _clicked(position, cell, around, budget, seen)
    return _dead(position, cell, shown_of(position.solution, clicked))


# -- the first click ----------------------------------------------------------------------


def opening_cell(position: Position) -> Cell:
    """Return where a first click wins most often under the first-click rule (by measurement)."""
    if position.first_click in OPENING_RULES:
        # Measured on expert: D4 54.2% (10,000 games), C3 52.9%, B2 and A1
        # lower; on a small board, no further in than its middle.
        return (min(3, (position.height - 1) // 2), min(3, (position.width - 1) // 2))
    return (0, 0)


@dataclass(frozen=True)
class Opening:
    """The first click: the measured best cell, or on a small board best play's, by search."""

    search: bool = True
    seconds: Optional[float] = FIRST_SEARCH_SECONDS  # the search's CPU time (None: visits only)
    name: str = "opening"

    def __call__(self, position: Position, solution: Solution) -> Optional[Decision]:
        if position.revealed:
            return None
        cell = opening_cell(position)
        if cell in position.mines:
            return None
        safe = position.first_click != "none"
        odds = Fraction(0) if safe else solution.probability(cell)
        # Under no-guess every board is won from any first click: nothing to search.
        if self.search and position.total is not None and position.first_click != "no-guess":
            solved = best_opening(
                position.height,
                position.width,
                position.total,
                position.first_click,
                seconds=self.seconds,
            )
            if solved is not None:
                first, wins, boards = solved
                odds = Fraction(0) if safe else solution.probability(first)
                # The search solved the whole game from this click: the game adopts
                # its tree, so every later move of best play is a look-up (Endgame).
                position.workspace.found = opening_tree(
                    position.height,
                    position.width,
                    position.total,
                    position.first_click,
                    self.seconds,
                )
                return Decision(first, self.name, odds, wins=wins, games=boards)
        return Decision(cell, self.name, odds)


# -- the end of the game ----------------------------------------------------------------------


@dataclass(frozen=True)
class Endgame:
    """When at most `configs` arrangements remain, the click best play makes to win most.

    With more, on a board small enough that best play's first click is searched
    (FIRST_SEARCH_CELLS, FIRST_SEARCH_BOARDS), a tree the game has already solved
    (the first click's, see Opening) still answers: a look-up, no search.
    """

    configs: int = SEARCH_CONFIGS
    budget: int = SEARCH_BUDGET
    name: str = "search"

    def __call__(self, position: Position, solution: Solution) -> Optional[Decision]:
        left = position.mines_left
        if left is None or not solution.exact:
            return None
        budget = self.budget
        if solution.weight > self.configs:
            small = position.height * position.width <= FIRST_SEARCH_CELLS
            if not small or solution.weight > FIRST_SEARCH_BOARDS:
                return None
            if not position.workspace.search_memo:
                return None
            budget = 0  # only what a solved tree holds: no search of its own
        search = EndgameSearch(position.height, position.width, position.workspace.search_memo)
        position.workspace.found = search.found
        known = search.geo.mask(position.mines)
        listed = position.arrangements()
        configs = [search.geo.mask(mines) | known for mines in listed]
        try:
            cell, wins = search.best_guess(configs, search.geo.mask(position.revealed), budget)
        except TooWide:
            return None
        return Decision(cell, self.name, solution.probability(cell), wins=wins, games=len(configs))


@dataclass(frozen=True)
class FiftyFifty:
    """Two cells, one mine, that no number shown now or later can tell apart.

    Every arrangement puts exactly one mine in the pair {a, b}, and every
    cell next to one of a and b but not the other is a known mine. Every
    number shown now or later then counts a and b together or not at all,
    so moving the mine from one to the other never changes what the board
    shows: the coin flip has to be taken some time, and taken first it costs
    nothing more, while the number it reveals may save a guess elsewhere.
    """

    name: str = "fifty-fifty"

    def __call__(self, position: Position, solution: Solution) -> Optional[Decision]:
        if not solution.exact:
            return None
        halves = sorted(c for c, w in solution.weights.items() if 2 * w == solution.weight)
        for a, b in itertools.combinations(halves, 2):
            one_sided = set(position.neighbours(a)).symmetric_difference(position.neighbours(b))
            if not one_sided - {a, b} <= position.mines:
                continue
            pair = Rule(frozenset((a, b)), 1)
            if _always(position, solution, (pair,)):
                return Decision(a, self.name, HALF, premises=(pair,))
        if 2 * solution.outside_weight == solution.weight:  # cells no sentence names: 1/2 too
            outside = position.outside()
            return self._box(position, solution, {*halves, *outside})
        return self._box(position, solution, set(halves))

    def _box(self, position: Position, solution: Solution, halves: set[Cell]) -> Optional[Decision]:
        """A 2x2 block whose two mines lie on one diagonal or the other, no number can tell.

        Every cell next to the block sees one cell of each diagonal, except
        the four cells touching it at a corner: when those are known mines
        (or off the board), no number shown now or later tells the diagonals
        apart, and the first click into the block settles all four.
        """
        for top, left in sorted(halves):
            a, b, c, d = (top, left), (top, left + 1), (top + 1, left), (top + 1, left + 1)
            if not {b, c, d} <= halves:
                continue
            corners = [
                (r, k)
                for r, k in (
                    (top - 1, left - 1),
                    (top - 1, left + 2),
                    (top + 2, left - 1),
                    (top + 2, left + 2),
                )
                if 0 <= r < position.height and 0 <= k < position.width
            ]
            if not set(corners) <= position.mines:
                continue
            # a and b, c and d, a and c: one mine each, so the mines are a, d or b, c.
            rules = (
                Rule(frozenset((a, b)), 1),
                Rule(frozenset((c, d)), 1),
                Rule(frozenset((a, c)), 1),
            )
            if _always(position, solution, rules):
                return Decision(a, self.name, HALF, premises=rules)
        return None


@dataclass(frozen=True)
class FiftyFiftyChain:
    """A chain of one-mine links, closed at both ends, that no number can settle (see
    sweeper.fifties.unsettleable_chain): a coin flip to take before other risks."""

    name: str = "fifty-fifty chain"

    def __call__(self, position: Position, solution: Solution) -> Optional[Decision]:
        found = unsettleable_chain(position)
        if found is None:
            return None
        chain, links = found
        premises = tuple(Rule(cells, count) for cells, count in links)
        return Decision(chain[0], self.name, HALF, premises=premises)


def _always(position: Position, solution: Solution, extra: Sequence[Rule]) -> bool:
    """True when every arrangement also keeps these rules."""
    rules = [*position.rules, *((rule.cells, rule.count) for rule in extra)]
    frontier = position.frontier
    named = len({c for rule in extra for c in rule.cells if c not in frontier})
    try:
        narrowed = solve(
            rules,
            position.mines_left,
            position.outside_count - named,
            position.workspace.component_cache(),
        )
    except Contradiction:
        return False
    return narrowed.exact and narrowed.weight == solution.weight


# -- guesses ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LookAhead:
    """Among the cells within `margin` of the lowest odds, the one whose number helps most.

    For each candidate, every number it could show is tried: the position
    after that number is solved again, and the safest living cell there and
    the second safest (see sweeper.secondary) make its "secondary safety",
    blended blend[0]:blend[1]. The score is

        P(safe now) x E[secondary safety] x influence x (1 + tie_break x P(progress))
                    + P(safe now) x progress_bonus x P(progress)

    where progress means the number proves a living cell safe, and influence
    ((safe + fifty_weight x w) / safe, w the weight of the arrangements in
    which the cell is the mine of a 50/50 in waiting) favours settling a coin
    flip that would have to be taken anyway. `living=False` credits dead
    cells too (the old figure).
    """

    margin: Fraction = Fraction(5, 100)
    candidates: int = 12
    progress_bonus: Fraction = Fraction(0)
    blend: tuple[int, int] = (4, 1)
    fifty_weight: Fraction = Fraction(0)
    tie_break: Fraction = Fraction(1, 1000)
    living: bool = True
    bound: bool = True  # stop weighing a candidate that cannot beat the best so far
    name: str = "look-ahead"

    def __call__(self, position: Position, solution: Solution) -> Optional[Decision]:
        if position.total is None or not solution.exact:
            return None
        budget = [LOOKAHEAD_WORK]
        seen: dict[Cell, Clicked] = {}  # each cell's count is worked out once
        try:
            passed_over, living = self._living(position, budget, seen)
        except TooWide:
            return None
        if living is None:
            return None  # every unknown cell teaches nothing: the lowest odds decide
        near = _near(position, solution, self.margin, start=living)
        if len(near) == 1 and not passed_over:
            return None
        lowest = solution.probability(position.ranked[0])
        dead_now: dict[Cell, bool] = {c: True for c in passed_over}

        def alive(c: Cell) -> bool:
            return _alive_after(position, c, budget, seen, dead_now)

        influence = Influence(position) if self.fifty_weight else None
        try:
            candidates = self._representatives(position, near)
            if influence is not None:
                candidates += self._influenced(position, influence, candidates, alive)
            weighed = self._weigh_all(position, candidates, budget, seen, alive, influence)
        except TooWide:
            return None
        best = weighed[0]
        return Decision(
            best.cell,
            self.name,
            best.probability,
            approximate=not solution.exact,
            alternatives=tuple(weighed),
            lowest=lowest,
            passed_over=tuple(passed_over),
        )

    def _living(
        self, position: Position, budget: list[int], seen: dict[Cell, Clicked]
    ) -> tuple[list[Cell], Optional[int]]:
        """Return the dead cells safer than the safest living one, and where that one ranks.

        A dead cell's number can be only one value (and it opens nothing), so
        clicking it teaches nothing: whatever best play does after it, doing
        that first and the dead cell last (or never, if a later number proves
        it a mine) wins at least as often. So a guess skips dead cells while
        any living cell is left. None: every unknown cell is dead.
        """
        order = position.ranked
        passed_over: list[Cell] = []
        for k, cell in enumerate(order):
            if not is_dead(position, cell, budget, seen):
                return passed_over, k
            passed_over.append(cell)
        return passed_over, None

    def _representatives(self, position: Position, near: list[Cell]) -> list[Cell]:
        """Return the candidates; cells off the frontier (neighbours too) count once per kind."""
        frontier = position.frontier_bits
        board = position.grid
        picked: dict[object, Cell] = {}
        for c in near:
            k = board.index(c)
            around = position.around_bits(k)
            alike = not (frontier >> k & 1 or around & frontier)
            picked.setdefault(("outside", around.bit_count()) if alike else c, c)
            if len(picked) == self.candidates:
                break
        return list(picked.values())

    def _influenced(
        self,
        position: Position,
        influence: Influence,
        already: list[Cell],
        alive: Callable[[Cell], bool],
    ) -> list[Cell]:
        """Return the living cells a likely 50/50 in waiting makes nearly as good as the safest.

        A cell counts when its safe weight plus its influence passes
        INFLUENCED of the safest living cell's safe weight.
        """
        solution = position.solution
        safest = next((c for c in position.ranked if alive(c)), None)  # safest first
        if safest is None:
            return []
        best = solution.weight - solution.weights.get(safest, solution.outside_weight)
        found = []
        for cell, weight in sorted(influence.influenced().items()):
            if cell in already or not position.is_unknown(cell):
                continue
            safe = solution.weight - solution.weights.get(cell, solution.outside_weight)
            if safe + weight > INFLUENCED * best and alive(cell):
                found.append(cell)
        return found

    def _weigh_all(
        self,
        position: Position,
        candidates: list[Cell],
        budget: list[int],
        seen: dict[Cell, Clicked],
        alive: Callable[[Cell], bool],
        influence: Optional[Influence],
    ) -> list[Candidate]:
        """Return the candidates weighed, the one to click first, then the rest by score.

        The likeliest winners are weighed first: a score is at most P(safe) x
        influence x (1 + tie_break + progress_bonus), a perfect next click
        everywhere, so a candidate whose ceiling is below the best living
        score so far cannot be chosen (a dead cell never is while a living
        one is weighed) and is left with no figures. Among equal scores the
        earlier candidate wins, safest first, whatever order they were weighed in.
        """
        solution = position.solution
        odds = {c: solution.probability(c) for c in candidates}
        factor = {c: self._factor(position, c, influence) for c in candidates}
        perfect = 1 + self.tie_break + self.progress_bonus
        ceiling = {c: (1 - odds[c]) * factor[c] * perfect for c in candidates}
        order_of = {c: k for k, c in enumerate(candidates)}
        weighed: list[Candidate] = []
        skipped: list[Candidate] = []
        best: Optional[Fraction] = None  # the best living score so far
        for c in sorted(candidates, key=lambda c: (-ceiling[c], order_of[c])):
            beat = best if self.bound else None  # the score to beat, when stopping early
            if beat is not None and ceiling[c] < beat:
                skipped.append(Candidate(c, odds[c], unknown_neighbours=position.unknown_around(c)))
                continue
            needed = None if beat is None or odds[c] == 1 else beat / (1 - odds[c]) / factor[c]
            w = self._weigh(position, c, odds[c], budget, seen, alive, factor[c], needed)
            if w.score is None:
                skipped.append(w)
                continue
            weighed.append(w)
            if not w.dead and (best is None or w.score > best):
                best = w.score
        weighed.sort(key=lambda w: (w.dead, -(w.score or 0), order_of[w.cell]))
        return weighed + sorted(skipped, key=lambda w: order_of[w.cell])

    def _factor(self, position: Position, cell: Cell, influence: Optional[Influence]) -> Fraction:
        """Return the 50/50 influence's factor on cell's score: (safe + weight x w) / safe."""
        if influence is None:
            return Fraction(1)
        solution = position.solution
        safe = solution.weight - solution.weights.get(cell, solution.outside_weight)
        if not safe:
            return Fraction(1)
        return (safe + self.fifty_weight * influence.of(cell)) / safe

    def _weigh(
        self,
        position: Position,
        cell: Cell,
        odds: Fraction,
        budget: list[int],
        seen: dict[Cell, Clicked],
        alive: Callable[[Cell], bool],
        factor: Fraction = Fraction(1),
        needed: Optional[Fraction] = None,
    ) -> Candidate:
        """Return a candidate's figures: next safety, progress, and score.

        needed: the score P(safe) x factor must reach; when even a perfect
        rest of the numbers cannot reach it, the candidate comes back with
        no figures (its score None).
        """
        if self.living:
            floor = None
            if needed is not None:  # score <= safety x (1 + tie_break) + progress_bonus
                floor = (needed - self.progress_bonus) / (1 + self.tie_break)
            outcomes = living_outcomes(position, cell, alive, budget, floor, self.blend)
            if outcomes is None:
                return Candidate(cell, odds, unknown_neighbours=position.unknown_around(cell))
            shown = [o.shown for o in outcomes]
            dead = _dead(position, cell, shown)
            total = sum(o.weight for o in outcomes)
            safety = secondary_safety(outcomes, self.blend)
            if total:
                progress = Fraction(sum(o.weight for o in outcomes if o.progress), total)
            else:
                progress = Fraction(0)
        else:
            safety, progress, dead = one_click_ahead(position, cell, budget, self.blend, seen)
        score = (1 - odds) * (
            safety * (1 + self.tie_break * progress) + self.progress_bonus * progress
        )
        score *= factor
        return Candidate(cell, odds, safety, progress, score, position.unknown_around(cell), dead)


def _alive_after(
    position: Position,
    cell: Cell,
    budget: list[int],
    seen: dict[Cell, Clicked],
    dead_now: dict[Cell, bool],
) -> bool:
    """True unless cell is dead now, and so after any reveal (see sweeper.secondary)."""
    if cell not in dead_now:
        dead_now[cell] = is_dead(position, cell, budget, seen)
    return not dead_now[cell]


def _dead(position: Position, cell: Cell, shown: list[int]) -> bool:
    """True when a safe cell can show one number only, and not a 0 that opens (see is_dead).

    shown: the numbers of mines among its unknown neighbours it can show.
    """
    if len(shown) != 1:
        return False
    around = position.grid.around[position.grid.index(cell)]
    number = shown[0] + (around & position.mine_bits).bit_count()
    return number > 0 or not around & position.unknown_bits


def next_safety(
    position: Position,
    cell: Cell,
    budget: Optional[list[int]] = None,
    blend: tuple[int, int] = (1, 0),
) -> tuple[Fraction, Fraction]:
    """Return E[safety of the best next click] and P(progress) if cell turns out safe.

    Progress means the number shown proves some cell safe (or the count
    does), so the next click is free. When no unknown cell could be safe,
    every one left is a mine: the click wins the game, which counts as 1.
    blend (a, b): value a next position at (a x its best safety + b x its
    second best) / (a + b); (1, 0), the default, is the best alone.
    """
    safety, progress, _ = one_click_ahead(position, cell, budget, blend)
    return safety, progress


def one_click_ahead(
    position: Position,
    cell: Cell,
    budget: Optional[list[int]] = None,
    blend: tuple[int, int] = (1, 0),
    seen: Optional[dict[Cell, Clicked]] = None,
) -> tuple[Fraction, Fraction, bool]:
    """Return next_safety's two figures and whether cell is dead (see is_dead)."""
    around = position.around_bits(position.grid.index(cell))
    outcomes = outcomes_of(position.solution, _clicked(position, cell, around, budget, seen))
    dead = _dead(position, cell, [j for j, weight, _, _ in outcomes if weight])
    total = sum(outcome[1] for outcome in outcomes)
    if not total:
        return Fraction(0), Fraction(0), dead
    a, b = blend
    expected = sum(
        (weight * (a * best + b * second) for _, weight, best, second in outcomes), Fraction(0)
    ) / (a + b)
    progress = sum(weight for _, weight, best, _ in outcomes if best == 1)
    return expected / total, Fraction(progress, total), dead


def fifty_influence(position: Position, cell: Cell) -> int:
    """Return the weight of the arrangements in which cell is the mine of a 50/50 in waiting.

    See sweeper.fifties; the solution's scale, capped by cell's own mine and safe weights.
    """
    return Influence(position).of(cell)


@dataclass(frozen=True)
class Lowest:
    """The cell least likely to be a mine; ties: fewer unknown neighbours, then reading order."""

    name: str = "lowest"

    def __call__(self, position: Position, solution: Solution) -> Optional[Decision]:
        order = position.ranked
        if not order:
            return None
        runners = tuple(Candidate(c, solution.probability(c)) for c in order[:5])
        return Decision(
            order[0],
            self.name,
            runners[0].probability,
            approximate=not solution.exact,
            alternatives=runners,
            lowest=runners[0].probability,
        )


# -- the tuples ---------------------------------------------------------------------------------

TECHNIQUES = (
    "opening",
    "search",
    "fifty-fifty",
    "chains",
    "lookahead",
    "progress",
    "secondary",
    "influence",
)


def default_strategies(without: Iterable[str] = ()) -> tuple[Strategy, ...]:
    """Return the strongest strategies in order, leaving out the named techniques.

    opening: the measured first click (without it the lowest odds choose);
    search: the endgame search and best play's first click on small boards;
    fifty-fifty: taking an unsettleable 50/50 first; chains: the same for a
    chain of one-mine links; lookahead: the look-ahead
    guess; progress: the look-ahead's credit for a number that proves a cell
    safe; secondary: the look-ahead's secondary safety (living cells only,
    best and second best 4:1, progress a tie-break; without it, the best
    cell of any kind and progress worth 0.3); influence: its 50/50 influence.
    """
    off = set(without)
    unknown = off - set(TECHNIQUES)
    if unknown:
        raise ValueError(
            f"unknown technique {sorted(unknown)[0]!r}; choose from {', '.join(TECHNIQUES)}"
        )
    chosen: list[Strategy] = []
    if "opening" not in off:
        chosen.append(Opening(search="search" not in off))
    if "search" not in off:
        chosen.append(Endgame())
    if "fifty-fifty" not in off:
        chosen.append(FiftyFifty())
    if "chains" not in off:
        chosen.append(FiftyFiftyChain())
    if "lookahead" not in off:
        chosen.append(_look_ahead(off))
    chosen.append(Lowest())
    return tuple(chosen)


def _look_ahead(off: set[str]) -> LookAhead:
    """Return the look-ahead with the named parts of its score left out."""
    progress = "progress" not in off
    fifty = Fraction(0) if "influence" in off else FIFTY_WEIGHT
    if "secondary" in off:
        return LookAhead(
            progress_bonus=Fraction(3, 10) if progress else Fraction(0),
            blend=(1, 0),
            tie_break=Fraction(0),
            living=False,
            fifty_weight=fifty,
        )
    return LookAhead(tie_break=Fraction(1, 1000) if progress else Fraction(0), fifty_weight=fifty)
