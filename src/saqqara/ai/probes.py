"""The probes: a panel of simple fixed policies that look for holes in the real bots.

An outside trial found that the policy "always the first legal action" beat Tutankhamun's
``medium`` in 20 games of 20 (issue 31): in that game the first legal move is the slow pawn
that takes every tile. A bot that loses to such a policy has a hole that a person will find
too. So every game has this panel, registered as ``probe:NAME``:

- ``probe:first``: the first legal action, always (every game; in Curse of the Mummy a
  reroll only when nothing else is legal, see :data:`STALLS`).
- ``probe:last``: the last legal action, always (every game, likewise).
- ``probe:greedy``: the legal action with the best immediate gain by a simple measure of the
  game (:data:`MEASURES`), looked at one step ahead on a world drawn from the seat's
  perspective (chance after the move drawn in that world too); ties go to the earlier legal
  action. Curse of the Mummy has no such measure: its greedy probe plays a card whenever it
  can (an explorer) or steps onto the field most likely to hold a figure (the mummy).
- ``probe:plan``: each game's obvious plan, played blindly (:data:`PLANS`):
  Tutankhamun's slow pawn (the nearest tile every turn, every lid, mask or pharaoh tile
  played when offered), Valley of the Kings' all-in bid (every bid tile on one group, the
  game's greedy bot elsewhere), Tutankhamun's Revenge's one lift and stop (the heuristic
  everywhere else), Curse of the Mummy's mummy that walks to the nearest figure and
  explorers that rush to their cards without a look at the mummy.

Beside the panel, ``probe:best-response`` (``probe:br:POLICY``) searches for the best
reply to a fixed policy (:mod:`saqqara.ai.best_response`).

The probes are deterministic but for ``probe:greedy``'s drawn world and, where a plan
falls back on a game's own bot, that bot's tie-breaks. ``docs/strength.md`` says how the
levels fare against them (``scripts/probes.py`` measures it).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from saqqara.ai.registry import register_param_bot
from saqqara.core.actions import Action
from saqqara.core.agent import Agent
from saqqara.core.errors import OptionError
from saqqara.core.game import CHANCE, Game, State
from saqqara.core.perspective import Perspective

PREFIX = "probe"
COMMON = ("first", "last")
"""The probes of every game."""
PANEL = ("first", "last", "greedy", "plan")
"""The probes of a game with a measure and a plan."""

BEST_RESPONSE = "best-response"
BR = "br"
"""``probe:best-response`` and ``probe:br:POLICY``: the search that plays against a fixed
policy (:mod:`saqqara.ai.best_response`); in every game, not listed among the bots (a
slow search for measurements, not an opponent for the site)."""

Measure = Callable[[State, int], float]
"""A game's simple measure of how well ``seat`` stands, for ``probe:greedy``."""


STALLS: dict[str, Callable[[Action], bool]] = {}
"""Per game, the actions that ``probe:first`` and ``probe:last`` play only when nothing else
is legal, because always playing them would never end the game (Curse of the Mummy's
reroll, which is always allowed)."""


def moves_of(perspective: Perspective, game_id: str) -> list[Action]:
    """The legal actions, less the game's :data:`STALLS` where anything else is legal."""
    legal = perspective.legal_actions()
    stalls = STALLS.get(game_id)
    if stalls is None or len(legal) == 1:
        return legal
    return [a for a in legal if not stalls(a)] or legal


class FirstProbe:
    """The first legal action, always (a stalling action only when it is the only one)."""

    name = "probe:first"

    def __init__(self, game: Game) -> None:
        self.game_id = game.spec.id

    def choose(self, perspective: Perspective, rng: random.Random) -> Action:
        return moves_of(perspective, self.game_id)[0]


class LastProbe:
    """The last legal action, always (a stalling action only when it is the only one)."""

    name = "probe:last"

    def __init__(self, game: Game) -> None:
        self.game_id = game.spec.id

    def choose(self, perspective: Perspective, rng: random.Random) -> Action:
        return moves_of(perspective, self.game_id)[-1]


class GreedyProbe:
    """The legal action after which ``measure`` is highest, one step ahead on a world drawn
    from the perspective; ties go to the earlier legal action."""

    name = "probe:greedy"

    def __init__(self, game: Game, measure: Measure) -> None:
        self.game = game
        self.measure = measure

    def choose(self, perspective: Perspective, rng: random.Random) -> Action:
        legal = perspective.legal_actions()
        if len(legal) == 1:
            return legal[0]
        world = perspective.resample(rng)
        seat = perspective.seat
        seed = rng.getrandbits(32)
        best, best_value = legal[0], float("-inf")
        for action in legal:
            after = world.clone()
            after.apply_unchecked(seat, action)
            _draw_chance(after, random.Random(seed))
            value = self.measure(after, seat)
            if value > best_value + 1e-9:
                best, best_value = action, value
        return best


def _draw_chance(state: State, rng: random.Random) -> None:
    """Play the chance steps that follow at once (a card turned up, a die rolled)."""
    for _ in range(100):
        acting = state.to_act()
        if acting != (CHANCE,):
            return
        state.apply_unchecked(CHANCE, state.sample_chance(rng))


MEASURES: dict[str, Measure] = {}
"""Each game's measure for ``probe:greedy`` (filled in by :mod:`saqqara.ai.games.probe_plans`)."""
PLANS: dict[str, Callable[[Game], Agent]] = {}
"""Each game's ``probe:plan`` (filled in by :mod:`saqqara.ai.games.probe_plans`)."""
GREEDY: dict[str, Callable[[Game], Agent]] = {}
"""A game's own ``probe:greedy`` where it has no measure."""


def probes_of(game_id: str) -> tuple[str, ...]:
    """The names after ``probe:`` that ``game_id`` has."""
    extra = []
    if game_id in MEASURES or game_id in GREEDY:
        extra.append("greedy")
    if game_id in PLANS:
        extra.append("plan")
    return (*COMMON, *extra)


def make_probe(game: Game, param: str) -> Agent:
    """``probe:first``, ``probe:last``, ``probe:greedy``, ``probe:plan``,
    ``probe:best-response`` or ``probe:br:POLICY`` for ``game``."""
    game_id = game.spec.id
    if param == "first":
        return FirstProbe(game)
    if param == "last":
        return LastProbe(game)
    if param == "greedy" and game_id in GREEDY:
        return _named(GREEDY[game_id](game), "probe:greedy")
    if param == "greedy" and game_id in MEASURES:
        return GreedyProbe(game, MEASURES[game_id])
    if param == "plan" and game_id in PLANS:
        return _named(PLANS[game_id](game), "probe:plan")
    if param.partition("@")[0] == BEST_RESPONSE or param.startswith(f"{BR}:"):
        from saqqara.ai.best_response import best_response

        rest = param.removeprefix(BEST_RESPONSE).removeprefix(f"{BR}:")
        return best_response(game, rest, f"{PREFIX}:{param}")
    known = ", ".join(f"{PREFIX}:{p}" for p in probes_of(game_id))
    raise OptionError(f"no probe {param!r} for {game_id} (probes: {known})", code="unknown-bot")


def _named(agent: Agent, name: str) -> Agent:
    agent.name = name
    return agent


def register_probes(game_id: str | None = None) -> None:
    """Register ``probe`` for ``game_id`` (``None``: every game), listing its probes."""
    listed = probes_of(game_id) if game_id is not None else COMMON
    register_param_bot(
        PREFIX,
        make_probe,
        game_id,
        help="a fixed simple policy that looks for holes in the bots: probe:first, "
        "probe:last, probe:greedy, probe:plan; probe:br:POLICY searches for the best reply "
        "to POLICY (saqqara.ai.probes)",
        listed=listed,
    )
