"""The RFC loader and section splitter, for any RFC in rfc-editor plain text.

Loading removes the document's own running page lines: every footer (a line ending in
``[Page N]``) and the running header that follows it (the first line of the next page). Neither is
looked up by name, so any authors, title and date work; form feeds are optional, and an
unpaginated RFC simply has none to remove. Runs of blank lines left behind collapse to one blank
line. `Document.source` keeps the raw text and `Document.source_map` maps every character of the
loaded text back onto the same character of the raw text.

Sections, in document order:

- front matter before the first numbered section: ``Abstract``, ``Status of This Memo``,
  ``Copyright Notice`` (kind ``front``, ids such as ``abstract``). The Table of Contents is not a
  section: it only repeats the headings, and a quote found there would cite the wrong place. It
  still ends the front section before it.
- numbered sections ``1`` … (kind ``numbered``), split on their heading lines.
- appendices: ``Appendix A.  Title`` is ``A`` and ``A.1.  Title`` is ``A.1`` (kind ``appendix``).
  An appendix heading ends the numbered section before it.
- back matter after the last numbered section or appendix: unindented title lines such as
  ``Acknowledgements`` or ``Authors' Addresses`` (kind ``back``, ids such as ``authors-addresses``).
- text with none of these headings: one section, id ``document``, kind ``whole``.

A paragraph split by a page break: removing a page's footer and header leaves one blank line in
the middle of that paragraph. Joining its halves changes the text of every section that holds
one; in RFC 7519 that is three numbered sections (4.3, 10.1 and 11.2; none of the six whose
exact text keys the cookbook's recorded answers) and the 58,365 characters the cookbook reports,
and the numbered sections of RFC 7519 must stay byte-identical to the cookbook's. By default the
text is therefore left as loaded, and a split paragraph still reads as one where checking needs it:
the matcher folds every whitespace run, that blank line included, into one space, so a quote that
crosses a page break matches. `page_breaks` tells where the breaks were.
``RFCParser(join_page_breaks=True)`` joins the halves in the text itself, for documents whose
section text keys no recorded answers.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import pairwise

from citecheck._models import Document, Section, SectionKind
from citecheck._offsets import OffsetMap, OriginsBuilder
from citecheck.parsers._base import require_text
from citecheck.parsers._headings import line_starts, slugify, whole_document, with_next
from citecheck.parsers._section_numbers import APPENDIX, RFC_FOOTER, RFC_NUMBERED_HEADING, SUB_APPENDIX, unique

__all__ = ["RFCParser", "load_rfc", "page_breaks", "running_lines", "split_rfc_sections"]

_FOOTER = re.compile(RFC_FOOTER)
# A header names the RFC (or draft), a title and a date, spread over the line with wide gaps.
_HEADER = re.compile(r"(?:RFC \d+|Internet-Draft)\s{2,}\S.*\s{2,}\S.*\d{4}\s*$")
_NUMBERED = re.compile(RFC_NUMBERED_HEADING)
_APPENDIX = re.compile(rf"Appendix ({APPENDIX})\.\s+(\S.*)")
_SUB_APPENDIX = re.compile(rf"({SUB_APPENDIX})\.\s+(\S.*)")
# An unnumbered title: unindented, starts with a capital, no wide gaps (the first page's header
# block has them), no trailing punctuation, and not a header field such as "ISSN: 2070-1721".
_TITLE = re.compile(r"[A-Z](?!.*  )(?![\w-]+(?: [\w-]+)*: )[^\s].{0,60}?(?<![.:;,])")
_TOC = "table of contents"
_BULLET = re.compile(r" *(?:[o*-]|\d+\.|\([a-z0-9]+\))  +")
# The characters str.splitlines ends a line at.
_LINE_ENDS = "\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"
_BLOCK = 1 << 16  # characters split into lines at a time
_JOIN_EVERY = 4096  # copied pieces joined at a time


@dataclass(frozen=True)
class _Loaded:
    text: str
    source_map: OffsetMap


def _lines(text: str, *, keepends: bool = False) -> Iterator[str]:
    r"""``text.splitlines(keepends)``, a block at a time: the whole list would cost twice the text.

    A block ends just after a ``\n``, which always ends a line (alone or in ``\r\n``), so the
    lines are the same.
    """
    at = 0
    while at < len(text):
        cut = text.find("\n", at + _BLOCK)
        stop = len(text) if cut == -1 else cut + 1
        yield from text[at:stop].splitlines(keepends)
        at = stop


def running_lines(text: str) -> frozenset[str]:
    """The page footer and header lines of this RFC, whatever its authors, title and date.

    A footer ends with ``[Page N]``. A header is the first non-blank line after a footer, when it
    names the RFC, a title and a date, or when the same line opens at least two pages.

    Args:
        text: The RFC's raw text.

    Returns:
        The exact lines (form feeds stripped) that are running footers or headers.
    """
    footers: set[str] = set()
    candidates: Counter[str] = Counter()
    after_footer = False
    for raw in _lines(text):
        line = raw.lstrip("\f")
        if _FOOTER.match(line):
            footers.add(line)
            after_footer = True
        elif after_footer and line.strip():
            candidates[line] += 1
            after_footer = False
    headers = {line for line, count in candidates.items() if _HEADER.match(line) or count >= 2}
    return frozenset(footers | headers)


class _Copy:
    """A text built from pieces of another, in order, and where each piece came from.

    No per-character list of origins is built: with the characters themselves, that cost about
    50 times the text.
    """

    def __init__(self) -> None:
        self.origins = OriginsBuilder()
        self._done: list[str] = []
        self._pieces: list[str] = []

    def add(self, piece: str, origin: int) -> None:
        """Append ``piece``, copied one for one from original offset ``origin`` on."""
        if not piece:
            return
        self.origins.add(origin, len(piece))
        self._pieces.append(piece)
        if len(self._pieces) >= _JOIN_EVERY:
            self._done.append("".join(self._pieces))
            self._pieces.clear()

    def add_span(self, other: _Copy, text: str, start: int, end: int) -> None:
        """Append ``text[start:end]``, where ``text`` is what ``other`` built, with its origins."""
        derived, original = other.origins.derived, other.origins.original
        anchor = bisect_right(derived, start) - 1
        while start < end:
            next_anchor = derived[anchor + 1] if anchor + 1 < len(derived) else other.origins.length
            stop = min(end, next_anchor)
            self.add(text[start:stop], original[anchor] + start - derived[anchor])
            start = stop
            anchor += 1

    def to_derived(self, origin: int) -> int:
        """Where the character copied from original offset ``origin`` is in the text built.

        The origins only move forward, so they are searched like the offsets.
        """
        derived, original = self.origins.derived, self.origins.original
        anchor = bisect_right(original, origin) - 1
        return derived[anchor] + origin - original[anchor]

    def text(self) -> str:
        """The text built so far."""
        return "".join([*self._done, "".join(self._pieces)])


def _load(text: str, *, join: bool) -> _Loaded:
    running = running_lines(text)
    copy = _Copy()
    break_origins: list[int] = []  # raw offset of the first character after each page break
    position = 0
    previous_end = -1
    after_break = False
    breaks_in_a_row = 0  # line breaks copied since the last non-empty line
    for raw in _lines(text, keepends=True):
        body = raw.rstrip(_LINE_ENDS)  # no line holds one, so this drops only the line's own end
        stripped = len(body) - len(body.lstrip("\f"))
        line = body[stripped:]
        if line in running:
            after_break = True
        else:
            if previous_end >= 0:
                # The line break between two kept lines stands for the previous line's own break.
                # Runs of blank lines collapse to one blank line: the first two breaks are kept.
                if breaks_in_a_row < 2:
                    copy.add("\n", previous_end)
                breaks_in_a_row += 1
            if after_break and line.strip():
                break_origins.append(position + stripped + len(line) - len(line.lstrip()))
                after_break = False
            if line:
                copy.add(line, position + stripped)
                breaks_in_a_row = 0
            previous_end = position + len(body)
        position += len(raw)
    loaded = copy.text()
    if join:
        loaded, copy = _join_split_paragraphs(loaded, copy, [copy.to_derived(at) for at in break_origins])
    return _Loaded(loaded, copy.origins.offset_map())


def _text_indent(line: str) -> int:
    bullet = _BULLET.match(line)
    return bullet.end() if bullet else len(line) - len(line.lstrip(" "))


def _continues(before: str, after: str) -> bool:
    """Whether the line after a page break continues the paragraph of the line before it."""
    if not before.startswith(" ") or not after.startswith(" ") or _BULLET.match(after):
        return False
    if _text_indent(before) != len(after) - len(after.lstrip(" ")):
        return False
    # A sentence that runs on: the next page starts in lower case, or the page ended mid-sentence
    # on a word or a comma (not after a bracket or a number, as arrays and examples do).
    last = before.rstrip()[-1:]
    return after.lstrip()[:1].islower() or last.isalpha() or last == ","


def _join_split_paragraphs(text: str, copy: _Copy, breaks: list[int]) -> tuple[str, _Copy]:
    drop: set[int] = set()
    for offset in breaks:
        line_start = text.rfind("\n", 0, offset) + 1
        gap_start = line_start
        while gap_start > 0 and text[gap_start - 1] == "\n":
            gap_start -= 1
        before = text[text.rfind("\n", 0, gap_start) + 1 : gap_start]
        after = text[line_start : text.find("\n", line_start) if "\n" in text[line_start:] else len(text)]
        if text[gap_start:line_start] == "\n\n" and _continues(before, after):
            drop.add(gap_start)  # one line break stays: the halves become consecutive lines
    joined = _Copy()
    start = 0
    for offset in sorted(drop):
        joined.add_span(copy, text, start, offset)
        start = offset + 1
    joined.add_span(copy, text, start, len(text))
    return joined.text(), joined


def load_rfc(text: str) -> str:
    """An RFC's text without its page headers, footers and form feeds.

    Runs of blank lines left behind are collapsed to one blank line; nothing else changes.

    Args:
        text: The RFC's raw text.

    Returns:
        The loaded text that `RFCParser` splits into sections.
    """
    return _load(text, join=False).text


def page_breaks(document: Document) -> tuple[int, ...]:
    """Where the pages of a parsed RFC broke, as offsets into `Document.text`.

    Each offset is that of the first non-blank character after a removed page footer and header.
    They are found again from the document's source and source map, so any document parsed by
    `RFCParser` works; a document with no source has none.

    Args:
        document: A document parsed by `RFCParser`.

    Returns:
        The offsets, in order.
    """
    if document.source is None:
        return ()
    found: list[int] = []
    for (text_at, source_at), (next_text, next_source) in pairwise(document.source_map):
        # The raw text the loader skipped between these two anchors: a page break when it holds a footer.
        skipped = document.source[source_at + next_text - text_at : next_source]
        if any(_FOOTER.match(line.lstrip("\f")) for line in skipped.splitlines()):
            offset = next_text
            while offset < len(document.text) and document.text[offset].isspace():
                offset += 1
            found.append(offset)
    return tuple(found)


@dataclass(frozen=True)
class _Heading:
    start: int
    id: str | None  # None: a boundary that opens no section (the Table of Contents)
    title: str
    kind: SectionKind


def _is_title(lines: list[str], index: int) -> bool:
    line = lines[index]
    return (
        _TITLE.fullmatch(line) is not None
        and (index == 0 or not lines[index - 1].strip())
        and (index + 1 == len(lines) or not lines[index + 1].strip())
    )


def _headings(text: str) -> list[_Heading]:
    lines = text.split("\n")
    starts = line_starts(text)
    structural: list[tuple[int, _Heading]] = []  # numbered and appendix headings, by line index
    letters: set[str] = set()
    for index, line in enumerate(lines):
        if numbered := _NUMBERED.fullmatch(line):
            number, title = numbered.groups()
            # A long title wraps onto lines indented to where the title starts.
            column = len(number) + 3
            follow = index + 1
            while follow < len(lines) and re.fullmatch(" " * column + r"\S.*", lines[follow]):
                title = f"{title.rstrip()} {lines[follow].strip()}"
                follow += 1
            structural.append((index, _Heading(starts[index], number, title.strip(), "numbered")))
        elif appendix := _APPENDIX.fullmatch(line):
            letters.add(appendix.group(1))
            structural.append(
                (index, _Heading(starts[index], appendix.group(1), appendix.group(2).strip(), "appendix"))
            )
        elif (sub := _SUB_APPENDIX.fullmatch(line)) and sub.group(1)[0] in letters:
            structural.append((index, _Heading(starts[index], sub.group(1), sub.group(2).strip(), "appendix")))
    first_numbered = next((i for i, h in structural if h.kind == "numbered"), len(lines))
    last_structural = structural[-1][0] if structural else len(lines)
    unnumbered: list[tuple[int, _Heading]] = []
    for index, line in enumerate(lines):
        if not (index < first_numbered or index > last_structural) or not _is_title(lines, index):
            continue
        title = line.strip()
        kind: SectionKind = "front" if index < first_numbered else "back"
        section_id = None if title.lower() == _TOC else slugify(title)
        unnumbered.append((index, _Heading(starts[index], section_id, title, kind)))
    return [heading for _, heading in sorted(structural + unnumbered, key=lambda pair: pair[0])]


def split_rfc_sections(text: str) -> tuple[Section, ...]:
    """Split a loaded RFC (see `load_rfc`) into its sections, in document order.

    Numbered sections (``"4.1.3"``), appendices (``"A"``, ``"A.1"``), front matter before the first
    numbered section (``"abstract"``) and back matter after the last numbered section or appendix
    (``"authors-addresses"``). A section runs from its heading line to the next heading, trailing
    blank lines excluded; the Table of Contents only ends the section before it.

    Text with none of these headings is one section, id ``document``, kind ``whole``, so that
    citations of it can still be checked.

    Args:
        text: The loaded RFC text.

    Returns:
        The sections; an id that would repeat gets a ``-2``, ``-3`` … suffix.
    """
    headings = _headings(text)
    opening = [(heading, following) for heading, following in with_next(headings) if heading.id is not None]
    ids = unique(heading.id for heading, _ in opening if heading.id is not None)
    sections: list[Section] = []
    for (heading, following), section_id in zip(opening, ids, strict=True):
        end = following.start if following else len(text)
        body = text[heading.start : end].rstrip()
        sections.append(
            Section(
                id=section_id,
                title=heading.title,
                kind=heading.kind,
                text=body,
                start=heading.start,
                end=heading.start + len(body),
            )
        )
    return tuple(sections) if sections else whole_document(text)


class RFCParser:
    """Parser for RFCs in rfc-editor plain text, paginated (with or without form feeds) or not.

    Args:
        join_page_breaks: Join the halves of a paragraph that a page break split, in the text itself.
            Off by default so section text stays byte-identical to the loaded RFC (see the module
            docstring): the matcher finds quotes across page breaks either way.
    """

    def __init__(self, *, join_page_breaks: bool = False) -> None:
        self.join_page_breaks = join_page_breaks

    def parse(self, text: str) -> Document:
        """Load the RFC and split it into sections.

        Args:
            text: The RFC's raw text.

        Returns:
            The document, with `Document.source` set to ``text`` and a source map back into it.

        Raises:
            EmptyDocumentError: The text is blank.
        """
        require_text(text)
        loaded = _load(text, join=self.join_page_breaks)
        same = loaded.text == text
        return Document(
            text=loaded.text,
            sections=split_rfc_sections(loaded.text),
            source=None if same else text,
            source_map=OffsetMap() if same else loaded.source_map,
        )
