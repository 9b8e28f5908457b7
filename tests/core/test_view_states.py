"""Every game rebuilds a state from a seat's view (``core.view_states``): for random
positions of every configuration, the state rebuilt from seat ``s``'s view gives seat ``s``
the same view, byte for byte, and the same legal actions; bad views are refused."""

from __future__ import annotations

import json
import random

import pytest

from saqqara.core.game import CHANCE, Game
from saqqara.core.registry import load, registered_games
from saqqara.core.view_states import ViewError, rebuildable, state_from_view
from saqqara.testing.conformance import random_playout

POSITIONS = 25
"""Random positions checked per game played (and its end)."""
GAMES = list(registered_games())


def _configurations() -> list[tuple[str, int, dict[str, str]]]:
    return [
        (game_id, players, options)
        for game_id, cls in registered_games().items()
        if game_id in GAMES
        for options in cls.spec.option_sets()
        for players in cls.spec.player_counts
    ]


CONFIGS = _configurations()


def _text(view: dict[str, object]) -> str:
    return json.dumps(view, sort_keys=True, separators=(",", ":"))


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_can_be_rebuilt_from_a_view(game_id: str) -> None:
    assert rebuildable(game_id)


@pytest.mark.parametrize(
    "config", CONFIGS, ids=["-".join([c[0], f"{c[1]}p", *c[2].values()]) for c in CONFIGS]
)
def test_a_state_rebuilt_from_a_view_looks_the_same_to_that_seat(
    config: tuple[str, int, dict[str, str]],
) -> None:
    game_id, players, options = config
    game = load(game_id, players, options)
    rng = random.Random(7)
    checked = 0
    for seed in range(3):
        length = sum(1 for _ in random_playout(game, seed))
        chosen = {*rng.sample(range(length), min(POSITIONS, length)), length - 1}
        for index, step in enumerate(random_playout(game, seed)):
            if index not in chosen:
                continue
            state = step.state
            if index == length - 1:  # the last step: look at the end of the game too
                state = state.clone()
                state.apply(step.seat, step.action)
            for seat in range(players):
                view = json.loads(_text(state.view(seat)))  # as it came over the wire
                rebuilt = state_from_view(game, view, seat, random.Random(seed))
                assert _text(rebuilt.view(seat)) == _text(view), (seed, seat, state.to_act())
                assert rebuilt.to_act() == state.to_act()
                if CHANCE not in state.to_act():
                    ids = [game.action_id(a) for a in state.legal_actions(seat)]
                    assert [game.action_id(a) for a in rebuilt.legal_actions(seat)] == ids
                checked += 1
    assert checked > 20


def _a_view(game: Game, seat: int) -> dict[str, object]:
    state = next(iter(random_playout(game, 1))).state
    view: dict[str, object] = json.loads(_text(state.view(seat)))
    return view


@pytest.mark.parametrize("game_id", GAMES)
def test_a_view_of_another_game_or_seat_is_refused(game_id: str) -> None:
    game = load(game_id, 2 if game_id != "curse-of-the-mummy" else 3)
    view = _a_view(game, 0)
    with pytest.raises(ViewError, match="seat"):
        state_from_view(game, view, 1)
    other = load("tutankhamun" if game_id != "tutankhamun" else "tutankhamuns-revenge", 2)
    with pytest.raises(ViewError, match="game"):
        state_from_view(other, view, 0)
    broken = {**view, "phase": 12}
    with pytest.raises(ViewError):
        state_from_view(game, broken, 0)
