"""Named positions: a game record, usually unfinished, and what must hold where it stops.

Every bug, and every ruling that was once got wrong or argued over, becomes one: a JSON file
(``tests/regressions/<game id>/<name>.json``) that the test suite replays and checks. The
format (see ``docs/records.md``)::

    {
      "why": "what went wrong once, or which ruling this pins down",
      "record": { ... a saqqara record: the actions up to the position ... },
      "expect": {
        "to_act": [1],
        "legal": {"1": ["announce arrow"]},          # each must be legal for that seat
        "not_legal": {"1": ["announce 4"]},          # none may be legal for that seat
        "legal_exactly": {"1": ["roll", "stuck"]},   # the seat's whole legal list, in order
        "view": {"0": {"mummy": "f6"}},              # part of a seat's view ("spectator": None)
        "winners": [0]                                # the game is over with these winners
      }
    }

A ``view`` expectation matches when every key it names has the expected value; objects are
compared key by key (other keys may exist), lists element by element.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from saqqara.core.errors import NotationError, RecordError
from saqqara.core.game import Game, State
from saqqara.core.records import Record, replay

EXPECTATIONS = ("to_act", "legal", "not_legal", "legal_exactly", "view", "winners")


@dataclass(frozen=True, slots=True)
class NamedPosition:
    """A position reached by a record's actions, and what must hold there."""

    name: str
    why: str
    record: Record
    expect: Mapping[str, Any]

    @classmethod
    def load(cls, path: Path) -> NamedPosition:
        """Read a named position; :class:`RecordError` says what is wrong with the file."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise RecordError(f"{path}: cannot read a named position: {exc}") from None
        if not isinstance(data, dict) or not isinstance(data.get("expect"), dict):
            raise RecordError(f"{path}: a named position needs 'record' and 'expect' objects")
        unknown = set(data["expect"]) - set(EXPECTATIONS)
        if unknown:
            raise RecordError(
                f"{path}: unknown expectation {sorted(unknown)}; known: {', '.join(EXPECTATIONS)}"
            )
        if not str(data.get("why", "")).strip():
            raise RecordError(f"{path}: say in 'why' what this position pins down")
        record = Record.from_json(data.get("record"))
        return cls(path.stem, str(data["why"]), record, data["expect"])

    def dumps(self) -> str:
        data = {"why": self.why, "record": self.record.to_json(), "expect": dict(self.expect)}
        return json.dumps(data, indent=1, ensure_ascii=False) + "\n"

    def failures(self) -> list[str]:
        """Replay the record and list every expectation that does not hold (empty: all do)."""
        replayed = replay(self.record)
        state, game = replayed.state, replayed.game
        out: list[str] = []
        expect = self.expect
        for key in ("legal", "not_legal", "legal_exactly"):
            for texts in expect.get(key, {}).values():
                out += [f"{t!r} names no action" for t in texts if not _names_action(game, t)]
        if "to_act" in expect and list(state.to_act()) != list(expect["to_act"]):
            out.append(f"to_act is {list(state.to_act())}, expected {expect['to_act']}")
        for seat, texts in expect.get("legal", {}).items():
            legal = _legal_texts(game, state, int(seat))
            out += [f"seat {seat}: {t!r} is not legal" for t in texts if t not in legal]
        for seat, texts in expect.get("not_legal", {}).items():
            legal = _legal_texts(game, state, int(seat))
            out += [f"seat {seat}: {t!r} is legal" for t in texts if t in legal]
        for seat, texts in expect.get("legal_exactly", {}).items():
            legal = _legal_texts(game, state, int(seat))
            if legal != list(texts):
                out.append(f"seat {seat}: legal actions are {legal}, expected {texts}")
        for seat, part in expect.get("view", {}).items():
            view = state.view(None if seat == "spectator" else int(seat))
            out += [f"view of {seat}: {m}" for m in _mismatches(view, part, "")]
        if "winners" in expect:
            if not state.is_terminal():
                out.append(f"the game is not over; expected winners {expect['winners']}")
            elif sorted(state.outcome().winners) != sorted(expect["winners"]):
                out.append(
                    f"winners are {sorted(state.outcome().winners)}, expected {expect['winners']}"
                )
        return out


def _names_action(game: Game, text: str) -> bool:
    try:
        game.parse_action(text)
    except NotationError:
        return False
    return True


def _legal_texts(game: Game, state: State, seat: int) -> list[str]:
    return [game.action_text(a) for a in state.legal_actions(seat)]


def _mismatches(actual: Any, expected: Any, path: str) -> list[str]:
    """Where ``actual`` differs from the part of it that ``expected`` names."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{path or '.'} is {actual!r}, expected an object"]
        out: list[str] = []
        for key, value in expected.items():
            if key not in actual:
                out.append(f"{path}.{key} is missing")
            else:
                out += _mismatches(actual[key], value, f"{path}.{key}")
        return out
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{path or '.'} is {actual!r}, expected {expected!r}"]
        out = []
        for i, (a, e) in enumerate(zip(actual, expected, strict=True)):
            out += _mismatches(a, e, f"{path}[{i}]")
        return out
    return [] if actual == expected else [f"{path or '.'} is {actual!r}, expected {expected!r}"]


def load_positions(folder: Path) -> list[NamedPosition]:
    """Every named position below ``folder`` (``<game id>/<name>.json``), sorted by path."""
    return [NamedPosition.load(p) for p in sorted(folder.glob("*/*.json"))]
