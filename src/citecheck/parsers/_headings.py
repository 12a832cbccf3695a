"""Shared rules for turning headings into section ids, used by the Markdown, HTML, text and PDF parsers."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TypeVar

from citecheck._lazy_re import lazy_compile
from citecheck._models import Section, SectionKind
from citecheck._section_ids import CLAUSE, HEADING_APPENDIX, HEADING_NUMBER, HEADING_SUB_APPENDIX, slugify
from citecheck._section_ids import unique as unique

_NUMBERED = lazy_compile(rf"^(?P<id>{HEADING_NUMBER}(?:{CLAUSE})?)\.?(?:\s+(?P<title>.*))?$", re.DOTALL)
# A bare letter is only an appendix when the heading says so: "A Tale of Two Cities" is not one.
_APPENDIX = lazy_compile(
    rf"^(?:(?:Appendix|Exhibit|Annex|Schedule)\s+(?P<letter>{HEADING_APPENDIX})|(?P<dotted>{HEADING_SUB_APPENDIX}))"
    r"\.?(?::)?(?:\s+(?P<title>.*))?$",
    re.DOTALL,
)
_LINE_BREAK = lazy_compile("\n")
# CRLF and CR count as one line break each, as markdown-it counts them.
_ANY_LINE_BREAK = lazy_compile(r"\r\n?|\n")

_T = TypeVar("_T")


@dataclass(frozen=True)
class Heading:
    """A heading found by a parser: its level, its words, and where its section starts."""

    level: int
    text: str
    start: int


def numbered_id(heading: str) -> tuple[str, SectionKind, str] | None:
    """The id, kind and title of a heading that starts with a section number, else ``None``."""
    heading = " ".join(heading.split())
    numbered = _NUMBERED.match(heading)
    if numbered:
        return numbered.group("id"), "numbered", (numbered.group("title") or "").strip()
    appendix = _APPENDIX.match(heading)
    if appendix:
        letter = appendix.group("letter") or appendix.group("dotted")
        # "Exhibit A - Notice": the dash only separates the letter from the title.
        return letter, "appendix", (appendix.group("title") or "").strip().lstrip("-\u2013\u2014 ")
    return None


def with_next(items: Sequence[_T]) -> Iterator[tuple[_T, _T | None]]:
    """Each item with the item after it, the last with ``None``; nothing at all for no items."""
    for index, item in enumerate(items):
        yield item, items[index + 1] if index + 1 < len(items) else None


def line_starts(text: str, *, crlf: bool = False) -> list[int]:
    r"""The offset of each line's first character, the first line's (0) included.

    Lines end at ``\n``; with ``crlf``, also at ``\r\n`` and a lone ``\r``. Without it,
    ``line_starts(text)[i]`` is where ``text.split("\n")[i]`` starts.
    """
    breaks = _ANY_LINE_BREAK if crlf else _LINE_BREAK
    return [0, *(match.end() for match in breaks.finditer(text))]


def stripped_span(text: str, start: int, end: int) -> tuple[int, int]:
    """``start:end`` without the whitespace at either end."""
    chunk = text[start:end]
    lead = len(chunk) - len(chunk.lstrip())
    return start + lead, start + len(chunk.rstrip())


def whole_document(text: str) -> tuple[Section, ...]:
    """One section, id ``document``, kind ``whole``: for a document that has no headings."""
    start, end = stripped_span(text, 0, len(text))
    first = text[start:end].split("\n", 1)[0]
    return (Section(id="document", title=first[:60].strip(), kind="whole", text=text[start:end], start=start, end=end),)


def sections_from_headings(text: str, headings: Sequence[Heading]) -> tuple[Section, ...]:
    """Sections that each run from a heading to the next heading of any level.

    Ids follow the heading's number when it has one (``4.1.3``, ``A.1``), else a slug of the
    heading path (``introduction/scope``). Text before the first heading becomes a ``front``
    section so that a quote from it can still be found. No headings: one ``whole`` section.
    """
    if not headings:
        return whole_document(text)
    wanted: list[tuple[str, SectionKind, str, int, int, int | None]] = []  # ..., the parent's place in wanted
    front_start, front_end = stripped_span(text, 0, headings[0].start)
    if front_end > front_start:
        wanted.append(("front", "front", "", front_start, front_end, None))
    path: list[tuple[int, str, int]] = []  # the open headings: level, slug, place in wanted
    for heading, following in with_next(headings):
        while path and path[-1][0] >= heading.level:
            path.pop()
        parent = path[-1][2] if path else None
        path.append((heading.level, slugify(heading.text), len(wanted)))
        end = following.start if following else len(text)
        start, end = stripped_span(text, heading.start, end)
        number = numbered_id(heading.text)
        if number:
            section_id, kind, title = number
        else:
            section_id, kind, title = "/".join(entry[1] for entry in path), "heading", " ".join(heading.text.split())
        wanted.append((section_id, kind, title, start, end, parent))
    ids = unique(entry[0] for entry in wanted)
    return tuple(
        Section(
            id=section_id,
            title=title,
            kind=kind,
            text=text[start:end],
            start=start,
            end=end,
            parent=None if parent is None else ids[parent],
        )
        for section_id, (_, kind, title, start, end, parent) in zip(ids, wanted, strict=True)
    )
