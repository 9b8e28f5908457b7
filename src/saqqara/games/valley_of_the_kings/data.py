"""Loads the reconstructed board and components from ``data/board.toml`` and
``data/components.toml`` and derives what the rules need: nodes, the step graph, distances,
and the stone positions of each pyramid size.

Nodes are numbered areas first (16..22 -> 0..6), then every field, site by site and letter
by letter. A step joins two nodes when one line (or two coinciding lines) lies between them.
"""

from __future__ import annotations

import tomllib
from collections import deque
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

SMALL, LARGE = "small", "large"


@dataclass(frozen=True, slots=True)
class Shape:
    """A pyramid size: its levels and the (level, row, column) of every stone position.

    Positions are numbered level by level from the bottom, row-major within a level.
    """

    name: str
    levels: int
    fields: str
    positions: tuple[tuple[int, int, int], ...]
    level_start: tuple[int, ...]
    """First position of each level, and the total at the end."""
    hidden: int
    """The position whose colour is not seen (a large base's centre), or -1."""

    @property
    def stones(self) -> int:
        return len(self.positions)

    def level_of(self, pos: int) -> int:
        return self.positions[pos][0]

    def pos_text(self, pos: int) -> str:
        """Notation ``level.index``, both from 1: ``1.5`` is a large base's centre."""
        level = self.positions[pos][0]
        return f"{level + 1}.{pos - self.level_start[level] + 1}"


def _shape(name: str, levels: int, fields: str) -> Shape:
    positions: list[tuple[int, int, int]] = []
    starts: list[int] = []
    for level in range(levels):
        side = levels - level
        starts.append(len(positions))
        positions.extend((level, i, j) for i in range(side) for j in range(side))
    starts.append(len(positions))
    hidden = -1
    if name == LARGE:
        hidden = (levels // 2) * levels + levels // 2
    return Shape(name, levels, fields, tuple(positions), tuple(starts), hidden)


@dataclass(frozen=True, slots=True)
class Site:
    number: int
    shape: Shape
    area: int
    """Node index of the area the site lies in."""
    suns: int
    fields: tuple[int, ...]
    """Node indices of its fields, A first."""
    x: int
    y: int
    borders: dict[str, int]
    """Field letter -> area number whose border coincides with the field's frame."""


@dataclass(frozen=True, slots=True)
class Colour:
    slug: str
    name: str
    english: str
    count: int


@dataclass(frozen=True, slots=True)
class Board:
    """The whole board and components, with the derived step graph."""

    area_numbers: tuple[int, ...]
    area_shapes: tuple[tuple[tuple[int, int], ...], ...]
    sites: tuple[Site, ...]
    node_names: tuple[str, ...]
    node_site: tuple[int, ...]
    """Site index (0-based) of each field node; -1 for areas."""
    neighbours: tuple[tuple[int, ...], ...]
    dist: tuple[tuple[int, ...], ...]
    within: tuple[tuple[tuple[int, ...], ...], ...]
    """``within[node][k]``: the other nodes at most ``k`` steps away (k = 0..steps), in order."""
    pharaoh_stones: int
    pharaoh_xy: tuple[int, int]
    colours: tuple[Colour, ...]
    bid_tiles: tuple[int, ...]
    max_bid: int
    group_size: int
    workers: int
    overseers: int
    scarabs: int
    steps: int
    stones_per_worker: int
    scores: dict[str, dict[str, int]]

    @property
    def num_nodes(self) -> int:
        return len(self.node_names)

    @property
    def num_areas(self) -> int:
        return len(self.area_numbers)

    def node(self, name: str) -> int:
        """The node called ``name`` (``16`` or ``15-B``); ``KeyError`` if none."""
        return self._index()[name.upper()]

    def _index(self) -> dict[str, int]:
        return _node_index(self.node_names)

    def area_node(self, number: int) -> int:
        return self.area_numbers.index(number)

    def in_play(self, players: int) -> tuple[bool, ...]:
        """Which sites are used: Spielvorbereitung (3 players: no three-sun sites;
        2 players: no two- or three-sun sites)."""
        limit = {2: 2, 3: 3}.get(players, 4)
        return tuple(site.suns < limit for site in self.sites)


@cache
def _node_index(names: tuple[str, ...]) -> dict[str, int]:
    return {name: i for i, name in enumerate(names)}


def _read(name: str) -> dict[str, Any]:
    source = resources.files(__package__).joinpath(f"data/{name}")
    return tomllib.loads(source.read_text("utf-8"))


@cache
def board() -> Board:
    """The board, read once."""
    raw = _read("board.toml")
    comp = _read("components.toml")
    shapes = {
        name: _shape(name, spec["levels"], spec["fields"]) for name, spec in raw["sizes"].items()
    }
    areas = raw["areas"]
    area_numbers = tuple(int(a["number"]) for a in areas)
    names: list[str] = [str(n) for n in area_numbers]
    node_site: list[int] = [-1] * len(areas)
    edges: list[set[int]] = [set() for _ in areas]
    for a, spec in enumerate(areas):
        for other in spec["neighbours"]:
            b = area_numbers.index(other)
            edges[a].add(b)
            edges[b].add(a)
    sites: list[Site] = []
    for index, spec in enumerate(raw["sites"]):
        if spec["number"] != index + 1:
            raise ValueError(f"sites must be listed in order; found {spec['number']}")
        shape = shapes[spec["size"]]
        home = area_numbers.index(spec["area"])
        borders = {str(k): int(v) for k, v in spec.get("borders", {}).items()}
        fields = []
        for letter in shape.fields:
            node = len(names)
            names.append(f"{spec['number']}-{letter}")
            node_site.append(index)
            edges.append(set())
            fields.append(node)
            for area in (home, *(area_numbers.index(n) for k, n in borders.items() if k == letter)):
                edges[node].add(area)
                edges[area].add(node)
        sites.append(
            Site(
                spec["number"],
                shape,
                home,
                int(spec["suns"]),
                tuple(fields),
                int(spec["x"]),
                int(spec["y"]),
                borders,
            )
        )
    neighbours = tuple(tuple(sorted(e)) for e in edges)
    dist = tuple(_distances(neighbours, start) for start in range(len(names)))
    pharaoh = raw["pharaoh"]
    colours = tuple(Colour(**c) for c in comp["colours"])
    steps = int(comp["steps_per_round"])
    within = tuple(
        tuple(tuple(n for n in range(len(names)) if 0 < row[n] <= k) for k in range(steps + 1))
        for row in dist
    )
    return Board(
        area_numbers=area_numbers,
        area_shapes=tuple(tuple((int(x), int(y)) for x, y in a["shape"]) for a in areas),
        sites=tuple(sites),
        node_names=tuple(names),
        node_site=tuple(node_site),
        neighbours=neighbours,
        dist=dist,
        within=within,
        pharaoh_stones=int(pharaoh["stones"]),
        pharaoh_xy=(int(pharaoh["x"]), int(pharaoh["y"])),
        colours=colours,
        bid_tiles=tuple(int(v) for v in comp["bid_tiles"]),
        max_bid=int(comp["max_bid_per_group"]),
        group_size=int(comp["group_size"]),
        workers=int(comp["workers"]),
        overseers=int(comp["overseers"]),
        scarabs=int(comp["scarabs"]),
        steps=steps,
        stones_per_worker=int(comp["stones_per_worker"]),
        scores={k: dict(v) for k, v in comp["scores"].items()},
    )


def _distances(neighbours: tuple[tuple[int, ...], ...], start: int) -> tuple[int, ...]:
    """Steps from ``start`` to every node (breadth-first; the board is connected)."""
    dist = [-1] * len(neighbours)
    dist[start] = 0
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for nxt in neighbours[node]:
            if dist[nxt] < 0:
                dist[nxt] = dist[node] + 1
                queue.append(nxt)
    if min(dist) < 0:
        raise ValueError("the step graph is not connected")
    return tuple(dist)


def pharaoh_shape() -> Shape:
    """The pharaoh pyramid: 4 levels, 4x4 + 3x3 + 2x2 + 1 = 30 stones."""
    return _shape("pharaoh", 4, "")
