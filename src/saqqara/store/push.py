"""Web Push in the store: the site's VAPID key, made once, and accounts' subscriptions.

The site's key pair is made at its first start and kept in ``site_keys`` (written once:
when two processes of a site start together, the second one's insert is refused by the
primary key and it reads the first one's key back), so every process signs with the one
key the browsers subscribed with. A subscription is one browser's: its push service's
endpoint (one row per endpoint, keyed by the endpoint's SHA-256: subscribing again, or as
another account, replaces the row) and the keys that encrypt what is sent to it. Every
method is blocking: the server calls them on worker threads, never on its event loop.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import delete, insert, select
from sqlalchemy.exc import IntegrityError

from saqqara.store.schema import push_subscriptions, site_keys
from saqqara.store.store import Store

SUBSCRIPTIONS_PER_ACCOUNT = 20
"""The most browsers an account keeps subscribed; a newer subscription pushes the oldest
out (a browser that subscribes afresh every visit never fills the table)."""


@dataclass(frozen=True, slots=True)
class Subscription:
    """One browser's push subscription (``p256dh`` and ``auth`` base64url, as sent)."""

    endpoint: str
    p256dh: str
    auth: str
    created_at: float


def endpoint_key(endpoint: str) -> str:
    """The key of an endpoint's row: its SHA-256 (an endpoint may be long)."""
    return hashlib.sha256(endpoint.encode()).hexdigest()


class PushStore:
    """The site's keys and the push subscriptions of one store."""

    def __init__(self, store: Store) -> None:
        self.engine = store.engine

    def site_key(self, name: str, make: Callable[[], str]) -> str:
        """The site key ``name``, made by ``make`` and kept when there is none yet; the
        one kept first when another process kept one meanwhile."""
        query = select(site_keys.c.value).where(site_keys.c.name == name)
        with self.engine.begin() as tx:
            kept = tx.execute(query).scalar()
        if kept is not None:
            return str(kept)
        try:
            with self.engine.begin() as tx:
                value = make()
                tx.execute(insert(site_keys).values(name=name, value=value, created_at=time.time()))
            return value
        except IntegrityError:
            with self.engine.begin() as tx:
                return str(tx.execute(query).scalar_one())

    def subscribe(self, account_id: str, endpoint: str, p256dh: str, auth: str) -> None:
        """Keep a browser's subscription for ``account_id`` (replacing the endpoint's row,
        whoever's it was; the account's oldest beyond :data:`SUBSCRIPTIONS_PER_ACCOUNT`
        go)."""
        key = endpoint_key(endpoint)
        table = push_subscriptions
        with self.engine.begin() as tx:
            tx.execute(delete(table).where(table.c.id == key))
            tx.execute(
                insert(table).values(
                    id=key,
                    account_id=account_id,
                    endpoint=endpoint,
                    p256dh=p256dh,
                    auth=auth,
                    created_at=time.time(),
                )
            )
            kept = tx.execute(
                select(table.c.id)
                .where(table.c.account_id == account_id)
                .order_by(table.c.created_at.desc(), table.c.id)
                .offset(SUBSCRIPTIONS_PER_ACCOUNT)
            ).all()
            if kept:
                tx.execute(delete(table).where(table.c.id.in_([row[0] for row in kept])))

    def subscriptions(self, account_id: str) -> list[Subscription]:
        """The account's subscriptions, newest first."""
        table = push_subscriptions
        query = (
            select(table.c.endpoint, table.c.p256dh, table.c.auth, table.c.created_at)
            .where(table.c.account_id == account_id)
            .order_by(table.c.created_at.desc(), table.c.id)
        )
        with self.engine.begin() as tx:
            rows = tx.execute(query).all()
        return [Subscription(str(r[0]), str(r[1]), str(r[2]), float(r[3])) for r in rows]

    def unsubscribe(self, account_id: str, endpoint: str) -> bool:
        """Delete the account's subscription at ``endpoint``; whether there was one."""
        table = push_subscriptions
        with self.engine.begin() as tx:
            gone = tx.execute(
                delete(table).where(
                    table.c.id == endpoint_key(endpoint), table.c.account_id == account_id
                )
            )
        return bool(gone.rowcount)

    def forget(self, endpoint: str) -> None:
        """Delete the subscription at ``endpoint`` (its push service says it is gone)."""
        table = push_subscriptions
        with self.engine.begin() as tx:
            tx.execute(delete(table).where(table.c.id == endpoint_key(endpoint)))
