"""``saqqara play --server``: a remote seat in the terminal, against a real server.

A scripted person answers at the prompts of an 80 x 24 console: every turn fits the
screen (the compact board, the seat's clock, the latest news, one page of lettered
moves), a wrong answer is explained, ``undo`` takes a move back while the other seat
thinks, ``quit`` leaves and the same link brings the person back to finish the game.
"""

from __future__ import annotations

import asyncio
import io
import re
import threading
from collections.abc import Callable, Iterator

import pytest
from rich.console import Console

from saqqara.client import TableClient, create_table
from saqqara.remote_terminal import clock_text, play_remote_seat
from tests.server.harness import ServerProcess
from tests.server.play import play_seat

PROMPT = "Ann> "
TURN = "Ann, your move"


class Screen(io.StringIO):
    """A console's output that tells a waiting reader when something was written."""

    def __init__(self) -> None:
        super().__init__()
        self.changed = threading.Condition()

    def write(self, text: str) -> int:
        written = super().write(text)
        with self.changed:
            self.changed.notify_all()
        return written


def person(screen: Screen, script: list[tuple[str, str]]) -> Callable[[str], str]:
    """Answers ``script``'s lines, each once its marker has been written after the answer
    before; then the first move at every prompt. Waits on what is written, never on time
    (an answer that never comes ends the input); echoes each answer as a terminal does."""
    steps = iter(script)
    seen = 0

    def ask(prompt: str) -> str:
        nonlocal seen
        marker, answer = next(steps, (PROMPT, "a"))
        with screen.changed:
            found = screen.changed.wait_for(lambda: marker in screen.getvalue()[seen:], 300)
        if not found:
            raise EOFError
        screen.write(answer + "\n")  # what a terminal echoes
        seen = len(screen.getvalue())
        return answer

    return ask


def console(screen: Screen) -> Console:
    return Console(file=screen, width=80, height=24, color_system=None)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("terminal") / "terminal.db"
    with ServerProcess(f"sqlite:///{db}", "--rate", "5000", "--sqlite-sync", "normal") as running:
        yield running


def test_every_turn_fits_80_by_24_with_the_clock_and_wrong_answers_are_explained(
    server: ServerProcess,
) -> None:
    table = create_table(
        server.base,
        "tutankhamun",
        [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}],
        clock={"move": 600, "game": 3600},
    )
    screen = Screen()
    ask = person(screen, [(PROMPT, "no such move"), (PROMPT, "99"), (PROMPT, "moves")])
    final = asyncio.run(play_remote_seat(table["seats"][0]["link"], console(screen), ask))
    text = screen.getvalue()
    assert final is not None and final.over and "Game over" in text
    # Why it ended, as the server worded it ("Game over: Ann reached the goal.").
    assert final.outcome is not None and f"Game over: {final.outcome['reason']}." in text
    assert "Tutankhamun at table" in text and "in the seat of Ann" in text
    assert text.count("That is not one of your moves now.") == 2
    lines = text.splitlines()
    assert all(len(line) <= 80 for line in lines)
    turns = [i for i, line in enumerate(lines) if TURN in line]
    assert len(turns) > 5
    for start in turns:
        end = next(i for i in range(start, len(lines)) if lines[i].startswith(PROMPT))
        assert end - start < 24, "\n".join(lines[start : end + 1])  # the turn fits the screen
        block = "\n".join(lines[start:end])
        assert re.search(
            r"Your clock: (9:\d\d|10:00) for this move, (59|60):\d\d for the whole game", block
        )
        assert "When it runs out, a bot moves for you." in block
        assert re.search(r"^ {1,2}a \S", block, re.M)  # the moves, lettered from a
    assert "more' shows the next ones" in text  # the first turn's 70 moves are paged
    assert clock_text(59.9) == "0:59" and clock_text(3725) == "1:02:05"


def test_undo_quit_and_come_back(server: ServerProcess) -> None:
    """Ann moves, is told she may take it back, and does while Bo (a scripted client)
    waits; she quits at her next turn, comes back with the same link, and the two play to
    the end."""
    table = create_table(
        server.base,
        "tutankhamun",
        [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bo"}],
        undo=True,
    )
    link = table["seats"][0]["link"]
    first, again = Screen(), Screen()
    script = [(PROMPT, "a"), ("Type 'undo' to take back", "undo")]
    script += [("Ann took back a move.", "log")]
    script += [(PROMPT, "quit")]

    async def scenario() -> tuple[object, object]:
        bo = TableClient(table["seats"][1]["link"])
        await bo.connect()  # Bo takes his seat (the game starts) and waits
        left = await play_remote_seat(link, console(first), person(first, script))
        await bo.close()
        back = asyncio.ensure_future(play_remote_seat(link, console(again), person(again, [])))
        await play_seat(TableClient(table["seats"][1]["link"]), 5)
        return left, await back

    left, final = asyncio.run(scenario())
    assert left is None and "You left the table" in first.getvalue()
    assert first.getvalue().count(TURN) == 2  # the move taken back, the turn shown again
    assert final is not None and "Game over" in again.getvalue()


def test_a_seat_that_runs_out_of_time_is_told_it_lost(server: ServerProcess) -> None:
    """``on_timeout: lose``: Ann never answers; the end says who ran out of time."""
    table = create_table(
        server.base,
        "tutankhamun",
        [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}],
        clock={"move": 1, "on_timeout": "lose"},
    )
    screen = Screen()
    silent = person(screen, [("no such text will appear", "")])
    final = asyncio.run(play_remote_seat(table["seats"][0]["link"], console(screen), silent))
    text = screen.getvalue()
    assert final is not None and final.outcome is not None and final.outcome["forfeit"] == [0]
    assert "When it runs out, you lose the game." in text
    assert "Ann ran out of time and lost; the table ended there. Winner: random." in text


def test_a_spectator_who_leaves_is_told_something_true_of_a_spectator(
    server: ServerProcess,
) -> None:
    """``help``, then Ctrl-D (the input ends) at a spectator's terminal: the help is a
    spectator's, and no seat is said to stay theirs."""
    table = create_table(
        server.base, "tutankhamun", [{"kind": "person", "name": "Ann"}, {"kind": "bot"}]
    )
    screen = Screen()
    typed = ["help"]

    def ctrl_d(prompt: str) -> str:
        if typed:
            return typed.pop()
        raise EOFError

    left = asyncio.run(play_remote_seat(table["spectator"], console(screen), ctrl_d))
    text = screen.getvalue()
    assert left is None and "as a spectator" in text
    assert "stays yours" not in text
    assert "You stopped watching the table; the same command brings you back to it." in text
    assert "You are watching this table." in text and "undo" not in text


def test_a_move_the_bot_made_when_the_time_ran_out_is_said(server: ServerProcess) -> None:
    """Ann's move clock (one second) runs out at her first turn; the table's bot moves for
    her, and her terminal says so before she leaves."""
    table = create_table(
        server.base,
        "tutankhamun",
        [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}],
        clock={"move": 1, "game": 3600},
        undo=True,
    )
    screen = Screen()
    told = "Your time ran out; a bot moved for you."

    def silent_until_told(prompt: str) -> str:
        with screen.changed:
            screen.changed.wait_for(lambda: told in screen.getvalue(), 30)
        return "quit"

    left = asyncio.run(
        play_remote_seat(table["seats"][0]["link"], console(screen), silent_until_told)
    )
    text = screen.getvalue()
    assert left is None and told in text
    assert "Type 'undo'" not in text.split(told)[-1]


def test_the_first_seats_are_told_the_setup_once(server: ServerProcess) -> None:
    """A person sits down first at a Valley table of three (in a seat that does not start)
    and is told how the game was set up; the two others sit down, and the table starts
    with an update that has no events. The setup used to be printed again then (to every
    seat but the last to sit down)."""
    names = ["Ann", "Bo", "Cy"]
    table = create_table(
        server.base, "valley-of-the-kings", [{"kind": "person", "name": n} for n in names]
    )
    screen = Screen()
    waiting = "Waiting for the other players to take their seats."

    async def scenario() -> str:
        spectator = TableClient(table["spectator"])
        await spectator.connect()
        starts = (await spectator.until_update()).to_act[0]
        await spectator.close()
        mine = (starts + 1) % 3
        started = f"Waiting for {names[starts]}."

        def until_started(prompt: str) -> str:
            with screen.changed:
                screen.changed.wait_for(lambda: started in screen.getvalue(), 30)
            return "quit"

        link = table["seats"][mine]["link"]
        seated = asyncio.ensure_future(play_remote_seat(link, console(screen), until_started))
        while waiting not in screen.getvalue():
            await asyncio.sleep(0.05)
        others = [TableClient(table["seats"][s]["link"]) for s in range(3) if s != mine]
        for other in others:
            await other.connect()
        assert await seated is None
        for other in others:
            await other.close()
        return started

    started = asyncio.run(scenario())
    text = screen.getvalue()
    assert text.count(waiting) == 1 and started in text
    setup = text.split("Players: Ann, Bo and Cy.\n")[1].split(waiting)[0].splitlines()
    assert any("Round 1 begins" in line for line in setup), text
    for line in setup:
        assert text.count(line) == 1, text
