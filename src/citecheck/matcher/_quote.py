"""A quote prepared once for every tier: folded text, words, what stands between them, fragments.

Preparing also sets aside what an LLM adds around a quote that is not the source's: a
``Section 4.1:`` prefix, a list bullet, ``[sic]``, a bracketed capital (``[T]he``), and an
ellipsis at either end (remembered, since it may cut off a condition).
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left, bisect_right
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cached_property
from typing import NamedTuple, TypeVar, cast

from citecheck._lazy_re import lazy_compile
from citecheck.matcher._appended import STOPS_AND_QUOTES, SUPERSCRIPT_DIGITS, set_apart
from citecheck.matcher._normalize import PRIVATE_USE, join_breaks, normalize_folded
from citecheck.matcher._tokens import ASCII_WORD, UNSPACED, WORD, is_unspaced, key

__all__ = [
    "ELLIPSIS",
    "UNSPACED_CHARACTERS_PER_WORD",
    "PreparedQuote",
    "between_key",
    "in_uri",
    "is_literal",
    "lead_key",
    "prepare",
    "source_artefacts",
    "trail_key",
    "without_cut_link_markup",
    "without_link_addresses",
]

T = TypeVar("T")

UNSPACED_CHARACTERS_PER_WORD = 2
"""In a script written without spaces (Chinese, Japanese, Thai) a quote's length is counted in
characters: this many count as one word, so the minimum of 4 words is 8 such characters."""

ELLIPSIS = lazy_compile(
    r"(?<!\s)\s*(?:\[\s*(?:\.\s*){3,}\]|\[\s*\u2026+\s*\]|\.{3,}|\.(?: \.){2,}|\u2026+"
    r"|[(\uff08\u3014]\s*(?:\u4e2d\u7565|\uc911\ub7b5)\s*[)\uff09\u3015])\s*"
)
"""An ellipsis as quotes write it: ``...``, ``…``, ``. . .``, ``[...]``, ``[…]``, Chinese ``……``, and
Japanese ``中略`` and Korean ``중략`` ("left out") in brackets.

It starts where a run of whitespace starts (or at a non-space): the leftmost match is the same, and
a search does not try every space of a long run, each time reading the rest of it (quadratic)."""

_PREFIX = re.compile(
    r"^\s*(?:RFC\s*\d+\s*,?\s*)?(?:(?:Section|Sec\.|\u00a7)\s*[A-Z]?\d*(?:\.\d+)*\.?\s*)?[:\u2013\u2014-]\s+",
    re.IGNORECASE,
)
# A section prefix without its colon: "§4.2 The server", "Section 4.2 The server" (then a capital).
_BARE_PREFIX = re.compile(
    r"^\s*(?:RFC\s*\d+\s*,?\s*)?(?:\u00a7+\s*[A-Za-z]?\d+(?:\.\d+)*\.?\s+(?=\S)"
    r"|(?:Section|SECTION|Sec\.)\s+[A-Z]?\d+(?:\.\d+)*\.?\s+(?=[A-Z]))"
)
# Digits of any script, and full-width brackets and stops: "\uff13)" and "3\uff09" are item 3
# (`PreparedQuote.item` is NFKC folded).
_BULLET = re.compile(r"^\s*(?:[o*\u2022\u2013-]|\d{1,2}[.\uff0e]|[(\uff08]?(?:[a-z]|\d{1,2})[)\uff09])\s+(?=\S)")
_SIC = lazy_compile(r"(?<!\s)\s*\[\s*sic!?\s*\]", re.IGNORECASE)
# A footnote's number in brackets glued to a quote's last word ("parties[1]", "$49[1]"): read as set apart, a
# bracketed marker the source may have another of. Not a superscript: "mc\u00b2" is an exponent.
_GLUED_MARKER = lazy_compile(r"(?<=[^\W_])\[(\d{1,3})\](?=[.!?]?[\"'\u201d\u2019]?\s*$)")
# Superscript digits after punctuation are a footnote marker ("does not validate.\u00b9"), read as
# one in brackets, after Chinese and Japanese punctuation too ("上。\u00b9"). Not after a letter or
# digit: "mc\u00b2", "10\u00b3" are exponents.
_SUPERSCRIPT_MARKER = lazy_compile(
    rf"(?<=[.,;:!?\"'\u201d\u2019)\]\u3001\u3002\u300d\u300f\uff01\uff09\uff0c\uff1f])[{SUPERSCRIPT_DIGITS}]+"
)
_SUPERSCRIPTS = frozenset(SUPERSCRIPT_DIGITS)
_BRACKETED_LETTERS = lazy_compile(r"\[(\w{1,2})\](?=\w)|(?<=\w)\[(\w{1,3})\]")
_EDGE_ELLIPSIS = lazy_compile(rf"^[\"'\u201c\u2018]?(?:{ELLIPSIS.pattern})|(?:{ELLIPSIS.pattern})[\"'\u201d\u2019]?$")
_LEADING_ELLIPSIS = re.compile(rf"[\"'\u201c\u2018]?(?:{ELLIPSIS.pattern})")
_TRAILING_ELLIPSIS = lazy_compile(rf"(?:{ELLIPSIS.pattern})[\"'\u201d\u2019]?$")

# Typographic after a word: sentence punctuation (with the comma and full stop of Chinese and
# Japanese, U+3001 and U+3002), closing marks, emphasis.
# The brackets of Chinese and Japanese that NFKC keeps (angle, double angle, lenticular, tortoise shell).
_CJK_OPENING = "\u3008\u300a\u3010\u3014\u3016\u3018\u301a"
_CJK_CLOSING = "\u3009\u300b\u3011\u3015\u3017\u3019\u301b"
_TRAIL = ".,;:!?\"')]}*_`\u3001\u3002\u30fb" + _CJK_CLOSING
# Typographic before a word: opening marks (with Spanish's inverted question and exclamation marks),
# emphasis, and a Chinese or Japanese comma or full stop, which no space follows in that text (a
# quote may start right after one: "。Vue では").
_LEAD = "\"'([{*_`\u00bf\u00a1\u3001\u3002\u30fb" + _CJK_OPENING
_MARKS = "\"'*_()[]{}`" + _CJK_OPENING + _CJK_CLOSING  # typographic around a lone token between spaces
_MARKS_BUT_EMPHASIS = _MARKS.replace("*", "").replace("_", "")
_OPENING = "([{" + _CJK_OPENING
_CLOSING = ")]}" + _CJK_CLOSING
_LONE_PUNCTUATION = ".,;:"  # not "?" or "!": "(?)" is the question mark an RFC names
_STOPS = frozenset(".!?\u3002\u3001")
_CJ_STOP = re.compile("[\u3001\u3002]")
_ITEM_DASH = re.compile(f"[{re.escape(_TRAIL)}]+-+")
_NO_EMPHASIS = str.maketrans("", "", "*_`")
_FIRST_OPENING = re.compile(f"[{re.escape(_OPENING)}\"']")
_FIRST_BRACKET = re.compile(f"[{re.escape(_OPENING)}]")
_TRAIL_CHARS = frozenset(_TRAIL)
_URI_TRAIL = ".,\"')]}>*"  # after a URI: a query's ? or a port's : is the URI's
_EXPONENT = lazy_compile(r"\d[eE]$")
_DROPPED_TOKENS = set("-\u2022\u00b7\u2023\u25e6")  # an aside dash, a list bullet between spaces
# A stop after a word or a closing bracket ("(within limits).", "(stack)\u3002"), then closing marks.
_SENTENCE_END = re.compile(r"(?<=[\w)\]\uff09\u300d])[.!?\u3002\uff01\uff1f][\"'\u201d\u2019)\u300d]*\s*$")
# Footnote markers after the stop: "[...] is available.[1]" ends its sentence.
_TRAILING_MARKERS = re.compile(rf"(?:\s*\[\d{{1,3}}\]|[{SUPERSCRIPT_DIGITS}]+)+\s*$")


def in_uri(text: str, offset: int) -> bool:
    """Whether the character at ``offset`` is part of a URI (its run of non-spaces has ``://``)."""
    start = text.rfind(" ", 0, offset) + 1
    end = text.find(" ", offset)
    chunk = text[start : end if end != -1 else len(text)]
    return "://" in chunk or chunk.lstrip("\"'(<[").startswith(("urn:", "mailto:"))


def is_literal(before: str, after: str) -> bool:
    """Whether the word between these separators is a literal: ``"exp"``, `` `code` ``, ``a_b``."""
    opening, closing = before[-1:], after[:1]
    # Not two empty separators: "" is in every string, and a character of Chinese or Japanese has
    # none on either side without being a literal.
    return (opening == closing and opening != "" and opening in "\"'`") or opening == "_" or closing == "_"


def trail_key(sep: str, left: str = "", *, uri: bool = False) -> str:
    """What matters of the characters glued to the end of word ``left`` (up to a space).

    Closing punctuation, quote marks and emphasis do not; a dash (a hyphen before a space, an em
    dash) does not; anything else (``/`` after a URI, ``::``) does. After a word of a URI only a
    final period or comma and closing marks do not: ``http://example.com/?`` keeps its ``?``.
    """
    # An empty pair of parentheses is a function's mark: ``render()`` is ``render``.
    head = sep.split(" ", 1)[0].replace("()", "")
    if not head.isascii():
        # An ideographic full stop ends the sentence; folding drops the space after one, so what
        # follows it is the next text's ("\u3002 -->" of a comment's end is "\u3002-->").
        head = _before_unspaced(head.partition("\u3002")[0] + "\u3002" if "\u3002" in head else head)
    opening = _FIRST_OPENING.search(head)
    if opening is not None and _STOPS.intersection(head[: opening.start()]):
        # A sentence ends, and a bracket or quote of the next one follows without a space: ")。(".
        head = head[: opening.start()]
    elif opening is not None and head[opening.start()] in _OPENING and _own_word(left[-1:]):
        # Chinese, Japanese and Korean glue an aside to the word before it ("后进先出\uff08last in",
        # "명시(type"), where English sets a space: the bracket opens the next words, as after a space.
        head = head[: opening.start()]
    head = head.rstrip(_URI_TRAIL if uri else _TRAIL)
    return "" if set(head) <= {"-"} else head


def lead_key(sep: str, right: str = "") -> str:
    """What matters of the characters glued to the start of word ``right`` (back to a space).

    Opening marks and emphasis do not; a dash does only when it is the sign of a number (``-6``).
    """
    tail = sep.rsplit(" ", 1)[-1]
    if not tail.isascii():
        tail = _after_unspaced(tail)
    tail = tail.lstrip(_LEAD)
    if tail and is_unspaced(right[:1]):
        # Before a word of Chinese or Japanese, the previous sentence's closing marks and full stop
        # stand without a space (")。因为"): typographic too. So does a block quote's marker, which
        # folding glues to the character after it ("> 认为" is ">认为"): no such word starts with ">".
        # Nor with "#", a Markdown heading's marker ("### 变量作用域" is "###变量作用域").
        tail = tail.lstrip(_LEAD + _TRAIL + ">#")
    if tail and set(tail) <= {"-"}:
        return "-" if right[:1].isdigit() else ""
    return tail


def _after_unspaced(text: str) -> str:
    """What of ``text`` follows its last character of Chinese, Japanese, Thai or Korean, marks dropped.

    Each such character (each syllable of Korean) ends a word, so a word glued to ``text`` starts
    after it, and the punctuation between is that text's (``例如`` and a full-width comma or colon
    before ``Rust``: the mark, folded to ASCII, is no part of the word as the ``,`` of ``3,600``
    is; likewise the two dashes of a Chinese dash, which are no sign: ``——8``). ``text`` itself
    when it has none.
    """
    for at in range(len(text) - 1, -1, -1):
        # An ideographic full stop ends its sentence too: a list's number folded right after it
        # (")。2." of a rendered list, its line break folded away) starts the next one.
        if _own_word(text[at]) or text[at] == "\u3002":
            rest = text[at + 1 :].lstrip(_LEAD + _TRAIL)
            return "" if len(rest) > 1 and set(rest) == {"-"} else rest
    return text


def _before_unspaced(text: str) -> str:
    """What of ``text`` comes before its first character of Chinese, Japanese, Thai or Korean, marks dropped.

    `_after_unspaced` the other way: a bracket or title mark that opens an aside of such text right
    after a word (a full-width parenthesis after ``Rust``, a title mark after ``8``) is no part of
    the word, as the ``(s)`` of ``word(s)`` is.
    """
    for at, char in enumerate(text):
        if _own_word(char):
            return text[:at].rstrip(_LEAD + _TRAIL)
    return text


def _own_word(char: str) -> bool:
    """Whether ``char`` is a word by itself or ends one: Chinese, Japanese, Thai, a Korean syllable."""
    return is_unspaced(char) or _HANGUL_SYLLABLES[0] <= char <= _HANGUL_SYLLABLES[1]


_HANGUL_SYLLABLES = ("\uac00", "\ud7a3")


def between_key(sep: str, left: str, right: str, *, uri: bool = False, markers: bool = True) -> str:
    """What matters of the characters between two words, so typographic differences compare equal.

    Without a space, a hyphen or dash joining two words (``case-sensitive``, ``AES-128``,
    ``10--20``, ``asides\u2014like``) and the period of ``i.e.`` do not matter; a sign
    (``1e-5``) and anything else do (``::`` in an address, ``/`` in a URI, ``,`` in
    ``3,600``, ``^-`` in ``10^-6``). With spaces, see `trail_key` and `lead_key`; a lone token
    between spaces matters without its quote marks (``"?"`` is ``?``) unless it is a dash.

    ``markers``: whether a lone ``>`` may be a block quote's marker (a line's start, flattened),
    which does not matter; without, it is an operator, as it is glued (``a > b`` is ``a>b``).
    """
    if not sep:
        return ""
    if left[-1:].isdigit() and right[:1].isdigit() and set(sep) <= _SPACED_DASH and "-" in sep:
        # Between two numbers a dash is a minus or a range, spaced or not ("2⁷ - 1", "400-500"):
        # never a hyphen nor an aside's dash, and "400 500" is another number (as "3 600" is 3600).
        # Each dash between spaces counts: "1<<64 - -1" is not "1<<64 - 1"; "10--20" is one dash.
        return "-" * len(sep.split())
    if left.casefold() in _ANSWERS and _ANSWER_BREAK.search(sep):
        # "No, keys are required" answers a question; "No keys are required" says the opposite.
        return ","
    if ('"' in sep or "'" in sep) and (_chinese_or_japanese(left[-1:]) or _chinese_or_japanese(right[:1])):
        # Next to Chinese or Japanese, quotation marks (folded from 「」 too) set off a term or a
        # code span's text as a page renders it (「.prevent」 for `.prevent`): typography there,
        # with the spaces beside them, which folding drops next to those scripts' characters. A
        # symbol they name is compared after the match (`written_differences`: "「-」" is not "「_」").
        bare = sep.replace('"', "").replace("'", "")
        bare = bare.lstrip() if _chinese_or_japanese(left[-1:]) else bare
        bare = bare.rstrip() if _chinese_or_japanese(right[:1]) else bare
        return between_key(bare, left, right, uri=uri, markers=markers) if bare else ""
    if sep[0] == "," and is_unspaced(left[-1:]):
        # An ASCII comma right after Chinese or Japanese is the ideographic one typed otherwise
        # ("あり,@" for "あり、@"); between two Latin words the ideographic one is a comma too
        # ("v-on、v-slot" for "v-on,v-slot").
        sep = "\u3001" + sep[1:]
    elif sep == "\u3001" and left[-1:].isalpha() and right[:1].isalpha() and not is_unspaced(left[-1:] + right[:1]):
        sep = ","  # not between digits: "3、600" is two numbers, "3,600" one
    if " " not in sep:
        bare = sep.translate(_NO_EMPHASIS)
        if bare != sep and (bare or is_unspaced(left[-1:] + right[:1])):
            # Emphasis or code markers CommonMark left unrendered next to punctuation or inside
            # Chinese or Japanese text (its flanking rules fail there: ``は**「決して」**と``).
            return between_key(bare, left, right, uri=uri, markers=markers)
        if set(sep) <= {"-"}:
            # A minus sign, not a hyphen: in an exponent ("1e-5"), and before a number that follows
            # Chinese or Japanese, whose space folding glues it there ("等于 -5" is "等于-5"); after
            # katakana it joins a name to its number ("バージョン-2").
            signed = _EXPONENT.search(left) or (is_unspaced(left[-1:]) and not "\u30a0" <= left[-1:] <= "\u30ff")
            return "-" if signed and right[:1].isdigit() else ""
        if sep == "." and len(left) == 1 and len(right) == 1 and left.isalpha() and right.isalpha():
            return ""
        # A space before an opening parenthesis, or after a closing one, is a typing habit
        # (``함수(function)`` and ``함수 (function)``, Korean and Thai write both).
        # So is a space before a quote mark (``: "大`` and ``:"大``, ``个 "hello`` and ``个"hello``).
        opening = _FIRST_OPENING.search(sep)
        if opening is not None:
            at = opening.start()
            return between_key(f"{sep[:at]} {sep[at:]}", left, right, uri=uri, markers=markers)
        if set(sep) <= _TRAIL_CHARS and (
            any(char in _CLOSING for char in sep) or is_unspaced(left[-1:]) or _own_word(right[:1])
        ):
            # ")" or ")," glued to the next word (a Korean particle, "panic!을", Chinese text): the
            # closing marks and punctuation of the word before it. Not "," alone between Latin words: "3,600".
            return trail_key(sep, left, uri=uri)
        if _ITEM_DASH.fullmatch(sep) and is_unspaced(left[-1:] + right[:1]) and not right[:1].isdigit():
            # A dash after closing punctuation, next to Chinese or Japanese text, is a list bullet (two
            # items quoted as one) or an aside dash whose spaces fold away there: as between spaces, no
            # word. Before a digit it is the number's sign.
            return trail_key(sep.rstrip("-"), left, uri=uri)
        stop = _CJ_STOP.search(sep, 0, len(sep) - 1)
        if stop is not None:
            # A Chinese or Japanese comma or full stop ends the words before it as ", " does: "、@"
            # is "、 @", so "あり, @ と" typed for "あり、@と" compares equal.
            return between_key(f"{sep[: stop.end()]} {sep[stop.end() :]}", left, right, uri=uri, markers=markers)
        return sep
    glued = _FIRST_BRACKET.search(sep.split(" ", 1)[0])
    if glued is not None:
        # A bracket glued to the word before it, its aside (punctuation only: ``slash("/")``) spaced
        # from the next: as without a space, the space before it is a typing habit.
        return between_key(f"{sep[: glued.start()]} {sep[glued.start() :]}", left, right, uri=uri, markers=markers)
    parts = sep.split(" ")
    # A lone comma or full stop between spaces belongs to the word before it (a bracket read as a
    # space before it, French spacing before ":" or "?").
    # A lone ">" is a block quote's marker at a line's start, in a Markdown page read as text.
    # A lone symbol keeps no comma or stop after it: "4,90 €, 3 Tage" is "4,90 € 3 Tage" (a table row
    # quoted as a sentence); "?" alone stays "?".
    middle = [_lone_token(p) for p in parts[1:-1] if _lone_token_matters(p, markers=markers)]
    kept = "".join(p for p in middle if p and set(p) - _DROPPED_TOKENS)
    return trail_key(parts[0], left, uri=uri) + kept + lead_key(parts[-1], right)


def _chinese_or_japanese(char: str) -> bool:
    """Whether ``char`` is a character of Chinese or Japanese (Han, kana) or their punctuation (``、``, ``。``)."""
    return "\u3000" <= char <= "\u9fff" or "\uf900" <= char <= "\ufaff" or "\uff01" <= char <= "\uff9f"


# A word that answers "no" on its own before a comma or a stop: without the mark it negates what
# follows (Chinese "不" and a comma, "no, it must be given"; "不必须提供", "need not be given").
_ANSWERS = frozenset({"no", "nein", "non", "não", "нет", "不", "いいえ", "아니요"})
_ANSWER_BREAK = re.compile(r"[,.;:!\u3001\u3002]")
_SPACED_DASH = frozenset(" -")  # folding writes every dash and the minus sign as "-"


def _lone_token(token: str) -> str:
    """What matters of a token between spaces: without quote marks and brackets, nor a comma or stop after a symbol.

    A star or underscore is emphasis only around the token (``**->**``) or alone: C's ``/*`` and
    ``*/`` keep theirs, so ``/* */`` is not ``//``.
    """
    bare = token.strip(_MARKS_BUT_EMPHASIS)
    if not bare.strip("*_"):
        return ""
    if bare[0] in "*_" and bare[-1] == bare[0]:
        bare = bare.strip(bare[0]).strip(_MARKS_BUT_EMPHASIS)
    return bare.rstrip(_LONE_PUNCTUATION) or bare


def _lone_token_matters(token: str, *, markers: bool = True) -> bool:
    """Whether a token standing between spaces is content, not typography.

    A block quote's ``>`` is typography (where ``markers`` allows one), as are brackets and
    sentence punctuation (``),``); a question mark in quotation marks (``"?"``) is content.
    """
    if not token.strip(">"):
        return not markers
    if token.strip(_MARKS + _LONE_PUNCTUATION):
        return True
    # Punctuation between quote marks names a character (``"?"``, ``('.')``); a quote mark only beside
    # it closes or opens a quotation (``",`` after ``"JWS)``, when a bracket was read as a space).
    quoted = token.strip(_OPENING + _CLOSING + _LONE_PUNCTUATION)
    if len(quoted) >= 3 and quoted[0] in "\"'" and quoted[-1] == quoted[0]:
        return True
    # So does punctuation alone in brackets: ``(.)``, as a page renders a code span's ``(`.`)``.
    return len(token) >= 3 and token[0] in _OPENING and token[-1] in _CLOSING and token[1:-1] in _LONE_PUNCTUATION


@dataclass(frozen=True)
class PreparedQuote:
    """A quote as every tier reads it, worked out once."""

    original: str
    """The quote as the citation gives it."""
    text: str
    """The quote without what is not the source's: a section prefix, a bullet, ``[sic]``, the
    brackets of ``[T]he``, an ellipsis at either end."""
    needle: str
    """`text` folded as the source is (`citecheck.matcher._normalize.normalize_folded`), line breaks kept."""
    joined: str
    """`needle` with a hyphen at a flattened line end joined (``case- sensitive``)."""
    words: tuple[str, ...]
    """The words of `joined`."""
    keys: tuple[str, ...]
    """Each word as words are compared (`citecheck.matcher._tokens.key`)."""
    seps: tuple[str, ...]
    """What stands before each word of `joined`, and after the last: one more than `words`."""
    fragments: tuple[tuple[str, ...], ...]
    """The keys of each part between inner ellipses; empty when there is no inner ellipsis."""
    leading_ellipsis: bool
    """Whether the quote starts with an ellipsis (and may cut off a condition before it)."""
    trailing_ellipsis: bool
    """Whether the quote ends with an ellipsis."""
    ends_sentence: bool
    """Whether the quote ends with a sentence's final punctuation (a period, ``?`` or ``!``, or ``。``)."""
    word_count: int
    """How many words the quote as given has; characters of a script written without spaces count
    `UNSPACED_CHARACTERS_PER_WORD` to a word."""
    brackets: tuple[tuple[int, int], ...]
    """Runs of words in square brackets (an editorial insertion, a reference), as (first, end)."""
    uri: tuple[bool, ...]
    """Whether each word is part of a URI (see `in_uri`)."""
    literal: tuple[bool, ...]
    """Whether each word is a literal: in a URI, in quotation marks or backticks, or code."""
    unspaced_characters: int = 0
    """How many of the quote's words are characters of a script written without spaces."""
    artefacts: tuple[str, ...] = ()
    """What a provider's text extraction left in the quote, in a reviewer's words (``U+0002 read
    as a hyphen``): read as the source's text, never as a changed word."""
    item: str = ""
    """The number or letter of the list item the quote opens with (``10`` of ``10. Otherwise``, ``b``
    of ``(b) You must``), set aside from `text`; compared with the source's item where it has one."""
    bullet: str = ""
    """The plain bullet the quote opens with (``-``, ``*``, ``•``, ``o``), set aside from `text`: a
    Portuguese quote's ``o`` may be its article ("the") instead."""
    appended: str = ""
    """A citation or note the quote appends after its words (``(p. 3)``, ``(Jones et al., 2015)``,
    ``(emphasis added)``), set aside from `text` and named in the reason."""
    variant: str = ""
    """How this reading rewrote the quote, in a reviewer's words, where it read a form the source
    may not share (its Chinese in the other script, an acronym written out): what it finds is
    flagged ``variant_form``."""

    def derived(self, name: str, build: Callable[[PreparedQuote], T]) -> T:
        """``build(self)``, computed once per prepared quote and kept under ``name``.

        A quote looked for in many documents is prepared once (`citecheck.matcher._locate.PreparedCitation`):
        what a tier derives from it (the fuzzy tier's quote without reference markers) is kept too.
        """
        kept = self.__dict__.get(name)
        if kept is None:
            kept = self.__dict__[name] = build(self)  # the dataclass is frozen: its fields, not this
        return cast(T, kept)

    @cached_property
    def bracket_starting(self) -> dict[int, int]:
        """Each bracketed run's end, by its first word (see `brackets`)."""
        return dict(self.brackets)

    @cached_property
    def bracket_ending(self) -> dict[int, int]:
        """Each bracketed run's first word, by its last word (see `brackets`)."""
        return {end - 1: first for first, end in self.brackets}


def _brackets(joined: str, starts: list[int]) -> tuple[tuple[int, int], ...]:
    if "[" not in joined:
        return ()
    runs = []
    for found in _BRACKETED.finditer(joined):
        # The words that start inside the brackets, found by bisection: one pass over the quote.
        first, end = bisect_right(starts, found.start()), bisect_left(starts, found.end())
        if first < end:
            runs.append((first, end))
    return tuple(runs)


_BRACKETED = lazy_compile(r"\[([^\[\]]*)\]")
_UNSPACED_START = lazy_compile(f"[{UNSPACED}]")
_CONTROL = lazy_compile(rf"[\x00-\x08\x0e-\x1b\x7f\u00ad\ufb00-\ufb06\u02bc{PRIVATE_USE}]")
_SOURCE_ARTEFACT = lazy_compile(f"[\u02bc{PRIVATE_USE}]")


def _artefacts(quote: str) -> tuple[str, ...]:
    """What a text extraction left in a quote, named for a reviewer."""
    notes: list[str] = []
    for char in dict.fromkeys(_CONTROL.findall(quote)):
        if char == "\x02":
            notes.append("U+0002 read as a hyphen (a PDF's line-end hyphen, as a provider's extraction writes it)")
        elif char == "\u00ad":
            notes.append("soft hyphen (U+00AD) ignored")
        elif "\ufb00" <= char <= "\ufb06":
            notes.append(f"ligature {char} read as {unicodedata.normalize('NFKC', char)!r}")
        elif char in "\u02bc" or _SOURCE_ARTEFACT.match(char):
            notes.append(_artefact_note(char))
        else:
            notes.append(f"control character U+{ord(char):04X} ignored")
    return tuple(notes)


def _artefact_note(char: str) -> str:
    if char == "\u02bc":
        return "U+02BC (modifier letter apostrophe, a PDF text layer's) read as an apostrophe"
    return f"private-use character U+{ord(char):04X} (a PDF font's glyph) read as a bracket or space"


def source_artefacts(text: str) -> tuple[str, ...]:
    """What a PDF text layer left in matched source text, named for a reviewer, as for a quote."""
    if text.isascii():
        return ()
    return tuple(_artefact_note(char) for char in dict.fromkeys(_SOURCE_ARTEFACT.findall(text)))


def without_link_addresses(quote: str) -> PreparedQuote | None:
    """The quote without the link addresses a plain-text rendering writes after a link's text, prepared.

    ``see the documentation (/pkg/html/template/) for``, ``golang.org/x/net (https://golang.org/x/net)``,
    ``two's complement <https://en.wikipedia.org/...>``: pandoc's and a browser's text copies keep
    the address a parser's rendering leaves out. ``None`` when the quote holds none.
    """
    if "(" not in quote and "<" not in quote:
        return None
    addresses = _LINK_ADDRESS.findall(quote)
    if not addresses:
        return None
    shown = ", ".join(repr(a.strip()) for a in addresses)
    prepared = prepare(_LINK_ADDRESS.sub("", quote))
    note = f"{shown} set aside: a link's address, which a plain-text copy writes after the link's text"
    return replace(prepared, artefacts=(*prepared.artefacts, note))


def without_cut_link_markup(text: str) -> str:
    """Rendered Markdown without the part of a link's or an image's markup a quote's edge cuts through.

    A caption quoted from the Markdown source from its start (``![**Overview ...`` with no ``]``)
    or to its end (``... patient).](https://.../figure2.png){#fig:Fig2}`` with no ``[``): the
    renderer leaves an unclosed bracket as it is.
    """
    opened = _CUT_OPENER.match(text)
    if opened is not None and "]" not in text:
        text = text[opened.end() :]
    closed = _CUT_CLOSER.search(text) if "](" in text else None
    if closed is not None and "[" not in text[: closed.start()]:
        text = text[: closed.start()]
    return text


_CUT_OPENER = re.compile(r"\s*!?\[")
_CUT_CLOSER = re.compile(r"\]\([^\s)]*\)(?:\{[^}]*\}?)?\s*$")  # pandoc's attributes, cut too

# After a word: an address in brackets ("(/pkg/unsafe/)", "(https://golang.org/x/sys)", "(/)"), a
# relative one ("(./forms#modifiers)", "(ch03-02-data-types.html)": a page's name, not words), or
# one in angle brackets ("<https://...>").
_LINK_ADDRESS = re.compile(
    r"(?<=\S)[ \t]*(?:\((?:(?:https?://|/|#|\.\.?/)[^\s()]*|[\w.-]+(?:/[\w.-]+)*\.(?:html?|md|php)(?:#[^\s()]*)?)\)"
    r"|<https?://[^\s<>]+>)"
)


def _words(text: str) -> re.Pattern[str]:
    """`WORD`, or the same words found faster in ASCII text (`ASCII_WORD`)."""
    return ASCII_WORD if text.isascii() else WORD


class _SetAside(NamedTuple):
    text: str
    leading: bool
    trailing: bool
    item: str
    bullet: str
    appended: str


def _set_aside(quote: str, *, citation: bool) -> _SetAside:
    """The quote without what is not the source's, its ellipses at either end, its item or bullet, and what it appends.

    ``citation``: whether a citation the quote appends (`citecheck.matcher._appended`) is set aside too.
    """
    if "\n" in quote and ">" in quote:
        # Lines copied from a Markdown block quote keep its markers, which folding would glue to
        # the words of Chinese or Japanese before them ("者。> 3." for "者。3.").
        quote = _QUOTED_LINES.sub("", quote)
    without_prefix, prefixed = _PREFIX.subn("", quote, count=1)
    if not prefixed:
        without_prefix = _BARE_PREFIX.sub("", quote, count=1)
    appended = ""
    apart = set_apart(without_prefix) if citation else None
    if apart is not None:
        without_prefix, appended = apart
    elif without_prefix.rstrip().rstrip(STOPS_AND_QUOTES)[-1:] == "]":  # only then can `_GLUED_MARKER` match
        without_prefix = _GLUED_MARKER.sub(r" [\1]", without_prefix, count=1)
    bullet = _BULLET.match(without_prefix)
    text = without_prefix[bullet.end() :] if bullet else without_prefix
    # A numbered or lettered item's mark ("10.", "(b)"), compared with the source's (`PreparedQuote.item`).
    mark = unicodedata.normalize("NFKC", bullet.group()).strip(" \t\n().") if bullet else ""
    item, plain = ("", mark) if mark in _PLAIN_BULLETS else (mark, "")
    if not text.isascii() and not _SUPERSCRIPTS.isdisjoint(text):
        text = _SUPERSCRIPT_MARKER.sub(lambda m: f"[{unicodedata.normalize('NFKC', m.group())}]", text)
    if "[" in text:
        text = _BRACKETED_LETTERS.sub(lambda m: m.group(1) or m.group(2), _SIC.sub("", text))
    stripped = text.strip()
    if _words(stripped).search(stripped) is None:
        return _SetAside(quote, False, False, "", "", "")  # nothing but what was set aside: match the quote as given
    leading = _LEADING_ELLIPSIS.match(stripped) is not None
    trailing = _may_end_with_ellipsis(stripped) and _TRAILING_ELLIPSIS.search(stripped) is not None
    if leading or trailing:
        text = _EDGE_ELLIPSIS.sub("", stripped)
    return _SetAside(text, leading, trailing, item, plain, appended)


_QUOTED_LINES = lazy_compile(r"(?<=\n)[ \t]*(?:>[ \t]?)+")  # a block quote's markers after a line break
_PLAIN_BULLETS = frozenset("o*\u2022\u2013-")  # bullets with no number or letter to compare


_ELLIPSIS_ENDS = ("...", ". .", "\u2026", "]")  # how each form of `ELLIPSIS` ends, but the bracketed words:
_BRACKETED_ELLIPSIS_ENDS = (")", "\uff09", "\u3015")
_BRACKETED_ELLIPSIS_WORDS = ("\u4e2d\u7565", "\uc911\ub7b5")
_CLOSING_QUOTES = frozenset("\"'\u201d\u2019")
_SENTENCE_LAST = frozenset(".!?\"'\u201d\u2019)\u3002\uff01\uff1f\u300d")


def _may_end_with_ellipsis(stripped: str) -> bool:
    """Whether a stripped quote ends as `_TRAILING_ELLIPSIS` needs: ``...``, ``…`` or ``]``, then a closing quote mark.

    A test of its last characters before the pattern, which is searched for at every character.
    """
    end = (stripped[:-1] if stripped[-1:] in _CLOSING_QUOTES else stripped).rstrip()
    if end.endswith(_ELLIPSIS_ENDS):
        return True
    # "(中略)", "(중략)", in any brackets: a word in brackets, read only after the bracket.
    return end.endswith(_BRACKETED_ELLIPSIS_ENDS) and end[:-1].rstrip().endswith(_BRACKETED_ELLIPSIS_WORDS)


def _fragments(joined: str) -> tuple[tuple[str, ...], ...]:
    """The keys of each part between inner ellipses, when there are at least two parts."""
    # Folded text has no whitespace but single spaces, so every ellipsis holds one of these.
    marked = (
        "..." in joined or ". ." in joined or "\u2026" in joined or any(w in joined for w in _BRACKETED_ELLIPSIS_WORDS)
    )
    if not marked or not ELLIPSIS.search(joined):
        return ()
    words = _words(joined)
    parts = [tuple(key(w) for w in words.findall(f)) for f in ELLIPSIS.split(joined)]
    fragments = tuple(p for p in parts if p)
    return fragments if len(fragments) >= 2 else ()


def prepare(quote: str, *, citation: bool = False) -> PreparedQuote:
    """Prepare a quote for the tiers.

    ``citation``: set aside a citation or note the quote appends (``(p. 3)``, `PreparedQuote.appended`),
    a second reading of a quote not found as it is: the source may have those words itself
    (``(Section 4.1)`` in an RFC's sentence).
    """
    text, leading, trailing, item, bullet, appended = _set_aside(quote, citation=citation)
    furniture = "[Page " in text and _RFC_PAGE_BREAK.search(text) is not None
    if furniture:
        text = _RFC_PAGE_BREAK.sub(" ", text)  # the parser leaves an RFC's page footer and header out
    needle = normalize_folded(text, join_breaks=False)
    joined = join_breaks(needle) if "- " in needle else needle
    pattern = _words(joined)
    if "[" in joined or ":" in joined:
        # Brackets and URIs need each word's offset.
        found = list(pattern.finditer(joined))
        words = tuple(m.group() for m in found)
        bounds = [0, *(b for m in found for b in m.span()), len(joined)]
        seps = tuple(joined[bounds[i] : bounds[i + 1]] for i in range(0, len(bounds), 2))
        brackets = _brackets(joined, [m.start() for m in found])
        uri = tuple(in_uri(joined, m.start()) for m in found) if ":" in joined else (False,) * len(words)
    else:
        # What stands between the words is what the words split the text into.
        words, seps = tuple(pattern.findall(joined)), tuple(pattern.split(joined))
        brackets, uri = (), (False,) * len(words)
    # The words the quote says, without a citation it appends: "MUST NOT (p. 3)" is two words.
    # Nor the words of an ellipsis: "(中略)" ("left out") is no word the quote says.
    said = ELLIPSIS.sub(" ", quote) if any(w in quote for w in _BRACKETED_ELLIPSIS_WORDS) else quote
    counted = _words(said).findall(said)
    if appended:
        del counted[len(counted) - len(_words(appended).findall(appended)) :]
    unspaced = 0 if quote.isascii() else sum(1 for w in counted if _UNSPACED_START.match(w))
    if any(uri) or _LITERAL_MARKS.intersection("".join(seps)):
        literal = tuple(u or is_literal(seps[i], seps[i + 1]) for i, u in enumerate(uri))
    else:
        literal = uri  # no mark that makes a literal, and no URI
    return PreparedQuote(
        original=quote,
        text=text,
        needle=needle,
        joined=joined,
        words=words,
        keys=_keys_of(words, joined),
        seps=seps,
        fragments=_fragments(joined),
        leading_ellipsis=leading,
        trailing_ellipsis=trailing,
        ends_sentence=not trailing and _ends_sentence(text),
        word_count=len(counted) - unspaced + unspaced // UNSPACED_CHARACTERS_PER_WORD,
        brackets=brackets,
        uri=uri,
        literal=literal,
        unspaced_characters=unspaced,
        artefacts=(
            *(() if quote.isascii() and quote.isprintable() else _artefacts(quote)),
            *(("an RFC page's footer and header, copied from the text file, set aside",) if furniture else ()),
        ),
        item=item.lower(),
        bullet=bullet,
        appended=appended,
    )


_LITERAL_MARKS = frozenset("\"'`_")  # what `is_literal` looks for on either side of a word
# An RFC's page break as its text file has it, copied with a quote that runs over it: the footer
# ("Hardt  Standards Track  [Page 56]"), a form feed, the next page's header ("RFC 6749  OAuth 2.0
# October 2012").
_RFC_PAGE_BREAK = lazy_compile(
    r"\s*\S+(?:,?\s+et\s+al\.)?\s+(?:Standards\s+Track|Informational|Best\s+Current\s+Practice|Experimental"
    r"|Historic)\s+\[Page\s+\d+\]\s*\f?\s*RFC\s+\d+\s+.{1,80}?\s+(?:January|February|March|April|May|June"
    r"|July|August|September|October|November|December)\s+\d{4}\s*"
)


def _keys_of(words: tuple[str, ...], joined: str) -> tuple[str, ...]:
    """`key` of each word; of ASCII words all at once (folded and stripped of apostrophes together)."""
    if not words:
        return ()
    if joined.isascii():
        # No word holds a hyphen or a NUL: the joined words fold as each word does alone.
        return tuple("\0".join(words).lower().replace("'", "").split("\0"))
    return tuple(key(w) for w in words)


def _ends_sentence(text: str) -> bool:
    """Whether the text ends with a sentence's final punctuation (`_SENTENCE_END`), its last character tested first."""
    if text.rstrip()[-1:] in _MARKER_LAST:
        text = _TRAILING_MARKERS.sub("", text)
    end = len(text.rstrip())
    # Anchored at the end: searched from a few characters before it (a lookbehind still sees the word).
    return text[end - 1 : end] in _SENTENCE_LAST and _SENTENCE_END.search(text, max(0, end - _TAIL)) is not None


_MARKER_LAST = frozenset("]" + SUPERSCRIPT_DIGITS)


_TAIL = 16  # characters: a stop and the closing marks after it
