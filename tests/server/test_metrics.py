"""``/metrics`` answers in Prometheus's text format (read back with prometheus-client's
own parser), and its figures move when a move is played: moves accepted, the move's
latency, the store's commits, the bot's choice, the connections and live tables."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from pathlib import Path

import httpx
from prometheus_client.parser import text_string_to_metric_families

from saqqara.client import TableClient, create_table
from saqqara.server.messages import Ack
from tests.server.answers import next_answer
from tests.server.harness import ServerProcess


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
