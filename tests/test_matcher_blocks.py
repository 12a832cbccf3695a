"""A quote that runs on across a blank line joins two blocks of the source: found, for a person."""

from pathlib import Path

import pytest

from citecheck import Citation, Document, parse_file
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
        # The next block is an item of a lettered or roman-numbered list, as a licence writes one.
        (
            "may use the software; or\n\n     c. under the patent claims",
            "may use the software; or c. under the patent claims",
        ),
        ("the parties agree to:\n\n  ii. keep the records", "the parties agree to: ii. keep the records"),
    ],
)
def test_a_line_break_inside_one_block_is_not_flagged(text: str, quote: str) -> None:
    status, flags = _locate(text, quote)
    assert status == "found"
    assert "joined_blocks" not in flags


_DEFINITIONS = (
    "1. Definitions\n\n"
    "1.1. {term}\n\n"
    "     means each individual or legal entity that creates or owns the software.\n\n"
    "1.2. Larger Work\n\n"
    "     means a work that combines the software with other material.\n"
)


@pytest.mark.parametrize(
    ("term", "quote", "joined"),
    [
        # A licence's defined term is the subject of its definition: heading and body are one sentence.
        ("\u201cContributor\u201d", "\u201cContributor\u201d means each individual or legal entity", False),
        ('"Contributor"', '"Contributor" means each individual or legal entity that creates', False),
        # A heading that is no quoted term stays a block of its own, as does the next section's.
        ("\u201cContributor\u201d", "Larger Work means a work that combines the software", True),
    ],
)
def test_a_defined_term_and_its_definition_are_one_block(tmp_path: Path, term: str, quote: str, joined: bool) -> None:
    path = tmp_path / "licence.txt"
    path.write_text(_DEFINITIONS.format(term=term), encoding="utf-8")
    document = parse_file(path)
    section = "1.1" if "Contributor" in quote else "1.2"
    location = locate(document, Citation(id="c", claim="-", quote=quote, section=section))
    assert location.status == "found", location.reason
    assert ("joined_blocks" in location.flags) == joined, location.reason
