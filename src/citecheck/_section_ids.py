r"""Section ids: what a section number looks like, and the slug a titled heading gets, in one place.

Every parser that finds numbered headings (RFC, plain text, Markdown, HTML, PDF), format
detection, and the resolution of citations' section references read section numbers by these
rules:

- a number is dot-separated parts of decimal digits: ``4.1.3`` (``\d``: any Unicode decimal
  digit, which is exactly what `int` reads; ``²`` and ``①`` are not decimal digits);
- an appendix is one capital letter, alone or followed by numbered parts: ``A``, ``A.1``; a
  licence's ``Exhibit A`` is appendix ``A``;
- a lettered clause of a numbered section is the section's number and the letter in brackets:
  ``4(a)``;
- outside RFCs a heading's number has at most three digits a part, so that ``2024 Roadmap`` is a
  title rather than section 2024;
- an id compares without its direction and zero-width marks (Unicode category ``Cf``), so
  ``"4.1.3\u200f"`` is section ``4.1.3``;
- a number's parts have at most `MAX_PART_DIGITS` digits to be ordered and compared as numbers:
  a longer one is no section number at all, rather than an error.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

__all__ = [
    "APPENDIX",
    "CLAUSE",
    "HEADING_APPENDIX",
    "HEADING_NUMBER",
    "HEADING_SUB_APPENDIX",
    "MAX_PARTS",
    "MAX_PART_DIGITS",
    "NUMBER",
    "REFERENCE_NUMBER",
    "RFC_FOOTER",
    "RFC_NUMBERED_HEADING",
    "SUB_APPENDIX",
    "clean_id",
    "number_key",
    "slugify",
    "unique",
]

NUMBER = r"\d+(?:\.\d+)*"
"""A section number: ``4``, ``4.1.3``."""
APPENDIX = r"[A-Z]"
"""An appendix letter."""
SUB_APPENDIX = r"[A-Z](?:\.\d+)+"
"""A numbered part of an appendix: ``A.1``, ``B.2.3``."""

CLAUSE = r"\([a-z]\)"
"""A lettered clause of a numbered section, as licences write them: the ``(a)`` of ``4(a)``."""

HEADING_NUMBER = r"\d{1,3}(?:\.\d{1,3})*"
"""A section number as a heading outside RFCs writes it: at most three digits a part."""
HEADING_APPENDIX = r"[A-Z](?:\.\d{1,3})*"
"""An appendix, with or without numbered parts, as such a heading writes it (after ``Appendix``)."""
HEADING_SUB_APPENDIX = r"[A-Z](?:\.\d{1,3})+"
"""A numbered part of an appendix as such a heading writes it without the word ``Appendix``."""

REFERENCE_NUMBER = r"([A-Za-z]|\d+)((?:\.\d+)*)"
"""A section number as a citation writes it, in two groups: its head (a number, or an appendix
letter in either case) and its numbered parts (``.1.3``)."""

RFC_FOOTER = r"\S.*\s\[Page \d+\]\s*$"
"""An RFC page footer line: the authors, the category, and ``[Page N]`` at the end."""
RFC_NUMBERED_HEADING = rf"({NUMBER})\.  (\S.*)"
"""An RFC numbered heading line: ``4.1.3.  "aud" (Audience) Claim`` (two spaces after the dot)."""

MAX_PARTS = 32
"""A section number of more parts than this is no section number (no document nests so deep, and
finding the nearest sections walks one level per part)."""

MAX_PART_DIGITS = 18
"""A part of a section number with more digits than this is not read as a number (Python refuses
to convert strings of over 4,300 digits, and no document numbers its sections so)."""

# A dict, not `str.index`: "ﬆ".upper() is "ST", a substring of the alphabet but no letter of it.
_LETTERS = {letter: place for place, letter in enumerate("ABCDEFGHIJKLMNOPQRSTUVWXYZ", start=1)}


def clean_id(section_id: str) -> str:
    """The id as sections compare: without direction and zero-width marks, and stripped.

    Marks such as U+200F RIGHT-TO-LEFT MARK or U+200B ZERO WIDTH SPACE (Unicode category ``Cf``)
    are invisible, and text pasted from a web page or a right-to-left document carries them.
    """
    if section_id.isascii():
        return section_id.strip()
    return "".join(char for char in section_id if unicodedata.category(char) != "Cf").strip()


def _part(digits: str) -> int | None:
    if not digits.isdecimal() or len(digits) > MAX_PART_DIGITS:
        return None
    return int(digits)


def number_key(section_id: str) -> tuple[int, ...] | None:
    """A section number as a tuple of ints, for ordering and finding neighbours; else ``None``.

    ``"4.1.3"`` is ``(4, 1, 3)``. An appendix letter (either case) counts by its place in the alphabet, negated
    so that appendices never neighbour numbered sections: ``"A.1"`` is ``(-1, 1)``. An id that is
    not a section number by the rules above (a title, ``"ß"``, ``"²"``, ``"4.①"``, a part of
    thousands of digits) is ``None``.
    """
    if section_id.count(".") >= MAX_PARTS:
        return None
    head, *rest = section_id.split(".")
    letter = _LETTERS.get(head.upper()) if len(head) == 1 else None
    first = -letter if letter is not None else _part(head)
    parts = [_part(part) for part in rest]
    if first is None or None in parts:
        return None
    return (first, *(part for part in parts if part is not None))


_SLUG_JUNK = re.compile(r"[\W_]+")
# Apostrophes join the words they stand in rather than split them.
_APOSTROPHES = str.maketrans("", "", "'\u2019")


def slugify(text: str) -> str:
    """Lowercase words joined by hyphens: ``"Scope & Goals"`` becomes ``"scope-goals"``.

    Apostrophes are dropped rather than split on: ``"Author's Address"`` becomes
    ``"authors-address"`` and ``"Don't Panic"`` becomes ``"dont-panic"``.
    """
    return _SLUG_JUNK.sub("-", text.lower().translate(_APOSTROPHES)).strip("-") or "section"


def unique(ids: Iterable[str]) -> list[str]:
    """The ids, with ``-2``, ``-3``... appended to repeats so that every id is unique.

    The one rule every parser uses: the first of a repeated id keeps it, the next gets the first
    free ``id-N`` from ``N = 2`` on.
    """
    taken: set[str] = set()
    # The last suffix tried per id: every suffix below it is taken already (ids are only ever
    # added), so probing resumes there; probing from 2 each time made n repeats cost n squared.
    tried: dict[str, int] = {}
    result: list[str] = []
    for wanted in ids:
        candidate, count = wanted, tried.get(wanted, 1)
        if count > 1:
            candidate = f"{wanted}-{count}"
        while candidate in taken:
            count += 1
            candidate = f"{wanted}-{count}"
        tried[wanted] = count
        taken.add(candidate)
        result.append(candidate)
    return result
