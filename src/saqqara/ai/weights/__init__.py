"""Learned weights: one small JSON file per game (``GAME_ID.json`` beside this module).

Each file holds the tuned ``weights`` (a name per constant of the game's heuristic), the
hand-written ones they replace (``hand``) and their ``provenance``: the command that wrote
them, its seed, games per evaluation, generations, date, git commit and fitness
(:mod:`saqqara.ai.training`, ``scripts/train_evaluator.py``). Loading needs only the
standard library: the optimiser is a training tool, not a runtime dependency.
"""

from __future__ import annotations

import json
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


def path_of(game_id: str) -> Path:
    """Where ``game_id``'s weights file lives in the source tree (training writes it)."""
    return Path(__file__).with_name(f"{game_id}.json")


def load(game_id: str) -> dict[str, Any]:
    """The whole weights document of ``game_id`` (``weights``, ``hand``, ``provenance``)."""
    text = resources.files(__name__).joinpath(f"{game_id}.json").read_text(encoding="utf-8")
    document: dict[str, Any] = json.loads(text)
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


def weights_of(game_id: str) -> dict[str, float]:
    """``game_id``'s learned weights, by name."""
    return {str(k): float(v) for k, v in load(game_id)["weights"].items()}
