r"""The RFC loader's fast path: page lines and blank runs found by scanning, not line by line.

A page of an RFC is some fifty lines copied as they are and a few events: the running footer
and header, a form feed, and a run of blank lines. Visiting every line in Python costs seconds
on a large text; here the events are found with `str.find` and a regular expression (C speed)
and the long stretches between them are copied whole.

It applies only when ``\n`` and form feeds are the text's only line ends (`scannable`): then a
line is what lies between two of them, and a line's bounds are found with `str.find` too. Other
texts (``\r\n``, ``\v`` …) take the line loop of `citecheck.parsers._rfc`, which this path
reproduces exactly: the same running lines, loaded text and origin of every character
(``tests/parsers/test_rfc_scan.py`` runs both on the same inputs).

The loader's rules, in the terms used here: every running line is dropped with its line end;
every other line is kept, and kept lines are joined by ``\n`` (a form feed ending a kept line
becomes ``\n``, from the form feed); a run of three or more of those ``\n`` keeps its first two.
A *gap* is the stretch between the line end of a kept non-blank line and the next kept non-blank
line: only line ends, empty lines and running lines. Text outside gaps is copied verbatim, and
so is a gap of at most one empty line and nothing else. The other gaps hold a running line or a
form feed, and are found from those, or are runs of blank lines, found in the text between.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

from citecheck._lazy_re import lazy_compile
from citecheck._section_ids import RFC_FOOTER

__all__ = ["break_origins", "footer_spans", "header_lines", "kept_pieces", "removed_lines", "scannable"]

_FOOTER = re.compile(RFC_FOOTER)
# The line ends `str.splitlines` knows besides these two: any of them sends a text to the line loop.
_OTHER_LINE_ENDS = "\r\v\x1c\x1d\x1e\x85\u2028\u2029"
_ENDS = "\n\f"
_ENDS_RUN = re.compile(r"[\n\f]*")
_NON_SPACE = re.compile(r"\S")  # what `str.strip` keeps: both read Unicode's whitespace
_BLANK_LINES = re.compile(r"\n\n\n+")  # two or more empty lines in a row
# Found by the regular expression engine: twice as fast as `str.find` for this needle.
_PAGE_MARK = re.compile(r"\[Page ")
_LINE_BREAK = lazy_compile(r"[\n\f]")
_BACK = 64  # characters looked at a time when walking back over line ends
_BLOCK = 1 << 16  # characters split into lines at a time
# A pass over every line costs about as much as 40 `str.find` passes, or as a hit inside a longer
# line every 32 characters: past either, the pass over every line is taken.
FIND_HEADERS = 32
"""With more headers than this, they are looked for in one pass over every line, not a pass each."""
FIND_BUDGET = 1 / 32
"""Hits of a header inside longer lines, per character of the text (and one per footer), before a
pass over every line is cheaper."""

Span = tuple[int, int]
"""A line's ``(start, end)`` in the text, its line end excluded."""


def scannable(text: str) -> bool:
    r"""Whether ``\n`` and form feeds are the only line ends of ``text``, so this path applies."""
    return not any(end in text for end in _OTHER_LINE_ENDS)


def _line_at(text: str, at: int) -> tuple[int, int, str]:
    """The start, end and text of the line that holds offset ``at``, not a line end itself."""
    start = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at)
    if end == -1:
        end = len(text)
    line = text[start:end]
    if "\f" in line:  # a form feed ends a line too
        first = line.rfind("\f", 0, at - start) + 1
        last = line.find("\f", at - start)
        if last == -1:
            last = len(line)
        start, end, line = start + first, start + last, line[first:last]
    return start, end, line


def footer_spans(text: str) -> list[Span]:
    """Every page footer line: a line ending in ``[Page N]``, found from its ``[Page `` in order."""
    spans: list[Span] = []
    line_end = 0
    for mark in _PAGE_MARK.finditer(text):
        if mark.start() < line_end:
            continue  # a second mark on a line already read
        start, line_end, line = _line_at(text, mark.start())
        if _FOOTER.match(line):
            spans.append((start, line_end))
    return spans


def header_lines(text: str, footers: list[Span], header: re.Pattern[str]) -> set[str]:
    """The running headers, as `citecheck.parsers._rfc.running_lines` defines them.

    A header candidate is the first non-blank line after a footer that is not a footer itself:
    the first character `str.strip` would keep after the footer's line end is on it. No footer
    line is a header: whether a line is a footer depends on its text alone.

    Args:
        text: The raw text, `scannable`.
        footers: Its `footer_spans`.
        header: What a header line looks like.

    Returns:
        The exact header lines.
    """
    starts = {start for start, _ in footers}
    candidates: Counter[str] = Counter()
    for _, end in footers:
        found = _NON_SPACE.search(text, end)
        if found is None:
            continue
        start, _, line = _line_at(text, found.start())
        if start not in starts:
            candidates[line] += 1
    return {line for line, count in candidates.items() if header.match(line) or count >= 2}


def _is_line(text: str, start: int, end: int) -> bool:
    return (start == 0 or text[start - 1] in _ENDS) and (end == len(text) or text[end] in _ENDS)


def _found_lines(text: str, line: str, budget: int) -> list[Span] | None:
    """Every occurrence of ``line`` as a whole line, by `str.find`; ``None`` past ``budget`` other hits.

    A short header ("x") is found inside many longer lines: then one pass over every line costs
    less than a hit each.
    """
    spans: list[Span] = []
    at = text.find(line)
    while at != -1:
        end = at + len(line)
        if _is_line(text, at, end):
            spans.append((at, end))
            at = text.find(line, end)
        else:
            budget -= 1
            if budget < 0:
                return None
            at = text.find(line, at + 1)
    return spans


def _lines_among(text: str, wanted: set[str]) -> Iterator[Span]:
    """Every line of ``text`` that is one of ``wanted``, in one pass over every line, a block at a time."""
    start = 0
    while start < len(text):
        cut = text.find("\n", start + _BLOCK)
        stop = len(text) if cut == -1 else cut + 1
        offset = start
        for line in _LINE_BREAK.split(text[start:stop]):
            if line in wanted:
                yield offset, offset + len(line)
            offset += len(line) + 1
        start = stop


def removed_lines(text: str, footers: list[Span], headers: set[str]) -> dict[int, int]:
    """Every running line of ``text``: ``{start: end}``, in order.

    Each footer line was found already. The loader drops a header wherever it is, so each is
    looked for over the whole text: a `str.find` pass each (faster than one regular expression
    for all) for a few headers, else one pass over every line.
    """
    spans = list(footers)
    pending = headers if len(headers) > FIND_HEADERS else set()
    for line in headers - pending:
        found = _found_lines(text, line, int(len(text) * FIND_BUDGET) + len(footers))
        if found is None:
            pending.add(line)
        else:
            spans.extend(found)
    if pending:
        spans.extend(_lines_among(text, pending))
    return dict(sorted(spans))


def _gap_start(text: str, at: int, removed_ends: dict[int, int]) -> int:
    """Where the gap holding offset ``at`` (a line end or a removed line's start) starts.

    That is the line end of the kept non-blank line before it, or 0 when there is none: walk back
    over line ends and removed lines.
    """
    while True:
        while at > 0:
            window = text[max(0, at - _BACK) : at]
            kept = len(window.rstrip(_ENDS))
            at -= len(window) - kept
            if kept:
                break
        start = removed_ends.get(at)
        if start is None:
            return at
        at = start


def _gap_end(text: str, at: int, removed: dict[int, int]) -> int:
    """Where the gap holding offset ``at`` ends: the start of the next kept non-blank line, or the text's end."""
    while True:
        at = _ENDS_RUN.match(text, at).end()  # type: ignore[union-attr]  # matches the empty string
        end = removed.get(at)
        if end is None:
            return at
        at = end


def _gap_breaks(text: str, start: int, end: int, removed: dict[int, int]) -> list[int]:
    """The origins of the line breaks the loader writes for the gap ``start:end``.

    One per kept line from the gap's first (its non-blank line, when ``start`` is not 0, then each
    empty line) but the text's last kept line, which no line break follows; only the first two
    are written, as a blank-line run keeps two.
    """
    at_end = end == len(text)
    breaks = [start] if start else []
    at = start + 1 if start else 0
    # Inside the text, two are all that is written; at its end, the last is not written.
    while at < end and (len(breaks) < 2 or at_end):
        if text[at] in _ENDS:
            breaks.append(at)  # an empty line
            at += 1
        else:
            at = removed[at] + 1  # a removed line and its line end
    if at_end and breaks:
        breaks.pop()
    return breaks[:2]


def _event_offsets(text: str, removed: dict[int, int]) -> list[int]:
    """Where the gaps with a running line or a form feed are: one offset inside each, some twice."""
    events = list(removed)
    feed = text.find("\f")
    while feed != -1:
        events.append(feed)
        feed = text.find("\f", feed + 1)
    if text and text[-1] in _ENDS:
        events.append(len(text) - 1)  # the text's last line end: no line break is written for it
    events.sort()
    return events


def _stretch(text: str, start: int, end: int) -> Iterator[tuple[str, int]]:
    """The pieces of ``text[start:end]``, which holds no event but blank-line runs: each keeps two line breaks.

    Such a run is a gap of its own, found here rather than as an event: most runs are at page
    breaks, inside the gaps already found.
    """
    for run in _BLANK_LINES.finditer(text, start, end):
        yield text[start : run.start() + 2], start
        start = run.end()
    yield text[start:end], start


def kept_pieces(text: str, removed: dict[int, int]) -> Iterator[tuple[str, int]]:
    r"""The loaded text as pieces in order, each with the raw offset it was copied from.

    Args:
        text: The raw text, `scannable`.
        removed: Its `removed_lines`.

    Yields:
        ``(piece, origin)``: ``piece`` was copied one character for one from ``origin`` on,
        except that a line break written for a form feed is ``\n``.
    """
    removed_ends = {end: start for start, end in removed.items()}
    copied_to = 0  # the raw text before this offset is done
    for event in _event_offsets(text, removed):
        if event < copied_to:
            continue  # inside the gap just written
        start = _gap_start(text, event, removed_ends)
        end = _gap_end(text, event, removed)
        breaks = _gap_breaks(text, start, end, removed)
        # Line breaks written from a ``\n`` right after the text before them go with it, as one piece.
        stop = start
        while breaks and breaks[0] == stop and text[stop] == "\n":
            breaks.pop(0)
            stop += 1
        yield from _stretch(text, copied_to, stop)
        for origin in breaks:
            yield "\n", origin
        copied_to = end
    yield from _stretch(text, copied_to, len(text))


def break_origins(text: str, removed: dict[int, int]) -> list[int]:
    """The raw offset of the first non-blank character after each page break, in order.

    That is the first character `str.strip` keeps after a removed line that is on a kept line.
    When the first one after a removed line is on another removed line, the answer is that
    line's: read from the last removed line back, each is looked up once.
    """
    after: dict[int, int | None] = {}  # removed line's start: the answer for it
    for start, end in reversed(removed.items()):
        character = _NON_SPACE.search(text, end)
        if character is None:
            after[start] = None
            continue
        line_start, _, _ = _line_at(text, character.start())
        after[start] = after[line_start] if line_start in removed else character.start()
    return sorted({origin for origin in after.values() if origin is not None})
