"""Bring the translation catalogs in line with the texts marked in the code.

Usage: python scripts/update_catalogs.py
Extracts every ``N_("...")``, ``tr("...")`` and ``ntr("...", "...", n)`` text from
``src/saqqara`` with Babel and updates ``src/saqqara/locale/<lang>/LC_MESSAGES/saqqara.po``:
new texts are added with an empty translation, texts no longer marked are dropped,
translations are kept. The test
``tests/core/test_translations.py`` fails until every new text is translated.
"""

from __future__ import annotations

from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from saqqara.core.i18n import DOMAIN, KEYWORDS, LANGUAGES, SOURCE_LANGUAGE

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "saqqara"


def marked() -> Catalog:
    template = Catalog(domain=DOMAIN, project="saqqara")
    found = extract_from_dir(str(PACKAGE), method_map=[("**.py", "python")], keywords=KEYWORDS)
    for _, _, message, _, _ in found:
        if isinstance(message, str) or (isinstance(message, tuple) and len(message) == 2):
            template.add(message)  # a text, or a counted text's singular and plural
    return template


def main() -> None:
    template = marked()
    for lang in LANGUAGES:
        if lang == SOURCE_LANGUAGE:
            continue
        path = PACKAGE / "locale" / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        with path.open("rb") as handle:
            current = read_po(handle, locale=lang, domain=DOMAIN)
        current.update(template, no_fuzzy_matching=True)
        current.obsolete.clear()
        with path.open("wb") as handle:
            write_po(handle, current, width=100, no_location=True, omit_header=False)
        untranslated = [
            m.id
            for m in current
            if m.id and (not m.string or (isinstance(m.string, tuple) and not all(m.string)))
        ]
        print(f"{path.relative_to(PACKAGE.parent.parent)}: {len(untranslated)} to translate")


if __name__ == "__main__":
    main()
