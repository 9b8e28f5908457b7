"""The record journal: a game record written one line per accepted action, durably.

A journal is a text file of JSON lines (``docs/records.md``). The first line is the header:
the record's fields without its actions and with ``"format": "saqqara-journal"``. Every
further line is one action, ``{"seat": 0, "action": "take 12"}`` (``"chance"`` for chance).

Writing is append-only: the actions a match accepts in one call (a move and the chance
drawn after it) cost one short write, a flush and an ``fsync``, never a rewrite of the
file. The file is first made whole (header and any actions already played) in a temporary
file that is renamed into place, so a crash leaves the old file or the new one. A crash in
the middle of an append leaves a torn last line (without its newline); reading drops it,
and resuming writes the file afresh without it.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from saqqara.core.errors import RecordError
from saqqara.core.records import FORMAT, Record, RecordedAction

JOURNAL_FORMAT = "saqqara-journal"
"""The ``format`` of a journal's header line."""

MAX_RECORD_BYTES = 64 * 1024 * 1024
"""The largest record or journal file read (a long mummy game is well under 1 MB)."""


class RecordJournal:
    """Writes a record to ``path`` as a journal: :meth:`start`, then :meth:`append`."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self._handle: IO[str] | None = None

    def start(self, record: Record) -> None:
        """Write ``record`` (header and actions so far) whole, replacing any file at ``path``,
        and open the journal for appending."""
        self.close()
        lines = [_dumps(journal_header(record))]
        lines.extend(_dumps(entry.to_json()) for entry in record.actions)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=f".{self.path.name}.")
        except OSError as exc:  # named by the journal's own path, not the scratch file's
            raise OSError(exc.errno, exc.strerror, str(self.path)) from None
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write("".join(line + "\n" for line in lines))
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, self.path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        _fsync_directory(self.path.parent)
        self._handle = self.path.open("a", encoding="utf-8")

    def append(self, *entries: RecordedAction) -> None:
        """Add actions durably, one line each, in one write: on disk when this returns."""
        if self._handle is None:
            raise RuntimeError("the journal is not started (call start first)")
        self._handle.write("".join(_dumps(entry.to_json()) + "\n" for entry in entries))
        self._handle.flush()
        os.fsync(self._handle.fileno())

    def close(self) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None

    def __enter__(self) -> RecordJournal:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()


def journal_header(record: Record) -> dict[str, Any]:
    """The first line of ``record``'s journal: the record's fields without its actions."""
    data = record.to_json()
    del data["actions"]
    data["format"] = JOURNAL_FORMAT
    return data


def parse_journal(text: str) -> Record:
    """The record a journal holds; a torn last line (a crash mid-append) is dropped.

    :class:`RecordError` for anything else malformed, with the action's index.
    """
    lines = text.split("\n")
    lines.pop()  # the text after the last newline: empty unless the last append was torn
    if not lines:
        raise RecordError("an empty journal (no header line)")
    header = _loads_line(lines[0], None)
    if not isinstance(header, dict) or header.get("format") != JOURNAL_FORMAT:
        raise RecordError(f"not a saqqara journal (format must be {JOURNAL_FORMAT!r})")
    entries = [_loads_line(line, index) for index, line in enumerate(lines[1:])]
    header = {**header, "format": FORMAT, "actions": entries}
    return Record.from_json(header)


def read_record_file(path: str | os.PathLike[str]) -> Record:
    """Read a saved game: a journal (torn last line dropped) or a JSON record."""
    file = Path(path)
    try:
        size = file.stat().st_size
        if size > MAX_RECORD_BYTES:
            raise RecordError(f"{file} is {size} bytes; records are at most {MAX_RECORD_BYTES}")
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"cannot read {file}: {exc}") from None
    return parse_record_text(text)


def parse_record_text(text: str) -> Record:
    """A record from a journal's text or a JSON record's text, whichever it is."""
    first = text.split("\n", 1)[0]
    try:
        header = json.loads(first)
    except (ValueError, RecursionError):  # bad JSON, huge numbers, deep nesting
        header = None
    if isinstance(header, dict) and header.get("format") == JOURNAL_FORMAT:
        return parse_journal(text)
    return Record.loads(text)


def _loads_line(line: str, index: int | None) -> Any:
    try:
        return json.loads(line)
    except (ValueError, RecursionError):  # bad JSON, huge numbers, deep nesting
        raise RecordError("a line that is not JSON", index=index) from None


def _dumps(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _fsync_directory(directory: Path) -> None:
    """Make a rename in ``directory`` durable (where the system allows opening directories)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
