"""The contract every parser keeps, built-in or written by a user (`TextParser`, `BytesParser`)."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from pathlib import Path

import pytest

from citecheck import Document, DocumentError
from citecheck.errors import EmptyDocumentError
from citecheck.parsers import (
    BytesParser,
    HTMLDocumentParser,
    MarkdownParser,
    PDFParser,
    PlainTextParser,
    RFCParser,
    TextParser,
    fail,
    parse_text,
)
from tests.pdfs import make_pdf

ROOT = Path(__file__).parents[2]
DATA = ROOT / "tests" / "data"


def _example_parser() -> TextParser:
    spec = importlib.util.spec_from_file_location("custom_parser_example", ROOT / "examples" / "custom_parser.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    parser: TextParser = module.FAQParser()
    return parser


def _pdf(text: str) -> Document:
    return PDFParser().parse_bytes(make_pdf([page.splitlines() for page in text.split("\f")]))


PDF_TEXT = "1 Walks\nThe lantern walk starts at dusk.\n\f2 Routes\nEvery walk follows a marked route.\n"
FAQ = "Q: How long is the warranty?\nA: Two years.\n\nQ: Can I return it?\nA: Within 30 days.\n"

# (name, parse, a text it accepts, bad input it must refuse, the error it raises)
Row = tuple[str, Callable[[str], Document], str, Callable[[], object], type[DocumentError]]
PARSERS: list[Row] = [
    (
        "rfc",
        RFCParser().parse,
        (DATA / "rfc_sample.txt").read_text(),
        lambda: RFCParser().parse(""),
        EmptyDocumentError,
    ),
    (
        "rfc, references",
        RFCParser().parse,
        (DATA / "rfc_references_sample.txt").read_text(),
        lambda: RFCParser().parse(" \n\f\n"),
        EmptyDocumentError,
    ),
    (
        "text",
        PlainTextParser().parse,
        (DATA / "lantern.txt").read_text(),
        lambda: PlainTextParser().parse("\n  \n"),
        EmptyDocumentError,
    ),
    (
        "markdown",
        MarkdownParser().parse,
        (DATA / "lantern.md").read_text(),
        lambda: MarkdownParser().parse(" \t"),
        EmptyDocumentError,
    ),
    (
        "html",
        HTMLDocumentParser().parse,
        (DATA / "lantern.html").read_text(),
        lambda: HTMLDocumentParser().parse(""),
        EmptyDocumentError,
    ),
    ("pdf", _pdf, PDF_TEXT, lambda: PDFParser().parse_bytes(b"%PDF-1.7 cut short"), DocumentError),
    ("pdf, given text", _pdf, PDF_TEXT, lambda: parse_text("1 Walks", parser="pdf"), DocumentError),
    ("example: FAQ", _example_parser().parse, FAQ, lambda: _example_parser().parse("no questions here"), DocumentError),
]
IDS = [row[0] for row in PARSERS]


@pytest.fixture(params=PARSERS, ids=IDS)
def parsed(request: pytest.FixtureRequest) -> Document:
    _, parse, text, _, _ = request.param
    return parse(text)


def test_returns_a_document_with_sections(parsed: Document) -> None:
    # Being a Document means each section's text is document.text[start:end] and ids are unique:
    # the model's validator refuses anything else, so no test restates it.
    assert isinstance(parsed, Document)
    assert parsed.sections


def test_sections_are_in_document_order(parsed: Document) -> None:
    # Sections may overlap (a PDF's pages and the headings on them), but never run backwards.
    for before, after in zip(parsed.sections, parsed.sections[1:], strict=False):
        assert before.start <= after.start, (before.id, after.id)
    assert all(0 <= s.start <= s.end <= len(parsed.text) for s in parsed.sections)


def test_ids_are_usable_names(parsed: Document) -> None:
    for section in parsed.sections:
        assert section.id and section.id == section.id.strip(), section.id
        assert parsed.section(section.id) == section


def test_offsets_map_back_into_the_source(parsed: Document) -> None:
    original = parsed.original
    for section in parsed.sections:
        first = next((i for i in range(section.start, section.end) if parsed.text[i].isalnum()), None)
        if first is None:
            continue
        # A letter or digit is copied, never made up: it maps onto the same character in the source.
        assert original[parsed.to_source(first)] == parsed.text[first], section.id
        start, end = parsed.source_span(section.start, section.end)
        assert 0 <= start <= end <= len(original), section.id


@pytest.mark.parametrize(("parse", "text"), [(row[1], row[2]) for row in PARSERS], ids=IDS)
def test_parsing_is_deterministic(parse: Callable[[str], Document], text: str) -> None:
    assert parse(text) == parse(text)


@pytest.mark.parametrize(("bad", "error"), [(row[3], row[4]) for row in PARSERS], ids=IDS)
def test_bad_input_raises_a_typed_error(bad: Callable[[], object], error: type[DocumentError]) -> None:
    with pytest.raises(error):
        bad()


@pytest.mark.parametrize(
    "parser", [RFCParser(), PlainTextParser(), MarkdownParser(), HTMLDocumentParser(), _example_parser()]
)
def test_every_text_parser_is_a_text_parser_and_no_bytes_parser(parser: object) -> None:
    assert isinstance(parser, TextParser)
    assert not isinstance(parser, BytesParser)


def test_the_pdf_parser_is_a_bytes_parser_only() -> None:
    # It reads bytes, and says so in its type: it has no parse(text) that could only raise.
    assert isinstance(PDFParser(), BytesParser)
    assert not isinstance(PDFParser(), TextParser)


def test_parser_has_no_old_name() -> None:
    import citecheck.parsers

    assert not hasattr(citecheck.parsers, "Parser") and "Parser" not in citecheck.parsers.__all__


def test_fail_raises_a_document_error_with_the_message() -> None:
    with pytest.raises(DocumentError, match=r"^not a FAQ: no line starts with 'Q:'$"):
        fail("not a FAQ: no line starts with 'Q:'")
