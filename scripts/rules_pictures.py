"""Write the positions the rules pages draw their pictures from.

The rules pages (``web/src/rules``) show each game's board as the table draws it, with the
client's own board components, at a moment of a real game: a spectator's view after a few
decisions of a seeded random game, one per game (and per Tutankhamun edition). The views are
committed in ``web/schema/rules-pictures/NAME.json``; ``tests/web/test_rules_pictures.py``
fails when they drift from the engines (run this script again).

Usage: python scripts/rules_pictures.py
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from saqqara.core.game import CHANCE
from saqqara.core.match import Match
from saqqara.core.registry import load

ROOT = Path(__file__).resolve().parent.parent
PICTURES = ROOT / "web" / "schema" / "rules-pictures"


@dataclass(frozen=True)
class Picture:
    """A picture's position: the game, its table, and how many decisions to play."""

    name: str
    game: str
    players: int
    decisions: int
    seed: int
    options: dict[str, str] = field(default_factory=dict)


PICTURE_LIST = (
    Picture("tutankhamun-amigo-1993", "tutankhamun", 3, 9, 4, {"edition": "amigo-1993"}),
    Picture("tutankhamun-ootb-2004", "tutankhamun", 3, 9, 4, {"edition": "ootb-2004"}),
    Picture("valley-of-the-kings", "valley-of-the-kings", 3, 70, 2),
    Picture("curse-of-the-mummy", "curse-of-the-mummy", 3, 30, 3),
    Picture("tutankhamuns-revenge", "tutankhamuns-revenge", 3, 110, 5),
)


def picture_view(picture: Picture) -> dict[str, Any]:
    """The spectator's view after ``picture.decisions`` decisions of random seats."""
    game = load(picture.game, picture.players, picture.options)
    names = [f"Player {n + 1}" for n in range(picture.players)]
    match = Match(game, seed=picture.seed, names=names)
    rng = random.Random(picture.seed)
    made = 0
    while not match.is_over() and made < picture.decisions:
        seat = next(s for s in match.to_act() if s != CHANCE)
        match.submit(seat, game.action_id(rng.choice(match.legal_actions(seat))))
        made += 1
    return match.view(None)


def picture_text(picture: Picture) -> str:
    """The committed file's expected text."""
    return json.dumps(picture_view(picture), indent=1, sort_keys=True) + "\n"


def main() -> None:
    PICTURES.mkdir(parents=True, exist_ok=True)
    for picture in PICTURE_LIST:
        path = PICTURES / f"{picture.name}.json"
        path.write_text(picture_text(picture), encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
