"""Terminal rendering of Valley of the Kings views, and the board drawing made from the data.

The renderer draws only from a view: the stone market and bids, every seat's pieces and
stones, and every site's pyramid level by level. The board drawing (SVG and a text sketch)
is made from ``data/board.toml`` alone, so a person can check the reconstruction by eye.
"""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from saqqara.core.game import Game
from saqqara.core.i18n import Translator
from saqqara.core.presentation import Presentation
from saqqara.games.valley_of_the_kings.data import Board, Site, board
from saqqara.games.valley_of_the_kings.presentation import SIZES, ValleyPresentation
from saqqara.ui.boards import BoardDrawing, register_board
from saqqara.ui.renderers import register_renderer

GAME_ID = "valley-of-the-kings"
STYLE = {
    "red": "red",
    "grey": "grey62",
    "black": "grey11 on grey70",
    "white": "white",
    "sand": "yellow",
}


def _stones(stones: list[str | None], letter: dict[str, str]) -> Text:
    text = Text()
    for slug in stones:
        if slug is None:
            text.append("·")
        else:
            text.append(letter.get(slug, "?"), style=STYLE.get(slug, ""))
    return text


def render(
    view: dict[str, Any], game: Game, seat: int | None, text: Presentation
) -> RenderableType:
    """Draw ``view`` (what ``seat`` may know) as rich tables, in the language of ``text``."""
    assert isinstance(text, ValleyPresentation)
    tr = text.tr
    letter = text.stone_letters()
    overseer, worker = text.piece_letters()
    b = board()
    acting = text.players(s for s in view["to_act"] if s != "chance")
    who = tr("a spectator") if seat is None else text.player(seat)
    head = Text(
        tr(
            "Valley of the Kings — round {number}, {phase}; start player {player}; to act: "
            "{acting}; you are {who}",
            number=view["round"],
            phase=text.phase_name(view["phase"]),
            player=text.player(view["start"]),
            acting=acting,
            who=who,
        ),
        style="bold",
    )
    parts: list[RenderableType] = [head]
    if view["steps_left"] is not None:
        parts.append(Text(tr("steps left this turn: {steps}", steps=view["steps_left"])))
    bag = ", ".join(f"{text.colour(k)} {v}" for k, v in view["bag"].items())
    parts.append(
        Text(
            tr("bag: {bag}", bag=bag)
            + "   "
            + tr(
                "pharaoh pyramid: {count}/{total}",
                count=view["pharaoh"],
                total=b.pharaoh_stones,
            )
        )
    )
    if view["groups"]:
        market = Table(title=tr("stone market"), show_edge=False)
        market.add_column(tr("group"))
        market.add_column(tr("stones"))
        market.add_column(tr("bids (player: value, ? = face down)"))
        for number, group in enumerate(view["groups"], 1):
            bids = [
                f"{text.player(bid['seat'])}: {'?' if bid['value'] is None else bid['value']}"
                for bid in view["bids"]
                if bid["group"] == number
            ]
            market.add_row(str(number), _stones(group, letter), Text(", ".join(bids)))
        parts.append(market)
    seats = Table(title=tr("players"), show_edge=False)
    for column in (
        tr("player"),
        tr("points"),
        tr("stones"),
        tr("overseers"),
        tr("workers"),
        tr("scarabs"),
        tr("bid tiles"),
    ):
        seats.add_column(column)
    for number, info in enumerate(view["seats"]):
        stones = Text()
        for slug, count in info["stones"].items():
            stones.append(letter.get(slug, "?") * count, style=STYLE.get(slug, ""))
        orders = info["orders"]
        overseers = " ".join(info["overseers"])
        if view["phase"] == "orders":
            written = ", ".join(orders) if orders else str(info["orders_written"])
            overseers += "  " + tr("(orders: {orders})", orders=written)
        tiles = info["bid_tiles"]
        name = text.player(number) + (" " + tr("(you)") if number == seat else "")
        seats.add_row(
            Text(name),
            str(view["scores"][number]),
            stones,
            overseers,
            " ".join(info["workers"]),
            str(info["scarabs"]),
            " ".join(map(str, tiles))
            if isinstance(tiles, list)
            else tr("{count} in hand", count=tiles),
        )
    parts.append(seats)
    sites = Table(
        title=tr(
            "sites (levels bottom | ... | top; {letters} = colours, · = empty)",
            letters=" ".join(letter.values()),
        )
    )
    for column in (tr("site"), tr("size"), tr("owner"), tr("pyramid"), tr("figures")):
        sites.add_column(column)
    standing: dict[str, list[str]] = {}
    for number, info in enumerate(view["seats"]):
        for kind, pieces in ((overseer, info["overseers"]), (worker, info["workers"])):
            for node in pieces:
                site_number = node.split("-")[0]
                standing.setdefault(site_number, []).append(f"{kind}:{text.player(number)}@{node}")
    for info, site in zip(view["sites"], b.sites, strict=True):
        if not info["in_play"]:
            continue
        shape = site.shape
        pyramid = Text()
        for level in range(shape.levels):
            lo, hi = shape.level_start[level], shape.level_start[level + 1]
            if level:
                pyramid.append(" | ")
            pyramid.append_text(_stones(info["stones"][lo:hi], letter))
        if info["finished"]:
            pyramid.append("  " + tr("finished"), style="bold green")
        owner = "-" if info["owner"] is None else text.player(info["owner"])
        figures = " ".join(f for f in standing.get(str(site.number), []) if "-" in f)
        sites.add_row(
            str(site.number), tr.text(SIZES[shape.name]), Text(owner), pyramid, Text(figures)
        )
    parts.append(sites)
    if view["outcome"] is not None:
        reason = text.outcome_reason(view["outcome"]["reason"])
        parts.append(Text(tr("Game over: {reason}.", reason=reason), style="bold"))
    return Group(*parts)


# -- the board drawing ----------------------------------------------------------------------
SCALE = 2


def _field_offsets(site: Site, half: int) -> list[tuple[int, int]]:
    """Where each field sits around its site's square (A at the top, clockwise)."""
    d = half + 9
    if len(site.fields) == 4:
        return [(0, -d), (d, 0), (0, d), (-d, 0)]
    return [(-8, -d), (8, -d), (d, -8), (d, 8), (8, d), (-8, d), (-d, 8), (-d, -8)]


def svg(tr: Translator) -> str:
    """The whole board as an SVG document, drawn from the data file."""
    b = board()
    pharaoh = escape(tr("pharaoh"))
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1060" '
        'viewBox="0 0 1200 1060" font-family="sans-serif">',
        '<rect width="1200" height="1060" fill="#f4ead2"/>',
    ]
    fills = ["#e8d6a8", "#dfe8c6", "#d2e2ee", "#eadcf0", "#f2d6cf", "#d6efe2", "#efe6c8"]
    for number, shape, fill in zip(b.area_numbers, b.area_shapes, fills, strict=True):
        points = " ".join(f"{x * SCALE},{y * SCALE}" for x, y in shape)
        out.append(f'<polygon points="{points}" fill="{fill}" stroke="#6b4f2a" stroke-width="3"/>')
        cx = sum(x for x, _ in shape) * SCALE // 3
        cy = sum(y for _, y in shape) * SCALE // 3
        if number != 16:
            out.append(
                f'<text x="{cx}" y="{cy}" font-size="28" fill="#6b4f2a" '
                f'text-anchor="middle" opacity="0.6">{number}</text>'
            )
    px, py = (v * SCALE for v in b.pharaoh_xy)
    out.append(f'<rect x="{px - 40}" y="{py - 40}" width="80" height="80" fill="#c9a45c"/>')
    out.append(f'<text x="{px}" y="{py + 6}" font-size="16" text-anchor="middle">{pharaoh}</text>')
    out.append(
        f'<text x="{px}" y="{py + 70}" font-size="28" fill="#6b4f2a" '
        f'text-anchor="middle" opacity="0.6">16</text>'
    )
    for site in b.sites:
        x, y = site.x * SCALE, site.y * SCALE
        half = 22 if site.shape.name == "large" else 14
        out.append(
            f'<rect x="{x - half}" y="{y - half}" width="{2 * half}" height="{2 * half}" '
            f'fill="#b08850" stroke="#4a3418"/>'
        )
        out.append(
            f'<text x="{x}" y="{y + 6}" font-size="16" text-anchor="middle" '
            f'font-weight="bold">{site.number}</text>'
        )
        for letter, (dx, dy) in zip(site.shape.fields, _field_offsets(site, half), strict=True):
            extra = site.borders.get(letter)
            stroke = "#c0392b" if extra else "#4a3418"
            out.append(
                f'<rect x="{x + dx - 7}" y="{y + dy - 7}" width="14" height="14" '
                f'fill="#fff8e8" stroke="{stroke}" stroke-width="{2 if extra else 1}"/>'
            )
            out.append(
                f'<text x="{x + dx}" y="{y + dy + 4}" font-size="10" '
                f'text-anchor="middle">{letter}</text>'
            )
            if extra:
                also = escape(tr("on {area}", area=extra))
                out.append(
                    f'<text x="{x + dx}" y="{y + dy + 20}" font-size="10" fill="#c0392b" '
                    f'text-anchor="middle">{also}</text>'
                )
        for k in range(site.suns):
            out.append(
                f'<circle cx="{x - half + 6 + 10 * k}" cy="{y - half - 22}" r="4" fill="#d62d20"/>'
            )
    legend = (
        tr(
            "Reconstructed board (data/board.toml): small sites 2 levels / 5 stones, fields "
            "A-D; large 3 levels / 14 stones, fields A-H;"
        ),
        tr("red dots = suns; red frames = fields on the border of a second area."),
    )
    for line, text in enumerate(legend):
        out.append(f'<text x="20" y="{1030 + 18 * line}" font-size="14">{escape(text)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def sketch(tr: Translator) -> str:
    """The board as plain text: a scaled map of the site numbers, and the step graph."""
    b = board()
    width, height = 72, 26
    grid = [[" "] * width for _ in range(height)]

    def put(x: int, y: int, text: str) -> None:
        col = min(width - len(text), max(0, round(x / 600 * (width - 1))))
        row = min(height - 1, max(0, round(y / 520 * (height - 1))))
        for i, ch in enumerate(text):
            grid[row][col + i] = ch

    for shape in b.area_shapes:
        for (x1, y1), (x2, y2) in zip(shape, shape[1:] + shape[:1], strict=True):
            for t in range(40):
                put(round(x1 + (x2 - x1) * t / 40), round(y1 + (y2 - y1) * t / 40), ".")
    for number, shape in zip(b.area_numbers, b.area_shapes, strict=True):
        cx = sum(x for x, _ in shape) // 3
        cy = sum(y for _, y in shape) // 3
        if number != 16:
            put(cx, cy, f"({number})")
    put(b.pharaoh_xy[0] - 10, b.pharaoh_xy[1], "[P](16)")
    for site in b.sites:
        mark = "#" if site.shape.name == "large" else "o"
        put(site.x - 8, site.y, f"{mark}{site.number}{'*' * site.suns}")
    lines = [tr("Valley of the Kings - reconstructed board (data/board.toml)"), ""]
    lines += ["".join(row).rstrip() for row in grid]
    large = tr("large site (3 levels, 14 stones, fields A-H)")
    small = tr("small site (2 levels, 5 stones, fields A-D)")
    lines += ["", f"#n {large}   on {small}"]
    suns = tr("one sun each")
    pharaoh = tr("pharaoh site (4 levels, 30 stones)")
    lines += [f"* {suns};  [P] {pharaoh};  (n) " + tr("area"), ""]
    lines += _graph_lines(b, tr)
    return "\n".join(lines) + "\n"


def _graph_lines(b: Board, tr: Translator) -> list[str]:
    lines = [tr("Areas and the areas one step away:")]
    for node, number in enumerate(b.area_numbers):
        near = [b.node_names[n] for n in b.neighbours[node] if b.node_site[n] < 0]
        lines.append(f"  {number}: {', '.join(near)}")
    lines.append(tr("Sites (area; fields; fields also on another area's border):"))
    for site in b.sites:
        extra = ", ".join(
            tr("{field} also one step from {area}", field=f"{site.number}-{k}", area=v)
            for k, v in site.borders.items()
        )
        facts = tr(
            "{size} in {area}, suns {suns}, fields {fields}",
            size=tr.text(SIZES[site.shape.name]),
            area=b.area_numbers[site.area],
            suns=site.suns,
            fields=site.shape.fields,
        )
        lines.append(f"  {site.number:2d} {facts}{'; ' + extra if extra else ''}")
    return lines


register_renderer(GAME_ID, render)
register_board(GAME_ID, BoardDrawing(svg=svg, sketch=sketch))
