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
from citecheck.matcher._tokens import WORD_RUN, unaccented

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
    return " ".join(WORD_RUN.findall(text.lower()))


_BRACKETED = re.compile(r"(?<=\s)\(([^()]{2,80})\)")
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
    by_first_word: dict[str, list[tuple[tuple[str, ...], str]]]
    """Each long form's words, lowercased, and its short form, by the long form's first word: a
    quote's words are looked up one by one, whatever the number of definitions."""


def acronyms_of(document: Document) -> Acronyms:
    """The acronyms ``document`` defines, found once per document."""
    return document.derived("acronyms", _definitions)


def _definitions(document: Document) -> Acronyms:
    text = document.text
    long_forms: dict[str, str] = {}
    for match in _BRACKETED.finditer(text):
        inside = " ".join(match.group(1).split())
        words = text[max(0, match.start() - _BEFORE) : match.start()].split()
        if short := _short_form(inside):  # "long form (SF)"
            long = _long_form(short, words)
        elif words and (short := _short_form(words[-1])):  # "SF (long form)"
            long = _long_form(short, inside.split(), whole=True)
        else:
            continue
        if long is not None:
            long_forms.setdefault(short, long)
    by_first_word: dict[str, list[tuple[tuple[str, ...], str]]] = {}
    for short, long in long_forms.items():
        spelt = tuple(WORD_RUN.findall(long.lower()))  # "Backus-Naur" is two words, as a quote's are read
        by_first_word.setdefault(spelt[0], []).append((spelt, short))
    for entries in by_first_word.values():
        entries.sort(key=lambda entry: -len(entry[0]))  # the longest first: "JSON Web Token", not "JSON"
    return Acronyms(long_forms, by_first_word)


def _short_form(text: str) -> str:
    """``text`` as a short form (``JWT``, ``HMAC``, ``BoE``, ``MD5``, ``ИИ``), or ``""``.

    Two to ten letters or digits, a capital first and two capitals at least, in any script; a
    plural's ``s`` dropped (``LGGs``).
    """
    bare = text[:-1] if text.endswith("s") and len(text) > 2 else text
    if not (2 <= len(bare) <= _LONGEST_SHORT and bare.isalnum() and bare[0].isupper()):
        return ""
    return bare if sum(map(str.isupper, bare)) >= 2 else ""


_LONGEST_SHORT = 10  # characters of a short form, at most


def _long_form(short: str, words: list[str], *, whole: bool = False) -> str | None:
    """The run of two ``words`` or more, ending at the last, whose letters spell ``short``.

    Word initials first (``Universally Unique IDentifier`` for ``UUID``, not ``Unique
    IDentifier``, whose ``unique`` has two u's), then any letters, as Schwartz and Hearst read
    them; the shortest run that spells it. With ``whole``, the run must be all of ``words``.
    """
    if whole and len(words) < 2:
        return None  # "SP (space)": one word is no long form
    letters = unaccented(short)
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
    given = {unaccented(word[0])}
    capitals = unaccented("".join(c for c in word if c.isupper()))
    parts = unaccented("".join(p[0] for p in _PARTS.split(word) if p))
    given.update(g for g in (capitals, parts) if g)
    return any(letters.endswith(g) and _initials(letters[: -len(g)], rest) for g in given)


_PARTS = re.compile(r"[-/]")


def _spells(letters: str, words: list[str]) -> bool:
    """Whether ``letters`` are read backwards through ``words``, the first one starting the first word."""
    text = unaccented(" ".join(words))
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

    First every form in its first other form at once, then only the long forms shortened, then
    only the abbreviations written out; then each alone, in each of its other forms (``e.g.``:
    ``for example``, ``for instance``), as the source may write one form in one place and the
    other in the next (``JSON Web Algorithms [JWA]``): `_ALONE` readings after the first three at
    most, as each is another search. Nothing for a quote with neither.
    """
    found = _spellings(quote, acronyms)
    first = [(start, end, others[0]) for start, end, others in found]
    shortened = [spelling for spelling in first if spelling[1] - spelling[0] > len(spelling[2])]
    readings = [first, shortened, [spelling for spelling in first if spelling not in shortened]]
    readings += [[(start, end, other)] for start, end, others in found for other in others][:_ALONE]
    tried = {quote}
    for chosen in readings:
        text = quote
        for start, end, other in reversed(chosen):
            text = text[:start] + other + text[end:]
        if text not in tried:
            tried.add(text)
            read = ", ".join(f"{quote[start:end]!r} read as {other!r}" for start, end, other in chosen)
            yield text, f"{read}: an abbreviation and what it stands for"


_ALONE = 3  # readings beyond the first three: a missing quote is searched again for each


def _spellings(quote: str, acronyms: Acronyms) -> list[tuple[int, int, tuple[str, ...]]]:
    """Where the quote writes an abbreviation or a long form, and its other forms: (start, end, others)."""
    found = [*_long_forms_in(quote, acronyms), *_short_forms_in(quote, acronyms)]
    for match in _COMMON.finditer(quote):
        written, form = match.group(0), words_of(match.group(0))
        # "e.g.", "z. B.", "y/y", "c.-à-d.": an abbreviation of two parts or more is written with
        # its marks ("D-H" is Diffie-Hellman, "e g" no abbreviation).
        if form in _SHORT_WORDS and " " in form and not any(mark in written for mark in "./"):
            continue
        found.append((match.start(), match.end(), _COMMON_OTHERS[form]))
    found.sort(key=lambda spelling: (spelling[0], -spelling[1]))
    # Overlapping spellings ("JSON" inside "JSON Web Token"): the first and longest.
    kept: list[tuple[int, int, tuple[str, ...]]] = []
    for spelling in found:
        if not kept or spelling[0] >= kept[-1][1]:
            kept.append(spelling)
    return [spelling for spelling in kept if spelling[2]]


def _long_forms_in(quote: str, acronyms: Acronyms) -> Iterator[tuple[int, int, tuple[str, ...]]]:
    """The long forms the quote writes, each with its short form; a plural's ``s`` kept on both."""
    if not acronyms.by_first_word:
        return
    words = list(WORD_RUN.finditer(quote))
    lowered = [word.group(0).lower() for word in words]
    for at, first in enumerate(lowered):
        for long, short in acronyms.by_first_word.get(first, ()):
            end = at + len(long)
            if end > len(words) or tuple(lowered[at : end - 1]) != long[:-1]:
                continue
            last = lowered[end - 1]
            if last == long[-1] + "s":
                others: tuple[str, ...] = (short + "s",)  # "JSON Web Tokens": "JWTs"
            elif last == long[-1]:
                # A long form in the plural ("low-grade gliomas (LGGs)") is short in either number.
                others = (short + "s", short) if last.endswith("s") else (short,)
            elif long[-1].endswith("s") and last == long[-1][:-1]:
                others = (short,)  # "Uniform Resource Locator", defined as "Uniform Resource Locators (URL)"
            else:
                continue
            after = quote[words[end - 1].end() :].lstrip()
            # Both, as a definition or a reference has them: no other form, but no short form inside either.
            defined = after[:1] in ("(", "[") and after[1:].startswith(short)
            yield words[at].start(), words[end - 1].end(), () if defined else others
            break


def _short_forms_in(quote: str, acronyms: Acronyms) -> Iterator[tuple[int, int, tuple[str, ...]]]:
    """The short forms the quote writes, each with its long form; a plural's ``s`` kept on both."""
    if not acronyms.long_forms:
        return
    for match in WORD_RUN.finditer(quote):
        word = match.group(0)
        plural = word.endswith("s") and word not in acronyms.long_forms
        long = acronyms.long_forms.get(word[:-1] if plural else word)
        if long is None or quote[match.start() - 1 : match.start()] in ("(", "["):
            continue  # a definition, a reference
        # "URLs" of "Uniform Resource Locators (URL)": the long form's own plural.
        yield match.start(), match.end(), (long + ("s" if plural and not long.endswith("s") else ""),)


def _other_forms() -> dict[str, tuple[str, ...]]:
    """Each form's words, and the other forms as a quote would write them.

    An abbreviation's long forms; a long form's first abbreviation.
    """
    others: dict[str, tuple[str, ...]] = {}
    for short, longs in ABBREVIATIONS.items():
        others[words_of(short)] = longs
        for long in longs:
            others.setdefault(words_of(long), (short,))  # "e.g.", the first listed; not "eg" too
    return others


_COMMON_OTHERS = _other_forms()
_SHORT_WORDS = frozenset(map(words_of, ABBREVIATIONS))
_SEPARATOR = r"[\s./'\u2019-]+"
# One boundary check for all the forms, not one for each: ten times faster on a quote with none.
_COMMON = re.compile(
    r"(?<!\w)(?:"
    + "|".join(
        _SEPARATOR.join(map(re.escape, form.split())) + (r"\.?" if form in _SHORT_WORDS else "")
        for form in sorted(_COMMON_OTHERS, key=len, reverse=True)
    )
    + r")(?!\w)",
    re.IGNORECASE,
)
