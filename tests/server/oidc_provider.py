"""A small OpenID Connect provider for the tests: a real HTTP server on a loopback port
with discovery, a JWKS of a generated RSA key, an authorization endpoint that signs in
:attr:`LocalProvider.person` at once and redirects back with a code, and a token endpoint
that checks the client's secret, the redirect URI and the PKCE verifier, takes each code
once, and answers an RS256-signed ID token. :attr:`LocalProvider.mischief` makes the next
answers wrong in one way (a foreign signature, another audience, an expired token...);
``POST /mischief?set=...`` sets it from another process.

``python -m tests.server.oidc_provider`` serves one until stopped (for the browser tests),
after printing its issuer URL."""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
import sys
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

from joserfc import jwt
from joserfc.jwk import KeySet, RSAKey

CLIENT_ID = "saqqara-test"
CLIENT_SECRET = "local provider secret"


@dataclass
class Person:
    """Who the provider signs in."""

    subject: str
    preferred_username: str | None = None
    name: str | None = None


@dataclass
class Grant:
    client_id: str
    redirect_uri: str
    nonce: str | None
    challenge: str
    person: Person


@dataclass
class LocalProvider:
    """The provider's state, shared with its request handler."""

    person: Person = field(default_factory=lambda: Person("sub-1", "alice"))
    mischief: str | None = None
    """``None``, or one of: ``bad-signature``, ``wrong-audience``, ``expired``,
    ``wrong-nonce``, ``wrong-issuer``, ``deny``."""
    key: RSAKey = field(
        default_factory=lambda: RSAKey.generate_key(
            2048, parameters={"kid": "key-1", "alg": "RS256", "use": "sig"}
        )
    )
    grants: dict[str, Grant] = field(default_factory=dict)
    used: set[str] = field(default_factory=set)
    refused: list[str] = field(default_factory=list)
    """The token endpoint's refusals, by OAuth error code."""
    issuer: str = ""

    def id_token(self, grant: Grant) -> str:
        now = int(time.time())
        claims: dict[str, Any] = {
            "iss": self.issuer,
            "sub": grant.person.subject,
            "aud": grant.client_id,
            "iat": now,
            "exp": now + 300,
        }
        if grant.nonce is not None:
            claims["nonce"] = grant.nonce
        if grant.person.preferred_username is not None:
            claims["preferred_username"] = grant.person.preferred_username
        if grant.person.name is not None:
            claims["name"] = grant.person.name
        key = self.key
        if self.mischief == "bad-signature":  # the same key id, another key
            key = RSAKey.generate_key(2048, parameters={"kid": "key-1", "alg": "RS256"})
        elif self.mischief == "wrong-audience":
            claims["aud"] = "someone-else"
        elif self.mischief == "expired":
            claims["iat"], claims["exp"] = now - 3600, now - 1800
        elif self.mischief == "wrong-nonce":
            claims["nonce"] = "not-the-nonce"
        elif self.mischief == "wrong-issuer":
            claims["iss"] = "http://127.0.0.1:1"
        return jwt.encode({"alg": "RS256", "kid": "key-1"}, claims, key)


class _Handler(BaseHTTPRequestHandler):
    provider: LocalProvider

    def log_message(self, format: str, *args: Any) -> None:  # quiet
        return

    def _json(self, status: int, body: dict[str, Any]) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _redirect(self, url: str) -> None:
        self.send_response(302)
        self.send_header("Location", url)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_GET(self) -> None:
        p = self.provider
        parts = urlsplit(self.path)
        if parts.path == "/.well-known/openid-configuration":
            self._json(
                200,
                {
                    "issuer": p.issuer,
                    "authorization_endpoint": p.issuer + "/authorize",
                    "token_endpoint": p.issuer + "/token",
                    "jwks_uri": p.issuer + "/jwks",
                    "response_types_supported": ["code"],
                    "subject_types_supported": ["public"],
                    "id_token_signing_alg_values_supported": ["RS256"],
                    "code_challenge_methods_supported": ["S256"],
                    "token_endpoint_auth_methods_supported": ["client_secret_basic"],
                },
            )
        elif parts.path == "/jwks":
            self._json(200, dict(KeySet([p.key]).as_dict(private=False)))
        elif parts.path == "/authorize":
            query = {k: v[0] for k, v in parse_qs(parts.query).items()}
            if query.get("client_id") != CLIENT_ID or query.get("response_type") != "code":
                self._json(400, {"error": "invalid_request"})
                return
            if query.get("code_challenge_method") != "S256" or not query.get("code_challenge"):
                self._json(400, {"error": "invalid_request", "error_description": "PKCE"})
                return
            back = query["redirect_uri"]
            if p.mischief == "deny":
                answer = {"error": "access_denied", "state": query.get("state", "")}
                self._redirect(f"{back}?{urlencode(answer)}")
                return
            code = secrets.token_urlsafe(16)
            p.grants[code] = Grant(
                CLIENT_ID, back, query.get("nonce"), query["code_challenge"], p.person
            )
            self._redirect(f"{back}?{urlencode({'code': code, 'state': query.get('state', '')})}")
        else:
            self._json(404, {"error": "not_found"})

    def do_POST(self) -> None:
        p = self.provider
        parts = urlsplit(self.path)
        if parts.path == "/mischief":  # for a test in another process (the browser tests)
            p.mischief = parse_qs(parts.query).get("set", [None])[0]
            self._json(200, {"mischief": p.mischief})
            return
        if parts.path != "/token":
            self._json(404, {"error": "not_found"})
            return
        length = int(self.headers.get("Content-Length") or 0)
        form = {k: v[0] for k, v in parse_qs(self.rfile.read(length).decode()).items()}
        basic = base64.b64encode(f"{CLIENT_ID}:{CLIENT_SECRET}".encode()).decode()
        if self.headers.get("Authorization") != f"Basic {basic}":
            self._refuse(401, "invalid_client")
            return
        code = form.get("code", "")
        grant = p.grants.get(code)
        if grant is None or code in p.used or form.get("grant_type") != "authorization_code":
            self._refuse(400, "invalid_grant")
            return
        p.used.add(code)  # a code is good once, right or wrong what follows
        verifier = form.get("code_verifier", "")
        digest = hashlib.sha256(verifier.encode()).digest()
        challenge = base64.urlsafe_b64encode(digest).rstrip(b"=").decode()
        if challenge != grant.challenge or form.get("redirect_uri") != grant.redirect_uri:
            self._refuse(400, "invalid_grant")
            return
        self._json(
            200,
            {
                "access_token": secrets.token_urlsafe(16),
                "token_type": "Bearer",
                "expires_in": 300,
                "id_token": p.id_token(grant),
            },
        )

    def _refuse(self, status: int, error: str) -> None:
        self.provider.refused.append(error)
        self._json(status, {"error": error})


class ProviderServer:
    """:class:`LocalProvider` served on a free loopback port, in a thread."""

    def __init__(self) -> None:
        self.provider = LocalProvider()
        handler = type("Handler", (_Handler,), {"provider": self.provider})
        self.http = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.issuer = f"http://127.0.0.1:{self.http.server_address[1]}"
        self.provider.issuer = self.issuer
        self.thread = threading.Thread(target=self.http.serve_forever, daemon=True)

    def __enter__(self) -> ProviderServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.http.shutdown()
        self.http.server_close()
        self.thread.join()


def main() -> None:
    """Serve a provider signing in ``alice`` until stopped; print its issuer first."""
    with ProviderServer() as running:
        sys.stdout.write(running.issuer + "\n")
        sys.stdout.flush()
        running.thread.join()


if __name__ == "__main__":
    main()
