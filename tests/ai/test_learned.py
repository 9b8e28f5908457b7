"""Learned weights (issue 31): the weights file, the bots that play it, reproducible
training (:mod:`saqqara.ai.training`)."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import asdict, fields
from typing import Any

import pytest

from saqqara.ai import weights
from saqqara.ai.games.curse_of_the_mummy import HAND, Weights, learned_weights
from saqqara.ai.games.tutankhamuns_revenge import HAND as REVENGE_HAND
from saqqara.ai.games.tutankhamuns_revenge import TacticalBot
from saqqara.ai.registry import make_bot
from saqqara.ai.training import train, tunable_for
from saqqara.core.match import Match
from saqqara.core.playout import play_out
from saqqara.core.registry import load, registered_games

CURSE = "curse-of-the-mummy"


@pytest.mark.parametrize("players", [2, 3])
def test_the_weights_file_loads_with_its_provenance(players: int) -> None:
    document = weights.load(CURSE, players)
    provenance = document["provenance"]
    for key in weights.PROVENANCE_KEYS:
        assert provenance[key] not in ("", None), key
    assert provenance["command"].startswith("python scripts/train_evaluator.py curse-of-the-mummy")
    assert all(pairing.startswith(f"{players}:") for pairing in provenance["mix"])
    assert set(document["weights"]) == {f.name for f in fields(Weights)}
    assert document["hand"] == asdict(HAND)
    for parameter in tunable_for(CURSE).parameters:
        assert parameter.low <= document["weights"][parameter.name] <= parameter.high
    assert learned_weights(players) == Weights(**document["weights"]) != HAND


def test_a_larger_table_takes_the_weights_of_the_largest_count_below_it() -> None:
    assert weights.player_counts(CURSE) == [2, 3]
    assert weights.load(CURSE, 5) == weights.load(CURSE, 3) != weights.load(CURSE, 2)
    with pytest.raises(LookupError, match="no weights file"):
        weights.load("no-such-game", 2)


def test_a_weights_document_without_provenance_or_of_another_game_is_refused() -> None:
    document = weights.load(CURSE, 2)
    weights.check(document, CURSE)
    with pytest.raises(ValueError, match="names"):
        weights.check(document, "tutankhamun")
    bare = copy.deepcopy(document)
    del bare["provenance"]["seed"]
    with pytest.raises(ValueError, match=r"lacks provenance: \['seed'\]"):
        weights.check(bare, CURSE)
    empty = copy.deepcopy(document)
    empty["weights"] = {}
    with pytest.raises(ValueError, match="no weights"):
        weights.check(empty, CURSE)


def test_the_search_starts_from_the_hand_written_weights() -> None:
    tunable = tunable_for(CURSE)
    assert tunable.decode([0.0] * len(tunable.parameters)) == asdict(HAND)
    far = tunable.decode([1e6] * len(tunable.parameters))
    assert far == {p.name: p.high for p in tunable.parameters}


def _record(name: str, game_id: str, seed: int) -> tuple[Any, ...]:
    game = load(game_id, 2)
    match = Match(game, seed=seed)
    play_out(match, [make_bot(name, game), make_bot("random", game)])
    return (match.outcome().returns(), list(match.history))


@pytest.mark.parametrize("game_id", sorted(registered_games()))
def test_medium_hand_plays_the_hand_written_heuristic(game_id: str) -> None:
    assert make_bot("medium-hand", load(game_id, 2)).name == "medium-hand"
    assert _record("medium-hand", game_id, 5) == _record("heuristic", game_id, 5)


def test_learned_plays_its_own_weights() -> None:
    game = load(CURSE, 3)
    bot = make_bot("learned", game)
    assert bot.name == "learned"
    assert getattr(bot, "weights", None) == learned_weights(3)
    match = Match(game, seed=2)
    play_out(match, [bot, make_bot("probe:plan", game), make_bot("medium-hand", game)])
    assert match.is_over()


def _tiny(seed: int) -> dict[str, Any]:
    return train(
        CURSE,
        seed=seed,
        generations=2,
        games=2,
        popsize=4,
        mix=[(2, "probe:plan"), (2, "medium-hand")],
        validation_games=2,
    )


def test_training_is_reproducible() -> None:
    first, again, other = _tiny(3), _tiny(3), _tiny(4)
    assert first["weights"] == again["weights"]
    assert first["provenance"]["history"] == again["provenance"]["history"]
    assert first["provenance"]["final_fitness"] == again["provenance"]["final_fitness"]
    assert other["weights"] != first["weights"]  # the seed matters
    assert first["provenance"]["games_per_evaluation"] == 4
    assert first["provenance"]["generations"] == 2
    assert first["provenance"]["seed"] == 3


REVENGE = "tutankhamuns-revenge"


def _revenge_record(weights: Mapping[str, float], seed: int) -> tuple[Any, ...]:
    game = load(REVENGE, 2)
    match = Match(game, seed=seed)
    play_out(match, [tunable_for(REVENGE).make(game, weights), make_bot("medium-hand", game)])
    return (match.outcome().returns(), list(match.history))


def test_revenge_tunes_the_tactical_policy_from_its_hand_written_constants() -> None:
    tunable = tunable_for(REVENGE)
    assert tunable.decode([0.0] * len(tunable.parameters)) == asdict(REVENGE_HAND)
    game = load(REVENGE, 2)
    match = Match(game, seed=4)
    play_out(match, [TacticalBot(game), make_bot("medium-hand", game)])
    assert _revenge_record(asdict(REVENGE_HAND), 4) == (
        match.outcome().returns(),
        list(match.history),
    )
    # A policy that digs on only for a lift worth 10 silver more plays another game.
    timid = asdict(REVENGE_HAND) | {"dig_margin": 10.0}
    assert _revenge_record(timid, 4) != _revenge_record(asdict(REVENGE_HAND), 4)
