"""Clean layers: no import circle between saqqara's subpackages, and a kernel that stands alone.

Every ``import`` in the source counts, also the ones inside functions (an import deferred to
call time is still a dependency).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import saqqara

SOURCE = Path(saqqara.__file__).parent
ROOT = "saqqara"


def _layer(module: str) -> str | None:
    """The subpackage (or top-level module) a module of ours belongs to; ``None`` if foreign
    or the root package itself (the composition root, which assembles the bundled games)."""
    parts = module.split(".")
    if parts[0] != ROOT or len(parts) < 2 or parts[1] == "__init__":
        return None
    return parts[1]


def _imports(path: Path) -> Iterator[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module


def layer_graph() -> dict[str, set[str]]:
    """Which subpackage imports which (edges to itself left out)."""
    graph: dict[str, set[str]] = {}
    for path in sorted(SOURCE.rglob("*.py")):
        relative = path.relative_to(SOURCE.parent).with_suffix("")
        source = _layer(".".join(relative.parts))
        if source is None:
            continue
        targets = graph.setdefault(source, set())
        for imported in _imports(path):
            target = _layer(imported)
            if target is not None and target != source:
                targets.add(target)
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle, as the path around it, or ``None``."""
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> list[str] | None:
        if node in path:
            return [*path[path.index(node) :], node]
        if node in done:
            return None
        for target in sorted(graph.get(node, ())):
            found = visit(target, [*path, node])
            if found:
                return found
        done.add(node)
        return None

    for start in sorted(graph):
        found = visit(start, [])
        if found:
            return found
    return None


def test_no_import_circle_between_subpackages() -> None:
    graph = layer_graph()
    assert {"core", "games", "ai", "ui", "research"} <= set(graph)
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


ORDER = [
    "core",
    "games",
    "testing",
    "ui",
    "research",
    "ai",
    "store",
    "server",
    "client",
    "remote_terminal",
    "cli",
]
"""The layers as docs/architecture.md states them: each may import only those before it."""


def test_every_import_points_down_the_documented_order() -> None:
    graph = layer_graph()
    assert set(graph) == set(ORDER)
    upward = [
        f"{source} -> {target}"
        for source, targets in graph.items()
        for target in targets
        if ORDER.index(target) > ORDER.index(source)
    ]
    assert upward == []


def test_the_kernel_imports_nothing_of_ours_outside_it() -> None:
    assert layer_graph()["core"] == set()


def test_games_stand_on_the_kernel_alone() -> None:
    assert layer_graph()["games"] == {"core"}


def test_only_tests_scripts_and_benchmarks_use_the_testing_package() -> None:
    users = sorted(source for source, targets in layer_graph().items() if "testing" in targets)
    assert users == []
    assert layer_graph()["testing"] <= {"core", "games"}


def test_the_circle_finder_finds_circles() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set(), "c": {"b"}}) is None
