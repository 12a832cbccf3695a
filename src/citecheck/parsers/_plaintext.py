"""The plain-text parser: numbered heading lines, or paragraphs when there are none."""

from __future__ import annotations

from itertools import islice

from citecheck._lazy_re import lazy_compile
from citecheck._models import Document, Section
from citecheck._section_ids import HEADING_APPENDIX, HEADING_NUMBER, HEADING_SUB_APPENDIX
from citecheck.parsers._base import require_text
from citecheck.parsers._headings import Heading, line_starts, numbered_id, sections_from_headings, stripped_span

__all__ = ["PlainTextParser", "find_numbered_headings"]

# A candidate heading line: a section number (or appendix letter) at the very start of the line.
_CANDIDATE = lazy_compile(
    rf"^(?:{HEADING_NUMBER}\.?|(?:Appendix|Exhibit|Annex|Schedule) {HEADING_APPENDIX}\.?:?|{HEADING_SUB_APPENDIX}\.?)"
    r"(?:[ \t]+\S.*)?$"
)
# A licence's lettered clause, "(a) You must give...", on a line of its own after a blank line.
_CLAUSE_LINE = lazy_compile(r"^[ \t]*\((?P<letter>[a-z])\)[ \t]+\S")
# A run-in title: "Grant of Copyright License. Subject to the terms...", "Definitions."
_RUN_IN = lazy_compile(r"^(?P<title>[A-Z][^.!?;:]{0,79})\.(?:\s+\S.*)?$")
_MAX_INDENT = 3  # columns of indentation a heading line may have (four or more is a block of code)
_MAX_RUN_IN_WORDS = 8
_MIN_LICENCE_HEADINGS = 3  # a licence's numbering only counts in a document with this many headings
_MIN_CLAUSES = 2  # a lone "(a)" paragraph is a list item, not the first of a section's clauses
_MAX_SKIP = 2  # top-level numbers a PDF's next heading may skip (a heading pypdf did not read)
_MAX_TITLE_WORDS = 12
_MAX_TITLE_CHARS = 80
_PARAGRAPH_BREAK = lazy_compile(r"\n[ \t]*\n")
_TITLE_WORDS = 6
_WORD_RUN = lazy_compile(r"\S+")


def _looks_like_title(title: str) -> bool:
    """Whether the words after a number read as a heading rather than the start of a sentence.

    "3 widgets were sent." is a sentence: it starts in lower case and ends with a full stop.
    """
    if not title:
        return True
    if len(title) > _MAX_TITLE_CHARS or len(title.split()) > _MAX_TITLE_WORDS:
        return False
    if title[-1] in ".!,;:":  # a question can be a heading: "3.5 Are Critiques Necessary?"
        return False
    first = next((char for char in title if char.isalpha()), "")
    return not first or first.isupper() or not title[0].isalpha()


def _licence_title(title: str) -> str | None:
    """The title of a licence's numbered paragraph, or ``None`` when it does not start like one.

    A licence runs a section's title into its first sentence (``4. Redistribution. You may...``)
    or writes a sentence with no title at all (``5.3. In the event of termination...``): the
    run-in title, or ``""`` for a sentence that starts with a capital.
    """
    run_in = _RUN_IN.match(title)
    if run_in and len(run_in.group("title").split()) <= _MAX_RUN_IN_WORDS:
        return run_in.group("title").strip()
    return "" if title[:1].isupper() else None


def _depth(number: str) -> int:
    return number.rstrip(".").count(".")


def _key(number: str) -> tuple[int, ...]:
    return tuple(int(part) for part in number.split("."))


def _follows(previous: tuple[int, ...] | None, key: tuple[int, ...]) -> bool:
    """Whether a section number comes next after ``previous`` in an outline.

    Next is the next sibling (5.2 after 5.1), the first child (5.1 after 5), or the next sibling
    of an ancestor (6 after 5.3); the first number of all is 1 (or 1.1).
    """
    if previous is None:
        return key[-1] == 1 and all(part <= 1 for part in key)
    if key == (*previous, 1):
        return True
    depth = len(key)
    return depth <= len(previous) and key[:-1] == previous[: depth - 1] and key[-1] == previous[depth - 1] + 1


def _onward(previous: tuple[int, ...] | None, key: tuple[int, ...]) -> bool:
    """Whether a number can be the next heading's in text without blank lines (a PDF's).

    Headings go forward in the outline, by at most `_MAX_SKIP` at the top level: "1 Revisions"
    after section 3.3, or "109" after 4.5, is a figure's label, read where the figure stands.
    """
    if previous is None:
        return True  # an excerpt may start anywhere
    return key > previous and key[0] - previous[0] <= _MAX_SKIP


def find_numbered_headings(
    lines: list[str], starts: list[int], *, after_blank: bool = True, licence: bool = False
) -> list[Heading]:
    """The numbered heading lines among ``lines`` (each starting at ``starts[i]`` in the text).

    A heading line starts with its number, has a short title that does not end like a sentence,
    and is not one of a run of numbered lines on consecutive lines (that is a numbered list). With
    ``after_blank`` it must also stand after a blank line or first in the text; text extracted
    from a PDF has no blank lines to go by, so without it numbers must go forward in the outline
    instead (a figure's axis labels, ``0``, ``0.0``, ``1 Revisions``, read as lines, do not). A
    title must have a letter: ``0 1 2 3 4`` is an axis.

    With ``licence``, numbering as licences write it counts too, in a document with at least
    three numbered headings: a line indented up to three columns; a number whose title runs into
    the first sentence (``4. Redistribution. You may...``, title ``Redistribution``) or that
    starts a sentence with no title (``5.3. In the event of...``), when the number comes next in
    the outline; and the lettered clauses of a numbered section (``(a)``, ``(b)``... on lines of
    their own, in order), as sections ``4(a)``, ``4(b)``.
    """
    numbered: dict[int, tuple[str, str, str]] = {}
    for index, line in enumerate(lines):
        stripped = line.rstrip()
        if licence and len(stripped) - len(stripped.lstrip()) <= _MAX_INDENT:
            stripped = stripped.lstrip()
        parsed = numbered_id(stripped) if _CANDIDATE.match(stripped) else None
        if parsed is not None:
            numbered[index] = (parsed[0], parsed[2], stripped)
    headings: list[Heading] = []
    numbers: list[str] = []  # each heading's number
    relaxed = 0  # headings only the licence rules found
    previous: tuple[int, ...] | None = None
    clauses: list[tuple[int, Heading]] = []  # (index in headings of the clause's section, clause)
    for index, line in enumerate(lines):
        blank_before = not after_blank or index == 0 or not lines[index - 1].strip()
        entry = numbered.get(index)
        if entry is None:
            clause = _CLAUSE_LINE.match(line) if licence and blank_before and headings else None
            if clause and previous is not None:
                letter = clause.group("letter")
                parent = len(headings) - 1
                before = [c for p, c in clauses if p == parent]
                expected = chr(ord("a") + len(before))
                if letter == expected:
                    number = numbers[parent]
                    level = headings[parent].level + 1
                    clauses.append((parent, Heading(level=level, text=f"{number}({letter})", start=starts[index])))
            continue
        number, title, stripped = entry
        # "42" alone on a line is a page number or a figure, not a heading; "42." or "4.2" is one.
        # A "title" of numbers only ("0 1 2 3 4", "5 1010") is a figure's axis, read line by line.
        if (not title and "." not in stripped) or (title and not any(char.isalpha() for char in title)):
            continue
        if not blank_before:
            continue
        neighbours = (numbered.get(index - 1), numbered.get(index + 1))
        if any(other and _depth(other[0]) == _depth(number) for other in neighbours):
            continue
        is_number = number[:1].isdigit() and "(" not in number
        key = _key(number) if is_number else None
        if not after_blank and key is not None and not _onward(previous, key):
            continue
        run_in = _licence_title(title) if licence and title else None
        if _looks_like_title(title):
            # A licence's "2. Grant of Copyright License. Subject to..." has a short run-in title.
            heading_text = f"{number} {run_in}" if run_in and title != run_in else stripped
        elif licence and key is not None and _follows(previous, key):
            licence_title = _licence_title(title)
            if licence_title is None:
                continue
            heading_text = f"{number} {licence_title}".strip()
            relaxed += 1
        else:
            continue
        if key is not None:
            previous = key
        headings.append(Heading(level=_depth(number) + 1, text=heading_text, start=starts[index]))
        numbers.append(number)
    if relaxed and len(headings) < _MIN_LICENCE_HEADINGS:
        # Too few headings to read a licence's numbering: find them again by the strict rules.
        return find_numbered_headings(lines, starts, after_blank=after_blank)
    return _with_clauses(headings, clauses)


def _with_clauses(headings: list[Heading], clauses: list[tuple[int, Heading]]) -> list[Heading]:
    """The headings with the clauses of each section that has at least two, in document order."""
    counts: dict[int, int] = {}
    for parent, _ in clauses:
        counts[parent] = counts.get(parent, 0) + 1
    kept = [clause for parent, clause in clauses if counts[parent] >= _MIN_CLAUSES]
    if not kept:
        return headings
    return sorted([*headings, *kept], key=lambda heading: heading.start)


def _paragraphs(text: str) -> tuple[Section, ...]:
    sections: list[Section] = []
    position = 0
    for block in [*_PARAGRAPH_BREAK.finditer(text), None]:
        end = block.start() if block else len(text)
        start, stop = stripped_span(text, position, end)
        if stop > start:
            body = text[start:stop]
            # The first words only: splitting a whole paragraph of a huge text (one paragraph, say)
            # would hold an object per word of it at once, ten times the text.
            title = " ".join(m.group() for m in islice(_WORD_RUN.finditer(body), _TITLE_WORDS))
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
        headings = find_numbered_headings(text.split("\n"), line_starts(text), licence=True)
        sections = sections_from_headings(text, headings) if headings else _paragraphs(text)
        return Document(text=text, sections=sections)
