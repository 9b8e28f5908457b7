"""Write the golden action vocabularies in tests/golden/vocabulary/ (one per game and option
set): every action id with the action's repr, its notation, and whether that notation is read
back in this configuration (some ids, such as Amigo's ``exit`` under Out of the Box, exist
in every configuration but are never played in some).

Usage: python scripts/regen_vocabulary.py
Records, golden playthroughs and tensors depend on ids and notation, so a diff here is a
breaking change: regenerate only when the id space changes on purpose.
"""

from __future__ import annotations

from pathlib import Path

from saqqara.core.errors import NotationError
from saqqara.core.registry import load
from saqqara.testing.playthrough import golden_cases

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden" / "vocabulary"


def vocabulary_text(game_id: str, players: int, options: dict[str, str]) -> str:
    """One line per action id: ``id<TAB>repr<TAB>notation<TAB>read`` (``read`` or ``-``)."""
    game = load(game_id, players, options)
    lines = []
    for action_id in range(game.num_distinct_actions):
        action = game.action_from_id(action_id)
        text = game.action_text(action)
        try:
            read = "read" if game.parse_action(text) == action else "other"
        except NotationError:
            read = "-"
        lines.append(f"{action_id}\t{action!r}\t{text}\t{read}\n")
    return "".join(lines)


def main() -> None:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for game_id, players, options, name in golden_cases():
        path = GOLDEN / name
        path.write_text(vocabulary_text(game_id, players, options), encoding="utf-8")
        print(f"wrote tests/golden/vocabulary/{name}")


if __name__ == "__main__":
    main()
