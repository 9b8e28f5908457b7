"""Curse of the Mummy's position and rules.

Section names refer to rulebook 002 (German): "Vorbereitung", "Spielzug eines
Schatzsuchers" (1. Auflösen, 2. Würfeln, 3. Ziehen, 4. Auftragskarte ausspielen), "Spielzug
der Mumie" (normaler Spielzug, Zwischenzug), "Spielende", "Das Spiel für 2 Spieler" and
"Regeln für besondere Spielsituationen". Decisions where the rulebook is silent are in
``docs/rules/curse-of-the-mummy.md``; each is tested.

Seat 0 is the mummy; the explorers sit at 1.. in turn order. Explorer figures are numbered
from 0; with two players seat 1 moves figures 0 and 1. The mummy never sees the figures: it
keeps, for each figure, the set of fields the figure may be on given everything announced
(``belief``), which everybody can work out from the public record.
"""

from __future__ import annotations

import random
from bisect import bisect
from functools import cache
from typing import Any, Literal, Self

from saqqara.core.actions import Action
from saqqara.core.errors import IllegalAction
from saqqara.core.events import Event
from saqqara.core.game import CHANCE, Game, State
from saqqara.core.outcome import Outcome
from saqqara.core.sampling import cumulative, draw_cumulative, shuffle
from saqqara.core.view import envelope, plain
from saqqara.games.curse_of_the_mummy import actions as act
from saqqara.games.curse_of_the_mummy import moves
from saqqara.games.curse_of_the_mummy.data import Board
from saqqara.games.curse_of_the_mummy.trail import TrailNode, extend, public_copy
from saqqara.games.curse_of_the_mummy.views import CurseOfTheMummyView, FigureView

MUMMY = 0
DEAL, TURN, ROLL, CHOOSE, MOVE, MUMMY_ROLL, MUMMY_MOVE, REVEAL, OVER = range(9)
PHASE_NAMES = (
    "deal",
    "turn",
    "roll",
    "choose",
    "move",
    "mummy-roll",
    "mummy-move",
    "reveal",
    "over",
)
# What the mummy's current move is (it decides what follows it).
NORMAL, INTERIM_RESOLVE, INTERIM_FORCED, INTERIM_AFTER_NORMAL = range(4)
MOVE_KINDS: tuple[Literal["normal", "interim"], ...] = ("normal", "interim", "interim", "interim")
GONE = -1
"""Position of a figure that has left the game."""
MAX_ROUNDS = 100
"""The round limit (ours, not the rulebook's: decision 19 of
``docs/rules/curse-of-the-mummy.md``): after the mummy's turn of this round the game ends
and the mummy wins. An explorer who only ever rerolls, on the start or in the dungeon, is
out of the mummy's reach; without a limit such a game never ends."""
_SIXTHS = cumulative([1 / 6] * 6)
"""The explorers' die: the cumulative weights of its six faces (for fast draws)."""
_SIXTHS_TOTAL = _SIXTHS[-1] + 0.0
_CHANCE_ACTS = (CHANCE,)
_MUMMY_ACTS = (MUMMY,)
GoRow = tuple[tuple[Action, Action, int], ...]
_GO_ROWS: dict[
    tuple[int, int],
    tuple[act.Vocabulary, Board, dict[int, GoRow], dict[int, tuple[Action, ...]]],
] = {}
"""Per vocabulary and board (kept alive beside their ids), the move phase's choices by mask
of destinations: each field's plain move, its move with a card played, and the symbol on it
(-1: none), in field order; and the mummy's steps by its field."""
_GO_ROWS_KEPT = 1 << 14


@cache
def _mummy_die(faces: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """The mummy die's values and cumulative weights, as :meth:`chance_outcomes` lists them."""
    values = tuple(sorted(set(faces)))
    return values, cumulative([faces.count(v) / len(faces) for v in values])


class MummyState(State):
    """A position of Curse of the Mummy."""

    SNAPSHOT_DERIVED = frozenset({"game", "board", "voc"})

    __slots__ = (
        "_events",
        "_trail",
        "ankhs",
        "belief",
        "board",
        "card_owner",
        "collected",
        "cur",
        "deal_next",
        "forced",
        "game",
        "mode",
        "mummy",
        "out",
        "pending",
        "phase",
        "played",
        "pos",
        "reason",
        "roll_faces",
        "rolled",
        "round",
        "steps",
        "to_roll",
        "value",
        "voc",
        "winner",
    )

    def __init__(self, game: Game, board: Board, voc: act.Vocabulary) -> None:
        self._events = None
        self._trail: TrailNode | None = None
        self.game = game
        self.board = board
        self.voc = voc
        figures = len(self._owner)
        self.pos: list[int] = [board.start] * figures
        self.ankhs: list[int] = [board.ankhs_per_figure] * figures
        self.belief: list[int] = [1 << board.start] * figures
        self.card_owner: list[int] = [-1] * len(board.symbols)
        self.played: list[bool] = [False] * len(board.symbols)
        self.deal_next = 0
        self.phase = DEAL
        self.cur = 0
        self.value = -1
        self.out = 0
        self.rolled: list[int] = []
        self.roll_faces: list[int] = []
        self.to_roll = 0
        self.mummy = board.dungeon
        self.collected = 0
        self.steps = 0
        self.mode = NORMAL
        self.forced = False
        self.pending = -1
        self.winner = -1
        self.reason = ""
        self.round = 1

    @property
    def _owner(self) -> tuple[int, ...]:
        return self.game.owner  # type: ignore[attr-defined,no-any-return]

    @property
    def _deal_order(self) -> tuple[tuple[int, int], ...]:
        return self.game.deal_order  # type: ignore[attr-defined,no-any-return]

    def clone(self) -> Self:
        o = object.__new__(type(self))
        o._events = None
        o._trail = self._trail
        o.game = self.game
        o.board = self.board
        o.voc = self.voc
        o.pos = self.pos[:]
        o.ankhs = self.ankhs[:]
        o.belief = self.belief[:]
        o.card_owner = self.card_owner[:]
        o.played = self.played[:]
        o.deal_next = self.deal_next
        o.phase = self.phase
        o.cur = self.cur
        o.value = self.value
        o.out = self.out
        o.rolled = self.rolled[:]
        o.roll_faces = self.roll_faces[:]
        o.to_roll = self.to_roll
        o.mummy = self.mummy
        o.collected = self.collected
        o.steps = self.steps
        o.mode = self.mode
        o.forced = self.forced
        o.pending = self.pending
        o.winner = self.winner
        o.reason = self.reason
        o.round = self.round
        return o

    # -- queries --------------------------------------------------------------------------
    def others_mask(self, figure: int) -> int:
        """Fields held by the other figures still in the game (start/dungeon left out)."""
        mask = 0
        for f, p in enumerate(self.pos):
            if f != figure and p != GONE:
                mask |= 1 << p
        return mask & ~self.board.forbidden

    def known_mask(self, figure: int) -> int:
        """Fields the public record places another figure on for certain."""
        mask = 0
        for f, b in enumerate(self.belief):
            if f != figure and b and b & (b - 1) == 0:
                mask |= b
        return mask & ~self.board.forbidden

    def maybe_mask(self, figure: int) -> int:
        """Fields the public record allows another figure still in the game to be on."""
        mask = 0
        for f, b in enumerate(self.belief):
            if f != figure and self.pos[f] != GONE:
                mask |= b
        return mask & ~self.board.forbidden

    def destinations(self, figure: int, value: int) -> int:
        return moves.destinations(
            self.board, self.pos[figure], value, self.mummy, self.others_mask(figure)
        )

    def hand(self, seat: int) -> list[int]:
        """The unplayed cards of an explorer seat."""
        return [s for s, o in enumerate(self.card_owner) if o == seat and not self.played[s]]

    def hand_colours(self, seat: int) -> list[int]:
        """How many unplayed cards of each colour the seat holds (the backs are public)."""
        counts = [0] * len(self.board.colours)
        for s, o in enumerate(self.card_owner):
            if o == seat and not self.played[s]:
                counts[self.board.symbols[s].colour] += 1
        return counts

    def alive(self, figure: int) -> bool:
        return self.pos[figure] != GONE

    def threshold(self) -> int:
        return self.board.mummy_wins[self.game.players]

    # -- who acts -------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == ROLL:
            return _CHANCE_ACTS
        if phase in (TURN, CHOOSE, MOVE):
            return self.game.acts[self.cur]  # type: ignore[attr-defined,no-any-return]
        if phase == MUMMY_MOVE:
            return _MUMMY_ACTS
        if phase == OVER:
            return ()
        return _CHANCE_ACTS

    def legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        voc = self.voc
        if phase == MUMMY_MOVE:
            if seat != MUMMY:
                return []
            return list(self._step_row())
        if phase not in (TURN, CHOOSE, MOVE) or seat != self.game.owner[self.cur]:  # type: ignore[attr-defined]
            return []
        cur = self.cur
        if phase == TURN:
            board = self.board
            # moves.can_move read straight from the remembered walks where they are.
            reach = board.walk_cache.get((self.mummy * board.fields + self.pos[cur]) * 5 + 4)
            if reach is None:
                if not moves.can_move(board, self.pos[cur], self.mummy, self.others_mask(cur)):
                    return [voc.STUCK]
            elif not reach & ~self.others_mask(cur):
                return [voc.STUCK]
            return [voc.ROLL, voc.RESOLVE] if self.out else [voc.ROLL]
        if phase == CHOOSE:
            choices: list[Action] = [voc.REROLL]
            board = self.board
            field = self.pos[cur]
            others = self.others_mask(cur)
            # moves.can_move_by read straight from the remembered walks where they are.
            walks = board.walk_cache
            base = (self.mummy * board.fields + field) * 5
            for v in sorted(set(self.rolled)):
                reach = walks.get(base + (0 if v == 4 else v))
                if reach is None:
                    if moves.can_move_by(board, field, v, self.mummy, others):
                        choices.append(voc.ANNOUNCE[v])
                elif reach & ~others:
                    choices.append(voc.ANNOUNCE[v])
            return choices
        value = self.value
        board = self.board
        reach = (
            board.walk_cache.get((self.mummy * board.fields + self.pos[cur]) * 5 + value)
            if value != 4
            else None
        )
        dest = self.destinations(cur, value) if reach is None else reach & ~self.others_mask(cur)
        goes: list[Action] = []
        owner = self.card_owner
        played = self.played
        for go, play, s in self._go_row(dest):
            goes.append(go)
            if s >= 0 and owner[s] == seat and not played[s]:
                goes.append(play)
        return goes

    def _step_row(self) -> tuple[Action, ...]:
        """The mummy's steps from its field (into no wall, start or dungeon), then stop;
        remembered per field beside the move rows (see ``_GO_ROWS``)."""
        voc, board = self.voc, self.board
        known = _GO_ROWS.get((id(voc), id(board)))
        if known is None:
            known = _GO_ROWS[(id(voc), id(board))] = (voc, board, {}, {})
        steps = known[3]
        row = steps.get(self.mummy)
        if row is None:
            nbs = board.neighbours[self.mummy]
            forbidden = board.forbidden
            row = steps[self.mummy] = (
                *(voc.STEP[d] for d in range(4) if nbs[d] >= 0 and not (forbidden >> nbs[d]) & 1),
                voc.STOP,
            )
        return row

    def _go_row(self, dest: int) -> GoRow:
        """The fields of ``dest`` with their moves and symbols (see ``_GO_ROWS``)."""
        voc, board = self.voc, self.board
        known = _GO_ROWS.get((id(voc), id(board)))
        if known is None:
            known = _GO_ROWS[(id(voc), id(board))] = (voc, board, {}, {})
        rows = known[2]
        row = rows.get(dest)
        if row is None:
            if len(rows) >= _GO_ROWS_KEPT:
                rows.clear()
            go, at = voc.GO, board.symbol_at
            row = rows[dest] = tuple((go[f][0], go[f][1], at[f]) for f in moves.bits(dest))
        return row

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        phase = self.phase
        voc = self.voc
        if phase == ROLL:
            return [(voc.DIE[f], 1 / 6) for f in range(6)]
        if phase == MUMMY_ROLL:
            faces = self.board.mummy_faces
            return [(voc.MUMMY_DIE[v], faces.count(v) / len(faces)) for v in sorted(set(faces))]
        if phase == REVEAL:
            return [(voc.REVEAL, 1.0)]
        if phase == DEAL:
            colour = self._deal_order[self.deal_next][1]
            deck = [
                s.id for s in self.board.symbols if s.colour == colour and self.card_owner[s.id] < 0
            ]
            return [(voc.DEAL[s], 1 / len(deck)) for s in deck]
        return []

    def chance_outcome_ids(self) -> list[tuple[int, float]]:
        """:meth:`chance_outcomes` with ids: a roll's and a reveal's known by heart, the
        rarer deals and mummy rolls mapped."""
        phase = self.phase
        if phase == ROLL:
            return list(self.voc.ROLL_OUTCOME_IDS)
        if phase == REVEAL:
            return [(self.voc.REVEAL_ID, 1.0)]
        return super().chance_outcome_ids()

    def sample_chance(self, rng: random.Random) -> Action:
        """Draw as the kernel does from :meth:`chance_outcomes` (same generator use, same
        outcome), without building the outcome list."""
        phase = self.phase
        voc = self.voc
        if phase == ROLL:
            # draw_cumulative(rng, _SIXTHS), inlined: the hottest draw of the game.
            return voc.DIE[bisect(_SIXTHS, rng.random() * _SIXTHS_TOTAL, 0, 5)]
        if phase == REVEAL:
            rng.random()
            return voc.REVEAL
        if phase == MUMMY_ROLL:
            values, cum = _mummy_die(self.board.mummy_faces)
            return voc.MUMMY_DIE[values[draw_cumulative(rng, cum)]]
        return super().sample_chance(rng)

    def play_chance(self, rng: random.Random) -> None:
        """The dice of a roll land in one loop (drawn and laid as one ``sample_chance`` and
        ``apply_unchecked`` after another would); other chance steps one by one."""
        while True:
            phase = self.phase
            if phase == ROLL and self._events is None:
                faces = self.roll_faces
                draw = rng.random
                faces.append(bisect(_SIXTHS, draw() * _SIXTHS_TOTAL, 0, 5))
                while len(faces) < self.to_roll:
                    faces.append(bisect(_SIXTHS, draw() * _SIXTHS_TOTAL, 0, 5))
                self._rolled()
            elif phase in (ROLL, REVEAL, MUMMY_ROLL, DEAL):
                self.apply_unchecked(CHANCE, self.sample_chance(rng))
            else:
                return

    # -- applying -------------------------------------------------------------------------
    @property
    def trail(self) -> TrailNode | None:
        """The public record of the steps applied through :meth:`apply` (the newest node;
        see :mod:`saqqara.games.curse_of_the_mummy.trail`), shared with clones."""
        return self._trail

    def apply_checked(self, seat: int, action: Action) -> list[Event]:
        """As every game's, and the step goes on the public record (:attr:`trail`): a
        figure's move as "moved" unless it laid a card, a reveal with the figure caught;
        the deal is left out. The record's first step keeps the position before it as
        the mummy could draw it (``resample``: the hidden parts redrawn at random)."""
        if isinstance(action, act.Deal):
            return super().apply_checked(seat, action)
        start = None
        if self._trail is None:
            start = public_copy(self).resample(MUMMY, random.Random(0))
            start._trail = None
        events = super().apply_checked(seat, action)
        public: Action | None = action
        caught = -1
        if isinstance(action, act.Go) and not action.play:
            public = None
        elif isinstance(action, act.Reveal):
            for event in events:
                if event.kind == "catch":
                    figure = event.data["figure"]
                    assert isinstance(figure, int)
                    caught = figure
        self._trail = extend(self._trail, seat, public, caught, start)
        return events

    def apply_unchecked(self, seat: int, action: Action) -> None:
        # Most frequent first: dice in random play, then a search's moves.
        if isinstance(action, act.Die):
            faces = self.roll_faces
            faces.append(action.face)
            if self._events is not None:
                self.emit("die", face=act.FACE_WORDS[action.face])
            if len(faces) >= self.to_roll:
                self._rolled()
        elif isinstance(action, act.Announce):
            self._announce(action.value)
        elif isinstance(action, act.Go):
            self._go(action.field, action.play)
        elif isinstance(action, act.Roll):
            self._not_stuck()
            if self._events is not None:
                self.emit("roll", figure=self.cur, dice=self.board.explorer_dice - self.out)
            self._start_roll(self.board.explorer_dice - self.out)
        elif isinstance(action, act.Step):
            self._step(action.direction)
        elif isinstance(action, act.Reroll):
            if self._events is not None:
                self.emit("reroll", figure=self.cur, dice=len(self.rolled))
            self._start_roll(len(self.rolled))
        elif isinstance(action, act.MummyDie):
            self.steps = action.value + self.out
            self.mode = NORMAL
            self.phase = MUMMY_MOVE
            if self._events is not None:
                self.emit("mummy-die", value=action.value, steps=self.steps)
        elif isinstance(action, act.Stop):
            if self._events is not None:
                self.emit("mummy-stop", field=self.board.field_name(self.mummy))
            self._end_mummy_move()
        elif isinstance(action, act.Reveal):
            self._reveal()
        elif isinstance(action, act.Resolve):
            self._not_stuck()
            self.emit("resolve", figure=self.cur, steps=self.out)
            self._start_interim(INTERIM_RESOLVE)
        elif isinstance(action, act.Stuck):
            self._stuck()
        elif isinstance(action, act.Deal):
            self._deal(action.symbol)
        else:  # pragma: no cover - every action class is handled above
            raise IllegalAction(f"{action!r} is not a Curse of the Mummy action")

    def _deal(self, symbol: int) -> None:
        """Vorbereitung: each explorer gets one card from each colour's stack, face down."""
        seat, colour = self._deal_order[self.deal_next]
        self.card_owner[symbol] = seat
        self.emit("dealt", seat=seat, colour=self.board.colours[colour])
        self.emit("card", seats=frozenset((seat,)), symbol=self.board.symbols[symbol].name)
        self.deal_next += 1
        if self.deal_next == len(self._deal_order):
            self._begin_turn(0)

    def _begin_turn(self, figure: int) -> None:
        """Start a figure's turn; all five mummy faces out force the resolution first."""
        self.cur = figure
        if self._events is not None:
            self.emit("turn", figure=figure, seat=self._owner[figure])
        if self.forced:
            self.forced = False
            self.emit("forced-resolve", figure=figure, steps=self.out)
            self._start_interim(INTERIM_FORCED)
        else:
            self.phase = TURN

    def _next_figure(self) -> None:
        """The next living figure's turn, or the mummy's after the last one."""
        for f in range(self.cur + 1, len(self.pos)):
            if self.pos[f] != GONE:
                self._begin_turn(f)
                return
        self.phase = MUMMY_ROLL
        if self._events is not None:
            self.emit("mummy-turn")

    def _new_round(self) -> None:
        """The next round, or the end at the round limit (decision 19): the mummy wins."""
        if self.round >= MAX_ROUNDS:
            self.winner = MUMMY
            self.reason = f"the round limit ({MAX_ROUNDS}) is reached"
            self.phase = OVER
            self.emit("game-over", winner=MUMMY, reason=self.reason)
            return
        self.round += 1
        for f in range(len(self.pos)):
            if self.pos[f] != GONE:
                self._begin_turn(f)
                return

    def _not_stuck(self) -> None:
        """Rolling or resolving tells the table the figure is not boxed in."""
        board = self.board
        blocked = board.forbidden | (1 << self.mummy)
        free = ((1 << board.fields) - 1) & ~blocked
        self.belief[self.cur] &= board.spread(free)

    def _stuck(self) -> None:
        """Besondere Spielsituationen: a figure that cannot move at all is skipped."""
        self.emit("stuck", figure=self.cur)
        self.belief[self.cur] &= ~moves.surely_mobile(self.board, self.mummy)
        self._next_figure()

    def _start_roll(self, dice: int) -> None:
        self.to_roll = dice
        self.roll_faces = []
        self.phase = ROLL

    def _rolled(self) -> None:
        """2. Würfeln: the last die has landed (``apply_unchecked`` lays the dice one by
        one); the mummy faces are set aside."""
        faces = self.roll_faces
        mummies = faces.count(act.MUMMY_FACE)
        self.out += mummies
        if mummies:
            faces = [f for f in faces if f != act.MUMMY_FACE]
        faces.sort()
        self.rolled = faces  # the landed dice's own list: a new one is begun below
        self.roll_faces = []
        if self._events is not None:
            self.emit(
                "rolled",
                figure=self.cur,
                faces=[act.FACE_WORDS[f] for f in self.rolled],
                mummy_dice=self.out,
            )
        if self.out == self.board.explorer_dice:
            # Besondere Spielsituationen: all five show mummies; the turn is lost and the
            # next explorer must resolve (or the mummy adds an interim move of 5).
            self.emit("turn-lost", figure=self.cur)
            self.rolled = []
            self.forced = True
            self._next_figure()
        else:
            self.phase = CHOOSE

    def _announce(self, value: int) -> None:
        """3. Ziehen: the value of one die is announced aloud (to the mummy too)."""
        self.value = value
        self.phase = MOVE
        if self._events is not None:
            self.emit("announce", figure=self.cur, value=act.FACE_WORDS[value])
        cur = self.cur
        self.belief[cur] = moves.announced(
            self.board, self.belief[cur], value, self.mummy, self.known_mask(cur)
        )

    def _go(self, field: int, play: bool) -> None:
        """3. Ziehen and 4. Auftragskarte ausspielen: move, and maybe play the card."""
        cur = self.cur
        seat = self._owner[cur]
        board = self.board
        self.pos[cur] = field
        if self._events is not None:
            explorers = frozenset(range(1, self.game.players))
            self.emit("moved", figure=cur)
            self.emit("position", seats=explorers, figure=cur, field=board.field_name(field))
        if play:
            symbol = board.symbol_at[field]
            self.played[symbol] = True
            self.belief[cur] = 1 << field
            self.emit(
                "play",
                figure=cur,
                seat=seat,
                symbol=board.symbols[symbol].name,
                field=board.field_name(field),
            )
            if not self.hand(seat):
                self.winner = seat
                self.reason = f"seat {seat} played the last task card"
                self.phase = OVER
                self.emit("game-over", winner=seat, reason=self.reason)
                return
        else:
            # known_mask and maybe_mask of ``cur``, in one pass.
            known = maybe = 0
            pos = self.pos
            for f, b in enumerate(self.belief):
                if f != cur:
                    if b and b & (b - 1) == 0:
                        known |= b
                    if pos[f] != GONE:
                        maybe |= b
            free = ~board.forbidden
            self.belief[cur] = moves.moved(
                board, self.belief[cur], self.value, self.mummy, known & free, maybe & free
            )
        self.value = -1
        self.rolled = []
        self._next_figure()

    def _start_interim(self, mode: int) -> None:
        """Zwischenzug der Mumie: as many steps as mummy faces lie out, no mummy die."""
        self.mode = mode
        self.steps = self.out
        self.phase = MUMMY_MOVE
        if self._events is not None:
            self.emit("mummy-interim", steps=self.steps)

    def _step(self, direction: int) -> None:
        """Spielzug der Mumie: one field; entering an explorer's field catches them."""
        field = self.board.neighbours[self.mummy][direction]
        self.mummy = field
        self.steps -= 1
        if self._events is not None:
            self.emit("mummy-step", field=self.board.field_name(field), steps_left=self.steps)
        bit = 1 << field
        for b in self.belief:
            if b & bit:
                self.pending = field
                self.phase = REVEAL
                return
        self._after_step()

    def _reveal(self) -> None:
        field = self.pending
        self.pending = -1
        bit = ~(1 << field)
        for f in range(len(self.belief)):
            self.belief[f] &= bit
        for f, p in enumerate(self.pos):
            if p == field:
                self._catch(f)
                return
        if self._events is not None:
            self.emit("no-catch", field=self.board.field_name(field))
        self._after_step()

    def _catch(self, figure: int) -> None:
        """The caught figure goes to the dungeon and gives the mummy an ankh."""
        board = self.board
        self.ankhs[figure] -= 1
        self.collected += 1
        self.emit(
            "catch",
            figure=figure,
            seat=self._owner[figure],
            field=board.field_name(self.mummy),
            ankhs_left=self.ankhs[figure],
            mummy_ankhs=self.collected,
        )
        if self.ankhs[figure] == 0:
            self.pos[figure] = GONE
            self.belief[figure] = 0
            self.emit("out", figure=figure, seat=self._owner[figure])
        else:
            self.pos[figure] = board.dungeon
            self.belief[figure] = 1 << board.dungeon
        if self.collected >= self.threshold():
            self.winner = MUMMY
            self.reason = f"the mummy collected {self.collected} ankhs"
            self.phase = OVER
            self.emit("game-over", winner=MUMMY, reason=self.reason)
            return
        self._end_mummy_move()

    def _after_step(self) -> None:
        if self.steps == 0:
            self._end_mummy_move()
        else:
            self.phase = MUMMY_MOVE

    def _end_mummy_move(self) -> None:
        mode = self.mode
        self.steps = 0
        if mode == NORMAL:
            if self.forced:
                # The explorer just before the mummy lost the turn: normal move, then 5.
                self.forced = False
                self._start_interim(INTERIM_AFTER_NORMAL)
                return
            self._new_round()
            return
        self.out = 0
        if self._events is not None:
            self.emit("dice-resolved")
        if mode == INTERIM_AFTER_NORMAL:
            self._new_round()
        elif not self.alive(self.cur):
            self._next_figure()
        elif mode == INTERIM_RESOLVE and self.game.options["stuck-after-resolving"] == "off":
            # Decision 17: the explorer rolls all five, even if the interim move boxed the
            # figure in; with the option on, its turn starts again (roll, or stuck).
            if self._events is not None:
                self.emit("roll", figure=self.cur, dice=self.board.explorer_dice)
            self._start_roll(self.board.explorer_dice)
        else:
            self.phase = TURN

    # -- the end --------------------------------------------------------------------------
    def outcome(self) -> Outcome:
        if self.phase != OVER:
            raise IllegalAction("the game is not over", code="not-over")
        n = self.game.players
        scores = [0.0] * n
        scores[MUMMY] = float(self.collected)
        for s, o in enumerate(self.card_owner):
            if o > 0 and self.played[s]:
                scores[o] += 1.0
        ranks = tuple(1 if seat == self.winner else 2 for seat in range(n))
        return Outcome(tuple(scores), ranks, self.reason)

    # -- information ----------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (``views.CurseOfTheMummyView``): explorers see every
        figure's field and their own cards; the mummy and spectators see only the fields each
        figure may be on."""
        board = self.board
        names = board.names
        n = self.game.players
        explorer = seat is not None and seat != MUMMY
        owner = self._owner
        ankhs = self.ankhs
        belief = self.belief
        mask_names = board.mask_names
        figures: list[FigureView] = [
            {
                "seat": owner[f],
                "ankhs": ankhs[f],
                "in_game": field != GONE,
                "possible": mask_names(belief[f]),
                "field": names[field] if explorer and field != GONE else None,
            }
            for f, field in enumerate(self.pos)
        ]
        # One pass over the cards: each explorer's hand by colour and played symbols, and
        # the viewing explorer's own hand (card order, as ``hand`` gives it).
        symbols = board.symbols
        colours: list[list[int]] = [[0] * len(board.colours) for _ in range(n)]
        played_names: list[list[str]] = [[] for _ in range(n)]
        hand: list[str] | None = [] if explorer else None
        for s, o in enumerate(self.card_owner):
            if o <= MUMMY or o >= n:
                continue
            symbol = symbols[s]
            if self.played[s]:
                played_names[o].append(symbol.name)
            else:
                colours[o][symbol.colour] += 1
                if hand is not None and o == seat:
                    hand.append(symbol.name)
        played = {str(o): played_names[o] for o in range(1, n)}
        payload: CurseOfTheMummyView = {
            **envelope(self, seat, PHASE_NAMES[self.phase]),
            "round": self.round,
            "figure": self.cur,
            "mummy": names[self.mummy],
            "mummy_ankhs": self.collected,
            "mummy_needs": self.threshold(),
            "mummy_dice": self.out,
            "dice": [act.FACE_WORDS[f] for f in self.rolled],
            "rolling": [act.FACE_WORDS[f] for f in self.roll_faces],
            "announced": act.FACE_WORDS[self.value] if self.value >= 0 else None,
            "mummy_steps": self.steps,
            "mummy_move": MOVE_KINDS[self.mode] if self.phase in (MUMMY_MOVE, REVEAL) else None,
            "forced": self.forced,
            "figures": figures,
            "hand_colours": {str(o): colours[o] for o in range(1, n)},
            "played": played,
            "hand": hand,
        }
        return plain(payload)

    def resample(self, seat: int, rng: random.Random) -> Self:
        """Redraw what ``seat`` cannot know: other explorers' cards and, for the mummy, the
        figures' fields (drawn from the belief sets, never two on one ordinary field)."""
        world = self.clone()
        dealt = world.card_owner
        for pool, holders in self._redeals(seat):
            order = list(pool)
            shuffle(rng, order)
            for symbol, holder in zip(order, holders, strict=True):
                dealt[symbol] = holder
        if seat == MUMMY:
            world.pos = self._draw_positions(rng)
        return world

    def _redeals(self, seat: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
        """Per colour whose cards ``seat`` cannot know (two or more: one redeals as it
        lies), the unplayed cards of the others in order and their holders (the dealt ones'
        seats, then -1 for the stack) that ``resample`` shuffles over them; remembered on the
        board by holders and plays (a search resamples one position again and again)."""
        own = seat if seat != MUMMY else -2  # the mummy holds no cards: it redraws them all
        card_owner = self.card_owner
        played = self.played
        cache = self.board.redeal_cache
        key = (own, tuple(card_owner), tuple(played))
        known = cache.get(key)
        if known is not None:
            return known
        redeals = []
        for ids in self.board.colour_ids:
            pool = []
            holders = []
            for symbol in ids:
                if played[symbol]:
                    continue
                owner = card_owner[symbol]
                if owner == own:
                    continue
                pool.append(symbol)
                if owner >= 0:
                    holders.append(owner)
            if len(pool) > 1:
                holders += [-1] * (len(pool) - len(holders))
                redeals.append((tuple(pool), tuple(holders)))
        return cache.keep(key, tuple(redeals))

    def _draw_positions(self, rng: random.Random) -> list[int]:
        """A joint placement of the figures on their belief sets (backtracking search)."""
        forbidden = self.board.forbidden
        order = [f for f in range(len(self.pos)) if self.pos[f] != GONE]
        order.sort(key=lambda f: self.belief[f].bit_count())
        placed = self.pos[:]

        def place(i: int, used: int) -> bool:
            if i == len(order):
                return True
            f = order[i]
            options = moves.bits(self.belief[f] & ~used)
            shuffle(rng, options)
            for field in options:
                placed[f] = field
                bit = 0 if (forbidden >> field) & 1 else 1 << field
                if place(i + 1, used | bit):
                    return True
            return False

        if not place(0, 0):  # pragma: no cover - the true placement always fits
            raise AssertionError("belief sets admit no placement")
        return placed
