"""Properties over generated documents and citations (Hypothesis), fixed seed and bounded: fast and deterministic.

- only `CitecheckError` escapes the public functions;
- results round-trip through JSON and through the review queue (CSV and JSON Lines);
- every text output is well formed: JSON, JSON Lines, JUnit XML, CSV, one Markdown line per row.
"""

from __future__ import annotations

import csv
import io
import json
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import citecheck
from citecheck import (
    Checker,
    CitationFailure,
    CitationResult,
    CitecheckError,
    Document,
    MatchResult,
    Verdict,
    check_citation,
    check_citations,
    match_citation,
    match_citations,
    parse_text,
)
from citecheck._models import HumanDecision
from citecheck.cli._formats import RENDERERS, Style
from citecheck.cli._results import Report
from citecheck.matcher import find_quote, nearest_sections, resolve_section
from citecheck.review._decisions import decision_key, export_queue, import_queue
from citecheck.testing import StaticJudge

# derandomize: the same examples on every run and machine (no flaky CI); database=None: nothing is
# written next to the tests; the example counts keep the three under 10 s of CPU time.
PROPERTY = settings(
    derandomize=True,
    database=None,
    deadline=None,
    max_examples=60,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

CITECHECK_ERRORS = {
    name
    for name in citecheck.__all__
    if isinstance(getattr(citecheck, name), type) and issubclass(getattr(citecheck, name), CitecheckError)
}

# Characters that have broken text tools before: controls, line and paragraph separators, NUL,
# brackets and ellipses the matcher reads, dashes, quote marks, zero-width and BOM, non-ASCII letters.
AWKWARD = list("\x00\x1b\x07\r\t\x0c\x7f\x85\x9b\u2028\u2029\u200b\ufeff\ufffe\uffff")
AWKWARD += list("…\u2013\u2014\u2018\u2019\u201c\u201d§µßé²①")
PLAIN = list("abcdefghij ABC 0123456789 .,;:'\"-()[]/*_#=+@\n")
TEXT = st.text(alphabet=st.sampled_from(PLAIN + AWKWARD) | st.characters(exclude_categories=["Cs"]), max_size=60)
# "[1]" is a bracketed reference: one before the document's last word used to crash the loose tier.
WORDS = st.lists(
    st.sampled_from(["the", "token", "MUST", "be", "[1]", "(1)", "...", "not", "4.1", "key", "é"]), max_size=12
)


@st.composite
def documents(draw: st.DrawFn) -> tuple[str, str]:
    """A document's text in one of the formats the parsers read, with headings and prose."""
    fmt = draw(st.sampled_from(["markdown", "text", "rfc", "html"]))
    parts = []
    for number in range(1, draw(st.integers(1, 4)) + 1):
        title = draw(TEXT.filter(lambda t: "\n" not in t))
        body = " ".join(draw(WORDS)) + draw(TEXT)
        parts.append(
            {
                "markdown": f"# {number} {title}\n\n{body}\n",
                "text": f"{number}. {title}\n\n{body}\n",
                "rfc": f"{number}.  {title}\n\n   {body}\n",
                "html": f"<h2>{number} {title}</h2><p>{body}</p>",
            }[fmt]
        )
    return fmt, "\n".join(parts)


@st.composite
def citations(draw: st.DrawFn, text: str, document: Document | None) -> dict[str, Any]:
    """A citation whose quote and section are often taken from the document, sometimes made up."""
    if text and draw(st.booleans()):
        start = draw(st.integers(0, len(text) - 1))
        quote: str | None = text[start : start + draw(st.integers(0, 80))]
    else:
        quote = draw(st.none() | TEXT | WORDS.map(" ".join))
    ids = [section.id for section in document.sections] if document is not None else []
    section = draw(st.none() | TEXT | st.integers(-5, 50) | (st.sampled_from(ids) if ids else st.nothing()))
    return {"id": draw(TEXT), "claim": draw(TEXT), "quote": quote, "section": section}


JUDGE = StaticJudge(default=("supports", 0.9))


def _checked(data: st.DataObject) -> tuple[Document | None, list[MatchResult | CitationResult]]:
    """Parse a generated document, then match and check generated citations: only CitecheckError may escape."""
    fmt, text = data.draw(documents())
    try:
        document = parse_text(text, parser=fmt, name="doc")
    except CitecheckError:
        return None, []
    results: list[MatchResult | CitationResult] = []
    drawn = [data.draw(citations(text, document)) for _ in range(3)]
    for raw in drawn:
        try:
            resolve_section(document, str(raw["section"]))
            nearest_sections(document, str(raw["section"]))
            find_quote(document, str(raw["quote"]))
            results.append(match_citation(document, raw))
            results.append(check_citation(document, raw, judge=JUDGE))
        except CitecheckError:
            pass
    # A batch turns every failure into a CitationFailure: each must be one of ours, never an internal crash.
    for entry in [
        *match_citations(document, drawn),
        *check_citations(document, drawn, judge=JUDGE, checker=Checker(concurrency=1)),
    ]:
        assert not isinstance(entry, CitationFailure) or entry.error in CITECHECK_ERRORS, entry
    return document, results


@PROPERTY
@given(st.data())
def test_only_citecheck_errors_escape_and_results_round_trip_through_json(data: st.DataObject) -> None:
    _, results = _checked(data)
    for result in results:
        again = type(result).model_validate_json(result.model_dump_json())
        assert again == result


@PROPERTY
@given(st.data(), st.sampled_from([".csv", ".jsonl"]))
def test_results_round_trip_through_the_review_queue(data: st.DataObject, suffix: str) -> None:
    _, results = _checked(data)
    checked = [r for r in results if isinstance(r, CitationResult)]
    decided = [
        r.model_copy(
            update={"decision": HumanDecision(verdict=Verdict.UNSUPPORTED, model_verdict=r.verdict, note="by hand")}
        )
        for r in checked
    ]
    with tempfile.TemporaryDirectory() as folder:
        queue = Path(folder) / f"queue{suffix}"
        assert export_queue(decided, queue, everything=True) == len(decided)
        imported, blank = import_queue(queue)
    assert blank == 0
    assert [d.key for d in imported] == [decision_key(r.citation) for r in checked]
    assert [(d.id, d.claim, d.note) for d in imported] == [(r.id, r.citation.claim, "by hand") for r in checked]


@PROPERTY
@given(st.data(), st.booleans())
def test_every_text_output_is_well_formed(data: st.DataObject, judged: bool) -> None:
    document, results = _checked(data)
    if document is None:
        return
    kind = CitationResult if judged else MatchResult
    chosen: list[Any] = [r for r in results if isinstance(r, kind)]
    chosen.append(CitationFailure(position=len(chosen), id="bad\x1b]0;x\x07", error="JudgeCallError", message="m\x1b"))
    report = Report(
        documents=(document,), results=tuple(chosen), judged=judged, fail_on=frozenset({"error", "fabricated"})
    )
    rendered = {name: render(report, Style()) for name, render in RENDERERS.items() if name != "html"}
    json.loads(rendered["json"])
    lines = rendered["jsonl"].split("\n")
    assert [json.loads(line)["id"] for line in lines] == [r.id for r in chosen]
    suites = ET.fromstring(rendered["junit"].encode("utf-8"))
    assert len(list(suites.iter("testcase"))) == len(chosen)
    rows = list(csv.reader(io.StringIO(rendered["csv"], newline="")))
    assert len(rows) == len(chosen) + 1 and len({len(row) for row in rows}) == 1
    assert not any(cell.startswith(("=", "+", "-", "@", "\t", "\r")) for row in rows[1:] for cell in row)
    markdown_rows = [line for line in rendered["markdown"].split("\n") if line.startswith("| ")]
    assert len(markdown_rows) == len(chosen) + 1  # the header, then one line per result
    for name in ("table", "markdown", "csv", "junit"):
        assert not any(ch in rendered[name] for ch in "\x00\x1b\x07\x7f\x9b"), name
