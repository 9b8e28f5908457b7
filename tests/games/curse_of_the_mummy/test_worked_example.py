"""The rulebook's worked example ("Beispiel für einen Spielzug eines Schatzsuchers").

Blue is to move with two mummy dice lying out. Blue does not resolve and rolls the other
three: mummy, 1, 2. Unhappy, Blue rerolls the two dice left: 1 and 4. Blue announces four,
moves to the red scarab, holds its card and plays it. Then Red resolves: the mummy makes an
interim move of 3 fields (the three mummy faces), and Red rolls all five dice.
"""

from __future__ import annotations

from saqqara.core.game import CHANCE
from saqqara.games.curse_of_the_mummy.state import MUMMY_MOVE, ROLL
from tests.games.curse_of_the_mummy.helpers import (
    data_of,
    dealt,
    dice,
    do,
    field,
    put,
    put_mummy,
    texts,
)

BLUE, RED = 1, 2  # seats; figures 0 and 1


def test_blue_turn_then_red_resolving() -> None:
    state = dealt(4, {BLUE: ["scarab"]})
    put(state, 0, "e2")
    put(state, 1, "k3")
    put_mummy(state, "h9")
    state.out = 2  # "Aus den vorhergehenden Zügen liegen zwei Würfel mit der Mumie"

    # Blue decides not to resolve and rolls the three remaining dice.
    assert texts(state, BLUE) == ["roll", "resolve"]
    assert data_of(do(state, BLUE, "roll"), "roll")["dice"] == 3
    dice(state, "mummy", "1", "2")
    assert state.out == 3
    assert state.view(0)["dice"] == ["1", "2"]
    # Rerolling uses only the two dice that did not show the mummy.
    assert data_of(do(state, BLUE, "reroll"), "reroll")["dice"] == 2
    dice(state, "1", "4")
    assert state.view(0)["dice"] == ["1", "4"]
    announce = data_of(do(state, BLUE, "announce 4"), "announce")
    assert announce == {"figure": 0, "value": "4"}
    assert "go b1 play" in texts(state, BLUE)  # e2 -> e1 -> d1 -> c1 -> b1
    played = data_of(do(state, BLUE, "go b1 play"), "play")
    assert played["symbol"] == "scarab"
    assert played["seat"] == BLUE
    assert state.view(0)["played"][str(BLUE)] == ["scarab"]

    # Red's turn: resolving lets the mummy move 3 fields first, without its die.
    assert state.to_act() == (RED,)
    assert texts(state, RED) == ["roll", "resolve"]
    interim = data_of(do(state, RED, "resolve"), "mummy-interim")
    assert interim["steps"] == 3
    assert state.phase == MUMMY_MOVE
    assert state.to_act() == (0,)
    for step in ("e", "w", "s"):
        do(state, 0, f"step {step}")
    assert state.out == 0
    # Then Red rolls with all five dice.
    assert state.phase == ROLL
    assert state.to_roll == 5
    assert state.to_act() == (CHANCE,)
    assert state.cur == 1
    assert state.pos[1] == field(state, "k3")
