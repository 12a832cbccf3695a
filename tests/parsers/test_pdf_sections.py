"""Sections of real PDFs that recorded provider citations cite: headings, not figure labels; pages kept."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from citecheck import Document
from citecheck.matcher import locate
from citecheck.parsers import PDFParser, parse_file
from citecheck.parsers._plaintext import find_numbered_headings
from tests.pdfs import make_pdf

CONSTITUTIONAL_AI = "anthropic-cookbook/Constitutional AI.pdf"
SHAREHOLDER_LETTER = "anthropic-cookbook/Amazon-com-Inc-2023-Shareholder-Letter.pdf"

# fmt: off
CONSTITUTIONAL_AI_HEADINGS = [
    "1", "1.1", "1.2", "1.3", "1.4", "2", "3", "3.1", "3.2", "3.3", "3.4", "3.5", "4", "4.1", "4.2", "4.3",
    "4.4", "4.5", "5", "6", "6.1", "6.2", "7", "C.1", "C.2", "D.1", "D.2", "D.3", "E.1", "E.2",
]
# fmt: on


def pdf(fixtures_dir: Path, name: str) -> Document:
    return _parsed(str(fixtures_dir / "providers" / name))


@cache
def _parsed(path: str) -> Document:
    # pypdf takes seconds on the 34-page paper: parse each file once for the whole module.
    return parse_file(path)


def test_figure_axis_labels_are_not_sections(fixtures_dir: Path) -> None:
    document = pdf(fixtures_dir, CONSTITUTIONAL_AI)
    assert [s.id for s in document.sections if s.kind != "page"] == CONSTITUTIONAL_AI_HEADINGS
    related = document.section("5")
    assert related is not None
    assert related.title == "Related Work"


@pytest.mark.parametrize(
    ("name", "pages"),
    [(CONSTITUTIONAL_AI, 34), (SHAREHOLDER_LETTER, 11), ("pydantic-ai/dummy.pdf", 1)],
)
def test_every_page_is_a_section(fixtures_dir: Path, name: str, pages: int) -> None:
    document = pdf(fixtures_dir, name)
    assert [s.id for s in document.sections if s.kind == "page"] == [f"p. {n}" for n in range(1, pages + 1)]


def test_a_one_page_pdf_of_three_words_is_one_page_section(fixtures_dir: Path) -> None:
    document = pdf(fixtures_dir, "pydantic-ai/dummy.pdf")
    assert [(s.id, s.kind, s.text) for s in document.sections] == [("p. 1", "page", "Dummy PDF file")]


@pytest.mark.parametrize(
    ("name", "quote", "page", "heading"),
    [
        (
            SHAREHOLDER_LETTER,
            "We have high conviction that these new geographies will continue to grow and be profitable "
            "in the long run.",
            "p. 2",
            None,
        ),
        (
            CONSTITUTIONAL_AI,
            "We find that for smaller models, critiqued revisions generally achieve higher harmlessness scores",
            "p. 10",
            "3.4",
        ),
    ],
)
def test_a_quote_is_placed_on_its_page_to_compare_with_a_providers_page_location(
    fixtures_dir: Path, name: str, quote: str, page: str, heading: str | None
) -> None:
    document = pdf(fixtures_dir, name)
    on_page = locate(document, {"id": "p", "claim": "c", "quote": quote, "section": page})
    assert on_page.status == "found", on_page.reason
    assert on_page.section == page
    if heading is not None:
        for cited in (heading, heading.split(".")[0]):  # the heading, and its parent section
            under_heading = locate(document, {"id": "h", "claim": "c", "quote": quote, "section": cited})
            assert under_heading.section == heading
            assert "misattributed_section" not in under_heading.flags


@pytest.mark.parametrize(
    ("lines", "ids"),
    [
        (["1 Introduction", "0 1 2 3 4", "Number of Revisions", "2 Method"], ["1", "2"]),
        (["1 Introduction", "5 1010", "2 Method"], ["1", "2"]),
        (["3.3 Main Results", "1 Revisions", "3.4 Scaling Trends"], ["3.3", "3.4"]),
        (["4.5 Score", "109 1010", "0.0 0.5 1.0", "5 Related Work"], ["4.5", "5"]),
        (["1 Introduction", "9 Figures", "2 Method"], ["1", "2"]),  # a jump of 8 is no next heading
        (["1 Introduction", "3 Method"], ["1", "3"]),  # a heading pypdf missed may be skipped
        (["3.4 Trends", "3.5 Are Critiques Necessary?"], ["3.4", "3.5"]),
    ],
)
def test_pdf_headings_go_forward_in_the_outline(lines: list[str], ids: list[str]) -> None:
    lines = [part for line in lines for part in (line, "Body text of the page.")]  # no two numbered lines in a row
    starts = [sum(len(line) + 1 for line in lines[:index]) for index in range(len(lines))]
    found = find_numbered_headings(lines, starts, after_blank=False)
    assert [heading.text.split(" ", 1)[0] for heading in found] == ids


def test_a_parent_cited_for_a_quote_on_a_page_takes_the_heading_below_it_not_the_page() -> None:
    # Section 2.1 runs over pages 2 and 3, so page 3 is the narrowest section holding the quote;
    # citing section 2 names the part that holds it, 2.1, not a page.
    pages = [
        ["1 Introduction", "The handbook starts here with a few words."],
        ["2 Method", "How the club works.", "2.1 Setup", "Every walk starts at the old bridge at nine."],
        ["The walk leader counts the walkers before the lanterns are lit.", "More words close the page."],
    ]
    document = PDFParser().parse_bytes(make_pdf(pages))
    quote = "The walk leader counts the walkers before the lanterns are lit."
    location = locate(document, {"id": "w", "claim": "c", "quote": quote, "section": "Section 2"})
    assert location.status == "found", location.reason
    assert location.section == "2.1"
    assert "misattributed_section" not in location.flags
