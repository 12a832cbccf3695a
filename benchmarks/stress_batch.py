"""The issue's fault checks at full size: a fault mix on 2,000 citations, and 30 kill -9s of a batch.

The test suite runs both scaled down (tests/test_batch.py); this runs them as the issue states
them, against the loopback stand-in (tests/standin.py, synthetic answers), and exits 1 when one
fails:

1. 2,000 distinct citations, 10% 500s, 5% 429s (Retry-After) and 2% hangs: every citation is
   judged or carries a typed failure, none is lost or duplicated; a rerun against a healthy
   server completes the rest and sends a request only for each failure.
2. ``kill -9`` of a 2,000-citation batch (a subprocess recording into a JSON cache, 50 ms per
   answer) at 30 random moments: the cache is readable every time (by cooksafe too) and never
   loses an answer it had; a final rerun sends a request only for each answer it is missing.

    python benchmarks/stress_batch.py            # about 2 minutes
    python benchmarks/stress_batch.py --kills 5  # fewer kills
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # for tests.standin

from cooksafe import JsonCache  # type: ignore[import-untyped]
from typesafe_sdk import RetryPolicy

from citecheck import Checker, CitationFailure, CitationResult, TypeSafeJudge, check_citations
from citecheck.judge import open_cache
from tests.standin import StandIn

KEY = "stress-key-not-secret"
N = 2000


def sections(n: int) -> dict[str, str]:
    return {str(i): f"Section {i}. A widget of series {i} MUST be painted blue before it ships." for i in range(n)}


def citations(n: int) -> list[dict[str, Any]]:
    return [
        {"id": f"c{i}", "claim": f"Series {i} is blue.", "quote": f"series {i} MUST be painted blue", "section": str(i)}
        for i in range(n)
    ]


KILLED_RUN = """
import sys
sys.path.insert(0, sys.argv[4])
from benchmarks.stress_batch import citations, sections
from citecheck import TypeSafeJudge, check_citations
n = int(sys.argv[3])
check_citations(sections(n), citations(n), judge=TypeSafeJudge(api_key="killed-run", base_url=sys.argv[1],
                cache=sys.argv[2], create=True), checker=Checker(concurrency=32))
"""


def fault_mix(folder: Path) -> list[tuple[bool, str]]:
    cache = folder / "faults.json"
    retry = RetryPolicy(max_retries=2, backoff_initial=0.05, backoff_max=0.2, timeout=10)
    with StandIn(latency=0.01, fail_500=0.10, fail_429=0.05, hang=0.02, hang_seconds=2.0, retry_after=0.1) as server:
        judge = TypeSafeJudge(api_key=KEY, base_url=server.url, cache=cache, create=True, timeout=0.5, retry=retry)
        started = time.perf_counter()
        results = check_citations(sections(N), citations(N), judge=judge, checker=Checker(concurrency=32))
        seconds = time.perf_counter() - started
        judge.close()
        failures = [r for r in results if isinstance(r, CitationFailure)]
        judged = [r for r in results if isinstance(r, CitationResult) and r.answer is not None]
        print(
            f"fault mix: {N:,} citations in {seconds:.1f} s; the stand-in sent {dict(server.outcomes)}; "
            f"{len(judged):,} judged, {len(failures)} failures ({sorted({f.error for f in failures})})"
        )
        server.healthy()
        sent = server.requests
        rerun = check_citations(
            sections(N), citations(N), judge=TypeSafeJudge(api_key=KEY, base_url=server.url, cache=cache)
        )
        print(
            f"rerun against a healthy server: {server.requests - sent} requests, "
            f"{rerun.totals.replayed:,} replayed, {rerun.totals.failures} failures"
        )
        return [
            ([r.id for r in results] == [f"c{i}" for i in range(N)], "one entry per citation, in order"),
            (len(judged) + len(failures) == N, "every citation judged or a typed failure"),
            ({f.error for f in failures} <= {"JudgeCallError"}, "every failure is a JudgeCallError"),
            (all(isinstance(r, CitationResult) for r in rerun), "the rerun completes every citation"),
            (server.requests - sent == len(failures), "the rerun sends a request only for each failure"),
        ]


def kills(folder: Path, count: int, seed: int) -> list[tuple[bool, str]]:
    cache = folder / "killed.json"
    draws = random.Random(seed)
    root = str(Path(__file__).resolve().parents[1])
    readable = kept_all = True
    recorded = 0
    with StandIn(latency=0.05) as server:
        for _ in range(count):
            child = subprocess.Popen([sys.executable, "-c", KILLED_RUN, server.url, str(cache), str(N), root])
            target = sum(server.questions.values()) + draws.randint(1, 100)
            deadline = time.monotonic() + 120
            while sum(server.questions.values()) < target and child.poll() is None and time.monotonic() < deadline:
                time.sleep(0.001)
            time.sleep(draws.random() * 0.05)
            child.kill()
            child.wait(timeout=60)
            try:
                JsonCache(cache)  # cooksafe reads the file itself (the journal is citecheck's)
                kept = len(open_cache(cache))
            except Exception as error:
                print(f"  the cache is not readable: {error}")
                readable = False
                break
            kept_all &= kept >= recorded
            recorded = kept
        print(f"{count} kill -9s: the cache held {recorded:,} of {N:,} answers at the end")
        judge = TypeSafeJudge(api_key=KEY, base_url=server.url, cache=cache)
        rerun = check_citations(sections(N), citations(N), judge=judge)
        asked = server.senders[f"Bearer {KEY}"]
        print(f"rerun: {asked:,} requests for the {N - recorded:,} missing answers, {rerun.totals.replayed:,} replayed")
    return [
        (readable, "the cache is readable after every kill"),
        (kept_all, "no kill lost an answer the cache already had"),
        (asked == N - recorded and all(isinstance(r, CitationResult) for r in rerun), "the rerun pays only the rest"),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--kills", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        checks = fault_mix(Path(tmp)) + kills(Path(tmp), args.kills, args.seed)
    print()
    for passed, line in checks:
        print(("ok   " if passed else "FAIL ") + line)
    return 0 if all(passed for passed, _ in checks) else 1


if __name__ == "__main__":
    sys.exit(main())
