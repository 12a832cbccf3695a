"""What the tiers' folding reads as typography and a quote may not change: an operator's ``*``, a word's case.

Every tier but ``exact`` compares folded text, in which ``*`` is emphasis, and case and
apostrophes do not count (``ignoring case and typographic punctuation``), and case folding
writes ``ß`` as ``ss``. Seven differences of that kind may change what a quote says, so a quote
found with one is flagged ``variant_form`` for a person to look (and, read the same way,
quotation marks around other words, and a question mark where the source's sentence states, or a
stop where it asks):

- a ``*`` that opens a word and closes none is an operator of code or a grammar (``type *T``,
  ``port = *DIGIT``), added, dropped or moved;
- a word written in another case, quoted or not: a name in quotation marks (``"EXP"`` for
  ``"exp"``: a JWT's claim names, like a program's, are case-sensitive), an identifier
  (``numericDate`` for ``NumericDate``, Go's unexported ``pathError`` for ``PathError``), an
  acronym or a unit (``who`` for ``WHO``, ``Mb`` for ``MB``), German ``Sie`` for ``sie``, two
  names that only case tells apart swapped (``error`` and ``Error``). A quote recased whole, and
  the first letter of its first word or of a word after a stop, are typography;
- an apostrophe inside a word added or dropped (``It's`` for ``Its``, ``we're`` for ``were``,
  ``wont`` for ``won't``): each makes another word;
- a keyword of BCP 14 in capitals where the source writes it in prose (``MAY`` for ``may``): only
  the capitals state a requirement (RFC 8174). Capitals written in prose are no such change;
- ``ß`` written as ``ss`` or the reverse (``Massen`` for ``Maßen``: "masses", "moderation");
- a number in another script's digits (``٣`` for ``3``), which folding writes as ASCII ones;
- a symbol named in quotation marks that the other side does not write (``「_」`` for ``「-」``).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable

from citecheck.matcher._lexicon import RFC2119_KEYWORDS
from citecheck.matcher._normalize import (
    ARABIC_NUMBER_MARKS,
    KEYBOARD_LETTERS,
    VOWEL_MARKS,
    ascii_digits,
    fold_keeping_digits,
)
from citecheck.matcher._tokens import QUESTION_MARKS, WORD, WORD_RUN

__all__ = ["title_cased", "written_differences"]

# Stars opening an ASCII word after a space or a bracket ("*T", "*( a )"), or closing a word.
_STARS = re.compile(r"(?P<opens>(?:(?<=[\s(\[])|^)\*+(?=[A-Za-z0-9_(]))|(?<=[\w)])\*+(?![\w*])")
_OPENING = "\"'\u201c\u2018\u00ab([ "
_STAR_NOTE = (
    "a '*' before a word differs from the source's, which in code or a grammar is an operator ('*T', '*DIGIT'), "
    "not emphasis"
)
# A name in straight or curly quotation marks or backticks: one word, no spaces.
_NAMED = re.compile("[\"'`\u201c\u2018]([^\\s\"'`\u201c\u201d\u2018\u2019]{1,40})[\"'`\u201d\u2019]")
# A lower-case letter then a capital: a word in mixed case (``GitHub``, ``numericDate``, ``eyJhbG``).
_MIXED = re.compile(r"[a-z\u00df-\u00ff][A-Z\u00c0-\u00de]")
_KEYWORDS = frozenset(keyword.upper() for keyword in (*RFC2119_KEYWORDS, "not"))
_UPPER = re.compile(r"[^A-Z\u00c0-\u00de\u0391-\u03a9\u0400-\u042f]+")  # all but capitals
_KEYWORD = re.compile(r"\b(?:" + "|".join(sorted(keyword.upper() for keyword in RFC2119_KEYWORDS)) + r")\b")
_KEYWORD_NOTE = (
    "a keyword of BCP 14 in capitals where the source writes it in prose: only the capitals state a "
    "requirement (RFC 8174)"
)


def written_differences(quote: str, source: str, after: str = "", *, folded: bool = True) -> tuple[str, ...]:
    """Notes on what the quote writes otherwise than the source in a way folding does not see; empty for most.

    Args:
        quote: The quote as the citation gives it, without what it appends (``(p. 3)``).
        source: The source text the quote was matched to.
        after: The source's characters right after it, where its sentence's mark may stand.
        folded: Whether the tier that matched set case, apostrophes and the place of quotation marks
            aside (all but ``exact`` and ``normalized``): only then can those differ.
    """
    notes: list[str] = []
    ends = quote[-4:] + source[-4:] + after
    if "?" in ends or "\uff1f" in ends:
        asked = _ends_asking(quote)
        if asked is not None and asked != _source_asks(source, after):
            notes.append(_ASKED_NOTE if asked else _STATED_NOTE)
    if ("*" in quote or "*" in source) and _operator_stars(quote) != _operator_stars(source):
        notes.append(_STAR_NOTE)
    if not quote.isascii() and _VOWEL_MARK.search(quote):
        # The source's span ends at its last letter as folding reads it: its last word's marks follow.
        notes += _vowel_marks(quote, source + after[: len(after) - len(after.lstrip(_MARK_CHARACTERS))])
    if not (quote + source).isascii():
        notes += _digits_of_another_script(quote, source)
    if _MAY_NAME.search(quote) or _MAY_NAME.search(source):
        notes += _symbols_named_otherwise(quote, source, after)
    if not folded:
        return tuple(notes)
    if _QUOTED_SPAN.search(quote) or "(" in quote:
        notes += _quote_marks_moved(quote, source)
    named = [] if _recased_whole(quote, source) else _names_recased(quote, source)
    notes += named
    # A quote in one case throughout is typography for its words; a name in quotation marks only
    # where the quote is recased whole (`_recased_whole`).
    if not (quote.isupper() or quote.islower()) and (
        _UPPER.sub("", quote) != _UPPER.sub("", source) or _in_two_cases(quote)
    ):
        notes += _words_recased(quote, source, skip=bool(named))
    if not (quote + source).isascii():
        # Hebrew's gershayim typed as a quote mark (צה"ל), which folding reads past.
        quote, source = _GERSHAYIM_TYPED.sub("\u05f4", quote), _GERSHAYIM_TYPED.sub("\u05f4", source)
    if _APOSTROPHE.search(quote) or _APOSTROPHE.search(source):
        notes += _apostrophes_moved(quote, source)
    if "\u00df" in quote + source or "\u1e9e" in quote + source:
        notes += _sharp_s_written_out(quote, source)
    if _KEYWORD.search(quote) and _capital_keywords(quote) - _capital_keywords(source):
        notes.append(_KEYWORD_NOTE)
    return tuple(notes)


def _digits_of_another_script(quote: str, source: str) -> list[str]:
    """The quote's numbers in another script's digits than the source writes them in (``٣`` for ``3``).

    Folding writes every script's digits as ASCII ones (`citecheck.matcher._normalize.fold_char`),
    so the number is the source's; but a digit may look like another (Arabic-Indic five looks
    like a zero), so a person looks. Numbers are read with the rest folded (Arabic's comma, a
    tatweel or a direction mark inside one), and each as often as it is written: ``2024 (2024)``
    for ``٢٠٢٤ (2024)`` writes one of them otherwise.
    """
    # Full-width digits are ASCII's in a wide font, as NFKC reads them (``８条`` for ``8条``).
    quote, source = fold_keeping_digits(quote), fold_keeping_digits(source)
    if not any(c.isdecimal() and not c.isascii() for c in quote + source):
        return []
    ours, theirs = Counter(_NUMBER.findall(quote)), Counter(_NUMBER.findall(source))
    forms: dict[str, list[str]] = {}
    for number in theirs:
        forms.setdefault(ascii_digits(number), []).append(number)
    notes: list[str] = []
    for number, count in ours.items():
        other = next((form for form in forms.get(ascii_digits(number), ()) if form != number), None)
        if other is not None and count > theirs[number]:
            notes.append(
                f"{number!r} for the source's {other!r}: a number written differently, in another script's digits"
            )
    return notes


_NUMBER = re.compile(rf"\d+(?:[.,{''.join(ARABIC_NUMBER_MARKS)}]\d+)*")


def _symbols_named_otherwise(quote: str, source: str, after: str) -> list[str]:
    """Notes on a symbol one side names in quotation marks (``"-"``, ``「_」``) that the other does not write.

    Folding reads the marks as typography (next to Chinese or Japanese, and around ``_``, which is
    emphasis elsewhere), so ``「_」`` matched ``「-」`` and a dropped ``"-"`` matched; either side may
    name it bare (a page renders a code span's ``-`` without marks), but must write it, and where
    both name as many, the same in order (``「:」`` for ``「-」`` where the source's example writes
    ``:`` too): the source in its span and as much ``after`` it as the quote writes after its last
    word (a span may end there, before ``"/".``).
    Read folded (curly marks and corner brackets as ``"``, a PDF font's brackets as brackets).
    """
    quote, source, after = fold_keeping_digits(quote), fold_keeping_digits(source), fold_keeping_digits(after)
    # As much of what follows the span as the quote writes after its last word ('("-").'), not the next sentence.
    tail = len(quote) - next((i + 1 for i in range(len(quote) - 1, -1, -1) if quote[i].isalnum()), 0)
    glued = after[:tail]
    ours, theirs = _NAMED_SYMBOL.findall(quote), _NAMED_SYMBOL.findall(source)
    if ours and theirs and len(ours) == len(theirs) and ours != theirs:
        # As many named, in another order or others ("「:」" for "「-」" where the source's example
        # writes ":" too).
        return [
            f"the quote names {', '.join(map(repr, ours))} in quotation marks where the source names "
            f"{', '.join(map(repr, theirs))}"
        ]
    notes: list[str] = []
    # What an ellipsis leaves out is read as a gap (`citecheck.matcher._tiers._cuts.gap_limit`), not here.
    checks = [(ours, source + glued, "quote", "source")]
    if "..." not in quote and "\u2026" not in quote:
        checks.append((theirs, quote, "source", "quote"))
    for named, other, one, another in checks:
        for symbol in dict.fromkeys(named):
            if symbol not in other:
                notes.append(f"the {one} names {symbol!r} in quotation marks, which the {another} does not write")
    return notes


_MARKS_NAMING = "\"'\u201c\u201d\u2018\u2019\u300c\u300d\u300e\u300f\u00ab\u00bb"
# A symbol alone between quotation marks, the first opening a quotation (after a space, an opening
# bracket or a character outside ASCII: "は「-」で") and the second closing it (no ASCII letter or
# digit after): a character named, not the close of one quotation and the open of the next.
_NAMED_SYMBOL = re.compile(
    r"""(?:^|(?<=[\s(\[])|(?<=[^\x00-\x7f]))["']([^\w\s"'\u3001\u3002]{1,3}|_{1,3})["'](?![A-Za-z0-9])"""
)
# Before folding, in C: what may be one (most quotation marks hold words, and need no folding).
_MAY_NAME = re.compile(f"[{_MARKS_NAMING}](?:[^\\w\\s]{{1,3}}|_{{1,3}})[{_MARKS_NAMING}]")


def _operator_stars(text: str) -> list[tuple[str, str]]:
    """The words a ``*`` opens that no ``*`` closes (``*T``, ``*( a )``), each with the word before it, sorted.

    A run of stars that opens a word and one that closes a later word are emphasis (``*not*``,
    ``**the rest**``); one left open is an operator of code or a grammar. Named by the word before
    it and the first letters of its own, which a line-end hyphen in the quote does not move.
    """
    if "*" not in text:
        return []
    open_at: list[int] = []
    for run in _STARS.finditer(text):
        if run.group("opens"):
            open_at.append(run.start())
        elif open_at:
            open_at.pop()  # closes the emphasis the last open run opened
    # An operator is one star inside the text: "**" left open, or a star that opens the quote
    # itself, is the rest of emphasis a cut left behind ("*Mutational co-occurrence ...").
    open_at = [at for at in open_at if text[at + 1 : at + 2] != "*" and text[:at].strip(_OPENING)]
    named = []
    for at in open_at:
        before, after = WORD_RUN.findall(text, max(0, at - 40), at), WORD_RUN.search(text, at)
        # The word's first letters: a line-end hyphen may break the word itself ("*Byte-\nSlice").
        named.append((before[-1].lower() if before else "", after.group()[:3].lower() if after else ""))
    return sorted(named)


def _names_recased(quote: str, source: str) -> list[str]:
    """A note for each name in quotation marks the quote writes in another case than the source's."""
    quoted = Counter(_NAMED.findall(quote))
    if not quoted:
        return []
    named = Counter(_NAMED.findall(source))
    by_lower = {name.lower(): name for name in sorted(named - quoted)}
    return [
        f"{name!r} for the source's {by_lower[name.lower()]!r}: a name in quotation marks written in another case"
        # Counted: "'A' through 'F' ... 'a' through 'f'" has both, "case 'a' [...] case 'a'" one twice.
        for name in sorted(quoted - named)
        if name.lower() in by_lower
    ]


def _recased_whole(quote: str, source: str) -> bool:
    """Whether the quote is written all in capitals, or all in lower case where the source is not, as to its names.

    All in lower case is the quote recased whole where the source's first word has a capital
    (``petworld offers "x"`` for ``PetWorld offers "X"``), or two of its words do; ``the letter
    "x" corresponds`` for ``the letter "X" corresponds`` recases one name, not the quote.
    """
    if quote.isupper():
        return True
    if not quote.islower():
        return False
    capitals = [word != word.lower() for word in WORD_RUN.findall(source)]
    return bool(capitals) and (capitals[0] or sum(capitals) >= 2)


def _words_recased(quote: str, source: str, *, skip: bool = False) -> list[str]:
    """A note for each word the quote writes in another case than the source, where case may carry meaning.

    Typography is no difference: a quote recased whole (all capitals, all lower case, each word
    capitalised, the rest of each word in lower case or as it was: ``Jwts`` for ``JWTs``), and the
    first letter of the quote's first word or of a word after a stop. Any other word recased is:
    an identifier (a capital inside it: ``numericDate``), an acronym or a unit (``who`` for
    ``WHO``, ``Mb`` for ``MB``), German ``sie`` for ``Sie``. ``skip``: the names in quotation marks
    were noted already (`_names_recased`), and are not noted twice.
    """
    words, source_words = WORD_RUN.findall(quote), WORD_RUN.findall(source)
    # Counted, not only listed: "einen string aus einem String-Literal" has the source's "String" too.
    quoted, sourced = Counter(words), Counter(source_words)
    extra, fewer = quoted - sourced, sourced - quoted
    if extra and fewer:
        by_lower: dict[str, str] = {}
        for word in sorted(fewer):
            by_lower.setdefault(word.lower(), word)
        # A form the quote writes as often as the source is the source's own.
        recased = [(word, by_lower[word.lower()]) for word in sorted(extra) if word.lower() in by_lower]
    elif not extra and not fewer and words != source_words:
        recased = _swapped_cases(words, source_words)  # "error, an Error" for "Error, an error"
    else:
        return []
    titled = title_cased(words)
    starts = {m.group(1) for m in _AFTER_STOP.finditer(quote)} | {words[0]}
    named = {name.lower() for name in _NAMED.findall(quote)} if skip else set()
    notes = []
    for word, theirs in recased:
        if word.lower() in named:
            continue
        if word[1:] == theirs[1:] and (titled or word in starts):
            continue  # "QuanTIseq might [...]" for "Thus, quanTIseq might": a first letter is the quoter's
        if titled and word == word.capitalize():
            continue  # "Jwts, While Claim Names": title case, as str.title writes it
        if word.islower() and theirs in _KEYWORDS:
            continue  # "must" for "MUST" states no more than the source (the capitals make the requirement)
        kind = "a name in mixed case" if _MIXED.search(word) or _MIXED.search(theirs) else "a word"
        notes.append(f"{word!r} for the source's {theirs!r}: {kind} written in another case")
    return notes


def _in_two_cases(quote: str) -> bool:
    """Whether the quote writes a word in two cases (``error`` and ``Error``): two names it may have swapped."""
    words = set(WORD_RUN.findall(quote))
    return len(words) > len({word.lower() for word in words})


def _swapped_cases(words: list[str], source_words: list[str]) -> list[tuple[str, str]]:
    """The quote's words each written in the case of another of the source's words, as (quoted, source's) pairs.

    The same words as often in each case, in another order: two names whose case tells them apart
    swapped (``error`` and ``Error``, ``someattr`` and ``someAttr``). Compared word by word where
    the two lists have the same words in lower case; otherwise no swap is told.
    """
    if len(words) != len(source_words) or [w.lower() for w in words] != [w.lower() for w in source_words]:
        return []
    return sorted({(word, theirs) for word, theirs in zip(words, source_words, strict=True) if word != theirs})


def title_cased(words: Iterable[str]) -> bool:
    """Whether most of ``words`` that have a case (not digits, nor Korean or Chinese) open with a capital.

    A title, a term, a quote in title case (``"Universal Resource Identifiers in WWW"``); its words
    that open with a quote mark or a bracket, or its short ones, may stay in lower case.
    """
    cased = [word for word in words if word[:1].isupper() or word[:1].islower()]
    return bool(cased) and sum(word[:1].isupper() for word in cased) >= _TITLED * len(cased)


_TITLED = 0.7
_AFTER_STOP = re.compile(r"[.!?:]\s+(\w+)")


def _apostrophes_moved(quote: str, source: str) -> list[str]:
    """A note for each word one side writes with an apostrophe inside and the other without (``It's``/``Its``)."""
    quoted, sourced = _apostrophe_words(quote), _apostrophe_words(source)
    notes = []
    for word in sorted(w for w in quoted.keys() | sourced.keys() if "'" in w):
        bare = word.replace("'", "")
        # Counted: "Parse turns it's internal panic calls [...] to its client" has the source's "its" too.
        if quoted[word] > sourced[word] and sourced[bare] > quoted[bare]:
            written, theirs = word, bare
        elif sourced[word] > quoted[word] and quoted[bare] > sourced[bare]:
            written, theirs = bare, word
        else:
            continue
        notes.append(f"{written!r} for the source's {theirs!r}: {_APOSTROPHE_NOTE}")
    return notes


def _vowel_marks(quote: str, source: str) -> list[str]:
    """A note for each word the quote writes with Arabic or Hebrew vowel marks its source's word has not.

    Folding reads past harakat and niqqud, which most text leaves out. Each word of the quote is
    compared with the source's it stands for (the words aligned by their letters): a quote's marks
    that the source's word lacks pick one reading of the letters (``دَرَّسَ``, taught, of ``درس``,
    studied or taught); marks the two write otherwise may make another word (``قَتَلَ``, killed,
    for ``قُتِلَ``, was killed). A quote with fewer marks than its source (a shadda only, or none)
    says no less.
    """
    from difflib import SequenceMatcher  # only for a pointed quote: `citecheck match` starts without it

    quoted = WORD.findall(unicodedata.normalize("NFD", quote))
    sourced = WORD.findall(unicodedata.normalize("NFD", source))
    letters = SequenceMatcher(None, list(map(_unpointed, quoted)), list(map(_unpointed, sourced)), autojunk=False)
    notes: list[str] = []
    for at, their_at, size in letters.get_matching_blocks():
        for word, theirs in zip(quoted[at : at + size], sourced[their_at : their_at + size], strict=True):
            mine, their = _letter_marks(word), _letter_marks(theirs)
            pointed = any(mine)
            # The source's marks, or some of them: not its shadda or dagesh left out of a pointed
            # word, which doubles a letter (حَرَّمَ, forbade; حَرَمَ, deprived).
            if all(m <= t and not (pointed and (t & _DOUBLING) - m) for m, t in zip(mine, their, strict=True)):
                continue
            note = _MARKS_DIFFER if any(their) else _MARKS_ADDED
            shown, shown_theirs = unicodedata.normalize("NFC", word), unicodedata.normalize("NFC", theirs)
            notes.append(f"{shown!r} for the source's {shown_theirs!r}: {note}")
    return list(dict.fromkeys(notes))


def _unpointed(word: str) -> str:
    return word.translate(_NO_VOWEL_MARKS)  # and Persian's ye and kaf as Arabic's, as folding reads them


def _letter_marks(word: str) -> list[frozenset[str]]:
    """The vowel marks on each letter of a word in NFD (`_unpointed` words have as many letters)."""
    marks: list[set[str]] = []
    for char in word:
        if char in _VOWEL_MARK_SET:
            if marks:
                marks[-1].add(char)
        elif char not in _NOT_LETTERS:
            marks.append(set())
    return list(map(frozenset, marks))


# Arabic's and Hebrew's vowel marks, but not the tatweel, which only stretches a word, nor Arabic's
# hamza and madda above or below, which NFD splits from a letter they spell (أ, إ, آ).
_VOWEL_MARK_SET = frozenset(VOWEL_MARKS) - {"\u0640", "\u0653", "\u0654", "\u0655"}
_NOT_LETTERS = frozenset(VOWEL_MARKS) - _VOWEL_MARK_SET
_DOUBLING = frozenset({"\u0651", "\u05bc"})  # Arabic's shadda, Hebrew's dagesh
_MARK_CHARACTERS = "".join(sorted(_VOWEL_MARK_SET))
_VOWEL_MARK = re.compile(f"[{_MARK_CHARACTERS}]")
_NO_VOWEL_MARKS = str.maketrans({**dict.fromkeys(_VOWEL_MARK_SET | {"\u0640"}), **KEYBOARD_LETTERS})
_MARKS_DIFFER = "vowel marks written otherwise, which may make another word"
_MARKS_ADDED = "vowel marks the source leaves out, which pick one reading of its letters"


def _sharp_s_written_out(quote: str, source: str) -> list[str]:
    """A note for each word one side writes with ``ß`` and the other with ``ss`` (``Massen`` for ``Maßen``).

    Case folding reads them as one, but they may be two words ("in moderation", "in masses"), or one
    spelled the Swiss way or the old way (``dass``, ``daß``): a person tells.
    """
    words, source_words = WORD_RUN.findall(quote.lower()), WORD_RUN.findall(source.lower())
    quoted, sourced = Counter(words), Counter(source_words)
    extra, fewer = quoted - sourced, sourced - quoted
    pairs = [(word, theirs) for word in sorted(extra) for theirs in sorted(fewer) if _ss(word) == _ss(theirs)]
    if not extra and not fewer and words != source_words and list(map(_ss, words)) == list(map(_ss, source_words)):
        pairs = sorted({(word, theirs) for word, theirs in zip(words, source_words, strict=True) if word != theirs})
    return [
        f"{word!r} for the source's {theirs!r}: \u00df written as ss or the reverse, which may make another word"
        for word, theirs in pairs
    ]


def _ss(word: str) -> str:
    return word.replace("\u00df", "ss")


def _apostrophe_words(text: str) -> Counter[str]:
    """The text's words lowercased, counted, a curly apostrophe or Hebrew's geresh or gershayim read as ``'``."""
    return Counter(w.lower().translate(_AS_APOSTROPHE) for w in _WORD_WITH_APOSTROPHE.findall(text))


_APOSTROPHE_NOTE = "an apostrophe added or dropped, which makes another word"
# Inside a word: not a quote mark around a name ('exp'). Hebrew marks an abbreviation or a borrowed
# sound with a geresh or gershayim (U+05F3, U+05F4: "gel" is gimel, geresh, lamed), which folding
# writes as quote marks, and a word without it is another ("wave").
_APOSTROPHES = "'\u2019\u05f3\u05f4"
# Before an abbreviation's last letter (the IDF's), not after a one-letter prefix before a quoted word.
_GERSHAYIM_TYPED = re.compile('(?<=[\u05d0-\u05ea])["\u201d](?=[\u05d0-\u05ea](?![\u05d0-\u05ea]))')
_APOSTROPHE = re.compile(f"\\w[{_APOSTROPHES}]\\w")
_WORD_WITH_APOSTROPHE = re.compile(f"\\w+(?:[{_APOSTROPHES}]\\w+)*")
_AS_APOSTROPHE = str.maketrans(dict.fromkeys(_APOSTROPHES[1:], "'"))


def _quote_marks_moved(quote: str, source: str) -> list[str]:
    """A note for each span the quote puts in quotation marks or brackets that overlaps another the source does.

    ``"jti (JWT" ID)`` for ``"jti" (JWT ID)``: the marks name other words. Marks added around words
    the source leaves bare, or dropped, are typography. The quote is read as given and without
    marks around the whole of it (an answer's own): only what both readings find is noted.
    """
    if sum(map(source.count, _MARKS)) % 2:
        return []  # a mark left unpaired (a match that stops inside a name) pairs the others wrongly
    sourced = _quoted_spans(source)
    readings = (quote, _WRAPPED.sub(r"\1\2", quote.strip()))
    found = []
    for text in dict.fromkeys(readings):
        quoted = _quoted_spans(text) if not sum(map(text.count, _MARKS)) % 2 else {}
        found.append(
            [
                f"quotation marks or brackets around {quoted[mine]!r} where the source has them around "
                f"{sourced[theirs]!r}"
                for mine in sorted(quoted.keys() - sourced.keys())
                for theirs in sorted(sourced.keys() - quoted.keys())
                if f" {mine} " in f" {theirs} " or f" {theirs} " in f" {mine} "  # whole words: "s" is not in "see"
            ]
        )
    return min(found, key=len)


def _quoted_spans(text: str) -> dict[str, str]:
    """The spans in quotation marks, each by its words lowercased (as folding compares them)."""
    # A comma or stop inside the closing mark is the sentence's, as American style sets it ("JWT,").
    spans = (*_QUOTED_SPAN.findall(text), *_BRACKETED_SPAN.findall(text))
    return {" ".join(span.lower().rstrip(".,;:!?").split()): span for span in spans}


_MARKS = ('"', "\u201c", "\u201d", "\u201e", "\u00ab", "\u00bb")
_WRAPPED = re.compile('^["\u201c\u201e\u00ab](.*)["\u201d\u00bb]([.,;:!?]?)$', re.DOTALL)
# Words in brackets: "The refund (minus shipping costs is paid)" moves the aside over the verb.
_BRACKETED_SPAN = re.compile(r"\(([^()]{1,60})\)")
# Words in double quotation marks, straight, curly, German or French.
_QUOTED_SPAN = re.compile('["\u201c\u201e\u00ab]\\s?([^"\u201c\u201d\u201e\u00ab\u00bb]{1,60}?)\\s?["\u201d\u00bb]')


def _ends_asking(text: str) -> bool | None:
    """Whether a quote ends with a question mark (``True``) or a stop (``False``); ``None`` with neither."""
    end = _MARK_AT_END.search(text)
    return None if end is None else end.group(1) in QUESTION_MARKS


def _source_asks(source: str, after: str) -> bool:
    """Whether the source's sentence ends with a question mark where the quote stops (none when it goes on)."""
    # The last mark of the run of marks right after the match, else of the source text's own end:
    # "(e.g. 'How do I ...?')." ends with a stop, as a quote of it does.
    glued = _BRACKETS_BEFORE_MARK.match(after)  # "works[1]?", "works (Smith, 2020)?" ask
    run = _MARKS_AT_START.match(after, glued.end() if glued else 0)
    marks = [c for c in (run.group() if run else "") if c in _ENDING_MARKS]
    if marks:
        return marks[-1] in QUESTION_MARKS
    end = _MARK_AT_END.search(source)
    return end is not None and end.group(1) in QUESTION_MARKS


# A marker or an aside in brackets before the sentence's mark, glued or spaced: "works[1]?",
# "works (Smith, 2020)?".
_BRACKETS_BEFORE_MARK = re.compile(r"(?:\s*(?:\[[^\[\]\n]{1,40}\]|\([^()\n]{1,80}\)))+")
_MARK_AT_END = re.compile(r"([.!?\u3002\uff01\uff1f])[\"'\u201d\u2019)\]\s]*$")
_ENDING_MARKS = ".!?\u3002\uff01\uff1f"
# Marks and closing quote marks or brackets; French sets a space before "?".
_MARKS_AT_START = re.compile(r"[\s\"'\u201d\u2019)\].!?\u3002\uff01\uff1f]*")
_ASKED_NOTE = "the quote ends with a question mark where the source's sentence states: it asks what the source says"
_STATED_NOTE = "the quote ends with a stop where the source's sentence is a question: it states what the source asks"


def _capital_keywords(text: str) -> Counter[str]:
    return Counter(_KEYWORD.findall(text))
