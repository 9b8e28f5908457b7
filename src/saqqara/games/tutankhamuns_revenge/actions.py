"""Tutankhamun's Revenge: actions, declared once in the core vocabulary (ids, notation).

Stacks are named by column letter and row number as the box lies before the digging (``a1``
top left, ``d4`` bottom right). Notation:

=======================  ==============================================================
``lay cobra``            lay a card of this kind on the next cell of your layer
``random``               have the rest of your layer laid at random (a valid layout)
``turn 2``               chance: the box gets this many secret quarter turns
``scarab``               play a scarab card before digging: this turn counts double
``lift b3``              lift the top card of stack b3, uncovering the card beneath
``stop``                 end your turn (with no lift: pass) and cash in this turn's gain
``reveal necklace``      chance: the card uncovered by the last lift
``block c2``             end of turn: lay your blockade card on stack c2
``no-block``             end of turn: keep your blockade card
=======================  ==============================================================

A chance step of a random layout is written like a player's: ``lay cobra``.
"""

from __future__ import annotations

from dataclasses import dataclass

from saqqara.core.actions import Action
from saqqara.core.vocabulary import Kind, Names, Number, Vocabulary
from saqqara.games.tutankhamuns_revenge.data import CELLS, deck
from saqqara.games.tutankhamuns_revenge.shapes import cell_name

KINDS = len(deck().cards)


@dataclass(frozen=True, slots=True)
class Lay(Action):
    """Lay a card of ``kind`` on the next cell of the layer being laid."""

    kind: int


@dataclass(frozen=True, slots=True)
class RandomLayout(Action):
    """Ask for the rest of the layer to be laid at random."""


@dataclass(frozen=True, slots=True)
class Turn(Action):
    """Chance: the secret quarter turns given to the box."""

    turns: int


@dataclass(frozen=True, slots=True)
class Scarab(Action):
    """Play a scarab card: this turn's gains and penalties count double."""


@dataclass(frozen=True, slots=True)
class Lift(Action):
    """Lift the top card of ``stack``."""

    stack: int


@dataclass(frozen=True, slots=True)
class Stop(Action):
    """End the turn (a pass if nothing was lifted) and cash in the gain."""


@dataclass(frozen=True, slots=True)
class Reveal(Action):
    """Chance: the card of ``kind`` uncovered by the last lift."""

    kind: int


@dataclass(frozen=True, slots=True)
class Block(Action):
    """Lay the blockade card on ``stack`` at the end of the turn."""

    stack: int


@dataclass(frozen=True, slots=True)
class NoBlock(Action):
    """Keep the blockade card at the end of the turn."""


_CARDS = [deck().slug(k) for k in range(KINDS)]
_STACKS = [cell_name(s) for s in range(CELLS)]

VOCABULARY = Vocabulary(
    "Tutankhamun's Revenge",
    [
        Kind(Lay, "lay", (Names(_CARDS, "card"),)),
        Kind(RandomLayout, "random"),
        Kind(Turn, "turn", (Number(4, "a number of quarter turns"),)),
        Kind(Scarab, "scarab"),
        Kind(Lift, "lift", (Names(_STACKS, "stack (a1 .. d4)"),)),
        Kind(Stop, "stop"),
        Kind(Reveal, "reveal", (Names(_CARDS, "card"),)),
        Kind(Block, "block", (Names(_STACKS, "stack (a1 .. d4)"),)),
        Kind(NoBlock, "no-block"),
    ],
)
"""Ids follow this order: every lay, random, the turns, scarab, every lift, stop, every
reveal, every block, no-block."""

# Interned instances: the hot path hands these out instead of building new values.
LAY: tuple[Lay, ...] = VOCABULARY.instances(Lay)
RANDOM: RandomLayout = VOCABULARY.instances(RandomLayout)
TURN: tuple[Turn, ...] = VOCABULARY.instances(Turn)
SCARAB: Scarab = VOCABULARY.instances(Scarab)
LIFT: tuple[Lift, ...] = VOCABULARY.instances(Lift)
STOP: Stop = VOCABULARY.instances(Stop)
REVEAL: tuple[Reveal, ...] = VOCABULARY.instances(Reveal)
BLOCK: tuple[Block, ...] = VOCABULARY.instances(Block)
NO_BLOCK: NoBlock = VOCABULARY.instances(NoBlock)
NUM_DISTINCT_ACTIONS = VOCABULARY.size

# Their ids, nested alike: ``LIFT_IDS[s] == action_id(LIFT[s])`` (for legal id lists).
LAY_IDS: tuple[int, ...] = VOCABULARY.ids(Lay)
TURN_IDS: tuple[int, ...] = VOCABULARY.ids(Turn)
SCARAB_ID: int = VOCABULARY.ids(Scarab)
LIFT_IDS: tuple[int, ...] = VOCABULARY.ids(Lift)
STOP_ID: int = VOCABULARY.ids(Stop)
REVEAL_IDS: tuple[int, ...] = VOCABULARY.ids(Reveal)
BLOCK_IDS: tuple[int, ...] = VOCABULARY.ids(Block)
NO_BLOCK_ID: int = VOCABULARY.ids(NoBlock)


def action_id(action: Action) -> int:
    """The integer id; the order of ids is the order of legal-action lists."""
    return VOCABULARY.action_id(action)


def action_from_id(action_id: int) -> Action:
    return VOCABULARY.action_from_id(action_id)


def action_text(action: Action) -> str:
    """The notation of ``action``.

    >>> action_text(LIFT[9])
    'lift b3'
    """
    return VOCABULARY.text(action)


def parse_action(text: str) -> Action:
    """Read an action's notation.

    >>> parse_action("lay obelisk-top")
    Lay(kind=10)
    """
    return VOCABULARY.parse(text)
