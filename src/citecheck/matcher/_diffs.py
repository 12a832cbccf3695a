"""Word-level differences between a quote and the source, and which of them change the meaning.

A quote may differ from its source harmlessly (case, punctuation, a hyphen) or harmfully: a
normative keyword swapped (MUST to SHOULD), a negation added or dropped, a number, date or unit
changed. The harmful kinds are listed here, so the matcher never passes an altered quote off as
found.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from difflib import SequenceMatcher
from functools import lru_cache
from itertools import pairwise
from typing import Literal

from citecheck._models import WordDiff

__all__ = [
    "MEANING_WORDS",
    "MODALS_BY_LANGUAGE",
    "NEGATING_VERBS",
    "NEGATIONS_BY_LANGUAGE",
    "SPACED_WORD",
    "UNSPACED",
    "UNSPACED_MEANING_CHARS",
    "WORD",
    "foreign_negation",
    "inverts",
    "is_meaning_word",
    "is_opposite",
    "is_unspaced",
    "key",
    "limits",
    "negates_or_obliges",
    "unspaced_count",
    "unspaced_meaning",
    "unspaced_negations",
    "word_diffs",
    "word_opcodes",
]

_NORMATIVE = {"must", "should", "may", "required", "shall", "optional", "recommended", "not"}
_MODALS = {"can", "could", "might", "will", "would", "need", "needs"}
_NEGATIONS = {
    "no",
    "not",
    "never",
    "neither",
    "nor",
    "none",
    "nothing",
    "nobody",
    "cannot",
    "without",
    "unless",
    "except",
    "only",
    "n't",
    "non",
}
_PLAIN_NEGATIONS = {"not", "never", "cannot"}

# Negations and modal verbs of other languages, compared lowercased. A spaced language's negation is
# a word (French, Portuguese, German, Spanish; Korean in `_korean_negation`); "without" in each is
# only risky next to the words kept, as in English.
NEGATIONS_BY_LANGUAGE: dict[str, frozenset[str]] = {
    # Not "nul": an RFC's NUL octet is not a negation.
    "fr": frozenset({"ne", "pas", "jamais", "aucun", "aucune", "rien", "ni", "non", "guère"}),
    "pt": frozenset({"não", "nao", "nem", "nunca", "jamais", "nenhum", "nenhuma", "nada", "ninguém"}),
    "de": frozenset(
        {"nicht", "kein", "keine", "keinen", "keinem", "keiner", "keines", "nie", "niemals", "nichts", "niemand"}
        | {"weder"}
    ),
    "es": frozenset({"nunca", "jamás", "ningún", "ninguna", "ninguno", "nadie", "tampoco"}),
    "ru": frozenset({"не", "нет", "ни", "никогда", "нельзя", "ничего", "никто"}),
    "ko": frozenset({"안", "못", "않", "없", "아니"}),
    "zh": frozenset({"不", "没", "沒", "未", "非", "无", "無", "别", "別", "莫", "勿", "否", "禁止"}),
    "ja": frozenset({"ない", "ません", "なかった", "なく", "ず", "無", "不", "未", "非", "禁止", "いけない"}),
    "th": frozenset({"ไม่", "ห้าม", "อย่า", "มิ"}),
}
"""The negations the matcher knows in other languages (French, Portuguese, German, Spanish, Russian,
Korean, Chinese, Japanese, Thai). A quote that adds or drops one is never a
plain match. Korean's are matched inside a word (``않는다``, ``없다``, ``못한다``); Chinese,
Japanese and Thai ones anywhere in the text, since those scripts have no spaces."""
_WITHOUT = frozenset({"sans", "sem", "ohne", "без"})
MODALS_BY_LANGUAGE: dict[str, frozenset[str]] = {
    "fr": frozenset(
        {"doit", "doivent", "devrait", "devraient", "peut", "peuvent", "pourrait", "obligatoire", "interdit"}
        | {"facultatif", "requis", "recommandé"}
    ),
    "pt": frozenset(
        {"deve", "devem", "deveria", "pode", "podem", "poderá", "obrigatório", "obrigatória", "proibido"}
        | {"opcional", "recomendado"}
    ),
    "de": frozenset(
        {"muss", "müssen", "musst", "darf", "dürfen", "soll", "sollen", "sollte", "sollten", "kann", "können"}
        | {"könnte", "verboten", "erforderlich", "empfohlen"}
    ),
    "ko": frozenset({"반드시", "필수", "금지", "해야"}),
    "zh": frozenset(
        {"必须", "必須", "应该", "應該", "应当", "可以", "能够", "需要", "必", "须", "須", "应", "應", "可"}
    ),
    "ja": frozenset({"なければならない", "必要", "べき", "できる", "可能", "推奨", "必"}),
    "th": frozenset({"ต้อง", "ควร", "อาจ"}),
}
"""Modal verbs and normative words in other languages (must, should, may, can, forbidden). In
Chinese, Japanese and Thai they are matched anywhere in the text."""
_FOREIGN_NEGATIONS = frozenset().union(*(NEGATIONS_BY_LANGUAGE[lang] for lang in ("fr", "pt", "de", "es", "ru")))
_FOREIGN_MODALS = frozenset().union(*(MODALS_BY_LANGUAGE[lang] for lang in ("fr", "pt", "de", "ko")))
_UNSPACED_NEGATIONS = frozenset().union(*(NEGATIONS_BY_LANGUAGE[lang] for lang in ("zh", "ja", "th")))
_UNSPACED_MODALS = frozenset().union(*(MODALS_BY_LANGUAGE[lang] for lang in ("zh", "ja", "th")))
_UNSPACED_MEANING = re.compile(
    "|".join(re.escape(p) for p in sorted(_UNSPACED_NEGATIONS | _UNSPACED_MODALS, key=len, reverse=True))
)
# One character that is a negation or a modal on its own: a word of the index (see `WORD`).
UNSPACED_MEANING_CHARS: frozenset[str] = frozenset(
    p for p in _UNSPACED_NEGATIONS | _UNSPACED_MODALS if len(p) == 1 or (len(p) == 2 and p[1] in "\u0e48\u0e49")
)


def _korean_negation(word: str) -> bool:
    """Whether a Korean word negates: ``안``, ``못``, or a form of ``않다``, ``없다``, ``아니다``, ``못하다``."""
    return word in ("안", "못") or "않" in word or "없" in word or word.startswith(("아니", "아닌", "못"))


def foreign_negation(word: str) -> bool:
    """Whether a lowercased word is a negation of French, Portuguese, German, Spanish or Korean.

    French elides ``ne`` before a vowel: ``n'est`` negates as ``ne est`` does.
    """
    if word in _FOREIGN_NEGATIONS:
        return True
    if word.isascii():
        return word.startswith(("n'", "n\u2019")) and len(word) > 2
    return word.startswith("n\u2019") or ("\uac00" <= word[:1] <= "\ud7a3" and _korean_negation(word))


def unspaced_meaning(text: str) -> list[str]:
    """The negations and modals of Chinese, Japanese and Thai found in ``text``, in order."""
    return _UNSPACED_MEANING.findall(text) if is_unspaced(text) else []


def unspaced_negations(text: str) -> list[str]:
    """The negations of Chinese, Japanese and Thai found in ``text``, in order."""
    return [found for found in unspaced_meaning(text) if found in _UNSPACED_NEGATIONS]


NEGATING_VERBS: frozenset[str] = frozenset(
    {
        *(f"{stem}{end}" for stem in ("fail", "refuse", "neglect", "decline", "cease") for end in ("", "s", "ed", "d")),
        "unable",
        "omits",
    }
)
"""Verbs that negate the verb after them: ``The server fails to validate`` says it does not."""
# Adverbs and quantifiers that limit how often, how much or how surely the words around them hold.
_LIMITING = {
    "rarely",
    "seldom",
    "hardly",
    "scarcely",
    "barely",
    "merely",
    "almost",
    "nearly",
    "mostly",
    "partly",
    "partially",
    "usually",
    "often",
    "sometimes",
    "occasionally",
    "generally",
    "typically",
    "normally",
    "ever",
    "exclusively",
    "solely",
    "primarily",
    "mainly",
    "largely",
    "slightly",
    "somewhat",
    "possibly",
    "probably",
    "likely",
    "unlikely",
    "allegedly",
    "reportedly",
    "conditionally",
    "temporarily",
    "initially",
    "approximately",
    "roughly",
}
_LIMITING_PAIRS = {("up", "to"), ("at", "most"), ("at", "least"), ("no", "more"), ("as", "few"), ("as", "many")}
_SHORT_GAP = 4  # words: a gap this short is all next to the words kept
_MONTHS = {
    "january",
    "february",
    "march",
    "april",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
}
_UNITS = {
    "seconds",
    "minute",
    "minutes",
    "hour",
    "hours",
    "day",
    "days",
    "week",
    "weeks",
    "month",
    "months",
    "year",
    "years",
    "ms",
    "millisecond",
    "milliseconds",
    "byte",
    "bytes",
    "octet",
    "octets",
    "bit",
    "bits",
    "kb",
    "mb",
    "gb",
    "percent",
    "utc",
    "once",
    "twice",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "hundred",
    "thousand",
    "million",
    "first",
    "second",
    "third",
    "least",
    "most",
    "more",
    "less",
    "fewer",
    "all",
    "any",
    "every",
    "some",
}

# Words whose swap for another word reverses what a sentence says (accepted for rejected).
_POLARITY = {
    "accept",
    "accepted",
    "reject",
    "rejected",
    "allow",
    "allowed",
    "forbid",
    "forbidden",
    "permitted",
    "prohibited",
    "present",
    "absent",
    "before",
    "after",
    "earlier",
    "later",
    "true",
    "false",
    "valid",
    "invalid",
    "enable",
    "enabled",
    "disable",
    "disabled",
    "include",
    "included",
    "exclude",
    "excluded",
    "minimum",
    "maximum",
    "larger",
    "smaller",
    "greater",
    "lower",
    "higher",
    "increase",
    "decrease",
    "always",
    "sometimes",
    "mandatory",
    "public",
    "private",
    "encrypted",
    "unencrypted",
    "signed",
    "unsigned",
    "secure",
    "insecure",
    "trusted",
    "untrusted",
}

MEANING_WORDS: frozenset[str] = frozenset(_NORMATIVE | _MODALS | _NEGATIONS | _MONTHS | _UNITS | _POLARITY)
"""Words whose change changes what a quote says: normative keywords (RFC 2119), modal verbs,
negations, months, units, number words and quantifiers, and words of opposite pairs (accepted and
rejected, before and after, valid and invalid). Any word holding a digit counts too, and any
contraction with ``n't``."""

_KINDS: dict[str, Literal["changed", "added", "omitted"]] = {
    "replace": "changed",
    "insert": "omitted",
    "delete": "added",
}
UNSPACED = (
    "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3005-\u3007\u3041-\u30fa\u30fc-\u30ff\u31f0-\u31ff"
    "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f"
)
"""The scripts written without spaces between words, as a regular-expression class body: Thai, Lao,
Myanmar, Khmer, Japanese kana, and Han (Chinese and Japanese). Their text is matched a character
at a time."""
_UNSPACED_MARKS = (
    "\u0e31\u0e34-\u0e3a\u0e47-\u0e4e\u0eb1\u0eb4-\u0ebc\u0ec8-\u0ecd\u102b-\u103e\u17b4-\u17d3\u3099\u309a"
)
WORD = re.compile(rf"[{UNSPACED}][{_UNSPACED_MARKS}]*|[^\W_{UNSPACED}]+(?:'[^\W_{UNSPACED}]+)*")
"""A word as the matcher sees it: letters and digits, with inner apostrophes (``isn't``).
Hyphens and underscores separate words: ``case-sensitive`` is two words (so it matches ``case
sensitive``), and ``_MUST_`` is ``MUST``; the matcher compares what stands between words apart.
In a script written without spaces (see `UNSPACED`) each character, with its vowel and tone
marks, is a word of its own, so a quote may start and end at any character."""
SPACED_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")
"""`WORD` for text without a character of `UNSPACED` (ASCII text): the same words, found faster."""
_UNSPACED_CHAR = re.compile(f"[{UNSPACED}]")


def is_unspaced(text: str) -> bool:
    """Whether ``text`` holds a character of a script written without spaces (see `UNSPACED`)."""
    return not text.isascii() and _UNSPACED_CHAR.search(text) is not None


def unspaced_count(text: str) -> int:
    """How many characters of scripts written without spaces ``text`` holds."""
    return 0 if text.isascii() else len(_UNSPACED_CHAR.findall(text))


_GREEK_NAMES = (
    "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma sigma tau upsilon "
    "phi chi psi omega"
)
GREEK = {chr(0x3B1 + i): name for i, name in enumerate(_GREEK_NAMES.split())}
"""Lowercase Greek letters (U+03B1 to U+03C9) and their names: alpha-catenin is the same word with
the letter or its name."""


def key(word: str) -> str:
    """How two words are compared: case (fully folded), apostrophes aside, a Greek letter by name."""
    folded = word.casefold().replace("-", "").replace("'", "")
    return folded if folded.isascii() else "".join(GREEK.get(char, char) for char in folded)


def is_meaning_word(word: str) -> bool:
    """Whether changing ``word`` changes the meaning: see `MEANING_WORDS`; any word with a digit too."""
    lowered = word.lower().replace("\u2019", "'")
    if lowered in MEANING_WORDS or lowered.endswith("n't") or any(char.isdigit() for char in word):
        return True
    if lowered in _FOREIGN_MODALS or lowered in _WITHOUT or foreign_negation(lowered):
        return True
    return not lowered.isascii() and (lowered in UNSPACED_MEANING_CHARS or bool(unspaced_meaning(lowered)))


# Words that stand for one of several mutually exclusive things: swapping one for another in a
# quote says something else (a role, a method, a direction, one of a pair of opposites). Compared by
# `_stem`, so inflected forms count (``increased`` for ``increase``).
_ALTERNATIVES = [
    "first last",
    "accept reject",
    "allow deny forbid prohibit disallow permit",
    "enable disable",
    "before after",
    "earlier later",
    "true false",
    "minimum maximum",
    "min max",
    "larger smaller",
    "greater less lower fewer smaller",
    "higher lower",
    "more less fewer",
    "above below",
    "always never sometimes",
    "mandatory optional required recommended",
    "public private confidential",
    "present absent",
    "success failure",
    "positive negative",
    "activate inhibit suppress",
    "agonist antagonist",
    "gain loss",
    "increase decrease reduce",
    "up down",
    "high low",
    "start end stop",
    "begin end",
    "open close",
    "add remove",
    "left right",
    "leading trailing",
    "prefix suffix",
    "absolute relative",
    "local remote",
    "static dynamic",
    "old new",
    "same different",
    "send receive",
    "sender receiver recipient",
    "request response",
    "client server",
    "user server",
    "issuer audience subject",
    "producer consumer",
    "publisher subscriber",
    "access refresh",
    "authorization resource",
    "authorization token redirection",
    "implicit explicit",
    "get post put delete patch head options",
    "encode decode",
    "import export",
    "input output",
    "internal external",
    "upstream downstream",
    "upload download",
    "inbound outbound",
    "ingress egress",
    "uppercase lowercase",
    "symmetric asymmetric",
]
# Prefixes that turn a word into its opposite when swapped for each other (``hyperglycemia`` and
# ``hypoglycemia``, ``encrypt`` and ``decrypt``, ``inbound`` and ``outbound``), or when added.
_PREFIX_SWAPS = [
    ("hyper", "hypo"),
    ("up", "down"),
    ("over", "under"),
    ("in", "out"),
    ("pre", "post"),
    ("en", "de"),
    ("in", "de"),
    ("in", "ex"),
    ("im", "ex"),
    ("inter", "intra"),
    ("upper", "lower"),
    ("max", "min"),
]
_NEGATING_PREFIXES = ("un", "in", "im", "il", "ir", "non", "dis", "de", "a")
_SUFFIXES = ("ations", "ation", "ions", "ion", "ings", "ing", "edly", "ed", "ers", "er", "es", "s", "ly", "e")


def _stem(word: str) -> str:
    """A crude stem: enough to see ``increased`` and ``increases`` as ``increase``."""
    word = word.lower()
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def _same_stem(left: str, right: str) -> bool:
    a, b = _stem(left), _stem(right)
    return a == b or (min(len(a), len(b)) >= 5 and (a.startswith(b) or b.startswith(a)))


_ALTERNATIVE_STEMS: dict[str, set[int]] = {}
for _group, _words in enumerate(_ALTERNATIVES):
    for _word in _words.split():
        _ALTERNATIVE_STEMS.setdefault(_stem(_word), set()).add(_group)


@lru_cache(maxsize=4096)
def _groups(word: str) -> frozenset[int]:
    stem = _stem(word)
    found = _ALTERNATIVE_STEMS.get(stem)
    if found is not None:
        return frozenset(found)
    if len(stem) < 5:
        return frozenset()
    # "activation" stems to "activ", "activate" to "activat": a longer group stem may start with it.
    return frozenset(next((g for s, g in _ALTERNATIVE_STEMS.items() if s.startswith(stem)), set()))


@lru_cache(maxsize=16384)
def is_opposite(left: str, right: str) -> bool:
    """Whether one word swapped for the other says something else, not the same thing misspelt.

    True for two of a set of alternatives (``first`` and ``last``, ``client`` and ``server``,
    ``GET`` and ``POST``, ``increased`` and ``decreased``, ``activates`` and ``inhibits``), for
    swapped prefixes (``hyper``/``hypo``, ``up``/``down``, ``in``/``out``, ``en``/``de``), and
    for a negating prefix (``secure`` and ``insecure``, ``able`` and ``unable``).
    """
    a, b = left.lower(), right.lower()
    if a == b or _same_stem(a, b):
        return False
    if _groups(a) & _groups(b):
        return True
    for x, y in ((a, b), (b, a)):
        for p, q in _PREFIX_SWAPS:
            if x.startswith(p) and y.startswith(q) and len(x) - len(p) >= 3 and _same_stem(x[len(p) :], y[len(q) :]):
                return True
        for prefix in _NEGATING_PREFIXES:
            rest = x[len(prefix) :]
            if x.startswith(prefix) and len(rest) >= 4 and _same_stem(rest, y):
                return True
    return False


def _changes_meaning(kind: str, quoted: Sequence[str], source: Sequence[str]) -> bool:
    """Whether one difference changes the meaning.

    Words only spaced or punctuated differently (``3,600`` and ``3600``, ``case sensitive`` and
    ``casesensitive``) do not. Any normative keyword, negation, number, date or unit among the
    words does. A word of an opposite pair (accepted, rejected) does when it is added or left out.
    A swapped word does when it is the opposite of the source's (see `is_opposite`); not when it
    is only misspelt or inflected (``rejectd``, ``include`` for ``included``), which the fuzzy tier
    sends to review instead.
    """
    if kind == "changed" and "".join(map(key, quoted)) == "".join(map(key, source)):
        return False
    words = [w.lower() for w in (*quoted, *source)]
    if any(is_meaning_word(w) and w not in _POLARITY for w in words):
        return True
    # "fails to" added, left out or swapped for other words says the opposite; "failed" for
    # "fails" is an inflection.
    if _negating_verbs(quoted) != _negating_verbs(source):
        return True
    if kind != "changed":
        return any(w in _POLARITY for w in words)
    return _swapped_for_an_opposite(quoted, source)


def _swapped_for_an_opposite(quoted: Sequence[str], source: Sequence[str]) -> bool:
    """Whether swapped words say the opposite: an opposite pair, or two polar words of other stems."""
    if any(is_opposite(q, s) for q in quoted for s in source):
        return True
    before = {w.lower() for w in source if w.lower() in _POLARITY}
    after = {w.lower() for w in quoted if w.lower() in _POLARITY}
    return bool(before and after) and not any(_same_stem(b, a) for b in before for a in after)


def inverts(left_out: Sequence[str]) -> bool:
    """Whether leaving these words out of a quote could invert what it says.

    It could when the words hold a plain negation (``not``, ``never``, ``cannot``, ``-n't``), or a
    negation, a negating verb (``fails to``, ``refuses to``, ``is unable to``) or a normative
    keyword right at either end, next to the words kept (``MUST ... accept``
    leaving out ``NOT``), or anywhere in a gap of a few words. A negation inside a longer clause
    left out whole (``usually no more than a few minutes``) does not.
    """
    lowered = [w.lower() for w in left_out]
    if any(w in _PLAIN_NEGATIONS or w.endswith("n't") or foreign_negation(w) for w in lowered):
        return True
    if unspaced_negations("".join(lowered)):
        return True  # 不, ない, ไม่ left out: Chinese, Japanese and Thai words are not spaced
    if _negating_verbs(lowered) and (len(lowered) <= _SHORT_GAP or lowered[-1] == "to" or lowered[-1] == "unable"):
        return True  # "The server ... validate" over "fails to", "is unable to"
    risky = _RISKY
    if len(lowered) <= _SHORT_GAP:
        return any(w in risky for w in lowered)
    return lowered[0] in risky or lowered[-1] in risky


def _negating_verbs(words: Sequence[str]) -> set[str]:
    """The stems of the negating verbs that govern a verb here: ``fails to``, ``unable``.

    ``failed`` alone is an adjective as often as not (``the failed request``): only a limit.
    """
    lowered = [w.lower() for w in words]
    return {
        _stem(w)
        for i, w in enumerate(lowered)
        if w in NEGATING_VERBS and (w == "unable" or lowered[i + 1 : i + 2] == ["to"])
    }


def limits(left_out: Sequence[str]) -> bool:
    """Whether leaving these words out of a quote drops what limits it, short of inverting it.

    A limiting adverb or quantifier (``rarely``, ``seldom``, ``hardly ever``, ``at most``, ``up
    to``, ``usually``), or any word whose change changes the meaning (a number, a unit, a
    quantifier, one of a pair of opposites: see `is_meaning_word`).
    """
    lowered = [w.lower() for w in left_out]
    if any(w in _LIMITING or w in _POLARITY or w in NEGATING_VERBS or is_meaning_word(w) for w in lowered):
        return True
    return any(pair in _LIMITING_PAIRS for pair in pairwise(lowered))


_RISKY = frozenset(_NORMATIVE | _NEGATIONS | _WITHOUT | _FOREIGN_MODALS)


def negates_or_obliges(words: Sequence[str]) -> bool:
    """Whether the words hold a negation (``not``, ``never``, ``-n't``...) or a normative keyword.

    Added to a quote, such a word says the opposite of the source or another requirement
    (``MUST [NOT]``, ``MAY [NEVER]``, ``[MUST NOT]``).
    """
    lowered = [w.lower().replace("\u2019", "'") for w in words]
    if any(w in _OUTRIGHT or w.endswith("n't") or w in _FOREIGN_MODALS or foreign_negation(w) for w in lowered):
        return True
    return bool(unspaced_meaning("".join(lowered)))


_OUTRIGHT = _NORMATIVE | _PLAIN_NEGATIONS | {"no", "nor", "neither", "none", "nothing", "nobody"}


def word_opcodes(
    quote_words: Sequence[str], source_words: Sequence[str], *, keys: tuple[Sequence[str], Sequence[str]] | None = None
) -> list[tuple[str, int, int, int, int]]:
    """`difflib` opcodes (without the equal ones) turning the quote's words into the source's.

    Words are compared by `key`, so case and inner hyphens are not differences; pass ``keys``
    (the quote's and the source's) when they are at hand.
    """
    quote_keys, source_keys = (
        keys if keys is not None else ([key(w) for w in quote_words], [key(w) for w in source_words])
    )
    matcher = SequenceMatcher(None, quote_keys, source_keys, autojunk=False)
    return [op for op in matcher.get_opcodes() if op[0] != "equal"]


def word_diffs(
    quote_words: Sequence[str],
    source_words: Sequence[str],
    *,
    opcodes: Sequence[tuple[str, int, int, int, int]] | None = None,
) -> tuple[WordDiff, ...]:
    """The word-level differences between a quote and the source text it matched.

    Words are compared by `key`, so case and inner hyphens are not differences. Pass the
    `word_opcodes` of the same words when they are at hand, so they are not worked out again.
    """
    diffs: list[WordDiff] = []
    for op, q_start, q_end, s_start, s_end in (
        opcodes if opcodes is not None else word_opcodes(quote_words, source_words)
    ):
        quoted = " ".join(quote_words[q_start:q_end])
        source = " ".join(source_words[s_start:s_end])
        kind = _KINDS[op]
        meaning = _changes_meaning(kind, quote_words[q_start:q_end], source_words[s_start:s_end])
        if not meaning and is_unspaced(quoted + source):
            meaning = _unspaced_change(quote_words, source_words, (q_start, q_end, s_start, s_end))
        diffs.append(WordDiff(kind=kind, quote=quoted, source=source, changes_meaning=meaning))
    return tuple(diffs)


_CONTEXT = 3  # characters each side of a difference in a script without spaces: ない may be cut in two


def _unspaced_change(quote_words: Sequence[str], source_words: Sequence[str], spans: tuple[int, int, int, int]) -> bool:
    """Whether a difference in Chinese, Japanese or Thai text adds, drops or swaps a negation or a modal.

    Those words are several characters (``ない``, ``不得``, ``必须``) and a difference may take one of
    them only in part, so the characters around it on each side are read with it.
    """
    q_start, q_end, s_start, s_end = spans
    quoted = "".join(quote_words[max(q_start - _CONTEXT, 0) : q_end + _CONTEXT])
    source = "".join(source_words[max(s_start - _CONTEXT, 0) : s_end + _CONTEXT])
    return sorted(unspaced_meaning(quoted)) != sorted(unspaced_meaning(source))
