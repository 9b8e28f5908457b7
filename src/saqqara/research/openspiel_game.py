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
every event it saw (so they are perfect-recall without growing with the game), worked out
only when a string is asked for: playing builds no events, each step logs its seat and
action, and a string replays the log to find the events; tensors (observation and
information state alike) are the game's declared tensor of the seat's view.
"""

from __future__ import annotations

import hashlib
import json
import random
from bisect import bisect_left
from itertools import accumulate
from typing import Any

import numpy as np
import pyspiel

from saqqara.core.action_ids import ActionIds, action_ids
from saqqara.core.actions import Action
from saqqara.core.events import Event, events_for
from saqqara.core.game import CHANCE, Game, State
from saqqara.core.registry import load, registered_games
from saqqara.research.encoding import encoder_of

PREFIX = "saqqara_"
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_CHANCE = int(pyspiel.PlayerId.CHANCE)
assert _CHANCE == CHANCE, "our chance seat is OpenSpiel's chance player id"


def openspiel_name(game_id: str) -> str:
    """The OpenSpiel short name of a game id: ``saqqara_`` + the id with underscores."""
    return PREFIX + game_id.replace("-", "_")


class ActionTable(tuple[Action, ...]):
    """A game's actions by id (its own instances): shared, so a deep copy is the table
    itself (OpenSpiel clones a Python state by deep-copying its attributes; a list would
    copy every action)."""

    __slots__ = ()

    def __deepcopy__(self, memo: dict[int, Any]) -> ActionTable:
        return self


class SaqqaraSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A configured saqqara game as seen by OpenSpiel."""

    game_id = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        spec = registered_games()[self.game_id].spec
        players = int(params.pop("players", spec.min_players))
        self.inner: Game = load(self.game_id, players, {k: str(v) for k, v in params.items()})
        self.ids: ActionIds = action_ids(self.inner)
        self.by_id = ActionTable(self.ids.actions[: self.inner.num_distinct_actions])
        # Every new game starts from the same position (``new_state`` is deterministic),
        # so their logs share one first link, built once: no copy of the start per game
        # (nor per clone: OpenSpiel clones by making a new initial state first).
        self.first = Step.start(self.inner.new_state())
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
        return SaqqaraSpielState(self, self.inner.new_state(), first=self.first)

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


class Step:
    """One applied step (seat and action), linked to the step before: the log a state's
    digests are read from. The first link of a log holds the state the log starts from.

    Events are not built while playing: a step's events are worked out on request, by
    replaying the log from the nearest link that holds the state after it (the start, or a
    link replayed before), so a face that never asks for an information-state string
    never builds an event. Shared by states and their deep copies; ``memo`` keeps each
    seat's digest up to this step (``None``: the public one), made and filled on request.
    """

    __slots__ = ("action", "after", "events", "memo", "parent", "seat")

    def __init__(
        self, parent: Step | None, seat: int, action: Action | None, after: State | None = None
    ) -> None:
        self.parent = parent
        self.seat = seat
        self.action = action
        self.after = after
        self.events: list[Event] | None = [] if parent is None else None
        self.memo: dict[int | None, str] | None = None

    @classmethod
    def start(cls, state: State) -> Step:
        """The first link of a log that starts at ``state`` (copied)."""
        return cls(None, CHANCE, None, state.clone())

    def __deepcopy__(self, memo: dict[int, Any]) -> Step:
        return self

    def fill_events(self) -> None:
        """Work out the events of this step and of every step before it still lacking
        them, by replaying from the nearest link that holds its state."""
        if self.events is not None:
            return
        pending: list[Step] = []
        link: Step | None = self
        while link is not None and link.after is None:
            pending.append(link)
            link = link.parent
        assert link is not None and link.after is not None  # the first link holds a state
        state = link.after.clone()
        for step in reversed(pending):
            assert step.action is not None
            step.events = state.apply_checked(step.seat, step.action)
        self.after = state


class Log(list[Any]):
    """A state's steps since ``tip`` (the link its log had reached when last shared), flat:
    seat, action, seat, action, ...

    Playing appends two items a step and builds no :class:`Step` (nor anything the garbage
    collector must follow); the links are built when the log is shared (a deep copy: the
    clone and the original go on from the same new tip) or read (:meth:`flushed`).
    """

    __slots__ = ("tip",)

    def __init__(self, tip: Step) -> None:
        super().__init__()
        self.tip = tip

    def flushed(self) -> Step:
        """The link of the latest step: the pending steps made links first."""
        if self:
            tip = self.tip
            for i in range(0, len(self), 2):
                tip = Step(tip, self[i], self[i + 1])
            self.tip = tip
            self.clear()
        return self.tip

    def __deepcopy__(self, memo: dict[int, Any]) -> Log:
        return Log(self.flushed())


def digest_after(log: Step, seat: int | None, start: History | None) -> str:
    """The digest of what ``seat`` saw: ``start``'s history, then ``log``'s events."""
    pending: list[Step] = []
    link: Step | None = log
    digest: str | None = None
    while link is not None:
        memo = link.memo
        digest = memo.get(seat) if memo is not None else None
        if digest is not None:
            break
        pending.append(link)
        link = link.parent
    if digest is None:
        digest = start.digest() if start is not None else ""
    if pending:
        pending[0].fill_events()
    for step in reversed(pending):
        assert step.events is not None
        digest = _chain(digest, events_for(step.events, seat))
        if step.memo is None:
            step.memo = {}
        step.memo[seat] = digest
    return digest


class History:
    """What one seat (``None``: everyone) had seen when a state was resampled: the history
    that state started from, then its log. Immutable; its digest is worked out once, on
    request."""

    __slots__ = ("_digest", "log", "seat", "start")

    def __init__(self, start: History | None, log: Step, seat: int | None) -> None:
        self.start = start
        self.log = log
        self.seat = seat
        self._digest: str | None = None

    def digest(self) -> str:
        if self._digest is None:
            self._digest = digest_after(self.log, self.seat, self.start)
        return self._digest

    def __deepcopy__(self, memo: dict[int, Any]) -> History:
        return self


class SaqqaraSpielState(pyspiel.State):  # type: ignore[misc]
    """OpenSpiel's view of one of our states.

    A state logs the events of its steps (``log``); what a seat has seen is its history at
    the state's start (``starts[seat]``; ``public``: what everyone saw) followed by the
    logged events it may see. Digests of that are worked out only for the
    information-state strings asked for.
    """

    def __init__(
        self,
        game: SaqqaraSpielGame,
        inner: State,
        starts: list[History | None] | None = None,
        public: History | None = None,
        first: Step | None = None,
    ) -> None:
        """``first``: the first link of the log, holding a copy of ``inner`` as it is now
        (made here if not given)."""
        super().__init__(game)
        self.inner = inner
        self.starts = starts if starts is not None else [None] * game.inner.players
        self.public = public
        self.log = Log(first if first is not None else Step.start(inner))
        # OpenSpiel clones a Python state by deep-copying its attributes: keep only values
        # whose deepcopy is cheap and right (our Game is immutable and copies as itself,
        # a History or Step as itself, a Log as a new one from the same tip).
        self.rules: Game = game.inner
        # The acting seat's legal ids (at a chance node: the chance outcomes' id and
        # probability pairs) in this state, built once: OpenSpiel asks for them, then
        # applies one of them. Both are in id order, so a listed id is found by bisection.
        self.legal_ids: list[Any] | None = None
        self.actions: ActionTable = game.by_id
        # OpenSpiel asks who acts several times per step: worked out once per state.
        self.player: int | None = None

    def digest(self, seat: int | None) -> str:
        """The chained digest of every event ``seat`` (``None``: everyone) has seen."""
        start = self.public if seat is None else self.starts[seat]
        return digest_after(self.log.flushed(), seat, start)

    def current_player(self) -> int:
        player = self.player
        if player is None:
            acting = self.inner.to_act()
            # Our CHANCE is OpenSpiel's chance player id (asserted on import).
            player = self.player = acting[0] if acting else _TERMINAL
        return player

    def _legal_actions(self, player: int) -> list[int]:
        """OpenSpiel's C++ ``LegalActions`` asks here, for the player to act only."""
        if player != self.current_player():
            return self.inner.legal_action_ids(player)
        listed = self.legal_ids
        if listed is None:
            listed = self.legal_ids = self.inner.legal_action_ids(player)
        # A copy: the list OpenSpiel gets is its own, ours stays unchanged.
        return list(listed)

    def legal_actions(self, player: int | None = None) -> list[int]:
        """OpenSpiel's ``legal_actions`` answered here, without the round trip through
        C++ (the same lists: the chance outcomes' ids at a chance node, nothing at the end
        or for a seat not to act)."""
        current = self.player
        if current is None:
            current = self.current_player()
        if current < 0:
            if current == _CHANCE:
                return [number for number, _ in self.chance_outcomes()]
            return []
        if player is not None and player != current:
            if player < 0:
                raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")
            return []
        listed = self.legal_ids
        if listed is None:
            listed = self.legal_ids = self.inner.legal_action_ids(current)
        return list(listed)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        current = self.player
        if current is None:
            current = self.current_player()
        if current != _CHANCE:
            return self.inner.chance_outcome_ids()
        listed = self.legal_ids
        if listed is None:
            listed = self.legal_ids = self.inner.chance_outcome_ids()
        return list(listed)

    def is_chance_node(self) -> bool:
        player = self.player
        return (player if player is not None else self.current_player()) == _CHANCE

    def _apply_action(self, action: int) -> None:
        player = self.player
        if player is None:
            player = self.current_player()
        listed = self.legal_ids
        self.legal_ids = self.player = None
        if listed is None:
            known = False
        elif player == _CHANCE:  # (id, probability) pairs: (action,) sorts before its pair
            found = bisect_left(listed, (action,))
            known = found < len(listed) and listed[found][0] == action
        else:
            found = bisect_left(listed, action)
            known = found < len(listed) and listed[found] == action
        if known:
            # One of the ids this state listed as legal (so ``player`` is a seat or chance,
            # our CHANCE): no second legality check.
            move = self.actions[action]
        else:
            player = CHANCE if player < 0 else player
            move = self.rules.action_from_id(action)
            self.inner.check(player, move)
        # No events now: the log replays them if an information-state string asks.
        self.inner.apply_unchecked(player, move)
        self.log.extend((player, move))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.rules.action_text(self.rules.action_from_id(action))

    def is_terminal(self) -> bool:
        player = self.player
        if player is None:  # current_player, inlined: asked first at every step
            acting = self.inner.to_act()
            player = self.player = acting[0] if acting else _TERMINAL
        return player == _TERMINAL

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
        log = self.log.flushed()
        public = History(self.public, log, None)
        starts: list[History | None] = [public] * self.rules.players
        starts[player_id] = History(self.starts[player_id], log, player_id)
        return SaqqaraSpielState(self.get_game(), world, starts, public)

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
        return f"{view}\n{state.digest(player)}"


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
    """Draw a chance outcome of an OpenSpiel state with its probabilities.

    The same draw as ``rng.choice(outcomes, p=probs)`` (one ``random_sample``, the
    normalised cumulative sums, the first bound above it), without numpy's per-call cost.
    """
    outcomes = state.chance_outcomes()
    cdf = list(accumulate(p for _, p in outcomes))
    total = cdf[-1]
    u = rng.random_sample()
    for (action, _), bound in zip(outcomes, cdf, strict=True):
        if bound / total > u:
            return int(action)
    return int(outcomes[-1][0])


register_openspiel_games()
