"""Tutankhamun's ``expert``: each seat's reach in its value, the moves its rollout policy
weighs, and its choice in named positions."""

from __future__ import annotations

import itertools
import random

import pytest

from saqqara.ai.games import tutankhamun as tut_bots
from saqqara.ai.registry import make_bot
from saqqara.ai.rollout import RolloutBot
from saqqara.core.game import CHANCE
from saqqara.core.perspective import Perspective
from saqqara.core.registry import load
from saqqara.games.tutankhamun import actions as act
from saqqara.games.tutankhamun.data import NUM_TYPES
from saqqara.games.tutankhamun.state import EMPTY, MOVE, TutankhamunState
from tests.games.tutankhamun.support import give, new_game, play, slot_of


def _kind(state: TutankhamunState, slug: str) -> int:
    kind = state.edition.kind_from_slug(slug)
    assert kind is not None
    return kind


def _positions(seed: int, count: int) -> list[TutankhamunState]:
    """Decisions of a seeded game played by the rollout policy (a random move at times)."""
    game = load("tutankhamun", 2)
    rng = random.Random(seed)
    state = game.new_state()
    found: list[TutankhamunState] = []
    while not state.is_terminal() and len(found) < count:
        seat = state.to_act()[0]
        if seat == CHANCE:
            state.apply_unchecked(seat, state.sample_chance(rng))
            continue
        assert isinstance(state, TutankhamunState)
        if state.phase == MOVE:
            found.append(state.clone())
        legal = state.legal_actions(seat)
        move = (
            rng.choice(legal) if rng.random() < 0.3 else tut_bots.rollout_policy(state, seat, rng)
        )
        state.apply_unchecked(seat, move)
    return found


def test_tiles_ahead_counts_only_what_lies_before_each_pawn() -> None:
    state = new_game("amigo-1993", 2, ["throne", "selket", "throne", "dagger", "throne"])
    play(state, "take 1", "take 3")  # seat 0 on slot 1, seat 1 on slot 3
    ahead = tut_bots.tiles_ahead(state)
    throne, dagger = _kind(state, "throne"), _kind(state, "dagger")
    assert ahead[0][throne] == ahead[1][throne] + 1  # the throne on slot 2 is seat 0's alone
    assert ahead[1][dagger] == ahead[0][dagger]  # seat 1 took the dagger on slot 3
    for seat in (0, 1):
        tiles = [k for k in state.path[state.pawn[seat] + 1 :] if k != EMPTY]
        assert sum(ahead[seat]) == len(tiles)


def test_a_lead_beyond_the_rivals_reach_is_safe_and_a_dead_tie_scores_nothing() -> None:
    assert tut_bots.reach_chance(3, 0, 2, two_amigo=True) == 1.0
    assert tut_bots.reach_chance(-3, 2, 5, two_amigo=True) == 0.0
    assert tut_bots.reach_chance(0, 0, 0, two_amigo=True) == 0.0
    assert tut_bots.reach_chance(0, 0, 0, two_amigo=False) == 0.5
    assert 0.0 < tut_bots.reach_chance(1, 0, 4, two_amigo=True) < 1.0


def test_a_type_won_beyond_reach_is_worth_its_full_value() -> None:
    state = new_game("amigo-1993", 2)
    give(state, 0, "throne", 3)
    give(state, 1, "throne", 1)
    kind = _kind(state, "throne")
    for slot in [i for i, k in enumerate(state.path) if k == kind][1:]:
        state.path[slot] = EMPTY  # three of the four thrones left have left the path
        state.on_path[kind] -= 1
    assert state.on_path[kind] == 1  # the last one cannot save seat 1: 3 - 1 > 1
    values = tut_bots.sharp_estimates(state)
    without = state.clone()
    without.hold[0 * NUM_TYPES + kind] = 0
    without.hold[1 * NUM_TYPES + kind] = 0
    plain = tut_bots.sharp_estimates(without)
    assert values[0] - plain[0] == pytest.approx(8.0)  # sure of the sole first place
    assert values[1] - plain[1] == pytest.approx(0.0)  # no second place at two (Amigo)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_policy_moves_are_legal_and_keep_the_nearest_tile_of_each_kind(seed: int) -> None:
    for state in _positions(seed, 12):
        seat = state.active
        moves = tut_bots.policy_moves(state, seat)
        legal = state.legal_actions(seat)
        assert set(moves) <= set(legal) and len(set(moves)) == len(moves)
        assert act.EXIT in moves
        mine = state.pawn[seat]
        ahead = sorted(p for s, p in enumerate(state.pawn) if s != seat and p > mine)
        edges = [mine, *ahead, len(state.path)]  # the stretches between two pawns
        for lo, hi in itertools.pairwise(edges):
            nearest: dict[int, int] = {}
            for slot in range(lo + 1, min(hi, state.front) + 1):
                kind = state.path[slot]
                if kind != EMPTY:
                    nearest.setdefault(kind, slot)
            assert {act.TAKE[slot] for slot in nearest.values()} <= set(moves)


def test_policy_moves_keep_a_rearmost_jump_that_scores_by_removal() -> None:
    state = new_game("amigo-1993", 2, ["selket", "dagger", "dagger", "selket", "shabti"])
    play(state, "take 4")  # seat 0 ahead on slot 4; seat 1 is rearmost
    assert state.on_path[_kind(state, "dagger")] == 2  # both daggers lie on slots 1 and 2
    moves = tut_bots.policy_moves(state, 1)
    assert act.TAKE[2] in moves  # takes the last dagger: the first is removed, both scored
    assert act.TAKE[3] in moves  # the first tile past it: both daggers removed, scored
    assert act.TAKE[1] in moves and act.TAKE[0] in moves


def test_expert_takes_the_tile_that_wins_at_once() -> None:
    state = new_game("amigo-1993", 2, ["scarab-bracelet", "dagger", "selket", "throne"])
    give(state, 0, "throne", 7)  # the last throne is on slot 3
    state.score[0] = 8
    assert state.path[slot_of(state, "throne")] == _kind(state, "throne")
    bot = make_bot("expert:60", state.game)
    assert isinstance(bot, RolloutBot)
    choice = bot.choose(Perspective(state, 0), random.Random(1))
    assert choice == act.TAKE[slot_of(state, "throne")]
    after = state.clone()
    after.apply(0, choice)
    assert after.is_terminal() and after.outcome().winners == {0}


def test_plain_expert_keeps_to_a_second_from_the_greedy_bot() -> None:
    state = _positions(4, 1)[0]
    bot = make_bot("expert", state.game)
    assert isinstance(bot, RolloutBot) and bot.budget.seconds == 1.0
    assert bot.spec.base_agent is tut_bots.GreedyTutankhamun


def test_the_tiles_a_pawn_passes_go_to_the_pawn_behind() -> None:
    """Issue 31: the slow pawn takes every tile the other pawn jumps over. Jumping from
    the start to slot 5 leaves slots 0-4 to seat 1 alone, which the projection counts."""
    state = new_game("amigo-1993", 2, ["throne"] * 5 + ["dagger"])
    throne = _kind(state, "throne")
    jump, crawl = state.clone(), state.clone()
    play(jump, "take 5")
    play(crawl, "take 0")
    after_jump = tut_bots.projected_estimates(jump)
    after_crawl = tut_bots.projected_estimates(crawl)
    assert after_jump[1] > after_crawl[1] + 4.0  # five thrones in seat 1's reach alone
    assert tut_bots.projected_evaluate(crawl, 0) > tut_bots.projected_evaluate(jump, 0)
    assert crawl.holding(0, throne) == 1


def test_the_greedy_bot_crawls_rather_than_jumps_for_a_tile() -> None:
    state = new_game("ootb-2004", 2, ["green-death-mask"] * 5 + ["blue-cat"] * 2)
    bot = make_bot("medium", state.game)
    choice = bot.choose(Perspective(state, 0), random.Random(1))
    assert choice == act.TAKE[0]


def test_a_win_shared_by_walking_off_is_no_better_than_playing_on() -> None:
    """``probe:last`` walks off the path at once (Amigo); following it at once would share
    the win, which the greedy bot's value does not prefer to taking the whole path."""
    state = new_game("amigo-1993", 2)
    play(state, "exit")
    bot = make_bot("medium", state.game)
    assert bot.choose(Perspective(state, 1), random.Random(1)) != act.EXIT


@pytest.mark.parametrize(("edition", "players"), [("ootb-2004", 3), ("amigo-1993", 4)])
def test_expert_plays_every_edition_and_table_size_to_the_end(edition: str, players: int) -> None:
    game = load("tutankhamun", players, {"edition": edition})
    bot = make_bot("expert:3", game)
    rng = random.Random(7)
    state = game.new_state()
    while acting := state.to_act():
        seat = acting[0]
        if seat == CHANCE:
            state.apply(seat, state.sample_chance(rng))
            continue
        assert isinstance(state, TutankhamunState)
        if state.phase == MOVE:
            moves = tut_bots.policy_moves(state, seat)
            assert moves and set(moves) <= set(state.legal_actions(seat))
        state.apply(seat, bot.choose(Perspective(state, seat), rng))
    assert sum(state.returns()) == pytest.approx(1.0)


def _race_position() -> TutankhamunState:
    """Out of the Box, both seats three coins from the goal: seat 0 holds a green cat whose
    partner lies on slot 0, scored first; seat 1 holds seven blue death masks, the eighth
    far down the path."""
    state = new_game("ootb-2004", 2, ["green-cat"])
    give(state, 0, "green-cat", 1)
    give(state, 1, "blue-death-mask", 7)
    state.score[0] = state.score[1] = 3
    return state


def test_the_race_counts_the_types_in_the_order_they_are_scored() -> None:
    """Telling: a type scores when its last tile leaves the path; the first to pay the last
    coin wins (Einde van het spel). Seat 1's masks are worth more in all, but the cat is
    scored first, and it takes seat 0 to the goal."""
    state = _race_position()
    cat, mask = _kind(state, "green-cat"), _kind(state, "blue-death-mask")
    assert state.path[0] == cat and state.path.index(mask) > 40
    projected = tut_bots.projected_estimates(state)
    race = tut_bots.race_estimates(state)
    assert projected[1] > projected[0]  # every point still to come: the masks win
    assert race[0] == pytest.approx(0.0) and race[1] < 0.0  # seat 0 reaches the goal first
    assert race[0] - race[1] > 0.0 > tut_bots.projected_evaluate(state, 0)


def test_a_seat_at_the_goal_has_won_the_race_and_nobody_races_past_the_path() -> None:
    """The margins are the points outside the types (wildcards, special tiles to come) less
    the coins left, when a seat is already there or nothing is left to score."""
    state = _race_position()
    start = state.edition.start[2]
    state.score[0] = 0
    margins = [v - start for v in tut_bots.projected_estimates(state)]
    race = tut_bots.race_estimates(state)
    assert race[0] >= 0.0 and race[0] == pytest.approx(margins[0] - _types_worth(state, 0))
    for kind in range(len(state.on_path)):
        state.on_path[kind] = 0  # nothing left to score
    state.score[0] = 4
    margins = [v - start for v in tut_bots.projected_estimates(state)]
    assert tut_bots.race_estimates(state) == pytest.approx(margins)
    assert max(margins) < 0.0


def _types_worth(state: TutankhamunState, seat: int) -> float:
    """What :func:`projected_estimates` expects ``seat`` to score in the types still on
    the path."""
    bare = state.clone()
    bare.on_path = [0] * len(bare.on_path)
    return tut_bots.projected_estimates(state)[seat] - tut_bots.projected_estimates(bare)[seat]


def test_a_pawn_alone_behind_a_rival_with_nothing_ahead_takes_every_tile_in_the_race() -> None:
    """Ein Spielzug: only a pawn with tiles ahead moves. Once the rival's pawn has nothing
    ahead of it, the rearmost pawn is under no pressure and takes each tile it wants, so
    the race expects it to take all of them (the projection, ``medium``'s, keeps its
    share: a pawn alone takes most of what lies behind the next one). Both seats are put
    far from the goal, so that the race runs to the empty path and every share counts."""
    state = new_game("ootb-2004", 2)
    last = max(slot for slot, kind in enumerate(state.path) if kind != EMPTY)
    play(state, "take 0", f"take {last}")
    state.score[0] = state.score[1] = 200
    assert state.pawn[1] > state.front  # seat 1 has nothing ahead: only seat 0 moves
    every = tut_bots.Weights(take_alone=1.0)
    assert tut_bots.race_estimates(state) == pytest.approx(tut_bots.race_estimates(state, every))
    assert tut_bots.projected_estimates(state) != pytest.approx(
        tut_bots.projected_estimates(state, every)
    )
    moving = new_game("ootb-2004", 2)
    play(moving, "take 0", f"take {last - 3}")  # seat 1 can still move
    moving.score[0] = moving.score[1] = 200
    assert moving.pawn[1] < moving.front
    assert tut_bots.race_estimates(moving) != pytest.approx(tut_bots.race_estimates(moving, every))


def test_the_search_values_the_race_only_out_of_the_box_at_two_players() -> None:
    """``expert``'s evaluator: the mean of the race's and the projection's chances in the Out
    of the Box edition at two players (the first to pay the last coin wins, Einde van het
    spel); the projection in the Amigo edition and at larger tables."""
    race = _race_position()
    mean = 0.5 * (tut_bots.race_win_chance(race, 0) + tut_bots.projected_win_chance(race, 0))
    assert tut_bots.search_win_chance(race, 0) == pytest.approx(mean)
    assert tut_bots.race_win_chance(race, 0) > 0.5 > tut_bots.projected_win_chance(race, 0)
    for edition, players in (("amigo-1993", 2), ("ootb-2004", 3)):
        state = new_game(edition, players)
        play(state, "take 0", "take 5")
        state.score = [3] * players  # near the goal: the race and the projection part
        assert tut_bots.race_win_chance(state, 1) != tut_bots.projected_win_chance(state, 1)
        assert tut_bots.search_win_chance(state, 1) == tut_bots.projected_win_chance(state, 1)
