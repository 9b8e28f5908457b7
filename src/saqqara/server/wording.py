"""What a seat reads: action labels and event sentences, in the seat's language.

This is the one place the server words things, through the games' presentation layer
(:mod:`saqqara.core.presentation`): a label from the action and the seat's own view, a
sentence from the event alone, in English, German, Dutch or Swedish.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from saqqara.core.actions import Action
from saqqara.core.game import Game
from saqqara.core.i18n import LANGUAGES, SOURCE_LANGUAGE
from saqqara.core.presentation import Presentation, presentation_for


def texts(game: Game, lang: str, names: Sequence[str] | None = None) -> Presentation:
    """The game's texts in ``lang`` (English for a language we lack), seats named ``names``
    (the presentation's default names when ``None``)."""
    return presentation_for(game, lang if lang in LANGUAGES else SOURCE_LANGUAGE, names)


def action_label(game: Game, view: Mapping[str, Any], action: Action, lang: str) -> str:
    """The label of ``action`` shown to the seat whose ``view`` this is, reading ``lang``."""
    return texts(game, lang).action_label(view, action)


def event_sentence(game: Game, kind: str, data: Mapping[str, Any], lang: str) -> str:
    """A sentence for an event of ``kind`` with ``data``, in ``lang``."""
    return texts(game, lang).event_sentence({"kind": kind, **data})
