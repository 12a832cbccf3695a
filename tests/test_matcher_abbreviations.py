"""The acronyms a document defines, and the quote written with an abbreviation's other form."""

from __future__ import annotations

import re

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
        # In any script, with digits, accents or a plural (probe18: each was called missing).
        ("Современные системы искусственного интеллекта (ИИ) работают", "ИИ", "искусственного интеллекта"),
        ("tumors such as low-grade gliomas (LGGs) were", "LGG", "low-grade gliomas"),
        ("o Sistema Único de Saúde (SUS) oferece", "SUS", "Sistema Único de Saúde"),
        ("the Message Digest 5 (MD5) hash", "MD5", "Message Digest 5"),
        ("Internet Protocol version 6 (IPv6) is", "IPv6", "Internet Protocol version 6"),
        # The long form in brackets after the short one.
        ("The JWT (JSON Web Token) format is compact.", "JWT", "JSON Web Token"),
        # A title in quotation marks starts the long form.
        ('Berners-Lee, "Uniform Resource Identifier (URI): Generic Syntax"', "URI", "Uniform Resource Identifier"),
    ],
)
def test_a_definition_is_read_from_the_document(text: str, short: str, long: str) -> None:
    acronyms = acronyms_of(_document(text))
    assert acronyms.long_forms == {short: long}
    words = tuple(re.findall(r"\w+", long.lower()))  # "Hash-based" is two words, as a quote's are read
    assert acronyms.by_first_word == {words[0]: [(words, short)]}


@pytest.mark.parametrize(
    "text",
    [
        "the value of f (x) is kept",  # no capitals in the brackets
        "as said above (see Section 4)",  # words in brackets after no short form
        "a token (JWT) that is signed",  # "a token" does not spell JWT
        "the result, (RFC) was",  # a comma ends the run
        "资源获取即初始化\uff08Resource Acquisition Is Initialization\uff0cRAII\uff09",  # full-width brackets
        "the key (K) is",  # a single capital
        "the SP (space) character",  # one word is no long form
    ],
)
def test_brackets_that_define_nothing_are_no_definition(text: str) -> None:
    acronyms = acronyms_of(_document(text))
    assert acronyms.long_forms == {}
    assert acronyms.by_first_word == {}


def test_the_definitions_are_read_once_per_document() -> None:
    document = _document("A JSON Web Token (JWT) is compact.")
    assert acronyms_of(document) is acronyms_of(document)


_DEFINED = acronyms_of(
    _document("A JSON Web Token (JWT), JavaScript Object Notation (JSON) and JSON Web Algorithms (JWA).")
)


@pytest.mark.parametrize(
    ("quote", "readings"),
    [
        ("no abbreviation here", []),
        ("every JSON Web Token", [("every JWT", "'JSON Web Token' read as 'JWT'")]),
        # The longest long form, not "JSON" inside it; a plural kept.
        ("every json web tokens", [("every JWTs", "'json web tokens' read as 'JWTs'")]),
        ("every JWT", [("every JSON Web Token", "'JWT' read as 'JSON Web Token'")]),
        ("all JWTs", [("all JSON Web Tokens", "'JWTs' read as 'JSON Web Tokens'")]),
        # A definition, a reference: both forms are the source's.
        ("a JSON Web Token (JWT) is", []),
        ("specified in JWA [JWA]", [("specified in JSON Web Algorithms [JWA]", "'JWA' read as 'JSON Web Algorithms'")]),
        # The common table, in any of the ways it is written, into each of its other forms.
        ("the owner (for example", [("the owner (e.g.", "'for example' read as 'e.g.'")]),
        (
            "the owner (e. g. by",
            [
                ("the owner (for example by", "'e. g.' read as 'for example'"),
                ("the owner (for instance by", "'e. g.' read as 'for instance'"),
            ],
        ),
        ("gibt z.B. einen", [("gibt zum Beispiel einen", "'z.B.' read as 'zum Beispiel'")]),
        ("the key that is used", [("the key i.e. used", "'that is' read as 'i.e.'")]),
        # An abbreviation of two parts or more, never without its marks: "D-H" is Diffie-Hellman.
        ("the D-H key exchange", []),
        # Two forms: both at once, then each alone in each of its other forms.
        (
            "every JWT, e.g. this",
            [
                (
                    "every JSON Web Token, for example this",
                    "'JWT' read as 'JSON Web Token', 'e.g.' read as 'for example'",
                ),
                ("every JSON Web Token, e.g. this", "'JWT' read as 'JSON Web Token'"),
                ("every JWT, for example this", "'e.g.' read as 'for example'"),
                ("every JWT, for instance this", "'e.g.' read as 'for instance'"),
            ],
        ),
    ],
)
def test_a_quote_is_read_with_each_abbreviation_in_its_other_form(quote: str, readings: list[tuple[str, str]]) -> None:
    read = list(spelled_otherwise(quote, _DEFINED))
    assert [text for text, _ in read] == [text for text, _ in readings]
    for (_, note), (_, named) in zip(read, readings, strict=True):
        assert note == f"{named}: an abbreviation and what it stands for"


@pytest.mark.parametrize(
    ("quote", "read"),
    [
        ("a Uniform Resource Locator", ["a URL"]),
        ("two Uniform Resource Locators", ["two URLs", "two URL"]),
        ("all URLs", ["all Uniform Resource Locators"]),
        ("one URL", ["one Uniform Resource Locators"]),
    ],
)
def test_a_long_form_defined_in_the_plural_is_read_in_either_number(quote: str, read: list[str]) -> None:
    # RFC 3986 defines "Uniform Resource Locators (URL)": no "Locatorss", and the singular is its.
    defined = acronyms_of(_document("are known as Uniform Resource Locators (URL) here"))
    assert [text for text, _ in spelled_otherwise(quote, defined)] == read
