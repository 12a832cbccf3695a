"""The one caching wrapper: any judge, with its answers replayed, shared, recorded and never lost.

`CachedJudge` gives any `Judge` or `AsyncJudge` what a batch needs to save questions and money:

- **cache pre-check**: it meets `CachingJudge`, so a batch looks up each chunk's questions in one
  `AnswerCache.get_many` (off the event loop when the cache does I/O) before asking;
- **dedupe**: a question already in flight on the judge (another batch on the same event loop
  asked it) is not sent again (`SharingJudge.aanswer`);
- **recording**: every new answer is stored with `AnswerCache.put_first`, and the first answer
  stored for a question is the one every worker uses;
- **spill**: an answer paid for that the cache refuses (a full disk, a database gone mid-batch, a
  role that may only read) is kept in a spill file, itself a cache, so the next run does not pay
  for it again; one warning per batch says how many and where.

`TypeSafeJudge` is a `CachedJudge` whose answers come from the TypeSafe API: it only says how to
ask (`CachedJudge._ask` / `_aask`) and under which name its answers are keyed.

A custom judge's answers are keyed under ``judge:<name>`` (its class's import path unless given a
name), so they never replay as `TypeSafeJudge`'s, whose keys are ``ask`` (the cookbook's model and
question) or ``ask_<digest>``, nor as another judge's.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import os
import weakref
from collections.abc import Awaitable, Sequence
from pathlib import Path
from threading import Lock
from typing import Any

from citecheck._models import JudgeAnswer
from citecheck.errors import CacheError, CitecheckError, JudgeCallError
from citecheck.judge._cache import (
    AnswerCache,
    JsonAnswerCache,
    answer_from_entry,
    cache_key,
    is_database_url,
    open_cache,
)
from citecheck.judge._protocols import AsyncJudge, CachingJudge, Judge

__all__ = ["SPILL_NAME", "CachedJudge", "alookup_answers", "lookup_answers"]

SPILL_NAME = "citecheck-spill.json"
"""The spill file's name when the cache is a database (it is written in the current folder)."""

_logger = logging.getLogger("citecheck")
_PREFIX = "judge:"

Question = tuple[str, str]
"""A claim and the section text the judge reads."""


def lookup_answers(judge: CachingJudge, questions: Sequence[Question]) -> dict[Question, JudgeAnswer | CitecheckError]:
    """The cached answers to ``questions`` in one cache lookup; never asks the judge.

    Returns:
        An answer for each question the cache holds, or the `CacheFormatError` of an entry that is
        not a valid answer (that question's failure only); a question not cached is left out.

    Raises:
        CacheError: The cache cannot be read.
    """
    cache = judge.cache
    if cache is None or not questions:
        return {}
    keys = {judge.cache_key(claim, section): (claim, section) for claim, section in questions}
    found: dict[Question, JudgeAnswer | CitecheckError] = {}
    for key, raw in cache.get_many(keys).items():
        try:
            found[keys[key]] = answer_from_entry(raw)
        except CitecheckError as error:
            found[keys[key]] = error
    return found


async def alookup_answers(
    judge: CachingJudge, questions: Sequence[Question]
) -> dict[Question, JudgeAnswer | CitecheckError]:
    """`lookup_answers` without blocking the event loop: a cache that does I/O is read in a thread."""
    cache = judge.cache
    if cache is not None and cache.blocking and questions:
        return await asyncio.to_thread(lookup_answers, judge, questions)
    return lookup_answers(judge, questions)


class _Flight:
    """A question in flight on one event loop: its task, and the futures its callers wait on.

    Each caller waits on a future of its own rather than on the task, as `asyncio.shield` has it:
    cancelling a caller cancels its future, never the question. The task settles the futures
    itself as it ends (`settle`), so a caller wakes on the next turn of the loop; a shield's
    future was settled by a done-callback of the task, a turn later, and a batch's freed slot
    waited for that turn.
    """

    __slots__ = ("task", "waiters")

    def __init__(self) -> None:
        self.task: asyncio.Task[JudgeAnswer] | None = None
        self.waiters: list[asyncio.Future[JudgeAnswer]] = []

    def joined(self, loop: asyncio.AbstractEventLoop) -> Awaitable[JudgeAnswer]:
        """What a caller awaits: a future of its own, or the task itself once it is done (as a shield would)."""
        if self.task is not None and self.task.done():
            return self.task
        waiter: asyncio.Future[JudgeAnswer] = loop.create_future()
        self.waiters.append(waiter)
        return waiter

    def settle(self, answer: JudgeAnswer | None, error: BaseException | None) -> None:
        """Give each caller still waiting the answer, the error, or a cancellation (``error`` a `CancelledError`)."""
        for waiter in self.waiters:
            if waiter.done():  # that caller was cancelled
                continue
            if isinstance(error, asyncio.CancelledError):
                waiter.cancel()
            elif error is not None:
                waiter.set_exception(error)
            else:
                waiter.set_result(answer)  # type: ignore[arg-type]  # an answer when there is no error
        self.waiters.clear()


def _landed(flights: dict[str, _Flight], key: str, task: asyncio.Task[JudgeAnswer]) -> None:
    """A question in flight is done: forget it, settle any caller the task did not, and mark its error seen."""
    flight = flights.pop(key, None)
    if task.cancelled():
        error: BaseException | None = asyncio.CancelledError()
    else:
        error = task.exception()  # also marks it seen: its callers report it
    if flight is not None and flight.waiters:  # a task cancelled before it ran settled no one
        flight.settle(None if error is not None else task.result(), error)


def _entry_of(answer: object) -> dict[str, Any]:
    """A judge's answer as the cache entry it is stored as."""
    if not isinstance(answer, JudgeAnswer):
        raise JudgeCallError(f"the judge returned {type(answer).__name__}, not a JudgeAnswer")
    return answer.model_dump(mode="json")


class CachedJudge:
    """Any judge, with its answers replayed from and recorded to a cache, shared and never lost.

    A batch (`check_citations`) looks the answers up before asking, asks each distinct question
    once, and a second run over the same cache asks nothing. An answer the cache cannot record is
    kept in the spill file (`spill_path`) instead, and still used.

    Args:
        judge: The judge that answers: a `Judge`, an `AsyncJudge`, or both.
        cache: An answer cache file (JSON, or SQLite by its extension, or a ``postgresql://`` URL;
            see `open_cache`) or an open `AnswerCache`. The same file may hold other judges'
            answers: each judge's keys are its own.
        name: What the answers are keyed under (``judge:<name>|claim|section``); defaults to the
            judge's class's import path (``__main__.MyJudge`` for a script run directly). Give one
            when two judges of one class answer differently (another model or prompt), so neither
            replays the other's answers, and when the class may move or be renamed.
        create: Whether a cache file that does not exist is a new, empty cache. By default it is
            an error (`CacheNotFoundError`): a mistyped name must not silently replay nothing.
        spill: Where an answer goes when it was paid for but the cache cannot record it: a JSON
            cache file, by default ``NAME.spill.json`` beside a file cache, or
            ``citecheck-spill.json`` in the current folder for a database.

    Raises:
        ValueError: ``judge`` already has a cache of its own (such as `TypeSafeJudge`: give it
            the cache), or ``name`` is empty or holds ``|``.
        TypeError: ``judge`` is no judge.
        CacheNotFoundError: The cache file does not exist and ``create`` is false.
        CacheError: The cache cannot be opened.

    Examples:
        ```python
        judge = CachedJudge(MyJudge(), "answers.json", create=True)
        results = check_citations(document, citations, judge=judge)
        ```
    """

    def __init__(
        self,
        judge: Judge | AsyncJudge,
        cache: str | os.PathLike[str] | AnswerCache,
        *,
        name: str | None = None,
        create: bool = False,
        spill: str | os.PathLike[str] | None = None,
    ) -> None:
        if isinstance(judge, CachingJudge):
            raise ValueError(f"{type(judge).__name__} caches its own answers: give it the cache instead")
        if not isinstance(judge, (Judge, AsyncJudge)):
            raise TypeError(f"{type(judge).__name__} is not a judge: it has neither judge() nor ajudge()")
        chosen = name if name is not None else f"{type(judge).__module__}.{type(judge).__qualname__}"
        if not chosen or "|" in chosen:
            raise ValueError(f"a judge's cache name must be non-empty and without '|', got {chosen!r}")
        self.inner: Judge | AsyncJudge | None = judge
        """The judge that answers what the cache does not hold."""
        self.name = chosen
        """What this judge's answers are keyed under, after ``judge:``."""
        self.can_ajudge = isinstance(judge, AsyncJudge)
        """Whether the inner judge is async: a batch then awaits it, else runs it in its threads."""
        self._open_cache(cache, key_name=_PREFIX + chosen, create=create, spill=spill)

    def _open_cache(
        self,
        cache: str | os.PathLike[str] | AnswerCache | None,
        *,
        key_name: str,
        create: bool,
        spill: str | os.PathLike[str] | None,
    ) -> None:
        """Set up the cache, the spill and the questions in flight; every caching judge's constructor calls it."""
        if isinstance(cache, (str, os.PathLike)):
            self._cache: AnswerCache | None = open_cache(cache, create=create)
            self._owns_cache = True
        else:
            self._cache, self._owns_cache = cache, False
        self._key_name = key_name
        self._spill_to = Path(spill) if spill is not None else None
        self._spill: JsonAnswerCache | None = None
        self._spill_lock = Lock()
        self._unreported = 0
        self._refusal = ""
        self.spilled = 0
        """Answers paid for that the cache could not record, kept in `spill_path` instead."""
        self._flights: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[str, _Flight]] = (
            weakref.WeakKeyDictionary()
        )
        if self._owns_cache and self._cache is not None:
            # Fold a JSON journal into the file even if close() is never called.
            self._finalizer = weakref.finalize(self, self._cache.close)

    # --- the cache ---------------------------------------------------------------------------------

    @property
    def cache(self) -> AnswerCache | None:
        """The answer cache (``None`` only for a `TypeSafeJudge` given none)."""
        return self._cache

    def cache_key(self, claim: str, section: str) -> str:
        """The key this judge's answer for ``(claim, section)`` is stored under (cooksafe's scheme)."""
        return cache_key(self._key_name, claim, section)

    def cached(self, claim: str, section: str) -> JudgeAnswer | None:
        """The cached answer for ``(claim, section)``, or ``None``; never asks.

        Raises:
            CacheFormatError: The cached entry is not a valid answer.
        """
        if self._cache is None:
            return None
        raw = self._cache.get(self.cache_key(claim, section))
        return None if raw is None else answer_from_entry(raw)

    def cached_many(self, pairs: Sequence[Question]) -> dict[Question, JudgeAnswer | CitecheckError]:
        """The cached answers for many ``(claim, section)`` pairs in one cache lookup; never asks.

        Returns:
            An answer for each pair the cache holds, or the `CacheFormatError` of an entry that is
            not a valid answer (that pair's failure only); a pair not cached is left out.

        Raises:
            CacheError: The cache cannot be read.
        """
        return lookup_answers(self, pairs)

    async def acached_many(self, pairs: Sequence[Question]) -> dict[Question, JudgeAnswer | CitecheckError]:
        """`cached_many` without blocking the event loop: a cache that does I/O is read in a thread."""
        return await alookup_answers(self, pairs)

    # --- asking ------------------------------------------------------------------------------------

    def judge(self, claim: str, section: str) -> JudgeAnswer:
        """The cached answer, or a new one, recorded.

        Raises:
            TypeError: The inner judge is async only (use it in a batch).
            CacheError: The answer is not cached and could not be recorded (a read-only cache):
                nothing was asked.
            CacheFormatError: The cached entry is not a valid answer.
            JudgeCallError: The inner judge returned something that is not a `JudgeAnswer`.
        """
        hit = self.cached(claim, section)
        if hit is not None:
            return hit
        self._check_can_record()
        return self._record(claim, section, self._ask(claim, section))

    async def ajudge(self, claim: str, section: str) -> JudgeAnswer:
        """The async twin of `judge`: a sync inner judge runs in a thread."""
        hit = (await self.acached_many([(claim, section)])).get((claim, section))
        if isinstance(hit, CitecheckError):
            raise hit
        if hit is not None:
            return hit
        answer, _ = await self.aanswer(claim, section)
        return answer

    async def acall(self, claim: str, section: str) -> JudgeAnswer:
        """Ask (never the cache) and record the answer; what `ajudge` does on a cache miss."""
        answer, _ = await self.aanswer(claim, section)
        return answer

    async def aanswer(self, claim: str, section: str) -> tuple[JudgeAnswer, bool]:
        """Ask and record, also saying whether this call sent the question (``False``: another caller's).

        A question already in flight on this judge (another batch on this event loop asked it) is
        not sent again: this call waits for that answer. Cancelling one caller does not cancel the
        question for the others, and its answer is still recorded.
        """
        self._check_can_record()
        loop = asyncio.get_running_loop()
        flights = self._flights.get(loop)
        if flights is None:
            flights = self._flights[loop] = {}
        key = self.cache_key(claim, section)
        flight = flights.get(key)
        if flight is not None:
            return await flight.joined(loop), False
        if self._cache is not None and not self._cache.blocking:
            hit = self.cached(claim, section)  # it may have landed since the caller looked
            if hit is not None:
                return hit, False
        flight = flights[key] = _Flight()
        flight.task = loop.create_task(self._fly(flight, claim, section, key))
        flight.task.add_done_callback(functools.partial(_landed, flights, key))
        return await flight.joined(loop), True

    async def _fly(self, flight: _Flight, claim: str, section: str, key: str) -> JudgeAnswer:
        """The question's task: ask and record, then settle the callers waiting."""
        try:
            answer = await self._asend(claim, section, key)
        except BaseException as error:  # a cancellation too: the callers are cancelled with it
            flight.settle(None, error)
            raise
        flight.settle(answer, None)
        return answer

    async def _asend(self, claim: str, section: str, key: str) -> JudgeAnswer:
        entry = await self._aask(claim, section)
        if self._cache is not None and self._cache.blocking:
            return await asyncio.to_thread(self._record, claim, section, entry, key)
        return self._record(claim, section, entry, key)

    def _ask(self, claim: str, section: str) -> dict[str, Any]:
        """A new answer, as its cache entry: what a subclass that asks another way overrides."""
        if not isinstance(self.inner, Judge):
            raise TypeError(f"{type(self.inner).__name__} has no judge(): it is async only, use it in a batch")
        return _entry_of(self.inner.judge(claim, section))

    async def _aask(self, claim: str, section: str) -> dict[str, Any]:
        """The async twin of `_ask`: an async inner judge is awaited, a sync one runs in a thread."""
        if isinstance(self.inner, AsyncJudge):
            return _entry_of(await self.inner.ajudge(claim, section))
        return await asyncio.to_thread(self._ask, claim, section)

    def _check_can_record(self) -> None:
        # An answer that cannot be kept is not asked for.
        if self._cache is not None and not self._cache.writable:
            raise CacheError(f"the cache {self._cache.where} is read-only: a new answer could not be recorded")

    # --- recording and the spill -------------------------------------------------------------------

    def _record(self, claim: str, section: str, entry: dict[str, Any], key: str | None = None) -> JudgeAnswer:
        """Record a paid answer and return the stored one: another worker's, when it was stored first.

        ``key`` is `cache_key` of the question, when the caller has it already. A cache that cannot
        record the answer does not cost it: it goes to the spill file.
        """
        answer = answer_from_entry(entry)
        if self._cache is None:
            return answer
        if key is None:
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
        return Path.cwd() / SPILL_NAME

    def _keep(self, key: str, entry: dict[str, Any], error: CacheError) -> None:
        """Write a paid answer the cache refused into the spill file, fsynced; `flush` says where, once."""
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
            self._unreported += 1
            self._refusal = self._refusal or str(error)

    def _report_spill(self) -> None:
        """One warning for every answer spilled since the last one: how many, where, and what the cache said."""
        with self._spill_lock:
            count, said = self._unreported, self._refusal
            self._unreported, self._refusal = 0, ""
        if count:
            target = self.spill_path
            _logger.warning(
                "%d paid answers could not be recorded in the cache; they are kept in %s: "
                "add them back with `citecheck cache import CACHE %s` (the cache said: %s)",
                count, target, target, said,
            )  # fmt: skip

    def flush(self) -> None:
        """Make every answer recorded so far visible in the cache (a batch does this at its end).

        Answers spilled since the last flush are reported here, in one warning on the
        ``citecheck`` logger.
        """
        try:
            if self._cache is not None:
                self._cache.flush()
        finally:
            self._report_spill()

    def close(self) -> None:
        """Close the cache this judge opened (a cache passed in is only flushed) and the spill file."""
        try:
            if self._cache is not None:
                if self._owns_cache:
                    self._cache.close()
                else:
                    self._cache.flush()
        finally:
            self._report_spill()
            if self._spill is not None:
                self._spill.close()
                self._spill = None

    def __enter__(self) -> CachedJudge:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
