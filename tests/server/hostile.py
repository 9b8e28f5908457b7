"""Hostile requests to the account endpoints of a real server (malformed JSON, huge bodies
with and without a length, wrong types, SQL and HTML payloads, bad CSRF tokens and
origins, bad cookies, unknown users, wrong passwords up to and past the rate limits), each
of which must be answered with a clear 4xx (a JSON error with a code), never a 5xx. Used
by ``test_account_security.py`` and ``benchmarks/hostile_accounts.py``."""

from __future__ import annotations

import json
import random
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx

CSRF = "X-Saqqara-CSRF"

SENDERS = 4
"""Clients sending at once, so that the sign-ins waiting for their password's hash (each
some 0.5 s of argon2id, up to the limit of 20 a minute from the one address they all
come from) overlap the rest."""

WRONG = "wr0ng-guess-"
"""What the wrong passwords tried begin with (none may be in the server's output)."""


def hostile_request(rng: random.Random, csrf: str) -> tuple[str, str, dict[str, str], Any]:
    """One hostile request: a method, a path, headers and a body (bytes, or an iterator
    of chunks: a body without a length)."""
    paths = [
        "/api/account",
        "/api/account/sign-up",
        "/api/account/sign-in",
        "/api/account/sign-out",
        "/api/account/sign-out-everywhere",
        "/api/account/password",
        "/api/account/delete",
        "/api/account/games",
        "/api/account/seats",
        "/api/account/providers",
        "/api/account/oidc/nobody/start",
        "/api/account/../account",
        "/api/account/%00",
    ]
    junk = [
        "",
        "a",
        "A" * 24,
        "x" * 70,
        "\u202eadmin",
        "<script>alert(1)</script>",
        "<img src=x onerror=alert(1)>",
        "' OR 1=1 --",
        "'; DROP TABLE accounts; --",
        '" UNION SELECT password_hash FROM accounts --',
        "Ann\x00",
        "\u0000",
        "ÅÄÖ",
        "😀" * 10,
        "a" * 300,
        "admin",
        "Unknown" + str(rng.randint(0, 10**6)),
        "%s%s%n",
        "../../etc/passwd",
    ]
    bodies: list[Any] = [
        {"name": rng.choice(junk), "password": rng.choice(junk)},
        {"name": "Target2", "password": f"{WRONG}{rng.randint(0, 10**9)}"},  # at the limit
        {"name": f"Nobody{rng.randint(0, 10**6)}", "password": f"{WRONG}{rng.random()}"},
        {"name": rng.choice(junk)},
        {"old": rng.choice(junk), "new": rng.choice(junk)},
        {"password": rng.choice(junk) * rng.randint(0, 5)},
        {"table": rng.choice(junk), "seat": rng.randint(-5, 40), "key": rng.choice(junk)},
        {"name": 12, "password": True},
        {"name": None, "password": {"a": 1}},
        {"name": ["Ann"], "password": 1.5e308},
        {"link": "yes"},
        [rng.choice(junk)],
        rng.randint(-(2**70), 2**70),
        None,
        "just a string",
        {"name": {"$ne": None}, "password": [1, 2]},
    ]
    # One client address: past 20 sign-ins a minute (each an argon2id hash) it is refused.
    headers = {"X-Forwarded-For": "10.3.0.1"}
    if rng.random() < 0.7:
        headers[CSRF] = rng.choice(["1", csrf, "0" * 64, "x" * 200, "' OR 1=1 --"])
    if rng.random() < 0.3:
        headers["Origin"] = rng.choice(["https://evil.example", "null", "http://127.0.0.1:1"])
    if rng.random() < 0.5:
        headers["Cookie"] = "saqqara_session=" + rng.choice(
            ["", "x" * 43, "y" * 500, ";;;=", "' OR 1=1 --", "%00%ff", '"quoted"']
        )
    if rng.random() < 0.1:
        headers["Content-Type"] = rng.choice(
            ["text/html", "multipart/form-data; boundary=x", "application/x-www-form-urlencoded"]
        )
    if rng.random() < 0.05:  # a well-formed guess, counted by the limits (and hashed)
        name = rng.choice(["Target2", f"Nobody{rng.randint(0, 10**6)}"])
        guess = {"name": name, "password": f"{WRONG}{rng.randint(0, 10**9)}"}
        headers = {**headers, CSRF: "1"}
        headers.pop("Origin", None)
        return "POST", "/api/account/sign-in", headers, json.dumps(guess).encode()
    kind = rng.random()
    body: Any
    if kind < 0.1:
        body = bytes(rng.getrandbits(8) for _ in range(rng.randint(0, 200)))
    elif kind < 0.14:
        body = b"{" * 5000  # too deep and too large
    elif kind < 0.15:
        body = b"[" * 4000  # deep, within the size
    elif kind < 0.152:
        body = b'{"name": "' + b"A" * 2_000_000 + b'"}'  # 2 MB, with its length
    elif kind < 0.154:
        body = iter([b'{"password": "'] + [b"B" * 65536] * 32 + [b'"}'])  # 2 MB, no length
    elif kind < 0.18:
        body = b'{"name": "Ann", "password": "x", "name": "Bob"}'  # a key twice
    elif kind < 0.2:
        body = b'{"name": "\\ud800", "password": "\\udfff"}'  # lone surrogates, escaped
    else:
        body = json.dumps(rng.choice(bodies)).encode()
    method = rng.choice(["POST"] * 8 + ["GET", "PUT", "DELETE", "PATCH"])
    return method, rng.choice(paths), headers, body


def _send(base: str, seed: int, count: int, csrf: str) -> Counter[int]:
    """``count`` hostile requests, one after another; how many got each status."""
    rng = random.Random(seed)
    statuses: Counter[int] = Counter()
    with httpx.Client(base_url=base, timeout=60) as http:
        for _ in range(count):
            method, path, headers, body = hostile_request(rng, csrf)
            answer = http.request(method, path, headers=headers, content=body)
            statuses[answer.status_code] += 1
            assert answer.status_code < 500, (method, path, headers, answer.text)
            if answer.status_code >= 400:
                assert answer.json()["error"]["code"], (method, path, answer.text)
            if answer.status_code == 401 and path.endswith("sign-in"):
                assert answer.json()["error"]["code"] == "sign-in-failed"
    return statuses


def send_hostile(base: str, count: int, csrf: str, seed: int = 32) -> Counter[int]:
    """``count`` hostile requests to the server at ``base`` from :data:`SENDERS` clients
    at once (``csrf``: a real session's token, sometimes sent); how many got each status.
    Fails (``AssertionError``) at the first answer that is a 5xx or an unclear 4xx."""
    with ThreadPoolExecutor(SENDERS) as pool:
        share = [count // SENDERS + (n < count % SENDERS) for n in range(SENDERS)]
        sent = [pool.submit(_send, base, seed + n, share[n], csrf) for n in range(SENDERS)]
        return sum((f.result() for f in sent), Counter[int]())
