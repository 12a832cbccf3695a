"""Parsers turn a source text (or a file's bytes) into a `Document` of sections.

`parse_file` and `parse_text` pick the parser from a `ParserRegistry`: the default one holds the
built-in parsers, those of installed plugins (the ``citecheck.parsers`` entry point group) and what
`register_parser` adds. `render_markdown_inline` reads a quote copied from a Markdown source as
the rendered page shows it, as `MarkdownParser` renders a document.

The HTML, Markdown and PDF parsers' modules are imported on first use of their names (PEP 562),
as the registry makes their parsers on first use: reading an RFC or a plain text loads none of
them (nor `html.parser`). Type checkers read the imports under ``TYPE_CHECKING``.
"""

import typing as _typing
from importlib import import_module as _import_module

from citecheck._models import SectionKind
from citecheck.parsers._base import AnyParser, BytesParser, TextParser, fail
from citecheck.parsers._detect import FORMATS, Format, detect_format, parse_file, parse_text
from citecheck.parsers._plaintext import PlainTextParser
from citecheck.parsers._registry import ParserRegistry, default_registry, register_parser
from citecheck.parsers._rfc import RFCParser, paragraph_joins

if _typing.TYPE_CHECKING:
    from citecheck.parsers._html import HTMLDocumentParser
    from citecheck.parsers._markdown import MarkdownParser, render_markdown_inline
    from citecheck.parsers._pdf import PDFParser

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

_LAZY = {
    "HTMLDocumentParser": "citecheck.parsers._html",
    "MarkdownParser": "citecheck.parsers._markdown",
    "render_markdown_inline": "citecheck.parsers._markdown",
    "PDFParser": "citecheck.parsers._pdf",
}
"""The names imported from their module on first use."""


def __getattr__(name: str) -> _typing.Any:
    home = _LAZY.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(_import_module(home), name)
    globals()[name] = value  # the next lookup is a plain global, with no call
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
