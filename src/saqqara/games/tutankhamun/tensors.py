"""Tutankhamun's tensor layout for research faces, encoded from a seat's view.

Seats are relative to the observer (itself first). Layout, in order (1968 floats):

==========================  =====  ==============================================
part                        size   content
==========================  =====  ==============================================
path                        1330   70 slots x 19: tile kind one-hot (18) or empty
undrawn                       17   tiles of each shuffled kind still to be laid / 8
pawns                        432   6 seats x 72: before the path, slot 0..69, past the end
seats present                  6   1 for each seat in the game
scores                         6   fields or coins left / 32
holdings                      90   6 seats x 15 types, tiles / 8
wildcards                      6   lids or pharaoh tiles (King Tut included) / 4
gold mask                      8   on the pyramid, used, or held by seat 0..5
King Tut                       7   nobody, or held (unplayed) by seat 0..5
phase                          5   setup, move, steal, scoring, over
to act                         6   the seat that decides (all zero at chance or the end)
on path                       15   tiles of each type still on the path / 8
scoring                       39   type one-hot 15, lids 6, pharaohs 6, mask 6, tiles/8 6
edition                        1   1 for Out of the Box
==========================  =====  ==============================================
"""

from __future__ import annotations

from typing import Any

from saqqara.core.tensors import TensorEncoder, one_hot, relative
from saqqara.games.tutankhamun.data import KING_TUT, NUM_TYPES, Edition, edition
from saqqara.games.tutankhamun.state import PHASE_NAMES

MAX_SEATS = 6
SLOTS = 70
KINDS = KING_TUT + 1


class TutankhamunTensors(TensorEncoder):
    shape = (1968,)
    max_game_length = 69 + 69 + MAX_SEATS + 3 + NUM_TYPES * (MAX_SEATS + 4) * 2

    def __init__(self, edition_id: str) -> None:
        ed: Edition = edition(edition_id)
        self.edition = ed
        self.kind_of = {ed.kind_slug(k): k for k in range(KINDS if not ed.amigo else KINDS - 1)}
        self.phases = {name: i for i, name in enumerate(PHASE_NAMES)}

    def encode(self, view: dict[str, Any], seat: int) -> list[float]:
        n = view["players"]
        kind_of = self.kind_of

        def rel(s: int) -> int:
            return relative(s, seat, n)

        def per_seat(values: list[Any], by: float) -> list[float]:
            out = [0.0] * MAX_SEATS
            for s, v in enumerate(values):
                out[rel(s)] = v / by
            return out

        out: list[float] = []
        path = view["path"]
        for slot in range(SLOTS):
            slug = path[slot] if slot < len(path) else None
            out += one_hot(KINDS + 1, KINDS if slug is None else kind_of[slug])
        undrawn = [0.0] * (KINDS - 1)
        for slug, count in view["undrawn"].items():
            undrawn[kind_of[slug]] = count / 8
        out += undrawn
        pawns = [0.0] * (MAX_SEATS * 72)
        for s, pos in enumerate(view["pawns"]):
            pawns[rel(s) * 72 + (0 if pos is None else min(pos + 1, 71))] = 1.0
        out += pawns
        out += [1.0 if i < n else 0.0 for i in range(MAX_SEATS)]
        out += per_seat(view["scores"], 32)
        holdings = [0.0] * (MAX_SEATS * NUM_TYPES)
        for s, hand in enumerate(view["holdings"]):
            for slug, count in hand.items():
                holdings[rel(s) * NUM_TYPES + kind_of[slug]] = count / 8
        out += holdings
        out += per_seat(view["wilds"], 4)
        mask = view["mask"]
        out += one_hot(
            8, 0 if mask in (None, "pyramid") else 1 if mask == "used" else 2 + rel(mask)
        )
        king_tut = view["king_tut"]
        out += one_hot(7, 0 if king_tut is None else 1 + rel(king_tut))
        out += one_hot(len(self.phases), self.phases[view["phase"]])
        acting = [s for s in view["to_act"] if s != "chance"]
        out += one_hot(MAX_SEATS, rel(acting[0]) if acting else None)
        on_path = [0.0] * NUM_TYPES
        for slug, count in view["on_path"].items():
            on_path[kind_of[slug]] = count / 8
        out += on_path
        scoring = view["scoring"]
        if scoring is None:
            out += [0.0] * (NUM_TYPES + 4 * MAX_SEATS)
        else:
            out += one_hot(NUM_TYPES, kind_of[scoring["tile"]])
            out += per_seat(scoring["lids"], 3)
            out += per_seat(scoring["pharaohs"], 4)
            mask_seat = scoring["mask"]
            out += one_hot(MAX_SEATS, None if mask_seat is None else rel(mask_seat))
            out += per_seat(scoring["tiles"], 8)
        out += [0.0 if self.edition.amigo else 1.0]
        return out
