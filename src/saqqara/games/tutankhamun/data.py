"""Loads the two editions' tile sets and start values from ``data/editions.toml``."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

AMIGO = "amigo-1993"
OOTB = "ootb-2004"
EDITIONS = (AMIGO, OOTB)

NUM_TYPES = 15
"""Treasure types (Amigo) or artifact sets (Out of the Box), numbered 0..14."""
STEAL = 15
"""Tile kind of the gold nugget (Amigo) or the bag of gold (Out of the Box)."""
WILD = 16
"""Tile kind of the canopic lid (Amigo) or the pharaoh tile (Out of the Box)."""
KING_TUT = 17
"""Tile kind of King Tut (Out of the Box): never shuffled, always the path's last tile."""
DRAWN_KINDS = 17
"""Kinds that are shuffled into the path: the 15 types, STEAL and WILD."""


@dataclass(frozen=True, slots=True)
class TreasureType:
    slug: str
    name: str
    english: str
    count: int


@dataclass(frozen=True, slots=True)
class Edition:
    """One edition's components, as read from the data file."""

    id: str
    start: dict[int, int]
    types: tuple[TreasureType, ...]
    steal_tiles: int
    wild_tiles: int
    steal_slug: str
    wild_slug: str
    amigo: bool
    shuffled: tuple[int, ...]
    """How many tiles of each drawn kind go into the shuffle (index = kind)."""
    shuffled_total: int
    path_length: int
    """Slots of the path: the shuffled tiles, plus King Tut's slot in Out of the Box."""

    def kind_slug(self, kind: int) -> str:
        if kind < NUM_TYPES:
            return self.types[kind].slug
        return {STEAL: self.steal_slug, WILD: self.wild_slug, KING_TUT: "king-tut"}[kind]

    def kind_from_slug(self, slug: str) -> int | None:
        for kind in range(KING_TUT + 1):
            if kind == KING_TUT and self.amigo:
                break
            if self.kind_slug(kind) == slug:
                return kind
        return None


@cache
def edition(edition_id: str) -> Edition:
    """The edition ``edition_id`` (``amigo-1993`` or ``ootb-2004``)."""
    source = resources.files(__package__).joinpath("data/editions.toml")
    raw = tomllib.loads(source.read_text("utf-8"))
    section = raw[edition_id]
    types = tuple(TreasureType(**t) for t in section["types"])
    if len(types) != NUM_TYPES:
        raise ValueError(f"{edition_id}: expected {NUM_TYPES} types, found {len(types)}")
    shuffled = (*(t.count for t in types), section["steal_tiles"], section["wild_tiles"])
    amigo = edition_id == AMIGO
    return Edition(
        id=edition_id,
        start={int(k): int(v) for k, v in section["start"].items()},
        types=types,
        steal_tiles=section["steal_tiles"],
        wild_tiles=section["wild_tiles"],
        steal_slug=section["steal_slug"],
        wild_slug=section["wild_slug"],
        amigo=amigo,
        shuffled=shuffled,
        shuffled_total=sum(shuffled),
        path_length=sum(shuffled) + (0 if amigo else 1),
    )
