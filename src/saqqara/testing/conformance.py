"""The conformance kit: checks every game must pass, for every option set and player count.

Each ``check_*`` function plays seeded random games and raises ``AssertionError`` with a
message naming the step at fault. ``tests/conformance`` runs them over the registry; a new
game gets them for free by registering.

What is checked (the contract in docs/architecture.md, OpenSpiel's random-simulation test,
PettingZoo's api and seed tests): playouts reach the end; legal actions are unique, by id;
the id lists (``legal_action_ids``, ``chance_outcome_ids``) are the action lists' ids;
the checked apply agrees with the legal list; notation and integer ids round-trip; clones
are independent; a seed fixes the game; records replay to the same state; views are JSON;
nothing a seat receives changes when what it may not know is resampled; views, events and
board data follow the game's exported JSON Schema; and snapshots read back to the same
position.
"""

from __future__ import annotations

import functools
import json
import math
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from saqqara.core.actions import Action
from saqqara.core.errors import IllegalAction
from saqqara.core.events import JSON, Event, events_for
from saqqara.core.game import CHANCE, Game, State
from saqqara.core.records import Record, record_of, replay
from saqqara.core.schema import PARTS, Part, part_schema, validator
from saqqara.core.view import ViewContract, to_act_json

MAX_STEPS = 50_000


@dataclass(slots=True)
class Step:
    """One step of a random playout: the state before it, who acted, and what."""

    state: State
    seat: int
    action: Action


def random_action(state: State, rng: random.Random) -> tuple[int, Action]:
    """A random next step: a chance draw, or a uniform legal action of the first seat to act."""
    acting = state.to_act()
    if acting == (CHANCE,):
        return CHANCE, state.sample_chance(rng)
    seat = acting[0]
    return seat, rng.choice(state.legal_actions(seat))


def random_playout(game: Game, seed: int, keep_states: bool = False) -> Iterator[Step]:
    """Yield the steps of one random game (states are clones when ``keep_states``)."""
    rng = random.Random(seed)
    state = game.new_state()
    for _ in range(MAX_STEPS):
        if state.is_terminal():
            return
        seat, action = random_action(state, rng)
        yield Step(state.clone() if keep_states else state, seat, action)
        state.apply(seat, action)
    raise AssertionError(f"{game}: seed {seed} did not end within {MAX_STEPS} steps")


def _ids(game: Game, actions: list[Action]) -> list[int]:
    return [game.action_id(a) for a in actions]


def check_step_invariants(game: Game, state: State) -> None:
    """The contract at one position: who acts, legal lists, chance, notation, ids, views."""
    acting = state.to_act()
    assert len(set(acting)) == len(acting), f"to_act repeats a seat: {acting}"
    json.dumps(state.view(None))
    for seat in range(game.players):
        json.dumps(state.view(seat))
        legal = state.legal_actions(seat)
        if seat not in acting:
            assert not legal, f"seat {seat} is not to act but has legal actions"
            continue
        assert legal, f"seat {seat} must act but has no legal action"
        ids = _ids(game, legal)
        assert ids == sorted(set(ids)), f"legal actions of seat {seat} not unique/ordered: {ids}"
        for action, action_id in zip(legal, ids, strict=True):
            assert 0 <= action_id < game.num_distinct_actions
            assert game.action_from_id(action_id) == action, f"id round-trip of {action!r}"
            text = game.action_text(action)
            assert game.parse_action(text) == action, f"notation round-trip of {text!r}"
        _check_refusals(game, state, seat, set(ids))
    _check_id_lists(game, state)
    if acting == (CHANCE,):
        outcomes = state.chance_outcomes()
        assert outcomes, "a chance node without outcomes"
        ids = _ids(game, [a for a, _ in outcomes])
        assert ids == sorted(set(ids)), "chance outcomes not unique and ordered"
        total = sum(p for _, p in outcomes)
        assert math.isclose(total, 1.0, abs_tol=1e-9), f"chance probabilities sum to {total}"
        assert all(p > 0 for _, p in outcomes), "a chance outcome with probability 0"
        for action, _ in outcomes:
            assert game.parse_action(game.action_text(action)) == action
        sampled = state.sample_chance(random.Random(len(outcomes)))
        assert sampled in {a for a, _ in outcomes}, f"sampled {sampled!r} is not an outcome"
    elif acting:
        assert not state.chance_outcomes(), "chance outcomes at a decision node"
        for seat in range(game.players):
            if seat not in acting:
                _expect_refusal(state, seat, state.legal_actions(acting[0])[0])


def _check_id_lists(game: Game, state: State) -> None:
    """The id lists (what the OpenSpiel face asks for) equal the action lists mapped one
    by one through ``game.action_id``, for every seat and at chance: a game's own faster
    way of building them changes nothing."""
    listed: list[int] = []
    for seat in range(game.players):
        expected = _ids(game, state.legal_actions(seat))
        got = state.legal_action_ids(seat)
        assert got == expected, f"legal_action_ids({seat}) {got} != ids of legal_actions"
        listed += got
    pairs = [(game.action_id(a), p) for a, p in state.chance_outcomes()]
    got_pairs = state.chance_outcome_ids()
    assert got_pairs == pairs, f"chance_outcome_ids {got_pairs} != ids of chance_outcomes"
    listed += [i for i, _ in got_pairs]
    # Exactly equal (the probabilities are the same floats), and every id a plain int.
    assert all(type(i) is int for i in listed), "an id that is not an int"


def _check_refusals(game: Game, state: State, seat: int, legal_ids: set[int]) -> None:
    """A few actions outside the legal list must be refused, leaving the state unchanged."""
    before = json.dumps(state.view(None), sort_keys=True)
    step = max(1, game.num_distinct_actions // 7)
    for action_id in range(0, game.num_distinct_actions, step):
        if action_id not in legal_ids:
            _expect_refusal(state, seat, game.action_from_id(action_id))
    after = json.dumps(state.view(None), sort_keys=True)
    assert after == before, "a refused action changed the state"


def _expect_refusal(state: State, seat: int, action: Action) -> None:
    try:
        state.check(seat, action)
    except IllegalAction as exc:
        assert exc.code
        assert exc.message
        return
    raise AssertionError(f"seat {seat} was allowed {action!r}, which is not in its legal list")


def check_playouts(game: Game, seeds: range) -> None:
    """Random games end, keep the contract at every step, and end with a sound outcome."""
    for seed in seeds:
        state: State | None = None
        for step in random_playout(game, seed):
            check_step_invariants(game, step.state)
            state = step.state
        assert state is not None
        assert state.is_terminal()
        check_step_invariants(game, state)
        outcome = state.outcome()
        assert len(outcome.ranks) == game.players == len(outcome.scores)
        assert outcome.winners, "a finished game without a winner"
        assert math.isclose(sum(state.returns()), 1.0)
        assert not any(state.legal_actions(s) for s in range(game.players))


def check_tensors(game: Game, seeds: range) -> None:
    """A declared tensor layout: every seat's tensor has the declared size and finite values,
    and no game runs longer than the declared bound."""
    encoder = game.tensor_encoder()
    assert encoder is not None, f"{game.spec.id} declares no tensor encoder"
    for seed in seeds:
        length = 0
        for step in random_playout(game, seed):
            length += 1
            for seat in range(game.players):
                tensor = encoder.encode(step.state.view(seat), seat)
                assert len(tensor) == encoder.size, f"tensor of {len(tensor)}, not {encoder.size}"
                assert all(math.isfinite(v) for v in tensor), "a tensor value is not finite"
        assert length <= encoder.max_game_length, f"{length} steps > {encoder.max_game_length}"


def _every_view(state: State) -> str:
    """The spectator's view and every seat's, as one JSON text."""
    views = [state.view(None), *(state.view(seat) for seat in range(state.game.players))]
    return json.dumps(views, sort_keys=True)


def check_clone_independence(game: Game, seed: int) -> None:
    """Playing on a clone never changes the original, and vice versa: what every seat and
    the spectator see of the original stays the same (hidden parts included)."""
    rng = random.Random(seed)
    for step in random_playout(game, seed, keep_states=True):
        if rng.random() > 0.2:
            continue
        original = step.state
        snapshot = _every_view(original)
        copy = original.clone()
        assert _every_view(copy) == snapshot, "clone differs"
        for _ in range(20):
            if copy.is_terminal():
                break
            copy.apply(*random_action(copy, rng))
        assert _every_view(original) == snapshot, "clone shares state"


def _play_record(game: Game, seed: int) -> tuple[State, Record]:
    history: list[tuple[int, str]] = []
    state = game.new_state()
    for step in random_playout(game, seed):
        history.append((step.seat, game.action_text(step.action)))
        state = step.state  # the live state: after the loop it has every action applied
    return state, record_of(game, history)


def check_determinism_and_records(game: Game, seed: int) -> None:
    """A seed fixes the game; its record survives JSON and replays to the same state."""
    final_a, record_a = _play_record(game, seed)
    _final_b, record_b = _play_record(game, seed)
    assert record_a == record_b, "the same seed gave different games"
    again = Record.loads(record_a.dumps())
    assert again == record_a, "record changed through JSON"
    replayed = replay(again).state
    assert replayed.view(None) == final_a.view(None), "replay ended elsewhere"
    assert replayed.outcome() == final_a.outcome()


def check_secrecy(game: Game, seed: int, samples: int = 3) -> None:
    """Resampling what a seat may not know changes nothing it receives (hidden information).

    At random positions, for every seat: a resampled state must give the same view and
    legal actions; the next action, applied to both, must give the seat the same events and
    the same view after; and a refused action must be refused with the same message.
    """
    rng = random.Random(seed)
    for step in random_playout(game, seed, keep_states=True):
        if rng.random() > 0.15:
            continue
        state = step.state
        for seat in range(game.players):
            for _ in range(samples):
                world = state.resample(seat, rng)
                _same_for_seat(game, state, world, seat, step)


def check_open_views(game: Game, seed: int) -> None:
    """A position that hides nothing shows every seat what a spectator sees.

    At every position of a random game where :meth:`State.views_open` holds (all of them in
    a game without hidden information), each seat's view is the spectator's with only the
    envelope's ``seat`` changed, key for key in the same order (the server builds such a
    position's view once: :meth:`saqqara.server.updates.Shared.view_for`); and a game
    without hidden information says so at every position."""
    for step in random_playout(game, seed, keep_states=True):
        state = step.state
        if not game.spec.hidden_information:
            assert state.views_open(), f"a game that hides nothing is closed before {step.action}"
        if not state.views_open():
            continue
        spectator = state.view(None)
        for seat in range(game.players):
            view = state.view(seat)
            differs = f"seat {seat}'s view is not the spectator's before {step.action}"
            assert view == {**spectator, "seat": seat}, differs
            assert list(view) == list(spectator), "a seat's view has its keys in another order"


def _until_reveal(events: list[Event], seat: int) -> list[Event]:
    """The events ``seat`` sees, up to (not including) the first that reveals something.

    A reveal (face-down bids turned over, sealed orders shown) legitimately differs between
    the true state and a resampled one; everything the seat saw before it must not.
    """
    seen = []
    for event in events:
        if event.visible_to(seat):
            if event.reveal:
                break
            seen.append(event)
    return seen


def _same_for_seat(game: Game, state: State, world: State, seat: int, step: Step) -> None:
    where = f"{game}, seat {seat}"
    assert world is not state, f"{where}: resample returned the state itself"
    assert world.view(seat) == state.view(seat), f"{where}: view differs after resample"
    assert world.to_act() == state.to_act(), f"{where}: to_act differs after resample"
    assert world.legal_actions(seat) == state.legal_actions(seat), f"{where}: legal differs"
    actual = state.clone()
    events = actual.apply(step.seat, step.action)
    if step.seat == seat or (step.seat != CHANCE and step.action in world.legal_actions(step.seat)):
        if step.seat == CHANCE:
            return
        after = world.clone()
        world_events = after.apply(step.seat, step.action)
        seen, world_seen = _until_reveal(events, seat), _until_reveal(world_events, seat)
        assert events_for(world_seen, seat) == events_for(seen, seat), f"{where}: events differ"
        if len(seen) == len(events_for(events, seat)):  # nothing was revealed to the seat
            assert after.view(seat) == actual.view(seat), f"{where}: view after the action differs"
    refused = next(
        (
            game.action_from_id(i)
            for i in range(game.num_distinct_actions)
            if game.action_from_id(i) not in state.legal_actions(seat)
        ),
        None,
    )
    if refused is not None:
        messages = []
        for candidate in (state, world):
            try:
                candidate.check(seat, refused)
            except IllegalAction as exc:
                messages.append(exc.to_json())
        assert len(set(map(json.dumps, messages))) <= 1, f"{where}: refusal differs"


@functools.cache
def _validators(game_id: str, contract: ViewContract) -> dict[Part, Callable[[Any], None]]:
    return {part: validator(part_schema(game_id, contract, part)) for part in PARTS}


def _negative_numbers(value: JSON, where: str = "") -> Iterator[str]:
    if isinstance(value, bool):
        return
    if isinstance(value, int | float) and value < 0:
        yield f"{where or '(root)'} = {value}"
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _negative_numbers(item, f"{where}/{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _negative_numbers(item, f"{where}/{index}")


def check_views_follow_schema(game: Game, seed: int, share: float = 0.05) -> None:
    """docs/views.md: every event, and the views of every seat and the spectator at a
    ``share`` of the steps (and at the end), follow the game's exported JSON Schema, carry
    the envelope, and hold no negative number (no magic markers such as -1 for "none").
    The board data follows its schema too. Needs ``jsonschema`` (the dev extra)."""
    check = _validators(game.spec.id, game.view_contract())
    check["board"](json.loads(json.dumps(game.board_data())))
    rng = random.Random(seed)
    state: State | None = None

    def views(state: State) -> None:
        for seat in (None, *range(game.players)):
            view = json.loads(json.dumps(state.view(seat)))
            check["view"](view)
            assert view["seat"] == seat and view["game"] == game.spec.id
            assert view["to_act"] == to_act_json(state.to_act())
            odd = list(_negative_numbers(view))
            assert not odd, f"{game}: a view of seat {seat} holds negative numbers: {odd[:3]}"

    for step in random_playout(game, seed):
        state = step.state
        if rng.random() < share:
            views(state)
        for event in state.clone().apply(step.seat, step.action):
            check["event"](json.loads(json.dumps(event.to_json())))
    assert state is not None
    views(state)
    outcome = state.view(None)["outcome"]
    assert outcome is not None and outcome["winners"] == sorted(state.outcome().winners)


def check_snapshots(game: Game, seed: int, points: int = 3, watch: int = 20) -> None:
    """A snapshot (``State.to_json``) read back (``Game.state_from_json``) is the same
    position: at ``points`` random steps of a playout, the restored state plays on to the end
    beside the original with equal snapshots and events at every step, and equal views
    and legal actions for every seat over the next ``watch`` steps and at the end."""
    actions = [(step.seat, step.action) for step in random_playout(game, seed)]
    picks = set(random.Random(seed).sample(range(len(actions)), min(points, len(actions))))
    state = game.new_state()
    for index, (seat, action) in enumerate(actions):
        if index in picks:
            _play_on_from_snapshot(game, state.clone(), actions[index:], watch)
        state.apply(seat, action)


def _play_on_from_snapshot(
    game: Game, original: State, actions: list[tuple[int, Action]], watch: int
) -> None:
    data = json.loads(json.dumps(original.to_json()))
    restored = game.state_from_json(data)
    assert restored.to_json() == data, f"{game}: a snapshot does not read back to itself"
    for index, (seat, action) in enumerate(actions):
        if index < watch:
            _same_position(game, original, restored)
        events = [e.to_json() for e in original.apply(seat, action)]
        assert [e.to_json() for e in restored.apply(seat, action)] == events, (
            f"{game}: a restored state's events differ {index} steps after the snapshot"
        )
        assert restored.to_json() == original.to_json(), (
            f"{game}: a restored state drifted {index + 1} steps after the snapshot"
        )
    _same_position(game, original, restored)
    assert restored.outcome() == original.outcome()


def _same_position(game: Game, original: State, restored: State) -> None:
    assert restored.to_act() == original.to_act(), f"{game}: to_act differs after a snapshot"
    for seat in (None, *range(game.players)):
        assert restored.view(seat) == original.view(seat), f"{game}: view differs (seat {seat})"
        if seat is not None:
            assert restored.legal_actions(seat) == original.legal_actions(seat)
