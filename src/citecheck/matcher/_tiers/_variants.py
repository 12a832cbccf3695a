r"""Differences that are harmless but that no rule proves the same: for review, never ``missing``.

A number written in words, numerals or another format (``ten``/``10``, ``三``/``3``, ``3,600``/``3600``,
``1.5e-8``/``1.5 x 10⁻⁸``, ``twenty percent (20%)``/``20%``), a superscript or subscript written on
the line (``28``/``2⁸``, a browser's copy; ``log2``/``log₂``), a British or American spelling
(``colour``/``color``), a Greek letter in LaTeX (``TNF-$\alpha$``), one determiner for another
(``This method``/``Such method``), an abbreviation written out (``and so on``/``etc.``,
``for example``/``e.g.``), and a word damaged by OCR in the source (``agreernent``,
``controI``) or in the quote (``availab1e``, ``N0TICE``). Each is named, so a person sees what to
confirm. A number whose value differs is never one of these: ``30``/``90`` stays a change of meaning.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from citecheck._lazy_re import lazy_compile
from citecheck._models import Flag
from citecheck.matcher._abbreviations import ABBREVIATIONS, words_of
from citecheck.matcher._appended import SUPERSCRIPT_DIGITS
from citecheck.matcher._lexicon import NEGATION_KEYS
from citecheck.matcher._normalize import ARABIC_NUMBER_MARKS
from citecheck.matcher._numerals import NUMERALS, numeral_value
from citecheck.matcher._tokens import unaccented

__all__ = ["AROUND_WORD", "LATEX", "SPELT", "Variant", "number_value", "numberish", "variant"]

Variant = tuple[str, Flag]
"""(what kind of variant, which flag): ``("a number written differently", "variant_form")``."""

_UNITS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
# One to twelve, twenty and a hundred in the other spaced languages the matcher reads, as a word each
# (their forms for a gender included); a compound ("vingt et un") is not read.
_UNITS |= {
    word: value
    for value, words in {
        1: "un une um uma eins uno una один одна одно",
        2: "deux dois duas zwei dos два две",
        3: "trois três drei tres три",
        4: "quatre quatro vier cuatro четыре",
        5: "cinq cinco fünf пять",
        6: "six seis sechs шесть",
        7: "sept sete sieben siete семь",
        8: "huit oito acht ocho восемь",
        9: "neuf nove neun nueve девять",
        10: "dix dez zehn diez десять",
        11: "onze elf одиннадцать",  # not Spanish "once", an English word
        12: "douze doze zwölf doce двенадцать",
        20: "vingt vinte zwanzig veinte двадцать",
    }.items()
    for word in words.split()
}
# Thai's, written apart from the words around them where the source has digits ("ใน ห้า ขั้นตอน").
_UNITS |= {
    word: value for value, word in enumerate(("หนึ่ง", "สอง", "สาม", "สี่", "ห้า", "หก", "เจ็ด", "แปด", "เก้า", "สิบ"), start=1)
} | {"ยี่สิบ": 20}
# Korean's native numbers, alone and as they stand before a counter ("두 가지", "세 번"); as the
# Sino-Korean ones below, only compared with the number a source writes in their place.
_UNITS |= {"하나": 1, "한": 1, "둘": 2, "두": 2, "셋": 3, "세": 3, "넷": 4, "네": 4, "다섯": 5, "여섯": 6}
_UNITS |= {"일곱": 7, "여덟": 8, "아홉": 9, "열": 10, "스물": 20, "스무": 20, "첫": 1}  # 첫 번째: 1번째
_SCALES = {"hundred": 100, "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000}
_SCALES |= dict.fromkeys(("cem", "hundert", "cien", "сто", "ร้อย"), 100)  # not French "cent", an English word
# Korean's Sino-Korean numerals, as the Chinese numerals they are read as (`numeral_value`). Only
# ever compared with the number a source writes at the same place: the syllables are also other
# words ("이" is "two" and "this"), which no number of the source stands for.
_SINO_KOREAN = str.maketrans(dict(zip("일이삼사오육륙칠팔구십백천만", "一二三四五六六七八九十百千万", strict=True)))
_HANGUL_NUMERALS = frozenset("일이삼사오육륙칠팔구십백천만")
_POSSESSIVE = lazy_compile(r"['\u2019]s$")  # "two's complement" for "2's complement"
_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺", "0123456789-+")
_GROUPED = lazy_compile(r"\d{1,3}(?:[,\u202f\u2009 ]\d{3})+(?:\.\d+)?")
_PLAIN = lazy_compile(r"\d+(?:\.\d+)?")
_SCIENTIFIC = lazy_compile(r"(\d+(?:\.\d+)?)\s*(?:e|x\s*10\s*\^?|\*\s*10\s*\^?|10\^)\s*([-+]?\d+)")
_POWER = lazy_compile(r"(\d+(?:\.\d+)?)\s*\^\s*([-+]?\d+)")
LATEX = str.maketrans("", "", "$\\{}")
"""LaTeX math markup, which a rendered quote leaves out (``$\\alpha$`` is the letter alpha)."""


def _words_value(words: Sequence[str]) -> float | None:
    total = current = 0
    seen = False
    for word in words:
        if word in ("and", "a"):
            continue
        if word in _UNITS:
            current += _UNITS[word]
        elif word in _SCALES:
            current = max(current, 1) * _SCALES[word]
            if _SCALES[word] >= 1000:
                total, current = total + current, 0
        else:
            return None
        seen = True
    return float(total + current) if seen else None


# Punctuation around a number, a Chinese or Japanese stop or comma too ("五。").
AROUND_WORD = ' .,;:\u3002\u3001\uff0c"\u201c\u201d\u00ab\u00bb'
"""What stands around a word that is no part of it: the stop or comma after it (``五。``), quote marks."""
_AROUND_NUMBER = AROUND_WORD + "()[]"


# An amount with its scale as a letter or a word, in dollars or not: "$24B", "24 billion dollars",
# "$0.45", "1.5 million".
_SCALED = lazy_compile(
    r"\$?\s*(\d+(?:\.\d+)?)\s*(k|m|mm|bn|b|t|thousand|million|billion|trillion)?(?:\s*(?:dollars|usd))?"
)
_SCALE_WORDS = {"k": 1e3, "thousand": 1e3, "m": 1e6, "mm": 1e6, "million": 1e6, "b": 1e9, "bn": 1e9, "billion": 1e9}
_SCALE_WORDS |= {"t": 1e12, "trillion": 1e12}


def _single(text: str) -> float | None:
    if text[:1] == "." and text[1:2].isdigit():
        text = "0" + text  # ".443": a paper's way with a value under one
    text = _POSSESSIVE.sub("", text.strip(_AROUND_NUMBER))
    if not text:
        return None
    scaled = _SCALED.fullmatch(text)  # a plain number too: "3" is 3, as below
    if scaled is not None:
        return float(scaled.group(1)) * _SCALE_WORDS.get(scaled.group(2) or "", 1.0)
    if _HANGUL_NUMERALS.issuperset(text):
        text = text.translate(_SINO_KOREAN)  # 육 for 6, 십이 for 12
    scientific = _SCIENTIFIC.fullmatch(text)
    if scientific:
        return float(scientific.group(1)) * 10.0 ** int(scientific.group(2))
    power = _POWER.fullmatch(text)
    if power:
        return float(power.group(1)) ** int(power.group(2))
    if _GROUPED.fullmatch(text):
        return float(re.sub(r"[,\u202f\u2009 ]", "", text))
    if _PLAIN.fullmatch(text):
        return float(text)
    value = numeral_value(text)  # 三 for 3, 三万 for 30,000
    if value is not None:
        return float(value)
    worded = _words_value(re.split(r"[\s-]+", text))
    if worded is None and _ROMAN.fullmatch(text):  # after the words: "dix" is ten, not 509
        return float(_roman_value(text))  # "Section II" for "Section 2"; compared only with a number
    return worded


def _roman_value(text: str) -> int:
    values = [_ROMAN_LETTERS[c] for c in text]
    # A letter before a larger one is taken away from it: "iv" is 4, "xc" 90.
    return sum(-v if v < next_ else v for v, next_ in zip(values, [*values[1:], 0], strict=True))


_ROMAN = lazy_compile(r"(?=[mdclxvi])m{0,3}(?:cm|cd|d?c{0,3})(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})")
_ROMAN_LETTERS = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100, "d": 500, "m": 1000}


def number_value(text: str) -> tuple[float, bool] | None:
    """The value a run of words writes, and whether it is a percentage; ``None`` if it is no number."""
    # A superscript after a digit is an exponent: 10⁶ is a million, never 106.
    lowered = (
        re.sub(r"(?<=\d)([⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺]+)", r"^\1", text.lower())
        .translate(_SUPERSCRIPTS)
        .replace("\u00d7", "x")
        .replace("\u2212", "-")
        .translate(_ARABIC_MARKS)
    )
    percent = "%" in lowered or "percent" in lowered or "per cent" in lowered
    lowered = re.sub(r"per ?cent|%", " ", lowered)
    lowered = re.sub(r"\s+", " ", lowered).strip()
    if "(" in lowered:
        outside, _, inside = lowered.partition("(")
        left, right = _single(outside), _single(inside)
        if left is None or right is None or abs(left - right) > 1e-9 * max(abs(left), 1.0):
            return None
        return left, percent
    value = _single(lowered)
    return None if value is None else (value, percent)


_ARABIC_MARKS = str.maketrans(ARABIC_NUMBER_MARKS)


def numberish(word: str) -> bool:
    """Whether a word may be (part of) a number: a digit or a CJK numeral in it, or a number word; cheap."""
    bare = _POSSESSIVE.sub("", word.strip(_AROUND_NUMBER).lower())  # the stop after a quote's last word: "ten."
    return any(c.isdigit() for c in word) or bare in _UNITS or bare in _SCALES or not NUMERALS.isdisjoint(word)


def _same_number(quoted: str, source: str) -> bool:
    quoted, source = _uncounted(quoted, source)
    if not any(map(_may_be_number, quoted.split())) or not any(map(_may_be_number, source.split())):
        return False
    left, right = number_value(quoted), number_value(source)
    if left is None or right is None or left[1] != right[1]:
        return False
    return abs(left[0] - right[0]) <= 1e-9 * max(abs(left[0]), abs(right[0]), 1e-300)


def _misread_number(quoted: str, source: str) -> bool:
    """Whether two words are one number, one of them with OCR's letters for digits (``I05``, ``1O``).

    Each holds a digit and reads as the same digits with ``O``/``o`` as 0 and ``I``/``l`` as 1: a
    word of letters alone (``l`` for ``1``) is not told from a word.
    """
    if quoted == source or not (any(c.isdigit() for c in quoted) and any(c.isdigit() for c in source)):
        return quoted == source
    read = quoted.translate(_OCR_DIGITS)
    return read.isdigit() and read == source.translate(_OCR_DIGITS)


_OCR_DIGITS = str.maketrans("OoIl", "0011")


def _may_be_number(word: str) -> bool:
    """`numberish`, a Sino-Korean numeral (``육``) or a Roman one (``XII``, ``V%``, ``iv``)."""
    bare = word.strip(_AROUND_NUMBER)
    return numberish(word) or _HANGUL_NUMERALS.issuperset(bare or "-") or _roman(bare.rstrip("%"))


def _roman(word: str) -> bool:
    """Whether ``word`` is a Roman numeral in capitals (``XII``, ``CLI``), or ``ii`` to ``xii`` in small letters.

    In small letters only the numerals a list numbers with: ``mix``, ``did`` and ``x`` are words.
    """
    if word.isupper():
        return bool(_ROMAN.fullmatch(word.lower()))
    return len(word) >= 2 and set(word) <= {"i", "v", "x"} and bool(_ROMAN.fullmatch(word))


def _uncounted(quoted: str, source: str) -> tuple[str, str]:
    """Both texts without the Korean counter and particles they end with alike: ``육장``, ``6장``: ``육``, ``6``.

    Not a word that reads as a numeral and its counter and is another word (`_NOT_COUNTED`):
    ``이번`` is "this time", not ``2번``.
    """
    if quoted.split(" ", 1)[0] in _NOT_COUNTED or source.split(" ", 1)[0] in _NOT_COUNTED:
        return quoted, source
    same = 0
    while same < min(len(quoted), len(source)) - 1 and quoted[-1 - same] == source[-1 - same]:
        same += 1
    if same and all("\uac00" <= c <= "\ud7a3" for c in quoted[len(quoted) - same :]):
        return quoted[: len(quoted) - same], source[: len(source) - same]
    return quoted, source


# Korean words that begin with a Sino-Korean numeral's syllable and end as a counter does.
_NOT_COUNTED = frozenset({"이번", "일부", "일단", "이상", "이하", "이전", "이후", "사이", "십분", "일반", "이미"})
_NOT_COUNTED |= {"일부분", "이번에", "이번에는", "일단은", "오늘", "사실", "구조", "이유", "이름", "사용"}


_SPELLING = [
    (lazy_compile(r"our(s?)$"), r"or\1"),
    (lazy_compile(r"is(e|ed|es|ing|ation|ations)$"), r"iz\1"),
    (lazy_compile(r"ys(e|ed|es|ing)$"), r"yz\1"),
    (lazy_compile(r"tre(s?)$"), r"ter\1"),
    (lazy_compile(r"ogue(s?)$"), r"og\1"),
    (lazy_compile(r"ence$"), "ense"),
    (lazy_compile(r"ll(ed|ing|er)$"), r"l\1"),
    (lazy_compile(r"ae"), "e"),
    (lazy_compile(r"oe"), "e"),
]


def _spelling(word: str) -> str:
    word = word.lower()
    for pattern, replacement in _SPELLING:
        word = pattern.sub(replacement, word)
    return word


def _written_out(word: str) -> str:
    """The word with the letters an ASCII keyboard writes as two (``ö`` as ``oe``) written so, accents dropped."""
    return unaccented(word.lower().translate(_WRITTEN_OUT))


_WRITTEN_OUT = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "æ": "ae", "œ": "oe"})

_DETERMINERS = frozenset({"this", "that", "such", "these", "those", "the", "said", "a", "an"})

_OCR_SEQUENCES = (("rn", "m"), ("vv", "w"), ("cl", "d"), ("li", "h"))
_OCR_CHARS = str.maketrans({"I": "l", "1": "l", "|": "l", "0": "o"})
_OCR_CHARS_CYRILLIC = str.maketrans({"0": "\u043e"})
_CYRILLIC = re.compile("[\u0400-\u04ff]")
# A digit OCR reads for a letter stands between letters, or opens or ends a word of letters
# ("availab1e", "N0TICE", "0btained"): the digits of "v1", "x509" or "1.5" are their own.
_DIGIT_IN_WORD = lazy_compile(r"(?<=[^\W\d_])[01](?=[^\W\d_])|^[01](?=[^\W\d_]{2})|(?<=[^\W\d_]{2})[01]$")


def _ocr_readings(word: str) -> set[str]:
    """The word lowercased with OCR's usual confusions undone, each letter sequence alone and all of them."""
    # In a Cyrillic word a "0" is the Cyrillic o (U+043E: "d0lzhen" written in Cyrillic), not the Latin one.
    folded = word.translate(_OCR_CHARS_CYRILLIC if _CYRILLIC.search(word) else _OCR_CHARS).lower()
    readings = {folded}
    for damaged, clean in _OCR_SEQUENCES:
        readings |= {reading.replace(damaged, clean) for reading in readings}
    return readings


def _misread(damaged: str, clean: str) -> bool:
    """Whether ``damaged`` reads as ``clean`` with OCR's usual confusions undone, and not the other way round.

    Not two words of capitals and letters only: ``URL`` for ``URI`` are two names (OCR reads a capital
    I for a small l, not a capital L); ``N0TICE`` has its digit.
    """
    if damaged.isupper() and clean.isupper() and damaged.isalpha():
        return False
    return (
        damaged.lower() != clean.lower()
        and damaged.lower() not in _ocr_readings(clean)
        and not _ocr_readings(damaged).isdisjoint(_ocr_readings(clean))
    )


def _ocr_damaged(quoted: str, source: str) -> bool:
    """Whether a clean quote word reads as the source word with OCR's usual confusions undone."""
    return quoted.isalpha() and any(c.isalpha() for c in source) and _misread(source, quoted)


def _misread_word(damaged: str, clean: str) -> bool:
    """Whether a word is a clean word of letters as OCR misreads it ("availab1e", "N0TICE", "cliaracter").

    A digit counts only between letters or at a word's end (`_DIGIT_IN_WORD`): a number's digits are its own.
    Either side may be the damaged one: a quote typed from a scan, or a source that is one.
    """
    damaged, clean = damaged.translate(_APOSTROPHES), clean.translate(_APOSTROPHES)  # "PetWor1d's"
    return clean.isalpha() and _DIGIT_IN_WORD.sub("", damaged).isalpha() and _misread(damaged, clean)


_APOSTROPHES = str.maketrans("", "", "'\u2019")


def _letter_forms(word: str) -> str:
    """A word with the letters some writers or keyboards write for others written as those.

    Arabic's teh marbuta and alef maksura as heh and yeh (``براءه`` for ``براءة``, ``على`` and
    ``علي`` told apart by a reader only), Urdu's heh goal as Arabic's heh (``کها`` for ``کہا``, which
    may be another word); Devanagari's chandrabindu as anusvara (``हां`` for ``हाँ``, both
    standard); Turkish's dotless i as i, and the dot above that case-folding adds to a capital İ
    dropped (``BAĞLANTIYI`` upper-cased the Turkish way, or not).
    """
    return word.casefold().translate(_LETTER_FORMS)


_LETTER_FORMS = str.maketrans(
    {"\u0629": "\u0647", "\u0649": "\u064a", "\u06c1": "\u0647", "\u0901": "\u0902", "\u0131": "i", "\u0307": None}
)


def _ligature_lost(damaged: str, clean: str) -> bool:
    """Whether ``damaged`` is ``clean`` without the letters of a ligature glyph (ﬁ ﬂ ﬀ ﬃ ﬄ): ``rst`` for ``first``.

    A PDF font that maps its ligatures to no characters loses them from the text layer: all of a
    word's, or the one it set as a ligature (``eective`` for ``effective``, ``denir`` for ``definir``).
    """
    if not damaged.isalpha():
        return False
    damaged, clean = damaged.lower(), clean.lower()
    found = list(_LIGATURE.finditer(clean))
    if not found or len(damaged) >= len(clean):
        return False
    if _LIGATURE.sub("", clean) == damaged:
        return True
    return any(clean[: match.start()] + clean[match.end() :] == damaged for match in found)


# The Latin ligatures of Unicode's Alphabetic Presentation Forms (U+FB00 to U+FB04), longest first.
_LIGATURE = re.compile("ff[il]|ff|f[il]")

# The superscript digits (as a footnote's marker takes them), signs, brackets, n and i; the subscripts.
_SCRIPTS = frozenset(
    SUPERSCRIPT_DIGITS
    + "\u207a\u207b\u207c\u207d\u207e\u207f\u2071"
    + "\u2080\u2081\u2082\u2083\u2084\u2085\u2086\u2087\u2088\u2089\u208a\u208b\u208c\u208d\u208e"
)


def _on_the_line(text: str) -> str:
    """Superscripts and subscripts as the characters they raise or lower, with no mark of a power (``^``, ``**``)."""
    text = _BRACKETED_POWER.sub(r"\1", unicodedata.normalize("NFKC", text))  # "2^(n-1)" for "2ⁿ⁻¹"
    return text.replace("\u2212", "-").translate(_POWER_MARKS).lower()


_POWER_MARKS = str.maketrans("", "", "^* ")
# A power on the line brackets an exponent of several characters, which a superscript needs not.
_BRACKETED_POWER = re.compile(r"(?:\^|\*\*)\s*\(([^()]*)\)")

# Read only as a whole difference, both sides.
_WRITTEN_OUT_ABBREVIATIONS = frozenset(
    pair
    for short, longs in ABBREVIATIONS.items()
    for long in longs
    for pair in ((words_of(short), words_of(long)), (words_of(long), words_of(short)))
)


_ACCENT = "an accent dropped or added"
_LETTER_FORM = "a letter written in another of its forms"
_SPELLING_VARIANT = "a spelling variant"
SPELT = frozenset({_ACCENT, _LETTER_FORM, _SPELLING_VARIANT})
"""The kinds of `variant` that write one word another way, which a word in quotation marks may still
be: ``"Licence"`` for ``"License"``, ``"Huỷ"`` for ``"Hủy"`` (Vietnamese's old and new tone placement)."""


def variant(quoted: Sequence[str], source: Sequence[str], quoted_text: str, source_text: str) -> Variant | None:
    """What kind of harmless-but-unproven difference the quote's words are from the source's.

    Args:
        quoted: The quote's differing words.
        source: The source's differing words.
        quoted_text: The quote's words as written, with what stands between them.
        source_text: The source's, likewise.

    Returns:
        The kind and its flag, or ``None`` when the difference is not one of these.
    """
    if quoted_text and source_text and _same_number(quoted_text, source_text):
        return "a number written differently", "variant_form"
    if len(quoted) == len(source) and quoted and all(map(_misread_number, quoted, source)):
        # "I05" for "105", "1O-13" for "10-13": the letters OCR reads for digits; which side is damaged.
        damaged = any(not word.isdigit() for word in source)
        return "a number as OCR misreads it (O for 0, I or l for 1)", "damaged_source" if damaged else "variant_form"
    if _SCRIPTS.intersection(quoted_text + source_text) and _on_the_line(quoted_text) == _on_the_line(source_text):
        # "28" for "2⁸": a browser's copy of a superscript (or "2^8"). Read as the digits they stand for.
        return "a superscript or subscript written on the line", "variant_form"
    if (" ".join(quoted).lower(), " ".join(source).lower()) in _WRITTEN_OUT_ABBREVIATIONS:
        return "an abbreviation written out, or the reverse", "variant_form"  # "and so on" for "etc."
    if len(quoted) != len(source) or not quoted:
        return None
    if len(quoted) == 1 and {quoted[0].lower(), source[0].lower()} <= _DETERMINERS:
        return "a determiner swapped", "variant_form"
    pairs = [(q, s) for q, s in zip(quoted, source, strict=True) if q.lower() != s.lower()]
    if all(unaccented(q) == unaccented(s) for q, s in pairs):
        return _ACCENT, "variant_form"  # "nao" for "não", "reférences"
    if all(_written_out(q) == _written_out(s) for q, s in pairs):
        return "a letter written out in ASCII", "variant_form"  # "Oeffnen" for "Öffnen", "coeur" for "cœur"
    if all(_letter_forms(q) == _letter_forms(s) for q, s in pairs):
        return _LETTER_FORM, "variant_form"  # "براءه" for "براءة"
    if all(_ligature_lost(q, s) or _ligature_lost(s, q) for q, s in pairs):
        if any(word.lower() in NEGATION_KEYS for pair in pairs for word in pair):
            # "ni" for "fini", "no" for "fino": a font's loss, or a negation written in; a person reads it.
            return "a negation one side writes where the other's word has a ligature's letters more", "variant_form"
        if all(_ligature_lost(q, s) for q, s in pairs):
            return "letters a PDF font's ligature stood for, lost ('rst' for 'first')", "variant_form"
        if all(_ligature_lost(s, q) for q, s in pairs):
            return "letters a PDF font's ligature stood for, lost in the source", "damaged_source"
    if all(_misread_word(q, s) for q, s in pairs):
        return "letters as OCR misreads them (a digit for a letter, 'li' for 'h')", "variant_form"
    if all(_misread_word(s, q) for q, s in pairs):
        return "OCR damage in the source", "damaged_source"  # "c0nnection", a Cyrillic word with a 0
    # Both checks below only ever relate words of about the same length and start.
    if any(abs(len(q) - len(s)) > 2 or q[:2].lower() != s[:2].lower() for q, s in pairs):
        return None
    if all(_spelling(q) == _spelling(s) for q, s in pairs):
        return _SPELLING_VARIANT, "variant_form"
    if all(_ocr_damaged(q, s) for q, s in pairs):
        return "OCR damage in the source", "damaged_source"
    return None
