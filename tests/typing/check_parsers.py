"""Checked by ``mypy --strict`` in CI, never run: the parsers' types as a user sees them."""

from pathlib import Path

from typing_extensions import assert_type

from citecheck import Document
from citecheck.parsers import (
    AnyParser,
    BytesParser,
    HTMLDocumentParser,
    MarkdownParser,
    ParserRegistry,
    PDFParser,
    PlainTextParser,
    TextParser,
    default_registry,
    detect_format,
    parse_file,
    parse_text,
    register_parser,
)
from citecheck.parsers._detect import Format


def check_parsers() -> None:
    assert_type(parse_file(Path("a.md")), Document)
    assert_type(parse_file("a.md"), Document)
    assert_type(parse_text("text", parser="text", name="n"), Document)
    assert_type(parse_text(b"%PDF-"), Document)
    assert_type(detect_format("text"), Format)
    assert_type(PDFParser().parse_bytes(b"", name="a.pdf"), Document)
    parsers: list[TextParser] = [MarkdownParser(), PlainTextParser(), HTMLDocumentParser()]
    assert_type(parsers[0].parse("text"), Document)
    text_parser: TextParser = parsers[0]
    bytes_parser: BytesParser = PDFParser()
    assert_type(bytes_parser.parse_bytes(b"%PDF-", name="a.pdf", path="a.pdf"), Document)
    not_text: TextParser = PDFParser()  # type: ignore[assignment]  # a PDF parser reads bytes only
    assert_type(not_text, TextParser)

    registry = default_registry().copy()
    assert_type(registry, ParserRegistry)
    registry.register("notes", text_parser, extensions=(".notes",))
    register_parser("pdf2", bytes_parser, extensions=[".pdf2"], replace=True)
    assert_type(registry["notes"], AnyParser)
    assert_type(registry.format_for(Path("a.notes")), str | None)
    assert_type(parse_file("a.notes", parsers=registry), Document)
    assert_type(parse_text("text", parsers={"markdown": MarkdownParser(), "pdf": PDFParser()}), Document)
