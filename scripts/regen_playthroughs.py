"""Regenerate the golden playthrough files in tests/golden/ (one per game and option set).

Usage: python scripts/regen_playthroughs.py
Review the diff before committing: every change in it is a change in the rules' behaviour.
"""

from __future__ import annotations

from pathlib import Path

from saqqara.core.registry import load
from saqqara.testing.playthrough import GOLDEN_SEED, golden_cases, playthrough

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"


def main() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for game_id, players, options, name in golden_cases():
        path = GOLDEN / name
        path.write_text(playthrough(load(game_id, players, options), GOLDEN_SEED), encoding="utf-8")
        print(f"wrote tests/golden/{name}")


if __name__ == "__main__":
    main()
