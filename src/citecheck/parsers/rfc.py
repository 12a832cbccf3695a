"""The RFC loader and section splitter, for rfc-editor plain text."""

from __future__ import annotations

import re

from citecheck.models import Document, Section
from citecheck.parsers.base import require_text

__all__ = ["RFCParser", "load_rfc", "split_rfc_sections"]

_FOOTER = re.compile(r"\S.*\s\[Page \d+\]\s*$")
# A running header names the RFC, a title and a date, with wide gaps between them.
_HEADER = re.compile(r"(?:RFC \d+|Internet-Draft)\s{2,}\S.*\s{2,}\S.*\d{4}\s*$")
_BOUNDARY = re.compile(r"(?m)^(?:(\d+(?:\.\d+)*)\.  (.+)|Appendix [A-Z]\..*)$")


def _running_lines(lines: list[str]) -> set[str]:
    """The page footer and header lines of this document, whatever its authors, title and date.

    A footer ends with ``[Page N]``; a header is the first line after a footer when it names the RFC,
    a title and a date. Once found, every copy of those lines goes.
    """
    running: set[str] = set()
    after_footer = False
    for line in lines:
        if _FOOTER.match(line):
            running.add(line)
            after_footer = True
        elif after_footer and line.strip():
            if _HEADER.match(line):
                running.add(line)
            after_footer = False
    return running


def load_rfc(text: str) -> str:
    """An RFC's text without its page headers, footers and form feeds.

    Runs of blank lines left behind are collapsed to one blank line.
    """
    lines = [line.lstrip("\f") for line in text.splitlines()]
    running = _running_lines(lines)
    kept = [line for line in lines if line not in running]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(kept))


def split_rfc_sections(text: str) -> tuple[Section, ...]:
    """Numbered sections (``"4.1.3"``), split on the RFC's heading lines.

    An appendix heading only ends the section before it.
    """
    marks = list(_BOUNDARY.finditer(text))
    sections: list[Section] = []
    for mark, following in zip(marks, [*marks[1:], None], strict=True):
        number = mark.group(1)
        if number is None:
            continue
        end = following.start() if following else len(text)
        body = text[mark.start() : end].rstrip()
        sections.append(
            Section(
                id=number,
                title=mark.group(2).strip(),
                kind="numbered",
                text=body,
                start=mark.start(),
                end=mark.start() + len(body),
            )
        )
    return tuple(sections)


class RFCParser:
    """Parser for RFCs in rfc-editor plain text."""

    def parse(self, text: str) -> Document:
        """Load the RFC and split it into sections.

        Raises:
            EmptyDocumentError: The text is blank.
        """
        require_text(text)
        loaded = load_rfc(text)
        return Document(text=loaded, sections=split_rfc_sections(loaded))
