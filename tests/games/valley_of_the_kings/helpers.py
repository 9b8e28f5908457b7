"""Helpers for narrated Valley of the Kings scenarios: play by notation, set up positions."""

from __future__ import annotations

from saqqara.core.events import Event
from saqqara.core.game import CHANCE
from saqqara.core.registry import load
from saqqara.games.valley_of_the_kings.data import Board
from saqqara.games.valley_of_the_kings.state import FREE, PIECES, ValleyState


def new(players: int = 3, advanced: str = "off", experts: str = "off") -> ValleyState:
    state = load("valley-of-the-kings", players, {"advanced": advanced, "experts": experts})
    new_state = state.new_state()
    assert isinstance(new_state, ValleyState)
    return new_state


def play(state: ValleyState, seat: int, *texts: str) -> list[Event]:
    """Apply each action (checked) for ``seat``; return all events."""
    events: list[Event] = []
    for text in texts:
        events += state.apply(seat, state.game.parse_action(text))
    return events


def chance(state: ValleyState, *texts: str) -> list[Event]:
    return play(state, CHANCE, *texts)


def deal(state: ValleyState, groups: list[list[str]]) -> None:
    """Feed the stone draws of this round's auction, group by group."""
    assert len(groups) == state.ngroups
    for group in groups:
        chance(state, *(f"draw {c}" for c in group))


def opening(players: int = 3, start: int = 0, **options: str) -> ValleyState:
    """A game whose start player is ``start``, in round 1 before any stone is drawn."""
    state = new(players, **options)
    chance(state, f"start {start}")
    return state


def texts(state: ValleyState, seat: int) -> list[str]:
    return [state.game.action_text(a) for a in state.legal_actions(seat)]


def colour(board: Board, slug: str) -> int:
    return [c.slug for c in board.colours].index(slug)


def place(state: ValleyState, seat: int, piece: str, number: int, node: str) -> None:
    """Put overseer/worker ``number`` (from 1) of ``seat`` on ``node`` without any rule."""
    index = number - 1 if piece == "overseer" else number + 1
    pid = seat * PIECES + index
    b = state.b
    here = state.pos[pid]
    if b.node_site[here] >= 0:
        state.occ[here] = FREE
    target = b.node(node)
    assert b.node_site[target] < 0 or state.occ[target] == FREE, f"{node} is taken"
    state.pos[pid] = target
    if b.node_site[target] >= 0:
        state.occ[target] = pid


def give_site(state: ValleyState, site: int, seat: int, stones: list[str]) -> None:
    """Make ``seat`` the owner of ``site`` (from 1) holding ``stones`` in position order."""
    index = site - 1
    if state.owner[index] >= 0:
        state.scarabs[state.owner[index]] += 1
    state.owner[index] = seat
    state.scarabs[seat] -= 1
    base = index * 14
    for p in range(14):
        state.stones[base + p] = -1
    for p, slug in enumerate(stones):
        state.stones[base + p] = colour(state.b, slug)
    state.count[index] = len(stones)


def hold(state: ValleyState, seat: int, **stones: int) -> None:
    for slug, k in stones.items():
        state.held[seat * len(state.b.colours) + colour(state.b, slug)] = k


def enter_workers(state: ValleyState, round_number: int, start: int) -> None:
    """Jump to the workers phase of ``round_number`` (its auction and overseers done)."""
    from saqqara.games.valley_of_the_kings.state import WORKERS

    state.round = round_number
    state.start = start
    state.phase = WORKERS
    state.turn = 0
    state.budget = state.b.steps
    state.orders = [-1] * (2 * state.n)
