"""The terminals' ``hint`` command: what the strong bot would play at the person's decision.

At a server's table made with hints (``Welcome.hints``) the remote terminal asks the server
(``AskHint``), which works the hint out from the seat's view alone (``server/hints.py``).
At a local table the terminal does the same itself: :func:`local_hint` hands the analysis
the seat's own view (:meth:`Perspective.view`), never the state with its hidden facts; the
analysis rebuilds a state consistent with that view and searches it, as a bot worker does
for the server. Both say the hint the same way (:func:`hint_sentence`), in the table's
language, with the words the web client uses.
"""

from __future__ import annotations

from typing import Any

from saqqara.core.game import Game
from saqqara.core.i18n import N_, Translator
from saqqara.server.hints import HintAnswer, HintJob, hint_budget, hint_seed, run_hint

HELP_HINT = N_('"{hint}" asks the strong bot what it would play here, from what you can see.')
THINKING = N_("The bot is thinking…")
WOULD_PLAY = N_("The bot would play: {move}")
CHANCE = N_("(your chance of winning with it: about {percent}%)")
NO_HINTS = N_("This table was created without hints.")


def local_hint(game: Game, view: dict[str, Any], seat: int, table: str, seq: int) -> HintAnswer:
    """The hint for ``seat``'s decision from its ``view`` alone (the one a server's bot
    worker would give for it), seeded by the table's name and the position's number."""
    job = HintJob(
        game.spec.id,
        game.players,
        tuple(sorted(game.options.items())),
        view,
        seat,
        hint_budget(game.spec.id),
        hint_seed(table, seq, 0, seat),
    )
    return run_hint(job)


def hint_sentence(tr: Translator, label: str, value: float | None) -> str:
    """ "The bot would play: … (your chance of winning with it: about 60%)" in ``tr``'s
    language; without the chance where the seat had a single move."""
    said = tr(WOULD_PLAY, move=label)
    if value is not None:
        said += " " + tr(CHANCE, percent=round(value * 100))
    return said
