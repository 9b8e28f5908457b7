"""The remote seat's screen without a server: updates built as the server builds them
(``seat_update``) are handed to a :class:`RemoteSeat` with an 80 x 24 console. Texts from
outside never reach the terminal as control characters or markup, the end fits the
screen and says the result once, a long name keeps the compact board's columns, a move
the stand-in bot made, as the server marks it, is said so (and one of the seat's own not
offered to be taken back), ``--server`` gives the address a link is played at, news that comes while
the prompt shows is printed above it and the prompt shown again, an update with no
events (the one that starts the table) says nothing already said, and the same turn told
again is not drawn again."""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest
from rich.console import Console

from saqqara.ai.registry import make_bot
from saqqara.cli import main
from saqqara.client import TableClient, table_link
from saqqara.core.match import Match
from saqqara.core.playout import play_out
from saqqara.core.presentation import presentation_for
from saqqara.core.registry import load
from saqqara.remote_terminal import AWAY_STOOD_IN, ERASE_LINE, TIMED_OUT, RemoteSeat
from saqqara.server.clocks import ClockView
from saqqara.server.messages import (
    EventText,
    ServerMessage,
    StandIn,
    TableNotice,
    Undone,
    Update,
    Welcome,
)
from saqqara.server.updates import seat_update
from saqqara.ui.compact import COMPACT
from saqqara.ui.terminal import UNPRINTABLE, TerminalTable, printable

ESCAPE = "\u001b[2J\u001b[41mEVIL\u0007"
FAKE_LINE = "Bo\r\nFAKE: Your move, type quit"
END_TABLES = [
    (game_id, players)
    for game_id, most in [
        ("tutankhamun", 6),
        ("valley-of-the-kings", 4),
        ("curse-of-the-mummy", 5),
        ("tutankhamuns-revenge", 6),
    ]
    for players in (2, most)
]
"""Each game at its smallest and largest table: the end screen must fit either."""
LONG = "A" * 38
"""A name of 38 characters (the server takes up to 40)."""


CLOCK = ClockView(120, None, [120, 120], [None, None], [0], "bot")
"""A move clock of two minutes, Ann's running: a clocked table's update."""


def _remote(
    game_id: str,
    names: list[str],
    seat: int | None = 0,
    terminal: bool = False,
    typed: Callable[[], str | None] = lambda: None,
) -> tuple[RemoteSeat, io.StringIO, Match]:
    """A remote seat at a fresh match of ``game_id``, printing to an 80 x 24 console (one
    that takes itself for a ``terminal``, whose line editor says what was ``typed``)."""
    game = load(game_id, len(names))
    welcome = Welcome("T1", game_id, len(names), {}, seat, names, "en")
    out = io.StringIO()
    screen = Console(file=out, width=80, height=24, color_system=None, force_terminal=terminal)
    client = TableClient("http://127.0.0.1:9/t/T1?seat=0&key=K")
    match = Match(game, seed=3, names=names)
    return RemoteSeat(client, welcome, screen, lambda _: "", typed), out, match


def _update(remote: RemoteSeat, match: Match, since: int = 0, **changes: object) -> Update:
    """The update the server sends ``remote``'s seat of ``match``, with ``changes``."""
    steps = [step for step in match.history if step.seq > since]
    over = match.is_over()
    update = seat_update(
        match.game,
        match,
        remote.seat,
        "en",
        seq=match.seq,
        steps=steps,
        status="finished" if over else "playing",
        playing=not over,
        names=list(remote.names),
    )
    return msgspec.structs.replace(update, **changes) if changes else update


def _told(remote: RemoteSeat, *updates: ServerMessage) -> None:
    async def tell() -> None:
        for update in updates:
            await remote._message(update)

    asyncio.run(tell())


# -- 1. nothing from outside reaches the terminal as a control character -------------------
def test_printable_replaces_control_and_bidi_characters_with_a_visible_mark() -> None:
    assert printable(ESCAPE) == "\ufffd[2J\ufffd[41mEVIL\ufffd"
    assert printable(FAKE_LINE) == "Bo\ufffd\ufffdFAKE: Your move, type quit"
    assert printable("\u202eevil\u202c \u2066x\u2069 \u200f\u0085\u009b\u007f") == (
        "\ufffdevil\ufffd \ufffdx\ufffd \ufffd\ufffd\ufffd\ufffd"
    )
    kept = "Ada Løvström — ◀ * · 名前 (you) [bold]x[/]"
    assert printable(kept) == kept


def test_names_labels_and_sentences_from_the_server_are_printed_harmless() -> None:
    names = [ESCAPE, FAKE_LINE, "A[/]b"]  # the last is no markup either: it used to crash
    remote, out, match = _remote("tutankhamun", names)
    first = _update(remote, match)
    event = EventText(first.seq, "move", f"{FAKE_LINE} moves {ESCAPE}", {"why": ESCAPE})
    label = msgspec.structs.replace(first.legal[0], label=f"Take {ESCAPE}")
    _told(remote, _update(remote, match, events=[event], legal=[label, *first.legal[1:]]))
    asyncio.run(remote._command("board"))
    text = out.getvalue()
    assert "your move" in text and "EVIL" in text and "A[/]b" in text
    assert not UNPRINTABLE.search(text.replace("\n", ""))
    assert not any(line.startswith("FAKE") for line in text.splitlines())
    assert remote.current is not None and "EVIL" in remote.current.legal[0].label
    assert remote.text.player(0) == printable(ESCAPE)


def test_a_local_name_from_the_command_line_is_printed_harmless(tmp_path: Path) -> None:
    game = load("tutankhamun", 2)
    out = io.StringIO()

    def leave(prompt: str) -> str:
        out.write(prompt)
        raise EOFError

    table = TerminalTable(
        game,
        [None, make_bot("random", game)],
        1,
        Console(file=out, width=80, height=24, color_system=None),
        leave,
        tmp_path / "g.json",
        names=[FAKE_LINE + ESCAPE + "[/]", "Cy"],
    )
    table.run()
    text = out.getvalue()
    assert "FAKE: Your move" in text and "Game saved to" in text
    assert not UNPRINTABLE.search(text.replace("\n", ""))
    assert not any(line.startswith("FAKE") for line in text.splitlines())


@pytest.mark.parametrize(
    "game_id", ["tutankhamun", "valley-of-the-kings", "curse-of-the-mummy", "tutankhamuns-revenge"]
)
def test_a_name_is_never_read_as_markup(game_id: str) -> None:
    """Rich reads ``[...]`` in a plain string as a style; a name's ``[/]`` used to stop
    every turn's heading, and the Valley's board, with a markup error."""
    names = ["A[/]b", "[red]Red"]
    first = Match(load(game_id, 2), seed=3, names=names).to_act()[0]
    remote, out, match = _remote(game_id, names, seat=first)
    _told(remote, _update(remote, match))
    asyncio.run(remote._command("board"))
    text = out.getvalue()
    assert f"{names[first]}, your move" in text
    if game_id == "valley-of-the-kings":
        assert f"{names[first]} (you)" in text and names[1 - first] in text


# -- 3. the end fits the screen and says the result once -----------------------------------
@pytest.mark.parametrize(("game_id", "players"), END_TABLES)
def test_the_end_fits_80_by_24_and_says_the_result_once(game_id: str, players: int) -> None:
    names = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"][:players]
    remote, out, match = _remote(game_id, names)
    play_out(match, [make_bot("random", match.game) for _ in names])
    last = max(s.seq for s in match.history if s.seat >= 0)  # the last move's steps
    final = _update(remote, match, since=last - 1)
    assert final.over and any(e.kind == "game-over" for e in final.events)
    assert final.outcome is not None
    _told(remote, final)
    lines = out.getvalue().splitlines()
    result = f"Game over: {final.outcome['reason']}."
    assert sum(line.count(final.outcome["reason"]) for line in lines) == 1, out.getvalue()
    assert lines.count(result) == 1
    assert len(lines) <= 23, out.getvalue()  # the last row stays for the shell's prompt
    assert any(re.match(r"─+ Game over ─+", line) for line in lines)
    assert all(len(line) <= 80 for line in lines)
    for rank in {line["rank"] for line in final.breakdown or []}:
        assert any(line.startswith(f"{rank}. ") for line in lines)
    if players == 2:  # room for the compact board too
        board = COMPACT[game_id](final.view, 0, remote.text)
        assert board[-1].plain.rstrip() in lines


# -- 4. a long name keeps the columns of the compact board -----------------------------------
@pytest.mark.parametrize("game_id", ["tutankhamun", "valley-of-the-kings", "tutankhamuns-revenge"])
def test_a_long_name_keeps_the_columns_of_the_compact_board(game_id: str) -> None:
    names = ["Ann", LONG, "Cy"]
    game = load(game_id, 3)
    match = Match(game, seed=5, names=names)
    text = presentation_for(game, "en", names)
    rows = [row.plain for row in COMPACT[game_id](match.view(0), 0, text)]
    assert all(len(row) <= 79 for row in rows)
    mine = [row for row in rows if row.startswith(("Ann", "A" * 15 + "…", "Cy "))]
    assert len(mine) == 3, rows
    # the first number after the name (points or silver, right-aligned) ends in one column
    ends = {(match_ := re.search(r"\d+", row)) and match_.end() for row in mine}
    assert len(ends) == 1, mine
    assert LONG not in "".join(rows)  # cut, with an ellipsis, everywhere on the board


# -- 6. the stand-in bot's moves, as the server marks them ---------------------------------
@pytest.mark.parametrize("stood_in", [True, False])
def test_a_move_the_stand_in_made_is_said_and_not_offered_back(stood_in: bool) -> None:
    """Ann's turn comes; she never answers, and the next update has her move in it. Where
    the server marks it as the stand-in bot's (``stand_in``: her time ran out), she is told
    so, and not offered to take it back (``undo`` is false for such a move). Unmarked, the
    move was made elsewhere (another window of her seat): undo is offered as ever."""
    remote, out, match = _remote("tutankhamun", ["Ann", "Bo"])
    turn = _update(remote, match, clock=CLOCK)
    assert turn.legal and turn.to_act == [0]
    before = match.seq
    match.play_bot(0, make_bot("random", match.game))
    marks = [StandIn(match.seq, 0)] if stood_in else []
    moved = _update(remote, match, since=before, undo=not stood_in, stand_in=marks, clock=CLOCK)
    assert moved.to_act == [1] and moved.events
    _told(remote, turn, moved)
    text = out.getvalue().split("Ann> ")[-1]
    told = "Your time ran out; a bot moved for you."
    assert told == TIMED_OUT
    if stood_in:
        assert told in text and "Type 'undo'" not in text
        assert remote.log[-1][-1].text == told  # and kept in the log, after the move's sentences
    else:
        assert told not in text and "Type 'undo' to take back your move." in text


def test_a_move_the_stand_in_made_while_the_terminal_was_away_is_said_so() -> None:
    """Ann's terminal lost its connection while her turn was on; the bot moved for her, as
    the table does for a person gone too long. The update that comes once she is connected
    again says it was while she was away, not that her time ran out. The terminal is
    connected from then on: the next such move is said to be a timeout."""
    remote, out, match = _remote("tutankhamun", ["Ann", "Bo"])
    _told(remote, _update(remote, match))
    bot = make_bot("random", match.game)
    before = match.seq
    match.play_bot(0, bot)
    marks = [StandIn(match.seq, 0)]
    match.play_bot(1, bot)
    remote._back()
    _told(remote, _update(remote, match, since=before, undo=False, stand_in=marks))
    away = "While you were away, a bot moved for you."
    assert away == AWAY_STOOD_IN
    assert remote.log[-1][-1].text == away and TIMED_OUT not in out.getvalue()
    before = match.seq
    match.play_bot(0, bot)
    marks = [StandIn(match.seq, 0)]
    clocked = _update(remote, match, since=before, undo=False, stand_in=marks, clock=CLOCK)
    _told(remote, clocked)
    assert remote.log[-1][-1].text == TIMED_OUT
    assert out.getvalue().count(away) == 1
    # at a table without clocks a bot moves for a connected seat only for its being away
    before = match.seq
    while match.to_act() != (0,):
        match.play_bot(match.to_act()[0], bot)
    match.play_bot(0, bot)
    marks = [StandIn(match.seq, 0)]
    _told(remote, _update(remote, match, since=before, undo=False, stand_in=marks))
    assert remote.log[-1][-1].text == away


def test_a_move_the_stand_in_made_for_another_seat_is_said_with_their_name() -> None:
    """Bo is away when his turn comes: the bot moves for him. Ann reads it in her log
    (once, however many of his moves one update brings), after his move and
    before Cy's, which came next; her own time is not said to be out."""
    remote, out, match = _remote("tutankhamun", ["Ann", "Bo", "Cy"])
    start = _update(remote, match)
    _told(remote, start)
    before = match.seq
    bot = make_bot("random", match.game)
    match.play_bot(0, bot)
    marks: list[StandIn] = []
    while match.to_act() == (1,) and len(marks) < 3:
        match.play_bot(1, bot)
        marks.append(StandIn(match.seq, 1))
    assert match.to_act() == (2,)
    match.play_bot(2, bot)  # Cy moves himself
    moved = _update(remote, match, since=before, stand_in=marks)
    _told(remote, moved)
    said = "A bot moved for Bo."
    lines = [line.text for line in remote.log[-1]]
    assert lines.count(said) == 1
    bo = max(i for i, line in enumerate(lines) if line.startswith("Bo moves"))
    cy = next(i for i, line in enumerate(lines) if line.startswith("Cy moves"))
    assert bo < lines.index(said) < cy
    assert TIMED_OUT not in out.getvalue()


# -- 7. news while the prompt shows; an update with no events ------------------------------
def test_news_while_the_prompt_shows_comes_above_it_and_the_prompt_follows() -> None:
    """Ann's turn ends with her prompt; the table's news then starts a line of its own
    (it used to be glued to the prompt, which was gone) and the prompt comes again below
    it. Nothing printed: the prompt stays as it is."""
    remote, out, match = _remote("tutankhamun", ["Ann", "Bo"])
    _told(remote, _update(remote, match))
    assert out.getvalue().endswith("Ann> ")
    _told(remote, TableNotice("playing"))  # says nothing
    assert out.getvalue().endswith("Ann> ") and remote.prompted == "Ann> "
    _told(remote, TableNotice("closed"))
    assert out.getvalue().endswith("Ann> \nThe table was closed.\nAnn> ")
    remote._say("The connection was lost; trying again…")
    assert out.getvalue().endswith("closed.\nAnn> \nThe connection was lost; trying again…\nAnn> ")


def test_at_a_terminal_the_news_takes_the_prompts_line_and_what_was_typed_follows() -> None:
    """With a line editor that can say what Ann has typed ("ta"), the prompt's line is
    wiped, the news printed there, and the prompt written again with "ta" after it, to be
    finished and sent. Once the turn is over, only what was typed is written back."""
    typing = [""]
    remote, out, match = _remote(
        "tutankhamun", ["Ann", "Bo"], terminal=True, typed=lambda: typing[0]
    )
    turn = _update(remote, match)
    _told(remote, turn)
    assert out.getvalue().endswith("Ann> ")
    typing[0] = "ta"
    _told(remote, Undone(turn.seq, 1))
    assert out.getvalue().endswith(f"Ann> {ERASE_LINE}Bo took back a move.\nAnn> ta")
    remote.turn = None  # her move is on its way: no prompt, the typing stays
    _told(remote, TableNotice("closed"))
    assert out.getvalue().endswith(f"Ann> ta{ERASE_LINE}The table was closed.\nta")


@pytest.mark.parametrize("game_id", ["tutankhamun", "valley-of-the-kings", "curse-of-the-mummy"])
def test_the_update_that_starts_the_table_does_not_say_the_setup_again(game_id: str) -> None:
    """A seat that sits down at an open table is told how the game was set up; the update
    that starts the table when the last seat is taken brings no events, and the setup
    was printed a second time (what the first seats saw, in Valley with three people
    the second one too)."""
    names = ["Ann", "Bo", "Cy"]
    first = Match(load(game_id, 3), seed=3, names=names).to_act()[0]
    seat = (first + 1) % 3  # not the first to act: the news, not a turn
    remote, out, match = _remote(game_id, names, seat=seat)
    opened = _update(remote, match, status="open")
    _told(remote, opened)
    setup = [line.text for line in remote.log[-1]]
    assert setup and opened.events
    started = _update(remote, match, since=match.seq)
    assert not started.events and started.seq == opened.seq
    _told(remote, started)
    text = out.getvalue()
    for line in setup:
        assert text.count(line) == 1, text
    assert f"Waiting for {names[first]}." in text


# -- 2. --server gives the address, the link the table, seat and key -------------------------
def test_server_gives_the_address_and_the_link_the_table_seat_and_key() -> None:
    link = table_link("http://localhost:8765/t/ID?seat=1&key=K", "http://127.0.0.1:9")
    assert (link.base, link.table, link.seat, link.key) == ("http://127.0.0.1:9", "ID", 1, "K")
    path_only = table_link("/t/ID?seat=1&key=K", "http://games.example/saqqara/")
    assert path_only.base == "http://games.example/saqqara"
    assert path_only.socket_url() == "ws://games.example/saqqara/ws/ID?since=0&seat=1&key=K"
    assert table_link("/t/ID?seat=1&key=K", "https://h.example:8443").base == (
        "https://h.example:8443"
    )
    watch = table_link("/t/ID?watch=W", "http://127.0.0.1:9")
    assert (watch.seat, watch.watch) == (None, "W")
    own = table_link("http://localhost:8765/t/ID?seat=1&key=K")
    assert own.base == "http://localhost:8765"  # without --server, the link's own host
    with pytest.raises(ValueError, match="--server"):
        table_link("/t/ID?seat=1&key=K")
    with pytest.raises(ValueError, match="not a table link"):
        table_link("/games/ID?seat=1&key=K", "http://127.0.0.1:9")
    with pytest.raises(ValueError, match="not a server address"):
        table_link("/t/ID?seat=1&key=K", "127.0.0.1:9")


@pytest.mark.parametrize("link", ["http://localhost:8765/t/ID?seat=1&key=K", "/t/ID?seat=1&key=K"])
def test_play_connects_to_the_server_given(link: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Port 9 of this machine answers nobody: the error names the address tried."""
    code = main(["play", "--server", "http://127.0.0.1:9", "--seat-link", link])
    error = capsys.readouterr().err
    assert code == 1, error
    assert "cannot reach the server at http://127.0.0.1:9:" in error


def test_the_same_turn_again_is_not_drawn_again_but_a_clock_that_starts_is_said() -> None:
    """At a rematch in play the server tells every seat again when a person takes their
    seat (their clock starts): Ann's turn, already on the screen, is not drawn a second
    time; where her own clock starts running with it, its line is printed, and only it."""
    remote, out, match = _remote("tutankhamun", ["Ann", "Bo"])
    still = ClockView(30, None, [30, 30], [None, None], [], "bot")
    turn = _update(remote, match, clock=still)
    _told(remote, turn)
    shown = out.getvalue()
    assert shown.count("Ann, your move") == 1 and shown.endswith("Ann> ")
    again = msgspec.structs.replace(turn, events=[])  # nothing happened since
    _told(remote, again)
    assert out.getvalue() == shown  # nothing printed; the prompt is still there
    running = msgspec.structs.replace(still, running=[0])
    _told(remote, msgspec.structs.replace(again, clock=running))
    added = out.getvalue()[len(shown) :].splitlines()
    assert added[1:] == [
        "Your clock: 0:30 for this move. When it runs out, a bot moves for you.",
        "Ann> ",
    ], added
    assert "Ann, your move" not in out.getvalue()[len(shown) :]


def test_a_letter_not_yet_on_the_menu_chooses_nothing() -> None:
    """As at a local table: 'x' while the menu shows its first page of 70 moves is refused
    (nothing is sent: the turn stays), and it names the 24th move once 'moves' showed it."""
    remote, out, match = _remote("tutankhamun", ["Ann", "Bo"])
    turn = _update(remote, match)
    _told(remote, turn)
    assert len(turn.legal) > 26 and "a–" in out.getvalue()
    asyncio.run(remote._command("x"))
    assert "'x' is not on the menu yet: type 'more' for the next moves" in out.getvalue()
    shown = remote.turn  # in the menu's order: 'exit' moved onto the first page
    assert shown is not None and shown.seq == turn.seq and remote.client.pending is None
    assert {a.id for a in shown.legal} == {a.id for a in turn.legal}
    assert "exit" in [a.notation for a in shown.legal[: remote.page]]
    asyncio.run(remote._command("moves"))
    assert remote._chosen(shown.legal, "x") == shown.legal[23]


def test_a_terminal_joining_a_game_in_play_is_not_flooded_with_its_whole_log() -> None:
    """A trial came back to a table in play and got the whole game's log at once. The
    news of an update longer than the screen is cut to its latest lines, with a word on
    'log', which still has everything."""
    remote, out, match = _remote("tutankhamun", ["Ann", "Bo", "Cy"], seat=2)
    bot = make_bot("heuristic", match.game)  # short steps: a long game
    while match.seq < 69 + 15 or match.to_act() == (2,):
        match.play_bot(match.to_act()[0], bot)
    assert not match.is_over()
    joined = _update(remote, match)
    _told(remote, joined)
    shown = out.getvalue().splitlines()
    assert len(shown) <= 23, out.getvalue()
    assert re.fullmatch(r"\(\d+ earlier lines: type 'log'\)", shown[0]), shown[0]
    assert sum(len(lines) for lines in remote.log) > 23
