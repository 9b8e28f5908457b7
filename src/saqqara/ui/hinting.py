"""The terminals' ``hint`` command: what the strong bot would play at the person's decision.

At a server's table made with hints (``Welcome.hints``) the remote terminal asks the server
(``AskHint``), which works the hint out from the seat's view alone (``server/hints.py``).
At a local table the terminal does the same itself: ``server/hints.py``'s ``local_hint``
(handed to the terminal as a :data:`LocalHinter`) gives the analysis
the seat's own view (:meth:`Perspective.view`), never the state with its hidden facts; the
analysis rebuilds a state consistent with that view and searches it, as a bot worker does
for the server. Both say the hint the same way (:func:`hint_sentence`), in the table's
language, with the words the web client uses.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from saqqara.core.game import Game
from saqqara.core.i18n import N_, Translator

HELP_HINT = N_('"{hint}" asks the strong bot what it would play here, from what you can see.')
THINKING = N_("The bot is thinking…")
WOULD_PLAY = N_("The bot would play: {move}")
CHANCE = N_("(your chance of winning with it: about {percent}%)")
NO_HINTS = N_("This table was created without hints.")


class Hint(Protocol):
    """A hint's answer: the move's action id and the mover's estimate (``None``: a
    single legal move, not searched)."""

    @property
    def action(self) -> int: ...

    @property
    def value(self) -> float | None: ...


LocalHinter = Callable[[Game, dict[str, Any], int, str, int], Hint]
"""Works out a local table's hint: the game, the seat's view, the seat, the table's name
and the position's number (``server/hints.py``'s ``local_hint``; the terminal is given it,
as it is given its bots, by the command that sets the table)."""


def hint_sentence(tr: Translator, label: str, value: float | None) -> str:
    """ "The bot would play: … (your chance of winning with it: about 60%)" in ``tr``'s
    language; without the chance where the seat had a single move."""
    said = tr(WOULD_PLAY, move=label)
    if value is not None:
        said += " " + tr(CHANCE, percent=round(value * 100))
    return said
