"""The rating ladder and the levels: round robin, openskill ratings, files, the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from saqqara.ai.ladder import run_ladder, tables
from saqqara.ai.ladder_command import write_ladder
from saqqara.ai.registry import available_bots, make_bot
from saqqara.cli import main
from saqqara.core.registry import load, registered_games


def test_every_game_has_three_levels() -> None:
    for game_id in registered_games():
        game = load(game_id, registered_games()[game_id].spec.min_players)
        assert {"easy", "medium", "hard"} <= set(available_bots(game_id))
        assert [make_bot(n, game).name for n in ("easy", "medium", "hard")] == [
            "easy",
            "medium",
            "hard",
        ]


def test_tables_are_every_group_of_distinct_bots() -> None:
    assert tables(["a", "b", "c"], 2) == [("a", "b"), ("a", "c"), ("b", "c")]
    assert tables(["a", "b", "c"], 3) == [("a", "b", "c")]
    with pytest.raises(ValueError, match="at least 3 bots"):
        tables(["a", "b"], 3)


def test_the_ladder_rates_the_heuristic_above_random_and_is_fixed_by_its_seed() -> None:
    first = run_ladder("tutankhamun", 2, {}, ["random", "medium"], 6, seed=3, workers=1)
    again = run_ladder("tutankhamun", 2, {}, ["random", "medium"], 6, seed=3, workers=1)
    rungs = first.rungs()
    assert [r.name for r in rungs] == ["medium", "random"]
    assert rungs[0].mu > rungs[1].mu
    assert all(r.games == 6 and r.low < r.mu < r.high for r in rungs)
    assert [g.returns for g in first.results] == [g.returns for g in again.results]
    assert [(r.mu, r.sigma) for r in rungs] == [(r.mu, r.sigma) for r in again.rungs()]


def test_the_ladder_writes_a_table_json_and_a_plot(tmp_path: Path) -> None:
    ladder = run_ladder("tutankhamun", 3, {}, ["random", "easy", "medium"], 2, workers=1)
    paths = write_ladder(ladder, tmp_path)
    assert sorted(p.suffix for p in paths) == [".json", ".md", ".png", ".svg"]
    assert all(p.stat().st_size > 0 for p in paths)
    data = json.loads(paths[1].read_text())
    assert data["games"] == 2 and set(data["bots"]) == {"random", "easy", "medium"}
    assert "| medium |" in paths[0].read_text()


def test_the_ladder_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["ladder", "tutankhamuns-revenge", "--bots", "random,medium", "--games", "2"]
    status = main([*args, "--workers", "1", "--out", str(tmp_path), "--json"])
    assert status == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 2 and data["players"] == 2
    options = registered_games()["tutankhamuns-revenge"].spec.resolve_options({})
    stem = "-".join(["tutankhamuns-revenge", *options.values(), "2p"])  # every option named
    assert (tmp_path / f"{stem}.png").exists()


def test_ladder_game_seeds_never_collide_past_ten_thousand_games_per_table() -> None:
    from saqqara.ai.ladder import game_seed

    seeds = {game_seed(0, table, index) for table in range(3) for index in range(20_000)}
    assert len(seeds) == 60_000  # the old seed + 10_000 * table + index reused 20,000
    assert game_seed(0, 1, 0) != game_seed(0, 0, 10_000)
    assert game_seed(4, 1, 2) == game_seed(4, 1, 2) != game_seed(5, 1, 2)
