"""Tutankhamun's actions, declared once in the core vocabulary (ids, notation) per edition.

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
from saqqara.core.refusals import R_
from saqqara.core.vocabulary import Kind, Names, Number, Vocabulary
from saqqara.games.tutankhamun.data import AMIGO, DRAWN_KINDS, NUM_TYPES, OOTB, Edition, edition

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


def _kind_names(edition: Edition, count: int) -> list[str]:
    return [edition.kind_slug(k) for k in range(count)]


def _vocabulary(edition: Edition, same: Vocabulary | None) -> Vocabulary:
    """The id space is the same in both editions; notation and what is read differ."""
    amigo = edition.amigo

    def own_slug(kind: int) -> bool:
        return edition.kind_from_slug(edition.kind_slug(kind)) == kind

    def other(verb: str) -> str:
        return f"{verb!r} is not an action of the {edition.id} edition"

    def only(edition_is_amigo: bool, verb: str) -> str | None:
        return None if amigo == edition_is_amigo else other(verb)

    steal, other_steal = ("rob", "buy") if amigo else ("buy", "rob")
    return Vocabulary(
        "Tutankhamun",
        [
            Kind(
                Take,
                "take",
                (
                    Number(
                        MAX_SLOTS,
                        "a slot",
                        readable=edition.path_length,
                        refusal=R_("slot {word} is beyond the path ({low}..{high})"),
                    ),
                ),
            ),
            Kind(Exit, "exit", unread=only(True, "exit")),
            Kind(
                Steal,
                steal,
                (
                    Number(MAX_SEATS, "a seat", refusal=R_("there is no seat {word}")),
                    Names(_kind_names(edition, NUM_TYPES), "treasure type", readable=own_slug),
                ),
            ),
            Kind(Decline, "decline"),
            Kind(PlayLid, "lid", unread=only(True, "lid")),
            Kind(PlayMask, "mask", unread=only(True, "mask")),
            Kind(PlayWild, "pharaoh", unread=only(False, "pharaoh")),
            Kind(Pass, "pass"),
            Kind(
                Draw,
                "draw",
                (Names(_kind_names(edition, DRAWN_KINDS), "tile kind", readable=own_slug),),
            ),
        ],
        refused={other_steal: other(other_steal)},
        instances_of=same,
    )


_AMIGO_VOCABULARY = _vocabulary(edition(AMIGO), None)
VOCABULARIES: dict[str, Vocabulary] = {
    AMIGO: _AMIGO_VOCABULARY,
    OOTB: _vocabulary(edition(OOTB), _AMIGO_VOCABULARY),
}
"""One vocabulary per edition, sharing ids and instances."""

# Interned instances: the hot path hands these out instead of building new values.
TAKE: tuple[Take, ...] = _AMIGO_VOCABULARY.instances(Take)
EXIT: Exit = _AMIGO_VOCABULARY.instances(Exit)
STEAL: tuple[tuple[Steal, ...], ...] = _AMIGO_VOCABULARY.instances(Steal)
DECLINE: Decline = _AMIGO_VOCABULARY.instances(Decline)
PLAY_LID: PlayLid = _AMIGO_VOCABULARY.instances(PlayLid)
PLAY_MASK: PlayMask = _AMIGO_VOCABULARY.instances(PlayMask)
PLAY_WILD: PlayWild = _AMIGO_VOCABULARY.instances(PlayWild)
PASS: Pass = _AMIGO_VOCABULARY.instances(Pass)
DRAW: tuple[Draw, ...] = _AMIGO_VOCABULARY.instances(Draw)
NUM_DISTINCT_ACTIONS = _AMIGO_VOCABULARY.size

# Their ids, nested alike: ``TAKE_IDS[j] == action_id(TAKE[j])`` (for legal id lists).
TAKE_IDS: tuple[int, ...] = _AMIGO_VOCABULARY.ids(Take)
EXIT_ID: int = _AMIGO_VOCABULARY.ids(Exit)
STEAL_IDS: tuple[tuple[int, ...], ...] = _AMIGO_VOCABULARY.ids(Steal)
DECLINE_ID: int = _AMIGO_VOCABULARY.ids(Decline)
DRAW_IDS: tuple[int, ...] = _AMIGO_VOCABULARY.ids(Draw)


def action_id(action: Action) -> int:
    """The integer id; the order of ids is the order of legal-action lists."""
    return _AMIGO_VOCABULARY.action_id(action)


def ids_of(actions: list[Action]) -> tuple[int, ...]:
    """The ids of ``actions``, in order (:meth:`Vocabulary.ids_of`)."""
    return _AMIGO_VOCABULARY.ids_of(actions)


def action_from_id(action_id: int) -> Action:
    return _AMIGO_VOCABULARY.action_from_id(action_id)


def action_text(edition: Edition, action: Action) -> str:
    """The notation of ``action`` in ``edition`` (type names differ between editions)."""
    return VOCABULARIES[edition.id].text(action)


def parse_action(edition: Edition, text: str) -> Action:
    """Read the notation of an action of ``edition``.

    >>> from saqqara.games.tutankhamun.data import edition
    >>> parse_action(edition("amigo-1993"), "rob 2 throne")
    Steal(victim=2, kind=12)
    """
    return VOCABULARIES[edition.id].parse(text)
