"""Valley of the Kings' actions, their text notation and their integer ids.

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
from saqqara.core.errors import NotationError, echo
from saqqara.core.notation import checked_id, number, words_of
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

START = tuple(Start(s) for s in range(MAX_SEATS))
DRAW = tuple(Draw(c) for c in range(COLOURS))
BID = tuple(tuple(Bid(g, v) for v in range(VALUES)) for g in range(MAX_GROUPS))
OVERSEER = tuple(tuple(Overseer(o, n) for n in range(NODES)) for o in range(OVERSEERS))
WORKER = tuple(tuple(Worker(w, n) for n in range(NODES)) for w in range(WORKERS))
STEAL = tuple(tuple(Steal(s, p) for p in range(MAX_POS)) for s in range(SITES))
TAKEOVER = tuple(Takeover(s) for s in range(SITES))
BUILD = tuple(
    tuple(tuple(Build(s, p, c) for c in range(COLOURS)) for p in range(MAX_POS))
    for s in range(SITES)
)
DONE = Done()

_DRAW_ID = MAX_SEATS
_BID_ID = _DRAW_ID + COLOURS
_OVERSEER_ID = _BID_ID + MAX_GROUPS * VALUES
_WORKER_ID = _OVERSEER_ID + OVERSEERS * NODES
_STEAL_ID = _WORKER_ID + WORKERS * NODES
_TAKEOVER_ID = _STEAL_ID + SITES * MAX_POS
_BUILD_ID = _TAKEOVER_ID + SITES
_DONE_ID = _BUILD_ID + SITES * MAX_POS * COLOURS
NUM_DISTINCT_ACTIONS = _DONE_ID + 1
"""``done`` has the last id, so it always ends a legal list."""

_BY_ID: tuple[Action, ...] = (
    *START,
    *DRAW,
    *(a for row in BID for a in row),
    *(a for row in OVERSEER for a in row),
    *(a for row in WORKER for a in row),
    *(a for row in STEAL for a in row),
    *TAKEOVER,
    *(a for site in BUILD for row in site for a in row),
    DONE,
)
assert len(_BY_ID) == NUM_DISTINCT_ACTIONS


def action_id(action: Action) -> int:
    """The integer id; the order of ids is the order of legal-action lists."""
    if isinstance(action, Build):
        return _BUILD_ID + (action.site * MAX_POS + action.pos) * COLOURS + action.colour
    if isinstance(action, Worker):
        return _WORKER_ID + action.worker * NODES + action.node
    if isinstance(action, Overseer):
        return _OVERSEER_ID + action.overseer * NODES + action.node
    if isinstance(action, Bid):
        return _BID_ID + action.group * VALUES + action.value
    if isinstance(action, Steal):
        return _STEAL_ID + action.site * MAX_POS + action.pos
    if isinstance(action, Takeover):
        return _TAKEOVER_ID + action.site
    if isinstance(action, Draw):
        return _DRAW_ID + action.colour
    if isinstance(action, Start):
        return action.seat
    if isinstance(action, Done):
        return _DONE_ID
    raise NotationError(f"{echo(action)} is not a Valley of the Kings action")


def action_from_id(action_id: int) -> Action:
    return _BY_ID[checked_id(action_id, NUM_DISTINCT_ACTIONS)]


def _pos_text(site: int, pos: int) -> str:
    shape = _B.sites[site].shape
    if pos >= shape.stones:
        return f"?{pos}"
    return shape.pos_text(pos)


def action_text(action: Action) -> str:
    """The notation of ``action``."""
    b = _B
    if isinstance(action, Build):
        colour = b.colours[action.colour].slug
        return f"build {action.site + 1} {_pos_text(action.site, action.pos)} {colour}"
    if isinstance(action, Worker):
        return f"worker {action.worker + 1} {b.node_names[action.node]}"
    if isinstance(action, Overseer):
        return f"overseer {action.overseer + 1} {b.node_names[action.node]}"
    if isinstance(action, Bid):
        return f"bid {action.group + 1} {action.value}"
    if isinstance(action, Steal):
        return f"steal {action.site + 1} {_pos_text(action.site, action.pos)}"
    if isinstance(action, Takeover):
        return f"takeover {action.site + 1}"
    if isinstance(action, Draw):
        return f"draw {b.colours[action.colour].slug}"
    if isinstance(action, Start):
        return f"start {action.seat}"
    if isinstance(action, Done):
        return "done"
    raise NotationError(f"{echo(action)} is not a Valley of the Kings action")


def _node(text: str) -> int:
    try:
        return _B.node(text)
    except KeyError:
        raise NotationError(f"there is no area or field {echo(text)}") from None


def _colour(text: str) -> int:
    for index, colour in enumerate(_B.colours):
        if colour.slug == text:
            return index
    names = ", ".join(c.slug for c in _B.colours)
    raise NotationError(f"unknown stone colour {echo(text)} (colours: {names})")


def _pos(site: int, text: str) -> int:
    """Read ``level.index`` at ``site``."""
    shape = _B.sites[site].shape
    level_text, _, index_text = text.partition(".")
    level = number(level_text, 1, shape.levels, "a level") - 1
    size = shape.level_start[level + 1] - shape.level_start[level]
    index = number(index_text, 1, size, "a stone of that level") - 1
    return shape.level_start[level] + index


def parse_action(text: str) -> Action:
    """Read the notation of an action.

    >>> parse_action("build 2 1.5 red")
    Build(site=1, pos=4, colour=0)
    """
    words = words_of(text)
    verb, args = words[0], words[1:]
    arity = {
        "done": 0,
        "start": 1,
        "draw": 1,
        "takeover": 1,
        "bid": 2,
        "overseer": 2,
        "worker": 2,
        "steal": 2,
        "build": 3,
    }
    if verb not in arity:
        raise NotationError(f"cannot read {echo(text)} as a Valley of the Kings action")
    if len(args) != arity[verb]:
        raise NotationError(f"{verb!r} takes {arity[verb]} argument(s); got {echo(text)}")
    if verb == "done":
        return DONE
    if verb == "start":
        return START[number(args[0], 0, MAX_SEATS - 1, "a seat")]
    if verb == "draw":
        return DRAW[_colour(args[0])]
    if verb == "bid":
        group = number(args[0], 1, MAX_GROUPS, "a group") - 1
        return BID[group][number(args[1], 0, VALUES - 1, "a bid value")]
    if verb == "overseer":
        return OVERSEER[number(args[0], 1, OVERSEERS, "an overseer") - 1][_node(args[1])]
    if verb == "worker":
        return WORKER[number(args[0], 1, WORKERS, "a worker") - 1][_node(args[1])]
    site = number(args[0], 1, SITES, "a site") - 1
    if verb == "takeover":
        return TAKEOVER[site]
    pos = _pos(site, args[1])
    if verb == "steal":
        return STEAL[site][pos]
    return BUILD[site][pos][_colour(args[2])]
