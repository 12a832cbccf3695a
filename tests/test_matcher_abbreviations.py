"""The acronyms a document defines, and the quote written with an abbreviation's other form."""

from __future__ import annotations

import pytest

from citecheck import Document
from citecheck.matcher._abbreviations import acronyms_of, spelled_otherwise
from citecheck.matcher._plain import document_of


def _document(text: str) -> Document:
    return document_of({"1": text})


@pytest.mark.parametrize(
    ("text", "short", "long"),
    [
        ("A JSON Web Token (JWT) is compact.", "JWT", "JSON Web Token"),
        ("It is the Internet Engineering\n   Task Force (IETF), which", "IETF", "Internet Engineering Task Force"),
        ("a Hash-based Message Authentication Code (HMAC) over it", "HMAC", "Hash-based Message Authentication Code"),
        # Initials first: "unique" holds two u's, which letters alone would read as "Unique IDentifier".
        ("a Universally Unique IDentifier (UUID) names it", "UUID", "Universally Unique IDentifier"),
        ("JavaScript Object Notation (JSON) text", "JSON", "JavaScript Object Notation"),
        # Two letters from one word, a word with none: read letter by letter.
        ("cells with mismatch repair (MMR) deficiency", "MMR", "mismatch repair"),
        ("l'Organisation mondiale de la santé (OMS) publie", "OMS", "Organisation mondiale de la santé"),
        # The long form in brackets after the short one.
        ("The JWT (JSON Web Token) format is compact.", "JWT", "JSON Web Token"),
        # A title in quotation marks starts the long form.
        ('Berners-Lee, "Uniform Resource Identifier (URI): Generic Syntax"', "URI", "Uniform Resource Identifier"),
    ],
)
def test_a_definition_is_read_from_the_document(text: str, short: str, long: str) -> None:
    acronyms = acronyms_of(_document(text))
    assert acronyms.long_forms == {short: long}
    assert acronyms.short_forms == {long.lower(): short}


@pytest.mark.parametrize(
    "text",
    [
        "the value of f (x) is kept",  # no capitals in the brackets
        "as said above (see Section 4)",  # words in brackets after no short form
        "a token (JWT) that is signed",  # "a token" does not spell JWT
        "the result, (RFC) was",  # a comma ends the run
        "资源获取即初始化\uff08Resource Acquisition Is Initialization\uff0cRAII\uff09",  # full-width brackets
        "the key (K) is",  # a single capital
    ],
)
def test_brackets_that_define_nothing_are_no_definition(text: str) -> None:
    acronyms = acronyms_of(_document(text))
    assert acronyms.long_forms == {}
    assert acronyms.long_pattern is None


def test_the_definitions_are_read_once_per_document() -> None:
    document = _document("A JSON Web Token (JWT) is compact.")
    assert acronyms_of(document) is acronyms_of(document)


_DEFINED = acronyms_of(_document("A JSON Web Token (JWT) and JSON Web Algorithms (JWA)."))


@pytest.mark.parametrize(
    ("quote", "readings"),
    [
        ("no abbreviation here", []),
        ("every JSON Web Token", [("every JWT", "'JSON Web Token' read as 'JWT'")]),
        ("every json web tokens", [("every JWTs", "'json web tokens' read as 'JWTs'")]),
        ("every JWT", [("every JSON Web Token", "'JWT' read as 'JSON Web Token'")]),
        # A definition, a reference: both forms are the source's.
        ("a JSON Web Token (JWT) is", []),
        ("specified in JWA [JWA]", [("specified in JSON Web Algorithms [JWA]", "'JWA' read as 'JSON Web Algorithms'")]),
        # The common table, in any of the ways it is written.
        ("the owner (for example", [("the owner (e.g.", "'for example' read as 'e.g.'")]),
        ("the owner (e. g. by", [("the owner (for example by", "'e. g.' read as 'for example'")]),
        ("Sprintf etc. return", [("Sprintf and so on return", "'etc.' read as 'and so on'")]),
        ("gibt z.B. einen", [("gibt zum Beispiel einen", "'z.B.' read as 'zum Beispiel'")]),
        ("eggs and eg.", [("eggs and for example", "'eg.' read as 'for example'")]),
        # Two: both at once, then each alone.
        (
            "every JWT, e.g. this",
            [
                (
                    "every JSON Web Token, for example this",
                    "'JWT' read as 'JSON Web Token', 'e.g.' read as 'for example'",
                ),
                ("every JSON Web Token, e.g. this", "'JWT' read as 'JSON Web Token'"),
                ("every JWT, for example this", "'e.g.' read as 'for example'"),
            ],
        ),
    ],
)
def test_a_quote_is_read_with_each_abbreviation_in_its_other_form(quote: str, readings: list[tuple[str, str]]) -> None:
    read = list(spelled_otherwise(quote, _DEFINED))
    assert [text for text, _ in read] == [text for text, _ in readings]
    for (_, note), (_, named) in zip(read, readings, strict=True):
        assert note == f"{named}: an abbreviation and what it stands for"
