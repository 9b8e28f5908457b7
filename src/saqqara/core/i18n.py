"""Translations: English source texts, German, Dutch and Swedish gettext catalogs (Babel).

The catalogs are the ``.po`` sources in ``saqqara/locale/<lang>/LC_MESSAGES/saqqara.po``,
read directly with Babel at first use, so a fresh editable install and a wheel both work
without a compile step. Texts are ``str.format`` templates with named fields
(``"{player} passes"``); a translation keeps every field of its source.

Texts are marked for extraction with ``N_("...")`` (a marker that returns its argument)
where they are stored for later, and translated through a :class:`Translator`, called as
``tr("...", field=value)``; Babel's extractor finds both (keywords ``N_`` and ``tr``).
A text that counts something has a singular and a plural source,
``tr.ntr("{count} step", "{count} steps", count)``; the catalog holds each language's
forms (keyword ``ntr``). All four languages have two forms: one for 1, one for the rest.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

LANGUAGES = ("en", "de", "nl", "sv")
"""English (the source language), German, Dutch and Swedish."""
SOURCE_LANGUAGE = "en"
DOMAIN = "saqqara"
KEYWORDS: dict[str, Any] = {"N_": None, "R_": None, "tr": None, "ntr": (1, 2)}
"""Babel's extraction keywords for the texts marked in the code (``R_``: a refusal's
wording, :mod:`saqqara.core.refusals`)."""
PLURAL_FORMS = "nplurals=2; plural=(n != 1);"
"""The plural rule every catalog declares (English, German, Dutch and Swedish alike)."""


def N_(message: str) -> str:  # noqa: N802 - the gettext convention for "translate later"
    """Mark ``message`` for extraction without translating it now."""
    return message


class MissingTranslation(KeyError):
    """A text has no entry in a catalog (raised only by a strict translator)."""


@cache
def _read(lang: str) -> Catalog:
    if lang not in LANGUAGES or lang == SOURCE_LANGUAGE:
        raise ValueError(f"no catalog for {lang!r} (translated: {', '.join(LANGUAGES[1:])})")
    source = resources.files("saqqara").joinpath(f"locale/{lang}/LC_MESSAGES/{DOMAIN}.po")
    with source.open("rb") as handle:
        return read_po(handle, locale=lang, domain=DOMAIN)


FOUND_KEPT = 4096
"""The lenient translators of a language remember at most this many answers (the games'
texts are some hundreds)."""
_FOUND: dict[str, dict[str, str]] = {}


@cache
def catalog(lang: str) -> dict[str, str]:
    """Every source text of ``lang``'s catalog with its translation (``""``: untranslated)."""
    return {str(m.id): str(m.string) for m in _read(lang) if m.id and isinstance(m.id, str)}


@cache
def plural_catalog(lang: str) -> dict[tuple[str, str], tuple[str, ...]]:
    """Every counted text of ``lang``'s catalog: (singular, plural) source with the
    translated forms (empty strings: untranslated)."""
    texts: dict[tuple[str, str], tuple[str, ...]] = {}
    for message in _read(lang):
        if isinstance(message.id, tuple | list):
            singular, plural = (str(part) for part in message.id[:2])
            forms = message.string
            translated = tuple(str(f) for f in (forms if isinstance(forms, tuple | list) else ()))
            texts[singular, plural] = translated
    return texts


def plural_index(count: int) -> int:
    """Which form a count takes under :data:`PLURAL_FORMS`: 0 for one, 1 for the rest."""
    return 0 if count == 1 else 1


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
        self._found: dict[str, str] = {} if strict else _FOUND.setdefault(lang, {})
        """What :meth:`text` answered for each message met, shared by the lenient
        translators of the language (their answer depends on the language and the message
        alone; a server makes one translator per table's names); a strict one's stays empty."""

    def text(self, message: str) -> str:
        """The translation of ``message``, its fields not yet filled in."""
        found = self._found.get(message)
        if found is not None:
            return found
        found = self._look_up(message)
        if not self.strict and type(message) is str:
            if len(self._found) >= FOUND_KEPT:
                self._found.clear()  # more texts than the games have: someone words data
            self._found[message] = found
        return found

    def _look_up(self, message: str) -> str:
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

    def ntr(self, singular: str, plural: str, count: int, /, **fields: Any) -> str:
        """The form of a counted text that ``count`` takes, with ``count`` and ``fields``
        filled in: ``ntr("{count} step", "{count} steps", 1)`` is ``1 step``."""
        index = plural_index(count)
        source = singular if index == 0 else plural
        known = plural_catalog(self.lang if self._texts is not None else "de")
        forms = known.get((singular, plural))
        if forms is None and self.strict:
            raise MissingTranslation(f"{self.lang}: no catalog entry for {singular!r}")
        if self._texts is not None and forms and all(forms):
            source = forms[index]
        elif self.strict and self._texts is not None:
            raise MissingTranslation(f"{self.lang}: {singular!r} is not translated")
        return source.format(count=count, **fields)
