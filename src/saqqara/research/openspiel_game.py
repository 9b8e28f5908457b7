"""Every registered game as an OpenSpiel Python game, loadable by ``pyspiel.load_game``.

Names: ``saqqara_<game id with underscores>``, e.g. ``saqqara_tutankhamun``; parameters:
``players`` and each of the game's options, e.g.
``pyspiel.load_game("saqqara_tutankhamun", {"players": 3, "edition": "ootb-2004"})``.
Call :func:`register_openspiel_games` first (importing :mod:`saqqara.research.openspiel_game`
does it).

Chance nodes are explicit (our chance steps, with their probabilities). Sealed
simultaneous decisions are given in OpenSpiel's turn-based form: the deciding seats act
one after the other, in seat order, none seeing the others' choices. Returns are the
outcome's: the winners share 1 (a constant-sum game). ``resample_from_infostate`` is our
``resample``. Information-state strings are the seat's view plus a digest chained over
every event it saw (so they are perfect-recall without growing with the game); tensors
(observation and information state alike) are the game's declared tensor of the seat's
view.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import numpy as np
import pyspiel

from saqqara.core.events import events_for
from saqqara.core.game import CHANCE, Game, State
from saqqara.core.registry import load, registered_games
from saqqara.research.encoding import encoder_of

PREFIX = "saqqara_"


def openspiel_name(game_id: str) -> str:
    """The OpenSpiel short name of a game id: ``saqqara_`` + the id with underscores."""
    return PREFIX + game_id.replace("-", "_")


class SaqqaraSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A configured saqqara game as seen by OpenSpiel."""

    game_id = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        spec = registered_games()[self.game_id].spec
        players = int(params.pop("players", spec.min_players))
        self.inner: Game = load(self.game_id, players, {k: str(v) for k, v in params.items()})
        encoder = encoder_of(self.inner)
        self.encoder = encoder
        info = pyspiel.GameInfo(
            num_distinct_actions=self.inner.num_distinct_actions,
            max_chance_outcomes=self.inner.num_distinct_actions,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=encoder.max_game_length,
        )
        super().__init__(
            _GAME_TYPES[self.game_id], info, {"players": players, **self.inner.options}
        )

    def new_initial_state(self) -> SaqqaraSpielState:
        return SaqqaraSpielState(self, self.inner.new_state())

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SaqqaraObserver:
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return SaqqaraObserver(self, perfect_recall)


def _chain(digest: str, events: list[dict[str, Any]]) -> str:
    """Extend a history digest by the events a seat saw in one step."""
    if not events:
        return digest
    text = digest + json.dumps(events, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


class SaqqaraSpielState(pyspiel.State):  # type: ignore[misc]
    """OpenSpiel's view of one of our states.

    ``digests[seat]`` chains every event that seat has seen (``public`` those everyone saw):
    with the seat's view it makes the perfect-recall information-state string.
    """

    def __init__(
        self,
        game: SaqqaraSpielGame,
        inner: State,
        digests: list[str] | None = None,
        public: str = "",
    ) -> None:
        super().__init__(game)
        self.inner = inner
        self.digests = digests if digests is not None else [""] * game.inner.players
        self.public = public
        # OpenSpiel clones a Python state by deep-copying its attributes: keep only values
        # whose deepcopy is cheap and right (our Game is immutable and copies as itself).
        self.rules: Game = game.inner

    def current_player(self) -> int:
        acting = self.inner.to_act()
        if not acting:
            return int(pyspiel.PlayerId.TERMINAL)
        if acting == (CHANCE,):
            return int(pyspiel.PlayerId.CHANCE)
        return acting[0]

    def _legal_actions(self, player: int) -> list[int]:
        return [self.rules.action_id(a) for a in self.inner.legal_actions(player)]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(self.rules.action_id(a), p) for a, p in self.inner.chance_outcomes()]

    def _apply_action(self, action: int) -> None:
        seat = self.current_player()
        inner_seat = CHANCE if seat == pyspiel.PlayerId.CHANCE else seat
        events = self.inner.apply(inner_seat, self.rules.action_from_id(action))
        if events:
            for s in range(self.rules.players):
                self.digests[s] = _chain(self.digests[s], events_for(events, s))
            self.public = _chain(self.public, events_for(events, None))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.rules.action_text(self.rules.action_from_id(action))

    def is_terminal(self) -> bool:
        return self.inner.is_terminal()

    def returns(self) -> list[float]:
        if not self.inner.is_terminal():
            return [0.0] * self.rules.players
        return list(self.inner.returns())

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Any
    ) -> SaqqaraSpielState:
        """A state drawn from ``player_id``'s information set (our ``resample``).

        The sampler's uniform draw seeds our generator, so OpenSpiel's randomness drives it.
        The new state keeps that seat's history; the others get the public history, all that
        the seat knows of theirs.
        """
        seed = int(probability_sampler() * 2**31) if callable(probability_sampler) else None
        rng = random.Random(seed)
        world = self.inner.resample(player_id, rng)
        digests = [
            self.digests[s] if s == player_id else self.public for s in range(self.rules.players)
        ]
        return SaqqaraSpielState(self.get_game(), world, digests, self.public)

    def __str__(self) -> str:
        return json.dumps(self.inner.view(None), sort_keys=True)


class SaqqaraObserver:
    """OpenSpiel's observer: the declared tensor, and a string of the view (plus history)."""

    def __init__(self, game: SaqqaraSpielGame, perfect_recall: bool) -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(game.encoder.size, np.float32)
        self.dict = {"observation": self.tensor.reshape(game.encoder.shape)}

    def set_from(self, state: SaqqaraSpielState, player: int) -> None:
        self.tensor[:] = self.game.encoder.encode(state.inner.view(player), player)

    def string_from(self, state: SaqqaraSpielState, player: int) -> str:
        view = json.dumps(state.inner.view(player), sort_keys=True)
        if not self.perfect_recall:
            return view
        return f"{view}\n{state.digests[player]}"


_GAME_TYPES: dict[str, Any] = {}


def register_openspiel_games() -> list[str]:
    """Register every saqqara game with OpenSpiel (idempotent); return their names."""
    names = []
    registered = set(pyspiel.registered_names())
    for game_id, cls in registered_games().items():
        name = openspiel_name(game_id)
        names.append(name)
        if name in registered:
            continue
        spec = cls.spec
        game_type = pyspiel.GameType(
            short_name=name,
            long_name=f"{spec.title} ({spec.original_title}), saqqara",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=(
                pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
                if spec.chance
                else pyspiel.GameType.ChanceMode.DETERMINISTIC
            ),
            # Every game is declared imperfect-information, the open ones included (their
            # information sets are single states): IS-MCTS and the CFR family then apply
            # to all of them, and a perfectly observable game loses nothing by it.
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.CONSTANT_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=spec.max_players,
            min_num_players=spec.min_players,
            provides_information_state_string=True,
            provides_information_state_tensor=True,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification={
                "players": spec.min_players,
                **{o.name: o.default for o in spec.options},
            },
        )
        _GAME_TYPES[game_id] = game_type
        game_cls = type(
            f"Spiel_{game_id.replace('-', '_')}", (SaqqaraSpielGame,), {"game_id": game_id}
        )
        pyspiel.register_game(game_type, game_cls)
    return names


def sample_chance_action(state: Any, rng: np.random.RandomState) -> int:
    """Draw a chance outcome of an OpenSpiel state with its probabilities."""
    outcomes, probs = zip(*state.chance_outcomes(), strict=True)
    return int(rng.choice(outcomes, p=probs))


register_openspiel_games()
