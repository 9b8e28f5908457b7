"""Tutankhamun's actions, their text notation and their integer ids.

Notation (slots and seats are numbered from 0):

========================  ==========================================================
``take 17``               move your pawn forward to path slot 17 and take its tile
``exit``                  (Amigo) move past the end of the path
``rob 2 throne``          (Amigo) give the gold nugget to seat 2, take one throne
``buy 2 blue-cat``        (Out of the Box) buy a blue cat from seat 2 with the bag
``decline``               give the nugget away / let the bag go, taking nothing
``lid`` / ``mask``        (Amigo) play a canopic lid / the gold mask in this scoring
``pharaoh``               (Out of the Box) add a pharaoh tile (or King Tut) to this set
``pass``                  play nothing more in this scoring (for now)
``draw throne``           chance: the next tile laid on the path
========================  ==========================================================
"""

from __future__ import annotations

from dataclasses import dataclass

from saqqara.core.actions import Action
from saqqara.core.errors import NotationError, echo
from saqqara.core.notation import checked_id, is_number, words_of
from saqqara.games.tutankhamun.data import DRAWN_KINDS, NUM_TYPES, Edition

MAX_SLOTS = 70
MAX_SEATS = 6


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Move forward to ``slot`` and take the tile lying there."""

    slot: int


@dataclass(frozen=True, slots=True)
class Exit(Action):
    """Move past the end of the path (Amigo only)."""


@dataclass(frozen=True, slots=True)
class Steal(Action):
    """Use the gold nugget / bag of gold on ``victim``'s tile of type ``kind``."""

    victim: int
    kind: int


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Take nothing with the gold nugget (given away all the same) or the bag of gold."""


@dataclass(frozen=True, slots=True)
class PlayLid(Action):
    """Play a canopic lid to break a tie in the current scoring (Amigo)."""


@dataclass(frozen=True, slots=True)
class PlayMask(Action):
    """Add the gold mask as a joker to the set being scored (Amigo)."""


@dataclass(frozen=True, slots=True)
class PlayWild(Action):
    """Add a pharaoh tile (King Tut last) to the set being scored (Out of the Box)."""


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Play nothing (more) in the current scoring for now."""


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Chance: the next tile laid on the path is of ``kind``."""

    kind: int


# Interned instances: the hot path hands these out instead of building new values.
TAKE = tuple(Take(i) for i in range(MAX_SLOTS))
EXIT = Exit()
STEAL = tuple(tuple(Steal(v, k) for k in range(NUM_TYPES)) for v in range(MAX_SEATS))
DECLINE = Decline()
PLAY_LID = PlayLid()
PLAY_MASK = PlayMask()
PLAY_WILD = PlayWild()
PASS = Pass()
DRAW = tuple(Draw(k) for k in range(DRAWN_KINDS))

_EXIT_ID = MAX_SLOTS
_STEAL_ID = _EXIT_ID + 1
_DECLINE_ID = _STEAL_ID + MAX_SEATS * NUM_TYPES
_LID_ID = _DECLINE_ID + 1
_MASK_ID = _LID_ID + 1
_WILD_ID = _MASK_ID + 1
_PASS_ID = _WILD_ID + 1
_DRAW_ID = _PASS_ID + 1
NUM_DISTINCT_ACTIONS = _DRAW_ID + DRAWN_KINDS

_SIMPLE_IDS: dict[Action, int] = {
    EXIT: _EXIT_ID,
    DECLINE: _DECLINE_ID,
    PLAY_LID: _LID_ID,
    PLAY_MASK: _MASK_ID,
    PLAY_WILD: _WILD_ID,
    PASS: _PASS_ID,
}
_BY_ID: tuple[Action, ...] = (
    *TAKE,
    EXIT,
    *(a for row in STEAL for a in row),
    DECLINE,
    PLAY_LID,
    PLAY_MASK,
    PLAY_WILD,
    PASS,
    *DRAW,
)
assert len(_BY_ID) == NUM_DISTINCT_ACTIONS


def action_id(action: Action) -> int:
    """The integer id; the order of ids is the order of legal-action lists."""
    if isinstance(action, Take):
        return action.slot
    if isinstance(action, Steal):
        return _STEAL_ID + action.victim * NUM_TYPES + action.kind
    if isinstance(action, Draw):
        return _DRAW_ID + action.kind
    try:
        return _SIMPLE_IDS[action]
    except KeyError:
        raise NotationError(f"{echo(action)} is not a Tutankhamun action") from None


def action_from_id(action_id: int) -> Action:
    return _BY_ID[checked_id(action_id, NUM_DISTINCT_ACTIONS)]


def action_text(edition: Edition, action: Action) -> str:
    """The notation of ``action`` in ``edition`` (type names differ between editions)."""
    if isinstance(action, Take):
        return f"take {action.slot}"
    if isinstance(action, Steal):
        verb = "rob" if edition.amigo else "buy"
        return f"{verb} {action.victim} {edition.kind_slug(action.kind)}"
    if isinstance(action, Draw):
        return f"draw {edition.kind_slug(action.kind)}"
    words = {
        EXIT: "exit",
        DECLINE: "decline",
        PLAY_LID: "lid",
        PLAY_MASK: "mask",
        PLAY_WILD: "pharaoh",
        PASS: "pass",
    }
    try:
        return words[action]
    except KeyError:
        raise NotationError(f"{echo(action)} is not a Tutankhamun action") from None


_AMIGO_ONLY = {"exit": EXIT, "lid": PLAY_LID, "mask": PLAY_MASK}
_OOTB_ONLY = {"pharaoh": PLAY_WILD}


def parse_action(edition: Edition, text: str) -> Action:
    """Read the notation of an action of ``edition``.

    >>> from saqqara.games.tutankhamun.data import edition
    >>> parse_action(edition("amigo-1993"), "rob 2 throne")
    Steal(victim=2, kind=12)
    """
    words = words_of(text)
    verb, args = words[0], words[1:]
    own, other = (_AMIGO_ONLY, _OOTB_ONLY) if edition.amigo else (_OOTB_ONLY, _AMIGO_ONLY)
    if verb == "pass" and not args:
        return PASS
    if verb == "decline" and not args:
        return DECLINE
    if verb in own and not args:
        return own[verb]
    if verb in other:
        raise NotationError(f"{echo(verb)} is not an action of the {edition.id} edition")
    if verb == "take" and len(args) == 1 and is_number(args[0]):
        slot = int(args[0])
        if slot < edition.path_length:
            return TAKE[slot]
        raise NotationError(f"slot {slot} is beyond the path (0..{edition.path_length - 1})")
    steal_verb = "rob" if edition.amigo else "buy"
    if verb in ("rob", "buy"):
        if verb != steal_verb:
            raise NotationError(f"{echo(verb)} is not an action of the {edition.id} edition")
        if len(args) == 2 and is_number(args[0]):
            victim = int(args[0])
            kind = edition.kind_from_slug(args[1])
            if victim >= MAX_SEATS:
                raise NotationError(f"there is no seat {victim}")
            if kind is None or kind >= NUM_TYPES:
                raise NotationError(f"unknown treasure type {echo(args[1])}")
            return STEAL[victim][kind]
    if verb == "draw" and len(args) == 1:
        kind = edition.kind_from_slug(args[0])
        if kind is None or kind >= DRAWN_KINDS:
            raise NotationError(f"unknown tile kind {echo(args[0])}")
        return DRAW[kind]
    raise NotationError(f"cannot read {echo(text)} as a Tutankhamun action")
