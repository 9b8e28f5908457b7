"""Ratings over real HTTP and WebSockets: two accounts play a rated table to its end, both
ratings change (the winner's up), the leaderboard and the profiles show it; a table is
rated once, whether its finish is processed again or found unrated after a restart."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import delete, select

from saqqara.client import ClientError, TableClient, create_table
from saqqara.server.messages import Update
from saqqara.store import Store
from saqqara.store.ratings import Ratings
from saqqara.store.schema import accounts, rated_tables, rating_history, ratings
from tests.server.harness import ServerProcess
from tests.server.play import play_seat
from tests.server.test_accounts import CSRF, code, fresh_address, key_of, sign_up


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("ratings") / "ratings.db"


@pytest.fixture(scope="module")
def server(db: Path) -> Iterator[ServerProcess]:
    with ServerProcess(
        f"sqlite:///{db}", "--sqlite-sync", "normal", "--forwarded-allow-ips", "127.0.0.1"
    ) as running:
        yield running


def person(server: ServerProcess) -> httpx.Client:
    return httpx.Client(base_url=server.base, headers={"X-Forwarded-For": fresh_address()})


async def play_both(links: list[str]) -> list[Update]:
    return list(
        await asyncio.gather(
            *(play_seat(TableClient(link), seed) for seed, link in enumerate(links))
        )
    )


def profile_when_rated(http: httpx.Client, name: str, games: int) -> dict[str, Any]:
    """The profile once it lists ``games`` rated games (rating runs off the move's path)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        answer = http.get(f"/api/players/{name}")
        assert answer.status_code == 200, answer.text
        found: dict[str, Any] = answer.json()
        if len(found["games"]) >= games:
            return found
        time.sleep(0.1)
    raise AssertionError(f"{name} was not rated")


def without_times(found: dict[str, Any]) -> dict[str, Any]:
    """A profile but for when its games were rated."""
    games = [{k: v for k, v in game.items() if k != "at"} for game in found["games"]]
    return {**found, "games": games}


def test_two_accounts_play_a_rated_game_and_are_rated_once(server: ServerProcess, db: Path) -> None:
    with person(server) as ann, person(server) as bob:
        ann_csrf, bob_csrf = sign_up(ann, "RatedAnn"), sign_up(bob, "RatedBob")
        body = {
            "game": "tutankhamun",
            "seats": [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}],
            "mine": 0,
            "rated": True,
            "public": False,
        }
        created = ann.post("/api/tables", json=body, headers={CSRF: ann_csrf})
        assert created.status_code == 201, created.text
        table, seats = created.json()["table"], created.json()["seats"]
        assert ann.get(f"/api/tables/{table}").json()["rated"] is True
        joined = bob.post(
            f"/api/tables/{table}/join",
            json={"seat": 1, "key": key_of(seats[1]["link"])},
            headers={CSRF: bob_csrf},
        )
        assert joined.status_code == 200, joined.text
        finals = asyncio.run(play_both([seats[0]["link"], seats[1]["link"]]))
        outcome = finals[0].outcome
        assert outcome is not None
        ranks = [int(r) for r in outcome["ranks"]]
        # A shared win (both ranked first) can happen: the dice are the server's.
        decisive = ranks[0] != ranks[1]
        winner, loser = (
            ("RatedBob", "RatedAnn") if ranks[1] < ranks[0] else ("RatedAnn", "RatedBob")
        )
        won, lost = profile_when_rated(ann, winner, 1), profile_when_rated(ann, loser, 1)
        for found, rank in ((won, 1), (lost, 2 if decisive else 1)):
            [rating] = found["ratings"]
            assert rating["game"] == "tutankhamun" and rating["class"] == "2"
            assert rating["games"] == 1
            [game] = found["games"]
            assert game["rank"] == rank and game["before"] == 1500
            assert game["after"] == rating["rating"] != 1500  # both ratings changed
            assert game["names"] == ["Ann", "Bob"] and game["table"] is None  # private
        [won_game], [lost_game] = won["games"], lost["games"]
        if decisive:  # the winner up, the loser down
            assert won_game["after"] > 1500 > lost_game["after"]
        else:  # both surer of an even match: both up alike
            assert won_game["after"] == lost_game["after"] > 1500
        board = ann.get("/api/leaderboard/tutankhamun?players=2").json()
        assert board["class"] == "2"
        assert [(p["place"], p["name"], p["games"]) for p in board["leaders"]] == [
            (1, winner, 1),
            (2, loser, 1),
        ]
        by_name = {winner: won_game, loser: lost_game}
        changes = ann.get(f"/api/tables/{table}").json()["ratings"]
        assert changes == [
            {"seat": seat, "before": 1500, "after": by_name[name]["after"]}
            for seat, name in enumerate(["RatedAnn", "RatedBob"])
        ]
        text = str(board) + str(won) + str(lost)
        assert table not in text and "key" not in text  # names only
        # The finish processed again: nothing changes.
        store = Store(f"sqlite:///{db}")
        assert Ratings(store).rate(table, ranks) is None
        assert profile_when_rated(ann, winner, 1) == won
        # Lost between the end and the rating (a crash): the next start rates it, once.
        server.stop()
        with store.engine.begin() as tx:
            for kept in (rating_history, ratings, rated_tables):
                tx.execute(delete(kept))
        store.close()
        server.start()
        again = profile_when_rated(ann, winner, 1)
        assert without_times(again) == without_times(won)
        server.stop()
        server.start()
        assert profile_when_rated(ann, winner, 1) == again
        assert without_times(profile_when_rated(ann, loser, 1)) == without_times(lost)


def test_rated_tables_are_checked_and_the_answers_refuse_clearly(server: ServerProcess) -> None:
    with person(server) as http:

        def refused(body: dict[str, Any]) -> str:
            answer = http.post("/api/tables", json={"game": "tutankhamun", **body})
            assert answer.status_code == 400
            return code(answer)

        two = [{"kind": "person"}, {"kind": "person"}]
        with_bot = [{"kind": "person"}, {"kind": "bot"}]
        assert refused({"seats": with_bot, "rated": True}) == "not-rateable"
        assert refused({"seats": with_bot[:1] + with_bot, "rated": True}) == "not-rateable"
        assert refused({"seats": two, "rated_with_bots": True}) == "bad-request"
        lone = {"seats": [{"kind": "person"}, {"kind": "bot"}], "rated": True}
        assert refused({**lone, "rated_with_bots": True}) == "not-rateable"  # one person
        made = http.post(
            "/api/tables",
            json={"game": "tutankhamun", "seats": two, "rated": True},
        )
        assert made.status_code == 201
        info = http.get(f"/api/tables/{made.json()['table']}").json()
        assert info["rated"] is True and info["rated_with_bots"] is False
        assert "ratings" not in info  # not finished
        hinted = http.post(
            "/api/tables",
            json={"game": "tutankhamun", "seats": two, "rated": True, "hints": True},
        )
        assert hinted.status_code == 201  # made, but a rated table never allows hints
        assert http.get(f"/api/tables/{hinted.json()['table']}").json()["hints"] is False
        by_client = create_table(
            server.base, "tutankhamun", [*two, {"kind": "bot"}], rated=True, rated_with_bots=True
        )
        info = http.get(f"/api/tables/{by_client['table']}").json()
        assert info["rated"] is True and info["rated_with_bots"] is True
        with pytest.raises(ClientError) as refused_by_client:
            create_table(server.base, "tutankhamun", with_bot, rated=True)
        assert refused_by_client.value.code == "not-rateable"
        missing = http.get("/api/players/Nobody_here")
        assert missing.status_code == 404 and code(missing) == "no-player"
        assert http.get("/api/players/%3Cscript%3E").status_code == 404
        unknown = http.get("/api/leaderboard/chess")
        assert unknown.status_code == 404 and code(unknown) == "unknown-game"
        for players in ("1", "9", "two", "-2", "100000", "%C2%B2", "%D9%A3", ""):
            answer = http.get(f"/api/leaderboard/tutankhamun?players={players}")
            assert answer.status_code == 400 and code(answer) == "bad-request", players
        empty = http.get("/api/leaderboard/tutankhamun").json()
        assert empty["class"] == "2" and isinstance(empty["leaders"], list)


def test_a_rated_table_lost_on_time_rates_the_forfeit(server: ServerProcess, db: Path) -> None:
    with person(server) as ann, person(server) as bob:
        ann_csrf, bob_csrf = sign_up(ann, "SlowAnn"), sign_up(bob, "QuickBob")
        body = {
            "game": "tutankhamun",
            "seats": [{"kind": "person"}, {"kind": "person"}],
            "mine": 0,
            "rated": True,
            "clock": {"move": 1, "on_timeout": "lose"},
        }
        created = ann.post("/api/tables", json=body, headers={CSRF: ann_csrf}).json()
        table, seats = created["table"], created["seats"]
        bob.post(
            f"/api/tables/{table}/join",
            json={"seat": 1, "key": key_of(seats[1]["link"])},
            headers={CSRF: bob_csrf},
        ).raise_for_status()
        idle, player = TableClient(seats[0]["link"]), TableClient(seats[1]["link"])

        async def scenario() -> Update:
            await idle.connect()  # Ann is there and never moves: she loses on time
            final = await play_seat(player, 3)
            await idle.close()
            return final

        final = asyncio.run(scenario())
        assert final.outcome is not None and final.outcome["forfeit"] == [0]
        slow, quick = profile_when_rated(ann, "SlowAnn", 1), profile_when_rated(ann, "QuickBob", 1)
        assert [g["rank"] for g in slow["games"]] == [2] and [
            g["rank"] for g in quick["games"]
        ] == [1]
        assert quick["ratings"][0]["rating"] > 1500 > slow["ratings"][0]["rating"]
        assert quick["games"][0]["table"] == table  # a public table is named
        # Found unrated after a restart, the forfeit is rated the same way from the store
        # (the store as a crash between the end and the rating leaves it: these two
        # accounts had no rating before this table).
        server.stop()
        store = Store(f"sqlite:///{db}")
        with store.engine.begin() as tx:
            players = select(accounts.c.id).where(accounts.c.name.in_(["SlowAnn", "QuickBob"]))
            tx.execute(delete(ratings).where(ratings.c.account_id.in_(players)))
            tx.execute(delete(rating_history).where(rating_history.c.table_id == table))
            tx.execute(delete(rated_tables).where(rated_tables.c.table_id == table))
        store.close()
        server.start()
        assert without_times(profile_when_rated(ann, "QuickBob", 1)) == without_times(quick)
        assert without_times(profile_when_rated(ann, "SlowAnn", 1)) == without_times(slow)


def test_leaving_a_rated_game_in_play_loses_it(server: ServerProcess, db: Path) -> None:
    with person(server) as ann, person(server) as bob:
        ann_csrf, bob_csrf = sign_up(ann, "StayingAnn"), sign_up(bob, "LeavingBob")
        body = {
            "game": "tutankhamun",
            "seats": [{"kind": "person"}, {"kind": "person"}],
            "mine": 0,
            "rated": True,
        }
        created = ann.post("/api/tables", json=body, headers={CSRF: ann_csrf}).json()
        table, seats = created["table"], created["seats"]
        bob.post(
            f"/api/tables/{table}/join",
            json={"seat": 1, "key": key_of(seats[1]["link"])},
            headers={CSRF: bob_csrf},
        ).raise_for_status()
        staying = TableClient(seats[0]["link"])

        async def scenario() -> Update:
            await staying.connect()  # every seat taken: the game is on
            assert ann.get(f"/api/tables/{table}").json()["status"] == "playing"
            left = bob.post(
                f"/api/tables/{table}/leave", json={"seat": 1}, headers={CSRF: bob_csrf}
            )
            assert left.status_code == 200, left.text
            return await play_seat(staying, 5)  # against the bot that took Bob's seat

        final = asyncio.run(scenario())
        assert final.over
        stayed, went = (
            profile_when_rated(ann, "StayingAnn", 1),
            profile_when_rated(ann, "LeavingBob", 1),
        )
        assert [g["rank"] for g in stayed["games"]] == [1]  # whatever the bot did
        assert [g["rank"] for g in went["games"]] == [2]
        assert stayed["ratings"][0]["rating"] > 1500 > went["ratings"][0]["rating"]
        # The rematch is rated too, but nobody has left it.
        again = ann.post(f"/api/tables/{table}/rematch", json={"seat": 0}, headers={CSRF: ann_csrf})
        assert again.status_code == 200, again.text
        store = Store(f"sqlite:///{db}")
        first, rematch = store.table(table), store.table(again.json()["table"])
        store.close()
        assert first is not None and list(first.settings["left"]) == ["1"]  # Bob's account
        assert rematch is not None and rematch.settings == {"rated": True}
