"""The words a player reads, per game and language, without any rendering library.

A game's :class:`Presentation` turns what a seat may know into text: the label of a legal
action (from the action's fields and the seat's view, never from its notation text), the
sentence for each event the seat may see (from that event alone, so a sentence cannot tell
more than its event), the legend of the board's symbols, a short rules summary in our own
words, the name of the score and of each phase, and at the end of a game why it ended
(the outcome's reason) and the score breakdown (from the finished game's view alone, so it
tells nothing the viewer may not know). The terminal renders these texts and the web server
sends them; translations come from :mod:`saqqara.core.i18n`.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, TypedDict

from saqqara.core.actions import Action
from saqqara.core.events import JSON, Event
from saqqara.core.game import Game
from saqqara.core.i18n import SOURCE_LANGUAGE, Translator

View = Mapping[str, Any]
EventJSON = Mapping[str, JSON]


class ScorePart(TypedDict):
    """One labelled figure of a seat's final score ("Coins paid": "9")."""

    label: str
    value: str


class ScoreLine(TypedDict):
    """A seat's final score as the rulebook counts it: its name, its total in words, its
    competition rank (1 for the winners) and the parts the total is made of."""

    seat: int
    name: str
    total: str
    rank: int
    parts: list[ScorePart]


class Presentation(ABC):
    """One game's texts in one language, for a table whose seats have ``names``."""

    BOARD_WORDS: ClassVar[Mapping[str, Mapping[str, str]]] = {}
    """The names of the things a board draws by their slugs (a card, a symbol), by kind:
    ``{"cards": {"horus-falcon": "Horus falcon"}}``, English source texts (marked for the
    catalogs), for faces that draw a board from the view's slugs (the browser)."""

    BOARD_VALUES: ClassVar[Mapping[str, Mapping[str, int]]] = {}
    """The values of the things a board draws by their slugs, by group (an edition):
    ``{"amigo-1993": {"throne": 8}}``, for faces that name a piece with its value (the
    browser's tooltips and tiles)."""

    def __init__(
        self,
        game: Game,
        lang: str = SOURCE_LANGUAGE,
        names: Sequence[str] | None = None,
        *,
        strict: bool = False,
    ) -> None:
        self.game = game
        self.tr = Translator(lang, strict=strict)
        if names is not None and len(names) != game.players:
            raise ValueError(f"{len(names)} names for {game.players} seats")
        self.names = tuple(names) if names is not None else default_names(game.players, self.tr)

    def player(self, seat: int) -> str:
        """The name of ``seat``."""
        return self.names[seat]

    def players(self, seats: Iterable[int]) -> str:
        """Names joined into one phrase: ``Ann``, ``Ann and Bo``, ``Ann, Bo and Cy``."""
        names = [self.player(s) for s in seats]
        if not names:
            return self.tr("nobody")
        if len(names) == 1:
            return names[0]
        return self.tr("{some} and {last}", some=", ".join(names[:-1]), last=names[-1])

    @abstractmethod
    def action_label(self, view: View, action: Action) -> str:
        """A short description of ``action`` for the seat whose ``view`` this is."""

    def label_context(self, view: View, action: Action) -> Hashable | None:
        """What the label of ``action`` reads besides the action itself and the language:
        ``0`` where it reads nothing more, a small value standing for what it reads of the
        view (a tile's slug, a piece's distance) otherwise, and ``None`` where it reads the
        seats' names or more of the view than such a value holds. The server keeps a label
        with a context under the action, context and language, for every table of the game
        (names differ from table to table; the rest does not), and words one without
        afresh. By default nothing is kept; the tests check a game's contexts by comparing
        kept labels with fresh ones at random positions."""
        return None

    @abstractmethod
    def event_sentence(self, event: EventJSON) -> str:
        """One sentence for ``event`` (its JSON, as the seat receives it)."""

    @abstractmethod
    def legend(self) -> list[tuple[str, str]]:
        """The board's symbols and abbreviations with their meaning."""

    def codes(self) -> dict[str, str]:
        """The board's short codes in this language that the compact board's marks name as
        fields (``{stones}``); none unless a game has some."""
        return {}

    @abstractmethod
    def rules_summary(self) -> list[str]:
        """The rules in a few short paragraphs of our own words."""

    @abstractmethod
    def score_name(self) -> str:
        """What a seat's score counts ("steps to the goal", "coins left", "silver")."""

    @abstractmethod
    def phase_name(self, phase: str) -> str:
        """The name of the view's ``phase`` value."""

    @abstractmethod
    def outcome_reason(self, reason: str) -> str:
        """Why the game ended, in this language: the outcome's ``reason`` (the engine's own
        English words, which may name a seat as ``seat 2``) as a phrase for the end screen."""

    @abstractmethod
    def score_total(self, view: View, seat: int) -> str:
        """``seat``'s final score in words ("3 steps to the goal"), from a finished view."""

    @abstractmethod
    def score_parts(self, view: View, seat: int) -> list[ScorePart]:
        """What ``seat``'s final score is made of, from a finished game's view."""

    def part(self, label: str, value: object) -> ScorePart:
        """A part of a score: ``label`` (a source text) translated, ``value`` as text."""
        return {"label": self.tr.text(label), "value": str(value)}

    def score_breakdown(self, view: View) -> list[ScoreLine]:
        """Every seat's final score, labelled and broken down as the rulebook counts it,
        from ``view`` (a seat's or the spectator's) of a finished game and nothing else."""
        outcome = view["outcome"]
        if outcome is None:
            raise ValueError("the game is not over: a score breakdown needs its end")
        return [
            {
                "seat": seat,
                "name": self.player(seat),
                "total": self.score_total(view, seat),
                "rank": int(outcome["ranks"][seat]),
                "parts": self.score_parts(view, seat),
            }
            for seat in range(self.game.players)
        ]

    def sentences_for(self, events: Iterable[Event], seat: int | None) -> list[str]:
        """The sentences of the events ``seat`` may see (``None``: a spectator), in order."""
        return [self.event_sentence(e.to_json()) for e in events if e.visible_to(seat)]


def default_names(players: int, tr: Translator | None = None) -> tuple[str, ...]:
    """``Player 1``, ``Player 2``, ... (in ``tr``'s language): seats counted from 1, as
    every face names a seat nobody named."""
    tr = tr or Translator()
    return tuple(tr("Player {number}", number=seat + 1) for seat in range(players))


_PRESENTATIONS: dict[str, type[Presentation]] = {}


def register_presentation(game_id: str, presentation: type[Presentation]) -> None:
    """Make ``presentation`` the texts of the game ``game_id``."""
    _PRESENTATIONS[game_id] = presentation


def presentation_class(game: Game | type[Game]) -> type[Presentation]:
    """The presentation class of ``game`` (an instance or its class), from the
    ``presentation`` module beside the game's class (imported on first use); ``KeyError`` if
    the game registered none."""
    game_class = game if isinstance(game, type) else type(game)
    if game_class.spec.id not in _PRESENTATIONS:
        package = game_class.__module__.rpartition(".")[0]
        importlib.import_module(f"{package}.presentation")
    return _PRESENTATIONS[game_class.spec.id]


def presentation_for(
    game: Game,
    lang: str = SOURCE_LANGUAGE,
    names: Sequence[str] | None = None,
    *,
    strict: bool = False,
) -> Presentation:
    """The texts of ``game`` in ``lang``, from the ``presentation`` module beside the game's
    class (imported on first use); ``KeyError`` if the game registered none."""
    return presentation_class(game)(game, lang, names, strict=strict)
