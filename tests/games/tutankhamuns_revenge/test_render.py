"""The terminal renderer draws every phase from a view alone, in every language; menu labels
come from the presentation layer; the layer drawing is sound."""

from __future__ import annotations

import io
import random
import xml.etree.ElementTree as ET

from rich.console import Console

from saqqara.core.game import CHANCE
from saqqara.core.i18n import Translator
from saqqara.core.presentation import Presentation, presentation_for
from saqqara.games.tutankhamuns_revenge.data import deck
from saqqara.games.tutankhamuns_revenge.game import TutankhamunsRevenge
from saqqara.ui.boards import board_drawing
from saqqara.ui.renderers import render


def _draw(
    view: dict[str, object],
    game: TutankhamunsRevenge,
    seat: int | None,
    text: Presentation | None = None,
) -> str:
    console = Console(width=120, record=True, file=io.StringIO())
    console.print(render(view, game, seat, text))
    return console.export_text()


def test_every_phase_renders_for_seats_and_spectators() -> None:
    game = TutankhamunsRevenge(3)
    state = game.new_state()
    rng = random.Random(4)
    seen = set()
    labels = presentation_for(game)
    swedish = presentation_for(game, "sv", strict=True)
    while not state.is_terminal():
        view = state.view(0)
        if view["phase"] not in seen:
            seen.add(view["phase"])
            text = _draw(view, game, 0)
            assert "Silver" in text and "(you)" in text
            assert "Silver" in _draw(view, game, 0, swedish)
            if view["phase"] == "digging":
                assert "The box" in text and "d4" in text
                assert "Kortlådan" in _draw(view, game, 0, swedish)
        (seat,) = state.to_act()
        if seat == CHANCE:
            state.apply(seat, state.sample_chance(rng))
        else:
            legal = state.legal_actions(seat)
            shown = [labels.action_label(state.view(seat), a) for a in legal]
            assert all(shown) and len(set(shown)) == len(shown)
            state.apply(seat, rng.choice(legal))
    assert "Game over" in _draw(state.view(None), game, None)
    assert "Spelet är slut" in _draw(state.view(None), game, None, swedish)
    assert {"laying", "digging", "blocking"} <= seen


def test_the_layer_drawing_comes_from_the_data_file() -> None:
    drawing = board_drawing("tutankhamuns-revenge")
    assert drawing is not None
    root = ET.fromstring(drawing.svg(Translator()))
    rects = [e for e in root.iter() if e.tag.endswith("rect")]
    assert len(rects) == 96  # one per card
    sketch = drawing.sketch(Translator())
    for card in deck().cards:
        assert card.english in sketch
