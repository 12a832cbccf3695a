"""Check the cookbook's 8 citations against RFC 7519, replaying the recorded answers.

Run from the repository root:

    python examples/check_cookbook.py [FIXTURES]

FIXTURES defaults to $CITECHECK_FIXTURES, then ../shared/fixtures.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from citecheck import CitationResult, Document, TypeSafeJudge, check_citation
from citecheck.parsers import RFCParser


def summary(document: Document, citations: int) -> str:
    """The cookbook's first line, from the document's public fields."""
    sections = len(document.numbered_sections)
    return f"{len(document.text):,} characters, {sections} numbered sections, {citations} citations"


def table(results: list[CitationResult]) -> str:
    """The cookbook's table, one row per citation, from each result's public fields.

    `citecheck check` prints the same table (and JSON, CSV, Markdown, JUnit or HTML: see --format).
    """
    lines = [f"{'citation':<18}{'quote':<14}{'relation':<14}{'conf':>6}  {'verdict':<13}{'action':>7}"]
    for result in results:
        relation = result.answer.choice if result.answer else "-"
        confidence = f"{result.confidence:.2f}" if result.confidence is not None else "-"
        action = "auto" if result.auto else "review"
        lines.append(
            f"{result.id:<18}{result.location.status:<14}{relation:<14}{confidence:>6}  "
            f"{result.verdict.value:<13}{action:>7}"
        )
    return "\n".join(lines)


def main() -> None:
    fixtures = Path(sys.argv[1] if len(sys.argv) > 1 else os.environ.get("CITECHECK_FIXTURES", "../shared/fixtures"))
    data = fixtures / "citation_check"
    document = RFCParser().parse((data / "rfc7519.txt").read_text(encoding="utf-8"))
    citations = json.loads((data / "citations.json").read_text(encoding="utf-8"))
    judge = TypeSafeJudge(cache=data / "json_cache.json")

    results: list[CitationResult] = [check_citation(document, citation, judge=judge) for citation in citations]
    print(summary(document, len(citations)))
    print()
    print(table(results))

    # Every verdict keeps its evidence: where the quote is, and the exact source text.
    evidence = results[1].location
    if evidence.match:
        print(f"\n{results[1].id}: section {evidence.section}, characters {evidence.match.start}-{evidence.match.end}:")
        print(f"  {evidence.match.source_text!r}")


if __name__ == "__main__":
    main()
