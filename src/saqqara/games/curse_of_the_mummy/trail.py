"""Curse of the Mummy's public record: every step as the mummy's side of the table sees it.

The mummy hears each announcement and sees every die, every roll and reroll, every card laid
and every catch, but never where a figure went. A planner that wants more than the belief
sets (which say where a figure *may* be) can read this record: which dice were rolled, which
value was announced of them, who rerolled, and so where a figure that plays as explorers
play most likely went (``saqqara.ai.games.curse_of_the_mummy_particles``).

The record is a chain of :class:`TrailNode`, newest first, shared by a state and its clones
(nothing is copied); a step applied through ``State.apply`` or ``apply_checked`` (a match,
a server, a face) adds a node, while the unchecked steps of a search add none. It holds
public facts only: a figure's move is kept as "moved, no card laid" (``action`` ``None``)
unless a card was laid, which shows the field; the deal is left out. The first node keeps
the position before it with every hidden thing redrawn at random (:attr:`TrailNode.start`:
the figures' fields from the belief sets, the cards by their public colours), so a reader
may replay the record from there. A state restored from a snapshot or built from a view
starts without a record (``None``); its first step applied begins one.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from saqqara.core.actions import Action
from saqqara.core.game import State

if TYPE_CHECKING:
    from saqqara.games.curse_of_the_mummy.state import MummyState


@dataclass(frozen=True, slots=True, eq=False)
class TrailNode:
    """One public step: who acted, the action as everybody saw it, and what came of it."""

    previous: TrailNode | None
    length: int
    """Steps in the chain up to and including this one."""
    seat: int
    """The acting seat, or ``CHANCE``."""
    action: Action | None
    """The action; ``None`` for a figure's move that laid no card (its field is hidden)."""
    caught: int = -1
    """For a reveal: the figure the mummy caught there, or -1 for none."""
    start: State | None = None
    """The first node's: the position before it, its hidden parts redrawn at random (it
    holds no secret; ``None`` on every other node)."""


def extend(
    trail: TrailNode | None,
    seat: int,
    action: Action | None,
    caught: int = -1,
    start: State | None = None,
) -> TrailNode:
    """The chain ``trail`` with one step more (``start`` is kept only on a first node)."""
    if trail is not None:
        return TrailNode(trail, trail.length + 1, seat, action, caught)
    return TrailNode(None, 1, seat, action, caught, start)


def first(trail: TrailNode | None) -> TrailNode | None:
    """The chain's oldest node."""
    node = trail
    while node is not None and node.previous is not None:
        node = node.previous
    return node


def since(trail: TrailNode | None, known: TrailNode | None) -> list[TrailNode] | None:
    """The nodes after ``known`` up to ``trail``, oldest first (empty when they are the
    same); ``None`` when ``known`` is not in ``trail``'s chain (another game, or a record
    that began later)."""
    stop = known.length if known is not None else 0
    found: list[TrailNode] = []
    node = trail
    while node is not None and node.length > stop:
        found.append(node)
        node = node.previous
    if node is not known:
        return None
    found.reverse()
    return found


def walk(trail: TrailNode | None) -> Iterator[TrailNode]:
    """Every node of the chain, oldest first."""
    nodes = since(trail, None) or []
    yield from nodes


def public_copy(state: MummyState) -> MummyState:
    """A clone whose unplayed cards lie in a fixed order by their public colours (per
    colour, in symbol order: the explorers' by seat, then the set-aside ones), so that
    what ``resample`` draws from it depends on the public record and the generator alone
    (drawn from a state itself, it follows the order the hidden cards lie in)."""
    copy = state.clone()
    owner = copy.card_owner
    played = copy.played
    for ids in copy.board.colour_ids:
        unplayed = [s for s in ids if not played[s]]
        holders = sorted((owner[s] for s in unplayed), key=lambda h: (h < 0, h))
        for symbol, holder in zip(unplayed, holders, strict=True):
            owner[symbol] = holder
    return copy
