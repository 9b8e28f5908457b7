"""Facts the rulebook states about the reconstructed data (board.toml)."""

from __future__ import annotations

from collections import Counter, deque

from saqqara.games.curse_of_the_mummy.data import board


def test_23_cards_in_five_colours_5_5_5_4_4() -> None:
    b = board()
    assert b.colours == ("red", "blue", "white", "green", "yellow")
    counts = Counter(b.colours[s.colour] for s in b.symbols)
    assert counts == {"red": 5, "blue": 5, "white": 5, "green": 4, "yellow": 4}
    assert len({s.name for s in b.symbols}) == 23


def test_the_red_scarab_of_the_worked_example_exists() -> None:
    scarab = board().symbol_by_name("scarab")
    assert scarab is not None
    assert board().colours[scarab.colour] == "red"


def test_each_symbol_lies_in_the_area_of_its_colour() -> None:
    b = board()
    for s in b.symbols:
        assert b.area[s.field] == s.colour, s.name
        assert not (b.forbidden >> s.field) & 1


def test_dungeon_has_two_exits_and_start_one() -> None:
    b = board()
    assert sum(n >= 0 for n in b.neighbours[b.dungeon]) == 2
    assert sum(n >= 0 for n in b.neighbours[b.start]) == 1


def test_walls_are_symmetric_and_every_field_is_reachable() -> None:
    b = board()
    for f in range(b.fields):
        for d, g in enumerate(b.neighbours[f]):
            if g >= 0:
                assert b.neighbours[g][(d + 2) % 4] == f
    seen = {b.start}
    queue = deque([b.start])
    while queue:
        f = queue.popleft()
        for g in b.neighbours[f]:
            if g >= 0 and g not in seen:
                seen.add(g)
                queue.append(g)
    assert len(seen) == b.fields


def test_dice_and_ankhs() -> None:
    b = board()
    assert b.explorer_dice == 5
    assert b.explorer_faces == ("1", "2", "3", "4", "arrow", "mummy")
    assert len(b.mummy_faces) == 6
    assert b.ankhs_per_figure == 3
    # Spielende: 4 / 6 / 7 ankhs against 2 / 3 / 4 explorers; 3 in the two-player game.
    assert b.mummy_wins == {2: 3, 3: 4, 4: 6, 5: 7}
