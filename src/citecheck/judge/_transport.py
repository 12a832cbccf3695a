"""The rate limit's ``httpx2`` transport: `RateLimit` in front of whichever transport a judge uses.

Kept apart from `citecheck.judge._ratelimit` because its class subclasses httpx2's transports, so
defining it imports httpx2: `TypeSafeJudge` imports this module only when it is given a limit, and
``import citecheck`` never does.
"""

from __future__ import annotations

import asyncio
import threading
import weakref
from typing import Any

import httpx2

from citecheck.judge._ratelimit import RateLimit, _Gate

__all__ = ["LimitedTransport", "limited_transport"]

# httpcore's trace event once the whole request is written (``http11.`` or ``http2.`` before it):
# from then on the request is on its way, and its slot counts for a window from now.
_SENT_EVENT = "send_request_body.complete"


def _default_limits() -> httpx2.Limits:
    # The SDK's own pool, which it only applies to a transport it builds itself.
    return httpx2.Limits(max_connections=100, max_keepalive_connections=100, keepalive_expiry=30.0)


class LimitedTransport(httpx2.BaseTransport, httpx2.AsyncBaseTransport):
    """An ``httpx2`` transport that takes a slot from the rate limit before each request it passes on.

    Args:
        limit: The budget.
        inner: The transport that sends; ``None`` builds the SDK's default HTTP transports (a sync
            one, and one per event loop, as the SDK builds a client per loop).
    """

    def __init__(self, limit: RateLimit, inner: httpx2.BaseTransport | httpx2.AsyncBaseTransport | None = None) -> None:
        self.limit = limit
        self.gate = _Gate(limit)
        self._inner = inner
        self._sync: httpx2.BaseTransport | None = None
        self._async: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, httpx2.AsyncBaseTransport] = (
            weakref.WeakKeyDictionary()
        )
        self._lock = threading.Lock()

    def _sync_inner(self) -> httpx2.BaseTransport:
        if isinstance(self._inner, httpx2.BaseTransport):
            return self._inner
        with self._lock:
            if self._sync is None:
                self._sync = httpx2.HTTPTransport(limits=_default_limits())
            return self._sync

    def _async_inner(self) -> httpx2.AsyncBaseTransport:
        if isinstance(self._inner, httpx2.AsyncBaseTransport):
            return self._inner
        loop = asyncio.get_running_loop()
        transport = self._async.get(loop)
        if transport is None:
            # httpx2's default SSL context, as the SDK's own client has it: the SDK only wraps it for
            # truststore 0.10.4 and older, which pyproject.toml excludes.
            transport = self._async[loop] = httpx2.AsyncHTTPTransport(limits=_default_limits())
        return transport

    def handle_request(self, request: httpx2.Request) -> httpx2.Response:
        """Wait for a slot, send, and mark the slot sent once the request has left (or its answer came)."""
        inner = self._sync_inner()  # built before the slot is taken: its setup must not delay the send
        ticket = self.gate.acquire()
        done = threading.Event()

        def sent() -> None:
            if not done.is_set():
                done.set()
                self.gate.sent(ticket)

        traced = request.extensions.get("trace")

        def trace(name: str, info: dict[str, Any]) -> None:
            if name.endswith(_SENT_EVENT):
                sent()
            if traced is not None:
                traced(name, info)

        request.extensions["trace"] = trace
        try:
            return inner.handle_request(request)
        finally:
            sent()  # a transport without trace events (MockTransport), or a request that failed

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        """Wait for a slot, send, and mark the slot sent once the request has left (or its answer came)."""
        inner = self._async_inner()  # built before the slot is taken: its setup must not delay the send
        ticket = await self.gate.aacquire()
        done = False

        async def sent() -> None:
            nonlocal done
            if not done:
                done = True
                await self.gate.asent(ticket)

        traced = request.extensions.get("trace")

        async def trace(name: str, info: dict[str, Any]) -> None:
            if name.endswith(_SENT_EVENT):
                await sent()
            if traced is not None:
                await traced(name, info)

        request.extensions["trace"] = trace
        try:
            return await inner.handle_async_request(request)
        finally:
            await sent()

    def close(self) -> None:
        """Close the sync transport."""
        self.gate.close()
        if isinstance(self._inner, httpx2.BaseTransport):
            self._inner.close()
        elif self._sync is not None:
            self._sync.close()
            self._sync = None

    async def aclose(self) -> None:
        """Close this loop's transport (the SDK closes it with its client)."""
        await self.gate.aclose()
        if isinstance(self._inner, httpx2.AsyncBaseTransport):
            await self._inner.aclose()
            return
        transport = self._async.pop(asyncio.get_running_loop(), None)
        if transport is not None:
            await transport.aclose()


def limited_transport(
    transport: httpx2.BaseTransport | httpx2.AsyncBaseTransport | None, limit: RateLimit | str
) -> LimitedTransport:
    """``transport`` (or the SDK's default) behind the rate limit ``limit`` (a `RateLimit` or ``"500/s"``)."""
    chosen = limit if isinstance(limit, RateLimit) else RateLimit(limit)
    return LimitedTransport(chosen, transport)
