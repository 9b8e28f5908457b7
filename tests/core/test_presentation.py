"""Every action and every event of every game has its text in all four languages.

Random playouts of every game, player count and option set, and every branch of a few
positions from the rules tests where rare actions are legal, label every legal action from
the acting seat's view and render every event for every seat allowed to see it (and for a
spectator), with strict translators: a missing or untranslated text fails the test. Every
action class and every event kind the engine can emit must have been rendered.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import random
import re
from collections import Counter
from pathlib import Path

import pytest

from saqqara.core.actions import Action
from saqqara.core.game import CHANCE, Game, State
from saqqara.core.i18n import LANGUAGES
from saqqara.core.presentation import Presentation, presentation_for
from saqqara.core.records import replay
from saqqara.core.registry import load, registered_games
from saqqara.testing.positions import load_positions
from tests.games.curse_of_the_mummy import helpers as mummy_helpers
from tests.games.valley_of_the_kings import helpers as valley
from tests.games.valley_of_the_kings import test_steal_takeover as valley_steal

A_VOWEL = re.compile(r"\ba [AEIOU]")
"""English's "a" before a name that starts with a vowel ("a Earth +0", a trial saw)."""

GAMES = sorted(registered_games())
SEEDS_PER_TABLE = 2
RARE = 3
PACKAGES = {
    "tutankhamun": "tutankhamun",
    "curse-of-the-mummy": "curse_of_the_mummy",
    "tutankhamuns-revenge": "tutankhamuns_revenge",
    "valley-of-the-kings": "valley_of_the_kings",
}


def emitted_kinds(game_id: str) -> set[str]:
    """The event kinds a game's state module can emit, read from its ``self.emit`` calls."""
    module = importlib.import_module(f"saqqara.games.{PACKAGES[game_id]}.state")
    tree = ast.parse(Path(inspect.getsourcefile(module) or "").read_text("utf-8"))
    kinds = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "emit"
            and node.args
            and isinstance(node.args[0], ast.Constant)
        ):
            kinds.add(str(node.args[0].value))
    return kinds


def action_types(game_id: str) -> set[str]:
    """The action classes a game's actions module defines."""
    module = importlib.import_module(f"saqqara.games.{PACKAGES[game_id]}.actions")
    return {
        name
        for name, value in vars(module).items()
        if inspect.isclass(value)
        and issubclass(value, Action)
        and value is not Action
        and value.__module__ == module.__name__
    }


def tables(game_id: str) -> list[Game]:
    spec = registered_games()[game_id].spec
    return [load(game_id, n, options) for options in spec.option_sets() for n in spec.player_counts]


def render_step(
    state: State, seat: int, action: Action, texts: dict[str, Presentation]
) -> set[str]:
    """Label every legal action of the acting seat, apply ``action`` and render its events
    for every seat that may see them (and a spectator); the event kinds seen."""
    if seat == CHANCE:
        view = state.view(None)
        legal = [a for a, _ in state.chance_outcomes()]
    else:
        view = state.view(seat)
        legal = state.legal_actions(seat)
    for text in texts.values():
        for candidate in legal:
            assert text.action_label(view, candidate)
    kinds = set()
    for event in state.apply(seat, action):
        kinds.add(event.kind)
        for viewer in [None, *range(state.game.players)]:
            if event.visible_to(viewer):
                for lang, text in texts.items():
                    sentence = text.event_sentence(event.to_json())
                    assert sentence and not sentence[0].islower(), sentence  # a capital
                    assert lang != "en" or not A_VOWEL.search(sentence), sentence
    return kinds


def play_and_render(
    state: State, seed: int, texts: dict[str, Presentation], applied: Counter[str]
) -> set[str]:
    """Play a game on from ``state``, rendering everything; the event kinds seen.

    Where an action type applied fewer than ``RARE`` times so far (``applied`` counts over
    the whole test) is legal, half of the time one of those is chosen, so that rare actions
    (a declined steal, a takeover) happen too.
    """
    rng = random.Random(seed)
    kinds: set[str] = set()
    while state.to_act():
        seat = state.to_act()[0]
        if seat == CHANCE:
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions(seat)
            untried = [a for a in legal if applied[type(a).__name__] < RARE]
            action = rng.choice(untried if untried and rng.random() < 0.5 else legal)
        applied[type(action).__name__] += 1
        kinds |= render_step(state, seat, action, texts)
    return kinds


def every_branch(state: State, texts: dict[str, Presentation], applied: Counter[str]) -> set[str]:
    """Each legal action of the acting seat applied to its own copy of ``state``, rendered."""
    seat = state.to_act()[0]
    kinds: set[str] = set()
    for action in state.legal_actions(seat):
        applied[type(action).__name__] += 1
        kinds |= render_step(state.clone(), seat, action, texts)
    return kinds


def scenarios(game_id: str) -> list[State]:
    """Positions of the rules tests where rare actions are legal (a boxed-in explorer, a
    gold nugget, a theft, a takeover, the last stone of the last pyramid)."""
    if game_id == "curse-of-the-mummy":
        mummy = mummy_helpers.dealt(3)
        mummy_helpers.put(mummy, 0, "d3")
        mummy_helpers.put_mummy(mummy, "e3")
        mummy.out = 2
        return [mummy]
    if game_id == "tutankhamun":
        positions = load_positions(Path(__file__).parents[1] / "regressions")
        return [replay(p.record).state for p in positions if p.record.game == game_id]
    if game_id == "valley-of-the-kings":
        takeover = valley_steal.takeover_position(workers=2)
        valley.play(takeover, valley_steal.BLACK, "done")  # no theft, then the takeover
        return [valley_steal.example(), takeover, last_stone()]
    return []


def last_stone() -> State:
    """Valley of the Kings: one stone finishes the last unfinished pyramid in play."""
    state = valley.new(2)
    in_play = [i for i, owner in enumerate(state.owner) if owner != -2]
    for i in in_play:
        valley.give_site(state, i + 1, i % 2, ["red"] * state.b.sites[i].shape.stones)
    last = in_play[-1]
    valley.give_site(state, last + 1, 1, ["red"] * 13)
    valley.place(state, 1, "worker", 1, f"{last + 1}-A")
    valley.hold(state, 1, grey=1)
    valley.enter_workers(state, 2, start=0)
    valley.play(state, 0, "done")
    valley.play(state, 1, "done")
    return state


@pytest.mark.parametrize("game_id", GAMES)
def test_every_action_and_event_has_a_text_in_every_language(game_id: str) -> None:
    applied: Counter[str] = Counter()
    seen_kinds: set[str] = set()
    for game in tables(game_id):
        texts = {lang: presentation_for(game, lang, strict=True) for lang in LANGUAGES}
        for seed in range(SEEDS_PER_TABLE):
            seen_kinds |= play_and_render(game.new_state(), seed, texts, applied)
    for state in scenarios(game_id):
        texts = {lang: presentation_for(state.game, lang, strict=True) for lang in LANGUAGES}
        seen_kinds |= every_branch(state, texts, applied)
    assert set(applied) == action_types(game_id)
    assert seen_kinds == emitted_kinds(game_id)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_legend_rules_score_and_phases_exist_in_every_language(game_id: str, lang: str) -> None:
    for game in tables(game_id):
        text = presentation_for(game, lang, strict=True)
        assert all(symbol and meaning for symbol, meaning in text.legend())
        assert len(text.rules_summary()) >= 3
        assert text.score_name()
        state = game.new_state()
        assert text.phase_name(state.view(None)["phase"])


def test_a_label_is_built_from_the_action_and_the_seats_view() -> None:
    game = load("tutankhamun", 2, {"edition": "amigo-1993"})
    state = game.new_state()
    rng = random.Random(3)
    while state.is_chance():
        state.apply(CHANCE, state.sample_chance(rng))
    view = state.view(0)
    slot = next(i for i, slug in enumerate(view["path"]) if slug == "throne")
    take = game.parse_action(f"take {slot}")
    german = presentation_for(game, "de", names=["Ada", "Bo"])
    assert german.action_label(view, take) == f"Auf {slot} ziehen und Thronsessel 8 nehmen"


def test_a_sealed_bid_reads_the_same_to_the_others_whatever_its_value() -> None:
    game = load("valley-of-the-kings", 2)
    text = presentation_for(game, "en", names=["Ada", "Bo"])
    seen: dict[int | None, set[tuple[str, ...]]] = {None: set(), 0: set(), 1: set()}
    for value in ("1", "5"):
        state = valley.opening(2, start=0)
        valley.deal(state, [["red"] * 5] * state.ngroups)
        events = state.apply(0, game.parse_action(f"bid 2 {value}"))
        for viewer, sentences in seen.items():
            sentences.add(tuple(text.sentences_for(events, viewer)))
    assert seen[None] == seen[1] == {("Ada lays a bid tile face down at group 2.",)}
    assert len(seen[0]) == 2  # the bidder is told the value of their own tile
