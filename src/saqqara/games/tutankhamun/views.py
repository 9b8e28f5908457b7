"""Tutankhamun's view, events and board as typed JSON (``docs/views.md``).

Open information: every seat and the spectator see the same payload. Phases: ``setup``
(chance lays the path), ``move``, ``steal`` (a nugget or bag of gold was taken: pick a
victim), ``scoring`` (a type's last tile left the path: seats may play lids, pharaoh tiles,
the mask), ``over``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, TypedDict, get_args

from saqqara.core.view import Seat, ViewContract, ViewEnvelope, doc, enum_of, plain
from saqqara.games.tutankhamun.data import EDITIONS, edition

if TYPE_CHECKING:
    TileSlug = str
    EditionId = str
else:
    TileSlug = enum_of(
        slug
        for e in map(edition, EDITIONS)
        for slug in (*(t.slug for t in e.types), e.steal_slug, e.wild_slug, "king-tut")
    )
    EditionId = enum_of(EDITIONS)

Phase = Literal["setup", "move", "steal", "scoring", "over"]


class ScoringView(TypedDict):
    """A scoring in progress."""

    tile: Annotated[TileSlug, doc("the type being scored")]
    lids: Annotated[list[int], doc("canopic lids each seat has played on it (Amigo)")]
    pharaohs: Annotated[list[int], doc("pharaoh tiles each seat has played on it (OOTB)")]
    mask: Annotated[Seat | None, doc("the seat that played the gold mask on it, if any")]
    tiles: Annotated[list[int], doc("each seat's tiles of the type, wilds included")]


class TutankhamunView(ViewEnvelope):
    """A position of Tutankhamun."""

    edition: Annotated[EditionId, doc("the edition played (also in options)")]
    active: Annotated[Seat, doc("the seat whose turn it is (or was, once over)")]
    path: Annotated[
        list[TileSlug | None],
        doc("every slot of the path from start to pyramid: its tile, null once empty or undrawn"),
    ]
    undrawn: Annotated[dict[str, int], doc("tiles of each kind not yet laid (slug: count)")]
    pawns: Annotated[
        list[int | None],
        doc("each seat's slot; null before the path, the path's length once past its end"),
    ]
    scores: Annotated[
        list[int], doc("each seat's fields left to the goal (Amigo) or coins left (OOTB)")
    ]
    holdings: Annotated[list[dict[str, int]], doc("each seat's collected tiles (slug: count)")]
    on_path: Annotated[dict[str, int], doc("tiles of each type still on the path")]
    removed: Annotated[
        list[TileSlug], doc("tiles removed from the path (out of the game), in removal order")
    ]
    wilds: Annotated[list[int], doc("each seat's unplayed lids (Amigo) or pharaoh tiles")]
    king_tut: Annotated[
        Seat | None, doc("the seat holding King Tut unplayed (OOTB); null when nobody does")
    ]
    mask: Annotated[
        Seat | Literal["pyramid", "used"] | None,
        doc('the gold mask (Amigo): "pyramid", the seat holding it, or "used"; null in OOTB'),
    ]
    scoring: Annotated[ScoringView | None, doc("the scoring in progress, if any")]


class TutankhamunBoardTile(TypedDict):
    """One kind of tile in this edition."""

    slug: Annotated[TileSlug, doc("the name used in views and notation")]
    name: Annotated[str, doc("the rulebook's own word")]
    english: Annotated[str, doc("the display name")]
    role: Annotated[
        Literal["treasure", "steal", "wild", "king-tut"],
        doc("a treasure type, the nugget/bag of gold, the lid/pharaoh tile, or King Tut"),
    ]
    count: Annotated[int, doc("how many tiles of this kind exist")]
    value: Annotated[int, doc("a treasure's value (its count); 0 for the others")]


class TutankhamunBoard(TypedDict):
    """The path's facts for the configured edition and player count."""

    edition: EditionId
    path_length: Annotated[int, doc("slots on the path, King Tut's included")]
    king_tut_slot: Annotated[int | None, doc("the last slot, where King Tut lies (OOTB)")]
    start_score: Annotated[int, doc("each seat's start field (Amigo) or coins (OOTB)")]
    score_kind: Annotated[Literal["track", "coins"], doc("what the scores count")]
    gold_mask: Annotated[bool, doc("whether the edition has the gold mask")]
    tiles: list[TutankhamunBoardTile]


class SeatEvent(TypedDict):
    seat: Seat


class PassEvent(SeatEvent):
    """A seat passes in a scoring."""

    kind: Literal["pass"]


class StealDeclinedEvent(SeatEvent):
    """A seat takes nothing with its nugget / bag of gold."""

    kind: Literal["steal-declined"]


class TurnEvent(SeatEvent):
    """A seat's turn begins."""

    kind: Literal["turn"]


class KingTutEvent(SeatEvent):
    """A seat takes King Tut (and pays a coin)."""

    kind: Literal["king-tut"]


class ExitEvent(SeatEvent):
    """A seat's pawn leaves the path."""

    kind: Literal["exit"]


class GoldMaskEvent(SeatEvent):
    """The first seat off the path takes the gold mask."""

    kind: Literal["gold-mask"]


class DrawEvent(TypedDict):
    """Chance lays the next tile of the path."""

    kind: Literal["draw"]
    slot: int
    tile: TileSlug


class TakeEvent(SeatEvent):
    """A seat moves to a slot and takes its tile."""

    kind: Literal["take"]
    slot: int
    tile: TileSlug


class StealDiscardedEvent(SeatEvent):
    """A nugget / bag of gold that can rob nobody is discarded."""

    kind: Literal["steal-discarded"]
    reason: str


class StealEvent(SeatEvent):
    """A seat robs ``victim`` of one tile."""

    kind: Literal["steal"]
    victim: Seat
    tile: TileSlug


class ScoreEvent(SeatEvent):
    """A seat moves ``points`` toward the goal (pays coins); ``left`` remain."""

    kind: Literal["score"]
    points: int
    left: int


class RemoveEvent(TypedDict):
    """A tile behind the last pawn leaves the path."""

    kind: Literal["remove"]
    slot: int
    tile: TileSlug


class ScoringEvent(TypedDict):
    """A type's last tile left the path: it is scored."""

    kind: Literal["scoring"]
    tile: TileSlug


class WildPlayedEvent(SeatEvent):
    tile: Annotated[TileSlug, doc("the type being scored")]


class LidEvent(WildPlayedEvent):
    """A seat plays a canopic lid on the scoring."""

    kind: Literal["lid"]


class MaskEvent(WildPlayedEvent):
    """A seat plays the gold mask on the scoring."""

    kind: Literal["mask"]


class PharaohEvent(WildPlayedEvent):
    """A seat plays a pharaoh tile on the scoring."""

    kind: Literal["pharaoh"]


class ScoredEvent(TypedDict):
    """The scoring's awards: [seat, points] pairs for first and second place."""

    kind: Literal["scored"]
    tile: TileSlug
    first: list[tuple[Seat, int]]
    second: list[tuple[Seat, int]]


class GameOverEvent(TypedDict):
    """The game ends."""

    kind: Literal["game-over"]
    winners: list[Seat]
    reason: str


CONTRACT = ViewContract(
    view=TutankhamunView,
    events=(
        DrawEvent,
        TurnEvent,
        TakeEvent,
        StealDiscardedEvent,
        KingTutEvent,
        ExitEvent,
        GoldMaskEvent,
        StealEvent,
        StealDeclinedEvent,
        ScoreEvent,
        RemoveEvent,
        ScoringEvent,
        LidEvent,
        MaskEvent,
        PharaohEvent,
        PassEvent,
        ScoredEvent,
        GameOverEvent,
    ),
    board=TutankhamunBoard,
    phases=get_args(Phase),
)


def board(edition_id: str, players: int) -> dict[str, Any]:
    """The :class:`TutankhamunBoard` of an edition at a player count."""
    ed = edition(edition_id)
    tiles: list[TutankhamunBoardTile] = [
        {
            "slug": t.slug,
            "name": t.name,
            "english": t.english,
            "role": "treasure",
            "count": t.count,
            "value": t.count,
        }
        for t in ed.types
    ]
    tiles.append(_extra(ed.steal_slug, "steal", ed.steal_tiles))
    tiles.append(_extra(ed.wild_slug, "wild", ed.wild_tiles))
    if not ed.amigo:
        tiles.append(_extra("king-tut", "king-tut", 1))
    data: TutankhamunBoard = {
        "edition": ed.id,
        "path_length": ed.path_length,
        "king_tut_slot": None if ed.amigo else ed.path_length - 1,
        "start_score": ed.start[players],
        "score_kind": "track" if ed.amigo else "coins",
        "gold_mask": ed.amigo,
        "tiles": tiles,
    }
    return plain(data)


_EXTRAS = {
    "nugget": ("Goldklumpen", "Gold nugget"),
    "lid": ("Kanopen-Deckel", "Canopic lid"),
    "bag": ("Zak met goud", "Bag of gold"),
    "pharaoh": ("Farao-tegel", "Pharaoh tile"),
    "king-tut": ("Koning Tut", "King Tut"),
}
"""The rulebooks' words and our display names of the tiles that are not treasures."""


def _extra(
    slug: str, role: Literal["steal", "wild", "king-tut"], count: int
) -> TutankhamunBoardTile:
    name, english = _EXTRAS[slug]
    return {
        "slug": slug,
        "name": name,
        "english": english,
        "role": role,
        "count": count,
        "value": 0,
    }
