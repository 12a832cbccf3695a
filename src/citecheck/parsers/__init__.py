"""Parsers turn a source text into a `Document` of sections."""

from citecheck._models import SectionKind
from citecheck.parsers._base import Parser, fail
from citecheck.parsers._detect import FORMATS, Format, detect_format, parse_document, parse_file, parse_text
from citecheck.parsers._html import HTMLDocumentParser
from citecheck.parsers._markdown import MarkdownParser
from citecheck.parsers._pdf import PDFParser
from citecheck.parsers._plaintext import PlainTextParser
from citecheck.parsers._rfc import RFCParser

__all__ = [
    "FORMATS",
    "Format",
    "HTMLDocumentParser",
    "MarkdownParser",
    "PDFParser",
    "Parser",
    "PlainTextParser",
    "RFCParser",
    "SectionKind",
    "detect_format",
    "fail",
    "parse_document",
    "parse_file",
    "parse_text",
]
