"""Write what the browser client is built and tested against, from the Python sources.

``--schema``: the protocol's JSON Schemas to ``web/schema/protocol.json`` and each game's
view schema (``saqqara schema GAME --part view``) to ``web/schema/views/GAME.json``
(committed; the client's TypeScript types are generated from them by ``npm run gen``, and
``tests/web/test_site.py`` fails when they drift from the Python sources).
It also writes each game's board-data schema (``--part board``) to
``web/schema/boards/GAME.json`` and, for the games whose board the client draws from static
data (Valley of the Kings: areas, sites, fields, steps), that data at the game's largest
player count to ``web/schema/board-data/GAME.json`` (a view says which sites are in play),
the board words (the English names of Revenge's cards, the mummy's symbols and
Tutankhamun's tiles, by slug) to ``web/schema/board-words.json`` and the board values
(Tutankhamun's tiles' values by edition) to ``web/schema/board-values.json``.
``--fixtures DIR``: positions of real games of every game, played by random bots with
fixed seeds, as the updates a seat would be sent (view and legal actions), and in
``DIR/replays/`` the replay the site answers for a record of each game (a whole game of
Tutankhamun, the start of the others), and in ``DIR/texts/`` the texts the site serves in
each language (``GET /texts/LANG.json``), for Vitest.
Usage: python scripts/web_data.py --schema | --fixtures DIR
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

from saqqara.core.game import CHANCE
from saqqara.core.i18n import LANGUAGES, SOURCE_LANGUAGE
from saqqara.core.match import Match
from saqqara.core.registry import load, registered_games
from saqqara.server.messages import encoder, protocol_schemas
from saqqara.server.replays import replay_record
from saqqara.server.web_texts import board_values, board_words, web_texts
from saqqara.server.wording import action_label
from saqqara.ui.schema_command import schema_of

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = ROOT / "web" / "schema" / "protocol.json"
VIEWS = ROOT / "web" / "schema" / "views"
BOARDS = ROOT / "web" / "schema" / "boards"
BOARD_DATA = ROOT / "web" / "schema" / "board-data"
BOARD_WORDS = ROOT / "web" / "schema" / "board-words.json"
BOARD_VALUES = ROOT / "web" / "schema" / "board-values.json"
STATIC_BOARDS = ("valley-of-the-kings",)
"""Games whose board the client draws from data bundled with it."""
POSITIONS_PER_GAME = 8
SEEDS_PER_GAME = 20
MAX_STEPS = 4000


def schema_text() -> str:
    """The committed schema file's expected text."""
    return json.dumps(protocol_schemas(), indent=2, sort_keys=True) + "\n"


def view_schema_text(game_id: str) -> str:
    """The committed view schema file's expected text for one game."""
    return json.dumps(schema_of(game_id, "view"), indent=2, sort_keys=True) + "\n"


def board_words_text() -> str:
    """The committed board words' expected text: the English names of what the boards draw
    from the views' slugs (the page translates them with the texts the site serves)."""
    return json.dumps(board_words(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def board_values_text() -> str:
    """The committed board values' expected text: the values of what the boards draw by
    slug (Tutankhamun's tiles, by edition)."""
    return json.dumps(board_values(), indent=2, sort_keys=True) + "\n"


def board_schema_text(game_id: str) -> str:
    """The committed board-data schema file's expected text for one game."""
    return json.dumps(schema_of(game_id, "board"), indent=2, sort_keys=True) + "\n"


def board_data_text(game_id: str) -> str:
    """The committed static board data of one game, at its largest player count."""
    spec = registered_games()[game_id].spec
    data = load(game_id, spec.max_players).board_data()
    return json.dumps(data, indent=1, sort_keys=True) + "\n"


def positions(game_id: str, seed: int) -> list[dict[str, Any]]:
    """Updates for the seat to act at random moments of one random two-player game."""
    game = load(game_id, registered_games()[game_id].spec.min_players)
    match = Match(game, seed=seed, names=[f"P{n + 1}" for n in range(game.players)])
    rng = random.Random(seed)
    taken: list[dict[str, Any]] = []
    verbs: set[str] = set()
    for _ in range(MAX_STEPS):
        if match.is_over():
            break
        seat = next(s for s in match.to_act() if s != CHANCE)
        legal = match.legal_actions(seat)
        view = match.view(seat)
        offered = {game.action_text(a).split(" ")[0] for a in legal}
        if rng.random() < 0.05 or not taken or not offered <= verbs:
            verbs |= offered
            taken.append(
                {
                    "game": game_id,
                    "seat": seat,
                    "seq": match.seq,
                    "view": view,
                    "to_act": [s for s in match.to_act() if s != CHANCE],
                    "legal": [
                        {
                            "id": game.action_id(a),
                            "label": action_label(game, view, a, "en"),
                            "notation": game.action_text(a),
                        }
                        for a in legal
                    ],
                }
            )
        match.submit(seat, game.action_id(rng.choice(legal)))
    rng.shuffle(taken)
    return taken[:POSITIONS_PER_GAME]


def fixture_positions(game_id: str) -> list[dict[str, Any]]:
    """Positions of several seeded games: one of every phase a seat decides in and one
    offering each verb first (so every kind of move is drawn: Tutankhamun's lids, mask and
    nugget too), then others, ``POSITIONS_PER_GAME`` at least."""
    found: list[dict[str, Any]] = []
    for seed in range(7, 7 + SEEDS_PER_GAME):
        found += positions(game_id, seed)
    chosen: list[dict[str, Any]] = []
    phases: set[str] = set()
    verbs: set[str] = set()
    for position in found:
        offered = {action["notation"].split(" ")[0] for action in position["legal"]}
        if position["view"]["phase"] not in phases or not offered <= verbs:
            phases.add(position["view"]["phase"])
            verbs |= offered
            chosen.append(position)
    kinds = len(chosen)
    chosen += [p for p in found if p not in chosen]
    return chosen[: max(POSITIONS_PER_GAME, kinds)]


REPLAY_STEPS = 60
"""How many actions of each game but Tutankhamun a replay fixture holds."""


def replay_fixture(game_id: str, seed: int = 5) -> bytes:
    """The replay answer for a seeded random game: whole for Tutankhamun (short), else
    its first :data:`REPLAY_STEPS` actions."""
    game = load(game_id, 2)
    match = Match(game, seed=seed, names=["Ann", "Bo"])
    rng = random.Random(seed)
    stop = None if game_id == "tutankhamun" else REPLAY_STEPS
    while not match.is_over() and (stop is None or match.seq < stop):
        seat = next(s for s in match.to_act() if s != CHANCE)
        match.submit(seat, rng.choice(match.legal_actions(seat)))
    return encoder.encode(replay_record(match.record, "en", ["Ann", "Bo"]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--schema", action="store_true", help="write web/schema/protocol.json")
    parser.add_argument("--fixtures", type=Path, help="write game positions into this folder")
    args = parser.parse_args(argv)
    if args.schema:
        SCHEMA.parent.mkdir(parents=True, exist_ok=True)
        SCHEMA.write_text(schema_text(), encoding="utf-8")
        print(f"wrote {SCHEMA.relative_to(ROOT)}")
        VIEWS.mkdir(parents=True, exist_ok=True)
        for game_id in registered_games():
            (VIEWS / f"{game_id}.json").write_text(view_schema_text(game_id), encoding="utf-8")
            print(f"wrote {(VIEWS / game_id).relative_to(ROOT)}.json")
        BOARDS.mkdir(parents=True, exist_ok=True)
        for game_id in registered_games():
            (BOARDS / f"{game_id}.json").write_text(board_schema_text(game_id), encoding="utf-8")
            print(f"wrote {(BOARDS / game_id).relative_to(ROOT)}.json")
        BOARD_DATA.mkdir(parents=True, exist_ok=True)
        for game_id in STATIC_BOARDS:
            (BOARD_DATA / f"{game_id}.json").write_text(board_data_text(game_id), encoding="utf-8")
            print(f"wrote {(BOARD_DATA / game_id).relative_to(ROOT)}.json")
        BOARD_WORDS.write_text(board_words_text(), encoding="utf-8")
        print(f"wrote {BOARD_WORDS.relative_to(ROOT)}")
        BOARD_VALUES.write_text(board_values_text(), encoding="utf-8")
        print(f"wrote {BOARD_VALUES.relative_to(ROOT)}")
    if args.fixtures is not None:
        args.fixtures.mkdir(parents=True, exist_ok=True)
        for game_id in registered_games():
            found = fixture_positions(game_id)
            path = args.fixtures / f"{game_id}.json"
            path.write_text(json.dumps(found), encoding="utf-8")
            print(f"wrote {len(found)} positions to {path}")
        replays = args.fixtures / "replays"
        replays.mkdir(exist_ok=True)
        for game_id in registered_games():
            (replays / f"{game_id}.json").write_bytes(replay_fixture(game_id))
        print(f"wrote a replay of each game to {replays}")
        texts = args.fixtures / "texts"
        texts.mkdir(exist_ok=True)
        for lang in LANGUAGES:
            if lang != SOURCE_LANGUAGE:
                (texts / f"{lang}.json").write_text(
                    json.dumps(web_texts(lang), ensure_ascii=False), encoding="utf-8"
                )
        print(f"wrote the texts the site serves in each language to {texts}")
    if not args.schema and args.fixtures is None:
        parser.print_usage(sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
