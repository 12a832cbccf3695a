"""Chinese and Japanese numerals read as the numbers they write (`citecheck.matcher._numerals`)."""

from __future__ import annotations

import pytest

from citecheck.matcher._numerals import numeral_value


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("三", 3),
        ("十", 10),
        ("十五", 15),
        ("三十五", 35),
        ("一百零五", 105),
        ("一千零五十", 1050),
        ("一百一十", 110),
        ("两千", 2000),
        ("兩千", 2000),
        ("三万", 30_000),
        ("3万", 30_000),
        ("十万", 100_000),
        ("一万二千", 12_000),
        ("十二億", 1_200_000_000),
        ("叁佰", 300),
        ("百", 100),
        ("千", 1000),
        ("百万", 1_000_000),
        ("千万", 10_000_000),
        # As said: a last digit right after a unit counts the next smaller one.
        ("一百五", 150),
        ("三千五", 3500),
        ("一万五", 15_000),
        ("两万三", 23_000),
        # Digit by digit: with a zero, or four digits and more.
        ("二〇二六", 2026),
        ("一九九七", 1997),
        # No number: nothing read as a numeral, another character in it, "three or four", a unit
        # or scale repeated, two digits side by side in a positional number.
        ("", None),
        ("30", None),
        ("三个", None),
        ("三四", None),
        ("两三", None),
        ("十十", None),
        ("万万", None),
        ("万一", None),
        ("三五十", None),
    ],
)
def test_numeral_value(text: str, value: int | None) -> None:
    assert numeral_value(text) == value
