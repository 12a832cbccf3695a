"""The parser extension points: `TextParser` reads text, `BytesParser` reads bytes."""

from __future__ import annotations

from typing import NoReturn, Protocol, TypeAlias, runtime_checkable

from citecheck._models import Document
from citecheck.errors import DocumentError, EmptyDocumentError

__all__ = ["AnyParser", "BytesParser", "TextParser", "fail", "require_text"]


@runtime_checkable
class TextParser(Protocol):
    """Anything that turns a source text into a `Document`.

    Write one for a document shape citecheck does not know; call it yourself, or register it by
    format and extension (`register_parser`, `ParserRegistry`) so that `parse_file`, `parse_text`
    and the command line use it. It needs one method.

    `parse_file` reads the file, refuses a binary or non-UTF-8 one, drops a byte order mark and
    refuses an empty one before ``parse`` is called; it then names the document after the file.

    Examples:
        ```python
        class OnePerLine:
            def parse(self, text: str) -> Document:
                ...
        ```
    """

    def parse(self, text: str) -> Document:
        """Split ``text`` into sections.

        Raises:
            DocumentError: The text cannot be parsed; use `fail` to raise one.
        """
        ...


@runtime_checkable
class BytesParser(Protocol):
    """Anything that turns a file's bytes into a `Document`, such as `PDFParser`.

    A format that is not text (PDF, a word processor's file) is read from its bytes. `parse_file`
    hands such a parser the file's bytes untouched; `parse_text` hands it bytes, and refuses text
    with a `DocumentError`.

    Examples:
        ```python
        class ZippedNotes:
            def parse_bytes(self, data: bytes, *, name: str | None = None, path: str | None = None) -> Document:
                ...
        ```
    """

    def parse_bytes(self, data: bytes, *, name: str | None = None, path: str | None = None) -> Document:
        """Parse a file's bytes into sections.

        Args:
            data: The file's bytes.
            name: The document's name, such as its file name.
            path: The file the bytes were read from, if any, for error messages.

        Raises:
            DocumentError: The bytes cannot be parsed; use `fail` to raise one.
        """
        ...


AnyParser: TypeAlias = TextParser | BytesParser
"""A parser of either kind, as a `ParserRegistry` holds them."""


def fail(message: str) -> NoReturn:
    """Raise a `DocumentError` with a clear message, for use inside a custom parser.

    Raises:
        DocumentError: Always.
    """
    raise DocumentError(message)


def require_text(text: str, *, name: str | None = None) -> None:
    """Raise `EmptyDocumentError` when ``text`` holds nothing but whitespace."""
    if not text.strip():
        raise EmptyDocumentError(f"{name or 'the document'} is empty: there is nothing to check a citation against")
