"""Tier 4, ``loose``: the same words, typographic differences aside, aligned word by word."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import pairwise
from typing import NamedTuple

from citecheck._lazy_re import lazy_compile
from citecheck._models import Flag, WordDiff
from citecheck.matcher._appended import SUPERSCRIPT_DIGITS
from citecheck.matcher._dictionary import is_common_word
from citecheck.matcher._index import past_glued_markers
from citecheck.matcher._lexicon import (
    EXAMPLES_BY_LANGUAGE,
    MODALS,
    NEGATING_PREFIXES,
    QUANTIFIERS_BY_LANGUAGE,
    RESTRICTIVE_WORDS,
    is_meaning_word,
    negates_or_obliges,
    phrase_words,
)
from citecheck.matcher._normalize import FULL_WIDTH_PUNCTUATION, SPACED_OWNERSHIP_MARK
from citecheck.matcher._tiers._base import (
    _ANCHORS,
    _MAX_GROUP_WORDS,
    _MAX_POSTINGS,
    _NOT_MERGED,
    _PRONOUNS,
    _RARE,
    MAX_TOLERANT_WORDS,
    OPENING_BRACKET,
    _named,
    _source_uri,
    furniture_line,
    page_number,
)
from citecheck.matcher._tokens import join_words
from citecheck.matcher.tiering import (
    PreparedQuote,
    TierHit,
    WordIndex,
    between_key,
    is_unspaced,
    key,
    lead_key,
    trail_key,
)


def _mergeable(sep: str, left: str, right: str) -> bool:
    """Whether two words with ``sep`` between them may be read as one (``AES-128``, ``AES128``)."""
    if (left.lower() in _NOT_MERGED or right.lower() in _NOT_MERGED) and "-" not in sep:
        return False
    if left[-1:].isdigit() and right[:1].isdigit():
        return False  # 3 600 is not 3600 for sure: that is for the fuzzy tier, for review
    return between_key(sep, left, right) == ""


def _spaced_letters(sep: str, left: str, right: str) -> bool:
    """Whether two words only spaces part (as written) are both of letters with case (Latin, Cyrillic, Greek).

    One such word for the two may be another word ("inaction", "atypical", "maybe"). A space between
    Chinese or Korean words, between a word and a number, or before a capital ("FigureC") is
    typography; so is a soft hyphen inside a word, which a PDF's text layer leaves.
    """
    if left[-1:].islower() and right[:1].isupper():
        return False  # "FigureC" for "Figure C": a capital inside a word is no word of its own
    if sep.strip() or "\u00ad" in sep:
        return False
    return all(c.lower() != c.upper() for c in left + right)


def _standalone(sep_before: str, sep_after: str) -> bool:
    return (sep_before.endswith(" ") and sep_after.startswith(" ")) or not sep_before or not sep_after


def _bullet(word: str, before: str, after: str, *, cjk: bool = False) -> bool:
    """Whether a word is a list bullet: a lone ``o``, or an item's ``1.``, ``(a)``, ``2)``.

    ``cjk``: also after the full stop of Chinese or Japanese, which folding glues to the mark, and
    the mark to the next character (a quote's ``。 2. 这一直`` is ``。2.这一直``): the caller tells
    that a character of those follows, not a digit (``。2.5倍`` is a number). Read in a quote only,
    that numbers the items a source shows unmarked: in the source, a number after ``。`` may be the
    text's own, and a quote that leaves it out is for review.
    """
    if word == "o":
        return _standalone(before, after)
    if before in ("(", "["):
        return False  # glued to the word before: "Section 2.1(b)", "creation(s)" name or inflect it
    # A letter of a script with capitals ("(a)", a Cyrillic one): a Korean or Chinese one is a word ("(안)", "not").
    if not (
        len(word) <= 2 and (word.isdigit() or (len(word) == 1 and word.isalpha() and word.lower() != word.upper()))
    ):
        return False
    if cjk and before[-1:] == "\u3002" and after in (".", ")"):
        return True
    marked = after.startswith((". ", ") ")) and (before.rstrip(" (")[-1:] in ("", ".", ":", ";"))
    return marked and (not before.strip(" ") or before.rstrip()[-1:] in ".:;(")


def _source_group(index: WordIndex, j: int, step: int) -> tuple[int, bool] | None:
    """A bracketed or parenthetical aside starting (ending, walking back) at word ``j``.

    Returns:
        The position just past it, and whether it is only a reference marker (``[RFC3986]``).
    """
    if step > 0:
        opening = _opening_marks(index.between(j))
        if "(" not in opening and "[" not in opening:
            return None
        close = ")" if "(" in opening else "]"
        for k in range(j, min(j + _MAX_GROUP_WORDS, len(index))):
            if close in _closing_marks(index.between(k + 1)):
                return k + 1, close == "]" and _marker(index, j, k)
        return None
    closing = _closing_marks(index.between(j + 1))
    if ")" not in closing and "]" not in closing:
        return None
    opener = "(" if ")" in closing else "["
    for k in range(j, max(j - _MAX_GROUP_WORDS, -1), -1):
        if opener in _opening_marks(index.between(k)):
            return k - 1, opener == "[" and _marker(index, k, j)
    return None


def _opening_marks(sep: str) -> str:
    """The marks of a separator that open the word after it, back to a space, spaces before the word aside.

    ``(§`` of `` (§ ``, ``(`` of `` ( ``: a bracket spaced from its words is still one.
    """
    return sep.rstrip(" ").rsplit(" ", 1)[-1]


def _closing_marks(sep: str) -> str:
    """The marks of a separator that close the word before it, up to a space, spaces after the word aside."""
    return sep.lstrip(" ").split(" ", 1)[0]


def _marker(index: WordIndex, first: int, last: int) -> bool:
    """Whether the bracketed words ``first`` to ``last`` are a reference marker, not the sentence's own words.

    Not a reference the sentence names (`_governed`), nor numbers in brackets glued to the word
    before as code indexes it (``buf[0]``, ``matrix[1, 2]``, ``x = items[1]``: `past_glued_markers`
    tells them from a footnote's ``customers[3]``), which a quote leaves out for review only.
    """
    if not _reference(index.words(first, last + 1)) or _governed(index, first - 1):
        return False
    if first == 0 or index.between(first) != "[" or not all(key.isdigit() for key in index.keys(first, last + 1)):
        return True
    glued_to = index.ends[first - 1]
    return past_glued_markers(index.folded.text, glued_to) != glued_to


_MERGED_WORDS = 3  # words a text layer that lost their spaces may run together ("easiertobuild")


def _examples_aside(index: WordIndex, j: int, step: int) -> int | None:
    """Past an aside of examples between commas that word ``j`` opens (closes, for ``step`` -1), or ``None``.

    ``[...] happens, such as an index out of bounds, the code [...]``, ``, z. B. golang.org/x/net,``:
    illustrations of the words before it, which a quote may leave out without an ellipsis, for a
    person to look (the walk flags it). At most `_ASIDE_WORDS` words; not ``like``, ``comme``,
    ``wie``, which compare as often as they illustrate.
    """
    if step > 0:
        if "," not in index.between(j) or not _opens_examples(index, j):
            return None
        return next(
            (k + 1 for k in range(j, min(j + _ASIDE_WORDS, len(index) - 1)) if "," in index.between(k + 1)), None
        )
    if "," not in index.between(j + 1):
        return None  # no comma closes the words before
    for k in range(j, max(j - _ASIDE_WORDS, 0), -1):
        if "," in index.between(k):
            return k - 1 if _opens_examples(index, k) else None
    return None


def _opens_examples(index: WordIndex, position: int) -> bool:
    return any(tuple(index.keys(position, position + len(opener))) == opener for opener in _EXAMPLE_OPENERS)


_EXAMPLE_OPENERS = frozenset(
    phrase_words(entry)
    for language in ("en", "fr", "pt", "de", "es", "ru")
    for entry in EXAMPLES_BY_LANGUAGE[language]
    if entry not in {"like", "comme", "como", "wie", "etwa", "etc", "including", "incluindo", "incluyendo", "y compris"}
)
_ASIDE_WORDS = 8


def _opens(one: str, part: str, step: int) -> bool:
    """Whether ``part`` is the start of ``one`` (its end, for ``step`` -1), and not all of it."""
    return one != part and (one.startswith(part) if step > 0 else one.endswith(part))


def _run_together(one: str, side: _Side, at: int, step: int) -> int:
    """How many words of ``side`` from ``at`` on (back, for ``step`` -1) ``one`` runs together (0: none).

    Two to `_MERGED_WORDS`; each join one `_mergeable` reads as none (``AES-128``, a lost space; not ``3 600``).
    """
    for count in range(2, _MERGED_WORDS + 1):
        a, b = sorted((at, at + (count - 1) * step))
        if a < 0 or b >= side.size:
            return 0
        if "".join(side.keys(a, b + 1)) == one:
            joins = zip(range(a + 1, b + 1), pairwise(side.words(a, b + 1)), strict=True)
            return count if all(_mergeable(side.sep(p), left, right) for p, (left, right) in joins) else 0
    return 0


class _Side(NamedTuple):
    """How `_run_together` reads one side's words: the index's or the quote's."""

    keys: Callable[[int, int], Sequence[str]]
    words: Callable[[int, int], Sequence[str]]
    sep: Callable[[int], str]
    size: int


_PREPOSITIONS = frozenset({"in", "of", "see", "by", "per", "from", "to", "and", "or", "with", "than", "as"})


def _governed(index: WordIndex, before: int) -> bool:
    """Whether a reference is part of the sentence (``defined in [RFC3986]``), not a marker."""
    return before >= 0 and index.key(before) in _PREPOSITIONS


def _reference(words: Sequence[str]) -> bool:
    """Whether bracketed words are a reference marker: ``RFC3986``, ``RFC 3986``, ``1``, ``JWS``.

    A name holding a digit, or a short acronym; never a word that changes the meaning: ``[NOT]``,
    ``[MUST NOT]``, ``[NEVER]`` are capitals too, but an insertion, not a marker.
    """
    if not 0 < len(words) <= 2 or any(is_meaning_word(w) and not any(c.isdigit() for c in w) for w in words):
        return False
    if len(words) == 2 and words[0] == "RFC" and words[1].isdigit():
        return True
    return all(_marker_word(word) for word in words)


def _citation_key(opening: str) -> bool:
    """Whether a bracketed run opened by ``opening`` is a pandoc citation: ``[@doi:10.1/x]``, ``[-@key]``.

    A Markdown source's citation keys render as a number or nothing, never as the key's words: a
    reference marker, however many words and digits its key holds.
    """
    return opening.endswith(("[@", "[-@"))


def _other_reference(inside: Sequence[str], index: WordIndex, j: int, step: int) -> bool:
    """Whether the quote's bracketed reference stands where the source has another one.

    A marker the source lacks is an editorial addition, set aside; one the source has at the same
    place with another number or name (``[RFC3988]`` for ``[RFC3986]``) is a changed word.
    """
    if not 0 <= j < len(index) or not _reference(inside):
        return False
    group = _source_group(index, j, step)
    if group is None:
        return False
    past = group[0]
    first, end = (j, past) if step > 0 else (past + 1, j + 1)
    cited = index.words(first, end)
    return _reference(cited) and "".join(key(w) for w in inside) != "".join(key(w) for w in cited)


# Words a superscript raises to a power: units ("km²", "см³") and the names of Greek letters ("sigma²").
_POWERED = frozenset({"km", "cm", "mm", "dm", "nm", "µm", "ft", "in", "mi", "yd", "км", "см", "мм", "дм"})
_POWERED |= {"sigma", "chi", "theta", "alpha", "beta", "gamma", "delta", "lambda", "mu", "rho", "tau", "phi", "psi"}
_CJK_UNITS = frozenset("米里尺寸厘毫")  # 平方米, 公里², 厘米³: each character of Chinese is a word


def _glued_number(source: str, quoted: str) -> str | None:
    """What a source word glues to the quoted one after it (both keys, lower case), or ``None``.

    ``"footnote"``: one to three superscript digits (``users¹``), a footnote's number, typography.
    Not after a word of one or two letters, a unit or a Greek letter's name: ``x²``, ``mc²``,
    ``CO²``, ``km²``, ``sigma²`` raise to a power (and ``10⁶`` is no word of letters).
    ``"digits"``: one or two ASCII digits (``ten2``, ``supervision3``), a footnote's number as a
    PDF's text layer writes it, or a name's own digits (``sha256`` is not ``sha``): never the same
    word for sure, so a person looks (`LooseTier` flags it). Read the other way round too, for a
    quote that copied the footnote's number (``RLHF7``, ``CAI²³``), flagged whichever it is.
    """
    if len(quoted) < 3 or not quoted.isalpha() or not source.startswith(quoted):
        return None
    glued = source[len(quoted) :]
    if 0 < len(glued) <= 3 and not glued.strip(SUPERSCRIPT_DIGITS) and quoted not in _POWERED:
        return "footnote"
    if 0 < len(glued) <= 2 and glued.isascii() and glued.isdigit():
        return "digits"
    return None


def _marker_word(word: str) -> bool:
    """A number, a name holding a digit (``RFC3986``, ``ISO8601``), an acronym (``JWS``) or a footnote's letter."""
    return (
        word.isdigit()
        or (any(c.isdigit() for c in word) and word[:1].isalpha())
        or bool(_ACRONYM.fullmatch(word))
        or bool(_FOOTNOTE_LETTER.fullmatch(word))
    )


_ACRONYM = lazy_compile(r"[A-Z][A-Z0-9]{1,7}")
_FOOTNOTE_LETTER = lazy_compile(r"[a-z]|[ivx]{1,4}")  # "[a]", "[ii]"
# An editor's note about the quote, not words of the text: "[emphasis added]", "[citation needed]".
_EDITORIAL_NOTES = frozenset(
    {"emphasis added", "emphasis mine", "emphasis ours", "emphasis in original", "original emphasis"}
    | {"italics added", "bold added", "formatting added", "citation needed", "ed", "ibid", "op cit", "sic"}
    | {"translated", "my translation", "translation mine"}
)
_SPACES_AND_BRACKETS = str.maketrans(dict.fromkeys(" \t\n()[]{}"))
# A bracketed aside without a word (``('.')``, ``("/")``, ``(<>)``): not an empty pair, a function's ``()``.
_PUNCTUATION_ASIDE = lazy_compile(r" ?[(\[][^\w()\[\]]+[)\]]")
# A block quote's marker: ">" (nested ">>", "> >") first on a line of the source.
_BLOCK_QUOTE_MARKER = lazy_compile(r"\n[ \t>]*>")
# A Markdown table's row (GitHub's tables, which CommonMark leaves as text), and what parts two
# cells or, at a row's end and the next one's start, two rows.
_TABLE_ROW = lazy_compile(r"[ \t]*\|")
_CELL_BREAK = lazy_compile(r"(?:\s*\|)+\s*")


def _leads_agree(prepared: PreparedQuote, index: WordIndex, first: int, left: str) -> bool:
    """Whether what the quote has glued before its first word is what the source has before word ``first``.

    The source's full-width punctuation (a colon or a comma of Chinese or Japanese, folded to
    ASCII with no space after) closes the clause before it, not the quote's first word's:
    ``设计选择\uff1aRust ...`` quoted from ``Rust``.
    """
    quoted = lead_key(prepared.seps[0], prepared.words[0])
    source = lead_key(index.between(first), left)
    if quoted == source:
        return True
    # The source's own characters there are full-width, the typography of Chinese or Japanese,
    # whatever stands before them ("\u56fe 4-4\uff1as1"), perhaps with an aside opening after them
    # ("\uff0c(i32, i32)").
    between = index.source_between(first).rstrip(" ").rstrip(_OPENING_MARKS)
    return not quoted and set(source) <= _AFTER_FULL_WIDTH and bool(between) and set(between) <= FULL_WIDTH_PUNCTUATION


_OPENING_MARKS = "([\"'\u201c\u2018\uff08\u300c\u300e"
_AFTER_FULL_WIDTH = frozenset(",.:;!?)]\"'([")  # the source's lead, folded: its punctuation, then an opening


def _inverting(words: Sequence[str]) -> bool:
    """Whether a short bracketed insertion says the opposite or another requirement.

    ``[NOT]``, ``[never]``, ``[MUST NOT]``, ``[did not]``: a negation or a normative keyword the
    source does not have. A longer editorial aside holding one, or a limiting word (``[only]``),
    is only for review (``substituted_words``).
    """
    return len(words) <= _SHORT_INSERTION and negates_or_obliges(words)


_SHORT_INSERTION = 4


def _editorial(words: Sequence[str]) -> bool:
    """Whether bracketed words are an editor's note (`_EDITORIAL_NOTES`), which says nothing of the source."""
    return " ".join(w.lower() for w in words) in _EDITORIAL_NOTES


def _explaining(words: Sequence[str]) -> bool:
    """Whether bracketed words open as the quoter's explanation: ``[i.e., the token]``, ``[that is, ...]``."""
    opening = tuple(w.lower() for w in words[:2])
    return opening in _EXPLAINING or opening[:1] in _EXPLAINING


_EXPLAINING = frozenset({("ie",), ("eg",), ("namely",), ("i", "e"), ("e", "g"), ("that", "is"), ("d", "h")})


# Contractions and their spelled-out words, by key (apostrophes aside): "don't" is "do not".
_CONTRACTIONS: dict[str, tuple[str, str]] = {
    **{f"{verb}nt": (verb, "not") for verb in ("do", "does", "did", "is", "are", "was", "were", "has", "have")},
    **{f"{verb}nt": (verb, "not") for verb in ("had", "would", "should", "could", "must", "need", "might")},
    "wont": ("will", "not"),
    "cant": ("can", "not"),
    "shant": ("shall", "not"),
    "its": ("it", "is"),
    "thats": ("that", "is"),
    "theres": ("there", "is"),
    "whats": ("what", "is"),
    "im": ("i", "am"),
    "youre": ("you", "are"),
    "were": ("we", "are"),
    "hes": ("he", "is"),
    "shes": ("she", "is"),
    "theyre": ("they", "are"),
    "ive": ("i", "have"),
    "weve": ("we", "have"),
    "youve": ("you", "have"),
    "theyve": ("they", "have"),
    "youll": ("you", "will"),
    "theyll": ("they", "will"),
    "itll": ("it", "will"),
    "well": ("we", "will"),
    "ill": ("i", "will"),
    "hell": ("he", "will"),
    "shell": ("she", "will"),
    "thatll": ("that", "will"),
    "therell": ("there", "will"),
    "lets": ("let", "us"),
}


def _spelled_out(word_key: str, word: str) -> tuple[str, str] | None:
    """The two words a contraction stands for (``don't``: ``do not``), or ``None``.

    Only a word written with its apostrophe is a contraction: ``were`` is not ``we're``. ``cannot``
    is ``can not`` as ``can't`` is.
    """
    if word_key == "cannot":
        return ("can", "not")
    return _CONTRACTIONS.get(word_key) if "'" in word else None


# Words that limit what they stand in when read as words; in quotation marks they are names.
_LIMIT_WORDS = frozenset(MODALS | RESTRICTIVE_WORDS).union(
    *(w for words in QUANTIFIERS_BY_LANGUAGE.values() for w in words if " " not in w)
)


@lru_cache(maxsize=4096)
def _reads_as_limit(word_key: str) -> bool:
    """Whether a word, out of quotation marks, negates, obliges or limits (``none``, ``MUST``, ``only``)."""
    return word_key in _LIMIT_WORDS or negates_or_obliges([word_key])


class _Walk:
    """Aligns a quote's words with the document's, one step at a time, in either direction."""

    def __init__(self, prepared: PreparedQuote, index: WordIndex) -> None:
        self.q = prepared
        self.index = index
        self.flags: list[Flag] = []
        # Words the source names in quotation marks ("none") that the quote gives bare, where they
        # read as a negation, a quantifier or a keyword.
        self.unquoted: list[str] = []
        self.inserted: list[str] = []  # bracketed words the quote adds that invert or change it
        # Two words of letters on one side that are one on the other, as (the quote's, the source's):
        # "inaction" for "in action", "a typical" for "atypical" may be another word.
        self.rejoined: list[tuple[str, str]] = []
        self.pages: list[str] = []  # the source's PDF page numbers between the quote's words, set aside
        self.furniture: list[str] = []  # lines of a page's header or footer between them, set aside (flagged)
        self.examples: list[str] = []  # asides of examples between commas the quote leaves out (flagged)
        self.signs: list[str] = []  # ownership marks spaced from a word, on one side only (flagged)
        self.partial: dict[int, str] = {}  # step (1: the end, -1: the start) -> the source word cut
        self.numbered: list[str] = []  # source words with a number glued on that the quote leaves out ("ten2")
        self.numbered_quote: list[str] = []  # the quote's words with a number glued on the source's lack

    def _seps_agree(self, i: int, j: int, step: int) -> bool:
        q, index = self.q, self.index
        qi, sj = (i, j) if step > 0 else (i + 1, j + 1)
        quoted_sep, source_sep = q.seps[qi], index.between(sj)
        if quoted_sep == source_sep or (quoted_sep == " " and source_sep.isspace()):
            return True  # the common case, decided without looking closer
        left, right = index.words(sj - 1, sj + 1)
        # Only ? ! : ; after a word read differently in a URI: look for one only then.
        uri = any(c in source_sep for c in "?!:;") and _source_uri(index, sj - 1)
        # A lone ">" of the source is a block quote's marker only where it starts a line; elsewhere
        # it is the operator: "x > 5" is "x>5", never "x 5". One of the quote's may be either (a
        # quote of a Markdown page's raw text, its lines run together: "between 0 and > 255").
        markers = ">" in source_sep and _BLOCK_QUOTE_MARKER.search(self.index.source_between(sj)) is not None
        source = between_key(source_sep, left, right, uri=uri, markers=markers)
        quoted_left, quoted_right, quoted_uri = q.words[qi - 1], q.words[qi], q.uri[qi - 1]
        quoted = between_key(quoted_sep, quoted_left, quoted_right, uri=quoted_uri)
        if quoted == source:
            return True
        if (
            ">" in quoted_sep
            and between_key(quoted_sep, quoted_left, quoted_right, uri=quoted_uri, markers=False) == source
        ):
            return True
        if "|" in source_sep and self._table_row(sj):
            # A Markdown table's cells (and rows), copied from a page as a browser shows them: "glioma\tLGG".
            cells = _CELL_BREAK.sub(" ", source_sep)
            if quoted == between_key(cells, left, right, uri=uri):
                return True
        if (
            "," in quoted_sep
            and not (quoted_left[-1:].isdigit() and quoted_right[:1].isdigit())  # digits: never one number
            and any(f"\uff0c{space}{quoted_right}" in q.original for space in ("", " "))
            and between_key(quoted_sep.replace(",", ", "), quoted_left, quoted_right, uri=quoted_uri) == source
        ):
            return True  # the quote's own full-width comma before this word, folded as the source's is below
        if "(" in source_sep or "[" in source_sep:
            # An aside of punctuation only, which the quote leaves out: "period character" for
            # "period ('.') character". Left out without an ellipsis, as an aside of words is: for review.
            bare = _PUNCTUATION_ASIDE.sub("", source_sep)
            if bare != source_sep and quoted == between_key(bare or " ", left, right, uri=uri):
                self.flags.append("omitted_text")
                return True
        if not (source_sep + quoted_sep).isascii():
            # "Intel ® Core" quoted "Intel Core", or the other way round: a sign on one side only.
            signs = SPACED_OWNERSHIP_MARK.findall(source_sep) or SPACED_OWNERSHIP_MARK.findall(quoted_sep)
            unsigned = [SPACED_OWNERSHIP_MARK.sub("", sep) for sep in (quoted_sep, source_sep)]
            if (
                signs
                and (unsigned[0] == quoted_sep or unsigned[1] == source_sep)
                and between_key(unsigned[0], quoted_left, quoted_right, uri=quoted_uri)
                == between_key(unsigned[1], left, right, uri=uri)
            ):
                self.signs.extend(sign.strip() for sign in signs)
                self.flags.append("omitted_text")
                return True
        # NFKC folds a full-width comma (U+FF0C) into "," with no space after it, which between two
        # Latin words reads as content ("3,600"); a full-width comma never is: it is ", ".
        return (
            "," in source_sep
            and quoted == between_key(source_sep.replace(",", ", "), left, right, uri=uri)
            and "\uff0c" in self.index.source_between(sj)
        )

    def _marks_agree(self, i: int, j: int, step: int) -> bool:
        """Whether the separators `_seps_agree` compares hold the same marks, spaces and brackets aside."""
        qi, sj = (i, j) if step > 0 else (i + 1, j + 1)
        return self.q.seps[qi].translate(_SPACES_AND_BRACKETS) == self.index.between(sj).translate(_SPACES_AND_BRACKETS)

    def _table_row(self, position: int) -> bool:
        """Whether the source's line at word ``position`` is a Markdown table's row: ``| a | b |``."""
        index = self.index
        text = index.text
        at = index.folded.to_original(index.starts[position])
        return _TABLE_ROW.match(text, text.rfind("\n", 0, at) + 1) is not None

    def run(self, i: int, j: int, step: int) -> int | None:
        """Align quote words from ``i`` and source words from ``j`` on, towards ``step``.

        Returns:
            The last source position aligned (``j - step`` when there was nothing to align), or
            ``None`` when the words part.
        """
        q, index = self.q, self.index
        n, size = len(q.keys), len(index)
        clean, merging = True, False
        budget = 4 * n + 20
        while 0 <= i < n:
            budget -= 1
            if budget < 0:
                return None
            if not 0 <= j < size:
                # The document ends before the quote does: only the quote's own reference marker may
                # be left ("... does not validate.[1]" at the end of a section).
                past = self._past_marker(i, step)
                if past is None:
                    return None
                i = past
                continue
            quoted, source = q.keys[i], index.key(j)
            glued = _glued_number(source, quoted) if quoted != source else None
            if glued == "digits":
                self.numbered.append(index.words(j, j + 1)[0])  # read as the quoted word, flagged
            elif glued is None and quoted != source and self._numbered_quote(i, j):
                glued = "quoted"  # "RLHF7", "SL-CAI²³": a footnote's number the quote copied, flagged
                self.numbered_quote.append(q.words[i])
            if quoted == source or glued is not None:
                j = self._past_aside(i, j, step)
                if clean and not (self._seps_agree(i, j, step) or (merging and self._marks_agree(i, j, step))):
                    return None
                if (
                    _reads_as_limit(quoted)
                    and _named(index.between(j), index.between(j + 1))
                    and not _named(q.seps[i], q.seps[i + 1])
                ):
                    self.unquoted.append(q.words[i])
                i, j, clean, merging = i + step, j + step, True, False
                continue
            came_clean, clean = clean, False
            if i == (n - 1 if step > 0 else 0) and (source.startswith(quoted) if step > 0 else source.endswith(quoted)):
                # The quote's last (first) word is the start (end) of the source's: a chunk boundary.
                self.partial[step] = index.words(j, j + 1)[0]
                return j
            merged = self._merge(i, j, step)
            # A word read as two ("srcn" for "src[n]") is compared on both sides, by the marks
            # between the words without spaces and brackets: "src[n] > x" is not "src[n] < x", while
            # "a[i]>b[i]" is "a[i] > b[i]" typed tighter.
            if (
                merged is not None
                and came_clean
                and not (self._seps_agree(i, j, step) or self._marks_agree(i, j, step))
            ):
                return None
            moved = merged or self._contracted(i, j, step) or self._glued_aside(i, j, step) or self._skip(i, j, step)
            if moved is None:
                return None
            i, j = moved
            clean = merging = merged is not None
        return j - step

    def _numbered_quote(self, i: int, j: int) -> bool:
        """Whether the quote's word ``i`` is the source's word ``j`` with a footnote's number glued on (``RLHF7``).

        Not where the source's next word is a number (``UTF-8`` quoted as ``UTF8``, which `_merge`
        reads; ``list[1]`` quoted as ``list[2]``, a changed number), nor superscripts on the quote's
        last word, which it appends (`citecheck.matcher._appended`).
        """
        quoted, source = self.q.keys[i], self.index.key(j)
        kind = _glued_number(quoted, source) if len(quoted) > len(source) else None
        if kind is None or (kind == "footnote" and i == len(self.q.keys) - 1):
            return False
        # Superscripts glue to no number after them ("Listagem⁶ 10-14"); digits may ("UTF8").
        return kind == "footnote" or j + 1 >= len(self.index) or not self.index.key(j + 1).isdigit()

    def _past_aside(self, i: int, j: int, step: int) -> int:
        """``j``, or the same word past the source's aside when the quote left the aside out.

        The aside may end (start) with the quote's word too: "protocol (for example, ... the TELNET
        protocol), these" quoted as "protocol, these". Its word only matches the quote's when the
        next word does too; otherwise the word beyond the aside is the quote's.
        """
        q, index = self.q, self.index
        boundary, quoted_sep, brackets = (
            (index.between(j), q.seps[i], "([") if step > 0 else (index.between(j + 1), q.seps[i + 1], ")]")
        )
        if not any(c in boundary for c in brackets) or any(c in quoted_sep for c in brackets):
            return j
        after = i + step
        if not 0 <= after < len(q.keys) or (0 <= j + step < len(index) and index.key(j + step) == q.keys[after]):
            return j
        group = _source_group(index, j, step)
        if group is None:
            return j
        past, marker = group
        beyond = past + step
        if not (0 <= past < len(index) and 0 <= beyond < len(index)):
            return j
        if index.key(past) != q.keys[i] or index.key(beyond) != q.keys[after]:
            return j
        self._aside_left_out(j, past, step, marker=marker)
        return past

    def _past_marker(self, i: int, step: int) -> int | None:
        """Past the reference marker the quote's words from ``i`` on start (end) with, or ``None``."""
        q = self.q
        if step > 0 and i in q.bracket_starting:
            first, end = i, q.bracket_starting[i]
            past = end
        elif step < 0 and i in q.bracket_ending:
            first, end = q.bracket_ending[i], i + 1
            past = first - 1
        else:
            return None
        return past if _reference(q.words[first:end]) or _citation_key(q.seps[first]) else None

    def _merge(self, i: int, j: int, step: int) -> tuple[int, int] | None:
        """One word on one side read as two or three on the other (``AES128``, ``AES-128``, ``easiertobuild``).

        A PDF's text layer may lose the spaces of several words in a row: up to `_MERGED_WORDS`.
        """
        q, index = self.q, self.index
        quoted, source = q.keys[i], index.key(j)
        if _opens(quoted, source, step):
            count = _run_together(quoted, _Side(index.keys, index.words, index.between, len(index)), j, step)
            if count:
                a, b = sorted((j, j + (count - 1) * step))
                words = index.words(a, b + 1)
                if any(
                    _spaced_letters(index.source_between(p), left, right)
                    for p, (left, right) in zip(range(a + 1, b + 1), pairwise(words), strict=True)
                ):
                    self.rejoined.append((q.words[i], " ".join(words)))
                return i + step, j + count * step
            # Quoted whole, both can't hold: `_opens` the other way round needs a longer source word.
            return self._split_by_page(i, j, step)
        if _opens(source, quoted, step):
            side = _Side(lambda a, b: q.keys[a:b], lambda a, b: q.words[a:b], q.seps.__getitem__, len(q.keys))
            count = _run_together(source, side, i, step)
            if count:
                a, b = sorted((i, i + (count - 1) * step))
                self.note_split(a, b, index.words(j, j + 1)[0])
                return i + count * step, j + step
        return None

    def _split_by_page(self, i: int, j: int, step: int) -> tuple[int, int] | None:
        """The quote's word ``i`` where a page break splits the source's with a hyphen, its page's number between.

        ``adminis-``, ``32``, a form feed, ``tered``: folding joins the line-end hyphen to the
        number, so the halves are words ``j`` and the one past the page's line (`furniture_line`).
        The number is set aside as `_skip` sets one aside between two words.
        """
        index = self.index
        past = furniture_line(index, j + step, step) if 0 <= j + step < len(index) else None
        if past is None or not 0 <= past < len(index):
            return None
        first, second = (j, past) if step > 0 else (past, j)
        halves = index.key(first), index.key(second)
        # Not digits on both sides: "10-", a page, "20" is a range, never one number ("GPT-", "4" is GPT4).
        if index.between(first + 1) != "-" or all(map(str.isdigit, halves)) or "".join(halves) != self.q.keys[i]:
            return None
        line = (first + 1, second)
        if second - first == 2 and page_number(index, first + 1):
            self.pages.append(index.key(first + 1))
        else:
            self.furniture.append(join_words(index.words(*line)))
            self.flags.append("omitted_text")
        return i + step, past + step

    def note_split(self, a: int, b: int, source_word: str) -> None:
        """Note the quote's words ``a`` to ``b`` read as the source's one word, when they may be several words.

        As the quote writes them: parted by spaces or a line break, not by a soft hyphen.
        """
        words = self.q.words[a : b + 1]
        spaced = re.search("[ \\t\\n\\r\u00a0\u202f]+".join(map(re.escape, words)), self.q.original)
        if spaced and any(
            _spaced_letters(self.q.seps[p], self.q.words[p - 1], self.q.words[p]) for p in range(a + 1, b + 1)
        ):
            self.rejoined.append((" ".join(words), source_word))

    def _glued_aside(self, i: int, j: int, step: int) -> tuple[int, int] | None:
        """A quote's word that is the source's word with an aside glued inside it left out.

        Korean and Japanese glue a gloss between a word and its particle: "명시를" for the source's
        "명시(type annotation)를". Left out without an ellipsis, as any aside: for review.
        """
        q, index = self.q, self.index
        quoted = q.keys[i]
        if step > 0:
            if not quoted.startswith(index.key(j)) or " " in index.between(j + 1):
                return None
            group = _source_group(index, j + 1, 1)
            if group is None or " " in index.between(group[0]):
                return None
            past = group[0]
            pair = index.key(j) + index.key(past) if past < len(index) else ""
        else:
            if not quoted.endswith(index.key(j)) or " " in index.between(j):
                return None
            group = _source_group(index, j - 1, -1)
            if group is None or " " in index.between(group[0] + 1):
                return None
            past = group[0]
            pair = index.key(past) + index.key(j) if past >= 0 else ""
        if pair != quoted:
            return None
        self.flags.append("omitted_text")
        return i + step, past + step

    def _contracted(self, i: int, j: int, step: int) -> tuple[int, int] | None:
        """A contraction on one side for its two words on the other (``don't``, ``do not``)."""
        q, index = self.q, self.index
        quoted = _spelled_out(q.keys[i], q.words[i])
        source = _spelled_out(index.key(j), index.words(j, j + 1)[0])
        if quoted is not None and source is not None:
            return (i + step, j + step) if quoted == source else None  # "can't" for "cannot"
        if quoted is not None and 0 <= j + step < len(index):
            pair = (index.key(j), index.key(j + step))
            if (pair if step > 0 else pair[::-1]) == quoted:
                return i + step, j + 2 * step
        if source is not None and 0 <= i + step < len(q.keys):
            pair = (q.keys[i], q.keys[i + step])
            if (pair if step > 0 else pair[::-1]) == source:
                return i + 2 * step, j + step
        return None

    def _skip(self, i: int, j: int, step: int) -> tuple[int, int] | None:
        """Set aside what is not the quoted words: list bullets, reference markers, asides."""
        q, index = self.q, self.index
        source_bullet = _bullet(index.key(j), index.between(j), index.between(j + 1))
        # Not the "g." of "e.g.": a bullet stands after a space, not glued to the letter before it.
        # "。2.这一直": an item's mark before a character of Chinese or Japanese; "。2.5倍" is a number.
        cjk = i + 1 < len(q.keys) and is_unspaced(q.keys[i + 1][:1])
        quote_bullet = _bullet(q.keys[i], q.seps[i], q.seps[i + 1], cjk=cjk) and q.seps[i] != "."
        if source_bullet and quote_bullet and "o" not in (index.key(j), q.keys[i]):
            return None  # an item's number or letter changed (step 1 quoted as step 2) is content
        if source_bullet:
            return i, j + step  # an RFC list bullet: o, 1., (a)
        if page_number(index, j):
            self.pages.append(index.key(j))  # a PDF page's number inside the sentence the quote gives
            return i, j + step
        # Words of the source the quote may leave out, for a person to look: a page's furniture, examples.
        for left_out, past_them in ((self.furniture, furniture_line), (self.examples, _examples_aside)):
            past = past_them(index, j, step)
            if past is not None:
                first, end = (j, past) if step > 0 else (past + 1, j + 1)
                left_out.append(join_words(index.words(first, end)))
                self.flags.append("omitted_text")
                return i, past
        if index.between(j) == "" and not index.key(j).strip(SUPERSCRIPT_DIGITS) and index.key(j - 1) not in _CJK_UNITS:
            # A footnote's number glued to the word before ("います¹", "40,000 คน¹"); not a unit's
            # power ("300公里²").
            return i, j + step
        if i > 0 and q.seps[i] == "" and not q.keys[i].strip(SUPERSCRIPT_DIGITS) and q.keys[i - 1] not in _CJK_UNITS:
            self.numbered_quote.append(q.words[i - 1] + q.words[i])  # "購読する⁴": one the quote copied, flagged
            return i + step, j
        if quote_bullet:
            return i + step, j
        if q.brackets:
            # Looked up, not scanned: a quote of thousands of bracketed runs costs one step each.
            if step > 0 and i in q.bracket_starting:
                first, end = i, q.bracket_starting[i]
            elif step < 0 and i in q.bracket_ending:
                first, end = q.bracket_ending[i], i + 1
            else:
                first = end = -1
            if first >= 0:
                if self._sources_own(first, end, j, step):
                    return None  # "b[i]", "[ "#" fragment ]": the source's brackets, its words read as words
                return self._quote_group(first, end, j, step)
        group = _source_group(index, j, step)
        if group is not None:
            past, marker = group
            self._aside_left_out(j, past, step, marker=marker)
            return i, past
        return None

    def _aside_left_out(self, j: int, past: int, step: int, *, marker: bool) -> None:
        """Flag the source's aside from word ``j`` to ``past`` the quote leaves out, unless it only points elsewhere.

        A reference marker (``[RFC3986]``) or a reference in brackets (``(Figure 2)``, ``(see
        Section 4)``, ``(Smith et al., 2020)``) says where to read more: a neutral cut. Any other
        aside may limit what the quote says (``(in adults)``).
        """
        if marker:
            return
        first, last = sorted((j, past - step))
        index = self.index
        # In parentheses, not governed by the words before ("as defined in (RFC 3986)"); numbers in
        # square brackets are a marker or an index of code, which `_marker` tells. Only a figure, a
        # table, a section or an author and year: not "(65 and above)", "(Part B)", "(version 2)".
        opening = index.between(first)
        # The marks after the bracket are the aside's own: the "§" of "(§ 3)".
        text = opening.rpartition("(")[2].lstrip(" \"'") + index.folded.text[index.starts[first] : index.ends[last]]
        pointer = "(" in opening and not _governed(index, first - 1) and _POINTER_ASIDE.fullmatch(text)
        if not pointer:
            self.flags.append("omitted_text")

    def _sources_own(self, first: int, end: int, j: int, step: int) -> bool:
        """Whether the source has the quote's bracketed words ``first`` to ``end`` at ``j``, in brackets too."""
        q, index = self.q, self.index
        start = j if step > 0 else j - (end - first) + 1
        if start < 0 or start + (end - first) > len(index):
            return False
        return index.keys(start, start + end - first) == list(q.keys[first:end]) and bool(
            OPENING_BRACKET.search(index.between(start))
        )

    def _quote_group(self, first: int, end: int, j: int, step: int) -> tuple[int, int] | None:
        """A bracketed run of the quote's own words, set aside.

        A reference marker, a Markdown link's label or an explanation marked as one (``[i.e., ...]``)
        without a flag; any other insertion or stand-in for review; a negation or obligation
        inserted (``[NOT]``) rules the match out.
        """
        q, index = self.q, self.index
        past = end if step > 0 else first - 1
        inside = q.words[first:end]
        key_marker = _citation_key(q.seps[first])
        # A Markdown link's label ("[Appendix B][appendix_b]") is no word of the text either.
        marker = key_marker or _reference(inside) or "][" in q.seps[first] or _editorial(inside)
        if not key_marker and _other_reference(inside, index, j, step):
            return None  # [RFC3988] where the source cites [RFC3986]: a changed number, not a marker set aside
        if _inverting(inside):
            self.inserted.append(" ".join(inside))
        elif not marker and not _explaining(inside):
            # Words the quote puts in brackets are its own, not the source's: a clarification
            # ("[the requested access]") or a change ("[optionally]", "[The client]" for the source's
            # "The authorization server", "[nur]"), which no list tells apart. A person looks. One
            # marked as the quoter's explanation ("[i.e., the token]") says it is not the source's.
            self.flags.append("substituted_words")
        if not 0 <= past < len(q.keys):
            return past, j  # at the quote's end: flagged above, a stand-in or not ("[The client]" for "It")
        if q.keys[past] == index.key(j) or (marker and past in (q.bracket_starting if step > 0 else q.bracket_ending)):
            return past, j  # the next word is the source's, or the next marker of a run ("[2][3]")
        if key_marker and 0 <= j < len(index):
            # A citation key where the source shows the marker it renders as ("[12]"): the same reference.
            group = _source_group(index, j, step)
            if group is not None and group[1]:
                return past, group[0]
        for skipped in range(1, 4):
            jj = j + skipped * step
            if not 0 <= jj < len(index):
                break  # the document ends before the quote's next word: nothing it can stand for
            stood_for = index.keys(min(j, jj), max(j, jj))
            if q.keys[past] == index.key(jj) and all(w in _PRONOUNS or w in ("the", "a", "an") for w in stood_for):
                self.flags.append("substituted_words")
                return past, jj
        return None


class LooseTier:
    """``loose``: the same words, with typographic differences aside.

    Case, quote marks, emphasis, sentence punctuation, a hyphen or dash between words (or none:
    ``AES-128``, ``AES 128``, ``AES128``), ``i.e.`` for ``ie``, list bullets and bracketed
    reference markers do not matter. Punctuation that is content does: a sign, a delimiter in
    quotation marks, a URI's or an address's punctuation. A parenthetical the quote leaves out
    without an ellipsis is flagged ``omitted_text``; a bracketed stand-in for the source's words
    ``substituted_words``.
    """

    name: str = "loose"
    cookbook: bool = False
    single_section: bool = False

    def find(self, prepared: PreparedQuote, index: WordIndex) -> list[TierHit]:
        keys = prepared.keys
        if not keys or prepared.word_count > MAX_TOLERANT_WORDS:
            return []
        # The rarest word anchors the walk; when it leads nowhere (it is also the word of a
        # reference list, or one half of a compound the source closes up), the next rarest does.
        anchors = self._anchors(prepared, index)
        # A word's turn tries each of its places in the quote: a word quoted twice ("Dick Hardt",
        # closed up as the page's "dickhardt.org") takes one of the few turns (`_ANCHORS`).
        turns: set[str] = set()
        for q_first, q_end, postings, half in anchors:
            word = "".join(keys[q_first:q_end])
            if len(turns) == _ANCHORS and word not in turns:
                break
            # A later anchor is tried only while it is rare too: a common word costs many walks.
            if len(postings) > max(_RARE, 4 * len(anchors[0][2])):
                break
            hits = self._walks(prepared, index, q_first, q_end, postings)
            if hits or len(anchors[0][2]) > _RARE:
                return hits
            # Half of a word a line end hyphenated ("pass-" and "words" of "passwords") may be rarer
            # than the word, and another word where the document has it: it takes no anchor's turn.
            if not half:
                turns.add(word)
        return []

    @staticmethod
    def _walks(
        prepared: PreparedQuote, index: WordIndex, q_first: int, q_end: int, postings: Sequence[int]
    ) -> list[TierHit]:
        keys = prepared.keys
        hits: list[TierHit] = []
        rejected: TierHit | None = None
        for p in postings[:_MAX_POSTINGS]:
            walk = _Walk(prepared, index)
            if q_end - q_first == 2:
                walk.note_split(q_first, q_first + 1, index.words(p, p + 1)[0])  # the anchor is one such pair
            last = walk.run(q_end, p + 1, 1)
            first = walk.run(q_first - 1, p - 1, -1) if last is not None else None
            if last is None or first is None:
                continue
            first = first if q_first > 0 else p
            last = last if q_end < len(keys) else p
            left = index.words(first, first + 1)[0]
            right = index.words(last, last + 1)[0]
            cut_start, cut_end = walk.partial.get(-1), walk.partial.get(1)
            if cut_start is None and not _leads_agree(prepared, index, first, left):
                continue
            quoted_end = trail_key(prepared.seps[-1], prepared.words[-1], uri=prepared.uri[-1])
            indexed: str | None = None  # the numbers in brackets glued to the last word, left out
            if cut_end is None and quoted_end != trail_key(index.after_word(last), right, uri=_source_uri(index, last)):
                bracket = index.after_bracket(last)
                # Not for a quote that glues numbers in brackets of its own there (``buf[1]`` for
                # ``buf[0]``); an answer's spaced citation (``buf [7].``) is no index.
                if (
                    bracket is None
                    or _GLUED_BRACKET_AT_END.search(prepared.original)
                    or quoted_end != trail_key(bracket[1], right, uri=_source_uri(index, last))
                ):
                    continue
                start_of, end_of = index.folded.span_to_original(index.starts[last], bracket[0])
                indexed = index.text[start_of:end_of]  # "E = mc2[4]": a footnote's marker, or an index of code
            start, end = index.word_span(first, last)
            notes: list[str] = []
            if cut_start is not None:
                start, note = _cut(start, cut_start, prepared.words[0], at_start=True)
                notes.append(note)
            if cut_end is not None:
                end, note = _cut(end, cut_end, prepared.words[-1], at_start=False)
                notes.append(note)
            around = (max(first - _AROUND, 0), last + 1 + _AROUND)
            if (
                cut_start is not None
                and (
                    (_closed(prepared.seps[0]) and not _elided(cut_start, prepared.words[0]))
                    or _meaningful_cut(index, prepared, cut_start, around, at_start=True)
                )
            ) or (
                cut_end is not None
                and (_closed(prepared.seps[-1]) or _meaningful_cut(index, prepared, cut_end, around, at_start=False))
            ):
                walk.flags.append("omitted_text")
            if walk.inserted:
                # The source's words, plus an inserted [NOT] or [MUST]: only the closest text.
                added = tuple(WordDiff(kind="added", quote=w, source="", changes_meaning=True) for w in walk.inserted)
                reason = "lacks the bracketed words the quote adds, which change its meaning: " + "; ".join(
                    repr(w) for w in walk.inserted
                )
                rejected = rejected or TierHit(start, end, "loose", differences=added, rejected=reason)
                continue
            if walk.unquoted:
                walk.flags.append("variant_form")
                notes.append(
                    "the source names "
                    + ", ".join(f'"{w}"' for w in dict.fromkeys(walk.unquoted))
                    + " in quotation marks, which the quote leaves out, so the name reads as a negation, a "
                    "quantifier or a keyword"
                )
            if walk.pages:
                notes.append(f"the PDF's page number {', '.join(map(repr, walk.pages))} inside the sentence set aside")
            if walk.examples:
                notes.append(f"left out an aside of examples: {', '.join(map(repr, walk.examples))}")
            if walk.signs:
                notes.append(
                    f"{', '.join(map(repr, dict.fromkeys(walk.signs)))} on one side only: a name's trade mark sign, "
                    "or a sign the text is about"
                )
            if walk.furniture:
                notes.append(
                    f"the source's line {', '.join(map(repr, walk.furniture))} inside the sentence set aside: "
                    "a page's header, footer or number, or words the quote leaves out"
                )
            if indexed is not None:
                walk.flags.append("omitted_text")
                notes.append(
                    f"the source writes {indexed!r}, which the quote stops before: an index of code, which the "
                    "quote leaves out, or a footnote's marker"
                )
            if walk.numbered:
                walk.flags.append("variant_form")
                notes.append(
                    f"the source writes {', '.join(map(repr, dict.fromkeys(walk.numbered)))} with a number glued on, "
                    "which the quote leaves out: a footnote's number, as a PDF's text layer writes one, or part of "
                    "the word"
                )
            if walk.numbered_quote:
                walk.flags.append("variant_form")
                notes.append(
                    f"the quote writes {', '.join(map(repr, dict.fromkeys(walk.numbered_quote)))} with a number "
                    "glued on, which the source's word lacks: a footnote's number copied from a PDF, or part of "
                    "the word"
                )
            if walk.rejoined:
                walk.flags.append("variant_form")
                notes += [
                    f"{quoted!r} for the source's {source!r}: words joined or split, which may make another word"
                    for quoted, source in dict.fromkeys(walk.rejoined)
                ]
            hits.append(TierHit(start, end, "loose", flags=tuple(dict.fromkeys(walk.flags)), notes=tuple(notes)))
        return hits if hits or rejected is None else [rejected]

    @staticmethod
    def _anchors(prepared: PreparedQuote, index: WordIndex) -> list[tuple[int, int, Sequence[int], bool]]:
        """The quote's words (or pairs the document closes up) that are in the document, rarest first.

        Each with whether it is half of a hyphenated pair the document closes up. Words in brackets
        are not anchors: they are the quote's own, as often as not.
        """
        keys = prepared.keys
        bracketed = {i for first, end in prepared.brackets for i in range(first, end)}
        found: list[tuple[int, int, Sequence[int]]] = []
        halves: set[int] = set()
        for i, word_key in enumerate(keys):
            if i in bracketed:
                continue
            if word_key in index.id_of:
                found.append((i, i + 1, index.positions(word_key)))
            closed = word_key + keys[i + 1] if i + 1 < len(keys) else ""
            if closed in index.id_of and _mergeable(prepared.seps[i + 1], prepared.words[i], prepared.words[i + 1]):
                found.append((i, i + 2, index.positions(closed)))
                if prepared.seps[i + 1] == "-":
                    halves.update((i, i + 1))
        anchors = [(first, end, postings, end - first == 1 and first in halves) for first, end, postings in found]
        return sorted(anchors, key=lambda anchor: len(anchor[2]))


def _cut(offset: int, source_word: str, quoted_word: str, *, at_start: bool) -> tuple[int, str]:
    """Where a quote cut mid-word starts (ends) in the folded text, and a note naming the cut."""
    kept = len(quoted_word) if source_word.casefold()[-len(quoted_word) :] == quoted_word.casefold() else 0
    if at_start:
        cut = source_word[: len(source_word) - kept] if kept else ""
        return (offset + len(source_word) - kept if kept else offset), (
            f"the quote starts mid-word: {quoted_word!r} of the source's {source_word!r}"
            + (f", leaving out {cut!r}" if cut else "")
        )
    kept = len(quoted_word) if source_word.casefold().startswith(quoted_word.casefold()) else 0
    cut = source_word[kept:] if kept else ""
    return (offset - len(source_word) + kept if kept else offset), (
        f"the quote ends mid-word: {quoted_word!r} of the source's {source_word!r}"
        + (f", leaving out {cut!r}" if cut else "")
    )


_LEAST_WORD_CUT = 2  # letters: a single one ("i" of "information") is no word cut off
_AROUND = 10  # words on either side of a quote's match whose language tells the word list of a cut
_LEAST_DICTIONARY_WORD = 3  # letters: "re", "en", "co" are as often a piece of a word as a word
_VERY_COMMON = 3_000  # the commonest words of a language: a piece that is one reads as that word
# Prefixes that negate or reverse the word they start, of the languages the matcher reads (English,
# French, Portuguese, Spanish, German, Russian), and suffixes that do so at its end ("harmless").
_NEGATING_CUTS = frozenset(NEGATING_PREFIXES) | (
    {"anti", "mis", "des", "dés", "mal", "ent", "miss", "contra", "counter", "ab", "nirgend"}
    | {"не", "без", "бес", "анти"}  # noqa: RUF001  # Cyrillic, as Russian writes it
)
_NEGATING_ENDS = frozenset({"less", "los", "lose", "losen", "loser", "frei", "free"})


# What an aside says where to read more with: a figure, a table, a section, an equation (in the
# languages of the lexicon), one or several ("Figures 2 and 3", "Fig. 2A-C"), or an author and year
# ("Smith et al., 2020", "de Vries & Jones 2019, p. 5"); a label holds a digit or is one capital.
_LABEL = r"(?:[A-Z]{0,2}\d+(?:\.\d+)*[A-Za-z]?|[A-Z]|[IVX]+(?:\.[A-Z])?)"
_LABELS = rf"{_LABEL}(?:\s*(?:[-,]|and|&)\s*(?:{_LABEL}|[a-z]\b))*"
_PLACE = (
    r"(?i:(?:see|cf\.?|siehe|voir|ver|vea)\s+)?(?i:suppl(?:ementary|\.)?\s+)?"
    r"(?i:fig(?:ure|s?\.)?s?|tab(?:les?|\.)|sec(?:tions?|t?\.)|appendi(?:x|ces)|annex(?:es)?|chapters?|box(?:es)?"
    r"|eq(?:uations?|s?\.)|abbildung|abb\.|tabelle|abschnitt|kapitel|tableau|chapitre|figura|tabela|tabla"
    r"|se\u00e7\u00e3o|secci\u00f3n|cap\u00edtulo|\u00a7+|\u00b6)\s*" + _LABELS
)
_NAME = r"(?:(?:van|von|de|der|den|da|di|du|le|la)\s+)*[A-Z][a-z\u00e0-\u00ff'-]+"
_AUTHOR_YEAR = (
    rf"{_NAME}(?:\s+et\s+al\.?|\s+(?:and|&)\s+{_NAME})?,?\s+\d{{4}}[a-z]?(?:,\s*\d{{4}}[a-z]?)*"
    r"(?:,\s*pp?\.\s*\d+(?:-\d+)?)?"
)
_POINTER_ASIDE = re.compile(rf"(?:{_PLACE}|{_AUTHOR_YEAR})(?:\s*[,;]\s*(?:{_PLACE}|{_AUTHOR_YEAR}))*")
# Numbers in brackets glued to a quote's last word, before its closing marks: ``buf[1].``.
_GLUED_BRACKET_AT_END = re.compile(r"[^\s\[\]](?:\[\d{1,3}\])+[^\w\[\]]*$")


def _closed(sep: str) -> bool:
    """Whether the quote marks its first (last) word whole with what stands before (after) it: ``re.``, `` `str`。``.

    A chunk's boundary cuts a word with nothing after it; a stop, a bracket or a quotation mark the
    quote writes there says the word ends, so the word is another than the source's. Not an
    ellipsis, which says the quote leaves something out, nor a hyphen or dash (``configur-``),
    which says the word goes on.
    """
    marks = sep.strip()
    return bool(marks) and not marks.startswith("-") and not any(e in marks for e in ("...", "\u2026", "\u22ef"))


def _elided(source_word: str, quoted_word: str) -> bool:
    """Whether the quote starts after the source's elided article: ``utilisateur`` of ``L'utilisateur``, ``dell'``.

    Not a name's ``O'`` (``Neil`` of ``O'Neil`` is another name).
    """
    cut = source_word[: len(source_word) - len(quoted_word)]
    return cut[-1:] in ("'", "\u2019") and cut[:-1].lower() in _ELISIONS


# French and Italian words that elide before a vowel.
_ELISIONS = frozenset({"l", "d", "j", "m", "n", "s", "t", "c", "qu", "lorsqu", "puisqu", "jusqu", "quoiqu"})
_ELISIONS |= {"dell", "all", "nell", "dall", "sull", "un", "quell", "quest", "po"}


def _meaningful_cut(
    index: WordIndex, prepared: PreparedQuote, source_word: str, around: tuple[int, int], *, at_start: bool
) -> bool:
    """Whether cutting the source's word where the quote starts (``at_start``) or ends may change what it says.

    A negating prefix cut off (``able`` of ``unable``), a number cut (``00`` of ``100``), a
    contraction's ``n't`` or a word that changes the meaning cut short (``MUST`` of ``MUSTN'T``);
    or a word split in two words, either a word of its own as the document writes one elsewhere:
    what is left (``harm`` of ``harmless``, ``when`` of ``whenever``, ``normal`` of ``abnormal``,
    ``prompt`` of ``prompts``) or what is cut off (``regard`` of ``regardless``, ``up`` of
    ``upon``). What is left may also be one of the language's common words the document happens
    not to write (``now`` of ``nowhere`` on a short page: `is_common_word`, in the language of
    the source's words ``around``, positions from and to). A chunk's boundary leaves a piece of a
    word no one writes (``nformation``, ``endp``).
    """
    quoted_word = prepared.words[0] if at_start else prepared.words[-1]
    lowered, quoted = source_word.lower(), quoted_word.lower()
    if any(c.isdigit() for c in source_word) or is_meaning_word(source_word) or is_meaning_word(quoted_word):
        return True  # "never" of "nevertheless", "not" of "notable": a negation the source does not write
    if is_unspaced(quoted_word):
        return False  # every character of Chinese, Japanese or Thai is a word of the index: no telling
    cut = lowered[: len(lowered) - len(quoted)] if at_start else lowered[len(quoted) :]
    if key(quoted_word) in index.id_of or (len(cut) >= _LEAST_WORD_CUT and key(cut) in index.id_of):
        return True
    if len(quoted) >= _LEAST_DICTIONARY_WORD:
        # A chunk's boundary leaves pieces that are words too ("con", "date" of "update"): a very
        # common word ("now" of "nowhere", "все" of "всегда"), or two words ("out" and "side").
        context = index.keys(*around)
        if is_common_word(quoted_word, context, top=_VERY_COMMON) or (
            len(cut) >= _LEAST_DICTIONARY_WORD and is_common_word(quoted_word, context) and is_common_word(cut, context)
        ):
            return True
    if at_start:
        return cut in _NEGATING_CUTS
    if cut in _NEGATING_ENDS:
        return True
    # "must" of "mustn't", "do" of "don't": the negation is what is cut off.
    return "'" in source_word and _spelled_out(key(source_word), source_word) is not None
