"""Parsers turn a source text into a `Document` of sections."""

from citecheck.parsers.base import Parser, fail
from citecheck.parsers.detect import FORMATS, Format, detect_format, parse_document
from citecheck.parsers.html import HTMLDocumentParser
from citecheck.parsers.markdown import MarkdownParser
from citecheck.parsers.pdf import PDFParser
from citecheck.parsers.plaintext import PlainTextParser
from citecheck.parsers.rfc import RFCParser

__all__ = [
    "FORMATS",
    "Format",
    "HTMLDocumentParser",
    "MarkdownParser",
    "PDFParser",
    "Parser",
    "PlainTextParser",
    "RFCParser",
    "detect_format",
    "fail",
    "parse_document",
]
