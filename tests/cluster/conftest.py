"""One local Ray instance for the cluster tests: two CPUs, no dashboard, shut down at the end."""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType

import pytest


def pytest_configure(config: pytest.Config) -> None:
    # pytest-xdist registers this marker; without xdist (-p no:xdist) it must exist too
    config.addinivalue_line("markers", "xdist_group(name): tests that share one xdist worker")


@pytest.fixture(scope="session")
def ray_instance() -> Iterator[ModuleType]:
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield ray
    finally:
        ray.shutdown()
