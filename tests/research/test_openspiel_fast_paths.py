"""The OpenSpiel face's fast paths answer as its slow ones: listed ids (the engine's own id
lists, found by bisection) against ids applied unlisted (looked up and checked), and a log
of pending steps against one shared by clones part-way through a game."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pyspiel
import pytest

from saqqara.core.errors import IllegalAction
from saqqara.core.events import events_for
from saqqara.core.game import CHANCE
from saqqara.research.openspiel_game import SaqqaraSpielState, openspiel_name

from .configs import SMALLEST, SMALLEST_IDS


def _load(game_id: str, players: int, options: dict[str, str]) -> Any:
    return pyspiel.load_game(openspiel_name(game_id), {"players": players, **options})


def _strings(game: Any, state: Any) -> list[str]:
    """Everything the face tells about a position, as text."""
    seats = range(game.num_players())
    told = [str(state), repr(state.history()), str(state.is_terminal())]
    told += [state.information_state_string(s) for s in seats]
    told += [state.observation_string(s) for s in seats]
    return told


def _draw(state: Any, rng: random.Random) -> int:
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        return int(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
    return int(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("game_id", "players", "options"), SMALLEST, ids=SMALLEST_IDS)
def test_listed_ids_and_unlisted_ids_play_the_same_game(
    game_id: str, players: int, options: dict[str, str]
) -> None:
    """Two faces play the same random game: one has listed its legal ids (or chance
    outcomes) before each step, the other applies the same id cold. Both tell the same at
    every step, list exactly the engine's actions by id, and refuse an unlisted id."""
    game = _load(game_id, players, options)
    rules = game.inner
    rng = random.Random(5)
    listed, cold = game.new_initial_state(), game.new_initial_state()
    while not listed.is_terminal():
        assert _strings(game, listed) == _strings(game, cold)
        inner = listed.inner
        seat = inner.to_act()[0]
        if seat == CHANCE:
            expected = [(rules.action_id(a), p) for a, p in inner.chance_outcomes()]
            assert listed.chance_outcomes() == expected
            assert listed.legal_actions() == [a for a, _ in expected]
            ids = [a for a, _ in expected]
        else:
            ids = [rules.action_id(a) for a in inner.legal_actions(seat)]
            assert listed.legal_actions() == ids
            assert listed.legal_actions(seat) == ids
        unlisted = next(a for a in range(rules.num_distinct_actions) if a not in ids)
        if rng.random() < 0.1:  # now and then, an illegal id: refused, nothing changes
            before = _strings(game, listed)
            with pytest.raises(IllegalAction):
                listed.apply_action(unlisted)
            assert _strings(game, listed) == before
        action = _draw(listed, rng)
        listed.apply_action(action)
        cold.apply_action(action)
    assert _strings(game, listed) == _strings(game, cold)
    assert cold.is_terminal() and cold.returns() == listed.returns()


def _eager(digest: str, events: list[dict[str, Any]]) -> str:
    if not events:
        return digest
    text = digest + json.dumps(events, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def _play(state: SaqqaraSpielState, steps: int, rng: random.Random, eager: list[str]) -> list[str]:
    """Play ``steps`` random steps; return the seats' and the public digests (last) chained
    eagerly over the events of each step."""
    players = len(eager) - 1
    for _ in range(steps):
        if state.is_terminal():
            break
        action = _draw(state, rng)
        probe = state.inner.clone()
        seat = probe.to_act()[0]
        events = probe.apply(seat, state.rules.action_from_id(action))
        seen = [*range(players), None]
        eager = [_eager(d, events_for(events, s)) for d, s in zip(eager, seen, strict=True)]
        state.apply_action(action)
    return eager


@pytest.mark.parametrize("game_id", ["curse-of-the-mummy", "tutankhamuns-revenge"])
def test_clones_part_way_through_a_game_keep_their_own_histories(game_id: str) -> None:
    """A clone taken while steps are pending in the log, and a clone of that clone, each
    go their own way; each one's digests are the eager chain of its own events."""
    game = pyspiel.load_game(openspiel_name(game_id), {"players": 3})
    state = game.new_initial_state()
    start = [""] * 4
    rng = random.Random(8)
    common = _play(state, 40, rng, start)
    twin = state.clone()
    mine = _play(state, 30, random.Random(1), common)
    theirs = _play(twin, 20, random.Random(2), common)
    triplet = twin.clone()
    third = _play(triplet, 25, random.Random(3), theirs)
    theirs = _play(twin, 15, random.Random(4), theirs)
    for played, digests in ((state, mine), (twin, theirs), (triplet, third)):
        assert [played.digest(s) for s in range(3)] == digests[:3]
        assert played.digest(None) == digests[3]
    assert mine != theirs != third


@pytest.mark.parametrize(("game_id", "players", "options"), SMALLEST, ids=SMALLEST_IDS)
def test_a_clone_shares_the_game_s_actions_and_applies_its_own_instances(
    game_id: str, players: int, options: dict[str, str]
) -> None:
    """OpenSpiel clones a Python state by deep-copying its attributes: the table of
    actions by id is shared, not copied action by action, and a clone's steps are the
    game's own instances."""
    game = _load(game_id, players, options)
    state = game.new_initial_state()
    rng = random.Random(3)
    for _ in range(12):
        state.apply_action(_draw(state, rng))
    twin = state.clone()
    assert twin.actions is state.actions
    assert _strings(game, twin) == _strings(game, state)
    action = _draw(twin, rng)
    twin.apply_action(action)
    assert twin.log[-1] is game.inner.action_from_id(action)
    assert len(twin.history()) == len(state.history()) + 1
