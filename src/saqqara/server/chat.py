"""Table chat (issue 32, item 7): lines said at a table, kept with it, told to everyone there.

Who may chat: every seat; a spectator only where the table was made with
``spectator_chat``. Those who may read the chat are exactly those who may write it, and
every one of them is told every line: the games have no partnerships, so there is no
private channel between seats, and no seat's chat depends on what its seat may see.

A line is plain text: the blanks around it are trimmed, line breaks become spaces, and
control characters (C0, C1, the bidirectional controls) are dropped; it must then hold 1
to :data:`~saqqara.server.messages.CHAT_LENGTH` characters (``bad-chat``). A connection
says at most five lines at once, then one every two seconds (``chat-limit``). The line is
stored (``store/chat.py``) before anyone is told of it, so a reconnecting client finds it
in the history it is sent on arrival (the latest :data:`~saqqara.store.chat.HISTORY`). A
client shows it as text, never as markup; muting a player is the client's own choice.

The live table keeps that history once it is known (``LiveTable.chat_tail``: empty for a
table made here, read from the store at the first arrival after a table is resumed), so
a connection's arrival costs no read of the store: the process that holds a table is the
only one that adds lines to it.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import time

from sqlalchemy.exc import SQLAlchemyError

from saqqara.server.live import Listener, LiveTable
from saqqara.server.messages import CHAT_LENGTH, Error, Said, encode
from saqqara.server.refusal_texts import CHAT_LINE, SPECTATOR_CHAT, TOO_MANY_LINES
from saqqara.store.chat import HISTORY, ChatLog, ChatRow

UNSHOWN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""What a chat line may not carry: control characters (a line break is a space instead)
and the bidirectional controls, which could make a line read as another."""


def may_chat(table: LiveTable, seat: int | None) -> bool:
    """Whether a connection at ``seat`` (``None``: a spectator) reads and writes the chat."""
    return seat is not None or bool(table.row.settings.get("spectator_chat"))


def cleaned(text: str) -> str:
    """The line as it is kept: line breaks as spaces, control characters dropped, the
    blanks around it trimmed."""
    return UNSHOWN.sub("", re.sub(r"[\r\n\t]+", " ", text)).strip()


def said(row: ChatRow) -> str:
    """A stored line as the protocol's ``said`` message (encoded)."""
    return encode(Said(row.id, row.seat, row.name, row.text, row.at))


async def say(chat: ChatLog, table: LiveTable, listener: Listener, text: str) -> Error | None:
    """Keep ``listener``'s line at ``table`` and tell it to everyone who may chat there;
    the refusal, where it is refused (nothing kept, nobody told)."""
    if not may_chat(table, listener.seat):
        return Error("chat-off", SPECTATOR_CHAT)
    line = cleaned(text)
    if not 1 <= len(line) <= CHAT_LENGTH:
        return Error("bad-chat", CHAT_LINE.format(count=CHAT_LENGTH))
    if not listener.chatting.allow():
        return Error("chat-limit", TOO_MANY_LINES)
    seat = listener.seat
    name = table.names()[seat] if seat is not None else "spectator"
    table.chat_said += 1
    row = await asyncio.to_thread(chat.add, table.id, seat, name, line, time.time())
    if table.chat_tail is not None:
        table.chat_tail = sorted([*table.chat_tail, row], key=lambda kept: kept.id)[-HISTORY:]
    message = said(row)
    for other in list(table.listeners):
        if may_chat(table, other.seat):
            async with other.lock:
                if other.chat_after is None or row.id <= other.chat_after:
                    continue  # its history, read after this line was kept, tells it
                with contextlib.suppress(Exception):  # a connection that went away
                    await other.send(message)
    return None


async def tell_history(chat: ChatLog, table: LiveTable, listener: Listener) -> None:
    """The latest lines, to a connection that may chat, as it arrives. Read and told under
    the connection's lock, with :func:`say` telling a line only after the history, and
    only one the history did not hold: a line said while the connection arrives reaches it
    once, by one way or the other. A history that cannot be read is left out (the chat's
    history can wait: not the game); lines said from then on are told."""
    if not may_chat(table, listener.seat):
        return
    async with listener.lock:
        rows = table.chat_tail
        if rows is None:
            said_before = table.chat_said
            try:
                rows = await asyncio.to_thread(chat.latest, table.id)
            except SQLAlchemyError:
                listener.chat_after = 0
                raise
            if table.chat_said == said_before and table.chat_tail is None:
                table.chat_tail = rows
        listener.chat_after = max((row.id for row in rows), default=0)
        for row in rows:
            await listener.send(said(row))
