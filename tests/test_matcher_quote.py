"""Preparing a quote, and which punctuation between words is content."""

from __future__ import annotations

import pytest

from citecheck.matcher._quote import between_key, lead_key, prepare, trail_key


@pytest.mark.parametrize(
    ("quote", "text", "leading", "trailing"),
    [
        ("Section 4.1: The token MUST be signed.", "The token MUST be signed.", False, False),
        ("RFC 7519, Section 4.1.3: The token MUST be signed.", "The token MUST be signed.", False, False),
        ("o  The token MUST be signed.", "The token MUST be signed.", False, False),
        ("1. The token MUST be signed.", "The token MUST be signed.", False, False),
        ("[T]he token [sic] MUST be signed.", "The token MUST be signed.", False, False),
        ("... the token MUST be signed", "the token MUST be signed", True, False),
        ("The token MUST be signed \u2026", "The token MUST be signed", False, True),
        ("...", "...", False, False),  # nothing but an ellipsis: kept as given
    ],
)
def test_prepare_sets_aside_what_is_not_the_sources(quote: str, text: str, leading: bool, trailing: bool) -> None:
    prepared = prepare(quote)
    assert (prepared.text, prepared.leading_ellipsis, prepared.trailing_ellipsis) == (text, leading, trailing)
    assert len(prepared.seps) == len(prepared.words) + 1


def test_prepare_splits_inner_ellipses_into_fragments() -> None:
    prepared = prepare("The token MUST ... be signed [...] by its issuer")
    assert prepared.fragments == (("the", "token", "must"), ("be", "signed"), ("by", "its", "issuer"))


def test_prepare_finds_bracketed_runs() -> None:
    prepared = prepare("The scope [the requested access] is sent")
    assert [prepared.words[a:b] for a, b in prepared.brackets] == [("the", "requested", "access")]


@pytest.mark.parametrize(
    ("one", "other", "left", "right"),
    [
        ("-", " ", "case", "sensitive"),  # hyphen, space
        ("-", "--", "10", "20"),  # dash styles in a range
        (" - ", "-", "header", "the"),  # an aside dash, spaced or glued
        (".", "", "i", "e"),  # i.e. and ie
        (", ", " ", "value", "and"),  # sentence punctuation
        (' "', " ", "whose", "exp"),  # quote marks
        (" **", " ", "client", "MUST"),  # emphasis
        (" (", " ", "clients", "e"),
        (' (".") ', " (.) ", "period", "followed"),  # the character named, in quote marks or not (probe27)
    ],
)
def test_typographic_punctuation_does_not_matter(one: str, other: str, left: str, right: str) -> None:
    assert between_key(one, left, right) == between_key(other, left, right)


@pytest.mark.parametrize(
    ("one", "other", "left", "right"),
    [
        ("^-", "^", "10", "6"),  # a negative exponent
        ("-", "", "1e", "5"),  # 1e-5 is not 1e5
        ("::", ":", "db8", "1"),  # an IPv6 address
        (' "?" ', ' "#" ', "character", "separates"),  # a quoted delimiter
        ("/ ", " ", "com", "for"),  # a URI's trailing slash
        (",", "", "3", "600"),  # 3,600 is for review, not the same number
        (" -", " ", "is", "6"),  # a sign
        (" /* */ ", " // ", "style", "block"),  # two tokens are not one (probe22: C's comments swapped)
        (" `/* */` ", " `//` ", "style", "block"),
        (" (,) ", " (.) ", "period", "followed"),  # a character named in brackets (a code span rendered)
    ],
)
def test_punctuation_that_is_content_matters(one: str, other: str, left: str, right: str) -> None:
    assert between_key(one, left, right) != between_key(other, left, right)


@pytest.mark.parametrize(("sep", "expected"), [(".", ""), ("/", "/"), ('/".', "/"), ("-", ""), ("/?", "/")])
def test_what_is_glued_after_a_word(sep: str, expected: str) -> None:
    assert trail_key(sep) == expected


@pytest.mark.parametrize(
    ("sep", "right", "expected"), [('"', "a", ""), ("-", "6", "-"), ("(", "a", ""), ("-", "a", "")]
)
def test_what_is_glued_before_a_word(sep: str, right: str, expected: str) -> None:
    assert lead_key(sep, right) == expected
