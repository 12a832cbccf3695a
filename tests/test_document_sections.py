"""Sections real documents have: licence numbering, breadcrumbs, and a parent cited for a descendant's quote."""

from __future__ import annotations

from pathlib import Path

import pytest

from citecheck import Document
from citecheck.matcher import locate, resolve_section
from citecheck.parsers import HTMLDocumentParser, MarkdownParser, PlainTextParser, parse_file
from citecheck.parsers._plaintext import find_numbered_headings

RUST = "rust-book-ch03-02-data-types.md"
LGG = "results/somatic-mutational-landscape-of-pediatric-brain-tumors/low-grade-gliomas"


def doc(fixtures_dir: Path, name: str) -> Document:
    return parse_file(fixtures_dir / "docs" / name)


# --- Licence-style numbering -------------------------------------------------------------------

APACHE_SECTIONS = [
    ("1", "Definitions", None),
    ("2", "Grant of Copyright License", None),
    ("3", "Grant of Patent License", None),
    ("4", "Redistribution", None),
    ("4(a)", "", "4"),
    ("4(b)", "", "4"),
    ("4(c)", "", "4"),
    ("4(d)", "", "4"),
    ("5", "Submission of Contributions", None),
    ("6", "Trademarks", None),
    ("7", "Disclaimer of Warranty", None),
    ("8", "Limitation of Liability", None),
    ("9", "Accepting Warranty or Additional Liability", None),
]


def test_the_apache_licence_parses_into_its_numbered_sections_and_clauses(fixtures_dir: Path) -> None:
    document = doc(fixtures_dir, "apache-2.0.txt")
    assert [(s.id, s.title, s.parent) for s in document.sections if s.kind != "front"] == APACHE_SECTIONS
    clause = document.section("4(b)")
    assert clause is not None
    assert clause.text.startswith("(b) You must cause any modified files to carry prominent notices")


def test_mpl_subsections_are_not_merged(fixtures_dir: Path) -> None:
    document = doc(fixtures_dir, "mpl-2.0.txt")
    ids = [s.id for s in document.sections]
    assert ids[ids.index("5") : ids.index("6") + 1] == ["5", "5.1", "5.2", "5.3", "6"]
    section = document.section("5.3")
    assert section is not None
    assert section.text.startswith("5.3. In the event of termination under Sections 5.1 or 5.2 above")
    assert section.parent == "5"
    assert "In the event of termination" not in (document.section("5.2") or section).text
    assert [(s.id, s.kind, s.title) for s in document.sections[-2:]] == [
        ("A", "appendix", "Source Code Form License Notice"),
        ("B", "appendix", "\u201cIncompatible With Secondary Licenses\u201d Notice"),
    ]


@pytest.mark.parametrize(
    ("name", "reference", "section_id"),
    [
        ("apache-2.0.txt", "Section 4(a)", "4(a)"),
        ("apache-2.0.txt", "\u00a7 4(d)", "4(d)"),
        ("apache-2.0.txt", "4(b)", "4(b)"),
        ("apache-2.0.txt", "Section 4 (c)", "4(c)"),
        ("apache-2.0.txt", "Section 6 (Trademarks)", "6"),
        ("apache-2.0.txt", "Section 6", "6"),
        ("apache-2.0.txt", "Trademarks", "6"),
        ("apache-2.0.txt", "clause 4(a)", "4(a)"),
        ("apache-2.0.txt", "Section 4(e)", None),  # section 4 has clauses (a) to (d): (e) is not there
        ("apache-2.0.txt", "Section 10", None),
        ("mpl-2.0.txt", "Section 2.1", "2.1"),
        ("mpl-2.0.txt", "Section 5.3", "5.3"),
        ("mpl-2.0.txt", "Exhibit A", "A"),
        ("mpl-2.0.txt", "exhibit b", "B"),
        ("mpl-2.0.txt", "Section 2.1(a)", "2.1"),  # 2.1 keeps its (a) and (b) inside: the section holding it
    ],
)
def test_licence_references_resolve(fixtures_dir: Path, name: str, reference: str, section_id: str | None) -> None:
    found = resolve_section(doc(fixtures_dir, name), reference)
    assert (found.id if found else None) == section_id


NOTICES = "You must cause any modified files to carry prominent notices stating that You changed the files"
TRADE_NAMES = "This License does not grant permission to use the trade names, trademarks, service marks"


@pytest.mark.parametrize(
    ("reference", "quote", "section_id"),
    [
        ("Section 4(b)", NOTICES, "4(b)"),
        ("Section 4", NOTICES, "4(b)"),
        ("Section 6 (Trademarks)", TRADE_NAMES, "6"),
        ("Section 2", "each Contributor hereby grants to You a perpetual, worldwide, non-exclusive", "2"),
    ],
)
def test_a_quote_from_the_apache_licence_is_placed_in_its_section(
    fixtures_dir: Path, reference: str, quote: str, section_id: str
) -> None:
    citation = {"id": "a", "claim": "c", "quote": quote, "section": reference}
    location = locate(doc(fixtures_dir, "apache-2.0.txt"), citation)
    assert location.status == "found", location.reason
    assert location.section == section_id
    assert not {"misattributed_section", "missing_section"} & set(location.flags)


@pytest.mark.parametrize(
    ("text", "ids"),
    [
        # A run-in title and sentence clauses, in outline order: a licence.
        (
            "1. Scope. This applies.\n\n2. Use. You may use it.\n\n2.1. The user may copy it freely\n"
            "   as often as they like, in any form at all, to anyone.\n\n3. End.\n",
            ["1", "2", "2.1", "3"],
        ),
        # One numbered sentence is a paragraph, not a section.
        (
            "Preamble.\n\n1. This heading is far too long to be a heading because it goes on and on\n",
            ["para-1", "para-2"],
        ),
        # Sentences out of outline order stay text.
        ("1. Scope\n\nText.\n\n2. Use\n\nText.\n\n7. The answer was late, as always, and so on and on.\n", ["1", "2"]),
        # A lone (a) paragraph is a list item, not a clause.
        ("1. Scope\n\nText.\n\n   (a) One thing only.\n\n2. Use\n\nText.\n\n3. End\n", ["1", "2", "3"]),
        # Clauses restart in each section.
        ("1. A\n\n(a) x\n\n(b) y\n\n2. B\n\n(a) z\n\n(b) w\n", ["1", "1(a)", "1(b)", "2", "2(a)", "2(b)"]),
        # Four columns of indentation is a block of code, not a heading.
        ("Intro.\n\n    4.1 Indented Title\n", ["para-1", "para-2"]),
    ],
)
def test_licence_numbering_rules(text: str, ids: list[str]) -> None:
    assert [s.id for s in PlainTextParser().parse(text).sections if s.kind != "front"] == ids


def test_licence_rules_are_off_for_pdf_text() -> None:
    lines = ["1. Scope. This applies.", "2. Use. You may use it.", "3. End. Done."]
    assert find_numbered_headings(lines, [0, 24, 49], after_blank=False) == []


# --- Breadcrumbs -------------------------------------------------------------------------------

GUIDE = (
    "# Guide\n\nIntro.\n\n## Installation\n\nHow to install.\n\n### Linux\n\nOn Linux, use the package.\n\n"
    "#### Debian\n\nOn Debian the package is called lantern-tools and needs no setup at all.\n\n"
    "## Usage\n\nHow to use.\n\n### Linux\n\nOn Linux, run it from a terminal.\n"
)


@pytest.mark.parametrize(
    ("reference", "section_id"),
    [
        ("Guide > Installation > Linux", "guide/installation/linux"),
        ("Guide \u203a Usage \u203a Linux", "guide/usage/linux"),
        ("Guide / Installation / Linux", "guide/installation/linux"),
        ("Docs \u00bb Guide \u00bb Usage \u00bb Linux", "guide/usage/linux"),  # "Docs" names the site
        ("Installation > Linux > Debian", "guide/installation/linux/debian"),
        ("Installation>Linux", None),  # no spaces around ">": not a breadcrumb
        ("Guide > Linux", None),  # two Linux sections under Guide: ambiguous
        ("Usage > Installation > Linux", None),  # Usage is a section, but not one Linux is under
        ("Guide > Windows", None),
        ("Linux", None),
    ],
)
def test_breadcrumbs_resolve_to_the_heading_path(reference: str, section_id: str | None) -> None:
    found = resolve_section(MarkdownParser().parse(GUIDE), reference)
    assert (found.id if found else None) == section_id


def test_a_title_with_a_separator_in_it_is_that_title_not_a_breadcrumb() -> None:
    document = MarkdownParser().parse("# Output\n\nx\n\n# Input / Output\n\ny\n")
    found = resolve_section(document, "Input / Output")
    assert found is not None
    assert found.id == "input-output"


def test_a_breadcrumb_of_titles_resolves_when_ids_are_numbers() -> None:
    document = MarkdownParser().parse("# 1. Guide\n\nx\n\n## 1.1 Setup\n\ny\n\n## 1.2 Linux\n\nz\n\n# 2. Linux\n\nw\n")
    found = resolve_section(document, "Guide > Linux")
    assert found is not None
    assert found.id == "1.2"


@pytest.mark.parametrize(
    ("name", "reference", "section_id"),
    [
        ("effective_go.html", "Effective Go > Names > Package names", "names/package-names"),
        ("effective_go.html", "Control structures \u203a Switch", "control-structures/switch"),
        (RUST, "Data Types > Scalar Types > Integer Types", "data-types/scalar-types/integer-types"),
        (RUST, "The Rust Book \u00bb Compound Types \u00bb The Array Type", "data-types/compound-types/the-array-type"),
        ("mpl-2.0.txt", "Mozilla Public License > Responsibilities > Notices", "3.4"),
    ],
)
def test_breadcrumbs_on_real_documents(fixtures_dir: Path, name: str, reference: str, section_id: str) -> None:
    found = resolve_section(doc(fixtures_dir, name), reference)
    assert found is not None
    assert found.id == section_id


# --- A parent cited for a quote in one of its descendants --------------------------------------

DEBIAN = "On Debian the package is called lantern-tools and needs no setup at all."


@pytest.mark.parametrize(
    ("parse", "text"),
    [
        (MarkdownParser().parse, GUIDE),
        (
            HTMLDocumentParser().parse,
            "<h1>Guide</h1><p>Intro.</p><h2>Installation</h2><p>How to install.</p><h3>Linux</h3>"
            "<p>On Linux, use the package.</p><h4>Debian</h4><p>On Debian the package is called lantern-tools"
            " and needs no setup at all.</p><h2>Usage</h2><p>How to use.</p>",
        ),
    ],
)
@pytest.mark.parametrize("cited", ["Guide", "Installation", "Guide > Installation > Linux"])
def test_a_quote_three_levels_below_the_cited_heading_is_no_misattribution(
    parse: object, text: str, cited: str
) -> None:
    document = parse(text)  # type: ignore[operator]
    location = locate(document, {"id": "g", "claim": "c", "quote": DEBIAN, "section": cited})
    assert location.status == "found", location.reason
    assert location.section == "guide/installation/linux/debian"
    assert "misattributed_section" not in location.flags
    assert "found in its subsection guide/installation/linux/debian" in location.reason


def test_a_sibling_heading_cited_is_still_a_misattribution() -> None:
    location = locate(MarkdownParser().parse(GUIDE), {"id": "g", "claim": "c", "quote": DEBIAN, "section": "Usage"})
    assert location.flags == ("misattributed_section",)


def test_a_repeated_heading_is_its_own_subtree() -> None:
    text = (
        "# Fixed\n\n## Bugs\n\nThe first release fixed the crash on start.\n\n"
        "# Fixed\n\n## Bugs\n\nThe second release fixed the leak in the cache.\n"
    )
    document = MarkdownParser().parse(text)
    assert [(s.id, s.parent) for s in document.sections] == [
        ("fixed", None),
        ("fixed/bugs", "fixed"),
        ("fixed-2", None),
        ("fixed/bugs-2", "fixed-2"),
    ]
    quote = "The second release fixed the leak in the cache."
    assert locate(document, {"id": "f", "claim": "c", "quote": quote, "section": "fixed-2"}).flags == ()
    assert locate(document, {"id": "f", "claim": "c", "quote": quote, "section": "fixed"}).flags == (
        "misattributed_section",
    )


SCALAR = "Rust has four primary scalar types: integers, floating-point numbers, Booleans, and characters."
BRAF = (
    "As expected, most (62%, 140/226) LGGs harbored a somatic alteration in BRAF, with canonical "
    "BRAF::KIAA1549 fusions as the major oncogenic driver (Figure A)."
)
TERMINATION = "In the event of termination under Sections 5.1 or 5.2 above, all end user license agreements"


@pytest.mark.parametrize(
    ("name", "cited", "quote", "section_id"),
    [
        (RUST, "Data Types", SCALAR, "data-types/scalar-types"),
        ("openpbta-results.md", "Results", BRAF, LGG),
        ("apache-2.0.txt", "Section 4", "You must retain, in the Source form of any Derivative Works", "4(c)"),
        ("mpl-2.0.txt", "Section 5", TERMINATION, "5.3"),
    ],
)
def test_a_parent_cited_on_real_documents(
    fixtures_dir: Path, name: str, cited: str, quote: str, section_id: str
) -> None:
    location = locate(doc(fixtures_dir, name), {"id": "p", "claim": "c", "quote": quote, "section": cited})
    assert location.status == "found", location.reason
    assert location.section == section_id
    assert "misattributed_section" not in location.flags


@pytest.mark.parametrize(
    ("markdown", "shown", "hidden"),
    [
        # An image alone in its paragraph is a figure: pandoc shows its alt text as the caption,
        # links inside it as their text, the attributes after it not at all (the paper's figures).
        (
            "Text before.\n\n![**Overview.** A, panels made with [BioRender](https://b.example).](f.png)"
            '{#fig:Fig1 width="7in"}\n\nText after.\n',
            "Overview. A, panels made with BioRender.",
            "fig:",
        ),
        # An image inside a sentence is a picture: its alt text is not the page's text.
        ("The logo ![a red logo](l.png) marks the page.\n", "The logo  marks the page.", "red logo"),
    ],
    ids=["figure", "inline-image"],
)
def test_a_figure_s_caption_is_text_and_an_inline_image_s_alt_text_is_not(
    markdown: str, shown: str, hidden: str
) -> None:
    text = MarkdownParser().parse(markdown).text
    assert shown in text
    assert hidden not in text
