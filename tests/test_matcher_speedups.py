"""Step 1's shortcuts give what the long way gives: the substring tier's place filter, the screen
across documents, and the fast paths of preparing a quote."""

from __future__ import annotations

import random
import re

import pytest

from citecheck import Document
from citecheck.matcher._index import Holders, holders_of, index_of
from citecheck.matcher._normalize import _SPACE, VECTORIZED_MIN, fold, normalize_folded
from citecheck.matcher._placement import TierHit
from citecheck.matcher._quote import prepare
from citecheck.matcher._tiers import NormalizedTier
from citecheck.matcher._tiers._fuzzy import _without_markers
from citecheck.matcher._tiers._substring import _whole_words
from citecheck.matcher._tokens import WORD, key

_COMMON = ["the", "of", "a", "to", "and", "token", "is", "in", "server", "client"]


def _text(words: int, rng: random.Random) -> str:
    """Prose of a few common words, so every word of a quote has thousands of places."""
    out = []
    for n in range(words):
        out.append(rng.choice(_COMMON))
        if n % 13 == 12:
            out[-1] += rng.choice([".", ",", ";", ""])
    return " ".join(out)


def _every_place(document: Document, needle: str, quote: str) -> list[int]:
    """Every whole-word occurrence of the folded quote, found by scanning the whole text."""
    index = index_of(document)
    prepared = prepare(quote)
    text = index.folded.text
    found, at = [], text.find(needle)
    while at != -1:
        if _whole_words(index, TierHit(at, at + len(needle)), prepared):
            found.append(at)
        at = text.find(needle, at + 1)
    return found


@pytest.mark.parametrize("words", [3_000, (VECTORIZED_MIN // 4) + 20_000], ids=["small", "numpy"])
def test_the_substring_tier_finds_every_place_of_a_quote_of_common_words(words: int) -> None:
    rng = random.Random(words)
    document = Document.from_sections({"1": _text(words, rng)})
    index = index_of(document)
    source = index.folded.text.split(" ")
    quotes = [" ".join(source[at : at + rng.randint(3, 6)]) for at in rng.sample(range(len(source) - 8), 40)]
    quotes += ["the of the of", "token token token", "is a server and the client"]
    for quote in quotes:
        prepared = prepare(quote)
        found = sorted(hit.start for hit in NormalizedTier().find(prepared, index))
        assert found == _every_place(document, prepared.needle, quote), quote


def test_the_screen_counts_each_documents_words_as_its_index_has_them() -> None:
    rng = random.Random(3)
    vocabulary = [f"w{n}" for n in range(60)]
    documents = [
        Document.from_sections({"a": " ".join(rng.choices(vocabulary[: rng.randint(5, 60)], k=40))}, name=f"d{n}")
        for n in range(24)
    ]
    holders = Holders(documents, cookbook=False)
    for _ in range(50):
        keys = frozenset(rng.sample([*vocabulary, "absent", "w1"], rng.randint(0, 12)))
        expected = [len(keys & index_of(d).id_of.keys()) for d in documents]
        assert holders.shared(keys) == expected


def test_the_screen_of_a_collection_is_kept_for_the_same_documents_only() -> None:
    documents = [Document.from_sections({"a": f"text number {n}"}, name=f"d{n}") for n in range(3)]
    kept = holders_of(documents)
    assert holders_of(tuple(documents)) is kept  # a new sequence of the very same documents
    assert holders_of(documents[::-1]) is not kept
    assert holders_of(documents, cookbook=True) is not kept


def test_the_fuzzy_tier_prepares_a_quote_without_its_markers_once() -> None:
    prepared = prepare("The token is signed [1] and then sent to the client [RFC7519].")
    again = _without_markers(prepared)
    assert again is _without_markers(prepared)
    assert again.keys == prepare("The token is signed and then sent to the client.").keys


_QUOTES = [
    "The endpoint MUST NOT process it.",
    "  spaced   out   words  ",
    "case- sensitive and case-sensitive",
    "it's the client's \"token\" and `code` or _x_",
    "see https://example.com/a?b=c: the value",
    "[T]he server ... sends it [sic].",
    "Section 4.1: The server MUST reject it (Section 3)",
    "\u2026 the token expires.\u201d",
    "a . . . b and c ... d",
    "Das Token wird gepr\u00fcft; \u00e9t\u00e9 \u201cvu\u201d",
    "JWT \u4e0d\u5f97\u4f7f\u7528 \u3002",
    "10^-6 i.e. 3,600 items",
    "line\nbreak\tand\u00a0space",
    "",
]


@pytest.mark.parametrize("quote", _QUOTES)
def test_a_prepared_quote_holds_its_words_as_the_word_pattern_finds_them(quote: str) -> None:
    prepared = prepare(quote)
    found = list(WORD.finditer(prepared.joined))
    assert prepared.words == tuple(m.group() for m in found)
    assert prepared.keys == tuple(key(m.group()) for m in found)
    bounds = [0, *(b for m in found for b in m.span()), len(prepared.joined)]
    assert prepared.seps == tuple(prepared.joined[bounds[i] : bounds[i + 1]] for i in range(0, len(bounds), 2))


@pytest.mark.parametrize("quote", [*_QUOTES, "a  b", " x ", "tab\there", "-", "a -\n b"])
def test_a_quote_folds_as_the_source_folds(quote: str) -> None:
    assert normalize_folded(quote, join_breaks=False) == _SPACE.sub(" ", fold(quote).text).strip()
    assert normalize_folded(quote) == re.sub(r"(?<=\w)- (?=\w)", "-", _SPACE.sub(" ", fold(quote).text).strip())
