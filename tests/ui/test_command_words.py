"""The terminals' command words in each language: each table reads its own words and the
English ones, ``help`` shows the table's words, and no word is another command's, a menu
letter or a move's notation in any game."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest
from rich.console import Console

from saqqara.ai.registry import make_bot
from saqqara.client import TableClient
from saqqara.core.errors import NotationError
from saqqara.core.match import Match
from saqqara.core.registry import load
from saqqara.remote_terminal import RemoteSeat
from saqqara.server.messages import Welcome
from saqqara.server.updates import seat_update
from saqqara.ui.commands import COMMANDS, WORDS, command, command_fields, command_word
from saqqara.ui.terminal import TerminalTable, menu_index

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
TABLES = [
    ("tutankhamun", {"edition": "amigo-1993"}),
    ("tutankhamun", {"edition": "ootb-2004"}),
    ("valley-of-the-kings", {}),
    ("curse-of-the-mummy", {}),
    ("tutankhamuns-revenge", {}),
]


def every_word() -> set[str]:
    """Every word any table reads as a command."""
    return set(COMMANDS) | {w for words in WORDS.values() for ws in words.values() for w in ws}


def notation_words() -> set[str]:
    """The first word of every move's notation in the golden playthroughs."""
    found: set[str] = set()
    for path in GOLDEN.glob("*.txt"):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip().startswith("legal:"):
                for move in line.split(":", 1)[1].split("|"):
                    found.add(move.split()[0])
    return found


@pytest.mark.parametrize("lang", ["en", *WORDS])
def test_each_table_reads_its_words_and_the_english_ones(lang: str) -> None:
    for name in COMMANDS:
        assert command(name, lang) == name
        assert command(name.upper(), lang) == name  # in any case
        assert command(command_word(name, lang), lang) == name
        for word in WORDS[lang][name] if lang in WORDS else ():
            assert command(f" {word.capitalize()} ", lang) == name
    assert command("?", lang) == "help"
    assert command("take 3", lang) is None and command("", lang) is None


@pytest.mark.parametrize("lang", list(WORDS))
def test_a_language_has_a_word_for_every_command_and_no_word_twice(lang: str) -> None:
    words = WORDS[lang]
    assert set(words) == set(COMMANDS)
    read = [w for ws in words.values() for w in ws] + list(COMMANDS)
    assert len(read) == len(set(read)), read
    assert all(w == w.lower() and w.strip() == w and " " not in w for w in read)
    assert set(command_fields(lang).values()) == {ws[0] for ws in words.values()}


def test_another_languages_word_is_not_read_as_a_command() -> None:
    assert command("hilfe", "sv") is None and command("hjälp", "de") is None


def test_no_command_word_is_a_menu_letter_or_a_moves_notation() -> None:
    notations = notation_words()
    assert {"take", "lift", "stop", "done", "worker"} <= notations  # the golden files read
    for word in sorted(every_word()):
        assert menu_index(word, 26 * 27) is None, word
        assert word not in notations, word
        for game_id, options in TABLES:
            game = load(game_id, 3, options)
            with pytest.raises(NotationError):
                game.parse_action(word)


def _local(lines: list[str], lang: str, path: Path) -> str:
    game = load("tutankhamun", 2)
    out = io.StringIO()
    feed = iter(lines)
    table = TerminalTable(
        game,
        [None, make_bot("random", game)],
        4,
        Console(file=out, width=2000),
        lambda prompt: next(feed),
        path,
        lang=lang,
    )
    table.run()
    return plain(out.getvalue())


def plain(text: str) -> str:
    """``text`` with the German low and high quotation marks as straight ones."""
    return text.replace("„", '"').replace("“", '"')


def test_a_german_local_table_reads_german_and_english_command_words(tmp_path: Path) -> None:
    said = _local(["hilfe", "züge", "regeln", "HELP", "zuege", "beenden"], "de", tmp_path / "g")
    assert said.count('Befehle: "mehr" zeigt mehr vom Menü, "züge" alle Züge') == 2
    assert '"beenden" speichert' in said and '"more"' not in said
    assert "ist kein Zug dieses Spiels" not in said  # every line was a command
    assert said.count("[take 68]") == 2  # 'züge' and 'zuege' each listed every move
    assert "Weiterspielen mit:" in said  # 'beenden' stopped the game


def test_a_swedish_local_table_lists_every_move_for_drag(tmp_path: Path) -> None:
    said = _local(["drag", "moves", "avsluta"], "sv", tmp_path / "g")
    assert said.count("[take 68]") == 2  # the last slot, shown only when all moves are


def _remote(lang: str) -> tuple[RemoteSeat, io.StringIO]:
    game = load("tutankhamun", 2)
    welcome = Welcome("T1", "tutankhamun", 2, {}, 0, ["Ann", "Bo"], lang)
    out = io.StringIO()
    screen = Console(file=out, width=2000, height=24, color_system=None)
    client = TableClient("http://127.0.0.1:9/t/T1?seat=0&key=K")
    remote = RemoteSeat(client, welcome, screen, lambda _: "")
    match = Match(game, seed=3, names=["Ann", "Bo"])
    update = seat_update(
        game,
        match,
        0,
        lang,
        seq=match.seq,
        steps=list(match.history),
        status="playing",
        playing=True,
        names=["Ann", "Bo"],
    )
    asyncio.run(remote._message(update))
    return remote, out


def test_a_dutch_remote_seat_reads_dutch_and_english_command_words() -> None:
    remote, out = _remote("nl")
    for line in ("hulp", "zetten", "legenda", "moves"):
        asyncio.run(remote._command(line))
    said = plain(out.getvalue())
    assert '"meer" toont meer van het menu' in said or '"meer"' in said
    assert '"afsluiten"' in said and '"quit"' not in said
    assert said.count("[take 68]") == 2  # 'zetten' and 'moves' both listed every move
    assert remote.client.pending is None  # no command was sent as a move
