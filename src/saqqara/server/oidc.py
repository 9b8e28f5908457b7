"""Sign-in with OpenID Connect (``/api/account/oidc/...``), through authlib's Starlette
client: the authorization code flow with PKCE (S256), its ``state`` and ``nonce`` checked,
and the ID token verified (its signature by the provider's JWKS, its issuer, audience and
expiry).

The providers come from the command line and the environment (:func:`providers_from_env`):
``saqqara serve --oidc KEY`` for each, and ``SAQQARA_OIDC_<KEY>_ISSUER``, ``..._CLIENT_ID``,
``..._CLIENT_SECRET`` and ``..._NAME`` (the name on the button) in the environment, so the
secret is never on a command line. The redirect URI to register at the provider is
``<the site>/api/account/oidc/<key>/callback``.

A sign-in: the page ``POST``\\s ``/api/account/oidc/KEY/start`` (with the CSRF header, as a
password sign-in; with ``{"link": true}`` and the session's token, to link the provider to
the signed-in account), which keeps the flow in the store (``store/oidc.py``), sets the
``saqqara_oidc`` cookie that names it and answers the provider's URL; the browser goes
there, and the provider sends it back to ``.../callback``, which takes the flow (once),
checks ``state``, redeems the code with the PKCE verifier, verifies the ID token, and signs
the browser in (a new account the first time: ``store/oidc.py`` says how its name is
chosen) or links the provider. Whatever goes wrong ends at the sign-in page,
``/sign-in?oidc-error=CODE``, with nothing made; the page says what happened by the code.
"""

from __future__ import annotations

import hmac
import os
import re
import warnings
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import httpx
import msgspec
from joserfc.errors import JoseError
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from saqqara.core.errors import SaqqaraError
from saqqara.server.accounts import (
    COOKIE,
    AccountError,
    address,
    capped_body,
    check_form,
    gate,
    refusal,
    session_of,
    sign_in_cookie,
    signed_in,
)
from saqqara.server.attempts import Attempts, Limit
from saqqara.store import Store
from saqqara.store.accounts import Account
from saqqara.store.oidc import (
    FLOW_SECONDS,
    AlreadyLinked,
    Flow,
    LastWayIn,
    NotLinked,
    OidcLinks,
)

with warnings.catch_warnings():
    # authlib 1.9 prefers the httpx2 package and warns when it runs on httpx, which is
    # the one its 1.x line is made for and this project's own HTTP client. (Its
    # deprecation module adds an "always" filter when imported: imported first, so that
    # "ignore" comes before it.)
    import authlib.deprecate  # type: ignore[import-untyped]  # noqa: F401

    warnings.simplefilter("ignore")
    from authlib.common.errors import AuthlibBaseError  # type: ignore[import-untyped]
    from authlib.integrations.starlette_client import (  # type: ignore[import-untyped]
        OAuth,
        StarletteOAuth2App,
    )

FLOW_COOKIE = "saqqara_oidc"
"""The cookie naming a sign-in under way (only its hash is stored)."""

KEY_RULE = re.compile(r"[a-z0-9][a-z0-9-]{0,31}")
"""A provider's key: its part of the URLs and of the environment variables' names."""

SCOPE = "openid profile email"
"""What is asked of the provider: the ID token, and the names to choose a user name from."""

TIMEOUT = 10.0
"""Seconds to wait for the provider (discovery, keys, the token endpoint)."""

STARTS_PER_ADDRESS = (30, 60.0)
"""Sign-ins started per client address: each keeps a row until it ends or expires."""

MAX_CLAIM = 256
"""The longest issuer or subject kept (the columns' size)."""


class OidcError(SaqqaraError):
    """A sign-in through a provider that failed; its code is the page's message."""

    code = "oidc-failed"


class SettingsError(ValueError):
    """A provider's settings missing or wrong (one line for ``saqqara serve``)."""


@dataclass(frozen=True)
class Provider:
    """One OpenID Connect provider the server signs in with."""

    key: str
    issuer: str
    client_id: str
    client_secret: str
    name: str

    @property
    def discovery(self) -> str:
        return self.issuer.rstrip("/") + "/.well-known/openid-configuration"


def _env_name(key: str, what: str) -> str:
    return f"SAQQARA_OIDC_{key.upper().replace('-', '_')}_{what}"


def _check_issuer(key: str, issuer: str) -> str:
    """An issuer URL: https, or http on this machine alone (a local provider)."""
    parts = urlsplit(issuer)
    local = parts.hostname in ("localhost", "127.0.0.1", "::1")
    if (
        not parts.hostname
        or parts.scheme not in ("https", "http")
        or (parts.scheme == "http" and not local)
    ):
        raise SettingsError(
            f"{_env_name(key, 'ISSUER')} must be an https:// URL (http:// only for "
            f"localhost), not {issuer!r}"
        )
    if parts.query or parts.fragment:
        raise SettingsError(f"{_env_name(key, 'ISSUER')} has no query nor fragment")
    return issuer


def providers_from_env(keys: tuple[str, ...], environ: Mapping[str, str]) -> tuple[Provider, ...]:
    """The providers named by ``--oidc KEY``, each read from the environment;
    :class:`SettingsError` when a key or one of its settings is wrong or missing."""
    found: list[Provider] = []
    for key in keys:
        if not KEY_RULE.fullmatch(key):
            raise SettingsError(
                f"--oidc {key!r}: a provider's key is 1 to 32 lowercase letters, digits or '-'"
            )
        if any(p.key == key for p in found):
            raise SettingsError(f"--oidc {key}: given twice")
        values = {}
        for what in ("ISSUER", "CLIENT_ID", "CLIENT_SECRET"):
            value = environ.get(_env_name(key, what), "").strip()
            if not value:
                raise SettingsError(f"--oidc {key} needs {_env_name(key, what)} in the environment")
            values[what] = value
        name = environ.get(_env_name(key, "NAME"), "").strip() or key
        issuer = _check_issuer(key, values["ISSUER"])
        found.append(Provider(key, issuer, values["CLIENT_ID"], values["CLIENT_SECRET"], name))
    return tuple(found)


def providers_of(options: tuple[str, ...]) -> tuple[Provider, ...]:
    """:func:`providers_from_env` of this process's environment."""
    return providers_from_env(options, os.environ)


@dataclass
class OidcGate:
    """The server's providers, their authlib clients, and the store's links."""

    providers: tuple[Provider, ...]
    links: OidcLinks
    starts: Limit = field(default_factory=lambda: Attempts(*STARTS_PER_ADDRESS))

    def __post_init__(self) -> None:
        self.oauth = OAuth()
        self.clients: dict[str, StarletteOAuth2App] = {}
        for provider in self.providers:
            self.clients[provider.key] = self.oauth.register(
                name=provider.key,
                client_id=provider.client_id,
                client_secret=provider.client_secret,
                server_metadata_url=provider.discovery,
                client_kwargs={
                    "scope": SCOPE,
                    "code_challenge_method": "S256",
                    "timeout": TIMEOUT,
                },
            )

    def provider(self, key: str) -> tuple[Provider, StarletteOAuth2App]:
        for provider in self.providers:
            if provider.key == key:
                return provider, self.clients[key]
        raise OidcError("no such sign-in provider", code="oidc-unknown-provider")


def oidc_gate(request: Request) -> OidcGate:
    found: OidcGate = request.app.state.oidc
    return found


async def _metadata(provider: Provider, client: StarletteOAuth2App) -> dict[str, Any]:
    """The provider's discovery document (authlib keeps it once read), checked to name
    the configured issuer; ``oidc-unavailable`` when it cannot be had."""
    try:
        metadata: dict[str, Any] = await client.load_server_metadata()
    except (httpx.HTTPError, ValueError, TypeError) as exc:  # down, or not a JSON object
        raise OidcError(
            f"the sign-in provider cannot be reached: {type(exc).__name__}",
            code="oidc-unavailable",
        ) from None
    if metadata.get("issuer") != provider.issuer or not metadata.get("authorization_endpoint"):
        client.server_metadata.pop("_loaded_at", None)  # read it again next time
        raise OidcError(
            "the sign-in provider's discovery document names another issuer",
            code="oidc-unavailable",
        )
    return metadata


# -- handlers ---------------------------------------------------------------------------------
async def list_providers(request: Request) -> Response:
    """The providers (key and button name), those linked to the signed-in account and
    whether it has a password (``null`` signed out)."""
    here = oidc_gate(request)
    linked: list[str] = []
    password: bool | None = None
    try:
        found = await session_of(request, changes=False)
    except SaqqaraError as exc:
        return refusal(exc)
    if found is not None:
        linked = await run_in_threadpool(here.links.providers_of, found[0].id)
        password = await run_in_threadpool(here.links.has_password, found[0].id)
    answer = JSONResponse(
        {
            "providers": [{"key": p.key, "name": p.name} for p in here.providers],
            "linked": linked,
            "password": password,
        }
    )
    answer.headers["Cache-Control"] = "no-store"
    return answer


def _wants_link(raw: bytes) -> bool:
    if not raw.strip():
        return False
    try:
        wanted = msgspec.json.decode(raw, type=dict[str, bool])
    except msgspec.MsgspecError:
        raise AccountError('the body is {"link": true} or nothing', code="bad-request") from None
    return wanted.get("link", False)


async def start(request: Request) -> Response:
    """Begin a sign-in (or, with ``{"link": true}``, a link) through the provider:
    the provider's URL to send the browser to, and the flow's cookie."""
    here = oidc_gate(request)
    key = request.path_params["key"]
    try:
        provider, client = here.provider(key)
        raw = await capped_body(request, 256)
        account_id = None
        if _wants_link(raw):
            account, _ = await signed_in(request)
            account_id = account.id
        else:
            check_form(request)
        where = address(request)
        if await here.starts.blocked(where):
            seconds = await here.starts.retry_after(where)
            raise AccountError(
                f"too many sign-ins from this address; try again in {seconds} s",
                code="too-many-tries",
            )
        await here.starts.add(where)
        await _metadata(provider, client)
        redirect_uri = str(request.url_for("oidc_callback", key=key))
        made = await client.create_authorization_url(redirect_uri)
        flow = Flow(
            key, made["state"], made["nonce"], made["code_verifier"], redirect_uri, account_id
        )
        cookie = await run_in_threadpool(here.links.start, flow)
    except SaqqaraError as exc:
        return refusal(exc)
    answer = JSONResponse({"url": made["url"]})
    answer.set_cookie(
        FLOW_COOKIE,
        cookie,
        max_age=int(FLOW_SECONDS),
        path="/api/account/oidc",
        httponly=True,
        samesite="lax",  # the provider's redirect back is a top-level GET: the cookie comes
        secure=request.url.scheme == "https",
    )
    answer.headers["Cache-Control"] = "no-store"
    return answer


async def unlink(request: Request) -> Response:
    """Unlink the provider from the signed-in account, unless that leaves it no way in
    (no password and no other provider this server offers): ``last-way-in``."""
    here = oidc_gate(request)
    key = request.path_params["key"]
    try:
        account, _ = await signed_in(request)
        usable = [p.key for p in here.providers if p.key != key]
        await run_in_threadpool(here.links.unlink, account.id, key, usable)
        linked = await run_in_threadpool(here.links.providers_of, account.id)
    except NotLinked:
        return refusal(OidcError("that provider is not linked to the account", code="not-linked"))
    except LastWayIn:
        return refusal(
            OidcError(
                "set a password or link another provider first: the account would have no "
                "way to sign in",
                code="last-way-in",
            )
        )
    except SaqqaraError as exc:
        return refusal(exc)
    answer = JSONResponse({"linked": linked})
    answer.headers["Cache-Control"] = "no-store"
    return answer


def _to_page(request: Request, path: str) -> RedirectResponse:
    """A redirect to one of the site's pages, the flow's cookie cleared."""
    answer = RedirectResponse(path, status_code=303)
    answer.delete_cookie(
        FLOW_COOKIE,
        path="/api/account/oidc",
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )
    answer.headers["Cache-Control"] = "no-store"
    return answer


async def callback(request: Request) -> Response:
    """The provider's answer: sign in (or link), else back to the sign-in page with
    the reason."""
    outcomes = gate(request).outcomes
    try:
        account, link = await _finish(request)
    except SaqqaraError as exc:
        outcomes["oidc-sign-in", exc.code] += 1
        return _to_page(request, f"/sign-in?oidc-error={exc.code}")
    outcomes["oidc-sign-in", "linked" if link else "ok"] += 1
    if link:
        return _to_page(request, "/account?oidc=linked")
    accounts = gate(request).accounts
    token = await run_in_threadpool(accounts.open_session, account.id)
    presented = request.cookies.get(COOKIE)
    if presented and len(presented) <= 100:
        await run_in_threadpool(accounts.close_session, presented)
    answer = _to_page(request, "/")
    sign_in_cookie(request, answer, token)
    return answer


async def _finish(request: Request) -> tuple[Account, bool]:
    """The account the provider's answer signs in (and whether it was a link)."""
    here = oidc_gate(request)
    provider, client = here.provider(request.path_params["key"])
    cookie = request.cookies.get(FLOW_COOKIE, "")
    flow = await run_in_threadpool(here.links.take, cookie) if 0 < len(cookie) <= 100 else None
    if flow is None:
        raise OidcError("no sign-in under way here, or it took too long", code="oidc-expired")
    query = request.query_params
    if flow.provider != provider.key or not hmac.compare_digest(
        query.get("state", "").encode(), flow.state.encode()
    ):
        raise OidcError("the provider's answer is not this sign-in's", code="oidc-bad-state")
    if "error" in query:
        denied = query["error"] == "access_denied"
        raise OidcError(
            "the provider did not sign you in", code="oidc-denied" if denied else "oidc-refused"
        )
    grant = query.get("code", "")
    if not grant or len(grant) > 2048:
        raise OidcError("the provider's answer has no code", code="oidc-refused")
    claims = await _verified_claims(provider, client, flow, grant)
    issuer, subject = claims["iss"], claims["sub"]
    if flow.account_id is not None:
        found = await session_of(request, changes=False)
        if found is None or found[0].id != flow.account_id:
            raise OidcError("sign in again to link a provider", code="oidc-bad-state")
        try:
            await run_in_threadpool(here.links.link, flow.account_id, provider.key, issuer, subject)
        except AlreadyLinked:
            raise OidcError(
                "that sign-in is another account's", code="oidc-linked-elsewhere"
            ) from None
        return found[0], True
    account = await run_in_threadpool(here.links.account, issuer, subject)
    if account is None:
        offered = [claims.get(k) for k in ("preferred_username", "name", "email")]
        names = [o if isinstance(o, str) else None for o in offered]
        account = await run_in_threadpool(here.links.create, provider.key, issuer, subject, *names)
    return account, False


async def _verified_claims(
    provider: Provider, client: StarletteOAuth2App, flow: Flow, code: str
) -> dict[str, Any]:
    """Redeem the code (with the PKCE verifier) and verify the ID token: its signature by
    the provider's keys, the issuer, the audience (this client), the expiry and the nonce."""
    await _metadata(provider, client)
    try:
        token = await client.fetch_access_token(
            redirect_uri=flow.redirect_uri, code=code, code_verifier=flow.code_verifier
        )
    except httpx.HTTPError:
        raise OidcError("the sign-in provider cannot be reached", code="oidc-unavailable") from None
    except (AuthlibBaseError, ValueError):
        raise OidcError("the provider refused the sign-in's code", code="oidc-refused") from None
    if not isinstance(token, dict) or not isinstance(token.get("id_token"), str):
        raise OidcError("the provider sent no ID token", code="oidc-bad-token")
    try:
        claims = await client.parse_id_token(
            token,
            nonce=flow.nonce,
            claims_options={
                "iss": {"essential": True, "value": provider.issuer},
                "aud": {"essential": True, "value": provider.client_id},
            },
            leeway=60,
        )
    except httpx.HTTPError:
        raise OidcError("the sign-in provider cannot be reached", code="oidc-unavailable") from None
    except (JoseError, AuthlibBaseError, ValueError, KeyError, TypeError, RuntimeError):
        # (RuntimeError: authlib's "no jwks_uri in the discovery document")
        raise OidcError("the provider's ID token is not valid", code="oidc-bad-token") from None
    found = dict(claims)
    for claim in ("iss", "sub"):
        value = found.get(claim)
        if not isinstance(value, str) or not 0 < len(value) <= MAX_CLAIM:
            raise OidcError("the provider's ID token is not valid", code="oidc-bad-token")
    return found


def oidc_routes() -> list[BaseRoute]:
    """The routes of sign-in with OpenID Connect."""
    return [
        Route("/api/account/providers", list_providers),
        Route("/api/account/oidc/{key}/start", start, methods=["POST"]),
        Route("/api/account/oidc/{key}/callback", callback, name="oidc_callback"),
        Route("/api/account/oidc/{key}/unlink", unlink, methods=["POST"]),
    ]


def open_oidc(store: Store, providers: tuple[Provider, ...]) -> OidcGate:
    """The providers' gate over the server's store."""
    return OidcGate(providers, OidcLinks(store))
