"""Turn clocks: a table's optional time per move and per game, for its person seats.

A seat's clock runs while it must decide. ``move`` limits each decision; ``game`` is a
bank for the whole game, charged while the seat's clock runs. When either runs out the
seat is **overdue**: the table's stand-in bot plays that decision (``on_timeout`` ``bot``);
a seat whose game bank is spent stays overdue to the end. Times are kept with the
server's monotonic clock and sent in every update as they stood at its step, so a
client counts the running seats down itself.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import msgspec

ON_TIMEOUT = ("bot",)
"""What a timeout does: ``bot`` — the table's stand-in bot plays the seat's decision."""


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

    @classmethod
    def from_settings(cls, settings: dict[str, Any]) -> ClockRule | None:
        clock = settings.get("clock")
        if not isinstance(clock, dict):
            return None
        return cls(clock.get("move"), clock.get("game"), clock.get("on_timeout", "bot"))

    def settings(self) -> dict[str, Any]:
        return {"move": self.move, "game": self.game, "on_timeout": self.on_timeout}


class TurnClocks:
    """The running clocks of one table."""

    def __init__(self, rule: ClockRule, players: int) -> None:
        self.rule = rule
        self.bank: list[float | None] = [rule.game] * players
        self.started: dict[int, float] = {}
        """Running seats: when their current decision began."""
        self.charged: dict[int, float] = {}
        """Running seats: up to when their bank has been charged."""
        self.overdue: set[int] = set()
        self._view: ClockView = self._snapshot(0.0)

    def tick(self, now: float, to_act: Iterable[int], acted: Iterable[int]) -> None:
        """The table moved on at ``now``: charge the running seats, stop those that acted
        or no longer decide, start those that now must (``to_act``: person seats only)."""
        acting, done = set(to_act), set(acted)
        for seat in list(self.started):
            self._charge(seat, now)
            if seat in done or seat not in acting:
                del self.started[seat], self.charged[seat]
        for seat in acting - set(self.started):
            self.started[seat] = self.charged[seat] = now
        self.overdue = {s for s in self.overdue if s in acting and s not in done}
        self.overdue |= {s for s, left in enumerate(self.bank) if left is not None and left <= 0}
        self._view = self._snapshot(now)

    def stop(self, now: float) -> None:
        """The game is over or paused: no clock runs."""
        self.tick(now, (), ())

    def deadline(self) -> float | None:
        """When the next running seat runs out of time (monotonic), if any runs."""
        times = [self._deadline(seat) for seat in self.started if seat not in self.overdue]
        finite = [t for t in times if t is not None]
        return min(finite) if finite else None

    def expire(self, now: float) -> list[int]:
        """Mark the seats whose time ran out by ``now`` overdue; returns them."""
        late = [
            seat
            for seat in self.started
            if seat not in self.overdue and (due := self._deadline(seat)) is not None
            if due <= now
        ]
        for seat in late:
            self._charge(seat, now)
        self.overdue.update(late)
        return late

    def view(self) -> ClockView:
        return self._view

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
