"""The store's side of accounts without a password (``store/oidc.py``), on each backend:
a first password is set once, and unlinking never takes an account's last way in."""

from __future__ import annotations

import pytest

from saqqara.store import Store
from saqqara.store.accounts import Accounts
from saqqara.store.oidc import LastWayIn, NotLinked, OidcLinks

ISSUER = "https://id.example"


def test_a_first_password_is_set_once(db_url: str) -> None:
    store = Store(db_url)
    links, accounts = OidcLinks(store), Accounts(store)
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
