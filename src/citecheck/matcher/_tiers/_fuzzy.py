"""Tier 5, ``fuzzy``: the most similar run of source words, with the differences a person must see."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from functools import partial
from itertools import accumulate, pairwise, repeat

from rapidfuzz import fuzz, process

from citecheck._lazy_re import lazy_compile
from citecheck._models import Flag, WordDiff
from citecheck.matcher._diffs import changes_meaning, is_unclear_swap
from citecheck.matcher._lexicon import RESTRICTIVE_WORDS, modal_swapped, unspaced_meaning_differs
from citecheck.matcher._normalize import ARABIC_NUMBER_MARKS
from citecheck.matcher._tiers._base import (
    _CANDIDATES,
    _MAX_VOTING_WORDS,
    _SHIFT,
    _SHORTLIST,
    _VOTE_BUDGET,
    CLOSEST_THRESHOLD,
    FUZZY_THRESHOLD,
    MAX_FUZZY_EDIT_WORDS,
    MAX_TOLERANT_WORDS,
    MIN_QUOTE_WORDS,
    _negated,
    _sentence_break,
    _source_uri,
    by_form_feed,
)
from citecheck.matcher._tiers._cuts import _COORDINATORS, _line_boundary
from citecheck.matcher._tiers._loose import _reference, _source_group
from citecheck.matcher._tiers._variants import AROUND_WORD, LATEX, SPELT, numberish, variant
from citecheck.matcher._tokens import join_words
from citecheck.matcher.tiering import (
    UNSPACED_CHARACTERS_PER_WORD,
    PreparedQuote,
    TierHit,
    WordIndex,
    between_key,
    is_literal,
    is_unspaced,
    lead_key,
    prepare,
    trail_key,
    word_diffs,
    word_opcodes,
)


def _fuzzy_candidates(index: WordIndex, keys: Sequence[str]) -> list[int]:
    """Word positions where the quote may start: voted by its rarest words, ranked by overlap."""
    votes: Counter[int] = Counter()
    # In the quote's order among equally rare words (a stable sort of a dict's keys, not of a set):
    # a set's order follows string hashing, so the closest text changed with PYTHONHASHSEED.
    counts = {k: index.count(k) for k in keys}  # each distinct word counted once, not twice
    known = sorted((k for k, n in counts.items() if n), key=counts.__getitem__)
    budget = _VOTE_BUDGET
    for word_key in known[:_MAX_VOTING_WORDS]:
        postings = index.positions(word_key)
        offsets = [i for i, k in enumerate(keys) if k == word_key]
        # The rarest words place a quote best; a common word's postings cost much and say little.
        if len(postings) * len(offsets) > budget and votes:
            break
        budget -= len(postings) * len(offsets)
        if len(offsets) == 1:
            votes.update(map(int.__sub__, postings, repeat(offsets[0])))  # counted in C
        else:
            votes.update(posting - offset for posting in postings for offset in offsets)
    # Rank the best-voted starts by how many of the quote's words sit around them.
    wanted = {index.id_of[k] for k in keys if k in index.id_of}
    shortlist = [start for start, _ in votes.most_common(_SHORTLIST)]
    ids = index.ids
    return sorted(
        shortlist,
        key=lambda start: -len(wanted.intersection(ids[max(start - _SHIFT, 0) : start + len(keys) + _SHIFT])),
    )[:_CANDIDATES]


def _equal_pairs(opcodes: Sequence[tuple[str, int, int, int, int]], length: int) -> list[tuple[int, int]]:
    """The (quote, source) word offsets the opcodes leave equal, in order."""
    pairs: list[tuple[int, int]] = []
    q_at = s_at = 0
    for _, q_start, q_end, _, s_end in [*opcodes, ("end", length, length, 0, 0)]:
        pairs += [(q_at + k, s_at + k) for k in range(q_start - q_at)]
        q_at, s_at = q_end, s_end
    return pairs


def _punctuation_diffs(
    prepared: PreparedQuote,
    index: WordIndex,
    first: int,
    opcodes: Sequence[tuple[str, int, int, int, int]],
    latex: list[str],
) -> list[WordDiff]:
    """Differences in what stands between words the fuzzy tier found equal: ``10^6`` for ``10^-6``."""
    diffs: list[WordDiff] = []
    pairs = _equal_pairs(opcodes, len(prepared.words))
    for (q_left, s_left), (i, j) in pairwise(pairs):
        if i != q_left + 1 or j != s_left + 1:
            continue
        source_sep = index.between(first + j)
        if source_sep == prepared.seps[i]:
            continue
        left, right = index.words(first + j - 1, first + j + 1)
        if source_sep.translate(LATEX) != source_sep and source_sep.translate(LATEX) == prepared.seps[i].translate(
            LATEX
        ):
            latex.append(f"{left}{source_sep}{right}")  # TNF-$\alpha$ for TNF-alpha: rendered, the same
            continue
        quoted = between_key(prepared.seps[i], prepared.words[i - 1], prepared.words[i], uri=prepared.uri[i - 1])
        if quoted != between_key(source_sep, left, right, uri=_source_uri(index, first + j - 1)):
            quoted_text = f"{prepared.words[i - 1]}{prepared.seps[i]}{prepared.words[i]}"
            written_as = _number_written_otherwise(left, prepared.seps[i], source_sep, right)
            if written_as is not None:
                # As the source writes it: folding wrote its digits in ASCII (Arabic-Indic three as 3).
                written = index.text[
                    slice(*index.folded.span_to_original(index.starts[first + j - 1], index.ends[first + j]))
                ]
                latex.append(f"{quoted_text!r} for the source's {written!r}: {written_as}")
                continue
            diffs.append(
                WordDiff(kind="changed", quote=quoted_text, source=f"{left}{source_sep}{right}", changes_meaning=True)
            )
    return diffs + _edge_diffs(prepared, index, first, pairs)


_GROUP_SEPARATORS = frozenset({",", ".", " ", "\u202f", "\u2009", "\u00a0", "'"})

_NUMBER_NOTES = ("grouped otherwise", "written otherwise")


def _number_written_otherwise(left: str, quoted_sep: str, source_sep: str, right: str) -> str | None:
    """What two separators between the same digits are, when both may be the same number's, or ``None``.

    ``3 600``, ``3.600`` for ``3,600``: a thousands separator each (three digits after it). ``3.5``
    for German or Russian ``3,5``: the decimal mark (one or two digits after it).
    """
    if not (left.isdigit() and right.isdigit()):
        return None
    if {quoted_sep, source_sep} == ARABIC_NUMBER_MARKS.keys():
        return None  # Arabic's decimal mark for its thousands mark: another number
    written, theirs = (ARABIC_NUMBER_MARKS.get(sep, sep) for sep in (quoted_sep, source_sep))
    if quoted_sep != source_sep and written == theirs:
        return "a decimal or thousands mark written otherwise"  # an ASCII "." for Arabic's decimal mark
    if "\u066b" in (quoted_sep, source_sep) and {written, theirs} == {",", "."}:
        # Arabic's decimal mark is never a thousands mark: a "," for it is a decimal comma ("1,500" for 1.5).
        return "a decimal mark written otherwise"
    quoted_sep, source_sep = written, theirs
    if len(left) <= 3 and len(right) == 3 and {quoted_sep, source_sep} <= _GROUP_SEPARATORS:
        return "a number grouped otherwise"
    if len(right) <= 2 and {quoted_sep, source_sep} == {",", "."}:
        return "a decimal mark written otherwise"
    return None


def _edge_diffs(prepared: PreparedQuote, index: WordIndex, first: int, pairs: list[tuple[int, int]]) -> list[WordDiff]:
    """Differences in what is glued to the first and last words: ``example.com`` for ``example.com/``."""
    diffs: list[WordDiff] = []
    words = prepared.words
    if pairs and pairs[-1][0] == len(words) - 1:
        last = first + pairs[-1][1]
        source_after = index.after_word(last)
        if trail_key(prepared.seps[-1], uri=prepared.uri[-1]) != trail_key(source_after, uri=_source_uri(index, last)):
            glued = source_after.split(" ", 1)[0]
            diffs.append(WordDiff(kind="changed", quote=words[-1], source=words[-1] + glued, changes_meaning=True))
    if pairs and pairs[0][0] == 0:
        source_before = index.between(first + pairs[0][1])
        if lead_key(prepared.seps[0], words[0]) != lead_key(source_before, words[0]):
            glued = source_before.rsplit(" ", 1)[-1]
            diffs.append(WordDiff(kind="changed", quote=words[0], source=glued + words[0], changes_meaning=True))
    return diffs


class FuzzyTier:
    """``fuzzy``: the most similar run of source words, with its word differences; always for review.

    The run takes in a negation just before or after it, so ``X activated Y`` against ``X didn't
    activate Y`` shows the negation.
    """

    name: str = "fuzzy"
    cookbook: bool = False
    single_section: bool = False
    checks_edges: bool = True

    def find(self, prepared: PreparedQuote, index: WordIndex) -> list[TierHit]:
        unmarked = _without_markers(prepared)
        # A quote that gives no reference marker may leave out the source's (`_variants`); one that
        # gives its own was read without them, and its markers are compared below.
        hits = self._find(unmarked, index, markers_optional=unmarked is prepared)
        if unmarked is not prepared and hits and hits[0].rejected is not None:
            # The source may cite the same reference in the same place ("method [RFC2616] for"): then
            # the marker is the source's too, and dropping it from the quote alone made a difference.
            marked = self._find(prepared, index, markers_optional=False)
            if marked and marked[0].rejected is None:
                return marked
        return hits

    def _find(self, prepared: PreparedQuote, index: WordIndex, *, markers_optional: bool) -> list[TierHit]:
        keys = prepared.keys
        # A short quote is placed by the exact tiers or not at all: similarity says little about a few words.
        if not keys or prepared.word_count < MIN_QUOTE_WORDS or prepared.word_count > MAX_TOLERANT_WORDS:
            return []
        best = _best_window(index, keys)
        if best is None or best[0] < CLOSEST_THRESHOLD:
            return []
        score, first, last = best
        if not any(_negated(k) for k in keys):
            first, last = _with_nearby_negation(index, first, last)
        quote_words = list(prepared.words)
        first, last, opcodes, differences, kept, found = _assessed(
            prepared, index, first, last, score, markers_optional=markers_optional
        )
        if prepared.unspaced_characters:
            differences = _unspaced_meaning_diffs(prepared, index, first, opcodes, differences)
        if found:
            # Read the variants as the source writes them: the similarity of what is left.
            score = max(score, _rescored(keys, index.keys(first, last), opcodes, kept))
        notes = [f"{quoted!r} for the source's {source!r}: {kind}" for kind, _, quoted, source in found]
        flags: list[Flag] = ["fuzzy", *(flag for _, flag, _, _ in found)]
        unspaced = prepared.unspaced_characters * 2 > len(quote_words)  # mostly Chinese, Japanese or Thai
        word_chars = (_THAI_WORD_CHARS if _THAI.search(prepared.text) else _WORD_CHARS) if unspaced else 1
        swapped = _one_word_changed(keys, index.keys(first, last), kept, word_chars=word_chars)
        if unspaced and kept:
            # One modal for another of the same force is one word paraphrased, however many characters
            # its two forms differ in; read on past the run, which may end inside it ("なりませ").
            # The source's side ends with its sentence: the run may go on into the next by a word the
            # quote's longer form takes ("必要があります。次" for "しなければなりません").
            s_start, s_end = kept[0][3], kept[-1][4]
            s_end = next((p for p in range(s_start + 1, s_end) if _source_breaks(index, first + p)), s_end)
            spans = (kept[0][1], kept[-1][2], s_start, s_end)
            modal = modal_swapped(keys, index.keys(first, min(last + _CONTEXT, len(index))), spans)
            if modal is not None:
                swapped = True
                notes.append("{!r} for the source's {!r}: one {!r} modal for another".format(*modal))
        if (score >= FUZZY_THRESHOLD or swapped) and not any(d.changes_meaning for d in differences):
            # Only a match so far: look closer at literals and punctuation, which may rule it out.
            spelt = {(quoted, source) for kind, _, quoted, source in found if kind in SPELT}
            differences = _literal_diffs(prepared, index, first, opcodes, differences, spelt)
            latex: list[str] = []
            differences += tuple(_punctuation_diffs(prepared, index, first, opcodes, latex))
            if latex:
                flags.append("variant_form")
                notes += [note if note.endswith(_NUMBER_NOTES) else _latex_note(note) for note in latex]
        start, end = index.word_span(first, last - 1)
        rejected = _fuzzy_rejection(score, len(quote_words), differences, kept, unspaced=unspaced, swapped=swapped)
        if rejected is None:
            differences = _swaps_change_meaning(differences, found)
        flagged = tuple(dict.fromkeys(flags))
        return [TierHit(start, end, "fuzzy", round(score, 1), differences, flagged, rejected, tuple(notes))]


# Characters each side of a difference read with it in a script without spaces: as many as the
# longest negation or modal a difference may take a part of (Japanese なければなりません) has.
_CONTEXT = 9


def _unspaced_meaning_diffs(
    prepared: PreparedQuote,
    index: WordIndex,
    first: int,
    opcodes: Sequence[tuple[str, int, int, int, int]],
    differences: tuple[WordDiff, ...],
) -> tuple[WordDiff, ...]:
    """The differences, each changing the meaning as its negations and modals read in the sentence say.

    In a script without spaces the characters around a difference are read with it in the whole
    text, not only in the most similar run: ``ありま`` of ``ありません`` is a dropped negation, and
    ``ならない`` for ``なりませ[ん]`` one "must" for another, no change. Only
    within the sentence and its block: the ``不`` of the next sentence (``栈与堆。不过``), the ``ต้อง``
    of a heading above, are no words of the quote's.
    """

    def quote_breaks(p: int) -> bool:
        return _sentence_break(prepared.seps[p])

    marked: list[WordDiff] = []
    for group in _near_one_another(opcodes):
        # Differences a few characters apart are read together: "する必要があります" for
        # "しなければなりません" is "changed 'する必要があ'" and "changed 'す' for 'せん'", each
        # beside a part of the one "must" the other side reads whole.
        (_, q_start, _, s_start, _), (_, _, q_end, _, s_end) = opcodes[group.start], opcodes[group.stop - 1]
        q_low, q_high = _in_sentence(quote_breaks, q_start, q_end, len(prepared.words))
        s_low, s_high = _in_sentence(partial(_source_breaks, index), first + s_start, first + s_end, len(index))
        spans = (q_start - q_low, q_end - q_low, first + s_start - s_low, first + s_end - s_low)
        read = unspaced_meaning_differs(prepared.words[q_low:q_high], index.words(s_low, s_high), spans)
        for diff, (_, q_from, q_to, s_from, s_to) in zip(differences[group], opcodes[group], strict=True):
            # The sentence's reading stands for the run's, either way: the run may end inside a word
            # ("なりませ" of "なりません" read as no negation against the quote's "ならない", one
            # "must" as the other). Other words that change the meaning (a number) still do.
            if read != diff.changes_meaning:
                own = changes_meaning(diff.kind, prepared.words[q_from:q_to], index.words(first + s_from, first + s_to))
                diff = diff.model_copy(update={"changes_meaning": read or own})
            marked.append(diff)
    return tuple(marked)


def _source_breaks(index: WordIndex, p: int) -> bool:
    """Whether a sentence or a block of the source ends right before word ``p``."""
    return _sentence_break(index.between(p)) or (p < len(index) and _line_boundary(index, p))


_READ_TOGETHER = 3  # characters: a word of Chinese, Japanese or Thai is one to three of them


def _near_one_another(opcodes: Sequence[tuple[str, int, int, int, int]]) -> list[slice]:
    """The differences in runs, each no more than `_READ_TOGETHER` characters of the quote after the last."""
    groups: list[slice] = []
    start = 0
    for at in range(1, len(opcodes) + 1):
        if at == len(opcodes) or opcodes[at][1] - opcodes[at - 1][2] > _READ_TOGETHER:
            groups.append(slice(start, at))
            start = at
    return groups


def _in_sentence(breaks_before: Callable[[int], bool], start: int, end: int, size: int) -> tuple[int, int]:
    """Words ``start`` to ``end`` widened by up to `_CONTEXT` on each side, as far as their sentence goes.

    ``breaks_before(p)``: whether a sentence (or a block) ends right before word ``p``.
    """
    low, high = start, end
    while low > max(start - _CONTEXT, 0) and not breaks_before(low):
        low -= 1
    while high < min(end + _CONTEXT, size) and not breaks_before(high):
        high += 1
    return low, high


def _latex_note(written: str) -> str:
    return f"the source writes a Greek letter or symbol in LaTeX: '{written}'"


def _without_markers(prepared: PreparedQuote) -> PreparedQuote:
    """The quote without its bracketed reference markers (``[1]``, ``[RFC3986]``), as the loose tier reads it.

    A marker is the answer's, not the source's: compared word for word, ``[1]`` would read as an
    added number, and a quote that also writes ``ten`` for ``10`` would be called missing.
    """
    if not prepared.brackets:
        return prepared
    # Prepared once per quote, not once per document it is looked for in.
    return prepared.derived("fuzzy.without_markers", _prepared_without_markers)


def _prepared_without_markers(prepared: PreparedQuote) -> PreparedQuote:
    text = _BRACKETED.sub(
        lambda m: "" if _reference(_MARKER_WORD.findall(m.group(1))) else m.group(0), prepared.original
    )
    return prepared if text == prepared.original else prepare(text)


_BRACKETED = lazy_compile(r"\s*\[([^\[\]]{1,40})\]")
_MARKER_WORD = lazy_compile(r"[^\W_]+")


_Opcode = tuple[str, int, int, int, int]
_Variants = list[tuple[str, Flag, str, str]]


def _assessed(
    prepared: PreparedQuote, index: WordIndex, first: int, last: int, score: float, *, markers_optional: bool
) -> tuple[int, int, list[_Opcode], tuple[WordDiff, ...], list[_Opcode], _Variants]:
    """The window's differences, with harmless-but-unproven variants told apart.

    When the quote runs past the window at either end, the window is also tried a few words
    wider: a number written twice in the source (``twenty percent (20%)``) or a swapped first
    word (``Such method``) falls just outside the most similar run. A window far from the quote
    (a spliced sentence) is not looked at closer: no variant makes it one.
    """
    keys = prepared.keys
    source_words = index.words(first, last)
    opcodes = word_opcodes(prepared.words, source_words, keys=(keys, index.keys(first, last)))
    differences = word_diffs(prepared.words, source_words, opcodes=opcodes)
    if score < _VARIANT_FLOOR and len(_moves(prepared, index, first, opcodes)) < len(opcodes):
        # Unless its words are all the source's, in another order: in a short sentence "names and
        # descriptions" turned round is a similarity of 76.
        return first, last, opcodes, differences, list(opcodes), []
    differences, kept, found = _variants(prepared, index, first, opcodes, differences, markers_optional)
    best = (first, last, opcodes, differences, kept, found)
    windows: list[tuple[int, int]] = []
    # The quote's first (last) words past the run, or its first (last) word another: "1번째" for the
    # source's "첫 번째", whose "첫" the most similar run leaves out.
    if kept and kept[0][1] == 0 and (kept[0][3] == kept[0][4] or kept[0][2] == 1):
        windows += [(first - k, last) for k in range(1, _SHIFT + 1) if first - k >= 0]
    if kept and kept[-1][2] == len(keys) and (kept[-1][3] == kept[-1][4] or kept[-1][1] == len(keys) - 1):
        windows += [(first, last + k) for k in range(1, _SHIFT + 1) if last + k <= len(index)]
    for start, end in windows:
        source_words = index.words(start, end)
        opcodes = word_opcodes(prepared.words, source_words, keys=(keys, index.keys(start, end)))
        differences = word_diffs(prepared.words, source_words, opcodes=opcodes)
        differences, kept, found = _variants(prepared, index, start, opcodes, differences, markers_optional)
        # A wider window is better when it leaves fewer differences: a variant read as the source's,
        # the quote's first (last) character of Chinese or Japanese that the most similar run left out,
        # or the quote's first words, one swapped, that a short word kept out of the most similar run
        # ("We start with" for "We begin with": not two words past the run, one word swapped).
        if _weight(kept) < _weight(best[4]):
            best = (start, end, opcodes, differences, kept, found)
    return _edge_word_swapped(prepared, index, best, markers_optional)


def _edge_word_swapped(
    prepared: PreparedQuote,
    index: WordIndex,
    best: tuple[int, int, list[_Opcode], tuple[WordDiff, ...], list[_Opcode], _Variants],
    markers_optional: bool,
) -> tuple[int, int, list[_Opcode], tuple[WordDiff, ...], list[_Opcode], _Variants]:
    """``best`` with the source's word beside it taken in when the quote's first or last word is another.

    The most similar run leaves out a source word that the quote writes otherwise ("le sont
    également" for "le sont aussi"), so the quote's word reads as one past the source's text, a
    splice. One word swapped for the next word of the sentence is a paraphrase to review instead
    (`_swaps_change_meaning`); a longer run past the text, or one across a sentence's end, stays a
    splice.
    """
    first, last, _, _, kept, _ = best
    size = len(prepared.keys)
    # The quote's last (first) word alone past the run, and the source's sentence going on beside it.
    past_end = bool(kept) and kept[-1][1:3] == (size - 1, size) and kept[-1][3] == kept[-1][4]
    past_start = bool(kept) and kept[0][1:3] == (0, 1) and kept[0][3] == kept[0][4]
    end = last + 1 if past_end and last < len(index) and not _sentence_break(index.between(last)) else last
    start = first - 1 if past_start and first > 0 and not _sentence_break(index.between(first)) else first
    if (start, end) == (first, last):
        return best
    source_words = index.words(start, end)
    opcodes = word_opcodes(prepared.words, source_words, keys=(prepared.keys, index.keys(start, end)))
    differences = word_diffs(prepared.words, source_words, opcodes=opcodes)
    differences, widened, found = _variants(prepared, index, start, opcodes, differences, markers_optional)
    swapped_at_edges = all(
        not (q_start in (0, size - 1) and q_end - q_start == 1) or s_end - s_start == 1
        for _, q_start, q_end, s_start, s_end in widened
    )
    if swapped_at_edges and _weight(widened) <= _weight(kept):
        return start, end, opcodes, differences, widened, found
    return best


_VARIANT_FLOOR = 80.0  # similarity under which no variant is looked for: a spliced or rewritten quote


def _weight(opcodes: Sequence[_Opcode]) -> int:
    return sum(max(q_end - q_start, s_end - s_start) for _, q_start, q_end, s_start, s_end in opcodes)


def _reference_marker(index: WordIndex, first: int, end: int) -> bool:
    """Whether source words ``first`` up to ``end`` are one bracketed reference marker (``[RFC5226]``, ``[12]``)."""
    group = _source_group(index, first, 1) if first < end else None
    return group is not None and group == (end, True)


def _item_number(index: WordIndex, first: int, end: int) -> bool:
    """Whether source words ``first`` up to ``end`` are a list item's number (`_item_marker`).

    A quote of two items of a list leaves their numbers out.
    """
    return end == first + 1 and _item_marker(index.key(first), index.between(first), index.between(end))


def _quote_text(prepared: PreparedQuote, first: int, end: int) -> str:
    """The quote's words ``first`` to ``end`` as written, with what is glued after the last (``20%``).

    A decimal point glued before a first word of digits is the number's (``R = .443``, a paper's
    way with a value under one), not the stop of the word before.
    """
    if first >= end:
        return ""
    sep = prepared.seps[first]
    # A point alone or after a space, a bracket or an operator: not a word's stop ("end.443").
    bare = sep.endswith(".") and (len(sep) == 1 or sep[-2] in " \t(=<>~-")
    point = "." if bare and prepared.words[first][:1].isdigit() else ""
    parts = [point + prepared.words[first]]
    for i in range(first + 1, end):
        parts += [prepared.seps[i], prepared.words[i]]
    return "".join(parts) + prepared.seps[end].split(" ", 1)[0]


def _source_text(index: WordIndex, first: int, end: int, *, original: bool = False) -> str:
    """Words ``first`` up to ``end`` and what is glued after the last, folded or (``original``) as written."""
    if first >= end:
        return ""
    start, stop = index.starts[first], index.ends[end - 1] + len(index.between(end).split(" ", 1)[0])
    return index.text[slice(*index.folded.span_to_original(start, stop))] if original else index.folded.text[start:stop]


def _variants(
    prepared: PreparedQuote,
    index: WordIndex,
    first: int,
    opcodes: Sequence[_Opcode],
    differences: tuple[WordDiff, ...],
    markers_optional: bool,
) -> tuple[tuple[WordDiff, ...], list[_Opcode], _Variants]:
    """The differences with harmless-but-unproven ones no longer changing the meaning.

    With ``markers_optional`` (a quote that gives no reference marker), a marker of the source's
    the quote leaves out is no difference that changes the meaning, as in the loose tier.

    Returns:
        The differences, the opcodes that are still differences, and each variant found as
        (kind, flag, quote's text, source's text).
    """
    marked: list[WordDiff] = []
    kept: list[_Opcode] = []
    moved = _moves(prepared, index, first, opcodes)
    found: _Variants = list(dict.fromkeys(moved.values()))
    words = prepared.words
    for at, (diff, opcode) in enumerate(zip(differences, opcodes, strict=True)):
        if at in moved:
            marked.append(diff.model_copy(update={"changes_meaning": False}))
            continue
        _, q_start, q_end, s_start, s_end = opcode
        spans = [(q_start, q_end, s_start, s_end)]
        # A number written twice ("twenty percent (20%)") against once: take in the number kept.
        if q_start > 0 and s_start > 0 and numberish(words[q_start - 1]):
            spans.append((q_start - 1, q_end, s_start - 1, s_end))
        if q_end < len(words) and numberish(words[q_end]):
            spans.append((q_start, q_end + 1, s_start, s_end + 1))
        if q_start == q_end and (
            (markers_optional and _reference_marker(index, first + s_start, first + s_end))
            or (s_end == s_start + 1 and by_form_feed(index, first + s_start))  # flagged fuzzy all the same
            or _item_number(index, first + s_start, first + s_end)
        ):
            marked.append(diff.model_copy(update={"changes_meaning": False}))
            continue
        hit = _renumbered(prepared, index, first, opcode) or _hyphenated(prepared, index, first, opcode)
        for qs, qe, ss, se in spans if hit is None else ():
            quoted_words, source_words = words[qs:qe], index.words(first + ss, first + se)
            if any(numberish(w) for w in (*quoted_words, *source_words)):
                # Only a number needs what stands between its words ("3,600", "20%"); a hyphen after
                # its last joins a compound ("three-week" for "3-week"), as a space would stand apart.
                quoted = _quote_text(prepared, qs, qe).removesuffix("-")
                source = _source_text(index, first + ss, first + se)
                # Shown as the source writes it: folding wrote its digits in ASCII, any dash as "-".
                shown = _source_text(index, first + ss, first + se, original=True)
                source, shown = (source[:-1], shown[:-1]) if source.endswith("-") else (source, shown)
            else:
                quoted, source = join_words(quoted_words), join_words(source_words)
                shown = source
            kind = variant(quoted_words, source_words, quoted, source)
            if kind is not None:
                written = quoted.strip(AROUND_WORD)
                if quoted[:1] == "." and quoted[1:2].isdigit():
                    written = "." + written  # a bare decimal's point: ".443"
                hit = (kind[0], kind[1], written, shown.strip(AROUND_WORD))
                break
        if hit is None:
            marked.append(diff)
            kept.append(opcode)
            continue
        found.append(hit)
        marked.append(diff.model_copy(update={"changes_meaning": False}))
    return tuple(marked), kept, found


_ITEM = lazy_compile(r"\d{1,2}|[a-zA-Z]|[ivx]{1,4}")


def _item_marker(word: str, before: str, after: str) -> bool:
    """Whether a word is a list item's number or letter: ``2.``, ``(b)``, ``iv)`` after a sentence's end."""
    if not _ITEM.fullmatch(word) or not after.startswith((".", ")")) or after[1:2] not in ("", " "):
        return False
    # After the end of a sentence or a colon: "version 2. The" is a number, not an item.
    ended = before.rstrip(" (")
    return (before.endswith("(") or after.startswith(".")) and ended[-1:] in (".", ":", ";", "\u3002", "\uff1a")


def _moves(
    prepared: PreparedQuote, index: WordIndex, first: int, opcodes: Sequence[_Opcode]
) -> dict[int, tuple[str, Flag, str, str]]:
    """The source's words in another order, by the positions of the two opcodes that change them.

    Two things joined by ``and`` or ``or`` turned round (``outputs and inputs`` for ``inputs and
    outputs``), or a word or two moved past a word or two (``also may`` for ``may also``): the
    same words, which may still say another thing (``audience and issuer, respectively``, ``key
    server``), so for review with the words named, not a made-up quote. Never a negation, a
    number or a word that restricts (``only``) among them: those change what the words around
    them say. Two words swapped round a preposition (``from the server to the client``) are
    neither, and stay a change.
    """
    moves: dict[int, tuple[str, Flag, str, str]] = {}
    for at, (one, other) in enumerate(pairwise(opcodes)):
        if at in moves:
            continue
        quoted = tuple(prepared.keys[one[1] : other[2]])
        source = tuple(index.keys(first + one[3], first + other[4]))
        if (
            not 2 <= len(quoted) <= _MOVED_SPAN
            or sorted(quoted) != sorted(source)
            or any(_negated(k) or k in RESTRICTIVE_WORDS or numberish(k) for k in quoted)
            or not (_turned_round(quoted, source) or _moved_along(quoted, source))
        ):
            continue
        written = _quote_text(prepared, one[1], other[2]).strip(AROUND_WORD)
        where = _source_text(index, first + one[3], first + other[4]).strip(AROUND_WORD)
        moves[at] = moves[at + 1] = ("the same words in another order", "variant_form", written, where)
    return moves


_MOVED_SPAN = 5  # words: two and two joined by a coordinator, at most
_JOINING = _COORDINATORS - {"nor"}


def _turned_round(quoted: Sequence[str], source: Sequence[str]) -> bool:
    """Whether ``quoted`` is ``source``'s two sides of a coordinator (``and``, ``oder``) swapped."""
    return any(
        word in _JOINING and tuple(source) == (*quoted[at + 1 :], word, *quoted[:at])
        for at, word in enumerate(quoted)
        if 0 < at < len(quoted) - 1
    )


def _moved_along(quoted: Sequence[str], source: Sequence[str]) -> bool:
    """Whether ``quoted`` is ``source`` with a word or two at one end moved to the other, past two at most."""
    size = len(quoted)
    return any(tuple(quoted) == (*source[k:], *source[:k]) for k in range(1, size) if k <= 2 and size - k <= 2)


def _renumbered(
    prepared: PreparedQuote, index: WordIndex, first: int, opcode: _Opcode
) -> tuple[str, Flag, str, str] | None:
    """A list item numbered otherwise (``2.`` for the source's ``4.``, ``(1)`` for ``(a)``), or ``None``."""
    kind, q_start, q_end, s_start, s_end = opcode
    if kind != "replace" or q_end - q_start != 1 or s_end - s_start != 1:
        return None
    quoted, source = prepared.words[q_start], index.words(first + s_start, first + s_end)[0]
    if not _item_marker(quoted, prepared.seps[q_start], prepared.seps[q_end]):
        return None
    if not _item_marker(source, index.between(first + s_start), index.between(first + s_end)):
        return None
    return "a list item numbered otherwise", "variant_form", quoted, source


def _hyphenated(
    prepared: PreparedQuote, index: WordIndex, first: int, opcode: _Opcode
) -> tuple[str, Flag, str, str] | None:
    """A word hyphenated on one side only (``com-pletely`` broken at a PDF's line end, ``e-mail``), or ``None``.

    The index splits words at a hyphen, so ``completely`` against ``com-pletely`` is one word for
    two; without the hyphen (``not able`` for ``notable``) the words are others, and so are numbers
    (``1020`` for ``10-20``).
    """
    kind, q_start, q_end, s_start, s_end = opcode
    if kind != "replace" or q_end - q_start == s_end - s_start:
        return None
    joined = "".join(prepared.keys[q_start:q_end])
    if joined != "".join(index.keys(first + s_start, first + s_end)) or any(char.isdigit() for char in joined):
        return None  # "1020" for "10-20" is another number
    seps = (*prepared.seps[q_start + 1 : q_end], *(index.between(first + p) for p in range(s_start + 1, s_end)))
    if any(sep != "-" for sep in seps):
        return None
    quoted, source = _quote_text(prepared, q_start, q_end), _source_text(index, first + s_start, first + s_end)
    return "a word hyphenated on one side", "variant_form", quoted.strip(" .,;:"), source.strip(" .,;:")


def _rescored(
    quote_keys: Sequence[str], source_keys: Sequence[str], opcodes: Sequence[_Opcode], kept: Sequence[_Opcode]
) -> float:
    """The similarity with every variant's words read as the source's."""
    canonical: list[str] = []
    at = 0
    for opcode in opcodes:
        _, q_start, q_end, s_start, s_end = opcode
        canonical += quote_keys[at:q_start]
        canonical += quote_keys[q_start:q_end] if opcode in kept else source_keys[s_start:s_end]
        at = q_end
    canonical += quote_keys[at:]
    return float(fuzz.ratio(" ".join(canonical), " ".join(source_keys)))


def _best_window(index: WordIndex, keys: Sequence[str]) -> tuple[float, int, int] | None:
    """The most similar run of source words near the candidates, as (score, first, end).

    Every window (a few words off each candidate's start and length) is scored in one call of
    rapidfuzz's `extractOne`, which keeps the first of equally similar windows, in the order they
    are listed: candidates in rank, then starts, then lengths.
    """
    count = len(index)
    target = " ".join(keys)
    windows: list[str] = []
    firsts: list[int] = []  # the first word of each run of windows, one window per length
    lengths = range(max(len(keys) - _SHIFT, 1), len(keys) + _SHIFT + 1)
    for start in _fuzzy_candidates(index, keys):
        # The words around the candidate, joined once; each window is a slice of the joined text.
        base = max(start - _SHIFT, 0)
        around = index.keys(base, start + _SHIFT + len(keys) + _SHIFT + 1)
        joined = " ".join(around)
        offsets = [0, *accumulate(len(word) + 1 for word in around)]  # where each word starts, and one past
        ends = [offset - 1 for offset in offsets]  # where the text of the first k words ends, by k
        for at in range(0, min(start + _SHIFT + 1, count) - base):
            begin = offsets[at]
            if at + lengths[-1] <= len(around):
                windows += [joined[begin:end] for end in ends[at + lengths[0] : at + lengths[-1] + 1]]
            else:  # near the end of the text: the longer windows stop at its last word
                windows += [
                    joined[begin : ends[end]] if end > at else ""
                    for end in [min(at + length, len(around)) for length in lengths]
                ]
            firsts.append(base + at)
    if not windows:
        return None
    _, score, which = process.extractOne(target, windows, scorer=fuzz.ratio)
    first = firsts[which // len(lengths)]
    return score, first, min(first + lengths[which % len(lengths)], count)


def _with_nearby_negation(index: WordIndex, first: int, last: int) -> tuple[int, int]:
    """The window taking in a negation that governs its words from just outside it, in their sentence.

    One across a sentence's end governs nothing of the quote: the "não" that ends the sentence
    before "Nós podemos ..." would make an accent dropped from "Nós" read as a negation changed.
    Nor does one across the end of a paragraph, heading or list item, which the folded text shows
    as a space only: the "did not converge" of a code block before "This is only an example".
    """
    for back in range(1, 4):
        after = first - back + 1
        if first - back < 0 or _sentence_break(index.between(after)) or _line_boundary(index, after):
            break
        if _negated(index.key(first - back)):
            first -= back
            break
    if (
        last < len(index)
        and not _sentence_break(index.between(last))
        and not _line_boundary(index, last)
        and _negated(index.key(last))
    ):
        last += 1
    return first, last


def _literal_diffs(
    prepared: PreparedQuote,
    index: WordIndex,
    first: int,
    opcodes: Sequence[tuple[str, int, int, int, int]],
    differences: tuple[WordDiff, ...],
    spelt: AbstractSet[tuple[str, str]] = frozenset(),
) -> tuple[WordDiff, ...]:
    """The differences, with any change to a literal (a URI, a quoted name, code) changing the meaning.

    ``"exp"`` for ``"nbf"`` or ``/data`` for ``/date`` names another thing, not a slip of the pen. A
    word in quotation marks spelt another way (``"Licence"`` for ``"License"``, in ``spelt``) is the
    same defined term, for review (``variant_form``); in a URI or code (backticks) it is not.
    """
    marked: list[WordDiff] = []
    for diff, (_, q_start, q_end, s_start, s_end) in zip(differences, opcodes, strict=True):
        if (
            (diff.quote, diff.source) in spelt
            and _quoted_prose(prepared, q_start, q_end)
            and _quoted_prose_in_source(index, first + s_start, first + s_end)
        ):
            marked.append(diff)
            continue
        literal = any(prepared.literal[q_start:q_end]) or any(
            _source_literal(index, first + j) for j in range(s_start, s_end)
        )
        marked.append(
            diff.model_copy(update={"changes_meaning": True}) if literal and not diff.changes_meaning else diff
        )
    return tuple(marked)


def _quoted_prose(prepared: PreparedQuote, q_start: int, q_end: int) -> bool:
    """Whether the quote's words ``q_start`` to ``q_end`` are literal only by quotation marks: no URI, no code."""
    around = "".join(prepared.seps[q_start : q_end + 1])
    return not any(prepared.uri[q_start:q_end]) and "`" not in around and "_" not in around


def _quoted_prose_in_source(index: WordIndex, start: int, end: int) -> bool:
    """`_quoted_prose` for the source's words ``start`` to ``end``."""
    around = index.between(start) + index.between(end)
    return not any(_source_uri(index, j) for j in range(start, end)) and "`" not in around and "_" not in around


def _source_literal(index: WordIndex, position: int) -> bool:
    before, after = index.between(position), index.between(position + 1)
    return _source_uri(index, position) or is_literal(before, after)


def _fuzzy_rejection(
    score: float,
    quote_length: int,
    differences: Sequence[WordDiff],
    opcodes: Sequence[tuple[str, int, int, int, int]],
    *,
    unspaced: bool = False,
    swapped: bool = False,
) -> str | None:
    """Why a fuzzy candidate is not a match, or ``None`` when it is one.

    ``swapped`` (`_one_word_changed`): the quote is the text with one word swapped, added or
    dropped, which goes to review whatever the similarity of the letters says (``significant``
    for ``important`` in a ten-word sentence is 89).
    """
    if score < FUZZY_THRESHOLD and not swapped:
        # Rounded down: a score of 89.6 is no "90, under 90".
        return f"is too different (similarity {math.floor(score)}, under {FUZZY_THRESHOLD:.0f})"
    meaning = [d for d in differences if d.changes_meaning]
    if meaning:
        changed = "; ".join(
            f"{d.kind} {d.quote or d.source!r}" + (f" (source: {d.source!r})" if d.kind == "changed" else "")
            for d in meaning
        )
        return f"differs in words that change the meaning: {changed}"
    changed_words = sum(max(q_end - q_start, s_end - s_start) for _, q_start, q_end, s_start, s_end in opcodes)
    counted_length = quote_length
    if unspaced:
        # Characters of a script without spaces: a word of Chinese or Japanese is two or three of them
        # ("場合" for "ケース" is one word swapped), counted as the quote's length is.
        changed_words = -(-changed_words // UNSPACED_CHARACTERS_PER_WORD)
        counted_length = -(-quote_length // UNSPACED_CHARACTERS_PER_WORD)
    # One word swapped is one, whatever characters a script without spaces writes it in.
    if not swapped and changed_words > max(MAX_FUZZY_EDIT_WORDS, counted_length // 10):
        return f"differs in {changed_words} words, more than a slip"
    # Quote words beyond the matched text at either end were put there from somewhere else (a word
    # swapped at an end, `_one_word_changed`, has the source's word beside it).
    if (
        opcodes
        and not swapped
        and (
            (opcodes[0][1] == 0 and opcodes[0][3] == opcodes[0][4])
            or (opcodes[-1][2] == quote_length and opcodes[-1][3] == opcodes[-1][4])
        )
    ):
        return "runs past the source text it matches, as if spliced from elsewhere"
    return None


def _one_word_changed(
    quoted: Sequence[str], source: Sequence[str], opcodes: Sequence[_Opcode], *, word_chars: int = 1
) -> bool:
    """Whether a quote of `_SWAP_WORDS` words or more differs from its text in one word swapped, added or dropped.

    A word added or dropped only inside the quote: at its ends a word is spliced on or cut off.

    Then it is a paraphrase or a spelling for review, or a change of meaning the lists rule out
    (`_fuzzy_rejection`), not a quote too different to be the text's. In a short sentence one long
    word swapped, added or dropped costs more similarity than the threshold allows. In a script
    without spaces (``word_chars`` above 1: each character is a word here) a word is a few
    characters: one run of at most ``word_chars`` differing on each side (``サンプル`` for ``例``,
    ``存储器`` for ``内存``, which difflib may part around a character they share) of that script
    only, in a quote of ``_SWAP_WORDS * UNSPACED_CHARACTERS_PER_WORD`` characters or more.

    Args:
        quoted: The quote's keys.
        source: The keys of the source text it is compared with, which ``opcodes`` turn them into.
        opcodes: The differences that are left (no variant).
        word_chars: The most characters of a script without spaces one word has; 1 for a spaced one.
    """
    if not opcodes:
        return False
    if word_chars > 1:
        swapped = (quoted[opcodes[0][1] : opcodes[-1][2]], source[opcodes[0][3] : opcodes[-1][4]])
        if opcodes[0][1] == 0 or opcodes[-1][2] == len(quoted):
            # At the quote's first or last word it may be words spliced from elsewhere: one short word only.
            word_chars = min(word_chars, _WORD_CHARS)
        return len(quoted) >= _SWAP_WORDS * UNSPACED_CHARACTERS_PER_WORD and all(
            0 < len(side) <= word_chars and all(map(is_unspaced, side)) for side in swapped
        )
    tag, q_start, q_end, s_start, s_end = opcodes[0]
    if len(opcodes) != 1 or len(quoted) < _SWAP_WORDS:
        return False
    if tag == "replace":
        return q_end - q_start == 1 == s_end - s_start
    # One word added ("the corresponding claims") or dropped, with the quote's words on both sides.
    return q_start > 0 and q_end < len(quoted) and max(q_end - q_start, s_end - s_start) == 1


_SWAP_WORDS = 6  # in fewer, one word swapped is much of what the quote says
_WORD_CHARS = 4  # characters of Chinese or Japanese: the longest a word swapped for one is read as
_THAI_WORD_CHARS = 8  # the same in Thai, whose words are longer runs of characters (ปรับปรุง, อัปเดต)
_THAI = lazy_compile("[\u0e00-\u0e7f]")


def _swaps_change_meaning(differences: tuple[WordDiff, ...], found: _Variants) -> tuple[WordDiff, ...]:
    """The differences with each word swapped for another (``skip`` for ``fail``) changing the meaning.

    No list says whether such a swap changes the meaning, so the match goes to review (it is one
    already, being fuzzy) with the swap counted as a change of meaning, never as a slip. A variant
    the variants tier recognised (a spelling, a paraphrase it names) stays one.
    """
    variants = {(quoted, source) for _, _, quoted, source in found}
    return tuple(
        d.model_copy(update={"changes_meaning": True})
        if not d.changes_meaning
        and (d.quote, d.source) not in variants
        and is_unclear_swap(d.quote.split(), d.source.split())
        else d
        for d in differences
    )
