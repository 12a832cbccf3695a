# ruff: noqa: RUF001  # full-width and look-alike characters are what this evaluation is about
"""Step 1 on the scripts and typography of issue 23, from real sentences of every fixture document.

Usage::

    python benchmarks/eval_scripts.py [--per-doc N] [--seed S] [--show KIND]

For each language fixture (and the English Markdown, HTML and text ones), sentences of the rendered
document are quoted verbatim and under each harmless change of issue 23 that applies to them (CJK
spacing, dashes, NFD, a space before a parenthesis, PDF artefacts, look-alike letters, and the
unprovable differences: a number written otherwise, British spelling, a parenthetical dropped, a
word of CJK or Portuguese respelt), and under a few harmful ones (a number, a negation). Some kinds
change the source instead (a soft line break in a CJK sentence, emphasis next to CJK punctuation,
nested blockquotes): those quote a small Markdown document built from the sentence.

It prints, per language, harmless quotes called missing, clean quotes flagged, and harmful edits
accepted (found with no flag), and per kind the same counts. Generated from the fixtures at run
time: nothing of them is stored here.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path

import citecheck
from citecheck import Document
from citecheck.matcher import locate

_FIXTURES = Path(os.environ.get("CITECHECK_FIXTURES", Path(__file__).parents[1] / ".." / "shared" / "fixtures"))
_DOCS = {
    "ja": ["ja_rustbook_ch09-03.md", "ja_vue_template-syntax.md"],
    "zh": ["zh_rustbook_ch04-01.md"],
    "ko": ["ko_rustbook_ch08-01.md"],
    "th": ["th_react_state-and-lifecycle.md"],
    "de": ["de_rustbook_ch04-01.md", "de_rustbook_ch09-03.md"],
    "fr": ["fr_rustbook_ch04-02.md"],
    "pt": ["pt_rustbook_ch10-02.md"],
    "ru": ["ru_rustbook_ch09-03.md"],
    "en": ["rust-book-ch03-02-data-types.md", "openpbta-results.md", "go1compat.html", "apache-2.0.txt"],
}
_CJ = "\u3041-\u30ff\u3400-\u4dbf\u4e00-\u9fff"
_CJK = _CJ + "\uac00-\ud7a3"
_SENTENCE = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=\S)|(?<=[。！？])[」』）]*\s*")
_LATIN_CYRILLIC = str.maketrans("eoapcx", "еоарсх")
_CYRILLIC_LATIN = str.maketrans("еоарсх", "eoapcx")
_BRITISH = [("ize", "ise"), ("izing", "ising"), ("ized", "ised"), ("or ", "our "), ("yze", "yse")]


def _sentences(document: Document) -> Iterator[str]:
    for section in document.sections:
        for block in re.split(r"\n\s*\n", section.text):
            if block.count("\n") > 3 or re.search(r"[{};=]\s*$|^\s*(fn|let|use|\$|//|#) ", block, re.M):
                continue  # code
            flat = " ".join(block.split()) if not re.search(f"[{_CJ}]", block) else block.replace("\n", "")
            for sentence in _SENTENCE.split(flat):
                sentence = sentence.strip()
                cjk = len(re.findall(f"[{_CJK}\u0e00-\u0e7f]", sentence))
                words = len(sentence.split())
                if (cjk >= 14 or words >= 7) and len(sentence) < 300:
                    yield sentence


def _sub_once(pattern: str, replacement: str | Callable[[re.Match[str]], str], text: str) -> str | None:
    changed, count = re.subn(pattern, replacement, text, count=1)
    return changed if count else None


# Harmless changes of the quote: (kind, change). A change returns None when it does not apply.
def _cjk_space_add(s: str) -> str | None:
    return _sub_once(f"(?<=[{_CJ}])(?=[A-Za-z0-9])|(?<=[A-Za-z0-9])(?=[{_CJ}])", " ", s)


def _cjk_space_drop(s: str) -> str | None:
    return _sub_once(f"(?<=[{_CJ}]) (?=[A-Za-z0-9`])|(?<=[A-Za-z0-9`]) (?=[{_CJ}])", "", s)


def _cjk_punct_digit(s: str) -> str | None:
    return _sub_once(r"(?<=[，。、：；）])\s*(?=[0-9A-Za-z])", " ", s) or _sub_once(
        r"(?<=[，。、：；）]) (?=[0-9A-Za-z])", "", s
    )


def _dash(s: str) -> str | None:
    for old, new in (("——", "—"), ("—", "——"), ("—", "－"), (" – ", " — "), (" - ", " — "), ("–", "-")):
        if old in s:
            return s.replace(old, new, 1)
    return None


def _nfd(s: str) -> str | None:
    out = unicodedata.normalize("NFD", s)
    return out if out != s else None


def _paren_space(s: str) -> str | None:
    return _sub_once(r"(?<=\S) (?=[(（])", "", s) or _sub_once(r"(?<=[^\s(（])(?=[(（])", " ", s)


def _pua_brackets(s: str) -> str | None:
    if "(" not in s:
        return None
    return s.replace("(", "\uf028").replace(")", "\uf029")


def _pua_other(s: str) -> str | None:
    if "(" not in s:
        return None
    return s.replace("(", "\ue000").replace(")", "\ue001")


def _modifier_apostrophe(s: str) -> str | None:
    return s.replace("'", "\u02bc").replace("\u2019", "\u02bc") if ("'" in s or "\u2019" in s) else None


def _look_alike(s: str) -> str | None:
    words = list(re.finditer(r"[A-Za-z]{5,}", s))
    if words:
        word = words[len(words) // 2]
        changed = word.group().translate(_LATIN_CYRILLIC)
        return s[: word.start()] + changed + s[word.end() :] if changed != word.group() else None
    words = list(re.finditer(r"[а-яА-Я]{5,}", s))
    if words:
        word = words[len(words) // 2]
        changed = word.group().translate(_CYRILLIC_LATIN)
        return s[: word.start()] + changed + s[word.end() :] if changed != word.group() else None
    return None


def _grouped_number(s: str) -> str | None:
    found = re.search(r"(?<![\d.,])(\d{1,3})[,.](\d{3})(?![\d,])", s)
    if found:
        return s[: found.start()] + found.group(1) + found.group(2) + s[found.end() :]
    found = re.search(r"(?<![\d.,])(\d)(\d{3})(?![\d.,])", s)
    if found:
        return s[: found.start()] + f"{found.group(1)},{found.group(2)}" + s[found.end() :]
    return None


def _british(s: str) -> str | None:
    for old, new in _BRITISH:
        found = re.search(rf"(?<=[a-z]{{3}}){old}", s)
        if found:
            return s[: found.start()] + new + s[found.end() :]
    return None


def _paren_dropped(s: str) -> str | None:
    return _sub_once(r"\s?[(（][^()（）]{1,40}[)）]", "", s)


def _respelt(s: str) -> str | None:
    # A Chinese or Japanese character swapped for a near synonym, or a Portuguese accent dropped.
    for old, new in (("的", "之"), ("是", "为"), ("这", "此"), ("場合", "ケース"), ("する", "をする")):
        if old in s:
            return s.replace(old, new, 1)
    for old, new in (("ção", "cao"), ("ê", "e"), ("ã", "a"), ("é", "e")):
        if old in s:
            return s.replace(old, new, 1)
    return None


HARMLESS: dict[str, Callable[[str], str | None]] = {
    "verbatim": lambda s: s,
    "cjk_space_add": _cjk_space_add,
    "cjk_space_drop": _cjk_space_drop,
    "cjk_punct_digit": _cjk_punct_digit,
    "dash": _dash,
    "nfd": _nfd,
    "paren_space": _paren_space,
    "pua_brackets": _pua_brackets,
    "pua_other": _pua_other,
    "modifier_apostrophe": _modifier_apostrophe,
    "look_alike": _look_alike,
}
# Harmless but unprovable: found (with a flag), never missing.
UNPROVABLE: dict[str, Callable[[str], str | None]] = {
    "number_written": _grouped_number,
    "british": _british,
    "paren_dropped": _paren_dropped,
    "respelt": _respelt,
}
CLEAN = {"verbatim", "cjk_space_add", "cjk_space_drop", "cjk_punct_digit", "dash", "nfd", "paren_space"}


def _number_changed(s: str) -> str | None:
    found = re.search(r"\d", s)
    if not found:
        return None
    digit = str((int(found.group()) + 3) % 10)
    return s[: found.start()] + digit + s[found.end() :]


_NEGATIONS = {
    "de": [(" nicht ", " "), (" ist ", " ist nicht "), (" kann ", " kann nicht ")],
    "fr": [(" ne ", " "), (" pas ", " "), (" est ", " n'est pas ")],
    "pt": [(" não ", " "), (" é ", " não é ")],
    "ru": [(" не ", " "), (" это ", " это не ")],
    "en": [(" not ", " "), (" is ", " is not "), (" can ", " cannot ")],
    "ko": [("지 않", ""), ("습니다", "지 않습니다")],
    "zh": [("不", ""), ("是", "不是"), ("可以", "不可以")],
    "ja": [("ない", "ある"), ("ません", "ます"), ("ます", "ません")],
    "th": [("ไม่", ""), ("จะ", "จะไม่")],
}


def _negation(language: str) -> Callable[[str], str | None]:
    def change(s: str) -> str | None:
        for old, new in _NEGATIONS[language]:
            if old in s:
                return s.replace(old, new, 1)
        return None

    return change


# Changes of the source: (kind, build) where build returns (markdown, quote) or None.
def _soft_break(s: str) -> tuple[str, str] | None:
    spots = [m.start() for m in re.finditer(f"(?<=[{_CJ}、，])(?=[{_CJ}])", s)]
    if not spots:
        return None
    at = spots[len(spots) // 2]
    return f"# T\n\n{s[:at]}\n{s[at:]}\n", s


def _emphasis(s: str) -> tuple[str, str] | None:
    found = re.search(r"[「（(][^」）)]{1,12}[」）)]", s)
    if found and found.start() > 0 and found.end() < len(s):
        return f"# T\n\n{s[: found.start()]}**{found.group()}**{s[found.end() :]}\n", s
    found = re.search(f"(?<=[{_CJ}])[{_CJ}]{{2,4}}(?=[、，。])", s)
    if found:
        return f"# T\n\n{s[: found.start()]}**{found.group()}**{s[found.end() :]}\n", s
    return None


def _code(s: str) -> tuple[str, str] | None:
    found = re.search(f"(?<=[{_CJ}])([A-Za-z_]{{2,12}})(?=[{_CJ}、，。])", s)
    if found is None:
        return None
    return f"# T\n\n{s[: found.start()]}`{found.group()}`{s[found.end() :]}\n", s


def _nested_quote(s: str) -> tuple[str, str] | None:
    words = s.split(" ")
    if len(words) < 8:
        return None
    half = len(words) // 2
    return f"# T\n\nIntro.\n\n> > {' '.join(words[:half])}\n> > {' '.join(words[half:])}\n", s


def _nested_quote_text(s: str) -> tuple[str, str] | None:
    # The same page read as plain text: the markers stay in the document.
    built = _nested_quote(s)
    return None if built is None else ("text:" + built[0], built[1])


def _nfd_source(s: str) -> tuple[str, str] | None:
    nfd = unicodedata.normalize("NFD", s)
    return (f"# T\n\n{nfd}\n", s) if nfd != s else None


def _paren_source(s: str) -> tuple[str, str] | None:
    spaced = _paren_space(s)
    return (f"# T\n\n{spaced}\n", s) if spaced else None


def _look_alike_source(s: str) -> tuple[str, str] | None:
    changed = _look_alike(s)
    return (f"# T\n\n{changed}\n", s) if changed else None


SOURCE_CHANGES: dict[str, Callable[[str], tuple[str, str] | None]] = {
    "src_soft_break": _soft_break,
    "src_emphasis": _emphasis,
    "src_code": _code,
    "src_nested_quote": _nested_quote,
    "src_nested_quote_text": _nested_quote_text,
    "src_nfd": _nfd_source,
    "src_paren_space": _paren_source,
    "src_look_alike": _look_alike_source,
}
SOURCE_CLEAN = {"src_soft_break", "src_emphasis", "src_code", "src_nested_quote", "src_nfd", "src_paren_space"}


def _outcome(location: citecheck.Location) -> str:
    if location.status in ("missing",):
        return "missing"
    if location.status == "found" and not location.flags:
        return "plain"
    return "flagged"


def _document(path: Path) -> Document:
    return citecheck.parse_file(path)


def run(per_doc: int, seed: int, show: str | None) -> None:
    rng = random.Random(seed)
    # counts[(language, kind)] = Counter of outcomes
    counts: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    shown = 0
    for language, names in _DOCS.items():
        for name in names:
            document = _document(_FIXTURES / "docs" / name)
            sentences = list(dict.fromkeys(_sentences(document)))
            rng.shuffle(sentences)
            for sentence in sentences[:per_doc]:
                cases: list[tuple[str, str, Document, str]] = []  # (group, kind, document, quote)
                for kind, change in {**HARMLESS, **UNPROVABLE}.items():
                    quote = change(sentence)
                    if quote is not None:
                        cases.append(("harmless" if kind in HARMLESS else "unprovable", kind, document, quote))
                for kind, change in {"number": _number_changed, "negation": _negation(language)}.items():
                    quote = change(sentence)
                    if quote is not None:
                        cases.append(("harmful", kind, document, quote))
                for kind, build in SOURCE_CHANGES.items():
                    built = build(sentence)
                    if built is None:
                        continue
                    source, quote = built
                    fmt = "markdown"
                    if source.startswith("text:"):
                        fmt, source = "text", source[5:]
                    cases.append(("harmless", kind, citecheck.parse_text(source, parser=fmt), quote))
                for group, kind, doc, quote in cases:
                    citation = {"id": "c", "claim": "-", "quote": quote, "section": None}
                    location = locate(doc, citation)
                    outcome = _outcome(location)
                    counts[(language, kind)][outcome] += 1
                    bad = (group == "harmful" and outcome == "plain") or (group != "harmful" and outcome == "missing")
                    bad = bad or (kind in CLEAN | SOURCE_CLEAN and outcome == "flagged")
                    bad = bad or (group == "unprovable" and outcome == "plain")
                    if show and (show == kind or show == "all") and bad and shown < 40:
                        shown += 1
                        print(f"[{language} {kind} {outcome}] {quote!r}\n    {location.reason}")
    _report(counts)


def _report(counts: dict[tuple[str, str], Counter[str]]) -> None:
    harmful_kinds = {"number", "negation"}
    clean_kinds = CLEAN | SOURCE_CLEAN
    languages = list(_DOCS)
    print(f"{'language':<9} {'harmless missing':>18} {'clean flagged':>15} {'harmful accepted':>18}")
    totals = Counter[str]()
    for language in languages:
        harmless = sum(
            (c for (lang, kind), c in counts.items() if lang == language and kind not in harmful_kinds), Counter()
        )
        clean = sum((c for (lang, kind), c in counts.items() if lang == language and kind in clean_kinds), Counter())
        harmful = sum(
            (c for (lang, kind), c in counts.items() if lang == language and kind in harmful_kinds), Counter()
        )
        h_n, c_n, x_n = harmless.total(), clean.total(), harmful.total()
        totals.update(
            {"hm": harmless["missing"], "hn": h_n, "cf": clean["flagged"], "cn": c_n, "xa": harmful["plain"], "xn": x_n}
        )
        print(
            f"{language:<9} {harmless['missing']:>7} of {h_n:<7} {clean['flagged']:>5} of {c_n:<6} "
            f"{harmful['plain']:>7} of {x_n:<7}"
        )
    print(
        f"{'all':<9} {totals['hm']:>7} of {totals['hn']:<7} {totals['cf']:>5} of {totals['cn']:<6} "
        f"{totals['xa']:>7} of {totals['xn']:<7}"
    )
    print()
    kinds = sorted({kind for _, kind in counts})
    print(f"{'kind':<22} {'plain':>6} {'flagged':>8} {'missing':>8}")
    for kind in kinds:
        total = sum((c for (_, k), c in counts.items() if k == kind), Counter())
        print(f"{kind:<22} {total['plain']:>6} {total['flagged']:>8} {total['missing']:>8}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-doc", type=int, default=60, help="sentences quoted per document")
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--show", help="print the failing cases of this kind (or 'all')")
    args = parser.parse_args()
    run(args.per_doc, args.seed, args.show)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
