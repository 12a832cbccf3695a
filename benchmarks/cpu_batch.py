"""The batch's library CPU, apart from the network: the bare SDK and the engine against an in-process fake API.

`bench_batch.py` measures a batch over HTTP to the loopback stand-in, where the library's CPU is a
small difference between two noisy runs. Here the SDK talks to ``httpx2.MockTransport`` in the same
process (the stand-in's synthetic answers, after ``--latency`` seconds of ``asyncio.sleep``), so
both runs do the same SDK work and their difference is citecheck's: step 1, the claim-number
check, the judge's bookkeeping, the JSON cache entry, the fold into a result, and the garbage
collections all that allocates. On the same 1,000 distinct citations as `bench_batch.py`:

1. the bare SDK, ``AsyncTypeSafeClient`` with 32 questions in flight (prepared as the judge does);
2. ``check_citations(checker=Checker(concurrency=32))`` recording into a fresh JSON cache;
3. with ``--memo``, the same with step 1 replayed from locations computed beforehand: what is left
   is the library's CPU outside step 1.

Each runs ``--repeats`` times, interleaved; the best CPU time (and wall time) of each is kept, with
the garbage collector's time in that run. Run from the repository root:

    python benchmarks/cpu_batch.py                 # latency 50 ms, 5 repeats (about 30 s)
    python benchmarks/cpu_batch.py --memo          # also the engine with step 1 replayed
    python benchmarks/cpu_batch.py --latency 0.001 # CPU only: answers at once

CPU time on a shared machine still moves with the load (a full collection landing in one run is
30 ms). For a figure that does not, count instructions with callgrind: ``--only engine --runs N``
runs a warm-up batch and then N measured ones, so two counts subtracted give N2 - N1 batches:

    valgrind --tool=callgrind --callgrind-out-file=/dev/null python benchmarks/cpu_batch.py \\
        --citations 300 --latency 0 --only engine --runs 1   # and --runs 3; likewise --only bare
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # for tests.standin

import httpx2
from bench_batch import KEY, bare_sdk, corpus

from citecheck import Checker, Document, TypeSafeJudge, check_citations
from citecheck._models import as_citation
from citecheck.checker import _batch
from citecheck.checker._match import locate
from tests.standin import _answer


def transport(latency: float) -> httpx2.MockTransport:
    async def answer(request: httpx2.Request) -> httpx2.Response:
        body = json.loads(request.content)
        await asyncio.sleep(latency)
        return httpx2.Response(200, json=_answer(body))

    return httpx2.MockTransport(answer)


def engine(document: Document, citations: list[dict[str, Any]], latency: float, cache: Path) -> None:
    judge = TypeSafeJudge(api_key=KEY, transport=transport(latency), cache=cache, create=True)
    batch = check_citations(document, citations, judge=judge, checker=Checker(concurrency=32))
    judge.close()
    assert batch.totals.calls == len(citations) and batch.totals.failures == 0, batch.totals


def measured(run: Callable[[], object]) -> tuple[float, float, float]:
    """CPU seconds, wall seconds and seconds of garbage collection of one run."""
    collecting = [0.0, 0.0]

    def clock(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            collecting[1] = time.process_time()
        else:
            collecting[0] += time.process_time() - collecting[1]

    gc.callbacks.append(clock)
    try:
        wall, cpu = time.perf_counter(), time.process_time()
        run()
        return time.process_time() - cpu, time.perf_counter() - wall, collecting[0]
    finally:
        gc.callbacks.remove(clock)


class ReplayedStepOne:
    """Step 1 of the batch as a lookup of locations computed beforehand, while in a ``with`` block."""

    def __init__(self, document: Document, citations: list[dict[str, Any]]) -> None:
        options = Checker().options
        self.kept = {}
        for position, raw in enumerate(citations):
            citation = as_citation(raw, position)
            self.kept[citation.id] = locate((document,), citation, options)

    def __enter__(self) -> None:
        vars(_batch)["locate"] = lambda documents, citation, options: self.kept[citation.id]

    def __exit__(self, *exc: object) -> None:
        vars(_batch)["locate"] = locate


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--citations", type=int, default=1000)
    parser.add_argument("--latency", type=float, default=0.05, help="seconds before each fake answer")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--memo", action="store_true", help="also the engine with step 1 replayed")
    parser.add_argument("--only", choices=("bare", "engine", "memo"), help="one kind of run, no report (callgrind)")
    parser.add_argument("--runs", type=int, default=1, help="measured runs with --only, after a warm-up run")
    args = parser.parse_args()
    document, citations = corpus(args.citations)
    n = len(citations)
    with tempfile.TemporaryDirectory() as folder:
        caches = (Path(folder) / f"{i}.json" for i in range(10**6))
        kinds: dict[str, Callable[[], object]] = {
            "bare": lambda: asyncio.run(bare_sdk(document, citations, 32, transport=transport(args.latency))),
            "engine": lambda: engine(document, citations, args.latency, next(caches)),
        }
        replayed = ReplayedStepOne(document, citations) if args.memo or args.only == "memo" else None
        if args.only is not None:
            run = kinds["bare" if args.only == "bare" else "engine"]
            with replayed if replayed is not None else contextlib.nullcontext():
                for _ in range(1 + args.runs):
                    run()
            return 0
        if replayed is not None:
            memo = replayed

            def engine_replayed() -> None:
                with memo:
                    engine(document, citations, args.latency, next(caches))

            kinds["engine, step 1 replayed"] = engine_replayed
        for run in kinds.values():  # a warm-up of each: imports, the SDK's first client
            run()
        results: dict[str, list[tuple[float, float, float]]] = {kind: [] for kind in kinds}
        for _ in range(args.repeats):
            for kind, run in kinds.items():
                results[kind].append(measured(run))
    print(f"{n:,} citations, concurrency 32, in-process fake API answering after {args.latency * 1000:g} ms")
    print(f"best of {args.repeats} each, interleaved; CPU and wall per citation, the best run's garbage collection\n")
    bare_cpu = min(cpu for cpu, _, _ in results["bare"])
    for kind, runs in results.items():
        cpu, _, collecting = min(runs)
        best_wall = min(w for _, w, _ in runs)
        extra = "" if kind == "bare" else f"   library {(cpu - bare_cpu) / n * 1000:.3f} ms"
        print(
            f"{kind:26} CPU {cpu / n * 1000:.3f} ms{extra}   wall {best_wall:.3f} s"
            f"   collecting {collecting * 1000:.0f} ms"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
