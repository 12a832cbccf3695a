"""Chinese and Japanese numerals read as the numbers they write (`citecheck.matcher._numerals`)."""

from __future__ import annotations

import pytest

from citecheck.matcher._diffs import word_opcodes
from citecheck.matcher._numerals import number_changed, numeral_value


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("三", 3),
        ("十", 10),
        ("十五", 15),
        ("三十五", 35),
        ("一百零五", 105),
        ("两千", 2000),
        ("三万", 30_000),
        ("3万", 30_000),
        ("一万二千", 12_000),
        ("十二億", 1_200_000_000),
        ("二〇二六", 2026),
        ("叁佰", 300),
        # No number: nothing read as a numeral, another character in it, two digits side by side.
        ("", None),
        ("30", None),
        ("三个", None),
        ("三五十", None),
    ],
)
def test_numeral_value(text: str, value: int | None) -> None:
    assert numeral_value(text) == value


@pytest.mark.parametrize(
    ("quoted", "source", "changed"),
    [
        ("由四部分", "由三部分", True),
        ("由十三部分", "由三部分", True),  # a numeral added to a number
        ("由三十部分", "由30部分", False),  # the same number: for the variants tier to name
        ("由4部分", "由3部分", False),  # digits alone: a word with a digit already changes the meaning
        ("有些三部分", "一些三部分", False),  # "some" swapped beside a number
        ("些示例", "一些示例", False),  # a numeral left out of a word, not out of a number
        ("三部分", "三块部分", False),  # no numeral in the difference
    ],
)
def test_number_changed(quoted: str, source: str, changed: bool) -> None:
    q, s = list(quoted), list(source)
    spans = [op[1:] for op in word_opcodes(q, s)]
    assert any(number_changed(q, s, span) for span in spans) is changed
