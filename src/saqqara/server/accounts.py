"""Accounts over HTTP: sign up, sign in and out, who am I, change password (or set the first
one, for an account a provider made), sign out everywhere, delete an account, claim a guest
seat, and "my games" (``/api/account/...``).

A session is a cookie (``saqqara_session``: ``HttpOnly``, ``SameSite=Lax``, ``Secure``
when the request came over https, as uvicorn reads it, behind a proxy named by
``--forwarded-allow-ips`` from its ``X-Forwarded-Proto``), holding a token the store keeps
only as a hash (``store/accounts.py``), so it works at every process of a site.

CSRF: a request changes something for a session only when it carries the header
``X-Saqqara-CSRF`` with the session's token (:func:`csrf_token`, derived from the session
token, answered by sign-in and ``GET /api/account``) and, where the browser sends an
``Origin``, that origin is this site's (or one of ``--origin``'s). A page of another site
can neither read the token nor add the header (a custom header needs a CORS preflight this
server never grants). Sign-up and sign-in need the header too (any value: there is no
session yet), so no other site can sign a browser into an account of its choosing. A table
request (create, join, leave, rematch) without the header is served as a guest's: the
cookie authorises nothing there.

Sign-in answers ``sign-in-failed`` alike for an unknown name and a wrong password, after
the same argon2id work (a dummy hash), and tries are limited per client address and per
account name (``server/attempts.py``). Passwords are never logged nor echoed in a refusal.
"""

from __future__ import annotations

import asyncio
import collections
import hashlib
import hmac
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import msgspec
from redis.asyncio import Redis
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from saqqara.core.errors import SaqqaraError
from saqqara.server.attempts import Attempts, Limit, SiteAttempts
from saqqara.server.guard import capped_body as read_capped
from saqqara.server.guard import origin_allowed
from saqqara.server.messages import (
    ChangePassword,
    ClaimSeat,
    Credentials,
    DeleteAccount,
    SetPassword,
)
from saqqara.server.service import TableService
from saqqara.store import FINISHED, OPEN, PLAYING, Store
from saqqara.store.accounts import SESSION_SECONDS, Account, Accounts, NameTaken, OwnedSeat
from saqqara.store.oidc import NO_PASSWORD, OidcLinks

COOKIE = "saqqara_session"
"""The session cookie's name."""

CSRF_HEADER = "x-saqqara-csrf"
"""The header every state-changing request a session authorises carries (see above)."""

NAME_RULE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{2,23}")
"""A user name: 3 to 24 ASCII letters, digits, ``_`` and ``-``, starting with a letter or
a digit (so no two names look alike but for case, which is folded anyway)."""

MIN_PASSWORD = 8
MAX_PASSWORD = 256
"""Password lengths, in characters (a longer one costs hashing time for nothing)."""

MAX_TOKEN = 100
"""The longest session cookie looked up (a token is 43 characters)."""

HASHING_AT_ONCE = 2
"""argon2id hashes computed at the same time per process (each takes 64 MiB, and some
0.5 s of CPU on the loaded 2-core development machine): a flood of sign-ins queues here
instead of taking the server's memory."""

FRESH_SESSION = 600.0
"""How recent a sign-in must be (seconds) to set the first password of an account that has
none: there is no password to ask again, so a session left open on a shared computer for
longer cannot take the account over by giving it one."""

MAX_BODY = 4096
"""The largest account request body read (two passwords of 256 characters fit easily)."""


class AccountError(SaqqaraError):
    """An account request refused."""

    code = "bad-account"


_STATUS = {
    "not-signed-in": 401,
    "sign-in-failed": 401,
    "bad-csrf": 403,
    "wrong-password": 403,
    "wrong-user-name": 403,
    "stale-session": 403,
    "has-password": 409,
    "bad-key": 403,
    "no-table": 404,
    "oidc-unknown-provider": 404,
    "not-linked": 404,
    "last-way-in": 409,
    "name-taken": 409,
    "too-large": 413,
    "too-many-tries": 429,
    "oidc-unavailable": 502,
    "store-failed": 503,
}

_T = TypeVar("_T")


@dataclass
class AccountLimits:
    """How many tries: sign-ins per client address, failed sign-ins per account name,
    sign-ups per client address; each ``(count, seconds)``."""

    sign_in_per_address: tuple[int, float] = (20, 60.0)
    failures_per_name: tuple[int, float] = (10, 900.0)
    sign_up_per_address: tuple[int, float] = (10, 3600.0)


@dataclass
class Gate:
    """The server's accounts: the store's, the limits and the hashing slots."""

    accounts: Accounts
    origins: tuple[str, ...] = ()
    limits: AccountLimits = field(default_factory=AccountLimits)
    hashing: asyncio.Semaphore = field(default_factory=lambda: asyncio.Semaphore(HASHING_AT_ONCE))

    def __post_init__(self) -> None:
        self.outcomes: collections.Counter[tuple[str, str]] = collections.Counter()
        """How sign-ins and sign-ups ended, by ``(what, result)``: what is ``sign-in``,
        ``sign-up`` or ``oidc-sign-in``, the result ``ok`` or the refusal's code (for
        ``/metrics``; never a name, an address or a password)."""
        self.sign_ins: Limit = Attempts(*self.limits.sign_in_per_address)
        self.failures: Limit = Attempts(*self.limits.failures_per_name)
        self.sign_ups: Limit = Attempts(*self.limits.sign_up_per_address)

    def across_site(self, redis: Redis, prefix: str) -> None:
        """Count tries in the site's Redis (``--redis``), so a limit holds across it."""
        limits = self.limits
        self.sign_ins = SiteAttempts(redis, prefix, "sign-in", *limits.sign_in_per_address)
        self.failures = SiteAttempts(redis, prefix, "failure", *limits.failures_per_name)
        self.sign_ups = SiteAttempts(redis, prefix, "sign-up", *limits.sign_up_per_address)

    async def hashed(self, work: Callable[..., _T], *args: Any) -> _T:
        """``work(*args)`` on a worker thread, at most :data:`HASHING_AT_ONCE` at a time."""
        async with self.hashing:
            return await run_in_threadpool(work, *args)


def gate(request: Request) -> Gate:
    found: Gate = request.app.state.accounts
    return found


def csrf_token(session: str) -> str:
    """The CSRF token of a session: derived from its token, so nothing more is stored,
    and it tells nothing of the token."""
    return hashlib.sha256(b"saqqara-csrf\0" + session.encode()).hexdigest()


def check_name(name: str) -> str:
    """A user name as accepted, or :class:`AccountError` saying what is wrong with it."""
    if not NAME_RULE.fullmatch(name):
        raise AccountError(
            "a user name is 3 to 24 letters (A-Z, a-z), digits, '_' or '-', starting with a "
            "letter or a digit",
            code="bad-user-name",
        )
    return name


def check_password(password: str, name: str) -> str:
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise AccountError(
            f"a password is {MIN_PASSWORD} to {MAX_PASSWORD} characters long",
            code="bad-password",
        )
    if password.casefold() == name.casefold():
        raise AccountError("a password may not be the user name", code="bad-password")
    return password


def address(request: Request) -> str:
    return request.client.host if request.client else ""


def _error(code: str, message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


def refusal(exc: SaqqaraError) -> JSONResponse:
    answer = _error(exc.code, exc.message, _STATUS.get(exc.code, 400))
    answer.headers["Cache-Control"] = "no-store"
    return answer


async def capped_body(request: Request, limit: int = MAX_BODY) -> bytes:
    """The request's body, read no further than ``limit`` bytes: a larger one is refused
    (``too-large``) before the rest of it is taken into memory."""
    raw = await read_capped(request, limit)
    if raw is None:
        raise AccountError("request body too large", code="too-large")
    return raw


async def body(request: Request, kind: type[_T]) -> _T:
    raw = await capped_body(request)
    try:
        return msgspec.json.decode(raw, type=kind)
    except msgspec.MsgspecError as exc:
        # msgspec names the field at fault, never its value (no password in a refusal).
        raise AccountError(str(exc)[:200], code="bad-request") from None


def _origin_ok(request: Request) -> bool:
    origin = request.headers.get("origin")
    return origin_allowed(origin, request.headers.get("host"), gate(request).origins)


def check_form(request: Request) -> None:
    """A sign-up or sign-in: the CSRF header present (any value) and no foreign Origin."""
    if not request.headers.get(CSRF_HEADER) or not _origin_ok(request):
        raise AccountError(
            f"send this from the site's own page, with the {CSRF_HEADER} header",
            code="bad-csrf",
        )


def _token(request: Request) -> str | None:
    token = request.cookies.get(COOKIE)
    return token if token and len(token) <= MAX_TOKEN else None


async def session_of(request: Request, *, changes: bool) -> tuple[Account, str] | None:
    """The account whose session cookie came with the request, and the token; ``None``
    without one (or, for a request that ``changes`` something, without the CSRF header:
    the cookie then authorises nothing). A request that changes something with the header
    but a wrong token or a foreign Origin is refused (``bad-csrf``)."""
    token = _token(request)
    if token is None:
        return None
    if changes:
        sent = request.headers.get(CSRF_HEADER)
        if sent is None:
            return None
        if not hmac.compare_digest(sent.encode(), csrf_token(token).encode()) or not _origin_ok(
            request
        ):
            raise AccountError(
                f"the {CSRF_HEADER} header is not this session's token, or the request "
                "came from another site",
                code="bad-csrf",
            )
    account = await run_in_threadpool(gate(request).accounts.session, token)
    return None if account is None else (account, token)


async def account_of(request: Request, *, changes: bool) -> Account | None:
    """The signed-in account of a table request (see :func:`session_of`)."""
    found = await session_of(request, changes=changes)
    return None if found is None else found[0]


async def signed_in(request: Request) -> tuple[Account, str]:
    """The session of a request that changes the account: refused without the CSRF token
    (``bad-csrf``) or without a session (``not-signed-in``)."""
    if _token(request) is not None and request.headers.get(CSRF_HEADER) is None:
        raise AccountError(f"this request needs the {CSRF_HEADER} header", code="bad-csrf")
    found = await session_of(request, changes=True)
    if found is None:
        raise AccountError("sign in first", code="not-signed-in")
    return found


def _account_json(account: Account) -> dict[str, Any]:
    return {"name": account.name, "created_at": account.created_at}


def _signed_in_answer(request: Request, account: Account, token: str, status: int) -> Response:
    answer = JSONResponse(
        {"account": _account_json(account), "csrf": csrf_token(token)}, status_code=status
    )
    sign_in_cookie(request, answer, token)
    answer.headers["Cache-Control"] = "no-store"
    return answer


def sign_in_cookie(request: Request, answer: Response, token: str) -> None:
    """Set the session cookie of ``token`` on ``answer``."""
    answer.set_cookie(
        COOKIE,
        token,
        max_age=int(SESSION_SECONDS),
        path="/",
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )


def _signed_out_answer(request: Request, content: dict[str, Any]) -> Response:
    answer = JSONResponse(content)
    answer.delete_cookie(
        COOKIE, path="/", httponly=True, samesite="lax", secure=request.url.scheme == "https"
    )
    answer.headers["Cache-Control"] = "no-store"
    return answer


def _too_many(what: str, seconds: int) -> AccountError:
    return AccountError(f"too many {what}; try again in {seconds} s", code="too-many-tries")


# -- handlers ---------------------------------------------------------------------------------
async def sign_up(request: Request) -> Response:
    here = gate(request)
    try:
        check_form(request)
        wanted = await body(request, Credentials)
        name = check_name(wanted.name)
        password = check_password(wanted.password, name)
        where = address(request)
        if await here.sign_ups.blocked(where):
            raise _too_many(
                "new accounts from this address", await here.sign_ups.retry_after(where)
            )
        await here.sign_ups.add(where)
        try:
            account = await here.hashed(here.accounts.create, name, password)
        except NameTaken:
            raise AccountError("that user name is taken", code="name-taken") from None
        token = await run_in_threadpool(here.accounts.open_session, account.id)
        await _end_presented(request)
    except SaqqaraError as exc:
        here.outcomes["sign-up", exc.code] += 1
        return refusal(exc)
    here.outcomes["sign-up", "ok"] += 1
    return _signed_in_answer(request, account, token, 201)


async def sign_in(request: Request) -> Response:
    here = gate(request)
    try:
        check_form(request)
        wanted = await body(request, Credentials)
        where, key = address(request), wanted.name.casefold()
        if await here.sign_ins.blocked(where):
            raise _too_many("sign-ins from this address", await here.sign_ins.retry_after(where))
        if await here.failures.blocked(key):
            raise _too_many("failed sign-ins for this name", await here.failures.retry_after(key))
        await here.sign_ins.add(where)
        account = None
        if NAME_RULE.fullmatch(wanted.name) and len(wanted.password) <= MAX_PASSWORD:
            account = await here.hashed(here.accounts.verify, wanted.name, wanted.password)
        if account is None:
            await here.failures.add(key)
            raise AccountError("the user name or the password is wrong", code="sign-in-failed")
        # A fresh token at every sign-in: one set in the browser before (a fixation) is
        # never the session's; a session it presented is ended.
        token = await run_in_threadpool(here.accounts.open_session, account.id)
        await _end_presented(request)
    except SaqqaraError as exc:
        here.outcomes["sign-in", exc.code] += 1
        return refusal(exc)
    here.outcomes["sign-in", "ok"] += 1
    return _signed_in_answer(request, account, token, 200)


async def _end_presented(request: Request) -> None:
    """End the session the request's cookie named, if any (replaced by a new one)."""
    token = _token(request)
    if token is not None:
        await run_in_threadpool(gate(request).accounts.close_session, token)


async def who_am_i(request: Request) -> Response:
    try:
        found = await session_of(request, changes=False)
    except SaqqaraError as exc:
        return refusal(exc)
    if found is None:
        answer = JSONResponse({"account": None})
    else:
        account, token = found
        answer = JSONResponse({"account": _account_json(account), "csrf": csrf_token(token)})
    answer.headers["Cache-Control"] = "no-store"
    return answer


async def sign_out(request: Request) -> Response:
    try:
        _, token = await signed_in(request)
        await run_in_threadpool(gate(request).accounts.close_session, token)
    except SaqqaraError as exc:
        return refusal(exc)
    return _signed_out_answer(request, {"signed_out": True})


async def sign_out_everywhere(request: Request) -> Response:
    try:
        account, _ = await signed_in(request)
        ended = await run_in_threadpool(gate(request).accounts.close_sessions, account.id)
    except SaqqaraError as exc:
        return refusal(exc)
    return _signed_out_answer(request, {"signed_out": True, "sessions": ended})


async def change_password(request: Request) -> Response:
    here = gate(request)
    try:
        account, _ = await signed_in(request)
        wanted = await body(request, ChangePassword)
        await _confirm(here, account, wanted.old)
        new = check_password(wanted.new, account.name)
        await here.hashed(here.accounts.set_password, account.id, new)  # ends every session
        token = await run_in_threadpool(here.accounts.open_session, account.id)
    except SaqqaraError as exc:
        return refusal(exc)
    return _signed_in_answer(request, account, token, 200)


async def set_first_password(request: Request) -> Response:
    """The first password of an account that has none (made by a provider's sign-in): no
    password to ask again, so the session must be fresh (:data:`FRESH_SESSION`)."""
    here = gate(request)
    try:
        account, token = await signed_in(request)
        wanted = await body(request, SetPassword)
        new = check_password(wanted.new, account.name)
        if await run_in_threadpool(here.accounts.password_hash, account.id) != NO_PASSWORD:
            raise AccountError(
                "the account has a password: change it with the current one",
                code="has-password",
            )
        opened = await run_in_threadpool(here.accounts.session_opened, token)
        if opened is None or time.time() - opened > FRESH_SESSION:
            raise AccountError(
                f"sign in again, then set a password within {int(FRESH_SESSION) // 60} minutes",
                code="stale-session",
            )
        hashed = await here.hashed(here.accounts.hasher.hash, new)
        links = OidcLinks(here.accounts.store)
        if not await run_in_threadpool(links.set_first_password, account.id, hashed):
            raise AccountError(
                "the account has a password: change it with the current one",
                code="has-password",
            )
    except SaqqaraError as exc:
        return refusal(exc)
    return _signed_in_answer(request, account, token, 200)


async def delete_account(request: Request) -> Response:
    here = gate(request)
    try:
        account, _ = await signed_in(request)
        wanted = await body(request, DeleteAccount)
        stored = await run_in_threadpool(here.accounts.password_hash, account.id)
        if stored == NO_PASSWORD:  # made by a provider's sign-in: its name typed again
            if (wanted.name or "").strip() != account.name:
                raise AccountError(
                    "type the account's user name to delete it", code="wrong-user-name"
                )
        else:
            await _confirm(here, account, wanted.password or "")
        await run_in_threadpool(here.accounts.delete, account.id)
        service: TableService = request.app.state.service
        service.forget_account(account.id)
    except SaqqaraError as exc:
        return refusal(exc)
    return _signed_out_answer(request, {"deleted": True})


async def _confirm(here: Gate, account: Account, password: str) -> None:
    """The account's own password, asked again before a change; tries counted as
    failed sign-ins of the name."""
    key = account.name.casefold()
    if await here.failures.blocked(key):
        raise _too_many("wrong passwords for this name", await here.failures.retry_after(key))
    right = len(password) <= MAX_PASSWORD and await here.hashed(
        here.accounts.check_password, account.id, password
    )
    if not right:
        await here.failures.add(key)
        raise AccountError("that is not the account's password", code="wrong-password")


def game_entry(owned: OwnedSeat, base: str, your_turn: bool | None) -> dict[str, Any]:
    """One table of "my games": the seat's link needs no key (the session opens it)."""
    return {
        "table": owned.table,
        "game": owned.game,
        "players": owned.players,
        "status": owned.status,
        "seat": owned.seat,
        "names": list(owned.names),
        "created_at": owned.created_at,
        "your_turn": your_turn,
        "link": f"{base}/t/{owned.table}?seat={owned.seat}",
    }


RUNNING = (OPEN, PLAYING)
DONE = (FINISHED,)


def _base(request: Request) -> str:
    return str(request.base_url).rstrip("/")


async def my_games(request: Request) -> Response:
    """The signed-in account's tables: ``running`` (open or playing; those where it is
    the account's turn first) and ``finished``, newest first, each with its seat's link."""
    service: TableService = request.app.state.service
    here = gate(request)
    try:
        found = await session_of(request, changes=False)
        if found is None:
            raise AccountError("sign in first", code="not-signed-in")
        account = found[0]
        running = await run_in_threadpool(here.accounts.games, account.id, RUNNING)
        finished = await run_in_threadpool(here.accounts.games, account.id, DONE)
    except SaqqaraError as exc:
        return refusal(exc)
    base = _base(request)
    entries = [game_entry(g, base, _turn(service, g)) for g in running]
    entries.sort(key=lambda entry: entry["your_turn"] is not True)  # stable: newest first
    answer = JSONResponse(
        {"running": entries, "finished": [game_entry(g, base, None) for g in finished]}
    )
    answer.headers["Cache-Control"] = "no-store"
    return answer


def _turn(service: TableService, owned: OwnedSeat) -> bool | None:
    """Whether the seat must decide now; ``None`` where this process does not hold the
    table (in a site, another process may: nothing is asked of it)."""
    table = service.live.get(owned.table)
    if table is None:
        return None
    return table.status == PLAYING and owned.seat in table.match.to_act()


async def claim_seat(request: Request) -> Response:
    """A guest seat, by its link, made the signed-in account's."""
    service: TableService = request.app.state.service
    try:
        account, _ = await signed_in(request)
        wanted = await body(request, ClaimSeat)
        await service.claim_seat(wanted.table, wanted.seat, wanted.key, account.id)
    except SaqqaraError as exc:
        return refusal(exc)
    link = f"{_base(request)}/t/{wanted.table}?seat={wanted.seat}"
    return JSONResponse({"table": wanted.table, "seat": wanted.seat, "link": link})


def account_routes() -> list[BaseRoute]:
    """The account API's routes."""
    return [
        Route("/api/account", who_am_i),
        Route("/api/account/sign-up", sign_up, methods=["POST"]),
        Route("/api/account/sign-in", sign_in, methods=["POST"]),
        Route("/api/account/sign-out", sign_out, methods=["POST"]),
        Route("/api/account/sign-out-everywhere", sign_out_everywhere, methods=["POST"]),
        Route("/api/account/password", change_password, methods=["POST"]),
        Route("/api/account/set-password", set_first_password, methods=["POST"]),
        Route("/api/account/delete", delete_account, methods=["POST"]),
        Route("/api/account/games", my_games),
        Route("/api/account/seats", claim_seat, methods=["POST"]),
    ]


def open_gate(store: Store, origins: tuple[str, ...], limits: AccountLimits | None) -> Gate:
    """The accounts of the server's store (its dummy hash made once, at start)."""
    return Gate(Accounts(store), origins, limits or AccountLimits())
