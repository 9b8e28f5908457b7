"""Movement geometry on field bit masks: explorer walks and arrow slides, and their use
for belief tracking ("3. Ziehen" in rulebook 002).

A walk of exactly ``k`` steps may go back and forth and pass other explorers; it may never
enter a wall, the mummy's field, the start or the dungeon, and it may not end on another
explorer. An arrow slides in one direction to the field before the next obstacle (mummy,
explorer, wall, start, dungeon) and must move at least one field.
"""

from __future__ import annotations

from saqqara.games.curse_of_the_mummy.data import BELIEF_CACHE, WALK_CACHE, Board
from saqqara.games.curse_of_the_mummy.data import bits as bits


def walk(board: Board, start: int, steps: int, blocked: int) -> int:
    """Fields reachable from the fields of ``start`` in exactly ``steps`` steps."""
    mask = start
    for _ in range(steps):
        mask = board.spread(mask) & ~blocked
        if not mask:
            break
    return mask


def slide_belief(board: Board, start: int, blocked: int, maybe: int) -> int:
    """Where an arrow from a field of ``start`` can have stopped, seen from outside: at the
    field before a ``blocked`` one, or before a field that ``maybe`` holds an unseen figure,
    after at least one field."""
    ends = 0
    for direction in range(4):
        opposite = (direction + 2) % 4
        ray = board.shift(start, direction) & ~blocked
        while ray:
            ahead = board.shift(ray, direction)
            open_ahead = ahead & ~blocked
            ends |= ray & ~board.shift(open_ahead, opposite)
            ends |= ray & board.shift(ahead & maybe, opposite)
            ray = open_ahead
    return ends


def slide_ends(board: Board, field: int, blocked: int) -> int:
    """The fields an arrow can take a figure on ``field`` to (one per open direction)."""
    ends = 0
    for direction in range(4):
        here = 1 << field
        nxt = board.shift(here, direction) & ~blocked
        if not nxt:
            continue
        while nxt:
            here = nxt
            nxt = board.shift(here, direction) & ~blocked
        ends |= here
    return ends


def destinations(board: Board, field: int, value: int, mummy: int, others: int) -> int:
    """Where a figure on ``field`` may end with ``value`` (0..3: 1..4 steps, 4: arrow).

    ``others`` is the mask of the other figures' fields.
    """
    if value == 4:
        return slide_ends(board, field, board.forbidden | (1 << mummy) | others)
    key = (mummy * board.fields + field) * 5 + value
    walks = board.walk_cache
    reach = walks.get(key)
    if reach is None:
        blocked = board.forbidden | (1 << mummy)
        if len(walks) >= WALK_CACHE:
            walks.clear()
        reach = walks[key] = walk(board, 1 << field, value + 1, blocked)
    return reach & ~others


def can_move_by(board: Board, field: int, value: int, mummy: int, others: int) -> bool:
    """Whether ``destinations`` is not empty. An arrow moves iff one step does: it slides
    whenever a first field is open, which is exactly where a single step may end."""
    return bool(destinations(board, field, 0 if value == 4 else value, mummy, others))


def can_move(board: Board, field: int, mummy: int, others: int) -> bool:
    """Whether any of 1, 2, 3, 4 or the arrow can be moved fully (else: "stuck"; the arrow
    moves exactly where 1 does, see :func:`can_move_by`): whether the union of the four
    walks has a field the others leave free (remembered beside the walks)."""
    key = (mummy * board.fields + field) * 5 + 4
    reach = board.walk_cache.get(key)
    if reach is None:
        reach = 0
        for value in range(4):
            reach |= destinations(board, field, value, mummy, 0)
        if len(board.walk_cache) >= WALK_CACHE:
            board.walk_cache.clear()
        board.walk_cache[key] = reach
    return bool(reach & ~others)


def announced(board: Board, belief: int, value: int, mummy: int, known: int) -> int:
    """What the table still allows a figure of ``belief`` to be on once it announces
    ``value`` (it must be able to move it: "3. Ziehen"), ``known`` being the fields other
    figures hold for certain; remembered in :attr:`Board.belief_cache`."""
    key = (0, belief, value, mummy, known)
    cache = board.belief_cache
    found = cache.get(key)
    if found is not None:
        return found
    blocked = board.forbidden | (1 << mummy)
    free = ((1 << board.fields) - 1) & ~blocked & ~known
    movable = board.spread(free) if value == 4 else walk(board, free, value + 1, blocked)
    for f in bits(belief & board.forbidden):
        if belief_after_move(board, 1 << f, value, mummy, known):
            movable |= 1 << f
    if len(cache) >= BELIEF_CACHE:
        cache.clear()
    cache[key] = found = belief & movable
    return found


def moved(board: Board, belief: int, value: int, mummy: int, known: int, maybe: int) -> int:
    """:func:`belief_after_move`, remembered in :attr:`Board.belief_cache`."""
    key = (1, belief, value, mummy, known, maybe)
    cache = board.belief_cache
    found = cache.get(key)
    if found is None:
        if len(cache) >= BELIEF_CACHE:
            cache.clear()
        found = cache[key] = belief_after_move(board, belief, value, mummy, known, maybe)
    return found


def belief_after_move(
    board: Board, belief: int, value: int, mummy: int, known: int, maybe: int = 0
) -> int:
    """Where a figure may be after announcing ``value``, seen by someone who only knew
    ``belief`` (its possible fields), ``known`` (fields certainly held by other figures) and
    ``maybe`` (fields other figures may hold).

    An arrow stops before a wall, the mummy, start, dungeon or a known figure, or before a
    field an unseen figure may hold; the result always contains the true field.
    """
    blocked = board.forbidden | (1 << mummy)
    if value == 4:
        return slide_belief(board, belief, blocked | known, maybe & ~known)
    return walk(board, belief, value + 1, blocked) & ~known


def surely_mobile(board: Board, mummy: int) -> int:
    """Fields from which a figure can always move 2 (there and back), whoever stands where.

    A figure that announces it is stuck cannot be on one of these.
    """
    blocked = board.forbidden | (1 << mummy)
    free = ((1 << board.fields) - 1) & ~blocked
    back = 0
    for direction in range(4):
        opposite = (direction + 2) % 4
        back |= board.shift(board.shift(free, direction) & free, opposite)
    return back & ~board.forbidden
