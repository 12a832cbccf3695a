"""What the benchmarks share: timing a run the way a noisy, shared machine allows."""

from __future__ import annotations

import time
from collections.abc import Callable


def best_of(run: Callable[[], object], repeats: int) -> float:
    """The fastest of ``repeats`` runs, in seconds: the least disturbed by other work on the machine."""
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    return min(times)
