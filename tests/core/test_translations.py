"""The gettext catalogs: every text the code marks is translated into German, Dutch and
Swedish, with the same fields as its English source, and nothing else is in them."""

from __future__ import annotations

import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir

import saqqara
from saqqara.core.i18n import LANGUAGES, MissingTranslation, Translator, catalog

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


def marked_texts() -> set[str]:
    """Every text marked in the package's code (``N_("...")`` and ``tr("...")``)."""
    package = Path(saqqara.__file__).parent
    found = extract_from_dir(
        str(package), method_map=[("**.py", "python")], keywords={"N_": None, "tr": None}
    )
    return {message for _, _, message, _, _ in found if isinstance(message, str)}


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_catalog_holds_exactly_the_marked_texts(lang: str) -> None:
    marked = marked_texts()
    assert len(marked) > 300
    assert set(catalog(lang)) == marked


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_text_is_translated_with_the_same_fields(lang: str) -> None:
    for source, translated in catalog(lang).items():
        assert translated.strip(), f"{lang}: {source!r} is not translated"
        assert fields(translated) == fields(source), f"{lang}: fields differ in {source!r}"


def test_rulebook_terms_are_used() -> None:
    assert Translator("de")("Canopic lid") == "Kanopen-Deckel"
    assert Translator("de")("Gold nugget") == "Goldklumpen"
    assert Translator("nl")("Bag of gold") == "Zak met goud"
    assert Translator("nl")("Pharaoh tile") == "Farao-tegel"
    assert Translator("sv")("Coffin ornament") == "Kistutsmyckning"
    assert Translator("sv")("Horus falcon") == "Horusfalk"


def test_fields_are_filled_in() -> None:
    assert Translator("de")("{player}'s turn.", player="Ada") == "Ada ist am Zug."
    assert Translator("en")("{player}'s turn.", player="Ada") == "Ada's turn."


def test_a_strict_translator_refuses_an_unknown_text_and_a_lenient_one_falls_back() -> None:
    with pytest.raises(MissingTranslation):
        Translator("sv", strict=True)("no such text")
    with pytest.raises(MissingTranslation):
        Translator("en", strict=True)("no such text")
    assert Translator("sv")("no such text") == "no such text"


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown language"):
        Translator("fr")
