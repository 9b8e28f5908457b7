"""Hints: what the strong bot would play at a seat's decision, from that seat's view alone.

A table made with ``hints`` lets a seat ask, at its own decision, for the move the
analysis of :mod:`saqqara.ai.analysis` picks and the mover's estimate (its chance of
winning, a tie counted as a share). The server hands a bot worker only what the seat was
sent: its view. The worker rebuilds a state from it (:func:`~saqqara.core.view_states.
state_from_view`: the seat's own facts as shown, everything else drawn consistently with
them) and analyses that state's :class:`~saqqara.core.perspective.Perspective` of the
seat. Two positions the seat cannot tell apart have the same view (the wire secrecy
tests), so they get the same hint, byte for byte: the seed is made of public things only
(:func:`hint_seed`), never of the table's secret seed.

The budget is a fifth of the strong bot's rollouts (:func:`hint_budget`), so that a hint
comes within a second or two; the answer is the same however often it is asked, and the
table keeps it for its position (``LiveTable.hints``).
"""

from __future__ import annotations

import asyncio
import hashlib
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from saqqara.ai.analysis import PositionAnalysis, analyse_position, default_budget
from saqqara.core.game import Game
from saqqara.core.perspective import Perspective
from saqqara.core.registry import load
from saqqara.core.view_states import state_from_view

HINT_SHARE = 5
"""A hint searches the strong bot's rollouts divided by this."""
LEAST_BUDGET = 10
"""...but never fewer rollouts than this."""


def hint_budget(game_id: str) -> int:
    """The rollouts of one hint in ``game_id``: a fifth of ``hard``'s, at least ten."""
    return max(LEAST_BUDGET, default_budget(game_id) // HINT_SHARE)


def hint_seed(table: str, seq: int, undos: int, seat: int) -> int:
    """The seed of a hint: the table's id, the position's sequence number and undo count,
    and the seat (all known to the seat; never the table's secret seed)."""
    digest = hashlib.blake2b(f"hint:{table}:{seq}:{undos}:{seat}".encode(), digest_size=8)
    return int.from_bytes(digest.digest(), "big") >> 1


def view_analysis(
    game: Game, view: Mapping[str, Any], seat: int, budget: int, seed: int
) -> PositionAnalysis:
    """The analysis of ``seat``'s decision in a state rebuilt from its ``view`` (drawn from
    ``seed``), in ``budget`` rollouts: a function of the view, the budget and the seed."""
    state = state_from_view(game, view, seat, random.Random(seed))
    return analyse_position(Perspective(state, seat), budget, seed)


@dataclass(frozen=True, slots=True)
class HintJob:
    """What a bot worker needs for a hint: the game's configuration, the seat's view (the
    update's, nothing more), the seat, the budget and the seed."""

    game: str
    players: int
    options: tuple[tuple[str, str], ...]
    view: dict[str, Any]
    seat: int
    budget: int
    seed: int


@dataclass(frozen=True, slots=True)
class HintAnswer:
    """A worker's answer: the best move's action id, the mover's estimate (``None``: the
    seat had a single legal move, not searched) and the rollouts played."""

    action: int
    value: float | None
    rollouts: int


_games: dict[tuple[str, int, tuple[tuple[str, str], ...]], Game] = {}


def run_hint(job: HintJob) -> HintAnswer:
    """Run in a worker: the analysis of the job's view, as an action id and estimate."""
    key = (job.game, job.players, job.options)
    game = _games.get(key)
    if game is None:
        game = _games[key] = load(job.game, job.players, dict(job.options))
    analysis = view_analysis(game, job.view, job.seat, job.budget, job.seed)
    action = game.action_id(game.parse_action(analysis.best))
    return HintAnswer(action, analysis.value, analysis.rollouts)


@dataclass(frozen=True, slots=True)
class AskedHint:
    """A hint under way or made: the position it is for (its update's sequence number and
    undo count), the seat's view there (its move is worded from it) and the pool's answer
    (``None``: the pool gave none in time)."""

    seq: int
    undos: int
    view: dict[str, Any]
    answer: asyncio.Future[HintAnswer | None]


def local_hint(game: Game, view: dict[str, Any], seat: int, table: str, seq: int) -> HintAnswer:
    """The hint for ``seat``'s decision from its ``view`` alone (the one a server's bot
    worker would give for it), seeded by the table's name and the position's number."""
    job = HintJob(
        game.spec.id,
        game.players,
        tuple(sorted(game.options.items())),
        view,
        seat,
        hint_budget(game.spec.id),
        hint_seed(table, seq, 0, seat),
    )
    return run_hint(job)
