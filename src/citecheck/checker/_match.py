"""Step 1 in the check step: where each citation's quote is, and whether its section holds the claim's numbers.

`locate` is step 1 for every path (a check, a batch, a match, a provider answer, a partition of
rows): the matcher routes the citation to its document and section and runs the tiers; then, on
the section text the judge would read, the claim's numbers are checked (``claim_number_absent``),
before any model call. `MatchResult` is step 1's finding alone, with no model and no API key.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import ClassVar, TypeVar, Union

from pydantic import computed_field

from citecheck._models import (
    AmbiguousLocation,
    Citation,
    CitationFailure,
    DerivedFields,
    Document,
    FoundLocation,
    Location,
    MissingLocation,
    SectionOnlyLocation,
    Verdict,
    as_citation,
    citation_name,
)
from citecheck._types import CitationLike
from citecheck.checker._fold import item_failure
from citecheck.checker._numbers import absent_numbers
from citecheck.matcher import MatchOptions, locate_in

__all__ = ["MatchResult", "citation_list", "flag_claim_numbers", "locate", "match_all", "match_one"]


_Located = TypeVar("_Located", bound=Union[FoundLocation, MissingLocation, SectionOnlyLocation, AmbiguousLocation])


def flag_claim_numbers(claim: str, location: _Located) -> _Located:
    """``location``, flagged ``claim_number_absent`` when its section text lacks a number of ``claim``.

    A location with no text to read (missing, ambiguous) is returned as it is: there is nothing
    the judge would read, so nothing to hold the numbers.
    """
    if location.text is None:
        return location
    missing = absent_numbers(claim, location.text)
    if not missing or "claim_number_absent" in location.flags:
        return location
    flags = (*location.flags, "claim_number_absent")
    reason = location.reason.rstrip(".") + f"; the claim's {', '.join(missing)} is nowhere in the section read."
    return location.model_copy(update={"flags": flags, "reason": reason})  # type: ignore[return-value]  # Self of its own type


def locate(documents: tuple[Document, ...], citation: Citation, options: MatchOptions) -> Location:
    """Step 1 for one citation, on every path: route and search (the matcher), then check the claim's numbers."""
    return flag_claim_numbers(citation.claim, locate_in(documents, citation, options=options))


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


def match_one(documents: tuple[Document, ...], citation: Citation, options: MatchOptions) -> MatchResult:
    """Step 1 for one citation the entry point has coerced."""
    return MatchResult(citation=citation, location=locate(documents, citation, options))


def match_all(
    documents: tuple[Document, ...], citations: Sequence[CitationLike], options: MatchOptions
) -> list[MatchResult | CitationFailure]:
    """Step 1 for a batch: each citation coerced once, here, so that a bad one is its own failure."""
    results: list[MatchResult | CitationFailure] = []
    for position, raw in enumerate(citations):
        try:
            checked = as_citation(raw, position)
            results.append(MatchResult(citation=checked, location=locate(documents, checked, options)))
        except Exception as error:  # anything: one odd citation must not cost the batch (as in `run_batch`)
            results.append(item_failure(position, citation_name(raw, position), error))
    return results
