"""Numbers written in Chinese and Japanese numerals: ``三`` for 3, ``三十五`` for 35, ``二〇二六`` for 2026.

A quote may write a number in the numerals its source spells in digits, or the other way round:
the same number, for review (`citecheck.matcher._tiers._variants`). The values are Unicode's own
(`unicodedata.numeric`); only which characters count is chosen here. One numeral swapped for
another is left to the fuzzy tier's review: numerals also make up words (``十分``, "very",
``千万``, "by all means", ``一些``, "some"), where no number changes. Korean writes its
Sino-Korean numerals in Hangul syllables that are also other words (``이`` is "two" and "this"),
so they are not read here: only against the number a source writes in their place
(`citecheck.matcher._tiers._variants`).
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["NUMERALS", "is_numeral", "numeral_value"]

# Digits, including the ones written on cheques (壹 for 一); 两 ("two" before a measure word) has
# no value in Unicode.
_DIGITS = {c: int(unicodedata.numeric(c)) for c in "〇零一二三四五六七八九兩壹贰貳叁參肆伍陆陸柒捌玖"} | {"两": 2}
_UNITS = {c: int(unicodedata.numeric(c)) for c in "十拾百佰千仟"}
_SCALES = {c: int(unicodedata.numeric(c)) for c in "万萬亿億"}
_ZEROS = frozenset("〇零")
NUMERALS = frozenset(_DIGITS) | frozenset(_UNITS) | frozenset(_SCALES)
"""The characters read as part of a number written in Chinese or Japanese numerals."""

_PARTS = re.compile(r"[0-9]+|.", re.DOTALL)
_ABOVE = 10**13  # more than any unit or scale
_SPELT_OUT = 4  # digits: a run of this many without a unit is a number read out (一九九七), not "three or four"


def is_numeral(word: str) -> bool:
    """Whether a word of the index is a numeral character or ASCII digits (``三``, ``万``, ``3``)."""
    return word in NUMERALS or (word.isascii() and word.isdigit())


def numeral_value(text: str) -> int | None:
    """The value of a number written in Chinese or Japanese numerals, Arabic digits among them (``3万``).

    Positional (``三十五``, ``一百零五``, ``两万``, and ``一万五`` for 15,000 as it is said) or digit
    by digit (``二〇二六``, ``一九九七``). ``None`` when ``text`` holds no numeral or a character of
    something else, or is no well-formed number: a unit or scale repeated (``十十``), a scale with
    no number before it (``万一``, "in case"), or two or three digits side by side (``三四``, "three or
    four"). ``百``, ``千`` and ``百万`` are numbers (``百年``, "a century"; ``千万円``).
    """
    if not text or NUMERALS.isdisjoint(text):
        return None
    parts = _PARTS.findall(text)
    digits = [_digit(part) for part in parts]
    if not any(c in _UNITS or c in _SCALES for c in text):
        if None in digits or not (len(parts) == 1 or len(parts) >= _SPELT_OUT or not _ZEROS.isdisjoint(text)):
            return None
        return int("".join(map(str, digits)))
    total = section = 0
    current: int | None = None
    unit = scale = _ABOVE  # the last unit and scale read: each must be smaller than the one before
    previous = short = 0  # the unit or scale just before this digit, and before the last digit
    for part, digit in zip(parts, digits, strict=True):
        if part in _ZEROS:
            previous = 0  # 一百零五: a zero holds an empty place, so the digit after it is units
        elif digit is not None:
            if current is not None:
                return None
            current, short, previous = digit, previous, 0
        elif part in _UNITS:
            if _UNITS[part] >= unit:
                return None  # 十十
            unit = previous = _UNITS[part]
            section += (1 if current is None else current) * unit  # 十五: a unit alone is one of it
            current = None
        elif part in _SCALES:
            if _SCALES[part] >= scale or not (section or current):
                return None  # 万万; 万 with no number before (万一, "in case")
            scale = previous = _SCALES[part]
            total += (section + (current or 0)) * scale
            section, current, unit = 0, None, _ABOVE
        else:
            return None
    if current is not None and short >= 10:
        current *= short // 10  # 一万五, 三千五: a last digit right after a unit counts the next smaller one
    return total + section + (current or 0)


def _digit(part: str) -> int | None:
    if part in _DIGITS:
        return _DIGITS[part]
    return int(part) if part.isascii() and part.isdigit() else None
