# ruff: noqa: RUF001  # the quotes are in many scripts, with look-alike letters and full-width punctuation
"""Held-out evaluation of step 1, written from issue 23's kinds, not from the matcher.

Usage::

    python benchmarks/eval_heldout.py [--set rfc|shapes|languages|providers] [--show 2] [--seed 23]
        [--notebook anthropic-cookbook/misc/using_citations.ipynb]

Every case is made at run time from the fixture documents (``$CITECHECK_FIXTURES``, default
``../shared/fixtures``): sentences are picked programmatically from each parsed document, read as
a person reads them (soft line breaks joined, leftover Markdown markers dropped), then changed as
people and models change quotes. Nothing of the fixtures is stored here. Cases run only through
the public API (``citecheck.matcher.locate``, ``citecheck.match_citations``). Each case has an
expectation:

- ``clean``: a harmless quote (verbatim, typography, a neutral clause cut): found with no flag;
- ``review``: a harmless but unprovable difference: found and flagged, never missing;
- ``look_alike``: letters of another script inside a word: found, flagged, and the reason says
  the words look alike;
- ``harmful``: a cut or edit that can change the meaning: never found without a flag.

Per set it prints the three metrics of issue 23 (harmless called missing, clean flagged, harmful
accepted) and a table of every kind with its failures; ``--show N`` prints N failing examples of
each kind. The RFC set adds the page-break and the 1,000 RFC 7519 12-word spans checks. With
``--notebook`` (a checkout's copy of the cookbook notebook whose documents are ``providers/``), the
provider set adds every ``cited_text`` of its recorded responses, as sent, each a clean quote.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
import time
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import citecheck
from citecheck import parse_file
from citecheck.matcher import locate

FIXTURES = Path(os.environ.get("CITECHECK_FIXTURES", Path(__file__).resolve().parents[1] / "../shared/fixtures"))

SETS: dict[str, list[tuple[str, str]]] = {
    "rfc": [("en", "citation_check/rfc7519.txt"), ("en", "rfc/rfc3986.txt"), ("en", "rfc/rfc6749.txt")],
    "shapes": [
        ("en", "docs/apache-2.0.txt"),
        ("en", "docs/mpl-2.0.txt"),
        ("en", "docs/rust-book-ch03-02-data-types.md"),
        ("en", "docs/effective_go.html"),
        ("en", "docs/go1compat.html"),
        ("en", "docs/openpbta-results.md"),
    ],
    "languages": [
        ("de", "docs/de_rustbook_ch04-01.md"),
        ("de", "docs/de_rustbook_ch09-03.md"),
        ("fr", "docs/fr_rustbook_ch04-02.md"),
        ("ja", "docs/ja_rustbook_ch09-03.md"),
        ("ja", "docs/ja_vue_template-syntax.md"),
        ("ko", "docs/ko_rustbook_ch08-01.md"),
        ("pt", "docs/pt_rustbook_ch10-02.md"),
        ("ru", "docs/ru_rustbook_ch09-03.md"),
        ("th", "docs/th_react_state-and-lifecycle.md"),
        ("zh", "docs/zh_rustbook_ch04-01.md"),
    ],
    "providers": [
        ("en", "providers/anthropic-cookbook/loyalty_program.txt"),
        *[("en", f"providers/anthropic-cookbook/help_center_articles/{i}.txt") for i in range(10)],
        ("en", "providers/anthropic-cookbook/Constitutional AI.pdf"),
        ("en", "providers/anthropic-cookbook/Amazon-com-Inc-2023-Shareholder-Letter.pdf"),
        ("en", "providers/langchain/grass_sky.txt"),
        ("en", "providers/pydantic-ai/return_window.txt"),
        ("en", "providers/pydantic-ai/shipping_policy.txt"),
    ],
}

CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uff01-\uff60\u3000-\u303f"
_CJK_CHAR = re.compile(f"[{CJK}]")
_IDEO = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff"  # kana and ideographs (no Hangul: Korean has spaces)
# A sentence of a Latin or Cyrillic script ends at . ! ? before a space and a capital.
_LATIN_END = re.compile(r"(?<=[.!?])[\"”»)]?\s+(?=[\"“„«(]?[A-ZÀ-ÝА-Я])")
_CJK_END = re.compile(r"(?<=[。！？])")
_MIXED = re.compile(r"\b(?=\w*[a-zA-Z])(?=\w*[а-яА-ЯёЁ])\w+")  # a word of the source already mixing scripts

# --- the word classes, written for this evaluation (one list per class and language) ---

CONDITIONS = {
    "en": ["if", "unless", "when", "provided that", "only if", "except", "as long as", "whenever"],
    "de": ["wenn", "falls", "sofern", "außer", "es sei denn", "solange", "nur wenn"],
    "fr": ["si", "sauf", "à moins que", "lorsque", "quand", "tant que", "pourvu que"],
    "pt": ["se", "quando", "a menos que", "exceto", "desde que", "contanto que", "enquanto"],
    "ru": ["если", "когда", "кроме", "пока", "при условии"],
    "ja": ["場合", "なら", "たら", "限り", "とき", "時"],
    "zh": ["如果", "除非", "只要", "只有", "除了", "若", "时"],
    "ko": ["경우", "면", "만약", "때"],
    "th": ["ถ้า", "หาก", "เมื่อ", "เว้นแต่", "ยกเว้น"],
}
LIMITERS = {  # any of these in a left-out part makes a cut non-neutral
    "en": r"\b(if|unless|when|whenever|provided|only|except|not|no|never|none|nor|may|might|can|could|should|must|"
    r"often|usually|typically|generally|some|but|however|although|though|while|whereas|yet|at most|at least|"
    r"all|every|argue|claim|according|whether|rather|instead|without|cannot|n't)\b",
    "de": r"\b(wenn|falls|sofern|außer|solange|nur|nicht|kein\w*|nie|niemals|kann|könn\w*|muss|müss\w*|soll\w*|"
    r"darf|dürf\w*|oft|meist\w*|aber|jedoch|doch|obwohl|während|alle|einige|ob|sondern|ohne)\b",
    "fr": r"\b(si|sauf|lorsque|quand|tant|seul\w*|ne|n|pas|jamais|aucun\w*|peu\w*|doit|doivent|souvent|mais|"
    r"cependant|toutefois|bien que|tous|toutes|certains|sans)\b",
    "pt": r"\b(se|quando|exceto|desde|enquanto|apenas|somente|só|não|nunca|nenhum\w*|pode\w*|deve\w*|"
    r"frequentemente|mas|porém|contudo|embora|todos|todas|alguns|sem)\b",
    "ru": r"(если|когда|кроме|пока|только|не|нет|никогда|может|могут|должен|должны|часто|но|однако|хотя|все|"
    r"некоторые|без)",
    "ja": r"(場合|なら|たら|限り|とき|時|だけ|のみ|ない|ません|ず|可能|かもしれ|べき|が、|しかし|けれど|ただし|でも)",
    "zh": r"(如果|除非|只要|只有|除了|若|时|不|没|无|可能|可以|应该|必须|但|然而|不过|虽然|所有|一些|仅)",
    "ko": r"(경우|면|만약|때|만|않|없|못|수 있|해야|지만|그러나|하지만|모든|일부)",
    "th": r"(ถ้า|หาก|เมื่อ|เว้นแต่|ยกเว้น|ไม่|อาจ|ต้อง|แต่|เท่านั้น|ทั้งหมด)",
}
CONTRASTS = {
    "en": [", but ", ", however, ", "; however, ", ", although ", ", though ", ", whereas "],
    "de": [", aber ", ", doch ", ", jedoch ", ", obwohl ", ", sondern "],
    "fr": [", mais ", ", cependant ", ", bien que "],
    "pt": [", mas ", ", porém ", ", embora "],
    "ru": [", но ", ", однако ", ", хотя "],
    "ja": ["が、", "けれど", "けれども、"],
    "zh": ["，但", "，然而", "，不过"],
    "ko": ["지만 ", "지만, "],
    "th": [" แต่"],
}
DISCOURSE = {
    "en": ["For example, ", "For instance, ", "In practice, ", "In addition, ", "Also, ", "Finally, ", "First, "],
    "de": ["Zum Beispiel ", "In der Praxis ", "Außerdem ", "Schließlich "],
    "fr": ["Par exemple, ", "En pratique, ", "En outre, ", "Enfin, "],
    "pt": ["Por exemplo, ", "Na prática, ", "Além disso, ", "Finalmente, "],
    "ru": ["Например, ", "На практике ", "Кроме того, ", "Наконец, "],
    "ja": ["例えば、", "たとえば、", "実際には、", "さらに、"],
    "zh": ["例如，", "比如，", "此外，", "最后，"],
    "ko": ["예를 들어, ", "예를 들어 ", "또한, ", "마지막으로, "],
    "th": ["ตัวอย่างเช่น ", "นอกจากนี้ "],
}
# Frames put around a real sentence S (its section rewritten): harmful ones limit S, neutral ones not.
# "{s}" is S as it reads, "{l}" S with a lower-case first letter, "{b}" S without its final stop.
HARMFUL_FRAMES = {
    "condition_trailing": {
        "en": "{b}, unless the option is disabled.",
        "de": "{b}, es sei denn, die Option ist deaktiviert.",
        "fr": "{b}, sauf si l'option est désactivée.",
        "pt": "{b}, a menos que a opção esteja desativada.",
        "ru": "{b}, если опция включена.",
        "ja": "オプションが有効な場合、{s}",
        "zh": "如果启用了该选项，{s}",
        "ko": "옵션이 활성화된 경우, {s}",
        "th": "ถ้าเปิดใช้งานตัวเลือกนี้ {s}",
    },
    "condition_leading": {
        "en": "Only if the option is set, {l}",
        "de": "Nur wenn die Option gesetzt ist, gilt: {l}",
        "fr": "Seulement si l'option est activée, {l}",
        "pt": "Somente quando a opção está ativada, {l}",
        "ru": "Только если опция включена, {l}",
        "ja": "オプションが設定されている限り、{s}",
        "zh": "只有在设置了该选项时，{s}",
        "ko": "만약 옵션이 설정되어 있다면, {s}",
        "th": "เว้นแต่ตัวเลือกนี้ถูกปิด {s}",
    },
    "contrast_trailing": {
        "en": "{b}, but this rarely holds in practice.",
        "de": "{b}, aber das gilt in der Praxis selten.",
        "fr": "{b}, mais cela se vérifie rarement en pratique.",
        "pt": "{b}, mas isso raramente vale na prática.",
        "ru": "{b}, но на практике это редко так.",
        "ja": "{b}が、実際にはほとんど当てはまりません。",
        "zh": "{b}，但实际上很少成立。",
        "ko": "{b}만, 실제로는 거의 그렇지 않습니다.",
        "th": "{s} แต่ในทางปฏิบัติแทบไม่เป็นเช่นนั้น",
    },
    "distancing_leading": {
        "en": "Some argue that {l}",
        "de": "Manche behaupten, {l}",
        "fr": "Certains affirment que {l}",
        "pt": "Alguns argumentam que {l}",
        "ru": "Некоторые утверждают, что {l}",
        "ja": "{b}と主張する人もいます。",
        "zh": "有人认为，{s}",
        "ko": "{b}라고 주장하는 사람들도 있습니다.",
        "th": "บางคนแย้งว่า {s}",
    },
    "negation_leading": {
        "en": "It is not true that {l}",
        "de": "Es stimmt nicht, dass {l}",
        "fr": "Il n'est pas vrai que {l}",
        "pt": "Não é verdade que {l}",
        "ru": "Неверно, что {l}",
        "ja": "{b}というのは正しくありません。",
        "zh": "并不是说{s}",
        "ko": "{b}는 것은 사실이 아닙니다.",
        "th": "ไม่จริงที่ว่า {s}",
    },
    "hedge_leading": {
        "en": "Often, {l}",
        "de": "Möglicherweise gilt: {l}",
        "fr": "Peut-être que {l}",
        "pt": "Talvez {l}",
        "ru": "Возможно, {l}",
        "zh": "也许{s}",
        "th": "บางที {s}",
    },
}
NEUTRAL_FRAMES = {
    "marker_leading": {
        "en": "For example, {l}",
        "de": "Zum Beispiel: {s}",
        "fr": "Par exemple, {l}",
        "pt": "Por exemplo, {l}",
        "ru": "Например, {l}",
        "ja": "例えば、{s}",
        "zh": "例如，{s}",
        "ko": "예를 들어, {s}",
        "th": "ตัวอย่างเช่น {s}",
    },
    "and_clause_trailing": {
        "en": "{b}, and the details are given below.",
        "de": "{b}, und die Einzelheiten folgen unten.",
        "fr": "{b}, et les détails sont donnés ci-dessous.",
        "pt": "{b}, e os detalhes estão abaixo.",
        "ru": "{b}, и подробности приведены ниже.",
    },
    "semicolon_trailing": {
        "en": "{b}; the details are given below.",
        "de": "{b}; die Einzelheiten folgen unten.",
        "fr": "{b} ; les détails sont donnés ci-dessous.",
        "pt": "{b}; os detalhes estão abaixo.",
        "ru": "{b}; подробности приведены ниже.",
        "zh": "{b}；详情见下文。",
    },
    "reference_trailing": {
        "en": "{b} (see Section 4).",
        "de": "{b} (siehe Abschnitt 4).",
        "fr": "{b} (voir la section 4).",
        "pt": "{b} (veja a seção 4).",
        "ru": "{b} (см. раздел 4).",
    },
    "examples_trailing": {
        "en": "{b}, such as Alpha, Beta and Gamma.",
        "de": "{b}, zum Beispiel Alpha, Beta und Gamma.",
        "fr": "{b}, comme Alpha, Beta et Gamma.",
        "pt": "{b}, como Alpha, Beta e Gamma.",
        "ru": "{b}, например Alpha, Beta и Gamma.",
    },
}
OPPOSITES = {
    "en": [
        ("improves", "degrades"),
        ("show", "refute"),
        ("shows", "refutes"),
        ("increase", "decrease"),
        ("increases", "decreases"),
        ("first", "last"),
        ("before", "after"),
        ("always", "never"),
        ("minimum", "maximum"),
        ("accept", "reject"),
        ("allowed", "forbidden"),
        ("true", "false"),
        ("valid", "invalid"),
        ("success", "failure"),
        ("enable", "disable"),
        ("larger", "smaller"),
        ("more", "less"),
        ("higher", "lower"),
        ("easy", "hard"),
        ("safe", "unsafe"),
        ("same", "different"),
        ("required", "optional"),
        ("public", "private"),
        ("inside", "outside"),
        ("start", "end"),
    ],
    "de": [("immer", "nie"), ("mehr", "weniger"), ("größer", "kleiner"), ("gültig", "ungültig"), ("zuerst", "zuletzt")],
    "fr": [
        ("toujours", "jamais"),
        ("plus", "moins"),
        ("valide", "invalide"),
        ("avant", "après"),
        ("premier", "dernier"),
    ],
    "pt": [("sempre", "nunca"), ("mais", "menos"), ("antes", "depois"), ("primeiro", "último"), ("maior", "menor")],
    "ru": [("всегда", "никогда"), ("больше", "меньше"), ("до", "после"), ("первый", "последний")],
    "ja": [("大きい", "小さい"), ("多く", "少なく"), ("安全", "危険"), ("成功", "失敗"), ("前", "後")],
    "zh": [("更多", "更少"), ("大", "小"), ("成功", "失败"), ("之前", "之后"), ("有效", "无效")],
    "ko": [("큰", "작은"), ("많은", "적은"), ("성공", "실패"), ("앞", "뒤"), ("항상", "절대")],
    "th": [("มาก", "น้อย"), ("ก่อน", "หลัง")],
}
NEGATION_EDITS = {  # (pattern in the source, replacement in the quote): negation removed or added
    "en": [
        (r"\bdoes not ", "does "),
        (r"\bis not\b", "is"),
        (r"\bcannot\b", "can"),
        (r"\bnot ", ""),
        (r"\bn't\b", ""),
        (r"\bis\b", "is not"),
        (r"\bcan\b", "cannot"),
        (r"\bwill\b", "will not"),
    ],
    "de": [(r"\bnicht ", ""), (r"\bkein", "ein"), (r"\bist\b", "ist nicht")],
    "fr": [(r"\bne (\w+) pas\b", r"\1"), (r"\bn'(\w+) pas\b", r"\1"), (r"\best\b", "n'est pas")],
    "pt": [(r"\bnão ", ""), (r"\bé\b", "não é")],
    "ru": [(r"\bне ", ""), (r"\bнет\b", "есть")],
    "ja": [("ません", "ます"), ("ない", "る"), ("できます", "できません"), ("です", "ではありません")],
    "zh": [("不", ""), ("没有", "有"), ("可以", "不可以"), ("是", "不是")],
    "ko": [("없", "있"), ("않", ""), ("있습니다", "없습니다"), ("수 있", "수 없")],
    "th": [("ไม่", ""), ("ได้", "ไม่ได้")],
}
HEDGE_WORDS = {
    "en": ["often", "usually", "typically", "generally", "may", "might", "sometimes", "probably", "likely"],
    "de": ["oft", "meistens", "normalerweise", "vielleicht", "möglicherweise", "häufig"],
    "fr": ["souvent", "généralement", "peut-être", "parfois", "probablement"],
    "pt": ["frequentemente", "geralmente", "talvez", "normalmente", "provavelmente"],
    "ru": ["часто", "обычно", "возможно", "иногда", "вероятно"],
    "ja": ["通常", "たいてい", "しばしば", "おそらく"],
    "zh": ["通常", "往往", "可能", "也许"],
    "ko": ["보통", "대개", "아마", "종종"],
    "th": ["มัก", "อาจ"],
}
PARAPHRASES = {  # one word for another of the same meaning (a person's paraphrase or another spelling)
    "en": [
        ("shows", "demonstrates"),
        ("large", "big"),
        ("get", "obtain"),
        ("help", "assist"),
        ("begin", "start"),
        ("also", "additionally"),
        ("simple", "straightforward"),
        ("quickly", "rapidly"),
        ("important", "significant"),
    ],
    "ja": [("場合", "ケース"), ("使用", "利用"), ("必要", "要"), ("できます", "可能です"), ("例", "サンプル")],
    "zh": [("的", "之"), ("使用", "利用"), ("因为", "由于"), ("这个", "此"), ("可以", "能够")],
    "pt": [("usar", "utilizar"), ("também", "igualmente"), ("muito", "bastante"), ("exemplo", "caso")],
    "de": [("benutzen", "verwenden"), ("verwenden", "benutzen"), ("schnell", "rasch")],
    "fr": [("utiliser", "employer"), ("aussi", "également"), ("exemple", "cas")],
    "ru": [("использовать", "применять"), ("также", "тоже")],
    "ko": [("사용", "이용"), ("또한", "역시")],
}
BRITISH = [
    (r"ize\b", "ise"),
    (r"izes\b", "ises"),
    (r"ized\b", "ised"),
    (r"ization", "isation"),
    (r"\bbehavior", "behaviour"),
    (r"\bcolor", "colour"),
    (r"\bcenter", "centre"),
    (r"yze\b", "yse"),
    (r"\bfavor", "favour"),
    (r"\blicense\b", "licence"),
    (r"\bcatalog\b", "catalogue"),
    (r"\bdefense", "defence"),
]
CYR_FOR_LAT = {"e": "е", "o": "о", "a": "а", "p": "р", "c": "с", "x": "х", "y": "у"}
LAT_FOR_CYR = {v: k for k, v in CYR_FOR_LAT.items()}


@dataclass
class Case:
    """One quote against one document, with what a correct step 1 must do with it."""

    set: str
    lang: str
    doc: str
    kind: str
    expect: str  # clean | review | look_alike | harmful
    quote: str
    document: object  # a citecheck Document or a dict of sections
    snippet: str
    section: str | None = None


# --- reading a document as a person does ---


def reader_view(text: str, lang: str) -> str:
    """The paragraph as a reader sees it: lines joined, leftover Markdown markers dropped."""
    lines = [re.sub(r"^\s*(>\s*)+", "", line).strip() for line in text.split("\n")]
    out = ""
    for line in lines:
        if not line:
            continue
        if not out:
            out = line
        elif out.endswith("-") and re.search(r"[a-z]-$", out) and line[:1].islower():
            out = out[:-1] + line  # a word hyphenated at a line end
        elif re.search(f"[{_IDEO}。、，]$", out) and re.match(f"[{_IDEO}「（]", line):
            out += line  # CJK text joins without a space
        else:
            out += " " + line
    out = re.sub(r"\*\*(.+?)\*\*|__(.+?)__", lambda m: m.group(1) or m.group(2), out)
    out = re.sub(r"`([^`]+)`", r"\1", out)
    return re.sub(r"[ \t]{2,}", " ", out)


def sentences(document: object, lang: str) -> Iterator[tuple[str, str, str]]:
    """(section id, paragraph as read, sentence) for each prose sentence of the document."""
    for section in document.sections:  # type: ignore[attr-defined]
        for para in re.split(r"\n\s*\n", section.text):
            if re.search(r"[{};=<>]|::|\|\s|^\s*(\d+\.|[-*o•])\s{1,4}\S", para) or para.count("(") > 3:
                continue
            view = reader_view(para, lang)
            splitter = _CJK_END if lang in ("ja", "zh") else _LATIN_END
            for sent in splitter.split(view):
                sent = sent.strip()
                if _usable(sent, lang) and not _MIXED.search(sent):
                    yield section.id, view, sent


def _usable(sent: str, lang: str) -> bool:
    if lang in ("ja", "zh"):
        return 15 <= len(sent) <= 160 and sent[-1] in "。！？" and len(_CJK_CHAR.findall(sent)) > len(sent) * 0.6
    if lang == "th":
        return 25 <= len(sent) <= 220 and not re.search(r"[A-Za-z]{12,}", sent)
    words = sent.split()
    return 7 <= len(words) <= 45 and sent[-1] in ".!?" and sum(w.isalpha() for w in words) >= len(words) * 0.7


def lower_first(s: str) -> str:
    """``s`` with a lower-case first letter, unless it starts with an acronym or a name that stays."""
    if len(s) > 1 and s[0].isupper() and not s[1].isupper():
        return s[0].lower() + s[1:]
    return s


def strip_stop(s: str) -> str:
    """``s`` without its final sentence stop."""
    return re.sub(r"[.!?。！？]$", "", s)


def in_words(lang: str) -> bool:
    """Whether the language writes spaces between words."""
    return lang not in ("ja", "zh", "th")


# --- the transforms ---


def clean_transforms(sent: str, lang: str, rng: random.Random) -> Iterator[tuple[str, str]]:
    """Harmless quotes of one sentence: each must be found with no flag."""
    yield "verbatim", sent
    if in_words(lang) and lang != "ko":
        yield "spacing_newline", re.sub(r" ", "\n", sent, count=2).replace("\n", "  \n", 1)
    if "'" in sent or "’" in sent:
        yield "apostrophe_curly", sent.replace("'", "’")
        yield "apostrophe_02bc", sent.replace("'", "ʼ").replace("’", "ʼ")
    if '"' in sent:
        yield "quotes_curly", re.sub(r'"([^"]*)"', r"“\1”", sent)
    if re.search("[“”„«»「」]", sent):
        yield "quotes_straight", re.sub("[“”„«»]", '"', sent)
    if re.search(r" - | – | — |—|――", sent):
        yield "dash_variant", re.sub(r" - | – | — |—|――", " — " if in_words(lang) else "——", sent)
    if lang in ("ja", "zh"):
        if "—" in sent or "――" in sent or "——" in sent:
            yield "dash_fullwidth", re.sub("—+|―+", "－", sent)
        if re.search(f"[{_IDEO}][A-Za-z0-9]|[A-Za-z0-9][{_IDEO}]", sent):
            yield "cjk_space_added", re.sub(f"(?<=[{_IDEO}])(?=[A-Za-z0-9])|(?<=[A-Za-z0-9])(?=[{_IDEO}])", " ", sent)
        if re.search(f"[{_IDEO}] [A-Za-z0-9]|[A-Za-z0-9] [{_IDEO}]", sent):
            yield (
                "cjk_space_dropped",
                re.sub(f"(?<=[{_IDEO}]) (?=[A-Za-z0-9])|(?<=[A-Za-z0-9]) (?=[{_IDEO}])", "", sent),
            )
        if re.search("[、，][0-9]", sent):
            yield "cjk_punct_digit_space", re.sub("([、，])([0-9])", r"\1 \2", sent)
    if lang in ("ko", "th") and re.search(r"\S\(", sent):
        yield "paren_space_added", re.sub(r"(?<=\S)\(", " (", sent)
    if lang in ("ko", "th") and " (" in sent:
        yield "paren_space_dropped", sent.replace(" (", "(")
    if lang in ("ko", "fr", "pt", "de") and unicodedata.normalize("NFD", sent) != sent:
        yield "nfd_quote", unicodedata.normalize("NFD", sent)
    if in_words(lang) and sent.endswith("."):
        yield "stop_dropped", sent[:-1]


def review_transforms(sent: str, lang: str, rng: random.Random) -> Iterator[tuple[str, str]]:
    """Harmless but unprovable differences: each must be found and flagged, never missing."""
    for old, new in PARAPHRASES.get(lang, []):
        pattern = rf"\b{re.escape(old)}\b" if in_words(lang) else re.escape(old)
        if re.search(pattern, sent):
            yield "paraphrase_one_word", re.sub(pattern, new, sent, count=1)
            break
    if lang == "en":
        for pattern, new in BRITISH:
            if re.search(pattern, sent):
                yield "british_spelling", re.sub(pattern, new, sent, count=1)
                break
    if lang == "pt" and re.search("[ãõáéíóúâêç]", sent):
        yield "accent_dropped", "".join(c for c in unicodedata.normalize("NFD", sent) if not unicodedata.combining(c))
    m = re.search(r" \(([^()]{3,60})\)(?=[ ,.])", sent)
    aside = m.group(1) if m else ""
    if (
        m
        and in_words(lang)
        and re.fullmatch(r"[^\W\d][\w ,.'-]*", aside)
        and not re.search(LIMITERS[lang], aside, re.I)
    ):
        yield "parenthetical_dropped", sent[: m.start()] + sent[m.end() :]
    m = re.search(r"\b\d{1,3}(,\d{3})+\b", sent)
    if m:
        yield "number_grouping_none", sent.replace(m.group(), m.group().replace(",", ""), 1)
        yield "number_grouping_space", sent.replace(m.group(), m.group().replace(",", " "), 1)


def look_alike_transforms(sent: str, lang: str, rng: random.Random) -> Iterator[tuple[str, str]]:
    """A word with letters of another script that look the same."""
    table = LAT_FOR_CYR if lang == "ru" else CYR_FOR_LAT
    if lang not in ("en", "de", "fr", "pt", "ru"):
        return
    words = [w for w in re.findall(r"\w{5,}", sent) if any(c in table for c in w)]
    if words:
        word = rng.choice(words)
        fake = "".join(table.get(c, c) if i % 2 == 0 else c for i, c in enumerate(word))
        if fake == word:
            fake = "".join(table.get(c, c) for c in word)
        yield (
            "look_alike_" + ("latin_in_cyrillic" if lang == "ru" else "cyrillic_in_latin"),
            sent.replace(word, fake, 1),
        )


def harmful_edits(sent: str, lang: str, rng: random.Random) -> Iterator[tuple[str, str]]:
    """Edits that change what the sentence says: never accepted unflagged."""
    for pattern, new in NEGATION_EDITS.get(lang, []):
        if re.search(pattern, sent):
            edited = re.sub(pattern, new, sent, count=1)
            if edited != sent:
                yield "negation_flipped", edited
                break
    m = re.search(r"(?<![\w.,])(\d+)(?![\w.,]\d)", sent)
    if m:
        n = int(m.group(1))
        yield "number_changed", sent[: m.start(1)] + str(n + 1 if n < 9 else n * 2) + sent[m.end(1) :]
    for a, b in OPPOSITES.get(lang, []):
        for x, y in ((a, b), (b, a)):
            pattern = rf"\b{re.escape(x)}\b" if in_words(lang) else re.escape(x)
            if re.search(pattern, sent, re.I if lang == "en" else 0):
                yield "opposite_swapped", re.sub(pattern, y, sent, count=1, flags=re.I if lang == "en" else 0)
                return


def natural_cuts(sent: str, lang: str) -> Iterator[tuple[str, str, str]]:
    """(kind, expectation, quote) for cuts of a real sentence at its own words."""
    limit = re.compile(LIMITERS[lang], re.I)
    # a following contrast: the part before it, as a clause, with a trailing period and with an ellipsis
    for c in CONTRASTS[lang]:
        i = sent.find(c)
        if i > 10:
            head = sent[:i]
            yield "contrast_cut", "harmful", head
            yield "contrast_cut_ellipsis", "harmful", head + (" …" if in_words(lang) else "…")
            break
    # a condition opening the sentence: the main clause after it
    for cond in CONDITIONS[lang]:
        if in_words(lang) and lang != "th":
            m = re.match(rf"({re.escape(cond)}\b[^,]{{3,120}}),\s+(.{{15,}})$", sent, re.I)
        elif cond == "时":
            # "…时," ("when …,") ends its clause; "在编译时已知" ("known at compile time") is no condition.
            m = re.match(r"(.{0,60}时)[、，,]\s*(.{8,})$", sent)
        else:
            m = re.match(rf"(.{{0,40}}{re.escape(cond)}[^、，,]{{0,60}})[、，,]\s*(.{{8,}})$", sent)
        if m:
            rest = m.group(2)
            yield "condition_cut", "harmful", rest
            yield "condition_cut_leading_ellipsis", "harmful", ("… " if in_words(lang) else "…") + rest
            break
    # a condition or exception following the quote
    if in_words(lang) and lang != "th":
        for cond in CONDITIONS[lang]:
            m = re.search(rf",? \b{re.escape(cond)}\b", sent)
            if m and m.start() > 25 and lang in ("en", "de", "fr", "pt", "ru"):
                head = sent[: m.start()]
                if not re.search(r"\b(that|dass|que|что)\s*$", head):
                    yield "condition_trailing_cut", "harmful", head
                    yield "condition_trailing_cut_ellipsis", "harmful", head + " …"
                break
    # a leading discourse marker: neutral
    for marker in DISCOURSE[lang]:
        if sent.startswith(marker) and not limit.search(marker):
            rest = sent[len(marker) :]
            yield "marker_cut", "clean", rest
            yield "marker_cut_lower", "clean", lower_first(rest) if in_words(lang) else rest
            break
    # an independent clause after ';': neutral
    parts = re.split(r"; |；", sent)
    if len(parts) == 2 and all(len(p) > 25 for p in parts) and not limit.search(parts[1]):
        yield "semicolon_clause_cut", "clean", parts[0]
    # trailing examples: neutral
    m = re.search(r",? (such as|including|e\.g\.,?|for example) ([^,;]+(, [^,;]+)*)\.$", sent)
    if lang == "en" and m and len(m.group(2).split()) <= 8 and not limit.search(m.group(2)):
        yield "examples_cut", "clean", sent[: m.start()]
    # a trailing reference: neutral
    m = re.search(r"\s*(\[[A-Z]*\d+[^\]]*\]|\[[A-Z]{2,}\]|\(see [^()]{3,40}\))\.$", sent)
    if m:
        yield "reference_cut", "clean", sent[: m.start()] + "."


# --- building and running the cases ---


def build(set_name: str, rng: random.Random, per_doc: int) -> list[Case]:
    """Every case of one set, made from its fixture documents."""
    cases: list[Case] = []
    for lang, rel in SETS[set_name]:
        path = FIXTURES / rel
        if not path.exists():
            print(f"(skipped {rel}: not found)", file=sys.stderr)
            continue
        document = parse_file(path)
        name = path.name
        seen: Counter[str] = Counter()
        picked = [(sid, para, s) for sid, para, s in sentences(document, lang)]
        for _, _, s in picked:
            seen[s] += 1
        picked = [p for p in picked if seen[p[2]] == 1]
        rng.shuffle(picked)
        sections = {sec.id: sec.text for sec in document.sections}  # type: ignore[attr-defined]
        whole = " ".join(reader_view(t, lang) for t in sections.values())
        for sid, para, sent in picked[:per_doc]:

            def add(
                kind: str, expect: str, quote: str, doc: object = document, at: tuple = (lang, para, sid, name)
            ) -> None:
                if quote and quote.strip():
                    cases.append(Case(set_name, at[0], at[3], kind, expect, quote, doc, at[1][:240], at[2]))

            for kind, q in clean_transforms(sent, lang, rng):
                add(kind, "clean", q)
            for kind, q in review_transforms(sent, lang, rng):
                add(kind, "review", q)
            for kind, q in look_alike_transforms(sent, lang, rng):
                add(kind, "look_alike", q)
            for kind, q in harmful_edits(sent, lang, rng):
                add(kind, "harmful", q)
            for kind, expect, q in natural_cuts(sent, lang):
                core = q.strip("… ")
                if expect == "harmful" and whole.count(core) > 1:
                    continue  # the cut words stand whole elsewhere in the document
                add(kind, expect, q)
            # the source's side of extraction artefacts (a PDF text layer, NFD Hangul)
            raw = sections[sid]
            if lang == "ko" and sent in raw:
                add("nfd_source", "clean", sent, {**sections, sid: unicodedata.normalize("NFD", raw)})
            if "(" in sent and sent in raw:
                pua = raw.replace("(", "\uf028").replace(")", "\uf029")
                add("pua_bracket_source", "clean", sent, {**sections, sid: pua})
            if "’" in sent and sent in raw:
                add("02bc_apostrophe_source", "clean", sent, {**sections, sid: raw.replace("’", "ʼ")})
            # frames around the sentence, in its section (only where the sentence is on one line)
            if sent in raw and (sent[-1] in ".。" or (lang == "th" and sent[-1] != ":")):
                fill = {"s": sent, "l": lower_first(sent) if in_words(lang) else sent, "b": strip_stop(sent)}
                for group, expect in ((HARMFUL_FRAMES, "harmful"), (NEUTRAL_FRAMES, "clean")):
                    for kind, by_lang in group.items():
                        frame = by_lang.get(lang)
                        if frame is None:
                            continue
                        framed = frame.format(**fill)
                        doc = {**sections, sid: raw.replace(sent, framed, 1)}
                        quote = fill["l"] if "{l}" in frame else sent
                        add(f"frame_{kind}", expect, quote, doc)
                        if expect == "harmful":
                            gap = " …" if in_words(lang) else "…"
                            if frame.startswith("{"):  # the limit follows the quote: a trailing ellipsis
                                add(f"frame_{kind}_ellipsis", expect, strip_stop(sent) + gap, doc)
                            else:
                                add(f"frame_{kind}_ellipsis", expect, gap[::-1] + quote, doc)
            # a hedge word dropped from inside the sentence, without an ellipsis
            for hedge in HEDGE_WORDS.get(lang, []):
                pattern = rf"\b{re.escape(hedge)}\b ?" if in_words(lang) else re.escape(hedge)
                if re.search(pattern, sent):
                    add("hedge_dropped", "harmful", re.sub(pattern, "", sent, count=1))
                    break
    if set_name == "shapes":
        cases.extend(_such_as_cases())
    return cases


def _such_as_cases() -> list[Case]:
    """The issue's "such as" trap: a left-out clause that only starts with a list of examples."""
    rows = [
        (
            "Retrieval models such as X and Y achieve strong recall on short passages, but older dense baselines "
            "collapse on lengthy documents.",
            "Retrieval models ... collapse on lengthy documents.",
        ),
        (
            "Parsers such as Alpha and Beta handle nested lists well, but streaming readers fail on deep input.",
            "Parsers ... fail on deep input.",
        ),
        (
            "Caches such as Redis and Memcached keep entries in memory, but disk stores survive a restart.",
            "Caches ... survive a restart.",
        ),
        (
            "Languages such as Go and Rust compile to native code, but scripting languages run in an interpreter.",
            "Languages ... run in an interpreter.",
        ),
    ]
    return [
        Case(
            "shapes", "en", "such_as", "such_as_trap", "harmful", quote, {"s": "Intro text here.\n\n" + source}, source
        )
        for source, quote in rows
    ]


def notebook_cases(path: Path) -> list[Case]:
    """The recorded ``cited_text`` of each real response in the notebook, against its documents."""
    import json

    notebook = json.loads(path.read_text(encoding="utf-8"))
    folder = FIXTURES / "providers/anthropic-cookbook"
    documents = {p.name: parse_file(p) for p in [*folder.glob("*.pdf"), *folder.glob("*.txt"), *folder.glob("*/*.txt")]}
    texts = []
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            text = "".join(output.get("text", []))
            for block in re.findall(r"Raw response:\n=+\n(\{.*?\n\})\n", text, re.S):
                for part in json.loads(block)["content"]:
                    texts.extend(c["cited_text"] for c in part.get("citations") or [])
    cases = []
    for quote in dict.fromkeys(texts):
        best = None
        for name, document in documents.items():  # the document a response cites is the one holding it
            loc = locate(document, {"id": "c", "claim": "-", "quote": quote, "section": None})
            if loc.status != "missing":
                best = (name, document)
                break
        name, document = best or next(iter(documents.items()))
        cases.append(Case("providers", "en", name, "provider_cited_text", "clean", quote, document, quote[:240]))
    return cases


@dataclass
class Outcome:
    """What step 1 did with a case."""

    status: str
    flags: tuple[str, ...]
    reason: str

    @property
    def found(self) -> bool:
        """Found anywhere (an ambiguous quote is in the source)."""
        return self.status in ("found", "ambiguous", "section-only")

    @property
    def flagged(self) -> bool:
        """Flagged for a person."""
        return bool(self.flags) or self.status == "ambiguous"


def run_case(case: Case) -> Outcome:
    """Step 1 for one case, through the public matcher API."""
    citation = {"id": "c", "claim": "-", "quote": case.quote, "section": None}
    loc = locate(case.document, citation)  # type: ignore[arg-type]
    return Outcome(loc.status, tuple(loc.flags), loc.reason or "")


def failed(case: Case, out: Outcome) -> str | None:
    """The way a case failed its expectation, or None."""
    if case.expect == "clean":
        if not out.found:
            return "missing"
        return "flagged" if out.flagged else None
    if case.expect == "review":
        if not out.found:
            return "missing"
        return "not flagged" if not out.flagged else None
    if case.expect == "look_alike":
        if not out.found:
            return "missing"
        if not out.flagged:
            return "not flagged"
        return None if re.search(r"look[s]? alike", out.reason) else "reason does not say the words look alike"
    return "accepted" if out.found and not out.flagged else None


def rfc_extra(show: int) -> list[str]:
    """The page-break quotes and the 1,000 RFC 7519 12-word spans through ``match_citations``."""
    lines = []
    # quotes across a page break: the last words before a footer and the first after the header
    breaks = joined = missing = 0
    for rel in ("citation_check/rfc7519.txt", "rfc/rfc3986.txt", "rfc/rfc6749.txt"):
        raw = (FIXTURES / rel).read_text(encoding="utf-8")
        document = parse_file(FIXTURES / rel)
        for page_end in re.finditer(
            r"((?:[^\n]*\S[^\n]*\n){1})\s*\n+[^\n]*\[Page \d+\]\n\f\n?[^\n]*\n\s*\n?((?:[^\n]*\n))", raw
        ):
            before, after = page_end.group(1).split(), page_end.group(2).split()
            if len(before) < 5 or len(after) < 5 or not after[0][:1].islower() or before[-1].endswith("."):
                continue
            quote = " ".join(before[-6:] + after[:6])
            breaks += 1
            loc = locate(document, {"id": "c", "claim": "-", "quote": quote, "section": None})
            if loc.status == "missing":
                missing += 1
            if "joined_blocks" in loc.flags:
                joined += 1
                if joined <= show:
                    lines.append(f"    joined_blocks: {quote!r} ({rel})")
    lines.insert(0, f"  page-break quotes: {breaks}, joined_blocks {joined}, missing {missing}")
    # 1,000 verbatim 12-word spans of RFC 7519's numbered sections, each inside one paragraph
    document = parse_file(FIXTURES / "citation_check/rfc7519.txt")
    rng = random.Random(7519)
    paras = []
    for section in document.sections:
        if not re.match(r"\d", section.id):
            continue
        for para in re.split(r"\n\s*\n", section.text):
            words = para.split()
            if len(words) >= 14 and not re.search(r"[{}]|^\s*\d+\.\s", para):
                paras.append((section.id, words))
    citations = []
    for i in range(1000):
        sid, words = rng.choice(paras)
        start = rng.randrange(len(words) - 11)
        citations.append({"id": f"s{i}", "claim": "-", "quote": " ".join(words[start : start + 12]), "section": sid})
    t0 = time.perf_counter()
    results = citecheck.match_citations(document, citations)
    took = time.perf_counter() - t0
    flagged = Counter()
    missing = 0
    for r in results:
        if r.status == "missing":
            missing += 1
        for flag in set(r.location.flags):
            flagged[flag] += 1
    n_flagged = sum(1 for r in results if r.location.flags)
    lines.append(
        f"  RFC 7519 12-word spans: {n_flagged} of 1000 flagged ({n_flagged / 10:.1f}%), {missing} missing, "
        f"{took * 1000 / 1000:.2f} ms each; flags {dict(flagged.most_common())}"
    )
    return lines


def report(set_name: str, cases: list[Case], show: int) -> dict[str, tuple[int, int]]:
    """Run one set and print its metrics and its failures by kind."""
    by_kind: dict[tuple[str, str], list[tuple[Case, Outcome, str | None]]] = defaultdict(list)
    for case in cases:
        out = run_case(case)
        by_kind[(case.expect, case.kind)].append((case, out, failed(case, out)))
    harmless = [x for rows in by_kind.values() for x in rows if x[0].expect != "harmful"]
    clean = [x for x in harmless if x[0].expect == "clean"]
    harmful = [x for rows in by_kind.values() for x in rows if x[0].expect == "harmful"]
    metrics = {
        "harmless called missing": (sum(not o.found for _, o, _ in harmless), len(harmless)),
        "clean flagged": (sum(o.flagged for _, o, _ in clean), len(clean)),
        "harmful accepted": (sum(o.found and not o.flagged for _, o, _ in harmful), len(harmful)),
    }
    print(f"\n== {set_name}: {len(cases)} cases ==")
    for name, (bad, total) in metrics.items():
        pct = 100 * bad / total if total else 0.0
        print(f"  {name:<24} {bad:5d} of {total:5d} ({pct:.1f}%)")
    print(f"  {'expect':<11} {'kind':<40} {'n':>5} {'fail':>5}  by language")
    for (expect, kind), rows in sorted(by_kind.items()):
        fails = [r for r in rows if r[2]]
        langs = Counter(c.lang for c, _, f in fails)
        print(f"  {expect:<11} {kind:<40} {len(rows):5d} {len(fails):5d}  {dict(langs) if fails else ''}")
        for case, out, why in fails[:show]:
            print(f"      [{why}] {case.lang} {case.doc}: quote {case.quote[:160]!r}")
            print(f"        status {out.status}, flags {list(out.flags)}, reason {out.reason[:200]!r}")
    return metrics


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", choices=[*SETS], action="append", help="run only these sets (repeat)")
    parser.add_argument("--show", type=int, default=2, help="failing examples printed per kind")
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--per-doc", type=int, default=40, help="sentences picked per document")
    parser.add_argument("--notebook", type=Path, help="the cookbook's misc/using_citations.ipynb, for its responses")
    args = parser.parse_args()
    summary = {}
    for set_name in args.set or list(SETS):
        rng = random.Random(args.seed)
        per_doc = args.per_doc if set_name != "providers" else max(8, args.per_doc // 3)
        cases = build(set_name, rng, per_doc)
        if set_name == "providers" and args.notebook:
            cases.extend(notebook_cases(args.notebook))
        summary[set_name] = report(set_name, cases, args.show)
        if set_name == "rfc":
            for line in rfc_extra(args.show):
                print(line)
    print("\nset          harmless missing     clean flagged     harmful accepted")
    for set_name, m in summary.items():
        cells = [f"{bad:>4}/{total:<5} {100 * bad / total if total else 0:4.1f}%" for bad, total in m.values()]
        print(f"{set_name:<12} " + "   ".join(cells))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
