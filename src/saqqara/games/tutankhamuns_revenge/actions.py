"""Tutankhamun's Revenge: actions, their text notation and their integer ids.

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
from saqqara.core.errors import NotationError, echo
from saqqara.core.notation import checked_id, words_of
from saqqara.games.tutankhamuns_revenge.data import CELLS, deck
from saqqara.games.tutankhamuns_revenge.shapes import cell_from_name, cell_name

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


LAY = tuple(Lay(k) for k in range(KINDS))
RANDOM = RandomLayout()
TURN = tuple(Turn(r) for r in range(4))
SCARAB = Scarab()
LIFT = tuple(Lift(s) for s in range(CELLS))
STOP = Stop()
REVEAL = tuple(Reveal(k) for k in range(KINDS))
BLOCK = tuple(Block(s) for s in range(CELLS))
NO_BLOCK = NoBlock()

_BY_ID: tuple[Action, ...] = (
    *LAY,
    RANDOM,
    *TURN,
    SCARAB,
    *LIFT,
    STOP,
    *REVEAL,
    *BLOCK,
    NO_BLOCK,
)
NUM_DISTINCT_ACTIONS = len(_BY_ID)
_IDS: dict[Action, int] = {a: i for i, a in enumerate(_BY_ID)}


_INTERNED: dict[int, int] = {id(a): i for i, a in enumerate(_BY_ID)}
"""Ids of the interned instances by object identity: no dataclass hashing on the hot path."""


def action_id(action: Action) -> int:
    """The integer id; the order of ids is the order of legal-action lists."""
    fast = _INTERNED.get(id(action))
    if fast is not None:
        return fast
    try:
        return _IDS[action]
    except (KeyError, TypeError):
        raise NotationError(f"{echo(action)} is not a Tutankhamun's Revenge action") from None


def action_from_id(action_id: int) -> Action:
    return _BY_ID[checked_id(action_id, NUM_DISTINCT_ACTIONS)]


def action_text(action: Action) -> str:
    """The notation of ``action``.

    >>> action_text(LIFT[9])
    'lift b3'
    """
    slug = deck().slug
    match action:
        case Lay(kind):
            return f"lay {slug(kind)}"
        case Reveal(kind):
            return f"reveal {slug(kind)}"
        case Turn(turns):
            return f"turn {turns}"
        case Lift(stack):
            return f"lift {cell_name(stack)}"
        case Block(stack):
            return f"block {cell_name(stack)}"
        case RandomLayout():
            return "random"
        case Scarab():
            return "scarab"
        case Stop():
            return "stop"
        case NoBlock():
            return "no-block"
    raise NotationError(f"{echo(action)} is not a Tutankhamun's Revenge action")


_WORDS: dict[str, Action] = {"random": RANDOM, "scarab": SCARAB, "stop": STOP, "no-block": NO_BLOCK}


def parse_action(text: str) -> Action:
    """Read an action's notation.

    >>> parse_action("lay obelisk-top")
    Lay(kind=10)
    """
    words = words_of(text)
    if len(words) == 1 and words[0] in _WORDS:
        return _WORDS[words[0]]
    if len(words) == 2:
        verb, arg = words
        if verb in ("lay", "reveal"):
            kind = deck().kind(arg)
            if kind is None:
                raise NotationError(f"unknown card {echo(arg)}")
            return LAY[kind] if verb == "lay" else REVEAL[kind]
        if verb in ("lift", "block"):
            cell = cell_from_name(arg)
            if cell is None:
                raise NotationError(f"unknown stack {echo(arg)} (a1 .. d4)")
            return LIFT[cell] if verb == "lift" else BLOCK[cell]
        if verb == "turn" and arg in ("0", "1", "2", "3"):
            return TURN[int(arg)]
    raise NotationError(f"cannot read {echo(text)} as a Tutankhamun's Revenge action")
