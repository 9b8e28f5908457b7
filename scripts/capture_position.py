"""Capture a named position for the regression suite (``tests/regressions/``).

From a saved game (``saqqara play --save FILE``)::

    python scripts/capture_position.py --record FILE --upto 57 --name NAME --why "..."

or from a seeded bot game, stopping after the first action whose notation matches::

    python scripts/capture_position.py --game curse-of-the-mummy --players 3 --seed 4 \\
        --until "announce arrow" --then 1 --name NAME --why "..."

(``--steps N`` instead of ``--until`` stops after N actions.)

It writes ``tests/regressions/<game>/<NAME>.json`` with the record up to that point and
the acting seats' whole legal lists as expectations; add the expectations that pin down
the bug (``view``, ``not_legal``, ...) by hand, and check them against the rulebook.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import replace
from pathlib import Path

from saqqara.ai.registry import available_bots, make_bot
from saqqara.core.game import CHANCE
from saqqara.core.journal import read_record_file
from saqqara.core.match import Match
from saqqara.core.records import Record, replay
from saqqara.core.registry import load
from saqqara.testing.positions import NamedPosition

ROOT = Path(__file__).resolve().parent.parent / "tests" / "regressions"


def from_record(path: Path, upto: int | None) -> Record:
    record = read_record_file(path)
    upto = len(record.actions) if upto is None else upto
    if not 0 <= upto <= len(record.actions):
        sys.exit(f"--upto must be between 0 and {len(record.actions)}")
    return replace(record, actions=record.actions[:upto])


def from_bots(args: argparse.Namespace) -> Record:
    """A bot game in a :class:`Match` seeded with ``--seed``, cut after the chosen action."""
    options = dict(item.split("=", 1) for item in args.option)
    game = load(args.game, args.players, options)
    have = available_bots(game.spec.id)
    name = args.bot or next((b for b in ("heuristic", "greedy") if b in have), "random")
    bots = [make_bot(name, game) for _ in range(game.players)]
    match = Match(game, seed=args.seed, names=[name] * game.players)
    pattern = re.compile(args.until)
    left = args.steps if args.steps is not None else -1  # -1: no match yet
    kept = 0  # the actions of the match's history looked at so far (chance included)
    while left != 0:
        if kept == len(match.history):
            if match.is_over():
                sys.exit(f"the game ended before an action matched {args.until!r}")
            seat = match.to_act()[0]
            match.play_bot(seat, bots[seat])
            continue
        text = match.history[kept].text
        kept += 1
        if left > 0:
            left -= 1
        elif pattern.search(text):
            left = args.then
    return replace(match.record, actions=match.record.actions[:kept])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--record", type=Path, help="a saved game record")
    parser.add_argument("--upto", type=int, help="with --record: keep this many actions")
    parser.add_argument("--game")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", help="the bot in every seat (default: the game's heuristic)")
    parser.add_argument("--until", default=".", help="regex on an action's notation")
    parser.add_argument("--then", type=int, default=0, help="actions to play after the match")
    parser.add_argument("--steps", type=int, help="stop after this many actions instead")
    parser.add_argument("--name", required=True)
    parser.add_argument("--why", required=True)
    args = parser.parse_args()
    if args.record:
        record = from_record(args.record, args.upto)
    elif args.game:
        record = from_bots(args)
    else:
        parser.error("give --record FILE --upto N, or --game ID with --until")
    replayed = replay(record)
    state, game = replayed.state, replayed.game
    expect = {
        "to_act": list(state.to_act()),
        "legal_exactly": {
            str(s): [game.action_text(a) for a in state.legal_actions(s)]
            for s in state.to_act()
            if s != CHANCE
        },
    }
    position = NamedPosition(args.name, args.why, record, expect)
    path = ROOT / record.game / f"{args.name}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(position.dumps(), encoding="utf-8")
    print(f"wrote {path} ({len(record.actions)} actions)")


if __name__ == "__main__":
    main()
