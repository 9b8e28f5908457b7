"""Abbreviations and board codes from the table's language: Valley of the Kings' stone and
piece letters and Curse of the Mummy's symbol codes are the initials of their words there,
distinct within their set."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from saqqara.core.i18n import LANGUAGES
from saqqara.core.initials import initials, two_letters
from saqqara.core.presentation import presentation_for
from saqqara.core.registry import load
from saqqara.games.curse_of_the_mummy.data import board as maze
from saqqara.games.curse_of_the_mummy.presentation import MummyPresentation, symbol_code
from saqqara.games.tutankhamun.presentation import TutankhamunPresentation
from saqqara.games.valley_of_the_kings.presentation import ValleyPresentation
from saqqara.ui.terminal import print_legend


def test_initials_take_the_first_free_letter_consonants_first() -> None:
    assert initials(["red", "grey", "black", "white", "sand"]) == ["R", "G", "B", "W", "S"]
    assert initials(["rot", "grau", "schwarz", "weiß", "sandfarben"]) == list("RGSWN")
    assert initials(["Aufseher", "Arbeiter"]) == ["A", "R"]
    assert initials(["aa", "a"]) == ["A", "?"]  # no letter left
    assert two_letters(["Krummstab", "Krone", "Kobra"]) == ["kr", "ko", "kb"]


def _valley(lang: str) -> ValleyPresentation:
    text = presentation_for(load("valley-of-the-kings", 3), lang)
    assert isinstance(text, ValleyPresentation)
    return text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_valleys_letters_are_the_initials_of_the_tables_words(lang: str) -> None:
    text = _valley(lang)
    letters = text.stone_letters()
    assert len(set(letters.values())) == 5
    for slug, letter in letters.items():
        assert letter.lower() in text.colour(slug).lower()  # a letter of the colour's name
    assert letters["red"] == text.colour("red")[0].upper()
    overseer, worker = text.piece_letters()
    assert overseer != worker


def test_a_german_valley_legend_and_board_use_german_letters() -> None:
    text = _valley("de")
    colours = ["red", "grey", "black", "white", "sand"]
    assert text.stone_letters() == dict(zip(colours, "RGSWN", strict=True))
    out = io.StringIO()
    print_legend(Console(file=out, width=120), text, "valley-of-the-kings")
    said = out.getvalue()
    assert "R G S W N  " in said
    assert "A R  " in said  # Aufseher, Arbeiter on the short board
    assert "R G K W S" not in said and "O W" not in said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_curse_symbol_codes_are_distinct_and_from_the_tables_words(lang: str) -> None:
    b = maze()
    text = presentation_for(load("curse-of-the-mummy", 3), lang)
    assert isinstance(text, MummyPresentation)
    codes = [symbol_code(s.id, lang) for s in b.symbols]
    assert len(set(codes)) == len(codes) and all(len(code) == 3 for code in codes)
    for s, code in zip(b.symbols, codes, strict=True):
        name = text.symbol(s.name).lower()
        assert code[1] == name[0] and code[2] in name[1:], (code, name)
        assert code[0].lower() in text.colour(b.colours[s.colour]).lower()


def test_curse_codes_in_english_stay_and_in_german_follow_the_german_names() -> None:
    b = maze()
    scarab = next(s.id for s in b.symbols if s.name == "scarab")
    assert symbol_code(scarab) == "Rsc" and symbol_code(scarab, "de") == "Rsk"


@pytest.mark.parametrize(
    ("edition", "lang", "letter"),
    [
        ("amigo-1993", "en", "c"),
        ("amigo-1993", "de", "k"),
        ("ootb-2004", "en", "p"),
        ("ootb-2004", "nl", "f"),
    ],
)
def test_tutankhamuns_wildcards_are_marked_by_their_names_initial(
    edition: str, lang: str, letter: str
) -> None:
    text = presentation_for(load("tutankhamun", 3, {"edition": edition}), lang)
    assert isinstance(text, TutankhamunPresentation)
    assert text.wild_letter() == letter
    out = io.StringIO()
    print_legend(Console(file=out, width=120), text, "tutankhamun")
    assert f"+N{letter}  " in out.getvalue()
