"""Every way a candidate is ruled out is reached: the closest text says why it is not a match."""

from __future__ import annotations

import pytest

from citecheck import Citation
from citecheck.matcher import locate

LONG = (
    "The authorization server issues the access token only after it has fully validated the authorization "
    "grant that was presented by the registered client application over a mutually authenticated and "
    "encrypted channel."
)
SHORT = "The authorization server issues the access token after it has validated the grant presented by the client."


@pytest.mark.parametrize(
    ("source", "quote", "why"),
    [
        (SHORT, "The authorization server hands out the access token once it has checked the grant", "too different"),
        (
            SHORT,
            "The authorization server issues the access token after it validated grant presented by client.",
            "more than a slip",
        ),
        (LONG, "Here we go: " + LONG, "as if spliced from elsewhere"),
        (
            SHORT,
            "The authorization server issues the refresh token after it has validated the grant",
            "change the meaning",
        ),
        (
            "A client MUST NOT accept a token unless it was issued by the server.",
            "A client MUST NOT accept a token ... by the server.",
            "could invert it",
        ),
    ],
)
def test_each_rejection_is_reached_and_named(source: str, quote: str, why: str) -> None:
    location = locate({"1": source}, Citation(id="c", claim="x", quote=quote, section="1"))
    assert location.status == "missing"
    assert location.closest is not None
    assert why in location.reason, location.reason


def test_a_long_quote_is_only_matched_by_the_substring_tiers() -> None:
    text = " ".join(f"word{i}" for i in range(500))
    quote = text.replace("word250", "word-250")  # one hyphen: only a tolerant tier would see past it
    location = locate({"1": text}, Citation(id="c", claim="x", quote=quote, section="1"))
    assert location.status == "missing"
    assert location.closest is None  # no tolerant tier ran
