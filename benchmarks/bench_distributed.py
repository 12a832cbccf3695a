"""Ray Data at scale on one machine: workers, the global rate limit, a killed worker, the cache export.

Everything goes through the real SDK over HTTP to the loopback stand-in (tests/standin.py; synthetic
answers, never a model) at ``--latency`` seconds per request, with a real PostgreSQL answer cache and
a real Redis rate-limit store started on 127.0.0.1 in temporary folders (tests/servers.py). Ray runs
locally with 2 CPUs, bound to 127.0.0.1. Four parts, each checked at the end (exit 1 when one fails):

1. throughput with 1 and 2 workers on the same citations (a fresh cache each): the work is I/O
   bound, so 2 workers should come close to 2x (target >= 1.7x). Measured end to end and in the
   steady state (first result row to last: Ray's actor start-up is not the engine's);
2. a global limit of ``--limit`` requests per second in Redis, shared by 2 workers: the most
   requests the stand-in saw in any 1-second window (target <= limit + 1);
3. one worker process killed (SIGKILL) in the middle of a run: output rows = distinct row ids =
   input rows (0 lost, 0 duplicated), extra requests at most workers x concurrency, and a rerun
   sends 0 requests;
4. the Postgres cache exported to JSON, then a plain local `check_citations` on the export: 0 requests.

Before them, the JSON journal's fsync policy: milliseconds per recorded answer with ``fsync="batch"``
(the default: forced to disk at each batch's end) and ``fsync="answer"`` (after every answer).

    python benchmarks/bench_distributed.py             # about 3-5 minutes on 2 shared cores
    python benchmarks/bench_distributed.py --fsync-only
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # for tests.*

from citecheck.distributed import LOCAL_RAY_ENV

for _name, _value in LOCAL_RAY_ENV.items():
    os.environ.setdefault(_name, _value)

import psutil  # noqa: E402
import psycopg  # noqa: E402

from citecheck import Checker, Document, TypeSafeJudge, check_citations  # noqa: E402
from citecheck.judge import RateLimit, copy_cache  # noqa: E402
from tests.netcheck import off_loopback  # noqa: E402
from tests.servers import PostgresServer, RedisServer  # noqa: E402
from tests.standin import StandIn  # noqa: E402

KEY = "bench-key-not-secret"


def corpus(n_docs: int) -> dict[str, Document]:
    return {
        f"doc{d}": Document.from_sections(
            {str(i): f"Doc {d} section {i}: a widget of series {i} MUST be painted blue." for i in range(50)},
            name=f"doc{d}",
        )
        for d in range(n_docs)
    }


def rows(n_docs: int, per_doc: int) -> list[dict[str, Any]]:
    return [
        {"row_id": f"r{d}-{i}", "document": f"doc{d}", "id": f"c{i}", "claim": f"Series {i} of doc {d} is blue.",
         "quote": f"series {i % 50} MUST be painted blue", "section": str(i % 50)}
        for d in range(n_docs) for i in range(per_doc)
    ]  # fmt: skip


class Loader:
    def __init__(self, n_docs: int) -> None:
        self.n_docs = n_docs
        self._docs: dict[str, Document] | None = None

    def __call__(self, name: str) -> Document:
        if self._docs is None:
            self._docs = corpus(self.n_docs)
        return self._docs[name]


class MakeJudge:
    def __init__(self, url: str, cache: str, limit: RateLimit | None = None) -> None:
        self.url, self.cache, self.limit = url, cache, limit

    def __call__(self) -> TypeSafeJudge:
        return TypeSafeJudge(api_key=KEY, base_url=self.url, cache=self.cache, rate_limit=self.limit)


def fsync_cost(n: int = 1000) -> None:
    from citecheck.judge._cache import JsonAnswerCache, cache_key

    entry = {"choice": "supports", "probabilities": {"supports": 0.9, "contradicts": 0.05, "says_nothing": 0.05},
             "confidence": 0.9, "seconds": 0.1, "input_tokens": 3, "output_tokens": 1}  # fmt: skip
    best: dict[str, float] = {}
    for policy in ("batch", "answer") * 3:  # interleaved, best of 3: the machine is shared
        with tempfile.TemporaryDirectory(dir=Path(__file__).parent) as folder:
            cache = JsonAnswerCache(Path(folder) / "a.json", fsync=policy)  # type: ignore[arg-type]
            started = time.perf_counter()
            for i in range(n):
                cache.put(cache_key("ask", f"claim {i}", "section"), entry)
            cache.close()
            best[policy] = min(best.get(policy, 1e9), (time.perf_counter() - started) * 1000 / n)
    print(
        f"JSON journal, {n} answers: fsync=batch {best['batch']:.3f} ms/answer, "
        f"fsync=answer {best['answer']:.3f} ms/answer ({best['answer'] / best['batch']:.1f}x)"
    )


def fresh(url: str) -> None:
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("DROP TABLE IF EXISTS citecheck_answers")


def run(
    given: list[dict[str, Any]],
    standin: StandIn,
    cache: str,
    *,
    workers: int,
    concurrency: int,
    n_docs: int,
    limit: RateLimit | None = None,
    kill_after: int | None = None,
) -> tuple[list[dict[str, Any]], float, float]:
    """The result rows, the wall time, and the steady-state time (first result row to last)."""
    import ray

    from citecheck.distributed import check_dataset

    dataset = check_dataset(
        ray.data.from_items(given, override_num_blocks=8), documents=Loader(n_docs),
        judge=MakeJudge(standin.url, cache, limit), checker=Checker(concurrency=concurrency), actors=workers,
        batch_size=64, num_cpus=0.5,
    )  # fmt: skip
    out: list[dict[str, Any]] = []
    started = time.perf_counter()
    first = None
    for row in dataset.iter_rows():
        first = first or time.perf_counter()
        out.append(row)
        if kill_after is not None and len(out) == kill_after:
            victims = [
                p for p in psutil.Process().children(recursive=True) if "MapWorker(MapBatches(_Checker" in p.name()
            ]
            os.kill(victims[0].pid, signal.SIGKILL)
            print(f"  killed worker pid {victims[0].pid} after {len(out)} rows", flush=True)
    done = time.perf_counter()
    return out, done - started, done - (first or started)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--latency", type=float, default=0.05)
    parser.add_argument("--docs", type=int, default=20)
    parser.add_argument("--per-doc", type=int, default=60)
    parser.add_argument("--concurrency", type=int, default=4, help="questions in flight per worker")
    parser.add_argument("--limit", type=int, default=20, help="requests per second for part 2")
    parser.add_argument("--fsync-only", action="store_true")
    arguments = parser.parse_args()
    fsync_cost()
    if arguments.fsync_only:
        return 0
    import ray

    checks: list[tuple[str, bool]] = []
    given = rows(arguments.docs, arguments.per_doc)
    common = {"concurrency": arguments.concurrency, "n_docs": arguments.docs}
    with PostgresServer() as pg, RedisServer() as redis, StandIn(latency=arguments.latency) as standin:
        ray.init(_node_ip_address="127.0.0.1", include_dashboard=False, num_cpus=2, log_to_driver=False)
        try:
            print(f"{len(given)} citations, {arguments.docs} documents, stand-in at {arguments.latency * 1000:.0f} ms")
            # 1. scaling
            timing = {}
            for workers in (1, 2):
                fresh(pg.url)
                before = standin.requests
                out, wall, steady = run(given, standin, pg.url, workers=workers, **common)
                timing[workers] = (wall, steady)
                print(f"  {workers} worker(s): {len(out)} rows, {standin.requests - before} requests, "
                      f"{wall:.1f} s end to end ({len(given) / wall:.0f}/s), {steady:.1f} s steady "
                      f"({len(given) / steady:.0f}/s)", flush=True)  # fmt: skip
            wall_ratio = timing[1][0] / timing[2][0]
            steady_ratio = timing[1][1] / timing[2][1]
            print(f"  scaling 2 vs 1 worker: {wall_ratio:.2f}x end to end, {steady_ratio:.2f}x steady state")
            checks.append(("2 workers >= 1.7x one worker (steady state)", steady_ratio >= 1.7))
            checks.append(("no socket off loopback", off_loopback() == []))

            # 2. the global limit, shared in Redis by both workers
            fresh(pg.url)
            standin.arrivals.clear()
            part = given[: arguments.limit * 8]
            limit = RateLimit(f"{arguments.limit}/s", store=redis.url, key="bench")
            out, wall, _ = run(part, standin, pg.url, workers=2, limit=limit, **common)
            busiest = standin.busiest(1.0)
            print(f"  limit {arguments.limit}/s in Redis, 2 workers: {len(out)} rows in {wall:.1f} s, "
                  f"busiest second {busiest} requests")  # fmt: skip
            checks.append((f"busiest second <= {arguments.limit} + 1", busiest <= arguments.limit + 1))

            # 3. a worker killed mid-run
            fresh(pg.url)
            standin.questions.clear()
            before = standin.requests
            out, wall, _ = run(given, standin, pg.url, workers=2, kill_after=len(given) // 3, **common)
            sent = standin.requests - before
            distinct = len(standin.questions)
            extra = sent - distinct
            ids = {row["row_id"] for row in out}
            print(f"  killed: {len(out)} rows, {len(ids)} distinct ids of {len(given)}; {sent} requests for "
                  f"{distinct} questions: {extra} extra (bound {2 * arguments.concurrency})")  # fmt: skip
            checks.append(("0 lost, 0 duplicated after a kill", len(out) == len(ids) == len(given)))
            checks.append(("extra requests <= workers x concurrency", extra <= 2 * arguments.concurrency))
            checks.append(("every row a result", all(row["kind"] == "result" for row in out)))
            before = standin.requests
            run(given, standin, pg.url, workers=2, **common)
            print(f"  rerun: {standin.requests - before} requests")
            checks.append(("the rerun sends 0 requests", standin.requests == before))

            # 4. export to JSON, then a plain local run
            with tempfile.TemporaryDirectory() as folder:
                exported = Path(folder) / "answers.json"
                copied = copy_cache(pg.url, exported)
                before = standin.requests
                docs = corpus(arguments.docs)
                judge = TypeSafeJudge(api_key=KEY, base_url=standin.url, cache=exported)
                calls = 0
                for name, document in docs.items():
                    mine = [{k: row[k] for k in ("id", "claim", "quote", "section")} for row in given
                            if row["document"] == name]  # fmt: skip
                    calls += check_citations(document, mine, judge=judge).totals.calls
                judge.close()
                print(f"  exported {copied} answers to JSON; local check_citations: {standin.requests - before} "
                      f"requests")  # fmt: skip
                checks.append(("local run on the export sends 0 requests", standin.requests == before and calls == 0))
        finally:
            ray.shutdown()
    failed = [name for name, ok in checks if not ok]
    for name, ok in checks:
        print(f"{'ok ' if ok else 'FAIL'} {name}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
