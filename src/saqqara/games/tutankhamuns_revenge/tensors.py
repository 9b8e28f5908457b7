"""Tutankhamun's Revenge's tensor layout for research faces, encoded from a seat's view.

Seats are relative to the observer (itself first). Layers are numbered from the bottom.
Layout, in order (3416 floats):

==========================  =====  ==================================================
part                        size   content
==========================  =====  ==================================================
known cards                 1632   6 layers x 16 stacks x 17: card one-hot, or unknown
depth                        112   16 stacks x 7: cards left, 0..6
top hidden                    16   1 where a lift's uncovered card is not yet shown
hidden left                   96   6 layers x 16 kinds: cards not yet uncovered / 16
own layers                  1360   5 layers x 16 cells x 17: as the seat laid them
possible turns                 4   secret turns the seat's own layers still allow
laying                         7   layer one-hot (5), cards laid / 16, random
layer owners                  36   6 layers x 6 seats
seats present                  6   1 for each seat in the game
money                          6   silver / 50
scarabs                        6   scarab cards / 2
blockade cards                 6   1 if still in hand
blockades                    102   6 seats x 17: the stack it lies on, or none
out                            6   1 for each seat out of the game
phase                          6   laying, turning, digging, revealing, blocking, over
to act                         6   the seat that decides (all zero at chance or the end)
turn                           3   lifts / 10, silver at stake / 50, scarab played
rest                           6   passes in a row / 6, mask seen, pass cost / 3, early end,
                                   blockade after a danger, bent snake (the cover's seat is in
                                   the owners)
==========================  =====  ==================================================
"""

from __future__ import annotations

from typing import Any

from saqqara.core.tensors import TensorEncoder, one_hot, relative
from saqqara.games.tutankhamuns_revenge.data import CELLS, LAYERS, deck
from saqqara.games.tutankhamuns_revenge.state import PHASE_NAMES, TREASURE_LAYERS

MAX_SEATS = 6
KINDS = len(deck().cards)
_KIND = {c.slug: k for k, c in enumerate(deck().cards)}
_PHASE = {name: i for i, name in enumerate(PHASE_NAMES)}
_TURN_ACTIONS = 3
"""At most a scarab, a stop and a blockade decision besides the lifts in one turn."""


class RevengeTensors(TensorEncoder):
    shape = (3416,)
    # laying: 5 layers x (16 cards + "random") and the turn; digging: 96 lifts and their
    # reveals; turns: one per lift at most, plus up to 6 passes between lifts, each with
    # at most three other decisions.
    max_game_length = (
        TREASURE_LAYERS * (CELLS + 1) + 1 + 2 * LAYERS * CELLS
        + _TURN_ACTIONS * (LAYERS * CELLS + 1) * (MAX_SEATS + 1)
    )  # fmt: skip

    def encode(self, view: dict[str, Any], seat: int) -> list[float]:
        n = view["players"]

        def rel(s: int) -> int:
            return relative(s, seat, n)

        def per_seat(values: list[Any], by: float) -> list[float]:
            out = [0.0] * MAX_SEATS
            for s, v in enumerate(values):
                out[rel(s)] = v / by
            return out

        out: list[float] = []
        for row in view["known"]:
            for slug in row:
                out += one_hot(KINDS + 1, KINDS if slug is None else _KIND[slug])
        for d in view["depth"]:
            out += one_hot(LAYERS + 1, d)
        out += [
            1.0 if d and top is None and view["phase"] != "laying" else 0.0
            for d, top in zip(view["depth"], view["top"], strict=True)
        ]
        for left in view["hidden_left"]:
            counts = [0.0] * KINDS
            for slug, count in left.items():
                counts[_KIND[slug]] = count / CELLS
            out += counts
        for layer in range(1, TREASURE_LAYERS + 1):
            cards = view["my_layers"].get(str(layer))
            for cell in range(CELLS):
                slug = cards[cell] if cards else None
                out += one_hot(KINDS + 1, KINDS if slug is None else _KIND[slug])
        turns = view["possible_turns"] or []
        out += [1.0 if t in turns else 0.0 for t in range(4)]
        laying = view["laying"]
        if laying:
            out += one_hot(TREASURE_LAYERS, laying["layer"] - 1)
            out += [laying["cards"] / CELLS, 1.0 if laying["random"] else 0.0]
        else:
            out += [0.0] * (TREASURE_LAYERS + 2)
        for owner in view["layer_owners"]:
            out += one_hot(MAX_SEATS, rel(owner))
        out += [1.0 if i < n else 0.0 for i in range(MAX_SEATS)]
        out += per_seat(view["money"], 50)
        out += per_seat(view["scarabs"], 2)
        out += per_seat(view["blockade_cards"], 1)
        blocks = [0.0] * (MAX_SEATS * (CELLS + 1))
        for s, at in enumerate(view["blocks"]):
            blocks[rel(s) * (CELLS + 1) + (CELLS if at is None else at)] = 1.0
        out += blocks
        out += per_seat([1 if s in view["out"] else 0 for s in range(n)], 1)
        out += one_hot(len(_PHASE), _PHASE[view["phase"]])
        acting = [s for s in view["to_act"] if s != "chance"]
        out += one_hot(MAX_SEATS, rel(acting[0]) if acting else None)
        turn = view["turn"]
        out += [turn["lifts"] / 10, turn["at_stake"] / 50, 1.0 if turn["scarab"] else 0.0]
        options = view["options"]
        out += [
            view["passes_in_row"] / MAX_SEATS,
            1.0 if view["mask_seen"] else 0.0,
            int(options["pass-cost"]) / 3,
            1.0 if options["early-end"] == "mask-stack" else 0.0,
            1.0 if options["blockade-after-danger"] == "on" else 0.0,
            1.0 if options["bent-snake"] == "on" else 0.0,
        ]
        return out
