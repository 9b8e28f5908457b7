"""Every game ends, whatever its seats do: stalling policies (always reroll, always stop or
pass, always done, the nearest move; ``saqqara.testing.stalling``) on every seat, or on one
seat beside random ones, in every game, edition and option, at the smallest and largest
player counts. A game's steps stay within the bound its tensor layout declares
(``TensorEncoder.max_game_length``); Curse of the Mummy, where explorers who only reroll are
out of the mummy's reach, ends by its round limit (decision 19 of its rules doc)."""

from __future__ import annotations

import itertools

import pytest

from saqqara.core.registry import load, registered_games
from saqqara.games.curse_of_the_mummy.state import MAX_ROUNDS, MummyState
from saqqara.testing.stalling import POLICIES, PolicyName, play_stalled, policy, step_bound


def _configurations() -> list[tuple[str, int, dict[str, str]]]:
    found = []
    for game_id, cls in sorted(registered_games().items()):
        spec = cls.spec
        names = [o.name for o in spec.options]
        for values in itertools.product(*(o.choices for o in spec.options)):
            for players in sorted({spec.min_players, spec.max_players}):
                found.append((game_id, players, dict(zip(names, values, strict=True))))
    return found


CONFIGURATIONS = _configurations()


@pytest.mark.parametrize(
    ("game_id", "players", "options"),
    CONFIGURATIONS,
    ids=[f"{g}-{p}p-{'-'.join(o.values()) or 'default'}" for g, p, o in CONFIGURATIONS],
)
@pytest.mark.parametrize("name", POLICIES)
def test_every_seat_stalling_still_ends_the_game(
    game_id: str, players: int, options: dict[str, str], name: PolicyName
) -> None:
    game = load(game_id, players, options)
    bound = step_bound(game)
    state, steps = play_stalled(game, [policy(name)] * players, seed=players, max_steps=bound)
    assert state.is_terminal(), f"{game_id} not over after {steps} steps"
    assert steps <= bound
    if isinstance(state, MummyState):
        assert state.round <= MAX_ROUNDS
        if name in ("stall", "stall-last", "first"):
            # Explorers who only roll and reroll stay on the start: only the clock ends it.
            assert state.outcome().reason == f"the round limit ({MAX_ROUNDS}) is reached"
            assert state.outcome().winners == frozenset({0})


@pytest.mark.parametrize(
    ("game_id", "players", "options"),
    CONFIGURATIONS,
    ids=[f"{g}-{p}p-{'-'.join(o.values()) or 'default'}" for g, p, o in CONFIGURATIONS],
)
def test_one_stalling_seat_among_random_ones_still_ends_the_game(
    game_id: str, players: int, options: dict[str, str]
) -> None:
    game = load(game_id, players, options)
    bound = step_bound(game)
    for seat in range(players):
        seats = [policy("stall") if s == seat else None for s in range(players)]
        state, steps = play_stalled(game, seats, seed=seat, max_steps=bound)
        assert state.is_terminal(), f"{game_id}: seat {seat} stalls, not over after {steps}"
        if isinstance(state, MummyState):
            assert state.round <= MAX_ROUNDS


def test_curse_of_the_mummy_stalled_by_one_explorer_ends_within_the_round_limit() -> None:
    """The trial's game: one explorer only rerolls (in the two-player game both figures are
    that explorer's); the mummy plays at random and cannot reach a figure on the start or in
    the dungeon."""
    for players in (2, 3):
        game = load("curse-of-the-mummy", players)
        seats = [None, policy("stall")] + [None] * (players - 2)
        for seed in range(3):
            state, steps = play_stalled(game, seats, seed=seed, max_steps=step_bound(game))
            assert isinstance(state, MummyState)
            assert state.is_terminal()
            assert state.round <= MAX_ROUNDS
            assert steps < 100_000
