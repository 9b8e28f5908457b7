"""Tune a game's heuristic weights with CMA-ES on seeded games (:mod:`saqqara.ai.training`).

Prints a line per generation and writes the weights with their provenance to
``src/saqqara/ai/weights/GAME-Np.json`` (N: the smallest player count trained at) or
``--out``. Needs the ``train`` extra (``cma``).

Usage: python scripts/train_evaluator.py GAME --seed 1 --generations 20 --games 12
       [--players 2,3] [--mix 2:probe:plan,3:medium-hand] [--popsize N] [--sigma0 0.8]
       [--option NAME=VALUE] [--validation-games N] [--seats 1] [--out FILE]

``--seats`` trains a vector for some seats only (the candidate plays them in turn, every
other seat the opponent), e.g. ``--seats 1`` for the seat of Tutankhamun's Revenge at 2
players that digs first.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from pathlib import Path

from saqqara.ai import weights
from saqqara.ai.training import check_seats, parse_mix, train


def _seats(text: str) -> list[int]:
    """``"1"`` or ``"0,2"`` as seat numbers."""
    try:
        return [int(item) for item in text.split(",")]
    except ValueError:
        raise ValueError(f"seats: {text!r} is not a comma-separated list of seat numbers") from None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--generations", type=int, default=20)
    parser.add_argument("--games", type=int, default=12, help="games per pairing per candidate")
    parser.add_argument("--players", default="2", help="player counts, comma-separated")
    parser.add_argument(
        "--mix", default="", help="pairings PLAYERS:BOT (default: probes + medium-hand)"
    )
    parser.add_argument("--popsize", type=int, default=None)
    parser.add_argument("--sigma0", type=float, default=0.8)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--validation-games", type=int, default=None)
    parser.add_argument(
        "--seats",
        default=None,
        help="the seats the candidate plays, comma-separated (default: every seat in turn)",
    )
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    try:
        seats = _seats(args.seats) if args.seats is not None else None
        mix = parse_mix(args.mix) if args.mix else None
        check_seats(seats, mix or [(int(n), "") for n in args.players.split(",")])
    except ValueError as error:
        parser.error(str(error))
    document = train(
        args.game,
        seed=args.seed,
        generations=args.generations,
        games=args.games,
        popsize=args.popsize,
        sigma0=args.sigma0,
        players=[int(n) for n in args.players.split(",")],
        mix=mix,
        options=dict(o.split("=", 1) for o in args.option),
        validation_games=args.validation_games,
        seats=seats,
        command="python scripts/train_evaluator.py " + shlex.join(sys.argv[1:]),
        progress=lambda line: print(line, flush=True),
    )
    out = args.out or weights.path_of(args.game, min(document["players"]))
    out.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
