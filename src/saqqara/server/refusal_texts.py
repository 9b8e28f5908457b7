"""The server's own refusals that reach a seat or a spectator over its connection, marked
as refusal templates (:func:`saqqara.core.refusals.R_`) so that they are translated in the
catalogs and worded in the connection's language (:func:`worded`) like the games' own
refusals. The protocol keeps its words English in the code; what a connection reads is in
its language (issue 33: a German seat reads a German refusal)."""

from __future__ import annotations

from typing import TypeVar

import msgspec

from saqqara.core.game import Game
from saqqara.core.i18n import LANGUAGES, SOURCE_LANGUAGE, Translator
from saqqara.core.refusals import R_, translate_refusal
from saqqara.server.messages import Error
from saqqara.server.wording import texts

# the connection (app.py)
BOTH_KINDS = R_(
    "connect as a seat (seat and key, or seat alone for the signed-in account's own) "
    "or as a spectator (watch), not both"
)
SEAT_NOT_STORED = R_("the seat could not be stored as taken; try again")
NO_HINT_IN_TIME = R_("the bot found no hint in time; ask again")
TOO_MANY_MESSAGES = R_("too many messages; slow down")
TEXT_FRAMES = R_("messages are JSON text frames")
TOO_LARGE = R_("messages are at most {count} characters")
SPECTATOR_HINTS = R_("spectators get no hints")
SPECTATOR_ACTS = R_("spectators cannot act")
ONE_HINT = R_("one hint at a time: wait for the last one's answer")
STORE_BUSY = R_("the store could not serve this; try again")
# the chat (chat.py)
SPECTATOR_CHAT = R_("spectators cannot chat at this table")
CHAT_LINE = R_("a chat line has 1 to {count} characters")
TOO_MANY_LINES = R_("too many chat lines; wait a moment")
# the table (live.py)
TAKEN_BACK = R_("that move was taken back; choose again from the latest update")
CID_REUSED = R_(
    "that client id was already used for another move of this seat; send each move under a new cid"
)
NOT_STARTED = R_("the game starts when every seat is taken")
UNDONE_MEANWHILE = R_("a move was taken back after you chose yours: yours was not played")
AHEAD = R_(
    "the table is at update {now}, not {sent} (a move was taken back, or the client "
    "counts wrong): sync and choose again"
)
NOTHING_IN_PLAY = R_("only a game in play has moves to take back")
# the service (service.py)
MOVED = R_("another server process serves this table")
NO_TABLE = R_("no table {table}")
BAD_SEAT_KEY = R_("that seat link is not valid for this table")
BAD_SPECTATOR_KEY = R_("that spectator link is not valid for this table")
HINTS_OFF = R_("this table was created without hints")
HINT_STALE = R_("the table is at update {now}, not {sent}: sync and ask again")
NOT_YOUR_DECISION = R_("it is not your decision now")


Message = TypeVar("Message", bound=msgspec.Struct)


def worded(reply: Message, lang: str, game: Game | None) -> Message:
    """``reply`` as a connection reading ``lang`` reads it: a refusal's sentence translated
    through the template it was made from (a ``{phase}`` named by ``game``'s texts); any
    other message, or a sentence from no template, as it is."""
    if not isinstance(reply, Error) or lang == SOURCE_LANGUAGE or lang not in LANGUAGES:
        return reply
    phase_name = texts(game, lang).phase_name if game is not None else None
    message = translate_refusal(reply.message, Translator(lang), phase_name)
    return msgspec.structs.replace(reply, message=message)
