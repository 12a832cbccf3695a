"""Provider adapters in linear work and memory: counted, not timed (times: ``benchmarks/bench_provider_growth.py``).

Each case reads a response of n citations and one of 8 n. Work is the number of lines of citecheck
run (a trace, so the count is the same on every machine and under any load); memory is the peak
traced allocation. Linear growth is about 8; a quadratic adapter (a claim looked up by a scan of
every claim, a sentence found by reading the answer from its start) was 20 to 32 for 800 citations.
"""

from __future__ import annotations

import sys
import tracemalloc
from collections.abc import Callable
from types import FrameType
from typing import Any

import pytest

from citecheck.providers import read_response
from tests.provider_shapes import SIZED, sized

LIMIT = 20.0
SMALL = 100


def _lines(run: Callable[[], object]) -> int:
    """Lines of citecheck's own code that ``run`` executes."""
    count = 0

    def local(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal count
        if event == "line":
            count += 1
        return local

    def calls(frame: FrameType, event: str, arg: Any) -> Any:
        return local if "citecheck" in frame.f_code.co_filename.replace("\\", "/").split("/")[-3:-1] else None

    previous = sys.gettrace()
    sys.settrace(calls)
    try:
        run()
    finally:
        sys.settrace(previous)
    return count


def _peak(run: Callable[[], object]) -> int:
    tracemalloc.start()
    try:
        run()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def _reader(case: str, n: int) -> Callable[[], object]:
    provider, response, documents = sized(case, n)

    def read() -> object:
        answer = read_response(provider, response, documents)
        assert len(answer.citations) == n
        return answer

    return read


@pytest.mark.parametrize("case", list(SIZED))
def test_an_adapter_does_linear_work_in_the_citations(case: str) -> None:
    small, large = _lines(_reader(case, SMALL)), _lines(_reader(case, 8 * SMALL))
    assert large / small <= LIMIT, f"{case}: {small} lines for {SMALL} citations, {large} for {8 * SMALL}"


@pytest.mark.parametrize("case", list(SIZED))
def test_an_adapter_peaks_at_memory_linear_in_the_citations(case: str) -> None:
    small, large = _peak(_reader(case, 2 * SMALL)), _peak(_reader(case, 16 * SMALL))
    assert large / small <= LIMIT, f"{case}: peak {small} B for {2 * SMALL} citations, {large} B for {16 * SMALL}"
