"""Accounts in the store, on SQLite and PostgreSQL: unique names without case, argon2id
hashes rehashed when the parameters change, sessions kept only as hashes, owned seats."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from alembic import command
from alembic.config import Config
from argon2 import PasswordHasher
from sqlalchemy import create_engine, select, text, update

from saqqara.store import FINISHED, OPEN, SeatRow, Store, hash_secret, migrations
from saqqara.store.accounts import Accounts, NameTaken
from saqqara.store.schema import sessions
from saqqara.store.store import normalize_url
from tests.server.rows import table_row

CHEAP = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
"""Test hashes: the real profile costs 64 MiB and tens of milliseconds each."""


def test_names_are_unique_without_case_and_passwords_kept_as_argon2id(db_url: str) -> None:
    store = Store(db_url)
    accounts = Accounts(store, CHEAP)
    ann = accounts.create("Ann", "correct horse")
    with pytest.raises(NameTaken):
        accounts.create("aNN", "another one")
    stored = accounts.password_hash(ann.id)
    assert stored is not None and stored.startswith("$argon2id$")
    assert "correct horse" not in stored
    assert accounts.verify("ann", "correct horse") == ann  # any case signs in
    assert accounts.verify("Ann", "wrong horse") is None
    assert accounts.verify("Bob", "correct horse") is None
    assert accounts.by_name("ANN") == ann
    store.close()


def test_a_hash_under_old_parameters_is_replaced_at_the_next_sign_in(db_url: str) -> None:
    store = Store(db_url)
    old = Accounts(store, CHEAP)
    ann = old.create("Ann", "correct horse")
    before = old.password_hash(ann.id)
    stronger = PasswordHasher(time_cost=2, memory_cost=2048, parallelism=1)
    accounts = Accounts(store, stronger)
    assert accounts.verify("Ann", "wrong") is None
    assert accounts.password_hash(ann.id) == before  # a wrong password changes nothing
    assert accounts.verify("Ann", "correct horse") == ann
    after = accounts.password_hash(ann.id)
    assert after is not None and after != before and "m=2048,t=2,p=1" in after
    assert not stronger.check_needs_rehash(after)
    assert accounts.verify("Ann", "correct horse") == ann
    store.close()


def test_sessions_are_kept_as_hashes_and_end(db_url: str) -> None:
    store = Store(db_url)
    accounts = Accounts(store, CHEAP)
    ann = accounts.create("Ann", "correct horse")
    one, two = accounts.open_session(ann.id), accounts.open_session(ann.id)
    assert one != two and len(one) >= 40
    with store.engine.connect() as tx:
        kept = {row[0] for row in tx.execute(select(sessions.c.token_hash))}
    assert kept == {hash_secret(one), hash_secret(two)}
    assert accounts.session(one) == ann and accounts.session("forged") is None
    accounts.close_session(one)
    assert accounts.session(one) is None and accounts.session(two) == ann
    with store.engine.begin() as tx:  # an expired session signs nobody in
        tx.execute(update(sessions).values(expires_at=time.time() - 1))
    assert accounts.session(two) is None
    three = accounts.open_session(ann.id)
    accounts.set_password(ann.id, "battery staple")  # ends every session
    assert accounts.session(three) is None
    assert accounts.verify("Ann", "battery staple") == ann
    four = accounts.open_session(ann.id)
    assert accounts.close_sessions(ann.id) == 1 and accounts.session(four) is None
    store.close()


def test_owned_seats_are_listed_and_a_deleted_account_leaves_its_games(db_url: str) -> None:
    store = Store(db_url)
    accounts = Accounts(store, CHEAP)
    ann = accounts.create("Ann", "correct horse")
    bob = accounts.create("Bob", "correct horse")
    store.create_table(
        table_row("t1"),
        [SeatRow(0, "person", "Ann", account=ann.id), SeatRow(1, "person", "Bob", account=bob.id)],
    )
    store.create_table(
        table_row("t2", status=FINISHED),
        [SeatRow(0, "person", "Bob", account=bob.id), SeatRow(1, "person", "Ann", account=ann.id)],
    )
    store.create_table(table_row("t3", status=OPEN), [SeatRow(0, "person", "X")])
    store.update_seat("t3", 0, account_id=ann.id)
    running = accounts.games(ann.id, ("open", "playing"))
    assert [(g.table, g.seat, g.status) for g in running] == [("t3", 0, OPEN), ("t1", 0, "playing")]
    assert running[1].names == ("Ann", "Bob") and running[1].game == "tutankhamun"
    finished = accounts.games(ann.id, (FINISHED,))
    assert [(g.table, g.seat) for g in finished] == [("t2", 1)]
    session = accounts.open_session(ann.id)
    accounts.delete(ann.id)
    assert accounts.session(session) is None and accounts.by_name("Ann") is None
    assert accounts.games(ann.id, ("open", "playing", FINISHED)) == []
    assert [s.account for s in store.seats("t1")] == [None, bob.id]  # the games stay
    assert [g.table for g in accounts.games(bob.id, ("playing", FINISHED))] == ["t2", "t1"]
    accounts.create("ann", "a new one")  # the name is free again
    store.close()


def _alembic(store_url: str, target: str, *, down: bool = False) -> None:
    """Migrate the database at ``store_url`` up (or down) to revision ``target``."""
    config = Config()
    config.set_main_option("script_location", str(Path(migrations.__file__).parent))
    engine = create_engine(normalize_url(store_url))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        (command.downgrade if down else command.upgrade)(config, target)
    engine.dispose()


def test_migration_0008_keeps_the_tables_and_goes_back(db_url: str) -> None:
    _alembic(db_url, "0007")
    engine = create_engine(normalize_url(db_url))
    with engine.begin() as tx:
        tx.execute(
            text(
                "INSERT INTO tables (id, game, players, rules_version, options, seed, status,"
                " public, spectator_hash, created_at) VALUES ('old', 'tutankhamun', 2, 1, '{}',"
                " 1, 'playing', true, 'x', 0)"
            )
        )
        tx.execute(
            text(
                "INSERT INTO seats (table_id, seat, kind, name, claimed, lang)"
                " VALUES ('old', 0, 'person', 'Ann', true, 'en')"
            )
        )
    engine.dispose()
    opened = Store(db_url)  # migrates to the newest
    assert [(s.name, s.account) for s in opened.seats("old")] == [("Ann", None)]
    accounts = Accounts(opened, CHEAP)
    ann = accounts.create("Ann", "correct horse")
    opened.update_seat("old", 0, account_id=ann.id)
    assert [g.table for g in accounts.games(ann.id, ("playing",))] == ["old"]
    opened.close()
    _alembic(db_url, "0007", down=True)
    again = Store(db_url)
    assert [s.name for s in again.seats("old")] == ["Ann"]  # back up, the seat unowned
    assert again.seats("old")[0].account is None
    again.close()
