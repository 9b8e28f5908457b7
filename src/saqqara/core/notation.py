"""Reading action notation and ids from outside: any input parses or raises NotationError.

Every game's ``parse_action`` starts from :func:`words_of` (text only, bounded length,
lower-cased words) and reads numbers with :func:`is_number` / :func:`number` (ASCII digits
only, bounded length: ``take ²`` and a 5,000-digit number are refused, not crashed on).
``action_from_id`` goes through :func:`checked_id` (an ``int``, not a ``bool``, in range).
"""

from __future__ import annotations

from saqqara.core.errors import NotationError, echo
from saqqara.core.refusals import R_

MAX_TEXT = 200
"""The longest notation read; every action of every game is far shorter."""
MAX_DIGITS = 6
"""The most digits a number in notation may have."""
ID_OUTSIDE = R_("action id {id} is outside 0..{last}")
"""The refusal of an action id no action has (a client's own error, said in its language)."""


def words_of(text: object) -> list[str]:
    """The lower-cased words of ``text``; :class:`NotationError` unless it is short text."""
    if not isinstance(text, str):
        raise NotationError(f"an action is written as text, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise NotationError(f"an action is at most {MAX_TEXT} characters; got {echo(text)}")
    words = text.strip().lower().split()
    if not words:
        raise NotationError("empty action")
    return words


def is_number(word: str) -> bool:
    """Whether ``word`` is a number of ASCII digits short enough to read."""
    return 0 < len(word) <= MAX_DIGITS and word.isascii() and word.isdigit()


def number(word: str, low: int, high: int, what: str) -> int:
    """``word`` as a number in ``low..high``; :class:`NotationError` naming ``what`` if not."""
    if not is_number(word) or not low <= int(word) <= high:
        raise NotationError(f"{what} must be a number from {low} to {high}; got {echo(word)}")
    return int(word)


def checked_id(action_id: object, size: int) -> int:
    """``action_id`` if it is an ``int`` (not a ``bool``) in ``range(size)``."""
    if type(action_id) is not int:
        raise NotationError(f"an action id is an int, not {type(action_id).__name__}")
    if not 0 <= action_id < size:
        raise NotationError(ID_OUTSIDE.format(id=echo(action_id), last=size - 1))
    return action_id
