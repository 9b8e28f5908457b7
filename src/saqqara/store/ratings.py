"""Ratings of accounts: openskill's Plackett-Luce model, per game and player-count class.

A finished table is rated by :meth:`Ratings.rate` at most once: its first step is to
insert the table's row into ``rated_tables`` (primary key: the table id), in the same
transaction as every rating it changes, so a second call (a finish processed twice, a
restart, another process of a site) finds the row and changes nothing. On PostgreSQL the
ratings read are locked (``FOR UPDATE``) until the commit; on SQLite the first insert
takes the database's write lock. Two first ratings of one account made at once collide
on the ``ratings`` key and the loser tries again.

Who is rated: a table created ``rated`` whose every person seat belongs to an account at
its end, at least two different accounts, no account at two seats. Bot seats (only at a
table made ``rated_with_bots``) take part as players of the default rating that is never
changed. A person who left the game in play (their seat handed to a bot) is rated as the
seat's player, ranked last: the table's settings keep their account under ``left``
(``server/service.py``). Anything else leaves the table unrated (``rated_tables.rated``
false).

Every method is blocking: the server calls them on worker threads.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import Connection, and_, insert, select, update
from sqlalchemy.exc import IntegrityError

from saqqara.store.schema import accounts, rated_tables, rating_history, ratings, seats, tables
from saqqara.store.store import FINISHED, Store, seat_names

MODEL = PlackettLuce()
"""openskill's Plackett-Luce model, its defaults: mu 25, sigma 25/3."""

BASE = 1500.0
SCALE = 40.0
"""A rating as shown: ``BASE + SCALE * (mu - 3 * sigma)``, rounded; a new player's is
1500 (mu - 3 sigma is 0 at the defaults), and it rises as sigma shrinks with games."""

TRIES = 3
"""Attempts at a rating transaction that lost a race on a new rating row."""

HISTORY_LISTED = 200
"""The most rated games a profile lists (newest first)."""

LEADERS = 100
"""The most accounts a leaderboard answers."""

CLASSES = ("2", "3+")
"""The player-count classes: two players, and three or more."""


def player_class(players: int) -> str:
    """The class of a table of ``players`` seats: ``2``, or ``3+`` for three or more."""
    return "2" if players <= 2 else "3+"


def shown(mu: float, sigma: float) -> int:
    """The rating shown for ``mu`` and ``sigma`` (see :data:`SCALE`)."""
    return round(BASE + SCALE * (mu - 3.0 * sigma))


@dataclass(frozen=True, slots=True)
class Change:
    """One account's rating change at a rated table."""

    account: str
    seat: int
    rank: int
    before: tuple[float, float]
    after: tuple[float, float]


@dataclass(frozen=True, slots=True)
class Standing:
    """An account's rating at one game and class."""

    name: str
    game: str
    klass: str
    rating: int
    mu: float
    sigma: float
    games: int


@dataclass(frozen=True, slots=True)
class Rated:
    """One rated game of an account, as its profile shows it."""

    table: str
    public: bool
    game: str
    klass: str
    seat: int
    rank: int
    players: int
    before: int
    after: int
    at: float
    names: tuple[str, ...]


class Unrated(Exception):
    """Why a table asked to be rated cannot be (a guest's seat, one account alone...)."""


def who_is_rated(
    settings: dict[str, Any], kinds: Sequence[str], owners: Sequence[str | None]
) -> dict[int, str]:
    """The accounts rated at a finished table of these ``settings`` (by seat), whose seats
    are of ``kinds`` (``person``, ``bot``) and belong to ``owners`` (a seat its person
    left in play counts as theirs: ``settings["left"]``); :class:`Unrated` (why) when the
    table is not rated."""
    if not settings.get("rated"):
        raise Unrated("the table was not made rated")
    left = {int(seat): account for seat, account in settings.get("left", {}).items()}
    kinds = ["person" if s in left else kind for s, kind in enumerate(kinds)]
    owners = [left.get(s, owner) for s, owner in enumerate(owners)]
    people = [s for s, kind in enumerate(kinds) if kind == "person"]
    if len(people) < len(kinds) and not settings.get("rated_with_bots"):
        raise Unrated("a bot plays at the table")
    if any(owners[s] is None for s in people):
        raise Unrated("a guest's seat (no account) is at the table")
    if len({owners[s] for s in people}) != len(people):
        raise Unrated("one account holds two seats")
    if len(people) < 2:
        raise Unrated("fewer than two accounts played")
    return {s: str(owners[s]) for s in people}


def leavers_last(ranks: Sequence[int], left: Sequence[int]) -> list[int]:
    """``ranks`` with the seats ``left`` (their people left the game in play) sharing the
    last place, the others ranked among themselves as they finished.

    >>> leavers_last([1, 2, 3], [0])
    [3, 1, 2]
    """
    stayed = [r for s, r in enumerate(ranks) if s not in left]
    return [
        len(stayed) + 1 if s in left else 1 + sum(1 for other in stayed if other < r)
        for s, r in enumerate(ranks)
    ]


class Ratings:
    """The ratings, leaderboards and rating histories of one store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def rate(self, table_id: str, ranks: Sequence[int]) -> list[Change] | None:
        """Rate the finished table ``table_id`` whose seats ended at ``ranks`` (1: first;
        ties share a rank), unless it was rated (or found unrated) before: the changes
        made, or ``None`` when nothing changed (already settled, or not a rated table)."""
        for attempt in range(TRIES):
            try:
                with self.store.engine.begin() as tx:
                    return self._rate(tx, table_id, ranks)
            except IntegrityError:
                if attempt == TRIES - 1:
                    raise
        return None  # pragma: no cover (the loop returns or raises)

    def _rate(self, tx: Connection, table_id: str, ranks: Sequence[int]) -> list[Change] | None:
        row = tx.execute(
            select(tables.c.game, tables.c.players, tables.c.settings, tables.c.status).where(
                tables.c.id == table_id
            )
        ).first()
        if row is None or row[3] != FINISHED:
            return None
        settings = json.loads(row[2])
        if not settings.get("rated"):
            return None
        if len(ranks) != int(row[1]):
            raise ValueError(f"{len(ranks)} ranks for a table of {row[1]} seats")
        now = time.time()
        done = tx.execute(
            select(rated_tables.c.table_id).where(rated_tables.c.table_id == table_id)
        ).first()
        if done is not None:
            return None
        seated = tx.execute(
            select(seats.c.kind, seats.c.account_id)
            .where(seats.c.table_id == table_id)
            .order_by(seats.c.seat)
        ).all()
        try:
            owners = who_is_rated(settings, [s[0] for s in seated], [s[1] for s in seated])
            found = tx.execute(select(accounts.c.id).where(accounts.c.id.in_(owners.values())))
            if len(found.all()) != len(owners):
                raise Unrated("an account that played was deleted since")
        except Unrated:
            tx.execute(insert(rated_tables).values(table_id=table_id, rated=False, at=now))
            return None
        # The key first: a second rating of this table fails here (or waits for the first
        # to commit, then fails), before any rating is read.
        tx.execute(insert(rated_tables).values(table_id=table_id, rated=True, at=now))
        game, klass = str(row[0]), player_class(int(row[1]))
        ranks = leavers_last(ranks, [int(s) for s in settings.get("left", {})])
        query = select(ratings.c.account_id, ratings.c.mu, ratings.c.sigma).where(
            ratings.c.account_id.in_(list(owners.values())),
            ratings.c.game == game,
            ratings.c["class"] == klass,
        )
        if tx.dialect.name == "postgresql":
            query = query.with_for_update()
        known = {r[0]: (float(r[1]), float(r[2])) for r in tx.execute(query)}
        teams = []
        for seat in range(len(seated)):
            account = owners.get(seat)
            if account is not None and account in known:
                mu, sigma = known[account]
                teams.append([MODEL.rating(mu=mu, sigma=sigma)])
            else:
                teams.append([MODEL.rating()])
        rated = MODEL.rate(teams, ranks=[float(r) for r in ranks])
        changes = []
        for seat, account in owners.items():
            before_rating = teams[seat][0]
            after_rating = rated[seat][0]
            change = Change(
                account,
                seat,
                int(ranks[seat]),
                (float(before_rating.mu), float(before_rating.sigma)),
                (float(after_rating.mu), float(after_rating.sigma)),
            )
            changes.append(change)
            mu, sigma = change.after
            key = and_(
                ratings.c.account_id == account,
                ratings.c.game == game,
                ratings.c["class"] == klass,
            )
            if account in known:
                tx.execute(
                    update(ratings)
                    .where(key)
                    .values(mu=mu, sigma=sigma, games=ratings.c.games + 1, updated_at=now)
                )
            else:
                tx.execute(
                    insert(ratings).values(
                        {
                            "account_id": account,
                            "game": game,
                            "class": klass,
                            "mu": mu,
                            "sigma": sigma,
                            "games": 1,
                            "updated_at": now,
                        }
                    )
                )
            tx.execute(
                insert(rating_history).values(
                    {
                        "table_id": table_id,
                        "account_id": account,
                        "game": game,
                        "class": klass,
                        "seat": seat,
                        "rank": change.rank,
                        "mu_before": change.before[0],
                        "sigma_before": change.before[1],
                        "mu_after": mu,
                        "sigma_after": sigma,
                        "at": now,
                    }
                )
            )
        return changes

    def changes(self, table_id: str) -> list[tuple[int, int, int]]:
        """The shown rating changes a rated table made: ``(seat, before, after)`` by seat
        (none before it is rated, or when it is not)."""
        query = (
            select(
                rating_history.c.seat,
                rating_history.c.mu_before,
                rating_history.c.sigma_before,
                rating_history.c.mu_after,
                rating_history.c.sigma_after,
            )
            .where(rating_history.c.table_id == table_id)
            .order_by(rating_history.c.seat)
        )
        with self.store.engine.connect() as tx:
            rows = tx.execute(query).all()
        return [(int(r[0]), shown(r[1], r[2]), shown(r[3], r[4])) for r in rows]

    def settled(self, table_id: str) -> bool | None:
        """Whether the table was rated (``False``: found unrated; ``None``: not yet)."""
        with self.store.engine.connect() as tx:
            value = tx.execute(
                select(rated_tables.c.rated).where(rated_tables.c.table_id == table_id)
            ).scalar()
        return None if value is None else bool(value)

    def unsettled(self) -> list[str]:
        """Finished tables made rated whose rating is not settled yet (a process stopped
        between a table's end and its rating): to rate at start."""
        query = (
            select(tables.c.id, tables.c.settings)
            .select_from(tables.outerjoin(rated_tables, rated_tables.c.table_id == tables.c.id))
            .where(
                tables.c.status == FINISHED,
                rated_tables.c.table_id.is_(None),
                tables.c.settings.like('%"rated"%'),
            )
            .order_by(tables.c.created_at)
        )
        with self.store.engine.connect() as tx:
            rows = tx.execute(query).all()
        return [r[0] for r in rows if json.loads(r[1]).get("rated")]

    def leaderboard(self, game: str, klass: str, limit: int = LEADERS) -> list[Standing]:
        """The best accounts at ``game`` and ``klass``, best first (by the shown rating,
        then by more games, then by name)."""
        conservative = ratings.c.mu - 3.0 * ratings.c.sigma
        query = (
            select(
                accounts.c.name,
                ratings.c.mu,
                ratings.c.sigma,
                ratings.c.games,
            )
            .select_from(ratings.join(accounts, ratings.c.account_id == accounts.c.id))
            .where(ratings.c.game == game, ratings.c["class"] == klass)
            .order_by(conservative.desc(), ratings.c.games.desc(), accounts.c.name_key)
            .limit(limit)
        )
        with self.store.engine.connect() as tx:
            rows = tx.execute(query).all()
        return [
            Standing(r[0], game, klass, shown(r[1], r[2]), float(r[1]), float(r[2]), int(r[3]))
            for r in rows
        ]

    def standings(self, account_id: str) -> list[Standing]:
        """The account's ratings, by game and class."""
        query = (
            select(
                accounts.c.name,
                ratings.c.game,
                ratings.c["class"],
                ratings.c.mu,
                ratings.c.sigma,
                ratings.c.games,
            )
            .select_from(ratings.join(accounts, ratings.c.account_id == accounts.c.id))
            .where(ratings.c.account_id == account_id)
            .order_by(ratings.c.game, ratings.c["class"])
        )
        with self.store.engine.connect() as tx:
            rows = tx.execute(query).all()
        return [
            Standing(r[0], r[1], r[2], shown(r[3], r[4]), float(r[3]), float(r[4]), int(r[5]))
            for r in rows
        ]

    def history(self, account_id: str, limit: int = HISTORY_LISTED) -> list[Rated]:
        """The account's rated games, newest first (at most ``limit``), each with every
        seat's name."""
        query = (
            select(
                rating_history.c.table_id,
                tables.c.public,
                rating_history.c.game,
                rating_history.c["class"],
                rating_history.c.seat,
                rating_history.c.rank,
                tables.c.players,
                rating_history.c.mu_before,
                rating_history.c.sigma_before,
                rating_history.c.mu_after,
                rating_history.c.sigma_after,
                rating_history.c.at,
            )
            .select_from(rating_history.join(tables, rating_history.c.table_id == tables.c.id))
            .where(rating_history.c.account_id == account_id)
            .order_by(rating_history.c.at.desc(), rating_history.c.table_id)
            .limit(limit)
        )
        with self.store.engine.connect() as tx:
            rows = tx.execute(query).all()
            names = seat_names(tx, {r[0] for r in rows})
        return [
            Rated(
                table=r[0],
                public=bool(r[1]),
                game=r[2],
                klass=r[3],
                seat=int(r[4]),
                rank=int(r[5]),
                players=int(r[6]),
                before=shown(r[7], r[8]),
                after=shown(r[9], r[10]),
                at=float(r[11]),
                names=tuple(names[r[0]]),
            )
            for r in rows
        ]
