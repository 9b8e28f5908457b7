"""The end of a game at the terminal, on one screen: one function for the local table
(``saqqara play``) and the remote seat (``saqqara play --server``).

At 80 x 24 the full board of most games alone fills the screen, so the end shows the
game's compact board only where there is room for it besides the result and the score
breakdown (else a line may say how to see it); the latest news fill what is left.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console, RenderableType
from rich.padding import Padding
from rich.text import Text

from saqqara.core.game import Game
from saqqara.core.i18n import Translator
from saqqara.core.presentation import Presentation, ScoreLine
from saqqara.ui.compact import COMPACT
from saqqara.ui.renderers import render

GAME_OVER = "game-over"
"""The kind of a game's last event: the end screen says the result once, on its own."""


def score_parts(line: ScoreLine) -> str:
    """The parts of one seat's final score, in one run of text."""
    return " · ".join(f"{part['label']}: {part['value']}" for part in line["parts"])


def print_score_line(
    console: Console, tr: Translator, line: ScoreLine, who: str, one_line: bool = False
) -> None:
    """One seat's line of the final score breakdown (``who`` names it): the rank, the total
    in bold for a winner, then the parts of the score, dimmed and indented (``one_line``:
    cut to one line of the terminal)."""
    console.print(
        Text(
            tr("{rank}. {player}: {total}", rank=line["rank"], player=who, total=line["total"]),
            style="bold" if line["rank"] == 1 else "",
        )
    )
    parts = Text(score_parts(line), style="dim")
    if one_line:
        parts.truncate(console.width - 4, overflow="ellipsis")
        console.print(Padding(parts, (0, 0, 0, 3)), no_wrap=True)
        return
    console.print(Padding(parts, (0, 0, 0, 3)))


def final_board(
    console: Console, game: Game, view: dict[str, Any], seat: int | None, text: Presentation
) -> tuple[list[RenderableType], int]:
    """The board at the end and the rows it takes: the game's compact board, or its full
    one where it has none."""
    compact = COMPACT.get(game.spec.id)
    if compact is not None:
        rows: list[RenderableType] = list(compact(view, seat, text))
        return rows, len(rows)
    full = render(view, game, seat, text)
    return [full], len(console.render_lines(full, pad=False))


def show_end(
    console: Console,
    tr: Translator,
    *,
    news: Sequence[str],
    board: tuple[list[RenderableType], int],
    result: Sequence[str],
    scores: Sequence[ScoreLine],
    who: Callable[[ScoreLine], str],
    after: Sequence[str] = (),
    no_board: str | None = None,
) -> None:
    """The end on one screen, its last row left free: the latest ``news``, the banner, the
    final ``board`` (rows and their number; left out where the screen has no room for it
    besides the rest, and ``no_board`` said instead, where given), the ``result`` said
    once, every seat's score broken down, best first (``who`` names a seat; each part cut
    to one line where the screen is short of room), then the lines ``after``."""
    width, room = console.width, console.height - 1

    def rows(line: str, indent: int = 0) -> int:
        return len(Text(line).wrap(console, width - indent))

    ranked = sorted(scores, key=lambda s: (s["rank"], s["seat"]))
    said = sum(rows(line) for line in [*result, *after])
    parts = [rows(score_parts(s), 3) for s in ranked]
    full = 1 + said + len(ranked) + sum(parts)
    short = 1 + said + len(ranked) + sum(min(n, 1) for n in parts)
    drawn, height = board
    told = list(after)
    if height + short > room:
        drawn, height = [], 0
        if no_board is not None:
            told.append(no_board)
            full, short = full + rows(no_board), short + rows(no_board)
    one_line = height + full > room
    used = height + (short if one_line else full)
    for line in news[-(room - used) :] if room > used else []:
        shown = Text(line, style="dim")
        shown.truncate(width - 1, overflow="ellipsis")
        console.print(shown, no_wrap=True)
    console.rule(tr("Game over"))
    for row in drawn:
        console.print(row, no_wrap=True)
    for line in result:
        console.print(Text(line, style="bold"))
    for score in ranked:
        print_score_line(console, tr, score, who(score), one_line=one_line)
    for line in told:  # paths and commands: the terminal wraps them, so a copy still runs
        console.print(line, markup=False, soft_wrap=True)
