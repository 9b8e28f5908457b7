"""The HTTP API and the handshake rules: health, page, tables, lobby, join, leave, rematch,
spectator links, Origin."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus
from websockets.typing import Origin

from saqqara.client import ClientError, SeatLink, TableClient, create_table
from saqqara.server.messages import TableNotice, Update
from saqqara.server.site import BUILT
from tests.server.harness import ServerProcess
from tests.server.play import play_seat


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("http") / "http.db"
    with ServerProcess(f"sqlite:///{db}", "--rate", "5000", "--sqlite-sync", "normal") as running:
        yield running


@pytest.fixture
def http(server: ServerProcess) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.base) as client:
        yield client


def test_health_and_the_page(server: ServerProcess, http: httpx.Client) -> None:
    """``/`` serves the built browser client, or the placeholder when it is not built."""
    assert f"saqqara serving on {server.base}/" in server.output()
    assert http.get("/healthz").json()["ok"] is True
    page = http.get("/")
    built = BUILT / "index.html"
    expected = built.read_text("utf-8") if built.is_file() else "browser client is coming"
    assert page.status_code == 200 and expected in page.text


def test_bad_requests_are_refused_with_a_reason(http: httpx.Client) -> None:
    cases = [
        ({"game": "chess", "seats": [{"kind": "person"}]}, "unknown-game"),
        ({"game": "tutankhamun", "seats": [{"kind": "person"}]}, "bad-option"),
        ({"game": "tutankhamun", "seats": [{"kind": "robot"}] * 2}, "bad-request"),
        ({"game": "tutankhamun", "seats": [{"kind": "bot", "bot": "nobody"}] * 2}, "unknown-bot"),
        (
            {"game": "tutankhamun", "seats": [{"kind": "bot", "bot": "ismcts:60s"}] * 2},
            "bot-too-slow",
        ),
        # a budget of rollouts no machine runs within the move limit
        (
            {"game": "tutankhamun", "seats": [{"kind": "bot", "bot": "expert:100000000"}] * 2},
            "bot-too-slow",
        ),
        # a known bot with a parameter it does not take is a bot the game does not know
        (
            {"game": "tutankhamun", "seats": [{"kind": "bot", "bot": "ismcts:-1"}] * 2},
            "unknown-bot",
        ),
    ]
    for body, code in cases:
        answer = http.post("/api/tables", json=body)
        assert answer.status_code == 400, body
        assert answer.json()["error"]["code"] == code, answer.json()
    assert http.post("/api/tables", content=b"{nope").status_code == 400
    assert http.post("/api/tables", content=b"x" * 20000).json()["error"]["code"] == "too-large"
    assert http.get("/api/tables/nothing").status_code == 404


def test_links_are_secret_and_a_seat_link_is_needed_to_sit(
    server: ServerProcess, http: httpx.Client
) -> None:
    table = create_table(server.base, "tutankhamun", [{"kind": "person"}, {"kind": "person"}])
    info = http.get(f"/api/tables/{table['table']}").json()
    keys = [SeatLink.parse(s["link"]).key for s in table["seats"]] + [table["host"]]
    lobby = str(http.get("/api/lobby").json())
    assert all(k and len(k) >= 32 and k not in str(info) and k not in lobby for k in keys)
    forged = {"seat": 0, "key": keys[1]}
    answer = http.post(f"/api/tables/{table['table']}/leave", json=forged)
    assert answer.status_code == 403 and answer.json()["error"]["code"] == "bad-key"


def test_lobby_join_leave_and_start(server: ServerProcess, http: httpx.Client) -> None:
    """Ann's seat has its link; the other is left open, for anyone in the lobby."""
    seats: list[dict[str, object]] = [{"kind": "person"}, {"kind": "person", "open": True}]
    table = create_table(server.base, "tutankhamun", seats)
    table_id = table["table"]
    assert "link" not in table["seats"][1] and table["seats"][1]["open"]
    listed = [t for t in http.get("/api/lobby").json()["tables"] if t["id"] == table_id]
    assert [s["open"] for s in listed[0]["seats"]] == [False, True]
    first = SeatLink.parse(table["seats"][0]["link"])
    joined = http.post(
        f"/api/tables/{table_id}/join", json={"seat": 0, "key": first.key, "name": "Ann"}
    ).json()
    assert joined == {"table": table_id, "seat": 0}
    stranger = http.post(f"/api/tables/{table_id}/join", json={"name": "Bo"}).json()
    assert stranger["seat"] == 1 and "link" in stranger
    info = http.get(f"/api/tables/{table_id}").json()
    assert info["status"] == "playing" and [s["name"] for s in info["seats"]] == ["Ann", "Bo"]
    assert table_id not in [t["id"] for t in http.get("/api/lobby").json()["tables"]]
    # Bo leaves mid-game: a bot takes the seat over and the game goes on to its end.
    bo = SeatLink.parse(stranger["link"])
    left = http.post(f"/api/tables/{table_id}/leave", json={"seat": 1, "key": bo.key})
    assert left.status_code == 200
    assert http.get(f"/api/tables/{table_id}").json()["seats"][1]["kind"] == "bot"
    final = asyncio.run(play_seat(TableClient(table["seats"][0]["link"]), 1))
    assert final.over


def test_a_stranger_from_the_lobby_never_takes_a_seat_whose_link_is_out(
    server: ServerProcess, http: httpx.Client
) -> None:
    """A trial found it: Ada made a public table for herself and Bartholomew, and a stranger
    who clicked Join in the lobby got Ada's seat, with a new key; her own link was dead.
    A seat with a link is kept for its holder: the table is not in the lobby, a keyless
    join is refused and changes nothing, and both links still work."""
    seats = [{"kind": "person", "name": "Ada"}, {"kind": "person", "name": "Bartholomew"}]
    table = create_table(server.base, "tutankhamun", [*seats, {"kind": "bot"}])
    table_id = table["table"]
    assert table_id not in [t["id"] for t in http.get("/api/lobby").json()["tables"]]
    before = http.get(f"/api/tables/{table_id}").json()
    assert [s["open"] for s in before["seats"]] == [False, False, False]
    stranger = http.post(f"/api/tables/{table_id}/join", json={"name": "Eve"})
    assert stranger.status_code == 400 and stranger.json()["error"]["code"] == "no-seat"
    assert http.get(f"/api/tables/{table_id}").json() == before
    for seat in (0, 1):
        link = SeatLink.parse(table["seats"][seat]["link"])
        joined = http.post(f"/api/tables/{table_id}/join", json={"seat": seat, "key": link.key})
        assert joined.status_code == 200
    assert http.get(f"/api/tables/{table_id}").json()["status"] == "playing"


def test_only_a_person_seat_is_left_open(http: httpx.Client) -> None:
    seats = [{"kind": "person"}, {"kind": "bot", "open": True}]
    answer = http.post("/api/tables", json={"game": "tutankhamun", "seats": seats})
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad-request"
    assert "only a person seat is left open" in answer.json()["error"]["message"]


def test_rematch_keeps_the_seats_and_their_keys(server: ServerProcess, http: httpx.Client) -> None:
    table = create_table(
        server.base, "tutankhamun", [{"kind": "person"}, {"kind": "bot", "bot": "random"}]
    )
    link = SeatLink.parse(table["seats"][0]["link"])
    body = {"seat": 0, "key": link.key}
    early = http.post(f"/api/tables/{table['table']}/rematch", json=body)
    assert early.json()["error"]["code"] == "not-over"

    async def play_then_rematch() -> tuple[str, TableNotice | None]:
        client = TableClient(link)
        await client.connect()
        final = await play_seat(client, 2)
        assert final.over
        watcher = TableClient(link)
        await watcher.connect()
        new_id = (
            await asyncio.to_thread(http.post, f"/api/tables/{table['table']}/rematch", json=body)
        ).json()["table"]
        notice = None
        while notice is None:
            message = await watcher.receive()
            if isinstance(message, TableNotice) and message.rematch:
                notice = message
        await watcher.close()
        return new_id, notice

    new_id, notice = asyncio.run(play_then_rematch())
    assert notice is not None and notice.rematch == new_id
    again = http.post(f"/api/tables/{table['table']}/rematch", json=body).json()["table"]
    assert again == new_id  # one rematch per table
    rematch_link = SeatLink(link.base, new_id, 0, link.key)
    final = asyncio.run(play_seat(TableClient(rematch_link), 3))
    assert final.over


def test_spectators_of_private_tables_need_the_link(server: ServerProcess) -> None:
    table = create_table(
        server.base, "tutankhamun", [{"kind": "bot", "bot": "random"}] * 2, public=False
    )
    watch = SeatLink.parse(table["spectator"])
    with pytest.raises(ClientError, match="bad-key"):
        asyncio.run(TableClient(SeatLink(watch.base, watch.table, None, None, "nope")).connect())

    async def look() -> Update:
        client = TableClient(watch)
        await client.connect()
        update = await client.until_update()
        await client.close()
        return update

    update = asyncio.run(look())
    assert update.legal == [] and update.view == update.view  # a spectator has no moves


def test_foreign_browser_origins_are_turned_away(server: ServerProcess) -> None:
    table = create_table(server.base, "tutankhamun", [{"kind": "bot", "bot": "random"}] * 2)
    url = SeatLink.parse(table["spectator"]).socket_url()

    async def handshake(origin: str) -> str:
        async with connect(url, origin=Origin(origin)) as socket:
            return str(await socket.recv())

    with pytest.raises(InvalidStatus):
        asyncio.run(handshake("http://evil.example"))
    assert "welcome" in asyncio.run(handshake(server.base))


def test_table_info_says_whether_undo_is_allowed_and_the_clock(http: httpx.Client) -> None:
    """The browser client offers Undo and draws clocks from a table's public info."""
    seats = [{"kind": "person"}, {"kind": "person"}]
    plain = http.post("/api/tables", json={"game": "tutankhamun", "seats": seats}).json()
    info = http.get(f"/api/tables/{plain['table']}").json()
    assert info["undo"] is False and info["clock"] is None
    body = {
        "game": "tutankhamun",
        "seats": seats,
        "undo": True,
        "clock": {"move": 30, "on_timeout": "lose"},
    }
    clocked = http.post("/api/tables", json=body).json()
    info = http.get(f"/api/tables/{clocked['table']}").json()
    assert info["undo"] is True
    assert info["clock"] == {"move": 30, "game": None, "on_timeout": "lose"}


def test_names_that_would_change_other_screens_are_refused(http: httpx.Client) -> None:
    """A seat's name is shown to every seat: no control character (an escape sequence
    would clear another player's terminal), no invisible formatting (a right-to-left
    override turns it around), not blank, and not another seat's; the refusal creates
    nothing."""
    before = http.get("/healthz").json()["live_tables"]
    bad = ["\x1b[2J\x1b[41mEVIL\x07", "Bo\r\nFAKE: Your move", "\u202eevil", "a\u200bb", "   "]
    for name in bad:
        seats = [{"kind": "person", "name": name}, {"kind": "bot", "bot": "random"}]
        answer = http.post("/api/tables", json={"game": "curse-of-the-mummy", "seats": seats})
        assert answer.status_code == 400, name
        assert answer.json()["error"]["code"] == "bad-name", answer.json()
    twice = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "ann"}]
    answer = http.post("/api/tables", json={"game": "curse-of-the-mummy", "seats": twice})
    assert answer.json()["error"] == {
        "code": "bad-name",
        "message": "another seat of this table is called 'ann'",
    }
    person_bot = [{"kind": "person", "bot": "random"}, {"kind": "bot"}]
    answer = http.post("/api/tables", json={"game": "curse-of-the-mummy", "seats": person_bot})
    assert answer.json()["error"]["code"] == "bad-request"
    assert http.get("/healthz").json()["live_tables"] == before  # nothing was made


def test_names_are_trimmed_and_default_names_kept_apart(http: httpx.Client) -> None:
    seats = [
        {"kind": "person", "name": "  Ada   Lovelace "},
        {"kind": "bot", "bot": "random"},
        {"kind": "bot", "bot": "random"},
        {"kind": "person", "name": "Player 5"},
        {"kind": "person"},
    ]
    made = http.post("/api/tables", json={"game": "curse-of-the-mummy", "seats": seats})
    assert made.status_code == 201, made.json()
    names = [seat["name"] for seat in made.json()["seats"]]
    assert names == ["Ada Lovelace", "random", "random 2", "Player 5", "Player 5 2"]
    link = SeatLink.parse(made.json()["seats"][4]["link"])
    join = f"/api/tables/{made.json()['table']}/join"
    taken = http.post(join, json={"seat": 4, "key": link.key, "name": "ADA LOVELACE"})
    assert taken.json()["error"]["code"] == "bad-name"
    renamed = http.post(join, json={"seat": 4, "key": link.key, "name": "Grace"})
    assert renamed.status_code == 200
    info = http.get(f"/api/tables/{made.json()['table']}").json()
    assert info["seats"][4]["name"] == "Grace"


def test_a_browser_at_an_address_the_site_lacks_gets_a_way_back(http: httpx.Client) -> None:
    """A trial opened /t/ and /foo/bar and got a bare "Not Found": a browser now gets a
    page with a link to the lobby (still a 404); a program still gets plain text."""
    for path in ("/t/", "/foo/bar"):
        page = http.get(path, headers={"accept": "text/html,application/xhtml+xml"})
        assert page.status_code == 404 and "text/html" in page.headers["content-type"]
        assert '<a href="/">Back to the lobby</a>' in page.text
    plain = http.get("/foo/bar")
    assert plain.status_code == 404 and plain.text == "Not Found"


def test_the_api_answers_every_refusal_alike(server: ServerProcess, http: httpx.Client) -> None:
    """Wrong paths and methods, an empty body, a seat without its key: the API's refusal
    (``{"error": {"code", "message"}}``) with a status that says what went wrong."""
    missing = http.get("/api/nothing/here")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "not-found"
    wrong = http.put("/api/tables", json={})
    assert wrong.status_code == 405 and wrong.json()["error"]["code"] == "bad-method"
    assert "POST" in wrong.headers["allow"]
    empty = http.post("/api/tables", content=b"")
    assert empty.json()["error"] == {
        "code": "bad-request",
        "message": "the request needs a JSON object as its body",
    }
    huge = http.post("/api/tables", content=b"x" * 20000)
    assert huge.status_code == 413 and huge.json()["error"]["code"] == "too-large"
    table = create_table(server.base, "tutankhamun", [{"kind": "person"}] * 2)
    half = http.post(f"/api/tables/{table['table']}/join", json={"seat": 1})
    assert half.status_code == 400 and half.json()["error"]["code"] == "bad-request"
    assert http.get("/not/a/page").status_code == 404  # outside the API: plain text


def test_a_socket_with_a_bad_query_is_told_why(server: ServerProcess) -> None:
    """``since`` out of range and an unknown ``lang`` are refused on the socket as they are
    over HTTP, with the reason, and the socket closed."""
    table = create_table(server.base, "tutankhamun", [{"kind": "person"}] * 2)
    socket = SeatLink.parse(table["seats"][0]["link"]).socket_url()
    assert "since=0" in socket

    async def first_answer(query: str) -> dict[str, str]:
        async with connect(socket.replace("since=0", query)) as ws:
            answer: dict[str, str] = json.loads(await ws.recv())
            return answer

    since = asyncio.run(first_answer("since=-5"))
    assert since["code"] == "bad-request"
    assert since["message"] == "since must be a whole number from 0 to 999999999, not '-5'"
    lang = asyncio.run(first_answer("lang=fr"))
    assert lang["code"] == "bad-lang" and "fr" in lang["message"]


@pytest.mark.parametrize("path", ["/api/tables", "/api/seeks"])
def test_a_body_declared_too_large_is_refused_before_it_is_sent(
    server: ServerProcess, path: str
) -> None:
    """A request that says its body is 50 MB is answered 413 ``too-large`` at once, while
    its body has not come: the server never takes it into memory to measure it (the
    account endpoints, which check the request's CSRF token first, read theirs so too)."""
    address = httpx.URL(server.base)

    async def ask() -> bytes:
        reader, writer = await asyncio.open_connection(address.host, address.port)
        writer.write(
            f"POST {path} HTTP/1.1\r\nHost: {address.host}:{address.port}\r\n"
            f"Origin: {server.base}\r\n"
            "Content-Type: application/json\r\nContent-Length: 50000000\r\n\r\n{".encode()
        )
        await writer.drain()
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
        rest = await asyncio.wait_for(reader.read(4096), 10)
        writer.close()
        return head + rest

    answer = asyncio.run(ask())
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert b'"too-large"' in answer
