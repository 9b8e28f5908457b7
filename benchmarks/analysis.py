"""Analysis time: how long ``saqqara analyse`` takes over a whole record, per game, at the
default budget (each game's ``hard`` rollouts per decision) or at ``--budget N``.

The record of each game is a match seeded with ``--seed`` (default 1) that the game's
heuristic plays at every seat, with ``--players`` seats (default 3; Curse of the Mummy's
explorers are its heuristic too). Printed per game: the record's actions and decisions,
the decisions searched (two legal moves or more), processor seconds for the whole
analysis (one process, one core), and seconds per searched decision.

Usage: python benchmarks/analysis.py [--game ID] [--players N] [--budget N] [--seed S]
"""

from __future__ import annotations

import argparse
import time

from saqqara.ai.analysis import analyse_record, default_budget
from saqqara.ai.registry import make_bot
from saqqara.core.game import CHANCE
from saqqara.core.playout import play_game
from saqqara.core.registry import load, registered_games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="only this game id")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--budget", type=int, help="rollouts per decision (default: hard's)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(
        f"{'game':<24}{'players':>8}{'budget':>8}{'actions':>9}{'decisions':>11}"
        f"{'searched':>10}{'seconds':>10}{'s/searched':>12}"
    )
    for game_id in registered_games():
        if args.game and game_id != args.game:
            continue
        game = load(game_id, args.players)
        played = play_game(game, [make_bot("heuristic", game)] * args.players, seed=args.seed)
        record = played.record
        budget = args.budget or default_budget(game_id)
        start = time.process_time()
        result = analyse_record(record, budget=budget, seed=0)
        seconds = time.process_time() - start
        decisions = sum(a.seat != CHANCE for a in record.actions)
        searched = sum(m.position.searched for m in result.moves)
        print(
            f"{game_id:<24}{args.players:>8}{budget:>8}{len(record.actions):>9}{decisions:>11}"
            f"{searched:>10}{seconds:>10.1f}{seconds / max(1, searched):>12.3f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
