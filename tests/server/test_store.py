"""The store on SQLite and PostgreSQL: migrations, hashed secrets, the append-only log."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from saqqara.store import (
    FINISHED,
    ActionRow,
    SeatRow,
    Store,
    hash_secret,
    new_secret,
    secret_matches,
)
from saqqara.store.store import SQLITE_CACHE_KIB
from tests.server.rows import SEED, table_row


def test_secrets_are_long_random_and_kept_hashed(db_url: str) -> None:
    secret = new_secret()
    assert len(secret) >= 32 and secret != new_secret()
    store = Store(db_url)
    store.create_table(
        replace(table_row(), host_hash=hash_secret("host")),
        [
            SeatRow(0, "person", "Ann", secret_hash=hash_secret(secret)),
            SeatRow(1, "bot", "b", bot="random"),
        ],
    )
    rows = store.seats("t1")
    assert [r.kind for r in rows] == ["person", "bot"]
    assert rows[0].secret_hash != secret and secret_matches(secret, rows[0].secret_hash)
    assert not secret_matches(secret + "x", rows[0].secret_hash)
    assert not secret_matches(secret, rows[1].secret_hash)
    table = store.table("t1")
    assert table is not None and table.options == {"edition": "amigo-1993"} and table.seed == SEED
    assert table.settings == {} and secret_matches("host", table.host_hash)
    store.close()


def test_action_log_is_append_only_per_sequence_number(db_url: str) -> None:
    store = Store(db_url)
    store.create_table(table_row(), [SeatRow(0, "person", "A"), SeatRow(1, "person", "B")])
    store.append("t1", [ActionRow(1, 0, "x", "c1"), ActionRow(2, -1, "chance")])
    with pytest.raises(IntegrityError):
        store.append("t1", [ActionRow(3, 1, "y"), ActionRow(2, 1, "z")])  # seq 2 taken
    assert [a.seq for a in store.actions("t1")] == [1, 2]  # the failed batch left nothing
    with pytest.raises(IntegrityError):
        store.append("t1", [ActionRow(3, 0, "y", "c1")])  # same client id twice
    store.append("t1", [ActionRow(3, 1, "y", "c1")], status=FINISHED)  # another seat's c1
    assert store.actions("t1", after=2) == [ActionRow(3, 1, "y", "c1")]
    assert [t.id for t in store.tables_with_status(FINISHED)] == ["t1"]
    store.close()


def test_a_rematch_is_stored_with_its_link_from_the_table_it_follows(db_url: str) -> None:
    store = Store(db_url)
    seat_rows = [SeatRow(0, "person", "A"), SeatRow(1, "person", "B")]
    store.create_table(table_row(status=FINISHED), seat_rows)
    store.create_table(replace(table_row("t2"), rematch_of="t1"), seat_rows)
    first, second = store.table("t1"), store.table("t2")
    assert first is not None and first.rematch == "t2" and first.status == FINISHED
    assert second is not None and second.rematch_of == "t1" and second.rematch is None
    store.create_table(table_row("t3", status=FINISHED), seat_rows)
    with pytest.raises(IntegrityError):  # t2 again: the link from t3 is not kept either
        store.create_table(replace(table_row("t2"), rematch_of="t3"), seat_rows)
    third = store.table("t3")
    assert third is not None and third.rematch is None
    store.close()


def test_reopening_migrates_once_and_keeps_data(db_url: str) -> None:
    store = Store(db_url)
    with_settings = replace(table_row(), settings={"away_after": 30.0})
    store.create_table(with_settings, [SeatRow(0, "person", "A"), SeatRow(1, "person", "B")])
    store.save_snapshot("t1", 4, '{"s": 1}')
    store.save_snapshot("t1", 9, '{"s": 2}')
    store.close()
    again = Store(db_url)
    assert again.latest_snapshot("t1") == (9, '{"s": 2}')
    assert again.latest_snapshot("nope") is None
    reread = again.table("t1")
    assert reread is not None and reread.settings == {"away_after": 30.0}
    again.close()


def test_sqlite_connections_keep_a_small_page_cache_in_wal_mode(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'cache.db'}")
    with store.engine.connect() as connection:
        assert connection.execute(text("PRAGMA cache_size")).scalar() == -SQLITE_CACHE_KIB
        assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
