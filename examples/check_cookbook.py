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

from citecheck import CitationResult, RFCParser, TypeSafeJudge, check_citation
from citecheck._report import format_summary, format_table


def main() -> None:
    fixtures = Path(sys.argv[1] if len(sys.argv) > 1 else os.environ.get("CITECHECK_FIXTURES", "../shared/fixtures"))
    data = fixtures / "citation_check"
    document = RFCParser().parse((data / "rfc7519.txt").read_text(encoding="utf-8"))
    citations = json.loads((data / "citations.json").read_text(encoding="utf-8"))
    judge = TypeSafeJudge(cache=data / "json_cache.json")

    results: list[CitationResult] = [check_citation(document, citation, judge=judge) for citation in citations]
    print(format_summary(document, len(citations)))
    print()
    print(format_table(results))

    # Every verdict keeps its evidence: where the quote is, and the exact source text.
    evidence = results[1].location
    if evidence.match:
        print(f"\n{results[1].id}: section {evidence.section}, characters {evidence.match.start}-{evidence.match.end}:")
        print(f"  {evidence.match.source_text!r}")


if __name__ == "__main__":
    main()
