"""Curse of the Mummy's public record (``trail``): every step as the mummy's side of the
table sees it, nothing it may not see, shared by clones and left out of snapshots."""

from __future__ import annotations

import random

import pytest

from saqqara.ai.registry import make_bot
from saqqara.core.game import CHANCE
from saqqara.core.match import Match
from saqqara.core.playout import play_out
from saqqara.core.registry import load
from saqqara.core.snapshot import state_from_json, state_to_json
from saqqara.games.curse_of_the_mummy import actions as act
from saqqara.games.curse_of_the_mummy.state import MummyState
from saqqara.games.curse_of_the_mummy.trail import first, since, walk


def _played(seed: int, players: int = 2) -> Match:
    game = load("curse-of-the-mummy", players)
    match = Match(game, seed=seed)
    play_out(match, [make_bot("medium", game) for _ in range(players)])
    return match


def _state(match: Match) -> MummyState:
    state = match.snapshot()
    assert isinstance(state, MummyState)
    return state


@pytest.mark.parametrize("players", [2, 3])
def test_the_record_keeps_every_step_but_the_deal_and_hides_a_move_without_a_card(
    players: int,
) -> None:
    match = _played(4, players)
    nodes = list(walk(_state(match).trail))
    steps = [s for s in match.history if not isinstance(s.action, act.Deal)]
    assert len(nodes) == len(steps) and len(steps) < len(match.history)
    quiet = 0
    for step, node in zip(steps, nodes, strict=True):
        assert node.seat == step.seat
        if isinstance(step.action, act.Go) and not step.action.play:
            assert node.action is None  # where the figure went stays hidden
            quiet += 1
        else:
            assert node.action == step.action
        catches = [e.data["figure"] for e in step.events if e.kind == "catch"]
        assert node.caught == (catches[0] if catches else -1)
    assert quiet > 0
    assert [n.length for n in nodes] == list(range(1, len(nodes) + 1))
    assert all(n.start is None for n in nodes[1:])


@pytest.mark.parametrize("players", [2, 3])
def test_the_records_first_position_holds_no_secret(players: int) -> None:
    """The position kept before the first step is the mummy's draw: figures on the start,
    the cards redrawn by colour. Two deals of different hands keep the same one."""
    starts = []
    deals = []
    for seed in (1, 2):
        match = _played(seed, players)
        root = first(_state(match).trail)
        assert root is not None and isinstance(root.start, MummyState)
        start = root.start
        assert start.trail is None
        assert start.pos == [start.board.start] * (2 if players == 2 else players - 1)
        each = 2 if players == 2 else 1
        for seat in range(1, players):
            assert start.hand_colours(seat) == [each] * len(start.board.colours)
        starts.append(start.card_owner)
        deals.append([s.action for s in match.history if isinstance(s.action, act.Deal)])
    assert deals[0] != deals[1]
    assert starts[0] == starts[1]


def test_clones_share_the_record_and_unchecked_steps_add_nothing() -> None:
    match = _played(6)
    state = _state(match)
    game = state.game
    fresh = game.new_state()
    rng = random.Random(0)
    for _ in range(40):  # deal, then the first turns, through apply (the record grows)
        seat = fresh.to_act()[0]
        action = fresh.sample_chance(rng) if seat == CHANCE else fresh.legal_actions(seat)[0]
        fresh.apply(seat, action)
    assert isinstance(fresh, MummyState)
    record = fresh.trail
    assert record is not None
    twin = fresh.clone()
    assert twin.trail is record
    for _ in range(20):  # a search's steps
        seat = twin.to_act()[0]
        action = twin.sample_chance(rng) if seat == CHANCE else twin.legal_actions(seat)[-1]
        twin.apply_unchecked(seat, action)
    assert twin.trail is record and fresh.trail is record
    seat = twin.to_act()[0]
    action = twin.sample_chance(rng) if seat == CHANCE else twin.legal_actions(seat)[0]
    twin.apply(seat, action)
    assert twin.trail is not None and twin.trail.previous is record
    assert since(twin.trail, record) == [twin.trail]
    assert since(record, twin.trail) is None  # not in that chain
    assert fresh.trail is record


def test_a_snapshot_leaves_the_record_out_and_the_restored_state_begins_one() -> None:
    match = _played(3)
    state = _state(match)
    assert state.trail is not None
    data = state_to_json(state)
    assert not any("trail" in name for name in data["fields"])
    game = state.game
    # a position in the middle of a game, restored and played on
    again = Match(game, seed=3)
    for _ in range(60):
        seat = again.to_act()[0]
        if seat == CHANCE:
            again.advance_chance()
        else:
            again.submit(seat, again.legal_actions(seat)[0])
    restored = state_from_json(game, state_to_json(again.snapshot()))
    assert isinstance(restored, MummyState) and first(restored.trail) is None
    seat = restored.to_act()[0]
    action = (
        restored.sample_chance(random.Random(0))
        if seat == CHANCE
        else restored.legal_actions(seat)[0]
    )
    restored.apply(seat, action)
    root = restored.trail
    assert root is not None and root.length == 1 and isinstance(root.start, MummyState)
    before = again.snapshot()
    assert isinstance(before, MummyState)
    assert root.start.belief == before.belief  # the position it began at
    assert root.start.mummy == before.mummy and root.start.round == before.round
