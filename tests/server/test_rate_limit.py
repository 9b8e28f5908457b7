"""A message refused for the rate alone, over a real WebSocket: an act is refused with its
own ``cid`` (its sender stops waiting for an ack that will never come, and may send it
again), anything else without one; nothing refused is played."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from saqqara.cli import build_parser
from saqqara.client import TableClient, create_table
from saqqara.server.guard import AddressRate
from saqqara.server.main import serve
from saqqara.server.messages import Error, Update
from saqqara.store import Store
from tests.server.answers import next_answer
from tests.server.harness import ServerProcess


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    db = f"sqlite:///{tmp_path / 'rate.db'}"
    # One message a second, bursts of two: a quick run of messages is refused at once.
    with ServerProcess(db, "--rate", "1", "--sqlite-sync", "normal") as running:
        yield running


def test_an_act_refused_for_the_rate_names_its_cid(server: ServerProcess) -> None:
    table = create_table(
        server.base,
        "tutankhamun",
        [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bo"}],
    )
    ann, bo = (TableClient(s["link"]) for s in table["seats"])

    async def scenario() -> tuple[dict[str, str], list[str | None]]:
        for client in (ann, bo):
            await client.connect()
        for client in (ann, bo):
            while client.update is None or client.update.status != "playing":
                await client.receive()
        assert ann.update is not None
        stale = ann.update.seq + 50  # refused as it stands: no act here may be played
        cids = [f"flood-{n}" for n in range(8)]
        for cid in cids:
            await ann.send_raw(_act_text(stale, ann.update.legal[0].id, cid))
        codes: dict[str, str] = {}
        while len(codes) < len(cids):
            answer = await next_answer(ann)
            assert isinstance(answer, Error) and answer.cid is not None
            codes[answer.cid] = answer.code
        for _ in range(4):
            await ann.send_raw('{"type": "ping"}')
        others: list[str | None] = []
        while len(others) < 4:
            message = await ann.receive()
            if isinstance(message, Error):
                others.append(message.cid)
            elif not isinstance(message, Update):
                others.append("answered")
        for client in (ann, bo):
            await client.close()
        return codes, others

    codes, others = asyncio.run(scenario())
    assert set(codes.values()) == {"stale", "rate-limited"}
    assert list(codes.values()).count("rate-limited") >= 5  # the burst is two
    assert None in others  # a refused ping names no act
    store = Store(server.db_url)
    assert all(row.client_id is None for row in store.actions(table["table"]))
    store.close()


def _act_text(seq: int, action: int, cid: str) -> str:
    return f'{{"type": "act", "seq": {seq}, "action": {action}, "cid": "{cid}"}}'


def test_the_default_rate_is_the_one_the_protocol_names() -> None:
    """``saqqara serve`` without ``--rate`` allows what docs/protocol.md promises a client
    (30 messages a second, bursts of twice that): a client paced to the document is never
    refused (the command's default once was 20, so a client at 25 a second was)."""
    args = build_parser().parse_args(["serve"])
    assert args.rate == inspect.signature(serve).parameters["rate"].default == 30.0
    protocol = (Path(__file__).parents[2] / "docs" / "protocol.md").read_text("utf-8")
    assert "messages a second, default 30, with bursts of twice that" in " ".join(protocol.split())


def test_an_address_makes_at_most_its_tables_a_minute(tmp_path: Path) -> None:
    """``--tables-per-minute``: one address making tables faster is refused (429,
    ``too-many-tables``) and nothing is made; other requests go on being answered."""
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    with ServerProcess(db, "--tables-per-minute", "3", "--sqlite-sync", "normal") as server:
        seats = [{"kind": "person"}, {"kind": "bot", "bot": "random"}]
        body = {"game": "tutankhamun", "seats": seats}
        with httpx.Client(base_url=server.base) as http:
            made = [http.post("/api/tables", json=body).status_code for _ in range(3)]
            refused = http.post("/api/tables", json=body)
            health = http.get("/healthz").json()
            metrics = http.get("/metrics").text
    assert made == [201, 201, 201]
    assert refused.status_code == 429
    assert refused.json()["error"]["code"] == "too-many-tables"
    assert health["live_tables"] == 3
    assert "\nsaqqara_tables_refused_total 1.0\n" in metrics
    assert "saqqara_site_limit_fallbacks" not in metrics  # a process alone counts alone


def test_addresses_have_buckets_of_their_own() -> None:
    limit = AddressRate(2)
    assert [limit.allow("a"), limit.allow("a"), limit.allow("a")] == [True, True, False]
    assert limit.allow("b")
    assert all(AddressRate(0).allow("a") for _ in range(1000))  # 0: no limit


@pytest.mark.parametrize("trusted", [False, True])
def test_x_forwarded_for_is_believed_only_from_a_named_proxy(tmp_path: Path, trusted: bool) -> None:
    """A client on the server's own host that sends its own ``X-Forwarded-For`` is still
    counted as itself (a trial's nine spoofed addresses made nine tables); only a proxy
    named by ``--forwarded-allow-ips`` gives the client's address that way."""
    db = f"sqlite:///{tmp_path / 'forwarded.db'}"
    extra = ("--forwarded-allow-ips", "127.0.0.1") if trusted else ()
    with ServerProcess(db, "--tables-per-minute", "2", *extra) as server:
        seats = [{"kind": "person"}, {"kind": "bot", "bot": "random"}]
        body = {"game": "tutankhamun", "seats": seats}
        with httpx.Client(base_url=server.base) as http:
            answers = [
                http.post(
                    "/api/tables", json=body, headers={"X-Forwarded-For": f"203.0.113.{n}"}
                ).status_code
                for n in range(1, 5)
            ]
    if trusted:  # four addresses as the proxy reports them: each makes one table
        assert answers == [201, 201, 201, 201]
    else:  # one address, whatever it claims: two tables, then refused
        assert answers == [201, 201, 429, 429]
