"""What a seat is sent after a step: built from that seat's window and nothing else.

:func:`seat_update` reads a position only through ``view(seat)``, ``to_act()``,
``legal_actions(seat)`` and ``outcome()``, and the events through their audiences, so what
a seat receives cannot depend on anything it may not know. The wire secrecy test checks
exactly this function's bytes against resampled positions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from saqqara.core.actions import Action
from saqqara.core.game import CHANCE, Game
from saqqara.core.match import Step
from saqqara.core.outcome import Outcome
from saqqara.server.messages import EventText, LegalAction, Update
from saqqara.server.wording import texts


class Position(Protocol):
    """The part of a match (or a state) an update is built from."""

    def view(self, seat: int | None) -> dict[str, Any]: ...
    def to_act(self) -> tuple[int, ...]: ...
    def legal_actions(self, seat: int) -> list[Action]: ...
    def outcome(self) -> Outcome: ...


def seat_update(
    game: Game,
    position: Position,
    seat: int | None,
    lang: str,
    *,
    seq: int,
    steps: Sequence[Step],
    status: str,
    playing: bool,
    names: Sequence[str] | None = None,
) -> Update:
    """The update for ``seat`` (``None``: a spectator) at ``seq``, with ``steps``' events;
    the seats are called ``names`` in its sentences and, once the game is over, its score
    breakdown (the presentation's default names when ``None``)."""
    to_act = position.to_act()
    view = position.view(seat)
    text = texts(game, lang, names)
    legal: list[LegalAction] = []
    if seat is not None and seat in to_act and playing:
        legal = [
            LegalAction(game.action_id(a), text.action_label(view, a), game.action_text(a))
            for a in position.legal_actions(seat)
        ]
    events = [
        EventText(step.seq, e.kind, text.event_sentence(e.to_json()), dict(e.data))
        for step in steps
        for e in step.events_for(seat)
    ]
    outcome: dict[str, Any] | None = None
    breakdown = None
    if not to_act:
        breakdown = text.score_breakdown(view)
        result = position.outcome()
        outcome = {
            "scores": list(result.scores),
            "ranks": list(result.ranks),
            "winners": sorted(result.winners),
            "reason": result.reason,
        }
    return Update(
        seq=seq,
        view=view,
        to_act=[s for s in to_act if s != CHANCE],
        legal=legal,
        events=events,
        over=not to_act,
        status=status,
        outcome=outcome,
        breakdown=breakdown,
    )
