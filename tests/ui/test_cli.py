"""The `saqqara` command: each subcommand, its JSON output, and clear errors (exit 2)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from saqqara.ai.random_bot import RandomBot
from saqqara.cli import main
from saqqara.core.journal import read_record_file
from saqqara.core.playout import play_game
from saqqara.core.registry import load


def test_games_lists_every_game_with_options_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games", "--json"]) == 0
    games = {g["id"]: g for g in json.loads(capsys.readouterr().out)}
    tut = games["tutankhamun"]
    assert tut["players"] == [2, 6]
    assert tut["options"]["edition"]["choices"] == ["amigo-1993", "ootb-2004"]
    assert {"greedy", "random"} <= set(tut["bots"])


def test_games_table_for_people(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    assert "Tutankhamun" in capsys.readouterr().out


def test_arena_reports_win_rates_with_intervals(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "tutankhamun", "--players", "3", "--bots", "greedy,random,random"]
    assert main([*argv, "--games", "12", "--seed", "3", "--workers", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 12 and data["fair_share"] == 0.3333
    greedy = data["bots"]["greedy"]
    assert greedy["seats_played"] == 12 and data["bots"]["random"]["seats_played"] == 24
    low, high = greedy["ci95"]
    assert 0 <= low <= greedy["win_rate"] <= high <= 1


def test_arena_heading_is_one_line_above_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    """The heading names the game, its options, the players, the games and the seed whole,
    on one line (as the table's title it wrapped to the narrower table's width)."""
    argv = ["arena", "tutankhamun", "--players", "2", "--bots", "random,probe:first"]
    assert main([*argv, "--games", "2", "--seed", "5", "--workers", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "tutankhamun (edition=amigo-1993), 2 players, 2 games, seed 5"
    assert lines[1].startswith("┏")


def test_arena_result_does_not_depend_on_the_number_of_workers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["arena", "tutankhamun", "--players", "2", "--bots", "random,random", "--games", "8"]
    main([*argv, "--workers", "1", "--json"])
    one = json.loads(capsys.readouterr().out)
    main([*argv, "--workers", "2", "--json"])
    two = json.loads(capsys.readouterr().out)
    thinking = "seconds_per_move"  # processor time differs from run to run
    assert {**one, thinking: None} == {**two, thinking: None}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["arena", "chess", "--players", "2", "--bots", "random,random"], "unknown game 'chess'"),
        (["arena", "tutankhamun", "--players", "3", "--bots", "random"], "must name 3 bots"),
        (["arena", "tutankhamun", "--players", "2", "--bots", "random,ghost"], "no bot 'ghost'"),
        (["arena", "tutankhamun", "--players", "9", "--bots", ",".join(["random"] * 9)], "2 to 6"),
        (
            ["arena", "tutankhamun", "--players", "2", "--bots", "random,random", "--option", "x"],
            "--option takes NAME=VALUE",
        ),
        (["replay", "/nonexistent/record.json"], "cannot read"),
        (["board", "chess"], "unknown game 'chess'"),
        (["play", "--players", "3", "--bots", "greedy"], "names 1 bots for 3 players"),
        # a player count out of range is refused with the range (--players 0 once started 3)
        (["play", "tutankhamun", "--players", "0", "--bots", "random"], "2 to 6 players; got 0"),
        (["arena", "tutankhamun", "--players", "0", "--bots", "random"], "2 to 6 players; got 0"),
    ],
)
def test_bad_input_is_answered_with_a_clear_error(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_replay_checks_a_record_and_prints_the_outcome(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = load("tutankhamun", 4, {"edition": "ootb-2004"})
    played = play_game(game, [RandomBot(game)] * 4, seed=9)
    path = tmp_path / "game.json"
    path.write_text(played.record.dumps(), encoding="utf-8")
    assert main(["replay", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["finished"] and data["outcome"]["ranks"] == list(played.state.outcome().ranks)
    assert main(["replay", str(path)]) == 0
    assert "every one is legal" in capsys.readouterr().out
    assert main(["replay", str(path), "--lang", "de"]) == 0
    german = capsys.readouterr().out
    assert "jede ist regelgerecht" in german and "Sieger: " in german


def test_arena_tables_speak_the_chosen_language(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "curse-of-the-mummy", "--players", "2", "--bots", "heuristic,random"]
    assert main([*argv, "--games", "2", "--workers", "1", "--lang", "sv"]) == 0
    swedish = capsys.readouterr().out
    assert "vinstandel" in swedish and "per sida" in swedish and "rättvis andel" in swedish
    assert "win rate" not in swedish


def test_replay_names_the_index_of_an_illegal_action(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = load("tutankhamun", 2)
    data = play_game(game, [RandomBot(game)] * 2, seed=1).record.to_json()
    data["actions"][70]["action"] = "take 68"
    data["actions"][71]["action"] = "take 68"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert "action #71" in capsys.readouterr().err


def test_help_lists_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    out = capsys.readouterr().out
    for command in ("games", "play", "arena", "replay", "board"):
        assert command in out


def test_a_person_can_take_a_side_by_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def no_more_input(prompt: str = "") -> str:
        raise EOFError

    monkeypatch.setattr("builtins.input", no_more_input)
    for side, seat in (("mummy", 0), ("explorer", 1)):
        record = tmp_path / f"{side}.json"
        argv = ["play", "curse-of-the-mummy", "--players", "3", "--seat", side]
        assert main([*argv, "--seed", "5", "--save", str(record)]) == 0
        seats = read_record_file(record).seats
        assert seats[seat] == "human"
        assert seats.count("human") == 1 and "heuristic" in seats
    assert main(["play", "curse-of-the-mummy", "--players", "3", "--seat", "pharaoh"]) == 2
    assert "no seat role 'pharaoh'; roles: mummy, explorer" in capsys.readouterr().err
    assert main(["play", "tutankhamun", "--seat", "mummy"]) == 2
    assert "every seat is alike" in capsys.readouterr().err


def test_a_resumed_game_keeps_its_seed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    answers = iter(["a", "quit", "a", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    record = tmp_path / "game.jsonl"
    argv = ["play", "tutankhamun", "--players", "3", "--seed", "5", "--save", str(record)]
    assert main(argv) == 0
    first = read_record_file(record)
    assert main(["play", "--resume", str(record), "--seed", "9"]) == 2  # not ignored: refused
    assert main(["play", "--resume", str(record)]) == 0
    second = read_record_file(record)
    names = ["Player 1", "Player 2", "Player 3"]
    assert first.meta == second.meta == {"seed": 5, "lang": "en", "names": names}
    assert second.actions[: len(first.actions)] == first.actions
    assert len(second.actions) > len(first.actions)
    assert main(["replay", str(record)]) == 0  # replay reads the journal too


def test_arena_reports_each_side_of_a_game_of_unequal_sides(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["arena", "curse-of-the-mummy", "--players", "3", "--bots", "heuristic,random,random"]
    assert main([*argv, "--games", "6", "--seed", "2", "--workers", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    sides = data["sides"]
    assert set(sides) == {"mummy", "explorer"}
    assert sides["mummy"]["seats_played"] == 6
    assert sides["mummy"]["win_rate"] + sides["explorer"]["win_rate"] == pytest.approx(1.0)
    by_side = data["bots_by_side"]
    assert by_side["heuristic as mummy"]["seats_played"] == 2
    assert by_side["random as explorer"]["seats_played"] == 8
    assert "sides" not in _arena_json(capsys, "tutankhamun")


def _arena_json(capsys: pytest.CaptureFixture[str], game: str) -> dict[str, object]:
    argv = ["arena", game, "--players", "2", "--bots", "random,random", "--games", "2"]
    assert main([*argv, "--workers", "1", "--json"]) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    return data


def test_games_never_cuts_an_id_and_marks_the_default_bot(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    for game_id in ("curse-of-the-mummy", "tutankhamuns-revenge", "valley-of-the-kings"):
        assert f"\n{game_id}\n" in f"\n{out}"
    assert out.count("heuristic (default)") == 4
    assert max(len(line) for line in out.splitlines()) <= 80


def _play_until_input_ends(monkeypatch: pytest.MonkeyPatch, answers: list[str]) -> None:
    feed = iter(answers)

    def read(prompt: str = "") -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", read)


def test_saves_get_unique_names_are_listed_and_the_latest_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    _play_until_input_ends(monkeypatch, [])
    for _ in range(2):  # two games started in the same second keep two files
        assert main(["play", "tutankhamun", "--players", "2", "--seed", "1"]) == 0
    saves = sorted((tmp_path / "saqqara" / "records").glob("tutankhamun-*.jsonl"))
    assert len(saves) == 2
    capsys.readouterr()
    assert main(["saves"]) == 0
    listed = capsys.readouterr().out
    assert all(p.name in listed for p in saves) and "tutankhamun, 2 players" in listed
    _play_until_input_ends(monkeypatch, ["a"])
    assert main(["play", "--resume", "latest"]) == 0
    assert "Game saved to" in capsys.readouterr().out


def test_resume_latest_skips_games_that_are_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A trial left a game under way, played another to its end, and '--resume latest'
    showed that one's result: the newest game still under way is the one resumed."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    records = tmp_path / "saqqara" / "records"
    _play_until_input_ends(monkeypatch, [])
    assert main(["play", "curse-of-the-mummy", "--players", "2", "--seed", "1"]) == 0
    older = next(records.glob("*.jsonl"))
    os.utime(older, (1, 1))  # long ago
    _play_until_input_ends(monkeypatch, [])
    assert main(["play", "tutankhamun", "--players", "2", "--seed", "1"]) == 0
    left = next(records.glob("tutankhamun-*.jsonl"))
    os.utime(left, (2, 2))  # the newest under way
    bots = ["play", "valley-of-the-kings", "--players", "2", "--bots", "random,random"]
    assert main([*bots, "--seed", "2"]) == 0  # the newest of all, over
    capsys.readouterr()
    _play_until_input_ends(monkeypatch, [])
    assert main(["play", "--resume", "latest"]) == 0
    said = capsys.readouterr().out
    assert "Tutankhamun" in said and f"saqqara play --resume {left}" in said.replace("\n", "")
    left.unlink()
    older.unlink()  # only the finished game is left
    assert main(["play", "--resume", "latest"]) == 2
    assert "is under way (each is over or unreadable)" in capsys.readouterr().err


def test_a_resumed_game_goes_on_in_its_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A trial's German game came back in English: the record keeps the language, and
    ``--lang`` still chooses another."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    _play_until_input_ends(monkeypatch, [])
    assert main(["play", "tutankhamun", "--players", "2", "--seed", "1", "--lang", "de"]) == 0
    assert "du bist am Zug" in capsys.readouterr().out
    saved = next((tmp_path / "saqqara" / "records").glob("*.jsonl"))
    assert read_record_file(saved).meta["lang"] == "de"
    _play_until_input_ends(monkeypatch, [])
    assert main(["play", "--resume", "latest"]) == 0
    assert "du bist am Zug" in capsys.readouterr().out
    _play_until_input_ends(monkeypatch, [])
    assert main(["play", "--resume", "latest", "--lang", "en"]) == 0
    said = capsys.readouterr().out
    assert "your move" in said and "du bist am Zug" not in said
    assert read_record_file(saved).meta["lang"] == "en"  # it goes on in English now
    _play_until_input_ends(monkeypatch, [])
    assert main(["play", "--resume", "latest"]) == 0
    assert "du bist am Zug" not in capsys.readouterr().out


def test_a_resumed_game_keeps_its_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A trial's ``--resume`` forgot ``--name``: the record keeps the table's names, and a
    ``--name`` given with ``--resume`` still renames the person."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    _play_until_input_ends(monkeypatch, [])
    assert main(["play", "tutankhamun", "--players", "2", "--seed", "1", "--name", "Ada"]) == 0
    assert "Ada, your move" in capsys.readouterr().out
    saved = next((tmp_path / "saqqara" / "records").glob("*.jsonl"))
    assert read_record_file(saved).meta["names"] == ["Ada", "Player 2"]
    _play_until_input_ends(monkeypatch, [])
    assert main(["play", "--resume", "latest"]) == 0
    assert "Ada, your move" in capsys.readouterr().out
    _play_until_input_ends(monkeypatch, [])
    assert main(["play", "--resume", "latest", "--name", "Bea"]) == 0
    assert "Bea, your move" in capsys.readouterr().out
    assert read_record_file(saved).meta["names"] == ["Bea", "Player 2"]


def test_each_person_of_a_hot_seat_table_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--name`` takes one name a person, comma-separated in seat order, where several
    people share the terminal (a trial could name only one of them); a wrong count or a
    name given twice is refused."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    _play_until_input_ends(monkeypatch, ["a"])
    argv = ["play", "tutankhamun", "--players", "2", "--bots", "human,human", "--seed", "1"]
    assert main([*argv, "--name", "Ann, Bo"]) == 0
    said = capsys.readouterr().out
    assert "Ann, your move" in said and "Bo, your move" in said
    saved = next((tmp_path / "saqqara" / "records").glob("*.jsonl"))
    assert read_record_file(saved).meta["names"] == ["Ann", "Bo"]
    assert main([*argv, "--name", "Ann"]) == 2
    assert "names the 2 people at the table" in capsys.readouterr().err
    assert main([*argv, "--name", "Ann,ann"]) == 2
    assert "a name of their own" in capsys.readouterr().err


def test_resume_refuses_conflicting_game_arguments(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "g.json"
    _play_until_input_ends(monkeypatch, [])
    assert main(["play", "tutankhamun", "--players", "2", "--save", str(record)]) == 0
    assert main(["play", "valley-of-the-kings", "--resume", str(record)]) == 2
    assert "drop GAME" in capsys.readouterr().err
    assert main(["play", "--players", "4", "--resume", str(record)]) == 2
    assert "drop --players" in capsys.readouterr().err


def test_play_speaks_german_and_calls_the_person_by_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _play_until_input_ends(monkeypatch, ["a"] * 300)
    argv = ["play", "tutankhamun", "--players", "2", "--seed", "3", "--lang", "de"]
    assert main([*argv, "--name", "Ada", "--save", str(tmp_path / "g.json")]) == 0
    out = capsys.readouterr().out
    assert "Ada, du bist am Zug" in out
    assert "Spielende" in out and "Ada (du): " in out and "Felder bis zum Ziel" in out


def test_every_game_has_a_board_to_draw(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from saqqara.core.registry import registered_games

    for game_id in registered_games():
        svg = tmp_path / f"{game_id}.svg"
        assert main(["board", game_id, "--svg", str(svg)]) == 0
        assert svg.read_text(encoding="utf-8").startswith("<svg")
    out = capsys.readouterr().out
    assert "| a1 | b1 | c1 | d1 |" in out  # Revenge's box
    assert "60 61 62 63 64 65 66 67 68 69" in out  # Tutankhamun's path


def test_board_drawings_speak_the_language_asked_for(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    svg = tmp_path / "mummy.svg"
    assert main(["board", "curse-of-the-mummy", "--lang", "de", "--svg", str(svg)]) == 0
    assert main(["board", "tutankhamuns-revenge", "--lang", "sv"]) == 0
    assert main(["board", "tutankhamun", "--lang", "nl"]) == 0
    assert main(["board", "valley-of-the-kings", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "Skarabäus" in out and "Verlies" in svg.read_text(encoding="utf-8")
    assert "Lager 1 (botten)" in out and "Horusfalk" in out
    assert "Zak met goud" in out
    assert "Gebiete und die Gebiete einen Schritt entfernt:" in out


def test_a_file_it_cannot_write_is_named_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A record, a board drawing or a ladder's folder where nothing can be written (under a
    plain file here): the path and why, exit status 1, no traceback; the ladder says so
    before it plays a game."""
    from saqqara.ai import ladder_command

    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")

    def no_games(*args: object, **kwargs: object) -> None:
        raise AssertionError("the ladder played before finding it could not write")

    monkeypatch.setattr(ladder_command, "run_ladder", no_games)
    cases = [
        ["play", "tutankhamun", "--bots", "random", "--players", "2", "--save"],
        ["board", "tutankhamun", "--svg"],
        ["ladder", "tutankhamun", "--bots", "random,easy", "--games", "2", "--out"],
    ]
    for argv in cases:
        target = str(blocker / "inside" / "x.json")
        assert main([*argv, target]) == 1, argv
        said = capsys.readouterr()
        err = said.err
        assert err.startswith(f"saqqara {argv[0]}: error: "), err
        assert str(blocker) in err and "Traceback" not in err and len(err.splitlines()) == 1
        assert not said.out.strip()  # nothing else was said or drawn first
