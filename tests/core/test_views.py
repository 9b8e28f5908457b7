"""The view contract (docs/views.md): the envelope, closed schemas, board data, snapshots."""

from __future__ import annotations

import ast
import importlib
import json
import random
from array import array
from pathlib import Path
from typing import Any, get_args, get_type_hints

import pytest

from saqqara.cli import main
from saqqara.core.errors import RecordError
from saqqara.core.game import Game
from saqqara.core.registry import load, registered_games
from saqqara.core.schema import part_schema, validator
from saqqara.core.view import ViewEnvelope
from saqqara.games.valley_of_the_kings.state import ValleyState
from saqqara.testing.conformance import random_playout

GAME_IDS = list(registered_games())
ENVELOPE = set(ViewEnvelope.__annotations__)


def _game(game_id: str) -> Game:
    return load(game_id, 3)


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_view_starts_with_the_envelope(game_id: str) -> None:
    game = _game(game_id)
    state = game.new_state()
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        assert set(view) >= ENVELOPE
        assert view["game"] == game_id and view["seat"] == seat and view["players"] == 3
        assert view["rules_version"] == game.spec.rules_version
        assert view["options"] == game.options
        assert view["to_act"] == (["chance"] if state.is_chance() else list(state.to_act()))
        assert view["outcome"] is None


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_finished_game_shows_its_outcome_in_the_envelope(game_id: str) -> None:
    game = _game(game_id)
    state = game.new_state()
    for step in random_playout(game, 4):
        state = step.state
    outcome = state.outcome()
    view = state.view(None)
    assert view["to_act"] == []
    assert view["outcome"] == {
        "scores": list(outcome.scores),
        "ranks": list(outcome.ranks),
        "winners": sorted(outcome.winners),
        "reason": outcome.reason,
    }
    assert not {"winner", "winners", "reason"} & (set(view) - ENVELOPE)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_view_schema_refuses_an_undeclared_key_and_a_wrong_type(game_id: str) -> None:
    game = _game(game_id)
    check = validator(part_schema(game_id, game.view_contract(), "view"))
    view = _json(game.new_state().view(0))
    check(view)
    with pytest.raises(AssertionError, match="not_in_the_contract"):
        check({**view, "not_in_the_contract": 1})
    with pytest.raises(AssertionError, match="to_act"):
        check({**view, "to_act": [-1]})
    missing = dict(view)
    del missing["phase"]
    with pytest.raises(AssertionError, match="phase"):
        check(missing)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_phase_enum_is_the_games_own_list(game_id: str) -> None:
    game = _game(game_id)
    module = importlib.import_module(type(game.new_state()).__module__)
    assert game.view_contract().phases == module.PHASE_NAMES
    check = validator(part_schema(game_id, game.view_contract(), "view"))
    with pytest.raises(AssertionError, match="phase"):
        check({**_json(game.new_state().view(None)), "phase": "no-such-phase"})


def test_chance_is_named_in_to_act() -> None:
    state = load("valley-of-the-kings", 3).new_state()
    assert state.is_chance() and state.view(None)["to_act"] == ["chance"]


def test_no_magic_numbers_tutankhamun_mask_and_king_tut() -> None:
    amigo = load("tutankhamun", 3, {"edition": "amigo-1993"}).new_state().view(None)
    ootb = load("tutankhamun", 3, {"edition": "ootb-2004"}).new_state().view(None)
    assert amigo["mask"] == "pyramid" and ootb["mask"] is None
    assert amigo["king_tut"] is None and amigo["pawns"] == [None, None, None]
    check = validator(part_schema("tutankhamun", load("tutankhamun", 3).view_contract(), "view"))
    with pytest.raises(AssertionError, match="mask"):
        check({**_json(amigo), "mask": -2})


def test_board_data_of_every_game() -> None:
    mummy = load("curse-of-the-mummy", 4).board_data()
    assert len(mummy["fields"]) == mummy["width"] * mummy["height"]
    assert {mummy["start"], mummy["dungeon"]} <= {f["name"] for f in mummy["fields"]}
    assert mummy["mummy_needs"] == 6
    valley = load("valley-of-the-kings", 3).board_data()
    assert [a["number"] for a in valley["areas"]] == list(range(16, 23))
    assert [s["number"] for s in valley["sites"]] == list(range(1, 16))
    assert not all(s["in_play"] for s in valley["sites"])  # three-sun sites sit out with 3
    assert ("16", "15-B") in valley["steps"] or ("15-B", "16") in valley["steps"]
    revenge = load("tutankhamuns-revenge", 3).board_data()
    assert revenge["stacks"][0] == "a1" and len(revenge["stacks"]) == 16
    assert [layer["laid_by"] for layer in revenge["layers"]] == [0, 1, 2, 0, 1, 1]
    tut = load("tutankhamun", 4, {"edition": "ootb-2004"}).board_data()
    assert tut["path_length"] == 70 and tut["king_tut_slot"] == 69 and tut["start_score"] == 20
    assert sum(t["count"] for t in tut["tiles"]) == 70


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_snapshot_restores_the_position(game_id: str) -> None:
    game = _game(game_id)
    rng = random.Random(3)
    state = game.new_state()
    for _ in range(60):
        if state.is_terminal():
            break
        actor = state.to_act()[0]
        legal = (
            state.legal_actions(actor) if actor >= 0 else [a for a, _ in state.chance_outcomes()]
        )
        state.apply(actor, rng.choice(legal))
    restored = game.state_from_json(_json(state.to_json()))
    assert restored is not state and restored.to_json() == state.to_json()
    for seat in (None, 0, 1, 2):
        assert restored.view(seat) == state.view(seat)


def test_a_snapshot_of_another_version_game_or_configuration_is_refused() -> None:
    game = load("tutankhamun", 3)
    data = game.new_state().to_json()
    older = {**data, "rules_version": game.spec.rules_version - 1}
    with pytest.raises(RecordError, match=r"rules version 0; this game has 1"):
        game.state_from_json(older)
    with pytest.raises(RecordError, match="game"):
        load("valley-of-the-kings", 3).state_from_json(data)
    with pytest.raises(RecordError, match="player count"):
        load("tutankhamun", 4).state_from_json(data)
    with pytest.raises(RecordError, match="options"):
        load("tutankhamun", 3, {"edition": "ootb-2004"}).state_from_json(data)
    with pytest.raises(RecordError, match="must be int"):
        game.state_from_json({**data, "fields": {**data["fields"], "active": "0"}})
    with pytest.raises(RecordError, match="do not match"):
        game.state_from_json({**data, "fields": {**data["fields"], "extra": 1}})
    with pytest.raises(RecordError, match="JSON object"):
        game.state_from_json([data])


def test_a_snapshot_keeps_byte_array_fields_and_refuses_what_they_cannot_hold() -> None:
    game = load("valley-of-the-kings", 3)
    state = game.new_state()
    assert isinstance(state, ValleyState) and isinstance(state.stones, array)
    data = _json(state.to_json())
    assert data["fields"]["stones"] == state.stones.tolist()
    restored = game.state_from_json(data)
    assert isinstance(restored, ValleyState) and restored.stones == state.stones
    assert isinstance(restored.stones, array) and restored.stones.typecode == "b"
    fields = data["fields"]
    with pytest.raises(RecordError, match="out of range"):
        game.state_from_json({**data, "fields": {**fields, "occ": [300] * len(fields["occ"])}})
    with pytest.raises(RecordError, match="list of integers"):
        game.state_from_json({**data, "fields": {**fields, "built": ["0"] * len(fields["built"])}})


def test_schema_command_prints_views_events_and_board(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["schema", "valley-of-the-kings"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert set(schema["properties"]) == {"view", "event", "board"}
    view = schema["$defs"]["ValleyOfTheKingsView"]
    assert view["additionalProperties"] is False and "outcome" in view["required"]
    kinds = [
        schema["$defs"][ref["$ref"].split("/")[-1]]
        for ref in schema["properties"]["event"]["oneOf"]
    ]
    assert all(k["properties"]["kind"]["enum"] for k in kinds)
    out = tmp_path / "board.json"
    assert main(["schema", "curse-of-the-mummy", "--part", "board", "--out", str(out)]) == 0
    board = json.loads(out.read_text())
    assert board["$ref"] == "#/$defs/CurseOfTheMummyBoard"
    assert set(board["$defs"]) == {"CurseOfTheMummyBoard", "MazeField", "MazeSymbol"}
    assert main(["schema", "no-such-game"]) == 2
    assert "unknown game" in capsys.readouterr().err


def _emitted(package: Path) -> dict[str, set[str]]:
    """Every ``self.emit("kind", ..., key=...)`` in a game's package: kind -> data keys."""
    found: dict[str, set[str]] = {}
    nodes = (
        node
        for source in sorted(package.glob("*.py"))
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8")))
    )
    for node in nodes:
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "emit"
            and node.args
            and isinstance(node.args[0], ast.Constant)
        ):
            keys = {k.arg for k in node.keywords if k.arg not in (None, "seats", "reveal")}
            found.setdefault(str(node.args[0].value), set()).update(k for k in keys if k)
    return found


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_event_the_engine_emits_is_declared_with_its_data(game_id: str) -> None:
    game = _game(game_id)
    module = importlib.import_module(type(game.new_state()).__module__)
    assert module.__file__ is not None
    declared = {
        get_args(get_type_hints(event)["kind"])[0]: set(get_type_hints(event)) - {"kind"}
        for event in game.view_contract().events
    }
    assert _emitted(Path(module.__file__).parent) == declared
