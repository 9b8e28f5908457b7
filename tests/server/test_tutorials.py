"""The tutorials' scripts replayed through the engines, and a tutorial table made over HTTP.

Every game has a script; every scripted step is legal at its point (the learner's and the
scripted opponents'), the learner meets every kind of decision the script claims to cover
and the game reaches the point it claims (``server/tutorials.py``). The server makes a
tutorial's table with the script's seed: its seats, played as the script says over real
WebSockets, follow the script to its end.
"""

from __future__ import annotations

import asyncio
import copy
import json
from collections.abc import Iterator

import httpx
import pytest

from saqqara.client import SeatLink, TableClient
from saqqara.core.registry import registered_games
from saqqara.server.tutorials import (
    SCRIPTS,
    TutorialError,
    parse_tutorial,
    replay_script,
    tutorials,
)
from tests.server.harness import ServerProcess


def test_every_game_has_a_tutorial() -> None:
    assert sorted(tutorials()) == sorted(registered_games())


@pytest.mark.parametrize("game", sorted(tutorials()))
def test_the_script_replays_through_the_engine(game: str) -> None:
    tutorial = tutorials()[game]
    match = replay_script(tutorial)
    assert not match.is_over() or tutorial.reaches == "over"
    learner_steps = [step for step in tutorial.steps if step.seat == tutorial.learner]
    assert learner_steps and all(step.text for step in learner_steps)
    assert len({step.text for step in learner_steps}) == len(learner_steps), "one text a step"
    assert all(step.text is None for step in tutorial.steps if step.seat != tutorial.learner)


def _raw(game: str) -> dict[str, object]:
    loaded: dict[str, object] = json.loads((SCRIPTS / f"{game}.json").read_text("utf-8"))
    return loaded


def test_a_script_that_does_not_hold_is_refused() -> None:
    """An illegal step, a wrong claim of coverage or of the end: each is named."""
    raw = _raw("tutankhamun")
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


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("tutorials") / "tutorials.db"
    with ServerProcess(f"sqlite:///{db}", "--sqlite-sync", "normal") as running:
        yield running


def test_an_unknown_tutorial_is_refused(server: ServerProcess) -> None:
    answer = httpx.post(f"{server.base}/api/tutorials/chess")
    assert answer.status_code == 404
    assert answer.json()["error"]["code"] == "unknown-game"


async def _play(base: str, game: str) -> None:
    made = httpx.post(f"{base}/api/tutorials/{game}")
    assert made.status_code == 201, made.text
    answer = made.json()
    script = tutorials()[game]
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


@pytest.mark.parametrize("game", sorted(tutorials()))
def test_a_tutorial_table_follows_its_script(server: ServerProcess, game: str) -> None:
    asyncio.run(_play(server.base, game))
