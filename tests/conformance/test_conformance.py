"""The conformance kit, run over every registered game, option set and player count."""

from __future__ import annotations

import pytest

from saqqara.core.game import Game
from saqqara.core.registry import load, registered_games
from saqqara.testing import conformance


def _configurations() -> list[tuple[str, int, dict[str, str]]]:
    configs = []
    for game_id, cls in registered_games().items():
        for options in cls.spec.option_sets():
            for players in cls.spec.player_counts:
                configs.append((game_id, players, options))
    return configs


def _name(config: tuple[str, int, dict[str, str]]) -> str:
    game_id, players, options = config
    return "-".join([game_id, f"{players}p", *options.values()])


CONFIGS = _configurations()


@pytest.fixture(params=CONFIGS, ids=[_name(c) for c in CONFIGS])
def game(request: pytest.FixtureRequest) -> Game:
    game_id, players, options = request.param
    return load(game_id, players, options)


def test_random_playouts_keep_the_contract(game: Game) -> None:
    conformance.check_playouts(game, range(3))


def test_clones_are_independent(game: Game) -> None:
    conformance.check_clone_independence(game, seed=11)


def test_seed_fixes_the_game_and_records_replay(game: Game) -> None:
    conformance.check_determinism_and_records(game, seed=23)


def test_secrecy_resampling_changes_nothing_a_seat_receives(game: Game) -> None:
    conformance.check_secrecy(game, seed=5)


def test_open_views_show_every_seat_the_spectators_view(game: Game) -> None:
    conformance.check_open_views(game, seed=17)


def test_tensors_have_the_declared_shape(game: Game) -> None:
    conformance.check_tensors(game, range(2))


def test_views_events_and_board_follow_the_exported_schema(game: Game) -> None:
    conformance.check_views_follow_schema(game, seed=7)


def test_snapshots_read_back_to_the_same_position(game: Game) -> None:
    conformance.check_snapshots(game, seed=13)
