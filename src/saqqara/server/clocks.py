"""Turn clocks: a table's optional time per move and per game, for its person seats.

A seat's clock runs while it must decide. ``move`` limits each decision; ``game`` is a
bank for the whole game, charged while the seat's clock runs. When either runs out the
seat is **overdue**, and the table's ``on_timeout`` says what follows:

- ``bot``: the table's stand-in bot plays that decision; a seat whose game bank is spent
  stays overdue to the end.
- ``lose``: the seat forfeits and the table ends at once (``saqqara.core.forfeit``: a
  table-level result, kept in the table's record too).

Times are kept with the server's monotonic clock and sent in every update as they stand
when it is sent, so a client counts the running seats down itself from when it receives
it (a client that reconnects long after the step is told the time left now). Each action is stored
with its seat's game time left just after it and the move time its decision used, so a
restarted server resumes every bank from its seat's last action (a decision taken back
included: an undo never gives time back); the time the server was down does not count,
and a decision that was running at the crash starts again with the bank as it stood at
that seat's last action (and a fresh move limit), except a decision taken back, which
goes on with the move time it had used when it was made.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec

from saqqara.core.errors import SaqqaraError

ON_TIMEOUT = ("bot", "lose")
"""What a timeout does: ``bot`` — the table's stand-in bot plays the seat's decision;
``lose`` — the seat forfeits and the table ends."""

LONGEST = 86400 * 7
"""The longest limit a clock may have (seconds)."""


class ClockError(SaqqaraError):
    """Clock settings that cannot be used."""

    code = "bad-clock"


class ClockView(msgspec.Struct):
    """The clocks as they stood when the update was sent: the limits, each seat's time
    left for its current decision and in its game bank (``null`` where there is no such
    limit), and the seats whose clocks run (count those down from the update's arrival)."""

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
        self.opening: dict[int, float | None] = {}
        """Running seats: their game time left when their current decision began."""
        self.began: dict[int, float] = {}
        """Seats that acted: when the decision they made began (for an undo)."""
        self.acted: dict[int, float] = {}
        """Seats that acted: when they did (for an undo)."""
        self._view: ClockView = self._snapshot(0.0)

    def tick(self, now: float, to_act: Iterable[int], acted: Iterable[int]) -> None:
        """The table moved on at ``now``: charge the running seats, stop those that acted
        or no longer decide, start those that now must (``to_act``: person seats only)."""
        acting, done = set(to_act), set(acted)
        for seat in list(self.started):
            self._charge(seat, now)
            if seat in done or seat not in acting:
                if seat in done:
                    self.began[seat], self.acted[seat] = self.started[seat], now
                del self.started[seat], self.charged[seat], self.opening[seat]
        for seat in acting - set(self.started):
            self.started[seat] = self.charged[seat] = now
            self.opening[seat] = self.bank[seat]
        self.overdue = {s for s in self.overdue if s in acting and s not in done}
        self.overdue |= {s for s, left in enumerate(self.bank) if left is not None and left <= 0}
        self._view = self._snapshot(now)

    def stop(self, now: float) -> None:
        """The game is over or paused: no clock runs."""
        self.tick(now, (), ())

    def resumed(self, seat: int | None, now: float) -> None:
        """After a restart: ``seat`` made the last stored step, and counts as having made
        it ``now`` (for an undo of it: the time the server was down does not count)."""
        if seat is not None:
            self.acted[seat] = now

    def rescind(self, seat: int, now: float) -> None:
        """``seat`` takes its last action back (call before the table's next
        :meth:`tick`): the decisions that began with that action never were, so the seats
        deciding them get back the game time they used (their clocks are as they were
        before the action)."""
        moved = self.acted.get(seat)
        if moved is None:
            return
        for other in list(self.started):
            if other != seat and self.started[other] >= moved:
                self.bank[other] = self.opening[other]
                del self.started[other], self.charged[other], self.opening[other]
        self._view = self._snapshot(now)

    def take_back(self, seat: int, now: float, used: float | None = None) -> None:
        """``seat`` took its decision back and decides it again (call after the table's
        :meth:`tick`): its clock runs on as if it had never acted, so an undo never buys
        time. Its move time counts from when that decision began, and its game time is
        charged from the moment it acted. Where that beginning is not known (the server
        restarted since), ``used`` is the move time the decision had used when it was
        made, as stored with it."""
        if seat not in self.started:
            return
        moved = self.acted.pop(seat, None)
        if seat in self.began:
            self.started[seat] = min(self.began[seat], self.started[seat])
        elif used is not None:
            since = now if moved is None else min(moved, now)
            self.started[seat] = min(since - max(used, 0.0), self.started[seat])
        if moved is not None and self.bank[seat] is not None:
            self.charged[seat] = min(moved, self.charged[seat])
            self._charge(seat, now)
        self.began.pop(seat, None)
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

    def view(self, now: float | None = None) -> ClockView:
        """The clocks as they stood at the last change, or at ``now`` when given (what an
        update sent at ``now`` carries: a client counts the running seats down from when
        it receives it, also long after the step, as on a reconnect)."""
        return self._view if now is None else self._snapshot(now)

    def game_left(self, seat: int, now: float) -> float | None:
        """``seat``'s game time left at ``now`` (``None``: no game clock); what is stored
        with its action."""
        left = self.bank[seat]
        if left is None:
            return None
        if seat in self.charged:
            left -= now - self.charged[seat]
        return round(max(left, 0.0), 3)

    def move_used(self, seat: int, now: float) -> float | None:
        """How long ``seat``'s current decision has run at ``now`` (``None``: no move
        clock, or the seat's clock does not run); what is stored with its action."""
        if self.rule.move is None or seat not in self.started:
            return None
        return round(max(now - self.started[seat], 0.0), 3)

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
            game_left=[self.game_left(seat, now) for seat in range(len(self.bank))],
            running=sorted(self.started),
            on_timeout=self.rule.on_timeout,
        )


def stored_banks(players: int, logged: Iterable[tuple[int, float | None]]) -> list[float | None]:
    """Each seat's game time left as the log stores it (``None``: no action with a game
    time), from ``(seat, game_left)`` of every logged action, those taken back included.

    A bank is only ever charged (an undo gives nothing back), so the least value stored
    for a seat is its latest one, whatever order the rows come in: a decision taken back
    keeps what it cost, also when the server restarts before the seat decides again.
    """
    banks: list[float | None] = [None] * players
    for seat, left in logged:
        if left is not None and 0 <= seat < players:
            held = banks[seat]
            banks[seat] = left if held is None else min(held, left)
    return banks
