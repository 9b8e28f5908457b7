"""Sign-in with OpenID Connect against a small local provider (``oidc_provider.py``, a real
HTTP server) and a real ``saqqara serve``, driven by httpx following the redirects as a
browser would: an account and a session the first time, the same account the next; a
wrong state, a foreign signature, another audience, an expired token, a replayed code, a
refused consent and a provider out of reach each end at the sign-in page with nothing
made."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlencode, urlsplit

import httpx
import pytest
from sqlalchemy import create_engine, func, select

from saqqara.server.oidc import SettingsError, providers_from_env
from saqqara.store.oidc import name_choices
from saqqara.store.schema import accounts, oidc_flows, oidc_links, sessions
from tests.server.harness import ServerProcess
from tests.server.oidc_provider import CLIENT_ID, CLIENT_SECRET, Person, ProviderServer

CSRF = "X-Saqqara-CSRF"


def _dead_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
    return port


@pytest.fixture(scope="module")
def provider() -> Iterator[ProviderServer]:
    with ProviderServer() as running:
        yield running


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> str:
    return f"sqlite:///{tmp_path_factory.mktemp('oidc') / 'oidc.db'}"


@pytest.fixture(scope="module")
def server(provider: ProviderServer, db: str) -> Iterator[ServerProcess]:
    env = {
        "SAQQARA_OIDC_LOCAL_ISSUER": provider.issuer,
        "SAQQARA_OIDC_LOCAL_CLIENT_ID": CLIENT_ID,
        "SAQQARA_OIDC_LOCAL_CLIENT_SECRET": CLIENT_SECRET,
        "SAQQARA_OIDC_LOCAL_NAME": "Local ID",
        "SAQQARA_OIDC_GONE_ISSUER": f"http://127.0.0.1:{_dead_port()}",
        "SAQQARA_OIDC_GONE_CLIENT_ID": "x",
        "SAQQARA_OIDC_GONE_CLIENT_SECRET": "y",
    }
    with ServerProcess(
        db, "--sqlite-sync", "normal", "--oidc", "local", "--oidc", "gone", env=env
    ) as running:
        yield running


@pytest.fixture(autouse=True)
def behaving(provider: ProviderServer) -> Iterator[None]:
    provider.provider.mischief = None
    yield
    provider.provider.mischief = None


def counts(db: str) -> tuple[int, int, int]:
    """Accounts, sessions and provider links in the store."""
    engine = create_engine(db)
    try:
        with engine.connect() as tx:
            return tuple(  # type: ignore[return-value]
                int(tx.execute(select(func.count()).select_from(t)).scalar() or 0)
                for t in (accounts, sessions, oidc_links)
            )
    finally:
        engine.dispose()


def browser(server: ServerProcess) -> httpx.Client:
    return httpx.Client(base_url=server.base, follow_redirects=True, timeout=30)


def start(http: httpx.Client, key: str = "local", **headers: str) -> httpx.Response:
    return http.post(f"/api/account/oidc/{key}/start", headers={CSRF: "1", **headers})


def sign_in(http: httpx.Client) -> httpx.Response:
    """The whole sign-in: start, the provider, back; the last answer (a page)."""
    begun = start(http)
    assert begun.status_code == 200, begun.text
    return http.get(begun.json()["url"])


def to_callback(http: httpx.Client) -> str:
    """Start, and go to the provider; the callback URL it sends the browser to."""
    begun = start(http)
    assert begun.status_code == 200, begun.text
    at_provider = http.get(begun.json()["url"], follow_redirects=False)
    assert at_provider.status_code == 302, at_provider.text
    return at_provider.headers["location"]


def refused_with(answer: httpx.Response) -> str:
    """The error code of a sign-in that ended back at the sign-in page."""
    url = answer.url
    assert url.path == "/sign-in", url
    return parse_qs(url.query.decode())["oidc-error"][0]


def test_the_providers_are_listed(server: ServerProcess) -> None:
    with browser(server) as http:
        answer = http.get("/api/account/providers").json()
    assert answer == {
        "providers": [{"key": "local", "name": "Local ID"}, {"key": "gone", "name": "gone"}],
        "linked": [],
        "password": None,
    }


def test_sign_in_makes_an_account_and_a_session_and_finds_it_again(
    server: ServerProcess, provider: ProviderServer, db: str
) -> None:
    provider.provider.person = Person("sub-ann", "ann.example")
    before = counts(db)
    with browser(server) as http:
        page = sign_in(http)
        assert page.status_code == 200 and page.url.path == "/"
        me = http.get("/api/account").json()
        assert me["account"]["name"] == "ann_example"
        first = me["account"]
        assert "saqqara_oidc" not in http.cookies  # the flow's cookie is gone
    assert counts(db) == (before[0] + 1, before[1] + 1, before[2] + 1)
    with browser(server) as http:  # another browser, the same person: the same account
        sign_in(http)
        assert http.get("/api/account").json()["account"] == first
    assert counts(db) == (before[0] + 1, before[1] + 2, before[2] + 1)
    # The PKCE verifier was checked (the provider refuses a wrong one), and nothing is
    # left of the flows.
    assert provider.provider.refused == []
    engine = create_engine(db)
    with engine.connect() as tx:
        assert tx.execute(select(func.count()).select_from(oidc_flows)).scalar() == 0
    engine.dispose()


def test_a_taken_name_gets_a_number(server: ServerProcess, provider: ProviderServer) -> None:
    with browser(server) as http:
        made = http.post(
            "/api/account/sign-up",
            json={"name": "Bob", "password": "a good password"},
            headers={CSRF: "1"},
        )
        assert made.status_code == 201
    provider.provider.person = Person("sub-bob", "bob")
    with browser(server) as http:
        sign_in(http)
        assert http.get("/api/account").json()["account"]["name"] == "bob-2"
    # The account has no password: none signs it in.
    with browser(server) as http:
        tried = http.post(
            "/api/account/sign-in",
            json={"name": "bob-2", "password": "!oidc"},
            headers={CSRF: "1"},
        )
        assert tried.status_code == 401


@pytest.mark.parametrize(
    ("mischief", "code"),
    [
        ("bad-signature", "oidc-bad-token"),
        ("wrong-audience", "oidc-bad-token"),
        ("expired", "oidc-bad-token"),
        ("wrong-nonce", "oidc-bad-token"),
        ("wrong-issuer", "oidc-bad-token"),
        ("deny", "oidc-denied"),
    ],
)
def test_a_wrong_answer_of_the_provider_makes_nothing(
    server: ServerProcess, provider: ProviderServer, db: str, mischief: str, code: str
) -> None:
    provider.provider.person = Person(f"sub-{mischief}", "mallory")
    provider.provider.mischief = mischief
    before = counts(db)
    with browser(server) as http:
        assert refused_with(sign_in(http)) == code
        assert http.get("/api/account").json() == {"account": None}
        assert "saqqara_session" not in http.cookies
    assert counts(db) == before


def test_a_wrong_state_makes_nothing(server: ServerProcess, db: str) -> None:
    before = counts(db)
    with browser(server) as http:
        back = urlsplit(to_callback(http))
        query = parse_qs(back.query)
        forged = urlencode({"code": query["code"][0], "state": "not-the-state"})
        assert refused_with(http.get(f"{back.path}?{forged}")) == "oidc-bad-state"
        # The flow was spent by the wrong answer: the right one no longer signs in.
        assert refused_with(http.get(f"{back.path}?{back.query}")) == "oidc-expired"
        assert http.get("/api/account").json() == {"account": None}
    with browser(server) as http:  # an answer without its browser's cookie
        back = urlsplit(to_callback(http))
    with browser(server) as other:
        assert refused_with(other.get(f"{back.path}?{back.query}")) == "oidc-expired"
    assert counts(db) == before


def test_a_replayed_code_makes_nothing(
    server: ServerProcess, provider: ProviderServer, db: str
) -> None:
    provider.provider.person = Person("sub-replay", "replay")
    with browser(server) as http:
        used = urlsplit(to_callback(http))
        assert http.get(f"{used.path}?{used.query}").url.path == "/"
    after_first = counts(db)
    with browser(server) as http:
        # The same answer again: its flow is spent.
        assert refused_with(http.get(f"{used.path}?{used.query}")) == "oidc-expired"
        # The old code under a new flow's state: the provider refuses the code.
        fresh = parse_qs(urlsplit(to_callback(http)).query)
        old_code = parse_qs(used.query)["code"][0]
        replayed = urlencode({"code": old_code, "state": fresh["state"][0]})
        assert refused_with(http.get(f"{used.path}?{replayed}")) == "oidc-refused"
        assert http.get("/api/account").json() == {"account": None}
    assert provider.provider.refused[-1] == "invalid_grant"
    assert counts(db) == after_first


def test_a_provider_out_of_reach_and_an_unknown_one_are_refused(
    server: ServerProcess, db: str
) -> None:
    before = counts(db)
    with browser(server) as http:
        down = start(http, "gone")
        assert down.status_code == 502 and down.json()["error"]["code"] == "oidc-unavailable"
        unknown = start(http, "nobody")
        assert unknown.status_code == 404
        assert unknown.json()["error"]["code"] == "oidc-unknown-provider"
        # Starting needs the CSRF header, and this site's origin.
        assert http.post("/api/account/oidc/local/start").status_code == 403
        evil = start(http, Origin="https://evil.example")
        assert evil.status_code == 403
        assert "saqqara_oidc" not in http.cookies
    assert counts(db) == before


def test_a_signed_in_account_links_a_provider(
    server: ServerProcess, provider: ProviderServer, db: str
) -> None:
    with browser(server) as http:
        made = http.post(
            "/api/account/sign-up",
            json={"name": "Carol", "password": "a good password"},
            headers={CSRF: "1"},
        )
        csrf = made.json()["csrf"]
        # Linking needs the session's own token.
        assert (
            http.post(
                "/api/account/oidc/local/start", json={"link": True}, headers={CSRF: "1"}
            ).status_code
            == 403
        )
        begun = http.post(
            "/api/account/oidc/local/start", json={"link": True}, headers={CSRF: csrf}
        )
        assert begun.status_code == 200
        provider.provider.person = Person("sub-carol", "carol-at-provider")
        page = http.get(begun.json()["url"])
        assert page.url.path == "/account"
        assert http.get("/api/account/providers").json()["linked"] == ["local"]
    with browser(server) as http:  # the provider now signs in to Carol
        sign_in(http)
        assert http.get("/api/account").json()["account"]["name"] == "Carol"
    # Another account cannot take the same person.
    before = counts(db)
    with browser(server) as http:
        made = http.post(
            "/api/account/sign-up",
            json={"name": "Dave", "password": "a good password"},
            headers={CSRF: "1"},
        )
        begun = http.post(
            "/api/account/oidc/local/start",
            json={"link": True},
            headers={CSRF: made.json()["csrf"]},
        )
        assert refused_with(http.get(begun.json()["url"])) == "oidc-linked-elsewhere"
    assert counts(db)[2] == before[2]


def test_the_settings_are_checked() -> None:
    env = {
        "SAQQARA_OIDC_CORP_ISSUER": "https://id.example.com",
        "SAQQARA_OIDC_CORP_CLIENT_ID": "c",
        "SAQQARA_OIDC_CORP_CLIENT_SECRET": "s",
    }
    (corp,) = providers_from_env(("corp",), env)
    assert (corp.issuer, corp.name) == ("https://id.example.com", "corp")
    for keys, changed, words in [
        (("Corp",), {}, "lowercase"),
        (("corp", "corp"), {}, "twice"),
        (("corp",), {"SAQQARA_OIDC_CORP_CLIENT_SECRET": ""}, "CLIENT_SECRET"),
        (("corp",), {"SAQQARA_OIDC_CORP_ISSUER": "http://id.example.com"}, "https://"),
        (("corp",), {"SAQQARA_OIDC_CORP_ISSUER": "id.example.com"}, "https://"),
    ]:
        with pytest.raises(SettingsError, match=words):
            providers_from_env(keys, {**env, **changed})


def test_names_are_derived_and_numbered() -> None:
    assert next(name_choices("Åsa Öberg")) == "Asa_Oberg"
    assert next(name_choices("李", "x", "mallory@example.com")) == "mallory"
    assert next(name_choices(None, "<b>")) == "player"
    numbered = name_choices("ann")
    assert [next(numbered) for _ in range(3)] == ["ann", "ann-2", "ann-3"]


def test_serve_with_a_provider_missing_its_settings_stops_with_one_line(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'x.db'}"
    done = subprocess.run(
        [sys.executable, "-m", "saqqara.cli", "serve", "--port", "0", "--db", db, "--oidc", "corp"],
        capture_output=True,
        text=True,
        timeout=120,
        env={k: v for k, v in os.environ.items() if not k.startswith("SAQQARA_OIDC_")},
    )
    assert done.returncode == 1
    assert done.stderr.strip() == (
        "saqqara serve: error: --oidc corp needs SAQQARA_OIDC_CORP_ISSUER in the environment"
    )
