"""The games' interactive tutorials: a short scripted game per game, as data.

Each game's script is ``tutorial_scripts/<game>.json``: the configuration (players,
options), the fixed seed that fixes every chance draw of the game (``core.match``'s seed
policy: the same seed and the same actions give the same deal), the learner's seat, the
seats' names, the kinds of decision the learner meets (``covers``: the actions' verbs) and
the steps, one accepted action each, in the order they are taken: ``{"seat": 1, "play":
"take 5"}`` for a scripted opponent, and for the learner also ``"text"``, the key of the
step's sentence in the client's tutorial texts (``web/src/tutorial/texts/<lang>.json``).
A learner step with ``"any": true`` takes any legal move (only last: what follows must not
depend on it). ``finish`` is the key of the closing sentence, and ``reaches`` what holds
after the last step (the learner's view's ``phase``, or ``"over"``).

``POST /api/tutorials/{game}`` makes a private, unrated table of the script's game with its
seed, every seat a person with a link, and answers the links with the script; the client's
tutorial page (``web/src/tutorial/``) holds every seat's connection, as the hot seat does,
shows the learner's table alone and plays the opponents' scripted moves itself.
:func:`replay_script` plays a script through the engine, each step checked as the server
checks it; ``tests/server/test_tutorials.py`` replays every script with it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from saqqara.core.errors import SaqqaraError
from saqqara.core.match import Match
from saqqara.core.registry import load

SCRIPTS = Path(__file__).parent / "tutorial_scripts"
"""Where the scripts are: one JSON file per game, named by the game's id."""


class TutorialError(SaqqaraError):
    """A script that does not hold: a step its game refuses, or a claim that is false."""

    def __init__(self, message: str) -> None:
        super().__init__(message, code="bad-tutorial")


@dataclass(frozen=True, slots=True)
class TutorialStep:
    """One scripted action: whose it is, its notation, and for the learner its text's key."""

    seat: int
    play: str | None
    """The action's notation; ``None`` for a learner step that takes any legal move."""
    text: str | None = None


@dataclass(frozen=True, slots=True)
class Tutorial:
    """A game's tutorial script (see the module's docstring)."""

    game: str
    players: int
    options: dict[str, str]
    seed: int
    learner: int
    names: tuple[str, ...]
    covers: tuple[str, ...]
    steps: tuple[TutorialStep, ...]
    finish: str
    reaches: str

    def to_json(self) -> dict[str, Any]:
        """The script as the client reads it (the seed stays on the server)."""
        return {
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "learner": self.learner,
            "names": list(self.names),
            "steps": [
                {"seat": s.seat, "play": s.play, **({"text": s.text} if s.text else {})}
                for s in self.steps
            ],
            "finish": self.finish,
        }


def _step(raw: dict[str, Any], learner: int) -> TutorialStep:
    seat, play, text = raw["seat"], raw.get("play"), raw.get("text")
    if seat == learner and not isinstance(text, str):
        raise TutorialError(f"a learner's step needs a text: {raw}")
    if play is None and not raw.get("any"):
        raise TutorialError(f"a step plays an action or, the learner's, any: {raw}")
    return TutorialStep(int(seat), None if play is None else str(play), text)


def parse_tutorial(raw: dict[str, Any]) -> Tutorial:
    """A script read from its JSON object."""
    learner = int(raw["learner"])
    if any(step.get("any") for step in raw["steps"][:-1]):
        raise TutorialError("only the last step may take any move: the script goes on from it")
    return Tutorial(
        game=str(raw["game"]),
        players=int(raw["players"]),
        options={str(k): str(v) for k, v in raw.get("options", {}).items()},
        seed=int(raw["seed"]),
        learner=learner,
        names=tuple(str(n) for n in raw["names"]),
        covers=tuple(str(c) for c in raw["covers"]),
        steps=tuple(_step(step, learner) for step in raw["steps"]),
        finish=str(raw["finish"]),
        reaches=str(raw["reaches"]),
    )


@cache
def tutorials() -> dict[str, Tutorial]:
    """Every game's tutorial, by game id."""
    found: dict[str, Tutorial] = {}
    for path in sorted(SCRIPTS.glob("*.json")):
        tutorial = parse_tutorial(json.loads(path.read_text("utf-8")))
        if tutorial.game != path.stem:
            raise TutorialError(f"{path.name} is the script of {tutorial.game}")
        found[tutorial.game] = tutorial
    return found


def replay_script(tutorial: Tutorial) -> Match:
    """The tutorial's game played step by step (each step refused as the server would
    refuse it: ``TutorialError`` names the first that does not hold), then its claims
    checked: the learner's steps meet every kind it ``covers``, and the game ``reaches``
    what it says."""
    game = load(tutorial.game, tutorial.players, tutorial.options)
    match = Match(game, seed=tutorial.seed, names=tutorial.names)
    met: set[str] = set()
    for index, step in enumerate(tutorial.steps):
        if step.seat not in match.to_act():
            raise TutorialError(f"step {index}: seat {step.seat} is not to act {match.to_act()}")
        legal = match.legal_actions(step.seat)
        try:
            action = legal[0] if step.play is None else game.parse_action(step.play)
        except SaqqaraError as exc:
            raise TutorialError(f"step {index}: {exc.message}") from None
        if action not in legal:
            raise TutorialError(f"step {index}: {step.play!r} is not legal for {step.seat}")
        if step.seat == tutorial.learner:
            met.add(game.action_text(action).split(" ")[0])
        match.submit(step.seat, action)
    if met != set(tutorial.covers):
        raise TutorialError(f"the learner meets {sorted(met)}, not {sorted(tutorial.covers)}")
    reached = "over" if match.is_over() else str(match.view(tutorial.learner).get("phase"))
    if reached != tutorial.reaches:
        raise TutorialError(f"the script reaches {reached!r}, not {tutorial.reaches!r}")
    return match
