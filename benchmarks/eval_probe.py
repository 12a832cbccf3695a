# ruff: noqa: RUF001  # the transforms are made of look-alike letters, full-width punctuation and quotes of many scripts
"""An independent held-out probe of step 1 (the string matcher): harmless and harmful quote edits, per language.

How it was made: written outside the repository on 2026-12-06, by someone who had not read the
matcher's code, from what people and models do to quotes (typography, extraction artefacts,
paraphrase, neutral and harmful cuts, negations, swaps, frames). Its word lists are its own
(``benchmarks/_probe_lexicon.py``, not the library's lexicon), and it calls only the public API
(``citecheck.parse_file``, ``citecheck.matcher.locate``), so it does not share the matcher's
blind spots. Most of its findings became rows of ``tests/test_matcher_*.py``; this module keeps
the probe as it was so that its figures can be rerun.

Usage::

    python benchmarks/eval_probe.py [--set rfc|shapes|languages|providers] [--lang xx]
        [--only TRANSFORM[,TRANSFORM]] [--per 12] [--seed 7] [--examples 3] [--jsonl out.jsonl]

Every case is made at run time from the fixture documents (``$CITECHECK_FIXTURES``, default
``../shared/fixtures``): sentences that occur once are picked from each parsed document with a
fixed seed, and each transform (``TRANSFORMS``) changes up to ``--per`` of them (three times as
many for the rare ones) into quotes of four kinds, run with ``section=None``:

- ``clean``: a harmless quote (verbatim, typography, a neutral cut, a neutral frame): found, no flag;
- ``unprovable``: harmless but not provably so (a synonym, a dropped aside): found, never missing;
- ``lookalike``: a letter of another script inside a word: found with the ``look_alike`` flag;
- ``harmful``: an edit or cut that can change the meaning: never found without a flag (an edit
  whose result the document holds elsewhere is skipped).

The SUMMARY table has one row per set (per language for ``languages``):

- ``cases``: quotes run; ``harmless``: clean + unprovable + lookalike quotes;
- ``h.missing``: harmless quotes called missing (an automatic false accusation);
- ``clean``: clean quotes; ``c.flagged``: clean quotes found but flagged (a false alarm);
- ``harmful``: harmful quotes; ``accepted``: harmful quotes found with no flag (laundered);
- ``lookalike``: look-alike quotes; ``la.unflag``: look-alike quotes found without ``look_alike``;
- the last column splits ``accepted`` into real-text cuts and edits + synthetic frames + scope
  frames. The frames (``frame_*`` transforms) write a source sentence inside each template of
  ``FRAMES`` (``Some argue that {s}``, ``{s0} unless ...``) on ``max(2, per // 2)`` sentences per
  document, then quote the sentence: their counts are per template and sentence (one template the
  matcher does not read fails on every sentence), not rates of real text.

Then one table per set or language: per transform, its kind, cases, and how many were missing,
found flagged and found with no flag, with the failures (by the kind's rule above); the frame
templates that failed; and ``--examples`` failing quotes of each transform with their source,
note and the matcher's reason. ``--jsonl`` writes every case.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import random
import re
import sys
import time
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

import _probe_lexicon as L

from citecheck import Citation, Document, parse_file
from citecheck.matcher import locate

FIX = os.environ.get("CITECHECK_FIXTURES", str(Path(__file__).resolve().parents[1] / "../shared/fixtures"))

Ctx = dict[str, Any]
"""What a transform is given besides the sentence: rng, lang, doc, path, sents, doc_words."""
Case = tuple[str, str, "dict[str, str] | None"]
"""A transform's output: (quote, note, the sections' texts with the sentence framed, or None for the document)."""
Transform = Callable[["Sent", Ctx], list[Case]]

DOCS = (
    [
        ("rfc", "en", "citation_check/rfc7519.txt"),
        ("rfc", "en", "rfc/rfc3986.txt"),
        ("rfc", "en", "rfc/rfc6749.txt"),
        ("shapes", "en", "docs/apache-2.0.txt"),
        ("shapes", "en", "docs/mpl-2.0.txt"),
        ("shapes", "en", "docs/rust-book-ch03-02-data-types.md"),
        ("shapes", "en", "docs/effective_go.html"),
        ("shapes", "en", "docs/go1compat.html"),
        ("shapes", "en", "docs/openpbta-results.md"),
        ("languages", "de", "docs/de_rustbook_ch04-01.md"),
        ("languages", "de", "docs/de_rustbook_ch09-03.md"),
        ("languages", "fr", "docs/fr_rustbook_ch04-02.md"),
        ("languages", "pt", "docs/pt_rustbook_ch10-02.md"),
        ("languages", "ru", "docs/ru_rustbook_ch09-03.md"),
        ("languages", "ja", "docs/ja_rustbook_ch09-03.md"),
        ("languages", "ja", "docs/ja_vue_template-syntax.md"),
        ("languages", "zh", "docs/zh_rustbook_ch04-01.md"),
        ("languages", "ko", "docs/ko_rustbook_ch08-01.md"),
        ("languages", "th", "docs/th_react_state-and-lifecycle.md"),
        ("providers", "en", "providers/anthropic-cookbook/Amazon-com-Inc-2023-Shareholder-Letter.pdf"),
        ("providers", "en", "providers/anthropic-cookbook/Constitutional AI.pdf"),
        ("providers", "en", "providers/anthropic-cookbook/loyalty_program.txt"),
    ]
    + [("providers", "en", f"providers/anthropic-cookbook/help_center_articles/{i}.txt") for i in range(10)]
    + [
        ("providers", "en", "providers/langchain/grass_sky.txt"),
        ("providers", "en", "providers/pydantic-ai/return_window.txt"),
        ("providers", "en", "providers/pydantic-ai/shipping_policy.txt"),
    ]
)

# ---------------------------------------------------------------------------------------------
# character classes


def is_cjk(c: str) -> bool:
    o = ord(c)
    return (
        0x3040 <= o <= 0x30FF
        or 0x3400 <= o <= 0x4DBF
        or 0x4E00 <= o <= 0x9FFF
        or 0xF900 <= o <= 0xFAFF
        or 0x3000 <= o <= 0x303F
        or 0xFF00 <= o <= 0xFFEF
    )


def is_cjk_letter(c: str) -> bool:
    o = ord(c)
    return 0x3040 <= o <= 0x30FF or 0x3400 <= o <= 0x4DBF or 0x4E00 <= o <= 0x9FFF


def is_thai(c: str) -> bool:
    return 0x0E00 <= ord(c) <= 0x0E7F


def is_hangul(c: str) -> bool:
    o = ord(c)
    return 0xAC00 <= o <= 0xD7AF or 0x1100 <= o <= 0x11FF or 0x3130 <= o <= 0x318F


def fold(s: str) -> str:
    s = unicodedata.normalize("NFKC", s)
    s = re.sub(r"[\u00ad\u200b\u2060\ufeff]", "", s)
    s = s.translate(
        str.maketrans(
            {
                "“": '"',
                "”": '"',
                "‘": "'",
                "’": "'",
                "„": '"',
                "«": '"',
                "»": '"',
                "「": '"',
                "」": '"',
                "—": "-",
                "–": "-",
            }
        )
    )
    s = re.sub(r"\s+", " ", s).strip().lower()
    return s


def fold_nospace(s: str) -> str:
    return re.sub(r"\s+", "", fold(s))


# ---------------------------------------------------------------------------------------------
# sentences

CODE_LINE = re.compile(
    r"\s*(fn |let |use |impl |pub |struct |enum |class |import |return |const |var |func |"
    r"package |\}|\{|//|#include|\$ |<[a-zA-Z/!]|mod |match |if let |type |\)|\]|#\[|"
    r"@|```|def |print|\w+\(.*\);?\s*$)"
)
ABBR = {
    "e.g",
    "i.e",
    "etc",
    "fig",
    "al",
    "vs",
    "dr",
    "mr",
    "mrs",
    "no",
    "sec",
    "cf",
    "b",
    "h",
    "a",
    "ca",
    "bzw",
    "ex",
    "т",
    "д",
    "п",
    "см",
    "inc",
    "ltd",
    "approx",
    "eq",
    "ref",
    "vol",
    "pp",
    "s",
    "u",
    "z",
    "resp",
    "nr",
    "st",
    "p",
}


def codey(block: str) -> bool:
    if "{{#" in block or "|" in block or "...." in block or "<!--" in block:
        return True
    lines = block.split("\n")
    if any(CODE_LINE.match(ln) for ln in lines):
        return True
    sym = sum(block.count(c) for c in "{}();=<>[]`")
    return sym / max(1, len(block)) > 0.05


def join_lines(raw: str, lang: str, pdf: bool) -> str:
    lines = [ln.strip() for ln in raw.split("\n")]
    out = ""
    for ln in lines:
        if not ln:
            continue
        if not out:
            out = ln
            continue
        a, b = out[-1], ln[0]
        if pdf and a == "-" and len(out) > 1 and out[-2].islower() and b.islower():
            out = out[:-1] + ln
        elif lang in ("zh", "ja") and (is_cjk(a) or is_cjk(b)):
            out += ln
        else:
            out += " " + ln
    return out


class Sent:
    __slots__ = ("idx", "off", "raw", "sec", "text")

    def __init__(self, raw: str, text: str, off: int, sec: str, idx: int) -> None:
        self.raw, self.text, self.off, self.sec, self.idx = raw, text, off, sec, idx


def split_spaced(block: str) -> list[tuple[int, int]]:
    """(start, end) spans of sentences in a block of a spaced language."""
    spans, start = [], 0
    for m in re.finditer(r"[.!?][\"”’»)\]]*\s+", block):
        end = m.end()
        nxt = block[end : end + 1]
        if not nxt:
            continue
        if not (nxt.isupper() or nxt.isdigit() or nxt in '"“‘«(„' or is_hangul(nxt)):
            continue
        before = block[start : m.start()].split()
        last = before[-1].lower().strip('("“') if before else ""
        if last in ABBR or re.fullmatch(r"[a-z]", last) or last.endswith(("e.g", "i.e", "z. b", "d. h")):
            continue
        if re.search(r"\b(e\.g|i\.e|et al|z\. ?B|d\. ?h|p\. ?ex|т\. ?е)$", block[start : m.start()]):
            continue
        spans.append((start, m.start() + 1 + len(m.group(0).rstrip()) - 1))
        start = end
    spans.append((start, len(block.rstrip())))
    return spans


def split_cjk(block: str) -> list[tuple[int, int]]:
    spans, start = [], 0
    for m in re.finditer(r"[。！？]", block):
        spans.append((start, m.end()))
        start = m.end()
        while start < len(block) and block[start] in " \n":
            start += 1
    if start < len(block.rstrip()):
        spans.append((start, len(block.rstrip())))
    return spans


def sentences(doc: Document, lang: str, pdf: bool) -> list[Sent]:
    out = []
    for sec in doc.sections:
        text = sec.text
        body_off = 0
        if sec.kind == "heading":
            nl = text.find("\n")
            body_off = nl + 1 if nl >= 0 else len(text)
        for bm in re.finditer(r"(?:[^\n]|\n(?!\s*\n))+", text[body_off:]):
            block = bm.group(0)
            b_off = body_off + bm.start()
            if not block.strip():
                continue
            if codey(block) and not pdf:
                continue
            if pdf and codey(block):
                # PDF pages mix everything: keep lines that read as prose
                pass
            # strip a list bullet at the block start
            mb = re.match(r"\s*(o|-|\*|•|\d+\.|\([a-z0-9]\))\s+", block)
            if mb and not pdf:
                b_off += mb.end()
                block = block[mb.end() :]
            if not pdf and re.search(r"\S {3,}\S", block):
                continue  # figures, tables
            if lang in ("zh", "ja"):
                spans = split_cjk(block)
            elif lang == "th":
                spans = [(0, len(block.rstrip()))]
            else:
                spans = split_spaced(block)
            for a, b in spans:
                raw = block[a:b]
                lead = len(raw) - len(raw.lstrip())
                raw = raw.strip()
                if not raw or raw.startswith("title:"):
                    continue
                t = join_lines(raw, lang, pdf)
                if lang in ("zh", "ja", "th"):
                    n = len(re.sub(r"\s", "", t))
                    if not (14 <= n <= 220):
                        continue
                else:
                    nw = len([w for w in t.split() if re.search(r"\w", w)])
                    if not (6 <= nw <= 70):
                        continue
                    if not re.search(r"[.!?:。]$|[.!?][\"”’)]$", t):
                        continue
                if lang in ("en", "de", "fr", "pt", "ru"):
                    first = next((ch for ch in t if ch.isalnum()), "")
                    if not (first.isupper() or first.isdigit()) or t[0] in "\"'“‘„«":
                        continue  # a fragment (page break, code span before it) or a quoted start
                letters = sum(ch.isalpha() for ch in t)
                if letters < 0.6 * len(t.replace(" ", "")):
                    continue
                if pdf and (re.search(r"\d{2,}\s*$", t.split(".")[0]) and False):
                    continue
                off = sec.start + b_off + a + lead
                if doc.text[off : off + len(raw)] != raw:
                    continue
                out.append(Sent(raw, t, off, sec.id, len(out)))
    # keep sentences that occur once in the document
    ft = fold(doc.text) if lang not in ("zh", "ja", "th") else fold_nospace(doc.text)
    keep = []
    for s in out:
        fs = fold(s.text) if lang not in ("zh", "ja", "th") else fold_nospace(s.text)
        if ft.count(fs) == 1:
            keep.append(s)
    return keep


# ---------------------------------------------------------------------------------------------
# helpers for transforms


def words_of(s: str) -> list[str]:
    return s.split()


def lcfirst(s: str, doc_words: set[str]) -> str:
    w = s.split(" ", 1)[0]
    if w[:1].isupper() and not any(c.isupper() for c in w[1:]) and w.lower() in doc_words:
        return s[0].lower() + s[1:]
    return s


def ucfirst(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


def has_limit(text: str, lang: str) -> bool:
    lex = L.LIMIT[lang]
    if lang in ("zh", "ja", "ko", "th"):
        return any(w in text for w in lex)
    toks = re.findall(r"[\w'’-]+", text.lower())
    for t in toks:
        if t in lex or t.replace("’", "'") in lex:
            return True
        if lang == "fr" and re.match(r"^(n|s|qu|lorsqu|jusqu)['’]", t):
            return True
        if lang == "en" and t.endswith("n't"):
            return True
    return False


def strip_end(s: str) -> str:
    return re.sub(r"[\s,;:、，；：]+$", "", s)


def strip_final_period(s: str) -> str:
    return re.sub(r"[.。]$", "", s)


def end_of(s: str) -> str:
    m = re.search(r"[.!?。！？:：]$", s)
    return m.group(0) if m else ""


def sub_one(s: str, pattern: str, repl: str, rng: random.Random, flags: int = 0) -> str | None:
    ms = list(re.finditer(pattern, s, flags))
    if not ms:
        return None
    m = rng.choice(ms)
    return s[: m.start()] + m.expand(repl) + s[m.end() :]


def word_swap(s: str, table: dict[str, str], rng: random.Random, lang: str) -> tuple[str, str, str] | None:
    """Swap one word of `table` (whole word in spaced languages, substring in unspaced)."""
    cands = []
    for k, v in table.items():
        if lang in ("zh", "ja", "th", "ko") and not re.match(r"^[A-Za-z]", k):
            pat = re.escape(k)
        else:
            pat = r"(?<![\w'’-])" + re.escape(k) + r"(?![\w'’-])"
        for m in re.finditer(pat, s):
            cands.append((m.start(), m.end(), v, k))
    if not cands:
        return None
    a, b, v, k = rng.choice(cands)
    return s[:a] + v + s[b:], k, v


# ---------------------------------------------------------------------------------------------
# transforms: each returns a list of (quote, note, source_override_text_or_None)


def t_verbatim(s: Sent, c: Ctx) -> list[Case]:
    return [(s.text, "", None)]


def t_src_linebreaks(s: Sent, c: Ctx) -> list[Case]:
    if "\n" in s.raw and s.raw != s.text:
        return [(s.raw, "source line breaks kept", None)]
    return []


def t_rewrap(s: Sent, c: Ctx) -> list[Case]:
    rng, lang, t = c["rng"], c["lang"], s.text
    if lang in ("zh", "ja"):
        pos = [i for i in range(1, len(t)) if is_cjk_letter(t[i - 1]) and is_cjk_letter(t[i])]
        if not pos:
            return []
        p = rng.choice(pos)
        return [(t[:p] + "\n" + t[p:], "line break between CJK", None)]
    if lang == "th":
        return []
    sp = [m.start() for m in re.finditer(" ", t)]
    if len(sp) < 3:
        return []
    chosen = sorted(rng.sample(sp, min(2, len(sp))))
    q = list(t)
    for p in chosen:
        q[p] = "\n"
    return [("".join(q), "re-wrapped", None)]


def t_quotes(s: Sent, c: Ctx) -> list[Case]:
    t = s.text
    out = []
    if '"' in t and t.count('"') % 2 == 0:
        parts = t.split('"')
        q = parts[0]
        for i, p in enumerate(parts[1:]):
            q += ("“" if i % 2 == 0 else "”") + p
        out.append((q, "straight to curly double", None))
    if re.search(r"\w'\w", t):
        out.append((re.sub(r"(?<=\w)'(?=\w)", "’", t), "apostrophe curled", None))
    if re.search(r"[“”‘’]", t):
        out.append((t.translate(str.maketrans({"“": '"', "”": '"', "‘": "'", "’": "'"})), "curly straightened", None))
    return out


def t_wrapped(s: Sent, c: Ctx) -> list[Case]:
    lang, t = c["lang"], s.text
    w = {"ja": ("「", "」"), "zh": ("“", "”"), "de": ("„", "“"), "fr": ("« ", " »")}.get(lang, ("“", "”"))
    return [(w[0] + t + w[1], "wrapped in quote marks", None), ('"' + t + '"', "wrapped in straight quotes", None)]


def t_german_quotes(s: Sent, c: Ctx) -> list[Case]:
    t = s.text
    if c["lang"] != "de":
        return []
    out = []
    if "„" in t and "“" in t:
        out.append((t.replace("„", "»").replace("“", "«"), "„…“ as »…«", None))
        out.append((t.replace("„", '"').replace("“", '"'), '„…“ as "…"', None))
    if "»" in t:
        out.append((t.replace("»", "„").replace("«", "“"), "»…« as „…“", None))
    if '"' in t and t.count('"') % 2 == 0:
        parts = t.split('"')
        q = parts[0]
        for i, p in enumerate(parts[1:]):
            q += ("„" if i % 2 == 0 else "“") + p
        out.append((q, '"…" as „…“', None))
    return out


def t_french(s: Sent, c: Ctx) -> list[Case]:
    t = s.text
    if c["lang"] != "fr":
        return []
    out = []
    if re.search(r"\s[;:!?]", t):
        out.append((re.sub(r"\s([;:!?])", r"\1", t), "space before ;:!? removed", None))
        out.append((re.sub(r"\s([;:!?])", "\u202f\\1", t), "narrow nbsp before ;:!?", None))
        out.append((re.sub(r"\s([;:!?])", "\u00a0\\1", t), "nbsp before ;:!?", None))
    elif re.search(r"\w[;:!?]", t):
        out.append((re.sub(r"(?<=\w)([;:!?])", " \\1", t), "space added before ;:!?", None))
    if "«" in t:
        out.append((re.sub(r"«\s*", '"', re.sub(r"\s*»", '"', t)), "guillemets as straight quotes", None))
        out.append((re.sub(r"«\s*", "«\u202f", re.sub(r"\s*»", "\u202f»", t)), "guillemets with nnbsp", None))
    return out


def t_dashes(s: Sent, c: Ctx) -> list[Case]:
    t, out = s.text, []
    for src in ["——", "—", "–", " - ", "--"]:
        if src in t:
            for dst in ["——", "—", "–", " - ", "--", "－"]:
                if dst != src and not (src == "——" and dst == "—"):
                    out.append((t.replace(src, dst), f"dash {src!r} as {dst!r}", None))
            break
    return out


def t_nfd(s: Sent, c: Ctx) -> list[Case]:
    q = unicodedata.normalize("NFD", s.text)
    return [(q, "NFD", None)] if q != s.text else []


HALF = {"，": ",", "：": ":", "；": ";", "！": "!", "？": "?", "（": "(", "）": ")"}


def t_cjk_halfwidth(s: Sent, c: Ctx) -> list[Case]:
    t = s.text
    if not any(k in t for k in HALF):
        return []
    a = t.translate(str.maketrans(HALF))
    b = "".join((HALF[ch] + " ") if ch in "，：；！？" else (" (" if ch == "（" else HALF.get(ch, ch)) for ch in t)
    b = re.sub(r" +", " ", b).strip()
    out = [(a, "full-width punctuation typed half-width", None)]
    if b != a:
        out.append((b, "half-width, with spaces as in Latin text", None))
    return out


def t_cjk_fullwidth(s: Sent, c: Ctx) -> list[Case]:
    t = s.text
    inv = {v: k for k, v in HALF.items()}
    q = re.sub(r"(?<=[\u3040-\u9fff])\s*([,:;!?()])\s*", lambda m: inv[m.group(1)], t)
    q = re.sub(r"\s*([,:;!?()])\s*(?=[\u3040-\u9fff])", lambda m: inv[m.group(1)], q)
    return [(q, "half-width punctuation typed full-width", None)] if q != t else []


def t_cjk_space_add(s: Sent, c: Ctx) -> list[Case]:
    t = s.text
    q = re.sub(
        r"(?<=[\u3040-\u30ff\u4e00-\u9fff])(?=[A-Za-z0-9])|(?<=[A-Za-z0-9])(?=[\u3040-\u30ff\u4e00-\u9fff])", " ", t
    )
    return [(q, "space added between CJK and Latin/digits", None)] if q != t else []


def t_cjk_space_remove(s: Sent, c: Ctx) -> list[Case]:
    t = s.text
    q = re.sub(
        r"(?<=[\u3040-\u30ff\u4e00-\u9fff\u3000-\u303f\uff00-\uffef]) +(?=[A-Za-z0-9])|"
        r"(?<=[A-Za-z0-9!)]) +(?=[\u3040-\u30ff\u4e00-\u9fff])",
        "",
        t,
    )
    return [(q, "space removed between CJK and Latin/digits", None)] if q != t else []


def t_paren_space(s: Sent, c: Ctx) -> list[Case]:
    t = s.text
    if re.search(r"[^\W\d_] \(", t):
        return [(re.sub(r"(?<=[^\W\d_]) \(", "(", t), "space before ( removed", None)]
    if c["lang"] in ("ko", "th", "zh", "ja") and re.search(r"[^\W\d_]\(", t):
        return [(re.sub(r"(?<=[^\W\d_])\(", " (", t), "space before ( added", None)]
    return []


def t_trailing_period(s: Sent, c: Ctx) -> list[Case]:
    q = re.sub(r"[.。]$", "", s.text)
    return [(q, "final stop dropped", None)] if q != s.text else []


def t_md_source(s: Sent, c: Ctx) -> list[Case]:
    doc = c["doc"]
    if not doc.source or not c["path"].endswith(".md"):
        return []
    a, b = doc.source_span(s.off, s.off + len(s.raw))
    if a > 0 and doc.source[a - 1] in "[*_`":
        a -= 1
    src = doc.source[a:b]
    if src == s.raw or any(x in src for x in ("<!--", "{{#", "```", "\n\n")):
        return []
    q = join_lines(src, c["lang"], False)
    if fold(q) == fold(s.text):
        return []
    out = [(q, "Markdown source span (markers kept)", None)]
    q2 = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", q)
    q2 = re.sub(r"\[([^\]]+)\]\[[^\]]*\]", r"\1", q2)
    if q2 != q:
        out.append((q2, "Markdown emphasis/code kept, links rendered", None))
    return out


def t_html_source(s: Sent, c: Ctx) -> list[Case]:
    doc = c["doc"]
    if not doc.source or not c["path"].endswith(".html"):
        return []
    a, b = doc.source_span(s.off, s.off + len(s.raw))
    src = doc.source[a:b]
    if "<" not in src and "&" not in src:
        return []
    if "\n\n" in src:
        return []
    return [(join_lines(src, c["lang"], False), "HTML source span (tags kept)", None)]


def long_words(t: str, n: int = 8) -> list[re.Match[str]]:
    return [m for m in re.finditer(rf"(?<![\w-])[^\W\d_]{{{n},}}(?![\w-])", t)]


def _split_long_word(s: Sent, c: Ctx, insert: str, label: str) -> list[Case]:
    """``insert`` in the middle of a long word of the sentence, as a PDF's text layer leaves it."""
    if c["lang"] in L.UNSPACED:
        return []
    ws = long_words(s.text)
    if not ws:
        return []
    m = c["rng"].choice(ws)
    k = len(m.group(0)) // 2
    q = s.text[: m.start() + k] + insert + s.text[m.start() + k :]
    return [(q, f"{label} {m.group(0)!r}", None)]


def t_hyphen_newline(s: Sent, c: Ctx) -> list[Case]:
    return _split_long_word(s, c, "-\n", "PDF hyphen at line end in")


def t_hyphen_space(s: Sent, c: Ctx) -> list[Case]:
    return _split_long_word(s, c, "- ", "PDF copy 'infor- mation' in")


def t_u0002(s: Sent, c: Ctx) -> list[Case]:
    return _split_long_word(s, c, "\u0002", "U+0002 inside")


def t_ligature(s: Sent, c: Ctx) -> list[Case]:
    t = s.text
    q = t.replace("ffi", "ﬃ").replace("ffl", "ﬄ").replace("fi", "ﬁ").replace("fl", "ﬂ").replace("ff", "ﬀ")
    return [(q, "ligatures", None)] if q != t else []


def t_u02bc(s: Sent, c: Ctx) -> list[Case]:
    q = re.sub(r"(?<=\w)['’](?=\w)", "\u02bc", s.text)
    return [(q, "U+02BC apostrophe", None)] if q != s.text else []


def t_nbsp(s: Sent, c: Ctx) -> list[Case]:
    rng = c["rng"]
    if " " not in s.text:
        return []
    q = "".join(ch if ch != " " or rng.random() < 0.5 else "\u00a0" for ch in s.text)
    return [(q, "no-break spaces", None)]


def t_zwsp(s: Sent, c: Ctx) -> list[Case]:
    rng, t = c["rng"], s.text
    pos = [i for i in range(1, len(t)) if t[i - 1].isalpha() and t[i].isalpha()]
    if not pos:
        return []
    q = list(t)
    for p in sorted(rng.sample(pos, min(3, len(pos))), reverse=True):
        q.insert(p, rng.choice(["\u200b", "\u2060", "\ufeff"]))
    return [("".join(q), "zero-width characters", None)]


def t_soft_hyphen(s: Sent, c: Ctx) -> list[Case]:
    ws = long_words(s.text) if c["lang"] not in L.UNSPACED else []
    if not ws:
        return []
    m = c["rng"].choice(ws)
    k = len(m.group(0)) // 2
    return [(s.text[: m.start() + k] + "\u00ad" + s.text[m.start() + k :], "soft hyphen", None)]


def t_pua(s: Sent, c: Ctx) -> list[Case]:
    t = s.text
    if "(" not in t:
        return []
    return [(t.replace("(", "\uf028").replace(")", "\uf029"), "private-use glyphs for ( )", None)]


def t_lookalike(s: Sent, c: Ctx) -> list[Case]:
    rng, lang, t = c["rng"], c["lang"], s.text
    if lang == "ru":
        ws = [m for m in re.finditer(r"[А-Яа-яЁё]{4,}", t) if any(ch in L.LOOKALIKE_CYR2LAT for ch in m.group(0))]
        table = L.LOOKALIKE_CYR2LAT
    elif lang in ("en", "de", "fr", "pt"):
        ws = [
            m
            for m in re.finditer(r"(?<![\w])[A-Za-z]{4,}(?![\w])", t)
            if any(ch in L.LOOKALIKE_LAT2CYR for ch in m.group(0))
        ]
        table = L.LOOKALIKE_LAT2CYR
    else:
        return []
    if not ws:
        return []
    m = rng.choice(ws)
    w = m.group(0)
    idx = [i for i, ch in enumerate(w) if ch in table]
    i = rng.choice(idx)
    w2 = w[:i] + table[w[i]] + w[i + 1 :]
    return [(t[: m.start()] + w2 + t[m.end() :], f"look-alike letter in {w!r}", None)]


# --- neutral cuts ---------------------------------------------------------------------------


def t_discourse_cut(s: Sent, c: Ctx) -> list[Case]:
    lang, t = c["lang"], s.text
    out = []
    for mk in L.DISCOURSE[lang]:
        if t.startswith(mk) and len(t) > len(mk) + 10:
            rest = t[len(mk) :].lstrip(" ,，、")
            if lang in ("ko", "th", "ru", "de") and rest and not mk.endswith((",", "，", "、")):
                pass
            if not rest or (lang not in L.UNSPACED and len(rest.split()) < 5):
                return []
            out.append((rest, f"left out {mk!r}", None))
            out.append(("… " + rest if lang not in ("zh", "ja") else "…" + rest, f"'…' for {mk!r}", None))
            if rest[0].islower():
                out.append((ucfirst(rest), f"left out {mk!r}, capitalised", None))
            return out
    return []


def t_and_clause_cut(s: Sent, c: Ctx) -> list[Case]:
    lang, t = c["lang"], s.text
    j = L.AND_JOIN.get(lang)
    if not j or t.count(j) != 1:
        return []
    left, right = t.split(j)
    nxt = right.split(" ", 1)[0].lower()
    if nxt not in L.CLAUSE_START[lang] or len(left.split()) < 5 or len(right.split()) < 5:
        return []
    if has_limit(left, lang) or has_limit(right, lang):
        return []  # keep it clean: nothing limiting anywhere
    return [
        (left, "left out ', and <clause>'", None),
        (left + " …", "left out ', and <clause>' with …", None),
        (right, "left out '<clause>, and'", None),
    ]


def t_semicolon_cut(s: Sent, c: Ctx) -> list[Case]:
    lang, t = c["lang"], s.text
    sep = "；" if lang in ("zh", "ja") else "; "
    if t.count(sep) != 1:
        return []
    left, right = t.split(sep)
    if lang in L.UNSPACED:
        if len(left) < 10 or len(right) < 10:
            return []
    elif len(left.split()) < 5 or len(right.split()) < 5:
        return []
    if has_limit(left, lang) or has_limit(right, lang):
        return []
    return [(left, "left out '; <clause>'", None), (right, "left out '<clause>;'", None)]


def t_examples_cut(s: Sent, c: Ctx) -> list[Case]:
    lang, t = c["lang"], s.text
    for mk in L.EXAMPLES[lang]:
        i = t.find(mk)
        if i <= 0:
            continue
        left, ex = t[:i], t[i + len(mk) :]
        if lang in L.UNSPACED:
            if len(ex) > 40 or len(left) < 10:
                continue
        elif len(ex.split()) > 10 or len(left.split()) < 5:
            continue
        if has_limit(ex, lang) or re.search(r"[,，、;；]\s*\w+\s+(is|are|was|ist|sind|est|sont|é|são|это)\b", ex):
            continue
        left = strip_end(left)
        return [
            (left, f"left out trailing examples {mk.strip()!r}", None),
            (left + " …", "trailing examples as …", None),
        ]
    return []


REF_RE = re.compile(
    r"\s*(\[(?:RFC ?\d+|[A-Z][A-Za-z-]+(?: et al\.)?,? ?\d{4}[a-z]?(?:[,;] [^\]]+)?|[A-Z]{2,8}|\d{1,3})\]|"
    r"\((?:see |cf\. )?(?:Section|Sections|Appendix|Figure|Table|Listing|Chapter) [^)]{1,30}\))"
    r"(?=[.]?$)"
)


def t_reference_cut(s: Sent, c: Ctx) -> list[Case]:
    t = s.text
    m = REF_RE.search(t)
    if not m:
        return []
    left = t[: m.start()].rstrip()
    if len(left.split()) < 5:
        return []
    return [
        (left + ".", f"left out trailing reference {m.group(1)!r}", None),
        (left, f"left out trailing reference {m.group(1)!r}, no stop", None),
    ]


def frame_source(s: Sent, c: Ctx, template: str) -> tuple[dict[str, str], str]:
    """The section text with sentence s written inside a frame; returns the override mapping."""
    doc, lang = c["doc"], c["lang"]
    S = s.text
    s0 = re.sub(r"[.。!?！？:：]$", "", S)
    low = lcfirst(S, c["doc_words"]) if lang not in L.UNSPACED and lang != "ko" else S
    framed = template.format(s=low, S=S, s0=s0)
    mapping = {}
    for sec in doc.sections:  # sections may overlap (a PDF's pages and headings): frame it in each
        if sec.start <= s.off and s.off + len(s.raw) <= sec.end:
            rel = s.off - sec.start
            mapping[sec.id] = sec.text[:rel] + framed + sec.text[rel + len(s.raw) :]
    return mapping, framed


def make_frame_transform(kind: str) -> Transform:
    def f(s: Sent, c: Ctx) -> list[Case]:
        lang = c["lang"]
        out = []
        for tpl in L.FRAMES[lang].get(kind) or []:
            if "{s0}" in tpl and lang != "th" and not re.search(r"[.。]$", s.text):
                continue
            if lang == "ko" and "{s0}" in tpl and not re.search(r"다\.$", s.text):
                continue
            if lang == "ja" and "{s0}" in tpl and not re.search(r"(ます|です|る|た|だ)。$", s.text):
                continue
            mapping, _framed = frame_source(s, c, tpl)
            if not mapping:
                continue
            out.append((s.text, f"template {tpl!r}", mapping))
            low = lcfirst(s.text, c["doc_words"]) if lang not in L.UNSPACED and lang != "ko" else s.text
            if "{s}" in tpl and low != s.text:  # the quote as the source now reads it, lower case
                out.append((low, f"template {tpl!r} (quoted in lower case)", mapping))
        return out

    return f


# --- unprovable harmless ----------------------------------------------------------------------


def t_british(s: Sent, c: Ctx) -> list[Case]:
    r = word_swap(
        s.text, {**L.BRITISH, **{k.capitalize(): v.capitalize() for k, v in L.BRITISH.items()}}, c["rng"], "en"
    )
    return [(r[0], f"{r[1]!r} spelt {r[2]!r}", None)] if r else []


def t_synonym(s: Sent, c: Ctx) -> list[Case]:
    lang = c["lang"]
    r = word_swap(s.text, L.SYNONYMS[lang], c["rng"], lang)
    if not r:
        return []
    if lang in ("zh", "ja", "ko", "th") and has_limit(r[2], lang):
        return []
    return [(r[0], f"paraphrased {r[1]!r} as {r[2]!r}", None)]


PAREN_RE = re.compile(r"(\s?)\(([^()]{1,80})\)|(\s?)（([^（）]{1,40})）")


def _parens(s: Sent, c: Ctx) -> list[tuple[re.Match[str], str, bool]]:
    """(match, inner, glued) for each parenthetical of the sentence."""
    lang, t = c["lang"], s.text
    out = []
    for m in PAREN_RE.finditer(t):
        inner = m.group(2) if m.group(2) is not None else m.group(4)
        space = (m.group(1) if m.group(2) is not None else m.group(3)) or ""
        if m.start() < 4 or has_limit(inner, lang) or REF_RE.fullmatch(m.group(0)):
            continue
        prev = t[m.start() - 1] if not space else t[m.start() - 1 - 0]
        glued = not space
        if glued and lang in ("en", "de", "fr", "pt", "ru"):
            continue  # a call or an index (f(x)), not an aside
        if glued and not (is_cjk_letter(prev) or is_hangul(prev) or is_thai(prev)):
            continue
        out.append((m, inner, glued))
    return out


def _drop_paren(
    s: Sent, c: Ctx, keep: Callable[[tuple[re.Match[str], str, bool]], bool], label: str, *, strip: bool = True
) -> list[Case]:
    """One of the sentence's parentheticals that ``keep`` picks, left out with no ellipsis."""
    ps = [p for p in _parens(s, c) if keep(p)]
    if not ps:
        return []
    m, _inner, _ = c["rng"].choice(ps)
    q = s.text[: m.start()] + s.text[m.end() :]
    return [(q, label.format(m.group(0).strip() if strip else m.group(0)), None)]


def t_paren_dropped(s: Sent, c: Ctx) -> list[Case]:
    return _drop_paren(
        s,
        c,
        lambda p: not p[2] and not re.search(r"[\d\"'“”‘’<>=]", p[1]),
        "parenthetical {0!r} dropped without ellipsis",
    )


def t_paren_punct_dropped(s: Sent, c: Ctx) -> list[Case]:
    return _drop_paren(
        s,
        c,
        lambda p: not p[2] and bool(re.fullmatch(r"\s*[\"'“‘][^\w\s]{1,3}[\"'”’]\s*", p[1])),
        "parenthetical naming a character {0!r} dropped",
    )


def t_gloss_dropped(s: Sent, c: Ctx) -> list[Case]:
    return _drop_paren(
        s, c, lambda p: p[2] and not re.search(r"\d", p[1]), "gloss {0!r} glued to the word dropped", strip=False
    )


def t_number_regroup(s: Sent, c: Ctx) -> list[Case]:
    t = s.text
    ms = (
        list(re.finditer(r"(?<![\d.,])\d{1,3}(?:,\d{3})+(?![\d,])", t))
        if c["lang"] in ("en", "ja", "zh", "ko", "th")
        else list(re.finditer(r"(?<![\d.,])\d{1,3}(?:\.\d{3})+(?![\d.])", t))
    )
    ms4 = list(re.finditer(r"(?<![\d.,])\d{4,}(?![\d.,])", t))
    out = []
    if ms:
        m = ms[0]
        sep = "," if "," in m.group(0) else "."
        out.append((t[: m.start()] + m.group(0).replace(sep, "") + t[m.end() :], "thousands separator dropped", None))
        out.append((t[: m.start()] + m.group(0).replace(sep, "\u202f") + t[m.end() :], "thin space separator", None))
    elif ms4:
        m = ms4[0]
        v = m.group(0)
        if 1900 <= int(v) <= 2100 or len(v) > 7:
            return []
        g = f"{int(v):,}"
        out.append((t[: m.start()] + g + t[m.end() :], "thousands separator added", None))
    return out


def t_accent_dropped(s: Sent, c: Ctx) -> list[Case]:
    if c["lang"] not in ("de", "fr", "pt"):
        return []
    t = s.text
    ws = [m for m in re.finditer(r"\w*[À-ÿ]\w*", t) if len(m.group(0)) > 3]
    if not ws:
        return []
    m = c["rng"].choice(ws)
    w = m.group(0)
    if c["lang"] == "de":
        w2 = (
            w.replace("ä", "ae")
            .replace("ö", "oe")
            .replace("ü", "ue")
            .replace("Ä", "Ae")
            .replace("Ö", "Oe")
            .replace("Ü", "Ue")
            .replace("ß", "ss")
        )
    else:
        w2 = "".join(ch for ch in unicodedata.normalize("NFD", w) if not unicodedata.combining(ch))
    if w2 == w:
        return []
    return [(t[: m.start()] + w2 + t[m.end() :], f"{w!r} written {w2!r}", None)]


# --- harmful --------------------------------------------------------------------------------


def regex_edit(table_name: str) -> Transform:
    def f(s: Sent, c: Ctx) -> list[Case]:
        lang, rng, t = c["lang"], c["rng"], s.text
        table = getattr(L, table_name).get(lang, [])
        opts = [(p, r) for p, r in table if re.search(p, t)]
        if not opts:
            return []
        p, r = rng.choice(opts)
        q = sub_one(t, p, r, rng)
        if not q or q == t:
            return []
        return [(re.sub(r"  +", " ", q), f"{table_name}: /{p}/ -> {r!r}", None)]

    return f


def swap_edit(table_name: str) -> Transform:
    def f(s: Sent, c: Ctx) -> list[Case]:
        lang = c["lang"]
        table = getattr(L, table_name).get(lang, {})
        if isinstance(table, list):
            d = {}
            for a, b in table:
                d.setdefault(a, b)
                d.setdefault(b, a)
            table = d
        r = word_swap(s.text, table, c["rng"], lang)
        if not r:
            return []
        return [(r[0], f"{r[1]!r} -> {r[2]!r}", None)]

    return f


def t_number_changed(s: Sent, c: Ctx) -> list[Case]:
    t = s.text
    ms = list(re.finditer(r"(?<![\d.,])\d+(?:\.\d+)?(?![\d])", t))
    if not ms:
        return []
    m = c["rng"].choice(ms)
    v = m.group(0)
    if "." in v:
        a, b = v.split(".")
        nv = a + "." + str((int(b[-1]) + 1) % 10).join([b[:-1], ""])
    else:
        nv = str(int(v) + 1) if int(v) % 10 != 9 else str(int(v) - 1)
    return [(t[: m.start()] + nv + t[m.end() :], f"{v} -> {nv}", None)]


NEG_OK_AFTER_COND = True


def t_cond_cut_lead(s: Sent, c: Ctx) -> list[Case]:
    lang, t = c["lang"], s.text
    out = []
    if lang in L.COND_LEAD:
        for mk in L.COND_LEAD[lang]:
            if re.match(re.escape(mk) + r"\b", t):
                # the main clause: after the first comma (", then" too)
                i = t.find(", ")
                if i < 0:
                    return []
                rest = t[i + 2 :]
                rest = re.sub(r"^(then|dann|alors|então|то)\s+", "", rest)
                if len(rest.split()) < 5:
                    return []
                out = [
                    (rest, f"left out leading condition {t[: i + 1]!r}", None),
                    ("… " + rest, "leading condition as …", None),
                    (ucfirst(rest), "left out leading condition, capitalised", None),
                ]
                return out
        return []
    mode, marks = L.COND_MARK.get(lang, (None, []))
    if mode == "prefix":
        for mk in marks:
            if t.startswith(mk):
                if lang == "zh":
                    i = t.find("，")
                    if i < 0:
                        return []
                    rest = t[i + 1 :]
                else:  # th: first space after the condition
                    i = t.find(" ", len(mk) + 4)
                    if i < 0:
                        return []
                    rest = t[i + 1 :]
                if len(rest) < 10:
                    return []
                return [
                    (rest, f"left out leading condition {t[: len(t) - len(rest)]!r}", None),
                    ("…" + rest, "leading condition as …", None),
                ]
        return []
    if mode == "suffix":
        best = None
        for mk in marks:
            i = t.find(mk)
            if i > 0 and (best is None or i < best[0]):
                best = (i, mk)
        if not best:
            return []
        i, mk = best
        rest = t[i + len(mk) :].lstrip(" ,、")
        if len(rest) < 10:
            return []
        return [
            (rest, f"left out condition {t[: i + len(mk)]!r}", None),
            ("…" + rest if lang == "ja" else "… " + rest, "condition as …", None),
        ]
    return []


QWORD_BEFORE = re.compile(
    r"\b(know|knows|decide|decides|determine|determines|check|checks|see|ask|asks|whether|"
    r"about|wonder|test|tests|tell|choose|understand|specify|specifies|indicate|indicates|"
    r"define|explain|how|and|or|decides|deciding|momento|момента|тех пор|времени)\s*$",
    re.I,
)


def t_cond_cut_trail(s: Sent, c: Ctx, exceptions: bool = False) -> list[Case]:
    lang, t = c["lang"], s.text
    for mk in L.COND_TRAIL.get(lang, []):
        is_exc = any(e in mk for e in L.EXCEPTION_WORDS)
        if is_exc != exceptions:
            continue
        i = t.find(mk)
        if i <= 0:
            continue
        left = t[:i]
        after = t[i + len(mk) :]
        if lang in L.UNSPACED:
            if len(left) < 10:
                continue
        else:
            if len(left.split()) < 5:
                continue
            if QWORD_BEFORE.search(left):
                continue
            if mk.strip() in ("when", "if") and re.match(r"(to|it comes)\b", after):
                continue
            if (
                lang == "fr"
                and mk.strip() == "si"
                and not re.match(
                    r"(vous|nous|on|il|elle|ils|elles|le|la|les|l['’]|un|une|ce|cette|votre|notre|c['’]|rien)\b", after
                )
            ):
                continue
            if (
                lang == "pt"
                and mk.strip() in ("se", "caso")
                and not re.match(r"(o|a|os|as|um|uma|você|nós|ele|ela|eles|elas|houver|isso|não)\b", after)
            ):
                continue
            if lang == "pt" and mk.strip() == "se" and not mk.startswith(","):
                continue
        if re.search(r"[;；]\s*$", left) or (mk.startswith(",") and lang == "en" and re.search(r",\s*$", left)):
            continue  # the condition opens the next clause: it does not limit the quoted one
        left = strip_end(left)
        return [
            (left, f"left out trailing {mk.strip()!r} clause", None),
            (left + (" …" if lang not in ("zh", "ja") else "…"), f"trailing {mk.strip()!r} clause as …", None),
            (left + ("." if lang not in ("zh", "ja") else "。"), f"trailing {mk.strip()!r} clause, stop added", None),
        ]
    return []


def t_contrast_cut(s: Sent, c: Ctx) -> list[Case]:
    lang, t = c["lang"], s.text
    best = None
    for mk in L.CONTRAST.get(lang, []):
        i = t.find(mk)
        if i > 0 and (best is None or i < best[0]):
            best = (i, mk)
    if not best:
        return []
    i, mk = best
    if lang == "ja":
        conj = mk.rstrip("、")
        for p in ("ます", "です", "ません", "た", "だ"):
            if conj.startswith(p) and conj != p:
                i += len(p)
                break
        left = t[:i]
    elif lang == "ko":
        k = mk.rstrip(", ")
        left = t[: i + len(k)] if k not in ("그러나", "하지만") else t[:i]
    else:
        left = t[:i]
    left = strip_end(left)
    if (lang in L.UNSPACED and len(left) < 10) or (lang not in L.UNSPACED and len(left.split()) < 5):
        return []
    return [
        (left, f"left out following contrast {t[i : i + 30]!r}…", None),
        (left + (" …" if lang not in ("zh", "ja") else "…"), "following contrast as …", None),
    ]


def t_hedge_cut(s: Sent, c: Ctx) -> list[Case]:
    lang, t = c["lang"], s.text
    for mk in L.HEDGE[lang]:
        if t.startswith(mk) and (lang in L.UNSPACED or re.match(re.escape(mk) + r"[\s,]", t)):
            rest = t[len(mk) :].lstrip(" ,，、")
            if (lang in L.UNSPACED and len(rest) < 10) or (lang not in L.UNSPACED and len(rest.split()) < 4):
                return []
            return [
                (rest, f"left out leading hedge {mk!r}", None),
                (("… " if lang not in ("zh", "ja") else "…") + rest, "leading hedge as …", None),
            ]
    if lang == "en":
        m = re.search(r"\b(often|usually|typically|generally|sometimes|probably|possibly|likely|rarely)\s+", t)
        if m and len(t[m.end() :].split()) >= 5:
            return [(t[m.end() :], f"quote starts right after {m.group(1)!r}", None)]
    return []


def t_only_cut(s: Sent, c: Ctx) -> list[Case]:
    t = s.text
    m = re.match(
        r"(Only|Not all|Nur|Nicht alle|Seulement|Seuls|Pas tous|Apenas|Somente|Nem todos|Только|Не все|"
        r"只有|并非所有|仅)\s*",
        t,
    )
    if not m:
        return []
    rest = t[m.end() :]
    if len(rest) < 12:
        return []
    return [(rest, f"left out restrictive {m.group(1)!r}", None)]


QUOTED_NAME = re.compile(r"[\"“](none|no|not|never|all|any|nothing|null|false|every|only)[\"”]", re.I)


def t_unquote_name(s: Sent, c: Ctx) -> list[Case]:
    ms = list(QUOTED_NAME.finditer(s.text))
    if not ms:
        return []
    m = ms[0]
    q = s.text[: m.start()] + m.group(1) + s.text[m.end() :]
    return [(q, f"quote marks dropped around the name {m.group(0)!r}", None)]


NEG_WORD = {
    "en": r"\b(?:not|never)\s+",
    "de": r"\b(?:nicht|nie|niemals)\s+",
    "fr": r"\b(?:pas|jamais)\s+",
    "pt": r"\b(?:não|nunca)\s+",
    "ru": r"\b(?:не|никогда)\s+",
    "zh": r"(?:不|没有)",
    "ko": r"\b(?:안|못)\s+",
}


def t_neg_before_cut(s: Sent, c: Ctx) -> list[Case]:
    lang, t = c["lang"], s.text
    pat = NEG_WORD.get(lang)
    if not pat:
        return []
    for m in re.finditer(pat, t):
        rest = t[m.end() :]
        if (lang == "zh" and len(rest) >= 10) or (lang != "zh" and len(rest.split()) >= 5):
            return [(rest, f"quote starts right after the negation {m.group(0).strip()!r}", None)]
    return []


def t_neg_after_cut(s: Sent, c: Ctx) -> list[Case]:
    lang, t = c["lang"], s.text
    pat = NEG_WORD.get(lang)
    if not pat or lang in ("fr",):
        return []
    for m in re.finditer(pat, t):
        left = t[: m.start()].rstrip()
        if re.search(r"[.:;。：；!?！？]$", left):
            continue
        if (lang == "zh" and len(left) >= 10) or (lang != "zh" and len(left.split()) >= 5):
            return [(left, f"quote stops right before the negation {m.group(0).strip()!r}", None)]
    return []


def t_splice(s: Sent, c: Ctx) -> list[Case]:
    rng, lang = c["rng"], c["lang"]
    others = [o for o in c["sents"] if o.sec == s.sec and o.idx != s.idx]
    if not others:
        return []
    o = rng.choice(others)
    if lang in L.UNSPACED:
        a, b = s.text, o.text
        if len(a) < 16 or len(b) < 16:
            return []
        q = a[: len(a) // 2] + b[len(b) // 2 :]
    else:
        a, b = s.text.split(), o.text.split()
        q = " ".join(a[: max(3, len(a) // 2)] + b[len(b) // 2 :])
    return [(q, "two sentences spliced (head of one, tail of another)", None)]


STRICT_LIMIT = {
    "en": r"\b(not|never|no|if|unless|except|only|often|usually|but|cannot)\b|n't\b",
    "de": r"\b(nicht|kein\w*|nie|niemals|wenn|falls|außer|nur|oft|aber|vielleicht)\b",
    "fr": r"\b(ne|n'|pas|jamais|si|sauf|seulement|souvent|mais|peut-être)\b",
    "pt": r"\b(não|nunca|se|exceto|apenas|somente|mas|talvez)\b",
    "ru": r"\b(не|нет|никогда|если|кроме|только|но|возможно|часто)\b",
    "zh": r"不|没有|如果|除非|只有|但|可能",
    "ja": r"ない|ません|場合|ただし|だけ|が、|かもしれ",
    "ko": r"않|없|면|지만|경우|아마|만 ",
    "th": r"ไม่|ถ้า|หาก|แต่|ยกเว้น|เท่านั้น",
}


def t_ellipsis_over_limit(s: Sent, c: Ctx) -> list[Case]:
    lang, t, rng = c["lang"], s.text, c["rng"]
    ms = [m for m in re.finditer(STRICT_LIMIT[lang], t)]
    if lang in L.UNSPACED:
        ms = [m for m in ms if m.start() >= 6 and len(t) - m.end() >= 6]
        if not ms:
            return []
        m = rng.choice(ms)
        q = t[: m.start()].rstrip("，、") + "…" + t[m.end() :].lstrip("，、")
        return [(q, f"internal ellipsis over {m.group(0)!r}", None)]
    ms = [m for m in ms if len(t[: m.start()].split()) >= 3 and len(t[m.end() :].split()) >= 3]
    if not ms:
        return []
    m = rng.choice(ms)
    q = t[: m.start()].rstrip(" ,") + " … " + t[m.end() :].lstrip(" ,")
    return [(re.sub(r"\s+", " ", q), f"internal ellipsis over {m.group(0)!r}", None)]


def t_splice_ellipsis(s: Sent, c: Ctx) -> list[Case]:
    lang = c["lang"]
    nxt = [o for o in c["sents"] if o.sec == s.sec and o.idx == s.idx + 1]
    if not nxt:
        return []
    o = nxt[0]
    if lang in L.UNSPACED:
        a, b = s.text, o.text
        ha, hb = a[: len(a) // 2], b[len(b) // 2 :]
        left_out = a[len(a) // 2 :] + b[: len(b) // 2]
        q = ha + "…" + hb
    else:
        a, b = s.text.split(), o.text.split()
        ha, hb = a[: len(a) // 2], b[len(b) // 2 :]
        left_out = " ".join(a[len(a) // 2 :] + b[: len(b) // 2])
        q = " ".join(ha) + " … " + " ".join(hb)
    if not re.search(STRICT_LIMIT[lang], left_out):
        return []
    return [(q, f"ellipsis across two sentences over {left_out[:80]!r}", None)]


TRANSFORMS = [
    # name, kind, function   (kind: clean | unprovable | lookalike | harmful)
    ("verbatim", "clean", t_verbatim),
    ("src_linebreaks", "clean", t_src_linebreaks),
    ("rewrap", "clean", t_rewrap),
    ("quotes", "clean", t_quotes),
    ("wrapped", "clean", t_wrapped),
    ("german_quotes", "clean", t_german_quotes),
    ("french_spacing", "clean", t_french),
    ("dashes", "clean", t_dashes),
    ("nfd", "clean", t_nfd),
    ("cjk_halfwidth", "clean", t_cjk_halfwidth),
    ("cjk_fullwidth", "clean", t_cjk_fullwidth),
    ("cjk_space_add", "clean", t_cjk_space_add),
    ("cjk_space_remove", "clean", t_cjk_space_remove),
    ("paren_space", "clean", t_paren_space),
    ("trailing_period", "clean", t_trailing_period),
    ("md_source", "clean", t_md_source),
    ("hyphen_newline", "clean", t_hyphen_newline),
    ("u0002", "clean", t_u0002),
    ("ligature", "clean", t_ligature),
    ("u02bc", "clean", t_u02bc),
    ("nbsp", "clean", t_nbsp),
    ("zero_width", "clean", t_zwsp),
    ("soft_hyphen", "clean", t_soft_hyphen),
    ("pua_brackets", "clean", t_pua),
    ("discourse_cut", "clean", t_discourse_cut),
    ("and_clause_cut", "clean", t_and_clause_cut),
    ("semicolon_cut", "clean", t_semicolon_cut),
    ("examples_cut", "clean", t_examples_cut),
    ("reference_cut", "clean", t_reference_cut),
    ("frame_neutral", "clean", make_frame_transform("clean")),
    ("lookalike", "lookalike", t_lookalike),
    ("html_source", "unprovable", t_html_source),
    ("hyphen_space", "unprovable", t_hyphen_space),
    ("british", "unprovable", t_british),
    ("synonym", "unprovable", t_synonym),
    ("paren_dropped", "unprovable", t_paren_dropped),
    ("paren_punct_dropped", "unprovable", t_paren_punct_dropped),
    ("gloss_dropped", "unprovable", t_gloss_dropped),
    ("number_regroup", "unprovable", t_number_regroup),
    ("accent_dropped", "unprovable", t_accent_dropped),
    ("negation_inserted", "harmful", regex_edit("NEG_INSERT")),
    ("negation_removed", "harmful", regex_edit("NEG_REMOVE")),
    ("number_changed", "harmful", t_number_changed),
    ("quantifier_changed", "harmful", swap_edit("QUANT_SWAP")),
    ("modal_changed", "harmful", swap_edit("MODAL_SWAP")),
    ("opposite", "harmful", swap_edit("OPPOSITES")),
    ("condition_cut", "harmful", t_cond_cut_lead),
    ("trailing_condition_cut", "harmful", lambda s, c: t_cond_cut_trail(s, c, False)),
    ("exception_cut", "harmful", lambda s, c: t_cond_cut_trail(s, c, True)),
    ("contrast_cut", "harmful", t_contrast_cut),
    ("hedge_cut", "harmful", t_hedge_cut),
    ("only_cut", "harmful", t_only_cut),
    ("frame_distancing", "harmful", make_frame_transform("distancing")),
    ("frame_negating", "harmful", make_frame_transform("negating")),
    ("frame_hedge", "harmful", make_frame_transform("hedge")),
    ("frame_condition", "harmful", make_frame_transform("condition")),
    ("frame_exception", "harmful", make_frame_transform("exception")),
    ("frame_contrast", "harmful", make_frame_transform("contrast")),
    ("frame_condition_trail", "harmful", make_frame_transform("condition_trail")),
    ("frame_scope", "harmful", make_frame_transform("scope")),
    ("unquote_name", "harmful", t_unquote_name),
    ("neg_before_cut", "harmful", t_neg_before_cut),
    ("neg_after_cut", "harmful", t_neg_after_cut),
    ("splice", "harmful", t_splice),
    ("ellipsis_over_limit", "harmful", t_ellipsis_over_limit),
    ("splice_ellipsis", "harmful", t_splice_ellipsis),
]

# transforms whose applicable sentences are rare: try every sentence
RARE = {
    "discourse_cut",
    "and_clause_cut",
    "semicolon_cut",
    "examples_cut",
    "reference_cut",
    "condition_cut",
    "trailing_condition_cut",
    "exception_cut",
    "contrast_cut",
    "hedge_cut",
    "only_cut",
    "british",
    "number_regroup",
    "dashes",
    "german_quotes",
    "french_spacing",
    "paren_dropped",
    "quotes",
    "synonym",
    "opposite",
    "quantifier_changed",
    "modal_changed",
    "negation_removed",
    "html_source",
    "md_source",
    "paren_punct_dropped",
    "gloss_dropped",
    "unquote_name",
    "neg_before_cut",
    "neg_after_cut",
}


# ---------------------------------------------------------------------------------------------


def run(args: argparse.Namespace) -> tuple[list[dict[str, Any]], float]:
    results = []
    t0 = time.time()
    for set_name, lang, rel in DOCS:
        if args.set and set_name != args.set:
            continue
        if args.lang and lang != args.lang:
            continue
        path = os.path.join(FIX, rel)
        if not os.path.exists(path):
            continue
        doc = parse_file(path)
        pdf = rel.endswith(".pdf")
        sents = sentences(doc, lang, pdf)
        if not sents:
            continue
        doc_words = set(re.findall(r"\w+", doc.text))
        ftext = fold(doc.text)
        ftext_ns = fold_nospace(doc.text)
        for name, kind, fn in TRANSFORMS:
            if args.only and name not in args.only.split(","):
                continue
            rng = random.Random(f"{args.seed}|{rel}|{name}")
            order = sents[:]
            rng.shuffle(order)
            limit = args.per * (3 if name in RARE else 1)
            if name.startswith("frame_"):
                limit = max(2, args.per // 2)
            n = 0
            for s in order:
                if n >= limit:
                    break
                ctx = {"rng": rng, "lang": lang, "doc": doc, "path": path, "sents": sents, "doc_words": doc_words}
                try:
                    outs = fn(s, ctx)
                except Exception as e:  # a probe bug: report, keep going
                    print(f"! transform {name} failed on {rel}: {e!r}", file=sys.stderr)
                    outs = []
                if not outs:
                    continue
                n += 1
                for quote, note, override in outs:
                    if kind != "clean" and kind != "lookalike" and override is None and kind != "unprovable":
                        # a harmful edit that the document holds elsewhere is no edit
                        fq = fold(quote).strip(" .。…")
                        fq_ns = re.sub(r"\s", "", fq)
                        here = fold(s.text).count(fq) if fq in fold(s.text) else 0
                        here_ns = fold_nospace(s.text).count(fq_ns)
                        if not fq or ftext.count(fq) > here or ftext_ns.count(fq_ns) > here_ns:
                            continue
                    if override is None and kind != "clean" and quote == s.text:
                        continue
                    document = override if override is not None else doc
                    loc = locate(document, Citation(id="x", claim="-", quote=quote, section=None))
                    results.append(
                        {
                            "set": set_name,
                            "lang": lang,
                            "doc": rel,
                            "transform": name,
                            "kind": kind,
                            "quote": quote,
                            "source": s.text,
                            "note": note,
                            "status": loc.status,
                            "flags": list(loc.flags),
                            "reason": loc.reason,
                        }
                    )
    return results, time.time() - t0


def verdict(r: dict[str, Any]) -> str | None:
    """failure class or None."""
    st, fl, k = r["status"], r["flags"], r["kind"]
    if k == "clean":
        if st != "found":
            return "harmless_missing"
        if fl:
            return "clean_flagged"
    elif k == "unprovable":
        if st != "found":
            return "harmless_missing"
    elif k == "lookalike":
        if st != "found":
            return "harmless_missing"
        if "look_alike" not in fl:
            return "lookalike_unflagged"
    elif k == "harmful" and st == "found" and not fl:
        return "harmful_accepted"
    return None


def report(results: list[dict[str, Any]], elapsed: float, n_ex: int) -> None:
    groups = collections.OrderedDict()
    for r in results:
        key = r["set"] if r["set"] != "languages" else f"languages/{r['lang']}"
        groups.setdefault(key, []).append(r)

    print(f"{len(results)} cases in {elapsed:.1f} s\n")
    print("SUMMARY (per set / language)")
    print(
        f"{'set':18} {'cases':>6} {'harmless':>9} {'h.missing':>9} {'clean':>6} {'c.flagged':>9} "
        f"{'harmful':>8} {'accepted':>8} {'lookalike':>9} {'la.unflag':>9}   "
        "accepted = real-text cuts/edits + synthetic frames + scope frames"
    )
    tot = collections.Counter()
    for key, rs in groups.items():
        cnt = collections.Counter()
        for r in rs:
            cnt["cases"] += 1
            if r["kind"] in ("clean", "unprovable", "lookalike"):
                cnt["harmless"] += 1
            if r["kind"] == "clean":
                cnt["clean"] += 1
            if r["kind"] == "harmful":
                cnt["harmful"] += 1
            if r["kind"] == "lookalike":
                cnt["lookalike"] += 1
            v = verdict(r)
            if v:
                cnt[v] += 1
            if v == "harmful_accepted":
                cnt[
                    "acc_real"
                    if not r["transform"].startswith("frame_")
                    else ("acc_scope" if r["transform"] == "frame_scope" else "acc_frame")
                ] += 1
        tot.update(cnt)
        print(
            f"{key:18} {cnt['cases']:6} {cnt['harmless']:9} {cnt['harmless_missing']:9} {cnt['clean']:6} "
            f"{cnt['clean_flagged']:9} {cnt['harmful']:8} {cnt['harmful_accepted']:8} {cnt['lookalike']:9} "
            f"{cnt['lookalike_unflagged']:9}   {cnt['acc_real']} + {cnt['acc_frame']} + {cnt['acc_scope']}"
        )
    print(
        f"{'TOTAL':18} {tot['cases']:6} {tot['harmless']:9} {tot['harmless_missing']:9} {tot['clean']:6} "
        f"{tot['clean_flagged']:9} {tot['harmful']:8} {tot['harmful_accepted']:8} {tot['lookalike']:9} "
        f"{tot['lookalike_unflagged']:9}   {tot['acc_real']} + {tot['acc_frame']} + {tot['acc_scope']}"
    )

    for key, rs in groups.items():
        print(f"\n=== {key}")
        by_t = collections.OrderedDict()
        for r in rs:
            by_t.setdefault(r["transform"], []).append(r)
        print(f"  {'transform':24} {'kind':10} {'cases':>5} {'missing':>7} {'flagged':>7} {'accepted':>8}  failures")
        for tn, trs in by_t.items():
            kind = trs[0]["kind"]
            miss = sum(r["status"] != "found" for r in trs)
            flg = sum(r["status"] == "found" and bool(r["flags"]) for r in trs)
            acc = sum(r["status"] == "found" and not r["flags"] for r in trs)
            fails = [r for r in trs if verdict(r)]
            print(f"  {tn:24} {kind:10} {len(trs):5} {miss:7} {flg:7} {acc:8}  {len(fails) or ''}")
        tmpl = collections.OrderedDict()
        for r in rs:
            if r["transform"].startswith("frame_"):
                c = tmpl.setdefault((r["transform"], r["note"]), [0, 0])
                c[0] += 1
                c[1] += verdict(r) is not None
        bad = [(k, v) for k, v in tmpl.items() if v[1]]
        if bad:
            print("  frame templates with failures (template: failures/cases):")
            for (tn, note), (n, f) in bad:
                print(f"    {tn:22} {note[9:]:70} {f}/{n}")
        for tn, trs in by_t.items():
            fails = collections.OrderedDict()
            for r in trs:
                v = verdict(r)
                if v:
                    fails.setdefault(v, []).append(r)
            for v, frs in fails.items():
                print(f"  -- {tn} / {v}: {len(frs)}")
                for r in frs[:n_ex]:
                    print(f"     quote : {r['quote']!r}")
                    print(f"     source: {r['source']!r}")
                    print(f"     note  : {r['note']}  [{r['doc']}]")
                    print(f"     -> {r['status']} {r['flags']} {r['reason'][:400]!r}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", choices=["rfc", "shapes", "languages", "providers"])
    ap.add_argument("--lang")
    ap.add_argument("--only")
    ap.add_argument("--per", type=int, default=12, help="sentences per document and transform")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--examples", type=int, default=3)
    ap.add_argument("--jsonl")
    args = ap.parse_args()
    results, elapsed = run(args)
    if args.jsonl:
        with open(args.jsonl, "w", encoding="utf-8") as f:
            for r in results:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
    report(results, elapsed, args.examples)


if __name__ == "__main__":
    main()
