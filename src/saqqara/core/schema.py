"""JSON Schemas of a game's views, events and board, made from its TypedDicts with msgspec.

``game_schema`` bundles the three (``saqqara schema GAME`` prints it; the browser client
generates its TypeScript types from it); ``part_schema`` gives one of them standalone, the
form :func:`validator` checks JSON against. Every object is closed
(``additionalProperties: false``) so a key a game adds without declaring it fails the
conformance kit instead of reaching a client undocumented.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from saqqara.core.view import ViewContract

DIALECT = "https://json-schema.org/draft/2020-12/schema"
Part = Literal["view", "event", "board"]
PARTS: tuple[Part, ...] = ("view", "event", "board")

_TITLES: dict[Part, str] = {
    "view": "what one seat (or a spectator) may know of a position: the envelope keys "
    "(game, rules_version, options, players, seat, phase, to_act, outcome) beside the game's own",
    "event": "one thing an action made happen, as a seat receives it: its kind and its data",
    "board": "the static facts a client needs to draw the board of this configuration",
}


def _close(defs: dict[str, Any]) -> dict[str, Any]:
    for definition in defs.values():
        if definition.get("type") == "object" and "properties" in definition:
            definition["additionalProperties"] = False
    return defs


def _components(contract: ViewContract) -> tuple[dict[Part, dict[str, Any]], dict[str, Any]]:
    import msgspec

    types = (contract.view, contract.board, *contract.events)
    refs, defs = msgspec.json.schema_components(types)
    view_ref, board_ref, *event_refs = refs
    view_def = defs[view_ref["$ref"].rsplit("/", 1)[-1]]
    view_def["properties"]["phase"] = {
        "description": "the game's phase",
        "enum": list(contract.phases),
    }
    event = {"oneOf": list(event_refs), "description": _TITLES["event"]}
    parts: dict[Part, dict[str, Any]] = {
        "view": {**view_ref, "description": _TITLES["view"]},
        "event": event,
        "board": {**board_ref, "description": _TITLES["board"]},
    }
    return parts, _close(defs)


def game_schema(game_id: str, contract: ViewContract) -> dict[str, Any]:
    """One document for a game: ``properties`` ``view``, ``event`` and ``board`` refer to
    their definitions in ``$defs`` (every TypedDict by its class name)."""
    parts, defs = _components(contract)
    return {
        "$schema": DIALECT,
        "$id": f"saqqara:{game_id}",
        "title": f"{game_id} views, events and board",
        "type": "object",
        "properties": dict(parts),
        "$defs": defs,
    }


def part_schema(game_id: str, contract: ViewContract, part: Part) -> dict[str, Any]:
    """The schema of one part alone, with only the ``$defs`` it refers to."""
    parts, defs = _components(contract)
    needed: dict[str, Any] = {}
    todo = list(_refs(parts[part]))
    while todo:
        name = todo.pop()
        if name not in needed:
            needed[name] = defs[name]
            todo.extend(_refs(defs[name]))
    return {
        "$schema": DIALECT,
        "$id": f"saqqara:{game_id}:{part}",
        "title": f"{game_id} {part}",
        **parts[part],
        "$defs": dict(sorted(needed.items())),
    }


def _refs(node: Any) -> list[str]:
    """The names of the ``$defs`` that ``node`` refers to, directly or within."""
    if isinstance(node, dict):
        ref = node.get("$ref")
        own = [ref.rsplit("/", 1)[-1]] if isinstance(ref, str) else []
        return own + [name for value in node.values() for name in _refs(value)]
    if isinstance(node, list):
        return [name for item in node for name in _refs(item)]
    return []


def validator(schema: dict[str, Any]) -> Callable[[Any], None]:
    """A function that raises ``AssertionError`` naming the first fault when its JSON does
    not follow ``schema``. Needs the ``jsonschema`` package (the dev extra)."""
    import jsonschema

    checker = jsonschema.Draft202012Validator(schema)

    def check(instance: Any) -> None:
        error = jsonschema.exceptions.best_match(checker.iter_errors(instance))
        if error is not None:
            where = "/".join(str(p) for p in error.absolute_path) or "(root)"
            raise AssertionError(f"{schema['title']}: at {where}: {error.message}")

    return check
