"""Keeps ``scripts/mutation.py`` (issue 35: mutation testing of the engines) from rotting.

One small run on a handful of mutants of Tutankhamun's scoring and data modules, through
both of the script's paths (mutmut's forked runs, and fresh processes for the functions that
run while ``saqqara`` is imported), and the pure parts: the equivalents file, their matching,
mutant names, the Wilson interval.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "mutation.py"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mutation_script", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


mutation = _script()


def test_a_small_run_tries_the_sample_and_leaves_nothing_behind(tmp_path: Path) -> None:
    temp = tmp_path / "temp"
    temp.mkdir()
    out = tmp_path / "out"
    # Seed 2 draws two mutants of data.py (run at import: fresh processes), one of which
    # test_scoring.py cannot see, and one of scoring.py (mutmut's forked run). Should the
    # modules change, pick a seed whose sample still takes both paths.
    command = [
        sys.executable,
        str(SCRIPT),
        "--game",
        "tutankhamun",
        "--module",
        "scoring.py",
        "--module",
        "data.py",
        "--tests",
        "tests/games/tutankhamun/test_scoring.py",
        "--sample",
        "3",
        "--seed",
        "2",
        "--out",
        str(out),
    ]
    env = {**os.environ, "TMPDIR": str(temp)}
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    result = json.loads((out / "tutankhamun.json").read_text())
    assert result["tried"] == 3
    assert result["made"] > 50
    assert result["modules"] == [
        "src/saqqara/games/tutankhamun/scoring.py",
        "src/saqqara/games/tutankhamun/data.py",
    ]
    names = [m["name"] for m in result["mutants"]]
    assert {mutation.module_of(n) for n in names} == set(result["modules"])
    assert sum(result["counts"].values()) == 3
    assert result["counts"]["killed"] >= 1  # the tests do catch broken scoring
    for m in result["mutants"]:
        assert m["status"] in ("killed", "timeout") or m["diff"], m
    assert "1 by mutmut, 2 in fresh processes (functions run at import)" in done.stdout, (
        "pick another seed"
    )
    for m in result["mutants"]:
        assert m.get("fresh", False) == (".data." in m["name"] or m["status"] != "killed"), m
    report = (out / "tutankhamun.md").read_text()
    assert f"| {result['made']} | 3 |" in report
    assert list(temp.iterdir()) == []  # the work folder is gone
    assert not (ROOT / "mutants").exists()


def test_the_equivalents_file_reads() -> None:
    for entry in mutation.load_equivalents():
        assert (ROOT / entry["file"]).exists(), entry


def test_a_malformed_equivalents_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "equivalents.toml"
    path.write_text('[[equivalent]]\nfile = "src/x.py"\nwhy = "because"\n')
    with pytest.raises(SystemExit, match="entry 1 must have exactly"):
        mutation.load_equivalents(path)


NAME = "saqqara.games.tutankhamun.state.xǁTutankhamunStateǁ_pay__mutmut_28"


def test_mutant_names_give_their_module_and_function() -> None:
    assert mutation.module_of(NAME) == "src/saqqara/games/tutankhamun/state.py"
    assert mutation.function_of(NAME) == "TutankhamunState._pay"
    plain = "saqqara.games.tutankhamun.scoring.x_award__mutmut_16"
    assert mutation.function_of(plain) == "award"


def test_a_survivor_is_equivalent_only_when_file_function_and_lines_all_match() -> None:
    entry = {
        "file": "src/saqqara/games/tutankhamun/state.py",
        "function": "TutankhamunState._pay",
        "removed": "a = b",
        "added": "a = None",
        "why": "a is never read",
    }
    diff = ["-    a = b", "+    a = None"]
    assert mutation.equivalent_reason(NAME, diff, [entry]) == "a is never read"
    assert mutation.equivalent_reason(NAME, ["-    a = b", "+    a = c"], [entry]) is None
    other = NAME.replace("_pay", "_steal")
    assert mutation.equivalent_reason(other, diff, [entry]) is None


def test_wilson_interval() -> None:
    low, high = mutation.wilson(95, 100)
    assert 0.888 < low < 0.889 and 0.978 < high < 0.979
    assert mutation.wilson(0, 0) == (0.0, 1.0)
    assert mutation.wilson(10, 10)[1] == 1.0


def test_the_score_leaves_out_the_listed_equivalents() -> None:
    entry = {
        "file": "src/saqqara/games/tutankhamun/state.py",
        "function": "TutankhamunState._pay",
        "removed": "a = b",
        "added": "a = None",
        "why": "a is never read",
    }
    survivor = {"name": NAME, "status": "survived", "diff": ["-    a = b", "+    a = None"]}
    other = {"name": NAME + "9", "status": "survived", "diff": ["-    a = b", "+    a = c"]}
    killed = [{"name": f"{NAME}{n}", "status": "killed"} for n in range(10, 18)]
    result = {"sample": 10, "tried": 10, "made": 500, "mutants": [survivor, other, *killed]}
    scored = mutation.score(result, [entry])
    assert scored["counts"]["equivalent"] == 1 and scored["counts"]["survived"] == 1
    assert scored["score"] == 8 / 9
    assert survivor["equivalent"] == "a is never read" and "equivalent" not in other
    assert scored["wilson95"] == list(mutation.wilson(8, 9))
    assert mutation.score(result, [])["counts"]["equivalent"] == 0  # a rescore forgets it
    assert "equivalent" not in survivor


def test_a_games_selection_is_its_own_cases_without_the_schema_and_tensor_checks() -> None:
    """The shared files' cases of the game only, and none of the slow presentation checks
    (views' schema, tensors' shape) that kept Curse of the Mummy's first run from finishing."""
    tests = mutation.game_test_ids(mutation.SCOPES["curse-of-the-mummy"], ROOT)
    conformance = [t for t in tests if t.startswith("tests/conformance/")]
    assert conformance, tests
    assert all("curse-of-the-mummy" in t for t in conformance)
    assert any("test_random_playouts_keep_the_contract" in t for t in conformance)
    for check in mutation.NOT_RULES_TESTS:
        assert not any(f"::{check}[" in t for t in tests), check
    assert any(t.startswith("tests/test_regressions.py::") for t in tests)


def test_a_mutant_whose_code_was_removed_is_counted_apart_and_not_scored() -> None:
    killed = [{"name": f"{NAME}{n}", "status": "killed"} for n in range(10, 14)]
    removed = {"name": NAME + "9", "status": mutation.REMOVED, "diff": ["-    a = b"]}
    survivor = {"name": NAME + "8", "status": "survived", "diff": ["-    a = b", "+    a = c"]}
    result = {"sample": 6, "tried": 6, "made": 500, "mutants": [removed, survivor, *killed]}
    scored = mutation.score(result, [])
    assert scored["counts"][mutation.REMOVED] == 1 and scored["counts"]["other"] == 0
    assert scored["score"] == 4 / 5
    run = {"game": "tutankhamun", "date": "d", "mutmut": "3", "command": "c", "seed": 35}
    report = mutation.markdown(scored | run | {"modules": ["state.py"], "tests": []})
    assert "## Removed with their code" in report and NAME + "9" in report


def test_a_mutant_run_past_its_wall_clock_limit_is_stopped_and_named() -> None:
    """A parent whose child is titled as mutmut titles a mutant's run, and hangs: the watch
    stops the child after the limit and names the mutant; a process titled so that is not
    the parent's child is left alone."""
    hang = 'exec -a "mutmut: {name}" sleep 60'
    parent = subprocess.Popen(
        ["bash", "-c", f"({hang.format(name=NAME)}) & wait"],
        stdout=subprocess.DEVNULL,
    )
    stranger = subprocess.Popen(["bash", "-c", hang.format(name=NAME + "9")])
    try:
        started = time.monotonic()
        stopped = mutation.watch_mutants(parent, limit=1.0, every=0.2)
        assert stopped == {NAME}
        assert time.monotonic() - started < 30  # the hang was cut short, not waited out
        assert stranger.poll() is None
    finally:
        parent.kill()
        stranger.kill()
        parent.wait()
        stranger.wait()
