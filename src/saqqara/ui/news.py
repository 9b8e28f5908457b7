"""The news on a turn screen: what a seat may know of what happened since its last move.

Both terminals (the local table, :mod:`saqqara.ui.terminal`, and a remote seat,
:mod:`saqqara.remote_terminal`) keep the news as a list of entries, one per action (or
update), each a list of :class:`Headline`. On a turn screen the news get the rows the board
and the menu leave free (:func:`turn_rows`); news longer than that are cut, but never a
seat's own: a line whose event names the seat (it was knocked out, caught by the mummy,
lost silver, won a bid, scored) is kept before any other, so a person never needs ``log``
to learn what happened to them (issue 33: a trial found these behind ``log``). Whatever is
left out is counted in one line that points to ``log``, which shows everything.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.text import Text

from saqqara.core.i18n import N_, SOURCE_LANGUAGE
from saqqara.ui.commands import command_word

EARLIER = N_("({count} earlier lines: type '{log}')")


def earlier(tr: Callable[..., str], count: int) -> str:
    """The line that stands for ``count`` news lines left out, naming the table's ``log``
    (``tr``'s language; a plain callable is English)."""
    lang = getattr(tr, "lang", SOURCE_LANGUAGE)
    return tr(EARLIER, count=count, log=command_word("log", lang))


@dataclass(frozen=True, slots=True)
class Headline:
    """One sentence of the news, and whether its event names the reader's own seat."""

    text: str
    own: bool = False


def names_seat(data: Mapping[str, Any], seat: int | None) -> bool:
    """Whether an event (its JSON data) is about ``seat``: the events of every game name
    the seat they concern under ``seat``."""
    return seat is not None and data.get("seat") == seat


def fit(lines: Sequence[Headline], rows: int) -> tuple[int, list[int]]:
    """Which of ``lines`` fit in ``rows`` rows: (how many are left out, the indices kept,
    in order). When some are left out, one row goes to saying so; the rest go first to the
    latest of the reader's own lines, then to the latest of the others."""
    if len(lines) <= rows:
        return 0, list(range(len(lines)))
    room = max(rows - 1, 0)
    own = [i for i, line in enumerate(lines) if line.own]
    kept = set(own[-room:]) if room else set()
    for i in reversed(range(len(lines))):
        if len(kept) >= room:
            break
        kept.add(i)
    return len(lines) - len(kept), sorted(kept)


def turn_rows(room: int, moves: int, logged: int) -> tuple[int, int]:
    """The menu's page size and the news' rows on a turn screen with ``room`` rows between
    the board and the prompt, ``moves`` legal moves and ``logged`` lines of news. The menu
    keeps at least two thirds of the room when it needs them; the news get every row it
    leaves free (one at least)."""
    page = max(3, room - max(1, min(logged, room // 3)) - 1)
    menu = min(moves, page) + (1 if moves > page else 0)  # its "more" line
    return page, max(1, min(logged, room - menu))


def show_news(
    console: Console,
    tr: Callable[..., str],
    entries: Sequence[Sequence[Headline]],
    *,
    most: int,
    everything: bool = False,
) -> int:
    """Print the news of ``entries``: the latest entry's lines bold, the reader's own
    underlined where they are not the latest, the others dim; unless ``everything``, at
    most ``most`` rows (:func:`fit`), each cut to the terminal's width. The rows printed."""
    lines = [(i == len(entries) - 1, line) for i, lines in enumerate(entries) for line in lines]
    printed = 0
    kept = list(range(len(lines)))
    if not everything:
        skipped, kept = fit([line for _, line in lines], most)
        if skipped:
            console.print(earlier(tr, skipped), style="dim", markup=False)
            printed = 1
    for i in kept:
        latest, line = lines[i]
        style = "bold" if latest else ("underline" if line.own else "dim")
        text = Text(line.text, style=style)
        if not everything:
            text.truncate(console.width - 1, overflow="ellipsis")
        console.print(text, no_wrap=not everything)
    return printed + len(kept)
