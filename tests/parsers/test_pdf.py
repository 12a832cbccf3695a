from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from citecheck import Document, DocumentError
from citecheck.errors import DocumentReadError, EmptyDocumentError
from citecheck.matcher import find_quote
from citecheck.parsers import BytesParser, PDFParser, TextParser, parse_file, parse_text
from citecheck.parsers._pdf import PAGE_BREAK

pytest.importorskip("pypdf", reason="the pdf extra is not installed")

from tests.pdfs import make_pdf  # needs pypdf, checked just above

PAGES = [
    ["Lantern Club Handbook", "1. Membership", "Anyone over sixteen may join the club."],
    ["2.1 Routes", "Every walk follows a marked route.", "Walkers stay together."],
    ["Appendix A. Contacts", "The walk leader answers questions by email."],
]


@pytest.fixture(scope="module")
def document() -> Document:
    return PDFParser().parse_bytes(make_pdf(PAGES), name="handbook.pdf")


def test_pages_are_joined_with_a_page_break(document: Document) -> None:
    assert document.text == PAGE_BREAK.join("\n".join(lines) for lines in PAGES)
    assert document.name == "handbook.pdf"


def test_pages_and_numbered_headings_are_sections(document: Document) -> None:
    assert [(s.id, s.kind, s.title) for s in document.sections] == [
        ("p. 1", "page", "Page 1"),
        ("1", "numbered", "Membership"),
        ("p. 2", "page", "Page 2"),
        ("2.1", "numbered", "Routes"),
        ("p. 3", "page", "Page 3"),
        ("A", "appendix", "Contacts"),
    ]
    assert document.section("p. 2") is not None
    assert document.section("2.1").text == "2.1 Routes\nEvery walk follows a marked route.\nWalkers stay together."  # type: ignore[union-attr]


def test_a_heading_section_runs_across_pages() -> None:
    data = make_pdf([["1. One", "First page text."], ["More of section one."], ["2. Two", "Second."]])
    document = PDFParser().parse_bytes(data)
    one = document.section("1")
    assert one is not None and one.text == "1. One\nFirst page text.\n\f\nMore of section one."


def test_a_pdf_without_numbered_headings_has_page_sections_only() -> None:
    document = parse_text(make_pdf([["Hello world."], ["Page two."]]))
    assert [(s.id, s.kind, s.text) for s in document.sections] == [
        ("p. 1", "page", "Hello world."),
        ("p. 2", "page", "Page two."),
    ]
    assert find_quote(document, "Page two.") == "p. 2"


def test_numbered_lines_either_side_of_a_page_break_are_a_list_not_headings() -> None:
    document = PDFParser().parse_bytes(make_pdf([["Steps", "1. Open"], ["2. Close", "Done"]]))
    assert [s.id for s in document.sections] == ["p. 1", "p. 2"]


@pytest.mark.parametrize(
    ("quote", "page", "heading"),
    [
        ("Anyone over sixteen", "p. 1", "1"),
        ("marked route", "p. 2", "2.1"),
        ("answers questions by email", "p. 3", "A"),
    ],
)
def test_a_quote_is_found_on_its_page_and_under_its_heading(
    document: Document, quote: str, page: str, heading: str
) -> None:
    # Page and heading sections overlap: the quote stands in both, and the matcher may name either.
    assert find_quote(document, quote) in {page, heading}
    for section_id in (page, heading):
        section = document.section(section_id)
        assert section is not None and quote in section.text


def test_parse_file_reads_a_pdf_file(tmp_path: Path) -> None:
    path = tmp_path / "handbook.pdf"
    path.write_bytes(make_pdf(PAGES))
    document = parse_file(path)
    assert document.name == "handbook.pdf"
    assert document.sections[0].id == "p. 1"


def test_parse_text_sniffs_pdf_bytes() -> None:
    document = parse_text(make_pdf(PAGES), name="inline.pdf")
    assert (document.name, document.sections[0].id) == ("inline.pdf", "p. 1")
    forced = parse_text(make_pdf(PAGES), parser="pdf")
    assert forced.name is None and forced.text == document.text


def test_text_is_refused_with_a_clear_message() -> None:
    with pytest.raises(DocumentError, match=r"the 'pdf' parser \(PDFParser\) reads bytes, not text"):
        parse_text("%PDF-1.7 ...", parser="pdf")


def test_a_pdf_without_text_is_empty() -> None:
    with pytest.raises(EmptyDocumentError, match="no extractable text"):
        PDFParser().parse_bytes(make_pdf([[], []]), name="scan.pdf")


def test_bytes_that_are_not_a_pdf_are_an_error() -> None:
    with pytest.raises(DocumentReadError, match=r"broken\.pdf is not a PDF that can be read"):
        PDFParser().parse_bytes(b"%PDF-1.7\nnot really a pdf", name="broken.pdf")


def test_missing_extra_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pypdf", None)  # makes `import pypdf` fail as if it were not installed
    with pytest.raises(DocumentError, match=r"pip install 'citecheck-llm\[pdf\]'"):
        PDFParser().parse_bytes(make_pdf(PAGES))


def test_importing_citecheck_does_not_import_pypdf() -> None:
    code = "import sys, citecheck, citecheck.parsers; print('pypdf' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"


def test_pdf_parser_is_a_bytes_parser_not_a_text_parser() -> None:
    assert isinstance(PDFParser(), BytesParser)
    assert not isinstance(PDFParser(), TextParser)


def _mutations(data: bytes, count: int) -> list[bytes]:
    """``count`` damaged copies of ``data``: flipped bytes, cuts, dropped and repeated chunks, swapped tokens."""
    rng = random.Random(8)  # fixed: the same mutants on every run
    # Names, references, numbers and brackets are the PDF's structure; swapping one for another
    # is what makes pypdf fail in the most varied ways (AttributeError, AssertionError, limits).
    tokens = list(re.finditer(rb"/[A-Za-z0-9]+|\d+ 0 R|\[|\]|<<|>>|\d+", data))
    vocabulary = [*sorted({token.group() for token in tokens}), b"99 0 R", b"()", b"null", b"-1", b"1e99"]
    mutants = []
    for n in range(count):
        at = rng.randrange(len(data))
        kind = n % 10
        if kind == 0:
            mutant = data[:at] + bytes([rng.randrange(256)]) + data[at + 1 :]
        elif kind == 1:
            mutant = data[:at]
        elif kind == 2:
            mutant = data[:at] + data[at + rng.randrange(1, 64) :]
        elif kind == 3:
            mutant = data[:at] + data[at : at + rng.randrange(1, 64)] * rng.randrange(2, 5) + data[at:]
        else:
            token = rng.choice(tokens)
            mutant = data[: token.start()] + rng.choice(vocabulary) + data[token.end() :]
        mutants.append(mutant)
    return mutants


def test_a_damaged_pdf_is_always_a_read_error_never_a_pypdf_exception() -> None:
    # pypdf raises many kinds of error on damaged files; callers must only ever see ours.
    original = make_pdf(PAGES)
    outcomes: dict[str, int] = {}
    for mutant in _mutations(original, 300):
        try:
            PDFParser().parse_bytes(mutant, name="damaged.pdf")
            outcome = "parsed"
        except (DocumentReadError, EmptyDocumentError) as error:
            outcome = type(error).__name__
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    # Most mutants still parse (pypdf repairs a lot); enough of them fail to exercise the errors.
    assert outcomes.get("DocumentReadError", 0) >= 10, outcomes
    assert sum(outcomes.values()) == 300
