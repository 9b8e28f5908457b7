"""The terminal renderer draws any view; the board drawing is well-formed and complete."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

from rich.console import Console

from saqqara.core.registry import load
from saqqara.testing.conformance import random_playout
from saqqara.ui.boards import board_drawing
from saqqara.ui.renderers import label_action, render


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


def test_menu_labels_name_steps_sites_and_stones() -> None:
    game = load("valley-of-the-kings", 3)
    for step in random_playout(game, 8):
        state = step.state
        for seat in state.to_act():
            if seat < 0:
                continue
            view = state.view(seat)
            for action in state.legal_actions(seat)[:40]:
                text = game.action_text(action)
                labelled = label_action(view, game, text)
                assert labelled.startswith(text)
    state = game.new_state()
    state.apply(-1, game.parse_action("start 0"))
    view = state.view(0)
    assert label_action(view, game, "overseer 1 15-B") == (
        "overseer 1 15-B · 1 step, large site 15 unclaimed"
    )
    assert label_action(view, game, "worker 2 16") == "worker 2 16 · stay"
