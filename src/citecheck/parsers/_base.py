"""The `Parser` extension point."""

from __future__ import annotations

from typing import NoReturn, Protocol, runtime_checkable

from citecheck._errors import DocumentError, EmptyDocumentError
from citecheck._models import Document

__all__ = ["Parser", "fail", "require_text"]


@runtime_checkable
class Parser(Protocol):
    """Anything that turns a source text into a `Document`.

    Write one for a document shape citecheck does not know, and pass it where a parser is taken
    (``parser=``). It needs one method; no registration.

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
