"""Web Push: a player whose turn begins while no page of theirs is open at the table is
sent a push (issue 32, item 6), through their browser's push service, with pywebpush.

- The site's VAPID key pair is made at its first start and kept in the store
  (``store/push.py``); ``GET /api/push`` answers its public key (the browser's
  ``applicationServerKey``), the same at every process of a site.
- A signed-in account subscribes a browser (``POST /api/account/push``, the browser's
  ``PushSubscription.toJSON()``), lists its browsers (``GET /api/account/push``) and
  removes one (``POST /api/account/push/remove``); CSRF as every account change. An
  endpoint is accepted only at a push service this site sends to (:func:`check_endpoint`:
  the browsers' own services over https, and those named by ``--push-service``), so a
  subscription cannot make the server post to an address of its choosing.
- When a person seat's turn begins (``TableService.signal_turns``, at the process that
  owns the table, after the step is stored) and no connection listens to that seat, its
  account's browsers are sent what the seat may know: the game, the table and "your
  move", in the seat's language; never anything of the position. Sending runs on a
  thread of its own, after the updates are told: a move never waits for it. A failure is
  logged; a push service that answers 404 or 410 (the subscription is gone) has the
  subscription deleted.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import json
import logging
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Annotated, Any
from urllib.parse import urlsplit

import msgspec
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid
from pywebpush import WebPushException, webpush
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from saqqara.core.errors import SaqqaraError
from saqqara.core.i18n import N_
from saqqara.core.registry import registered_games
from saqqara.server.accounts import AccountError, body, refusal, session_of, signed_in
from saqqara.server.logs import say
from saqqara.server.web_texts import translated
from saqqara.store import Store
from saqqara.store.push import PushStore

VAPID_KEY = "vapid"
"""The name of the site's VAPID private key in ``site_keys``."""

PUSH_SERVICES = (
    "fcm.googleapis.com",
    "updates.push.services.mozilla.com",
    "web.push.apple.com",
    ".push.apple.com",
    ".notify.windows.com",
)
"""The browsers' push services a subscription may name (over https): a host, or, with a
leading dot, any host under a domain."""

CONTACT = "mailto:push@localhost"
"""The VAPID ``sub`` claim when ``--push-contact`` names none (a push service may write to
it about the site's pushes)."""

SEND_TIMEOUT = 10.0
"""Seconds a push service has to answer one push."""

SENDERS = 2
"""Threads that send pushes (each push waits on a push service's answer)."""

TTL = 24 * 3600
"""How long a push service keeps a push for a browser that is offline (seconds)."""

MAX_ENDPOINT = 1024
"""The longest endpoint accepted (the browsers' are a few hundred characters)."""

GONE = (404, 410)
"""A push service's answers meaning the subscription is no more."""

TURN_TEXT = N_("It is your move at {game}.")

LOG = logging.getLogger("saqqara.push")


class PushError(AccountError):
    """A subscription refused."""

    code = "bad-push"


class PushKeys(msgspec.Struct, forbid_unknown_fields=True):
    """A subscription's keys, base64url: the browser's P-256 public key, the auth secret."""

    p256dh: Annotated[str, msgspec.Meta(max_length=128)]
    auth: Annotated[str, msgspec.Meta(max_length=64)]


class PushSubscribe(
    msgspec.Struct, forbid_unknown_fields=True, rename={"expiration": "expirationTime"}
):
    """``POST /api/account/push``: a browser's ``PushSubscription.toJSON()``."""

    endpoint: Annotated[str, msgspec.Meta(max_length=MAX_ENDPOINT)]
    keys: PushKeys
    expiration: float | None = None


class PushRemove(msgspec.Struct, forbid_unknown_fields=True):
    """``POST /api/account/push/remove``: the endpoint of the subscription to delete."""

    endpoint: Annotated[str, msgspec.Meta(max_length=MAX_ENDPOINT)]


def _unpadded_b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _b64_bytes(text: str, what: str) -> bytes:
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise PushError(f"the subscription's {what} is not base64url") from None


def check_endpoint(endpoint: str, services: tuple[str, ...] = ()) -> str:
    """``endpoint`` when it is at a push service this site sends to (:data:`PUSH_SERVICES`
    over https, or starting with one of ``services``); :class:`PushError` otherwise."""
    if any(endpoint.startswith(prefix) for prefix in services):
        return endpoint
    try:
        parts = urlsplit(endpoint)
        host = (parts.hostname or "").lower()
    except ValueError:
        raise PushError("the endpoint is not a URL") from None
    if parts.scheme == "https" and not parts.username and not parts.password and host:
        for known in PUSH_SERVICES:
            if host == known or (known.startswith(".") and host.endswith(known)):
                return endpoint
    raise PushError("the endpoint is not at a push service this site sends to")


def check_keys(keys: PushKeys) -> PushKeys:
    """The keys when the public key is a point of P-256 and the secret 16 bytes."""
    point = _b64_bytes(keys.p256dh, "p256dh key")
    try:
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    except ValueError:
        raise PushError("the subscription's p256dh key is not a P-256 public key") from None
    if len(_b64_bytes(keys.auth, "auth secret")) != 16:
        raise PushError("the subscription's auth secret is not 16 bytes")
    return keys


def turn_payload(game_id: str, table_id: str, seat: int, lang: str) -> dict[str, Any]:
    """What a seat is pushed as its turn begins: nothing of the position, only which game
    and table, the seat's link (relative: the service worker's origin is the site) and the
    notification's words in the seat's language."""
    spec = registered_games()[game_id].spec
    return {
        "type": "turn",
        "game": game_id,
        "table": table_id,
        "seat": seat,
        "url": f"/t/{table_id}?seat={seat}",
        "title": translated("Your move", lang),
        "body": translated(TURN_TEXT, lang).format(game=translated(spec.title, lang)),
    }


def _new_private_key() -> str:
    key = Vapid()
    key.generate_keys()
    pem: bytes = key.private_pem()
    return pem.decode()


class TurnPush:
    """The site's pushes: its VAPID key (read or made by :meth:`start`), the sending
    thread, and what was sent (for ``/metrics`` and the tests' logs)."""

    def __init__(
        self, store: Store, contact: str = CONTACT, services: tuple[str, ...] = ()
    ) -> None:
        self.subscriptions = PushStore(store)
        self.contact = contact
        self.services = services
        self.public_key = ""
        """The application server key, base64url (an uncompressed P-256 point)."""
        self._vapid: Any = None
        self._senders = ThreadPoolExecutor(SENDERS, thread_name_prefix="saqqara-push")
        self._sending: set[asyncio.Future[None]] = set()
        self.sent = 0
        self.failed = 0
        self.forgotten = 0

    def start(self) -> None:
        """Read the site's key, or make and keep it at a first start (blocking)."""
        pem = self.subscriptions.site_key(VAPID_KEY, _new_private_key)
        self._vapid = Vapid.from_pem(pem.encode())
        point = self._vapid.public_key.public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        self.public_key = _unpadded_b64(point)

    def turn(self, account: str, game_id: str, table_id: str, seat: int, lang: str) -> None:
        """Tell ``account``'s browsers that its seat's turn began (:func:`turn_payload`),
        on the sending threads: this returns at once, the event loop never waits on a push
        service."""
        if self._vapid is None:
            return
        payload = turn_payload(game_id, table_id, seat, lang)
        loop = asyncio.get_running_loop()
        task = loop.run_in_executor(self._senders, self._deliver, account, payload)
        self._sending.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Future[None]) -> None:
        self._sending.discard(task)
        if not task.cancelled() and task.exception() is not None:
            self.failed += 1
            LOG.error("sending a push failed", exc_info=task.exception())

    def _deliver(self, account: str, payload: dict[str, Any]) -> None:
        """Push ``payload`` to the account's browsers (blocking: a sending thread)."""
        data = json.dumps(payload, ensure_ascii=False)
        for each in self.subscriptions.subscriptions(account):
            info = {"endpoint": each.endpoint, "keys": {"p256dh": each.p256dh, "auth": each.auth}}
            try:
                webpush(
                    info,
                    data,
                    vapid_private_key=self._vapid,
                    vapid_claims={"sub": self.contact},
                    timeout=SEND_TIMEOUT,
                    ttl=TTL,
                    headers={"Urgency": "high"},
                )
            except WebPushException as exc:
                status = getattr(exc.response, "status_code", None)
                if status in GONE:
                    self.subscriptions.forget(each.endpoint)
                    self.forgotten += 1
                    continue
                self.failed += 1
                say("push", f"a push service refused a push: {status or exc.message[:200]}")
            except Exception as exc:  # a push service out of reach, a broken answer
                self.failed += 1
                say("push", f"a push could not be sent: {type(exc).__name__}: {str(exc)[:200]}")
            else:
                self.sent += 1

    async def close(self) -> None:
        """Let the pushes under way finish (a push service has :data:`SEND_TIMEOUT` s)."""
        if self._sending:
            await asyncio.wait(list(self._sending), timeout=SEND_TIMEOUT + 1)
        self._senders.shutdown(wait=False, cancel_futures=True)


# -- HTTP ---------------------------------------------------------------------------------------
def _push(request: Request) -> TurnPush:
    found: TurnPush = request.app.state.push
    return found


def _no_store(answer: Response) -> Response:
    answer.headers["Cache-Control"] = "no-store"
    return answer


async def public_key(request: Request) -> Response:
    """The site's VAPID public key, for ``pushManager.subscribe``."""
    return _no_store(JSONResponse({"key": _push(request).public_key}))


async def my_subscriptions(request: Request) -> Response:
    """The signed-in account's subscribed browsers (their endpoints), newest first."""
    push = _push(request)
    try:
        found = await session_of(request, changes=False)
        if found is None:
            raise AccountError("sign in first", code="not-signed-in")
        kept = await run_in_threadpool(push.subscriptions.subscriptions, found[0].id)
    except SaqqaraError as exc:
        return refusal(exc)
    listed = [{"endpoint": s.endpoint, "created_at": s.created_at} for s in kept]
    return _no_store(JSONResponse({"subscriptions": listed}))


async def subscribe(request: Request) -> Response:
    """Keep a browser's subscription for the signed-in account."""
    push = _push(request)
    try:
        account, _ = await signed_in(request)
        wanted = await body(request, PushSubscribe)
        endpoint = check_endpoint(wanted.endpoint, push.services)
        keys = check_keys(wanted.keys)
        await run_in_threadpool(
            push.subscriptions.subscribe, account.id, endpoint, keys.p256dh, keys.auth
        )
    except SaqqaraError as exc:
        return refusal(exc)
    return _no_store(JSONResponse({"subscribed": True, "at": time.time()}, status_code=201))


async def unsubscribe(request: Request) -> Response:
    """Delete one of the signed-in account's subscriptions, by its endpoint."""
    push = _push(request)
    try:
        account, _ = await signed_in(request)
        wanted = await body(request, PushRemove)
        gone = await run_in_threadpool(push.subscriptions.unsubscribe, account.id, wanted.endpoint)
    except SaqqaraError as exc:
        return refusal(exc)
    return _no_store(JSONResponse({"removed": gone}))


def push_routes() -> list[BaseRoute]:
    """The push API's routes."""
    return [
        Route("/api/push", public_key),
        Route("/api/account/push", my_subscriptions),
        Route("/api/account/push", subscribe, methods=["POST"]),
        Route("/api/account/push/remove", unsubscribe, methods=["POST"]),
    ]
