"""The board drawing and the terminal renderer draw from the data and the view only."""

from __future__ import annotations

import io
import xml.dom.minidom
from pathlib import Path

from rich.console import Console

from saqqara.ai.registry import make_bot
from saqqara.core.i18n import Translator
from saqqara.core.registry import load
from saqqara.games.curse_of_the_mummy.data import board
from saqqara.games.curse_of_the_mummy.presentation import SYMBOL_NAMES
from saqqara.ui.boards import board_drawing
from saqqara.ui.renderers import render, without_aids
from saqqara.ui.terminal import TerminalTable
from tests.games.curse_of_the_mummy.helpers import dealt, put, put_mummy


def test_board_drawing_is_registered_and_shows_every_symbol() -> None:
    drawing = board_drawing("curse-of-the-mummy")
    assert drawing is not None
    text = drawing.sketch(Translator())
    doc = drawing.svg(Translator())
    xml.dom.minidom.parseString(doc)
    for s in board().symbols:
        name = SYMBOL_NAMES[s.name]  # its English name
        assert name in text
        assert f">{name}<" in doc
    assert "dungeon" in doc
    assert "start" in doc


def _printed(state: object, seat: int | None) -> str:
    console = Console(width=120, record=True)
    view = state.view(seat)  # type: ignore[attr-defined]
    console.print(render(view, state.game, seat))  # type: ignore[attr-defined]
    return console.export_text()


def test_the_mummy_sees_question_marks_explorers_see_figures() -> None:
    state = dealt(3)
    put(state, 0, "a1")
    state.belief[0] |= 1 << board().field_from_name("a2")  # type: ignore[operator]
    put_mummy(state, "k11")
    mummy_text = _printed(state, 0)
    explorer_text = _printed(state, 1)
    assert " ? " in mummy_text
    assert "explorer 1 (Player 2): ankhs 3, unseen" in mummy_text
    assert " ? " not in explorer_text
    assert "explorer 1 (Player 2): ankhs 3, on a1" in explorer_text
    assert "your task cards" in explorer_text
    assert "your task cards" not in mummy_text


def test_the_possible_positions_aid_can_be_left_out() -> None:
    state = dealt(3)
    put(state, 0, "a1")
    state.belief[0] |= 1 << board().field_from_name("a2")  # type: ignore[operator]
    put_mummy(state, "k11")
    view = without_aids(state.view(0), state.game)
    console = Console(width=120, record=True)
    console.print(render(view, state.game, 0))
    text = console.export_text()
    assert " ? " not in text and "possible fields: aid off" in text
    assert state.view(0)["figures"][0]["possible"] == ["a1", "a2"]  # the view is untouched


def test_the_terminal_switches_the_aid_off_and_on(tmp_path: Path) -> None:
    game = load("curse-of-the-mummy", 3, {})
    out = io.StringIO()
    lines = iter(["aid", "aid", "quit"])
    agents = [None, make_bot("heuristic", game), make_bot("heuristic", game)]

    def read_line(prompt: str) -> str:
        return next(lines)

    console = Console(file=out, width=120)
    TerminalTable(game, agents, 3, console, read_line, tmp_path / "game.json").run()
    text = out.getvalue()
    assert text.index("The aid is off.") < text.index("The aid is on.")
