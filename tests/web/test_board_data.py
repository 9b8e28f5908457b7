"""The board data the browser client is built with: each game's committed board-data schema
(its TypeScript types are generated from it) and the static board data bundled for the
boards drawn from it (Valley of the Kings) match the Python sources."""

from __future__ import annotations

import json
from pathlib import Path

from saqqara.core.registry import load, registered_games
from saqqara.ui.schema_command import schema_of

SCHEMA = Path(__file__).resolve().parents[2] / "web" / "schema"


def test_committed_board_schemas_match_the_games() -> None:
    for game_id in registered_games():
        path = SCHEMA / "boards" / f"{game_id}.json"
        expected = json.dumps(schema_of(game_id, "board"), indent=2, sort_keys=True) + "\n"
        assert path.read_text(encoding="utf-8") == expected, (
            f"{path.name} is stale: run python scripts/web_data.py --schema"
        )


def test_committed_valley_board_data_matches_the_game_with_every_site_in_play() -> None:
    path = SCHEMA / "board-data" / "valley-of-the-kings.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    game = load("valley-of-the-kings", 4)
    assert data == json.loads(json.dumps(game.board_data())), (
        "web/schema/board-data/valley-of-the-kings.json is stale: "
        "run python scripts/web_data.py --schema"
    )
    assert all(site["in_play"] for site in data["sites"])
