"""Rulebook statements of Fluch der Mumie that no other test pinned down, each as a small
narrated scenario (docs/rules/curse-of-the-mummy.md, Traceability)."""

from __future__ import annotations

import pytest

from saqqara.core.errors import OptionError
from saqqara.core.game import CHANCE
from saqqara.core.registry import load
from saqqara.games.curse_of_the_mummy import moves
from saqqara.games.curse_of_the_mummy.state import MUMMY_ROLL
from tests.games.curse_of_the_mummy.helpers import dealt, do, field, put, put_mummy, texts

DIRECTIONS = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}


def test_two_to_five_players() -> None:
    for players in (2, 3, 4, 5):
        assert load("curse-of-the-mummy", players).players == players
    for players in (1, 6):
        with pytest.raises(OptionError):
            load("curse-of-the-mummy", players)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_unused_figures_and_their_ankhs_stay_in_the_box(players: int) -> None:
    state = dealt(players)
    explorers = players - 1
    assert len(state.pos) == explorers
    assert state.ankhs == [3] * explorers
    assert len(state.view(None)["figures"]) == explorers


def test_explorers_move_only_orthogonally_and_never_through_walls() -> None:
    state = dealt(3)
    b = state.board
    put_mummy(state, "k11")
    walled = 0
    for f in range(b.fields):
        if f in (b.start, b.dungeon, state.mummy):
            continue
        put(state, 0, b.field_name(f))
        put(state, 1, b.field_name(b.start))
        reached = set(moves.bits(state.destinations(0, 0)))  # a one
        open_sides = {g for g in b.neighbours[f] if g >= 0}
        assert reached == open_sides - {b.start, b.dungeon, state.mummy}
        x, y = f % b.width, f // b.width
        for g in reached:
            assert abs(g % b.width - x) + abs(g // b.width - y) == 1  # never diagonal
        grid_sides = sum(
            0 <= x + dx < b.width and 0 <= y + dy < b.height for dx, dy in DIRECTIONS.values()
        )
        walled += len(open_sides) < grid_sides
    assert walled > 0  # the maze has walls, and they block


def test_the_mummy_moves_only_orthogonally_and_never_through_walls() -> None:
    state = dealt(3)
    b = state.board
    put(state, 0, "k1")
    put(state, 1, "k2")
    for name in ("e1", "c5", "h8"):
        put_mummy(state, name)
        state.cur = len(state.pos) - 1
        state.phase = MUMMY_ROLL
        do(state, CHANCE, "mummy-die 1")
        here = field(state, name)
        offered = {t.split()[1] for t in texts(state, 0) if t.startswith("step")}
        allowed = {
            d
            for d, g in zip("nesw", b.neighbours[here], strict=True)
            if g >= 0 and g not in (b.start, b.dungeon)
        }
        assert offered == allowed, name
    put_mummy(state, "e1")
    state.phase = MUMMY_ROLL
    do(state, CHANCE, "mummy-die 1")
    assert "step e" not in texts(state, 0)  # e1|f1 is a wall
