"""The game contract: a configured :class:`Game` and its mutable :class:`State`.

Modelled on OpenSpiel's state API. ``to_act()`` names who must decide now: one seat, several
seats (a sealed simultaneous decision: each commits once and nothing is revealed until all
have), ``(CHANCE,)`` for a chance node, or nothing once the game is over.
"""

from __future__ import annotations

import dataclasses
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar, Self

from saqqara.core.action_ids import action_ids
from saqqara.core.actions import Action
from saqqara.core.errors import IllegalAction, OptionError, echo
from saqqara.core.events import JSON, Event
from saqqara.core.notation import checked_id
from saqqara.core.outcome import Outcome
from saqqara.core.refusals import R_
from saqqara.core.snapshot import state_from_json, state_to_json
from saqqara.core.spec import GameSpec
from saqqara.core.tensors import TensorEncoder
from saqqara.core.view import ViewContract

CHANCE = -1
"""The seat number of chance in ``to_act()`` and in records."""

NO_SUCH_SEAT = R_("there is no seat {seat} (seats 0..{last}, chance {chance})")
NOT_AN_ACTION = R_("{action} is not an action of {game}")
GAME_OVER = R_("the game is over")
NOT_YOUR_TURN = R_("it is not seat {seat}'s turn ({who} to act)")
NOT_CHANCE = R_("{action} is not a chance outcome now")
NOT_LEGAL = R_("{action} is not legal now")
STALE = R_("the game has moved on: action {next} is next, not {sent}")
NOT_SEATS_TURN = R_("it is not seat {seat}'s turn")
"""The refusals of :meth:`State.check` and of a match (:mod:`saqqara.core.refusals`),
marked here so that every face that loads a game knows them."""


class Game(ABC):
    """A game configured with its player count and options; the factory of its states.

    It also owns the action vocabulary of that configuration: text notation and integer ids.
    """

    spec: GameSpec

    def __init__(self, players: int, options: Mapping[str, str] | None = None) -> None:
        self.spec.check_players(players)
        self.players = players
        self.options = self.spec.resolve_options(options)

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v}" for k, v in self.options.items())
        return f"<{type(self).__name__} {self.spec.id} players={self.players} {opts}>"

    @abstractmethod
    def new_state(self) -> State:
        """The position before the first action (usually a chance node for the setup)."""

    # -- the action vocabulary ------------------------------------------------------------
    @property
    @abstractmethod
    def num_distinct_actions(self) -> int:
        """The size of the integer action space, chance outcomes included."""

    @abstractmethod
    def action_id(self, action: Action) -> int:
        """The integer id of ``action``, in ``range(num_distinct_actions)``."""

    @abstractmethod
    def action_from_id(self, action_id: int) -> Action:
        """The action with this id; :class:`NotationError` if there is none."""

    @abstractmethod
    def action_text(self, action: Action) -> str:
        """The action's notation; ``parse_action`` reads it back."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Read an action's notation; :class:`NotationError` if the text names none."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        # A configured game never changes, so a copy of it is itself.
        return self

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the table of :func:`action_ids`: it is keyed by object
        identity, which another process does not share (an unpickled game builds its own
        on first use)."""
        state = dict(self.__dict__)
        state.pop("_action_ids", None)
        return state

    # -- what a client is told -------------------------------------------------------------
    @abstractmethod
    def view_contract(self) -> ViewContract:
        """The TypedDicts of the game's views, events and board (``docs/views.md``)."""

    @abstractmethod
    def board_data(self) -> dict[str, Any]:
        """The public static facts a client needs to draw this configuration's board,
        as JSON following ``view_contract().board``."""

    def state_from_json(self, data: Any) -> State:
        """The state a snapshot (:meth:`State.to_json`) was written from; raises
        :class:`RecordError` for a snapshot of another game, configuration or rules version."""
        return state_from_json(self, data)

    def tensor_encoder(self) -> TensorEncoder | None:
        """The game's tensor layout for research faces; ``None`` if it declares none."""
        return None

    def seat_roles(self) -> tuple[str, ...] | None:
        """The side each seat plays, for games of unequal sides (``("mummy", "explorer",
        ...)``); ``None`` when every seat plays the same game. Faces use it to let a person
        pick a side (``--seat mummy``) and to report win rates per side."""
        return None

    def seat_of_role(self, role: str) -> int:
        """The first seat that plays ``role``; :class:`OptionError` naming the roles if none."""
        roles = self.seat_roles()
        if roles is None or role not in roles:
            have = ", ".join(dict.fromkeys(roles)) if roles else "none (every seat is alike)"
            raise OptionError(
                f"{self.spec.id} has no seat role {role!r}; roles: {have}", code="bad-seat"
            )
        return roles.index(role)

    def check_action_id(self, action_id: int) -> None:
        """Raise :class:`NotationError` unless ``action_id`` is an ``int`` in range."""
        checked_id(action_id, self.num_distinct_actions)

    def canonical(self, action: object) -> Action | None:
        """The game's own instance of ``action``, or ``None`` if it names no action here.

        A value is an action of this game only if it is of one of the game's action classes
        and every field has exactly the type and value of a field of an action in the id
        space: ``Take(True)``, ``Die(face=1.0)`` and ``Steal(0, 999)`` name none.
        """
        return _vocabulary_index(self).find(action)


class _VocabularyIndex:
    """Every action of a configured game, found by class and by exactly typed field values."""

    __slots__ = ("actions", "field_types", "interned")

    def __init__(self, game: Game) -> None:
        self.actions: dict[type, tuple[tuple[str, ...], dict[tuple[Any, ...], Action]]] = {}
        self.field_types: set[type] = set()
        self.interned: dict[int, Action] = {}
        """The vocabulary's own instances by identity (they live as long as the index)."""
        for action_id in range(game.num_distinct_actions):
            action = game.action_from_id(action_id)
            entry = self.actions.get(type(action))
            if entry is None:
                names = tuple(f.name for f in dataclasses.fields(action))  # type: ignore[arg-type]
                entry = self.actions[type(action)] = (names, {})
            values = tuple(getattr(action, name) for name in entry[0])
            self.field_types.update(type(value) for value in values)
            entry[1][_typed(values)] = action
            self.interned[id(action)] = action

    def find(self, action: object) -> Action | None:
        own = self.interned.get(id(action))
        if own is action:  # the common case: an action handed out by the game itself
            return own
        entry = self.actions.get(type(action))
        if entry is None:
            return None
        names, actions = entry
        values = tuple(getattr(action, name, _MISSING) for name in names)
        # Only values of the types the vocabulary uses (ints, bools) are hashed or compared.
        if not all(type(value) in self.field_types for value in values):
            return None
        return actions.get(_typed(values))


_MISSING = object()


def _typed(values: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple((type(value), value) for value in values)


def _vocabulary_index(game: Game) -> _VocabularyIndex:
    """The game's index, built on first use (each configured game owns its instances)."""
    index: _VocabularyIndex | None = game.__dict__.get("_vocabulary_index")
    if index is None:
        index = game.__dict__["_vocabulary_index"] = _VocabularyIndex(game)
    return index


class State(ABC):
    """A mutable position of a configured game.

    Subclasses keep their fields flat (lists and tuples of ints) so that :meth:`clone` is
    cheap, and write events only through :meth:`emit`, which costs nothing when nobody
    listens (the unchecked apply used by search).
    """

    game: Game
    _events: list[Event] | None = None
    SNAPSHOT_DERIVED: ClassVar[frozenset[str]] = frozenset({"game"})
    """Fields a state rebuilds from its game, which snapshots leave out."""

    # -- who acts -------------------------------------------------------------------------
    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """Seats that must decide now, ``(CHANCE,)``, or ``()`` when the game is over."""

    def is_terminal(self) -> bool:
        return not self.to_act()

    def is_chance(self) -> bool:
        return self.to_act() == (CHANCE,)

    # -- actions --------------------------------------------------------------------------
    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """The seat's legal actions, ordered by action id; empty if it need not act."""

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node: each outcome with its probability, ordered by action id."""

    def legal_action_ids(self, seat: int) -> list[int]:
        """The ids of :meth:`legal_actions` (``game.action_id`` of each, in order), for
        faces that speak ids (the OpenSpiel game). Games may override it to build the ids
        directly, skipping one lookup per action; the conformance kit holds both equal."""
        return action_ids(self.game).of(self.legal_actions(seat))

    def chance_outcome_ids(self) -> list[tuple[int, float]]:
        """:meth:`chance_outcomes` with each action's id in its place (same order, same
        probabilities); games may override it as :meth:`legal_action_ids`."""
        return action_ids(self.game).pairs(self.chance_outcomes())

    def sample_chance(self, rng: random.Random) -> Action:
        """Draw a chance outcome with the probabilities of :meth:`chance_outcomes`."""
        outcomes = self.chance_outcomes()
        actions = [a for a, _ in outcomes]
        weights = [p for _, p in outcomes]
        return rng.choices(actions, weights)[0]

    def play_chance(self, rng: random.Random) -> None:
        """Play chance steps, each drawn as :meth:`sample_chance` draws it, until a seat
        acts or the game ends (nothing when chance does not act). Games may override it
        with a faster loop that uses ``rng`` the same way."""
        while (acting := self.to_act()) and acting[0] == CHANCE:
            self.apply_unchecked(CHANCE, self.sample_chance(rng))

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Check and apply ``action`` for ``seat``; return the events it caused.

        Raises :class:`IllegalAction` (nothing changes) for anything but a legal step: see
        :meth:`check`.
        """
        self.check(seat, action)
        return self.apply_checked(seat, action)

    def apply_checked(self, seat: int, action: Action) -> list[Event]:
        """Apply an action the caller has already found legal (in this very state's legal
        list or chance outcomes, as :meth:`check` would); return the events it caused.

        For faces that keep the legal list at hand (the OpenSpiel game) and so need not
        build it twice; anything else goes through :meth:`apply`.
        """
        self._events = []
        try:
            self.apply_unchecked(seat, action)
            return self._events
        finally:
            self._events = None

    def check(self, seat: int, action: Action) -> None:
        """Raise :class:`IllegalAction` unless ``seat`` may play ``action`` now.

        Any value is accepted as input and refused cleanly: a seat must be exactly an
        ``int`` naming a seat or ``CHANCE`` (``no-such-seat``); an action must be one of
        this game's, field types included (``not-an-action``, see :meth:`Game.canonical`);
        then ``game-over``, ``not-your-turn``, and for an action outside the legal list the
        game's own reason (:meth:`refusal`).
        """
        game = self.game
        if type(seat) is not int or not (seat == CHANCE or 0 <= seat < game.players):
            raise IllegalAction(
                NO_SUCH_SEAT.format(seat=echo(seat), last=game.players - 1, chance=CHANCE),
                code="no-such-seat",
            )
        own = game.canonical(action)
        if own is None:
            raise IllegalAction(
                NOT_AN_ACTION.format(action=echo(action), game=game.spec.title),
                code="not-an-action",
            )
        acting = self.to_act()
        if not acting:
            raise IllegalAction(GAME_OVER, code="game-over")
        if seat not in acting:
            who = "chance" if acting == (CHANCE,) else ", ".join(f"seat {s}" for s in acting)
            raise IllegalAction(NOT_YOUR_TURN.format(seat=seat, who=who), code="not-your-turn")
        if seat == CHANCE:
            if own not in [a for a, _ in self.chance_outcomes()]:
                raise IllegalAction(
                    NOT_CHANCE.format(action=game.action_text(own)), code="not-legal"
                )
        elif own not in self.legal_actions(seat):
            code, message = self.refusal(seat, own)
            raise IllegalAction(message, code=code)

    def refusal(self, seat: int, action: Action) -> tuple[str, str]:
        """Why ``seat``, which acts now, may not play ``action``: ``(code, message)``.

        ``action`` is one of the game's own actions (:meth:`Game.canonical`) outside the
        seat's legal list. Games override this to explain; the answer may use only what
        ``seat`` may know (the conformance kit resamples the rest and compares).
        """
        return "not-legal", NOT_LEGAL.format(action=self.game.action_text(action))

    @abstractmethod
    def apply_unchecked(self, seat: int, action: Action) -> None:
        """Apply a legal action without checking it (the hot path of search)."""

    def emit(
        self, kind: str, seats: frozenset[int] | None = None, reveal: bool = False, **data: JSON
    ) -> None:
        """Record an event for the current :meth:`apply`; free when nobody listens.

        ``reveal=True`` marks an event that shows hidden information (see :class:`Event`).
        """
        if self._events is not None:
            self._events.append(Event(kind, data, seats, reveal))

    # -- the end --------------------------------------------------------------------------
    @abstractmethod
    def outcome(self) -> Outcome:
        """The result; only defined once :meth:`is_terminal` holds."""

    def returns(self) -> tuple[float, ...]:
        """Each seat's return: the winners share one point (see :class:`Outcome`)."""
        return self.outcome().returns()

    # -- information ----------------------------------------------------------------------
    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may know, as JSON-able data; ``None`` for a spectator."""

    def views_open(self) -> bool:
        """Whether every seat's view of this position is the spectator's with its own
        ``seat``: always in a game without hidden information; a game whose secrets are
        hidden only in some phases says where (the conformance kit checks it at every
        position where it holds, ``check_open_views``), and a server makes such a
        position's view once."""
        return not self.game.spec.hidden_information

    def to_json(self) -> dict[str, Any]:
        """A snapshot: the full truth of this position as JSON, hidden parts included (for
        the server's store, never for a client); :meth:`Game.state_from_json` reads it."""
        return state_to_json(self)

    @abstractmethod
    def resample(self, seat: int, rng: random.Random) -> Self:
        """A full state consistent with everything ``seat`` knows (a determinization)."""

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy; applying actions to one never changes the other."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        # copy.deepcopy (used by OpenSpiel's Python-game wrapper) is a clone.
        return self.clone()
