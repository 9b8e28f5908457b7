"""What the server says on standard error: plain lines, or one JSON object a line.

``saqqara serve --log-format json`` (:func:`use`) makes every line a JSON object, for a
log pipeline to read without patterns: the server's own (:func:`say`: a site's lease and
Redis events, a store failing its readiness check) and uvicorn's (an exception in a
handler, with its traceback in ``exc``). Each has ``ts`` (UTC, ISO 8601 with
milliseconds), ``level``, ``logger`` and ``message``, and the fields its event names. The
default, ``text``, prints what it always has.
"""

from __future__ import annotations

import json
import logging
import sys
import time
from typing import Any

FORMATS = ("text", "json")

_format = "text"


def use(log_format: str) -> None:
    """Say everything from now on in ``log_format`` (``text`` or ``json``); for ``json``,
    uvicorn's loggers too (give uvicorn ``log_config=None`` then: see :func:`uvicorn_config`)."""
    global _format
    if log_format not in FORMATS:
        raise ValueError(f"the log format is text or json, not {log_format!r}")
    _format = log_format
    if log_format == "json":
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(JsonFormatter())
        for name in ("uvicorn", "uvicorn.error", "uvicorn.access", "saqqara"):
            logger = logging.getLogger(name)
            logger.handlers = [handler]
            logger.propagate = False
            logger.setLevel(logging.WARNING)


def uvicorn_config() -> dict[str, Any]:
    """What to give ``uvicorn.Config`` for the format in use: nothing for ``text`` (its own
    logging setup), ``log_config=None`` for ``json`` (ours, set by :func:`use`)."""
    return {"log_config": None} if _format == "json" else {}


def say(source: str, message: str, level: int = logging.WARNING, **fields: Any) -> None:
    """One line from the server's part ``source`` (``cluster``, ``store``): ``saqqara
    SOURCE: MESSAGE`` as text, or a JSON object with ``fields``."""
    if _format == "json":
        line = _record(level, f"saqqara.{source}", message, fields)
    else:
        line = f"saqqara {source}: {message}"
    sys.stderr.write(line + "\n")
    sys.stderr.flush()


def line(message: str, **fields: Any) -> str:
    """A line for standard output (the address served): ``message`` as text, or a JSON
    object with ``fields``."""
    if _format == "json":
        return _record(logging.INFO, "saqqara", message, fields)
    return message


class JsonFormatter(logging.Formatter):
    """A log record as one JSON object (a traceback in ``exc``)."""

    def format(self, record: logging.LogRecord) -> str:
        fields: dict[str, Any] = {}
        if record.exc_info:
            fields["exc"] = self.formatException(record.exc_info)
        return _record(record.levelno, record.name, record.getMessage(), fields, record.created)


def _record(
    level: int, logger: str, message: str, fields: dict[str, Any], at: float | None = None
) -> str:
    when = time.time() if at is None else at
    stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(when)) + f".{int(when % 1 * 1000):03d}Z"
    record = {
        "ts": stamp,
        "level": logging.getLevelName(level).lower(),
        "logger": logger,
        "message": message,
    }
    record.update(fields)
    return json.dumps(record, default=str, ensure_ascii=False)
