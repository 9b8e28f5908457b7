"""Every error code the library and the server can answer is listed in docs/protocol.md's
table "Every error code", and the table lists no code that nothing sends.

The codes are collected from the source, not from a list kept by hand: ``code="..."``
arguments, the first argument of the wire's ``Error`` and the HTTP ``_error``, the codes a
game's ``refusal`` returns, ``code = "..."`` on error classes and the values assigned to
a name ``code``."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import saqqara

ROOT = Path(__file__).resolve().parents[2]
CODE = re.compile(r"^[a-z]+(?:-[a-z]+)*$")
SENDERS = {"Error", "_error"}
"""Calls whose first argument is an error code (the wire's and the HTTP API's)."""


def _strings(node: ast.AST) -> list[str]:
    """The string constants of an expression that are shaped like codes."""
    return [
        sub.value
        for sub in ast.walk(node)
        if isinstance(sub, ast.Constant) and isinstance(sub.value, str) and CODE.match(sub.value)
    ]


def _codes_in(tree: ast.AST) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            for keyword in node.keywords:
                if keyword.arg == "code":
                    found.update(_strings(keyword.value))
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name in SENDERS and node.args:
                found.update(_strings(node.args[0]))
        elif isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "code" for t in node.targets
        ):
            found.update(_strings(node.value))
        elif isinstance(node, ast.FunctionDef) and "refusal" in node.name:
            for sub in ast.walk(node):
                if isinstance(sub, ast.Return) and isinstance(sub.value, ast.Tuple):
                    found.update(_strings(sub.value.elts[0]))
    return found


def sent_codes() -> set[str]:
    """Every code the package's source can answer with."""
    package = Path(saqqara.__file__).parent
    found: set[str] = set()
    for path in package.rglob("*.py"):
        found |= _codes_in(ast.parse(path.read_text(encoding="utf-8")))
    return found


def documented_codes() -> set[str]:
    """The codes in the first column of protocol.md's table of every error code."""
    text = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    section = text.split("### Every error code", 1)[1].split("\n#", 1)[0]
    return set(re.findall(r"^\| `([a-z-]+)` \|", section, flags=re.MULTILINE))


def test_every_code_the_server_can_send_is_documented() -> None:
    missing = sent_codes() - documented_codes()
    assert not missing, f"codes sent but not in docs/protocol.md: {sorted(missing)}"


def test_the_table_lists_no_code_that_nothing_sends() -> None:
    stale = documented_codes() - sent_codes()
    assert not stale, f"codes in docs/protocol.md that nothing sends: {sorted(stale)}"


def test_the_collector_finds_each_kind_of_code() -> None:
    """The collector itself: a code of each shape it reads is found (so the two tests above
    cannot pass by finding nothing)."""
    codes = sent_codes()
    assert {"cid-reused", "stale", "bad-message", "bid-cap", "not-found", "bad-method"} <= codes
    assert {"bad-option", "bad-notation"} <= codes  # error classes' own codes
    assert len(documented_codes()) > 40
