"""Peak memory of a call under `tracemalloc`, for the tests that bound it."""

from __future__ import annotations

import gc
import tracemalloc
from collections.abc import Callable

from citecheck import Document
from citecheck.matcher import locate

PROBE = {"id": "m", "claim": "c", "quote": "The authorization server MUST", "section": None}


def peak_bytes(run: Callable[[], object]) -> int:
    """Bytes at the peak of ``run()``, traced from a collected heap."""
    gc.collect()
    tracemalloc.start()
    try:
        run()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def peak_and_retained(parse: Callable[[], Document]) -> tuple[int, int]:
    """Bytes at the peak of ``parse()`` and the first `locate` on its document, and bytes it keeps.

    Run it once untraced first, so imports and caches are not counted as the document's.
    """
    locate(parse(), PROBE)
    gc.collect()
    tracemalloc.start()
    try:
        document = parse()
        locate(document, PROBE)  # builds the word index and the reference lookups
        retained, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    del document
    return peak, retained
