"""Research faces: every registered game as a PettingZoo AEC environment and an OpenSpiel
game, built from the kernel contract and each game's declared tensors alone.

Needs the optional extra: ``pip install 'saqqara[research]'``.

>>> from saqqara.research import make_env
>>> env = make_env("tutankhamun", players=3, edition="ootb-2004")
"""

from saqqara.research.pettingzoo_env import SaqqaraAECEnv, make_env

__all__ = ["SaqqaraAECEnv", "make_env"]
