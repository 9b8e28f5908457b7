"""Mutation testing of the game engines with mutmut (issue 35): per game, mutate only its rules
modules, run only the fast tests that concern it, and report what the tests killed.

For each game a work folder is made under the system's temporary folder (never in the
checkout): a copy of ``src/``, ``tests/`` and ``pyproject.toml`` with a ``[tool.mutmut]``
section naming the game's rules modules and its tests. mutmut writes every mutant of those
modules (it mutates code inside functions and methods; see docs/rules/mutation.md for what it
leaves alone), then runs, for each mutant tried, only the selected tests that call the mutated
function. ``--sample N --seed S`` tries a seeded random sample of N of them; without it, all.

A survivor whose change is listed in ``scripts/mutation_equivalents.toml`` (file, function,
removed and added lines, and why no behaviour can tell it apart) counts as equivalent. The
score is the share of the non-equivalent mutants tried that the tests detected (killed or
timed out), with a Wilson 95% interval when it is a sample's estimate.

Writes ``OUT/GAME.json`` (every mutant tried, its status, and each survivor's diff) and
``OUT/GAME.md``. Progress is mutmut's own counter line.

``--retry OUT/GAME.json`` tries that result's undetected mutants (but the equivalents) again
with the tests as they are now, each in a fresh process (to confirm that new tests kill
them), and updates the result; ``--rescore`` applies
the equivalents list to a result again without running anything.

Usage: python scripts/mutation.py [--game GAME ...] [--sample N] [--seed S] [--out DIR]
       [--module FILE ...] [--tests PATH ...] [--jobs J] [--mutant-seconds S] [--keep]
       [--fail-under PERCENT]
       python scripts/mutation.py --retry OUT/GAME.json | --rescore OUT/GAME.json [--out DIR]
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path
from typing import Any

from mutmut.stats import status_by_exit_code

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENTS = ROOT / "scripts" / "mutation_equivalents.toml"


@dataclass(frozen=True)
class Scope:
    """A game's rules modules (state, actions, scoring, data loading) and its test selection."""

    game_id: str
    package: str
    modules: tuple[str, ...]

    def module_path(self, module: str) -> str:
        return f"src/saqqara/games/{self.package}/{module}"


SCOPES = {
    scope.game_id: scope
    for scope in (
        Scope("tutankhamun", "tutankhamun", ("state.py", "scoring.py", "actions.py", "data.py")),
        Scope(
            "valley-of-the-kings",
            "valley_of_the_kings",
            ("state.py", "scoring.py", "actions.py", "data.py"),
        ),
        Scope(
            "curse-of-the-mummy",
            "curse_of_the_mummy",
            ("state.py", "moves.py", "actions.py", "data.py"),
        ),
        Scope(
            "tutankhamuns-revenge",
            "tutankhamuns_revenge",
            ("state.py", "shapes.py", "actions.py", "data.py"),
        ),
    )
}

SHARED_TESTS = (
    "tests/conformance/test_conformance.py",
    "tests/properties",
    "tests/test_golden_playthroughs.py",
    "tests/test_games_end.py",
    "tests/test_play_chance.py",
)
"""Test files over every game, whose cases name the game in their ids; only those are run."""

NOT_RULES_TESTS = (
    "test_views_events_and_board_follow_the_exported_schema",
    "test_tensors_have_the_declared_shape",
)
"""Conformance checks left out of every selection: they hold the views and tensors to their
exported schema and shape (presentation, not the rules modules mutated), and they are the
slow ones: about 150 of Curse of the Mummy's 210 seconds of tests, many times that under
mutmut's tracing, where the whole selection never got through mutmut's first step."""

TIMEOUT_MULTIPLIER = 4.0
"""mutmut stops a mutant's run after ``2 * multiplier * (its tests' clean time + 1 s)`` of CPU
time and counts it as timed out (mutmut's default multiplier is 15)."""

MUTANT_SECONDS = 600.0
"""Wall-clock seconds a mutant's run under mutmut may take before the script stops it and
counts it as timed out (``--mutant-seconds``): mutmut's own limit is processor time,
``TIMEOUT_MULTIPLIER`` times its tests', which for a mutant that loops forever in code the
long conformance playouts reach lasts most of a run (``slide_belief`` with ``ahead |
~blocked`` ran 26 minutes)."""

DETECTED = ("killed", "timeout")
UNDETECTED = ("survived", "no tests")
REMOVED = "removed"
"""A mutant whose code was taken out of the engine since it was tried (found by a retry):
no test can tell it apart any more, so it is not scored."""

GENERATE = """
import os
from mutmut.__main__ import copy_also_copy_files, copy_src_dir, create_mutants, setup_source_paths
os.makedirs("mutants", exist_ok=True)
copy_src_dir()
copy_also_copy_files()
setup_source_paths()
create_mutants(1)
"""
"""Writes every mutant and its ``.meta`` record without running a test (mutmut's own steps)."""

AT_IMPORT = """
import json, os, sys
sys.path.insert(0, os.path.abspath("mutants/src"))
from mutmut.state import state
import saqqara
print(json.dumps(sorted(state()._stats)))
"""
"""Prints the functions of the mutated modules that run while ``saqqara`` is imported."""

DIFFS = """
import json, sys
from mutmut.mutation.diff_apply import find_mutant, get_diff_for_mutant
names = json.loads(sys.stdin.read())
print(json.dumps({n: get_diff_for_mutant(n, path=find_mutant(n).path) for n in names}))
"""
"""Prints the diff of each mutant named on standard input (what ``mutmut show`` prints)."""


def game_test_ids(scope: Scope, work: Path) -> list[str]:
    """The cases of the shared test files that name this game (but the ``NOT_RULES_TESTS``),
    and its named positions."""
    env = {**os.environ, "PYTHONPATH": str(work / "src")}
    listed = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--collect-only",
            "-q",
            "-p",
            "no:cacheprovider",
            *SHARED_TESTS,
        ],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    names = re.compile(rf"(?:\[|-){re.escape(scope.game_id)}(?:-|\]|\.txt\])")
    ids = [
        line
        for line in listed.splitlines()
        if "::" in line
        and names.search(line)
        and line.split("::")[-1].split("[")[0] not in NOT_RULES_TESTS
    ]
    positions = sorted(
        p.stem for p in (work / "tests" / "regressions" / scope.game_id).glob("*.json")
    )
    ids += [f"tests/test_regressions.py::test_named_position_holds[{p}]" for p in positions]
    return ids


def mutmut_section(paths: list[str], tests: list[str]) -> str:
    """The ``[tool.mutmut]`` section of the work folder's pyproject.toml."""

    def array(items: list[str]) -> str:
        return "[" + ", ".join(json.dumps(i) for i in items) + "]"

    return (
        "\n[tool.mutmut]\n"
        'source_paths = ["src/saqqara"]\n'
        f"only_mutate = {array(paths)}\n"
        f"pytest_add_cli_args_test_selection = {array(tests)}\n"
        'pytest_add_cli_args = ["-p", "no:cacheprovider"]\n'
        f"timeout_multiplier = {TIMEOUT_MULTIPLIER}\n"
    )


def make_work_folder(
    scope: Scope, paths: list[str], tests: list[str] | None, work: Path
) -> list[str]:
    """Copies the tree into ``work`` and configures mutmut there; returns the test selection."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis")
    shutil.copytree(ROOT / "src", work / "src", ignore=ignore)
    shutil.copytree(ROOT / "tests", work / "tests", ignore=ignore)
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    if "[tool.mutmut]" in text:
        raise SystemExit("pyproject.toml has a [tool.mutmut] section: this script writes its own")
    if tests is None:
        tests = [f"tests/games/{scope.package}", *game_test_ids(scope, work)]
    (work / "pyproject.toml").write_text(text + mutmut_section(paths, tests), encoding="utf-8")
    return tests


def mutant_statuses(work: Path, paths: list[str]) -> dict[str, str]:
    """Every mutant of the given modules and its status (``not checked`` before a run)."""
    statuses: dict[str, str] = {}
    for path in paths:
        meta = work / "mutants" / f"{path}.meta"
        codes = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
        statuses.update({name: status_by_exit_code[code] for name, code in codes.items()})
    return statuses


def functions_run_at_import(work: Path) -> set[str]:
    """The mutated functions that importing ``saqqara`` calls (mutmut's stats mode records them).

    mutmut forks each mutant's test run from a process that has imported everything already,
    so a mutant of such a function would never run there: these are tried in a fresh process.
    """
    env = {**mutmut_env(), "MUTANT_UNDER_TEST": "stats"}
    shown = subprocess.run(
        [sys.executable, "-c", AT_IMPORT],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return set(json.loads(shown.splitlines()[-1]))


def pytest_in_mutants(work: Path, tests: list[str], mutant: str, timeout: float) -> int | None:
    """Runs the selected tests on the mutated tree in a fresh process, stopping at the first
    failure, with ``mutant`` active; the exit code, or None when it ran past ``timeout``."""
    env = {
        **mutmut_env(),
        "PYTHONPATH": str(work / "mutants" / "src"),
        "MUTANT_UNDER_TEST": mutant,
    }
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests]
    try:
        done = subprocess.run(
            command, cwd=work / "mutants", env=env, capture_output=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        return None
    return done.returncode


def exit_status(code: int | None) -> str:
    """A fresh run's status: survived when every test passes, killed when one fails (pytest's
    1) or when the tests cannot even be collected because the mutant breaks the import (2, 3,
    or 4 for node ids whose module failed; the clean run first shows that they are sound),
    timeout when it ran too long."""
    if code is None:
        return "timeout"
    if code == 0:
        return "survived"
    return "killed" if code in (1, 2, 3, 4) else "suspicious"


def try_in_fresh_processes(
    work: Path, tests: list[str], names: list[str], jobs: int
) -> dict[str, str]:
    """The status of each mutant, each tried in a fresh process (``jobs`` at once) against the
    whole selection, stopping at the first failure."""
    if not names:
        return {}
    started = time.monotonic()
    if pytest_in_mutants(work, tests, "", timeout=3600) != 0:
        raise SystemExit("the selected tests fail on the unmutated tree")
    timeout = 5 * (time.monotonic() - started) + 60
    statuses: dict[str, str] = {}
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        runs = {pool.submit(pytest_in_mutants, work, tests, n, timeout): n for n in names}
        for number, run in enumerate(as_completed(runs), 1):
            name = runs[run]
            statuses[name] = exit_status(run.result())
            print(f"    fresh {number}/{len(names)}: {name} {statuses[name]}", flush=True)
    return statuses


def function_of(name: str) -> str:
    """``Class.method`` or ``function`` from a mutant name such as
    ``saqqara.games.x.state.xǁXStateǁapply__mutmut_3``."""
    mangled = name.rsplit(".", 1)[1].rsplit("__mutmut_", 1)[0]
    if mangled.startswith("xǁ"):
        return ".".join(part for part in mangled[2:].split("ǁ") if part)
    return mangled.removeprefix("x_")


def module_of(name: str) -> str:
    """The source path of a mutant: ``src/saqqara/games/x/state.py``."""
    return "src/" + "/".join(name.rsplit(".", 1)[0].split(".")) + ".py"


def diffs_of(work: Path, names: list[str]) -> dict[str, list[str]]:
    """The changed lines of each mutant (``-`` before, ``+`` after), as ``mutmut show``
    prints them, worked out in one process."""
    if not names:
        return {}
    shown = subprocess.run(
        [sys.executable, "-c", DIFFS],
        cwd=work,
        env=mutmut_env(),
        input=json.dumps(names),
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    diffs: dict[str, str] = json.loads(shown.splitlines()[-1])
    return {
        name: [
            line
            for line in diff.splitlines()
            if line[:1] in "+-" and not line.startswith(("+++", "---"))
        ]
        for name, diff in diffs.items()
    }


def load_equivalents(path: Path = EQUIVALENTS) -> list[dict[str, str]]:
    """The explained equivalent mutants: ``file``, ``function``, ``removed``, ``added``, ``why``."""
    entries: list[dict[str, str]] = tomllib.loads(path.read_text(encoding="utf-8")).get(
        "equivalent", []
    )
    keys = {"file", "function", "removed", "added", "why"}
    for number, entry in enumerate(entries, 1):
        if set(entry) != keys or not all(isinstance(v, str) and v for v in entry.values()):
            raise SystemExit(f"{path.name}: entry {number} must have exactly {sorted(keys)}")
    return entries


def equivalent_reason(name: str, diff: list[str], equivalents: list[dict[str, str]]) -> str | None:
    """Why this survivor is equivalent, if its change is listed; None otherwise."""
    removed = "\n".join(line[1:].strip() for line in diff if line.startswith("-"))
    added = "\n".join(line[1:].strip() for line in diff if line.startswith("+"))
    for entry in equivalents:
        if (
            entry["file"] == module_of(name)
            and entry["function"] == function_of(name)
            and entry["removed"].strip() == removed
            and entry["added"].strip() == added
        ):
            return entry["why"]
    return None


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of ``successes`` out of ``trials``."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = (
        z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    )
    return max(0.0, centre - half), min(1.0, centre + half)


def mutmut_env() -> dict[str, str]:
    """mutmut puts the work folder's ``mutants/src`` first on the path; nothing else may."""
    return {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}


def commit_of_checkout() -> str:
    """The commit the copied tree came from, marked ``+changes`` when it differs from it."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
        ).stdout.strip()
        changed = subprocess.run(
            ["git", "status", "--porcelain", "--", "src", "tests"],
            cwd=ROOT,
            capture_output=True,
            text=True,
        ).stdout.strip()
    except OSError:
        return "unknown"
    return (head or "unknown") + ("+changes" if changed else "")


@dataclass
class Trial:
    """What one pass over a work folder found: mutants made, tried, their status and diffs."""

    commit: str
    tests: list[str]
    made: int
    tried: list[str]
    results: dict[str, str]
    diffs: dict[str, list[str]]
    fresh: list[str]
    """The mutants tried in fresh processes, whatever mutmut made of them."""


def mutant_runs(parent: int) -> dict[int, str]:
    """The children of process ``parent`` running a mutant now (mutmut forks one for each
    and titles it ``mutmut: NAME``), by process id (Linux's ``/proc``)."""
    runs: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            title = (entry / "cmdline").read_bytes().split(b"\0")[0].decode()
        except (OSError, UnicodeDecodeError):
            continue  # gone meanwhile, or another user's
        parent_of = int(stat.rsplit(")", 1)[1].split()[1])  # after the name: state, ppid
        if parent_of == parent and title.startswith("mutmut: "):
            runs[int(entry.name)] = title.removeprefix("mutmut: ").strip()
    return runs


def watch_mutants(parent: subprocess.Popen[bytes], limit: float, every: float = 2.0) -> set[str]:
    """Until ``parent`` ends, stop each mutant's run that has lasted ``limit`` seconds of
    wall-clock time (SIGKILL; mutmut goes on with the next); the names of those stopped."""
    first_seen: dict[int, float] = {}
    stopped: set[str] = set()
    while parent.poll() is None:
        now = time.monotonic()
        runs = mutant_runs(parent.pid)
        first_seen = {pid: first_seen.get(pid, now) for pid in runs}
        for pid, name in runs.items():
            if now - first_seen[pid] >= limit and name not in stopped:
                print(f"\n==> {name}: still running after {limit:.0f} s, stopped (timeout)")
                try:
                    os.kill(pid, 9)
                except ProcessLookupError:
                    continue  # it ended meanwhile: mutmut has its own answer
                stopped.add(name)
        time.sleep(every)
    return stopped


def run_trial(
    scope: Scope,
    paths: list[str],
    tests: list[str] | None,
    choose: Callable[[list[str]], list[str]],
    args: argparse.Namespace,
    all_fresh: bool = False,
) -> Trial:
    """Makes the work folder, writes the mutants, tries those ``choose`` picks from all of
    them (sorted by name), and removes the folder again (unless ``--keep``). ``all_fresh``
    tries every one in a fresh process against the whole selection (no mutmut run)."""
    work = Path(tempfile.mkdtemp(prefix=f"saqqara-mutation-{scope.game_id}-"))
    try:
        print(f"==> {scope.game_id}: work folder {work}", flush=True)
        commit = commit_of_checkout()
        tests = make_work_folder(scope, paths, tests, work)
        subprocess.run(
            [sys.executable, "-c", GENERATE],
            cwd=work,
            env=mutmut_env(),
            check=True,
            stdout=subprocess.DEVNULL,
        )
        made = mutant_statuses(work, paths)
        if not made:
            raise SystemExit(f"{scope.game_id}: mutmut made no mutants of {', '.join(paths)}")
        tried = choose(sorted(made))
        at_import = functions_run_at_import(work)
        fresh = [n for n in tried if all_fresh or n.rsplit("__mutmut_", 1)[0] in at_import]
        forked = [n for n in tried if n not in fresh]
        print(
            f"==> {scope.game_id}: {len(made)} mutants made, trying {len(tried)}: "
            f"{len(forked)} by mutmut, {len(fresh)} in fresh processes"
            + ("" if all_fresh else " (functions run at import)"),
            flush=True,
        )
        stopped: set[str] = set()
        if forked:
            command = [sys.executable, "-m", "mutmut", "run", "--max-children", str(args.jobs)]
            with subprocess.Popen(command + forked, cwd=work, env=mutmut_env()) as mutmut:
                stopped = watch_mutants(mutmut, args.mutant_seconds)
            if mutmut.returncode != 0:
                raise subprocess.CalledProcessError(mutmut.returncode, command)
        results = mutant_statuses(work, paths)
        results.update(dict.fromkeys(stopped, "timeout"))
        # mutmut forks its runs from a process that imported saqqara and filled its memos
        # already, and runs only the tests it saw call the function: what it leaves
        # undetected gets a second look in a fresh process against the whole selection.
        fresh += [n for n in forked if results[n] not in DETECTED]
        if len(fresh) > len(tried) - len(forked):
            print(f"==> {scope.game_id}: trying the undetected again in fresh processes")
        results.update(try_in_fresh_processes(work, tests, fresh, args.jobs))
        diffs = diffs_of(work, [n for n in tried if results[n] not in DETECTED])
    finally:
        if args.keep:
            print(f"==> {scope.game_id}: kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    return Trial(commit, tests, len(made), tried, results, diffs, fresh)


def entries_of(trial: Trial) -> list[dict[str, Any]]:
    """One record per mutant tried: name, function, status, and the diff of the undetected."""
    entries = []
    for name in trial.tried:
        entry: dict[str, Any] = {
            "name": name,
            "function": function_of(name),
            "status": trial.results[name],
        }
        if name in trial.fresh:
            entry["fresh"] = True
        if name in trial.diffs:
            entry["diff"] = trial.diffs[name]
        entries.append(entry)
    return entries


def score(result: dict[str, Any], equivalents: list[dict[str, str]]) -> dict[str, Any]:
    """Marks the listed equivalents among the undetected, and counts and scores the result."""
    counts = {
        "killed": 0,
        "timeout": 0,
        "survived": 0,
        "no tests": 0,
        "equivalent": 0,
        REMOVED: 0,
        "other": 0,
    }
    for entry in result["mutants"]:
        entry.pop("equivalent", None)
        status = entry["status"]
        if status in UNDETECTED:
            why = equivalent_reason(entry["name"], entry["diff"], equivalents)
            if why is not None:
                entry["equivalent"] = why
                status = "equivalent"
        counts[status if status in counts else "other"] += 1
    detected = counts["killed"] + counts["timeout"]
    scored = len(result["mutants"]) - counts["equivalent"] - counts[REMOVED]
    low, high = wilson(detected, scored)
    sampled = result["sample"] is not None and result["tried"] < result["made"]
    result.update(
        counts=counts,
        score=detected / scored if scored else None,
        wilson95=[low, high] if sampled else None,
    )
    return result


def markdown(result: dict[str, Any]) -> str:
    """The human-readable report of one game's run."""
    c = result["counts"]
    share = result["score"]
    lines = [
        f"# Mutation testing: {result['game']}",
        "",
        f"{result['date']}, commit {result.get('commit', 'unknown')}, mutmut {result['mutmut']}: "
        f"`{result['command']}`",
        "",
        f"Modules: {', '.join(f'`{m}`' for m in result['modules'])}; "
        f"{len(result['tests'])} test selections.",
        "",
        "| made | tried | killed | timeout | survived | no tests | equivalent | removed | other "
        "| score |",
        "|---|---|---|---|---|---|---|---|---|---|",
        f"| {result['made']} | {result['tried']} | {c['killed']} | {c['timeout']} | "
        f"{c['survived']} | {c['no tests']} | {c['equivalent']} | {c.get(REMOVED, 0)} | "
        f"{c['other']} | " + (f"{share:.1%}" if share is not None else "-") + " |",
    ]
    if result["wilson95"] is not None:
        low, high = result["wilson95"]
        lines += [
            "",
            f"A sample of {result['tried']} (seed {result['seed']}): Wilson 95% interval of the "
            f"score {low:.1%}-{high:.1%}.",
        ]
    for retry in result.get("retries", []):
        lines += [
            "",
            f"Retried {retry['date']}, commit {retry['commit']}: `{retry['command']}`: "
            + ", ".join(f"`{n}` {old} -> {new}" for n, (old, new) in retry["changed"].items()),
        ]
    sections: tuple[tuple[str, Callable[[dict[str, Any]], bool]], ...] = (
        ("Not detected", lambda m: m["status"] in UNDETECTED and "equivalent" not in m),
        ("Equivalent", lambda m: "equivalent" in m),
        ("Removed with their code", lambda m: m["status"] == REMOVED),
        ("Other", lambda m: m["status"] not in (*DETECTED, *UNDETECTED, REMOVED)),
    )
    for title, chosen in sections:
        picked = [m for m in result["mutants"] if chosen(m)]
        if not picked:
            continue
        lines += ["", f"## {title}", ""]
        for m in picked:
            lines += [f"`{m['name']}` ({m['status']})", ""]
            if "equivalent" in m:
                lines += [m["equivalent"], ""]
            lines += ["```diff", *m.get("diff", []), "```", ""]
    return "\n".join(lines).rstrip() + "\n"


def write(result: dict[str, Any], out: Path) -> None:
    """Writes ``OUT/GAME.json`` and ``OUT/GAME.md`` and prints the counts."""
    out.mkdir(parents=True, exist_ok=True)
    game = result["game"]
    (out / f"{game}.json").write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n")
    (out / f"{game}.md").write_text(markdown(result))
    c = result["counts"]
    share = result["score"]
    print(
        f"==> {game}: tried {result['tried']} of {result['made']}: killed {c['killed']}, "
        f"timeout {c['timeout']}, survived {c['survived']}, no tests {c['no tests']}, "
        f"equivalent {c['equivalent']}, removed {c.get(REMOVED, 0)}, other {c['other']}; score "
        + (f"{share:.1%}" if share is not None else "-")
        + f" ({out / game}.md)",
        flush=True,
    )


def now() -> str:
    return f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC"


def run_game(scope: Scope, args: argparse.Namespace, equivalents: list[dict[str, str]]) -> float:
    """Mutation-tests one game (all its mutants, or a seeded sample); returns its score."""
    modules = args.module or list(scope.modules)
    unknown = sorted(set(modules) - set(scope.modules))
    if unknown:
        raise SystemExit(f"{scope.game_id}: not a rules module of the game: {', '.join(unknown)}")
    paths = [scope.module_path(m) for m in modules]

    def choose(names: list[str]) -> list[str]:
        if args.sample is None or args.sample >= len(names):
            return names
        return sorted(random.Random(args.seed).sample(names, args.sample))

    trial = run_trial(scope, paths, args.tests, choose, args)
    result = {
        "game": scope.game_id,
        "date": now(),
        "commit": trial.commit,
        "mutmut": version("mutmut"),
        "command": "python scripts/mutation.py " + " ".join(args.argv),
        "modules": paths,
        "tests": trial.tests,
        "made": trial.made,
        "sample": args.sample,
        "seed": args.seed,
        "tried": len(trial.tried),
        "mutants": entries_of(trial),
    }
    write(score(result, equivalents), args.out)
    return float(result["score"] or 0.0)


def retry(path: Path, args: argparse.Namespace, equivalents: list[dict[str, str]]) -> float:
    """Tries again, with the tests as they are now, every mutant a result left undetected
    and not explained as equivalent, each in a fresh process against the whole selection."""
    result = json.loads(path.read_text(encoding="utf-8"))
    scope = SCOPES[result["game"]]
    again = {
        m["name"]: m
        for m in result["mutants"]
        if m["status"] not in (*DETECTED, REMOVED) and "equivalent" not in m
    }
    if not again:
        print(f"==> {scope.game_id}: nothing to retry in {path}")
        return float(result["score"] or 0.0)

    changed: dict[str, list[str]] = {}

    def choose(names: list[str]) -> list[str]:
        for gone in sorted(set(again) - set(names)):
            # Its function was taken out or rewritten so that mutmut no longer makes it.
            print(f"==> {scope.game_id}: {gone}: its code is gone, marked {REMOVED}")
            changed[gone] = [again[gone]["status"], REMOVED]
            again.pop(gone)["status"] = REMOVED
        return sorted(again)

    trial = run_trial(scope, result["modules"], result["tests"], choose, args, all_fresh=True)
    for entry in entries_of(trial):
        old = again[entry["name"]]
        if entry.get("diff", old["diff"]) != old["diff"]:
            raise SystemExit(f"{path}: the code changed, {entry['name']} is another mutant now")
        if entry["status"] != old["status"]:
            changed[entry["name"]] = [old["status"], entry["status"]]
        old.update(status=entry["status"])
    result.setdefault("retries", []).append(
        {
            "date": now(),
            "commit": trial.commit,
            "command": "python scripts/mutation.py " + " ".join(args.argv),
            "changed": changed,
        }
    )
    write(score(result, equivalents), args.out)
    return float(result["score"] or 0.0)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=sorted(SCOPES), help="default: all")
    parser.add_argument("--sample", type=int, help="try a seeded random sample of N mutants")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=ROOT / "out" / "mutation")
    parser.add_argument("--module", action="append", help="only these rules modules (state.py)")
    parser.add_argument("--tests", action="append", help="run these tests instead (paths)")
    parser.add_argument("--jobs", type=int, default=1, help="mutants tested at once")
    parser.add_argument(
        "--mutant-seconds",
        type=float,
        default=MUTANT_SECONDS,
        help="stop a mutant's run under mutmut after this long (counted as timed out)",
    )
    parser.add_argument("--keep", action="store_true", help="keep the work folder")
    parser.add_argument("--fail-under", type=float, help="exit 1 if a score is below PERCENT")
    parser.add_argument(
        "--retry", type=Path, metavar="RESULT", help="try a result's undetected mutants again"
    )
    parser.add_argument(
        "--rescore", type=Path, metavar="RESULT", help="apply the equivalents list to a result"
    )
    args = parser.parse_args(argv)
    args.argv = argv
    if args.sample is not None and args.sample < 1:
        parser.error("--sample must be at least 1")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    equivalents = load_equivalents()
    if args.rescore:
        result = score(json.loads(args.rescore.read_text(encoding="utf-8")), equivalents)
        write(result, args.out)
        scores = [float(result["score"] or 0.0)]
    elif args.retry:
        scores = [retry(args.retry, args, equivalents)]
    else:
        scores = [run_game(SCOPES[g], args, equivalents) for g in args.game or sorted(SCOPES)]
    if args.fail_under is not None and min(scores) * 100 < args.fail_under:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
