"""Curse of the Mummy's actions, their text notation and their integer ids.

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
from saqqara.core.errors import NotationError, echo
from saqqara.core.notation import checked_id, is_number, words_of
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


class Vocabulary:
    """Interned actions and ids for a board (the number of fields fixes the id space)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        fields = board.fields
        nsym = len(board.symbols)
        self.ROLL = Roll()
        self.RESOLVE = Resolve()
        self.STUCK = Stuck()
        self.REROLL = Reroll()
        self.ANNOUNCE = tuple(Announce(v) for v in range(5))
        self.GO = tuple((Go(f, False), Go(f, True)) for f in range(fields))
        self.STEP = tuple(Step(d) for d in range(4))
        self.STOP = Stop()
        self.DEAL = tuple(Deal(s) for s in range(nsym))
        self.DIE = tuple(Die(f) for f in range(6))
        self.MUMMY_DIE = tuple(MummyDie(v) for v in range(MAX_MUMMY_VALUE + 1))
        self.REVEAL = Reveal()
        self._announce = 4
        self._go = self._announce + 5
        self._step = self._go + 2 * fields
        self._stop = self._step + 4
        self._deal = self._stop + 1
        self._die = self._deal + nsym
        self._mummy_die = self._die + 6
        self._reveal = self._mummy_die + MAX_MUMMY_VALUE
        self.size = self._reveal + 1
        by_id: list[Action] = [self.ROLL, self.RESOLVE, self.STUCK, self.REROLL]
        by_id += self.ANNOUNCE
        by_id += [a for pair in self.GO for a in pair]
        by_id += self.STEP
        by_id.append(self.STOP)
        by_id += self.DEAL
        by_id += self.DIE
        by_id += self.MUMMY_DIE[1:]
        by_id.append(self.REVEAL)
        assert len(by_id) == self.size
        self.by_id = tuple(by_id)
        self._ids = {a: i for i, a in enumerate(by_id)}

    def action_id(self, action: Action) -> int:
        try:
            return self._ids[action]
        except KeyError:
            raise NotationError(f"{echo(action)} is not a Curse of the Mummy action") from None

    def action_from_id(self, action_id: int) -> Action:
        return self.by_id[checked_id(action_id, self.size)]

    def text(self, action: Action) -> str:
        board = self.board
        if isinstance(action, Go):
            return f"go {board.field_name(action.field)}" + (" play" if action.play else "")
        if isinstance(action, Announce):
            return f"announce {FACE_WORDS[action.value]}"
        if isinstance(action, Step):
            return f"step {DIRECTIONS[action.direction]}"
        if isinstance(action, Die):
            return f"die {FACE_WORDS[action.face]}"
        if isinstance(action, MummyDie):
            return f"mummy-die {action.value}"
        if isinstance(action, Deal):
            return f"deal {board.symbols[action.symbol].name}"
        words = {
            self.ROLL: "roll",
            self.RESOLVE: "resolve",
            self.STUCK: "stuck",
            self.REROLL: "reroll",
            self.STOP: "stop",
            self.REVEAL: "reveal",
        }
        try:
            return words[action]
        except KeyError:
            raise NotationError(f"{echo(action)} is not a Curse of the Mummy action") from None

    def parse(self, text: str) -> Action:
        """Read an action's notation.

        >>> from saqqara.games.curse_of_the_mummy.data import board
        >>> Vocabulary(board()).parse("go c4 play")
        Go(field=35, play=True)
        """
        words = words_of(text)
        verb, args = words[0], words[1:]
        simple = {
            "roll": self.ROLL,
            "resolve": self.RESOLVE,
            "stuck": self.STUCK,
            "reroll": self.REROLL,
            "stop": self.STOP,
            "reveal": self.REVEAL,
        }
        if verb in simple and not args:
            return simple[verb]
        if verb == "go" and args and (len(args) == 1 or args[1:] == ["play"]):
            field = self.board.field_from_name(args[0])
            if field is None:
                raise NotationError(f"there is no field {echo(args[0])}")
            return self.GO[field][len(args) == 2]
        if verb in ("announce", "die") and len(args) == 1 and args[0] in FACE_WORDS:
            face = FACE_WORDS.index(args[0])
            if verb == "die":
                return self.DIE[face]
            if face < MUMMY_FACE:
                return self.ANNOUNCE[face]
            raise NotationError("a mummy face cannot be announced")
        if verb == "step" and len(args) == 1 and args[0] in DIRECTIONS:
            return self.STEP[DIRECTIONS.index(args[0])]
        if verb == "mummy-die" and len(args) == 1 and is_number(args[0]):
            value = int(args[0])
            if 1 <= value <= MAX_MUMMY_VALUE:
                return self.MUMMY_DIE[value]
            raise NotationError(f"the mummy die has no face {value}")
        if verb == "deal" and len(args) == 1:
            symbol = self.board.symbol_by_name(args[0])
            if symbol is None:
                raise NotationError(f"unknown symbol {echo(args[0])}")
            return self.DEAL[symbol.id]
        raise NotationError(f"cannot read {echo(text)} as a Curse of the Mummy action")
