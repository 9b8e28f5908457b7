"""The checks on input: the per-connection rate limit and the Origin rule."""

from __future__ import annotations

import time

import pytest

from saqqara.server.guard import RateLimit, origin_allowed


def test_rate_limit_allows_a_burst_then_the_rate(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [100.0]
    monkeypatch.setattr(time, "monotonic", lambda: now[0])
    limit = RateLimit(rate=10, burst=20)
    assert sum(limit.allow() for _ in range(50)) == 20  # a flood: only the burst passes
    now[0] += 0.5
    assert sum(limit.allow() for _ in range(50)) == 5  # half a second refills five
    now[0] += 100
    assert sum(limit.allow() for _ in range(50)) == 20  # never more than the burst


def test_origin_rule() -> None:
    assert origin_allowed(None, "127.0.0.1:8000")  # programs send no Origin
    assert origin_allowed("http://127.0.0.1:8000", "127.0.0.1:8000")
    assert not origin_allowed("http://evil.example", "127.0.0.1:8000")
    assert not origin_allowed("http://127.0.0.1:8001", "127.0.0.1:8000")
    assert origin_allowed("https://play.example", "srv:1", ["https://play.example"])
    assert not origin_allowed("http://127.0.0.1:8000", None)
