"""Accounts linked to an OpenID Connect provider, and the sign-ins under way, in the store.

An account is linked to a provider's person by the ID token's ``(issuer, subject)``, the
pair the OpenID Connect specification names as the one stable identifier of an end user.
A first sign-in through a provider makes an account with a free user name derived from
the name the provider offers (:func:`name_choices`); the account has no password (its
stored hash is :data:`NO_PASSWORD`, which no password matches), so it signs in through the
provider alone. Every method is blocking: the server calls them on worker threads.
"""

from __future__ import annotations

import re
import secrets
import time
import unicodedata
from collections.abc import Collection, Iterator
from dataclasses import dataclass

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from saqqara.store.accounts import Account, name_key
from saqqara.store.schema import accounts, oidc_flows, oidc_links
from saqqara.store.store import Store, hash_secret

NO_PASSWORD = "!oidc"
"""The password hash of an account made by a provider's sign-in: not an argon2 hash, so
argon2-cffi refuses it and no password signs the account in."""

FLOW_SECONDS = 600.0
"""How long a sign-in may stay at the provider (10 minutes)."""

NAME_TRIES = 50
"""Numbered names tried after the derived one (``Ann-2`` … ``Ann-51``), before a random
suffix."""


@dataclass(frozen=True, slots=True)
class Flow:
    """A sign-in under way: what was sent to the provider, and the account to link
    (``None``: a sign-in)."""

    provider: str
    state: str
    nonce: str
    code_verifier: str
    redirect_uri: str
    account_id: str | None


class AlreadyLinked(Exception):
    """The provider's person is already another account's."""


class NotLinked(Exception):
    """The provider is not linked to the account."""


class LastWayIn(Exception):
    """Unlinking the provider would leave the account no way to sign in."""


def _ascii_name(wanted: str) -> str:
    """``wanted`` (before any ``@``: an e-mail's local part) in the characters a user name
    allows: accents dropped (``Åsa`` gives
    ``Asa``), spaces and dots as ``_``, anything else left out, at most 20 characters (room
    for a ``-N`` suffix), and not starting with ``_`` or ``-``."""
    local = wanted.split("@")[0]
    plain = unicodedata.normalize("NFKD", local).encode("ascii", "ignore").decode()
    plain = re.sub(r"[\s.]+", "_", plain)
    plain = re.sub(r"[^A-Za-z0-9_-]", "", plain).lstrip("_-")
    return plain[:20]


def name_choices(*offered: str | None) -> Iterator[str]:
    """The user names to try, in order, for an account a provider's sign-in makes: the
    first of ``offered`` (``preferred_username``, then ``name``, then the e-mail's local
    part) that keeps 3 characters after :func:`_ascii_name`, else ``player``; then that
    name with ``-2``, ``-3`` … up to :data:`NAME_TRIES`; then with a random suffix."""
    base = "player"
    for wanted in offered:
        plain = _ascii_name(wanted or "")
        if len(plain) >= 3:
            base = plain
            break
    yield base
    for n in range(2, NAME_TRIES + 2):
        yield f"{base}-{n}"
    while True:
        yield f"{base[:15]}-{secrets.token_hex(4)}"


class OidcLinks:
    """The links and sign-ins under way of one store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # -- sign-ins under way ----------------------------------------------------------------
    def start(self, flow: Flow) -> str:
        """Keep ``flow``; the random value for the browser's cookie that takes it back."""
        cookie = secrets.token_urlsafe(32)
        now = time.time()
        with self.store.engine.begin() as tx:
            tx.execute(delete(oidc_flows).where(oidc_flows.c.expires_at <= now))
            tx.execute(
                insert(oidc_flows).values(
                    id_hash=hash_secret(cookie),
                    provider=flow.provider,
                    state=flow.state,
                    nonce=flow.nonce,
                    code_verifier=flow.code_verifier,
                    redirect_uri=flow.redirect_uri,
                    account_id=flow.account_id,
                    expires_at=now + FLOW_SECONDS,
                )
            )
        return cookie

    def take(self, cookie: str) -> Flow | None:
        """The flow of ``cookie``, removed (a flow is taken once); ``None`` when unknown,
        already taken or expired."""
        key = hash_secret(cookie)
        with self.store.engine.begin() as tx:
            row = tx.execute(
                select(
                    oidc_flows.c.provider,
                    oidc_flows.c.state,
                    oidc_flows.c.nonce,
                    oidc_flows.c.code_verifier,
                    oidc_flows.c.redirect_uri,
                    oidc_flows.c.account_id,
                    oidc_flows.c.expires_at,
                ).where(oidc_flows.c.id_hash == key)
            ).first()
            if row is None:
                return None
            gone = tx.execute(delete(oidc_flows).where(oidc_flows.c.id_hash == key))
        if gone.rowcount != 1 or float(row[6]) <= time.time():
            return None  # taken by a concurrent callback, or too old
        return Flow(row[0], row[1], row[2], row[3], row[4], row[5])

    # -- links -------------------------------------------------------------------------------
    def account(self, issuer: str, subject: str) -> Account | None:
        """The account linked to the provider's person, if any."""
        query = (
            select(accounts.c.id, accounts.c.name, accounts.c.created_at)
            .select_from(oidc_links.join(accounts, oidc_links.c.account_id == accounts.c.id))
            .where(oidc_links.c.issuer == issuer, oidc_links.c.subject == subject)
        )
        with self.store.engine.connect() as tx:
            row = tx.execute(query).first()
        return None if row is None else Account(row[0], row[1], float(row[2]))

    def link(self, account_id: str, provider: str, issuer: str, subject: str) -> None:
        """Link the provider's person to the account (:class:`AlreadyLinked` when it is
        another account's; linking it again to the same account changes nothing)."""
        existing = self.account(issuer, subject)
        if existing is not None:
            if existing.id != account_id:
                raise AlreadyLinked(subject)
            return
        try:
            with self.store.engine.begin() as tx:
                tx.execute(
                    insert(oidc_links).values(**_link(account_id, provider, issuer, subject))
                )
        except IntegrityError:
            raise AlreadyLinked(subject) from None

    def create(self, provider: str, issuer: str, subject: str, *offered: str | None) -> Account:
        """A new account linked to the provider's person, under the first free name of
        :func:`name_choices`; the account already linked when another sign-in of the same
        person made it first."""
        for name in name_choices(*offered):
            account = Account(secrets.token_hex(16), name, time.time())
            try:
                with self.store.engine.begin() as tx:
                    tx.execute(
                        insert(accounts).values(
                            id=account.id,
                            name=name,
                            name_key=name_key(name),
                            password_hash=NO_PASSWORD,
                            created_at=account.created_at,
                        )
                    )
                    tx.execute(
                        insert(oidc_links).values(**_link(account.id, provider, issuer, subject))
                    )
            except IntegrityError:
                linked = self.account(issuer, subject)
                if linked is not None:
                    return linked
                continue  # the name is taken: the next one
            return account
        raise AssertionError("name_choices never ends")  # pragma: no cover

    def providers_of(self, account_id: str) -> list[str]:
        """The keys of the providers linked to the account."""
        with self.store.engine.connect() as tx:
            rows = tx.execute(
                select(oidc_links.c.provider)
                .where(oidc_links.c.account_id == account_id)
                .order_by(oidc_links.c.provider)
            ).all()
        return [r[0] for r in rows]

    # -- accounts without a password ---------------------------------------------------------
    def has_password(self, account_id: str) -> bool:
        """Whether the account signs in with a password (not one made by a provider's
        sign-in that never set one)."""
        with self.store.engine.connect() as tx:
            stored = tx.execute(
                select(accounts.c.password_hash).where(accounts.c.id == account_id)
            ).scalar()
        return stored is not None and stored != NO_PASSWORD

    def set_first_password(self, account_id: str, hashed: str) -> bool:
        """Store ``hashed`` as the account's password if it has none yet; whether it did
        (``False``: it has one, set meanwhile, or the account is gone)."""
        with self.store.engine.begin() as tx:
            done = tx.execute(
                update(accounts)
                .where(accounts.c.id == account_id, accounts.c.password_hash == NO_PASSWORD)
                .values(password_hash=hashed)
            )
        return done.rowcount == 1

    def unlink(self, account_id: str, provider: str, usable: Collection[str]) -> None:
        """Remove the account's link to ``provider``: :class:`NotLinked` when there is none,
        :class:`LastWayIn` (nothing removed) when the account would be left with neither a
        password nor a link to one of the ``usable`` providers (those the server offers).

        The link goes first, then the account's row is locked (``FOR UPDATE`` on
        PostgreSQL; SQLite holds its one writer's lock from the delete on) and what is left
        is counted: two unlinks at once cannot both take the last two ways in."""
        with self.store.engine.begin() as tx:
            gone = tx.execute(
                delete(oidc_links).where(
                    oidc_links.c.account_id == account_id, oidc_links.c.provider == provider
                )
            )
            if gone.rowcount == 0:
                raise NotLinked(provider)
            stored = tx.execute(
                select(accounts.c.password_hash)
                .where(accounts.c.id == account_id)
                .with_for_update()
            ).scalar()
            others = tx.execute(
                select(func.count())
                .select_from(oidc_links)
                .where(
                    oidc_links.c.account_id == account_id,
                    oidc_links.c.provider.in_(list(usable)),
                )
            ).scalar()
            if stored == NO_PASSWORD and not others:
                raise LastWayIn(provider)  # the transaction rolls back: the link stays


def _link(account_id: str, provider: str, issuer: str, subject: str) -> dict[str, object]:
    return {
        "issuer": issuer,
        "subject": subject,
        "account_id": account_id,
        "provider": provider,
        "created_at": time.time(),
    }
