"""The PDF parser (the optional ``pdf`` extra): one section per page, plus numbered headings."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, NoReturn

from citecheck._models import Document, Section, SectionKind
from citecheck.errors import DocumentError, DocumentReadError
from citecheck.parsers._base import require_text
from citecheck.parsers._headings import line_starts, numbered_id, stripped_span, unique, with_next
from citecheck.parsers._plaintext import find_numbered_headings

__all__ = ["PAGE_BREAK", "PDFParser"]

PAGE_BREAK = "\n\f\n"
"""What `PDFParser` puts between two pages' text in `Document.text`."""

_INSTALL_HINT = "reading PDFs needs the optional pypdf dependency: pip install 'citecheck-llm[pdf]'"


class PDFParser:
    """Parser for PDF files, built on pypdf (install with ``pip install 'citecheck-llm[pdf]'``).

    `Document.text` is the text pypdf extracts from each page, pages joined by `PAGE_BREAK` (a
    form feed on a line of its own). Every page with text is a section, id ``p. 3``, kind
    ``page``. Lines that read as numbered headings (``4.1 Title``, ``A.1 Title``, with the plain
    text parser's rules) start sections too, with the number as id, running to the next such
    heading across pages; so the same passage can sit both in a page and in a numbered section.
    Sections are in document order, a page before a heading that starts where it does.

    A `BytesParser`: PDFs are bytes, so use `parse_bytes`, or `citecheck.parse_file` with a path.
    pypdf is only imported when a PDF is parsed.
    """

    if not TYPE_CHECKING:
        # ``parse(text)`` always raised, which made PDFParser look like a text parser it is not.
        # It is gone, so neither mypy nor isinstance takes PDFParser for a TextParser; code that
        # still calls it is told what replaces it, as an AttributeError (a method kept to warn
        # would make it a TextParser again).
        def __getattr__(self, name: str) -> NoReturn:
            if name == "parse":
                raise AttributeError(
                    "PDFParser.parse was removed: a PDF is read from its bytes; call "
                    "PDFParser().parse_bytes(data) or citecheck.parse_file(path)",
                    name=name,
                    obj=self,
                )
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}", name=name, obj=self)

    def parse_bytes(self, data: bytes, *, name: str | None = None, path: str | None = None) -> Document:
        """Extract a PDF's text page by page and split it into page and heading sections.

        Args:
            data: The PDF file's bytes.
            name: The document's name, such as its file name.
            path: The file the bytes were read from, if any, named by errors.

        Raises:
            DocumentError: pypdf is not installed.
            DocumentReadError: The bytes are not a PDF pypdf can read (damaged, or encrypted).
            EmptyDocumentError: The PDF has no extractable text (a scanned PDF needs OCR first).
        """
        try:
            from pypdf import PdfReader
        except ImportError:
            raise DocumentError(_INSTALL_HINT) from None
        label = path or name or "the document"
        try:
            reader = PdfReader(io.BytesIO(data))
            encrypted = reader.is_encrypted and not reader.decrypt("")
            pages = [] if encrypted else [(page.extract_text() or "").rstrip() for page in reader.pages]
        except Exception as error:
            # A damaged file makes pypdf raise almost anything (its own errors, but also
            # AttributeError, LimitReachedError, RecursionError...): all mean "cannot be read".
            raise DocumentReadError(
                f"{label} is not a PDF that can be read: {type(error).__name__}: {error}", path=path
            ) from None
        if encrypted:
            raise DocumentReadError(f"{label} is encrypted: decrypt it before checking citations against it", path=path)
        text = PAGE_BREAK.join(pages)
        require_text(text, name=f"{label} (no extractable text; a scanned PDF needs OCR first)")
        return Document(text=text, sections=_sections(text, pages), name=name)


def _sections(text: str, pages: list[str]) -> tuple[Section, ...]:
    found: list[tuple[int, int, str, SectionKind, str, int]] = []  # (start, order, id, kind, title, end)
    lines: list[str] = []
    starts: list[int] = []
    offset = 0
    for number, page in enumerate(pages, start=1):
        start, end = stripped_span(text, offset, offset + len(page))
        if end > start:
            found.append((start, 0, f"p. {number}", "page", f"Page {number}", end))
        # Page by page: the form feed between two pages is not a line of its own.
        lines.extend(page.split("\n"))
        starts.extend(offset + line_start for line_start in line_starts(page))
        offset += len(page) + len(PAGE_BREAK)
    headings = find_numbered_headings(lines, starts, after_blank=False)
    for heading, following in with_next(headings):
        parsed = numbered_id(heading.text)
        assert parsed is not None  # find_numbered_headings only returns numbered lines
        start, end = stripped_span(text, heading.start, following.start if following else len(text))
        found.append((start, 1, parsed[0], parsed[1], parsed[2], end))
    found.sort(key=lambda entry: entry[:2])
    ids = unique(entry[2] for entry in found)
    return tuple(
        Section(id=section_id, title=title, kind=kind, text=text[start:end], start=start, end=end)
        for section_id, (start, _, _, kind, title, end) in zip(ids, found, strict=True)
    )
