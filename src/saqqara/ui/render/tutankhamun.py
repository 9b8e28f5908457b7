"""Terminal rendering of a Tutankhamun view: the path, the pawns, hands and scores."""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from saqqara.core.game import Game
from saqqara.games.tutankhamun.data import edition
from saqqara.ui.renderers import (
    register_action_labeller,
    register_event_formatter,
    register_renderer,
)

SEAT_COLOURS = ("red", "blue", "green", "magenta", "cyan", "yellow")


def seat_label(seat: int) -> Text:
    return Text(f"P{seat}", style=f"bold {SEAT_COLOURS[seat % len(SEAT_COLOURS)]}")


def tile_names(edition_id: str) -> dict[str, tuple[str, int]]:
    """Display name and value of every tile slug of an edition (value 0: a special tile)."""
    ed = edition(edition_id)
    names = {t.slug: (t.english, t.count) for t in ed.types}
    names[ed.steal_slug] = ("Gold nugget" if ed.amigo else "Bag of gold", 0)
    names[ed.wild_slug] = ("Canopic lid" if ed.amigo else "Pharaoh", 0)
    names["king-tut"] = ("King Tut", 0)
    return names


def label_tutankhamun(view: dict[str, Any], game: Game, text: str) -> str:
    """``take 12`` becomes ``take 12 · Throne 8``; a steal names the tile's display name."""
    names = tile_names(view["edition"])
    words = text.split()
    if words[0] == "take" and view["path"][int(words[1])]:
        english, value = names[view["path"][int(words[1])]]
        return f"{text} · {english}{f' {value}' if value else ''}"
    return text


def render_tutankhamun(view: dict[str, Any], game: Game, seat: int | None) -> RenderableType:
    ed = edition(view["edition"])
    names = tile_names(ed.id)

    def tile_text(slug: str) -> Text:
        english, value = names[slug]
        style = "bold yellow" if value == 0 else ("bold" if value >= 6 else "")
        return Text(f"{english} {value}" if value else english, style=style)

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
            cell.append_text(seat_label(s))
        cells.append(cell)
    path = Columns(cells, equal=True, column_first=False, title=Text("The path", style="bold"))
    start_line = Text()
    if -1 in pawns:
        start_line.append("Before the path: ")
    for s in pawns.get(-1, []):
        start_line.append_text(seat_label(s))
        start_line.append(" ")
    beyond = [s for pos, seats in pawns.items() if pos >= len(view["path"]) for s in seats]
    if beyond:
        start_line.append("   Past the end: ")
        for s in beyond:
            start_line.append_text(seat_label(s))
            start_line.append(" ")

    score_word = "To goal" if ed.amigo else "Coins"
    players = Table(title="Players", title_justify="left")
    players.add_column("Seat")
    players.add_column(score_word, justify="right")
    players.add_column("Treasures")
    players.add_column("Lids" if ed.amigo else "Pharaohs", justify="right")
    for s in range(view["players"]):
        hand = ", ".join(f"{names[slug][0]} ×{c}" for slug, c in view["holdings"][s].items())
        label = seat_label(s)
        if s == seat:
            label.append(" (you)")
        if s in view["to_act"]:
            label.append(" ◀")
        extra = str(view["wilds"][s])
        if ed.amigo and view["mask"] == s:
            extra += " + gold mask"
        if not ed.amigo and view["king_tut"] == s:
            extra += " (King Tut)"
        players.add_row(label, str(view["scores"][s]), hand or "-", extra)

    left = Table(title="Still on the path", title_justify="left")
    left.add_column("Type")
    left.add_column("Left", justify="right")
    for slug, count in view["on_path"].items():
        left.add_row(tile_text(slug), f"{count}/{names[slug][1]}")

    tables = Table.grid(padding=(0, 4))
    tables.add_row(players, left)
    parts: list[RenderableType] = [path, start_line, tables]
    scoring = view.get("scoring")
    if scoring:
        line = Text("Scoring ")
        line.append_text(tile_text(scoring["tile"]))
        line.append(": tiles " + ", ".join(f"P{s}={n}" for s, n in enumerate(scoring["tiles"])))
        if any(scoring["lids"]):
            line.append("; lids " + ", ".join(f"P{s}={n}" for s, n in enumerate(scoring["lids"])))
        parts.append(line)
    if view["phase"] == "over":
        winners = " and ".join(f"P{s}" for s in view["outcome"]["winners"])
        parts.append(Text(f"Game over: {winners} won.", style="bold green"))
    return Group(*parts)


def format_tutankhamun_event(event: dict[str, Any]) -> str | None:
    """Log lines for what matters; the setup's draws, turns and takes are left out (the
    board and the move line show them)."""
    kind = event["kind"]
    if kind in ("draw", "turn", "take"):
        return None
    seat = f"P{event['seat']}" if "seat" in event else ""
    lines = {
        "remove": f"slot {event.get('slot')} ({event.get('tile')}) is removed",
        "scoring": f"scoring {event.get('tile')}",
        "scored": f"{event.get('tile')}: first {event.get('first')}, second {event.get('second')}",
        "score": f"{seat} scores {event.get('points')} ({event.get('left')} left)",
        "steal": f"{seat} takes a {event.get('tile')} from P{event.get('victim')}",
        "steal-declined": f"{seat} takes nothing with it",
        "steal-discarded": f"{seat}'s special tile is discarded: {event.get('reason')}",
        "exit": f"{seat} moves past the end of the path",
        "gold-mask": f"{seat} takes the gold mask",
        "king-tut": f"{seat} takes King Tut and pays a coin",
        "lid": f"{seat} plays a canopic lid",
        "mask": f"{seat} plays the gold mask",
        "pharaoh": f"{seat} adds a pharaoh tile",
        "pass": f"{seat} passes",
        "game-over": f"game over: {event.get('reason')}",
    }
    return lines.get(kind, str(kind))


register_renderer("tutankhamun", render_tutankhamun)
register_event_formatter("tutankhamun", format_tutankhamun_event)
register_action_labeller("tutankhamun", label_tutankhamun)
