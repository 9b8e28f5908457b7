"""A live table: the running game of one online table, its connections and its bots.

The table is the authority for its game. A submission is checked against the sequence
number the client saw and the game's own rules, applied, followed by the chance steps the
table draws, written to the store (one transaction, through the group-commit writer), and
only then acknowledged and pushed to every connection. Chance is drawn from a generator
seeded by the table's secret seed and the sequence number, so nothing about it needs
saving and it never leaves the server.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from saqqara.core.actions import Action
from saqqara.core.errors import IllegalAction
from saqqara.core.events import Event
from saqqara.core.game import CHANCE, Game, State
from saqqara.core.registry import load
from saqqara.server.bots import BotJob
from saqqara.server.messages import EventText, LegalAction, TableNotice, Update, encode
from saqqara.server.wording import action_label, event_sentence
from saqqara.store import CLOSED, FINISHED, OPEN, PLAYING, ActionRow, SeatRow, Store, TableRow

RECENT_STEPS = 64
"""Steps kept in memory for reconnecting clients; older gaps get a full view (resync)."""

MAX_CHANCE_RUN = 10_000


@dataclass(frozen=True, slots=True)
class Step:
    """One accepted action: its sequence number, actor (-1 chance), action and events."""

    seq: int
    seat: int
    action: Action
    events: tuple[Event, ...]


class Listener:
    """A connection's side of a table: its seat (``None``: spectator), language and the
    last sequence number it was sent. ``send`` delivers a message's JSON text."""

    def __init__(
        self, seat: int | None, lang: str, since: int, send: Callable[[str], Awaitable[None]]
    ) -> None:
        self.seat = seat
        self.lang = lang
        self.since = since
        self.send = send
        self.lock = asyncio.Lock()


@dataclass(slots=True)
class Accepted:
    """The result of a submission: the steps stored, or the seq of an earlier identical one."""

    steps: list[Step] = field(default_factory=list)
    duplicate_of: int | None = None


def chance_rng(seed: int, seq: int) -> random.Random:
    """The generator of the chance step after ``seq`` (stable across restarts)."""
    return random.Random(seed * 1_000_003 + seq)


class LiveTable:
    """One table's running game, in memory, backed by the store's action log."""

    def __init__(
        self, row: TableRow, seats: list[SeatRow], game: Game, state: State, seq: int
    ) -> None:
        self.row = row
        self.id = row.id
        self.seats = seats
        self.game = game
        self.state = state
        self.seq = seq
        self.status = row.status
        self.rematch: str | None = row.rematch
        self.recent: deque[Step] = deque(maxlen=RECENT_STEPS)
        self.client_ids: dict[tuple[int, str], int] = {}
        self.listeners: set[Listener] = set()
        self.lock = asyncio.Lock()
        self.bot_tasks: dict[int, asyncio.Task[None]] = {}
        self._cache: dict[tuple[int | None, str, int], str] = {}

    # -- building ---------------------------------------------------------------------------
    @classmethod
    def open(cls, store: Store, row: TableRow) -> LiveTable:
        """Rebuild a table from the store: replay its action log (snapshots when they exist)."""
        game = load(row.game, row.players, row.options)
        table = cls(row, store.seats(row.id), game, game.new_state(), 0)
        for entry in store.actions(row.id):
            table._replay(entry)
        return table

    def _replay(self, entry: ActionRow) -> None:
        action = self.game.parse_action(entry.action)
        events = self.state.apply(entry.seat, action)
        self.seq = entry.seq
        self.recent.append(Step(entry.seq, entry.seat, action, tuple(events)))
        if entry.client_id is not None:
            self.client_ids[(entry.seat, entry.client_id)] = entry.seq

    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def seat_row(self, seat: int) -> SeatRow:
        return self.seats[seat]

    # -- submissions ------------------------------------------------------------------------
    def prepare(
        self, seat: int, action_id: int, expected_seq: int | None, cid: str | None
    ) -> Accepted:
        """Check and apply in memory; the caller stores the steps before telling anyone.

        Raises :class:`IllegalAction` (nothing changed) with the game's reason, or with code
        ``stale`` when ``expected_seq`` is not the table's sequence number.
        """
        if cid is not None and (seat, cid) in self.client_ids:
            return Accepted(duplicate_of=self.client_ids[(seat, cid)])
        if self.status == OPEN:
            raise IllegalAction("the game starts when every seat is taken", code="not-started")
        if self.status != PLAYING:
            raise IllegalAction("the game is over", code="game-over")
        if expected_seq is not None and expected_seq != self.seq:
            raise IllegalAction(
                f"stale move: it was made against update {expected_seq}, the table is at "
                f"{self.seq}",
                code="stale",
            )
        action = self.game.action_from_id(action_id)
        events = self.state.apply(seat, action)
        steps = [Step(self.seq + 1, seat, action, tuple(events))]
        for _ in range(MAX_CHANCE_RUN):
            if self.state.to_act() != (CHANCE,):
                break
            chance = self.state.sample_chance(chance_rng(self.row.seed, steps[-1].seq))
            chance_events = self.state.apply(CHANCE, chance)
            steps.append(Step(steps[-1].seq + 1, CHANCE, chance, tuple(chance_events)))
        return Accepted(steps=steps)

    def commit(self, accepted: Accepted, cid: str | None) -> None:
        """Take the stored steps into the table's sequence."""
        for step in accepted.steps:
            self.recent.append(step)
        if cid is not None and accepted.steps:
            first = accepted.steps[0]
            self.client_ids[(first.seat, cid)] = first.seq
        self.seq = accepted.steps[-1].seq
        if not self.state.to_act():
            self.status = FINISHED
        self._cache.clear()

    def rows(self, accepted: Accepted, cid: str | None) -> list[ActionRow]:
        return [
            ActionRow(
                step.seq, step.seat, self.game.action_text(step.action), cid if i == 0 else None
            )
            for i, step in enumerate(accepted.steps)
        ]

    def draw_opening_chance(self) -> Accepted:
        """Chance steps due before anyone acts (a shuffle at the start)."""
        steps: list[Step] = []
        for _ in range(MAX_CHANCE_RUN):
            if self.state.to_act() != (CHANCE,):
                break
            last = steps[-1].seq if steps else self.seq
            chance = self.state.sample_chance(chance_rng(self.row.seed, last))
            events = self.state.apply(CHANCE, chance)
            steps.append(Step(last + 1, CHANCE, chance, tuple(events)))
        return Accepted(steps=steps)

    # -- what a seat is told ------------------------------------------------------------------
    def update_for(self, seat: int | None, lang: str, since: int) -> str:
        """The JSON text of the update for ``seat`` that follows sequence number ``since``."""
        key = (seat, lang, since)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        text = encode(self.build_update(seat, lang, since))
        if len(self._cache) > 64:
            self._cache.clear()
        self._cache[key] = text
        return text

    def build_update(self, seat: int | None, lang: str, since: int) -> Update:
        state, game = self.state, self.game
        to_act = state.to_act()
        legal: list[LegalAction] = []
        if seat is not None and seat in to_act and self.status == PLAYING:
            legal = [
                LegalAction(game.action_id(a), action_label(game, a, lang), game.action_text(a))
                for a in state.legal_actions(seat)
            ]
        oldest = self.recent[0].seq if self.recent else self.seq + 1
        resync = since + 1 < oldest and since < self.seq
        events = [
            EventText(step.seq, e.kind, event_sentence(game, e.kind, e.data, lang), dict(e.data))
            for step in self.recent
            if step.seq > since
            for e in step.events
            if e.visible_to(seat)
        ]
        outcome: dict[str, Any] | None = None
        if not to_act:
            result = state.outcome()
            outcome = {
                "scores": list(result.scores),
                "ranks": list(result.ranks),
                "winners": sorted(result.winners),
                "reason": result.reason,
            }
        return Update(
            seq=self.seq,
            view=state.view(seat),
            to_act=[s for s in to_act if s != CHANCE],
            legal=legal,
            events=events,
            over=not to_act,
            status=self.status,
            outcome=outcome,
            resync=resync,
        )

    async def push(self, listener: Listener, *, force: bool = False) -> None:
        """Send ``listener`` the update it lacks (nothing if it is up to date)."""
        async with listener.lock:
            if listener.since >= self.seq and not force:
                return
            text = self.update_for(listener.seat, listener.lang, listener.since)
            listener.since = self.seq
            with contextlib.suppress(Exception):
                await listener.send(text)

    async def push_all(self) -> None:
        await asyncio.gather(*(self.push(listener) for listener in list(self.listeners)))

    async def notice_all(self) -> None:
        text = encode(TableNotice(self.status, self.rematch))
        for listener in list(self.listeners):
            with contextlib.suppress(Exception):
                await listener.send(text)

    # -- bots ---------------------------------------------------------------------------------
    def bot_seats(self) -> list[int]:
        if self.status != PLAYING:
            return []
        return [s for s in self.state.to_act() if s != CHANCE and self.seats[s].kind == "bot"]

    def bot_job(self, seat: int) -> BotJob:
        rng = random.Random(self.row.seed * 7919 + self.seq * 31 + seat)
        bot = self.seats[seat].bot or "random"
        return BotJob(
            game=self.game.spec.id,
            players=self.game.players,
            options=tuple(sorted(self.game.options.items())),
            state=self.state.resample(seat, rng),
            seat=seat,
            bot=bot,
            seed=rng.getrandbits(63),
        )

    def fallback_action(self, seat: int) -> int:
        """A random legal action: what a bot that overran its time limit plays."""
        rng = random.Random(self.row.seed * 7919 + self.seq * 31 + seat)
        return self.game.action_id(rng.choice(self.state.legal_actions(seat)))

    def close(self) -> None:
        self.status = CLOSED if self.status != FINISHED else self.status
        for task in self.bot_tasks.values():
            task.cancel()
        self.bot_tasks.clear()
