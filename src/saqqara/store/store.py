"""The store: one class over SQLAlchemy Core, the same code for SQLite and PostgreSQL.

Every write is one short transaction. :meth:`Store.append` writes a batch of actions
(a seat's action and the chance steps it set off) with their sequence numbers in one
transaction; the primary key ``(table_id, seq)`` refuses a sequence number given twice.
Inside :meth:`Store.group` every call of the thread shares one transaction instead (the
server's writer thread: a group commit of whatever was queued).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    Connection,
    Engine,
    create_engine,
    delete,
    event,
    exists,
    func,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError

from saqqara.store.checkpoints import BackgroundCheckpoints
from saqqara.store.schema import (
    actions,
    chat,
    rated_tables,
    rating_history,
    seats,
    snapshots,
    table_leases,
    tables,
)

SECRET_BYTES = 24
"""Seat and spectator secrets: 192 random bits, URL-safe text."""

MIGRATION_LOCK = 0x5A51_0004
"""PostgreSQL advisory lock key held while migrating (so concurrent starts take turns)."""

OPEN = "open"
PLAYING = "playing"
FINISHED = "finished"
CLOSED = "closed"


def new_secret() -> str:
    """A fresh random secret (192 bits)."""
    return secrets.token_urlsafe(SECRET_BYTES)


def hash_secret(secret: str) -> str:
    """What the store keeps of a secret: its SHA-256, hex."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def secret_matches(secret: str, stored_hash: str | None) -> bool:
    """Compare a presented secret with a stored hash in constant time."""
    return stored_hash is not None and hmac.compare_digest(hash_secret(secret), stored_hash)


def normalize_url(url: str) -> str:
    """Accept ``postgresql://`` and plain paths; name the drivers we ship (psycopg 3)."""
    if url.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    if "://" not in url:
        return f"sqlite:///{Path(url).expanduser().resolve()}"
    return url


@dataclass(frozen=True, slots=True)
class TableRow:
    """One online table as stored."""

    id: str
    game: str
    players: int
    rules_version: int
    options: dict[str, str]
    seed: int
    status: str
    public: bool
    spectator_hash: str
    created_at: float
    rematch_of: str | None = None
    rematch: str | None = None
    settings: dict[str, Any] = field(default_factory=dict)
    forfeit: dict[str, Any] | None = None
    """A table-level result: ``{"seats": [...], "reason": ...}`` when seats lost on time."""
    host_hash: str | None = None
    """The hash of the creator's host key, which invites people to free seats (``None``:
    a table from before host keys)."""
    tutorial: str | None = None
    """For a tutorial's table, its lesson (``game/lesson``): left out of every list of
    tables and removed in time (:meth:`Store.delete_tutorial_tables`)."""


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One seat as stored: a person (with the hash of their secret) or a bot."""

    seat: int
    kind: str
    name: str
    bot: str | None = None
    secret_hash: str | None = None
    claimed: bool = False
    lang: str = "en"
    account: str | None = None
    """The id of the account the seat belongs to (``None``: a guest's, held by its link)."""


@dataclass(frozen=True, slots=True)
class ActionRow:
    """One entry of the action log: ``seat`` is -1 for chance; ``action`` its notation;
    ``game_left`` the acting seat's game clock just after it (tables with a game clock);
    ``move_used`` the seconds its move clock had run for that decision (a move clock)."""

    seq: int
    seat: int
    action: str
    client_id: str | None = None
    game_left: float | None = None
    move_used: float | None = None


Snapshot = tuple[int, str]
"""A table's state after a number of steps: ``(seq, state JSON text)``."""

Batch = tuple[str, Sequence[ActionRow], str | None, Snapshot | None]
"""One table's part of a group commit: its id, new log rows, new status, new snapshot."""

Fence = Callable[[Connection, Sequence[str]], None]
"""Called inside every transaction that changes tables' action logs, with those tables'
ids; it raises to refuse the whole transaction (a process that lost a table's lease)."""


CONNECT_TIMEOUT = 10
"""Seconds a new PostgreSQL connection may take (unless the URL sets ``connect_timeout``)."""


SQLITE_CACHE_KIB = 256
"""SQLite's own page cache per connection, in KiB (SQLite's default is 2 MiB). The log is
appended to and read back rarely (a resume, a replay), so the hot pages are few, and the
operating system's page cache holds the file anyway; at 200 live tables the default cache
was some 10 KB of the server's memory per table (docs/architecture.md, "Fourth pass")."""


SQLITE_LOG_LIMIT = 16 * 1024 * 1024
"""The size, in bytes, a WAL file is cut back to when a commit starts the log again
(``journal_size_limit``): SQLite otherwise keeps the file at the longest the log has ever
been, and under load that is the log of the seconds a checkpoint fell behind."""


def _sqlite_pragmas(synchronous: str, *, autocheckpoint: bool = True) -> Any:
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA synchronous={synchronous}")
        cursor.execute(f"PRAGMA cache_size=-{SQLITE_CACHE_KIB}")
        cursor.execute("PRAGMA busy_timeout=5000")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA journal_size_limit={SQLITE_LOG_LIMIT}")
        if not autocheckpoint:
            cursor.execute("PRAGMA wal_autocheckpoint=0")
        cursor.close()

    return on_connect


class Store:
    """The tables, seats and action logs of one server, in one database."""

    def __init__(
        self, url: str, *, sqlite_sync: str = "full", background_checkpoints: bool = False
    ) -> None:
        """Open (and migrate) the database at ``url``.

        ``sqlite_sync`` is SQLite's ``synchronous`` setting in WAL mode: ``full`` (the
        default) syncs every commit to disk, so an acknowledged action survives a power
        cut; ``normal`` survives a crash of the server process (``kill -9``) but may lose
        the last commits when the machine itself goes down.

        ``background_checkpoints`` (SQLite in a file; the server's store) moves SQLite's
        WAL checkpoints off the commits to a thread of the store's own
        (:mod:`saqqara.store.checkpoints`), until :meth:`close`.
        """
        if sqlite_sync not in ("full", "normal"):
            raise ValueError(f"sqlite_sync must be full or normal, not {sqlite_sync!r}")
        self.url = normalize_url(url)
        self.fence: Fence | None = None
        """Set by a many-process site (``server/lease.py``); ``None`` for one process."""
        parsed = make_url(self.url)
        connect_args: dict[str, Any] = {}
        if parsed.get_backend_name() == "postgresql" and "connect_timeout" not in parsed.query:
            # A database host that stops answering (no refusal) fails a connection after
            # this many seconds, never after the system's minutes of TCP retries.
            connect_args["connect_timeout"] = CONNECT_TIMEOUT
        self.engine: Engine = create_engine(
            self.url, pool_pre_ping=False, connect_args=connect_args
        )
        self._grouped = _Grouped()
        """The transaction of the thread's :meth:`group`, if it is in one."""
        self.checkpoints: BackgroundCheckpoints | None = None
        """The thread checkpointing SQLite's log, when the store was opened with one."""
        path = parsed.database or ""
        background = False
        self._file: str | None = None
        """The SQLite file, when the database is one (read afresh by :meth:`ping`)."""
        if parsed.get_backend_name() == "sqlite":
            if path not in ("", ":memory:"):
                self._file = str(Path(path).resolve())
            background = background_checkpoints and path not in ("", ":memory:")
            pragmas = _sqlite_pragmas(sqlite_sync.upper(), autocheckpoint=not background)
            event.listen(self.engine, "connect", pragmas)
        self.migrate()
        if background:
            self.checkpoints = BackgroundCheckpoints(path)

    def migrate(self) -> None:
        """Bring the schema to the newest migration (Alembic ``upgrade head``)."""
        config = Config()
        config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
        with self.engine.begin() as connection:
            if connection.dialect.name == "postgresql":
                # Processes of one site may start together: one migrates, the others wait.
                connection.execute(
                    text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK}
                )
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def close(self) -> None:
        self.engine.dispose()
        if self.checkpoints is not None:
            self.checkpoints.close()

    def ping(self, timeout: float = 2.0) -> None:
        """A cheap read that raises when the database cannot serve the server: one row of
        ``tables`` through the pool (a PostgreSQL that refuses connections, a schema
        dropped), and for a SQLite file a fresh connection to it as well, since a connection
        already open goes on reading a file deleted, replaced or made unreadable under it.
        ``timeout``: SQLite's wait for a lock, PostgreSQL's for one statement."""
        with self.engine.connect() as connection:
            if connection.dialect.name == "postgresql":
                wait = f"{max(1, int(timeout * 1000))}ms"
                connection.execute(
                    text("SELECT set_config('statement_timeout', :t, true)"), {"t": wait}
                )
            connection.execute(select(tables.c.id).limit(1)).all()
            connection.rollback()
        if self._file is not None:
            uri = Path(self._file).as_uri() + "?mode=rw"
            fresh = sqlite3.connect(uri, uri=True, timeout=timeout)
            try:
                fresh.execute("SELECT count(*) FROM sqlite_master").fetchone()
            finally:
                fresh.close()

    @contextmanager
    def _tx(self) -> Iterator[Connection]:
        shared = self._grouped.tx
        if shared is not None:
            yield shared
            return
        with self.engine.begin() as connection:
            yield connection

    def catch_up_log(self) -> None:
        """Where SQLite's background checkpoints fell behind under steady commits, copy the
        rest of the log now, so that the next commit starts it again (the server's writer
        thread calls this between its commits: see :mod:`saqqara.store.checkpoints`)."""
        checkpoints = self.checkpoints
        if checkpoints is None or not checkpoints.behind or self._grouped.tx is not None:
            return
        with self.engine.connect() as connection:
            checkpoints.catch_up(connection.connection.driver_connection)

    @contextmanager
    def group(self) -> Iterator[None]:
        """Every store call this thread makes inside shares one transaction, committed at
        the end, or rolled back with the exception raised when anything inside raises
        (none of it is stored then). Other threads' calls go on in their own."""
        if self._grouped.tx is not None:
            raise RuntimeError("store groups do not nest")
        with self.engine.begin() as connection:
            self._grouped.tx = connection
            try:
                yield
            finally:
                self._grouped.tx = None

    # -- tables and seats ---------------------------------------------------------------
    def create_table(
        self, table: TableRow, seat_rows: Sequence[SeatRow], first: Sequence[ActionRow] = ()
    ) -> None:
        """Store a new table and its seats, and ``first``, the first rows of its log (its
        setup's chance steps); a rematch (``rematch_of`` set) is also linked from the
        table it follows, all in the same transaction."""
        with self._tx() as tx:
            if table.rematch_of is not None:
                _update(tx, "tables", {"rematch": table.id}, id=table.rematch_of)
            _insert(
                tx,
                "tables",
                ("id", "game", "players", "rules_version", "options", "seed", "status"),
                ("public", "spectator_hash", "rematch_of", "rematch", "created_at", "settings"),
                ("forfeit", "host_hash", "tutorial"),
                rows=[
                    (
                        table.id,
                        table.game,
                        table.players,
                        table.rules_version,
                        json.dumps(table.options, sort_keys=True),
                        table.seed,
                        table.status,
                        table.public,
                        table.spectator_hash,
                        table.rematch_of,
                        table.rematch,
                        table.created_at,
                        json.dumps(table.settings, sort_keys=True),
                        None if table.forfeit is None else json.dumps(table.forfeit),
                        table.host_hash,
                        table.tutorial,
                    )
                ],
            )
            _insert(
                tx,
                "seats",
                ("table_id", "seat", "kind", "bot", "name", "secret_hash", "claimed", "lang"),
                ("account_id",),
                rows=[
                    (
                        table.id,
                        s.seat,
                        s.kind,
                        s.bot,
                        s.name,
                        s.secret_hash,
                        s.claimed,
                        s.lang,
                        s.account,
                    )
                    for s in seat_rows
                ],
            )
            _insert_actions(tx, ((table.id, r) for r in first))

    def table(self, table_id: str) -> TableRow | None:
        with self._tx() as tx:
            row = tx.execute(select(tables).where(tables.c.id == table_id)).mappings().first()
        return None if row is None else _table_row(row)

    def tables_with_status(self, *status: str, public_only: bool = False) -> list[TableRow]:
        query = select(tables).where(tables.c.status.in_(status))
        if public_only:
            query = query.where(tables.c.public.is_(True), tables.c.tutorial.is_(None))
        with self._tx() as tx:
            rows = tx.execute(query.order_by(tables.c.created_at)).mappings().all()
        return [_table_row(r) for r in rows]

    def seats(self, table_id: str) -> list[SeatRow]:
        query = select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
        with self._tx() as tx:
            rows = tx.execute(query).mappings().all()
        return [
            SeatRow(
                seat=r["seat"],
                kind=r["kind"],
                name=r["name"],
                bot=r["bot"],
                secret_hash=r["secret_hash"],
                claimed=bool(r["claimed"]),
                lang=r["lang"],
                account=r["account_id"],
            )
            for r in rows
        ]

    def update_seat(self, table_id: str, seat: int, **values: Any) -> None:
        with self._tx() as tx:
            _update(tx, "seats", values, table_id=table_id, seat=seat)

    def update_table(self, table_id: str, **values: Any) -> None:
        with self._tx() as tx:
            _update(tx, "tables", values, id=table_id)

    def close_abandoned(self, table_id: str, created_before: float) -> bool:
        """Close the table (status ``closed``) if it is still ``open``, was created before
        ``created_before`` (a ``time.time()``) and no person seat of it is taken; whether
        it was. One statement, so a seat taken meanwhile is never closed under its person."""
        taken = select(seats.c.seat).where(
            seats.c.table_id == tables.c.id,
            seats.c.kind == "person",
            seats.c.claimed.is_(True),
        )
        closing = (
            update(tables)
            .where(
                tables.c.id == table_id,
                tables.c.status == OPEN,
                tables.c.created_at < created_before,
                ~exists(taken),
            )
            .values(status=CLOSED)
        )
        with self._tx() as tx:
            return tx.execute(closing).rowcount == 1

    def old_tutorials(self, made_before: float, now: float) -> list[str]:
        """The tutorial tables made before ``made_before`` (a ``time.time()``) that no
        process of a site holds a lease on at ``now``."""
        leased = select(table_leases.c.table_id).where(
            table_leases.c.table_id == tables.c.id, table_leases.c.expires_at > now
        )
        query = select(tables.c.id).where(
            tables.c.tutorial.is_not(None), tables.c.created_at < made_before, ~exists(leased)
        )
        with self._tx() as tx:
            return [r[0] for r in tx.execute(query.order_by(tables.c.created_at)).all()]

    def delete_tutorial_tables(self, table_ids: Sequence[str]) -> int:
        """Remove the tutorial tables among ``table_ids`` and everything of them (seats,
        log, snapshots, chat, lease) in one transaction; any other table is left alone.
        Returns how many were removed."""
        with self._tx() as tx:
            found = tx.execute(
                select(tables.c.id).where(
                    tables.c.id.in_(list(table_ids)), tables.c.tutorial.is_not(None)
                )
            ).all()
            ids = [r[0] for r in found]
            if not ids:
                return 0
            children = (actions, snapshots, seats, chat, table_leases, rated_tables, rating_history)
            for child in children:
                tx.execute(delete(child).where(child.c.table_id.in_(ids)))
            tx.execute(delete(tables).where(tables.c.id.in_(ids)))
        return len(ids)

    def end_by_forfeit(self, table_id: str, forfeit: dict[str, Any]) -> None:
        """The table is finished by a forfeit (seats out of time): status and result in
        one transaction."""
        with self._tx() as tx:
            tx.execute(
                update(tables)
                .where(tables.c.id == table_id)
                .values(status=FINISHED, forfeit=json.dumps(forfeit, sort_keys=True))
            )

    # -- the action log -------------------------------------------------------------------
    def append(
        self,
        table_id: str,
        rows: Sequence[ActionRow],
        *,
        status: str | None = None,
        snapshot: Snapshot | None = None,
    ) -> None:
        """Write ``rows`` (and the table's new status and a snapshot, if any) in one
        transaction."""
        with self._tx() as tx:
            if self.fence is not None:
                self.fence(tx, (table_id,))
            if snapshot is not None:
                _insert_snapshot(tx, table_id, snapshot)
            _insert_actions(tx, ((table_id, r) for r in rows))
            if status is not None:
                _update(tx, "tables", {"status": status}, id=table_id)

    def append_many(self, batches: Sequence[Batch]) -> None:
        """Several tables' batches in one transaction (the server's group commit)."""
        with self._tx() as tx:
            if self.fence is not None:
                self.fence(tx, sorted({batch[0] for batch in batches}))
            for table_id, _, _, snapshot in batches:
                if snapshot is not None:
                    _insert_snapshot(tx, table_id, snapshot)
            _insert_actions(tx, ((table_id, r) for table_id, batch, _, _ in batches for r in batch))
            for table_id, _, status, _ in batches:
                if status is not None:
                    _update(tx, "tables", {"status": status}, id=table_id)

    def actions(self, table_id: str, after: int = 0) -> list[ActionRow]:
        """The log's actions that stand (not undone) after sequence number ``after``."""
        query = (
            select(actions)
            .where(actions.c.table_id == table_id, actions.c.seq > after, actions.c.undone == 0)
            .order_by(actions.c.seq)
        )
        with self._tx() as tx:
            rows = tx.execute(query).mappings().all()
        return [_action_row(r) for r in rows]

    def undo(self, table_id: str, seq: int) -> None:
        """Mark the action at ``seq`` (the log's last) undone, and drop the snapshots that
        hold it, in one transaction. The row stays in the log, numbered by the undo."""
        with self._tx() as tx:
            if self.fence is not None:
                self.fence(tx, (table_id,))
            count = tx.execute(
                select(func.max(actions.c.undone)).where(actions.c.table_id == table_id)
            ).scalar()
            done = tx.execute(
                update(actions)
                .where(actions.c.table_id == table_id, actions.c.seq == seq, actions.c.undone == 0)
                .values(undone=int(count or 0) + 1)
            )
            if done.rowcount != 1:
                raise ValueError(f"table {table_id} has no action {seq} to undo")
            tx.execute(
                delete(snapshots).where(snapshots.c.table_id == table_id, snapshots.c.seq >= seq)
            )

    def undone(self, table_id: str) -> list[ActionRow]:
        """The actions taken back, in the order they were."""
        query = (
            select(actions)
            .where(actions.c.table_id == table_id, actions.c.undone != 0)
            .order_by(actions.c.undone)
        )
        with self._tx() as tx:
            rows = tx.execute(query).mappings().all()
        return [_action_row(r) for r in rows]

    # -- snapshots --------------------------------------------------------------------------
    def save_snapshot(self, table_id: str, seq: int, state: str) -> None:
        """Keep ``state`` as the table's snapshot after ``seq`` steps (replacing one there)."""
        with self._tx() as tx:
            _insert_snapshot(tx, table_id, (seq, state))

    def latest_snapshot(self, table_id: str) -> tuple[int, str] | None:
        query = (
            select(snapshots.c.seq, snapshots.c.state)
            .where(snapshots.c.table_id == table_id)
            .order_by(snapshots.c.seq.desc())
            .limit(1)
        )
        with self._tx() as tx:
            row = tx.execute(query).first()
        return None if row is None else (int(row[0]), str(row[1]))


def seat_names(tx: Connection, table_ids: Iterable[str]) -> dict[str, list[str]]:
    """The seats' names of each of ``table_ids``, in seat order (for lists of tables)."""
    ids = sorted(set(table_ids))
    names: dict[str, list[str]] = {table_id: [] for table_id in ids}
    if ids:
        query = (
            select(seats.c.table_id, seats.c.name)
            .where(seats.c.table_id.in_(ids))
            .order_by(seats.c.table_id, seats.c.seat)
        )
        for table_id, name in tx.execute(query):
            names[table_id].append(name)
    return names


class _Grouped(threading.local):
    """Per thread: the transaction of its :meth:`Store.group` (``None``: not in one)."""

    tx: Connection | None = None


ACTION_COLUMNS = ("table_id", "seq", "seat", "action", "client_id", "game_left", "move_used")


def _insert_actions(tx: Connection, rows: Iterable[tuple[str, ActionRow]]) -> None:
    """Insert log rows, each with its table's id."""
    values = [
        (table_id, r.seq, r.seat, r.action, r.client_id, r.game_left, r.move_used)
        for table_id, r in rows
    ]
    if values:
        _insert(tx, "actions", ACTION_COLUMNS, rows=values)


def _copy(tx: Connection, table: str, columns: list[str], rows: list[tuple[Any, ...]]) -> None:
    """``COPY table (columns) FROM STDIN`` of ``rows``, in the transaction of ``tx``
    (PostgreSQL, psycopg 3). psycopg formats the rows in C and sends them as one stream;
    ``executemany`` binds and executes each row, some 30 µs of Python a row in the
    server's writer thread, holding the interpreter lock the event loop needs (a
    Tutankhamun rematch writes its 69 setup steps). A refusal (a sequence number or
    client id given twice) is raised as SQLAlchemy's exception, as an ``INSERT`` raises it."""
    sql = f"COPY {table} ({', '.join(columns)}) FROM STDIN"
    driver = tx.connection.driver_connection
    assert driver is not None
    try:
        with driver.cursor() as cursor, cursor.copy(sql) as copy:
            for row in rows:
                copy.write_row(row)
    except driver.Error as exc:
        raise DBAPIError.instance(sql, None, exc, driver.Error) from exc


def _mark(tx: Connection) -> str:
    """The driver's positional parameter marker (sqlite3's ``?``, psycopg's ``%s``)."""
    return "?" if tx.dialect.paramstyle == "qmark" else "%s"


_COLUMNS = {"tables": frozenset(tables.c.keys()), "seats": frozenset(seats.c.keys())}


def _update(tx: Connection, table: str, values: dict[str, Any], **where: Any) -> None:
    """``UPDATE table SET values WHERE where`` (each an equality), straight to the driver
    as :func:`_insert` is; the column names are checked against the schema."""
    unknown = (set(values) | set(where)) - _COLUMNS[table]
    if unknown:
        raise ValueError(f"{table} has no column {sorted(unknown)}")
    mark = _mark(tx)
    sets = ", ".join(f"{name} = {mark}" for name in values)
    matches = " AND ".join(f"{name} = {mark}" for name in where)
    sql = f"UPDATE {table} SET {sets} WHERE {matches}"
    tx.exec_driver_sql(sql, (*values.values(), *where.values()))


def _insert(
    tx: Connection, table: str, *columns: tuple[str, ...], rows: list[tuple[Any, ...]]
) -> None:
    """``INSERT INTO table (columns) VALUES (...)`` for each of ``rows`` (the values in
    the order of the columns, given in groups), straight to the driver: the hot writes
    (a new table, the log) skip building and compiling a statement each time. Several rows
    on PostgreSQL are copied in (:func:`_copy`)."""
    names = [name for group in columns for name in group]
    if len(rows) > 1 and tx.dialect.name == "postgresql":
        _copy(tx, table, names, rows)
        return
    marks = ", ".join([_mark(tx)] * len(names))
    sql = f"INSERT INTO {table} ({', '.join(names)}) VALUES ({marks})"
    if len(rows) == 1:
        tx.exec_driver_sql(sql, rows[0])
    else:
        tx.exec_driver_sql(sql, rows)


def _action_row(r: Any) -> ActionRow:
    return ActionRow(
        r["seq"], r["seat"], r["action"], r["client_id"], r["game_left"], r["move_used"]
    )


def _insert_snapshot(tx: Connection, table_id: str, snapshot: Snapshot) -> None:
    seq, state = snapshot
    tx.execute(delete(snapshots).where(snapshots.c.table_id == table_id, snapshots.c.seq == seq))
    tx.execute(snapshots.insert().values(table_id=table_id, seq=seq, state=state))


def _table_row(row: Any) -> TableRow:
    return TableRow(
        id=row["id"],
        game=row["game"],
        players=row["players"],
        rules_version=row["rules_version"],
        options=json.loads(row["options"]),
        seed=int(row["seed"]),
        status=row["status"],
        public=bool(row["public"]),
        spectator_hash=row["spectator_hash"],
        created_at=float(row["created_at"]),
        rematch_of=row["rematch_of"],
        rematch=row["rematch"],
        settings=json.loads(row["settings"]),
        forfeit=None if row["forfeit"] is None else json.loads(row["forfeit"]),
        host_hash=row["host_hash"],
        tutorial=row["tutorial"],
    )
