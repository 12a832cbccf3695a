"""The index's and the fold's fast paths give what their general paths give (issue 18's speed work)."""

from __future__ import annotations

import random
from array import array
from collections.abc import Sequence

import numpy as np
import pytest

from citecheck.matcher import _numpy_index
from citecheck.matcher._index import (
    _SPLIT,
    _SPLIT_SPACED,
    _ascii_words,
    _counting_sort,
    _keys,
    _postings,
    _Vocabulary,
    _words,
)
from citecheck.matcher._normalize import _PLAIN_FOLD_SPOTS, _fold_chunk, fold
from citecheck.matcher._tokens import key

# Pieces that meet at every kind of boundary: spots, line-end hyphens, apostrophes, punctuation.
_PIECES = [
    "word", "Word", "42", " ", "  ", "\n", "\n   ", "\r\n", "\t", "\x0c", "-", "-\n   ", "- \n", "_", "'",
    "isn't", "'quoted'", "a''b", ".", ",", "(", ")", "x-y", "\x1c", "\x0b",
]  # fmt: skip


def _texts(count: int, seed: int, pieces: list[str] = _PIECES) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 400))) for _ in range(count)]


def _general_fold(text: str) -> tuple[str, list[int], list[int]]:
    """The spot-by-spot fold of the whole text at once: what every fast path must give."""
    folded, original = array("i", [0]), array("i", [0])
    return _fold_chunk(text, 0, 0, _PLAIN_FOLD_SPOTS, folded, original), list(folded), list(original)


@pytest.mark.parametrize("text", _texts(300, seed=1))
def test_an_ascii_text_folds_as_spot_by_spot(text: str) -> None:
    folded = fold(text)
    assert (folded.text, list(folded.offsets.derived), list(folded.offsets.original)) == _general_fold(text)


@pytest.mark.parametrize("seed", range(4))
def test_a_long_text_folds_in_chunks_as_in_one_piece(seed: int) -> None:
    # Long enough for many chunks, with non-ASCII chunks (spot by spot) among ASCII ones (split).
    rng = random.Random(seed)
    text = "".join(
        rng.choice([*_PIECES, "é", "\u00ad", "\u2014", "ﬁ"] if i % 50 == 0 else _PIECES) for i in range(120_000)
    )
    folded = fold(text)
    assert (folded.text, list(folded.offsets.derived), list(folded.offsets.original)) == _general_fold(text)


@pytest.mark.parametrize("text", _texts(300, seed=2))
def test_ascii_words_are_the_word_patterns_words(text: str) -> None:
    piece = text.casefold()
    parts = _SPLIT_SPACED.split(piece)
    keys, lengths = _ascii_words(piece)
    assert lengths == [len(part) for part in parts]
    assert keys == [key(word) for word in parts[1::2]]


@pytest.mark.parametrize("text", _texts(300, seed=4))
def test_vectorized_ascii_words_are_the_word_patterns_words(text: str) -> None:
    piece = text.casefold()
    words = list(_SPLIT_SPACED.finditer(piece))
    starts, ends, id_of = array("i"), array("i"), _Vocabulary()
    ids = array("i", _numpy_index.ascii_words(piece, 7, starts, ends, _numpy_index.WordTable(id_of)))
    assert list(starts) == [word.start() + 7 for word in words]
    assert list(ends) == [word.end() + 7 for word in words]
    vocabulary = list(id_of)
    assert [vocabulary[i] for i in ids] == [key(word.group()) for word in words]


@pytest.mark.parametrize("seed", range(3))
def test_vectorized_words_are_the_pure_paths(seed: int) -> None:
    # Non-ASCII chunks (the regular expression) among ASCII ones (numpy), numbered by one vocabulary.
    rng = random.Random(seed)
    pieces = [*_PIECES, "internationalization", "x" * 16, "y" * 17]  # packed in the table, or not
    text = "".join(rng.choice([*pieces, "Straße", "不得", "é"] if i % 80 == 0 else pieces) for i in range(60_000))
    assert _words(text.casefold(), vectorized=True) == _words(text.casefold())


@pytest.mark.parametrize("text", _texts(100, seed=3, pieces=[*_PIECES, "Straße", "ΑΒΓ", "İ", "不得", "ﬀ", "café"]))
def test_keys_of_a_chunk_are_each_words_key(text: str) -> None:
    words = _SPLIT.split(text)[1::2]
    assert _keys(words) == [key(word) for word in words]


def _listed(postings: tuple[Sequence[int], array[int]]) -> tuple[list[int], list[int]]:
    return list(postings[0]), list(postings[1])


@pytest.mark.parametrize("words, distinct", [(1000, 5), (1000, 900), (0, 0), (7, 7)])
def test_postings_are_the_counting_sorts(words: int, distinct: int) -> None:
    rng = random.Random(words + distinct)
    ids = array("i", (rng.randrange(distinct) for _ in range(words)))
    expected = _listed(_counting_sort(ids, distinct))
    assert _listed(_postings(ids, distinct)) == expected
    assert _listed(_postings(ids, distinct, vectorized=True)) == expected


@pytest.mark.parametrize("block", [1, 7, 100, 1 << 20])
@pytest.mark.parametrize("distinct", [5, 700, 70_000])  # 70,000: more than 16 bits, two sorts
def test_vectorized_postings_a_block_at_a_time(block: int, distinct: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_numpy_index, "_BLOCK", block)
    rng = random.Random(block + distinct)
    ids = array("i", (rng.randrange(distinct) for _ in range(3_000)))
    ids.extend(rng.choice([0, distinct - 1]) for _ in range(500))  # long runs of one id across blocks
    assert _listed(_numpy_index.postings(ids, distinct)) == _listed(_counting_sort(ids, distinct))


@pytest.mark.parametrize("mixing", [True, False])  # without: every word hashes to one slot, a long probe
def test_the_word_table_finds_each_word_it_holds(mixing: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    if not mixing:
        monkeypatch.setattr(_numpy_index, "_MULTIPLIERS", np.zeros(2, dtype=np.uint64))
    rng = random.Random(8)
    # Words of 1 to 16 bytes, each length's packing; more than the first table holds, so it grows.
    count = 40_000 if mixing else 2_000
    words = sorted({"".join(rng.choices("ab0z", k=rng.randint(1, 16))) for _ in range(count)})
    text = " ".join(words)
    codes = np.frombuffer(text.encode("ascii"), dtype=np.uint8)
    starts = np.array([match.start() for match in _SPLIT_SPACED.finditer(text)])
    ends = np.array([match.end() for match in _SPLIT_SPACED.finditer(text)])
    table = _numpy_index.WordTable({})
    half = len(words) // 2
    low, high = _numpy_index._packed(codes, starts, ends)
    table.add(low[:half], high[:half], np.arange(half, dtype=np.intc))
    table.add(low[half:], high[half:], np.arange(half, len(words), dtype=np.intc))
    assert list(table.find(low, high)) == list(range(len(words)))
    absent = np.frombuffer(b"qqq qqqq", dtype=np.uint8)  # no q in any word held
    assert list(table.find(*_numpy_index._packed(absent, np.array([0, 4]), np.array([3, 8])))) == [-1, -1]
