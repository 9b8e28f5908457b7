"""The view envelope: the keys every view of every game carries, owned by the kernel.

A game's view is one flat JSON object: these envelope keys beside the game's own payload
keys (a game's view TypedDict inherits :class:`ViewEnvelope`). ``docs/views.md`` is the
contract a client is written against; each game exports its payload, events and board as
JSON Schema (:mod:`saqqara.core.schema`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypedDict, cast

from msgspec import Meta

if TYPE_CHECKING:
    from saqqara.core.game import State

CHANCE_MARKER: Literal["chance"] = "chance"
"""How chance appears in a view's ``to_act`` (the engine's ``CHANCE`` seat number, -1)."""


def doc(text: str) -> Meta:
    """A description for a TypedDict field: ``Annotated[int, doc("...")]``."""
    return Meta(description=text)


def enum_of(values: Iterable[str]) -> Any:
    """A ``Literal`` of ``values`` made at run time, for schemas of names read from a game's
    data files (type checkers see such an alias as ``str``; see the games' ``views.py``)."""
    return Literal.__getitem__(tuple(dict.fromkeys(values)))


Seat = Annotated[int, Meta(ge=0, description="a seat number, 0 to players - 1")]
Actor = Seat | Literal["chance"]


class OutcomeView(TypedDict):
    """The result of a finished game."""

    scores: Annotated[
        list[float], Meta(description="each seat's final figure, in the game's own unit")
    ]
    ranks: Annotated[
        list[int], Meta(description="each seat's competition rank: 1 for the winners, ties share")
    ]
    winners: Annotated[list[Seat], Meta(description="the seats ranked first, ascending")]
    reason: Annotated[str, Meta(description="why the game ended, in words")]


class ViewEnvelope(TypedDict):
    """The keys every view carries, whatever the game."""

    game: Annotated[str, Meta(description="the game id")]
    rules_version: Annotated[
        int, Meta(description="the rules version of the engine that made this view")
    ]
    options: Annotated[
        dict[str, str], Meta(description="the game's options, every one resolved (name: value)")
    ]
    players: Annotated[int, Meta(ge=1, description="the number of seats")]
    seat: Annotated[Seat | None, Meta(description="whose view this is; null for a spectator")]
    phase: Annotated[str, Meta(description="the game's phase; each game lists its phases")]
    to_act: Annotated[
        list[Actor],
        Meta(
            description="the seats that must decide now (several: a sealed simultaneous "
            'decision), ["chance"] at a chance step, [] once the game is over'
        ),
    ]
    outcome: Annotated[
        OutcomeView | None, Meta(description="null until the game is over, then its result")
    ]


def to_act_json(to_act: tuple[int, ...]) -> list[int | Literal["chance"]]:
    """``state.to_act()`` as a view shows it: chance as ``"chance"``."""
    return [CHANCE_MARKER if s < 0 else s for s in to_act]


def outcome_json(state: State) -> OutcomeView | None:
    """The envelope's ``outcome``: ``None`` while the game runs."""
    if not state.is_terminal():
        return None
    outcome = state.outcome()
    return {
        "scores": list(outcome.scores),
        "ranks": list(outcome.ranks),
        "winners": sorted(outcome.winners),
        "reason": outcome.reason,
    }


def envelope(state: State, seat: int | None, phase: str) -> ViewEnvelope:
    """The envelope keys of ``state``'s view for ``seat`` (``None``: a spectator)."""
    game = state.game
    return {
        "game": game.spec.id,
        "rules_version": game.spec.rules_version,
        "options": dict(game.options),
        "players": game.players,
        "seat": seat,
        "phase": phase,
        "to_act": to_act_json(state.to_act()),
        "outcome": outcome_json(state),
    }


def plain(view: object) -> dict[str, Any]:
    """A typed view (a game's TypedDict) as the contract's plain JSON object; no copy."""
    return cast(dict[str, Any], view)


@dataclass(frozen=True, slots=True)
class ViewContract:
    """The types a game's JSON follows, for schema export and validation.

    ``view``: the game's view TypedDict (inheriting :class:`ViewEnvelope`); ``events``: one
    TypedDict per event kind, each with ``kind`` as a one-value ``Literal``; ``board``: the
    TypedDict of :meth:`Game.board_data`, the static facts a client draws the board from;
    ``phases``: the values the envelope's ``phase`` takes in this game, in order.
    """

    view: type[Any]
    events: tuple[type[Any], ...]
    board: type[Any]
    phases: tuple[str, ...]
