"""Step 1 alone: where each citation's quote is, with no model and no API key."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import ClassVar

from pydantic import computed_field

from citecheck._batch import item_failure
from citecheck._models import (
    Citation,
    CitationFailure,
    DerivedFields,
    Document,
    Location,
    Verdict,
    as_citation,
    citation_name,
)
from citecheck._types import CitationLike, Sources
from citecheck.matcher._options import MatchOptions
from citecheck.matcher._routing import route
from citecheck.matcher._tiers import Tier

__all__ = ["MatchResult", "citation_list", "match_all", "match_citation", "match_citations", "match_one"]


def citation_list(citations: Iterable[CitationLike], function: str) -> list[CitationLike]:
    """The citations of a batch as a list, refusing one citation passed where a list is taken.

    Raises:
        TypeError: ``citations`` is a single citation (a mapping or a `Citation`), a string, or not
            iterable: iterating over it would check its keys or characters as citations.
    """
    if isinstance(citations, (Mapping, Citation)):
        raise TypeError(f"{function} takes a list of citations, got a single citation: pass a list, [citation]")
    if isinstance(citations, (str, bytes)) or not isinstance(citations, Iterable):
        raise TypeError(f"{function} takes a list of citations, got {type(citations).__name__}: pass a list")
    return list(citations)


class MatchResult(DerivedFields):
    """Step 1's finding on one citation, without a model: what a string match alone can decide.

    A quote that is not in the source (or a cited section that does not exist) is fabricated
    without asking anyone, as in a full check. Any other citation has no verdict: only the model
    can say whether its section supports the claim, so `verdict` is ``None`` rather than a guess.
    `id`, `status`, `verdict` and `review` are read from `citation` and `location`, so they cannot
    disagree with them; JSON output still carries them.
    """

    DERIVED: ClassVar[tuple[str, ...]] = ("id", "status", "verdict", "review")

    citation: Citation
    """The citation as checked."""
    location: Location
    """Step 1's evidence: the cited and the found section, the match's tier, offsets and source text."""

    @computed_field  # type: ignore[prop-decorator]
    @property
    def verdict(self) -> Verdict | None:
        """``fabricated`` when step 1 decides it (status ``missing``); ``None`` otherwise.

        Only the model can say verified, unsupported or contradicted.
        """
        return Verdict.FABRICATED if self.location.status == "missing" else None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def review(self) -> bool:
        """Whether a person must look whatever a model would say: a flag, or a quote too short to place."""
        return self.location.status == "ambiguous" or self.location.needs_review


def match_citation(
    document: Sources, citation: CitationLike, *, strict: bool = False, tiers: Sequence[Tier] | None = None
) -> MatchResult:
    """Run step 1 alone on one citation: locate its quote, with no model.

    Args:
        document: A parsed `Document`, a plain ``{section id: text}`` mapping, or several named
            documents.
        citation: A `Citation`, or a mapping with ``id``, ``claim``, ``quote`` and ``section``.
        strict: Match quotes as the cookbook does (see `check_citation`).
        tiers: The tiers to run instead of the preset's (see `citecheck.matcher.locate`).

    Returns:
        Where the quote is, and the verdict when step 1 alone decides it (``fabricated``).

    Raises:
        InvalidCitationError: The citation is missing a field or has one of the wrong type.
    """
    from citecheck._checker import checker_for  # the Checker is built on this module's steps

    return checker_for(None, None, strict, tiers).match_citation(document, citation)


def match_citations(
    document: Sources, citations: Iterable[CitationLike], *, strict: bool = False, tiers: Sequence[Tier] | None = None
) -> list[MatchResult | CitationFailure]:
    """Run step 1 alone on a batch, keeping every result when some citations are invalid.

    Args:
        document: A parsed `Document`, a plain ``{section id: text}`` mapping, or several named
            documents.
        citations: The citations, as a list of `Citation` objects or mappings.
        strict: Match quotes as the cookbook does (see `check_citation`).
        tiers: The tiers to run instead of the preset's (see `citecheck.matcher.locate`).

    Returns:
        One entry per citation, in input order: a `MatchResult`, or a `CitationFailure` for a
        citation that could not be read or located.

    Raises:
        TypeError: ``citations`` is a single citation, not a list of them.
    """
    from citecheck._checker import checker_for  # the Checker is built on this module's steps

    return checker_for(None, None, strict, tiers).match_citations(document, citations)


def match_one(documents: tuple[Document, ...], citation: Citation, options: MatchOptions) -> MatchResult:
    """Step 1 for one citation the entry point has coerced."""
    return MatchResult(citation=citation, location=route(documents, citation, options))


def match_all(
    documents: tuple[Document, ...], citations: Sequence[CitationLike], options: MatchOptions
) -> list[MatchResult | CitationFailure]:
    """Step 1 for a batch: each citation coerced once, here, so that a bad one is its own failure."""
    results: list[MatchResult | CitationFailure] = []
    for position, raw in enumerate(citations):
        try:
            checked = as_citation(raw, position)
            results.append(MatchResult(citation=checked, location=route(documents, checked, options)))
        except Exception as error:  # anything: one odd citation must not cost the batch (as in `run_batch`)
            results.append(item_failure(position, citation_name(raw, position), error))
    return results
