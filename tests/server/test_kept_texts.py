"""The labels and sentences the server keeps across tables are those a presentation words
afresh: labels kept by action, language and the label's context
(:meth:`Presentation.label_context`), sentences by event and language where they name no
seat; at every step of random games of every game, option set and player count, in every
language, for seats named differently from table to table."""

from __future__ import annotations

import random

import pytest

from saqqara.core.game import CHANCE
from saqqara.core.i18n import LANGUAGES
from saqqara.core.match import Step
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
    for _ in range(2):
        state = game.new_state()
        while acting := state.to_act():
            if acting[0] == CHANCE:
                state.apply_unchecked(CHANCE, state.sample_chance(rng))
                continue
            for seat in acting:
                view = state.view(seat)
                words = texts(game, rng.choice(LANGUAGES), rng.sample(NAMES, players))
                listed = updates.legal_actions(game, state, seat, view, words)
                actions = state.legal_actions(seat)
                assert [item.id for item in listed] == [game.action_id(a) for a in actions]
                assert [item.label for item in listed] == [
                    words.action_label(view, a) for a in actions
                ]
                assert [item.notation for item in listed] == [game.action_text(a) for a in actions]
                checked += len(actions)
            seat = acting[0]
            state.apply_unchecked(seat, rng.choice(state.legal_actions(seat)))
    assert checked > 0
    for kept in updates._labelled.values():
        assert len(kept) <= 4 * game.num_distinct_actions + 1025


@pytest.mark.parametrize(
    ("game_id", "players", "options"),
    CONFIGS,
    ids=["-".join([g, f"{p}p", *o.values()]) for g, p, o in CONFIGS],
)
def test_kept_sentences_are_the_fresh_sentences(
    game_id: str, players: int, options: dict[str, str]
) -> None:
    game = load(game_id, players, options)
    rng = random.Random(f"sentences-{game_id}-{players}-{sorted(options.items())}")
    worded = 0
    for _ in range(2):
        state = game.new_state()
        seq = 0
        while acting := state.to_act():
            seat = acting[0]
            action = (
                state.sample_chance(rng)
                if seat == CHANCE
                else rng.choice(state.legal_actions(seat))
            )
            events = state.apply(seat, action)
            seq += 1
            step = Step(seq, seat, action, tuple(events), game.action_text(action))
            for viewer in [None, *range(players)]:
                words = texts(game, rng.choice(LANGUAGES), rng.sample(NAMES, players))
                told = updates.Shared().event_texts(step, viewer, words)
                seen = [e for e in events if e.visible_to(viewer)]
                assert [t.text for t in told] == [words.event_sentence(e.to_json()) for e in seen]
                worded += len(told)
    assert worded > 0
    for kept in updates._sentences.values():
        assert len(kept) <= updates.SENTENCES_KEPT


def test_a_sentence_that_names_a_seat_is_worded_for_each_table() -> None:
    game = load("tutankhamun", 2, {"edition": "amigo-1993"})
    rng = random.Random(4)
    state = game.new_state()
    while acting := state.to_act():
        seat = acting[0]
        action = (
            state.sample_chance(rng) if seat == CHANCE else rng.choice(state.legal_actions(seat))
        )
        events = state.apply(seat, action)
        turns = [e for e in events if e.kind == "turn"]
        if turns:
            step = Step(1, seat, action, tuple(turns), game.action_text(action))
            one = updates.Shared().event_texts(step, 0, texts(game, "en", ["Ann", "Bo"]))
            two = updates.Shared().event_texts(step, 0, texts(game, "en", ["Cy", "Dee"]))
            assert one[0].text != two[0].text
            assert {"Ann", "Bo"} & set(one[0].text.replace("'", " ").split())
            return
    pytest.fail("no turn event in a game")


def test_a_label_that_names_a_seat_is_worded_for_each_table() -> None:
    game = load("tutankhamun", 2, {"edition": "amigo-1993"})
    rng = random.Random(3)
    for _ in range(200):
        state = game.new_state()
        while acting := state.to_act():
            seat = acting[0]
            if seat == CHANCE:
                state.apply_unchecked(CHANCE, state.sample_chance(rng))
                continue
            steals = [a for a in state.legal_actions(seat) if type(a).__name__ == "Steal"]
            if steals:
                view = state.view(seat)
                first = updates.legal_actions(
                    game, state, seat, view, texts(game, "en", ["Ann", "Bo"])
                )
                second = updates.legal_actions(
                    game, state, seat, view, texts(game, "en", ["Cy", "Dee"])
                )
                steal_id = game.action_id(steals[0])
                [label_one] = [item.label for item in first if item.id == steal_id]
                [label_two] = [item.label for item in second if item.id == steal_id]
                assert ("Bo" in label_one or "Ann" in label_one) and label_one != label_two
                return
            state.apply_unchecked(seat, rng.choice(state.legal_actions(seat)))
    pytest.fail("no steal met in 200 random games")
