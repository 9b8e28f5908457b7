"""The probes (``probe:first`` ...): listed for every game, legal, deterministic where they
should be, and beaten by the levels where issue 31 found a hole (Tutankhamun)."""

from __future__ import annotations

import random

import pytest

from saqqara.ai.arena import run_arena
from saqqara.ai.probes import PANEL
from saqqara.ai.registry import available_bots, make_bot
from saqqara.core.errors import OptionError
from saqqara.core.game import Game
from saqqara.core.perspective import Perspective
from saqqara.core.registry import load, registered_games

TABLES: list[tuple[str, int, dict[str, str]]] = [
    ("tutankhamun", 2, {"edition": "amigo-1993"}),
    ("tutankhamun", 3, {"edition": "ootb-2004"}),
    ("valley-of-the-kings", 2, {}),
    ("tutankhamuns-revenge", 2, {}),
    ("curse-of-the-mummy", 3, {}),
]


def test_every_game_lists_the_whole_panel_by_its_full_names() -> None:
    for game_id in registered_games():
        names = available_bots(game_id)
        assert [n for n in names if n.startswith("probe")] == sorted(f"probe:{p}" for p in PANEL)


def test_a_probe_needs_a_name_from_the_panel() -> None:
    game = load("tutankhamun", 2)
    with pytest.raises(OptionError, match="probe:first"):
        make_bot("probe", game)
    with pytest.raises(OptionError, match="probe:plan"):
        make_bot("probe:oracle", game)


def _play(game: Game, names: list[str], seed: int) -> list[str]:
    """One game of ``names`` on the bare state, checking every choice is legal; the moves."""
    agents = [make_bot(name, game) for name in names]
    rng = random.Random(seed)
    state = game.new_state()
    played: list[str] = []
    for _ in range(20_000):
        if state.is_terminal():
            return played
        (seat,) = state.to_act()[:1]
        if state.is_chance():
            state.apply(seat, state.sample_chance(rng))
            continue
        action = agents[seat].choose(Perspective(state, seat), random.Random(rng.random()))
        assert action in state.legal_actions(seat), (names[seat], action)
        played.append(game.action_text(action))
        state.apply(seat, action)
    raise AssertionError(f"{names} did not finish")


@pytest.mark.parametrize(("game_id", "players", "options"), TABLES)
def test_every_probe_plays_legal_moves_to_the_end(
    game_id: str, players: int, options: dict[str, str]
) -> None:
    game = load(game_id, players, options)
    for probe in PANEL:
        names = [f"probe:{probe}", *["random"] * (players - 1)]
        _play(game, names, seed=7)
        _play(game, names[::-1], seed=8)


@pytest.mark.parametrize("edition", ["amigo-1993", "ootb-2004"])
def test_first_last_and_the_slow_pawn_ignore_their_generator(edition: str) -> None:
    game = load("tutankhamun", 2, {"edition": edition})
    first, last, plan = (make_bot(f"probe:{p}", game) for p in ("first", "last", "plan"))
    rng = random.Random(1)
    state = game.new_state()
    while not state.is_terminal():
        (seat,) = state.to_act()
        if state.is_chance():
            state.apply(seat, state.sample_chance(rng))
            continue
        view = Perspective(state, seat)
        legal = state.legal_actions(seat)
        for bot in (first, last, plan):
            assert bot.choose(view, random.Random(1)) == bot.choose(view, random.Random(2))
        assert first.choose(view, rng) == legal[0]
        assert last.choose(view, rng) == legal[-1]
        state.apply(seat, plan.choose(view, rng))


def test_the_slow_pawn_is_the_first_legal_move_in_tutankhamun() -> None:
    """The outside trial's "first legal action" is the slow pawn: the nearest tile."""
    game = load("tutankhamun", 2)
    one = _play(game, ["probe:first", "probe:first"], seed=3)
    two = _play(game, ["probe:plan", "probe:plan"], seed=3)
    assert one[:10] == two[:10] == [f"take {k}" for k in range(10)]


@pytest.mark.parametrize("edition", ["amigo-1993", "ootb-2004"])
def test_medium_beats_the_slow_pawn(edition: str) -> None:
    """Issue 31: the slow pawn had beaten ``medium`` in 20 games of 20."""
    result = run_arena(
        "tutankhamun", 2, {"edition": edition}, ["medium", "probe:first"], 12, 0, workers=1
    )
    scores = {s.name: s.mean for s in result.scores()}
    assert scores["medium"] >= 0.75, scores


@pytest.mark.parametrize("edition", ["amigo-1993", "ootb-2004"])
def test_the_search_beats_the_slow_pawn(edition: str) -> None:
    """``hard``'s search, at a small budget so that the test is quick, against the slow
    pawn that had beaten ``hard`` in 6 games of 10."""
    result = run_arena(
        "tutankhamun", 2, {"edition": edition}, ["expert:24", "probe:first"], 4, 0, workers=1
    )
    scores = {s.name: s.mean for s in result.scores()}
    assert scores["expert:24"] == 1.0, scores
