"""The labels the server keeps across tables (by action, language and the label's context,
:meth:`Presentation.label_context`) are the labels a presentation words afresh: at every
decision of random games of every game, option set and player count, in every language,
for seats named differently from table to table."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from saqqara.core.game import CHANCE, Game, State
from saqqara.core.i18n import LANGUAGES
from saqqara.core.registry import load, registered_games
from saqqara.server import updates
from saqqara.server.wording import texts

NAMES = ("Ann", "Bo", "Cy", "Dee", "Eve", "Fay")

CONFIGS = [
    (game_id, players, options)
    for game_id, cls in registered_games().items()
    for options in cls.spec.option_sets()
    for players in cls.spec.player_counts
]


def _decisions(game: Game, rng: random.Random, games: int) -> Iterator[State]:
    """The positions of ``games`` random games where seats decide (chance drawn between);
    the first seat to act plays a random move once the caller is done with each."""
    for _ in range(games):
        state = game.new_state()
        while acting := state.to_act():
            if acting[0] == CHANCE:
                state.apply_unchecked(CHANCE, state.sample_chance(rng))
                continue
            yield state
            state.apply_unchecked(acting[0], rng.choice(state.legal_actions(acting[0])))


@pytest.mark.parametrize(
    ("game_id", "players", "options"),
    CONFIGS,
    ids=["-".join([g, f"{p}p", *o.values()]) for g, p, o in CONFIGS],
)
def test_kept_labels_are_the_fresh_labels(
    game_id: str, players: int, options: dict[str, str]
) -> None:
    game = load(game_id, players, options)
    rng = random.Random(f"{game_id}-{players}-{sorted(options.items())}")
    checked = 0
    for state in _decisions(game, rng, 2):
        for seat in state.to_act():
            view = state.view(seat)
            words = texts(game, rng.choice(LANGUAGES), rng.sample(NAMES, players))
            listed = updates.legal_actions(game, state, seat, view, words)
            actions = state.legal_actions(seat)
            assert [item.id for item in listed] == [game.action_id(a) for a in actions]
            assert [item.label for item in listed] == [words.action_label(view, a) for a in actions]
            assert [item.notation for item in listed] == [game.action_text(a) for a in actions]
            checked += len(actions)
    assert checked > 0
    for kept in updates._labelled.values():
        assert len(kept) <= 4 * game.num_distinct_actions + 1025


def test_a_label_that_names_a_seat_is_worded_for_each_table() -> None:
    game = load("tutankhamun", 2, {"edition": "amigo-1993"})
    rng = random.Random(3)
    for state in _decisions(game, rng, 200):
        seat = state.to_act()[0]
        steals = [a for a in state.legal_actions(seat) if type(a).__name__ == "Steal"]
        if steals:
            view = state.view(seat)
            first = updates.legal_actions(game, state, seat, view, texts(game, "en", ["Ann", "Bo"]))
            second = updates.legal_actions(
                game, state, seat, view, texts(game, "en", ["Cy", "Dee"])
            )
            steal_id = game.action_id(steals[0])
            [label_one] = [item.label for item in first if item.id == steal_id]
            [label_two] = [item.label for item in second if item.id == steal_id]
            assert ("Bo" in label_one or "Ann" in label_one) and label_one != label_two
            return
    pytest.fail("no steal met in 200 random games")


def test_valley_order_labels_kept_in_parts_are_the_fresh_labels() -> None:
    from saqqara.games.valley_of_the_kings import presentation

    game = load("valley-of-the-kings", 3)
    rng = random.Random(9)
    compared = 0
    for state in _decisions(game, rng, 3):
        seat = state.to_act()[0]
        orders = [
            a for a in state.legal_actions(seat) if type(a).__name__ in ("Overseer", "Worker")
        ]
        if orders:
            words = texts(game, rng.choice(LANGUAGES))
            for viewer in (seat, None):
                view = state.view(viewer)
                kept = [words.action_label(view, a) for a in orders]
                warm = dict(presentation._ORDER_TEXTS)  # kept since the game began
                fresh = []
                for action in orders:
                    presentation._ORDER_TEXTS.clear()
                    fresh.append(words.action_label(view, action))
                presentation._ORDER_TEXTS.clear()
                presentation._ORDER_TEXTS.update(warm)
                assert kept == fresh
                compared += len(orders)
    assert compared > 1000
