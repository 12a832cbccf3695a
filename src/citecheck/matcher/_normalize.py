r"""Text normalization for quote matching, keeping a map back to the original offsets.

Two foldings:

- `normalize` is the cookbook's: runs of whitespace become one space and curly quotes become
  straight ones. ``strict`` matching uses it alone.
- `fold` goes further, for the tolerant tiers: Unicode NFKC, every dash, quote mark and
  typographic operator (greater-or-equal, arrows, the multiplication sign) to its ASCII form,
  soft hyphens and zero-width characters dropped, and a word broken at a line end
  (``base64url-\n   encoded``) joined back (``base64url-encoded``).

Both come as a `Folded` text that maps each of its offsets back to the text it was made from, so a
match in folded text can be shown in place in the source.
"""

from __future__ import annotations

import re
import unicodedata
from array import array
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from itertools import accumulate, islice
from operator import itemgetter

from citecheck._lazy_re import lazy_compile
from citecheck._offsets import OffsetMap

__all__ = [
    "ARABIC_NUMBER_MARKS",
    "FULL_WIDTH_PUNCTUATION",
    "KEYBOARD_LETTERS",
    "PRIVATE_USE",
    "VOWEL_MARKS",
    "Folded",
    "ascii_digits",
    "fold",
    "fold_char",
    "fold_keeping_digits",
    "join_breaks",
    "normalize",
    "normalize_folded",
]

_CURLY = str.maketrans({"\u201c": '"', "\u201d": '"', "\u2018": "'", "\u2019": "'"})
_SPACE = lazy_compile(r"\s+")
_QUOTE_BREAK = lazy_compile(r"(?<=\w)- (?=\w)")

FULL_WIDTH_PUNCTUATION = frozenset(
    "\u3001\u3002\u300d\u300f" + "".join(map(chr, (*range(0xFF01, 0xFF10), *range(0xFF1A, 0xFF21))))
)
"""The punctuation of Chinese and Japanese (the ideographic comma and full stop, closing corner
brackets, the full-width forms of ASCII punctuation), which folding writes as ASCII with no space
after: where the source has one, the clause before it ends there, whatever follows."""

_DASHES = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d"
# Curly, German low-nine, French guillemets, CJK corner brackets (「」『』) and double prime quotes.
_DOUBLE_QUOTES = "\u201c\u201d\u201e\u201f\u00ab\u00bb\u2033\u301d\u301e\u301f\u300c\u300d\u300e\u300f"
# With U+02BC, the modifier letter apostrophe, that PDF text layers write for a right single quote.
_SINGLE_QUOTES = "\u2018\u2019\u201a\u201b\u2039\u203a\u2032\u0060\u00b4\u02bc"
# Private-use characters (U+E000 to U+F8FF): a PDF font's own glyphs, which its text layer writes
# for brackets and other punctuation (a Symbol font's parenthesis is U+F028). Which character a
# glyph stands for is the font's secret; read as a space, a bracket's place between words, they
# match the bracket the source or the quote writes (brackets are typographic to the tiers).
# Except the Symbol font's brackets: a symbol font's glyph for code 0x28 is at U+F028 (Windows maps a
# symbol font's byte b to U+F000 + b), and Symbol's 0x28, 0x29, 0x5B, 0x5D, 0x7B, 0x7D are the ASCII
# brackets. As brackets, they stay typographic next to punctuation, where a space is not
# ('\uf029",' is ')",', a closing bracket and quote mark, where ' ",' reads as a quoted comma).
PRIVATE_USE = "\ue000-\uf8ff"
_SYMBOL_BRACKETS = {"\uf028": "(", "\uf029": ")", "\uf05b": "[", "\uf05d": "]", "\uf07b": "{", "\uf07d": "}"}
# Typographic operators written as their ASCII spelling: a quote types ">= 0" for the source's
# "\u2265 0" and the other way round (the multiplication sign as "x", as RFCs write it).
# The fraction and division slashes as the slash typed for them (NFKC writes "\u00bd" as "1\u20442").
_OPERATORS = {
    **{"\u2265": ">=", "\u2264": "<=", "\u2260": "!=", "\u2192": "->", "\u2190": "<-", "\u00d7": "x"},
    **{"\u2044": "/", "\u2215": "/"},
}
# The invisible marks that reorder text (embeddings, overrides, isolates): what a reader sees of
# "\u202e12\u202c" is "21".
BIDI_CONTROLS = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
# Unicode's tag characters (U+E0000 to U+E007F): invisible, each stands for an ASCII character, so
# they can carry text a reader never sees ("ASCII smuggling"). Read as nothing, and flagged.
_TAGS = range(0xE0000, 0xE0080)
TAG_CHARACTERS = f"{chr(_TAGS[0])}-{chr(_TAGS[-1])}"
# Soft hyphen, zero-width characters, and the invisible marks that set text direction (with the
# Arabic letter mark, U+061C, which Arabic, Persian and Urdu text holds as others hold U+200F); the
# variation selectors that pick a glyph's style (an emoji's U+FE0F: "❤️" is "❤"), and the keycap an
# emoji puts around a digit: "1️⃣" is "1", and "2️⃣0️⃣2️⃣6️⃣" the number 2026 it writes.
_DROPPED = (
    "\u00ad\u200b\u200c\u200d\u2060\ufeff\u200e\u200f\u061c\u20e3"
    + "".join(map(chr, (*range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0))))
    + BIDI_CONTROLS
)
_OWNERSHIP_MARKS = frozenset("\u2122\u00ae\u00a9\u2120")  # trade mark, registered, copyright, service mark
# One spaced from the word it follows ("Intel ® Core ™"), which `fold` keeps: a name's mark or one
# the text is about ("Use ® only for ..."), which only a person can tell.
SPACED_OWNERSHIP_MARK = re.compile(f" [{''.join(sorted(_OWNERSHIP_MARKS))}](?=[ ,.;:)]|$)")
# The punctuation of scripts that have their own, as the ASCII a keyboard types for it: Arabic's
# comma, semicolon, question mark and percent sign (not its decimal and thousands marks, which
# unlike "." and "," tell one from the other: `number_value` reads them); the full stops of Urdu, of
# Devanagari and the Bengali script (danda), Armenian, Ethiopic, Myanmar and Khmer; Ethiopic's
# comma, semicolon, colon and word space; Hebrew's gershayim, geresh and maqaf.
_SCRIPT_PUNCTUATION = {
    **{"\u060c": ",", "\u061b": ";", "\u061f": "?", "\u066a": "%"},
    **dict.fromkeys("\u06d4\u0964\u0965\u0589\u1362\u104b\u17d4\u17d5", "."),
    **{"\u1363": ",", "\u1364": ";", "\u1365": ":", "\u1361": " ", "\u104a": ","},
    **{"\u05f4": '"', "\u05f3": "'", "\u05be": "-"},
}
# Marks that write out what the letters leave to the reader, which most text leaves out: Arabic's
# short vowels and other harakat (U+064B to U+065F, the dagger alif U+0670) and the tatweel that
# stretches a word (U+0640); Hebrew's vowel points and cantillation (niqqud), but not its
# punctuation among them (maqaf U+05BE, paseq U+05C0, sof pasuq U+05C3, nun hafukha U+05C6).
VOWEL_MARKS = "".join(
    map(
        chr,
        (
            *range(0x064B, 0x0660),
            0x0670,
            0x0640,
            *range(0x0591, 0x05BE),
            0x05BF,
            0x05C1,
            0x05C2,
            0x05C4,
            0x05C5,
            0x05C7,
        ),
    )
)
ARABIC_NUMBER_MARKS = {"\u066b": ".", "\u066c": ","}
"""Arabic's decimal and thousands marks, which folding keeps (unlike "." and "," they tell one from
the other), and the ASCII marks they are in a number's value."""
# One letter that two keyboards write with two code points: Persian and Urdu ye and kaf typed on an
# Arabic keyboard (U+064A, U+0643 for U+06CC, U+06A9). Not Urdu's heh goal, whose Arabic heh also
# writes Urdu's other heh (`كها` "ate", `کہا` "said"): a letter form for review (`_letter_forms`).
KEYBOARD_LETTERS = {"\u06cc": "\u064a", "\u06a9": "\u0643"}
# Control characters a provider's extraction leaves in a quote: U+0002 where a PDF broke a word
# with a hyphen at a line end (``co\u0002operate``), read as that hyphen; the others are dropped.
_CONTROLS = "".join(map(chr, (*range(0x00, 0x09), *range(0x0E, 0x1C), 0x7F)))


@cache
def _fold_table() -> dict[int, str]:
    """`fold_char`'s table: made on first use (1 ms, for its 6,400 private-use characters), as ASCII text needs none."""
    return str.maketrans(
        {
            **dict.fromkeys(_CONTROLS, ""),
            "\x02": "-",
            **dict.fromkeys(_DASHES, "-"),
            **dict.fromkeys(_DOUBLE_QUOTES, '"'),
            **dict.fromkeys(_SINGLE_QUOTES, "'"),
            **dict.fromkeys(_DROPPED, ""),
            **_SCRIPT_PUNCTUATION,
            **dict.fromkeys(VOWEL_MARKS, ""),
            **KEYBOARD_LETTERS,
            **dict.fromkeys(map(chr, _TAGS), ""),
            **_OPERATORS,
            **dict.fromkeys(map(chr, range(0xE000, 0xF900)), " "),
            **_SYMBOL_BRACKETS,
            # Russian writes "\u0435" for "\u0451" as a rule (only dictionaries and primers mark it): one letter.
            "\u0451": "\u0435",
            "\u0401": "\u0415",
        }
    )


# What fold rewrites: whitespace other than one space, a hyphen at a line end with the indentation after it, and
# any character outside printable ASCII. Everything between matches is copied as it is.
# A lone space is already folded, so it is not a spot: most text has few spots and few anchors.
# A printable ASCII letter is part of a spot when combining marks follow it (a decomposed accent).
# Chinese and Japanese (Han and kana): whitespace between two of their characters, or between one
# and Latin text (``JWT 不得`` for ``JWT不得``), is a line break or a typing habit, not a word break.
_CJ = "\u3005-\u3007\u3041-\u30fa\u30fc-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f"
# At most one line break: a blank line ends a paragraph or a heading, which the cut rules must see.
_CJ_GAP = r"(?:[^\S\n]*\n[^\S\n]*|[^\S\n]+)"
# Block quote markers that open a line ("\n> > "), in a Markdown or email page read as text: before
# a character of theirs, they stand between two characters of one sentence. Not before a digit or
# Latin text, where ">" at a line's start may be a comparison ("\n> 0").
_CJ_MARKERS = r"(?:[>\uff1e][^\S\n]*)*"
_CJ_GAP_MARKED = rf"(?:[^\S\n]*\n[^\S\n]*{_CJ_MARKERS}|[^\S\n]+)"
# Between two of their characters, spaced markers too (a quote that flattened those lines to one
# keeps them: "必须 > 在"), and markers before the line break.
_CJ_GAP_BETWEEN = rf"(?:[^\S\n]*{_CJ_MARKERS}\n[^\S\n]*{_CJ_MARKERS}|[^\S\n]+{_CJ_MARKERS})"
# Their punctuation (the ideographic comma and full stop, corner and lenticular brackets, the
# full-width forms of ASCII punctuation): a line break or a space after it, or before it, is a
# typing habit too (a soft line break after "、" in a Markdown source, "、 8" for "、8").
_CJ_PUNCTUATION = "\u3001-\u3004\u3008-\u3011\u3014-\u301f\u30fb\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65"
# Of those, the ones after which Latin text follows without a space ("、8", "。Vue"); not the
# brackets, which a French or English text may use as quote marks. The full-width forms of ASCII
# punctuation only after Chinese or Japanese: a Latin word's keeps its space ("Note\uff1a the",
# typed in English); the ideographic comma and full stop after anything ("React\u3001 Vue").
_CJ_STOPS = "\u3001\u3002\u30fb\uff01\uff0c\uff0e\uff1a\uff1b\uff1f"
_CJ_IDEOGRAPHIC_STOPS = "\u3001\u3002\u30fb"  # which Latin text never types: the space after them goes anywhere
_FOLD_SPOTS = lazy_compile(
    rf"(?P<gap>(?<=[{_CJ}{_CJ_PUNCTUATION}]){_CJ_GAP_BETWEEN}(?=[{_CJ}{_CJ_PUNCTUATION}])"
    rf"|(?:(?<=[{_CJ}{_CJ_IDEOGRAPHIC_STOPS}])|(?<=[{_CJ}{_CJ_PUNCTUATION}][{_CJ_STOPS}])){_CJ_GAP}(?=[\x21-\x7e])"
    rf"|(?<=[\x21-\x7e]){_CJ_GAP_MARKED}(?=[{_CJ}]))"
    # French guillemets, with the (narrow no-break) spaces inside them or without. Only as French
    # sets them: German sets them the other way round, glued to the words inside (»Der Server«),
    # and there the space outside each mark is a word's, kept as any other mark's.
    r"|(?P<guillemet>(?<!\w)\u00ab\s*|\s*\u00bb(?!\w))"
    r"|(?<=\w)-[ \t]*(?:\r\n|\r|\n)\s*(?=\w)|\s{2,}|[^\S ]|[\x21-\x7e]?[^\x21-\x7e\s]+"
)
# The same spots in text without Chinese, Japanese or guillemets (most non-ASCII text): the first
# two alternatives never match there, but trying them at every character costs.
_PLAIN_FOLD_SPOTS = lazy_compile(r"(?<=\w)-[ \t]*(?:\r\n|\r|\n)\s*(?=\w)|\s{2,}|[^\S ]|[\x21-\x7e]?[^\x21-\x7e\s]+")
_NEEDS_FULL_SPOTS = lazy_compile(f"[{_CJ}{_CJ_PUNCTUATION}\u00ab\u00bb]")
# The spots of ASCII text without control characters (whitespace other than one space, a line-end
# hyphen with the indentation after it), with a group to split around. The pattern opens with one
# character class, which the regular expression engine scans for in a tight loop rather than trying
# every alternative at every character: about 1.6 times faster on an RFC.
_ASCII_SPLIT = re.compile(r"([\s-](?:(?<=\s)\s+|(?<=[^\S ])|(?<=\w-)[ \t]*(?:\r\n|\r|\n)\s*(?=\w)))")
# The cookbook's spots: whitespace other than one space, the same way.
_SPACE_SPLIT = lazy_compile(r"(\s(?:\s+|(?<=[^\S ])))")
# The same spots without the group, found one by one in a short text.
_ASCII_SPOTS = lazy_compile(_ASCII_SPLIT.pattern[1:-1])
_SPACE_SPOTS = lazy_compile(_SPACE_SPLIT.pattern[1:-1])
_ASCII_CONTROLS = re.compile(r"[\x00-\x08\x0e-\x1b\x7f]")
# Where a long text is cut into chunks: between two ASCII letters or digits. No spot of any pattern
# above holds such a pair, and every lookaround next to a spot stays inside its chunk, so each chunk
# folds as it would in place.
_CUT = re.compile(r"[A-Za-z0-9](?=[A-Za-z0-9])")
_CHUNK = 1 << 17  # characters folded at a time at most: bounds the temporary list of pieces
_CHUNK_MIN = 1 << 12
# From how many characters a text's ASCII chunks are folded (here) and indexed (`_index`) with
# numpy, several times faster than the pure-Python paths, which repays numpy's import (about 0.2 s);
# up to what the anchors' C ints hold.
VECTORIZED_MIN = 1 << 20
_VECTORIZED_MAX = (1 << 31) - 1
_VECTORIZED_CHUNK = 1 << 18
# What a spot of an ASCII chunk becomes, by its first character: a line-end hyphen keeps its hyphen;
# any other spot is whitespace, one space.
_ONE_CHAR = {"-": "-"}
_first = itemgetter(0)


def normalize(text: str) -> str:
    """The cookbook's normalization: whitespace runs to one space, curly quotes folded, ends trimmed."""
    return _SPACE.sub(" ", text.translate(_CURLY)).strip()


def fold_char(char: str) -> str:
    """One character (or a letter with its combining marks) as `fold` writes it.

    NFKC, then dashes, quote marks and invisibles folded, the typographic operators written
    ``>= <= != -> <- x``, Russian ``\u0451`` written ``\u0435``, and any script's digits as ASCII
    ones. Superscripts and subscripts are kept as they are: NFKC would turn ``10⁶`` into ``106``,
    another number.
    """
    if unicodedata.decomposition(char[0]).startswith(("<super>", "<sub>")):
        return char
    folded = fold_keeping_digits(char)
    if folded.isdecimal() and not folded.isascii():
        # Another script's digits (Arabic-Indic, Persian, Devanagari, Thai) are the same number's,
        # as NFKC makes full-width digits ASCII ones: a quote writes them as its writer types.
        return ascii_digits(folded)
    return " " if folded.isspace() else folded


def fold_keeping_digits(text: str) -> str:
    """``text`` through NFKC and `fold_char`'s table, each script's digits left as they are (not its superscripts)."""
    return unicodedata.normalize("NFKC", text).translate(_fold_table())


def ascii_digits(text: str) -> str:
    """``text`` with every script's decimal digits written as ASCII ones (``٣`` as ``3``), the rest as it is."""
    return "".join(str(unicodedata.decimal(c)) if c.isdecimal() else c for c in text)


@dataclass(frozen=True)
class Folded:
    """A folded text and the map from its offsets back to the text it was made from."""

    text: str
    """The folded text."""
    offsets: OffsetMap
    """Maps each folded offset back to the text `fold` was given."""

    def to_original(self, offset: int) -> int:
        """The original offset of the folded character at ``offset``."""
        return self.offsets.to_original(offset)

    def span_to_original(self, start: int, end: int) -> tuple[int, int]:
        """The original span of the folded span ``start:end``."""
        return self.offsets.span_to_original(start, end)


def _joins(char: str) -> bool:
    """Whether NFKC may compose ``char`` with the character before it.

    A mark (a combining accent, or a vowel sign of Bengali or Tamil, whose two parts NFD writes
    apart: U+09C7 U+09BE for U+09CB), or the vowel or final consonant of a Hangul syllable written
    as jamo (NFD's Korean).
    """
    return unicodedata.category(char)[0] == "M" or "\u1160" <= char <= "\u11ff" or "\ud7b0" <= char <= "\ud7ff"


def _replacements(spot: re.Match[str]) -> list[tuple[int, str]]:
    """What a spot of `fold` becomes, as (original offset, folded text) pieces."""
    text, start = spot.group(), spot.start()
    if spot.lastgroup == "guillemet":
        return [(start if text[0] == "\u00ab" else spot.end() - 1, '"')]
    if text[0] == "-" and len(text) > 1 and text[1].isspace():
        return [(start, "-")]
    if text.isspace():
        return [(start, " ")]
    # One piece per character, with a letter's combining marks kept with it so NFKC composes
    # them (a decomposed "e" and accent becomes one "é", as in a composed quote); NFKC may also
    # turn one character into several or none.
    pieces: list[tuple[int, str]] = []
    cluster_start = 0
    for index in range(1, len(text) + 1):
        if index == len(text) or not _joins(text[index]):
            cluster, at = text[cluster_start:index], start + cluster_start
            before = spot.string[at - 1] if at > 0 else ""
            # "Acme™", "Office 365®", "“Acme”®": a name's mark, which a quote may leave out or write
            # in; not one the text is about ("Use ® only for ..."). A straight mark closes a quotation
            # only after a word ('"Acme"®', not 'the "®" sign'); a sign a quotation mark follows is
            # itself named ('"©"', '「®」').
            closes = before in "\u201d\u2019)]\u300d\u300f\u00bb" or (
                before in "\"'" and at > 1 and spot.string[at - 2].isalnum()
            )
            follows = spot.string[at + len(cluster) : at + len(cluster) + 1]
            named = follows != "" and follows in "\"'\u201d\u2019\u300d\u300f\u00bb"
            owned = cluster in _OWNERSHIP_MARKS and (before.isalnum() or closes) and not named
            pieces.append((at, "" if owned else fold_char(cluster)))
            cluster_start = index
    return pieces


def _fold_spots(
    text: str, splitter: re.Pattern[str], spots: re.Pattern[str] | None = None, *, vectorized: bool | None = None
) -> Folded:
    """Copy ``text``, rewriting its spots, with an anchor wherever lengths change.

    The text is folded a chunk at a time (see `_CUT`). Where every spot becomes one character
    (``spots`` is ``None``: only whitespace is folded; or an ASCII chunk without control
    characters, where a spot is whitespace or a line-end hyphen), the chunk is split around its
    spots by ``splitter`` and measured in C, or, in a large text (``vectorized``, by default from
    `VECTORIZED_MIN` characters on), its ASCII chunks are folded with numpy
    (`citecheck.matcher._numpy_fold`), with the same result. Any other chunk goes spot by spot
    through ``spots``.
    """
    anchors_folded = array("i", [0])
    anchors_original = array("i", [0])
    if vectorized is None:
        vectorized = VECTORIZED_MIN <= len(text) <= _VECTORIZED_MAX
    if len(text) <= _CHUNK_MIN and not vectorized:
        # A quote or a short section: one pass spot by spot costs less than setting up the split.
        if spots is None or (text.isascii() and not _ASCII_CONTROLS.search(text)):
            spots = _SPACE_SPOTS if spots is None else _ASCII_SPOTS
        return Folded(
            _fold_chunk(text, 0, 0, spots, anchors_folded, anchors_original),
            OffsetMap(anchors_folded, anchors_original),
        )
    fold_ascii: Callable[..., str | None] | None = None
    if vectorized:
        # Imported here: numpy costs more to import than it saves on a text of less than a megabyte.
        from citecheck.matcher._numpy_fold import fold_ascii
    done: list[str] = []
    length = 0
    at = 0
    # A small text gets small chunks; numpy's, larger, spread the cost of each call over more characters.
    chunk_size = min(max(len(text) // 64, _CHUNK_MIN), _VECTORIZED_CHUNK if vectorized else _CHUNK)
    while at < len(text):
        cut = _CUT.search(text, at + chunk_size)
        stop = cut.end() if cut is not None else len(text)
        chunk = text[at:stop]
        folded: str | None = None  # numpy's fold declines a chunk with control characters
        if fold_ascii is not None and chunk.isascii():
            folded = fold_ascii(chunk, at, length, anchors_folded, anchors_original, joins=spots is not None)
        if folded is None:
            if spots is None or (chunk.isascii() and not _ASCII_CONTROLS.search(chunk)):
                folded = _split_chunk(chunk, at, length, splitter, anchors_folded, anchors_original)
            else:
                folded = _fold_chunk(chunk, at, length, spots, anchors_folded, anchors_original)
        done.append(folded)
        length += len(folded)
        at = stop
        del chunk  # not kept to the join, where memory peaks
    folded_text = "".join(done)
    # The pieces go before the anchors are copied into the map, which would otherwise be the peak:
    # the text folded twice (pieces and joined) and its anchors twice.
    del done
    return Folded(folded_text, OffsetMap(anchors_folded, anchors_original))


def _split_chunk(
    text: str, at: int, length: int, splitter: re.Pattern[str], anchors_folded: array[int], anchors_original: array[int]
) -> str:
    """Fold one chunk whose every spot becomes one character, split around its spots by ``splitter``."""
    parts = splitter.split(text)  # separator, spot, separator, ..., separator
    # A spot's start and end are the sums of the lengths before them, in the text, then folded.
    anchors_original.extend(islice(accumulate(map(len, parts), initial=at), 1, len(parts)))
    parts[1::2] = map(_ONE_CHAR.get, map(_first, parts[1::2]), [" "] * (len(parts) // 2))
    anchors_folded.extend(islice(accumulate(map(len, parts), initial=length), 1, len(parts)))
    return "".join(parts)


def _fold_chunk(
    text: str, at: int, length: int, spots: re.Pattern[str], anchors_folded: array[int], anchors_original: array[int]
) -> str:
    """Fold one chunk that starts at ``at`` in the text (``length`` in the folded text), spot by spot."""
    gaps = spots is _FOLD_SPOTS  # only that pattern drops whitespace (between Chinese or Japanese characters)
    pieces: list[str] = []
    copied_from = 0
    for spot in spots.finditer(text):
        start, end = spot.span()
        pieces.append(text[copied_from:start])
        length += start - copied_from
        if gaps and spot.lastgroup == "gap":
            anchors_folded.extend((length, length))
            anchors_original.extend((at + start, at + end))
        elif spot.group().isspace():
            # Most spots are line breaks and indentation: one space, without the general path.
            anchors_folded.extend((length, length + 1))
            anchors_original.extend((at + start, at + end))
            pieces.append(" ")
            length += 1
        else:
            for original, replaced in _replacements(spot):
                anchors_folded.append(length)
                anchors_original.append(at + original)
                pieces.append(replaced)
                length += len(replaced)
            anchors_folded.append(length)
            anchors_original.append(at + end)
        copied_from = end
    pieces.append(text[copied_from:])
    return "".join(pieces)


def fold(text: str, *, cookbook: bool = False) -> Folded:
    """Fold ``text`` for matching, keeping a map back to its offsets.

    Whitespace runs become one space (not trimmed, so offsets stay simple), a word broken with a
    hyphen at a line end is joined with the hyphen kept, and every other character outside
    printable ASCII goes through `fold_char`. With ``cookbook=True`` only whitespace and curly
    quotes are folded, as `normalize` does.
    """
    if cookbook:
        # Curly quotes fold one for one, so only whitespace needs anchors.
        return _fold_spots(text.translate(_CURLY), _SPACE_SPLIT)
    spots = _PLAIN_FOLD_SPOTS if text.isascii() or not _NEEDS_FULL_SPOTS.search(text) else _FOLD_SPOTS
    return _fold_spots(text, _ASCII_SPLIT, spots)


def normalize_folded(text: str, *, join_breaks: bool = True) -> str:
    """A quote folded the way `fold` folds the source, with whitespace collapsed and ends trimmed.

    With ``join_breaks``, a hyphen followed by a space between two words (``case- sensitive``),
    which is what a line-end hyphen becomes once a copied quote's line break is flattened, is joined
    as `fold` joins those in the source.
    """
    if text.isascii() and text.isprintable():
        # Printable ASCII has no spot of `fold` but runs of spaces, which are collapsed here anyway.
        folded = _SPACE.sub(" ", text).strip() if "  " in text else text.strip()
    else:
        folded = _SPACE.sub(" ", fold(text).text).strip()
    return _QUOTE_BREAK.sub("-", folded) if join_breaks else folded


def join_breaks(folded: str) -> str:
    """A folded quote with its flattened line-end hyphens joined (``case- sensitive``)."""
    return _QUOTE_BREAK.sub("-", folded)
