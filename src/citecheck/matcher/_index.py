"""A document's folded text and word index: built once per document, shared by every tier.

The index keeps one small integer per word in compact arrays (its offsets, its vocabulary id), and
the positions of each distinct word, so a document's index costs a few times its text, not tens
of times. A quote then costs a few lookups of its rarest words.
"""

from __future__ import annotations

import re
import threading
import weakref
from array import array
from bisect import bisect_left
from collections import Counter, deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import accumulate, pairwise
from typing import Any, TypeVar, cast

from citecheck._lazy_re import lazy_compile
from citecheck._models import Document
from citecheck.matcher._confusables import skeletons
from citecheck.matcher._normalize import VECTORIZED_MIN, Folded, fold
from citecheck.matcher._tokens import GREEK, SPACED_WORD, UNSPACED_CHAR, WORD

__all__ = ["Holders", "WordIndex", "holders_of", "index_of"]

_EMPTY = array("i")
_T = TypeVar("_T")


@dataclass(frozen=True, eq=False)
class WordIndex:
    """A document's folded text and its words, with where each word is.

    Words are numbered in document order (positions). `vocabulary` lists each distinct word's key
    (see `citecheck.matcher._tokens.key`); `ids` gives the vocabulary id of the word at each position.
    """

    text: str
    """The document's text (`Document.text`), which the folded text maps back to."""
    folded: Folded
    """The document's text as `citecheck.matcher._normalize.fold` writes it, with the map back."""
    starts: array[int]
    """Each word's start offset in the folded text."""
    ends: array[int]
    """Each word's end offset (exclusive) in the folded text."""
    ids: array[int]
    """Each word's vocabulary id."""
    vocabulary: list[str]
    """The key of each vocabulary id."""
    id_of: dict[str, int]
    """The vocabulary id of each key."""
    postings: memoryview
    """Every position, grouped by vocabulary id and in order within each (see `bounds`): a view of
    one flat array, so a word's positions are a slice of it, not a copy."""
    bounds: array[int]
    """Where each vocabulary id's positions start in `postings`; one more entry ends the last."""
    section_starts: list[int]
    """Section start offsets in `Document.text`, in document order."""
    overlapping: bool
    """Whether some sections overlap (a PDF's pages and headings)."""
    _derived: dict[str, Any] = field(default_factory=dict, repr=False)

    def derived(self, name: str, build: Callable[[WordIndex], _T]) -> _T:
        """``build(self)``, made on first use and kept with the index under ``name``.

        For what the tiers read of the words again and again (`citecheck.matcher._tiers._cuts`
        keeps what it has found of each word there), so it lives and goes with the index.
        """
        kept = self._derived.get(name)
        if kept is None:
            # Two threads may both build it: the values are the same, and one is kept.
            kept = self._derived.setdefault(name, build(self))
        return cast(_T, kept)

    def __len__(self) -> int:
        return len(self.ids)

    def key(self, position: int) -> str:
        """The key of the word at ``position``."""
        return self.vocabulary[self.ids[position]]

    def keys(self, first: int, end: int) -> list[str]:
        """The keys of the words ``first`` up to ``end`` (exclusive)."""
        vocabulary = self.vocabulary
        return [vocabulary[i] for i in self.ids[max(first, 0) : end]]

    def positions(self, word_key: str) -> Sequence[int]:
        """Where the word with this key is, in order; empty when it is nowhere."""
        found = self.id_of.get(word_key)
        return _EMPTY if found is None else self.postings[self.bounds[found] : self.bounds[found + 1]]

    def count(self, word_key: str) -> int:
        """How many times the word with this key occurs."""
        found = self.id_of.get(word_key)
        return 0 if found is None else self.bounds[found + 1] - self.bounds[found]

    def word_span(self, first: int, last: int) -> tuple[int, int]:
        """The folded span of words ``first`` to ``last`` inclusive."""
        return self.starts[first], self.ends[last]

    def words(self, first: int, end: int) -> list[str]:
        """Words ``first`` up to ``end`` (exclusive), as they stand in the folded text."""
        text = self.folded.text
        return [text[self.starts[i] : self.ends[i]] for i in range(max(first, 0), min(end, len(self.starts)))]

    def between(self, position: int) -> str:
        """The folded text between word ``position - 1`` and word ``position``.

        Before the first word: its text back to the last space; after the last: up to the next space.
        """
        text = self.folded.text
        if position <= 0:
            start = self.starts[0] if self.starts else 0
            return text[text.rfind(" ", 0, start) + 1 : start]
        if position >= len(self.starts):
            end = self.ends[-1]
            return text[end : _space_after(text, end)]
        return text[self.ends[position - 1] : self.starts[position]]

    def after_word(self, last: int) -> str:
        """`between` word ``last`` and the next, past the footnote markers glued to word ``last``.

        ``users[1]. Next`` gives ``. ``, as ``users [1]. Next`` sets its marker off: what a quote
        that stops at the word compares its own end with (`past_glued_markers`).
        """
        after = self.between(last + 1)
        if after != "[":
            return after
        end = past_glued_markers(self.folded.text, self.ends[last])
        return after if end == self.ends[last] else self._from(end)

    def after_bracket(self, last: int) -> tuple[int, str] | None:
        """Where numbers in brackets glued to word ``last`` end (``[4]`` of ``mc2[4]``), and what follows them.

        Whatever they are: an index of code, which `after_word` does not set aside (``x = items[1]``,
        ``buf[0]``), or a footnote's marker. The end is a folded offset; ``None`` where no such
        brackets follow the word.
        """
        if self.between(last + 1) != "[":
            return None
        bracket = _GLUED_NUMBERS.match(self.folded.text, self.ends[last])
        return None if bracket is None else (bracket.end(), self._from(bracket.end()))

    def _from(self, end: int) -> str:
        """The folded text from offset ``end`` to the next word's start (to a space after the last word)."""
        text = self.folded.text
        following = bisect_left(self.starts, end)
        return text[end : self.starts[following] if following < len(self.starts) else _space_after(text, end)]

    def source_between(self, position: int) -> str:
        """The text's own characters (`text`, not folded) between word ``position - 1`` and word ``position``.

        What folding wrote as one space may be a line break, a blank line or a no-break space;
        what it wrote as ``-`` may be a hyphen, a dash or a soft hyphen's line end.
        """
        to_original = self.folded.to_original
        return self.text[to_original(self.ends[position - 1]) : to_original(self.starts[position])]


# "[1]", "[2][3]"; not "[1, 2]" nor "[1-3]", glued as code writes an index or a range ("matrix[1, 2]", "v[1-3]").
_GLUED_MARKERS = re.compile(r"(?:\[[1-9]\d{0,2}\])+")
# Any numbers glued so (``[0]`` too, which no footnote is): an index of code or a marker.
_GLUED_NUMBERS = re.compile(r"(?:\[\d{1,3}\])+")


def past_glued_markers(text: str, end: int) -> int:
    """The offset past the reference markers glued at ``end`` of ``text`` (``[1]``, ``[2][3]``), or ``end``.

    A wiki or a PDF glues a footnote's marker to the word it follows (``users[1]``), which a quote
    leaves out as it leaves out ``users [1]``'s. Not an index of code: ``buf[0]`` (no footnote is
    numbered 0), ``x[10]int``, `` `items[1]` `` in a code span, ``items[1].name``, ``f[1](x)``,
    ``x = items[1]`` (an assignment or a comparison: ``=`` glued to a name or before it; not to a
    number, ``n = 1200[5]``). ``text`` is folded: words stand one space apart.
    """
    marker = _GLUED_MARKERS.match(text, end) if text[end : end + 1] == "[" else None
    if marker is None:
        return end
    after = text[marker.end() : marker.end() + 2]
    if after and (after[0].isalnum() or after[0] in "`([" or (after[0] == "." and after[1:].isalnum())):
        return end
    # The word, with what is glued before it ("x=items"): the folded text has one space between words.
    start = text.rfind(" ", 0, end) + 1
    word = text[start:end]
    name = word.rsplit("=", 1)[-1][:1]
    identifier = name.isalpha() or name == "_"  # not a number: "n = 1200[5]" has a footnote, "counts2[3]" an index
    if identifier and ("=" in word or text[max(start - 3, 0) : start].rstrip()[-1:] == "="):
        return end
    return marker.end()


def _space_after(text: str, offset: int) -> int:
    space = text.find(" ", offset)
    return space if space != -1 else len(text)


_SPLIT = lazy_compile(lambda: f"({WORD.pattern})")
_SPLIT_SPACED = lazy_compile(lambda: f"({SPACED_WORD.pattern})")
_ASCII_WORD = frozenset("abcdefghijklmnopqrstuvwxyz0123456789'")
_WORDS_ONLY = str.maketrans({chr(c): " " for c in range(128) if chr(c) not in _ASCII_WORD})
_SEPARATORS_ONLY = str.maketrans({chr(c): "x" if chr(c) == " " else " " for c in range(128)})
_LONE_APOSTROPHE = re.compile(r"'(?:(?![a-z0-9])|(?<![a-z0-9]'))")  # opens with a literal: found fast
_GREEK = str.maketrans(GREEK)
# Below this many words per distinct word, the per-word arrays (about 80 bytes each and their slack,
# against 4 bytes a position) would cost about as much memory as the postings: then a counting sort.
_WORDS_PER_ID = 32
_CHUNK = 1 << 16  # characters indexed at a time at most: bounds the temporary lists (about 40 times a chunk)
_CHUNK_MIN = 1 << 12


def _postings(ids: array[int], size: int, *, vectorized: bool = False) -> tuple[memoryview, array[int]]:
    """Each id's positions, in one flat array (a view of it) with its bounds; ``vectorized``, sorted by numpy.

    One array per word would cost an object and its slack for every distinct word, about as much
    as the positions themselves.
    """
    if vectorized:
        from citecheck.matcher import _numpy_index

        return _numpy_index.postings(ids, size)
    if size * _WORDS_PER_ID > len(ids):
        postings, bounds = _counting_sort(ids, size)
        return memoryview(postings), bounds
    # Each position is appended to its id's own array in C (a `map` of `array.append`), not by a
    # Python step per word; the arrays are then joined into one.
    arrays = [array("i") for _ in range(size)]
    deque(map(array.append, map(arrays.__getitem__, ids), range(len(ids))), maxlen=0)
    bounds = array("i", accumulate(map(len, arrays), initial=0))
    postings = array("i")
    for word_id, positions in enumerate(arrays):
        postings.extend(positions)
        arrays[word_id] = _EMPTY  # let go at once: the flat copy grows as the arrays go, not beside them
    return memoryview(postings), bounds


def _counting_sort(ids: array[int], size: int) -> tuple[array[int], array[int]]:
    """`_postings` for a text of mostly distinct words, where an array per word would cost too much."""
    counts = Counter(ids)
    bounds = array("i", accumulate((counts.get(i, 0) for i in range(size)), initial=0))
    del counts
    fill = bounds[:-1]  # where each id's next position goes
    postings = array("i", bytes(4 * len(ids)))
    for position, word_id in enumerate(ids):
        at = fill[word_id]
        postings[at] = position
        fill[word_id] = at + 1
    return postings, bounds


def _keys(words: list[str]) -> list[str]:
    """`key` of every word (none holds a hyphen or a NUL), all at once: the words joined, folded, split."""
    if not words:
        return words
    joined = "\0".join(words).casefold().replace("'", "")
    if joined.isascii():
        return joined.split("\0")
    return skeletons(joined.translate(_GREEK).split("\0"), joined)


class _Vocabulary(dict[str, int]):
    """Vocabulary ids, a new word getting the next one as it is first looked up (in C, by `map`)."""

    def __missing__(self, word: str) -> int:
        self[word] = word_id = len(self)
        return word_id


def _ascii_words(piece: str) -> tuple[list[str], list[int]]:
    """The keys of the words of lower-case ASCII text, and the lengths of separator, word, ..., separator.

    What `ASCII_WORD` splits, by `str.translate` and `str.split`, several times faster than a
    regular expression: every character that is no letter, digit or apostrophe becomes a space, and
    so does an apostrophe that is not between two letters or digits; the separators are measured
    by splitting the text with words and separators swapped. A key is its word without apostrophes.
    """
    marked = piece.translate(_WORDS_ONLY)
    if "'" in marked:
        marked = _LONE_APOSTROPHE.sub(" ", marked)
    words = marked.split()
    separators = marked.translate(_SEPARATORS_ONLY).split()
    if marked[:1] != " ":
        separators.insert(0, "")  # none before the first word
    if len(separators) == len(words):
        separators.append("")  # none after the last word
    lengths = [0] * (2 * len(words) + 1)
    lengths[0::2] = map(len, separators)
    lengths[1::2] = map(len, words)
    return (marked.replace("'", "").split() if "'" in marked else words), lengths


def _words(
    source: str, *, vectorized: bool = False
) -> tuple[array[int], array[int], array[int], list[str], dict[str, int]]:
    """Each word's start, end and vocabulary id, with the vocabulary, a chunk of ``source`` at a time.

    With ``vectorized``, ASCII chunks are read by numpy (`_numpy_index`), with the same result.
    """
    starts: array[int] = array("i")
    ends: array[int] = array("i")
    ids: array[int] = array("i")
    id_of = _Vocabulary()
    table = None
    if vectorized:
        from citecheck.matcher import _numpy_index

        table = _numpy_index.WordTable(id_of)
    # About 40 times a chunk is held while it is indexed: a small text gets small chunks.
    chunk = min(max(len(source) // 64, _CHUNK_MIN), _CHUNK)
    at = 0
    while at < len(source):
        # Cut at a space, so no word spans two chunks; split and accumulate run in C, not per word.
        stop = source.find(" ", at + chunk)
        stop = len(source) if stop == -1 else stop
        # Case-folding a chunk at once is much faster than word by word, but a few characters
        # change length when folded (ß); then offsets would drift, so the words are folded apart.
        piece = source[at:stop]
        lowered = piece.casefold()
        same_length = len(lowered) == len(piece)
        if same_length:
            piece = lowered
        if table is not None and piece.isascii():  # ASCII stays ASCII when folded
            ids.frombytes(_numpy_index.ascii_words(piece, at, starts, ends, table))
        else:
            if piece.isascii():
                keys, lengths = _ascii_words(piece)
            else:
                splitter = _SPLIT_SPACED if UNSPACED_CHAR.search(piece) is None else _SPLIT
                parts = splitter.split(piece)  # separator, word, ..., separator
                keys, lengths = _keys(parts[1::2]), list(map(len, parts))
            offsets = list(accumulate(lengths, initial=at))
            starts.fromlist(offsets[1:-1:2])
            ends.fromlist(offsets[2::2])
            ids.fromlist(list(map(id_of.__getitem__, keys)))
        at = stop
    return starts, ends, ids, list(id_of), dict(id_of)


def _build(document: Document, *, cookbook: bool) -> WordIndex:
    folded = fold(document.text, cookbook=cookbook)
    # A text that large is folded with numpy too (see `VECTORIZED_MIN`): numpy's import is paid.
    vectorized = len(folded.text) >= VECTORIZED_MIN
    starts, ends, ids, vocabulary, id_of = _words(folded.text, vectorized=vectorized)
    postings, bounds = _postings(ids, len(vocabulary), vectorized=vectorized)
    sections = document.sections
    overlapping = any(after.start < before.end for before, after in pairwise(sections))
    return WordIndex(
        document.text,
        folded,
        starts,
        ends,
        ids,
        vocabulary,
        id_of,
        postings,
        bounds,
        [s.start for s in sections],
        overlapping,
    )


def index_of(document: Document, *, cookbook: bool = False) -> WordIndex:
    """The document's index for one folding, built on first use and kept with the document."""
    if cookbook:
        return document.derived("matcher.cookbook", lambda d: _build(d, cookbook=True))
    return document.derived("matcher", lambda d: _build(d, cookbook=False))


class Holders:
    """Which documents of a collection hold each word: `citecheck.matcher._routing`'s screen, for all at once.

    Counting a quote's words per document then costs a few list reads per word, not a lookup in
    each document's index: with hundreds of documents, most of step 1 for a quote that is in none.
    A word most documents hold is kept as the documents that lack it.
    """

    def __init__(self, documents: Sequence[Document], *, cookbook: bool) -> None:
        self.size = len(documents)
        holding: dict[str, list[int]] = {}
        for position, document in enumerate(documents):
            for word_key in index_of(document, cookbook=cookbook).id_of:
                found = holding.get(word_key)
                if found is None:
                    holding[word_key] = [position]
                else:
                    found.append(position)
        everyone = range(self.size)
        self._held: dict[str, list[int]] = {}
        self._lacked: dict[str, list[int]] = {}
        for word_key, positions in holding.items():
            if 2 * len(positions) > self.size:
                held = set(positions)
                self._lacked[word_key] = [p for p in everyone if p not in held]
            else:
                self._held[word_key] = positions

    def shared(self, keys: frozenset[str]) -> list[int]:
        """How many of ``keys`` each document holds, by its position in the collection."""
        common = 0
        counts = [0] * self.size
        held, lacked = self._held, self._lacked
        for word_key in keys:
            lacking = lacked.get(word_key)
            if lacking is not None:
                common += 1
                for position in lacking:
                    counts[position] -= 1
            else:
                for position in held.get(word_key, ()):
                    counts[position] += 1
        return [count + common for count in counts] if common else counts


_HOLDERS_KEPT = 4
_holders_lock = threading.Lock()
# The collections whose `Holders` are kept, most recent last: weak references to their documents
# (a collection let go lets its documents go), the folding, and the holders.
_holders: list[tuple[tuple[weakref.ref[Document], ...], bool, Holders]] = []


def holders_of(documents: Sequence[Document], *, cookbook: bool = False) -> Holders:
    """The `Holders` of these very documents, in this order: built on first use, kept for a few collections."""
    with _holders_lock:
        for at, (kept, folding, holders) in enumerate(_holders):
            if (
                folding == cookbook
                and len(kept) == len(documents)
                and all(ref() is document for ref, document in zip(kept, documents, strict=True))
            ):
                _holders.append(_holders.pop(at))
                return holders
    holders = Holders(documents, cookbook=cookbook)
    with _holders_lock:
        _holders.append((tuple(weakref.ref(d) for d in documents), cookbook, holders))
        del _holders[:-_HOLDERS_KEPT]
    return holders
