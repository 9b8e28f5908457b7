"""Our IS-MCTS: budgets in iterations or think time, and cancelling a search."""

from __future__ import annotations

import math
import random
import threading
import time

import pytest

from saqqara.ai import ismcts
from saqqara.ai.ismcts import Budget, ISMCTSBot
from saqqara.ai.registry import make_bot
from saqqara.core.actions import Action
from saqqara.core.errors import OptionError
from saqqara.core.perspective import Perspective
from saqqara.core.registry import load


@pytest.mark.parametrize(
    ("text", "iterations", "seconds"),
    [("", 400, None), ("2000", 2000, None), ("1s", None, 1.0), ("500ms", None, 0.5)],
)
def test_search_budgets_are_iterations_or_think_time(
    text: str, iterations: int | None, seconds: float | None
) -> None:
    budget = Budget.parse(text)
    assert (budget.iterations, budget.seconds) == (iterations, seconds)
    name = make_bot(f"ismcts:{text}" if text else "ismcts", load("tutankhamun", 2)).name
    assert name == (f"ismcts:{text}" if text else "ismcts")


@pytest.mark.parametrize("text", ["0", "0s", "-1s", "fast", "1.5", "nans"])
def test_bad_search_budgets_are_refused(text: str) -> None:
    with pytest.raises(OptionError):
        Budget.parse(text)


def _first_choice(game_id: str, players: int = 2) -> Perspective:
    game = load(game_id, players)
    rng = random.Random(3)
    state = game.new_state()
    while state.is_chance() or len(state.legal_actions(state.to_act()[0])) < 2:
        seat = state.to_act()[0]
        legal = [a for a, _ in state.chance_outcomes()] if seat < 0 else state.legal_actions(seat)
        state.apply(seat, rng.choice(legal))
    return Perspective(state, state.to_act()[0])


def test_a_timed_search_stops_near_its_time() -> None:
    perspective = _first_choice("tutankhamun")
    bot = make_bot("ismcts:100ms", perspective.game)
    assert isinstance(bot, ISMCTSBot)
    start = time.perf_counter()
    action = bot.choose(perspective, random.Random(1))
    elapsed = time.perf_counter() - start
    assert action in perspective.legal_actions()
    assert 0.1 <= elapsed < 1.0
    assert bot.iterations_done > 1


def test_a_search_can_be_cancelled_from_another_thread() -> None:
    perspective = _first_choice("tutankhamun")
    bot = ISMCTSBot.with_budget(perspective.game, Budget.parse("60s"))
    chosen: list[Action] = []
    worker = threading.Thread(
        target=lambda: chosen.append(bot.choose(perspective, random.Random(1)))
    )
    start = time.perf_counter()
    worker.start()
    time.sleep(0.2)
    bot.cancel()
    worker.join(10)
    assert not worker.is_alive()
    assert time.perf_counter() - start < 5
    assert chosen and chosen[0] in perspective.legal_actions()
    assert not bot.stop.is_set()  # the next move thinks again


def _root_statistics(perspective: Perspective, bot: ISMCTSBot) -> list[tuple[int, int, float]]:
    root = bot.search(perspective, random.Random(5))
    return sorted((aid, c.visits, c.reward) for aid, c in root.children.items())


@pytest.mark.parametrize("budget", ["300", "50ms"])
def test_a_short_logarithm_table_grows_and_changes_no_choice(
    monkeypatch: pytest.MonkeyPatch, budget: str
) -> None:
    """UCB1 reads logarithms from a table; a search that outgrows it lengthens it first
    (checked with a table cut to a few entries: the same statistics come out)."""
    perspective = _first_choice("tutankhamuns-revenge")
    bot = ISMCTSBot.with_budget(perspective.game, Budget.parse("300"))
    expected = _root_statistics(perspective, bot)
    short = ismcts._LOGS[:3]
    monkeypatch.setattr(ismcts, "_LOGS", short)
    assert _root_statistics(perspective, bot) == expected
    assert len(short) > 300 and short == [0.0, *(math.log(n) for n in range(1, len(short)))]
    if budget.endswith("ms"):
        monkeypatch.setattr(ismcts, "_LOGS", ismcts._LOGS[:3])
        timed = ISMCTSBot.with_budget(perspective.game, Budget.parse(budget))
        assert timed.choose(perspective, random.Random(1)) in perspective.legal_actions()
        assert len(ismcts._LOGS) > timed.iterations_done


@pytest.mark.parametrize("game_id", ["tutankhamun", "valley-of-the-kings"])
def test_the_last_expansion_s_list_is_kept_as_the_tree_stands(game_id: str) -> None:
    """Every node keeps, for the legal list of its last expansion where that was a wide one
    (``WIDE``: these games' lists are), its children, its untried actions and its tried
    children as a fresh look-up in the tree finds them, and every child's availability
    covers its visits (the search reuses them while worlds offer that list again)."""
    perspective = _first_choice(game_id, players=3)
    bot = ISMCTSBot(perspective.game, 600)
    root = bot.search(perspective, random.Random(9))
    key = bot.action_ids
    stack = [root]
    kept = 0
    while stack:
        node = stack.pop()
        stack.extend(node.children.values())
        for child in node.children.values():
            assert child.availability >= child.visits >= 1
        if node.growing is None:
            continue
        kept += 1
        kids = [node.children.get(key(a)) for a in node.growing]
        assert node.growing_kids == kids
        assert node.untried == [i for i, kid in enumerate(kids) if kid is None]
        assert sorted(map(id, node.tried)) == sorted(id(kid) for kid in kids if kid is not None)
    assert kept > 10


def test_wide_expansions_under_other_lists_keep_every_child_once() -> None:
    """Worlds that offer a node different wide lists (overlapping) expand each action once:
    the kept list's children and untried actions follow expansions under the others."""
    from saqqara.games.tutankhamun import actions as tut

    bot = ISMCTSBot(load("tutankhamun", 3))
    node = ismcts.Node(0)
    rng = random.Random(4)
    lists: list[list[Action]] = [list(tut.TAKE[a : a + 20]) for a in (0, 10, 5)]
    expanded = 0
    for _ in range(60):
        legal = rng.choice(lists)
        if bot._expand_wide(node, 0, legal, rng) >= 0:
            expanded += 1
        assert len(node.children) == expanded
        if node.growing is not None:
            kids = [node.children.get(bot.action_ids(a)) for a in node.growing]
            assert node.growing_kids == kids
            assert node.untried == [i for i, kid in enumerate(kids) if kid is None]
    assert expanded == 30  # every action once, then only fully tried lists


def _tree(root: ismcts.Node) -> list[tuple[tuple[int, ...], int, int, int, float]]:
    """Every node of a search tree: its action path, seat, visits, availability, reward."""
    nodes = []
    stack: list[tuple[tuple[int, ...], ismcts.Node]] = [((), root)]
    while stack:
        path, node = stack.pop()
        nodes.append((path, node.seat, node.visits, node.availability, node.reward))
        stack.extend(((*path, aid), child) for aid, child in sorted(node.children.items()))
    return nodes


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("plies", [0, 9, 30])
def test_a_game_that_hides_nothing_reuses_each_node_s_legal_list(players: int, plies: int) -> None:
    """In Tutankhamun every world is the position itself, so a node's legal list, once
    known, is reused rather than built again, and the root's prior values each move in one
    world rather than four alike; the tree grows exactly as when every list is built afresh
    and every world valued (``open`` off), scoring phases included (the plies reach some)."""
    perspective = _first_choice("tutankhamun", players)
    state = perspective.resample(random.Random(0))
    rng = random.Random(plies)
    for _ in range(plies):
        if not state.to_act():
            break
        seat = state.to_act()[0]
        state.apply_unchecked(seat, rng.choice(state.legal_actions(seat)[:3]))  # short steps
    if not state.to_act():
        pytest.skip("the random game ended first")
    position = Perspective(state, state.to_act()[0])
    reused = ISMCTSBot(position.game, 500)
    rebuilt = ISMCTSBot(position.game, 500)
    rebuilt.open = False
    assert reused.open
    assert _tree(reused.search(position, random.Random(2))) == _tree(
        rebuilt.search(position, random.Random(2))
    )
