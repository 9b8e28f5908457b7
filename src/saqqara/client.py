"""The protocol's Python client: create tables over HTTP, sit at a seat over a WebSocket.

:class:`SeatLink` reads the links the server hands out; :class:`TableClient` keeps one
connection, remembers the last sequence number it saw, opens a lost connection again
(:meth:`TableClient.receive_reconnecting`), resends an unacknowledged action with the same
client id after a reconnect, and decodes every message into the types of
``saqqara.server.messages``. :func:`play_remote` seats any bot of ours at a remote table
(``saqqara bot``), planning on states rebuilt from the seat's view.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit, urlunsplit

import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from saqqara.ai.registry import make_bot
from saqqara.core.errors import OptionError, SaqqaraError
from saqqara.core.perspective import Perspective
from saqqara.core.registry import load
from saqqara.core.view_states import ViewError, state_from_view
from saqqara.server.messages import (
    Ack,
    Act,
    AskHint,
    Error,
    Ping,
    Pong,
    ServerMessage,
    Sync,
    TableNotice,
    Undo,
    Update,
    Welcome,
)

_decoder = msgspec.json.Decoder(ServerMessage)
_encoder = msgspec.json.Encoder()

RECONNECT_TRIES = 60
RECONNECT_PAUSE = 1.0
"""A lost connection is tried again every this many seconds, this many times."""

HEARTBEAT = 15.0
"""Seconds of silence after which a client asks whether the server is there (``ping``;
the process that serves the table answers ``pong``, through any relay)."""
SILENCE = 40.0
"""Seconds of silence, the ``pong`` included, after which a connection is taken as lost
and opened again: a stalled server process keeps its sockets open without a word."""


SEAT_ENDING = frozenset({"bad-key", "no-table", "no-seat", "spectator", "bad-request"})
"""Refusals after which a seat cannot go on (its link is not valid, the table is gone);
a program playing a seat stops on these. Any other refused move is recovered from: ask
for the table as it stands (``sync``) and choose again (docs/protocol.md, "Refusals")."""
SERVICE_RESTART = 1012
"""The WebSocket close code of a process that stops serving a table (it moved to another
process of the site, or the site's messages were cut): connect again."""

PASSING = frozenset({"moved", "store-failed"})
"""Refusals of a connection that pass by themselves: another process is taking the table
over (a site of many), or the table's process waits for its store. A program playing a
seat connects again a moment later (:meth:`TableClient.connect_patiently`)."""
RATE_PAUSE = 1.0
"""Seconds a program playing a seat waits after ``rate-limited`` before it sends again."""
MAX_REFUSALS = 20
"""Refusals in a row, with no move of the seat's played and the table not moved on, after
which a program playing a seat gives up (a bot whose every choice is refused would ask
for ever)."""


def _nothing() -> None:
    pass


class Silent(Exception):
    """The server said nothing, not even ``pong``, for ``SILENCE`` seconds."""


class ClientError(Exception):
    """The server refused an HTTP request (its error code and message)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


def http_json(base: str, path: str, body: Any | None = None, timeout: float = 10.0) -> Any:
    """GET (``body`` None) or POST JSON to the server; the decoded answer."""
    data = None if body is None else json.dumps(body).encode("utf-8")
    request = urllib.request.Request(
        base.rstrip("/") + path, data=data, headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as exc:
        try:
            error = json.loads(exc.read())["error"]
        except (ValueError, KeyError, TypeError):
            raise ClientError("http", str(exc)) from None
        raise ClientError(error["code"], error["message"]) from None


def create_table(
    base: str,
    game: str,
    seats: list[dict[str, Any]],
    options: dict[str, str] | None = None,
    public: bool = True,
    away_after: float | None = None,
    undo: bool = False,
    clock: dict[str, Any] | None = None,
    hints: bool = False,
    rated: bool = False,
    rated_with_bots: bool = False,
) -> dict[str, Any]:
    """Create a table; the answer holds each person seat's link and the spectator link.

    ``away_after``: seconds a person may be gone before a bot plays for them until they
    are back (``None``: their seat waits). ``undo``: a seat may take back its last action
    while nothing has happened since. ``clock``: turn clocks, ``{"move": seconds, "game":
    seconds, "on_timeout": "bot"}`` (each optional). ``hints``: a seat may ask what the
    strong bot would play at its decision. ``rated``: the result changes the ratings of
    its players' accounts (those who join its seats signed in), with bots too when
    ``rated_with_bots`` (``docs/protocol.md``, ratings).
    """
    body: dict[str, Any] = {"game": game, "seats": seats, "options": options or {}}
    body["public"] = public
    if away_after is not None:
        body["away_after"] = away_after
    if undo:
        body["undo"] = True
    if clock is not None:
        body["clock"] = clock
    if hints:
        body["hints"] = True
    if rated:
        body["rated"] = True
    if rated_with_bots:
        body["rated_with_bots"] = True
    answer: dict[str, Any] = http_json(base, "/api/tables", body)
    return answer


@dataclass(frozen=True, slots=True)
class SeatLink:
    """A parsed seat link (``…/t/ID?seat=N&key=K``) or spectator link (``?watch=K``)."""

    base: str
    table: str
    seat: int | None
    key: str | None
    watch: str | None = None
    sites: tuple[str, ...] = ()
    """Every address of the site, ``base`` among them, where more than one was given: a
    client that loses its connection, or cannot open it, tries the next."""

    @classmethod
    def parse(cls, link: str) -> SeatLink:
        parts = urlsplit(link)
        path = parts.path.rstrip("/").split("/")
        if len(path) < 2 or path[-2] != "t" or parts.scheme not in ("http", "https"):
            raise ValueError(f"not a table link: {link!r}")
        prefix = "/".join(path[:-2])  # a site served under a path: https://host/games/t/ID
        query = {k: v[0] for k, v in parse_qs(parts.query).items()}
        seat_text = query.get("seat")
        if seat_text is not None and not seat_text.isdigit():
            raise ValueError(f"not a table link (its seat is not a number): {link!r}")
        seat = int(seat_text) if seat_text is not None else None
        return cls(
            f"{parts.scheme}://{parts.netloc}{prefix}",
            path[-1],
            seat,
            query.get("key"),
            query.get("watch"),
        )

    def socket_url(self, since: int = 0, lang: str | None = None) -> str:
        query: dict[str, str | int] = {"since": since}
        if self.seat is not None and self.key is not None:
            query.update(seat=self.seat, key=self.key)
        elif self.watch is not None:
            query["watch"] = self.watch
        if lang is not None:
            query["lang"] = lang
        scheme, rest = self.base.split("://", 1)
        socket = "wss" if scheme == "https" else "ws"
        return f"{socket}://{rest}/ws/{self.table}?{urlencode(query)}"


def table_link(link: str, server: str | None = None) -> SeatLink:
    """The table, seat and key of ``link``, at ``server`` where one is given (its scheme,
    host, port and any path before the server's own addresses; the link's own host, if
    it has one, is then ignored, and a link may be its path alone: ``/t/ID?seat=1&key=K``);
    without ``server``, at the link's own host. ``ValueError`` for what is neither."""
    if server is None:
        if not urlsplit(link).scheme:
            raise ValueError(
                f"not a table link: {link!r} names no server; give its address with --server"
            )
        return SeatLink.parse(link)
    bases = [_server_base(address.strip()) for address in server.split(",")]
    parts = urlsplit(link)
    try:  # the link read as if it were the server's own, for its table, seat and key
        found = SeatLink.parse(urlunsplit(("http", "server", parts.path, parts.query, "")))
    except ValueError:
        raise ValueError(f"not a table link: {link!r}") from None
    sites = tuple(dict.fromkeys(bases)) if len(bases) > 1 else ()
    return replace(found, base=bases[0], sites=sites)


def _server_base(address: str) -> str:
    """One server address (``http://HOST:PORT`` with an optional path), without its
    trailing slash; ``ValueError`` for anything else."""
    where = urlsplit(address)
    if where.scheme not in ("http", "https") or not where.netloc or where.query:
        raise ValueError(f"not a server address (http://HOST:PORT): {address!r}")
    return f"{where.scheme}://{where.netloc}{where.path.rstrip('/')}"


def _restarting(failed: BaseException) -> bool:
    """Whether ``failed`` is a socket the server closed saying "service restart"."""
    return (
        isinstance(failed, ConnectionClosed)
        and failed.rcvd is not None
        and failed.rcvd.code == SERVICE_RESTART
    )


class TableClient:
    """One seat (or a spectator) at a table, over one WebSocket at a time."""

    def __init__(self, link: SeatLink | str, lang: str | None = None) -> None:
        self.link = SeatLink.parse(link) if isinstance(link, str) else link
        self.lang = lang
        self.seq = 0
        self.update: Update | None = None
        self.welcome: Welcome | None = None
        self.notice: TableNotice | None = None
        self.pending: Act | None = None
        self._socket: ClientConnection | None = None

    async def connect(self) -> Welcome:
        """Open the socket (asking for what came after :attr:`seq`) and read the welcome."""
        self._socket = await connect(self.link.socket_url(self.seq, self.lang), max_size=2**24)
        first = await self.receive()
        if not isinstance(first, Welcome):
            await self.close()
            raise ClientError(getattr(first, "code", "refused"), getattr(first, "message", ""))
        self.welcome = first
        if self.pending is not None:  # resend: the server plays it at most once
            await self._send(self.pending)
        return first

    async def connect_patiently(self) -> Welcome:
        """:meth:`connect`, tried again every ``RECONNECT_PAUSE`` seconds, up to
        ``RECONNECT_TRIES`` times, while the refusal is one that passes (:data:`PASSING`:
        the table is changing hands, or its process waits for its store), while the
        socket is closed with "service restart" (:data:`SERVICE_RESTART`: a site's
        process hands its table on, and says so, even before the welcome), or, where
        the link names several addresses of the site, while one does not answer (the
        next is tried); any other refusal, or the last, is raised."""
        for attempt in range(RECONNECT_TRIES + 1):
            try:
                return await self.connect()
            except ClientError as refused:
                if refused.code not in PASSING or attempt == RECONNECT_TRIES:
                    raise
            except (ConnectionClosed, OSError, InvalidHandshake, TimeoutError) as failed:
                if attempt == RECONNECT_TRIES or not (self.link.sites or _restarting(failed)):
                    raise
                await self.close()
            self.next_site()
            await asyncio.sleep(RECONNECT_PAUSE)
        raise AssertionError("unreachable")

    def next_site(self) -> None:
        """Connect to the site's next address from now on (where the link names several)."""
        sites = self.link.sites
        if len(sites) > 1:
            at = sites.index(self.link.base) if self.link.base in sites else -1
            self.link = replace(self.link, base=sites[(at + 1) % len(sites)])

    async def close(self) -> None:
        if self._socket is not None:
            await self._socket.close()
            self._socket = None

    async def receive(self, timeout: float = 30.0) -> ServerMessage:
        """The next message from the server, decoded; keeps :attr:`seq` and :attr:`update`."""
        if self._socket is None:
            raise ClientError("closed", "not connected")
        raw = await asyncio.wait_for(self._socket.recv(), timeout)
        message: ServerMessage = _decoder.decode(raw)
        if isinstance(message, Update):
            self.update = message
            self.seq = message.seq
        elif isinstance(message, Ack | Error) and self.pending and message.cid == self.pending.cid:
            if not (isinstance(message, Error) and message.code == "rate-limited"):
                self.pending = None  # answered (refused for the rate alone, it waits)
        elif isinstance(message, TableNotice):
            self.notice = message
        return message

    async def receive_reconnecting(
        self,
        timeout: float,
        lost: Callable[[], None] = _nothing,
        back: Callable[[], None] = _nothing,
    ) -> ServerMessage:
        """:meth:`receive` with a heartbeat (:meth:`receive_listening`); a lost connection
        (closed, or silent for ``SILENCE`` seconds) is opened again (asking for what it
        missed, resending a move not yet answered) every ``RECONNECT_PAUSE`` seconds, at
        the site's next address where the link names several, up to ``RECONNECT_TRIES``
        times (``lost`` is called when it is lost, ``back`` when it is open again);
        ``ConnectionError`` when it cannot be. ``TimeoutError`` after ``timeout`` seconds
        of a server that answers pings but says nothing else."""
        for attempt in range(RECONNECT_TRIES + 1):
            try:
                if attempt:
                    await self.connect()
                    back()
                return await self.receive_listening(timeout)
            except (ConnectionClosed, OSError, InvalidHandshake, ClientError, Silent):
                if attempt == 0:
                    lost()
                await self.close()
                self.next_site()
                await asyncio.sleep(RECONNECT_PAUSE)
        raise ConnectionError("the connection was lost and could not be opened again")

    async def receive_listening(self, timeout: float) -> ServerMessage:
        """The next message other than ``pong`` within ``timeout`` seconds: after
        ``HEARTBEAT`` seconds of silence a ``ping`` is sent; :class:`Silent` when nothing
        at all came for ``SILENCE`` seconds (a stalled server)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        heard, pinged = loop.time(), False
        while True:
            now = loop.time()
            if now >= deadline:
                raise TimeoutError(f"no message from the server in {timeout:g} s")
            alarm = heard + (SILENCE if pinged else HEARTBEAT)
            try:
                message = await self.receive(max(min(deadline, alarm) - now, 0.001))
            except TimeoutError:
                if loop.time() < alarm:
                    continue  # the caller's deadline: checked above
                if pinged:
                    raise Silent(f"the server said nothing for {SILENCE:g} s") from None
                pinged = True
                await self._send_unless_lost(Ping())
                continue
            heard, pinged = loop.time(), False
            if not isinstance(message, Pong):
                return message

    async def act(self, action_id: int, cid: str | None = None) -> str:
        """Send an action made against the last update seen; returns its client id. On a
        connection that is gone it stays pending: :meth:`connect` sends it again."""
        undos = self.update.undos if self.update is not None else None
        act = Act(seq=self.seq, action=action_id, cid=cid or uuid.uuid4().hex, undos=undos)
        self.pending = act
        await self._send_unless_lost(act)
        return act.cid

    async def act_again(self, refused: Error) -> None:
        """Send again the act that ``refused`` answered for the rate alone (nothing of it
        was played): the same move under the same client id (kept as :attr:`pending`)."""
        if self.pending is not None and self.pending.cid == refused.cid:
            await self._send_unless_lost(self.pending)

    async def undo(self) -> None:
        """Ask to take back this seat's last action (made before the last update seen);
        lost with a lost connection (ask again once it is open again)."""
        await self._send_unless_lost(Undo(seq=self.seq))

    async def hint(self) -> None:
        """Ask what the strong bot would play at this seat's decision in the last update
        seen (a table made with ``hints``): answered with ``hint`` or an ``error``."""
        await self._send_unless_lost(AskHint(seq=self.seq))

    async def sync(self, since: int | None = None) -> None:
        """Ask for the updates after ``since`` (default: the last seen); a connection
        opened again asks for them itself."""
        await self._send_unless_lost(Sync(since=self.seq if since is None else since))

    async def send_raw(self, data: str | bytes) -> None:
        """Send anything at all (for tests of the server's defences)."""
        if self._socket is None:
            raise ClientError("closed", "not connected")
        await self._socket.send(data)

    async def _send(self, message: Act | Sync | Undo | Ping | AskHint) -> None:
        await self.send_raw(_encoder.encode(message).decode("utf-8"))

    async def _send_unless_lost(self, message: Act | Sync | Undo | Ping | AskHint) -> None:
        """:meth:`_send`, where a connection lost meanwhile is found by the next receive
        (:meth:`receive_reconnecting` opens it again) rather than by the sender."""
        with contextlib.suppress(ConnectionClosed, OSError, ClientError):
            await self._send(message)

    async def until_update(self, timeout: float = 30.0) -> Update:
        """Read messages until an update arrives (errors are raised as ClientError)."""
        while True:
            message = await self.receive(timeout)
            if isinstance(message, Update):
                return message
            if isinstance(message, Error):
                raise ClientError(message.code, message.message)


async def play_remote(
    link: SeatLink | str,
    bot: str,
    lang: str | None = None,
    seed: int = 0,
    seated: Callable[[Welcome], None] = lambda _: None,
    refused: Callable[[Error], None] = lambda _: None,
) -> Update:
    """Seat bot ``bot`` (any bot of ours) at the remote seat ``link`` and play until the
    game is over; the final update.

    A remote bot sees only what the seat is sent. ``random`` picks among the labelled
    legal actions; every other bot plans on a state rebuilt from the seat's view
    (:func:`saqqara.core.view_states.state_from_view`: the public facts and the seat's own
    secrets as shown, the rest drawn consistently with them), thinking in a thread so the
    connection stays answered. A name the game does not know is refused with
    :class:`OptionError` right after the welcome, before any move; ``seated`` is called
    with the welcome once the bot is at the seat. A refused move is recovered from (the
    table asked for again, the move chosen again; ``refused`` is called with the refusal)
    unless it ends the seat (:data:`SEAT_ENDING`) or :data:`MAX_REFUSALS` came in a row:
    then :class:`ClientError`.
    """
    client = TableClient(link, lang)
    welcome = await client.connect_patiently()
    try:
        game = load(welcome.game, welcome.players, welcome.options)
        if welcome.seat is None:
            raise OptionError("a bot needs a seat link, not a spectator link", code="no-seat")
        agent = make_bot(bot, game)
    except SaqqaraError:
        await client.close()
        raise
    seat, rng = welcome.seat, random.Random(seed)
    seated(welcome)
    in_a_row, last_seq = 0, -1
    while True:
        message = await client.receive_reconnecting(timeout=3600)
        if isinstance(message, Ack):
            in_a_row = 0  # a move of ours was played
        if isinstance(message, Error) and message.code == "rate-limited":
            refused(message)  # the server's pace, not a refusal of the move: again later
            await asyncio.sleep(RATE_PAUSE)
            if message.cid is not None:
                await client.act_again(message)
            else:
                await client.sync()
            continue
        if isinstance(message, Error):
            in_a_row += 1
            if message.code in SEAT_ENDING or in_a_row > MAX_REFUSALS:
                await client.close()
                raise ClientError(message.code, message.message)
            refused(message)
            await client.sync()  # the table as it stands: the bot chooses again
            continue
        if not isinstance(message, Update):
            continue
        if message.over or message.status in ("finished", "closed"):
            await client.close()
            return message
        if message.seq > last_seq >= 0:
            in_a_row = 0  # the table moved on: the refusals before are behind it
        last_seq = message.seq
        if not message.legal:
            continue
        if bot == "random":
            await client.act(rng.choice(message.legal).id)
            continue
        state = state_from_view(game, message.view, seat, rng)
        action = await asyncio.to_thread(agent.choose, Perspective(state, seat), rng)
        chosen = game.action_id(action)
        if chosen not in {legal.id for legal in message.legal}:
            text = game.action_text(action)
            raise ViewError(f"{bot} chose {text!r}, which the seat may not play")
        await client.act(chosen)
