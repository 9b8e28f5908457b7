"""Play now: seekers say what they want to play, and the server seats them together.

``POST /api/seeks`` (a :class:`~saqqara.server.messages.Seek`) opens a seek and answers
its id and secret ``key``; ``GET /api/seeks/{id}?key=K`` is how its page waits: it answers
``waiting`` (with the seconds waited) or ``seated`` (the table, the seat and the seat's
link); ``POST /api/seeks/{id}/cancel`` (``{"key": K}``) ends it. A seek not asked after for
``SEEK_TTL`` seconds is gone: its page was closed (``server/seek_book.py``).

Seeks of one game, player count, options (the defaults filled in) and rated or not wait
in one pool. Each request on a seek of a pool pairs the pool (one pairer at a time, site
wide): the oldest seek first, it gathers the seeks each within the other's rating range,
and seats them at a new table when there are as many as the game's players; a seek whose
``bots_after`` has passed is seated with those that fit at once, the missing seats given
to the strong bot (``hard``). The seats are shuffled, so that who moves first is
chance. A seeker's rating is the account's at the game and its player-count class (1500
before its first rated game there); a guest has none, and is within a range left open
only (a guest may still set a range: then only signed-in players in it are met). Two
seeks of one account are never paired together. A rated seek needs a signed-in seeker;
a rated table needs two people or more, so one seeker filled with bots plays unrated.
Seeks are counted against ``--tables-per-minute`` as tables are. ``/metrics`` counts the
seeks opened, the tables pairing made, their bots' seats, the seeks cancelled and expired
(by game) and each seated seek's wait (``server/metrics.py``, :class:`SeekFigures`).
"""

from __future__ import annotations

import random
import secrets
import time
from typing import Any

import msgspec
from redis.exceptions import RedisError
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from saqqara.ai.registry import available_bots, make_bot
from saqqara.core.errors import SaqqaraError
from saqqara.core.registry import load
from saqqara.server.accounts import account_of
from saqqara.server.guard import AddressRate, capped_body
from saqqara.server.limits import SiteRate
from saqqara.server.messages import CreateTable, SeatRequest, Seek, SeekKey
from saqqara.server.names import clean_name, unique_name
from saqqara.server.seek_book import OpenSeek, Seated, SeekBook
from saqqara.server.service import StoreFailed, TableService, default_bot, least_think_time
from saqqara.store import hash_secret, new_secret, secret_matches
from saqqara.store.ratings import BASE, player_class

MAX_BODY = 4096
FILL_BOT = "hard"


class SeekError(SaqqaraError):
    """A play-now request refused."""

    code = "bad-request"


_STATUS = {
    "no-seek": 404,
    "not-signed-in": 401,
    "bad-csrf": 403,
    "too-large": 413,
    "too-many-tables": 429,
    "store-failed": 503,
}


def _refusal(exc: SaqqaraError) -> JSONResponse:
    body = {"error": {"code": exc.code, "message": exc.message}}
    answer = JSONResponse(body, status_code=_STATUS.get(exc.code, 400))
    answer.headers["Cache-Control"] = "no-store"
    return answer


def _gone() -> SeekError:
    return SeekError(
        "no such seek: it was cancelled, seated long ago, or its page stopped asking after it",
        code="no-seek",
    )


async def _body(request: Request, kind: type[Any]) -> Any:
    raw = await capped_body(request, MAX_BODY)
    if raw is None:
        raise SeekError("request body too large", code="too-large")
    if not raw.strip():
        raise SeekError("the request needs a JSON object as its body")
    try:
        return msgspec.json.decode(raw, type=kind)
    except msgspec.MsgspecError as exc:
        raise SeekError(str(exc)) from None


def _book(request: Request) -> SeekBook:
    book: SeekBook = request.app.state.seeks
    return book


def _service(request: Request) -> TableService:
    service: TableService = request.app.state.service
    return service


def fill_bot(game_id: str, players: int, move_limit: float) -> str:
    """The bot given a seat no seeker filled: the strong bot (``hard``, whose search hints
    share), else (a game without it, or a ``--bot-move-limit`` it cannot keep) the game's
    default."""
    if FILL_BOT in available_bots(game_id):
        thinks = least_think_time(make_bot(FILL_BOT, load(game_id, players)))
        if thinks is None or thinks <= move_limit:
            return FILL_BOT
    return default_bot(game_id)


# -- pairing ----------------------------------------------------------------------------------
def within(seek: OpenSeek, rating: int | None) -> bool:
    """Whether ``rating`` (``None``: a guest's) is inside the seek's range."""
    if seek.low is None and seek.high is None:
        return True
    if rating is None:
        return False
    return (seek.low is None or rating >= seek.low) and (seek.high is None or rating <= seek.high)


def compatible(one: OpenSeek, other: OpenSeek) -> bool:
    """Whether two seeks of a pool may sit at one table: each within the other's range,
    and not one account twice."""
    if one.account is not None and one.account == other.account:
        return False
    return within(one, other.rating) and within(other, one.rating)


def gather(first: OpenSeek, seeks: list[OpenSeek]) -> list[OpenSeek]:
    """``first`` and, oldest first, the seeks that fit with everyone gathered so far, up
    to the game's players."""
    group = [first]
    for other in seeks:
        if len(group) == first.players:
            break
        if other.id != first.id and all(compatible(one, other) for one in group):
            group.append(other)
    return group


def choose(seeks: list[OpenSeek], now: float) -> list[OpenSeek] | None:
    """The next group to seat: a full table, else the seek whose wait for bots is over
    with those that fit; ``None``: everyone waits on."""
    for first in seeks:
        group = gather(first, seeks)
        if len(group) == first.players:
            return group
    for first in seeks:
        if first.bots_after is not None and now - first.created_at >= first.bots_after:
            return gather(first, seeks)
    return None


async def pair(service: TableService, book: SeekBook, pool: str, wait: float = 0.0) -> None:
    """Seat every group of the pool that can be seated now (nothing when another pairer
    holds the pool for longer than ``wait`` seconds: it seats them)."""
    async with book.hold(pool, wait) as held:
        if not held:
            return
        while (group := choose(await book.pool(pool), time.time())) is not None:
            seated = await _seat(service, group)
            await book.seat(seated)
            await book.remove(pool, [seek.id for seek in group])
            figures, game = service.metrics.seeks, group[0].game
            figures.paired.labels(game).inc()
            figures.bot_seats.labels(game).inc(group[0].players - len(group))
            for seat in seated.values():
                figures.wait_seconds.observe(seat.waited)


async def _seat(service: TableService, group: list[OpenSeek]) -> dict[str, Seated]:
    """A new table for the group, the missing seats the game's default bot's."""
    first, limit = group[0], service.bots.move_limit
    entries: list[OpenSeek | None] = [*group, *([None] * (first.players - len(group)))]
    random.SystemRandom().shuffle(entries)
    names: list[str] = []
    seats: list[SeatRequest] = []
    owners: dict[int, str] = {}
    for number, seek in enumerate(entries):
        if seek is None:
            seats.append(SeatRequest("bot", bot=fill_bot(first.game, first.players, limit)))
            continue
        name = unique_name(seek.name, names) if seek.name is not None else None
        if name is not None:
            names.append(name)
        seats.append(SeatRequest("person", name=name, lang=seek.lang))
        if seek.account is not None:
            owners[number] = seek.account
    bots = first.players - len(group)
    rated = first.rated and len(group) >= 2
    wanted = CreateTable(
        first.game, seats, dict(first.options), rated=rated, rated_with_bots=rated and bots > 0
    )
    links = await service.create(wanted, None, owners)
    now = time.time()
    return {
        seek.id: Seated(
            seek.key_hash,
            links.table,
            number,
            f"/t/{links.table}?seat={number}&key={links.keys[number]}",
            bots,
            now - seek.created_at,
        )
        for number, seek in enumerate(entries)
        if seek is not None
    }


# -- HTTP -------------------------------------------------------------------------------------
def pool_of(game: str, players: int, options: dict[str, str], rated: bool) -> str:
    """The pool of seeks that may be paired: one game, player count, options, rated."""
    chosen = ",".join(f"{k}={v}" for k, v in sorted(options.items()))
    digest = hash_secret(chosen)[:16]
    return f"{game}:{players}:{'rated' if rated else 'casual'}:{digest}"


async def _rating(service: TableService, account: str, game: str, players: int) -> int:
    """The account's shown rating at the game and the player count's class."""
    standings = await run_in_threadpool(service.ratings.standings, account)
    klass = player_class(players)
    for standing in standings:
        if standing.game == game and standing.klass == klass:
            return standing.rating
    return round(BASE)


async def open_seek(request: Request) -> Response:
    """``POST /api/seeks``: a new seek, paired at once when it can be."""
    service, book = _service(request), _book(request)
    limit: AddressRate | SiteRate = request.app.state.table_rate
    address = request.client.host if request.client else ""
    try:
        allowed = (
            await limit.allow(address) if isinstance(limit, SiteRate) else limit.allow(address)
        )
        if not allowed:
            limit.refused += 1
            raise SeekError(
                f"this address has made {limit.per_minute:g} tables or seeks in the last "
                "minute; wait a little before seeking again",
                code="too-many-tables",
            )
        wanted: Seek = await _body(request, Seek)
        account = await account_of(request, changes=True)
        if wanted.rated and account is None:
            raise SeekError("sign in to seek a rated game", code="not-signed-in")
        try:
            game = load(wanted.game, wanted.players, wanted.options)
        except SaqqaraError as exc:
            raise SeekError(exc.message, code=exc.code) from None
        low, high = wanted.min_rating, wanted.max_rating
        if low is not None and high is not None and low > high:
            raise SeekError(f"min_rating ({low}) is above max_rating ({high})")
        name = wanted.name if account is None else account.name
        name = None if name is None else clean_name(name)
        rating = None
        if account is not None:
            rating = await _rating(service, account.id, game.spec.id, game.players)
        key = new_secret()
        options = dict(game.options)
        seek = OpenSeek(
            id=secrets.token_hex(8),
            key_hash=hash_secret(key),
            pool=pool_of(game.spec.id, game.players, options, wanted.rated),
            game=game.spec.id,
            players=game.players,
            options=options,
            rated=wanted.rated,
            rating=rating,
            low=low,
            high=high,
            bots_after=wanted.bots_after,
            name=name,
            lang=wanted.lang,
            account=None if account is None else account.id,
            created_at=time.time(),
        )
        await book.add(seek)
        service.metrics.seeks.opened.labels(seek.game).inc()
        await pair(service, book, seek.pool, wait=2.0)
        answer = await _state(request, book, seek.id, key)
    except RedisError:
        return _refusal(StoreFailed("the seeks could not be reached; try again"))
    except SaqqaraError as exc:
        return _refusal(exc)
    answer["key"] = key
    answer["rating"] = rating
    return JSONResponse(answer, status_code=201, headers={"Cache-Control": "no-store"})


async def _state(request: Request, book: SeekBook, seek_id: str, key: str) -> dict[str, Any]:
    """Where the seek stands, for its page: ``seated`` (its seat) or ``waiting``."""
    seated = await book.seated(seek_id)
    if seated is not None:
        if not secret_matches(key, seated.key_hash):
            raise _gone()
        base = str(request.base_url).rstrip("/")
        return {
            "seek": seek_id,
            "state": "seated",
            "table": seated.table,
            "seat": seated.seat,
            "link": base + seated.link,
            "bots": seated.bots,
            "waited": round(seated.waited, 1),
        }
    seek = await book.find(seek_id)
    if seek is None or not secret_matches(key, seek.key_hash):
        raise _gone()
    return {
        "seek": seek_id,
        "state": "waiting",
        "game": seek.game,
        "players": seek.players,
        "options": seek.options,
        "rated": seek.rated,
        "bots_after": seek.bots_after,
        "elapsed": round(max(0.0, time.time() - seek.created_at), 1),
    }


def _seek_id(request: Request) -> str:
    seek_id: str = request.path_params["seek_id"]
    if len(seek_id) > 32:
        raise _gone()
    return seek_id


async def seek_state(request: Request) -> Response:
    """``GET /api/seeks/{id}?key=K``: the seek renewed, its pool paired, and its state."""
    service, book = _service(request), _book(request)
    try:
        seek_id, key = _seek_id(request), request.query_params.get("key", "")[:100]
        answer = await _state(request, book, seek_id, key)
        if answer["state"] == "waiting":
            seek = await book.find(seek_id)
            if seek is not None:
                await pair(service, book, seek.pool)
                answer = await _state(request, book, seek_id, key)
    except RedisError:
        return _refusal(StoreFailed("the seeks could not be reached; try again"))
    except SaqqaraError as exc:
        return _refusal(exc)
    return JSONResponse(answer, headers={"Cache-Control": "no-store"})


async def cancel_seek(request: Request) -> Response:
    """``POST /api/seeks/{id}/cancel``: the seek ended, unless it was seated first (then
    its seat is answered, as for a wait)."""
    book = _book(request)
    try:
        seek_id = _seek_id(request)
        wanted: SeekKey = await _body(request, SeekKey)
        answer = await _state(request, book, seek_id, wanted.key)
        if answer["state"] == "waiting":
            seek = await book.find(seek_id)
            if seek is not None:
                async with book.hold(seek.pool, wait=10.0) as held:
                    if not held:
                        raise StoreFailed("the seek is being paired; try again")
                    if await book.seated(seek_id) is None:
                        await book.remove(seek.pool, [seek_id])
                        _service(request).metrics.seeks.cancelled.labels(seek.game).inc()
                        return JSONResponse({"seek": seek_id, "state": "cancelled"})
            answer = await _state(request, book, seek_id, wanted.key)
    except RedisError:
        return _refusal(StoreFailed("the seeks could not be reached; try again"))
    except SaqqaraError as exc:
        return _refusal(exc)
    return JSONResponse(answer, headers={"Cache-Control": "no-store"})


def play_now_routes() -> list[BaseRoute]:
    """Play now's API routes."""
    return [
        Route("/api/seeks", open_seek, methods=["POST"]),
        Route("/api/seeks/{seek_id}", seek_state),
        Route("/api/seeks/{seek_id}/cancel", cancel_seek, methods=["POST"]),
    ]
