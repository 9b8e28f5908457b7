"""Golden playthroughs: one seeded random game dumped as readable text, diffed in tests.

Each step lists who acts, their legal actions, the action taken and the public events it
caused; the end shows every seat's final view and the outcome. A change in the rules shows
up as a readable diff. Regenerate the files with ``python scripts/regen_playthroughs.py``.
"""

from __future__ import annotations

import json

from saqqara.core.events import events_for
from saqqara.core.game import CHANCE, Game
from saqqara.testing.conformance import random_playout


def playthrough(game: Game, seed: int) -> str:
    """The text of the random game ``seed`` of ``game``."""
    lines = [
        f"game: {game.spec.id} (rules version {game.spec.rules_version})",
        f"players: {game.players}",
        f"options: {json.dumps(game.options, sort_keys=True)}",
        f"seed: {seed}",
        "",
    ]
    state = None
    for number, step in enumerate(random_playout(game, seed)):
        state = step.state
        who = "chance" if step.seat == CHANCE else f"seat {step.seat}"
        if step.seat == CHANCE:
            options = [f"{game.action_text(a)} {p:.4f}" for a, p in state.chance_outcomes()]
        else:
            options = [game.action_text(a) for a in state.legal_actions(step.seat)]
        lines.append(f"#{number} {who}: {game.action_text(step.action)}")
        lines.append(f"    legal: {' | '.join(options)}")
        for event in events_for(state.clone().apply(step.seat, step.action), None):
            lines.append(f"    event: {json.dumps(event, sort_keys=True, ensure_ascii=False)}")
    assert state is not None
    lines.append("")
    for seat in [None, *range(game.players)]:
        label = "spectator" if seat is None else f"seat {seat}"
        view = json.dumps(state.view(seat), sort_keys=True, ensure_ascii=False)
        lines.append(f"final view ({label}): {view}")
    outcome = state.outcome()
    lines.append(f"outcome: scores={list(outcome.scores)} ranks={list(outcome.ranks)}")
    lines.append(f"reason: {outcome.reason}")
    return "\n".join(lines) + "\n"


GOLDEN_SEED = 2026
"""The seed of every golden playthrough."""


def golden_cases() -> list[tuple[str, int, dict[str, str], str]]:
    """(game id, players, options, file name) of every golden playthrough: one per game and
    option set, with three players (or the game's maximum if smaller)."""
    from saqqara.core.registry import registered_games

    cases = []
    for game_id, cls in registered_games().items():
        players = max(cls.spec.min_players, min(3, cls.spec.max_players))
        for options in cls.spec.option_sets():
            name = "-".join([game_id, *options.values(), f"{players}p"]) + ".txt"
            cases.append((game_id, players, options, name))
    return cases
