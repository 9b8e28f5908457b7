"""Secrets stay secret at the terminal: a person sees other seats' moves only through the
events meant for them, and what their screen shows never depends on what they may not know.

Each game is played at the terminal by one person against its heuristic bots. At every
prompt the board and the menu are drawn again from states resampled for the person (every
hidden thing they may not know drawn anew) and must come out the same; the log is made of
the sentences of the events the person may see, which the conformance kit proves the same
under resampling; and no line reports a bot's move by its notation (``go h2``).
"""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from rich.console import Console

from saqqara.ai.registry import make_bot
from saqqara.core.game import Game
from saqqara.core.journal import read_record_file
from saqqara.core.perspective import Perspective
from saqqara.core.registry import load
from saqqara.ui.terminal import TerminalTable

TABLES = [
    ("curse-of-the-mummy", 2, {}, 0),  # the person is the mummy: the explorers are unseen
    ("curse-of-the-mummy", 3, {}, 1),
    ("valley-of-the-kings", 4, {}, 0),  # sealed bids and sealed orders
    ("tutankhamuns-revenge", 3, {}, 0),  # the layers each seat laid
    ("tutankhamun", 3, {"edition": "ootb-2004"}, 0),
]


class CheckedTable(TerminalTable):
    """A terminal table that, at each of the person's prompts, draws the screen again from
    resampled states and keeps what was printed between prompts."""

    def __init__(self, game: Game, seat: int, out: io.StringIO, path: Path) -> None:
        agents = [None if s == seat else make_bot("heuristic", game) for s in range(game.players)]
        answers = iter([random.Random(seat).choice("ab") for _ in range(400)])
        self.out = out
        self.screens: list[str] = []

        def read_line(prompt: str) -> str:
            self.screens.append(out.getvalue())
            out.seek(0)
            out.truncate()
            try:
                return next(answers)
            except StopIteration:
                raise EOFError from None

        console = Console(file=out, width=80, height=24)
        super().__init__(game, agents, 7, console, read_line, path)
        self.resampled_differently = 0

    def _ask(self, seat: int) -> None:
        state = self.match.snapshot()
        first = self._drawn(Perspective(state, seat), seat)
        rng = random.Random(self.match.seq)
        for _ in range(3):
            other = state.resample(seat, rng)
            self.resampled_differently += any(
                other.view(s) != state.view(s) for s in range(self.game.players)
            )
            assert self._drawn(Perspective(other, seat), seat) == first
        super()._ask(seat)

    def _drawn(self, perspective: Perspective, seat: int) -> str:
        out = io.StringIO()
        console, self.console = self.console, Console(file=out, width=80)
        try:
            self.console.print(self._board(perspective, seat))
            self._show_menu(perspective.legal_actions(), perspective.view(), 0)
        finally:
            self.console = console
        return out.getvalue()


@pytest.mark.parametrize(("game_id", "players", "options", "seat"), TABLES)
def test_the_screen_depends_only_on_what_the_person_may_know(
    game_id: str, players: int, options: dict[str, str], seat: int, tmp_path: Path
) -> None:
    game = load(game_id, players, options)
    table = CheckedTable(game, seat, io.StringIO(), tmp_path / "g.json")
    table.run()
    assert len(table.screens) > 10
    for screen in table.screens:  # each turn, from its heading to the prompt, fits 80 x 24
        turn = screen[screen.find("───") :] if "───" in screen else ""
        rows = turn.split("\n")  # the last, empty, row is where the prompt goes
        assert len(rows) <= 24, turn
        assert max(len(row) for row in rows) <= 80, turn
    if game.spec.hidden_information:
        assert table.resampled_differently > 0  # there was something to hide
    record = read_record_file(tmp_path / "g.json")
    bot_moves = {a.action for a in record.actions if a.seat not in (seat, -1)}
    screens = "".join(table.screens)
    assert "(heuristic):" not in screens  # the old log line of a bot's move and its text
    for move in bot_moves:
        assert f": {move}\n" not in screens


def test_the_mummy_is_not_shown_where_the_explorer_went(tmp_path: Path) -> None:
    """The issue's example: before the mummy's first move, nothing names the field the
    explorer's figure moved to."""
    game = load("curse-of-the-mummy", 2)
    table = CheckedTable(game, 0, io.StringIO(), tmp_path / "g.json")
    table.run()
    record = read_record_file(tmp_path / "g.json")
    first_go = next(a.action for a in record.actions if a.action.startswith("go "))
    first_screen = next(s for s in table.screens if "your move" in s)
    assert first_go not in first_screen
