"""Game records: our PGN. A documented JSON format that replays a game exactly.

See ``docs/records.md`` for the format. A record holds the game id, the rules version,
the options, the seats, and every action in order, chance outcomes included, in the game's
text notation; and, for a game an online table ended because seats ran out of time, the
forfeit (``saqqara.core.forfeit``).

Reading is hardened: anything that is not a valid record, of any size or shape, raises
:class:`RecordError` with a bounded message; nothing else comes out of :meth:`Record.loads`,
:meth:`Record.from_json` or :func:`replay` (files: ``journal.read_record_file``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from saqqara.core.errors import NotationError, RecordError, SaqqaraError, echo
from saqqara.core.events import Event
from saqqara.core.forfeit import Forfeit
from saqqara.core.game import CHANCE, Game, State
from saqqara.core.registry import load

FORMAT = "saqqara-record"
FORMAT_VERSION = 1
MAX_RECORD_CHARS = 16_000_000
"""The largest record read (a 7,000-action game is about 0.3 MB)."""
MAX_NAME = 200
"""The longest game id, option name or value, and seat name in a record."""
MAX_META_DEPTH = 32
"""How deep ``meta`` may nest (deeper JSON is refused, not a stack overflow later)."""


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
    forfeit: Forfeit | None = None
    """How the game ended when seats ran out of time at an online table: the actions stop
    there, before the game's own end (``None``: no forfeit)."""

    def to_json(self) -> dict[str, Any]:
        data = {
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
        if self.forfeit is not None:
            data["forfeit"] = self.forfeit.to_json()
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1, ensure_ascii=False)

    @classmethod
    def loads(cls, text: str) -> Record:
        """Parse a record's JSON text; :class:`RecordError` for anything malformed."""
        if not isinstance(text, str):
            raise RecordError(f"a record is JSON text, not {type(text).__name__}")
        if len(text) > MAX_RECORD_CHARS:
            raise RecordError(f"a record is at most {MAX_RECORD_CHARS:,} characters")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as exc:  # bad JSON, huge numbers, deep nesting
            raise RecordError(f"not JSON: {_cut(str(exc))}") from None
        return cls.from_json(data)

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """Check parsed JSON (or any value) field by field; :class:`RecordError` if wrong."""
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(f"not a saqqara record (format must be {FORMAT!r})")
        if data.get("format_version") != FORMAT_VERSION:
            raise RecordError(
                f"unsupported record format version {echo(data.get('format_version'))} "
                f"(this program reads version {FORMAT_VERSION})"
            )
        game = _field(data, "game", str)
        rules_version = _field(data, "rules_version", int)
        players = _field(data, "players", int)
        options = _field(data, "options", dict)
        if not all(_is_name(k) and _is_name(v) for k, v in options.items()):
            raise RecordError(f"options must map names to string values of {MAX_NAME} characters")
        seats = _field(data, "seats", list)
        if not all(_is_name(s) for s in seats):
            raise RecordError(f"seats must be a list of names of at most {MAX_NAME} characters")
        if len(seats) != players:
            raise RecordError(f"{len(seats)} seats named for {echo(players)} players")
        raw_actions = _field(data, "actions", list)
        actions = []
        for i, entry in enumerate(raw_actions):
            if not isinstance(entry, dict) or set(entry) != {"seat", "action"}:
                raise RecordError('each action must be {"seat": ..., "action": ...}', index=i)
            seat, text = entry["seat"], entry["action"]
            if seat == "chance":
                seat = CHANCE
            elif type(seat) is not int or not 0 <= seat < players:
                raise RecordError(
                    f'"seat" must be a seat number from 0 to {players - 1} or "chance"; '
                    f"got {echo(seat)}",
                    index=i,
                )
            if not isinstance(text, str):
                raise RecordError(f'"action" must be notation text; got {echo(text)}', index=i)
            actions.append(RecordedAction(seat, text))
        meta = data.get("meta", {})
        if not isinstance(meta, dict):
            raise RecordError("meta must be an object")
        if not _plain_json(meta):
            raise RecordError(f"meta must be plain JSON nested at most {MAX_META_DEPTH} deep")
        forfeit = Forfeit.read(data.get("forfeit"), players)
        return cls(
            game, rules_version, players, options, tuple(seats), tuple(actions), meta, forfeit
        )


def _field(data: Mapping[str, Any], name: str, kind: type) -> Any:
    if name not in data:
        raise RecordError(f"missing field {name!r}")
    value = data[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(f"field {name!r} must be of type {kind.__name__}")
    if isinstance(value, str) and len(value) > MAX_NAME:
        raise RecordError(f"field {name!r} is longer than {MAX_NAME} characters")
    return value


def _is_name(value: object) -> bool:
    return isinstance(value, str) and len(value) <= MAX_NAME


def _plain_json(value: object) -> bool:
    """Whether ``value`` is JSON data (str keys, no huge ints) nested at most MAX_META_DEPTH."""
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_META_DEPTH:
            return False
        if isinstance(item, dict):
            if not all(isinstance(k, str) for k in item):
                return False
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
        elif isinstance(item, int) and not isinstance(item, bool):
            if item.bit_length() > 64:
                return False
        elif not (item is None or isinstance(item, str | float | bool)):
            return False
    return True


def _cut(message: str, limit: int = 200) -> str:
    return message if len(message) <= limit else message[: limit - 3] + "..."


@dataclass(slots=True)
class Replay:
    """The result of replaying a record: the game, the final state and every event."""

    game: Game
    state: State
    events: list[Event]
    forfeit: Forfeit | None = None
    """The record's forfeit (checked: its seats were deciding where the record stops)."""

    @property
    def finished(self) -> bool:
        """Whether the game ended: by its rules, or by a forfeit."""
        return self.forfeit is not None or self.state.is_terminal()


def check_forfeit(state: State, forfeit: Forfeit | None) -> None:
    """Refuse (:class:`RecordError`) a forfeit that cannot have happened where the record
    stops: after the game's own end, or by a seat that was not deciding."""
    if forfeit is None:
        return
    deciding = state.to_act()
    if not deciding:
        raise RecordError("the record ends by forfeit, but its game was already over")
    idle = [seat for seat in forfeit.seats if seat not in deciding]
    if idle:
        raise RecordError(
            f"seat {idle[0]} forfeited on time, but was not deciding where the record stops"
        )


def replay(record: Record) -> Replay:
    """Replay ``record`` action by action, checking each one (and its forfeit, if any).

    Raises :class:`RecordError` naming the index of the first action that does not parse
    or is illegal, or the field at fault when the record cannot be set up at all.
    """
    try:
        game = load(record.game, record.players, record.options)
    except SaqqaraError as exc:
        raise RecordError(_cut(exc.message)) from None
    if record.rules_version != game.spec.rules_version:
        raise RecordError(
            f"record is for rules version {echo(record.rules_version)} of {record.game}; "
            f"this program implements version {game.spec.rules_version}"
        )
    state = game.new_state()
    events: list[Event] = []
    for i, entry in enumerate(record.actions):
        try:
            action = game.parse_action(entry.action)
            events.extend(state.apply(entry.seat, action))
        except NotationError as exc:
            raise RecordError(f"{echo(entry.action)}: {exc.message}", index=i) from None
        except SaqqaraError as exc:
            who = _who(entry.seat)
            raise RecordError(f"{echo(entry.action)} by {who}: {exc.message}", index=i) from None
    check_forfeit(state, record.forfeit)
    return Replay(game, state, events, record.forfeit)


def _who(seat: int) -> str:
    return "chance" if seat == CHANCE else f"seat {echo(seat)}"


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
