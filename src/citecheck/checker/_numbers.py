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
from collections.abc import Iterator
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from itertools import pairwise
from typing import NamedTuple

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


def _factored(words: list[str]) -> str:
    """An alternation of ``words`` (longest first) with shared prefixes factored out: ``h(?:ours|our|rs|r|)``.

    The same matches as ``|``-joining them, but ``re`` no longer tries every word where a first
    letter already rules most out: `_AMOUNT` tries the units after every number of every text, and
    took 1.8 us instead of 1.1 us on "5 MUST" with the flat list. A word comes before any word it
    extends (longest first), and two words that differ at a character cannot both match there
    (lower-case ASCII, a space, ``%``), so grouping by the next character keeps the order in which
    they can match.
    """
    groups: dict[str, list[str]] = {}
    for word in words:
        groups.setdefault(word[:1], []).append(word[1:])
    parts = [re.escape(first) + _factored(rest) if first else "" for first, rest in groups.items()]
    return parts[0] if len(parts) == 1 else f"(?:{'|'.join(parts)})"


_UNIT = _factored(sorted(_UNITS, key=len, reverse=True))
_SCALE = "|".join(sorted(_SCALES, key=len, reverse=True))
_NUMBER = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_DATE_ISO = re.compile(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b")
_DATE_MDY = lazy_compile(rf"\b({_MONTH})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b", re.IGNORECASE)
_DATE_DMY = lazy_compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+({_MONTH})\.?,?\s+(\d{{4}})\b", re.IGNORECASE)
_DOTTED = re.compile(r"\b\d+(?:\.\d+){2,}\b")
_DIGITS = re.compile(r"\d+")
_AMOUNT = lazy_compile(
    rf"(?P<sign>[$€£¥])?\s?(?P<number>{_NUMBER})(?:st|nd|rd|th)?"
    rf"(?:\s?(?P<scale>{_SCALE})\b)?(?:[\s-]?(?P<unit>{_UNIT})(?![A-Za-z]))?",
    re.IGNORECASE,
)
_SMALL = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
_SMALL += "seventeen eighteen nineteen"
_WORDS = {word: value for value, word in enumerate(_SMALL.split())}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
# Every word `_NUMBER_WORD` can match contains one of these ("eleven" holds "eleven", "forty" "forty"...);
# the teens and tens are covered by their own entries, as a casefolded substring.
_NUMBER_WORD_STEMS = tuple(_WORDS) + tuple(_TENS)
_NUMBER_WORD = lazy_compile(
    rf"\b(?:({'|'.join(_TENS)})(?:[\s-]({'|'.join(list(_WORDS)[1:10])}))?|({'|'.join(_WORDS)}))\b"
    rf"(?:[\s-]?(?P<unit>{_UNIT})(?![A-Za-z]))?",
    re.IGNORECASE,
)


def _amounts(text: str, runs: list[tuple[int, int]]) -> Iterator[re.Match[str]]:
    """``_AMOUNT.finditer(text)``'s matches, tried only next to the digits (``runs``: `_digit_runs` of ``text``).

    A match's number starts at most two characters after the match (a sign, a space), so it is
    tried at each run of digits, from two characters before it, after the previous match's end
    (which can fall inside a run: "1,2345" is "1,234", then "5"). The pattern's optional sign and
    space make ``re`` try it at every offset of the text, most of which hold no digit. No digit
    stands between that earliest offset and the run, so the pattern matches at an offset before
    the run exactly when what lies between is a sign, a space, or a sign and a space: that test
    picks the offset, and the pattern is tried once per run.
    """
    end = 0
    for run_start, run_end in runs:
        start = max(run_start, end)
        if start >= run_end:
            continue
        offset = start  # a digit there always matches
        if start - 2 >= end and text[start - 2] in _CURRENCY_SIGNS and text[start - 1].isspace():
            offset = start - 2
        elif start - 1 >= end and (text[start - 1] in _CURRENCY_SIGNS or text[start - 1].isspace()):
            offset = start - 1
        match = _AMOUNT.match(text, offset)
        if match is not None:  # never None: kept for the type checker
            end = match.end()
            yield match


def _digit_runs(text: str) -> list[tuple[int, int]]:
    """Where ``text``'s runs of digits start and end."""
    return [match.span() for match in _DIGITS.finditer(text)]


def _dotted_runs(text: str, runs: list[tuple[int, int]]) -> bool:
    """Whether three runs of digits in ``text`` follow each other joined by single dots, as `_DOTTED` needs."""
    joined = 0  # how many runs in a row so far, each after a dot that ends the one before
    for (_, previous_end), (start, _) in pairwise(runs):
        if start == previous_end + 1 and text[previous_end] == ".":
            joined += 1
            if joined == 2:
                return True
        else:
            joined = 0
    return False


def _key(word: str) -> str:
    """A word a case-blind pattern matched, as its key in the tables above.

    ``re`` matches the Turkish dotless i (U+0131) and dotted I (U+0130) case-blind to ``i``, which
    casefolding leaves as it is (or makes ``i`` and a combining dot): "April" or "minutes" spelt with
    either is found by the patterns, and must be found in the tables too.
    """
    return word.casefold().replace("\u0131", "i").replace("i\u0307", "i")


def _has_number_word(text: str) -> bool:
    """Whether ``text`` may hold a number word: a substring test, far cheaper than `_NUMBER_WORD`'s scan.

    Only for ASCII text: elsewhere a case-blind match and a casefolded substring can disagree
    (``re`` takes a dotless i, U+0131, for ``i``), so such text always gets the scan.
    """
    if not text.isascii():
        return True
    folded = text.lower()
    return any(word in folded for word in _NUMBER_WORD_STEMS)


class _Value(NamedTuple):  # a tuple: built for every number of every text checked, and never changed
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


def _dates(text: str, runs: list[tuple[int, int]]) -> tuple[list[tuple[int, int, int, int, int]], str]:
    """The dates in ``text`` as (start, end, year, month, day), and the text with them blanked out."""
    found: list[tuple[int, int, int, int, int]] = []
    # Every date ends or starts with a four-digit year (a run of four digits or more), and most
    # texts have none; the month names are also words ("may", "march"), so their test alone lets
    # most English through.
    if all(end - start < 4 for start, end in runs):
        return found, text
    for match in _DATE_ISO.finditer(text):
        found.append((match.start(), match.end(), int(match[1]), int(match[2]), int(match[3])))
    folded = text.casefold()
    if any(name in folded for name in _MONTHS):  # a case-blind alternation tried at every offset is slow
        for match in _DATE_MDY.finditer(text):
            found.append((match.start(), match.end(), int(match[3]), _MONTHS[_key(match[1])], int(match[2])))
        for match in _DATE_DMY.finditer(text):
            found.append((match.start(), match.end(), int(match[3]), _MONTHS[_key(match[2])], int(match[1])))
    if not found:
        return found, text
    blanked = list(text)
    for start, end, *_ in found:
        blanked[start:end] = " " * (end - start)
    return found, "".join(blanked)


def _values(text: str, *, words: bool) -> list[_Value]:
    runs = _digit_runs(text)
    if not words and not runs:
        return []  # every form but a number word has a digit: most claims have none, and _AMOUNT stays uncompiled
    # Each step below needs digits; the runs found once say which steps can find anything, so a
    # text is scanned again only when a step blanked some of it.
    dates, rest = _dates(text, runs)
    values = [_Value(text[s:e], f"date {y:04d}-{m:02d}-{d:02d}", None) for s, e, y, m, d in dates]
    if rest is not text:
        runs = _digit_runs(rest)
    if _dotted_runs(rest, runs):
        for match in _DOTTED.finditer(rest):
            values.append(_Value(match.group(0), match.group(0), None))
        rest = _DOTTED.sub(lambda m: " " * len(m.group(0)), rest)
        runs = _digit_runs(rest)
    for match in _amounts(rest, runs):
        number = _decimal(match["number"])
        if number is None:
            continue
        scale = match["scale"]
        unit_word = match["unit"]
        # "5 m" is five metres, "$5m" five million dollars: "m" is a scale only after a currency sign
        # ("5k" is 5,000 either way).
        if scale and (match["sign"] or scale.casefold() != "m"):
            number *= _SCALES[_key(scale)]
        elif scale and unit_word is None:
            unit_word = scale
        unit = _CURRENCY_SIGNS[match["sign"]] if match["sign"] else None
        if unit_word:
            unit = _UNITS[_key(unit_word)] if unit is None else unit
        values.append(_Value(match.group(0).strip(), _canonical(number), unit))
    if words and _has_number_word(rest):
        for match in _NUMBER_WORD.finditer(rest):
            tens, ones, small = match.group(1), match.group(2), match.group(3)
            value = _TENS[_key(tens)] + (_WORDS[_key(ones)] if ones else 0) if tens else _WORDS[_key(small)]
            unit = _UNITS[_key(match["unit"])] if match["unit"] else None
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
