"""What the tiers' folding reads as typography and a quote may not change: an operator's ``*``, a name's case.

Every tier but ``exact`` compares folded text, in which ``*`` is emphasis and case does not count
(``ignoring case and typographic punctuation``). Three differences of that kind may change what a
quote says, so a quote found with one is flagged ``variant_form`` for a person to look:

- a ``*`` that opens a word and closes none is an operator of code or a grammar (``type *T``,
  ``port = *DIGIT``), added, dropped or moved;
- a name in quotation marks or backticks written in another case (``"EXP"`` for ``"exp"``: a JWT's
  claim names, like a program's, are case-sensitive), or a name written in mixed case, quoted or
  not (``numericDate`` for ``NumericDate``, ``pathError`` for Go's exported ``PathError``, a
  base64 token's ``EyJ`` for ``eyJ``): a capital inside a word makes it an identifier, whose case
  is part of it, where a sentence's first word recased is typography;
- an apostrophe inside a word added or dropped (``It's`` for ``Its``, ``we're`` for ``were``,
  ``wont`` for ``won't``): folding sets apostrophes aside, but each makes another word;
- a keyword of BCP 14 in capitals where the source writes it in prose (``MAY`` for ``may``): only
  the capitals state a requirement (RFC 8174). Capitals written in prose are no such change.
"""

from __future__ import annotations

import re
from collections import Counter

__all__ = ["written_differences"]

# Stars opening an ASCII word after a space or a bracket ("*T", "*( a )"), or closing a word.
_STARS = re.compile(r"(?P<opens>(?:(?<=[\s(\[])|^)\*+(?=[A-Za-z0-9_(]))|(?<=[\w)])\*+(?![\w*])")
_WORD = re.compile(r"\w+")
_OPENING = "\"'\u201c\u2018\u00ab([ "
_STAR_NOTE = (
    "a '*' before a word differs from the source's, which in code or a grammar is an operator ('*T', '*DIGIT'), "
    "not emphasis"
)
# A name in straight or curly quotation marks or backticks: one word, no spaces.
_NAMED = re.compile("[\"'`\u201c\u2018]([^\\s\"'`\u201c\u201d\u2018\u2019]{1,40})[\"'`\u201d\u2019]")
# A lower-case letter then a capital: a word in mixed case (``GitHub``, ``numericDate``, ``eyJhbG``).
_MIXED = re.compile(r"[a-z\u00df-\u00ff][A-Z\u00c0-\u00de]")
_KEYWORD = re.compile(r"\b(?:MUST|SHALL|SHOULD|MAY|REQUIRED|RECOMMENDED|OPTIONAL)\b")
_KEYWORD_NOTE = (
    "a keyword of BCP 14 in capitals where the source writes it in prose: only the capitals state a "
    "requirement (RFC 8174)"
)


def written_differences(quote: str, source: str) -> tuple[str, ...]:
    """Notes on what the quote writes otherwise than the source in a way folding does not see; empty for most.

    Args:
        quote: The quote as the citation gives it.
        source: The source text the quote was matched to.
    """
    notes: list[str] = []
    if ("*" in quote or "*" in source) and _operator_stars(quote) != _operator_stars(source):
        notes.append(_STAR_NOTE)
    notes += _names_recased(quote, source)
    if _MIXED.search(quote) or _MIXED.search(source):
        notes += _identifiers_recased(quote, source)
    if _APOSTROPHE.search(quote) or _APOSTROPHE.search(source):
        notes += _apostrophes_moved(quote, source)
    if _KEYWORD.search(quote) and _capital_keywords(quote) - _capital_keywords(source):
        notes.append(_KEYWORD_NOTE)
    return tuple(notes)


def _operator_stars(text: str) -> list[tuple[str, str]]:
    """The words a ``*`` opens that no ``*`` closes (``*T``, ``*( a )``), each with the word before it, sorted.

    A run of stars that opens a word and one that closes a later word are emphasis (``*not*``,
    ``**the rest**``); one left open is an operator of code or a grammar. Named by the word before
    it and the first letters of its own, which a line-end hyphen in the quote does not move.
    """
    if "*" not in text:
        return []
    open_at: list[int] = []
    for run in _STARS.finditer(text):
        if run.group("opens"):
            open_at.append(run.start())
        elif open_at:
            open_at.pop()  # closes the emphasis the last open run opened
    # An operator is one star inside the text: "**" left open, or a star that opens the quote
    # itself, is the rest of emphasis a cut left behind ("*Mutational co-occurrence ...").
    open_at = [at for at in open_at if text[at + 1 : at + 2] != "*" and text[:at].strip(_OPENING)]
    named = []
    for at in open_at:
        before, after = _WORD.findall(text, max(0, at - 40), at), _WORD.search(text, at)
        # The word's first letters: a line-end hyphen may break the word itself ("*Byte-\nSlice").
        named.append((before[-1].lower() if before else "", after.group()[:3].lower() if after else ""))
    return sorted(named)


def _names_recased(quote: str, source: str) -> list[str]:
    """A note for each name in quotation marks the quote writes in another case than the source's."""
    quoted = set(_NAMED.findall(quote))
    if not quoted:
        return []
    named = set(_NAMED.findall(source))
    by_lower = {name.lower(): name for name in sorted(named)}
    return [
        f"{name!r} for the source's {by_lower[name.lower()]!r}: a name in quotation marks written in another case"
        for name in sorted(quoted - named)  # "'A' through 'F' ... 'a' through 'f'": the source has both
        if name.lower() in by_lower
    ]


def _identifiers_recased(quote: str, source: str) -> list[str]:
    """A note for each word in mixed case, the quote's or the source's, that the other writes in another case."""
    words = _WORD.findall(quote)
    quoted, sourced = set(words), set(_WORD.findall(source))
    by_lower = {word.lower(): word for word in sorted(sourced - quoted)}
    notes = []
    for word in sorted(quoted - sourced):  # a form the source has too is the source's own
        theirs = by_lower.get(word.lower())
        if theirs is None or not (_MIXED.search(word) or _MIXED.search(theirs)):
            continue
        if word == words[0] and word[1:] == theirs[1:]:
            continue  # "QuanTIseq might [...]" for "Thus, quanTIseq might": a quote's first letter is the quoter's
        notes.append(f"{word!r} for the source's {theirs!r}: a name in mixed case written in another case")
    return notes


def _apostrophes_moved(quote: str, source: str) -> list[str]:
    """A note for each word one side writes with an apostrophe inside and the other without (``It's``/``Its``)."""
    quoted, sourced = _apostrophe_words(quote), _apostrophe_words(source)
    notes = []
    for mine, theirs, side in ((quoted, sourced, "the quote"), (sourced, quoted, "the source")):
        for word in sorted(mine[1] - theirs[1]):
            bare = word.replace("'", "")
            if bare in theirs[0] and bare not in mine[0]:
                quoted_form, source_form = (word, bare) if side == "the quote" else (bare, word)
                notes.append(
                    f"{quoted_form!r} for the source's {source_form!r}: an apostrophe added or dropped, "
                    "which makes another word"
                )
    return notes


def _apostrophe_words(text: str) -> tuple[set[str], set[str]]:
    """The text's words lowercased, and those of them with an apostrophe inside (``it's``, ``won't``)."""
    words = {w.lower().replace("\u2019", "'") for w in _WORD_WITH_APOSTROPHE.findall(text)}
    return words, {w for w in words if "'" in w}


_APOSTROPHE = re.compile("\\w['\u2019]\\w")  # inside a word: not a quote mark around a name ('exp')
_WORD_WITH_APOSTROPHE = re.compile("\\w+(?:['\u2019]\\w+)*")


def _capital_keywords(text: str) -> Counter[str]:
    return Counter(_KEYWORD.findall(text))
