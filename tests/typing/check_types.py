"""Checked by ``mypy --strict`` in CI, never run: the public API's types as a user sees them."""

from typing_extensions import assert_type

from citecheck import (
    BatchResults,
    BatchTotals,
    Checker,
    CitationFailure,
    CitationResult,
    Document,
    JudgeAnswer,
    Location,
    TypeSafeJudge,
    Verdict,
    acheck_citations,
    check_citation,
    check_citations,
    fold_verdict,
)
from citecheck._models import Citation
from citecheck.matcher import MatchTier, WordDiff, find_quote, locate, locate_in
from citecheck.parsers import RFCParser


def check_api(document: Document, citation: Citation) -> None:
    assert_type(RFCParser().parse("text"), Document)
    assert_type(check_citation(document, citation), CitationResult)
    assert_type(check_citation({"1": "text"}, {"id": "c", "claim": "x", "section": "1"}), CitationResult)
    assert_type(check_citations(document, [citation]), BatchResults)
    assert_type(check_citations(document, [citation]).totals, BatchTotals)
    assert_type(check_citations(document, [citation])[0], CitationResult | CitationFailure)
    assert_type(find_quote(document, "quote"), str | None)
    assert_type(locate(document, citation), Location)
    assert_type(TypeSafeJudge(cache="cache.json").judge("claim", "section"), JudgeAnswer)
    result = check_citation(document, citation)
    assert_type(result.verdict, Verdict)
    assert_type(result.confidence, float | None)
    assert_type(
        check_citations([document, document], [citation], checker=Checker("cookbook", concurrency=2)),
        BatchResults,
    )
    assert_type(locate_in([document], citation), Location)
    assert_type(locate_in({"1": "text"}, {"id": "c", "claim": "x", "quote": None, "section": "1"}), Location)
    assert_type(find_quote({"1": "text"}, "quote"), str | None)
    assert_type(fold_verdict(citation, locate(document, citation), None), CitationResult)
    match = locate(document, citation).match
    if match is not None:
        assert_type(match.tier, MatchTier)
        assert_type(match.differences, tuple[WordDiff, ...])


async def check_async(document: Document, citation: Citation) -> None:
    assert_type(await acheck_citations(document, [citation], checker=Checker(concurrency=8)), BatchResults)
    assert_type(await TypeSafeJudge().ajudge("claim", "section"), JudgeAnswer)
