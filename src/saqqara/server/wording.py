"""What a seat reads: action labels and event sentences, in the seat's language.

This is the one place the server words things, through the games' presentation layer
(:mod:`saqqara.core.presentation`): a label from the action and the seat's own view, a
sentence from the event alone, in English, German, Dutch or Swedish.

A game's texts in one language are made once per configuration (game, seat count,
options) and kept: a presentation holds no state of any table or seat, only the game's
configuration and its translator.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from saqqara.core.actions import Action
from saqqara.core.game import Game
from saqqara.core.i18n import LANGUAGES, SOURCE_LANGUAGE
from saqqara.core.presentation import Presentation, presentation_for

_Key = tuple[str, int, tuple[tuple[str, str], ...], str, tuple[str, ...] | None]
_presentations: dict[_Key, Presentation] = {}
KEPT = 4096
"""At most this many presentations are kept (then the oldest half is dropped)."""


def texts(game: Game, lang: str, names: Sequence[str] | None = None) -> Presentation:
    """``game``'s texts in ``lang`` (English for a language we do not have), seats called
    ``names`` (the presentation's default names when ``None``)."""
    lang = lang if lang in LANGUAGES else SOURCE_LANGUAGE
    called = None if names is None else tuple(names)
    key = (game.spec.id, game.players, tuple(sorted(game.options.items())), lang, called)
    found = _presentations.get(key)
    if found is None:
        if len(_presentations) >= KEPT:
            for old in list(_presentations)[: KEPT // 2]:
                del _presentations[old]
        found = _presentations[key] = presentation_for(game, lang, called)
    return found


def action_label(game: Game, view: Mapping[str, Any], action: Action, lang: str) -> str:
    """The label of ``action`` shown to the seat whose ``view`` this is, reading ``lang``."""
    return texts(game, lang).action_label(view, action)


def event_sentence(game: Game, kind: str, data: Mapping[str, Any], lang: str) -> str:
    """A sentence for an event of ``kind`` with ``data``, in ``lang``."""
    return texts(game, lang).event_sentence({"kind": kind, **data})
