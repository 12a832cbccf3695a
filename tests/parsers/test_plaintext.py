from __future__ import annotations

import pytest

from citecheck import Document
from citecheck.errors import EmptyDocumentError
from citecheck.parsers import PlainTextParser, TextParser


def parse(text: str) -> Document:
    return PlainTextParser().parse(text)


def heading_ids(text: str) -> list[str]:
    return [s.id for s in parse(text).sections if s.kind in {"numbered", "appendix"}]


@pytest.mark.parametrize(
    ("line", "section_id", "title"),
    [
        ("4.1.3.", "4.1.3", ""),
        ("4.1.3. Title", "4.1.3", "Title"),
        ("4.1.3 Title", "4.1.3", "Title"),
        ("1.  Introduction", "1", "Introduction"),
        ("7. \u201cQuoted\u201d Terms", "7", "\u201cQuoted\u201d Terms"),
        ("Appendix A. Contacts", "A", "Contacts"),
        ("A.1 Extra Bits", "A.1", "Extra Bits"),
    ],
)
def test_numbered_heading_lines(line: str, section_id: str, title: str) -> None:
    document = parse(f"Preamble.\n\n{line}\nBody text.\n")
    assert [(s.id, s.title) for s in document.sections] == [("front", ""), (section_id, title)]
    assert document.sections[1].text == f"{line}\nBody text."


@pytest.mark.parametrize(
    "line",
    [
        "3 widgets were sent.",
        "3 Widgets were sent.",
        "3 widgets were sent",
        "12 months later, the club met again",
        "42",
        "2024 Was A Good Year",
        "1. This heading is far too long to be a heading because it goes on and on like prose",
        "    4.1 Indented Title",
        "Section 4.1 Title",
    ],
)
def test_lines_that_are_not_headings(line: str) -> None:
    document = parse(f"Preamble.\n\n{line}\nBody text.\n")
    assert all(s.id.startswith("para-") for s in document.sections)


def test_a_heading_must_follow_a_blank_line() -> None:
    assert heading_ids("1. Start\nThe count is below.\n2. Title Case Words\n") == ["1"]


def test_a_numbered_list_is_not_a_run_of_headings() -> None:
    text = "1. Setup\n\nDo this:\n\n1. Install It\n2. Run It\n3. Enjoy It\n\n2. Usage\n\nText.\n"
    assert heading_ids(text) == ["1", "2"]


def test_sections_run_to_the_next_heading() -> None:
    text = "1. One\n\nFirst.\n\n1.1 Sub\n\nSecond.  \n\n\n2. Two\nThird.\n"
    document = parse(text)
    assert [(s.id, s.text) for s in document.sections] == [
        ("1", "1. One\n\nFirst."),
        ("1.1", "1.1 Sub\n\nSecond."),
        ("2", "2. Two\nThird."),
    ]
    assert document.text == text


def test_duplicate_numbers_get_suffixes() -> None:
    assert heading_ids("1. One\n\n1. Again\n") == ["1", "1-2"]


def test_no_headings_falls_back_to_paragraphs() -> None:
    text = (
        "\nThe widgets arrived on Monday morning in six boxes.\n\n"
        "3 widgets were sent.\nTwo were blue.\n \n\n  Last.  \n"
    )
    document = parse(text)
    assert [(s.id, s.kind, s.title, s.text) for s in document.sections] == [
        (
            "para-1",
            "paragraph",
            "The widgets arrived on Monday morning",
            "The widgets arrived on Monday morning in six boxes.",
        ),
        ("para-2", "paragraph", "3 widgets were sent. Two were", "3 widgets were sent.\nTwo were blue."),
        ("para-3", "paragraph", "Last.", "Last."),
    ]


@pytest.mark.parametrize("text", ["", "\n  \n"])
def test_empty_text_is_an_error(text: str) -> None:
    with pytest.raises(EmptyDocumentError, match="empty"):
        parse(text)


def test_plain_text_parser_is_a_parser() -> None:
    assert isinstance(PlainTextParser(), TextParser)
