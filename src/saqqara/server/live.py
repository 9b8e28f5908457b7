"""A live table: one online table's :class:`~saqqara.core.match.Match`, listeners and bots.

The match is the authority for the game (checks, chance, sequence numbers). The table adds
what the network needs: client ids so a resend never plays twice, the store (every step is
written before anyone is told), and one update per listener built from that seat's view,
legal actions and the events it may see. Updates are pushed, never computed for a seat
from anything but ``view(seat)`` and the events' audiences.

A table keeps in memory only the stored steps a connected listener has not been sent yet:
once every listener has been sent a step, it leaves memory (the last one or few stay, for
undo and a sealed decision). A connection that needs older events (a person arriving at a
new table, whose setup left memory once stored; a page loaded anew; a reconnect with an old
``since``; a spectator arriving) gets them rebuilt by replaying the match's record, which
the table keeps whole and compact (see :meth:`LiveTable.told_steps`), once per position.
A rematch, whose people come back at once, keeps its setup for them instead, until they
have been told it (:meth:`LiveTable.hold_setup`); so do the setup's worded events, made
once for a table's people even when a bot moves before the second of them arrives
(:meth:`LiveTable.setup_untold`).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import time
from collections.abc import Awaitable, Callable, Iterable

from saqqara.core.errors import IllegalAction, NotationError, RecordError
from saqqara.core.forfeit import Forfeit
from saqqara.core.game import CHANCE, Game, State
from saqqara.core.match import Match, Step
from saqqara.core.records import Record, RecordedAction
from saqqara.core.registry import load
from saqqara.core.seeding import derived_rng
from saqqara.server.bots import BotJob
from saqqara.server.clocks import ClockRule, TurnClocks, stored_banks
from saqqara.server.guard import CHAT_BURST, CHAT_RATE, RateLimit
from saqqara.server.hints import AskedHint
from saqqara.server.messages import (
    BOTS_TO_UNDO,
    CHANCE_TO_UNDO,
    NOTHING_TO_UNDO,
    OTHERS_TO_UNDO,
    REVEALED_TO_UNDO,
    TABLE_MOVED_ON,
    StandIn,
    TableNotice,
    Update,
    encode,
)
from saqqara.server.refusal_texts import (
    AHEAD,
    CID_REUSED,
    NOT_STARTED,
    NOTHING_IN_PLAY,
    TAKEN_BACK,
    UNDONE_MEANWHILE,
)
from saqqara.server.updates import Shared, seat_update
from saqqara.server.wording import texts
from saqqara.store import (
    CLOSED,
    FINISHED,
    OPEN,
    PLAYING,
    ActionRow,
    SeatRow,
    Snapshot,
    Store,
    TableRow,
)
from saqqara.store.chat import ChatRow

SNAPSHOT_EVERY = 200
"""By default a table's state is stored every this many steps, so a long game resumes
from its latest snapshot plus the actions after it instead of a full replay."""

DETERMINIZE = 0x5EED
"""Stream tag of the generator that draws a bot's determinization (see core.seeding)."""

RECENT_STEPS = 1
"""A table keeps at least this many of its latest steps in memory, told or not (undo reads
the last); at a game with sealed decisions one more than its seats (a sealed decision's
commitments, one per seat, are checked against those since: :meth:`LiveTable.sealed_since`).
No more: the kept steps' events are a good part of a live table's own memory, and a
connection that needs older ones has them rebuilt from the record
(:meth:`LiveTable.told_steps`)."""


class Listener:
    """A connection's side of a table: its seat (``None``: spectator), language, the last
    sequence number it was sent, and ``send``, which delivers a message's JSON text."""

    __slots__ = ("chat_after", "chatting", "hinting", "lang", "lock", "seat", "send", "since")

    def __init__(
        self, seat: int | None, lang: str, since: int, send: Callable[[str], Awaitable[None]]
    ) -> None:
        self.seat = seat
        self.lang = lang
        self.since = since
        self.send = send
        self.lock = asyncio.Lock()
        self.hinting: asyncio.Task[None] | None = None
        """The hint this connection waits for (one at a time)."""
        self.chatting = RateLimit(CHAT_RATE, CHAT_BURST)
        """This connection's pace of chat lines (``server/chat.py``)."""
        self.chat_after: int | None = None
        """The last chat line its history on arrival held (``None``: not told yet); a line
        said later is told as it is said, one up to it only by the history."""


class LiveTable:
    """One table's running match, in memory, backed by the store's action log."""

    def __init__(
        self,
        row: TableRow,
        seats: list[SeatRow],
        match: Match,
        banks: list[float | None] | None = None,
    ) -> None:
        self.row = row
        self.id = row.id
        self.seats = seats
        self.match = match
        self.game = match.game
        self.status = row.status
        self.rematch: str | None = row.rematch
        self.client_ids: dict[int, tuple[str, int]] = {}
        """Per seat, the client id of its latest stored action and that action's sequence
        number (an undo takes back only a move its own client sent)."""
        self.sent_ids: dict[int, int] = {}
        """Every stored action that stands and came with a client id, by a 128-bit digest
        of its seat and client id: its sequence number and a 64-bit digest of its notation,
        packed in one int (:func:`_sent_key`, :func:`_sent_value`). A resend or a reused id
        is answered from memory, at the cost of an ordinary refusal, before anything is
        applied (:meth:`resend_of`); about a hundred bytes a move, where the ids and
        notations themselves took a few hundred."""
        self.undone_ids: frozenset[tuple[int, str]] = frozenset()
        """The seats' client ids of actions taken back: sent again, such an id is refused
        as stale (a resend never plays a move twice, nor again once taken back)."""
        self.stood_in: frozenset[int] = frozenset()
        """The sequence numbers of the stored steps the stand-in bot played for a person
        seat (away, or out of time), told in each update (``stand_in``); rare, so a
        frozenset made anew for each."""
        self.stored = 0
        """How many of the match's steps the store holds."""
        self.snapshot_every = SNAPSHOT_EVERY
        """A snapshot is stored whenever the log crosses a multiple of this."""
        self.replayed = 0
        """How many logged steps were replayed to open the table (after its snapshot)."""
        self.resumed_at = match.base
        """The snapshot the table was opened from: the events before it are not told again
        (an update from earlier says ``resync``)."""
        self.told = [0] * len(seats)
        """Per seat, the sequence number its person was last sent: the position's worded
        texts stay until every person seat has been told it (:meth:`push`)."""
        self.listeners: set[Listener] = set()
        self.away: set[int] = set()
        """Person seats a bot plays while their person is gone (see ``away_after``)."""
        self.stand_in = "random"
        """The bot that plays an away seat."""
        self.lock = asyncio.Lock()
        self.bot_tasks: dict[int, asyncio.Task[None]] = {}
        self._cache: dict[tuple[int | None, str, int], str] = {}
        """Encoded updates of the current position, by seat, language and ``since``."""
        self.shared = Shared()
        """What the current position's updates share (event texts), made once."""
        self.setup = 0
        """A new table's setup: the steps drawn before its first decision (none for a
        table opened from the store), whose worded events and replay are kept until every
        person seat has been told them (:meth:`setup_untold`)."""
        rule = ClockRule.from_settings(row.settings)
        self.clocks = None if rule is None else TurnClocks(rule, len(seats), banks)
        """The turn clocks, if the table has them (see ``saqqara.server.clocks``)."""
        self.forfeit = Forfeit.from_json(row.forfeit)
        """How the table ended when seats ran out of time under ``on_timeout`` ``lose``."""
        self.undos = 0
        """How many actions were taken back (sent in every update, checked on acts)."""
        self.hints: dict[tuple[int, int, int], AskedHint] = {}
        """The hints asked at the current position, by seat, sequence number and undo
        count (``TableService.ask_hint``): each worked out once however often asked."""
        self.taken_back: ActionRow | None = None
        """The action last taken back, while the table stands where it was made (its seat
        decides again, with the move time stored with it already used)."""
        self.signalled: frozenset[int] = frozenset()
        """The person seats deciding when turns were last signalled (``server/push.py``):
        a seat is pushed its turn only as it begins, not again while it goes on."""
        self.chat_tail: list[ChatRow] | None = None
        """The chat's latest lines as the store keeps them (``server/chat.py``), oldest
        first, once read or said here (``None``: not known yet). A table made by this
        process starts with none, so a connection's arrival reads nothing from the store."""
        self.chat_said = 0
        """How many lines were said here: a history read while a line was said is told
        but not kept as :attr:`chat_tail` (it may lack that line)."""

    @classmethod
    def new(cls, row: TableRow, seats: list[SeatRow]) -> LiveTable:
        """A fresh table (its setup chance drawn, not yet stored: see :meth:`unstored`)."""
        game = configured(row.game, row.players, row.options)
        table = cls(row, seats, Match(game, seed=row.seed, names=[s.name for s in seats]))
        table.setup = table.match.seq
        table.chat_tail = []  # nobody has said anything at a table not yet stored
        return table

    @classmethod
    def open(cls, store: Store, row: TableRow, snapshot_every: int = SNAPSHOT_EVERY) -> LiveTable:
        """Rebuild a table from the store: its latest snapshot and the actions logged after
        it, or a replay of the whole log when there is no snapshot this engine can read
        (then a fresh snapshot is written; see the policy in docs/views.md)."""
        seats = store.seats(row.id)
        logged = store.actions(row.id)
        record = Record(
            game=row.game,
            rules_version=row.rules_version,
            players=row.players,
            options=row.options,
            seats=tuple(s.name for s in seats),
            actions=tuple(RecordedAction(a.seat, a.action) for a in logged),
            meta={"seed": row.seed},
        )
        match = _from_snapshot(store, row, record)
        if match is None:
            match = Match.resume(record)
            if len(logged) >= snapshot_every and match.seq == len(logged):
                store.save_snapshot(row.id, len(logged), _snapshot_text(match))
        undone = store.undone(row.id) if row.settings.get("undo") else []
        every = [*logged, *undone]
        banks = stored_banks(row.players, ((a.seat, a.game_left) for a in every))
        table = cls(row, seats, match, banks)
        table.snapshot_every = snapshot_every
        table.stored = len(logged)
        table.undos = len(undone)
        table.undone_ids = frozenset((a.seat, a.client_id) for a in undone if a.client_id)
        if undone and undone[-1].seq == table.stored + 1:
            table.taken_back = undone[-1]
        table.replayed = len(logged) - match.base
        table.note_rows(logged)
        table.signalled = table.deciding_people()  # a turn begun before is not pushed again
        return table

    @property
    def seq(self) -> int:
        return self.match.seq

    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    # -- submissions --------------------------------------------------------------------------
    def resend_of(self, seat: int, cid: str, action_id: int) -> int | None:
        """The sequence number under which ``seat`` stored an action sent under ``cid``,
        when ``action_id`` names that move again (a resend: nothing is played); ``None``
        for a client id the seat has not used. Refused as ``stale`` when that action was
        taken back, and as ``cid-reused`` when the id was used for another move."""
        if (seat, cid) in self.undone_ids:
            raise IllegalAction(TAKEN_BACK, code="stale")
        packed = self.sent_ids.get(_sent_key(seat, cid))
        if packed is None:
            return None
        game = self.game
        try:
            text = game.action_text(game.action_from_id(action_id))
        except NotationError:
            text = ""
        if _sent_value(0, text) != packed & _NOTATION_BITS:
            raise IllegalAction(CID_REUSED, code="cid-reused")
        return packed >> 64

    def submit(
        self, seat: int, action_id: int, expected_seq: int | None, undos: int | None = None
    ) -> list[Step]:
        """Check and apply through the match; the caller stores the steps before telling.
        ``undos``: the count of actions taken back in the update the action was chosen in.

        Raises :class:`IllegalAction` (nothing changed) with the match's or the game's code.
        """
        if self.status == OPEN:
            raise IllegalAction(NOT_STARTED, code="not-started")
        if self.status != PLAYING:
            raise IllegalAction("the game is over", code="game-over")
        if undos is not None and undos != self.undos:
            raise IllegalAction(UNDONE_MEANWHILE, code="stale")
        if expected_seq is not None and expected_seq > self.seq:
            raise IllegalAction(AHEAD.format(now=self.seq, sent=expected_seq), code="stale")
        if expected_seq is not None and self.sealed_since(seat, expected_seq):
            expected_seq = None
        return self.match.submit(seat, action_id, expected_seq=expected_seq)

    def sealed_since(self, seat: int, seq: int) -> bool:
        """Whether a choice ``seat`` made at ``seq`` still stands, although steps followed.

        In a sealed decision the seats commit one after another, and nothing is revealed
        until all have: another seat's commitment does not make this seat's choice stale.
        It stands while the seat must still act and every step since ``seq`` was another
        seat's, no chance step and no reveal among them.
        """
        if not self.match.base <= seq < self.seq or seat not in self.match.to_act():
            return False
        return all(
            step.seat not in (seat, CHANCE) and not any(e.reveal for e in step.events)
            for step in self.steps_after(seq)
        )

    def steps_after(self, seq: int, upto: int | None = None) -> list[Step]:
        """The match's steps after sequence number ``seq`` (up to ``upto``) that it holds in
        memory: none before :attr:`Match.base` (see :meth:`told_steps`)."""
        base = self.match.base
        end = None if upto is None else max(upto - base, 0)
        return self.match.history[max(seq - base, 0) : end]

    def told_steps(self, since: int, upto: int) -> list[Step]:
        """The steps after ``since`` up to ``upto`` to tell a connection: those that left
        memory rebuilt from the record, none before :attr:`resumed_at`."""
        base = self.match.base
        since = max(since, self.resumed_at)
        if since >= base:
            return self.steps_after(since, upto)
        return self._replayed(since, base) + self.steps_after(base, upto)

    def _replayed(self, since: int, upto: int) -> list[Step]:
        """Steps ``since + 1 .. upto`` that left memory, from a replay of the record, made
        once per position (:class:`Shared`): a new table's people arriving one after the
        other are told the same setup."""
        key = (since, upto)
        steps = self.shared.replayed.get(key)
        if steps is None:
            steps = self.shared.replayed[key] = self.match.replayed_steps(since, upto)
        return steps

    def hold_setup(self, drawn: list[Step]) -> None:
        """Keep a rematch's setup steps (``drawn``: all of its steps so far, stored), which
        left memory once stored, for its people, who come back at once: until every
        person seat is told them (:meth:`setup_untold`), as a replay of them would be kept
        (:meth:`_replayed`), so the first arrival is told them without replaying them."""
        base = self.match.base
        if drawn and drawn[0].seq == self.resumed_at + 1 and len(drawn) >= base - self.resumed_at:
            self.shared.replayed[(self.resumed_at, base)] = drawn[: base - self.resumed_at]

    def _let_go(self) -> None:
        """Drop the stored steps every listener has been told from memory, but the latest
        :meth:`kept_steps`. A person seat not connected keeps none: its person, arriving,
        gets them replayed from the record (a new table's setup, 69 steps in Tutankhamun,
        leaves memory as soon as it is stored, instead of waiting for both people)."""
        told = self.stored
        for listener in self.listeners:
            told = min(told, listener.since)
        told = min(told, self.seq - self.kept_steps())
        drop = told - self.match.base
        if drop > 0:
            del self.match.history[:drop]
            self.match.base = told

    def kept_steps(self) -> int:
        """How many of its latest steps the table keeps in memory, told or not:
        :data:`RECENT_STEPS`, or one more than the seats at a game with sealed decisions."""
        if self.game.spec.simultaneous:
            return max(RECENT_STEPS, len(self.seats) + 1)
        return RECENT_STEPS

    def unstored(self, cid: str | None = None) -> list[ActionRow]:
        """The match's steps the store does not hold yet, as log rows (``cid`` on the first
        seat's step)."""
        rows = []
        now = time.monotonic()
        for step in self.steps_after(self.stored):
            own = cid if step.seat != CHANCE and cid is not None else None
            left = used = None
            if self.clocks is not None and step.seat != CHANCE:
                left = self.clocks.game_left(step.seat, now)
                used = self.clocks.move_used(step.seat, now)
            rows.append(ActionRow(step.seq, step.seat, step.text, own, left, used))
            cid = None if own is not None else cid
        return rows

    def due_snapshot(self) -> Snapshot | None:
        """The snapshot to store with the unstored steps: one when they cross a multiple of
        :attr:`snapshot_every` (the state after the last of them)."""
        seq, every = self.match.seq, self.snapshot_every
        if seq // every <= self.stored // every:
            return None
        return seq, _snapshot_text(self.match)

    def note_rows(self, rows: Iterable[ActionRow]) -> None:
        """Keep what stored ``rows`` tell of their steps: each seat's latest client id,
        and which a person seat did not send (the stand-in bot played them)."""
        stood_in = []
        for row in rows:
            if row.client_id is not None:
                self.client_ids[row.seat] = (row.client_id, row.seq)
                self.sent_ids[_sent_key(row.seat, row.client_id)] = _sent_value(row.seq, row.action)
            elif row.seat != CHANCE and self.seats[row.seat].kind == "person":
                stood_in.append(row.seq)
        if stood_in:
            self.stood_in = self.stood_in.union(stood_in)

    def stored_up_to(self, rows: list[ActionRow]) -> None:
        """The store now holds ``rows``: they may be told."""
        self.note_rows(rows)
        if rows:
            self.stored = rows[-1].seq
        if self.match.is_over() and self.status in (OPEN, PLAYING):
            self.set_status(FINISHED)
        self.tick_clocks(row.seat for row in rows)
        self._forget()
        self._let_go()

    def _forget(self) -> None:
        """Drop what was made for the updates of the position before, but the setup's
        texts while a person seat has not been told them (:meth:`setup_untold`)."""
        self._cache.clear()
        self.shared.moved_on(self.setup if self.setup_untold() else 0)

    def setup_untold(self) -> bool:
        """Whether a person seat has not yet been told the table's setup: its person, who
        arrives after the other (a rematch's come back one after the other, and a bot may
        move in between), is told the same setup events, worded once for both. Bounded:
        only the setup's steps are kept so (69 in Tutankhamun), the rest as before."""
        setup = self.setup
        if setup <= 0:
            return False
        for row in self.seats:
            if row.kind == "person" and self.told[row.seat] < setup:
                return True
        self.setup = 0  # every person has been told it: nothing to keep from now on
        return False

    def tick_clocks(self, acted: Iterable[int]) -> None:
        """Charge and restart the turn clocks after steps by ``acted`` (or a start, or a
        person's arrival). Only the person seats that are taken are timed: a rematch plays
        at once, but a seat's clock waits until its person has come back to it."""
        if self.clocks is None:
            return
        now = time.monotonic()
        if self.status != PLAYING:
            self.clocks.stop(now)
        else:
            deciding = [s for s in self.match.to_act() if s != CHANCE and self._timed(s)]
            self.clocks.tick(now, deciding, acted)
        self._forget()

    def _timed(self, seat: int) -> bool:
        """Whether ``seat``'s clock may run: a person seat its person has taken."""
        row = self.seats[seat]
        return row.kind == "person" and row.claimed

    # -- undo -----------------------------------------------------------------------------------
    def check_undo(self, seat: int, seq: int) -> None:
        """Refuse (:class:`IllegalAction`) unless ``seat`` may take back the action ``seq``:
        the table's last step, its own, sent by its client (not the stand-in bot's), stored,
        revealing nothing (so no other seat's move, no chance and no reveal came after it)."""
        if self.status != PLAYING:
            raise IllegalAction(NOTHING_IN_PLAY, code="game-over")
        if seq != self.seq:
            raise IllegalAction(TABLE_MOVED_ON.format(now=self.seq, sent=seq), code="stale")
        last = self.match.history[-1] if self.match.history else None
        if last is None or last.seq != seq or self.stored != seq:
            raise IllegalAction(NOTHING_TO_UNDO, code="cannot-undo")
        if last.seat == CHANCE:
            raise IllegalAction(
                CHANCE_TO_UNDO,
                code="cannot-undo",
            )
        if last.seat != seat:
            raise IllegalAction(OTHERS_TO_UNDO, code="cannot-undo")
        own = self.client_ids.get(seat)
        if own is None or own[1] != seq:  # sent by no client: the stand-in bot's
            raise IllegalAction(BOTS_TO_UNDO, code="cannot-undo")
        if any(event.reveal for event in last.events):
            raise IllegalAction(REVEALED_TO_UNDO, code="cannot-undo")

    def may_undo(self, seat: int) -> bool:
        """Whether ``seat`` may take back the table's latest step now (the table allows
        undo and :meth:`check_undo` would let it): what its update's ``undo`` says."""
        if not self.row.settings.get("undo"):
            return False
        try:
            self.check_undo(seat, self.seq)
        except IllegalAction:
            return False
        return True

    def rebuild(self, store: Store) -> None:
        """Load the match again from the store (after an undo): its snapshot and the
        actions that stand. Listeners, seats and status stay; bots think again."""
        fresh = LiveTable.open(store, self.row, self.snapshot_every)
        self.match = fresh.match
        self.stored = fresh.stored
        self.client_ids = fresh.client_ids
        self.sent_ids = fresh.sent_ids
        self.undone_ids = fresh.undone_ids
        self.stood_in = fresh.stood_in
        self.replayed = fresh.replayed
        self.resumed_at = fresh.resumed_at
        self.told = [min(told, self.stored) for told in self.told]
        self.taken_back = fresh.taken_back
        self.undos = fresh.undos
        for task in self.bot_tasks.values():
            task.cancel()
        self.bot_tasks.clear()
        self.setup = 0  # the steps after the snapshot are told from the record again
        self._forget()
        for listener in self.listeners:
            listener.since = min(listener.since, self.stored)

    # -- what a seat is told --------------------------------------------------------------------
    def update_for(self, seat: int | None, lang: str, since: int) -> str:
        """The JSON text of the update for ``seat`` following sequence number ``since``."""
        key = (seat, lang, since)
        cached = self._cache.get(key)
        if cached is None:
            cached = encode(self.build_update(seat, lang, since))
            if len(self._cache) > 32:
                self._cache.clear()
            self._cache[key] = cached
        return cached

    def build_update(self, seat: int | None, lang: str, since: int) -> Update:
        upto = self.stored
        steps = self.told_steps(since, upto)
        update = seat_update(
            self.game,
            self.match,
            seat,
            lang,
            seq=upto,
            steps=steps,
            status=self.status,
            playing=self.status == PLAYING,
            names=self.names(),
            shared=self.shared,
        )
        if since < self.resumed_at:
            update.resync = True  # the events before the snapshot are not kept
        update.undos = self.undos
        update.undo = seat is not None and self.may_undo(seat)
        if self.stood_in:
            update.stand_in = [StandIn(s.seq, s.seat) for s in steps if s.seq in self.stood_in]
        if self.clocks is not None:
            update.clock = self.clocks.view(time.monotonic())
        if self.forfeit is not None:
            update.over, update.to_act = True, []
            words = texts(self.game, lang, self.names())
            update.outcome = self.forfeit.outcome(self.game.players, words)
        return update

    async def push(self, listener: Listener, *, force: bool = False) -> None:
        """Send ``listener`` the update it lacks (nothing when it is up to date). The
        position's worded texts stay while a person seat has not been told it (its person
        connecting next reads the same events: a new table's setup)."""
        await self._push(listener, force)
        self._cache.clear()
        if all(self.told[row.seat] >= self.stored for row in self.seats if row.kind == "person"):
            self.shared.clear()
        self._let_go()

    async def push_all(self, *, force: bool = False) -> None:
        """Send every listener the update it lacks, each made once per seat and language;
        then forget what was made (an idle table keeps no encoded update)."""
        listeners = list(self.listeners)
        if not listeners:  # nothing made: what untold people will need stays (``push``)
            self._let_go()
            return
        # Each listener but the last in a task of its own, the last in this one: a
        # connection that cannot take its update yet holds up no other.
        others = [asyncio.ensure_future(self._push(each, force)) for each in listeners[:-1]]
        try:
            await self._push(listeners[-1], force)
        finally:
            for task in others:
                await task
        self._forget()
        self._let_go()

    async def _push(self, listener: Listener, force: bool) -> None:
        async with listener.lock:
            if self.stored != self.match.seq:
                return  # steps not yet stored are told by the push that follows the commit
            if listener.since >= self.stored and not force:
                return
            text = self.update_for(listener.seat, listener.lang, listener.since)
            listener.since = self.stored
            if listener.seat is not None:
                self.told[listener.seat] = self.stored
            with contextlib.suppress(Exception):
                await listener.send(text)

    def set_status(self, status: str) -> None:
        self.status = status
        self._forget()

    async def notice_all(self) -> None:
        text = encode(TableNotice(self.status, self.rematch))
        for listener in list(self.listeners):
            with contextlib.suppress(Exception):
                await listener.send(text)

    # -- bots -----------------------------------------------------------------------------------
    def choice_stands(self, seat: int, seq: int) -> bool:
        """Whether a choice ``seat`` made against ``seq`` may still be submitted."""
        return seq == self.seq or self.sealed_since(seat, seq)

    def bot_seats(self) -> list[int]:
        if self.status != PLAYING or self.stored != self.seq:
            return []
        return [
            s
            for s in self.match.to_act()
            if s != CHANCE and (self.seats[s].kind == "bot" or s in self.away or self._overdue(s))
        ]

    def _overdue(self, seat: int) -> bool:
        """Whether the stand-in bot plays ``seat`` because its time ran out (``bot``)."""
        clocks = self.clocks
        return clocks is not None and not clocks.rule.forfeits and seat in clocks.overdue

    def deciding_people(self) -> frozenset[int]:
        """The person seats that must decide now (none unless the table is playing)."""
        if self.status != PLAYING:
            return frozenset()
        return frozenset(
            s for s in self.match.to_act() if s != CHANCE and self.seats[s].kind == "person"
        )

    def listened(self, seat: int) -> bool:
        """Whether the person of ``seat`` is connected."""
        return any(listener.seat == seat for listener in self.listeners)

    def bot_job(self, seat: int) -> BotJob:
        """What a worker needs to choose for ``seat``: a determinization, never the state."""
        rng = self.match.bot_rng(seat)
        determinize = derived_rng(self.row.seed, DETERMINIZE, seat, self.seq)
        return BotJob(
            game=self.game.spec.id,
            players=self.game.players,
            options=tuple(sorted(self.game.options.items())),
            state=self.match.perspective(seat).resample(determinize).to_json(),
            seat=seat,
            bot=self.seats[seat].bot or self.stand_in,
            seed=rng.getrandbits(63),
        )

    def fallback_action(self, seat: int) -> int:
        """A random legal action: what a bot that overran its time limit plays."""
        rng = self.match.bot_rng(seat)
        return self.game.action_id(rng.choice(self.match.legal_actions(seat)))

    def close(self) -> None:
        if self.status != FINISHED:
            self.set_status(CLOSED)
        for task in self.bot_tasks.values():
            task.cancel()
        self.bot_tasks.clear()


_NOTATION_BITS = (1 << 64) - 1


def _sent_key(seat: int, cid: str) -> int:
    """A seat's client id as a 128-bit number (:attr:`LiveTable.sent_ids`)."""
    digest = hashlib.blake2b(f"{seat}:{cid}".encode(), digest_size=16).digest()
    return int.from_bytes(digest, "big")


def _sent_value(seq: int, notation: str) -> int:
    """An action's sequence number and a 64-bit digest of its notation, in one int."""
    digest = hashlib.blake2b(notation.encode(), digest_size=8).digest()
    return seq << 64 | int.from_bytes(digest, "big")


def _snapshot_text(match: Match) -> str:
    """The JSON text of ``match``'s current state (every secret in it: store only)."""
    return _state_text(match.snapshot())


def _state_text(state: State) -> str:
    """The JSON text of a state's snapshot (for the store, or a bot's determinization)."""
    return json.dumps(state.to_json(), separators=(",", ":"), sort_keys=True)


def _from_snapshot(store: Store, row: TableRow, record: Record) -> Match | None:
    """The match from the table's latest snapshot and the record's actions after it;
    ``None`` when there is none, or it is one this engine cannot read (another rules
    version, format or field set)."""
    latest = store.latest_snapshot(row.id)
    if latest is None:
        return None
    seq, text = latest
    try:
        game = configured(row.game, row.players, row.options)
        state = game.state_from_json(json.loads(text))
        return Match.restore(game, record, state, seq)
    except (RecordError, ValueError):
        return None


_games: dict[tuple[str, int, tuple[tuple[str, str], ...]], Game] = {}


def configured(game_id: str, players: int, options: dict[str, str]) -> Game:
    """The configured game, made once per configuration and shared by the tables that play
    it (a game holds no match's state; making one builds its action index anew)."""
    key = (game_id, players, tuple(sorted(options.items())))
    game = _games.get(key)
    if game is None:
        if len(_games) >= 256:
            _games.clear()
        game = _games[key] = load(game_id, players, options)
    return game
