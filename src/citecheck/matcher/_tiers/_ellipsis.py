"""Tier 3, ``ellipsis``: the fragments around ellipses, and what the left-out words do to a quote."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterator, Sequence
from itertools import chain, islice, pairwise, product

from citecheck._lazy_re import lazy_compile
from citecheck._models import Flag, WordDiff
from citecheck.matcher._lexicon import (
    LONGEST_UNSPACED_ENTRY,
    cut_marks,
    inverts,
    is_explaining,
    not_negations_in,
    unspaced_meaning_marks,
    unspaced_negations,
)
from citecheck.matcher._numerals import is_numeral, numeral_value
from citecheck.matcher._quote import ELLIPSIS
from citecheck.matcher._tiers._base import (
    _MAX_GAP_WORDS,
    _MAX_POSTINGS,
    MAX_TOLERANT_WORDS,
    _named,
    _negated,
    _rarest,
    _sentence_break,
    _source_uri,
    _word_at,
)
from citecheck.matcher._tiers._cuts import (
    _ARTICLES,
    _HYPHENS,
    _KINDS,
    CLOSING_BRACKETS,
    Cut,
    _hangul,
    additive_at,
    appended_other,
    asks,
    colon_condition,
    colon_lead,
    denying_heading,
    describe,
    frame_in,
    gap_limit,
    harmless,
    item_renumbered,
    lead_cut,
    lead_limit,
    list_lead_in,
    negates_list,
    numbered_reference,
    or_not,
    phrase_after_stop,
    phrase_before_stop,
    prefix_only,
    reference,
    result_lead,
    stopped_short,
    trail_cut,
    trail_limit,
    unread,
    while_doing,
)
from citecheck.matcher._tiers._loose import _reference
from citecheck.matcher._tokens import QUESTION_MARKS, join_words, other_script, unread_letter
from citecheck.matcher.tiering import (
    UNSPACED_CHARACTERS_PER_WORD,
    PreparedQuote,
    TierHit,
    WordIndex,
    between_key,
    is_unspaced,
    lead_key,
    trail_key,
)

_CHAIN_BUDGET = 50_000  # fragment placements the ellipsis tier tries per quote, over all its chains
# An ellipsis between two or three pieces of a quote, each of a few words, may leave out this many
# words, which are not read: the pieces are the source's, so the quote is for review, not missing.
_FAR_GAP_WORDS = 3_000
_FAR_PIECES = 3
_FAR_PIECE_WORDS = 4


def _ids(index: WordIndex, keys: Sequence[str]) -> list[int] | None:
    ids = [index.id_of.get(k) for k in keys]
    return None if None in ids else [i for i in ids if i is not None]


def _unbroken(fragments: Sequence[tuple[str, ...]], index: WordIndex) -> Iterator[tuple[tuple[str, ...], ...]]:
    """The fragments read with words the document writes with a hyphen inside, a few readings at most.

    A PDF's text layer keeps the hyphen of a word broken at a line's end (``help-`` ``fulness``),
    which a reader, and the quote, join (``helpfulness``); a quote writes a compound closed
    (``email`` for ``e-mail``), as the loose tier reads it without an ellipsis. Each reading splits
    one word of a fragment or more into halves the document has with a hyphen between.
    """
    choices = [_readings(fragment, index) for fragment in fragments]
    # The first combination is the fragments as they are, already read.
    return islice(product(*choices), 1, _MAX_READINGS + 1)


def _readings(keys: tuple[str, ...], index: WordIndex) -> list[tuple[str, ...]]:
    readings = [keys]
    for at, key in enumerate(keys):
        halves = _halves(key, index)
        if halves is not None:
            readings.append((*keys[:at], *halves, *keys[at + 1 :]))
    return readings


def _halves(key: str, index: WordIndex) -> tuple[str, str] | None:
    """Two halves of ``key`` the document writes with a hyphen between, or ``None``.

    At a line's end (``help-`` ``fulness``), or as a compound within a line (``e-mail``, one
    hyphen and nothing else between). Letters only: ``400500`` is never ``400-500``; and never two
    words apart (``not able``).
    """
    if not key.isalpha():
        return None
    for cut in range(1, len(key)):
        left, right = key[:cut], key[cut:]
        if left not in index.id_of or right not in index.id_of:
            continue
        # Halves this short ("in-to") are read only as a compound: a line-end break may split a word anywhere.
        line_end = min(cut, len(key) - cut) >= _HALF
        # From the rarer half: a broken word's halves are seldom words elsewhere.
        if index.count(left) <= index.count(right):
            places = ((p, p + 1) for p in index.positions(left))
        else:
            places = ((p - 1, p) for p in index.positions(right))
        for before, after in islice(places, _MAX_POSTINGS):
            if before < 0 or after >= len(index):
                continue
            if (
                index.key(before) == left
                and index.key(after) == right
                and (_compound(index, after) or (line_end and _broken_at_line_end(index, after)))
            ):
                return left, right
    return None


def _broken_at_line_end(index: WordIndex, position: int) -> bool:
    """Whether the source breaks a line after a hyphen right before word ``position`` (``help-`` ``fulness``)."""
    if "-" not in index.between(position):
        return False
    between = index.source_between(position)
    return between.rstrip(" \t\r\n").endswith(("-", "\u00ad")) and "\n" in between


def _compound(index: WordIndex, position: int) -> bool:
    """Whether one hyphen, and nothing else, joins word ``position`` to the word before (``e-mail``)."""
    return index.between(position) == "-" and index.source_between(position) in _HYPHENS


_MAX_READINGS = 8  # readings of a quote's fragments with broken words, tried when none matched as it is
_HALF = 3  # letters: the least half of a broken word read apart ("help-fulness", not "in-to")


def _runs(index: WordIndex, keys: Sequence[str]) -> list[tuple[int, int]]:
    """Every run of document words equal to ``keys``, as (first, last) word positions."""
    wanted = _ids(index, keys)
    rarest = _rarest(index, keys, range(len(keys))) if keys and wanted is not None else None
    if rarest is None or wanted is None:
        return []
    position, postings = rarest
    ids = index.ids
    size = len(wanted)
    return [
        (p - position, p - position + size - 1)
        for p in postings
        if p >= position and ids[p - position : p - position + size].tolist() == wanted
    ]


def _runs_between(
    index: WordIndex, keys: Sequence[str], lo: int, hi: int, *, backward: bool = False
) -> Iterator[tuple[int, int]]:
    """The runs of ``keys`` that start between word ``lo`` and word ``hi``, in order.

    With ``backward``, nearest ``hi`` first. Only the places of the fragment's first word are looked
    at (found by bisection), and one at a time, as the caller takes them: the nearest run usually
    leads on, so the rest are never read.
    """
    wanted = _ids(index, keys)
    if wanted is None:
        return
    ids = index.ids
    size = len(wanted)
    postings = index.positions(keys[0])
    lo, hi = max(lo, 0), min(hi, len(ids) - size)
    places = range(bisect_left(postings, lo), bisect_right(postings, hi))
    for at in reversed(places) if backward else places:
        first = postings[at]
        if ids[first : first + size].tolist() == wanted:
            yield first, first + size - 1


class _Budget:
    """How many more placements the chains of one quote may try: bounds the tier's cost.

    A quote of many fragments of common words (``the ... the ...``) over a document full of them
    would otherwise try every run of every fragment near every run of the anchor.
    """

    __slots__ = ("left",)

    def __init__(self, left: int) -> None:
        self.left = left

    def spend(self) -> bool:
        self.left -= 1
        return self.left >= 0


def _chain(
    index: WordIndex,
    fragments: Sequence[Sequence[str]],
    placed: tuple[int, int],
    *,
    forward: bool,
    dead_ends: set[tuple[int, tuple[int, int]]],
    budget: _Budget,
    reach: int = _MAX_GAP_WORDS,
) -> list[tuple[int, int]] | None:
    """Runs for ``fragments`` one after another from ``placed``, each within the largest gap.

    Every nearby run of a fragment is tried in turn, nearest first, so a fragment that repeats
    close by does not hide the run the next fragment needs. ``dead_ends`` remembers the
    placements that led nowhere, so repeated fragments cost no more than one pass each; the
    ``budget`` bounds the placements tried in all.
    """
    if not fragments:
        return []
    if (len(fragments), placed) in dead_ends:
        return None
    fragment = fragments[0] if forward else fragments[-1]
    # An ellipsis stands for left-out words: a run with words between is tried before the run right
    # next to ``placed``, which leaves out nothing ("Languages ... run" is not "[scripting] languages run").
    if forward:
        next_to = placed[1] + 1
        options = chain(
            _runs_between(index, fragment, next_to + 1, next_to + reach),
            _runs_between(index, fragment, next_to, next_to),
        )
    else:
        next_to = placed[0] - len(fragment)
        options = chain(
            _runs_between(index, fragment, next_to - reach, next_to - 1, backward=True),
            _runs_between(index, fragment, next_to, next_to, backward=True),
        )
    rest_of = fragments[1:] if forward else fragments[:-1]
    for option in options:
        if not budget.spend():
            return None
        rest = _chain(index, rest_of, option, forward=forward, dead_ends=dead_ends, budget=budget, reach=reach)
        if rest is not None:
            return [option, *rest] if forward else [*rest, option]
        if budget.left < 0:
            return None  # spent: not a dead end, only unexplored
    dead_ends.add((len(fragments), placed))
    return None


def _parenthetical(index: WordIndex, first: int, last: int) -> bool:
    """Whether words ``first`` to ``last`` are all of one parenthetical or bracketed aside."""
    opening = index.between(first).rsplit(" ", 1)[-1]
    closing = index.between(last + 1).split(" ", 1)[0]
    return ("(" in opening and ")" in closing) or ("[" in opening and "]" in closing)


def gap_flag(index: WordIndex, first: int, last: int) -> str | None:
    """What leaving out words ``first`` to ``last`` does to a quote.

    Returns:
        ``"inverts"`` when the words could invert it (a negation, or a negation or normative
        keyword next to the words kept: ``MUST ... accept`` over a ``NOT``); ``None`` when they
        hold nothing that limits the quote (`citecheck.matcher._tiers._cuts.gap_limit`) and are
        shown to be harmless (an aside with no verb, a reference, a list of examples, a repeated
        word, a discourse marker: see `citecheck.matcher._tiers._cuts.harmless`); ``"limits"``
        otherwise, for a person to look at.
    """
    # Words as written, hyphenated compounds whole: "not-before" left out is not a "not".
    words = _COMPOUND.findall(index.folded.text[index.starts[first] : index.ends[last]])
    cut = Cut(index, first, last)
    if inverts(words, cased=True, language=cut.language):
        # "The vendor ... patched" over "not only": it inverts nothing, but stays for review; nor
        # does a negation in whole sentences left out between two the quote keeps whole, which
        # may still qualify them.
        only_additive = last == first + 1 and additive_at(cut.lowered, cut.seps, 0, cut.language)
        whole = _whole_sentences(index, first, last)
        return "limits" if only_additive or whole or _parenthetical(index, first, last) else "inverts"
    kind = gap_limit(cut)
    if kind is not None and not (kind == "a number" and numbered_reference(cut)):
        return "limits"  # not a section's number: "(Section 5.1)" points elsewhere
    if unread(cut) is not None and not reference(cut):
        return "limits"  # in a language no rule reads, only a reference is told harmless
    return None if harmless(index, cut) is not None else "limits"


def _offsets(prepared: PreparedQuote, fragments: Sequence[Sequence[str]]) -> list[int] | None:
    """Where each fragment's first word is among the quote's words, or ``None`` when one is not there.

    A fragment read with a broken word whole (`_unbroken`) has keys the quote does not: its marks
    are then not compared.
    """
    keys, offsets, cursor = prepared.keys, [], 0
    for fragment in fragments:
        size = len(fragment)
        at = next((o for o in range(cursor, len(keys) - size + 1) if keys[o : o + size] == tuple(fragment)), None)
        if at is None:
            return None
        offsets.append(at)
        cursor = at + size
    return offsets


def _marks_differ(
    prepared: PreparedQuote, index: WordIndex, offsets: Sequence[int], found: Sequence[tuple[int, int]]
) -> tuple[str, str] | None:
    """The first marks between or around a fragment's words that differ from the source's, as (quote's, source's).

    Compared as the loose tier compares them (`between_key`, `lead_key`, `trail_key`): typography
    is no difference; a sign, an operator, a currency or a unit is.
    """
    words, seps, uri = prepared.words, prepared.seps, prepared.uri
    for offset, (first, last) in zip(offsets, found, strict=True):
        for p in range(1, last - first + 1):
            quoted_sep, source_sep = seps[offset + p], index.between(first + p)
            if quoted_sep == source_sep or (quoted_sep == " " and source_sep.isspace()):
                continue
            left, right = index.words(first + p - 1, first + p + 1)
            in_uri = any(c in source_sep for c in "?!:;") and _source_uri(index, first + p - 1)
            quoted = between_key(quoted_sep, words[offset + p - 1], words[offset + p], uri=uri[offset + p - 1])
            if quoted != between_key(source_sep, left, right, uri=in_uri):
                return f"{left}{quoted_sep}{right}".strip(), f"{left}{source_sep}{right}".strip()
        # The sign or currency before a fragment's first word ("-3 dB", "$49"), a unit or mark after
        # its last ("5%"), read beside a number, or where the quote writes one of its own: the
        # source's marks the ellipsis leaves out are the gap's.
        head, tail = words[offset], words[offset + last - first]
        quoted = lead_key(_after_ellipsis(seps[offset]), head)
        source = lead_key(index.between(first), head)
        if (quoted or head[:1].isdigit()) and quoted != source:
            return f"{quoted}{head}", f"{source}{head}"
        quoted = trail_key(_before_ellipsis(seps[offset + last - first + 1]), tail)
        source = trail_key(index.after_word(last), tail)
        if (quoted or tail[-1:].isdigit()) and quoted != source:
            return f"{tail}{quoted}", f"{tail}{source}"
    return None


def _after_ellipsis(sep: str) -> str:
    """What stands before a fragment's first word after the ellipsis, its brackets (``(中略)``) dropped."""
    return ELLIPSIS.split(sep)[-1].lstrip(")]\uff09\u3015")


def _before_ellipsis(sep: str) -> str:
    """What stands after a fragment's last word before the ellipsis, its brackets dropped."""
    return ELLIPSIS.split(sep)[0].rstrip("([\uff08\u3014")


def _shown(words: str) -> str:
    """Words left out as a reason quotes them: a gap too long to read whole, by its two ends."""
    split = words.split(" ")
    if len(split) <= _MAX_GAP_WORDS:
        return words
    return " ".join([*split[: _MAX_GAP_WORDS // 4], "...", *split[-_MAX_GAP_WORDS // 4 :]])


def far_gap_flag(index: WordIndex, first: int, last: int) -> str:
    """What leaving out words ``first`` to ``last``, too many to read, does to a quote: ``inverts`` or ``limits``.

    Only the rest of the sentence the piece before the gap stops in, and the start of the one the
    piece after it starts in, are read (`gap_flag`), as the words an ellipsis leaves out next to
    them: a negation there inverts the quote (``The server accepts ... [not]``). The whole
    sentences between are not read, and the quote is for review in any case.
    """
    ends = next((p for p in range(first, min(first + _MAX_GAP_WORDS, last) + 1) if _ends_before(index, p)), None)
    starts = next((p for p in range(last + 1, max(last - _MAX_GAP_WORDS, first), -1) if _ends_before(index, p)), None)
    edges = ((first, ends - 1) if ends is not None else None, (starts, last) if starts is not None else None)
    return "inverts" if any(e and e[0] <= e[1] and gap_flag(index, *e) == "inverts" for e in edges) else "limits"


def _ends_before(index: WordIndex, position: int) -> bool:
    """Whether a sentence or a block (a heading, a code block, a list item without a stop) ends before ``position``."""
    return _sentence_break(index.between(position)) or "\n\n" in index.source_between(position)


def _whole_sentences(index: WordIndex, first: int, last: int) -> bool:
    """Whether words ``first`` to ``last`` are whole sentences: one (or a block) ends right before and at the last."""
    return first > 0 and last + 1 < len(index) and _ends_before(index, first) and _ends_before(index, last + 1)


class EllipsisTier:
    """``ellipsis``: the fragments around ellipses in order, close together, in one section.

    A chain whose left-out words could invert the quote is only the closest text; one whose
    left-out words are not shown to be harmless is a match flagged ``ellipsis_gap``, with a note
    saying what was left out.
    """

    name: str = "ellipsis"
    cookbook: bool = False
    single_section: bool = True

    def find(self, prepared: PreparedQuote, index: WordIndex) -> list[TierHit]:
        fragments = prepared.fragments
        if not fragments or prepared.word_count > MAX_TOLERANT_WORDS:
            return []
        # A word of Chinese, Japanese or Thai is one to three characters, each a word of the index.
        per_word = UNSPACED_CHARACTERS_PER_WORD if prepared.unspaced_characters else 1
        reach = _MAX_GAP_WORDS * per_word
        hits = self._find(fragments, index, reach, prepared)
        # A word a PDF broke at a line's end may be where the quote has it whole: read so, once more.
        for reading in _unbroken(fragments, index) if not hits else ():
            hits = self._find(reading, index, reach, prepared)
            if hits:
                break
        if not hits and len(fragments) <= _FAR_PIECES and min(map(len, fragments)) >= _FAR_PIECE_WORDS * per_word:
            # Sentences of two paragraphs joined by an ellipsis ("A. ... B."): each piece is the
            # source's, so calling the quote missing would accuse it; what lies between is for a person.
            hits = self._find(fragments, index, reach * _FAR_GAP_WORDS // _MAX_GAP_WORDS, prepared, near=reach)
        return hits

    def _find(
        self,
        fragments: Sequence[Sequence[str]],
        index: WordIndex,
        reach: int,
        prepared: PreparedQuote,
        near: int | None = None,
    ) -> list[TierHit]:
        """The chains of ``fragments`` with gaps of at most ``reach`` words; a gap over ``near`` is not read."""
        offsets = _offsets(prepared, fragments)
        # Anchor on the fragment holding the rarest word, then look for the others only nearby.
        rarity = [min(index.count(k) for k in fragment) for fragment in fragments]
        anchor = rarity.index(min(rarity))
        hits: list[TierHit] = []
        altered: TierHit | None = None
        ahead: set[tuple[int, tuple[int, int]]] = set()
        behind: set[tuple[int, tuple[int, int]]] = set()
        budget = _Budget(_CHAIN_BUDGET)
        for run in _runs(index, fragments[anchor])[:_MAX_POSTINGS]:
            after = _chain(
                index, fragments[anchor + 1 :], run, forward=True, dead_ends=ahead, budget=budget, reach=reach
            )
            before = (
                _chain(index, fragments[:anchor], run, forward=False, dead_ends=behind, budget=budget, reach=reach)
                if after is not None
                else None
            )
            if budget.left < 0:
                break
            if after is None or before is None:
                continue
            found = [*before, run, *after]
            marks = _marks_differ(prepared, index, offsets, found) if offsets is not None else None
            if marks is not None:
                # Fragments are placed by their words: what stands between the words is read here,
                # as the other tiers read it ("p > 0.05" is not "p < 0.05", "€49" not "$49").
                start, end = index.word_span(found[0][0], found[-1][1])
                reason = f"writes {marks[0]!r} where the source has {marks[1]!r}"
                altered = altered or TierHit(start, end, "ellipsis", 100.0, rejected=reason)
                continue
            differences: list[WordDiff] = []
            verdicts: list[str | None] = []
            notes: list[str] = []
            for (_, before_last), (after_first, _) in pairwise(found):
                if after_first > before_last + 1:
                    far = near is not None and after_first - before_last - 1 > near
                    verdict = (far_gap_flag if far else gap_flag)(index, before_last + 1, after_first - 1)
                    verdicts.append(verdict)
                    if verdict == "limits" and far:
                        # The index has each character of Chinese, Japanese or Thai as a word.
                        unit = "characters" if is_unspaced(index.key(before_last + 1)) else "words"
                        notes.append(
                            f"an ellipsis leaves out {after_first - before_last - 1} {unit}, more than the "
                            f"{near} it is read over, so a person should look at what they say"
                        )
                    elif verdict == "limits":
                        notes.append(
                            "an ellipsis " + describe(Cut(index, before_last + 1, after_first - 1), where="gap")
                        )
                    gap = join_words(index.words(before_last + 1, after_first))
                    differences.append(
                        WordDiff(kind="omitted", quote="", source=gap, changes_meaning=verdict is not None)
                    )
            start, end = index.word_span(found[0][0], found[-1][1])
            if "inverts" in verdicts:
                reason = "leaves out words that could invert it: " + "; ".join(
                    repr(_shown(d.source)) for d in differences if d.changes_meaning
                )
                altered = altered or TierHit(start, end, "ellipsis", 100.0, tuple(differences), rejected=reason)
                continue
            flags: tuple[Flag, ...] = ("ellipsis_gap",) if "limits" in verdicts else ()
            hits.append(TierHit(start, end, "ellipsis", 100.0, tuple(differences), flags, notes=tuple(notes)))
        return hits if hits else [altered] if altered else []


def _negation_at(index: WordIndex, position: int, cut: Cut) -> bool:
    """Whether the word at ``position`` negates in the language around ``cut`` (Portuguese ``no`` does not)."""
    word = index.key(position)
    return _negated(word) and word not in not_negations_in(cut.language)


def edge_flags(prepared: PreparedQuote, index: WordIndex, hit: TierHit) -> tuple[tuple[Flag, ...], tuple[str, ...]]:
    """What a quote that starts or stops inside its sentence cuts off, when that limits the quote.

    A cut is flagged by what it leaves out (`citecheck.matcher._tiers._cuts.lead_limit`,
    `citecheck.matcher._tiers._cuts.trail_limit`): a condition, an exception, a negation or a
    quantifier in scope, a modal or hedge that governs the quote, a following contrast, a
    distancing frame. A neutral rest of the sentence (a discourse marker, an independent clause
    joined by ``and`` or ``;``, examples, a reference) is no flag. Flags: ``ellipsis_gap`` when
    the quote marks the cut with an ellipsis; ``omitted_text`` when it ends its sentence with a
    period where the source's goes on with a limit, or starts or stops right next to a negation it
    leaves out (``MUST`` of ``MUST NOT``); ``partial_sentence`` when it starts or stops inside its
    sentence without saying so.

    Returns:
        The flags, and notes that say what was left out (``left out a leading condition: ...``).
    """
    first = _word_at(index, hit.start)
    last = bisect_right(index.starts, hit.end - 1) - 1
    if first > last:
        return (), ()  # no word of the source starts in the hit ("{" of "the00{"): no sentence to cut
    if first > 0 and prepared.bullet == "o" and index.key(first - 1) == "o" and index.between(first) == " ":
        # Portuguese "o" ("the"), set aside as a list's bullet and there before the hit: the
        # quote's own first word, which the cut is read from ("No Linux, [o servidor ...]").
        first -= 1
    flags: list[Flag] = []
    notes: list[str] = []
    for other in (item_renumbered(prepared.item, index, hit.start), appended_other(prepared, index, last)):
        if other is not None:
            flags.append("variant_form")
            notes.append(other)
    lead = lead_cut(index, first)
    trail = trail_cut(index, last)
    # A negation next to the quote, in its sentence: a blank line or a heading between (the "none"
    # of a JSON example above a paragraph) is another block's.
    before = (
        bool(lead)
        and not _sentence_break(index.between(first))
        and _negation_at(index, first - 1, lead)
        and not _named(index.between(first - 1), index.between(first))
        and not or_not(index.keys(first - 2, first), index.between(first))  # "or not, [and other causes]"
        and "discourse" not in lead.scan.classes[-1]  # "말할 것도 없이, [...]" ("needless to say")
    )
    after = (
        bool(trail)
        and not _sentence_break(index.between(last + 1))
        and _negation_at(index, last + 1, trail)
        and not prefix_only(index.key(last + 1), index.between(last + 2))  # "[other than that] non-integer"
        and not _named(index.between(last + 1), index.between(last + 2))
    )
    if not (before or after) and prepared.unspaced_characters:
        before, after = _unspaced_negation_next(index, first, last)
        before, after = before and bool(lead), after and bool(trail)
    before = before and not _negated(prepared.keys[0] if prepared.keys else "")
    if before or after:
        # A negation next to where the quote starts or stops: left out at the quote's own ellipsis
        # there, or with no mark of a cut at all.
        at_ellipsis = (before and prepared.leading_ellipsis) or (after and prepared.trailing_ellipsis)
        flags.append("ellipsis_gap" if at_ellipsis else "omitted_text")
    for edge, inside in ((first, prepared.leading_ellipsis), (last + 1, prepared.trailing_ellipsis)):
        compound = _compound_cut(index, edge, at_start=edge == first)
        if compound is not None:
            flags.append("ellipsis_gap" if inside else "omitted_text")
            notes.append(compound)
    if prepared.unspaced_characters:
        # "五个样本" of "三十五个样本", "果服务器出现故障" of "如果服务器出现故障": what the quote says
        # is not what the source's words say.
        for edge in (first, last + 1):
            cut_in_two = _cut_in_two(index, edge)
            if cut_in_two is not None:
                flags.append("partial_sentence")
                notes.append(cut_in_two)
    kind = lead_limit(lead) if lead else None
    if kind is not None and _lead_harmless(lead):
        kind = None
    if kind is not None and phrase_before_stop(index, first, last):
        kind = lead_limit(lead, near_only=True)  # only the words right before govern a phrase
    where = lead
    if kind is None and ":" in index.between(first):
        # A colon is no sentence's end for a condition or a label before it: "Only if X: the server
        # ...", "Incorrect: the server ..." (whatever case the source goes on in).
        where = colon_lead(index, first)
        kind = colon_condition(where)
    if kind is None and result_lead(lead):
        where = colon_lead(index, lead.first, ";")
        kind = colon_condition(where)
    mark = next((mark for mark in ":;" if mark in lead.before), None) if lead else None
    if kind is None and mark is not None and is_explaining(lead.lowered):
        # "we might assume that it works the same: that is, [...]", "Das heißt," and "也就是说" after
        # a colon or a semicolon: a restatement is governed by the clause before, as what follows
        # a colon is.
        where = Cut(index, colon_lead(index, lead.first, mark).first, lead.last)
        kind = (lead_limit(where) or frame_in(where)) if where.first < lead.first else None
    if kind is None:
        # An item of a list its lead-in's negation governs, as it would words after its colon: "The
        # administrator must not: - [delete an account ...]", "None of the following may:". Not a
        # condition, which may be the lead-in's own ("When we illustrate this, keep these rules in
        # mind:"), nor "some" ("Here are some of the types:" lists examples).
        lead_in = list_lead_in(index, lead.first if lead else first)
        kind, where = (_KINDS["negation"], lead_in) if negates_list(lead_in) else (None, where)
    if kind is None and lead and QUESTION_MARKS.isdisjoint(prepared.original) and asks(index, trail, last):
        kind = "a question it is part of"  # "[Is it true that] the server rejects it[?]" asserts nothing
    if kind is None and lead and (unread_kind := unread(lead)) is not None and not _lead_harmless(lead):
        kind, where = unread_kind, lead  # "[إذا ...،] [...]": no rule reads Arabic's "if"
    if kind is None and lead and while_doing(lead, prepared.keys):
        kind, where = _KINDS["condition"], lead  # "While holding the lock, [the thread must not ...]"
    if kind is not None:
        flags.append("ellipsis_gap" if prepared.leading_ellipsis else "partial_sentence")
        notes.append(describe(where, where="lead", kind=kind))
    kind = trail_limit(trail) if trail and not _only_marker(index, last, trail) else None
    if kind is not None and kind != "a number" and phrase_after_stop(index, first, last):
        kind = None  # the quote says nothing of the sentence it stops a word into
    if kind is None and not trail:
        # A clause after a semicolon is a sentence of its own, and a neutral one left out; one that
        # opens with a contrast ("; however, ...", "; mais ...") takes back some of what the quote says.
        contrast = _contrast_after_semicolon(index, last)
        if contrast is not None:
            kind, trail = "a following contrast", contrast
    if kind is None and trail and _closes_an_open_aside(prepared, index, last):
        kind = "the rest of an aside in brackets"
    if kind is None and trail and prepared.ends_sentence and not phrase_after_stop(index, first, last):
        kind = stopped_short(trail)  # "[...] is available." of "[...] is available for a fee."
    if kind is None and trail and (unread_kind := unread(trail)) is not None:
        kind = None if reference(trail) or _only_marker(index, last, trail) else unread_kind
    if kind is None and hit.end < index.ends[last] and _inflected(index, last, hit.end):
        # A Korean quote that stops inside a word ("있" of "있는데", "하" of "하나") leaves out the
        # word's ending, which carries its negation, tense, condition or contrast; so may a word
        # of a language no rule reads (Tamil's "தேவை" of "தேவையில்லை", "not needed").
        kind = "the end of a word"
        trail = Cut(index, last, trail.last if trail else last)
    if kind is not None:
        if prepared.trailing_ellipsis:
            flags.append("ellipsis_gap")
        elif prepared.ends_sentence:
            # The quote's period says the sentence ends here; the source's goes on with what limits it.
            flags.append("omitted_text")
        else:
            flags.append("partial_sentence")
        notes.append(describe(trail, where="trail", kind=kind))
    heading = denying_heading(index, first)
    if heading:
        # "## Common myths" over the quote's paragraph: the quote leaves out that it is one.
        flags.append("omitted_text")
        notes.append(describe(heading, where="lead", kind=_KINDS["denial"]))
    return tuple(dict.fromkeys(flags)), tuple(notes)


def _inflected(index: WordIndex, last: int, end: int) -> bool:
    """Whether the ending of word ``last``, which a quote leaves out from folded ``end``, may carry what limits it.

    Korean's, or a word's of a script no rule reads (Tamil's ``தேவை`` of ``தேவையில்லை``, "not
    needed"); any word of a text in a language no rule reads (Turkish ``kullan``, "use", of the
    word for "should not use"), but not a clitic after an apostrophe (``złoty`` of an English
    text's ``złoty's``).
    """
    word = index.words(last, last + 1)[0]
    if _hangul(word):
        return True
    letter = unread_letter(word)
    if letter is not None and other_script(letter):
        return True
    # Any word of a text in a language no rule reads (Turkish "gel" of "gelmeyecek", "will not come").
    return not index.folded.text[end : index.ends[last]].startswith("'") and unread(Cut(index, last, last)) is not None


def _compound_cut(index: WordIndex, edge: int, *, at_start: bool) -> str | None:
    """A note where the quote starts (stops) inside a compound, a name or a number, at what joins word ``edge``.

    ``random generator`` of ``pseudo-random generator``, ``treatment`` of ``pre-treatment``,
    ``push`` of ``push_str``, ``sys`` of ``sys.exit``, ``3`` of ``3.5``: the index parts a compound at
    its hyphen, a name of code at its underscore, dot or double colon, and a number at its point or
    comma, so the quote's words are whole words there, yet the word the source writes is another.
    Not a dash between words or numbers: one hyphen (`_compound`) between two words of letters.
    """
    if not 0 < edge < len(index):
        return None
    joint = index.between(edge)
    if joint not in _JOINTS:
        return None  # most edges: a space, told without reading the words
    left, right = index.words(edge - 1, edge + 1)
    ends = left[-1:] + right[:1]  # ASCII letters or digits: not a stop glued to Chinese ("request.可")
    if (left + right).isdigit() and joint in (".", ","):
        what = "number"
    elif joint in _NAME_JOINTS and ends.isascii() and ends.isalnum() and not (joint == "." and right[:1].isupper()):
        what = "name"  # not a stop a PDF's text glues to the next sentence ("midnight.Next")
    elif _compound(index, edge) and left.isalpha() and right.isalpha():
        what = "compound"
    else:
        return None
    kept, cut = (right, left + joint) if at_start else (left, joint + right)
    where = "starts" if at_start else "stops"
    return f"the quote {where} inside the {what} {left + joint + right!r}, leaving out {cut!r} of {kept!r}"


_NAME_JOINTS = frozenset({"_", ".", "::"})  # what joins a name's parts with no space: push_str, os.path, Vec::new
_JOINTS = _NAME_JOINTS | {",", "-"}


def _contrast_after_semicolon(index: WordIndex, last: int) -> Cut | None:
    """The contrast that opens the clause after a semicolon right after word ``last``, or ``None``."""
    if last + 1 >= len(index) or ";" not in index.between(last + 1) or "\n\n" in index.between(last + 1):
        return None
    words = index.words(last + 1, min(last + 1 + _CONTRAST_WORDS, len(index)))
    sizes = [size for at, size, name in cut_marks(words) if at == 0 and name == "contrast"]
    if not sizes or words[0].lower() in _CORRECTIVES:
        return None
    return Cut(index, last + 1, last + sizes[0])


_CONTRAST_WORDS = 4  # the longest contrast phrase: "on the other hand"
# A contrast that says what holds in place of what the clause before denies takes none of it back:
# "Do not communicate by sharing memory; instead, share memory by communicating."
_CORRECTIVES = frozenset({"instead", "sondern"})


def _closes_an_open_aside(prepared: PreparedQuote, index: WordIndex, last: int) -> bool:
    """Whether the quote closes a bracket after its last word where the source's aside goes on.

    ``(the element or )``, ``(the element).`` or ``( )`` for ``(the element or value)``: words
    left out inside the aside. Not a reference marker the quote appends (``[...] so [1]``), nor an
    aside the quote marks as left out (``(...)``).
    """
    closing = prepared.seps[-1]
    if CLOSING_BRACKETS.isdisjoint(closing) or not CLOSING_BRACKETS.isdisjoint(index.between(last + 1)):
        return False
    if "..." in closing or "\u2026" in closing:
        return False  # "(...)": the quote says it leaves the aside out
    return not (prepared.brackets and prepared.brackets[-1][1] == len(prepared.words))


def _lead_harmless(lead: Cut) -> bool:
    """Whether what a quote leaves out before its start is only an article or a reference marker.

    A bullet or an item's letter (``o``, ``(a)``) limits nothing, so `lead_limit` finds nothing in
    it; a word it finds a limit in (``If``, ``se``, ``no``) is never one, however short.
    """
    lowered = lead.lowered
    if all(w in _ARTICLES for w in lowered):
        return True
    return reference(lead)  # an aside left out without an ellipsis is still for review


def _unspaced_negation_next(index: WordIndex, first: int, last: int) -> tuple[bool, bool]:
    """Whether a negation of several characters ends just before word ``first`` or starts just after ``last``.

    In Chinese, Japanese and Thai each character is a word: ``でき`` of ``できない`` stops right before
    the two characters of ``ない``, which `_negated` does not see one at a time.
    """
    before = "".join(index.keys(max(first - _LONGEST, 0), first)) if first > 0 else ""
    after = "".join(index.keys(last + 1, last + 1 + _LONGEST))
    # A comma between ends the clause: "決断を下すのではなく、呼び出し側に" negates the clause before it.
    before = before if first == 0 or not _clause_break(index.between(first)) else ""
    after = after if last + 1 >= len(index) or not _clause_break(index.between(last + 1)) else ""
    return (
        any(before.endswith(n) for n in unspaced_negations(before)),
        any(after.startswith(n) for n in unspaced_negations(after)),
    )


def _cut_in_two(index: WordIndex, edge: int) -> str | None:
    """A note on the limiting word or the number that a quote's edge before word ``edge`` cuts in two.

    In Chinese, Japanese and Thai each character is a word, so a quote may start or stop inside a
    word of the lists (``果服务器出现故障`` of ``如果服务器出现故障``, "if the server fails";
    ``実行できな`` of ``実行できない``: `cut_marks`, and the negations and modals), or inside a run
    of numerals (``五个样本`` of ``三十五个样本``; digits and numerals written together, ``3万``).
    What the quote says is then not what the source's words say. Only where nothing stands between
    the two characters: a quote cut at punctuation or a space cuts nothing in two.
    """
    if not 0 < edge < len(index) or index.between(edge):
        return None
    low = max(edge - LONGEST_UNSPACED_ENTRY, 0)
    keys = index.keys(low, min(edge + LONGEST_UNSPACED_ENTRY, len(index)))
    at = edge - low
    for start, size, name in (*cut_marks(keys), *unspaced_meaning_marks(keys)):
        if name in _KINDS and start < at < start + size:
            return f"the quote cuts {''.join(keys[start : start + size])!r} in two: {_KINDS[name]}"
    if not (is_numeral(keys[at - 1]) and is_numeral(keys[at])):
        return None
    start, end = at - 1, at + 1
    while start > 0 and is_numeral(keys[start - 1]) and not index.between(low + start):
        start -= 1
    while end < len(keys) and is_numeral(keys[end]) and not index.between(low + end):
        end += 1
    numerals = "".join(keys[start:end])
    if numerals.isascii():
        return None
    if numeral_value(numerals) is None:
        return f"the quote cuts the numerals {numerals!r} in two"  # 三四百, "three or four hundred"
    return f"the quote cuts a number in two: the source's is {numerals!r}"


def _clause_break(sep: str) -> bool:
    return _sentence_break(sep) or any(mark in sep for mark in ",;\u3001")


_LONGEST = 5  # characters: the longest negation of a script without spaces (なかった), and one more


def _only_marker(index: WordIndex, last: int, rest: Cut | None = None) -> bool:
    """Whether the source's sentence goes on after word ``last`` only with a reference marker.

    ``designed for use with HTTP.`` quotes ``designed for use with HTTP ([RFC2616]).`` whole.
    """
    rest = trail_cut(index, last) if rest is None else rest
    if not rest:
        return True
    opening = index.between(last + 1).rsplit(" ", 1)[-1]
    closing = index.between(rest.last + 1)
    return "[" in opening and "]" in closing.split(" ", 1)[0] and _reference(rest.words)


_COMPOUND = lazy_compile(r"[^\W_]+(?:[-'][^\W_]+)*")
