"""A document's folded text and word index: built once per document, shared by every tier.

The index keeps one small integer per word in compact arrays (its offsets, its vocabulary id), and
the positions of each distinct word, so a document's index costs a few times its text, not tens
of times. A quote then costs a few lookups of its rarest words.
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import accumulate, pairwise
from typing import TYPE_CHECKING

from citecheck._models import Document
from citecheck.matcher._normalize import Folded, fold
from citecheck.matcher._tokens import GREEK, SPACED_WORD, UNSPACED, WORD

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["WordIndex", "index_of"]

_EMPTY = array("i")


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
            space = text.find(" ", end)
            return text[end : space if space != -1 else len(text)]
        return text[self.ends[position - 1] : self.starts[position]]


_SPLIT = re.compile(f"({WORD.pattern})")
_SPLIT_SPACED = re.compile(f"({SPACED_WORD.pattern})")
_GREEK = str.maketrans(GREEK)
_UNSPACED_CHAR = re.compile(f"[{UNSPACED}]")
_CHUNK = 1 << 18  # characters indexed at a time at most: bounds the temporary arrays (about 30 times a chunk)
_CHUNK_MIN = 1 << 12
_APOSTROPHE = ord("'")
_SPACE = ord(" ")


@cache
def _ascii_letters() -> npt.NDArray[np.bool_]:
    """Which byte is a lower-case ASCII letter or digit: what `SPACED_WORD` finds in folded ASCII."""
    import numpy as np

    table = np.zeros(256, dtype=np.bool_)
    table[list(b"abcdefghijklmnopqrstuvwxyz0123456789")] = True
    return table


def _postings(ids: array[int], size: int) -> tuple[array[int], array[int]]:
    """Each id's positions, in one flat array with its bounds.

    One array per word would cost an object and its slack for every distinct word, about as much
    as the positions themselves; a stable sort of the positions by id groups them in order.
    """
    import numpy as np

    numbered = np.frombuffer(ids, dtype=np.intc)
    bounds = array("i", [0])
    bounds.frombytes(np.cumsum(np.bincount(numbered, minlength=size), dtype=np.intc).tobytes())
    # Ids below 2**16 sort as 16-bit numbers, which numpy sorts by radix: several times faster.
    narrow = numbered.astype(np.uint16) if size <= 1 << 16 else numbered
    postings = array("i")
    postings.frombytes(np.argsort(narrow, kind="stable").astype(np.intc).tobytes())
    return postings, bounds


def _keys(words: list[str]) -> list[str]:
    """`key` of every word (none holds a hyphen or a NUL), all at once: the words joined, folded, split."""
    if not words:
        return words
    joined = "\0".join(words).casefold().replace("'", "")
    return (joined if joined.isascii() else joined.translate(_GREEK)).split("\0")


class _Vocabulary(dict[str, int]):
    """Vocabulary ids, a new word getting the next one as it is first looked up (in C, by `map`)."""

    def __missing__(self, word: str) -> int:
        self[word] = word_id = len(self)
        return word_id


def _ascii_words(piece: str) -> tuple[list[str], npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """The keys of the words of lower-case ASCII text, with each word's start and end offset.

    What `SPACED_WORD` finds, computed on the text's bytes by numpy, several times faster than a
    regular expression: a word is a run of letters and digits, with an apostrophe inside it when
    a letter or digit stands on both sides. A key is its word without apostrophes.
    """
    import numpy as np

    codes = np.frombuffer(piece.encode("ascii"), dtype=np.uint8)
    in_word = _ascii_letters()[codes]  # a new array: the apostrophes are marked in place
    apostrophes = np.flatnonzero(codes[1:-1] == _APOSTROPHE) + 1
    if apostrophes.size:
        in_word[apostrophes[in_word[apostrophes - 1] & in_word[apostrophes + 1]]] = True
    # A word starts where the mask turns on and ends where it turns off.
    edges = np.flatnonzero(np.diff(in_word, prepend=False, append=False))
    marked = np.where(in_word, codes, np.uint8(_SPACE)).tobytes()
    if apostrophes.size:
        marked = marked.replace(b"'", b"")
    return marked.decode("ascii").split(), edges[0::2], edges[1::2]


def _extend(target: array[int], offsets: npt.NDArray[np.intp], at: int) -> None:
    import numpy as np

    target.frombytes((offsets + at).astype(np.intc).tobytes())


def _words(source: str) -> tuple[array[int], array[int], array[int], list[str], dict[str, int]]:
    """Each word's start, end and vocabulary id, with the vocabulary, a chunk of ``source`` at a time."""
    starts: array[int] = array("i")
    ends: array[int] = array("i")
    ids: array[int] = array("i")
    id_of = _Vocabulary()
    # About 30 times a chunk is held while it is indexed: a small text gets small chunks.
    chunk = min(max(len(source) // 64, _CHUNK_MIN), _CHUNK)
    at = 0
    while at < len(source):
        # Cut at a space, so no word spans two chunks; the words are found and numbered in C, not
        # by a Python step per word.
        stop = source.find(" ", at + chunk)
        stop = len(source) if stop == -1 else stop
        # Case-folding a chunk at once is much faster than word by word, but a few characters
        # change length when folded (ß); then offsets would drift, so the words are folded apart.
        piece = source[at:stop]
        lowered = piece.casefold()
        if len(lowered) == len(piece):
            piece = lowered
        if piece.isascii():  # then folded too: ASCII letters never change length
            keys, word_starts, word_ends = _ascii_words(piece)
            _extend(starts, word_starts, at)
            _extend(ends, word_ends, at)
        else:
            splitter = _SPLIT_SPACED if _UNSPACED_CHAR.search(piece) is None else _SPLIT
            parts = splitter.split(piece)  # separator, word, ..., separator
            keys = _keys(parts[1::2])
            offsets = list(accumulate(map(len, parts), initial=at))
            starts.fromlist(offsets[1:-1:2])
            ends.fromlist(offsets[2::2])
        ids.fromlist(list(map(id_of.__getitem__, keys)))
        at = stop
    return starts, ends, ids, list(id_of), dict(id_of)


def _build(document: Document, *, cookbook: bool) -> WordIndex:
    folded = fold(document.text, cookbook=cookbook)
    starts, ends, ids, vocabulary, id_of = _words(folded.text)
    postings, bounds = _postings(ids, len(vocabulary))
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
        memoryview(postings),
        bounds,
        [s.start for s in sections],
        overlapping,
    )


def index_of(document: Document, *, cookbook: bool = False) -> WordIndex:
    """The document's index for one folding, built on first use and kept with the document."""
    if cookbook:
        return document.derived("matcher.cookbook", lambda d: _build(d, cookbook=True))
    return document.derived("matcher", lambda d: _build(d, cookbook=False))
