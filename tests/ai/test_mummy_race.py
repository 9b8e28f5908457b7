"""Curse of the Mummy's racing explorer (``medium``'s explorer at one figure a seat): its
turn tables, its rerolls, and the race against ``probe:plan`` that the hand-written
explorer lost at 3 players (issue 31)."""

from __future__ import annotations

from saqqara.ai.arena import run_arena
from saqqara.ai.games.curse_of_the_mummy import distances
from saqqara.ai.games.curse_of_the_mummy_race import reroll_value, tour, turns_to
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
