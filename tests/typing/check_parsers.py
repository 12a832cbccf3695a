"""Checked by ``mypy --strict`` in CI, never run: the parsers' types as a user sees them."""

from pathlib import Path

from typing_extensions import assert_type

from citecheck import Document
from citecheck.parsers import (
    HTMLDocumentParser,
    MarkdownParser,
    Parser,
    PDFParser,
    PlainTextParser,
    detect_format,
    parse_document,
    parse_file,
    parse_text,
)
from citecheck.parsers._detect import Format


def check_parsers() -> None:
    assert_type(parse_document(Path("a.md")), Document)
    assert_type(parse_document("a.md", format="text", name="n"), Document)
    assert_type(parse_file("a.md"), Document)
    assert_type(parse_text("text", format="text", name="n"), Document)
    assert_type(parse_text(b"%PDF-"), Document)
    assert_type(parse_document(b"%PDF-"), Document)
    assert_type(detect_format("text"), Format)
    assert_type(PDFParser().parse_bytes(b"", name="a.pdf"), Document)
    parsers: list[Parser] = [MarkdownParser(), PlainTextParser(), HTMLDocumentParser(), PDFParser()]
    assert_type(parsers[0].parse("text"), Document)
