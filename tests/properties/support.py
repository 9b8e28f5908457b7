"""Shared ground for the property tests: configurations from the registry, positions,
fingerprints of everything observable, and hypothesis strategies for bad input."""

from __future__ import annotations

import dataclasses
import functools
import json
import random
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from saqqara.core.actions import Action
from saqqara.core.errors import IllegalAction
from saqqara.core.game import CHANCE, Game, State
from saqqara.core.registry import load, registered_games

SETTINGS = settings(
    max_examples=12,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
"""Modest and derandomized: the whole directory stays within seconds and never flakes."""

Config = tuple[str, int, tuple[tuple[str, str], ...]]


def _configs() -> list[Config]:
    found = []
    for game_id, cls in registered_games().items():
        for options in cls.spec.option_sets():
            for players in cls.spec.player_counts:
                found.append((game_id, players, tuple(options.items())))
    return found


CONFIGS = _configs()
"""Every registered game, option set and player count: a new game is covered on registering."""
VOCABULARIES = list({(g, o): (g, p, o) for g, p, o in reversed(CONFIGS)}.values())
"""One configuration (the fewest players) per game and option set: notation and ids do not
depend on the player count."""


def name(config: Config) -> str:
    game_id, players, options = config
    return "-".join([game_id, f"{players}p", *(v for _, v in options)])


@functools.cache
def game_of(config: Config) -> Game:
    game_id, players, options = config
    return load(game_id, players, dict(options))


@functools.cache
def vocabulary(config: Config) -> tuple[Action, ...]:
    game = game_of(config)
    return tuple(game.action_from_id(i) for i in range(game.num_distinct_actions))


@functools.cache
def foreign_actions() -> tuple[Action, ...]:
    """One vocabulary per game and option set: other games' actions, for every game."""
    return tuple(a for config in VOCABULARIES for a in vocabulary(config))


DEPTHS = (0, 1, 4, 15, 40, 100, 250, 700, 2000, 6000)


@functools.cache
def positions(config: Config) -> tuple[State, ...]:
    """States of seeded random games at several depths (the last ones may be finished)."""
    game = game_of(config)
    found = []
    for seed, depth in enumerate(DEPTHS):
        rng = random.Random(seed)
        state = game.new_state()
        for _ in range(depth):
            acting = state.to_act()
            if not acting:
                break
            seat = acting[0]
            action = (
                state.sample_chance(rng)
                if seat == CHANCE
                else rng.choice(state.legal_actions(seat))
            )
            state.apply_unchecked(seat, action)
        found.append(state)
    return tuple(found)


def fingerprint(state: State) -> str:
    """Everything anyone can observe: every view, who acts, every legal list, chance."""
    game = state.game
    seen: list[Any] = [state.view(None), list(state.to_act())]
    for seat in range(game.players):
        seen.append(state.view(seat))
        seen.append([game.action_id(a) for a in state.legal_actions(seat)])
    if state.is_chance():
        seen.append([[game.action_id(a), p] for a, p in state.chance_outcomes()])
    return json.dumps(seen, sort_keys=True)


def legal_steps(state: State, seat: object) -> list[Action]:
    if type(seat) is not int or seat not in state.to_act():
        return []
    if seat == CHANCE:
        return [a for a, _ in state.chance_outcomes()]
    return state.legal_actions(seat)


def _fields(action: object) -> list[str]:
    if not dataclasses.is_dataclass(action):
        return []
    return [f.name for f in dataclasses.fields(action)]


def exactly_legal(state: State, seat: object, action: object) -> bool:
    """Whether ``(seat, action)`` is a legal step, the type of every field included."""
    return any(
        type(legal) is type(action)
        and all(
            type(getattr(legal, f)) is type(getattr(action, f))
            and getattr(legal, f) == getattr(action, f)
            for f in _fields(legal)
        )
        for legal in legal_steps(state, seat)
    )


def refusal(state: State, seat: Any, action: Any) -> dict[str, str] | None:
    """How a copy of ``state`` answers: the refusal as JSON, ``None`` if accepted.

    Any exception other than :class:`IllegalAction` propagates and fails the test.
    """
    try:
        state.clone().apply(seat, action)
    except IllegalAction as exc:
        return exc.to_json()
    return None


class NotAnAction:
    """A value that is not an Action at all."""


JUNK = st.one_of(
    st.booleans(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.integers(min_value=-3, max_value=400),
    st.text(max_size=4),
    st.none(),
    st.just([1]),
    st.just((0,)),
    st.binary(max_size=2),
    st.complex_numbers(max_magnitude=5, allow_nan=False),
)
"""Field values no action of any game has, or has only in range and with the right type."""

BAD_SEATS = st.one_of(
    st.sampled_from([True, False, 1.0, 0.0, "0", "1", None, [0], -1.0, b"0"]),
    st.integers(min_value=-(10**30), max_value=10**30),
)


def with_fields(action: Action, values: list[Any]) -> Action:
    made: Action = type(action)(*values)
    return made


def look_alike(action: Action) -> Action | None:
    """``action`` with a field of equal value but another type (``Take(True)``)."""
    values = [getattr(action, f) for f in _fields(action)]
    for i, value in enumerate(values):
        if isinstance(value, bool):
            values[i] = int(value)
        elif value in (0, 1):
            values[i] = bool(value)
        else:
            values[i] = float(value)
        return with_fields(action, values)
    return None


@st.composite
def bad_steps(draw: st.DrawFn, config: Config) -> tuple[State, Any, Any]:
    """A position (a fresh copy), a seat and an action, of every kind of bad input."""
    state = draw(st.sampled_from(positions(config))).clone()
    game = state.game
    acting = state.to_act()
    seats = list(acting) or [0]
    seat: Any = draw(
        st.one_of(
            st.sampled_from(seats),
            st.integers(min_value=CHANCE, max_value=game.players - 1),
            BAD_SEATS,
        )
    )
    legal = legal_steps(state, seat)
    vocab = vocabulary(config)
    base = draw(st.sampled_from(legal or list(vocab)))
    kind = draw(st.sampled_from(("alike", "junk-field", "vocabulary", "foreign", "non-action")))
    action: Any
    if kind == "alike":
        action = look_alike(base) or draw(st.sampled_from(vocab))
    elif kind == "junk-field" and _fields(base):
        values = [getattr(base, f) for f in _fields(base)]
        index = draw(st.integers(min_value=0, max_value=len(values) - 1))
        values[index] = draw(JUNK)
        action = with_fields(base, values)
    elif kind == "foreign":
        action = draw(st.sampled_from(foreign_actions()))
    elif kind == "non-action":
        action = draw(
            st.sampled_from((None, "take 1", 5, NotAnAction(), Action(), ("take", 1), 1.0))
        )
    else:
        action = draw(st.sampled_from(vocab))
    return state, seat, action
