"""Curse of the Mummy's actions, declared once in the core vocabulary (ids, notation).

Notation (fields are named like ``c4``: column letter, row number from the top):

=====================  ===============================================================
``roll``               explorer: start the turn by rolling the dice not set aside
``resolve``            explorer: resolve the mummy dice first (the mummy's interim move)
``stuck``              explorer: announce that the figure cannot move at all
``reroll``             explorer: roll again the dice that do not show a mummy
``announce 3``         explorer: pick a die and announce its value (``announce arrow``)
``go c4``              explorer: move the figure to ``c4`` (``go c4 play``: and play the
                       card of the symbol there)
``step n``             mummy: one step north / east / south / west (``n e s w``)
``stop``               mummy: end the move early
``deal scarab``        chance: the next card dealt
``die 4``              chance: one explorer die shows 4 (``die arrow``, ``die mummy``)
``mummy-die 3``        chance: the mummy die shows 3
``reveal``             chance: the table answers whether the mummy's step caught someone
=====================  ===============================================================
"""

from __future__ import annotations

from dataclasses import dataclass

from saqqara.core.actions import Action
from saqqara.core.vocabulary import Flag, Kind, Names, Number
from saqqara.core.vocabulary import Vocabulary as CoreVocabulary
from saqqara.games.curse_of_the_mummy.data import DIRECTIONS, Board

ARROW = 4
"""Index of the arrow among the explorer die faces (0..3 are the numbers 1..4)."""
MUMMY_FACE = 5
FACE_WORDS = ("1", "2", "3", "4", "arrow", "mummy")
MAX_MUMMY_VALUE = 6


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Start the turn: roll every die not showing a mummy."""


@dataclass(frozen=True, slots=True)
class Resolve(Action):
    """Resolve the mummy dice: the mummy moves first, then all five dice are rolled."""


@dataclass(frozen=True, slots=True)
class Stuck(Action):
    """Announce that the figure cannot move with any value; the turn is skipped."""


@dataclass(frozen=True, slots=True)
class Reroll(Action):
    """Roll again the dice that do not show a mummy."""


@dataclass(frozen=True, slots=True)
class Announce(Action):
    """Announce the value of one rolled die (0..3: 1..4, 4: the arrow)."""

    value: int


@dataclass(frozen=True, slots=True)
class Go(Action):
    """Move the figure to ``field``; with ``play``, play the card of the symbol there."""

    field: int
    play: bool


@dataclass(frozen=True, slots=True)
class Step(Action):
    """The mummy steps one field in ``direction`` (0..3: n, e, s, w)."""

    direction: int


@dataclass(frozen=True, slots=True)
class Stop(Action):
    """The mummy ends its move early."""


@dataclass(frozen=True, slots=True)
class Deal(Action):
    """Chance: the next card dealt shows ``symbol``."""

    symbol: int


@dataclass(frozen=True, slots=True)
class Die(Action):
    """Chance: one explorer die shows ``face`` (0..5: 1, 2, 3, 4, arrow, mummy)."""

    face: int


@dataclass(frozen=True, slots=True)
class MummyDie(Action):
    """Chance: the mummy die shows ``value``."""

    value: int


@dataclass(frozen=True, slots=True)
class Reveal(Action):
    """Chance with a single outcome: the table says whether the mummy caught someone.

    The mummy's own step cannot tell it whether an explorer stood there; the answer comes
    from outside its decision, like a die, so it is a separate step.
    """


class Vocabulary(CoreVocabulary):
    """The core vocabulary of a board (the number of fields fixes the id space), with its
    interned actions by name."""

    def __init__(self, board: Board) -> None:
        self.board = board
        super().__init__(
            "Curse of the Mummy",
            [
                Kind(Roll, "roll"),
                Kind(Resolve, "resolve"),
                Kind(Stuck, "stuck"),
                Kind(Reroll, "reroll"),
                Kind(Announce, "announce", (Names(FACE_WORDS[:MUMMY_FACE], "announced face"),)),
                Kind(Go, "go", (Names(board.names, "field"), Flag("play"))),
                Kind(Step, "step", (Names(DIRECTIONS, "direction"),)),
                Kind(Stop, "stop"),
                Kind(Deal, "deal", (Names([s.name for s in board.symbols], "symbol"),)),
                Kind(Die, "die", (Names(FACE_WORDS, "die face"),)),
                Kind(
                    MummyDie,
                    "mummy-die",
                    (Number(MAX_MUMMY_VALUE, "a mummy die face", first=1),),
                ),
                Kind(Reveal, "reveal"),
            ],
        )
        self.ROLL: Roll = self.instances(Roll)
        self.RESOLVE: Resolve = self.instances(Resolve)
        self.STUCK: Stuck = self.instances(Stuck)
        self.REROLL: Reroll = self.instances(Reroll)
        self.ANNOUNCE: tuple[Announce, ...] = self.instances(Announce)
        self.GO: tuple[tuple[Go, Go], ...] = self.instances(Go)
        self.STEP: tuple[Step, ...] = self.instances(Step)
        self.STOP: Stop = self.instances(Stop)
        self.DEAL: tuple[Deal, ...] = self.instances(Deal)
        self.DIE: tuple[Die, ...] = self.instances(Die)
        self.MUMMY_DIE: tuple[MummyDie, ...] = (MummyDie(0), *self.instances(MummyDie))
        """Indexed by the value shown; 0 is no face (and has no id)."""
        self.REVEAL: Reveal = self.instances(Reveal)
        self.REVEAL_ID: int = self.ids(Reveal)
        self.ROLL_OUTCOME_IDS: tuple[tuple[int, float], ...] = tuple(
            (die, 1 / 6) for die in self.ids(Die)
        )
        """A roll's chance outcomes by id: every face, a sixth each."""
