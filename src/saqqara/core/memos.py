"""The engines' bounded memos, and how far this process lets them grow.

An engine remembers some of what it works out where a search asks for the same thing again
and again (Tutankhamun's Revenge's laying choices by prefix, the mummy's redeals by hands).
A search process wants them large. A server holds many tables in one process, searches
nothing there (its bots think in worker processes of their own), and counts what each
table costs it, while its tables keep bringing new keys; so ``saqqara serve`` calls
:func:`make_lean` at its start and every memo keeps only a few entries there.

A :class:`Memo` is a ``dict`` (its look-ups are the dict's own); :meth:`Memo.keep` adds an
entry and starts afresh when the memo is full.
"""

from __future__ import annotations

import weakref
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")

_MEMOS: list[weakref.ref[Memo[object, object]]] = []
_lean = False


class Memo(dict[K, V]):
    """A dict of at most ``limit`` entries: ``search_limit`` in a search process (the
    default), ``lean_limit`` after :func:`make_lean`."""

    __slots__ = ("__weakref__", "lean_limit", "limit", "search_limit")

    def __init__(self, search_limit: int, lean_limit: int) -> None:
        super().__init__()
        if not 0 < lean_limit <= search_limit:
            raise ValueError("a memo's lean limit is positive and at most its search limit")
        self.search_limit = search_limit
        self.lean_limit = lean_limit
        self.limit = lean_limit if _lean else search_limit
        _MEMOS.append(weakref.ref(self))  # type: ignore[arg-type]

    def keep(self, key: K, value: V) -> V:
        """Remember ``value`` under ``key`` (after emptying a full memo); answer ``value``."""
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value


def make_lean() -> None:
    """Every memo of this process, made and yet to be made, keeps at most its lean limit."""
    global _lean
    _lean = True
    _MEMOS[:] = [ref for ref in _MEMOS if ref() is not None]
    for ref in _MEMOS:
        memo = ref()
        if memo is not None:
            memo.limit = memo.lean_limit
            if len(memo) > memo.limit:
                memo.clear()


def memos() -> list[Memo[object, object]]:
    """The memos of this process still in use."""
    return [memo for memo in (ref() for ref in _MEMOS) if memo is not None]


def is_lean() -> bool:
    """Whether :func:`make_lean` was called in this process."""
    return _lean
