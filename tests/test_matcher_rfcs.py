"""Hand-written quotes against RFC 6749 and RFC 3986: harmless variants are found, and no
meaning-changing edit is found (so none can be verified or auto-accepted)."""

from pathlib import Path

import pytest

from citecheck import Citation, Document, Verdict, check_citation, parse_file
from citecheck.matcher import locate
from citecheck.testing import StaticJudge

CODE = "The authorization code MUST expire shortly after it is issued to mitigate the risk of leaks."
SCRIPTS = "The client SHOULD NOT include any third-party scripts (e.g., third-party analytics, social plug-ins, ad networks) in the redirection endpoint response."  # noqa: E501

HARMLESS = [
    ("6749", CODE, "4.1.2"),
    ("6749", CODE.lower(), "4.1.2"),
    ("6749", CODE.rstrip("."), "4.1.2"),
    ("6749", "The authorization code **MUST** expire shortly after it is issued", "4.1.2"),
    ("6749", "The authorization code MUST expire shortly ... to mitigate the risk of leaks.", "4.1.2"),
    ("6749", "A maximum authorization code lifetime of 10 minutes is RECOMMENDED.", "4.1.2"),
    ("6749", SCRIPTS, "3.1.2.5"),
    ("6749", SCRIPTS.replace("third-party", "third\u2010party"), "3.1.2.5"),  # another hyphen
    ("6749", SCRIPTS.replace("(e.g., ", "(e.g. "), "3.1.2.5"),
    ("6749", "The endpoint URI MUST NOT include a fragment\ncomponent.", "3.1"),
    ("6749", "The endpoint URI \u201cMUST NOT\u201d include a fragment component", "3.1"),
    (
        "3986",
        "Some applications may find it more efficient to implement the remove_dot_segments algorithm by "
        "using two segment stacks",
        "5.2.4",
    ),
]

HARMFUL = [
    ("6749", CODE.replace("MUST", "SHOULD"), "4.1.2"),
    ("6749", CODE.replace("MUST expire", "MUST NOT expire"), "4.1.2"),
    ("6749", "A maximum authorization code lifetime of 60 minutes is RECOMMENDED.", "4.1.2"),
    ("6749", "A maximum authorization code lifetime of 10 seconds is RECOMMENDED.", "4.1.2"),
    ("6749", "A maximum authorization code lifetime of 10 minutes is REQUIRED.", "4.1.2"),
    ("6749", SCRIPTS.replace("SHOULD NOT", "MAY"), "3.1.2.5"),
    ("6749", SCRIPTS.replace("SHOULD NOT", "SHOULD"), "3.1.2.5"),
    ("6749", "The endpoint URI MUST ... include a fragment component.", "3.1"),
    ("6749", "The endpoint URI MUST include a fragment component.", "3.1"),
    ("6749", "The authorization code MUST expire shortly after the endpoint URI MUST NOT include a fragment", "4.1.2"),
    (
        "3986",
        "Some applications may find it less efficient to implement the remove_dot_segments algorithm by "
        "using two segment stacks",
        "5.2.4",
    ),
]


@pytest.fixture(scope="module")
def rfcs(fixtures_dir: Path) -> dict[str, Document]:
    return {number: parse_file(fixtures_dir / "rfc" / f"rfc{number}.txt") for number in ("3986", "6749")}


@pytest.mark.parametrize(("rfc", "quote", "section"), HARMLESS)
def test_harmless_variants_are_found(rfcs: dict[str, Document], rfc: str, quote: str, section: str) -> None:
    result = check_citation(
        rfcs[rfc], Citation(id="c", claim="x", quote=quote, section=section), judge=StaticJudge(default="supports")
    )
    assert (result.status, result.section) == ("found", section), result.location.reason


_FILLER = " ".join(["The client keeps the data and the key for the user of the service."] * 70)


@pytest.mark.parametrize(
    ("source", "quote", "flags"),
    [
        # The review of 5c7174d: an anchor kept a word's first place in the quote only, here one
        # cut mid-word ("server" of "webserver"), so the loose tier gave up.
        (
            _FILLER + "\n\nThe webserver keeps the data [RFC3986] and the server keeps the key [RFC6749] [RFC7519] "
            "[RFC8414] for the user.",
            "server keeps the data and the server keeps the key for the user.",
            ("omitted_text",),
        ),
        # ... and halves of a hyphenated word anchored last though the quote's word is there.
        (
            _FILLER + "\n\nThe runtime keeps the data.\n\nThe client keeps the run-time data [RFC3986] [RFC6749] "
            "and the key [RFC7519] [RFC8414] for the user.",
            "The client keeps the run-time data and the key for the user.",
            (),
        ),
        # The second review: a word quoted twice took both anchors' turns.
        (
            _FILLER + "\n\nThe appendix lists webserver logs.\n\nThe web server keeps the data and the web server "
            "rotates the key for the user.",
            "The webserver keeps the data and the webserver rotates the key for the user.",
            ("variant_form",),
        ),
    ],
    ids=["repeated-word-cut-mid-word", "hyphenated-word-closed-up-elsewhere", "word-quoted-twice"],
)
def test_the_loose_tier_anchors_on_every_place_of_a_rare_word(source: str, quote: str, flags: tuple[str, ...]) -> None:
    location = locate(Document.from_sections({"1": source}), Citation(id="c", claim="x", quote=quote, section=None))
    assert (location.status, location.match.tier if location.match else None, location.flags) == (
        "found",
        "loose",
        flags,
    ), location.reason


@pytest.mark.parametrize(
    ("quote", "section"),
    [
        # The loose tier tries two anchors, rarest first: "dick hardt" twice, closed up as in the
        # page's end's "dickhardt.org", took both (the metamorphic matrix: fuzzy, for review).
        (
            "The OAuth WRAP spec-\nification was edited by Dick Hardt and authored by Brian Eaton, Yaron Y. "
            "Goland, Dick Hardt, and Allen Tom.",
            "C",
        ),
        # The halves of a word a line end hyphenated, "pass" and "words", are rarer than "passwords".
        (
            "Web application clients MUST ensure confidentiality of client pass-\nwords and other client credentials.",
            "10.1",
        ),
    ],
    ids=["a-name-quoted-twice", "halves-of-a-hyphenated-word"],
)
def test_a_line_end_hyphen_in_a_quote_is_typography(rfcs: dict[str, Document], quote: str, section: str) -> None:
    location = check_citation(
        rfcs["6749"], Citation(id="c", claim="x", quote=quote, section=None), judge=StaticJudge(default="supports")
    ).location
    assert (location.status, location.section, location.flags) == ("found", section, ()), location.reason


@pytest.mark.parametrize(("rfc", "quote", "section"), HARMFUL)
def test_meaning_changing_edits_are_never_verified(
    rfcs: dict[str, Document], rfc: str, quote: str, section: str
) -> None:
    judge = StaticJudge({"x": ("supports", 0.99)})  # a judge that would verify anything it is shown
    result = check_citation(rfcs[rfc], Citation(id="c", claim="x", quote=quote, section=section), judge=judge)
    assert result.verdict == Verdict.FABRICATED, result.location.reason
    assert judge.calls == []
