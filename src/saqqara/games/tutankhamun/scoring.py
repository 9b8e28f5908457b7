"""Who scores how much when a treasure type is scored (Amigo "Wertung", OOTB "waardering").

The strength of a seat in a scoring is ``(tiles, lids)``: its tiles of the type (the gold
mask and pharaoh tiles included) and, to break ties, the canopic lids it played there.
Only seats holding at least one tile take part.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Awards:
    """Points for first place and for second place, by seat, in the order they are paid."""

    first: tuple[tuple[int, int], ...]
    second: tuple[tuple[int, int], ...]


def scoring_places(amigo: bool, players: int) -> int:
    """How many places score: Amigo two-player scores only a sole first place.

    Amigo rulebook, "Sonderwertung bei zwei Spielern". Out of the Box has no special
    two-player rule, so first and second place score there too.
    """
    return 1 if amigo and players == 2 else 2


def award(
    tiles: Sequence[int],
    lids: Sequence[int],
    value: int,
    *,
    amigo: bool,
    order: Sequence[int],
) -> Awards:
    """The points of one scoring.

    Amigo ("Ausführung der Wertung"): a sole first place scores ``value``; a single second
    place scores half; two tied for first score half each and there is no second place;
    three or more tied for first score nothing; a tie for second scores nothing. With two
    players only a sole first place scores.

    Out of the Box ("De waardering", methods A and B): as Amigo, except that *every* seat
    tied for first scores half, however many there are (the rulebook's green death-mask
    example: three seats with two tiles each score 4 each).

    ``order`` lists the seats in the order they pay (the active seat first, clockwise);
    it only orders the result, which matters in Out of the Box where the first to pay the
    last coin wins.

    >>> award([3, 2, 1], [0, 0, 0], 6, amigo=False, order=[0, 1, 2])
    Awards(first=((0, 6),), second=((1, 3),))
    """
    players = len(tiles)
    strength = {s: (tiles[s], lids[s]) for s in order if tiles[s] > 0}
    if not strength:
        return Awards((), ())
    best = max(strength.values())
    top = [s for s in order if strength.get(s) == best]
    half = value // 2  # value 1 never has a half share: only one seat can own that tile
    if len(top) == 1:
        first = ((top[0], value),)
    elif amigo and (len(top) > 2 or players == 2):
        return Awards((), ())
    else:
        return Awards(tuple((s, half) for s in top), ())
    if scoring_places(amigo, players) == 1:
        return Awards(first, ())
    rest = {s: v for s, v in strength.items() if s != top[0]}
    if not rest:
        return Awards(first, ())
    runner = max(rest.values())
    seconds = [s for s in order if rest.get(s) == runner]
    if len(seconds) == 1:
        return Awards(first, ((seconds[0], half),))
    return Awards(first, ())
