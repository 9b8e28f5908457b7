"""State snapshots: the full truth of a position as JSON, for the server's store only.

A server resumes a long game from its latest snapshot plus the actions recorded after it,
instead of replaying thousands of steps. A snapshot holds everything, hidden information
included, so it never goes to a client. States keep flat fields (ints, bools, strings and
lists, tuples or ``array.array`` of them); the codec writes every such field by name and
reads it back into a fresh state of the same configuration. Fields a state rebuilds from
its game (the game itself, boards, editions, vocabularies) are named in
``State.SNAPSHOT_DERIVED`` and not written; any other field that is not plain data is an
error, so a new field of a new kind cannot be silently dropped. The policy for snapshots
of another rules version is in ``docs/views.md``.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Any

from saqqara.core.errors import RecordError

if TYPE_CHECKING:
    from saqqara.core.game import Game, State

SNAPSHOT_FORMAT = 1
"""The layout of the snapshot object itself (not of a game's fields)."""

_SCALARS = (bool, int, str, type(None))
_SCALAR_TYPES = frozenset(_SCALARS)
_SLOTS: dict[type, tuple[str, ...]] = {}
"""Per state class, the names of its slots that a snapshot writes (made once a class)."""


def _slot_names(cls: type) -> tuple[str, ...]:
    names = _SLOTS.get(cls)
    if names is None:
        found: list[str] = []
        for each in cls.__mro__:
            slots = each.__dict__.get("__slots__", ())
            found.extend((slots,) if isinstance(slots, str) else slots)
        derived = getattr(cls, "SNAPSHOT_DERIVED", ())
        names = _SLOTS[cls] = tuple(
            name for name in found if not name.startswith("_") and name not in derived
        )
    return names


def _fields(state: State) -> dict[str, Any]:
    names = _slot_names(type(state))
    fields = {name: getattr(state, name) for name in names if hasattr(state, name)}
    derived = state.SNAPSHOT_DERIVED
    for name, value in getattr(state, "__dict__", {}).items():
        if not name.startswith("_") and name not in derived:
            fields[name] = value
    return fields


def _plain(name: str, value: Any) -> Any:
    kind = type(value)
    if kind in _SCALAR_TYPES or isinstance(value, _SCALARS):
        return value
    if isinstance(value, array):
        return value.tolist()
    if isinstance(value, list | tuple) and (
        set(map(type, value)) <= _SCALAR_TYPES or all(isinstance(v, _SCALARS) for v in value)
    ):
        return list(value)
    raise TypeError(
        f"state field {name!r} holds {type(value).__name__}, which a snapshot cannot write; "
        "name it in SNAPSHOT_DERIVED if the state rebuilds it from its game"
    )


def state_to_json(state: State) -> dict[str, Any]:
    """The snapshot of ``state``: its game's identity and configuration, and every field."""
    game = state.game
    return {
        "snapshot": SNAPSHOT_FORMAT,
        "game": game.spec.id,
        "rules_version": game.spec.rules_version,
        "players": game.players,
        "options": dict(game.options),
        "fields": {name: _plain(name, v) for name, v in _fields(state).items()},
    }


def _expect(data: dict[str, Any], key: str, want: Any, what: str) -> None:
    got = data.get(key)
    if got != want:
        raise RecordError(f"this snapshot is of {what} {got!r}; this game has {want!r}")


def state_from_json(game: Game, data: Any) -> State:
    """A state of ``game`` equal to the one ``data`` was written from.

    Raises :class:`RecordError` when the snapshot is of another format, game, rules
    version or configuration, or a field is missing, unknown or of the wrong shape.
    """
    if not isinstance(data, dict):
        raise RecordError("a snapshot is a JSON object")
    _expect(data, "snapshot", SNAPSHOT_FORMAT, "snapshot format")
    _expect(data, "game", game.spec.id, "game")
    _expect(data, "rules_version", game.spec.rules_version, "rules version")
    _expect(data, "players", game.players, "player count")
    _expect(data, "options", dict(game.options), "options")
    fields = data.get("fields")
    if not isinstance(fields, dict):
        raise RecordError("a snapshot's fields are a JSON object")
    state = game.new_state()
    fresh = _fields(state)
    if set(fields) != set(fresh):
        odd = sorted(set(fields) ^ set(fresh))
        raise RecordError(f"snapshot fields do not match this engine's state: {odd}")
    for name, template in fresh.items():
        setattr(state, name, _restore(name, template, fields[name]))
    return state


def _restore(name: str, template: Any, value: Any) -> Any:
    if isinstance(template, array):
        if not isinstance(value, list) or not all(type(v) is int for v in value):
            raise RecordError(f"snapshot field {name!r} must be a list of integers")
        try:
            return array(template.typecode, value)
        except OverflowError:
            raise RecordError(f"snapshot field {name!r} holds a number out of range") from None
    if isinstance(template, list | tuple):
        if not isinstance(value, list) or not all(isinstance(v, _SCALARS) for v in value):
            raise RecordError(f"snapshot field {name!r} must be a list of plain values")
        return type(template)(value)
    if template is not None and type(value) is not type(template):
        raise RecordError(
            f"snapshot field {name!r} must be {type(template).__name__}, not {type(value).__name__}"
        )
    return value
