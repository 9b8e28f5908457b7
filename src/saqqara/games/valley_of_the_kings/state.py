"""Valley of the Kings' position and rules (rulebook 001, Kosmos 1992).

Section names in the docstrings are the rulebook's headings: "Spielvorbereitung",
"Die erste Runde" (1. Bausteine ersteigern, 2. Aufseher setzen, 3. Arbeiter setzen,
4. Pyramiden bauen, 5. Startspieler wechseln), "Die folgenden Runden" (adding 4. Bausteine
entwenden and 5. Fremde Bauplätze übernehmen), "Spielende" and the two variants.
Decisions where the rulebook is silent are in ``docs/rules/valley-of-the-kings.md``.

Pieces: each seat has ``PIECES`` = 2 overseers (pieces 0, 1) and 5 workers (2..6); a piece
id is ``seat * PIECES + piece``. Everything is kept in flat lists so :meth:`clone` is cheap;
the long ones of small numbers (the stones on the sites, the figure on each node, the
stones stolen and built, the figures per site) in byte arrays (``array("b")``), a byte an
entry instead of a list's eight: a live table's state is some 3 KB smaller.
"""

from __future__ import annotations

import random
from array import array
from bisect import bisect
from itertools import accumulate, compress, repeat
from operator import or_, truediv
from typing import Any, Self, TypeVar, get_args

from saqqara.core.actions import Action
from saqqara.core.errors import IllegalAction
from saqqara.core.game import CHANCE, Game, State
from saqqara.core.outcome import Outcome
from saqqara.core.refusals import R_
from saqqara.core.sampling import draw_index
from saqqara.core.view import envelope, plain
from saqqara.games.valley_of_the_kings import actions as act
from saqqara.games.valley_of_the_kings.data import LARGE, Board, board
from saqqara.games.valley_of_the_kings.scoring import points
from saqqara.games.valley_of_the_kings.views import (
    Phase,
    SeatView,
    SiteView,
    ValleyOfTheKingsView,
)

SETUP, DRAW, BID, OPEN, ORDERS, WORKERS, STEAL, TAKEOVER, BUILD, OVER = range(10)
PHASE_NAMES: tuple[Phase, ...] = get_args(Phase)
"""Phase names by phase number, in the order of the view's ``Phase`` literal."""
REFUSED = R_("{action}: {reason}")
WRONG_PHASE = R_("this is the {phase} phase")
NO_SUCH_GROUP = R_("there are only {count} groups")
NO_SUCH_TILE = R_("you have no bid tile of {value} left")
BID_CAP = R_("at most {count} rings of yours on one group")
ALREADY_MOVED = R_("that overseer has had its move this round")
OVERSEER_ORDER = R_("overseer 1 moves (or is ordered) first")
OUT_OF_PLAY = R_("site {site} is not in play")
FIELD_TAKEN = R_("{field} is taken")
FOREIGN_SITE = R_("in round 1 figures go only to unclaimed or own sites")
TOO_FAR = R_("{steps} steps, {left} left")
CANNOT_STEAL = R_("you may not take that stone (overseers, workers, top level)")
CANNOT_TAKE_OVER = R_("you need more overseers and more workers than the owner")
CANNOT_BUILD = R_("not on your site, beyond your workers, or not on the level")
"""The refusals' wordings (:mod:`saqqara.core.refusals`)."""
UNCLAIMED, OUT = -1, -2
MAX_ROUNDS = 40
"""Our limit, not the rulebook's: the game also ends after this round (see the rules doc)."""
FREE = -1
_BID_OPTIONS_LIMIT = 1_024
"""Entries ``_BID_LISTS`` holds at most before it starts afresh: a search meets a few
hundred bid keys in its game; a server's tables keep bringing new ones (at 50,000 the
server would have held some 12 MB of them)."""
_ROOM_BITS = 4
"""Bits of one group's room in a bid key (``max_bid`` must fit)."""
_GROUPS_AT = _ROOM_BITS * act.MAX_GROUPS
_HELD_AT = _GROUPS_AT + 3
_HELD_BITS = 4
_ROOM_STEP = tuple(1 << (_ROOM_BITS * g) for g in range(act.MAX_GROUPS))
_HELD_STEP = tuple(1 << (_HELD_AT + _HELD_BITS * v) for v in range(act.VALUES))
_HELD_SHIFTS = tuple(_HELD_AT + _HELD_BITS * v for v in range(act.VALUES))
if board().max_bid >> _ROOM_BITS or max(map(board().bid_tiles.count, range(act.VALUES))) >> 4:
    raise ValueError("the bid tiles do not fit the bid key's fields")  # pragma: no cover
_BID_LISTS: dict[int, tuple[Action, ...]] = {}
"""Legal bids by bid key: a bidder's rings still allowed per group, the number of groups
and its tiles in hand, packed into one int (``_ROOM_BITS`` per group from bit 0, the
groups at ``_GROUPS_AT``, ``_HELD_BITS`` per tile value from ``_HELD_AT``), so that laying
a tile is one subtraction (``_HELD_STEP[value] + value * _ROOM_STEP[group]``)."""
T = TypeVar("T")
"""An item of a list of moves: an action, or its id."""
_BID_IDS: dict[int, tuple[int, ...]] = {}
"""The ids of the legal bids by bid key, as ``_BID_LISTS`` (kept up to the same limit)."""


def _bid_list(key: int) -> tuple[Action, ...]:
    """The legal bids of bid key ``key`` (see ``_BID_LISTS``), put together from the key."""
    if len(_BID_LISTS) >= _BID_OPTIONS_LIMIT:
        _BID_LISTS.clear()
    known = _BID_LISTS[key] = _bids_of(key, act.BID, act.DONE)
    return known


def _bid_id_list(key: int) -> tuple[int, ...]:
    """The ids of :func:`_bid_list`, put together from the key with the bids' ids (not
    from the actions, looked up one by one)."""
    if len(_BID_IDS) >= _BID_OPTIONS_LIMIT:
        _BID_IDS.clear()
    known = _BID_IDS[key] = _bids_of(key, act.BID_IDS, act.DONE_ID)
    return known


def _bids_of(key: int, by_group: tuple[tuple[T, ...], ...], done: T) -> tuple[T, ...]:
    """The bids of bid key ``key``: at each group, every tile value still in hand that
    fits the rings still allowed there (``by_group``: the bid actions by group and value,
    or their ids), then ``done``. Put together from the key itself, a few µs once per key
    while it is kept: rows of bids kept for every hand met held some 300 KB in a server."""
    held = []  # tiles in hand by value (a plain loop: a comprehension is a call in 3.11)
    for shift in _HELD_SHIFTS:
        held.append(key >> shift & 15)
    options: list[T] = []
    for group in range(key >> _GROUPS_AT & 7):
        # The values up to the rings still allowed at the group, those in hand.
        options += compress(by_group[group], held[: (key >> (_ROOM_BITS * group) & 15) + 1])
    options.append(done)
    return tuple(options)


_ORDER_OPTIONS: dict[tuple[int, tuple[bool, ...]], tuple[Action, ...]] = {}
"""Order options by (overseer, which sites are out of play): fixed for a whole game."""
_ORDER_IDS: dict[tuple[int, tuple[bool, ...]], tuple[int, ...]] = {}
"""The ids of ``_ORDER_OPTIONS``, by the same key."""


def _ids_of(actions: tuple[Action, ...]) -> tuple[int, ...]:
    return act.VOCABULARY.ids_of(actions)


PIECES = 7
_BYTE_FREE = array("b", [FREE])
_BYTE_ZERO = array("b", [0])
V = act.VALUES
C = act.COLOURS
S = act.SITES
P = act.MAX_POS


class ValleyState(State):
    """A position of Tal der Könige."""

    SNAPSHOT_DERIVED = frozenset({"game", "b"})

    __slots__ = (
        "_bidder",
        "_claims",
        "_events",
        "_figures",
        "_m",
        "_out",
        "_taken",
        "b",
        "bag",
        "bids",
        "budget",
        "built",
        "count",
        "discarded",
        "game",
        "groups",
        "hand",
        "held",
        "n",
        "ngroups",
        "occ",
        "orders",
        "owner",
        "pharaoh",
        "phase",
        "pos",
        "reason",
        "round",
        "scarabs",
        "start",
        "stolen",
        "stones",
        "turn",
    )

    def __init__(self, game: Game, board: Board, in_play: tuple[bool, ...]) -> None:
        self._events = None
        self._bidder = -1
        """The bid key (see ``_BID_LISTS``) of the seat to bid in the bid phase, -1 when not
        known: worked out from the hand and bids when first asked for, then kept up to date
        by :meth:`_bid`; forgotten when the turn passes or hidden tiles are redealt."""
        self._figures: array[int] | None = None
        """:meth:`figures`, kept until a figure moves (nothing moves from the thefts to
        the end of the round, where it is read most)."""
        self._m = _masks(board)
        self._out = sum(f for f, p in zip(self._m.site_fields, in_play, strict=True) if not p)
        """The fields of the sites out of play."""
        self._claims: tuple[int, ...] | None = None
        """The fields of each seat's sites, then of every claimed site: worked out when
        first asked for (round 1), forgotten when a site changes hands."""
        self._taken: int | None = None
        """The mask of fields holding a figure: worked out from ``pos`` when first asked
        for, then kept up to date by :meth:`_move` (a snapshot or a state rebuilt from a
        view starts without it)."""
        self.game = game
        self.b = board
        n = self.n = game.players
        self.phase = SETUP
        self.round = 1
        self.start = 0
        self.turn = 0
        self.bag: list[int] = [c.count for c in board.colours]
        self.ngroups = 0
        self.groups: list[int] = []
        self.bids: list[int] = []  # (group, seat, value) triples in the order laid
        full = [0] * V
        for value in board.bid_tiles:
            full[value] += 1
        self.hand: list[int] = full * n
        self.held: list[int] = [0] * (n * C)
        area16 = board.area_node(16)
        self.pos: list[int] = [area16] * (n * PIECES)  # Spielvorbereitung: all in area 16
        self.occ: array[int] = _BYTE_FREE * board.num_nodes
        self.owner: list[int] = [UNCLAIMED if p else OUT for p in in_play]
        self.stones: array[int] = _BYTE_FREE * (S * P)
        self.count: list[int] = [0] * S
        self.scarabs: list[int] = [board.scarabs] * n
        self.pharaoh = 0
        self.discarded = 0
        self.budget = 0
        self.orders: list[int] = [-1] * (n * 2)
        self.stolen: array[int] = _BYTE_ZERO * (n * S)
        self.built: array[int] = _BYTE_ZERO * (n * S)
        self.reason = ""

    def clone(self) -> Self:
        other = object.__new__(type(self))
        other._events = None
        other._bidder = self._bidder
        other._claims = self._claims
        other._out = self._out
        other._figures = self._figures
        other._m = self._m
        other._taken = self._taken
        other.game = self.game
        other.b = self.b
        other.n = self.n
        other.phase = self.phase
        other.round = self.round
        other.start = self.start
        other.turn = self.turn
        other.bag = self.bag[:]
        other.ngroups = self.ngroups
        other.groups = self.groups[:]
        other.bids = self.bids[:]
        other.hand = self.hand[:]
        other.held = self.held[:]
        other.pos = self.pos[:]
        other.occ = self.occ[:]
        other.owner = self.owner[:]
        other.stones = self.stones[:]
        other.count = self.count[:]
        other.scarabs = self.scarabs[:]
        other.pharaoh = self.pharaoh
        other.discarded = self.discarded
        other.budget = self.budget
        other.orders = self.orders[:]
        other.stolen = self.stolen[:]
        other.built = self.built[:]
        other.reason = self.reason
        return other

    # -- queries --------------------------------------------------------------------------
    @property
    def active(self) -> int:
        """The seat whose turn it is in a phase played in turn order."""
        return (self.start + self.turn) % self.n

    @property
    def experts(self) -> bool:
        return self.game.options["experts"] == "on"

    @property
    def advanced(self) -> bool:
        return self.game.options["advanced"] == "on"

    def complete(self, site: int) -> bool:
        return self.count[site] == self._m.site_stones[site]

    def figures_at(self, site: int, seat: int) -> tuple[int, int]:
        """(overseers, workers) of ``seat`` on the fields of ``site``."""
        overseers = workers = 0
        occ = self.occ
        for node in self.b.sites[site].fields:
            pid = occ[node]
            if pid >= 0 and pid // PIECES == seat:
                if pid % PIECES < 2:
                    overseers += 1
                else:
                    workers += 1
        return overseers, workers

    def figures(self) -> list[int]:
        """Every seat's figures on every site's fields, in one pass over the pieces:
        ``[(seat * S + site) * 2]`` overseers, ``[... + 1]`` workers (as :meth:`figures_at`)."""
        return self._figures_now().tolist()

    def _figures_now(self) -> array[int]:
        """:meth:`figures`, shared until a figure moves: read it, never change it."""
        counts = self._figures
        if counts is not None:
            return counts
        counts = _BYTE_ZERO * (self.n * S * 2)
        site_of = self.b.node_site
        for pid, node in enumerate(self.pos):
            site = site_of[node]
            if site >= 0:
                seat, piece = divmod(pid, PIECES)
                counts[(seat * S + site) * 2 + (piece >= 2)] += 1
        self._figures = counts
        return counts

    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == ORDERS:
            orders = self.orders
            return tuple(s for s in range(self.n) if orders[2 * s + 1] < 0)
        if phase <= DRAW:
            return (CHANCE,)
        if phase == OVER:
            return ()
        return ((self.start + self.turn) % self.n,)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase == SETUP:
            return [(act.START[s], 1.0 / self.n) for s in range(self.n)]
        if self.phase == DRAW:
            total = sum(self.bag)
            return [(act.DRAW[c], k / total) for c, k in enumerate(self.bag) if k]
        return []

    def chance_outcome_ids(self) -> list[tuple[int, float]]:
        """:meth:`chance_outcomes` built with the actions' ids."""
        if self.phase == SETUP:
            return [(act.START_IDS[s], 1.0 / self.n) for s in range(self.n)]
        if self.phase == DRAW:
            total = sum(self.bag)
            return [(act.DRAW_IDS[c], k / total) for c, k in enumerate(self.bag) if k]
        return []

    def sample_chance(self, rng: random.Random) -> Action:
        """Draw a stone as the kernel does from :meth:`chance_outcomes` (same generator use,
        same outcome), without building the outcome list."""
        if self.phase != DRAW:
            return super().sample_chance(rng)
        bag = self.bag
        total = sum(bag)
        if 0 not in bag:  # every colour left: the outcomes are the colours in order
            # sampling.draw_index, inlined with the weights formed in C: the same sums,
            # one draw, the same bisection.
            cum = list(accumulate(map(truediv, bag, repeat(total))))
            return act.DRAW[bisect(cum, rng.random() * (cum[-1] + 0.0), 0, len(cum) - 1)]
        colours = [c for c, k in enumerate(bag) if k]
        return act.DRAW[colours[draw_index(rng, [bag[c] / total for c in colours])]]

    def legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == ORDERS:
            if self.orders[2 * seat + 1] >= 0:
                return []
            overseer = 0 if self.orders[2 * seat] < 0 else 1
            out = tuple(map(OUT.__eq__, self.owner))
            known = _ORDER_OPTIONS.get((overseer, out))
            if known is None:
                known = self._order_options(seat)
            return list(known)
        if phase <= DRAW or phase == OVER or seat != (self.start + self.turn) % self.n:
            return []
        if phase == BID:
            return self._bid_options(seat)
        if phase == OPEN:
            return self._open_options(seat, act.OVERSEER)
        if phase == WORKERS:
            return self._worker_options(seat, act.WORKER, act.DONE)
        if phase == STEAL:
            return [*(act.STEAL[x][p] for x, p in self._steal_options(seat)), act.DONE]
        if phase == TAKEOVER:
            return [*(act.TAKEOVER[x] for x in self._takeover_sites(seat)), act.DONE]
        return [*(act.BUILD[x][p][c] for x, p, c in self._build_options(seat)), act.DONE]

    def legal_action_ids(self, seat: int) -> list[int]:
        """The ids of :meth:`legal_actions`, built from the id tables of ``actions`` (the
        same steps, ids where that builds actions)."""
        phase = self.phase
        if phase == ORDERS:
            if self.orders[2 * seat + 1] >= 0:
                return []
            key = (0 if self.orders[2 * seat] < 0 else 1, tuple(map(OUT.__eq__, self.owner)))
            known = _ORDER_IDS.get(key)
            if known is None:
                known = _ORDER_IDS[key] = _ids_of(self._order_options(seat))
            return list(known)
        if phase <= DRAW or phase == OVER or seat != (self.start + self.turn) % self.n:
            return []
        if phase == BID:
            return self._bid_option_ids(seat)
        if phase == OPEN:
            return self._open_options(seat, act.OVERSEER_IDS)
        if phase == WORKERS:
            return self._worker_options(seat, act.WORKER_IDS, act.DONE_ID)
        if phase == STEAL:
            ids = act.STEAL_IDS
            return [*(ids[x][p] for x, p in self._steal_options(seat)), act.DONE_ID]
        if phase == TAKEOVER:
            return [*(act.TAKEOVER_IDS[x] for x in self._takeover_sites(seat)), act.DONE_ID]
        build = act.BUILD_IDS
        return [*(build[x][p][c] for x, p, c in self._build_options(seat)), act.DONE_ID]

    def _order_options(self, seat: int) -> tuple[Action, ...]:
        """The orders ``seat`` may write for its next overseer (remembered per overseer
        and sites out of play)."""
        overseer = 0 if self.orders[2 * seat] < 0 else 1
        out = tuple(map(OUT.__eq__, self.owner))
        known = _ORDER_OPTIONS.get((overseer, out))
        if known is None:
            row = act.OVERSEER[overseer]
            known = _ORDER_OPTIONS[(overseer, out)] = tuple(
                row[node] for node in self._order_targets()
            )
        return known

    def refusal(self, seat: int, action: Action) -> tuple[str, str]:
        """The kernel's refusal with the reason a move of the right kind is refused."""
        code, message = self._refusal(seat, action)
        return code, REFUSED.format(action=self.game.action_text(action), reason=message)

    def _refusal(self, seat: int, action: Action) -> tuple[str, str]:
        """Why ``seat`` may not play ``action`` now; uses only what that seat knows.

        ``action`` is one of the game's own actions (field values in range), so every
        lookup below reads the seat's own tiles and pieces or public fields."""
        expected = {
            BID: act.Bid,
            OPEN: act.Overseer,
            ORDERS: act.Overseer,
            WORKERS: act.Worker,
            STEAL: act.Steal,
            TAKEOVER: act.Takeover,
            BUILD: act.Build,
        }.get(self.phase)
        if expected is None or not isinstance(action, expected | act.Done):
            return "wrong-phase", WRONG_PHASE.format(phase=PHASE_NAMES[self.phase])
        b = self.b
        if isinstance(action, act.Bid):
            if action.group >= self.ngroups:
                return "no-such-group", NO_SUCH_GROUP.format(count=self.ngroups)
            if not self.hand[seat * V + action.value]:
                return "no-such-tile", NO_SUCH_TILE.format(value=action.value)
            return "bid-cap", BID_CAP.format(count=b.max_bid)
        if isinstance(action, act.Overseer | act.Worker):
            piece = action.overseer if isinstance(action, act.Overseer) else 2 + action.worker
            if isinstance(action, act.Overseer):
                if self.orders[2 * seat + action.overseer] >= 0:
                    return "already-moved", ALREADY_MOVED
                if action.overseer == 1 and self.orders[2 * seat] < 0:
                    return "overseer-order", OVERSEER_ORDER
            site = b.node_site[action.node]
            if site >= 0 and self.owner[site] == OUT:
                return "out-of-play", OUT_OF_PLAY.format(site=site + 1)
            if site >= 0 and self.occ[action.node] != FREE:
                return "field-taken", FIELD_TAKEN.format(field=b.node_names[action.node])
            if site >= 0 and self.round == 1 and self.owner[site] not in (UNCLAIMED, seat):
                return "foreign-site", FOREIGN_SITE
            steps = b.dist[self.pos[seat * PIECES + piece]][action.node]
            return "too-far", TOO_FAR.format(steps=steps, left=self.budget)
        if isinstance(action, act.Steal):
            return "cannot-steal", CANNOT_STEAL
        if isinstance(action, act.Takeover):
            return "cannot-take-over", CANNOT_TAKE_OVER
        return "cannot-build", CANNOT_BUILD

    # -- applying -------------------------------------------------------------------------
    def apply_unchecked(self, seat: int, action: Action) -> None:
        # Most frequent first: draws and bids, then workers.
        if isinstance(action, act.Draw):
            self._draw(action.colour)
        elif isinstance(action, act.Bid):
            self._bid(seat, action.group, action.value)
        elif isinstance(action, act.Worker):
            self._walk(seat, action.worker, action.node)
        elif isinstance(action, act.Build):
            self._build(seat, action.site, action.pos, action.colour)
        elif isinstance(action, act.Overseer):
            if self.phase == OPEN:
                self._open_move(seat, action.overseer, action.node)
            else:
                self._write_order(seat, action.overseer, action.node)
        elif isinstance(action, act.Steal):
            self._steal(seat, action.site, action.pos)
        elif isinstance(action, act.Takeover):
            self._takeover(seat, action.site)
        elif isinstance(action, act.Done):
            self._done(seat)
        elif isinstance(action, act.Start):
            self.start = action.seat
            self.emit("start-player", seat=action.seat)
            self._begin_round()
        else:  # pragma: no cover - every action class is handled above
            raise IllegalAction(f"{action!r} is not a Valley of the Kings action")

    def _done(self, seat: int) -> None:
        phase = self.phase
        if self._events is not None:
            self.emit("done", seat=seat, phase=PHASE_NAMES[phase])
        if phase == BID:
            self._next_bidder()
        elif phase == WORKERS:
            self._next_walker()
        elif phase == STEAL:
            self._next_thief()
        elif phase == TAKEOVER:
            self._next_taker()
        else:
            self._unload(seat)
            self._next_builder()

    # -- 1. Bausteine ersteigern ------------------------------------------------------------
    def _begin_round(self) -> None:
        """1. Bausteine ersteigern: one group of five more than there are players.

        Decision: when the bag holds too few stones, only full groups are laid out.
        """
        if self._events is not None:
            self.emit("round", number=self.round, start=self.start)
        size = self.b.group_size
        self.ngroups = min(self.n + 1, sum(self.bag) // size)
        self.groups = []
        self.bids = []
        if self.ngroups:
            self.phase = DRAW
        else:
            self._begin_overseers()

    def _draw(self, colour: int) -> None:
        self.bag[colour] -= 1
        self.groups.append(colour)
        size = self.b.group_size
        if self._events is not None:
            self.emit(
                "draw",
                group=(len(self.groups) - 1) // size + 1,
                colour=self.b.colours[colour].slug,
            )
        if len(self.groups) == self.ngroups * size:
            self.phase = BID
            self.turn = 0
            self._bidder = -1

    def _bid_total(self, seat: int, group: int) -> int:
        bids = self.bids
        return sum(
            bids[i + 2] for i in range(0, len(bids), 3) if bids[i] == group and bids[i + 1] == seat
        )

    def _bid_options(self, seat: int) -> list[Action]:
        """Lay any tile still in hand face down at any group, at most 10 rings per group."""
        key = self._bidder
        if key < 0:
            key = self._bidder = self._bid_key(seat)
        known = _BID_LISTS.get(key)
        if known is None:
            known = _bid_list(key)
        return list(known)

    def _bid_option_ids(self, seat: int) -> list[int]:
        """The ids of :meth:`_bid_options` (remembered beside them)."""
        key = self._bidder
        if key < 0:
            key = self._bidder = self._bid_key(seat)
        known = _BID_IDS.get(key)
        if known is None:
            known = _bid_id_list(key)
        return list(known)

    def _bid_key(self, seat: int) -> int:
        """The bid key of ``seat`` (see ``_BID_LISTS``) read from its hand and the bids."""
        room = [self.b.max_bid] * self.ngroups
        bids = self.bids
        for i in range(0, len(bids), 3):
            if bids[i + 1] == seat:
                room[bids[i]] -= bids[i + 2]
        key = self.ngroups << _GROUPS_AT
        for group, left in enumerate(room):
            key += left * _ROOM_STEP[group]
        hand = self.hand
        for value in range(V):
            key += hand[seat * V + value] * _HELD_STEP[value]
        return key

    def _bid(self, seat: int, group: int, value: int) -> None:
        self.hand[seat * V + value] -= 1
        self.bids += (group, seat, value)
        if self._bidder >= 0:
            self._bidder -= _HELD_STEP[value] + value * _ROOM_STEP[group]
        if self._events is not None:
            self.emit("bid", seat=seat, group=group + 1)
            self.emit(
                "bid-value", seats=frozenset((seat,)), seat=seat, group=group + 1, value=value
            )

    def _next_bidder(self) -> None:
        self._bidder = -1
        self.turn += 1
        if self.turn == self.n:
            self._resolve_auction()

    def _resolve_auction(self) -> None:
        """Reveal every tile; the highest bid takes a group, an equal bid goes to whoever laid
        a tile there first; unbid groups (nothing, or only zeros) go back into the bag, or in
        the advanced variant onto the pharaoh pyramid. Bid tiles go back to their owners."""
        bids = self.bids
        if self._events is not None:
            self.emit(
                "reveal-bids",
                reveal=True,
                bids=[[bids[i] + 1, bids[i + 1], bids[i + 2]] for i in range(0, len(bids), 3)],
            )
        size = self.b.group_size
        n = self.n
        # Per (group, seat): the rings bid and where its first tile lies, in one pass.
        all_totals = [0] * (self.ngroups * n)
        all_first = [len(bids)] * (self.ngroups * n)
        for i in range(0, len(bids), 3):
            at = bids[i] * n + bids[i + 1]
            all_totals[at] += bids[i + 2]
            if all_first[at] > i:
                all_first[at] = i
        for group in range(self.ngroups):
            totals = all_totals[group * n : (group + 1) * n]
            first = all_first[group * n : (group + 1) * n]
            best = max(totals)
            stones = self.groups[group * size : (group + 1) * size]
            if best == 0:
                if self.advanced:
                    self._to_pharaoh(stones)
                    if self._events is not None:
                        self.emit("unsold", group=group + 1, to="pharaoh")
                else:
                    for colour in stones:
                        self.bag[colour] += 1
                    if self._events is not None:
                        self.emit("unsold", group=group + 1, to="bag")
                continue
            if totals.count(best) == 1:
                winner = totals.index(best)
            else:
                winner = min((s for s in range(n) if totals[s] == best), key=first.__getitem__)
            held = self.held
            for colour in stones:
                held[winner * C + colour] += 1
            if self._events is not None:
                self.emit("sold", group=group + 1, seat=winner, bid=best)
        self.groups = []
        self.hand = self._m.full_hand * n
        self._begin_overseers()

    # -- 2. Aufseher setzen ---------------------------------------------------------------
    def _begin_overseers(self) -> None:
        self.orders = [-1] * (2 * self.n)
        if self.round == 1:
            self.phase = OPEN
            self.turn = 0
            self.budget = self.b.steps
        else:
            self.phase = ORDERS

    def _enterable(self, seat: int) -> int:
        """The mask of nodes where ``seat`` may put a figure now: any area; a field only if
        it is free and its site in play, and in round 1 only at unclaimed or own sites."""
        masks = self._m
        closed = self._out
        if self.round == 1:
            claims = self._claims
            if claims is None:
                claims = self._claims = self._claimed()
            closed |= claims[-1] & ~claims[seat]
        taken = self._taken
        if taken is None:
            # A field holds one figure at most: the sum of the figures' field bits is their OR.
            taken = self._taken = sum(map(masks.field_bit.__getitem__, self.pos))
        return masks.everything & ~(closed | taken)

    def _claimed(self) -> tuple[int, ...]:
        """The fields of each seat's sites, then of every claimed site (``_claims``)."""
        claims = [0] * (self.n + 1)
        site_fields = self._m.site_fields
        for site, who in enumerate(self.owner):
            if who >= 0:
                claims[who] |= site_fields[site]
                claims[-1] |= site_fields[site]
        return tuple(claims)

    def _open_options(self, seat: int, rows: tuple[tuple[T, ...], ...]) -> list[T]:
        """Round 1: each overseer in turn moves openly; 6 steps for both together (from
        ``rows``: ``act.OVERSEER`` or its ids)."""
        overseer = 0 if self.orders[2 * seat] < 0 else 1
        here = self.pos[seat * PIECES + overseer]
        masks = self._m
        reach = masks.within[here][self.budget] & self._enterable(seat)
        return masks.pick(rows[overseer], reach | 1 << here)

    def _open_move(self, seat: int, overseer: int, node: int) -> None:
        self.orders[2 * seat + overseer] = node
        self.budget -= self.b.dist[self.pos[seat * PIECES + overseer]][node]
        self._move(seat, overseer, node)
        if overseer == 1:
            self.turn += 1
            self.budget = self.b.steps
            if self.turn == self.n:
                self._begin_workers()

    def _order_targets(self) -> list[int]:
        """Later rounds: an order may name any area or any field of a site in play."""
        owner = self.owner
        site_of = self.b.node_site
        return [n for n in range(self.b.num_nodes) if site_of[n] < 0 or owner[site_of[n]] != OUT]

    def _write_order(self, seat: int, overseer: int, node: int) -> None:
        self.orders[2 * seat + overseer] = node
        if self._events is not None:
            self.emit("order-written", seat=seat, overseer=overseer + 1)
            self.emit(
                "order",
                seats=frozenset((seat,)),
                seat=seat,
                overseer=overseer + 1,
                target=self.b.node_names[node],
            )
        if all(o >= 0 for o in self.orders):
            self._resolve_orders()

    def _resolve_orders(self) -> None:
        """Die folgenden Runden, 2: all orders are shown at once and carried out in turn
        order. Orders of more than 6 steps together leave both overseers standing; an
        overseer ordered onto a taken field goes to the area next to it instead."""
        names = self.b.node_names
        if self._events is not None:
            self.emit(
                "reveal-orders",
                reveal=True,
                orders=[[names[o] for o in self.orders[2 * s : 2 * s + 2]] for s in range(self.n)],
            )
        dist = self.b.dist
        for i in range(self.n):
            seat = (self.start + i) % self.n
            base = seat * PIECES
            targets = self.orders[2 * seat : 2 * seat + 2]
            steps = dist[self.pos[base]][targets[0]] + dist[self.pos[base + 1]][targets[1]]
            if steps > self.b.steps:
                self.emit("overrun", seat=seat, steps=steps)
                continue
            for overseer in (0, 1):
                target = targets[overseer]
                here = self.pos[base + overseer]
                if target == here:
                    continue
                site = self.b.node_site[target]
                if site >= 0 and self.occ[target] != FREE:
                    target = self.b.sites[site].area
                    self.emit("field-taken", seat=seat, overseer=overseer + 1, to=names[target])
                self._move(seat, overseer, target)
        self._begin_workers()

    def _move(self, seat: int, piece: int, node: int) -> None:
        """Put a figure on ``node``; an overseer arriving at an unclaimed site claims it."""
        pid = seat * PIECES + piece
        here = self.pos[pid]
        if here == node:
            return
        if self.b.node_site[here] >= 0:
            self.occ[here] = FREE
        self.pos[pid] = node
        self._figures = None
        if self._taken is not None:
            bits = self._m.field_bit
            self._taken = self._taken & ~bits[here] | bits[node]
        site = self.b.node_site[node]
        if self._events is not None:
            kind = "overseer" if piece < 2 else "worker"
            number = piece + 1 if piece < 2 else piece - 1
            self.emit("move", seat=seat, piece=kind, number=number, to=self.b.node_names[node])
        if site < 0:
            return
        self.occ[node] = pid
        if piece < 2 and self.owner[site] == UNCLAIMED and self.scarabs[seat]:
            self.owner[site] = seat
            self._claims = None
            self.scarabs[seat] -= 1
            if self._events is not None:
                self.emit("claim", seat=seat, site=site + 1)

    # -- 3. Arbeiter setzen ---------------------------------------------------------------
    def _begin_workers(self) -> None:
        self.phase = WORKERS
        self.turn = 0
        self.budget = self.b.steps

    def _worker_options(self, seat: int, rows: tuple[tuple[T, ...], ...], done: T) -> list[T]:
        """Any workers, openly, up to 6 steps in all; one entry per place workers stand
        (from ``rows`` and ``done``: ``act.WORKER`` and ``act.DONE``, or their ids)."""
        base = seat * PIECES + 2
        pos = self.pos
        seen: set[int] = set()
        options: list[T] = []
        masks = self._m
        within = masks.within
        budget = self.budget
        allowed = self._enterable(seat)
        for worker in range(act.WORKERS):
            here = pos[base + worker]
            if here in seen:
                continue
            seen.add(here)
            options += masks.pick(rows[worker], within[here][budget] & allowed)
        options.append(done)
        return options

    def _walk(self, seat: int, worker: int, node: int) -> None:
        self.budget -= self.b.dist[self.pos[seat * PIECES + 2 + worker]][node]
        self._move(seat, 2 + worker, node)
        if self.budget == 0:
            self._next_walker()

    def _next_walker(self) -> None:
        self.turn += 1
        self.budget = self.b.steps
        if self.turn == self.n:
            if self.round == 1:
                self._begin_build()
            else:
                self._begin_steal()

    # -- 4. Bausteine entwenden -----------------------------------------------------------
    def _begin_steal(self) -> None:
        self.phase = STEAL
        self.stolen = _BYTE_ZERO * (self.n * S)
        self.turn = -1
        self._next_thief()

    def _steal_sites(self, seat: int) -> list[int]:
        """Foreign sites where ``seat`` has more overseers than the owner, a worker with a
        theft left (2 stones each), and an unfinished pyramid with stones."""
        result = []
        figures: array[int] | None = None
        count = self.count
        full = self._m.site_stones
        for site in range(S):
            owner = self.owner[site]
            if owner < 0 or owner == seat or not count[site] or count[site] == full[site]:
                continue
            if figures is None:
                figures = self._figures_now()
            at = (seat * S + site) * 2
            mine, workers = figures[at], figures[at + 1]
            if not workers or mine <= figures[(owner * S + site) * 2]:
                continue
            if self.stolen[seat * S + site] < self.b.stones_per_worker * workers:
                result.append(site)
        return result

    def _top_positions(self, site: int) -> list[int]:
        """Occupied positions of the top level (the highest level holding a stone)."""
        shape = self.b.sites[site].shape
        stones = self.stones
        base = site * P
        top = max(shape.positions[p][0] for p in range(shape.stones) if stones[base + p] >= 0)
        lo, hi = shape.level_start[top], shape.level_start[top + 1]
        return [p for p in range(lo, hi) if stones[base + p] >= 0]

    def _steal_options(self, seat: int) -> list[tuple[int, int]]:
        result: list[tuple[int, int]] = []
        for site in self._steal_sites(seat):
            positions = self._top_positions(site)
            if not self.experts:
                positions = self._distinct(site, positions)
            result.extend((site, p) for p in positions)
        return result

    def _distinct(self, site: int, positions: list[int]) -> list[int]:
        """Without stripes only a stone's colour and whether it is the hidden centre matter,
        so one position stands for all equal ones (keeps legal lists short)."""
        hidden = self.b.sites[site].shape.hidden
        seen: set[tuple[int, bool]] = set()
        result = []
        for p in positions:
            key = (self.stones[site * P + p], p == hidden)
            if key not in seen:
                seen.add(key)
                result.append(p)
        return result

    def _steal(self, seat: int, site: int, pos: int) -> None:
        colour = self.stones[site * P + pos]
        self.stones[site * P + pos] = -1
        self.count[site] -= 1
        self.held[seat * C + colour] += 1
        self.stolen[seat * S + site] += 1
        victim = self.owner[site]
        self.emit(
            "steal",
            seat=seat,
            site=site + 1,
            owner=victim,
            pos=self.b.sites[site].shape.pos_text(pos),
            colour=self.b.colours[colour].slug,
        )
        if not self._steal_sites(seat):
            self._next_thief()

    def _next_thief(self) -> None:
        """Seats steal in turn order; a seat with nothing to steal is passed over."""
        while True:
            self.turn += 1
            if self.turn == self.n:
                self._begin_takeover()
                return
            if self._steal_sites(self.active):
                return

    # -- 5. Fremde Bauplätze übernehmen ---------------------------------------------------
    def _begin_takeover(self) -> None:
        self.phase = TAKEOVER
        self.turn = -1
        self._next_taker()

    def _takeover_sites(self, seat: int) -> list[int]:
        """Foreign sites with an unfinished pyramid where ``seat`` has more overseers and
        more workers than the owner; workers that stole there this round do not count."""
        if not self.scarabs[seat]:
            return []
        per_worker = self.b.stones_per_worker
        result = []
        figures: array[int] | None = None
        count = self.count
        full = self._m.site_stones
        for site in range(S):
            owner = self.owner[site]
            if owner < 0 or owner == seat or count[site] == full[site]:
                continue
            if figures is None:
                figures = self._figures_now()
            at = (seat * S + site) * 2
            mine, workers = figures[at], figures[at + 1]
            at = (owner * S + site) * 2
            theirs, their_workers = figures[at], figures[at + 1]
            thieves = -(-self.stolen[seat * S + site] // per_worker)
            if mine > theirs and workers - thieves > their_workers:
                result.append(site)
        return result

    def _takeover(self, seat: int, site: int) -> None:
        previous = self.owner[site]
        self.owner[site] = seat
        self._claims = None
        self.scarabs[seat] -= 1
        self.scarabs[previous] += 1
        self.emit("takeover", seat=seat, site=site + 1, previous=previous)
        if not self._takeover_sites(seat):
            self._next_taker()

    def _next_taker(self) -> None:
        while True:
            self.turn += 1
            if self.turn == self.n:
                self._begin_build()
                return
            if self._takeover_sites(self.active):
                return

    # -- 4./6. Pyramiden bauen ------------------------------------------------------------
    def _begin_build(self) -> None:
        self.phase = BUILD
        self.built = _BYTE_ZERO * (self.n * S)
        self.turn = -1
        self._next_builder()

    def _build_options(self, seat: int) -> list[tuple[int, int, int]]:
        """Own unfinished sites with a worker's capacity left (2 stones per worker on the
        site's fields); stones go on the lowest level that is not complete."""
        colours = [c for c in range(C) if self.held[seat * C + c]]
        if not colours:
            return []
        result: list[tuple[int, int, int]] = []
        per_worker = self.b.stones_per_worker
        figures = self._figures_now()
        for site in range(S):
            if self.owner[site] != seat or self.complete(site):
                continue
            workers = figures[(seat * S + site) * 2 + 1]
            if self.built[seat * S + site] >= per_worker * workers:
                continue
            for p in self._free_positions(site):
                result.extend((site, p, c) for c in colours)
        return result

    def _can_build(self, seat: int) -> bool:
        """Whether :meth:`_build_options` lists anything (an unfinished site always has a
        free position), without listing."""
        held = self.held
        if not any(held[seat * C : (seat + 1) * C]):
            return False
        per_worker = self.b.stones_per_worker
        built = self.built
        count = self.count
        full = self._m.site_stones
        owner = self.owner
        figures: array[int] | None = None
        for site in range(S):
            if owner[site] == seat and count[site] != full[site]:
                if figures is None:
                    figures = self._figures_now()
                if built[seat * S + site] < per_worker * figures[(seat * S + site) * 2 + 1]:
                    return True
        return False

    def _free_positions(self, site: int) -> list[int]:
        shape = self.b.sites[site].shape
        stones = self.stones
        base = site * P
        free = [p for p in range(shape.stones) if stones[base + p] < 0]
        level = shape.positions[free[0]][0]
        free = [p for p in free if shape.positions[p][0] == level]
        if self.experts:
            return free
        plain = [p for p in free if p != shape.hidden]
        return sorted({*plain[:1], *(p for p in free if p == shape.hidden)})

    def _build(self, seat: int, site: int, pos: int, colour: int) -> None:
        self.stones[site * P + pos] = colour
        self.count[site] += 1
        self.held[seat * C + colour] -= 1
        self.built[seat * S + site] += 1
        if self._events is not None:
            self.emit(
                "build",
                seat=seat,
                site=site + 1,
                pos=self.b.sites[site].shape.pos_text(pos),
                colour=self.b.colours[colour].slug,
            )
        if self._events is not None and self.complete(site):
            self.emit("finished", seat=seat, site=site + 1)
        if not self._can_build(seat):
            self._unload(seat)
            self._next_builder()

    def _unload(self, seat: int) -> None:
        """Stones a seat cannot or will not use go onto the pharaoh pyramid."""
        stones = []
        for c in range(C):
            stones += [c] * self.held[seat * C + c]
            self.held[seat * C + c] = 0
        if stones:
            self._to_pharaoh(stones)
            if self._events is not None:
                self.emit("to-pharaoh", seat=seat, stones=len(stones), pharaoh=self.pharaoh)

    def _to_pharaoh(self, stones: list[int]) -> None:
        """Decision: stones beyond the pharaoh pyramid's 30 leave the game."""
        room = self.b.pharaoh_stones - self.pharaoh
        placed = min(room, len(stones))
        self.pharaoh += placed
        self.discarded += len(stones) - placed

    def _next_builder(self) -> None:
        """Seats build in turn order; a seat without stones is passed over, and one that
        can lay none of them sends them all to the pharaoh pyramid at once."""
        while True:
            self.turn += 1
            if self.turn == self.n:
                self._end_round()
                return
            seat = self.active
            if self._can_build(seat):
                return
            self._unload(seat)

    # -- 5./7. Startspieler wechseln, Spielende -------------------------------------------
    def _end_round(self) -> None:
        in_play = [s for s in range(S) if self.owner[s] != OUT]
        if self.pharaoh >= self.b.pharaoh_stones:
            self._end("the pharaoh pyramid is finished")
            return
        if all(self.owner[s] >= 0 and self.complete(s) for s in in_play):
            self._end("every pyramid is finished")
            return
        if self.round >= MAX_ROUNDS:
            self._end(f"the round limit ({MAX_ROUNDS}) is reached")
            return
        self.start = (self.start + 1) % self.n
        self.round += 1
        self._begin_round()

    def _end(self, reason: str) -> None:
        self.phase = OVER
        self.reason = reason
        if self._events is not None:
            self.emit("game-over", reason=reason, scores=self.scores())

    def scores(self) -> list[int]:
        """Points of every seat's finished pyramids (Spielende)."""
        result = [0] * self.n
        table = self.b.scores
        experts = self.experts
        for site in range(S):
            owner = self.owner[site]
            if owner >= 0 and self.complete(site):
                shape = self.b.sites[site].shape
                stones = self.stones[site * P : site * P + shape.stones]
                result[owner] += points(table, shape, stones, experts)
        return result

    # -- outcome and views ----------------------------------------------------------------
    def outcome(self) -> Outcome:
        if self.phase != OVER:
            raise IllegalAction("the game is not over", code="not-over")
        scores = self.scores()
        return Outcome(
            tuple(float(s) for s in scores), Outcome.ranks_from_keys(scores), self.reason
        )

    def view(self, seat: int | None) -> dict[str, Any]:
        """Public: everything on the table. Hidden: the values of face-down bid tiles until
        the reveal (their places are public), and overseer orders until all are written
        (:class:`~saqqara.games.valley_of_the_kings.views.ValleyOfTheKingsView`)."""
        b = self.b
        names = b.node_names
        slug = [c.slug for c in b.colours]
        size = b.group_size
        bids = self.bids
        phase = self.phase
        open_bids = phase != BID
        pos = self.pos
        held = self.held
        hand = self.hand
        orders = self.orders
        seats: list[SeatView] = []
        for s in range(self.n):
            own = s == seat
            first = s * PIECES
            written = [o for o in orders[2 * s : 2 * s + 2] if o >= 0]
            tiles = hand[s * V : (s + 1) * V]
            seats.append(
                {
                    "overseers": [names[pos[first]], names[pos[first + 1]]],
                    "workers": [names[p] for p in pos[first + 2 : first + PIECES]],
                    "stones": {slug[c]: k for c, k in enumerate(held[s * C : (s + 1) * C]) if k},
                    "scarabs": self.scarabs[s],
                    "bid_tiles": [v for v, k in enumerate(tiles) if k for _ in range(k)]
                    if own or open_bids
                    else sum(tiles),
                    "orders_written": len(written),
                    "orders": [names[o] for o in written] if own or phase != ORDERS else None,
                    "stolen": self.stolen[s * S : (s + 1) * S].tolist(),
                    "built": self.built[s * S : (s + 1) * S].tolist(),
                }
            )
        sites: list[SiteView] = []
        count = self.count
        owners = self.owner
        placed = self.stones
        for index, site in enumerate(b.sites):
            shape = site.shape
            stones = len(shape.positions)
            owner = owners[index]
            sites.append(
                {
                    "site": site.number,
                    "size": "large" if shape.name == LARGE else "small",
                    "owner": None if owner < 0 else owner,
                    "in_play": owner != OUT,
                    "stones": [
                        None if c < 0 else slug[c] for c in placed[index * P : index * P + stones]
                    ],
                    "finished": count[index] == stones,
                }
            )
        payload: ValleyOfTheKingsView = {
            **envelope(self, seat, PHASE_NAMES[self.phase]),
            "round": self.round,
            "start": self.start,
            "steps_left": self.budget if self.phase in (OPEN, WORKERS) else None,
            "bag": {slug[c]: k for c, k in enumerate(self.bag)},
            "groups": [
                [slug[c] for c in self.groups[g * size : (g + 1) * size]]
                for g in range(len(self.groups) // size + (1 if len(self.groups) % size else 0))
            ],
            "bids": [
                {
                    "group": bids[i] + 1,
                    "seat": bids[i + 1],
                    "value": bids[i + 2] if open_bids or bids[i + 1] == seat else None,
                }
                for i in range(0, len(bids), 3)
            ],
            "seats": seats,
            "sites": sites,
            "pharaoh": self.pharaoh,
            "discarded": self.discarded,
            "scores": self.scores(),
        }
        return plain(payload)

    def views_open(self) -> bool:
        """Bids are hidden while they are made, orders while they are written; nothing is
        hidden in the other phases."""
        return self.phase != BID and self.phase != ORDERS

    def resample(self, seat: int, rng: random.Random) -> Self:
        """Redraw what ``seat`` cannot know: the values of others' face-down bid tiles
        (keeping each seat's tiles and the 10-ring cap), and others' written orders. The bag
        holds no order (each draw is a chance step), so nothing else is hidden."""
        world = self.clone()
        if self.phase == BID:
            world._resample_bids(seat, rng)
            world._bidder = -1
        elif self.phase == ORDERS:
            targets = self._order_targets()
            for s in range(self.n):
                if s != seat:
                    for o in (0, 1):
                        if world.orders[2 * s + o] >= 0:
                            world.orders[2 * s + o] = rng.choice(targets)
        return world

    def _resample_bids(self, seat: int, rng: random.Random) -> None:
        """Deal each other seat's tiles anew onto its face-down bids: uniformly (shuffles
        until one keeps every group within the cap), or after 100 failed shuffles by a
        random search that always finds a deal. Never the true values by default."""
        bids = self.bids
        tiles = list(self.b.bid_tiles)
        for s in range(self.n):
            if s == seat:
                continue
            mine = [i for i in range(0, len(bids), 3) if bids[i + 1] == s]
            if not mine:
                continue
            for _ in range(100):
                rng.shuffle(tiles)
                totals: dict[int, int] = {}
                for i, value in zip(mine, tiles, strict=False):
                    totals[bids[i]] = totals.get(bids[i], 0) + value
                if max(totals.values()) <= self.b.max_bid:
                    break
            else:
                tiles = self._search_bid_deal([bids[i] for i in mine], rng)
            for i, value in zip(mine, tiles, strict=False):
                bids[i + 2] = value
            left = [0] * V
            for value in tiles[len(mine) :]:
                left[value] += 1
            self.hand[s * V : (s + 1) * V] = left

    def _search_bid_deal(self, groups: list[int], rng: random.Random) -> list[int]:
        """A seat's tiles in an order whose first ``len(groups)`` values, laid on ``groups``
        in turn, keep every group within the cap: a depth-first search over the values in
        random order. One always exists (the true deal), so the search cannot fail."""
        room = dict.fromkeys(groups, self.b.max_bid)
        left = list(self.b.bid_tiles)
        chosen: list[int] = []

        def place(k: int) -> bool:
            if k == len(groups):
                return True
            group = groups[k]
            values = sorted(set(left))
            for value in rng.sample(values, len(values)):
                if value <= room[group]:
                    left.remove(value)
                    room[group] -= value
                    chosen.append(value)
                    if place(k + 1):
                        return True
                    chosen.pop()
                    room[group] += value
                    left.append(value)
            return False

        if not place(0):  # pragma: no cover - the true deal is one
            raise AssertionError(f"no deal of the bid tiles fits groups {groups}")
        rng.shuffle(left)
        return chosen + left


_Chunks = list[list[tuple[Any, ...] | None]]
"""A row of actions (one per node) by 8-node chunk and byte of a node mask: the actions at
that byte's nodes, worked out when first asked for."""


class _NodeMasks:
    """A board's nodes as bit masks, for listing where figures may go without scanning
    every node: ``within[node][k]`` is the mask of ``Board.within[node][k]``;
    ``field_bit[node]`` is the node's bit if it is a field (0 for an area)."""

    __slots__ = (
        "everything",
        "field_bit",
        "fields",
        "full_hand",
        "nbytes",
        "rows",
        "site_fields",
        "site_stones",
        "within",
    )

    def __init__(self, board: Board) -> None:
        steps = len(board.within[0]) - 1
        within = []
        for row in board.dist:
            # Board.within[node][k]: the other nodes 1..k steps away, from the distances.
            ring = [0] * (steps + 1)
            for node, d in enumerate(row):
                if 0 < d <= steps:
                    ring[d] |= 1 << node
            within.append(tuple(accumulate(ring, or_)))
        self.within = tuple(within)
        self.site_fields = tuple(sum(1 << n for n in site.fields) for site in board.sites)
        self.site_stones = tuple(site.shape.stones for site in board.sites)
        self.full_hand = [board.bid_tiles.count(v) for v in range(max(board.bid_tiles) + 1)]
        """A seat's bid tiles by value, all in hand (copied, never changed)."""
        """Stones of each site's finished pyramid."""
        self.fields = sum(self.site_fields)
        self.field_bit = tuple((1 << n) & self.fields for n in range(board.num_nodes))
        self.everything = (1 << board.num_nodes) - 1
        self.nbytes = (board.num_nodes + 7) // 8
        self.rows: dict[int, tuple[tuple[Any, ...], _Chunks]] = {}

    def pick(self, row: tuple[T, ...], mask: int) -> list[T]:
        """The items of ``row`` (one per node: actions or their ids) at the nodes of
        ``mask``, in node order."""
        known = self.rows.get(id(row))
        if known is None:
            known = self.rows[id(row)] = (row, [[None] * 256 for _ in range(self.nbytes)])
        chunks = known[1]
        out: list[T] = []
        for chunk, byte in enumerate(mask.to_bytes(self.nbytes, "little")):
            if byte:
                part = chunks[chunk][byte]
                if part is None:
                    first = 8 * chunk
                    part = chunks[chunk][byte] = tuple(
                        row[first + bit] for bit in range(8) if byte >> bit & 1
                    )
                out += part
        return out


_NODE_MASKS: dict[int, _NodeMasks] = {}


def _masks(board: Board) -> _NodeMasks:
    masks = _NODE_MASKS.get(id(board))
    if masks is None:
        masks = _NODE_MASKS[id(board)] = _NodeMasks(board)
    return masks
