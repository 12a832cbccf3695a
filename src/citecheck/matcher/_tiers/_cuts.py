"""What a cut leaves out of a quote, and whether that can change what the quote says.

A quote that is one clause of a longer sentence is how people and models quote. Such a cut is
flagged by what it leaves out, judged with the word classes of `citecheck.matcher._lexicon` in
every language they list:

- before the quote (`lead_limit`): a condition or exception (``If the client is public,``), a
  distancing frame (``Some argue that``), a negation or a restrictive quantifier in the clause the
  quote goes on (``Not all``, ``Only``), a modal or hedge right before it (``MUST``, ``often``), a
  hedge opening the sentence (``Typically,``);
- after the quote (`trail_limit`): a contrast (``, but ...``), a condition, an exception, a
  negation, a restrictive quantifier or a hedge in the clause the quote ends inside, a quantity
  right after it;
- inside an ellipsis (`gap_limit`): any of those; other words are for review unless they are
  shown harmless (`harmless`), since a gap may splice two sentences.

Neutral, so not flagged: a leading discourse marker (``For example,``, ``In practice,``), an
independent clause joined by ``, and`` or ``;``, a list of examples, a reference, a verbless aside.
A leading or trailing ellipsis is a cut like any other: it changes the flag's name, not the test.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate, compress
from typing import Generic, TypeVar, overload

from citecheck.matcher._appended import cites, doubt
from citecheck.matcher._lexicon import (
    ADDITIVES_BY_LANGUAGE,
    AS_BY_LANGUAGE,
    CHAINED_MEANS_BY_LANGUAGE,
    CHAINED_MOODS_BY_LANGUAGE,
    CHAINING_ENDINGS_BY_LANGUAGE,
    CLAUSE_WORDS_BY_LANGUAGE,
    CONDITIONS_BY_LANGUAGE,
    CUT_CLASSES,
    DENIAL_LABELS,
    DENIALS_BY_LANGUAGE,
    DENYING_ADVERBS_BY_LANGUAGE,
    DENYING_PREDICATES_BY_LANGUAGE,
    DISTANCING_BY_LANGUAGE,
    EARLIER_BY_LANGUAGE,
    EXCEPTIONS_BY_LANGUAGE,
    FINAL_MOODS_BY_LANGUAGE,
    GERMAN_ADJECTIVE_ENDINGS,
    GERMAN_CLAUSE_END_WORDS,
    GERMAN_CLAUSE_OPENERS,
    GERMAN_COMPARING,
    GERMAN_DETERMINERS,
    GERMAN_INFINITIVE_OPENERS,
    GERMAN_JOINS,
    GERMAN_NOUN_PHRASE_WORDS,
    GERMAN_SUBORDINATORS,
    INVERTED_CONDITIONS_BY_LANGUAGE,
    INVERTED_SUBJECTS_BY_LANGUAGE,
    JA_CONDITIONAL_TO_AFTER,
    MODALS,
    MODALS_BY_LANGUAGE,
    NEGATED_FRAME_VERBS_BY_LANGUAGE,
    NEGATING_NOTHING,
    NEGATIONS,
    NEGATIONS_BY_LANGUAGE,
    NORMATIVE_KEYWORDS,
    NOT_CHAINING_BY_LANGUAGE,
    NOT_NEGATIONS_BY_LANGUAGE,
    NOT_WHEN_BEFORE_SHI,
    REASONS_BY_LANGUAGE,
    RESTRICTIVE_WORDS,
    SAYING_VERBS_BY_LANGUAGE,
    SCOPE_OPENERS_BY_LANGUAGE,
    SELF_REFERENCES_BY_LANGUAGE,
    SPACED_LANGUAGES,
    cut_marks,
    denies_heading,
    ends_reason,
    ends_with_example_marker,
    frame_follows,
    function_word_languages,
    inverts,
    is_meaning_word,
    limits,
    may_be_unread,
    not_negations_in,
    opens_reason,
    opens_result,
    phrase_forms,
    phrase_words,
    points_forward,
    told_by_own_words,
    told_language,
    unread_language,
    unspaced_meaning_marks,
)
from citecheck.matcher._normalize import normalize_folded
from citecheck.matcher._tiers._base import _MAX_GAP_WORDS, OPENING_BRACKET, _negated, _sentence_break, _word_at
from citecheck.matcher._tokens import UNSPACED_CHAR, has_kana
from citecheck.matcher.tiering import UNSPACED_CHARACTERS_PER_WORD, WORD, PreparedQuote, WordIndex, key

__all__ = [
    "Cut",
    "additive_at",
    "colon_condition",
    "colon_lead",
    "denying_heading",
    "describe",
    "frame_in",
    "gap_limit",
    "harmless",
    "item_renumbered",
    "lead_cut",
    "lead_limit",
    "list_lead_in",
    "negates_list",
    "numbered_reference",
    "or_not",
    "phrase_after_stop",
    "phrase_before_stop",
    "prefix_only",
    "reference",
    "result_lead",
    "shown",
    "source_item",
    "trail_cut",
    "trail_limit",
]


def _single_words(*by_language: dict[str, frozenset[str]]) -> frozenset[str]:
    return frozenset(w for lists in by_language for words in lists.values() for w in words if " " not in w)


_MODAL_WORDS = frozenset(NORMATIVE_KEYWORDS | MODALS).union(*MODALS_BY_LANGUAGE.values())
# Words that make a clause of an aside (so it may say something of its own): auxiliaries and
# relative words, with every language's negations, modals, conditions and exceptions.
_CLAUSE_WORDS = (
    _single_words(CLAUSE_WORDS_BY_LANGUAGE, NEGATIONS_BY_LANGUAGE, CONDITIONS_BY_LANGUAGE, EXCEPTIONS_BY_LANGUAGE)
    | _MODAL_WORDS
)

# A phrase that only points elsewhere: "as specified in Section 15.12", "see [RFC3986]".
_POINTERS = frozenset(
    {"specified", "defined", "described", "discussed", "noted", "shown", "given", "stated", "explained"}
    | {"detailed", "listed", "outlined", "documented", "registered"}
)
_PLACES = frozenset(
    {"section", "sections", "appendix", "annex", "figure", "fig", "table", "chapter", "part", "page", "pp"}
    | {"rfc", "see", "also", "and", "eq", "equation", "step", "steps", "item", "items", "paragraph", "clause"}
    | {"article", "line", "lines", "version", "below", "above"}  # "(see below)"
    | {"figures", "tables", "chapters", "appendices", "pages", "parts", "paragraphs", "equations"}
)
_ARTICLES = frozenset({"the", "a", "an", "and", "le", "la", "les", "l", "un", "une", "o", "os", "as", "um", "uma"})
_ARTICLES |= {"der", "die", "das", "ein", "eine", "und", "et", "e", "el", "los", "las", "y"}

# Words a modal may stand behind and still govern the words after them: "MUST also be [sent]".
_BETWEEN_MODAL = frozenset({"be", "been", "have", "also", "then", "still", "always", "first", "both", "either"})
_BETWEEN_MODAL |= {"être", "ser", "sein", "werden", "auch", "aussi", "também", "también"}
# Conditions that are as often another word: "se" is Portuguese's reflexive pronoun, "si" French
# and Spanish "so" or "yes". They open a condition only at the start of a clause.
# Chinese "after": a condition only where it closes its clause, before a comma ("账户验证之后" and a comma).
_AFTER_CLOSING = frozenset({"之后", "之後", "以后", "以後"})
_CLAUSE_OPENING_ONLY = frozenset({"se", "si", "once", "until", "then", "caso", "cuando", "quando"})
# Time words limit as conditions do ("[MUST NOT be used] after it expires"), but only opening a
# clause: inside one they are as often a place in a sequence ("on or after which").
_CLAUSE_OPENING_ONLY |= {"before", "after", "avant", "après", "antes", "depois", "bevor", "nachdem", "después"}
_CLAUSE_OPENING_ONLY |= {"после", "upon"}
# German "laut" ("according to") is also "loud" ("ist laut"), Russian "при" ("if", "upon") also "with",
# "during" inside a phrase ("создаётся при запуске"): a frame or a condition only opening a clause.
_CLAUSE_OPENING_ONLY |= {"laut", "при"}
# German "während" contrasts ("whereas") opening a clause, and is "during" inside one.
_CLAUSE_OPENING_ONLY |= {"während"}
# "save" is an exception only set off ("..., save in legacy mode"), a verb elsewhere ("save in a file").
_CLAUSE_OPENING_ONLY |= {"save"}
# "while" and Russian "a" contrast only opening a clause ("..., while another ..."); "当" is "when" only
# opening a sentence or a clause, and part of many words ("相当", "当前") otherwise.
_CLAUSE_OPENING_ONLY |= {"while", "\u0430", "当", "當"}
# Chinese "随着" ("as [the load increases]") governs the clause it opens; inside one it belongs to
# its verb ("并且它的大小还可能随着程序运行而改变", "and its size may change as the program runs").
_CLAUSE_OPENING_ONLY |= {"随", "隨"}
# Chinese "when": 当 and the 时 or 后 that closes its clause, inside a sentence too ("之前我们提到过当变量
# 离开作用域后"); not a word 当 starts (当然, 当前, 当时 "at that time") or ends (相当, 应当, 上当 "be fooled").
_WHEN_CLAUSE = re.compile(
    "[当當](?![然前中地初年天代局作做成场場即面下今日晚选選心时時事])"
    "(?=.{1,25}?(?:的时候|的時候|之后|之後|以后|以後|时|時|后|後))"
)
_WHEN_ENDS = frozenset("相应應适適正恰妥充担擔便典勾停得不失上")
_WHEN_REACH = 30  # characters: the 当 clause and its close


def _when_clause(lowered: Sequence[str], at: int, before: str) -> bool:
    """Whether the 当 at word ``at`` opens a "when" clause its 时 or 后 closes (`_WHEN_CLAUSE`)."""
    return (
        lowered[at] in ("当", "當")
        and before[-1:] not in _WHEN_ENDS
        and _WHEN_CLAUSE.match("".join(lowered[at : at + _WHEN_REACH])) is not None
    )


_ASKING = frozenset({"see", "check", "checks", "determine", "determines", "know", "ask", "asks", "test", "verify"})
_ARTICLES_EN = frozenset({"a", "an", "the"})
_NOT_YET = frozenset({"have", "has", "had", "is", "are", "was", "were", "be", "not", "as"})
# "when" or "if" joined by "and"/"or" to a question word a few words before asks, as it does:
# "define which claims they use and when they are required" names no condition.
_ASKED = frozenset({"when", "if"})
_WH = frozenset({"which", "what", "how", "who", "whom", "where", "why", "whether"})
# An aside one of these opens says something of its own words: a relative clause, a conjunct.
_OWN_ASIDE_OPENERS = _WH | {"that", "whose", "those", "and", "or"}
_ASKED_REACH = 8  # words
_COORDINATORS = frozenset({"or", "and", "nor", "ou", "e", "et", "oder", "und", "o", "y", "или", "и"})
# A limit before a quote governs it through the article of the noun the quote starts with: "Talvez o
# [servidor rejeite]", "often the [server fails]" (a quote's leading "o" is set aside as an RFC bullet).
# Portuguese "o" is an article; the other coordinators are not.
_THROUGH = _BETWEEN_MODAL | (_ARTICLES - _COORDINATORS) | {"o"}
_COPULAS = frozenset({"is", "are", "be", "been", "being", "was", "were", "remain", "remains", "become", "becomes"})
# Negating prefixes written as a word before a hyphen ("non-integer", "non-normative").
_PREFIXES = frozenset({"non", "un", "in", "anti", "dis"})
_HYPHENS = frozenset("-\u2010\u2011")
# Where a clause ends inside a cut: a semicolon, or a comma before a joiner or a contrast ("..., and", "..., but").
_SEMICOLON = re.compile(r"[;\uff1b]")
_COMMA = re.compile(r"[,\uff0c\u3001]")
# Verb-final languages put the modal after the verb: "[検証し]なければならない", "[확인해]야 한다".
_VERB_FINAL_MODALS = MODALS_BY_LANGUAGE["ja"] | MODALS_BY_LANGUAGE["ko"]

# Between two words, a sentence ends at a stop followed by a space ("4.2" is a number, not two
# sentences); CJK stops need no space.
_CUT = re.compile(r"[.?!:;\u3002\uff01\uff1f][\"')\]\u300d]* |[\u3002\uff01\uff1f]")
# A CJK stop ends its sentence whatever follows it, a lower-case Latin word included ("。if 式の後").
_CJK_STOP = re.compile(r"[\u3002\uff01\uff1f\uff61]")
# A stop NFKC folded from a full-width one (no space after it), with closing marks around it.
_FOLDED_STOP = re.compile(r"[\"')\]\u300d\u300f]*[.?!:;][\"')\]\u300d\u300f\u300c\u300e(]*")
# A line that opens a list item: an RFC's "o", a dash, a star or a bullet, a number or a letter.
_BULLET_LINE = re.compile(
    r"[ \t]*(?:[-*\u2022\u2013]|o|\d{1,2}[.)\uff0e\uff09]|[(\uff08][A-Za-z0-9\uff10-\uff19]{1,3}[)\uff09])[ \t]"
)
_SHORT_LINE = 40  # characters: a line this short before a capitalised word is a heading or a term
_NEAR = 1  # words: a modal, hedge or quantifier this close to the quote governs it
_NEAR_UNSPACED = 4  # characters of Chinese, Japanese or Thai: a word is one to three of them
_NT = ("n't", "n\u2019t")
_LIST_ITEM_WORDS = 5  # words: an item of a list of examples is a name, not a clause
_CONTEXT = 30  # words on either side of a cut that tell the language it is in


_T = TypeVar("_T")
_NOT_NEGATION_WORDS = frozenset().union(*NOT_NEGATIONS_BY_LANGUAGE.values())


class _once(Generic[_T]):  # named as the decorator it is
    """`functools.cached_property` without its lock: a cut is read by one thread, and most are read once."""

    def __init__(self, compute: Callable[[Cut], _T]) -> None:
        self.compute = compute
        self.name = compute.__name__

    @overload
    def __get__(self, cut: None, owner: type[Cut] | None = None) -> _once[_T]: ...
    @overload
    def __get__(self, cut: Cut, owner: type[Cut] | None = None) -> _T: ...
    def __get__(self, cut: Cut | None, owner: type[Cut] | None = None) -> _T | _once[_T]:
        if cut is None:
            return self
        # Kept in the instance's dictionary, which attribute lookup reads first from then on.
        value = cut.__dict__[self.name] = self.compute(cut)
        return value


class Cut:
    """Words a quote leaves out, with the separators around them, as the index has them."""

    __slots__ = ("__dict__", "_index", "_words", "first", "last")

    def __init__(self, index: WordIndex, first: int, last: int) -> None:
        self.first, self.last = first, last
        self._index = index
        # Whether `words` has any: the positions are clamped to the index as `WordIndex.words` does.
        self._words = max(first, 0) < min(last + 1, len(index))

    def __bool__(self) -> bool:
        return self._words

    # Read only when a cut is looked at closely: most cuts are told neutral without them (`_may_limit`).
    @_once
    def words(self) -> list[str]:
        return self._index.words(self.first, self.last + 1)

    @_once
    def before(self) -> str:
        return self._index.between(self.first) if self.first <= self.last else ""

    @_once
    def after(self) -> str:
        return self._index.between(self.last + 1) if self.first <= self.last else ""

    @_once
    def opens(self) -> str:
        """What stands right before the words back to a space: the marks that open them (``(``, ``["``)."""
        return self.before.rsplit(" ", 1)[-1] if self.before else ""

    @_once
    def closes(self) -> str:
        """What stands right after the words up to a space: the marks that close them (``),``)."""
        return self.after.split(" ", 1)[0] if self.after else ""

    @_once
    def text(self) -> str:
        index = self._index
        return index.folded.text[index.starts[self.first] : index.ends[self.last]] if self.first <= self.last else ""

    @_once
    def lowered(self) -> list[str]:
        words = self.words
        joined = "\0".join(words)  # no word holds a NUL
        if words and joined.isascii():
            return joined.lower().split("\0")  # at once, in C
        return [w.lower() for w in words]

    @_once
    def seps(self) -> list[str]:
        """What stands before each word (the first's is `before`), then after the last."""
        if not self.words:
            return [""]
        index = self._index
        first, end = self.first, self.last + 2
        if first < 1 or end > len(index):
            return [index.between(p) for p in range(first, end)]
        # Inside the text every separator is the folded text between two words (`WordIndex.between`).
        text, starts, ends = index.folded.text, index.starts, index.ends
        return [text[ends[p - 1] : starts[p]] for p in range(first, end)]

    @_once
    def scan(self) -> _Scan:
        previous = self._index.key(self.first - 1) if self.first > 0 else ""
        # Portuguese "no" ("in the") in a Portuguese text.
        not_negations = (
            not_negations_in(self.language) if not _NOT_NEGATION_WORDS.isdisjoint(self.lowered) else frozenset()
        )
        return _Scan.of(
            self.words, self.lowered, self.seps, self.language, previous, self.hyphens, not_negations, self._around
        )

    def _around(self) -> tuple[str, str]:
        """The keys of up to two words right before the cut and two right after, joined (`unspaced_meaning_marks`).

        Only words written together with the cut's, as the characters of one word are: not across
        a mark or a space (the "まず" that opens a sentence after "定義。" is "first", no negation).
        """
        index, first, last = self._index, max(self.first, 0), self.last
        low = first
        while low > max(first - 2, 0) and not index.between(low):
            low -= 1
        high = last + 1
        while high < min(last + 3, len(index)) and not index.between(high):
            high += 1
        return "".join(index.keys(low, first)), "".join(index.keys(last + 1, high))

    @_once
    def hyphens(self) -> frozenset[int]:
        """Where a hyphen of the source joins two words (``if-else``), by the position of its separator in `seps`.

        The folded text writes every dash as ``-``: only the source's own characters tell a
        compound from a dash that sets off an aside (``type—often a string—``).
        """
        seps = self.seps
        if "-" not in seps:
            return frozenset()
        index, first = self._index, self.first
        text, folded, starts = index.text, index.folded, index.starts
        return frozenset(
            p
            for p, sep in enumerate(seps)
            if sep == "-" and 0 < first + p < len(index) and text[folded.to_original(starts[first + p] - 1)] in _HYPHENS
        )

    @_once
    def language(self) -> str | None:
        """The spaced language of the text around the cut, when its commonest words tell it.

        `citecheck.matcher._lexicon.spaced_language` of the words `_CONTEXT` on either side, counted
        from what the index keeps of each word (`_Marks.language`).
        """
        index = self._index
        return _marks(index).language(max(0, self.first - _CONTEXT), min(len(index), self.last + 1 + _CONTEXT))


@dataclass(frozen=True)
class _Scan:
    """The classes of words a cut holds, by position: what `lead_limit` and `trail_limit` read."""

    classes: tuple[frozenset[str], ...]
    """The classes at each word: a `CUT_CLASSES` name, ``negation``, ``modal`` or ``number``."""
    boundaries: tuple[int, ...]
    """Where an independent clause starts inside the cut (after ``;`` or ``, and``)."""
    unspaced: bool
    """Whether the words are characters of Chinese, Japanese or Thai."""

    @classmethod
    def of(
        cls,
        words: Sequence[str],
        lowered: Sequence[str],
        seps: Sequence[str],
        language: str | None,
        previous: str = "",
        hyphens: frozenset[int] = frozenset(),
        not_negations: frozenset[str] = frozenset(),
        around: Callable[[], tuple[str, str]] | None = None,
    ) -> _Scan:
        """The scan of a cut's words; ``previous`` is the (lowercased) word of the source just before them.

        ``hyphens``: the positions of ``seps`` that are a hyphen joining a compound in the source.
        ``not_negations``: words that negate nothing in the text's language (`not_negations_in`).
        ``around``: the characters right before and after the words (`unspaced_meaning_marks`), asked
        for only when the words are of a script without spaces.
        """
        count = len(words)
        # The classes of the few words that have any, by position: most words have none.
        found_at: dict[int, set[str]] = {}
        joined_at: set[int] = set()  # the characters of 不仅, だけでなく: "not only" negates nothing
        however_at: set[int] = set()  # the words of a contrast or discourse marker of several
        for at, size, name in cut_marks(words, language):
            before = lowered[at - 1] if at > 0 else previous
            if hyphens and (at in hyphens or at + size in hyphens):
                continue  # "if-else", "if-statement", "read-only": a compound names a thing, it limits nothing
            if (
                lowered[at] in _CLAUSE_OPENING_ONLY
                and ((at > 0 and not _COMMA.search(seps[at])) or (at == 0 and before in _COORDINATORS))
                and "contrast" not in found_at.get(at - 1, ())  # ", but until that time, [...]" opens one
                and not _when_clause(lowered, at, before)
            ):
                continue  # "on or after which", "before or [after any value]": a place in a sequence
            if name == "condition" and lowered[at] == "if" and at > 0 and lowered[at - 1] in _ASKING:
                continue  # "to see if", "check if": whether, not a condition
            if (
                name == "discourse"
                and lowered[at : at + 2] == ["that", "is"]
                and not _COMMA.search(seps[at])
                and (at + 2 >= len(seps) or not _COMMA.search(seps[at + 2]))
            ):
                continue  # "the principal that is the subject": a relative clause, not "that is," (i.e.)
            if (
                name == "condition"
                and size == 2
                and "".join(lowered[at : at + 2]) in _AFTER_CLOSING
                and (at + 2 >= len(seps) or not _COMMA.search(seps[at + 2]))
            ):
                continue  # "afterwards" opening its clause ("之后服务器[...]"); "验证之后" and a comma is a condition
            # Inside the cut, not right after the quote, whose last word ("[such as] an") leaves the
            # phrase it opens to the cut.
            if (
                at > 0
                and name in _CONDITIONAL
                and (before in _ARTICLES_EN or (before == "as" and lowered[at] == "if"))
                and seps[at] == " "
            ):
                # "an if expression", "the unless keyword": a noun; "as if": a comparison. Not "as,
                # “if [...]”", a condition quoted.
                continue
            if (
                name in _CONDITIONAL
                and lowered[at].isascii()
                and at + size < count
                and not seps[at + size]
                and _unspaced_char(lowered[at + size][:1])
            ):
                continue  # "if式", "when句": a keyword named in Japanese or Chinese text
            if at > 0 and name == "contrast" and lowered[at] == "yet" and before in _NOT_YET:
                continue  # "have yet to be defined", "not yet": still, not a contrast
            if name == "condition" and lowered[at : at + 2] == ["subject", "to"] and before in _COPULAS:
                continue  # "is subject to BCP 78": governed by, not "provided that"
            if name == "quantifier" and lowered[at : at + 2] == ["in", "part"] and words[at + 1][:1].isupper():
                continue  # "In Part II": a part of the text it names, not "in part" ("partly")
            if (
                name == "condition"
                and lowered[at] in _ASKED
                and before in _COORDINATORS
                and not _WH.isdisjoint(lowered[max(at - _ASKED_REACH, 0) : at])
            ):
                continue  # "define which claims they use and when [they are required]": a question asked
            if (
                name == "discourse"
                and lowered[at] in _ONCE
                and at + size < count
                and seps[at + size] == " "
                and (lowered[at + size] not in _OPENS_A_CLAUSE or any(map(_COMMA.search, seps[at + size + 1 :])))
            ):
                # "Once more than half agree,", "Once again connected,", "Once again the cache is warm,":
                # the condition "once" opens, which a comma closes; not the marker, which a comma, a
                # mark or the clause it opens follows ("Once again, [...]", "Once again the server [...]").
                name, size = "condition", _ONCE[lowered[at]]
            for p in range(at, min(at + size, count)):
                found_at.setdefault(p, set()).add(name)
            if name == "joiner" and size > 1 and not any(seps[at + 1 : at + size]):
                joined_at.update(range(at, at + size))  # one word, no comma inside
            if name in NEGATING_NOTHING and size > 1:
                however_at.update(range(at, at + size))  # "no obstante", "тем не менее": no negation
        for p in compress(range(count), map(_INVERTED.__contains__, lowered)):
            if _inverted_condition(words, lowered, seps, p):
                found_at.setdefault(p, set()).add("condition")
        for p in compress(range(count), map("as".__eq__, lowered)):
            if _proportional(lowered, seps, p):
                found_at.setdefault(p, set()).add("condition")
        for p in compress(range(count), map("と".__eq__, lowered)):
            before = lowered[p - 1] if p > 0 else previous
            if not seps[p] and before[-1:] in JA_CONDITIONAL_TO_AFTER and _COMMA.search(seps[p + 1]):
                found_at.setdefault(p, set()).add("condition")  # "削除すると、": the と-conditional
        if count and lowered[-1] in _WHEN and _when_clause_ends(lowered, seps, previous):
            found_at.setdefault(count - 1, set()).add("condition")  # "[用户登录时], ": "when the user logs in"
        # Each word's own classes, looked up in C (`map`, `compress`): only the words that have one are visited.
        own = list(map(_word_classes, lowered))
        for p in compress(range(count), own):
            found = own[p]
            if lowered[p] in not_negations or p in however_at:
                found = found - {"negation"}  # Portuguese "no": "in the"; "no obstante": however
            if _unspaced_char(lowered[p][:1]):
                continue  # read with the characters around it, below: the 非 of 非常 ("very") negates nothing
            if p + 1 < count and prefix_only(lowered[p], seps[p + 1]):
                # "non-integer": the prefix negates its own word, not the clause. One that ends the
                # cut is the quote's first word's own ("non-" of "non-integer" quoted as "integer").
                found = found - {"negation"}
            if found:
                found_at.setdefault(p, set()).update(found)
        for p in compress(range(count - 1), map(_ADDITIVE_FIRSTS.__contains__, lowered)):
            if additive_at(lowered, seps, p, language):
                for q in (p, p + 1):  # "not only" adds: its "not" and its "only" limit nothing
                    found_at.get(q, set()).difference_update(("negation", "quantifier"))
        joined = "".join(lowered)
        unspaced = False
        if not joined.isascii():
            # Negations and modals of scripts without spaces, found across the characters, each
            # where it stands (not in the words that hold its character and negate nothing: 非常).
            parted = {p for p in range(1, count) if seps[p]}
            meaning = unspaced_meaning_marks(lowered, *(around() if around else ("", "")), parted)
            unspaced = bool(meaning) or any(_unspaced_char(w) for w in lowered[:3])
            for p, _, name in meaning:
                if p not in joined_at:
                    found_at.setdefault(p, set()).add(name)
        classes = [_NO_CLASS] * count
        for p, names in found_at.items():
            classes[p] = frozenset(names)
        # One space, the commonest separator, ends no clause: only the others are read.
        boundaries = tuple(
            p
            for p in compress(range(1, count), map(" ".__ne__, seps[1:count]))
            if _SEMICOLON.search(seps[p]) or (_COMMA.search(seps[p]) and classes[p] & {"joiner", "contrast"})
        )
        return cls(tuple(classes), boundaries, unspaced)


_NO_CLASS: frozenset[str] = frozenset()
_WHEN = frozenset("时時")  # closing a clause of "when" after a verb or a noun (`NOT_WHEN_BEFORE_SHI`)

_ONCE = {"once": 1, "une": 2}  # the words of the condition the markers "once again", "une fois de plus" open
_OPENS_A_CLAUSE = frozenset({"the", "a", "an", "this", "these", "that", "we", "it", "they", "you", "i", "he", "she"})
_OPENS_A_CLAUSE |= {"le", "la", "les", "l", "il", "elle", "on", "nous", "vous", "ils", "elles"}

_ADDITIVES = {
    (first, second): language
    for language, entries in ADDITIVES_BY_LANGUAGE.items()
    for first, second in map(str.split, entries)
}
_ADDITIVE_FIRSTS = frozenset(first for first, _ in _ADDITIVES)


def _when_clause_ends(lowered: Sequence[str], seps: Sequence[str], previous: str) -> bool:
    """Whether the words end with a clause of "when" that 时 (時) closes, right before the comma after them.

    Only at the words' end: before a quote, the clause governs it (``用户登录时, [服务器会记录…]``);
    one after a quote's comma is the next clause's (``[…], 用户在配置静态加密时, 可将…``). 时 follows
    a Han character written together with it, not one that makes a word of it (`NOT_WHEN_BEFORE_SHI`,
    unless the two before it are a word of their own: 不同时, 指定时), or a Latin word (``设置为 OFF
    时``). Chinese ``、`` after it lists (``时、分、秒``); Japanese ``、`` is a comma.
    """
    end, at = seps[-1], len(lowered) - 1
    if not ("\uff0c" in end or "," in end or ("\u3001" in end and any(map(has_kana, lowered)))):
        return False
    word = lowered[at - 1] if at > 0 else previous
    before = word[-1:]
    if before.isascii():
        # A Latin word, with the space the text may fold away between it and Chinese.
        return seps[at] in ("", " ") and before.isalnum()
    if seps[at]:
        return False
    earlier = lowered[at - 2][-1:] if at > 1 and not seps[at - 1] else ""
    if before == "\u306e":  # Japanese "Xの時" ("when X"), not "この時" ("at this point")
        return (word[-2:-1] or earlier) not in ("", "\u3053", "\u305d", "\u3042", "\u3069")
    if not "\u3400" <= before <= "\u9fff":  # Japanese "その時" is "at that time"
        return False
    return before not in NOT_WHEN_BEFORE_SHI or earlier + before in _WHEN_AFTER_PAIRS


# Words of two characters before 时 whose last is one of `NOT_WHEN_BEFORE_SHI`: "when different",
# "when the same", "when given", "when bound".
_WHEN_AFTER_PAIRS = frozenset({"不同", "相同", "指定", "绑定", "綁定", "设定", "設定", "确定", "確定"})


def additive_at(lowered: Sequence[str], seps: Sequence[str], p: int, language: str | None) -> bool:
    """Whether words ``p`` and ``p + 1`` are ``not only`` in the text's language (`ADDITIVES_BY_LANGUAGE`).

    Only in the language the text is told to be in: English ``No solo flights`` is a negation.
    Only with one space between: ``No, solo el cliente`` is a negation and a quantifier.
    """
    return (
        language is not None
        and p + 1 < len(lowered)
        and _ADDITIVES.get((lowered[p], lowered[p + 1])) == language
        and seps[p + 1] == " "
    )


# Verbs of change that make an English "as" clause a condition of degree ("As the load increases,"),
# as "à mesure que", "a medida que", "по мере того как", "随着" are in their lists.
_CHANGES = frozenset({"increase", "increases", "decrease", "decreases", "grow", "grows", "rise", "rises"})
_CHANGES |= {"fall", "falls", "drop", "drops", "decline", "declines", "shrink", "shrinks", "approach", "approaches"}
_PROPORTIONAL_REACH = 6  # words: an "as" clause's subject and its verb of change


def _proportional(lowered: Sequence[str], seps: Sequence[str], p: int) -> bool:
    """Whether the "as" at ``p`` opens a clause of degree: a verb of change in its clause, which a comma closes.

    ``As the load increases, [the gateway drops ...]``, ``[...], as demand grows.``; not ``as the
    load increases the risk`` nor ``as described``.
    """
    if p > 0 and not _COMMA.search(seps[p]):
        return False
    for q in range(p + 1, min(p + 1 + _PROPORTIONAL_REACH, len(lowered))):
        if seps[q] != " ":
            return False
        if lowered[q] in _CHANGES:
            return q + 1 == len(lowered) or bool(_COMMA.search(seps[q + 1])) or seps[q + 1].strip() == "."
    return False


def while_doing(lead: Cut, quote_keys: Sequence[str]) -> bool:
    """Whether a lead is a clause of time, "while" and an -ing form, before a quote that says what must or may be done.

    ``While holding the lock, [the thread must not call into user code]``, Apache-2.0's ``While
    redistributing the Work ..., [You may choose to offer ...]``: the rule holds only then. Its
    -ing form comes right after "while", and its clause, to a comma, has no auxiliary, copula,
    modal or -ed word: not a gerund that is a subject (``While passing [] ... is closer to ...,
    [you should ...]``, ``While clamping at 40-60 improved results,``). A quote with no modal is a
    report of its own (``While writing these docs, [we found mistakes ...]``), and "while" with a
    clause is a concession as often (``While we did not detect a variant,``): neither limits the
    quote. After a quote "while" reads as a contrast.
    """
    if lead._index.key(max(lead.first, 0)) != "while":
        return False  # most leads: told by the index's key, without reading their words
    lowered, seps = lead.lowered, lead.seps
    if len(lowered) < 2 or lowered[0] != "while" or seps[1] != " " or not _gerund(lowered[1]):
        return False
    end = next((p for p in range(2, len(seps)) if _COMMA.search(seps[p])), len(lowered))  # its clause's
    finite = any(word in _FINITE or word.endswith("ed") for word in lowered[2:end])
    return not finite and not _MODAL_WORDS.isdisjoint(quote_keys)


def _gerund(word: str) -> bool:
    """Whether a lowercased English word is a verb's -ing form (``holding``, ``using``; not ``string``)."""
    return len(word) >= _SHORTEST_GERUND and word.endswith("ing") and word not in _ING_NOUNS


_SHORTEST_GERUND = 5  # letters: "doing", "using" (not "king")
_ING_NOUNS = frozenset(
    {"thing", "string", "something", "nothing", "anything", "everything", "spring", "morning", "evening"}
)
# Auxiliaries, copulas and modals: a finite verb in a "while" clause makes its -ing form a subject.
_FINITE = _COPULAS | {"has", "have", "had", "do", "does", "did"} | MODALS


_INVERTED = frozenset().union(*INVERTED_CONDITIONS_BY_LANGUAGE.values())
_INVERTED_AFTER_COMMA = frozenset({"should", "provided", "providing"})
_INVERTED_SUBJECTS = frozenset().union(*INVERTED_SUBJECTS_BY_LANGUAGE.values())
_OPENERS = " \t\n([\"'\u201c\u2018\u00ab"  # what may stand between a comma and the word it precedes


def _inverted_condition(words: Sequence[str], lowered: Sequence[str], seps: Sequence[str], p: int) -> bool:
    """Whether the `INVERTED_CONDITIONS_BY_LANGUAGE` word at ``p`` opens a condition by word order.

    ``Should the key be unknown, [...]``, ``[...], provided the key is known``: before a subject,
    capitalized at a sentence's start with a comma that closes the clause, or right after a comma
    or the quote.
    """
    if p + 1 >= len(lowered) or lowered[p + 1] not in _INVERTED_SUBJECTS:
        return False
    word = words[p]
    # The comma must be what ends the separator: one quoted inside it ('";" / "="' of a grammar) is none.
    if _COMMA.search(seps[p].rstrip(_OPENERS)[-1:]) or (p == 0 and word.islower()):
        # After a comma, or right after the quote: "[...] provided the key is known".
        return lowered[p] in _INVERTED_AFTER_COMMA
    opens = p == 0 or bool(_CUT.search(seps[p]) or _CJK_STOP.search(seps[p]))
    # Capitalized, not in capitals: "SHOULD" is RFC 2119's keyword, never an inverted condition.
    return opens and word[:1].isupper() and not word.isupper() and any(map(_COMMA.search, seps[p + 2 :]))


@lru_cache(maxsize=8192)
def _word_classes(word: str) -> frozenset[str]:
    """Whether a lowercased word negates or is a modal, in any language: ``negation``, ``modal``."""
    found = set()
    if word in NEGATIONS or _negated(word.replace("'", "").replace("\u2019", "")) or word.endswith(_NT):
        found.add("negation")
    if word in _MODAL_WORDS:
        found.add("modal")
    return frozenset(found)


def or_not(lowered: Sequence[str], after: str) -> bool:
    """Whether lowercased words end with ``or not`` and a comma (``after``, what follows them).

    ``whether the line has a break or not, [and other causes]``: the alternative is closed, and
    negates nothing after it.
    """
    return len(lowered) >= 2 and lowered[-2] == "or" and lowered[-1] == "not" and bool(_COMMA.search(after))


def prefix_only(word: str, after: str) -> bool:
    """Whether ``word`` is a negating prefix written before a hyphen (``non-`` of ``non-integer``)."""
    return word.lower() in _PREFIXES and after[:1] in _HYPHENS


def _unspaced_char(word: str) -> bool:
    return len(word) == 1 and ("\u3040" <= word <= "\u9fff" or "\u0e00" <= word <= "\u0e7f")


def _thai(char: str) -> bool:
    """Whether a character (or ``""``) is Thai."""
    return "\u0e00" <= char <= "\u0e7f"


def _line_boundary(index: WordIndex, position: int) -> bool:
    """Whether a line break before word ``position`` ends a heading, a term or a paragraph."""
    text, folded = index.text, index.folded
    start = folded.to_original(index.ends[position - 1])
    end = folded.to_original(index.starts[position])
    gap = text[start:end]
    if "\n" not in gap:
        return False
    word = folded.text[index.starts[position] : index.ends[position]]
    if _BULLET_LINE.match(text, text.rfind("\n", 0, end) + 1):
        return True  # a list item ("o  Type name: ...", "- ...", "2. ..."): each item is one
    if _BLANK_LINE.search(gap):
        # A blank line: a new paragraph, item or heading, unless the sentence goes on in lower
        # case (an RFC's page break, removed, leaves one mid-sentence).
        return not word[:1].islower()
    line_start = text.rfind("\n", 0, start) + 1
    line = text[line_start : text.find("\n", start)].strip()
    # A short line (a heading, "Section 12.3", a defined term) before a capital; not one that
    # ends with a comma, which is a clause going on ("Unless public,\nThe server...").
    return len(line) < _SHORT_LINE and word[:1].isupper() and not line.endswith((",", ";", "\u3001", "\uff0c"))


_BLANK_LINE = re.compile(r"\n[ \t]*\n")


def _breaks(index: WordIndex, low: int, high: int) -> list[int]:
    """The positions ``low`` to ``high`` whose separator holds a line break in the source, in order.

    Only these can be a `_line_boundary`. The folded text maps back to the source in order (a later
    offset never maps earlier: `fold` folds each character where it stands, and its anchors go
    forward in both texts; `tests/test_matcher_cuts.py` holds it of every fixture), so each line
    break of the source between the words is placed by a binary search over the words, rather than
    every word's separator being mapped back.
    """
    to_original = index.folded.to_original
    starts, ends, text = index.starts, index.ends, index.text
    found: list[int] = []
    begin, stop = to_original(ends[low - 1]), to_original(starts[high])
    at = text.find("\n", begin, stop)
    while at != -1:
        # The first word that starts after the line break; the break is in its separator when the
        # word before it ends at or before the break.
        lo, hi = low, high + 1
        while lo < hi:
            mid = (lo + hi) // 2
            if to_original(starts[mid]) > at:
                hi = mid
            else:
                lo = mid + 1
        if lo <= high and to_original(ends[lo - 1]) <= at and (not found or found[-1] != lo):
            found.append(lo)
        at = text.find("\n", at + 1, stop)
    return found


def _has_break(index: WordIndex, first: int, end: int) -> bool:
    """Whether the source has a line break between word ``first`` and word ``end`` (exclusive)."""
    if end - first < 1 or first < 0 or end > len(index):
        return False
    folded = index.folded
    return "\n" in index.text[folded.to_original(index.starts[first]) : folded.to_original(index.ends[end - 1])]


def _sentence_starts(index: WordIndex, position: int) -> bool:
    """Whether a sentence ends before word ``position``: a stop, and no lower-case word after it.

    ``"." and ".." when ...`` and ``the : u32 type`` go on after their stop.
    """
    sep = index.between(position)
    if sep == " ":  # most words stand one space apart: no stop
        return False
    if not _CUT.search(sep):
        # NFKC folds the full-width stops of Chinese and Japanese (U+FF1F, U+FF01, U+FF1A, U+FF1B)
        # into ASCII ones with no space after: next to a character of a script without spaces, such a
        # stop still ends a sentence.
        return bool(_FOLDED_STOP.fullmatch(sep)) and _beside_unspaced(index, position)
    if position < len(index) and _thai_stop(index, position, sep):
        return False
    if position >= len(index) or ";" in sep or _CJK_STOP.search(sep):
        return True
    if position > 0 and sep[:1] in ".?!" and _hangul(index.words(position - 1, position)[0][-1:]):
        return True  # "…일부가 아닙니다. add_text 메서드는 …": a Korean predicate's stop, whatever case follows
    if not _lower_case(index.words(position, position + 1)[0][:1]):
        # "z. B. Zeitüberschreitungen", "Dr. Smith", "Fig. 3": an abbreviation's stop, whatever follows.
        return not _after_abbreviation(index, position, sep)
    # A lower-case word after the stop goes on with the sentence, unless a line break sets it off
    # (a list or a code block after a colon).
    return _has_break(index, position - 1, position + 1)


def _lower_case(letter: str) -> bool:
    """Whether a word's first letter is lower case in a script with capitals to open a sentence.

    Not Georgian's: Unicode has its letters lower case (Mtavruli, the capitals, are for titles),
    and a sentence opens with them.
    """
    return letter.islower() and not "\u10d0" <= letter <= "\u10ff"


# Abbreviations that stand before what they qualify and so end no sentence, as the index's keys:
# "e.g.", "z. B.", "d. h.", "p. ex.", "Dr. Smith", "Fig. 3" ("etc." and "usw." may end one). Not
# an acronym written in capitals ("VS.", "CA."), nor units that end a sentence as often ("5 ms.",
# "5 см."), nor "ca." and "env." (".env.").
_NO_SENTENCE_END = frozenset(
    {("e", "g"), ("i", "e"), ("cf",), ("vs",), ("approx",), ("dr",), ("mr",), ("mrs",), ("prof",)}
    | {("fig",), ("figs",), ("eq",), ("vol",), ("pp",), ("nr",)}
    | {("z", "b"), ("d", "h"), ("u", "a"), ("bzw",), ("vgl",), ("ggf",), ("bspw",), ("evtl",), ("inkl",)}
    | {("p", "ex"), ("p", "ej"), ("ej",), ("aprox",), ("sr",), ("sra",)}
    | {("т", "е"), ("т", "к"), ("напр",), ("т", "н")}  # noqa: RUF001
)
_ABBREVIATION_WORDS = max(map(len, _NO_SENTENCE_END))


def _after_abbreviation(index: WordIndex, position: int, sep: str) -> bool:
    """Whether the stop before word ``position`` is an abbreviation's of `_NO_SENTENCE_END` (``z. B.``).

    Inside it (before ``B``) or after it.
    """
    if sep.strip() != ".":
        return False
    for size in range(1, _ABBREVIATION_WORDS + 1):
        for start in range(max(position - size, 0), position):
            end = start + size
            # Its letters one stop apart ("z. B.", "z.B."): not words of a sentence ("Plan z. Both
            # ..."), nor an acronym ("VS.").
            if (
                tuple(index.keys(start, end)) in _NO_SENTENCE_END
                and all(index.between(p).strip() == "." for p in range(start + 1, end))
                and not any(len(word) > 1 and word.isupper() for word in index.words(start, end))
            ):
                return True
    return False


def _thai_stop(index: WordIndex, position: int, sep: str) -> bool:
    """Whether ``sep`` is a full stop before a Thai word on the same line: no sentence's end.

    Thai ends a sentence with a space, not a stop: a stop that a Thai word follows on its line
    ends an abbreviation or a Latin phrase (``this.timerID). แต่ ...``), and the sentence goes on.
    """
    return (
        "." in sep
        and not any(mark in sep for mark in "?!;:")
        and _thai(index.words(position, position + 1)[0][:1])
        and not _has_break(index, position - 1, position + 1)
    )


def _beside_unspaced(index: WordIndex, position: int) -> bool:
    """Whether the word before or after the separator at ``position`` ends (starts) with a CJK or Thai character."""
    if not 0 < position < len(index):
        return False
    left, right = index.words(position - 1, position + 1)
    if right[:1].isascii() and left[-1:].isascii():
        return False  # neither is CJK or Thai, and the pattern (1.5 ms to compile) stays uncompiled
    return UNSPACED_CHAR.match(right) is not None or UNSPACED_CHAR.match(left[-1:]) is not None


def _spaced(index: WordIndex, position: int) -> bool:
    """Whether words ``position - 1`` and ``position`` stand one space apart: no sentence ends there."""
    end = index.ends[position - 1]
    return index.starts[position] == end + 1 and index.folded.text[end] == " "


def lead_cut(index: WordIndex, first: int) -> Cut:
    """The words of the sentence before word ``first`` (none when the quote starts its sentence)."""
    marks = _marks(index)
    # Back from ``first`` to the word a sentence starts at, over at most `_MAX_GAP_WORDS` words.
    low = max(first - _MAX_GAP_WORDS + 1, 1)
    start = marks.last_sentence_start(low, first)
    # The folded text has flattened line breaks: a heading, a list item or a paragraph may end after it.
    if start < first:
        start = max(start, marks.last_line_boundary(start + 1, first))
    if start < first and _item_mark(index, start):
        # "o  Should the configuration allow it, [...]": the item's sentence starts after its mark,
        # so a condition that opens it by word order is read as opening it (`_inverted_condition`).
        start += 1
    return Cut(index, start, first - 1)


def source_item(index: WordIndex, start: int) -> str | None:
    """The number or letter of the list item whose text starts at offset ``start`` (``9``, ``a``), or ``None``."""
    first = _word_at(index, start)
    return index.key(first - 1) if first > 0 and _item_mark(index, first - 1) else None


def item_renumbered(item: str, index: WordIndex, start: int) -> str | None:
    """A note when a quote opens with list item ``item`` where the source's item before offset ``start`` is another.

    ``10. Otherwise, ...`` for the source's ``9.``, ``(b) You must ...`` for ``(a)``: the words are
    the source's, but not where the quote says. ``None`` when the source has no item mark there
    (an HTML list shows none in its text) or the same one.
    """
    source = source_item(index, start) if item else None
    if source is None or source == item or source == "o" or source.isdigit() != item.isdigit():
        return None  # the same item, a bullet, or a number for a letter ("1." for "(a)"): no order to compare
    return f"{item!r} for the source's {source!r}: a list item numbered otherwise"


def appended_other(prepared: PreparedQuote, index: WordIndex, last: int) -> str | None:
    """A note when the citation a quote appends (`PreparedQuote.appended`) may be words of the source's.

    ``(Section 3.6)`` appended where the source's sentence goes on with ``(Section 3.5)``: a
    citation the quoter changed, not one they added. A number alone (``(30)``) or a superscript
    glued to the last word (``mc\u00b2``) may be the claim's own (`citecheck.matcher._appended.doubt`).
    Otherwise `doubt`'s note, or ``None``.
    """
    appended = prepared.appended
    if not appended:
        return None
    doubted = doubt(appended, prepared.original)
    after = last + 1
    if after >= len(index) or not _OPENS_ASIDE.fullmatch(index.between(after)):
        return doubted  # no aside right after the quote's last word: past a stop, a colon, a line's end
    end = after
    while end + 1 < len(index) and end - after < _MARKER_WORDS and CLOSING_BRACKETS.isdisjoint(index.between(end + 1)):
        end += 1
    source = index.words(after, end + 1)
    if [key(w) for w in source] == [key(w) for w in WORD.findall(normalize_folded(appended))]:
        return doubted
    return f"{appended!r} where the source has {shown(Cut(index, after, end))!r}: a citation other than the source's"


_OPENS_ASIDE = re.compile(r" ?[(\[]")  # of the folded text: NFKC writes a full-width bracket as these
CLOSING_BRACKETS = frozenset(")]\uff09\u3011")
"""Closing brackets, of folded text (where NFKC wrote a full-width one as ASCII) or as written."""
_CLOSING_MARKS = ")]\"'"  # closing brackets and quote marks, as folded text writes them
_MARKER_WORDS = 12  # words of a citation in brackets read at most


def _item_mark(index: WordIndex, position: int) -> bool:
    """Whether the word at ``position`` is a list item's mark (``o``, ``2.``, ``(ii)``) at the start of its line."""
    key = index.key(position)
    if len(key) > 3 or not key.isalnum():
        return False  # most words: no mark is longer (`_BULLET_LINE`)
    text = index.text
    at = index.folded.to_original(index.starts[position])
    mark = _BULLET_LINE.match(text, text.rfind("\n", 0, at) + 1)
    return mark is not None and at < mark.end()


def trail_cut(index: WordIndex, last: int) -> Cut:
    """The words of the sentence after word ``last`` (none when the quote ends its sentence)."""
    marks = _marks(index)
    end = marks.first_sentence_start(last + 1, min(len(index) - 1, last + _MAX_GAP_WORDS))
    if end > last + 1:
        boundary = marks.first_line_boundary(last + 1, end - 1)
        end = end if boundary < 0 else boundary
    first = last + 1
    if first < end and index.between(first) in ("[", " ["):
        # "customers[3] within 30 days": read from "within", as without the marker; not past a stop
        # (".[4] Keys rotate daily" is the next sentence's).
        while first < end and (past := _past_footnote_marker(index, first, end)) > first:
            first = past
    return Cut(index, first, end - 1)


def _past_footnote_marker(index: WordIndex, first: int, end: int) -> int:
    """Past the footnote marker whose first number is word ``first`` (``[3]``, ``[3, 4]``, ``[3-5]``), or ``first``.

    ``first`` also when the brackets hold anything but numbers and the commas or dashes between them.
    """
    if index.between(first)[-1:] != "[":
        return first
    for position in range(first, min(end, first + _MARKER_NUMBERS)):
        if not index.key(position).isdigit():
            return first
        after = index.between(position + 1)
        if after[:1] == "]":
            return position + 1
        if after.strip() not in (",", "-"):
            return first
    return first


_MARKER_NUMBERS = 6  # numbers a footnote marker in square brackets cites at most ("[3, 4, 7]")


_UNKNOWN, _NO, _YES = 0, 1, 2


class _Marks:
    """What cuts read of each word of an index, found on first need and kept with the index.

    One byte a word for each (`_UNKNOWN` until a cut needs it, then `_NO` or `_YES`): whether a
    sentence starts at the word (`_sentence_starts`, where the word stands more than one space
    from the one before), and whether a line break before it ends a heading, a list item or a
    paragraph (`_line_boundary`). A byte of role bits (`_role_at`) says which limiting classes the
    word may take in a cut that holds it, and a byte of language bits which languages' function
    words it is (`language`). Every quote of the section then finds the ends of its sentence, and
    tells a neutral cut, with a search of these bytes in C instead of testing the words again.
    Four bytes a word, about half of the folded text; words no cut reached are never tested.
    """

    __slots__ = ("index", "languages", "lines", "roles", "sentences")

    def __init__(self, index: WordIndex) -> None:
        self.index = index
        self.sentences = bytearray(len(index))
        self.lines = bytearray(len(index))
        self.roles = bytearray(len(index))
        self.languages = bytearray(len(index))

    def language(self, first: int, end: int) -> str | None:
        """`citecheck.matcher._lexicon.spaced_language` of the keys of words ``first`` up to ``end`` (exclusive)."""
        known = self.languages
        if known.find(_UNKNOWN, first, end) >= 0:
            index = self.index
            for position in range(first, end):
                if known[position] == _UNKNOWN:
                    known[position] = _function_word_mark(index.key(position))
        window = known[first:end]
        present = 0
        for mark in set(window):  # a few distinct marks: the languages the window has any word of
            present |= mark
        told = told_language(
            {language: window.translate(table).count(1) for bit, language, table in _LANGUAGE_TABLES if present & bit}
        )
        # A word of one language's list only: its mark has that language's bit alone.
        return told or told_by_own_words(
            {language: window.count(_KNOWN | bit) for bit, language, _ in _LANGUAGE_TABLES if present & bit}
        )

    def last_sentence_start(self, low: int, high: int) -> int:
        """The last position from ``low`` to ``high`` that a sentence starts at, or ``low - 1``."""
        known = self.sentences
        found = known.rfind(_YES, low, high + 1)
        if known.find(_UNKNOWN, max(found, low), high + 1) < 0:
            return found if found >= 0 else low - 1
        index = self.index
        for position in range(high, low - 1, -1):
            mark = known[position]
            if mark == _UNKNOWN:
                mark = known[position] = _YES if _starts_sentence(index, position) else _NO
            if mark == _YES:
                return position
        return low - 1

    def first_sentence_start(self, low: int, high: int) -> int:
        """The first position from ``low`` to ``high`` that a sentence starts at, or ``high + 1``."""
        known = self.sentences
        found = known.find(_YES, low, high + 1)
        if known.find(_UNKNOWN, low, found if found >= 0 else high + 1) < 0:
            return found if found >= 0 else high + 1
        index = self.index
        for position in range(low, high + 1):
            mark = known[position]
            if mark == _UNKNOWN:
                mark = known[position] = _YES if _starts_sentence(index, position) else _NO
            if mark == _YES:
                return position
        return high + 1

    def last_line_boundary(self, low: int, high: int) -> int:
        """The last position from ``low`` to ``high`` that is a `_line_boundary`, or -1."""
        self._learn_lines(low, high)
        return self.lines.rfind(_YES, low, high + 1)

    def first_line_boundary(self, low: int, high: int) -> int:
        """The first position from ``low`` to ``high`` that is a `_line_boundary`, or -1."""
        self._learn_lines(low, high)
        return self.lines.find(_YES, low, high + 1)

    def _learn_lines(self, low: int, high: int) -> None:
        known = self.lines
        if low > high or known.find(_UNKNOWN, low, high + 1) < 0:
            return
        # Only a word after a line break in the source can be a boundary: the others are `_NO`,
        # set after the breaks' own marks, so a mark once set is final for every thread.
        index = self.index
        for position in _breaks(index, low, high):
            if known[position] == _UNKNOWN:
                known[position] = _YES if _line_boundary(index, position) else _NO
        known[low : high + 1] = known[low : high + 1].replace(b"\x00", b"\x01")

    def roles_of(self, first: int, last: int) -> bytes:
        """The role bytes (`_role_at`) of words ``first`` to ``last``."""
        known = self.roles
        if known.find(_UNKNOWN, first, last + 1) >= 0:
            index = self.index
            for position in range(first, last + 1):
                if known[position] == _UNKNOWN:
                    known[position] = _role_at(index, position)
        return bytes(known[first : last + 1])


# A word's language mark: `_KNOWN`, with a bit set for each spaced language whose function words
# hold it; each table turns the marks of a window into 1 where that language's bit is set.
_KNOWN = 0x80
_LANGUAGE_TABLES = tuple(
    (1 << bit, language, bytes(1 if mark & (1 << bit) else 0 for mark in range(256)))
    for bit, language in enumerate(SPACED_LANGUAGES)
)


@lru_cache(maxsize=8192)
def _function_word_mark(key: str) -> int:
    told = function_word_languages(key)
    return _KNOWN | sum(1 << bit for bit, language in enumerate(SPACED_LANGUAGES) if language in told)


def _marks(index: WordIndex) -> _Marks:
    return index.derived("cuts", _Marks)


def _starts_sentence(index: WordIndex, position: int) -> bool:
    """Whether a sentence starts at word ``position``: what the walk to a sentence's end stops at."""
    return not _spaced(index, position) and _sentence_starts(index, position)


# What a word may do in a cut that holds it (`_role_at`), as bits of one byte, `_KNOWN` set once read.
# `_ANYWHERE`: it may limit the quote wherever it stands in the cut: a condition, an exception, a
# distancing or negating frame, a phrase of several words of any limiting class, and any word this
# byte cannot tell (letters outside ASCII, an apostrophe). The others limit only from some places
# (`_lead_may_limit`, `_trail_may_limit`): a contrast (`_CONTRASTS`: after the quote, not before
# it), a negation (`_NEGATES`), a restrictive quantifier (`_QUANTIFIES`), a hedge (`_HEDGES`), a
# modal (`_OBLIGES`). `_LISTS`: it opens a list of examples or a discourse marker, which moves where
# `_trail_kind` starts reading.
_ANYWHERE, _NEGATES, _HEDGES, _OBLIGES, _LISTS, _CONTRASTS, _QUANTIFIES = 0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40
_LIMITS = _ANYWHERE | _NEGATES | _QUANTIFIES | _HEDGES | _OBLIGES | _CONTRASTS
_CLASS_ROLES = {
    "condition": _ANYWHERE,
    "exception": _ANYWHERE,
    "contrast": _CONTRASTS,
    "distancing": _ANYWHERE,
    "denial": _ANYWHERE,
    "negation": _NEGATES,
    "quantifier": _QUANTIFIES,
    "hedge": _HEDGES,
    "modal": _OBLIGES,
    "discourse": _LISTS,
    "examples": _LISTS,
    "joiner": 0,
}


def _phrase_roles() -> dict[tuple[str, ...], int]:
    """Every `CUT_CLASSES` entry, in every language, as the words `cut_marks` matches, with its roles."""
    roles: dict[tuple[str, ...], int] = {}
    for name, by_language in CUT_CLASSES.items():
        for language, entries in by_language.items():
            for entry in entries:
                for phrase in phrase_forms(entry, language):
                    role = _CLASS_ROLES[name]
                    if len(phrase) > 1 and role & _LIMITS:
                        role = _ANYWHERE  # a phrase's class is on each of its words: read it wherever it stands
                    roles[phrase] = roles.get(phrase, 0) | role
    return roles


_PHRASE_ROLES = _phrase_roles()
# The lengths of the phrases of several words each word starts, each length once ("in" starts dozens).
_HEAD_SIZES: dict[str, frozenset[int]] = {}
for _phrase in _PHRASE_ROLES:
    if len(_phrase) > 1:
        _HEAD_SIZES[_phrase[0]] = _HEAD_SIZES.get(_phrase[0], frozenset()) | {len(_phrase)}


def _role_at(index: WordIndex, position: int) -> int:
    """The role bits of the word at ``position``: the classes it may take in any cut that holds it.

    A word of ASCII letters without an apostrophe is, lowercased, its key: its roles are those of
    its own classes (`_word_classes`), of the entries it is, and of the phrases of several words
    that start with it here, in any language. `_Scan.of` gives a word of a cut no class outside
    these (it drops some, by context, and reads one language's phrases where the text tells it).
    """
    text = index.folded.text
    word = text[index.starts[position] : index.ends[position]]
    if not word.isascii() or "'" in word:
        return _KNOWN | _ANYWHERE
    key = index.key(position)
    role = _KNOWN | _key_role(key)
    if key in _INVERTED and position + 1 < len(index) and index.key(position + 1) in _INVERTED_SUBJECTS:
        role |= _ANYWHERE  # "Should the key be unknown, ...": maybe a condition by word order (`_inverted_condition`)
    if key == "as" and not _CHANGES.isdisjoint(index.keys(position + 1, position + 1 + _PROPORTIONAL_REACH)):
        role |= _ANYWHERE  # "As the load increases, ...": maybe a condition of degree (`_proportional`)
    for size in _HEAD_SIZES.get(key, ()):
        role |= _PHRASE_ROLES.get(tuple(index.keys(position, position + size)), 0)
    return role


@lru_cache(maxsize=8192)
def _key_role(key: str) -> int:
    classes = _word_classes(key)
    return (
        _PHRASE_ROLES.get((key,), 0)
        | (_NEGATES if "negation" in classes else 0)
        | (_OBLIGES if "modal" in classes else 0)
    )


# Bytes that hold a role that limits, or opens a list: every byte of a cut is one of these or `_KNOWN`.
_LIMITING_ROLE = re.compile(b"[^\\x80]")


def _may_limit(cut: Cut) -> bool:
    """Whether a word of ``cut`` may limit the quote; when none may, every test of it finds nothing."""
    return any(role & _LIMITS for role in _roles(cut))


def _roles(cut: Cut) -> bytes:
    index = cut._index
    return _marks(index).roles_of(max(cut.first, 0), min(cut.last, len(index) - 1))


def _lead_may_limit(cut: Cut) -> bool:
    """Whether `_lead_limit` may find a limit in the words before a quote: `_may_limit`, by place.

    A contrast before the quote limits nothing in it. A negation or a quantifier governs the quote
    only from its clause's first two words (a clause starts at the cut's start or after a separator
    other than one space) or from its last words; a hedge from a clause's first word or its last; a
    modal only from the last (past the words a modal may stand behind and articles: `_THROUGH`).
    """
    roles = _roles(cut)
    index, first = cut._index, max(cut.first, 0)
    end = first + len(roles)
    if roles and (
        index.key(end - 1) in _REPORTING or (index.key(end - 1) == "that" and index.key(end - 2) in _REPORTING)
    ):
        return True  # "We think [the server ...]", "Consumers assume that [...]": `_lead_limit` tells
    if (
        roles
        and _closes_aside(index.between(end))
        and _may_limit_aside(roles[-_ASIDE_REACH:], index.keys(end - _ASIDE_REACH, end))
    ):
        return True  # "The server (usually) [...]": `_aside_limit` tells
    tail: int | None = None
    for match in _LIMITING_ROLE.finditer(roles):
        at = match.start()
        role = roles[at]
        if role & _ANYWHERE:
            return True
        if not role & (_NEGATES | _QUANTIFIES | _HEDGES | _OBLIGES):
            continue
        if tail is None:
            tail = len(roles)
            while tail > 0 and index.key(first + tail - 1) in _THROUGH:
                tail -= 1
        if at >= tail - _NEAR - 1:
            return True
        opens = at == 0 or index.between(first + at) != " "
        if role & _HEDGES and opens:
            return True
        after_verb = index.keys(first + at + 1, min(first + at + 1 + _FRAME_VERB_WORDS, end))
        if role & _NEGATES and not _COMPLEMENTIZERS.isdisjoint(after_verb):
            return True  # "should not assume that [...]": `_negated_complement` tells
        if role & (_NEGATES | _QUANTIFIES) and (opens or at == 1 or index.between(first + at - 1) != " "):
            return True
    return False


def _trail_may_limit(cut: Cut) -> bool:
    """Whether `_trail_kind` may find a limit in the words after a quote: `_may_limit`, by place.

    A negation limits the quote only from the trail's first two words; a quantifier or a hedge from
    those, or set off by a comma; a modal only in a verb-final language or a script without spaces
    (whose words are `_ANYWHERE`). A trail that opens with a list of examples is read past the list: any
    limiting word may.
    """
    roles = _roles(cut)
    if roles[:1] and roles[0] & _LISTS:
        return any(role & _LIMITS for role in roles)
    index, first = cut._index, max(cut.first, 0)
    if roles and (
        (index.key(first),) in _DENYING_PREDICATE_KEYS or tuple(index.keys(first, first + 2)) in _DENYING_PREDICATE_KEYS
    ):
        return True  # "[...] is wrong": `_denied_after` tells
    if roles and index.key(first + len(roles) - 1) in _REPORTING:
        return True  # "[...], the authors argue.": `_comment_clause` tells
    if OPENING_BRACKET.search(index.between(first)) and _may_limit_aside(
        roles[:_ASIDE_REACH], index.keys(first, first + _ASIDE_REACH)
    ):
        return True  # "[...] (in most cases)", "[...] (critics argue)": `_aside_limit` tells
    for match in _LIMITING_ROLE.finditer(roles):
        at = match.start()
        role = roles[at]
        if role & (_ANYWHERE | _CONTRASTS):
            return True
        if role & (_NEGATES | _QUANTIFIES | _HEDGES) and at <= _NEAR:
            return True
        if (
            role & (_NEGATES | _QUANTIFIES | _HEDGES)
            and index.key(first + at) in GERMAN_CLAUSE_END_WORDS
            and all(index.between(q) in _IN_A_CLAUSE for q in range(first, first + at + 1))
        ):
            return True  # "[...] nach Maßgabe des Satzes 9 nicht", no mark between: `_at_german_clause_end` tells
        if role & (_QUANTIFIES | _HEDGES) and _COMMA.search(index.between(first + at)):
            return True  # set off by a comma ("[...], often in ..."); a negation so set off negates its own clause
        if role & _QUANTIFIES and _postposed(index.key(first + at), index.between(first + at + 1)):
            return True  # "[...], in version 1 only."
    return False


def _may_limit_aside(roles: bytes, keys: Sequence[str]) -> bool:
    """Whether `_aside_limit` may find a limit in an aside's words: a quantifier, a hedge or a frame."""
    return any(role & (_QUANTIFIES | _HEDGES) for role in roles) or not _ASIDE_FRAMES.isdisjoint(keys)


def colon_lead(index: WordIndex, first: int, mark: str = ":") -> Cut:
    """The clause before a colon (or another ``mark``) that ends right before word ``first``, or an empty cut.

    ``Only when the model hesitates: a person confirms the verdict`` limits what follows the
    colon as a comma would: the condition is the sentence's, the colon only sets off its result.
    So does ``When X, Y; therefore, [Z]`` past its semicolon (`result_lead`).
    """
    if first <= 0 or mark not in index.between(first) or _has_break(index, first - 1, first + 1):
        return Cut(index, first, first - 1)  # a colon before a list or a block introduces it
    return Cut(index, lead_cut(index, first - 1).first if first > 1 else 0, first - 1)


def frame_in(cut: Cut) -> str | None:
    """The kind of the first distancing or negating frame anywhere in a cut's words, or ``None``.

    Whatever words it frames: the clause before ``: that is,`` (`EXPLAINING_BY_LANGUAGE`), framed
    by a frame that follows it (``동작한다고 가정할 수도 있습니다: 즉,``), frames the restatement too.
    """
    if not cut or not _may_limit(cut):
        return None
    lowered, seps, classes = cut.lowered, cut.seps, cut.scan.classes
    start = 0
    if not _CONCESSIVES.isdisjoint((lowered[0], " ".join(lowered[:2]), "".join(lowered[:2]))):
        # "Obwohl Kritiker etwas anderes behaupten, ist die Regel einfach: Das heißt,": the frame is
        # the concessive clause's, which its comma closes.
        start = next((p for p in range(1, len(lowered)) if _COMMA.search(seps[p])), len(lowered))
    found = next((classes[p] & _FRAMES for p in range(start, len(lowered)) if classes[p] & _FRAMES), None)
    return None if found is None else _KINDS["denial" if "denial" in found else "distancing"]


_ITEMS_BACK = 30  # list items read back to the clause that introduces their list
_BULLETS = " \t\n-*+\u2022\u2013\u2014"  # what may stand before an item's first word on its line


def list_lead_in(index: WordIndex, start: int) -> Cut:
    """The clause before the colon that introduces the list whose item starts at word ``start``, or an empty cut.

    ``The administrator must not:`` and its items (``- delete an account ...``), bulleted, numbered
    or rendered as lines: the clause governs each item as it does words after its colon on the same
    line (`colon_lead`), so an item quoted alone leaves out its negation. Read back over the items
    before, each the first words of its line: one line break apart, or a blank line before a
    numbered or lettered mark (``o``, ``2.``, ``(a)``); not over a paragraph. Each item's answer is
    kept with the index, so the items of a long list are read back once.
    """
    known: dict[int, int] = index.derived("list_lead_ins", lambda _: {})
    folded, text = index.folded, index.text
    walked: list[int] = []
    found = -1  # the last word of the lead-in, or -1
    for _ in range(_ITEMS_BACK):
        if start in known:
            found = known[start]
            break
        walked.append(start)
        mark = start - 1 if start > 0 and _item_mark(index, start - 1) else start  # "o", "2." before the item
        if mark <= 0:
            break
        at = folded.to_original(index.starts[mark])
        line = text.rfind("\n", 0, at)
        if line < 0 or text[line:at].strip(_BULLETS):
            break  # not the first word of its line (after a bullet): a sentence inside a paragraph
        if ":" in index.between(mark):
            found = mark - 1
            break
        if text.count("\n", folded.to_original(index.ends[mark - 1]), at) > 1 and mark == start:
            break  # a blank line before a line with no mark: a paragraph, not the next item
        start = lead_cut(index, mark - 1).first
    for item in walked:
        known[item] = found
    return Cut(index, lead_cut(index, found).first, found) if found >= 0 else Cut(index, 0, -1)


def negates_list(lead_in: Cut) -> bool:
    """Whether a list's lead-in (`list_lead_in`) negates its items: a negation in its last clause.

    Anywhere in it, as the items are the clause's complement: ``must not:``, ``must not do any of
    the following:``, ``None of the following may be cached:``; not one in a clause before a
    semicolon or an "and" (``X is not needed, and the server must:``).
    """
    if not lead_in or not _may_limit(lead_in):
        return False
    scan = lead_in.scan
    if scan.unspaced:
        # A character of Chinese or Japanese is a word: 不 and 無 stand inside many compounds
        # ("不変性", "無効な値"), so only a negation at the lead-in's end ("してはいけません") counts.
        return lead_limit(lead_in, near_only=True) == _KINDS["negation"]
    clause = max(scan.boundaries, default=0)
    return any("negation" in scan.classes[p] for p in range(clause, len(scan.classes)))


_HEADING_WORDS = 8  # words a section's first line has at most to be read as its heading
_HEADING_CHARACTERS = 24  # the same in characters of a script without spaces ("よくある誤解とその真実について": 15)
_HEADING_STOP = re.compile("[.\u3002\uff0e]")


def denying_heading(index: WordIndex, first: int) -> Cut:
    """The heading of the section word ``first`` stands in, when it names what follows false, or an empty cut.

    ``## Common myths`` / ``[Deleted accounts can be restored at any time.]``: the section's first
    line (`DENYING_HEADINGS_BY_LANGUAGE`), as a parser writes a heading; read once a section.
    """
    headings = index.derived("denying_headings", _denying_headings)
    at = index.folded.to_original(index.starts[first])
    heading = headings[bisect_right(index.section_starts, at) - 1] if index.section_starts else None
    if heading is None or heading.last >= first:
        return Cut(index, first, first - 1)
    return heading


def _denying_headings(index: WordIndex) -> list[Cut | None]:
    """The heading of each section of `WordIndex.section_starts` that names what follows false, or ``None``."""
    folded = index.folded
    headings: list[Cut | None] = []
    for start in index.section_starts:
        first = bisect_left(range(len(index)), start, key=lambda p: folded.to_original(index.starts[p]))
        last = first
        # Each character of Chinese, Japanese or Thai is a word: "ความเข้าใจผิดที่พบบ่อย" is 22.
        longest = _HEADING_CHARACTERS if first < len(index) and _unspaced_char(index.key(first)[:1]) else _HEADING_WORDS
        while last + 1 < len(index) and last - first < longest and not _has_break(index, last, last + 2):
            last += 1
        heading = Cut(index, first, last)
        short = last - first < longest and last + 1 < len(index)
        # A line that ends with a full stop is a sentence ("誤解を避けるため、設定は必ず保存してください。",
        # "To avoid misconceptions, save your settings."), not a heading ("Myth or fact?", "Myths, debunked").
        sentence = short and _HEADING_STOP.match(index.between(last + 1)) is not None
        headings.append(heading if heading and short and not sentence and denies_heading(heading.lowered) else None)
    return headings


def result_lead(lead: Cut) -> bool:
    """Whether a lead right after a semicolon opens with a result of the clause before it (``therefore,``, ``then``).

    That clause's condition then governs the quote (`colon_lead` with ``";"``): ``When a
    same-document reference is dereferenced, its target is [...]; therefore, [a dereference should
    not result in a new retrieval action]``.
    """
    return bool(lead) and ";" in lead.before and opens_result(lead.lowered)


def colon_condition(cut: Cut) -> str | None:
    """Whether the clause before a colon (`colon_lead`) opens with a condition or an exception, or is a denial's label.

    A label that denies what follows (``Incorrect:``, ``Falsch:``, ``誤り`` and its colon) marks a wrong example,
    which a quote of it leaves out.
    """
    if not cut:
        return None
    label = "".join(cut.lowered).replace("\u2019", "'")
    if len(cut.words) <= _LABEL_WORDS and (label in DENIAL_LABELS or label.endswith(_UNSPACED_DENIAL_LABELS)):
        return _KINDS["denial"]  # "Incorrect:", "よくある誤解" and its colon, "흔한 오해:"
    kind = _colon_condition(cut) if _may_limit(cut) else None
    if kind is None and 1 < len(cut.words) <= _LABEL_WORDS and cut.lowered[-1] in _HOLDS:
        kind = _holding(Cut(cut._index, cut.first, cut.last - 1))
    return kind


# German "gilt" ("holds") ending a label: what follows its colon holds as the label's words say.
_HOLDS = frozenset({"gilt", "gelten"})


def _holding(label: Cut) -> str | None:
    """What the words of a label before its "gilt:" limit in what follows the colon, read as a lead of it.

    ``Nicht immer gilt:`` ("not always does it hold"), ``Unter Linux gilt:`` ("on Linux"), ``Für
    alle x gilt:``; not ``Es gilt:``, ``Dabei gilt:`` ("here the following holds"), a discourse
    marker (``In der Praxis gilt:``, "in practice"), nor a part of the text (``In diesem Abschnitt gilt:``).
    """
    if _after_discourse(label) == len(label.lowered):
        return None
    words = label.lowered
    if words[0] in SCOPE_OPENERS_BY_LANGUAGE["de"] and SELF_REFERENCES_BY_LANGUAGE["de"].isdisjoint(words):
        return _KINDS["scope"]
    return lead_limit(label)


_LABEL_WORDS = 6  # words (characters of Chinese or Japanese) a denial's label before a colon has at most
# The labels of Thai, Chinese, Japanese and Korean (from U+0E00 on), read at a label's end too: their
# words run together ("よくある誤解", "common misconception"), Korean's in the joined label.
_UNSPACED_DENIAL_LABELS = tuple(label for label in DENIAL_LABELS if label[:1] >= "\u0e00")
_NEAR_COLON = 3  # words before a colon a frame of what follows it stands in
_NEAR_COLON_UNSPACED = 5  # the same in characters of Chinese or Japanese


def _colon_condition(cut: Cut) -> str | None:
    start = _after_discourse(cut)
    classes = cut.scan.classes
    opening = classes[start] if start < len(classes) else _NO_CLASS
    found = next((name for name in _COLON_OPENING if name in opening), None)
    if found is None:
        # A frame that ends the clause before the colon frames what follows it: "旧版文档错误地写道"
        # ("the old docs wrongly wrote"), "Critics argue:"; one further back frames its own clause
        # ("这并不是说堆比栈更好", "this is not to say the heap is better", then its colon), unless
        # that clause says it speaks of what follows: "The old manual wrongly states the
        # following:", "古い文書には誤って次のように書かれていました". Its clause only: from its last
        # comma ("The server is slow, critics say, and the result is as follows:" frames nothing).
        near = len(classes) - (_NEAR_COLON_UNSPACED if cut.scan.unspaced else _NEAR_COLON)
        if ":" in cut.after:
            clause = max((p for p in range(start, len(classes)) if _COMMA.search(cut.seps[p])), default=start)
            near = clause if points_forward(cut.lowered[clause:]) else near
        frame = next((p for p in range(max(start, near), len(classes)) if classes[p] & _FRAMES), None)
        return None if frame is None else _KINDS["denial" if "denial" in classes[frame] else "distancing"]
    # A quantifier opening the colon's clause is named as a condition: the clause is one ("Only when ...:").
    return _KINDS["condition" if found == "quantifier" else found]


_KINDS = {
    "distancing": "a distancing frame",
    "denial": "a negating frame",
    "condition": "a condition or exception",
    "exception": "a condition or exception",
    "negation": "a negation",
    "quantifier": "a limiting phrase",
    "hedge": "a hedge",
    "modal": "a modal",
    "contrast": "a following contrast",
    "number": "a number",
    "scope": "a restriction on whom or what it applies to",
}
_LIMITING = frozenset(_KINDS) - {"modal", "number", "scope"}
_CONDITIONAL = frozenset({"condition", "exception"})
_ASIDE_LIMITS = frozenset({"quantifier", "hedge"})
_ILLUSTRATING = frozenset({"examples", "discourse"})
# Frames that say the source does not assert what follows them: it reports it, or denies it.
_FRAMES = frozenset({"distancing", "denial"})
# What opening the clause before a colon limits what follows the colon ("Möglicherweise gilt: ..."), in this order.
_COLON_OPENING = ("exception", "condition", "quantifier", "denial", "distancing", "hedge")


def unread(cut: Cut) -> str | None:
    """What a cut leaves out when its language is none the lexicon reads, for a person to read, or ``None``.

    Where the words around the cut are of none the lexicon is written for (`unread_language`:
    Greek, Arabic, Hindi, Turkish ``ş``, Vietnamese ``ơ``, Italian ``della``), no rule here can
    tell a condition or a negation left out from a neutral clause, so none is taken for neutral:
    Arabic's ``إذا`` (if) or ``ليس`` (not) before the quote is one.
    """
    if not cut:
        return None
    index = cut._index
    if not index.derived("may_be_unread", lambda index: may_be_unread(index.folded.text)):
        return None  # an English text, told once for the document
    first, end = max(0, cut.first - _CONTEXT), min(len(index), cut.last + 1 + _CONTEXT)
    evidence = unread_language(index.folded.text[index.starts[first] : index.ends[end - 1]], lambda: cut.language)
    if evidence is None:
        return None
    return f"words in a language whose conditions and negations step 1 does not read (its {evidence})"


def lead_limit(cut: Cut, *, near_only: bool = False) -> str | None:
    """What the words before a quote limit in it (``a condition``...), or ``None`` when they are neutral.

    ``near_only`` reads only the words right before the quote (a negation, quantifier, modal or
    hedge on the phrase it starts with): what governs the sentence from afar (a condition, a
    distancing frame, a negated subject) limits no claim of a quote that quotes of the sentence
    only such a phrase (`phrase_before_stop`).
    """
    # Without a word that may limit (most cuts), the words are not read: `_lead_limit` would find none.
    if not cut:
        return None
    if _lead_may_limit(cut):
        return _lead_limit(cut, near_only)
    # A scope phrase, or a Chinese supposition, holds no word the prefilter looks for: read them here
    # too, so that this answer stays the one `_lead_limit`, reading every word, gives.
    return _unmarked_lead_limit(cut, near_only)


def _lead_limit(cut: Cut, near_only: bool = False) -> str | None:
    scan, lowered = cut.scan, cut.lowered
    size = len(lowered)
    start = _after_discourse(cut)
    if start >= size:
        return None
    clause = max((b for b in scan.boundaries if b >= start), default=start)
    aside = _aside_limit(cut, _aside_before(cut))
    if aside is not None:
        return aside  # "The server (if enabled) [rejects ...]"
    outside = _outside_asides(cut, clause, lead=True)
    # A condition opening the sentence governs every clause of it; one inside, only its own.
    opening = scan.classes[start] & _CONDITIONAL
    inside = next((p for p in outside if scan.classes[p] & _CONDITIONAL), None)
    if not near_only and (opening or inside is not None):
        return _KINDS["exception" if "exception" in (opening or scan.classes[inside or 0]) else "condition"]
    frame = (
        None
        if near_only
        else next((p for p in outside if _distancing(cut, p) and not _frames_words_before(cut, start, p)), None)
    )
    if frame is not None:
        return _KINDS["denial" if "denial" in scan.classes[frame] else "distancing"]
    if not near_only and _negated_complement(cut, start):
        return _KINDS["denial"]
    if _quote_opens_with_contrast(cut):
        # "[The program won't panic,] but the variable [...]": the quote opens a clause of its own,
        # which a negation, quantifier, modal or hedge inside the clause before does not govern;
        # one opening the sentence does ("Only when ..., but", "In theory, ..., but").
        limit = next(
            (
                name
                for name in _OPENING_LIMITS
                if name in scan.classes[start] and (name != "hedge" or _sets_off(cut, start, "hedge"))
            ),
            None,
        )
        if near_only or limit is None:
            return _unmarked_lead_limit(cut, near_only)
        return _KINDS[limit]
    if _reason_clause(cut, clause):
        return None  # "Because the value is not cached, [the server ...]": its negation is its own
    near = _NEAR_UNSPACED if scan.unspaced else _NEAR
    tail = size
    while tail > clause:
        # Read through "be", "also", an article, and "not only": "may not only [patch]" is a modal's.
        if lowered[tail - 1] in _THROUGH:
            tail -= 1
        elif tail - 2 >= clause and additive_at(lowered, cut.seps, tail - 2, cut.language):
            tail -= 2
        else:
            break
    for p in outside:
        # A negation or quantifier governs the quote from the clause's subject ("No client", "Not all",
        # "Only tokens") or from right before it ("does not [accept]", "MUST NOT [be]").
        governs = (p < clause + _SUBJECT and not near_only) or p >= tail - near - 1
        if governs and "negation" in scan.classes[p] and not (p == size - 1 and or_not(lowered, cut.seps[size])):
            return _KINDS["negation"]
        if governs and "quantifier" in scan.classes[p]:
            return _KINDS["quantifier"]
    if not near_only and (
        (_frames_bare(lowered, cut.seps, size - 1) and _opens_clause(cut._index, cut.last + 1))
        or (
            size > 1
            and lowered[-1] == "that"
            and cut.seps[-2] == " "
            and not (lowered[-2] in _CHECKING and size > 2 and lowered[-3] in _CHECKERS)
            and _frames_bare(lowered, cut.seps, size - 2)
        )
    ):
        # After a negation's reading: "Never assume [the input is valid]" is one.
        return _KINDS["distancing"]  # "We think [the server ...]", "who says [Clinton ...]", "assume that"
    if not near_only and "hedge" in scan.classes[start] and _sets_off(cut, start, "hedge"):
        return _KINDS["hedge"]  # "Typically, ...", "Peut-être que ...": a hedge on the whole sentence
    # Only words outside quotation marks: the "OPTIONAL" of 'The key words "MUST" ... and "OPTIONAL"
    # [in this document]' is a keyword named, which governs nothing.
    kept = set(outside)
    for p in range(max(tail - near, clause), size):
        if p not in kept:
            continue
        for name in ("modal", "hedge"):
            if name in scan.classes[p]:
                return _KINDS[name]
    return _unmarked_lead_limit(cut, near_only)


def _negated_complement(cut: Cut, start: int) -> bool:
    """Whether the quote stands in the complement of a negated verb of the lead, read from word ``start``.

    ``should not assume that [a slightly different reference URI will ...]``, ``does not mean
    that``, ``heißt nicht, dass``, ``не значит, что``: the source does not say what the quote says.
    A negation and a verb of meaning or supposing (`NEGATED_FRAME_VERBS_BY_LANGUAGE`: not ``is not
    surprising that``, ``is not flushed so that``) in the few words before a complementizer
    (`_COMPLEMENTIZERS`), with no independent clause started after it but an aside of a few words
    between commas (``, though equivalent,``).
    """
    lowered, seps, classes = cut.lowered, cut.seps, cut.scan.classes
    for c in range(start + 2, len(lowered)):
        if lowered[c] not in _COMPLEMENTIZERS:
            continue
        before = range(max(start, c - _FRAME_VERB_WORDS), c)
        if any("negation" in classes[n] for n in before) and any(lowered[n] in _FRAME_VERBS for n in before):
            return all(_aside_at(seps, b) for b in cut.scan.boundaries if b > c)
    return False


_FRAME_VERBS = frozenset().union(*NEGATED_FRAME_VERBS_BY_LANGUAGE.values())


def _aside_at(seps: Sequence[str], at: int) -> bool:
    """Whether the words from ``at`` are an aside of a few words that a comma closes (``, though equivalent,``)."""
    return any(_COMMA.search(sep) for sep in seps[at + 1 : at + 1 + _FRAME_VERB_WORDS])


_FRAME_VERB_WORDS = 3  # words from a negation to the complementizer of its verb: "not necessarily mean that"


def _reason_clause(cut: Cut, clause: int) -> bool:
    """Whether the lead's last clause, from word ``clause`` to the quote, says why or concedes (`opens_reason`).

    Opened by ``Because``, ``Da``, ``因为``, ``Although`` and closed by the comma before the quote alone (no
    comma inside: ``Because X, typically [...]`` has a hedge of the quote's own clause after it),
    or ended by ``ので``, ``때문에``.
    """
    lowered, seps, classes = cut.lowered, cut.seps, cut.scan.classes
    if ends_reason(lowered[clause:]):
        # Not one a limit opens: "通常、キャッシュが空なので、" ("Usually, as the cache is empty,")
        # hedges the quote's clause.
        return not classes[clause] & _LIMITING
    # Closed by the comma before the quote: "Since the only [string comparison operations ...]" is
    # a clause the quote is inside of, its "only" the quote's. Thai sets a clause off with a space
    # ("เนื่องจากนี่เป็นสาเหตุของข้อผิดพลาดที่พบบ่อย [...]", "as this is a common cause of bugs").
    if _thai(lowered[-1][-1:]) and seps[-1] == " ":
        clause = max((q for q in range(clause + 1, len(lowered)) if " " in seps[q]), default=clause)
        # Not one of its opener and a limit only: "เนื่องจากโดยปกติ [...]" ("because usually [...]")
        # says why in the quote's words, its hedge theirs.
        body = _after_opener(lowered, clause)
        closed = any(not classes[q] for q in range(body, len(lowered))) and not any(
            map(_COMMA.search, seps[clause + 1 : -1])
        )
    else:
        closed = bool(_COMMA.search(seps[-1])) and not any(map(_COMMA.search, seps[clause + 1 : -1]))
    # A concessive clause too, opening the sentence: "Although many URI schemes are named after
    # protocols, [this does not ...]", "However, although [...],"; not one "while" opens, which may
    # say when ("While no lock is held, [...]"), nor one after a limit of the quote's clause
    # ("Sometimes, though, [...]", "Typically, although [...],").
    concedes = (
        lowered[clause] != "while"
        and not any(classes[q] - _TYING for q in range(clause))
        and len(lowered) - clause > 2
        and (lowered[clause] in _CONCESSIVES or " ".join(lowered[clause : clause + 2]) in _CONCESSIVES)
    )
    return closed and (concedes or opens_reason(lowered[clause:], cut.language))


_THAI_REASONS = tuple(REASONS_BY_LANGUAGE["th"])


def _after_opener(lowered: Sequence[str], clause: int) -> int:
    """Where the Thai words from ``clause`` go on past the reason that opens them (`REASONS_BY_LANGUAGE`)."""
    joined = "".join(lowered[clause:])
    opener = next((reason for reason in _THAI_REASONS if joined.startswith(reason)), "")
    at, length = clause, 0
    while at < len(lowered) and length < len(opener):
        length += len(lowered[at])
        at += 1
    return at


def _unmarked_lead_limit(cut: Cut, near_only: bool) -> str | None:
    """A limit of the words before a quote that no word class marks, read unless ``near_only``.

    The restriction of a scope phrase (`_fronted_scope`), or a Chinese supposition (`_supposes`).
    """
    if near_only:
        return None
    if _fronted_scope(cut):
        return _KINDS["scope"]
    return _KINDS["distancing"] if _supposes(cut) else None


def _supposes(cut: Cut) -> bool:
    """Whether a Chinese lead ends with "suppose" alone in its clause: ``继续类比, 假设[有一个服务员...]``.

    Right before the quote, after a comma or opening the sentence: elsewhere 假设 is as often the
    noun "hypothesis" (``零假设``), which `DISTANCING_BY_LANGUAGE` leaves out for that.
    """
    index, last = cut._index, cut.last
    start = last - 1
    if start < max(cut.first, 0) or "".join(index.keys(start, last + 1)) not in _SUPPOSE:
        return False
    return start == cut.first or bool(_COMMA.search(index.between(start)))


_SUPPOSE = frozenset({"假设", "假設", "假定", "设想", "設想"})


_OPENING_LIMITS = ("negation", "quantifier", "hedge", "modal")


def _quote_opens_with_contrast(cut: Cut) -> bool:
    """Whether the quote opens with a "but" after the lead's comma (``, but``, ``, mais``): a clause of its own.

    A negation, quantifier, modal or hedge of the clause before then governs that clause, not the
    quote; a condition or a frame anywhere before it still governs both (`_lead_limit` reads those
    first). Not "although" nor "however" (`_CLAUSE_BUT`): ``Some think that, although [...]`` frames what
    follows; nor a "but" without the comma before it.
    """
    index, first = cut._index, cut.last + 1
    if first >= len(index) or not _COMMA.search(index.between(first)):
        return False
    key = index.key(first)
    return key in _CLAUSE_BUT or (_unspaced_char(key) and "".join(index.keys(first, first + 2)) in _CLAUSE_BUT)


def _fronted_scope(cut: Cut) -> bool:
    """Whether the words before a quote are one phrase, set off by a comma, that says whom, where or when it holds.

    ``For public clients using implicit flows, [this specification does not ...]``, ``In embryonal
    tumors, [...]``, ``对于公开客户端\uff0c[...]``, ``公開クライアントでは、[...]``: opened by a
    preposition (`SCOPE_OPENERS_BY_LANGUAGE`), or in Japanese and Korean ended by its particle,
    after any discourse marker or contrast set off before it, and not one that points at the text
    itself or says why it is put (`SELF_REFERENCES_BY_LANGUAGE`: ``In this chapter,``, ``For
    simplicity,``).
    """
    index = cut._index
    longest = _SCOPE_CHARACTERS if _unspaced_char(index.key(cut.last)[:1]) else _SCOPE_WORDS
    # With no comma, as Russian and Thai write it and English may, two or three words that name
    # what they restrict ("On Linux [the server ...]", "In Python 3", "In 2019", Russian "V Linux"):
    # without the comma only names tell where the phrase ends; "In the [general case, ...]",
    # "In diesem [Abschnitt ...]" start the quote inside it. Not "Of" (a partitive sets its comma
    # off), nor a quote a coordinator opens ("On Linux [and macOS the server ...]") or whose
    # comma comes in its first words ("For Standards [Track RFCs, list ...]").
    after = index.between(cut.last + 1)
    set_off = bool(_COMMA.search(after)) or (
        after == " "
        and _named_phrase(index.words(cut.first, cut.last + 1))
        and cut.language != "de"  # which writes every noun with a capital ("Im Vergleich [dazu ...]")
        and index.key(cut.first) != "of"
        and index.key(cut.last + 1) not in _COORDINATORS
        # In Latin script, a clause opens with a subject the closed lists know: "In React
        # [components declared as ...,]" and "For API [changes ...]" start inside the phrase.
        and _opens_a_clause(index, cut.last + 1)
        and not any(_COMMA.search(index.between(p)) for p in range(cut.last + 2, cut.last + 2 + _SCOPE_WORDS_NO_COMMA))
    )
    if not set_off or cut.last - cut.first >= longest:
        return False  # the common case, told without reading the words
    if not _may_open_scope(cut):
        return False  # no word after the cut's last comma opens a phrase: told from the keys alone
    lowered, seps, classes = cut.lowered, cut.seps, cut.scan.classes
    start = end = _after_discourse(cut)
    # A contrast set off before the phrase ("However, in ...") ties the sentence to the one before;
    # Chinese sets none off ("不过在像 Rust 这样的语言中").
    while end < len(lowered) and "contrast" in classes[end]:
        end += 1
    if start < end < len(lowered) and (_COMMA.search(seps[end]) or cut.scan.unspaced):
        start = end
    phrase = lowered[start:]
    if (
        not phrase
        or any(map(_COMMA.search, seps[start + 1 : len(lowered)]))
        or any(found - _JOINING for found in classes[start:])
    ):
        return False  # no phrase, several, or one of words with a class of their own ("En revanche,")
    if len(phrase) == 2 and phrase[1] in _PRONOUNS:
        return False  # "For that,", "Of these,": what it points back at is not in the sentence
    if phrase[0] in _PURPOSE and len(phrase) > 1 and phrase[1].endswith(_INFINITIVE):
        return False  # "Para hidratar seu aplicativo,", "Pour installer le paquet,": why, not for whom
    if cut.scan.unspaced or _hangul(phrase[-1]):
        joined = ("" if cut.scan.unspaced else " ").join(phrase)
        # A particle alone is none: Japanese "では、" opening a sentence is "well, then".
        scoped = joined.startswith(_UNSPACED_SCOPE_OPENERS) or (
            joined.endswith(_SCOPE_ENDERS) and joined not in _SCOPE_ENDERS
        )
        # "Listing 8-1에서는": the English name of a listing in Korean text points at the text too.
        return scoped and not any(word in joined for word in _UNSPACED_SELF_REFERENCES) and _SELF_EN.isdisjoint(phrase)
    language = cut.language
    if language is None and phrase[0] in _ENGLISH_ONLY_OPENERS:
        language = "en"  # "Among children younger than three years," in a text too short to tell
    if len(phrase) > (_SCOPE_WORDS if language in _COMMA_AFTER_SCOPE else _SCOPE_WORDS_VERB_SECOND):
        return False
    language = language or "en"
    if len(phrase) == 3 and phrase[1] in _NUMBERED_PARTS and _NUMERAL.fullmatch(phrase[2]):
        return False  # "In Algorithm 1 [we sort ...]", "In Part II": a numbered part of the text points at it
    return phrase[0] in SCOPE_OPENERS_BY_LANGUAGE[language] and SELF_REFERENCES_BY_LANGUAGE[language].isdisjoint(phrase)


def _opens_a_clause(index: WordIndex, at: int) -> bool:
    """Whether the quote that starts at ``at`` opens a clause, as one after a scope phrase with no comma does.

    In Latin script: with a subject the closed lists know (``the``, ``we``: `_CLAUSE_STARTS`), a
    quantifier (``every object``, ``all methods``), an auxiliary or a copula in its first words
    (``strings are``, ``third-party cookies are``), or a name and a verb in ``-s`` (``Docker
    requires``). Not the words of a longer phrase the quote starts inside (``In React [components
    declared as ES6 classes, ...]``, ``For API [changes ...]``). A word outside ASCII may be of a
    script without spaces, read otherwise.
    """
    first = index.key(at)
    if not first.isascii() or first in _CLAUSE_STARTS or first in _SUBJECT_QUANTIFIERS:
        return True
    following = index.keys(at + 1, at + 1 + _SCOPE_WORDS_NO_COMMA)
    if not _AUXILIARIES.isdisjoint(following):
        return True
    return bool(following) and following[0].endswith("s") and index.words(at, at + 1)[0][:1].isupper()


_SUBJECT_QUANTIFIERS = frozenset({"every", "all", "each", "no", "most", "many", "some", "any", "few", "both"})
_AUXILIARIES = frozenset({"is", "are", "was", "were", "has", "have", "had", "can", "cannot", "could", "must"})
_AUXILIARIES |= {"should", "will", "would", "may", "might", "does", "do", "did", "isn't", "aren't", "doesn't"}
_AUXILIARIES |= {"don't", "can't", "won't", "wasn't", "weren't", "hasn't", "haven't"}
# The parts of a text that are numbered (with the parts `SELF_REFERENCES_BY_LANGUAGE` names alone):
# not "phase", "stage", "version", a time or a release ("In Phase 2, the server ...").
_NUMBERED_PARTS = frozenset({"algorithm", "lesson", "part", "task", "lab", "module", "unit", "week", "lecture"})
_NUMBERED_PARTS |= {"definition", "proof", "claim", "remark", "note", "problem", "question", "box"}
_NUMERAL = re.compile(r"\d[\w.-]*|[ivxlc]+|[a-z]")


def _named_phrase(words: Sequence[str]) -> bool:
    """Whether words are a word that opens them and one or two names or numbers (``On Linux``, ``บน Linux``).

    A name or a number: a capital or a digit opens it (``Linux``, ``Python 3``, ``2019``). A Thai
    or Chinese opener is a word a character.
    """
    at = 1
    while at < len(words) and _unspaced_char(words[0][:1]) and _unspaced_char(words[at][:1]):
        at += 1
    named = words[at:]
    return 0 < len(named) < _SCOPE_WORDS_NO_COMMA and all(word[:1].isupper() or word[:1].isdigit() for word in named)


def _may_open_scope(cut: Cut) -> bool:
    """Whether `_fronted_scope`'s phrase may open with a word of `SCOPE_OPENERS_BY_LANGUAGE`: told from the keys.

    The phrase has no comma inside, and a discourse marker before it stands off with one
    (`_after_discourse`), so in words of ASCII it opens right after the cut's last comma (at its
    first word without one): that word must open a scope, in any language, without the cut's scan,
    which a neutral lead (``Other details (e.g., postal address,``) never needs otherwise. A key
    outside ASCII may be a word of a script without spaces, read otherwise.
    """
    index = cut._index
    first = opens = max(cut.first, 0)
    for position in range(cut.last, first, -1):
        if not index.key(position).isascii():
            return True
        if _COMMA.search(index.between(position)):
            opens = position
            break
    opener = index.key(opens)
    return opener in _ANY_SCOPE_OPENER or not opener.isascii()


# Compared with the index's keys too: the lists write each word as its key also ("ausserhalb").
_ANY_SCOPE_OPENER = frozenset().union(*SCOPE_OPENERS_BY_LANGUAGE.values())


def _hangul(word: str) -> bool:
    return any("\uac00" <= char <= "\ud7a3" for char in word)


_JOINING = frozenset({"joiner"})  # "In Media and Advertising,": one phrase still
_PRONOUNS = frozenset({"this", "that", "these", "those", "it", "them", "which", "cela", "ceci", "isso", "dies"})
# Portuguese, Spanish "para" and French "pour" before an infinitive say what for ("in order to"), as
# English "In order to" does (`SELF_REFERENCES_BY_LANGUAGE`).
_PURPOSE = frozenset({"para", "pour"})
_INFINITIVE = ("ar", "er", "ir", "or", "re")
_SCOPE_WORDS = 12  # words a scope phrase before a quote has at most
_SCOPE_CHARACTERS = 24  # the same in characters of Chinese or Japanese, a word being one to three
# German and Russian put the verb right after a fronted phrase, with no comma: a comma after more
# than a few words closes a clause ("In C++ wird dieses Muster, [...]"), not a phrase. So may a text
# whose language is not told.
_COMMA_AFTER_SCOPE = frozenset({"en", "fr", "pt", "es"})
_ENGLISH_ONLY_OPENERS = SCOPE_OPENERS_BY_LANGUAGE["en"] - SCOPE_OPENERS_BY_LANGUAGE["de"]
_SCOPE_WORDS_VERB_SECOND = 3
_SCOPE_WORDS_NO_COMMA = 3  # words a scope phrase without a comma has at most; the quote's first words without one
_UNSPACED_SCOPE_OPENERS = tuple(SCOPE_OPENERS_BY_LANGUAGE["zh"] | SCOPE_OPENERS_BY_LANGUAGE["th"])
_SCOPE_ENDERS = tuple(SCOPE_OPENERS_BY_LANGUAGE["ja"] | SCOPE_OPENERS_BY_LANGUAGE["ko"])
_SELF_EN = SELF_REFERENCES_BY_LANGUAGE["en"]
_UNSPACED_SELF_REFERENCES = frozenset().union(*(SELF_REFERENCES_BY_LANGUAGE[lang] for lang in ("zh", "ja", "ko", "th")))


def trail_limit(cut: Cut) -> str | None:
    """What the words after a quote limit in it (``a following contrast``...), or ``None`` when neutral."""
    if not cut:
        return None
    if _trail_may_limit(cut) or _after_number(cut) or _korean_can(cut) or _announced_contrast(cut) or _final_mood(cut):
        return _trail_limit(cut)
    # Without a word that may limit, nor a number before that the cut's first word may be the unit
    # of, `_trail_kind` would find nothing: only what no word class marks is left.
    kind = _unmarked_limit(cut)
    return None if kind is None or reference(cut) else kind


def _announced_contrast(cut: Cut) -> str | None:
    """``a following contrast`` when the quote ends with the "but" that opens the words after it.

    ``[This rule may seem intuitive, but] it gets complicated``, ``[...보일 수도 있지만], ...``,
    ``[...かもしれませんが]、...``: the source's point is the clause the quote leaves out.
    """
    index, first = cut._index, cut.first
    if first < 1:
        return None
    tail = "".join(index.keys(max(first - 4, 0), first))  # "けれども", a kana a word
    last = index.key(first - 1)
    if (
        # After its comma, opening a clause: not "[...], nicht aber" ("but not") before its object.
        (last in _CLAUSE_BUT and (_unspaced_char(last[:1]) or bool(_COMMA.search(index.between(first - 1)))))
        or (_unspaced_char(last[:1]) and tail[-2:] in _CLAUSE_BUT)  # "但是": a character a word
        or (tail.endswith(_ANNOUNCING) and not _after_preface(cut))
        or last.endswith("\uc9c0\ub9cc")  # Korean -지만
    ):
        return _KINDS["contrast"]
    return None


# Japanese "but" after a predicate: "ませんが", "ですが", "見たが", "けど"; not が after a noun, its
# subject's ("いすが", "みかんが").
_ANNOUNCING = ("ますが", "ですが", "せんが", "たが", "だが", "けど", "けれど", "けれども")


def _korean_can(cut: Cut) -> str | None:
    """``a modal`` or ``a hedge`` when the words after a Korean quote are "수 있다" or "수도 있다" ("can", "might").

    ``[에러를 야기할] 수도 있습니다``: the quote says the verb happens. Korean's bound noun of ability
    and possibility, before 있다 or 없다: "사용자 수" is "the number of users".
    """
    index, first = cut._index, cut.first
    for at in range(first, min(first + _KOREAN_CAN_REACH, len(index) - 1)):
        if at > first and index.between(at).strip():
            return None  # a mark ends the clause
        kind = _KOREAN_CAN.get(index.key(at))
        if kind is not None and index.key(at + 1)[:1] in "\uc788\uc5c6":
            return _KINDS[kind]
    return None


_KOREAN_CAN = {"\uc218": "modal", "\uc218\ub3c4": "hedge"}
_KOREAN_CAN_REACH = 3  # words from the quote's end to the 수 of "-ㄹ 수(도) 있다": "[빠지게] 될 수도 있다"


def asks(index: WordIndex, trail: Cut, last: int) -> bool:
    """Whether the question a quote's clause is part of asks it: its sentence ends with a question mark in that clause.

    ``trail``: the rest of the sentence after the quote's last word ``last``. A question in a
    clause after a comma, a semicolon or a dash ("[most clients cache it], so why would anyone
    disable it?") asks something else.
    """
    end = trail.last if trail else last
    if not _QUESTION.search(index.between(end + 1)) or _has_break(index, end, end + 1):
        return False
    return not trail or not any(_CLAUSE_BREAK.search(sep) for sep in trail.seps[:-1])


_CLAUSE_BREAK = re.compile("[,;:\u2013\u2014\uff0c\u3001\uff1b]| - ")
_QUESTION = re.compile(r"^[\"'\u201d\u2019)\]]*[?\uff1f]")


def _unmarked_limit(cut: Cut) -> str | None:
    """A limit of the words after a quote that no word class marks: a restriction, a refutation, a source."""
    return _restriction(cut) or _refutation(cut) or _attribution(cut)


def _attribution(cut: Cut) -> str | None:
    """``a distancing frame`` when the words after a quote are German ``so`` and its sayer (``, so die Kritiker``).

    "[...], according to the critics": German's verbless comment clause, which ends the sentence.
    """
    if cut._index.key(max(cut.first, 0)) != "so":
        return None  # told from the first key: the cut's words are not read
    text = cut.before + cut.text
    if _ATTRIBUTED.fullmatch(text) or (cut.language == "de" and _ATTRIBUTED_TO_NAME.fullmatch(text)):
        return _KINDS["distancing"]
    return None


# ", so die Kritiker", " - so ein Sprecher", ", so jedenfalls die Autoren der Studie (2020)": an
# article and a noun (German writes it with a capital), a few words more, to the sentence's end;
# in a German text, a name or a noun alone too (", so Müller", ", so Kritiker"). Not "[...], so
# dass es passt", "so ist es": a clause.
_SAYER = r"[A-ZÄÖÜ]\w*(?:[ -]\w+){0,3}(?:\s*\(\d{4}\)?)?\s*"  # its closing bracket is no word
_ATTRIBUTED = re.compile(rf"\s*[,\u2013\u2014-]\s*so\s+(?:jedenfalls\s+)?(?:der|die|das|den|ein|eine|einer)\s+{_SAYER}")
_ATTRIBUTED_TO_NAME = re.compile(rf"\s*[,\u2013\u2014-]\s*so\s+(?:jedenfalls\s+)?{_SAYER}")


def _refutation(cut: Cut) -> str | None:
    """``a negating frame`` when the words right after a quote say it is false (``- this turned out to be false``)."""
    text = cut.before + cut.text
    return _KINDS["denial"] if _REFUTED.match(text) or _REFUTED_UNSPACED.search(text) else None


# What takes back the clause it follows, right after it: a word that refers to it after a dash, a
# comma or nothing ("- this turned out to be false", ", which is not true", "- ce qui est faux");
# not a clause of its own that says something else is false (", because the header is wrong",
# "- the default is false"). In Japanese, Chinese, Korean and Thai, in the rest of the sentence
# ("[...]と書かれていたが、これは誤りだった", "[...]是错误的").
_REFUTED = re.compile(
    r"\s*(?:[-\u2013\u2014,;(]\s*)?(?:which|this|that|it|what)\s+"
    r"(?:\w+\s+){0,3}(?:is|was|were|are|turned out to be|proved|proved to be|has been|has since been)\s+"
    r"(?:false|untrue|wrong|incorrect|not true|not the case|debunked|disproven|disproved|refuted"
    r"|an?\s+(?:(?:common|popular|widespread|persistent|dangerous|old|pervasive|frequent)\s+)?"
    r"(?:myth|misconception|fallacy))\s*(?:[.,;:!?)]|$)"
    # "- a claim that has since been disproven"
    r"|\s*[-\u2013\u2014,;(]\s*an?\s+(?:claim|belief|view|idea)\s+(?:\w+\s+){0,4}"
    r"(?:debunked|disproven|disproved|refuted)\b"
    # ", was sich als falsch herausstellte", ", что оказалось ошибкой", "- ce qui est totalement faux":
    # before the predicate, an article or an adverb that only strengthens it (not "nicht", "pas",
    # "ou": "das ist nicht falsch", "c'est vrai ou faux"); after it, the clause ends, or a
    # verb-final German copula or an adjective of a myth comes first ("um mito comum").
    r"|\s*[-\u2013\u2014,]\s*(?:ce qui est|c'est|o que é|isso é|was|das ist|это|что)\s+"
    r"(?:(?:sich als|ein verbreiteter|eine verbreitete|ein|eine|une|un|um|uma|nachweislich|völlig|schlicht"
    r"|totalement|complètement|absolument|bien sûr|évidemment|completamente|totalmente|absolutamente"
    r"|оказалось|было|совершенно|абсолютно|распространённое|распространенное|распространённый"
    r"|распространенный|частое)\s+)?"
    r"(?:faux|inexact|falso|incorreto|falsch|неверно|неправда|ошибкой|заблуждение|миф|mythe"
    r"|idée reçue|mito|irrtum|mythos)(?:\s+(?:ist|war|sei|herausstellte|erwies|comum|commun|répandu))?\s*"
    r"(?:[.,;:!?()\[\]]|$|\s(?:et|and|und|e|и|depuis|seit|since|desde|\u0441)\s)",
    re.IGNORECASE,
)
_REFUTED_UNSPACED = re.compile(
    "これは誤り|誤りだった|間違いだった|是错误的|是錯誤的|是错的|是錯的|并不正确|並不正確|사실이아니|ไม่เป็นความจริง"
)


def _restriction(cut: Cut) -> str | None:
    """What the phrase right after a quote restricts of its last words, in English, or ``None``.

    A threshold (``is free [for orders over $49]``), a rate on the quote's last number (``1 point
    [for every $1 spent]``), or the restrictive clause of a noun the quote quantifies (``any
    deliveries [that have already been processed]``): the quote alone says more than the source.
    """
    if cut._index.key(cut.first) not in _RESTRICTION_OPENERS or cut.before.strip() or cut.first < 1:
        return None  # set off by a comma or a stop: not a restriction of the words before it
    index, lowered = cut._index, cut.lowered
    clause = lowered[: next((p for p in range(1, len(lowered)) if _PHRASE_END.search(cut.seps[p])), len(lowered))]
    quoted = index.keys(max(0, cut.first - 3), cut.first)
    rate = tuple(clause[:2]) in _RATES or clause[:1] == ["per"]
    if rate and any(any(c.isdigit() for c in word) for word in quoted[-2:]):
        return _KINDS["number"]
    # A noun the quote quantifies, then what restricts it ("any deliveries [that have ...]", "every
    # customer [with a paid plan]"); not a quote that ends on "of" or "for" ("each of [which]").
    restricted = (
        clause[0] in _RESTRICTIVE | _RESTRICTING_PREPOSITIONS and quoted[-1:] and quoted[-1] not in _RESTRICTORS
    )
    if restricted and not _QUANTIFIED.isdisjoint(quoted):
        return _KINDS["quantifier"]
    if clause[0] not in _FOR_WHOM:
        return None  # "[trained] over 3 epochs", "[met] with more than 40": how, not for whom
    for p, word in enumerate(clause[:_THRESHOLD_WORDS]):
        compared = word in _COMPARATIVES or (word == "than" and p > 0 and clause[p - 1] in _MORE_OR_LESS)
        if compared and any(any(c.isdigit() for c in w) for w in clause[p + 1 : p + 3]):
            return _KINDS["condition"]
    # Whom it holds for, the sentence's last words: "[points expire after 12 months] for premium
    # members", a group a word before its noun singles out; not all of them ("for all customers"),
    # nor a group with none ("[what's possible] for customers", "for our customers").
    if (
        clause[0] == "for"
        and 3 <= len(clause) <= _GROUP_WORDS
        and clause[-1] in _GROUPS
        and clause[-2] not in _UNRESTRICTING
        and _QUANTIFIED.isdisjoint(clause)
    ):
        return _KINDS["scope"]
    return None


_PHRASE_END = re.compile(r"[,;:.?!()\[\]\u3001\u3002\uff0c]")
_RATES = frozenset({("for", "every"), ("for", "each"), ("every",), ("each",)})
_RESTRICTIVE = frozenset({"that", "who", "whom", "whose", "which"})
_RESTRICTING_PREPOSITIONS = frozenset({"with", "without", "from", "in", "on", "under"})
_FOR_WHOM = frozenset({"for", "to"})  # a threshold on whom or what the quote holds for: "for orders over $49"
_QUANTIFIED = frozenset({"any", "all", "every", "each", "no"})
_COMPARATIVES = frozenset({"over", "under", "above", "below", "exceeding", "beyond"})
_MORE_OR_LESS = frozenset({"more", "less", "greater", "fewer", "higher", "lower", "larger", "smaller"})
_THRESHOLD_WORDS = 8  # words of the trail's first phrase a threshold is looked for in
_GROUP_WORDS = 5  # "for new premium plan members"
_UNRESTRICTING = frozenset(
    {"the", "our", "your", "their", "its", "his", "her", "my", "these", "those", "such", "other"}
)
# Whom a rule holds for: the nouns that end "for premium members", "for EU customers".
_GROUPS = frozenset(
    {
        f"{noun}{plural}"
        for noun in (
            "member", "customer", "user", "client", "subscriber", "employee", "resident", "student", "account",
            "holder", "owner", "buyer", "seller", "merchant", "patient", "citizen", "partner", "developer",
            "organization", "business", "company", "team", "plan", "tier", "household", "shopper",
        )
        for plural in ("", "s", "es")
    }
)  # fmt: skip


def stopped_short(cut: Cut) -> str | None:
    """What a quote that ends with a sentence's stop leaves out where its clause goes on in the source.

    The stop says the sentence ends there: ``Expedited shipping is available.`` of ``[...] is
    available for an additional fee.``, ``Private Claim Names are.``. The rest of the clause (the
    source goes on after a space or a line break) is then left out without an ellipsis to show it: a
    flag, for a person to look, unless it is a list of examples, a reference (``as defined in
    Section 4``) or a clause joined by ``and``. An aside in parentheses that closes right before
    the sentence's stop was left out inside the sentence the quote says it ends (``Eigentümer.``
    of ``Eigentümer (owner).``); any other aside, or a clause after a comma, is read as any cut is
    (`trail_limit`).
    """
    if not cut:
        return None
    gone_on = cut.before.lstrip(_CLOSING_MARKS)
    # One in square brackets there is a citation's key ("[ECMAScript]", "[Shi et al., 2022]").
    aside = gone_on.lstrip(" ") == "(" and _aside_ends_sentence(cut)
    # One space goes on with the clause, after an aside's closing bracket too ("(within limits) from");
    # so does nothing at all, between characters of Chinese or Japanese.
    if not aside and gone_on not in (" ", ""):
        return None
    if _examples_at(cut) or reference(cut):
        return None
    if aside:
        return "an aside in brackets"  # "nicht aber." of "nicht aber (i32, String)."
    if "joiner" in cut.scan.classes[0]:
        return None  # "[...] is available and free": what the quote says holds, and more is said
    gap = cut._index.source_between(cut.first)
    # A blank line parts two blocks (a caption and the code under it), whatever case goes on; a
    # line break before a capital may end a sentence that has no stop (a line ending with a URL).
    if _BLANK_LINE.search(gap) or ("\n" in gap and cut.words[0][:1].isupper()):
        return None
    return "the rest of its clause"


def _aside_ends_sentence(cut: Cut) -> bool:
    """Whether the trail is one aside in parentheses, closed right before the sentence's end."""
    return cut.after.split(" ", 1)[0].startswith(")") and not any(")" in sep for sep in cut.seps[1:-1])


def _trail_limit(cut: Cut) -> str | None:
    kind = _announced_contrast(cut) or _trail_kind(cut) or _korean_can(cut) or _chained_mood(cut) or _final_mood(cut)
    kind = kind or _unmarked_limit(cut)
    return None if kind is None or reference(cut) else kind


def _chained_mood(cut: Cut) -> str | None:
    """What the last predicate of a Japanese or Korean sentence says of a quote that ends in a verb chained to it.

    ``[設定ファイルを確認し]、サーバーを再起動するべきです`` ("should check ... and restart"),
    ``[파일이 존재하지 않거나], 권한이 없을지도 모릅니다`` ("maybe ... or ..."): a chained verb
    (`CHAINING_ENDINGS_BY_LANGUAGE`) takes its mood from the end of the sentence
    (`CHAINED_MOODS_BY_LANGUAGE`), which the quote leaves out. A quote cut inside the chaining
    ending (``[使っ]て、``) ends in it too.
    """
    index, first = cut._index, cut.first
    if first < 1:
        return None
    quoted = index.key(first - 1)
    language = "ko" if _hangul(quoted) else "ja" if _unspaced_char(quoted[-1:]) else None
    if language is None:
        return None
    chaining, not_chaining, means, moods = _CHAINS[language]
    tail = "".join(index.keys(max(first - _CHAINING_REACH, 0), first))  # "んで", "について": a kana a word
    lowered, seps = cut.lowered, cut.seps
    if language == "ja" and len(lowered) > 1 and not seps[0].strip() and _COMMA.search(seps[1]):
        tail += lowered[0]  # "[使っ]て、", "[コントロール]し、": the ending left to the words after
    if not tail.endswith(chaining) or tail.endswith(not_chaining):
        return None
    said = "".join(lowered)
    if language == "ja":
        # "…提供する必要があるわけです", "…できるのです": the mood before an explanatory "it is that".
        said = said.removesuffix(next((end for end in _EXPLAINING_ENDS if said.endswith(end)), ""))
    mood = next((CHAINED_MOODS_BY_LANGUAGE[language][ending] for ending in moods if said.endswith(ending)), None)
    if mood is None or (mood == "ability" and tail.endswith(means)):
        return None  # "[このオブジェクトを使用して]、...読み取ることができます": "can" over a means
    return _mood_kind(mood)


def _final_mood(cut: Cut) -> str | None:
    """The mood of a Japanese sentence whose last predicate is all the quote leaves out.

    ``[設定ファイルは起動時に読み込まれる]ことがあります`` ("is sometimes read"), ``...ことが多いです``
    ("often"), ``[パスワードを共有して]はいけません`` ("must not"): the mood
    (`FINAL_MOODS_BY_LANGUAGE`) governs the verb right before it, whatever its form; but after a
    past one ``ことがあります`` says it has been done (``[使った]ことがあります``), no hedge. Told
    from the cut's few keys, before its words are read.
    """
    first, last = max(cut.first, 0), cut.last + 1
    if not 0 < last - first <= _LONGEST_MOOD:
        return None
    said = "".join(cut._index.keys(first, last))
    mood = FINAL_MOODS_BY_LANGUAGE["ja"].get(said)
    if mood is None or (said.startswith("ことがあ") and cut._index.key(first - 1).endswith(("た", "だ"))):
        return None
    return _mood_kind(mood)


def _mood_kind(mood: str) -> str:
    """The kind of limit a Japanese or Korean mood names: "can" (``ability``) is a modal's."""
    return _KINDS["modal" if mood == "ability" else mood]


_LONGEST_MOOD = max(map(len, FINAL_MOODS_BY_LANGUAGE["ja"]))  # characters, a key each
_CHAINING_REACH = max(map(len, NOT_CHAINING_BY_LANGUAGE["ja"]))  # Japanese characters, a word each
# Japanese "(it is) that ...", longest first: "べきなのです" is "べき" explained.
_EXPLAINING_ENDS = ("なのです", "なんです", "わけです", "なのだ", "わけだ", "のです", "んです", "のだ", "んだ")
# Each language's chaining endings, the words that only end as they do, its means, and its moods, longest first.
_CHAINS = {
    language: (
        tuple(CHAINING_ENDINGS_BY_LANGUAGE[language]),
        tuple(NOT_CHAINING_BY_LANGUAGE[language]),
        tuple(CHAINED_MEANS_BY_LANGUAGE[language]),
        tuple(sorted(moods, key=len, reverse=True)),
    )
    for language, moods in CHAINED_MOODS_BY_LANGUAGE.items()
}


def _trail_kind(cut: Cut) -> str | None:
    if _after_preface(cut):
        return None  # "[詳しくは第8章で説明し]ますが、...": the rest is the point the preface leads to
    scan, lowered, seps = cut.scan, cut.lowered, cut.seps
    size = len(lowered)
    # "[...], so this exclusion may not apply to You", "[...]，因为必须通过指针来访问": a clause that  # noqa: RUF003
    # says why or what follows, whose negations, modals and contrasts are its own, to its comma;
    # what comes after that is read as any words ("[...], because they are unsafe, unless ...").
    reason_end = _reason_end(cut) if _gives_reason(cut) else 0
    for p, bracketed in _bearing(cut):
        if p < reason_end:
            continue
        # A contrast anywhere the words bear on the quote takes back some of it; a condition or an
        # exception in an aside right after the quote limits it as one set off by a comma does:
        # "[...] (if the option is enabled)", "[...] (for admins, unless disabled)", a Chinese one in
        # full-width brackets. The main reading below takes those outside brackets.
        if "contrast" in scan.classes[p]:
            return _KINDS["contrast"]
        if bracketed and scan.classes[p] & _CONDITIONAL:
            return _KINDS["exception" if "exception" in scan.classes[p] else "condition"]
    aside = _aside_limit(cut, _aside_after(cut), conditions=False)
    if aside is not None:
        return aside  # "[...] (in most cases)"
    if _comment_clause(cut):
        return _KINDS["distancing"]  # "[...], the authors argue."
    clause_end = min(scan.boundaries, default=size)
    # The adverb stands before the "as" clause's first comma: in "as assumed, for wrongly formatted
    # requests" it is another clause's; "as was falsely, and widely, reported" has it.
    as_end = next((p for p in range(1, clause_end) if _COMMA.search(cut.seps[p])), clause_end)
    if lowered[0] in _AS and any(
        "denial" in scan.classes[p] and not _SAID.isdisjoint(lowered[max(p - 3, 0) : p + 4]) for p in range(as_end)
    ):
        # "[...], as was previously wrongly reported.", "[...], as reported in error.": an "as"
        # clause of saying that denies (not "as in error cases the client retries").
        return _KINDS["denial"]
    if _denied_after(cut):
        return _KINDS["denial"]  # "The idea that [...] is wrong."
    start = max(_after_examples(cut, trailing=True), reason_end)
    if start >= clause_end:
        return None
    if start == 0 and cut.first > 0 and _quantity(cut):
        return _KINDS["number"]  # "[net 30] days": the unit of the quote's last number
    near = _NEAR_UNSPACED if scan.unspaced else _NEAR
    if _contrast_particle(cut, start):
        return _KINDS["contrast"]
    for p in _outside_asides(cut, start, clause_end):
        classes = scan.classes[p]
        # A condition anywhere in the clause the quote ends inside may limit it, even one in a
        # relative clause on its last words ("a situation that arises when ...").
        if classes & _CONDITIONAL and not _next_conjunct_aside(cut, p):
            return _KINDS["exception" if "exception" in classes else "condition"]
        close = p - start <= near or bool(_COMMA.search(seps[p]))
        if "negation" in classes and (
            p == start
            or (p - start <= near and lowered[p - 1] in _CLAUSE_WORDS)
            or (_verb_final(cut) and not any(map(_COMMA.search, seps[start : p + 1])) and _verb_negated(cut, start, p))
            or _at_german_clause_end(cut, p)
        ):
            # "[MUST] NOT", "[is] not", "[X, ] not Y"; in Japanese and Korean, the verb that ends the
            # clause the quote stops inside, with no comma between: "[マスタッシュ構文が]使えません"
            # ("cannot be used"), "[再利用する]ことが許可されていません"; not a clause after the
            # quote's comma ("[そうすると]、[...]回復不能"), nor `_verb_negated`'s idioms.
            return _KINDS["negation"]
        if "quantifier" in classes and (
            close
            or (_postposed(lowered[p], seps[p + 1]) and _one_phrase(cut, start, p))
            or _at_german_clause_end(cut, p)
        ):
            return _KINDS["quantifier"]  # "[...] at most once", "[...], in version 1 only."
        if "hedge" in classes and (close or _at_german_clause_end(cut, p)):
            return _KINDS["hedge"]
        if (
            "modal" in classes
            and p - start < near
            and (lowered[p] in _VERB_FINAL_MODALS or scan.unspaced)
            and not any(map(_COMMA.search, seps[: p + 1]))
        ):
            # "[服务器验证签名]可以...", "[빠지게] 될 수 있습니다"; not the modal of a clause after the
            # quote's comma ("[服务器验证签名]，并且可以接受...", "and can accept"), nor after the  # noqa: RUF003
            # marker the reading starts past ("[...]，然后才能...", "then only can").  # noqa: RUF003
            return _KINDS["modal"]
        if classes & _FRAMES and (
            (_COMMA.search(seps[p]) and _distancing(cut, p)) or frame_follows("".join(lowered[p:clause_end]))
        ):
            if lowered[p] in _COMPLEMENTIZERS:
                continue  # "[...], whether the last line ...": it frames the words after it, not the quote
            # "[...], critics argue", "[...], according to X"; after the clause: "[...]と主張する人もいます".
            # A claim its clause then calls false is denied: "[...]的说法是错误的" ("the claim that ... is wrong").
            denied = any("denial" in scan.classes[q] for q in range(p, clause_end))
            return _KINDS["denial" if denied else "distancing"]
    return None


def _verb_negated(cut: Cut, start: int, p: int) -> bool:
    """Whether the negation at ``p`` negates the clause a Japanese or Korean quote stops inside.

    Not after a quote that ends its clause with a conjunctive (``[保存し]``, ``[저장하고]``,
    ``[저장하므로]``), nor in an idiom that negates nothing of it: ``言うまでもありません``
    ("needless to say"), ``間違いありません`` ("no doubt"), ``問題ありません`` ("no problem"),
    ``필요가 없습니다`` ("no need"), ``제한이 없습니다`` ("no limit").
    """
    index, last = cut._index, cut.first - 1
    quoted = index.key(last) if last >= 0 else ""
    if quoted.endswith(_CONJUNCTIVE_ENDINGS):
        return False
    return not any(idiom in "".join(cut.lowered[start : p + 1]) for idiom in _NEGATED_IDIOMS)


_CONJUNCTIVE_ENDINGS = ("\u3057", "\u3066", "\uace0", "\uba70", "\ubbc0\ub85c", "\ub2c8\uae4c")  # し て 고 며 므로 니까
_NEGATED_IDIOMS = ("言うまでも", "間違い", "問題", "필요가", "제한이", "걱정")


def _at_german_clause_end(cut: Cut, p: int) -> bool:
    """Whether the negation or adverb at ``p`` limits the German main clause a quote stops inside.

    German puts ``nicht``, ``nur``, ``selten`` after a main clause's objects and adverbials, before
    only a participle, an infinitive or a verb's particle: ``[Ein gesonderter Zulagebescheid
    ergeht] nach Maßgabe des Satzes 9 nicht.``, ``[Der Server speichert die Daten] bei Anfragen
    dieser Art nur teilweise.`` A comma sets off every clause of its own, so a word with no mark
    before it in the trail is the quote's, unless a coordinator joins a clause or conjunct of its
    own (`_own_conjunct`), ``ob`` or ``dass`` opens one, or ``um ... zu`` an infinitive; nor an
    adjective's (``in einer nicht öffentlichen Datei``), a comparison's (``wie nie zuvor``), nor
    one after a quote ending with ``und``.
    """
    seps, lowered = cut.seps, cut.lowered
    if cut.language != "de" or lowered[p] not in GERMAN_CLAUSE_END_WORDS or seps[p + 1] == "-":
        return False  # nor a compound's "nicht-" ("eines nicht-rekursiven Typs")
    index = cut._index
    quoted = index.key(cut.first - 1) if cut.first > 0 else ""  # "[... fallen und] wo nicht"
    # From the quote on: a reason or examples the trail opens with are a clause of their own. A
    # hyphen joins a compound; a spaced dash sets off what follows ("hervorruft - eventuell ...").
    if quoted in GERMAN_JOINS or not all(sep in _IN_A_CLAUSE for sep in seps[: p + 1]):
        return False
    words = cut.words
    before = lowered[p - 1] if p > 0 else quoted
    if before in GERMAN_COMPARING:
        return False  # "wie nie zuvor", "als nicht blockierend": a comparison's
    if (
        before in GERMAN_NOUN_PHRASE_WORDS
        and p + 2 < len(words)
        and words[p + 1][:1].islower()
        and lowered[p + 1].endswith(GERMAN_ADJECTIVE_ENDINGS)
        and lowered[p + 1] not in GERMAN_DETERMINERS
        and words[p + 2][:1].isupper()
    ):
        return False  # "in einer nicht öffentlichen Datei": an adjective's, before its noun
    for q in range(p):
        if lowered[q] in GERMAN_CLAUSE_OPENERS or (lowered[q] in GERMAN_INFINITIVE_OPENERS and "zu" in lowered[q:]):
            return False  # "ob ...", "um die Daten nicht zu verlieren": a clause of its own
        if lowered[q] in GERMAN_JOINS and _own_conjunct(cut, q, p):
            return False
    return True


def _own_conjunct(cut: Cut, q: int, p: int) -> bool:
    """Whether the German coordinator at ``q`` joins a conjunct the word at ``p`` is its own.

    ``und der Client sendet es nicht``: a clause, which a lower-case word other than an article or
    preposition (its verb) tells; ``und nicht für X``, ``oder nicht``, ``und für dieses Tutorial
    nicht notwendig``: a conjunct the word opens, or that opens with no noun; and any conjunct of a
    clause whose verb comes last (``[dass sich die Syntax ändert] oder der Vorschlag nicht ...``).
    Not ``[Tokens] und Schlüssel aus dem Header nicht``: two nouns the one verb takes (German writes
    every noun with a capital).
    """
    words, lowered = cut.words, cut.lowered
    if q + 1 == p or not (words[q + 1][:1].isupper() or lowered[q + 1] in GERMAN_DETERMINERS):
        return True
    if any(
        word[:1].islower() and low not in GERMAN_NOUN_PHRASE_WORDS
        for word, low in zip(words[q + 1 : p], lowered[q + 1 : p], strict=True)
    ):
        return True
    # The first word of the quote's clause: back to the mark before it.
    index, reach = cut._index, max(cut.first - _CLAUSE_REACH, 0)
    opens = next((k for k in range(cut.first - 1, reach, -1) if index.between(k) not in _IN_A_CLAUSE), reach)
    return index.key(opens) in GERMAN_SUBORDINATORS


_CLAUSE_REACH = 30  # words back from a quote's end to the comma that opens its clause
_IN_A_CLAUSE = frozenset({" ", "-", ""})  # separators inside a clause: a space, a hyphen, none


def _verb_final(cut: Cut) -> bool:
    """Whether the cut's words are Japanese (kana) or Korean, which end a clause with its verb and its negation."""
    joined = "".join(cut.lowered)
    return _hangul(joined) or has_kana(joined)


def _reason_end(cut: Cut) -> int:
    """Where the reason clause that opens a trail ends, or the trail does.

    At a condition, an exception, a frame or a contrast (``because it is expired unless ...``),
    which a reason clause's own words are not told from; and at its comma, or, in Chinese,
    Japanese and Thai, whose commas part the clauses of one statement, at a comma before a hedge
    or a quantifier (``[...], 因为密钥已经轮换, 通常如此``).
    """
    seps, classes, unspaced = cut.seps, cut.scan.classes, cut.scan.unspaced
    for p in range(1, len(classes)):
        if classes[p] & _ENDS_A_REASON:
            return p
        if _COMMA.search(seps[p]) and (not unspaced or classes[p] & _ASIDE_LIMITS):
            return p
    return len(classes)


_ENDS_A_REASON = _CONDITIONAL | _FRAMES | {"contrast"}


def _gives_reason(cut: Cut) -> bool:
    """Whether a trail is a clause set off by a comma that says why, or what follows (`opens_reason`, `opens_result`).

    Not one whose first word has a class but a discourse marker's (``so long as``, a condition).
    """
    lowered, language = cut.lowered, cut.language
    return (
        bool(_COMMA.search(cut.seps[0]))
        and not cut.scan.classes[0] - _ILLUSTRATING
        and (opens_reason(lowered, language) or opens_result(lowered, language))
    )


def _bearing(cut: Cut) -> Iterator[tuple[int, bool]]:
    """The positions of a trail whose words bear on the quote, each with whether it is in brackets.

    Outside brackets, and in brackets opened before the sentence went on outside them: an aside
    right after the quote, after a reference too (``[...] [RFC6749] (but only for admins)``). One
    opened after the sentence went on qualifies the words it stands after (``[...], house our top
    SKUs (but also cover ...)``). Quotation marks set off nothing here: ``"The server caches the
    token," the author said, "but only for one minute."``
    """
    seps = cut.seps
    depth, went_on = 0, False
    # The rest of a list the quote stops inside is the quote's own phrase: an aside after it
    # qualifies the whole list ("[in the trademarks], service marks, or logos (except as ...)").
    listed = _rest_of_list(cut)
    for p in range(len(cut.lowered)):
        depth = _bracket_walk(depth, seps[p])[0]
        if not (depth and went_on):
            yield p, bool(depth)
        went_on = went_on or (not depth and p >= listed)


def _rest_of_list(cut: Cut) -> int:
    """How many words of a trail are the rest of a list the quote ends inside (``, service marks, or logos``), or 0.

    Items of a few words after a comma, joined by ``and`` or ``or``, up to an aside in brackets,
    with no word that makes a clause.
    """
    seps, lowered = cut.seps, cut.lowered
    if not _COMMA.search(seps[0]):
        return 0
    end = next((p for p in range(1, len(lowered)) if _OPENS_ASIDE.match(seps[p])), 0)
    words = lowered[:end]
    if not 0 < end <= _LIST_WORDS or _COORDINATORS.isdisjoint(words) or not _CLAUSE_WORDS.isdisjoint(words):
        return 0
    return end


_LIST_WORDS = 10  # words the rest of a list before an aside has at most


def _next_conjunct_aside(cut: Cut, p: int) -> bool:
    """Whether the condition at ``p`` is an aside of the conjunct after it: ``and, if applicable, [suggestions]``.

    Set off by commas right after ``and`` or ``or``, it limits the words it stands before, which the
    quote does not hold, not the words before the coordinator.
    """
    seps, lowered = cut.seps, cut.lowered
    return (
        p > 0
        and lowered[p - 1] in _COORDINATORS
        and bool(_COMMA.search(seps[p]))
        and any(_COMMA.search(seps[q]) for q in range(p + 1, min(p + 3, len(lowered))))
    )


def _after_number(cut: Cut) -> bool:
    """Whether the word before the cut is a number (which `_quantity` reads the cut's first word as the unit of)."""
    return cut.first > 0 and cut._index.key(cut.first - 1).isdigit()


def _quantity(cut: Cut) -> bool:
    """Whether the cut starts with the unit or the rest of a number the quote ends with."""
    before = cut._index.key(cut.first - 1)
    word = cut.lowered[0]
    return before.isdigit() and not cut.before.strip() and word.isalpha() and is_meaning_word(word)


_SUBJECT = 2  # words: a negation or quantifier this early in a clause stands on its subject ("Not all")


def _aside_before(cut: Cut) -> range:
    """The positions of the bracketed aside that closes right before the quote (``The server (if enabled) [...]``).

    Empty when a comma follows it: then it ends the item or clause before the quote (``an
    unsupported value (other than grant type), [repeats a parameter]``).
    """
    seps = cut.seps
    size = len(seps) - 1
    if not _closes_aside(seps[size]) or "," in seps[size]:
        return range(0)
    depths = list(accumulate(seps, lambda depth, sep: _bracket_walk(depth, sep)[0], initial=0))[1:]
    # The words deeper than the quote, back from it: the aside and the asides nested in it.
    opened = size
    while opened > 0 and depths[opened - 1] > depths[size]:
        opened -= 1
    return range(opened, size)


def _aside_after(cut: Cut) -> range:
    """The positions of the bracketed aside that opens right after the quote (``[...] (in most cases)``).

    Not one after a bracket the quote's words close (``(rejects the token) (usually) [logs it]``).
    """
    seps = cut.seps
    if not OPENING_BRACKET.search(seps[0]) or _CLOSING_BRACKET.search(seps[0]):
        return range(0)
    depth = 0
    for p, sep in enumerate(seps[:-1]):
        depth = _bracket_walk(depth, sep)[0]
        if not depth:
            return range(0, p)
    return range(0, len(seps) - 1)


def _closes_aside(sep: str) -> bool:
    """Whether the separator before a quote closes an aside and opens none: the quote is outside it."""
    return bool(_CLOSING_BRACKET.match(sep)) and not OPENING_BRACKET.search(sep)


def _aside_limit(cut: Cut, aside: range, *, conditions: bool = True) -> str | None:
    """What an aside right before or after the quote limits in it, or ``None`` when it limits nothing.

    A condition or exception in it (``(if enabled)``, with ``conditions``); a quantifier or hedge
    that is the whole aside or in a phrase a preposition opens (``(usually)``, ``(in most cases)``,
    ``(dans la plupart des cas)``), not one on a noun beside it (``(typically a web browser)``,
    ``(often JWTs)``); a distancing frame with a few words (``(critics argue)``, ``(according to
    the vendor)``). Not an aside a relative word, a coordinator or an example opens (``(which most
    clients send)``, ``(and often visible)``, ``(e.g., most names)``), nor a keyword named in a list
    (``(if, for, switch)``), nor ``(if any)`` in the languages the lexicon has.
    """
    if not aside:
        return None
    classes, lowered, seps = cut.scan.classes, cut.lowered, cut.seps
    first = aside[0]
    if (
        (lowered[first] in _OWN_ASIDE_OPENERS and not classes[first] & _ASIDE_LIMITS)  # "(or so)" is a hedge
        or classes[first] & _ILLUSTRATING
        or lowered[first : first + 2] == ["i", "e"]  # "(i.e., ...)"
    ):
        return None
    words = [lowered[p] for p in aside]
    if conditions and ("".join(words) if cut.scan.unspaced else " ".join(words)) not in _IF_ANY:
        for p in aside:
            if classes[p] & _CONDITIONAL and not _COMMA.search(seps[p + 1]):
                return _KINDS["exception" if "exception" in classes[p] else "condition"]
    if cut.scan.unspaced and _THAI_ONLY.fullmatch("".join(words)):
        return _KINDS["quantifier"]  # "(เฉพาะผู้ดูแลระบบเท่านั้น)": Thai's "only ... only" brackets what it restricts
    # Words of no class: "(in version 1 only)" has two, its number aside.
    plain = sum(1 for p in aside if not classes[p] and not lowered[p].isdigit() and lowered[p] not in _ASIDE_FRAMES)
    if cut.scan.unspaced:
        plain = -(-plain // UNSPACED_CHARACTERS_PER_WORD)
    if plain > _ASIDE_PLAIN_WORDS:
        return None
    if any(word in _ASIDE_FRAMES for word in words):
        return _KINDS["distancing"]
    limits = [p for p in aside if classes[p] & _ASIDE_LIMITS]
    if limits and (not plain or lowered[first] in _ASIDE_PREPOSITIONS):
        return _KINDS["quantifier" if "quantifier" in classes[limits[0]] else "hedge"]
    if limits and _exclusive(cut, limits):
        return _KINDS["quantifier"]  # "(admins only)", "(仅限管理员)", "(관리자만 해당)": not "(most names)"
    if any(word[:1].isdigit() for word in words) and any(
        "quantifier" in classes[p] and not lowered[p][:1].isdigit() for p in limits
    ):
        return _KINDS["quantifier"]  # an amount bounded with its unit: "(최대 2만 개)", "(2만 개 이하)"
    return None


# "Only" as the languages write it, which restricts what its aside is said of to its words: not
# "the only one", 只是 ("merely"), できるだけ ("as ... as possible"), それだけ ("that much"), nor a
# Korean number's 만 ("2만", twenty thousand) or the 만 of 하지만 ("but").
_EXCLUSIVE = frozenset({"only", "seulement", "uniquement", "apenas", "somente", "nur", "solo", "sólo", "только"})
_EXCLUSIVE |= {"лишь", "에만", "뿐"}
_EXCLUSIVE_UNSPACED = re.compile("仅|僅|只(?!是)|のみ|(?<!できる)(?<![これそあど]れ)だけ|เท่านั้น|เฉพาะ")
_NOT_ONLY_AFTER = frozenset({"the", "an", "a"})


def _exclusive(cut: Cut, limits: Sequence[int]) -> bool:
    """Whether a limit of an aside (at ``limits``) is an "only", which restricts whatever noun it stands by."""
    lowered = cut.lowered
    if cut.scan.unspaced:
        return _EXCLUSIVE_UNSPACED.search("".join(lowered[max(limits[0] - 3, 0) : limits[-1] + 2])) is not None
    return any(
        (lowered[p] in _EXCLUSIVE and (p == 0 or lowered[p - 1] not in _NOT_ONLY_AFTER))
        or (
            lowered[p].endswith("\ub9cc")
            and not lowered[p][-2:-1].isdigit()
            and not lowered[p].endswith("\uc9c0\ub9cc")
        )
        for p in limits
    )


_THAI_ONLY = re.compile("เฉพาะ.+เท่านั้น")  # "only X": Thai brackets the noun with two words
_ASIDE_PLAIN_WORDS = 2  # words of no class an aside may hold and still be only a limit ("in version 1 only")
# The prepositions that open an adverbial aside: "(in most cases)", "(dans certains cas)", 在 of "在大多数情况下".
_ASIDE_PREPOSITIONS = frozenset({"in", "on", "at", "for", "during", "under", "within", "except", "dans", "en", "pour"})
_ASIDE_PREPOSITIONS |= {"em", "na", "no", "nos", "nas", "para", "im", "bei", "für", "unter", "в", "во", "при", "在"}
# "(if any)": the words before it may be none, which limits nothing the quote says of them.
_IF_ANY = frozenset({"if any", "falls vorhanden", "s il y en a", "le cas échéant", "se houver", "si los hay"})
_IF_ANY |= {"если есть", "如果有", "ある場合", "있는 경우", "ถ้ามี"}
# English verbs of saying, believing and supposing. Right before a quote they frame it without its
# "that" ("Critics argue [the server ...]", "who says [Clinton ...]", "Let's say [we have ...]");
# with a few words they make a comment on the sentence, in an aside ("(critics argue)", "(we
# think)") or after a comma at its end ("[...], the authors argue."). Not "claims" ("the JWT
# claims [...]", "[...], and other claims."), "deny" ("deny [access]") nor "suggested" ("The
# suggested [name]").
_REPORTING = frozenset({"argue", "argues", "argued", "claimed", "allege", "alleges", "alleged"})
_REPORTING |= {"contend", "contends", "suggest", "suggests", "believe", "believes", "believed", "think", "thinks"}
_REPORTING |= {"say", "says", "insist", "insists", "hope", "hopes", "assume", "assumes", "speculate", "assert"}
_REPORTING |= {"asserts", "hypothesize", "hypothesise", "suppose", "supposes", "presume", "presumes"}
# The words after which such a verb states or endorses what follows: "We say [the value was
# moved]" defines, "You can safely assume [the list is sorted]" allows, "needless to say".
_STATING_BEFORE = {
    "say": frozenset({"we", "to"}),
    "assume": frozenset({"safely", "can", "may", "always", "should", "must"}),
}
# Verbs of `_REPORTING` that a test or a program does as often: "The test asserts that [...]" checks it.
_CHECKING = frozenset({"assert", "asserts"})
_CHECKERS = frozenset({"test", "tests", "function", "method", "code", "check", "suite", "program", "it", "assertion"})
_ASIDE_FRAMES = _REPORTING | {"according", "selon", "laut", "zufolge"}  # "(according to the vendor)"
_COMMENT_WORDS = 4  # words a comment clause at the end of a sentence has at most ("the authors argue")
_COMMENT_CHARACTERS = 14  # the same in characters of Chinese ("据供应商称", "according to the vendor")
_ASIDE_REACH = 6  # words of an aside the prefilters look for a limit or a frame in: `_aside_limit` reads short ones


def _outside_asides(cut: Cut, start: int, end: int | None = None, *, lead: bool = False) -> list[int]:
    """The positions from ``start`` to ``end`` that are not inside brackets or quotation marks.

    ``(some of which may be empty)`` and ``"MUST NOT"`` named as a keyword hold words that limit
    nothing outside them. Before a quote (``lead``), a bracket the cut opens and leaves open holds
    the quote too: its words are in the quote's own aside, and govern it (``(typically [about 70%
    less ...])``).
    """
    stop = len(cut.lowered) if end is None else end
    seps = cut.seps
    if not _ASIDE_MARK.search("".join(seps[: stop + 1] if lead else seps[:stop])):
        return list(range(start, stop))  # no bracket and no quotation mark: every word is outside (most cuts)
    floors = _floors(seps, stop) if lead else None
    depth = 0
    quoted = False
    kept: list[int] = []
    in_quotation: list[int] = []  # the words of the quotation open at ``p``, which may hold the quote
    for p in range(stop):
        sep = seps[p]
        if sep == " ":  # one space, the commonest separator: no bracket, no quotation mark
            if p >= start and (depth <= floors[p] if floors else not depth):
                (in_quotation if quoted else kept).append(p)
            continue
        # A bracket the quote opened and the cut closes keeps the quote's words in scope (depth 0).
        depth = _bracket_walk(depth, sep)[0]
        # A mark that ends a separator opens a quotation before the word; one that starts it closes one.
        # A lone mark glued to the words on both sides opens one only at the text's start: right
        # after the quote's last word it closes the quotation the quote is in ('"...갱신한다"라고
        # 주장하는', a Japanese closing bracket before と), and what follows is outside it.
        # A mark before the separator's first space closes it, after other punctuation too: the
        # '/",' of '"http://www.w3.org/Addressing/", but', the '",' of '"the server rejects," but'.
        if quoted and not _QUOTE_MARKS.isdisjoint(sep.split(" ", 1)[0]):
            quoted = False
            in_quotation.clear()
        if sep[-1:] in _QUOTE_MARKS and (len(sep) > 1 or (p == 0 and cut.first == 0)) and not quoted:
            quoted = True
        if p >= start and (depth <= floors[p] if floors else not depth):
            (in_quotation if quoted else kept).append(p)
    if lead and quoted and in_quotation and _QUOTE_MARKS.isdisjoint(seps[stop].split(" ", 1)[0]):
        # A quotation the cut opens and leaves open holds the quote too, as a bracket does: its
        # words govern it ('summarized as, "if the newline comes after [...], insert a semicolon"').
        return sorted(kept + in_quotation)
    return kept


def _floors(seps: Sequence[str], stop: int) -> list[int]:
    """For each word before ``stop``, the lowest bracket depth the text falls to from it to word ``stop``.

    A word whose depth the text keeps to the quote is in the quote's aside or outside every aside
    (the quote's words are at the depth the cut leaves open); one deeper is in an aside closed before.
    """
    lows: list[int] = []
    depth = 0
    for sep in seps[: stop + 1]:
        depth, low = _bracket_walk(depth, sep)
        lows.append(low)
    floors = [0] * stop
    floor = lows[stop]
    for p in range(stop - 1, -1, -1):
        floors[p] = floor
        floor = min(floor, lows[p])
    return floors


def _bracket_walk(depth: int, sep: str) -> tuple[int, int]:
    """The bracket depth after ``sep``, from ``depth`` before it, and the lowest it falls to on the way.

    Character by character: ``)(`` closes one aside and opens another, so the word after it is inside.
    A closing bracket at depth 0 closes one the quote opened, and leaves the depth at 0.
    """
    if not _BRACKETS.search(sep):
        return depth, depth
    low = depth
    for char in sep:
        if char in "([":
            depth += 1
        elif char in ")]":
            depth = max(depth - 1, 0)
            low = min(low, depth)
    return depth, low


_BRACKETS = re.compile(r"[][()]")
_CLOSING_BRACKET = re.compile(r"[^\w\s]*[])]")  # a closing bracket, after a stop or a quote mark too
_QUOTE_MARKS = frozenset('"\u201c\u201d\u201e\u00ab\u00bb')
_ASIDE_MARK = re.compile('[][()"\u201c\u201d\u201e\u00ab\u00bb]')


def _contrast_particle(cut: Cut, start: int) -> bool:
    """Whether a Japanese trail opens with the "but" of the quote's clause: ``[...見えます]が、``, ``[...使える]けど``.

    After a predicate, set off by a comma (``[...使える]が、``; not after a noun, whose subject it
    marks: ``[この設定]が、``), or after the clause's polite or copular ending (``[...任意]ですが、``,
    ``[...任意]であるが、``, ``[...任意]でしょうが、``); after a polite ending with no comma too
    (``[...任意です]が本番環境では...``), where が is always "but". One past a comma is a later
    clause's. Not a preface's (`_after_preface`).
    """
    before = _before_but(cut, start)
    return before is not None and not _preface(before)


def _before_but(cut: Cut, start: int) -> str | None:
    """The Japanese clause that the "but" the trail opens with at ``start`` ends (`_contrast_particle`), or ``None``.

    Its words back to a mark (`_clause_before`): what a preface is told by.
    """
    lowered, seps = cut.lowered, cut.seps
    ending = next((ending for ending in _PREDICATE_ENDINGS if lowered[start : start + len(ending)] == ending), [])
    at = start + len(ending)
    # "けど" is "but" wherever it follows a predicate; "が" after a polite ending, or before a comma.
    but = next((but for but in _BUTS if lowered[at : at + len(but)] == but), [])
    end = at + len(but)
    if not but:
        return None
    index, where = cut._index, cut.first + at
    last = "".join(index.keys(max(where - 3, 0), where))  # "ました", a kana a word
    if but == ["が"] and (end >= len(lowered) or not (last.endswith(_POLITE) or _COMMA.search(seps[end]))):
        return None  # "[...任意です]が" and a question mark: a "but" that opens no clause
    # After a predicate only: "[...影響を受]け、どの" holds the letters of "けど" after a stem.
    return _clause_before(index, where) if last[-1:] in _PREDICATE_KANA else None


def _clause_before(index: WordIndex, end: int) -> str:
    """The words right before position ``end``, back to a mark (a comma, a bracket), at most `_PREFACE_REACH`.

    A preface's words are the clause's own: not those of an aside it closes (``(...後ほど説明します)が、``).
    """
    first = end
    while first > max(end - _PREFACE_REACH, 0) and not index.between(first).strip():
        first -= 1
    return "".join(index.keys(first, end))


def _after_preface(cut: Cut) -> bool:
    """Whether the quote is a Japanese preface and the words after it the point it leads to.

    ``[詳しくは第8章で説明し]ますが、ここでは...``, ``[繰り返しになりますが]、...``: what the rest of
    the sentence says (its contrast, its conditions, its hedges) is not the preface's.
    """
    before = _before_but(cut, 0)
    if before is None:
        index, first = cut._index, cut.first
        if first < 1 or index.key(first - 1) != "が":
            return False
        before = _clause_before(index, first - 1)  # the quote ends with its "but"
    return _preface(before)


def _preface(before: str) -> bool:
    """Whether Japanese words before a "but" が are a preface's, which takes nothing back.

    ``繰り返しになります`` ("at the risk of repeating"), ``余談です`` ("as an aside"), ``後述します``
    ("more on this later"), and a verb of explaining that points at a later or fuller account
    (``詳しくは第8章で説明します``, ``第3章で詳しく説明します``).
    """
    for ending in _POLITE:
        before = before.removesuffix(ending)
    return before.endswith(_PREFACES) or (
        before.endswith(_EXPLAINING_VERBS) and _PREFACE_POINTER.search(before) is not None
    )


# The endings of a Japanese clause a "but" が may follow, a kana a word: polite, copular, conjectural.
_PREDICATE_ENDINGS = tuple(
    map(list, ("でした", "ました", "でしょう", "ではある", "である", "なのです", "です", "ます"))
)
_POLITE = ("です", "ます", "ません", "でした", "ました")
_BUTS = (list("けれども"), list("けれど"), list("けど"), ["が"])  # a kana a word
# The last kana of a predicate ("使える", "あった", "ない", "任意だ", "です", "ません", "でしょう"): a
# noun before が is its subject ("設定が", "みかんが").
_PREDICATE_KANA = frozenset("るたいだすんう")
_PREFACES = ("後述し", "繰り返しになり", "余談", "蛇足", "念のため")
_EXPLAINING_VERBS = ("説明し", "解説し", "議論し", "紹介し", "扱い", "触れ", "述べ", "見ていき")
# A fuller or later account: not "この章では" ("in this chapter"), which explains what it says here.
_PREFACE_POINTER = re.compile(r"詳しく|詳細は|後で|後ほど|のちほど|(?:後|次|以降)の章|第\d+[章節]")
_PREFACE_REACH = 20  # kana and characters before が: "詳しくは第8章で説明します"


_RESTRICTORS = frozenset({"to", "for", "from", "by", "with", "within", "on", "of", "against", "toward", "towards"})
# The words a restriction right after a quote opens with (`_restriction`).
_RESTRICTION_OPENERS = _RESTRICTORS | _RESTRICTIVE | _RESTRICTING_PREPOSITIONS | {"every", "each", "per"}
_RESTRICTORS |= {"that", "which", "who", "whose"}

_COMPLEMENTIZERS = frozenset({"that", "que", "qu", "dass", "daß", "что", "whether", "if"})
# Frames that need no complementizer nor comma: German "Laut dem Hersteller lehnt ..." puts the verb right after.
_OWN_FRAMES = frozenset({"whether", "according", "laut", "zufolge"})
# The same, "according to" in the Latin-script languages, whose source follows before the comma
# ("Segundo os críticos, [...]"), opening its clause: not "Segundo, [...]" ("Second, [...]"), "Em
# segundo lugar", "a cada segundo", "triez selon la date" (Spanish "según", as words outside ASCII,
# reads as a frame of its own).
_SOURCE_NAMING_FRAMES = frozenset({"de acordo com", "segundo", "selon"})


def _distancing(cut: Cut, p: int) -> bool:
    """Whether the distancing or negating frame at ``p`` frames what follows (``argue that``, ``not true that``)."""
    found = cut.scan.classes[p] & _FRAMES
    if not found or (p > 0 and cut.scan.classes[p - 1] & found and cut.seps[p] == " "):
        return False  # none, or a word inside a frame's phrase ("tort" of "à tort"): read from its first
    lowered = cut.lowered
    end = _class_end(cut, p, min(found))  # "denial" when a word is of both classes
    adverb = tuple(lowered[p:end]) in _DENYING_ADVERBS
    if (not lowered[p].isascii() and not adverb) or lowered[p] in _OWN_FRAMES:
        return True  # a frame of its own
    if " ".join(lowered[p:end]) in _SOURCE_NAMING_FRAMES:
        opens = p == 0 or bool(cut.seps[p].strip()) or lowered[p - 1] in _COORDINATORS | _BUT
        return opens and not _COMMA.search(cut.seps[end]) and lowered[end : end + 1] != ["lugar"]
    if lowered[end - 1] == "that" and _COMMA.search(cut.seps[end - 1]):
        return False  # "the value callers expect, that is, [...]": English sets no comma before its "that"
    # "argue that", "not true that", or a frame that holds its complementizer ("false that"); an
    # adverb before or after its verb of saying ("As previously wrongly reported, [...]", "Comme
    # indiqué à tort précédemment, [...]"), not one of doing ("mise en cache à tort, [...]").
    said = not _SAID.isdisjoint(lowered[max(p - 2, 0) : p])
    while end < len(lowered) and (lowered[end] in _SAID or lowered[end] in _EARLIER):
        said = said or lowered[end] in _SAID
        end += 1
    if not _COMPLEMENTIZERS.isdisjoint(lowered[end - 1 : end + 2]):
        return True
    if _COMMA.search(cut.seps[end]):
        return said or not adverb
    return adverb and _as_clause_said(cut, p, end, said)


def _as_clause_said(cut: Cut, p: int, end: int, said: bool) -> bool:
    """Whether the denying adverb at ``p`` is of an ``as`` clause of saying that a comma closes a few words on.

    ``As wrongly stated in the old manual, [...]``, ``Como erróneamente se cree, [...]``, ``Comme
    on le croit à tort, [...]``: the verb of saying or believing (`SAYING_VERBS_BY_LANGUAGE`) is
    before the adverb (``said``) or among the words from ``end`` to the comma.
    """
    lowered, seps = cut.lowered, cut.seps
    if _AS.isdisjoint(lowered[max(p - _AS_CLAUSE_WORDS, 0) : p]):
        return False
    for at in range(end, min(end + _AS_CLAUSE_WORDS, len(lowered))):
        said = said or lowered[at] in _SAID
        if _COMMA.search(seps[at + 1]):
            return said
    return False


_AS_CLAUSE_WORDS = 5  # words from "as" to a denying adverb, and from it to the clause's comma, at most


# Verbs of saying, as an "as" clause and a denying adverb have them ("as reported", "como se informó").
_SAID = frozenset().union(*SAYING_VERBS_BY_LANGUAGE.values())
_EARLIER = frozenset().union(*EARLIER_BY_LANGUAGE.values())
_AS = frozenset().union(*AS_BY_LANGUAGE.values())
_DENYING_PREDICATES = frozenset(phrase_words(e) for entries in DENYING_PREDICATES_BY_LANGUAGE.values() for e in entries)
_DENYING_PREDICATE_SIZES = sorted({len(phrase) for phrase in _DENYING_PREDICATES})
_DENYING_PREDICATE_HEADS = frozenset(phrase[0] for phrase in _DENYING_PREDICATES)
# Their first two words as the index's keys (lower case, one script each, so no `key`, whose script
# test compiles a pattern at import, but for the apostrophe of "s'est"): what `_trail_may_limit`
# reads, as "is", "est" and "ist" alone open many trails.
_DENYING_PREDICATE_KEYS = frozenset(
    tuple(word.replace("'", "") for word in phrase[:2]) for phrase in _DENYING_PREDICATES
)
_DENYING_ADVERBS = frozenset(phrase_words(e) for entries in DENYING_ADVERBS_BY_LANGUAGE.values() for e in entries)


def _denied_after(cut: Cut) -> bool:
    """Whether a trail opens with a predicate that calls the quote false (``[...] is wrong``, ``[...], ist falsch``).

    A predicate of one word (Russian ``ошибочно``, also an adverb) only where it ends the clause:
    not ``[...], ошибочно считая токен просроченным`` ("wrongly taking the token for expired").
    """
    if cut.before not in (" ", ", ") or cut.lowered[0] not in _DENYING_PREDICATE_HEADS:
        return False
    lowered, seps = cut.lowered, cut.seps
    return any(
        tuple(lowered[:size]) in _DENYING_PREDICATES and (size > 1 or size == len(lowered) or seps[size] != " ")
        for size in _DENYING_PREDICATE_SIZES
    )


def _frames_words_before(cut: Cut, start: int, p: int) -> bool:
    """Whether the frame at ``p`` of a lead frames words of the lead, not the quote after them.

    A frame that follows its clause (Japanese ``[...]と予想されますが、``, Korean ``[...]있다고``,
    Chinese ``[...]是不对的``), one before a quote that opens a clause of its own (``but``, ``although``),
    and one inside an opening concessive clause that a comma closes before the quote
    (``Although we expect that [...] over time, [it is impossible ...]``).
    """
    classes = cut.scan.classes
    first = p
    while first > 0 and classes[first - 1] & _FRAMES:
        first -= 1  # the frame's first character: each of Chinese or Japanese is a word
    lowered, seps = cut.lowered, cut.seps
    word = lowered[first]
    if word[:1] in _FOLLOWING_FRAME_STARTS or word.endswith(_KOREAN_QUOTATIVES) or word in _KOREAN_FOLLOWING:
        return True
    index, after = cut._index, cut.last + 1
    if after < len(index) and _COMMA.search(seps[-1]) and index.key(after) in _OWN_CLAUSE_OPENERS:
        return True  # "Users anticipated that [...], [but it shipped in June]": a clause of its own
    # The clause a subordinating concessive opens, not yet closed when the frame comes, and closed
    # by the comma right before the quote, past words of the framed clause: "Although we expect
    # that [...] over time, [it is ...]"; not "However, we expect that ...", nor "Although the
    # server is fast, critics say that, under load, [it fails]", whose frame is the main clause's.
    end = _class_end(cut, p, min(classes[p] & _FRAMES))
    if end < len(lowered) and lowered[end] in _COMPLEMENTIZERS:
        end += 1
    opening = lowered[start : start + 2]  # "although", "even though", "虽然" (a character a word)
    concessive = not _CONCESSIVES.isdisjoint((opening[0], " ".join(opening), "".join(opening)))
    return concessive and (
        not any(map(_COMMA.search, seps[start + 1 : first]))
        and bool(_COMMA.search(seps[-1]))
        and end < len(lowered)
        and not _COMMA.search(seps[end])
    )


# The first characters of frames that follow the clause they frame: Japanese quotative と, Chinese 是 (是不对的).
_FOLLOWING_FRAME_STARTS = frozenset("と是")
# Korean quotative endings, on the last word of the clause they frame (있다고, 것이라고); not 따르면 ("according to").
_KOREAN_QUOTATIVES = ("다고", "라고")
_KOREAN_FOLLOWING = frozenset({"것으로"})  # 것으로 예상되지만: "[it is] expected that ...", after its clause
_BUT = frozenset({"but", "yet", "mais", "aber", "pero", "mas", "но"})  # a contrast that opens a clause of its own
# The same, as a quote opens with one after the lead's comma (`_quote_opens_with_contrast`), in every
# language the matcher reads. Not for a frame right before one: Chinese "有人认为" before 但 still frames it.
_CLAUSE_BUT = _BUT | {"doch", "sondern", "sino", "แต่", "但是", "可是", "不过", "不過", "但", "然而"}
# Conjunctions that open a subordinate concessive clause (not "however" or "yet", adverbs of the main clause).
_CONCESSIVES = frozenset(
    {"although", "though", "even though", "while", "whereas", "obwohl", "obgleich", "bien que", "quoique"}
    | {"embora", "aunque", "хотя", "虽然", "雖然", "尽管", "儘管"}
)
_OWN_CLAUSE_OPENERS = _BUT | _CONCESSIVES
_TYING = frozenset({"discourse", "contrast"})  # what may stand before an opening concessive: "However, although"


def _frames_bare(lowered: Sequence[str], seps: Sequence[str], p: int) -> bool:
    """Whether word ``p`` is a verb of `_REPORTING` used as one.

    Not a modifier ("the believed [...]"), nor a verb set off by commas ("different from, say,
    [...]"), nor one that states (`_STATING_BEFORE`), nor one of an ``as`` clause, which endorses
    what it stands beside ("as the documentation says, [...]").
    """
    word = lowered[p]
    if word not in _REPORTING:
        return False
    if p > 0 and (
        lowered[p - 1] in _MODIFYING or lowered[p - 1] in _STATING_BEFORE.get(word, ()) or _COMMA.search(seps[p])
    ):
        return False
    if (
        word == "assume"
        and tuple(lowered[max(p - 2, 0) : p]) in _SAFE_TO
        and _NOT.isdisjoint(lowered[max(p - 6, 0) : p])
    ):
        # "It is safe to assume [that ...]"; not "not (always) safe to", "no longer safe to",
        # "unwise to", "lead a user to".
        return False
    return "as" not in lowered[max(p - _COMMENT_WORDS, 0) : p]


_SAFE_TO = frozenset({("safe", "to"), ("reasonable", "to"), ("fair", "to")})
_NOT = frozenset({"not", "never", "no"})


def _opens_clause(index: WordIndex, position: int) -> bool:
    """Whether the word at ``position`` may open a clause a verb of `_REPORTING` frames: a subject or ``that``.

    A pronoun, a determiner, a complementizer or a capitalised name: ``[We think] the server``,
    ``[who says] Clinton``, not ``[Let's think] step by step``, ``[assume] any risks``.
    """
    if position >= len(index):
        return False
    word = index.words(position, position + 1)[0]
    return word[:1].isupper() or word.lower() in _SUBJECT_OPENERS


def _one_comma(lead: Cut) -> bool:
    """Whether the only comma of a lead is the one that ends it, right before the quote."""
    return not any(_COMMA.search(sep) for sep in lead.seps[1:-1])


_SUBJECT_OPENERS = _COMPLEMENTIZERS | {"i", "you", "he", "she", "it", "we", "they", "there", "this", "these", "those"}
_SUBJECT_OPENERS |= {"the", "a", "an", "its", "their", "his", "her", "our", "your", "my", "it's", "they're", "we're"}
_CLAUSE_STARTS = _SUBJECT_OPENERS | _OPENS_A_CLAUSE


def _comment_clause(cut: Cut) -> bool:
    """Whether the words end with a comment clause: a few after a comma that frame the sentence.

    Ending with a verb of `_REPORTING` (``[...], the authors argue.``, ``[...], we hope.``; not an
    ``as`` clause, ``[...], as the documentation says.``, which endorses), or opening with a
    distancing frame, as languages that put the verb first write one (``[...], affirment les
    critiques.``, ``[...], behaupten Kritiker.``).
    """
    lowered, seps = cut.lowered, cut.seps
    size = len(lowered)
    reach = _COMMENT_CHARACTERS if cut.scan.unspaced else _COMMENT_WORDS
    opened = next((p for p in range(size - 1, max(size - reach, 0) - 1, -1) if _COMMA.search(seps[p])), None)
    if opened is None or not (cut.last + 1 >= len(cut._index) or _sentence_break(cut.after)):
        return False  # no comma, or the words stop before their sentence does (a long one)
    if cut.scan.unspaced and _ACCORDING_TO.fullmatch("".join(lowered[opened:])):
        return True  # "[...], 据供应商称" ("according to the vendor")
    return _frames_bare(lowered, seps, size - 1) or (
        "distancing" in cut.scan.classes[opened] and lowered[opened] not in _VERB_LAST_FRAMES
    )


# Chinese "according to X": 据 (根据, 按照) and a verb of saying after the source it names.
_ACCORDING_TO = re.compile("(?:据|據|根据|根據|按照).{1,12}(?:称|稱|说|說|表示|报道|報導)")


_MODIFYING = frozenset({"as", "the", "a", "an"})
# Frames a verb-first comment clause does not open: English's ("[...], contrary to popular belief.",
# "[...], believed stolen.") and complementizers ("[...], whether ...").
_VERB_LAST_FRAMES = (
    frozenset(entry.split()[0] for entry in DISTANCING_BY_LANGUAGE["en"] | DENIALS_BY_LANGUAGE["en"]) | _COMPLEMENTIZERS
)


def _class_end(cut: Cut, p: int, name: str) -> int:
    """Where the run of words of class ``name`` that starts at ``p`` ends (the phrase ``not true``)."""
    classes = cut.scan.classes
    end = p + 1
    while end < len(classes) and name in classes[end]:
        end += 1
    return end


def _sets_off(cut: Cut, p: int, name: str) -> bool:
    """Whether the phrase of class ``name`` at ``p`` is set off from the rest of its sentence.

    By a comma (``Typically,``), a complementizer (``Peut-être que``), or as the clause before a
    colon the quote follows (``Möglicherweise gilt: [...]``); or it ends the cut.
    """
    end = _class_end(cut, p, name)
    if end >= len(cut.lowered):
        return True
    if _COMMA.search(cut.seps[end]) or cut.lowered[end] in _COMPLEMENTIZERS:
        return True
    return ":" in cut.after and not any(b > p for b in cut.scan.boundaries) and end + 1 == len(cut.lowered)


# Words that open a phrase, not a clause: a quote that starts right after one (or with one) quotes
# an object or a complement of the sentence's verb, not a claim of its own ("for validating a [JWS.]").
_PHRASE_OPENERS = (_ARTICLES - _COORDINATORS - {"o"}) | (_RESTRICTORS - {"that", "which", "who", "whose"})
_PHRASE_OPENERS |= {"in", "at", "as", "into", "onto", "upon", "about", "over", "under", "between", "through"}
_PHRASE_OPENERS |= {"via", "per", "its", "their", "this", "these", "those", "each", "every"}
# A stop that ends a sentence: a semicolon or a colon ends only a clause, which a condition before it still governs.
_FULL_STOP = re.compile(r"[.?!\u3002\uff01\uff1f]")


def _full_stops(index: WordIndex, first: int, last: int) -> list[int]:
    """The words from ``first + 1`` to ``last`` that a sentence starts at after a full stop.

    Not a lower-case word a line break sets off (``panic!`` then ``aufruft`` on the next line): a
    sentence may go on there, which these rules may not read as ended.
    """
    marks = _marks(index)
    found = []
    position = marks.first_sentence_start(first + 1, last)
    while position <= last:
        if _FULL_STOP.search(index.between(position)) and not index.words(position, position + 1)[0][:1].islower():
            found.append(position)
        position = marks.first_sentence_start(position + 1, last)
    return found


# Words that make a predicate: auxiliaries, copulas, relative words and modals, in every language listed.
_PREDICATE_WORDS = _single_words(CLAUSE_WORDS_BY_LANGUAGE) | _MODAL_WORDS
_CONDITION_WORDS = _single_words(CONDITIONS_BY_LANGUAGE, EXCEPTIONS_BY_LANGUAGE)
_AUXILIARIES = _COPULAS | {"am", "has", "have", "had", "do", "does", "did"}
# What a left-out word right before a quote may be for the quote to start a phrase (`phrase_before_stop`),
# and right after it for the quote to stop before a predicate (`phrase_after_stop`).
_PHRASE_LEADS = _PHRASE_OPENERS | _COPULAS
_PREDICATE_HEADS = _AUXILIARIES | _MODAL_WORDS


def _says_nothing(keys: Sequence[str]) -> bool:
    """Whether words hold no word that makes a clause: no auxiliary, relative, modal, negation or condition."""
    return not any(k in _CLAUSE_WORDS or _word_classes(k) for k in keys)


def phrase_before_stop(index: WordIndex, first: int, last: int) -> bool:
    """Whether a quote of words ``first`` to ``last`` quotes only a phrase of the sentence it starts in, then goes on.

    The phrase a left-out article, preposition or copula opens, or that opens with one, with no
    verb of its own that this module can see (``[If the JWT is a JWS, follow the steps for
    validating a] JWS. Let the Message be ...``): the quote asserts nothing of that sentence, so a
    condition over it limits nothing the quote says. The words right before still govern the phrase
    (``MUST NOT be [accepted for processing.]``): `lead_limit` with ``near_only``.
    """
    if first <= 0:
        return False
    stops = _full_stops(index, first, last)
    if not stops:
        return False
    keys = index.keys(first, stops[0])
    if keys[0] in _SUBJECT_OPENERS and _COMMA.search(index.between(first)) and _one_comma(lead_cut(index, first)):
        # "[If valid and authorized,] the authorization server issues an access token as described
        # in Section 5.1. If ...": a subject after the comma that closes a condition opens its main
        # clause, whose verb this module need not see (not one after a list's comma: "the header,
        # [the signature.]").
        return False
    opened = index.key(first - 1) in _PHRASE_LEADS or keys[0] in _PHRASE_OPENERS
    return opened and _says_nothing(keys)


def phrase_after_stop(index: WordIndex, first: int, last: int) -> bool:
    """Whether a quote of words ``first`` to ``last`` stops a word, or an article or preposition, into a sentence.

    ``[...] interoperable claims. Applications [using JWTs should define ... when they are
    required]``, ``[...] None of the [claims ... but rather ...]``: the quote says nothing of the
    sentence it stops in (no auxiliary, copula, relative word or modal of it makes a predicate), so
    what the rest of that sentence holds limits nothing the quote says.
    """
    stops = _full_stops(index, first, last)
    if not stops:
        return False
    keys = index.keys(stops[-1], last + 1)
    # Words that open what the quote leaves out ("If the", "None of the", "Even if") say nothing
    # either, nor a subject the left-out words give the predicate of ("signatures over encrypted
    # text [are not considered valid]").
    dangling = len(keys) == 1 or keys[-1] in _PHRASE_OPENERS or keys[-1] in _CONDITION_WORDS
    if not dangling and last + 1 < len(index):
        dangling = index.key(last + 1) in _PREDICATE_HEADS
    return dangling and not any(k in _PREDICATE_WORDS for k in keys)


def gap_limit(cut: Cut) -> str | None:
    """What the words an ellipsis leaves out limit in a quote, or ``None`` when none of them do.

    Any limiting word counts wherever it stands in the gap: a gap is inside the quote, so every
    word of it is in the quote's scope. A list of examples is read only as far as it is a list.
    """
    if not cut:
        return None
    if not _may_limit(cut):
        return _gap_number(cut)  # what `_gap_limit` finds when no word may limit
    return _gap_limit(cut)


def _gap_number(cut: Cut) -> str | None:
    return _KINDS["number"] if any(w.isdigit() for w in cut.lowered) else None


def _gap_limit(cut: Cut) -> str | None:
    scan = cut.scan
    start = _after_examples(cut) if _examples_at(cut) else 0
    names = frozenset().union(*scan.classes[start:]) & (_LIMITING | {"modal"})
    if not names:
        return _gap_number(cut)
    return _KINDS[next(n for n in _GAP_ORDER if n in names)]


# In a gap every word is in scope: the word that limits most names it ("although marginally" is a hedge).
_GAP_ORDER = ("distancing", "denial", "condition", "exception", "negation", "hedge", "quantifier", "modal", "contrast")


def _after_discourse(cut: Cut) -> int:
    """Where a lead starts once the discourse markers that open it are set aside (``For example,``)."""
    classes, seps = cut.scan.classes, cut.seps
    at = 0
    while at < len(classes) and "discourse" in classes[at]:
        end = at
        while end < len(classes) and "discourse" in classes[end]:
            end += 1
        # A marker stands off with a comma, or ends the lead ("In practice [the server...]").
        if end < len(classes) and not _COMMA.search(seps[end]) and not cut.scan.unspaced:
            break
        at = end
    return at


def _examples_at(cut: Cut) -> bool:
    return bool(cut.scan.classes) and bool(cut.scan.classes[0] & _ILLUSTRATING)


def _after_examples(cut: Cut, *, trailing: bool = False) -> int:
    """Where the words after a list of examples that opens the cut start (0: no such list).

    A list of examples is names: items of a few words between commas, ``and`` and ``or``. What
    goes on past the list (``such as X and Y achieve strong recall, but ...``) is read as any words.
    In examples that end a sentence (``trailing``), a hedge or quantifier inside an item describes
    the item (``including arguably the most compelling use case``, ``some XML dialects``), not the
    quote before it; one that limits and opens an item (``, e.g. timeouts, only in debug mode``),
    or a postposed ``only`` (``, in version 1 only``), ends the list. There a case and a relative
    clause on an item are the example's own (`_example_clause`).
    """
    if not _examples_at(cut):
        return 0
    classes, lowered, seps = cut.scan.classes, cut.lowered, cut.seps
    at = 0
    while at < len(classes) and classes[at] & {"examples", "discourse"}:
        at += 1
    size = len(lowered)
    item = 0
    inside = _ITEM_MODIFIERS if trailing else _ITEM_WORDS
    p = at
    while p < size:
        opens = p > at and (bool(_COMMA.search(seps[p])) or lowered[p - 1] in _COORDINATORS)
        end = _example_clause(cut, at, p, opens=opens) if trailing else 0
        if end:
            p, item = end, 0
            continue
        if classes[p] - inside or lowered[p] in _CLAUSE_WORDS:
            return p  # a word that limits or makes a clause: no longer a name
        limits = classes[p] - _ITEM_WORDS and lowered[p] not in _QUANTITIES
        if trailing and limits and (opens or _postposed(lowered[p], seps[p + 1])):
            return p  # "[...], e.g. timeouts, only in debug mode", "[...], in version 1 only."
        if _COMMA.search(seps[p]) or lowered[p] in {"and", "or", "et", "ou", "e", "und", "oder", "y", "o"}:
            item = 0
        item += 1
        if item > _LIST_ITEM_WORDS:
            return p
        p += 1
    return size


def _example_clause(cut: Cut, at: int, p: int, *, opens: bool) -> int:
    """Where a clause of trailing examples that starts at word ``p`` ends, when it is the example's own; else 0.

    A case right after an example marker (``, for example when the input is malformed``,
    ``比如当…时``, not ``, in particular when``: a discourse marker's), and a relative clause on an
    item (``such as tables of contents, which may be sent [...]``), each to its comma, if no word
    after it limits (``, for example when X, which is never the case``, ``, e.g. timeouts,
    which it logs if debug mode is on``): then it is read as any words.
    """
    classes, lowered = cut.scan.classes, cut.lowered
    # An example marker, whatever class it was read as first: "for example" is a discourse marker too.
    case = p == at and bool(classes[p] & _CONDITIONAL) and ends_with_example_marker(lowered[:at])
    if not (case or (opens and lowered[p] in _RELATIVES)):
        return 0
    end = _next_comma(cut.seps, p + 1)
    rest = range(p + 1, len(lowered) if case else end)
    return 0 if any(classes[q] & _LIMITING for q in rest) else end


# Quantities an item of examples opens with, which describe it: "such as JSON, some XML dialects".
_QUANTITIES = frozenset({"some", "most", "many", "several", "few", "all", "both", "each", "every", "various"})


def _postposed(word: str, after: str) -> bool:
    """Whether a word, with what stands after it, is an ``only`` that ends its clause (``in version 1 only.``).

    It restricts what precedes it; one that closes an aside (``(for display purposes only)``)
    restricts the aside's words.
    """
    return word in RESTRICTIVE_WORDS and bool(_CLAUSE_END.match(after))


_CLAUSE_END = re.compile(r"[.,;:!?]")


def _one_phrase(cut: Cut, start: int, end: int) -> bool:
    """Whether words ``start`` to ``end``, from the last comma between, open no clause of their own.

    No coordinator nor clause word: ``, in version 1 only`` is one phrase (after ``, since they
    are unsafe`` too), ``and the client retries once only`` a clause.
    """
    lowered, seps = cut.lowered, cut.seps
    start = max((p for p in range(start, end + 1) if _COMMA.search(seps[p])), default=start)
    return not any(w in _CLAUSE_WORDS or w in _COORDINATORS for w in lowered[start:end])


def _next_comma(seps: Sequence[str], start: int) -> int:
    """The first word from ``start`` on with a comma before it, or the end of the words."""
    return next((p for p in range(start, len(seps) - 1) if _COMMA.search(seps[p])), len(seps) - 1)


# Relative words of the spaced languages that are nothing else (not "que", "die": a conjunction, an article).
_RELATIVES = frozenset({"which", "who", "whose", "where", "qui", "dont", "où", "welche", "welcher", "welches"})
_RELATIVES |= {"который", "которая", "которое", "которые", "cuyo", "cujo", "donde", "onde"}


_ITEM_WORDS = frozenset({"examples", "joiner"})
_ITEM_MODIFIERS = _ITEM_WORDS | {"hedge", "quantifier"}


def _verbless(lowered: Sequence[str]) -> bool:
    """Whether words hold nothing that makes a clause or limits: no verb this module can see."""
    for word in lowered:
        if word in _CLAUSE_WORDS or _negated(word) or is_meaning_word(word):
            return False
        if any("\uac00" <= char <= "\ud7a3" or "\u3040" <= char <= "\u9fff" for char in word):
            return False  # Korean, Japanese, Chinese: no list of ours can show an aside harmless
    return not limits(lowered) and not inverts(lowered)


def reference(cut: Cut) -> bool:
    """Whether the words only point elsewhere: ``[RFC3986]``, ``(Section 4)``, ``as defined in Section 2``."""
    from citecheck.matcher._tiers._loose import _reference as marker  # a cycle at import time otherwise

    lowered, opens = cut.lowered, cut.opens
    if "[" in opens and "]" in cut.closes and marker(cut.words):
        return True
    if _bracketed(cut) and (_places_only(lowered) or cites(cut.text)):
        # "(Section 4.2)", "(see Appendix A)", "(RFC 3986, Section 3)": only where to read more; or
        # another language's, a page, an author and a year: "(siehe Abschnitt 4)", "(p. 3)".
        return True
    if "[@" in opens or "{@" in opens:
        return True  # pandoc citations and cross-references: [@doi:...], {@fig:...}
    if len(lowered) < 3 or lowered[0] not in ("as", "see"):
        return False
    # "as defined in", and "as (was) previously reported": a finding of earlier work, which the
    # sentence endorses; its "previously" is no hedge of the quote.
    pointer = 1
    while lowered[0] == "as" and pointer < len(lowered) - 1 and lowered[pointer] in _BEFORE_POINTER:
        pointer += 1
    # Not an attribution: "as previously reported by the manufacturer" distances.
    attributed = lowered[pointer + 1 : pointer + 2] == ["by"]
    pointed = lowered[pointer] in _POINTERS or (pointer > 1 and lowered[pointer] in _FINDINGS and not attributed)
    return (
        (pointed or lowered[0] == "see")
        and not any(
            w in _CLAUSE_WORDS - {"as"} or w in NORMATIVE_KEYWORDS or _negated(w) for w in lowered[pointer + 1 :]
        )
        # Nor what goes on past the pointer: "(see RFC 1), but only for admins".
        and not any(classes & _LIMITING for classes in cut.scan.classes[pointer:])
    )


_BEFORE_POINTER = frozenset({"was", "were", "has", "have", "been", "is", "are", "previously", "already", "earlier"})
_FINDINGS = frozenset({"reported", "observed", "published", "demonstrated", "found"})


def _examples(cut: Cut) -> bool:
    """Whether the words are a list of examples (``such as X and Y``), or an aside in brackets that ``e.g.`` opens.

    An aside of examples may be a clause (``(e.g., allow "HTTP" as well as "http")``): it is the
    example's own. A limiting word in it is read before this (`gap_limit`).
    """
    if not _examples_at(cut) or len(cut.lowered) < 2:
        return False
    return _after_examples(cut) >= len(cut.lowered) or _bracketed(cut)


def numbered_reference(cut: Cut) -> bool:
    """Whether the words are a reference with a section's or a page's number (``(Section 5.1)``), and no more.

    An ellipsis over one leaves out where to read more, though it holds a number; over ``(version
    3 and above)`` or ``(Section 2 or later)`` it leaves out a threshold (`_THRESHOLDS`), over
    ``(see Section 5.1; experimental)`` more than a reference.
    """
    listed = not any(";" in sep for sep in cut.seps[1:-1]) or _places_only(cut.lowered)  # "(Section 5.1; Appendix B)"
    return reference(cut) and _THRESHOLDS.isdisjoint(cut.lowered) and listed


def _places_only(lowered: Sequence[str]) -> bool:
    """Whether the words other than numbers and single letters all name a place to read (`_PLACES`); one does."""
    named = [w for w in lowered if not any(c.isdigit() for c in w) and len(w) > 1]
    return bool(named) and all(w in _PLACES for w in named)


_THRESHOLDS = frozenset({"version", "versions", "above", "below", "later", "earlier", "newer", "older", "or"})


def _bracketed(cut: Cut) -> bool:
    """Whether the words are all of one aside in round or square brackets: it does not close between them.

    A bracket of the other kind may (``([RFC3986] Section 3.4)``).
    """
    opens, closes = cut.opens, cut.closes
    for opening, closing in (("(", ")"), ("[", "]")):
        if opening in opens and closing in closes:
            return not any(closing in sep for sep in cut.seps[1:-1])
    return False


def _aside(cut: Cut) -> bool:
    """Whether the words are one aside in brackets, or between commas, with no verb.

    A list the aside ends with ``and so on`` is still names (``(compilers, linkers, build tools,
    and so on)``).
    """
    bracketed = _bracketed(cut)
    lowered = cut.lowered
    commas = "," in cut.before and "," in cut.closes  # not a conjunct, which `harmless` turns away first
    if lowered[-3:] in _LIST_ENDS:
        lowered = lowered[:-3]
    return (bracketed or commas) and bool(lowered) and _verbless(lowered)


_LIST_ENDS = (["and", "so", "on"], ["and", "so", "forth"])


def _conjunct(cut: Cut) -> bool:
    """Whether the words between commas are a conjunct (``, and the worker deletes the files,``), not an aside.

    The quote's next words may be its own, whose subject the gap then holds: ``starts the job, ...
    and reports success`` hands the reporting to the parent. Opened by a coordinator or a word that
    goes on in sequence (``then``, ``so``); ``and so on`` ends a list.
    """
    lowered = cut.lowered
    return (
        len(lowered) > 1
        and lowered[0] in _CONJUNCT_OPENERS
        and lowered not in _LIST_ENDS
        and "," in cut.before
        and "," in cut.closes
        and not _discourse(cut)  # ", so to speak,", ", then again,"
    )


_CONJUNCT_OPENERS = _COORDINATORS | {"then", "so", "plus", "puis", "alors", "dann", "então", "depois", "luego", "затем"}


def _discourse(cut: Cut) -> bool:
    """Whether the words are only a discourse marker set off by commas (``, in practice,``)."""
    return "," in cut.before and "," in cut.closes and all("discourse" in c for c in cut.scan.classes)


def _repeated(index: WordIndex, cut: Cut) -> bool:
    keys = {index.key(p) for p in range(cut.first, cut.last + 1)}
    if len(keys) != 1:
        return False
    (word,) = keys
    return (cut.first > 0 and index.key(cut.first - 1) == word) or (
        cut.last + 1 < len(index) and index.key(cut.last + 1) == word
    )


def harmless(index: WordIndex, cut: Cut) -> str | None:
    """Why leaving out ``cut`` is harmless (``"a reference"``...), or ``None`` when it is not shown."""
    if not cut:
        return "nothing"
    if reference(cut):
        return "a reference"
    if _conjunct(cut):
        return None  # ", then the worker deletes the files,": no list of names, though "then" opens it
    if _examples(cut):
        return "a list of examples"
    if _repeated(index, cut):
        return "a repeated word"
    if _discourse(cut):
        return "a discourse marker"
    if _aside(cut) and not _scope_aside(cut):
        return "an aside"
    return None


def _scope_aside(cut: Cut) -> bool:
    """Whether the words are a phrase that says whom, where or when the quote holds (``(on Linux)``, ``, in the EU,``).

    Opened by a preposition of `SCOPE_OPENERS_BY_LANGUAGE`, as a scope phrase before a quote is
    (`_fronted_scope`), and not one that points at the text itself (``(in this document)``,
    ``(for simplicity)``): an aside with no verb, yet left out it makes the claim general.
    """
    lowered, seps = cut.lowered, cut.seps
    language = cut.language or "en"
    # The phrase up to its first comma or semicolon: "(for paid plans; see the pricing page)".
    end = next((p for p in range(1, len(lowered)) if _COMMA.search(seps[p]) or ";" in seps[p]), len(lowered))
    return (
        bool(lowered)
        and lowered[0] in SCOPE_OPENERS_BY_LANGUAGE.get(language, _ANY_SCOPE_OPENER)
        and SELF_REFERENCES_BY_LANGUAGE.get(language, frozenset()).isdisjoint(lowered[:end])
    )


def describe(cut: Cut, *, where: str, kind: str | None = None) -> str:
    """What the left-out words are, in a reviewer's words: ``left out a leading condition: ...``."""
    if kind is None:
        kind = {"lead": lead_limit, "trail": trail_limit}.get(where, gap_limit)(cut)
    if kind is None and where == "gap" and cut.lowered[:1] and (cut.lowered[0] in _RESTRICTORS or _scope_aside(cut)):
        kind = "a restriction on whom or what it applies to"
    if kind is None:
        kind = {"lead": "the start of the sentence", "trail": "the rest of the sentence"}.get(where, "words")
    elif where == "lead" and kind == _KINDS["condition"]:
        kind = "a leading condition"
    return f"left out {kind}: {shown(cut)!r}"


def shown(cut: Cut) -> str:
    """The left-out words as a reviewer reads them, with a comma that closes them."""
    opens, closes = cut.opens, cut.closes
    text = (opens if opens and set(opens) <= set("([\"'") else "") + cut.text
    if closes.startswith(","):
        text += ","
    elif closes[:1] in (")", "]") and OPENING_BRACKET.search(text):
        text += closes[0]  # the aside right before the quote: "The server (if enabled)"
    return text if len(text) <= 120 else text[:117] + "..."
