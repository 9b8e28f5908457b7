"""The kinds of decision a player of each game meets, read from the engines.

A kind of decision is an action's verb (``take``, ``rob``, ``step``) and, in a game of
unequal sides, the side that takes it (:meth:`Game.seat_roles`): ``("mummy", "step")``;
``("", "take")`` where every seat plays the same game. The verbs are the ones each
configuration's vocabulary reads (every option set the tests play, at the fewest players:
an edition's own verbs count, another edition's do not read), less the verbs of chance
outcomes. Which verbs are chance's, and which side takes which verb, the vocabularies do
not say: :data:`CHANCE_VERBS` and :data:`SIDE_VERBS` say it, and
``tests/server/test_tutorials.py`` checks both against seeded playouts of every option set
(no seat is ever offered a chance verb, each side is offered only its own verbs), so a new
kind of action either lands among the decisions or fails that test. The tutorials' lessons
together cover exactly these kinds (``server/tutorials.py``).
"""

from __future__ import annotations

from functools import cache

from saqqara.core.actions import Action
from saqqara.core.errors import SaqqaraError
from saqqara.core.game import Game
from saqqara.core.registry import game_class, load

CHANCE_VERBS: dict[str, frozenset[str]] = {
    "tutankhamun": frozenset({"draw"}),
    "valley-of-the-kings": frozenset({"start", "draw"}),
    "curse-of-the-mummy": frozenset({"deal", "die", "mummy-die", "reveal"}),
    "tutankhamuns-revenge": frozenset({"turn", "reveal"}),
}
"""The verbs of each game's chance outcomes (never a seat's decision). A chance outcome may
also be written with a decision's verb (Revenge's random layout lays cards as ``lay``)."""

SIDE_VERBS: dict[str, dict[str, frozenset[str]]] = {
    "curse-of-the-mummy": {
        "mummy": frozenset({"step", "stop"}),
        "explorer": frozenset({"roll", "resolve", "stuck", "reroll", "announce", "go"}),
    },
}
"""For a game of unequal sides, the decision verbs of each side."""

Kind = tuple[str, str]
"""A kind of decision: the side that takes it (``""`` where seats are alike) and its verb."""


def verb(game: Game, action: Action) -> str:
    """The verb of one of ``game``'s actions (the first word of its notation)."""
    return game.action_text(action).split(" ")[0]


def readable_verbs(game: Game) -> frozenset[str]:
    """Every verb ``game``'s vocabulary reads in this configuration."""
    found: set[str] = set()
    for action_id in range(game.num_distinct_actions):
        text = game.action_text(game.action_from_id(action_id))
        try:
            game.parse_action(text)
        except SaqqaraError:  # another edition's verb, or a value this one cannot read
            continue
        found.add(text.split(" ")[0])
    return frozenset(found)


def configurations(game_id: str) -> list[Game]:
    """The game in every option set the tests play, at its fewest players."""
    spec = game_class(game_id).spec
    return [load(game_id, spec.min_players, options) for options in spec.option_sets()]


def side_of(game_id: str, verb_: str) -> str:
    """The side that takes ``verb_`` (``""`` where seats are alike)."""
    for side, verbs in SIDE_VERBS.get(game_id, {}).items():
        if verb_ in verbs:
            return side
    return ""


@cache
def decision_kinds(game_id: str) -> frozenset[Kind]:
    """Every kind of decision a player of the game meets, over its option sets."""
    verbs: set[str] = set()
    for game in configurations(game_id):
        verbs |= readable_verbs(game)
    verbs -= CHANCE_VERBS[game_id]
    return frozenset((side_of(game_id, v), v) for v in verbs)
