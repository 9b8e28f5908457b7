"""Events: what an applied action made happen, each marked public or for given seats."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

JSON = Any
"""A value made of dicts, lists, str, int, float, bool and None only."""


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened. ``seats`` is ``None`` for a public event."""

    kind: str
    data: Mapping[str, JSON] = field(default_factory=dict)
    seats: frozenset[int] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> Event:
        return self  # events are never changed once made

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None``: a spectator) may see this event."""
        return self.seats is None or (seat is not None and seat in self.seats)

    def to_json(self) -> dict[str, JSON]:
        """The event as plain JSON (without its audience, which the sender applies)."""
        return {"kind": self.kind, **self.data}


def events_for(events: Iterable[Event], seat: int | None) -> list[dict[str, JSON]]:
    """The JSON of the events that ``seat`` may see, in order."""
    return [e.to_json() for e in events if e.visible_to(seat)]
