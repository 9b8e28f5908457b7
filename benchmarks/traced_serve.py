"""``saqqara serve`` under ``tracemalloc``, for ``benchmarks/load.py --trace``.

Usage: python benchmarks/traced_serve.py DIR serve [saqqara serve's arguments]

Runs the server as ``python -m saqqara.cli`` would, with ``tracemalloc`` tracing every
allocation (``SAQQARA_TRACE_FRAMES`` frames deep, default 12). Each ``SIGUSR1`` collects
the garbage and writes a snapshot of what is live to ``DIR/N.snapshot`` (N counting from
0), renamed into place once whole, so the benchmark can compare the server's live Python
memory at two moments: what the allocator holds besides (the RSS figures) is not in it.
"""

from __future__ import annotations

import gc
import os
import signal
import sys
import tracemalloc
from types import FrameType


def main() -> int:
    folder, argv = sys.argv[1], sys.argv[2:]
    tracemalloc.start(int(os.environ.get("SAQQARA_TRACE_FRAMES", "12")))
    taken = 0

    def dump(signum: int, frame: FrameType | None) -> None:
        nonlocal taken
        gc.collect()
        snapshot = tracemalloc.take_snapshot()
        path = os.path.join(folder, f"{taken}.snapshot")
        snapshot.dump(path + ".part")
        os.replace(path + ".part", path)
        taken += 1

    signal.signal(signal.SIGUSR1, dump)
    from saqqara.cli import main as cli

    return cli(argv)


if __name__ == "__main__":
    sys.exit(main())
