"""Short codes made from words' initials in the table's language (a board's stone letters,
a maze symbol's code), distinct within their set.

:func:`initials` gives each word its first letter, or, where an earlier word took that,
the first of its later letters still free (consonants before vowels: ``sandfarben`` after
``schwarz`` is ``N``); :func:`two_letters` gives each word its first two letters, or its
first letter and the first later letter that makes the pair free.
"""

from __future__ import annotations

from collections.abc import Sequence

VOWELS = frozenset("aeiouyåäöüéèáàëïœæø")


def _letters(word: str) -> list[str]:
    return [c for c in word.lower() if c.isalpha()]


def initials(words: Sequence[str]) -> list[str]:
    """One distinct upper-case letter for each of ``words``, in order (``?`` for a word
    whose every letter is taken)."""
    taken: set[str] = set()
    codes: list[str] = []
    for word in words:
        letters = _letters(word)
        rest = letters[1:]
        order = (
            letters[:1] + [c for c in rest if c not in VOWELS] + [c for c in rest if c in VOWELS]
        )
        code = next((c.upper() for c in order if c.upper() not in taken), "?")
        taken.add(code)
        codes.append(code)
    return codes


def two_letters(words: Sequence[str]) -> list[str]:
    """Two distinct lower-case letters for each of ``words``, in order: its first two, or
    its first and the first later letter that makes the pair free (``??`` where none)."""
    taken: set[str] = set()
    codes: list[str] = []
    for word in words:
        letters = _letters(word)
        pairs = [letters[0] + c for c in letters[1:]] if letters else []
        code = next((pair for pair in pairs if pair not in taken), "??")
        taken.add(code)
        codes.append(code)
    return codes
