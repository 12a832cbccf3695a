"""Growth of parsing and of section references: each case against a run 8 times smaller, in one process.

Run from the repository root:

    python benchmarks/bench_sections.py            # the default sizes (about a minute)
    python benchmarks/bench_sections.py --small    # sizes 8 times smaller, for a quick look

Each case times a run of size n and one of size 8n, best of a few, and prints both and their ratio.
A linear cost gives about 8x; a quadratic one about 64x. Cases:

- ``repeated headings``: n Markdown headings that all read ``## Fixed``, so every id after the
  first is ``fixed-N`` (plain text and HTML take the same `unique` rule);
- ``distinct headings``: the same with n different headings, the baseline for the first;
- ``missing reference``: a reference of n kilobytes to a section that does not exist, resolved
  and given its nearest sections, on a document of many sections (the reference's cost must stop
  growing with its length).

The exit code is 1 when a case grows more than `LIMIT` times over an 8 times larger run.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from _timing import best_of

from citecheck import Document, Section
from citecheck.matcher import resolve_section
from citecheck.matcher._references import nearest_sections
from citecheck.parsers import HTMLDocumentParser, MarkdownParser, PlainTextParser

REPEATS = 3
SCALE = 8
LIMIT = 16.0  # growth over an 8x larger run: linear is about 8x, quadratic about 64x


def titled_document(count: int) -> Document:
    sections, pieces, offset = [], [], 0
    for number in range(count):
        body = f"Claim rules {number}\nThe rules of claim {number}."
        sections.append(
            Section(
                id=f"rules-{number}",
                title=f"Claim rules {number}",
                kind="heading",
                text=body,
                start=offset,
                end=offset + len(body),
            )
        )
        pieces.append(body)
        offset += len(body) + 2
    return Document(text="\n\n".join(pieces), sections=tuple(sections))


def case(name: str, small: int, build: Callable[[int], Callable[[], object]]) -> bool:
    fewer, more = best_of(build(small), REPEATS), best_of(build(small * SCALE), REPEATS)
    ratio = more / fewer
    within = ratio <= LIMIT
    print(
        f"{name:<44} n={small:<7} {fewer * 1000:9.1f} ms   n={small * SCALE:<7} {more * 1000:9.1f} ms   "
        f"growth {ratio:5.1f}x  {'ok' if within else 'OVER'}"
    )
    return within


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--small", action="store_true", help="sizes 8 times smaller")
    args = parser.parse_args()
    divide = SCALE if args.small else 1
    headings = 2_500 // divide
    markdown, text, page = MarkdownParser(), PlainTextParser(), HTMLDocumentParser()
    sections = titled_document(20_000 // divide)
    resolve_section(sections, "warm up the lookups")
    nearest_sections(sections, "warm up the typo keys")

    def missing(kilobytes: int) -> Callable[[], object]:
        reference = "claim rules " * (kilobytes * 1024 // 12)
        return lambda: (resolve_section(sections, reference), nearest_sections(sections, reference))

    results = [
        case(
            "Markdown, repeated headings (## Fixed)",
            headings,
            lambda n: lambda: markdown.parse("## Fixed\n\nx\n\n" * n),
        ),
        case(
            "Markdown, distinct headings",
            headings,
            lambda n: lambda: markdown.parse("".join(f"## Fixed {i}\n\nx\n\n" for i in range(n))),
        ),
        case(
            "plain text, repeated numbers (1. Fixed)", headings, lambda n: lambda: text.parse("1. Fixed\n\nx\n\n" * n)
        ),
        case(
            "HTML, repeated headings (<h2>Fixed)", headings, lambda n: lambda: page.parse("<h2>Fixed</h2><p>x</p>" * n)
        ),
        case(f"missing reference of n KB, {len(sections.sections)} sections", 128 // divide, missing),
    ]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
