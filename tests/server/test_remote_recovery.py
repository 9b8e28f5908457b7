"""A program playing a seat (``saqqara bot``, :func:`saqqara.client.play_remote`) goes on
after a refused move it can recover from: it asks for the table as it stands and chooses
again, or sends a move refused for the rate alone again (docs/protocol.md, "Bots"); it
stops only on a refusal that ends its seat. Real servers (uvicorn in the test's loop) over
real WebSockets."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from starlette.applications import Starlette

from saqqara.client import TableClient, create_table, play_remote
from saqqara.server import app as server_app
from saqqara.server.app import create_app
from saqqara.server.guard import RateLimit
from saqqara.server.live import LiveTable
from saqqara.server.messages import Error
from saqqara.server.service import TableError, TableService
from saqqara.server.sockets import Direct
from tests.server.harness import in_process_uvicorn


def test_a_remote_bot_recovers_from_refusals_and_finishes_its_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server runs in this test's loop and refuses the first message of each
    connection and every fourth after it for the rate (``rate-limited``, whatever the
    machine's pace and however few messages the bot sends: with every fourth alone, a CI
    run once saw the bot never refused), and another connection of the same seat plays
    some of its moves first (``stale``): the bot plays its game to the end all the same,
    its refused moves sent again."""

    class EveryFourthRefused(RateLimit):
        """A connection's limit that refuses its 1st, 5th, 9th, ... message."""

        __slots__ = ("seen",)

        def __init__(self, rate: float, burst: float) -> None:
            super().__init__(rate, burst)
            self.seen = 0

        def allow(self) -> bool:
            self.seen += 1
            return self.seen % 4 != 1 and super().allow()

    monkeypatch.setattr(server_app, "RateLimit", EveryFourthRefused)
    app = create_app(f"sqlite:///{tmp_path / 'recovery.db'}", rate=5000, burst=5000)
    bot_refusals: list[str] = []
    rival_refusals: list[str] = []

    async def scenario() -> tuple[str, bool]:
        async with in_process_uvicorn(app, lifespan="on") as (port, _):
            base = f"http://127.0.0.1:{port}"
            seats = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}]
            made = await asyncio.to_thread(create_table, base, "tutankhamun", seats)
            link = made["seats"][0]["link"]
            rival = TableClient(link)  # the same seat on another connection
            done = asyncio.Event()

            async def rival_moves() -> None:
                await rival.connect()
                try:
                    while not done.is_set():
                        try:
                            message = await rival.receive(timeout=0.5)
                        except TimeoutError:
                            continue
                        if isinstance(message, Error):
                            rival_refusals.append(message.code)
                        update = rival.update
                        if update is not None and update.legal and update.seq % 3 == 0:
                            await rival.act(update.legal[0].id)
                finally:
                    await rival.close()

            task = asyncio.ensure_future(rival_moves())
            try:
                playing = play_remote(
                    link, "random", seed=5, refused=lambda e: bot_refusals.append(e.code)
                )
                final = await asyncio.wait_for(playing, 240)
            finally:
                done.set()
                await task
            return final.status, final.over

    status, over = asyncio.run(scenario())
    assert over and status == "finished"
    assert "rate-limited" in bot_refusals, bot_refusals  # it was refused, and went on


def test_a_remote_bot_waits_out_a_table_changing_hands(tmp_path: Path) -> None:
    """A connection refused with ``moved`` (the table changing hands in a site of many) or
    ``store-failed`` passes: ``saqqara bot`` connects again a second later instead of
    giving up (a trial lost 2 of 12 bots so, their tables open for ever). The server runs
    in this test's loop and answers the first two connections with ``moved``."""
    app = create_app(f"sqlite:///{tmp_path / 'moved.db'}", rate=5000, burst=5000)
    assert isinstance(app, Direct)
    starlette = app.app
    assert isinstance(starlette, Starlette)

    async def scenario() -> tuple[str, int]:
        async with in_process_uvicorn(app, lifespan="on") as (port, _):
            base = f"http://127.0.0.1:{port}"
            seats = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}]
            made = await asyncio.to_thread(create_table, base, "tutankhamun", seats)
            service: TableService = starlette.state.service
            table = service.table
            refusals = [0]

            async def moving(table_id: str) -> LiveTable:
                if refusals[0] < 2:
                    refusals[0] += 1
                    raise TableError("another server process serves this table", code="moved")
                return await table(table_id)

            service.table = moving  # type: ignore[method-assign]
            final = await asyncio.wait_for(play_remote(made["seats"][0]["link"], "random"), 120)
            return final.status, refusals[0]

    status, refused = asyncio.run(scenario())
    assert refused == 2 and status == "finished"
