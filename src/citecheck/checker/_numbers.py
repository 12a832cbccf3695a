"""The claim check before any model call: numbers, dates, amounts and units of a claim that its section lacks.

A claim that says "48 hours" over a section that says "24 hours" may still be judged "supports" by
a model reading loosely; a number the section does not hold at all is a reason for a person to
look, whatever the model says. What counts as the same value:

- digit groups and trailing zeros: ``3,600`` = ``3600``, ``1.50`` = ``1.5``;
- scale words: ``$1.2 million`` = ``$1,200,000``; ``5k`` = ``5000``;
- percentages: ``5%`` = ``5 percent`` = ``5 per cent``;
- currencies: ``$5`` = ``5 dollars`` = ``USD 5`` (likewise ``€``/``EUR``/``euros``, ``£``/``GBP``/``pounds``);
- units by their spellings: ``48 hours`` = ``48 hrs`` = ``48-hour``; a section's bare number counts too
  (``48`` in "within 48 of them" holds the claim's ``48 hours``), another unit does not (``48 days``);
- number words in the section: ``thirty days`` holds ``30 days`` (zero to ninety-nine);
- dates: ``2024-03-05`` = ``March 5, 2024`` = ``5 March 2024``.

Nothing is converted between units: ``1 hour`` and ``3600 seconds`` are different values, so the
claim is flagged (a person checks the arithmetic). Only numbers written with digits in the claim
are checked: "one of the reasons" is not a number.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import lru_cache

from citecheck._lazy_re import lazy_compile

__all__ = ["absent_numbers"]

_MONTHS = {
    name: number
    for number, names in enumerate(
        [
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ],
        start=1,
    )
    for name in names
}
_MONTH = "|".join(sorted(_MONTHS, key=len, reverse=True))
_CURRENCY_SIGNS = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY"}
_UNITS = {
    "%": "%",
    "percent": "%",
    "per cent": "%",
    "percentage points": "pp",
    "usd": "USD",
    "dollar": "USD",
    "dollars": "USD",
    "eur": "EUR",
    "euro": "EUR",
    "euros": "EUR",
    "gbp": "GBP",
    "pound": "GBP",
    "pounds": "GBP",
    "ms": "ms",
    "millisecond": "ms",
    "milliseconds": "ms",
    "s": "s",
    "sec": "s",
    "secs": "s",
    "second": "s",
    "seconds": "s",
    "min": "min",
    "mins": "min",
    "minute": "min",
    "minutes": "min",
    "h": "h",
    "hr": "h",
    "hrs": "h",
    "hour": "h",
    "hours": "h",
    "day": "d",
    "days": "d",
    "week": "wk",
    "weeks": "wk",
    "month": "mo",
    "months": "mo",
    "year": "yr",
    "years": "yr",
    "kb": "KB",
    "mb": "MB",
    "gb": "GB",
    "tb": "TB",
    "km": "km",
    "m": "m",
    "cm": "cm",
    "mm": "mm",
    "kg": "kg",
    "g": "g",
    "mg": "mg",
    "points": "pt",
    "point": "pt",
}
_SCALES = {"thousand": 1000, "k": 1000, "million": 10**6, "m": 10**6, "mn": 10**6, "billion": 10**9, "bn": 10**9}
_UNIT = "|".join(re.escape(u) for u in sorted(_UNITS, key=len, reverse=True))
_SCALE = "|".join(sorted(_SCALES, key=len, reverse=True))
_NUMBER = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_DATE_ISO = re.compile(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b")
_DATE_MDY = lazy_compile(rf"\b({_MONTH})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b", re.IGNORECASE)
_DATE_DMY = lazy_compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+({_MONTH})\.?,?\s+(\d{{4}})\b", re.IGNORECASE)
_DOTTED = re.compile(r"\b\d+(?:\.\d+){2,}\b")
_DIGIT = re.compile(r"\d")
_AMOUNT = lazy_compile(
    rf"(?P<sign>[$€£¥])?\s?(?P<number>{_NUMBER})(?:st|nd|rd|th)?"
    rf"(?:\s?(?P<scale>{_SCALE})\b)?(?:[\s-]?(?P<unit>{_UNIT})(?![A-Za-z]))?",
    re.IGNORECASE,
)
_SMALL = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
_SMALL += "seventeen eighteen nineteen"
_WORDS = {word: value for value, word in enumerate(_SMALL.split())}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
_NUMBER_WORD = lazy_compile(
    rf"\b(?:({'|'.join(_TENS)})(?:[\s-]({'|'.join(list(_WORDS)[1:10])}))?|({'|'.join(_WORDS)}))\b"
    rf"(?:[\s-]?(?P<unit>{_UNIT})(?![A-Za-z]))?",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class _Value:
    shown: str
    value: str
    unit: str | None


def _decimal(text: str) -> Decimal | None:
    try:
        return Decimal(text.replace(",", ""))
    except InvalidOperation:
        return None


def _canonical(number: Decimal) -> str:
    normal = number.normalize()
    return format(normal, "f") if normal == normal.to_integral() or "E" in str(normal) else str(normal)


def _dates(text: str) -> tuple[list[tuple[int, int, int, int, int]], str]:
    """The dates in ``text`` as (start, end, year, month, day), and the text with them blanked out."""
    found = []
    for match in _DATE_ISO.finditer(text):
        found.append((match.start(), match.end(), int(match[1]), int(match[2]), int(match[3])))
    folded = text.casefold()
    if any(name in folded for name in _MONTHS):  # a case-blind alternation tried at every offset is slow
        for match in _DATE_MDY.finditer(text):
            found.append((match.start(), match.end(), int(match[3]), _MONTHS[match[1].casefold()], int(match[2])))
        for match in _DATE_DMY.finditer(text):
            found.append((match.start(), match.end(), int(match[3]), _MONTHS[match[2].casefold()], int(match[1])))
    blanked = list(text)
    for start, end, *_ in found:
        blanked[start:end] = " " * (end - start)
    return found, "".join(blanked)


def _values(text: str, *, words: bool) -> list[_Value]:
    if not words and _DIGIT.search(text) is None:
        return []  # every form but a number word has a digit: most claims have none, and _AMOUNT stays uncompiled
    dates, rest = _dates(text)
    values = [_Value(text[s:e], f"date {y:04d}-{m:02d}-{d:02d}", None) for s, e, y, m, d in dates]
    for match in _DOTTED.finditer(rest):
        values.append(_Value(match.group(0), match.group(0), None))
    rest = _DOTTED.sub(lambda m: " " * len(m.group(0)), rest)
    for match in _AMOUNT.finditer(rest):
        number = _decimal(match["number"])
        if number is None:
            continue
        scale = match["scale"]
        unit_word = match["unit"]
        # "5 m" is five metres, "$5m" five million dollars: a scale only after a currency sign.
        if scale and (match["sign"] or scale.casefold() not in ("m", "k")):
            number *= _SCALES[scale.casefold()]
        elif scale and unit_word is None:
            unit_word = scale
        unit = _CURRENCY_SIGNS[match["sign"]] if match["sign"] else None
        if unit_word:
            unit = _UNITS[unit_word.casefold()] if unit is None else unit
        values.append(_Value(match.group(0).strip(), _canonical(number), unit))
    if words:
        for match in _NUMBER_WORD.finditer(rest):
            tens, ones, small = match.group(1), match.group(2), match.group(3)
            if tens:
                value = _TENS[tens.casefold()] + (_WORDS[ones.casefold()] if ones else 0)
            else:
                value = _WORDS[small.casefold()]
            unit = _UNITS[match["unit"].casefold()] if match["unit"] else None
            values.append(_Value(match.group(0), str(value), unit))
    return values


@lru_cache(maxsize=256)
def _held(section: str) -> dict[str, frozenset[str | None]]:
    """Every value the section holds, with the units it comes with; kept, as many claims cite one section."""
    held: dict[str, set[str | None]] = {}
    for value in _values(section, words=True):
        held.setdefault(value.value, set()).add(value.unit)
    return {value: frozenset(units) for value, units in held.items()}


def absent_numbers(claim: str, section: str) -> tuple[str, ...]:
    """The numbers, dates, amounts and percentages of ``claim`` that ``section`` holds nowhere, as written.

    See the module's docstring for which forms count as the same value.
    """
    wanted = _values(claim, words=False)
    if not wanted:
        return ()
    by_value = _held(section)
    absent: list[str] = []
    for value in wanted:
        units = by_value.get(value.value)
        lacking = units is None or (value.unit is not None and value.unit not in units and None not in units)
        if lacking and value.shown not in absent:
            absent.append(value.shown)
    return tuple(absent)
