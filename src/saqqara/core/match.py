"""The match authority: the one object that runs a game.

A :class:`Match` owns a running game: its state, its chance draws, each bot seat's random
generator, a sequence number per accepted action, and the append-only record (optionally
written as it grows to a :class:`~saqqara.core.journal.RecordJournal`). Every face plays
through it: the terminal, the arena, the research environments, the scripts, the
benchmarks and the server.

Seed policy. A run of chance steps that starts after ``seq`` accepted actions is drawn from
a generator derived from ``(seed, CHANCE, seq)``, and a bot seat's choice from one derived
from ``(seed, seat, ply)`` where ``ply`` counts that seat's own accepted actions
(``saqqara.core.seeding``). So a seed fixes the whole game, the order in which bots of a
sealed decision are asked changes nothing, and a match resumed from its record goes on
exactly as the live one would have (the match draws a run of chance whole before anyone
acts, so a record ends inside one only if a crash cut it; such a run is drawn afresh).
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from saqqara.core.actions import Action
from saqqara.core.agent import Agent
from saqqara.core.errors import IllegalAction, RecordError, SaqqaraError
from saqqara.core.events import JSON, Event
from saqqara.core.game import CHANCE, GAME_OVER, NOT_SEATS_TURN, STALE, Game, State
from saqqara.core.journal import RecordJournal
from saqqara.core.outcome import Outcome
from saqqara.core.perspective import Perspective
from saqqara.core.records import Record, RecordedAction
from saqqara.core.refusals import R_
from saqqara.core.registry import load
from saqqara.core.seeding import derived_rng

NO_SEAT = R_("there is no seat {seat} (seats 0 to {last})")
"""A match's refusal of a seat number it does not have."""


@dataclass(frozen=True, slots=True)
class Step:
    """One accepted action and what it caused.

    ``action`` (and its notation ``text``) is the actor's own: a face tells it only to the
    actor, or to everybody once the events show it. ``events`` carry their audience.
    """

    seq: int
    seat: int
    action: Action
    events: tuple[Event, ...]
    text: str

    def events_for(self, seat: int | None) -> list[Event]:
        """The events ``seat`` may see (``None``: a spectator), in order."""
        return [event for event in self.events if event.visible_to(seat)]


class Match:
    """One running game between seats, with its chance, its bot generators and its record."""

    def __init__(
        self,
        game: Game,
        *,
        seed: int,
        names: Sequence[str] | None = None,
        journal: RecordJournal | None = None,
        auto_chance: bool = True,
        meta: Mapping[str, JSON] | None = None,
    ) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"a match's seed must be an int, not {seed!r}")
        self.game = game
        self.seed = seed
        self.meta = dict(meta or {})
        """What the record keeps besides the seed, plain JSON (a face's own, such as the
        terminal's ``lang`` and ``names``); a resumed match keeps its record's."""
        self.names = _names(game, names)
        self.journal = journal
        self.auto_chance = auto_chance
        self.history: list[Step] = []
        """Every accepted step since :attr:`base`, setup chance included."""
        self.base = 0
        """How many steps came before :attr:`history` (a match restored from a snapshot
        knows the state they led to, not their events)."""
        self._state: State = game.new_state()
        self._seats = array("b")
        """Who took each accepted action (``CHANCE`` for chance), one byte each."""
        self._texts: list[str] = []
        """Each accepted action's notation (the game's own strings, shared by every match of
        its configuration). With :attr:`_seats`, the record's entries, kept compact: a
        :class:`RecordedAction` per step is made only when the record is asked for."""
        self._plies = [0] * game.players
        self._unwritten: list[RecordedAction] = []
        if journal is not None:
            journal.start(self.record)
        if auto_chance:
            self.advance_chance()

    @classmethod
    def resume(
        cls,
        record: Record,
        *,
        journal: RecordJournal | None = None,
        auto_chance: bool = True,
        seed: int | None = None,
    ) -> Match:
        """The match ``record`` describes, replayed and checked action by action.

        The match keeps the record's seed (``meta["seed"]``); ``seed`` is used only for a
        record that has none. :class:`RecordError` names the first action that does not
        replay. A given ``journal`` is written afresh with the whole record (dropping a torn
        last line) and then appended to.
        """
        recorded_seed = record.meta.get("seed")
        if isinstance(recorded_seed, int) and not isinstance(recorded_seed, bool):
            seed = recorded_seed
        elif seed is None:
            raise RecordError("the record has no seed (meta.seed); give one to resume")
        try:
            game = load(record.game, record.players, record.options)
        except SaqqaraError as exc:
            raise RecordError(exc.message) from None
        if record.rules_version != game.spec.rules_version:
            raise RecordError(
                f"record is for rules version {record.rules_version} of {record.game}; "
                f"this program implements version {game.spec.rules_version}"
            )
        kept = {k: v for k, v in record.meta.items() if k != "seed"}
        match = cls(game, seed=seed, names=record.seats, auto_chance=False, meta=kept)
        match._replay(record, 0)
        match.auto_chance = auto_chance
        match.journal = journal
        if journal is not None:
            journal.start(match.record)
        if auto_chance:
            match.advance_chance()
        if match.is_over():
            match.close()
        return match

    @classmethod
    def restore(cls, game: Game, record: Record, state: State, at: int) -> Match:
        """The match ``record`` of ``game`` describes, from ``state`` (its position after
        the first ``at`` actions, read from a snapshot) and the actions after it, checked
        one by one.

        The steps before ``at`` are not in :attr:`history` (:attr:`base` is ``at``). The
        record must carry its seed; chance due after the last action is drawn as in
        :meth:`resume`. Raises :class:`RecordError` as :meth:`resume` does.
        """
        seed = record.meta.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError("the record has no seed (meta.seed); give one to resume")
        if not 0 <= at <= len(record.actions):
            raise RecordError(f"a snapshot after {at} actions of a record of {len(record.actions)}")
        match = cls(game, seed=seed, names=record.seats, auto_chance=False)
        match._state = state.clone()
        for entry in record.actions[:at]:
            match._seats.append(entry.seat)
            match._texts.append(entry.action)
            if entry.seat != CHANCE:
                match._plies[entry.seat] += 1
        match.base = at
        match._replay(record, at)
        match.auto_chance = True
        match.advance_chance()
        return match

    # -- what is going on -----------------------------------------------------------------
    @property
    def seq(self) -> int:
        """The number of accepted actions so far, chance steps included."""
        return len(self._texts)

    def to_act(self) -> tuple[int, ...]:
        return self._state.to_act()

    def is_over(self) -> bool:
        return not self._state.to_act()

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may know (``None``: a spectator)."""
        return self._state.view(seat)

    def views_open(self) -> bool:
        """Whether every seat sees the position as a spectator does (see
        :meth:`State.views_open`)."""
        return self._state.views_open()

    def legal_actions(self, seat: int) -> list[Action]:
        return self._state.legal_actions(seat)

    def perspective(self, seat: int) -> Perspective:
        """``seat``'s window on the game: what a bot or a client is handed."""
        return Perspective(self._state, seat)

    def outcome(self) -> Outcome:
        if not self.is_over():
            raise SaqqaraError("the game is not over", code="not-over")
        return self._state.outcome()

    def snapshot(self) -> State:
        """A copy of the full state (every secret in it): for the kernel's own tools."""
        return self._state.clone()

    @property
    def record(self) -> Record:
        """The record so far; it replays without the seed, which it keeps in ``meta``."""
        return Record(
            game=self.game.spec.id,
            rules_version=self.game.spec.rules_version,
            players=self.game.players,
            options=dict(self.game.options),
            seats=self.names,
            actions=tuple(map(RecordedAction, self._seats, self._texts)),
            meta={**self.meta, "seed": self.seed},
        )

    # -- acting ---------------------------------------------------------------------------
    def submit(
        self, seat: int, action: Action | str | int, *, expected_seq: int | None = None
    ) -> list[Step]:
        """Play ``action`` for ``seat``: an :class:`Action`, its notation, or its integer id.

        Returns the accepted step and then, with ``auto_chance``, the chance steps drawn
        until a seat must act or the game is over. Raises :class:`IllegalAction` and changes
        nothing when the action is refused: code ``stale`` when ``expected_seq`` is not
        :attr:`seq`, ``bad-seat``, ``bad-notation``, or the game's own code and explanation.
        """
        if expected_seq is not None and expected_seq != self.seq:
            raise IllegalAction(
                STALE.format(next=self.seq, sent=expected_seq),
                code="stale",
            )
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.game.players:
            raise IllegalAction(
                NO_SEAT.format(seat=repr(seat), last=self.game.players - 1), code="bad-seat"
            )
        steps = [self._accept(seat, self._resolve(seat, action))]
        if self.auto_chance:
            steps.extend(self._draw_chance())
        self._write()
        return steps

    def advance_chance(self) -> list[Step]:
        """Draw chance steps with the match's generator until a seat acts or the game ends."""
        steps = self._draw_chance()
        self._write()
        return steps

    def _draw_chance(self) -> list[Step]:
        steps: list[Step] = []
        if self._state.to_act() != (CHANCE,):
            return steps
        rng = derived_rng(self.seed, CHANCE, self.seq)
        # A draw is one of the chance outcomes by the game's contract (the conformance kit
        # checks it at every chance node it meets), so it is not checked again: a
        # Tutankhamun table's setup is 69 draws, each check building the outcomes anew.
        while self._state.to_act() == (CHANCE,):
            steps.append(self._accept(CHANCE, self._state.sample_chance(rng), checked=True))
        return steps

    def bot_rng(self, seat: int) -> random.Random:
        """The generator for ``seat``'s next choice, derived from (seed, seat, its ply)."""
        return derived_rng(self.seed, seat, self._plies[seat])

    def play_bot(self, seat: int, agent: Agent) -> list[Step]:
        """Let ``agent`` choose for ``seat`` from its perspective, and submit the choice."""
        acting = self._state.to_act()
        if not acting:
            raise IllegalAction(GAME_OVER, code="game-over")
        if seat not in acting:
            raise IllegalAction(NOT_SEATS_TURN.format(seat=seat), code="not-your-turn")
        choice = agent.choose(self.perspective(seat), self.bot_rng(seat))
        return self.submit(seat, choice)

    # -- inside ---------------------------------------------------------------------------
    def _resolve(self, seat: int, action: Action | str | int) -> Action:
        """The game's own action for what was submitted; refuses look-alikes."""
        if isinstance(action, str):
            try:
                return self.game.parse_action(action)
            except SaqqaraError as exc:
                raise IllegalAction(exc.message, code=exc.code) from None
        if isinstance(action, int) and not isinstance(action, bool):
            try:
                self.game.check_action_id(action)
                return self.game.action_from_id(action)
            except SaqqaraError as exc:
                raise IllegalAction(exc.message, code=exc.code) from None
        if not isinstance(action, Action):
            raise IllegalAction(
                f"an action is an Action, its notation or its id, not {type(action).__name__}",
                code="bad-action",
            )
        if seat not in self._state.to_act():
            return action  # the game's own check refuses it
        legal = self._state.legal_actions(seat)
        if action not in legal:
            return action  # the game's own check refuses it, with its reason
        own = legal[legal.index(action)]
        if type(own) is not type(action) or repr(own) != repr(action):
            raise IllegalAction(f"{action!r} only looks like the legal {own!r}", code="bad-action")
        return own

    def _replay(self, record: Record, start: int) -> None:
        """Accept ``record``'s actions from index ``start`` on, checked one by one;
        :class:`RecordError` naming the first that does not apply."""
        for index, entry in enumerate(record.actions[start:], start=start):
            who = "chance" if entry.seat == CHANCE else f"seat {entry.seat}"
            try:
                self._accept(entry.seat, self.game.parse_action(entry.action))
            except SaqqaraError as exc:
                raise RecordError(
                    f"{entry.action!r} by {who}: {exc.message}", index=index
                ) from None

    def replayed_steps(self, since: int, upto: int) -> list[Step]:
        """Steps ``since + 1 .. upto`` rebuilt, events and all, by replaying this match's own
        record from the start: for a face that let them go from :attr:`history`. The record
        was checked as it was played (or replayed into this match), so its actions are not
        checked again."""
        again = Match(self.game, seed=self.seed, names=self.names, auto_chance=False)
        parse = self.game.parse_action
        for seat, text in zip(self._seats[:upto], self._texts[:upto], strict=True):
            again._accept(seat, parse(text), checked=True)
        return again.history[since:upto]

    def _accept(self, seat: int, action: Action, *, checked: bool = False) -> Step:
        """Apply ``action`` for ``seat`` (checking it first unless ``checked``: already found
        legal) and record the step."""
        if checked:
            events = self._state.apply_checked(seat, action)
        else:
            events = self._state.apply(seat, action)
        text = self.game.action_text(action)
        self._seats.append(seat)
        self._texts.append(text)
        if seat != CHANCE:
            self._plies[seat] += 1
        step = Step(len(self._texts), seat, action, tuple(events), text)
        self.history.append(step)
        if self.journal is not None:
            self._unwritten.append(RecordedAction(seat, text))
        return step

    def _write(self) -> None:
        """Append what was accepted since the last write to the journal, with one ``fsync``:
        an answered call's actions are on disk."""
        if self.journal is None:
            return
        if self._unwritten:
            self.journal.append(*self._unwritten)
            self._unwritten.clear()
        if self.is_over():
            self.journal.close()

    def close(self) -> None:
        """Close the journal (a finished match closes it itself); the record stays on disk."""
        if self.journal is not None:
            self.journal.close()


def _names(game: Game, names: Sequence[str] | None) -> tuple[str, ...]:
    if names is None:
        return tuple(f"seat {seat}" for seat in range(game.players))
    if len(names) != game.players or not all(isinstance(n, str) for n in names):
        raise ValueError(f"{game.players} seat names needed, got {list(names)!r}")
    return tuple(names)
