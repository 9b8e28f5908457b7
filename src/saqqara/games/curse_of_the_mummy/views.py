"""Curse of the Mummy's view, events and board as typed JSON (``docs/views.md``).

Seat 0 is the mummy, seats 1.. the explorers; explorer figures are numbered from 0 (with
two players seat 1 moves figures 0 and 1). Hidden: the figures' fields from the mummy (it
sees each figure's ``possible`` fields, worked out from everything announced) and each
explorer's task cards from everyone else. Phases: ``deal``, ``turn`` (an explorer chooses
to roll or resolve), ``roll`` (chance rolls dice one by one), ``choose`` (keep or reroll),
``move`` (announce a die and move), ``mummy-roll``, ``mummy-move``, ``reveal`` (the mummy
stepped onto a field a figure may be on: chance of a catch is settled), ``over``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, TypedDict, get_args

from saqqara.core.view import Seat, ViewContract, ViewEnvelope, doc, enum_of, plain
from saqqara.games.curse_of_the_mummy.actions import FACE_WORDS
from saqqara.games.curse_of_the_mummy.data import DIRECTIONS, Board
from saqqara.games.curse_of_the_mummy.data import board as data_board

if TYPE_CHECKING:
    Field = str
    SymbolName = str
    Colour = str
    Face = str
    Direction = str
else:
    Face = enum_of(FACE_WORDS)
    Direction = enum_of(DIRECTIONS)
    _BOARD = data_board()
    Field = Annotated[
        enum_of(_BOARD.names),
        doc("a field's name: column letter and row number (a1 is north-west)"),
    ]
    SymbolName = enum_of(s.name for s in _BOARD.symbols)
    Colour = enum_of(_BOARD.colours)

Phase = Literal[
    "deal", "turn", "roll", "choose", "move", "mummy-roll", "mummy-move", "reveal", "over"
]


class FigureView(TypedDict):
    """One explorer figure."""

    seat: Annotated[Seat, doc("the explorer seat that moves it")]
    ankhs: Annotated[int, doc("ankhs it has left")]
    in_game: Annotated[bool, doc("false once the mummy has taken its last ankh")]
    possible: Annotated[
        list[Field], doc("the fields it may be on, given everything announced (the mummy's aid)")
    ]
    field: Annotated[Field | None, doc("its field; null for the mummy, a spectator, or gone")]


class CurseOfTheMummyView(ViewEnvelope):
    """A position of Curse of the Mummy."""

    round: Annotated[
        int, doc("the round under way, from 1; the game ends after round 100 (the limit)")
    ]
    figure: Annotated[int, doc("the figure whose turn it is (or was)")]
    mummy: Annotated[Field, doc("the mummy's field")]
    mummy_ankhs: Annotated[int, doc("ankhs the mummy has collected")]
    mummy_needs: Annotated[int, doc("ankhs the mummy needs to win")]
    mummy_dice: Annotated[int, doc("dice showing the mummy, set aside this turn")]
    dice: Annotated[list[Face], doc("the dice kept from the last roll, sorted")]
    rolling: Annotated[list[Face], doc("the dice rolled so far in a roll under way")]
    announced: Annotated[Face | None, doc("the die the moving figure announced")]
    mummy_steps: Annotated[int, doc("steps left in the mummy's move")]
    mummy_move: Annotated[
        Literal["normal", "interim"] | None, doc("the kind of mummy move under way")
    ]
    forced: Annotated[bool, doc("the next explorer must resolve (all dice showed the mummy)")]
    figures: list[FigureView]
    hand_colours: Annotated[
        dict[str, list[int]],
        doc("per explorer seat (as a string): its unplayed cards per colour, in board order"),
    ]
    played: Annotated[
        dict[str, list[SymbolName]], doc("per explorer seat (as a string): its played symbols")
    ]
    hand: Annotated[
        list[SymbolName] | None, doc("the viewing explorer's unplayed cards; null otherwise")
    ]


class MazeField(TypedDict):
    """One field of the maze."""

    name: Field
    row: Annotated[int, doc("0 is the north row")]
    column: Annotated[int, doc("0 is the west column")]
    open: Annotated[list[Direction], doc("the sides with no wall: a figure may step that way")]
    area: Annotated[Colour | None, doc("the colour of the area it lies in")]
    symbol: Annotated[SymbolName | None, doc("the treasure symbol printed on it")]


class MazeSymbol(TypedDict):
    """A treasure symbol: its task card's colour and its field."""

    name: SymbolName
    colour: Colour
    field: Field


class CurseOfTheMummyBoard(TypedDict):
    """The reconstructed maze and the dice (``data/board.toml``)."""

    width: int
    height: int
    start: Annotated[Field, doc("where the explorers start; no figure may enter it again")]
    dungeon: Annotated[Field, doc("where the mummy starts and caught figures are put")]
    fields: Annotated[list[MazeField], doc("every field, row by row from a1")]
    colours: Annotated[list[Colour], doc("the card colours, in the order of hand_colours")]
    symbols: list[MazeSymbol]
    explorer_dice: int
    explorer_faces: list[Face]
    mummy_faces: Annotated[list[int], doc("the faces of the mummy's die")]
    ankhs_per_figure: int
    mummy_needs: Annotated[int, doc("ankhs the mummy needs at this player count")]


class FigureEvent(TypedDict):
    figure: int


class DealtEvent(TypedDict):
    """An explorer is dealt a card of a colour (the symbol goes to the seat alone)."""

    kind: Literal["dealt"]
    seat: Seat
    colour: Colour


class CardEvent(TypedDict):
    """The symbol of the card just dealt; only its receiver sees this."""

    kind: Literal["card"]
    symbol: SymbolName


class TurnEvent(FigureEvent):
    """A figure's turn begins."""

    kind: Literal["turn"]
    seat: Seat


class RollEvent(FigureEvent):
    """A figure rolls this many dice."""

    kind: Literal["roll"]
    dice: int


class RerollEvent(FigureEvent):
    """A figure rolls its kept dice again."""

    kind: Literal["reroll"]
    dice: int


class DieEvent(TypedDict):
    """Chance shows one die."""

    kind: Literal["die"]
    face: Face


class RolledEvent(FigureEvent):
    """A roll is complete: the faces kept, and the dice showing the mummy."""

    kind: Literal["rolled"]
    faces: list[Face]
    mummy_dice: int


class TurnLostEvent(FigureEvent):
    """Every die showed the mummy: the turn is lost."""

    kind: Literal["turn-lost"]


class AnnounceEvent(FigureEvent):
    """The figure announces the die it moves by."""

    kind: Literal["announce"]
    value: Face


class MovedEvent(FigureEvent):
    """The figure has moved (where to is told to the explorers only)."""

    kind: Literal["moved"]


class PositionEvent(FigureEvent):
    """The figure's new field, for the explorers' eyes."""

    kind: Literal["position"]
    field: Field


class PlayEvent(FigureEvent):
    """An explorer plays a task card on the figure's field."""

    kind: Literal["play"]
    seat: Seat
    symbol: SymbolName
    field: Field


class StuckEvent(FigureEvent):
    """The figure cannot move."""

    kind: Literal["stuck"]


class ResolveEvent(FigureEvent):
    """The figure resolves: the mummy makes an interim move of ``steps``."""

    kind: Literal["resolve"]
    steps: int


class ForcedResolveEvent(FigureEvent):
    """The figure must resolve (the last roll was all mummies)."""

    kind: Literal["forced-resolve"]
    steps: int


class MummyTurnEvent(TypedDict):
    """The mummy's normal turn begins."""

    kind: Literal["mummy-turn"]


class MummyDieEvent(TypedDict):
    """The mummy's die shows ``value``; it moves ``steps``."""

    kind: Literal["mummy-die"]
    value: int
    steps: int


class MummyInterimEvent(TypedDict):
    """The mummy makes an interim move of ``steps``."""

    kind: Literal["mummy-interim"]
    steps: int


class MummyStepEvent(TypedDict):
    """The mummy steps onto a field."""

    kind: Literal["mummy-step"]
    field: Field
    steps_left: int


class MummyStopEvent(TypedDict):
    """The mummy ends its move early."""

    kind: Literal["mummy-stop"]
    field: Field


class NoCatchEvent(TypedDict):
    """Nobody was on the field the mummy entered."""

    kind: Literal["no-catch"]
    field: Field


class CatchEvent(FigureEvent):
    """The mummy catches a figure and takes an ankh."""

    kind: Literal["catch"]
    seat: Seat
    field: Field
    ankhs_left: int
    mummy_ankhs: int


class OutEvent(FigureEvent):
    """A figure with no ankh left leaves the game."""

    kind: Literal["out"]
    seat: Seat


class DiceResolvedEvent(TypedDict):
    """The mummy's move for the set-aside dice is over."""

    kind: Literal["dice-resolved"]


class GameOverEvent(TypedDict):
    """The game ends: the winning seat (0 is the mummy)."""

    kind: Literal["game-over"]
    winner: Seat
    reason: str


CONTRACT = ViewContract(
    view=CurseOfTheMummyView,
    events=(
        DealtEvent,
        CardEvent,
        TurnEvent,
        RollEvent,
        RerollEvent,
        DieEvent,
        RolledEvent,
        TurnLostEvent,
        AnnounceEvent,
        MovedEvent,
        PositionEvent,
        PlayEvent,
        StuckEvent,
        ResolveEvent,
        ForcedResolveEvent,
        MummyTurnEvent,
        MummyDieEvent,
        MummyInterimEvent,
        MummyStepEvent,
        MummyStopEvent,
        NoCatchEvent,
        CatchEvent,
        OutEvent,
        DiceResolvedEvent,
        GameOverEvent,
    ),
    board=CurseOfTheMummyBoard,
    phases=get_args(Phase),
)


def board_json(board: Board, players: int) -> dict[str, Any]:
    """The :class:`CurseOfTheMummyBoard` of the maze at a player count."""
    name = board.field_name
    fields: list[MazeField] = []
    for f in range(board.fields):
        area, symbol = board.area[f], board.symbol_at[f]
        fields.append(
            {
                "name": name(f),
                "row": f // board.width,
                "column": f % board.width,
                "open": [
                    d for d, to in zip(DIRECTIONS, board.neighbours[f], strict=True) if to >= 0
                ],
                "area": None if area < 0 else board.colours[area],
                "symbol": None if symbol < 0 else board.symbols[symbol].name,
            }
        )
    data: CurseOfTheMummyBoard = {
        "width": board.width,
        "height": board.height,
        "start": name(board.start),
        "dungeon": name(board.dungeon),
        "fields": fields,
        "colours": list(board.colours),
        "symbols": [
            {"name": s.name, "colour": board.colours[s.colour], "field": name(s.field)}
            for s in board.symbols
        ],
        "explorer_dice": board.explorer_dice,
        "explorer_faces": list(board.explorer_faces),
        "mummy_faces": list(board.mummy_faces),
        "ankhs_per_figure": board.ankhs_per_figure,
        "mummy_needs": board.mummy_wins[players],
    }
    return plain(data)
