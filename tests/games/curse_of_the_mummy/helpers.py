"""Helpers for narrated Curse of the Mummy scenarios: deal chosen cards, place figures,
feed dice and actions by their notation."""

from __future__ import annotations

from typing import Any

from saqqara.core.events import Event
from saqqara.core.game import CHANCE
from saqqara.core.registry import load
from saqqara.games.curse_of_the_mummy.game import CurseOfTheMummy
from saqqara.games.curse_of_the_mummy.state import MummyState

EXPLORER_SEATS = range(1, 6)


def new_game(players: int, options: dict[str, str] | None = None) -> CurseOfTheMummy:
    game = load("curse-of-the-mummy", players, options)
    assert isinstance(game, CurseOfTheMummy)
    return game


def dealt(
    players: int,
    hands: dict[int, list[str]] | None = None,
    options: dict[str, str] | None = None,
) -> MummyState:
    """A state right after the deal; ``hands`` names cards a seat must get (others: the
    first card left of that colour)."""
    game = new_game(players, options)
    state = game.new_state()
    wanted = {seat: list(names) for seat, names in (hands or {}).items()}
    board = game.board
    while state.phase == 0:
        seat, colour = game.deal_order[state.deal_next]
        outcomes = [a for a, _ in state.chance_outcomes()]
        reserved = {n for names in wanted.values() for n in names}
        free = [a for a in outcomes if board.symbols[a.symbol].name not in reserved]  # type: ignore[attr-defined]
        pick = free[0]
        for name in wanted.get(seat, []):
            symbol = board.symbol_by_name(name)
            assert symbol is not None
            if symbol.colour == colour and state.card_owner[symbol.id] < 0:
                pick = game.vocabulary.DEAL[symbol.id]
                wanted[seat].remove(name)
                break
        state.apply(CHANCE, pick)
    return state


def field(state: MummyState, name: str) -> int:
    f = state.board.field_from_name(name)
    assert f is not None
    return f


def put(state: MummyState, figure: int, name: str) -> None:
    """Place a figure (and let the table know where, as after a played card)."""
    f = field(state, name)
    state.pos[figure] = f
    state.belief[figure] = 1 << f


def put_mummy(state: MummyState, name: str) -> None:
    state.mummy = field(state, name)


def do(state: MummyState, seat: int, text: str) -> list[Event]:
    return state.apply(seat, state.game.parse_action(text))


def dice(state: MummyState, *faces: str) -> list[Event]:
    events: list[Event] = []
    for face in faces:
        events += do(state, CHANCE, f"die {face}")
    return events


def texts(state: MummyState, seat: int) -> list[str]:
    return [state.game.action_text(a) for a in state.legal_actions(seat)]


def names(state: MummyState, mask_fields: list[int]) -> list[str]:
    return [state.board.field_name(f) for f in mask_fields]


def kinds(events: list[Event], seat: int | None) -> list[str]:
    return [e.kind for e in events if e.visible_to(seat)]


def data_of(events: list[Event], kind: str) -> dict[str, Any]:
    return dict(next(e for e in events if e.kind == kind).data)
