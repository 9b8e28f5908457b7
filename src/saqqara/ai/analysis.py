"""Analysis: what the strong bot would play at a position, and a whole record reviewed.

For a decision of seat ``s`` the analysis runs the strong bot's search (``hard``: the
rollout search ``expert`` of :mod:`saqqara.ai.rollout`, with the game's rollout policy,
evaluator, candidate filter, base move and determinizations) from ``s``'s
:class:`~saqqara.core.perspective.Perspective` alone, so it knows no more than the seat
did: its worlds are drawn by the seat's own ``resample``, never read from the true state.

What the figures mean:

- An **estimate** is the seat's expected share of the game's returns (the winners share
  one point), in [0, 1]: its chance of winning, a tie counted as a share. It is the mean
  over the search's worlds of rollouts played from the position after the move, to the end
  or, where the game's search cuts rollouts off, to its evaluator's win chance there.
  Moves are compared on common worlds and rollout seeds (as ``expert`` compares them).
- The **best** move is the move the search picks: the base move (the game's heuristic's
  choice) unless another move's mean advantage over it on the same worlds exceeds
  the game's threshold of standard errors (:func:`~saqqara.ai.rollout.switch_z`: the
  search's :data:`~saqqara.ai.rollout.SWITCH_Z` unless the game sets its own), exactly
  ``expert``'s rule.
- **Before** is the best move's estimate: the position's value for the mover. **After** is
  the estimate of the move played. The **loss** is ``max(0, before - after)``: a played
  move the search rates above its own choice loses nothing.
- A decision is flagged an **inaccuracy** when its loss is at least
  :data:`INACCURACY` (0.10, a tenth of a win) and a **mistake** at
  least :data:`MISTAKE` (0.20). :class:`Thresholds` sets other lines (``saqqara analyse
  --threshold X`` flags mistakes from ``X`` and inaccuracies from ``X / 2``). With the
  default budget the standard error of one move's estimate is a few hundredths, and the
  paired difference of two moves on the same worlds is tighter still, so a loss of a tenth
  is rarely noise.

The search differs from ``expert`` at play in three ways, all for review: its budget is a
fixed number of rollouts (:data:`DEFAULT_BUDGET` none: the game's own
:attr:`~saqqara.ai.rollout.RolloutSpec.rollouts`, ``hard``'s budget), never a clock, so a
seed fixes the answer on any machine; the move played joins the candidates and, like the
base move, is never dropped by successive halving, so before and after are measured on the
same worlds; and a single candidate (a position where the game's filter leaves only the
base move) is still searched, for its estimate. A decision with one legal move is not
searched (no estimate); chance steps are not decisions.

Each decision's search is seeded with ``mix(seed, index)`` (``index``: the decision's
place in the record's actions), so a decision's analysis does not depend on which others
were analysed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from saqqara.ai.ismcts import Budget
from saqqara.ai.rollout import (
    RolloutBot,
    _clearly_better,
    _mean,
    rollout_spec_for,
    switch_z,
    world_drawer,
)
from saqqara.core.actions import Action
from saqqara.core.agent import Agent
from saqqara.core.errors import OptionError
from saqqara.core.game import CHANCE, Game
from saqqara.core.perspective import Perspective
from saqqara.core.records import Record, replay
from saqqara.core.seeding import mix

FORMAT = "saqqara-analysis"
FORMAT_VERSION = 1
INACCURACY = 0.10
"""A loss of at least this (a tenth of a win) flags an inaccuracy."""
MISTAKE = 0.20
"""A loss of at least this (a fifth of a win) flags a mistake."""
DEFAULT_BUDGET = None
"""Rollouts per decision by default: ``None`` takes the game's own (``hard``'s budget)."""
DIGITS = 4
"""Estimates in JSON are rounded to this many decimals."""

Progress = Callable[[int, int], None]
"""Told ``(done, total)`` after each decision of a record is analysed."""


@dataclass(frozen=True, slots=True)
class Thresholds:
    """Losses from which a decision is flagged (see the module doc)."""

    inaccuracy: float = INACCURACY
    mistake: float = MISTAKE

    def __post_init__(self) -> None:
        if not 0 < self.inaccuracy <= self.mistake <= 1:
            raise ValueError("thresholds must satisfy 0 < inaccuracy <= mistake <= 1")

    @classmethod
    def from_mistake(cls, mistake: float) -> Thresholds:
        """Mistakes from ``mistake``, inaccuracies from half of it."""
        if not (math.isfinite(mistake) and 0 < mistake <= 1):
            raise ValueError(f"a threshold is a loss above 0 and at most 1, not {mistake!r}")
        return cls(mistake / 2, mistake)

    def flag(self, loss: float | None) -> str | None:
        """``"mistake"``, ``"inaccuracy"`` or ``None`` for a decision that lost ``loss``."""
        if loss is None:
            return None
        if loss >= self.mistake:
            return "mistake"
        if loss >= self.inaccuracy:
            return "inaccuracy"
        return None

    def to_json(self) -> dict[str, float]:
        return {"inaccuracy": self.inaccuracy, "mistake": self.mistake}


@dataclass(frozen=True, slots=True)
class ActionValue:
    """One searched move: its notation, estimate for the mover and how many worlds it was
    played in (moves dropped early by successive halving have fewer)."""

    action: str
    value: float
    worlds: int

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "value": round(self.value, DIGITS), "worlds": self.worlds}


@dataclass(frozen=True, slots=True)
class PositionAnalysis:
    """The strong bot's view of one decision of one seat."""

    seat: int
    legal: int
    """How many legal moves the seat had."""
    best: str
    """The move the search picks (the only move, where there was one)."""
    values: tuple[ActionValue, ...] = ()
    """Every searched move, best estimate first (empty when nothing was searched). Legal
    moves the game's candidate filter leaves out are not searched and have no estimate."""
    rollouts: int = 0
    worlds: int = 0

    @property
    def searched(self) -> bool:
        return bool(self.values)

    def value_of(self, action: str) -> float | None:
        """The estimate of the move written ``action`` (``None``: not searched)."""
        for entry in self.values:
            if entry.action == action:
                return entry.value
        return None

    @property
    def value(self) -> float | None:
        """The position's value for the mover: the best move's estimate."""
        return self.value_of(self.best)

    def to_json(self) -> dict[str, Any]:
        value = self.value
        return {
            "seat": self.seat,
            "legal": self.legal,
            "best": self.best,
            "value": None if value is None else round(value, DIGITS),
            "rollouts": self.rollouts,
            "worlds": self.worlds,
            "values": [v.to_json() for v in self.values],
        }


def default_budget(game_id: str) -> int:
    """The game's rollouts per decision for ``hard`` (its rollout spec's)."""
    spec = rollout_spec_for(game_id)
    if spec is None:
        raise OptionError(f"{game_id} has no strong bot to analyse with", code="unknown-bot")
    return spec.rollouts


def analyse_position(
    perspective: Perspective,
    budget: int | None = DEFAULT_BUDGET,
    seed: int = 0,
    played: Action | None = None,
    base_bot: Agent | None = None,
) -> PositionAnalysis:
    """What the strong bot makes of ``perspective``'s decision, in ``budget`` rollouts
    (``None``: the game's default) drawn from ``seed``. ``played``, a legal move, is
    searched beside the candidates and kept to the end, so that its estimate is measured
    on the same worlds as the best move's. ``base_bot`` is the base move's bot to ask (default:
    a new one); a review passes one from decision to decision, so that a bot that reads
    the public record (Curse of the Mummy's tracker) reads each step once. Only the
    perspective is read: two positions the seat cannot tell apart get the same analysis."""
    game = perspective.game
    seat = perspective.seat
    legal = perspective.legal_actions()
    if not legal:
        raise ValueError(f"seat {seat} has no decision here")
    if played is not None and played not in legal:
        raise ValueError(f"{game.action_text(played)} is not a legal move of seat {seat} here")
    if len(legal) == 1:
        return PositionAnalysis(seat, 1, game.action_text(legal[0]))
    spec = rollout_spec_for(game.spec.id)
    if spec is None:
        raise OptionError(f"{game.spec.id} has no strong bot to analyse with", code="unknown-bot")
    rollouts = default_budget(game.spec.id) if budget is None else budget
    if rollouts < 1:
        raise ValueError(f"a budget is at least one rollout, not {rollouts}")
    bot = RolloutBot(game, spec, Budget(rollouts, None), "analysis")
    rng = random.Random(seed)
    base_agent = base_bot if base_bot is not None else bot.base_agent()
    base = base_agent.choose(perspective, rng)
    candidates = spec.candidates(perspective, legal) if spec.candidates else list(legal)
    kept = [base] if played is None else [base, played]
    candidates = list(dict.fromkeys([*kept, *candidates]))
    search_seed = rng.getrandbits(64)
    values: dict[Action, list[float]] = {c: [] for c in candidates}
    alive = list(candidates)
    rounds = max(1, math.ceil(math.log2(len(candidates))))
    determinize = world_drawer(spec, base_agent)
    done = 0
    world_index = 0
    for round_number in range(rounds):
        quota = rollouts * (round_number + 1) / rounds
        while world_index == 0 or done + len(alive) <= quota:
            world_seed = mix(search_seed, world_index)
            world = determinize(perspective, random.Random(world_seed))
            for action in alive:
                value = bot.rollout(world.clone(), seat, action, random.Random(world_seed))
                values[action].append(value)
            done += len(alive)
            world_index += 1
        if round_number == rounds - 1 or len(alive) <= 2:
            continue
        alive.sort(key=lambda c: -_mean(values[c]))
        survivors = alive[: math.ceil(len(alive) / 2)]
        survivors += [c for c in kept if c not in survivors]
        alive = survivors
    chosen = max(alive, key=lambda c: _mean(values[c]))
    if chosen != base and not _clearly_better(values[chosen], values[base], switch_z(spec)):
        chosen = base
    order = {a: i for i, a in enumerate(legal)}
    searched = sorted(candidates, key=lambda c: (-_mean(values[c]), order[c]))
    return PositionAnalysis(
        seat,
        len(legal),
        game.action_text(chosen),
        tuple(ActionValue(game.action_text(c), _mean(values[c]), len(values[c])) for c in searched),
        done,
        world_index,
    )


@dataclass(frozen=True, slots=True)
class MoveAnalysis:
    """One decision of a record, reviewed."""

    index: int
    """The decision's place in the record's ``actions`` (from 0)."""
    move: int
    """The decision's number among the record's decisions (from 1; chance not counted)."""
    seat: int
    name: str
    """Who sat there (the record's ``seats``)."""
    played: str
    position: PositionAnalysis
    thresholds: Thresholds

    @property
    def best(self) -> str:
        return self.position.best

    @property
    def before(self) -> float | None:
        """The mover's estimate before the move: the best move's."""
        return self.position.value

    @property
    def after(self) -> float | None:
        """The mover's estimate after the move played."""
        return self.position.value_of(self.played)

    @property
    def loss(self) -> float | None:
        before, after = self.before, self.after
        if before is None or after is None:
            return None
        return max(0.0, before - after)

    @property
    def flag(self) -> str | None:
        return self.thresholds.flag(self.loss)

    def to_json(self) -> dict[str, Any]:
        def rounded(x: float | None) -> float | None:
            return None if x is None else round(x, DIGITS)

        position = self.position
        return {
            "index": self.index,
            "move": self.move,
            "seat": self.seat,
            "name": self.name,
            "played": self.played,
            "best": self.best,
            "before": rounded(self.before),
            "after": rounded(self.after),
            "loss": rounded(self.loss),
            "flag": self.flag,
            "legal": position.legal,
            "rollouts": position.rollouts,
            "worlds": position.worlds,
            "values": [v.to_json() for v in position.values],
        }


@dataclass(frozen=True, slots=True)
class SeatSummary:
    """A seat's decisions over the record."""

    seat: int
    name: str
    decisions: int
    searched: int
    inaccuracies: int
    mistakes: int
    mean_loss: float | None
    """The mean loss over the searched decisions (``None``: none searched)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name,
            "decisions": self.decisions,
            "searched": self.searched,
            "inaccuracies": self.inaccuracies,
            "mistakes": self.mistakes,
            "mean_loss": None if self.mean_loss is None else round(self.mean_loss, DIGITS),
        }


@dataclass(frozen=True, slots=True)
class RecordAnalysis:
    """A whole record reviewed: every decision of the seats asked for, in order."""

    record: Record
    budget: int
    seed: int
    thresholds: Thresholds
    seats: tuple[int, ...]
    moves: tuple[MoveAnalysis, ...] = field(default=())

    def flagged(self) -> list[MoveAnalysis]:
        """The decisions flagged an inaccuracy or a mistake."""
        return [m for m in self.moves if m.flag is not None]

    def summary(self) -> list[SeatSummary]:
        out = []
        for seat in self.seats:
            mine = [m for m in self.moves if m.seat == seat]
            losses = [loss for m in mine if (loss := m.loss) is not None]
            out.append(
                SeatSummary(
                    seat,
                    self.record.seats[seat],
                    len(mine),
                    len(losses),
                    sum(m.flag == "inaccuracy" for m in mine),
                    sum(m.flag == "mistake" for m in mine),
                    sum(losses) / len(losses) if losses else None,
                )
            )
        return out

    def to_json(self) -> dict[str, Any]:
        record = self.record
        return {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "game": record.game,
            "rules_version": record.rules_version,
            "players": record.players,
            "options": dict(record.options),
            "seats": list(record.seats),
            "analysed_seats": list(self.seats),
            "budget": self.budget,
            "seed": self.seed,
            "thresholds": self.thresholds.to_json(),
            "moves": [m.to_json() for m in self.moves],
            "summary": [s.to_json() for s in self.summary()],
        }


def analysed_decisions(record: Record, seats: Iterable[int] | None = None) -> int:
    """How many decisions :func:`analyse_record` will go through (for a progress bar)."""
    wanted = set(range(record.players) if seats is None else seats)
    return sum(1 for a in record.actions if a.seat != CHANCE and a.seat in wanted)


def analyse_record(
    record: Record,
    budget: int | None = DEFAULT_BUDGET,
    seed: int = 0,
    seats: Sequence[int] | None = None,
    thresholds: Thresholds | None = None,
    progress: Progress | None = None,
) -> RecordAnalysis:
    """Review every decision of ``seats`` (default: all) in ``record``: each from its seat's
    perspective at that point, with ``budget`` rollouts (``None``: the game's default),
    decision ``index`` seeded with ``mix(seed, index)``. The record is replayed and checked
    first (:class:`~saqqara.core.errors.RecordError` for a bad one)."""
    game: Game = replay(record).game
    rollouts = default_budget(game.spec.id) if budget is None else budget
    if rollouts < 1:
        raise ValueError(f"a budget is at least one rollout, not {rollouts}")
    wanted = tuple(range(record.players)) if seats is None else tuple(dict.fromkeys(seats))
    for seat in wanted:
        if not 0 <= seat < record.players:
            raise ValueError(f"no seat {seat + 1} in a game of {record.players} players")
    limits = thresholds or Thresholds()
    total = analysed_decisions(record, wanted)
    state = game.new_state()
    spec = rollout_spec_for(game.spec.id)
    bases: dict[int, Agent] = {}
    moves: list[MoveAnalysis] = []
    move_number = 0
    for index, entry in enumerate(record.actions):
        action = game.parse_action(entry.action)
        if entry.seat != CHANCE:
            move_number += 1
            if entry.seat in wanted:
                if spec is not None and entry.seat not in bases:
                    searcher = RolloutBot(game, spec, Budget(rollouts, None), "analysis")
                    bases[entry.seat] = searcher.base_agent()
                position = analyse_position(
                    Perspective(state, entry.seat),
                    rollouts,
                    mix(seed, index),
                    action,
                    base_bot=bases.get(entry.seat),
                )
                name = record.seats[entry.seat]
                played = game.action_text(action)
                moves.append(
                    MoveAnalysis(index, move_number, entry.seat, name, played, position, limits)
                )
                if progress is not None:
                    progress(len(moves), total)
        state.apply(entry.seat, action)
    return RecordAnalysis(record, rollouts, seed, limits, wanted, tuple(moves))
