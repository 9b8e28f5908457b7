"""Regenerate ``docs/strength.md``: every game's ladder and the strong bot's head-to-heads.

Per game, at 2 players, a round robin (``saqqara.ai.ladder``) between ``random``, ``easy``,
``medium`` (the heuristic) and the strong bot (``hard``'s search with its fixed budget and
without its one-second wall-clock cap, so that a busy machine does not weaken it:
``expert:N`` where the game has a rollout policy, ``ismcts:N`` elsewhere;
:func:`saqqara.ai.levels.strong_bot_name`); then the strong bot against OpenSpiel's IS-MCTS
given the same processor time per move (the strong bot's mean in the ladder, times
OpenSpiel's simulations per second at the game's first real decision); then the strong bot
against two heuristic seats at 3 players. Files go to ``docs/strength/``; the page to
``docs/strength.md``.

Usage: python scripts/strength.py [--games K] [--games3 K3] [--iterations N]
       [--strong BOT] [--game ID]
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from saqqara.ai.ismcts import ISMCTSBot
from saqqara.ai.ladder import Ladder, LadderGame, Share, play_ladder_game, run_ladder
from saqqara.ai.ladder_command import write_ladder
from saqqara.ai.levels import HARD_ITERATIONS, strong_bot_name
from saqqara.ai.openspiel_ismcts import OpenSpielISMCTS
from saqqara.ai.rollout import rollout_spec_for
from saqqara.core.game import CHANCE, Game
from saqqara.core.perspective import Perspective
from saqqara.core.registry import load, registered_games

ROOT = Path(__file__).resolve().parent.parent
QUICK_FIRST = ("tutankhamun", "tutankhamuns-revenge")
"""Games measured first, their games being the shortest."""
DOC = ROOT / "docs" / "strength.md"
FILES = ROOT / "docs" / "strength"


def first_choice(game: Game) -> Perspective:
    """The first decision of a seeded random game with two or more legal actions."""
    rng = random.Random(1)
    state = game.new_state()
    while state.is_chance() or len(state.legal_actions(state.to_act()[0])) < 2:
        seat = state.to_act()[0]
        action = (
            state.sample_chance(rng) if seat == CHANCE else rng.choice(state.legal_actions(seat))
        )
        state.apply_unchecked(seat, action)
    return Perspective(state, state.to_act()[0])


def search_rates(game: Game) -> tuple[float, float]:
    """Our IS-MCTS iterations and OpenSpiel's IS-MCTS simulations per processor second at
    the game's first real decision."""
    perspective = first_choice(game)
    ISMCTSBot(game, 50).choose(perspective, random.Random(1))  # warm-up: first-use tables
    OpenSpielISMCTS(game, 5).choose(perspective, random.Random(1))
    ours = ISMCTSBot(game, 400)
    start = time.process_time()
    ours.choose(perspective, random.Random(2))
    our_rate = 400 / (time.process_time() - start)
    probe = 100
    theirs = OpenSpielISMCTS(game, probe)
    start = time.process_time()
    theirs.choose(perspective, random.Random(2))
    their_rate = probe / (time.process_time() - start)
    return our_rate, their_rate


def _play(args: tuple[str, int, dict[str, str], int, tuple[str, ...], int, int]) -> LadderGame:
    return play_ladder_game(*args)


def table_games(game: Game, bots: tuple[str, ...], games: int, workers: int, seed: int) -> Ladder:
    """``games`` games at one table of ``bots`` (a name may sit twice), seats rotating."""
    ladder = Ladder(game.spec.id, game.players, dict(game.options), bots, games, seed)
    jobs = [
        (game.spec.id, game.players, dict(game.options), 0, bots, i, seed) for i in range(games)
    ]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        ladder.results.extend(pool.map(_play, jobs))
    return ladder


def share_of(ladder: Ladder, bot: str) -> tuple[Share, float]:
    """``bot``'s mean return over its seats, and its processor seconds per move."""
    values, seconds, moves = [], 0.0, 0
    for result in ladder.results:
        for seat, name in enumerate(result.seats):
            if name == bot:
                values.append(result.returns[seat])
                seconds += result.seconds[seat]
                moves += result.moves[seat]
    return Share.of(values), seconds / max(1, moves)


def by_side(ladder: Ladder, game: Game, bot: str) -> str:
    """For games of unequal sides: ``bot``'s share on each side."""
    roles = game.seat_roles()
    if roles is None:
        return ""
    parts = []
    for role in dict.fromkeys(roles):
        values = [
            r.returns[r.seats.index(bot)]
            for r in ladder.results
            if bot in r.seats and roles[r.seats.index(bot)] == role
        ]
        parts.append(f"as {role} {Share.of(values).text()}")
    return "; ".join(parts)


def strong_bot(game_id: str, args: argparse.Namespace) -> str:
    """The strong bot measured: ``--strong``, else ``hard``'s search, its budget replaced
    by ``--iterations`` where given."""
    if args.strong:
        return str(args.strong)
    name = strong_bot_name(game_id)
    return f"{name.partition(':')[0]}:{args.iterations}" if args.iterations else name


def section(game_id: str, args: argparse.Namespace, workers: int) -> str:
    spec = registered_games()[game_id].spec
    game = load(game_id, 2)
    strong = strong_bot(game_id, args)
    our_rate, their_rate = search_rates(game)
    bots = ["random", "easy", "medium", strong]
    ladder = run_ladder(game_id, 2, {}, bots, args.games, args.seed, workers)
    paths = write_ladder(ladder, FILES)
    png = next(p for p in paths if p.suffix == ".png")
    versus_medium = Ladder(game_id, 2, ladder.options, (strong, "medium"), args.games, args.seed)
    versus_medium.results = [
        r for r in ladder.results if sorted(r.seats) == sorted([strong, "medium"])
    ]
    medium_share, strong_spm = share_of(versus_medium, strong)
    sims = max(1, round(strong_spm * their_rate))
    peer = f"openspiel-ismcts:{sims}"
    versus_peer = table_games(game, (strong, peer), args.games, workers, args.seed + 1)
    peer_share, _ = share_of(versus_peer, strong)
    _, peer_spm = share_of(versus_peer, peer)
    lines = [
        f"## {spec.title}",
        "",
        f"_Measured by `python scripts/strength.py --game {game_id} {run_options(args)}` "
        f"on {now()}._",
        "",
        f"Options: {', '.join(f'{k}={v}' for k, v in game.options.items()) or 'none'}. "
        f"Strong bot `{strong}`; OpenSpiel's IS-MCTS at equal processor time per move "
        f"(the strong bot's {strong_spm:.3f} s against the heuristic): `{peer}` (at the "
        f"first real decision our IS-MCTS runs {our_rate:,.0f} iterations/s, OpenSpiel's "
        f"{their_rate:,.0f} simulations/s).",
        "",
        f"Ladder at 2 players, {args.games} games per pair, seats rotating:",
        "",
        ladder.markdown(),
        "",
        f"![{spec.title} ladder](strength/{png.name})",
        "",
        "Head to head at 2 players, seats rotating (mean return of the strong bot, 95% "
        "interval; against the heuristic: the ladder's games of that pair):",
        "",
        f"- against the heuristic (`medium`): {medium_share.text()}",
    ]
    side = by_side(versus_medium, game, strong)
    if side:
        lines.append(f"  - by side: {side}")
    lines.append(f"- against OpenSpiel's IS-MCTS (`{peer}`): {peer_share.text()}")
    side = by_side(versus_peer, game, strong)
    if side:
        lines.append(f"  - by side: {side}")
    lines.append(f"- processor seconds per move: strong {strong_spm:.3f}, OpenSpiel {peer_spm:.3f}")
    if 3 in spec.player_counts and args.games3:
        three = load(game_id, 3)
        at_three = table_games(three, (strong, "medium", "medium"), args.games3, workers, 7)
        share, spm = share_of(at_three, strong)
        lines.append(
            f"- at 3 players against two heuristic seats (a fair share is 0.33; the goal is "
            f"0.50): {share.text()}, {spm:.3f} s per move"
        )
    return "\n".join(lines) + "\n"


HEADER = """# Bot strength

Regenerated by `python scripts/strength.py` (each section names the run that measured it;
`--game ID` measures one game again and keeps the others). Ratings are openskill's
Plackett-Luce (mu, with the 95% interval mu ± 1.96 sigma) from a round robin at 2 players;
"win share" is the mean return (a win 1, a shared win a share); seconds per move are
processor seconds of the bot's own decisions, on a machine shared with other work
({cpus} cores).

The levels: `easy` (the heuristic with half its moves random), `medium` (the game's
heuristic), `hard` (the strong bot, at most one second of wall-clock time per move: {hard}).
The strong bot measured below is the one each section names: `hard`'s search with a fixed
budget and no time cap, so that a busy machine does not weaken it (`expert:N`: N rollouts
per move; `ismcts:N`: N iterations). Where N is below `hard`'s own budget the run was
shortened for time, and `hard` searches more than what is shown. Small game counts give
wide intervals: read them before the means.
"""


def header() -> str:
    parts = []
    for game_id in sorted(registered_games()):
        spec = rollout_spec_for(game_id)
        if spec is not None:
            parts.append(f"the rollout search `expert` at {spec.rollouts:,} rollouts in {game_id}")
        else:
            iterations = HARD_ITERATIONS.get(game_id, 2000)
            parts.append(f"our IS-MCTS at {iterations:,} iterations in {game_id}")
    return HEADER.format(cpus=os.cpu_count(), hard="; ".join(parts))


def now() -> str:
    return datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")


def run_options(args: argparse.Namespace) -> str:
    text = f"--games {args.games} --games3 {args.games3}"
    text += f" --iterations {args.iterations}" if args.iterations else ""
    return text + (f" --strong {args.strong}" if args.strong else "")


def sections_of(text: str) -> dict[str, str]:
    """The page's sections by title (each from its ``## `` line to the next)."""
    found: dict[str, str] = {}
    parts = ("\n" + text).split("\n## ")[1:]
    for part in parts:
        title = part.splitlines()[0].strip()
        body = "## " + part.rstrip() + "\n"
        for trailer in ("\n_Not yet measured", "\n_Not measured yet"):
            body = body.split(trailer)[0]
        found[title] = body.rstrip() + "\n"
    return found


def write_page(measured: dict[str, str], pending: list[str]) -> None:
    """The page: the header, then every game's section in registry order, those measured
    now replacing the page's older ones, then the page's other sections as they were (the
    probes' section, written by hand from ``scripts/probes.py``)."""
    old = sections_of(DOC.read_text(encoding="utf-8")) if DOC.exists() else {}
    old.update(measured)
    titles = {cls.spec.title: game_id for game_id, cls in registered_games().items()}
    body = [old[t] for t in titles if t in old]
    body += [text for title, text in old.items() if title not in titles]
    if pending:
        body.append(f"_Not yet measured in this run: {', '.join(pending)}._\n")
    missing = [g for t, g in titles.items() if t not in old and g not in pending]
    if missing:
        body.append(
            f"_Not measured yet (no run has finished them): {', '.join(missing)}; "
            f"`python scripts/strength.py --game ID` adds one._\n"
        )
    DOC.write_text("\n".join([header(), *body]), encoding="utf-8")


def migrate() -> None:
    """Give sections of a page written before sections named their run that run (from the
    old header), and write the header anew."""
    text = DOC.read_text(encoding="utf-8")
    if "written " not in text:  # already the current layout: only the header anew
        write_page({}, [])
        return
    command = text.splitlines()[2].split("(", 1)[1].split(")", 1)[0]
    date = text.split("written ", 1)[1].split(". Every", 1)[0]
    sections = sections_of(text)
    for title, body in sections.items():
        if "_Measured by" not in body:
            game_id = next(g for g, c in registered_games().items() if c.spec.title == title)
            line = (
                f"_Measured by `python scripts/strength.py --game {game_id} {command}` on {date}._"
            )
            first, rest = body.split("\n", 1)
            sections[title] = f"{first}\n\n{line}\n{rest}"
    write_page(sections, [])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per pair (default 20)")
    parser.add_argument("--games3", type=int, default=10, help="3-player games (default 10)")
    parser.add_argument(
        "--iterations", type=int, help="the strong bot's rollouts or iterations per move"
    )
    parser.add_argument("--strong", help="the strong bot to measure (default: hard's search)")
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--migrate", action="store_true", help="rewrite an older page's header (no games)"
    )
    args = parser.parse_args()
    if args.migrate:
        migrate()
        return
    games = args.game or sorted(registered_games(), key=lambda g: (g not in QUICK_FIRST, g))
    measured: dict[str, str] = {}
    for done, game_id in enumerate(games):
        print(f"{game_id} ...", flush=True)
        measured[registered_games()[game_id].spec.title] = section(game_id, args, args.workers)
        write_page(measured, games[done + 1 :])  # after every game
    print(f"wrote {DOC.relative_to(ROOT)} and {FILES.relative_to(ROOT)}/")


if __name__ == "__main__":
    main()
