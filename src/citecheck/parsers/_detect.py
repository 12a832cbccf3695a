"""`parse_file` and `parse_text` read a document and pick its parser."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path, PurePath
from typing import Literal, get_args

from citecheck._lazy_re import lazy_compile
from citecheck._models import Document
from citecheck._plugins import call
from citecheck._section_ids import NUMBER, RFC_FOOTER
from citecheck._sources import decode_utf8, read_bytes, reject_binary
from citecheck.errors import DocumentError, UnknownFormatError
from citecheck.parsers._base import AnyParser, BytesParser, TextParser, require_text
from citecheck.parsers._registry import ParserRegistry, as_registry

__all__ = ["FORMATS", "Format", "detect_format", "parse_file", "parse_text"]

Format = Literal["rfc", "markdown", "text", "html", "pdf"]
"""A built-in document format, as `detect_format` names it."""

FORMATS: tuple[Format, ...] = get_args(Format)
"""The built-in formats; a registry may hold more (`register_parser`, plugins), all accepted by ``parser=``."""

_HTML = re.compile(r"(?i)<(?:!doctype\s+html|html|head|body|h[1-6])[\s>/]")
_RFC = re.compile(rf"(?m)^Request for Comments:|^{RFC_FOOTER}")
_RFC_HEADING = lazy_compile(rf"(?m)^{NUMBER}\.  \S")
_MARKDOWN = lazy_compile(r"(?m)^ {0,3}#{1,6}[ \t]+\S|^ {0,3}\S.*\n {0,3}(?:=+|-{2,})[ \t]*$")


def _looks_like_rfc(text: str) -> bool:
    return bool(_RFC.search(text)) or len(_RFC_HEADING.findall(text)) >= 2


_GUESSED_SUFFIXES = frozenset({"", ".txt", ".text"})
"""Extensions read as plain text when their content names no format (no RFC, Markdown or HTML)."""


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


def _is_pdf(data: bytes) -> bool:
    return data.lstrip()[:5] == b"%PDF-"


def _guessed(registry: ParserRegistry, format: str, label: str) -> AnyParser:
    # The content named a built-in format that this registry may not hold (a plain mapping).
    if format in registry:
        return registry[format]
    raise UnknownFormatError(
        format,
        list(registry),
        reason=f"{label} looks like {format}, but no parser is registered for {format!r}: name its format, one of",
    )


def _named(registry: ParserRegistry, format: str | None, parser: AnyParser) -> str:
    """How a message names a parser: its plugin, or its format and class."""
    if format is not None and registry.get(format) is parser:
        return registry.describe(format)
    return f"the {format!r} parser ({type(parser).__name__})"


def _parse(
    data: str | bytes,
    format: str | None,
    *,
    registry: ParserRegistry,
    name: str | None,
    path: str | None,
    txt_file: bool,
    unknown_suffix: bool = False,
) -> Document:
    label = path or name or "the document"
    parser: AnyParser | None = None
    if format is None and isinstance(data, bytes) and _is_pdf(data):
        format = "pdf"
        parser = _guessed(registry, format, label)
    elif format is not None:
        parser = registry.parser(format)
    if isinstance(data, bytes) and isinstance(parser, BytesParser):
        reader = parser
        document = call(
            _named(registry, format, parser), "parse_bytes()", lambda: reader.parse_bytes(data, name=name, path=path)
        )
    else:
        if parser is not None and not isinstance(parser, TextParser):
            raise DocumentError(
                f"the {format!r} parser ({type(parser).__name__}) reads bytes, not text: "
                "give parse_text the document's bytes, or parse_file its path"
            )
        reject_binary(data, label=label, path=path)
        text = decode_utf8(data, label=label, path=path) if isinstance(data, bytes) else data
        require_text(text, name=label)
        if parser is None:
            format = detect_format(text)
            if txt_file and format != "rfc":
                format = "text"  # a .txt file is an RFC or plain text, whatever markup it seems to hold
            if unknown_suffix and format == "text":
                # Content that names no format, under an extension no parser reads: most often a parser
                # plugin that is not installed. Reading it as plain text would hide that.
                suffix = PurePath(label).suffix
                raise UnknownFormatError(
                    suffix,
                    list(registry),
                    reason=f"{label}: no parser reads {suffix!r} files, and the content names no format: "
                    "give one (parser=, --parser; text reads any file as plain text), one of",
                )
            parser = _guessed(registry, format, label)
            if not isinstance(parser, TextParser):
                raise DocumentError(f"{label} looks like {format}, but the {format!r} parser reads bytes, not text")
        document = call(_named(registry, format, parser), "parse()", parser.parse, text)
    if not isinstance(document, Document):
        raise DocumentError(
            f"the {format!r} parser ({type(parser).__name__}) returned a {type(document).__name__}, "
            f"not a Document, for {label}"
        )
    return document if name is None or document.name == name else document.model_copy(update={"name": name})


def parse_file(
    path: str | os.PathLike[str],
    *,
    parser: str | None = None,
    name: str | None = None,
    parsers: Mapping[str, AnyParser] | None = None,
) -> Document:
    """Read a document from a file and parse it with the parser for its format.

    The format is ``parser=``, else the one registered for the file's extension (built in:
    ``.md`` and ``.markdown`` are Markdown, ``.html``, ``.htm`` and ``.xhtml`` HTML, ``.pdf`` PDF),
    else a guess from the content (see `detect_format`; a ``.txt`` file is an RFC when it looks
    like one, else plain text). A text parser gets the file decoded from UTF-8, a leading byte
    order mark dropped; a bytes parser (`BytesParser`) gets its bytes.

    Args:
        path: The file; a string is always a path here, never the document's text.
        parser: Force a parser, by its format's name, as the command line's ``--parser``: a built-in
            one (``"rfc"``, ``"markdown"``, ``"text"``, ``"html"``, ``"pdf"``) or any registered in ``parsers``.
        name: The document's name; defaults to the file's name.
        parsers: The parsers to pick from: a `ParserRegistry`, or a mapping of format to parser;
            by default `default_registry()` (the built-ins, plugins and `register_parser`'s).

    Returns:
        The parsed document.

    Raises:
        UnknownFormatError: ``parser`` (or the format guessed from the content) has no parser in
            ``parsers``; the message lists the formats that do. It is a `ValueError` too.
        DocumentReadError: The file cannot be read, is binary (holds a NUL byte), is not UTF-8
            (the message gives the byte offset of the first bad byte), or is a damaged PDF.
        EmptyDocumentError: The document holds nothing but whitespace.
        DocumentError: The document cannot be parsed, such as a PDF without the ``pdf`` extra.
        ParserRegistryError: ``parsers`` holds something that is not a parser, or an installed
            plugin cannot be loaded.
    """
    registry = as_registry(parsers)
    format = parser
    if format is not None:
        registry.parser(format)  # an unknown format fails before the file is read
    file = Path(path)
    data = read_bytes(file)
    if format is None:
        format = registry.format_for(file)
    return _parse(
        data,
        format,
        registry=registry,
        name=name if name is not None else file.name,
        path=str(file),
        txt_file=file.suffix.lower() == ".txt",
        unknown_suffix=format is None and file.suffix.lower() not in _GUESSED_SUFFIXES,
    )


def parse_text(
    text: str | bytes,
    *,
    parser: str | None = None,
    name: str | None = None,
    parsers: Mapping[str, AnyParser] | None = None,
) -> Document:
    """Parse a document given as its text (or its bytes) with the parser for its format.

    Args:
        text: The document's text; or its bytes: a PDF (when they start with ``%PDF-``, or with
            ``parser="pdf"``), bytes for a `BytesParser` format, else UTF-8 text (a leading
            byte order mark dropped).
        parser: Force a parser, by its format's name, as the command line's ``--parser``: a built-in
            one (``"rfc"``, ``"markdown"``, ``"text"``, ``"html"``, ``"pdf"``) or any registered in
            ``parsers``; by default the format is guessed from the content (see `detect_format`).
        name: The document's name, by which citations name it.
        parsers: The parsers to pick from, as for `parse_file`.

    Returns:
        The parsed document.

    Raises:
        UnknownFormatError: ``parser`` (or the format guessed) has no parser in ``parsers``.
        DocumentReadError: The text is binary (holds a NUL), the bytes are not UTF-8, or they are
            a damaged PDF.
        EmptyDocumentError: The document holds nothing but whitespace.
        DocumentError: The document cannot be parsed, such as a PDF without the ``pdf`` extra,
            or text given for a format whose parser reads bytes.
        ParserRegistryError: ``parsers`` holds something that is not a parser, or an installed
            plugin cannot be loaded.
    """
    if not isinstance(text, (str, bytes)):
        raise TypeError(f"parse_text takes the document's text as str or bytes, got {type(text).__name__}")
    return _parse(text, parser, registry=as_registry(parsers), name=name, path=None, txt_file=False)
