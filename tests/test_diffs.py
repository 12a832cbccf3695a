"""Which word differences change what a quote says."""

from __future__ import annotations

import pytest

from citecheck.matcher._diffs import word_diffs
from citecheck.matcher._lexicon import is_opposite
from citecheck.matcher._tokens import join_words, key


@pytest.mark.parametrize(
    ("left", "right"),
    [
        ("first", "last"),
        ("inbound", "outbound"),
        ("encrypt", "decrypt"),
        ("encrypted", "decrypted"),
        ("client", "server"),
        ("GET", "POST"),
        ("access", "refresh"),
        ("secure", "insecure"),
        ("able", "unable"),
        ("normative", "nonnormative"),
        ("connect", "disconnect"),
        ("increased", "decreased"),
        ("increases", "decrease"),
        ("upregulated", "downregulated"),
        ("hyperglycemia", "hypoglycemia"),
        ("activates", "inhibits"),
        ("activation", "inhibition"),
        ("allows", "denies"),
        ("permitted", "prohibited"),
        ("permits", "requires"),  # a permission for an obligation
    ],
)
def test_opposites_roles_methods_and_negating_prefixes(left: str, right: str) -> None:
    assert is_opposite(left, right)
    assert is_opposite(right, left)


@pytest.mark.parametrize(
    ("left", "right"),
    [
        ("rejected", "rejectd"),  # a typo
        ("reject", "rejected"),  # an inflection
        ("include", "included"),
        ("colour", "color"),  # a spelling variant
        ("little", "small"),  # a synonym: a fuzzy match, for review
        ("allows", "permits"),  # one alternative of a set of opposites, written two ways
        ("permitted", "allowed"),
        ("decreased", "reduced"),
        ("server", "server"),
    ],
)
def test_typos_inflections_and_variants_are_not_opposites(left: str, right: str) -> None:
    assert not is_opposite(left, right)


@pytest.mark.parametrize(
    ("quoted", "source", "changes"),
    [
        (["decreased"], ["increased"], True),
        (["3600"], ["3", "600"], False),  # a number written differently: for review, not a new number
        (["casesensitive"], ["case", "sensitive"], False),
        (["106"], ["10\u2076"], True),  # a superscript is another value
        (["activated"], ["didn't", "activate"], True),
        (["colour"], ["color"], False),
    ],
)
def test_which_changes_change_the_meaning(quoted: list[str], source: list[str], changes: bool) -> None:
    (diff,) = word_diffs(quoted, source)
    assert diff.changes_meaning is changes


@pytest.mark.parametrize(("word", "expected"), [("\u03b1", "alpha"), ("\u0392", "beta"), ("Don't", "dont")])
def test_keys_fold_case_apostrophes_and_greek_letters(word: str, expected: str) -> None:
    assert key(word) == expected


@pytest.mark.parametrize(
    ("words", "shown"),
    [
        (["the", "token"], "the token"),
        (["サ", "ン", "プ", "ル"], "サンプル"),
        (["Err", "値", "は"], "Err 値は"),
        (["询", "问", "3", "次"], "询问 3 次"),
        (["ไม่", "ได้"], "ไม่ได้"),
    ],
)
def test_a_difference_shows_its_words_as_a_person_reads_them(words: list[str], shown: str) -> None:
    assert join_words(words) == shown
