"""The gettext catalogs: every text the code marks is translated into German, Dutch and
Swedish, with the same fields as its English source, and nothing else is in them."""

from __future__ import annotations

import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir

import saqqara
from saqqara.core.i18n import (
    FOUND_KEPT,
    KEYWORDS,
    LANGUAGES,
    PLURAL_FORMS,
    MissingTranslation,
    Translator,
    catalog,
    plural_catalog,
)

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


def _marked() -> list[object]:
    package = Path(saqqara.__file__).parent
    found = extract_from_dir(str(package), method_map=[("**.py", "python")], keywords=KEYWORDS)
    return [message for _, _, message, _, _ in found]


def marked_texts() -> set[str]:
    """Every text marked in the package's code (``N_("...")`` and ``tr("...")``)."""
    return {message for message in _marked() if isinstance(message, str)}


def marked_plurals() -> set[tuple[str, str]]:
    """Every counted text marked in the code (``ntr("...", "...", n)``)."""
    return {
        (str(message[0]), str(message[1]))
        for message in _marked()
        if isinstance(message, tuple) and len(message) == 2
    }


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_catalog_holds_exactly_the_marked_texts(lang: str) -> None:
    marked = marked_texts()
    assert len(marked) > 300
    assert set(catalog(lang)) == marked


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_catalog_holds_exactly_the_marked_counted_texts(lang: str) -> None:
    marked = marked_plurals()
    assert marked
    assert set(plural_catalog(lang)) == marked


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_text_is_translated_with_the_same_fields(lang: str) -> None:
    for source, translated in catalog(lang).items():
        assert translated.strip(), f"{lang}: {source!r} is not translated"
        assert fields(translated) == fields(source), f"{lang}: fields differ in {source!r}"
    for (singular, plural), forms in plural_catalog(lang).items():
        assert len(forms) == 2 and all(f.strip() for f in forms), f"{lang}: {singular!r}"
        assert "count" in fields(singular) and fields(singular) == fields(plural)
        for form in forms:
            assert fields(form) == fields(singular), f"{lang}: fields differ in {singular!r}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_catalog_declares_the_plural_rule_the_translator_applies(lang: str) -> None:
    path = Path(saqqara.__file__).parent / "locale" / lang / "LC_MESSAGES" / "saqqara.po"
    assert f'"Plural-Forms: {PLURAL_FORMS}\\n"' in path.read_text(encoding="utf-8")


def test_a_counted_text_takes_the_form_of_its_count() -> None:
    steps = ("{count} step", "{count} steps")
    assert Translator("en").ntr(*steps, 1) == "1 step"
    assert Translator("en").ntr(*steps, 0) == "0 steps"
    assert Translator("en").ntr(*steps, 2) == "2 steps"


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


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_translator_answers_each_text_as_its_catalog_does_every_time(lang: str) -> None:
    """Lenient translators remember their answers, shared by language (the server words
    some texts thousands of times a second, with a translator per table's names): the same
    as the catalog's, a strict translator's refusal never remembered or shared, and at most
    FOUND_KEPT of them."""
    texts = sorted(marked_texts())
    known = catalog(lang) if lang != "en" else {}
    expected = [known.get(t) or t for t in texts]
    for _ in range(2):
        assert [Translator(lang).text(t) for t in texts] == expected
    assert Translator(lang)._found is Translator(lang)._found
    strict = Translator(lang, strict=True)
    Translator(lang).text("no such text")  # a lenient answer, remembered for the lenient
    for _ in range(2):
        with pytest.raises(MissingTranslation):
            strict.text("no such text")
    remembering = Translator(lang)
    for number in range(FOUND_KEPT + 10):
        assert remembering.text(f"odd text {number}") == f"odd text {number}"
    assert len(remembering._found) <= FOUND_KEPT


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown language"):
        Translator("fr")


def test_event_sentences_count_in_the_singular_and_the_plural() -> None:
    from saqqara.core.presentation import presentation_for
    from saqqara.core.registry import load

    mummy = load("curse-of-the-mummy", 2)
    step = {"kind": "mummy-step", "field": "f6"}
    english = presentation_for(mummy, "en", strict=True)
    assert english.event_sentence({**step, "steps_left": 1}).endswith("(1 step left).")
    assert english.event_sentence({**step, "steps_left": 2}).endswith("(2 steps left).")
    german = presentation_for(mummy, "de", strict=True)
    assert german.event_sentence({**step, "steps_left": 1}).endswith("(noch 1 Schritt).")
    roll = {"kind": "roll", "figure": 0, "dice": 1}
    assert english.event_sentence(roll) == "Explorer 1 rolls 1 die."
