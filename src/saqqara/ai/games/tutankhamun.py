"""The greedy Tutankhamun bot (``medium``): one move of lookahead on a determinized state,
scored by :func:`projected_estimates`: points banked, wildcards, and each type's majority
from the tiles held and the tiles each seat can still expect to take (a tile behind a pawn
is lost to it and goes to the pawns behind).

It plans on ``perspective.resample`` (Tutankhamun is open information, so that is a copy),
never on the true state. The ``expert`` bot (:mod:`saqqara.ai.rollout`, the level ``hard``)
starts from the greedy bot's choice and searches by rollouts whose policy is the greedy
choice on the same value, with a little noise, among the nearest tiles ahead
(:func:`crawl_moves`), cut off by :func:`search_win_chance` (the projection, and in the Out
of the Box edition at two players also the race to the goal, :func:`race_estimates`).

Issue 31: the "first legal action" (the slow pawn, ``probe:first``) had beaten the previous
greedy bot (:func:`estimates`) 20 games of 20 and the previous ``expert`` (on
:func:`sharp_estimates`, still here with :class:`SharpGreedy` and :func:`policy_moves`) 6 of
10: both valued jumping ahead for a majority and did not see that every tile passed goes to
the pawn behind. :func:`win_chance` (on :func:`estimates`) stays the evaluator of our
IS-MCTS.

The constants of :func:`projected_estimates` are one vector, :class:`Weights` (issue 31):
:data:`HAND` the hand-written one, which ``greedy`` and ``expert`` play; ``learned`` plays
the vector tuned by CMA-ES in the Amigo edition (``src/saqqara/ai/weights/``, the bot made by
:func:`saqqara.ai.training.learned_bot`). It beats ``greedy`` head to head, but ``expert``
on it lost more games to the slow pawn than ``expert`` on :data:`HAND` and did not beat it
often enough, so ``medium`` and ``hard`` keep :data:`HAND` (``docs/strength.md``, Learned
weights).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from saqqara.ai.leads import lead_chances
from saqqara.ai.registry import register_bot, register_evaluator
from saqqara.ai.rollout import RolloutSpec, register_rollout
from saqqara.ai.training import register_tunable, weights_tunable
from saqqara.core.actions import Action
from saqqara.core.game import Game, State
from saqqara.core.perspective import Perspective
from saqqara.games.tutankhamun import actions as act
from saqqara.games.tutankhamun.data import KING_TUT, NUM_TYPES
from saqqara.games.tutankhamun.state import EMPTY, MOVE, SCORING, TutankhamunState

GAME_ID = "tutankhamun"
WIN = 1000.0
LID_VALUE = 1.0
"""What an unplayed canopic lid or pharaoh tile is worth to its holder, in points."""
MASK_VALUE = 2.5
WIN_SCALE = 4.0
"""Points of lead that make a win about 73% likely, for :func:`win_chance`."""
ACCESS_VALUE = 0.12
"""Worth of each tile still ahead of your pawn: tiles behind it are lost to you."""
REACH_ACCESS_VALUE = 0.3
""":data:`ACCESS_VALUE` in :func:`sharp_estimates`, which also knows whose reach each tile
is in: a stretch left behind a pawn is the seats' behind it alone. Greedy play on
:func:`sharp_evaluate` beat the plain greedy bot in 0.83 of 400 two-player games at 0.12,
0.88 at 0.2, 0.90 at 0.3, 0.92 at 0.4 and 0.94 at 0.55; against each other 0.3 beat 0.12
in 0.65 of 400, and 0.4 (0.48) and 0.55 (0.47) did not beat 0.3."""


def first_place_chance(lead: int, remaining: int) -> float:
    """A rough chance of ending first in a type, from the lead over the best rival and the
    tiles of that type still on the path."""
    if lead > remaining:
        return 1.0
    if lead > 0:
        return 0.55 + 0.45 * lead / (remaining + 1)
    if lead == 0:
        return 0.35
    return max(0.0, 0.25 + 0.25 * lead / (remaining + 1))


def estimates(state: TutankhamunState) -> list[float]:
    """Each seat's points banked plus what its tiles and wildcards are likely to bring (the
    holdings of each type read once for all seats)."""
    ed = state.edition
    n = state.n
    hold = state.hold
    on_path = state.on_path
    types = ed.types
    potential = [0.0] * n
    nobody = (0,) * n
    # Each type's holdings, seat by seat (the rows of ``hold`` turned into columns).
    rows = [hold[base : base + NUM_TYPES] for base in range(0, n * NUM_TYPES, NUM_TYPES)]
    columns = zip(*rows, strict=False)  # rows of one length
    for kind, held in enumerate(columns):
        if held == nobody:
            continue
        ranked = sorted(held)
        top = ranked[-1]
        second = ranked[-2]
        value = types[kind].count
        remaining = on_path[kind]
        for seat, mine in enumerate(held):
            if mine:
                p_first = first_place_chance(mine - (second if mine == top else top), remaining)
                potential[seat] += value * p_first + 0.5 * value * (1.0 - p_first) * 0.4
    start = ed.start[n]
    score = state.score
    wilds = state.wilds
    path = state.path
    pawn = state.pawn
    values = []
    for seat in range(n):
        items = wilds[seat] * LID_VALUE
        if state.mask == seat:
            items += MASK_VALUE
        rest = path[pawn[seat] + 1 :]
        ahead = len(rest) - rest.count(EMPTY)
        values.append(start - score[seat] + potential[seat] + items + ACCESS_VALUE * ahead)
    return values


def _rival_lead(values: list[float], seat: int) -> float:
    """``seat``'s value less its best rival's."""
    return values[seat] - max([v for s, v in enumerate(values) if s != seat])


def _end_value(state: TutankhamunState, seat: int) -> float:
    """An ended game for ``seat``: :data:`WIN` for a sole win, nothing for a win shared by
    two, ``-WIN`` for a loss."""
    return WIN * (2.0 * state.returns()[seat] - 1.0)


def evaluate(state: TutankhamunState, seat: int) -> float:
    """The heuristic value of ``state`` for ``seat``: its estimate against the best rival's."""
    if state.is_terminal():
        winners = state.outcome().winners
        return WIN / len(winners) if seat in winners else -WIN
    values = estimates(state)
    return _rival_lead(values, seat)


TAKE_ALONE = 0.8
"""Share of the tiles that only one seat can still reach (the stretch between the rearmost
pawn and the next) that :func:`projected_estimates` expects that seat to take: it takes
one a turn and may pass some by."""
TAKE_SHARED = 0.9
"""Share of the tiles that several seats can still reach that one of them is expected to
take, split evenly between them."""
SPECIAL_TILE_VALUE = 0.5
"""Worth of a nugget, lid, bag of gold or pharaoh tile still on the path, times the share
of it a seat is expected to take."""
_SQRT2 = math.sqrt(2.0)
SPREAD_FLOOR = 0.25
"""Variance added to every lead in :func:`projected_estimates` (the holdings' own spread
aside): a lead is never quite sure."""
TIE_MARGIN = 0.5
"""How far a projected lead must pass 0 to count as first place in
:func:`projected_estimates` (holdings are whole tiles: a lead of 0.4 is most often a tie)."""


@dataclass(frozen=True, slots=True)
class Weights:
    """The constants of :func:`projected_estimates`, ``medium``'s and ``expert``'s value,
    as one vector (field names are the keys of a weights file, :mod:`saqqara.ai.weights`);
    :data:`HAND` holds the hand-written ones."""

    lid: float = LID_VALUE
    """An unplayed canopic lid or pharaoh tile (a wildcard), in points."""
    mask: float = MASK_VALUE
    """The death mask in hand, in points."""
    take_alone: float = TAKE_ALONE
    """:data:`TAKE_ALONE`."""
    take_shared: float = TAKE_SHARED
    """:data:`TAKE_SHARED`."""
    special: float = SPECIAL_TILE_VALUE
    """:data:`SPECIAL_TILE_VALUE`."""
    spread_floor: float = SPREAD_FLOOR
    """:data:`SPREAD_FLOOR`."""
    tie_margin: float = TIE_MARGIN
    """:data:`TIE_MARGIN`."""


HAND = Weights()
"""The hand-written weights: ``medium``'s (``medium-hand``) and ``expert``'s."""


def projected_estimates(state: TutankhamunState, w: Weights = HAND) -> list[float]:
    """Each seat's points banked, wildcards held, and the points it is likely to score in
    each type from the tiles it holds *and the tiles it can still expect to take*.

    Every tile on the path is shared out: a tile only one pawn can still reach (it lies
    behind all the other pawns: nobody moves back, Ein Spielzug) goes to that pawn at
    :data:`TAKE_ALONE`, a tile several can reach to each of them at :data:`TAKE_SHARED` split
    evenly. A type's first place then comes from the expected final holdings and their
    spread (a normal approximation), its second place likewise. This is what the slow pawn
    of issue 31 exploited: a pawn that jumps ahead gives the tiles it passes to the pawns
    behind it, one a turn, and runs out of path first (as rulebook 000's tips warn: a pawn
    rushed ahead loses its say over what lies behind). ``w``: the constants
    (:class:`Weights`; the hand-written ones by default)."""
    return _projection(state, w, None)


def race_estimates(state: TutankhamunState, w: Weights = HAND) -> list[float]:
    """Each seat's margin over the goal when the first seat is expected to reach it: the
    types are scored in the order their last tiles lie on the path (a type scores when its
    last tile leaves the path, Wertung / Telling), each seat gaining what
    :func:`projected_estimates` expects of it there, and the race stops within the type
    that takes the first seat to zero; a seat at zero has margin 0, one short of it a
    negative margin. Without such a moment, the margins when the path is empty.

    :func:`projected_estimates` adds up every point still to come, but the game ends when
    a seat reaches the goal (Out of the Box: the first to pay the last coin wins, and at
    two players each type pays its first and its second place, so both seats' sums pass
    the coins they hold long before the path is empty). On 150 games of ``medium``
    against itself in the Out of the Box edition the sign of this margin's lead named the
    winner in 0.620 of the positions (0.639 with a wildcard at 3 points), the projected
    lead in 0.563 (``benchmarks/tutankhamun_value.py``). ``expert`` values its rollouts'
    ends by it and the projection together (:func:`search_win_chance`).

    A pawn alone behind rivals that have nothing ahead of them is the only one left to
    move (Ein Spielzug), so nothing hurries it: the race expects it to take every tile
    left, where the projection keeps :attr:`Weights.take_alone`."""
    types: list[tuple[int, list[float]]] = []
    values = _projection(state, w, types)
    n = state.n
    margin = [values[seat] - state.edition.start[n] for seat in range(n)]
    if max(margin) >= 0.0:
        return margin
    for _, points in sorted(types, key=lambda item: item[0]):
        after = [margin[seat] + points[seat] for seat in range(n)]
        if max(after) >= 0.0:
            part = min(-margin[s] / points[s] for s in range(n) if after[s] >= 0.0)
            return [margin[seat] + part * points[seat] for seat in range(n)]
        margin = after
    return margin


def _projection(
    state: TutankhamunState, w: Weights, types: list[tuple[int, list[float]]] | None
) -> list[float]:
    """What :func:`projected_estimates` and :func:`race_estimates` share: each seat's
    points outside the types still on the path (banked, wildcards, the mask, special tiles
    it may take) and, for each such type, the points each seat may expect of it: added to
    the seat's sum when ``types`` is ``None`` (the hot path of ``medium`` and the
    rollouts), else listed in ``types`` with the slot of the type's last tile. For the
    race (``types`` given) a rearmost pawn whose rivals have nothing ahead takes every
    tile it alone can reach (see :func:`race_estimates`)."""
    take_alone = w.take_alone
    take_shared = w.take_shared
    special = w.special
    spread_floor = w.spread_floor
    tie_margin = w.tie_margin
    ed = state.edition
    n = state.n
    path = state.path
    pawns = state.pawn
    hold = state.hold
    mean = [0.0] * (n * NUM_TYPES)
    spread = [0.0] * (n * NUM_TYPES)
    extra = [0.0] * n
    last = [-1] * NUM_TYPES
    order = sorted(range(n), key=pawns.__getitem__)
    if types is not None and n > 1 and pawns[order[1]] >= state.front:
        take_alone = 1.0
    reach: list[int] = []
    nxt = 0
    share = 0.0
    var = 0.0
    for slot in range(max(0, pawns[order[0]] + 1), state.front + 1):
        kind = path[slot]
        if kind == EMPTY:
            continue
        if nxt < n and pawns[order[nxt]] < slot:
            while nxt < n and pawns[order[nxt]] < slot:
                reach.append(order[nxt] * NUM_TYPES)
                nxt += 1
            m = len(reach)
            share = (take_alone if m == 1 else take_shared) / m
            var = share * (1.0 - share)
        if kind >= NUM_TYPES:
            for base in reach:
                extra[base // NUM_TYPES] += special * share
            continue
        last[kind] = slot
        for base in reach:
            mean[base + kind] += share
            spread[base + kind] += var
    two_amigo = ed.amigo and n == 2
    start = ed.start[n]
    score = state.score
    wilds = state.wilds
    lid = w.lid
    values = [start - score[s] + wilds[s] * lid + extra[s] for s in range(n)]
    if 0 <= state.mask < n:
        values[state.mask] += w.mask
    erf = math.erf
    seats = range(n)
    on_path = state.on_path
    for kind, kind_type in enumerate(ed.types):
        if not on_path[kind]:
            continue
        total = [hold[s * NUM_TYPES + kind] + mean[s * NUM_TYPES + kind] for s in seats]
        worth = kind_type.count
        points = values if types is None else [0.0] * n
        for seat in seats:
            mine = total[seat]
            if mine <= 0.0:
                continue
            rival = max([s for s in seats if s != seat], key=total.__getitem__)
            lead = mine - total[rival]
            sd = _SQRT2 * math.sqrt(
                spread[seat * NUM_TYPES + kind] + spread[rival * NUM_TYPES + kind] + spread_floor
            )
            p_first = 0.5 * (1.0 + erf((lead - tie_margin) / sd))
            p_behind = 0.5 * (1.0 + erf((-lead - tie_margin) / sd))
            gain = worth * p_first
            if not two_amigo:
                p_tie = max(0.0, 1.0 - p_first - p_behind)
                second = p_behind if n == 2 else 0.5 * p_behind
                gain += 0.5 * worth * (p_tie + second)
            points[seat] += min(1.0, mine) * gain
        if types is not None:
            types.append((last[kind], points))
    return values


def projected_evaluate(state: TutankhamunState, seat: int, w: Weights = HAND) -> float:
    """:func:`evaluate` on :func:`projected_estimates`: the greedy bot's (``medium``'s) and
    ``expert``'s value of a position. An end is worth :data:`WIN` for a sole win, nothing
    for a win shared by two, ``-WIN`` for a loss (a shared win is no better than a sure
    lead: a pawn that walked off the path at once after its rival had would share it)."""
    if state.is_terminal():
        return _end_value(state, seat)
    values = projected_estimates(state, w)
    return _rival_lead(values, seat)


def projected_win_chance(state: State, seat: int) -> float:
    """:func:`projected_evaluate` as a chance of winning (see :func:`_win_chance`); a part
    of ``expert``'s evaluator, :func:`search_win_chance`."""
    return _win_chance(state, seat, projected_evaluate)


RACE_WEIGHTS = Weights(lid=3.0)
"""The constants :func:`race_win_chance` races on: the hand-written ones but a wildcard (a
pharaoh tile, Out of the Box) at 3 points, which named the winner of more positions than
at 1 point (``benchmarks/tutankhamun_value.py``)."""


def race_evaluate(state: TutankhamunState, seat: int) -> float:
    """:func:`evaluate` on :func:`race_estimates` (with :data:`RACE_WEIGHTS`): the margin
    over the goal against the best rival's when the first seat gets there."""
    if state.is_terminal():
        return _end_value(state, seat)
    values = race_estimates(state, RACE_WEIGHTS)
    return _rival_lead(values, seat)


def race_win_chance(state: State, seat: int) -> float:
    """:func:`race_evaluate` as a chance of winning (see :func:`_win_chance`)."""
    return _win_chance(state, seat, race_evaluate)


def search_win_chance(state: State, seat: int) -> float:
    """``expert``'s evaluator, the value of a rollout's end: in the Out of the Box edition
    at two players the mean of :func:`race_win_chance` and :func:`projected_win_chance`,
    elsewhere :func:`projected_win_chance`.

    The race names the winner of an Out of the Box game more often than the projection,
    and ``expert`` on it alone beat ``medium`` more often than on the projection, but lost
    to the slow pawn (``probe:first``), whose tiles the projection counts in full; on the
    mean of the two it beat both (``docs/strength.md``, Tutankhamun Out of the Box: ``hard``
    on the race and the projection together). In the Amigo edition the race names the
    winner no better than the projection (the first to reach the goal wins, but two games
    in three of ``medium`` against itself ran to the empty path), and at three players or
    more it was not measured."""
    assert isinstance(state, TutankhamunState)
    if state.edition.amigo or state.n != 2:
        return projected_win_chance(state, seat)
    return 0.5 * (race_win_chance(state, seat) + projected_win_chance(state, seat))


def tiles_ahead(state: TutankhamunState) -> list[list[int]]:
    """For every seat, the tiles of each kind still on the path ahead of its pawn: the
    only ones it can still take (Ein Spielzug: nobody moves back)."""
    path = state.path
    pawns = state.pawn
    counts = [0] * (KING_TUT + 1)
    ahead: list[list[int]] = [counts] * state.n
    slot = state.front
    for seat in sorted(range(state.n), key=lambda s: -pawns[s]):
        stop = pawns[seat]
        while slot > stop:
            kind = path[slot]
            if kind != EMPTY:
                counts[kind] += 1
            slot -= 1
        ahead[seat] = counts[:]
    return ahead


def reach_chance(lead: int, mine: int, rival: int, *, two_amigo: bool) -> float:
    """A rough chance of ending sole first in a type, from the lead over the best rival and
    the tiles of that type each can still take: a lead beyond the rival's reach is safe,
    a deficit beyond one's own reach is lost. A tie nobody can break scores nothing at two
    players in the Amigo edition (Sonderwertung bei zwei Spielern), half otherwise."""
    if lead > 0:
        if lead > rival:
            return 1.0
        return 0.55 + 0.45 * lead / (rival + 1)
    if lead == 0:
        if mine == 0 and rival == 0:
            return 0.0 if two_amigo else 0.5
        return 0.35
    if -lead > mine:
        return 0.0
    return max(0.0, 0.25 + 0.25 * lead / (mine + 1))


def sharp_estimates(state: TutankhamunState) -> list[float]:
    """Every seat's :func:`estimates`, sharpened by each seat's reach
    (:func:`tiles_ahead`): the tiles of a type behind a pawn count only for the seats
    behind it, and a single second place scores nothing at two players in the Amigo
    edition (Sonderwertung bei zwei Spielern)."""
    ed = state.edition
    n = state.n
    two_amigo = ed.amigo and n == 2
    second = 0.0 if two_amigo else 0.2
    ahead = tiles_ahead(state)
    hold = state.hold
    score = state.score
    start = ed.start[n]
    wilds = state.wilds
    values = [
        start - score[s] + wilds[s] * LID_VALUE + REACH_ACCESS_VALUE * sum(ahead[s])
        for s in range(n)
    ]
    if 0 <= state.mask < n:
        values[state.mask] += MASK_VALUE
    seats = range(n)
    for kind, kind_type in enumerate(ed.types):
        held = hold[kind::NUM_TYPES]
        if not any(held):
            continue
        reach = [ahead[s][kind] for s in seats]
        worth = kind_type.count
        for seat in seats:
            mine = held[seat]
            if not mine:
                continue
            if n == 2:
                best_other = held[1 - seat]
                rival_reach = reach[1 - seat]
            else:
                best_other = max([held[s] for s in seats if s != seat])
                rival_reach = max([reach[s] for s in seats if s != seat])
            p_first = reach_chance(mine - best_other, reach[seat], rival_reach, two_amigo=two_amigo)
            values[seat] += worth * p_first + second * worth * (1.0 - p_first)
    return values


def sharp_evaluate(state: TutankhamunState, seat: int) -> float:
    """:func:`evaluate` on :func:`sharp_estimates`: the rollout policy's and ``expert``'s
    value of a position."""
    if state.is_terminal():
        winners = state.outcome().winners
        return WIN / len(winners) if seat in winners else -WIN
    values = sharp_estimates(state)
    return _rival_lead(values, seat)


def sharp_win_chance(state: State, seat: int) -> float:
    """``expert``'s evaluator: :func:`sharp_evaluate` as a chance of winning (see
    :func:`_win_chance`)."""
    return _win_chance(state, seat, sharp_evaluate)


def win_chance(state: State, seat: int) -> float:
    """The search evaluator: :func:`evaluate` as a chance of winning (see
    :func:`_win_chance`)."""
    return _win_chance(state, seat, evaluate)


def _win_chance(state: State, seat: int, value: Callable[[TutankhamunState, int], float]) -> float:
    """``value`` squashed into a chance of winning; a scoring under way is first settled
    as if nobody played anything more in it."""
    assert isinstance(state, TutankhamunState)
    if state.phase == SCORING:
        state = state.clone()
        _settle_scoring(state, seat)
    if state.is_terminal():
        return state.returns()[seat]
    return 1.0 / (1.0 + math.exp(-value(state, seat) / WIN_SCALE))


def _settle_scoring(state: TutankhamunState, seat: int) -> None:
    """Finish the scoring under way assuming nobody plays anything more."""
    for _ in range(4 * state.n):
        if state.phase != SCORING:
            return
        (who,) = state.to_act()
        state.apply_unchecked(who, act.PASS)


def seat_values(state: State) -> list[float]:
    """:func:`win_chance` for every seat at once (:func:`estimates` worked out once)."""
    assert isinstance(state, TutankhamunState)
    if state.phase == SCORING:
        state = state.clone()
        _settle_scoring(state, 0)  # nobody plays: the seat does not matter
    if state.is_terminal():
        return list(state.returns())
    return lead_chances(estimates(state), WIN_SCALE)


class GreedyTutankhamun:
    """Chooses the action whose immediate result scores best under
    :func:`projected_evaluate` (``medium``) with ``weights`` (:class:`Weights`; the
    hand-written ones by default)."""

    name = "greedy"

    def __init__(self, game: Game, weights: Weights = HAND) -> None:
        self.game = game
        self.weights = weights

    def value(self, state: TutankhamunState, seat: int) -> float:
        """The value of a position for a seat that the choice maximises."""
        return projected_evaluate(state, seat, self.weights)

    def choose(self, perspective: Perspective, rng: random.Random) -> Action:
        legal = perspective.legal_actions()
        if len(legal) == 1:
            return legal[0]
        world = perspective.resample(rng)
        assert isinstance(world, TutankhamunState)
        seat = perspective.seat
        value = self.value
        return _best(legal, lambda action: value(_after(world, seat, action), seat), rng)


def _after(world: TutankhamunState, seat: int, action: Action) -> TutankhamunState:
    """The position after ``seat`` plays ``action``, a scoring it was in settled."""
    after = world.clone()
    in_scoring = after.phase == SCORING
    after.apply_unchecked(seat, action)
    if in_scoring:
        _settle_scoring(after, seat)
    return after


def _best(legal: list[Action], value_of: Callable[[Action], float], rng: random.Random) -> Action:
    """The legal action of highest value, ties (within 1e-9) broken at random."""
    best: list[Action] = []
    best_value = -math.inf
    for action in legal:
        value = value_of(action)
        if value > best_value + 1e-9:
            best, best_value = [action], value
        elif abs(value - best_value) <= 1e-9:
            best.append(action)
    return rng.choice(best)


ROLLOUT_NOISE = 0.5
"""Points of uniform noise added to each move's value in rollouts, so that near-equal moves
are tried in turn."""
ROLLOUT_HORIZON = 6
"""Decisions a rollout plays after the root move before :func:`search_win_chance` values
it."""
ROLLOUT_REACH = 4
"""Tiles ahead of its pawn, the nearest first, that the rollout policy weighs
(:func:`crawl_moves`)."""
EXPERT_ROLLOUTS = 440
"""``expert``'s rollouts per move (about a second on one core; ``benchmarks/search.py``):
about the processor time per move of the 300 it ran while its policy weighed every legal
move (against OpenSpiel's IS-MCTS on the same seeds: 0.67 s a move at 440 over 30 games,
0.62 s at 300 over 20, 0.77 s at 560 over 4)."""
EXPERT_CANDIDATES = 12
"""Root moves ``expert`` searches at most (:func:`promising`)."""


def rollout_policy(state: State, seat: int, rng: random.Random) -> Action:
    """The greedy choice by :func:`projected_evaluate` among :func:`crawl_moves`, with
    :data:`ROLLOUT_NOISE`: open information, so it reads the state as any seat would."""
    assert isinstance(state, TutankhamunState)
    legal = crawl_moves(state, seat)
    if len(legal) == 1:
        return legal[0]
    noise = rng.random
    best = legal[0]
    best_value = -math.inf
    for action in legal:
        value = projected_evaluate(_after(state, seat, action), seat) + ROLLOUT_NOISE * noise()
        if value > best_value:
            best, best_value = action, value
    return best


def crawl_moves(state: TutankhamunState, seat: int) -> list[Action]:
    """The moves the rollout policy weighs: in a turn, the :data:`ROLLOUT_REACH` nearest
    tiles ahead of the pawn (the exit only when none is left); elsewhere every legal move.

    Rollouts model play as it goes between good players: a pawn that jumps far gives the
    tiles it passes to the pawns behind it (issue 31's slow pawn beat the old policy, which
    jumped to the nearest tile of each kind). The root still weighs every move
    (:func:`promising`)."""
    if state.phase != MOVE:
        return state.legal_actions(seat)
    path = state.path
    take = act.TAKE
    moves: list[Action] = []
    for slot in range(state.pawn[seat] + 1, state.front + 1):
        if path[slot] != EMPTY:
            moves.append(take[slot])
            if len(moves) == ROLLOUT_REACH:
                break
    if not moves:
        moves.append(act.EXIT)
    return moves


def policy_moves(state: TutankhamunState, seat: int) -> list[Action]:
    """The moves the previous rollout policy weighed (before :func:`crawl_moves`): in a
    turn, the nearest tile of each kind in each
    stretch of the path between two pawns, the moves of a rearmost pawn that make a kind's
    last tile leave the path, and the exit; elsewhere every legal move.

    A farther tile of a kind in the same stretch gives up the tiles in between (Ein
    Spielzug: nobody moves back) and changes nothing for the other pawns, save that a
    rearmost pawn removes more behind it, which scores a kind once its last tile is gone
    (Wertung). So the policy weighs the nearest tile of each kind, and, for a rearmost pawn,
    the last tile of each kind before the next pawn and the first tile past it. This spares
    most of its work early on, when the whole path lies ahead.
    """
    if state.phase != MOVE:
        return state.legal_actions(seat)
    path = state.path
    mine = state.pawn[seat]
    front = state.front
    cuts = sorted(p for s, p in enumerate(state.pawn) if s != seat and p > mine)
    rearmost = len(cuts) == state.n - 1
    cuts.append(len(path))
    slots: list[int] = []
    seen = 0
    cut = 0
    last: dict[int, int] = {}
    for slot in range(mine + 1, front + 1):
        if slot > cuts[cut]:
            seen = 0
            while slot > cuts[cut]:
                cut += 1
        kind = path[slot]
        if kind == EMPTY:
            continue
        if cut == 0:
            last[kind] = slot
        if not seen >> kind & 1:
            seen |= 1 << kind
            slots.append(slot)
    if rearmost and last:
        chosen = set(slots)
        for end in last.values():
            if end not in chosen:
                chosen.add(end)
                slots.append(end)
            after = end + 1
            while after <= front and path[after] == EMPTY:
                after += 1
            if after <= front and after not in chosen:
                chosen.add(after)
                slots.append(after)
    take = act.TAKE
    moves: list[Action] = [take[slot] for slot in slots]
    if state.edition.amigo:
        moves.append(act.EXIT)
    return moves


class SharpGreedy(GreedyTutankhamun):
    """The previous ``expert``'s base move: the greedy choice by :func:`sharp_evaluate`
    over every legal move, without noise (``expert`` now starts from ``medium``'s choice,
    :class:`GreedyTutankhamun`)."""

    name = "sharp-greedy"

    def value(self, state: TutankhamunState, seat: int) -> float:
        return sharp_evaluate(state, seat)


def promising(perspective: Perspective, legal: list[Action]) -> list[Action]:
    """The root moves ``expert`` searches: the :data:`EXPERT_CANDIDATES` best by the
    one-move value of :func:`projected_evaluate` (a take far down the path that skips many
    tiles is rarely worth a rollout)."""
    if len(legal) <= EXPERT_CANDIDATES:
        return legal
    world = perspective.resample(random.Random(0))
    assert isinstance(world, TutankhamunState)
    seat = perspective.seat
    value = projected_evaluate
    ranked = sorted(legal, key=lambda action: -value(_after(world, seat, action), seat))
    return ranked[:EXPERT_CANDIDATES]


register_evaluator(GAME_ID, win_chance, seat_values)
register_rollout(
    GAME_ID,
    RolloutSpec(
        rollout_policy,
        search_win_chance,
        horizon=ROLLOUT_HORIZON,
        rollouts=EXPERT_ROLLOUTS,
        candidates=promising,
        base_agent=GreedyTutankhamun,
    ),
)


register_bot(
    "greedy",
    GreedyTutankhamun,
    game_id=GAME_ID,
    help="one-move lookahead with a majority heuristic",
)

_SEARCH: dict[str, tuple[float, float, float]] = {
    "lid": (0.5, 0.0, 5.0),
    "mask": (1.0, 0.0, 10.0),
    "take_alone": (0.1, 0.1, 1.0),
    "take_shared": (0.1, 0.1, 1.0),
    "special": (0.25, 0.0, 3.0),
    "spread_floor": (0.25, 0.01, 4.0),
    "tie_margin": (0.2, 0.0, 1.5),
}
"""Each weight's unit step for the search and its bounds (:mod:`saqqara.ai.training`)."""


def _tuned(game: Game, weights: Mapping[str, float]) -> GreedyTutankhamun:
    return GreedyTutankhamun(game, Weights(**weights))


register_tunable(weights_tunable(GAME_ID, HAND, _SEARCH, _tuned))
