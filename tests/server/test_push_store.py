"""Web Push in the store, on SQLite and PostgreSQL: the site's key is made once and kept
(two processes starting together keep the first one's), subscriptions per account (one row
per endpoint, the oldest beyond the limit dropped, gone with the account), and migration
0012 down and up again."""

from __future__ import annotations

import threading

from argon2 import PasswordHasher
from sqlalchemy import create_engine, inspect

from saqqara.store import Store
from saqqara.store.accounts import Accounts
from saqqara.store.push import SUBSCRIPTIONS_PER_ACCOUNT, PushStore
from saqqara.store.store import normalize_url
from tests.server.test_accounts_store import _alembic

CHEAP = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)


def test_the_site_key_is_made_once_and_kept(db_url: str) -> None:
    store = Store(db_url)
    made: list[str] = []
    barrier = threading.Barrier(4)

    def make() -> str:
        made.append(f"key {len(made)}")
        return made[-1]

    def start() -> None:
        barrier.wait()
        kept.append(PushStore(store).site_key("vapid", make))

    kept: list[str] = []
    starts = [threading.Thread(target=start) for _ in range(4)]
    for each in starts:
        each.start()
    for each in starts:
        each.join()
    assert len(set(kept)) == 1 and kept[0] in made
    store.close()
    again = Store(db_url)  # a restart reads it back, makes nothing
    assert PushStore(again).site_key("vapid", lambda: "never") == kept[0]
    again.close()


def test_subscriptions_per_account(db_url: str) -> None:
    store = Store(db_url)
    accounts, pushes = Accounts(store, CHEAP), PushStore(store)
    ann, bob = accounts.create("Ann", "correct horse"), accounts.create("Bob", "correct horse")
    pushes.subscribe(ann.id, "https://push.example/1", "k1", "a1")
    pushes.subscribe(ann.id, "https://push.example/1", "k2", "a2")  # the same browser, anew
    assert [(s.endpoint, s.p256dh) for s in pushes.subscriptions(ann.id)] == [
        ("https://push.example/1", "k2")
    ]
    pushes.subscribe(bob.id, "https://push.example/1", "k3", "a3")  # now Bob's browser
    assert pushes.subscriptions(ann.id) == []
    assert not pushes.unsubscribe(ann.id, "https://push.example/1")  # not Ann's to remove
    for n in range(SUBSCRIPTIONS_PER_ACCOUNT + 2):
        pushes.subscribe(ann.id, f"https://push.example/a{n}", "k", "a")
    kept = [s.endpoint for s in pushes.subscriptions(ann.id)]
    assert len(kept) == SUBSCRIPTIONS_PER_ACCOUNT and "https://push.example/a0" not in kept
    pushes.forget("https://push.example/1")
    assert pushes.subscriptions(bob.id) == []
    accounts.delete(ann.id)
    assert pushes.subscriptions(ann.id) == []
    store.close()


def test_migration_0012_goes_back_and_up_again(db_url: str) -> None:
    store = Store(db_url)
    ann = Accounts(store, CHEAP).create("Ann", "correct horse")
    PushStore(store).subscribe(ann.id, "https://push.example/1", "k", "a")
    key = PushStore(store).site_key("vapid", lambda: "first")
    store.close()
    _alembic(db_url, "0011", down=True)
    engine = create_engine(normalize_url(db_url))
    names = set(inspect(engine).get_table_names())
    engine.dispose()
    assert {"site_keys", "push_subscriptions"}.isdisjoint(names)
    assert {"accounts", "ratings"} <= names
    again = Store(db_url)  # up again: a new key is made, no subscription is left
    assert PushStore(again).site_key("vapid", lambda: "second") == "second" != key
    assert PushStore(again).subscriptions(ann.id) == []
    again.close()
