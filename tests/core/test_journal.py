"""The record journal: one durable line per action, torn last lines dropped on resume."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from saqqara.ai.random_bot import RandomBot
from saqqara.core.errors import RecordError
from saqqara.core.journal import JOURNAL_FORMAT, RecordJournal, read_record_file
from saqqara.core.match import Match
from saqqara.core.registry import load


def _half_played(path: Path, steps: int = 12) -> Match:
    game = load("tutankhamun", 3, {"edition": "amigo-1993"})
    match = Match(game, seed=21, names=["ann", "bob", "cy"], journal=RecordJournal(path))
    bot = RandomBot(game)
    for _ in range(steps):
        match.play_bot(match.to_act()[0], bot)
    return match


def _finish(match: Match) -> None:
    bot = RandomBot(match.game)
    while not match.is_over():
        match.play_bot(match.to_act()[0], bot)


def test_the_journal_is_a_header_and_one_line_per_action(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    match = _half_played(path)
    match.close()
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    header = lines[0]
    assert header["format"] == JOURNAL_FORMAT and "actions" not in header
    assert header["seats"] == ["ann", "bob", "cy"] and header["meta"] == {"seed": 21}
    assert lines[1:] == [entry.to_json() for entry in match.record.actions]
    assert read_record_file(path) == match.record


def test_a_torn_last_line_is_dropped_and_the_match_resumes(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    live = _half_played(path)
    live.close()
    whole = path.read_text(encoding="utf-8")
    with path.open("a", encoding="utf-8") as handle:  # a crash in the middle of an append
        handle.write('{"seat":1,"act')
    assert read_record_file(path) == live.record
    resumed = Match.resume(read_record_file(path), journal=RecordJournal(path))
    assert path.read_text(encoding="utf-8") == whole
    assert resumed.record == live.record
    _finish(resumed)
    assert read_record_file(path) == resumed.record
    assert path.read_text(encoding="utf-8").endswith("\n")


def test_only_the_last_line_may_be_torn(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    _half_played(path).close()
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[3] = lines[3][:5]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(RecordError) as refused:
        read_record_file(path)
    assert refused.value.index == 2


def test_a_json_record_file_is_read_too(tmp_path: Path) -> None:
    match = _half_played(tmp_path / "game.jsonl")
    match.close()
    path = tmp_path / "game.json"
    path.write_text(match.record.dumps(), encoding="utf-8")
    assert read_record_file(path) == match.record


@pytest.mark.parametrize("text", ["", "\n", "not json\n", '{"format": "other"}\n'])
def test_what_is_no_record_is_refused(tmp_path: Path, text: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError):
        read_record_file(path)


def test_a_missing_file_is_a_record_error(tmp_path: Path) -> None:
    with pytest.raises(RecordError):
        read_record_file(tmp_path / "nothing.jsonl")


def test_starting_replaces_the_file_whole(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    path.write_text("old contents\n", encoding="utf-8")
    match = _half_played(path, steps=0)
    match.close()
    assert read_record_file(path) == match.record
    assert [p.name for p in tmp_path.iterdir()] == ["game.jsonl"]


def test_appending_before_starting_is_an_error(tmp_path: Path) -> None:
    journal = RecordJournal(tmp_path / "game.jsonl")
    match = Match(load("tutankhamun", 3, {"edition": "amigo-1993"}), seed=1)
    with pytest.raises(RuntimeError):
        journal.append(match.record.actions[0])
