"""``/metrics``: one process's figures in Prometheus's text format (prometheus-client).

Three histograms are observed as things happen (an observation is a few hundred
nanoseconds under a lock, off no disk): a move's latency from the receipt of its ``act``
to its ack (:attr:`Metrics.move_seconds`), a group commit of the writer thread
(:attr:`Metrics.commit_seconds`), a bot's choice from its job's queueing to its answer
(:attr:`Metrics.bot_seconds`). Play now's seeks are counted as they happen too, by game
(:class:`SeekFigures`: opened, tables made by pairing, seats given to bots, cancelled,
expired, and the wait until seated). Everything else is read when Prometheus scrapes, from the
counts the server keeps anyway (:class:`Figures`): nothing on a move's path. Each server has
a registry of its own, so that several in one process (the tests) never collide. See
docs/architecture.md, "Operating a site", and docs/grafana-dashboard.json.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from prometheus_client import CollectorRegistry, Counter, Histogram, ProcessCollector
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.exposition import CONTENT_TYPE_LATEST, generate_latest

from saqqara.server.limits import SiteRate

if TYPE_CHECKING:
    from saqqara.server.accounts import Gate
    from saqqara.server.cluster import Cluster
    from saqqara.server.guard import AddressRate
    from saqqara.server.service import TableService

CONTENT_TYPE = CONTENT_TYPE_LATEST

MOVE_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
COMMIT_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
BOT_BUCKETS = (0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)
SEEK_WAIT_BUCKETS = (0.5, 1.0, 2.5, 5.0, 10.0, 20.0, 30.0, 60.0, 120.0, 300.0, 600.0, 1800.0)


class SeekFigures:
    """Play now's counters (``server/play_now.py``), by game, and the wait until seated.
    In a site each process counts what it did itself: the seeks opened and cancelled
    through it, the tables its pairings made, the expired seeks its pairings found."""

    def __init__(self, registry: CollectorRegistry) -> None:
        self.opened = Counter(
            "saqqara_seeks_opened",
            "Play-now seeks opened (POST /api/seeks accepted)",
            ["game"],
            registry=registry,
        )
        self.paired = Counter(
            "saqqara_seeks_paired_tables",
            "Tables made by pairing seeks (with or without bots)",
            ["game"],
            registry=registry,
        )
        self.bot_seats = Counter(
            "saqqara_seeks_bot_seats",
            "Seats of paired tables given to bots (no seeker filled them)",
            ["game"],
            registry=registry,
        )
        self.cancelled = Counter(
            "saqqara_seeks_cancelled",
            "Seeks cancelled by their seeker before they were seated",
            ["game"],
            registry=registry,
        )
        self.expired = Counter(
            "saqqara_seeks_expired",
            "Seeks found gone because their page stopped asking (--seek-ttl)",
            ["game"],
            registry=registry,
        )
        self.wait_seconds = Histogram(
            "saqqara_seek_wait_seconds",
            "A seek's wait from its opening to its seat at a table",
            buckets=SEEK_WAIT_BUCKETS,
            registry=registry,
        )


class Metrics:
    """One server's registry and the histograms observed as things happen."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.move_seconds = Histogram(
            "saqqara_move_seconds",
            "A seat's move from the receipt of its act to its ack (stored, then acknowledged)",
            buckets=MOVE_BUCKETS,
            registry=self.registry,
        )
        self.commit_seconds = Histogram(
            "saqqara_store_commit_seconds",
            "One group commit of the writer thread (every job waiting, one transaction)",
            buckets=COMMIT_BUCKETS,
            registry=self.registry,
        )
        self.bot_seconds = Histogram(
            "saqqara_bot_search_seconds",
            "A bot's choice, from its job's queueing to the answer (or the move limit)",
            buckets=BOT_BUCKETS,
            registry=self.registry,
        )
        self.seeks = SeekFigures(self.registry)
        ProcessCollector(registry=self.registry)  # CPU, memory, open files (Linux)

    def watch(
        self,
        service: TableService,
        cluster: Cluster | None = None,
        tables: AddressRate | SiteRate | None = None,
        accounts: Gate | None = None,
    ) -> None:
        """Read ``service``'s (and ``cluster``'s, the table limit ``tables``'s and the
        accounts' ``accounts``'s) figures at each scrape from now on."""
        self.registry.register(Figures(service, cluster, tables, accounts))

    def text(self) -> bytes:
        """Every figure, in Prometheus's text format."""
        return generate_latest(self.registry)


class Figures:
    """A collector of the figures the server keeps anyway, read when Prometheus scrapes."""

    def __init__(
        self,
        service: TableService,
        cluster: Cluster | None,
        tables: AddressRate | SiteRate | None = None,
        accounts: Gate | None = None,
    ) -> None:
        self.service = service
        self.cluster = cluster
        self.tables = tables
        self.accounts = accounts

    def collect(self) -> Iterator[Metric]:
        service = self.service
        yield _counter(
            "saqqara_moves_accepted",
            "Actions accepted and stored since start (seats' and bots', not chance)",
            service.accepted,
        )
        yield _counter(
            "saqqara_store_failures",
            "Writes the store refused (each move answered store-failed)",
            service.store_failures,
        )
        yield _counter(
            "saqqara_open_tables_expired",
            "Open tables closed because nobody sat at them (--expire-open-after)",
            service.expired,
        )
        yield _counter(
            "saqqara_tutorial_tables_removed",
            "Tutorial tables removed from the store (over and left, or past their hours)",
            service.tutorials_removed,
        )
        yield _gauge("saqqara_live_tables", "Tables in memory", len(service.live))
        yield _gauge(
            "saqqara_tables_aside",
            "Tables waiting for the store to answer again after a failed write",
            len(service.aside),
        )
        seats = spectators = 0
        for table in list(service.live.values()):
            for listener in table.listeners:
                if listener.seat is None:
                    spectators += 1
                else:
                    seats += 1
        connections = GaugeMetricFamily(
            "saqqara_connections", "Table sockets served here, by role", labels=["role"]
        )
        connections.add_metric(["seat"], seats)
        connections.add_metric(["spectator"], spectators)
        yield connections
        push = service.push
        if push is not None:
            pushes = CounterMetricFamily(
                "saqqara_turn_pushes",
                "Web Pushes of turns: sent, failed, or answered 404/410 (subscription deleted)",
                labels=["result"],
            )
            pushes.add_metric(["sent"], push.sent)
            pushes.add_metric(["failed"], push.failed)
            pushes.add_metric(["gone"], push.forgotten)
            yield pushes
        if self.accounts is not None:
            tries = CounterMetricFamily(
                "saqqara_account_tries",
                "Sign-ins (password or OpenID Connect) and sign-ups, by how they ended: ok, "
                "linked (a provider linked to an account), or the refusal's code",
                labels=["what", "result"],
            )
            for (what, result), count in sorted(self.accounts.outcomes.items()):
                tries.add_metric([what, result], count)
            yield tries
        if self.tables is not None:
            yield _counter(
                "saqqara_tables_refused",
                "Tables refused to an address over --tables-per-minute (too-many-tables)",
                self.tables.refused,
            )
        bots = service.bots
        yield _gauge("saqqara_bot_queue", "Bot moves waiting for a free worker", bots.queued)
        yield _gauge("saqqara_bots_busy", "Bot workers choosing a move now", bots.running)
        yield _gauge("saqqara_bot_workers", "Bot worker processes allowed", bots.workers)
        cluster = self.cluster
        if cluster is None:
            return
        yield _gauge(
            "saqqara_site_leases", "Table leases this process holds", len(cluster.leases.held)
        )
        yield _gauge(
            "saqqara_site_relayed",
            "Sockets held here for tables other processes own",
            len(cluster.relays),
        )
        yield _gauge(
            "saqqara_site_served_for_others",
            "Sockets other processes relay to this one's tables",
            len(cluster.served),
        )
        yield _counter(
            "saqqara_site_takeovers",
            "Tables this process took over (or resumed at start)",
            cluster.takeovers,
        )
        yield _counter(
            "saqqara_site_moved_sockets",
            "Relayed sockets closed (1012) because their table moved or Redis was lost",
            cluster.moved_sockets,
        )
        yield _counter(
            "saqqara_site_redis_subscriptions",
            "Subscriptions to this process's Redis channel (more than 1: Redis was lost)",
            cluster.subscriptions,
        )
        yield _counter(
            "saqqara_site_lease_renewal_failures",
            "Lease renewals that failed (the database out of reach)",
            cluster.renew_failures,
        )
        yield _counter(
            "saqqara_site_lease_lapses",
            "Times every lease was given up, none renewed for its lifetime",
            cluster.lapses,
        )
        if isinstance(self.tables, SiteRate):
            yield _counter(
                "saqqara_site_limit_fallbacks",
                "Tables-per-minute requests counted here alone, Redis not answering",
                self.tables.fallbacks,
            )


def _counter(name: str, documentation: str, value: float) -> CounterMetricFamily:
    return CounterMetricFamily(name, documentation, value=value)


def _gauge(name: str, documentation: str, value: float) -> GaugeMetricFamily:
    return GaugeMetricFamily(name, documentation, value=value)
