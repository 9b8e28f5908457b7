"""Arena throughput in games per second: one process, a local process pool, and Ray.

Usage: python benchmarks/cluster.py [--game ID] [--players N] [--bots a,b] [--games K]
       [--cpus C] [--batch B] [--address ADDRESS]

The same seeded arena is played three ways and each way's games per second printed: in
this process, on a pool of ``--cpus`` processes, and on Ray (a local instance of ``--cpus``
CPUs, or the cluster at ``--address``). The Ray figure counts the games only, not the
instance's start; the results of the three runs are checked to be equal game by game.
"""

from __future__ import annotations

import argparse
import time

import ray

from saqqara.ai.arena import ArenaResult, run_arena


def report(label: str, seconds: float, games: int) -> None:
    print(f"{label:<28} {games:>7} games {seconds:8.2f} s {games / seconds:9.1f} games/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="tutankhamun")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bots", default="random,easy")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--cpus", type=int, default=2)
    parser.add_argument("--batch", type=int, help="games per task (default: the arena's)")
    parser.add_argument("--address", help="a running Ray cluster (default: start one here)")
    args = parser.parse_args()
    bots = args.bots.split(",")

    def arena(
        workers: int | None = None, ray_address: str | None = None
    ) -> tuple[ArenaResult, float]:
        start = time.perf_counter()
        result = run_arena(
            args.game,
            args.players,
            {},
            bots,
            args.games,
            0,
            workers,
            ray_address=ray_address,
            batch=args.batch,
        )
        return result, time.perf_counter() - start

    print(f"{args.game}, {args.players} players, bots {args.bots}, {args.games} games")
    one, seconds = arena(workers=1)
    report("one process", seconds, args.games)
    pool, seconds = arena(workers=args.cpus)
    report(f"process pool ({args.cpus})", seconds, args.games)
    start = time.perf_counter()
    if args.address:
        ray.init(address=args.address, log_to_driver=False)
    else:
        ray.init(num_cpus=args.cpus, include_dashboard=False, log_to_driver=False)
    resources: dict[str, float] = ray.cluster_resources()  # type: ignore[no-untyped-call]
    cpus = int(resources.get("CPU", 0))
    print(f"ray started or joined in {time.perf_counter() - start:.1f} s ({cpus} CPUs)")
    try:
        arena(ray_address="local")  # warm the workers' imports
        on_ray, seconds = arena(ray_address="local")
        report(f"ray ({cpus} CPUs)", seconds, args.games)
    finally:
        ray.shutdown()
    same = one.results == pool.results == on_ray.results
    print(f"results equal game by game: {same}")


if __name__ == "__main__":
    main()
