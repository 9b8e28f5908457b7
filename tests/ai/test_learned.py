"""Learned weights (issue 31): the weights file, the bots that play it, reproducible
training (:mod:`saqqara.ai.training`)."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Mapping
from dataclasses import asdict, fields
from typing import TYPE_CHECKING, Any

import pytest

from saqqara.ai import weights
from saqqara.ai.games.curse_of_the_mummy import HAND
from saqqara.ai.games.tutankhamun import HAND as TUTANKHAMUN_HAND
from saqqara.ai.games.tutankhamuns_revenge import HAND as REVENGE_HAND
from saqqara.ai.games.tutankhamuns_revenge import TacticalBot
from saqqara.ai.games.valley_of_the_kings_rollout import HAND as VALLEY_HAND
from saqqara.ai.games.valley_of_the_kings_rollout import ExpertBase
from saqqara.ai.registry import available_bots, make_bot
from saqqara.ai.training import Tables, Tunable, check_seats, play_pairing, train, tunable_for
from saqqara.core.actions import Action
from saqqara.core.agent import Agent
from saqqara.core.game import Game
from saqqara.core.match import Match
from saqqara.core.perspective import Perspective
from saqqara.core.playout import play_out
from saqqara.core.registry import load, registered_games

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

CURSE = "curse-of-the-mummy"
REVENGE = "tutankhamuns-revenge"


WEIGHTS_FILES: list[tuple[str, int, DataclassInstance]] = [
    # game, players, the hand-written weights
    (CURSE, 2, HAND),
    (CURSE, 3, HAND),
    ("tutankhamun", 2, TUTANKHAMUN_HAND),
    ("valley-of-the-kings", 2, VALLEY_HAND),
]


@pytest.mark.parametrize(("game_id", "players", "hand"), WEIGHTS_FILES)
def test_the_weights_file_loads_with_its_provenance(
    game_id: str, players: int, hand: DataclassInstance
) -> None:
    document = weights.load(game_id, players)
    provenance = document["provenance"]
    for key in weights.PROVENANCE_KEYS:
        assert provenance[key] not in ("", None), key
    assert provenance["command"].startswith(f"python scripts/train_evaluator.py {game_id} ")
    assert all(pairing.startswith(f"{players}:") for pairing in provenance["mix"])
    assert set(document["weights"]) == {f.name for f in fields(hand)}
    assert document["hand"] == asdict(hand)
    for parameter in tunable_for(game_id).parameters:
        assert parameter.low <= document["weights"][parameter.name] <= parameter.high
    bot = make_bot("learned", load(game_id, players))
    assert bot.name == "learned"
    assert getattr(bot, "weights", None) == type(hand)(**document["weights"]) != hand


def test_only_a_game_with_a_weights_file_has_learned() -> None:
    assert "learned" not in available_bots(REVENGE)  # a tunable, but no file yet
    assert weights.player_counts(REVENGE) == []
    for game_id, _, _ in WEIGHTS_FILES:
        assert "learned" in available_bots(game_id)


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


def _record(name: str | Callable[[Game], Agent], game_id: str, seed: int) -> tuple[Any, ...]:
    game = load(game_id, 2)
    match = Match(game, seed=seed)
    bot = make_bot(name, game) if isinstance(name, str) else name(game)
    play_out(match, [bot, make_bot("random", game)])
    return (match.outcome().returns(), list(match.history))


HAND_WRITTEN: dict[str, Callable[[Game], Agent]] = {
    # where ``heuristic`` plays learned weights, the same bot with the hand-written ones
    "valley-of-the-kings": ExpertBase,
}


@pytest.mark.parametrize("game_id", sorted(registered_games()))
def test_medium_hand_plays_the_hand_written_heuristic(game_id: str) -> None:
    assert make_bot("medium-hand", load(game_id, 2)).name == "medium-hand"
    hand = HAND_WRITTEN.get(game_id, "heuristic")
    assert _record("medium-hand", game_id, 5) == _record(hand, game_id, 5)


@pytest.mark.parametrize("game_id", sorted(HAND_WRITTEN))
def test_medium_plays_the_learned_weights(game_id: str) -> None:
    game = load(game_id, 2)
    learned = tunable_for(game_id).make(game, weights.weights_of(game_id, 2))
    assert _record("medium", game_id, 5) == _record(lambda _: learned, game_id, 5)
    assert _record("medium", game_id, 5) != _record("medium-hand", game_id, 5)


@pytest.mark.parametrize("edition", ["amigo-1993", "ootb-2004"])
def test_tutankhamun_learned_plays_its_weights_and_medium_the_hand_written(edition: str) -> None:
    def record(name: str) -> tuple[Any, ...]:
        game = load("tutankhamun", 2, {"edition": edition})
        match = Match(game, seed=7)
        play_out(match, [make_bot(name, game), make_bot("probe:first", game)])
        return (match.outcome().returns(), list(match.history))

    bot = make_bot("learned", load("tutankhamun", 3, {"edition": edition}))
    two = TUTANKHAMUN_HAND.__class__(**weights.weights_of("tutankhamun", 2))
    assert getattr(bot, "weights", None) == two  # the 2-player file
    assert record("medium") == record("medium-hand") != record("learned")


def test_learned_plays_its_own_weights() -> None:
    game = load(CURSE, 3)
    bot = make_bot("learned", game)
    assert bot.name == "learned"
    assert getattr(bot, "weights", None) == HAND.__class__(**weights.weights_of(CURSE, 3))
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


TUNED_HEURISTICS = [
    # game, the hand-written weights, a change that plays another game
    (REVENGE, REVENGE_HAND, {"dig_margin": 10.0}),
    ("tutankhamun", TUTANKHAMUN_HAND, {"take_alone": 0.2}),
    ("valley-of-the-kings", VALLEY_HAND, {"fit": 0.0}),
]


def _tuned_record(game_id: str, weights: Mapping[str, float], seed: int) -> tuple[Any, ...]:
    game = load(game_id, 2)
    match = Match(game, seed=seed)
    play_out(match, [tunable_for(game_id).make(game, weights), make_bot("medium-hand", game)])
    return (match.outcome().returns(), list(match.history))


@pytest.mark.parametrize(("game_id", "hand", "change"), TUNED_HEURISTICS)
def test_a_tuned_heuristic_starts_from_its_hand_written_constants(
    game_id: str, hand: DataclassInstance, change: dict[str, float]
) -> None:
    tunable = tunable_for(game_id)
    assert tunable.decode([0.0] * len(tunable.parameters)) == asdict(hand)
    game = load(game_id, 2)
    match = Match(game, seed=4)
    base = TacticalBot(game, REVENGE_HAND) if game_id == REVENGE else make_bot("medium-hand", game)
    play_out(match, [base, make_bot("medium-hand", game)])
    assert _tuned_record(game_id, asdict(hand), 4) == (
        match.outcome().returns(),
        list(match.history),
    )
    # Other constants play another game.
    assert _tuned_record(game_id, asdict(hand) | change, 4) != _tuned_record(
        game_id, asdict(hand), 4
    )


class _SeatRecorder:
    """``medium-hand``, noting every seat it is asked to move for."""

    name = "recorder"

    def __init__(self, game: Game) -> None:
        self.bot = make_bot("medium-hand", game)
        self.seats: set[int] = set()

    def choose(self, perspective: Perspective, rng: random.Random) -> Action:
        self.seats.add(perspective.seat)
        return self.bot.choose(perspective, rng)


def _seats_played(seats: list[int] | None, players: int = 2) -> set[int]:
    made: list[_SeatRecorder] = []

    def make(game: Game, _: Mapping[str, float]) -> Agent:
        made.append(_SeatRecorder(game))
        return made[-1]

    tunable = Tunable(CURSE, (), make)
    tables = Tables(CURSE, {})
    play_pairing(tables, tunable, {}, (players, "probe:plan"), 6, 11, seats)
    return made[0].seats


def test_a_one_seat_fitness_seats_the_candidate_there_alone() -> None:
    assert _seats_played(None) == {0, 1}
    assert _seats_played([1]) == {1}
    assert _seats_played([0, 2], players=3) == {0, 2}


def test_seats_a_table_lacks_are_refused_before_any_game() -> None:
    with pytest.raises(ValueError, match="a 2-player table has no seat 2"):
        check_seats([2], [(2, "probe:plan"), (3, "probe:plan")])
    with pytest.raises(ValueError, match="names a seat twice"):
        check_seats([1, 1], [(2, "probe:plan")])
    with pytest.raises(ValueError, match="at least one seat"):
        check_seats([], [(2, "probe:plan")])
    check_seats([2], [(3, "probe:plan")])
    with pytest.raises(ValueError, match="no seat 2"):
        train(CURSE, seed=1, generations=1, games=1, mix=[(2, "probe:plan")], seats=[2])


def test_one_seat_training_records_its_seats() -> None:
    document = train(
        REVENGE,
        seed=2,
        generations=1,
        games=2,
        popsize=2,
        mix=[(2, "medium-hand")],
        validation_games=2,
        seats=[1],
    )
    assert document["provenance"]["seats"] == [1]
    assert _tiny(3)["provenance"]["seats"] == "every seat in turn"
