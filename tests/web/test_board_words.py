"""The board words: the names of what the browser's boards draw from the views' slugs
(Revenge's cards, the mummy's symbols and colours) are bundled with the client in English
(``web/schema/board-words.json``, which must match the games' presentations) and translated
in every language by the texts the site serves."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from saqqara.core.i18n import LANGUAGES, SOURCE_LANGUAGE, Translator
from saqqara.core.registry import load
from saqqara.games.curse_of_the_mummy.data import board
from saqqara.games.tutankhamun.data import EDITIONS, edition
from saqqara.games.tutankhamuns_revenge.data import deck
from saqqara.server.web_texts import board_values, board_words, web_texts

WORDS = Path(__file__).resolve().parents[2] / "web" / "schema" / "board-words.json"
VALUES = Path(__file__).resolve().parents[2] / "web" / "schema" / "board-values.json"


def test_the_bundled_board_words_match_the_presentations() -> None:
    assert json.loads(WORDS.read_text(encoding="utf-8")) == board_words(), (
        "web/schema/board-words.json is stale: run python scripts/web_data.py --schema"
    )


def test_the_bundled_board_values_match_the_presentations() -> None:
    assert json.loads(VALUES.read_text(encoding="utf-8")) == board_values(), (
        "web/schema/board-values.json is stale: run python scripts/web_data.py --schema"
    )


def test_every_tutankhamun_tile_has_a_board_word_and_each_type_its_value() -> None:
    tiles = board_words()["tutankhamun"]["tiles"]
    for edition_id in EDITIONS:
        found = edition(edition_id)
        values = board_values()["tutankhamun"][edition_id]
        assert values == {t.slug: t.count for t in found.types}
        assert set(values) <= set(tiles)
        assert {found.steal_slug, found.wild_slug} <= set(tiles)
    assert board_values()["tutankhamun"]["amigo-1993"]["throne"] == 8
    assert board_values()["tutankhamuns-revenge"]["cards"] == {
        c.slug: c.value for c in deck().cards
    }


def test_every_card_and_symbol_a_view_can_show_has_a_board_word() -> None:
    words = board_words()
    assert {card.slug for card in deck().cards} == set(words["tutankhamuns-revenge"]["cards"])
    maze = board()
    assert {symbol.name for symbol in maze.symbols} <= set(words["curse-of-the-mummy"]["symbols"])
    assert set(maze.colours) == set(words["curse-of-the-mummy"]["colours"])
    # The symbols a mummy view names (hands, played cards) are these too.
    view = load("curse-of-the-mummy", 3).new_state().view(None)
    assert "played" in view and "hand" in view


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != SOURCE_LANGUAGE])
def test_every_board_word_is_served_translated(lang: str) -> None:
    served = web_texts(lang)
    strict = Translator(lang, strict=True)
    for game_id, kinds in board_words().items():
        for kind, names in kinds.items():
            for slug, english in names.items():
                assert served[english] == strict.text(english), (game_id, kind, slug)
                assert served[english].strip(), (lang, english)


def test_the_rulebooks_terms_name_the_cards_and_symbols() -> None:
    assert web_texts("sv")["Horus falcon"] == "Horusfalk"
    assert web_texts("sv")["Alabaster vase"] == "Alabastervas"
    assert web_texts("de")["scarab"] == "Skarabäus"
    assert web_texts("nl")["canopic jar"] == "canope"
