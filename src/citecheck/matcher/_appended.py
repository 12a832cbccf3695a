# ruff: noqa: RUF002, RUF003  # full-width brackets and Cyrillic letters are among what an answer appends
"""What an answer appends after a quote that is not the source's: a citation, a note, a footnote's number.

``(p. 3)``, ``(Jones et al., 2015)``, ``(see Section 4.1)``, ``(siehe Abschnitt 2)``, ``（第3页）``,
``(ibid.)``, ``(emphasis added)``, ``(1)``, ``¹``: before or after the quote's final stop. The
matcher sets one aside only in a second reading of a quote not found as written
(`citecheck.matcher._locate.PreparedCitation`), since the source may hold the same words (an RFC
sentence's ``(Section 4.1)``, ``equation (1)``, ``mc²``).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from citecheck._lazy_re import lazy_compile

__all__ = ["STOPS_AND_QUOTES", "SUPERSCRIPT_DIGITS", "Appended", "cites", "doubt", "set_apart"]

SUPERSCRIPT_DIGITS = "\u00b9\u00b2\u00b3\u2070\u2074\u2075\u2076\u2077\u2078\u2079"
"""The superscript digits, which an answer writes for a footnote's number (and a formula for an exponent)."""
STOPS_AND_QUOTES = ".!?\u3002\"'\u201d\u2019"
"""What may stand after a quote's last word before what it appends: its stop and closing quote marks."""

_STOP = r"[.!?\u3002]"
_NUMBER = r"\d{1,3}"  # a footnote's number
_RANGE = r"(?:\s*[-\u2013]\s*\d+)?"
_NAME = r"[A-Z\u00c0-\u00de\u0400-\u042f][\w'\u2019-]*"
_LIMITING = (
    r"(?i:never|not|none|only|except|unless|until|since|before|after|if|nur|jamais|sauf|seulement|nunca"
    r"|apenas|exceto|\u043d\u0438\u043a\u043e\u0433\u0434\u0430|\u0442\u043e\u043b\u044c\u043a\u043e)"
)
# Words that date what they precede ("(Since 2019)", "(Bis 2025)", "(До 2025)") or leave something
# out ("(Without 2021)", "(Ohne 2021)"): no author of a name and a year without a comma. Not with
# one, where a name may be any word ("(Sin et al., 2021)", "(Sans, 2021)").
_DATING = (
    r"(?i:since|until|till|before|after|from|through|by|circa|ca|seit|bis|vor|nach|ab|depuis|avant|apr\u00e8s"
    r"|jusqu|desde|hasta|antes|despu\u00e9s|at\u00e9|depois|\u0434\u043e|\u043f\u043e\u0441\u043b\u0435|\u0441|\u0441\u043e"
    r"|\u043e\u0442|\u043f\u043e"
    r"|without|excluding|ohne|au\u00dfer|sans|hors|sin|sem|\u0431\u0435\u0437|\u043a\u0440\u043e\u043c\u0435)"
)
_PAGE_ABBREVIATION = r"(?:pp?|pgs?|pag|p\u00e1g|s|\u0441\u0442\u0440|\u0441)"
_PAGE_AFTER_YEAR = rf"(?:\s*[,:]\s*(?i:{_PAGE_ABBREVIATION}\.\s*)?\d+{_RANGE})?"  # "2015, p. 4", "2021a, S. 4"
# Each form as it stands inside brackets. An abbreviation of "page" keeps its period ("(S. 3)", not
# "(S3)"; "(с. 3)", not Russian "(с 2020)", "since 2020").
_FORMS = (
    rf"(?i:{_PAGE_ABBREVIATION}\.\s*\d+{_RANGE}|(?:pages?|seite)\s+\d+{_RANGE})",
    r"\u7b2c\s*\d+\s*[\u9875\u9801]|\d+\s*(?:\u30da\u30fc\u30b8|\u9801|\ucabd|\ud398\uc774\uc9c0)|\u0e2b\u0e19\u0e49\u0e32\s*\d+",
    # An author and a year: "et al.", a second author, or a comma before the year tell a citation
    # from a word and a year ("(Since 2019)", "(Windows 2019)", "(Until 2025)"). A word that limits
    # is no author: "(Never, 2019)", "(Only, 2020)".
    rf"(?!{_LIMITING}\b){_NAME}(?:\s+et\s+al\.?,?|\s+(?:and|&|und|e|y|\u0438)\s+{_NAME},?|,)\s+(?:1[5-9]|20)\d\d[a-z]?"
    rf"{_PAGE_AFTER_YEAR}",
    # A section or chapter pointed at, perhaps with "see" (and an article: "voir la section 4").
    r"(?i:(?:(?:see|cf\.?|vgl\.?|siehe|voir|ver|veja|\u0441\u043c\.?)\s+(?:(?:la|le|l'|a|o|the)\s*)?)?(?:rfc\s*\d+,?\s*)?"
    r"(?:section|sec\.|chapter|ch\.|abschnitt|kapitel|chapitre|cap\u00edtulo|se\u00e7\u00e3o|sec\u00e7\u00e3o"
    r"|secci\u00f3n|\u0440\u0430\u0437\u0434\u0435\u043b|\u0433\u043b\u0430\u0432\u0430|\u00a7)\s*[A-Z]?\d+(?:\.\d+)*)",
    r"(?:[\u89c1\u898b]|\u53c2\u89c1|\u53c2\u7167)?\s*\u7b2c?\s*\d+(?:\.\d+)*\s*[\u7ae0\u7bc0\u8282\uc808\uc7a5]",
    r"(?i:ibid\.?|ibidem|op\.\s*cit\.?)",
    r"(?i:(?:emphasis|italics)\s+(?:added|mine|in\s+(?:the\s+)?original)|my\s+emphasis"
    r"|(?:internal\s+)?(?:citations?|footnotes?|quotation\s+marks)\s+omitted"
    r"|hervorhebung\s+(?:hinzugef\u00fcgt|durch\s+den\s+verfasser|im\s+original|von\s+mir)|grifo\s+nosso"
    r"|c'est\s+(?:moi|nous)\s+qui\s+soulign(?:e|ons)|nous\s+soulignons|\u0432\u044b\u0434\u0435\u043b\u0435\u043d\u043e\s+\u043c\u043d\u043e\u0439)"
    # Korean, Japanese, Chinese and Thai notes: "emphasis by the quoter", "emphasis added by the author".
    r"|\uac15\uc870\ub294\s*\uc778\uc6a9\uc790|\u5f37\u8abf\u306f?\u5f15\u7528\u8005"
    r"|(?:\u5f3a\u8c03|\u7740\u91cd\u53f7|\u91cd\u70b9)\u4e3a(?:\u5f15\u8005|\u7b14\u8005)\u6240\u52a0"
    r"|\u0e40\u0e19\u0e49\u0e19\u0e42\u0e14\u0e22\u0e1c\u0e39\u0e49\u0e40\u0e02\u0e35\u0e22\u0e19",
    _NUMBER,
)
_ANY = "|".join(_FORMS)
# A name and a year with nothing between (``(Smith 2021)``): an author and year as often as a name
# and a version (``(Windows 2019)``), so set aside for review (`doubt`), never as a plain citation,
# and never a word that limits or dates: ``(Until 2025)``, ``(Seit 2019)``, ``(Desde 2019)``.
_NAME_AND_YEAR = rf"(?!{_LIMITING}\b|{_DATING}\b){_NAME}\s+(?:1[5-9]|20)\d\d[a-z]?{_PAGE_AFTER_YEAR}"
_APPENDED = f"{_ANY}|{_NAME_AND_YEAR}"
_IN_BRACKETS = lazy_compile(
    rf"(?<=\S)(?P<stop>{_STOP}?)\s*(?P<mark>\((?:{_APPENDED})\)|\[(?:{_APPENDED})\]|\uff08(?:{_APPENDED})\uff09)"
    rf"(?P<after>{_STOP}?)\s*$"
)
# A page after the quote's stop with no brackets: "[...] improved. p. 3".
_BARE_PAGE = lazy_compile(
    rf"(?<={_STOP})(?P<stop>)\s+(?P<mark>(?i:pp?\.|page|s\.|\u0441\u0442\u0440\.)\s*\d+{_RANGE})(?P<after>)\s*$"
)
# A superscript after the last word, glued or not ("parties¹", "parties ¹"), or after the stop
# ("parties.¹", "parties. ¹"). The quote as written reads one right after a stop as a bracketed
# marker (`citecheck.matcher._quote`), which the loose tier may take for the next block's number.
_SUPERSCRIPT = lazy_compile(
    rf"(?<=[^\s.!?\u3002])(?P<stop>)\s*(?P<mark>[{SUPERSCRIPT_DIGITS}]{{1,3}})(?P<after>{_STOP}?)\s*$"
    rf"|(?<={_STOP})\s*(?P<spaced>[{SUPERSCRIPT_DIGITS}]{{1,3}})\s*$"
)
_PATTERNS = (_IN_BRACKETS, _BARE_PAGE, _SUPERSCRIPT)
# A number alone in parentheses; in square brackets ("[1]") it is a reference marker, as the loose tier reads one.
_NUMBER_ONLY = re.compile(rf"[(\uff08]{_NUMBER}[)\uff09]")
_NAME_AND_YEAR_ONLY = lazy_compile(rf"[(\[\uff08]{_NAME_AND_YEAR}[)\]\uff09]")
_ENDS = frozenset(")]\uff09" + SUPERSCRIPT_DIGITS)


class Appended(NamedTuple):
    """A quote without what it appends, and what that is as written."""

    kept: str
    """The quote up to what it appends, its final stop kept."""
    mark: str
    """What it appends: ``(p. 3)``, ``¹``."""


def set_apart(quote: str) -> Appended | None:
    """The citation or note a quote appends after its words, set apart; ``None`` when it appends none.

    Inside the quote marks that close the quote too (``"[...] destinations. (ibid.)"``): an answer
    may wrap its citation in them with the words.
    """
    stripped = quote.rstrip()
    last = stripped.rstrip(_STOPS_AND_CLOSING)[-1:]
    if last not in _ENDS and not last.isdigit():
        return None  # most quotes, told without compiling a pattern
    body = stripped.rstrip(_CLOSING_QUOTES)
    closing = stripped[len(body) :]
    for pattern in _PATTERNS:
        found = pattern.search(body)
        if found is not None:
            groups = found.groupdict()
            mark = groups.get("mark") or groups["spaced"]
            kept = body[: found.start()] + (groups.get("stop") or "") + (groups.get("after") or "")
            return Appended(kept + closing, mark)
    return None


_CLOSING_QUOTES = "\"'\u201d\u2019\u00bb\u203a\u300d\u300f"
_STOPS_AND_CLOSING = STOPS_AND_QUOTES + _CLOSING_QUOTES


def cites(aside: str) -> bool:
    """Whether the words of an aside in brackets (without them) are one of the forms an answer appends.

    ``p. 3``, ``Jones et al., 2015``, ``siehe Abschnitt 4``, ``第3章``, or several of them: a pointer elsewhere, which
    a quote that leaves it out of the source's sentence leaves nothing of its claim out of.
    """
    return _CITATION.fullmatch(aside.strip()) is not None


_CITATION = lazy_compile(rf"(?:{_ANY})(?:\s*[;,]\s*(?:{_ANY}))*")  # several: "Shi et al., 2022, Huang et al., 2022"


def doubt(mark: str, quote: str) -> str | None:
    """Why an appended ``mark`` may be words of the claim rather than a citation, or ``None``.

    A number alone in parentheses (``(30)``) may be the claim's own number; a superscript glued
    to the last word (``mc²``) an exponent. Such a mark is set aside for review, not with no flag.
    """
    if _NAME_AND_YEAR_ONLY.fullmatch(mark):
        return f"{mark!r} read as an author and year: without a comma it may be words of the claim (a name, a version)"
    if _NUMBER_ONLY.fullmatch(mark):
        return f"{mark!r} read as a footnote's number: it may be a number of the claim"
    said = quote.rstrip().rstrip(".!?\u3002")
    if mark[0] in SUPERSCRIPT_DIGITS and said.endswith(mark) and said[: -len(mark)][-1:].isalnum():
        return f"{mark!r} read as a footnote's number: glued to the word before, it may be an exponent"
    return None
