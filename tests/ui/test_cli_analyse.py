"""`saqqara analyse`: a record reviewed as a table or as JSON, fixed by its seed, and clear
errors (exit 2) for a bad file or bad options."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from saqqara.ai.registry import make_bot
from saqqara.cli import main
from saqqara.core.game import CHANCE
from saqqara.core.playout import play_game
from saqqara.core.records import Record
from saqqara.core.registry import load


@pytest.fixture(scope="module")
def record() -> Record:
    game = load("tutankhamun", 3)
    bots = [make_bot("heuristic", game), make_bot("random", game), make_bot("easy", game)]
    return play_game(game, bots, seed=1).record


@pytest.fixture
def path(record: Record, tmp_path: Path) -> Path:
    file = tmp_path / "game.json"
    file.write_text(record.dumps(), encoding="utf-8")
    return file


def test_the_table_shows_every_decision_and_each_seats_summary(
    path: Path, record: Record, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["analyse", str(path), "--budget", "8", "--seed", "3"]) == 0
    out = " ".join(capsys.readouterr().out.split())  # as read, whatever the wrapping
    for word in ("move", "played", "best", "before", "after", "loss", "flag", "by seat"):
        assert word in out
    assert "8 rollouts each, seed 3" in out and "mistake from 0.2" in out
    decisions = sum(a.seat != CHANCE for a in record.actions)
    assert f"{decisions} decisions" in out


def test_json_is_fixed_by_the_seed_and_can_keep_to_one_seat(
    path: Path, record: Record, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["analyse", str(path), "--json", "--budget", "6", "--seed", "5"]
    assert main(argv) == 0
    first = capsys.readouterr().out
    assert main(argv) == 0
    assert capsys.readouterr().out == first
    data = json.loads(first)
    assert data["format"] == "saqqara-analysis" and data["game"] == "tutankhamun"
    assert data["budget"] == 6 and data["seed"] == 5 and data["analysed_seats"] == [0, 1, 2]
    assert len(data["moves"]) == sum(a.seat != CHANCE for a in record.actions)
    assert main([*argv, "--seat", "2", "--threshold", "0.3"]) == 0
    seat = json.loads(capsys.readouterr().out)
    assert seat["analysed_seats"] == [1]
    assert seat["thresholds"] == {"inaccuracy": 0.15, "mistake": 0.3}
    assert [m["played"] for m in seat["moves"]] == [
        m["played"] for m in data["moves"] if m["seat"] == 1
    ]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--budget", "0"], "--budget is at least one rollout"),
        (["--seat", "4"], "--seat is a seat from 1 to 3"),
        (["--threshold", "0"], "--threshold is a loss above 0"),
        (["--threshold", "1.5"], "--threshold is a loss above 0"),
    ],
)
def test_bad_options_are_answered_with_a_clear_error(
    path: Path, argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["analyse", str(path), *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_a_bad_file_is_answered_with_a_clear_error(
    tmp_path: Path, record: Record, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["analyse", str(tmp_path / "none.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
    junk = tmp_path / "junk.json"
    junk.write_text('{"format": "chess"}', encoding="utf-8")
    assert main(["analyse", str(junk)]) == 2
    assert "not a saqqara record" in capsys.readouterr().err
    data = record.to_json()
    index = next(i for i, a in enumerate(record.actions) if a.seat != CHANCE)
    data["actions"][index]["action"] = "take 999"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert main(["analyse", str(bad), "--budget", "4"]) == 2
    err = capsys.readouterr().err
    assert f"action #{index}" in err and "Traceback" not in err


def test_help_names_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    assert "analyse" in capsys.readouterr().out
