"""A game ended by forfeit: seats ran out of time at an online table (``on_timeout``
``lose``), so the table ended before the game did.

This is a table-level result, not the game's: the rules engine is not asked, the game
has no scores, the seats still in it share first place and the seats out of time share
the last. The server stores it with the table and shows it in every later update; a
record (``docs/records.md``, the optional ``forfeit`` field) carries it, so its replay
ends the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from saqqara.core.errors import RecordError, echo

if TYPE_CHECKING:
    from saqqara.core.presentation import Presentation

MAX_REASON = 1000
"""The longest reason a record's forfeit may give (it names the seats that lost)."""


@dataclass(frozen=True, slots=True)
class Forfeit:
    """The table ended because ``seats`` (sorted, at least one) ran out of time."""

    seats: tuple[int, ...]
    reason: str

    @classmethod
    def of(cls, seats: Iterable[int], names: Sequence[str]) -> Forfeit:
        late = tuple(sorted(set(seats)))
        who = " and ".join(names[s] for s in late)
        return cls(late, f"{who} ran out of time")

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> Forfeit | None:
        """Read what :meth:`to_json` wrote (the server's own store: trusted)."""
        if data is None:
            return None
        return cls(tuple(int(s) for s in data["seats"]), str(data["reason"]))

    @classmethod
    def read(cls, data: object, players: int) -> Forfeit | None:
        """Check a record's ``forfeit`` field (outside input); :class:`RecordError` when
        it is not ``null`` or ``{"seats": [distinct seat numbers], "reason": text}``."""
        if data is None:
            return None
        if not isinstance(data, dict) or set(data) != {"seats", "reason"}:
            raise RecordError('forfeit must be null or {"seats": [...], "reason": "..."}')
        seats, reason = data["seats"], data["reason"]
        if (
            not isinstance(seats, list)
            or not seats
            or not all(type(s) is int and 0 <= s < players for s in seats)
            or len(set(seats)) != len(seats)
        ):
            raise RecordError(
                f"forfeit seats must be distinct seat numbers from 0 to {players - 1}; "
                f"got {echo(seats)}"
            )
        if not isinstance(reason, str) or len(reason) > MAX_REASON:
            raise RecordError(f"the forfeit's reason must be text of at most {MAX_REASON}")
        return cls(tuple(sorted(seats)), reason)

    def to_json(self) -> dict[str, Any]:
        return {"seats": list(self.seats), "reason": self.reason}

    def outcome(self, players: int, words: Presentation | None = None) -> dict[str, Any]:
        """The table's ``outcome`` (as updates and replays give it): scores ``null`` (the
        game did not end), ranks, winners, the reason (in the language of ``words``, which
        names the seats; the stored English one without), and the seats that forfeited."""
        last = players - len(self.seats) + 1
        ranks = [last if seat in self.seats else 1 for seat in range(players)]
        return {
            "scores": [None] * players,
            "ranks": ranks,
            "winners": [s for s in range(players) if s not in self.seats],
            "reason": self.reason
            if words is None
            else words.tr("{players} ran out of time", players=words.players(self.seats)),
            "forfeit": list(self.seats),
        }
