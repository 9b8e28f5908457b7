"""``openspiel-ismcts``: OpenSpiel's own IS-MCTS bot playing on our engines.

The peer our bots are measured against. It runs OpenSpiel's Python ``ISMCTSBot`` on the
game's OpenSpiel face, with the game's registered leaf evaluator where it has one (as our
own ``ismcts`` does) and OpenSpiel's random rollouts otherwise, and with our UCT constant
(0.7: returns lie in [0, 1]); its determinizations come from our ``resample``.
``openspiel-ismcts:N`` uses N simulations per move (default 100). Needs the research extra
(``pip install 'saqqara[research]'``).
"""

from __future__ import annotations

import random
from typing import Any

from saqqara.ai.ismcts import EXPLORATION
from saqqara.ai.registry import register_param_bot
from saqqara.core.actions import Action
from saqqara.core.errors import OptionError
from saqqara.core.game import Game
from saqqara.core.perspective import Perspective

DEFAULT_SIMULATIONS = 100


class OpenSpielISMCTS:
    """Chooses by OpenSpiel's IS-MCTS from a determinization of its own perspective."""

    fastest = 12_000.0
    """Simulations a second no machine is expected to pass: four times the rate measured
    at Curse of the Mummy's first decision (2,755 a second, ``docs/strength.md``)."""

    def __init__(self, game: Game, simulations: int) -> None:
        try:
            import numpy as np
            import pyspiel
            from open_spiel.python.algorithms import ismcts

            from saqqara.ai.openspiel_evaluation import search_evaluator
            from saqqara.research.openspiel_game import openspiel_name
        except ImportError:
            raise OptionError(
                "openspiel-ismcts needs the research extra: pip install 'saqqara[research]'",
                code="unknown-bot",
            ) from None
        self.name = f"openspiel-ismcts:{simulations}"
        self.game = game
        self.simulations = simulations
        params: dict[str, Any] = {"players": game.players, **game.options}
        self._spiel_game = pyspiel.load_game(openspiel_name(game.spec.id), params)
        self._np = np
        self._ismcts = ismcts
        self._search_evaluator = search_evaluator

    def choose(self, perspective: Perspective, rng: random.Random) -> Action:
        from saqqara.research.openspiel_game import SaqqaraSpielState

        legal = perspective.legal_actions()
        if len(legal) == 1:
            return legal[0]
        random_state = self._np.random.RandomState(rng.randrange(2**31))
        bot = self._ismcts.ISMCTSBot(
            self._spiel_game,
            self._search_evaluator(self._spiel_game, random_state),
            EXPLORATION,
            self.simulations,
            random_state=random_state,
            final_policy_type=self._ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        )
        root = SaqqaraSpielState(self._spiel_game, perspective.resample(rng))
        return self.game.action_from_id(int(bot.step(root)))


def _factory(game: Game, param: str) -> OpenSpielISMCTS:
    if not param:
        return OpenSpielISMCTS(game, DEFAULT_SIMULATIONS)
    if not param.isdigit() or int(param) < 1:
        raise OptionError(
            f"openspiel-ismcts:N needs a positive number of simulations, not {param!r}"
        )
    return OpenSpielISMCTS(game, int(param))


register_param_bot(
    "openspiel-ismcts",
    _factory,
    help="OpenSpiel's IS-MCTS on our engine; openspiel-ismcts:N for N simulations per move",
)
