"""The word index's two hot loops on numpy, for large texts (see `_normalize.VECTORIZED_MIN`).

Finding and numbering the words of ASCII text (`ascii_words`, with a `WordTable`), and grouping
each word's positions (`postings`).

This module imports numpy, which costs about 0.2 s: `_index` imports it only for a text large
enough to repay that, as `_normalize` does `_numpy_fold`, so a small document, ``import
citecheck`` and ``citecheck --version`` never load it. Each function gives exactly what its
pure-Python counterpart in `_index` gives (tests compare the two on the same inputs).
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

__all__ = ["WordTable", "ascii_words", "postings"]

_APOSTROPHE = ord("'")
# Positions sorted at a time by `postings` (at least as many as there are ids, since each block
# also costs a pass over the ids): small blocks sort as fast as large ones, their arrays staying in
# the caches, and keep the peak of a 5 MB text at 8.4x the text (9.6x with blocks of 2**18).
_BLOCK = 1 << 16
_PACKED = 16  # bytes of a word packed in two 64-bit numbers
# What of its two numbers a word of each length (0 to 16 bytes) fills.
_LOW_MASKS = np.array([(1 << 8 * min(length, 8)) - 1 for length in range(_PACKED + 1)], dtype=np.uint64)
_HIGH_MASKS = np.array([(1 << 8 * max(length - 8, 0)) - 1 for length in range(_PACKED + 1)], dtype=np.uint64)
_MULTIPLIERS = np.array([0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F], dtype=np.uint64)  # odd, well mixed
# Which byte is a lower-case ASCII letter or digit: what `ASCII_WORD` finds in folded ASCII text.
_LETTERS = np.zeros(256, dtype=np.bool_)
_LETTERS[list(b"abcdefghijklmnopqrstuvwxyz0123456789")] = True


def ascii_words(piece: str, at: int, starts: array[int], ends: array[int], table: WordTable) -> bytes:
    """The vocabulary ids of the words of lower-case ASCII text, as the bytes of C ints.

    A word is a run of letters and digits, with an apostrophe inside it when a letter or digit
    stands on both sides (`ASCII_WORD`); its key is the word without apostrophes. The words'
    offsets, plus ``at``, go to ``starts`` and ``ends``; a key new to ``table`` is numbered by its
    ``id_of``.
    """
    codes = np.frombuffer(piece.encode("ascii"), dtype=np.uint8)
    in_word = _LETTERS[codes]  # a new array, so the inner apostrophes can be marked in it
    apostrophes = np.flatnonzero(codes[1:-1] == _APOSTROPHE) + 1
    apostrophes = apostrophes[in_word[apostrophes - 1] & in_word[apostrophes + 1]]
    in_word[apostrophes] = True
    # A word starts where the mask turns on and ends where it turns off.
    edges = np.flatnonzero(np.diff(in_word, prepend=False, append=False))
    word_starts, word_ends = edges[0::2], edges[1::2]
    starts.frombytes((word_starts + at).astype(np.intc).tobytes())
    ends.frombytes((word_ends + at).astype(np.intc).tobytes())
    # A word of at most 16 bytes without an apostrophe (nearly every word) is its bytes packed in
    # two numbers, looked up in the table; the others are keyed as strings.
    packed = word_ends - word_starts <= _PACKED
    packed[np.searchsorted(word_ends, apostrophes)] = False  # the word each apostrophe is in
    found = np.full(len(word_starts), -1, dtype=np.intc)
    low, high = _packed(codes, word_starts[packed], word_ends[packed])
    found[packed] = table.find(low, high)
    # The words the table does not hold, in order, so new keys are numbered as `_index` numbers them.
    rest = np.flatnonzero(found < 0)
    id_of = table.id_of
    found[rest] = [
        id_of[piece[start:end].replace("'", "")]
        for start, end in zip(word_starts[rest].tolist(), word_ends[rest].tolist(), strict=True)
    ]
    new = rest[packed[rest]]
    if new.size:
        new_ids, first = np.unique(found[new], return_index=True)
        table.add(*_packed(codes, word_starts[new[first]], word_ends[new[first]]), new_ids)
    return found.tobytes()


def _packed(
    codes: npt.NDArray[np.uint8], starts: npt.NDArray[np.intp], ends: npt.NDArray[np.intp]
) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint64]]:
    """Words of at most 16 bytes as two 64-bit numbers each: their first 8 bytes and the next 8, zero-filled.

    No word holds a zero byte, so two words pack alike only when they are the same word.
    """
    padded = np.zeros(len(codes) + 2 * 8, dtype=np.uint8)
    padded[: len(codes)] = codes
    # Every 8 bytes from each offset on, read as one little-endian number (an unaligned view).
    windows: npt.NDArray[np.uint64] = np.ndarray((len(codes) + 8,), dtype="<u8", buffer=padded.data, strides=(1,))
    lengths = ends - starts
    return windows[starts] & _LOW_MASKS[lengths], windows[starts + 8] & _HIGH_MASKS[lengths]


class WordTable:
    """The vocabulary ids of packed words (see `_packed`), in an open-addressing hash table.

    It stands beside ``id_of``, the `_Vocabulary` that numbers every key: a chunk's words are
    looked up here all at once, in numpy, and only a word this table does not hold yet is looked
    up in ``id_of`` as a string (a dict lookup per word costs several times more). Packed words
    are compared whole, never by their hash alone.
    """

    def __init__(self, id_of: dict[str, int]) -> None:
        self.id_of = id_of
        self._count = 0
        self._clear(1 << 16)

    def _clear(self, size: int) -> None:
        self._low = np.zeros(size, dtype=np.uint64)  # 0: an empty slot (a packed word is never 0)
        self._high = np.zeros(size, dtype=np.uint64)
        self._ids = np.zeros(size, dtype=np.intc)
        self._shift = np.uint64(65 - size.bit_length())  # the hash's top bits index the slots

    def _slots(self, low: npt.NDArray[np.uint64], high: npt.NDArray[np.uint64]) -> npt.NDArray[np.intp]:
        mixed = (low * _MULTIPLIERS[0]) ^ (high * _MULTIPLIERS[1])  # wraps around, as hashing wants
        slots: npt.NDArray[np.intp] = (mixed >> self._shift).astype(np.intp)
        return slots

    def find(self, low: npt.NDArray[np.uint64], high: npt.NDArray[np.uint64]) -> npt.NDArray[np.intc]:
        """The id of each packed word, or -1 where the table does not hold it."""
        found = np.full(len(low), -1, dtype=np.intc)
        slots = self._slots(low, high)
        pending = np.arange(len(low))
        last = len(self._low) - 1
        while pending.size:  # each round, the words not found yet look one slot further
            held = self._low[slots]
            hit = (held == low[pending]) & (self._high[slots] == high[pending])
            found[pending[hit]] = self._ids[slots[hit]]
            further = ~hit & (held != 0)
            pending, slots = pending[further], (slots[further] + 1) & last
        return found

    def add(self, low: npt.NDArray[np.uint64], high: npt.NDArray[np.uint64], ids: npt.NDArray[np.intc]) -> None:
        """Hold these packed words, none of them held yet, with their ids."""
        self._count += len(low)
        if self._count * 2 > len(self._low):  # at most half full, so probes stay short
            held = self._low != 0
            kept = self._low[held], self._high[held], self._ids[held]
            self._clear(1 << (self._count * 2).bit_length())
            self._place(*kept)
        self._place(low, high, ids)

    def _place(self, low: npt.NDArray[np.uint64], high: npt.NDArray[np.uint64], ids: npt.NDArray[np.intc]) -> None:
        slots = self._slots(low, high)
        pending = np.arange(len(low))
        last = len(self._low) - 1
        while pending.size:
            # Of the words that reach a free slot, the first for each slot takes it; the others,
            # and those that reach a held slot, look one slot further.
            free = self._low[slots] == 0
            _, first = np.unique(slots, return_index=True)
            taking = first[free[first]]
            placed = pending[taking]
            self._low[slots[taking]], self._high[slots[taking]], self._ids[slots[taking]] = (
                low[placed],
                high[placed],
                ids[placed],
            )
            waiting = np.ones(len(pending), dtype=np.bool_)
            waiting[taking] = False
            pending, slots = pending[waiting], (slots[waiting] + 1) & last


def postings(ids: array[int], size: int) -> tuple[memoryview, array[int]]:
    """`_index._postings`: each id's positions in order, in one flat array (a view), with its bounds.

    The positions are sorted by id a block at a time, so the sort's temporary arrays (about 30
    bytes a position) stay a few MB, not several times the postings: each block's positions of
    an id go after those of the blocks before it, so every id's positions stay in order.
    """
    numbered: npt.NDArray[np.intc] = np.frombuffer(ids, dtype=np.intc)
    counts = np.bincount(numbered, minlength=size)
    bounds = array("i", [0])
    bounds.frombytes(np.cumsum(counts, dtype=np.intc).tobytes())
    flat = np.empty(len(numbered), dtype=np.intc)
    # Where each id's next position goes, less where its run starts in the block sorted.
    ahead = np.cumsum(counts) - counts
    step = max(_BLOCK, size)
    for start in range(0, len(numbered), step):
        block = numbered[start : start + step]
        order = _stable_order(block, size)
        in_block = np.bincount(block, minlength=size)
        ahead -= np.cumsum(in_block) - in_block
        flat[ahead[block[order]] + np.arange(len(order))] = order + start
        ahead += np.cumsum(in_block)
    return flat.data, bounds


def _stable_order(block: npt.NDArray[np.intc], size: int) -> npt.NDArray[np.intp]:
    """The stable sort of ``block``'s ids, 16 bits at a time, the low bits first (as astype wraps).

    numpy sorts 16-bit numbers by radix, several times faster than 32-bit ones.
    """
    order = np.argsort(block.astype(np.uint16), kind="stable")
    if size > 1 << 16:
        order = order[np.argsort((block >> 16).astype(np.uint16)[order], kind="stable")]
    return order


def aligned(
    places: Sequence[int], ids: array[int], checks: Sequence[tuple[int, int]], low: int, high: int
) -> list[int]:
    """The places where, for each (offset, id) of ``checks``, the word ``offset`` away has that id.

    `_tiers._substring`'s filter of an anchor's places, on arrays: a place outside ``low`` to
    ``high`` (where an offset would leave the text) is kept unchecked, as there.
    """
    at = np.asarray(places, dtype=np.intc)
    words = np.frombuffer(ids, dtype=np.intc)
    inside = (at >= low) & (at <= high)
    edges = at[~inside]
    at = at[inside]
    for offset, word_id in checks:
        # Each check on the places the checks before it kept: the first leaves few.
        at = at[words[at + offset] == word_id]
    kept: list[int] = np.sort(np.concatenate((edges, at))).tolist() if len(edges) else at.tolist()
    return kept
