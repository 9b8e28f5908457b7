"""Imports every module of a package, so that games, bots and renderers register themselves.

A new game, bot or renderer is one new module; no shared list needs editing.
"""

from __future__ import annotations

import importlib
import pkgutil


def import_submodules(package_name: str) -> None:
    """Import each direct submodule (and subpackage) of ``package_name``, in name order."""
    package = importlib.import_module(package_name)
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        if not info.name.startswith("_"):
            importlib.import_module(f"{package_name}.{info.name}")
