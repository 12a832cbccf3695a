# ruff: noqa: RUF001  # full-width punctuation, look-alike quote marks: what these transforms are about
"""What people and models do to a quote, as text functions: the metamorphic suite's transforms.

Written from how quotes get copied, retyped, extracted and trimmed, not from what the matcher
handles: this module imports nothing from citecheck. Each transform takes a `Sentence` (a sentence
or clause of a fixture document, as a reader sees it) and a random generator, and returns the
quote a person or a model would write, or ``None`` when the sentence gives it nothing to do (no
quote marks to straighten, no condition to cut away).

Harmless transforms keep what the sentence says: the quote must be found, with no flag. Harmful
ones change it (a negation, a number, a quantifier, a modal, a condition or exception cut away):
the quote must never be accepted without a flag.
"""

from __future__ import annotations

import html
import random
import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Literal

__all__ = [
    "HARMFUL",
    "HARMLESS",
    "LANGUAGES",
    "TRANSFORMS",
    "Sentence",
    "Transform",
    "collapse",
    "join_lines",
    "strip_markup",
]

LANGUAGES = ("en", "de", "fr", "pt", "ru", "ja", "zh", "ko", "th")
"""The languages of the fixture documents, in the matrix's order."""

Kind = Literal["harmless", "harmful"]

_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f"
_CJK_CHAR = re.compile(f"[{_CJK}]")
_HANGUL = "\uac00-\ud7a3"


@dataclass(frozen=True)
class Sentence:
    """A sentence (or clause) of a fixture document, as a reader sees it.

    Attributes:
        text: The sentence with its line breaks joined as a reader sees them (whitespace collapsed;
            in Chinese and Japanese a line break between two characters joins without a space).
        language: Its language, one of `LANGUAGES`.
        markup: The source's markup, ``"markdown"`` or ``"html"``, or ``None`` for plain text.
        raw: The sentence's span of the source file as written (markup included), when known.
    """

    text: str
    language: str
    markup: str | None = None
    raw: str | None = None


Apply = Callable[[Sentence, random.Random], "str | None"]


@dataclass(frozen=True)
class Transform:
    """One thing done to a quote.

    Attributes:
        name: The matrix's row name.
        kind: ``harmless`` (must be found with no flag) or ``harmful`` (must not be accepted unflagged).
        apply: ``(sentence, rng) -> quote``, or ``None`` when it does not apply to the sentence.
        cut: Whether the quote is a verbatim part of the sentence (a cut), not an edited copy. A
            harmful edit that happens to occur verbatim elsewhere in the document is no edit there,
            so the suite drops it; a cut is verbatim by design.
    """

    name: str
    kind: Kind
    apply: Apply
    cut: bool = False


# --- helpers ------------------------------------------------------------------------------------


def collapse(text: str) -> str:
    """Whitespace runs as one space, ends stripped: how a reader copies wrapped text."""
    return " ".join(text.split())


def join_lines(text: str) -> str:
    """A wrapped paragraph as a reader sees it: one line, CJK line breaks joined without a space.

    A line that ends in a hyphen after a letter joins the next without a space, as a hyphenated
    compound wrapped at its hyphen reads.
    """
    # A reader of Chinese or Japanese types no space where a line broke next to a CJK character.
    text = re.sub(f"(?<=[{_CJK}])[ \\t]*\\n[ \\t]*|[ \\t]*\\n[ \\t]*(?=[{_CJK}])", "", text)
    text = re.sub(r"(?<=[A-Za-z]-)[ \t]*\n[ \t]*(?=[a-z])", "", text)
    return collapse(text)


def _spaced(language: str) -> bool:
    return language not in ("ja", "zh")


def _words(text: str) -> int:
    return len(text.split()) if _spaced_by_words(text) else len(text) // 2


def _spaced_by_words(text: str) -> bool:
    return len(_CJK_CHAR.findall(text)) < len(text) / 4 and not re.search("[\u0e00-\u0e7f]", text)


def _long_enough(text: str) -> bool:
    """Long enough to place by its words: five words, or about ten characters of CJK or Thai."""
    return _words(text) >= 5


def _sub_once(
    pattern: str, repl: str | Callable[[re.Match[str]], str], text: str, rng: random.Random, flags: int = 0
) -> str | None:
    """``text`` with one match of ``pattern`` (picked by ``rng``) replaced, or ``None`` if none."""
    matches = list(re.finditer(pattern, text, flags))
    if not matches:
        return None
    m = rng.choice(matches)
    new = repl(m) if callable(repl) else m.expand(repl)
    return text[: m.start()] + new + text[m.end() :]


def _swap_table(table: Mapping[str, str]) -> dict[str, str]:
    both = dict(table)
    for key, value in table.items():
        both.setdefault(value, key)
    return both


def _swap(text: str, table: Mapping[str, str], rng: random.Random, *, words: bool) -> str | None:
    """One word of ``table`` in ``text`` swapped for its counterpart (case kept for a capital)."""
    keys = sorted(table, key=len, reverse=True)
    alternation = "|".join(re.escape(k) for k in keys)
    pattern = rf"(?<![\w-])(?:{alternation})(?![\w-])" if words else f"(?:{alternation})"
    flags = re.IGNORECASE if words else 0
    matches = list(re.finditer(pattern, text, flags))
    if not matches:
        return None
    m = rng.choice(matches)
    found = m.group(0)
    key = next((k for k in keys if k.lower() == found.lower()), found)
    new = table[key]
    if found.isupper() and len(found) > 1:
        new = new.upper()
    elif found[:1].isupper():
        new = new[:1].upper() + new[1:]
    return text[: m.start()] + new + text[m.end() :]


# --- harmless: typography ------------------------------------------------------------------------

_OPEN_CLOSE = {
    "en": ("“", "”"),
    "de": ("„", "“"),
    "fr": ("« ", " »"),
    "pt": ("“", "”"),
    "ru": ("«", "»"),
    "ja": ("「", "」"),
    "zh": ("“", "”"),
    "ko": ("“", "”"),
    "th": ("“", "”"),
}


def quotes_straightened(s: Sentence, rng: random.Random) -> str | None:
    """Typographic quote marks and apostrophes typed as ASCII ones, as on a plain keyboard."""
    out = re.sub("«[\u00a0\u202f ]?", '"', s.text)
    out = re.sub("[\u00a0\u202f ]?»", '"', out)
    table = str.maketrans({"“": '"', "”": '"', "„": '"', "‘": "'", "’": "'", "‚": "'"})
    out = out.translate(table)
    return out if out != s.text else None


def quotes_curled(s: Sentence, rng: random.Random) -> str | None:
    """ASCII quote marks turned typographic, the language's way (an editor's smart quotes)."""
    if '"' not in s.text and "'" not in s.text:
        return None
    opening, closing = _OPEN_CLOSE[s.language]
    parts = s.text.split('"')
    out = parts[0]
    for i, part in enumerate(parts[1:]):
        out += (opening if i % 2 == 0 else closing) + part
    out = re.sub(r"(?<=\w)'(?=\w)", "’", out)
    out = re.sub(r"'(\w[^']*?)'", r"‘\1’", out)
    return out if out != s.text else None


def quote_wrapped(s: Sentence, rng: random.Random) -> str | None:
    """The whole quote put inside the language's quote marks, as an answer prints it."""
    opening, closing = _OPEN_CLOSE[s.language]
    return opening + s.text + closing


def apostrophe_modifier(s: Sentence, rng: random.Random) -> str | None:
    """Apostrophes as U+02BC, the modifier letter a PDF text layer often has."""
    out = re.sub(r"(?<=\w)['’](?=\w)", "\u02bc", s.text)
    return out if out != s.text else None


_HALF = {"，": ", ", "。": ". ", "：": ": ", "；": "; ", "？": "? ", "！": "! ", "（": " (", "）": ") "}
_FULL = {",": "，", ":": "：", ";": "；", "?": "？", "!": "！", "(": "（", ")": "）"}


def punct_halfwidth(s: Sentence, rng: random.Random) -> str | None:
    """Full-width CJK punctuation typed half-width with a space, as from a Latin keyboard."""
    if s.language not in ("zh", "ja", "ko"):
        return None
    out = s.text
    for full, half in _HALF.items():
        out = out.replace(full, half)
    out = collapse(out)
    return out if out != collapse(s.text) else None


def punct_fullwidth(s: Sentence, rng: random.Random) -> str | None:
    """Half-width punctuation between CJK characters typed full-width, as a CJK input method does."""
    if s.language not in ("zh", "ja"):
        return None
    out = re.sub(
        f"(?<=[{_CJK}])\\s*([,:;?!()])\\s*",
        lambda m: _FULL[m.group(1)],
        s.text,
    )
    return out if out != s.text else None


def cjk_space_added(s: Sentence, rng: random.Random) -> str | None:
    """A space put between CJK and Latin letters or digits, as many writers and models do."""
    if s.language not in ("zh", "ja"):
        return None
    out = re.sub(f"(?<=[{_CJK}])(?=[A-Za-z0-9`])|(?<=[A-Za-z0-9`])(?=[{_CJK}])", " ", s.text)
    out = re.sub(r"(?<=[、。，：；！？（）「」])\s+|\s+(?=[、。，：；！？（）「」])", "", out)
    return out if out != s.text else None


def cjk_space_removed(s: Sentence, rng: random.Random) -> str | None:
    """The spaces between CJK and Latin letters or digits left out."""
    if s.language not in ("zh", "ja"):
        return None
    out = re.sub(f"(?<=[{_CJK}]) +(?=[A-Za-z0-9`])|(?<=[A-Za-z0-9`]) +(?=[{_CJK}])", "", s.text)
    return out if out != s.text else None


def paren_space_toggled(s: Sentence, rng: random.Random) -> str | None:
    """The space before an opening parenthesis added or left out (``함수 (function)`` / ``함수(function)``)."""
    if s.language not in ("ko", "th", "ja", "zh"):
        return None
    if re.search(r"\S \(", s.text):
        out = re.sub(r"(?<=\S) \(", "(", s.text)
    else:
        out = re.sub(r"(?<=[^\s(])\((?=\w)", " (", s.text)
    return out if out != s.text else None


def french_spacing(s: Sentence, rng: random.Random) -> str | None:
    """The space before ``; : ! ?`` and inside guillemets typed otherwise: none, a space, a narrow no-break one."""
    if s.language != "fr":
        return None
    marks = re.compile(r"[ \u00a0\u202f]*([;:!?»])|(«)[ \u00a0\u202f]*")
    if not marks.search(s.text):
        return None
    space = rng.choice(["", " ", "\u202f", "\u00a0"])

    def respace(m: re.Match[str]) -> str:
        return space + m.group(1) if m.group(1) else m.group(2) + space

    out = marks.sub(respace, s.text)
    return out if out != s.text else None


def german_quotes(s: Sentence, rng: random.Random) -> str | None:
    """German „…“ quotes written as »…«, "…" or “…”, and the reverse."""
    if s.language != "de":
        return None
    if "„" in s.text:
        opening, closing = rng.choice([("»", "«"), ('"', '"'), ("“", "”")])
        out = re.sub("„([^“”]*)[“”]", lambda m: opening + m.group(1) + closing, s.text)
    else:
        out = re.sub(r'"([^"]*)"', "„\\1“", s.text)
    return out if out != s.text else None


_DASHES = ("—", "–", " - ", " -- ", "——", "－")


def dashes_swapped(s: Sentence, rng: random.Random) -> str | None:
    """A dash typed as another dash (em, en, hyphen, double hyphen, full-width)."""
    m = re.search(r" ?(——|—|–|－| -- | - ) ?", s.text)
    if not m:
        return None
    choices = [d for d in _DASHES if d.strip() != m.group(1).strip()]
    if s.language not in ("zh", "ja"):
        choices = [d for d in choices if d not in ("——", "－")]
    new = rng.choice(choices)
    if s.language not in ("zh", "ja") and new.strip() in ("—", "–") and m.group(0) != m.group(1):
        new = f" {new.strip()} "
    return s.text[: m.start()] + new + s.text[m.end() :]


# --- harmless: spacing and line breaks --------------------------------------------------------


def spaces_doubled(s: Sentence, rng: random.Random) -> str | None:
    """Stray spaces: some doubled, one at each end, as text pasted from a justified page."""
    spaces = [m.start() for m in re.finditer(" ", s.text)]
    if not spaces:
        return " " + s.text + " "
    chosen = set(rng.sample(spaces, k=min(len(spaces), max(1, len(spaces) // 4))))
    out = "".join("  " if i in chosen else c for i, c in enumerate(s.text))
    return " " + out + "  "


def line_broken(s: Sentence, rng: random.Random) -> str | None:
    """A line break where the text wrapped: in place of a space, or between two CJK characters."""
    if _spaced(s.language):
        return _sub_once(" ", "\n", s.text, rng) if " " in s.text else None
    spots = [m.start() for m in re.finditer(f"(?<=[{_CJK}])(?=[{_CJK}])", s.text)]
    if not spots:
        return None
    at = rng.choice(spots)
    return s.text[:at] + "\n" + s.text[at:]


def trailing_period_dropped(s: Sentence, rng: random.Random) -> str | None:
    """The sentence's final full stop left off, as a quote inside a sentence of the answer has it."""
    out = re.sub(r"[.。!?！？]$", "", s.text)
    return out if out != s.text and _long_enough(out) else None


# --- harmless: Unicode forms and extraction artefacts ------------------------------------------


def nfd(s: Sentence, rng: random.Random) -> str | None:
    """The quote in decomposed form (NFD): accents and Hangul jamo as separate code points."""
    out = unicodedata.normalize("NFD", s.text)
    return out if out != s.text else None


_LIGATURES = {"ffi": "ﬃ", "ffl": "ﬄ", "ff": "ﬀ", "fi": "ﬁ", "fl": "ﬂ"}


def ligatures(s: Sentence, rng: random.Random) -> str | None:
    """``fi``, ``fl``, ``ff`` as ligature characters, as a PDF's text layer gives them."""
    out = s.text
    for plain, joined in _LIGATURES.items():
        out = out.replace(plain, joined)
    return out if out != s.text else None


def soft_hyphen(s: Sentence, rng: random.Random) -> str | None:
    """A soft hyphen (U+00AD) inside a long word, left by a hyphenating renderer."""
    return _sub_once(r"(?<=\w{4})(?=\w{4})", "\u00ad", s.text, rng) if _spaced(s.language) else None


def line_end_hyphen(s: Sentence, rng: random.Random) -> str | None:
    """A long word hyphenated at a line end (``signa-\\nture``), as copied from a typeset page."""
    if not _spaced(s.language) or s.language in ("ko", "th"):
        return None
    return _sub_once(r"(?<=\b[^\W\d_]{4})(?=[^\W\d_]{4,}\b)", "-\n", s.text, rng)


def nbsp(s: Sentence, rng: random.Random) -> str | None:
    """No-break spaces for some spaces, as copied from a web page."""
    if " " not in s.text:
        return None
    return _sub_once(" ", "\u00a0", _sub_once(" ", "\u00a0", s.text, rng) or s.text, rng)


def zero_width(s: Sentence, rng: random.Random) -> str | None:
    """A zero-width space or joiner inside the text, invisible once pasted."""
    mark = rng.choice(["\u200b", "\u200c", "\u200d", "\ufeff"])
    return _sub_once(r"(?<=\w)(?=\w)", mark, s.text, rng)


# --- harmless: markup dropped -------------------------------------------------------------------


# A superscript or subscript whose characters all have a Unicode form is shown raised: the page's
# "2<sup>8</sup>" reads "2\u2078", another number than "28", and "log<sub>2</sub>" reads "log\u2082".
# Any other ("4<sup>th</sup>", "<sup>[1]</sup>") is read on the line.
_RAISED = {
    "sup": str.maketrans(
        "0123456789+-\u2212=()ni",
        "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079\u207a\u207b\u207b\u207c\u207d\u207e\u207f\u2071",
    ),
    "sub": str.maketrans(
        "0123456789+-\u2212=()",
        "\u2080\u2081\u2082\u2083\u2084\u2085\u2086\u2087\u2088\u2089\u208a\u208b\u208b\u208c\u208d\u208e",
    ),
}


def _raised(match: re.Match[str]) -> str:
    table, inner = _RAISED[match.group(1).lower()], match.group(2)
    written = "".join(inner.split())
    return written.translate(table) if written and all(ord(c) in table for c in written) else inner


def strip_markup(raw: str, markup: str) -> str:
    """The rendered words of a Markdown or HTML span, as a reader copies them from the page."""
    text = re.sub(r"<!--.*?-->", " ", raw, flags=re.DOTALL)
    text = re.sub(r"<(sup|sub)>(.*?)</\1>", _raised, text, flags=re.DOTALL | re.IGNORECASE)
    if markup == "html":
        text = re.sub(r"<[^>]*>", "", text)
        text = html.unescape(text)
    else:
        text = re.sub(r"!\[[^\]]*\]\([^)]*\)", "", text)
        text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
        text = re.sub(r"\[([^\]]*)\]\[[^\]]*\]", r"\1", text)
        text = re.sub(r"\]\([^)\s]*\)", "", text)  # a link whose text the span starts inside
        text = re.sub(r"\s*\[@[^\]]*(?:\]|$)|\s*\{@[^}]*\}", "", text)  # pandoc citations and cross-references
        text = re.sub(r"<[^>]*>", "", text)
        text = re.sub(r"(?m)^[ \t]*(?:>[ \t]?)+", "", text)
        text = re.sub(r"(?m)^[ \t]*(?:[-*+]|\d+[.)])[ \t]+", "", text)
        text = re.sub(r"\*\*|__|`+", "", text)
        text = re.sub(r"(?<! )\*|\*(?! )", "", text)
        text = re.sub(r"(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])", "", text)
        text = html.unescape(text)
    return join_lines(text)


def markup_dropped(s: Sentence, rng: random.Random) -> str | None:
    """The rendered words of the source span: emphasis, code marks, links and ``>`` markers gone."""
    if s.raw is None or s.markup is None:
        return None
    out = strip_markup(s.raw, s.markup)
    return out if out and out != s.text and _long_enough(out) else None


# --- harmless: neutral cuts --------------------------------------------------------------------

_DISCOURSE = {
    "en": r"For example|For instance|In practice|In addition|Additionally|Moreover|Furthermore|Also|Finally|"
    r"Similarly|Likewise|In other words|Again|Here|Now|Second|Third|First|Next|Then|Of course|Indeed",
    "de": r"Zum Beispiel|Beispielsweise|Außerdem|Zudem|Darüber hinaus|Schließlich|Ebenso|Auch|Hier|Nun|Dann|"
    r"Mit anderen Worten|Tatsächlich",
    "fr": r"Par exemple|En pratique|De plus|En outre|Ensuite|Enfin|Ici|Maintenant|Autrement dit|De même|Aussi",
    "pt": r"Por exemplo|Na prática|Além disso|Também|Por fim|Finalmente|Aqui|Agora|Em outras palavras|Então",
    "ru": r"Например|Кроме того|Также|Наконец|Здесь|Теперь|Другими словами|Итак|Впрочем",
    "ja": r"例えば|たとえば|また|さらに|次に|ここでは|最後に|つまり|実際に",
    "zh": r"例如|比如|此外|另外|同时|最后|其次|首先|也就是说|现在",
    "ko": r"예를 들어|예를 들면|또한|게다가|마지막으로|이제|여기서|다시 말해|먼저",
    "th": r"ตัวอย่างเช่น|นอกจากนี้|อีกทั้ง|สุดท้าย|ตอนนี้|ในที่นี้",
}


def discourse_marker_cut(s: Sentence, rng: random.Random) -> str | None:
    """A leading discourse marker (``For example,``, ``In practice,``) left out."""
    m = re.match(f"(?:{_DISCOURSE[s.language]})(?:[,，、]\\s*|\\s+)", s.text)
    if not m:
        return None
    out = s.text[m.end() :]
    return out if _long_enough(out) else None


_AND = {
    "en": r", and (?=(?:the|this|that|these|it|its|they|we|you|he|she|there|a|an|each|every|some)\b)",
    "de": r", und (?=(?:der|die|das|es|sie|wir|du|ihr|er|dies|diese|man)\b)",
    "fr": r", et (?=(?:le|la|les|il|elle|ils|nous|vous|on|ce|cette|un|une)\b)",
    "pt": r", e (?=(?:o|a|os|as|ele|ela|eles|nós|você|isso|este|esta|um|uma)\b)",
    "ru": r", и (?=(?:он|она|оно|они|мы|вы|это|этот|эта)\b)",
}
_SEMICOLON = r"\s*[;；]\s*"


def _balanced(text: str) -> bool:
    """Whether every quote mark or bracket the text opens it also closes (a cut inside a quotation is no clause cut)."""
    pairs = ("“”", "„“", "«»", "「」", "『』", "()", "（）", "[]")
    return (
        text.count('"') % 2 == 0
        and all(text.count(a) == text.count(b) for a, b in pairs if a != b and (a, b) != ("„", "“"))
        and text.count("„") <= text.count("“")
    )


def and_clause_cut(s: Sentence, rng: random.Random) -> str | None:
    """An independent clause after ``, and`` (or the language's) left out: the first clause quoted."""
    pattern = _AND.get(s.language)
    m = re.search(pattern, s.text) if pattern else None
    if not m:
        return None
    out, rest = s.text[: m.start()], s.text[m.end() :]
    if not _balanced(out) or not _long_enough(out) or not _long_enough(rest):
        return None
    return None if _limits(rest, s.language) else out


def semicolon_clause_cut(s: Sentence, rng: random.Random) -> str | None:
    """The clause after a semicolon left out: the first of two independent clauses quoted."""
    m = re.search(_SEMICOLON, s.text)
    if not m:
        return None
    out, rest = s.text[: m.start()], s.text[m.end() :]
    if not _balanced(out) or not _long_enough(out) or not _long_enough(rest):
        return None
    return None if _limits(rest, s.language) else out


_EXAMPLES = {
    "en": r",? (?:such as|including|for example|for instance|e\.g\.,?) ",
    "de": r",? (?:wie zum Beispiel|wie z\. ?B\.|zum Beispiel|beispielsweise) ",
    "fr": r",? (?:comme par exemple|par exemple|tels? que|telles? que|notamment) ",
    "pt": r",? (?:como por exemplo|por exemplo|tais como|incluindo) ",
    "ru": r",? (?:например|такие как|такой как|в том числе) ",
}


def examples_cut(s: Sentence, rng: random.Random) -> str | None:
    """Trailing examples left out (``…, such as A and B.``, ``(e.g. A)``)."""
    m = re.search(r" ?\((?:e\.g\.|z\. ?B\.|p\. ?ex\.|ex\.|например|por exemplo|例如|例えば|예:)[^()]*\)", s.text)
    if m and m.end() >= len(s.text) - 1:
        out = s.text[: m.start()]
        return out if _long_enough(out) else None
    pattern = _EXAMPLES.get(s.language)
    m = re.search(pattern, s.text) if pattern else None
    if not m:
        return None
    tail = s.text[m.end() :]
    # Only a list of examples at the end, not a clause of its own (no verb-like commas, no contrast).
    if _words(tail) > 10 or re.search(r"[,;:]\s*(?:but|which|while|and (?:the|it|they|we))\b", tail):
        return None
    if _limits(tail, s.language):
        return None
    out = s.text[: m.start()]
    return out if _long_enough(out) else None


_REFERENCE = (
    r"\s*(?:\[(?:RFC ?\d+|[A-Z][A-Za-z0-9.-]+|@[^\]]+|\d+(?:[,–-]\s*\d+)*)\](?:,?\s*\[[^\]]+\])*"
    r"|\((?:see|cf\.|siehe|voir|veja|см\.|参照|参见|참조)?\s*(?:Section|Sections|Chapter|Appendix|Abschnitt|Kapitel|"
    r"section|chapitre|seção|capítulo|раздел|глава|第)[^()]*\)"
    r"|\((?:Table|Figure|Fig\.|Tabelle|Abbildung|Listing|Tableau|Tabela|Figura)[^()]*\)"
    r"|\{@[^}]+\})"
)


def reference_cut(s: Sentence, rng: random.Random) -> str | None:
    """A trailing reference left out: ``… in JWS [RFC7515].`` quoted up to ``JWS``; ``(see Section 4)``, ``(Table S1)``.

    Only a reference at the end of the sentence, so that the quote is the sentence's start: one in
    the middle, dropped without an ellipsis, is a parenthetical left out, which goes to review.
    """
    m = re.search(rf"(?:\s*\(\s*{_REFERENCE}\s*\)|{_REFERENCE})[.。]?$", s.text)
    if not m:
        return None
    out = s.text[: m.start()].rstrip(" ,")
    return out if _long_enough(out) and not re.search(r"\b(?:by|in|see|of|to|from)$", out) else None


# --- harmful: limits left out ------------------------------------------------------------------

_CONDITION_LEAD = {
    "en": r"(?:If|Unless|When|Whenever|Only if|Provided that|As long as|Except when|In case)\b[^,]{3,}?,\s*",
    "de": r"(?:Wenn|Falls|Sofern|Solange|Nur wenn|Außer wenn)\b[^,]{3,}?,\s*",
    "fr": r"(?:Si|S’|S'|Sauf si|Lorsque|Quand|Tant que|À moins que)\b[^,]{3,}?,\s*",
    "pt": r"(?:Se|Quando|Caso|Salvo se|A menos que|Desde que|Enquanto)\b[^,]{3,}?,\s*",
    "ru": r"(?:Если|Когда|Пока|Только если|Кроме случаев)\b[^,]{3,}?,\s*",
    "ja": r"[^。、]{3,}?(?:場合は|場合には|場合|ならば|なら|れば|限り|たら|ときは|時は)、\s*",
    "zh": r"(?:如果|假如|若|除非|当|只要|一旦)[^，。]{2,}?[，,]\s*",
    # Not "예를 들면" (for example): a discourse marker, though it ends in 면.
    "ko": r"(?!예를 들면)[^,.]{3,}?(?:으면|면|경우에는|경우에|경우|때에는|때는|때)[,]?\s+",
    "th": r"(?:ถ้า|หาก|เมื่อ|เว้นแต่)\S{2,}\s+",
}
_CONDITION_TRAIL = {
    "en": r",?\s+(?:if|unless|only if|provided that|as long as|when|whenever|except when|in case)\s+.{3,}$",
    "de": r",\s*(?:wenn|falls|sofern|solange|nur wenn|außer wenn)\s+.{3,}$",
    # "s'" only as the elided "si" of "s'il(s)": "s'effectue" is a reflexive, "signature" no "si".
    "fr": r",?\s+(?:(?:si|sauf si|lorsque|quand|tant que|à moins que)\s|s[’'](?=ils?\b)).{3,}$",
    "pt": r",?\s+(?:se|quando|caso|salvo se|a menos que|desde que|enquanto)\s+.{3,}$",
    "ru": r",\s*(?:если|когда|пока|только если)\s+.{3,}$",
    "zh": r"[，,]\s*(?:如果|除非|只要|当)[^。]{2,}.?$",
}
_EXCEPTION_TRAIL = {
    "en": r",?\s+(?:except|except for|other than|apart from|excluding|but not|unless)\s+.{3,}$",
    "de": r",?\s+(?:außer|ausgenommen|mit Ausnahme von|abgesehen von)\s+.{3,}$",
    "fr": r",?\s+(?:sauf|excepté|à l’exception de|à l'exception de|hormis)\s+.{3,}$",
    "pt": r",?\s+(?:exceto|salvo|com exceção de|a não ser)\s+.{3,}$",
    "ru": r",?\s+(?:кроме|за исключением|помимо)\s+.{3,}$",
    "zh": r"[，,]\s*(?:除了|除非|但不包括)[^。]{2,}.?$",
    "ja": r"[、]\s*[^。、]*(?:を除いて|を除き|以外は)[^。]*.?$",
}
_CONTRAST_TRAIL = {
    "en": r",?\s+(?:but|however|although|though|yet|whereas|while)\s+.{3,}$",
    "de": r",\s*(?:aber|jedoch|doch|obwohl|während)\s+.{3,}$",
    "fr": r",?\s+(?:mais|cependant|pourtant|bien que|alors que)\s+.{3,}$",
    "pt": r",?\s+(?:mas|porém|contudo|embora|enquanto)\s+.{3,}$",
    "ru": r",\s*(?:но|однако|хотя|а)\s+.{3,}$",
    "zh": r"[，,]\s*(?:但是|但|然而|不过|可是)[^。]{2,}.?$",
    "ja": r"(?:が、|けれども、|しかし、|ですが、|けど、)[^。]{3,}.?$",
    "ko": r"(?:지만|는데|으나|나)[,]?\s+.{3,}$",
}


def _limits(text: str, language: str) -> bool:
    """Whether ``text`` holds a condition, exception, contrast or negation, so cutting it is not neutral."""
    pattern = "|".join(
        p for p in (_CONDITION_TRAIL.get(language), _EXCEPTION_TRAIL.get(language), _CONTRAST_TRAIL.get(language)) if p
    )
    words = _NEGATION_WORDS.get(language)
    return bool((pattern and re.search(pattern.replace("$", ""), " " + text)) or (words and re.search(words, text)))


def _cut_lead(pattern: str | None, text: str) -> str | None:
    m = re.match(pattern, text) if pattern else None
    if not m:
        return None
    out = text[m.end() :]
    return out if _long_enough(out) else None


def _cut_trail(pattern: str | None, text: str) -> str | None:
    m = re.search(pattern, text) if pattern else None
    if not m:
        return None
    out = text[: m.start()].rstrip(" ,，、")
    return out if _long_enough(out) and _words(text[m.start() :]) >= 2 else None


def _ellipsis(out: str | None, lead: bool, rng: random.Random) -> str | None:
    if out is None:
        return None
    mark = rng.choice(["…", "...", "[…]"])
    return f"{mark} {out}" if lead else f"{out} {mark}"


def _condition(s: Sentence) -> tuple[str | None, bool]:
    lead = _cut_lead(_CONDITION_LEAD.get(s.language), s.text)
    if lead is not None:
        return lead, True
    trail = _cut_trail(_CONDITION_TRAIL.get(s.language), s.text)
    # After a semicolon or colon the condition governs the next clause, not the quoted one.
    if trail is not None and re.search(r"[;:；：]", trail[-3:] + s.text[len(trail) : len(trail) + 3]):
        return None, False
    return trail, False


def condition_cut(s: Sentence, rng: random.Random) -> str | None:
    """A condition left out (``If X, Y`` quoted as ``Y``; ``Y unless X`` as ``Y``)."""
    return _condition(s)[0]


def condition_cut_ellipsis(s: Sentence, rng: random.Random) -> str | None:
    """A condition left out behind a leading or trailing ellipsis (``… Y``, ``Y …``)."""
    out, lead = _condition(s)
    return _ellipsis(out, lead, rng)


def exception_cut(s: Sentence, rng: random.Random) -> str | None:
    """A trailing exception left out (``Y, except X`` quoted as ``Y``)."""
    return _cut_trail(_EXCEPTION_TRAIL.get(s.language), s.text)


def exception_cut_ellipsis(s: Sentence, rng: random.Random) -> str | None:
    """A trailing exception left out behind an ellipsis (``Y …``)."""
    return _ellipsis(_cut_trail(_EXCEPTION_TRAIL.get(s.language), s.text), False, rng)


def contrast_cut(s: Sentence, rng: random.Random) -> str | None:
    """A following contrast left out (``Y, but X`` quoted as ``Y``)."""
    return _cut_trail(_CONTRAST_TRAIL.get(s.language), s.text)


# --- harmful: words changed ----------------------------------------------------------------------

_NEGATION_WORDS = {
    "en": r"\b(?:not|never|no|cannot|none|nor|neither)\b|n't\b",
    "de": r"\b(?:nicht|nie|niemals|kein|keine|keinen|keiner|keines|keinem)\b",
    "fr": r"\b(?:ne|pas|jamais|aucun|aucune)\b|\bn[’']",
    "pt": r"\b(?:não|nunca|nenhum|nenhuma|jamais)\b",
    "ru": r"(?<!\w)(?:не|нет|никогда|ни)(?!\w)",
    "ja": r"ない|ません|なく|ず[、。]",
    "zh": r"不|没|别|未|无",
    "ko": r"않|없|못|아니| 안 ",
    "th": r"ไม่|ห้าม",
}

_NEGATION_REMOVE = {
    "en": [
        (r"\bcannot\b", "can"),
        (r"\b(do|does|did|is|are|was|were|has|have|had|could|would|should|must|will|can|might|may|need)n't\b", r"\1"),
        (r"\b(won)'t\b", "will"),
        (r"\bnot\s+", ""),
        (r"\bnever\s+", ""),
    ],
    "de": [(r"\bnicht\s+|\s+nicht\b", " "), (r"\bnie(?:mals)?\s+", ""), (r"\bkein", "ein")],
    "fr": [(r"\bn[’']([aeéiouyh])", r"\1"), (r"\bne\s+(\S+)\s+(?:pas|jamais)\b", r"\1")],
    "pt": [(r"\bnão\s+", ""), (r"\bnunca\s+", "")],
    "ru": [(r"(?<!\w)не\s+", ""), (r"(?<!\w)никогда\s+", "")],
    "ja": [("ません", "ます"), ("ではない", "である"), ("できない", "できる"), ("しない", "する"), ("ない", "る")],
    "zh": [
        ("没有", "有"),
        ("不会", "会"),
        ("不能", "能"),
        ("不是", "是"),
        ("不要", "要"),
        ("不", ""),
        ("无法", "可以"),
    ],
    "ko": [("없습니다", "있습니다"), ("없다", "있다"), ("없는", "있는"), ("없이", "있이"), (" 안 ", " "), ("못 ", "")],
    "th": [("ไม่", "")],
}

_NEGATION_INSERT = {
    "en": [
        (r"\b(is|are|was|were|must|should|will|would|could|may|might|does|do|did|has|have|need)\b(?! not)", r"\1 not"),
        (r"\bcan\b(?! not)", "cannot"),
    ],
    "de": [(r"\b(ist|sind|kann|muss|wird|soll|darf|können|müssen|werden|sollte|hat|haben)\b(?! nicht)", r"\1 nicht")],
    "fr": [
        (r"\b(est|sont|peut|peuvent|doit|doivent|va|vont|a|ont|sera|fait)\b", r"ne \1 pas"),
    ],
    "pt": [(r"\b(é|são|pode|podem|deve|devem|tem|têm|vai|vão|será|precisa|está|estão)\b", r"não \1")],
    "ru": [
        (r"(?<!\w)(является|может|могут|должен|должна|должно|должны|будет|будут|нужно|можно|следует)(?!\w)", r"не \1")
    ],
    "ja": [
        ("ます。", "ません。"),
        ("ます", "ません"),
        ("です。", "ではありません。"),
        ("できる", "できない"),
        ("する", "しない"),
    ],
    "zh": [
        ("可以", "不可以"),
        ("应该", "不应该"),
        ("需要", "不需要"),
        ("能够", "不能够"),
        ("会", "不会"),
        ("是", "不是"),
        ("有", "没有"),
    ],
    "ko": [
        ("있습니다", "없습니다"),
        ("있다", "없다"),
        ("있는", "없는"),
        ("합니다", "하지 않습니다"),
        ("됩니다", "되지 않습니다"),
    ],
    "th": [(r"(ได้|ควร|ต้อง|เป็น|สามารถ|จะ|มี)", r"ไม่\1")],
}


def _rewrite(s: Sentence, rules: list[tuple[str, str]], rng: random.Random) -> str | None:
    """The first rule (in order) with a match, applied at one match picked by ``rng``."""
    for pattern, repl in rules:
        out = _sub_once(pattern, repl, s.text, rng, re.IGNORECASE)
        if out is not None and out != s.text:
            return re.sub(r"  +", " ", out)
    return None


def negation_removed(s: Sentence, rng: random.Random) -> str | None:
    """A negation taken out (``must not`` → ``must``, ``kein`` → ``ein``, ``ません`` → ``ます``)."""
    return _rewrite(s, _NEGATION_REMOVE.get(s.language, []), rng)


def negation_inserted(s: Sentence, rng: random.Random) -> str | None:
    """A negation put in (``is`` → ``is not``, ``kann`` → ``kann nicht``, ``可以`` → ``不可以``)."""
    if re.search(_NEGATION_WORDS[s.language], s.text):
        return None  # a second negation can cancel the first: leave those to `negation_removed`
    return _rewrite(s, _NEGATION_INSERT.get(s.language, []), rng)


_NUMBER_WORDS = _swap_table(
    {"one": "two", "three": "four", "five": "six", "seven": "eight", "nine": "ten", "twice": "three times"}
)


def number_changed(s: Sentence, rng: random.Random) -> str | None:
    """A number changed: a digit run written as another number, or a number word as another."""
    matches = list(re.finditer(r"(?<![\d.,])\d+(?:[.,]\d+)?", s.text))
    if matches:
        m = rng.choice(matches)
        digits = m.group(0)
        last = int(digits[-1])
        changed = digits[:-1] + str((last + rng.choice([1, 2, 5])) % 10)
        return s.text[: m.start()] + changed + s.text[m.end() :]
    if s.language == "en":
        return _swap(s.text, _NUMBER_WORDS, rng, words=True)
    return None


_QUANTIFIERS = {
    "en": {
        "all": "some",
        "every": "some",
        "always": "sometimes",
        "none": "some",
        "each": "some",
        "many": "few",
        "most": "few",
        "any": "some",
        "only": "also",
        "at least": "at most",
        "never": "rarely",
    },
    "de": {
        "alle": "einige",
        "jeder": "mancher",
        "jede": "manche",
        "jedes": "manches",
        "immer": "manchmal",
        "viele": "wenige",
        "nur": "auch",
        "mindestens": "höchstens",
        "meisten": "wenigsten",
    },
    "fr": {
        "tous": "certains",
        "toutes": "certaines",
        "chaque": "certain",
        "toujours": "parfois",
        "beaucoup": "peu",
        "seulement": "aussi",
        "au moins": "au plus",
        "plusieurs": "quelques",
    },
    "pt": {
        "todos": "alguns",
        "todas": "algumas",
        "cada": "algum",
        "sempre": "às vezes",
        "muitos": "poucos",
        "muitas": "poucas",
        "apenas": "também",
        "somente": "também",
        "pelo menos": "no máximo",
    },
    "ru": {
        "все": "некоторые",
        "всех": "некоторых",
        "каждый": "некоторый",
        "всегда": "иногда",
        "многие": "немногие",
        "только": "также",
        "любой": "некоторый",
        "любая": "некоторая",
        "любое": "некоторое",
    },
    "ja": {
        "すべて": "一部",
        "全て": "一部",
        "常に": "時々",
        "必ず": "時々",
        "いつも": "時々",
        "多く": "少し",
        "だけ": "も",
    },
    "zh": {
        "所有": "一些",
        "每个": "某个",
        "总是": "有时",
        "一直": "有时",
        "许多": "少数",
        "很多": "很少",
        "只": "也",
        "任何": "某些",
        "全部": "部分",
    },
    "ko": {"모든": "일부", "항상": "가끔", "언제나": "가끔", "많은": "적은", "만": "도", "각": "일부"},
    "th": {"ทุก": "บาง", "เสมอ": "บางครั้ง", "หลาย": "ไม่กี่", "เท่านั้น": "ด้วย"},
}

_MODALS = {
    "en": {
        "must": "may",
        "shall": "may",
        "should": "may",
        "required": "optional",
        "can": "must",
        "will": "might",
        "may": "must",
        "might": "must",
        "need to": "may",
        "has to": "may",
        "have to": "may",
        "could": "must",
    },
    "de": {
        "muss": "kann",
        "müssen": "können",
        "soll": "kann",
        "sollte": "könnte",
        "kann": "muss",
        "können": "müssen",
        "darf": "muss",
        "wird": "könnte",
    },
    "fr": {
        "doit": "peut",
        "doivent": "peuvent",
        "peut": "doit",
        "peuvent": "doivent",
        "devrait": "pourrait",
        "faut": "peut",
        "va": "pourrait",
    },
    "pt": {
        "deve": "pode",
        "devem": "podem",
        "pode": "deve",
        "podem": "devem",
        "precisa": "pode",
        "precisam": "podem",
        "deveria": "poderia",
        "vai": "poderia",
    },
    "ru": {
        "должен": "может",
        "должна": "может",
        "должно": "может",
        "должны": "могут",
        "может": "должен",
        "могут": "должны",
        "нужно": "можно",
        "можно": "нужно",
        "следует": "можно",
    },
    "ja": {
        "なければなりません": "てもかまいません",
        "必要があります": "こともできます",
        "べき": "てもよい",
        "できます": "しなければなりません",
        "かもしれません": "に違いありません",
        "でしょう": "に違いありません",
    },
    "zh": {"必须": "可以", "应该": "可以", "可以": "必须", "可能": "必然", "需要": "可以", "能": "必须", "会": "可能"},
    "ko": {"해야": "해도", "수 있": "야 하", "할 것": "할지도 모를 것", "합니다": "할 수도 있습니다"},
    "th": {"ต้อง": "อาจ", "ควร": "อาจ", "สามารถ": "ต้อง", "อาจ": "ต้อง", "จะ": "อาจจะ"},
}


def quantifier_changed(s: Sentence, rng: random.Random) -> str | None:
    """A quantifier swapped (``all`` → ``some``, ``immer`` → ``manchmal``, ``所有`` → ``一些``)."""
    return _swap(s.text, _swap_table(_QUANTIFIERS[s.language]), rng, words=_spaced(s.language) and s.language != "ko")


def modal_changed(s: Sentence, rng: random.Random) -> str | None:
    """A modal swapped (``must`` → ``may``, ``muss`` → ``kann``, ``必须`` → ``可以``)."""
    table = _MODALS[s.language] if s.language in ("ja", "ko") else _swap_table(_MODALS[s.language])
    return _swap(s.text, table, rng, words=_spaced(s.language) and s.language not in ("ko", "th"))


# --- the lists ------------------------------------------------------------------------------------


def _verbatim(s: Sentence, rng: random.Random) -> str | None:
    """The sentence as it reads (the baseline: a whole sentence, word for word)."""
    return s.text


HARMLESS: tuple[Transform, ...] = (
    Transform("verbatim", "harmless", _verbatim, cut=True),
    Transform("quotes_straightened", "harmless", quotes_straightened),
    Transform("quotes_curled", "harmless", quotes_curled),
    Transform("quote_wrapped", "harmless", quote_wrapped),
    Transform("apostrophe_modifier", "harmless", apostrophe_modifier),
    Transform("german_quotes", "harmless", german_quotes),
    Transform("french_spacing", "harmless", french_spacing),
    Transform("punct_halfwidth", "harmless", punct_halfwidth),
    Transform("punct_fullwidth", "harmless", punct_fullwidth),
    Transform("cjk_space_added", "harmless", cjk_space_added),
    Transform("cjk_space_removed", "harmless", cjk_space_removed),
    Transform("paren_space_toggled", "harmless", paren_space_toggled),
    Transform("dashes_swapped", "harmless", dashes_swapped),
    Transform("spaces_doubled", "harmless", spaces_doubled),
    Transform("line_broken", "harmless", line_broken),
    Transform("trailing_period_dropped", "harmless", trailing_period_dropped, cut=True),
    Transform("nfd", "harmless", nfd),
    Transform("ligatures", "harmless", ligatures),
    Transform("soft_hyphen", "harmless", soft_hyphen),
    Transform("line_end_hyphen", "harmless", line_end_hyphen),
    Transform("nbsp", "harmless", nbsp),
    Transform("zero_width", "harmless", zero_width),
    Transform("markup_dropped", "harmless", markup_dropped),
    Transform("discourse_marker_cut", "harmless", discourse_marker_cut, cut=True),
    Transform("and_clause_cut", "harmless", and_clause_cut, cut=True),
    Transform("semicolon_clause_cut", "harmless", semicolon_clause_cut, cut=True),
    Transform("examples_cut", "harmless", examples_cut, cut=True),
    Transform("reference_cut", "harmless", reference_cut),
)
"""Transforms after which the quote says what the sentence says: found, with no flag."""

HARMFUL: tuple[Transform, ...] = (
    Transform("negation_removed", "harmful", negation_removed),
    Transform("negation_inserted", "harmful", negation_inserted),
    Transform("number_changed", "harmful", number_changed),
    Transform("quantifier_changed", "harmful", quantifier_changed),
    Transform("modal_changed", "harmful", modal_changed),
    Transform("condition_cut", "harmful", condition_cut, cut=True),
    Transform("condition_cut_ellipsis", "harmful", condition_cut_ellipsis, cut=True),
    Transform("exception_cut", "harmful", exception_cut, cut=True),
    Transform("exception_cut_ellipsis", "harmful", exception_cut_ellipsis, cut=True),
    Transform("contrast_cut", "harmful", contrast_cut, cut=True),
)
"""Transforms after which the quote no longer says what the sentence says: never accepted unflagged."""

TRANSFORMS: tuple[Transform, ...] = HARMLESS + HARMFUL
"""Every transform, harmless first, in the matrix's order."""
