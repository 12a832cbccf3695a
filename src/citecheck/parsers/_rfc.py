r"""The RFC loader and section splitter, for any RFC in rfc-editor plain text.

Loading removes the document's own running page lines: every footer (a line ending in
``[Page N]``) and the running header that follows it (the first line of the next page). Neither is
looked up by name, so any authors, title and date work; form feeds are optional, and an
unpaginated RFC simply has none to remove. Runs of blank lines left behind collapse to one blank
line. `Document.source` keeps the raw text and `Document.source_map` maps every character of the
loaded text back onto the same character of the raw text. When ``\n`` and form feeds are the
text's only line ends (almost every RFC), loading finds those lines and runs by scanning
(`citecheck.parsers._rfc_scan`) instead of visiting every line, with the same result.

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
from functools import lru_cache
from itertools import accumulate, pairwise
from operator import attrgetter
from typing import NamedTuple

from citecheck._lazy_re import lazy_compile
from citecheck._models import Document, Section, SectionKind
from citecheck._offsets import OffsetMap, OriginsBuilder
from citecheck._section_ids import APPENDIX, NUMBER, RFC_FOOTER, SUB_APPENDIX, slugify, unique
from citecheck.parsers import _rfc_scan as _scan
from citecheck.parsers._base import require_text
from citecheck.parsers._headings import whole_document

__all__ = ["RFCParser", "load_rfc", "page_breaks", "paragraph_joins", "running_lines", "split_rfc_sections"]

_FOOTER = lazy_compile(RFC_FOOTER)
# A header names the RFC (or draft), a title and a date, spread over the line with wide gaps.
_HEADER = re.compile(r"(?:RFC \d+|Internet-Draft)\s{2,}\S.*\s{2,}\S.*\d{4}\s*$")
# A numbered heading (``4.1.  Title``, see `RFC_NUMBERED_HEADING`), an appendix (``Appendix A.  Title``)
# or a numbered part of one (``A.1.  Title``), as a whole line. Found over the whole text at once:
# the pattern opens with the line break before the line, which the engine finds like a substring.
_HEADING_LINE = (
    rf"(?:(?P<number>{NUMBER})\.  (?P<title>\S.*)"
    rf"|Appendix (?P<letter>{APPENDIX})\.[^\S\n]+(?P<appendix_title>\S.*)"
    rf"|(?P<sub>{SUB_APPENDIX})\.[^\S\n]+(?P<sub_title>\S.*))"
)
_STRUCTURAL = re.compile(rf"\n{_HEADING_LINE}")
_STRUCTURAL_FIRST = re.compile(_HEADING_LINE)  # the first line, which no line break opens
# An unnumbered title: unindented, starts with a capital, no wide gaps (the first page's header
# block has them), no trailing punctuation, and not a header field such as "ISSN: 2070-1721".
_TITLE = re.compile(r"[A-Z](?!.*  )(?![\w-]+(?: [\w-]+)*: )[^\s].{0,60}?(?<![.:;,])")
_TOC = "table of contents"
_BULLET = lazy_compile(r" *(?:[o*-]|\d+\.|\([a-z0-9]+\))  +")
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
    if _scan.scannable(text):
        footers = _scan.footer_spans(text)
        return frozenset({text[start:end] for start, end in footers} | _scan.header_lines(text, footers, _HEADER))
    return _running_lines_by_line(text)


def _running_lines_by_line(text: str) -> frozenset[str]:
    """`running_lines` for any text, one line at a time."""
    footers: set[str] = set()
    candidates: Counter[str] = Counter()
    after_footer = False
    for raw in _lines(text):
        line = raw.lstrip("\f")
        # Only a line that holds "[Page " can be a footer: far cheaper to test than the pattern.
        if "[Page " in line and _FOOTER.match(line):
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
    copy, break_origins = _copy_by_scan(text, join=join) if _scan.scannable(text) else _copy_by_line(text)
    loaded = copy.text()
    if join:
        loaded, copy = _join_split_paragraphs(loaded, copy, [copy.to_derived(at) for at in break_origins])
    return _Loaded(loaded, copy.origins.offset_map())


def _copy_by_scan(text: str, *, join: bool) -> tuple[_Copy, list[int]]:
    """The loaded text and, with ``join``, where its page breaks were, for a `_scan.scannable` text.

    Returns:
        The copy, and the raw offset of the first non-blank character after each page break
        (none without ``join``: the default parse does not need them).
    """
    footers = _scan.footer_spans(text)
    removed = _scan.removed_lines(text, footers, _scan.header_lines(text, footers, _HEADER))
    copy = _Copy()
    for piece, origin in _scan.kept_pieces(text, removed):
        copy.add(piece, origin)
    return copy, _scan.break_origins(text, removed) if join else []


def _copy_by_line(text: str) -> tuple[_Copy, list[int]]:
    """`_copy_by_scan` for any text, one line at a time; the page breaks are always found."""
    running = _running_lines_by_line(text)
    copy = _Copy()
    break_origins: list[int] = []  # raw offset of the first character after each page break
    position = 0
    previous_end = -1
    after_break = False
    breaks_in_a_row = 0  # line breaks copied since the last non-empty line
    # Consecutive kept lines and the line breaks between them are one run of the raw text: copied
    # as one piece when the run ends, not line by line.
    run_start = run_end = 0
    for raw in _lines(text, keepends=True):
        body = raw.rstrip(_LINE_ENDS)  # no line holds one, so this drops only the line's own end
        stripped = len(body) - len(body.lstrip("\f")) if body.startswith("\f") else 0
        line = body[stripped:] if stripped else body
        if line in running:
            after_break = True
        else:
            if previous_end >= 0:
                # The line break between two kept lines stands for the previous line's own break.
                # Runs of blank lines collapse to one blank line: the first two breaks are kept.
                if breaks_in_a_row < 2:
                    if previous_end == run_end and text[previous_end] == "\n":
                        run_end += 1
                    else:
                        copy.add(text[run_start:run_end], run_start)
                        copy.add("\n", previous_end)
                        run_start = run_end = previous_end + 1
                breaks_in_a_row += 1
            if after_break and line.strip():
                break_origins.append(position + stripped + len(line) - len(line.lstrip()))
                after_break = False
            if line:
                origin = position + stripped
                if origin != run_end:
                    copy.add(text[run_start:run_end], run_start)
                    run_start = origin
                run_end = origin + len(line)
                breaks_in_a_row = 0
            previous_end = position + len(body)
        position += len(raw)
    copy.add(text[run_start:run_end], run_start)
    return copy, break_origins


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


def paragraph_joins(document: Document) -> frozenset[int]:
    """Where a page break split a paragraph of a parsed RFC, as offsets into `Document.text`.

    Each is the offset of the first character after the blank line the removed footer and header
    left inside the paragraph (see the module docstring): the text is unchanged, so the cookbook's
    sections stay byte-identical, but the two halves are one block. A break between paragraphs,
    or before a list item, a heading or an indented figure, is no join.

    Args:
        document: A document parsed by `RFCParser` (any other has no page breaks).

    Returns:
        The offsets.
    """
    text = document.text
    joins: set[int] = set()
    for offset in page_breaks(document):
        line_start = text.rfind("\n", 0, offset) + 1
        gap_start = line_start
        while gap_start > 0 and text[gap_start - 1] == "\n":
            gap_start -= 1
        before = text[text.rfind("\n", 0, gap_start) + 1 : gap_start]
        end = text.find("\n", line_start)
        after = text[line_start : end if end >= 0 else len(text)]
        if text[gap_start:line_start] == "\n\n" and _continues(before, after):
            joins.add(line_start)
    return frozenset(joins)


class _Heading(NamedTuple):
    # A named tuple, not a frozen dataclass: a large RFC has tens of thousands, and it is built faster.
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


def _structural(text: str) -> Iterator[tuple[int, re.Match[str]]]:
    """Each numbered or appendix heading line: its offset and its match."""
    first = _STRUCTURAL_FIRST.match(text)
    if first is not None:
        yield 0, first
    for found in _STRUCTURAL.finditer(text):
        yield found.start() + 1, found  # after the line break the pattern opens with


@lru_cache(maxsize=64)
def _wrapped(indent: int) -> re.Pattern[str]:
    """A line that goes on with a numbered heading's title: indented to where the title starts."""
    return re.compile(" " * indent + r"\S.*")


def _numbered_title(text: str, start: int, number: str, title: str) -> str:
    """The whole title of the numbered heading at ``start``: a long title wraps onto more lines."""
    indent = " " * (len(number) + 3)
    line_end = text.find("\n", start)
    # The indent is tested first: cheap, and most headings are followed by a blank line.
    while line_end != -1 and text.startswith(indent, line_end + 1):
        following = text.find("\n", line_end + 1)
        line = text[line_end + 1 : following if following != -1 else len(text)]
        if not _wrapped(len(indent)).fullmatch(line):
            break
        title = f"{title.rstrip()} {line.strip()}"
        line_end = following
    return title.strip()


def _headings(text: str) -> list[_Heading]:
    structural: list[_Heading] = []  # numbered and appendix headings, in order
    letters: set[str] = set()
    for start, found in _structural(text):
        if number := found.group("number"):
            structural.append(
                _Heading(start, number, _numbered_title(text, start, number, found.group("title")), "numbered")
            )
        elif letter := found.group("letter"):
            letters.add(letter)
            structural.append(_Heading(start, letter, found.group("appendix_title").strip(), "appendix"))
        elif (sub := found.group("sub"))[0] in letters:
            structural.append(_Heading(start, sub, found.group("sub_title").strip(), "appendix"))
    # Offsets order the headings as their lines do; a title on a heading's own line sorts after
    # the heading, as the sort is stable.
    return sorted(structural + _titles(text, structural), key=attrgetter("start"))


def _titles(text: str, structural: list[_Heading]) -> list[_Heading]:
    """The unnumbered titles before the first numbered heading and after the last structural one."""
    first_numbered = next((heading for heading in structural if heading.kind == "numbered"), None)
    last = structural[-1] if structural else None
    # Only these lines can hold such a title: the front lines, then the back lines (each list
    # with the heading line next to it, which a title needs as a neighbour), or every line.
    # (offset of the first line, the lines, the indices read)
    regions: list[tuple[int, list[str], range]] = []
    if first_numbered is None or last is None or first_numbered.start > last.start:
        lines = text.split("\n")
        regions.append((0, lines, range(len(lines))))
    else:
        heading_end = text.find("\n", first_numbered.start)
        front = text[: heading_end if heading_end != -1 else len(text)].split("\n")
        regions.append((0, front, range(len(front) - 1)))  # every line before the heading's
        back = text[last.start :].split("\n")  # from the last structural heading, which is not read
        regions.append((last.start, back, range(1, len(back))))
    unnumbered: list[_Heading] = []
    for offset, lines, read in regions:
        starts = list(accumulate((len(line) + 1 for line in lines), initial=offset))
        for local in read:
            if not _is_title(lines, local):
                continue
            line, start = lines[local], starts[local]
            title = line.strip()
            kind: SectionKind = "front" if first_numbered is None or start < first_numbered.start else "back"
            section_id = None if title.lower() == _TOC else slugify(title)
            unnumbered.append(_Heading(start, section_id, title, kind))
    return unnumbered


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
    if not headings:
        return whole_document(text)
    ends = [heading.start for heading in headings[1:]]  # a section runs to the next heading of any kind
    ends.append(len(text))
    opening = [
        (heading.id, heading, end) for heading, end in zip(headings, ends, strict=True) if heading.id is not None
    ]
    ids = unique(wanted for wanted, _, _ in opening)
    sections: list[Section] = []
    for section_id, (_, heading, end) in zip(ids, opening, strict=True):
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
