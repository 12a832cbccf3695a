"""`parse_document`: read a document from a path, text or bytes, and pick the parser for its format."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Literal, get_args

from citecheck._models import Document
from citecheck._section_numbers import NUMBER, RFC_FOOTER
from citecheck._sources import decode_utf8, read_bytes
from citecheck.parsers._base import Parser, require_text
from citecheck.parsers._html import HTMLDocumentParser
from citecheck.parsers._markdown import MarkdownParser
from citecheck.parsers._pdf import PDFParser
from citecheck.parsers._plaintext import PlainTextParser
from citecheck.parsers._rfc import RFCParser

__all__ = ["FORMATS", "Format", "detect_format", "parse_document"]

Format = Literal["rfc", "markdown", "text", "html", "pdf"]
"""A document format `parse_document` knows."""

FORMATS: tuple[Format, ...] = get_args(Format)
"""Every format `parse_document` accepts for ``format=``."""

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
# Longer than any path a system accepts; such a string is a document, not a file name.
_MAX_PATH = 4096


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


def _as_path(value: str | os.PathLike[str] | bytes) -> Path | None:
    """The path ``value`` names: any PathLike, or a one-line string that names an existing file."""
    if isinstance(value, os.PathLike):
        return Path(value)
    if isinstance(value, bytes) or "\n" in value or "\0" in value or len(value) > _MAX_PATH or not value.strip():
        return None
    try:
        return Path(value) if Path(value).is_file() else None
    except OSError:
        return None


def _check_format(format: str | None) -> Format | None:
    if format is None or format in FORMATS:
        return format
    raise ValueError(f"unknown format {format!r}: use one of {', '.join(FORMATS)}")


def parse_document(
    path_or_text: str | os.PathLike[str] | bytes,
    *,
    format: str | None = None,
    name: str | None = None,
) -> Document:
    """Read a document and parse it with the parser for its format.

    A `pathlib.Path` (any path-like), or a string that names an existing file, is read from disk;
    any other string is the document's text, and bytes are a PDF (when they start with ``%PDF``)
    or UTF-8 text. The format is, in order: ``format=``; the file's extension (``.md`` and
    ``.markdown`` are Markdown, ``.html`` and ``.htm`` HTML, ``.pdf`` PDF, and a ``.txt`` file is
    an RFC when it looks like one, else plain text); else a guess from the content (see
    `detect_format`).

    Args:
        path_or_text: A path, the document's text, or its bytes.
        format: Force a format: ``"rfc"``, ``"markdown"``, ``"text"``, ``"html"`` or ``"pdf"``.
        name: The document's name; defaults to the file's name when read from a file.

    Returns:
        The parsed document.

    Raises:
        ValueError: ``format`` is not one of the known formats.
        DocumentReadError: The file cannot be read, or is not UTF-8 (the message gives the byte
            offset of the first bad byte).
        EmptyDocumentError: The document holds nothing but whitespace.
        DocumentError: The document cannot be parsed, such as a PDF without the ``pdf`` extra.
    """
    chosen = _check_format(format)
    path = _as_path(path_or_text)
    if path is not None:
        name = name if name is not None else path.name
        if chosen is None:
            chosen = _EXTENSIONS.get(path.suffix.lower())
        data: bytes | str = read_bytes(path)
    else:
        assert not isinstance(path_or_text, os.PathLike)
        data = path_or_text
    if isinstance(data, bytes) and (chosen == "pdf" or (chosen is None and data.lstrip()[:5] == b"%PDF-")):
        return PDFParser().parse_bytes(data, name=name)
    if isinstance(data, bytes):
        where = None if path is None else str(path)
        text = decode_utf8(data, label=where or "the document", path=where)
    else:
        text = data
    require_text(text, name=name)
    if chosen is None:
        chosen = detect_format(text)
        if path is not None and path.suffix.lower() == ".txt" and chosen != "rfc":
            chosen = "text"  # a .txt file is an RFC or plain text, whatever markup it seems to hold
    document = _parser(chosen).parse(text)
    return document if name is None or document.name == name else document.model_copy(update={"name": name})
