"""Any judge with an answer cache: what a batch's cache pre-check reads, and a wrapper that adds one.

A batch asks each distinct ``(claim, section text)`` question once, whatever the judge. Before
asking, it looks up every question of a chunk of citations in one `AnswerCache.get_many` (off the
event loop when the cache does I/O), for any judge that meets `CachingJudge`: a ``cache`` and the
``cache_key`` its answers are stored under. `TypeSafeJudge` meets it; `CachedJudge` makes any other
`Judge` or `AsyncJudge` meet it.

A custom judge's answers are keyed under ``judge:<name>`` (its class's import path unless given a
name), so they never replay as `TypeSafeJudge`'s, whose keys are ``ask`` (the cookbook's model and
question) or ``ask_<digest>``, nor as another judge's.
"""

from __future__ import annotations

import asyncio
import logging
import os
import weakref
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from citecheck._models import JudgeAnswer
from citecheck.errors import CacheError, CitecheckError, JudgeCallError
from citecheck.judge._cache import AnswerCache, cache_key, open_cache
from citecheck.judge._typesafe import AsyncJudge, Judge, answer_from_entry

__all__ = ["CachedJudge", "CachingJudge", "SharingJudge", "alookup_answers", "lookup_answers"]

_logger = logging.getLogger("citecheck")
_PREFIX = "judge:"

Question = tuple[str, str]
"""A claim and the section text the judge reads."""


@runtime_checkable
class CachingJudge(Protocol):
    """A judge whose answers live in an `AnswerCache` a batch may read before asking.

    A batch looks up each chunk's questions in ``cache`` under ``cache_key`` in one lookup and asks
    the judge only the rest; the judge itself records what it is asked (as `TypeSafeJudge` and
    `CachedJudge` do). A judge whose ``cache`` is ``None`` is asked everything.
    """

    @property
    def cache(self) -> AnswerCache | None:
        """The answer cache, or ``None``."""
        ...

    def cache_key(self, claim: str, section: str) -> str:
        """The key the answer for ``(claim, section)`` is stored under; it must name the judge."""
        ...


@runtime_checkable
class SharingJudge(Protocol):
    """A caching judge that can ask without looking in its cache again, after a batch has looked.

    Optional: a batch uses `aanswer` when the judge has it, else `AsyncJudge.ajudge`.
    """

    async def aanswer(self, claim: str, section: str) -> tuple[JudgeAnswer, bool]:
        """The answer, and whether this call sent the question (``False``: it joined another caller's)."""
        ...


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


class CachedJudge:
    """Any judge, with its answers replayed from and recorded to a cache.

    A batch (`check_citations`) then looks the answers up before asking, as it does for
    `TypeSafeJudge`: a second run over the same cache asks nothing.

    Args:
        judge: The judge that answers: a `Judge`, an `AsyncJudge`, or both.
        cache: An answer cache file (JSON, or SQLite by its extension, or a ``postgresql://`` URL;
            see `open_cache`) or an open `AnswerCache`. The same file may hold other judges'
            answers: each judge's keys are its own.
        name: What the answers are keyed under (``judge:<name>|claim|section``); defaults to the
            judge's class's import path (``__main__.MyJudge`` for a script run directly). Give one
            when two judges of one class answer differently (another model or prompt), so neither
            replays the other's answers, and when the class may move or be renamed.

    Raises:
        ValueError: ``judge`` already has a cache of its own (such as `TypeSafeJudge`: give it
            the cache), or ``name`` is empty or holds ``|``.
        TypeError: ``judge`` is no judge.
        CacheError: The cache cannot be opened.

    Examples:
        ```python
        judge = CachedJudge(MyJudge(), "answers.json")
        results = check_citations(document, citations, judge=judge)
        ```
    """

    def __init__(
        self, judge: Judge | AsyncJudge, cache: str | os.PathLike[str] | AnswerCache, *, name: str | None = None
    ) -> None:
        if isinstance(judge, CachingJudge):
            raise ValueError(f"{type(judge).__name__} caches its own answers: give it the cache instead")
        if not isinstance(judge, (Judge, AsyncJudge)):
            raise TypeError(f"{type(judge).__name__} is not a judge: it has neither judge() nor ajudge()")
        chosen = name if name is not None else f"{type(judge).__module__}.{type(judge).__qualname__}"
        if not chosen or "|" in chosen:
            raise ValueError(f"a judge's cache name must be non-empty and without '|', got {chosen!r}")
        self.inner = judge
        """The judge that answers what the cache does not hold."""
        self.name = chosen
        """What this judge's answers are keyed under, after ``judge:``."""
        self.can_ajudge = isinstance(judge, AsyncJudge)
        """Whether the inner judge is async: a batch then awaits it, else runs it in its threads."""
        self._owns_cache = not isinstance(cache, AnswerCache)
        self._cache = open_cache(cache) if not isinstance(cache, AnswerCache) else cache
        if self._owns_cache:
            # Fold a JSON journal into the file even if close() is never called.
            self._finalizer = weakref.finalize(self, self._cache.close)

    @property
    def cache(self) -> AnswerCache:
        """The answer cache."""
        return self._cache

    def cache_key(self, claim: str, section: str) -> str:
        """The key this judge's answer for ``(claim, section)`` is stored under (cooksafe's scheme)."""
        return cache_key(_PREFIX + self.name, claim, section)

    def cached(self, claim: str, section: str) -> JudgeAnswer | None:
        """The cached answer for ``(claim, section)``, or ``None``; never asks the inner judge.

        Raises:
            CacheFormatError: The cached entry is not a valid answer.
        """
        raw = self._cache.get(self.cache_key(claim, section))
        return None if raw is None else answer_from_entry(raw)

    def judge(self, claim: str, section: str) -> JudgeAnswer:
        """The cached answer, or the inner judge's, recorded.

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
        if not isinstance(self.inner, Judge):
            raise TypeError(f"{type(self.inner).__name__} has no judge(): it is async only, use it in a batch")
        self._check_can_record()
        return self._record(claim, section, self.inner.judge(claim, section))

    async def ajudge(self, claim: str, section: str) -> JudgeAnswer:
        """The async twin of `judge`: a sync inner judge runs in a thread."""
        hit = (await alookup_answers(self, [(claim, section)])).get((claim, section))
        if isinstance(hit, CitecheckError):
            raise hit
        if hit is not None:
            return hit
        answer, _ = await self.aanswer(claim, section)
        return answer

    async def aanswer(self, claim: str, section: str) -> tuple[JudgeAnswer, bool]:
        """Ask the inner judge (never the cache) and record its answer; what a batch calls on a miss."""
        self._check_can_record()
        if isinstance(self.inner, AsyncJudge):
            answer = await self.inner.ajudge(claim, section)
        else:
            answer = await asyncio.to_thread(self.inner.judge, claim, section)
        if self._cache.blocking:
            return await asyncio.to_thread(self._record, claim, section, answer), True
        return self._record(claim, section, answer), True

    def _check_can_record(self) -> None:
        # As TypeSafeJudge: an answer that cannot be kept is not asked for.
        if not self._cache.writable:
            raise CacheError(f"the cache {self._cache.where} is read-only: a new answer could not be recorded")

    def _record(self, claim: str, section: str, answer: object) -> JudgeAnswer:
        """Record the inner judge's answer; return the stored one (another worker's, when it was first)."""
        if not isinstance(answer, JudgeAnswer):
            raise JudgeCallError(f"the judge returned {type(answer).__name__}, not a JudgeAnswer")
        entry: dict[str, Any] = answer.model_dump(mode="json")
        try:
            stored = self._cache.put_first(self.cache_key(claim, section), entry)
        except CacheError as error:
            # The answer is still this citation's; only the replay next time is lost.
            _logger.warning("the cache could not record an answer of %s: %s", self.name, error)
            return answer
        return answer if stored == entry else answer_from_entry(stored)

    def flush(self) -> None:
        """Make every answer recorded so far visible in the cache (a batch does this at its end)."""
        self._cache.flush()

    def close(self) -> None:
        """Close the cache this judge opened; a cache passed in is only flushed."""
        if self._owns_cache:
            self._cache.close()
        else:
            self._cache.flush()

    def __enter__(self) -> CachedJudge:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
