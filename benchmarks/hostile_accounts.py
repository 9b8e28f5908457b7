"""Ten thousand hostile requests on the account endpoints of a real server (issue 32, item
10), and the server healthy after them.

Usage: python benchmarks/hostile_accounts.py [--requests 10000] [--db URL]

Starts ``saqqara serve`` (SQLite in a scratch folder unless ``--db``), makes two accounts,
then sends ``--requests`` hostile requests (``tests/server/hostile.py``: malformed JSON,
2 MB bodies with and without a length, wrong types, SQL and HTML payloads, bad CSRF tokens
and origins, bad cookies, unknown users, wrong passwords up to and past the rate limits)
from four clients at once. Every answer must be a clear 4xx (or a 2xx where the request
happened to be right), never a 5xx. Prints the time taken, the requests a second, how
many got each status, whether ``/readyz`` answers 200 after, whether the accounts still
sign in, and whether any password the requests carried appears in the server's output.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests' helpers

from tests.server.harness import ServerProcess
from tests.server.hostile import CSRF, WRONG, send_hostile

PASSWORD = "tr0ub4dor&3 horse"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=10_000)
    parser.add_argument("--db", help="database URL (default: SQLite in a scratch folder)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        db = args.db or f"sqlite:///{scratch}/hostile.db"
        extra = ("--sqlite-sync", "normal", "--forwarded-allow-ips", "127.0.0.1")
        with ServerProcess(db, *extra) as server, httpx.Client(base_url=server.base) as http:
            for name in ("Target2", "Hostile1"):
                made = http.post(
                    "/api/account/sign-up",
                    json={"name": name, "password": PASSWORD},
                    headers={CSRF: "1", "X-Forwarded-For": "10.9.9.9"},
                )
                made.raise_for_status()
            csrf = made.json()["csrf"]
            start = time.perf_counter()
            statuses = send_hostile(server.base, args.requests, csrf)
            seconds = time.perf_counter() - start
            ready = http.get("/readyz").status_code
            signs_in = http.post(
                "/api/account/sign-in",
                json={"name": "Hostile1", "password": PASSWORD},
                headers={CSRF: "1", "X-Forwarded-For": "10.9.9.8"},
            ).status_code
            output = server.output()
    leaked = any(secret in output for secret in (PASSWORD, WRONG))
    print(f"{args.requests} hostile requests in {seconds:.1f} s ({args.requests / seconds:.0f}/s)")
    print("statuses:", ", ".join(f"{s}: {n}" for s, n in sorted(statuses.items())))
    print(f"/readyz after: {ready}; Hostile1 signs in after: {signs_in}")
    print(f"a password in the server's output: {'YES' if leaked else 'no'}")
    print(f"tracebacks in the server's output: {output.count('Traceback')}")
    return 0 if ready == 200 and signs_in == 200 and not leaked else 1


if __name__ == "__main__":
    sys.exit(main())
