from __future__ import annotations

import pytest

from citecheck._section_ids import slugify
from citecheck.parsers import MarkdownParser
from citecheck.parsers._headings import line_starts, with_next


@pytest.mark.parametrize(
    ("items", "expected"),
    [
        ([], []),
        ([1], [(1, None)]),
        ([1, 2, 3], [(1, 2), (2, 3), (3, None)]),
    ],
)
def test_with_next(items: list[int], expected: list[tuple[int, int | None]]) -> None:
    assert list(with_next(items)) == expected


@pytest.mark.parametrize("text", ["", "one", "one\ntwo", "one\n\ntwo\n", "\n", "a\r\nb\rc\n"])
def test_line_starts_are_where_split_lines_start(text: str) -> None:
    lines = text.split("\n")
    starts = line_starts(text)
    assert len(starts) == len(lines)
    assert all(text[start : start + len(line)] == line for start, line in zip(starts, lines, strict=True))


def test_line_starts_with_crlf_count_crlf_and_cr_as_one_break_each() -> None:
    assert line_starts("a\r\nb\rc\nd", crlf=True) == [0, 3, 5, 7]
    assert line_starts("a\r\nb\rc\nd") == [0, 3, 7]


@pytest.mark.parametrize(
    ("heading", "slug"),
    [
        ("Scope & Goals", "scope-goals"),
        ("Authors' Addresses", "authors-addresses"),
        ("Author's Address", "authors-address"),
        ("Don\u2019t Panic", "dont-panic"),
        ("snake_case Title", "snake-case-title"),
        ("???", "section"),
    ],
)
def test_slugify(heading: str, slug: str) -> None:
    assert slugify(heading) == slug


def test_markdown_heading_ids_use_the_same_slugs() -> None:
    document = MarkdownParser().parse("# Don't Panic\n\nText.\n\n## Author's Notes\n\nMore.\n")
    assert [s.id for s in document.sections] == ["dont-panic", "dont-panic/authors-notes"]
