"""``saqqara play --server URL --seat-link LINK``: a remote seat played in the terminal.

The seat sees what the server sends it and nothing more: the view, the events since its
last update and its labelled legal actions. A turn fits an 80 x 24 terminal as a local
game's does (``saqqara.ui.terminal``): the game's compact board, the seat's clock where
the table has one, the latest lines of the log and one page of the moves, each with a
menu letter; a move is chosen by its letter or its notation, and the same commands as at
a local table show more (``help``). ``undo`` takes back the seat's last move where the
table allows it; ``quit`` leaves the terminal, and the seat stays its holder's (the same
command brings them back). A move the table's bot made for a seat (its time ran out, or
its person was away) is said so, as the update marks it. Every word is in the seat's
language.

Every text the server sends (names, labels, sentences, errors) is made printable
(:func:`saqqara.ui.terminal.printable`) as it arrives (:func:`from_server`), so nothing
from outside reaches the terminal as a control character. With ``--server`` the server's
address is that one, and the link gives only the table, seat and key
(:func:`table_link`).

News never garbles the line being typed. The person types at any time (a reader thread
waits on the input all along); while the prompt shows, what the server sends is printed
above it and the prompt shown again (:meth:`RemoteSeat._news`), as a chat program does.
On a terminal whose input goes through readline (Python's ``readline``, which
:func:`play_remote_seat` loads for a terminal), the prompt line is wiped and written again
below the news with what the person had typed so far, still theirs to edit and send;
without readline what was typed cannot be read back before Enter, so the prompt line is
left as it is, the news starts on the next line and a fresh prompt follows it (what was
typed above still counts: Enter sends it together with what is typed after).
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import msgspec
from rich.console import Console
from rich.text import Text

from saqqara.client import RATE_PAUSE, ClientError, SeatLink, TableClient
from saqqara.core.game import Game
from saqqara.core.i18n import LANGUAGES, N_, SOURCE_LANGUAGE, Translator
from saqqara.core.presentation import Presentation, ScoreLine, presentation_for
from saqqara.core.refusals import translate_refusal
from saqqara.core.registry import load
from saqqara.server.clocks import ClockView
from saqqara.server.messages import (
    Ack,
    Error,
    Hint,
    LegalAction,
    ServerMessage,
    TableNotice,
    Undone,
    Update,
    Welcome,
)
from saqqara.ui.commands import command, command_fields
from saqqara.ui.compact import COMPACT
from saqqara.ui.end_screen import GAME_OVER, final_board, show_end
from saqqara.ui.hinting import HELP_HINT, NO_HINTS, THINKING, hint_sentence
from saqqara.ui.news import Headline, earlier, fit, names_seat, show_news, turn_rows
from saqqara.ui.renderers import has_aids, render, without_aids
from saqqara.ui.terminal import (
    PAGE,
    QUIET,
    RECENT,
    UNSHOWN,
    menu_index,
    menu_key,
    menu_order,
    menu_page,
    next_menu_page,
    print_legend,
    printable,
)

HELP = N_(
    'Type the letter of a move from the menu, or its notation (for example "{example}"). '
    'Commands: "{more}" shows more of the menu, "{moves}" lists every move, "{board}" shows the '
    'table, "{log}" what happened since your last move, "{rules}" the rules in brief, "{legend}" '
    'the symbols of the board, "{undo}" takes back your last move where the table allows it, '
    '"{quit}" leaves the table (your seat stays yours: the same command brings you back).'
)
SPECTATOR_HELP = N_(
    'You are watching this table. Commands: "{board}" shows the table, "{log}" what happened '
    'lately, "{rules}" the rules in brief, "{legend}" the symbols of the board, "{quit}" stops '
    "watching (the same command brings you back)."
)
CLOCK_BOTH = N_("Your clock: {move} for this move, {game} for the whole game.")
CLOCK_MOVE = N_("Your clock: {move} for this move.")
CLOCK_GAME = N_("Your clock: {game} for the whole game.")
ON_TIMEOUT = {
    "bot": N_("When it runs out, a bot moves for you."),
    "lose": N_("When it runs out, you lose the game."),
}
TIMED_OUT = N_("Your time ran out; a bot moved for you.")
STOOD_IN = N_("A bot moved for {player}.")
AWAY_STOOD_IN = N_("While you were away, a bot moved for you.")
"""What the terminal says of the stand-in bot's moves, which updates mark (``stand_in``):
its own seat's while it was connected (the time ran out), another seat's, and its own seat's
made while it was not connected."""

RESYNC = frozenset({"stale", "store-failed", "moved", "cid-reused", "not-your-turn"})
"""Refusals after which the table may stand elsewhere than this terminal shows: it asks
for the table as it stands (``sync``) and the seat chooses again from that update."""
M = TypeVar("M")


def _printable(value: Any) -> Any:
    if isinstance(value, str):
        return printable(value)
    if isinstance(value, list):
        return [_printable(item) for item in value]
    if isinstance(value, dict):
        return {_printable(key): _printable(item) for key, item in value.items()}
    if isinstance(value, msgspec.Struct):
        fields = {name: _printable(getattr(value, name)) for name in value.__struct_fields__}
        return msgspec.structs.replace(value, **fields)
    return value


def from_server(message: M) -> M:
    """``message`` as the server sent it, each of its texts made printable (names, labels,
    sentences, errors, the view's words): the one way in for what the server says."""
    shown: M = _printable(message)
    return shown


class LeftTable(Exception):
    """The person at the terminal typed ``quit`` (or closed the input)."""


def clock_text(seconds: float) -> str:
    """``m:ss`` (``h:mm:ss`` from an hour), rounded down: what a person reads off a clock."""
    whole = max(int(seconds), 0)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def _clock_runs(update: Update, seat: int) -> bool:
    """Whether ``seat``'s clock runs in ``update``."""
    return update.clock is not None and seat in update.clock.running


def clock_lines(clock: ClockView | None, seat: int, tr: Translator, width: int = 80) -> list[str]:
    """What ``seat`` is told of its own clock at its turn, in lines shorter than ``width``
    (nothing without clocks)."""
    if clock is None:
        return []
    move, game = clock.move_left[seat], clock.game_left[seat]
    if move is not None and game is not None:
        said = tr(CLOCK_BOTH, move=clock_text(move), game=clock_text(game))
    elif move is not None:
        said = tr(CLOCK_MOVE, move=clock_text(move))
    elif game is not None:
        said = tr(CLOCK_GAME, game=clock_text(game))
    else:
        return []
    effect = tr(ON_TIMEOUT.get(clock.on_timeout, ON_TIMEOUT["bot"]))
    together = f"{said} {effect}"
    return [together] if len(together) < width else [said, effect]


ERASE_LINE = "\r\x1b[K"
"""Back to the start of the line, and the line wiped: where a prompt was before the news."""


def unknown_typing() -> str | None:
    """What was typed after the prompt where the input cannot tell: unknown (``None``)."""
    return None


class RemoteSeat:
    """One seat (or a spectator) at a remote table, at the terminal. ``typed`` says what
    the person has typed on the line not yet sent, where the line editor can tell
    (readline's buffer); ``None`` where it cannot."""

    def __init__(
        self,
        client: TableClient,
        welcome: Welcome,
        console: Console,
        ask: Callable[[str], str],
        typed: Callable[[], str | None] = unknown_typing,
    ) -> None:
        welcome = from_server(welcome)
        self.client = client
        self.console = console
        self.ask = ask
        self.typed = typed
        self.prompted: str | None = None
        """The prompt on the screen's last line, waiting for a line (``None``: none)."""
        self.seat = welcome.seat
        self.names = welcome.names
        self.hints = welcome.hints
        """Whether this table answers the seat's ``hint`` (made with hints)."""
        lang = welcome.lang if welcome.lang in LANGUAGES else SOURCE_LANGUAGE
        self.tr = Translator(lang)
        self.words = command_fields(lang)
        """The table's command words, the fields of the texts that name them."""
        self.game: Game = load(welcome.game, welcome.players, welcome.options)
        self.text: Presentation = presentation_for(self.game, lang, welcome.names)
        self.log: list[list[Headline]] = []
        """What happened since this seat's last move: the sentences of each update."""
        self.aids = True
        self.page = PAGE
        """Menu entries on one page (what fits the terminal below the board)."""
        self.menu_page = 0
        self.menu_shown: set[int] = set()
        """The menu entries shown this turn: only their letters choose a move."""
        self.turn: Update | None = None
        """The update whose moves this seat may choose from now (``None``: not its turn,
        or its move is on its way)."""
        self.waiting_for: list[int] | None = None
        self.current: Update | None = None
        """The latest update, as printable (:func:`from_server`)."""
        self.away = True
        """Whether the next update may bring moves a bot made for this seat while this
        terminal was not connected: at the start, and after a lost connection."""

    async def run(self) -> Update:
        """Follow the table, playing the seat's turns, until the game is over. Lines are
        read all along, so the commands work while the others decide too."""
        lines = self._read_lines()
        receiving = asyncio.ensure_future(self._receive())
        reading = asyncio.ensure_future(lines.get())
        try:
            while True:
                done, _ = await asyncio.wait(
                    {receiving, reading}, return_when=asyncio.FIRST_COMPLETED
                )
                if reading in done:
                    line = reading.result()
                    if line is None or command(line, self.tr.lang) == "quit":
                        raise LeftTable
                    await self._command(line.strip())
                    reading = asyncio.ensure_future(lines.get())
                if receiving in done:
                    final = await self._message(receiving.result())
                    if final is not None:
                        return final
                    receiving = asyncio.ensure_future(self._receive())
        finally:
            for task in (receiving, reading):
                task.cancel()
            await self.client.close()

    def _read_lines(self) -> asyncio.Queue[str | None]:
        """Lines typed, from a reader thread (``None``: the input ended). The thread is a
        daemon: a read still waiting when the game ends does not hold the program."""
        loop = asyncio.get_running_loop()
        lines: asyncio.Queue[str | None] = asyncio.Queue()

        def read() -> None:
            while True:
                try:
                    line: str | None = self.ask("")
                except (EOFError, OSError, ValueError):
                    line = None
                self.prompted = None  # Enter ended the prompt's line
                try:
                    loop.call_soon_threadsafe(lines.put_nowait, line)
                except RuntimeError:  # the game is over and its loop closed
                    return
                if line is None:
                    return

        threading.Thread(target=read, name="saqqara-remote-input", daemon=True).start()
        return lines

    async def _receive(self) -> ServerMessage:
        """The next message; a lost connection is opened again, for a while
        (:meth:`TableClient.receive_reconnecting`), and the person told."""
        return await self.client.receive_reconnecting(
            24 * 3600,
            lost=lambda: self._say(self.tr("The connection was lost; trying again…")),
            back=self._back,
        )

    def _back(self) -> None:
        """The connection is open again: said, and the moves a bot made for this seat
        meanwhile are told as made while the person was away."""
        self.away = True
        self._say(self.tr("Connected again."))

    def _say(self, text: str) -> None:
        """One line of news, above the prompt."""
        with self._news():
            self.console.print(text, markup=False)

    @contextlib.contextmanager
    def _news(self) -> Iterator[None]:
        """What is printed inside comes above the prompt, where one shows, and the prompt
        follows it again (with what the person typed so far, where the line editor can
        tell) while the seat is still to choose: the line being typed is never cut."""
        shown, self.prompted = self.prompted, None
        try:
            with self.console.capture() as capture:
                yield
        finally:  # what was printed before a failure is shown too
            self._above_prompt(capture.get(), shown)

    def _above_prompt(self, said: str, shown: str | None) -> None:
        """``said`` printed where the prompt ``shown`` was (:meth:`_news`)."""
        if not said:
            self.prompted = shown  # nothing printed: the prompt is still there
            return
        typed = self.typed()
        out = self.console.file
        if shown is not None or typed:
            # wipe the prompt's line where it can be written again as it was; else leave
            # it (what was typed stays in sight) and start a new line
            wipe = self.console.is_terminal and typed is not None
            out.write(ERASE_LINE if wipe else "\n")
        out.write(said)
        if self.prompted is None and shown is not None and self.turn is not None:
            out.write(shown)  # still the seat's turn: the prompt again
            self.prompted = shown
        if typed:
            out.write(typed)  # back where the line editor has it
        out.flush()

    async def _message(self, received: ServerMessage) -> Update | None:
        """Act on one message from the server, its texts made printable, above the prompt
        where one shows (:meth:`_news`); the final update once the game is over."""
        with self._news():
            return await self._act_on(from_server(received))

    async def _act_on(self, message: ServerMessage) -> Update | None:
        """Act on one message from the server, its texts already made printable."""
        if isinstance(message, Error):
            self._refused(message)
            if message.code == "rate-limited" and message.cid is not None:
                await asyncio.sleep(RATE_PAUSE)  # nothing of it was played: send it again
                await self.client.act_again(message)
            elif message.code in RESYNC:
                await self.client.sync()
            elif self.turn is not None:
                self._prompt()  # a refused command: the turn goes on
            elif self.current is not None and self.client.pending is None:
                self._offer(self.current, [])  # a refused move: choose again
        elif isinstance(message, TableNotice):
            self._notice(message)
        elif isinstance(message, Undone):
            said = self.tr("{player} took back a move.", player=self.text.player(message.seat))
            self.console.print(said, markup=False)
            self.log.append([Headline(said)])
        elif isinstance(message, Update):
            self.current = message
            news = self._note(message)
            if message.over:
                self.turn = None
                self._show_end(message)
                return message
            self._offer(message, news)
        elif isinstance(message, Ack):
            self.log.clear()  # the log starts again after this seat's own move
        elif isinstance(message, Hint) and self.turn is not None and message.seq == self.turn.seq:
            # (a hint for a position gone by is not said)
            self.console.print(hint_sentence(self.tr, message.label, message.value))
            self._prompt()
        return None

    def _offer(self, update: Update, news: list[Headline]) -> None:
        """This seat's turn, shown; or the update's ``news`` while others decide."""
        if update.legal and self.seat is not None and not update.over:
            if self._same_turn(update):
                self._clock_changed(update, self.seat)
            else:
                self._show_turn(update, self.seat)
        else:
            self.turn = None
            self._wait(update, news)

    def _same_turn(self, update: Update) -> bool:
        """Whether ``update`` is the turn already on the screen again, nothing new in it but
        perhaps the clock (the server sends such an update to every seat when a person
        takes a seat at a rematch in play, and their clock starts): not drawn again."""
        turn = self.turn
        return (
            turn is not None
            and not update.events
            and (update.seq, update.undos) == (turn.seq, turn.undos)
            and sorted(a.id for a in update.legal) == sorted(a.id for a in turn.legal)
        )

    def _clock_changed(self, update: Update, seat: int) -> None:
        """The turn on the screen goes on; its clock is said again where it started."""
        before, self.turn = self.turn, self._in_menu_order(update)
        if before is None or _clock_runs(before, seat) or not _clock_runs(update, seat):
            return
        for line in clock_lines(update.clock, seat, self.tr, self.console.width):
            self.console.print(Text(line, style="bold"), no_wrap=True)

    # -- what happened --------------------------------------------------------------------
    def _note(self, update: Update) -> list[Headline]:
        """Keep the update's sentences (but the game's last: the end says it), each move the
        stand-in bot made followed by what the terminal says of it (:meth:`_stood_in`), for
        the log; those lines (the update's news)."""
        quiet = QUIET.get(self.game.spec.id, frozenset()) | {GAME_OVER}
        notes, mine = self._stood_in(update)
        ends = {event.seq: i for i, event in enumerate(update.events)}  # a step's last event
        lines: list[Headline] = []
        for i, event in enumerate(update.events):
            if event.kind not in quiet:
                lines.append(Headline(event.text, names_seat(event.data, self.seat)))
            if ends[event.seq] == i and event.seq in notes:
                lines.append(Headline(notes.pop(event.seq)))
        lines.extend(map(Headline, notes.values()))  # steps whose events this seat does not see
        lines.extend(Headline(line, own=True) for line in mine)  # last, where its turn shows it
        if lines:
            self.log.append(lines)
        return lines

    def _stood_in(self, update: Update) -> tuple[dict[int, str], list[str]]:
        """What the terminal says of the moves the stand-in bot made in ``update``, which
        the server marks (``stand_in``): for the other seats, by the step it is said after
        (each seat's last such step: a seat is named once an update); for its own seat,
        said once at the end. Its own seat's time ran out (at a table with clocks); or,
        where this terminal was not connected before the update (it has just started, or
        it connected again) or the table has no clocks, the bot moved while the person was
        away. A seat the game does not have is not named."""
        away, self.away = self.away, False
        seats = range(self.game.players)
        last = {mark.seat: mark.seq for mark in update.stand_in if mark.seat in seats}
        timed = not away and update.clock is not None  # without clocks it was for being away
        mine = [self.tr(TIMED_OUT if timed else AWAY_STOOD_IN)] if self.seat in last else []
        others = {
            seq: self.tr(STOOD_IN, player=self.text.player(seat))
            for seat, seq in last.items()
            if seat != self.seat
        }
        return others, mine

    def _show_log(self, everything: bool = False, most: int = RECENT) -> None:
        """The log since this seat's last move (:func:`show_news`: the latest update's lines
        standing out, the seat's own kept); unless ``everything``, at most ``most`` rows."""
        show_news(self.console, self.tr, self.log, most=most, everything=everything)

    def _wait(self, update: Update, news: list[Headline]) -> None:
        """Not this seat's turn: the update's ``news`` (an update without events, such as
        the one that starts the table, brings none: what an earlier one said is not said
        again), and who the table waits for when that changed. News longer than the screen
        (the whole game so far, to a terminal that joins a table in play) is cut to its
        latest lines; ``log`` shows the rest."""
        skipped, kept = fit(news, max(RECENT, self.console.height - 4))
        if skipped:
            self.console.print(earlier(self.tr, skipped), style="dim", markup=False)
        for i in kept:
            line = news[i]
            self.console.print(
                Text(line.text, style="underline" if line.own else "dim"), no_wrap=True
            )
        if update.status == "open":
            self.console.print(
                self.tr("Waiting for the other players to take their seats."), markup=False
            )
            return
        if update.to_act != self.waiting_for:
            self.waiting_for = list(update.to_act)
            if update.to_act and not update.events:  # else the events say whose turn it is
                who = self.text.players(update.to_act)
                self.console.print(self.tr("Waiting for {players}.", players=who), markup=False)
        if update.undo:  # the server's word: never for a move the stand-in bot made
            self.console.print(
                self.tr("Type '{undo}' to take back your move.", **self.words), style="dim"
            )

    def _refused(self, error: Error) -> None:
        reason = translate_refusal(error.message, self.tr, self.text.phase_name)
        self.console.print(Text(reason, style="red"))

    def _notice(self, notice: TableNotice) -> None:
        if notice.rematch:
            self.console.print(
                self.tr(
                    "A rematch is open: table {table} (your seat's key works there too).",
                    table=notice.rematch,
                ),
                markup=False,
            )
        elif notice.status == "closed":
            self.console.print(self.tr("The table was closed."), markup=False)

    # -- a turn ---------------------------------------------------------------------------
    def _show_turn(self, update: Update, seat: int) -> None:
        """The turn at a glance: the board, the seat's clock, the latest news, the moves."""
        self.turn, self.menu_page, self.waiting_for = update, 0, None
        self.menu_shown = set()
        title = self.tr("{player}, your move", player=self.text.player(seat))
        self.console.rule(Text(title, style="rule.text"))
        view = self._shown(update.view)
        compact = COMPACT.get(self.game.spec.id)
        clock = clock_lines(update.clock, seat, self.tr, self.console.width)
        log_room = RECENT
        if compact is None:
            self.console.print(render(view, self.game, seat, self.text))
            self.page = PAGE
        else:
            drawn = compact(view, seat, self.text)
            for row in drawn:
                self.console.print(row, no_wrap=True)
            room = self.console.height - len(drawn) - 2 - len(clock)
            logged = sum(len(lines) for lines in self.log)
            self.page, log_room = turn_rows(room, len(update.legal), logged)
        for line in clock:
            self.console.print(Text(line, style="bold"), no_wrap=True)
        self._show_log(most=log_room)
        self.turn = update = self._in_menu_order(update)
        self._show_menu(update.legal, 0)
        self._prompt()

    def _in_menu_order(self, update: Update) -> Update:
        """``update`` with its legal moves in the menu's order (:func:`menu_order`)."""
        order = menu_order([a.notation for a in update.legal], self.page)
        if order == list(range(len(update.legal))):
            return update
        return msgspec.structs.replace(update, legal=[update.legal[i] for i in order])

    def _prompt(self) -> None:
        if self.turn is not None and self.seat is not None:
            prompt = f"{self.text.player(self.seat)}> "
            self.console.print(prompt, end="", markup=False)
            self.prompted = prompt

    async def _command(self, line: str) -> None:
        """One line typed: a command, or a move on this seat's turn."""
        word = command(line, self.tr.lang)
        turn = self.turn
        current = self.current
        if not line:
            pass
        elif word == "help" and self.seat is None:
            self.console.print(self.tr(SPECTATOR_HELP, **self.words), markup=False)
        elif word == "help":
            example = turn.legal[0].notation if turn is not None else "…"
            told = self.tr(HELP, example=example, **self.words)
            if self.hints:
                told += " " + self.tr(HELP_HINT, **self.words)
            self.console.print(told, markup=False)
        elif word == "board":
            if current is not None:
                self.console.print(
                    render(self._shown(current.view), self.game, self.seat, self.text)
                )
        elif word == "aid":
            self._toggle_aids()
        elif word == "log":
            self._show_log(everything=True)
        elif word == "rules":
            for paragraph in self.text.rules_summary():
                self.console.print(paragraph, markup=False)
        elif word == "legend":
            print_legend(self.console, self.text, self.game.spec.id)
        elif word == "undo" and self.seat is not None:
            await self.client.undo()  # answered by undone and an update, or a refusal
            return
        elif word == "hint" and self.seat is not None:
            if not self.hints:
                self.console.print(self.tr(NO_HINTS), markup=False)
            elif turn is None:
                self._not_now(current)
            else:
                self.console.print(self.tr(THINKING), style="dim", markup=False)
                await self.client.hint()  # answered by a hint or a refusal
                return
        elif turn is None:
            self._not_now(current)
        elif word == "moves":
            self._show_menu(turn.legal, None)
        elif word == "more":
            self.menu_page = next_menu_page(self.menu_page, self.page, len(turn.legal))
            self._show_menu(turn.legal, self.menu_page)
        else:
            chosen = self._chosen(turn.legal, line)
            if chosen is not None:
                self.turn = None
                await self.client.act(chosen.id)
                return
        self._prompt()

    def _not_now(self, current: Update | None) -> None:
        if self.seat is None:
            self.console.print(self.tr("Spectators watch; they cannot move."), markup=False)
            return
        deciding = [] if current is None else [s for s in current.to_act if s != self.seat]
        if not deciding:
            self.console.print(self.tr("It is not your turn."), markup=False)
            return
        who = self.text.players(deciding)
        self.console.print(
            self.tr("It is not your turn: waiting for {players}.", players=who), markup=False
        )

    def _shown(self, view: dict[str, Any]) -> dict[str, Any]:
        return view if self.aids else without_aids(view, self.game)

    def _toggle_aids(self) -> None:
        if not has_aids(self.game):
            self.console.print(self.tr("This game has no aid to switch."), markup=False)
            return
        self.aids = not self.aids
        message = self.tr("The aid is on.") if self.aids else self.tr("The aid is off.")
        self.console.print(message, markup=False)

    def _chosen(self, legal: list[LegalAction], line: str) -> LegalAction | None:
        """The move a line names: a menu letter or a move's notation; else a clear word."""
        index = menu_index(line, len(legal))
        if index is not None:
            if index in self.menu_shown:
                return legal[index]
            self.console.print(Text(self.tr(UNSHOWN, key=line.lower(), **self.words), style="red"))
            return None
        chosen = next((a for a in legal if a.notation == line), None)
        if chosen is None:
            self.console.print(
                Text(self.tr("That is not one of your moves now.") + " ", style="red")
                + Text(
                    self.tr(
                        "Type a letter from the menu, a move's notation or '{help}'.", **self.words
                    )
                )
            )
        return chosen

    def _show_menu(self, legal: list[LegalAction], page: int | None) -> None:
        """One page of the menu (``None``: all of it): letter, label and notation."""
        size = self.page
        first, last = menu_page(page, size, len(legal))
        self.menu_shown.update(range(first, last))
        for i, action in enumerate(legal[first:last], start=first):
            entry = Text(f"{menu_key(i):>2} ", style="bold")
            entry.append(action.label)
            entry.append(f"  [{action.notation}]", style="dim")
            entry.truncate(self.console.width - 1, overflow="ellipsis")
            self.console.print(entry, no_wrap=True)
        if last < len(legal):
            self.console.print(
                self.tr(
                    "{shown} of {total} moves; '{more}' shows the next ones.",
                    shown=f"{menu_key(first)}–{menu_key(last - 1)}",
                    total=len(legal),
                    **self.words,
                ),
                style="dim",
                markup=False,
            )

    # -- the end ----------------------------------------------------------------------------
    def _show_end(self, update: Update) -> None:
        """The end on one screen (:func:`show_end`): the latest news, the final board where
        the screen has room for it, the result said once (who ran out of time, where the
        table ended on time), and every seat's score broken down as the seat may see it."""

        def who(score: ScoreLine) -> str:
            if score["seat"] == self.seat:
                return self.tr("{player} (you)", player=score["name"])
            return score["name"]

        show_end(
            self.console,
            self.tr,
            news=[line.text for lines in self.log for line in lines],
            board=final_board(self.console, self.game, update.view, self.seat, self.text),
            result=self._result(update),
            scores=update.breakdown or [],
            who=who,
        )

    def _result(self, update: Update) -> list[str]:
        """How the game ended, in one sentence: who ran out of time where the table ended
        on time, else the reason the server worded (nothing where it gave none)."""
        outcome = update.outcome or {}
        if outcome.get("forfeit"):
            return [
                self.tr(
                    "{players} ran out of time and lost; the table ended there. Winner: {winners}.",
                    players=self.text.players(outcome["forfeit"]),
                    winners=self.text.players(outcome.get("winners", [])),
                )
            ]
        if outcome.get("reason"):  # worded by the server in this connection's language
            return [self.tr("Game over: {reason}.", reason=str(outcome["reason"]))]
        return []


@contextlib.contextmanager
def line_editor(ask: Callable[[str], str]) -> Iterator[Callable[[], str | None]]:
    """For ``input`` at a terminal, readline (where Python has it) as the line editor:
    what the person has typed can then be written again below news (its buffer is
    yielded), and the terminal's settings, which readline changes while it waits for a
    line, are put back at the end (a read still waiting when the game ends would leave
    the terminal without echo). Elsewhere: nothing to read back."""
    if ask is not input or not (sys.stdin.isatty() and sys.stdout.isatty()):
        yield unknown_typing
        return
    try:
        import readline
        import termios
    except ImportError:  # a Python without readline: the terminal's own line editing
        yield unknown_typing
        return
    saved = termios.tcgetattr(sys.stdin.fileno())
    try:
        yield readline.get_line_buffer
    finally:
        termios.tcsetattr(sys.stdin.fileno(), termios.TCSADRAIN, saved)


async def play_remote_seat(
    link: str | SeatLink,
    console: Console,
    ask: Callable[[str], str] = input,
    lang: str | None = None,
) -> Update | None:
    """Play the seat of ``link`` (or follow the table, with a spectator link) until the
    game is over: its last update; ``None`` when the person left with ``quit``. ``ask``
    reads one line (``EOFError``: the person left). ``lang``: the language of every word
    (default: the seat's, as the table was given it). A refusal is a
    :class:`ClientError` whose words are printable."""
    client = TableClient(link, lang)
    try:
        welcome = await client.connect_patiently()
    except ClientError as refused:
        raise ClientError(printable(refused.code), printable(refused.message)) from None
    with line_editor(ask) as typed:
        return await _play(RemoteSeat(client, welcome, console, ask, typed), welcome.table)


async def _play(seat: RemoteSeat, table: str) -> Update | None:
    """The welcome said, then the table followed to the end (``None``: the person left)."""
    client, console, tr = seat.client, seat.console, seat.tr
    where = (
        tr("as a spectator")
        if seat.seat is None
        else tr("in the seat of {player}", player=seat.text.player(seat.seat))
    )
    console.print(
        tr(
            "{game} at table {table}, {where}.",
            game=seat.game.spec.title,
            table=printable(table),
            where=where,
        ),
        markup=False,
    )
    console.print(
        tr("Players: {players}.", players=seat.text.players(range(len(seat.names)))),
        markup=False,
    )
    try:
        return await seat.run()
    except LeftTable:
        await client.close()
        left = (
            tr("You stopped watching the table; the same command brings you back to it.")
            if seat.seat is None
            else tr("You left the table; your seat stays yours: the same command brings you back.")
        )
        console.print(left, markup=False)
        return None
