"""A finished table's review over the HTTP API: pending while the bot pool works it out,
then every decision analysed from its mover's perspective, exactly as ``saqqara analyse``
analyses the table's record with the review's budget; kept, and refused before the end."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from saqqara.ai.analysis import analyse_record
from saqqara.client import create_table
from saqqara.server.hints import hint_budget
from saqqara.server.live import LiveTable
from saqqara.store import Store
from tests.server.harness import ServerProcess


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'reviews.db'}"


@pytest.fixture
def server(db: str) -> Iterator[ServerProcess]:
    with ServerProcess(db, "--sqlite-sync", "normal") as running:
        yield running


def _review(server: ServerProcess, table: str, query: str = "") -> httpx.Response:
    return httpx.get(f"{server.base}/api/tables/{table}/review{query}", timeout=30)


def _finished(server: ServerProcess, table: str) -> None:
    deadline = time.monotonic() + 120
    while httpx.get(f"{server.base}/api/tables/{table}", timeout=10).json()["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.2)


def test_a_finished_game_is_reviewed_as_saqqara_analyse_reviews_its_record(
    server: ServerProcess, db: str
) -> None:
    bots = [{"kind": "bot", "bot": "random"}] * 2
    table = create_table(server.base, "tutankhamun", bots)["table"]
    _finished(server, table)
    seen: list[dict[str, Any]] = []
    deadline = time.monotonic() + 300
    while True:
        answer = _review(server, table, "?lang=de")
        assert answer.status_code == 200, answer.text
        seen.append(answer.json())
        if seen[-1]["status"] == "ready":
            break
        assert seen[-1]["status"] == "pending" and 0 <= seen[-1]["done"] <= seen[-1]["total"]
        assert time.monotonic() < deadline
        time.sleep(0.3)
    review = seen[-1]

    store = Store(db)
    try:
        row = store.table(table)
        assert row is not None
        record = LiveTable.open(store, row).match.record
    finally:
        store.close()
    expected = analyse_record(record, hint_budget("tutankhamun"), 0)
    assert review["total"] == len(expected.moves) == len(review["moves"]) > 0
    for got, want in zip(review["moves"], expected.moves, strict=True):
        wanted = want.to_json()
        for key in ("index", "move", "seat", "played", "best", "before", "after", "loss", "flag"):
            assert got[key] == wanted[key], (key, got, wanted)
        assert got["frame_seq"] == got["index"] + 1
        assert got["played_label"] and got["best_label"]
    english = _review(server, table).json()  # the same review, worded in English
    assert [m["best"] for m in english["moves"]] == [m["best"] for m in review["moves"]]
    assert english["moves"][0]["played_label"].startswith("Move to ")
    assert english["moves"][0]["played_label"] != review["moves"][0]["played_label"]
    flagged = [m for m in review["moves"] if m["flag"] is not None]
    assert len(flagged) == len(expected.flagged())
    assert [s["mistakes"] for s in review["summary"]] == [s.mistakes for s in expected.summary()]

    again = _review(server, table, "?lang=de")  # kept: not worked out again
    assert again.json() == review


def test_no_review_before_the_end_nor_for_a_stranger(server: ServerProcess) -> None:
    made = create_table(server.base, "tutankhamun", [{"kind": "person"}] * 2, public=False)
    refused = _review(server, made["table"])
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "bad-key"
    link = made["seats"][0]["link"]
    query = "?" + link.split("?", 1)[1]
    early = _review(server, made["table"], query)
    assert early.status_code == 400 and early.json()["error"]["code"] == "not-over"
    bad = _review(server, made["table"], query + "&lang=xx")
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad-lang"
