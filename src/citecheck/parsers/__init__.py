"""Parsers turn a source text (or a file's bytes) into a `Document` of sections.

`parse_file` and `parse_text` pick the parser from a `ParserRegistry`: the default one holds the
built-in parsers, those of installed plugins (the ``citecheck.parsers`` entry point group) and what
`register_parser` adds. `render_markdown_inline` reads a quote copied from a Markdown source as
the rendered page shows it, as `MarkdownParser` renders a document.
"""

from citecheck._models import SectionKind
from citecheck.parsers._base import AnyParser, BytesParser, TextParser, fail
from citecheck.parsers._detect import FORMATS, Format, detect_format, parse_file, parse_text
from citecheck.parsers._html import HTMLDocumentParser
from citecheck.parsers._markdown import MarkdownParser, render_markdown_inline
from citecheck.parsers._pdf import PDFParser
from citecheck.parsers._plaintext import PlainTextParser
from citecheck.parsers._registry import ParserRegistry, default_registry, register_parser
from citecheck.parsers._rfc import RFCParser, paragraph_joins

__all__ = [
    "FORMATS",
    "AnyParser",
    "BytesParser",
    "Format",
    "HTMLDocumentParser",
    "MarkdownParser",
    "PDFParser",
    "ParserRegistry",
    "PlainTextParser",
    "RFCParser",
    "SectionKind",
    "TextParser",
    "default_registry",
    "detect_format",
    "fail",
    "paragraph_joins",
    "parse_file",
    "parse_text",
    "register_parser",
    "render_markdown_inline",
]
