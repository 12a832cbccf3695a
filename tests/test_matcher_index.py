"""The index's and the fold's fast paths give what their general paths give (issue 18's speed work)."""

import random
from array import array

import pytest

from citecheck.matcher._index import _SPLIT, _SPLIT_SPACED, _ascii_words, _keys, _postings
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
    words = list(_SPLIT_SPACED.finditer(piece))
    keys, starts, ends = _ascii_words(piece)
    assert (list(starts), list(ends)) == ([word.start() for word in words], [word.end() for word in words])
    assert keys == [key(word.group()) for word in words]


@pytest.mark.parametrize("text", _texts(100, seed=3, pieces=[*_PIECES, "Straße", "ΑΒΓ", "İ", "不得", "ﬀ", "café"]))
def test_keys_of_a_chunk_are_each_words_key(text: str) -> None:
    words = _SPLIT.split(text)[1::2]
    assert _keys(words) == [key(word) for word in words]


@pytest.mark.parametrize("words, distinct", [(1000, 5), (1000, 900), (0, 0), (7, 7), (200_000, 70_000)])
def test_postings_list_each_ids_positions_in_order(words: int, distinct: int) -> None:
    # 70,000 ids is more than the 16-bit sort takes.
    rng = random.Random(words + distinct)
    ids = array("i", (rng.randrange(distinct) for _ in range(words)))
    postings, bounds = _postings(ids, distinct)
    assert len(bounds) == distinct + 1
    for word_id in range(0, distinct, max(distinct // 50, 1)):
        assert list(postings[bounds[word_id] : bounds[word_id + 1]]) == [p for p, i in enumerate(ids) if i == word_id]
    assert sorted(postings) == list(range(words))
