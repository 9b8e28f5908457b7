"""Playing whole games: the agent protocol and the loop that seats agents at a table."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from saqqara.core.actions import Action
from saqqara.core.game import CHANCE, Game, State
from saqqara.core.perspective import Perspective
from saqqara.core.records import Record, record_of


class Agent(Protocol):
    """Anything that picks an action for a seat from that seat's perspective."""

    name: str

    def choose(self, perspective: Perspective, rng: random.Random) -> Action: ...


@dataclass(slots=True)
class PlayedGame:
    """A finished game: its final state and its record."""

    state: State
    record: Record


def play_game(
    game: Game,
    agents: Sequence[Agent],
    seed: int,
    max_steps: int = 100_000,
) -> PlayedGame:
    """Play one game to the end; chance is drawn from a generator seeded with ``seed``.

    Agents draw from their own generator (seeded from ``seed`` too), so a seed fixes the
    whole game. Seats that decide together (a sealed decision) choose in seat order, each
    from its own perspective, which reveals nothing of the others' choices.
    """
    if len(agents) != game.players:
        raise ValueError(f"{len(agents)} agents for {game.players} seats")
    chance_rng = random.Random(seed)
    agent_rng = random.Random(seed ^ 0x5A5A5A5A)
    state = game.new_state()
    history: list[tuple[int, str]] = []
    for _ in range(max_steps):
        acting = state.to_act()
        if not acting:
            break
        if acting == (CHANCE,):
            action = state.sample_chance(chance_rng)
            state.apply_unchecked(CHANCE, action)
            history.append((CHANCE, game.action_text(action)))
            continue
        seat = acting[0]
        action = agents[seat].choose(Perspective(state, seat), agent_rng)
        state.apply(seat, action)
        history.append((seat, game.action_text(action)))
    else:
        raise RuntimeError(f"game did not end within {max_steps} steps")
    names = [a.name for a in agents]
    return PlayedGame(state, record_of(game, history, names, {"seed": seed}))
