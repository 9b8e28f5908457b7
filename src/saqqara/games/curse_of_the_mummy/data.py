"""Loads the reconstructed maze, symbols, dice and ankh thresholds from ``data/board.toml``.

Fields are numbered ``row * width + column``; the four directions are north, east, south,
west (0..3). Sets of fields are kept as integer bit masks (bit ``i`` = field ``i``).
"""

from __future__ import annotations

import dataclasses
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from saqqara.core.memos import Memo

NORTH, EAST, SOUTH, WEST = range(4)
DIRECTIONS = ("n", "e", "s", "w")
COLUMNS = "abcdefghijklmnopqrstuvwxyz"
BELIEF_CACHE = 1 << 12
"""Entries :attr:`Board.belief_cache` holds at most before it starts afresh: enough for a
search's own game (what it remembers comes back within a few moves), and no more, since
a server's tables keep bringing new beliefs (at ``1 << 16`` a server held some 20 MB)."""
WALK_CACHE = 1 << 13
"""Entries :attr:`Board.walk_cache` holds at most before it starts afresh (every field,
steps and mummy field would be 73,205 of them, some 9 MB)."""
REDEAL_CACHE = 1 << 10
"""Entries :attr:`Board.redeal_cache` holds at most before it starts afresh (a search
resamples one position again and again: one entry per search)."""


_BYTE_BITS = tuple(tuple(i for i in range(8) if b >> i & 1) for b in range(256))


def bits(mask: int) -> list[int]:
    """The fields of a mask, in increasing order."""
    out: list[int] = []
    base = 0
    while mask:
        byte = mask & 0xFF
        if byte:
            for i in _BYTE_BITS[byte]:
                out.append(base + i)
        mask >>= 8
        base += 8
    return out


@dataclass(frozen=True, slots=True)
class Symbol:
    """One treasure symbol: its card colour, its name and the field it is printed on."""

    id: int
    name: str
    colour: int
    field: int


@dataclass(frozen=True, slots=True)
class Board:
    """The maze and everything else the data file fixes."""

    width: int
    height: int
    start: int
    dungeon: int
    neighbours: tuple[tuple[int, ...], ...]
    """Per field, the field reached in each direction, or -1 behind a wall / the edge."""
    area: tuple[int, ...]
    """Per field, the colour index of its area, or -1."""
    colours: tuple[str, ...]
    symbols: tuple[Symbol, ...]
    symbol_at: tuple[int, ...]
    """Per field, the symbol id printed there, or -1."""
    explorer_dice: int
    explorer_faces: tuple[str, ...]
    mummy_faces: tuple[int, ...]
    ankhs_per_figure: int
    mummy_wins: dict[int, int]
    forbidden: int
    """Mask of the fields no figure may enter: the start and the dungeon."""
    step_masks: tuple[int, ...]
    """Per direction, the mask of fields with an open side that way."""
    names: tuple[str, ...] = ()
    """Per field, its name (filled in from the size)."""
    index: dict[str, int] = dataclasses.field(default_factory=dict)
    """Field names to fields (filled in from the size)."""
    byte_names: tuple[tuple[tuple[str, ...], ...], ...] = dataclasses.field(
        default=(), repr=False, compare=False
    )
    """Per byte of a field mask (fields ``8k .. 8k + 7``), the names of the fields each of
    its 256 values holds (filled in from the size): :meth:`mask_names` without a cache."""
    walk_cache: dict[int, int] = dataclasses.field(default_factory=dict, compare=False)
    """Walks from one field (see ``moves.destinations`` and ``moves.can_move``),
    remembered by field, steps and mummy field; emptied when it reaches ``WALK_CACHE``
    entries."""
    belief_cache: dict[tuple[int, ...], int] = dataclasses.field(
        default_factory=dict, compare=False
    )
    """Belief updates (see ``moves.announced`` and ``moves.moved``), remembered by their
    inputs; emptied when it reaches ``BELIEF_CACHE`` entries."""
    redeal_cache: Memo[
        tuple[int, tuple[int, ...], tuple[bool, ...]],
        tuple[tuple[tuple[int, ...], tuple[int, ...]], ...],
    ] = dataclasses.field(default_factory=lambda: Memo(REDEAL_CACHE, 32), compare=False)
    """Redeals of a resample (see ``MummyState.resample``), remembered by the resampling
    seat's hand marker, the holders and the played cards; emptied when it reaches
    ``REDEAL_CACHE`` entries (32 in a server, whose bot moves each resample a new position:
    :mod:`saqqara.core.memos`)."""

    colour_ids: tuple[tuple[int, ...], ...] = ()
    """Per colour, its symbols' ids in order (filled in from the symbols)."""

    def __post_init__(self) -> None:
        colour_ids = tuple(
            tuple(s.id for s in self.symbols if s.colour == c) for c in range(len(self.colours))
        )
        object.__setattr__(self, "colour_ids", colour_ids)
        w = self.width
        names = tuple(f"{COLUMNS[f % w]}{f // w + 1}" for f in range(w * self.height))
        object.__setattr__(self, "names", names)
        byte_names = tuple(
            tuple(
                tuple(names[8 * k + i] for i in _BYTE_BITS[byte] if 8 * k + i < len(names))
                for byte in range(256)
            )
            for k in range((len(names) + 7) // 8)
        )
        object.__setattr__(self, "byte_names", byte_names)
        object.__setattr__(self, "index", {n: f for f, n in enumerate(names)})

    @property
    def fields(self) -> int:
        return self.width * self.height

    def field_name(self, field: int) -> str:
        return self.names[field]

    def mask_names(self, mask: int) -> list[str]:
        """The names of a mask's fields, in field order: a byte of the mask at a time
        (:attr:`byte_names`), nothing remembered per mask (a cache by mask grew with every
        belief a server's tables showed, up to 65,536 entries)."""
        out: list[str] = []
        chunks = self.byte_names
        k = 0
        while mask:
            byte = mask & 0xFF
            if byte:
                out += chunks[k][byte]
            mask >>= 8
            k += 1
        return out

    def field_from_name(self, name: str) -> int | None:
        """The field called ``name`` (``c4``), or ``None``: every field has one name, so
        another spelling of it (``c04``, ``C4``) names none."""
        return self.index.get(name)

    def colour_symbols(self, colour: int) -> list[Symbol]:
        return [s for s in self.symbols if s.colour == colour]

    def symbol_by_name(self, name: str) -> Symbol | None:
        for s in self.symbols:
            if s.name == name:
                return s
        return None

    def shift(self, mask: int, direction: int) -> int:
        """The fields one step from ``mask`` in ``direction`` (walls respected)."""
        m = mask & self.step_masks[direction]
        w = self.width
        if direction == NORTH:
            return m >> w
        if direction == SOUTH:
            return m << w
        if direction == EAST:
            return m << 1
        return m >> 1

    def spread(self, mask: int) -> int:
        """Every field one orthogonal step from a field of ``mask``."""
        w = self.width
        sm = self.step_masks
        return (
            ((mask & sm[0]) >> w)
            | ((mask & sm[2]) << w)
            | ((mask & sm[1]) << 1)
            | ((mask & sm[3]) >> 1)
        )


def _parse(raw: dict[str, Any]) -> Board:
    maze = raw["maze"]
    width, height = int(maze["width"]), int(maze["height"])
    lines = [line for line in maze["drawing"].split("\n") if line]
    if len(lines) != 2 * height + 1 or any(len(line) != 2 * width + 1 for line in lines):
        raise ValueError("maze drawing does not match its width and height")
    start = dungeon = -1
    neighbours: list[tuple[int, ...]] = []
    for r in range(height):
        for c in range(width):
            mark = lines[2 * r + 1][2 * c + 1]
            field = r * width + c
            if mark == "S":
                start = field
            elif mark == "D":
                dungeon = field
            elif mark != ".":
                raise ValueError(f"unknown field mark {mark!r}")
            gaps = (
                lines[2 * r][2 * c + 1],
                lines[2 * r + 1][2 * c + 2],
                lines[2 * r + 2][2 * c + 1],
                lines[2 * r + 1][2 * c],
            )
            deltas = (-width, 1, width, -1)
            neighbours.append(
                tuple(field + d if g == " " else -1 for g, d in zip(gaps, deltas, strict=True))
            )
    if start < 0 or dungeon < 0:
        raise ValueError("the maze needs a start field and a dungeon")
    colours = tuple(str(c["name"]) for c in raw["colour"])
    letters = "".join(name[0].upper() for name in colours)
    area_lines = [line for line in raw["areas"]["drawing"].split("\n") if line]
    area = tuple(letters.find(ch) for line in area_lines for ch in line)
    board_fields = width * height
    if len(area) != board_fields:
        raise ValueError("area drawing does not match the maze")
    symbols: list[Symbol] = []
    at = [-1] * board_fields
    probe = Board(width, height, start, dungeon, (), (), (), (), (), 0, (), (), 0, {}, 0, ())
    for ci, colour in enumerate(raw["colour"]):
        for name, where in colour["symbols"]:
            spot = probe.field_from_name(str(where))
            if spot is None:
                raise ValueError(f"symbol {name} lies off the board")
            if at[spot] >= 0:
                raise ValueError(f"two symbols on {where}")
            at[spot] = len(symbols)
            symbols.append(Symbol(len(symbols), str(name), ci, spot))
    step_masks = tuple(
        sum(1 << f for f in range(board_fields) if neighbours[f][d] >= 0) for d in range(4)
    )
    dice = raw["dice"]
    ankhs = raw["ankhs"]
    return Board(
        width=width,
        height=height,
        start=start,
        dungeon=dungeon,
        neighbours=tuple(neighbours),
        area=area,
        colours=colours,
        symbols=tuple(symbols),
        symbol_at=tuple(at),
        explorer_dice=int(dice["explorer_dice"]),
        explorer_faces=tuple(str(f) for f in dice["explorer_faces"]),
        mummy_faces=tuple(int(f) for f in dice["mummy_faces"]),
        ankhs_per_figure=int(ankhs["per_figure"]),
        mummy_wins={int(k): int(v) for k, v in ankhs["mummy_wins"].items()},
        forbidden=(1 << start) | (1 << dungeon),
        step_masks=step_masks,
    )


@cache
def board() -> Board:
    """The board of the data file (read once)."""
    text = resources.files(__package__).joinpath("data/board.toml").read_text("utf-8")
    return _parse(tomllib.loads(text))
