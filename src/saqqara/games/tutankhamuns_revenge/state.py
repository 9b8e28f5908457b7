"""Tutankhamun's Revenge: the position and its rules.

Section names in the docstrings are the headings of rulebook 004 (Swedish, 1992): "Fas 1:
utläggning av kortlagren" (laying the layers), "Fas 2: grävandet börjar" (digging),
"Poängen" (scoring), "Specialkort" (scarab and blockade cards), "SPELET ÄR SLUT" (the end).
Decisions where the rulebook is silent are in ``docs/rules/tutankhamuns-revenge.md``; each
is tested in ``tests/games/tutankhamuns_revenge``.

Hidden information. The box holds six layers of sixteen cards. Each of layers 1-5 is laid
by one seat, which knows that layer as it laid it; then the box gets a secret quarter turn
(chance) that nobody sees. During the digging only the top card of each stack, and every
card lifted before, is public. A lift is therefore followed by a chance step, ``reveal``,
whose single outcome is the card that lay beneath: the card is fixed in the state, but
what it is reaches the seats only through that step.
"""

from __future__ import annotations

import random
from bisect import bisect
from typing import Any, Self

from saqqara.core.actions import Action
from saqqara.core.errors import IllegalAction
from saqqara.core.game import CHANCE, Game, State
from saqqara.core.memos import Memo
from saqqara.core.outcome import Outcome
from saqqara.core.refusals import R_
from saqqara.core.sampling import cumulative, draw_cumulative
from saqqara.core.view import envelope, plain
from saqqara.games.tutankhamuns_revenge import actions as act
from saqqara.games.tutankhamuns_revenge.data import CELLS, COVER, LAYERS, MIDDLE_LAYERS, deck
from saqqara.games.tutankhamuns_revenge.shapes import (
    cell_name,
    next_cell_weights,
    rotate,
    sample_layer,
)
from saqqara.games.tutankhamuns_revenge.views import TutankhamunsRevengeView

LAYING, TURNING, DIGGING, REVEALING, BLOCKING, OVER = range(6)
_QUARTERS = cumulative([0.25] * 4)
"""The box's four turns, equally likely: cumulative weights for fast draws."""
PHASE_NAMES = ("laying", "turning", "digging", "revealing", "blocking", "over")

TREASURE_LAYERS = 5
"""Layers 1-5 are laid by the seats in turn; layer 6, the cover, by the seat of layer 5
(with six players and ``sixth-lays-cover=on``, by seat 5)."""
START_MONEY = 10
"""One gold coin (5 silver) and five silver coins ("Förberedelser")."""
START_SCARABS = 2
START_BLOCKADES = 1
"""One blockade card each ("Specialkort")."""
NOBODY = -1

_DECK = deck()
_CARDS = _DECK.cards
_VALUES = tuple(c.value for c in _CARDS)
_SLUGS = tuple(c.slug for c in _CARDS)
_MASK = _DECK.mask
_EARTH = _DECK.earth
_LAYER_COUNTS = tuple(
    {slug: count for slug, count in zip(_SLUGS, layer, strict=True) if count}
    for layer in _DECK.layers
)
"""Each layer's cards by kind, kinds it lacks left out (a view's ``hidden_left`` before any
card is uncovered)."""
_LAYER_KEYS = tuple(str(lyr + 1) for lyr in range(LAYERS))
_ROTATED = tuple(tuple(rotate(cell, turns) for cell in range(CELLS)) for turns in range(4))
"""``_ROTATED[t][cell]``: ``rotate(cell, t)``, looked up instead of computed."""


_LAYINGS: Memo[tuple[int, tuple[int, ...], bool], tuple[tuple[act.Lay, ...], tuple[float, ...]]] = (
    Memo(1 << 14, 256)
)

EMPTY_STACK = R_("stack {stack} is empty")
BLOCKED = R_("stack {stack} is blocked by seat {seat}")
LATE_SCARAB = R_("a scarab is played before the first lift")
ONE_SCARAB = R_("one scarab per turn")
NO_SCARAB = R_("you have no scarab card left")
MUST_DIG = R_("after playing a scarab you must dig")
CANNOT_PASS = R_("you cannot pay the {cost} silver for passing")
"""The digging moves' refusals (:mod:`saqqara.core.refusals`)."""
""":func:`_laying` remembered by layer, prefix and snake rule (outside the middle layers, by
the prefix's cards in order of kind: there the weights count the cards left, whatever their
order): a search lays some thousands of prefixes again and again (5,259 in goals.py's
3,000-iteration search), while a server's tables lay ever new ones (16,384 of them held some
7 MB), so a server keeps 256 (:mod:`saqqara.core.memos`)."""


def _laying(
    layer: int, prefix: tuple[int, ...], bent: bool = False
) -> tuple[tuple[act.Lay, ...], tuple[float, ...]]:
    """The cards that may lie on the next cell of ``layer`` after ``prefix``
    (:func:`next_cell_weights`), as actions, with their cumulative weights (for draws as
    ``rng.choices`` draws); remembered, since a search lays the same prefixes again and
    again."""
    key = (layer, prefix if layer in MIDDLE_LAYERS else tuple(sorted(prefix)), bent)
    known = _LAYINGS.get(key)
    if known is None:
        weights = next_cell_weights(layer, prefix, bent)
        lay = act.LAY
        known = _LAYINGS.keep(
            key,
            (tuple([lay[kind] for kind, _ in weights]), cumulative([p for _, p in weights])),
        )
    return known


def _lay_legal(layer: int, prefix: tuple[int, ...], bent: bool = False) -> list[Action]:
    """The layer's seat's legal actions after ``prefix``: each card that keeps the layer
    completable, then a random fill."""
    return [*_laying(layer, prefix, bent)[0], act.RANDOM]


def _lay_legal_ids(layer: int, prefix: tuple[int, ...], bent: bool = False) -> tuple[int, ...]:
    """The ids of :func:`_lay_legal`."""
    return act.VOCABULARY.ids_of(_lay_legal(layer, prefix, bent))


def layer_owner(layer: int, players: int, sixth_lays_cover: bool = False) -> int:
    """The seat that lays ``layer`` (0 = bottom): seat 0 lays the bottom layer, each next
    layer is laid by the seat to the left, and the seat of layer 5 also lays the cover;
    with six players and the option ``sixth-lays-cover=on``, seat 5 lays the cover."""
    if sixth_lays_cover and players == LAYERS:
        return layer
    return min(layer, TREASURE_LAYERS - 1) % players


class RevengeState(State):
    """A position of Tutankhamun's Revenge."""

    SNAPSHOT_DERIVED = frozenset({"game"})

    __slots__ = (
        "_events",
        "active",
        "block_at",
        "blockades",
        "box",
        "depth",
        "eliminated",
        "gain",
        "game",
        "laid",
        "layer",
        "layouts",
        "lifts",
        "mask_end",
        "mask_seen",
        "money",
        "n",
        "pass_cost",
        "passes",
        "pending",
        "phase",
        "random_fill",
        "reason",
        "scarab_on",
        "scarabs",
        "turns",
    )

    def __init__(self, game: Game, pass_cost: int, mask_end: bool) -> None:
        self._events = None
        self.game = game
        n = self.n = game.players
        self.pass_cost = pass_cost
        self.mask_end = mask_end
        self.phase = LAYING
        self.layer = 0
        self.laid = 0
        self.random_fill = False
        self.layouts: list[int] = [-1] * (LAYERS * CELLS)
        """Each layer as its seat laid it (before the secret turn), row by row."""
        self.turns = -1
        self.box: list[int] = [-1] * (LAYERS * CELLS)
        """Each layer as it lies in the box after the secret turn: ``box[layer*16 + stack]``."""
        self.depth: list[int] = [0] * CELLS
        self.pending = NOBODY
        self.active = NOBODY
        self.lifts = 0
        self.gain = 0
        self.scarab_on = False
        self.money: list[int] = [START_MONEY] * n
        self.scarabs: list[int] = [START_SCARABS] * n
        self.blockades: list[int] = [START_BLOCKADES] * n
        self.block_at: list[int] = [NOBODY] * n
        self.eliminated: list[int] = []
        """Seats out of the game, in the order they went out."""
        self.passes = 0
        self.mask_seen = False
        self.reason = ""

    def clone(self) -> Self:
        other = object.__new__(type(self))
        other._events = None
        other.game = self.game
        other.n = self.n
        other.pass_cost = self.pass_cost
        other.mask_end = self.mask_end
        other.phase = self.phase
        other.layer = self.layer
        other.laid = self.laid
        other.random_fill = self.random_fill
        other.layouts = self.layouts[:]
        other.turns = self.turns
        other.box = self.box[:]
        other.depth = self.depth[:]
        other.pending = self.pending
        other.active = self.active
        other.lifts = self.lifts
        other.gain = self.gain
        other.scarab_on = self.scarab_on
        other.money = self.money[:]
        other.scarabs = self.scarabs[:]
        other.blockades = self.blockades[:]
        other.block_at = self.block_at[:]
        other.eliminated = self.eliminated[:]
        other.passes = self.passes
        other.mask_seen = self.mask_seen
        other.reason = self.reason
        return other

    # -- queries --------------------------------------------------------------------------
    def owner(self, layer: int) -> int:
        if layer == COVER and self.n == LAYERS:
            return layer_owner(layer, self.n, self.game.options["sixth-lays-cover"] == "on")
        return min(layer, TREASURE_LAYERS - 1) % self.n  # layer_owner, inlined

    def first_to_dig(self) -> int:
        """Fas 2: the seat to the left of the one that laid the last layer digs first."""
        return (self.owner(COVER) + 1) % self.n

    def bent(self) -> bool:
        """Whether the snake may bend (decision 4; the option ``bent-snake``)."""
        return self.game.options["bent-snake"] == "on"

    def blocks_after_danger(self) -> bool:
        """Whether a turn a danger ended may end with a blockade (decision 10; the option
        ``blockade-after-danger``)."""
        return self.game.options["blockade-after-danger"] == "on"

    def in_game(self, seat: int) -> bool:
        return seat not in self.eliminated

    def top(self, stack: int) -> int:
        """The card kind on top of ``stack`` (-1 if the stack is empty)."""
        d = self.depth[stack]
        return self.box[(d - 1) * CELLS + stack] if d else -1

    def is_public(self, layer: int, stack: int) -> bool:
        """Whether the card of ``layer`` in ``stack`` has been uncovered (and maybe lifted)."""
        d = self.depth[stack]
        return d <= layer or (d == layer + 1 and self.pending != stack)

    def blocker(self, stack: int) -> int:
        for seat, at in enumerate(self.block_at):
            if at == stack:
                return seat
        return NOBODY

    def diggable(self, seat: int) -> list[int]:
        """Stacks ``seat`` may lift from: not empty, and not blocked by another seat."""
        blocked = [at for s, at in enumerate(self.block_at) if s != seat and at >= 0]
        return [s for s in range(CELLS) if self.depth[s] and s not in blocked]

    def multiplier(self) -> int:
        return 2 if self.scarab_on else 1

    def _prefix(self) -> tuple[int, ...]:
        base = self.layer * CELLS
        return tuple(self.layouts[base : base + self.laid])

    def _may_stop(self) -> bool:
        if self.lifts:
            return True
        if self.scarab_on:
            return False
        return not (self.pass_cost and self.money[self.active] < self.pass_cost)

    # -- who acts -------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase in (DIGGING, BLOCKING):
            return (self.active,)
        if phase == LAYING:
            return (CHANCE,) if self.random_fill else (self.owner(self.layer),)
        if phase == OVER:
            return ()
        return (CHANCE,)

    def legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == DIGGING:
            if seat != self.active:
                return []
            stacks = self.diggable(seat)
            moves: list[Action] = []
            if stacks and not self.lifts and not self.scarab_on and self.scarabs[seat]:
                moves.append(act.SCARAB)
            lift = act.LIFT
            moves += [lift[s] for s in stacks]
            if self._may_stop() or not stacks:
                moves.append(act.STOP)
            return moves
        if phase == LAYING:
            if self.random_fill or seat != self.owner(self.layer):
                return []
            return _lay_legal(self.layer, self._prefix(), self.bent())
        if phase == BLOCKING and seat == self.active:
            block = act.BLOCK
            taken = self.block_at
            free = [block[s] for s in range(CELLS) if self.depth[s] and s not in taken]
            return [*free, act.NO_BLOCK]
        return []

    def legal_action_ids(self, seat: int) -> list[int]:
        """The ids of :meth:`legal_actions`, built from the id tables of ``actions`` (a
        layer's cards mapped, and remembered with them)."""
        phase = self.phase
        if phase == DIGGING:
            if seat != self.active:
                return []
            stacks = self.diggable(seat)
            moves: list[int] = []
            if stacks and not self.lifts and not self.scarab_on and self.scarabs[seat]:
                moves.append(act.SCARAB_ID)
            lift = act.LIFT_IDS
            moves += [lift[s] for s in stacks]
            if self._may_stop() or not stacks:
                moves.append(act.STOP_ID)
            return moves
        if phase == LAYING:
            if self.random_fill or seat != self.owner(self.layer):
                return []
            return list(_lay_legal_ids(self.layer, self._prefix(), self.bent()))
        if phase == BLOCKING and seat == self.active:
            block = act.BLOCK_IDS
            taken = self.block_at
            free = [block[s] for s in range(CELLS) if self.depth[s] and s not in taken]
            return [*free, act.NO_BLOCK_ID]
        return []

    def chance_outcome_ids(self) -> list[tuple[int, float]]:
        """:meth:`chance_outcomes` built with the actions' ids."""
        phase = self.phase
        if phase == REVEALING:
            s = self.pending
            return [(act.REVEAL_IDS[self.box[(self.depth[s] - 1) * CELLS + s]], 1.0)]
        if phase == LAYING and self.random_fill:
            lay = act.LAY_IDS
            weights = next_cell_weights(self.layer, self._prefix(), self.bent())
            return [(lay[k], p) for k, p in weights]
        if phase == TURNING:
            return [(t, 0.25) for t in act.TURN_IDS]
        return []

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        phase = self.phase
        if phase == REVEALING:
            s = self.pending
            return [(act.REVEAL[self.box[(self.depth[s] - 1) * CELLS + s]], 1.0)]
        if phase == LAYING and self.random_fill:
            lay = act.LAY
            weights = next_cell_weights(self.layer, self._prefix(), self.bent())
            return [(lay[k], p) for k, p in weights]
        if phase == TURNING:
            return [(t, 0.25) for t in act.TURN]
        return []

    def sample_chance(self, rng: random.Random) -> Action:
        """Draw as the kernel does from :meth:`chance_outcomes` (same generator use, same
        outcome), without building the outcome list."""
        phase = self.phase
        if phase == REVEALING:
            rng.random()
            s = self.pending
            return act.REVEAL[self.box[(self.depth[s] - 1) * CELLS + s]]
        if phase == TURNING:
            return act.TURN[draw_cumulative(rng, _QUARTERS)]
        if phase == LAYING and self.random_fill:
            lays, cum = _laying(self.layer, self._prefix(), self.bent())
            return lays[draw_cumulative(rng, cum)]
        return super().sample_chance(rng)

    def play_chance(self, rng: random.Random) -> None:
        """The cards of a random fill laid in one loop (drawn and laid as one
        ``sample_chance`` and ``apply_unchecked`` after another would); other chance steps
        one by one."""
        layouts = self.layouts
        while True:
            phase = self.phase
            if phase == LAYING:
                if not self.random_fill:
                    return
                base = self.layer * CELLS
                lays, cum = _laying(
                    self.layer, tuple(layouts[base : base + self.laid]), self.bent()
                )
                # draw_cumulative(rng, cum), inlined.
                self._lay(lays[bisect(cum, rng.random() * (cum[-1] + 0.0), 0, len(cum) - 1)].kind)
            elif phase in (DIGGING, BLOCKING, OVER):
                return
            else:
                self.apply_unchecked(CHANCE, self.sample_chance(rng))

    def refusal(self, seat: int, action: Action) -> tuple[str, str]:
        """The kernel's refusal, with clearer reasons for the digging moves."""
        if self.phase == DIGGING and seat == self.active:
            if isinstance(action, act.Lift):
                s = action.stack
                if not self.depth[s]:
                    return "empty-stack", EMPTY_STACK.format(stack=cell_name(s))
                other = self.blocker(s)
                if other not in (NOBODY, seat):
                    return "blocked", BLOCKED.format(stack=cell_name(s), seat=other)
            elif isinstance(action, act.Scarab) and self.lifts:
                return "late", LATE_SCARAB
            elif isinstance(action, act.Scarab) and self.scarab_on:
                return "one-scarab", ONE_SCARAB
            elif isinstance(action, act.Scarab) and not self.scarabs[seat]:
                return "no-scarab", NO_SCARAB
            elif isinstance(action, act.Stop):
                why = MUST_DIG if self.scarab_on else CANNOT_PASS.format(cost=self.pass_cost)
                return "must-dig", why
        return super().refusal(seat, action)

    # -- applying -------------------------------------------------------------------------
    def apply_unchecked(self, seat: int, action: Action) -> None:
        if isinstance(action, act.Lift):
            self._lift(action.stack)
        elif isinstance(action, act.Reveal):
            self._reveal(action.kind)
        elif isinstance(action, act.Stop):
            self._stop()
        elif isinstance(action, act.Lay):
            self._lay(action.kind)
        elif isinstance(action, act.Scarab):
            self.scarabs[self.active] -= 1
            self.scarab_on = True
            self.emit("scarab", seat=self.active)
        elif isinstance(action, act.Block):
            self.blockades[self.active] = 0
            self.block_at[self.active] = action.stack
            self.emit("block", seat=self.active, stack=cell_name(action.stack))
            self._next_turn()
        elif isinstance(action, act.NoBlock):
            self._next_turn()
        elif isinstance(action, act.Turn):
            self._turn_box(action.turns)
        elif isinstance(action, act.RandomLayout):
            self.random_fill = True
            self.emit("random-layout", seat=seat, layer=self.layer + 1)
        else:
            raise IllegalAction(f"{action!r} is not an action of this game", code="not-legal")

    def _lay(self, kind: int) -> None:
        """Fas 1: the next card of the layer goes on the next cell, row by row."""
        layer, cell = self.layer, self.laid
        self.layouts[layer * CELLS + cell] = kind
        self.laid += 1
        if self._events is not None:
            self._lay_events(self.owner(layer), layer, cell, kind)
        if self.laid < CELLS:
            return
        self.layer += 1
        self.laid = 0
        self.random_fill = False
        if self.layer == TREASURE_LAYERS:
            base = COVER * CELLS
            self.layouts[base : base + CELLS] = [_EARTH] * CELLS
            self.emit("cover", seat=self.owner(COVER))
            self.phase = TURNING

    def _lay_events(self, owner: int, layer: int, cell: int, kind: int) -> None:
        """The card laid, for its layer's seat alone; for everyone, only how many."""
        self.emit(
            "lay", frozenset((owner,)), layer=layer + 1, cell=cell_name(cell), card=_SLUGS[kind]
        )
        self.emit("laid", seat=owner, layer=layer + 1, cards=self.laid)

    def _turn_box(self, turns: int) -> None:
        """Fas 1, end: the box is turned in secret; the digging starts to the left of the
        seat that laid the last layer ("Fas 2")."""
        self.turns = turns
        for layer in range(LAYERS):
            base = layer * CELLS
            for cell in range(CELLS):
                self.box[base + rotate(cell, turns)] = self.layouts[base + cell]
        self.depth = [LAYERS] * CELLS
        self.emit("box-turned")
        self._begin_turn(self.first_to_dig())

    def _begin_turn(self, seat: int) -> None:
        """Blockadkort: the seat takes its blockade card away when its turn comes."""
        self.active = seat
        self.lifts = 0
        self.gain = 0
        self.scarab_on = False
        self.phase = DIGGING
        self.emit("turn", seat=seat)
        if self.block_at[seat] >= 0:
            self.emit("unblock", seat=seat, stack=cell_name(self.block_at[seat]))
            self.block_at[seat] = NOBODY

    def _lift(self, stack: int) -> None:
        """Fas 2: lift the top card; a card already visible scores nothing ("Se upp!")."""
        d = self.depth[stack] - 1
        self.depth[stack] = d
        self.lifts += 1
        self.passes = 0
        self.emit(
            "lift",
            seat=self.active,
            stack=cell_name(stack),
            card=_SLUGS[self.box[d * CELLS + stack]],
            layer=d + 1,
        )
        if d:
            self.pending = stack
            self.phase = REVEALING
            return
        reason = self._dug_out()
        if reason:
            self._cash_in()
            self._finish(reason)

    def _dug_out(self) -> str:
        """The end by cards ("SPELET ÄR SLUT"), and the early end of the German original:
        every other card has been dug and one card, already uncovered, still covers the
        hidden mask (the mask lies in the bottom layer, so its stack is 2 cards deep)."""
        left = [s for s in range(CELLS) if self.depth[s]]
        if not left:
            return "every card has been dug"
        if (
            self.mask_end
            and not self.mask_seen
            and len(left) == 1
            and self.depth[left[0]] == 2
            and self.pending == NOBODY
        ):
            return "only the card covering the death mask is left"
        return ""

    def _reveal(self, kind: int) -> None:
        """Poängen: a treasure adds to this turn's gain; a danger ends the turn at once,
        the turn's gain is lost and its penalty paid (double with a scarab). With the early
        end, uncovering the card that lies on the hidden mask may end the game."""
        stack = self.pending
        self.pending = NOBODY
        self.phase = DIGGING
        seat = self.active
        self.emit(
            "reveal", seat=seat, stack=cell_name(stack), card=_SLUGS[kind], layer=self.depth[stack]
        )
        if kind == _MASK:
            self.mask_seen = True
        value = _VALUES[kind]
        if value >= 0:
            self.gain += value
            reason = self._dug_out() if self.mask_end else ""
            if reason:
                self._cash_in()
                self._finish(reason)
        else:
            penalty = -value * self.multiplier()
            lost = self.gain * self.multiplier()
            self.gain = 0
            if self.money[seat] >= penalty:
                self.money[seat] -= penalty
                self.emit("penalty", seat=seat, paid=penalty, lost=lost, money=self.money[seat])
            else:
                self.emit("out", seat=seat, owed=penalty, lost=lost, paid=self.money[seat])
                self._eliminate(seat)
            self._end_turn(self.blocks_after_danger())

    def _eliminate(self, seat: int) -> None:
        """Poängen: a seat that cannot pay a penalty is out; it pays what it has."""
        self.money[seat] = 0
        self.eliminated.append(seat)
        if self.block_at[seat] >= 0:
            self.emit("unblock", seat=seat, stack=cell_name(self.block_at[seat]))
            self.block_at[seat] = NOBODY

    def _cash_in(self) -> None:
        if self.gain:
            paid = self.gain * self.multiplier()
            self.money[self.active] += paid
            self.emit("cash", seat=self.active, paid=paid, money=self.money[self.active])
            self.gain = 0

    def _stop(self) -> None:
        seat = self.active
        if self.lifts:
            self._cash_in()
        else:
            self.passes += 1
            cost = self.pass_cost if self.pass_cost and self.diggable(seat) else 0
            self.money[seat] -= cost
            self.emit("pass", seat=seat, paid=cost, money=self.money[seat])
        self._end_turn()

    def _end_turn(self, may_block: bool = True) -> None:
        """The turn is over: the game may end; else the seat may lay its blockade (unless
        ``may_block`` is false: a danger ended the turn and the option forbids it), else
        the next seat's turn begins."""
        seat = self.active
        playing = self.n - len(self.eliminated)
        early = self._dug_out() if self.mask_end else ""
        if playing < 2:
            self._finish("only one player is left")
        elif early:
            self._finish(early)
        elif self.passes >= playing:
            self._finish("every player passed in a row")
        elif (
            may_block
            and self.in_game(seat)
            and self.blockades[seat]
            and any(self.depth[s] and s not in self.block_at for s in range(CELLS))
        ):
            self.phase = BLOCKING
        else:
            self._next_turn()

    def _next_turn(self) -> None:
        seat = self.active
        for _ in range(self.n):
            seat = (seat + 1) % self.n
            if self.in_game(seat):
                break
        self._begin_turn(seat)

    def _finish(self, reason: str) -> None:
        self.phase = OVER
        self.pending = NOBODY
        self.reason = reason
        outcome = self.outcome()
        self.emit("game-over", reason=reason, winners=sorted(outcome.winners), money=self.money[:])

    # -- the end --------------------------------------------------------------------------
    def outcome(self) -> Outcome:
        """SPELET ÄR SLUT: most money wins, ties shared. Seats that went out rank below
        every seat still in, a later exit above an earlier one; their score is 0."""
        if self.phase != OVER:
            raise IllegalAction("the game is not over", code="not-over")
        out = self.eliminated
        keys = [
            float(self.money[s]) if s not in out else -float(len(out) - out.index(s))
            for s in range(self.n)
        ]
        ranks = Outcome.ranks_from_keys(keys)
        return Outcome(tuple(float(m) for m in self.money), ranks, self.reason)

    # -- information ----------------------------------------------------------------------
    def possible_turns(self, seat: int) -> list[int]:
        """The quarter turns of the box that ``seat`` cannot yet rule out: those that put
        every uncovered card of a layer it laid where that card lies in the box."""
        if self.turns < 0:
            return []
        reach = self._public_from()
        uncovered = [
            (lyr * CELLS, s)
            for lyr in range(TREASURE_LAYERS)
            if self.owner(lyr) == seat
            for s in range(CELLS)
            if lyr >= reach[s]
        ]
        layouts = self.layouts
        box = self.box
        return [
            turns
            for turns in range(4)
            if all(
                layouts[base + _ROTATED[(4 - turns) % 4][s]] == box[base + s]
                for base, s in uncovered
            )
        ]

    def _public_from(self) -> list[int]:
        """For each stack, the lowest layer whose card is public there (:meth:`is_public`
        for every layer at once: layer ``l`` of stack ``s`` is public iff ``l >= result[s]``)."""
        pending = self.pending
        return [d if s == pending else d - 1 for s, d in enumerate(self.depth)]

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know: the public box, and the layers it laid itself
        (:class:`~saqqara.games.tutankhamuns_revenge.views.TutankhamunsRevengeView`)."""
        dug = self.turns >= 0
        n = self.n
        mine: dict[str, list[str | None]] = {}
        if seat is not None:
            for lyr in range(min(self.layer + 1, TREASURE_LAYERS)):
                if layer_owner(lyr, n) == seat:
                    mine[_LAYER_KEYS[lyr]] = self._layout_slugs(lyr)
        hidden_left: list[dict[str, int]] = []
        known: list[list[str | None]] = []
        if dug:
            reach = self._public_from()
            box = self.box
            for lyr in range(LAYERS):
                counts = _LAYER_COUNTS[lyr].copy()
                base = lyr * CELLS
                row: list[str | None] = [None] * CELLS
                for s in range(CELLS):
                    if lyr >= reach[s]:
                        slug = _SLUGS[box[base + s]]
                        counts[slug] -= 1
                        row[s] = slug
                known.append(row)
                hidden_left.append({k: c for k, c in counts.items() if c})
        else:
            for lyr in range(LAYERS):
                known.append([None] * CELLS)
                hidden_left.append(_LAYER_COUNTS[lyr].copy())
        depth = self.depth
        pending = self.pending
        box = self.box
        payload: TutankhamunsRevengeView = {
            **envelope(self, seat, PHASE_NAMES[self.phase]),
            "layer_owners": [self.owner(lyr) for lyr in range(LAYERS)],
            "laying": None
            if self.phase != LAYING
            else {"layer": self.layer + 1, "cards": self.laid, "random": self.random_fill},
            "my_layers": mine,
            "possible_turns": self.possible_turns(seat) if seat is not None and mine else None,
            "depth": depth[:],
            "top": [
                None if not dug or not d or pending == s else _SLUGS[box[(d - 1) * CELLS + s]]
                for s, d in enumerate(depth)
            ],
            "known": known,
            "hidden_left": hidden_left,
            "blocks": [None if at == NOBODY else at for at in self.block_at],
            "active": None if self.active == NOBODY else self.active,
            "turn": {
                "lifts": self.lifts,
                "gain": self.gain,
                "scarab": self.scarab_on,
                "at_stake": self.gain * self.multiplier(),
            },
            "money": self.money[:],
            "scarabs": self.scarabs[:],
            "blockade_cards": self.blockades[:],
            "out": self.eliminated[:],
            "passes_in_row": self.passes,
            "mask_seen": self.mask_seen,
        }
        return plain(payload)

    def _layout_slugs(self, layer: int) -> list[str | None]:
        base = layer * CELLS
        return [None if k < 0 else _SLUGS[k] for k in self.layouts[base : base + CELLS]]

    def resample(self, seat: int, rng: random.Random) -> Self:
        """Redraw what ``seat`` cannot know: the layers others laid (agreeing with every
        uncovered card) and the secret turn (among those its own layers still allow)."""
        world = self.clone()
        others = [
            lyr for lyr in range(TREASURE_LAYERS) if self.owner(lyr) != seat and lyr <= self.layer
        ]
        if self.turns < 0:
            for lyr in others:
                cards = sample_layer(lyr, (-1,) * CELLS, rng, self.bent())
                if lyr == self.layer and self.phase == LAYING:
                    cards = cards[: self.laid] + [-1] * (CELLS - self.laid)
                world.layouts[lyr * CELLS : (lyr + 1) * CELLS] = cards
            return world
        turns = rng.choice(self.possible_turns(seat) or [0, 1, 2, 3])
        world.turns = turns
        turned = [rotate(cell, turns) for cell in range(CELLS)]
        reach = self._public_from()
        box, layouts = self.box, self.layouts
        for lyr in range(TREASURE_LAYERS):
            base = lyr * CELLS
            if lyr in others:
                # the cards uncovered so far, the others unknown
                known = tuple(box[base + s] if lyr >= reach[s] else -1 for s in range(CELLS))
                cards = sample_layer(lyr, known, rng, self.bent())
                world.box[base : base + CELLS] = cards
                world.layouts[base : base + CELLS] = [cards[at] for at in turned]
            else:
                for cell in range(CELLS):
                    world.box[base + turned[cell]] = layouts[base + cell]
        return world
