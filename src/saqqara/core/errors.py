"""The error hierarchy: every refusal carries a machine-readable code and a human message.

Messages may quote the input at fault, but only through :func:`echo`, which bounds the
quote: a 20 MB bad action must not make a 40 MB error message.
"""

from __future__ import annotations

MAX_ECHO = 60
"""The most characters of bad input an error message quotes."""


def echo(value: object) -> str:
    """``repr(value)`` cut to :data:`MAX_ECHO` characters; never raises.

    >>> len(echo("x" * 10_000))
    60
    """
    if isinstance(value, str | bytes) and len(value) > MAX_ECHO:
        value = value[:MAX_ECHO]
    try:
        text = repr(value)
    except Exception:  # a huge int or deep nesting has no repr: name its type
        text = f"<{type(value).__name__}>"
    return text if len(text) <= MAX_ECHO else text[: MAX_ECHO - 3] + "..."


class SaqqaraError(Exception):
    """Base of every error the engine raises on purpose."""

    code: str = "error"

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code

    def to_json(self) -> dict[str, str]:
        """The error as it is sent to a client: ``{"code": ..., "message": ...}``."""
        return {"code": self.code, "message": self.message}


class IllegalAction(SaqqaraError):
    """An action that is well-formed but not allowed in this position, or not this seat's."""

    code = "illegal-action"


class NotationError(SaqqaraError):
    """Text or an integer that does not name any action of the game."""

    code = "bad-notation"


class OptionError(SaqqaraError):
    """An unknown option, a value outside its choices, or an unsupported player count."""

    code = "bad-option"


class RecordError(SaqqaraError):
    """A game record that cannot be read or replayed.

    ``index`` is the position of the offending action in the record's action list, or
    ``None`` when the record as a whole is at fault (bad JSON, unknown game, ...).
    """

    code = "bad-record"

    def __init__(self, message: str, *, index: int | None = None) -> None:
        where = f"action #{index}: " if index is not None else ""
        super().__init__(where + message)
        self.index = index
