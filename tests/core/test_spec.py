"""Game specs: options with defaults and clear errors, player counts, the registry."""

from __future__ import annotations

import pytest

from saqqara.core.errors import OptionError
from saqqara.core.outcome import Outcome
from saqqara.core.registry import load, registered_games


def test_defaults_fill_in_and_unknown_options_are_refused() -> None:
    assert load("tutankhamun", 4).options == {"edition": "amigo-1993"}
    with pytest.raises(OptionError, match="no option 'speed'"):
        load("tutankhamun", 4, {"speed": "fast"})
    with pytest.raises(OptionError, match="must be one of amigo-1993, ootb-2004"):
        load("tutankhamun", 4, {"edition": "1999"})


def test_player_counts_are_checked() -> None:
    with pytest.raises(OptionError, match="for 2 to 6 players; got 7"):
        load("tutankhamun", 7)


def test_unknown_games_are_refused_with_the_list() -> None:
    with pytest.raises(OptionError, match=r"unknown game 'go'.*tutankhamun") as err:
        load("go", 2)
    assert err.value.code == "unknown-game"


def test_every_registered_game_has_titles_and_a_version() -> None:
    for game_id, cls in registered_games().items():
        spec = cls.spec
        assert spec.id == game_id and spec.title and spec.original_title
        assert spec.rules_version >= 1 and spec.min_players <= spec.max_players
        assert next(spec.option_sets()) == spec.resolve_options({})


def test_option_sets_cover_every_combination() -> None:
    sets = list(registered_games()["tutankhamun"].spec.option_sets())
    assert sets == [{"edition": "amigo-1993"}, {"edition": "ootb-2004"}]


def test_options_not_combined_are_played_one_at_a_time() -> None:
    """Revenge's two editions' options in every combination (4 sets), each close call's
    other reading once, the rest at their defaults (3 sets): 7, where the product was 32."""
    spec = registered_games()["tutankhamuns-revenge"].spec
    sets = list(spec.option_sets())
    defaults = spec.resolve_options({})
    assert sets[0] == defaults and len(sets) == 7
    assert len({tuple(s.items()) for s in sets}) == 7
    apart = [s for s in sets if s["pass-cost"] == "0" and s["early-end"] == "off"][1:]
    assert [{k: v for k, v in s.items() if v != defaults[k]} for s in apart] == [
        {"bent-snake": "on"},
        {"sixth-lays-cover": "on"},
        {"blockade-after-danger": "off"},
    ]


def test_ranks_share_ties_and_returns_split_the_win() -> None:
    outcome = Outcome((1.0, 3.0, 3.0), Outcome.ranks_from_keys([1, 3, 3]), "test")
    assert outcome.ranks == (3, 1, 1)
    assert outcome.winners == {1, 2}
    assert outcome.returns() == (0.0, 0.5, 0.5)
