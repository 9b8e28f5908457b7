"""The browser client's server side: the committed protocol schema the client's types are
generated from matches the server's messages; the site routes serve a build, else the
placeholder; the game catalogue lists every game."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import httpx
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from saqqara.core.registry import registered_games
from saqqara.server.messages import protocol_schemas
from saqqara.server.site import game_catalogue, site_routes
from saqqara.ui.schema_command import schema_of

SCHEMA = Path(__file__).resolve().parents[2] / "web" / "schema" / "protocol.json"


def _get(app: Starlette, *paths: str) -> list[httpx.Response]:
    """The app's answers to GET ``paths`` (over ASGI, no network)."""

    async def fetch() -> list[httpx.Response]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://site") as client:
            return [await client.get(path) for path in paths]

    return asyncio.run(fetch())


async def _placeholder(request: Request) -> Response:
    return HTMLResponse("placeholder")


def test_committed_schema_matches_the_messages() -> None:
    expected = json.dumps(protocol_schemas(), indent=2, sort_keys=True) + "\n"
    assert SCHEMA.read_text(encoding="utf-8") == expected, (
        "web/schema/protocol.json is stale: run python scripts/web_data.py --schema"
    )


def test_committed_view_schemas_match_the_games() -> None:
    for game_id in registered_games():
        path = SCHEMA.parent / "views" / f"{game_id}.json"
        expected = json.dumps(schema_of(game_id, "view"), indent=2, sort_keys=True) + "\n"
        assert path.read_text(encoding="utf-8") == expected, (
            f"{path.name} is stale: run python scripts/web_data.py --schema"
        )


def test_catalogue_lists_every_game_with_players_options_and_bots() -> None:
    catalogue = {game["id"]: game for game in game_catalogue()}
    assert set(catalogue) == set(registered_games())
    tut = catalogue["tutankhamun"]
    assert tut["players"] == [2, 6]
    assert tut["options"][0]["name"] == "edition"
    assert "random" in tut["bots"]
    assert json.dumps(catalogue)  # plain JSON


def test_pages_serve_the_build_and_its_assets(tmp_path: Path) -> None:
    (tmp_path / "assets").mkdir()
    (tmp_path / "index.html").write_text("<title>built</title>", encoding="utf-8")
    (tmp_path / "assets" / "app.js").write_text("console.log(1)", encoding="utf-8")
    app = Starlette(routes=site_routes(_placeholder, tmp_path))
    page, table, asset, missing, games = _get(
        app, "/", "/t/abc123?seat=0&key=k", "/assets/app.js", "/assets/missing.js", "/api/games"
    )
    assert page.text == table.text == "<title>built</title>"
    assert asset.text == "console.log(1)"
    assert missing.status_code == 404
    assert [g["id"] for g in games.json()["games"]] == list(registered_games())


def test_the_mummy_board_gives_the_maze_with_walls_symbols_and_areas(tmp_path: Path) -> None:
    app = Starlette(routes=site_routes(_placeholder, tmp_path))
    maze, missing = _get(app, "/api/boards/curse-of-the-mummy", "/api/boards/tutankhamun")
    data = maze.json()
    assert missing.status_code == 404
    assert len(data["fields"]) == len(data["walls"]) == data["width"] * data["height"] == 121
    assert data["fields"][0] == "a1"
    start = data["fields"].index(data["start"])
    assert data["walls"][start] == [True, True, False, True]  # the stairs open downwards
    assert data["walls"][0][0] and data["walls"][0][3]  # the outer wall
    assert {s["colour"] for s in data["symbols"]} == set(filter(None, data["areas"]))


def test_pages_fall_back_to_the_placeholder_without_a_build(tmp_path: Path) -> None:
    page, table = _get(Starlette(routes=site_routes(_placeholder, tmp_path)), "/", "/t/abc")
    assert page.text == table.text == "placeholder"
