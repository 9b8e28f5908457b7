"""Players' accounts in the store: passwords (argon2id), sessions, and the seats they own.

A password is kept only as its argon2id hash (argon2-cffi's encoded form, which names its
parameters); when :data:`HASHER`'s parameters change, the next sign-in with the right
password stores a new hash under them (:meth:`Accounts.verify`). A sign-in with a name
nobody has is checked against a dummy hash of the same cost, so it takes as long as a
wrong password. A session token is 256 random bits, kept only as its SHA-256 (as seat
secrets are), so a copy of the database signs nobody in. Every method is blocking: the
server calls them on worker threads, never on its event loop.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from saqqara.store.schema import (
    accounts,
    oidc_links,
    push_subscriptions,
    rating_history,
    ratings,
    seats,
    sessions,
    tables,
)
from saqqara.store.store import Store, hash_secret, seat_names

HASHER = PasswordHasher(time_cost=3, memory_cost=65536, parallelism=4)
"""argon2id, RFC 9106's second recommended profile (3 passes over 64 MiB, 4 lanes):
argon2-cffi's default. Change it here; stored hashes follow at each account's next sign-in."""

SESSION_SECONDS = 30 * 24 * 3600.0
"""How long a session lasts after its sign-in (30 days)."""

SESSION_BYTES = 32
"""A session token's random bytes (256 bits)."""

GAMES_LISTED = 100
"""The most tables of each kind (running, finished) that :meth:`Accounts.games` answers."""


class NameTaken(Exception):
    """Another account has that name (compared without case)."""


@dataclass(frozen=True, slots=True)
class Account:
    """An account as the server sees it (never its password hash)."""

    id: str
    name: str
    created_at: float


@dataclass(frozen=True, slots=True)
class OwnedSeat:
    """A seat an account owns, at one of its tables (for "my games")."""

    table: str
    game: str
    players: int
    status: str
    seat: int
    created_at: float
    names: tuple[str, ...]


def name_key(name: str) -> str:
    """The form of a name two accounts may not share: case-folded."""
    return name.casefold()


class Accounts:
    """The accounts, sessions and owned seats of one store."""

    def __init__(self, store: Store, hasher: PasswordHasher = HASHER) -> None:
        self.store = store
        self.hasher = hasher
        self._dummy = hasher.hash(secrets.token_urlsafe(16))
        """A hash of the same cost as an account's, checked when no account has the name."""

    # -- accounts ------------------------------------------------------------------------
    def create(self, name: str, password: str) -> Account:
        """A new account (:class:`NameTaken` when the name is another's, without case)."""
        account = Account(secrets.token_hex(16), name, time.time())
        hashed = self.hasher.hash(password)
        row = {
            "id": account.id,
            "name": name,
            "name_key": name_key(name),
            "password_hash": hashed,
            "created_at": account.created_at,
        }
        try:
            with self.store.engine.begin() as tx:
                tx.execute(insert(accounts).values(**row))
        except IntegrityError:
            raise NameTaken(name) from None
        return account

    def by_name(self, name: str) -> Account | None:
        with self.store.engine.connect() as tx:
            row = tx.execute(
                select(accounts.c.id, accounts.c.name, accounts.c.created_at).where(
                    accounts.c.name_key == name_key(name)
                )
            ).first()
        return None if row is None else Account(row[0], row[1], float(row[2]))

    def verify(self, name: str, password: str) -> Account | None:
        """The account ``name`` when ``password`` is its password, else ``None``; the same
        work whether or not the name exists. A right password whose stored hash was made
        under other parameters than :attr:`hasher`'s is hashed again and stored."""
        with self.store.engine.connect() as tx:
            row = tx.execute(
                select(
                    accounts.c.id, accounts.c.name, accounts.c.created_at, accounts.c.password_hash
                ).where(accounts.c.name_key == name_key(name))
            ).first()
        if row is None:
            self._check(self._dummy, password)
            return None
        stored: str = row[3]
        if not self._check(stored, password):
            return None
        if self.hasher.check_needs_rehash(stored):
            self._set_hash(row[0], self.hasher.hash(password), stored)
        return Account(row[0], row[1], float(row[2]))

    def check_password(self, account_id: str, password: str) -> bool:
        """Whether ``password`` is the account's (the same cost whether or not it exists)."""
        with self.store.engine.connect() as tx:
            stored = tx.execute(
                select(accounts.c.password_hash).where(accounts.c.id == account_id)
            ).scalar()
        if stored is None:
            self._check(self._dummy, password)
            return False
        return self._check(str(stored), password)

    def set_password(self, account_id: str, password: str) -> None:
        """A new password; every session of the account ends (the caller opens a new one)."""
        hashed = self.hasher.hash(password)
        with self.store.engine.begin() as tx:
            tx.execute(
                update(accounts).where(accounts.c.id == account_id).values(password_hash=hashed)
            )
            tx.execute(delete(sessions).where(sessions.c.account_id == account_id))

    def delete(self, account_id: str) -> None:
        """Delete the account, its sessions, its providers' links, its ratings and its push
        subscriptions; its seats stay at their tables, no longer anyone's (guest seats, held
        by their links alone)."""
        with self.store.engine.begin() as tx:
            tx.execute(
                delete(push_subscriptions).where(push_subscriptions.c.account_id == account_id)
            )
            tx.execute(delete(rating_history).where(rating_history.c.account_id == account_id))
            tx.execute(delete(ratings).where(ratings.c.account_id == account_id))
            tx.execute(
                update(seats).where(seats.c.account_id == account_id).values(account_id=None)
            )
            tx.execute(delete(sessions).where(sessions.c.account_id == account_id))
            tx.execute(delete(oidc_links).where(oidc_links.c.account_id == account_id))
            tx.execute(delete(accounts).where(accounts.c.id == account_id))

    def _check(self, stored: str, password: str) -> bool:
        try:
            return self.hasher.verify(stored, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False

    def _set_hash(self, account_id: str, hashed: str, was: str) -> None:
        """Store a rehashed password, unless it changed meanwhile."""
        with self.store.engine.begin() as tx:
            tx.execute(
                update(accounts)
                .where(accounts.c.id == account_id, accounts.c.password_hash == was)
                .values(password_hash=hashed)
            )

    def password_hash(self, account_id: str) -> str | None:
        """The stored hash (for tests and operators; never sent anywhere)."""
        with self.store.engine.connect() as tx:
            value = tx.execute(
                select(accounts.c.password_hash).where(accounts.c.id == account_id)
            ).scalar()
        return None if value is None else str(value)

    # -- sessions ------------------------------------------------------------------------
    def open_session(self, account_id: str) -> str:
        """A new session of the account: its token (only its hash is stored)."""
        token = secrets.token_urlsafe(SESSION_BYTES)
        now = time.time()
        with self.store.engine.begin() as tx:
            tx.execute(  # the account's expired sessions go as a new one comes
                delete(sessions).where(
                    sessions.c.account_id == account_id, sessions.c.expires_at <= now
                )
            )
            tx.execute(
                insert(sessions).values(
                    token_hash=hash_secret(token),
                    account_id=account_id,
                    created_at=now,
                    expires_at=now + SESSION_SECONDS,
                )
            )
        return token

    def session(self, token: str) -> Account | None:
        """The account signed in by ``token``, unless it is unknown or expired."""
        query = (
            select(accounts.c.id, accounts.c.name, accounts.c.created_at)
            .select_from(sessions.join(accounts, sessions.c.account_id == accounts.c.id))
            .where(sessions.c.token_hash == hash_secret(token), sessions.c.expires_at > time.time())
        )
        with self.store.engine.connect() as tx:
            row = tx.execute(query).first()
        return None if row is None else Account(row[0], row[1], float(row[2]))

    def session_opened(self, token: str) -> float | None:
        """When the session of ``token`` began (sign-in time), if it is a live one."""
        with self.store.engine.connect() as tx:
            value = tx.execute(
                select(sessions.c.created_at).where(
                    sessions.c.token_hash == hash_secret(token), sessions.c.expires_at > time.time()
                )
            ).scalar()
        return None if value is None else float(value)

    def close_session(self, token: str) -> None:
        with self.store.engine.begin() as tx:
            tx.execute(delete(sessions).where(sessions.c.token_hash == hash_secret(token)))

    def close_sessions(self, account_id: str) -> int:
        """End every session of the account (sign out everywhere); how many there were."""
        with self.store.engine.begin() as tx:
            done = tx.execute(delete(sessions).where(sessions.c.account_id == account_id))
            tx.execute(delete(sessions).where(sessions.c.expires_at <= time.time()))
        return int(done.rowcount)

    def sessions_of(self, account_id: str) -> int:
        with self.store.engine.connect() as tx:
            count = tx.execute(
                select(func.count()).where(
                    sessions.c.account_id == account_id, sessions.c.expires_at > time.time()
                )
            ).scalar()
        return int(count or 0)

    # -- seats ---------------------------------------------------------------------------
    def games(self, account_id: str, status: Sequence[str]) -> list[OwnedSeat]:
        """The account's seats at tables of ``status``, newest table first (at most
        :data:`GAMES_LISTED`), each with every seat's name in order."""
        query = (
            select(
                tables.c.id,
                tables.c.game,
                tables.c.players,
                tables.c.status,
                seats.c.seat,
                tables.c.created_at,
            )
            .select_from(seats.join(tables, seats.c.table_id == tables.c.id))
            .where(
                seats.c.account_id == account_id,
                tables.c.status.in_(status),
                tables.c.tutorial.is_(None),
            )
            .order_by(tables.c.created_at.desc(), seats.c.seat)
            .limit(GAMES_LISTED)
        )
        with self.store.engine.connect() as tx:
            rows = tx.execute(query).all()
            names = seat_names(tx, {r[0] for r in rows})
        return [
            OwnedSeat(r[0], r[1], int(r[2]), r[3], int(r[4]), float(r[5]), tuple(names[r[0]]))
            for r in rows
        ]
