"""Where batches of seeded games run: in this process, on a local process pool, or on Ray.

The arena and the ladder cut their games into batches (lists of game indices) and hand
them to :func:`run_batches`, the one place that decides where they are played. Every game
carries its own seed, fixed by its index, so a batch gives the same results wherever it
runs and however the games were cut: a run on a Ray cluster equals a local run game by
game. On Ray the batches go out as tasks, at most a few per CPU of the cluster in flight
at once (a million games never become a million objects), results stream back as they
finish, and a task whose worker or node died is run again (``max_retries``) with the same
seeds. Ray is the optional extra ``saqqara[cluster]``; nothing here imports it unless a
run asks for it.
"""

from __future__ import annotations

import argparse
import os
import socket
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

Batch = TypeVar("Batch")
Result = TypeVar("Result")

LOCAL_RAY = "local"
"""The ``--ray`` value given when ADDRESS is omitted: start a Ray instance on this machine."""

MAX_RETRIES = 3
"""How many times Ray runs a batch again after its worker process or node died."""

TASKS_PER_CPU = 2
"""Batches in flight per CPU of the cluster: enough to keep every CPU busy between waits."""


def add_cluster_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--ray [ADDRESS]`` and ``--batch N`` to an arena or ladder command."""
    parser.add_argument(
        "--ray",
        nargs="?",
        const=LOCAL_RAY,
        metavar="ADDRESS",
        help="play the games on Ray (the extra saqqara[cluster]): no ADDRESS starts Ray on "
        "this machine, 'auto' joins the cluster this node belongs to, or a cluster's address",
    )
    parser.add_argument(
        "--ray-token",
        metavar="FILE",
        type=token_file,
        help="a file holding the Ray cluster's authentication token ('ray get-auth-token' "
        "on its head node), for a cluster started with token authentication (RAY_AUTH_MODE="
        "token; the default of newer Ray); RAY_AUTH_TOKEN in the environment does the same",
    )
    parser.add_argument(
        "--batch",
        type=int,
        help="games per task (default: about four tasks per CPU, at most 200 games each)",
    )


def token_file(text: str) -> Path:
    """``--ray-token``: a readable, non-empty file (Ray aborts on an unreadable one)."""
    path = Path(text).expanduser()
    try:
        token = path.read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or type(error).__name__
        raise argparse.ArgumentTypeError(f"cannot read the token file {text!r}: {reason}") from None
    if not token:
        raise argparse.ArgumentTypeError(f"the token file {text!r} is empty")
    return path.resolve()


def use_ray_token(path: Path | None) -> None:
    """Hand Ray the token to send: token authentication on, read from ``path`` (Ray reads
    ``RAY_AUTH_MODE`` and ``RAY_AUTH_TOKEN_PATH`` when it connects). A token given in
    ``RAY_AUTH_TOKEN`` turns token authentication on as well."""
    if path is not None:
        os.environ["RAY_AUTH_MODE"] = "token"
        os.environ["RAY_AUTH_TOKEN_PATH"] = str(path)
        os.environ.pop("RAY_AUTH_TOKEN", None)  # it would take precedence over the file
    elif os.environ.get("RAY_AUTH_TOKEN"):
        os.environ.setdefault("RAY_AUTH_MODE", "token")


LOCAL_BATCH_CAP = 25
"""At most this many games per batch on this machine: the progress bar moves often."""

RAY_BATCH_CAP = 200
"""At most this many games per Ray task: each task's scheduling cost (about a millisecond)
is then small beside its games, and a lost task costs little to run again."""


def batch_size(games: int, workers: int | None, ray_address: str | None) -> int:
    """Games per batch: about four batches per CPU that will play them, at least one game
    and at most :data:`LOCAL_BATCH_CAP` (:data:`RAY_BATCH_CAP` on Ray)."""
    cap = LOCAL_BATCH_CAP if ray_address is None else RAY_BATCH_CAP
    cpus = available_cpus(workers, ray_address)
    return max(1, min(cap, games // (cpus * 4)))


def cut(indices: Sequence[int], size: int) -> list[list[int]]:
    """``indices`` in consecutive batches of ``size`` (the last one may be shorter)."""
    if size < 1:
        raise ValueError(f"a batch holds at least one game, not {size}")
    return [list(indices[i : i + size]) for i in range(0, len(indices), size)]


def available_cpus(workers: int | None, ray_address: str | None) -> int:
    """The CPUs the games will share: the Ray cluster's, or ``workers`` (default: this
    machine's cores). Starts or joins Ray when asked, so that the cluster can be counted."""
    if ray_address is not None:
        ray = _ray(ray_address)
        return max(1, int(ray.cluster_resources().get("CPU", 1)))
    return workers or os.cpu_count() or 1


def run_batches(
    play: Callable[[Batch], list[Result]],
    batches: Sequence[Batch],
    *,
    workers: int | None = None,
    ray_address: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[Result]:
    """Play every batch and return all results in batch order; ``progress(k)`` is told of
    ``k`` more results as each batch finishes. ``play`` must be a module-level function (it
    travels to other processes by reference). With ``ray_address`` the batches run on Ray
    (see :data:`LOCAL_RAY`); otherwise on ``workers`` processes (default: one per core),
    in this process when that is one."""
    if ray_address is not None:
        done = _on_ray(play, batches, ray_address, progress)
    elif (workers or os.cpu_count() or 1) == 1 or len(batches) <= 1:
        done = []
        for batch in batches:
            done.append(play(batch))
            if progress:
                progress(len(done[-1]))
    else:
        done = []
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for results in pool.map(play, batches):
                done.append(results)
                if progress:
                    progress(len(results))
    return [result for results in done for result in results]


def _on_ray(
    play: Callable[[Batch], list[Result]],
    batches: Sequence[Batch],
    address: str,
    progress: Callable[[int], None] | None,
) -> list[list[Result]]:
    """Run the batches as Ray tasks, a bounded number in flight, and gather them in order."""
    ray = _ray(address)
    task = ray.remote(max_retries=MAX_RETRIES, retry_exceptions=False)(_play_batch)
    limit = TASKS_PER_CPU * max(1, int(ray.cluster_resources().get("CPU", 1)))
    done: list[list[Result] | None] = [None] * len(batches)
    in_flight: dict[Any, int] = {}
    waiting = iter(enumerate(batches))
    exhausted = False
    while in_flight or not exhausted:
        while not exhausted and len(in_flight) < limit:
            step = next(waiting, None)
            if step is None:
                exhausted = True
            else:
                in_flight[task.remote(play, step[1])] = step[0]
        if not in_flight:
            break
        ready, _ = ray.wait(list(in_flight), num_returns=1)
        for ref in ready:
            results: list[Result] = ray.get(ref)
            done[in_flight.pop(ref)] = results
            if progress:
                progress(len(results))
    return [results for results in done if results is not None]


def _play_batch(play: Callable[[Batch], list[Result]], batch: Batch) -> list[Result]:
    """The body of a Ray task: one batch played in a Ray worker process."""
    return play(batch)


def _ray(address: str) -> Any:
    """The ``ray`` module, connected: to the instance this process already runs, else one
    started here (:data:`LOCAL_RAY`) or the cluster at ``address``."""
    try:
        import ray
    except ImportError as error:
        raise ValueError("--ray needs Ray: pip install 'saqqara[cluster]'") from error
    if not ray.is_initialized():
        if address == LOCAL_RAY:
            ray.init(address="local", include_dashboard=False, log_to_driver=False)
        else:
            _answering(address)
            try:
                ray.init(address=address, log_to_driver=False)
            except ConnectionError:
                raise ValueError(_refused(address)) from None
    return ray


def _refused(address: str) -> str:
    """Why Ray would not connect to ``address`` whose port answers: most often a token."""
    if os.environ.get("RAY_AUTH_MODE") == "token":
        return (
            f"the Ray cluster at {address!r} did not accept this driver: check that the "
            "token given (--ray-token, or RAY_AUTH_TOKEN) is the one 'ray get-auth-token' "
            "prints on its head node, and that the Ray versions match"
        )
    return (
        f"the Ray cluster at {address!r} did not accept this driver: if it was started with "
        "token authentication (RAY_AUTH_MODE=token, the default of newer Ray), give its "
        "token with --ray-token FILE ('ray get-auth-token' on its head node prints it) or "
        "RAY_AUTH_TOKEN; else check that the Ray and Python versions match the cluster's"
    )


RAY_PROBE_SECONDS = 10.0
"""How long ``--ray HOST:PORT`` waits for the cluster's port to answer before it gives up
(Ray's own connection attempts go on for minutes)."""


def _answering(address: str) -> None:
    """Refuse, within :data:`RAY_PROBE_SECONDS`, a ``HOST:PORT`` (or ``ray://HOST:PORT``)
    where nothing accepts a connection; ``auto`` and other forms go to Ray as they are."""
    host, colon, port = address.removeprefix("ray://").rpartition(":")
    if not colon or not port.isdigit() or not host:
        return
    host = host.strip("[]")
    try:
        with socket.create_connection((host, int(port)), timeout=RAY_PROBE_SECONDS):
            pass
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise ValueError(
            f"no Ray cluster answers at {address!r} ({reason}, within "
            f"{RAY_PROBE_SECONDS:g} s): start one there with 'ray start --head "
            f"--port={port}', or give the address its head node printed"
        ) from None


@contextmanager
def games_progress(label: str, total: int, quiet: bool) -> Iterator[Callable[[int], None]]:
    """A progress bar of ``total`` games on standard error (none when ``quiet`` or when
    standard error is not a terminal); yields the callback that advances it by ``k`` games."""
    with Progress(
        TextColumn(f"[bold]{label}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        disable=quiet or not sys.stderr.isatty(),
    ) as progress:
        task = progress.add_task("games", total=total)
        yield lambda k: progress.advance(task, k)
