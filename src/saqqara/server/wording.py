"""What a seat reads: action labels and event sentences, in the seat's language.

This is the one place the server words things. Until the presentation layer lands, a
label is the action's notation and an event's sentence is a plain description of its
kind and data; point :func:`action_label` and :func:`event_sentence` at the presentation
layer to word them in four languages.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from saqqara.core.actions import Action
from saqqara.core.game import Game


def action_label(game: Game, action: Action, lang: str) -> str:
    """The label of ``action`` shown to a seat reading ``lang``."""
    return game.action_text(action)


def event_sentence(game: Game, kind: str, data: Mapping[str, Any], lang: str) -> str:
    """A sentence for an event of ``kind`` with ``data``, in ``lang``."""
    details = ", ".join(f"{key} {value}" for key, value in data.items())
    words = kind.replace("-", " ").replace("_", " ")
    return f"{words}: {details}" if details else words
