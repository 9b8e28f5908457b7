"""Property: a mutated record or journal (any shape, size or type) only ever raises
``RecordError``, with a bounded message, from loading, validating and replaying."""

from __future__ import annotations

import functools
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from saqqara.core.errors import RecordError
from saqqara.core.game import CHANCE
from saqqara.core.journal import parse_record_text, read_record_file
from saqqara.core.records import MAX_RECORD_CHARS, Record, record_of, replay

from .support import SETTINGS, VOCABULARIES, Config, game_of, name

JSON_VALUES = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(10**30), max_value=10**30),
        st.floats(allow_nan=False),
        st.text(max_size=6),
        st.sampled_from(("chance", "done", "take ²", "go 1₂", "x" * 3000)),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=8,
)


@functools.cache
def _record(config: Config) -> dict[str, Any]:
    """A record of a seeded random game, cut after 60 steps."""
    game = game_of(config)
    rng = random.Random(3)
    state = game.new_state()
    history: list[tuple[int, str]] = []
    for _ in range(60):
        acting = state.to_act()
        if not acting:
            break
        seat = acting[0]
        action = (
            state.sample_chance(rng) if seat == CHANCE else rng.choice(state.legal_actions(seat))
        )
        history.append((seat, game.action_text(action)))
        state.apply(seat, action)
    return record_of(game, history).to_json()


@st.composite
def mutated_records(draw: st.DrawFn, config: Config) -> Any:
    data = json.loads(json.dumps(_record(config)))
    actions = data["actions"]
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.integers(0, 10))
        key = draw(st.sampled_from(sorted(data)))
        if kind == 0:
            data[key] = draw(JSON_VALUES)
        elif kind == 1:
            del data[key]
        elif kind == 2:
            data["actions"] = actions = draw(st.permutations(actions))
        elif kind == 3 and actions:
            entry = draw(st.sampled_from(actions))
            entry[draw(st.sampled_from(("seat", "action")))] = draw(JSON_VALUES)
        elif kind == 4 and actions:
            entry = draw(st.sampled_from(actions))
            entry["seat"] = draw(st.sampled_from(("chance", -1, 0, 1, 2, 7, True, 1.0)))
        elif kind == 5:
            depth = draw(st.sampled_from((10, 3000, 100_000)))
            return "[" * depth + "]" * draw(st.sampled_from((0, depth)))
        elif kind == 6:
            digits = "9" * draw(st.sampled_from((30, 5000)))
            return json.dumps(data).replace('"players": ', f'"players": {digits}, "x": ', 1)
        elif kind == 7:
            depth = draw(st.sampled_from((40, 5000)))
            return json.dumps(data)[:-1] + ', "meta": ' + "[" * depth + "]" * depth + "}"
        elif kind == 8 and actions:
            draw(st.sampled_from(actions))["action"] = "take " + "x" * 100_000
        elif kind == 9:
            text = json.dumps(data)
            return text[: draw(st.integers(0, len(text)))]
        elif kind == 10:
            return draw(st.sampled_from((None, 5, b"{}", ["x"], {"format": 1})))
    if draw(st.booleans()) and isinstance(data.get("actions"), list):  # as a journal
        header = {k: v for k, v in data.items() if k != "actions"}
        header["format"] = "saqqara-journal"
        lines = [json.dumps(header), *(json.dumps(a) for a in data["actions"])]
        return "\n".join(lines) + "\n"
    return json.dumps(data)


@pytest.mark.parametrize("config", VOCABULARIES, ids=name)
@SETTINGS
@given(data=st.data())
def test_mutated_records_raise_only_record_error(config: Config, data: st.DataObject) -> None:
    text = data.draw(mutated_records(config))
    message = ""
    try:
        replay(parse_record_text(text) if isinstance(text, str) else Record.loads(text))
    except RecordError as exc:
        message = exc.message
    assert len(message) < 1000


def test_an_oversized_record_is_refused_unread() -> None:
    with pytest.raises(RecordError, match="at most"):
        Record.loads(" " * (MAX_RECORD_CHARS + 1))


@pytest.mark.parametrize(
    "content", [b"\xff\xfe{", b'{"format": "saqqara-journal", "x": ' + b"9" * 5000 + b"}\n"]
)
def test_a_bad_record_file_is_a_record_error(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(RecordError):
        read_record_file(path)
