"""Numbers written in Chinese and Japanese numerals: ``三`` for 3, ``三十五`` for 35, ``二〇二六`` for 2026.

A quote may write a number in the numerals its source spells in digits, or the other way round:
the same number, for review (`citecheck.matcher._tiers._variants`). One numeral swapped for
another (``四`` for ``三``) is another number, which changes what the quote says (`citecheck.matcher._diffs`).
The values are Unicode's own (`unicodedata.numeric`); only which characters count is chosen here.
Korean writes its Sino-Korean numerals in Hangul syllables that are also other words (``이`` is "two"
and "this"), so they are not read.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

__all__ = ["NUMERALS", "number_changed", "numeral_value"]

# Digits, including the ones written on cheques (壹 for 一) and 两, "two" before a measure word,
# which Unicode gives no value.
_DIGITS = {c: int(unicodedata.numeric(c)) for c in "〇零一二三四五六七八九壹贰貳叁參肆伍陆陸柒捌玖"} | {"两": 2}
_UNITS = {c: int(unicodedata.numeric(c)) for c in "十拾百佰千仟"}
_SCALES = {c: int(unicodedata.numeric(c)) for c in "万萬亿億"}
_ZEROS = frozenset("〇零")
NUMERALS = frozenset(_DIGITS) | frozenset(_UNITS) | frozenset(_SCALES)
"""The characters read as part of a number written in Chinese or Japanese numerals."""

_PARTS = re.compile(r"[0-9]+|.", re.DOTALL)


def numeral_value(text: str) -> int | None:
    """The value of a number written in Chinese or Japanese numerals, Arabic digits among them (``3万``).

    Positional (``三十五``, ``一百零五``, ``两万``) or digit by digit (``二〇二六``). ``None`` when
    ``text`` holds no numeral, or a character of something else, or is no well-formed number
    (``十十``).
    """
    if not text or NUMERALS.isdisjoint(text):
        return None
    parts = _PARTS.findall(text)
    digits = [_digit(part) for part in parts]
    if not any(c in _UNITS or c in _SCALES for c in text):
        # Digit by digit, as years and numbers read out are written: 二〇二六.
        return None if None in digits else int("".join(map(str, digits)))
    total = section = 0
    current: int | None = None
    for part, digit in zip(parts, digits, strict=True):
        if part in _ZEROS:
            continue  # 一百零五: a zero only holds an empty place
        if digit is not None:
            if current is not None:
                return None  # two digits side by side in a positional number
            current = digit
        elif part in _UNITS:
            section += (1 if current is None else current) * _UNITS[part]  # 十五: a unit alone is one of it
            current = None
        elif part in _SCALES:
            total += (section + (current or 0) or 1) * _SCALES[part]
            section, current = 0, None
        else:
            return None
    return total + section + (current or 0)


def _digit(part: str) -> int | None:
    if part in _DIGITS:
        return _DIGITS[part]
    return int(part) if part.isascii() and part.isdigit() else None


def number_changed(quoted: Sequence[str], source: Sequence[str], spans: tuple[int, int, int, int]) -> bool:
    """Whether a difference between two texts read a character at a time changes a number in numerals.

    Each side's differing words must all be digits or numerals (or none, where the other side's were
    added); each side's number is the run of them around the difference. Both must be numbers, one
    in numerals, of other values: ``四`` for ``三``, ``三`` for ``十三``. ``有`` for ``一`` (``有些`` for
    ``一些``, "some") is a word swapped, and ``些`` for ``一些`` a numeral left out of a word.
    """
    q_start, q_end, s_start, s_end = spans
    if not (_numerals_only(quoted[q_start:q_end]) and _numerals_only(source[s_start:s_end])):
        return False
    left, right = _run(quoted, q_start, q_end), _run(source, s_start, s_end)
    if not left or not right or (left.isascii() and right.isascii()):
        return False
    return _value(left) != _value(right)


def _numerals_only(words: Sequence[str]) -> bool:
    return all(_digit(word) is not None or word in NUMERALS for word in words)


def _run(words: Sequence[str], start: int, end: int) -> str:
    """The digits and numerals around ``words[start:end]``, joined."""
    while start > 0 and _numerals_only(words[start - 1 : start]):
        start -= 1
    while end < len(words) and _numerals_only(words[end : end + 1]):
        end += 1
    return "".join(words[start:end])


def _value(run: str) -> int | None:
    return int(run) if run.isascii() else numeral_value(run)
