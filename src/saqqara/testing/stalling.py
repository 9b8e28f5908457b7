"""Seats that stall: policies that keep a game going without progress, to show that every
game still ends (``tests/test_games_end.py``) and that a long game's memory stays bounded
(``benchmarks/long_game.py``).

A stalling seat takes, among its legal actions, the first whose notation is one of
:data:`STALL_WORDS` (in that order): Curse of the Mummy's explorer always rolls and rerolls
and its mummy always stops at once; Tutankhamun's Revenge's digger always stops (a pass
when nothing was lifted) and never blocks; Valley of the Kings' seats are done at once;
Tutankhamun's seats decline a steal. Where no stalling word is legal it takes the first
legal action (Tutankhamun's nearest tile) or, as ``stall-last``, the last. ``first`` and
``last`` take the first or last legal action everywhere (ordered by id). The games that
could be stalled for ever and what bounds them now are in each game's rules doc.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Literal

from saqqara.core.actions import Action
from saqqara.core.game import CHANCE, Game, State
from saqqara.core.perspective import Perspective

STALL_WORDS = ("reroll", "roll", "stuck", "stop", "pass", "no-block", "decline", "done")
"""Notations of actions that make no progress, most stalling first."""

PolicyName = Literal["stall", "stall-last", "first", "last"]
POLICIES: tuple[PolicyName, ...] = ("stall", "stall-last", "first", "last")

Policy = Callable[[Game, Sequence[Action]], Action]


def _stall(game: Game, legal: Sequence[Action], last: bool) -> Action:
    texts = [game.action_text(a) for a in legal]
    for word in STALL_WORDS:
        if word in texts:
            return legal[texts.index(word)]
    return legal[-1] if last else legal[0]


def policy(name: PolicyName) -> Policy:
    """The policy called ``name`` (see the module's docstring)."""
    if name == "stall":
        return lambda game, legal: _stall(game, legal, last=False)
    if name == "stall-last":
        return lambda game, legal: _stall(game, legal, last=True)
    if name == "first":
        return lambda game, legal: legal[0]
    if name == "last":
        return lambda game, legal: legal[-1]
    raise ValueError(f"no stalling policy {name!r}")


class StallingAgent:
    """An agent (``core.agent.Agent``) that plays a stalling policy for its seat."""

    def __init__(self, game: Game, name: PolicyName = "stall") -> None:
        self.game = game
        self.name: str = name
        self._choose = policy(name)

    def choose(self, perspective: Perspective, rng: random.Random) -> Action:
        return self._choose(self.game, perspective.legal_actions())


def step_bound(game: Game) -> int:
    """The bound on a game's length that its tensor layout declares (every bundled game
    declares one)."""
    encoder = game.tensor_encoder()
    if encoder is None:
        raise ValueError(f"{game.spec.id} declares no bound on a game's length")
    return encoder.max_game_length


def play_stalled(
    game: Game,
    policies: Sequence[Policy | None],
    seed: int,
    max_steps: int,
) -> tuple[State, int]:
    """Play a game at the state level: seat ``s`` by ``policies[s]`` (``None``: uniformly at
    random), chance drawn from a generator seeded with ``seed``. Returns the state and the
    number of steps (chance included) once the game is over or ``max_steps`` were played
    (then the state is not over)."""
    rng = random.Random(seed)
    state = game.new_state()
    for steps in range(max_steps):
        acting = state.to_act()
        if not acting:
            return state, steps
        seat = acting[0]
        if seat == CHANCE:
            state.apply_unchecked(CHANCE, state.sample_chance(rng))
            continue
        legal = state.legal_actions(seat)
        chosen = policies[seat]
        state.apply_unchecked(seat, rng.choice(legal) if chosen is None else chosen(game, legal))
    return state, max_steps
