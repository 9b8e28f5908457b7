"""Translations: English source texts, German, Dutch and Swedish gettext catalogs (Babel).

The catalogs are the ``.po`` sources in ``saqqara/locale/<lang>/LC_MESSAGES/saqqara.po``,
read directly with Babel at first use, so a fresh editable install and a wheel both work
without a compile step. Texts are ``str.format`` templates with named fields
(``"{player} passes"``); a translation keeps every field of its source.

Texts are marked for extraction with ``N_("...")`` (a marker that returns its argument)
where they are stored for later, and translated through a :class:`Translator`, called as
``tr("...", field=value)``; Babel's extractor finds both (keywords ``N_`` and ``tr``).
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

from babel.messages.pofile import read_po

LANGUAGES = ("en", "de", "nl", "sv")
"""English (the source language), German, Dutch and Swedish."""
SOURCE_LANGUAGE = "en"
DOMAIN = "saqqara"


def N_(message: str) -> str:  # noqa: N802 - the gettext convention for "translate later"
    """Mark ``message`` for extraction without translating it now."""
    return message


class MissingTranslation(KeyError):
    """A text has no entry in a catalog (raised only by a strict translator)."""


@cache
def catalog(lang: str) -> dict[str, str]:
    """Every source text of ``lang``'s catalog with its translation (``""``: untranslated)."""
    if lang not in LANGUAGES or lang == SOURCE_LANGUAGE:
        raise ValueError(f"no catalog for {lang!r} (translated: {', '.join(LANGUAGES[1:])})")
    source = resources.files("saqqara").joinpath(f"locale/{lang}/LC_MESSAGES/{DOMAIN}.po")
    with source.open("rb") as handle:
        parsed = read_po(handle, locale=lang, domain=DOMAIN)
    return {str(m.id): str(m.string) for m in parsed if m.id and isinstance(m.id, str)}


class Translator:
    """Translates source texts into one language and fills in their fields.

    A lenient translator (the default) falls back to the English source for a text its
    catalog lacks; a strict one raises :class:`MissingTranslation`, which the tests use to
    prove that every text a game can show is translated.
    """

    def __init__(self, lang: str = SOURCE_LANGUAGE, *, strict: bool = False) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r} (languages: {', '.join(LANGUAGES)})")
        self.lang = lang
        self.strict = strict
        self._texts = catalog(lang) if lang != SOURCE_LANGUAGE else None

    def text(self, message: str) -> str:
        """The translation of ``message``, its fields not yet filled in."""
        known = self._texts if self._texts is not None else catalog("de")
        translated = known.get(message)
        if translated is None and self.strict:
            raise MissingTranslation(f"{self.lang}: no catalog entry for {message!r}")
        if self._texts is None or not translated:
            if self.strict and self._texts is not None:
                raise MissingTranslation(f"{self.lang}: {message!r} is not translated")
            return message
        return translated

    def __call__(self, message: str, /, **fields: Any) -> str:
        """The translation of ``message`` with ``fields`` filled in."""
        text = self.text(message)
        return text.format(**fields) if fields else text
