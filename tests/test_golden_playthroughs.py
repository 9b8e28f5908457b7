"""Golden playthroughs: each seeded game must replay exactly as recorded in tests/golden/."""

from __future__ import annotations

from pathlib import Path

import pytest

from saqqara.core.registry import load
from saqqara.testing.playthrough import GOLDEN_SEED, golden_cases, playthrough

GOLDEN = Path(__file__).resolve().parent / "golden"
CASES = golden_cases()


@pytest.mark.parametrize(
    ("game_id", "players", "options", "name"), CASES, ids=[c[3] for c in CASES]
)
def test_playthrough_matches_golden_file(
    game_id: str, players: int, options: dict[str, str], name: str
) -> None:
    path = GOLDEN / name
    assert path.exists(), f"missing {name}: run python scripts/regen_playthroughs.py"
    expected = path.read_text(encoding="utf-8")
    actual = playthrough(load(game_id, players, options), GOLDEN_SEED)
    assert actual == expected, f"{name} differs: run the regen script and review the diff"


def test_every_golden_file_belongs_to_a_case() -> None:
    names = {c[3] for c in CASES}
    stray = sorted(p.name for p in GOLDEN.glob("*.txt") if p.name not in names)
    assert not stray, f"golden files without a case: {stray}"
