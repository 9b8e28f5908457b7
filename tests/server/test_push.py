"""Web Push of turns against a real ``saqqara serve`` and a local push service: a small
HTTP server in the test receives the encrypted pushes, and the test decrypts them with the
subscription's own keys (``http_ece``, as a browser would). A seat whose page is closed is
pushed its turn, with nothing of the position; a seat with its page open is not; a push
service answering 410 has the subscription deleted; subscriptions are checked."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import queue
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
import httpx
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from saqqara.client import TableClient
from saqqara.server.messages import Update
from tests.server.harness import ServerProcess, free_port

CSRF = "X-Saqqara-CSRF"
PASSWORD = "correct horse battery"
WAIT = 30.0


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class PushService:
    """A local push service: every POST is kept; a path in :attr:`answers` is answered
    with its status (201 otherwise)."""

    port: int = field(default_factory=free_port)
    answers: dict[str, int] = field(default_factory=dict)
    received: queue.Queue[Received] = field(default_factory=queue.Queue)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def serve(self) -> ThreadingHTTPServer:
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("content-length", "0"))
                body = self.rfile.read(length)
                headers = {k.lower(): v for k, v in self.headers.items()}
                service.received.put(Received(self.path, headers, body))
                self.send_response(service.answers.get(self.path, 201))
                self.send_header("content-length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        return ThreadingHTTPServer(("127.0.0.1", self.port), Handler)

    def next_at(self, path: str, server: ServerProcess) -> Received:
        """The next push received at ``path`` (others before it are dropped)."""
        deadline = time.monotonic() + WAIT
        while True:
            try:
                got = self.received.get(timeout=max(deadline - time.monotonic(), 0.01))
            except queue.Empty:
                raise AssertionError(f"no push at {path}: {server.output()[-3000:]}") from None
            if got.path == path:
                return got


@pytest.fixture(scope="module")
def pushes() -> Iterator[PushService]:
    service = PushService()
    server = service.serve()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield service
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def server(
    tmp_path_factory: pytest.TempPathFactory, pushes: PushService
) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("push") / "push.db"
    with ServerProcess(
        f"sqlite:///{db}",
        "--sqlite-sync",
        "normal",
        "--push-service",
        pushes.base + "/push/",
        "--push-contact",
        "mailto:operator@example.org",
    ) as running:
        yield running


_names = iter(range(10_000))


class Person:
    """A signed-up account with its own HTTP client and a browser's push keys."""

    def __init__(self, server: ServerProcess, name: str) -> None:
        n = next(_names)
        self.name = f"{name}{n}"
        self.http = httpx.Client(
            base_url=server.base, headers={"X-Forwarded-For": f"10.9.{n // 250}.{n % 250 + 1}"}
        )
        answer = self.http.post(
            "/api/account/sign-up",
            json={"name": self.name, "password": PASSWORD},
            headers={CSRF: "1"},
        )
        assert answer.status_code == 201, answer.text
        self.csrf: str = answer.json()["csrf"]
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)

    def subscription(self, endpoint: str) -> dict[str, Any]:
        point = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        keys = {"p256dh": b64(point), "auth": b64(self.auth)}
        return {"endpoint": endpoint, "expirationTime": None, "keys": keys}

    def post(self, path: str, body: dict[str, Any]) -> httpx.Response:
        return self.http.post(path, json=body, headers={CSRF: self.csrf})

    def decrypt(self, pushed: Received) -> dict[str, Any]:
        assert pushed.headers["content-encoding"] == "aes128gcm"
        plain = http_ece.decrypt(
            pushed.body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"
        )
        decoded: dict[str, Any] = json.loads(plain)
        return decoded


@pytest.fixture
def people(server: ServerProcess) -> Iterator[Callable[[str], Person]]:
    """Makes signed-up people; their HTTP clients are closed after the test."""
    made: list[Person] = []

    def person(name: str) -> Person:
        made.append(Person(server, name))
        return made[-1]

    yield person
    for each in made:
        each.http.close()


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def table_between(
    first: Person, second: Person, game: str, undo: bool = False
) -> tuple[str, str, str]:
    """A turn-based table (a day per move) of ``first`` (seat 0, its creator) and
    ``second`` (seat 1, joined by its link while signed in): the table and both links."""
    body = {
        "game": game,
        "seats": [{"kind": "person"}, {"kind": "person"}],
        "mine": 0,
        "clock": {"move": 86400},
        "undo": undo,
    }
    created = first.post("/api/tables", body)
    assert created.status_code == 201, created.text
    table: str = created.json()["table"]
    links = [seat["link"] for seat in created.json()["seats"]]
    joined = second.post(f"/api/tables/{table}/join", {"seat": 1, "key": links[1].split("key=")[1]})
    assert joined.status_code == 200, joined.text
    return table, links[0], links[1]


async def until(client: TableClient, wanted: Callable[[Update], bool]) -> Update:
    """Read the client's messages until its latest update is ``wanted``."""
    if client.welcome is None:
        await client.connect()
    while client.update is None or not wanted(client.update):
        await client.receive()
    return client.update


async def play_turn(client: TableClient, then: int) -> None:
    """Wait for the client's seat to decide, then play it (its first legal action each
    time) until seat ``then`` must decide."""
    update = await until(client, lambda u: bool(u.legal))
    while not (then in update.to_act and not update.legal):
        if update.legal and client.pending is None:
            await client.act(update.legal[0].id)
        await client.receive()
        update = client.update or update


def seat_sockets(server: ServerProcess) -> float:
    """The seat connections the server counts (``/metrics``)."""
    for line in httpx.get(server.base + "/metrics").text.splitlines():
        if line.startswith('saqqara_connections{role="seat"}'):
            return float(line.split()[-1])
    raise AssertionError("no saqqara_connections in /metrics")


def wait_for(condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < deadline, "the server did not get there"
        time.sleep(0.02)


def test_the_public_key_is_the_sites_own_and_subscriptions_are_checked(
    server: ServerProcess, pushes: PushService, people: Callable[[str], Person]
) -> None:
    key = httpx.get(server.base + "/api/push").json()["key"]
    point = base64.urlsafe_b64decode(key + "=" * (-len(key) % 4))
    assert len(point) == 65 and point[0] == 4  # an uncompressed P-256 point
    person = people("Sub")
    assert person.http.get("/api/account/push").json() == {"subscriptions": []}
    good = person.subscription(pushes.base + "/push/checked")

    def refused(body: dict[str, Any]) -> str:
        answer = person.post("/api/account/push", body)
        assert answer.status_code == 400, answer.text
        code: str = answer.json()["error"]["code"]
        return code

    assert refused({**good, "endpoint": "http://169.254.169.254/latest"}) == "bad-push"
    assert refused({**good, "endpoint": "https://example.org/push"}) == "bad-push"
    assert refused({**good, "keys": {**good["keys"], "p256dh": b64(b"\x04" + bytes(64))}}) == (
        "bad-push"
    )
    assert refused({**good, "keys": {**good["keys"], "auth": b64(bytes(8))}}) == "bad-push"
    assert refused({**good, "keys": {**good["keys"], "auth": "***"}}) == "bad-push"
    assert refused({**good, "extra": 1}) == "bad-request"
    assert person.http.get("/api/account/push").json() == {"subscriptions": []}
    # Without the CSRF token nothing is kept; a guest has nothing to subscribe.
    bare = person.http.post("/api/account/push", json=good)
    assert bare.json()["error"]["code"] == "bad-csrf"
    guest = httpx.post(server.base + "/api/account/push", json=good, headers={CSRF: "1"})
    assert guest.json()["error"]["code"] == "not-signed-in"
    # Kept, listed, and removed again.
    assert person.post("/api/account/push", good).status_code == 201
    listed = person.http.get("/api/account/push").json()["subscriptions"]
    assert [s["endpoint"] for s in listed] == [good["endpoint"]]
    assert person.post("/api/account/push/remove", {"endpoint": good["endpoint"]}).json() == {
        "removed": True
    }
    assert person.http.get("/api/account/push").json() == {"subscriptions": []}


@pytest.mark.parametrize(
    ("game", "title"),
    [("tutankhamun", "Tutankhamun"), ("valley-of-the-kings", "Valley of the Kings")],
)
def test_a_seat_with_its_page_closed_is_pushed_its_turn_and_nothing_more(
    server: ServerProcess,
    pushes: PushService,
    people: Callable[[str], Person],
    game: str,
    title: str,
) -> None:
    first, second = people("First"), people("Second")
    path = f"/push/{second.name}"
    assert second.post("/api/account/push", second.subscription(pushes.base + path)).status_code
    table, link0, link1 = table_between(first, second, game)

    async def play() -> None:
        mover, waiter = TableClient(link0), TableClient(link1)
        await waiter.connect()
        started = await until(mover, lambda u: u.status == "playing" and bool(u.to_act))
        # The second seat's page is open: its turns are told there, not pushed.
        if 1 in started.to_act:
            await play_turn(waiter, 0)
        await play_turn(mover, 1)
        await play_turn(waiter, 0)
        await waiter.close()  # the page is closed: its next turn is pushed
        await asyncio.to_thread(wait_for, lambda: seat_sockets(server) == 1)
        await play_turn(mover, 1)
        await mover.close()

    asyncio.run(play())
    pushed = pushes.next_at(path, server)
    assert second.decrypt(pushed) == {
        "type": "turn",
        "game": game,
        "table": table,
        "seat": 1,
        "url": f"/t/{table}?seat=1",
        "title": "Your move",
        "body": f"It is your move at {title}.",
    }
    key = httpx.get(server.base + "/api/push").json()["key"]
    assert f"k={key}" in pushed.headers["authorization"].replace(" ", "")
    assert int(pushed.headers["ttl"]) > 0
    # That was the only push to the second seat: none while its page was open.
    later = [pushes.received.get_nowait() for _ in range(pushes.received.qsize())]
    assert [p.path for p in later if p.path == path] == []


def test_a_push_service_answering_410_has_the_subscription_deleted(
    server: ServerProcess, pushes: PushService, people: Callable[[str], Person]
) -> None:
    first, second = people("Host"), people("Gone")
    kept, gone = f"/push/{second.name}-kept", f"/push/{second.name}-gone"
    pushes.answers[gone] = 410
    for path in (kept, gone):
        assert second.post("/api/account/push", second.subscription(pushes.base + path))
    _, link0, _ = table_between(first, second, "tutankhamun")

    async def play() -> None:
        mover = TableClient(link0)
        await play_turn(mover, 1)
        await mover.close()

    asyncio.run(play())
    pushes.next_at(gone, server)

    def endpoints() -> list[str]:
        listed = second.http.get("/api/account/push").json()["subscriptions"]
        return [s["endpoint"] for s in listed]

    wait_for(lambda: len(endpoints()) == 1)  # the 410 answered, the subscription goes
    assert endpoints() == [pushes.base + kept]
    figures = httpx.get(server.base + "/metrics").text
    assert 'saqqara_turn_pushes_total{result="gone"} 1.0' in figures


def test_a_turn_taken_back_and_given_again_is_pushed_again(
    server: ServerProcess, pushes: PushService, people: Callable[[str], Person]
) -> None:
    first, second = people("Undoer"), people("Waiter")
    path = f"/push/{second.name}"
    assert second.post("/api/account/push", second.subscription(pushes.base + path))
    table, link0, _ = table_between(first, second, "tutankhamun", undo=True)

    async def play() -> None:
        mover = TableClient(link0)
        await play_turn(mover, 1)
        await asyncio.to_thread(pushes.next_at, path, server)  # the first push
        assert mover.update is not None and mover.update.undo
        await mover.undo()
        await until(mover, lambda u: bool(u.legal))  # the mover decides again
        await play_turn(mover, 1)
        await mover.close()

    asyncio.run(play())
    again = second.decrypt(pushes.next_at(path, server))
    assert (again["table"], again["seat"]) == (table, 1)
