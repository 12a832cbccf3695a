"""Provider adapters in linear work and memory: counted, not timed (times: ``benchmarks/bench_provider_growth.py``).

Each case reads a response of n citations and one of 8 n. Work is the number of lines of citecheck
run (a trace, so the count is the same on every machine and under any load); memory is the peak
traced allocation. Linear growth is about 8; a quadratic adapter (a claim looked up by a scan of
every claim, a sentence found by reading the answer from its start) was 20 to 32 for 800 citations.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import FrameType
from typing import Any

import pytest

from citecheck.providers import read_response
from tests.memory import peak_bytes
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

    _hooked(sys.settrace, sys.gettrace, calls, run)
    return count


def _hooked(install: Callable[[Any], None], current: Callable[[], Any], hook: Any, run: Callable[[], object]) -> None:
    """Runs ``run`` with ``hook`` installed (a trace or profile function), then the one before."""
    previous = current()
    install(hook)
    try:
        run()
    finally:
        install(previous)


def _joined(run: Callable[[], object]) -> int:
    """Characters the answer builder's joins of its parts copy while ``run`` runs (C work no line count sees)."""
    copied = 0

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        nonlocal copied
        if event == "c_call" and getattr(arg, "__name__", "") == "join":
            owner = frame.f_locals.get("self")
            parts = getattr(owner, "parts", None)
            if isinstance(parts, list) and len(parts) > 1:
                copied += getattr(owner, "length", 0)

    _hooked(sys.setprofile, sys.getprofile, profile, run)
    return copied


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
    small, large = peak_bytes(_reader(case, 2 * SMALL)), peak_bytes(_reader(case, 16 * SMALL))
    assert large / small <= LIMIT, f"{case}: peak {small} B for {2 * SMALL} citations, {large} B for {16 * SMALL}"


# Peak memory against the response's JSON, measured in a fresh interpreter (no cache or import of an
# earlier test in the figure), after one small read (imports and bm25s's tables out of the figure).
_MEASURE = """
import json, sys, tracemalloc
from citecheck.providers import read_response
from tests.provider_shapes import SIZED, sized
out = {}
for case in SIZED:
    provider, response, documents = sized(case, %d)
    read_response(provider, *sized(case, 10)[1:])
    size = len(json.dumps(response))
    tracemalloc.start()
    answer = read_response(provider, response, documents)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    out[case] = [peak, size, len(answer.citations)]
print(json.dumps(out))
"""
PEAK_CITATIONS = 2_000
# An answer is held as compact records (`citecheck.providers._records`): a citation is three integers
# and a shared tuple, a claim its span (and its text when long), about 90 to 850 B whatever the
# provider. Held as models, 1.6 to 2 KB (3.8 to 6.8 KB before that): "[1]" peaked at 53x its JSON.
PER_CITATION = 1_000
# Every adapter peaks within 10x its JSON (issue 27), including the ones whose citations are a few
# bytes (a numbered answer's "[1]", an OpenAI or Gemini span with no quote).
WITHIN = 10.0


@pytest.fixture(scope="module")
def peaks() -> dict[str, list[int]]:
    import json
    import subprocess
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    done = subprocess.run(
        [sys.executable, "-c", _MEASURE % PEAK_CITATIONS], cwd=root, capture_output=True, text=True, check=True
    )
    measured: dict[str, list[int]] = json.loads(done.stdout)
    return measured


@pytest.mark.parametrize("case", list(SIZED))
def test_an_adapter_holds_a_citation_in_a_bounded_number_of_bytes(case: str, peaks: dict[str, list[int]]) -> None:
    peak, size, citations = peaks[case]
    assert citations == PEAK_CITATIONS
    assert peak / citations <= PER_CITATION, f"{case}: {peak / citations:.0f} B per citation ({peak / size:.1f}x)"


@pytest.mark.parametrize("case", list(SIZED))
def test_an_adapter_peaks_within_10x_its_json(case: str, peaks: dict[str, list[int]]) -> None:
    peak, size, _ = peaks[case]
    assert peak / size <= WITHIN, f"{case}: peak {peak} B for {size} B of JSON ({peak / size:.1f}x)"


@pytest.mark.parametrize("case", list(SIZED))
def test_an_adapter_joins_its_answer_in_linear_work(case: str) -> None:
    # Failed before for Anthropic and Bedrock (64x for 8x the citations): a claim's text was read from
    # the whole answer, joined again after every block, even when the claim's text was at hand.
    small, large = _joined(_reader(case, SMALL)), _joined(_reader(case, 8 * SMALL))
    assert large <= LIMIT * max(small, 1), f"{case}: {small} characters joined for {SMALL} citations, {large} for 8x"
