"""The tutorials' lessons replayed through the engines, and a tutorial table made over HTTP.

Every game has lessons, and together they cover every kind of decision its engine offers a
player (``server/decisions.py``, whose hand lists of chance verbs and sides are checked here
against seeded playouts); every scripted step is legal at its point (the learner's and the
scripted opponents'), the learner meets every kind of decision the script claims to cover
and the game reaches the point it claims (``server/tutorials.py``). The server makes a
tutorial's table with the script's seed: its seats, played as the script says over real
WebSockets, follow the script to its end. A tutorial's table is marked as one: it is left
out of every list and removed from the store once over, or some hours after it was made
unless someone is still at it.
"""

from __future__ import annotations

import asyncio
import copy
import json
import random
import time
from collections.abc import Iterator

import httpx
import pytest
from argon2 import PasswordHasher
from sqlalchemy import create_engine, inspect

from saqqara.client import SeatLink, TableClient
from saqqara.core.registry import registered_games
from saqqara.server.bots import BotPool
from saqqara.server.decisions import (
    CHANCE_VERBS,
    SIDE_VERBS,
    configurations,
    decision_kinds,
    readable_verbs,
    verb,
)
from saqqara.server.live import Listener
from saqqara.server.messages import CreateTable, SeatRequest
from saqqara.server.service import TableService
from saqqara.server.tutorials import (
    SCRIPTS,
    Tutorial,
    TutorialError,
    parse_tutorial,
    replay_script,
    tutorials,
)
from saqqara.store import OPEN, PLAYING, Store
from saqqara.store.accounts import Accounts
from saqqara.store.store import normalize_url
from tests.server.harness import ServerProcess
from tests.server.test_accounts_store import _alembic

LESSONS: list[Tutorial] = [lesson for lessons in tutorials().values() for lesson in lessons]
LESSON_IDS = [f"{t.game}.{t.lesson}" for t in LESSONS]


def test_every_game_has_a_tutorial() -> None:
    assert sorted(tutorials()) == sorted(registered_games())


@pytest.mark.parametrize("tutorial", LESSONS, ids=LESSON_IDS)
def test_the_script_replays_through_the_engine(tutorial: Tutorial) -> None:
    match = replay_script(tutorial)
    assert not match.is_over() or tutorial.reaches == "over"
    taught = [step for step in tutorial.steps if step.text is not None]
    assert taught and all(step.seat == tutorial.learner for step in taught)
    assert 3 <= len(taught) <= 20, "a lesson a newcomer follows to its end"
    assert len({step.text for step in taught}) == len(taught), "one text a step"
    assert tutorial.title == f"{tutorial.game}.{tutorial.lesson}.title"


@pytest.mark.parametrize("game", sorted(tutorials()))
def test_the_lessons_cover_every_kind_of_decision(game: str) -> None:
    """A new kind of action in an engine that no lesson teaches fails here."""
    taught = set().union(*(t.kinds for t in tutorials()[game]))
    assert taught == decision_kinds(game)


@pytest.mark.parametrize("game", sorted(registered_games()))
def test_the_chance_verbs_and_sides_hold_against_the_engine(game: str) -> None:
    """No seat is offered a chance verb, each side only its own verbs, and every chance
    outcome met is a chance verb or a decision's (Revenge lays a random layout's cards)."""
    decisions = {v for _, v in decision_kinds(game)}
    for configured in configurations(game):
        assert CHANCE_VERBS[game] <= readable_verbs(configured), "a chance verb gone stale"
        sides = configured.seat_roles()
        for number in range(3):
            rng, state = random.Random(number), configured.new_state()
            while not state.is_terminal():
                if state.is_chance():
                    for outcome, _ in state.chance_outcomes():
                        assert verb(configured, outcome) in CHANCE_VERBS[game] | decisions
                    state.play_chance(rng)
                    continue
                seat = state.to_act()[0]
                legal = state.legal_actions(seat)
                for offered in {verb(configured, action) for action in legal}:
                    assert offered not in CHANCE_VERBS[game], (game, offered)
                    if sides is not None:
                        assert offered in SIDE_VERBS[game][sides[seat]], (game, offered)
                state.apply(seat, rng.choice(legal))


def _raw(name: str) -> dict[str, object]:
    loaded: dict[str, object] = json.loads((SCRIPTS / f"{name}.json").read_text("utf-8"))
    return loaded


def test_a_script_that_does_not_hold_is_refused() -> None:
    """An illegal step, a wrong claim of coverage or of the end, a text on a step not the
    learner's, a step that takes any move without a text: each is named."""
    raw = _raw("tutankhamun.basics")
    illegal = copy.deepcopy(raw)
    illegal["steps"][0]["play"] = "rob 1 throne"  # type: ignore[index]
    with pytest.raises(TutorialError, match="step 0"):
        replay_script(parse_tutorial(illegal))
    unreadable = copy.deepcopy(raw)
    unreadable["steps"][2]["play"] = "take a tile"  # type: ignore[index]
    with pytest.raises(TutorialError, match="step 2"):
        replay_script(parse_tutorial(unreadable))
    other_seed = copy.deepcopy(raw) | {"seed": 1}
    with pytest.raises(TutorialError):
        replay_script(parse_tutorial(other_seed))
    covers = copy.deepcopy(raw) | {"covers": ["take", "rob", "lid", "mask"]}
    with pytest.raises(TutorialError, match="meets"):
        replay_script(parse_tutorial(covers))
    reaches = copy.deepcopy(raw) | {"reaches": "over"}
    with pytest.raises(TutorialError, match="reaches"):
        replay_script(parse_tutorial(reaches))
    early_any = copy.deepcopy(raw)
    early_any["steps"][0] = {"seat": 0, "any": True, "text": "tutankhamun.take"}  # type: ignore[index]
    with pytest.raises(TutorialError, match="only the last"):
        parse_tutorial(early_any)
    spoken_for = copy.deepcopy(raw)
    spoken_for["steps"][1]["text"] = "tutankhamun.take"  # type: ignore[index]
    with pytest.raises(TutorialError, match="only a learner's step"):
        parse_tutorial(spoken_for)
    silent_any = copy.deepcopy(raw)
    silent_any["steps"][-1] = {"seat": 0, "any": True}  # type: ignore[index]
    with pytest.raises(TutorialError, match="any"):
        parse_tutorial(silent_any)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("tutorials") / "tutorials.db"
    with ServerProcess(f"sqlite:///{db}", "--sqlite-sync", "normal") as running:
        yield running


def test_an_unknown_tutorial_is_refused(server: ServerProcess) -> None:
    for path in ("chess", "tutankhamun/chess"):
        answer = httpx.post(f"{server.base}/api/tutorials/{path}")
        assert answer.status_code == 404
        assert answer.json()["error"]["code"] == "unknown-game"


def test_a_game_s_address_makes_its_first_lesson(server: ServerProcess) -> None:
    answer = httpx.post(f"{server.base}/api/tutorials/curse-of-the-mummy")
    assert answer.status_code == 201
    assert answer.json()["script"] == tutorials()["curse-of-the-mummy"][0].to_json()


async def _play(base: str, script: Tutorial) -> str:
    made = httpx.post(f"{base}/api/tutorials/{script.game}/{script.lesson}")
    assert made.status_code == 201, made.text
    answer = made.json()
    game = script.game
    assert answer["script"] == script.to_json() and "seed" not in answer["script"]
    info = httpx.get(f"{base}/api/tables/{answer['table']}").json()
    assert info["public"] is False and info["rated"] is False
    clients = {
        entry["seat"]: TableClient(SeatLink(base, answer["table"], entry["seat"], entry["key"]))
        for entry in answer["seats"]
    }
    try:
        for client in clients.values():
            await client.connect()
        acted_on = -1  # every action moves the table on: the next step needs a newer update
        for step in script.steps:
            client = clients[step.seat]
            while (update := client.update) is None or update.seq <= acted_on or not update.legal:
                await client.receive()
            notation = {legal.notation: legal.id for legal in update.legal}
            assert step.play in notation, (game, step, sorted(notation)[:5])
            acted_on = update.seq
            await client.act(notation[step.play])
        learner = clients[script.learner]
        while learner.update is None or learner.update.seq <= acted_on:
            await learner.receive()
        assert learner.update.view.get("phase") == script.reaches or script.reaches == "over"
    finally:
        for client in clients.values():
            await client.close()
    return str(answer["table"])


def _stored(db_url: str, table_id: str) -> bool:
    store = Store(db_url)
    try:
        return store.table(table_id) is not None
    finally:
        store.close()


@pytest.mark.parametrize("tutorial", LESSONS, ids=LESSON_IDS)
def test_a_tutorial_table_follows_its_script(server: ServerProcess, tutorial: Tutorial) -> None:
    """...and one whose game is over leaves the store once nobody is at it."""
    removed = _removed(server.base)
    table = asyncio.run(_play(server.base, tutorial))
    if tutorial.reaches != "over":
        assert _stored(server.db_url, table)
        return
    deadline = time.monotonic() + 10
    while _stored(server.db_url, table):
        assert time.monotonic() < deadline, f"{tutorial.game}.{tutorial.lesson} is kept"
        time.sleep(0.05)
    assert _removed(server.base) >= removed + 1  # counted for the operator too


def _removed(base: str) -> float:
    """``/metrics``' count of tutorial tables removed."""
    text = httpx.get(base + "/metrics", timeout=10).text
    line = next(
        x for x in text.splitlines() if x.startswith("saqqara_tutorial_tables_removed_total")
    )
    return float(line.split()[-1])


CHEAP = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
PEOPLE = [SeatRequest("person"), SeatRequest("person")]


def test_tutorial_tables_are_in_no_list_and_go_in_time(db_url: str) -> None:
    """Marked with its lesson, a tutorial's table is in no public list and in no one's
    games even where it is public and an account owns a seat; the look for old ones
    removes them with everything of theirs, but not one someone is at, nor a table that
    is no tutorial's."""
    store = Store(db_url)
    account = Accounts(store, CHEAP).create("Ann", "correct horse")

    async def run() -> None:
        service = TableService(store, BotPool(0), tutorial_kept=3600.0)
        try:
            game = CreateTable("tutankhamun", PEOPLE, public=True)
            plain = await service.create(game)
            lesson = await service.create(
                game, None, {0: account.id}, tutorial="tutankhamun/basics"
            )
            watched = await service.create(game, tutorial="tutankhamun/end-of-the-path")
            row = store.table(lesson.table)
            assert row is not None and row.tutorial == "tutankhamun/basics"
            listed = {r.id for r in store.tables_with_status(OPEN, PLAYING, public_only=True)}
            assert plain.table in listed and lesson.table not in listed
            assert Accounts(store, CHEAP).games(account.id, [OPEN, PLAYING]) == []

            assert await service.sweep_tutorials() == 0, "a young tutorial table stays"
            for links in (plain, lesson, watched):
                store.update_table(links.table, created_at=time.time() - 7200)
            at_it = service.live[watched.table]
            at_it.listeners.add(Listener(0, "en", 0, _nowhere))
            assert await service.sweep_tutorials() == 1
            assert store.table(lesson.table) is None and store.seats(lesson.table) == []
            assert store.actions(lesson.table) == [] and lesson.table not in service.live
            assert store.table(plain.table) is not None, "no tutorial's: kept"
            assert store.table(watched.table) is not None, "someone is at it: kept"
            at_it.listeners.clear()
            assert await service.sweep_tutorials() == 1
            assert store.table(watched.table) is None
            assert service.tutorials_removed == 2
            assert store.delete_tutorial_tables([plain.table]) == 0
            assert store.table(plain.table) is not None
        finally:
            await service.close()

    asyncio.run(run())


async def _nowhere(text: str) -> None:
    """A listener's sending: a connection that is there and reads nothing."""


def test_migration_0013_goes_back_and_up_again(db_url: str) -> None:
    """Down to 0012 the tables lose the tutorial mark (and keep their rows); up again
    every table is an ordinary one."""
    Store(db_url).close()
    _alembic(db_url, "0012", down=True)
    engine = create_engine(normalize_url(db_url))
    columns = {c["name"] for c in inspect(engine).get_columns("tables")}
    engine.dispose()
    assert "tutorial" not in columns and "settings" in columns
    again = Store(db_url)
    engine = create_engine(normalize_url(db_url))
    assert "tutorial" in {c["name"] for c in inspect(engine).get_columns("tables")}
    engine.dispose()
    again.close()
