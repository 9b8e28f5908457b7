"""Compact boards for a turn at an 80 x 24 terminal: at most a dozen lines per game.

Tutankhamun: a line per player (score, ``@slot`` of the pawn, tiles held, ``+N`` wildcards
and their initial, ``+2c`` two canopic lids in English,
``★`` the gold mask or King Tut), then the tiles still ahead on the path. Valley of the
Kings: the round, the stone groups with their bids (``name:value``, ``?`` face down), a line
per player (points, stones, overseers ``O`` and workers ``W`` by place, with a count where
several stand on one, scarabs, bid tiles; the letters are the words' initials in the table's
language, :mod:`saqqara.core.initials`),
the claimed sites. Curse of the Mummy: the maze, one line per row (walls ``|`` between
fields; a wall on a field's south side drawn as ``_`` under it, so that it reads without
colours or underlining), the mummy and the figures. Tutankhamun's Revenge: a line per
player, the 4 x 4 box with its columns a-d and rows 1-4 (cards left in each stack and its
top card), the turn's gain. ``◀``
marks who acts, ``*`` the reader's own seat. A line per player starts with the names,
each padded to the longest, so that what follows lines up; a name longer than
:data:`NAME` cells is cut with an ellipsis, wherever a compact board names a seat.

Each is drawn from the seat's view alone, with the names of the game's presentation (in the
table's language); the full board stays one command (`board`) away. A line longer than the
terminal is cut, never wrapped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.cells import cell_len, set_cell_size
from rich.text import Text

from saqqara.core.i18n import N_
from saqqara.core.presentation import Presentation
from saqqara.games.curse_of_the_mummy.data import EAST, SOUTH, board
from saqqara.games.curse_of_the_mummy.presentation import MummyPresentation
from saqqara.games.tutankhamun.presentation import TutankhamunPresentation
from saqqara.games.tutankhamuns_revenge.presentation import RevengePresentation
from saqqara.games.tutankhamuns_revenge.shapes import cell_name
from saqqara.games.valley_of_the_kings.presentation import ValleyPresentation
from saqqara.ui.render.curse_of_the_mummy import _symbol_label

View = dict[str, Any]
Compact = Callable[[View, int | None, Presentation], list[Text]]

MARKS: list[tuple[str, str]] = [
    ("*", N_("your seat")),
    ("◀", N_("to act now")),
]
"""The marks every compact board uses, for ``legend`` (in English: translate on use)."""

GAME_MARKS: dict[str, list[tuple[str, str]]] = {
    "tutankhamun": [
        ("@N", N_("the slot the pawn stands on (@-: not on the path yet, @▲: at the pyramid)")),
        ("+N{wild}", N_("wildcard tiles held")),
        ("★", N_("holds the gold mask or King Tut")),
        ("→", N_("the tiles still ahead on the path, by slot")),
    ],
    "valley-of-the-kings": [
        ("{stones}", N_("stones: red, grey, black, white, sand (with their number)")),
        ("[...]", N_("the stones a player holds; after a group, its bids (?: face down)")),
        (
            "{overseer} {worker}",
            N_("overseers and workers by the place they stand on (×N: how many there)"),
        ),
    ],
}
"""Each game's own marks on its compact board, for ``legend``."""


def compact_marks(game_id: str) -> list[tuple[str, str]]:
    """The marks of ``game_id``'s compact board and what each means (English; translate
    the meaning on use); none for a game without a compact board."""
    if game_id not in COMPACT:
        return []
    return MARKS + GAME_MARKS.get(game_id, [])


WIDTH = 79
NAME = 16
"""Cells a seat's name may take in a compact board; a longer one is cut with ``…``."""


def _line(text: str, style: str = "") -> Text:
    line = Text(text, style=style)
    line.truncate(WIDTH, overflow="ellipsis")
    return line


def _wrapped(items: list[str], prefix: str, most: int) -> list[Text]:
    """``items`` joined by `` · `` after ``prefix``, on at most ``most`` lines."""
    lines: list[str] = []
    current, fresh = prefix, True
    for item in items:
        if not fresh and len(current) + len(item) + 3 > WIDTH:
            lines.append(current)
            current, fresh = "  ", True
        current += item if fresh else " · " + item
        fresh = False
    lines.append(current)
    if len(lines) > most:
        lines = [*lines[: most - 1], lines[most - 1] + " …"]
    return [_line(line) for line in lines]


def _name(text: Presentation, seat: int) -> str:
    """A seat's name in at most :data:`NAME` cells."""
    name = text.player(seat)
    return name if cell_len(name) <= NAME else set_cell_size(name, NAME - 1) + "…"


def _who(text: Presentation, view: View, me: int | None, seats: int) -> list[str]:
    """The first column of the lines per player: each name, ``*`` on the reader's and
    ``◀`` on those who act, all padded to the same width (at least 10 cells)."""
    acting = view.get("to_act", [])
    names = [
        f"{_name(text, seat)}{' *' if seat == me else ''}{' ◀' if seat in acting else ''}"
        for seat in range(seats)
    ]
    width = max([10, *map(cell_len, names)])
    return [set_cell_size(name, width) for name in names]


def tutankhamun(view: View, me: int | None, text: Presentation) -> list[Text]:
    assert isinstance(text, TutankhamunPresentation)
    lines = []
    who = _who(text, view, me, view["players"])
    for seat in range(view["players"]):
        pos = view["pawns"][seat]
        where = "-" if pos is None else ("▲" if pos >= len(view["path"]) else str(pos))
        held = ", ".join(f"{text.tile(slug)}×{n}" for slug, n in view["holdings"][seat].items())
        wild = text.wild_letter()
        extras = f" +{view['wilds'][seat]}{wild}" if view["wilds"][seat] else ""
        if view.get("mask") == seat or view.get("king_tut") == seat:
            extras += " ★"
        lines.append(
            _line(
                f"{who[seat]} {view['scores'][seat]:>2} @{where:<3}{extras} {held or '-'}",
                "bold" if seat == me else "",
            )
        )
    on_path = [p for p in view["pawns"] if p is not None and p < len(view["path"])]
    rear = min(on_path) if len(on_path) == len(view["pawns"]) else -1
    ahead = [
        f"{slot} {text.tile(slug)}"
        for slot, slug in enumerate(view["path"])
        if slug is not None and slot > rear
    ]
    lines += _wrapped(ahead, "→ ", 4)
    if view.get("scoring"):
        lines.append(_line(text.event_sentence({"kind": "scoring", **view["scoring"]})))
    return lines


def valley(view: View, me: int | None, text: Presentation) -> list[Text]:
    assert isinstance(text, ValleyPresentation)
    short = text.stone_letters()
    overseer, worker = text.piece_letters()
    bag = " ".join(f"{short[c]}{n}" for c, n in view["bag"].items())
    tr = text.tr
    heading = [
        tr("round {number}", number=view["round"]),
        text.phase_name(view["phase"]),
        tr("start {player}", player=_name(text, view["start"])),
        bag,
        tr("pharaoh pyramid {count}", count=view.get("pharaoh", 0)),
    ]
    lines = [_line(" · ".join(heading))]
    bids: dict[int, list[str]] = {}
    for bid in view["bids"]:
        value = "?" if bid["value"] is None else str(bid["value"])
        bids.setdefault(bid["group"], []).append(f"{_name(text, bid['seat'])}:{value}")
    groups = [
        f"{g}) {''.join(short[c] for c in stones)} [{' '.join(bids.get(g, []))}]"
        for g, stones in enumerate(view["groups"], start=1)
    ]
    if groups:
        lines += _wrapped(groups, "", 2)
    who = _who(text, view, me, len(view["seats"]))
    for seat, info in enumerate(view["seats"]):
        stones = " ".join(f"{short[c]}{n}" for c, n in info["stones"].items()) or "-"
        tiles = info["bid_tiles"]
        tiles_text = " ".join(map(str, tiles)) if isinstance(tiles, list) else f"{tiles}"
        lines.append(
            _line(
                f"{who[seat]} {view.get('scores', [0] * 4)[seat]:>3} "
                f"[{stones}] {overseer} {_places(info['overseers'])} · "
                f"{worker} {_places(info['workers'])} · "
                + tr("scarabs {count}", count=info["scarabs"])
                + f" · {tiles_text}",
                "bold" if seat == me else "",
            )
        )
    built = [
        f"{s['site']}{'L' if s['size'] == 'large' else 's'}:{_name(text, s['owner'])} "
        + "".join(short[c] if c else "·" for c in s["stones"])
        for s in view["sites"]
        if s["owner"] is not None
    ]
    if built:
        lines += _wrapped(built, "", 3)
    return lines


def _places(places: list[str]) -> str:
    """Where a seat's pieces stand, the place of several followed by their count."""
    counts: dict[str, int] = {}
    for place in places:
        counts[place] = counts.get(place, 0) + 1
    return " ".join(p if n == 1 else f"{p}×{n}" for p, n in counts.items())


def mummy(view: View, me: int | None, text: Presentation) -> list[Text]:
    assert isinstance(text, MummyPresentation)
    b = board()
    marks: dict[int, str] = {}
    maybe: set[int] = set()
    for i, fig in enumerate(view["figures"]):
        if not fig["in_game"]:
            continue
        where = fig.get("field")
        possible = fig["possible"]
        if where is None and len(possible) == 1:
            where = possible[0]
        if where is not None:
            f = b.field_from_name(where)
            if f is not None:
                marks[f] = (marks.get(f, "").strip() + str(i + 1))[:3]
        else:
            maybe.update(x for x in map(b.field_from_name, possible) if x is not None)
    at = b.field_from_name(view["mummy"])
    header = "   " + "".join(f"   {chr(97 + c)}  " for c in range(b.width))
    lines = [_line(header, "dim")]
    for r in range(b.height):
        row = Text(f"{r + 1:>2} ")
        for c in range(b.width):
            f = r * b.width + c
            west_open = c > 0 and b.neighbours[f - 1][EAST] >= 0
            row.append(" " if west_open else "|")
            label = (
                "M"
                if f == at
                else marks[f]
                if f in marks
                else "?"
                if f in maybe
                else _symbol_label(b, f, text.tr.lang).strip()
            )
            row.append_text(_field(label, south_wall=b.neighbours[f][SOUTH] < 0))
        row.append("|")
        lines.append(row)
    tr = text.tr
    dice = " ".join(view["dice"]) or "-"
    lines.append(
        _line(
            f"M {view['mummy']} "
            + tr("ankhs {count}/{needed}", count=view["mummy_ankhs"], needed=view["mummy_needs"])
            + " · "
            + tr("mummy dice out {count}", count=view["mummy_dice"])
            + " · "
            + tr("dice {dice}", dice=dice)
        )
    )
    lines.append(
        _line(
            " · ".join(
                f"{i + 1} {_name(text, fig['seat'])} "
                + tr("ankhs {count}", count=fig["ankhs"] if fig["in_game"] else 0)
                for i, fig in enumerate(view["figures"])
            )
        )
    )
    if view.get("hand"):
        lines.append(_line(" · ".join(text.symbol(name) for name in view["hand"])))
    return lines


CELL = 18
"""Characters of a stack in Revenge's compact box: the box is four of them and a margin."""


def _short_card(text: RevengePresentation, slug: str) -> str:
    """A card's name and value without the part in brackets (``Cobra -2``), to fit a cell."""
    name = text.card(slug)
    if " (" in name and ")" in name:
        name = name[: name.index(" (")] + name[name.index(")") + 1 :]
    return name


def _field(label: str, south_wall: bool) -> Text:
    """A maze field five characters wide, its label centred; a wall on its south side
    fills the rest of the field with ``_``, a floor line under the label (and underlines it
    where the terminal can)."""
    cell = f"{label:^5}"
    if south_wall:
        cell = cell.replace(" ", "_")
        return Text(cell, style="underline")
    return Text(cell)


def revenge(view: View, me: int | None, text: Presentation) -> list[Text]:
    assert isinstance(text, RevengePresentation)
    lines = [_line(f"{text.phase_name(view['phase'])} · {text.score_name()}")]
    who = _who(text, view, me, view["players"])
    for seat in range(view["players"]):
        blocked = view["blocks"][seat]
        blockade = (
            text.tr("blockade on {stack}", stack=cell_name(blocked))
            if blocked is not None
            else text.tr("blockade card in hand")
            if view["blockade_cards"][seat]
            else ""
        )
        lines.append(
            _line(
                f"{who[seat]} {view['money'][seat]:>3} · "
                + text.tr("scarabs {count}", count=view["scarabs"][seat])
                + (f" · {blockade}" if blockade else ""),
                "bold" if seat == me else "",
            )
        )
    laying = view.get("laying")
    mine = view.get("my_layers", {})
    lines.append(_line("  " + "".join(f"{letter:<{CELL + 1}}" for letter in "abcd"), "dim"))
    for row in range(4):
        cells = []
        for col in range(4):
            cell = row * 4 + col
            if laying:
                layer = mine.get(str(laying["layer"]), [])
                slug = layer[cell] if cell < len(layer) else None
                shown = _short_card(text, slug) if slug else "?"
            else:
                top = view["top"][cell]
                depth = view["depth"][cell]
                shown = f"{depth} {_short_card(text, top)}" if top else f"{depth} ·"
            if len(shown) > CELL:
                shown = shown[: CELL - 1] + "…"
            cells.append(f"{shown:<{CELL}}")
        lines.append(_line(f"{row + 1} " + " ".join(cells)))
    turn = view.get("turn")
    if turn and not laying and view.get("active") is not None:
        gain = text.tr.ntr(
            "this turn: +{gain} after {count} lift",
            "this turn: +{gain} after {count} lifts",
            turn["lifts"],
            gain=turn["gain"],
        )
        if turn["scarab"]:
            gain += " · " + text.tr("doubled by a scarab")
        lines.append(_line(gain))
    return lines


COMPACT: dict[str, Compact] = {
    "tutankhamun": tutankhamun,
    "valley-of-the-kings": valley,
    "curse-of-the-mummy": mummy,
    "tutankhamuns-revenge": revenge,
}
