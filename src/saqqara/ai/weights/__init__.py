"""Learned weights: small JSON files beside this module, ``GAME-Np.json`` for a game at N
players (a game at more players takes the file of the largest N below it).

Each file holds the tuned ``weights`` (a name per constant of the game's heuristic), the
hand-written ones they replace (``hand``), the player counts it was trained at
(``players``) and its ``provenance``: the command that wrote it, its seed, games per
evaluation, generations, date, git commit and fitness (:mod:`saqqara.ai.training`,
``scripts/train_evaluator.py``). Loading needs only the standard library: the optimiser is
a training tool, not a runtime dependency.
"""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path
from typing import Any

PROVENANCE_KEYS = (
    "command",
    "seed",
    "games_per_evaluation",
    "generations",
    "date",
    "git_commit",
    "final_fitness",
)
"""What every weights file's ``provenance`` states at least."""


def file_name(game_id: str, players: int) -> str:
    return f"{game_id}-{players}p.json"


def path_of(game_id: str, players: int) -> Path:
    """Where ``game_id``'s weights for ``players`` live in the source tree (training writes
    there)."""
    return Path(__file__).with_name(file_name(game_id, players))


def player_counts(game_id: str) -> list[int]:
    """The player counts ``game_id`` has weights files for, in order."""
    pattern = re.compile(re.escape(game_id) + r"-(\d+)p\.json")
    found = (pattern.fullmatch(entry.name) for entry in resources.files(__name__).iterdir())
    return sorted(int(m.group(1)) for m in found if m)


def load(game_id: str, players: int) -> dict[str, Any]:
    """The weights document for ``game_id`` at ``players``: the file of the largest player
    count not above ``players`` (the smallest there is when all are above)."""
    counts = player_counts(game_id)
    if not counts:
        raise LookupError(f"{game_id} has no weights file")
    count = max([n for n in counts if n <= players], default=counts[0])
    entry = resources.files(__name__).joinpath(file_name(game_id, count))
    document: dict[str, Any] = json.loads(entry.read_text(encoding="utf-8"))
    check(document, game_id)
    return document


def check(document: dict[str, Any], game_id: str) -> None:
    """Refuse a weights document of another game, or without weights or provenance."""
    if document.get("game") != game_id:
        raise ValueError(f"the weights file of {game_id} names {document.get('game')!r}")
    missing = [k for k in PROVENANCE_KEYS if k not in document.get("provenance", {})]
    if missing:
        raise ValueError(f"the weights file of {game_id} lacks provenance: {missing}")
    if not document.get("weights"):
        raise ValueError(f"the weights file of {game_id} holds no weights")


def weights_of(game_id: str, players: int) -> dict[str, float]:
    """``game_id``'s learned weights at ``players``, by name."""
    return {str(k): float(v) for k, v in load(game_id, players)["weights"].items()}
