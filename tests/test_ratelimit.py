"""The global rate limit at the HTTP transport: in memory for one process, in Redis for many.

Requests go through the real SDK to the loopback stand-in, which records when each one arrived;
the assertions count requests per window, never how long anything took.
"""

import subprocess
import sys
import threading
import time
from typing import Any

import httpx2
import pytest
from typesafe_sdk import RetryPolicy

from citecheck import Checker, CitationFailure, CitationResult, TypeSafeJudge, check_citations
from citecheck.errors import RateLimitError
from citecheck.judge._ratelimit import RateLimit, parse_rate_limit
from citecheck.judge._transport import LimitedTransport
from tests.servers import RedisServer, free_port
from tests.standin import StandIn

KEY = "sk-test-0123456789abcdef"
FAST_RETRY = RetryPolicy(max_retries=4, backoff_initial=0.01, backoff_max=0.05, timeout=30.0)


def sections(n: int) -> dict[str, str]:
    return {str(i): f"Section {i} says that widget number {i} MUST be painted blue." for i in range(n)}


def citations(n: int, tag: str = "") -> list[dict[str, str]]:
    return [
        {"id": f"c{i}", "claim": f"Widget {i} is blue{tag}.", "quote": f"widget number {i} MUST", "section": str(i)}
        for i in range(n)
    ]


@pytest.mark.parametrize(
    ("text", "windows"),
    [
        ("500/s", ((500, 1.0),)),
        ("500/s,10000/min", ((500, 1.0), (10000, 60.0))),
        ("10000/minute, 500/second", ((500, 1.0), (10000, 60.0))),
        ("5/10s", ((5, 10.0),)),
        ("3/0.5s", ((3, 0.5),)),
        ("1000/h", ((1000, 3600.0),)),
    ],
)
def test_limits_parse(text: str, windows: tuple[tuple[int, float], ...]) -> None:
    assert parse_rate_limit(text) == windows


@pytest.mark.parametrize("text", ["", "500", "500/fortnight", "0/s", "-5/s", "five/s", "5/0s", "500/s,"])
def test_bad_limits_are_refused(text: str) -> None:
    with pytest.raises(ValueError, match="rate limit"):
        RateLimit(text)


def ok(request: httpx2.Request) -> httpx2.Response:
    return httpx2.Response(200)


def test_every_window_holds_at_once() -> None:
    transport = LimitedTransport(RateLimit("4/0.25s,7/1s", key="every-window"), httpx2.MockTransport(ok))
    sent: list[float] = []
    for _ in range(9):
        transport.handle_request(httpx2.Request("POST", "http://127.0.0.1/x"))
        sent.append(time.monotonic())

    def busiest(window: float) -> int:
        return max(sum(1 for t in sent if start <= t < start + window) for start in sent)

    assert busiest(0.25) <= 4
    assert busiest(1.0) <= 7


def test_a_request_late_on_the_way_still_counts_in_the_window_it_arrives_in() -> None:
    # One process, many threads; each request reaches the server up to 300 ms after its slot was given.
    arrivals: list[float] = []
    lock = threading.Lock()
    draws = __import__("random").Random(5)

    def late(request: httpx2.Request) -> httpx2.Response:
        with lock:
            delay = draws.uniform(0.0, 0.3)
        time.sleep(delay)
        with lock:
            arrivals.append(time.monotonic())
        return httpx2.Response(200)

    transport = LimitedTransport(RateLimit("10/s", key="late-memory"), httpx2.MockTransport(late))
    threads = [
        threading.Thread(target=transport.handle_request, args=(httpx2.Request("POST", "http://127.0.0.1/x"),))
        for _ in range(30)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert len(arrivals) == 30
    arrivals.sort()
    busiest = max(sum(1 for t in arrivals if start <= t < start + 1.0) for start in arrivals)
    assert busiest <= 10 + 1, busiest


def test_one_process_limit_holds_through_the_sdk_retries_included() -> None:
    limit = 10
    with StandIn(fail_500=0.3, seed=3) as standin:
        judge = TypeSafeJudge(
            api_key=KEY, base_url=standin.url, retry=FAST_RETRY, rate_limit=RateLimit(f"{limit}/s", key="sdk")
        )
        results = check_citations(sections(25), citations(25), judge=judge, checker=Checker(concurrency=32))
        assert standin.outcomes["500"] > 0  # retries happened, and went through the limit too
        assert standin.busiest(1.0) <= limit + 1
    assert all(isinstance(r, CitationResult) for r in results)


def test_the_sync_client_is_limited_too() -> None:
    with StandIn() as standin:
        judge = TypeSafeJudge(
            api_key=KEY, base_url=standin.url, transport=httpx2.HTTPTransport(), rate_limit=RateLimit("5/s", key="sync")
        )
        threads = [threading.Thread(target=judge.judge, args=(f"claim {i}", "section")) for i in range(12)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        judge.close()
        assert standin.requests == 12
        assert standin.busiest(1.0) <= 6


@pytest.mark.servers
def test_a_redis_bucket_is_one_budget_for_several_clients(redis_url: str) -> None:
    limit = 8
    with StandIn() as standin:
        outcomes: list[Any] = []

        def worker(tag: str) -> None:
            # A judge, a loop and a Redis connection of its own: only the store is shared, as across processes.
            judge = TypeSafeJudge(
                api_key=KEY, base_url=standin.url, rate_limit=RateLimit(f"{limit}/s", store=redis_url, key="shared")
            )
            outcomes.append(check_citations(sections(12), citations(12, tag), judge=judge))

        threads = [threading.Thread(target=worker, args=(tag,)) for tag in ("a", "b")]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert standin.requests == 24
        assert standin.busiest(1.0) <= limit + 1
    assert all(isinstance(r, CitationResult) for batch in outcomes for r in batch)


@pytest.mark.servers
def test_a_store_that_is_down_fails_the_citations_sends_nothing_and_a_rerun_completes(tmp_path: Any) -> None:
    cache = tmp_path / "answers.json"
    down = f"redis://127.0.0.1:{free_port()}/0"
    with StandIn() as standin:
        limit = RateLimit("50/s", store=down)
        judge = TypeSafeJudge(api_key=KEY, base_url=standin.url, cache=cache, create=True, rate_limit=limit)
        first = check_citations(sections(6), citations(6), judge=judge)
        judge.close()
        assert standin.requests == 0  # never an unlimited burst
        assert all(isinstance(r, CitationFailure) and r.error == "RateLimitError" for r in first)
        assert first.totals.calls == 0  # refused before sending: not a call
        assert "cannot be reached" in first[0].message  # type: ignore[union-attr]
        assert "c0" in first[0].message  # type: ignore[union-attr]
        with RedisServer() as redis:
            judge = TypeSafeJudge(
                api_key=KEY, base_url=standin.url, cache=cache, rate_limit=RateLimit("50/s", store=redis.url)
            )
            rerun = check_citations(sections(6), citations(6), judge=judge)
            judge.close()
        assert standin.requests == 6
    assert all(isinstance(r, CitationResult) for r in rerun)


def test_rate_limit_error_is_a_call_error_that_names_its_citation() -> None:
    error = RateLimitError("the store is down").for_citation("c9")
    assert isinstance(error, RateLimitError) and str(error) == "citation c9: the store is down"


# A worker process on a loaded host: each request leaves its transport up to 400 ms after its slot
# was given (a busy event loop, a slow connection), as happened at 20/s under load.
LATE_WORKER = """
import asyncio, random, sys
import httpx2
from citecheck import Checker, CitationResult, TypeSafeJudge, check_citations
from citecheck.judge import RateLimit

class Late(httpx2.AsyncBaseTransport):
    def __init__(self, seed):
        self.inner, self.random = httpx2.AsyncHTTPTransport(), random.Random(seed)

    async def handle_async_request(self, request):
        await asyncio.sleep(self.random.uniform(0.0, 0.4))
        return await self.inner.handle_async_request(request)

    async def aclose(self):
        await self.inner.aclose()

url, store, tag, n = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
limit = RateLimit("20/s", store=store, key="two-processes")
judge = TypeSafeJudge(api_key="sk-test-0123456789abcdef", base_url=url, transport=Late(tag), rate_limit=limit)
docs = {str(i): f"Section {i} says that widget number {i} MUST be painted blue." for i in range(n)}
items = [{"id": f"c{i}", "claim": f"Widget {i} is blue {tag}.", "quote": f"widget number {i} MUST", "section": str(i)}
         for i in range(n)]
results = check_citations(docs, items, judge=judge, checker=Checker(concurrency=32))
sys.exit(0 if all(isinstance(r, CitationResult) for r in results) else 3)
"""


@pytest.mark.servers
def test_two_processes_on_a_loaded_host_hold_the_limit_where_requests_arrive(redis_url: str) -> None:
    limit, n = 20, 30
    with StandIn() as standin:
        workers = [
            subprocess.Popen([sys.executable, "-c", LATE_WORKER, standin.url, redis_url, tag, str(n)])
            for tag in ("a", "b")
        ]
        try:
            codes = [worker.wait(timeout=120) for worker in workers]
        finally:
            for worker in workers:  # bounded: a worker that hangs is stopped, and the test fails
                if worker.poll() is None:
                    worker.kill()
        assert codes == [0, 0]
        assert standin.requests == 2 * n
        assert standin.busiest(1.0) <= limit + 1, standin.busiest(1.0)
