"""Levels for people: ``easy``, ``medium`` and ``hard`` in every game.

- ``easy``: the game's heuristic, but every other decision (on average) is a random legal
  move — it wanders, so a newcomer who plays with purpose beats it.
- ``medium``: the game's heuristic (``heuristic`` or ``greedy``): in Valley of the Kings
  with learned weights (:mod:`saqqara.ai.training`), which beat the hand-written ones;
  ``medium-hand`` stays the hand-written bot (in Curse of the
  Mummy, where ``heuristic`` became the racing explorer of
  :mod:`saqqara.ai.games.curse_of_the_mummy_race`, the bot of before).
- ``hard``: the strong bot, never more than one second per move: the rollout search
  ``expert`` (:mod:`saqqara.ai.rollout`) in every game that registers a rollout policy,
  which beats the heuristic there; elsewhere our IS-MCTS with the game's evaluator, at
  most :data:`HARD_ITERATIONS` iterations.

The choice rests on measured strength: ``docs/strength.md`` holds each game's ladder
(``scripts/strength.py`` regenerates it), where the three levels rank in this order.
"""

from __future__ import annotations

import random

from saqqara.ai.ismcts import Budget, ISMCTSBot
from saqqara.ai.registry import available_bots, make_bot, register_bot
from saqqara.ai.rollout import DEFAULT_SECONDS, RolloutBot, rollout_spec_for
from saqqara.core.actions import Action
from saqqara.core.game import Game
from saqqara.core.perspective import Perspective
from saqqara.core.playout import Agent

HEURISTIC_NAMES = ("heuristic", "greedy")
"""The names a game's hand-written bot goes by, in order of preference."""
EASY_RANDOM_SHARE = 0.5
"""How often ``easy`` plays a random legal move instead of its heuristic's."""
HARD_ITERATIONS = {
    "curse-of-the-mummy": 6_000,
    "tutankhamun": 12_000,
    "tutankhamuns-revenge": 11_000,
    "valley-of-the-kings": 16_000,
}
"""``hard``'s iterations per move: about 0.8 of what one core ran per processor second at
each game's first real decision (``benchmarks/goals.py``: 8,385, 14,969, 13,966 and
19,993 iterations/s), so a move takes about a second; the one-second wall-clock limit
holds on a slower or busier machine."""
HARD_SECONDS = 1.0


def heuristic_name(game: Game) -> str:
    """The name of the game's hand-written bot."""
    names = available_bots(game.spec.id)
    for name in HEURISTIC_NAMES:
        if name in names:
            return name
    raise LookupError(f"{game.spec.id} has no heuristic bot")


class EasyBot:
    """The game's heuristic, with a random legal move instead :data:`EASY_RANDOM_SHARE` of
    the time."""

    name = "easy"

    def __init__(self, game: Game) -> None:
        self.heuristic: Agent = make_bot(heuristic_name(game), game)

    def choose(self, perspective: Perspective, rng: random.Random) -> Action:
        if rng.random() < EASY_RANDOM_SHARE:
            return rng.choice(perspective.legal_actions())
        return self.heuristic.choose(perspective, rng)


def medium(game: Game) -> Agent:
    bot = make_bot(heuristic_name(game), game)
    return _Renamed(bot, "medium")


def medium_hand(game: Game) -> Agent:
    """The game's hand-written heuristic under its own name, also where ``medium`` plays
    learned weights instead (:mod:`saqqara.ai.training`)."""
    return _Renamed(make_bot(heuristic_name(game), game), "medium-hand")


def hard(game: Game) -> ISMCTSBot | RolloutBot:
    spec = rollout_spec_for(game.spec.id)
    if spec is not None:
        return RolloutBot(game, spec, Budget(spec.rollouts, DEFAULT_SECONDS), "hard")
    iterations = HARD_ITERATIONS.get(game.spec.id, 2000)
    bot = ISMCTSBot.with_budget(game, Budget(iterations, HARD_SECONDS))
    bot.name = "hard"
    return bot


def strong_bot_name(game_id: str) -> str:
    """``hard``'s search under its own name with its fixed budget and no time cap (what
    ``scripts/strength.py`` measures): ``expert:N`` or ``ismcts:N``."""
    spec = rollout_spec_for(game_id)
    if spec is not None:
        return f"expert:{spec.rollouts}"
    return f"ismcts:{HARD_ITERATIONS.get(game_id, 2000)}"


class _Renamed:
    """Another bot under a level's name."""

    def __init__(self, bot: Agent, name: str) -> None:
        self.bot = bot
        self.name = name

    def choose(self, perspective: Perspective, rng: random.Random) -> Action:
        return self.bot.choose(perspective, rng)


register_bot("easy", EasyBot, help="level for newcomers: the heuristic, half its moves random")
register_bot("medium", medium, help="level: the game's heuristic")
register_bot(
    "medium-hand", medium_hand, help="the game's hand-written heuristic, never learned weights"
)
register_bot("hard", hard, help="level: the strong bot (expert or IS-MCTS), up to 1 s per move")
