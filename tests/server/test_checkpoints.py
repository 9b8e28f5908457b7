"""SQLite's WAL checkpoints on the store's own thread (``store/checkpoints.py``): the
commits no longer checkpoint, the thread copies the log into the database file, and
nothing is lost whether or not a checkpoint has run."""

from __future__ import annotations

import shutil
import sqlite3
import time
from pathlib import Path

from saqqara.store import ActionRow, SeatRow, Store
from saqqara.store.checkpoints import BackgroundCheckpoints
from tests.server.rows import table_row


def _fill(store: Store, table_id: str, count: int) -> None:
    store.create_table(table_row(table_id), [SeatRow(0, "bot", "Bot", bot="random")])
    for seq in range(1, count + 1):
        store.append(table_id, [ActionRow(seq, 0, f"move {seq}")])


def _rows_in_main_file(db: Path, tmp: Path) -> int:
    """The log rows the database file holds without its ``-wal`` file (what checkpoints
    have copied into it): a copy of the file alone, opened read-only."""
    alone = tmp / "alone.db"
    shutil.copyfile(db, alone)
    connection = sqlite3.connect(f"file:{alone}?mode=ro", uri=True)
    try:
        return int(connection.execute("SELECT count(*) FROM actions").fetchone()[0])
    except sqlite3.DatabaseError:
        return -1  # copied while a checkpoint was writing it: look again
    finally:
        connection.close()


def _autocheckpoint(store: Store) -> int:
    with store.engine.connect() as connection:
        return int(connection.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar_one())


def test_a_store_with_background_checkpoints_leaves_them_to_its_thread(tmp_path: Path) -> None:
    db = tmp_path / "bg.db"
    store = Store(f"sqlite:///{db}", background_checkpoints=True)
    try:
        assert store.checkpoints is not None
        assert _autocheckpoint(store) == 0  # the commits checkpoint nothing
        store.checkpoints.interval = 0.05
        _fill(store, "t1", 40)
        deadline = time.monotonic() + 10
        while _rows_in_main_file(db, tmp_path) < 40 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _rows_in_main_file(db, tmp_path) == 40
        assert store.checkpoints.done > 0
        assert len(store.actions("t1")) == 40
    finally:
        store.close()


def test_without_a_checkpoint_the_rows_are_in_the_log_and_survive(tmp_path: Path) -> None:
    """The thread is stopped before the rows are written, so no checkpoint copies them:
    they are only in the log, and a store opened again reads them all."""
    db = tmp_path / "log.db"
    store = Store(f"sqlite:///{db}", background_checkpoints=True)
    assert store.checkpoints is not None
    store.checkpoints.close()  # stopped before any periodic checkpoint
    store.checkpoints = None
    _fill(store, "t1", 30)
    assert _rows_in_main_file(db, tmp_path) < 30  # not copied: still in the -wal file
    again = Store(f"sqlite:///{db}")
    try:
        assert [row.seq for row in again.actions("t1")] == list(range(1, 31))
    finally:
        again.close()
        store.engine.dispose()


def test_after_closing_the_database_file_holds_every_row(tmp_path: Path) -> None:
    db = tmp_path / "close.db"
    store = Store(f"sqlite:///{db}", background_checkpoints=True)
    assert store.checkpoints is not None
    store.checkpoints.interval = 3600.0
    _fill(store, "t1", 25)
    store.close()
    assert _rows_in_main_file(db, tmp_path) == 25


def test_the_default_store_keeps_sqlite_s_own_checkpoints(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'inline.db'}")
    try:
        assert store.checkpoints is None
        assert _autocheckpoint(store) == 1000
    finally:
        store.close()


def test_a_failed_checkpoint_is_skipped_and_the_thread_goes_on(tmp_path: Path) -> None:
    """A path that is not a database: each checkpoint fails, none is counted, and
    closing still stops the thread."""
    folder = tmp_path / "not-a-db"
    folder.mkdir()
    checkpoints = BackgroundCheckpoints(str(folder / "missing" / "x.db"), interval=0.01)
    time.sleep(0.1)
    checkpoints.close()
    assert checkpoints.done == 0
