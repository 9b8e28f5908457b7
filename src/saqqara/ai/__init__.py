"""Bots: a registry of bot kinds by name, each usable for one game or for every game.

A bot is an :class:`~saqqara.core.playout.Agent`: it chooses from a
:class:`~saqqara.core.perspective.Perspective`, so it sees only its seat's view and plans
on ``resample``, never on the true state.
"""

from saqqara.ai.registry import available_bots, make_bot, register_bot

__all__ = ["available_bots", "make_bot", "register_bot"]
