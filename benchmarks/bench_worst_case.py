"""Worst-case quotes: how much longer they take to place than an ordinary quote, in one run.

Run from the repository root:

    python benchmarks/bench_worst_case.py

Each case times `locate` on a quote built to be slow (a 20,000-word quote; an ellipsis of many
fragments that repeat throughout the section; two pieces of common words that no chain places, so
the search over far gaps runs too) and, as the baseline in the same run, on an ordinary quote of
the same document. It prints both times and the ratio, and checks each worst case
against its budget (the limits the unit tests used to assert, now measured here instead). The exit
code is 1 when a case is over budget.
"""

from __future__ import annotations

import sys
from pathlib import Path

from _timing import best_of

from citecheck import Citation, Document
from citecheck.matcher import locate
from citecheck.parsers import RFCParser

REPEATS = 3


def case(name: str, document: Document, slow: str, ordinary: str, budget: float) -> bool:
    def timed(quote: str) -> float:
        return best_of(lambda: locate(document, Citation(id="q", claim="-", quote=quote, section="1")), REPEATS)

    baseline, worst = timed(ordinary), timed(slow)
    within = worst < budget
    print(
        f"{name:<38} ordinary {baseline * 1000:8.1f} ms   worst {worst * 1000:8.1f} ms   "
        f"ratio {worst / baseline:7.1f}x   budget {budget:.1f} s  {'ok' if within else 'OVER'}"
    )
    return within


def main() -> int:
    sample = RFCParser().parse((Path(__file__).parents[1] / "tests" / "data" / "rfc_sample.txt").read_text())
    ordinary = "Widgets are exchanged as JSON objects.  A peer MUST NOT send a widget"
    repeated = Document.from_sections({"1": "alpha " + "the " * 3000 + "zebra."})
    results = [
        case("a 20,000-word quote", sample, "the widget " * 20_000, ordinary, budget=2.0),
        case(
            "an ellipsis of 13 repeated parts",
            repeated,
            "alpha ... " + "the ... " * 12 + "zebra",
            "alpha the the the the",
            5.0,
        ),
        # Pieces of four common words, far apart: the second search, over 3,000 words, is tried too.
        case(
            "an ellipsis of common pieces, unplaced",
            Document.from_sections({"1": "the value of the key " * 6000}),
            "the value of the key ... the value of the lock",
            "the value of the key the value",
            5.0,
        ),
    ]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
