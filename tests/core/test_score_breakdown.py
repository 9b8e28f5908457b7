"""The score breakdown at a game's end: every game has one, for every seat, in four
languages, agreeing with the outcome; it is built from a seat's view alone, so what the
server sends a seat does not change when what that seat may not know is resampled."""

from __future__ import annotations

import random
from functools import cache

import pytest

from saqqara.ai.registry import make_bot
from saqqara.core.game import CHANCE, Game
from saqqara.core.i18n import LANGUAGES
from saqqara.core.match import Match
from saqqara.core.presentation import presentation_for
from saqqara.core.registry import load, registered_games
from saqqara.server.messages import encode
from saqqara.server.updates import seat_update

CONFIGS = [
    ("tutankhamun", 2, {"edition": "amigo-1993"}),
    ("tutankhamun", 4, {"edition": "ootb-2004"}),
    ("valley-of-the-kings", 2, {"experts": "on"}),
    ("valley-of-the-kings", 4, {}),
    ("curse-of-the-mummy", 2, {}),
    ("curse-of-the-mummy", 5, {}),
    ("tutankhamuns-revenge", 2, {}),
    ("tutankhamuns-revenge", 6, {}),
]
IDS = [f"{g}-{p}p" for g, p, _ in CONFIGS]


@cache
def finished(index: int, seed: int = 2) -> Match:
    """A game of ``CONFIGS[index]`` played to its end by the heuristic bots."""
    game_id, players, options = CONFIGS[index]
    game = load(game_id, players, options)
    bot = make_bot("heuristic", game)
    match = Match(game, seed=seed)
    while not match.is_over():
        match.play_bot(next(s for s in match.to_act() if s != CHANCE), bot)
    return match


def test_every_game_is_covered() -> None:
    assert {g for g, _, _ in CONFIGS} == set(registered_games())


@pytest.mark.parametrize("index", range(len(CONFIGS)), ids=IDS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_seat_has_a_labelled_breakdown_in_every_language(index: int, lang: str) -> None:
    match = finished(index)
    game = match.game
    outcome = match.outcome()
    names = [f"Seat {n + 1}" for n in range(game.players)]
    text = presentation_for(game, lang, names, strict=True)  # every text translated
    for viewer in [None, *range(game.players)]:
        lines = text.score_breakdown(match.view(viewer))
        assert [line["seat"] for line in lines] == list(range(game.players))
        assert [line["rank"] for line in lines] == list(outcome.ranks)
        assert [line["name"] for line in lines] == names
        for line in lines:
            assert line["total"].strip() and line["parts"]
            for part in line["parts"]:
                assert part["label"].strip() and part["value"].strip()


@pytest.mark.parametrize("index", range(len(CONFIGS)), ids=IDS)
def test_the_breakdown_adds_up_to_the_outcome(index: int) -> None:
    match = finished(index)
    game = match.game
    scores = match.outcome().scores
    lines = presentation_for(game).score_breakdown(match.view(None))
    for line in lines:
        parts = {p["label"]: p["value"] for p in line["parts"]}
        score = int(scores[line["seat"]])
        if game.spec.id == "valley-of-the-kings":
            assert sum(int(p["value"]) for p in line["parts"]) == score
            assert line["total"] == f"{score} point" + ("" if score == 1 else "s")
        elif game.spec.id == "tutankhamun":
            left = parts.get("Steps left to the goal", parts.get("Coins left"))
            assert left == str(score)
        elif game.spec.id == "tutankhamuns-revenge":
            assert int(parts["Gold coins"]) * 5 + int(parts["Silver coins"]) == score
            assert line["total"] == f"{score} silver"
        else:
            key = "Ankhs collected" if line["seat"] == 0 else "Task cards laid"
            assert parts[key] == str(score)
        if game.spec.id in {"tutankhamun", "curse-of-the-mummy"}:  # who won, and why
            assert ("Won because" in parts) == (line["rank"] == 1)


def test_counted_totals_take_the_singular_for_one() -> None:
    game = load("valley-of-the-kings", 2)
    text = presentation_for(game, "de")
    view = {"scores": [1, 3]}
    assert text.score_total(view, 0) == "1 Punkt"
    assert text.score_total(view, 1) == "3 Punkte"


def test_a_running_game_has_no_breakdown() -> None:
    game = load("tutankhamun", 2)
    match = Match(game, seed=1)
    with pytest.raises(ValueError, match="not over"):
        presentation_for(game).score_breakdown(match.view(0))
    update = seat_update(
        game, match, 0, "en", seq=match.seq, steps=[], status="playing", playing=True
    )
    assert update.breakdown is None


def _wire(game: Game, match: Match, position: object, seat: int | None, lang: str) -> str:
    update = seat_update(
        game,
        position,  # type: ignore[arg-type]
        seat,
        lang,
        seq=match.seq,
        steps=match.history[-3:],
        status="finished",
        playing=False,
        names=["Ann", "Bo", "Cy", "Di", "Ed", "Flo"][: game.players],
    )
    assert update.breakdown is not None and len(update.breakdown) == game.players
    return encode(update)


@pytest.mark.parametrize("index", range(len(CONFIGS)), ids=IDS)
@pytest.mark.parametrize("seed", [2, 3])
def test_the_breakdown_a_seat_is_sent_does_not_depend_on_what_it_cannot_know(
    index: int, seed: int
) -> None:
    match = finished(index, seed)
    game = match.game
    rng = random.Random(seed)
    for lang in LANGUAGES:
        for seat in range(game.players):
            told = _wire(game, match, match, seat, lang)
            assert '"breakdown":[{' in told
            for _ in range(3):
                world = match.perspective(seat).resample(rng)
                assert _wire(game, match, world, seat, lang) == told, (seat, lang)
        spectator = _wire(game, match, match, None, lang)
        hidden = match.perspective(rng.randrange(game.players)).resample(rng)
        assert _wire(game, match, hidden, None, lang) == spectator
