"""The module-level functions: thin, one-way calls on a `Checker`, as httpx's ``_api.py`` calls ``Client``.

Each takes ``checker=`` (by default `DEFAULT_CHECKER`: the default preset, a `TypeSafeJudge` per
check) and, as a shortcut, ``judge=``, which replaces the checker's judge for that call. How quotes
match, when a verdict stands and how many questions are in flight are the checker's: build one
(``Checker("cookbook", auto_accept=0.9, concurrency=8)``) rather than passing them loose.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from citecheck._models import CitationFailure, CitationResult
from citecheck._types import CitationLike, Sources
from citecheck.checker._batch import BatchResults
from citecheck.checker._checker import Checker, chosen_checker
from citecheck.checker._match import MatchResult

if TYPE_CHECKING:
    from citecheck.judge import AsyncJudge, Judge

__all__ = ["acheck_citations", "check_citation", "check_citations", "match_citation", "match_citations"]


def check_citation(
    document: Sources, citation: CitationLike, *, judge: Judge | None = None, checker: Checker | None = None
) -> CitationResult:
    """Check one citation against a document.

    Args:
        document: A parsed `Document`, a plain ``{section id: text}`` mapping, or several named
            documents (a citation names its own with ``document``; see `citecheck.matcher.locate_in`).
        citation: A `Citation`, or a mapping with ``id``, ``claim``, ``quote`` (a string or
            ``None``), ``section`` and, optionally, ``document``.
        judge: What answers step 2, instead of the checker's; by default a `TypeSafeJudge` with
            no cache.
        checker: How to check: the preset and tiers, the auto-accept threshold, the judge (by
            default `DEFAULT_CHECKER`; ``Checker("cookbook")`` matches as the cookbook does).

    Returns:
        The verdict, with its evidence.

    Raises:
        InvalidCitationError: The citation is missing a field or has one of the wrong type.
        JudgeError: Step 2 could not get an answer; the error names the citation.

    Examples:
        ```python
        result = check_citation({"2": "..."}, {"id": "c1", "claim": "...", "quote": None, "section": "2"})
        print(result.verdict, result.confidence, result.auto)
        ```
    """
    return chosen_checker(checker, judge).check_citation(document, citation)


def check_citations(
    document: Sources,
    citations: Iterable[CitationLike],
    *,
    judge: Judge | AsyncJudge | None = None,
    checker: Checker | None = None,
    progress: bool | None = None,
) -> BatchResults:
    """Check a batch of citations concurrently, keeping every result when some of them fail.

    The synchronous face of `acheck_citations`: it runs the batch on an event loop of its own (in
    a thread of its own when called from inside a running loop).

    Args:
        document: A parsed `Document`, a plain ``{section id: text}`` mapping, or several named
            documents.
        citations: The citations, as `Citation` objects or mappings.
        judge: What answers step 2, instead of the checker's; by default one `TypeSafeJudge` for
            the whole batch. A judge with an async ``ajudge`` is awaited; a plain `Judge` runs in
            threads.
        checker: How to check (see `check_citation`); its ``concurrency`` is the questions in
            flight at once (1 asks one at a time).
        progress: Show a progress bar on stderr: ``None`` shows one for batches of 100 or more
            citations when stderr is a terminal, never when it is piped.

    Returns:
        One entry per citation, in input order: a `CitationResult`, or a `CitationFailure` that
        says why that citation could not be checked (a bad field, a failed call, an unexpected
        error), with step 1's evidence when it got that far. A read-only sequence, with
        ``.totals``: verdict counts, reviews, calls made and answers replayed, tokens, seconds.

    Raises:
        BatchInterrupted: Ctrl-C stopped the batch; it carries what was checked and the ids of
            what is left. Every answer received so far is in the cache.
    """
    return chosen_checker(checker, judge).check_citations(document, citations, progress=progress)


async def acheck_citations(
    document: Sources,
    citations: Iterable[CitationLike],
    *,
    judge: Judge | AsyncJudge | None = None,
    checker: Checker | None = None,
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
    return await chosen_checker(checker, judge).acheck_citations(document, citations, progress=progress)


def match_citation(document: Sources, citation: CitationLike, *, checker: Checker | None = None) -> MatchResult:
    """Run step 1 alone on one citation: locate its quote, with no model.

    Args:
        document: A parsed `Document`, a plain ``{section id: text}`` mapping, or several named
            documents.
        citation: A `Citation`, or a mapping with ``id``, ``claim``, ``quote`` and ``section``.
        checker: How quotes match (see `check_citation`); its judge is not asked.

    Returns:
        Where the quote is, and the verdict when step 1 alone decides it (``fabricated``).

    Raises:
        InvalidCitationError: The citation is missing a field or has one of the wrong type.
    """
    return chosen_checker(checker).match_citation(document, citation)


def match_citations(
    document: Sources, citations: Iterable[CitationLike], *, checker: Checker | None = None
) -> list[MatchResult | CitationFailure]:
    """Run step 1 alone on a batch, keeping every result when some citations are invalid.

    Args:
        document: A parsed `Document`, a plain ``{section id: text}`` mapping, or several named
            documents.
        citations: The citations, as a list of `Citation` objects or mappings.
        checker: How quotes match (see `check_citation`); its judge is not asked.

    Returns:
        One entry per citation, in input order: a `MatchResult`, or a `CitationFailure` for a
        citation that could not be read or located.

    Raises:
        TypeError: ``citations`` is a single citation, not a list of them.
    """
    return chosen_checker(checker).match_citations(document, citations)
