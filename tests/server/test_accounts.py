"""Accounts over real HTTP and WebSockets: sign up, sign in and out, who am I, change the
password, sign out everywhere, delete; seats that belong to an account and "my games"."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect

from saqqara.client import TableClient
from tests.server.harness import ServerProcess
from tests.server.play import play_seat

CSRF = "X-Saqqara-CSRF"
PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("accounts") / "accounts.db"
    with ServerProcess(
        f"sqlite:///{db}", "--sqlite-sync", "normal", "--forwarded-allow-ips", "127.0.0.1"
    ) as running:
        yield running


_people = iter(range(10_000))


def fresh_address() -> str:
    """Each test's requests come from an address of their own (through the trusted proxy
    header), so the per-address limits of one test never touch another's."""
    n = next(_people)
    return f"10.1.{n // 250}.{n % 250 + 1}"


@pytest.fixture
def http(server: ServerProcess) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.base, headers={"X-Forwarded-For": fresh_address()}) as c:
        yield c


def sign_up(http: httpx.Client, name: str, password: str = PASSWORD) -> str:
    """Sign up; the session's CSRF token."""
    answer = http.post(
        "/api/account/sign-up", json={"name": name, "password": password}, headers={CSRF: "1"}
    )
    assert answer.status_code == 201, answer.text
    token: str = answer.json()["csrf"]
    return token


def sign_in(http: httpx.Client, name: str, password: str = PASSWORD) -> httpx.Response:
    return http.post(
        "/api/account/sign-in", json={"name": name, "password": password}, headers={CSRF: "1"}
    )


def code(answer: httpx.Response) -> str:
    error: str = answer.json()["error"]["code"]
    return error


def test_sign_up_who_am_i_sign_out_and_in(server: ServerProcess, http: httpx.Client) -> None:
    answer = http.post(
        "/api/account/sign-up",
        json={"name": "Ann_1", "password": PASSWORD},
        headers={CSRF: "1"},
    )
    assert answer.status_code == 201
    cookie = answer.headers["set-cookie"]
    assert cookie.startswith("saqqara_session=")
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Secure" not in cookie
    assert "Path=/" in cookie and "Max-Age=2592000" in cookie
    csrf = answer.json()["csrf"]
    me = http.get("/api/account").json()
    assert me["account"]["name"] == "Ann_1" and me["csrf"] == csrf
    assert "id" not in me["account"] and PASSWORD not in answer.text
    # Signing out needs the session's CSRF token.
    assert code(http.post("/api/account/sign-out")) == "bad-csrf"
    assert code(http.post("/api/account/sign-out", headers={CSRF: "x"})) == "bad-csrf"
    out = http.post("/api/account/sign-out", headers={CSRF: csrf})
    assert out.status_code == 200 and out.json() == {"signed_out": True}
    assert "saqqara_session=" in out.headers["set-cookie"]
    assert http.get("/api/account").json() == {"account": None}
    # Another case signs in the same account; a second sign-up of the name is refused.
    signed = sign_in(http, "ann_1")
    assert signed.status_code == 200 and signed.json()["account"]["name"] == "Ann_1"
    assert signed.json()["csrf"] != csrf  # a new session
    taken = http.post(
        "/api/account/sign-up", json={"name": "ANN_1", "password": PASSWORD}, headers={CSRF: "1"}
    )
    assert taken.status_code == 409 and code(taken) == "name-taken"
    assert PASSWORD not in server.output()


def test_the_cookie_is_secure_over_https_through_the_named_proxy(
    server: ServerProcess, http: httpx.Client
) -> None:
    answer = http.post(
        "/api/account/sign-up",
        json={"name": "Secure1", "password": PASSWORD},
        headers={CSRF: "1", "X-Forwarded-Proto": "https"},
    )
    assert answer.status_code == 201 and "Secure" in answer.headers["set-cookie"]


def test_names_and_passwords_are_checked_with_a_reason(http: httpx.Client) -> None:
    cases: list[tuple[Any, str]] = [
        ({"name": "ab", "password": PASSWORD}, "bad-user-name"),
        ({"name": "a" * 25, "password": PASSWORD}, "bad-user-name"),
        ({"name": "_ann", "password": PASSWORD}, "bad-user-name"),
        ({"name": "Ann Bee", "password": PASSWORD}, "bad-user-name"),
        ({"name": "Ånn", "password": PASSWORD}, "bad-user-name"),
        ({"name": "ann\u202e", "password": PASSWORD}, "bad-user-name"),
        ({"name": "Carla", "password": "short"}, "bad-password"),
        ({"name": "Carla", "password": "x" * 257}, "bad-password"),
        ({"name": "Carla", "password": "CARLA"}, "bad-password"),
        ({"name": "Carlotta", "password": "CARLOTTA"}, "bad-password"),
        ({"name": "Carla"}, "bad-request"),
        ({"name": "Carla", "password": PASSWORD, "admin": True}, "bad-request"),
        ({"name": 5, "password": PASSWORD}, "bad-request"),
        ({"name": "x" * 65, "password": PASSWORD}, "bad-request"),
        ([], "bad-request"),
    ]
    for body, expected in cases:
        answer = http.post("/api/account/sign-up", json=body, headers={CSRF: "1"})
        assert answer.status_code == 400 and code(answer) == expected, (body, answer.text)
        assert PASSWORD not in answer.text
    long = http.post("/api/account/sign-up", content=b"x" * 5000, headers={CSRF: "1"})
    assert long.status_code == 413 and code(long) == "too-large"
    assert sign_in(http, "Carla").status_code == 401  # nothing was made


def test_changing_the_password_ends_the_other_sessions(
    server: ServerProcess, http: httpx.Client
) -> None:
    csrf = sign_up(http, "Dora")
    with httpx.Client(base_url=server.base, headers={"X-Forwarded-For": fresh_address()}) as other:
        assert sign_in(other, "Dora").status_code == 200
        wrong = http.post(
            "/api/account/password",
            json={"old": "not it at all", "new": "a new password"},
            headers={CSRF: csrf},
        )
        assert wrong.status_code == 403 and code(wrong) == "wrong-password"
        short = http.post(
            "/api/account/password", json={"old": PASSWORD, "new": "short"}, headers={CSRF: csrf}
        )
        assert code(short) == "bad-password"
        changed = http.post(
            "/api/account/password",
            json={"old": PASSWORD, "new": "a new password"},
            headers={CSRF: csrf},
        )
        assert changed.status_code == 200 and changed.json()["csrf"] != csrf
        assert http.get("/api/account").json()["account"]["name"] == "Dora"  # a new cookie
        assert other.get("/api/account").json() == {"account": None}
        assert sign_in(other, "Dora").status_code == 401
        assert sign_in(other, "Dora", "a new password").status_code == 200


def test_sign_out_everywhere(server: ServerProcess, http: httpx.Client) -> None:
    csrf = sign_up(http, "Emil")
    with httpx.Client(base_url=server.base, headers={"X-Forwarded-For": fresh_address()}) as other:
        assert sign_in(other, "Emil").status_code == 200
        answer = http.post("/api/account/sign-out-everywhere", headers={CSRF: csrf})
        assert answer.status_code == 200 and answer.json() == {"signed_out": True, "sessions": 2}
        assert other.get("/api/account").json() == {"account": None}
        assert http.get("/api/account").json() == {"account": None}
        assert code(http.post("/api/account/sign-out", headers={CSRF: csrf})) == "not-signed-in"


def create(http: httpx.Client, csrf: str | None, **extra: Any) -> dict[str, Any]:
    body = {"game": "tutankhamun", "seats": [{"kind": "person"}, {"kind": "person"}], **extra}
    answer = http.post("/api/tables", json=body, headers={CSRF: csrf} if csrf else {})
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def key_of(link: str) -> str:
    return link.split("key=")[1]


async def first_frames(url: str, cookie: str | None, count: int = 2) -> list[dict[str, Any]]:
    headers = {"Cookie": f"saqqara_session={cookie}"} if cookie else {}
    frames = []
    async with connect(url, additional_headers=headers) as socket:
        for _ in range(count):
            frames.append(json.loads(await asyncio.wait_for(socket.recv(), 30)))
            if frames[-1]["type"] == "error":
                break
    return frames


def test_my_seats_open_from_any_device_and_list_in_my_games(
    server: ServerProcess, http: httpx.Client
) -> None:
    csrf = sign_up(http, "Fritz")
    created = create(http, csrf, mine=0)
    table = created["table"]
    games = http.get("/api/account/games").json()
    assert [(g["table"], g["seat"], g["status"]) for g in games["running"]] == [(table, 0, "open")]
    entry = games["running"][0]
    assert entry["link"] == f"{server.base}/t/{table}?seat=0" and entry["game"] == "tutankhamun"
    assert games["finished"] == []
    # Another device: signed in afresh, the seat opens without its key.
    with httpx.Client(base_url=server.base, headers={"X-Forwarded-For": fresh_address()}) as other:
        assert sign_in(other, "Fritz").status_code == 200
        session = other.cookies["saqqara_session"]
        ws = server.base.replace("http", "ws") + f"/ws/{table}?seat=0"
        frames = asyncio.run(first_frames(ws, session))
        assert frames[0]["type"] == "welcome" and frames[0]["seat"] == 0
        assert frames[1]["type"] == "update"
        # Without the session, or with another account's, the seat stays shut.
        refused = asyncio.run(first_frames(ws, None))
        assert refused[-1] == {
            "type": "error",
            "code": "bad-key",
            "message": "that seat link is not valid for this table",
            "cid": None,
        }
        with httpx.Client(base_url=server.base, headers={"X-Forwarded-For": fresh_address()}) as x:
            sign_up(x, "Gerd")
            stranger = asyncio.run(first_frames(ws, x.cookies["saqqara_session"]))
            assert stranger[-1] == refused[-1]
            assert x.get("/api/account/games").json() == {"running": [], "finished": []}
    # The second seat joins through its link; the game plays, and it is someone's turn.
    other_key = key_of(created["seats"][1]["link"])
    joined = http.post(f"/api/tables/{table}/join", json={"seat": 1, "key": other_key})
    assert joined.status_code == 200
    info = http.get(f"/api/tables/{table}").json()
    assert info["status"] == "playing" and "account" not in json.dumps(info)
    running = http.get("/api/account/games").json()["running"]
    assert running[0]["status"] == "playing" and isinstance(running[0]["your_turn"], bool)


def test_a_guest_seat_is_claimed_by_its_key_and_joins_are_recorded(
    server: ServerProcess, http: httpx.Client
) -> None:
    created = create(http, None)  # a guest's table
    table, link = created["table"], created["seats"][0]["link"]
    csrf = sign_up(http, "Hanna")
    assert http.get("/api/account/games").json()["running"] == []
    claim = {"table": table, "seat": 0, "key": key_of(link)}
    assert code(http.post("/api/account/seats", json=claim)) == "bad-csrf"
    wrong = http.post("/api/account/seats", json={**claim, "key": "nope"}, headers={CSRF: csrf})
    assert wrong.status_code == 403 and code(wrong) == "bad-key"
    nowhere = http.post(
        "/api/account/seats", json={**claim, "table": "0" * 16}, headers={CSRF: csrf}
    )
    assert nowhere.status_code == 404 and code(nowhere) == "no-table"
    claimed = http.post("/api/account/seats", json=claim, headers={CSRF: csrf})
    assert claimed.status_code == 200
    assert claimed.json() == {"table": table, "seat": 0, "link": f"{server.base}/t/{table}?seat=0"}
    assert [g["table"] for g in http.get("/api/account/games").json()["running"]] == [table]
    # The guest link still works; another account holding the key cannot take the seat.
    ws = server.base.replace("http", "ws") + f"/ws/{table}?seat=0&key={key_of(link)}"
    assert asyncio.run(first_frames(ws, None))[0]["type"] == "welcome"
    with httpx.Client(base_url=server.base, headers={"X-Forwarded-For": fresh_address()}) as x:
        other = sign_up(x, "Ingo")
        taken = x.post("/api/account/seats", json=claim, headers={CSRF: other})
        assert taken.status_code == 400 and code(taken) == "no-seat"
        # A join with the session records the seat taken as the account's.
        joined = x.post(
            f"/api/tables/{table}/join",
            json={"seat": 1, "key": key_of(created["seats"][1]["link"])},
            headers={CSRF: other},
        )
        assert joined.status_code == 200
        assert [g["seat"] for g in x.get("/api/account/games").json()["running"]] == [1]


def test_a_deleted_account_leaves_its_games(server: ServerProcess, http: httpx.Client) -> None:
    csrf = sign_up(http, "Jonas")
    created = create(http, csrf, mine=1)
    wrong = http.post("/api/account/delete", json={"password": "nope nope"}, headers={CSRF: csrf})
    assert wrong.status_code == 403 and code(wrong) == "wrong-password"
    gone = http.post("/api/account/delete", json={"password": PASSWORD}, headers={CSRF: csrf})
    assert gone.status_code == 200 and gone.json() == {"deleted": True}
    assert http.get("/api/account").json() == {"account": None}
    assert sign_in(http, "Jonas").status_code == 401
    info = http.get(f"/api/tables/{created['table']}")
    assert info.status_code == 200 and len(info.json()["seats"]) == 2  # the table stays
    ws = server.base.replace("http", "ws") + f"/ws/{created['table']}?seat=1"
    csrf = sign_up(http, "jonas")  # the name is free again, and owns nothing
    refused = asyncio.run(first_frames(ws, http.cookies["saqqara_session"]))
    assert refused[-1]["code"] == "bad-key"
    assert http.get("/api/account/games").json() == {"running": [], "finished": []}


def test_mine_needs_a_session_and_a_person_seat_with_a_link(http: httpx.Client) -> None:
    body = {"game": "tutankhamun", "seats": [{"kind": "person"}, {"kind": "bot"}], "mine": 0}
    assert code(http.post("/api/tables", json=body)) == "not-signed-in"
    csrf = sign_up(http, "Karin")
    # The cookie without the CSRF header authorises nothing: the request is a guest's.
    assert code(http.post("/api/tables", json=body)) == "not-signed-in"
    for mine, expected in ((1, "bad-request"), (2, "bad-request")):
        answer = http.post("/api/tables", json={**body, "mine": mine}, headers={CSRF: csrf})
        assert code(answer) == expected, answer.text
    opened = {**body, "seats": [{"kind": "person", "open": True}, {"kind": "bot"}]}
    assert code(http.post("/api/tables", json=opened, headers={CSRF: csrf})) == "bad-request"
    assert http.post("/api/tables", json=body, headers={CSRF: csrf}).status_code == 201


def test_a_finished_game_replays_and_rematches_by_the_session_alone(
    server: ServerProcess, http: httpx.Client
) -> None:
    csrf = sign_up(http, "Lotta")
    body = {"game": "tutankhamun", "seats": [{"kind": "person"}, {"kind": "bot"}], "mine": 0}
    created = http.post("/api/tables", json=body, headers={CSRF: csrf}).json()
    table = created["table"]
    final = asyncio.run(play_seat(TableClient(created["seats"][0]["link"]), 3))
    assert final.over
    games = http.get("/api/account/games").json()
    assert [g["table"] for g in games["finished"]] == [table] and games["running"] == []
    replay = http.get(f"/api/tables/{table}/replay?seat=0")
    assert replay.status_code == 200 and replay.json()["frames"]
    assert http.get(f"/api/tables/{table}/replay?seat=1").status_code == 403  # the bot's
    # Without the CSRF header the cookie counts for nothing: no key, no rematch.
    refused = http.post(f"/api/tables/{table}/rematch", json={"seat": 0})
    assert refused.status_code == 403 and code(refused) == "bad-key"
    again = http.post(f"/api/tables/{table}/rematch", json={"seat": 0}, headers={CSRF: csrf})
    assert again.status_code == 200
    rematch = again.json()["table"]
    running = http.get("/api/account/games").json()["running"]
    assert [(g["table"], g["seat"]) for g in running] == [(rematch, 0)]  # the seat kept
    ws = server.base.replace("http", "ws") + f"/ws/{rematch}?seat=0"
    frames = asyncio.run(first_frames(ws, http.cookies["saqqara_session"]))
    assert frames[0]["type"] == "welcome" and frames[0]["seat"] == 0
