"""One projection of a result (`citecheck.checker.view`), and every output reading the same one."""

from __future__ import annotations

import csv
import io
import json
import re
from typing import Any

import pytest

from citecheck import CitationFailure, CitationResult, Document, check_citations, match_citations
from citecheck.checker import GATES, Result, gates_hit, view
from citecheck.cli._formats import RENDERERS, Style
from citecheck.cli._results import Report
from citecheck.providers._report import _label
from citecheck.review import apply_decisions, render_html
from citecheck.review._decisions import StoredDecision, decision_key, evidence_fingerprint
from citecheck.testing import StaticJudge

DOCUMENT = Document.from_sections(
    {
        "1": "The issuer MUST sign every token with its private key before sending it.",
        "2": "Audiences are listed in the aud claim of the token.",
    }
)
QUOTE = "The issuer MUST sign every token with its private key before sending it."
CITATIONS: list[dict[str, Any]] = [
    {"id": "stands", "claim": "Tokens are signed.", "quote": QUOTE, "section": "1"},
    {"id": "unsure", "claim": "Audiences are listed.", "quote": None, "section": "2"},
    {"id": "flagged", "claim": "Tokens are signed, twice.", "quote": QUOTE, "section": "2"},
    {"id": "made-up", "claim": "Tokens are encrypted.", "quote": "Every token is encrypted twice over", "section": "1"},
    {"id": "short", "claim": "Signing.", "quote": "The issuer", "section": "2"},
    {"id": "unanswered", "claim": "No answer is recorded for this.", "quote": None, "section": "1"},
    {"id": "broken", "claim": "", "quote": None, "section": "1"},
]
JUDGE = StaticJudge(
    {
        "Tokens are signed.": ("supports", 0.95),
        "Audiences are listed.": ("supports", 0.5),
        "Tokens are signed, twice.": ("supports", 0.95),
        "Signing.": ("supports", 0.95),
    }
)


def _decide(results: list[CitationResult | CitationFailure]) -> list[CitationResult | CitationFailure]:
    unsure = next(r for r in results if isinstance(r, CitationResult) and r.id == "unsure")
    stored = StoredDecision(
        key=decision_key(unsure.citation),
        id=unsure.id,
        claim=unsure.citation.claim,
        quote=unsure.citation.quote,
        document=unsure.citation.document,
        section=unsure.citation.section,
        evidence=evidence_fingerprint(unsure),
        model_verdict=unsure.verdict,
        confidence=unsure.confidence,
        verdict="contradicted",
        decided_at="2026-12-01T12:00:00+00:00",
    )
    return apply_decisions(results, [stored])[0]


def _checked() -> list[Result]:
    results = list(check_citations(DOCUMENT, CITATIONS, judge=JUDGE))
    return [*_decide(results)]


def _matched() -> list[Result]:
    return [*match_citations(DOCUMENT, CITATIONS)]


@pytest.mark.parametrize(
    ("run", "expected"),
    [
        (
            _checked,
            {
                "stands": ("checked", "verified", "auto"),
                "unsure": ("checked", "contradicted", "human"),  # a person decided against the model
                "flagged": ("checked", "verified", "review"),  # misattributed_section
                "made-up": ("checked", "fabricated", "auto"),
                "short": ("checked", "unsupported", "review"),  # too short to place: no model asked
                "unanswered": ("failed", None, None),  # step 2 failed after step 1 located it
                "broken": ("failed", None, None),  # not a citation: its claim is empty
            },
        ),
        (
            _matched,
            {
                "stands": ("matched", None, "judge"),
                "unsure": ("matched", None, "judge"),
                "flagged": ("matched", None, "review"),
                "made-up": ("matched", "fabricated", "auto"),
                "short": ("matched", None, "review"),
                "unanswered": ("matched", None, "judge"),
                "broken": ("failed", None, None),
            },
        ),
    ],
)
def test_each_kind_of_result_projects_once(run: Any, expected: dict[str, tuple[str, str | None, str | None]]) -> None:
    seen = {v.id: (v.outcome, v.verdict.value if v.verdict else None, v.action) for v in map(view, run())}
    assert seen == expected


def test_a_failure_keeps_the_location_step_one_found() -> None:
    failures = {v.id: v for v in map(view, _checked()) if v.failure is not None}
    assert failures["unanswered"].location is not None and failures["unanswered"].location.status == "section-only"
    assert failures["broken"].location is None and failures["broken"].citation is None


def _csv_actions(report: Report) -> dict[str, str]:
    rows = csv.DictReader(io.StringIO(RENDERERS["csv"](report, Style())))
    return {row["id"]: row["action"] for row in rows}


def _card_actions(results: list[Result]) -> dict[str, str]:
    page = render_html(results, DOCUMENT)
    return dict(re.findall(r'data-id="([^"]+)" data-verdict="[^"]+" data-action="([^"]+)"', page))


@pytest.mark.parametrize("run", [_checked, _matched])
def test_every_output_reads_the_same_action(run: Any) -> None:
    # The table, CSV, JSON Lines, the gates, the HTML report's cards and the provider answer's links
    # all say what a result asks for from the one projection: none may tell another story.
    results = run()
    report = Report((DOCUMENT,), tuple(results), judged=run is _checked, fail_on=frozenset(GATES))
    actions = {v.id: v.action for v in map(view, results)}
    assert _csv_actions(report) == {rid: action or "" for rid, action in actions.items()}
    assert _card_actions(results) == {rid: action for rid, action in actions.items() if action is not None}
    for result in results:
        action = actions[result.id]
        assert ("review" in gates_hit(result)) == (action == "review"), result.id
        assert ("review" in _label(view(result))) == (action == "review"), result.id
    entries = [json.loads(line) for line in RENDERERS["jsonl"](report, Style()).splitlines()]
    assert [entry["outcome"] for entry in entries] == [v.outcome for v in map(view, results)]
