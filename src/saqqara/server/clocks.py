"""Turn clocks: a table's optional time per move and per game, for its person seats.

A seat's clock runs while it must decide. ``move`` limits each decision; ``game`` is a
bank for the whole game, charged while the seat's clock runs. When either runs out the
seat is **overdue**, and the table's ``on_timeout`` says what follows:

- ``bot``: the table's stand-in bot plays that decision; a seat whose game bank is spent
  stays overdue to the end.
- ``lose``: the seat forfeits and the table ends at once (:class:`Forfeit`). This is a
  table-level result, not the game's: the rules engine is not asked, and the seats still
  in the game share first place, the seats out of time share the last.

Times are kept with the server's monotonic clock and sent in every update as they stood
at its step, so a client counts the running seats down itself. Each action is stored
with its seat's game time left just after it, so a restarted server resumes every bank
from its seat's last action; the time the server was down does not count, and a decision
that was running at the crash starts again with the bank as it stood at that seat's last
action (and a fresh move limit).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec

from saqqara.core.errors import SaqqaraError
from saqqara.core.presentation import Presentation

ON_TIMEOUT = ("bot", "lose")
"""What a timeout does: ``bot`` — the table's stand-in bot plays the seat's decision;
``lose`` — the seat forfeits and the table ends."""

LONGEST = 86400 * 7
"""The longest limit a clock may have (seconds)."""


class ClockError(SaqqaraError):
    """Clock settings that cannot be used."""

    code = "bad-clock"


class ClockView(msgspec.Struct):
    """The clocks as they stood at an update's step: the limits, each seat's time left
    for its current decision and in its game bank (``null`` where there is no such
    limit), and the seats whose clocks run (count those down)."""

    move: float | None
    game: float | None
    move_left: list[float | None]
    game_left: list[float | None]
    running: list[int]
    on_timeout: str


@dataclass(frozen=True, slots=True)
class ClockRule:
    """A table's clock settings (at least one of ``move`` and ``game``, in seconds)."""

    move: float | None
    game: float | None
    on_timeout: str = "bot"

    def __post_init__(self) -> None:
        if self.move is None and self.game is None:
            raise ClockError("a clock needs a time per move or per game (seconds), or both")
        for name, limit in (("move", self.move), ("game", self.game)):
            if limit is not None and (
                isinstance(limit, bool)
                or not isinstance(limit, int | float)
                or not 1 <= limit <= LONGEST
            ):
                raise ClockError(f"the clock's {name} time must be 1 to {LONGEST} seconds")
        if self.on_timeout not in ON_TIMEOUT:
            raise ClockError(
                f"on_timeout must be one of {', '.join(ON_TIMEOUT)}, not {self.on_timeout!r:.40}"
            )

    @classmethod
    def from_settings(cls, settings: dict[str, Any]) -> ClockRule | None:
        clock = settings.get("clock")
        if not isinstance(clock, dict):
            return None
        return cls(clock.get("move"), clock.get("game"), clock.get("on_timeout", "bot"))

    @property
    def forfeits(self) -> bool:
        """Whether running out of time loses the game (``on_timeout`` ``lose``)."""
        return self.on_timeout == "lose"

    def settings(self) -> dict[str, Any]:
        return {"move": self.move, "game": self.game, "on_timeout": self.on_timeout}


class TurnClocks:
    """The running clocks of one table."""

    def __init__(
        self, rule: ClockRule, players: int, banks: Sequence[float | None] | None = None
    ) -> None:
        """``banks``: each seat's game time left, when resuming (default: the full game)."""
        self.rule = rule
        self.bank: list[float | None] = [rule.game] * players
        if rule.game is not None and banks is not None:
            self.bank = [rule.game if b is None else min(max(b, 0.0), rule.game) for b in banks]
        self.started: dict[int, float] = {}
        """Running seats: when their current decision began."""
        self.charged: dict[int, float] = {}
        """Running seats: up to when their bank has been charged."""
        self.overdue: set[int] = set()
        self.began: dict[int, float] = {}
        """Seats that acted: when the decision they made began (for an undo)."""
        self._view: ClockView = self._snapshot(0.0)

    def tick(self, now: float, to_act: Iterable[int], acted: Iterable[int]) -> None:
        """The table moved on at ``now``: charge the running seats, stop those that acted
        or no longer decide, start those that now must (``to_act``: person seats only)."""
        acting, done = set(to_act), set(acted)
        for seat in list(self.started):
            self._charge(seat, now)
            if seat in done or seat not in acting:
                if seat in done:
                    self.began[seat] = self.started[seat]
                del self.started[seat], self.charged[seat]
        for seat in acting - set(self.started):
            self.started[seat] = self.charged[seat] = now
        self.overdue = {s for s in self.overdue if s in acting and s not in done}
        self.overdue |= {s for s, left in enumerate(self.bank) if left is not None and left <= 0}
        self._view = self._snapshot(now)

    def stop(self, now: float) -> None:
        """The game is over or paused: no clock runs."""
        self.tick(now, (), ())

    def take_back(self, seat: int, now: float) -> None:
        """``seat`` took its decision back and decides again: its move time counts from
        when that decision began, so an undo never buys time (the game bank keeps what it
        was charged)."""
        if seat in self.started and seat in self.began:
            self.started[seat] = min(self.began[seat], self.started[seat])
            self._view = self._snapshot(now)

    def deadline(self) -> float | None:
        """When the next running seat runs out of time (monotonic), if any runs."""
        times = [self._deadline(seat) for seat in self.started if self._pending(seat)]
        finite = [t for t in times if t is not None]
        return min(finite) if finite else None

    def expire(self, now: float) -> list[int]:
        """Mark the seats whose time ran out by ``now`` overdue; returns them."""
        late = [
            seat
            for seat in self.started
            if self._pending(seat) and (due := self._deadline(seat)) is not None
            if due <= now
        ]
        for seat in late:
            self._charge(seat, now)
        self.overdue.update(late)
        return late

    def view(self) -> ClockView:
        return self._view

    def game_left(self, seat: int, now: float) -> float | None:
        """``seat``'s game time left at ``now`` (``None``: no game clock); what is stored
        with its action."""
        left = self.bank[seat]
        if left is None:
            return None
        if seat in self.charged:
            left -= now - self.charged[seat]
        return round(max(left, 0.0), 3)

    def _pending(self, seat: int) -> bool:
        """Whether running out of time still has to be dealt with for ``seat``: a seat
        the stand-in bot already plays for is not timed again, but under ``lose`` an
        overdue seat that must decide forfeits."""
        return seat not in self.overdue or self.rule.forfeits

    def _deadline(self, seat: int) -> float | None:
        ends = []
        if self.rule.move is not None:
            ends.append(self.started[seat] + self.rule.move)
        left = self.bank[seat]
        if left is not None:
            ends.append(self.charged[seat] + max(left, 0.0))
        return min(ends) if ends else None

    def _charge(self, seat: int, now: float) -> None:
        left = self.bank[seat]
        if left is not None:
            self.bank[seat] = max(left - (now - self.charged[seat]), 0.0)
        self.charged[seat] = now

    def _snapshot(self, now: float) -> ClockView:
        move_left: list[float | None] = []
        for seat in range(len(self.bank)):
            if self.rule.move is None:
                move_left.append(None)
            elif seat in self.started:
                move_left.append(round(max(self.rule.move - (now - self.started[seat]), 0.0), 3))
            else:
                move_left.append(self.rule.move)
        return ClockView(
            move=self.rule.move,
            game=self.rule.game,
            move_left=move_left,
            game_left=[None if b is None else round(b, 3) for b in self.bank],
            running=sorted(self.started),
            on_timeout=self.rule.on_timeout,
        )


@dataclass(frozen=True, slots=True)
class Forfeit:
    """A table ended because ``seats`` ran out of time (``on_timeout`` ``lose``).

    The game did not finish, so it has no scores; the seats still in it share first
    place and those out of time share the last. Stored with the table, it is the result
    every later update and a reloaded table show.
    """

    seats: tuple[int, ...]
    reason: str

    @classmethod
    def of(cls, seats: Iterable[int], names: Sequence[str]) -> Forfeit:
        late = tuple(sorted(set(seats)))
        who = " and ".join(names[s] for s in late)
        return cls(late, f"{who} ran out of time")

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> Forfeit | None:
        if data is None:
            return None
        return cls(tuple(int(s) for s in data["seats"]), str(data["reason"]))

    def to_json(self) -> dict[str, Any]:
        return {"seats": list(self.seats), "reason": self.reason}

    def outcome(self, players: int, words: Presentation | None = None) -> dict[str, Any]:
        """The ``outcome`` of the table's updates: scores ``null`` (the game did not end),
        ranks, winners, the reason (in the language of ``words``, which names the seats;
        the stored English one without), and the seats that forfeited."""
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
