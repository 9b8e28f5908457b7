"""Undo at a local table (issue 33, item 6): a person takes back their last move while
they are still to decide and nothing happened since; the record file loses it too.
Otherwise the terminal says why the move stands."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

from saqqara.ai.registry import make_bot
from saqqara.core.journal import read_record_file
from saqqara.core.registry import load
from saqqara.ui.terminal import (
    UNDO_NOTHING,
    UNDO_OTHERS,
    UNDONE,
    TerminalTable,
)


def _revenge(lines: list[str], path: Path) -> tuple[TerminalTable, io.StringIO]:
    """Tutankhamun's Revenge, the person first, a bot second: its first seat lays twice
    in a row at the start (a move, then the next decision of the same turn)."""
    game = load("tutankhamuns-revenge", 2, {})
    out = io.StringIO()
    feed = iter(lines)

    def read_line(prompt: str) -> str:
        out.write(prompt)
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    agents = [None, make_bot("random", game)]
    table = TerminalTable(game, agents, 3, Console(file=out, width=120), read_line, path)
    return table, out


def test_a_move_is_taken_back_and_the_record_loses_it(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    table, out = _revenge(["undo", "a", "undo", "quit"], path)
    table.run()
    text = out.getvalue()
    assert UNDO_NOTHING in text  # nothing of the person's to take back yet
    assert UNDONE in text
    record = read_record_file(path)
    start = len([a for a in record.actions if a.seat == -1])
    assert len(record.actions) == start  # the move laid and taken back: none of the person's
    # The same decision again: the prompt came back for the same seat
    assert text.count("> ") >= 4


def test_a_move_another_player_answered_stands(tmp_path: Path) -> None:
    """Once the bot has moved after the person, their move stands, and the terminal says
    why."""
    table, _out = _revenge([], tmp_path / "game.json")
    match = table.match
    while match.to_act() == (0,):  # the person's opening turn, played to its end
        match.submit(0, match.legal_actions(0)[0])
    while not match.is_over() and match.to_act() != (0,):
        match.play_bot(match.to_act()[0], make_bot("random", match.game))
    try:
        assert table._undo_refusal(0) == UNDO_OTHERS
    finally:
        match.close()
