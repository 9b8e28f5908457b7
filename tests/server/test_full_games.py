"""Full games of every game over real WebSockets: scripted people, bots and a spectator."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from saqqara.client import TableClient, create_table, http_json
from saqqara.core.records import Record, RecordedAction, replay
from saqqara.core.registry import registered_games
from saqqara.store import Store
from tests.server.harness import ServerProcess
from tests.server.play import play_seat, watch

GAMES = sorted(registered_games())


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("full") / "full.db"
    with ServerProcess(f"sqlite:///{db}", "--rate", "5000", "--sqlite-sync", "normal") as running:
        yield running


@pytest.mark.parametrize("game_id", GAMES)
def test_a_whole_game_with_two_people_a_bot_and_a_spectator(
    server: ServerProcess, game_id: str
) -> None:
    players = max(3, min(registered_games()[game_id].spec.player_counts))
    seats = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bo"}]
    seats += [{"kind": "bot", "bot": "random"}] * (players - 2)
    table = create_table(server.base, game_id, seats, public=False)
    assert table["status"] == "open"

    async def play() -> list[object]:
        people = [TableClient(s["link"]) for s in table["seats"] if "link" in s]
        spectator = TableClient(table["spectator"])
        return await asyncio.gather(
            *(play_seat(c, seed) for seed, c in enumerate(people)), watch(spectator)
        )

    finals = asyncio.run(play())
    seqs = {f.seq for f in finals}  # type: ignore[attr-defined]
    assert len(seqs) == 1
    outcomes = [f.outcome for f in finals]  # type: ignore[attr-defined]
    assert outcomes[0] is not None and all(o == outcomes[0] for o in outcomes)
    info = http_json(server.base, f"/api/tables/{table['table']}")
    assert info["status"] == "finished" and info["seq"] == seqs.pop()


def test_the_stored_log_replays_to_the_same_end(server: ServerProcess, tmp_path: Path) -> None:
    table = create_table(
        server.base, "tutankhamun", [{"kind": "person"}, {"kind": "bot", "bot": "random"}]
    )
    final = asyncio.run(play_seat(TableClient(table["seats"][0]["link"]), 7))
    store = Store(server.db_url)
    row = store.table(table["table"])
    assert row is not None and row.status == "finished"
    logged = store.actions(row.id)
    store.close()
    assert [a.seq for a in logged] == list(range(1, final.seq + 1))
    record = Record(
        row.game,
        row.rules_version,
        row.players,
        row.options,
        ("a", "b"),
        tuple(RecordedAction(a.seat, a.action) for a in logged),
    )
    assert replay(record).state.is_terminal()
