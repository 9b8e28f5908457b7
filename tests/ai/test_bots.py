"""Bots: the registry, the perspective they see, and the greedy bot's strength."""

from __future__ import annotations

import random

import pytest

from saqqara.ai.arena import run_arena, seating
from saqqara.ai.registry import available_bots, make_bot
from saqqara.core.errors import OptionError
from saqqara.core.perspective import Perspective
from saqqara.core.registry import load, registered_games


def test_every_game_has_a_random_bot() -> None:
    for game_id in registered_games():
        assert "random" in available_bots(game_id)


def test_unknown_bot_is_refused_with_the_list() -> None:
    with pytest.raises(OptionError, match=r"no bot 'oracle'.*greedy"):
        make_bot("oracle", load("tutankhamun", 2))


def test_a_perspective_exposes_no_state() -> None:
    game = load("tutankhamun", 2)
    perspective = Perspective(game.new_state(), 0)
    public = {name for name in dir(perspective) if not name.startswith("_")}
    assert public == {"game", "seat", "view", "legal_actions", "resample"}


def test_seats_rotate_between_games() -> None:
    assert seating(["a", "b", "c"], 0) == ("a", "b", "c")
    assert seating(["a", "b", "c"], 1) == ("b", "c", "a")


@pytest.mark.parametrize("edition", ["amigo-1993", "ootb-2004"])
def test_greedy_clearly_beats_random(edition: str) -> None:
    result = run_arena(
        "tutankhamun", 3, {"edition": edition}, ["greedy", "random", "random"], 30, 100, workers=1
    )
    scores = {s.name: s for s in result.scores()}
    assert scores["greedy"].low > 1 / 3, scores["greedy"]
    assert scores["greedy"].mean > 0.8


def test_greedy_only_returns_legal_actions() -> None:
    game = load("tutankhamun", 4, {"edition": "ootb-2004"})
    bot = make_bot("greedy", game)
    rng = random.Random(3)
    state = game.new_state()
    while not state.is_terminal():
        (seat,) = state.to_act()
        if state.is_chance():
            state.apply(seat, state.sample_chance(rng))
            continue
        action = bot.choose(Perspective(state, seat), rng)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)


def test_ismcts_plays_legal_moves_and_a_seed_fixes_its_choice() -> None:
    game = load("tutankhamun", 3, {"edition": "ootb-2004"})
    bot = make_bot("ismcts:30", game)
    rng = random.Random(5)
    state = game.new_state()
    while state.is_chance():
        state.apply(-1, state.sample_chance(rng))
    perspective = Perspective(state, 0)
    first = bot.choose(perspective, random.Random(9))
    assert first in state.legal_actions(0)
    assert bot.choose(perspective, random.Random(9)) == first


@pytest.mark.parametrize("name", ["ismcts:0", "ismcts:many", "greedy:3"])
def test_bad_bot_parameters_are_refused(name: str) -> None:
    with pytest.raises(OptionError):
        make_bot(name, load("tutankhamun", 2))


def test_ismcts_beats_random() -> None:
    result = run_arena("tutankhamun", 2, {}, ["ismcts:60", "random"], 8, 3, workers=1)
    scores = {s.name: s for s in result.scores()}
    assert scores["ismcts:60"].mean >= 0.75


@pytest.mark.parametrize("game_id", sorted(registered_games()))
def test_every_game_answers_to_random_heuristic_and_ismcts(game_id: str) -> None:
    game = load(game_id, 2)
    for name in ("random", "heuristic", "greedy", "ismcts:5"):
        assert make_bot(name, game).name
    assert {"random", "heuristic", "ismcts"} <= set(available_bots(game_id))


def test_the_arena_reports_each_bots_processor_seconds_per_move() -> None:
    result = run_arena("tutankhamun", 2, {}, ["ismcts:40", "random"], 2, 1, workers=1)
    seconds = result.to_json()["seconds_per_move"]
    assert set(seconds) == {"ismcts:40", "random"}
    assert seconds["ismcts:40"] > seconds["random"] >= 0
    assert all(len(r.seconds) == len(r.moves) == 2 and sum(r.moves) > 0 for r in result.results)
