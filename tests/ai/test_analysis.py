"""The analysis API: the strong bot's estimates at a position of each game, a whole record
reviewed, fixed by its seed, and fair play: it reads only what the deciding seat could see."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from saqqara.ai.analysis import (
    MoveAnalysis,
    PositionAnalysis,
    Thresholds,
    analyse_position,
    analyse_record,
    analysed_decisions,
)
from saqqara.ai.games import tutankhamuns_revenge as revenge_bots
from saqqara.ai.registry import make_bot
from saqqara.core.errors import RecordError
from saqqara.core.game import CHANCE, State
from saqqara.core.perspective import Perspective
from saqqara.core.playout import play_game
from saqqara.core.records import Record
from saqqara.core.registry import load, registered_games
from saqqara.games.tutankhamuns_revenge import actions as revenge_actions
from saqqara.games.tutankhamuns_revenge.data import CELLS
from saqqara.games.tutankhamuns_revenge.state import LAYING, RevengeState

GAMES = sorted(registered_games())
BUDGET = 12


def _decisions(game_id: str, players: int, seed: int) -> Iterator[tuple[State, int]]:
    """Each decision with a choice (two legal moves or more) of a game the heuristic plays,
    as (state, seat); the caller may not change the state."""
    game = load(game_id, players)
    bot = make_bot("heuristic", game)
    rng = random.Random(seed)
    state = game.new_state()
    while acting := state.to_act():
        seat = acting[0]
        if seat == CHANCE:
            state.apply(seat, state.sample_chance(rng))
            continue
        if len(state.legal_actions(seat)) > 1:
            yield state, seat
        state.apply(seat, bot.choose(Perspective(state, seat), rng))


def _nth_decision(game_id: str, n: int, players: int = 3, seed: int = 5) -> tuple[State, int]:
    for k, (state, seat) in enumerate(_decisions(game_id, players, seed)):
        if k == n:
            return state.clone(), seat
    raise AssertionError("the game ended first")


@pytest.mark.parametrize("game_id", GAMES)
def test_a_position_of_each_game_gets_the_strong_bots_estimates(game_id: str) -> None:
    state, seat = _nth_decision(game_id, 3)
    game = state.game
    legal = state.legal_actions(seat)
    played = legal[-1]
    result = analyse_position(Perspective(state, seat), BUDGET, seed=1, played=played)
    texts = [game.action_text(a) for a in legal]
    assert result.seat == seat and result.legal == len(legal) and result.searched
    assert result.best in texts
    assert {v.action for v in result.values} <= set(texts)
    assert all(0.0 <= v.value <= 1.0 for v in result.values)
    estimates = [v.value for v in result.values]
    assert estimates == sorted(estimates, reverse=True)
    after = result.value_of(game.action_text(played))
    assert after is not None and result.value == result.value_of(result.best)
    worlds = {v.action: v.worlds for v in result.values}
    # the best move and the move played are measured on the same worlds, all of them
    assert worlds[result.best] == worlds[game.action_text(played)] == result.worlds
    assert result.rollouts >= min(BUDGET, len(result.values))
    json.dumps(result.to_json())


@pytest.mark.parametrize("game_id", GAMES)
def test_the_analysis_sees_only_what_the_seat_could_see(game_id: str) -> None:
    """Fair play, as the bots are held to it: true states the deciding seat cannot tell
    apart (drawn by its own ``resample``) get the same analysis for the same seed, while
    the true states themselves differ (the test has something to hide)."""
    differed = 0
    for n in (1, 4, 9):
        state, seat = _nth_decision(game_id, n)
        answers = set()
        truths = set()
        for k in range(3):
            truth = state if k == 0 else state.resample(seat, random.Random(100 + k))
            truths.add(json.dumps(truth.to_json(), sort_keys=True))
            assert truth.view(seat) == state.view(seat)
            result = analyse_position(Perspective(truth, seat), BUDGET, seed=7)
            answers.add(json.dumps(result.to_json()))
        assert len(answers) == 1, f"{game_id}: decision {n} of seat {seat} peeks"
        differed += len(truths) > 1
    if game_id != "tutankhamun":  # whose tiles lie face up: nothing is hidden
        assert differed, f"{game_id}: no position with anything hidden was compared"


def test_a_single_legal_move_is_not_searched() -> None:
    game = load("curse-of-the-mummy", 2)
    state = game.new_state()
    rng = random.Random(3)
    while (seat := state.to_act()[0]) == CHANCE or len(state.legal_actions(seat)) > 1:
        if seat == CHANCE:
            state.apply(seat, state.sample_chance(rng))
        else:
            state.apply(seat, state.legal_actions(seat)[0])
    only = state.legal_actions(seat)[0]
    result = analyse_position(Perspective(state, seat), BUDGET, played=only)
    assert result == PositionAnalysis(seat, 1, game.action_text(only))
    assert not result.searched and result.value is None


def test_a_move_that_is_not_legal_is_refused() -> None:
    state, seat = _nth_decision("tutankhamun", 0)
    legal = state.legal_actions(seat)
    outside = next(
        a
        for a in (state.game.action_from_id(i) for i in range(state.game.num_distinct_actions))
        if a not in legal
    )
    with pytest.raises(ValueError, match="not a legal move"):
        analyse_position(Perspective(state, seat), BUDGET, played=outside)


def _record(game_id: str, players: int = 2, seed: int = 2) -> Record:
    game = load(game_id, players)
    bots = [make_bot("heuristic", game), make_bot("random", game)] + [
        make_bot("heuristic", game) for _ in range(players - 2)
    ]
    return play_game(game, bots, seed=seed).record


def test_a_record_is_reviewed_decision_by_decision_and_fixed_by_its_seed() -> None:
    record = _record("tutankhamun")
    told: list[tuple[int, int]] = []
    first = analyse_record(record, budget=BUDGET, seed=4, progress=lambda d, t: told.append((d, t)))
    again = analyse_record(record, budget=BUDGET, seed=4)
    assert first.to_json() == again.to_json()
    decisions = [i for i, a in enumerate(record.actions) if a.seat != CHANCE]
    assert [m.index for m in first.moves] == decisions
    assert [m.move for m in first.moves] == list(range(1, len(decisions) + 1))
    total = analysed_decisions(record)
    assert told == [(d, total) for d in range(1, total + 1)] and total == len(decisions)
    for m in first.moves:
        assert m.played == record.actions[m.index].action
        assert m.name == record.seats[m.seat]
        if m.position.searched:
            assert m.before is not None and m.after is not None and m.loss is not None
            assert m.loss == max(0.0, m.before - m.after)
            assert m.flag == first.thresholds.flag(m.loss)
        if m.played == m.best:
            assert m.loss in (0.0, None)
    # one seat's review is the same as that seat's part of the whole review
    second = analyse_record(record, budget=BUDGET, seed=4, seats=[1])
    assert [m.to_json() for m in second.moves] == [m.to_json() for m in first.moves if m.seat == 1]
    data = first.to_json()
    assert data["format"] == "saqqara-analysis" and data["budget"] == BUDGET
    assert [s["decisions"] for s in data["summary"]] == [
        sum(m.seat == seat for m in first.moves) for seat in range(2)
    ]
    json.dumps(data)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_whole_record_of_each_game_can_be_reviewed(game_id: str) -> None:
    """A game the random bot plays one seat of: the search must cope with moves it would
    never make (Revenge: a layer laid unlike any designed layout)."""
    record = _record(game_id, seed=1)
    result = analyse_record(record, budget=4, seed=0, seats=[1])
    assert result.moves and all(m.seat == 1 for m in result.moves)
    assert sum(m.flag is not None for m in result.moves) == len(result.flagged())


def test_thresholds_flag_inaccuracies_and_mistakes() -> None:
    limits = Thresholds()
    assert limits.inaccuracy == 0.10 and limits.mistake == 0.20
    assert [limits.flag(x) for x in (None, 0.0, 0.099, 0.1, 0.19, 0.2, 1.0)] == [
        None,
        None,
        None,
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
    ]
    assert Thresholds.from_mistake(0.3) == Thresholds(0.15, 0.3)
    for bad in (0.0, -1.0, 1.5, float("nan")):
        with pytest.raises(ValueError, match="a threshold is a loss"):
            Thresholds.from_mistake(bad)
    with pytest.raises(ValueError, match="inaccuracy <= mistake"):
        Thresholds(0.3, 0.2)


def test_bad_arguments_are_refused() -> None:
    record = _record("tutankhamun")
    with pytest.raises(ValueError, match="at least one rollout"):
        analyse_record(record, budget=0)
    with pytest.raises(ValueError, match="no seat 3"):
        analyse_record(record, budget=BUDGET, seats=[2])
    data = record.to_json()
    data["actions"][3]["action"] = "take 999"
    with pytest.raises(RecordError):
        analyse_record(Record.from_json(data), budget=BUDGET)


def test_revenge_lays_at_random_where_no_designed_layout_continues() -> None:
    """A person may lay a layer in a way no designed layout continues: the tactical policy
    (the strong bot's rollouts and base move) then fills the rest at random."""
    game = load("tutankhamuns-revenge", 2)
    rng = random.Random(0)
    for _ in range(200):
        state = game.new_state()
        assert isinstance(state, RevengeState)
        while state.phase == LAYING and state.to_act() and state.to_act()[0] != CHANCE:
            seat = state.to_act()[0]
            lays = [a for a in state.legal_actions(seat) if a != revenge_actions.RANDOM]
            prefix = state.layouts[state.layer * CELLS : state.layer * CELLS + state.laid]
            try:
                revenge_bots.designed_layout(state.layer, list(prefix), random.Random(1))
            except ValueError:
                assert revenge_bots.layout_choice(state, seat, rng) == revenge_actions.RANDOM
                return
            state.apply(seat, rng.choice(lays))
    raise AssertionError("every random prefix continued")


def test_move_analysis_is_json() -> None:
    record = _record("valley-of-the-kings")
    result = analyse_record(record, budget=4, seats=[0])
    move: MoveAnalysis = result.moves[0]
    data = move.to_json()
    assert set(data) == {
        "index",
        "move",
        "seat",
        "name",
        "played",
        "best",
        "before",
        "after",
        "loss",
        "flag",
        "legal",
        "rollouts",
        "worlds",
        "values",
    }
