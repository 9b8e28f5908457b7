"""Learning a game's heuristic weights from play: CMA-ES over a weight vector.

A game offers its heuristic's constants as a :class:`Tunable`: each :class:`Parameter` has
its hand-written value, a scale and bounds, and the optimiser searches ``x`` where a weight
is ``hand + scale * x`` (clipped to its bounds), so ``x = 0`` is the hand-written bot and
every constant moves on a comparable scale. A candidate's fitness is its mean return (a win
1, a shared win its share) over seeded games against a fixed mix of opponents (by default
the game's probes and its hand-written ``medium-hand``, at each player count given), the
candidate in one seat and the opponent in every other, seats rotating from game to game
(or, with ``seats``, rotating over those seats alone: a vector for one role, such as the
seat of Tutankhamun's Revenge that digs first, is trained on that role's games).

Every candidate of a generation plays the same games (common random numbers: the same
seeds, so differences come from the weights, not the dice); each generation plays new seeds
(:data:`TRAIN_SEEDS` on), and the final vector, the distribution's mean, is scored with the
hand-written one on games of their own (:data:`VALIDATION_SEEDS` on), none of which the
measurements (``scripts/learned.py``, seeds from 0) play. With a seed the whole run is
reproducible: CMA-ES draws from its own seeded generator and the games are seeded.

A game whose tunable has a weights file (:mod:`saqqara.ai.weights`) gets the bot
``learned``: its heuristic made with the file's weights for the table's player count
(:func:`learned_bot`, registered by :func:`register_tunable`).

``cma`` (the ``train`` extra) is imported only by :func:`train`.
"""

from __future__ import annotations

import datetime
import functools
import math
import subprocess
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from saqqara.ai import weights as weight_files
from saqqara.ai.registry import available_bots, make_bot, register_bot
from saqqara.core.agent import Agent
from saqqara.core.game import Game
from saqqara.core.match import Match
from saqqara.core.playout import play_out
from saqqara.core.registry import load

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

TRAIN_SEEDS = 1_000_000
"""Generation ``g`` of a run plays the games seeded ``TRAIN_SEEDS + g * games`` on."""
VALIDATION_SEEDS = 2_000_000
"""The final weights and the hand-written ones are scored on games seeded from here."""


@dataclass(frozen=True, slots=True)
class Parameter:
    """One constant of a heuristic: its hand-written value, the size of a unit step of the
    search and the bounds it must stay within."""

    name: str
    hand: float
    scale: float
    low: float
    high: float

    def value(self, x: float) -> float:
        return min(self.high, max(self.low, self.hand + self.scale * x))


@dataclass(frozen=True, slots=True)
class Tunable:
    """A game's heuristic as a weight vector: ``make(game, weights)`` builds the bot."""

    game_id: str
    parameters: tuple[Parameter, ...]
    make: Callable[[Game, Mapping[str, float]], Agent]

    def decode(self, x: Sequence[float]) -> dict[str, float]:
        return {p.name: p.value(float(v)) for p, v in zip(self.parameters, x, strict=True)}

    @property
    def hand(self) -> dict[str, float]:
        return {p.name: p.hand for p in self.parameters}


def weights_tunable(
    game_id: str,
    hand: DataclassInstance,
    search: Mapping[str, tuple[float, float, float]],
    make: Callable[[Game, Mapping[str, float]], Agent],
) -> Tunable:
    """A heuristic whose weights are the fields of a dataclass: one :class:`Parameter` per
    field, its hand-written value read from ``hand`` and its scale and bounds from
    ``search`` (by field name)."""
    return Tunable(
        game_id,
        tuple(Parameter(f.name, getattr(hand, f.name), *search[f.name]) for f in fields(hand)),
        make,
    )


TUNABLES: dict[str, Tunable] = {}


def register_tunable(tunable: Tunable) -> None:
    """Offer ``tunable`` to training and, where its game has a weights file, register the
    bot ``learned`` for that game (:func:`learned_bot`)."""
    TUNABLES[tunable.game_id] = tunable
    if weight_files.player_counts(tunable.game_id):
        register_bot(
            "learned",
            functools.partial(learned_bot, tunable),
            game_id=tunable.game_id,
            help="the heuristic with weights tuned by CMA-ES on seeded games "
            "(src/saqqara/ai/weights/)",
        )


def learned_bot(tunable: Tunable, game: Game) -> Agent:
    """``tunable``'s heuristic with the learned weights for ``game``'s player count (the
    weights file of the largest count not above it), named ``learned``."""
    bot = tunable.make(game, weight_files.weights_of(tunable.game_id, game.players))
    bot.name = "learned"
    return bot


def tunable_for(game_id: str) -> Tunable:
    """The game's tunable heuristic (loading the bundled bots registers them)."""
    available_bots(game_id)
    try:
        return TUNABLES[game_id]
    except KeyError:
        raise LookupError(
            f"{game_id} has no tunable heuristic (have: {sorted(TUNABLES)})"
        ) from None


Pairing = tuple[int, str]
"""A player count and the opponent that takes every other seat."""


def default_mix(game_id: str, players: Sequence[int]) -> list[Pairing]:
    """The game's probes and its hand-written ``medium-hand`` at each player count."""
    from saqqara.ai.probes import probes_of

    names = [f"probe:{p}" for p in probes_of(game_id)] + ["medium-hand"]
    return [(n, name) for n in players for name in names]


def parse_mix(text: str) -> list[Pairing]:
    """``"2:probe:plan,3:medium-hand"`` as pairings."""
    out: list[Pairing] = []
    for item in text.split(","):
        count, _, name = item.strip().partition(":")
        out.append((int(count), name))
    return out


class Tables:
    """The game at each player count and the opponents built once."""

    def __init__(self, game_id: str, options: Mapping[str, str]) -> None:
        self.game_id = game_id
        self.options = dict(options)
        self.games: dict[int, Game] = {}
        self.opponents: dict[tuple[int, str], Agent] = {}

    def game(self, players: int) -> Game:
        if players not in self.games:
            self.games[players] = load(self.game_id, players, self.options)
        return self.games[players]

    def opponent(self, players: int, name: str) -> Agent:
        key = (players, name)
        if key not in self.opponents:
            self.opponents[key] = make_bot(name, self.game(players))
        return self.opponents[key]


def check_seats(seats: Sequence[int] | None, pairings: Sequence[Pairing]) -> None:
    """Refuse ``seats`` that are empty, repeated or missing at a table of the mix."""
    if seats is None:
        return
    if not seats:
        raise ValueError("seats: give at least one seat (or none at all: every seat)")
    if len(set(seats)) != len(seats):
        raise ValueError(f"seats: {list(seats)} names a seat twice")
    for players, _ in pairings:
        missing = [s for s in seats if not 0 <= s < players]
        if missing:
            raise ValueError(
                f"seats: a {players}-player table has no seat {missing[0]} "
                f"(its seats are 0 to {players - 1})"
            )


def play_pairing(
    tables: Tables,
    tunable: Tunable,
    weights: Mapping[str, float],
    pairing: Pairing,
    games: int,
    seed: int,
    seats: Sequence[int] | None = None,
) -> float:
    """The candidate's total return over ``games`` games (game ``k``: seed ``seed + k``,
    the candidate in seat ``k % players``, or ``seats[k % len(seats)]`` when ``seats`` are
    given, and the opponent in every other seat)."""
    players, name = pairing
    game = tables.game(players)
    candidate = tunable.make(game, weights)
    opponent = tables.opponent(players, name)
    total = 0.0
    for k in range(games):
        seat = seats[k % len(seats)] if seats else k % players
        agents = [candidate if s == seat else opponent for s in range(players)]
        match = Match(game, seed=seed + k)
        play_out(match, agents)
        total += match.outcome().returns()[seat]
    return total


def fitness(
    tables: Tables,
    tunable: Tunable,
    weights: Mapping[str, float],
    mix: Sequence[Pairing],
    games: int,
    seed: int,
    seats: Sequence[int] | None = None,
) -> float:
    """The mean over the pairings of the candidate's mean return in ``games`` games each
    (in ``seats`` alone when they are given)."""
    shares = [play_pairing(tables, tunable, weights, p, games, seed, seats) / games for p in mix]
    return sum(shares) / len(shares)


def git_commit() -> str:
    """The checkout's commit, with ``-dirty`` when files differ from it ("unknown" outside
    a git checkout)."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("-dirty" if dirty else "")


def train(
    game_id: str,
    *,
    seed: int,
    generations: int,
    games: int,
    popsize: int | None = None,
    sigma0: float = 0.8,
    players: Sequence[int] = (2,),
    mix: Sequence[Pairing] | None = None,
    options: Mapping[str, str] | None = None,
    validation_games: int | None = None,
    seats: Sequence[int] | None = None,
    command: str = "",
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Run CMA-ES and return the weights document (``saqqara.ai.weights`` reads it back):
    the distribution's mean after ``generations`` generations, rounded to 4 decimals, and
    its provenance. ``games`` is the number of games per pairing per candidate; ``seats``
    (default: every seat in turn) are the seats the candidate plays, in turn."""
    tunable = tunable_for(game_id)
    tables = Tables(game_id, options or {})
    pairings = list(mix) if mix is not None else default_mix(game_id, players)
    check_seats(seats, pairings)
    seats = list(seats) if seats is not None else None
    import cma

    say = progress or (lambda line: None)
    opts: dict[str, Any] = {"seed": seed + 1, "verbose": -9, "maxiter": generations}
    if popsize is not None:
        opts["popsize"] = popsize
    # cma's seed 0 means "draw one": seed + 1 keeps every run seeded
    es = cma.CMAEvolutionStrategy([0.0] * len(tunable.parameters), sigma0, opts)
    commit = git_commit()  # at the start: the code that trains, whatever changes meanwhile
    started = time.monotonic()
    history: list[dict[str, float]] = []
    for generation in range(generations):
        xs = es.ask()
        base = TRAIN_SEEDS + generation * games
        fits = [
            fitness(tables, tunable, tunable.decode(x), pairings, games, base, seats) for x in xs
        ]
        es.tell(xs, [-f for f in fits])
        mean_weights = tunable.decode(es.mean)
        history.append({"generation": generation, "best": max(fits), "mean": sum(fits) / len(fits)})
        say(
            f"generation {generation + 1}/{generations}: best {max(fits):.3f}, "
            f"mean {sum(fits) / len(fits):.3f}, sigma {es.sigma:.3f}, "
            f"{time.monotonic() - started:.0f} s; mean weights "
            + ", ".join(f"{k}={v:.3g}" for k, v in mean_weights.items())
        )
    final = {k: round(v, 4) for k, v in tunable.decode(es.mean).items()}
    checks = validation_games if validation_games is not None else 4 * games
    final_fitness = fitness(tables, tunable, final, pairings, checks, VALIDATION_SEEDS, seats)
    hand_fitness = fitness(tables, tunable, tunable.hand, pairings, checks, VALIDATION_SEEDS, seats)
    say(f"validation, {checks} games each: learned {final_fitness:.3f}, hand {hand_fitness:.3f}")
    return {
        "game": game_id,
        "players": sorted({n for n, _ in pairings}),
        "weights": final,
        "hand": tunable.hand,
        "provenance": {
            "command": command,
            "seed": seed,
            "optimiser": f"CMA-ES (cma {cma.__version__}), sigma0 {sigma0}, "
            f"popsize {es.popsize}; weight = hand + scale * x, clipped to bounds",
            "parameters": {
                p.name: {"scale": p.scale, "low": p.low, "high": p.high} for p in tunable.parameters
            },
            "options": dict(tables.options),
            "mix": [f"{n}:{name}" for n, name in pairings],
            "seats": seats if seats is not None else "every seat in turn",
            "games_per_evaluation": games * len(pairings),
            "games_per_pairing": games,
            "generations": generations,
            "train_seeds": f"{TRAIN_SEEDS} + generation * {games} + k",
            "validation_games_per_pairing": checks,
            "validation_seeds": f"{VALIDATION_SEEDS} + k",
            "final_fitness": round(final_fitness, 4),
            "hand_fitness": round(hand_fitness, 4),
            "history": [{k: round(v, 4) for k, v in h.items()} for h in history],
            "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
            "git_commit": commit,
            "wall_seconds": math.floor(time.monotonic() - started),
        },
    }
