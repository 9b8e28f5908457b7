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


def test_a_stop_before_any_lift_is_labelled_a_pass_in_every_language() -> None:
    """At a turn's start nothing is gained yet: "Stop and cash this turn's gain" would be a
    pass (state._stop), and says so; after a lift it cashes."""
    from saqqara.games.tutankhamuns_revenge import actions as act

    game = TutankhamunsRevenge(2)
    state = game.new_state()
    rng = random.Random(7)
    texts = {lang: presentation_for(game, lang, strict=True) for lang in ("en", "de", "nl", "sv")}
    passes = {"en": "Pass", "de": "Passen", "nl": "Passen", "sv": "Passa"}
    seen = {"pass": 0, "cash": 0}
    while not state.is_terminal() and min(seen.values()) < 3:
        (seat,) = state.to_act()
        if seat == CHANCE:
            state.apply(seat, state.sample_chance(rng))
            continue
        legal = state.legal_actions(seat)
        view = state.view(seat)
        for stop in (a for a in legal if type(a) is act.Stop):
            kind = "pass" if view["turn"]["lifts"] == 0 else "cash"
            seen[kind] += 1
            for lang, text in texts.items():
                label = text.action_label(view, stop)
                assert label.startswith(passes[lang]) == (kind == "pass"), (lang, label)
            cashes = texts["en"].action_label(view, stop) == "Stop and cash this turn's gain"
            assert cashes == (kind == "cash")
        lifts = [a for a in legal if type(a) is act.Lift]
        stops = [a for a in legal if type(a) is act.Stop]
        if stops and (view["turn"]["lifts"] >= 1 or (seen["pass"] < 3 and rng.random() < 0.2)):
            state.apply(seat, stops[0])
        elif lifts:
            state.apply(seat, rng.choice(lifts))
        else:
            state.apply(seat, rng.choice(legal))
    assert min(seen.values()) >= 3
