"""Playing whole games between agents: a thin loop over :class:`~saqqara.core.match.Match`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from saqqara.core.agent import Agent
from saqqara.core.game import Game, State
from saqqara.core.match import Match
from saqqara.core.records import Record

__all__ = ["Agent", "PlayedGame", "play_game", "play_out"]


@dataclass(slots=True)
class PlayedGame:
    """A finished game: its final state and its record."""

    state: State
    record: Record


def play_out(match: Match, agents: Sequence[Agent], max_steps: int = 100_000) -> None:
    """Let ``agents[seat]`` act for every seat until ``match`` is over.

    Seats that decide together (a sealed decision) are asked in seat order, each from its own
    perspective with its own generator, so the order changes nothing.
    """
    if len(agents) != match.game.players:
        raise ValueError(f"{len(agents)} agents for {match.game.players} seats")
    for _ in range(max_steps):
        acting = match.to_act()
        if not acting:
            return
        match.play_bot(acting[0], agents[acting[0]])
    raise RuntimeError(f"game did not end within {max_steps} steps")


def play_game(
    game: Game,
    agents: Sequence[Agent],
    seed: int,
    max_steps: int = 100_000,
) -> PlayedGame:
    """Play one game to the end in a :class:`Match` seeded with ``seed`` (which fixes the
    whole game: chance and every agent's generator)."""
    match = Match(game, seed=seed, names=[agent.name for agent in agents])
    play_out(match, agents, max_steps)
    return PlayedGame(match.snapshot(), match.record)
