from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from citecheck import Document, DocumentError
from citecheck.errors import DocumentReadError, EmptyDocumentError
from citecheck.matcher import find_quote
from citecheck.parsers import (
    FORMATS,
    HTMLDocumentParser,
    MarkdownParser,
    PlainTextParser,
    RFCParser,
    detect_format,
    parse_file,
    parse_text,
)

DATA = Path(__file__).parents[1] / "data"

MARKDOWN = "# 1. Widgets\n\nWidgets are blue.\n"
HTML = "<html><body><h1>1. Widgets</h1><p>Widgets are blue.</p></body></html>"
TEXT = "1. Widgets\n\nWidgets are blue.\n"
PROSE = "Widgets are blue.\n\nThey come in boxes.\n"


PARSERS = {"html": HTMLDocumentParser, "markdown": MarkdownParser, "text": PlainTextParser, "rfc": RFCParser}


@pytest.fixture
def used(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Records which parser parse_file or parse_text picked, by wrapping each parser's parse method."""
    calls: list[str] = []
    for format, parser in PARSERS.items():

        def parse(self: object, text: str, *, _format: str = format, _original: Any = parser.parse) -> Document:
            calls.append(_format)
            return _original(self, text)  # type: ignore[no-any-return]

        monkeypatch.setattr(parser, "parse", parse)
    return calls


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (HTML, "html"),
        ("<!DOCTYPE html>\n<p>hi</p>", "html"),
        ("<h2>Title</h2><p>text</p>", "html"),
        (MARKDOWN, "markdown"),
        ("Title\n=====\n\nBody.\n", "markdown"),
        ("Title\n-----\n\nBody.\n", "markdown"),
        ("Network Working Group\nRequest for Comments: 9999\n", "rfc"),
        ("Doe                     Informational                     [Page 3]\n", "rfc"),
        ("1.  Introduction\n\nText.\n\n2.  Terms\n\nMore.\n", "rfc"),
        (TEXT, "text"),
        (PROSE, "text"),
        ("Costs are < 5 and > 2.\n", "text"),
    ],
)
def test_detect_format(text: str, expected: str) -> None:
    assert detect_format(text) == expected


@pytest.mark.parametrize(
    ("filename", "content", "expected"),
    [
        ("doc.md", MARKDOWN, "markdown"),
        ("doc.markdown", MARKDOWN, "markdown"),
        ("doc.html", HTML, "html"),
        ("doc.HTM", HTML, "html"),
        ("doc.txt", TEXT, "text"),
        ("doc.txt", MARKDOWN, "text"),  # a .txt file is never read as Markdown
        ("doc.md", TEXT, "markdown"),  # the extension wins over the content
        ("doc.rst", MARKDOWN, "markdown"),  # unknown extension: sniffed
        ("README", HTML, "html"),
    ],
)
def test_format_from_the_file_extension(
    tmp_path: Path, used: list[str], filename: str, content: str, expected: str
) -> None:
    path = tmp_path / filename
    path.write_text(content, encoding="utf-8")
    document = parse_file(path)
    assert used == [expected]
    assert document.name == filename


def test_a_txt_file_that_looks_like_an_rfc_is_parsed_as_one(tmp_path: Path, used: list[str]) -> None:
    path = tmp_path / "rfc_sample.txt"
    shutil.copyfile(DATA / "rfc_sample.txt", path)
    document = parse_file(path)
    assert used[0] == "rfc"
    assert document.sections == RFCParser().parse(path.read_text(encoding="utf-8")).sections
    assert document.name == "rfc_sample.txt"


def test_parse_text_takes_the_text_itself() -> None:
    document = parse_text(MARKDOWN)
    assert document.original == MARKDOWN
    assert document.text == "1. Widgets\n\nWidgets are blue."  # rendered: the heading's marker dropped
    assert document.name is None
    assert parse_text("no-such-file.md").sections[0].text == "no-such-file.md"


def test_parse_file_takes_a_string_as_a_path_always(tmp_path: Path) -> None:
    path = tmp_path / "doc.md"
    path.write_text(MARKDOWN, encoding="utf-8")
    assert parse_file(str(path)).name == "doc.md"
    with pytest.raises(DocumentReadError, match="cannot read"):
        parse_file("typo.txt")


@pytest.mark.parametrize("call", [parse_file, parse_text])
def test_a_nul_filled_file_is_rejected_as_binary(tmp_path: Path, call: Any) -> None:
    path = tmp_path / "zeros.txt"
    path.write_bytes(b"\0" * 4096)
    argument = path.read_bytes() if call is parse_text else path
    with pytest.raises(DocumentReadError, match=r"is a binary file, not a text document: NUL byte at offset 0"):
        call(argument)


def test_a_nul_inside_text_is_rejected() -> None:
    with pytest.raises(DocumentReadError, match="NUL character at offset 5"):
        parse_text("hello\0world")


@pytest.mark.parametrize("suffix", [".md", ".txt", ".html"])
def test_a_byte_order_mark_is_dropped(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"doc{suffix}"
    path.write_bytes(b"\xef\xbb\xbf" + TEXT.encode())
    document = parse_file(path, parser="text")
    assert document.text == TEXT
    assert document.sections[0].id == "1"


def test_parse_text_refuses_a_path() -> None:
    with pytest.raises(TypeError, match="parse_text takes the document's text as str or bytes, got PosixPath"):
        parse_text(Path("doc.md"))  # type: ignore[arg-type]


def test_bytes_are_utf8_text(used: list[str]) -> None:
    assert parse_text(MARKDOWN.encode(), name="doc").original == MARKDOWN
    assert used == ["markdown"]


@pytest.mark.parametrize(
    ("format", "expected"),
    [("markdown", "markdown"), ("text", "text"), ("html", "html")],
)
def test_format_forces_the_parser(tmp_path: Path, used: list[str], format: str, expected: str) -> None:
    content = {"markdown": MARKDOWN, "text": TEXT, "html": HTML}[expected]
    path = tmp_path / "doc.txt"
    path.write_text(content, encoding="utf-8")
    parse_file(path, parser=format)
    assert used == [expected]


def test_format_rfc_uses_the_rfc_parser(sample_text: str, used: list[str]) -> None:
    parse_text(sample_text, parser="rfc")
    assert used == ["rfc"]


def test_name_overrides_the_file_name(tmp_path: Path) -> None:
    path = tmp_path / "doc.md"
    path.write_text(MARKDOWN, encoding="utf-8")
    assert parse_file(path, name="handbook").name == "handbook"
    assert parse_text(MARKDOWN, name="inline").name == "inline"


@pytest.mark.parametrize(
    ("quote", "section"),
    [
        ("open flames are not allowed on any route", "2.2"),
        ("Members pay a yearly fee of twelve euros", "1"),
        ("the walk leader picks the hill route instead", "2.1"),
        ("answers questions by email", "A"),
    ],
)
@pytest.mark.parametrize("extension", ["md", "html", "txt"])
def test_one_document_in_three_formats_finds_a_quote_in_the_same_section(
    extension: str, quote: str, section: str
) -> None:
    document = parse_file(DATA / f"lantern.{extension}")
    assert find_quote(document, quote) == section
    assert [s.id for s in document.sections if s.kind != "heading" and s.kind != "front"] == [
        "1",
        "2",
        "2.1",
        "2.2",
        "A",
    ]


def test_html_evidence_points_into_the_html_file() -> None:
    html = (DATA / "lantern.html").read_text(encoding="utf-8")
    document = parse_file(DATA / "lantern.html")
    start = document.text.index("battery candles")
    source_start, source_end = document.source_span(start, start + len("battery candles"))
    assert html[source_start:source_end] == "battery candles"
    start = document.text.index("twelve euros")
    source_start, source_end = document.source_span(start, start + len("twelve euros"))
    assert html[source_start:source_end] == "twelve&nbsp;euros"


# Failure paths.


def test_unknown_format_names_the_allowed_ones() -> None:
    # The built-ins first; plugins' formats (such as the test plugin's faq) may follow.
    with pytest.raises(ValueError, match="unknown format 'docx': use one of rfc, markdown, text, html, pdf"):
        parse_text(MARKDOWN, parser="docx")
    assert FORMATS == ("rfc", "markdown", "text", "html", "pdf")


def test_a_missing_file_is_a_read_error(tmp_path: Path) -> None:
    missing = tmp_path / "missing.md"
    with pytest.raises(DocumentReadError, match=r"cannot read .*missing\.md") as caught:
        parse_file(missing)
    assert caught.value.path == str(missing)


def test_an_unreadable_path_is_a_read_error(tmp_path: Path) -> None:
    # A directory cannot be read as a file, even by root (file modes would not stop root).
    with pytest.raises(DocumentReadError, match="cannot read"):
        parse_file(tmp_path)


def test_non_utf8_file_names_the_byte_offset(tmp_path: Path) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes("Caf\u00e9 rules\n".encode("latin-1"))
    with pytest.raises(DocumentReadError, match=r"latin1\.txt is not UTF-8: byte 3 \(0xe9\)") as caught:
        parse_file(path)
    assert caught.value.offset == 3


def test_non_utf8_bytes_name_the_byte_offset() -> None:
    with pytest.raises(DocumentReadError, match=r"the document is not UTF-8: byte 5") as caught:
        parse_text(b"hello\xff")
    assert caught.value.offset == 5


def test_an_rfc_without_headings_is_read_whole() -> None:
    document = parse_text("Just some words\nmore words\n", parser="rfc")
    assert [(s.id, s.kind) for s in document.sections] == [("document", "whole")]


@pytest.mark.parametrize("content", ["", "  \n\t\n"])
@pytest.mark.parametrize("filename", ["empty.md", "empty.txt", "empty.html"])
def test_an_empty_file_is_an_error(tmp_path: Path, filename: str, content: str) -> None:
    path = tmp_path / filename
    path.write_text(content, encoding="utf-8")
    with pytest.raises(EmptyDocumentError, match=f"{filename} is empty"):
        parse_file(path)


@pytest.mark.parametrize("value", ["", "   ", b"", b" \n"])
def test_empty_text_or_bytes_are_an_error(value: str | bytes) -> None:
    with pytest.raises(EmptyDocumentError, match="empty"):
        parse_text(value)


def test_forcing_pdf_on_text_says_pdfs_come_as_bytes() -> None:
    with pytest.raises(DocumentError, match=r"the 'pdf' parser \(PDFParser\) reads bytes, not text"):
        parse_text("just some text", parser="pdf")
