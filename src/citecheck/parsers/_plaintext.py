"""The plain-text parser: numbered heading lines, or paragraphs when there are none."""

from __future__ import annotations

import re

from citecheck._models import Document, Section
from citecheck._section_numbers import HEADING_APPENDIX, HEADING_NUMBER, HEADING_SUB_APPENDIX
from citecheck.parsers._base import require_text
from citecheck.parsers._headings import Heading, line_starts, numbered_id, sections_from_headings, stripped_span

__all__ = ["PlainTextParser", "find_numbered_headings"]

# A candidate heading line: a section number (or appendix letter) at the very start of the line.
_CANDIDATE = re.compile(
    rf"^(?:{HEADING_NUMBER}\.?|Appendix {HEADING_APPENDIX}\.?:?|{HEADING_SUB_APPENDIX}\.?)(?:[ \t]+\S.*)?$"
)
_MAX_TITLE_WORDS = 12
_MAX_TITLE_CHARS = 80
_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n")
_TITLE_WORDS = 6


def _looks_like_title(title: str) -> bool:
    """Whether the words after a number read as a heading rather than the start of a sentence.

    "3 widgets were sent." is a sentence: it starts in lower case and ends with a full stop.
    """
    if not title:
        return True
    if len(title) > _MAX_TITLE_CHARS or len(title.split()) > _MAX_TITLE_WORDS:
        return False
    if title[-1] in ".!?,;:":
        return False
    first = next((char for char in title if char.isalpha()), "")
    return not first or first.isupper() or not title[0].isalpha()


def _depth(number: str) -> int:
    return number.rstrip(".").count(".")


def find_numbered_headings(lines: list[str], starts: list[int], *, after_blank: bool = True) -> list[Heading]:
    """The numbered heading lines among ``lines`` (each starting at ``starts[i]`` in the text).

    A heading line starts with its number, has a short title that does not end like a sentence,
    and is not one of a run of numbered lines on consecutive lines (that is a numbered list). With
    ``after_blank`` it must also stand after a blank line or first in the text; text extracted
    from a PDF has no blank lines to go by.
    """
    numbered: dict[int, tuple[str, str, str]] = {}
    for index, line in enumerate(lines):
        stripped = line.rstrip()
        parsed = numbered_id(stripped) if _CANDIDATE.match(stripped) else None
        if parsed is not None:
            numbered[index] = (parsed[0], parsed[2], stripped)
    headings: list[Heading] = []
    for index, (number, title, stripped) in numbered.items():
        # "42" alone on a line is a page number or a figure, not a heading; "42." or "4.2" is one.
        if not title and "." not in stripped:
            continue
        if not _looks_like_title(title) or (after_blank and index > 0 and lines[index - 1].strip()):
            continue
        neighbours = (numbered.get(index - 1), numbered.get(index + 1))
        if any(other and _depth(other[0]) == _depth(number) for other in neighbours):
            continue
        headings.append(Heading(level=_depth(number) + 1, text=stripped, start=starts[index]))
    return headings


def _paragraphs(text: str) -> tuple[Section, ...]:
    sections: list[Section] = []
    position = 0
    for block in [*_PARAGRAPH_BREAK.finditer(text), None]:
        end = block.start() if block else len(text)
        start, stop = stripped_span(text, position, end)
        if stop > start:
            body = text[start:stop]
            title = " ".join(body.split()[:_TITLE_WORDS])
            sections.append(
                Section(id=f"para-{len(sections) + 1}", title=title, kind="paragraph", text=body, start=start, end=stop)
            )
        position = block.end() if block else len(text)
    return tuple(sections)


class PlainTextParser:
    """Parser for plain text with numbered headings, falling back to paragraphs.

    A heading is a line that starts with a section number, such as ``4.1.3.``, ``4.1.3. Title`` or
    ``4.1.3 Title`` (or an appendix, ``Appendix A. Title`` or ``A.1 Title``), follows a blank line,
    and has a short title that reads like a heading: "3 widgets were sent." is a sentence, and
    ``1. Install`` / ``2. Run`` on consecutive lines are a list. Each heading starts a section
    (id = its number, ``4.1.3``) that runs to the next heading; text before the first heading is a
    ``front`` section.

    Text without any heading is split into paragraphs (blank-line separated) instead, with ids
    ``para-1``, ``para-2``... and the paragraph's first words as the title, so a citation still
    lands on a passage small enough for the judge to read. `Document.text` is the text unchanged.
    """

    def parse(self, text: str) -> Document:
        """Split plain text into numbered sections, or into paragraphs when it has no headings.

        Raises:
            EmptyDocumentError: The text is blank.
        """
        require_text(text)
        headings = find_numbered_headings(text.split("\n"), line_starts(text))
        sections = sections_from_headings(text, headings) if headings else _paragraphs(text)
        return Document(text=text, sections=sections)
