"""Registers the bundled bots. Each game's heuristic bot lives in its own module here."""

from __future__ import annotations

from saqqara.ai.random_bot import RandomBot
from saqqara.ai.registry import register_bot

register_bot("random", RandomBot, help="uniformly random legal actions (baseline)")
