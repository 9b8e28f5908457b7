"""The base of every game's actions: small, frozen, hashable values.

A game defines its actions as frozen dataclasses deriving from :class:`Action`. The game
object (configured with its options) gives each action a text notation and an integer id;
both round-trip (``game.parse_action(game.action_text(a)) == a``).
"""

from __future__ import annotations


class Action:
    """Marker base class for game actions. Subclasses are frozen dataclasses with slots."""

    __slots__ = ()
