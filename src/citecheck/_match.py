"""Step 1 alone: where each citation's quote is, with no model and no API key."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import ClassVar

from pydantic import computed_field

from citecheck._batch import item_failure
from citecheck._models import (
    Citation,
    CitationFailure,
    DerivedFields,
    Location,
    Verdict,
    as_citation,
    citation_name,
)
from citecheck._types import CitationLike, Sources
from citecheck.matcher._routing import as_documents, locate_in

__all__ = ["MatchResult", "citation_list", "match_citation", "match_citations"]


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


def match_citation(document: Sources, citation: CitationLike, *, strict: bool = False) -> MatchResult:
    """Run step 1 alone on one citation: locate its quote, with no model.

    Args:
        document: A parsed `Document`, a plain ``{section id: text}`` mapping, or several named
            documents.
        citation: A `Citation`, or a mapping with ``id``, ``claim``, ``quote`` and ``section``.
        strict: Match quotes as the cookbook does (see `check_citation`).

    Returns:
        Where the quote is, and the verdict when step 1 alone decides it (``fabricated``).

    Raises:
        InvalidCitationError: The citation is missing a field or has one of the wrong type.
    """
    checked = as_citation(citation)
    return MatchResult(citation=checked, location=locate_in(as_documents(document), checked, strict=strict))


def match_citations(
    document: Sources, citations: Iterable[CitationLike], *, strict: bool = False
) -> list[MatchResult | CitationFailure]:
    """Run step 1 alone on a batch, keeping every result when some citations are invalid.

    Args:
        document: A parsed `Document`, a plain ``{section id: text}`` mapping, or several named
            documents.
        citations: The citations, as a list of `Citation` objects or mappings.
        strict: Match quotes as the cookbook does (see `check_citation`).

    Returns:
        One entry per citation, in input order: a `MatchResult`, or a `CitationFailure` for a
        citation that could not be read or located.

    Raises:
        TypeError: ``citations`` is a single citation, not a list of them.
    """
    documents = as_documents(document)
    results: list[MatchResult | CitationFailure] = []
    for position, raw in enumerate(citation_list(citations, "match_citations")):
        try:
            checked = as_citation(raw, position)
            results.append(MatchResult(citation=checked, location=locate_in(documents, checked, strict=strict)))
        except Exception as error:  # anything: one odd citation must not cost the batch (as in `run_batch`)
            results.append(item_failure(position, citation_name(raw, position), error))
    return results
