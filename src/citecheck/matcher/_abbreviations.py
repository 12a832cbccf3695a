"""Abbreviations and what they stand for, written one for the other in a quote.

An answer writes ``the Internet Engineering Task Force community`` where the source, having
defined ``Internet Engineering Task Force (IETF)`` once, says ``the IETF community``; ``for
example`` for ``e.g.``; or the reverse. The words differ too much for any similarity to relate
them, yet the document (or the language) says they are the same. A document's definitions are
found as Schwartz and Hearst find them ("A simple algorithm for identifying abbreviation
definitions in biomedical text", PSB 2003): a short form in brackets after its long form, or the
long form in brackets after the short one, the short form's letters read backwards through the
long form, its first at the start of a word. The common abbreviations of the languages the
matcher reads are a table (`ABBREVIATIONS`). The matcher tries the quote with one written as the
other (`citecheck.matcher._locate.locate_ranked`) only where it is found no other way, and flags
what that finds for review (``variant_form``), naming what it read as what.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from citecheck._models import Document

__all__ = ["ABBREVIATIONS", "Acronyms", "acronyms_of", "spelled_otherwise", "words_of"]

ABBREVIATIONS = {
    "etc.": ("and so on", "and so forth", "et cetera"),
    "e.g.": ("for example", "for instance"),
    "eg": ("for example", "for instance"),
    "i.e.": ("that is", "in other words"),
    "ie": ("that is",),
    "vs.": ("versus",),
    "approx.": ("approximately",),
    "YoY": ("year over year",),
    "y/y": ("year over year",),
    "z. B.": ("zum Beispiel",),
    "usw.": ("und so weiter",),
    "d. h.": ("das heißt", "das heisst"),
    "bzw.": ("beziehungsweise",),
    "p. ex.": ("par exemple", "por exemplo"),
    "c.-à-d.": ("c'est-à-dire",),
    "т. е.": ("то есть",),  # noqa: RUF001  # Cyrillic, as Russian writes it
    "и т. д.": ("и так далее",),
    "т. к.": ("так как",),
    "напр.": ("например",),
}
"""Abbreviations common in the languages the matcher reads, as they are written, and what each
stands for; a quote may write either with other marks between its letters (``e. g.``, ``eg``)."""


def words_of(text: str) -> str:
    """``text``'s words, lowercased, one space between: how the table's forms are compared (``e g``)."""
    return " ".join(_WORD.findall(text.lower()))


_WORD = re.compile(r"\w+")

_BRACKETED = re.compile(r"(?<=\s)\(([^()]{2,80})\)")
_SHORT = re.compile(r"[A-Z][A-Za-z]{0,8}[A-Z]")  # JWT, HMAC, BoE: two capitals or more, no plural
# A long form runs back no further than a word with one of these: a stop, a comma, a quotation
# mark, a bracket, in ASCII or as Chinese and Japanese write them.
_CLAUSE_END = re.compile(r"[.;:!?,\"\u2018\u2019\u201c\u201d\[\]()\u3001\u3002\uff08\uff09\uff0c\uff1a\uff1b]")
_ELIDED = re.compile(r"^\w{1,2}['\u2019](?=\w)")  # French and Italian: l', d', qu'
_OPENING = "\"'\u2018\u201c(["
_BEFORE = 240  # characters read back from a bracket for its long form: ten words and more


@dataclass(frozen=True)
class Acronyms:
    """A document's definitions, both ways."""

    long_forms: dict[str, str]
    """Each short form (``IETF``) and the long form the document gives it."""
    short_forms: dict[str, str]
    """Each long form, lowercased, and its short form."""
    long_pattern: re.Pattern[str] | None
    """The long forms, longest first, as whole words in any case, with a plural ``s``."""


def acronyms_of(document: Document) -> Acronyms:
    """The acronyms ``document`` defines, found once per document."""
    return document.derived("acronyms", _definitions)


def _definitions(document: Document) -> Acronyms:
    text = document.text
    long_forms: dict[str, str] = {}
    for match in _BRACKETED.finditer(text):
        inside = " ".join(match.group(1).split())
        words = text[max(0, match.start() - _BEFORE) : match.start()].split()
        if _SHORT.fullmatch(inside):  # "long form (SF)"
            short, long = inside, _long_form(inside, words)
        elif words and _SHORT.fullmatch(words[-1]):  # "SF (long form)"
            short, long = words[-1], _long_form(words[-1], inside.split(), whole=True)
        else:
            continue
        if long is not None:
            long_forms.setdefault(short, long)
    short_forms = {long.lower(): short for short, long in long_forms.items()}
    ordered = sorted(short_forms, key=len, reverse=True)
    pattern = (
        re.compile(r"(?<!\w)(" + "|".join(map(re.escape, ordered)) + r")(s?)(?!\w)", re.IGNORECASE) if ordered else None
    )
    return Acronyms(long_forms, short_forms, pattern)


def _long_form(short: str, words: list[str], *, whole: bool = False) -> str | None:
    """The run of two ``words`` or more, ending at the last, whose letters spell ``short``.

    Word initials first (``Universally Unique IDentifier`` for ``UUID``, not ``Unique
    IDentifier``, whose ``unique`` has two u's), then any letters, as Schwartz and Hearst read
    them; the shortest run that spells it. With ``whole``, the run must be all of ``words``.
    """
    letters = short.lower()
    limit = len(words) if whole else min(len(letters) + 5, len(letters) * 2)
    run: list[str] = []
    for word in reversed(words[-limit:]):
        # '"Uniform Resource Identifier (URI): Generic Syntax"', "l'Organisation mondiale de la santé"
        opened = _ELIDED.sub("", word.lstrip(_OPENING))
        if _CLAUSE_END.search(opened):
            break
        run.append(opened)
        if opened != word:
            break
    run.reverse()
    for spells in (_initials, _spells):
        for first in range(len(run) - 2, -1, -1) if not whole else (0,):
            if spells(letters, run[first:]):
                return " ".join(run[first:]) if not whole or len(run) == len(words) else None
    return None


def _initials(letters: str, words: list[str]) -> bool:
    """Whether ``letters`` are the words' initials, in order, a word's capitals or its parts' initials counting.

    ``JavaScript`` gives ``j`` or ``js``; ``Hash-based`` gives ``h`` or ``hb``. Every word gives
    one: where a word gives none (``de`` in ``Organisation mondiale de la santé``), or two letters
    come from one word (``mismatch repair`` for ``MMR``), the letters are read as Schwartz and
    Hearst read them.
    """
    if not words:
        return not letters
    *rest, word = words
    given = {word[0].lower()}
    capitals = "".join(c for c in word if c.isupper()).lower()
    parts = "".join(p[0] for p in _PARTS.split(word) if p).lower()
    given.update(g for g in (capitals, parts) if g)
    return any(letters.endswith(g) and _initials(letters[: -len(g)], rest) for g in given)


_PARTS = re.compile(r"[-/]")


def _spells(letters: str, words: list[str]) -> bool:
    """Whether ``letters`` are read backwards through ``words``, the first one starting the first word."""
    text = " ".join(words).lower()
    at = len(text) - 1
    for index in range(len(letters) - 1, -1, -1):
        letter = letters[index]
        while at >= 0 and (text[at] != letter or (index == 0 and at > 0 and text[at - 1].isalnum())):
            at -= 1
        if at < 0:
            return False
        at -= 1
    return at < 0 or not text[: at + 1].strip()


def spelled_otherwise(quote: str, acronyms: Acronyms) -> Iterator[tuple[str, str]]:
    """The quote with its abbreviations written out or its long forms shortened, and a note naming what.

    First every one of them at once; where there are several, then each alone, as the source may
    write one form in one place and the other in the next (``JSON Web Algorithms [JWA]``).
    Nothing for a quote that holds neither.
    """
    found = _spellings(quote, acronyms)
    alone = [[spelling] for spelling in found[:_ALONE]] if len(found) > 1 else []
    tried = {quote}
    for chosen in [found, *alone]:
        text = quote
        for start, end, other in reversed(chosen):
            text = text[:start] + other + text[end:]
        if text not in tried:
            tried.add(text)
            read = ", ".join(f"{quote[start:end]!r} read as {other!r}" for start, end, other in chosen)
            yield text, f"{read}: an abbreviation and what it stands for"


_ALONE = 4  # spellings tried one at a time, at most: a missing quote is searched again for each


def _spellings(quote: str, acronyms: Acronyms) -> list[tuple[int, int, str]]:
    """Where the quote writes an abbreviation or a long form, and the other form: (start, end, other)."""
    found: list[tuple[int, int, str]] = []
    if acronyms.long_pattern is not None:
        for match in acronyms.long_pattern.finditer(quote):
            short = acronyms.short_forms[match.group(1).lower()]
            after = quote[match.end() :].lstrip()
            if not (after[:1] in ("(", "[") and after[1:].startswith(short)):  # both, as a definition has them
                found.append((match.start(), match.end(), short + match.group(2)))
    for match in _SHORT_IN_QUOTE.finditer(quote):
        long = acronyms.long_forms.get(match.group(1))
        if long is not None and quote[match.start() - 1 : match.start()] not in ("(", "["):
            found.append((match.start(), match.end(), long + match.group(2)))
    for match in _COMMON.finditer(quote):
        found.append((match.start(), match.end(), _COMMON_OTHER[words_of(match.group(0))]))
    found.sort(key=lambda spelling: (spelling[0], -spelling[1]))
    # Overlapping spellings ("JSON" inside "JSON Web Token"): the first and longest.
    kept: list[tuple[int, int, str]] = []
    for spelling in found:
        if not kept or spelling[0] >= kept[-1][1]:
            kept.append(spelling)
    return kept


_SHORT_IN_QUOTE = re.compile(rf"(?<!\w)({_SHORT.pattern})(s?)(?!\w)")


def _other_forms() -> dict[str, str]:
    """Each form's words, and the other form as a quote would write it: the first one listed."""
    other: dict[str, str] = {}
    for short, longs in ABBREVIATIONS.items():
        other.setdefault(words_of(short), longs[0])
        for long in longs:
            other.setdefault(words_of(long), short)
    return other


_COMMON_OTHER = _other_forms()
_SHORT_WORDS = frozenset(map(words_of, ABBREVIATIONS))
_SEPARATOR = r"[\s./'\u2019-]+"
# One boundary check for all the forms, not one for each: ten times faster on a quote with none.
_COMMON = re.compile(
    r"(?<!\w)(?:"
    + "|".join(
        _SEPARATOR.join(map(re.escape, form.split())) + (r"\.?" if form in _SHORT_WORDS else "")
        for form in sorted(_COMMON_OTHER, key=len, reverse=True)
    )
    + r")(?!\w)",
    re.IGNORECASE,
)
