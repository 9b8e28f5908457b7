"""docs/protocol.md holds the JSON Schema of every message, generated from the msgspec types."""

from __future__ import annotations

import json

import msgspec

from saqqara.server.messages import Act, ClientMessage, Update, client_decoder, encode
from saqqara.server.protocol_doc import DOC, render_schemas, updated


def test_the_document_is_up_to_date() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert updated(text) == text, "run: python -m saqqara.server.protocol_doc"
    assert text.endswith(render_schemas())


def test_every_message_type_has_its_schema_in_the_document() -> None:
    text = DOC.read_text(encoding="utf-8")
    for name in ("Act", "Sync", "Ping", "Welcome", "Update", "Ack", "Error", "Pong"):
        assert f'"title": "{name}"' in text, name


def test_messages_match_their_schemas() -> None:
    schema = msgspec.json.schema(ClientMessage)
    act = json.loads(msgspec.json.encode(Act(seq=3, action=7, cid="a")))
    assert act == {"type": "act", "seq": 3, "action": 7, "cid": "a"}
    assert set(schema["$defs"]["Act"]["required"]) == set(act)
    assert client_decoder.decode(json.dumps(act)) == Act(3, 7, "a")
    update = json.loads(encode(Update(1, {}, [0], [], [], False, "playing")))
    assert update["type"] == "update" and update["outcome"] is None
