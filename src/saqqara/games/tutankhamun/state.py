"""Tutankhamun's position and rules, for both editions.

Section names in the docstrings refer to rulebook 000 (Amigo 1993, German: "Ein Spielzug",
"Wertung", "Besondere Schätze", "Spielende") and rulebook 003 (Out of the Box 2004, Dutch:
"Spelverloop", "De waardering van de artefact sets", "Speciale artefacten tegels",
"Einde van het spel"). Decisions where the rulebooks are silent are in
``docs/rules/tutankhamun.md``; each is tested.

Both editions count a seat's score down to zero: fields left to the goal on the Amigo
pharaoh board, tribute coins left in Out of the Box. Reaching zero wins at once.
"""

from __future__ import annotations

import random
from typing import Any, Self

from saqqara.core.actions import Action
from saqqara.core.errors import IllegalAction
from saqqara.core.game import CHANCE, Game, State
from saqqara.core.outcome import Outcome
from saqqara.core.view import envelope, plain
from saqqara.games.tutankhamun import actions as act
from saqqara.games.tutankhamun.data import (
    KING_TUT,
    NUM_TYPES,
    STEAL,
    WILD,
    Edition,
)
from saqqara.games.tutankhamun.scoring import award, scoring_places
from saqqara.games.tutankhamun.views import TutankhamunView

# Phases: who must decide what.
SETUP, MOVE, STEALING, SCORING, OVER = range(5)
PHASE_NAMES = ("setup", "move", "steal", "scoring", "over")

EMPTY = -1
START = -1
"""Pawn position before the first slot."""

MASK_ON_PYRAMID, MASK_USED = -1, -2

_SLUG_TABLES: dict[str, tuple[Edition, dict[int, str]]] = {}
"""Per edition id: the edition and every tile kind's slug (views name many tiles)."""


def _slug_table(edition: Edition) -> dict[int, str]:
    """``edition.kind_slug`` for every kind, remembered per edition object."""
    hit = _SLUG_TABLES.get(edition.id)
    if hit is None or hit[0] is not edition:
        kinds = (*range(len(edition.types)), STEAL, WILD, KING_TUT)
        hit = (edition, {k: edition.kind_slug(k) for k in kinds})
        _SLUG_TABLES[edition.id] = hit
    return hit[1]


class TutankhamunState(State):
    """A position of Tutankhamun (either edition)."""

    SNAPSHOT_DERIVED = frozenset({"game", "edition"})

    __slots__ = (
        "_events",
        "active",
        "bag",
        "drawn",
        "edition",
        "front",
        "game",
        "hold",
        "king_tut",
        "mask",
        "n",
        "on_path",
        "outcome_reason",
        "path",
        "pawn",
        "phase",
        "rear",
        "removed",
        "sc_kind",
        "sc_lids",
        "sc_mask",
        "sc_passes",
        "sc_turn",
        "sc_wilds",
        "score",
        "wilds",
        "winners",
    )

    def __init__(self, game: Game, edition: Edition) -> None:
        self._events = None
        self.game = game
        self.edition = edition
        n = self.n = game.players
        length = edition.path_length
        self.path: list[int] = [EMPTY] * length
        if not edition.amigo:
            self.path[length - 1] = KING_TUT  # "Het kronkelpad eindigt bij ... koning Tut"
        self.bag: list[int] = list(edition.shuffled)
        self.drawn = 0
        self.on_path: list[int] = [t.count for t in edition.types]
        self.rear = 0  # lowest slot that may still hold a tile
        self.front = length - 1  # highest slot that may still hold a tile
        self.removed: list[int] = []  # tiles removed from the path, in the order removed
        self.pawn: list[int] = [START] * n
        self.hold: list[int] = [0] * (n * NUM_TYPES)
        self.wilds: list[int] = [0] * n  # canopic lids (Amigo) / pharaoh tiles + King Tut
        self.king_tut = -1  # seat holding King Tut, while unplayed (Out of the Box)
        self.mask = MASK_ON_PYRAMID  # the gold mask: on the pyramid, a seat, or used
        self.score: list[int] = [edition.start[n]] * n
        self.active = 0
        self.phase = SETUP
        # The scoring under way: its type, who decides next, passes in a row, what was played.
        self.sc_kind = -1
        self.sc_turn = 0
        self.sc_passes = 0
        self.sc_lids: list[int] = [0] * n
        self.sc_wilds: list[int] = [0] * n
        self.sc_mask = -1
        self.winners: tuple[int, ...] = ()
        self.outcome_reason = ""

    def clone(self) -> Self:
        other = object.__new__(type(self))
        other._events = None
        other.game = self.game
        other.edition = self.edition
        other.n = self.n
        other.path = self.path[:]
        other.bag = self.bag[:]
        other.drawn = self.drawn
        other.on_path = self.on_path[:]
        other.rear = self.rear
        other.front = self.front
        other.removed = self.removed[:]
        other.pawn = self.pawn[:]
        other.hold = self.hold[:]
        other.wilds = self.wilds[:]
        other.king_tut = self.king_tut
        other.mask = self.mask
        other.score = self.score[:]
        other.active = self.active
        other.phase = self.phase
        other.sc_kind = self.sc_kind
        other.sc_turn = self.sc_turn
        other.sc_passes = self.sc_passes
        other.sc_lids = self.sc_lids[:]
        other.sc_wilds = self.sc_wilds[:]
        other.sc_mask = self.sc_mask
        other.winners = self.winners
        other.outcome_reason = self.outcome_reason
        return other

    # -- queries --------------------------------------------------------------------------
    def holding(self, seat: int, kind: int) -> int:
        """Tiles of type ``kind`` in front of ``seat``."""
        return self.hold[seat * NUM_TYPES + kind]

    def has_tile_ahead(self, seat: int) -> bool:
        return self.pawn[seat] < self.front and self.phase != SETUP

    def exited(self, seat: int) -> bool:
        """Amigo: the seat's pawn has moved past the end of the path."""
        return self.pawn[seat] >= len(self.path)

    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase in (MOVE, STEALING):
            return (self.active,)
        if phase == SCORING:
            return (self.sc_turn,)
        if phase == SETUP:
            return (CHANCE,)
        return ()

    def legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == MOVE and seat == self.active:
            path = self.path
            take = act.TAKE
            moves: list[Action] = [
                take[j] for j in range(self.pawn[seat] + 1, self.front + 1) if path[j] != EMPTY
            ]
            if self.edition.amigo:
                moves.append(act.EXIT)
            return moves
        if phase == STEALING and seat == self.active:
            steals: list[Action] = [act.STEAL[v][k] for v, k in self._steal_targets(seat)]
            steals.append(act.DECLINE)
            return steals
        if phase == SCORING and seat == self.sc_turn:
            return self._scoring_options(seat)
        return []

    def legal_action_ids(self, seat: int) -> list[int]:
        """The ids of :meth:`legal_actions`, built from the id tables of ``actions`` (the
        scoring decisions, a pass and a card at most, mapped)."""
        phase = self.phase
        if phase == MOVE and seat == self.active:
            path = self.path
            take = act.TAKE_IDS
            moves = [
                take[j] for j in range(self.pawn[seat] + 1, self.front + 1) if path[j] != EMPTY
            ]
            if self.edition.amigo:
                moves.append(act.EXIT_ID)
            return moves
        if phase == STEALING and seat == self.active:
            steal = act.STEAL_IDS
            steals = [steal[v][k] for v, k in self._steal_targets(seat)]
            steals.append(act.DECLINE_ID)
            return steals
        if phase == SCORING and seat == self.sc_turn:
            return list(act.ids_of(self._scoring_options(seat)))
        return []

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase != SETUP:
            return []
        left = self.edition.shuffled_total - self.drawn
        return [(act.DRAW[k], c / left) for k, c in enumerate(self.bag) if c]

    def chance_outcome_ids(self) -> list[tuple[int, float]]:
        """:meth:`chance_outcomes` built with the actions' ids."""
        if self.phase != SETUP:
            return []
        left = self.edition.shuffled_total - self.drawn
        draw = act.DRAW_IDS
        return [(draw[k], c / left) for k, c in enumerate(self.bag) if c]

    def sample_chance(self, rng: random.Random) -> Action:
        """Draw the next tile uniformly from those not yet laid (same law as the outcomes)."""
        pick = rng.randrange(self.edition.shuffled_total - self.drawn)
        for kind, count in enumerate(self.bag):
            if pick < count:
                return act.DRAW[kind]
            pick -= count
        raise IllegalAction("no tile is left to draw", code="not-chance")

    # -- applying -------------------------------------------------------------------------
    def apply_unchecked(self, seat: int, action: Action) -> None:
        if isinstance(action, act.Take):
            self._take(action.slot)
        elif isinstance(action, act.Draw):
            self._draw(action.kind)
        elif isinstance(action, act.Steal):
            self._steal(action.victim, action.kind)
        elif isinstance(action, act.Pass):
            self.emit("pass", seat=seat)
            self.sc_passes += 1
            self.sc_turn = (seat + 1) % self.n
            self._after_decision()
        elif isinstance(action, act.Exit):
            self._exit()
        elif isinstance(action, act.Decline):
            self.emit("steal-declined", seat=seat)
            self.phase = MOVE
            self._finish_turn()
        elif isinstance(action, act.PlayLid | act.PlayMask | act.PlayWild):
            self._play_special(seat, action)
        else:  # pragma: no cover - every action class is handled above
            raise IllegalAction(f"{action!r} is not a Tutankhamun action")

    def _draw(self, kind: int) -> None:
        """Setup: lay the next tile of the shuffled path, face up."""
        self.bag[kind] -= 1
        self.path[self.drawn] = kind
        self.emit("draw", slot=self.drawn, tile=self.edition.kind_slug(kind))
        self.drawn += 1
        if self.drawn == self.edition.shuffled_total:
            self.phase = MOVE
            self.emit("turn", seat=self.active)

    def _take(self, slot: int) -> None:
        """Ein Spielzug 1-2 / Spelverloop 1-2: move forward to ``slot`` and take its tile."""
        seat = self.active
        kind = self.path[slot]
        self.path[slot] = EMPTY
        self.pawn[seat] = slot
        self._shrink_front()
        if self._events is not None:  # (the tile's name is not worked out for nobody)
            self.emit("take", seat=seat, slot=slot, tile=self.edition.kind_slug(kind))
        if kind < NUM_TYPES:
            self.hold[seat * NUM_TYPES + kind] += 1
            self.on_path[kind] -= 1
            if self.on_path[kind] == 0 and self._start_scoring(kind):
                return
        elif kind == STEAL:
            if self._steal_targets(seat):
                self.phase = STEALING
                return
            self.emit("steal-discarded", seat=seat, reason="no tile can be taken")
        elif kind == WILD:
            self.wilds[seat] += 1
        else:  # King Tut: a pharaoh tile with a bonus (Speciale artefacten tegels)
            self.wilds[seat] += 1
            self.king_tut = seat
            self.emit("king-tut", seat=seat)
            if self._pay(seat, 1):
                return
        self._finish_turn()

    def _exit(self) -> None:
        """Amigo, Spielverlauf: move past the end; the first to do so takes the gold mask."""
        seat = self.active
        self.pawn[seat] = len(self.path)
        self.emit("exit", seat=seat)
        if self.mask == MASK_ON_PYRAMID:
            self.mask = seat
            self.emit("gold-mask", seat=seat)
        self._finish_turn()

    def _steal_targets(self, seat: int) -> list[tuple[int, int]]:
        """Goldklumpen / Zak met goud: (victim, type) pairs where both own a tile of type."""
        base = seat * NUM_TYPES
        hold = self.hold
        return [
            (v, k)
            for v in range(self.n)
            if v != seat
            for k in range(NUM_TYPES)
            if hold[base + k] and hold[v * NUM_TYPES + k]
        ]

    def _steal(self, victim: int, kind: int) -> None:
        """Take one tile of ``kind`` from ``victim``, who advances one field / pays a coin."""
        seat = self.active
        self.hold[victim * NUM_TYPES + kind] -= 1
        self.hold[seat * NUM_TYPES + kind] += 1
        self.emit("steal", seat=seat, victim=victim, tile=self.edition.kind_slug(kind))
        self.phase = MOVE
        if self._pay(victim, 1):
            return
        self._finish_turn()

    def _pay(self, seat: int, points: int) -> bool:
        """Advance ``seat`` by ``points``; end the game and return True if it reaches zero."""
        if points <= 0:
            return False
        self.score[seat] = max(0, self.score[seat] - points)
        self.emit("score", seat=seat, points=points, left=self.score[seat])
        if self.score[seat] == 0:
            done = "reached the goal" if self.edition.amigo else "paid the last coin"
            self._end((seat,), f"seat {seat} {done}")
            return True
        return False

    def _shrink_front(self) -> None:
        path = self.path
        while self.front >= 0 and path[self.front] == EMPTY:
            self.front -= 1

    def _finish_turn(self) -> None:
        """Ein Spielzug 3 / Verwijderen: remove tiles left behind, rearmost first, then pass on.

        Removed tiles stay on show in the order they were removed ("in welke volgorde"), so
        every player sees which are out of the game.

        A removal that takes the last tile of a type off the path scores it at once; such a
        scoring may need decisions, in which case this resumes when it is resolved.
        """
        path = self.path
        rearmost = min(self.pawn)
        while self.rear < rearmost and self.rear < len(path):
            slot = self.rear
            kind = path[slot]
            self.rear += 1
            if kind == EMPTY:
                continue
            path[slot] = EMPTY
            self.removed.append(kind)
            self._shrink_front()
            if self._events is not None:
                self.emit("remove", slot=slot, tile=self.edition.kind_slug(kind))
            if kind < NUM_TYPES:
                self.on_path[kind] -= 1
                if self.on_path[kind] == 0 and self._start_scoring(kind):
                    return
        self._next_turn()

    def _next_turn(self) -> None:
        """Pass the turn clockwise to the next seat that can move; if none can, the game ends.

        Amigo: a pawn past the end no longer moves but still scores. Out of the Box: a seat
        with no tile ahead stays in the game but has no move (Spelverloop 1), so it is
        skipped; once nobody has a tile ahead, every tile was behind the rearmost pawn and
        has been removed, so the path is empty.
        """
        for step in range(1, self.n + 1):
            seat = (self.active + step) % self.n
            if self._can_move(seat):
                self.active = seat
                self.phase = MOVE
                if self._events is not None:
                    self.emit("turn", seat=seat)
                return
        self._end_by_table()

    def _can_move(self, seat: int) -> bool:
        if self.edition.amigo:
            return not self.exited(seat)
        return self.pawn[seat] < self.front

    def _end_by_table(self) -> None:
        """Spielende 2 / Einde van het spel: nobody reached zero; the lowest score wins."""
        low = min(self.score)
        winners = tuple(s for s in range(self.n) if self.score[s] == low)
        reason = "every pawn is past the end" if self.edition.amigo else "the path is empty"
        self._end(winners, reason)

    def _end(self, winners: tuple[int, ...], reason: str) -> None:
        self.phase = OVER
        self.winners = winners
        self.outcome_reason = reason
        self.emit("game-over", winners=list(winners), reason=reason)

    # -- scoring --------------------------------------------------------------------------
    def _start_scoring(self, kind: int) -> bool:
        """Begin scoring ``kind``; return True if the turn must stop here.

        It stops when a seat must decide (the scoring waits) or when the scoring ended the
        game. Decision order (the rulebooks are silent, see the rules doc): starting with the
        active seat and going clockwise, each seat that can play something (a lid, the mask,
        a pharaoh tile) plays one item or passes; this goes round until every seat in turn
        has passed or has nothing to play, so a seat may answer another's play.
        """
        self.sc_kind = kind
        self.sc_lids = [0] * self.n
        self.sc_wilds = [0] * self.n
        self.sc_mask = -1
        self.sc_turn = self.active
        self.sc_passes = 0
        self.emit("scoring", tile=self.edition.kind_slug(kind))
        return self._run_scoring()

    def _run_scoring(self) -> bool:
        """Ask the next seat that has something to play, or resolve after a round of passes.

        Returns True if a seat must decide now or the game is over.
        """
        n = self.n
        while self.sc_passes < n:
            seat = self.sc_turn
            if self._scoring_options(seat):
                self.phase = SCORING
                return True
            self.sc_passes += 1
            self.sc_turn = (seat + 1) % n
        self.phase = MOVE
        self._resolve_scoring()
        return self.phase == OVER

    def _after_decision(self) -> None:
        """A scoring decision was made: go on asking, and resume the turn once resolved."""
        if not self._run_scoring():
            self._finish_turn()

    def _tiles_in_scoring(self, seat: int) -> int:
        kind = self.sc_kind
        return (
            self.hold[seat * NUM_TYPES + kind]
            + self.sc_wilds[seat]
            + (1 if self.sc_mask == seat else 0)
        )

    def _scoring_options(self, seat: int) -> list[Action]:
        """What ``seat`` may play in the scoring under way (ordered by action id)."""
        kind = self.sc_kind
        owns = self.hold[seat * NUM_TYPES + kind] > 0
        if not owns:
            return []
        options: list[Action] = []
        if self.edition.amigo:
            if self.wilds[seat] and self._in_tie(seat):
                options.append(act.PLAY_LID)
            if self.mask == seat:
                options.append(act.PLAY_MASK)
        elif self.wilds[seat]:
            options.append(act.PLAY_WILD)
        if options:
            options.append(act.PASS)
        return options

    def _in_tie(self, seat: int) -> bool:
        """Kanopen-Deckel: may ``seat`` play a lid? It must share its tile count with
        another seat at a place that scores, and not already lead that tie on lids."""
        mine = self._tiles_in_scoring(seat)
        counts = [self._tiles_in_scoring(s) for s in range(self.n)]
        place = 1 + sum(1 for c in counts if c > mine)
        if place > scoring_places(True, self.n):
            return False
        rivals = [s for s in range(self.n) if s != seat and counts[s] == mine]
        if not rivals:
            return False
        return self.sc_lids[seat] <= max(self.sc_lids[s] for s in rivals)

    def _play_special(self, seat: int, action: Action) -> None:
        kind_slug = self.edition.kind_slug(self.sc_kind)
        if isinstance(action, act.PlayLid):
            self.wilds[seat] -= 1
            self.sc_lids[seat] += 1
            self.emit("lid", seat=seat, tile=kind_slug)
        elif isinstance(action, act.PlayMask):
            self.mask = MASK_USED
            self.sc_mask = seat
            self.emit("mask", seat=seat, tile=kind_slug)
        else:
            self.wilds[seat] -= 1
            self.sc_wilds[seat] += 1
            if self.king_tut == seat and self.wilds[seat] == 0:
                self.king_tut = -1  # pharaoh tiles go first, King Tut last
            self.emit("pharaoh", seat=seat, tile=kind_slug)
        self.sc_passes = 0
        self.sc_turn = (seat + 1) % self.n
        self._after_decision()

    def _resolve_scoring(self) -> None:
        """Ausführung der Wertung / methods A and B: pay the awards, then discard the set.

        Amigo, Spielende 1: the moment a seat reaches the goal the game ends and nothing
        more is scored, not even second place; seats tied for first that reach it together
        share the win. Out of the Box, Opmerking: seats pay in scoring order, so the first
        to pay the last coin wins alone.
        """
        kind = self.sc_kind
        n = self.n
        tiles = [self._tiles_in_scoring(s) for s in range(n)]
        order = [(self.active + i) % n for i in range(n)]
        value = self.edition.types[kind].count
        awards = award(tiles, self.sc_lids, value, amigo=self.edition.amigo, order=order)
        self.emit(
            "scored",
            tile=self.edition.kind_slug(kind),
            first=[list(p) for p in awards.first],
            second=[list(p) for p in awards.second],
        )
        for seat in range(n):
            self.hold[seat * NUM_TYPES + kind] = 0
        self.sc_kind = -1
        for group in (awards.first, awards.second):
            if self.edition.amigo:
                for seat, points in group:
                    self.score[seat] = max(0, self.score[seat] - points)
                    self.emit("score", seat=seat, points=points, left=self.score[seat])
                done = tuple(s for s, _ in group if self.score[s] == 0)
                if done:
                    self._end(
                        done,
                        "reached the goal" if len(done) > 1 else f"seat {done[0]} reached the goal",
                    )
                    return
            else:
                for seat, points in group:
                    if self._pay(seat, points):
                        return

    # -- outcome and views ----------------------------------------------------------------
    def outcome(self) -> Outcome:
        if self.phase != OVER:
            raise IllegalAction("the game is not over", code="not-over")
        ranks = list(Outcome.ranks_from_keys([-s for s in self.score]))
        for seat in self.winners:
            ranks[seat] = 1
        return Outcome(tuple(float(s) for s in self.score), tuple(ranks), self.outcome_reason)

    def view(self, seat: int | None) -> dict[str, Any]:
        """Tutankhamun is open information: every seat and spectator sees the same
        (:class:`~saqqara.games.tutankhamun.views.TutankhamunView`)."""
        ed = self.edition
        slug = _slug_table(ed).__getitem__
        mask = self.mask
        payload: TutankhamunView = {
            **envelope(self, seat, PHASE_NAMES[self.phase]),
            "edition": ed.id,
            "active": self.active,
            "path": [None if k == EMPTY else slug(k) for k in self.path],
            "undrawn": {slug(k): c for k, c in enumerate(self.bag) if c},
            "pawns": [None if p == START else p for p in self.pawn],
            "scores": self.score[:],
            "holdings": [
                {
                    slug(k): self.hold[s * NUM_TYPES + k]
                    for k in range(NUM_TYPES)
                    if self.hold[s * NUM_TYPES + k]
                }
                for s in range(self.n)
            ],
            "on_path": {slug(k): c for k, c in enumerate(self.on_path) if c},
            "removed": [slug(k) for k in self.removed],
            "wilds": self.wilds[:],
            "king_tut": None if self.king_tut < 0 else self.king_tut,
            "mask": None
            if not ed.amigo
            else "pyramid"
            if mask == MASK_ON_PYRAMID
            else "used"
            if mask == MASK_USED
            else mask,
            "scoring": None
            if self.phase != SCORING
            else {
                "tile": slug(self.sc_kind),
                "lids": self.sc_lids[:],
                "pharaohs": self.sc_wilds[:],
                "mask": None if self.sc_mask < 0 else self.sc_mask,
                "tiles": [self._tiles_in_scoring(s) for s in range(self.n)],
            },
        }
        return plain(payload)

    def resample(self, seat: int, rng: random.Random) -> Self:
        """Nothing is hidden: tiles are laid face up and future draws are not in the state."""
        return self.clone()
