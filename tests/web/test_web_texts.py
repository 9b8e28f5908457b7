"""The browser client's own words: every text the client looks up is marked in
``saqqara.server.web_texts`` (so the catalogs translate it), and the site serves them per
language with a revalidating ETag; the lobby's games come translated too."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import httpx
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from saqqara.core.registry import registered_games
from saqqara.server.site import game_catalogue, site_routes
from saqqara.server.web_texts import (
    BOT_LABELS,
    CHOICE_LABELS,
    OPTION_LABELS,
    WEB_TEXTS,
    board_word_texts,
    web_texts,
)

WEB_SRC = Path(__file__).resolve().parents[2] / "web" / "src"
LOOKUP = re.compile(r"""\bt\(\s*"((?:[^"\\]|\\.)*)"|\bt\(\s*'((?:[^'\\]|\\.)*)'""")


async def _placeholder(request: Request) -> Response:
    return HTMLResponse("placeholder")


def _app(tmp_path: Path) -> Starlette:
    return Starlette(routes=site_routes(_placeholder, tmp_path))


def client_lookups() -> set[str]:
    """Every literal text the client's code passes to ``t(...)``."""
    found: set[str] = set()
    for path in WEB_SRC.rglob("*.ts*"):
        if "generated" in path.parts:
            continue
        for match in LOOKUP.finditer(path.read_text(encoding="utf-8")):
            text = match.group(1) if match.group(1) is not None else match.group(2)
            found.add(text.replace('\\"', '"').replace("\\'", "'"))
    return found


def test_every_text_the_client_looks_up_is_marked() -> None:
    used = client_lookups()
    assert len(used) > 40  # the scan finds the client's lookups
    assert used <= set(WEB_TEXTS), f"mark in web_texts.py: {sorted(used - set(WEB_TEXTS))}"


def test_every_marked_text_is_used_by_the_client_or_the_lobby() -> None:
    titles = {cls.spec.title for cls in registered_games().values()}
    summaries = {cls.spec.summary for cls in registered_games().values()}
    unused = set(WEB_TEXTS) - client_lookups() - titles - summaries
    unused -= set(OPTION_LABELS.values()) | set(CHOICE_LABELS.values()) | set(BOT_LABELS.values())
    assert not unused, f"texts no part of the client shows: {sorted(unused)}"


def test_texts_are_served_per_language_and_revalidated(tmp_path: Path) -> None:
    async def fetch() -> list[httpx.Response]:
        transport = httpx.ASGITransport(app=_app(tmp_path))
        async with httpx.AsyncClient(transport=transport, base_url="http://site") as client:
            de = await client.get("/texts/de.json")
            again = await client.get(
                "/texts/de.json", headers={"If-None-Match": de.headers["etag"]}
            )
            return [
                de,
                again,
                await client.get("/texts/en.json"),
                await client.get("/texts/fr.json"),
            ]

    de, again, en, unknown = asyncio.run(fetch())
    assert de.json()["New table"] == "Neuer Tisch"
    assert de.json() == web_texts("de")
    assert set(de.json()) == set(WEB_TEXTS) | set(board_word_texts())
    assert de.json()["Horus falcon"] == "Horusfalke"  # a board word (Revenge's card)
    assert de.headers["cache-control"] == "no-cache"
    assert again.status_code == 304 and again.content == b""
    assert en.json() == {}  # English texts are their own sources
    assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "bad-lang"


def test_the_lobby_gets_titles_and_summaries_in_its_language(tmp_path: Path) -> None:
    german = {game["id"]: game for game in game_catalogue("de")}
    assert german["valley-of-the-kings"]["title"] == "Tal der Könige"
    assert german["tutankhamun"]["summary"].startswith("Zieh über eine Laufbahn")
    english = {game["id"]: game for game in game_catalogue()}
    edition, edition_en = german["tutankhamun"]["options"][0], english["tutankhamun"]["options"][0]
    assert edition["choices"] == edition_en["choices"] and edition["label"] == "Ausgabe"

    async def fetch() -> list[httpx.Response]:
        transport = httpx.ASGITransport(app=_app(tmp_path))
        async with httpx.AsyncClient(transport=transport, base_url="http://site") as client:
            return [await client.get("/api/games?lang=sv"), await client.get("/api/games?lang=xx")]

    swedish, bad = asyncio.run(fetch())
    titles = [game["title"] for game in swedish.json()["games"]]
    assert "Mumiens förbannelse" in titles
    assert bad.status_code == 400 and "unknown language" in bad.json()["error"]["message"]


def test_the_lobby_lists_the_bot_levels_first_from_the_weakest() -> None:
    catalogue = {game["id"]: game for game in game_catalogue()}
    bots = catalogue["tutankhamun"]["bots"]
    assert bots[:6] == ["easy", "medium", "hard", "expert", "heuristic", "random"]
    assert sorted(bots) == sorted(set(bots)) and "ismcts" in bots[6:]
    probes = [bot for bot in bots if bot.startswith("probe:")]
    assert probes and bots[-len(probes) :] == probes  # the probes come last


def test_the_lobby_names_the_side_each_seat_plays_where_sides_differ() -> None:
    """A trial could not tell, making a Curse of the Mummy table, which seat is the mummy."""
    english = {game["id"]: game for game in game_catalogue()}
    assert english["curse-of-the-mummy"]["roles"] == ["the mummy"] + ["an explorer"] * 4
    assert english["tutankhamun"]["roles"] is None
    german = {game["id"]: game for game in game_catalogue("de")}
    assert german["curse-of-the-mummy"]["roles"][:2] == ["die Mumie", "ein Schatzsucher"]


def test_every_option_and_its_named_choices_have_a_label_in_every_language() -> None:
    for lang in ("en", "de", "nl", "sv"):
        for game in game_catalogue(lang):
            for option in game["options"]:
                assert option["name"] in OPTION_LABELS, option["name"]
                assert len(option["choice_labels"]) == len(option["choices"])
                for choice in option["choices"]:
                    assert choice.isdigit() or choice in CHOICE_LABELS, choice
    german = {game["id"]: game for game in game_catalogue("de")}
    experts = german["valley-of-the-kings"]["options"][1]
    assert experts["label"] == "Variante für Pyramiden-Experten"
    assert experts["choice_labels"] == ["aus", "an"] and experts["choices"] == ["off", "on"]


def test_every_bot_is_named_in_the_lobby_in_every_language() -> None:
    for lang in ("en", "de", "nl", "sv"):
        for game in game_catalogue(lang):
            assert set(game["bots"]) <= set(BOT_LABELS), game["bots"]
            assert len(game["bot_labels"]) == len(game["bots"])
    german = {game["id"]: game for game in game_catalogue("de")}
    named = dict(
        zip(german["tutankhamun"]["bots"], german["tutankhamun"]["bot_labels"], strict=True)
    )
    assert named["easy"] == "leicht" and named["random"] == "zufällig"
