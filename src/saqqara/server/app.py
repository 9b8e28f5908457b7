"""The ASGI application: the HTTP API, the WebSocket protocol and the placeholder page.

HTTP (JSON): ``GET /healthz`` (alive), ``GET /readyz`` (ready: ``server/health.py``),
``GET /metrics`` (Prometheus: ``server/metrics.py``); ``GET /api/lobby``; ``POST /api/tables``;
``GET /api/tables/{id}``; ``POST /api/tables/{id}/join|invite|leave|rematch``;
``GET /api/tables/{id}/replay`` (a finished table's replay, with a seat's or a spectator's
key, as a spectator sees it), ``GET /api/tables/{id}/review`` (its review);
``/api/account/...`` (accounts and my games: ``server/accounts.py``; a seat of the
signed-in account's opens without its key); ``GET /api/leaderboard/{game}`` and
``GET /api/players/{name}`` (ratings: ``server/ratings.py``); ``POST /api/seeks``,
``GET /api/seeks/{id}``, ``POST /api/seeks/{id}/cancel`` (play now: ``server/play_now.py``);
``GET /api/push`` and ``/api/account/push`` (Web Push of turns: ``server/push.py``).
WebSocket:
``/ws/{id}?seat=N&key=K`` for a seat, ``/ws/{id}?watch=K`` (or no key at a public table)
for a spectator, with ``since`` (the last sequence number seen) and ``lang``.
See ``docs/protocol.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from typing import Any, TypeVar

import msgspec
from sqlalchemy.exc import SQLAlchemyError
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from saqqara.core.errors import SaqqaraError
from saqqara.core.i18n import LANGUAGES, SOURCE_LANGUAGE
from saqqara.server.accounts import (
    COOKIE,
    AccountLimits,
    Gate,
    account_of,
    account_routes,
    open_gate,
)
from saqqara.server.bots import BotPool
from saqqara.server.chat import may_chat, say, tell_history
from saqqara.server.guard import MAX_MESSAGE, AddressRate, RateLimit, capped_body, origin_allowed
from saqqara.server.health import Readiness
from saqqara.server.hints import AskedHint
from saqqara.server.limits import SiteRate
from saqqara.server.live import Listener, LiveTable
from saqqara.server.messages import (
    Ack,
    Act,
    AskHint,
    Chat,
    CreateTable,
    Error,
    Hint,
    Invite,
    Join,
    Ping,
    Pong,
    SeatKey,
    SeatRequest,
    ServerMessage,
    Sync,
    Undo,
    Welcome,
    client_decoder,
    encode,
    encoder,
)
from saqqara.server.metrics import CONTENT_TYPE
from saqqara.server.oidc import Provider, oidc_routes, open_oidc
from saqqara.server.play_now import play_now_routes
from saqqara.server.push import CONTACT, TurnPush, push_routes
from saqqara.server.ratings import rating_routes
from saqqara.server.refusal_texts import (
    BOTH_KINDS,
    NO_HINT_IN_TIME,
    ONE_HINT,
    SEAT_NOT_STORED,
    SPECTATOR_ACTS,
    SPECTATOR_HINTS,
    STORE_BUSY,
    TEXT_FRAMES,
    TOO_LARGE,
    TOO_MANY_MESSAGES,
    worded,
)
from saqqara.server.replays import replay_record
from saqqara.server.reviews import review_answer
from saqqara.server.seek_book import SEEK_TTL, MemorySeeks, RedisSeeks
from saqqara.server.service import (
    EXPIRE_OPEN_AFTER,
    STORE_ERRORS,
    StoreFailed,
    TableError,
    TableService,
    is_open,
)
from saqqara.server.site import BadLanguage, checked_lang, json_answer, site_routes
from saqqara.server.sockets import ASGIApp, Connection, Direct, Scope, Socket, socket_header
from saqqara.server.tutorials import lesson
from saqqara.server.wording import texts
from saqqara.store import FINISHED, Store
from saqqara.store.chat import ChatLog

MAX_BODY = 16384
_T = TypeVar("_T")

PLACEHOLDER = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Saqqara</title></head>
<body><h1>Saqqara</h1>
<p>The browser client is coming. Until it arrives, play at this server from the terminal:
<code>saqqara play --server URL --seat-link LINK</code>, or seat a bot with
<code>saqqara bot URL --seat-link LINK --bot ismcts</code>.</p>
<p>The protocol is described in <code>docs/protocol.md</code>.</p>
</body></html>
"""


def create_app(
    db_url: str,
    *,
    allowed_origins: Sequence[str] = (),
    bot_workers: int = 2,
    move_limit: float = 10.0,
    rate: float = 30.0,
    burst: float = 60.0,
    tables_per_minute: float = 60.0,
    sqlite_sync: str = "full",
    snapshot_every: int = 200,
    redis_url: str | None = None,
    lease_seconds: float = 4.0,
    expire_open_after: float | None = EXPIRE_OPEN_AFTER,
    redis_prefix: str = "saqqara:",
    account_limits: AccountLimits | None = None,
    push_contact: str = CONTACT,
    push_services: Sequence[str] = (),
    seek_ttl: float = SEEK_TTL,
    oidc_providers: tuple[Provider, ...] = (),
) -> ASGIApp:
    """The server for the database at ``db_url`` (migrated and resumed at start).

    With ``redis_url`` it is one process of a site of many sharing a PostgreSQL database
    (``server/cluster.py``): it serves the tables it holds the lease of, carries the
    others' requests to their owners, and takes over tables whose owner died. Alone, its
    tables' WebSockets skip Starlette's layers (``server/sockets.py``).

    ``redis_prefix``: what the site's Redis channels begin with, the same at each of
    its processes (two sites may share one Redis under two prefixes).
    ``expire_open_after``: seconds after which an open table nobody sits at is closed
    (``TableService.abandoned``); ``None``: never.
    ``account_limits``: how many sign-in and sign-up tries (``server/accounts.py``).
    ``push_contact``: the VAPID ``sub`` claim of the site's pushes; ``push_services``:
    endpoint prefixes a push subscription may name besides the browsers' own push
    services (``server/push.py``).
    ``seek_ttl``: seconds a play-now seek lives unasked after (``server/seek_book.py``).
    ``oidc_providers``: the OpenID Connect providers to sign in with (``server/oidc.py``).
    """
    if redis_url is not None and not db_url.startswith(("postgresql", "postgres")):
        raise ValueError("--redis needs a PostgreSQL --db: the processes share its store")

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        service = TableService(
            Store(db_url, sqlite_sync=sqlite_sync, background_checkpoints=True),
            BotPool(bot_workers, move_limit),
            snapshot_every=snapshot_every,
            expire_open_after=expire_open_after,
        )
        app.state.service = service
        readiness = app.state.readiness = Readiness(service.store)
        app.state.origins = tuple(allowed_origins)
        app.state.chat = ChatLog(service.store)
        app.state.accounts = await run_in_threadpool(
            open_gate, service.store, tuple(allowed_origins), account_limits
        )
        push = TurnPush(service.store, push_contact, tuple(push_services))
        await run_in_threadpool(push.start)  # the site's VAPID key, made at its first start
        service.push = app.state.push = push
        app.state.oidc = open_oidc(service.store, oidc_providers)
        app.state.rate = (rate, burst)
        app.state.table_rate = AddressRate(tables_per_minute)
        expired = service.metrics.seeks.expired
        app.state.seeks = MemorySeeks(seek_ttl, lambda game: expired.labels(game).inc())
        cluster = None
        if redis_url is not None:
            from saqqara.server.cluster import Cluster

            cluster = Cluster(app, service, redis_url, lease_seconds, redis_prefix)
            app.state.cluster = cluster
            # Tables a minute per address, counted for the whole site (server/limits.py).
            app.state.table_rate = SiteRate(cluster.redis, cluster.prefix, tables_per_minute)
            app.state.accounts.across_site(cluster.redis, cluster.prefix)
            app.state.seeks = RedisSeeks(
                cluster.redis, cluster.prefix, seek_ttl, lambda game: expired.labels(game).inc()
            )  # paired site wide
            readiness.cluster = cluster
            await cluster.start()
            await service.sweep_tutorials()
        else:
            await service.resume_all()
        await service.settle_ratings()
        service.metrics.watch(service, cluster, app.state.table_rate, app.state.accounts)
        try:
            yield
        finally:
            if cluster is not None:
                await cluster.stop()
            readiness.close()
            await push.close()
            await service.close()

    routes = [
        *site_routes(page),
        Route("/healthz", healthz),
        Route("/readyz", readyz),
        Route("/metrics", metrics),
        Route("/api/lobby", lobby),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tutorials/{game_id}", create_tutorial, methods=["POST"]),
        Route("/api/tutorials/{game_id}/{lesson}", create_tutorial, methods=["POST"]),
        Route("/api/tables/{table_id}", table_info),
        Route("/api/tables/{table_id}/join", join, methods=["POST"]),
        Route("/api/tables/{table_id}/invite", invite, methods=["POST"]),
        Route("/api/tables/{table_id}/leave", leave, methods=["POST"]),
        Route("/api/tables/{table_id}/rematch", rematch, methods=["POST"]),
        Route("/api/tables/{table_id}/replay", table_replay),
        *account_routes(),
        *push_routes(),
        *oidc_routes(),
        Route("/api/tables/{table_id}/review", table_review),
        *rating_routes(),
        *play_now_routes(),
        WebSocketRoute("/ws/{table_id}", table_socket),
    ]
    middleware = []
    if redis_url is not None:
        from saqqara.server.cluster import ClusterRouter

        middleware.append(Middleware(ClusterRouter))
        return Starlette(
            routes=routes,
            lifespan=lifespan,
            middleware=middleware,
            exception_handlers=_API_REFUSALS,
        )
    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers=_API_REFUSALS)

    def direct(
        table_id: str, params: Mapping[str, str], scope: Scope, socket: Socket
    ) -> Awaitable[None]:
        # A plain function handing back serve_socket's coroutine: no frame of its own (nor
        # its locals) kept for as long as the connection lasts; nor the request's headers.
        origin, host = socket_header(scope, b"origin"), socket_header(scope, b"host")
        session = _session_cookie(socket_header(scope, b"cookie"))
        scope["headers"] = []
        return serve_socket(app, table_id, params, origin, host, socket, session)

    return Direct(app, direct)


# -- HTTP -------------------------------------------------------------------------------------
def _service(request: Request | WebSocket) -> TableService:
    service: TableService = request.app.state.service
    return service


def _error(code: str, message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


_STATUS = {
    "no-table": 404,
    "bad-key": 403,
    "bad-csrf": 403,
    "not-signed-in": 401,
    "too-large": 413,
    "too-many-tables": 429,
    "store-failed": 503,
}


NOT_FOUND_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Not found · Saqqara</title>
<style>body{font-family:sans-serif;background:#f4ead7;color:#2b2118;margin:3rem auto;
max-width:32rem;padding:0 1rem}a{color:#7a4b12}</style></head>
<body><h1>☥ Nothing here</h1>
<p>This address is not a page of this site. A table's link looks like
<code>/t/TABLE?seat=N&amp;key=KEY</code>.</p>
<p><a href="/">Back to the lobby</a></p></body></html>
"""
"""What a browser gets for an address the site does not have (a trial got a bare
"Not Found" with no way back)."""


async def _http_refusal(request: Request, exc: Exception) -> Response:
    """An unknown path or a method a path does not take: under ``/api/`` a refusal as
    every other of the API's (``{"error": {"code", "message"}}``), elsewhere plain text."""
    assert isinstance(exc, HTTPException)
    if not request.url.path.startswith("/api/"):
        if exc.status_code == 404 and "text/html" in request.headers.get("accept", ""):
            return HTMLResponse(NOT_FOUND_PAGE, 404)  # a person's browser: a way back
        return PlainTextResponse(exc.detail, exc.status_code, headers=exc.headers)
    code = "not-found" if exc.status_code == 404 else "bad-method"
    message = (
        f"no such address: {request.url.path[:60]}"
        if exc.status_code == 404
        else f"{request.url.path[:60]} does not take {request.method[:10]}"
    )
    answer = _error(code, message, exc.status_code)
    answer.headers.update(exc.headers or {})
    return answer


async def _store_refusal(request: Request, exc: Exception) -> Response:
    """A request the store could not serve (unreachable, or refusing): ``store-failed``,
    503, never a bare 500."""
    failed = StoreFailed("the store could not serve this request; try again")
    return _refusal(failed)


_API_REFUSALS: dict[Any, Any] = {
    404: _http_refusal,
    405: _http_refusal,
    SQLAlchemyError: _store_refusal,
}


def _refusal(exc: SaqqaraError) -> JSONResponse:
    return _error(exc.code, exc.message, _STATUS.get(exc.code, 400))


async def _body(request: Request, kind: type[_T]) -> _T:
    body = await capped_body(request, MAX_BODY)
    if body is None:
        raise TableError("request body too large", code="too-large")
    if not body.strip():
        raise TableError("the request needs a JSON object as its body", code="bad-request")
    try:
        return msgspec.json.decode(body, type=kind)
    except msgspec.MsgspecError as exc:
        raise TableError(str(exc), code="bad-request") from None


def _base(request: Request) -> str:
    return str(request.base_url).rstrip("/")


async def page(request: Request) -> Response:
    return HTMLResponse(PLACEHOLDER)


async def healthz(request: Request) -> Response:
    service = _service(request)
    answer: dict[str, Any] = {
        "ok": True,
        "live_tables": len(service.live),
        "accepted": service.accepted,
        "replayed": service.replayed,
        "bots_busy": service.bots.busy,
    }
    cluster = getattr(request.app.state, "cluster", None)
    if cluster is not None:
        answer["site"] = cluster.figures()
    return JSONResponse(answer)


async def readyz(request: Request) -> Response:
    """Ready: the store answers, and in a site the leases are held as believed and Redis
    answers (``server/health.py``); 200 or 503, the body naming the checks that failed."""
    readiness: Readiness = request.app.state.readiness
    ready, answer = await readiness.check()
    return JSONResponse(answer, status_code=200 if ready else 503)


async def metrics(request: Request) -> Response:
    """Prometheus's text format (``server/metrics.py``)."""
    text = _service(request).metrics.text()
    return Response(text, media_type=CONTENT_TYPE)


async def lobby(request: Request) -> Response:
    return JSONResponse({"tables": _service(request).lobby()})


async def _check_table_rate(request: Request) -> None:
    """Refuse (``too-many-tables``) an address that has made its tables for the minute."""
    limit: AddressRate | SiteRate = request.app.state.table_rate
    address = request.client.host if request.client else ""
    allowed = await limit.allow(address) if isinstance(limit, SiteRate) else limit.allow(address)
    if not allowed:
        limit.refused += 1
        raise TableError(
            f"this address has made {limit.per_minute:g} tables in the last minute; "
            "wait a little before making another",
            code="too-many-tables",
        )


async def create_tutorial(request: Request) -> Response:
    """``POST /api/tutorials/{game}/{lesson}`` (``/api/tutorials/{game}``: its first
    lesson): a private, unrated table of the lesson's script (its seed, every seat a
    person), marked a tutorial's (removed in time: ``TableService.sweep_tutorials``),
    answered with each seat's key and the script (``server/tutorials.py``)."""
    game = request.path_params["game_id"]
    tutorial = lesson(game, request.path_params.get("lesson"))
    if tutorial is None:
        return _error("unknown-game", f"no such tutorial for {game[:64]!r}", 404)
    try:
        await _check_table_rate(request)
        seats = [SeatRequest(kind="person", name=name) for name in tutorial.names]
        wanted = CreateTable(game=game, seats=seats, options=tutorial.options, public=False)
        links = await _service(request).create(
            wanted, seed=tutorial.seed, tutorial=f"{tutorial.game}/{tutorial.lesson}"
        )
    except SaqqaraError as exc:
        return _refusal(exc)
    keys = [{"seat": seat, "key": key} for seat, key in sorted(links.keys.items())]
    return JSONResponse(
        {"table": links.table, "seats": keys, "script": tutorial.to_json()}, status_code=201
    )


async def create_table(request: Request) -> Response:
    service = _service(request)
    try:
        await _check_table_rate(request)
        wanted = await _body(request, CreateTable)
        account = await account_of(request, changes=True)
        links = await service.create(wanted, None if account is None else account.id)
    except SaqqaraError as exc:
        return _refusal(exc)
    base = f"{_base(request)}/t/{links.table}"
    table = await service.table(links.table)
    seats: list[dict[str, Any]] = []
    for row in table.seats:
        entry: dict[str, Any] = {"seat": row.seat, "kind": row.kind, "name": row.name}
        entry["open"] = is_open(row)  # no link: anyone's from the lobby
        if row.seat in links.keys:
            entry["link"] = f"{base}?seat={row.seat}&key={links.keys[row.seat]}"
        seats.append(entry)
    return JSONResponse(
        {
            "table": links.table,
            "seats": seats,
            "spectator": f"{base}?watch={links.spectator}",
            "host": links.host,
            "status": table.status,
        },
        status_code=201,
    )


async def table_info(request: Request) -> Response:
    service = _service(request)
    try:
        table = await service.table(request.path_params["table_id"])
        info = service.describe(table)
        if info["rated"] and table.status == FINISHED:  # the changes, once it is rated
            with contextlib.suppress(*STORE_ERRORS):  # the table is answered without them
                changes = await run_in_threadpool(service.ratings.changes, table.id)
                info["ratings"] = [{"seat": s, "before": b, "after": a} for s, b, a in changes]
        return JSONResponse(info)
    except SaqqaraError as exc:
        return _refusal(exc)


async def join(request: Request) -> Response:
    table_id = request.path_params["table_id"]
    try:
        wanted = await _body(request, Join)
        account = await account_of(request, changes=True)
        seat, fresh = await _service(request).join(
            table_id, wanted, None if account is None else account.id
        )
    except SaqqaraError as exc:
        return _refusal(exc)
    answer: dict[str, Any] = {"table": table_id, "seat": seat}
    if fresh is not None:
        answer["link"] = f"{_base(request)}/t/{table_id}?seat={seat}&key={fresh}"
    return JSONResponse(answer)


async def invite(request: Request) -> Response:
    table_id = request.path_params["table_id"]
    try:
        wanted = await _body(request, Invite)
        key = await _service(request).invite(table_id, wanted)
    except SaqqaraError as exc:
        return _refusal(exc)
    link = f"{_base(request)}/t/{table_id}?seat={wanted.seat}&key={key}"
    return JSONResponse({"table": table_id, "seat": wanted.seat, "link": link})


async def leave(request: Request) -> Response:
    table_id = request.path_params["table_id"]
    try:
        wanted = await _body(request, SeatKey)
        account = await account_of(request, changes=True)
        await _service(request).leave(table_id, wanted, None if account is None else account.id)
    except SaqqaraError as exc:
        return _refusal(exc)
    return JSONResponse({"table": table_id, "left": True})


async def rematch(request: Request) -> Response:
    table_id = request.path_params["table_id"]
    try:
        wanted = await _body(request, SeatKey)
        account = await account_of(request, changes=True)
        new_id = await _service(request).rematch(
            table_id, wanted, None if account is None else account.id
        )
    except SaqqaraError as exc:
        return _refusal(exc)
    return JSONResponse({"table": new_id, "rematch_of": table_id})


async def table_replay(request: Request) -> Response:
    """A finished table step by step as a spectator saw it, for a seat (``seat``, ``key``)
    or a spectator (``watch``) of the table, its texts in ``lang``."""

    async def replay(service: TableService, table: LiveTable) -> Any:
        record = service.finished_record(table)
        lang = _read_lang(request)
        return await run_in_threadpool(replay_record, record, lang, table.names())

    return await _finished_answer(request, replay)


async def table_review(request: Request) -> Response:
    """A finished table's review (``server/reviews.py``), for a seat (``seat``, ``key``) or a
    spectator (``watch``) of the table, its moves worded in ``lang``: ``pending`` with how
    far it is while the bot pool works it out (ask again), then every decision's analysis."""

    async def review(service: TableService, table: LiveTable) -> Any:
        started = service.reviews.start(table.id, service.finished_record(table))
        lang = _read_lang(request)
        return await run_in_threadpool(review_answer, started, lang, table.names())

    return await _finished_answer(request, review)


def _read_lang(request: Request) -> str:
    """The ``lang`` query parameter (``en`` when left out); refused as ``bad-lang``."""
    return _lang_param(request.query_params.get("lang") or None) or "en"


async def _finished_answer(
    request: Request, answer: Callable[[TableService, LiveTable], Awaitable[Any]]
) -> Response:
    """``answer`` for the table of the path, once the request is found to be one of its
    readers (:func:`_check_reader`); the table let go after."""
    service = _service(request)
    table_id = request.path_params["table_id"]
    try:
        _read_lang(request)  # refused before any work
        table = await service.table(table_id)
        await _check_reader(request, service, table)
        answered = await answer(service, table)
    except SaqqaraError as exc:
        return _refusal(exc)
    finally:
        current = service.live.get(table_id)
        if current is not None:
            service.release(current)
    return json_answer(request, encoder.encode(answered))


async def _check_reader(request: Request, service: TableService, table: LiveTable) -> None:
    """Whether the request may read the table's replay or review: a seat by its key (or,
    without one, as its own signed-in account's), else a spectator (``watch``; none
    needed at a public table); :class:`SaqqaraError` when not."""
    params = request.query_params
    seat = _int_param(params.get("seat"), None)
    if seat is None:
        service.check_spectator(table, params.get("watch"))
        return
    key = params.get("key")
    account = None if key is not None else await account_of(request, changes=False)
    service.check_seat(table, seat, key, None if account is None else account.id)


# -- WebSocket --------------------------------------------------------------------------------
def _int_param(value: str | None, default: int | None, name: str = "seat") -> int | None:
    """The query parameter ``name``: a whole number from 0 to 999,999,999 (``default``
    when it is left out)."""
    if value is None:
        return default
    if not value.isascii() or not value.isdigit() or len(value) > 9:
        raise TableError(
            f"{name} must be a whole number from 0 to 999999999, not {value[:20]!r}",
            code="bad-request",
        )
    return int(value)


def _lang_asked(params: Mapping[str, str]) -> str:
    """The language a connection asked for, for a refusal before it is checked: one of the
    languages served, else English."""
    asked = params.get("lang")
    return asked if asked in LANGUAGES else SOURCE_LANGUAGE


def _lang_param(value: str | None) -> str | None:
    """The query parameter ``lang``: one of the languages served, or ``None`` when left out."""
    try:
        return checked_lang(value) if value else None
    except BadLanguage as exc:
        raise TableError(str(exc), code="bad-lang") from None


async def table_socket(websocket: WebSocket) -> None:
    """A table's WebSocket through Starlette's router (a site of many processes)."""
    headers = websocket.headers
    await serve_socket(
        websocket.app,
        websocket.path_params["table_id"],
        websocket.query_params,
        headers.get("origin"),
        headers.get("host"),
        websocket,
        _session_cookie(headers.get("cookie")),
    )


def _session_cookie(header: str | None) -> str | None:
    """The session token among a handshake's cookies (``None`` without one)."""
    if not header or COOKIE not in header:
        return None
    for part in header.split(";"):
        name, _, value = part.strip().partition("=")
        if name == COOKIE and 0 < len(value) <= 100:
            return value
    return None


async def _socket_account(app: Starlette, session: str | None) -> str | None:
    """The account a connection's session cookie signs in (``None``: none, or expired)."""
    if session is None:
        return None
    accounts: Gate = app.state.accounts
    try:
        account = await run_in_threadpool(accounts.accounts.session, session)
    except SQLAlchemyError:
        raise StoreFailed("the session could not be read from the store; try again") from None
    return None if account is None else account.id


async def _welcome(
    app: Starlette,
    service: TableService,
    table_id: str,
    params: Mapping[str, str],
    origin: str | None,
    host: str | None,
    websocket: Connection,
    session: str | None = None,
) -> tuple[LiveTable, Listener] | None:
    """Check a new connection, welcome it and seat its listener at the table; ``None``
    when it was refused (and closed)."""
    origins: tuple[str, ...] = app.state.origins
    if not origin_allowed(origin, host, origins):
        await websocket.close(code=1008)
        return None
    await websocket.accept()
    try:
        table = await service.table(table_id)
        seat = _int_param(params.get("seat"), None)
        if (seat is None and "key" in params) or (seat is not None and "watch" in params):
            raise TableError(BOTH_KINDS, code="bad-request")
        if seat is not None:
            key = params.get("key")
            account = None if key is not None else await _socket_account(app, session)
            service.check_seat(table, seat, key, account)
        else:
            service.check_spectator(table, params.get("watch"))
        since = min(_int_param(params.get("since"), 0, "since") or 0, table.seq)
        asked = _lang_param(params.get("lang") or None)
    except SaqqaraError as exc:
        refusal = worded(Error(exc.code, exc.message), _lang_asked(params), None)
        await websocket.send_text(encode(refusal))
        # A store that failed may answer again: 1013, "try again later".
        await websocket.close(code=1013 if isinstance(exc, StoreFailed) else 1008)
        return None
    lang = asked or (table.seats[seat].lang if seat is not None else "en")
    listener = Listener(seat, lang, since, websocket.send_text)
    welcome = Welcome(
        table.id,
        table.game.spec.id,
        table.game.players,
        dict(table.game.options),
        seat,
        table.names(),
        lang,
        hints=seat is not None and bool(table.row.settings.get("hints")),
        chat=may_chat(table, seat),
    )
    await websocket.send_text(encode(welcome))
    if seat is not None:
        try:
            await service.claim(table, seat)
        except SQLAlchemyError:  # the seat could not be stored as taken: come back later
            failed = worded(Error("store-failed", SEAT_NOT_STORED), lang, table.game)
            await websocket.send_text(encode(failed))
            await websocket.close(code=1013)
            return None
    table.listeners.add(listener)
    if seat is not None:
        service.returned(table, seat)
    return table, listener


async def serve_socket(
    app: Starlette,
    table_id: str,
    params: Mapping[str, str],
    origin: str | None,
    host: str | None,
    websocket: Connection,
    session: str | None = None,
) -> None:
    """One connection to table ``table_id``: checked, welcomed, told, and answered; a seat
    without its key is opened by the ``session`` of its own account."""
    service: TableService = app.state.service
    opened = await _welcome(app, service, table_id, params, origin, host, websocket, session)
    # What the connection asked for is read: not kept for as long as it lasts.
    del params, origin, host, session
    if opened is None:
        return
    table, listener = opened
    rate, burst = app.state.rate
    limiter = RateLimit(rate, burst)
    try:
        # The table as it stands now: one rebuilt from the store while this connection was
        # welcomed replaced the object the welcome found (the listeners are the same set).
        await (service.live.get(table_id) or table).push(listener, force=True)
        with contextlib.suppress(SQLAlchemyError):  # the chat's history can wait: not the game
            await tell_history(app.state.chat, service.live.get(table_id) or table, listener)
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            reply = await _answer(service, app.state.chat, table_id, listener, limiter, text)
            if reply is not None:
                await websocket.send_text(encode(worded(reply, listener.lang, table.game)))
    except (WebSocketDisconnect, OSError):
        pass  # the connection went away (the ASGI server's "client disconnected")
    finally:
        if listener.hinting is not None:
            listener.hinting.cancel()  # the hint itself goes on for the table's other seats
        current = service.live.get(table_id) or service.aside.get(table_id)
        if current is not None:
            current.listeners.discard(listener)
            service.watch_absence(current, listener.seat)
            service.release(current)


async def _tell_hint(table: LiveTable, listener: Listener, asked: AskedHint) -> None:
    """Send ``listener`` the hint once the pool has it (worded in its language from the
    seat's view at the position asked), or ``hint-failed``."""
    try:
        answer = await asyncio.shield(asked.answer)
    except Exception:  # a worker that failed or died: no hint this time
        answer = None
    reply: ServerMessage
    if answer is None:
        reply = worded(Error("hint-failed", NO_HINT_IN_TIME), listener.lang, table.game)
    else:
        game = table.game
        action = game.action_from_id(answer.action)
        words = texts(game, listener.lang, table.names())
        label = words.action_label(asked.view, action)
        notation = game.action_text(action)
        reply = Hint(
            asked.seq, asked.undos, answer.action, label, notation, answer.value, answer.rollouts
        )
    async with listener.lock:
        with contextlib.suppress(Exception):
            await listener.send(encode(reply))


def _act_cid(text: str | None) -> str | None:
    """The ``cid`` of ``text`` when it is a well-formed act, so that a refusal of it for
    the rate alone names the act it refuses (its sender stops waiting for an ack and may
    send it again); ``None`` for anything else."""
    if text is None or len(text) > MAX_MESSAGE:
        return None
    try:
        message = client_decoder.decode(text)
    except msgspec.MsgspecError:
        return None
    return message.cid if isinstance(message, Act) else None


async def _answer(
    service: TableService,
    chat: ChatLog,
    table_id: str,
    listener: Listener,
    limiter: RateLimit,
    text: str | None,
) -> ServerMessage | None:
    """The reply to one client frame (``None`` when the reply is an update push)."""
    received = time.perf_counter()
    if not limiter.allow():
        return Error("rate-limited", TOO_MANY_MESSAGES, _act_cid(text))
    if text is None:
        return Error("bad-message", TEXT_FRAMES)
    if len(text) > MAX_MESSAGE:
        return Error("too-large", TOO_LARGE.format(count=MAX_MESSAGE))
    try:
        message = client_decoder.decode(text)
    except msgspec.MsgspecError as exc:
        return Error("bad-message", str(exc)[:200])
    if isinstance(message, Ping):
        return Pong()  # whatever the table's state (its store may be out of reach)
    try:
        table = await service.table(table_id)
        if isinstance(message, Sync):
            listener.since = min(message.since, table.seq)
            await table.push(listener, force=True)
            return None
        if isinstance(message, Chat):
            return await say(chat, table, listener, message.text)
        if listener.seat is None:
            cid = message.cid if isinstance(message, Act) else None
            words = SPECTATOR_HINTS if isinstance(message, AskHint) else SPECTATOR_ACTS
            return Error("spectator", words, cid)
        if isinstance(message, AskHint):
            if listener.hinting is not None and not listener.hinting.done():
                return Error("rate-limited", ONE_HINT)
            asked = service.ask_hint(table, listener.seat, message.seq)
            listener.hinting = asyncio.ensure_future(_tell_hint(table, listener, asked))
            return None
        if isinstance(message, Undo):
            await service.undo(table, listener.seat, message.seq)
            return None
        seq = await service.submit(
            table, listener.seat, message.action, message.seq, message.cid, message.undos
        )
        async with listener.lock:
            await listener.send(encode(Ack(message.cid, seq)))
        service.metrics.move_seconds.observe(time.perf_counter() - received)
        return None
    except SaqqaraError as exc:
        cid = message.cid if isinstance(message, Act) else None
        return Error(exc.code, exc.message, cid)
    except SQLAlchemyError:  # a store read or write outside the writer (an undo, say)
        cid = message.cid if isinstance(message, Act) else None
        return Error("store-failed", STORE_BUSY, cid)
