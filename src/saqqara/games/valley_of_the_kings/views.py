"""Valley of the Kings' view, events and board as typed JSON (``docs/views.md``).

Places are named as the rulebook does: areas by number (``16``-``22``), fields by site and
letter (``13-H``); sites are numbered 1-15. Hidden: the values of face-down bid tiles until
the bids are revealed, and written overseer orders until every seat has written its own.
Phases: ``setup`` (chance picks the start player), ``draw`` (chance draws the stone groups),
``bid``, ``overseers`` (round one: overseers are placed openly), ``orders`` (later rounds:
sealed, simultaneous orders), ``workers``, ``steal``, ``takeover``, ``build``, ``over``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, TypedDict, get_args

from saqqara.core.view import Seat, ViewContract, ViewEnvelope, doc, enum_of, plain
from saqqara.games.valley_of_the_kings.data import Board, pharaoh_shape
from saqqara.games.valley_of_the_kings.data import board as data_board

if TYPE_CHECKING:
    Place = str
    Colour = str
else:
    _BOARD = data_board()
    Place = Annotated[
        enum_of(_BOARD.node_names), doc("an area (its number) or a field (site-letter)")
    ]
    Colour = enum_of(c.slug for c in _BOARD.colours)

SiteNumber = Annotated[int, doc("a building site, 1-15")]
Phase = Literal[
    "setup",
    "draw",
    "bid",
    "overseers",
    "orders",
    "workers",
    "steal",
    "takeover",
    "build",
    "over",
]


class BidView(TypedDict):
    """One bid tile laid on a group."""

    group: Annotated[int, doc("the stone group, from 1")]
    seat: Seat
    value: Annotated[int | None, doc("its rings; null while face down to the viewer")]


class SeatView(TypedDict):
    """One seat's pieces and supplies."""

    overseers: Annotated[list[Place], doc("where its two overseers stand")]
    workers: Annotated[list[Place], doc("where its five workers stand")]
    stones: Annotated[dict[str, int], doc("stones held (colour: count)")]
    scarabs: int
    bid_tiles: Annotated[
        list[int] | int,
        doc("its bid tiles' values; only their number while the bids are sealed to the viewer"),
    ]
    orders_written: Annotated[int, doc("overseer orders written this round")]
    orders: Annotated[
        list[Place] | None, doc("its written orders; null while they are sealed to the viewer")
    ]
    stolen: Annotated[
        list[int],
        doc("stones it took from each site (by site index) in the latest stealing phase"),
    ]
    built: Annotated[
        list[int], doc("stones it built on each site (by site index) in the latest building phase")
    ]


class SiteView(TypedDict):
    """One building site."""

    site: SiteNumber
    size: Literal["small", "large"]
    owner: Annotated[Seat | None, doc("the seat whose scarab claims it")]
    in_play: Annotated[bool, doc("false for sites left out at this player count")]
    stones: Annotated[
        list[Colour | None], doc("per stone position (level by level, row-major): its colour")
    ]
    finished: bool


class ValleyOfTheKingsView(ViewEnvelope):
    """A position of Valley of the Kings."""

    round: int
    start: Annotated[Seat, doc("this round's start player")]
    steps_left: Annotated[int | None, doc("steps left to the seat placing pieces")]
    bag: Annotated[dict[str, int], doc("stones in the bag (colour: count)")]
    groups: Annotated[list[list[Colour]], doc("the stone groups up for bidding")]
    bids: list[BidView]
    seats: list[SeatView]
    sites: list[SiteView]
    pharaoh: Annotated[int, doc("stones on the pharaoh pyramid")]
    discarded: Annotated[int, doc("stones out of the game")]
    scores: Annotated[list[int], doc("per seat: points of its finished pyramids")]


class AreaData(TypedDict):
    """An area of the board."""

    number: int
    outline: Annotated[list[tuple[int, int]], doc("the area's polygon, in board units")]


class FieldData(TypedDict):
    """A field of a site."""

    name: Place
    letter: str


class SiteData(TypedDict):
    """A building site."""

    number: SiteNumber
    size: Literal["small", "large"]
    area: Annotated[int, doc("the number of the area it lies in")]
    suns: Annotated[int, doc("red suns: three-sun sites sit out with 3 players, 2+ with 2")]
    in_play: Annotated[bool, doc("whether it is used at this player count")]
    x: int
    y: int
    fields: list[FieldData]
    stones: Annotated[int, doc("stone positions of its pyramid")]
    levels: int


class ColourData(TypedDict):
    slug: Colour
    name: Annotated[str, doc("the rulebook's own word")]
    english: str
    count: Annotated[int, doc("stones of this colour in the game")]


class ValleyOfTheKingsBoard(TypedDict):
    """The reconstructed board and components (``data/board.toml``, ``components.toml``)."""

    areas: list[AreaData]
    sites: list[SiteData]
    steps: Annotated[
        list[tuple[Place, Place]],
        doc("every pair of places one step apart (a line, or two coinciding lines, between)"),
    ]
    pharaoh: Annotated[dict[str, int], doc("the pharaoh site: x, y, stones, levels")]
    colours: list[ColourData]
    bid_tiles: Annotated[list[int], doc("each seat's bid tiles, by rings")]
    max_bid_per_group: int
    group_size: int
    steps_per_round: int
    stones_per_worker: int
    scores: Annotated[
        dict[str, dict[str, int]],
        doc("points of a finished pyramid by size, then by pattern (single, layered, ...)"),
    ]


class SeatEvent(TypedDict):
    seat: Seat


class StartPlayerEvent(SeatEvent):
    """Chance picks the first start player."""

    kind: Literal["start-player"]


class RoundEvent(TypedDict):
    """A round begins."""

    kind: Literal["round"]
    number: int
    start: Seat


class DrawEvent(TypedDict):
    """Chance draws a stone into a group."""

    kind: Literal["draw"]
    group: int
    colour: Colour


class BidEvent(SeatEvent):
    """A seat lays a bid tile face down on a group."""

    kind: Literal["bid"]
    group: int


class BidValueEvent(SeatEvent):
    """The bid tile's value, for its own seat alone."""

    kind: Literal["bid-value"]
    group: int
    value: int


class DoneEvent(SeatEvent):
    """A seat ends its part of a phase."""

    kind: Literal["done"]
    phase: Phase


class RevealBidsEvent(TypedDict):
    """The bids are turned over: [group, seat, rings] each."""

    kind: Literal["reveal-bids"]
    bids: list[tuple[int, Seat, int]]


class UnsoldEvent(TypedDict):
    """A group nobody bid on goes back to the bag or to the pharaoh pyramid."""

    kind: Literal["unsold"]
    group: int
    to: Literal["bag", "pharaoh"]


class SoldEvent(SeatEvent):
    """A group goes to the highest bidder."""

    kind: Literal["sold"]
    group: int
    bid: int


class OrderWrittenEvent(SeatEvent):
    """A seat writes an overseer order (its target is for that seat alone)."""

    kind: Literal["order-written"]
    overseer: int


class OrderEvent(SeatEvent):
    """An order's target, for its own seat alone."""

    kind: Literal["order"]
    overseer: int
    target: Place


class RevealOrdersEvent(TypedDict):
    """Every seat's orders are shown: per seat, its two targets."""

    kind: Literal["reveal-orders"]
    orders: list[list[Place]]


class OverrunEvent(SeatEvent):
    """A seat's orders need more steps than it has: its overseers stay."""

    kind: Literal["overrun"]
    steps: int


class FieldTakenEvent(SeatEvent):
    """An ordered field is already occupied."""

    kind: Literal["field-taken"]
    overseer: int
    to: Place


class MoveEvent(SeatEvent):
    """A piece moves."""

    kind: Literal["move"]
    piece: Literal["overseer", "worker"]
    number: int
    to: Place


class ClaimEvent(SeatEvent):
    """A seat claims a site with a scarab."""

    kind: Literal["claim"]
    site: SiteNumber


class StealEvent(SeatEvent):
    """A seat takes a stone from another's pyramid."""

    kind: Literal["steal"]
    site: SiteNumber
    owner: Seat
    pos: Annotated[str, doc("the stone position, level.index from 1")]
    colour: Colour


class TakeoverEvent(SeatEvent):
    """A seat takes over another's site."""

    kind: Literal["takeover"]
    site: SiteNumber
    previous: Seat


class BuildEvent(SeatEvent):
    """A seat lays a stone on its site."""

    kind: Literal["build"]
    site: SiteNumber
    pos: Annotated[str, doc("the stone position, level.index from 1")]
    colour: Colour


class FinishedEvent(SeatEvent):
    """A pyramid is finished."""

    kind: Literal["finished"]
    site: SiteNumber


class ToPharaohEvent(SeatEvent):
    """Unbuilt stones go to the pharaoh pyramid."""

    kind: Literal["to-pharaoh"]
    stones: int
    pharaoh: int


class GameOverEvent(TypedDict):
    """The game ends."""

    kind: Literal["game-over"]
    reason: str
    scores: list[int]


CONTRACT = ViewContract(
    view=ValleyOfTheKingsView,
    events=(
        StartPlayerEvent,
        RoundEvent,
        DrawEvent,
        BidEvent,
        BidValueEvent,
        DoneEvent,
        RevealBidsEvent,
        UnsoldEvent,
        SoldEvent,
        OrderWrittenEvent,
        OrderEvent,
        RevealOrdersEvent,
        OverrunEvent,
        FieldTakenEvent,
        MoveEvent,
        ClaimEvent,
        StealEvent,
        TakeoverEvent,
        BuildEvent,
        FinishedEvent,
        ToPharaohEvent,
        GameOverEvent,
    ),
    board=ValleyOfTheKingsBoard,
    phases=get_args(Phase),
)


def board_json(board: Board, players: int) -> dict[str, Any]:
    """The :class:`ValleyOfTheKingsBoard` at a player count."""
    names = board.node_names
    in_play = board.in_play(players)
    pharaoh = pharaoh_shape()
    data: ValleyOfTheKingsBoard = {
        "areas": [
            {"number": number, "outline": list(shape)}
            for number, shape in zip(board.area_numbers, board.area_shapes, strict=True)
        ],
        "sites": [
            {
                "number": site.number,
                "size": "large" if site.shape.name == "large" else "small",
                "area": board.area_numbers[site.area],
                "suns": site.suns,
                "in_play": in_play[index],
                "x": site.x,
                "y": site.y,
                "fields": [
                    {"name": names[node], "letter": letter}
                    for node, letter in zip(site.fields, site.shape.fields, strict=True)
                ],
                "stones": site.shape.stones,
                "levels": site.shape.levels,
            }
            for index, site in enumerate(board.sites)
        ],
        "steps": [
            (names[a], names[b]) for a, row in enumerate(board.neighbours) for b in row if a < b
        ],
        "pharaoh": {
            "x": board.pharaoh_xy[0],
            "y": board.pharaoh_xy[1],
            "stones": board.pharaoh_stones,
            "levels": pharaoh.levels,
        },
        "colours": [
            {"slug": c.slug, "name": c.name, "english": c.english, "count": c.count}
            for c in board.colours
        ],
        "bid_tiles": list(board.bid_tiles),
        "max_bid_per_group": board.max_bid,
        "group_size": board.group_size,
        "steps_per_round": board.steps,
        "stones_per_worker": board.stones_per_worker,
        "scores": {size: dict(table) for size, table in board.scores.items()},
    }
    return plain(data)
