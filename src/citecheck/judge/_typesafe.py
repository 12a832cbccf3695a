"""Step 2: ask the model how a section relates to a claim, with answers cached.

`TypeSafeJudge` asks TypeSafe's Jev model the cookbook's `Choice` question, one at a time through
`TypeSafeClient` or concurrently through `AsyncTypeSafeClient`. Answers are cached under
`cooksafe.JsonCache` keys (see `citecheck.judge._cache`): with the cookbook's model and question the
keys are those of ``ask(claim, section)``, so the cookbook's published ``json_cache.json``
replays unchanged. Any other model or question caches under a function name of its own, so it
never replays them.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import sys
import weakref
from collections.abc import Coroutine, Mapping
from threading import Lock
from time import perf_counter
from typing import TYPE_CHECKING, Any, TypeVar

from citecheck._models import JudgeAnswer
from citecheck.errors import JudgeCallError, JudgeError, NoAnswerError, RateLimitError
from citecheck.judge._cache import AnswerCache, answer_from_entry, cache_key
from citecheck.judge._cached import CachedJudge
from citecheck.judge._redact import add_key, redact_keys, request_log_redaction

# The SDK, httpx2 and cooksafe are imported where a judge first needs them, not here: `import
# citecheck`, `citecheck --version` and `citecheck match` never ask a model, and loading the SDK
# costs them most of their start-up (docs/performance.md).
if TYPE_CHECKING:
    import httpx2
    from cooksafe import JsonCache  # type: ignore[import-untyped]  # ships no py.typed
    from typesafe_sdk import AsyncTypeSafeClient, Choice, RetryPolicy, TypeSafeClient

    from citecheck.judge._ratelimit import RateLimit

__all__ = [
    "API_KEY_ENV",
    "CRITERIA",
    "DEFAULT_DEADLINE",
    "DEFAULT_MODEL",
    "DEFAULT_TIMEOUT",
    "INSTRUCTIONS",
    "TypeSafeJudge",
    "default_retry",
    "prepare_question",
    "recorded_answer",
]

API_KEY_ENV = "TYPESAFE_API_KEY"
"""The environment variable the API key is read from: ``typesafe_sdk.constants.API_KEY_ENV``,
spelt out so the command line's help needs no SDK (a test holds the two equal)."""

DEFAULT_MODEL = "jev-1.12"
"""The model the cookbook's answers were recorded with."""

INSTRUCTIONS = "How does the section relate to the claim?"
"""The cookbook's question, word for word."""

CRITERIA: Mapping[str, str] = {
    "supports": "The section states the claim or directly implies that it is true",
    "contradicts": "The section states the opposite of the claim or implies it is false",
    "says_nothing": "The section does not address what the claim asserts, either way",
}
"""The cookbook's three relations, word for word."""

DEFAULT_TIMEOUT = 20.0
"""Seconds one attempt waits for each step of the exchange before it is retried."""

DEFAULT_DEADLINE = 120.0
"""Seconds one call may take in all, retries and their waits included."""

_QUESTION_NAME = "relation"
_COOKBOOK_CACHE_NAME = "ask"


def prepare_question(
    claim: str,
    section: str,
    *,
    instructions: str = INSTRUCTIONS,
    criteria: Mapping[str, str] = CRITERIA,
) -> tuple[dict[str, str], dict[str, Choice]]:
    """The state and questions sent for one claim and section: a pure step, no I/O.

    Returns:
        ``(state, questions)`` as `TypeSafeClient.system_one` takes them.
    """
    from typesafe_sdk import Choice

    questions = {_QUESTION_NAME: Choice(instructions=instructions, criteria=dict(criteria))}
    return _state(claim, section), questions


def _state(claim: str, section: str) -> dict[str, str]:
    """The state sent with the question: the claim and the section text it cites."""
    return {"claim": claim, "section": section}


def _cache_name(model: str, instructions: str, criteria: Mapping[str, str]) -> str:
    """The cache's function name: the cookbook's ``ask`` only for the cookbook's model and question."""
    if model == DEFAULT_MODEL and instructions == INSTRUCTIONS and dict(criteria) == dict(CRITERIA):
        return _COOKBOOK_CACHE_NAME
    question = json.dumps([model, instructions, dict(criteria)], sort_keys=True)
    return f"ask_{hashlib.sha256(question.encode()).hexdigest()[:16]}"


def recorded_answer(
    cache: AnswerCache,
    claim: str,
    section: str,
    *,
    model: str = DEFAULT_MODEL,
    instructions: str = INSTRUCTIONS,
    criteria: Mapping[str, str] = CRITERIA,
) -> JudgeAnswer | None:
    """The answer a `TypeSafeJudge` asking this question of ``model`` reads from ``cache``, or ``None``.

    Nothing is asked: this is the cache lookup alone, under the key the judge stores its answer for
    ``(claim, section)`` (the cookbook's own for the cookbook's model and question).

    Raises:
        CacheFormatError: The cached entry is not a valid answer.
    """
    raw = cache.get(cache_key(_cache_name(model, instructions, criteria), claim, section))
    return None if raw is None else answer_from_entry(raw)


_R = TypeVar("_R")


async def _within(call: Coroutine[Any, Any, _R], seconds: float) -> _R:
    """``await call``, cancelled with `TimeoutError` after ``seconds``.

    `asyncio.timeout` where there is one (3.11): `asyncio.wait_for` there wraps the call in a task
    of its own, a task and its callbacks more per question in a batch's busiest loop.
    """
    if sys.version_info >= (3, 11):
        async with asyncio.timeout(seconds):
            return await call
    return await asyncio.wait_for(call, seconds)


def default_retry(deadline: float = DEFAULT_DEADLINE) -> RetryPolicy:
    """The retry policy a `TypeSafeJudge` uses unless given one.

    429 (waiting as long as ``Retry-After`` asks), 408 and 5xx answers, timeouts and connection
    errors are retried, with exponential backoff from 0.5 s up to 8 s, at most 6 times, and never
    past ``deadline`` seconds from the first attempt.
    """
    from typesafe_sdk import RetryPolicy

    return RetryPolicy(max_retries=6, backoff_initial=0.5, backoff_max=8.0, timeout=deadline)


def _entry(response: Any, criteria: Mapping[str, str], model: str, started: float) -> dict[str, Any]:
    """The cache entry for a response: the answer, timing and tokens; never anything the server echoed."""
    answer = response.choices.get(_QUESTION_NAME)
    if answer is None or answer.choice not in criteria:
        raise JudgeCallError(f"the {model} response has no {_QUESTION_NAME!r} answer naming one of {sorted(criteria)}")
    return {
        "choice": answer.choice,
        "probabilities": dict(answer.probabilities),
        "confidence": answer.confidence,
        "seconds": round(perf_counter() - started, 2),
        "input_tokens": response.usage.input_tokens or 0,
        "output_tokens": response.usage.output_tokens or 0,
    }


class TypeSafeJudge(CachedJudge):
    """The default judge: TypeSafe's Jev model answering the cookbook's Choice question.

    It answers one question at a time (`judge`) or, in an asyncio batch, many at once through
    `AsyncTypeSafeClient` (`ajudge`). It is a `CachedJudge` whose answers come from the API:
    replayed from and recorded to its cache, each question in flight asked once, and an answer the
    cache refuses kept in the spill file.

    Args:
        model: The model to ask.
        cache: An answer cache file (``.sqlite``, ``.sqlite3`` or ``.db`` for SQLite, anything else
            for cooksafe's JSON format), an open `AnswerCache`, or a `cooksafe.JsonCache` (its
            file is used); ``None`` caches nothing. A file that does not exist (unless ``create``),
            whose folder does not exist, or that is not a cache, is an error here, before any call.
        create: Whether a cache file that does not exist is a new, empty cache (``--new-cache`` on
            the command line). By default it is a `CacheNotFoundError`: a mistyped name must not
            silently replay nothing and ask everything again.
        api_key: The API key; defaults to the ``TYPESAFE_API_KEY`` environment variable. It is only
            needed when an answer is not in the cache, and is never written into a result, an
            error, a log record of the SDK or the HTTP client, or the cache: a server that echoes it
            gets ``***`` (while the judge is open, a filter on those loggers masks it).
        client: A `TypeSafeClient` to use instead of building one.
        async_client: An `AsyncTypeSafeClient` for `ajudge` instead of building one.
        transport: An ``httpx2`` transport for the clients this judge builds, such as
            ``httpx2.MockTransport`` in tests (used by the async client too when it is also an
            async transport; else batches call `judge` in threads).
        base_url: The API root; defaults to the SDK's (or ``TYPESAFE_BASE_URL``).
        timeout: Seconds one attempt may wait for each step of the exchange (connect, send,
            each read): a hung request fails after this, and is retried.
        deadline: Seconds one call may take in all, attempts and waits between them included;
            no retry starts that would end past it, and an async call is cut off at it.
        retry: The SDK's retry policy; defaults to `default_retry` with ``deadline``.
        instructions: The question's instructions.
        criteria: The question's relations and their descriptions; the keys must be the three
            relations (``supports``, ``contradicts``, ``says_nothing``).
        rate_limit: A request budget for every request this judge's clients send, the SDK's
            retries included: a `RateLimit` (one process) or a ``"500/s,10000/min"`` string;
            see `citecheck.judge._ratelimit`. ``None`` limits nothing.
        spill: Where an answer goes when it was paid for but the cache cannot record it (a full
            disk, a database gone): a JSON cache file, by default ``NAME.spill.json`` beside a
            file cache, or ``citecheck-spill.json`` in the current folder for a database. The
            answer is still used, and one warning per batch on the ``citecheck`` logger says how
            many went there (`spilled` too).

    Examples:
        ```python
        judge = TypeSafeJudge(cache="json_cache.json")
        answer = judge.judge(claim, section_text)
        judge = TypeSafeJudge(cache="answers.sqlite", create=True)  # a new cache
        ```
    """

    def __init__(
        self,
        *,
        model: str = DEFAULT_MODEL,
        cache: str | os.PathLike[str] | AnswerCache | JsonCache | None = None,
        create: bool = False,
        api_key: str | None = None,
        client: TypeSafeClient | None = None,
        async_client: AsyncTypeSafeClient | None = None,
        transport: httpx2.BaseTransport | None = None,
        base_url: str | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        deadline: float = DEFAULT_DEADLINE,
        retry: RetryPolicy | None = None,
        instructions: str = INSTRUCTIONS,
        criteria: Mapping[str, str] = CRITERIA,
        rate_limit: RateLimit | str | None = None,
        spill: str | os.PathLike[str] | None = None,
    ) -> None:
        if set(criteria) != set(CRITERIA):
            raise ValueError(f"criteria must name exactly {sorted(CRITERIA)}, got {sorted(criteria)}")
        if not timeout > 0 or not deadline > 0:
            raise ValueError(f"timeout and deadline must be positive, got {timeout} and {deadline}")
        # Building a judge is what loads the SDK's transport layer and cooksafe (see the imports).
        import httpx2
        from cooksafe import JsonCache
        from typesafe_sdk import TypeSafeError

        self.model = model
        self.instructions = instructions
        self.criteria = dict(criteria)
        self.timeout = timeout
        self.deadline = deadline
        self._api_key = api_key
        if api_key:
            add_key(api_key)
        self._sdk_error: type[Exception] = TypeSafeError
        # The questions every call sends (only the state changes), built on the first call and again
        # only if `instructions` or `criteria` change: a Choice per call was a pydantic model to
        # validate, and an import, per answer in a batch.
        self._questions: tuple[str, dict[str, str], dict[str, Choice]] | None = None
        self.inner = None  # it asks the API itself (`_ask`, `_aask`)
        self._client = client
        self._owns_client = client is None
        if rate_limit is not None:
            from citecheck.judge._transport import limited_transport

            transport = limited_transport(transport, rate_limit)
        self._transport = transport
        self._base_url = base_url
        self._retry = retry if retry is not None else default_retry(deadline)
        self._client_lock = Lock()
        self._async_clients: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, AsyncTypeSafeClient] = (
            weakref.WeakKeyDictionary()
        )
        self._async_client = async_client
        # Batches ask through the async client unless the caller tied this judge to a sync-only one.
        self.can_ajudge = async_client is not None or (
            client is None and (transport is None or isinstance(transport, httpx2.AsyncBaseTransport))
        )
        # JsonCache keys on the function's name: "ask" is the cookbook's, anything else is not.
        self._open_cache(
            cache.path if isinstance(cache, JsonCache) else cache,
            key_name=_cache_name(model, instructions, self.criteria),
            create=create,
            spill=spill,
        )
        # Keys are masked in the SDK's and the HTTP client's records while this judge is open.
        request_log_redaction.open()
        self._log_hold = weakref.finalize(self, request_log_redaction.close)

    def _question(self, claim: str, section: str) -> tuple[dict[str, str], dict[str, Choice]]:
        """`prepare_question` for this judge's question: ``(state, questions)``, the questions built once."""
        kept = self._questions
        if kept is None or kept[0] != self.instructions or kept[1] != self.criteria:
            state, questions = prepare_question(claim, section, instructions=self.instructions, criteria=self.criteria)
            self._questions = (self.instructions, dict(self.criteria), questions)
            return state, questions
        return _state(claim, section), kept[2]

    def _ask(self, claim: str, section: str) -> dict[str, Any]:
        """Ask the API through the sync client: the new answer, as its cache entry."""
        client = self._get_client()
        state, questions = self._question(claim, section)
        started = perf_counter()
        try:
            response = client.system_one(state=state, questions=questions, model=self.model)
        except RateLimitError:
            raise  # nothing was sent: say so, as it is
        except Exception as error:
            failure = self._call_error(error)
        else:
            return _entry(response, self.criteria, self.model, started)
        # Raised outside the except block: `from None` only hides the SDK's error from tracebacks,
        # it stays in __context__, with the server's raw body, for any code that walks the chain.
        raise failure

    async def _aask(self, claim: str, section: str) -> dict[str, Any]:
        """Ask the API through the async client (the sync one in a thread, when tied to it)."""
        if not self.can_ajudge:
            return await asyncio.to_thread(self._ask, claim, section)
        client = self._get_async_client()
        state, questions = self._question(claim, section)
        started = perf_counter()
        try:
            call = client.system_one(state=state, questions=questions, model=self.model)
            response = await _within(call, self.deadline)
        except self._sdk_error as error:  # before TimeoutError: the SDK's timeout error is one too
            failure = self._call_error(error)
        except asyncio.TimeoutError:
            failure = JudgeCallError(f"the {self.model} call took longer than its {self.deadline:g} s deadline")
        except RateLimitError:
            raise  # nothing was sent: say so, as it is
        except Exception as error:
            failure = self._call_error(error)
        else:
            return _entry(response, self.criteria, self.model, started)
        raise failure  # outside the except block, so the SDK's error (and the body it holds) is not its context

    def _check_can_record(self) -> None:
        if self._client is None and self._async_client is None:
            self._resolve_key()  # no key is the first thing to say, before anything about the cache
        super()._check_can_record()

    def _call_error(self, error: Exception) -> JudgeCallError:
        # Server text can echo the request's Authorization header: mask the key before it goes anywhere.
        if isinstance(error, JudgeError):
            return JudgeCallError(redact_keys(error.message))
        return JudgeCallError(redact_keys(f"the {self.model} call failed: {type(error).__name__}: {error}"))

    def _resolve_key(self) -> str:
        key = self._api_key if self._api_key is not None else os.environ.get(API_KEY_ENV, "")
        if not key.strip():
            raise NoAnswerError(
                f"no cached answer and no API key: set {API_KEY_ENV}, or pass a cache that holds "
                f"this answer for model {self.model}"
            )
        if key is not self._api_key:  # the judge's own key is masked from its construction on
            add_key(key)
        return key

    def _get_client(self) -> TypeSafeClient:
        from typesafe_sdk import TypeSafeClient, TypeSafeError

        with self._client_lock:
            if self._client is None:
                key = self._resolve_key()
                failure = None
                try:
                    self._client = TypeSafeClient(
                        api_key=key, transport=self._transport, base_url=self._base_url, timeout=self.timeout,
                        retry=self._retry,
                    )  # fmt: skip
                except TypeSafeError as error:
                    failure = JudgeCallError(redact_keys(f"the TypeSafe client cannot be set up: {error}"))
                if failure is not None:
                    raise failure  # not from the except block: the SDK's error would be its __context__
            assert self._client is not None
            return self._client

    def _get_async_client(self) -> AsyncTypeSafeClient:
        if self._async_client is not None:
            return self._async_client
        # An httpx2 async client belongs to the event loop it first ran on: one per loop.
        loop = asyncio.get_running_loop()
        client = self._async_clients.get(loop)
        if client is None:
            import httpx2
            from typesafe_sdk import AsyncTypeSafeClient, TypeSafeError

            key = self._resolve_key()
            transport = self._transport if isinstance(self._transport, httpx2.AsyncBaseTransport) else None
            try:
                client = AsyncTypeSafeClient(
                    api_key=key, transport=transport, base_url=self._base_url, timeout=self.timeout, retry=self._retry
                )
            except TypeSafeError as error:
                failure = JudgeCallError(redact_keys(f"the TypeSafe client cannot be set up: {error}"))
            else:
                self._async_clients[loop] = client
                return client
            raise failure  # not from the except block: the SDK's error would be its __context__
        return client

    async def aclose_loop(self) -> None:
        """Close the async client this judge built for the running event loop, if any."""
        client = self._async_clients.pop(asyncio.get_running_loop(), None)
        if client is not None:
            await client.aclose()

    def close(self) -> None:
        """Close the sync client this judge built and the cache it opened; a client or cache passed in stays open.

        The key filter on the SDK's and the HTTP client's loggers is released too.
        """
        try:
            if self._client is not None and self._owns_client:
                self._client.close()
                self._client = None
            super().close()
        finally:
            self._log_hold()

    def __enter__(self) -> TypeSafeJudge:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
