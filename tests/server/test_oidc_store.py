"""Provider links and sign-ins under way in the store, on SQLite and PostgreSQL: a flow is
taken once and not after it expired; a person is one account; names are found free; the
links go with their account; a first password is set once; unlinking never takes an
account's last way in; migration 0011 goes back and up again."""

from __future__ import annotations

import time

import pytest
from sqlalchemy import create_engine, update

from saqqara.store import Store
from saqqara.store.accounts import Accounts
from saqqara.store.oidc import AlreadyLinked, Flow, LastWayIn, NotLinked, OidcLinks
from saqqara.store.schema import oidc_flows
from saqqara.store.store import normalize_url
from tests.server.test_accounts_store import CHEAP, _alembic

ISSUER = "https://id.example.com"


def test_a_flow_is_taken_once_and_not_after_it_expired(db_url: str) -> None:
    store = Store(db_url)
    links = OidcLinks(store)
    flow = Flow("corp", "state", "nonce", "verifier", "https://site/cb", None)
    cookie = links.start(flow)
    assert links.take("another cookie") is None
    assert links.take(cookie) == flow
    assert links.take(cookie) is None
    late = links.start(flow)
    with store.engine.begin() as tx:
        tx.execute(update(oidc_flows).values(expires_at=time.time() - 1))
    assert links.take(late) is None
    store.close()


def test_a_person_is_one_account_and_names_are_found_free(db_url: str) -> None:
    store = Store(db_url)
    links, accounts = OidcLinks(store), Accounts(store, CHEAP)
    accounts.create("Ann", "correct horse")
    first = links.create("corp", ISSUER, "s1", "ann")
    assert first.name == "ann-2"
    assert links.create("corp", ISSUER, "s1", "ann") == first  # made already: the same
    assert links.account(ISSUER, "s1") == first
    assert links.account(ISSUER + "/other", "s1") is None
    second = links.create("corp", ISSUER, "s2", "ANN")
    assert second.name == "ANN-3"
    assert not accounts.check_password(first.id, "!oidc")  # no password signs it in
    bob = accounts.create("Bob", "correct horse")
    links.link(bob.id, "other", "https://other.example", "b1")
    links.link(bob.id, "other", "https://other.example", "b1")  # again: nothing changes
    with pytest.raises(AlreadyLinked):
        links.link(bob.id, "corp", ISSUER, "s1")
    assert links.providers_of(bob.id) == ["other"]
    accounts.delete(bob.id)
    assert links.account("https://other.example", "b1") is None
    assert links.providers_of(bob.id) == []
    store.close()


def test_migration_0011_goes_back_and_up_again(db_url: str) -> None:
    store = Store(db_url)
    OidcLinks(store).create("corp", ISSUER, "s1", "ann")
    store.close()
    _alembic(db_url, "0010", down=True)
    engine = create_engine(normalize_url(db_url))
    with engine.connect() as tx:
        names = set(engine.dialect.get_table_names(tx))
    engine.dispose()
    assert "oidc_links" not in names and "oidc_flows" not in names and "accounts" in names
    again = Store(db_url)  # up to the newest again
    assert OidcLinks(again).account(ISSUER, "s1") is None
    again.close()


def test_a_first_password_is_set_once(db_url: str) -> None:
    store = Store(db_url)
    links, accounts = OidcLinks(store), Accounts(store, CHEAP)
    made = links.create("local", ISSUER, "sub-1", "Fia")
    assert not links.has_password(made.id)
    assert links.set_first_password(made.id, accounts.hasher.hash("first password"))
    assert links.has_password(made.id)
    assert not links.set_first_password(made.id, accounts.hasher.hash("another one"))
    assert accounts.check_password(made.id, "first password")
    store.close()


def test_unlinking_leaves_a_way_in(db_url: str) -> None:
    store = Store(db_url)
    links = OidcLinks(store)
    made = links.create("local", ISSUER, "sub-2", "Gun")
    links.link(made.id, "other", ISSUER, "sub-2-other")
    with pytest.raises(NotLinked):
        links.unlink(made.id, "gone", ["local", "other"])
    # A link to a provider the server no longer offers is no way in.
    with pytest.raises(LastWayIn):
        links.unlink(made.id, "local", [])
    assert links.providers_of(made.id) == ["local", "other"]
    links.unlink(made.id, "local", ["other"])
    with pytest.raises(LastWayIn):
        links.unlink(made.id, "other", ["local"])
    assert links.providers_of(made.id) == ["other"]
    store.close()
