"""The words whose change changes what a quote says, one list per word class, and the tests on them.

A quote may differ from its source harmlessly (case, punctuation, a hyphen) or harmfully: a
normative keyword swapped (MUST to SHOULD), a negation added or dropped, a number, date or unit
changed, a word swapped for its opposite. Each class of such words is listed once here; the word
diffs (`_diffs.py`) and the tiers (`_tiers/`) build the sets they test from these lists, so a word
added to a class reaches every test that reads the class.

The lists only ever make a quote *less* trusted: a word missing from them is compared as any
other word, so an altered quote it carries is left to the fuzzy tier and to review.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from functools import lru_cache
from itertools import accumulate, chain, pairwise

from citecheck._lazy_re import lazy_compile
from citecheck.matcher._confusables import mixes_scripts, skeleton
from citecheck.matcher._tokens import WORD, has_kana, is_unspaced, unread_letter, without_accents

__all__ = [
    "ADDITIVES_BY_LANGUAGE",
    "AS_BY_LANGUAGE",
    "CHAINED_MEANS_BY_LANGUAGE",
    "CHAINED_MOODS_BY_LANGUAGE",
    "CHAINING_ENDINGS_BY_LANGUAGE",
    "CLAUSE_WORDS_BY_LANGUAGE",
    "CONDITIONS",
    "CONDITIONS_BY_LANGUAGE",
    "CONTRASTS_BY_LANGUAGE",
    "CUT_CLASSES",
    "DENIALS_BY_LANGUAGE",
    "DENIAL_LABELS",
    "DENYING_ADVERBS_BY_LANGUAGE",
    "DENYING_HEADINGS_BY_LANGUAGE",
    "DENYING_PREDICATES_BY_LANGUAGE",
    "DISCOURSE_BY_LANGUAGE",
    "DISTANCING_BY_LANGUAGE",
    "EARLIER_BY_LANGUAGE",
    "EXAMPLES_BY_LANGUAGE",
    "EXCEPTIONS_BY_LANGUAGE",
    "EXPLAINING_BY_LANGUAGE",
    "FINAL_MOODS_BY_LANGUAGE",
    "FORWARD_POINTERS_BY_LANGUAGE",
    "FRAMES_FOLLOW",
    "FUNCTION_WORDS_BY_LANGUAGE",
    "GERMAN_ADJECTIVE_ENDINGS",
    "GERMAN_CLAUSE_END_WORDS",
    "GERMAN_CLAUSE_OPENERS",
    "GERMAN_COMPARING",
    "GERMAN_DETERMINERS",
    "GERMAN_INFINITIVE_OPENERS",
    "GERMAN_JOINS",
    "GERMAN_NOUN_PHRASE_WORDS",
    "GERMAN_SUBORDINATORS",
    "HEDGES_BY_LANGUAGE",
    "INVERTED_CONDITIONS_BY_LANGUAGE",
    "INVERTED_SUBJECTS_BY_LANGUAGE",
    "JA_CONDITIONAL_TO_AFTER",
    "JOINERS_BY_LANGUAGE",
    "LONGEST_UNSPACED_ENTRY",
    "MEANING_WORDS",
    "MODALS",
    "MODALS_BY_LANGUAGE",
    "NEGATED_FRAME_VERBS_BY_LANGUAGE",
    "NEGATING_NOTHING",
    "NEGATING_PREFIXES",
    "NEGATING_VERBS",
    "NEGATIONS",
    "NEGATIONS_BY_LANGUAGE",
    "NEGATION_KEYS",
    "NORMATIVE_KEYWORDS",
    "NOT_CHAINING_BY_LANGUAGE",
    "NOT_NEGATIONS_BY_LANGUAGE",
    "NOT_WHEN_BEFORE_SHI",
    "NT_STEMS",
    "OBLIGATIONS_BY_LANGUAGE",
    "PLAIN_NEGATIONS",
    "POLARITY",
    "QUANTIFIERS_BY_LANGUAGE",
    "REASONS_BY_LANGUAGE",
    "REASON_ENDINGS",
    "RESTRICTIVE_WORDS",
    "RESULTS_BY_LANGUAGE",
    "RFC2119_KEYWORDS",
    "SAYING_VERBS_BY_LANGUAGE",
    "SCOPE_OPENERS_BY_LANGUAGE",
    "SELF_REFERENCES_BY_LANGUAGE",
    "SPACED_LANGUAGES",
    "UNSPACED_MEANING_CHARS",
    "WITHOUT",
    "cut_marks",
    "denies_heading",
    "ends_reason",
    "ends_with_example_marker",
    "foreign_negation",
    "frame_follows",
    "function_word_languages",
    "inverts",
    "is_explaining",
    "is_hedge",
    "is_meaning_word",
    "is_opposite",
    "likeliest_language",
    "limits",
    "modal_swapped",
    "negates_or_obliges",
    "negating_verbs",
    "not_negations_in",
    "opens_reason",
    "opens_result",
    "phrase_forms",
    "phrase_words",
    "points_forward",
    "same_korean_negation",
    "same_ordinal",
    "same_stem",
    "spaced_language",
    "told_by_own_words",
    "told_language",
    "unread_language",
    "unspaced_meaning",
    "unspaced_meaning_differs",
    "unspaced_meaning_marks",
    "unspaced_negations",
]

# -- normative keywords and modal verbs ----------------------------------------------------------

RFC2119_KEYWORDS = frozenset({"must", "should", "may", "shall", "required", "recommended", "optional"})
"""The normative keywords of RFC 2119, lowercased: one swapped for another (MUST for SHOULD) states
another requirement, and one added or left out states a requirement or drops it. ``NOT`` of ``MUST
NOT`` is a negation (`NEGATIONS`)."""

MODALS = frozenset({"can", "could", "might", "will", "would", "need", "needs"})
"""English modal verbs that are not RFC 2119 keywords: a swap (can for will) changes how able or
how sure the sentence is."""

OBLIGATIONS_BY_LANGUAGE: dict[str, frozenset[str]] = {
    "fr": frozenset({"doit", "doivent", "devrait", "devraient"}),
    "pt": frozenset({"deve", "devem", "deveria", "deveriam"}),
    "de": frozenset({"muss", "musst", "müssen", "soll", "sollen", "sollte", "sollten", "darf", "dürfen"}),
    "es": frozenset({"debe", "deben", "debería", "deberían", "deberia", "deberian"}),
    "ru": frozenset({"должен", "должна", "должно", "должны", "следует", "обязан", "обязаны"}),
}
"""The verbs of French, Portuguese, German, Spanish and Russian that say must, should or may: those
languages' RFC 2119 keywords. Each is a modal of its language too (`MODALS_BY_LANGUAGE`)."""

# Japanese "must", plain and polite: "unless (one does it), it does not do" (なければならない),
# one modal, not a condition and a negation ("[...読み込ま]なければなりません").
_JA_OBLIGATIONS = frozenset(
    {"なければならない", "なければなりません", "なくてはならない", "なくてはなりません", "ねばならない"}
    | {"ねばなりません", "なければいけない", "なければいけません", "なくてはいけない", "なくてはいけません"}
    | {"ないといけない", "ないといけません"}
)

# Japanese "may": "(it) does not matter" (かまいません, holding a ません that negates nothing), "(it) is good".
_JA_PERMISSIONS = frozenset(
    {"かまいません", "構いません", "かまわない", "構わない"} | {"てもいい", "てもよい", "ても良い"}
)

MODALS_BY_LANGUAGE: dict[str, frozenset[str]] = {
    "fr": OBLIGATIONS_BY_LANGUAGE["fr"]
    | {"peut", "peuvent", "pourrait", "obligatoire", "interdit", "facultatif", "requis", "recommandé"},
    "pt": OBLIGATIONS_BY_LANGUAGE["pt"]
    | {"pode", "podem", "poderá", "obrigatório", "obrigatória", "proibido", "opcional", "recomendado"},
    "de": OBLIGATIONS_BY_LANGUAGE["de"] | {"kann", "können", "könnte", "verboten", "erforderlich", "empfohlen"},
    "es": OBLIGATIONS_BY_LANGUAGE["es"] | {"puede", "pueden", "podría", "obligatorio", "prohibido", "opcional"},
    "ru": OBLIGATIONS_BY_LANGUAGE["ru"] | {"может", "могут", "можно", "обязательно", "необходимо", "запрещено"},
    "ko": frozenset({"반드시", "필수", "금지", "해야"}),
    "zh": frozenset({"必须", "必須", "应该", "應該", "应当", "應當", "可以", "能够", "能夠", "需要"})
    | {"必", "须", "須", "应", "應", "可"},
    # "でき": the stem every form of "can" shares (できる, できます, できない).
    "ja": _JA_OBLIGATIONS | {"必要", "べき", "できる", "でき", "可能", "推奨", "必"} | _JA_PERMISSIONS,
    "th": frozenset({"ต้อง", "ควร", "อาจ"}),
}
"""Modal verbs and normative words in other languages (must, should, may, can, forbidden). In
Chinese, Japanese and Thai they are matched anywhere in the text."""

NORMATIVE_KEYWORDS = frozenset(RFC2119_KEYWORDS | {"mustn't"}).union(*OBLIGATIONS_BY_LANGUAGE.values())
"""The normative words the tiers look for in what a gap or a cut leaves out (another requirement):
RFC 2119's, ``mustn't``, and the obligation verbs of French, Portuguese and German."""

# -- negations -----------------------------------------------------------------------------------

NEGATIONS = frozenset({"no", "not", "never", "neither", "nor", "none", "nothing", "nobody", "cannot"})
"""English words that negate the words they stand with: added to a quote, left out or swapped,
the quote says the opposite of its source."""

PLAIN_NEGATIONS = frozenset({"not", "never", "cannot"})
"""The negations that invert a sentence wherever they stand, so leaving one out is never harmless,
even inside a long gap (``no`` and ``none`` may belong to a clause left out whole)."""

WITHOUT = frozenset({"without", "sans", "sem", "ohne", "без", "sin"})
"""``without`` in English, French, Portuguese, German, Russian and Spanish: it negates what follows
it, so it is only risky next to the words kept, like a negation at a gap's edge. Spanish ``sin``
inside ``sin embargo`` (however) or ``sin duda`` negates nothing (`inverts` reads those phrases
first), and English ``sin`` is a sine (`NOT_NEGATIONS_BY_LANGUAGE`)."""

RESTRICTIVE_WORDS = frozenset({"unless", "except", "only"})
"""Words that restrict a statement to some cases: they count as negations when changed, and as
conditions when left out."""

# Negations that stand as a word of their own once `WORD` splits the text: "non" of
# "non-repudiation" (hyphens separate words), and a detached "n't".
_NEGATING_PARTS = frozenset({"non", "n't"})

NEGATIONS_BY_LANGUAGE: dict[str, frozenset[str]] = {
    # Not "nul": an RFC's NUL octet is not a negation.
    "fr": frozenset({"ne", "pas", "jamais", "aucun", "aucune", "rien", "ni", "non", "guère"}),
    "pt": frozenset({"não", "nao", "nem", "nunca", "jamais", "nenhum", "nenhuma", "nada", "ninguém"}),
    "de": frozenset(
        {"nicht", "kein", "keine", "keinen", "keinem", "keiner", "keines", "nie", "niemals", "nichts", "niemand"}
        | {"weder", "keineswegs", "keinesfalls"}
    ),
    # With and without accents: a quote typed on an ASCII keyboard writes "jamas", "ningun".
    "es": frozenset({"nunca", "jamás", "jamas", "ningún", "ningun", "ninguna", "ninguno", "nadie", "tampoco"})
    | {"nada"},
    "ru": frozenset({"не", "нет", "ни", "никогда", "нельзя", "ничего", "никто"}),
    "ko": frozenset({"안", "못", "않", "없", "아니", "아닙"}),
    "zh": frozenset({"不", "没", "沒", "未", "非", "无", "無", "别", "別", "莫", "勿", "否", "禁止"}),
    "ja": frozenset({"ない", "ません", "なかった", "なく", "ず", "無", "不", "未", "非", "禁止", "いけない"}),
    "th": frozenset({"ไม่", "ห้าม", "อย่า", "มิ"}),
}
"""The negations the matcher knows in other languages (French, Portuguese, German, Spanish, Russian,
Korean, Chinese, Japanese, Thai). A quote that adds or drops one is never a
plain match. Korean's are matched inside a word (``않는다``, ``없다``, ``못한다``); Chinese,
Japanese and Thai ones anywhere in the text, since those scripts have no spaces."""

NT_STEMS = frozenset(
    {"don", "doesn", "didn", "isn", "aren", "wasn", "weren", "won", "wouldn", "shouldn", "couldn"}
    | {"can", "hasn", "haven", "hadn", "mustn", "needn", "mightn", "shan", "ain"}
)
"""What stands before ``n't`` in an English contraction, as `key` writes it without the apostrophe
(``didnt``, ``cant``): the tiers compare keys, where ``n't`` is no longer a word ending of its own."""

NEGATION_KEYS = frozenset(NEGATIONS - {"nothing", "nobody"}).union(
    WITHOUT, *(NEGATIONS_BY_LANGUAGE[lang] for lang in ("ru", "fr", "pt", "de", "es"))
)
"""The words the tiers take as a negation beside a gap or a fuzzy match's edge (with the
contractions of `NT_STEMS`, the `NEGATING_VERBS` and any non-ASCII `foreign_negation`): the
negations but ``nothing`` and ``nobody``, which open a sentence of their own as often as they
negate the words before (the word diffs and the cuts count them, with every word of `NEGATIONS`),
``without``, and the negations of Russian, French, Portuguese, German and Spanish."""

NEGATING_VERBS: frozenset[str] = frozenset(
    {
        *(f"{stem}{end}" for stem in ("fail", "refuse", "neglect", "decline", "cease") for end in ("", "s", "ed", "d")),
        "unable",
        "omits",
    }
)
"""Verbs that negate the verb after them: ``The server fails to validate`` says it does not."""

NOT_NEGATIONS_BY_LANGUAGE: dict[str, frozenset[str]] = {"pt": frozenset({"no"}), "en": frozenset({"sin"})}
"""Words another language's list holds as a negation that are something else in this one:
Portuguese ``no`` is ``em`` + ``o`` ("in the": ``no seu``, ``no heap``), not English or Spanish
"no"; English ``sin`` is a sine, not Spanish "without". Read where the text's language is told
(`spaced_language`): Spanish shares too many words with Portuguese for a weaker reading (``Esta
versión no da soporte``)."""


_AMBIGUOUS_NEGATIONS = frozenset().union(*NOT_NEGATIONS_BY_LANGUAGE.values())


def not_negations_in(language: str | None) -> frozenset[str]:
    """The words that negate nothing in ``language`` though another's list has them (`NOT_NEGATIONS_BY_LANGUAGE`)."""
    return NOT_NEGATIONS_BY_LANGUAGE.get(language or "", frozenset())


# The lists of each script: spaced languages' words are compared whole, unspaced ones found in text.
_FOREIGN_NEGATIONS = frozenset().union(*(NEGATIONS_BY_LANGUAGE[lang] for lang in ("fr", "pt", "de", "es", "ru")))
_FOREIGN_MODALS = frozenset().union(*(MODALS_BY_LANGUAGE[lang] for lang in ("fr", "pt", "de", "es", "ru", "ko")))
_UNSPACED_NEGATIONS = frozenset().union(*(NEGATIONS_BY_LANGUAGE[lang] for lang in ("zh", "ja", "th")))
_UNSPACED_MODALS = frozenset().union(*(MODALS_BY_LANGUAGE[lang] for lang in ("zh", "ja", "th")))
# Words of Chinese and Japanese that hold a negation's character and do not negate: 非常 ("very"),
# 未来 ("future"), 无论 ("whatever"), 不断 ("continually"); Japanese words that hold "ず" and negate
# nothing: "まず" ("first"; after a kanji it is a verb's negation, "読まず"), "必ず" ("always"), "はず"
# ("expected to"), "ずつ" ("each"), "ずっと", "わずか"... Matched first, as a group of their own that
# `unspaced_meaning` drops, so their character is not found as a negation. Thai "อย่าง" ("way",
# "kind", in ตัวอย่าง "example") holds "อย่า" ("don't"). Conjunctions that hold one: 未免 ("rather"),
# and 不过 ("but") and 不管 ("regardless"), told from a verb's 不 in `_UNSPACED_MEANING`; words that hold
# a modal's and are none: 可是 ("but"), Japanese 未だ ("still"), Thai ต้องการ ("want", with ต้อง, "must").
_UNSPACED_NOT_MEANING = frozenset(
    {"非常", "未来", "未來", "无论", "無論", "不断", "不斷", "อย่าง", "未免", "可是", "未だ", "ต้องการ"}
    # "Unfortunately" (不幸), "regardless" (不论, Thai ไม่ว่า), Thai หรือไม่ ("or not", asking, as
    # English "or not" counts nothing), and words of 别/別 ("don't" alone): "special", "difference".
    | {"不幸", "不论", "不論", "ไม่ว่า", "หรือไม่", "特别", "特別", "区别", "區別", "分别", "分別"}
    | {"个别", "個別", "差别", "差別", "别人", "別人", "别的", "別の", "識別", "识别", "告别", "告別", "级别"}
    | {"級別", "类别", "類別", "性别", "性別"}
    # "Soon" (不久).
    | {"不久"}
    # Words that hold the modal 应/應 ("should") or 可 ("can") and are none: "respond", "apply",
    # "corresponding", "react", "mutable", "reliable", "licence".
    | {"应对", "應對", "应用", "應用", "响应", "響應", "相应", "相應", "对应", "對應", "反应", "反應"}
    | {"适应", "適應", "供应", "供應", "回应", "回應", "效应", "效應", "应答", "應答", "应付", "應付"}
    | {"可变", "可變", "可靠", "许可", "許可", "认可", "認可", "可惜"}
)
# Verbs that take 不过 as "cannot get past" (超不过, 比不过, 忙不过来), and what 不过 negates as a verb (不过期).
_GO_PAST = "超比打说說赢贏胜勝跑斗鬥拗熬躲逃瞒瞞忙看受信"
_PAST_WHAT = "期时時关關问問分度来來去"
_NOT_NEGATING_ZU = ("必ず", "はず", "ずつ", "ずっと", "わずか", "いずれ", "ずれ", "ずいぶん", "ずかし", "めずらし")
_NOT_MEANING_PATTERN = (
    "(?<![\u3400-\u9fff])まず|"
    # 不过 and 不管 are "but" and "regardless", not the 不 of a verb: 不过期 ("does not expire"), 超不过
    # ("cannot exceed"), 不管用 ("does not work").
    + f"(?<![{_GO_PAST}])(?:不过|不過)(?![{_PAST_WHAT}])|不管(?!用)|"
    # 不同 is "different", not 不同意 ("disagree") nor 不同步 ("not in sync"); but 不同意见 and
    # 不同步骤 are "different opinions", "different steps", and 不同时 "different times" as often.
    + "不同(?!意(?![见見义義])|步(?![骤驟长長]))|"
    + "|".join((*sorted(_UNSPACED_NOT_MEANING, key=len, reverse=True), *_NOT_NEGATING_ZU))
)
_MEANING_PATTERN = (
    "|".join(
        # "ず" alone, without the word it ends, is no negation one can tell: "まず" is "first".
        "(?<=.)ず" if p == "ず" else re.escape(p)
        for p in sorted(_UNSPACED_NEGATIONS | _UNSPACED_MODALS, key=len, reverse=True)
    )
    # Japanese 出来 ("can", kanji for でき) before a verb's ending, which its negation does not take
    # in ("出来ない"): Chinese 出来 is "come out".
    + "|出来(?=[るまたなれず])"
)
_UNSPACED_MEANING = lazy_compile(f"(?:{_NOT_MEANING_PATTERN})|({_MEANING_PATTERN})")
# Chinese 能 ("can") is as often a part of a noun: 功能 ("function"), 性能, 能力 ("ability"), 能源
# ("energy"), 能效 ("efficiency"), 太阳能 ("solar power"). `_SAID` reads it with the characters
# around it, the nouns left out: in a difference (`_unspaced_said`, `modal_swapped`: 可以 for 能 is
# one "can" for another, 能 left out a "can" dropped) and in the words a cut leaves out
# (`unspaced_meaning_marks`); not in Japanese text, where 能 alone is a noun's (`_said_matches`).
# `_UNSPACED_MEANING` does not read it: it reads a word alone too, and a character of the index may
# be the 能 of 功能. A noun is none before 够 ("性能够", "the flexibility can"): the 能 is 能够's.
_CAN_NOUNS = frozenset(
    {"功能", "性能", "智能", "职能", "職能", "潜能", "潛能", "万能", "萬能", "太阳能", "太陽能", "耗能", "蓄能"}
    | {"潮汐能", "氢能", "氫能", "佳能", "赋能", "賦能", "空气能", "空氣能", "机械能", "機械能", "化学能", "化學能"}
    | {"原子能", "活化能", "自由能"}
)
# Nouns told by the characters around them, where the character before 能 ends other words too:
# not 計算機能 ("the computer can"), 内核能, 存储能, 科技能, 充电能, 生产能, 提供能, 喝水能,
# 激光能, 材质能, 自动能; 高能粒子, not 最高能 ("at best can"); 官能团, not 官能 alone.
_CAN_NOUNS_IN_CONTEXT = (
    "(?<![手算飛飞])機能",
    "(?<![内內审審考])核能",
    "(?<!存)[储儲]能",
    "(?<!科)技能",
    "(?<![动動有疗療功特])效能",
    "(?<![充用断斷没沒])[电電]能",
    "(?<!生)[产產]能",
    "(?<!提)供能",
    "(?<![喝雨])水能",
    "(?<![阳陽灯燈目眼激])光能",
    "(?<![品水体體音材])[质質]能",
    "(?<!通)[风風]能",
    "(?<![加预預])[热熱]能",
    "(?<![环環细細章调調关關情季音])[节節]能",
    "(?<![自移运運主被启啟驱驅流活推拉变變滚滾转轉])[动動]能",
    "(?<![趋趨优優态態形手姿局攻气氣声聲权權])[势勢]能",
    "(?<![发發歌笑掌])[声聲]能",
    "高能(?=粒子|物理|射线|射線|短波)",
    "官能(?=团|團)",
)
# What makes a noun of the 能 before it: 能力 ("ability"), 能量, 能源 ("energy"), 能耗, 能效
# ("efficiency"; not 能效仿, "can imitate"), 能级, 能谱, 能见度 ("visibility"), 能动性, 能隙.
_CAN_NOUN_ENDS = "力|量|源|耗|效(?!仿|劳|勞|力)|[级級谱譜隙]|[见見]度|[动動]性|[带帶][结結]构"
# A negated modal in one word, read as the two words that say it: 无法 ("cannot") as 不能, 无需 ("need
# not") as 不需要. Not 无法律 ("no law").
_CANNOT = ("无法", "無法", "没法", "沒法", "没办法", "沒辦法", "没有办法", "沒有辦法", "无从", "無從")
_NEGATED_MODALS = {
    **dict.fromkeys(_CANNOT, ("negation", "can")),
    **dict.fromkeys(("无需", "無需", "无须", "無須"), ("negation", "must")),
}
_CAN_NOUNS_PATTERN = "|".join((*sorted(_CAN_NOUNS, key=len, reverse=True), *_CAN_NOUNS_IN_CONTEXT))
_NEGATED_MODALS_PATTERN = "|".join(
    word + ("(?!律)" if word.endswith("法") else "") for word in sorted(_NEGATED_MODALS, key=len, reverse=True)
)
_SAID = lazy_compile(
    f"(?:{_NOT_MEANING_PATTERN}|(?:{_CAN_NOUNS_PATTERN})(?![够夠]))"
    f"|({_NEGATED_MODALS_PATTERN}|{_MEANING_PATTERN}|能(?!{_CAN_NOUN_ENDS}))"
)
UNSPACED_MEANING_CHARS: frozenset[str] = frozenset(
    p for p in _UNSPACED_NEGATIONS | _UNSPACED_MODALS if len(p) == 1 or (len(p) == 2 and p[1] in "\u0e48\u0e49")
)
"""The negations and modals of Chinese, Japanese and Thai that are one character on their own (with a
Thai tone mark): a word of the index (see `WORD`)."""


def _korean_negation(word: str) -> bool:
    """Whether a Korean word negates: ``안``, ``못``, or a form of ``않다``, ``없다``, ``아니다``, ``못하다``.

    ``아니다`` is ``아닙니다`` in the formal speech level, its stem's last syllable taking the ``ㅂ``.
    Not ``없애다`` ("to remove"), which holds ``없``.
    """
    if word in ("안", "못") or "않" in word or word.startswith(("아니", "아닌", "아닙", "못")):
        return True
    return "없" in word and not any(verb in word for verb in _NOT_NONE)


# 없애다 ("to remove") holds 없 and is a verb of its own, no negation; 없어지다 ("to cease to be":
# "필요가 없어집니다", "there is no longer any need") is one.
_NOT_NONE = ("없애", "없앱", "없앴", "없앨", "없앤", "없앰")


def same_korean_negation(left: str, right: str) -> bool:
    """Whether two Korean words are one negated predicate in two speech levels or tenses, each a statement.

    ``않는다`` for ``않습니다`` ("does not", plain and formal), ``않아요``, ``않았다`` ("did not"),
    ``아닙니다`` for ``아니다``: a paraphrase for review, as ``한다`` for ``합니다`` is. Not a
    connective ending (``않으면``, "if not"; ``않지만``, "but not"), a question (``않습니까``,
    ``아닌가요``, ``않나요``, ``않을까요``), a conjecture or intention (``않겠다``, ``없을걸요``), a
    tag (``않죠``) or hearsay (``않대요``), nor another negation (``없다``, "there is none", for
    ``않다``).
    """
    return (
        left != right
        and left[:1] == right[:1]
        and all(_korean_negation(word) and _korean_statement(word) for word in (left, right))
    )


def _korean_statement(word: str) -> bool:
    """Whether a Korean predicate ends its sentence as a statement: plain, formal, polite or nominal."""
    return word.endswith(("다", "요", "음")) and not word.endswith(_NOT_STATEMENTS) and "겠" not in word


# Polite endings that ask ("-나요", "-가요", "-까요"), guess ("-걸요"), report ("-대요", "-래요") or
# seek agreement ("-지요"; "-죠" ends in none of a statement's endings): no statement of the negation.
_NOT_STATEMENTS = ("나요", "가요", "까요", "걸요", "대요", "래요", "지요")


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
    return [found for found in _UNSPACED_MEANING.findall(text) if found] if is_unspaced(text) else []


UNSPACED_MODAL_FORCES: dict[str, str] = {
    **dict.fromkeys(("可以", "能够", "能夠", "能", "可", "できる", "でき", "出来", "可能", "อาจ"), "can"),
    **dict.fromkeys(("必须", "必須", "须", "須", "必", "需要", *_JA_OBLIGATIONS, "必要", "ต้อง"), "must"),
    **dict.fromkeys(("应该", "應該", "应当", "應當", "应", "應", "べき", "推奨", "ควร"), "should"),
    **dict.fromkeys(_JA_PERMISSIONS, "may"),
}
"""What each modal of Chinese, Japanese and Thai says: one modal swapped for another of the same
force (``可以`` for ``能够``, ``可能です`` for ``できます``) is a paraphrase for review, not a changed
meaning. Chinese ``能`` is read only with the characters around it (`_SAID`)."""


def unspaced_meaning_differs(quoted: Sequence[str], source: Sequence[str], spans: tuple[int, int, int, int]) -> bool:
    """Whether a difference in Chinese, Japanese or Thai words changes a negation or a modal's force.

    ``spans``: the difference's words in each (quote start, end, source start, end). A negation
    or modal counts where its characters come within `_NEAR_DIFFERENCE` of the difference's, found
    in all the words given: one the difference takes only in part (``ま`` of ``ません``) or that
    stands beside it (``可能`` for ``でき`` in ``ことが可能です``, which difflib splits in two) is
    read whole; one further off (the ``不`` of a clause after it) not at all. A ``能`` beside the
    difference is a character both sides have, read as the source reads it: a noun's (``攻能``, a
    typo of ``功能``, holds no "can"), or a "can" (``效能`` of ``效能夠``, "the efficiency can").
    """
    q_start, q_end, s_start, s_end = spans
    q_text, s_text = "".join(quoted), "".join(source)
    q_span, s_span = _char_span(quoted, q_start, q_end), _char_span(source, s_start, s_end)
    shared = _shared_cans(q_text, q_span, s_text, s_span)
    return _unspaced_said(q_text, q_span, shared) != _unspaced_said(s_text, s_span)


def _char_span(words: Sequence[str], start: int, end: int) -> tuple[int, int]:
    """Where words ``start`` to ``end`` stand in the words joined: (first character, last + 1)."""
    low = sum(map(len, words[:start]))
    return low, low + sum(map(len, words[start:end]))


def _shared_cans(quote: str, span: tuple[int, int], source: str, source_span: tuple[int, int]) -> dict[int, bool]:
    """Each 能 of ``quote`` outside ``span`` the source has at the same place: whether ``source`` reads "can" there."""
    (low, high), (source_low, source_high) = span, source_span
    cans = {found.start(1) + at for found in _said_matches(source) for at in _positions(found.group(1), "能")}
    shared = {}
    for at in _positions(quote, "能"):
        there = at - low + source_low if at < low else at - high + source_high
        if not low <= at < high and source[there : there + 1] == "能":
            shared[at] = there in cans
    return shared


def _positions(text: str, char: str) -> list[int]:
    return [at for at, found in enumerate(text) if found == char]


def _said_matches(text: str) -> Iterator[re.Match[str]]:
    """The negations and modals `_SAID` finds in ``text``; not a 能 alone in Japanese (機能, 知能, 効能)."""
    japanese = has_kana(text)
    return (found for found in _SAID.finditer(text) if found.group(1) and not (japanese and found.group(1) == "能"))


def _unspaced_said(text: str, span: tuple[int, int], shared: Mapping[int, bool] | None = None) -> list[str]:
    """The negations and the forces of the modals near characters ``span`` of ``text``, sorted.

    A negation counts as one, however written: Japanese ``無い`` is ``ない`` in kanji; a negated
    modal of one word as the two that say it: Chinese ``无法`` ("cannot") as ``不能``. ``shared``:
    the 能 the source reads otherwise (`_shared_cans`): a 能 alone here is no "can" where the
    source's is a noun's, and one in a noun here is a "can" where the source's is.
    """
    if not is_unspaced(text):
        return []
    low, high = span
    shared = shared or {}

    def near(start: int, end: int) -> bool:
        return start < high + _NEAR_DIFFERENCE and end > low - _NEAR_DIFFERENCE

    said: list[str] = []
    read: set[int] = set()
    for found in _said_matches(text):
        read.update(range(found.start(1), found.end(1)))
        if near(found.start(1), found.end(1)) and not (found.group(1) == "能" and shared.get(found.start(1)) is False):
            said += _NEGATED_MODALS.get(found.group(1)) or (_said(found.group(1)),)
    return sorted(said + ["can" for at, can in shared.items() if can and at not in read and near(at, at + 1)])


def _said(word: str) -> str:
    """What a negation or a modal of Chinese, Japanese or Thai says: ``negation``, or the modal's force."""
    return "negation" if word in _UNSPACED_NEGATIONS else UNSPACED_MODAL_FORCES.get(word, word)


_NEAR_DIFFERENCE = 3  # characters: a word of Chinese, Japanese or Thai is one to three of them


def modal_swapped(
    quoted: Sequence[str], source: Sequence[str], spans: tuple[int, int, int, int]
) -> tuple[str, str, str] | None:
    """The two modals and their force when a difference in Chinese, Japanese or Thai swaps one for another.

    ``なくてはいけません`` for ``なければなりません`` ("must" both): on each side the differing words
    (``spans``, as `unspaced_meaning_differs` takes them) lie within one modal, read whole in all
    the words given, and the two say the same force; otherwise ``None``.
    """
    q_start, q_end, s_start, s_end = spans
    if q_start == q_end or s_start == s_end:
        return None  # a word added or dropped: no swap
    mine, theirs = _modal_around(quoted, q_start, q_end), _modal_around(source, s_start, s_end)
    if (mine is None or theirs is None) and has_kana("".join(quoted)):
        mine, theirs = _predicate_modals(quoted, source, spans)
    if mine is None or theirs is None or UNSPACED_MODAL_FORCES[mine] != UNSPACED_MODAL_FORCES[theirs]:
        return None
    if "可能" in (mine, theirs) and not has_kana("".join(quoted)):
        return None  # Japanese ことが可能です is "can"; Chinese 可能 is "possibly" as often
    return mine, theirs, UNSPACED_MODAL_FORCES[mine]


def _modal_around(words: Sequence[str], start: int, end: int) -> str | None:
    """The one modal whose characters take in words ``start`` to ``end``, or ``None``."""
    text = "".join(words)
    low, high = _char_span(words, start, end)
    for found in _said_matches(text):
        if found.start() <= low and high <= found.end():
            return found.group(1) if found.group(1) in UNSPACED_MODAL_FORCES else None
        if found.start() >= high:
            break
    return None


def _predicate_modals(
    quoted: Sequence[str], source: Sequence[str], spans: tuple[int, int, int, int]
) -> tuple[str | None, str | None]:
    """The modals of a Japanese predicate each side words in its own way, when its verb is one verb.

    ``する必要があります`` and ``しなければなりません`` ("must" both), ``てもいいです`` and
    ``てもかまいません`` ("may"): the two forms differ in the verb's ending and in the copula or
    politeness after the modal too. On each side only kana besides the modal: the verb's ending
    before it (`_STEM_KANA`), one verb's two forms (``む`` and ``ま`` of ``読む``, ``読まなければ``;
    ``する`` and ``し``), and hiragana after it: ``利用可能なブラウザ`` for ``利用できるシグナル``
    swaps a noun, ``返る必要`` for ``返さなければ`` a verb. ``(None, None)`` otherwise.
    """
    q_start, q_end, s_start, s_end = spans
    mine, theirs = _predicate_modal(quoted, q_start, q_end), _predicate_modal(source, s_start, s_end)
    if mine is None or theirs is None or not _one_verb(mine[1], theirs[1]):
        return None, None
    return mine[0], theirs[0]


def _predicate_modal(words: Sequence[str], start: int, end: int) -> tuple[str, str] | None:
    """The modal that kana words ``start`` to ``end`` take in, and the verb's ending before it; or ``None``."""
    text = "".join(words)
    low, high = _char_span(words, start, end)
    for found in _said_matches(text):
        if found.start() >= high:
            break
        if found.group(1) not in UNSPACED_MODAL_FORCES or found.end() <= low or found.start() - low > _STEM_KANA:
            continue
        ending = text[low : max(low, found.start())]
        hiragana_after = _HIRAGANA.match(text, found.end())
        if _KANA.fullmatch(ending) and hiragana_after and high <= hiragana_after.end():
            return found.group(1), ending
    return None


def _one_verb(left: str, right: str) -> bool:
    """Whether two endings before a modal are one verb's: its dictionary form's and its stem's before ない."""
    return left == right or (left, right) in _ONE_VERB or (right, left) in _ONE_VERB


# "む" of "読む" and "ま" of "読まなければ", "る" of "食べる" and nothing of "食べなければ", "する" and
# "し"; "ある" and nothing: "である必要" and "でなければ" (ある's negation is ない).
_ONE_VERB = {*zip("うくぐすつぬぶむる", "わかがさたなばまら", strict=True), ("る", ""), ("する", "し"), ("くる", "こ")}
_ONE_VERB.add(("ある", ""))
_KANA = re.compile("[\u3040-\u30ff]*")
_HIRAGANA = re.compile("[\u3040-\u309f]*")
_STEM_KANA = 2  # the ending a verb takes before a modal: "る" of "する必要", "し" of "しなければ"


def unspaced_negations(text: str) -> list[str]:
    """The negations of Chinese, Japanese and Thai found in ``text``, in order."""
    return [found for found in unspaced_meaning(text) if found in _UNSPACED_NEGATIONS]


def unspaced_meaning_marks(
    words: Sequence[str], before: str = "", after: str = "", parted: AbstractSet[int] = frozenset()
) -> list[tuple[int, int, str]]:
    """Where each negation or modal of Chinese, Japanese or Thai stands in ``words``: (first word, words, class).

    As `cut_marks` gives the other classes: the words joined, as Chinese, Japanese and Thai are
    written, each found word by the words it takes (a Thai word may be several characters).

    Args:
        words: The words of a cut.
        before: The characters written together with the first word, right before it.
        after: The characters written together with the last word, right after it.
        parted: The positions of the words a mark or a space sets apart from the word before.
            With ``before`` and ``after`` they tell whether a 能 is "can" (not the ``能`` of
            ``功能`` after ``功``, of ``能力`` before ``力``, of ``性能`` in one word) and find the
            words a cut holds the end of (the ``ず`` of ``依存せず`` after ``せ``). They take away
            no other word the cut's words hold (``应`` before ``对`` is no ``应对``).
    """
    joined = "".join(words)
    if not is_unspaced(joined):
        return []
    found = [(m.start(1), m.end(1), m.group(1)) for m in _UNSPACED_MEANING.finditer(joined) if m.group(1)]
    if before or after or "能" in joined:
        found = [mark for mark in found if "能" not in mark[2]]
        taken = {at for start, end, _ in found for at in range(start, end)}
        found += [
            (start, end, word)
            for start, end, word in _in_context(words, before, after, parted)
            if "能" in word or taken.isdisjoint(range(start, end))
        ]
    starts = list(accumulate(map(len, words)))  # where each word after the first starts
    marks = []
    for start, end, word in sorted(found):
        first, last = bisect_right(starts, start), bisect_right(starts, end - 1)
        negates = word in _UNSPACED_NEGATIONS or word in _NEGATED_MODALS
        marks.append((first, last - first + 1, "negation" if negates else "modal"))
    return marks


def _in_context(words: Sequence[str], before: str, after: str, parted: AbstractSet[int]) -> list[tuple[int, int, str]]:
    """The negations and modals `_SAID` finds in ``words`` with the characters around: (start, end, word).

    Positions are those of the words joined; no word is read across a mark or a space between two
    words (``重要性, 能`` holds no ``性能``).
    """
    pieces, at = [before], [-1] * len(before)  # at: where each character stands in the words joined, or -1
    size = 0
    for position, word in enumerate(words):
        if position in parted:
            pieces.append("\0")
            at.append(-1)
        pieces.append(word)
        at += range(size, size + len(word))
        size += len(word)
    pieces.append(after)
    at += [-1] * len(after)
    found = []
    for match in _said_matches("".join(pieces)):
        start, last = at[match.start(1)], at[match.end(1) - 1]
        if start >= 0:
            found.append((start, last + 1 if last >= 0 else size, match.group(1)))
    return found


# -- conditions and limits -----------------------------------------------------------------------

CONDITIONS = frozenset(
    RESTRICTIVE_WORDS
    | {"if", "when", "whenever", "via", "provided", "until", "where"}
    # French, Portuguese and German conditions and exceptions: si, sauf, seulement; se, exceto,
    # apenas; wenn, sofern, außer, nur ("falls" would read English "the value falls below" as one).
    | {"si", "sauf", "seulement", "uniquement", "lorsque", "quand", "se", "exceto", "salvo", "apenas", "somente"}
    | {"quando", "wenn", "sofern", "außer", "ausser", "nur", "sobald"}
)
"""Words that limit what the words around them say to some cases: left out by an ellipsis, a
person must look."""

# Adverbs and quantifiers that limit how often, how much or how surely the words around them hold.
_LIMITING = frozenset(
    {"rarely", "seldom", "hardly", "scarcely", "barely", "merely", "almost", "nearly", "mostly", "partly"}
    | {"partially", "usually", "often", "sometimes", "occasionally", "generally", "typically", "normally"}
    | {"ever", "exclusively", "solely", "primarily", "mainly", "largely", "slightly", "somewhat", "possibly"}
    | {"probably", "likely", "unlikely", "allegedly", "reportedly", "conditionally", "temporarily", "initially"}
    | {"approximately", "roughly"}
)
# The same, written as two words.
_LIMITING_PAIRS = {("up", "to"), ("at", "most"), ("at", "least"), ("no", "more"), ("as", "few"), ("as", "many")}

# -- numbers, dates and units --------------------------------------------------------------------

# A date changed is another date. "may" is left out: it is an RFC 2119 keyword, counted as one.
_MONTHS = frozenset(
    {"january", "february", "march", "april", "june", "july", "august", "september", "october", "november"}
    | {"december"}
)
# A unit swapped (seconds for minutes) changes a quantity as much as its number does.
_UNITS = frozenset(
    {"seconds", "minute", "minutes", "hour", "hours", "day", "days", "week", "weeks", "month", "months", "year"}
    | {"years", "ms", "millisecond", "milliseconds", "byte", "bytes", "octet", "octets", "bit", "bits", "kb", "mb"}
    | {"gb", "percent", "utc"}
)
# Numbers written as words, and how many times: digits count on their own (`is_meaning_word`).
_NUMBER_WORDS = frozenset(
    {"once", "twice", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "hundred"}
    | {"thousand", "million", "first", "second", "third"}
)
# Quantifiers: "all" for "some", "at least" for "at most", say how much of something holds.
_QUANTIFIERS = frozenset({"least", "most", "more", "less", "fewer", "all", "any", "every", "some"})

# -- opposites -----------------------------------------------------------------------------------

POLARITY = frozenset(
    {"accept", "accepted", "reject", "rejected", "allow", "allowed", "forbid", "forbidden", "permitted"}
    | {"prohibited", "present", "absent", "before", "after", "earlier", "later", "true", "false", "valid"}
    | {"invalid", "enable", "enabled", "disable", "disabled", "include", "included", "exclude", "excluded"}
    | {"minimum", "maximum", "larger", "smaller", "greater", "lower", "higher", "increase", "decrease"}
    | {"always", "sometimes", "mandatory", "public", "private", "encrypted", "unencrypted", "signed", "unsigned"}
    | {"secure", "insecure", "trusted", "untrusted"}
)
"""Words whose swap for another word reverses what a sentence says (accepted for rejected): added
or left out, one changes the meaning; swapped, only for a word of another stem."""

# Words that stand for one of several mutually exclusive things: swapping one for another in a
# quote says something else (a role, a method, a direction, one of a pair of opposites). Compared by
# `_stem`, so inflected forms count (``increased`` for ``increase``).
# Words joined by "/" are one of them written two ways (``allow/permit``): swapped, a paraphrase, not
# the other thing.
_ALTERNATIVES = [
    "first/initial last/final",
    "accept reject",
    "allow/permit/enable deny/forbid/prohibit/disallow",
    "allow/permit require/mandate/oblige",
    "enable disable",
    "before after",
    "earlier later",
    "true false",
    "minimum maximum",
    "min max",
    "larger smaller",
    "greater less/lower/fewer/smaller",
    "higher lower",
    "more less/fewer",
    "above below",
    "always never sometimes",
    "mandatory/required optional recommended",
    "public private/confidential",
    "present absent",
    "success failure",
    "positive negative",
    "activate inhibit/suppress",
    "agonist antagonist",
    "gain loss",
    "increase decrease/reduce",
    "improve degrade/worsen/deteriorate",
    "show refute/disprove",
    "support contradict/refute/oppose",
    "confirm refute deny",
    "prove disprove",
    "succeed fail",
    "pass fail skip",
    "win lose",
    "strengthen weaken",
    "raise lower",
    "expand shrink",
    "outperform underperform",
    "safe unsafe/dangerous",
    "easy hard/difficult",
    "fast slow",
    "strong weak",
    "better worse",
    "best worst",
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
    "sender receiver/recipient",
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
NEGATING_PREFIXES = ("un", "in", "im", "il", "ir", "non", "dis", "de", "a")
"""English prefixes that turn a word into its opposite (``unable``, ``invalid``, ``asymmetric``)."""
_SUFFIXES = ("ations", "ation", "ions", "ion", "ings", "ing", "edly", "ed", "ers", "er", "es", "s", "ly", "e")

# -- the sets the tests read, built from the classes -----------------------------------------------

MEANING_WORDS: frozenset[str] = frozenset(
    RFC2119_KEYWORDS | MODALS | NEGATIONS | RESTRICTIVE_WORDS | _NEGATING_PARTS | WITHOUT
).union(_MONTHS, _UNITS, _NUMBER_WORDS, _QUANTIFIERS, POLARITY)
"""Words whose change changes what a quote says: normative keywords (RFC 2119), modal verbs,
negations (``without`` in five languages too), months, units, number words and quantifiers, and
words of opposite pairs (accepted and rejected, before and after, valid and invalid). Any word
holding a digit counts too, and any contraction with ``n't``."""

# Risky at a gap's edge, next to the words kept (``MUST ... accept`` leaving out ``NOT``): the
# English words that change the meaning as negations or requirements, and other languages' modals.
_RISKY = frozenset(RFC2119_KEYWORDS | NEGATIONS | RESTRICTIVE_WORDS | _NEGATING_PARTS).union(WITHOUT, _FOREIGN_MODALS)
# Added to a quote, these say the opposite of the source or another requirement on their own.
_OUTRIGHT = RFC2119_KEYWORDS | NEGATIONS

_SHORT_GAP = 4  # words: a gap this short is all next to the words kept


def is_meaning_word(word: str) -> bool:
    """Whether changing ``word`` changes the meaning: see `MEANING_WORDS`; any word with a digit too."""
    lowered = word.lower().replace("\u2019", "'")
    if mixes_scripts(lowered):
        lowered = skeleton(lowered)  # "not" with a Cyrillic o (U+043E) is "not"
    if lowered in MEANING_WORDS or lowered.endswith("n't") or any(char.isdigit() for char in word):
        return True
    if lowered in _FOREIGN_MODALS or foreign_negation(lowered):
        return True
    return not lowered.isascii() and (lowered in UNSPACED_MEANING_CHARS or bool(unspaced_meaning(lowered)))


def _stem(word: str) -> str:
    """A crude stem: enough to see ``increased`` and ``increases`` as ``increase``."""
    word = word.lower()
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            stem = word[: -len(suffix)]
            if suffix in ("es", "ed") and stem.endswith("i"):
                return stem[:-1] + "y"  # "denies", "denied": "deny"
            if suffix in _DOUBLING and len(stem) >= 4 and stem[-1] == stem[-2] and stem[-1] not in "aeioulsfz":
                return stem[:-1]  # "permitted", "stopping": "permit", "stop" (not "passed", "called")
            return stem
    return word


_DOUBLING = frozenset({"ed", "ing", "ings", "er", "ers"})  # suffixes before which a final consonant doubles


def same_stem(left: str, right: str) -> bool:
    """Whether two words are forms of one word (``include`` and ``included``), by a crude stem."""
    a, b = _stem(left), _stem(right)
    return a == b or (min(len(a), len(b)) >= 5 and (a.startswith(b) or b.startswith(a)))


# Each stem's (group, alternative) pairs: two words of one group are opposites unless of one alternative.
_ALTERNATIVE_STEMS: dict[str, set[tuple[int, int]]] = {}
for _group, _words in enumerate(_ALTERNATIVES):
    for _alternative, _synonyms in enumerate(_words.split()):
        for _word in _synonyms.split("/"):
            _ALTERNATIVE_STEMS.setdefault(_stem(_word), set()).add((_group, _alternative))


@lru_cache(maxsize=4096)
def _groups(word: str) -> frozenset[tuple[int, int]]:
    stem = _stem(word)
    found = _ALTERNATIVE_STEMS.get(stem)
    if found is not None:
        return frozenset(found)
    if len(stem) < 5:
        return frozenset()
    # "activation" stems to "activ", "activate" to "activat": a longer group stem may start with it.
    return frozenset(next((g for s, g in _ALTERNATIVE_STEMS.items() if s.startswith(stem)), set()))


def same_alternative(left: str, right: str) -> bool:
    """Whether two words of other stems are one alternative written two ways (``allows``, ``permits``)."""
    return bool(_groups(left.lower()) & _groups(right.lower()))


def same_ordinal(left: str, right: str) -> bool:
    """Whether one word is an ordinal the other writes as an adjective (``first``, ``initial``).

    An ordinal is a number word, so swapped for another word it changes the meaning; not for one of
    its own alternative (`_ALTERNATIVES`).
    """
    return not {left.lower(), right.lower()}.isdisjoint(_NUMBER_WORDS) and same_alternative(left, right)


@lru_cache(maxsize=16384)
def is_opposite(left: str, right: str) -> bool:
    """Whether one word swapped for the other says something else, not the same thing misspelt.

    True for two of a set of alternatives (``first`` and ``last``, ``client`` and ``server``,
    ``GET`` and ``POST``, ``increased`` and ``decreased``, ``activates`` and ``inhibits``), for
    swapped prefixes (``hyper``/``hypo``, ``up``/``down``, ``in``/``out``, ``en``/``de``), and
    for a negating prefix (``secure`` and ``insecure``, ``able`` and ``unable``).
    """
    a, b = left.lower(), right.lower()
    if a == b or same_stem(a, b):
        return False
    left_groups, right_groups = _groups(a), _groups(b)
    if any(g == h and x != y for g, x in left_groups for h, y in right_groups):
        return True
    for x, y in ((a, b), (b, a)):
        for p, q in _PREFIX_SWAPS:
            if x.startswith(p) and y.startswith(q) and len(x) - len(p) >= 3 and same_stem(x[len(p) :], y[len(q) :]):
                return True
        for prefix in NEGATING_PREFIXES:
            rest = x[len(prefix) :]
            if x.startswith(prefix) and len(rest) >= 4 and same_stem(rest, y):
                return True
    return False


def negating_verbs(words: Sequence[str]) -> set[str]:
    """The stems of the negating verbs that govern a verb here: ``fails to``, ``unable``.

    ``failed`` alone is an adjective as often as not (``the failed request``): only a limit.
    """
    lowered = [w.lower() for w in words]
    return {
        _stem(w)
        for i, w in enumerate(lowered)
        if w in NEGATING_VERBS and (w == "unable" or lowered[i + 1 : i + 2] == ["to"])
    }


def inverts(left_out: Sequence[str], *, cased: bool = False, language: str | None = None) -> bool:
    """Whether leaving these words out of a quote could invert what it says.

    It could when the words hold a plain negation (``not``, ``never``, ``cannot``, ``-n't``), or a
    negation, a negating verb (``fails to``, ``refuses to``, ``is unable to``) or a normative
    keyword right at either end, next to the words kept (``MUST ... accept``
    leaving out ``NOT``), or anywhere in a gap of a few words. A negation inside a longer clause
    left out whole (``usually no more than a few minutes``) does not.

    With ``cased`` (the words as written), an RFC 2119 keyword counts only in capitals: a prose
    ``may`` left out hedges what the quote says (for review), but inverts nothing. A word that is
    no negation in the text's ``language`` (`not_negations_in`: Portuguese ``no``), or in some
    language when none is told, counts for nothing here: left to the flag of what limits.
    """
    lowered = [w.lower() for w in left_out]
    if cased:
        lowered = [
            "" if low in RFC2119_KEYWORDS and not word.isupper() else low
            for word, low in zip(left_out, lowered, strict=True)
        ]
    # A word that negates in one language and not in another (Portuguese "no") inverts the quote
    # only where the text is told to be in the first: untold, it is left to the flag of what limits.
    not_negations = not_negations_in(language) if language is not None else _AMBIGUOUS_NEGATIONS
    if not_negations:
        lowered = ["" if low in not_negations else low for low in lowered]
    if not _HOWEVER_NEGATIONS.isdisjoint(lowered):
        # "no obstante", "sin embargo", "тем не менее", "including but not limited to": no negation.
        for at, size, name in cut_marks(lowered, language):
            if size > 1 and name in NEGATING_NOTHING:
                lowered[at : at + size] = [""] * size
    if any(w in PLAIN_NEGATIONS or w.endswith("n't") or foreign_negation(w) for w in lowered):
        return True
    if unspaced_negations("".join(lowered)):
        return True  # 不, ない, ไม่ left out: Chinese, Japanese and Thai words are not spaced
    if negating_verbs(lowered) and (len(lowered) <= _SHORT_GAP or lowered[-1] == "to" or lowered[-1] == "unable"):
        return True  # "The server ... validate" over "fails to", "is unable to"
    if len(lowered) <= _SHORT_GAP:
        return any(w in _RISKY for w in lowered)
    return lowered[0] in _RISKY or lowered[-1] in _RISKY


def limits(left_out: Sequence[str]) -> bool:
    """Whether leaving these words out of a quote drops what limits it, short of inverting it.

    A limiting adverb or quantifier (``rarely``, ``seldom``, ``hardly ever``, ``at most``, ``up
    to``, ``usually``), or any word whose change changes the meaning (a number, a unit, a
    quantifier, one of a pair of opposites: see `is_meaning_word`).
    """
    lowered = [w.lower() for w in left_out]
    if any(w in _LIMITING or w in POLARITY or w in NEGATING_VERBS or is_meaning_word(w) for w in lowered):
        return True
    return any(pair in _LIMITING_PAIRS for pair in pairwise(lowered))


def negates_or_obliges(words: Sequence[str]) -> bool:
    """Whether the words hold a negation (``not``, ``never``, ``-n't``...) or a normative keyword.

    Added to a quote, such a word says the opposite of the source or another requirement
    (``MUST [NOT]``, ``MAY [NEVER]``, ``[MUST NOT]``).
    """
    lowered = [w.lower().replace("\u2019", "'") for w in words]
    if any(w in _OUTRIGHT or w.endswith("n't") or w in _FOREIGN_MODALS or foreign_negation(w) for w in lowered):
        return True
    return bool(unspaced_meaning("".join(lowered)))


CLAUSE_WORDS_BY_LANGUAGE: dict[str, frozenset[str]] = {
    "en": frozenset(
        {"is", "are", "was", "were", "be", "been", "being", "am", "has", "have", "had", "do", "does", "did"}
        | {"that", "which", "who", "whom", "whose", "where", "while", "because", "since", "so"}
    ),
    "fr": frozenset({"est", "sont", "était", "étaient", "sera", "seront", "soit", "être", "ont", "avait"})
    | {"qui", "que", "qu", "dont", "où"},
    "pt": frozenset({"é", "são", "era", "eram", "será", "serão", "seja", "ser", "foi", "tem", "têm", "que"})
    | {"quem", "cujo", "onde"},
    "de": frozenset({"ist", "sind", "war", "waren", "wird", "werden", "sei", "sein", "hat", "haben", "der", "die"})
    | {"das", "welche", "welcher", "dem", "den", "dass"},
    "es": frozenset({"es", "son", "era", "eran", "será", "sea", "ser", "fue", "tiene", "que", "quien", "donde"}),
    "ru": frozenset({"является", "был", "была", "были", "будет", "есть", "который", "которая", "которое"})
    | {"которые", "что", "где"},
}
"""Auxiliaries, copulas and relative words: words that make a clause of an aside, so it may say
something of its own (with the negations, modals, conditions and exceptions of each language)."""

# -- what a cut leaves out -----------------------------------------------------------------------
#
# One list per word class and language. A quote cut out of a longer sentence is flagged by what the
# rest of the sentence holds (`citecheck.matcher._tiers._cuts`): a condition, an exception, a
# restrictive quantifier, a hedge, a following contrast or a distancing frame limits the quote; a
# discourse marker, an opener of examples or a joiner of independent clauses is neutral. Entries of
# several words are spaced as a lowercased text would be; entries of Chinese, Japanese, Thai and
# Korean are found inside the text, and ``-`` before a Korean entry means "at the end of a word".

CONDITIONS_BY_LANGUAGE: dict[str, frozenset[str]] = {
    "en": frozenset(
        {"if", "when", "whenever", "provided that", "providing that", "until", "unless", "once", "assuming"}
        | {"otherwise"}
        | {"as long as", "so long as", "in case", "in that case", "in this case", "only if", "only when"}
        | {"subject to", "given that", "on condition", "in the event", "in the cases", "in cases", "before", "after"}
        | {"upon", "on receipt", "in the absence of", "supposing"}
        | {"in the case that", "in the rare case that", "in the unlikely case that", "in the unlikely event"}
        | {"insofar as", "in so far as", "to the extent that"}
    ),
    "fr": frozenset(
        {"si", "lorsque", "quand", "sinon", "dès que", "tant que", "à condition", "pourvu que"}
        | {"en cas", "dans ce cas", "à moins", "avant", "après", "au cas où", "dans le cas où", "pour peu que"}
        | {"à supposer que", "en admettant que", "sous réserve", "une fois", "aussitôt que"}
        | {"dans la mesure où", "dès lors que", "à mesure que", "au fur et à mesure que"}
    ),
    "pt": frozenset(
        {"se", "quando", "caso", "senão", "desde que", "a menos que", "contanto que", "enquanto", "nesse caso"}
        | {"uma vez que", "assim que", "logo que"}  # "once": "Uma vez que definimos X, [podemos ...]"
        | {"neste caso", "a não ser", "somente se", "apenas se", "só se", "antes", "depois", "em caso", "no caso de"}
        | {"na medida em que", "à medida que"}
    ),
    "de": frozenset(
        {"wenn", "sofern", "soweit", "sobald", "solange", "sonst", "es sei denn", "vorausgesetzt", "nur wenn"}
        | {"in diesem fall", "im fall", "im falle", "für den fall", "andernfalls", "bevor", "nachdem", "falls"}
        | {"gegebenenfalls", "ggf", "vorbehaltlich"}  # "subject to"
    ),
    "es": frozenset(
        {"si", "cuando", "mientras", "siempre que", "a menos que", "con tal", "en caso", "en ese caso"}
        | {"solo si", "sólo si", "antes", "después", "en la medida en que", "a medida que"}
    ),
    "ru": frozenset(
        {"если", "когда", "пока", "иначе", "при условии", "в случае", "в этом случае", "лишь если", "после"}
        | {"при", "при необходимости", "постольку поскольку", "по мере того как", "по мере"}
    ),
    "ko": frozenset(
        {"만약", "만일", "경우", "-으면", "-다면", "-라면", "-하면", "-되면", "-이면", "-때", "-때는", "-때에는"}
        | {
            "-때만",
            "-려면",
            "-거든",
            "-나면",
            "-지면",
            "-후에",
            "-후에는",
        }  # "끝나면": when it ends; "확인된 후에": after
    ),
    "zh": frozenset(
        {"如果", "若", "假如", "倘若", "只要", "一旦", "否则", "否則", "的话", "的話", "时候", "時候", "当", "當"}
        # "在…的情况下": the frame's end alone marks the condition, as "場合" does in Japanese.
        | {
            "情况下",
            "情況下",
            "前提是",
            "前提下",
            "要是",
            "万一",
            "萬一",
            "即使",
            "即便",
            "之后",
            "之後",
            "以后",
            "以後",
            "随着",  # "as [the load increases]"
            "隨著",
        }
    ),
    # "時" after a verb or an adjective ("している時", "必要な時"); alone it is as often "time" ("時間").
    "ja": frozenset(
        {"場合", "なら", "れば", "たら", "とき", "限り", "もし", "る時", "た時", "な時", "い時", "際に"}
        | {"た後", "る前"}  # "確認された後、": after, as "before" and "after" are in English
        | {"る間", "た間"}  # "ロックを保持している間は、" ("while"): `_PATTERNS`
    ),
    "th": frozenset({"ถ้า", "หาก", "เมื่อ", "กรณี", "ตราบใด"}),
}
"""Words and phrases that make the words around them hold only in some cases (if, unless, when,
provided that, as long as...): left out of a quote, what the quote says is no longer limited."""

# What "unbeschadet" and "ungeachtet" take as a proviso: a rule, in the genitive ("des § 5", "der Rechte").
_GERMAN_PROVISO_OBJECTS = frozenset({"des", "der", "dessen", "von", "vom", "einer", "eines", "anderer", "sonstiger"})
_GERMAN_PROVISO_OBJECTS |= {"seiner", "seines", "ihrer", "ihres", "etwaiger", "weitergehender", "entgegenstehender"}
_GERMAN_PROVISO_OBJECTS |= {"davon", "deren", "dieser", "dieses", "anderweitiger", "bestehender", "sonstigen"}

# With the provisos of laws and contracts: "notwithstanding", "by way of derogation from",
# "without prejudice to" (German "abweichend von", "unbeschadet", "ungeachtet"; French "par
# dérogation", "nonobstant") set what the quote says apart from a rule it overrides or leaves in force.
EXCEPTIONS_BY_LANGUAGE: dict[str, frozenset[str]] = {
    "en": frozenset(RESTRICTIVE_WORDS - {"only"} | {"notwithstanding", "excluding", "apart from", "other than"})
    | {"with the exception of", "save for", "aside from", "barring", "save in", "save when", "save where", "save if"}
    | {"by way of derogation", "by derogation", "derogating from"},
    "fr": frozenset({"sauf", "excepté", "hormis", "à part", "à l'exception", "par dérogation", "nonobstant"}),
    "pt": frozenset({"salvo", "exceto", "excepto", "à exceção", "com exceção", "ressalvado", "ressalvada"})
    | {"ressalvados", "ressalvadas", "em derrogação"},
    "de": frozenset({"außer", "ausser", "ausgenommen", "abgesehen", "abweichend von", "abweichend vom"})
    | {"davon abweichend"}
    # Before what they leave in force or set aside: not "[die Daten] bleiben unbeschadet" ("undamaged").
    | {f"{word} {what}" for word in ("unbeschadet", "ungeachtet") for what in _GERMAN_PROVISO_OBJECTS},
    "es": frozenset({"salvo", "excepto", "menos", "a excepción", "con excepción", "no obstante lo dispuesto"})
    | {"en derogación", "sin perjuicio"},
    "ru": frozenset({"кроме", "за исключением", "помимо"}),
    "ko": frozenset({"제외", "예외", "외에는"}),
    # "除" only where its "外" follows ("除管理员外", "除周末之外": `_PATTERNS`).
    "zh": frozenset({"除非", "除了", "除外", "例外", "除"}),
    "ja": frozenset({"除いて", "除き", "除く", "除けば", "以外", "例外", "ただし"}),
    "th": frozenset({"ยกเว้น", "เว้นแต่"}),
}
"""Words and phrases that take some cases out of what the words around them say."""

QUANTIFIERS_BY_LANGUAGE: dict[str, frozenset[str]] = {
    "en": frozenset(
        {"solely", "merely", "exclusively", "some", "few", "several", "most", "many", "certain"}
        | {"at most", "at least", "up to", "no more than", "not all", "in part", "in some", "in most"}
        | {"to the extent", "as far as", "in so far", "insofar"}
        | (RESTRICTIVE_WORDS - {"unless", "except"})
    ),
    "fr": frozenset({"seulement", "uniquement", "quelques", "certains", "certaines", "plupart", "au plus", "seuls"})
    | {"seul", "seule", "seules"}
    | {"au moins", "au maximum", "au minimum", "jusqu'à"},
    "pt": frozenset({"apenas", "somente", "só", "alguns", "algumas", "maioria", "no máximo", "no mínimo"})
    | {"pelo menos"},
    "de": frozenset({"nur", "lediglich", "ausschließlich", "höchstens", "mindestens", "einige", "manche"})
    | {"meisten", "bis zu", "wenige", "teils"},
    "es": frozenset({"solo", "sólo", "solamente", "únicamente", "unicamente", "algunos", "algunas", "mayoría"})
    | {"como máximo", "al menos", "como mínimo", "hasta"},
    "ru": frozenset({"только", "лишь", "некоторые", "большинство", "максимум", "минимум", "не более", "не менее"})
    | {"по крайней мере"},
    "ko": frozenset({"오직", "단지", "뿐", "에만", "에게만", "-만", "최대", "최소", "이하", "이상", "일부", "대부분"}),
    "zh": frozenset({"只", "仅", "僅", "最多", "至少", "最少", "不超过", "部分", "一些", "大多数", "某些", "唯一"}),
    "ja": frozenset({"のみ", "だけ", "最大", "少なくとも", "以下", "以上", "一部", "ほとんど", "唯一"}),
    "th": frozenset({"เท่านั้น", "เฉพาะ", "เพียง", "อย่างน้อย", "อย่างมาก", "สูงสุด", "บาง", "ส่วนใหญ่"}),
}
"""Restrictive quantifiers: only, at most, some, most, not all... Left out, the quote says more
than its source (``every`` and ``all`` are not here: without them a quote says less)."""

HEDGES_BY_LANGUAGE: dict[str, frozenset[str]] = {
    "en": frozenset(
        {"often", "usually", "generally", "typically", "normally", "sometimes", "occasionally", "mostly"}
        | {"largely", "mainly", "partly", "partially", "possibly", "probably", "likely", "unlikely", "perhaps"}
        | {"arguably", "apparently", "seemingly", "reportedly", "allegedly", "supposedly", "presumably"}
        | {"rarely", "seldom", "hardly", "barely", "scarcely", "nearly", "almost", "approximately", "roughly"}
        | {"marginally", "slightly", "somewhat", "conditionally", "temporarily", "tends", "tend", "seems", "seem"}
        | {"in general", "in principle", "to some extent", "in some cases", "in certain cases"}
        | {"in part by", "or so", "frequently", "commonly", "in rare cases", "in rare instances", "in many cases"}
        | {"at times", "on occasion", "from time to time", "most of the time", "for the most part", "as a rule"}
        | {"more often than not", "it may be that", "it seems that", "it appears that", "it is possible that"}
        | {"it is likely that", "it is unlikely that", "in theory", "theoretically", "hypothetically", "ideally"}
        | {"historically", "formerly", "traditionally", "previously", "optionally", "in the past"}
        | {"maybe", "for now"}
        | {
            "in older versions",
            "in earlier versions",
            "in previous versions",
            "in older releases",
            "in earlier releases",
        }
    ),
    "fr": frozenset({"souvent", "généralement", "parfois", "probablement", "peut-être", "environ", "presque"})
    | {"quasiment", "rarement", "habituellement", "typiquement", "partiellement", "en général", "en principe"}
    | {"apparemment", "vraisemblablement", "prétendument", "il semble", "il semblerait", "fréquemment"}
    | {"dans certains cas", "la plupart du temps", "en règle générale", "de temps en temps", "occasionnellement"}
    | {"dans la plupart des cas", "dans de nombreux cas"}
    | {"en théorie", "théoriquement", "idéalement", "autrefois", "jadis", "du moins", "auparavant"}
    | {"éventuellement", "facultativement", "dans les anciennes versions", "dans les versions précédentes"},
    "pt": frozenset({"frequentemente", "geralmente", "normalmente", "provavelmente", "talvez", "cerca", "quase"})
    | {"raramente", "possivelmente", "parcialmente", "às vezes", "em geral", "em princípio", "tipicamente"}
    | {"aparentemente", "parece que", "muitas vezes", "ocasionalmente", "de vez em quando", "em alguns casos"}
    | {
        "na maioria dos casos",
        "em muitos casos",
        "em certos casos",
        "em teoria",
        "teoricamente",
        "idealmente",
        "antigamente",
        "historicamente",
    }
    | {"anteriormente", "outrora", "opcionalmente", "em versões anteriores", "em versões antigas"},
    "de": frozenset({"oft", "häufig", "meist", "meistens", "normalerweise", "gewöhnlich", "manchmal", "etwa"})
    | {"wahrscheinlich", "vielleicht", "möglicherweise", "ungefähr", "fast", "kaum", "selten", "teilweise"}
    | {"vermutlich", "eventuell", "in der regel", "gelegentlich", "in seltenen fällen", "unter umständen"}
    | {"in einigen fällen", "in manchen fällen", "oftmals", "typischerweise", "im allgemeinen", "womöglich"}
    | {"anscheinend", "offenbar", "angeblich", "mitunter", "bisweilen", "zuweilen", "hin und wieder"}
    | {"größtenteils", "überwiegend", "theoretisch", "idealerweise", "früher", "ehemals", "einst"}
    | {"in älteren versionen", "in früheren versionen", "optional", "in den meisten fällen", "in vielen fällen"},
    "es": frozenset({"frecuentemente", "generalmente", "normalmente", "probablemente", "quizás", "quizá", "casi"})
    | {"raramente", "posiblemente", "aproximadamente", "a menudo", "a veces", "tal vez", "en general"}
    | {"antiguamente", "anteriormente", "opcionalmente", "en versiones anteriores", "en algunos casos"}
    | {"en la mayoría de los casos", "en muchos casos"},
    "ru": frozenset({"часто", "обычно", "иногда", "вероятно", "возможно", "наверное", "почти", "примерно"})
    | {"около", "редко", "частично", "как правило", "может быть", "в некоторых случаях", "кажется", "видимо"}
    | {"по-видимому", "изредка", "зачастую", "порой", "время от времени", "в большинстве случаев", "в основном"}
    | {"скорее всего", "теоретически", "в идеале", "раньше", "прежде", "ранее", "когда-то", "опционально"}
    | {"в старых версиях", "в более старых версиях", "в предыдущих версиях", "в прежних версиях"}
    | {"во многом", "отчасти"},  # "largely", "in many respects" ("in many ways" is "многими способами")
    "ko": frozenset({"보통", "대개", "자주", "가끔", "때때로", "아마", "거의", "대략", "일반적으로", "종종"})
    | {"드물게", "어쩌면", "흔히", "때로는", "대체로", "주로", "이론적으로", "이전에는", "예전에는", "과거에는"}
    | {"옛날에는", "이전 버전에서는", "구 버전에서는"},
    "zh": frozenset({"通常", "一般", "经常", "經常", "常常", "有时", "有時", "可能", "也许", "也許", "大概", "几乎"})
    | {"幾乎", "大约", "大約", "往往", "似乎", "偶尔", "偶爾", "看起来", "看起來", "看来", "看來", "好像", "或许"}
    | {"或許", "理论上", "理論上", "以前", "过去", "過去", "曾经", "曾經", "旧版本中", "舊版本中"}
    | {"通用的规则", "一般规则", "一般來說"},  # "as a general rule"
    "ja": frozenset({"通常", "一般に", "しばしば", "時々", "時には", "たぶん", "おそらく", "かもしれ", "ほぼ", "大体"})
    | {"もしかしたら", "もしかすると"}
    | {"多くの場合", "まれに", "稀に", "たまに", "ときどき", "時折", "一般的に", "たいてい", "大抵", "理論上"}
    | {"理想的には", "以前は", "かつては", "かつて", "昔は", "古いバージョンでは", "以前のバージョンでは"},
    "th": frozenset({"มัก", "บ่อย", "บางครั้ง", "โดยปกติ", "อาจจะ", "เกือบ", "ประมาณ", "โดยทั่วไป", "บางที"})
    | {"ดูเหมือน", "น่าจะ", "ตามทฤษฎี", "ในอดีต", "เมื่อก่อน", "แต่ก่อน"},
}
"""Hedges: adverbs and phrases that say how often, how much or how surely something holds, or since
when and in which versions it held (``formerly``, ``in older versions``, ``optionally``)."""

CONTRASTS_BY_LANGUAGE: dict[str, frozenset[str]] = {
    "en": frozenset({"but", "however", "although", "though", "whereas", "while", "yet", "nevertheless", "nonetheless"})
    | {"even though", "in contrast", "on the other hand", "instead", "except that"},
    "fr": frozenset({"mais", "cependant", "toutefois", "pourtant", "néanmoins", "bien que", "quoique"})
    | {"alors que", "tandis que", "en revanche"},
    "pt": frozenset({"mas", "porém", "contudo", "todavia", "entretanto", "no entanto", "embora"}),
    "de": frozenset({"aber", "jedoch", "doch", "allerdings", "obwohl", "obgleich", "sondern", "dennoch"})
    | {"trotzdem", "während"},
    "es": frozenset({"pero", "sin embargo", "aunque", "mientras que", "no obstante", "sino"}),
    "ru": frozenset({"но", "однако", "хотя", "зато", "тогда как", "впрочем", "а", "тем не менее"}),  # noqa: RUF001
    "ko": frozenset({"하지만", "그러나", "그렇지만", "반면", "그런데", "다만", "-지만", "-는데", "-으나"}),
    "zh": frozenset({"但", "但是", "然而", "不过", "不過", "可是", "却", "卻", "虽然", "雖然", "尽管", "儘管"}),
    "ja": frozenset({"しかし", "だが", "けれども", "けれど", "一方", "ものの", "にもかかわらず"}),
    "th": frozenset({"แต่", "อย่างไรก็ตาม", "ถึงแม้", "แม้ว่า", "ทว่า"}),
}
"""Contrasts: after a quote, what follows one takes back or limits what the quote says."""

DISTANCING_BY_LANGUAGE: dict[str, frozenset[str]] = {
    "en": frozenset(
        # Not "claim" nor "claims": a JWT's claims are nouns ("the sub claim that ...").
        {"argue", "argues", "argued", "claimed", "allege", "alleges", "alleged", "contend"}
        | {"contends", "suggest", "suggests", "suggested", "believe", "believes", "believed", "speculate"}
        | {"hypothesize", "hypothesise", "doubt", "doubts", "deny", "denies", "denied", "whether", "critics"}
        | {"according to", "it is said", "some say", "myth", "misconception", "contrary to", "rumoured", "rumored"}
        | {"said that", "say that", "says that", "think that", "thinks that", "thought that"}
        # An expectation, an assumption, a hope: the source does not state what follows as a fact.
        # Not "assume that", which a reader is often told to ("you can safely assume that ...").
        | {"expect that", "expects that", "expected that", "assumed that", "assumes that", "presumed that"}
        | {"presumes that", "predict that", "predicts that", "predicted that", "hope that", "hopes that"}
        | {"anticipate that", "anticipates that", "anticipated that"}
        # A supposition the text takes back ("It is tempting to assume that", "we might assume that
        # the way it works would be the same"): not a reader's instruction ("you can assume that").
        # Not "safe to assume that", "you may assume that": a reader told what holds.
        | {"might assume that", "could assume that", "would assume that", "might assume", "could assume"}
        | {"tempting to assume"}
    ),
    "fr": frozenset({"affirment", "prétendent", "selon", "d'après", "croient", "pensent", "suggèrent"})
    | {"soutiennent", "supposent", "on dit", "doutent", "il paraît", "soi-disant", "mythe", "idée reçue"}
    | {"supposé que", "supposons que", "espérons que", "prévoyons que", "on suppose que", "on s'attend à ce que"}
    | {"pourrait supposer", "pourrions supposer", "pourrait croire", "pourrions croire", "tentant de supposer"},
    "pt": frozenset({"afirmam", "alegam", "segundo", "acreditam", "sugerem", "defendem", "supostamente"})
    | {"de acordo com", "dizem", "alegadamente", "mito"}
    | {"esperamos que", "espera-se que", "supõe-se que", "presume-se que", "prevemos que", "supomos que"}
    | {"poderíamos supor", "poderia supor", "poderíamos pensar", "tentador supor"}
    # A supposition the text makes for the sake of argument ("assumindo que", "digamos que [temos ...]").
    | {"assumindo que", "supondo que", "suponha que", "suponhamos que", "digamos que", "imaginemos que"},
    "de": frozenset({"behaupten", "behauptet", "laut", "zufolge", "glauben", "meinen", "angeblich", "vermutet"})
    | {"behauptete", "behaupteten"}
    | {"es heißt", "bezweifeln", "mythos", "irrglaube"}
    | {"erwarten dass", "erwartet dass", "wird angenommen", "nehmen an dass", "hoffen dass", "gehen davon aus"}
    # With "dass": verb-final "annehmen könnte" alone is as often "could accept".
    | {"könnte annehmen", "könnten annehmen", "annehmen könnte dass", "annehmen könnten dass", "könnte man annehmen"},
    "es": frozenset({"afirman", "alegan", "según", "creen", "sugieren", "sostienen", "supuestamente", "dicen"})
    | {"esperamos que", "se espera que", "se supone que", "suponemos que", "se prevé que"}
    | {"podríamos suponer", "podría suponer", "se podría pensar", "tentador suponer"},
    "ru": frozenset({"утверждают", "считают", "якобы", "предполагают", "по словам", "по мнению", "говорят"})
    | {"согласно", "по слухам", "миф", "заблуждение", "принято считать"}
    | {"ожидается что", "предполагается что", "ожидаем что", "надеемся что", "предполагаем что"}
    | {"можно предположить", "могли бы предположить", "можно подумать", "можно было бы предположить"},
    "ko": frozenset({"주장", "따르면", "-다고", "-라고", "것으로예상", "것으로예측", "것으로추정", "듣기로는"}),
    "zh": frozenset({"认为", "認為", "声称", "聲稱", "据说", "據說", "据称", "據稱", "有人", "主张", "主張", "所谓"})
    # "Would assume" ("我们可能会假设"): not 假设 alone, also a noun ("零假设", "null hypothesis").
    | {"会假设", "會假設", "会假定", "會假定", "如是说", "如是說"}  # "[...] 批评者如是说" ("so the critics say")
    # "按照他们的说法" ("according to them"), "据报道" ("reportedly"), "据悉" ("it is learned that").
    # Not 根据 alone, "based on" in nearly every use ("根据 size prop 请求", "根据以下规则").
    | {"的说法", "的說法", "据报道", "據報導", "据悉", "據悉"}
    | {"所謂", "据报道", "據報道", "據報導", "据悉", "據悉", "据传", "據傳", "预计", "預計", "据估计", "據估計"},
    "ja": frozenset({"主張", "によると", "によれば", "と言われ", "とされ", "らしい", "と考えられ", "と思われ"})
    | {"と見られ", "といわれ", "と信じられ", "報告され", "と言う", "と言っ", "と述べ", "と予想され", "と想定され"}
    | {"と期待され", "と予測され", "と推定され", "と考えるかもしれ", "と思うかもしれ", "と仮定"},
    "th": frozenset({"อ้างว่า", "เชื่อว่า", "กล่าวว่า", "บางคน", "มีรายงานว่า", "กล่าวกันว่า", "เชื่อกันว่า", "คาดว่า"}) | {"สันนิษฐานว่า"},
}
"""Distancing frames: before a quote (``some argue that``), they say the source does not assert it."""

SAYING_VERBS_BY_LANGUAGE: dict[str, frozenset[str]] = {
    "en": frozenset(
        {"reported", "stated", "claimed", "said", "described", "shown", "suggested", "written", "wrote", "believed"}
        | {"thought", "assumed", "supposed"}
    ),
    "fr": frozenset(
        {"indiqué", "rapporté", "affirmé", "écrit", "dit", "annoncé", "décrit", "signalé", "croit", "croyait", "cru"}
        | {"pense", "pensait", "pensé", "supposé"}
    ),
    "pt": frozenset(
        {"relatado", "informado", "noticiado", "afirmado", "dito", "descrito", "acredita", "acreditava", "pensa"}
        | {"pensava", "supõe", "supunha"}
    ),
    "de": frozenset(
        {"berichtet", "behauptet", "angegeben", "dargestellt", "beschrieben", "gemeldet", "geschrieben"}
        | {"angenommen", "geglaubt", "gedacht", "vermutet"}
    ),
    "es": frozenset(
        {"informó", "informaron", "informado", "dicho", "afirmó", "afirmado", "reportado", "cree", "creía", "creído"}
        | {"piensa", "pensaba", "supone", "suponía"}
    ),
    "ru": frozenset({"сообщалось", "утверждалось", "указывалось", "говорилось", "считалось", "считается", "полагали"})
    | {"думали"},
}
"""Verbs of saying or believing as an ``as`` clause has them (``as reported``, ``como se
informó``, ``wie berichtet``, ``comme on le croit``): such a clause with a denying adverb
(`DENYING_ADVERBS_BY_LANGUAGE`) denies what it refers to, one without points at a source."""

AS_BY_LANGUAGE: dict[str, frozenset[str]] = {
    "en": frozenset({"as"}),
    "fr": frozenset({"comme"}),
    "pt": frozenset({"como"}),
    "de": frozenset({"wie"}),
    "es": frozenset({"como"}),
    "ru": frozenset({"как"}),
}
"""The ``as`` that opens a clause of saying (``as reported``, ``como se informó``, ``wie berichtet``)."""

EARLIER_BY_LANGUAGE: dict[str, frozenset[str]] = {
    "en": frozenset({"previously", "earlier"}),
    "fr": frozenset({"précédemment", "auparavant"}),
    "pt": frozenset({"anteriormente"}),
    "de": frozenset({"zuvor", "früher"}),
    "es": frozenset({"anteriormente"}),
    "ru": frozenset({"ранее"}),
}
"""When a clause of saying says it was said (``As previously wrongly reported,``, ``Comme indiqué à
tort précédemment,``): read through, between the denying adverb and its verb of saying."""

DENYING_PREDICATES_BY_LANGUAGE: dict[str, frozenset[str]] = {
    "en": frozenset({"is wrong", "is false", "is incorrect", "is mistaken", "is a myth", "is a misconception"})
    | {"is untrue", "is simply wrong", "is simply false", "is a common misconception"}
    | {"was wrong", "was false", "was incorrect", "was mistaken", "are wrong", "are false", "were wrong"}
    | {"proved false", "proved wrong", "turned out to be false", "turned out to be wrong"},
    "fr": frozenset({"est faux", "est fausse", "est erroné", "est erronée", "est inexact", "est inexacte"})
    | {"est un mythe", "s'est révélé faux", "s'est révélée fausse"},
    "pt": frozenset({"é falso", "é falsa", "é errado", "é errada", "é incorreto", "é incorreta", "é um mito"}),
    "de": frozenset({"ist falsch", "ist unzutreffend", "ist ein mythos", "war falsch", "erwies sich als falsch"}),
    "es": frozenset({"es falso", "es falsa", "es erróneo", "es errónea", "es incorrecto", "es incorrecta"})
    | {"es un mito"},
    "ru": frozenset({"неверно", "неверна", "неверен", "ошибочно", "ошибочна", "ошибочен", "ложно", "ложна"})
    | {"является мифом"},
}
"""Predicates that deny the clause they follow (``The idea that [...] is wrong``, ``Die Annahme,
dass [...], ist falsch``): right after a quote, they say the source calls it false. Read there only:
``The value is wrong, so [...]`` frames nothing after it."""

DENYING_ADVERBS_BY_LANGUAGE: dict[str, frozenset[str]] = {
    "en": frozenset({"wrongly", "falsely", "erroneously", "mistakenly", "incorrectly", "in error"}),
    "fr": frozenset({"à tort", "faussement", "par erreur", "erronément"}),
    "pt": frozenset({"erroneamente", "falsamente", "equivocadamente"}),
    "de": frozenset({"fälschlich", "fälschlicherweise", "irrtümlich", "irrtümlicherweise"}),
    "es": frozenset({"erróneamente", "falsamente", "equivocadamente"}),
    "ru": frozenset({"ошибочно", "ложно"}),
}
"""Adverbs that deny what was said or believed (``Early drafts wrongly stated that``, ``Como se
informó erróneamente,``): a negating frame only with a complementizer or a comma after them and
their verb of saying (`citecheck.matcher._tiers._cuts`), not in ``the value was wrongly cached``.
Part of `DENIALS_BY_LANGUAGE`."""

_DENIALS_BY_LANGUAGE: dict[str, frozenset[str]] = {
    "en": frozenset({"not true", "untrue", "not the case", "false that", "incorrect that", "not correct that"})
    | {"wrong to conclude", "wrong to say", "wrong to assume", "wrong to think", "a mistake to think"}
    | {"a mistake to assume", "naive to assume"}
    | {"a misconception that"}
    | {"reject the idea that", "reject the claim that", "dispute the claim that", "refute the notion that"}
    | {"deny that", "denies that", "no evidence that", "not always the case", "not always true"},
    "fr": frozenset({"pas vrai", "faux que", "inexact que", "pas le cas", "pas exact", "faux de dire"})
    | {"contestons l'idée que", "nions que", "pas toujours vrai"}
    | {"croient à tort", "pensent à tort", "affirmait à tort", "une erreur de croire", "une erreur de penser"},
    "pt": frozenset({"não é verdade", "falso que", "não é o caso", "não é correto", "não é certo"})
    | {"negamos que", "nega que"}
    | {"errado dizer", "errado afirmar", "errado pensar", "afirmava erroneamente", "afirmam falsamente"},
    "de": frozenset({"stimmt nicht", "nicht wahr", "unwahr", "falsch dass", "nicht der fall", "nicht zutreffend"})
    | {"bestreiten", "bestreitet"}
    | {"es stimmt nicht", "es ist nicht wahr", "ist ein irrtum", "hieß es fälschlich", "fälschlicherweise behauptet"}
    | {"irrtum lautet", "irrtum besagt"},
    "es": frozenset({"no es cierto", "no es verdad", "falso que", "no es el caso", "no es correcto"})
    | {"negamos que", "niega que"},
    "ru": frozenset({"неверно", "неправда", "не верно", "не соответствует действительности", "ошибочно считать"})
    | {"отрицаем", "отрицает", "ошибочно полагать", "ошибочно думать"},
    # Korean by its stems: "아니" of the plain form and "아닙" of the polite one (사실이 아닙니다).
    "ko": frozenset({"사실이아니", "사실이아닙", "사실과다르", "사실과다릅", "옳지않", "잘못된것", "틀린것"})
    # "항상 그런 것은 아닙니다" ("it is not always so"), as English "not always the case": its polite
    # form that ends a sentence, not "아니라고" ("[some say] it is not so").
    | {"그런것은아닙"},
    "zh": frozenset({"并不是说", "並不是說", "不是说", "不是說", "并非", "並非", "不正确", "不正確", "不是真的"})
    # After the clause: "说 S 是不对的", "认为 S 的说法是错误的".
    | {"是不对的", "是不對的", "是错误的", "是錯誤的", "是错的", "是錯的", "是不正确的", "是不正確的"}
    # "旧版文档错误地写道" ("the old docs wrongly wrote"), "误以为" ("wrongly believe"): not 错误地 alone
    # ("因为该值被错误地缓存了", "because the value was wrongly cached").
    | {"错误地写道", "錯誤地寫道", "错误地认为", "錯誤地認為", "误以为", "誤以為"}
    | {"常见的误解是", "常見的誤解是", "一个误解是", "一個誤解是"}
    # "这种说法并不准确" after the quote ("this claim is inaccurate").
    | {"说法并不准确", "說法並不準確", "说法不准确", "說法不準確", "说法有误", "說法有誤"},
    "ja": frozenset({"正しくありません", "正しくない", "誤りです", "誤りである", "事実ではありません", "事実ではない"})
    # "[...]わけではありません" ("it is not the case that"), "[...]とは言えません" ("one cannot say that").
    | {"わけではありません", "わけではない", "とは言えません", "とは言えない", "という意味ではありません"}
    | {"という証拠はありません", "と考えるべきではありません", "と思い込まないで"}
    | {"とは限りません", "とは限らない", "間違いです", "誤解です", "誤解である", "誤解だ", "誤りだった", "誤って"},
    "th": frozenset({"ไม่จริง", "ไม่ถูกต้อง", "ไม่ใช่ความจริง", "ความเข้าใจผิด", "เข้าใจผิดที่ว่า"}),
}
DENIALS_BY_LANGUAGE: dict[str, frozenset[str]] = {
    language: denials | DENYING_ADVERBS_BY_LANGUAGE.get(language, frozenset())
    for language, denials in _DENIALS_BY_LANGUAGE.items()
}
"""Negating frames: ``It is not true that``, ``Il n'est pas vrai que``, ``Неверно, что``, and in
Japanese, Korean and Chinese after the clause (``Sというのは正しくありません``, ``说S是不对的``):
they say the source denies what the quote states, with the adverbs of `DENYING_ADVERBS_BY_LANGUAGE`.
Korean, Chinese, Japanese and Thai entries are found in the text with its spaces removed, so they
are written without spaces."""

DENYING_HEADINGS_BY_LANGUAGE: dict[str, frozenset[str]] = {
    "en": frozenset({"myth", "myths", "misconception", "misconceptions", "false beliefs"}),
    "fr": frozenset({"mythe", "mythes", "idée reçue", "idées reçues", "fausses croyances"}),
    "pt": frozenset({"mito", "mitos", "equívocos", "conceitos errados"}),
    "de": frozenset({"mythos", "mythen", "irrtum", "irrtümer"}),
    "es": frozenset({"mito", "mitos", "falsas creencias", "conceptos erróneos"}),
    "ru": frozenset({"миф", "мифы", "заблуждение", "заблуждения"}),
    "zh": frozenset({"误区", "誤區", "迷思", "谣言", "謠言"}),
    "ja": frozenset({"誤解", "神話", "迷信"}),
    "ko": frozenset({"오해", "통념", "신화"}),
    "th": frozenset({"ความเชื่อผิด", "ความเข้าใจผิด"}),
}
"""Words a heading names what its section says as false with (``Common myths``, ``Idées reçues``,
``常见误区``): a sentence of such a section, quoted alone, leaves out that it is one of them."""


def denies_heading(lowered: Sequence[str]) -> bool:
    """Whether a heading's lowercased words hold a word of `DENYING_HEADINGS_BY_LANGUAGE` (``Common myths``)."""
    joined = "".join(lowered)
    return any(
        tuple(lowered[at : at + size]) in _DENYING_HEADING_WORDS
        for size in _DENYING_HEADING_SIZES
        for at in range(len(lowered))
    ) or any(entry in joined for entry in _DENYING_HEADING_CHARACTERS)


DENIAL_LABELS: frozenset[str] = frozenset(
    {"incorrect", "wrong", "false", "myth", "untrue", "nottrue", "misconception", "badexample", "don't", "avoid"}
    | {"faux", "erroné", "mythe", "àéviter", "falso", "errado", "incorreto", "mito", "evite", "evitar"}
    | {"falsch", "irrtum", "mythos", "unrichtig", "vermeiden", "incorrecto", "неверно", "неправильно", "ошибочно"}
    # Not 错误 nor 오류 alone: "Error", the label of an error message, as well as "wrong".
    | {"миф", "ложь", "错误说法", "錯誤說法", "误区", "誤區", "谬误", "謬誤", "不正确", "不正確"}
    | {"错误示例", "錯誤示例", "誤り", "間違い", "誤解", "悪い例", "誤った例", "틀린설명", "틀림", "잘못된예"}
    | {"잘못된설명", "거짓", "오해", "ผิด", "ไม่ถูกต้อง", "ความเชื่อผิด"}
)
"""Labels that deny what follows their colon (``Incorrect: ...``, ``Falsch: ...``, ``誤り``), as a style
guide's wrong examples or a myth-and-fact list set them; written without spaces, matched against the
words before the colon with theirs removed."""

FRAMES_FOLLOW = ("ja", "ko", "zh")
"""The languages whose distancing and negating frames may follow the clause they frame
(``Sと主張する人もいます``, ``S는 것은 사실이 아닙니다``, ``S是不对的``): after a quote, such a frame
anywhere in the clause the quote ends inside limits it. Chinese puts a frame before the clause too
(``据说``, ``并不是说``)."""

CHAINING_ENDINGS_BY_LANGUAGE: dict[str, frozenset[str]] = {
    # A verb's stem or its -te form ("確認し", "使って", "読んで"). Not a state's "おり", "であり" ("is
    # X, and [it can ...]"), whose clause keeps its own mood.
    "ja": frozenset({"し", "て", "んで"}),
    # Korean "-거나" ("or"): alternatives under the one mood. Not "-고", "-며", "-아서": in the Korean
    # Rust book, 60 of the 84 quotes they would flag join clauses that each have their own subject
    # or mood ("[...선언하며], 값의 타입은 반드시 명시되어야 합니다").
    "ko": frozenset({"거나"}),
}
"""The endings of a Japanese or Korean verb that chains its clause to the next one (``検証し、``,
``確認して``, ``존재하지 않거나``): the verb has no mood of its own, and takes that of the
sentence's last predicate (`CHAINED_MOODS_BY_LANGUAGE`)."""

CHAINED_MEANS_BY_LANGUAGE: dict[str, frozenset[str]] = {
    "ja": frozenset({"使用して", "使用し", "利用して", "利用し", "使って", "用いて", "用い", "呼び出して", "呼び出し"}),
    "ko": frozenset(),
}
"""Chained verbs that say by what means (``[Xを使用して]、...できます``, "using X you can ..."): a means
has no claim of its own for "can" to limit (`CHAINED_MOODS_BY_LANGUAGE`'s ``ability``)."""

NOT_CHAINING_BY_LANGUAGE: dict[str, frozenset[str]] = {
    # Particles ending in て ("about", "as", "by", "for", "except"), adverbs and conjunctions ending
    # in て ("all", "for the first time", "never", "and then"), words ending in し ("a little", "if", "but").
    "ja": frozenset({"について", "として", "によって", "に対して", "にとって", "を通して", "において", "に関して"})
    | {"に従って", "に沿って", "に基づいて", "に応じて", "にわたって", "をもって", "に向けて", "に加えて", "に比べて"}
    | {"を除いて", "すべて", "全て", "初めて", "はじめて", "改めて", "極めて", "決して", "敢えて", "あえて", "かつて"}
    | {"せめて", "そして", "よって", "果たして", "少し", "もし", "ただし", "但し", "しかし", "ないし"}
    | {"に対し", "を介して", "を通じて", "を通し", "と併用して", "同様にして"}  # "for", "via", "through", "with"
    | {"ようにし", "ようにして", "てみ", "てみて"}  # "this way", "try (doing)"
    # A finite predicate and し ("and besides"): its clause has its own mood ("[できます]し、").
    | {"ますし", "ですし", "だし", "ませんし", "ましたし", "でしたし"},
    "ko": frozenset(),
}
"""Words that end as a `CHAINING_ENDINGS_BY_LANGUAGE` ending does and chain no verb's clause."""

CHAINED_MOODS_BY_LANGUAGE: dict[str, dict[str, str]] = {
    "ja": dict.fromkeys(
        {"べき", "べきです", "べきだ", "べきである", "べきでしょう", "必要があります", "必要がある", "必要です"}
        | {"必要となります", "必要になります", *_JA_OBLIGATIONS}
        | {"できません", "できない", "てもよい", "てもよいです", "てもいい"}
        | {"てもいいです", "ても構いません", "てもかまいません", "方がよいです", "方がいいです", "ほうがよいです"}
        | {"ほうがいいです", "必須です", "たいと考えています", "たいと考えている"}
        # Recommended, as a mood of what is done ("[...]ことをお勧めします"); a bare "推奨します" is
        # the writer's own next act ("[...非推奨とし]、既存のアプリには移行を推奨します").
        | {"ことをお勧めします", "ことをおすすめします", "ことを推奨します", "ことが推奨されます"},
        "modal",
    )
    # "Can": not a mood over a means ("[このオブジェクトを使用して]、...読み取ることができます",
    # `CHAINED_MEANS_BY_LANGUAGE`); "cannot" above is one ("[...を使用して]、...変更することはできません").
    | dict.fromkeys({"できます", "できる", "ことができます", "ことができる", "可能です", "可能である"}, "ability")
    | dict.fromkeys(
        {"かもしれません", "かもしれない", "でしょう", "だろう", "可能性があります", "可能性がある", "ようです"}
        | {"ようだ", "らしいです", "らしい", "はずです", "はずだ", "場合があります", "場合がある", "ことがあります"}
        | {"ことがある", "と思われます", "と思われる", "と考えられます", "と考えられる", "とは限りません"}
        # Not "こともあります" ("also at times"), whose "も" adds a last clause of its own to the chain.
        | {"とは限らない", "ことが多いです", "ことが多い", "ことがよくあります"},
        "hedge",
    )
    | dict.fromkeys(
        {"と考えています", "と考えている", "と主張しています", "と主張する", "とされています", "とされる"}
        | {"と言われています", "と言われる", "と思います", "と思っています", "と述べています"},
        "distancing",
    )
    | dict.fromkeys({"わけではありません", "わけではない", "のは誤りです", "のは正しくありません"}, "denial"),
    # Written without the spaces between words ("가질 수 있습니다" as "가질수있습니다").
    "ko": dict.fromkeys(
        {"야합니다", "야한다", "야해요", "야됩니다", "야된다", "야돼요", "야만합니다", "야만한다", "수있습니다"}
        | {"수있다", "수있어요", "수없습니다", "수없다", "필요가있습니다", "필요가있다", "필요합니다", "필요하다"}
        | {"것이좋습니다", "것이좋다", "것을권장합니다", "것을권장한다", "것이권장됩니다", "권장됩니다"}
        | {"것이바람직합니다", "가능합니다", "가능하다", "불가능합니다", "불가능하다", "도됩니다", "도좋습니다"},
        "modal",
    )
    | dict.fromkeys(
        {"수도있습니다", "수도있다", "수도있어요", "지도모릅니다", "지도모른다", "것같습니다", "것같다", "듯합니다"}
        | {"듯하다", "것으로보입니다", "것으로보인다", "경우가있습니다", "경우가있다", "때가있습니다"},
        "hedge",
    )
    | dict.fromkeys(
        {"고생각합니다", "고생각한다", "고주장합니다", "고주장한다", "다고합니다", "다고한다"}
        | {"것으로알려져있습니다", "것으로예상됩니다"},
        "distancing",
    )
    | dict.fromkeys({"것은아닙니다", "것은아니다"}, "denial"),
}
"""How a Japanese or Korean sentence's last predicate ends when it says must, can (``ability``),
might or someone thinks (``…記録するべきです``, ``…가질 수 있습니다``, ``…かもしれません``), with the
class it gives every clause a verb chains to it (`CHAINING_ENDINGS_BY_LANGUAGE`):
``[ファイルを確認し]、再起動するべきです`` is "should check the file and restart", which the quote,
cut at its chained verb, leaves out; and the verb right before it, in any form, when the quote
leaves out only that predicate (``[読み込まれる]ことがあります``). Not a negation, which is its own
clause's (``[確認し]、再起動しません``: "checks and does not restart")."""

FINAL_MOODS_BY_LANGUAGE: dict[str, dict[str, str]] = {
    "ja": CHAINED_MOODS_BY_LANGUAGE["ja"]
    # "Also at times": its "も" adds the chain's last clause alone, but governs the verb right before.
    | dict.fromkeys({"こともあります", "こともある", "場合もあります", "場合もある"}, "hedge")
    # "Must not" after a verb's -te form: "[パスワードを共有して]はいけません".
    | dict.fromkeys({"はいけません", "はいけない", "はなりません", "はならない", "てはいけません"}, "negation")
    | dict.fromkeys({"てはいけない", "てはなりません", "てはならない", "ではいけません", "ではいけない"}, "negation"),
}
"""The moods a Japanese sentence's last predicate gives the verb right before it, whatever its form,
when the quote leaves out only that predicate: `CHAINED_MOODS_BY_LANGUAGE`, "also at times", and a
prohibition after the verb's -te form."""

DISCOURSE_BY_LANGUAGE: dict[str, frozenset[str]] = {
    "en": frozenset(
        {"for example", "for instance", "in practice", "in particular", "in addition", "additionally", "also"}
        | {"furthermore", "moreover", "thus", "therefore", "hence", "consequently", "as a result", "first"}
        | {"second", "third", "finally", "then", "next", "note that", "in short", "in other words", "that is"}
        | {"however", "indeed", "in fact", "of course", "importantly", "specifically", "similarly", "likewise"}
        | {"so", "again", "here", "now", "today", "instead", "still", "in total", "in summary", "in conclusion"}
        | {"in turn", "in the meantime", "at the same time", "by the way", "in practical terms", "at first"}
        | {"in any case", "in essence", "in reality", "for reference", "in the end", "at the end"}
        | {"so to speak", "then again", "so called"}
        | {"in each case", "in every case", "in all cases", "in both cases", "in either case"}
        | {"last but not least", "last but certainly not least"}
        # A stance that asserts: its "not" or "once" limits nothing ("Not surprisingly, [...]").
        | {"not surprisingly", "unsurprisingly", "once again", "once more", "undoubtedly", "without doubt"}
    ),
    "fr": frozenset({"par exemple", "en pratique", "en particulier", "de plus", "en outre", "ainsi", "donc"})
    | {"par conséquent", "enfin", "ensuite", "d'abord", "notamment", "en effet", "cependant", "toutefois", "alors"}
    | {"en d'autres termes", "autrement dit", "en résumé", "en bref", "en fait", "en général", "en somme"}
    | {"dans tous les cas", "dans chaque cas", "dans les deux cas", "en tout cas"}
    | {"s'il vous plaît", "s'il te plaît"}  # "please": not the condition "s'il" ("if it")
    # Not "sans doute", which hedges ("probably").
    | {"sans surprise", "une fois de plus", "une fois encore", "sans aucun doute"},
    "pt": frozenset({"por exemplo", "na prática", "em particular", "além disso", "assim", "portanto", "então"})
    | {"por fim", "primeiro", "de fato", "no entanto", "também", "em outras palavras", "em resumo", "em suma"}
    | {"em todos os casos", "em cada caso", "em ambos os casos", "em qualquer caso"}
    | {"sem dúvida", "sem surpresa", "mais uma vez", "sem sombra de dúvida"}
    | {"em seguida", "em vez disso", "ao invés disso", "na verdade", "com o tempo"},  # "then", "instead", "in fact"
    "de": frozenset({"zum beispiel", "beispielsweise", "in der praxis", "insbesondere", "außerdem", "zudem"})
    | {"also", "daher", "deshalb", "somit", "schließlich", "zunächst", "dann", "jedoch", "allerdings", "auch"}
    | {"mit anderen worten", "anders gesagt", "im grunde", "im allgemeinen", "im folgenden", "kurz gesagt"}
    | {"in jedem fall", "in allen fällen", "in beiden fällen", "auf jeden fall"}
    | {"ohne zweifel", "zweifellos", "wieder einmal", "einmal mehr", "erwartungsgemäß", "wenig überraschend"}
    | {"nicht überraschend"},
    "es": frozenset({"por ejemplo", "en la práctica", "en particular", "además", "así", "por lo tanto"})
    | {"finalmente", "entonces", "sin embargo", "sin duda", "también", "en otras palabras", "en resumen", "en fin"}
    | {"en todos los casos", "en cada caso", "en ambos casos", "en cualquier caso"},
    "ru": frozenset({"например", "на практике", "в частности", "кроме того", "также", "поэтому", "наконец"})
    | {"таким образом", "однако", "итак", "тем не менее", "при этом", "при помощи", "с помощью"}  # noqa: RUF001
    | {"другими словами", "иными словами", "в общем", "в итоге", "в целом", "на самом деле"}
    | {"в каждом случае", "во всех случаях", "в обоих случаях", "в любом случае"}
    | {"без сомнения", "несомненно", "еще раз", "неудивительно", "не удивительно"},
    "ko": frozenset({"예를 들어", "예를들어", "실제로", "특히", "또한", "그리고", "따라서", "그래서", "즉"})
    | {"말할 것도 없이", "말할것도없이", "당연히", "물론"},
    "zh": frozenset({"例如", "比如", "实际上", "實際上", "特别是", "特別是", "此外", "另外", "因此", "所以", "然后"})
    | {"除此之外", "除此以外"}  # "besides this": not the exception "除…外"
    | {"不出所料", "毫无疑问", "毫無疑問", "不用说", "不用說", "无疑", "無疑"},
    "ja": frozenset({"例えば", "たとえば", "実際に", "実際には", "特に", "さらに", "したがって", "そのため", "つまり"})
    | {"言うまでもなく", "改めて言うと", "当然ながら", "もちろん"},
    "th": frozenset({"ตัวอย่างเช่น", "ในทางปฏิบัติ", "โดยเฉพาะ", "นอกจากนี้", "ดังนั้น", "ไม่น่าแปลกใจที่"}),
}
"""Discourse markers: at the start of a sentence (``For example,``), they tie it to the text before
and limit nothing in it. Left out before a quote, they are neutral."""

EXAMPLES_BY_LANGUAGE: dict[str, frozenset[str]] = {
    "en": frozenset({"such as", "including", "e g", "eg", "for example", "for instance", "like", "etc"})
    # A licence's "including but not limited to": its "but" and "not" open no contrast nor negation.
    | {"including but not limited to", "including without limitation"},
    "fr": frozenset({"tels que", "telles que", "tel que", "telle que", "comme", "notamment", "par exemple"})
    | {"y compris"},
    "pt": frozenset({"tais como", "como", "incluindo", "inclusive", "por exemplo"}),
    # "etwa so" ("like this:") opens an example; "etwa" alone is a hedge ("about").
    "de": frozenset({"wie", "z b", "zb", "etwa", "beispielsweise", "einschließlich", "zum beispiel", "etwa so"}),
    "es": frozenset({"tales como", "como", "incluyendo", "por ejemplo"}),
    "ru": frozenset({"такие как", "такой как", "например", "включая"}),
    "ko": frozenset({"예를 들어", "등"}),
    "zh": frozenset({"例如", "比如", "包括", "等等"}),
    "ja": frozenset({"例えば", "たとえば", "など"}),
    "th": frozenset({"เช่น", "ได้แก่"}),
}
"""Openers of a list of examples: what follows one only illustrates the words before it."""

INVERTED_CONDITIONS_BY_LANGUAGE: dict[str, frozenset[str]] = {
    "en": frozenset({"should", "were", "had", "provided", "providing"}),
    "de": frozenset({"sollte", "sollten"}),
}
"""Words that open a condition by word order alone: a verb before its subject (``Should the key be
unknown, ...``, ``Were it to ...``, ``Had the key been ...``, ``Sollte der Schlüssel ...``) or
``provided`` without ``that`` (``Provided the key is known, ...``, ``..., provided the key is
known``). Elsewhere they are a modal, an auxiliary or a participle (``the client should retry``,
``the value provided by``), so a cut reads one as a condition only before a subject
(`INVERTED_SUBJECTS_BY_LANGUAGE`), capitalized at a sentence's start with a comma closing its
clause, or right after a comma (English ``should`` and ``provided`` only: in German a verb after
a comma is as often a main clause's, ``Der Server, der ..., sollte es ablehnen``)."""

INVERTED_SUBJECTS_BY_LANGUAGE: dict[str, frozenset[str]] = {
    "en": frozenset({"the", "a", "an", "it", "they", "this", "that", "these", "those", "there", "any", "no"})
    | {"we", "you", "he", "she", "its", "their", "our", "your", "such", "one", "all", "both", "each", "either"},
    "de": frozenset({"der", "die", "das", "ein", "eine", "es", "er", "sie", "wir", "man", "dies", "diese"})
    | {"dieser", "dieses", "kein", "keine", "ihr", "du", "jemand"},
}
"""The words a subject opens with, after an `INVERTED_CONDITIONS_BY_LANGUAGE` word: articles,
pronouns, determiners."""

JA_CONDITIONAL_TO_AFTER = frozenset("うくすつぬふむゆるぐずぶぷいだ")
"""The kana a Japanese verb's dictionary form, an adjective or ``だ`` ends with: ``と`` after one
and before a comma is the と-conditional (``削除すると、``, ``削除されると、``, ``ないと、``), where
``と`` after a noun is "and" (``AとB``) and after a closing bracket quotes (``「はい」と、``)."""

NOT_WHEN_BEFORE_SHI = frozenset("同此这這那当當及有临臨暂暫随隨届屆平准準按实實适適定即小顿頓一延其零瞬两兩")
NOT_WHEN_BEFORE_SHI |= frozenset("二三四五六七八九十")
NOT_WHEN_BEFORE_SHI |= frozenset("过過超耗费費历歷计計守旧舊多少彼古儿兒常日何")
"""The characters before ``时``/``時`` that make a word of it and no "when": 同时 ("at the same
time"), 此时 ("at this point"), 有时 ("sometimes"), 及时 ("in time"), 实时 ("real-time"), 小时
("hour"), 超时 ("timeout"), 常時 ("always"), 日時 ("date and time"). After a verb or a noun
in Han characters, before a comma, ``时`` closes a clause of "when" (``用户登录时,``,
``起動時、``); Japanese kana before it are read by the condition list (``た時``, ``る時``)."""

JOINERS_BY_LANGUAGE: dict[str, frozenset[str]] = {
    "en": frozenset({"and", "and also"}),
    "fr": frozenset({"et"}),
    "pt": frozenset({"e"}),
    "de": frozenset({"und"}),
    "es": frozenset({"y", "e"}),
    "ru": frozenset({"и"}),
    "ko": frozenset({"그리고"}),
    # With "not only" of Chinese and Japanese, whose negation a cut does not read (`ADDITIVES_BY_LANGUAGE`
    # for the spaced languages); a quote that drops its 不 still changes the meaning ("only").
    "zh": frozenset({"并且", "並且", "而且", "同时", "同時", "不仅", "不僅", "不但", "不只", "不光"}),
    "ja": frozenset({"そして", "だけでなく", "だけではなく", "のみならず"}),
    "th": frozenset({"และ"}),
}
"""Joiners of independent clauses: after a comma (``, and``), what stands beyond one is a sentence
of its own, which leaving out limits nothing in the other."""

REASONS_BY_LANGUAGE: dict[str, frozenset[str]] = {
    # Not "since", as often "from the time" ("since version 2 only"), nor "as".
    # Not "given that" nor Portuguese "uma vez que": conditions first (`CONDITIONS_BY_LANGUAGE`).
    "en": frozenset({"because", "so that", "in order that"}),
    "fr": frozenset({"car", "parce que", "puisque", "afin que", "pour que", "vu que", "étant donné que"}),
    "pt": frozenset({"porque", "pois", "já que", "para que", "visto que"}),
    "de": frozenset({"weil", "da", "denn", "damit", "sodass", "so dass"}),
    "es": frozenset({"porque", "ya que", "puesto que", "para que", "pues"}),
    "ru": frozenset({"потому что", "так как", "поскольку", "чтобы", "ибо"}),
    "zh": frozenset({"因为", "因為", "由于", "由於", "以便", "为了", "為了", "既然"}),
    "th": frozenset({"เพราะ", "เนื่องจาก"}),
}
"""Conjunctions that open a clause saying why or what for (``because``, ``damit``, ``так как``,
``因为``): such a clause states something of its own, and its negations, modals and hedges govern
it, not the clause it is joined to. Japanese and Korean end such a clause instead
(`REASON_ENDINGS`); a clause of what follows opens with `RESULTS_BY_LANGUAGE`."""

EXPLAINING_BY_LANGUAGE: dict[str, frozenset[str]] = {
    "en": frozenset({"that is", "i e", "ie", "in other words", "namely"}),
    "fr": frozenset({"c'est à dire", "autrement dit", "à savoir"}),
    "pt": frozenset({"ou seja", "isto é", "quer dizer"}),
    "de": frozenset({"das heißt", "d h", "mit anderen worten", "nämlich"}),
    "es": frozenset({"es decir", "o sea", "a saber"}),
    "ru": frozenset({"то есть", "т е", "иными словами", "а именно"}),  # noqa: RUF001
    "zh": frozenset({"也就是说", "也就是說", "换句话说", "換句話說", "即"}),
    "ja": frozenset({"つまり", "すなわち", "言い換えれば"}),
    "ko": frozenset({"즉", "다시 말해"}),
    "th": frozenset({"กล่าวคือ", "นั่นคือ"}),
}
"""Markers that open a restatement of what comes before them (``that is,``, ``das heißt,``,
``也就是说``, ``즉``): after a colon or a semicolon, the clause before it governs the restatement
as it would the words after a colon (``we might assume that it works the same: that is, [...]``)."""

FORWARD_POINTERS_BY_LANGUAGE: dict[str, frozenset[str]] = {
    # Not "suivant", "siguiente", "folgende" alone, as often "next"; nor Chinese "以下", in Japanese
    # "or less" too.
    "en": frozenset({"as follows", "the following"}),
    "fr": frozenset({"comme suit", "ce qui suit"}),
    "pt": frozenset({"o seguinte", "a seguir"}),
    "de": frozenset({"wie folgt", "folgendes"}),
    "es": frozenset({"como sigue", "lo siguiente"}),
    "ru": frozenset({"следующее", "следующим образом"}),
    "zh": frozenset({"如下"}),
    "ja": frozenset({"次のように", "次のとおり", "次の通り", "以下のように", "以下のとおり", "以下の通り"}),
    "ko": frozenset({"다음과 같이", "다음과 같습니다", "다음과 같다"}),
    "th": frozenset({"ดังนี้", "ต่อไปนี้"}),
}
"""Words by which a clause says it speaks of what follows it (``as follows``, ``次のように``): before
a colon, a frame anywhere in that clause frames what comes after the colon (``The old manual wrongly
states the following:``), where one further back in a clause before a colon frames its own."""

REASON_ENDINGS: tuple[str, ...] = ("ので", "ため", "때문에", "므로", "니까")
"""The endings of a Japanese or Korean clause that says why (``ませんので``, ``않았기 때문에``),
as `REASONS_BY_LANGUAGE` opens one in the other languages."""

RESULTS_BY_LANGUAGE: dict[str, frozenset[str]] = {
    "en": frozenset({"then", "therefore", "thus", "hence", "so", "consequently", "accordingly", "as a result"})
    | {"for this reason", "it follows that", "in turn", "because of this", "as a consequence", "due to this"}
    | {"which is why"},
    "fr": frozenset({"alors", "donc", "ainsi", "par conséquent", "c'est pourquoi", "si bien que", "de sorte que"}),
    "pt": frozenset({"então", "portanto", "por isso", "assim", "consequentemente", "por conseguinte"})
    | {"de modo que"},
    "de": frozenset({"dann", "daher", "deshalb", "deswegen", "darum", "folglich", "somit", "also"}),
    "es": frozenset({"entonces", "por lo tanto", "por eso", "así que", "en consecuencia", "por consiguiente"})
    | {"de modo que"},
    "ru": frozenset({"поэтому", "следовательно", "тогда", "значит", "так что"}),
    "zh": frozenset({"所以", "因此", "于是", "那么", "因而", "於是", "那麼", "从而", "從而"}),
    "ja": frozenset({"したがって", "そのため", "だから", "なので", "それで"}),
    "th": frozenset({"ดังนั้น", "จึง"}),
}
"""Words that open a clause of what follows from the one before it (``therefore``, ``so``,
``dann``, ``所以``): after a comma, a clause of its own, as one `REASONS_BY_LANGUAGE` opens; after
a semicolon, the condition of the clause before still governs it. Adverbs of the clause they
open, unlike those conjunctions: before a quote they say nothing of what follows them."""

NEGATED_FRAME_VERBS_BY_LANGUAGE: dict[str, frozenset[str]] = {
    "en": frozenset({"mean", "means", "meant", "imply", "implies", "implied", "assume", "suppose", "follow"})
    | {"follows", "conclude", "say", "says", "claim", "claims", "guarantee", "guarantees", "entail", "entails"}
    | {"prove", "proves", "show", "shows", "think", "believe", "expect", "indicate", "indicates"}
    # Participles and adjectives: "It has not been shown that", "It is not guaranteed that".
    | {"shown", "proven", "proved", "guaranteed", "established", "assumed", "concluded", "certain", "clear"},
    "fr": frozenset({"signifie", "implique", "dire", "suppose", "supposer", "garantit", "prouve", "croire"})
    | {"penser", "conclure", "affirmer", "certain", "prouvé", "garanti", "sûr"},
    "pt": frozenset({"significa", "implica", "dizer", "garante", "prova", "supor", "concluir", "pensar"}),
    "de": frozenset({"heißt", "bedeutet", "impliziert", "garantiert", "folgt", "behaupten", "glauben"})
    | {"annehmen", "schließen", "bewiesen", "sicher", "klar"},
    "es": frozenset({"significa", "implica", "decir", "garantiza", "prueba", "suponer", "concluir", "pensar"})
    | {"creer"},
    "ru": frozenset({"значит", "означает", "следует", "гарантирует", "доказывает", "утверждать", "думать"})
    | {"считать", "предполагать"},
}
"""Verbs of meaning, showing and supposing: negated, they deny the clause they take (``does not
mean that``, ``should not assume that``, ``heißt nicht, dass``, ``не значит, что``)."""


class _PhraseTable:
    """The entries of one word class, every language's, as `opens` and `ends` find them in words."""

    def __init__(self, by_language: Mapping[str, frozenset[str]]) -> None:
        self.spaced = {
            language: frozenset(form for entry in entries for form in phrase_forms(entry, language))
            for language, entries in by_language.items()
            if language in _SPACED
        }
        self.any_spaced = frozenset().union(*self.spaced.values())
        self.lengths = sorted({len(phrase) for phrase in self.any_spaced})
        self.unspaced = tuple(entry for language in _INNER_SCRIPTS for entry in by_language.get(language, ()))
        self.longest = max(map(len, self.unspaced))

    def opens(self, lowered: Sequence[str], language: str | None) -> bool:
        if not lowered:
            return False
        if is_unspaced(lowered[0]):
            return "".join(lowered[: self.longest]).startswith(self.unspaced)
        phrases = self.any_spaced if language is None else self.spaced.get(language, frozenset())
        return any(_holds(phrases, tuple(lowered[:length])) for length in self.lengths)

    def ends(self, lowered: Sequence[str]) -> bool:
        if not lowered:
            return False
        if is_unspaced(lowered[-1]):
            return "".join(lowered[-self.longest :]).endswith(self.unspaced)
        return any(_holds(self.any_spaced, tuple(lowered[-length:])) for length in self.lengths)


def _holds(phrases: frozenset[tuple[str, ...]], words: tuple[str, ...]) -> bool:
    """Whether lowercased words are one of ``phrases``, their last word maybe elided (``parce qu'il``)."""
    return words in phrases or _elided(words) in phrases


def _elided(words: tuple[str, ...]) -> tuple[str, ...] | None:
    """Words with their last one cut to its elided head (``parce qu'``), or ``None`` when it has none."""
    head = _elided_head(words[-1]) if words else None
    return None if head is None else (*words[:-1], head)


def opens_reason(lowered: Sequence[str], language: str | None = None) -> bool:
    """Whether lowercased words start with a word of `REASONS_BY_LANGUAGE` (of ``language``'s, when told)."""
    return _REASONS.opens(lowered, language)


def opens_result(lowered: Sequence[str], language: str | None = None) -> bool:
    """Whether lowercased words start with a word of `RESULTS_BY_LANGUAGE` (of ``language``'s, when told)."""
    return _RESULTS.opens(lowered, language)


def ends_with_example_marker(lowered: Sequence[str]) -> bool:
    """Whether lowercased words end with a word of `EXAMPLES_BY_LANGUAGE` (``for example``, ``比如``)."""
    return _EXAMPLE_MARKERS.ends(lowered)


def is_explaining(lowered: Sequence[str]) -> bool:
    """Whether lowercased words are only a marker of `EXPLAINING_BY_LANGUAGE` (``that is``, ``즉``)."""
    return _holds(_EXPLAINING_WORDS, tuple(lowered)) or "".join(lowered) in _EXPLAINING_JOINED


def points_forward(lowered: Sequence[str]) -> bool:
    """Whether lowercased words say they speak of what follows (`FORWARD_POINTERS_BY_LANGUAGE`)."""
    spaced = f" {' '.join(lowered)} "
    return any(f" {pointer} " in spaced for pointer in _SPACED_POINTERS) or any(
        pointer in "".join(lowered) for pointer in _JOINED_POINTERS
    )


def ends_reason(lowered: Sequence[str]) -> bool:
    """Whether lowercased words end a Japanese or Korean clause that says why (`REASON_ENDINGS`)."""
    return "".join(lowered[-_LONGEST_REASON_ENDING:]).endswith(REASON_ENDINGS)


ADDITIVES_BY_LANGUAGE: dict[str, frozenset[str]] = {
    "en": frozenset({"not only"}),
    "fr": frozenset({"non seulement"}),
    "pt": frozenset({"não só", "não apenas", "não somente"}),
    "de": frozenset({"nicht nur"}),
    "es": frozenset({"no solo", "no sólo", "no solamente"}),
    "ru": frozenset({"не только"}),
}
"""``not only`` of the spaced languages (Chinese and Japanese ones are `JOINERS_BY_LANGUAGE`, read
inside the characters): it adds what follows to something, so its negation and its ``only`` limit nothing
(a cut after ``The server not only`` leaves out nothing the quote needs). Two words with a space
between: ``No, solo el cliente ...`` is a negation and a quantifier. The ``but also`` after it stays
a contrast: what it adds may be a cost (``more helpful but also more harmful``)."""

SCOPE_OPENERS_BY_LANGUAGE: dict[str, frozenset[str]] = {
    "en": frozenset({"in", "for", "among", "across", "within", "under", "during", "on", "at", "with", "without"})
    | {"after", "before", "upon", "throughout", "outside", "inside", "per", "amongst", "of", "over"},
    "fr": frozenset({"pour", "dans", "chez", "parmi", "sous", "pendant", "en", "avec", "sans", "après", "avant"})
    | {"sur", "au", "aux", "à", "lors", "dès"},
    "pt": frozenset({"para", "em", "no", "na", "nos", "nas", "entre", "sob", "durante", "com", "sem", "após"})
    | {"antes", "nesse", "nessa", "neste", "nesta", "dentro", "fora"},
    "de": frozenset({"für", "bei", "in", "im", "unter", "während", "mit", "ohne", "nach", "vor", "innerhalb"})
    | {"außerhalb", "ausserhalb", "auf", "am", "beim"},
    "es": frozenset({"para", "en", "entre", "bajo", "durante", "con", "sin", "tras", "después", "antes", "dentro"}),
    "ru": frozenset({"для", "в", "во", "среди", "при", "у", "с", "без", "после", "до", "на", "внутри"}),  # noqa: RUF001
    "ko": frozenset({"에서는", "에서", "의 경우", "에 대해서는", "에 대해", "에게는", "에서도"}),
    "zh": frozenset({"对于", "對於", "在", "对", "對", "关于", "關於"}),
    "ja": frozenset({"では", "については", "においては", "に対しては", "にとっては", "において", "以降"}),
    "th": frozenset({"สำหรับ", "ใน", "ภายใน", "ระหว่าง", "บน"}),
}
"""What opens a phrase set before its clause that says whom, where or when the clause holds for
(``For public clients,``, ``In embryonal tumors,``, ``Across HGGs,``): a preposition in a spaced
language; in Chinese and Thai the word that opens it (``对于``); in Japanese and Korean the
particle that ends it (``では``, ``에서는``). Left out before a quote, such a phrase makes its claim
general (`citecheck.matcher._tiers._cuts`). A word whose index key is another spelling is listed
in both (``außerhalb``, ``ausserhalb``): the cut rules compare the index's keys with these."""

SELF_REFERENCES_BY_LANGUAGE: dict[str, frozenset[str]] = {
    "en": frozenset({"document", "specification", "section", "chapter", "example", "examples", "paper", "letter"})
    | {"figure", "table", "appendix", "discussion", "article", "book", "guide", "page", "listing", "rfc", "memo"}
    | {"reason", "reasons", "simplicity", "clarity", "brevity", "convenience", "completeness", "robustness"}
    | {"instance", "total", "turn", "summary", "conclusion", "meantime", "way", "contrast", "terms", "addition"}
    | {"details", "detailed", "information", "background", "more", "consistency", "order", "sake", "readability"}
    | {"purpose", "purposes", "terminology", "reality", "essence", "minimum", "list", "declaration", "foundation"}
    # Who is thanked, or why it is said: "(with thanks to ...)", "(for reproducibility)". Not how
    # the text is set, a colour or a side, which may restrict ("(for bold fonts)", "For red wines,").
    | {"thanks", "reproducibility"}
    # A numbered part of the text: "In Fig. 2 we show", "In Theorem 1 we prove", "In Exercise 1 you".
    | {"fig", "figs", "theorem", "lemma", "corollary", "proposition", "exercise", "equation", "eq", "step"},
    "fr": frozenset({"document", "chapitre", "section", "exemple", "exemples", "listing", "figure", "tableau"})
    | {"annexe", "raison", "raisons", "simplicité", "résumé", "outre", "remerciements"},
    "pt": frozenset({"documento", "capítulo", "seção", "secção", "exemplo", "exemplos", "listagem", "figura"})
    | {"tabela", "razão", "simplicidade", "resumo", "agradecimentos", "conveniência", "código", "solução"}
    | {"abaixo", "acima"},  # "No objeto abaixo," ("in the object below"): the text's own
    "de": frozenset({"dokument", "kapitel", "abschnitt", "beispiel", "beispielen", "listing", "abbildung"})
    | {"tabelle", "anhang", "grund", "einfachheit", "zusammenfassung", "dank"},
    "es": frozenset({"documento", "capítulo", "sección", "ejemplo", "ejemplos", "listado", "figura", "tabla"})
    | {"razón", "simplicidad", "resumen"},
    "ru": frozenset({"документе", "главе", "разделе", "примере", "примерах", "листинге", "рисунке", "таблице"})
    | {"приложении", "итоге", "целом", "части"},
    "ko": frozenset({"장", "예제", "절", "섹션", "문서", "예시", "목록"}),
    "zh": frozenset(
        {"章", "节", "節", "例", "文档", "文檔", "示例", "本文", "清单", "清單", "这里", "這裡", "此处", "此處"}
    ),
    "ja": frozenset({"章", "例", "節", "ドキュメント", "セクション", "リスト", "本書", "内部"}),
    "th": frozenset({"บท", "ตัวอย่าง", "ส่วน", "เอกสาร"}),
}
"""Words that make a scope phrase (`SCOPE_OPENERS_BY_LANGUAGE`) point at the text itself or say
why or how it is put (``In this chapter,``, ``In the example above,``, ``For simplicity,``,
``In total,``): such a phrase limits no claim of the sentence."""

# -- German clauses ------------------------------------------------------------------------------
# The words the German rule of a trail reads (`citecheck.matcher._tiers._cuts`): German puts a
# negation or a quantifier at the end of its main clause, after the objects a quote may stop
# before, and sets off every clause of its own with a comma, but for these.

GERMAN_CLAUSE_END_WORDS = (
    frozenset({"nicht", "nie", "niemals", "keineswegs", "keinesfalls"})
    | {"nur", "lediglich", "ausschließlich", "höchstens", "mindestens"}
    | {word for word in HEDGES_BY_LANGUAGE["de"] if " " not in word}
) - {"etwa", "ungefähr", "fast", "früher", "optional"}
GERMAN_CLAUSE_END_WORDS |= {word.replace("ß", "ss") for word in GERMAN_CLAUSE_END_WORDS}  # as the index keys them
"""The negations and adverbs that limit a German clause's verb from its end: not a noun's negation
(``statt nichts``, "instead of nothing"; ``kein Token``) nor a determiner (``einige``, ``die
meisten``), nor ``teils``, as often a noun's genitive (``des deutschen Teils``); not ``etwa``,
``ungefähr``, ``fast`` (of a number, or "for instance"), ``früher`` (as often "earlier"),
``optional``, English too. One word each, with ``ß`` also as ``ss``."""

GERMAN_JOINS = frozenset({"und", "oder", "aber", "sondern", "denn", "doch", "jedoch", "sowie", "bzw"})
"""The coordinators that join a German clause of its own without a comma (``und der Client ...``), or two nouns."""

GERMAN_CLAUSE_OPENERS = frozenset({"ob", "dass", "daß"})
"""Words that open a clause German may write without a comma before it."""

GERMAN_INFINITIVE_OPENERS = frozenset({"um", "ohne", "statt", "anstatt"})
"""Words that open an infinitive clause with a ``zu`` later (``um ... zu``; not ``um Mitternacht``)."""

GERMAN_COMPARING = frozenset({"wie", "als"})
"""The words of a comparison, whose negation is its own (``wie nie zuvor``, ``als nicht blockierend``)."""

GERMAN_SUBORDINATORS = frozenset({"dass", "daß", "ob", "wenn", "weil", "da", "falls", "sofern", "soweit"})
GERMAN_SUBORDINATORS |= {"obwohl", "damit", "nachdem", "bevor", "bis", "während", "sobald", "solange", "indem"}
"""The words that open a German clause whose verb comes last."""

GERMAN_DETERMINERS = frozenset(
    {"der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer", "eines", "dieser"}
    | {"diese", "dieses", "diesem", "diesen", "jeder", "jede", "jedes", "jedem", "jeden", "alle", "allen"}
    | {"aller", "sein", "seine", "seinem", "seinen", "seiner", "ihr", "ihre", "ihrem", "ihren", "ihrer"}
    | {"dein", "deine", "deinem", "deinen", "deiner", "unser", "unsere", "unserem", "unseren", "unserer"}
    | {"mein", "meine", "meinem", "meinen", "meiner", "euer", "eure", "eurem", "euren", "eurer", "dessen"}
)
"""A German noun phrase's words before its noun (which has a capital): articles, demonstratives, possessives."""

GERMAN_NOUN_PHRASE_WORDS = GERMAN_DETERMINERS | {"aus", "von", "vom", "zu", "zum", "zur", "mit", "bei", "beim"}
GERMAN_NOUN_PHRASE_WORDS |= {"für", "im", "in", "an", "am", "auf", "nach", "vor", "über", "unter", "durch"}
"""`GERMAN_DETERMINERS` and the prepositions that take one."""

GERMAN_ADJECTIVE_ENDINGS = ("e", "en", "er", "es", "em")
"""The endings of a German adjective inflected before its noun."""

CUT_CLASSES: dict[str, dict[str, frozenset[str]]] = {
    "condition": CONDITIONS_BY_LANGUAGE,
    "exception": EXCEPTIONS_BY_LANGUAGE,
    "quantifier": QUANTIFIERS_BY_LANGUAGE,
    "hedge": HEDGES_BY_LANGUAGE,
    "contrast": CONTRASTS_BY_LANGUAGE,
    "distancing": DISTANCING_BY_LANGUAGE,
    "denial": DENIALS_BY_LANGUAGE,
    "discourse": DISCOURSE_BY_LANGUAGE,
    "examples": EXAMPLES_BY_LANGUAGE,
    "joiner": JOINERS_BY_LANGUAGE,
}
"""Every class of word that says what a cut leaves out, by name, each with its list per language.
The classes that limit a quote come first: a phrase in two lists is read as the first."""

FUNCTION_WORDS_BY_LANGUAGE: dict[str, frozenset[str]] = {
    "en": frozenset({"the", "of", "and", "to", "is", "are", "that", "this", "with", "for", "it", "be", "by"})
    | {"on", "an", "or", "which", "from", "was", "were", "has", "have", "its", "their", "they", "we", "you"},
    "fr": frozenset({"le", "la", "les", "des", "du", "est", "et", "une", "un", "que", "qui", "dans", "pour"})
    | {"sur", "pas", "au", "aux", "ce", "cette", "sont", "avec", "en", "de", "il", "elle", "nous", "vous"},
    "pt": frozenset({"o", "os", "as", "da", "do", "das", "dos", "é", "e", "um", "uma", "que", "em", "no", "na"})
    | {"nos", "nas", "para", "com", "não", "são", "ao", "pelo", "pela", "de", "isso", "este", "esta", "você"},
    "es": frozenset({"el", "la", "los", "las", "del", "es", "y", "un", "una", "que", "en", "por", "para", "con"})
    | {"no", "se", "al", "lo", "su", "son", "de", "esto", "este", "esta", "está", "usted"},
    "de": frozenset({"der", "die", "das", "und", "ist", "ein", "eine", "nicht", "mit", "von", "zu", "den"})
    | {"dem", "des", "auf", "für", "sich", "im", "es", "wir", "sie", "wird", "sind", "einen", "einem"},
    "ru": frozenset({"и", "в", "не", "на", "что", "с", "по", "это", "как", "к", "для", "из", "от", "мы"})  # noqa: RUF001
    | {"вы", "он", "она", "они", "его", "при", "или", "же", "так"},  # noqa: RUF001
}
"""The commonest words of each spaced language (articles, prepositions, pronouns, copulas): what
tells which language a text is in, so that a word of another language's list (French ``mais``,
"but") is not read in it (Portuguese ``mais``, "more")."""

SPACED_LANGUAGES = ("en", "fr", "pt", "de", "es", "ru")
"""The languages written with spaces between words that `spaced_language` tells apart."""
_SPACED = SPACED_LANGUAGES
_INNER_SCRIPTS = ("ko", "zh", "ja", "th")
_DECIDING = 3  # function words: fewer, and a text's language is not told
_MARGIN = 2  # times: the language told has this many more function words than any other


def spaced_language(words: Sequence[str]) -> str | None:
    """The spaced language (``en``, ``fr``, ``pt``, ``de``, ``es``, ``ru``) lowercased words are in, or ``None``.

    Told by the commonest words of each language (`FUNCTION_WORDS_BY_LANGUAGE`), only when one
    language has clearly more of them than any other (`told_language`), or else by those only its
    list has, where no other language has any (`told_by_own_words`): a short or mixed text is in none.
    """
    # Counted in C (`map`, `filter`, `Counter`): a cut asks this of some sixty words around it.
    languages = list(filter(None, map(_LANGUAGES_OF_FUNCTION_WORD.get, words)))
    told = told_language(Counter(chain.from_iterable(languages)))
    return told or told_by_own_words(Counter(one for (one,) in filter(_single, languages)))


def _single(languages: tuple[str, ...]) -> bool:
    return len(languages) == 1


def likeliest_language(words: Sequence[str]) -> str | None:
    """The spaced language whose commonest words lowercased words hold more of than any other's, or ``None``.

    A weaker reading than `spaced_language`, which asks for a clear margin: enough to choose a word
    list for a few words (``Key rotation is a con``: English).
    """
    ranked = Counter(chain.from_iterable(filter(None, map(_LANGUAGES_OF_FUNCTION_WORD.get, words)))).most_common(2)
    if not ranked or (len(ranked) > 1 and ranked[0][1] == ranked[1][1]):
        return None
    return ranked[0][0]


def told_language(counts: Mapping[str, int]) -> str | None:
    """The language that counts of function words tell (`spaced_language`), or ``None``.

    Args:
        counts: How many words of each language's `FUNCTION_WORDS_BY_LANGUAGE` a text holds (a
            word of several languages' lists counts for each); a language may be missing or zero.
    """
    best = max(counts, key=counts.__getitem__, default=None)
    if best is None:
        return None
    most = counts[best]
    next_most = max((count for language, count in counts.items() if language != best), default=0)
    # A language told has clearly the most, so it is the only one with that count: no tie to break.
    return best if most >= _DECIDING and most >= _MARGIN * next_most else None


def told_by_own_words(own: Mapping[str, int]) -> str | None:
    """The language told by the function words only its list has, when `told_language` tells none.

    Only where no other language has one of its own: French and Spanish share ``la``, ``de``,
    ``que``, so a short French text tells its language by ``le``, ``est``, ``et``; but Portuguese
    ``o``, ``dos``, ``da`` are Spanish words too, and a Spanish ``al`` beside them tells nothing.
    """
    present = [language for language, count in own.items() if count]
    if len(present) != 1:
        return None
    return present[0] if own[present[0]] >= _DECIDING else None


def unread_language(text: str, told: Callable[[], str | None]) -> str | None:
    """What in ``text`` says it is in a language no list here is written for (a letter, a word), or ``None``.

    A letter of none of the languages the lists are written for: the spaced ones (`SPACED_LANGUAGES`:
    the Latin alphabet with French, German, Portuguese and Spanish accents, Russian's Cyrillic),
    Chinese, Japanese, Korean and Thai. Another script's (Greek, Arabic, Hebrew, Devanagari,
    Georgian, Khmer...) or another alphabet's (Turkish ``ş``, Polish ``ł``, Vietnamese ``ơ``,
    Italian ``ì``, Ukrainian ``ї``: `citecheck.matcher._tokens.unread_letter`) in a word that is no
    name (capitalized: ``Łódź`` in an English sentence); where function words tell a language all
    the same (``told``, asked only then: Polish ``na``, ``do`` are Portuguese's too), in as many
    words as that language's function words, two at least (not the loanwords of an English text:
    ``złoty``, ``whānau``). Or two of Italian's own function words (``della``, ``che``), whose
    letters are French's.
    """
    if not text.isascii():  # most text is ASCII: then only Italian's words are looked for, in C
        words = list(WORD.finditer(text))
        # Not a capitalized word: a name (Łódź, Erdoğan) of another language in a text of one of these.
        marked = [
            letter
            for word in words
            if not word.group()[:1].isupper() and (letter := unread_letter(word.group())) is not None
        ]
        if marked:  # a text with such words of its own: its sentences' first words count too (Eğer, Jeśli)
            marked += [
                letter
                for word in words
                if word.group()[:1].isupper()
                and _SENTENCE_START.search(text, max(0, word.start() - 8), word.start())
                and (letter := unread_letter(word.group())) is not None
            ]
        if marked:
            language = told()
            # Where a language is told, its own function words outnumber another's words in its text:
            # those of three letters at least (Polish and Turkish "na", "do", "da", "o" are Portuguese's).
            own = 0
            if language is not None:
                own = sum(len(w) > 2 and language in function_word_languages(w) for w in text.lower().split())
            if language is None or len(marked) >= max(2, own):
                return repr(marked[0])
    # Split at spaces, in C: a word a comma follows is missed, and a text of Italian has many others.
    italian = _ITALIAN_WORDS.intersection(text.lower().split())
    return repr(min(italian)) if len(italian) >= 2 else None


def may_be_unread(text: str) -> bool:
    """Whether `unread_language` may find anything in some part of ``text``; ``False`` rules out every part.

    A text of ASCII without a word of `_ITALIAN_WORDS` anywhere (most English text): read once for
    a document, it spares reading each cut's words again.
    """
    return not text.isascii() or _ITALIAN_ANYWHERE.search(text) is not None


# What stands before a sentence's first word: the text's start, or a stop and a space (read up to the word).
_SENTENCE_START = re.compile(r"(?:^|[.!?:;]\s+)\Z")
# Function words of Italian that none of `SPACED_LANGUAGES` writes (not "deve" nor "quando", which
# Portuguese writes, nor "viene" or "alle", Spanish's and German's).
_ITALIAN_WORDS = frozenset(
    {"della", "delle", "dello", "degli", "gli", "che", "sono", "questo", "questa", "nel", "nella", "nelle", "alla"}
    | {"dalla", "può", "più", "anche", "essere", "ogni", "qualsiasi", "senza"}
)


# Any of them between characters that are no ASCII letter or digit, in any case: wherever a part's
# words split at spaces hold one (a window may start right after a "_").
_ITALIAN_ANYWHERE = re.compile(
    r"(?<![A-Za-z0-9])(?:" + "|".join(sorted(w for w in _ITALIAN_WORDS if w.isascii())) + r")(?![A-Za-z0-9])",
    re.IGNORECASE,
)


def function_word_languages(word: str) -> tuple[str, ...]:
    """The spaced languages whose `FUNCTION_WORDS_BY_LANGUAGE` hold a lowercased word (none: ``()``)."""
    return _LANGUAGES_OF_FUNCTION_WORD.get(word, ())


_LANGUAGES_OF_FUNCTION_WORD: dict[str, tuple[str, ...]] = {}
for _told, _common in FUNCTION_WORDS_BY_LANGUAGE.items():
    for _function_word in _common:
        _LANGUAGES_OF_FUNCTION_WORD[_function_word] = (*_LANGUAGES_OF_FUNCTION_WORD.get(_function_word, ()), _told)


def phrase_words(entry: str) -> tuple[str, ...]:
    """The words of a spaced language's `CUT_CLASSES` entry, as the index splits a text.

    A hyphen separates words (``peut-être``), an apostrophe between letters does not (``d'après``,
    ``c'est``), as in the index (`citecheck.matcher._tokens.WORD`).
    """
    return tuple(entry.replace("-", " ").split())


# French elides the last vowel of these words before a vowel and writes the two as one word of
# the index ("lorsqu'il", "parce qu'une", "s'il"): an entry that ends with one also matches its
# elided form, a head up to the apostrophe ("qu'") that `_elided_head` reads off the text's word,
# or for "si" ("if") the whole word, since "s'" also starts "s'applique" (the pronoun "se").
_ELISIONS = {
    "que": ("qu'",),
    "lorsque": ("lorsqu'",),
    "puisque": ("puisqu'",),
    "quoique": ("quoiqu'",),
    "si": ("s'il", "s'ils"),
}


def _elided_head(word: str) -> str | None:
    """The head of a word an elided one starts (``qu'`` of ``qu'il``), or ``None`` for a word without one."""
    apostrophe = word.find("'")
    return word[: apostrophe + 1] if apostrophe > 0 else None


def _written_forms(entry: str, language: str) -> tuple[tuple[str, ...], ...]:
    """The words of an entry (`phrase_words`), then those of its French elided forms (``parce qu'``)."""
    words = phrase_words(entry)
    if language != "fr" or words[-1] not in _ELISIONS:
        return (words,)
    return (words, *((*words[:-1], elided) for elided in _ELISIONS[words[-1]]))


_ACCENTED_LANGUAGES = ("fr", "pt", "de", "es")


def phrase_forms(entry: str, language: str) -> tuple[tuple[str, ...], ...]:
    """The forms of an entry (`_written_forms`), then, in a language of accented Latin letters, without their accents.

    A text typed on a keyboard without them writes ``As vezes`` for ``Às vezes``, ``peut-etre``
    for ``peut-être``: the same phrase to its reader. Read in the text's language where it is told
    (`cut_marks`); where it is not, only a form that is no other entry as written, as an accent may
    be all that tells two words apart (Spanish ``más``, "more", and Portuguese ``mas``, "but").
    """
    written = _written_forms(entry, language)
    if language not in _ACCENTED_LANGUAGES:
        return written
    bare = (form for words in written if (form := tuple(map(without_accents, words))) != words)
    return (*written, *bare)


# Spaced phrases, as tuples of words: the first class (in `CUT_CLASSES` order) a phrase is in wins.
_PHRASES: dict[tuple[str, ...], str] = {}
# The same, for a text whose language is told: language -> phrase -> its first class in that language.
_PHRASES_IN: dict[str, dict[tuple[str, ...], str]] = {}
# Entries found inside the text (Chinese, Japanese, Thai, Korean), and Korean word endings.
_INNER: dict[str, str] = {}
_KOREAN_ENDINGS: dict[str, str] = {}
for _class, _by_language in CUT_CLASSES.items():
    for _language, _entries in _by_language.items():
        for _entry in _entries:
            if _language in _SPACED:
                for _form in _written_forms(_entry, _language):
                    _PHRASES.setdefault(_form, _class)
                for _form in phrase_forms(_entry, _language):
                    _PHRASES_IN.setdefault(_language, {}).setdefault(_form, _class)
            elif _entry.startswith("-"):
                _KOREAN_ENDINGS.setdefault(_entry[1:], _class)
            else:
                _INNER.setdefault(_entry, _class)
# Where no language is told, an entry without its accents too ("peut etre" in a short French text
# whose words French and Spanish share), unless that form is another entry as written ("mas", "but"
# in Portuguese, is not Spanish "más", "more").
_WRITTEN = frozenset(_PHRASES)
for _class, _by_language in CUT_CLASSES.items():
    for _language in _SPACED:
        for _entry in _by_language[_language]:
            for _form in phrase_forms(_entry, _language):
                # Not "a part" of "à part": a short word without its accent is another language's.
                if _form not in _WRITTEN and min(map(len, _form)) >= 3:
                    _PHRASES.setdefault(_form, _class)
# "-지만" ("but") before "-만" ("only"): the longest ending a word has is its own.
_KOREAN_ENDINGS_LONGEST_FIRST = sorted(_KOREAN_ENDINGS, key=len, reverse=True)
# The lengths of the phrases each word starts, longest first.
_PHRASE_LENGTHS: dict[str, tuple[int, ...]] = {}
for _phrase in {*_PHRASES, *(_form for _in_language in _PHRASES_IN.values() for _form in _in_language)}:
    _PHRASE_LENGTHS[_phrase[0]] = (*_PHRASE_LENGTHS.get(_phrase[0], ()), len(_phrase))
_PHRASE_LENGTHS = {first: tuple(sorted(set(lengths), reverse=True)) for first, lengths in _PHRASE_LENGTHS.items()}
_REASONS = _PhraseTable(REASONS_BY_LANGUAGE)
_RESULTS = _PhraseTable(RESULTS_BY_LANGUAGE)
_EXAMPLE_MARKERS = _PhraseTable(EXAMPLES_BY_LANGUAGE)


def _spaced_forms(by_language: Mapping[str, frozenset[str]]) -> frozenset[tuple[str, ...]]:
    """Every form (`phrase_forms`) of the entries of the spaced languages of a word list."""
    return frozenset(
        form for language in _SPACED for entry in by_language[language] for form in phrase_forms(entry, language)
    )


# Spaced languages' markers as words, every language's (Korean too) as characters without spaces.
# Thai, Chinese and Japanese write their words together, as the index's keys of Korean may
# ("다음과같이"): those are looked for in the words joined.
_JOINED_POINTERS = tuple(
    entry.replace(" ", "") for language in ("zh", "ja", "ko", "th") for entry in FORWARD_POINTERS_BY_LANGUAGE[language]
)
_SPACED_POINTERS = tuple(entry for language in SPACED_LANGUAGES for entry in FORWARD_POINTERS_BY_LANGUAGE[language])
_EXPLAINING_WORDS = _spaced_forms(EXPLAINING_BY_LANGUAGE)
_EXPLAINING_JOINED = frozenset(
    entry.replace(" ", "") for entries in EXPLAINING_BY_LANGUAGE.values() for entry in entries
)
_DENYING_HEADING_WORDS = _spaced_forms(DENYING_HEADINGS_BY_LANGUAGE)
_DENYING_HEADING_SIZES = sorted({len(form) for form in _DENYING_HEADING_WORDS})
_DENYING_HEADING_CHARACTERS = tuple(
    entry for language in ("zh", "ja", "ko", "th") for entry in DENYING_HEADINGS_BY_LANGUAGE[language]
)
_LONGEST_REASON_ENDING = max(map(len, REASON_ENDINGS))  # in characters, each a word of Japanese
# Entries that are an entry only in some context, as the regular expression that finds them, each
# with its literal first (a lookbehind before it would stop `re` from scanning for the literals):
# Japanese "もし" ("if") is the も and し of a verb in "通りもしません" ("does not even pass"), and
# "or" in "もしくは"; Chinese "除" ("except") opens "除管理员外" up to its "外", and any entry of 除 is
# the second character of a verb in "删除", "清除", "拆除", "移除" ("delete", "clear", "remove"),
# as in "删除了", "删除外部", and in Japanese "取り除く" ("remove"); "除以" is "divided by". Thai
# "แต่" ("but") opens "แต่ละ" ("each").
_REMOVING = "删刪清排移去解免扣剔切削消拆废廢根り"  # not 开 ("打开除了", "公开除了": "open", "public")
_PATTERNS = {
    "もし": "もし(?!く|ま[せすし]|な[いかくけっ]|て)",
    # Japanese "while" before は or に, or ending the words (its comma is no word): not "間隔"
    # ("interval"), "間違い" ("mistake"), nor "している間のテスト" ("tests during ..."), a noun's.
    "る間": "る間(?=[はに]|$)",
    "た間": "た間(?=[はに]|$)",
    "แต่": "แต่(?!ละ)",
    "除": f"除(?<![{_REMOVING}]除)(?!以)(?=.{{1,12}}?外)",
    **{
        entry: f"除(?<![{_REMOVING}]除){re.escape(entry[1:])}"
        for entry in _INNER
        if entry.startswith("除") and len(entry) > 1
    },
    # Japanese "excluding" ending the words, before a bracket's close or a mark, which are no words
    # ("(Windowsを除く)", "バイトリテラルを除く[数値リテラルは...]"): not the verb "remove"
    # ("重複を除くために", "フィルタを除くことで").
    "除く": f"除(?<![{_REMOVING}]除)く$",
}
_INNER_PATTERN = lazy_compile(
    "|".join(_PATTERNS.get(entry, re.escape(entry)) for entry in sorted(_INNER, key=len, reverse=True))
)
LONGEST_UNSPACED_ENTRY = max(map(len, (*_INNER, *_UNSPACED_NEGATIONS, *_UNSPACED_MODALS)))
"""The most characters a word of the lists read inside Chinese, Japanese or Thai text has."""


NEGATING_NOTHING = frozenset({"contrast", "discourse", "examples"})
"""The `CUT_CLASSES` whose phrases of several words hold a negation that negates nothing: ``no
obstante`` (however), ``тем не менее``, ``including but not limited to``."""
# Their negating words: where one stands in left-out words, `inverts` reads those phrases first.
_HOWEVER_NEGATIONS = frozenset(
    word
    for name in NEGATING_NOTHING
    for entries in CUT_CLASSES[name].values()
    for entry in entries
    if " " in entry
    for word in entry.split()
    if word in PLAIN_NEGATIONS or word in NEGATIONS or word in WITHOUT or foreign_negation(word)
)


def cut_marks(words: Sequence[str], language: str | None = None) -> list[tuple[int, int, str]]:
    """Where the words of a cut hold a word of a `CUT_CLASSES` class: (first word, words, class).

    Spaced languages' phrases are matched whole, longest first; Chinese, Japanese, Thai and Korean
    entries inside the words (one character is one word of Chinese), Korean endings at a word's end.
    Negations and modals are not marked here: `NEGATIONS_BY_LANGUAGE` and `MODALS_BY_LANGUAGE` hold them.

    Args:
        words: The words of the cut.
        language: The spaced language the text around them is in (`spaced_language`), when it is
            told: only that language's phrases are read (Portuguese ``mais`` is "more", not French
            "but"). ``None``: every language's.
    """
    if not words:
        return []
    joined_words = "\0".join(words)  # no word holds a NUL
    ascii_words = joined_words.isascii()
    # An ASCII cut is lowercased at once, in C (and has no curly apostrophe).
    lowered = joined_words.lower().split("\0") if ascii_words else [w.lower().replace("\u2019", "'") for w in words]
    marks: list[tuple[int, int, str]] = []
    size = len(lowered)
    at = 0
    phrases = _PHRASES if language is None else _PHRASES_IN.get(language, {})
    # "lorsqu'il": a French entry may end in its head.
    elided = language in (None, "fr") and ("'" in joined_words or "\u2019" in joined_words)
    while at < size:
        lengths = _PHRASE_LENGTHS.get(lowered[at])
        if lengths is None and elided and (head := _elided_head(lowered[at])) is not None:
            lengths = _PHRASE_LENGTHS.get(head)
        if lengths is None:
            at += 1
            continue
        # Longest first, as long as fit: only the lengths of the phrases this word starts.
        for length in lengths:
            if length > size - at:
                continue
            phrase = tuple(lowered[at : at + length])
            found = phrases.get(phrase)
            if found is None and elided and (cut := _elided(phrase)) is not None:
                found = phrases.get(cut)
            if found is not None:
                marks.append((at, length, found))
                at += length
                break
        else:
            at += 1
    if not ascii_words and not all(w.isascii() for w in lowered):
        starts: list[int] = []
        joined = ""
        for word in lowered:
            starts.append(len(joined))
            joined += word
            if word[-1:] and "\uac00" <= word[-1] <= "\ud7a3":
                ending = next((e for e in _KOREAN_ENDINGS_LONGEST_FIRST if word.endswith(e)), None)
                if ending is not None:
                    marks.append((len(starts) - 1, 1, _KOREAN_ENDINGS[ending]))
        for match in _INNER_PATTERN.finditer(joined):
            first = bisect_right(starts, match.start()) - 1
            last = bisect_right(starts, match.end() - 1) - 1
            marks.append((first, last - first + 1, _INNER[match.group()]))
        marks.sort()
    return marks


# Chinese frames that stand before what they attribute ("据报道" and a comma): further on in a
# sentence, inside another clause, they frame that one ("服务器据报道会...").
_LEADING_FRAMES = frozenset({"据报道", "據報導", "据悉", "據悉"})
# The frames of `FRAMES_FOLLOW` languages as the text has them, spaces removed, longest first.
_FOLLOWING_FRAMES = tuple(
    sorted(
        {
            entry.lstrip("-").replace(" ", "")
            for by_language in (DISTANCING_BY_LANGUAGE, DENIALS_BY_LANGUAGE)
            for language in FRAMES_FOLLOW
            for entry in by_language[language]
            if entry not in _LEADING_FRAMES
        },
        key=len,
        reverse=True,
    )
)


def frame_follows(text: str) -> bool:
    """Whether lowercased text (its words joined without spaces) starts with a frame that follows its clause.

    The distancing and negating frames of `FRAMES_FOLLOW` (``主張``, ``正しくありません``).
    """
    return text.startswith(_FOLLOWING_FRAMES)


_HEDGE_WORDS = frozenset(w for words in HEDGES_BY_LANGUAGE.values() for w in words if " " not in w)


def is_hedge(word: str) -> bool:
    """Whether a word is a hedge of a language the matcher knows (``often``, ``souvent``, ``oft``)."""
    return word.lower() in _HEDGE_WORDS
