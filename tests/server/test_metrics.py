"""``/metrics`` answers in Prometheus's text format (read back with prometheus-client's
own parser), and its figures move when a move is played: moves accepted, the move's
latency, the store's commits, the bot's choice, the connections and live tables."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
from pathlib import Path

import httpx
from prometheus_client.parser import text_string_to_metric_families

from saqqara.client import TableClient, create_table
from saqqara.server.messages import Ack
from tests.server.answers import next_answer
from tests.server.harness import ServerProcess

VALLEY = "valley-of-the-kings"


def _figures(server: ServerProcess) -> dict[str, float]:
    """Every sample of ``/metrics`` by name (labels joined in), parsed as Prometheus would."""
    answer = httpx.get(server.base + "/metrics", timeout=10)
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/plain")
    figures: dict[str, float] = {}
    for family in text_string_to_metric_families(answer.text):
        for sample in family.samples:
            labels = ",".join(f"{k}={v}" for k, v in sorted(sample.labels.items()))
            figures[f"{sample.name}{{{labels}}}" if labels else sample.name] = sample.value
    return figures


def test_metrics_parse_and_move_with_a_played_move(tmp_path: Path) -> None:
    with ServerProcess(f"sqlite:///{tmp_path / 'metrics.db'}") as server:
        before = _figures(server)
        assert before["saqqara_moves_accepted_total"] == 0
        assert before["saqqara_move_seconds_count"] == 0
        assert before["saqqara_live_tables"] == 0
        assert before["saqqara_connections{role=seat}"] == 0
        for name in (
            "saqqara_bot_queue",
            "saqqara_bots_busy",
            "saqqara_store_failures_total",
            "saqqara_open_tables_expired_total",
        ):
            assert before[name] == 0, name
        assert "process_resident_memory_bytes" in before
        assert not any(name.startswith("saqqara_site_") for name in before)  # no site here

        seats = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}]
        made = create_table(server.base, "tutankhamun", seats)

        async def play() -> tuple[Ack, dict[str, float]]:
            ann = TableClient(made["seats"][0]["link"])
            await ann.connect()
            while ann.update is None or 0 not in ann.update.to_act:
                await ann.receive()
            await ann.act(ann.update.legal[0].id)
            acked = await next_answer(ann)
            assert isinstance(acked, Ack), acked
            acted = ann.update.seq
            for _ in range(300):  # until the bot has moved too (Ann may have to move again)
                during = await asyncio.to_thread(_figures, server)
                # the bot's search is counted when it ends, its move once it is stored: both
                if (
                    during["saqqara_bot_search_seconds_count"] >= 1
                    and during["saqqara_moves_accepted_total"] >= 2
                ):
                    break
                with contextlib.suppress(TimeoutError):
                    await ann.receive(timeout=0.1)
                now = ann.update
                if 0 in now.to_act and not now.over and now.seq != acted and not ann.pending:
                    acted = now.seq
                    await ann.act(now.legal[0].id)
            await ann.close()
            return acked, during

        _, during = asyncio.run(play())
    assert during["saqqara_moves_accepted_total"] >= 2  # Ann's and the bot's
    assert during["saqqara_move_seconds_count"] >= 1
    assert 0 < during["saqqara_move_seconds_sum"] < 30
    assert during["saqqara_move_seconds_bucket{le=+Inf}"] == during["saqqara_move_seconds_count"]
    assert during["saqqara_store_commit_seconds_count"] >= 2
    assert during["saqqara_bot_search_seconds_count"] >= 1
    assert during["saqqara_live_tables"] == 1
    assert during["saqqara_connections{role=seat}"] == 1


def test_the_example_dashboard_asks_only_for_figures_the_server_exports() -> None:
    """docs/grafana-dashboard.json is valid JSON, and every ``saqqara_`` series its panels
    query is one server/metrics.py makes (a histogram's with its suffixes, a counter's
    with ``_total``)."""
    root = Path(__file__).resolve().parents[2]
    dashboard = json.loads((root / "docs" / "grafana-dashboard.json").read_text("utf-8"))
    source = (root / "src" / "saqqara" / "server" / "metrics.py").read_text("utf-8")
    made = set(re.findall(r'"(saqqara_[a-z_]+)"', source))
    exprs = [t["expr"] for p in dashboard["panels"] for t in p["targets"]]
    asked = {name for expr in exprs for name in re.findall(r"saqqara_[a-z_]+", expr)}
    suffixes = ("_bucket", "_count", "_sum", "_total")
    unknown = {
        name
        for name in asked
        if name not in made and not any(name.removesuffix(s) in made for s in suffixes)
    }
    assert not unknown, unknown
    assert len(dashboard["panels"]) >= 10 and len(asked) >= 15


def test_play_nows_counters_move_as_seeks_open_pair_fill_cancel_and_expire(
    tmp_path: Path,
) -> None:
    """Each of play now's figures moves with what it counts, by game, and only then."""
    db = f"sqlite:///{tmp_path / 'seeks.db'}"
    with ServerProcess(db, "--sqlite-sync", "normal", "--seek-ttl", "2") as server:
        before = _figures(server)
        assert before["saqqara_seek_wait_seconds_count"] == 0
        assert not any(name.startswith("saqqara_seeks_") for name in before)

        with httpx.Client(base_url=server.base) as http:

            def seek(**wanted: object) -> dict[str, str]:
                answer = http.post("/api/seeks", json=wanted)
                assert answer.status_code == 201, answer.text
                opened: dict[str, str] = answer.json()
                return opened

            seek(game="tutankhamun", players=2, name="Ann")
            bo = seek(game="tutankhamun", players=2, name="Bo")  # paired with Ann at once
            assert bo["state"] == "seated"
            cy = seek(game=VALLEY, players=2, name="Cy")
            cancelled = http.post(f"/api/seeks/{cy['seek']}/cancel", json={"key": cy["key"]})
            assert cancelled.json()["state"] == "cancelled"
            alone = seek(game="tutankhamun", players=3, name="Di", bots_after=1)  # 2 bots
            for _ in range(150):  # asked as its page would, until its 1 s has passed
                asked = http.get(f"/api/seeks/{alone['seek']}", params={"key": alone["key"]})
                if asked.json()["state"] == "seated":
                    break
                time.sleep(0.2)
            else:
                raise AssertionError("Di's seek was not given its bots")
            assert seek(game=VALLEY, players=2, name="Ed")["state"] == "waiting"  # never asked
            paired = _figures(server)
            waited = paired["saqqara_seek_wait_seconds_sum"]
            time.sleep(2.5)  # past the 2 s Ed's seek lives unasked (--seek-ttl)
            fy = seek(game=VALLEY, players=2, name="Fy")  # its pool read: Ed's found gone
            assert fy["state"] == "waiting"
        after = _figures(server)

    assert paired["saqqara_seeks_opened_total{game=tutankhamun}"] == 3
    assert paired["saqqara_seeks_opened_total{game=valley-of-the-kings}"] == 2
    assert paired["saqqara_seeks_paired_tables_total{game=tutankhamun}"] == 2
    assert paired["saqqara_seeks_bot_seats_total{game=tutankhamun}"] == 2
    assert paired["saqqara_seeks_cancelled_total{game=valley-of-the-kings}"] == 1
    assert "saqqara_seeks_cancelled_total{game=tutankhamun}" not in paired
    assert "saqqara_seeks_paired_tables_total{game=valley-of-the-kings}" not in paired
    assert "saqqara_seeks_expired_total{game=valley-of-the-kings}" not in paired
    assert paired["saqqara_seek_wait_seconds_count"] == 3  # Ann, Bo, Di seated
    assert 0 <= waited < 30
    assert after["saqqara_seeks_expired_total{game=valley-of-the-kings}"] == 1
    assert after["saqqara_seeks_opened_total{game=valley-of-the-kings}"] == 3
    assert after["saqqara_seek_wait_seconds_count"] == 3


def test_sign_ins_and_sign_ups_are_counted_by_how_they_ended_and_name_nobody(
    tmp_path: Path,
) -> None:
    """Each try moves its own count (ok or the refusal's code); the figures hold no user
    name and no password."""
    csrf = {"X-Saqqara-CSRF": "1"}
    with ServerProcess(f"sqlite:///{tmp_path / 'tries.db'}") as server:
        assert not any(name.startswith("saqqara_account_tries") for name in _figures(server))
        with httpx.Client(base_url=server.base, headers=csrf) as http:
            ann = {"name": "Annelie", "password": "a long secret phrase"}
            assert http.post("/api/account/sign-up", json=ann).status_code == 201
            assert http.post("/api/account/sign-up", json=ann).status_code == 409
            assert http.post("/api/account/sign-in", json=ann).status_code == 200
            wrong = {"name": "Annelie", "password": "not the phrase at all"}
            assert http.post("/api/account/sign-in", json=wrong).status_code == 401
            assert http.post("/api/account/sign-in", json=wrong).status_code == 401
        text = httpx.get(server.base + "/metrics", timeout=10).text
        figures = _figures(server)
    tries = "saqqara_account_tries_total"
    assert figures[f"{tries}{{result=ok,what=sign-up}}"] == 1
    assert figures[f"{tries}{{result=name-taken,what=sign-up}}"] == 1
    assert figures[f"{tries}{{result=ok,what=sign-in}}"] == 1
    assert figures[f"{tries}{{result=sign-in-failed,what=sign-in}}"] == 2
    assert "Annelie" not in text and "secret phrase" not in text and "not the phrase" not in text
