"""The server's tables: creating, joining, inviting, leaving, rematches, resuming, moves.

:class:`TableService` owns the store, the group-commit writer, the bot pool and the live
tables. It is the only code that changes a table; the HTTP and WebSocket handlers in
``app`` call it. Table life: ``open`` until every person seat is taken, then ``playing``,
then ``finished`` (or ``closed`` when shut down early). A rematch plays at once, its
person seats taken again as their people come back (each seat's clock waits for them).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from sqlalchemy.exc import SQLAlchemyError

from saqqara.ai.registry import available_bots, make_bot
from saqqara.core.errors import SaqqaraError
from saqqara.core.forfeit import Forfeit
from saqqara.core.game import CHANCE
from saqqara.core.match import Match
from saqqara.core.records import Record, RecordedAction
from saqqara.core.registry import load
from saqqara.server.bots import BotPool
from saqqara.server.clocks import ClockRule
from saqqara.server.hints import AskedHint, HintAnswer, HintJob, hint_budget, hint_seed
from saqqara.server.lease import Leases
from saqqara.server.live import SNAPSHOT_EVERY, LiveTable
from saqqara.server.messages import UNDO_OFF, CreateTable, Invite, Join, SeatKey, Undone, encode
from saqqara.server.metrics import Metrics
from saqqara.server.names import check_unique, clean_name, unique_name
from saqqara.server.refusal_texts import (
    BAD_SEAT_KEY,
    BAD_SPECTATOR_KEY,
    HINT_STALE,
    HINTS_OFF,
    MOVED,
    NO_TABLE,
    NOT_STARTED,
    NOT_YOUR_DECISION,
)
from saqqara.server.reviews import Reviews
from saqqara.server.writer import Writer
from saqqara.store import (
    CLOSED,
    FINISHED,
    OPEN,
    PLAYING,
    SeatRow,
    Store,
    TableRow,
    hash_secret,
    new_secret,
    secret_matches,
)
from saqqara.store.ratings import Ratings

if TYPE_CHECKING:  # server/push.py reads accounts, which read this module
    from saqqara.server.push import TurnPush


class TableError(SaqqaraError):
    """A table request that cannot be served: unknown table, wrong key, seat taken."""

    code = "bad-table"


class StoreFailed(SaqqaraError):
    """The store could not be written or read: nothing was played (send it again)."""

    code = "store-failed"


STORE_ERRORS = (SQLAlchemyError, OSError)

LOG = logging.getLogger("saqqara.server")

RATING_TRIES = 3
RATING_RETRY_AFTER = 2.0
"""A table's rating is tried this many times, this many seconds apart, while the store
refuses it; then it waits for the next start (``TableService.settle_ratings``)."""
RATING_CLOSE_WAIT = 5.0
"""Seconds a closing server waits for the ratings under way."""
"""What a store that cannot be reached raises (its driver's errors, wrapped by SQLAlchemy)."""

EXPIRE_OPEN_AFTER = 24 * 3600.0
"""Seconds after which an open table nobody sits at is closed, unless told otherwise
(``saqqara serve --expire-open-after HOURS``)."""

ARRIVAL_WAIT = 30.0
"""Seconds a request waits for a takeover of its table under way here before it is
answered ``store-failed`` (the database the takeover waits on is that slow: try again)."""

RESTORE_EVERY = 2.0
"""Seconds between tries to read back a table set aside because the store failed."""

TUTORIAL_KEPT = 3 * 3600.0
"""Seconds a tutorial's table is kept after it was made (a lesson takes minutes): then it
is removed from the store, unless someone is still at it (:meth:`TableService.sweep_tutorials`)."""

TUTORIAL_SWEEP_EVERY = 600.0
"""Seconds between two looks for tutorial tables to remove."""


@dataclass(frozen=True, slots=True)
class Links:
    """A new table's secrets: one key per person seat, the spectator key, and the host
    key (its creator's, to invite people to free seats)."""

    table: str
    keys: dict[int, str]
    spectator: str
    host: str


def is_open(seat: SeatRow) -> bool:
    """Whether anyone may take ``seat`` from the lobby: a person seat not yet taken with
    no link out (made open, or given up before the start)."""
    return seat.kind == "person" and not seat.claimed and seat.secret_hash is None


def seat_info(seat: SeatRow) -> dict[str, Any]:
    """What anyone may know of a seat (never its secret): ``open``, whether it may be
    taken from the lobby (:func:`is_open`)."""
    return {
        "seat": seat.seat,
        "kind": seat.kind,
        "name": seat.name,
        "bot": seat.bot,
        "taken": seat.claimed,
        "open": is_open(seat),
    }


def default_bot(game_id: str) -> str:
    """The bot that takes over a seat: the game's heuristic or greedy bot, else random."""
    have = available_bots(game_id)
    return next((name for name in ("heuristic", "greedy") if name in have), "random")


class TableService:
    """Every table of one server."""

    def __init__(
        self,
        store: Store,
        bots: BotPool | None = None,
        *,
        snapshot_every: int = SNAPSHOT_EVERY,
        expire_open_after: float | None = None,
        tutorial_kept: float = TUTORIAL_KEPT,
    ) -> None:
        if snapshot_every < 1:
            raise ValueError(f"snapshot_every must be at least 1, not {snapshot_every}")
        if expire_open_after is not None and not expire_open_after > 0:
            raise ValueError(f"expire_open_after must be above 0, not {expire_open_after}")
        self.store = store
        self.snapshot_every = snapshot_every
        self.expire_open_after = expire_open_after
        """Seconds after which an open table nobody sits at is closed (:meth:`abandoned`);
        ``None``: never."""
        self.expired = 0
        """Open tables closed because nobody sat at them (:meth:`abandoned`)."""
        self.tutorial_kept = tutorial_kept
        """Seconds a tutorial's table is kept after it was made (:meth:`sweep_tutorials`)."""
        self.tutorials_removed = 0
        """Tutorial tables removed from the store (over, or kept long enough)."""
        self._sweep_timer: asyncio.TimerHandle | None = None
        self._expiry_timers: dict[str, asyncio.TimerHandle] = {}
        self.writer = Writer(store)
        self.bots = bots or BotPool()
        self.reviews = Reviews(self.bots.review)
        """Finished tables' reviews, worked out in the bot pool and kept in memory."""
        self.metrics = Metrics()
        """The figures of ``/metrics`` (``server/metrics.py``)."""
        self.writer.on_commit = self.metrics.commit_seconds.observe
        self.live: dict[str, LiveTable] = {}
        self._away_timers: dict[tuple[str, int], asyncio.TimerHandle] = {}
        self._clock_timers: dict[str, asyncio.TimerHandle] = {}
        self._searches: dict[tuple[str, str], bool] = {}
        """Whether a bot (by game and name) searches: see :func:`searches`."""
        self.accepted = 0
        """Actions accepted since start (seats' and bots', not chance): for monitoring."""
        self.replayed = 0
        """Logged steps replayed to resume the tables at start (those after snapshots)."""
        self.store_failures = 0
        """Writes the store refused (each answered ``store-failed``): for monitoring."""
        self.aside: dict[str, LiveTable] = {}
        """Tables whose write failed while the store could not be read back either: out of
        :attr:`live` (nothing of them is told or played) until the store answers again;
        their listeners wait here and are told the table as the store holds it then."""
        self._restore_timers: dict[str, asyncio.TimerHandle] = {}
        self.leases: Leases | None = None
        """In a site of many processes (``server/cluster.py``), the tables this one owns:
        it opens a table only under its lease. ``None``: one process owns every table."""
        self._arriving: dict[str, asyncio.Future[None]] = {}
        """Tables being taken over here (:meth:`arriving`): :meth:`table` waits for them."""
        self.ratings = Ratings(store)
        """The accounts' ratings: a rated table is rated as it finishes (:meth:`rate`)."""
        self.rating: set[asyncio.Future[Any]] = set()
        """Ratings under way on worker threads (awaited by :meth:`close`)."""
        self.push: TurnPush | None = None
        """Web Push of turns to players with no page open at their table
        (``server/push.py``; ``None``: none sent)."""

    # -- life cycle -----------------------------------------------------------------------
    async def resume_all(self) -> int:
        """Load every unfinished table from the store; bots carry on. Returns the count.
        Tutorial tables kept long enough are removed first, and then every
        :data:`TUTORIAL_SWEEP_EVERY` seconds (:meth:`sweep_tutorials`)."""
        await self.sweep_tutorials()
        for row in self.store.tables_with_status(OPEN, PLAYING):
            if not self.abandoned(row):
                await self.resume(row)
        return len(self.live)

    # -- tutorial tables ------------------------------------------------------------------
    async def sweep_tutorials(self) -> int:
        """Remove from the store every tutorial table made :attr:`tutorial_kept` seconds
        ago or more that nobody is at now (a live one leaves memory first; one another
        process of the site serves is left to its next look), and look again in
        :data:`TUTORIAL_SWEEP_EVERY` seconds. Returns how many were removed."""
        if self._sweep_timer is not None:
            self._sweep_timer.cancel()
        loop = asyncio.get_running_loop()
        self._sweep_timer = loop.call_later(TUTORIAL_SWEEP_EVERY, self._sweep_due)
        now = time.time()
        try:
            old = self.store.old_tutorials(now - self.tutorial_kept, now)
        except STORE_ERRORS:
            return 0  # the next look tries again
        gone = [table_id for table_id in old if self._leave_tutorial(table_id)]
        return await self._remove_tutorials(gone)

    def _sweep_due(self) -> None:
        self._sweep_timer = None
        asyncio.ensure_future(self.sweep_tutorials()).add_done_callback(_ignore)

    def _leave_tutorial(self, table_id: str) -> bool:
        """Whether a tutorial table may go now: nobody listens to it here (then it leaves
        memory)."""
        table = self.live.get(table_id)
        if table is not None and (table.listeners or table.bot_tasks):
            return False
        self.forget(table_id)
        return True

    async def _remove_tutorials(self, table_ids: list[str]) -> int:
        if not table_ids:
            return 0
        try:
            removed = await self.writer.call(self.store.delete_tutorial_tables, table_ids)
        except STORE_ERRORS:
            return 0  # kept until the next look
        self.tutorials_removed += removed
        return removed

    def abandoned(self, row: TableRow) -> bool:
        """Close the table ``row`` in the store if nobody sat at it for
        :attr:`expire_open_after` seconds: still ``open`` (never started) that long after
        it was made, and no person seat taken (by its link, from the lobby, or by a join;
        bot seats do not count); whether it was closed. Such a table is not loaded again.
        Store reads and one conditional write, by the table's owner: any thread."""
        limit = self.expire_open_after
        if limit is None or row.status != OPEN or time.time() - row.created_at < limit:
            return False
        if not self.store.close_abandoned(row.id, time.time() - limit):
            return False
        self.expired += 1
        return True

    async def resume(self, row: TableRow) -> LiveTable:
        """Load one unfinished table from the store and carry on (at start, or when this
        process takes over a table whose owner died). A table already live here is the
        one live object of its id: it is returned as it is, never loaded a second time."""
        existing = self.live.get(row.id)
        if existing is not None:
            return existing
        table = self._adopt(LiveTable.open(self.store, row, self.snapshot_every))
        self.live[row.id] = table
        self.replayed += table.replayed
        table.tick_clocks(())
        if table.clocks is not None and table.match.history:
            last = table.match.history[-1].seat
            table.clocks.resumed(None if last == CHANCE else last, time.monotonic())
        _resume_taken_back(table)
        async with table.lock:
            await self._store_and_tell(table)  # chance due after the last stored step
        await self._start_if_due(table)
        for seat in range(len(table.seats)):
            self.watch_absence(table, seat)  # nobody is connected yet
        self.watch_expiry(table)
        return table

    @contextlib.contextmanager
    def arriving(self, table_id: str) -> Iterator[None]:
        """Around a takeover (``server/cluster.py``: the table's lease taken, its row read,
        then :meth:`resume`), all of which wait on the database: meanwhile :meth:`table`
        waits for the takeover to end rather than open a copy of its own, so a connection
        arriving then is seated at the one live table, whatever the order of events."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._arriving[table_id] = done
        try:
            yield
        finally:
            if self._arriving.get(table_id) is done:
                del self._arriving[table_id]
            done.set_result(None)

    def forget(self, table_id: str) -> None:
        """Stop serving a table whose lease this process lost: its timers and bots stop
        and it leaves memory (the store and the new owner keep it)."""
        for key in [key for key in self._away_timers if key[0] == table_id]:
            self._away_timers.pop(key).cancel()
        timer = self._clock_timers.pop(table_id, None)
        if timer is not None:
            timer.cancel()
        expiry = self._expiry_timers.pop(table_id, None)
        if expiry is not None:
            expiry.cancel()
        restore = self._restore_timers.pop(table_id, None)
        if restore is not None:
            restore.cancel()
        table = self.live.pop(table_id, None) or self.aside.pop(table_id, None)
        if table is not None:
            table.close()

    def _own(self, table_id: str) -> None:
        """In a site of many processes, take the table's lease (or refuse: another
        process serves it)."""
        if self.leases is not None and not self.leases.acquire(table_id):
            raise TableError(MOVED, code="moved")

    async def close(self) -> None:
        timers = [*self._away_timers.values(), *self._clock_timers.values()]
        for timer in [*timers, *self._restore_timers.values(), *self._expiry_timers.values()]:
            timer.cancel()
        if self._sweep_timer is not None:
            self._sweep_timer.cancel()
        for table in self.live.values():
            table.close()
        self.reviews.close()
        self.bots.close()
        if self.rating:  # ratings under way finish before the store closes (or stop:
            # the store keeps their tables unsettled, and the next start rates them)
            _, waiting = await asyncio.wait(list(self.rating), timeout=RATING_CLOSE_WAIT)
            for task in waiting:
                task.cancel()
        await asyncio.to_thread(self.writer.close)
        self.store.close()

    # -- tables -----------------------------------------------------------------------------
    async def create(
        self,
        request: CreateTable,
        account: str | None = None,
        owners: Mapping[int, str] | None = None,
        *,
        seed: int | None = None,
        tutorial: str | None = None,
    ) -> Links:
        """A new table; ``account`` (the signed-in creator's) owns the seat ``mine``, and
        each account of ``owners`` its seat (play now seats each signed-in seeker's).
        ``seed``: the table's seed, for a tutorial's scripted game (never from a request;
        ``None``: a secret random one); ``tutorial``: the lesson (``game/lesson``) of a
        tutorial's table, which is removed in time (:meth:`sweep_tutorials`)."""
        try:
            game = load(request.game, len(request.seats), request.options)
        except SaqqaraError as exc:
            raise TableError(exc.message, code=exc.code) from None
        keys: dict[int, str] = {}
        rows: list[SeatRow] = []
        given = _given_names(request)
        for seat, wanted in enumerate(request.seats):
            if wanted.kind == "person" and wanted.bot is not None:
                raise TableError(
                    f"seat {seat} is a person's: a bot ({wanted.bot[:20]!r}) is only for a "
                    "bot seat",
                    code="bad-request",
                )
            if wanted.kind == "bot" and wanted.open:
                raise TableError(
                    f"seat {seat} is a bot's: only a person seat is left open",
                    code="bad-request",
                )
            if wanted.kind == "bot":
                bot = wanted.bot or default_bot(game.spec.id)
                try:
                    agent = make_bot(bot, game)
                except SaqqaraError as exc:  # no such bot, or a parameter it does not take
                    raise TableError(exc.message, code="unknown-bot") from None
                self._searches[(game.spec.id, bot)] = searches(agent)
                thinks = least_think_time(agent)
                if thinks is not None and thinks > self.bots.move_limit:
                    raise TableError(
                        f"{bot} thinks at least {thinks:g} s a move; a bot here has at most "
                        f"{self.bots.move_limit:g} s",
                        code="bot-too-slow",
                    )
                name = given.get(seat) or unique_name(bot, _names(rows, given))
                rows.append(SeatRow(seat, "bot", name, bot=bot, claimed=True))
            else:
                name = given.get(seat) or unique_name(f"Player {seat + 1}", _names(rows, given))
                secret_hash = None  # an open seat: no link until someone takes it
                if not wanted.open:
                    keys[seat] = new_secret()
                    secret_hash = hash_secret(keys[seat])
                owner = None if owners is None else owners.get(seat)
                if request.mine == seat:
                    if account is None:
                        raise TableError(
                            "sign in to keep a seat as yours (mine)", code="not-signed-in"
                        )
                    if wanted.open:
                        raise TableError(
                            f"seat {seat} is left open: your own seat has a link",
                            code="bad-request",
                        )
                    owner = account
                rows.append(
                    SeatRow(
                        seat,
                        "person",
                        name,
                        secret_hash=secret_hash,
                        lang=wanted.lang,
                        account=owner,
                    )
                )
        if request.mine is not None and request.mine >= len(rows):
            raise TableError(f"this table has no seat {request.mine}", code="bad-request")
        if request.mine is not None and rows[request.mine].kind != "person":
            raise TableError(f"seat {request.mine} is a bot's", code="bad-request")
        _check_rated(request, rows)
        spectator, host = new_secret(), new_secret()
        table_id = secrets.token_hex(8)
        self._own(table_id)
        row = TableRow(
            id=table_id,
            game=game.spec.id,
            players=game.players,
            rules_version=game.spec.rules_version,
            options=dict(game.options),
            seed=secrets.randbits(62) if seed is None else seed,
            status=OPEN if any(r.kind == "person" for r in rows) else PLAYING,
            public=request.public,
            spectator_hash=hash_secret(spectator),
            created_at=time.time(),
            settings=_settings(request),
            host_hash=hash_secret(host),
            tutorial=tutorial,
        )
        table = await self._store_new(row, rows)
        self.live[row.id] = table
        async with table.lock:
            await self._store_and_tell(table)  # tells the setup, stored with the table
        await self._start_if_due(table)
        self.watch_expiry(table)
        return Links(row.id, keys, spectator, host)

    async def _store_new(self, row: TableRow, rows: list[SeatRow]) -> LiveTable:
        """A new table (its setup chance drawn), stored with its seats and its setup's
        steps in one transaction; nothing of it told yet."""
        table = self._adopt(LiveTable.new(row, rows))
        setup = table.unstored()
        if table.match.is_over() or table.due_snapshot() is not None:
            setup = []  # stored as any steps are, with the status or snapshot they bring
        await self.writer.call(self.store.create_table, row, rows, setup)
        if setup:
            drawn = list(table.match.history)
            table.stored_up_to(setup)
            if row.rematch_of is not None:
                table.hold_setup(drawn)
        return table

    def _adopt(self, table: LiveTable) -> LiveTable:
        table.stand_in = default_bot(table.game.spec.id)
        table.snapshot_every = self.snapshot_every
        return table

    async def table(self, table_id: str) -> LiveTable:
        """The one live object of table ``table_id``: the one in memory, else (once a
        takeover under way here has ended, see :meth:`arriving`) the table loaded from the
        store, an unfinished one resumed (bots, clocks) as at a takeover."""
        while (table := self.live.get(table_id)) is None:
            arriving = self._arriving.get(table_id)
            if arriving is None:
                return await self._load(table_id)
            try:
                await asyncio.wait_for(asyncio.shield(arriving), ARRIVAL_WAIT)
            except TimeoutError:
                message = "the table is still being taken over here; try again"
                raise StoreFailed(message) from None
        return table

    async def _load(self, table_id: str) -> LiveTable:
        """A table not in memory, loaded: read, owned and made live with no pause between
        (a second caller finds it in :attr:`live`)."""
        aside = self.aside.get(table_id)
        if aside is not None:
            return self._restore(aside)
        try:
            row = self.store.table(table_id) if len(table_id) <= 32 else None
            if row is None:
                raise TableError(NO_TABLE.format(table=repr(table_id[:40])), code="no-table")
            self._own(table_id)
            if self.abandoned(row):
                row = replace(row, status=CLOSED)
            if row.status in (OPEN, PLAYING):
                return await self.resume(row)  # in :attr:`live` before its first pause
            table = self._adopt(LiveTable.open(self.store, row, self.snapshot_every))
        except STORE_ERRORS:
            raise StoreFailed("the table could not be read from the store") from None
        self.live[table_id] = table
        return table

    def release(self, table: LiveTable) -> None:
        """Drop a finished table nobody listens to from memory (the store keeps it, but
        for a tutorial's table: that is removed)."""
        idle = not table.listeners and not table.bot_tasks
        if table.status in (FINISHED, CLOSED) and idle and self.live.get(table.id) is table:
            del self.live[table.id]
            if self.leases is not None:
                self.leases.release(table.id)
            if table.row.tutorial is not None:
                removing = asyncio.ensure_future(self._remove_tutorials([table.id]))
                removing.add_done_callback(_ignore)

    def describe(self, table: LiveTable) -> dict[str, Any]:
        """What anyone may know of a table (never a secret)."""
        return {
            "id": table.id,
            "game": table.game.spec.id,
            "players": table.game.players,
            "options": dict(table.game.options),
            "status": table.status,
            "public": table.row.public,
            "seq": table.seq,
            "rematch": table.rematch,
            "forfeit": None if table.forfeit is None else table.forfeit.to_json(),
            "undo": bool(table.row.settings.get("undo")),
            "hints": bool(table.row.settings.get("hints")),
            "spectator_chat": bool(table.row.settings.get("spectator_chat")),
            "rated": bool(table.row.settings.get("rated")),
            "rated_with_bots": bool(table.row.settings.get("rated_with_bots")),
            "clock": table.row.settings.get("clock"),
            "seats": [seat_info(s) for s in table.seats],
        }

    def finished_record(self, table: LiveTable) -> Record:
        """The record of a table whose game is over, or that ended by forfeit (with its
        forfeit, so the record replays to the same end); ``not-over`` otherwise."""
        if table.forfeit is None and not table.match.is_over():
            raise TableError("the game is not over yet", code="not-over")
        return replace(table.match.record, forfeit=table.forfeit)

    def lobby(self) -> list[dict[str, Any]]:
        """Public tables with an open seat, oldest first."""
        return [
            self.describe(t)
            for t in self.live.values()
            if t.status == OPEN and t.row.public and any(map(is_open, t.seats))
        ]

    def check_seat(
        self, table: LiveTable, seat: int, key: str | None, account: str | None = None
    ) -> None:
        """The seat's key, or (``key`` left out) the seat's own account signed in:
        ``bad-key`` alike for a wrong key, a seat of another account or of nobody."""
        if 0 <= seat < len(table.seats):
            row = table.seats[seat]
            if key is not None and secret_matches(key, row.secret_hash):
                return
            if key is None and account is not None and row.account == account:
                return
        raise TableError(BAD_SEAT_KEY, code="bad-key")

    def check_spectator(self, table: LiveTable, key: str | None) -> None:
        """A spectator's key: none is needed at a public table, but one given must be the
        table's (a wrong key is refused everywhere, as a wrong seat key is)."""
        if not key and table.row.public:
            return
        if key is None or not secret_matches(key, table.row.spectator_hash):
            raise TableError(BAD_SPECTATOR_KEY, code="bad-key")

    async def join(
        self, table_id: str, request: Join, account: str | None = None
    ) -> tuple[int, str | None]:
        """Take a seat: by its link (seat and key), or the first open one of a public table
        (a person seat with no link: made open, or given up before the start); a seat
        whose link is out stays its holder's. With ``account`` (the signed-in player's),
        a seat of that account's is taken without its key, and the seat taken becomes the
        account's unless it is another's.

        Returns the seat and, when the server chose it, the new key for it.
        """
        if (request.seat is None) != (request.key is None) and account is None:
            raise TableError(
                "a seat and its key go together (both from the seat's link), or neither "
                "(the first open seat of a public table)",
                code="bad-request",
            )
        table = await self.table(table_id)
        fresh: str | None = None
        if request.seat is not None:
            self.check_seat(table, request.seat, request.key, account)
            seat = request.seat
        elif request.key is not None:
            raise TableError("a key goes with its seat", code="bad-request")
        else:
            free = [s.seat for s in table.seats if is_open(s)]
            if not table.row.public or not free or table.status != OPEN:
                raise TableError("this table has no free seat to join", code="no-seat")
            seat, fresh = free[0], new_secret()
        current = table.seats[seat]
        values: dict[str, Any] = {"claimed": True, "lang": request.lang}
        if request.name is not None:
            values["name"] = clean_name(request.name)
            check_unique(values["name"], [s.name for s in table.seats if s.seat != seat])
        if fresh is not None:
            values["secret_hash"] = hash_secret(fresh)
        if account is not None and current.account is None:
            values["account"] = account  # the signed-in player's from now on
        stored = {("account_id" if k == "account" else k): v for k, v in values.items()}
        self.store.update_seat(table.id, seat, **stored)
        table.seats[seat] = replace(current, **values)
        await self._seat_taken(table, arrived=not current.claimed)
        return seat, fresh

    async def claim(self, table: LiveTable, seat: int) -> None:
        """A seat's holder connected with its link: the seat is taken."""
        if not table.seats[seat].claimed:
            # Written by the writer thread, so the event loop never waits on the disk; the
            # table goes on at once (a start that follows is written after it), so nothing
            # else happens at the table between the seat taken and what that sets off.
            table.seats[seat] = replace(table.seats[seat], claimed=True)
            written = self.writer.submit(self.store.update_seat, table.id, seat, claimed=True)
            await self._seat_taken(table, arrived=True)
            await written

    async def _seat_taken(self, table: LiveTable, *, arrived: bool) -> None:
        """A person took their seat: an open table starts once every seat is taken; at a
        rematch in play, the seat's clock starts running (``arrived``: it was not taken)."""
        if arrived and table.status == PLAYING and table.clocks is not None:
            async with table.lock:
                table.tick_clocks(())
                await table.push_all(force=True)  # everyone sees that clock run
        await self._start_if_due(table)

    async def invite(self, table_id: str, request: Invite) -> str:
        """A new key for a free person seat of a table not yet started, asked with the
        table's host key: the seat's earlier key (an unused invite) stops working. This is
        how a seat given up before the start is filled at a private table (a public one
        also offers it in the lobby). Returns the new key."""
        table = await self.table(table_id)
        if not secret_matches(request.host, table.row.host_hash):
            raise TableError("that host key is not valid for this table", code="bad-key")
        if not 0 <= request.seat < len(table.seats):
            raise TableError(f"this table has no seat {request.seat}", code="no-seat")
        row = table.seats[request.seat]
        if table.status != OPEN:
            raise TableError("the game has started: its seats are settled", code="no-seat")
        if row.kind != "person" or row.claimed:
            raise TableError("that seat is taken", code="no-seat")
        fresh = new_secret()
        hashed = hash_secret(fresh)
        self.store.update_seat(table.id, request.seat, secret_hash=hashed)
        table.seats[request.seat] = replace(row, secret_hash=hashed)
        return fresh

    async def leave(self, table_id: str, request: SeatKey, account: str | None = None) -> None:
        """Give up a seat. Before the start it becomes free again: its key stops working,
        and a new person may take it (from the lobby of a public table, or with a new link
        its host asks with :meth:`invite`); during the game a bot takes it over to the end,
        unless it was the last person seat: then the table is abandoned (closed, its bots
        stopped)."""
        table = await self.table(table_id)
        self.check_seat(table, request.seat, request.key, account)
        seat = table.seats[request.seat]
        if table.status == OPEN:
            values: dict[str, Any] = {"claimed": False, "secret_hash": None, "account": None}
        else:
            bot = default_bot(table.game.spec.id)
            values = {
                "kind": "bot",
                "bot": bot,
                "secret_hash": None,
                "name": f"{seat.name} ({bot})",
                "account": None,
            }
        if table.status == PLAYING and table.row.settings.get("rated") and seat.account:
            # Leaving a rated game in play loses it: the leaver is rated last at its end.
            left = {**table.row.settings.get("left", {}), str(request.seat): seat.account}
            settings = {**table.row.settings, "left": left}
            self.store.update_table(table.id, settings=json.dumps(settings))
            table.row = replace(table.row, settings=settings)
        stored = {("account_id" if k == "account" else k): v for k, v in values.items()}
        self.store.update_seat(table.id, request.seat, **stored)
        table.seats[request.seat] = replace(seat, **values)
        if table.status == PLAYING and all(s.kind == "bot" for s in table.seats):
            await self.abandon(table)
            return
        await table.notice_all()
        self.drive_bots(table)
        self.watch_expiry(table)  # nobody may be seated any more

    async def claim_seat(self, table_id: str, seat: int, key: str, account: str) -> None:
        """Make a guest seat (held by its link) the account's: ``bad-key`` for a wrong
        key, ``no-seat`` for a seat another account owns. Its link keeps working."""
        table = await self.table(table_id)
        self.check_seat(table, seat, key)
        row = table.seats[seat]
        if row.account == account:
            return
        if row.account is not None or row.kind != "person":
            raise TableError("that seat is another player's", code="no-seat")
        self.store.update_seat(table.id, seat, account_id=account)
        table.seats[seat] = replace(row, account=account)

    def forget_account(self, account: str) -> None:
        """A deleted account's seats at the live tables are no one's (the store's are
        cleared by the deletion), so a rematch made from memory does not bring it back."""
        for table in self.live.values():
            for row in table.seats:
                if row.account == account:
                    table.seats[row.seat] = replace(row, account=None)

    async def abandon(self, table: LiveTable) -> None:
        """Close a playing table nobody plays at any more: its bots' searches are
        cancelled, and no move is applied to it after this."""
        async with table.lock:
            self.store.update_table(table.id, status=CLOSED)
            table.close()
            timer = self._clock_timers.pop(table.id, None)
            if timer is not None:
                timer.cancel()
            table.tick_clocks(())
            await table.notice_all()
            await table.push_all(force=True)
        self.release(table)

    async def rematch(self, table_id: str, request: SeatKey, account: str | None = None) -> str:
        """A new table with the same seats (each person's link key and account carry
        over)."""
        table = await self.table(table_id)
        self.check_seat(table, request.seat, request.key, account)
        async with table.lock:  # one rematch, however many ask at once
            return await self._rematch(table)

    async def _rematch(self, table: LiveTable) -> str:
        if table.status != FINISHED:
            raise TableError("a rematch is offered once the game is over", code="not-over")
        if table.rematch is not None:
            return table.rematch
        game = table.game
        # The same seats, each person's until they come back to it (their clock waits).
        rows = [replace(s, claimed=s.kind != "person") for s in table.seats]
        new_id = secrets.token_hex(8)
        self._own(new_id)
        row = TableRow(
            id=new_id,
            game=game.spec.id,
            players=game.players,
            rules_version=game.spec.rules_version,
            options=dict(game.options),
            seed=secrets.randbits(62),
            status=PLAYING,
            public=table.row.public,
            spectator_hash=table.row.spectator_hash,
            created_at=time.time(),
            rematch_of=table.id,
            settings={k: v for k, v in table.row.settings.items() if k != "left"},
            host_hash=table.row.host_hash,
        )
        fresh = await self._store_new(row, rows)  # and links it from here
        table.rematch = row.id
        self.live[row.id] = fresh
        async with fresh.lock:
            await self._store_and_tell(fresh)
        await self._start_if_due(fresh)
        for seat in range(len(fresh.seats)):
            self.watch_absence(fresh, seat)  # it plays at once: its people are away till back
        await table.notice_all()
        return row.id

    async def _start_if_due(self, table: LiveTable) -> None:
        if table.status == OPEN and all(s.claimed for s in table.seats):
            table.set_status(PLAYING)
            table.tick_clocks(())
            await self.writer.call(self.store.update_table, table.id, status=PLAYING)
            await table.notice_all()
            await table.push_all(force=True)
            for seat in range(len(table.seats)):
                self.watch_absence(table, seat)
            self.signal_turns(table)
        self.drive_bots(table)
        self.schedule_clock(table)

    # -- open tables nobody sits at -----------------------------------------------------------
    def watch_expiry(self, table: LiveTable) -> None:
        """Close ``table`` (:meth:`abandoned`) once it is :attr:`expire_open_after` seconds
        old, if it is still open with nobody seated then."""
        limit = self.expire_open_after
        if limit is None or table.status != OPEN or table.id in self._expiry_timers:
            return
        delay = max(table.row.created_at + limit - time.time(), 0.0)
        loop = asyncio.get_running_loop()
        self._expiry_timers[table.id] = loop.call_later(delay, self._expiry_due, table.id)

    def _expiry_due(self, table_id: str) -> None:
        self._expiry_timers.pop(table_id, None)
        table = self.live.get(table_id)
        if table is not None and table.status == OPEN:
            task = asyncio.ensure_future(self._expire(table))
            task.add_done_callback(_ignore)

    async def _expire(self, table: LiveTable) -> None:
        """Close a live open table nobody sits at (tested again now, in memory and in the
        store in one step: a seat taken just before keeps it open); its spectators are
        told, and it leaves memory."""
        async with table.lock:
            seated = any(s.kind == "person" and s.claimed for s in table.seats)
            if self.live.get(table.id) is not table or table.status != OPEN or seated:
                return
            try:
                closed = self.abandoned(table.row)
            except STORE_ERRORS:
                return  # closed at the next start or takeover instead
            if not closed:
                return
            table.close()
            await table.notice_all()
            await table.push_all(force=True)
        self.release(table)

    # -- absent people -----------------------------------------------------------------------
    def watch_absence(self, table: LiveTable, seat: int | None) -> None:
        """Start the clock on a person seat nobody is connected to (``away_after``)."""
        limit = table.row.settings.get("away_after")
        if seat is None or limit is None or table.seats[seat].kind != "person":
            return
        if table.listened(seat) or table.status != PLAYING:
            return
        key = (table.id, seat)
        if key in self._away_timers:
            self._away_timers.pop(key).cancel()
        loop = asyncio.get_running_loop()
        self._away_timers[key] = loop.call_later(float(limit), self._gone, table.id, seat)

    def _gone(self, table_id: str, seat: int) -> None:
        self._away_timers.pop((table_id, seat), None)
        table = self.live.get(table_id)
        if table is not None and table.status == PLAYING and not table.listened(seat):
            table.away.add(seat)
            self.drive_bots(table)

    def returned(self, table: LiveTable, seat: int) -> None:
        """The person of ``seat`` is back: their clock stops and the stand-in bot leaves."""
        timer = self._away_timers.pop((table.id, seat), None)
        if timer is not None:
            timer.cancel()
        table.away.discard(seat)
        thinking = table.bot_tasks.get(seat)
        if thinking is not None and seat not in table.bot_seats():
            del table.bot_tasks[seat]
            thinking.cancel()  # the person plays again: the stand-in stops thinking

    # -- moves --------------------------------------------------------------------------------
    async def submit(
        self,
        table: LiveTable,
        seat: int,
        action_id: int,
        expected_seq: int | None,
        cid: str | None,
        undos: int | None = None,
    ) -> int:
        """Apply and store a seat's action; returns its sequence number (the ack).

        A client id is checked before anything is applied, from memory: one the seat used
        before is answered with the original sequence number when it names the same move
        (a resend: nothing is played) and refused as ``cid-reused`` when it names another.
        Raises :class:`SaqqaraError` (``IllegalAction`` with the game's code, ``stale``,
        ...); ``stale`` too for an action chosen before an undo (``undos``, when given). A
        table rebuilt while this waited for it is served as it now stands.
        """
        while True:
            async with table.lock:
                current = await self.current(table)
                if current is not table:
                    table = current
                    continue
                if cid is not None:
                    earlier = table.resend_of(seat, cid, action_id)
                    if earlier is not None:
                        return earlier
                steps = table.submit(seat, action_id, expected_seq, undos)
                await self._store_and_tell(table, cid)
                self.accepted += 1
                return steps[0].seq

    async def current(self, table: LiveTable) -> LiveTable:
        """The live object of ``table``'s id: ``table`` itself, or the one that replaced it
        (rebuilt from the store after a write failed, or loaded again once released);
        :class:`TableError` ``moved`` when another process serves it now."""
        live = self.live.get(table.id)
        return live if live is not None else await self.table(table.id)

    async def undo(self, table: LiveTable, seat: int, seq: int) -> None:
        """Take back ``seat``'s action ``seq`` (see :meth:`LiveTable.check_undo`): the store
        marks it undone, the table is rebuilt from the log without it, and every listener
        is sent ``undone`` and a fresh update."""
        table = await self.current(table)
        async with table.lock:
            if await self.current(table) is not table:  # rebuilt while this waited: again
                await self.undo(await self.current(table), seat, seq)
                return
            if not table.row.settings.get("undo"):
                raise TableError(UNDO_OFF, code="undo-off")
            table.check_undo(seat, seq)
            self.store.undo(table.id, seq)
            table.rebuild(self.store)
            if table.clocks is not None:
                table.clocks.rescind(seat, time.monotonic())
            table.tick_clocks(())
            _resume_taken_back(table)
            text = encode(Undone(seq, seat))
            for listener in list(table.listeners):
                async with listener.lock:
                    with contextlib.suppress(Exception):
                        await listener.send(text)
            await table.push_all(force=True)
            self.signal_turns(table)  # the seat that took its action back decides again
        self.drive_bots(table)
        self.schedule_clock(table)

    # -- hints ----------------------------------------------------------------------------
    def ask_hint(self, table: LiveTable, seat: int, seq: int) -> AskedHint:
        """Start (or join) the hint for ``seat``'s decision at ``seq``, the table's current
        update: worked out in the bot pool from the seat's view alone (``server/hints.py``)
        and kept for the position, so that asking again costs nothing. Refused (nothing
        started) with ``hints-off``, ``not-started``, ``game-over``, ``stale`` or
        ``not-your-turn``."""
        if not table.row.settings.get("hints"):
            raise TableError(HINTS_OFF, code="hints-off")
        if table.status == OPEN:
            raise TableError(NOT_STARTED, code="not-started")
        if table.status != PLAYING or table.forfeit is not None:
            raise TableError("the game is over", code="game-over")
        if seq != table.seq:
            raise TableError(HINT_STALE.format(now=table.seq, sent=seq), code="stale")
        match = table.match
        if table.stored != seq or seat not in match.to_act() or not match.legal_actions(seat):
            raise TableError(NOT_YOUR_DECISION, code="not-your-turn")
        key = (seat, seq, table.undos)
        asked = table.hints.get(key)
        if asked is None:
            for old in [k for k in table.hints if k[1:] != key[1:]]:
                del table.hints[old]  # another position's: nobody waits for it here
            game = table.game
            view = match.view(seat)
            job = HintJob(
                game=game.spec.id,
                players=game.players,
                options=tuple(sorted(game.options.items())),
                view=view,
                seat=seat,
                budget=hint_budget(game.spec.id),
                seed=hint_seed(table.id, seq, table.undos, seat),
            )
            answer = asyncio.ensure_future(self.bots.hint(job))
            answer.add_done_callback(_seen)
            asked = table.hints[key] = AskedHint(seq, table.undos, view, answer)
        return asked

    async def _store_and_tell(self, table: LiveTable, cid: str | None = None) -> None:
        """Write the table's unstored steps, then tell every listener and wake the bots."""
        rows = table.unstored(cid)
        if rows:
            finished = table.match.is_over()
            try:
                status = FINISHED if finished else None
                await self.writer.write(table.id, rows, status, table.due_snapshot())
            except Exception:
                if self.leases is not None and not self.leases.holds(table.id):
                    self.forget(table.id)  # another process took the table over
                    raise TableError(MOVED, code="moved") from None
                self.store_failures += 1
                # The store refused: the table goes back to what the store holds (its row
                # read again: the one the table opened with may show an earlier status),
                # or, when the store cannot even be read, waits aside until it can.
                try:
                    reloaded = self._reload(table)
                except STORE_ERRORS:
                    self._set_aside(table)
                else:
                    await reloaded.push_all()
                    self.drive_bots(reloaded)
                    self.schedule_clock(reloaded)
                raise StoreFailed("the move could not be stored; try again") from None
            table.stored_up_to(rows)
            if finished:  # after the last update: the `table` message saying it ended
                asyncio.get_running_loop().call_soon(self._tell, table, True)
                self.rate(table)
                return
        asyncio.get_running_loop().call_soon(self._tell, table)

    def _reload(self, table: LiveTable) -> LiveTable:
        """``table`` read back from the store in its place (its listeners and away seats
        kept); the store's error when it cannot be read."""
        return self._put_back(table, self._read_back(table))

    def _read_back(self, table: LiveTable) -> LiveTable:
        """``table`` as the store holds it (store reads only: any thread may call this)."""
        row = self.store.table(table.id) or table.row
        return self._adopt(LiveTable.open(self.store, row, self.snapshot_every))

    def _put_back(self, table: LiveTable, reloaded: LiveTable) -> LiveTable:
        """``reloaded`` serves in ``table``'s place, with its listeners and away seats."""
        reloaded.away = table.away
        reloaded.listeners = table.listeners
        self.aside.pop(table.id, None)
        self.live[table.id] = reloaded
        table.close()
        return reloaded

    def _set_aside(self, table: LiveTable) -> None:
        """The store failed and cannot be read: ``table`` (with moves in memory the store
        never took) leaves :attr:`live`, its bots and timers stop, and it is read back on
        the next request for it or every :data:`RESTORE_EVERY` seconds, whichever first."""
        if self.live.get(table.id) is table:
            del self.live[table.id]
        self.aside[table.id] = table
        for task in table.bot_tasks.values():
            task.cancel()
        table.bot_tasks.clear()
        for key in [key for key in self._away_timers if key[0] == table.id]:
            self._away_timers.pop(key).cancel()
        timer = self._clock_timers.pop(table.id, None)
        if timer is not None:
            timer.cancel()
        self._retry_restore(table.id)

    def _retry_restore(self, table_id: str) -> None:
        loop = asyncio.get_running_loop()
        self._restore_timers[table_id] = loop.call_later(RESTORE_EVERY, self._try_restore, table_id)

    def _try_restore(self, table_id: str) -> None:
        self._restore_timers.pop(table_id, None)
        table = self.aside.get(table_id)
        if table is not None:
            task = asyncio.ensure_future(self._restore_later(table))
            task.add_done_callback(_ignore)

    async def _restore_later(self, table: LiveTable) -> None:
        """Try to read a table set aside back, the store's reads on a thread (a database
        that hangs never holds the event loop); again later while it cannot be read."""
        try:
            reloaded = await asyncio.to_thread(self._read_back, table)
        except STORE_ERRORS:
            if self.aside.get(table.id) is table:
                self._retry_restore(table.id)
            return
        if self.aside.get(table.id) is table:  # not read back, nor forgotten, meanwhile
            self._restored(self._put_back(table, reloaded))

    def _restore(self, table: LiveTable) -> LiveTable:
        """A table set aside, read back from the store now that it answers (its listeners
        told the table as it stands); ``store-failed`` while it still cannot be read."""
        try:
            reloaded = self._reload(table)
        except STORE_ERRORS:
            raise StoreFailed("the table could not be read from the store") from None
        self._restored(reloaded)
        return reloaded

    def _restored(self, table: LiveTable) -> None:
        """A table read back after it waited aside goes on: its listeners are told it as
        it stands, its bots, clocks and away timers start again."""
        timer = self._restore_timers.pop(table.id, None)
        if timer is not None:
            timer.cancel()
        task = asyncio.ensure_future(table.push_all(force=True))
        task.add_done_callback(_ignore)
        self.drive_bots(table)
        self.schedule_clock(table)
        for seat in range(len(table.seats)):
            self.watch_absence(table, seat)
        self.watch_expiry(table)

    def _tell(self, table: LiveTable, finished: bool = False) -> None:
        task = asyncio.ensure_future(_push_and_notice(table) if finished else table.push_all())
        task.add_done_callback(_ignore)
        self.signal_turns(table)
        self.drive_bots(table)
        self.schedule_clock(table)
        self.release(table)

    def signal_turns(self, table: LiveTable) -> None:
        """The person seats whose turn has just begun (stored and told) and that nobody
        listens to are pushed their turn, when the seat is an account's and no stand-in
        bot plays it (``server/push.py``, on its own threads). Called where this process,
        the table's owner, tells a step, starts a table or takes an action back."""
        push = self.push
        if push is None or all(row.account is None for row in table.seats):
            # Nobody to push to: no step pays for working out whose turn began. A seat
            # claimed later by an account is signalled from the turn after its claim.
            table.signalled = frozenset()
            return
        deciding = table.deciding_people()
        began = deciding - table.signalled
        table.signalled = deciding
        if not began:
            return
        for seat in sorted(began):
            row = table.seats[seat]
            if row.account is not None and not table.listened(seat) and seat not in table.away:
                try:
                    push.turn(row.account, table.game.spec.id, table.id, seat, row.lang)
                except Exception:  # never into the game: the push is lost, the move stands
                    LOG.exception("a turn's push could not be started")

    # -- ratings ----------------------------------------------------------------------------
    def rate(self, table: LiveTable) -> None:
        """A table made rated has just finished (its end stored): rate it on a worker
        thread. The store rates a table once (``store/ratings.py``), so a finish told
        twice, or rated again by :meth:`settle_ratings`, changes nothing. A tutorial's
        table is never rated."""
        rated = table.row.settings.get("rated") and table.row.tutorial is None
        if not rated or table.status != FINISHED:
            return
        if table.forfeit is not None:
            ranks = list(table.forfeit.outcome(table.game.players)["ranks"])
        else:
            ranks = list(table.match.outcome().ranks)
        self._rate_off_loop(self.ratings.rate, table.id, ranks)

    async def settle_ratings(self) -> int:
        """Rate the finished rated tables left unrated (a process stopped between a
        table's end and its rating), on a worker thread: at start. How many there were."""
        unsettled = await asyncio.to_thread(self.ratings.unsettled)
        for table_id in unsettled:
            self._rate_off_loop(self._settle, table_id)
        return len(unsettled)

    def _settle(self, table_id: str) -> None:
        """Rate one finished table from its stored record (blocking: a worker thread)."""
        row = self.store.table(table_id)
        if row is None or row.status != FINISHED:
            return
        self.ratings.rate(table_id, stored_ranks(self.store, row))

    def _rate_off_loop(self, work: Any, *args: Any) -> None:
        task = asyncio.ensure_future(self._rate_patiently(work, *args))
        self.rating.add(task)
        task.add_done_callback(self._rated)

    async def _rate_patiently(self, work: Any, *args: Any) -> None:
        """``work(*args)`` on a worker thread, tried again while the store refuses (a
        SQLite file busy with the writer's commits, a database failing over)."""
        for attempt in range(RATING_TRIES):
            try:
                await asyncio.to_thread(work, *args)
                return
            except STORE_ERRORS:
                if attempt == RATING_TRIES - 1:
                    raise
                await asyncio.sleep(RATING_RETRY_AFTER)

    def _rated(self, task: asyncio.Future[Any]) -> None:
        self.rating.discard(task)
        if not task.cancelled() and task.exception() is not None:
            # The table stays unsettled in the store: the next start rates it.
            LOG.error("rating a table failed", exc_info=task.exception())

    # -- turn clocks ------------------------------------------------------------------------
    def schedule_clock(self, table: LiveTable) -> None:
        """Wake up when the table's next running clock runs out (none: no wake-up)."""
        timer = self._clock_timers.pop(table.id, None)
        if timer is not None:
            timer.cancel()
        due = table.clocks.deadline() if table.clocks is not None else None
        if due is None or table.status != PLAYING:
            return
        loop = asyncio.get_running_loop()
        delay = max(due - time.monotonic(), 0.0)
        self._clock_timers[table.id] = loop.call_later(delay, self._clock_out, table.id)

    def _clock_out(self, table_id: str) -> None:
        self._clock_timers.pop(table_id, None)
        table = self.live.get(table_id)
        if table is None or table.clocks is None or table.status != PLAYING:
            return
        late = table.clocks.expire(time.monotonic())
        if late and table.clocks.rule.forfeits:
            task = asyncio.ensure_future(self.forfeit(table, late))
            task.add_done_callback(_ignore)
            return
        if late:
            self.drive_bots(table)  # the stand-in bot plays the overdue decisions
        self.schedule_clock(table)

    async def forfeit(self, table: LiveTable, seats: list[int]) -> None:
        """``seats`` ran out of time at a table whose timeouts lose: unless they moved in
        the meantime, the table ends with them ranked last (stored before anyone is told)."""
        async with table.lock:
            clocks = table.clocks
            if table.status != PLAYING or clocks is None:
                return
            late = [s for s in seats if s in clocks.overdue and s in table.match.to_act()]
            if not late:
                return  # they moved just in time
            result = Forfeit.of(late, table.names())
            self.store.end_by_forfeit(table.id, result.to_json())
            table.forfeit = result
            table.set_status(FINISHED)
            table.close()  # its bots stop thinking
            table.tick_clocks(())
            await table.notice_all()
            await table.push_all(force=True)
        self.rate(table)
        self.release(table)

    # -- bots -----------------------------------------------------------------------------------
    def drive_bots(self, table: LiveTable) -> None:
        """Start a move for every bot seat that must act and has none under way."""
        for seat in table.bot_seats():
            running = table.bot_tasks.get(seat)
            if running is None or running.done():
                table.bot_tasks[seat] = asyncio.ensure_future(self._bot_move(table, seat))

    def _is_search(self, table: LiveTable, bot: str) -> bool:
        """Whether ``bot`` at ``table`` searches (known from the table's making, or, for a
        table resumed after a restart, found out once by making the bot here)."""
        key = (table.game.spec.id, bot)
        known = self._searches.get(key)
        if known is None:
            try:
                known = searches(make_bot(bot, table.game))
            except SaqqaraError:
                known = True
            self._searches[key] = known
        return known

    async def _bot_move(self, table: LiveTable, seat: int) -> None:
        if seat not in table.bot_seats():
            # The table moved on (or was let go) between this task's start and its first
            # step: no seat to think for, so no job a worker could not answer.
            table.bot_tasks.pop(seat, None)
            return
        seq = table.seq
        started = time.perf_counter()
        try:
            job = table.bot_job(seat)
            action_id = await self.bots.choose(job, self._is_search(table, job.bot))
        except (OSError, RuntimeError, SaqqaraError):  # a worker died: play the fallback
            action_id = None
        self.metrics.bot_seconds.observe(time.perf_counter() - started)
        if seat not in table.bot_seats() or not table.choice_stands(seat, seq):
            table.bot_tasks.pop(seat, None)
            self.drive_bots(table)  # the table moved on: think again
            return
        if action_id is None:
            action_id = table.fallback_action(seat)
        table.bot_tasks.pop(seat, None)
        with contextlib.suppress(SaqqaraError):
            await self.submit(table, seat, action_id, seq, None)


def stored_ranks(store: Store, row: TableRow) -> list[int]:
    """The ranks a finished table ended at, from its stored log (or its forfeit)."""
    forfeit = Forfeit.from_json(row.forfeit)
    if forfeit is not None:
        return list(forfeit.outcome(row.players)["ranks"])
    seats = store.seats(row.id)
    record = Record(
        game=row.game,
        rules_version=row.rules_version,
        players=row.players,
        options=row.options,
        seats=tuple(s.name for s in seats),
        actions=tuple(RecordedAction(a.seat, a.action) for a in store.actions(row.id)),
        meta={"seed": row.seed},
    )
    return list(Match.resume(record).outcome().ranks)


def searches(agent: object) -> bool:
    """Whether a bot thinks for a budget of iterations or seconds (ours) or simulations
    (OpenSpiel's), and so may take a worker for as long as the time limit."""
    return hasattr(agent, "budget") or hasattr(agent, "simulations")


def _given_names(request: CreateTable) -> dict[int, str]:
    """The names asked for the new table's seats, by seat, checked and told apart."""
    given: dict[int, str] = {}
    for seat, wanted in enumerate(request.seats):
        if wanted.name is not None:
            name = clean_name(wanted.name)
            check_unique(name, given.values())
            given[seat] = name
    return given


def _names(rows: list[SeatRow], given: dict[int, str]) -> list[str]:
    """The names taken so far while a table is made: the seats made, and those asked."""
    return [row.name for row in rows] + list(given.values())


def _check_rated(request: CreateTable, rows: list[SeatRow]) -> None:
    """A rated table has two person seats or more, and bot seats only when made
    ``rated_with_bots``; ``not-rateable`` says what is wrong."""
    if request.rated_with_bots and not request.rated:
        raise TableError("rated_with_bots is for a rated table (rated)", code="bad-request")
    if not request.rated:
        return
    people = sum(1 for row in rows if row.kind == "person")
    if people < 2:
        raise TableError("a rated table needs two person seats or more", code="not-rateable")
    if people < len(rows) and not request.rated_with_bots:
        raise TableError(
            "a rated table has person seats only, unless made rated_with_bots",
            code="not-rateable",
        )


def _settings(request: CreateTable) -> dict[str, Any]:
    """The table options kept in the store: ``away_after``, ``undo``, ``hints``,
    ``spectator_chat``, ``clock``, ``rated`` and ``rated_with_bots`` when given."""
    settings: dict[str, Any] = {}
    if request.rated:
        settings["rated"] = True
    if request.rated_with_bots:
        settings["rated_with_bots"] = True
    if request.away_after is not None:
        settings["away_after"] = request.away_after
    if request.undo:
        settings["undo"] = True
    if request.hints and not request.rated:  # a rated table never allows hints
        settings["hints"] = True
    if request.spectator_chat:
        settings["spectator_chat"] = True
    clock = request.clock
    if clock is not None:
        try:
            settings["clock"] = ClockRule(clock.move, clock.game, clock.on_timeout).settings()
        except SaqqaraError as exc:
            raise TableError(exc.message, code=exc.code) from None
    return settings


def _resume_taken_back(table: LiveTable) -> None:
    """Where ``table`` stands at a decision taken back, its seat's clock goes on as if it
    had never acted (after a restart: from the times stored with the action)."""
    taken = table.taken_back
    if table.clocks is not None and taken is not None:
        table.clocks.take_back(taken.seat, time.monotonic(), taken.move_used)


def least_think_time(agent: object) -> float | None:
    """The fewest seconds a move of ``agent`` can take: its time budget, or its budget of
    iterations (rollouts, simulations) at the most a second it could run (its class's
    ``fastest``); ``None`` for a bot that does not search."""
    budget = getattr(agent, "budget", None)
    seconds = getattr(budget, "seconds", None)
    count = getattr(budget, "iterations", None) or getattr(agent, "simulations", None)
    fastest = getattr(agent, "fastest", None)
    least = None
    if isinstance(count, int) and isinstance(fastest, float):
        least = count / fastest
    if isinstance(seconds, float):
        least = seconds if least is None else min(least, seconds)
    return least


async def _push_and_notice(table: LiveTable) -> None:
    """Tell every listener the table's last update, then that its status changed."""
    await table.push_all()
    await table.notice_all()


def _seen(answer: asyncio.Future[HintAnswer | None]) -> None:
    """A hint's failure is read even when nobody waits for it any more (a connection gone)."""
    if not answer.cancelled():
        answer.exception()


def _ignore(task: asyncio.Future[Any]) -> None:
    if not task.cancelled():
        task.exception()
