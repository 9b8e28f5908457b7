"""Reviews of finished tables: every decision analysed as ``saqqara analyse`` does, in the bot
pool, a few decisions at a time, and kept in memory.

A finished game reveals everything, so a review may read the whole record; each decision is
still analysed from its mover's perspective at that point (:mod:`saqqara.ai.analysis`), so
an estimate says what the mover could have known then. The work goes to the bot pool in
jobs of :data:`CHUNK` decisions (each a search job: the record and the decisions' places
in it), one job of a review at a time and at most :data:`RUNNING` reviews at once, so that
tables with bots keep their pace; the review says how far it is (``done`` of ``total``)
while it runs. Its budget is a hint's (``server/hints.py``): a fifth of ``hard``'s
rollouts. A server keeps the latest :data:`KEPT` reviews; one asked again is not worked
out again.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import Any

from saqqara.ai.analysis import DIGITS, MoveAnalysis, Thresholds, analyse_position
from saqqara.core.game import CHANCE, Game
from saqqara.core.perspective import Perspective
from saqqara.core.records import Record
from saqqara.core.registry import load
from saqqara.core.seeding import mix
from saqqara.server.hints import hint_budget
from saqqara.server.wording import texts

CHUNK = 2
"""Decisions analysed by one job of the pool (a job must end within the bot move limit)."""
RUNNING = 2
"""Reviews worked out at once; more wait their turn."""
KEPT = 64
"""Reviews a server keeps in memory (the oldest go first)."""
TRIES = 2
"""How often a job is tried before its review is given up (and may be asked again)."""
SEED = 0
"""The analysis's seed (``saqqara analyse``'s default): a review is the same every time."""


@dataclass(frozen=True, slots=True)
class ReviewJob:
    """What a worker needs: the record (its JSON, without its meta), the places in its
    actions of the decisions to analyse, the budget and the seed."""

    record: dict[str, Any]
    indices: tuple[int, ...]
    budget: int
    seed: int


def run_review(job: ReviewJob) -> list[dict[str, Any]]:
    """Run in a worker: each asked decision analysed from its mover's perspective then
    (``MoveAnalysis.to_json``), in order."""
    record = Record.from_json(job.record)
    game = _game(record)
    wanted = set(job.indices)
    last = max(wanted)
    state = game.new_state()
    out: list[dict[str, Any]] = []
    move = 0
    limits = Thresholds()
    for index, entry in enumerate(record.actions[: last + 1]):
        action = game.parse_action(entry.action)
        if entry.seat != CHANCE:
            move += 1
            if index in wanted:
                position = analyse_position(
                    Perspective(state, entry.seat), job.budget, mix(job.seed, index), action
                )
                played = game.action_text(action)
                name = record.seats[entry.seat]
                analysed = MoveAnalysis(index, move, entry.seat, name, played, position, limits)
                out.append(analysed.to_json())
        state.apply(entry.seat, action)
    return out


_games: dict[tuple[str, int, tuple[tuple[str, str], ...]], Game] = {}


def _game(record: Record) -> Game:
    """The record's configured game, made once per configuration (in a worker, or the
    server's threads: making one twice at once only makes it twice)."""
    key = (record.game, record.players, tuple(sorted(record.options.items())))
    game = _games.get(key)
    if game is None:
        if len(_games) >= 64:
            _games.clear()
        game = _games[key] = load(record.game, record.players, dict(record.options))
    return game


def decisions(record: Record) -> list[int]:
    """The places in ``record``'s actions of its seats' decisions (chance left out)."""
    return [index for index, entry in enumerate(record.actions) if entry.seat != CHANCE]


Analyse = Callable[[ReviewJob], Awaitable[list[dict[str, Any]] | None]]
"""The pool's way to run a job: its answer, or ``None`` when it gave none in time."""


@dataclass(slots=True)
class Review:
    """One finished table's review, under way or done."""

    record: Record
    total: int
    moves: list[dict[str, Any]] = field(default_factory=list)
    failed: bool = False
    task: asyncio.Task[None] | None = None

    @property
    def done(self) -> int:
        return len(self.moves)

    @property
    def ready(self) -> bool:
        return not self.failed and self.done >= self.total


class Reviews:
    """The reviews a server works out and keeps (:data:`KEPT` of them)."""

    def __init__(self, analyse: Analyse) -> None:
        self.analyse = analyse
        self.kept: OrderedDict[str, Review] = OrderedDict()
        self.turns = asyncio.Semaphore(RUNNING)

    def start(self, table_id: str, record: Record) -> Review:
        """The review of ``table_id``'s finished ``record``: the one kept, or a new one
        started (again, where the last try failed)."""
        review = self.kept.get(table_id)
        if review is not None and not review.failed:
            self.kept.move_to_end(table_id)
            return review
        review = Review(replace(record, meta={}), len(decisions(record)))
        self.kept[table_id] = review
        while len(self.kept) > KEPT:
            _, old = self.kept.popitem(last=False)
            if old.task is not None:
                old.task.cancel()
        review.task = asyncio.ensure_future(self._work(review))
        return review

    async def _work(self, review: Review) -> None:
        record = review.record
        places = decisions(record)
        budget = hint_budget(record.game)
        data = record.to_json()
        async with self.turns:
            for start in range(0, len(places), CHUNK):
                job = ReviewJob(data, tuple(places[start : start + CHUNK]), budget, SEED)
                answer = None
                for _ in range(TRIES):
                    with contextlib.suppress(Exception):  # a worker that died: try again
                        answer = await self.analyse(job)
                    if answer is not None:
                        break
                if answer is None:
                    review.failed = True
                    return
                review.moves.extend(answer)

    def close(self) -> None:
        for review in self.kept.values():
            if review.task is not None:
                review.task.cancel()
        self.kept.clear()


def review_answer(review: Review, lang: str, names: list[str]) -> dict[str, Any]:
    """The answer of ``GET /api/tables/{id}/review``: how far the review is, and once it is
    ready every decision's analysis, its moves worded in ``lang`` from the mover's view
    then, calling the seats ``names``."""
    status = "failed" if review.failed else "ready" if review.ready else "pending"
    answer: dict[str, Any] = {"status": status, "done": review.done, "total": review.total}
    if status != "ready":
        return answer
    record = review.record
    game = _game(record)
    words = texts(game, lang, names)
    by_index = {move["index"]: move for move in review.moves}
    state = game.new_state()
    moves = []
    for index, entry in enumerate(record.actions):
        action = game.parse_action(entry.action)
        found = by_index.get(index)
        if found is not None:
            view = state.view(entry.seat)
            best = game.parse_action(found["best"])
            moves.append(
                {
                    **{k: v for k, v in found.items() if k != "values"},
                    "name": names[entry.seat],
                    "played_label": words.action_label(view, action),
                    "best_label": words.action_label(view, best),
                    "frame_seq": index + 1,
                }
            )
        state.apply(entry.seat, action)
    summary = []
    for seat in range(record.players):
        mine = [m for m in moves if m["seat"] == seat]
        losses = [m["loss"] for m in mine if m["loss"] is not None]
        summary.append(
            {
                "seat": seat,
                "name": names[seat],
                "decisions": len(mine),
                "inaccuracies": sum(m["flag"] == "inaccuracy" for m in mine),
                "mistakes": sum(m["flag"] == "mistake" for m in mine),
                "mean_loss": round(sum(losses) / len(losses), DIGITS) if losses else None,
            }
        )
    answer.update(
        {
            "game": record.game,
            "names": names,
            "budget": hint_budget(record.game),
            "thresholds": Thresholds().to_json(),
            "moves": moves,
            "summary": summary,
        }
    )
    return answer
