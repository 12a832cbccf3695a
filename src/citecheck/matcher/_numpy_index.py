"""The word index's two hot loops on numpy, for large texts (see `_normalize.VECTORIZED_MIN`).

This module imports numpy, which costs about 0.2 s: `_index` imports it only for a text large
enough to repay that, as `_normalize` does `_numpy_fold`, so a small document, ``import
citecheck`` and ``citecheck --version`` never load it. Each function gives exactly what its
pure-Python counterpart in `_index` gives (tests compare the two on the same inputs).
"""

from __future__ import annotations

from array import array

import numpy as np
import numpy.typing as npt

__all__ = ["ascii_words", "postings"]

_APOSTROPHE = ord("'")
_SPACE = np.uint8(ord(" "))
# Positions sorted at a time by `postings` (at least as many as there are ids, since each block
# also costs a pass over the ids): smaller blocks sort faster, their arrays staying in the caches.
_BLOCK = 1 << 18
# Which byte is a lower-case ASCII letter or digit: what `SPACED_WORD` finds in folded ASCII text.
_LETTERS = np.zeros(256, dtype=np.bool_)
_LETTERS[list(b"abcdefghijklmnopqrstuvwxyz0123456789")] = True


def ascii_words(piece: str, at: int, starts: array[int], ends: array[int]) -> list[str]:
    """The keys of the words of lower-case ASCII text; their offsets, plus ``at``, go to ``starts`` and ``ends``.

    A word is a run of letters and digits, with an apostrophe inside it when a letter or digit
    stands on both sides (`SPACED_WORD`); its key is the word without apostrophes.
    """
    codes = np.frombuffer(piece.encode("ascii"), dtype=np.uint8)
    in_word = _LETTERS[codes]  # a new array, so the inner apostrophes can be marked in it
    apostrophes = np.flatnonzero(codes[1:-1] == _APOSTROPHE) + 1
    if apostrophes.size:
        in_word[apostrophes[in_word[apostrophes - 1] & in_word[apostrophes + 1]]] = True
    # A word starts where the mask turns on and ends where it turns off.
    edges = np.flatnonzero(np.diff(in_word, prepend=False, append=False)) + at
    starts.frombytes(edges[0::2].astype(np.intc).tobytes())
    ends.frombytes(edges[1::2].astype(np.intc).tobytes())
    marked = np.where(in_word, codes, _SPACE).tobytes()
    if apostrophes.size:
        marked = marked.replace(b"'", b"")
    return marked.decode("ascii").split()


def ids(keys: list[str], id_of: dict[str, int]) -> bytes:
    """The vocabulary ids of ``keys`` as C ints, from ``id_of`` (a `_Vocabulary`, which numbers new keys)."""
    return np.fromiter(map(id_of.__getitem__, keys), dtype=np.intc, count=len(keys)).tobytes()


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
