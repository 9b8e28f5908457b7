"""Refusal reasons in the table's language: every refusal's English text (the protocol's
message, unchanged) is read back through its template and shown translated, at a local
table and at a remote seat alike."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console

from saqqara.ai.registry import make_bot
from saqqara.core.errors import IllegalAction
from saqqara.core.i18n import LANGUAGES, Translator
from saqqara.core.match import Match
from saqqara.core.presentation import presentation_for
from saqqara.core.refusals import templates, translate_refusal
from saqqara.core.registry import load, registered_games
from saqqara.server.messages import Error
from saqqara.ui.terminal import TerminalTable
from tests.ui.test_command_words import _remote

FIELD = re.compile(r"\{(\w+)\}")


def every_template() -> tuple[str, ...]:
    import saqqara.server.refusal_texts  # noqa: F401 - the server's own refusals, marked

    for game_id in registered_games():
        load(game_id, 3)  # a game's module marks its refusals when it is loaded
    return templates()


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_refusal_template_is_translated_with_its_fields(lang: str) -> None:
    """Every refusal a seat can read (the games', the kernel's and the server's own) has
    its own words in every language, with the same fields as the English."""
    marked = every_template()
    assert "spectators cannot act" in marked and "no table {table}" in marked
    tr = Translator(lang, strict=True)
    for template in marked:
        translated = tr.text(template)
        assert set(FIELD.findall(translated)) == set(FIELD.findall(template)), template
        if FIELD.sub("", template).strip(" :"):  # some words besides the fields
            assert translated != template, f"{lang}: {template!r} is still English"


def test_the_games_mark_their_refusals() -> None:
    marked = every_template()
    assert "{action} is not legal now" in marked  # the kernel's
    assert "stack {stack} is empty" in marked  # Tutankhamun's Revenge's
    assert "this is the {phase} phase" in marked  # Valley of the Kings'


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_reads_back_through_its_template(lang: str) -> None:
    tr = Translator(lang, strict=lang != "en")
    for template in every_template():
        fields = {name: f"v{i}x" for i, name in enumerate(FIELD.findall(template))}
        english = template.format(**fields)
        expected = tr(template, **fields) if lang != "en" else english
        assert translate_refusal(english, tr) == expected, template


def test_a_text_no_template_made_is_shown_as_it_came() -> None:
    assert translate_refusal("the moon is made of cheese", Translator("de")) == (
        "the moon is made of cheese"
    )


def test_a_nested_refusal_and_its_phase_are_translated() -> None:
    """Valley's refusal names the move, then why; the why names the phase by its id."""
    game = load("valley-of-the-kings", 3)
    match = Match(game, seed=1)
    acting = match.to_act()[0]
    assert match.perspective(acting).view()["phase"] == "bid"
    with pytest.raises(IllegalAction) as refused:
        match.submit(acting, game.parse_action("worker 1 16"))
    english = refused.value.message
    assert english.endswith("this is the bid phase"), english
    text = presentation_for(game, "de")
    german = translate_refusal(english, text.tr, text.phase_name)
    assert german.endswith(": jetzt ist die Phase Bieten"), german
    assert german.split(":")[0] == english.split(":")[0]  # the notation stays as typed


def test_a_german_local_table_says_a_refused_move_in_german(tmp_path: Path) -> None:
    game = load("tutankhamun", 2)
    out = io.StringIO()
    feed = iter(["take 5", "take 3", "beenden"])
    table = TerminalTable(
        game,
        [None, make_bot("random", game)],
        4,
        Console(file=out, width=200),
        lambda prompt: next(feed),
        tmp_path / "g",
        lang="de",
    )
    table.run()
    said = out.getvalue()
    assert "take 3 ist jetzt nicht erlaubt. Tippe 'züge'" in said, said[-800:]
    assert "is not legal now" not in said


def test_a_dutch_remote_seat_says_the_servers_refusal_in_dutch() -> None:
    remote, out = _remote("nl")
    remote._refused(Error("stale", "the game has moved on: action 7 is next, not 5"))
    assert "het spel is verder: zet 7 is de volgende, niet 5" in out.getvalue()
    remote._refused(Error("cannot-undo", "that move revealed something"))  # the server's own
    assert "die zet heeft iets onthuld" in out.getvalue()


def test_a_notations_marked_reason_is_said_in_the_tables_language(tmp_path: Path) -> None:
    """Tutankhamun's reading of a slot beyond the path has a reason of its own: a German
    table says it in German; a reason from no template keeps the table's own words."""
    game = load("tutankhamun", 2)
    out = io.StringIO()
    feed = iter(["take 500", "fly away", "beenden"])
    table = TerminalTable(
        game,
        [None, make_bot("random", game)],
        4,
        Console(file=out, width=200),
        lambda prompt: next(feed),
        tmp_path / "g",
        lang="de",
    )
    table.run()
    said = out.getvalue()
    assert "Feld 500 liegt jenseits der Laufbahn (0..68)" in said, said[-600:]
    assert "'fly away' ist kein Zug dieses Spiels" in said
