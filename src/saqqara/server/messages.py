"""The wire protocol's messages, as msgspec types: the single source of the JSON Schemas.

Every message is a JSON object with a ``type`` tag. Clients send :data:`ClientMessage`;
the server sends :data:`ServerMessage`. ``docs/protocol.md`` embeds the schemas that
:func:`protocol_schemas` generates from these types.
"""

from __future__ import annotations

import inspect
from typing import Annotated, Any

import msgspec

from saqqara.core.presentation import ScoreLine
from saqqara.core.refusals import R_
from saqqara.server.clocks import ON_TIMEOUT, ClockView

TABLE_MOVED_ON = R_("the game has moved on: the table is at {now}, not {sent}")
NOTHING_TO_UNDO = R_("there is no move of yours to take back")
CHANCE_TO_UNDO = R_("the last step was chance's (a draw or a roll), not a move of yours")
OTHERS_TO_UNDO = R_("the last move was another player's, not yours")
BOTS_TO_UNDO = R_("a bot made that move for you (you were away or out of time)")
REVEALED_TO_UNDO = R_("that move revealed something")
UNDO_OFF = R_("this table was created without undo")
"""The refusals of ``undo`` and of a stale move, marked here (a module every remote
terminal loads) so that a terminal can say them in its language
(:mod:`saqqara.core.refusals`)."""

ClientId = Annotated[str, msgspec.Meta(min_length=1, max_length=64)]
SeqNumber = Annotated[int, msgspec.Meta(ge=0, le=999_999_999)]


class Act(msgspec.Struct, tag="act", forbid_unknown_fields=True, omit_defaults=True):
    """Play the action with integer ``action`` id, made against update ``seq``.

    ``cid`` is chosen by the client and unique per seat: sending it again (after a
    reconnect) is answered with the original ``ack`` and never plays twice.
    """

    seq: SeqNumber
    action: Annotated[int, msgspec.Meta(ge=0, le=1_000_000)]
    cid: ClientId
    undos: SeqNumber | None = None
    """The ``undos`` of the update the action was chosen in: an action chosen before a
    move was taken back is refused as stale, even where the sequence number came round
    again (leave it out and only ``seq`` is checked)."""


class Sync(msgspec.Struct, tag="sync", forbid_unknown_fields=True):
    """Ask for the current update and the events after sequence number ``since``."""

    since: SeqNumber


class Ping(msgspec.Struct, tag="ping", forbid_unknown_fields=True):
    """Keep-alive; answered with ``pong``."""


class Undo(msgspec.Struct, tag="undo", forbid_unknown_fields=True):
    """Take back this seat's last action, seen in update ``seq``: allowed when the table
    was created with ``undo`` and nothing has happened since (no other seat's move, no
    chance, nothing revealed by it). Answered with ``undone`` and a fresh update, or an
    ``error`` (``undo-off``, ``cannot-undo``, ``stale``)."""

    seq: SeqNumber


class AskHint(msgspec.Struct, tag="hint", forbid_unknown_fields=True):
    """Ask what the strong bot would play at this seat's decision in update ``seq`` (the
    table's current one): allowed at a table made with ``hints``. Answered with ``hint``,
    or an ``error`` (``hints-off``, ``not-your-turn``, ``stale``, ``hint-failed``)."""

    seq: SeqNumber


CHAT_LENGTH = 300
"""The most characters of one line of table chat."""


class Chat(msgspec.Struct, tag="chat", forbid_unknown_fields=True):
    """Say ``text`` at the table (1 to :data:`CHAT_LENGTH` characters of plain text, after
    the surrounding blanks; control characters are dropped): a seat always, a spectator
    where the table was made with ``spectator_chat``. Every connection that may chat at
    the table is sent the line (``said``), the sender too; refused with ``error``
    (``chat-off``, ``bad-chat``, ``chat-limit``)."""

    text: Annotated[str, msgspec.Meta(max_length=CHAT_LENGTH * 4)]


ClientMessage = Act | Sync | Ping | Undo | AskHint | Chat


class LegalAction(msgspec.Struct, frozen=True):
    """An action the receiving seat may send now: its id, its label and its notation."""

    id: int
    label: str
    notation: str


class EventText(msgspec.Struct):
    """An event the receiving seat may see: the step that caused it, its kind, its
    sentence in the seat's language and its data."""

    seq: int
    kind: str
    text: str
    data: dict[str, Any]


class StandIn(msgspec.Struct, frozen=True):
    """A move the stand-in bot made for a person seat, whose person was away or out of
    time (``on_timeout`` ``bot``): its step and that seat."""

    seq: int
    seat: int


class Update(msgspec.Struct, tag="update"):
    """The table as the receiving seat may see it after step ``seq``.

    ``events`` are the events since the seat's previous update (or since the ``since`` of a
    ``sync``); ``resync`` is true when older events were no longer kept and only the view
    is complete.
    """

    seq: int
    view: dict[str, Any]
    to_act: list[int]
    legal: list[LegalAction]
    events: list[EventText]
    over: bool
    status: str
    outcome: dict[str, Any] | None = None
    resync: bool = False
    undos: int = 0
    """How many actions of this table were taken back so far: send it back with an
    action (``act``), so that a choice made before an undo is never played after it."""
    undo: bool = False
    """Whether the receiving seat may take back its last action now (``undo``): the table
    allows undo and its latest step is that seat's own decision, which revealed nothing.
    Always ``false`` for a spectator."""
    clock: ClockView | None = None
    """The table's turn clocks at step ``seq`` as they stood when the update was sent
    (``null``: no clocks)."""
    stand_in: list[StandIn] = []
    """The moves among this update's events that the stand-in bot made for a person seat
    (away, or out of time), in order; sent to every seat and spectator alike."""
    breakdown: list[ScoreLine] | None = None
    """Once the game is over, every seat's final score labelled and broken down as the
    rulebook counts it, in the connection's language, from the receiving seat's view
    alone (``null`` while the game runs)."""


class Welcome(msgspec.Struct, tag="welcome"):
    """Sent once on connecting: the table, the seat (``null`` for a spectator), the names."""

    table: str
    game: str
    players: int
    options: dict[str, str]
    seat: int | None
    names: list[str]
    lang: str
    hints: bool = False
    """Whether this connection may ask for hints (``hint``): the table allows them and the
    connection is a seat's."""
    chat: bool = True
    """Whether this connection may read and write the table's chat (``chat``, ``said``):
    every seat; a spectator where the table was made with ``spectator_chat``."""


class Ack(msgspec.Struct, tag="ack"):
    """The action ``cid`` is stored under sequence number ``seq`` (sent before updates)."""

    cid: str
    seq: int


class Error(msgspec.Struct, tag="error"):
    """A refusal: a machine-readable ``code`` and a sentence; ``cid`` when it answers an act."""

    code: str
    message: str
    cid: str | None = None


class Pong(msgspec.Struct, tag="pong"):
    """The answer to ``ping``."""


class TableNotice(msgspec.Struct, tag="table"):
    """The table changed: its ``status`` (open, playing, finished, closed) or a ``rematch``."""

    status: str
    rematch: str | None = None


class Undone(msgspec.Struct, tag="undone"):
    """``seat`` took back its action ``seq``: the table is back at ``seq - 1`` and the
    update that follows (sequence number ``seq - 1``) replaces the client's position."""

    seq: int
    seat: int


class Hint(msgspec.Struct, tag="hint"):
    """What the strong bot would play at the receiving seat's decision in update ``seq``
    (with ``undos``, the update's undo count): the legal action ``action`` (its id, its
    ``label`` in the connection's language and its ``notation``), and ``value``, the seat's
    estimated share of a win with it (from 0 to 1; ``null`` where the seat had a single
    move), worked out from the seat's own view alone in ``rollouts`` rollouts."""

    seq: int
    undos: int
    action: int
    label: str
    notation: str
    value: float | None
    rollouts: int


class Said(msgspec.Struct, tag="said"):
    """A line of the table's chat: its number ``id`` (from 1, per table), who said it
    (``seat``; ``null``: a spectator) under which ``name``, the ``text`` (plain text: show
    it as text, never as markup) and when (``at``, seconds since 1970). A connection that
    may chat is sent the latest lines as it arrives, then each new one."""

    id: int
    seat: int | None
    name: str
    text: str
    at: float


ServerMessage = Welcome | Update | Ack | Error | Pong | TableNotice | Undone | Hint | Said

client_decoder = msgspec.json.Decoder(ClientMessage)
encoder = msgspec.json.Encoder()


def encode(message: ServerMessage) -> str:
    """A server message as JSON text."""
    return encoder.encode(message).decode("utf-8")


# -- the HTTP API's bodies -------------------------------------------------------------------
BotName = Annotated[str, msgspec.Meta(min_length=1, max_length=64)]
PlayerName = Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
Lang = Annotated[str, msgspec.Meta(pattern="^(en|de|nl|sv)$")]


class SeatRequest(msgspec.Struct, forbid_unknown_fields=True):
    """One seat of a new table: ``kind`` person (with an optional name) or bot (its name).

    A person seat is kept for the holder of its link, which the creator passes on; with
    ``open`` no link is made for it, and it is anyone's who takes it from the lobby of a
    public table (or whom the creator invites later)."""

    kind: Annotated[str, msgspec.Meta(pattern="^(person|bot)$")]
    name: PlayerName | None = None
    bot: BotName | None = None
    lang: Lang = "en"
    open: bool = False


Seconds = Annotated[float, msgspec.Meta(ge=1, le=86400 * 7)]


class ClockRequest(msgspec.Struct, forbid_unknown_fields=True):
    """Turn clocks: seconds per decision (``move``) and/or per game (``game``; at least
    one), and what a timeout does: ``bot``, the table's stand-in bot plays that decision
    (once a seat's game time is spent, every decision of it to the end); ``lose``, the
    seat forfeits and the table ends (the other seats share the win)."""

    move: Seconds | None = None
    game: Seconds | None = None
    on_timeout: Annotated[str, msgspec.Meta(pattern="^(" + "|".join(ON_TIMEOUT) + ")$")] = "bot"


class CreateTable(msgspec.Struct, forbid_unknown_fields=True):
    """``POST /api/tables``: the game, its options and one entry per seat."""

    game: Annotated[str, msgspec.Meta(max_length=64)]
    seats: Annotated[list[SeatRequest], msgspec.Meta(min_length=1, max_length=8)]
    options: dict[str, str] = msgspec.field(default_factory=dict)
    public: bool = True
    away_after: Annotated[float, msgspec.Meta(ge=1, le=86400)] | None = None
    """Seconds a person may be gone (no connection) before a bot plays their seat until
    they are back; ``None``: the seat waits for them."""
    undo: bool = False
    """Whether a seat may take back its last action while nothing has happened since."""
    hints: bool = False
    """Whether a seat may ask what the strong bot would play at its decision (``hint``); a
    rated table (there are none yet) will never allow it."""
    spectator_chat: bool = False
    """Whether spectators read and write the table's chat too (seats always do)."""
    clock: ClockRequest | None = None
    """Turn clocks for the person seats (``null``: none)."""
    mine: Annotated[int, msgspec.Meta(ge=0, le=16)] | None = None
    """The creator's own seat, a person seat with a link: recorded as the signed-in
    account's (a request its session cookie authorises: ``docs/protocol.md``, accounts)."""
    rated: bool = False
    """Whether the table's result changes its players' ratings (``docs/protocol.md``,
    ratings): it needs two person seats or more, and is rated at its end only when every
    person seat belongs to an account, a different one each."""
    rated_with_bots: bool = False
    """A rated table with bot seats (each plays at the default rating, never changed);
    without it a rated table has person seats only."""


class SeatKey(msgspec.Struct, forbid_unknown_fields=True):
    """A seat and its secret (from its link): for leave and rematch. ``key`` may be left
    out for a seat of the signed-in account (a request its session cookie authorises)."""

    seat: Annotated[int, msgspec.Meta(ge=0, le=16)]
    key: Annotated[str, msgspec.Meta(max_length=100)] | None = None


class Invite(msgspec.Struct, forbid_unknown_fields=True):
    """``POST /api/tables/{id}/invite``: the table's host key (answered to its creator)
    asks a new link for a free person seat of a table not yet started (a seat given up, or
    one whose link should go to someone else); the seat's earlier key stops working."""

    seat: Annotated[int, msgspec.Meta(ge=0, le=16)]
    host: Annotated[str, msgspec.Meta(max_length=100)]


class Join(msgspec.Struct, forbid_unknown_fields=True):
    """``POST /api/tables/{id}/join``: claim a seat by its link (seat and key), or without
    them take the first open person seat of a public table (one with no link: made
    ``open``, or given up before the start); ``name`` and ``lang`` set."""

    seat: Annotated[int, msgspec.Meta(ge=0, le=16)] | None = None
    key: Annotated[str, msgspec.Meta(max_length=100)] | None = None
    name: PlayerName | None = None
    lang: Lang = "en"


UserName = Annotated[str, msgspec.Meta(max_length=64)]
"""An account name as sent (its rules are checked after decoding, with a clear reason:
``server/accounts.py``)."""
Password = Annotated[str, msgspec.Meta(max_length=1024)]
"""A password as sent (at most 256 characters are accepted: ``server/accounts.py``)."""


class Credentials(msgspec.Struct, forbid_unknown_fields=True):
    """``POST /api/account/sign-up`` and ``/sign-in``: a user name and a password."""

    name: UserName
    password: Password


class ChangePassword(msgspec.Struct, forbid_unknown_fields=True):
    """``POST /api/account/password``: the password now and the new one."""

    old: Password
    new: Password


class DeleteAccount(msgspec.Struct, forbid_unknown_fields=True):
    """``POST /api/account/delete``, to be sure: the account's password, or, for an account
    without one (made by a provider's sign-in), its user name typed again."""

    password: Password | None = None
    name: UserName | None = None


class SetPassword(msgspec.Struct, forbid_unknown_fields=True):
    """``POST /api/account/set-password``: the first password of an account that has none
    (made by a provider's sign-in)."""

    new: Password


class ClaimSeat(msgspec.Struct, forbid_unknown_fields=True):
    """``POST /api/account/seats``: make a guest seat the signed-in account's, by its link
    (table, seat and key)."""

    table: Annotated[str, msgspec.Meta(max_length=32)]
    seat: Annotated[int, msgspec.Meta(ge=0, le=16)]
    key: Annotated[str, msgspec.Meta(max_length=100)]


Rating = Annotated[int, msgspec.Meta(ge=0, le=5000)]
"""A shown rating (a new player's is 1500: ``store/ratings.py``)."""


class Seek(msgspec.Struct, forbid_unknown_fields=True):
    """``POST /api/seeks``: play now (``server/play_now.py``). A game, its options and
    number of players; the ratings the seeker will meet (``min_rating``, ``max_rating``;
    left out: anyone, guests too); after ``bots_after`` seconds of waiting the seats still
    missing are given to bots (``null``: never); ``rated``: a rated table (signed in)."""

    game: Annotated[str, msgspec.Meta(max_length=64)]
    players: Annotated[int, msgspec.Meta(ge=2, le=8)]
    options: dict[str, str] = msgspec.field(default_factory=dict)
    min_rating: Rating | None = None
    max_rating: Rating | None = None
    bots_after: Annotated[int, msgspec.Meta(ge=1, le=600)] | None = None
    rated: bool = False
    name: PlayerName | None = None
    """A guest's name at the table (a signed-in seeker plays under the account's)."""
    lang: Lang = "en"


class SeekKey(msgspec.Struct, forbid_unknown_fields=True):
    """``POST /api/seeks/{id}/cancel``: the seek's secret (answered when it was made)."""

    key: Annotated[str, msgspec.Meta(max_length=100)]


class ReplayFrame(msgspec.Struct):
    """One step of a replay as a spectator sees it: after the record's first ``seq``
    actions (a seat's action and the chance it led to), who acted (``null``: the start),
    the spectator's view, who is to act, and the events a spectator may see."""

    seq: int
    seat: int | None
    view: dict[str, Any]
    to_act: list[int]
    events: list[EventText]


class Replay(msgspec.Struct):
    """The answer of ``POST /api/replay`` and ``GET /api/tables/{id}/replay``: a game's
    frames, one per step, and its outcome (``null``: the record stops before the end)."""

    game: str
    players: int
    options: dict[str, str]
    names: list[str]
    frames: list[ReplayFrame]
    outcome: dict[str, Any] | None = None
    breakdown: list[ScoreLine] | None = None
    """Once the game is over, every seat's final score broken down as the rulebook counts
    it, from the spectator's view (``null`` when the record stops before the end)."""


def cleaned_docs(schema: Any) -> Any:
    """``schema`` with every ``description`` as :func:`inspect.cleandoc` leaves it: msgspec
    0.23 dedents docstrings itself and earlier versions keep their indentation, and the
    committed schemas must not depend on which one is installed."""
    if isinstance(schema, dict):
        return {
            key: inspect.cleandoc(value)
            if key == "description" and isinstance(value, str)
            else cleaned_docs(value)
            for key, value in schema.items()
        }
    if isinstance(schema, list):
        return [cleaned_docs(value) for value in schema]
    return schema


def protocol_schemas() -> dict[str, Any]:
    """JSON Schemas of every message, keyed by direction (the text of docs/protocol.md)."""
    client = msgspec.json.schema(ClientMessage)
    server = msgspec.json.schema(ServerMessage)
    http = {
        name: msgspec.json.schema(kind)
        for name, kind in (
            ("CreateTable", CreateTable),
            ("Join", Join),
            ("SeatKey", SeatKey),
            ("Invite", Invite),
            ("Credentials", Credentials),
            ("ChangePassword", ChangePassword),
            ("DeleteAccount", DeleteAccount),
            ("ClaimSeat", ClaimSeat),
            ("Seek", Seek),
            ("SeekKey", SeekKey),
            ("Replay", Replay),
        )
    }
    schemas: dict[str, Any] = cleaned_docs({"client": client, "server": server, "http": http})
    return schemas
