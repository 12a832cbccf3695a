"""`fold` of a large text's ASCII chunks with numpy gives what the regular expression split gives (issue 18).

Every comparison is of whole `Folded` values: the text and both anchor arrays.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from array import array
from pathlib import Path

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from citecheck._offsets import OffsetMap
from citecheck.matcher._normalize import (
    _ASCII_CONTROLS,
    _ASCII_SPLIT,
    _CURLY,
    _PLAIN_FOLD_SPOTS,
    _SPACE_SPLIT,
    VECTORIZED_MIN,
    Folded,
    _fold_chunk,
    _fold_spots,
    _split_chunk,
    fold,
)
from citecheck.matcher._numpy_fold import fold_ascii, has_controls, whitespace
from citecheck.parsers import RFCParser
from tests.test_properties import PROPERTY

EXAMPLES = settings(PROPERTY, max_examples=400)  # derandomized, nothing written next to the tests

# Pieces that meet at every boundary the spots have: each kind of ASCII whitespace (\x1c-\x1f are
# whitespace to the regular expression engine), line-end hyphens with and without blanks before the
# break (a long run of them too), word characters of every kind (letters, digits, the underscore)
# and characters that are not word characters on either side of a hyphen.
PIECES = [
    "word", "Word", "42", "_", "a_9", " ", "  ", "\t", "\n", "\n   ", "\r\n", "\r", "\r\r\n", "\x0b", "\x0c",
    "\x1c", "\x1d", "\x1e", "\x1f", " \x1f", "-", "--", "-\n", "-\n   ", "- \n", "-\t\r\n ", "-\r", "-\x0b\n",
    "-" + " " * 12 + "\n", "-  \t  ", ".", ",", "(", "x-y", "'", "é",
]  # fmt: skip
CONTROLS = ["\x00", "\x02", "\x07", "\x08", "\x0e", "\x1b", "\x7f"]
ASCII = st.text(alphabet=st.characters(max_codepoint=127), max_size=300)
# A hyphen between two word characters with any whitespace after it: joined only when the first
# character that is not a space or a tab is a line break and a word character follows the whole run.
HYPHEN_BREAKS = st.tuples(
    st.sampled_from(["a", "Z", "7", "_", ".", " "]),
    st.text(alphabet=" \t\n\r\x0b\x0c\x1c\x1f", max_size=6),
    st.sampled_from(["b", "9", "_", ")", "-", " x\n"]),
).map(lambda parts: f"{parts[0]}-{parts[1]}{parts[2]}")
PIECED = st.lists(st.one_of(st.sampled_from(PIECES), HYPHEN_BREAKS), max_size=300).map("".join)
WITH_CONTROLS = st.lists(st.sampled_from(PIECES + CONTROLS), max_size=300).map("".join)


def folds(text: str, *, cookbook: bool, vectorized: bool) -> Folded:
    """`fold` of ``text`` by the vectorized path or by the split (and spot by spot) path."""
    if cookbook:
        return _fold_spots(text.translate(_CURLY), _SPACE_SPLIT, vectorized=vectorized)
    return _fold_spots(text, _ASCII_SPLIT, _PLAIN_FOLD_SPOTS, vectorized=vectorized)


def spot_by_spot(text: str) -> Folded:
    """The general path, spot by spot over the whole text: what every fast path must give."""
    folded, original = array("i", [0]), array("i", [0])
    return Folded(_fold_chunk(text, 0, 0, _PLAIN_FOLD_SPOTS, folded, original), OffsetMap(folded, original))


@pytest.mark.parametrize("code", range(128))
def test_the_byte_classes_are_the_regular_expressions(code: int) -> None:
    data = np.array([code], np.uint8)
    assert bool(whitespace(data)[0]) is (re.match(r"\s", chr(code)) is not None)
    assert has_controls(data) is (_ASCII_CONTROLS.search(chr(code)) is not None)


@EXAMPLES
@given(text=st.one_of(PIECED, ASCII))
@example(text="a-  b\nc")  # blanks, then a word: the line break after it is another run's
@example(text="a- \t \r\nb-\n")
def test_an_ascii_text_folds_as_the_split_folds_it(text: str) -> None:
    vectorized = folds(text, cookbook=False, vectorized=True)
    assert vectorized == folds(text, cookbook=False, vectorized=False)
    assert vectorized == spot_by_spot(text)


@EXAMPLES
@given(text=st.one_of(WITH_CONTROLS, ASCII), cookbook=st.booleans())
def test_text_with_control_characters_folds_as_before(text: str, cookbook: bool) -> None:
    # fold sends a chunk with controls spot by spot; the cookbook's folding keeps them as they are.
    assert folds(text, cookbook=cookbook, vectorized=True) == folds(text, cookbook=cookbook, vectorized=False)


@EXAMPLES
@given(text=PIECED, at=st.integers(0, 10**6), length=st.integers(0, 10**6), cookbook=st.booleans())
def test_a_chunk_gets_the_split_chunks_anchors_after_the_others(
    text: str, at: int, length: int, cookbook: bool
) -> None:
    text = text.encode("ascii", "ignore").decode()
    splitter = _SPACE_SPLIT if cookbook else _ASCII_SPLIT
    expected_folded, expected_original = array("i", [0, 7]), array("i", [0, 9])
    expected = _split_chunk(text, at, length, splitter, expected_folded, expected_original)
    anchors_folded, anchors_original = array("i", [0, 7]), array("i", [0, 9])
    assert fold_ascii(text, at, length, anchors_folded, anchors_original, joins=not cookbook) == expected
    assert (anchors_folded, anchors_original) == (expected_folded, expected_original)


@pytest.mark.parametrize("control", CONTROLS)
def test_a_chunk_with_a_control_character_is_left_to_the_general_path(control: str) -> None:
    anchors_folded, anchors_original = array("i", [0]), array("i", [0])
    assert fold_ascii(f"a  b{control}c\n", 0, 0, anchors_folded, anchors_original, joins=True) is None
    assert (anchors_folded, anchors_original) == (array("i", [0]), array("i", [0]))


@pytest.mark.parametrize("cookbook", [False, True])
@pytest.mark.parametrize("seed", range(3))
def test_a_long_text_folds_in_chunks_as_before(seed: int, cookbook: bool) -> None:
    # Many chunks: ASCII ones (numpy), and some with a non-ASCII character or a control (other paths).
    rng = random.Random(seed)
    rare = [*PIECES, *CONTROLS, "\u00ad", "\u2014", "ﬁ", "\u3000", "\xa0", "不得", "\u201c"]
    # One rare piece in 2,000: most chunks (about 3,000 pieces) hold none and go through numpy.
    text = "".join(rng.choice(rare if i % 2000 == 0 else PIECES) for i in range(120_000))
    vectorized = folds(text, cookbook=cookbook, vectorized=True)
    assert vectorized == folds(text, cookbook=cookbook, vectorized=False)
    if not cookbook:
        assert vectorized == spot_by_spot(text)


FIXTURES = [
    "rfc/rfc3986.txt",
    "rfc/rfc6749.txt",
    "citation_check/rfc7519.txt",
    "docs/de_rustbook_ch04-01.md",
    "docs/effective_go.html",
    "docs/ja_vue_template-syntax.md",
    "docs/ru_rustbook_ch09-03.md",
    "docs/apache-2.0.txt",
]


@pytest.mark.parametrize("cookbook", [False, True])
@pytest.mark.parametrize("name", FIXTURES)
def test_fixture_files_fold_as_before(fixtures_dir: Path, name: str, cookbook: bool) -> None:
    raw = (fixtures_dir / name).read_text(encoding="utf-8")
    texts = [raw, RFCParser().parse(raw).text] if name.endswith(".txt") and "/rfc" in name else [raw]
    for text in texts:
        assert folds(text, cookbook=cookbook, vectorized=True) == folds(text, cookbook=cookbook, vectorized=False)


def test_fold_of_a_large_text_takes_the_vectorized_path_with_the_same_result(fixtures_dir: Path) -> None:
    rfc = RFCParser().parse((fixtures_dir / "rfc" / "rfc6749.txt").read_text(encoding="utf-8")).text
    text = rfc * (VECTORIZED_MIN // len(rfc) + 1)
    assert len(text) >= VECTORIZED_MIN
    assert fold(text) == folds(text, cookbook=False, vectorized=False)
    assert fold(text, cookbook=True) == folds(text, cookbook=True, vectorized=False)


PROBE = """
import json, sys
from citecheck.matcher._normalize import fold
fold(sys.argv[1] * int(sys.argv[2]))
print(json.dumps("numpy" in sys.modules))
"""


@pytest.mark.parametrize(("repeat", "loads_numpy"), [(1, False), (VECTORIZED_MIN // 8, True)])
def test_numpy_is_imported_only_for_a_large_text(repeat: int, loads_numpy: bool) -> None:
    # A quote or a short section never pays for importing numpy; a large text does (the control).
    text = "a  b-\n c"  # 8 characters: repeated up to VECTORIZED_MIN
    run = subprocess.run(
        [sys.executable, "-c", PROBE, text, str(repeat)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert json.loads(run.stdout) is loads_numpy
