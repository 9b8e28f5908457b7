"""The rollout search (``expert``): legal, reproducible, within its budget, cancellable, and
slow to leave its base move without evidence."""

from __future__ import annotations

import dataclasses
import math
import random
import threading
import time

import pytest

from saqqara.ai.ismcts import Budget
from saqqara.ai.registry import make_bot
from saqqara.ai.rollout import SWITCH_Z, RolloutBot, _clearly_better, rollout_spec_for, switch_z
from saqqara.core.actions import Action
from saqqara.core.errors import OptionError
from saqqara.core.game import CHANCE, Game, State
from saqqara.core.perspective import Perspective
from saqqara.core.registry import load

ROLLOUT_GAMES = ("tutankhamun", "tutankhamuns-revenge")


def _first_real_choice(game: Game, seed: int = 1) -> State:
    """The first decision with two or more legal moves of a seeded random game."""
    rng = random.Random(seed)
    state = game.new_state()
    while True:
        seat = state.to_act()[0]
        if seat != CHANCE and len(state.legal_actions(seat)) >= 2:
            legal = state.legal_actions(seat)
            if not any(type(a).__name__ == "RandomLayout" for a in legal):
                return state
        action = (
            state.sample_chance(rng) if seat == CHANCE else rng.choice(state.legal_actions(seat))
        )
        state.apply_unchecked(seat, action)


def _expert(game: Game, budget: str) -> RolloutBot:
    bot = make_bot(f"expert:{budget}", game)
    assert isinstance(bot, RolloutBot)
    return bot


@pytest.mark.parametrize("game_id", ROLLOUT_GAMES)
def test_expert_is_reproducible_and_keeps_to_its_rollouts(game_id: str) -> None:
    game = load(game_id, 2)
    state = _first_real_choice(game)
    seat = state.to_act()[0]
    bot = _expert(game, "40")
    first = bot.choose(Perspective(state, seat), random.Random(5))
    report = bot.report
    assert first in state.legal_actions(seat)
    assert 0 < report.rollouts <= 40 and report.worlds >= 1
    assert report.base in state.legal_actions(seat)
    assert _expert(game, "40").choose(Perspective(state, seat), random.Random(5)) == first


@pytest.mark.parametrize("game_id", ROLLOUT_GAMES)
def test_expert_plays_legal_moves_to_the_end(game_id: str) -> None:
    game = load(game_id, 2)
    bot = make_bot("expert:2", game)
    rng = random.Random(2)
    state = game.new_state()
    while acting := state.to_act():
        seat = acting[0]
        if seat == CHANCE:
            state.apply(seat, state.sample_chance(rng))
        else:
            state.apply(seat, bot.choose(Perspective(state, seat), rng))
    assert sum(state.returns()) == pytest.approx(1.0)


def test_a_cancelled_search_answers_at_once_with_a_legal_move() -> None:
    game = load("tutankhamun", 2)
    state = _first_real_choice(game)
    seat = state.to_act()[0]
    bot = _expert(game, "30s")
    timer = threading.Timer(0.2, bot.cancel)
    timer.start()
    started = time.perf_counter()
    action = bot.choose(Perspective(state, seat), random.Random(1))
    assert time.perf_counter() - started < 5
    assert action in state.legal_actions(seat)
    assert not bot.stop.is_set()  # the next search is not cancelled


def test_a_think_time_budget_is_kept() -> None:
    game = load("tutankhamun", 2)
    state = _first_real_choice(game)
    seat = state.to_act()[0]
    started = time.perf_counter()
    _expert(game, "200ms").choose(Perspective(state, seat), random.Random(1))
    assert time.perf_counter() - started < 2.0  # one rollout at most past the deadline


class _SlowBase:
    """A base move that takes longer than the whole think time."""

    name = "slow"

    def __init__(self, game: Game) -> None:
        self.game = game

    def choose(self, perspective: Perspective, rng: random.Random) -> Action:
        time.sleep(0.3)
        return perspective.legal_actions()[-1]


def test_a_base_move_that_took_the_think_time_is_played_without_a_search() -> None:
    """Think time counts from the start of the decision: a base move that used it all is
    played as it is, no world begun past the deadline."""
    game = load("tutankhamun", 2)
    state = _first_real_choice(game)
    seat = state.to_act()[0]
    spec = rollout_spec_for("tutankhamun")
    assert spec is not None
    slow = dataclasses.replace(spec, base_agent=_SlowBase, base=None)
    bot = RolloutBot(game, slow, Budget(None, 0.1), "t")
    action = bot.choose(Perspective(state, seat), random.Random(1))
    assert action == state.legal_actions(seat)[-1] == bot.report.chosen
    assert bot.report.worlds == 0 and bot.report.rollouts == 0
    unhurried = RolloutBot(game, slow, Budget(20, None), "t")  # no clock: the search runs
    unhurried.choose(Perspective(state, seat), random.Random(1))
    assert unhurried.report.worlds >= 1


def test_a_move_replaces_the_base_only_when_clearly_better() -> None:
    base = [0.0, 1.0, 0.0, 1.0, 0.5, 0.5]
    assert not _clearly_better(base, base, 1.0)
    assert not _clearly_better([1.0, 1.0], [0.0, 1.0], 1.0)  # one world of evidence: noise
    assert _clearly_better([v + 0.2 for v in base], base, 1.0)
    assert not _clearly_better([v - 0.2 for v in base], base, 1.0)
    # a small edge on noisy worlds passes one standard error, not three
    edge = [0.1, 0.1, 0.1, 0.1, -0.05, -0.05]  # mean 0.05, 1.58 standard errors
    noisy = [v + e for v, e in zip(base, edge, strict=True)]
    assert _clearly_better(noisy, base, 1.0)
    assert not _clearly_better(noisy, base, 3.0)


def test_a_game_may_ask_more_evidence_before_leaving_the_base_move() -> None:
    """Curse of the Mummy's base explorer is stronger than its rollouts' (it races), so a
    move must beat it by three standard errors there; a threshold no move can pass leaves
    the search at its base move at every decision."""
    spec = rollout_spec_for("curse-of-the-mummy")
    assert spec is not None and switch_z(spec) == 3.0
    other = rollout_spec_for("tutankhamun")
    assert other is not None and switch_z(other) == SWITCH_Z
    game = load("tutankhamun", 2)
    never = dataclasses.replace(other, switch_z=math.inf)
    switched = 0
    for seed in range(1, 6):
        state = _first_real_choice(game, seed)
        seat = state.to_act()[0]
        for case in (other, never):
            bot = RolloutBot(game, case, Budget(60, None), "t")
            bot.choose(Perspective(state, seat), random.Random(seed))
            if case is never:
                assert bot.report.chosen == bot.report.base
            elif bot.report.chosen != bot.report.base:
                switched += 1
    assert switched  # the default threshold is passed at some of these decisions


def test_plain_expert_is_capped_at_a_second_and_parameters_are_checked() -> None:
    game = load("tutankhamun", 2)
    bot = make_bot("expert", game)
    assert isinstance(bot, RolloutBot)
    assert bot.name == "expert" and bot.budget.seconds == 1.0
    spec = rollout_spec_for("tutankhamun")
    assert spec is not None and bot.budget.iterations == spec.rollouts
    assert make_bot("expert:1.5s", game).name == "expert:1.5s"
    for bad in ("expert:0", "expert:lots"):
        with pytest.raises(OptionError):
            make_bot(bad, game)
