"""Terminal rendering of a Tutankhamun view: the path, the pawns, hands and scores.

Tile names, headings and seat names come from the game's presentation, in the reader's
language.
"""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from saqqara.core.game import Game
from saqqara.core.presentation import Presentation
from saqqara.games.tutankhamun.data import edition
from saqqara.games.tutankhamun.presentation import TutankhamunPresentation
from saqqara.ui.renderers import register_renderer

SEAT_COLOURS = ("red", "blue", "green", "magenta", "cyan", "yellow")


def seat_label(text: Presentation, seat: int) -> Text:
    """A seat's name in its colour."""
    return Text(text.player(seat), style=f"bold {SEAT_COLOURS[seat % len(SEAT_COLOURS)]}")


def render_tutankhamun(
    view: dict[str, Any], game: Game, seat: int | None, text: Presentation
) -> RenderableType:
    assert isinstance(text, TutankhamunPresentation)
    tr = text.tr
    ed = edition(view["edition"])
    values = {t.slug: t.count for t in ed.types}

    def tile_text(slug: str) -> Text:
        value = values.get(slug, 0)
        style = "bold yellow" if value == 0 else ("bold" if value >= 6 else "")
        return Text(text.tile(slug), style=style)

    pawns: dict[int, list[int]] = {}
    for s, pos in enumerate(view["pawns"]):
        pawns.setdefault(-1 if pos is None else pos, []).append(s)
    cells: list[Text] = []
    for slot, slug in enumerate(view["path"]):
        here = pawns.get(slot, [])
        if slug is None and not here:
            continue
        cell = Text(f"{slot:>2} ", style="dim")
        cell.append_text(tile_text(slug) if slug else Text("·", style="dim"))
        for s in here:
            cell.append(" ")
            cell.append_text(seat_label(text, s))
        cells.append(cell)
    title = Text(tr("The path"), style="bold")
    path = Columns(cells, equal=True, column_first=False, title=title)
    start_line = Text()
    if -1 in pawns:
        start_line.append(tr("Before the path:") + " ")
    for s in pawns.get(-1, []):
        start_line.append_text(seat_label(text, s))
        start_line.append(" ")
    beyond = [s for pos, seats in pawns.items() if pos >= len(view["path"]) for s in seats]
    if beyond:
        start_line.append("   " + tr("Past the end:") + " ")
        for s in beyond:
            start_line.append_text(seat_label(text, s))
            start_line.append(" ")

    players = Table(title=tr("Players"), title_justify="left")
    players.add_column(tr("Player"))
    players.add_column(tr("To goal") if ed.amigo else tr("Coins"), justify="right")
    players.add_column(tr("Treasures"))
    players.add_column(tr("Lids") if ed.amigo else tr("Pharaoh tiles"), justify="right")
    for s in range(view["players"]):
        hand = ", ".join(f"{text.tile(slug)} ×{c}" for slug, c in view["holdings"][s].items())
        label = seat_label(text, s)
        if s == seat:
            label.append(" " + tr("(you)"))
        if s in view["to_act"]:
            label.append(" ◀")
        extra = str(view["wilds"][s])
        if ed.amigo and view["mask"] == s:
            extra += " + " + tr("Gold mask")
        if not ed.amigo and view["king_tut"] == s:
            extra += f" ({text.tile('king-tut')})"
        players.add_row(label, str(view["scores"][s]), hand or "-", extra)

    left = Table(title=tr("Still on the path"), title_justify="left")
    left.add_column(tr("Kind"))
    left.add_column(tr("Left"), justify="right")
    for slug, count in view["on_path"].items():
        left.add_row(tile_text(slug), f"{count}/{values[slug]}")

    tables = Table.grid(padding=(0, 4))
    tables.add_row(players, left)
    parts: list[RenderableType] = [path, start_line, tables]
    scoring = view.get("scoring")
    if scoring:
        tiles = ", ".join(f"{text.player(s)} {n}" for s, n in enumerate(scoring["tiles"]) if n)
        line = Text(text.event_sentence({"kind": "scoring", "tile": scoring["tile"]}) + " ")
        line.append(tr("Tiles: {tiles}", tiles=tiles or "-"))
        if any(scoring["lids"]):
            lids = ", ".join(f"{text.player(s)} {n}" for s, n in enumerate(scoring["lids"]) if n)
            line.append("; " + tr("lids: {lids}", lids=lids))
        parts.append(line)
    if view["phase"] == "over":
        winners = text.players(view["outcome"]["winners"])
        reason = text.outcome_reason(view["outcome"]["reason"])
        over = tr("Game over ({reason}): {winners} won.", reason=reason, winners=winners)
        parts.append(Text(over, style="bold green"))
    return Group(*parts)


register_renderer("tutankhamun", render_tutankhamun)
