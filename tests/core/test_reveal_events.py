"""Reveal events: ``emit(..., reveal=True)`` marks where hidden information is shown."""

from __future__ import annotations

from saqqara.core.events import Event, events_for


def test_events_are_not_reveals_unless_marked() -> None:
    assert Event("bid").reveal is False
    assert Event("reveal-bids", {"bids": []}, None, True).reveal is True


def test_the_mark_does_not_travel_in_the_json() -> None:
    events = [Event("reveal-bids", {"bids": [[1, 0, 6]]}, None, True)]
    assert events_for(events, 0) == [{"kind": "reveal-bids", "bids": [[1, 0, 6]]}]
