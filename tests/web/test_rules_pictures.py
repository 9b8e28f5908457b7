"""The rules pages' pictures are drawn from positions of real games, committed in
``web/schema/rules-pictures/``: they must still be what the engines make of the same seeds,
and each must follow its game's view schema (the boards read them through its type)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

from saqqara.core.registry import load
from saqqara.core.schema import part_schema, validator

ROOT = Path(__file__).resolve().parents[2]


def _script() -> ModuleType:
    path = ROOT / "scripts" / "rules_pictures.py"
    spec = importlib.util.spec_from_file_location("rules_pictures", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def test_committed_rules_pictures_match_the_engines() -> None:
    script = _script()
    names = set()
    for picture in script.PICTURE_LIST:
        path = script.PICTURES / f"{picture.name}.json"
        names.add(path.name)
        assert path.read_text(encoding="utf-8") == script.picture_text(picture), (
            f"{path.name} is stale: run python scripts/rules_pictures.py"
        )
        view = json.loads(path.read_text(encoding="utf-8"))
        assert view["seat"] is None  # a spectator's view: no secret of any seat
        contract = load(picture.game, picture.players, picture.options).view_contract()
        validator(part_schema(picture.game, contract, "view"))(view)
    assert {p.name for p in script.PICTURES.glob("*.json")} == names
