"""The facade: check citations against a document and fold both steps into a verdict."""

from __future__ import annotations

from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager, nullcontext

from citecheck._errors import CitecheckError, JudgeCallError, JudgeError
from citecheck._judge import Judge, TypeSafeJudge
from citecheck._matching import citation_list
from citecheck._models import (
    Citation,
    CitationFailure,
    CitationResult,
    Document,
    JudgeAnswer,
    Location,
    Verdict,
    as_citation,
    citation_name,
)
from citecheck._routing import as_documents, locate_in
from citecheck._types import CitationLike, Sources

__all__ = ["AUTO_ACCEPT", "check_citation", "check_citations", "fold_verdict"]

AUTO_ACCEPT = 0.8
"""The default confidence at and above which a verdict stands without review."""

_RELATION_TO_VERDICT = {
    "supports": Verdict.VERIFIED,
    "contradicts": Verdict.CONTRADICTED,
    "says_nothing": Verdict.UNSUPPORTED,
}


def fold_verdict(
    citation: Citation, location: Location, answer: JudgeAnswer | None, *, auto_accept: float = AUTO_ACCEPT
) -> CitationResult:
    """Fold step 1's location and step 2's answer into a verdict (the table in the README).

    A missing quote or section is fabricated, with no confidence since no model was asked, and
    stands on its own. Otherwise the answer's relation picks the verdict, and the verdict stands on
    its own when the model's confidence is at least ``auto_accept`` and step 1 did not ask for a
    person (a fuzzy match). A quote too short to place (``ambiguous``) is never verified: no model
    is asked, and it is ``unsupported`` with no confidence, for a person to review.
    """
    judged = location.status in ("found", "section-only") and answer is not None
    if location.status == "missing":
        verdict, auto = Verdict.FABRICATED, True
    elif answer is None or not judged:
        verdict, auto = Verdict.UNSUPPORTED, False
    else:
        verdict = _RELATION_TO_VERDICT[answer.choice]
        auto = answer.confidence >= auto_accept and not location.needs_review and not location.flags
    return CitationResult(
        answer=answer if judged else None,
        verdict=verdict,
        auto=auto,
        citation=citation,
        location=location,
    )


def _check_auto_accept(auto_accept: float) -> None:
    if not 0.0 <= auto_accept <= 1.0:
        raise ValueError(f"auto_accept must be between 0 and 1, got {auto_accept}")


def _check_one(
    documents: tuple[Document, ...], citation: Citation, judge: Judge, auto_accept: float, *, strict: bool
) -> CitationResult:
    return _judge_located(citation, locate_in(documents, citation, strict=strict), judge, auto_accept)


def _judge_located(citation: Citation, location: Location, judge: Judge, auto_accept: float) -> CitationResult:
    answer = None
    if location.text is not None:
        try:
            answer = judge.judge(citation.claim, location.text)
        except JudgeError as error:
            raise error.for_citation(citation.id) from error.__cause__
        except Exception as error:
            # A custom judge's own failure is this citation's failure, not the whole batch's.
            raise JudgeCallError(f"the judge failed: {type(error).__name__}: {error}", citation=citation.id) from error
        if not isinstance(answer, JudgeAnswer):
            # A custom judge that returns nothing must not read as "the section says nothing".
            raise JudgeCallError(f"the judge returned {type(answer).__name__}, not a JudgeAnswer", citation=citation.id)
    return fold_verdict(citation, location, answer, auto_accept=auto_accept)


def check_citation(
    document: Sources,
    citation: CitationLike,
    *,
    judge: Judge | None = None,
    auto_accept: float = AUTO_ACCEPT,
    strict: bool = False,
) -> CitationResult:
    """Check one citation against a document.

    Args:
        document: A parsed `Document`, a plain ``{section id: text}`` mapping, or several named
            documents (a citation names its own with ``document``; see `citecheck._routing`).
        citation: A `Citation`, or a mapping with ``id``, ``claim``, ``quote`` (a string or
            ``None``), ``section`` and, optionally, ``document``.
        judge: What answers step 2; defaults to a `TypeSafeJudge` with no cache.
        auto_accept: The confidence at and above which a verdict stands without review.
        strict: Match quotes as the cookbook does: exactly, after folding whitespace and curly
            quotes; anything else is fabricated.

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
    _check_auto_accept(auto_accept)
    checked = as_citation(citation)
    documents = as_documents(document)
    with _judge_or_default(judge) as chosen:
        return _check_one(documents, checked, chosen, auto_accept, strict=strict)


def _judge_or_default(judge: Judge | None) -> AbstractContextManager[Judge]:
    """The caller's judge as it is, or a default `TypeSafeJudge` closed after use."""
    return nullcontext(judge) if judge is not None else TypeSafeJudge()


def check_citations(
    document: Sources,
    citations: Iterable[CitationLike],
    *,
    judge: Judge | None = None,
    auto_accept: float = AUTO_ACCEPT,
    strict: bool = False,
    workers: int = 1,
) -> list[CitationResult | CitationFailure]:
    """Check a batch of citations, keeping every result when some of them fail.

    Args:
        document: A parsed `Document`, a plain ``{section id: text}`` mapping, or several named
            documents.
        citations: The citations, as `Citation` objects or mappings.
        judge: What answers step 2; defaults to one `TypeSafeJudge` for the whole batch.
        auto_accept: The confidence at and above which a verdict stands without review.
        strict: Match quotes as the cookbook does (see `check_citation`).
        workers: How many citations to check at once (threads; the judge calls dominate).

    Returns:
        One entry per citation, in input order: a `CitationResult`, or a `CitationFailure` that
        says why that citation could not be checked (a bad field, a failed call).
    """
    _check_auto_accept(auto_accept)
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    parsed = as_documents(document)
    items = list(enumerate(citation_list(citations, "check_citations")))
    with _judge_or_default(judge) as chosen:
        return _check_batch(parsed, items, chosen, auto_accept, strict=strict, workers=workers)


def _check_batch(
    documents: tuple[Document, ...],
    items: list[tuple[int, CitationLike]],
    judge: Judge,
    auto_accept: float,
    *,
    strict: bool,
    workers: int,
) -> list[CitationResult | CitationFailure]:
    def run(item: tuple[int, CitationLike]) -> CitationResult | CitationFailure:
        position, raw = item
        location = None
        try:
            citation = as_citation(raw, position)
            location = locate_in(documents, citation, strict=strict)
            return _judge_located(citation, location, judge, auto_accept)
        except CitecheckError as error:
            # Step 1's evidence is kept: a failed judge call still says where the quote is.
            name = getattr(error, "citation", None) or citation_name(raw, position)
            return CitationFailure(
                position=position, id=name, error=type(error).__name__, message=str(error), location=location
            )

    if workers == 1:
        return [run(item) for item in items]
    with ThreadPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(run, items))
