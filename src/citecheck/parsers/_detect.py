"""`parse_file` and `parse_text` read a document and pick its parser; `parse_document` is their deprecated alias."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Literal, get_args

from typing_extensions import deprecated

from citecheck._errors import DocumentError, DocumentReadError
from citecheck._models import Document
from citecheck._sources import decode_utf8, read_bytes, reject_binary
from citecheck.parsers._base import Parser, require_text
from citecheck.parsers._html import HTMLDocumentParser
from citecheck.parsers._markdown import MarkdownParser
from citecheck.parsers._pdf import PDFParser
from citecheck.parsers._plaintext import PlainTextParser
from citecheck.parsers._rfc import RFCParser
from citecheck.parsers._section_numbers import NUMBER, RFC_FOOTER

__all__ = ["FORMATS", "Format", "detect_format", "parse_document", "parse_file", "parse_text"]

Format = Literal["rfc", "markdown", "text", "html", "pdf"]
"""A document format `parse_file` and `parse_text` know."""

FORMATS: tuple[Format, ...] = get_args(Format)
"""Every format accepted for ``format=``."""

_EXTENSIONS: dict[str, Format] = {
    ".md": "markdown",
    ".markdown": "markdown",
    ".html": "html",
    ".htm": "html",
    ".xhtml": "html",
    ".pdf": "pdf",
}
_HTML = re.compile(r"(?i)<(?:!doctype\s+html|html|head|body|h[1-6])[\s>/]")
_RFC = re.compile(rf"(?m)^Request for Comments:|^{RFC_FOOTER}")
_RFC_HEADING = re.compile(rf"(?m)^{NUMBER}\.  \S")
_MARKDOWN = re.compile(r"(?m)^ {0,3}#{1,6}[ \t]+\S|^ {0,3}\S.*\n {0,3}(?:=+|-{2,})[ \t]*$")


def _looks_like_rfc(text: str) -> bool:
    return bool(_RFC.search(text)) or len(_RFC_HEADING.findall(text)) >= 2


def detect_format(text: str) -> Format:
    """Guess a text's format from its content: HTML, an RFC, Markdown, else plain text.

    HTML has an ``<html>``, ``<body>`` or ``<h1>``-style tag; an RFC has a ``Request for
    Comments:`` line, ``[Page N]`` footers, or RFC-style ``1.  Introduction`` headings; Markdown
    has ``#`` headings or underlined (setext) ones. RFCs are recognised before Markdown because
    their ASCII art can look like setext underlines.
    """
    if _HTML.search(text):
        return "html"
    if _looks_like_rfc(text):
        return "rfc"
    if _MARKDOWN.search(text):
        return "markdown"
    return "text"


def _parser(format: Format) -> Parser:
    parsers: dict[Format, Parser] = {
        "rfc": RFCParser(),
        "markdown": MarkdownParser(),
        "text": PlainTextParser(),
        "html": HTMLDocumentParser(),
        "pdf": PDFParser(),
    }
    return parsers[format]


def _check_format(format: str | None) -> Format | None:
    if format is None or format in FORMATS:
        return format
    raise ValueError(f"unknown format {format!r}: use one of {', '.join(FORMATS)}")


def _is_pdf(data: bytes) -> bool:
    return data.lstrip()[:5] == b"%PDF-"


def _parse(data: str | bytes, chosen: Format | None, *, name: str | None, path: str | None, txt_file: bool) -> Document:
    label = path or name or "the document"
    if isinstance(data, bytes) and (chosen == "pdf" or (chosen is None and _is_pdf(data))):
        return PDFParser().parse_bytes(data, name=name, path=path)
    reject_binary(data, label=label, path=path)
    text = decode_utf8(data, label=label, path=path) if isinstance(data, bytes) else data
    require_text(text, name=label)
    if chosen is None:
        chosen = detect_format(text)
        if txt_file and chosen != "rfc":
            chosen = "text"  # a .txt file is an RFC or plain text, whatever markup it seems to hold
    document = _parser(chosen).parse(text)
    return document if name is None or document.name == name else document.model_copy(update={"name": name})


def parse_file(path: str | os.PathLike[str], *, format: str | None = None, name: str | None = None) -> Document:
    """Read a document from a file and parse it with the parser for its format.

    The format is ``format=``, else the file's extension (``.md`` and ``.markdown`` are Markdown,
    ``.html``, ``.htm`` and ``.xhtml`` HTML, ``.pdf`` PDF, and a ``.txt`` file is an RFC when it
    looks like one, else plain text), else a guess from the content (see `detect_format`). A
    leading UTF-8 byte order mark is dropped.

    Args:
        path: The file; a string is always a path here, never the document's text.
        format: Force a format: ``"rfc"``, ``"markdown"``, ``"text"``, ``"html"`` or ``"pdf"``.
        name: The document's name; defaults to the file's name.

    Returns:
        The parsed document.

    Raises:
        ValueError: ``format`` is not one of the known formats.
        DocumentReadError: The file cannot be read, is binary (holds a NUL byte), is not UTF-8
            (the message gives the byte offset of the first bad byte), or is a damaged PDF.
        EmptyDocumentError: The document holds nothing but whitespace.
        DocumentError: The document cannot be parsed, such as a PDF without the ``pdf`` extra.
    """
    chosen = _check_format(format)
    file = Path(path)
    data = read_bytes(file)
    if chosen is None:
        chosen = _EXTENSIONS.get(file.suffix.lower())
    return _parse(
        data,
        chosen,
        name=name if name is not None else file.name,
        path=str(file),
        txt_file=file.suffix.lower() == ".txt",
    )


def parse_text(text: str | bytes, *, format: str | None = None, name: str | None = None) -> Document:
    """Parse a document given as its text (or its bytes) with the parser for its format.

    Args:
        text: The document's text; or its bytes: a PDF (when they start with ``%PDF-``, or with
            ``format="pdf"``), else UTF-8 text (a leading byte order mark dropped).
        format: Force a format: ``"rfc"``, ``"markdown"``, ``"text"``, ``"html"`` or ``"pdf"``;
            by default it is guessed from the content (see `detect_format`).
        name: The document's name, by which citations name it.

    Returns:
        The parsed document.

    Raises:
        ValueError: ``format`` is not one of the known formats.
        DocumentReadError: The text is binary (holds a NUL), the bytes are not UTF-8, or they are
            a damaged PDF.
        EmptyDocumentError: The document holds nothing but whitespace.
        DocumentError: The document cannot be parsed, such as a PDF without the ``pdf`` extra.
    """
    if not isinstance(text, (str, bytes)):
        raise TypeError(f"parse_text takes the document's text as str or bytes, got {type(text).__name__}")
    return _parse(text, _check_format(format), name=name, path=None, txt_file=False)


@deprecated("parse_document is deprecated: call parse_file(path) to read a file, or parse_text(data) for text or bytes")
def parse_document(
    source: str | os.PathLike[str] | bytes,
    *,
    format: str | None = None,
    name: str | None = None,
) -> Document:
    """Read a document from a file, or parse bytes: a deprecated alias of `parse_file` and `parse_text`.

    Deprecated: it warns with a `DeprecationWarning`. Call `parse_file` for a path and
    `parse_text` for text or bytes.

    A `pathlib.Path` (any path-like) or a string is a file, read with `parse_file`: a string is
    never taken as the document's text, so a mistyped file name is an error, not a document.
    Bytes are the document's content, parsed with `parse_text`. To parse text, call `parse_text`.

    Args:
        source: A path, or the document's bytes.
        format: Force a format: ``"rfc"``, ``"markdown"``, ``"text"``, ``"html"`` or ``"pdf"``.
        name: The document's name; defaults to the file's name when read from a file.

    Returns:
        The parsed document.

    Raises:
        ValueError: ``format`` is not one of the known formats.
        DocumentReadError: The file cannot be read (a string that is not a file's name), is binary,
            not UTF-8, or a damaged PDF.
        EmptyDocumentError: The document holds nothing but whitespace.
        DocumentError: The document cannot be parsed.
    """
    if isinstance(source, bytes):
        return parse_text(source, format=format, name=name)
    if isinstance(source, str) and ("\n" in source or "\0" in source):
        raise DocumentError(
            "parse_document reads a file, and this string holds a line break, so it is a document's text, "
            "not a file name: call parse_text(text) to parse text"
        )
    if not isinstance(source, (str, os.PathLike)):
        raise TypeError(f"parse_document takes a path or bytes, got {type(source).__name__}")
    if isinstance(source, str) and not Path(source).exists():
        raise DocumentReadError(
            f"cannot read {source}: no such file (parse_document reads a file; call parse_text(text) to parse text)",
            path=source,
        )
    return parse_file(source, format=format, name=name)
