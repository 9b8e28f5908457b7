"""Ratings over HTTP: a leaderboard per game and player-count class, and players' public
profiles (``GET /api/leaderboard/{game}``, ``GET /api/players/{name}``).

Both are public and read-only: they name accounts by their user names and nothing else
(never an account id, a seat key, or the id of a private table). The store's reads run on
worker threads (``store/ratings.py``).
"""

from __future__ import annotations

import re
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from saqqara.core.errors import SaqqaraError
from saqqara.core.registry import game_class
from saqqara.server.accounts import NAME_RULE, gate, refusal
from saqqara.server.service import TableService
from saqqara.store.ratings import LEADERS, Rated, Standing, player_class

PLAYERS = re.compile(r"[0-9]{1,2}")
"""A leaderboard's ``players`` as sent: ASCII digits only (``str.isdigit`` takes "²")."""

CACHE = "no-cache"
"""Ratings change as games end: a page asks afresh each time (a player looking at their
profile just after a game expects the game there)."""


class RatingError(SaqqaraError):
    """A ratings request refused."""

    code = "bad-request"


def _players(request: Request, game: str) -> int:
    """The ``players`` of a leaderboard request (default 2), checked against the game."""
    spec = game_class(game).spec
    text = request.query_params.get("players", str(max(2, spec.min_players)))
    if not PLAYERS.fullmatch(text):
        raise RatingError(f"players is a whole number, not {text[:20]!r}", code="bad-request")
    players = int(text)
    if not max(2, spec.min_players) <= players <= spec.max_players:
        raise RatingError(
            f"{game} is rated for {max(2, spec.min_players)} to {spec.max_players} players; "
            f"got {players}",
            code="bad-request",
        )
    return players


def _leader(place: int, standing: Standing) -> dict[str, Any]:
    return {
        "place": place,
        "name": standing.name,
        "rating": standing.rating,
        "games": standing.games,
    }


async def leaderboard(request: Request) -> Response:
    """The best-rated accounts at a game, for its player-count class."""
    service: TableService = request.app.state.service
    game = request.path_params["game"]
    try:
        if len(game) > 64:
            raise RatingError("no such game", code="unknown-game")
        players = _players(request, game)
        klass = player_class(players)
        found = await run_in_threadpool(service.ratings.leaderboard, game, klass, LEADERS)
    except SaqqaraError as exc:
        return _refused(exc)
    answer = JSONResponse(
        {
            "game": game,
            "class": klass,
            "leaders": [_leader(place, s) for place, s in enumerate(found, start=1)],
        }
    )
    answer.headers["Cache-Control"] = CACHE
    return answer


def _game(rated: Rated) -> dict[str, Any]:
    return {
        "table": rated.table if rated.public else None,
        "game": rated.game,
        "class": rated.klass,
        "players": rated.players,
        "seat": rated.seat,
        "rank": rated.rank,
        "names": list(rated.names),
        "before": rated.before,
        "after": rated.after,
        "at": rated.at,
    }


async def profile(request: Request) -> Response:
    """A player's public profile: ratings by game and class, and the rated games (newest
    first), each with the rating before and after: a chart's points."""
    service: TableService = request.app.state.service
    name = request.path_params["name"]
    try:
        account = None
        if NAME_RULE.fullmatch(name):
            account = await run_in_threadpool(gate(request).accounts.by_name, name)
        if account is None:
            raise RatingError(f"nobody is called {name[:24]!r}", code="no-player")
        # The games first: a rating that lands between the two reads then shows in the
        # ratings (never a game listed without the rating it made).
        games = await run_in_threadpool(service.ratings.history, account.id)
        standings = await run_in_threadpool(service.ratings.standings, account.id)
    except SaqqaraError as exc:
        return _refused(exc)
    answer = JSONResponse(
        {
            "name": account.name,
            "created_at": account.created_at,
            "ratings": [
                {"game": s.game, "class": s.klass, "rating": s.rating, "games": s.games}
                for s in standings
            ],
            "games": [_game(g) for g in games],
        }
    )
    answer.headers["Cache-Control"] = CACHE
    return answer


def _refused(exc: SaqqaraError) -> Response:
    answer = refusal(exc)
    if exc.code in ("unknown-game", "no-player"):
        answer.status_code = 404
    return answer


def rating_routes() -> list[BaseRoute]:
    """The ratings API's routes."""
    return [
        Route("/api/leaderboard/{game}", leaderboard),
        Route("/api/players/{name}", profile),
    ]
