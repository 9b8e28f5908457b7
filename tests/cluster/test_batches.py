"""Cutting games into batches, and the ``--ray`` and ``--batch`` options (no Ray needed)."""

from __future__ import annotations

import argparse
import socket
import time

import pytest

from saqqara.ai.arena import run_arena
from saqqara.ai.distributed import (
    LOCAL_BATCH_CAP,
    LOCAL_RAY,
    RAY_PROBE_SECONDS,
    _answering,
    add_cluster_arguments,
    batch_size,
    cut,
)


def test_cut_keeps_every_index_once_in_order() -> None:
    assert cut(range(7), 3) == [[0, 1, 2], [3, 4, 5], [6]]
    assert cut(range(2), 5) == [[0, 1]]
    with pytest.raises(ValueError, match="at least one game"):
        cut(range(3), 0)


def test_batches_are_about_four_per_cpu_within_their_caps() -> None:
    assert batch_size(100, 2, None) == 12
    assert batch_size(3, 2, None) == 1
    assert batch_size(1_000_000, 2, None) == LOCAL_BATCH_CAP


def test_an_arena_does_not_depend_on_how_its_games_are_batched() -> None:
    bots = ["random", "easy"]
    whole = run_arena("valley-of-the-kings", 2, {}, bots, 7, 11, workers=1, batch=7)
    in_threes = run_arena("valley-of-the-kings", 2, {}, bots, 7, 11, workers=1, batch=3)
    assert whole.results == in_threes.results


def test_ray_takes_an_optional_address() -> None:
    parser = argparse.ArgumentParser()
    add_cluster_arguments(parser)
    assert parser.parse_args([]).ray is None
    assert parser.parse_args(["--ray"]).ray == LOCAL_RAY
    assert parser.parse_args(["--ray", "auto", "--batch", "50"]).ray == "auto"
    assert parser.parse_args(["--batch", "50"]).batch == 50


def test_a_ray_address_where_nothing_answers_is_refused_at_once() -> None:
    """A trial's ``--ray HOST:PORT`` with nothing there hung for minutes in Ray's own
    retries; the port is tried first and the refusal names the address and the way out."""
    with socket.socket() as probe:  # a loopback port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    started = time.monotonic()
    with pytest.raises(ValueError, match=rf"no Ray cluster answers at '127\.0\.0\.1:{port}'"):
        _answering(f"127.0.0.1:{port}")
    with pytest.raises(ValueError, match="ray start --head"):
        _answering(f"ray://127.0.0.1:{port}")
    assert time.monotonic() - started < RAY_PROBE_SECONDS
    _answering("auto")  # not a host and port: left to Ray
    with socket.socket() as listening:  # something answers: no refusal
        listening.bind(("127.0.0.1", 0))
        listening.listen()
        _answering(f"127.0.0.1:{listening.getsockname()[1]}")
