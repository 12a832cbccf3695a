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
import base64
import functools
import hashlib
import json
import logging
import os
import re
import urllib.parse
import weakref
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from threading import Lock
from time import perf_counter
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from pydantic import ValidationError

from citecheck._models import JudgeAnswer
from citecheck.errors import (
    CacheError,
    CacheFormatError,
    CitecheckError,
    JudgeCallError,
    JudgeError,
    NoAnswerError,
    RateLimitError,
)
from citecheck.judge._cache import AnswerCache, JsonAnswerCache, cache_key, is_database_url, open_cache

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
    "AsyncJudge",
    "Judge",
    "TypeSafeJudge",
    "default_retry",
    "prepare_question",
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
_SPILL_NAME = "citecheck-spill.json"
_logger = logging.getLogger("citecheck")
_COOKBOOK_CACHE_NAME = "ask"


@runtime_checkable
class Judge(Protocol):
    """Anything that can say how a section relates to a claim."""

    def judge(self, claim: str, section: str) -> JudgeAnswer:
        """Answer the Choice question for one claim and the section text it cites.

        Raises:
            JudgeError: No answer could be had.
        """
        ...


@runtime_checkable
class AsyncJudge(Protocol):
    """The async twin of `Judge`: batches await it instead of running `Judge.judge` in threads."""

    async def ajudge(self, claim: str, section: str) -> JudgeAnswer:
        """Answer the Choice question for one claim and the section text it cites.

        Raises:
            JudgeError: No answer could be had.
        """
        ...


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

    state = {"claim": claim, "section": section}
    questions = {_QUESTION_NAME: Choice(instructions=instructions, criteria=dict(criteria))}
    return state, questions


def _cache_name(model: str, instructions: str, criteria: Mapping[str, str]) -> str:
    """The cache's function name: the cookbook's ``ask`` only for the cookbook's model and question."""
    if model == DEFAULT_MODEL and instructions == INSTRUCTIONS and dict(criteria) == dict(CRITERIA):
        return _COOKBOOK_CACHE_NAME
    question = json.dumps([model, instructions, dict(criteria)], sort_keys=True)
    return f"ask_{hashlib.sha256(question.encode()).hexdigest()[:16]}"


def default_retry(deadline: float = DEFAULT_DEADLINE) -> RetryPolicy:
    """The retry policy a `TypeSafeJudge` uses unless given one.

    429 (waiting as long as ``Retry-After`` asks), 408 and 5xx answers, timeouts and connection
    errors are retried, with exponential backoff from 0.5 s up to 8 s, at most 6 times, and never
    past ``deadline`` seconds from the first attempt.
    """
    from typesafe_sdk import RetryPolicy

    return RetryPolicy(max_retries=6, backoff_initial=0.5, backoff_max=8.0, timeout=deadline)


_MIN_BASE64_CORE = 8  # shorter cores of a base64 key would mask unrelated text


def _base64_cores(raw: bytes) -> set[str]:
    """The base64 characters that encode ``raw`` alone, wherever it sits in the encoded text.

    Base64 packs 3 bytes in 4 characters, so ``base64("Bearer " + key)`` or ``base64("user:" + key)``
    shifts the key's bits against the characters: the key's own encoding is not a substring of
    it. For each of the three alignments, the characters every bit of which comes from the key
    are the same whatever precedes or follows it; those are masked.
    """
    cores = set()
    for shift in range(3):
        encoded = base64.b64encode(bytes(shift) + raw).decode()
        first = -(-8 * shift // 6)  # the first character with no bit of the bytes before the key
        last = 8 * (shift + len(raw)) // 6  # the characters after this hold bits of what follows
        core = encoded[first:last]
        if len(core) >= _MIN_BASE64_CORE:
            cores |= {core, core.translate(_URLSAFE)}
    return cores


_URLSAFE = str.maketrans("+/", "-_")


def _encodings(secret: str) -> set[str]:
    """The forms a key can take in a server's text: as it is, escaped, percent-encoded, base64, hex."""
    raw = secret.encode()
    forms = {
        secret,
        repr(secret)[1:-1],
        repr(raw)[2:-1],
        json.dumps(secret)[1:-1],
        urllib.parse.quote(secret),
        urllib.parse.quote(secret, safe=""),
        urllib.parse.quote_plus(secret),
        base64.b64encode(raw).decode(),
        base64.urlsafe_b64encode(raw).decode(),
        raw.hex(),  # a byte per two digits: the key's hex is in the hex of any text around it
    }
    # Base64 without its padding, as JWTs and URLs carry it; and the key inside a longer base64
    # text, such as an echoed "Authorization: Basic" or a base64 of "Bearer <key>".
    unpadded = {form.rstrip("=") for form in forms if form.endswith("=") and len(form.rstrip("=")) >= 4}
    return forms | unpadded | _base64_cores(raw)


class _Redactor:
    """Masks an API key in any text: as it is, escaped, percent-encoded, base64, in any case."""

    def __init__(self) -> None:
        self._secrets: set[str] = set()
        self._pattern: re.Pattern[str] | None = None

    def add(self, secret: str) -> None:
        secret = secret.strip()
        if len(secret) < 4 or secret in self._secrets:  # too short to mask without garbling the text
            return
        _install_log_redaction()
        self._secrets.add(secret)
        variants = {variant for value in self._secrets for variant in _encodings(value)}
        # Case-insensitive: a server may echo the key upper-cased, or with %2b for %2B.
        self._pattern = re.compile(
            "|".join(re.escape(v) for v in sorted(variants, key=len, reverse=True)), re.IGNORECASE
        )

    def __call__(self, text: str) -> str:
        return text if self._pattern is None else self._pattern.sub(_REDACTED, text)


_REDACTED = "***"
_redact = _Redactor()
"""Every key a judge has used, masked wherever citecheck reports or the SDK logs a server's text."""


def _redact_record(record: logging.LogRecord) -> None:
    """Mask API keys in a log record's message and exception text, before any handler sees it."""
    try:
        message = record.getMessage()
    except Exception:  # a bad format string: logging reports it when a handler emits the record
        return
    redacted = _redact(message)
    if redacted != message:
        record.msg, record.args = redacted, None
    if record.exc_info and record.exc_info[1] is not None:
        # A handler would format the exception later, from the raw chain: when that text holds a
        # key, the record carries the masked text instead of the exception.
        text = logging.Formatter().formatException(record.exc_info)
        if _redact(text) != text:
            record.exc_text, record.exc_info = _redact(text), None


class _RedactingRecordFactory:
    """Wraps the log record factory so every record, from any logger, has keys masked when it is made.

    A filter on one logger sees only that logger's own records (not ``httpcore2``'s, nor those
    of a library the SDK calls), and a filter on handlers misses handlers added later; the record
    factory makes every record of the process, whatever logs it and wherever it goes.
    """

    def __init__(self, inner: Callable[..., logging.LogRecord]) -> None:
        self.inner = inner

    def __call__(self, *args: Any, **kwargs: Any) -> logging.LogRecord:
        record = self.inner(*args, **kwargs)
        _redact_record(record)
        return record


_install_lock = Lock()


def _install_log_redaction() -> None:
    """Mask keys in every log record from now on; installed once, with the first key to mask."""
    with _install_lock:
        factory = logging.getLogRecordFactory()
        if not isinstance(factory, _RedactingRecordFactory):
            logging.setLogRecordFactory(_RedactingRecordFactory(factory))


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


def _landed(flights: dict[str, asyncio.Task[JudgeAnswer]], key: str, flight: asyncio.Task[JudgeAnswer]) -> None:
    """A question in flight is done: forget it, and mark its error seen (its callers report it)."""
    flights.pop(key, None)
    if not flight.cancelled():
        flight.exception()


def answer_from_entry(raw: Any) -> JudgeAnswer:
    """A cache entry as an answer, turning a malformed one into a typed error."""
    try:
        return JudgeAnswer.model_validate(raw)
    except ValidationError as error:
        problem = error.errors(include_url=False)[0]
        field = ".".join(str(part) for part in problem["loc"]) or "entry"
        raise CacheFormatError(f"the cached answer has a bad {field!r}: {problem['msg']}") from None


class TypeSafeJudge:
    """The default judge: TypeSafe's Jev model answering the cookbook's Choice question.

    It answers one question at a time (`judge`) or, in an asyncio batch, many at once through
    `AsyncTypeSafeClient` (`ajudge`). Answers are replayed from and recorded to a cache.

    Args:
        model: The model to ask.
        cache: An answer cache file (``.sqlite``, ``.sqlite3`` or ``.db`` for SQLite, anything else
            for cooksafe's JSON format), an open `AnswerCache`, or a `cooksafe.JsonCache` (its
            file is used); ``None`` caches nothing. A file whose folder does not exist, or that is
            not a cache, is an error here, before any call.
        api_key: The API key; defaults to the ``TYPESAFE_API_KEY`` environment variable. It is only
            needed when an answer is not in the cache, and is never written into a result, an
            error, a log record of the SDK or the cache: a server that echoes it gets ``***``.
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
            disk, a database gone): a JSON cache file, by default ``citecheck-spill.json`` beside a
            file cache, or in the current folder for a database. The answer is still used, and a
            warning on the ``citecheck`` logger says where it is (`spilled` too).

    Examples:
        ```python
        judge = TypeSafeJudge(cache="json_cache.json")
        answer = judge.judge(claim, section_text)
        ```
    """

    def __init__(
        self,
        *,
        model: str = DEFAULT_MODEL,
        cache: str | os.PathLike[str] | AnswerCache | JsonCache | None = None,
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

        self.model = model
        self.instructions = instructions
        self.criteria = dict(criteria)
        self.timeout = timeout
        self.deadline = deadline
        self._api_key = api_key
        if api_key:
            _redact.add(api_key)
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
        self._flights: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[str, asyncio.Task[JudgeAnswer]]] = (
            weakref.WeakKeyDictionary()
        )
        # Batches ask through the async client unless the caller tied this judge to a sync-only one.
        self.can_ajudge = async_client is not None or (
            client is None and (transport is None or isinstance(transport, httpx2.AsyncBaseTransport))
        )
        if isinstance(cache, (str, os.PathLike)):
            self._cache: AnswerCache | None = open_cache(cache)
            self._owns_cache = True
        elif isinstance(cache, JsonCache):
            self._cache, self._owns_cache = open_cache(cache.path), True
        else:
            self._cache, self._owns_cache = cache, False
        # JsonCache keys on the function's name: "ask" is the cookbook's, anything else is not.
        self._cache_name = _cache_name(model, instructions, self.criteria)
        self._spill_to = Path(spill) if spill is not None else None
        self._spill: JsonAnswerCache | None = None
        self._spill_lock = Lock()
        self.spilled = 0
        """Answers paid for that the cache could not record, kept in `spill_path` instead."""
        if self._owns_cache and self._cache is not None:
            # Fold a JSON journal into the file even if close() is never called.
            self._finalizer = weakref.finalize(self, self._cache.close)

    @property
    def cache(self) -> AnswerCache | None:
        """The answer cache, if any."""
        return self._cache

    def cache_key(self, claim: str, section: str) -> str:
        """The key this judge's answer for ``(claim, section)`` is cached under (cooksafe's scheme)."""
        return cache_key(self._cache_name, claim, section)

    def cached(self, claim: str, section: str) -> JudgeAnswer | None:
        """The cached answer for ``(claim, section)``, or ``None``; never calls the API.

        Raises:
            CacheFormatError: The cached entry is not a valid answer.
        """
        if self._cache is None:
            return None
        raw = self._cache.get(self.cache_key(claim, section))
        return None if raw is None else answer_from_entry(raw)

    def cached_many(self, pairs: Sequence[tuple[str, str]]) -> dict[tuple[str, str], JudgeAnswer | CitecheckError]:
        """The cached answers for many ``(claim, section)`` pairs in one cache lookup; never calls the API.

        Returns:
            An answer for each pair the cache holds, or the `CacheFormatError` of an entry that is
            not a valid answer (that pair's failure only); a pair not cached is left out.

        Raises:
            CacheError: The cache cannot be read.
        """
        from citecheck.judge._cached import lookup_answers  # it imports this module

        return lookup_answers(self, pairs)

    async def acached_many(
        self, pairs: Sequence[tuple[str, str]]
    ) -> dict[tuple[str, str], JudgeAnswer | CitecheckError]:
        """`cached_many` without blocking the event loop: a cache that does I/O is read in a thread."""
        from citecheck.judge._cached import alookup_answers  # it imports this module

        return await alookup_answers(self, pairs)

    def judge(self, claim: str, section: str) -> JudgeAnswer:
        """Answer the Choice question for one claim and section, from the cache when it can.

        Raises:
            NoAnswerError: The answer is not cached and there is no API key; nothing was sent.
            JudgeCallError: The API call failed, after retries.
            CacheError: The answer cannot be recorded (the cache is read-only); nothing was sent.
            CacheFormatError: The cached entry is not a valid answer.
        """
        hit = self.cached(claim, section)
        if hit is not None:
            return hit
        self._check_can_record()
        client = self._get_client()
        state, questions = prepare_question(claim, section, instructions=self.instructions, criteria=self.criteria)
        started = perf_counter()
        try:
            response = client.system_one(state=state, questions=questions, model=self.model)
        except RateLimitError:
            raise  # nothing was sent: say so, as it is
        except Exception as error:
            failure = self._call_error(error)
        else:
            return self._record(claim, section, _entry(response, self.criteria, self.model, started))
        # Raised outside the except block: `from None` only hides the SDK's error from tracebacks,
        # it stays in __context__, with the server's raw body, for any code that walks the chain.
        raise failure

    async def ajudge(self, claim: str, section: str) -> JudgeAnswer:
        """The async twin of `judge`, through `AsyncTypeSafeClient`.

        Raises:
            NoAnswerError: The answer is not cached and there is no API key; nothing was sent.
            JudgeCallError: The API call failed, after retries, or passed its deadline.
            CacheError: The answer cannot be recorded (the cache is read-only); nothing was sent.
            CacheFormatError: The cached entry is not a valid answer.
        """
        hit = (await self.acached_many([(claim, section)])).get((claim, section))
        if isinstance(hit, CitecheckError):
            raise hit
        if hit is not None:
            return hit
        return await self.acall(claim, section)

    async def acall(self, claim: str, section: str) -> JudgeAnswer:
        """Ask the API (never the cache) and record the answer; what `ajudge` does on a cache miss.

        A question already in flight on this judge (another batch asked it) is not sent again:
        this call waits for that answer. Cancelling one caller does not cancel the question for
        the others, and its answer is still recorded.
        """
        answer, _ = await self.aanswer(claim, section)
        return answer

    async def aanswer(self, claim: str, section: str) -> tuple[JudgeAnswer, bool]:
        """`acall`, also saying whether this call sent the request (``False``: another caller's answer)."""
        self._check_can_record()
        if not self.can_ajudge:
            return await asyncio.to_thread(self.judge, claim, section), True
        loop = asyncio.get_running_loop()
        flights = self._flights.setdefault(loop, {})
        key = self.cache_key(claim, section)
        flight = flights.get(key)
        if flight is not None:
            return await asyncio.shield(flight), False
        if self._cache is not None and not self._cache.blocking:
            hit = self.cached(claim, section)  # it may have landed since the caller looked
            if hit is not None:
                return hit, False
        flight = flights[key] = loop.create_task(self._asend(claim, section))
        flight.add_done_callback(functools.partial(_landed, flights, key))
        return await asyncio.shield(flight), True

    async def _asend(self, claim: str, section: str) -> JudgeAnswer:
        from typesafe_sdk import TypeSafeError

        client = self._get_async_client()
        state, questions = prepare_question(claim, section, instructions=self.instructions, criteria=self.criteria)
        started = perf_counter()
        try:
            response = await asyncio.wait_for(
                client.system_one(state=state, questions=questions, model=self.model), self.deadline
            )
        except TypeSafeError as error:  # before TimeoutError: the SDK's timeout error is one too
            failure = self._call_error(error)
        except asyncio.TimeoutError:
            failure = JudgeCallError(f"the {self.model} call took longer than its {self.deadline:g} s deadline")
        except RateLimitError:
            raise  # nothing was sent: say so, as it is
        except Exception as error:
            failure = self._call_error(error)
        else:
            entry = _entry(response, self.criteria, self.model, started)
            if self._cache is not None and self._cache.blocking:
                return await asyncio.to_thread(self._record, claim, section, entry)
            return self._record(claim, section, entry)
        raise failure  # outside the except block, so the SDK's error (and the body it holds) is not its context

    def _check_can_record(self) -> None:
        if self._client is None and self._async_client is None:
            self._resolve_key()  # no key is the first thing to say, before anything about the cache
        if self._cache is not None and not self._cache.writable:
            raise CacheError(f"the cache {self._cache.where} is read-only: a new answer could not be recorded")

    def _record(self, claim: str, section: str, entry: dict[str, Any]) -> JudgeAnswer:
        """Record a paid answer and return the stored one: another worker's, when it was stored first.

        A cache that cannot record it does not cost the answer: it goes to the spill file.
        """
        answer = answer_from_entry(entry)
        if self._cache is None:
            return answer
        key = self.cache_key(claim, section)
        try:
            stored = self._cache.put_first(key, entry)
        except CacheError as error:
            self._keep(key, entry, error)
            return answer
        return answer if stored == entry else answer_from_entry(stored)

    @property
    def spill_path(self) -> Path:
        """Where answers the cache could not record go (a cooksafe JSON cache file)."""
        if self._spill_to is not None:
            return self._spill_to
        if self._cache is not None and not is_database_url(self._cache.where):
            return self._cache.path.with_name(f"{self._cache.path.name}.spill.json")
        return Path.cwd() / _SPILL_NAME

    def _keep(self, key: str, entry: dict[str, Any], error: CacheError) -> None:
        """Write a paid answer the cache refused into the spill file, fsynced; warn where it is."""
        with self._spill_lock:
            target = self.spill_path
            try:
                if self._spill is None:
                    self._spill = JsonAnswerCache(target, fsync="answer")
                self._spill.put(key, entry)
                self._spill.flush()
            except CitecheckError as spill_error:
                # Neither place can hold it: the answer is still returned, and the log carries it whole.
                _logger.error(
                    "a paid answer could be recorded neither in the cache (%s) nor in %s (%s); the answer: %s",
                    error, target, spill_error, json.dumps([key, entry]),
                )  # fmt: skip
                return
            self.spilled += 1
        _logger.warning(
            "the cache could not record a paid answer (%s); it is kept in %s: "
            "add it back with `citecheck cache import CACHE %s`",
            error, target, target,
        )  # fmt: skip

    def _call_error(self, error: Exception) -> JudgeCallError:
        # Server text can echo the request's Authorization header: mask the key before it goes anywhere.
        if isinstance(error, JudgeError):
            return JudgeCallError(_redact(error.message))
        return JudgeCallError(_redact(f"the {self.model} call failed: {type(error).__name__}: {error}"))

    def _resolve_key(self) -> str:
        key = self._api_key if self._api_key is not None else os.environ.get(API_KEY_ENV, "")
        if not key.strip():
            raise NoAnswerError(
                f"no cached answer and no API key: set {API_KEY_ENV}, or pass a cache that holds "
                f"this answer for model {self.model}"
            )
        _redact.add(key)
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
                    failure = JudgeCallError(_redact(f"the TypeSafe client cannot be set up: {error}"))
                if failure is not None:
                    raise failure  # not from the except block: the SDK's error would be its __context__
            assert self._client is not None
            return self._client

    def _get_async_client(self) -> AsyncTypeSafeClient:
        if self._async_client is not None:
            return self._async_client
        import httpx2
        from typesafe_sdk import AsyncTypeSafeClient, TypeSafeError

        # An httpx2 async client belongs to the event loop it first ran on: one per loop.
        loop = asyncio.get_running_loop()
        client = self._async_clients.get(loop)
        if client is None:
            key = self._resolve_key()
            transport = self._transport if isinstance(self._transport, httpx2.AsyncBaseTransport) else None
            try:
                client = AsyncTypeSafeClient(
                    api_key=key, transport=transport, base_url=self._base_url, timeout=self.timeout, retry=self._retry
                )
            except TypeSafeError as error:
                failure = JudgeCallError(_redact(f"the TypeSafe client cannot be set up: {error}"))
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

    def flush(self) -> None:
        """Make every answer recorded so far visible in the cache file (a batch does this at its end)."""
        if self._cache is not None:
            self._cache.flush()

    def close(self) -> None:
        """Close the sync client this judge built and the cache it opened; a client or cache passed in stays open."""
        if self._client is not None and self._owns_client:
            self._client.close()
            self._client = None
        if self._cache is not None:
            if self._owns_cache:
                self._cache.close()
            else:
                self._cache.flush()
        if self._spill is not None:
            self._spill.close()

    def __enter__(self) -> TypeSafeJudge:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
