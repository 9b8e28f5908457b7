"""Terminal rendering of a Tutankhamun's Revenge view (the 4 x 4 box, depths, money,
scarabs, blockades), and the drawing of the reconstructed card layers for `saqqara board`."""

from __future__ import annotations

from html import escape
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from saqqara.core.game import Game
from saqqara.core.i18n import Translator
from saqqara.core.presentation import Presentation
from saqqara.games.tutankhamuns_revenge.data import deck
from saqqara.games.tutankhamuns_revenge.presentation import (
    CARD_NAMES,
    RevengePresentation,
)
from saqqara.games.tutankhamuns_revenge.shapes import cell_name
from saqqara.ui.boards import BoardDrawing, register_board
from saqqara.ui.renderers import register_renderer

GAME_ID = "tutankhamuns-revenge"
SEAT_COLOURS = ("red", "blue", "green", "magenta", "cyan", "yellow")
_CARDS = {c.slug: c for c in deck().cards}


def seat_label(text: Presentation, seat: int) -> Text:
    """A seat's name in its colour."""
    return Text(text.player(seat), style=f"bold {SEAT_COLOURS[seat % len(SEAT_COLOURS)]}")


def card_text(text: RevengePresentation, slug: str | None) -> Text:
    """A card's name and value, red for a danger, yellow for a treasure."""
    if slug is None:
        return Text("?", style="dim")
    value = _CARDS[slug].value
    style = "bold red" if value < 0 else "yellow" if value > 0 else "dim"
    return Text(text.card(slug), style=style)


def _box(view: dict[str, Any], text: RevengePresentation) -> Table:
    tr = text.tr
    box = Table(title=tr("The box (depth · top card)"), title_justify="left", show_lines=True)
    for letter in "abcd":
        box.add_column(letter, justify="center", min_width=16)
    for row in range(4):
        cells: list[Text] = []
        for col in range(4):
            s = row * 4 + col
            cell = Text(f"{cell_name(s)} ·{view['depth'][s]} ", style="dim")
            if view["depth"][s]:
                cell.append_text(card_text(text, view["top"][s]))
            else:
                cell.append(tr("empty"), style="dim")
            for seat, at in enumerate(view["blocks"]):
                if at == s:
                    cell.append(" ▣")
                    cell.append_text(seat_label(text, seat))
            cells.append(cell)
        box.add_row(*cells)
    return box


def _layer_grid(title: str, cards: list[str | None], text: RevengePresentation) -> Table:
    grid = Table(title=title, title_justify="left", show_header=False, show_lines=True)
    for _ in range(4):
        grid.add_column(justify="center", min_width=12)
    for row in range(4):
        grid.add_row(*(card_text(text, cards[row * 4 + c]) for c in range(4)))
    return grid


def render_revenge(
    view: dict[str, Any], game: Game, seat: int | None, text: Presentation
) -> RenderableType:
    assert isinstance(text, RevengePresentation)
    tr = text.tr
    parts: list[RenderableType] = []
    laying = view["laying"]
    if laying:
        who = view["layer_owners"][laying["layer"] - 1]
        line = Text(
            tr(
                "Laying: layer {layer} is laid by {player} ({cards}/16 cards)",
                layer=laying["layer"],
                player=text.player(who),
                cards=laying["cards"],
            )
        )
        if laying["random"]:
            line.append(" " + tr("(at random)"))
        parts.append(line)
    elif view["phase"] != "turning":
        parts.append(_box(view, text))
    players = Table(title=tr("Players"), title_justify="left")
    players.add_column(tr("Player"))
    for name in (tr("Silver"), tr("Scarabs"), tr("Blockade card")):
        players.add_column(name, justify="right")
    for s in range(view["players"]):
        label = seat_label(text, s)
        if s == seat:
            label.append(" " + tr("(you)"))
        if s in view["to_act"]:
            label.append(" ◀")
        if s in view["out"]:
            label.append(" " + tr("out"), style="dim")
        blockade = tr("in hand") if view["blockade_cards"][s] else tr("used")
        if view["blocks"][s] is not None:
            blockade = tr("on {stack}", stack=cell_name(view["blocks"][s]))
        players.add_row(label, str(view["money"][s]), str(view["scarabs"][s]), blockade)
    parts.append(players)
    turn = view["turn"]
    if view["phase"] in ("digging", "revealing", "blocking"):
        line = Text(
            tr(
                "{player}'s turn: {lifted}, {stake} silver at stake",
                player=text.player(view["active"]),
                lifted=tr.ntr("{count} card lifted", "{count} cards lifted", turn["lifts"]),
                stake=turn["at_stake"],
            )
        )
        if turn["scarab"]:
            line.append(" " + tr("(scarab: double)"), style="bold yellow")
        parts.append(line)
    hidden = Table(title=tr("Still hidden, by layer"), title_justify="left")
    hidden.add_column(tr("Layer"))
    hidden.add_column(tr("Cards"))
    for number, left in reversed(list(enumerate(view["hidden_left"], 1))):
        if left and number < 6:
            cards = Text()
            for slug, count in left.items():
                cards.append_text(card_text(text, slug))
                cards.append(f" ×{count}  ")
            hidden.add_row(str(number), cards)
    if not laying:
        parts.append(hidden)
    for number, cards in view["my_layers"].items():
        turns = view["possible_turns"]
        title = tr("Your layer {number} as you laid it", number=number)
        if turns:
            title += " — " + tr(
                "the box's secret quarter turns may be: {turns}",
                turns=", ".join(map(str, turns)),
            )
        parts.append(_layer_grid(title, cards, text))
    if view["phase"] == "over":
        reason = text.outcome_reason(view["outcome"]["reason"])
        parts.append(Text(tr("Game over: {reason}.", reason=reason), style="bold green"))
    return Group(*parts)


def sketch(tr: Translator) -> str:
    """The six reconstructed layers as plain text, from the data file."""
    d = deck()
    lines = [tr("Tutankhamun's Revenge: the 4 x 4 box, six layers of 16 cards (reconstructed)")]
    lines.append("")
    names = {1: tr("bottom"), 6: tr("cover")}
    for number in range(6, 0, -1):
        counts = d.layers[number - 1]
        layer = tr("Layer {number}", number=number)
        lines.append(f"{layer}{f' ({names[number]})' if number in names else ''}:")
        for kind, count in enumerate(counts):
            if count:
                card = d.cards[kind]
                name = tr.text(CARD_NAMES[card.slug])
                lines.append(f"  {count:>2} x {name:<20} {card.value:+d}")
    lines.append("")
    lines.append(tr("The box seen from above, stacks named by column and row:"))
    lines.append("  +----+----+----+----+")
    for row in range(4):
        lines.append("  | " + " | ".join(cell_name(row * 4 + col) for col in range(4)) + " |")
        lines.append("  +----+----+----+----+")
    return "\n".join(lines) + "\n"


def _two_lines(name: str) -> list[str]:
    """A card name on at most two lines of a card, split at the space nearest its middle."""
    words = name.split()
    if len(words) == 1:
        return words
    cut = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(name) / 2))
    return [" ".join(words[:cut]), " ".join(words[cut:])]


def svg(tr: Translator) -> str:
    """The six layers as rows of cards (red: danger, gold: treasure, grey: 0)."""
    d = deck()
    w, h, pad = 58, 36, 4
    rows = []
    for row, number in enumerate(range(6, 0, -1)):
        y = 30 + row * (h + 14)
        layer = escape(tr("Layer {number}", number=number))
        rows.append(f'<text x="4" y="{y + 22}" font-size="12">{layer}</text>')
        x = 64
        for kind, count in enumerate(d.layers[number - 1]):
            card = d.cards[kind]
            fill = "#d9534f" if card.value < 0 else "#e6b422" if card.value > 0 else "#bbb"
            name = tr.text(CARD_NAMES[card.slug])
            for _ in range(count):
                title = escape(f"{name} ({card.name}) {card.value:+d}")
                rows.append(
                    f'<g><title>{title}</title><rect x="{x}" y="{y}" width="{w}" height="{h}" '
                    f'rx="3" fill="{fill}" stroke="#333"/>'
                    + "".join(
                        f'<text x="{x + w / 2}" y="{y + 10 + 8 * i}" font-size="7.5" '
                        f'text-anchor="middle">{escape(word)}</text>'
                        for i, word in enumerate(_two_lines(name.split(" (")[0]))
                    )
                    + f'<text x="{x + w / 2}" y="{y + 31}" font-size="10" text-anchor="middle">'
                    f"{card.value:+d}</text></g>"
                )
                x += w + pad
    width = 64 + 16 * (w + pad)
    height = 30 + 6 * (h + 14)
    title = escape(tr("Tutankhamun's Revenge: the six layers (reconstructed)"))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'font-family="sans-serif"><text x="4" y="18" font-size="14">'
        f"{title}</text>{''.join(rows)}</svg>\n"
    )


register_renderer(GAME_ID, render_revenge)
register_board(GAME_ID, BoardDrawing(svg=svg, sketch=sketch))
