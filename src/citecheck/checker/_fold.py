"""What one citation's outcome becomes: the verdict fold, and the failure a batch keeps instead of raising."""

from __future__ import annotations

from citecheck._models import Citation, CitationFailure, CitationResult, JudgeAnswer, Location
from citecheck.errors import CitecheckError, JudgeCallError, JudgeError

__all__ = ["AUTO_ACCEPT", "check_auto_accept", "checked_answer", "fold_verdict", "item_failure", "judge_failure"]

AUTO_ACCEPT = 0.8
"""The default confidence at and above which a verdict stands without review."""


def check_auto_accept(auto_accept: float) -> None:
    """Refuse a threshold outside 0..1.

    Raises:
        ValueError: ``auto_accept`` is not between 0 and 1.
    """
    if not 0.0 <= auto_accept <= 1.0:
        raise ValueError(f"auto_accept must be between 0 and 1, got {auto_accept}")


def fold_verdict(
    citation: Citation, location: Location, answer: JudgeAnswer | None, *, auto_accept: float = AUTO_ACCEPT
) -> CitationResult:
    """Fold step 1's location and step 2's answer into a verdict (the table on the docs site's Python API page).

    A missing quote or section is fabricated, with no confidence since no model was asked, and
    stands on its own. Otherwise the answer's relation picks the verdict, and the verdict stands on
    its own when the model's confidence is at least ``auto_accept`` and step 1 raised no flag (a
    fuzzy match, a misattributed section, an ellipsis gap, a number of the claim absent from the
    section...). A quote too short to place (``ambiguous``) is never verified: no model is asked,
    and it is ``unsupported`` with no confidence, for a person to review.
    """
    return CitationResult.folded(citation, location, answer, auto_accept=auto_accept)


def judge_failure(citation: Citation, error: BaseException) -> CitecheckError:
    """What a judge's exception becomes: a `JudgeError` naming the citation, or our own error as it is."""
    if isinstance(error, JudgeError):
        return error.for_citation(citation.id)
    if isinstance(error, CitecheckError):  # a cache that cannot record: already says what and where
        return error
    # A custom judge's own failure is this citation's failure, not the whole batch's.
    return JudgeCallError(f"the judge failed: {type(error).__name__}: {error}", citation=citation.id)


def checked_answer(citation: Citation, answer: object) -> JudgeAnswer:
    """``answer`` if it is a `JudgeAnswer`: a judge that returns nothing must not read as "says nothing"."""
    if not isinstance(answer, JudgeAnswer):
        raise JudgeCallError(f"the judge returned {type(answer).__name__}, not a JudgeAnswer", citation=citation.id)
    return answer


def item_failure(index: int, name: str, error: BaseException, location: Location | None = None) -> CitationFailure:
    """One citation's failure, whatever went wrong: named by the error when it names the citation, else ``name``.

    ``index`` is the citation's 0-based index in the batch; the failure's `position` counts from 1.

    Any exception, not only our own: one odd citation must not cost a batch the others' results.
    """
    named = getattr(error, "citation", None) if isinstance(error, CitecheckError) else None
    return CitationFailure(
        position=index + 1,
        id=named if isinstance(named, str) else name,
        error=type(error).__name__,
        message=str(error) or repr(error),
        location=location,
    )
