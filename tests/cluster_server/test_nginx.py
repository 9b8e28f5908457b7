"""The deployment of docs/deploy.md, for real: Debian's nginx, on the document's own
configuration, in front of two ``saqqara serve`` processes on PostgreSQL and Redis.

Through nginx only: seat links name nginx's address (``Host`` with its port), a browser's
WebSocket (its ``Origin`` that address) is accepted, on HTTP and on HTTPS; a client's own
``X-Forwarded-For`` (and ``X-Forwarded-Proto``) is not believed while what nginx reports
is, and ``--tables-per-minute`` holds over the whole site; a link the table's owner makes
for a request relayed from another process keeps the proxy's scheme; then a game played by
two ``saqqara bot`` processes and a seat of the test's own goes on to its end while the
process that owns the table is killed (kill -9).

The tests share one site and run in file order: the last one kills a process.
"""

from __future__ import annotations

import asyncio
import json
import random
import ssl
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import msgspec
import pytest
from prometheus_client.parser import text_string_to_metric_families
from websockets.asyncio.client import connect

from saqqara.client import TableClient, create_table
from saqqara.server.cluster import Call, Message
from saqqara.server.messages import Ack, Error, Update
from saqqara.store import Store
from tests.cluster_server.conftest import REDIS_URL, _require, fresh_schema, redis_reachable
from tests.cluster_server.nginx_harness import Nginx, nginx_binary
from tests.cluster_server.site_harness import TRANSIENT, Site

pytestmark = pytest.mark.xdist_group("cluster-server")

TABLES_PER_MINUTE = 3
SEATS = [{"kind": "person"}, {"kind": "bot", "bot": "random"}]
SAQQARA = [sys.executable, "-m", "saqqara.cli"]


@pytest.fixture(scope="module")
def site() -> Iterator[Site]:
    nginx_binary()  # skipped (or failed under CI) before anything starts
    with fresh_schema() as db_url:
        _require("Redis", redis_reachable())
        # nginx's connections come from 127.0.0.1 (the site's own Redis prefix: Site's)
        limit = str(TABLES_PER_MINUTE)
        extra = ("--forwarded-allow-ips", "127.0.0.1", "--tables-per-minute", limit)
        with Site(db_url, REDIS_URL, count=2, extra=extra) as running:
            yield running


@pytest.fixture(scope="module")
def proxy(site: Site) -> Iterator[Nginx]:
    upstreams = [f"127.0.0.1:{process.port}" for process in site.processes]
    with Nginx(upstreams) as running:
        yield running


def _post_table(
    proxy: Nginx, source: str, claimed: str, more: dict[str, str] | None = None
) -> httpx.Response:
    """Make a table through nginx from the local address ``source`` (any of 127.0.0.0/8),
    the request claiming to come from ``claimed`` (and sending the headers ``more``)."""
    transport = httpx.HTTPTransport(local_address=source)
    headers = {"X-Forwarded-For": claimed, **(more or {})}
    with httpx.Client(transport=transport, timeout=30, trust_env=False) as http:
        body = {"game": "tutankhamun", "seats": SEATS}
        return http.post(f"{proxy.base}/api/tables", json=body, headers=headers)


def _figures(base: str) -> dict[str, float]:
    """A process's ``/metrics`` samples by name, parsed as Prometheus would."""
    text = httpx.get(f"{base}/metrics", timeout=10).text
    families = text_string_to_metric_families(text)
    return {sample.name: sample.value for family in families for sample in family.samples}


def test_links_name_the_proxy_and_a_browser_socket_is_accepted(site: Site, proxy: Nginx) -> None:
    table = create_table(proxy.base, "tutankhamun", SEATS, public=False)
    link = table["seats"][0]["link"]
    # nginx replaces a scheme the client claims with the one it used (http here).
    claimed = _post_table(proxy, "127.0.0.4", "203.0.113.9", {"X-Forwarded-Proto": "https"})
    assert claimed.json()["seats"][0]["link"].startswith(f"{proxy.base}/t/")
    assert link.startswith(f"{proxy.base}/t/{table['table']}?seat=0&key="), link
    assert table["spectator"].startswith(f"{proxy.base}/t/")
    socket = link.replace("http://", "ws://").replace("/t/", "/ws/")

    async def first_message(origin: str) -> dict[str, Any]:
        async with connect(socket, origin=origin) as ws:  # type: ignore[arg-type]
            answer: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 30))
            return answer

    assert asyncio.run(first_message(proxy.base))["type"] == "welcome"  # the page's own origin
    with pytest.raises(Exception, match="403"):  # any other page's is refused
        asyncio.run(first_message("http://elsewhere.example"))


def test_behind_tls_links_and_sockets_say_https(site: Site) -> None:
    """The same configuration on HTTPS (docs/deploy.md, "TLS"): the links say
    ``https://`` with nginx's port, and a page's ``wss://`` socket is welcomed."""
    upstreams = [f"127.0.0.1:{process.port}" for process in site.processes]
    with Nginx(upstreams, tls=True) as tls:
        transport = httpx.HTTPTransport(local_address="127.0.0.5", verify=False)
        with httpx.Client(transport=transport, timeout=30, trust_env=False) as http:
            body = {"game": "tutankhamun", "seats": SEATS}
            made = http.post(f"{tls.base}/api/tables", json=body)
        assert made.status_code == 201, made.text
        link = made.json()["seats"][0]["link"]
        assert link.startswith(f"{tls.base}/t/"), link
        socket = link.replace("https://", "wss://").replace("/t/", "/ws/")
        unverified = ssl.create_default_context()
        unverified.check_hostname = False
        unverified.verify_mode = ssl.CERT_NONE

        async def first_message() -> dict[str, Any]:
            async with connect(socket, origin=tls.base, ssl=unverified) as ws:  # type: ignore[arg-type]
                answer: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 30))
                return answer

        assert asyncio.run(first_message())["type"] == "welcome"


def test_the_clients_own_forwarded_for_is_not_believed_and_the_limit_holds_site_wide(
    site: Site, proxy: Nginx
) -> None:
    """Every request claims another address; nginx replaces the claim with the address it
    saw, and that is what counts: one source gets ``--tables-per-minute`` tables across
    both processes (nginx sends the requests to each in turn), another source its own."""
    assert len(site.living()) == 2
    answers = [_post_table(proxy, "127.0.0.2", f"203.0.113.{n}") for n in range(1, 6)]
    codes = [answer.status_code for answer in answers]
    assert codes == [201] * TABLES_PER_MINUTE + [429] * (5 - TABLES_PER_MINUTE), codes
    assert answers[-1].json()["error"]["code"] == "too-many-tables"
    made = [answer.json()["table"] for answer in answers[:TABLES_PER_MINUTE]]
    owners = {site.owner_pid(table_id) for table_id in made}
    assert len(owners) == 2  # made at both processes: the limit is the site's, not each one's
    # Another client (claiming to be the first) is counted as itself.
    assert _post_table(proxy, "127.0.0.3", "127.0.0.2").status_code == 201
    # Each refusal counted at the process that made it, none counted without Redis.
    figures = [_figures(base) for base in site.living()]
    assert sum(f["saqqara_tables_refused_total"] for f in figures) == 5 - TABLES_PER_MINUTE
    assert all(f["saqqara_site_limit_fallbacks_total"] == 0 for f in figures)


def test_a_link_the_owner_makes_for_another_process_keeps_the_proxys_scheme(site: Site) -> None:
    """Behind TLS, a seat taken from the lobby at a process that does not own the table
    gets an ``https://`` link: the owner, which makes it, is told the scheme the proxy
    reported (its relayed requests once said ``http://``). The proxy is played here by
    the test, from 127.0.0.1 (a trusted address), straight to the processes."""
    owner, other = site.living()
    proxied = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "198.51.100.20"}
    with httpx.Client(timeout=30, trust_env=False, headers=proxied) as http:
        seats = [{"kind": "person", "open": True}, {"kind": "bot", "bot": "random"}]
        made = http.post(f"{owner}/api/tables", json={"game": "tutankhamun", "seats": seats})
        assert made.status_code == 201, made.text
        table_id = made.json()["table"]
        assert site.owner_of(table_id).base == owner
        host = {"Host": "play.example.org"}
        joined = http.post(f"{other}/api/tables/{table_id}/join", json={"name": "Di"}, headers=host)
    assert joined.status_code == 200, joined.text
    assert joined.json()["link"].startswith(f"https://play.example.org/t/{table_id}?seat=0&key=")


def test_a_relayed_request_from_a_process_that_sends_no_scheme_reads_as_http() -> None:
    """A process of the version before sends its calls without ``scheme`` (a site is
    upgraded one process at a time): they are read as plain ``http``."""
    older = b'{"type": "call", "conn": "c", "edge": "e", "method": "POST", "path": "/p",'
    older += b' "query": "", "headers": [], "body": ""}'
    call = msgspec.json.decode(older, type=Message)
    assert isinstance(call, Call) and call.scheme == "http"


def test_a_game_through_nginx_goes_on_when_its_process_is_killed(
    site: Site, proxy: Nginx, tmp_path: Path
) -> None:
    people = [{"kind": "person", "name": name} for name in ("Ann", "Bo", "Cy")]
    table = create_table(proxy.base, "tutankhamun", people, public=False)
    table_id = table["table"]
    links = [seat["link"] for seat in table["seats"]]
    assert all(link.startswith(proxy.base) for link in links)
    logs = [(tmp_path / f"bot{n}.log").open("wb") for n in (1, 2)]
    bots = [
        subprocess.Popen(
            [*SAQQARA, "bot", proxy.base, "--seat-link", link, "--bot", "random", "--seed", str(n)],
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        for n, (link, log) in enumerate(zip(links[1:], logs, strict=True), 1)
    ]
    acked: dict[str, int] = {}
    killed: list[int] = []
    lost: list[int] = []

    def kill_owner() -> None:
        owner = site.owner_of(table_id)
        killed.append(owner.port)
        owner.kill()

    try:
        final = asyncio.run(
            _play(TableClient(links[0]), acked, lost, kill_after=3, kill=kill_owner)
        )
        outputs = []
        for bot in bots:
            bot.wait(timeout=180)
        for n in (1, 2):
            outputs.append((tmp_path / f"bot{n}.log").read_text("utf-8", "replace"))
    finally:
        for bot, log in zip(bots, logs, strict=True):
            if bot.poll() is None:
                bot.kill()
                bot.wait()
            log.close()
    assert killed and len(site.living()) == 1
    assert lost  # the test's seat lost its socket with the process, and came back
    assert [bot.returncode for bot in bots] == [0, 0], outputs
    assert all("Game over" in output for output in outputs), outputs
    store = Store(site.db_url)
    try:
        row, logged = store.table(table_id), store.actions(table_id)
    finally:
        store.close()
    assert row is not None and row.status == "finished" and final.over
    assert [a.seq for a in logged] == list(range(1, final.seq + 1))  # whole, nothing doubled
    ours = {a.client_id: a.seq for a in logged if a.seat == 0}
    assert ours == acked  # every move of the test's seat stored once, as acknowledged
    site.assert_quiet()


async def _play(
    client: TableClient, acked: dict[str, int], lost: list[int], kill_after: int, kill: Any
) -> Update:
    """Play ``client``'s seat with random moves to the end through nginx, reconnecting
    through it (each loss of its socket noted in ``lost``); ``kill`` is called once
    ``kill_after`` of its moves are acknowledged."""
    rng = random.Random(7)
    await client.connect_patiently()
    acted_on = -1
    while True:
        update = client.update
        if update is not None and update.over and client.pending is None:
            await client.close()
            return update
        choosing = update is not None and update.legal and client.pending is None
        if choosing and update is not None and update.seq != acted_on:
            acted_on = update.seq
            await client.act(rng.choice(update.legal).id)
        message = await client.receive_reconnecting(timeout=120, lost=lambda: lost.append(1))
        if isinstance(message, Ack):
            assert acked.setdefault(message.cid, message.seq) == message.seq
            if len(acked) == kill_after:
                kill()
        elif isinstance(message, Error):
            assert message.code in TRANSIENT, message
            acted_on = -1
            await client.sync()
