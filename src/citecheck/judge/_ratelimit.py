"""A global request budget at the HTTP transport: every request the SDK sends, its retries included.

`RateLimit` holds one or more windows (``"500/s,10000/min"``); a request goes out only when every
window has room. The windows live in a pyrate-limiter bucket (its sliding-window log): in memory
for one process (`RateLimit(store=None)`), or in Redis / Valkey for every process and machine that
names the same store and key (pyrate-limiter's `RedisBucket`: one Lua script checks every window
and records the request atomically). pyrate-limiter's own httpx2 transport subclasses the HTTP
transport; the SDK is given any ``httpx2`` transport (a test's ``MockTransport`` too), so
`citecheck.judge._transport.limited_transport` wraps whichever transport the judge would use
(a module of its own: its class subclasses httpx2's, which only a judge with a limit loads).

When the store cannot be reached the request is not sent: it fails with `RateLimitError`, which
the SDK does not retry, so the citation fails, its answer is not cached, and a rerun asks again.
Never an unlimited burst.

redis and pyrate-limiter are imported here only, when a limit is set: ``import citecheck`` loads
neither.
"""

from __future__ import annotations

import asyncio
import re
import threading
import time
import weakref
from dataclasses import dataclass, field
from typing import Any

from citecheck.errors import RateLimitError
from citecheck.judge._redact import redact_url, scrub_url

__all__ = ["MAX_REQUESTS", "MAX_WINDOW", "MIN_WINDOW", "RateLimit", "parse_rate_limit"]

_UNITS = {
    "s": 1.0, "sec": 1.0, "second": 1.0, "seconds": 1.0,
    "m": 60.0, "min": 60.0, "minute": 60.0, "minutes": 60.0,
    "h": 3600.0, "hour": 3600.0, "hours": 3600.0,
}  # fmt: skip
_WINDOW = re.compile(r"\s*(\d+)\s*/\s*(\d*(?:\.\d+)?)\s*([a-z]+)\s*")
_LEAK_EVERY = 256  # admissions between two removals of the entries older than the longest window
_LONGEST_WAIT = 0.25  # seconds: a waiter looks again at least this often (other processes free room too)
_STORE_TIMEOUT = 2.0  # seconds the store may take to answer before the request fails
_MEMORY: dict[tuple[tuple[tuple[int, float], ...], float, str], Any] = {}
_PACES: dict[tuple[tuple[tuple[int, float], ...], float, str], _Pace] = {}
_MEMORY_LOCK = threading.Lock()


MAX_REQUESTS = 1_000_000_000
"""The most requests one window may allow."""

MIN_WINDOW = 0.001
"""The shortest window, in seconds (the bucket counts milliseconds)."""

MAX_WINDOW = 7 * 86400.0
"""The longest window, in seconds: a week."""

_MAX_SCALE_CHARS = 16
_MAX_MARGIN = 60.0


def _out_of_range(part: str) -> str:
    shown = part.strip()
    if len(shown) > 40:
        shown = shown[:20] + "..." + shown[-12:]
    return (
        f"the rate limit {shown!r} is out of range: at most {MAX_REQUESTS:,} requests per window, "
        f"of {MIN_WINDOW:g} s to {MAX_WINDOW / 86400:g} days"
    )


def parse_rate_limit(text: str) -> tuple[tuple[int, float], ...]:
    """``"500/s,10000/min"`` as ``((500, 1.0), (10000, 60.0))``: requests per window of seconds.

    Raises:
        ValueError: A window is not ``N/unit`` (``s``, ``min``, ``h``; ``N/10s`` too), its count is 0,
            or it is out of range (`MAX_REQUESTS`, `MIN_WINDOW`, `MAX_WINDOW`).
    """
    windows = []
    for part in text.split(","):
        match = _WINDOW.fullmatch(part.lower())
        if match is None or match.group(3) not in _UNITS:
            raise ValueError(f"the rate limit {part.strip()!r} is not N/unit, such as 500/s or 10000/min")
        digits, scale_text, unit = match.group(1), match.group(2) or "1", match.group(3)
        if len(digits.lstrip("0")) > len(str(MAX_REQUESTS)) or len(scale_text) > _MAX_SCALE_CHARS:
            raise ValueError(_out_of_range(part))  # before int(): a 5,000-digit count must not cost a conversion
        count, seconds = int(digits), float(scale_text) * _UNITS[unit]
        if count < 1 or seconds <= 0:
            raise ValueError(f"the rate limit {part.strip()!r} allows no request")
        if count > MAX_REQUESTS or not MIN_WINDOW <= seconds <= MAX_WINDOW:
            raise ValueError(_out_of_range(part))
        windows.append((count, seconds))
    return tuple(sorted(windows, key=lambda window: window[1]))


@dataclass(frozen=True)
class RateLimit:
    """Requests allowed per window, held by every process that shares ``store`` and ``key``.

    Args:
        windows: ``(requests, seconds)`` pairs, or a string such as ``"500/s,10000/min"``.
        store: ``None`` for one process (in memory), or a ``redis://`` (``rediss://``, Valkey)
            URL shared by every process and machine.
        key: The Redis key of the bucket: processes with the same key share one budget.
        margin: Seconds added to every window, so that requests admitted at the two ends of a
            window and delayed differently on the way (a new connection, a busy host) still
            arrive more than a window apart: the API sees at most the limit, at the price of a
            throughput ``window / (window + margin)`` of it (95% for 1 s and 50 ms).
    """

    windows: tuple[tuple[int, float], ...] | str
    store: str | None = None
    key: str = "citecheck:rate-limit"
    margin: float = 0.05
    _parsed: tuple[tuple[int, float], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        windows = parse_rate_limit(self.windows) if isinstance(self.windows, str) else tuple(self.windows)
        if not windows:
            raise ValueError("a rate limit needs at least one window")
        for count, seconds in windows:
            if not (1 <= count <= MAX_REQUESTS and MIN_WINDOW <= seconds <= MAX_WINDOW):
                raise ValueError(_out_of_range(f"{count}/{seconds}s"))
        if not 0 <= self.margin <= _MAX_MARGIN:
            raise ValueError(f"the rate limit's margin must be 0 to {_MAX_MARGIN:g} seconds, got {self.margin}")
        object.__setattr__(self, "_parsed", windows)

    @property
    def rates(self) -> tuple[tuple[int, float], ...]:
        """The windows, shortest first."""
        return self._parsed

    def __str__(self) -> str:
        return ",".join(f"{count}/{seconds:g}s" for count, seconds in self._parsed)


class _Pace:
    """Spaces one process's requests evenly over the shortest window, instead of a burst at its start.

    A burst's first requests open new connections and arrive late, next to the following window's
    requests: the server would see more than the limit in one window. Evenly spaced, the window
    still passes the limit's count, and a late request is late by one request, not by a burst.
    """

    def __init__(self, spacing: float) -> None:
        self.spacing = spacing
        self._next = 0.0
        self._lock = threading.Lock()

    def reserve(self) -> float:
        """Seconds to wait before this request's turn (each caller gets its own turn)."""
        with self._lock:
            now = time.monotonic()
            turn = max(now, self._next)
            self._next = turn + self.spacing
            return turn - now


class _Gate:
    """Admits one request at a time against the bucket; waits (without blocking a loop) while it is full."""

    def __init__(self, limit: RateLimit) -> None:
        from pyrate_limiter import InMemoryBucket, Rate

        self.limit = limit
        self._rates = [Rate(count, round((seconds + limit.margin) * 1000)) for count, seconds in limit.rates]
        self._lock = threading.Lock()
        self._admitted = 0
        self._memory: Any = None
        count, seconds = min(limit.rates, key=lambda window: window[1] / window[0])
        identity = (limit.rates, limit.margin, limit.key)
        with _MEMORY_LOCK:  # one budget and one pace per process: every judge with this limit shares them
            self._pace = _PACES.setdefault(identity, _Pace(seconds / count))
            if limit.store is None:
                self._memory = _MEMORY.setdefault(identity, InMemoryBucket(self._rates))
        self._sync_bucket: Any = None
        self._async_buckets: weakref.WeakKeyDictionary[
            asyncio.AbstractEventLoop, tuple[Any, asyncio.Task[Any], asyncio.Lock]
        ] = weakref.WeakKeyDictionary()

    def _down(self, error: BaseException) -> RateLimitError:
        store = self.limit.store or "memory"
        said = scrub_url(f"{type(error).__name__}: {error}", store)
        return RateLimitError(
            f"the rate limit's store {redact_url(store)} cannot be reached ({said}); "
            "the request was not sent, a rerun asks again"
        )

    # --- one process ----------------------------------------------------------------------------

    def _count_admitted(self) -> bool:
        """Count one more request admitted; whether the bucket's expired entries are due to go."""
        self._admitted += 1
        return self._admitted % _LEAK_EVERY == 0

    def _try_memory(self) -> float:
        """Admit now (0.0), or the seconds to wait before trying again."""
        from pyrate_limiter import RateItem

        bucket = self._memory
        with _MEMORY_LOCK:
            now = time.time_ns() // 1_000_000
            item = RateItem("request", now)
            decision = bucket.put_decision(item)
            if decision.allowed:
                if self._count_admitted():
                    bucket.leak(now)
                return 0.0
            wait = decision.retry_after_ms
            if wait is None:
                wait = bucket.waiting(item)
        return _seconds(wait)

    # --- shared (Redis) -------------------------------------------------------------------------

    def _redis_options(self) -> dict[str, Any]:
        return {"socket_timeout": _STORE_TIMEOUT, "socket_connect_timeout": _STORE_TIMEOUT}

    def _try_redis_sync(self) -> float:
        from pyrate_limiter import RateItem, RedisBucket
        from redis import Redis

        with self._lock:
            if self._sync_bucket is None:
                client = Redis.from_url(str(self.limit.store), **self._redis_options())
                try:
                    self._sync_bucket = RedisBucket.init(self._rates, client, self.limit.key)
                except BaseException:
                    client.close()
                    raise
            bucket = self._sync_bucket
            now = bucket.now()
            item = RateItem("request", now)
            decision = bucket.put_decision(item)
            if decision.allowed:
                if self._count_admitted():
                    bucket.leak(now)
                return 0.0
            return _seconds(decision.retry_after_ms)

    async def _try_redis_async(self) -> float:
        from pyrate_limiter import RateItem, RedisBucket
        from redis.asyncio import Redis

        loop = asyncio.get_running_loop()
        state = self._async_buckets.get(loop)
        if state is None:  # one client per loop, however many requests wait for it
            client = Redis.from_url(str(self.limit.store), **self._redis_options())
            init = loop.create_task(RedisBucket.init(self._rates, client, self.limit.key))
            state = self._async_buckets[loop] = (client, init, asyncio.Lock())
        client, init, lock = state
        try:
            bucket = await asyncio.shield(init)
        except BaseException:
            if init.done() and self._async_buckets.get(loop) is state:  # a store down: try again next time
                del self._async_buckets[loop]
                await client.aclose()
            raise
        # One check at a time per loop, on one connection: the request's timestamp is taken just
        # before its script runs, not before a new connection is opened for it.
        async with lock:
            now = bucket.now()
            item = RateItem("request", now)
            decision = await bucket.put_decision(item)
        if decision.allowed:
            if self._count_admitted():
                await bucket.leak(now)
            return 0.0
        return _seconds(decision.retry_after_ms)

    def acquire(self) -> None:
        """Wait (in this thread) until the request may go.

        Raises:
            RateLimitError: The store cannot be reached.
        """
        while True:
            time.sleep(self._pace.reserve())  # again after a refusal: the waiters go out spaced, not at once
            try:
                wait = self._try_memory() if self._memory is not None else self._try_redis_sync()
            except RateLimitError:
                raise
            except Exception as error:  # redis' ConnectionError, TimeoutError, a refused script...
                raise self._down(error) from None
            if not wait:
                return
            time.sleep(wait)

    async def aacquire(self) -> None:
        """Wait (on the event loop) until the request may go.

        Raises:
            RateLimitError: The store cannot be reached.
        """
        while True:
            await asyncio.sleep(self._pace.reserve())  # again after a refusal: spaced, not at once
            try:
                wait = self._try_memory() if self._memory is not None else await self._try_redis_async()
            except RateLimitError:
                raise
            except Exception as error:
                raise self._down(error) from None
            if not wait:
                return
            await asyncio.sleep(wait)

    async def aclose(self) -> None:
        state = self._async_buckets.pop(asyncio.get_running_loop(), None)
        if state is not None:
            client, init, _ = state
            if not init.done():
                init.cancel()
            await asyncio.gather(init, return_exceptions=True)
            await client.aclose()

    def close(self) -> None:
        with self._lock:
            if self._sync_bucket is not None:
                self._sync_bucket.redis.close()
                self._sync_bucket = None


def _seconds(wait_ms: int | None) -> float:
    """A bucket's wait as seconds to sleep: never zero (a busy loop), never longer than a look-again."""
    if wait_ms is None or wait_ms < 0:
        return _LONGEST_WAIT
    return min(max(wait_ms, 1) / 1000, _LONGEST_WAIT)
