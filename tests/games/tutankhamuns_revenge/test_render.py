"""The terminal renderer draws every phase from a view alone; the layer drawing is sound."""

from __future__ import annotations

import io
import random
import xml.etree.ElementTree as ET

from rich.console import Console

from saqqara.core.game import CHANCE
from saqqara.games.tutankhamuns_revenge.data import deck
from saqqara.games.tutankhamuns_revenge.game import TutankhamunsRevenge
from saqqara.ui.boards import board_drawing
from saqqara.ui.renderers import label_action, render


def _draw(view: dict[str, object], game: TutankhamunsRevenge, seat: int | None) -> str:
    console = Console(width=120, record=True, file=io.StringIO())
    console.print(render(view, game, seat))
    return console.export_text()


def test_every_phase_renders_for_seats_and_spectators() -> None:
    game = TutankhamunsRevenge(3)
    state = game.new_state()
    rng = random.Random(4)
    seen = set()
    while not state.is_terminal():
        view = state.view(0)
        if view["phase"] not in seen:
            seen.add(view["phase"])
            text = _draw(view, game, 0)
            assert "Silver" in text
            if view["phase"] == "digging":
                assert "The box" in text and "d4" in text
        (seat,) = state.to_act()
        if seat == CHANCE:
            state.apply(seat, state.sample_chance(rng))
        else:
            action = rng.choice(state.legal_actions(seat))
            label = label_action(state.view(None), game, game.action_text(action))
            assert label.startswith(game.action_text(action))
            state.apply(seat, action)
    assert "Game over" in _draw(state.view(None), game, None)
    assert {"laying", "digging", "blocking"} <= seen


def test_the_layer_drawing_comes_from_the_data_file() -> None:
    drawing = board_drawing("tutankhamuns-revenge")
    assert drawing is not None
    root = ET.fromstring(drawing.svg())
    rects = [e for e in root.iter() if e.tag.endswith("rect")]
    assert len(rects) == 96  # one per card
    sketch = drawing.sketch()
    for card in deck().cards:
        assert card.english in sketch
