r"""`fold` of a large text's ASCII chunks with numpy: the regular expression split's result, vectorized.

`citecheck.matcher._normalize` splits an ASCII chunk around its spots with a regular expression
(``_ASCII_SPLIT``, or ``_SPACE_SPLIT`` for the cookbook's folding) and writes each spot as one
character. Here the same spots are found with array operations on the chunk's bytes, which costs
a few nanoseconds a character instead of about fifty:

- a run of whitespace (``\s`` of an ASCII character: ``\t \n \v \f \r``, ``\x1c``-``\x1f`` and the
  space) is a spot unless it is one space, and becomes one space;
- with ``joins``, a hyphen between a word character (``\w``: ``[A-Za-z0-9_]``) and a run of
  whitespace whose first character other than a space or a tab is a line break, and that a word
  character follows, is a spot with its run, and becomes the hyphen
  (``base64url-\n   encoded``).

The anchors are the split path's, array for array: each spot's start and end in the text, and its
start and start + 1 in the folded text. This module imports numpy, so `_normalize` imports it only
for large texts: ``import citecheck`` and a short quote never pay for numpy.
"""

from __future__ import annotations

import re
from array import array
from functools import cache

import numpy as np
import numpy.typing as npt

__all__ = ["fold_ascii"]

_SPACE, _TAB, _LINE_FEED, _CARRIAGE_RETURN, _HYPHEN, _DELETE = 32, 9, 10, 13, 45, 127


@cache
def _word_characters() -> npt.NDArray[np.bool_]:
    r"""Which ASCII bytes ``\w`` matches, asked of the regular expression engine itself."""
    word = re.compile(r"\w")
    return np.array([word.match(chr(code)) is not None for code in range(128)])


def whitespace(data: npt.NDArray[np.uint8]) -> npt.NDArray[np.bool_]:
    r"""Which bytes of ASCII ``data`` ``\s`` matches: 9 to 13 and 28 to 32.

    Two comparisons on bytes less the range's start, which wrap around below it (unsigned), cost
    far less than a lookup table.
    """
    spaces: npt.NDArray[np.bool_] = ((data - np.uint8(9)) <= np.uint8(4)) | ((data - np.uint8(28)) <= np.uint8(4))
    return spaces


def has_controls(data: npt.NDArray[np.uint8]) -> bool:
    """Whether ASCII ``data`` holds a control character other than whitespace: 0 to 8, 14 to 27, or 127."""
    if data.min(initial=_SPACE) < 9 or data.max(initial=0) == _DELETE:
        return True
    return bool(np.count_nonzero((data - np.uint8(14)) < np.uint8(14)))  # 14 to 27: below 14 wraps around


def fold_ascii(
    chunk: str, at: int, length: int, anchors_folded: array[int], anchors_original: array[int], *, joins: bool
) -> str | None:
    """Fold the ASCII ``chunk`` as the split path does, adding its anchors.

    Args:
        chunk: ASCII text, cut from a longer text where no spot or lookaround crosses the cut.
        at: The chunk's offset in the text being folded.
        length: The folded text's length before the chunk.
        anchors_folded: The folded offsets of the anchors, extended in place.
        anchors_original: The original offsets of the anchors, extended in place.
        joins: Whether line-end hyphens are joined and control characters are refused (`fold`);
            without it only whitespace is folded (the cookbook's folding).

    Returns:
        The folded chunk, or ``None`` (no anchor added) when ``joins`` and the chunk holds a
        control character, which `fold` turns into something else than whitespace: the caller
        folds that chunk spot by spot.
    """
    data = np.frombuffer(chunk.encode("ascii"), np.uint8)
    if joins and has_controls(data):
        return None
    # Without controls, every byte below 33 is whitespace: one comparison instead of four.
    spaces = data <= _SPACE if joins else whitespace(data)
    bounds = np.flatnonzero(np.diff(spaces, prepend=False, append=False))
    starts, ends = bounds[0::2], bounds[1::2]
    # A run is a spot unless it is a single space, already folded.
    spots = np.flatnonzero((ends - starts > 1) | (data[starts] != _SPACE))
    starts, ends = starts[spots], ends[spots]
    joined = _joined_runs(data, spaces, starts, ends) if joins else np.empty(0, np.intp)
    # Every run keeps its first character, as a space, but a joined run: the hyphen before it stands for it.
    kept = np.empty(len(data), np.bool_)
    kept[:1] = True
    np.logical_and(spaces[1:], spaces[:-1], out=kept[1:])
    np.logical_not(kept[1:], out=kept[1:])
    kept[starts[joined]] = False
    folded = data.copy()
    folded[starts] = _SPACE
    written: bytes = folded[kept].tobytes()
    starts[joined] -= 1  # a joined run's spot starts at its hyphen
    _add_anchors(starts, ends, at, length, anchors_folded, anchors_original)
    return written.decode("ascii")


def _joined_runs(
    data: npt.NDArray[np.uint8],
    spaces: npt.NDArray[np.bool_],
    starts: npt.NDArray[np.intp],
    ends: npt.NDArray[np.intp],
) -> npt.NDArray[np.intp]:
    r"""The runs a line-end hyphen joins, as indices into ``starts`` and ``ends``.

    What ``(?<=\w-)[ \t]*(?:\r\n|\r|\n)\s*(?=\w)`` matches after a hyphen: the greedy ``\s*``
    takes the whole run, so the run must end before a word character, and the first of its
    characters that is not a space or a tab must be a line break. Such a run is a spot, so only
    the spots' runs (``starts``, ``ends``) are looked at.
    """
    word = _word_characters()
    # A run at 0 looks at the last byte here (index -1): the next line drops it.
    runs: npt.NDArray[np.intp] = np.flatnonzero(data[starts - 1] == _HYPHEN)
    runs = runs[(starts[runs] >= 2) & (ends[runs] < len(data))]
    runs = runs[word[data[starts[runs] - 2]] & word[data[ends[runs]]]]
    first = starts[runs]
    blank = (data[first] == _SPACE) | (data[first] == _TAB)
    if blank.any():
        # Rare: blanks between the hyphen and the line break. Each such run's first other
        # whitespace, from the sorted positions of all of them (or the run's end, a word character,
        # when it has none), costs a pass over the chunk but never a walk along a run.
        others = np.flatnonzero(spaces & (data != _SPACE) & (data != _TAB))
        found = np.searchsorted(others, first[blank])
        first[blank] = np.minimum(np.append(others, len(data))[found], ends[runs[blank]])
    joined: npt.NDArray[np.intp] = runs[(data[first] == _LINE_FEED) | (data[first] == _CARRIAGE_RETURN)]
    return joined


def _add_anchors(
    starts: npt.NDArray[np.intp],
    ends: npt.NDArray[np.intp],
    at: int,
    length: int,
    anchors_folded: array[int],
    anchors_original: array[int],
) -> None:
    """Each spot's (start, end) in the text and (start, start + 1) in the folded text, in order."""
    dropped = ends - starts - 1  # each spot becomes one character
    folded_starts = starts + length - (np.cumsum(dropped) - dropped)
    anchors_original.frombytes(_pairs(starts + at, ends + at))
    anchors_folded.frombytes(_pairs(folded_starts, folded_starts + 1))


def _pairs(first: npt.NDArray[np.intp], second: npt.NDArray[np.intp]) -> bytes:
    """``first[0], second[0], first[1], ...`` as the bytes of an ``array("i")``."""
    pairs = np.empty((len(first), 2), np.intc)  # C int: the item of array("i")
    pairs[:, 0] = first
    pairs[:, 1] = second
    return pairs.tobytes()
