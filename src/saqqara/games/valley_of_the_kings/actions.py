"""Valley of the Kings' actions, declared once in the core vocabulary (ids, notation).

Notation (seats from 0; groups, overseers, workers and sites from 1, as on the table):

=========================  ============================================================
``start 2``                chance: seat 2 is the start player and takes the pharaoh stone
``draw red``               chance: the next stone drawn from the bag is red
``bid 3 5``                lay your bid tile with 5 gold rings face down at group 3
``overseer 1 15-B``        move (round 1) or order (later rounds) overseer 1 to field 15-B
``worker 2 17``            move worker 2 to area 17
``steal 2 1.5``            take the stone at position 1.5 (level 1, stone 5) of site 2
``takeover 7``             swap your scarab for the owner's at site 7
``build 2 1.5 red``        lay a red stone at position 1.5 of your site 2
``done``                   finish this step of the round (bids, workers, thefts, ...)
=========================  ============================================================

Positions are ``level.index`` from 1, level 1 at the bottom, stones row by row; the centre
of a large site's bottom level is ``1.5``.
"""

from __future__ import annotations

from dataclasses import dataclass

from saqqara.core.actions import Action
from saqqara.core.notation import number
from saqqara.core.vocabulary import Earlier, Field, Kind, Names, Number, Vocabulary
from saqqara.games.valley_of_the_kings.data import board

MAX_SEATS = 4
MAX_GROUPS = MAX_SEATS + 1
MAX_POS = 14
"""Stone positions of the largest scored pyramid."""


@dataclass(frozen=True, slots=True)
class Start(Action):
    """Chance: ``seat`` starts and holds the pharaoh stone."""

    seat: int


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Chance: the next stone out of the bag has colour ``colour``."""

    colour: int


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Lay a bid tile of ``value`` rings face down at ``group`` (0-based)."""

    group: int
    value: int


@dataclass(frozen=True, slots=True)
class Overseer(Action):
    """Move or order overseer ``overseer`` (0-based) to ``node``."""

    overseer: int
    node: int


@dataclass(frozen=True, slots=True)
class Worker(Action):
    """Move worker ``worker`` (0-based) to ``node``."""

    worker: int
    node: int


@dataclass(frozen=True, slots=True)
class Steal(Action):
    """Take the stone at ``pos`` from site ``site`` (0-based)."""

    site: int
    pos: int


@dataclass(frozen=True, slots=True)
class Takeover(Action):
    """Take over site ``site`` (0-based)."""

    site: int


@dataclass(frozen=True, slots=True)
class Build(Action):
    """Lay a stone of ``colour`` at ``pos`` of own site ``site`` (0-based)."""

    site: int
    pos: int
    colour: int


@dataclass(frozen=True, slots=True)
class Done(Action):
    """Finish the current step of the round."""


_B = board()
NODES = _B.num_nodes
SITES = len(_B.sites)
COLOURS = len(_B.colours)
VALUES = max(_B.bid_tiles) + 1
OVERSEERS = _B.overseers
WORKERS = _B.workers


class Position(Field):
    """A stone position of the site named by the field before: ``level.index`` from 1."""

    @property
    def size(self) -> int:
        return MAX_POS

    def text(self, value: int, earlier: Earlier) -> str:
        shape = _B.sites[earlier[0]].shape
        if value >= shape.stones:
            return f"?{value}"
        return shape.pos_text(value)

    def read(self, word: str, earlier: Earlier) -> int:
        shape = _B.sites[earlier[0]].shape
        level_text, _, index_text = word.partition(".")
        level = number(level_text, 1, shape.levels, "a level") - 1
        size = shape.level_start[level + 1] - shape.level_start[level]
        index = number(index_text, 1, size, "a stone of that level") - 1
        return shape.level_start[level] + index


_COLOURS = Names([c.slug for c in _B.colours], "stone colour")
_NODES = Names(_B.node_names, "area or field")
_SITE = Number(SITES, "a site", shift=1)

VOCABULARY = Vocabulary(
    "Valley of the Kings",
    [
        Kind(Start, "start", (Number(MAX_SEATS, "a seat"),)),
        Kind(Draw, "draw", (_COLOURS,)),
        Kind(Bid, "bid", (Number(MAX_GROUPS, "a group", shift=1), Number(VALUES, "a bid value"))),
        Kind(Overseer, "overseer", (Number(OVERSEERS, "an overseer", shift=1), _NODES)),
        Kind(Worker, "worker", (Number(WORKERS, "a worker", shift=1), _NODES)),
        Kind(Steal, "steal", (_SITE, Position())),
        Kind(Takeover, "takeover", (_SITE,)),
        Kind(Build, "build", (_SITE, Position(), _COLOURS)),
        Kind(Done, "done"),
    ],
)
"""Ids follow this order; ``done`` has the last id, so it always ends a legal list."""

# Interned instances: the hot path hands these out instead of building new values.
START: tuple[Start, ...] = VOCABULARY.instances(Start)
DRAW: tuple[Draw, ...] = VOCABULARY.instances(Draw)
BID: tuple[tuple[Bid, ...], ...] = VOCABULARY.instances(Bid)
OVERSEER: tuple[tuple[Overseer, ...], ...] = VOCABULARY.instances(Overseer)
WORKER: tuple[tuple[Worker, ...], ...] = VOCABULARY.instances(Worker)
STEAL: tuple[tuple[Steal, ...], ...] = VOCABULARY.instances(Steal)
TAKEOVER: tuple[Takeover, ...] = VOCABULARY.instances(Takeover)
BUILD: tuple[tuple[tuple[Build, ...], ...], ...] = VOCABULARY.instances(Build)
DONE: Done = VOCABULARY.instances(Done)
NUM_DISTINCT_ACTIONS = VOCABULARY.size

# Their ids, nested alike: ``BID_IDS[g][v] == action_id(BID[g][v])`` (for legal id lists).
START_IDS: tuple[int, ...] = VOCABULARY.ids(Start)
DRAW_IDS: tuple[int, ...] = VOCABULARY.ids(Draw)
BID_IDS: tuple[tuple[int, ...], ...] = VOCABULARY.ids(Bid)
OVERSEER_IDS: tuple[tuple[int, ...], ...] = VOCABULARY.ids(Overseer)
WORKER_IDS: tuple[tuple[int, ...], ...] = VOCABULARY.ids(Worker)
STEAL_IDS: tuple[tuple[int, ...], ...] = VOCABULARY.ids(Steal)
TAKEOVER_IDS: tuple[int, ...] = VOCABULARY.ids(Takeover)
BUILD_IDS: tuple[tuple[tuple[int, ...], ...], ...] = VOCABULARY.ids(Build)
DONE_ID: int = VOCABULARY.ids(Done)


def action_id(action: Action) -> int:
    """The integer id; the order of ids is the order of legal-action lists."""
    return VOCABULARY.action_id(action)


def action_from_id(action_id: int) -> Action:
    return VOCABULARY.action_from_id(action_id)


def action_text(action: Action) -> str:
    """The notation of ``action``."""
    return VOCABULARY.text(action)


def parse_action(text: str) -> Action:
    """Read the notation of an action.

    >>> parse_action("build 2 1.5 red")
    Build(site=1, pos=4, colour=0)
    """
    return VOCABULARY.parse(text)
