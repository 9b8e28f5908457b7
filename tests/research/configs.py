"""The configurations the research-face tests run over: every game and option set, with
its smallest and largest player counts."""

from __future__ import annotations

from saqqara.core.registry import registered_games

CONFIGS = [
    (game_id, players, options)
    for game_id, cls in registered_games().items()
    for options in cls.spec.option_sets()
    for players in sorted({cls.spec.min_players, cls.spec.max_players})
]
IDS = ["-".join([g, f"{p}p", *o.values()]) for g, p, o in CONFIGS]
