"""Search speed: IS-MCTS iterations per second per game, from a position early in the game,
and where a game has a rollout policy, the ``expert`` bot's rollouts per second and seconds
for its default budget (``hard``'s) at that position.

The position is the first decision with a real choice (two or more legal actions) of a
match seeded with 1 (random bots before it); one short untimed search first builds the
caches.

Usage: python benchmarks/search.py [--game ID] [--iterations N]
"""

from __future__ import annotations

import argparse
import time

from saqqara.ai.ismcts import ISMCTSBot
from saqqara.ai.random_bot import RandomBot
from saqqara.ai.registry import make_bot
from saqqara.ai.rollout import RolloutBot, rollout_spec_for
from saqqara.core.match import Match
from saqqara.core.registry import load, registered_games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="only this game id")
    parser.add_argument("--iterations", type=int, default=2000)
    args = parser.parse_args()
    print(
        f"{'game':<24}{'options':<22}{'players':>8}{'iterations/s':>14}{'evaluator':>11}"
        f"{'rollouts/s':>12}{'expert s':>10}"
    )
    for game_id, cls in registered_games().items():
        if args.game and game_id != args.game:
            continue
        for options in cls.spec.option_sets():
            players = max(cls.spec.min_players, min(3, cls.spec.max_players))
            game = load(game_id, players, options)
            match = Match(game, seed=1)
            opener = RandomBot(game)
            while len(match.legal_actions(match.to_act()[0])) < 2:
                match.play_bot(match.to_act()[0], opener)
            seat = match.to_act()[0]
            warm_up = ISMCTSBot(game, max(1, args.iterations // 10))
            warm_up.choose(match.perspective(seat), match.bot_rng(seat))
            bot = ISMCTSBot(game, args.iterations)
            start = time.perf_counter()
            bot.choose(match.perspective(seat), match.bot_rng(seat))
            rate = args.iterations / (time.perf_counter() - start)
            label = ",".join(options.values())
            evaluator = "heuristic" if bot.evaluator else "rollouts"
            rollouts, seconds = "—", "—"
            spec = rollout_spec_for(game_id)
            if spec is not None:
                expert = make_bot(f"expert:{spec.rollouts}", game)
                assert isinstance(expert, RolloutBot)
                searched = Match(game, seed=1)
                heuristic = make_bot("heuristic", game)
                while True:  # the first decision where expert has two moves to search
                    mover = searched.to_act()[0]
                    view = searched.perspective(mover)
                    legal = view.legal_actions()
                    pick = spec.candidates(view, legal) if spec.candidates else legal
                    if len(pick) >= 2:
                        break
                    searched.play_bot(mover, heuristic)
                start = time.process_time()
                expert.choose(view, searched.bot_rng(mover))
                elapsed = time.process_time() - start
                rollouts = f"{expert.report.rollouts / elapsed:,.0f}"
                seconds = f"{elapsed:.2f}"
            print(
                f"{game_id:<24}{label:<22}{players:>8}{rate:>14,.0f}{evaluator:>11}"
                f"{rollouts:>12}{seconds:>10}"
            )


if __name__ == "__main__":
    main()
