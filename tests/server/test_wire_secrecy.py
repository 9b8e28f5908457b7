"""Secrecy on the wire: what the server sends a seat is byte-for-byte the same when the
information that seat may not know is resampled; a spectator never gets a seat's secret.

The bytes are those of :func:`saqqara.server.updates.seat_update`, the one function every
update the server pushes is built by, encoded as the server encodes them.
"""

from __future__ import annotations

import random

import pytest

from saqqara.ai.registry import make_bot
from saqqara.core.game import CHANCE
from saqqara.core.match import Match
from saqqara.core.registry import load, registered_games
from saqqara.server.messages import encode
from saqqara.server.updates import Shared, seat_update

CASES = [
    (game_id, players)
    for game_id, cls in sorted(registered_games().items())
    for players in (min(cls.spec.player_counts), max(cls.spec.player_counts))
]


def _wire(
    match: Match,
    position: object,
    seat: int | None,
    shared: Shared | None = None,
    names: list[str] | None = None,
) -> str:
    steps = match.history[-3:]
    update = seat_update(
        match.game,
        position,  # type: ignore[arg-type]
        seat,
        "en",
        seq=match.seq,
        steps=steps,
        status="playing",
        playing=True,
        names=names,
        shared=shared,
    )
    return encode(update)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_a_seat_receives_the_same_bytes_whatever_it_cannot_know(game_id: str, players: int) -> None:
    game = load(game_id, players)
    bot = make_bot("random", game)
    rng = random.Random(f"{game_id}/{players}")
    positions = 0
    for game_number in range(6):
        match = Match(game, seed=game_number)
        checked = 0
        while not match.is_over() and checked < 4:
            if rng.random() < 0.15:
                checked += 1
                positions += 1
                for seat in range(players):
                    told = _wire(match, match, seat)
                    for _ in range(3):
                        other = match.perspective(seat).resample(rng)
                        assert _wire(match, other, seat) == told, (game_id, match.seq, seat)
                    spectator = _wire(match, match, None)
                    hidden_from_spectator = match.perspective(seat).resample(rng)
                    assert _wire(match, hidden_from_spectator, None) == spectator
            actor = next(s for s in match.to_act() if s != CHANCE)
            match.play_bot(actor, bot)
    assert positions >= 6


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_what_a_position_shares_between_seats_never_crosses_from_one_seat_to_another(
    game_id: str, players: int
) -> None:
    """The server words a position's events and legal actions once and shares them
    (``Shared``): every seat and the spectator, served in turn (twice over) from one shared
    cache, get exactly the bytes each gets alone."""
    game = load(game_id, players)
    bot = make_bot("random", game)
    rng = random.Random(f"shared/{game_id}/{players}")
    match = Match(game, seed=7)
    names = [f"Player {seat + 1}" for seat in range(players)]
    while not match.is_over():
        if rng.random() < 0.2:
            shared = Shared()
            seats: list[int | None] = [None, *range(players)]
            rng.shuffle(seats)
            for seat in seats + seats:
                assert _wire(match, match, seat, shared) == _wire(match, match, seat), seat
                named = _wire(match, match, seat, shared, names)
                assert named == _wire(match, match, seat, None, names), seat
        actor = next(s for s in match.to_act() if s != CHANCE)
        match.play_bot(actor, bot)
