"""Game records: our PGN. A documented JSON format that replays a game exactly.

See ``docs/records.md`` for the format. A record holds the game id, the rules version,
the options, the seats, and every action in order, chance outcomes included, in the game's
text notation.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from saqqara.core.errors import NotationError, RecordError, SaqqaraError
from saqqara.core.events import Event
from saqqara.core.game import CHANCE, Game, State
from saqqara.core.registry import load

FORMAT = "saqqara-record"
FORMAT_VERSION = 1


@dataclass(frozen=True, slots=True)
class RecordedAction:
    """One entry of a record: who acted (``CHANCE`` for chance) and the action's notation."""

    seat: int
    action: str

    def to_json(self) -> dict[str, Any]:
        return {"seat": "chance" if self.seat == CHANCE else self.seat, "action": self.action}


@dataclass(frozen=True, slots=True)
class Record:
    """A whole game, replayable. ``seats`` names who sat where (a person, a bot)."""

    game: str
    rules_version: int
    players: int
    options: Mapping[str, str]
    seats: tuple[str, ...]
    actions: tuple[RecordedAction, ...] = ()
    meta: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "game": self.game,
            "rules_version": self.rules_version,
            "players": self.players,
            "options": dict(self.options),
            "seats": list(self.seats),
            "actions": [a.to_json() for a in self.actions],
            "meta": dict(self.meta),
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1, ensure_ascii=False)

    @classmethod
    def loads(cls, text: str) -> Record:
        """Parse a record's JSON text; :class:`RecordError` for anything malformed."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"not JSON: {exc}") from None
        return cls.from_json(data)

    @classmethod
    def from_json(cls, data: Any) -> Record:
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(f"not a saqqara record (format must be {FORMAT!r})")
        if data.get("format_version") != FORMAT_VERSION:
            raise RecordError(
                f"unsupported record format version {data.get('format_version')!r} "
                f"(this program reads version {FORMAT_VERSION})"
            )
        game = _field(data, "game", str)
        rules_version = _field(data, "rules_version", int)
        players = _field(data, "players", int)
        options = _field(data, "options", dict)
        if not all(isinstance(k, str) and isinstance(v, str) for k, v in options.items()):
            raise RecordError("options must map names to string values")
        seats = _field(data, "seats", list)
        if not all(isinstance(s, str) for s in seats):
            raise RecordError("seats must be a list of names")
        if len(seats) != players:
            raise RecordError(f"{len(seats)} seats named for {players} players")
        raw_actions = _field(data, "actions", list)
        actions = []
        for i, entry in enumerate(raw_actions):
            if not isinstance(entry, dict) or set(entry) != {"seat", "action"}:
                raise RecordError('each action must be {"seat": ..., "action": ...}', index=i)
            seat, text = entry["seat"], entry["action"]
            if seat == "chance":
                seat = CHANCE
            if isinstance(seat, bool) or not isinstance(seat, int) or not isinstance(text, str):
                raise RecordError('"seat" must be a seat number or "chance"', index=i)
            actions.append(RecordedAction(seat, text))
        meta = data.get("meta", {})
        if not isinstance(meta, dict):
            raise RecordError("meta must be an object")
        return cls(game, rules_version, players, options, tuple(seats), tuple(actions), meta)


def _field(data: Mapping[str, Any], name: str, kind: type) -> Any:
    if name not in data:
        raise RecordError(f"missing field {name!r}")
    value = data[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(f"field {name!r} must be of type {kind.__name__}")
    return value


@dataclass(slots=True)
class Replay:
    """The result of replaying a record: the game, the final state and every event."""

    game: Game
    state: State
    events: list[Event]


def replay(record: Record) -> Replay:
    """Replay ``record`` action by action, checking each one.

    Raises :class:`RecordError` naming the index of the first action that does not parse
    or is illegal, or the field at fault when the record cannot be set up at all.
    """
    try:
        game = load(record.game, record.players, record.options)
    except SaqqaraError as exc:
        raise RecordError(exc.message) from None
    if record.rules_version != game.spec.rules_version:
        raise RecordError(
            f"record is for rules version {record.rules_version} of {record.game}; "
            f"this program implements version {game.spec.rules_version}"
        )
    state = game.new_state()
    events: list[Event] = []
    for i, entry in enumerate(record.actions):
        try:
            action = game.parse_action(entry.action)
            events.extend(state.apply(entry.seat, action))
        except NotationError as exc:
            raise RecordError(f"{entry.action!r}: {exc.message}", index=i) from None
        except SaqqaraError as exc:
            who = _who(entry.seat)
            raise RecordError(f"{entry.action!r} by {who}: {exc.message}", index=i) from None
    return Replay(game, state, events)


def _who(seat: int) -> str:
    return "chance" if seat == CHANCE else f"seat {seat}"


def record_of(
    game: Game,
    history: Sequence[tuple[int, str]],
    seats: Sequence[str] | None = None,
    meta: Mapping[str, Any] | None = None,
) -> Record:
    """Build a record from ``(seat, notation)`` pairs played in ``game``."""
    names = tuple(seats) if seats is not None else tuple(f"seat {i}" for i in range(game.players))
    return Record(
        game=game.spec.id,
        rules_version=game.spec.rules_version,
        players=game.players,
        options=dict(game.options),
        seats=names,
        actions=tuple(RecordedAction(s, a) for s, a in history),
        meta=dict(meta or {}),
    )
