"""Curse of the Mummy's particle filter: where the public record puts the hidden figures,
read from public facts only, sharper than the belief sets, and starting afresh where there
is no record to read."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

import pytest

from saqqara.ai.games.curse_of_the_mummy import belief_weights
from saqqara.ai.games.curse_of_the_mummy_particles import ParticleFilter
from saqqara.ai.games.curse_of_the_mummy_tracking import TrackedWorld, TrackerBot
from saqqara.ai.registry import make_bot
from saqqara.core.game import CHANCE, Game
from saqqara.core.match import Match
from saqqara.core.perspective import Perspective
from saqqara.core.registry import load
from saqqara.games.curse_of_the_mummy.state import GONE, MUMMY, MummyState
from saqqara.games.curse_of_the_mummy.trail import TrailNode


def _mummy_decisions(game: Game, seed: int, limit: int = 10_000) -> Iterator[MummyState]:
    """``medium`` in every seat, through a match (so the record is kept): the true state
    at each mummy decision with two or more steps."""
    match = Match(game, seed=seed)
    mummy = make_bot("medium", game)
    explorer = make_bot("medium", game)
    seen = 0
    while match.to_act() and seen < limit:
        seat = match.to_act()[0]
        if seat == MUMMY and len(match.legal_actions(MUMMY)) > 1:
            state = match.snapshot()
            assert isinstance(state, MummyState)
            yield state
            seen += 1
        match.play_bot(seat, mummy if seat == MUMMY else explorer)


@pytest.mark.parametrize("players", [2, 3])
def test_the_filter_reads_only_what_the_mummy_may_know(players: int) -> None:
    """Two tables alike in everything public (the same record), the figures and cards
    elsewhere: the filter weighs the fields alike and the tracker steps alike."""
    game = load("curse-of-the-mummy", players)
    for n, state in enumerate(_mummy_decisions(game, 7, limit=8)):
        if n not in (1, 7):
            continue
        other = state.resample(MUMMY, random.Random(n))
        assert isinstance(other, MummyState)
        assert other.trail is state.trail
        answers = []
        for table in (state, other):
            bot = TrackerBot(game)
            step = bot.choose(Perspective(table, MUMMY), random.Random(3))
            answers.append((step, bot.filter.field_weights()))
        assert answers[0] == answers[1]


def test_the_filter_puts_more_weight_on_the_true_fields_than_the_belief_sets() -> None:
    """Against ``medium``'s racing explorer, the mean log chance the filter gives a
    figure's true field beats that of the belief sets' fields alike by half a unit (each
    figure with two or more fields possible; measured: about 1.2)."""
    game = load("curse-of-the-mummy", 2)
    filtered: list[float] = []
    uniform: list[float] = []
    for seed in (11,):
        tracker = TrackerBot(game)
        for state in _mummy_decisions(game, seed):
            tracker.filter.sync(Perspective(state, MUMMY), random.Random(0))
            weights = tracker.filter.field_weights()
            plain = belief_weights(state)
            for figure, field in enumerate(state.pos):
                if field == GONE or (state.board.forbidden >> field) & 1:
                    continue
                if bin(state.belief[figure] & ~state.board.forbidden).count("1") < 2:
                    continue
                # each field's weight sums over the figures: compare like with like
                filtered.append(math.log(max(weights.get(field, 0.0), 1e-3)))
                uniform.append(math.log(plain[field]))
    assert len(filtered) > 40
    assert sum(filtered) / len(filtered) > sum(uniform) / len(uniform) + 0.5


def test_without_a_record_the_filter_starts_at_the_position() -> None:
    """A position with no record (built by unchecked steps, as a snapshot restores it):
    the filter starts there, its worlds on the belief sets, every time."""
    game = load("curse-of-the-mummy", 2)
    state = game.new_state()
    assert isinstance(state, MummyState)
    rng = random.Random(5)
    bot = make_bot("medium", game)
    while not (state.to_act() == (MUMMY,) and state.round >= 4):
        seat = state.to_act()[0]
        if seat == CHANCE:
            state.apply_unchecked(seat, state.sample_chance(rng))
        else:
            state.apply_unchecked(seat, bot.choose(Perspective(state, seat), rng))
    assert state.trail is None
    particles = ParticleFilter(game)
    for restarts in (1, 2):
        particles.sync(Perspective(state, MUMMY), random.Random(restarts))
        assert particles.restarts == restarts
        assert particles.current(Perspective(state, MUMMY), random.Random(0))
        for world in particles.worlds:
            for figure, field in enumerate(world.pos):
                assert field == GONE or (state.belief[figure] >> field) & 1


def test_a_filter_met_with_another_game_reads_that_games_record_from_its_start() -> None:
    game = load("curse-of-the-mummy", 2)
    first = next(_mummy_decisions(game, 21))
    second = next(_mummy_decisions(game, 22))
    particles = ParticleFilter(game)
    particles.sync(Perspective(first, MUMMY), random.Random(0))
    assert particles.restarts == 1 and particles.seen is first.trail
    particles.sync(Perspective(second, MUMMY), random.Random(0))
    assert particles.restarts == 2 and particles.seen is second.trail
    assert particles.current(Perspective(second, MUMMY), random.Random(0))
    assert not particles.current(Perspective(first, MUMMY), random.Random(0))


def test_the_mummys_search_worlds_come_from_the_filter() -> None:
    """Read up to a position, the tracker draws the search's worlds from its particles:
    the position as it stands, the figures where some particle put them."""
    game = load("curse-of-the-mummy", 2)
    state = next(s for n, s in enumerate(_mummy_decisions(game, 31)) if n == 5)
    tracker = TrackerBot(game)
    perspective = Perspective(state, MUMMY)
    tracker.choose(perspective, random.Random(0))
    placements = {tuple(w.pos) for w in tracker.filter.worlds}
    for k in range(10):
        world = tracker.determinize(perspective, random.Random(k))
        assert type(world) is TrackedWorld
        assert isinstance(world, MummyState)
        assert tuple(world.pos) in placements
        assert world.belief == state.belief and world.mummy == state.mummy
        assert world.phase == state.phase and world.trail is state.trail


def test_a_card_laid_where_no_world_expected_it_wipes_out_no_world() -> None:
    """Regression (seed 15 of ``medium`` against itself): the explorer lays cards on
    fields none of the worlds' figures could reach; the worlds keep their other guesses
    (at a low weight, the figure put on the card's field) instead of all being dropped
    and the filter starting afresh three times."""
    game = load("curse-of-the-mummy", 2)
    particles = ParticleFilter(game)
    laid = 0
    for state in _mummy_decisions(game, 15):
        particles.sync(Perspective(state, MUMMY), random.Random(0))
        laid = sum(state.played)
        alive = [w for w, weight in zip(particles.worlds, particles.weights, strict=True) if weight]
        assert alive
        for world in alive:
            assert world.played == state.played  # every world holds the cards laid
            for figure, field in enumerate(state.pos):
                if state.belief[figure].bit_count() == 1:
                    assert world.pos[figure] == field  # a figure the record places
    assert laid >= 3
    assert particles.restarts == 1


def test_a_review_reads_the_record_once_for_all_the_mummys_decisions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``analyse_record`` passes the mummy's base move's bot from decision to decision:
    its filter begins once and reads each step once, not the whole record at every
    decision; ``analyse_position`` asks the bot it is given."""
    from saqqara.ai.analysis import analyse_position, analyse_record

    game = load("curse-of-the-mummy", 2)
    match = Match(game, seed=41)
    bots = [make_bot("medium", game), make_bot("medium", game)]
    while True:
        seat = match.to_act()[0]
        state = match.snapshot()
        assert isinstance(state, MummyState)
        if state.round > 6 and seat == MUMMY and len(state.legal_actions(MUMMY)) > 1:
            break
        match.play_bot(seat, bots[seat])
    begun: list[int] = []
    replayed: list[int] = []
    begin, replay = ParticleFilter._begin, ParticleFilter._replay

    def counting_begin(self: ParticleFilter, start: MummyState, rng: random.Random) -> None:
        begun.append(1)
        begin(self, start, rng)

    def counting_replay(self: ParticleFilter, node: TrailNode, rng: random.Random) -> bool:
        replayed.append(node.length)
        return replay(self, node, rng)

    monkeypatch.setattr(ParticleFilter, "_begin", counting_begin)
    monkeypatch.setattr(ParticleFilter, "_replay", counting_replay)
    review = analyse_record(match.record, budget=2, seed=0, seats=[MUMMY])
    assert len(review.moves) >= 3
    assert begun == [1]
    assert replayed == sorted(set(replayed))  # each step once, in order

    tracker = TrackerBot(game)
    analyse_position(Perspective(state, MUMMY), 2, seed=1, base_bot=tracker)
    assert tracker.filter.seen is state.trail
