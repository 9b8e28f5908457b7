"""Curse of the Mummy's rollout policy: the heuristics on a full state, the mummy on the
public belief sets only (weighted by the tracker in the mummy's own worlds, walking to the
nearest possible field in an explorer's walker worlds)."""

from __future__ import annotations

import random

from saqqara.ai.games.curse_of_the_mummy_rollout import (
    WALKER_SHARE,
    WalkerWorld,
    rollout_policy,
    search_world,
)
from saqqara.ai.games.curse_of_the_mummy_tracking import TrackedWorld, tracker_hunt
from saqqara.ai.registry import make_bot
from saqqara.core.game import CHANCE
from saqqara.core.perspective import Perspective
from saqqara.core.registry import load
from saqqara.games.curse_of_the_mummy.state import MUMMY, MummyState


def test_rollout_policy_is_the_heuristic_or_in_the_mummys_worlds_the_tracker() -> None:
    """At every decision of whole games the policy picks what the hand-written bot
    (``medium-hand``: ``heuristic`` before its racing explorer; the rollouts keep it) picks (the
    mummy with the same generator; the explorer's choice uses none); in a world drawn for
    the mummy's search (a ``TrackedWorld``) the mummy picks what the tracker bot picks."""
    game = load("curse-of-the-mummy", 3)
    bot = make_bot("medium-hand", game)
    compared = {MUMMY: 0, 1: 0}
    for seed in range(3):
        state = game.new_state()
        rng = random.Random(seed)
        ply = 0
        while state.to_act():
            seat = state.to_act()[0]
            if seat == CHANCE:
                state.apply_unchecked(seat, state.sample_chance(rng))
                continue
            chosen = bot.choose(Perspective(state, seat), random.Random(ply))
            if len(state.legal_actions(seat)) > 1:
                assert rollout_policy(state, seat, random.Random(ply)) == chosen
                compared[min(seat, 1)] += 1
                if seat == MUMMY:
                    tracked = state.clone()
                    tracked.__class__ = TrackedWorld
                    assert isinstance(state, MummyState)
                    legal = state.legal_actions(seat)
                    expected = tracker_hunt(state, legal, random.Random(ply))
                    assert rollout_policy(tracked, seat, random.Random(ply)) == expected
            state.apply_unchecked(seat, chosen)
            ply += 1
    assert compared[MUMMY] > 20 and compared[1] > 20


def test_the_mummy_policy_never_reads_the_figures_fields() -> None:
    """Redrawing the figures' fields from the mummy's perspective changes no mummy step."""
    game = load("curse-of-the-mummy", 2)
    state = game.new_state()
    rng = random.Random(2)
    checked = 0
    while state.to_act() and checked < 30:
        seat = state.to_act()[0]
        if seat == CHANCE:
            state.apply_unchecked(seat, state.sample_chance(rng))
            continue
        if seat == MUMMY and len(state.legal_actions(seat)) > 1:
            steps = set()
            for k in range(5):
                world = state.resample(MUMMY, random.Random(k))
                assert isinstance(world, MummyState)
                steps.add(rollout_policy(world, MUMMY, random.Random(0)))
            assert len(steps) == 1
            checked += 1
        state.apply_unchecked(seat, rollout_policy(state, seat, rng))
    assert checked == 30


def test_expert_plays_the_mummy_and_the_explorer() -> None:
    """``expert`` searches both sides: a legal move, the same again from the same seed."""
    game = load("curse-of-the-mummy", 2)
    state = game.new_state()
    rng = random.Random(7)
    seen: set[int] = set()
    while len(seen) < 2:
        seat = state.to_act()[0]
        if seat == CHANCE:
            state.apply_unchecked(seat, state.sample_chance(rng))
            continue
        legal = state.legal_actions(seat)
        if len(legal) > 1 and min(seat, 1) not in seen:
            seen.add(min(seat, 1))
            chosen = make_bot("expert:12", game).choose(Perspective(state, seat), random.Random(3))
            assert chosen in legal
            assert (
                make_bot("expert:12", game).choose(Perspective(state, seat), random.Random(3))
                == chosen
            )
        state.apply_unchecked(seat, rollout_policy(state, seat, rng))


def test_in_a_walker_world_the_mummy_walks_as_probe_plan() -> None:
    """At every mummy decision of whole games, the rollout mummy of a ``WalkerWorld`` picks
    what ``probe:plan``'s mummy picks from its perspective (the nearest possible field)."""
    game = load("curse-of-the-mummy", 2)
    walker = make_bot("probe:plan", game)
    bot = make_bot("medium-hand", game)
    compared = 0
    for seed in range(3):
        state = game.new_state()
        rng = random.Random(seed)
        while state.to_act():
            seat = state.to_act()[0]
            if seat == CHANCE:
                state.apply_unchecked(seat, state.sample_chance(rng))
                continue
            if seat == MUMMY and len(state.legal_actions(seat)) > 1:
                world = state.clone()
                world.__class__ = WalkerWorld
                expected = walker.choose(Perspective(state, seat), random.Random(0))
                assert rollout_policy(world, seat, random.Random(0)) == expected
                compared += 1
            state.apply_unchecked(seat, bot.choose(Perspective(state, seat), rng))
    assert compared > 100


def test_an_explorers_search_meets_both_mummies_and_the_mummys_none() -> None:
    """``search_world``: an explorer's worlds are walker worlds about ``WALKER_SHARE`` of the
    time, with the true fields (explorers see every figure); the mummy's are tracked worlds."""
    game = load("curse-of-the-mummy", 2)
    state = game.new_state()
    rng = random.Random(4)
    while state.to_act()[0] == CHANCE or state.to_act()[0] == MUMMY:
        seat = state.to_act()[0]
        action = state.sample_chance(rng) if seat == CHANCE else state.legal_actions(seat)[0]
        state.apply_unchecked(seat, action)
    explorer = state.to_act()[0]
    assert isinstance(state, MummyState)
    worlds = [search_world(Perspective(state, explorer), random.Random(k)) for k in range(400)]
    walkers = sum(isinstance(w, WalkerWorld) for w in worlds)
    assert abs(walkers / len(worlds) - WALKER_SHARE) < 0.1
    assert all(isinstance(w, MummyState) and w.pos == state.pos for w in worlds)
    mummy_worlds = [search_world(Perspective(state, MUMMY), random.Random(k)) for k in range(20)]
    assert all(isinstance(w, TrackedWorld) for w in mummy_worlds)
