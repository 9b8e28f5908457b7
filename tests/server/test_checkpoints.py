"""SQLite's WAL checkpoints on the store's own thread (``store/checkpoints.py``): the
commits no longer checkpoint, the thread copies the log into the database file, and
nothing is lost whether or not a checkpoint has run."""

from __future__ import annotations

import shutil
import sqlite3
import time
from pathlib import Path

from sqlalchemy.engine import make_url

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


def _log_bytes(db: Path) -> int:
    wal = Path(f"{db}-wal")
    return wal.stat().st_size if wal.exists() else 0


def _commit_past_a_reader(store: Store, table_id: str, rounds: int, commits: int) -> int:
    """``rounds`` times: a reader holds its snapshot while ``commits`` commits land, the
    thread's checkpoint runs (it copies only what that reader sees, as one overlapped by a
    commit copies only what was there when it began), the reader leaves, and the writer does
    what it does between two commits; the largest the log file grew meanwhile. Under steady
    load a commit nearly always lands while the thread's checkpoint runs; the reader makes
    that happen every time."""
    store.create_table(table_row(table_id), [SeatRow(0, "bot", "Bot", bot="random")])
    db = Path(make_url(store.url).database or "")
    checkpoints = store.checkpoints
    assert checkpoints is not None
    reader = sqlite3.connect(db, isolation_level=None)
    largest, seq = 0, 0
    try:
        for _ in range(rounds):
            reader.execute("BEGIN")
            reader.execute("SELECT count(*) FROM actions").fetchone()
            for _ in range(commits):
                seq += 1
                store.append(table_id, [ActionRow(seq, 0, "x" * 200)])
            checkpoints.checkpoint()
            reader.execute("COMMIT")
            store.catch_up_log()
            largest = max(largest, _log_bytes(db))
    finally:
        reader.close()
    return largest


def _store_with_checkpoints_by_hand(db: Path, long_log: int) -> Store:
    """A store whose background checkpoints run only when the test makes one."""
    store = Store(f"sqlite:///{db}", sqlite_sync="normal", background_checkpoints=True)
    assert store.checkpoints is not None
    store.checkpoints.close()
    store.checkpoints = BackgroundCheckpoints(str(db), interval=3600, long_log=long_log)
    return store


def test_under_steady_commits_the_writer_catches_up_and_the_log_stays_short(tmp_path: Path) -> None:
    """The thread's checkpoints alone never let the log start again while commits keep
    landing during them: under the load benchmark the log grew by some 9 MB a second (911 MB
    in 100 s), and the server's memory with its index. A checkpoint that leaves a long log
    marks it behind, and the writer copies the rest between two commits."""
    store = _store_with_checkpoints_by_hand(tmp_path / "steady.db", long_log=10)
    assert store.checkpoints is not None
    try:
        largest = _commit_past_a_reader(store, "t1", rounds=40, commits=20)
        assert store.checkpoints.caught_up == 40
        assert largest < 500_000, largest  # 800 commits are some 9 MB of log
        assert len(store.actions("t1")) == 800
    finally:
        store.close()


def test_without_catching_up_the_same_commits_grow_the_log(tmp_path: Path) -> None:
    """The test above, the writer's catching up left out: what it guards against."""
    store = _store_with_checkpoints_by_hand(tmp_path / "passive.db", long_log=10**9)
    assert store.checkpoints is not None
    try:
        largest = _commit_past_a_reader(store, "t1", rounds=40, commits=20)
        assert largest > 5_000_000, largest
        assert store.checkpoints.caught_up == 0
        assert len(store.actions("t1")) == 800
    finally:
        store.close()
