"""Accounts without a password (made by a provider's sign-in), over a real ``saqqara serve``
and the local provider of ``oidc_provider.py``: deleting one by typing its user name,
setting its first password within minutes of signing in (then changing it as usual), and
unlinking a provider, refused when it would leave the account no way in. Every refusal
changes nothing; every change needs the session's CSRF token."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import closing

import httpx
import pytest
from sqlalchemy import create_engine, select, update

from saqqara.store.schema import accounts, oidc_links, seats, sessions
from tests.server.harness import ServerProcess
from tests.server.oidc_provider import CLIENT_ID, CLIENT_SECRET, Person, ProviderServer
from tests.server.test_oidc import CSRF, browser, sign_in

PASSWORD = "a good password"


@pytest.fixture(scope="module")
def provider() -> Iterator[ProviderServer]:
    with ProviderServer() as running:
        yield running


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> str:
    return f"sqlite:///{tmp_path_factory.mktemp('oidc-account') / 'oidc.db'}"


@pytest.fixture(scope="module")
def server(provider: ProviderServer, db: str) -> Iterator[ServerProcess]:
    """Two providers, ``local`` and ``other``, both the local one (two persons of one
    issuer are two links)."""
    env: dict[str, str] = {}
    for key in ("LOCAL", "OTHER"):
        env[f"SAQQARA_OIDC_{key}_ISSUER"] = provider.issuer
        env[f"SAQQARA_OIDC_{key}_CLIENT_ID"] = CLIENT_ID
        env[f"SAQQARA_OIDC_{key}_CLIENT_SECRET"] = CLIENT_SECRET
    with ServerProcess(
        db, "--sqlite-sync", "normal", "--oidc", "local", "--oidc", "other", env=env
    ) as running:
        yield running


def code(answer: httpx.Response) -> str:
    found: str = answer.json()["error"]["code"]
    return found


def provider_account(
    server: ServerProcess, provider: ProviderServer, subject: str, name: str
) -> tuple[httpx.Client, str]:
    """A browser signed in to a new account made by the ``local`` provider, and its CSRF
    token."""
    provider.provider.person = Person(subject, name)
    http = browser(server)
    assert sign_in(http).url.path == "/"
    me = http.get("/api/account").json()
    assert me["account"]["name"] == name
    assert http.get("/api/account/providers").json()["password"] is False
    return http, str(me["csrf"])


def row(db: str, table: object, *where: object) -> list[tuple[object, ...]]:
    engine = create_engine(db)
    try:
        with engine.connect() as tx:
            return [tuple(r) for r in tx.execute(select(table).where(*where)).all()]  # type: ignore[call-overload]
    finally:
        engine.dispose()


def age_sessions(db: str, seconds: float) -> None:
    """Make every session look opened ``seconds`` ago (a sign-in long past)."""
    engine = create_engine(db)
    try:
        with engine.begin() as tx:
            tx.execute(update(sessions).values(created_at=time.time() - seconds))
    finally:
        engine.dispose()


def account_id(db: str, name: str) -> str:
    found = row(db, accounts, accounts.c.name == name)
    assert len(found) == 1
    return str(found[0][0])


def test_an_account_without_a_password_is_deleted_by_its_name(
    server: ServerProcess, provider: ProviderServer, db: str
) -> None:
    http, csrf = provider_account(server, provider, "sub-del", "Delia")
    with closing(http):
        made = http.post(
            "/api/tables",
            json={"game": "tutankhamun", "seats": [{"kind": "person"}, {"kind": "bot"}], "mine": 0},
            headers={CSRF: csrf},
        )
        assert made.status_code == 201, made.text
        table = made.json()["table"]
        ident = account_id(db, "Delia")
        owners = [r[-1] for r in row(db, seats, seats.c.table_id == table)]
        assert owners.count(ident) == 1  # the person seat is the account's
        # Without the CSRF token, with the wrong name, or a password: refused, nothing gone.
        assert code(http.post("/api/account/delete", json={"name": "Delia"})) == "bad-csrf"
        for wrong in ({"name": "delia-x"}, {"name": ""}, {}, {"password": "anything at all"}):
            answer = http.post("/api/account/delete", json=wrong, headers={CSRF: csrf})
            assert answer.status_code == 403 and code(answer) == "wrong-user-name", wrong
        assert http.get("/api/account").json()["account"]["name"] == "Delia"
        gone = http.post("/api/account/delete", json={"name": "Delia"}, headers={CSRF: csrf})
        assert gone.status_code == 200 and gone.json() == {"deleted": True}
        assert http.get("/api/account").json() == {"account": None}
    assert row(db, accounts, accounts.c.id == ident) == []
    assert row(db, oidc_links, oidc_links.c.account_id == ident) == []
    kept = row(db, seats, seats.c.table_id == table)
    assert len(kept) == 2 and all(r[-1] is None for r in kept)  # the game stays, no one's
    # The provider's person signs in to a new account afterwards.
    again, _ = provider_account(server, provider, "sub-del", "Delia")
    again.close()


def test_an_account_with_a_password_still_asks_for_it(server: ServerProcess) -> None:
    with browser(server) as http:
        csrf = http.post(
            "/api/account/sign-up", json={"name": "Pia", "password": PASSWORD}, headers={CSRF: "1"}
        ).json()["csrf"]
        by_name = http.post("/api/account/delete", json={"name": "Pia"}, headers={CSRF: csrf})
        assert code(by_name) == "wrong-password"
        # Nor can it set a "first" password without the current one.
        first = http.post(
            "/api/account/set-password", json={"new": "another one!"}, headers={CSRF: csrf}
        )
        assert first.status_code == 409 and code(first) == "has-password"
        assert (
            http.post(
                "/api/account/sign-in",
                json={"name": "Pia", "password": PASSWORD},
                headers={CSRF: "1"},
            ).status_code
            == 200
        )


def test_a_first_password_needs_a_fresh_session_then_changes_as_usual(
    server: ServerProcess, provider: ProviderServer, db: str
) -> None:
    http, csrf = provider_account(server, provider, "sub-pw", "Petra")
    with closing(http):
        ident = account_id(db, "Petra")
        url = "/api/account/set-password"
        assert code(http.post(url, json={"new": "first password"})) == "bad-csrf"
        assert code(http.post(url, json={"new": "short"}, headers={CSRF: csrf})) == "bad-password"
        age_sessions(db, 11 * 60)
        stale = http.post(url, json={"new": "first password"}, headers={CSRF: csrf})
        assert stale.status_code == 403 and code(stale) == "stale-session"
        assert row(db, accounts, accounts.c.id == ident)[0][3] == "!oidc"
        age_sessions(db, 9 * 60)
        done = http.post(url, json={"new": "first password"}, headers={CSRF: csrf})
        assert done.status_code == 200, done.text
        assert done.json()["csrf"] == csrf  # the same session goes on
        assert http.get("/api/account/providers").json()["password"] is True
        again = http.post(url, json={"new": "second password"}, headers={CSRF: csrf})
        assert code(again) == "has-password"
        # Now the password signs in, and changing it asks for the current one.
        changed = http.post(
            "/api/account/password",
            json={"old": "first password", "new": "second password"},
            headers={CSRF: csrf},
        )
        assert changed.status_code == 200, changed.text
    with browser(server) as other:
        signed = other.post(
            "/api/account/sign-in",
            json={"name": "Petra", "password": "second password"},
            headers={CSRF: "1"},
        )
        assert signed.status_code == 200


def test_unlinking_is_refused_when_it_leaves_no_way_in(
    server: ServerProcess, provider: ProviderServer, db: str
) -> None:
    http, csrf = provider_account(server, provider, "sub-un", "Ulla")
    with closing(http):
        ident = account_id(db, "Ulla")
        unlink = "/api/account/oidc/{}/unlink"
        assert code(http.post(unlink.format("local"))) == "bad-csrf"
        last = http.post(unlink.format("local"), headers={CSRF: csrf})
        assert last.status_code == 409 and code(last) == "last-way-in"
        assert http.get("/api/account/providers").json()["linked"] == ["local"]
        missing = http.post(unlink.format("other"), headers={CSRF: csrf})
        assert missing.status_code == 404 and code(missing) == "not-linked"
        # Link a second provider: then the first may go.
        begun = http.post(
            "/api/account/oidc/other/start", json={"link": True}, headers={CSRF: csrf}
        )
        provider.provider.person = Person("sub-un-other", "ulla-elsewhere")
        assert http.get(begun.json()["url"]).url.path == "/account"
        assert http.get("/api/account/providers").json()["linked"] == ["local", "other"]
        gone = http.post(unlink.format("local"), headers={CSRF: csrf})
        assert gone.status_code == 200 and gone.json() == {"linked": ["other"]}
        assert code(http.post(unlink.format("other"), headers={CSRF: csrf})) == "last-way-in"
        # With a password, the last provider may go too.
        assert (
            http.post(
                "/api/account/set-password", json={"new": "ulla's password"}, headers={CSRF: csrf}
            ).status_code
            == 200
        )
        final = http.post(unlink.format("other"), headers={CSRF: csrf})
        assert final.status_code == 200 and final.json() == {"linked": []}
    assert row(db, oidc_links, oidc_links.c.account_id == ident) == []
    with browser(server) as other:
        assert (
            other.post(
                "/api/account/sign-in",
                json={"name": "Ulla", "password": "ulla's password"},
                headers={CSRF: "1"},
            ).status_code
            == 200
        )
