"""The browser client's routes: its built page and assets, and the game catalogue it reads.

``npm run build`` (run by ``scripts/start`` and ``scripts/check``) writes the client into
``saqqara/web/`` inside the package, so ``saqqara serve`` needs no Node at run time. Every
page path (``/``, ``/t/{id}``, ``/replay``, ``/rules``, ``/rules/{game}``,
``/tutorial/{game}``, ``/tutorial/{game}/{lesson}``, ``/sign-in``, ``/sign-up``,
``/account``, ``/leaderboard/{game}``, ``/players/{name}``, ``/play``) answers the same
``index.html``; the client routes itself.
Without a build, the server's own placeholder page answers instead.
``GET /api/games`` lists the games, their player counts, options and bots (what the lobby
offers; ``?lang=`` translates titles and summaries);
``/assets/`` the build's hashed files (precompressed at build time, cached for a year).
``/sw.js`` the service worker (``web/public/sw.js``, copied by the build), at the root so
that its scope is the whole site, revalidated on every load (it shows the turns that Web
Push brings: ``server/push.py``).
``GET /api/boards/{game}`` a game's public static board data (the mummy's maze), which the
views leave out because it never changes. ``GET /texts/{lang}.json`` the client's own words
in a language (``saqqara.server.web_texts``); ``POST /api/replay?lang=`` replays a record
file sent as the body (``saqqara.server.replays``; nothing is stored).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import mimetypes
import re
from collections.abc import Awaitable, Callable
from functools import cache
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

from saqqara.ai.registry import available_bots
from saqqara.core.errors import RecordError
from saqqara.core.i18n import LANGUAGES, SOURCE_LANGUAGE
from saqqara.core.registry import load, registered_games
from saqqara.server.messages import encoder
from saqqara.server.replays import MAX_REPLAY_BYTES, replay_text
from saqqara.server.web_texts import (
    BOT_LABELS,
    CHOICE_LABELS,
    OPTION_LABELS,
    ROLE_LABELS,
    translated,
    web_texts,
)

BUILT = Path(__file__).resolve().parent.parent / "web"
"""Where the client's build lands (package data, not committed)."""


def game_catalogue(lang: str = SOURCE_LANGUAGE) -> list[dict[str, Any]]:
    """Every game as the lobby shows it: names, summary (in ``lang``), player counts,
    options, bots."""
    games = []
    for game_id, cls in registered_games().items():
        spec = cls.spec
        bots = lobby_bots(game_id)
        games.append(
            {
                "id": game_id,
                "title": translated(spec.title, lang),
                "original_title": spec.original_title,
                "summary": translated(spec.summary, lang),
                "players": [spec.min_players, spec.max_players],
                "options": [
                    {
                        "name": o.name,
                        "label": translated(OPTION_LABELS.get(o.name, o.name), lang),
                        "choices": list(o.choices),
                        "choice_labels": [
                            translated(CHOICE_LABELS.get(c, c), lang) for c in o.choices
                        ],
                        "default": o.default,
                        "help": o.help,
                    }
                    for o in spec.options
                ],
                "hidden_information": spec.hidden_information,
                "bots": bots,
                "bot_labels": [translated(BOT_LABELS.get(b, b), lang) for b in bots],
                "roles": _role_labels(game_id, lang),
            }
        )
    return games


BOT_ORDER = ("easy", "medium", "hard", "expert", "heuristic", "random")
"""How the lobby lists the bots: the levels from the weakest, the game's heuristic, random;
then the rest by name (a trial found the alphabetical list mixed levels with algorithms),
and the probes (``probe:first`` ..., :mod:`saqqara.ai.probes`) last of all."""


def lobby_bots(game_id: str) -> list[str]:
    """The bots of ``game_id`` in the lobby's order (:data:`BOT_ORDER`)."""
    rank = {name: i for i, name in enumerate(BOT_ORDER)}
    return sorted(
        available_bots(game_id),
        key=lambda b: (b.startswith("probe:"), rank.get(b, len(rank)), b),
    )


@cache
def _seat_roles(game_id: str) -> tuple[str, ...] | None:
    """The side each seat plays at the game's largest table (``None``: every seat plays
    the same game); a game is loaded once for it, not at each request for the catalogue."""
    return load(game_id, registered_games()[game_id].spec.max_players).seat_roles()


def _role_labels(game_id: str, lang: str) -> list[str] | None:
    """The side each seat plays (:func:`_seat_roles`), as the lobby words it."""
    roles = _seat_roles(game_id)
    if roles is None:
        return None
    return [translated(ROLE_LABELS.get(role, role), lang) for role in roles]


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


def _error(code: str, message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


class BadLanguage(ValueError):
    """A ``lang`` that is not one of the site's languages."""


def checked_lang(value: str | None) -> str:
    """``value``, one of the site's languages (the source language when it is left out);
    :class:`BadLanguage` otherwise."""
    if value is None:
        return SOURCE_LANGUAGE
    if value not in LANGUAGES:
        raise BadLanguage(f"unknown language {value[:20]!r} (languages: {', '.join(LANGUAGES)})")
    return value


async def games(request: Request) -> Response:
    try:
        lang = checked_lang(request.query_params.get("lang"))
    except BadLanguage as exc:
        return _error("bad-lang", str(exc), 400)
    return JSONResponse({"games": game_catalogue(lang)})


async def texts(request: Request) -> Response:
    """The client's own words in a language, revalidated by their ETag on every load."""
    try:
        lang = checked_lang(request.path_params["lang"])
    except BadLanguage as exc:
        return _error("bad-lang", str(exc), 404)
    body = json.dumps(web_texts(lang), ensure_ascii=False, sort_keys=True).encode("utf-8")
    tag = '"' + hashlib.sha256(body).hexdigest()[:20] + '"'
    headers = {"Cache-Control": "no-cache", "ETag": tag}
    if tag in request.headers.get("if-none-match", ""):
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)


async def _body_at_most(request: Request, limit: int) -> bytes:
    """The request's body, refused with :class:`RecordError` once it passes ``limit``."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise RecordError(f"the file is {int(declared):,} bytes; records are at most {limit:,}")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise RecordError(f"the file is over {limit:,} bytes; records are at most {limit:,}")
        chunks.append(chunk)
    return b"".join(chunks)


async def replay(request: Request) -> Response:
    """Replay the record file in the body (a JSON record or a journal) for a spectator."""
    try:
        lang = checked_lang(request.query_params.get("lang"))
    except BadLanguage as exc:
        return _error("bad-lang", str(exc), 400)
    try:
        data = await _body_at_most(request, MAX_REPLAY_BYTES)
    except RecordError as exc:
        return _error("too-large", exc.message, 413)
    try:
        answer = await run_in_threadpool(replay_text, data, lang)
    except RecordError as exc:
        return _error(exc.code, exc.message, 400)
    return json_answer(request, encoder.encode(answer))


async def board_data(request: Request) -> Response:
    make = BOARDS.get(request.path_params["game_id"])
    if make is None:
        return JSONResponse({"error": {"code": "no-board", "message": "no board data"}}, 404)
    return JSONResponse(make())


ASSET_NAME = re.compile(r"^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$")
"""An asset's file name as Vite writes it (no folders, no leading dot)."""
IMMUTABLE = "public, max-age=31536000, immutable"
"""Assets' names carry a hash of their content: a browser keeps them for a year."""
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))
"""The precompressed copies the build writes beside each asset, the best first."""


def accepted_encodings(request: Request) -> set[str]:
    """The content codings the request's ``Accept-Encoding`` allows (``q=0`` refuses one)."""
    allowed = set()
    for part in request.headers.get("accept-encoding", "").split(","):
        name, _, params = part.strip().partition(";")
        if params.strip().replace(" ", "") in ("q=0", "q=0.0", "q=0.00", "q=0.000"):
            continue
        allowed.add(name.strip().lower())
    return allowed


def asset_route(folder: Path) -> Callable[[Request], Awaitable[Response]]:
    """Serve the build's hashed assets, precompressed (brotli, gzip) when the browser
    accepts it, cached for a year."""

    async def asset(request: Request) -> Response:
        name = request.path_params["name"]
        path = folder / name
        if not ASSET_NAME.match(name) or name.endswith((".br", ".gz")) or not path.is_file():
            return PlainTextResponse("Not Found", status_code=404)
        media_type = mimetypes.guess_type(name)[0] or "application/octet-stream"
        headers = {"Cache-Control": IMMUTABLE, "Vary": "Accept-Encoding"}
        accepted = accepted_encodings(request)
        for coding, suffix in ENCODINGS:
            packed = path.with_name(name + suffix)
            if coding in accepted and packed.is_file():
                headers["Content-Encoding"] = coding
                return FileResponse(packed, media_type=media_type, headers=headers)
        return FileResponse(path, media_type=media_type, headers=headers)

    return asset


def json_answer(request: Request, body: bytes) -> Response:
    """A JSON answer, gzipped when it is worth it and the browser accepts it (a replay
    of a long game is megabytes of repetitive views)."""
    headers = {"Vary": "Accept-Encoding"}
    if len(body) > 1400 and "gzip" in accepted_encodings(request):
        body = gzip.compress(body, compresslevel=5)
        headers["Content-Encoding"] = "gzip"
    return Response(body, media_type="application/json", headers=headers)


def service_worker_route(folder: Path) -> Callable[[Request], Awaitable[Response]]:
    """Serve the build's service worker, never cached without asking (a browser checks
    it for updates itself too)."""

    async def service_worker(request: Request) -> Response:
        path = folder / "sw.js"
        if not path.is_file():
            return PlainTextResponse("Not Found", status_code=404)
        headers = {"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"}
        return FileResponse(path, media_type="text/javascript", headers=headers)

    return service_worker


def site_routes(
    placeholder: Callable[[Request], Awaitable[Response]], built: Path = BUILT
) -> list[BaseRoute]:
    """The page routes: the built client when there is one, else ``placeholder``."""
    index = built / "index.html"

    async def page(request: Request) -> Response:
        if index.is_file():
            return FileResponse(index, headers={"Cache-Control": "no-cache"})
        return await placeholder(request)

    return [
        Route("/", page),
        Route("/t/{table_id}", page),
        Route("/replay", page),
        Route("/rules", page),
        Route("/rules/{game_id}", page),
        Route("/tutorial/{game_id}", page),
        Route("/tutorial/{game_id}/{lesson}", page),
        Route("/sign-in", page),
        Route("/sign-up", page),
        Route("/account", page),
        Route("/leaderboard/{game_id}", page),
        Route("/players/{name}", page),
        Route("/play", page),
        Route("/api/games", games),
        Route("/api/replay", replay, methods=["POST"]),
        Route("/texts/{lang}.json", texts),
        Route("/api/boards/{game_id}", board_data),
        Route("/assets/{name}", asset_route(built / "assets")),
        Route("/sw.js", service_worker_route(built)),
    ]
