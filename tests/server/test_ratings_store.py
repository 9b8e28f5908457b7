"""Ratings in the store, on SQLite and PostgreSQL: a rated table is rated once, the winner
up and the loser down; ties share a rank; guests, bots and unrated tables change nothing;
leaderboards, profiles' histories, and an account's deletion."""

from __future__ import annotations

import threading
from dataclasses import replace

import pytest
from argon2 import PasswordHasher
from sqlalchemy import create_engine, inspect

from saqqara.store import FINISHED, PLAYING, SeatRow, Store
from saqqara.store.accounts import Accounts
from saqqara.store.ratings import (
    Ratings,
    Unrated,
    leavers_last,
    player_class,
    shown,
    who_is_rated,
)
from saqqara.store.store import normalize_url
from tests.server.rows import table_row
from tests.server.test_accounts_store import _alembic

CHEAP = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)


def _table(
    store: Store,
    table_id: str,
    owners: list[str | None],
    *,
    settings: dict[str, object] | None = None,
    bots: tuple[int, ...] = (),
    status: str = FINISHED,
) -> None:
    row = replace(
        table_row(table_id, status),
        players=len(owners),
        settings={"rated": True} if settings is None else settings,
    )
    seats = [
        SeatRow(s, "bot", f"bot{s}", bot="random", claimed=True)
        if s in bots
        else SeatRow(s, "person", f"P{s}", claimed=True, account=owner)
        for s, owner in enumerate(owners)
    ]
    store.create_table(row, seats)


def test_a_rated_table_is_rated_once_winner_up(db_url: str) -> None:
    store = Store(db_url)
    accounts, ratings = Accounts(store, CHEAP), Ratings(store)
    ann, bob = accounts.create("Ann", "correct horse"), accounts.create("Bob", "correct horse")
    _table(store, "t1", [ann.id, bob.id])
    changes = ratings.rate("t1", [1, 2])
    assert changes is not None and len(changes) == 2
    assert ratings.settled("t1") is True
    assert ratings.rate("t1", [1, 2]) is None  # the finish processed twice: no change
    assert ratings.rate("t1", [2, 1]) is None
    board = ratings.leaderboard("tutankhamun", "2")
    assert [(s.name, s.games) for s in board] == [("Ann", 1), ("Bob", 1)]
    assert board[0].rating > shown(25.0, 25.0 / 3) > board[1].rating
    assert board[0].mu > 25.0 > board[1].mu
    [mine] = ratings.standings(ann.id)
    assert (mine.game, mine.klass, mine.rating) == ("tutankhamun", "2", board[0].rating)
    [game] = ratings.history(ann.id)
    assert (game.table, game.rank, game.names, game.players) == ("t1", 1, ("P0", "P1"), 2)
    assert game.before == 1500 and game.after == board[0].rating
    assert ratings.leaderboard("tutankhamun", "3+") == []
    assert ratings.changes("t1") == [(0, 1500, board[0].rating), (1, 1500, board[1].rating)]
    # a second table starts from the ratings the first left
    _table(store, "t2", [ann.id, bob.id])
    ratings.rate("t2", [2, 1])
    [second, first] = ratings.history(bob.id)
    assert second.table == "t2" and second.before == first.after
    assert [s.games for s in ratings.leaderboard("tutankhamun", "2")] == [2, 2]
    store.close()


def test_ties_share_a_rank_and_three_players_are_their_own_class(db_url: str) -> None:
    store = Store(db_url)
    accounts, ratings = Accounts(store, CHEAP), Ratings(store)
    ids = [accounts.create(name, "correct horse").id for name in ("Ann", "Bob", "Cy")]
    _table(store, "t3", list(ids))
    changes = ratings.rate("t3", [1, 1, 3])
    assert changes is not None
    after = {c.account: c.after[0] for c in changes}
    assert after[ids[0]] == pytest.approx(after[ids[1]]) and after[ids[0]] > after[ids[2]]
    assert ratings.leaderboard("tutankhamun", "2") == []
    assert [s.name for s in ratings.leaderboard("tutankhamun", "3+")][-1] == "Cy"
    store.close()


def test_guests_bots_and_unrated_tables_change_nothing(db_url: str) -> None:
    store = Store(db_url)
    accounts, ratings = Accounts(store, CHEAP), Ratings(store)
    ann, bob = accounts.create("Ann", "correct horse"), accounts.create("Bob", "correct horse")
    _table(store, "guest", [ann.id, None])
    _table(store, "alone", [ann.id, ann.id])
    _table(store, "plain", [ann.id, bob.id], settings={})
    _table(store, "botty", [ann.id, None], bots=(1,))
    _table(store, "going", [ann.id, bob.id], status=PLAYING)
    for table_id in ("guest", "alone", "plain", "botty", "going"):
        assert ratings.rate(table_id, [1, 2]) is None
    assert ratings.settled("guest") is False and ratings.settled("botty") is False
    assert ratings.settled("plain") is None and ratings.settled("going") is None
    assert ratings.leaderboard("tutankhamun", "2") == []
    # a table made rated with bots: the bot plays at the default rating, never changed
    _table(
        store,
        "bots",
        [ann.id, bob.id, None],
        bots=(2,),
        settings={"rated": True, "rated_with_bots": True},
    )
    changes = ratings.rate("bots", [3, 2, 1])
    assert changes is not None and {c.account for c in changes} == {ann.id, bob.id}
    _table(store, "short", [ann.id, bob.id])
    with pytest.raises(ValueError, match="1 ranks for a table of 2 seats"):
        ratings.rate("short", [1])
    assert ratings.settled("short") is None
    store.close()


def test_a_person_who_left_is_rated_last_and_a_deleted_account_unrates(db_url: str) -> None:
    store = Store(db_url)
    accounts, ratings = Accounts(store, CHEAP), Ratings(store)
    ann, bob = accounts.create("Ann", "correct horse"), accounts.create("Bob", "correct horse")
    left = {"rated": True, "left": {"0": ann.id}}
    _table(store, "left", [None, bob.id], bots=(0,), settings=left)
    changes = ratings.rate("left", [1, 2])  # the bot that took Ann's seat won
    assert changes is not None
    assert {c.account: c.rank for c in changes} == {ann.id: 2, bob.id: 1}
    assert [s.name for s in ratings.leaderboard("tutankhamun", "2")] == ["Bob", "Ann"]
    gone = {"rated": True, "left": {"0": "no-such-account"}}
    _table(store, "gone", [None, bob.id], bots=(0,), settings=gone)
    assert ratings.rate("gone", [1, 2]) is None and ratings.settled("gone") is False
    store.close()


def test_unsettled_tables_are_found_and_rating_races_rate_once(db_url: str) -> None:
    store = Store(db_url)
    accounts, ratings = Accounts(store, CHEAP), Ratings(store)
    ann, bob = accounts.create("Ann", "correct horse"), accounts.create("Bob", "correct horse")
    _table(store, "t1", [ann.id, bob.id])
    _table(store, "t2", [ann.id, bob.id], settings={"undo": True})
    assert ratings.unsettled() == ["t1"]
    answers: list[object] = []
    racers = [
        threading.Thread(target=lambda: answers.append(Ratings(store).rate("t1", [1, 2])))
        for _ in range(4)
    ]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join()
    assert sum(answer is not None for answer in answers) == 1
    assert ratings.unsettled() == []
    assert [s.games for s in ratings.leaderboard("tutankhamun", "2")] == [1, 1]
    accounts.delete(ann.id)  # an account deleted takes its ratings along
    assert [s.name for s in ratings.leaderboard("tutankhamun", "2")] == ["Bob"]
    assert ratings.history(ann.id) == []
    store.close()


def test_who_is_rated_and_classes() -> None:
    assert who_is_rated({"rated": True}, ["person", "person"], ["a", "b"]) == {0: "a", 1: "b"}
    left = {"rated": True, "left": {"1": "b"}}  # b left in play: a bot has the seat
    assert who_is_rated(left, ["person", "bot"], ["a", None]) == {0: "a", 1: "b"}
    assert leavers_last([1, 2, 3], [0]) == [3, 1, 2]
    assert leavers_last([2, 1, 1], [1]) == [2, 3, 1]
    assert leavers_last([1, 2], []) == [1, 2]
    with pytest.raises(Unrated, match="bot"):
        who_is_rated({"rated": True}, ["person", "person", "bot"], ["a", "b", None])
    assert player_class(2) == "2" and player_class(3) == "3+" and player_class(5) == "3+"
    assert shown(25.0, 25.0 / 3) == 1500


def test_migration_0010_goes_back_and_up_again(db_url: str) -> None:
    store = Store(db_url)
    accounts, ratings = Accounts(store, CHEAP), Ratings(store)
    ann, bob = accounts.create("Ann", "correct horse"), accounts.create("Bob", "correct horse")
    _table(store, "t1", [ann.id, bob.id])
    assert ratings.rate("t1", [1, 2]) is not None
    store.close()
    _alembic(db_url, "0009", down=True)
    engine = create_engine(normalize_url(db_url))
    names = set(inspect(engine).get_table_names())
    engine.dispose()
    assert {"ratings", "rated_tables", "rating_history"}.isdisjoint(names)
    assert {"tables", "seats", "accounts", "chat"} <= names
    again = Store(db_url)  # up again: the finished table is found unrated, and rated once
    assert Ratings(again).unsettled() == ["t1"]
    assert Ratings(again).rate("t1", [1, 2]) is not None
    assert [s.games for s in Ratings(again).leaderboard("tutankhamun", "2")] == [1, 1]
    again.close()
