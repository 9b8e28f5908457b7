"""The rulebooks' own words: every game's glossary (``docs/rules/glossary/GAME.toml``) cites
each word from its rulebook's line (or says why a word was chosen where no rulebook in that
language exists), and every catalog translation of a game's text that uses a listed term
uses the glossary's word, never a word the glossary rules out; so does every paragraph of
the game's rules pages (``web/src/rules/texts/LANG.json``) beside its English one, and every
sentence of its tutorial (``web/src/tutorial/texts/LANG.json``)."""

from __future__ import annotations

import json
import re
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from babel.messages.extract import extract_from_dir, extract_from_file

import saqqara
from saqqara.core.i18n import KEYWORDS, catalog, plural_catalog

ROOT = Path(__file__).resolve().parents[2]
GLOSSARIES = ROOT / "docs" / "rules" / "glossary"
RULEBOOKS = Path("/work/shared/rulebooks")
TRANSLATED = ("de", "nl", "sv")
GAMES = sorted(path.stem for path in GLOSSARIES.glob("*.toml"))
FIELD = re.compile(r"\{[^}]*\}")


@cache
def glossary(game: str) -> dict[str, Any]:
    with (GLOSSARIES / f"{game}.toml").open("rb") as handle:
        return tomllib.load(handle)


@cache
def game_texts(game: str) -> tuple[tuple[str, ...], ...]:
    """Each text the game's own modules mark: (source, *sources of its other forms)."""
    package = Path(saqqara.__file__).parent.parent
    messages: list[Any] = []
    for place in glossary(game)["packages"]:
        path = str(package / place)
        if Path(path).is_dir():
            found = extract_from_dir(path, method_map=[("**.py", "python")], keywords=KEYWORDS)
            messages += [entry[2] for entry in found]
        else:
            messages += [entry[1] for entry in extract_from_file("python", path, KEYWORDS)]
    texts: list[tuple[str, ...]] = []
    for message in messages:
        texts.append((message,) if isinstance(message, str) else tuple(message))
    return tuple(dict.fromkeys(texts))


WEB_TEXTS = ROOT / "web" / "src" / "rules" / "texts"


def _paired(english: Any, translated: Any) -> list[tuple[str, str]]:
    """The texts of two parallel rules structures, paired (a string, a list, a mapping, or a
    conditional paragraph ``{"when": ..., "text": ...}``)."""
    if isinstance(english, str):
        return [(english, translated)]
    if isinstance(english, list):
        return [p for e, t in zip(english, translated, strict=True) for p in _paired(e, t)]
    return [p for key, e in english.items() if key != "when" for p in _paired(e, translated[key])]


@cache
def rules_paragraphs(game: str, lang: str) -> tuple[tuple[str, str], ...]:
    """Each paragraph of ``game``'s rules page in English with its ``lang`` version."""
    english = json.loads((WEB_TEXTS / "en.json").read_text(encoding="utf-8"))
    translated = json.loads((WEB_TEXTS / f"{lang}.json").read_text(encoding="utf-8"))
    return tuple(_paired(english["games"][game], translated["games"][game]))


TUTORIAL_TEXTS = ROOT / "web" / "src" / "tutorial" / "texts"


@cache
def tutorial_sentences(game: str, lang: str) -> tuple[tuple[str, str], ...]:
    """Each sentence of ``game``'s tutorial in English with its ``lang`` version."""
    english = json.loads((TUTORIAL_TEXTS / "en.json").read_text(encoding="utf-8"))
    translated = json.loads((TUTORIAL_TEXTS / f"{lang}.json").read_text(encoding="utf-8"))
    mine = {key: text for key, text in english.items() if key.startswith(f"{game}.")}
    return tuple(_paired(mine, {key: translated[key] for key in mine}))


def translations(text: tuple[str, ...], lang: str) -> list[str]:
    if len(text) == 1:
        return [catalog(lang).get(text[0], "")]
    return list(plural_catalog(lang).get((text[0], text[1]), ()))


def rulebook_line(name: str, line: int) -> str:
    return (RULEBOOKS / name).read_text(encoding="utf-8").splitlines()[line - 1]


def terms(game: str) -> list[dict[str, Any]]:
    return list(glossary(game)["term"])


def test_every_game_has_a_glossary() -> None:
    assert GAMES == [
        "curse-of-the-mummy",
        "tutankhamun",
        "tutankhamuns-revenge",
        "valley-of-the-kings",
    ]


@pytest.mark.parametrize("game", GAMES)
def test_every_word_is_cited_or_explained(game: str) -> None:
    books = glossary(game)["rulebooks"]
    for term in terms(game):
        for lang in TRANSLATED:
            entry = term[lang]
            assert entry["word"] and entry["match"], (game, term["en"], lang)
            if "line" in entry:
                if not RULEBOOKS.is_dir():
                    continue  # the rulebooks are not part of the repository
                line = rulebook_line(books[lang], entry["line"])
                assert re.search(entry["match"], line, re.IGNORECASE), (
                    f"{game}: {term['en']!r} in {lang}: line {entry['line']} of {books[lang]} "
                    f"has no {entry['match']!r}: {line[:120]!r}"
                )
            else:
                assert entry.get("why"), f"{game}: {term['en']!r} in {lang}: no line and no why"
            assert re.search(entry["match"], entry["word"], re.IGNORECASE), (game, entry)


@pytest.mark.parametrize("game", GAMES)
def test_every_term_is_used_by_some_text(game: str) -> None:
    sources = [text[-1] for text in game_texts(game)]
    for term in terms(game):
        used = [s for s in sources if re.search(term["texts"], FIELD.sub("", s), re.IGNORECASE)]
        assert used, f"{game}: no text uses {term['en']!r}"


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("game", GAMES)
def test_translations_use_the_glossary_words(game: str, lang: str) -> None:
    wrong: list[str] = []
    for term in terms(game):
        entry = term[lang]
        exempt = set(term.get("exempt", ()))
        for text in game_texts(game):
            if text[0] in exempt:
                continue
            if not any(re.search(term["texts"], FIELD.sub("", s), re.IGNORECASE) for s in text):
                continue
            for translated in translations(text, lang):
                if not re.search(entry["match"], FIELD.sub("", translated), re.IGNORECASE):
                    wrong.append(f"{term['en']!r} -> {entry['word']!r}: {translated!r}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("game", GAMES)
def test_ruled_out_words_do_not_come_back(game: str, lang: str) -> None:
    found: list[str] = []
    for term in terms(game):
        for text in game_texts(game):
            if not any(re.search(term["texts"], FIELD.sub("", s), re.IGNORECASE) for s in text):
                continue
            for translated in translations(text, lang):
                for pattern in term[lang].get("not", ()):
                    if re.search(pattern, translated, re.IGNORECASE):
                        found.append(f"{pattern!r} (say {term[lang]['word']!r}): {translated!r}")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("game", GAMES)
def test_rules_pages_and_tutorials_use_the_glossary_words(game: str, lang: str) -> None:
    wrong: list[str] = []
    for term in terms(game):
        entry = term[lang]
        for english, translated in (*rules_paragraphs(game, lang), *tutorial_sentences(game, lang)):
            if not re.search(term["texts"], english, re.IGNORECASE):
                continue
            if not re.search(entry["match"], translated, re.IGNORECASE):
                wrong.append(f"{term['en']!r} -> {entry['word']!r}: {translated!r}")
            for pattern in entry.get("not", ()):
                if re.search(pattern, translated, re.IGNORECASE):
                    wrong.append(f"{pattern!r} (say {entry['word']!r}): {translated!r}")
    assert not wrong, "\n".join(wrong)
