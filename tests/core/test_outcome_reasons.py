"""Why a game ended, in every language: every reason an engine writes into its outcome has
words in English, German, Dutch and Swedish (the end screen of the browser, the terminal and
a replay show them), a seat's reason names the seat's player, and the ends random games reach
are all among the reasons listed here."""

from __future__ import annotations

import random
import re

import pytest

from saqqara.core.forfeit import Forfeit
from saqqara.core.game import CHANCE, Game, State
from saqqara.core.i18n import LANGUAGES, SOURCE_LANGUAGE
from saqqara.core.match import Match
from saqqara.core.presentation import presentation_for
from saqqara.core.registry import load, registered_games
from saqqara.games.curse_of_the_mummy.state import MAX_ROUNDS as MUMMY_ROUNDS
from saqqara.games.valley_of_the_kings.state import MAX_ROUNDS
from saqqara.server.replays import replay_record
from tests.core.test_presentation import tables

REASONS: dict[str, list[str]] = {
    "tutankhamun": [
        "seat 0 reached the goal",
        "seat 1 paid the last coin",
        "every pawn is past the end",
        "the path is empty",
    ],
    "tutankhamuns-revenge": [
        "every card has been dug",
        "only the card covering the death mask is left",
        "only one player is left",
        "every player passed in a row",
    ],
    "valley-of-the-kings": [
        "the pharaoh pyramid is finished",
        "every pyramid is finished",
        f"the round limit ({MAX_ROUNDS}) is reached",
    ],
    "curse-of-the-mummy": [
        "seat 2 played the last task card",
        "the mummy collected 1 ankhs",
        "the mummy collected 5 ankhs",
        f"the round limit ({MUMMY_ROUNDS}) is reached",
    ],
}
"""Every end each engine writes, as its state words it (a seat number and a count stand
for any)."""


def shape(reason: str) -> str:
    """A reason with its seat number and counts made general, to compare with the list."""
    return re.sub(r"\d+", "N", reason)


def test_every_game_has_its_ends_listed() -> None:
    assert set(REASONS) == set(registered_games())


@pytest.mark.parametrize("game_id", sorted(REASONS))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_outcome_reason_has_words_in_every_language(game_id: str, lang: str) -> None:
    game = load(game_id, 3)
    names = ["Ann", "Bo", "Cy"]
    text = presentation_for(game, lang, names, strict=True)
    english = presentation_for(game, SOURCE_LANGUAGE, names)
    for reason in REASONS[game_id]:
        worded = text.outcome_reason(reason)
        assert worded and "seat " not in worded, (lang, reason, worded)
        if lang != SOURCE_LANGUAGE:
            assert worded != english.outcome_reason(reason), (lang, reason)
        if reason.startswith("seat "):
            assert names[int(reason.split()[1])] in worded, (lang, reason, worded)


def test_a_reason_is_worded_with_the_games_own_terms() -> None:
    mummy = load("curse-of-the-mummy", 3)
    german = presentation_for(mummy, "de", ["Ann", "Bo", "Cy"])
    assert german.outcome_reason("seat 1 played the last task card") == (
        "Bo hat die letzte Auftragskarte ausgelegt"
    )
    assert german.outcome_reason("the mummy collected 1 ankhs") == (
        "die Mumie hat 1 Lebenspunkt gesammelt"
    )
    revenge = presentation_for(load("tutankhamuns-revenge", 3), "sv")
    assert revenge.outcome_reason("every card has been dug") != "every card has been dug"


def random_end(game: Game, seed: int) -> State:
    """A game played to its end by uniformly random moves."""
    rng = random.Random(seed)
    state = game.new_state()
    while state.to_act():
        seat = state.to_act()[0]
        action = (
            state.sample_chance(rng) if seat == CHANCE else rng.choice(state.legal_actions(seat))
        )
        state.apply(seat, action)
    return state


@pytest.mark.parametrize("game_id", sorted(REASONS))
def test_the_ends_of_random_games_are_listed_and_worded(game_id: str) -> None:
    listed = {shape(reason) for reason in REASONS[game_id]}
    for game in tables(game_id)[:4]:
        texts = [presentation_for(game, lang, strict=True) for lang in LANGUAGES]
        for seed in range(2):
            reason = random_end(game, seed).outcome().reason
            assert shape(reason) in listed, reason
            assert all(text.outcome_reason(reason) for text in texts)


def test_a_replays_outcome_gives_the_reason_in_the_replays_language() -> None:
    game = load("tutankhamuns-revenge", 2)
    rng = random.Random(3)
    match = Match(game, seed=3)
    while not match.is_over():
        seat = match.to_act()[0]
        match.submit(seat, rng.choice(match.legal_actions(seat)))
    replay = replay_record(match.record, "de")
    assert replay.outcome is not None
    reason = match.outcome().reason
    german = presentation_for(game, "de").outcome_reason(reason)
    assert replay.outcome["reason"] == german != reason


def test_a_forfeit_is_worded_in_the_connections_language() -> None:
    names = ["Ann", "Bo", "Cy"]
    forfeit = Forfeit.of([0, 2], names)
    game = load("tutankhamun", 3)
    assert forfeit.outcome(3)["reason"] == "Ann and Cy ran out of time"  # as stored
    english = forfeit.outcome(3, presentation_for(game, "en", names))
    assert english["reason"] == "Ann and Cy ran out of time"
    for lang in LANGUAGES:
        worded = forfeit.outcome(3, presentation_for(game, lang, names, strict=True))["reason"]
        assert "Ann" in worded and "Cy" in worded and "Bo" not in worded
    assert forfeit.outcome(3, presentation_for(game, "de", names))["reason"] == (
        "Zeit abgelaufen: Ann und Cy"
    )
