"""Checked by ``mypy --strict`` in CI, never run: the review report's and round trip's types as a user sees them."""

from typing_extensions import assert_type

from citecheck import CitationFailure, CitationResult, Document, Verdict, check_citations
from citecheck.review import HumanDecision, apply_decisions, load_decisions, render_html


def check_review(document: Document) -> None:
    results = check_citations(document, [])
    assert_type(render_html(results, document), str)
    assert_type(render_html(results, [document], totals={"model calls made": 0}, model=None), str)
    applied, report = apply_decisions(results, load_decisions("decisions.json"))
    assert_type(applied, list[CitationResult | CitationFailure])
    assert_type(report.applied, list[str])
    for result in applied:
        if isinstance(result, CitationResult) and result.decision is not None:
            assert_type(result.decision, HumanDecision)
            assert_type(result.decision.model_verdict, Verdict)
