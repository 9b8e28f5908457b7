"""`saqqara board tutankhamun`: the path winding round the pyramid, and each edition's tiles.

The path is laid anew every game (rulebooks 000 and 003: a winding line of tiles from the
start to the foot of the pyramid), so the drawing shows its slots, numbered as in the
notation (``take 12``), and the tiles that are shuffled into it, from the data file.
"""

from __future__ import annotations

from html import escape

from saqqara.core.i18n import Translator
from saqqara.games.tutankhamun.data import EDITIONS, edition
from saqqara.games.tutankhamun.presentation import TILE_NAMES
from saqqara.ui.boards import BoardDrawing, register_board

COLUMNS = 10
"""Slots per row of the sketch; the rows wind back and forth like the path on the table."""


def _rows(slots: int) -> list[list[int]]:
    """Slot numbers row by row, every other row reversed: the path's winding line."""
    rows = [list(range(start, min(start + COLUMNS, slots))) for start in range(0, slots, COLUMNS)]
    return [row if i % 2 == 0 else row[::-1] for i, row in enumerate(rows)]


def sketch(tr: Translator) -> str:
    lines = [tr("Tutankhamun: the path of tiles to the pyramid (laid anew every game)"), ""]
    longest = max(edition(e).path_length for e in EDITIONS)
    rows = _rows(longest)
    for i, row in enumerate(rows):
        cells = " ".join(f"{slot:>2}" for slot in row)
        lines.append(f"  {cells:<{COLUMNS * 3}}")
        if i < len(rows) - 1:
            turn = len(row) * 3 if i % 2 == 0 else 3
            lines.append(" " * turn + "|")
    foot = tr("the pyramid: slot {slot} (King Tut in Out of the Box) lies at its foot", slot=69)
    lines += ["", f"  ▲ {foot}", ""]
    for edition_id in EDITIONS:
        ed = edition(edition_id)
        lines.append(tr("{edition}: {slots} slots", edition=edition_id, slots=ed.path_length))
        for t in ed.types:
            name = tr.text(TILE_NAMES[t.slug])
            worth = tr("worth {value}", value=t.count)
            lines.append(f"  {t.count} x {name:<20} ({t.name}), {worth}")
        steal = tr.text(TILE_NAMES[ed.steal_slug])
        wild = tr.text(TILE_NAMES[ed.wild_slug])
        lines.append(f"  {ed.steal_tiles} x {steal}, {ed.wild_tiles} x {wild}")
        if not ed.amigo:
            king = tr.text(TILE_NAMES["king-tut"])
            lines.append(f"  1 x {king}, " + tr("always the last slot"))
        lines.append("")
    return "\n".join(lines)


def svg(tr: Translator) -> str:
    title = tr("Tutankhamun: the path's slots, from the start to the pyramid")
    pyramid = tr("pyramid")
    size, gap = 40, 6
    longest = max(edition(e).path_length for e in EDITIONS)
    parts = []
    rows = _rows(longest)
    for r, row in enumerate(rows):
        y = 40 + r * (size + gap)
        offset = 0 if r % 2 == 0 else COLUMNS - len(row)
        for c, slot in enumerate(row):
            x = 10 + (c + offset) * (size + gap)
            parts.append(
                f'<rect x="{x}" y="{y}" width="{size}" height="{size}" rx="4" '
                f'fill="#f3e2b3" stroke="#7a5c1e"/><text x="{x + size / 2}" y="{y + 25}" '
                f'font-size="13" text-anchor="middle">{slot}</text>'
            )
    width = 20 + COLUMNS * (size + gap)
    top = 40 + len(rows) * (size + gap) + 10
    parts.append(
        f'<polygon points="{width / 2 - 60},{top + 70} {width / 2 + 60},{top + 70} '
        f'{width / 2},{top}" fill="#e6b422" stroke="#7a5c1e"/>'
        f'<text x="{width / 2}" y="{top + 60}" font-size="12" text-anchor="middle">'
        f"{escape(pyramid)}</text>"
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{top + 80}" '
        f'font-family="sans-serif"><text x="10" y="24" font-size="15">'
        f"{escape(title)}</text>"
        f"{''.join(parts)}</svg>\n"
    )


register_board("tutankhamun", BoardDrawing(svg=svg, sketch=sketch))
