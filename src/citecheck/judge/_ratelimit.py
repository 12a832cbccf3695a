"""A global request budget at the HTTP transport: every request the SDK sends, its retries included.

`RateLimit` holds one or more windows (``"500/s,10000/min"``); a request goes out only when every
window has room. The budget is counted where requests arrive, not where they are admitted: a
request holds its slot from the moment it is admitted until it has been sent (httpcore's
``send_request_body.complete`` trace event, or its response when the transport gives no trace),
and the slot counts against every window until a window's length (plus `RateLimit.margin`, for
the trip to the API) after that. So a request admitted at the end of one window but delayed on the
way by a busy host or a slow connection still counts in the window it arrives in: the API never
sees more than the limit in any window, whatever the delays.

The slots live in memory for one process (`RateLimit(store=None)`), or in a Redis / Valkey sorted
set for every process and machine that names the same store and key: two Lua scripts admit a
request (every window checked and the slot taken atomically, on the server's clock) and mark it
sent. A process that dies mid-request leaves a slot that expires after `_LEASE` seconds. The SDK is
given any ``httpx2`` transport (a test's ``MockTransport`` too), so
`citecheck.judge._transport.limited_transport` wraps whichever transport the judge would use
(a module of its own: its class subclasses httpx2's, which only a judge with a limit loads).

When the store cannot be reached the request is not sent: it fails with `RateLimitError`, which
the SDK does not retry, so the citation fails, its answer is not cached, and a rerun asks again.
Never an unlimited burst.

redis is imported here only, when a shared limit is used: ``import citecheck`` does not load it.
"""

from __future__ import annotations

import asyncio
import bisect
import itertools
import os
import re
import threading
import time
import weakref
from dataclasses import dataclass, field
from typing import Any

from citecheck._safe_text import redact_url
from citecheck.errors import RateLimitError
from citecheck.judge._redact import scrub_url

__all__ = ["MAX_REQUESTS", "MAX_WINDOW", "MIN_WINDOW", "RateLimit", "parse_rate_limit"]

_UNITS = {
    "s": 1.0, "sec": 1.0, "second": 1.0, "seconds": 1.0,
    "m": 60.0, "min": 60.0, "minute": 60.0, "minutes": 60.0,
    "h": 3600.0, "hour": 3600.0, "hours": 3600.0,
}  # fmt: skip
_WINDOW = re.compile(r"\s*(\d+)\s*/\s*(\d*(?:\.\d+)?)\s*([a-z]+)\s*")
_LEASE = 60.0  # seconds a slot may stay "not yet sent" (a process killed mid-request) before it is freed
_LONGEST_WAIT = 0.25  # seconds: a waiter looks again at least this often (other processes free room too)
_STORE_TIMEOUT = 2.0  # seconds the store may take to answer before the request fails
_MEMORY: dict[tuple[tuple[tuple[int, float], ...], float, str], _Slots] = {}
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
        margin: Seconds added to every window after a request was sent: its trip to the API
            (a request counts from when it was admitted until a window plus this after it left
            this host), at the price of a throughput ``window / (window + margin)`` of the limit
            (95% for 1 s and 50 ms).
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


class _Slots:
    """One process's slots: when each request was sent (or, until then, when its lease ends), sorted.

    A window of ``seconds`` holds ``count`` requests when ``count`` slots end after ``now - seconds``:
    a request not yet sent counts in every window, one sent counts until a window after it left.
    """

    def __init__(self, windows: list[tuple[int, float]]) -> None:
        self._windows = windows
        self._longest = max(seconds for _, seconds in windows)
        self._ends: list[tuple[float, int]] = []  # (end, ticket), sorted
        self._by_ticket: dict[int, float] = {}
        self._tickets = itertools.count()
        self._lock = threading.Lock()

    def admit(self) -> tuple[int | None, float]:
        """A ticket and 0.0, or no ticket and the seconds until a window has room."""
        with self._lock:
            now = time.monotonic()
            wait = 0.0
            for count, seconds in self._windows:
                start = bisect.bisect_right(self._ends, (now - seconds, float("inf")))
                held = len(self._ends) - start
                if held >= count:  # room comes when enough of the oldest slots have left the window
                    wait = max(wait, self._ends[start + held - count][0] + seconds - now)
            if wait > 0:
                return None, wait
            gone = bisect.bisect_right(self._ends, (now - self._longest, float("inf")))
            for _, ticket in self._ends[:gone]:
                del self._by_ticket[ticket]
            del self._ends[:gone]
            ticket = next(self._tickets)
            self._by_ticket[ticket] = now + _LEASE
            bisect.insort(self._ends, (now + _LEASE, ticket))
            return ticket, 0.0

    def sent(self, ticket: int) -> None:
        """The request left: its slot ends now, not when its lease would."""
        with self._lock:
            end = self._by_ticket.get(ticket)
            now = time.monotonic()
            if end is None or end <= now:
                return
            index = bisect.bisect_left(self._ends, (end, ticket))
            del self._ends[index]
            self._by_ticket[ticket] = now
            bisect.insort(self._ends, (now, ticket))


# Shared slots in a Redis sorted set, scored by when each slot ends (in the server's milliseconds).
_ADMIT = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local longest, wait = 0, 0
for i = 0, tonumber(ARGV[3]) - 1 do
  local count, window = tonumber(ARGV[4 + 2 * i]), tonumber(ARGV[5 + 2 * i])
  if window > longest then longest = window end
  local held = redis.call('ZCOUNT', KEYS[1], '(' .. (now - window), '+inf')
  if held >= count then
    local oldest = redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. (now - window), '+inf',
                              'WITHSCORES', 'LIMIT', held - count, 1)
    local free = tonumber(oldest[2]) + window - now
    if free > wait then wait = free end
  end
end
if wait > 0 then return {0, wait} end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - longest)
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[1]), ARGV[2])
redis.call('PEXPIRE', KEYS[1], longest + tonumber(ARGV[1]) + 1000)
return {1, 0}
"""
_SENT = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], 'XX', 'LT', now, ARGV[1])
return 1
"""


class _Gate:
    """Admits one request at a time against the slots; waits (without blocking a loop) while they are full."""

    def __init__(self, limit: RateLimit) -> None:
        self.limit = limit
        windows = [(count, seconds + limit.margin) for count, seconds in limit.rates]
        # The scripts' arguments: the lease, then each window as (count, milliseconds).
        self._window_args = [len(windows)] + [
            part for count, seconds in windows for part in (count, max(1, round(seconds * 1000)))
        ]
        self._lock = threading.Lock()
        self._memory: _Slots | None = None
        count, seconds = min(limit.rates, key=lambda window: window[1] / window[0])
        identity = (limit.rates, limit.margin, limit.key)
        with _MEMORY_LOCK:  # one budget and one pace per process: every judge with this limit shares them
            self._pace = _PACES.setdefault(identity, _Pace(seconds / count))
            if limit.store is None:
                self._memory = _MEMORY.setdefault(identity, _Slots(windows))
        self._sync: tuple[Any, Any, Any] | None = None  # client, admit script, sent script
        self._async: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, tuple[Any, Any, Any, asyncio.Lock]] = (
            weakref.WeakKeyDictionary()
        )

    def _down(self, error: BaseException) -> RateLimitError:
        store = self.limit.store or "memory"
        said = scrub_url(f"{type(error).__name__}: {error}", store)
        return RateLimitError(
            f"the rate limit's store {redact_url(store)} cannot be reached ({said}); "
            "the request was not sent, a rerun asks again"
        )

    def _redis_options(self) -> dict[str, Any]:
        return {"socket_timeout": _STORE_TIMEOUT, "socket_connect_timeout": _STORE_TIMEOUT}

    def _ticket(self) -> str:
        return os.urandom(9).hex()

    def _admit_args(self, ticket: str) -> list[Any]:
        return [round(_LEASE * 1000), ticket, *self._window_args]

    # --- sync ----------------------------------------------------------------------------------

    def _sync_scripts(self) -> tuple[Any, Any, Any]:
        from redis import Redis

        with self._lock:
            if self._sync is None:
                client = Redis.from_url(str(self.limit.store), **self._redis_options())
                self._sync = (client, client.register_script(_ADMIT), client.register_script(_SENT))
            return self._sync

    def _try(self) -> tuple[int | str | None, float]:
        if self._memory is not None:
            return self._memory.admit()
        _, admit, _ = self._sync_scripts()
        ticket = self._ticket()
        admitted, wait_ms = admit(keys=[self.limit.key], args=self._admit_args(ticket))
        return (ticket, 0.0) if int(admitted) else (None, _seconds(int(wait_ms)))

    def acquire(self) -> int | str:
        """Wait (in this thread) until the request may go; its ticket, for `sent`.

        Raises:
            RateLimitError: The store cannot be reached.
        """
        while True:
            time.sleep(self._pace.reserve())  # again after a refusal: the waiters go out spaced, not at once
            try:
                ticket, wait = self._try()
            except Exception as error:  # redis' ConnectionError, TimeoutError, a refused script...
                raise self._down(error) from None
            if ticket is not None:
                return ticket
            time.sleep(min(wait, _LONGEST_WAIT))

    def sent(self, ticket: int | str) -> None:
        """The request with ``ticket`` was sent: from now its slot counts for a window, then frees."""
        if isinstance(ticket, int):
            if self._memory is not None:
                self._memory.sent(ticket)
            return
        try:
            _, _, sent = self._sync_scripts()
            sent(keys=[self.limit.key], args=[ticket])
        except Exception:  # the store went away: the slot frees when its lease ends, the limit still holds
            return

    # --- async ---------------------------------------------------------------------------------

    def _async_scripts(self) -> tuple[Any, Any, Any, asyncio.Lock]:
        from redis.asyncio import Redis

        loop = asyncio.get_running_loop()
        state = self._async.get(loop)
        if state is None:  # one client per loop, however many requests wait for it
            client = Redis.from_url(str(self.limit.store), **self._redis_options())
            state = (client, client.register_script(_ADMIT), client.register_script(_SENT), asyncio.Lock())
            self._async[loop] = state
        return state

    async def _atry(self) -> tuple[int | str | None, float]:
        if self._memory is not None:
            return self._memory.admit()
        _, admit, _, lock = self._async_scripts()
        ticket = self._ticket()
        # One check at a time per loop, on one connection: the slot is taken on the server's clock
        # just before this request goes, not before a new connection is opened for it.
        async with lock:
            admitted, wait_ms = await admit(keys=[self.limit.key], args=self._admit_args(ticket))
        return (ticket, 0.0) if int(admitted) else (None, _seconds(int(wait_ms)))

    async def aacquire(self) -> int | str:
        """Wait (on the event loop) until the request may go; its ticket, for `asent`.

        Raises:
            RateLimitError: The store cannot be reached.
        """
        while True:
            await asyncio.sleep(self._pace.reserve())  # again after a refusal: spaced, not at once
            try:
                ticket, wait = await self._atry()
            except Exception as error:
                raise self._down(error) from None
            if ticket is not None:
                return ticket
            await asyncio.sleep(min(wait, _LONGEST_WAIT))

    async def asent(self, ticket: int | str) -> None:
        """The async twin of `sent`."""
        if isinstance(ticket, int):
            if self._memory is not None:
                self._memory.sent(ticket)
            return
        try:
            _, _, sent, _ = self._async_scripts()
            await sent(keys=[self.limit.key], args=[ticket])
        except Exception:  # the store went away: the slot frees when its lease ends, the limit still holds
            return

    async def aclose(self) -> None:
        state = self._async.pop(asyncio.get_running_loop(), None)
        if state is not None:
            await state[0].aclose()

    def close(self) -> None:
        with self._lock:
            if self._sync is not None:
                self._sync[0].close()
                self._sync = None


def _seconds(wait_ms: int | None) -> float:
    """A store's wait as seconds to sleep: never zero (a busy loop), never longer than a look-again."""
    if wait_ms is None or wait_ms < 0:
        return _LONGEST_WAIT
    return min(max(wait_ms, 1) / 1000, _LONGEST_WAIT)
