"""The terminals' ``hint`` (issue 33): a person at a local table asks what the strong bot
would play and is told, in the table's language, the move worked out from their own view
alone; at a server's table the remote terminal asks the server where the table allows
hints, and says that it does not elsewhere."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console

from saqqara.ai.registry import make_bot
from saqqara.client import create_table
from saqqara.core.i18n import Translator
from saqqara.core.match import Match
from saqqara.core.presentation import presentation_for
from saqqara.core.registry import load
from saqqara.remote_terminal import play_remote_seat
from saqqara.server.hints import local_hint
from saqqara.ui.hinting import hint_sentence
from saqqara.ui.terminal import TerminalTable
from tests.server.harness import ServerProcess
from tests.server.test_remote_terminal import PROMPT, Screen, console, person


def _local(tmp_path: Path, lang: str, feed: list[str], hints: bool = True) -> str:
    game = load("tutankhamuns-revenge", 2)
    out = io.StringIO()
    lines = iter(feed)
    table = TerminalTable(
        game,
        [None, make_bot("random", game)],
        11,
        Console(file=out, width=200),
        lambda prompt: next(lines),
        tmp_path / "revenge",
        lang=lang,
        hinter=local_hint if hints else None,
    )
    table.run()
    return out.getvalue()


def test_a_german_local_table_gives_the_hint_from_the_seats_own_view(tmp_path: Path) -> None:
    said = _local(tmp_path, "de", ["hinweis", "beenden"])
    assert "Der Bot denkt nach…" in said
    # The same hint worked out independently from the seat's view (no hidden fact of the
    # state goes in: the other seat's laid cards are not in the view).
    game = load("tutankhamuns-revenge", 2)
    match = Match(game, seed=11, names=["human", "random"])
    seat = match.to_act()[0]
    view = match.perspective(seat).view()
    assert "my_layers" in view and all(
        cards is not None for cards in view["my_layers"].values()
    )  # only its own layers
    answer = local_hint(game, view, seat, "revenge", len(match.history))
    text = presentation_for(game, "de")
    label = text.action_label(view, game.action_from_id(answer.action))
    assert hint_sentence(Translator("de"), label, answer.value) in said, said[-600:]
    assert "Der Bot würde spielen: " in said
    help_said = _local(tmp_path / "again", "de", ["hilfe", "beenden"])
    assert '"hinweis" fragt den starken Bot' in help_said


def test_a_local_table_without_hints_says_so(tmp_path: Path) -> None:
    said = _local(tmp_path, "sv", ["tips", "avsluta"], hints=False)
    assert "Det här bordet skapades utan tips." in said
    assert "Boten skulle spela" not in said


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("hint") / "hint.db"
    with ServerProcess(f"sqlite:///{db}", "--rate", "5000", "--sqlite-sync", "normal") as running:
        yield running


@pytest.mark.parametrize("hints", [True, False])
def test_a_remote_seat_asks_the_server_for_a_hint(server: ServerProcess, hints: bool) -> None:
    """The terminal sends the server its ``hint`` where the table allows hints, and says
    the server's answer: the hint, or (on a machine too busy for the bot pool's time) the
    server's refusal that none came in time; elsewhere it says hints are off."""
    table = create_table(
        server.base,
        "tutankhamun",
        [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}],
        hints=hints,
    )
    screen = Screen()
    thinking = "The bot is thinking…" if hints else "This table was created without hints."
    answers = ("The bot would play: ", "found no hint in time", thinking)
    first = person(screen, [(PROMPT, "help"), (PROMPT, "hint")])
    asked = 0

    def ask(prompt: str) -> str:
        """The script, then "quit" once the hint's answer (or hints being off) was said."""
        nonlocal asked
        asked += 1
        if asked <= 2:
            return first(prompt)
        with screen.changed:
            said = screen.changed.wait_for(
                lambda: (
                    any(a in screen.getvalue().split("hint\n", 1)[-1] for a in answers[:2])
                    or (not hints and thinking in screen.getvalue())
                ),
                300,
            )
        if not said:
            raise EOFError
        screen.write("quit\n")
        return "quit"

    left = asyncio.run(play_remote_seat(table["seats"][0]["link"], console(screen), ask))
    text = screen.getvalue()
    assert left is None
    assert ('"hint" asks the strong bot' in text) == hints
    if hints:
        answered = text.split(thinking, 1)[1]
        assert "This table was created without hints." not in text
        assert "The bot would play: " in answered or "found no hint in time" in answered
    else:
        assert thinking in text and "The bot would play" not in text
