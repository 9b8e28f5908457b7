"""The browser client's routes: its built page and assets, and the game catalogue it reads.

``npm run build`` (run by ``scripts/start`` and ``scripts/check``) writes the client into
``saqqara/web/`` inside the package, so ``saqqara serve`` needs no Node at run time. Every
page path (``/`` and ``/t/{id}``) answers the same ``index.html``; the client routes itself.
Without a build, the server's own placeholder page answers instead. ``GET /api/games``
lists the games, their player counts, options and bots (what the lobby offers);
``GET /api/boards/{game}`` a game's public static board data (the mummy's maze), which the
views leave out because it never changes.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from saqqara.ai.registry import available_bots
from saqqara.core.registry import registered_games

BUILT = Path(__file__).resolve().parent.parent / "web"
"""Where the client's build lands (package data, not committed)."""


def game_catalogue() -> list[dict[str, Any]]:
    """Every game as the lobby shows it: names, summary, player counts, options, bots."""
    games = []
    for game_id, cls in registered_games().items():
        spec = cls.spec
        games.append(
            {
                "id": game_id,
                "title": spec.title,
                "original_title": spec.original_title,
                "summary": spec.summary,
                "players": [spec.min_players, spec.max_players],
                "options": [
                    {"name": o.name, "choices": list(o.choices), "default": o.default}
                    for o in spec.options
                ],
                "hidden_information": spec.hidden_information,
                "bots": available_bots(game_id),
            }
        )
    return games


def mummy_board() -> dict[str, Any]:
    """Curse of the Mummy's maze as the client draws it: fields (rows from the top), walls
    per field (north, east, south, west), start, dungeon, areas and symbols."""
    from saqqara.games.curse_of_the_mummy.data import board

    data = board()
    return {
        "width": data.width,
        "height": data.height,
        "fields": list(data.names),
        "walls": [[step < 0 for step in steps] for steps in data.neighbours],
        "start": data.names[data.start],
        "dungeon": data.names[data.dungeon],
        "areas": [data.colours[a] if a >= 0 else None for a in data.area],
        "symbols": [
            {"name": s.name, "colour": data.colours[s.colour], "field": data.names[s.field]}
            for s in data.symbols
        ],
    }


BOARDS = {"curse-of-the-mummy": mummy_board}
"""Games with static board data the views do not carry."""


async def games(request: Request) -> Response:
    return JSONResponse({"games": game_catalogue()})


async def board_data(request: Request) -> Response:
    make = BOARDS.get(request.path_params["game_id"])
    if make is None:
        return JSONResponse({"error": {"code": "no-board", "message": "no board data"}}, 404)
    return JSONResponse(make())


def site_routes(
    placeholder: Callable[[Request], Awaitable[Response]], built: Path = BUILT
) -> list[BaseRoute]:
    """The page routes: the built client when there is one, else ``placeholder``."""
    index = built / "index.html"

    async def page(request: Request) -> Response:
        if index.is_file():
            return FileResponse(index, headers={"Cache-Control": "no-cache"})
        return await placeholder(request)

    assets = StaticFiles(directory=built / "assets", check_dir=False)
    return [
        Route("/", page),
        Route("/t/{table_id}", page),
        Route("/api/games", games),
        Route("/api/boards/{game_id}", board_data),
        Mount("/assets", assets, name="assets"),
    ]
