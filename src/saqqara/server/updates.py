"""What a seat is sent after a step: built from that seat's window and nothing else.

:func:`seat_update` reads a position only through ``view(seat)``, ``to_act()``,
``legal_actions(seat)`` and ``outcome()``, and the events through their audiences, so what
a seat receives cannot depend on anything it may not know. The wire secrecy test checks
exactly this function's bytes against resampled positions.

What several seats' updates have in common is made once (:class:`Shared`): the worded
text of each event, keyed by the event itself (its step and place in the step), the
language and the seats' names, never by a seat, and looked up only after the seat's own
audience check; in a game without hidden information, the spectator's view, which every
seat's is but for its ``seat``, and in a position that hides nothing of a game that does
(the conformance kit checks both: ``check_open_views``), the same; and
each action's id and notation, which depend on the game's configuration alone. A legal
action's label is kept across tables where the game's presentation names what it reads of
the view (:meth:`~saqqara.core.presentation.Presentation.label_context`).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, Protocol

from saqqara.core.actions import Action
from saqqara.core.game import CHANCE, Game
from saqqara.core.match import Step
from saqqara.core.outcome import Outcome
from saqqara.core.presentation import Presentation
from saqqara.server.messages import EventText, LegalAction, Update
from saqqara.server.wording import texts


class Position(Protocol):
    """The part of a match (or a state) an update is built from."""

    def view(self, seat: int | None) -> dict[str, Any]: ...
    def views_open(self) -> bool: ...
    def to_act(self) -> tuple[int, ...]: ...
    def legal_actions(self, seat: int) -> list[Action]: ...
    def outcome(self) -> Outcome: ...


_Config = tuple[str, int, tuple[tuple[str, str], ...]]
_Named = tuple[Action, int, str]
_notations: dict[_Config, dict[int, _Named]] = {}
_Labelled = tuple[Action, LegalAction]
_labelled: dict[tuple[_Config, str, bool], dict[tuple[int, Hashable], _Labelled]] = {}


def _config(game: Game) -> _Config:
    """What tells one configuration of a game from another: its id, seats and options."""
    return (game.spec.id, game.players, tuple(sorted(game.options.items())))


def _notation(config: _Config) -> dict[int, _Named]:
    """Each action's id and notation for a game's configuration, filled as met, keyed by
    the identity of the action instance (kept in the entry, so the identity stays its own);
    the game hands out its own interned instances, so each is worked out once."""
    found = _notations.get(config)
    if found is None:
        found = _notations[config] = {}
    return found


def _labels(config: _Config, words: Presentation) -> dict[tuple[int, Hashable], _Labelled]:
    """The labelled actions of a game's configuration in ``words``' language, kept by the
    action's identity and its label's context (:meth:`Presentation.label_context`): shared
    by every table of that configuration, since such a label reads neither the seats' names
    nor more of a view than its context."""
    key = (config, words.tr.lang, words.tr.strict)
    found = _labelled.get(key)
    if found is None:
        found = _labelled[key] = {}
    return found


class Shared:
    """What the updates of one position share: event texts by step, language and names,
    each seat's labelled legal actions by seat, language and names, the spectator's view
    where the game hides nothing, and the steps that left memory, replayed for a
    connection that needs them (by their range).

    A table keeps one and drops what it holds when it moves on (:meth:`moved_on`: but a new
    table's setup, while a person has not been told it); a fresh one gives the same bytes
    as a kept one, since an event text depends on the event, language and names alone and a
    legal list is looked up only under the seat it was made for.
    """

    __slots__ = ("events", "legal", "open_view", "public", "replayed")

    def __init__(self) -> None:
        self.events: dict[tuple[int, int, Presentation], EventText] = {}
        self.public: dict[tuple[int, Presentation], list[EventText]] = {}
        """The worded events of the steps whose every event is public, by step and
        ``words``: what every seat and the spectator are told of such a step, listed once."""
        self.legal: dict[tuple[int, Presentation], list[LegalAction]] = {}
        self.open_view: dict[str, Any] | None = None
        self.replayed: dict[tuple[int, int], list[Step]] = {}

    def clear(self) -> None:
        self.events.clear()
        self.public.clear()
        self.legal.clear()
        self.open_view = None
        self.replayed.clear()

    def moved_on(self, keep_upto: int) -> None:
        """The table moved on: drop what was made for the position before, but keep the
        worded events of steps up to ``keep_upto`` and the replays that end there (a new
        table's setup, which a person not yet told it still needs: see
        :meth:`saqqara.server.live.LiveTable.setup_untold`). ``0`` keeps nothing."""
        if keep_upto <= 0:
            self.clear()
            return
        self.legal.clear()
        self.open_view = None
        if self.events:
            self.events = {key: text for key, text in self.events.items() if key[0] <= keep_upto}
        if self.public:
            self.public = {key: told for key, told in self.public.items() if key[0] <= keep_upto}
        if self.replayed:
            self.replayed = {
                span: steps for span, steps in self.replayed.items() if span[1] <= keep_upto
            }

    def view_for(self, game: Game, position: Position, seat: int | None) -> dict[str, Any]:
        """``seat``'s view of the position. Where the position hides nothing
        (:meth:`~saqqara.core.game.State.views_open`), every seat's view is the spectator's
        with its own ``seat`` (in the same place), so that is made once per position and
        copied at the top level; the views are only read and encoded."""
        if game.spec.hidden_information and not position.views_open():
            return position.view(seat)
        spectator = self.open_view
        if spectator is None:
            spectator = self.open_view = position.view(None)
        if seat is None:
            return spectator
        view = dict(spectator)
        view["seat"] = seat
        return view

    def legal_for(
        self,
        game: Game,
        position: Position,
        seat: int,
        view: dict[str, Any],
        words: Presentation,
    ) -> list[LegalAction]:
        """``seat``'s labelled legal actions at this position, made once per ``words`` (a
        language and the seats' names: :func:`saqqara.server.wording.texts`)."""
        key = (seat, words)
        found = self.legal.get(key)
        if found is None:
            found = self.legal[key] = legal_actions(game, position, seat, view, words)
        return found

    def event_texts(self, step: Step, seat: int | None, words: Presentation) -> list[EventText]:
        """The worded events of ``step`` that ``seat`` may see (a list the caller only
        reads: a step whose every event is public is listed once for every seat)."""
        told = self.public.get((step.seq, words))
        if told is not None:
            return told
        told = []
        public = True
        for index, event in enumerate(step.events):
            if event.seats is not None:
                public = False
                if seat is None or seat not in event.seats:
                    continue
            key = (step.seq, index, words)
            text = self.events.get(key)
            if text is None:
                sentence = words.event_sentence(event.to_json())
                data = event.data if type(event.data) is dict else dict(event.data)
                text = EventText(step.seq, event.kind, sentence, data)
                self.events[key] = text
            told.append(text)
        if public:
            self.public[(step.seq, words)] = told
        return told


def legal_actions(
    game: Game, position: Position, seat: int, view: dict[str, Any], words: Presentation
) -> list[LegalAction]:
    """``seat``'s legal actions with ids, notation and labels worded from its own view."""
    config = _config(game)
    known = _notation(config)
    kept = _labels(config, words)
    context_of = words.label_context
    bound = 4 * game.num_distinct_actions + 1024
    legal: list[LegalAction] = []
    for action in position.legal_actions(seat):
        context = context_of(view, action)
        if context is not None:
            entry = kept.get((id(action), context))
            if entry is not None and entry[0] is action:
                legal.append(entry[1])
                continue
        named = known.get(id(action))
        if named is None or named[0] is not action:
            if len(known) > 2 * game.num_distinct_actions:
                known.clear()  # a game that makes fresh instances: keep it bounded
            named = (action, game.action_id(action), game.action_text(action))
            known[id(action)] = named
        labelled = LegalAction(named[1], words.action_label(view, action), named[2])
        if context is not None:
            if len(kept) > bound:
                kept.clear()  # the contexts met outgrew what a game needs: start afresh
            kept[(id(action), context)] = (action, labelled)
        legal.append(labelled)
    return legal


def seat_update(
    game: Game,
    position: Position,
    seat: int | None,
    lang: str,
    *,
    seq: int,
    steps: Sequence[Step],
    status: str,
    playing: bool,
    names: Sequence[str] | None = None,
    shared: Shared | None = None,
) -> Update:
    """The update for ``seat`` (``None``: a spectator) at ``seq``, with ``steps``' events;
    the seats are called ``names`` in its sentences and, once the game is over, its score
    breakdown (the presentation's default names when ``None``). ``shared``: what the
    position's other updates made already (none: made afresh; the bytes are the same)."""
    shared = Shared() if shared is None else shared
    to_act = position.to_act()
    view = shared.view_for(game, position, seat)
    words = texts(game, lang, names)
    legal: list[LegalAction] = []
    if seat is not None and seat in to_act and playing:
        legal = shared.legal_for(game, position, seat, view, words)
    events: list[EventText] = []
    for step in steps:
        events += shared.event_texts(step, seat, words)
    outcome: dict[str, Any] | None = None
    breakdown = None
    if not to_act:
        breakdown = words.score_breakdown(view)
        result = position.outcome()
        outcome = {
            "scores": list(result.scores),
            "ranks": list(result.ranks),
            "winners": sorted(result.winners),
            "reason": words.outcome_reason(result.reason),
        }
    return Update(
        seq=seq,
        view=view,
        to_act=[s for s in to_act if s != CHANCE],
        legal=legal,
        events=events,
        over=not to_act,
        status=status,
        outcome=outcome,
        breakdown=breakdown,
    )
