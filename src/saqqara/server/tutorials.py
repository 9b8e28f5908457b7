"""The games' interactive tutorials: each game's lessons, a short scripted game each, as data.

A game has one lesson or more, one script each, ``tutorial_scripts/<game>.<lesson>.json``
(the lesson's id is the file's, ``part`` its place among the game's lessons: the first is
the one ``/tutorial/<game>`` opens; ``title`` the key of its name in the client's texts).
No short game reaches every kind of decision: one learner never plays the mummy's side and
the explorers' both, and the end of Tutankhamun's path comes only once the path is walked.
So the lessons share them out, and together they cover every kind of decision the game's
engine offers a player (:func:`saqqara.server.decisions.decision_kinds`; a lesson's kinds
are its ``covers`` as its learner's side).

A script holds the configuration (players, options), the fixed seed that fixes every
chance draw of the game (``core.match``'s seed policy: the same seed and the same actions
give the same deal), the learner's seat, the seats' names, the kinds of decision the
learner meets (``covers``: the actions' verbs) and the steps, one accepted action each, in
the order they are taken: ``{"seat": 1, "play": "take 5"}`` for a scripted opponent, and
for the learner also ``"text"``, the key of the step's sentence in the client's tutorial
texts (``web/src/tutorial/texts/<lang>.json``). A learner step with ``"any": true`` takes
any legal move (only last: what follows must not depend on it). A learner step without a
text is the page's, played as an opponent's is, to bring the table to where the lesson
starts (a prelude). ``finish`` is the key of the closing sentence, and ``reaches`` what
holds after the last step (the learner's view's ``phase``, or ``"over"``).

``POST /api/tutorials/{game}/{lesson}`` (``/api/tutorials/{game}``: the first lesson) makes
a private, unrated table of the script's game with its seed, every seat a person with a
link, marked a tutorial's (``tables.tutorial``: removed from the store in time, see
``TableService.sweep_tutorials``), and answers the links with the script; the client's tutorial page
(``web/src/tutorial/``) holds every seat's connection, as the hot seat does, shows the
learner's table alone and plays the opponents' scripted moves itself.
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
from saqqara.server.decisions import Kind, verb

SCRIPTS = Path(__file__).parent / "tutorial_scripts"
"""Where the scripts are: one JSON file per lesson, ``<game>.<lesson>.json``."""


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
    """One lesson of a game's tutorial: its script (see the module's docstring)."""

    game: str
    lesson: str
    part: int
    title: str
    players: int
    options: dict[str, str]
    seed: int
    learner: int
    names: tuple[str, ...]
    covers: tuple[str, ...]
    steps: tuple[TutorialStep, ...]
    finish: str
    reaches: str

    @property
    def side(self) -> str:
        """The side the learner plays (``""`` where every seat plays the same game)."""
        roles = load(self.game, self.players, self.options).seat_roles()
        return "" if roles is None else roles[self.learner]

    @property
    def kinds(self) -> frozenset[Kind]:
        """The kinds of decision this lesson teaches: its ``covers`` as its learner's side."""
        return frozenset((self.side, verb) for verb in self.covers)

    def to_json(self) -> dict[str, Any]:
        """The script as the client reads it (the seed stays on the server)."""
        return {
            "game": self.game,
            "lesson": self.lesson,
            "part": self.part,
            "title": self.title,
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
    if text is not None and (seat != learner or not isinstance(text, str)):
        raise TutorialError(f"only a learner's step has a text: {raw}")
    if play is None and not (raw.get("any") and text is not None):
        raise TutorialError(f"a step plays an action or, the learner's with a text, any: {raw}")
    return TutorialStep(int(seat), None if play is None else str(play), text)


def parse_tutorial(raw: dict[str, Any]) -> Tutorial:
    """A script read from its JSON object."""
    learner = int(raw["learner"])
    if any(step.get("any") for step in raw["steps"][:-1]):
        raise TutorialError("only the last step may take any move: the script goes on from it")
    return Tutorial(
        game=str(raw["game"]),
        lesson=str(raw["lesson"]),
        part=int(raw["part"]),
        title=str(raw["title"]),
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
def tutorials() -> dict[str, tuple[Tutorial, ...]]:
    """Every game's lessons, by game id, in their order (``part`` 1, 2, ...)."""
    found: dict[str, list[Tutorial]] = {}
    for path in sorted(SCRIPTS.glob("*.json")):
        tutorial = parse_tutorial(json.loads(path.read_text("utf-8")))
        if f"{tutorial.game}.{tutorial.lesson}" != path.stem:
            raise TutorialError(f"{path.name} is lesson {tutorial.lesson} of {tutorial.game}")
        found.setdefault(tutorial.game, []).append(tutorial)
    lessons: dict[str, tuple[Tutorial, ...]] = {}
    for game, some in found.items():
        ordered = tuple(sorted(some, key=lambda t: t.part))
        if [t.part for t in ordered] != list(range(1, len(ordered) + 1)):
            raise TutorialError(f"{game}'s lessons are not parts 1..{len(ordered)}")
        lessons[game] = ordered
    return lessons


def lesson(game: str, lesson_id: str | None = None) -> Tutorial | None:
    """The game's lesson ``lesson_id`` (``None``: its first); ``None`` if there is none."""
    found = tutorials().get(game, ())
    if lesson_id is None:
        return found[0] if found else None
    return next((t for t in found if t.lesson == lesson_id), None)


def replay_script(tutorial: Tutorial) -> Match:
    """The tutorial's game played step by step (each step refused as the server would
    refuse it: ``TutorialError`` names the first that does not hold), then its claims
    checked: the learner's taught steps (those with a text) meet every kind it ``covers``,
    and the game ``reaches`` what it says."""
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
        if step.seat == tutorial.learner and step.text is not None:
            met.add(verb(game, action))
        match.submit(step.seat, action)
    if met != set(tutorial.covers):
        raise TutorialError(f"the learner meets {sorted(met)}, not {sorted(tutorial.covers)}")
    reached = "over" if match.is_over() else str(match.view(tutorial.learner).get("phase"))
    if reached != tutorial.reaches:
        raise TutorialError(f"the script reaches {reached!r}, not {tutorial.reaches!r}")
    return match
