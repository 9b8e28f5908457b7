"""Game records: JSON round-trip, replay, and clear refusals naming the faulty action."""

from __future__ import annotations

import json

import pytest

from saqqara.ai.random_bot import RandomBot
from saqqara.core.errors import RecordError
from saqqara.core.playout import play_game
from saqqara.core.records import Record, replay
from saqqara.core.registry import load


def _record() -> Record:
    game = load("tutankhamun", 3, {"edition": "ootb-2004"})
    return play_game(game, [RandomBot(game)] * 3, seed=7).record


def test_a_played_game_replays_to_the_same_end() -> None:
    game = load("tutankhamun", 3, {"edition": "ootb-2004"})
    played = play_game(game, [RandomBot(game)] * 3, seed=7)
    result = replay(Record.loads(played.record.dumps()))
    assert result.state.view(None) == played.state.view(None)
    assert result.state.outcome() == played.state.outcome()
    assert any(e.kind == "game-over" for e in result.events)


def test_record_json_has_the_documented_fields() -> None:
    data = _record().to_json()
    assert data["format"] == "saqqara-record" and data["format_version"] == 1
    assert data["game"] == "tutankhamun" and data["rules_version"] == 1
    assert data["options"] == {"edition": "ootb-2004"} and data["players"] == 3
    assert data["actions"][0]["seat"] == "chance"
    assert data["actions"][0]["action"].startswith("draw ")
    assert data["seats"] == ["random"] * 3


def _mutated(**changes: object) -> str:
    data = _record().to_json()
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not JSON"),
        ("[]", "must be a JSON object"),
        (json.dumps({"format": "pgn"}), "not a saqqara record"),
        (_mutated(format_version=9), "unsupported record format version 9"),
        (_mutated(game="chess"), "unknown game 'chess'"),
        (_mutated(rules_version=99), "rules version 99"),
        (_mutated(players=9, seats=["a"] * 9), "2 to 6 players"),
        (_mutated(options={"edition": "ravensburger"}), "must be one of"),
        (_mutated(options={"colour": "red"}), "no option 'colour'"),
        (_mutated(seats=["a"]), "1 seats named for 3 players"),
        (_mutated(players="three"), "'players' must be of type int"),
    ],
)
def test_malformed_records_are_refused_clearly(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message) as err:
        replay(Record.loads(text))
    assert err.value.index is None


def test_an_action_out_of_turn_is_refused_with_its_index() -> None:
    data = _record().to_json()
    first_move = next(i for i, a in enumerate(data["actions"]) if a["seat"] != "chance")
    assert data["actions"][first_move]["seat"] == 0
    data["actions"][first_move]["seat"] = 2
    with pytest.raises(RecordError, match=f"action #{first_move}: .*not seat 2's turn") as err:
        replay(Record.from_json(data))
    assert err.value.index == first_move


def test_an_illegal_move_is_refused_with_its_index() -> None:
    data = _record().to_json()
    moves = [i for i, a in enumerate(data["actions"]) if a["seat"] != "chance"]
    second = moves[1]
    data["actions"][second]["action"] = data["actions"][moves[0]]["action"]  # taken already
    with pytest.raises(RecordError, match=f"action #{second}: .*is not legal now"):
        replay(Record.from_json(data))


def test_unreadable_notation_is_refused_with_its_index() -> None:
    data = _record().to_json()
    data["actions"][5]["action"] = "draw unicorn"
    with pytest.raises(RecordError, match="action #5: 'draw unicorn': unknown tile kind"):
        replay(Record.from_json(data))


def test_a_chance_outcome_that_cannot_happen_is_refused() -> None:
    data = _record().to_json()
    data["actions"].insert(0, {"seat": 0, "action": "take 0"})
    with pytest.raises(RecordError, match=r"action #0: .*chance to act"):
        replay(Record.from_json(data))


def test_badly_shaped_action_entries_are_refused() -> None:
    data = _record().to_json()
    data["actions"][3] = {"seat": 0}
    with pytest.raises(RecordError, match="action #3"):
        Record.from_json(data)
