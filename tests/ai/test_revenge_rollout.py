"""Tutankhamun's Revenge's strong bot: the tactical rollout policy plays the end of the
game (a seat ahead passes when its rivals all just passed; a seat not ahead never passes),
reads nothing hidden, and ``expert`` builds on it."""

from __future__ import annotations

import random

from saqqara.ai.games import tutankhamuns_revenge as revenge_bots
from saqqara.ai.registry import make_bot
from saqqara.ai.rollout import RolloutBot
from saqqara.core.game import CHANCE
from saqqara.core.perspective import Perspective
from saqqara.core.registry import load
from saqqara.games.tutankhamuns_revenge import actions as act
from saqqara.games.tutankhamuns_revenge.state import DIGGING, RevengeState

GAME_ID = "tutankhamuns-revenge"


def _turn_start(players: int, seed: int, turns: int = 3) -> RevengeState:
    """The start of the ``turns``-th digging turn of a seeded game the heuristic plays."""
    game = load(GAME_ID, players)
    bot = make_bot("heuristic", game)
    rng = random.Random(seed)
    state = game.new_state()
    assert isinstance(state, RevengeState)
    seen = 0
    while state.to_act():
        seat = state.to_act()[0]
        if seat == CHANCE:
            state.apply_unchecked(seat, state.sample_chance(rng))
            continue
        if state.phase == DIGGING and not state.lifts and not state.scarab_on:
            seen += 1
            if seen == turns:
                return state
        state.apply_unchecked(seat, bot.choose(Perspective(state, seat), rng))
    raise AssertionError("the game ended first")


def _with_money(state: RevengeState, money: list[int], passes: int) -> RevengeState:
    """``state`` with other money and passes in a row (a named position)."""
    position = state.clone()
    position.money = money
    position.passes = passes
    return position


def test_a_seat_ahead_passes_when_every_rival_just_passed() -> None:
    state = _with_money(_turn_start(2, seed=3), [0, 0], passes=1)
    seat = state.active
    state.money[seat], state.money[1 - seat] = 30, 20
    for bot in (revenge_bots.TacticalBot(state.game), make_bot("expert:40", state.game)):
        assert bot.choose(Perspective(state, seat), random.Random(1)) == act.STOP


def test_a_seat_behind_never_passes() -> None:
    for seed in range(5):
        state = _with_money(_turn_start(2, seed), [0, 0], passes=1)
        seat = state.active
        state.money[seat], state.money[1 - seat] = 20, 30
        for bot in (revenge_bots.TacticalBot(state.game), make_bot("expert:40", state.game)):
            assert bot.choose(Perspective(state, seat), random.Random(1)) != act.STOP


def test_the_heuristic_passes_where_the_tactical_bot_must_dig() -> None:
    """The named position that tells them apart: the heuristic, behind after its rival
    passed, passes when no lift pays, and so loses at once; the tactical bot digs on."""
    found = 0
    for seed in range(40):
        state = _with_money(_turn_start(2, seed, turns=8), [0, 0], passes=1)
        seat = state.active
        state.money[seat], state.money[1 - seat] = 5, 40
        heuristic = make_bot("heuristic", state.game)
        if heuristic.choose(Perspective(state, seat), random.Random(1)) == act.STOP:
            found += 1
            tactical = revenge_bots.TacticalBot(state.game)
            assert tactical.choose(Perspective(state, seat), random.Random(1)) != act.STOP
    assert found


def test_the_tactical_policy_reads_nothing_hidden() -> None:
    """At every decision of a whole game, however the seat's unknowns are redrawn, the
    policy (with its noise drawn from the same generator) picks the same move."""
    for players in (2, 3):
        game = load(GAME_ID, players)
        state = game.new_state()
        assert isinstance(state, RevengeState)
        rng = random.Random(players)
        compared = 0
        while state.to_act():
            seat = state.to_act()[0]
            if seat == CHANCE:
                state.apply_unchecked(seat, state.sample_chance(rng))
                continue
            choices = set()
            for k in range(4):
                world = state.resample(seat, random.Random(k))
                assert isinstance(world, RevengeState)
                choices.add(revenge_bots.rollout_policy(world, seat, random.Random(9)))
            assert len(choices) == 1
            compared += 1
            state.apply_unchecked(seat, revenge_bots.rollout_policy(state, seat, rng))
        assert compared > 20


def test_expert_decides_the_same_whatever_the_hidden_cards() -> None:
    """Fair play: two true states that the seat cannot tell apart get the same move."""
    state = _turn_start(2, seed=6, turns=4)
    seat = state.active
    choices = set()
    for k in range(3):
        world = state.resample(seat, random.Random(100 + k))
        bot = make_bot("expert:60", state.game)
        assert isinstance(bot, RolloutBot)
        choices.add(bot.choose(Perspective(world, seat), random.Random(7)))
    assert len(choices) == 1


def test_the_seat_that_digs_first_has_its_own_weights_at_two_players() -> None:
    for players, first in ((2, 1), (3, None), (4, None)):
        state = load(GAME_ID, players).new_state()
        assert isinstance(state, RevengeState)
        for seat in range(players):
            expected = revenge_bots.DIGS_FIRST if seat == first else revenge_bots.HAND
            assert revenge_bots.seat_weights(state, seat) is expected


def _where_the_weights_differ(seed: int) -> RevengeState | None:
    """The first decision of seat 1 in a seeded 2-player game of the heuristic where the
    policy with :data:`DIGS_FIRST` and with :data:`HAND` choose differently."""
    game = load(GAME_ID, 2)
    bot = make_bot("heuristic", game)
    rng = random.Random(seed)
    state = game.new_state()
    assert isinstance(state, RevengeState)
    while state.to_act():
        seat = state.to_act()[0]
        if seat == CHANCE:
            state.apply_unchecked(seat, state.sample_chance(rng))
            continue
        if seat == 1 and state.phase == DIGGING:
            bold = revenge_bots.tactical_choice(
                state, seat, random.Random(0), 0.0, revenge_bots.DIGS_FIRST
            )
            hand = revenge_bots.tactical_choice(
                state, seat, random.Random(0), 0.0, revenge_bots.HAND
            )
            if bold != hand:
                return state
        state.apply_unchecked(seat, bot.choose(Perspective(state, seat), rng))
    return None


def test_the_seat_that_digs_first_takes_more_risk() -> None:
    """The named positions that tell the weights apart (the first of seeds 0-9 where they
    differ): the seat that digs first at 2 players lifts from another stack, lifts where
    the hand-written weights would stop (seeds 6-8), or plays its scarab (seed 2); the
    tactical bot, ``expert``'s base move, plays the seat's own weights."""
    pairs = set()
    for seed in range(10):
        state = _where_the_weights_differ(seed)
        if state is None:
            continue
        view = Perspective(state, 1)
        hand = revenge_bots.TacticalBot(state.game, revenge_bots.HAND).choose(
            view, random.Random(0)
        )
        own = revenge_bots.TacticalBot(state.game).choose(view, random.Random(0))
        assert own != hand
        assert own != act.STOP
        pairs.add((type(own), type(hand)))
    assert (act.Lift, act.Stop) in pairs
    assert (act.Scarab, act.Lift) in pairs
    assert (act.Lift, act.Lift) in pairs
