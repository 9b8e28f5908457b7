"""Derived generators: SplitMix64 mixing, pinned so that a seed means the same game forever."""

from __future__ import annotations

import subprocess
import sys

from saqqara.core.seeding import derived_rng, mix


def test_mixing_is_splitmix64() -> None:
    # SplitMix64's first output from state 0, as published with the algorithm.
    assert mix(0) == 0xE220A8397B1DCDAF


def test_mixed_values_are_pinned() -> None:
    assert mix(1, 2, 3) == 15020427595393229491
    assert derived_rng(2026, -1, 0).random() == 0.34128981237882194


def test_every_part_counts_in_order_and_in_full() -> None:
    values = {mix(1, 2), mix(2, 1), mix(1, 2, 0), mix(-1), mix(2**64 - 1), mix(2**70), mix(0)}
    assert len(values) == 7
    assert mix(2**70) != mix(2**70 + 1)


def test_the_same_in_another_process() -> None:
    code = "from saqqara.core.seeding import mix; print(mix(7, -1, 99))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert int(out.stdout) == mix(7, -1, 99)
