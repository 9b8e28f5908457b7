"""Terminal renderer and board drawing (SVG + text sketch) for Curse of the Mummy.

Everything is drawn from the data file and, for a position, from a seat's view only: the
mummy's view shows the possible fields of unseen figures as ``?``.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from saqqara.core.game import Game
from saqqara.core.i18n import Translator
from saqqara.core.presentation import Presentation
from saqqara.games.curse_of_the_mummy.data import EAST, NORTH, Board, board
from saqqara.games.curse_of_the_mummy.presentation import (
    COLOURS,
    SYMBOL_NAMES,
    MummyPresentation,
    symbol_code,
)
from saqqara.ui.boards import BoardDrawing, register_board
from saqqara.ui.renderers import register_aid_filter, register_renderer

GAME_ID = "curse-of-the-mummy"
AREA_TINTS = ("#f4c7c3", "#c6dafc", "#f1f1f1", "#c8e6c9", "#fff2b3")
AREA_INKS = ("#b3261e", "#1a56c4", "#555555", "#2e7d32", "#a07800")


def _symbol_label(b: Board, field: int, lang: str) -> str:
    if field == b.start:
        return "St "
    if field == b.dungeon:
        return "Dg "
    s = b.symbol_at[field]
    if s >= 0:
        return symbol_code(s, lang)
    return " . "


def grid_lines(b: Board, label: Callable[[int], str]) -> list[str]:
    """The maze as text: 3 characters per field, walls as ``|`` and ``---``."""
    w = b.width
    lines = ["    " + "".join(f" {chr(97 + c)}  " for c in range(w))]
    for r in range(b.height):
        top = "    "
        mid = f"{r + 1:>3} "
        for c in range(w):
            f = r * w + c
            top += "+" + ("---" if b.neighbours[f][NORTH] < 0 else "   ")
            west_open = c > 0 and b.neighbours[f - 1][EAST] >= 0
            mid += (" " if west_open else "|") + label(f)
        lines.append(top + "+")
        lines.append(mid + "|")
    lines.append("    " + "+---" * w + "+")
    return lines


def sketch(tr: Translator) -> str:
    """The board as plain text with a legend of the symbols."""
    b = board()
    lines = grid_lines(b, lambda f: _symbol_label(b, f, tr.lang))
    lines.append("")
    start = tr("the start (stairs): no figure may enter it")
    dungeon = tr("the dungeon and sarcophagus, with exits west and east")
    lines += [f"St {start}", f"Dg {dungeon}"]
    for ci, colour in enumerate(b.colours):
        names = ", ".join(
            f"{tr.text(SYMBOL_NAMES[s.name])} {b.field_name(s.field)}" for s in b.colour_symbols(ci)
        )
        lines.append(f"{tr.text(COLOURS[colour]):>6}: {names}")
    faces = " ".join(str(f) for f in b.mummy_faces)
    lines.append(tr("the mummy die: {faces}", faces=faces))
    return "\n".join(lines)


def svg(tr: Translator) -> str:
    """The board as a standalone SVG document: areas, walls, symbols, start, dungeon."""
    b = board()
    start, dungeon = tr("start"), tr("dungeon")
    size, margin = 48, 24
    width = b.width * size + 2 * margin
    height = b.height * size + 2 * margin
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
        f'<rect width="{width}" height="{height}" fill="#e8d9b5"/>',
    ]
    for f in range(b.fields):
        x = margin + (f % b.width) * size
        y = margin + (f // b.width) * size
        area = b.area[f]
        fill = AREA_TINTS[area] if area >= 0 else "#fbf6e9"
        if f == b.dungeon:
            fill = "#6d8f5e"
        elif f == b.start:
            fill = "#c9b27c"
        out.append(f'<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="{fill}"/>')
        label = ""
        ink = "#333333"
        if f == b.start:
            label = start
        elif f == b.dungeon:
            label, ink = dungeon, "#ffffff"
        elif b.symbol_at[f] >= 0:
            sym = b.symbols[b.symbol_at[f]]
            label, ink = tr.text(SYMBOL_NAMES[sym.name]), AREA_INKS[sym.colour]
        if label:
            out.append(
                f'<text x="{x + size / 2}" y="{y + size / 2 + 4}" font-size="10" '
                f'text-anchor="middle" fill="{ink}">{escape(label)}</text>'
            )
        out.append(
            f'<text x="{x + 3}" y="{y + 10}" font-size="7" fill="#8a7a5a">{b.field_name(f)}</text>'
        )
    wall = 'stroke="#3b2f1e" stroke-width="4" stroke-linecap="round"'
    for f in range(b.fields):
        x = margin + (f % b.width) * size
        y = margin + (f // b.width) * size
        n, e, s, w = b.neighbours[f]
        if n < 0:
            out.append(f'<line x1="{x}" y1="{y}" x2="{x + size}" y2="{y}" {wall}/>')
        if w < 0:
            out.append(f'<line x1="{x}" y1="{y}" x2="{x}" y2="{y + size}" {wall}/>')
        if e < 0 and f % b.width == b.width - 1:
            out.append(f'<line x1="{x + size}" y1="{y}" x2="{x + size}" y2="{y + size}" {wall}/>')
        if s < 0 and f // b.width == b.height - 1:
            out.append(f'<line x1="{x}" y1="{y + size}" x2="{x + size}" y2="{y + size}" {wall}/>')
    out.append("</svg>")
    return "\n".join(out)


def render(
    view: dict[str, Any], game: Game, seat: int | None, text: Presentation
) -> RenderableType:
    """A seat's view: the maze with the mummy (M), figures (1, 2, ..) where the seat sees
    them, ``?`` on fields an unseen figure may be on, and the state of play below, in the
    language of ``text``."""
    assert isinstance(text, MummyPresentation)
    tr = text.tr
    b = board()
    marks: dict[int, str] = {}
    maybe: set[int] = set()
    for i, fig in enumerate(view["figures"]):
        if not fig["in_game"]:
            continue
        where = fig.get("field")
        if where is None and len(fig["possible"]) == 1:
            where = fig["possible"][0]
        if where is not None:
            f = b.field_from_name(where)
            if f is not None:
                marks[f] = (marks.get(f, "").strip() + str(i + 1))[:3]
        else:
            maybe.update(x for x in map(b.field_from_name, fig["possible"]) if x is not None)
    mummy = b.field_from_name(view["mummy"])

    def label(f: int) -> str:
        if f == mummy:
            return " M "
        if f in marks:
            return f"{marks[f]:^3}"
        if f in maybe:
            return " ? "
        return _symbol_label(b, f, text.tr.lang)

    lines = grid_lines(b, label)
    acting = text.players(s for s in view["to_act"] if s != "chance")
    status = [
        tr("round {number}", number=view["round"])
        + "; "
        + tr(
            "{phase}; to act: {acting}; {figure}",
            phase=text.phase_name(view["phase"]),
            acting=acting,
            figure=text.figure(view["figure"]),
        ),
        tr(
            "mummy on {field}, ankhs {count}/{needed}, mummy dice out: {dice}, steps left: {steps}",
            field=view["mummy"],
            count=view["mummy_ankhs"],
            needed=view["mummy_needs"],
            dice=view["mummy_dice"],
            steps=view["mummy_steps"],
        ),
        tr(
            "dice: {dice}; announced: {announced}",
            dice=" ".join(text.face(f) for f in view["dice"]) or "-",
            announced=text.face(view["announced"]) if view["announced"] else "-",
        ),
    ]
    for i, fig in enumerate(view["figures"]):
        state = (
            tr("on {field}", field=fig["field"])
            if fig["field"]
            else tr("unseen")
            if fig["in_game"]
            else tr("out of the game")
        )
        status.append(
            tr(
                "{figure} ({player}): ankhs {ankhs}, {state}, {possible}",
                figure=text.figure(i),
                player=text.player(fig["seat"]),
                ankhs=fig["ankhs"],
                state=state,
                possible=_possible_note(text, fig),
            )
        )
    for s, played in view["played"].items():
        status.append(
            tr(
                "{player}: laid {played}; cards left {count}",
                player=text.player(int(s)),
                played=", ".join(text.symbol(name) for name in played) or "-",
                count=sum(view["hand_colours"][s]),
            )
        )
    if view["hand"] is not None:
        hand = ", ".join(text.symbol(name) for name in view["hand"])
        status.append(tr("your task cards: {cards}", cards=hand))
    if view["outcome"] is not None:
        reason = text.outcome_reason(view["outcome"]["reason"])
        status.append(tr("Game over: {reason}.", reason=reason))
    return Group(Text("\n".join(lines)), Text("\n".join(status)))


register_renderer(GAME_ID, render)


def _possible_note(text: Presentation, figure: dict[str, Any]) -> str:
    if figure.get("aid_off"):
        return text.tr("possible fields: aid off")
    return text.tr("possible fields: {count}", count=len(figure["possible"]))


def without_possible_fields(view: dict[str, Any]) -> dict[str, Any]:
    """The view with the "possible positions" aid off: an unseen figure's fields are left
    out unless the table knows them for certain (one field)."""
    figures = []
    for figure in view["figures"]:
        if figure["field"] is None and len(figure["possible"]) > 1:
            figure = {**figure, "possible": [], "aid_off": True}
        figures.append(figure)
    return {**view, "figures": figures}


register_aid_filter(GAME_ID, without_possible_fields)
register_board(GAME_ID, BoardDrawing(svg=svg, sketch=sketch))
