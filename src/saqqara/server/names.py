"""Seat names from outside: checked before any table keeps one.

A name is shown to every seat (the terminal, the browser, the log's sentences), so it may
carry no control character (an escape sequence would clear another player's terminal, a
line break would print a line the server never wrote), no invisible formatting character
(a right-to-left override turns the name around; a zero-width one hides a difference), and
is not blank. The seats of a table go by different names, so that each line of the log
tells who did what.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from saqqara.core.errors import SaqqaraError

# Unicode's general categories a name may not hold: controls (C0, C1), format characters
# (bidi overrides and isolates, zero-width joiners and spaces, soft hyphens), surrogates,
# private use, unassigned, and the line and paragraph separators.
_REFUSED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


class BadName(SaqqaraError):
    """A seat name that cannot be shown to the other seats as it is."""

    code = "bad-name"


def clean_name(name: str) -> str:
    """``name`` without surrounding spaces; :class:`BadName` when it is blank or holds
    a character that would change how other seats' screens show it."""
    for char in name:
        if unicodedata.category(char) in _REFUSED:
            raise BadName(
                f"a name may not hold the character U+{ord(char):04X} "
                "(a control or invisible formatting character)"
            )
    stripped = " ".join(name.split())
    if not stripped:
        raise BadName("a name may not be blank")
    return stripped


def unique_name(wanted: str, taken: Iterable[str]) -> str:
    """``wanted``, or ``wanted 2``, ``wanted 3``, … the first that no name in ``taken``
    is (compared without case): how a default name is kept apart from the others."""
    used = {name.casefold() for name in taken}
    candidate, number = wanted, 1
    while candidate.casefold() in used:
        number += 1
        candidate = f"{wanted} {number}"
    return candidate


def check_unique(name: str, taken: Iterable[str]) -> None:
    """Refuse a name another seat of the table already goes by (compared without case)."""
    if name.casefold() in {other.casefold() for other in taken}:
        raise BadName(f"another seat of this table is called {name!r}")
