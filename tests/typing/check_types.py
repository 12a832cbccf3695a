"""Checked by ``mypy --strict`` in CI, never run: the public API's types as a user sees them."""

from typing_extensions import assert_type

from citecheck import (
    CitationFailure,
    CitationResult,
    Document,
    JudgeAnswer,
    Location,
    RFCParser,
    TypeSafeJudge,
    Verdict,
    check_citation,
    check_citations,
    find_quote,
    locate,
)
from citecheck.models import Citation


def check_api(document: Document, citation: Citation) -> None:
    assert_type(RFCParser().parse("text"), Document)
    assert_type(check_citation(document, citation), CitationResult)
    assert_type(check_citation({"1": "text"}, {"id": "c", "claim": "x", "section": "1"}), CitationResult)
    assert_type(check_citations(document, [citation]), list[CitationResult | CitationFailure])
    assert_type(find_quote(document, "quote"), str | None)
    assert_type(locate(document, citation), Location)
    assert_type(TypeSafeJudge(cache="cache.json").judge("claim", "section"), JudgeAnswer)
    result = check_citation(document, citation)
    assert_type(result.verdict, Verdict)
    assert_type(result.confidence, float | None)
