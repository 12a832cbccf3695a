"""The facade: check citations against a document and fold both steps into a verdict."""

from __future__ import annotations

import asyncio
import warnings
from collections.abc import Callable, Coroutine, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager, nullcontext
from functools import partial
from typing import Any

from citecheck._batch import DEFAULT_CONCURRENCY, BatchResults, RunState, checked_answer, judge_failure, run_batch
from citecheck._models import (
    Citation,
    CitationResult,
    Document,
    JudgeAnswer,
    Location,
)
from citecheck._types import CitationLike, Sources
from citecheck.judge import AsyncJudge, Judge, TypeSafeJudge
from citecheck.matcher._options import MatchOptions
from citecheck.matcher._routing import route
from citecheck.matcher._tiers import Tier

__all__ = ["AUTO_ACCEPT", "acheck_citations", "check_citation", "check_citations", "fold_verdict"]

AUTO_ACCEPT = 0.8
"""The default confidence at and above which a verdict stands without review."""


def fold_verdict(
    citation: Citation, location: Location, answer: JudgeAnswer | None, *, auto_accept: float = AUTO_ACCEPT
) -> CitationResult:
    """Fold step 1's location and step 2's answer into a verdict (the table on the docs site's Python API page).

    A missing quote or section is fabricated, with no confidence since no model was asked, and
    stands on its own. Otherwise the answer's relation picks the verdict, and the verdict stands on
    its own when the model's confidence is at least ``auto_accept`` and step 1 raised no flag (a
    fuzzy match, a misattributed section, an ellipsis gap...). A quote too short to place
    (``ambiguous``) is never verified: no model is asked, and it is ``unsupported`` with no
    confidence, for a person to review.
    """
    return CitationResult.folded(citation, location, answer, auto_accept=auto_accept)


def _check_auto_accept(auto_accept: float) -> None:
    if not 0.0 <= auto_accept <= 1.0:
        raise ValueError(f"auto_accept must be between 0 and 1, got {auto_accept}")


def _check_one(
    documents: tuple[Document, ...], citation: Citation, judge: Judge, auto_accept: float, options: MatchOptions
) -> CitationResult:
    location = route(documents, citation, options)
    answer = None
    if location.text is not None:
        try:
            answer = judge.judge(citation.claim, location.text)
        except Exception as error:
            raise judge_failure(citation, error) from error
        answer = checked_answer(citation, answer)
    return fold_verdict(citation, location, answer, auto_accept=auto_accept)


def check_citation(
    document: Sources,
    citation: CitationLike,
    *,
    judge: Judge | None = None,
    auto_accept: float = AUTO_ACCEPT,
    strict: bool = False,
    tiers: Sequence[Tier] | None = None,
) -> CitationResult:
    """Check one citation against a document (with the default `citecheck.Checker`, or the one these arguments make).

    Args:
        document: A parsed `Document`, a plain ``{section id: text}`` mapping, or several named
            documents (a citation names its own with ``document``; see `citecheck.matcher._routing`).
        citation: A `Citation`, or a mapping with ``id``, ``claim``, ``quote`` (a string or
            ``None``), ``section`` and, optionally, ``document``.
        judge: What answers step 2; defaults to a `TypeSafeJudge` with no cache.
        auto_accept: The confidence at and above which a verdict stands without review.
        strict: Match quotes as the cookbook does: exactly, after folding whitespace and curly
            quotes; anything else is fabricated (``Checker("cookbook")``).
        tiers: The tiers to run instead of the preset's (see `citecheck.matcher.locate`).

    Returns:
        The verdict, with its evidence.

    Raises:
        InvalidCitationError: The citation is missing a field or has one of the wrong type.
        JudgeError: Step 2 could not get an answer; the error names the citation.
        TypeError: One of ``tiers`` is not a `citecheck.matcher.Tier`.

    Examples:
        ```python
        result = check_citation({"2": "..."}, {"id": "c1", "claim": "...", "quote": None, "section": "2"})
        print(result.verdict, result.confidence, result.auto)
        ```
    """
    from citecheck._checker import checker_for  # the Checker is built on this module's steps

    return checker_for(judge, auto_accept, strict, tiers).check_citation(document, citation)


def _judge_or_default(judge: Judge | None) -> AbstractContextManager[Judge]:
    """The caller's judge as it is, or a default `TypeSafeJudge` closed after use."""
    return nullcontext(judge) if judge is not None else TypeSafeJudge()


def _concurrency(concurrency: int | None, workers: int | None) -> int:
    if concurrency is not None and workers is not None:
        raise ValueError("give concurrency= or its old name workers=, not both")
    if workers is not None:
        # stacklevel 3: the warning names the caller of check_citations, not this helper.
        warnings.warn("check_citations(workers=) is deprecated: use concurrency=", DeprecationWarning, stacklevel=3)
    chosen = concurrency if concurrency is not None else workers if workers is not None else DEFAULT_CONCURRENCY
    if chosen < 1:
        name = "concurrency" if concurrency is not None else "workers"
        raise ValueError(f"{name} must be at least 1, got {chosen}")
    return chosen


def check_citations(
    document: Sources,
    citations: Iterable[CitationLike],
    *,
    judge: Judge | AsyncJudge | None = None,
    auto_accept: float = AUTO_ACCEPT,
    strict: bool = False,
    tiers: Sequence[Tier] | None = None,
    concurrency: int | None = None,
    workers: int | None = None,
    progress: bool | None = None,
) -> BatchResults:
    """Check a batch of citations concurrently, keeping every result when some of them fail.

    The synchronous face of `acheck_citations`: it runs the batch on an event loop of its own (in
    a thread of its own when called from inside a running loop).

    Args:
        document: A parsed `Document`, a plain ``{section id: text}`` mapping, or several named
            documents.
        citations: The citations, as `Citation` objects or mappings.
        judge: What answers step 2; defaults to one `TypeSafeJudge` for the whole batch. A judge
            with an async ``ajudge`` is awaited; a plain `Judge` runs in threads.
        auto_accept: The confidence at and above which a verdict stands without review.
        strict: Match quotes as the cookbook does (see `check_citation`).
        tiers: The tiers to run instead of the preset's (see `citecheck.matcher.locate`).
        concurrency: Questions in flight at once (default `DEFAULT_CONCURRENCY`); 1 asks one at
            a time.
        workers: Deprecated (it warns): the old name of ``concurrency``.
        progress: Show a progress bar on stderr: ``None`` shows one for batches of 100 or more
            citations when stderr is a terminal, never when it is piped.

    Returns:
        One entry per citation, in input order: a `CitationResult`, or a `CitationFailure` that
        says why that citation could not be checked (a bad field, a failed call, an unexpected
        error), with step 1's evidence when it got that far. It is a list, with ``.totals``:
        verdict counts, reviews, calls made and answers replayed, tokens, seconds.

    Raises:
        BatchInterrupted: Ctrl-C stopped the batch; it carries what was checked and the ids of
            what is left. Every answer received so far is in the cache.
    """
    from citecheck._checker import checker_for  # the Checker is built on this module's steps

    chosen = _concurrency(concurrency, workers)
    checker = checker_for(judge, auto_accept, strict, tiers, chosen)
    return checker.check_citations(document, citations, progress=progress)


def run_sync(
    documents: tuple[Document, ...],
    citations: Sequence[CitationLike],
    judge: Judge | AsyncJudge | None,
    auto_accept: float,
    options: MatchOptions,
    concurrency: int,
    progress: bool | None,
) -> BatchResults:
    """A batch run to its end from synchronous code; Ctrl-C raises `BatchInterrupted` with what was checked."""
    run = RunState()
    try:
        return _run_to_end(
            lambda: run_checks(documents, citations, judge, auto_accept, options, concurrency, progress, run)
        )
    except KeyboardInterrupt:
        raise run.interrupted() from None


async def run_checks(
    documents: tuple[Document, ...],
    citations: Sequence[CitationLike],
    judge: Judge | AsyncJudge | None,
    auto_accept: float,
    options: MatchOptions,
    concurrency: int,
    progress: bool | None,
    run: RunState | None,
) -> BatchResults:
    """The batch both faces run, on documents already coerced: judge, and close what the batch opened.

    The synchronous face runs it on a loop of its own (``run`` is then given, to report an
    interruption), so the judge's async client is closed with that loop; on the caller's loop only a
    judge the batch made itself is closed. Each citation is coerced in the batch, so that a bad one
    is that citation's failure.
    """
    own_loop = run is not None
    owned, used = _judge_for_batch(judge)
    try:
        return await run_batch(
            documents,
            citations,
            used,
            partial(fold_verdict, auto_accept=auto_accept),
            options=options,
            concurrency=concurrency,
            progress=progress,
            run=run,
        )
    finally:
        if isinstance(used, TypeSafeJudge) and (own_loop or owned is not None):
            await used.aclose_loop()
        if owned is not None:
            owned.close()


def _judge_for_batch(judge: Judge | AsyncJudge | None) -> tuple[TypeSafeJudge | None, Judge | AsyncJudge]:
    """``(owned, used)``: the caller's judge as it is, or a default `TypeSafeJudge` the batch closes."""
    if judge is not None:
        return None, judge
    owned = TypeSafeJudge()
    return owned, owned


def _run_to_end(main: Callable[[], Coroutine[Any, Any, BatchResults]]) -> BatchResults:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(main())
    # Called from async code (a notebook): a loop cannot be nested, so the batch gets a thread.
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, main()).result()


async def acheck_citations(
    document: Sources,
    citations: Iterable[CitationLike],
    *,
    judge: Judge | AsyncJudge | None = None,
    auto_accept: float = AUTO_ACCEPT,
    strict: bool = False,
    tiers: Sequence[Tier] | None = None,
    concurrency: int | None = None,
    progress: bool | None = None,
) -> BatchResults:
    """Check a batch of citations concurrently from asyncio code; see `check_citations`.

    Cancelling the task cancels the questions in flight and re-raises `asyncio.CancelledError`;
    every answer received before is in the cache.

    Examples:
        ```python
        async def main() -> None:
            judge = TypeSafeJudge(cache="answers.sqlite", create=True)
            results = await acheck_citations(document, citations, judge=judge)
            print(results.totals)
        ```
    """
    from citecheck._checker import checker_for  # the Checker is built on this module's steps

    chosen = _concurrency(concurrency, None)
    checker = checker_for(judge, auto_accept, strict, tiers, chosen)
    return await checker.acheck_citations(document, citations, progress=progress)
