"""A quote that runs on across a blank line joins two blocks of the source: found, for a person."""

import pytest

from citecheck import Citation, Document
from citecheck.matcher import locate, match_options


def _locate(text: str, quote: str, *, strict: bool = False) -> tuple[str, tuple[str, ...]]:
    result = locate(
        Document.from_sections({"s": text}),
        Citation(id="c", claim="-", quote=quote, section=None),
        options=match_options("cookbook") if strict else None,
    )
    return result.status, result.flags


@pytest.mark.parametrize(
    "text,quote",
    [
        ("Removal of the gate valve\n\nraises the tank pressure", "removal of the gate valve raises the tank pressure"),
        ("Figure 2. Heat shock\n\ninduces chaperone expression", "heat shock induces chaperone expression"),
        ("The board approved\n \nthe merger of the two banks", "The board approved the merger of the two banks"),
    ],
)
def test_a_quote_joining_two_blocks_is_flagged(text: str, quote: str) -> None:
    status, flags = _locate(text, quote)
    assert status == "found"
    assert "joined_blocks" in flags


@pytest.mark.parametrize(
    "text,quote",
    [
        ("The board approved the merger\nof the two banks in May.", "The board approved the merger of the two banks"),
        ("Intro.\n\nThe board approved the merger of the two banks.", "The board approved the merger of the two banks"),
    ],
)
def test_a_line_break_inside_one_block_is_not_flagged(text: str, quote: str) -> None:
    status, flags = _locate(text, quote)
    assert status == "found"
    assert "joined_blocks" not in flags
