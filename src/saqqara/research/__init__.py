"""Research faces: every registered game as a PettingZoo AEC environment and an OpenSpiel
game, built from the kernel contract and each game's declared tensors alone.

The two faces are independent: the OpenSpiel game (``saqqara.research.openspiel_game``)
needs neither PettingZoo nor the terminal's rendering. Needs the optional extra:
``pip install 'saqqara[research]'``.

>>> from saqqara.research import make_env
>>> env = make_env("tutankhamun", players=3, edition="ootb-2004")
"""

from __future__ import annotations

from typing import Any

__all__ = ["SaqqaraAECEnv", "make_env"]


def __getattr__(name: str) -> Any:
    # Imported on first use, so that the OpenSpiel face never needs PettingZoo.
    if name in __all__:
        from saqqara.research import pettingzoo_env

        return getattr(pettingzoo_env, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
