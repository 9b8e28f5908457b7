"""The terminal renderer draws any view in every language; the board drawing is well-formed
and complete; menu labels come from the presentation layer."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

from rich.console import Console

from saqqara.core.i18n import Translator
from saqqara.core.presentation import presentation_for
from saqqara.core.registry import load
from saqqara.testing.conformance import random_playout
from saqqara.ui.boards import board_drawing
from saqqara.ui.renderers import render


def test_renderer_draws_views_of_every_seat_through_a_game() -> None:
    game = load("valley-of-the-kings", 3, {"experts": "on"})
    console = Console(width=120, record=True, file=io.StringIO())
    german = presentation_for(game, "de", ["Ada", "Bo", "Cy"], strict=True)
    english = presentation_for(game, "en", ["Ada", "Bo", "Cy"], strict=True)
    for number, step in enumerate(random_playout(game, 3)):
        if number % 17:
            continue
        for seat in (None, 0, 1, 2):
            console.print(render(step.state.view(seat), game, seat, english))
            console.print(render(step.state.view(seat), game, seat, german))
    text = console.export_text()
    assert "Valley of the Kings" in text and "sites" in text and "you are Bo" in text
    assert "Tal der Könige" in text and "Bauplätze" in text and "du bist Bo" in text


def test_board_drawing_is_registered_and_shows_every_site() -> None:
    drawing = board_drawing("valley-of-the-kings")
    assert drawing is not None
    root = ET.fromstring(drawing.svg(Translator()))
    texts = {t.text for t in root.iter("{http://www.w3.org/2000/svg}text")}
    assert {str(n) for n in range(1, 23)} <= texts
    sketch = drawing.sketch(Translator())
    for number in range(1, 16):
        assert f"{number:2d} " in sketch
    assert "8-C also one step from 16" in sketch


def test_menu_labels_tell_the_moves_of_a_turn_apart() -> None:
    game = load("valley-of-the-kings", 3)
    text = presentation_for(game)
    for step in random_playout(game, 8):
        state = step.state
        for seat in state.to_act():
            if seat < 0:
                continue
            view = state.view(seat)
            labels = [text.action_label(view, a) for a in state.legal_actions(seat)]
            assert all(labels) and len(set(labels)) == len(labels)
    state = game.new_state()
    state.apply(-1, game.parse_action("start 0"))
    view = state.view(0)
    label = text.action_label
    overseer = label(view, game.parse_action("overseer 1 15-B"))
    assert overseer == "Move overseer 1 to field 15-B (1 step)"
    assert label(view, game.parse_action("worker 2 16")) == "Move worker 2 to area 16 (0 steps)"
    german = presentation_for(game, "de")
    assert german.action_label(view, game.parse_action("worker 2 16")).startswith("Arbeiter 2")
