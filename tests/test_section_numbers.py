import re

import pytest

from citecheck._section_ids import (
    HEADING_NUMBER,
    NUMBER,
    RFC_FOOTER,
    RFC_NUMBERED_HEADING,
    clean_id,
    number_key,
    unique,
)


@pytest.mark.parametrize(
    ("section_id", "key"),
    [
        ("4", (4,)),
        ("4.1.3", (4, 1, 3)),
        ("A", (-1,)),
        ("a.1", (-1, 1)),
        ("Z.2.3", (-26, 2, 3)),
        ("\u0663.1", (3, 1)),  # ARABIC-INDIC DIGIT THREE is a decimal digit: int() reads it
        ("4.1.3\u200f", None),  # marks are removed by clean_id, not here
        ("ß", None),  # its uppercase is two letters
        ("ﬁ", None),
        ("ﬆ", None),  # "ST" is a run of the alphabet, not a letter of it
        ("²", None),  # a digit to isdigit(), not a decimal digit
        ("4.①", None),
        ("①", None),
        ("1" * 18, (int("1" * 18),)),
        ("1" * 19, None),
        ("1" * 5000, None),  # over int()'s 4,300-digit limit
        ("4." + "2" * 5000, None),
        ("", None),
        ("4.", None),
        (".4", None),
        ("4..1", None),
        ("abstract", None),
        ("AB.1", None),
        ("-1", None),
        ("4.-1", None),
    ],
)
def test_number_key(section_id: str, key: tuple[int, ...] | None) -> None:
    assert number_key(section_id) == key


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("4.1.3", "4.1.3"),
        (" 4.1.3 ", "4.1.3"),
        ("4.1.3\u200f", "4.1.3"),  # RIGHT-TO-LEFT MARK
        ("\u200e4.1.3", "4.1.3"),  # LEFT-TO-RIGHT MARK
        ("4.\u200b1.3", "4.1.3"),  # ZERO WIDTH SPACE
        ("\ufeff4", "4"),  # BOM
        ("\u202b4.1\u202c", "4.1"),  # embedding and pop
        ("\u20664.1\u2069", "4.1"),  # isolates
        ("4\u00ad1", "41"),  # SOFT HYPHEN is Cf too
        ("Audience\u2009Claim", "Audience\u2009Claim"),  # a thin space is a space, not a mark
        ("\u200f", ""),
    ],
)
def test_clean_id(raw: str, clean: str) -> None:
    assert clean_id(raw) == clean


@pytest.mark.parametrize(
    ("ids", "expected"),
    [
        ([], []),
        (["1", "2"], ["1", "2"]),
        (["1", "1", "1"], ["1", "1-2", "1-3"]),
        (["1", "1-2", "1"], ["1", "1-2", "1-3"]),  # a taken suffix is skipped
        (["intro", "Intro", "intro"], ["intro", "Intro", "intro-2"]),
    ],
)
def test_unique(ids: list[str], expected: list[str]) -> None:
    assert unique(ids) == expected


@pytest.mark.parametrize(
    ("pattern", "text", "matches"),
    [
        (NUMBER, "4.1.3", True),
        (NUMBER, "4.1.", False),
        (HEADING_NUMBER, "2024", False),  # a year heading is a title
        (HEADING_NUMBER, "4.10.3", True),
        (RFC_FOOTER, "Jones, et al.               Standards Track                   [Page 12]", True),
        (RFC_FOOTER, "   [Page 12] of the draft", False),
        (RFC_NUMBERED_HEADING, '4.1.3.  "aud" (Audience) Claim', True),
        (RFC_NUMBERED_HEADING, "4.1.3. One space", False),
    ],
)
def test_patterns(pattern: str, text: str, matches: bool) -> None:
    assert (re.fullmatch(pattern, text) is not None) == matches
