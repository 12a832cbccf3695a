"""Checked by ``mypy --strict`` in CI, never run: step 1 alone, as a user sees its types."""

from typing_extensions import assert_type

from citecheck import (
    Checker,
    CitationFailure,
    Document,
    Location,
    MatchResult,
    Verdict,
    match_citation,
    match_citations,
)


def check_matching(document: Document) -> None:
    citation = {"id": "c", "claim": "x", "quote": "q", "section": "1"}
    assert_type(match_citations(document, [citation]), list[MatchResult | CitationFailure])
    assert_type(
        match_citations([document, document], [citation], checker=Checker("cookbook")),
        list[MatchResult | CitationFailure],
    )
    result = match_citation(document, citation)
    assert_type(result.verdict, Verdict | None)
    assert_type(result.review, bool)
    assert_type(result.location, Location)
