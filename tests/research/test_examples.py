"""The documented research examples run (on small settings) and say something true."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _example(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_pettingzoo_loop_example(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pettingzoo")
    totals = _example("pettingzoo_loop").run("tutankhamun", 3, 2, {"edition": "ootb-2004"})
    assert sum(totals.values()) == pytest.approx(1.0)
    assert "decisions" in capsys.readouterr().out


def test_random_vs_ismcts_example(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pyspiel")
    share = _example("random_vs_ismcts").run("tutankhamun", 2, 2, 10, 0, {})
    assert 0.0 <= share <= 1.0
    assert "IS-MCTS (10 simulations)" in capsys.readouterr().out
