"""The data file against every fact the rulebook (and the sources we trust) state."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

import pytest

from saqqara.games.tutankhamuns_revenge.data import (
    CELLS,
    COVER,
    LAYERS,
    MIDDLE_LAYERS,
    Deck,
    _check,
    deck,
)
from saqqara.games.tutankhamuns_revenge.shapes import placements


def _value(slug: str) -> int:
    kind = deck().kind(slug)
    assert kind is not None
    return deck().cards[kind].value


def test_six_layers_of_sixteen_cards() -> None:
    """ "Spelet innehåller": kortlåda 6 x 16 spelkort."""
    assert len(deck().layers) == LAYERS == 6
    assert all(sum(layer) == CELLS == 16 for layer in deck().layers)


@pytest.mark.parametrize(
    ("slug", "value"),
    [
        ("faience-vase", 3),  # "Poängen" example
        ("bracelet", 2),
        ("coffin-ornament", 3),
        ("mosquito", -1),
        ("alabaster-vase", 1),  # "Skarabékort" example
        ("horus-falcon", 5),
        ("cobra", -2),
        ("death-mask", -10),  # luding.org, German original
        ("snake-middle", 0),  # ludorium.at: neutral cards
        ("obelisk-middle", 0),
        ("earth", 0),
    ],
)
def test_values_stated_by_the_sources(slug: str, value: int) -> None:
    assert _value(slug) == value


def test_dangers_and_treasures_as_the_sources_class_them() -> None:
    """ludorium.at: snake tails, obelisk tops and feet and necklaces are plus cards; the
    snake head, scorpions, mosquitoes and the pharaoh are dangers."""
    for slug in ("snake-tail", "obelisk-top", "obelisk-foot", "necklace"):
        assert _value(slug) > 0
    for slug in ("cobra", "scorpion", "mosquito", "death-mask"):
        assert _value(slug) < 0


def test_the_mask_lies_in_the_bottom_layer_only() -> None:
    mask = deck().mask
    assert [layer[mask] for layer in deck().layers] == [1, 0, 0, 0, 0, 0]


def test_each_middle_layer_holds_one_snake_and_six_obelisk_cards() -> None:
    """ "Fas 1": a snake of head, middle and tail, two obelisks of six cards in all, with
    two tops and two feet; all middle pieces used (so two of them)."""
    d = deck()
    for layer in MIDDLE_LAYERS:
        counts = {d.slug(k): c for k, c in enumerate(d.layers[layer]) if c}
        assert counts["cobra"] == counts["snake-middle"] == counts["snake-tail"] == 1
        assert counts["obelisk-top"] == counts["obelisk-foot"] == counts["obelisk-middle"] == 2
        assert sum(c for k, c in enumerate(d.layers[layer]) if not d.cards[k].role) == 7


def test_the_cover_holds_no_treasure() -> None:
    """ "Fas 1": täcklagret där inga skatter finns."""
    d = deck()
    assert all(d.cards[k].value <= 0 for k, c in enumerate(d.layers[COVER]) if c)


def test_the_number_of_part_placements() -> None:
    """16 straight snakes x 2 directions, with two obelisks of 3 + 3 or 2 + 4 beside them:
    8,064 distinct ways to place the nine parts in a middle layer."""
    assert len(placements()) == 8064


def _moved(layers: tuple[tuple[int, ...], ...], layer: int, take: str, give: str) -> Deck:
    """The deck with one card of ``take`` in ``layer`` (0 = bottom) swapped for ``give``."""
    d = deck()
    counts = list(layers[layer])
    taken, given = d.kind(take), d.kind(give)
    assert taken is not None and given is not None and counts[taken] > 0
    counts[taken] -= 1
    counts[given] += 1
    return dataclasses.replace(d, layers=(*layers[:layer], tuple(counts), *layers[layer + 1 :]))


def _short_layer() -> Deck:
    d = deck()
    counts = list(d.layers[COVER])
    counts[d.earth] -= 1
    return dataclasses.replace(d, layers=(*d.layers[:COVER], tuple(counts)))


def _head_twice() -> Deck:
    d = deck()
    cards = list(d.cards)
    cards[d.role_kind(2)] = dataclasses.replace(cards[d.role_kind(2)], role=1)
    return dataclasses.replace(d, cards=tuple(cards))


BROKEN_DECKS: dict[str, Callable[[], Deck]] = {
    "every snake and obelisk part needs exactly one card kind": _head_twice,
    "expected 6 layers, found 5": lambda: dataclasses.replace(deck(), layers=deck().layers[:5]),
    "layer 6 holds 15 cards, not 16": _short_layer,
    "layer 2: 2 x cobra, need 1": lambda: _moved(deck().layers, 1, "scorpion", "cobra"),
    "layer 1: 1 x cobra, need 0": lambda: _moved(deck().layers, 0, "earth", "cobra"),
    "the death mask must lie once, in the bottom layer": lambda: _moved(
        _moved(deck().layers, 0, "death-mask", "earth").layers, 1, "scorpion", "death-mask"
    ),
    "the cover layer holds no treasure": lambda: _moved(deck().layers, COVER, "earth", "bracelet"),
}


@pytest.mark.parametrize("reason", sorted(BROKEN_DECKS))
def test_a_data_file_breaking_the_rules_is_refused_with_its_reason(reason: str) -> None:
    """The data file is checked as it is read: the card kinds of the snake and the obelisks,
    six layers of sixteen cards, a snake and two obelisks in each of layers 2-5 and none
    elsewhere, the death mask once in the bottom layer, no treasure in the cover."""
    _check(deck())
    with pytest.raises(ValueError, match=f"^{re.escape(reason)}$"):
        _check(BROKEN_DECKS[reason]())
