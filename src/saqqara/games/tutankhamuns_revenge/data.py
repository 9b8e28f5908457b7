"""Loads the cards and the six layers from ``data/cards.toml`` and checks their shape.

The checks are the facts the rulebook states ("Spelet innehåller", "Fas 1"): six layers of
sixteen cards, the death mask in the bottom layer, one snake and six obelisk cards in each
middle layer, no treasure in the cover layer.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

CELLS = 16
"""Stacks in the 4 x 4 box, numbered row by row from 0."""
LAYERS = 6
"""Layers 1 (bottom) to 6 (cover) are indexed 0 to 5."""
BOTTOM, COVER = 0, 5
MIDDLE_LAYERS = (1, 2, 3, 4)
"""Indexes of layers 2-5, which hold a snake and two obelisks."""

ROLES = ("head", "body", "tail", "top", "middle", "foot")
"""Parts of a snake or an obelisk; a card's role code is its index here plus one."""


@dataclass(frozen=True, slots=True)
class Card:
    """One kind of card."""

    slug: str
    name: str
    english: str
    value: int
    role: int
    """0 for a free card, else 1 + the index of its part in :data:`ROLES`."""

    @property
    def danger(self) -> bool:
        return self.value < 0

    @property
    def treasure(self) -> bool:
        return self.value > 0


@dataclass(frozen=True, slots=True)
class Deck:
    """Every card kind and the contents of the six layers."""

    cards: tuple[Card, ...]
    layers: tuple[tuple[int, ...], ...]
    """``layers[l][k]``: how many cards of kind ``k`` layer ``l`` (0 = bottom) holds."""

    @property
    def roles(self) -> tuple[int, ...]:
        """The role code of each card kind (0: a free card)."""
        return tuple(c.role for c in self.cards)

    def kind(self, slug: str) -> int | None:
        for k, card in enumerate(self.cards):
            if card.slug == slug:
                return k
        return None

    def slug(self, kind: int) -> str:
        return self.cards[kind].slug

    @property
    def mask(self) -> int:
        kind = self.kind("death-mask")
        assert kind is not None
        return kind

    @property
    def earth(self) -> int:
        kind = self.kind("earth")
        assert kind is not None
        return kind

    def role_kind(self, role: int) -> int:
        """The card kind playing snake/obelisk part ``role`` (1..6)."""
        for k, card in enumerate(self.cards):
            if card.role == role:
                return k
        raise ValueError(f"no card has role {role}")


def _check(deck: Deck) -> None:
    roles = sorted(c.role for c in deck.cards if c.role)
    if roles != list(range(1, len(ROLES) + 1)):
        raise ValueError("every snake and obelisk part needs exactly one card kind")
    if len(deck.layers) != LAYERS:
        raise ValueError(f"expected {LAYERS} layers, found {len(deck.layers)}")
    shape = {1: 1, 2: 1, 3: 1, 4: 2, 5: 2, 6: 2}
    for index, counts in enumerate(deck.layers):
        if sum(counts) != CELLS:
            raise ValueError(f"layer {index + 1} holds {sum(counts)} cards, not {CELLS}")
        for kind, count in enumerate(counts):
            role = deck.cards[kind].role
            want = shape[role] if role and index in MIDDLE_LAYERS else 0
            if role and count != want:
                raise ValueError(f"layer {index + 1}: {count} x {deck.slug(kind)}, need {want}")
    if deck.layers[BOTTOM][deck.mask] != 1 or sum(layer[deck.mask] for layer in deck.layers) != 1:
        raise ValueError("the death mask must lie once, in the bottom layer")
    if any(deck.cards[k].value > 0 for k, c in enumerate(deck.layers[COVER]) if c):
        raise ValueError("the cover layer holds no treasure")


@cache
def deck() -> Deck:
    """The cards of the game, as read (and checked) from the data file."""
    source = resources.files(__package__).joinpath("data/cards.toml")
    raw = tomllib.loads(source.read_text("utf-8"))
    cards = tuple(
        Card(
            slug=c["slug"],
            name=c["name"],
            english=c["english"],
            value=int(c["value"]),
            role=ROLES.index(c["role"]) + 1 if "role" in c else 0,
        )
        for c in raw["cards"]
    )
    slugs = [c.slug for c in cards]
    layers = []
    for number, layer in enumerate(sorted(raw["layers"], key=lambda x: x["number"]), 1):
        if layer["number"] != number:
            raise ValueError(f"layers must be numbered 1..{LAYERS}")
        unknown = set(layer["cards"]) - set(slugs)
        if unknown:
            raise ValueError(f"layer {number}: unknown cards {sorted(unknown)}")
        layers.append(tuple(int(layer["cards"].get(s, 0)) for s in slugs))
    result = Deck(cards, tuple(layers))
    _check(result)
    return result
