"""Curse of the Mummy's tensor layout for research faces, encoded from a seat's view.

Seat 0 is always the mummy, so seats are kept absolute. Fields are the 121 squares of the
board (``row * 11 + column``). Layout, in order:

==========================  =====  ==================================================
part                        size   content
==========================  =====  ==================================================
observer                       5   the observing seat, one-hot
players                        4   2, 3, 4 or 5 players, one-hot
mummy                        121   the mummy's field, one-hot
figures                      976   4 figures x (in game, ankhs / 3, field one-hot where
                                   the seat sees it, possible fields)
ankhs                          2   the mummy's ankhs / 7, the number it needs / 7
mummy dice                     1   dice lying out with a mummy / 5
dice                           5   rolled dice showing 1, 2, 3, 4, arrow (count / 5)
rolling                        1   dice landed so far in the roll under way / 5
announced                      5   the announced value, one-hot
mummy steps                    1   steps the mummy has left / 11
phase                          9   one-hot
to act                         5   the deciding seat, one-hot (none at chance or the end)
figure                         4   the figure whose turn it is, one-hot
forced                         1   the next explorer must resolve
hand                          23   the observer's unplayed cards
played                        92   4 explorer seats x 23 cards played
hand colours                  20   4 explorer seats x 5 colours, unplayed cards / 2
==========================  =====  ==================================================
"""

from __future__ import annotations

from typing import Any

from saqqara.core.tensors import TensorEncoder, one_hot
from saqqara.games.curse_of_the_mummy.actions import FACE_WORDS
from saqqara.games.curse_of_the_mummy.data import board
from saqqara.games.curse_of_the_mummy.state import PHASE_NAMES

MAX_SEATS = 5
MAX_FIGURES = 4
FIELDS = 121
SYMBOLS = 23
COLOURS = 5


class MummyTensors(TensorEncoder):
    shape = (
        MAX_SEATS
        + 4
        + FIELDS
        + MAX_FIGURES * (2 + 2 * FIELDS)
        + 2
        + 1
        + 5
        + 1
        + 5
        + 1
        + len(PHASE_NAMES)
        + MAX_SEATS
        + MAX_FIGURES
        + 1
        + SYMBOLS
        + (MAX_SEATS - 1) * SYMBOLS
        + (MAX_SEATS - 1) * COLOURS,
    )
    max_game_length = 1_000_000
    """The game ends after round 100 at the latest (decision 19), but the rerolls within a
    turn are bounded only by chance (a turn ends for certain once all five dice show the
    mummy); games of explorers who only reroll took under 20,000 actions in our runs, so
    this bound is a generous cap."""

    def __init__(self) -> None:
        self.board = board()
        self.symbol_index = {s.name: s.id for s in self.board.symbols}

    def _field(self, name: str | None) -> int | None:
        return None if name is None else self.board.field_from_name(name)

    def _mask(self, names: list[str]) -> list[float]:
        values = [0.0] * FIELDS
        index = self.board.index
        for name in names:
            values[index[name]] = 1.0
        return values

    def encode(self, view: dict[str, Any], seat: int) -> list[float]:
        out: list[float] = one_hot(MAX_SEATS, seat)
        players = len(view["hand_colours"]) + 1
        out += one_hot(4, players - 2)
        out += one_hot(FIELDS, self._field(view["mummy"]))
        figures = view["figures"]
        for i in range(MAX_FIGURES):
            if i < len(figures):
                fig = figures[i]
                out += [1.0 if fig["in_game"] else 0.0, fig["ankhs"] / 3]
                out += one_hot(FIELDS, self._field(fig.get("field")))
                out += self._mask(fig["possible"])
            else:
                out += [0.0] * (2 + 2 * FIELDS)
        out += [view["mummy_ankhs"] / 7, view["mummy_needs"] / 7]
        out.append(view["mummy_dice"] / 5)
        out += [view["dice"].count(face) / 5 for face in FACE_WORDS[:5]]
        out.append(len(view["rolling"]) / 5)
        announced = view["announced"]
        out += one_hot(5, FACE_WORDS.index(announced) if announced is not None else None)
        out.append(view["mummy_steps"] / 11)
        out += one_hot(len(PHASE_NAMES), PHASE_NAMES.index(view["phase"]))
        acting = [s for s in view["to_act"] if s != "chance"]
        out += one_hot(MAX_SEATS, acting[0] if acting else None)
        out += one_hot(MAX_FIGURES, view["figure"])
        out.append(1.0 if view["forced"] else 0.0)
        hand = [0.0] * SYMBOLS
        for name in view["hand"] or []:
            hand[self.symbol_index[name]] = 1.0
        out += hand
        for s in range(1, MAX_SEATS):
            played = [0.0] * SYMBOLS
            for name in view["played"].get(str(s), []):
                played[self.symbol_index[name]] = 1.0
            out += played
        for s in range(1, MAX_SEATS):
            colours = view["hand_colours"].get(str(s), [0] * COLOURS)
            out += [c / 2 for c in colours]
        return out
