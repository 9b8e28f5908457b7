"""Integer ids of a game's actions, memoized by object identity for hot loops.

Games intern their action instances, so one action is one object: looking its id up by
``id()`` costs an integer hash instead of hashing a frozen dataclass (search trees and the
OpenSpiel face ask for ids millions of times).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from saqqara.core.actions import Action

if TYPE_CHECKING:
    from saqqara.core.game import Game


class ActionIds:
    """``ids(action) == game.action_id(action)``, memoized by object identity."""

    __slots__ = ("_game", "_ids", "_keep")

    def __init__(self, game: Game) -> None:
        self._game = game
        self._keep: list[Action] = []  # keeps memoized objects alive, so ids stay unique
        self._ids: dict[int, int] = {}
        for number in range(game.num_distinct_actions):
            action = game.action_from_id(number)
            self._ids[id(action)] = number
            self._keep.append(action)

    def __deepcopy__(self, memo: dict[int, object]) -> ActionIds:
        """Shared, not copied: the memo only ever grows with right answers (a cloned
        OpenSpiel state keeps a reference)."""
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game: the table is keyed by object identity, which another
        process does not share, so an unpickled one is built afresh."""
        return (ActionIds, (self._game,))

    @property
    def table(self) -> dict[int, int]:
        """The memo itself: ``id(action)`` to the action's id, for actions seen so far (a
        miss means: ask :meth:`__call__`)."""
        return self._ids

    def __call__(self, action: Action) -> int:
        found = self._ids.get(id(action))
        if found is None:
            found = self._ids[id(action)] = self._game.action_id(action)
            self._keep.append(action)
        return found

    @property
    def actions(self) -> list[Action]:
        """Every action by id (``actions[n] == game.action_from_id(n)`` for ids in range;
        unchecked, as :meth:`action`)."""
        return self._keep

    def action(self, number: int) -> Action:
        """The action of id ``number``, which must be in range (unchecked: for ids a
        state has just listed; :meth:`Game.action_from_id` checks)."""
        return self._keep[number]

    def of(self, actions: list[Action]) -> list[int]:
        """The ids of ``actions``, in order."""
        table = self._ids
        try:
            return [table[id(a)] for a in actions]
        except KeyError:
            return [self(a) for a in actions]

    def pairs(self, outcomes: list[tuple[Action, float]]) -> list[tuple[int, float]]:
        """Chance outcomes with their actions replaced by ids, in order."""
        table = self._ids
        try:
            return [(table[id(a)], p) for a, p in outcomes]
        except KeyError:
            return [(self(a), p) for a, p in outcomes]


def action_ids(game: Game) -> ActionIds:
    """The game's own :class:`ActionIds`, built on first use and kept with the game (a
    pickled game builds its table afresh: see :meth:`ActionIds.__reduce__`)."""
    found: ActionIds | None = game.__dict__.get("_action_ids")
    if found is None:
        found = game.__dict__["_action_ids"] = ActionIds(game)
    return found
