"""Curse of the Mummy's racing explorer (``medium``'s explorer): its turn tables, its
rerolls, the two figures' shares of the symbols at 2 players, and the races against
``probe:plan`` that the hand-written explorer lost (issue 31)."""

from __future__ import annotations

import itertools

from saqqara.ai.arena import run_arena
from saqqara.ai.games.curse_of_the_mummy import distances
from saqqara.ai.games.curse_of_the_mummy_race import (
    pair_tour,
    plans,
    reroll_value,
    tour,
    turns_to,
)
from saqqara.ai.registry import make_bot
from saqqara.core.registry import load
from saqqara.games.curse_of_the_mummy.game import CurseOfTheMummy

CURSE = "curse-of-the-mummy"


def test_turns_grow_with_the_distance_and_are_zero_on_the_target() -> None:
    game = load(CURSE, 3)
    assert isinstance(game, CurseOfTheMummy)
    board = game.board
    target = board.symbols[0].field
    turns = turns_to(board, target)
    steps = distances(board)[target]
    assert turns[target] == 0.0
    near = [turns[f] for f in range(board.fields) if steps[f] == 1]
    far = [turns[f] for f in range(board.fields) if 9 <= steps[f] < 99]
    assert near and far
    assert 0.9 < max(near) < 2.0  # one step: a 1 or an arrow in five dice, most turns
    assert min(far) > max(near) + 1.0  # nine steps and more: more than two turns


def test_a_tour_is_no_shorter_than_its_longest_leg_and_no_longer_than_nearest_first() -> None:
    game = load(CURSE, 3)
    assert isinstance(game, CurseOfTheMummy)
    board = game.board
    targets = frozenset(board.symbols[s].field for s in (0, 6, 12))
    start = board.start
    best = tour(board, start, targets)
    assert best >= max(turns_to(board, t)[start] for t in targets)
    here, greedy, left = start, 0.0, set(targets)
    while left:
        nxt = min(left, key=lambda t: turns_to(board, t)[here])
        greedy += turns_to(board, nxt)[here]
        here = nxt
        left.remove(nxt)
    assert best <= greedy + 1e-9
    assert tour(board, start, frozenset()) == 0.0


def test_a_reroll_is_worth_less_than_a_lost_turn_and_more_than_the_best_value() -> None:
    options = [3.0, 5.0, float("inf"), 8.0, 4.0]
    stay = 9.0
    worth = reroll_value(options, 5, stay)
    assert min(options) < worth < stay
    assert reroll_value(options, 1, stay) > worth  # one die is worth less than five
    # nothing to move: only the turn lost, and the mummy faces set aside on the way
    assert reroll_value([float("inf")] * 5, 3, stay) >= stay


def test_medium_hand_keeps_the_hand_written_explorer_at_three_players() -> None:
    game = load(CURSE, 3)
    assert make_bot("medium-hand", game).name == "medium-hand"
    assert type(make_bot("heuristic", game).explorer).__name__ == "RaceExplorer"  # type: ignore[attr-defined]


def test_medium_beats_the_rushing_plan_at_three_players() -> None:
    """Issue 31: ``probe:plan`` (two seats) had held ``medium`` to 0.485 at 3 players,
    mostly by winning the race as an explorer. Seeded games, seats rotating."""
    games = 24
    new = run_arena(CURSE, 3, {}, ["medium", "probe:plan", "probe:plan"], games, 0, workers=1)
    old = run_arena(CURSE, 3, {}, ["medium-hand", "probe:plan", "probe:plan"], games, 0, workers=1)
    share = {s.name: s.mean for s in new.scores()}["medium"]
    before = {s.name: s.mean for s in old.scores()}["medium-hand"]
    assert share >= 0.6, (share, before)
    assert share > before, (share, before)


def test_two_figures_share_the_symbols_no_worse_than_one_alone() -> None:
    game = load(CURSE, 2)
    assert isinstance(game, CurseOfTheMummy)
    board = game.board
    targets = frozenset(board.symbols[s].field for s in (0, 3, 6, 9, 12, 15, 18))
    first, second = board.symbols[1].field, board.symbols[20].field
    shares = plans(board, first, second, targets)
    both = pair_tour(board, first, second, targets, shares)
    assert both <= tour(board, first, targets) + 1e-9  # all to the first figure
    assert both <= tour(board, second, targets) + 1e-9  # all to the second
    # each symbol must be reached by one of them
    assert both >= max(min(turns_to(board, t)[first], turns_to(board, t)[second]) for t in targets)
    # the plans hold the best of every share (7 symbols: 128 of them)
    every = min(
        pair_tour(board, first, second, targets, (frozenset(mine),))
        for size in range(len(targets) + 1)
        for mine in itertools.combinations(sorted(targets), size)
    )
    assert both == every
    # a symbol laid leaves a shorter race, never a longer one
    laid = next(iter(targets))
    assert pair_tour(board, first, second, targets - {laid}, shares) <= both + 1e-9


def test_two_figures_go_beside_a_mummy_that_never_moves() -> None:
    """A mummy that never leaves the dungeon (``probe:last``) kept the two-figure explorer
    off the symbols beside it until the round limit; a catch's risk fades as the rounds
    run out, and every game ends with the explorer's win."""
    result = run_arena(CURSE, 2, {}, ["medium", "probe:last"], 8, 0, workers=1)
    assert {s.name: s.mean for s in result.scores()}["medium"] == 1.0


def test_medium_beats_the_rushing_plan_at_two_players() -> None:
    """Issue 31: ``probe:plan``'s mummy (it walks to the nearest field a figure may be on)
    beat the hand-written two-figure explorer in a quarter of its games."""
    games = 40
    new = run_arena(CURSE, 2, {}, ["medium", "probe:plan"], games, 0, workers=1)
    old = run_arena(CURSE, 2, {}, ["medium-hand", "probe:plan"], games, 0, workers=1)
    share = {s.name: s.mean for s in new.scores()}["medium"]
    before = {s.name: s.mean for s in old.scores()}["medium-hand"]
    assert share >= 0.85, (share, before)
    assert share >= before, (share, before)
