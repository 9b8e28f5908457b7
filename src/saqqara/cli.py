"""The `saqqara` command: list games, play in the terminal, run bot arenas, replay and
analyse records, draw reconstructed boards, export view schemas. Every error from outside
(a bad option, an unreadable record) ends with a clear message and exit status 2, never a
traceback."""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Coroutine, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from rich.console import Console
from rich.table import Table

from saqqara import __version__
from saqqara.ai.distributed import add_cluster_arguments, games_progress, use_ray_token
from saqqara.ai.registry import available_bots, make_bot
from saqqara.core.agent import Agent
from saqqara.core.errors import SaqqaraError
from saqqara.core.game import Game
from saqqara.core.i18n import LANGUAGES, SOURCE_LANGUAGE, Translator
from saqqara.core.journal import read_record_file
from saqqara.core.presentation import default_names, presentation_for
from saqqara.core.records import Record, replay
from saqqara.core.registry import game_class, load, registered_games
from saqqara.ui.boards import board_drawing, boards
from saqqara.ui.commands import command_word
from saqqara.ui.renderers import render
from saqqara.ui.schema_command import add_schema_command
from saqqara.ui.terminal import (
    HUMAN,
    TerminalTable,
    default_record_path,
    printable,
    records_dir,
)

if TYPE_CHECKING:
    from saqqara.client import SeatLink
    from saqqara.server.messages import Error, Welcome

DEFAULT_GAME = "tutankhamun"


T = TypeVar("T")


class UsageError(Exception):
    """Bad command-line input: printed as a message, exit status 2."""


class Failure(Exception):
    """What stopped a command from outside it (a server out of reach, a link its table
    refuses): printed as a message, exit status 1."""


def _remote(session: Coroutine[Any, Any, T], link: str | SeatLink) -> T:
    """Run a remote seat's ``session`` (at the table of ``link``): a refusal by the table
    or a server out of reach is a :class:`Failure`, not a traceback."""
    import asyncio

    from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

    from saqqara.client import ClientError, SeatLink

    try:
        return asyncio.run(session)
    except ClientError as exc:
        raise Failure(f"the table refused: {exc.message or exc.code}") from None
    except (OSError, InvalidHandshake, InvalidURI, ConnectionClosed, TimeoutError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        where = (link if isinstance(link, SeatLink) else SeatLink.parse(link)).base
        raise Failure(
            f"cannot reach the server at {where}: {reason or type(exc).__name__}"
        ) from None


def _options(args: argparse.Namespace) -> dict[str, str]:
    options: dict[str, str] = {}
    for item in args.option or []:
        name, sep, value = item.partition("=")
        if not sep or not name or not value:
            raise UsageError(f"--option takes NAME=VALUE, got {item!r}")
        options[name.strip()] = value.strip()
    if getattr(args, "edition", None):
        options["edition"] = args.edition
    return options


def _bot_list(text: str | None) -> list[str]:
    return [name.strip() for name in text.split(",") if name.strip()] if text else []


# -- saqqara games ----------------------------------------------------------------------------
def cmd_games(args: argparse.Namespace, console: Console) -> int:
    rows: list[dict[str, Any]] = []
    for game_id, cls in registered_games().items():
        spec = cls.spec
        rows.append(
            {
                "id": game_id,
                "title": spec.title,
                "original_title": spec.original_title,
                "rules_version": spec.rules_version,
                "players": [spec.min_players, spec.max_players],
                "options": {
                    o.name: {"choices": list(o.choices), "default": o.default, "help": o.help}
                    for o in spec.options
                },
                "chance": spec.chance,
                "hidden_information": spec.hidden_information,
                "simultaneous": spec.simultaneous,
                "bots": available_bots(game_id),
            }
        )
    if args.json:
        print(json.dumps(rows, indent=1, ensure_ascii=False))
        return 0
    for row in rows:
        game = load(row["id"], row["players"][0])
        default = _default_bot(game)
        console.print(f"[bold]{row['id']}[/]", soft_wrap=True)
        console.print(
            f"  {row['title']} ({row['original_title']}), {row['players'][0]}–"
            f"{row['players'][1]} players",
            markup=False,
            soft_wrap=True,
        )
        for name, o in row["options"].items():
            console.print(
                f"  --option {name}={'|'.join(o['choices'])} (default {o['default']})",
                markup=False,
                soft_wrap=True,
            )
        bots = ", ".join(f"{b} (default)" if b == default else b for b in row["bots"])
        console.print(f"  bots: {bots}", markup=False)
    return 0


# -- saqqara play -----------------------------------------------------------------------------
def _human_seat(game: Game, seat: str) -> int:
    """``--seat``: a seat number counted from 1 (seat 1 is "Player 1"), or a side of a game
    of unequal sides (``mummy``); the seat's index, from 0."""
    if seat.isdigit():
        return int(seat) - 1
    return game.seat_of_role(seat)


def _seats(game: Game, bots: list[str], human_seat: int) -> list[Agent | None]:
    n = game.players
    if len(bots) != n and not 0 <= human_seat < n:
        raise UsageError(f"--seat must be between 1 and {n}")
    if len(bots) == n:
        names = bots
    elif len(bots) == n - 1:
        names = [*bots[:human_seat], HUMAN, *bots[human_seat:]]
    elif not bots:
        names = [_default_bot(game)] * n
        names[human_seat] = HUMAN
    else:
        raise UsageError(
            f"--bots names {len(bots)} bots for {n} players: give {n - 1} (you take --seat) "
            f"or {n} (use 'human' for each person)"
        )
    return [None if name == HUMAN else make_bot(name, game) for name in names]


def _default_bot(game: Game) -> str:
    """The strongest quick bot the game has: its heuristic or greedy bot, else random."""
    have = available_bots(game.spec.id)
    return next((name for name in ("heuristic", "greedy") if name in have), "random")


def _latest_save() -> Path:
    """The newest saved game still under way: ``--resume latest`` carries on with the game
    the person left, not one that ended since (a trial got a finished game's result)."""
    saves = _saves()
    if not saves:
        raise UsageError(f"no saved games in {records_dir()}")
    for path in saves:
        if _under_way(path):
            return path
    raise UsageError(
        f"no saved game in {records_dir()} is under way (each is over or unreadable); "
        "`saqqara saves` lists them, and `saqqara replay FILE` shows one"
    )


def _under_way(path: Path) -> bool:
    """Whether the saved game at ``path`` is readable and not over."""
    try:
        return not replay(read_record_file(path)).state.is_terminal()
    except SaqqaraError:
        return False


def _saves() -> list[Path]:
    """The saved games in the records directory, newest first."""
    folder = records_dir()
    files = [p for p in folder.glob("*.json*") if p.is_file()] if folder.is_dir() else []
    return sorted(files, key=lambda p: p.stat().st_mtime, reverse=True)


def _refuse_game_arguments_on_resume(args: argparse.Namespace) -> None:
    given = [
        flag
        for flag, value in (
            ("GAME", args.game),
            ("--players", args.players),
            ("--bots", args.bots),
            ("--seat", args.seat),
            ("--seed", args.seed),
            ("--save", args.save),
            ("--option", args.option),
            ("--edition", args.edition),
        )
        if value is not None
    ]
    if given:
        raise UsageError(
            f"--resume carries on a saved game with its own settings; drop {', '.join(given)}"
        )


def _names(game: Game, agents: Sequence[Agent | None], name: str | None, lang: str) -> list[str]:
    """``Player 1``, ``Player 2``, ... in ``lang``; the people at the terminal are called by
    ``--name``: one name for one person, or one a person, comma-separated, in seat order
    (hot seat)."""
    people = [s for s, a in enumerate(agents) if a is None]
    names = list(default_names(game.players, Translator(lang)))
    if name:
        given = [part.strip() for part in name.split(",")] if len(people) > 1 else [name.strip()]
        if len(given) != len(people) or not all(given):
            raise UsageError(
                f"--name names the {len(people)} people at the table, comma-separated in seat "
                f"order (got {len(given)} name{'s' if len(given) != 1 else ''})"
            )
        if len({g.casefold() for g in given}) != len(given):
            raise UsageError("--name gives each person at the table a name of their own")
        for seat, person in zip(people, given, strict=True):
            names[seat] = person
    return names


def _kept_names(record: Record, fallback: list[str]) -> list[str]:
    """The names a saved game was played under (its ``meta`` ``names``, which ``saqqara
    play`` writes), else ``fallback``: a resumed game goes on with the names it had."""
    kept = record.meta.get("names")
    if not isinstance(kept, list) or len(kept) != len(fallback):
        return fallback
    if not all(isinstance(name, str) and name.strip() for name in kept):
        return fallback
    return [str(name) for name in kept]


def cmd_play(args: argparse.Namespace, console: Console) -> int:
    if args.server or args.seat_link:
        from saqqara.client import table_link
        from saqqara.remote_terminal import play_remote_seat

        if not args.seat_link:
            raise UsageError("--server needs --seat-link (the link your table's host gave you)")
        link = table_link(args.seat_link, args.server)  # the server: --server's, else the link's
        try:
            _remote(play_remote_seat(link, console, lang=args.lang), link)
        except KeyboardInterrupt:
            return 130
        return 0
    lang = args.lang or SOURCE_LANGUAGE
    resume = None
    if args.resume:
        _refuse_game_arguments_on_resume(args)
        path = _latest_save() if args.resume == "latest" else Path(args.resume)
        resume = _read_record(path)
        kept = resume.meta.get("lang")  # the game goes on in its language
        if args.lang is None and isinstance(kept, str) and kept in LANGUAGES:
            lang = kept
        game = load(resume.game, resume.players, resume.options)
        names = list(resume.seats)
        agents: list[Agent | None] = [None if n == HUMAN else make_bot(n, game) for n in names]
        record_path = path
    else:
        players = 3 if args.players is None else args.players  # --players 0 is refused
        game = load(args.game or DEFAULT_GAME, players, _options(args))
        agents = _seats(game, _bot_list(args.bots), _human_seat(game, args.seat or "1"))
        record_path = Path(args.save) if args.save else default_record_path(game)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    names = _names(game, agents, args.name, lang)
    if resume is not None and args.name is None:
        names = _kept_names(resume, names)
    from saqqara.server.hints import local_hint  # the strong bot's search, only for play

    table = TerminalTable(
        game,
        agents,
        seed,
        console,
        input,
        record_path,
        resume,
        lang=lang,
        names=names,
        hinter=local_hint,
    )
    console.print(
        f"[bold]{game.spec.title}[/] ({game.spec.original_title}), {game.players} players, "
        f"{', '.join(f'{k}={v}' for k, v in game.options.items()) or 'no options'}."
    )
    tr = Translator(lang)
    console.print(
        tr(
            "Type '{help}' for help. The game is saved as you play.",
            help=command_word("help", lang),
        ),
        markup=False,
    )
    table.run()
    return 0


# -- saqqara saves ----------------------------------------------------------------------------
def cmd_saves(args: argparse.Namespace, console: Console) -> int:
    saves = _saves()
    if not saves:
        console.print(f"No saved games in {records_dir()}.", markup=False)
        return 0
    for path in saves:
        try:
            record = read_record_file(path)
        except SaqqaraError:
            console.print(f"{path.name}  (unreadable)", markup=False, soft_wrap=True)
            continue
        moves = sum(1 for a in record.actions if a.seat >= 0)
        state = "over" if replay(record).state.is_terminal() else "under way"
        console.print(
            f"{path.name}  {record.game}, {record.players} players, {moves} moves, {state}",
            markup=False,
            soft_wrap=True,
        )
    console.print(
        f"Resume one with: saqqara play --resume {records_dir()}/NAME (or --resume latest, the "
        "newest under way)",
        markup=False,
        soft_wrap=True,
    )
    return 0


# -- saqqara ladder ---------------------------------------------------------------------------
def cmd_ladder(args: argparse.Namespace, console: Console) -> int:
    from saqqara.ai.ladder_command import ladder_command

    return ladder_command(args, console, _options(args), _bot_list(args.bots))


# -- saqqara arena ----------------------------------------------------------------------------
def cmd_arena(args: argparse.Namespace, console: Console) -> int:
    from saqqara.ai.arena import run_arena

    bots = _bot_list(args.bots)
    options = _options(args)
    load(args.game, args.players, options)  # a player count the game takes, first
    if len(bots) != args.players:
        raise UsageError(f"--bots must name {args.players} bots, one per seat; got {len(bots)}")
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    use_ray_token(args.ray_token)
    with games_progress("arena", args.games, args.json) as advance:
        result = run_arena(
            args.game,
            args.players,
            options,
            bots,
            args.games,
            args.seed,
            args.workers,
            advance,
            ray_address=args.ray,
            batch=args.batch,
        )
    data = result.to_json()
    if args.json:
        print(json.dumps(data, indent=1))
        return 0
    tr = Translator(args.lang)
    opts = ", ".join(f"{k}={v}" for k, v in result.options.items()) or tr("no options")
    # The heading is a line of its own: as a table's title it would wrap to the table's width.
    console.print(
        tr(
            "{game} ({options}), {players} players, {games} games, seed {seed}",
            game=args.game,
            options=opts,
            players=args.players,
            games=args.games,
            seed=args.seed,
        ),
        style="bold",
        soft_wrap=True,
    )
    table = Table()
    table.add_column(tr("bot"))
    table.add_column(tr("seats"), justify="right")
    table.add_column(tr("win rate"), justify="right")
    table.add_column(tr("95% interval"), justify="right")
    table.add_column(tr("s/move"), justify="right")
    seconds = result.seconds_per_move()
    for score in result.scores():
        table.add_row(
            score.name,
            str(score.seats_played),
            f"{score.mean:.3f}",
            f"{score.low:.3f} – {score.high:.3f}",
            f"{seconds[score.name]:.3f}",
        )
    console.print(table)
    if result.roles is not None:
        console.print(tr("by side: a side wins a game when any of its seats wins"), soft_wrap=True)
        sides = Table()
        sides.add_column(tr("side, or bot as side"))
        sides.add_column(tr("games or seats"), justify="right")
        sides.add_column(tr("win rate"), justify="right")
        sides.add_column(tr("95% interval"), justify="right")
        for score in [*result.side_scores(), *result.bot_side_scores()]:
            sides.add_row(
                score.name,
                str(score.seats_played),
                f"{score.mean:.3f}",
                f"{score.low:.3f} – {score.high:.3f}",
            )
        console.print(sides)
    console.print(
        tr(
            "A fair share is {share}; shared wins count as fractions. Mean game length "
            "{steps} steps; s/move: processor seconds per decision of each bot.",
            share=f"{1 / args.players:.3f}",
            steps=data["mean_steps"],
        )
    )
    return 0


# -- saqqara replay ---------------------------------------------------------------------------
def _read_record(path: Path) -> Record:
    """A saved game: a journal (as ``play`` keeps it) or a JSON record."""
    if not path.is_file():
        raise UsageError(f"cannot read {path}: no such file")
    return read_record_file(path)


def cmd_replay(args: argparse.Namespace, console: Console) -> int:
    record = _read_record(Path(args.file))
    result = replay(record)
    state = result.state
    summary: dict[str, Any] = {
        "game": record.game,
        "rules_version": record.rules_version,
        "options": dict(result.game.options),
        "players": record.players,
        "actions": len(record.actions),
        "finished": result.finished,
        "to_act": [] if result.forfeit else list(state.to_act()),
        "final_view": state.view(None),
    }
    if result.forfeit is not None:
        summary["outcome"] = result.forfeit.outcome(record.players)
    if state.is_terminal():
        outcome = state.outcome()
        summary["outcome"] = {
            "scores": list(outcome.scores),
            "ranks": list(outcome.ranks),
            "winners": sorted(outcome.winners),
            "reason": outcome.reason,
        }
    if args.json:
        print(json.dumps(summary, indent=1, ensure_ascii=False))
        return 0
    tr = Translator(args.lang)
    text = presentation_for(result.game, args.lang)
    console.print(render(state.view(None), result.game, None, text))
    console.print(
        tr(
            "Replayed {count} actions of {game}: every one is legal.",
            count=len(record.actions),
            game=record.game,
        )
    )
    if state.is_terminal():
        o = summary["outcome"]
        console.print(
            tr(
                "Winner: {winners} ({reason}); ranks {ranks}, scores {scores}.",
                winners=text.players(o["winners"]),
                reason=text.outcome_reason(o["reason"]),
                ranks=o["ranks"],
                scores=o["scores"],
            )
        )
    elif result.forfeit is not None:
        console.print(
            tr(
                "{players} ran out of time and lost; the table ended there. Winner: {winners}.",
                players=text.players(result.forfeit.seats),
                winners=text.players(summary["outcome"]["winners"]),
            )
        )
    else:
        console.print(tr("The game is not finished; to act: {seats}.", seats=summary["to_act"]))
    return 0


# -- saqqara analyse --------------------------------------------------------------------------
def _estimate(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def cmd_analyse(args: argparse.Namespace, console: Console) -> int:
    from rich.text import Text

    from saqqara.ai.analysis import Thresholds, analyse_record, analysed_decisions

    if args.budget is not None and args.budget < 1:
        raise UsageError(f"--budget is at least one rollout, not {args.budget}")
    try:
        thresholds = Thresholds.from_mistake(args.threshold)
    except ValueError:
        raise UsageError(
            f"--threshold is a loss above 0 and at most 1, not {args.threshold}"
        ) from None
    record = _read_record(Path(args.file))
    seats = None
    if args.seat:
        for number in args.seat:
            if not 1 <= number <= record.players:
                raise UsageError(
                    f"--seat is a seat from 1 to {record.players} of this record, not {number}"
                )
        seats = [number - 1 for number in args.seat]
    total = analysed_decisions(record, seats)
    with games_progress("analyse", total, False) as advance:
        result = analyse_record(
            record,
            budget=args.budget,
            seed=args.seed,
            seats=seats,
            thresholds=thresholds,
            progress=lambda done, total: advance(1),
        )
    if args.json:
        print(json.dumps(result.to_json(), indent=1, ensure_ascii=False))
        return 0
    opts = ", ".join(f"{k}={v}" for k, v in record.options.items()) or "no options"
    table = Table(
        title=Text(
            printable(
                f"{record.game} ({opts}), {record.players} players: {total} decisions, "
                f"{result.budget} rollouts each, seed {result.seed}"
            )
        )
    )
    table.add_column("move", justify="right")
    for name in ("seat", "played", "best"):
        table.add_column(name)
    for name in ("before", "after", "loss"):
        table.add_column(name, justify="right")
    table.add_column("flag")
    for move in result.moves:
        only = move.position.legal == 1
        table.add_row(
            str(move.move),
            Text(printable(f"{move.seat + 1} {move.name}")),
            Text(printable(move.played)),
            Text(printable(move.best)),
            _estimate(move.before),
            _estimate(move.after),
            _estimate(move.loss),
            "only move" if only else move.flag or "",
        )
    console.print(table)
    summary = Table(title="by seat")
    summary.add_column("seat")
    for name in ("decisions", "searched", "inaccuracies", "mistakes", "mean loss"):
        summary.add_column(name, justify="right")
    for seat in result.summary():
        summary.add_row(
            Text(printable(f"{seat.seat + 1} {seat.name}")),
            str(seat.decisions),
            str(seat.searched),
            str(seat.inaccuracies),
            str(seat.mistakes),
            _estimate(seat.mean_loss),
        )
    console.print(summary)
    console.print(
        "Estimates are the mover's chance of winning (winners share a point) by the strong "
        "bot's search, from what the mover could see: before is the best move's, after the "
        "played move's, loss the difference. Flagged: an inaccuracy from a loss of "
        f"{thresholds.inaccuracy:g}, a mistake from {thresholds.mistake:g}.",
        markup=False,
    )
    return 0


# -- saqqara board ----------------------------------------------------------------------------
def cmd_board(args: argparse.Namespace, console: Console) -> int:
    game_class(args.game)  # an unknown game is refused with the list of games
    drawing = board_drawing(args.game)
    if drawing is None:
        have = ", ".join(boards()) or "none yet"
        raise UsageError(f"{args.game} has no reconstructed board to draw (boards: {have})")
    tr = Translator(args.lang)
    if args.svg:  # written first: a file it cannot write is the only thing said
        Path(args.svg).write_text(drawing.svg(tr), encoding="utf-8")
    print(drawing.sketch(tr))
    if args.svg:
        console.print(f"SVG written to {args.svg}")
    return 0


# -- the server and remote seats (bodies in saqqara.server and saqqara.client) ------------------
def cmd_serve(args: argparse.Namespace, console: Console) -> int:
    from saqqara.server.cluster import check_prefix
    from saqqara.server.main import StartError, serve
    from saqqara.store import normalize_url

    if args.redis and not normalize_url(args.db or "").startswith("postgresql"):
        raise UsageError(
            "--redis needs --db postgresql://…: the processes of a site share one "
            "PostgreSQL database (the store and the table leases)"
        )
    if not 0.5 <= args.lease_seconds <= 600:
        raise UsageError("--lease-seconds must be between 0.5 and 600")
    try:
        check_prefix(args.redis_prefix)
    except ValueError as exc:
        raise UsageError(f"--redis-prefix: {exc}") from None
    if not 0 <= args.expire_open_after < math.inf:
        raise UsageError("--expire-open-after must be 0 (never) or a number of hours above it")
    if not args.push_contact.startswith(("mailto:", "https://")):
        raise UsageError("--push-contact must be a mailto: address or an https:// page")
    if not 2 <= args.seek_ttl <= 3600:
        raise UsageError("--seek-ttl must be a number of seconds from 2 to 3600")
    if not 0 < args.rate < math.inf:
        raise UsageError("--rate must be a number of messages a second above 0")
    if not 0 <= args.tables_per_minute < math.inf:
        raise UsageError("--tables-per-minute must be 0 (no limit) or a number above it")
    try:
        serve(
            args.host,
            args.port,
            args.db,
            origins=tuple(args.origin or ()),
            rate=args.rate,
            tables_per_minute=args.tables_per_minute,
            sqlite_sync=args.sqlite_sync,
            snapshot_every=args.snapshot_every,
            move_limit=args.bot_move_limit,
            redis=args.redis,
            lease_seconds=args.lease_seconds,
            expire_open_after=args.expire_open_after * 3600 or None,
            redis_prefix=args.redis_prefix,
            forwarded_allow_ips=args.forwarded_allow_ips,
            log_format=args.log_format,
            push_contact=args.push_contact,
            push_services=tuple(args.push_service or ()),
            seek_ttl=args.seek_ttl,
            oidc=tuple(args.oidc or ()),
        )
    except StartError as exc:
        print(f"saqqara serve: error: {exc}", file=sys.stderr)
        return 1
    return 0


def cmd_bot(args: argparse.Namespace, console: Console) -> int:
    from saqqara.client import play_remote, table_link

    link = table_link(args.seat_link, args.url)  # the server at URL; the seat from the link

    names: list[str] = []

    def seated(welcome: Welcome) -> None:  # the server's words are made printable
        seat = welcome.seat or 0  # play_remote refuses a spectator link before this
        names.extend(printable(name) for name in welcome.names)
        name = names[seat] if seat < len(names) else "?"
        console.print(
            f"{args.bot} sits in seat {seat + 1} ({name}) of {printable(welcome.game)} at table "
            f"{printable(welcome.table)} and plays until the game ends.",
            markup=False,
            soft_wrap=True,
        )

    def refused(error: Error) -> None:
        again = "sent again" if error.code == "rate-limited" else "chosen again"
        console.print(
            f"A move was refused ({printable(error.code)}: {printable(error.message)}); "
            f"it is {again}.",
            markup=False,
            soft_wrap=True,
        )

    playing = play_remote(link, args.bot, seed=args.seed, seated=seated, refused=refused)
    final = _remote(playing, link)
    if final.outcome is None:
        console.print(f"The table was {printable(final.status)} before the game ended.")
        return 0
    outcome = final.outcome
    scores = ", ".join(
        f"{name} {printable(str(score))}"
        for name, score in zip(names, outcome.get("scores", []), strict=False)
    )
    reason = printable(str(outcome.get("reason", "")))
    console.print(f"Game over: {reason}. Scores: {scores}.", markup=False, soft_wrap=True)
    return 0


# -- the parser -------------------------------------------------------------------------------
def _port(text: str) -> int:
    """A TCP port for ``--port``: 0 (any free one) to 65535."""
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a number from 0 to 65535, not {text!r}")
    return port


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="saqqara",
        description="A digital table for four Egyptian board games.",
    )
    parser.add_argument("--version", action="version", version=f"saqqara {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    games = sub.add_parser("games", help="list the games, their options and player counts")
    games.add_argument("--json", action="store_true", help="print JSON for machines")
    games.set_defaults(run=cmd_games)

    def game_options(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--option",
            action="append",
            metavar="NAME=VALUE",
            help="a game option (repeatable); see `saqqara games`",
        )
        p.add_argument("--edition", help="shorthand for --option edition=EDITION")

    play = sub.add_parser("play", help="play a game in the terminal against bots or friends")
    play.add_argument("game", nargs="?", help=f"game id (default {DEFAULT_GAME})")
    play.add_argument("--players", type=int, help="number of players (default 3)")
    play.add_argument(
        "--bots",
        help="bot names for the other seats, comma-separated "
        "(N-1 names; or N names with 'human' for each person). "
        "Default: the game's heuristic bot",
    )
    play.add_argument(
        "--seat",
        help="your seat, from 1 (default 1), or your side where sides differ: in "
        "curse-of-the-mummy seat 1 is the mummy, --seat explorer plays an explorer",
    )
    play.add_argument(
        "--seed",
        type=int,
        help="seed for chance and bots (default: random; a resumed game keeps its own)",
    )
    play.add_argument("--save", help="where to keep the record (default: your data directory)")
    play.add_argument(
        "--resume",
        metavar="FILE",
        help="carry on with a saved record ('latest': the newest still under way; "
        "see `saqqara saves`)",
    )
    play.add_argument(
        "--name",
        help="your name at the table (default: Player and your seat); with several people at "
        "the terminal (--bots with 'human'), one name each, comma-separated in seat order",
    )
    play.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=None,
        help="language of moves, the log, rules and legends (default en; at a remote "
        "table, the seat's own)",
    )
    play.add_argument(
        "--server",
        metavar="URL",
        help="play a seat at a remote table: the server's address (default: the link's); "
        "a site without one address: its processes' addresses, comma-separated, each tried "
        "in turn when a connection is lost",
    )
    play.add_argument(
        "--seat-link",
        metavar="LINK",
        help="that seat's invite link (with --server, its path alone will do: /t/ID?seat=N&key=K)",
    )
    game_options(play)
    play.set_defaults(run=cmd_play)

    saves = sub.add_parser("saves", help="list the saved games, newest first")
    saves.set_defaults(run=cmd_saves)

    arena = sub.add_parser("arena", help="play many games between bots and report win rates")
    arena.add_argument("game", help="game id")
    arena.add_argument("--players", type=int, required=True, help="number of players")
    arena.add_argument(
        "--bots",
        required=True,
        help="one bot name per seat, comma-separated; seats rotate from game to game",
    )
    arena.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    arena.add_argument("--seed", type=int, default=0, help="seed of game 0; game k uses seed+k")
    arena.add_argument("--workers", type=int, help="processes (default: one per core)")
    arena.add_argument("--json", action="store_true", help="print JSON for machines")
    arena.add_argument(
        "--lang", choices=LANGUAGES, default="en", help="language of the tables (default en)"
    )
    add_cluster_arguments(arena)
    game_options(arena)
    arena.set_defaults(run=cmd_arena)

    from saqqara.ai.ladder_command import add_parser as add_ladder_parser

    add_ladder_parser(sub, game_options, cmd_ladder)

    rep = sub.add_parser("replay", help="replay a game record, checking every action")
    rep.add_argument("file", help="a saqqara record (JSON; see docs/records.md)")
    rep.add_argument("--json", action="store_true", help="print JSON for machines")
    rep.add_argument(
        "--lang", choices=LANGUAGES, default="en", help="language of the board (default en)"
    )
    rep.set_defaults(run=cmd_replay)

    analyse = sub.add_parser(
        "analyse",
        help="review a game record: the strong bot's move and estimates at every decision",
        description="Replay a record and, at every decision, run the strong bot's search "
        "(hard) from what the deciding seat could see: its best move, the mover's chance "
        "of winning before (the best move's) and after the move played, the loss, and a "
        "flag for an inaccuracy or a mistake. Chance steps are skipped; a decision with a "
        "single legal move is not searched. A fixed seed gives the same analysis on any "
        "machine. See docs/records.md, 'Analysis'.",
    )
    analyse.add_argument("file", help="a saqqara record or journal (see docs/records.md)")
    analyse.add_argument("--json", action="store_true", help="print JSON for machines")
    analyse.add_argument(
        "--budget",
        type=int,
        metavar="N",
        help="rollouts per decision (default: the game's own, as hard plays)",
    )
    analyse.add_argument("--seed", type=int, default=0, help="seed of the searches (default 0)")
    analyse.add_argument(
        "--seat",
        type=int,
        action="append",
        metavar="K",
        help="analyse only seat K's decisions, from 1 (repeatable; default: every seat)",
    )
    analyse.add_argument(
        "--threshold",
        type=float,
        default=0.2,
        metavar="X",
        help="flag a mistake from a loss of X (a share of a win) and an inaccuracy from X/2 "
        "(default 0.2)",
    )
    analyse.set_defaults(run=cmd_analyse)

    board = sub.add_parser("board", help="draw a game's reconstructed board from its data file")
    board.add_argument("game", help="game id")
    board.add_argument("--svg", metavar="FILE", help="also write the board as an SVG file")
    board.add_argument(
        "--lang", choices=LANGUAGES, default="en", help="language of the drawing (default en)"
    )
    board.set_defaults(run=cmd_board)

    add_schema_command(sub)

    serve = sub.add_parser("serve", help="serve online tables (HTTP and WebSocket)")
    serve.add_argument("--host", default="127.0.0.1", help="address (default 127.0.0.1)")
    serve.add_argument(
        "--port", type=_port, default=8000, help="port (default 8000; 0: any free port)"
    )
    serve.add_argument(
        "--db",
        help="database URL: sqlite:///FILE or postgresql://… "
        "(default: a SQLite file in your data directory)",
    )
    serve.add_argument("--origin", action="append", help="a browser origin allowed to connect")
    serve.add_argument(
        "--rate",
        type=float,
        default=30.0,
        help="messages a second allowed per connection, in bursts of up to twice that (default 30)",
    )
    serve.add_argument(
        "--tables-per-minute",
        type=float,
        default=60.0,
        metavar="N",
        help="tables one client address may make a minute, in bursts of as many (default 60; "
        "0: no limit; behind a proxy every client has the proxy's address unless "
        "--forwarded-allow-ips names it)",
    )
    serve.add_argument(
        "--forwarded-allow-ips",
        metavar="IPS",
        default=None,
        help="the reverse proxies (comma-separated addresses, or '*') whose X-Forwarded-For "
        "and X-Forwarded-Proto are believed: a client's address is then the one the proxy "
        "saw; from anyone else these headers are ignored (default: nobody's)",
    )
    serve.add_argument(
        "--sqlite-sync",
        choices=("full", "normal"),
        default="full",
        help="full: every move synced to disk (default); normal: survives a crash of the "
        "server, not of the machine, and is much faster on slow disks",
    )
    serve.add_argument(
        "--bot-move-limit",
        type=float,
        default=10.0,
        help="seconds a bot seat may think over a move before a random legal move is played "
        "instead (default 10)",
    )
    serve.add_argument(
        "--snapshot-every",
        type=int,
        default=200,
        help="store a table's state every this many steps, to resume without a full "
        "replay (default 200)",
    )
    serve.add_argument(
        "--redis",
        metavar="URL",
        help="redis://…: run as one of many processes sharing the site (needs a "
        "PostgreSQL --db); see docs/architecture.md",
    )
    serve.add_argument(
        "--lease-seconds",
        type=float,
        default=4.0,
        help="with --redis: a table whose owner stops renewing its lease for this long "
        "is taken over by another process (default 4)",
    )
    serve.add_argument(
        "--redis-prefix",
        metavar="PREFIX",
        default="saqqara:",
        help="with --redis: what the site's Redis channels begin with, the same at every "
        "process of the site; two sites may share one Redis under two prefixes (default "
        "saqqara:)",
    )
    serve.add_argument(
        "--expire-open-after",
        type=float,
        default=24.0,
        metavar="HOURS",
        help="close an open table nobody has sat at this many hours after it was made: "
        "not started, and no person seat taken (default 24; 0: never)",
    )
    serve.add_argument(
        "--seek-ttl",
        type=float,
        default=20.0,
        metavar="SECONDS",
        help="a play-now seek ends when its page has not asked after it for this long "
        "(the page asks each second; default 20)",
    )
    serve.add_argument(
        "--log-format",
        choices=("text", "json"),
        default="text",
        help="what the server says on standard error (and the address it prints): plain "
        "lines (default), or one JSON object a line for a log pipeline",
    )
    serve.add_argument(
        "--push-contact",
        default="mailto:push@localhost",
        metavar="URL",
        help="who runs the site, told to the browsers' push services with each Web Push "
        "(the VAPID 'sub': mailto:ADDRESS or an https:// page; default mailto:push@localhost)",
    )
    serve.add_argument(
        "--push-service",
        action="append",
        metavar="PREFIX",
        help="an endpoint prefix a browser's push subscription may name besides the "
        "browsers' own push services (a self-hosted push service; tests: a local one)",
    )
    serve.add_argument(
        "--oidc",
        action="append",
        metavar="KEY",
        help="offer sign-in with an OpenID Connect provider (repeatable); its settings come "
        "from the environment: SAQQARA_OIDC_<KEY>_ISSUER, _CLIENT_ID, _CLIENT_SECRET and "
        "_NAME (the button's words); register <site>/api/account/oidc/<key>/callback at the "
        "provider (docs/accounts.md)",
    )
    serve.set_defaults(run=cmd_serve)

    bot = sub.add_parser("bot", help="seat a bot at a remote table by its seat link")
    bot.add_argument(
        "url",
        help="the server's address (http://HOST:PORT); a site without one address: its "
        "processes' addresses, comma-separated, each tried in turn when a connection is lost",
    )
    bot.add_argument(
        "--seat-link",
        required=True,
        help="the seat's invite link (its path alone will do: /t/ID?seat=N&key=K)",
    )
    bot.add_argument(
        "--bot",
        default="random",
        help="any bot of ours (random, heuristic, easy, medium, hard, ismcts[:N|:1s], ...); "
        "search bots plan on states rebuilt from the seat's view",
    )
    bot.add_argument("--seed", type=int, default=0, help="seed of the bot's choices")
    bot.set_defaults(run=cmd_bot)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help()
        return 0
    console = Console()
    try:
        status: int = args.run(args, console)
        return status
    except (UsageError, SaqqaraError, ValueError) as exc:
        text = exc.message if isinstance(exc, SaqqaraError) else str(exc)
        print(f"saqqara {args.command}: error: {text}", file=sys.stderr)
        return 2
    except Failure as exc:
        print(f"saqqara {args.command}: error: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # the reader went away (`saqqara games | head`)
        sys.stderr.close()
        return 1
    except OSError as exc:  # a file it could not read or write (named by the error)
        text = f"{exc.filename}: {exc.strerror}" if exc.filename and exc.strerror else str(exc)
        print(f"saqqara {args.command}: error: {text}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
