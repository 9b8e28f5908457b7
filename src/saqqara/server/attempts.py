"""Limits on sign-in and sign-up tries: at most so many in a sliding window, per key (a
client address, or an account name).

In-process: each server process counts its own tries, so a site of N processes behind a
load balancer lets through at most N times a limit (the limits below are small enough for
that to hold up a guesser). Memory is bounded: a key whose window is empty is forgotten
once :data:`MAX_KEYS` are kept.
"""

from __future__ import annotations

import time
from collections import deque

MAX_KEYS = 10_000
"""Keys kept before those with no try in their window are dropped."""


class Attempts:
    """At most ``limit`` tries per key within ``window`` seconds."""

    __slots__ = ("limit", "tries", "window")

    def __init__(self, limit: int, window: float) -> None:
        if limit < 1 or window <= 0:
            raise ValueError(f"a limit needs a count and a window, not {limit} in {window}")
        self.limit = limit
        self.window = window
        self.tries: dict[str, deque[float]] = {}

    def blocked(self, key: str) -> bool:
        """Whether ``key`` has used up its tries in the window now."""
        tries = self.tries.get(key)
        if tries is None:
            return False
        self._expire(tries, time.monotonic())
        return len(tries) >= self.limit

    def add(self, key: str) -> None:
        """Count one try of ``key``."""
        now = time.monotonic()
        tries = self.tries.get(key)
        if tries is None:
            if len(self.tries) >= MAX_KEYS:
                self._prune(now)
            tries = self.tries[key] = deque(maxlen=self.limit)
        self._expire(tries, now)
        tries.append(now)

    def retry_after(self, key: str) -> int:
        """Whole seconds until ``key`` may try again (0: now)."""
        tries = self.tries.get(key)
        if tries is None or len(tries) < self.limit:
            return 0
        return max(1, int(tries[0] + self.window - time.monotonic()) + 1)

    def _expire(self, tries: deque[float], now: float) -> None:
        while tries and now - tries[0] >= self.window:
            tries.popleft()

    def _prune(self, now: float) -> None:
        for key in list(self.tries):
            tries = self.tries[key]
            self._expire(tries, now)
            if not tries:
                del self.tries[key]
        if len(self.tries) >= MAX_KEYS:  # a flood of fresh keys: forget the oldest half
            for key in list(self.tries)[: MAX_KEYS // 2]:
                del self.tries[key]
