"""Tutankhamun's Revenge's view, events and board as typed JSON (``docs/views.md``).

The box is 4 x 4 stacks, numbered 0-15 row by row (``a1`` is stack 0, ``d4`` stack 15);
layers are numbered 1 (bottom) to 6 (cover). Hidden: the layers other seats laid, and the
box's secret quarter turn. Phases: ``laying``, ``turning`` (chance turns the box),
``digging``, ``revealing`` (chance shows the card under a lifted one), ``blocking`` (the
digger may lay its blockade card), ``over``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, TypedDict, get_args

from msgspec import Meta

from saqqara.core.view import Seat, ViewContract, ViewEnvelope, doc, enum_of, plain
from saqqara.games.tutankhamuns_revenge.data import CELLS, ROLES, deck
from saqqara.games.tutankhamuns_revenge.shapes import SIDE, cell_name

if TYPE_CHECKING:
    CardSlug = str
    CellName = str
    Role = str
else:
    CardSlug = enum_of(c.slug for c in deck().cards)
    CellName = enum_of(cell_name(c) for c in range(CELLS))
    Role = enum_of(ROLES)

Stack = Annotated[int, Meta(ge=0, le=CELLS - 1, description="a stack: 0-15, row by row from a1")]
Phase = Literal["laying", "turning", "digging", "revealing", "blocking", "over"]


class LayingView(TypedDict):
    """The layer being laid."""

    layer: Annotated[int, doc("its number, 1 (bottom) to 6 (cover)")]
    cards: Annotated[int, doc("cards laid in it so far")]
    random: Annotated[bool, doc("its owner chose to have it laid at random")]


class TurnView(TypedDict):
    """The digger's turn so far."""

    lifts: Annotated[int, doc("cards lifted this turn")]
    gain: Annotated[int, doc("treasure value found this turn, not yet cashed")]
    scarab: Annotated[bool, doc("a scarab card doubles this turn's gain")]
    at_stake: Annotated[int, doc("what the turn would pay if cashed now")]


class TutankhamunsRevengeView(ViewEnvelope):
    """A position of Tutankhamun's Revenge."""

    layer_owners: Annotated[list[Seat], doc("the seat that lays each layer, bottom first")]
    laying: Annotated[LayingView | None, doc("the layer being laid, in the laying phase")]
    my_layers: Annotated[
        dict[str, list[CardSlug | None]],
        doc("layers the viewer laid (number as a string): its 16 cells as laid, null unlaid"),
    ]
    possible_turns: Annotated[
        list[int] | None,
        doc("quarter turns of the box the viewer cannot yet rule out; null if it laid no layer"),
    ]
    depth: Annotated[list[int], doc("per stack: cards still in it")]
    top: Annotated[
        list[CardSlug | None], doc("per stack: its visible top card; null if empty or not shown")
    ]
    known: Annotated[
        list[list[CardSlug | None]],
        doc("per layer (bottom first), per stack: the card if it has been uncovered"),
    ]
    hidden_left: Annotated[
        list[dict[str, int]], doc("per layer: cards of each kind not yet uncovered")
    ]
    blocks: Annotated[list[Stack | None], doc("per seat: the stack its blockade lies on")]
    active: Annotated[Seat | None, doc("the digger; null before the digging starts")]
    turn: TurnView
    money: Annotated[list[int], doc("per seat: silver coins")]
    scarabs: Annotated[list[int], doc("per seat: scarab cards in hand")]
    blockade_cards: Annotated[list[int], doc("per seat: blockade cards in hand")]
    out: Annotated[list[Seat], doc("seats out of the game, in the order they went out")]
    passes_in_row: Annotated[int, doc("turns in a row that ended without digging")]
    mask_seen: Annotated[bool, doc("the death mask has been uncovered")]


class RevengeCard(TypedDict):
    """One kind of card."""

    slug: CardSlug
    name: Annotated[str, doc("the rulebook's own word")]
    english: str
    value: Annotated[int, doc("silver it is worth: above 0 a treasure, below 0 a danger")]
    part: Annotated[Role | None, doc("the snake or obelisk part it is, if any")]


class RevengeLayer(TypedDict):
    """One layer of the box."""

    number: Annotated[int, doc("1 (bottom) to 6 (cover)")]
    laid_by: Annotated[Seat, doc("the seat that lays it at this player count")]
    cards: Annotated[dict[str, int], doc("its cards (slug: count)")]


class TutankhamunsRevengeBoard(TypedDict):
    """The box and the cards."""

    stacks: Annotated[list[CellName], doc("the stacks' names, by stack number")]
    side: Annotated[int, doc("stacks per row and per column")]
    layers: list[RevengeLayer]
    cards: list[RevengeCard]
    start_money: int
    start_scarabs: int
    start_blockade_cards: int


class SeatEvent(TypedDict):
    seat: Seat


class LayEvent(TypedDict):
    """The layer's owner (alone) sees the card it laid."""

    kind: Literal["lay"]
    layer: int
    cell: CellName
    card: CardSlug


class LaidEvent(SeatEvent):
    """A card was laid face down: ``cards`` are now in the layer."""

    kind: Literal["laid"]
    layer: int
    cards: int


class RandomLayoutEvent(SeatEvent):
    """A seat has its layer laid at random."""

    kind: Literal["random-layout"]
    layer: int


class CoverEvent(SeatEvent):
    """The cover layer is laid."""

    kind: Literal["cover"]


class BoxTurnedEvent(TypedDict):
    """The box got its secret quarter turn."""

    kind: Literal["box-turned"]


class TurnEvent(SeatEvent):
    """A seat's turn begins."""

    kind: Literal["turn"]


class UnblockEvent(SeatEvent):
    """A seat's blockade leaves a stack."""

    kind: Literal["unblock"]
    stack: CellName


class LiftEvent(SeatEvent):
    """The digger lifts the top card of a stack."""

    kind: Literal["lift"]
    stack: CellName
    card: CardSlug
    layer: int


class RevealEvent(SeatEvent):
    """The card under the lifted one is shown."""

    kind: Literal["reveal"]
    stack: CellName
    card: CardSlug
    layer: int


class PenaltyEvent(SeatEvent):
    """A danger: the digger pays ``paid`` and loses the turn's ``lost``."""

    kind: Literal["penalty"]
    paid: int
    lost: int
    money: int


class OutEvent(SeatEvent):
    """A digger who cannot pay leaves the game."""

    kind: Literal["out"]
    owed: int
    lost: int
    paid: int


class ScarabEvent(SeatEvent):
    """A seat plays a scarab card."""

    kind: Literal["scarab"]


class BlockEvent(SeatEvent):
    """A seat lays its blockade card on a stack."""

    kind: Literal["block"]
    stack: CellName


class CashEvent(SeatEvent):
    """The digger stops and cashes in ``paid``."""

    kind: Literal["cash"]
    paid: int
    money: int


class PassEvent(SeatEvent):
    """A seat ends its turn without digging, paying ``paid``."""

    kind: Literal["pass"]
    paid: int
    money: int


class GameOverEvent(TypedDict):
    """The game ends."""

    kind: Literal["game-over"]
    reason: str
    winners: list[Seat]
    money: list[int]


CONTRACT = ViewContract(
    view=TutankhamunsRevengeView,
    events=(
        LayEvent,
        LaidEvent,
        RandomLayoutEvent,
        CoverEvent,
        BoxTurnedEvent,
        TurnEvent,
        UnblockEvent,
        LiftEvent,
        RevealEvent,
        PenaltyEvent,
        OutEvent,
        ScarabEvent,
        BlockEvent,
        CashEvent,
        PassEvent,
        GameOverEvent,
    ),
    board=TutankhamunsRevengeBoard,
    phases=get_args(Phase),
)


def board_json(
    owners: list[int], start_money: int, start_scarabs: int, start_blockades: int
) -> dict[str, Any]:
    """The :class:`TutankhamunsRevengeBoard`; ``owners``: the seat laying each layer."""
    cards = deck()
    data: TutankhamunsRevengeBoard = {
        "stacks": [cell_name(c) for c in range(CELLS)],
        "side": SIDE,
        "layers": [
            {
                "number": number + 1,
                "laid_by": owners[number],
                "cards": {c.slug: k for c, k in zip(cards.cards, counts, strict=True) if k},
            }
            for number, counts in enumerate(cards.layers)
        ],
        "cards": [
            {
                "slug": c.slug,
                "name": c.name,
                "english": c.english,
                "value": c.value,
                "part": ROLES[c.role - 1] if c.role else None,
            }
            for c in cards.cards
        ],
        "start_money": start_money,
        "start_scarabs": start_scarabs,
        "start_blockade_cards": start_blockades,
    }
    return plain(data)
