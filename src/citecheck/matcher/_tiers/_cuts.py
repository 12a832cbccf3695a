"""What a gap or a cut leaves out of a quote, and whether that is shown to be harmless.

The default is inverted: words an ellipsis leaves out, or the rest of a sentence a quote starts
after or stops before, make the quote one for review unless they are shown to be harmless:

- an aside in brackets or between commas with no verb (no auxiliary, modal, relative word,
  condition, negation, number or limiting word, in any language this module knows);
- a reference or citation marker (``[RFC3986]``, ``[@doi:...]``), or a phrase that only points
  elsewhere (``as specified in Section 15.12``);
- a list of examples after ``such as`` / ``including`` (``tels que``, ``wie``, ``como``...);
- a repeated word.

Anything else is left out for a person to look at, with words saying what it is (`describe`).
The word lists here are small on purpose: they only ever make a quote *less* trusted, never
more (an unknown word is not harmless), except the example openers and reference verbs, which
are closed lists.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from citecheck.matcher._index import WordIndex
from citecheck.matcher._lexicon import CONDITIONS, NORMATIVE_KEYWORDS, inverts, is_meaning_word, limits
from citecheck.matcher._tiers._base import _MAX_GAP_WORDS, _negated

__all__ = ["Cut", "describe", "harmless", "lead_cut", "shown", "trail_cut"]


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Words that make a clause of an aside (so it may say something of its own), in the languages
# whose quotes leaked harmful ellipses: auxiliaries and copulas, relative words, conjunctions of
# condition, exception and concession. An aside holding one is not shown to be harmless.
_CLAUSE_WORDS = _words(
    # English
    "is are was were be been being am has have had do does did will would can could shall should may might must "
    "that which who whom whose where when whenever while whereas although though unless except if provided "
    "until because since so once "
    # French
    "est sont était étaient sera seront soit être ont avait doit doivent peut peuvent qui que qu dont où "
    "si sauf lorsque quand bien quoique pourvu ne pas jamais aucun aucune sans "
    # Portuguese
    "é são era eram será serão seja ser foi tem têm deve devem pode podem que quem cujo onde se salvo exceto "
    "quando embora caso desde não nunca sem nenhum nenhuma "
    # German
    "ist sind war waren wird werden sei sein hat haben muss müssen darf dürfen kann können soll sollen der die "
    "das welche welcher dem den wenn falls sofern außer ausser obwohl sobald solange nicht kein keine keinen "
    "keiner ohne nie niemals nur"
)

# Openers of a list of examples: what follows them only illustrates the words before.
_EXAMPLES = (
    ("such", "as"),
    ("including",),
    ("e", "g"),
    ("eg",),
    ("for", "example"),
    ("for", "instance"),
    ("like",),
    ("tels", "que"),
    ("telles", "que"),
    ("tel", "que"),
    ("comme",),
    ("notamment",),
    ("par", "exemple"),
    ("y", "compris"),
    ("tais", "como"),
    ("como",),
    ("incluindo",),
    ("inclusive",),
    ("por", "exemplo"),
    ("wie",),
    ("z", "b"),
    ("zb",),
    ("etwa",),
    ("beispielsweise",),
    ("einschließlich",),
)

# A phrase that only points elsewhere: "as specified in Section 15.12", "see [RFC3986]".
_POINTERS = frozenset(
    [
        "specified",
        "defined",
        "described",
        "discussed",
        "noted",
        "shown",
        "given",
        "stated",
        "explained",
        "detailed",
        "listed",
        "outlined",
        "documented",
        "registered",
    ]
)
_PLACES = _words("section sections appendix annex figure fig table chapter part page pp rfc see also and eq equation")
_ARTICLES = frozenset({"the", "a", "an", "and", "le", "la", "les", "l", "un", "une", "o", "os", "as", "um", "uma"})
_ARTICLES |= {"der", "die", "das", "ein", "eine", "und", "et", "e"}

# Words that open what a person should see named: a hedge, a limit on extent, a restriction.
_HEDGES = frozenset(
    [
        "although",
        "though",
        "however",
        "but",
        "marginally",
        "slightly",
        "somewhat",
        "possibly",
        "probably",
        "perhaps",
        "arguably",
        "apparently",
        "partly",
        "partially",
        "reportedly",
        "allegedly",
        "typically",
        "generally",
        "usually",
        "often",
        "sometimes",
        "occasionally",
        "mostly",
        "rarely",
        "seldom",
        "hardly",
        "barely",
        "nearly",
        "almost",
        "approximately",
        "roughly",
    ]
)
_EXTENT = (("to", "the", "extent"), ("in", "the", "cases"), ("as", "far", "as"), ("in", "so", "far"))
_HEDGE_PHRASES = (("in", "some", "cases"), ("in", "certain", "cases"), ("to", "some", "extent"), ("in", "part", "by"))
_RESTRICTORS = frozenset({"to", "for", "from", "by", "with", "within", "on", "of", "against", "toward", "towards"})
_CONDITION_OPENERS = CONDITIONS | {
    "subject",
    "except",
    "save",
    "notwithstanding",
    "assuming",
    "given",
    "si",
    "sauf",
    "lorsque",
    "quand",
    "se",
    "salvo",
    "exceto",
    "caso",
    "wenn",
    "falls",
    "sofern",
    "außer",
    "ausser",
    "soweit",
}

_EXCEPTIONS = frozenset({"unless", "except", "provided", "sauf", "salvo", "exceto", "außer", "ausser"})

# Between two words, a sentence ends at a stop followed by a space ("4.2" is a number, not two
# sentences); CJK stops need no space.
_CUT = re.compile(r"[.?!:;\u3002\uff01\uff1f][\"')\]\u300d]* |[\u3002\uff01\uff1f]")
_SHORT_LINE = 40  # characters: a line this short before a capitalised word is a heading or a term


class Cut:
    """Words a quote leaves out, with the separators around them, as the index has them."""

    __slots__ = ("after", "before", "first", "last", "text", "words")

    def __init__(self, index: WordIndex, first: int, last: int) -> None:
        self.first, self.last = first, last
        self.words = index.words(first, last + 1)
        self.before = index.between(first) if first <= last else ""
        self.after = index.between(last + 1) if first <= last else ""
        self.text = index.folded.text[index.starts[first] : index.ends[last]] if first <= last else ""

    def __bool__(self) -> bool:
        return bool(self.words)

    @property
    def lowered(self) -> list[str]:
        return [w.lower() for w in self.words]


def _line_boundary(index: WordIndex, position: int) -> bool:
    """Whether a line break before word ``position`` ends a heading, a term or a paragraph."""
    text, folded = index.text, index.folded
    start = folded.to_original(index.ends[position - 1])
    end = folded.to_original(index.starts[position])
    gap = text[start:end]
    if "\n" not in gap:
        return False
    word = index.words(position, position + 1)[0]
    if re.search(r"\n[ \t]*\n", gap):
        # A blank line: a new paragraph, item or heading, unless the sentence goes on in lower
        # case (an RFC's page break, removed, leaves one mid-sentence).
        return not word[:1].islower()
    line_start = text.rfind("\n", 0, start) + 1
    line = text[line_start : text.find("\n", start)].strip()
    # A short line (a heading, "Section 12.3", a defined term) before a capital; not one that
    # ends with a comma, which is a clause going on ("Unless public,\nThe server...").
    return len(line) < _SHORT_LINE and word[:1].isupper() and not line.endswith((",", ";"))


def _has_break(index: WordIndex, first: int, end: int) -> bool:
    """Whether the source has a line break between word ``first`` and word ``end`` (exclusive)."""
    if end - first < 1 or first < 0 or end > len(index):
        return False
    folded = index.folded
    return "\n" in index.text[folded.to_original(index.starts[first]) : folded.to_original(index.ends[end - 1])]


def lead_cut(index: WordIndex, first: int) -> Cut:
    """The words of the sentence before word ``first`` (none when the quote starts its sentence)."""
    start = first
    while start > 0 and first - start < _MAX_GAP_WORDS and not _CUT.search(index.between(start)):
        start -= 1
    # The folded text has flattened line breaks: look at the source, only where it has one.
    if start < first and _has_break(index, start, first + 1):
        start = next((p for p in range(first, start, -1) if _line_boundary(index, p)), start)
    return Cut(index, start, first - 1)


def trail_cut(index: WordIndex, last: int) -> Cut:
    """The words of the sentence after word ``last`` (none when the quote ends its sentence)."""
    end = last + 1
    while end < len(index) and end - last <= _MAX_GAP_WORDS and not _CUT.search(index.between(end)):
        end += 1
    if end > last + 1 and _has_break(index, last, end):
        end = next((p for p in range(last + 1, end) if _line_boundary(index, p)), end)
    return Cut(index, last + 1, end - 1)


def _verbless(lowered: Sequence[str]) -> bool:
    """Whether words hold nothing that makes a clause or limits: no verb this module can see."""
    for word in lowered:
        if word in _CLAUSE_WORDS or word in NORMATIVE_KEYWORDS or _negated(word) or is_meaning_word(word):
            return False
        if any("\uac00" <= char <= "\ud7a3" or "\u3040" <= char <= "\u9fff" for char in word):
            return False  # Korean, Japanese, Chinese: no list of ours can show an aside harmless
    return not limits(lowered) and not inverts(lowered)


def _reference(cut: Cut) -> bool:
    """Whether the words only point elsewhere: a bracketed marker, or ``as specified in ...``."""
    from citecheck.matcher._tiers._loose import _reference as marker  # a cycle at import time otherwise

    lowered = cut.lowered
    closes = (cut.after.split(" ", 1)[0] if cut.after else "") or ""
    opens = cut.before.rsplit(" ", 1)[-1] if cut.before else ""
    if "[" in opens and "]" in closes and marker(cut.words):
        return True
    if ("(" in opens and ")" in closes) or ("[" in opens and "]" in closes):
        # "(Section 4.2)", "(see Appendix A)", "(RFC 3986, Section 3)": only where to read more.
        named = [w for w in lowered if not any(c.isdigit() for c in w) and len(w) > 1]
        if named and all(w in _PLACES for w in named):
            return True
    if "[@" in opens or "{@" in opens:
        return True  # pandoc citations and cross-references: [@doi:...], {@fig:...}
    pointer = (
        len(lowered) >= 3
        and ((lowered[0] == "as" and lowered[1] in _POINTERS) or lowered[0] == "see")
        and not any(w in _CLAUSE_WORDS - {"as"} or w in NORMATIVE_KEYWORDS or _negated(w) for w in lowered[2:])
    )
    return pointer


def _examples(lowered: Sequence[str]) -> bool:
    for opener in _EXAMPLES:
        if tuple(lowered[: len(opener)]) == opener:
            return len(lowered) > len(opener) and _verbless(lowered[len(opener) :])
    return False


def _aside(cut: Cut) -> bool:
    """Whether the words are one aside in brackets, or between commas, with no verb."""
    opens = cut.before.rsplit(" ", 1)[-1] if cut.before else ""
    closes = cut.after.split(" ", 1)[0] if cut.after else ""
    bracketed = ("(" in opens and ")" in closes) or ("[" in opens and "]" in closes)
    commas = "," in cut.before and "," in closes
    return (bracketed or commas) and _verbless(cut.lowered)


def _repeated(index: WordIndex, cut: Cut) -> bool:
    keys = {index.key(p) for p in range(cut.first, cut.last + 1)}
    if len(keys) != 1:
        return False
    (word,) = keys
    return (cut.first > 0 and index.key(cut.first - 1) == word) or (
        cut.last + 1 < len(index) and index.key(cut.last + 1) == word
    )


def harmless(index: WordIndex, cut: Cut, *, aside: bool = True) -> str | None:
    """Why leaving out ``cut`` is harmless (``"a reference"``...), or ``None`` when it is not shown.

    ``aside=False`` when an aside left out without an ellipsis is still for review.
    """
    if not cut:
        return "nothing"
    if _reference(cut):
        return "a reference"
    if _examples(cut.lowered):
        return "a list of examples"
    if _repeated(index, cut):
        return "a repeated word"
    if aside and _aside(cut):
        return "an aside"
    return None


def describe(cut: Cut, *, where: str) -> str:
    """What the left-out words are, in a reviewer's words: ``a leading condition``, ``a hedge``..."""
    lowered = cut.lowered
    first = lowered[0] if lowered else ""
    if first in _CONDITION_OPENERS or any(w in _EXCEPTIONS for w in lowered):
        kind = "a leading condition" if where == "lead" else "a condition or exception"
    elif any(_negated(w) for w in lowered) or inverts(lowered):
        kind = "a negation"
    elif any(w in _HEDGES for w in lowered) or any(
        tuple(lowered[i : i + 3]) in _HEDGE_PHRASES for i in range(len(lowered))
    ):
        kind = "a hedge"
    elif any(tuple(lowered[i : i + 3]) in _EXTENT for i in range(len(lowered))) or first in {"only", "solely"}:
        kind = "a limiting phrase"
    elif any(w in NORMATIVE_KEYWORDS for w in lowered):
        kind = "another requirement"
    elif any(any(c.isdigit() for c in w) for w in lowered):
        kind = "a number"
    elif first in _RESTRICTORS or first in {"that", "which", "who", "whose"}:
        kind = "a restriction on whom or what it applies to"
    elif limits(lowered):
        kind = "a limit"
    else:
        kind = {"lead": "the start of the sentence", "trail": "the rest of the sentence"}.get(where, "words")
    return f"left out {kind}: {shown(cut)!r}"


def shown(cut: Cut) -> str:
    """The left-out words as a reviewer reads them, with a comma that closes them."""
    opens = cut.before.rsplit(" ", 1)[-1] if cut.before else ""
    text = (opens if opens and set(opens) <= set("([\"'") else "") + cut.text
    closes = cut.after.split(" ", 1)[0] if cut.after else ""
    if closes.startswith(","):
        text += ","
    return text if len(text) <= 120 else text[:117] + "..."
