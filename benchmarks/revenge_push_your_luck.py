"""Tutankhamun's Revenge: how the heuristic bot's digging turns end (the push-your-luck check).

Self-play of the ``heuristic`` bot, each game in a seeded :class:`Match`: the share of
digging turns it stopped by choice and the share a danger ended, passes, lifts per digging
turn, and the mean cash taken when stopping. ``docs/rules/tutankhamuns-revenge.md`` quotes
the figures.

Usage: python benchmarks/revenge_push_your_luck.py [--games N] [--players P] [--seed S]
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field

from saqqara.ai.registry import make_bot
from saqqara.core.game import CHANCE
from saqqara.core.match import Match, Step
from saqqara.core.registry import load

GAME_ID = "tutankhamuns-revenge"


@dataclass(slots=True)
class Tally:
    """How the heuristic's turns end, counted from the steps of played games."""

    turns: int = 0
    stops: int = 0
    dangers: int = 0
    passes: int = 0
    lifts: int = 0
    gains: list[int] = field(default_factory=list)

    def count(self, step: Step) -> None:
        kinds = [event.kind for event in step.events]
        chosen = step.text if step.seat != CHANCE else ""
        self.lifts += chosen.startswith("lift ")
        if "penalty" in kinds or "out" in kinds:
            self.turns += 1
            self.dangers += 1
        elif chosen == "stop":
            self.turns += 1
            if "pass" in kinds:
                self.passes += 1
            else:
                self.stops += 1
                self.gains += [e.data["paid"] for e in step.events if e.kind == "cash"]


def push_your_luck(games: int, players: int, seed: int) -> dict[str, float]:
    """Self-play of the heuristic bot, game ``k`` with seed ``seed + k``: its turns' ends."""
    game = load(GAME_ID, players)
    bot = make_bot("heuristic", game)
    tally = Tally()
    for index in range(games):
        match = Match(game, seed=seed + index)
        while not match.is_over():
            (seat,) = match.to_act()
            match.play_bot(seat, bot)
        for step in match.history:
            tally.count(step)
    digs = tally.stops + tally.dangers
    return {
        "turns": tally.turns,
        "dig_turns": digs,
        "stopped_by_choice": tally.stops / digs,
        "ended_by_danger": tally.dangers / digs,
        "passes": tally.passes / tally.turns,
        "lifts_per_dig_turn": tally.lifts / digs,
        "mean_cash_when_stopping": sum(tally.gains) / max(1, len(tally.gains)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    figures = push_your_luck(args.games, args.players, args.seed)
    for key, value in figures.items():
        print(f"{key:>26}: {value:.3f}")


if __name__ == "__main__":
    main()
