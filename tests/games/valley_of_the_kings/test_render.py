"""The terminal renderer draws any view; the board drawing is well-formed and complete."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

from rich.console import Console

from saqqara.core.conformance import random_playout
from saqqara.core.registry import load
from saqqara.ui.boards import board_drawing
from saqqara.ui.renderers import render


def test_renderer_draws_views_of_every_seat_through_a_game() -> None:
    game = load("valley-of-the-kings", 3, {"experts": "on"})
    console = Console(width=120, record=True, file=io.StringIO())
    for number, step in enumerate(random_playout(game, 3)):
        if number % 17:
            continue
        for seat in (None, 0, 1, 2):
            console.print(render(step.state.view(seat), game, seat))
    text = console.export_text()
    assert "Valley of the Kings" in text
    assert "sites" in text


def test_board_drawing_is_registered_and_shows_every_site() -> None:
    drawing = board_drawing("valley-of-the-kings")
    assert drawing is not None
    root = ET.fromstring(drawing.svg())
    texts = {t.text for t in root.iter("{http://www.w3.org/2000/svg}text")}
    assert {str(n) for n in range(1, 23)} <= texts
    sketch = drawing.sketch()
    for number in range(1, 16):
        assert f"{number:2d} " in sketch
    assert "8-C also one step from 16" in sketch
