"""Arenas and ladders on a local Ray instance give the same games as a local run."""

from __future__ import annotations

import json
import os
from pathlib import Path
from types import ModuleType

import pytest

from saqqara.ai.arena import GameResult, _play_chunk, run_arena
from saqqara.ai.distributed import run_batches
from saqqara.ai.ladder import LadderGame, run_ladder
from saqqara.cli import main

pytestmark = pytest.mark.xdist_group("ray")

ArenaJob = tuple[str, int, dict[str, str], list[str], list[int], int]


def test_an_arena_on_ray_plays_the_same_games_as_a_local_run(ray_instance: ModuleType) -> None:
    bots = ["random", "easy", "medium"]
    local = run_arena("tutankhamun", 3, {}, bots, 14, 5, workers=1)
    streamed: list[int] = []
    on_ray = run_arena(
        "tutankhamun", 3, {}, bots, 14, 5, progress=streamed.append, ray_address="local", batch=4
    )
    assert on_ray.results == local.results
    assert sorted(streamed) == [2, 4, 4, 4]  # one report per task, as each one finishes
    thinking = "seconds_per_move"  # processor time differs from run to run
    assert {**on_ray.to_json(), thinking: None} == {**local.to_json(), thinking: None}


def _comparable(games: list[LadderGame]) -> list[tuple[object, ...]]:
    """A ladder game less its processor seconds, which differ from run to run."""
    return [(g.table, g.index, g.seats, g.returns, g.moves) for g in games]


def test_a_ladder_on_ray_plays_the_same_games_as_a_local_run(ray_instance: ModuleType) -> None:
    bots = ["random", "easy", "medium"]
    local = run_ladder("tutankhamuns-revenge", 2, {}, bots, 4, 2, workers=1)
    on_ray = run_ladder("tutankhamuns-revenge", 2, {}, bots, 4, 2, ray_address="local", batch=3)
    assert len(on_ray.results) == 12
    assert _comparable(on_ray.results) == _comparable(local.results)
    assert [(r.name, r.mu, r.sigma) for r in on_ray.rungs()] == [
        (r.name, r.mu, r.sigma) for r in local.rungs()
    ]


def test_a_batch_whose_worker_died_runs_again_with_the_same_seeds(
    ray_instance: ModuleType, tmp_path: Path
) -> None:
    marker = tmp_path / "died-once"

    def dies_on_its_first_try(job: ArenaJob) -> list[GameResult]:
        if 2 in job[4] and not marker.exists():
            marker.touch()
            os._exit(1)  # the worker process dies as if its node went away
        return _play_chunk(job)

    jobs: list[ArenaJob] = [
        ("tutankhamun", 2, {}, ["random", "easy"], [i, i + 1], 7) for i in (0, 2, 4)
    ]
    on_ray = run_batches(dies_on_its_first_try, jobs, ray_address="local")
    assert marker.exists()
    assert on_ray == [result for job in jobs for result in _play_chunk(job)]


def test_the_commands_take_ray(
    ray_instance: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    arena = ["arena", "curse-of-the-mummy", "--players", "2", "--bots", "random,easy"]
    arena += ["--games", "6", "--seed", "3", "--json"]
    assert main([*arena, "--workers", "1"]) == 0
    local = json.loads(capsys.readouterr().out)
    assert main([*arena, "--ray", "--batch", "2"]) == 0
    on_ray = json.loads(capsys.readouterr().out)
    thinking = "seconds_per_move"  # processor time differs from run to run
    assert set(on_ray[thinking]) == set(local[thinking])
    assert {**on_ray, thinking: None} == {**local, thinking: None}
    ladder = ["ladder", "valley-of-the-kings", "--bots", "random,easy", "--games", "2", "--json"]
    assert main([*ladder, "--ray", "--out", str(tmp_path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 2 and set(data["bots"]) == {"random", "easy"}
